/**
 * The chat widget in a real Chromium against a real local HTTP stand-in that replays contract §6 lines:
 * rendering of a streamed turn (steps, SQL, rows, chart, final answer), threads, Stop, failures, the expired
 * state, keyboard use, layouts at 320 px and desktop in light and dark, and the strict CSP.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { buildWebAssets } from '../../functions/web/build';
import { launchBrowser, openPage, type PageProblems, screenshot } from './support/browser';
import { type ReplayServer, startReplayServer } from './support/replay';

let browser: Browser;
let server: ReplayServer;
let sessions = 0;

beforeAll(async () => {
  await buildWebAssets();
  [browser, server] = await Promise.all([launchBrowser(), startReplayServer()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const freshSession = () => `fresh-${Date.now()}-${++sessions}`;
const chatPage = (session: string) => `${server.baseUrl}/embed/chat?session=${session}&account=demo&agent=1`;

async function ask(page: Page, question: string): Promise<void> {
  await page.locator('textarea').fill(question);
  await page.locator('button.send').click();
}

/** Waits until the n-th turn (1-based) has ended, and returns its status. */
async function turnEnded(page: Page, index: number): Promise<string | null> {
  const turn = page.locator('article.turn').nth(index - 1);
  await turn.locator('xpath=self::*[@data-status]').waitFor({ timeout: 20_000 });
  return turn.getAttribute('data-status');
}

function expectNoProblems(problems: PageProblems): void {
  expect(problems.errors).toEqual([]);
}

describe("Cube's embed URL", () => {
  test('/embed/chat?sessionId= without account: the chat URL comes from the exchanged session', async () => {
    // Prepare
    const { context, page, problems } = await openPage(browser);

    // Act
    await page.goto(`${server.baseUrl}/embed/chat?sessionId=${freshSession()}`);
    await page.locator('textarea').waitFor();
    await ask(page, 'What is the total amount by region?');

    // Assess
    expect(await turnEnded(page, 1)).toBe('completed');
    expectNoProblems(problems);
    await context.close();
  });
});

