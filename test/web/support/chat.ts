/**
 * Small steps the browser tests of the widget share: asking, waiting for a turn's end, a chart's rendering. The
 * waits allow a minute: a loaded CI machine runs Chromium many times slower than a quiet one.
 */
import type { Page } from 'playwright-core';

let sessions = 0;

/** A session id the replay stand-in accepts once. */
export const freshSession = (prefix = 'fresh'): string => `${prefix}-${Date.now()}-${++sessions}`;

/** The embed page of the stand-in for a new session. */
export const chatPage = (baseUrl: string, session = freshSession()): string =>
  `${baseUrl}/embed/chat?session=${session}&account=demo&agent=1`;

/** Types a question and presses Ask with the mouse. */
export async function ask(page: Page, question: string): Promise<void> {
  await page.locator('textarea').fill(question);
  await page.locator('button.send').click();
}

/** Waits until the n-th turn (1-based) has ended, and returns its status. */
export async function turnEnded(page: Page, index: number): Promise<string | null> {
  const turn = page.locator('article.turn').nth(index - 1);
  await turn.locator('xpath=self::*[@data-status]').waitFor({ timeout: 60_000 });
  return turn.getAttribute('data-status');
}

/** Waits until every chart on the page is drawn. */
export async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.querySelector('embed-analytics-chat')?.shadowRoot;
      const charts = [...(root?.querySelectorAll('figure.chart') ?? [])];
      return charts.length > 0 && charts.every((chart) => chart.getAttribute('data-rendered') === 'true');
    },
    undefined,
    { timeout: 60_000 },
  );
}
