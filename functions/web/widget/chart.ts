/**
 * Charts: a Vega-Lite v5 spec without data (docs/embedding.md, "Tool and node names") rendered with vega-embed and the rows of
 * `result.data`. Loaded on demand (a separate chunk), so the chat appears before Vega is downloaded.
 * `ast: true` evaluates Vega expressions with the interpreter instead of `new Function`, which keeps the
 * page's Content-Security-Policy free of 'unsafe-eval'.
 */
import embed, { type VisualizationSpec } from 'vega-embed';
import { chartConfig } from './chart-theme';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Points every data reference at the inline rows: the spec names a dataset or nothing, never a URL. */
function withData(node: unknown, values: Record<string, unknown>[], top: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => withData(item, values, false));
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'data' && isRecord(value) && ('name' in value || 'url' in value || 'values' in value)) {
      out.data = { values };
    } else if (key === 'datasets') {
      // Named datasets are replaced by the rows above.
    } else {
      out[key] = withData(value, values, false);
    }
  }
  if (top && !('data' in out)) out.data = { values };
  return out;
}

/** Fills the container with the chart; returns a function that releases the Vega view. */
export async function renderChart(
  container: HTMLElement,
  spec: Record<string, unknown>,
  values: Record<string, unknown>[],
  dark: boolean,
): Promise<() => void> {
  const prepared = withData(spec, values, true) as Record<string, unknown>;
  if (prepared.width === undefined) prepared.width = 'container';
  prepared.autosize ??= { type: 'fit-x', contains: 'padding' };
  const result = await embed(container, prepared as VisualizationSpec, {
    mode: 'vega-lite',
    renderer: 'svg',
    actions: false,
    ast: true,
    defaultStyle: false,
    tooltip: false,
    // The widget's colours for the scheme shown (chart-theme.ts), not Vega's own themes.
    config: chartConfig(container, dark),
  });
  return () => result.finalize();
}
