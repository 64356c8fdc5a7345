/**
 * The widget with the keyboard only, in Chromium against the replay stand-in: ask, stop (the button and Escape),
 * copy the SQL and start a new chat, asserting where focus is after every step; the Tab order through an answer;
 * focus rings that nothing clips; who moves focus on load; and what the live regions announce for one streamed
 * answer and for a stopped one.
 */
import type { Browser, Page } from 'playwright-core';
import { buildWebAssets } from '../../functions/web/build';
import { focused, focusRingClipped } from './support/a11y';
import { announced, announcements, recordAnnouncements } from './support/announcements';
import { type ContextOptions, launchBrowser, openPage } from './support/browser';
import { chartsDrawn, chatPage, freshSession, turnEnded } from './support/chat';
import { type ReplayServer, startReplayServer } from './support/replay';

let browser: Browser;
let server: ReplayServer;

beforeAll(async () => {
  await buildWebAssets();
  [browser, server] = await Promise.all([launchBrowser(), startReplayServer()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const QUESTION_BOX = 'textarea.input';
const TITLE = 'Total amount by region';

/** Lets the page render twice (a focused control that got disabled loses focus at a rendering step). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Opens the embed page and waits until the question box has focus (the page is the whole UI). */
async function openChat(view?: ContextOptions) {
  const opened = await openPage(browser, view);
  await opened.page.goto(chatPage(server.baseUrl));
  await opened.page.locator(QUESTION_BOX).waitFor();
  await settled(opened.page);
  return opened;
}

/** Presses a key and returns where focus went. */
async function press(page: Page, key: string): Promise<string> {
  await page.keyboard.press(key);
  await settled(page);
  return focused(page);
}

/** Asks with the keyboard only: types into the focused question box and presses Enter. */
async function askByKeyboard(page: Page, question: string): Promise<void> {
  expect(await focused(page)).toBe(QUESTION_BOX);
  await page.keyboard.type(question);
  expect(await press(page, 'Enter')).toBe(QUESTION_BOX);
}

describe('keyboard only', () => {
  test('ask: Tab to Ask and press Enter; focus moves to Stop while the answer streams, then back to the question box', async () => {
    const { context, page, problems } = await openChat();
    expect(await focused(page)).toBe(QUESTION_BOX);
    await page.keyboard.type('What is the total amount by region?');

    // Stop is disabled, so Tab goes from the question box to Ask.
    expect(await press(page, 'Tab')).toBe('button.send "Ask"');
    expect(await press(page, 'Enter')).toBe('button.stop "Stop"');

    expect(await turnEnded(page, 1)).toBe('completed');
    await settled(page);
    expect(await focused(page)).toBe(QUESTION_BOX);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('stop: Tab to Stop and press Enter, or press Escape; focus stays in the question box', async () => {
    const { context, page, problems } = await openChat();
    await askByKeyboard(page, 'Give me a slow, long answer');
    await page.locator('.answer', { hasText: 'Part 1 of a long answer' }).waitFor();
    expect(await press(page, 'Tab')).toBe('button.stop "Stop"');
    expect(await press(page, 'Enter')).toBe(QUESTION_BOX);
    expect(await turnEnded(page, 1)).toBe('aborted');
    expect(await focused(page)).toBe(QUESTION_BOX);

    // Escape anywhere in the widget stops the running answer.
    await askByKeyboard(page, 'Another slow, long answer');
    await page.locator('article.turn').nth(1).locator('.answer', { hasText: 'Part 1 of' }).waitFor();
    expect(await press(page, 'Escape')).toBe(QUESTION_BOX);
    const ended = await page
      .locator('article.turn')
      .nth(1)
      .locator('xpath=self::*[@data-status="aborted"]')
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    expect(ended).toBe(true);
    expect(server.aborts.length).toBeGreaterThanOrEqual(2);
    expect(await focused(page)).toBe(QUESTION_BOX);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('copy: Shift+Tab back to Copy SQL, press Enter; focus stays on the button and the SQL is on the clipboard', async () => {
    const { context, page, problems } = await openChat();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await askByKeyboard(page, 'What is the total amount by region?');
    expect(await turnEnded(page, 1)).toBe('completed');
    await settled(page);

    // Backwards from the question box: the result table, then the Copy SQL button of that query.
    expect(await press(page, 'Shift+Tab')).toMatch(/^div\.table-scroll/);
    const copy = await press(page, 'Shift+Tab');
    expect(copy).toMatch(new RegExp(`^button\\.copy "Copy SQL.*${TITLE}`));
    expect(await press(page, 'Enter')).toMatch(/^button\.copy "Copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('MEASURE(total_amount)');
    // The label comes back; focus stays where it was.
    await page.locator('button.copy', { hasText: 'Copy SQL' }).waitFor();
    expect(await focused(page)).toBe(copy);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  test('new chat: Shift+Tab back to New chat, press Enter; the thread starts over and focus is in the question box', async () => {
    const { context, page, problems } = await openChat();
    await askByKeyboard(page, 'What is the total amount by region?');
    // While the answer runs, New chat is disabled (Tab skips it).
    expect(await page.locator('button.new-chat').isDisabled()).toBe(true);
    expect(await turnEnded(page, 1)).toBe('completed');
    await settled(page);

    // Back from the question box through the answer to the bar above the conversation.
    let at = await focused(page);
    for (let step = 0; step < 10 && at !== 'button.new-chat "New chat"'; step += 1) {
      at = await press(page, 'Shift+Tab');
    }
    expect(at).toBe('button.new-chat "New chat"');
    expect(await press(page, 'Enter')).toBe(QUESTION_BOX);
    expect(await page.locator('article.turn').count()).toBe(0);
    await askByKeyboard(page, 'What is the total amount by region?');
    expect(await turnEnded(page, 1)).toBe('completed');
    expect(server.chats.at(-1)?.body.chatId).toBeUndefined();
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});

describe('scrolling and disclosures', () => {
  test('the conversation scrolls with End, Home and Page Down, and Enter and Space open and close a disclosure', async () => {
    const { context, page } = await openChat({ width: 375, height: 667 });
    await askByKeyboard(page, 'What is the total amount by region?');
    expect(await turnEnded(page, 1)).toBe('completed');
    await chartsDrawn(page);
    let at = await focused(page);
    for (let step = 0; step < 10 && at !== 'div.conversation "Conversation"'; step += 1) {
      at = await press(page, 'Shift+Tab');
    }
    expect(at).toBe('div.conversation "Conversation"');
    // Waits until the conversation is scrolled to its top, or away from it.
    const scrolled = (top: boolean) =>
      page.waitForFunction((atTop) => {
        const box = document
          .querySelector('embed-analytics-chat')
          ?.shadowRoot?.querySelector('.conversation');
        return !!box && (box.scrollTop === 0) === atTop;
      }, top);
    await press(page, 'End');
    await scrolled(false);
    await press(page, 'Home');
    await scrolled(true);
    await press(page, 'PageDown');
    await scrolled(false);

    expect(await press(page, 'Tab')).toBe('summary "Thinking"');
    const open = () =>
      page.locator('details.thinking').evaluate((details) => (details as HTMLDetailsElement).open);
    await press(page, 'Enter');
    expect(await open()).toBe(true);
    await press(page, 'Space');
    expect(await open()).toBe(false);
    expect(await focused(page)).toBe('summary "Thinking"');
    await context.close();
  });
});

describe('Tab order and focus rings', () => {
  test.each([
    { name: 'embed page, desktop', view: { width: 1280, height: 800 }, example: false },
    { name: 'embed page, 375 px', view: { width: 375, height: 667 }, example: false },
    { name: 'example host page, desktop', view: { width: 1280, height: 800 }, example: true },
  ])(
    '$name: Tab reaches every control of an answer in order, and no focus ring is cut off',
    async ({ view, example }) => {
      const { context, page } = await openPage(browser, view);
      const url = example
        ? `${server.baseUrl}/embed/assets/example.html?session=${freshSession()}&account=demo`
        : chatPage(server.baseUrl);
      await page.goto(url);
      await page.locator(QUESTION_BOX).fill('What is the total amount by region?');
      await page.locator(QUESTION_BOX).press('Enter');
      expect(await turnEnded(page, 1)).toBe('completed');
      await chartsDrawn(page);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.locator('embed-analytics-chat').evaluate((element) => element.scrollIntoView());

      const stops: string[] = [];
      const clipped: string[] = [];
      for (let step = 0; step < 12; step += 1) {
        const at = await press(page, 'Tab');
        if (at === 'BODY' || !(await page.evaluate(() => !!document.activeElement?.shadowRoot))) break;
        stops.push(at);
        const cut = await focusRingClipped(page);
        if (cut) clipped.push(cut);
      }

      expect({ stops, clipped }).toEqual({
        stops: [
          'button.new-chat "New chat"',
          'div.conversation "Conversation"',
          'summary "Thinking"',
          'summary "SQL"',
          expect.stringMatching(new RegExp(`^pre\\.sql-code "SQL of ${TITLE}`)),
          expect.stringMatching(new RegExp(`^button\\.copy "Copy SQL.*${TITLE}`)),
          expect.stringMatching(new RegExp(`^div\\.table-scroll "Rows of ${TITLE}`)),
          QUESTION_BOX,
          'button.send "Ask"',
        ],
        clipped: [],
      });
      await context.close();
    },
  );
});

describe('focus on load', () => {
  test('the embed page, when it is the whole page, puts focus in the question box, or on its notice', async () => {
    const { context, page } = await openChat();
    expect(await focused(page)).toBe(QUESTION_BOX);
    await page.goto(`${server.baseUrl}/embed/chat?session=spent-session&account=demo`);
    await page.locator('.notice-error').waitFor();
    await settled(page);
    expect(await focused(page)).toBe('div.notice.notice-error');
    await context.close();
  });

  test('the example host page and a host page framing the embed page keep focus where the host has it', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/embed/assets/example.html?session=${freshSession()}&account=demo`);
    await page.locator(QUESTION_BOX).waitFor();
    await settled(page);
    expect(await focused(page)).toBe('BODY');
    // Nor does a notice: a spent session on the host page is an alert, read without taking focus.
    await page.goto(`${server.baseUrl}/embed/assets/example.html?session=spent-session&account=demo`);
    await page.locator('.notice-error').waitFor();
    await settled(page);
    expect(await focused(page)).toBe('BODY');

    await page.route('**/framed.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Host</title><main><h1>Host</h1>
<iframe title="Ask about your data" src="${chatPage(server.baseUrl)}" style="width:600px;height:500px"></iframe></main>`,
      }),
    );
    await page.goto(`${server.baseUrl}/framed.html`);
    const frame = page.frameLocator('iframe');
    await frame.locator(QUESTION_BOX).waitFor();
    await settled(page);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await context.close();
  });
});

describe('live regions', () => {
  test('one streamed answer is announced step by step, its text once and whole', async () => {
    const { context, page } = await openChat();
    await recordAnnouncements(page);
    await askByKeyboard(page, 'What is the total amount by region?');
    expect(await turnEnded(page, 1)).toBe('completed');
    await chartsDrawn(page);
    await announced(page, 'Answer complete');
    // Anything said after the end would show here.
    await page.waitForTimeout(200);

    expect(await announcements(page)).toEqual([
      { politeness: 'polite', text: 'Working on your question' },
      { politeness: 'polite', text: 'Searching the data model for “total amount region”' },
      { politeness: 'polite', text: TITLE },
      {
        politeness: 'polite',
        text: 'The east region has the highest total amount, 41,250.50, followed by north (38,900.25).',
      },
      { politeness: 'polite', text: 'Answer complete' },
    ]);
    await context.close();
  });

  test('a stopped answer is announced once as stopped', async () => {
    const { context, page } = await openChat();
    await recordAnnouncements(page);
    await askByKeyboard(page, 'Give me a slow, long answer');
    await page.locator('.answer', { hasText: 'Part 2 of a long answer' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await turnEnded(page, 1)).toBe('aborted');
    await announced(page, 'Stopped. The answer above may be incomplete.');
    // Anything said after the end would show here.
    await page.waitForTimeout(200);

    const said = (await announcements(page)).map((a) => a.text);
    expect(said[0]).toBe('Working on your question');
    // "Stopping" is said once, before the end; the partial answer (another region) may settle before or after
    // it, as the abort races the 50 ms the status region waits between clearing and saying.
    expect(said.filter((text) => text === 'Stopping')).toHaveLength(1);
    expect(said.indexOf('Stopping')).toBeLessThan(
      said.indexOf('Stopped. The answer above may be incomplete.'),
    );
    // The partial answer, read once when it settled.
    expect(said.filter((text) => text.startsWith('Part 0 of a long answer'))).toHaveLength(1);
    expect(said.filter((text) => /stopped/i.test(text) && !text.startsWith('Part 0'))).toEqual([
      'Stopped. The answer above may be incomplete.',
    ]);
    await context.close();
  });
});