describe('a streamed turn', () => {
  test('shows the steps, SQL, rows, chart and the final answer; thinking stays collapsed', async () => {
    // Prepare
    const { context, page, problems } = await openPage(browser);
    await page.goto(chatPage(freshSession()));
    await page.locator('textarea').waitFor();

    // Act
    await ask(page, 'What is the total amount by region?');

    // Assess: while streaming the answer region is busy and the steps appear with their state
    await page.locator('li.step.tool[data-tool="coreMeta"]').waitFor();
    expect(await turnEnded(page, 1)).toBe('completed');
    const steps = page.locator('li.step.tool');
    expect(await steps.count()).toBe(2);
    expect(await steps.nth(0).getAttribute('data-status')).toBe('done');
    expect(await steps.nth(0).textContent()).toContain('Searching the data model for “total amount region”');
    const sqlStep = page.locator('li.step.tool[data-tool="coreSqlApi"]');
    expect(await sqlStep.getAttribute('data-status')).toBe('done');
    expect(await sqlStep.locator('pre.sql-code').textContent()).toContain('MEASURE(total_amount)');
    expect(await sqlStep.locator('caption').textContent()).toBe('4 of 4 rows');
    expect(await sqlStep.locator('tbody tr').count()).toBe(4);
    expect(await sqlStep.locator('tbody tr').first().textContent()).toMatch(/east\s*41,250\.5/);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await sqlStep.locator('button.copy').click();
    await sqlStep.locator('button.copy', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      'MEASURE(total_amount) AS total_amount',
    );

    await sqlStep.locator('figure.chart[data-rendered="true"]').waitFor({ timeout: 20_000 });
    const marks = sqlStep.locator('figure.chart svg .mark-rect path');
    expect(await marks.count()).toBe(4);

    const answer = page.locator('div.answer');
    expect(await answer.getAttribute('aria-live')).toBe('polite');
    expect(await answer.getAttribute('aria-busy')).toBe('false');
    expect(await answer.getAttribute('class')).toContain('final');
    expect(await answer.textContent()).toContain('The east region has the highest total amount');
    expect(await answer.locator('strong').first().textContent()).toBe('east');

    const thinking = page.locator('details.thinking');
    expect(await thinking.count()).toBe(1);
    expect(await thinking.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    // The interim note stays as a step; the streamed answer is not shown twice.
    expect(await page.locator('li.step.text').first().textContent()).toContain(
      'Let me look at the data model.',
    );
    expect(await page.locator('li.step.text:visible').count()).toBe(1);

    // The request carried the token and no chatId for a new thread.
    const sent = server.chats.at(-1);
    expect(sent?.authorization).toMatch(/^Bearer token-fresh-/);
    expect(sent?.body.chatId).toBeUndefined();
    expectNoProblems(problems);
    await screenshot(page, 'replay-desktop-light');
    await context.close();
  });

  test('a thread continues with the chatId of the first answer', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(chatPage(freshSession()));
    await ask(page, 'Total amount by region?');
    expect(await turnEnded(page, 1)).toBe('completed');
    const first = server.chats.at(-1);

    await ask(page, 'And by status?');
    expect(await turnEnded(page, 2)).toBe('completed');

    const second = server.chats.at(-1);
    expect(first?.body.chatId).toBeUndefined();
    expect(second?.body.chatId).toMatch(/^chat-\d+$/);
    expect(await page.locator('article.turn').count()).toBe(2);
    expectNoProblems(problems);
    await context.close();
  });

  test('a failed tool call is shown as failed with its error, and the answer still arrives', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(chatPage(freshSession()));
    await ask(page, 'Please fail this query');
    expect(await turnEnded(page, 1)).toBe('completed');
    const failed = page.locator('li.step.tool[data-tool="coreSqlApi"]');
    expect(await failed.getAttribute('data-status')).toBe('failed');
    expect(await failed.locator('.badge').textContent()).toMatch(/failed/i);
    expect(await failed.locator('.step-error').textContent()).toContain('Column "regionz" does not exist');
    expect(await page.locator('div.answer').textContent()).toContain('could not run the query');
    expectNoProblems(problems);
    await context.close();
  });

  test('an error answer of the service is shown as a readable message', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(chatPage(freshSession()));
    await ask(page, 'busy thread please');
    expect(await turnEnded(page, 1)).toBe('error');
    const status = page.locator('.turn-status');
    expect(await status.getAttribute('role')).toBe('alert');
    expect(await status.textContent()).toBe('Streaming for thread is in progress');
    // The polite status region no longer says the question is being worked on.
    const live = page.locator('[role="status"][aria-live="polite"]');
    await live.filter({ hasText: 'The question could not be answered' }).waitFor({ state: 'attached' });
    expect(await live.textContent()).not.toContain('Working on your question');
    // The browser logs the failed request itself; nothing else went wrong.
    expect(problems.errors.filter((error) => !error.includes('409'))).toEqual([]);
    await context.close();
  });
});

describe('Stop', () => {
  test('aborts the thread with its chatId and token, ends as aborted and returns focus to the input', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(chatPage(freshSession()));
    await ask(page, 'Give me a slow, long answer');
    const stop = page.locator('button.stop');
    await page.locator('div.answer', { hasText: 'Part 2 of a long answer' }).waitFor();
    expect(await stop.isEnabled()).toBe(true);
    expect(await page.locator('div.answer').getAttribute('aria-busy')).toBe('true');

    await stop.focus();
    await page.keyboard.press('Enter');

    expect(await turnEnded(page, 1)).toBe('aborted');
    const abort = server.aborts.at(-1);
    expect(abort?.chatId).toMatch(/^chat-\d+$/);
    expect(abort?.authorization).toMatch(/^Bearer token-fresh-/);
    expect(await page.locator('.turn-status').textContent()).toContain('Stopped');
    expect(await stop.isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.tagName)).toBe(
      'TEXTAREA',
    );
    expectNoProblems(problems);
    await screenshot(page, 'replay-stopped');
    await context.close();
  });
});

