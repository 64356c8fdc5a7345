/** The embed page handler (headers, no inline code, small bundle) and the asset build. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { build } from 'esbuild';
import { handler } from '../../functions/endpoints/embed-page';
import { assetCacheControl, buildWebAssets, webAssetsDir } from '../../functions/web/build';
import { chatPageHeaders, chatPageHtml, pageOptionsFromEnv } from '../../functions/web/page';

async function getPage(): Promise<APIGatewayProxyStructuredResultV2> {
  const event = { rawPath: '/embed/chat', rawQueryString: 'session=s-1', headers: {} };
  return (await handler(
    event as unknown as APIGatewayProxyEventV2,
    {} as Context,
  )) as APIGatewayProxyStructuredResultV2;
}

describe('GET /embed/chat', () => {
  test('answers HTML with a strict CSP, no referrer and no caching', async () => {
    const page = await getPage();
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    const csp = String(page.headers?.['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });

  test('the HTML has no inline script or style and never contains the session', async () => {
    const page = await getPage();
    const html = String(page.body);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style=/);
    expect(html).not.toContain('s-1');
    expect(html).toContain('<script type="module" src="/embed/assets/embed-chat.js"></script>');
    expect(html).toContain('<embed-analytics-chat from-location');
  });

  test('assets on another host and allowed frame ancestors come from the environment', () => {
    const options = pageOptionsFromEnv({
      EMBED_ASSETS_URL: 'https://cdn.example.com/widget',
      EMBED_FRAME_ANCESTORS: 'https://app.customer.com',
    });
    const csp = chatPageHeaders(options)['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain('frame-ancestors https://app.customer.com');
    expect(chatPageHtml(options)).toContain('src="https://cdn.example.com/widget/embed-chat.js"');
  });

  test('the handler bundles small (the widget is a static asset, not in the Lambda)', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../../functions/endpoints/embed-page.ts', import.meta.url))],
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      write: false,
      logLevel: 'silent',
    });
    const bytes = result.outputFiles[0]?.contents.length ?? Number.POSITIVE_INFINITY;
    expect(bytes).toBeLessThan(300 * 1024);
  });
});

describe('buildWebAssets', () => {
  test('writes the entry, hashed chunks, the page stylesheet and the example page', async () => {
    await buildWebAssets();
    const entry = join(webAssetsDir, 'embed-chat.js');
    expect(statSync(entry).size).toBeLessThan(64 * 1024);
    const chunks = readdirSync(join(webAssetsDir, 'chunks')).filter((name) => name.endsWith('.js'));
    expect(chunks.some((name) => /^chart-[A-Z0-9]{8}\.js$/.test(name))).toBe(true);
    // The entry loads Vega lazily: it is not inside the entry itself.
    expect(readFileSync(entry, 'utf8')).not.toContain('vega-lite');
    expect(statSync(join(webAssetsDir, 'embed-page.css')).isFile()).toBe(true);
    expect(statSync(join(webAssetsDir, 'example.html')).isFile()).toBe(true);
    expect(assetCacheControl('chunks/chart-ABCDEFGH.js')).toContain('immutable');
    expect(assetCacheControl('embed-chat.js')).toBe('public, max-age=300, must-revalidate');
  });
});
