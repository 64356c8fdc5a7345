/**
 * The widget and its host page, in Chromium against the replay stand-in: Cube's event envelope (ready, ai-query,
 * error, session expiring/expired) as DOM events of the web component and as postMessage from the embed page in an
 * iframe, actions from the host (ask, stop, set-session, set-theme, set-color-scheme), origin checks both ways, and
 * the renewal of a session before its token ends without losing the conversation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { buildWebAssets } from '../../functions/web/build';
import { launchBrowser, openPage } from './support/browser';
import { type ReplayServer, startReplayServer } from './support/replay';

let browser: Browser;
let server: ReplayServer;
let sessions = 0;
/** The customer's site: another origin (another port) serving the pages a test writes. */
let host: Server;
const pages = new Map<string, string>();

beforeAll(async () => {
  await buildWebAssets();
  [browser, server] = await Promise.all([launchBrowser(), startReplayServer()]);
  host = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
});

const fresh = (prefix = 'fresh') => `${prefix}-${Date.now()}-${++sessions}`;
/** Another origin than the service's: the customer's page. */
const hostOrigin = () => `http://127.0.0.1:${(host.address() as AddressInfo).port}`;

type Envelope = {
  source: string;
  direction: string;
  type: string;
  payload: Record<string, unknown>;
  surface?: string;
};

/** Serves `html` at a path of the host origin, and opens it. */
async function hostPage(page: Page, path: string, html: string): Promise<void> {
  // Served for real (a page fulfilled by the browser's router counts as a public one, which may not reach loopback).
  pages.set(path, html);
  await page.goto(`${hostOrigin()}${path}`);
}

/** Waits until the host page has recorded an event of `type` (and `match` holds), and returns it. */
async function waitForEvent(
  page: Page,
  type: string,
  match: Record<string, unknown> = {},
): Promise<Envelope> {
  const handle = await page.waitForFunction(
    ({ type, match }) =>
      ((window as unknown as { events: Envelope[] }).events ?? []).find(
        (e) => e.type === type && Object.entries(match).every(([k, v]) => e.payload[k] === v),
      ),
    { type, match },
    { timeout: 15_000 },
  );
  return (await handle.jsonValue()) as Envelope;
}

const recorder = `<script>
window.events = [];
window.addEventListener('message', (event) => {
  if (event.origin !== '__SERVICE__') return;
  const data = event.data;
  if (data && data.source === 'cube-embed' && data.direction === 'event') window.events.push(data);
});
function sendAction(type, payload) {
  document.querySelector('iframe').contentWindow.postMessage(
    { source: 'cube-embed', direction: 'action', type, payload: payload || {}, timestamp: Date.now() }, '__SERVICE__');
}
</script>`;

async function framed(page: Page, query: string): Promise<Frame> {
  const src = `${server.baseUrl}/embed/chat?${query}`;
  await hostPage(
    page,
    `/host-${++sessions}.html`,
    `<!doctype html>${recorder.replaceAll('__SERVICE__', server.baseUrl)}
<iframe src="${src}" style="width:900px;height:700px"></iframe>`,
  );
  const frame = page.frames().find((f) => f.url().includes('/embed/chat?'));
  if (!frame)
    throw new Error(`the embed page did not load in its frame: ${page.frames().map((f) => f.url())}`);
  return frame;
}

describe('the embed page in an iframe', () => {
  test("posts Cube's events to the host origin it was given, and answers the host's actions", async () => {
    const { context, page } = await openPage(browser);
    const frame = await framed(page, `sessionId=${fresh()}&hostOrigin=${encodeURIComponent(hostOrigin())}`);

    const ready = await waitForEvent(page, 'cube:event:ready');
    expect(ready).toMatchObject({
      source: 'cube-embed',
      direction: 'event',
      surface: 'chat',
      payload: { deploymentId: 1, mode: 'signed', surface: 'chat', embedTenant: null },
    });

    // The host asks a question: the iframe streams the answer and reports the query's lifecycle.
    await page.evaluate(() =>
      (window as unknown as { sendAction(t: string, p: unknown): void }).sendAction('cube:action:ask', {
        input: 'What is the total amount by region?',
      }),
    );
    await waitForEvent(page, 'cube:event:ai-query', { status: 'submitted' });
    const done = await waitForEvent(page, 'cube:event:ai-query', { status: 'completed' });
    expect(done.payload).toMatchObject({ query: 'What is the total amount by region?', agentId: '1' });
    expect(done.payload.chatId).toEqual(expect.any(String));
    await frame.locator('article.turn[data-status="completed"]').waitFor();

    // Theme actions: Cube's colour scheme and brand colour.
    await page.evaluate(() => {
      const w = window as unknown as { sendAction(t: string, p: unknown): void };
      w.sendAction('cube:action:set-color-scheme', { scheme: 'dark' });
      w.sendAction('cube:action:set-theme', { primaryColor: '#7c5cff' });
    });
    const element = frame.locator('embed-analytics-chat');
    await frame.waitForFunction(
      () => document.querySelector('embed-analytics-chat')?.getAttribute('theme') === 'dark',
    );
    expect(await element.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--accent'))).toBe(
      '#7c5cff',
    );
    await context.close();
  });

  test('ignores actions from any other origin or envelope, and posts nothing to a host origin it was not given', async () => {
    const { context, page } = await openPage(browser);
    // The frame believes its host is another site: its events go nowhere this page can read.
    const frame = await framed(
      page,
      `sessionId=${fresh()}&hostOrigin=${encodeURIComponent('https://elsewhere.example')}`,
    );
    await frame.locator('textarea').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { sendAction(t: string, p: unknown): void };
      w.sendAction('cube:action:ask', { input: 'What is the total amount by region?' });
      // A message without Cube's envelope is never an action either.
      document
        .querySelector('iframe')
        ?.contentWindow?.postMessage({ type: 'cube:action:ask', payload: { input: 'x' } }, '*');
    });
    await page.waitForTimeout(1_000);
    expect(await frame.locator('article.turn').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events.length)).toBe(0);
    await context.close();
  });
});

