export default async function globalTeardown() {
  await globalThis.__dynamo?.stop();
}
