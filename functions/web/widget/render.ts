/**
 * The DOM of one conversation turn: the question, the agent's steps (tool calls with their state, SQL,
 * rows and chart; interim notes with collapsed thinking) and the answer, updated as messages stream in.
 */
import { h, replaceChildren } from './dom';
import { renderMarkdown } from './markdown';
import {
  type Change,
  isMetaTool,
  isSqlTool,
  rowsAsObjects,
  type SqlResult,
  type Step,
  streamingText,
  type TextStep,
  type ToolStep,
  type Turn,
} from './protocol';

export interface TurnHost {
  /** Announces a short status to screen readers. */
  announce(message: string): void;
  /** Whether charts should use the dark theme. */
  isDark(): boolean;
  /** Content grew on its own (a chart was drawn). */
  grew(): void;
  /** The conversation's language (`lang`), when the host page says it; the widget's own words are English. */
  readonly contentLang: string | undefined;
  /** The level of each question's heading: one below the widget's title. */
  readonly questionLevel: 2 | 3;
}

/** Sent to a chart's figure when the colour scheme changed: the chart is drawn again in the new colours. */
export const CHART_REDRAW = 'embed-chart-redraw';

const STATUS_LABEL: Record<ToolStep['status'], string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'object') return JSON.stringify(value);
  // Midnight timestamps are dates (truncated to a day, month or year): drop the time.
  return String(value).replace(/^(\d{4}-\d{2}-\d{2})[T ]00:00:00(?:\.0+)?(?:Z|[+-]00(?::?00)?)?$/, '$1');
}

function isNumericType(type: string): boolean {
  return /int|decimal|numeric|double|float|real|number/i.test(type);
}

function toolTitle(step: ToolStep): string {
  if (isMetaTool(step.name)) {
    const query = step.input.searchQuery;
    return typeof query === 'string' && query
      ? `Searching the data model for “${query}”`
      : 'Searching the data model';
  }
  if (isSqlTool(step.name)) {
    const title = step.sql?.queryTitle ?? step.input.queryTitle;
    return typeof title === 'string' && title ? title : 'Running a query';
  }
  return `Tool ${step.name}`;
}

function rowsTable(result: SqlResult, title: string): HTMLElement {
  const shown = result.rows.length;
  const caption = `${shown.toLocaleString()} of ${result.totalRows.toLocaleString()} rows`;
  const numeric = result.columns.map((column) => isNumericType(column.type));
  const table = h(
    'table',
    {},
    h('caption', { text: caption }),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...result.columns.map((column, index) =>
          h('th', { attrs: { scope: 'col' }, class: numeric[index] ? 'num' : undefined, text: column.name }),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      ...result.rows.map((row) =>
        h(
          'tr',
          {},
          ...result.columns.map((_, index) =>
            h('td', { class: numeric[index] ? 'num' : undefined, text: cellText(row[index]) }),
          ),
        ),
      ),
    ),
  );
  // A scrolling area must be reachable by keyboard to be scrolled without a mouse; a named group, not a landmark.
  return h(
    'div',
    {
      class: 'table-scroll',
      attrs: {
        tabindex: 0,
        role: 'group',
        'aria-label': `Rows of ${title}, ${shown.toLocaleString()} of ${result.totalRows.toLocaleString()}`,
      },
    },
    table,
  );
}

async function copyText(text: string, fallback: HTMLElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (insecure context, iframe without clipboard-write): select for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents(fallback);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return false;
  }
}

function sqlBlock(sql: string, title: string, host: TurnHost): HTMLElement {
  const code = h('code', { text: sql });
  // It scrolls, so it is a Tab stop: a group named after its query (a role that may carry a name).
  const pre = h(
    'pre',
    { class: 'sql-code', attrs: { tabindex: 0, role: 'group', 'aria-label': `SQL of ${title}` } },
    code,
  );
  // The visible label plus the query's title: every Copy SQL button says which SQL it copies.
  const label = h('span', { text: 'Copy SQL' });
  const button = h(
    'button',
    { class: 'copy', attrs: { type: 'button' } },
    label,
    h('span', { class: 'sr-only', text: ` of ${title}` }),
  );
  button.addEventListener('click', () => {
    void copyText(sql, code).then((copied) => {
      host.announce(copied ? 'SQL copied to the clipboard' : 'SQL selected: press Ctrl+C to copy');
      label.textContent = copied ? 'Copied' : 'Selected';
      window.setTimeout(() => {
        label.textContent = 'Copy SQL';
      }, 2000);
    });
  });
  return h(
    'details',
    { class: 'sql', attrs: { open: true } },
    h('summary', { text: 'SQL' }),
    h('div', { class: 'sql-body' }, pre, button),
  );
}

const CHART_KIND: Record<string, string> = {
  bar: 'Bar chart',
  line: 'Line chart',
  area: 'Area chart',
  point: 'Scatter plot',
  circle: 'Scatter plot',
  square: 'Scatter plot',
  arc: 'Pie chart',
  rect: 'Heat map',
};

