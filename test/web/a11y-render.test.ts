/**
 * What the widget renders, read from Chromium itself: contrast from the computed colours of the controls and of the
 * drawn charts in both schemes (also after the scheme changes), no animation under reduced motion, the language
 * of the widget's own text and of the conversation, and the roles and names of Chromium's accessibility tree
 * (headings per question, no landmark per answer, the SQL block, the chart as one image).
 */
import type { Browser, Page } from 'playwright-core';
import { buildWebAssets } from '../../functions/web/build';
import { accessibilityTree, contrast, over, parseColor, type Rgb } from './support/a11y';
import { type ContextOptions, launchBrowser, openPage } from './support/browser';
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

const schemes = ['light', 'dark'] as const;

async function answeredPage(question: string, view: ContextOptions = {}) {
  const opened = await openPage(browser, { width: 1200, height: 900, ...view });
  await opened.page.goto(chatPage(server.baseUrl));
  await ask(opened.page, question);
  expect(await turnEnded(opened.page, 1)).toBe('completed');
  if (!question.includes('refuse')) await chartsDrawn(opened.page);
  return opened;
}

/** The first opaque background behind an element (across shadow roots), as the browser computed it. */
async function backgroundOf(page: Page, selector: string): Promise<Rgb> {
  const value = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      for (let node: Node | null = element; node; ) {
        if (node instanceof ShadowRoot) {
          node = node.host;
          continue;
        }
        if (node instanceof Element) {
          const color = getComputedStyle(node).backgroundColor;
          if (!/rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent') return color;
        }
        node = node.parentNode;
      }
      return 'rgb(255, 255, 255)';
    });
  return parseColor(value).rgb;
}

describe('contrast of the controls (1.4.11), read from the rendered colours', () => {
  test.each(schemes)(
    '%s: the question box border, the button borders and the focus ring reach 3:1',
    async (scheme) => {
      const { context, page } = await answeredPage('What is the total amount by region?', {
        colorScheme: scheme,
      });
      const ratios: Record<string, number> = {};
      const composer = await backgroundOf(page, 'form.composer');
      const input = await backgroundOf(page, 'textarea.input');
      const border = parseColor(
        await page.locator('textarea.input').evaluate((e) => getComputedStyle(e).borderTopColor),
      );
      ratios['question box border / around it'] = contrast(over(border, composer), composer);
      ratios['question box border / inside it'] = contrast(over(border, input), input);
      for (const selector of ['button.new-chat', 'button.copy']) {
        const around = await backgroundOf(page, `${selector} >> xpath=..`);
        const edge = parseColor(
          await page
            .locator(selector)
            .first()
            .evaluate((e) => getComputedStyle(e).borderTopColor),
        );
        ratios[`${selector} border`] = contrast(over(edge, around), around);
      }
      await page.locator('textarea.input').focus();
      const ring = parseColor(
        await page.locator('textarea.input').evaluate((e) => getComputedStyle(e).outlineColor),
      );
      ratios['focus ring / around it'] = contrast(over(ring, composer), composer);

      for (const [what, ratio] of Object.entries(ratios)) {
        expect({ what, ok: ratio >= 3, ratio: Number(ratio.toFixed(2)) }).toMatchObject({ what, ok: true });
      }
      await context.close();
    },
  );
});

/**
 * Every drawn colour of the charts against the chart's background: data marks (lines, points, bars, legend
 * symbols) at least 4.5:1 (WCAG asks 3:1 of graphics; lines are 2 px and points small, so the widget keeps the
 * text ratio), all text 4.5:1, axis lines and ticks 3:1. Grid lines are decoration and are not measured.
 */
