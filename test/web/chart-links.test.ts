/**
 * The widget never renders an outside URL from a chart spec, in both embeds: the embed page in an iframe (whose
 * CSP would block a load) and the web component on a customer's page (which runs under that page's policy, here
 * none). A spec that reaches the browser with every way out Vega offers (data and lookup URLs, an image mark and
 * its url channel, href on marks, encodings and config, vega-embed options in usermeta, address strings) draws
 * its chart from the rows, with no link, no image and no request to the other server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { buildWebAssets } from '../../functions/web/build';
import { launchBrowser, openPage } from './support/browser';
import { type ReplayServer, startReplayServer } from './support/replay';

let browser: Browser;
let server: ReplayServer;
/** Another origin: the customer's page, and (on another port) the server a spec tries to reach. */
let host: Server;
let evil: Server;
const evilHits: string[] = [];
let sessions = 0;

beforeAll(async () => {
  await buildWebAssets();
  [browser, server] = await Promise.all([launchBrowser(), startReplayServer({ lineDelayMs: 1 })]);
  evil = createServer((req, res) => {
    evilHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end('[{"region":"east","x":1}]');
  });
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostHtml);
  });
  await Promise.all([
    new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve)),
  ]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const s of [host, evil]) {
    s?.closeAllConnections();
    await new Promise((resolve) => s?.close(resolve));
  }
});

let hostHtml = '';
const evilUrl = (path: string) => `http://127.0.0.1:${(evil.address() as AddressInfo).port}${path}`;

/** A spec that tries every way out, over rows that carry addresses too. */
function leakySpec(): Record<string, unknown> {
  return {
    $schema: evilUrl('/schema.json'),
    title: 'Total amount by region',
    data: { url: evilUrl('/data.json') },
    usermeta: { embedOptions: { loader: { baseURL: evilUrl('/base/') }, actions: true } },
    config: { mark: { href: evilUrl('/config-href') } },
    transform: [
      { lookup: 'region', from: { data: { url: evilUrl('/lookup.json') }, key: 'region', fields: ['x'] } },
    ],
    layer: [
      {
        mark: { type: 'bar', href: evilUrl('/mark-href') },
        encoding: {
          x: { field: 'region', type: 'nominal' },
          y: { field: 'total_amount', type: 'quantitative' },
          href: { field: 'link', type: 'nominal' },
        },
      },
      {
        mark: { type: 'image', url: evilUrl('/mark-image.png'), width: 10, height: 10 },
        encoding: {
          x: { field: 'region', type: 'nominal' },
          y: { field: 'total_amount', type: 'quantitative' },
          url: { field: 'picture', type: 'nominal' },
        },
      },
      {
        mark: { type: 'text' },
        encoding: {
          x: { field: 'region', type: 'nominal' },
          text: { value: `//127.0.0.1:${(evil.address() as AddressInfo).port}/text` },
        },
      },
    ],
  };
}