/** What a screen reader hears for a chart: its kind and title, and where its numbers are. */
function chartLabel(spec: Record<string, unknown>, title: string): string {
  const mark = spec.mark;
  const type = typeof mark === 'string' ? mark : (mark as { type?: unknown } | undefined)?.type;
  const kind = (typeof type === 'string' && CHART_KIND[type]) || 'Chart';
  return `${kind} of ${title}. The rows are in the table below.`;
}

/**
 * The drawn chart as one image with a name: Vega's SVG would otherwise read as "Vega visualization" and every mark
 * with its raw numbers, which the table beside it already gives, formatted.
 */
function asImage(target: HTMLElement, label: string): void {
  target.setAttribute('role', 'img');
  target.setAttribute('aria-label', label);
  target.removeAttribute('aria-roledescription');
  // Chromium still exposes an image's SVG children (marks, axes, an empty form of bindings): hide them.
  for (const child of target.children) child.setAttribute('aria-hidden', 'true');
}

function chartBlock(result: SqlResult, host: TurnHost): HTMLElement | undefined {
  const spec = result.vegaSpec;
  if (!spec || result.rows.length === 0) return undefined;
  const title = typeof spec.title === 'string' ? spec.title : (result.queryTitle ?? 'Chart');
  const target = h('div', { class: 'chart-target' });
  const figure = h('figure', { class: 'chart' }, target);
  let release: (() => void) | undefined;
  const draw = () =>
    import('./chart')
      .then(({ renderChart }) => {
        release?.();
        return renderChart(target, spec, rowsAsObjects(result), host.isDark());
      })
      .then((finalize) => {
        release = finalize;
        asImage(target, chartLabel(spec, title));
        figure.setAttribute('data-rendered', 'true');
        host.grew();
      });
  // Drawn again in the new scheme's colours; a chart still loading or failed is left as it is.
  figure.addEventListener(CHART_REDRAW, () => {
    if (figure.getAttribute('data-rendered') !== 'true') return;
    figure.setAttribute('data-rendered', 'false');
    void draw().catch(() => figure.setAttribute('data-rendered', 'error'));
  });
  draw().catch((error: unknown) => {
    figure.setAttribute('data-rendered', 'error');
    replaceChildren(
      target,
      h('p', {
        class: 'chart-error',
        text: `The chart could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  });
  return figure;
}

function metaSummary(step: ToolStep): HTMLElement | undefined {
  const cubes = step.result?.cubes;
  if (!Array.isArray(cubes)) return undefined;
  const names = cubes
    .map((cube) =>
      typeof cube === 'object' && cube !== null ? String((cube as Record<string, unknown>).name ?? '') : '',
    )
    .filter(Boolean);
  const text =
    names.length === 0 ? 'Nothing matched in the data model.' : `Found ${names.length}: ${names.join(', ')}`;
  return h('p', { class: 'step-note', text });
}

function toolBody(step: ToolStep, host: TurnHost): (HTMLElement | undefined)[] {
  if (step.status === 'failed') {
    return [h('p', { class: 'step-error', text: step.error ?? 'The step failed.' })];
  }
  if (isMetaTool(step.name)) return [step.status === 'done' ? metaSummary(step) : undefined];
  if (!isSqlTool(step.name)) return [];
  const sql =
    step.sql?.sqlQuery ?? (typeof step.input.sqlQuery === 'string' ? step.input.sqlQuery : undefined);
  const description = step.sql?.description ?? step.input.description;
  return [
    typeof description === 'string' && description
      ? h('p', { class: 'step-note', text: description, attrs: { lang: host.contentLang } })
      : undefined,
    sql ? sqlBlock(sql, toolTitle(step), host) : undefined,
    step.sql ? chartBlock(step.sql, host) : undefined,
    step.sql ? rowsTable(step.sql, toolTitle(step)) : undefined,
  ];
}

function renderTool(element: HTMLElement, step: ToolStep, host: TurnHost): void {
  element.className = `step tool status-${step.status}`;
  element.dataset.status = step.status;
  element.dataset.tool = step.name;
  replaceChildren(
    element,
    h(
      'div',
      { class: 'step-head' },
      h('span', { class: `badge badge-${step.status}`, text: STATUS_LABEL[step.status] }),
      h('span', { class: 'step-title', text: toolTitle(step) }),
    ),
    ...toolBody(step, host),
  );
}

function thinkingBlock(thinking: string, lang: string | undefined): HTMLElement | undefined {
  if (!thinking.trim()) return undefined;
  return h(
    'details',
    { class: 'thinking' },
    h('summary', { text: 'Thinking' }),
    h('div', { class: 'thinking-body', text: thinking, attrs: { lang } }),
  );
}

function renderText(element: HTMLElement, step: TextStep, asAnswer: boolean, lang: string | undefined): void {
  element.className = 'step text';
  const content = asAnswer ? undefined : step.content.trim();
  element.hidden = asAnswer ? !step.thinking.trim() : !content && !step.thinking.trim();
  replaceChildren(
    element,
    thinkingBlock(step.thinking, lang),
    content ? h('div', { class: 'step-note md', attrs: { lang } }, renderMarkdown(content)) : undefined,
  );
}

/** One question and its streamed answer. */
export class TurnView {
  readonly element: HTMLElement;
  private readonly steps: HTMLOListElement;
  private readonly answer: HTMLElement;
  private readonly answerBody: HTMLElement;
  private readonly status: HTMLElement;
  private readonly stepElements = new Map<string, HTMLLIElement>();
  /** What the answer area shows now: it is rebuilt only when that changes, so its live region speaks once. */
  private shownAnswer: string | undefined;

  constructor(
    private readonly turn: Turn,
    private readonly host: TurnHost,
    index: number,
  ) {
    this.steps = h('ol', { class: 'steps', attrs: { 'aria-label': 'Steps' } });
    this.answerBody = h('div', { class: 'answer-body md', attrs: { lang: host.contentLang } });
    // A live region, not a landmark: one named "Answer" per turn would crowd the landmark list.
    this.answer = h(
      'div',
      { class: 'answer pending', attrs: { 'aria-live': 'polite', 'aria-busy': 'true' } },
      this.answerBody,
    );
    // Said through the widget's status region (or as an alert), so it is not a live region itself.
    this.status = h('p', { class: 'turn-status' });
    this.element = h(
      'article',
      { class: 'turn', attrs: { 'aria-label': `Question ${index}` } },
      // Each question is a heading, so screen-reader users can jump from question to question.
      h(
        host.questionLevel === 2 ? 'h2' : 'h3',
        { class: 'question' },
        h('span', { class: 'sr-only', text: 'You asked: ' }),
        h('span', { class: 'question-text', text: turn.question, attrs: { lang: host.contentLang } }),
      ),
      this.steps,
      this.answer,
      this.status,
    );
    this.steps.hidden = true;
    this.renderAnswer();
  }

  /** Applies a change reported by the protocol reducer. */
  update(change: Change): void {
    if (change.kind === 'step') this.renderStep(change.step, change.added);
    if (change.kind === 'step' || change.kind === 'final' || change.kind === 'status') {
      this.refreshTextSteps();
      this.renderAnswer();
    }
    if (change.kind === 'status') {
      // Steps still running when the turn ended are shown as stopped or failed.
      for (const step of this.turn.steps) {
        const element = this.stepElements.get(step.id);
        if (step.kind === 'tool' && step.status === 'failed' && element) renderTool(element, step, this.host);
      }
      this.renderStatus();
    }
  }

  private renderStep(step: Step, added: boolean): void {
    let element = this.stepElements.get(step.id);
    if (!element) {
      element = h('li');
      this.stepElements.set(step.id, element);
      this.steps.append(element);
      this.steps.hidden = false;
    }
    if (step.kind === 'tool') {
      renderTool(element, step, this.host);
      if (added) this.host.announce(toolTitle(step));
    }
  }

  /** Text steps render as notes, except the one that is (or became) the answer. */
  private refreshTextSteps(): void {
    const candidate = this.answerStep();
    for (const step of this.turn.steps) {
      if (step.kind !== 'text') continue;
      const element = this.stepElements.get(step.id);
      if (element) renderText(element, step, step === candidate, this.host.contentLang);
    }
  }

  /** The text step shown as the answer: the last step when it is text (the final answer consolidates it). */
  private answerStep(): TextStep | undefined {
    return streamingText(this.turn);
  }

  private renderAnswer(): void {
    const streaming = this.turn.status === 'streaming';
    const text = this.turn.final ?? this.answerStep()?.content ?? '';
    const busy = streaming && this.turn.final === undefined;
    this.answer.setAttribute('aria-busy', String(busy));
    this.answer.classList.toggle('final', this.turn.final !== undefined);
    this.answer.classList.toggle('pending', text === '' && streaming);
    this.answer.hidden = text === '' && !streaming;
    // Rebuilt when the text changes or settles (busy ends): the settled answer is put in once, so it is read once.
    const shown = `${busy}|${text}`;
    if (this.shownAnswer === shown) return;
    this.shownAnswer = shown;
    if (text === '' && streaming) {
      replaceChildren(this.answerBody, h('span', { class: 'working', text: 'Working on it…' }));
    } else {
      replaceChildren(this.answerBody, renderMarkdown(text));
    }
  }

  private renderStatus(): void {
    const { status } = this.turn;
    this.element.dataset.status = status;
    this.status.className = `turn-status status-${status}`;
    if (status === 'aborted') {
      const stopped = 'Stopped. The answer above may be incomplete.';
      this.status.textContent = stopped;
      this.host.announce(stopped);
    } else if (status === 'error') {
      this.status.setAttribute('role', 'alert');
      this.status.textContent = this.turn.error ?? 'Something went wrong.';
      // The alert reads the error; the polite status must not keep saying "Working on your question".
      this.host.announce('The question could not be answered');
    } else {
      this.status.textContent = '';
      this.host.announce('Answer complete');
    }
  }
}
