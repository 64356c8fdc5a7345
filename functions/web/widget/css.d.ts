/** Stylesheets are bundled as text and adopted into the shadow root. */
declare module '*.css' {
  const text: string;
  export default text;
}
