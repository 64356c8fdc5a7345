/**
 * The embed chat page (`GET /embed/chat?session=...`): a static shell that loads the widget assets. It
 * carries no secrets; the browser reads the session id from the query string and exchanges it itself.
 */

/** Where the page loads the widget from: same origin by default (CloudFront serves /embed/assets/*). */
export const DEFAULT_ASSETS_BASE = '/embed/assets/';

/** The widget's entry files, fixed names (chunks they import carry content hashes). */
export const ENTRY_SCRIPT = 'embed-chat.js';
export const PAGE_STYLESHEET = 'embed-page.css';

export interface PageOptions {
  /** Base URL of the widget assets (path or absolute URL). */
  assetsBase?: string;
  /** CSP frame-ancestors sources: who may put the page in an iframe. */
  frameAncestors?: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function normalizeBase(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** The page's HTML: one custom element that reads its session from the URL. */
export function chatPageHtml(options: PageOptions = {}): string {
  const base = escapeAttribute(normalizeBase(options.assetsBase ?? DEFAULT_ASSETS_BASE));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>Ask about your data</title>
<link rel="stylesheet" href="${base}${PAGE_STYLESHEET}">
<script type="module" src="${base}${ENTRY_SCRIPT}"></script>
</head>
<body>
<main>
<embed-analytics-chat from-location heading-level="1" autofocus></embed-analytics-chat>
<noscript><p>This chat needs JavaScript.</p></noscript>
</main>
</body>
</html>
`;
}

/** Origins the page may load its own code from: itself, plus the asset host when it is another one. */
function assetSource(assetsBase: string): string {
  try {
    const { origin } = new URL(assetsBase);
    return origin === 'null' ? "'self'" : `'self' ${origin}`;
  } catch {
    return "'self'";
  }
}

/**
 * Security headers of the page. Scripts and styles only from the asset origin (no inline code, no eval: charts
 * use Vega's expression interpreter), requests only to the service itself, no referrer (the URL holds the
 * session id), never cached.
 */
export function chatPageHeaders(options: PageOptions = {}): Record<string, string> {
  const assets = assetSource(options.assetsBase ?? DEFAULT_ASSETS_BASE);
  const csp = [
    "default-src 'none'",
    `script-src ${assets}`,
    `style-src ${assets}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${options.frameAncestors?.trim() || '*'}`,
  ].join('; ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}

/** Page options from the function's environment (EMBED_ASSETS_URL, EMBED_FRAME_ANCESTORS). */
export function pageOptionsFromEnv(env: NodeJS.ProcessEnv): PageOptions {
  return {
    ...(env.EMBED_ASSETS_URL ? { assetsBase: env.EMBED_ASSETS_URL } : {}),
    ...(env.EMBED_FRAME_ANCESTORS ? { frameAncestors: env.EMBED_FRAME_ANCESTORS } : {}),
  };
}