async function chartContrast(page: Page): Promise<string[]> {
  const background = await backgroundOf(page, 'figure.chart');
  const drawn = await page.locator('figure.chart svg').evaluateAll((svgs) =>
    svgs.flatMap((svg) =>
      [...svg.querySelectorAll('path, line, rect, text')].flatMap((node) => {
        const group = node.closest('g[class*="role-"]');
        const role = /role-([a-z-]+)/.exec(group?.getAttribute('class') ?? '')?.[1] ?? 'none';
        if (role === 'axis-grid' || role === 'frame' || node.classList.contains('background')) return [];
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return [];
        let opacity = 1;
        for (let at: Element | null = node; at && at !== svg; at = at.parentElement) {
          opacity *= Number(getComputedStyle(at).opacity);
        }
        const paints: { kind: string; color: string; alpha: number }[] = [];
        if (style.fill !== 'none' && !style.fill.startsWith('url')) {
          paints.push({ kind: 'fill', color: style.fill, alpha: Number(style.fillOpacity) * opacity });
        }
        if (style.stroke !== 'none' && Number.parseFloat(style.strokeWidth) > 0) {
          paints.push({ kind: 'stroke', color: style.stroke, alpha: Number(style.strokeOpacity) * opacity });
        }
        return paints.map((paint) => ({ role, tag: node.tagName, ...paint }));
      }),
    ),
  );
  expect(drawn.length).toBeGreaterThan(10);
  const failures: string[] = [];
  for (const paint of drawn) {
    const color = parseColor(paint.color);
    if (color.alpha * paint.alpha === 0) continue;
    const shown = over({ rgb: color.rgb, alpha: color.alpha * paint.alpha }, background);
    const ratio = contrast(shown, background);
    const needed = paint.role.startsWith('axis-domain') || paint.role.startsWith('axis-tick') ? 3 : 4.5;
    if (ratio < needed) {
      failures.push(
        `${paint.role} ${paint.tag} ${paint.kind} ${paint.color}: ${ratio.toFixed(2)} < ${needed}`,
      );
    }
  }
  return [...new Set(failures)];
}

describe('chart colours keep contrast in both schemes, read from the drawn SVG', () => {
  const charts = [
    { name: 'bars', question: 'What is the total amount by region?' },
    { name: 'a monthly line', question: 'What is the monthly total?' },
    { name: 'monthly lines by region', question: 'What is the monthly total by region?' },
  ];
  test.each(schemes.flatMap((scheme) => charts.map((chart) => ({ ...chart, scheme }))))(
    '$scheme: $name',
    async ({ question, scheme }) => {
      const { context, page } = await answeredPage(question, { colorScheme: scheme });
      expect(await chartContrast(page)).toEqual([]);
      await context.close();
    },
  );

  test('a chart drawn in light is redrawn in dark colours when the host switches the scheme', async () => {
    const { context, page } = await answeredPage('What is the monthly total by region?', {
      colorScheme: 'light',
    });
    const before = await page.locator('figure.chart svg').innerHTML();
    await page.locator('embed-analytics-chat').evaluate((element) => element.setAttribute('theme', 'dark'));
    await page.waitForFunction(
      (old) => {
        const svg = document
          .querySelector('embed-analytics-chat')
          ?.shadowRoot?.querySelector('figure.chart svg');
        return !!svg && svg.innerHTML !== old;
      },
      before,
      { timeout: 10_000 },
    );
    await chartsDrawn(page);
    expect(await chartContrast(page)).toEqual([]);
    await context.close();
  });
});

describe('reduced motion', () => {
  /** The animations running in the widget at a moment its "working" spinner is shown. */
  async function animationsWhileWorking(page: Page): Promise<string[]> {
    const found = await page.waitForFunction(() => {
      const root = document.querySelector('embed-analytics-chat')?.shadowRoot;
      if (!root?.querySelector('.working')) return false;
      return root
        .getAnimations()
        .map((animation) =>
          animation instanceof CSSAnimation ? animation.animationName : animation.constructor.name,
        );
    });
    return (await found.jsonValue()) as string[];
  }

  test('nothing spins while an answer is awaited when the user asks for reduced motion, and it does otherwise', async () => {
    for (const reduce of [true, false]) {
      const { context, page } = await openPage(browser);
      await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
      await page.goto(chatPage(server.baseUrl));
      await ask(page, 'Please ponder the total amount by region');
      const running = await animationsWhileWorking(page);
      expect({ reduce, running }).toEqual({ reduce, running: reduce ? [] : ['spin'] });
      expect(await turnEnded(page, 1)).toBe('completed');
      await context.close();
    }
  });
});

