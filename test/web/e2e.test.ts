/**
 * End to end in Chromium against the real local service (DynamoDB Local, demo seed, offline analyst, the
 * built widget served at /embed/assets/): a session minted by generate-session opens the embed page, a
 * question streams its steps, SQL, rows, chart and answer; Stop aborts a running answer; a spent session
 * shows the expired state.
 */
import type { Browser, Page } from 'playwright-core';
import { buildWebAssets, webAssetsDir } from '../../functions/web/build';
import { client } from '../support/http';
import { startService, type TestService } from '../support/service';
import { launchBrowser, openPage, screenshot } from './support/browser';

let browser: Browser;
let svc: TestService;
let users = 0;

beforeAll(async () => {
  // Slow enough to press Stop while the answer streams, fast enough for a short test.
  process.env.OFFLINE_DELAY_MS = '200';
  await buildWebAssets();
  [browser, svc] = await Promise.all([launchBrowser(), startService({ assetsDir: webAssetsDir })]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await svc?.stop();
});

async function mintSession(): Promise<string> {
  const reply = await client(svc.baseUrl).post<{ sessionId: string }>(
    '/api/v1/embed/generate-session',
    {
      deploymentId: 1,
      externalId: `web-user-${Date.now()}-${++users}`,
      userAttributes: [{ name: 'region', value: 'north' }],
    },
    { key: svc.adminKey },
  );
  expect(reply.status).toBe(200);
  return reply.body.sessionId;
}

const pageUrl = (session: string) =>
  `${svc.baseUrl}/embed/chat?session=${encodeURIComponent(session)}&account=demo&agent=1`;

async function ask(page: Page, question: string): Promise<void> {
  await page.locator('textarea').fill(question);
  await page.locator('textarea').press('Enter');
}

async function turnStatus(page: Page, index: number): Promise<string | null> {
  const turn = page.locator('article.turn').nth(index - 1);
  await turn.locator('xpath=self::*[@data-status]').waitFor({ timeout: 30_000 });
  return turn.getAttribute('data-status');
}

describe('the embed page on the real service', () => {
  test('serves the page with a strict CSP and the widget assets', async () => {
    const api = client(svc.baseUrl);
    const page = await api.get('/embed/chat?session=abc');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(page.text).toContain('<embed-analytics-chat from-location');
    expect(page.text).not.toContain('abc');
    const script = await api.get('/embed/assets/embed-chat.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  test('streams the answer of a question with a tool step, SQL, a table and a chart; the thread continues', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(pageUrl(await mintSession()));

    await ask(page, 'What is the total amount by month in 2024?');

    // While it streams: the answer region is busy, then filled.
    await page.locator('div.answer[aria-busy="true"]').waitFor();
    expect(await turnStatus(page, 1)).toBe('completed');
    const sqlStep = page.locator('li.step.tool[data-tool="coreSqlApi"]');
    expect(await sqlStep.getAttribute('data-status')).toBe('done');
    expect(await page.locator('li.step.tool[data-tool="coreMeta"]').getAttribute('data-status')).toBe('done');
    expect(await sqlStep.locator('pre.sql-code').textContent()).toMatch(/SELECT .*MEASURE\(total_amount\)/s);
    expect(await sqlStep.locator('caption').textContent()).toBe('12 of 12 rows');
    expect(await sqlStep.locator('tbody tr').count()).toBe(12);
    await sqlStep.locator('figure.chart[data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect(await sqlStep.locator('figure.chart svg g.role-mark path').count()).toBeGreaterThan(0);
    const answer = page.locator('div.answer.final');
    expect(await answer.textContent()).toContain('2024-10');
    expect(await answer.getAttribute('aria-busy')).toBe('false');
    await screenshot(page, 'e2e-desktop-light');
    await sqlStep.scrollIntoViewIfNeeded();
    await screenshot(page, 'e2e-desktop-light-sql');

    await ask(page, 'and by category?');
    expect(await turnStatus(page, 2)).toBe('completed');
    expect(await page.locator('article.turn').nth(1).locator('div.answer.final').textContent()).toMatch(
      /electronics/i,
    );
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('Stop during a long answer ends the turn as aborted, and the next question still works', async () => {
    const { context, page, problems } = await openPage(browser, {
      width: 320,
      height: 720,
      colorScheme: 'dark',
    });
    await page.goto(pageUrl(await mintSession()));
    await ask(page, 'What is the total amount by month in 2024?');
    await page.locator('div.answer', { hasText: 'Total amount by month' }).waitFor({ timeout: 30_000 });

    await page.locator('button.stop').click();

    expect(await turnStatus(page, 1)).toBe('aborted');
    expect(await page.locator('.turn-status').textContent()).toContain('Stopped');
    await screenshot(page, 'e2e-mobile-dark-stopped');
    await ask(page, 'Show the number of orders by category');
    expect(await turnStatus(page, 2)).toBe('completed');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('a spent session shows the "session used or expired" state', async () => {
    const session = await mintSession();
    const first = await openPage(browser);
    await first.page.goto(pageUrl(session));
    await first.page.locator('textarea').waitFor();
    await first.context.close();

    const { context, page } = await openPage(browser, { width: 320, height: 720 });
    await page.goto(pageUrl(session));

    await page.locator('.notice-error', { hasText: 'Session used or expired' }).waitFor();
    expect(await page.locator('embed-analytics-chat').getAttribute('data-state')).toBe('expired');
    await screenshot(page, 'e2e-mobile-light-expired');
    await context.close();
  });

  test('a wrong account or agent is said before "ready" (Cube\'s URL form), and the session still opens the right page', async () => {
    const session = await mintSession();
    const { context, page } = await openPage(browser);
    await page.goto(`${svc.baseUrl}/embed/chat?sessionId=${encodeURIComponent(session)}&account=acme`);
    await page
      .locator('.notice-error', {
        hasText: 'Agent 1 not found in account acme: this session belongs to account demo',
      })
      .waitFor();
    await page.goto(`${svc.baseUrl}/embed/chat?sessionId=${encodeURIComponent(session)}&agent=42`);
    await page.locator('.notice-error', { hasText: 'Agent 42 not found in account demo' }).waitFor();
    // Cube's form without account or agent: the session's account and the default agent.
    await page.goto(`${svc.baseUrl}/embed/chat?sessionId=${encodeURIComponent(session)}`);
    await page.locator('textarea').waitFor();
    await context.close();
  });
});