describe('sessions', () => {
  test('a spent session shows the used-or-expired state, also after a reload', async () => {
    const { context, page, problems } = await openPage(browser);
    const session = freshSession();
    await page.goto(chatPage(session));
    await page.locator('textarea').waitFor();

    await page.reload();

    const notice = page.locator('.notice-error');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Session used or expired');
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await page.locator('textarea').count()).toBe(0);
    expect(await page.locator('embed-analytics-chat').getAttribute('data-state')).toBe('expired');
    expect(problems.errors.filter((error) => !error.includes('401'))).toEqual([]);
    await screenshot(page, 'replay-expired');
    await context.close();
  });

  test('a page naming another account says what is wrong before "ready", and leaves the session unspent', async () => {
    const { context, page, problems } = await openPage(browser);
    const session = freshSession();
    await page.goto(`${server.baseUrl}/embed/chat?session=${session}&account=acme&agent=1`);

    const notice = page.locator('.notice-error');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This chat is not set up correctly');
    expect(await notice.textContent()).toContain('this session belongs to account demo');
    expect(await page.locator('textarea').count()).toBe(0);
    expect(await page.locator('embed-analytics-chat').getAttribute('data-state')).toBe('failed');

    // The same session still opens the corrected page: it was never exchanged.
    await page.goto(chatPage(session));
    await page.locator('textarea').waitFor();
    expect(problems.errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });

  test('a page naming an unknown agent says so before "ready"', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/embed/chat?session=${freshSession()}&account=demo&agent=7`);
    await page.locator('.notice-error', { hasText: 'Agent 7 not found in account demo' }).waitFor();
    await context.close();
  });

  test('text inside the element stays visible when its script cannot load, and is replaced once it starts', async () => {
    const { context, page } = await openPage(browser);
    const fallback = 'The chat could not be loaded.';
    await page.route('**/fallback.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script type="module" src="${server.baseUrl}/embed/assets/no-such-script.js"></script>
<embed-analytics-chat session="${freshSession()}" account="demo">${fallback}</embed-analytics-chat>`,
      }),
    );
    await page.goto(`${server.baseUrl}/fallback.html`);
    // Whether the fallback text has a box on the page: children the element's own view replaces have none.
    const shown = () =>
      page.evaluate(() => {
        const text = document.querySelector('embed-analytics-chat')?.firstChild;
        if (!text) return false;
        const range = document.createRange();
        range.selectNodeContents(text);
        return range.getClientRects().length > 0;
      });
    await page.getByText(fallback).waitFor();
    expect(await shown()).toBe(true);

    await page.route('**/fallback-ok.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script type="module" src="${server.baseUrl}/embed/assets/embed-chat.js"></script>
<embed-analytics-chat session="${freshSession()}" account="demo" style="display:block;height:600px">${fallback}</embed-analytics-chat>`,
      }),
    );
    await page.goto(`${server.baseUrl}/fallback-ok.html`);
    await page.locator('textarea').waitFor();
    expect(await shown()).toBe(false);
    await context.close();
  });

  test('a page without a session says so instead of staying blank', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/embed/chat`);
    await page.locator('.notice-error', { hasText: 'No session' }).waitFor();
    await context.close();
  });
});