describe('language', () => {
  /** Whether an element in the widget matches `:lang(code)`. */
  const langOf = (page: Page, selector: string, code: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element, lang) => element.matches(`:lang(${lang})`), code);

  test('on a German host page the widget’s own text is English and the conversation follows the page, or the element’s lang', async () => {
    const { context, page } = await openPage(browser);
    await page.route('**/german.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="de"><head><title>Kundenportal</title>
<script type="module" src="${server.baseUrl}/embed/assets/embed-chat.js"></script></head>
<body><main><h1>Kundenportal</h1>
<embed-analytics-chat session="${freshSession()}" account="demo" style="display:block;height:600px"></embed-analytics-chat>
</main></body></html>`,
      }),
    );
    await page.goto(`${server.baseUrl}/german.html`);
    await ask(page, 'Wie hoch ist der Umsatz je Region?');
    expect(await turnEnded(page, 1)).toBe('completed');

    for (const selector of ['.title', 'button.new-chat', 'label[for="question"]', '.hint', '.step-head']) {
      expect({ selector, en: await langOf(page, selector, 'en') }).toEqual({ selector, en: true });
    }
    for (const selector of ['.question-text', '.answer-body']) {
      expect({ selector, de: await langOf(page, selector, 'de') }).toEqual({ selector, de: true });
    }

    // The element's own lang attribute names the conversation's language over the page's.
    await page.locator('embed-analytics-chat').evaluate((element) => element.setAttribute('lang', 'fr'));
    await ask(page, 'Quel est le total par région ?');
    expect(await turnEnded(page, 2)).toBe('completed');
    expect(await langOf(page, 'article.turn >> nth=1 >> .question-text', 'fr')).toBe(true);
    expect(await langOf(page, 'article.turn >> nth=1 >> .step-head', 'en')).toBe(true);
    await context.close();
  });

  test('the embed page takes the conversation’s language from ?lang=', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${chatPage(server.baseUrl)}&lang=fr`);
    await ask(page, 'Quel est le total par région ?');
    expect(await turnEnded(page, 1)).toBe('completed');
    expect(await langOf(page, '.question-text', 'fr')).toBe(true);
    expect(await langOf(page, '.title', 'en')).toBe(true);
    await context.close();
  });
});

describe("Chromium's accessibility tree", () => {
  test('questions are headings below the title; answers are no landmarks; the SQL, the rows and the chart have names', async () => {
    const { context, page } = await answeredPage('What is the total amount by region?');
    await ask(page, 'What is the monthly total?');
    expect(await turnEnded(page, 2)).toBe('completed');
    await chartsDrawn(page);
    const tree = await accessibilityTree(page);
    const headings = tree
      .filter((node) => node.role === 'heading')
      .map((node) => `${node.properties.level} ${node.name}`);
    expect(headings).toEqual([
      '1 Ask about your data',
      '2 You asked: What is the total amount by region?',
      '2 You asked: What is the monthly total?',
    ]);
    expect(tree.filter((node) => node.role === 'main')).toHaveLength(1);
    const landmarks = tree.filter((node) =>
      ['region', 'main', 'form', 'navigation', 'complementary', 'banner', 'contentinfo'].includes(node.role),
    );
    expect(landmarks.map((node) => `${node.role} ${node.name}`)).toEqual(['main ', 'form Ask a question']);

    const named = (role: string) => tree.filter((node) => node.role === role).map((node) => node.name);
    expect(named('group').filter((name) => name.startsWith('SQL of'))).toEqual([
      'SQL of Total amount by region',
      'SQL of Total amount by month',
    ]);
    const copies = named('button').filter((name) => name.startsWith('Copy SQL'));
    expect(copies).toHaveLength(2);
    expect(new Set(copies).size).toBe(2);

    const images = tree.filter((node) => node.role === 'image');
    expect(images.map((node) => node.name)).toEqual([
      'Bar chart of Total amount by region. The rows are in the table below.',
      'Line chart of Total amount by month. The rows are in the table below.',
    ]);
    // One image each: none of Vega's marks, axes or raw numbers reach the screen reader.
    for (const image of images) expect(image.exposed).toEqual([]);
    expect(tree.some((node) => /\d{5,}\.\d/.test(node.name))).toBe(false);
    await context.close();
  });
});
