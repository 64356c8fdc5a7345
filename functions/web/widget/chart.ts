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

/** Keys through which a spec loads or links: data and image URLs, links, vega-embed's own options (`usermeta`). */
const LINKING = new Set(['url', 'href', 'usermeta', '$schema']);
/** A string that is an address: a scheme browsers load (or run), or a protocol-relative URL. */
const ADDRESS = /^\s*(?:(?:https?|data|javascript|vbscript|blob|file|ftp|wss?):|\/\/)/i;

/**
 * The spec with every way out removed, whatever wrote it (a stored line, a compromised proxy): no `url` or `href`
 * anywhere (data, marks, encodings, config), no image marks, no embed options, no string that is an address.
 * The chart runs under the host page's policy in the web component, so this, not the page's CSP, is the wall.
 */
export function withoutLinks(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutLinks).filter((v) => v !== undefined);
  if (typeof node === 'string') return ADDRESS.test(node) ? undefined : node;
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (LINKING.has(key)) continue;
    // An image mark loads its `url` channel: drawn as points instead.
    const clean = (key === 'mark' || key === 'type') && value === 'image' ? 'point' : withoutLinks(value);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

const refuse = (): Promise<never> => Promise.reject(new Error('charts load nothing'));
/** A loader that loads, links and fetches nothing: Vega asks it before any data, image or link. */
const NO_LOADS = { load: refuse, sanitize: refuse, http: refuse, file: refuse };

/** Points every data reference at the inline rows: the spec names a dataset or nothing, never a URL. */
function withData(node: unknown, values: Record<string, unknown>[], top: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => withData(item, values, false));
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'data' && isRecord(value)) {
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
  const prepared = withData(withoutLinks(spec), values, true) as Record<string, unknown>;
  if (prepared.width === undefined) prepared.width = 'container';
  prepared.autosize ??= { type: 'fit-x', contains: 'padding' };
  const result = await embed(container, prepared as VisualizationSpec, {
    mode: 'vega-lite',
    renderer: 'svg',
    actions: false,
    ast: true,
    defaultStyle: false,
    tooltip: false,
    loader: NO_LOADS,
    // The widget's colours for the scheme shown (chart-theme.ts), not Vega's own themes.
    config: chartConfig(container, dark),
  });
  return () => result.finalize();
}