describe('accessibility and layout', () => {
  test('works with the keyboard only: Tab to the labelled input, Enter sends, Shift+Enter adds a line', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(chatPage(freshSession()));
    await page.locator('textarea').waitFor();
    // The input has focus once the session is ready.
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.id)).toBe('question');
    expect(await page.locator('label[for="question"]').textContent()).toBe('Your question');
    await page.keyboard.type('Total amount');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('by region');
    expect(await page.locator('textarea').inputValue()).toBe('Total amount\nby region');
    await page.keyboard.press('Enter');
    expect(await turnEnded(page, 1)).toBe('completed');
    expect(server.chats.at(-1)?.body.input).toBe('Total amount\nby region');
    // Every button has a name; the table region can be reached with Tab.
    const names = await page
      .locator('button')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent?.trim()));
    expect(names.every(Boolean)).toBe(true);
    expect(await page.locator('.table-scroll').getAttribute('tabindex')).toBe('0');
    expectNoProblems(problems);
    await context.close();
  });

  test.each([
    { name: 'mobile-light', width: 320, height: 720, colorScheme: 'light' as const },
    { name: 'mobile-dark', width: 320, height: 720, colorScheme: 'dark' as const },
    { name: 'desktop-dark', width: 1200, height: 900, colorScheme: 'dark' as const },
  ])('$name: nothing overflows horizontally and the colours follow the scheme', async (view) => {
    const { context, page, problems } = await openPage(browser, view);
    await page.goto(chatPage(freshSession()));
    await ask(page, 'What is the total amount by region?');
    expect(await turnEnded(page, 1)).toBe('completed');
    await page.locator('figure.chart[data-rendered="true"]').waitFor({ timeout: 20_000 });

    // The page itself never scrolls: the conversation scrolls inside the widget.
    const overflow = await page.evaluate(() => ({
      x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
    }));
    expect(overflow).toEqual({ x: 0, y: 0 });
    // The conversation followed the stream down to the answer.
    const rest = await page
      .locator('.conversation')
      .evaluate((box) => box.scrollHeight - box.scrollTop - box.clientHeight);
    expect(rest).toBeLessThan(2);
    const background = await page
      .locator('embed-analytics-chat')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe(view.colorScheme === 'dark' ? 'rgb(21, 23, 27)' : 'rgb(255, 255, 255)');
    const chartWidth = await page
      .locator('figure.chart svg')
      .evaluate((svg) => svg.getBoundingClientRect().width);
    expect(chartWidth).toBeLessThanOrEqual(view.width);
    expectNoProblems(problems);
    await screenshot(page, `replay-${view.name}`);
    await page.locator('li.step.tool[data-tool="coreSqlApi"]').scrollIntoViewIfNeeded();
    await screenshot(page, `replay-${view.name}-sql`);
    await context.close();
  });
});

describe('as a custom element on a customer page', () => {
  test('the example page embeds <embed-analytics-chat> and it chats with the service it was loaded from', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${server.baseUrl}/embed/assets/example.html?session=${freshSession()}&account=demo`);
    await ask(page, 'What is the total amount by region?');
    expect(await turnEnded(page, 1)).toBe('completed');
    expect(await page.locator('embed-analytics-chat h2.title').textContent()).toBe(
      'Ask Acme about your sales',
    );
    await page.locator('figure.chart[data-rendered="true"]').waitFor({ timeout: 20_000 });
    expectNoProblems(problems);
    await screenshot(page, 'replay-example-page');
    await context.close();
  });

  test('on a page of another origin, the element talks to the service its script came from', async () => {
    // Prepare: the customer's page, on its own origin, renders the session into the attribute.
    const session = freshSession();
    const host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Customer app</title><link rel="icon" href="data:,">
<script type="module" src="${server.baseUrl}/embed/assets/embed-chat.js"></script></head>
<body><main><h1>Customer app</h1>
<embed-analytics-chat session="${session}" account="demo" theme="dark" style="height: 600px"></embed-analytics-chat>
</main></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const { context, page, problems } = await openPage(browser);
    try {
      // Act
      await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
      await page.locator('textarea').waitFor();
      // Assess: no focus stolen from the host page, then a full answer
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
      await ask(page, 'What is the total amount by region?');
      expect(await turnEnded(page, 1)).toBe('completed');
      expect(server.chats.at(-1)?.authorization).toBe(`Bearer token-${session}`);
      const background = await page
        .locator('embed-analytics-chat')
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).toBe('rgb(21, 23, 27)');
      expectNoProblems(problems);
    } finally {
      await context.close();
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });
});

describe('a dropped connection', () => {
  test('re-attaches with the same messageId and chatId, and shows the answer once', async () => {
    // Prepare
    const { context, page } = await openPage(browser);
    await page.goto(chatPage(freshSession()));
    const before = server.chats.length;

    // Act: the first stream is cut after a partial line; the widget asks for the same message again.
    await ask(page, 'Total amount by region? drop');

    // Assess
    expect(await turnEnded(page, 1)).toBe('completed');
    const [first, second, ...rest] = server.chats.slice(before);
    expect(rest).toEqual([]);
    expect(first?.body.messageId).toMatch(/^\d{13,}-message$/);
    expect(second?.body).toMatchObject({
      input: 'Total amount by region? drop',
      messageId: first?.body.messageId,
      chatId: expect.stringMatching(/^chat-\d+$/),
    });
    // One turn on the page, without the partial text of the dropped stream.
    expect(await page.locator('article.turn').count()).toBe(1);
    expect(await page.locator('article.turn').textContent()).not.toContain('Half an');
    await context.close();
  });
});