describe('the web component', () => {
  const elementPage = (session: string, attributes = '') => `<!doctype html><html lang="en"><head>
<title>Customer app</title><link rel="icon" href="data:,">
<script>window.events = [];
for (const type of ['cube:event:ready', 'cube:event:ai-query', 'cube:event:error', 'cube:event:session-expiring', 'cube:event:session-expired'])
  document.addEventListener(type, (event) => window.events.push({ type, payload: event.detail }));
</script>
<script type="module" src="${server.baseUrl}/embed/assets/embed-chat.js"></script></head>
<body><embed-analytics-chat session="${session}" account="demo" ${attributes} style="display:block;height:600px"></embed-analytics-chat>
</body></html>`;

  test('dispatches the same events as DOM events, and a fatal error event for a spent session', async () => {
    const { context, page } = await openPage(browser);
    await hostPage(page, '/element.html', elementPage(fresh()));
    await waitForEvent(page, 'cube:event:ready');
    await page.locator('textarea').fill('What is the total amount by region?');
    await page.locator('button.send').click();
    await waitForEvent(page, 'cube:event:ai-query', { status: 'completed' });

    const spent = fresh();
    await hostPage(page, '/spent.html', elementPage(spent));
    await waitForEvent(page, 'cube:event:ready');
    await hostPage(page, '/spent-again.html', elementPage(spent));
    const error = await waitForEvent(page, 'cube:event:error');
    expect(error.payload).toMatchObject({ name: 'SESSION_INVALID', context: 'session', fatal: true });
    await context.close();
  });

  test('auto-renew-session: asks for a new session before the token ends and keeps the conversation', async () => {
    const { context, page } = await openPage(browser);
    // The first token ends 12 s after the exchange; the element warns 10 s before, which leaves a loaded
    // machine 10 s to ask, finish the turn and renew (a 2 s window failed there).
    await hostPage(
      page,
      '/renew.html',
      elementPage(fresh('fresh-short-12'), 'auto-renew-session renew-before="10"'),
    );
    await page.locator('textarea').fill('What is the total amount by region?');
    await page.locator('button.send').click();
    await page.locator('article.turn[data-status="completed"]').waitFor();

    const expiring = await waitForEvent(page, 'cube:event:session-expiring');
    const firstEnd = Date.now() + Number(expiring.payload.secondsLeft) * 1000;
    expect(expiring.payload.secondsLeft).toBeLessThanOrEqual(10);
    const renewed = fresh();
    await page.evaluate((id) => {
      (
        document.querySelector('embed-analytics-chat') as HTMLElement & { setSession(id: string): void }
      ).setSession(id);
    }, renewed);
    // Past the first token's end: no expiry, the thread goes on with the new token.
    await page.waitForTimeout(Math.max(0, firstEnd - Date.now()) + 1_000);
    const types = await page.evaluate(() =>
      (window as unknown as { events: Envelope[] }).events.map((e) => e.type),
    );
    expect(types).not.toContain('cube:event:session-expired');
    await page.locator('textarea').fill('And by status?');
    await page.locator('button.send').click();
    await page.locator('article.turn').nth(1).locator('xpath=self::*[@data-status]').waitFor();
    expect(await page.locator('article.turn').count()).toBe(2);
    const last = server.chats.at(-1);
    expect(last?.authorization).toBe(`Bearer token-${renewed}`);
    expect(last?.body.chatId).toEqual(expect.any(String));
    await context.close();
  });

  test('without a new session the token ends: session-expired, and the element says so', async () => {
    const { context, page } = await openPage(browser);
    await hostPage(page, '/expire.html', elementPage(fresh('fresh-short-2'), 'renew-before="1"'));
    await waitForEvent(page, 'cube:event:session-expiring');
    await waitForEvent(page, 'cube:event:session-expired');
    await page.locator('.notice-error', { hasText: 'Session used or expired' }).waitFor();
    expect(await page.locator('embed-analytics-chat').getAttribute('data-state')).toBe('expired');
    await context.close();
  });
});
