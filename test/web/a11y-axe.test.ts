/**
 * axe-core (WCAG 2.0, 2.1 and 2.2, A and AA, and its best practices) on the widget in every state a user meets:
 * the empty chat, a streaming answer, an answer with a chart and a table, a refusal, a failed step, a stopped
 * answer, an error, a thread, the notices (expired, no session), dark, 375 px, 200% and 400% zoom, and the
 * example host page. Any violation fails the test and names the rule and the node.
 */
import type { Browser, Page } from 'playwright-core';
import { buildWebAssets } from '../../functions/web/build';
import { axeViolations } from './support/a11y';
import { type ContextOptions, launchBrowser, openPage, type PageProblems } from './support/browser';
import { ask, chartsDrawn, chatPage, freshSession, turnEnded } from './support/chat';
import { type ReplayServer, startReplayServer } from './support/replay';

let browser: Browser;
let server: ReplayServer;

beforeAll(async () => {
  await buildWebAssets();
  // Lines paced at 10 ms: these tests look at settled states, not at the pace of a stream.
  [browser, server] = await Promise.all([launchBrowser(), startReplayServer({ lineDelayMs: 10 })]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens every disclosure, so that axe also reads what they hold (thinking, SQL). */
async function openDisclosures(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.querySelector('embed-analytics-chat')?.shadowRoot;
    for (const details of root?.querySelectorAll('details') ?? []) details.open = true;
  });
}

/** An answered question with its chart drawn and its disclosures open. */
async function answered(page: Page, question = 'What is the total amount by region?'): Promise<void> {
  await ask(page, question);
  expect(await turnEnded(page, 1)).toBe('completed');
  if (!question.includes('refuse')) await chartsDrawn(page);
  await openDisclosures(page);
}

/** The errors a state expects the browser to log (a refused request logs its status). */
function unexpected(problems: PageProblems, ...expected: string[]): string[] {
  return problems.errors.filter((error) => !expected.some((status) => error.includes(status)));
}

type State = {
  name: string;
  view?: ContextOptions;
  url?: () => string;
  act: (page: Page) => Promise<void>;
  logs?: string[];
};

const desktop = { width: 1280, height: 800 };

const states: State[] = [
  { name: 'empty chat', act: async (page) => void (await page.locator('textarea').waitFor()) },
  { name: 'answer with a chart and a table', act: (page) => answered(page) },
  { name: 'a refusal (text only)', act: (page) => answered(page, 'Please refuse this one') },
  {
    name: 'a failed step',
    act: async (page) => {
      await ask(page, 'Please fail this query');
      expect(await turnEnded(page, 1)).toBe('completed');
      await openDisclosures(page);
    },
  },
  {
    name: 'streaming',
    act: async (page) => {
      await ask(page, 'Give me a slow, long answer');
      await page.locator('.answer', { hasText: 'Part 3 of a long answer' }).waitFor();
    },
  },
  {
    name: 'stopped',
    act: async (page) => {
      await ask(page, 'Give me a slow, long answer');
      await page.locator('.answer', { hasText: 'Part 2 of a long answer' }).waitFor();
      await page.locator('button.stop').click();
      expect(await turnEnded(page, 1)).toBe('aborted');
    },
  },
  {
    name: 'an error of the service',
    act: async (page) => {
      await ask(page, 'busy thread please');
      expect(await turnEnded(page, 1)).toBe('error');
    },
    logs: ['409'],
  },
  {
    name: 'two turns (a thread)',
    act: async (page) => {
      await answered(page);
      await ask(page, 'And the monthly total?');
      expect(await turnEnded(page, 2)).toBe('completed');
      await chartsDrawn(page);
      await openDisclosures(page);
    },
  },
  { name: 'dark', view: { ...desktop, colorScheme: 'dark' }, act: (page) => answered(page) },
  {
    name: 'dark, monthly lines by region',
    view: { ...desktop, colorScheme: 'dark' },
    act: (page) => answered(page, 'What is the monthly total by region?'),
  },
  { name: '375 px', view: { width: 375, height: 667 }, act: (page) => answered(page) },
  {
    name: '375 px dark',
    view: { width: 375, height: 667, colorScheme: 'dark' },
    act: (page) => answered(page),
  },
  // A 1280 x 800 screen zoomed in: the CSS viewport shrinks by the zoom factor.
  { name: '200% zoom', view: { width: 640, height: 400 }, act: (page) => answered(page) },
  { name: '400% zoom', view: { width: 320, height: 200 }, act: (page) => answered(page) },
  {
    name: 'the example host page',
    url: () => `${server.baseUrl}/embed/assets/example.html?session=${freshSession()}&account=demo`,
    act: (page) => answered(page),
  },
  {
    name: 'the expired notice',
    url: () => `${server.baseUrl}/embed/chat?session=spent-session&account=demo`,
    act: async (page) => void (await page.locator('.notice-error').waitFor()),
    logs: ['401'],
  },
  {
    name: 'the no-session notice',
    url: () => `${server.baseUrl}/embed/chat`,
    act: async (page) => void (await page.locator('.notice-error').waitFor()),
  },
];

describe('the probe', () => {
  test("axe reads inside the widget's shadow root: a nameless button and faint text there are found", async () => {
    const { context, page } = await openPage(browser, desktop);
    await page.goto(chatPage(server.baseUrl));
    await page.locator('textarea').waitFor();
    await page.locator('embed-analytics-chat').evaluate((element) => {
      const shell = element.shadowRoot?.querySelector('.shell');
      const button = document.createElement('button');
      const faint = document.createElement('p');
      faint.textContent = 'Faint words';
      faint.style.color = '#eeeeee';
      shell?.append(button, faint);
    });
    const found = (await axeViolations(page)).map((line) => line.split(' ')[0]);
    expect(found).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
    await context.close();
  });
});

describe('axe finds no violation', () => {
  test.each(states)('$name', async (state) => {
    // Prepare
    const { context, page, problems } = await openPage(browser, state.view ?? desktop);
    await page.goto(state.url?.() ?? chatPage(server.baseUrl));

    // Act
    await state.act(page);

    // Assess
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpected(problems, ...(state.logs ?? []))).toEqual([]);
    await context.close();
  });
});