/** The lines of one turn: a query whose result carries the leaky spec, then the answer. */
function lines(chatId: string, question: string): string {
  const tools = ['core_data_analyst_agent', 'tools'];
  const input = JSON.stringify({
    sqlQuery: 'SELECT region, MEASURE(total_amount) FROM orders_view GROUP BY 1',
    queryTitle: 'Total amount by region',
  });
  const result = JSON.stringify({
    sqlQuery: 'SELECT region, MEASURE(total_amount) FROM orders_view GROUP BY 1',
    queryTitle: 'Total amount by region',
    schema: [
      { name: 'region', column_type: 'VARCHAR' },
      { name: 'total_amount', column_type: 'DOUBLE' },
      { name: 'link', column_type: 'VARCHAR' },
      { name: 'picture', column_type: 'VARCHAR' },
    ],
    data: [
      ['east', 41250.5, evilUrl('/row-link?d=east'), evilUrl('/row-picture.png')],
      ['west', 33120.75, evilUrl('/row-link?d=west'), 'data:image/svg+xml;base64,PHN2Zy8+'],
    ],
    totalRows: 2,
    uuid: 'b6a7c1f0-1111-4222-8333-944455556666',
    vegaSpec: JSON.stringify(leakySpec()),
  });
  const out = [
    { id: '__cutoff__', role: 'assistant', state: { chatId, isStreaming: true } },
    { id: `${Date.now()}-message`, role: 'user', content: question, isDelta: false },
    {
      id: 'tool-1',
      role: 'assistant',
      graphPath: tools,
      isInProcess: true,
      toolCall: { name: 'coreSqlApi', input },
    },
    {
      id: 'tool-1',
      role: 'assistant',
      graphPath: tools,
      isInProcess: false,
      toolCall: { name: 'coreSqlApi', input, result },
    },
    {
      id: 'final-1',
      role: 'assistant',
      content: 'East leads.',
      graphPath: ['final'],
      isInProcess: false,
      isDelta: false,
    },
    { id: '__state__', role: 'assistant', state: { chatId, status: 'completed' } },
  ];
  return `${out.map((line, sort) => JSON.stringify({ ...line, sort })).join('\n')}\n`;
}

/** Answers the page's chat requests (from any frame, any origin) with the leaky turn. */
async function leakyChat(page: Page): Promise<void> {
  await page.route('**/stream-chat-state', async (route) => {
    const body = (route.request().postDataJSON() ?? {}) as { input?: string };
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'application/x-ndjson', 'access-control-allow-origin': '*' },
      body: lines(`chat-${++sessions}`, body.input ?? ''),
    });
  });
}

/** Waits for the chart, then what its SVG holds: links, images, marks. */
async function drawn(target: Page | Frame) {
  await target.locator('figure.chart[data-rendered="true"]').waitFor({ timeout: 30_000 });
  return target.locator('figure.chart svg').evaluate((svg) => ({
    links: svg.querySelectorAll('a').length,
    hrefs: [...svg.querySelectorAll('*')].filter(
      (el) => el.hasAttribute('href') || el.hasAttribute('xlink:href'),
    ).length,
    images: svg.querySelectorAll('image').length,
    bars: svg.querySelectorAll('.mark-rect path').length,
  }));
}

describe('a chart spec with outside URLs', () => {
  test('the embed page in an iframe draws the bars and nothing else', async () => {
    const { context, page } = await openPage(browser);
    await leakyChat(page);
    evilHits.length = 0;
    await page.goto(`${server.baseUrl}/embed/chat?sessionId=fresh-${Date.now()}-${++sessions}`);
    await page.locator('textarea').fill('Total by region?');
    await page.locator('button.send').click();
    const svg = await drawn(page);
    await page.waitForTimeout(500);
    expect(svg).toEqual({ links: 0, hrefs: 0, images: 0, bars: 2 });
    expect(evilHits).toEqual([]);
    await context.close();
  });

  test("the web component on a customer's page (no CSP) draws the bars and reaches no other server", async () => {
    const { context, page } = await openPage(browser);
    await leakyChat(page);
    evilHits.length = 0;
    hostHtml = `<!doctype html><html lang="en"><head><title>Customer app</title><link rel="icon" href="data:,">
<script type="module" src="${server.baseUrl}/embed/assets/embed-chat.js"></script></head>
<body><embed-analytics-chat session="fresh-${Date.now()}-${++sessions}" account="demo" base-url="${server.baseUrl}" style="display:block;height:700px"></embed-analytics-chat></body></html>`;
    await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/app.html`);
    await page.locator('textarea').fill('Total by region?');
    await page.locator('button.send').click();
    const svg = await drawn(page);
    await page.waitForTimeout(500);
    expect(svg).toEqual({ links: 0, hrefs: 0, images: 0, bars: 2 });
    expect(evilHits).toEqual([]);
    await context.close();
  });
});
