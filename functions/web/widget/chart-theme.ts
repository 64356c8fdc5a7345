/**
 * Chart colours from the widget's own CSS custom properties (styles.css: `--chart-1` ... `--chart-10`, `--text`,
 * `--muted`, `--chart-axis`, `--chart-grid`), read where the chart is drawn, so a chart matches the scheme the
 * widget shows. Each series colour keeps 4.5:1 against the widget's background in its scheme, text 4.5:1, axis
 * lines 3:1 (docs/embedding.md, "Accessibility"); the browser tests measure the drawn SVG.
 */

/** Fallbacks outside the widget's stylesheet: the same values as styles.css. */
const FALLBACK = {
  light: {
    series: [
      '#2456c7',
      '#b54d00',
      '#1d7a3e',
      '#c0362c',
      '#7b4fb3',
      '#00798c',
      '#a63a78',
      '#6f6200',
      '#8a5a3c',
      '#5c6370',
    ],
    text: '#1c1f24',
    muted: '#596170',
    axis: '#767d8a',
    grid: '#e4e7ec',
  },
  dark: {
    series: [
      '#7ea6ff',
      '#ffa552',
      '#6fd08f',
      '#ff8a80',
      '#c5a3ff',
      '#4fd1e0',
      '#ff8fc8',
      '#d8cf5e',
      '#d9a47a',
      '#b4bccb',
    ],
    text: '#e8eaee',
    muted: '#a3abb9',
    axis: '#7d8596',
    grid: '#2e333c',
  },
};

/** A Vega-Lite `config` in the widget's colours for the scheme the container shows. */
export function chartConfig(container: HTMLElement, dark: boolean): Record<string, unknown> {
  const style = getComputedStyle(container);
  const fallback = dark ? FALLBACK.dark : FALLBACK.light;
  const read = (name: string, otherwise: string) => style.getPropertyValue(name).trim() || otherwise;
  const series = fallback.series.map((color, index) => read(`--chart-${index + 1}`, color));
  const text = read('--text', fallback.text);
  const muted = read('--muted', fallback.muted);
  const axis = read('--chart-axis', fallback.axis);
  const grid = read('--chart-grid', fallback.grid);
  return {
    background: 'transparent',
    view: { stroke: grid },
    range: { category: series, ordinal: series, ramp: [series[0], series[1]] },
    mark: { color: series[0] },
    text: { color: text },
    title: { color: text, subtitleColor: muted },
    axis: {
      labelColor: muted,
      titleColor: text,
      domainColor: axis,
      tickColor: axis,
      gridColor: grid,
    },
    legend: { labelColor: muted, titleColor: text },
    header: { labelColor: muted, titleColor: text },
  };
}
