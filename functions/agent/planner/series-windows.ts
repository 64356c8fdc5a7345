/**
 * A window over a breakdown by period (issue 29): "cumulative revenue by month in 2025", "running total of orders
 * by quarter", "YTD revenue at the end of each month", "3-month moving average of revenue", "add a 4-quarter
 * rolling average". The window's words are read and taken out of the question; the rest is read as ever and must
 * be a plain series (one sum or count by a grain, any breakdowns beside it, filters and a period): its query is
 * then wrapped in the window (series-window-sql.ts), each period's own figure kept beside the running total or
 * the moving average. A follow-up that is only the window ("cumulative please", "now as a running total") wraps
 * the previous question's series. Anything else is left to the ordinary reading, as before.
 *
 * A rolling total ("rolling 12 months revenue at each month of 2025", "trailing twelve month order count, month by
 * month", "TTM sales by month", "now as a rolling 12-month total at each month") is the sum of each period and the
 * `n - 1` before it, read only beside a breakdown by its own unit: without one ("orders, rolling 12 months to end
 * of Sept 2025") it is a period, read as ever; beside another unit it is refused (reading.ts), never a period.
 *
 * Not read: "YTD" with no year named ("YTD revenue by month": this year's months, a period), a moving window without
 * its length ("a moving average"), a weighted one ("exponentially weighted"), a window said with "not" before it
 * ("not cumulative": restated-glosses.ts).
 */
import type { CatalogMember } from './catalog';
import { type Grain, type Plan, type SeriesWindow, secondOrder } from './plan';
import { NUMBER_WORDS } from './vocabulary';

export interface SeriesWindowRead {
  window: SeriesWindow;
  /** The question without the window's words. */
  text: string;
  /** Nothing but the window was asked ("cumulative please"): the previous question's series is wrapped. */
  bare: boolean;
}

const NUMBER = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNIT = '(day|week|month|quarter|qtr|year)s?';
const AVERAGE = '(?:average|avg|mean)s?';
/** A window said after "not", "no", "non-": the asker excluded it. */
const NEGATED = /\b(?:not|no|non|nor|without)[\s-]*(?:an?\s+|the\s+)?$/i;

/** "3-month moving average (of)", "a rolling 3 month avg", "moving average over the last 3 months". */
const MOVING: RegExp[] = [
  new RegExp(
    `(?:\\b(?:with|and|plus|add|also)\\s+)?(?:\\b(?:an?|the)\\s+)?\\b${NUMBER}[\\s-]+${UNIT}\\s+(?:moving|rolling|trailing|running)[\\s-]+${AVERAGE}(?:\\s+of\\b)?`,
    'i',
  ),
  new RegExp(
    `(?:\\b(?:with|and|plus|add|also)\\s+)?(?:\\b(?:an?|the)\\s+)?\\b(?:moving|rolling|trailing|running)\\s+${NUMBER}[\\s-]+${UNIT}\\s+${AVERAGE}(?:\\s+of\\b)?`,
    'i',
  ),
  new RegExp(
    `(?:\\b(?:with|and|plus|add|also)\\s+)?(?:\\b(?:an?|the)\\s+)?\\b(?:moving|rolling|trailing|running)\\s+${AVERAGE}\\s+(?:over|of)\\s+(?:the\\s+)?(?:last\\s+|past\\s+|previous\\s+)?${NUMBER}\\s+${UNIT}(?:\\s+of\\b)?`,
    'i',
  ),
];
/** "rolling 12 months (revenue)", "a trailing twelve-month total of", "12 month rolling sum of", "TTM", "LTM". */
const ROLLING_TOTAL: RegExp[] = [
  new RegExp(
    `(?:\\b(?:with|and|plus|add|also|as|into)\\s+)?(?:\\b(?:an?|the)\\s+)?\\b(?:rolling|trailing)[\\s-]+${NUMBER}[\\s-]+${UNIT}(?:\\s+(?:totals?|sums?))?(?:\\s+of\\b)?`,
    'i',
  ),
  new RegExp(
    `(?:\\b(?:with|and|plus|add|also|as|into)\\s+)?(?:\\b(?:an?|the)\\s+)?\\b${NUMBER}[\\s-]+${UNIT}\\s+(?:rolling|trailing)\\s+(?:totals?|sums?)(?:\\s+of\\b)?`,
    'i',
  ),
];
/** Trailing (or last) twelve months as one abbreviation. */
const TTM = /(?:\b(?:as|into)\s+)?\b(?:ttm|ltm)\b/i;
/** "at each month", "for every quarter": the periods a rolling total is read at. */
const AT_EACH = /\b(?:at|for|on)\s+(?=(?:each|every)\s+(?:month|quarter|qtr|week|day|year)\b)/i;

/** "cumulative", "running total of", "as a running sum", "cumulatively". */
const RUNNING: RegExp[] = [
  /(?:\b(?:as|into|in)\s+)?(?:\b(?:an?|the)\s+)?\b(?:running|cumulative)\s+(?:totals?|sums?|counts?|tally|tallies)(?:\s+of\b)?/i,
  /\bcumulative(?:ly)?\b|\bcumulated\b/i,
  // ("running average order value by month", "running AOV": with no length, all rows to date, not a moving one.)
  /\brunning(?=\s+(?:average|avg|mean|aov)\b)/i,
];
/** "YTD", "year-to-date": a running total restarting each year, when the question breaks the year down. */
const TO_DATE = /(?:\bthe\s+)?\b(?:year[\s-]+to[\s-]+date|ytd)\b/i;
/** "at the end of (each month)", "as of the end of": the point each running figure is read at. */
const AT_END = /\b(?:at|as\s+of|by)\s+(?:the\s+)?end\s+of\s+(?=(?:each|every)\s+)/i;
/** A breakdown by a grain said in words ("by month", "each quarter", "monthly", "month by month"). */
const BY_GRAIN =
  /\b(?:by|per|each|every|for\s+each|for\s+every)\s+(?:month|quarter|qtr|week|day)\b|\b(?:monthly|quarterly|weekly|daily)\b|\b(month|quarter)\s+by\s+\1\b/i;
/** What a follow-up that is only the window may say besides it. */
const BARE =
  /^(?:now|ok(?:ay)?|and|so|then|also|pls|please|show|give|make|turn|put|me|it|that|this|those|them|these|same|the|a|an|as|into|in|instead|add|plus|with|one|figures?|numbers?|series|too|again|can|you|could|i|get)$/i;

const GRAINS: Record<string, Grain> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  qtr: 'quarter',
  year: 'year',
};

const numberOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()]);

/** The question without the window's words ("separately for each region" is then "for each region"). */
const cut = (question: string, match: RegExpExecArray) =>
  `${question.slice(0, match.index)} ${question.slice(match.index + match[0].length)}`
    .replace(/\bseparately\s+(?=(?:for|by|per|in|within)\s+(?:each|every)\b)/i, '')
    .replace(/\s+/g, ' ')
    .trim();

const bareOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w !== '')
    .every((w) => BARE.test(w));

/** The window a question asks over its series, and the question without its words; undefined when none. */
export function readSeriesWindow(question: string): SeriesWindowRead | undefined {
  for (const shape of MOVING) {
    const m = shape.exec(question);
    if (!m || NEGATED.test(question.slice(0, m.index))) continue;
    const n = numberOf(m[1] ?? '');
    const unit = GRAINS[(m[2] ?? '').toLowerCase()];
    if (!n || n < 2 || n > 24 || !unit) return undefined;
    const text = cut(question, m);
    return { window: { kind: 'moving', n, unit }, text, bare: bareOf(text) };
  }
  // ("exponentially weighted moving average", "a moving average" with no length: not read here.)
  if (/\b(?:moving|rolling|trailing)\s+(?:average|avg|mean)/i.test(question)) return undefined;
  const rolling = readRollingTotal(question);
  if (rolling) return rolling;
  for (const shape of RUNNING) {
    const m = shape.exec(question);
    if (!m || NEGATED.test(question.slice(0, m.index))) continue;
    const text = cut(question, m).replace(AT_END, '');
    return { window: { kind: 'running' }, text, bare: bareOf(text) };
  }
  // (Only beside a named year: "YTD revenue by month" alone is this year's months, a period, not a running total.)
  const m = TO_DATE.exec(question);
  if (
    m &&
    !NEGATED.test(question.slice(0, m.index)) &&
    (BY_GRAIN.test(question) || AT_END.test(question)) &&
    /\b(?:19|20)\d\d\b/.test(question)
  ) {
    const text = cut(question, m).replace(AT_END, '');
    return { window: { kind: 'running', reset: 'year' }, text, bare: false };
  }
  return undefined;
}

/** The grain a question breaks its series down by in words, if any ("by month", "each quarter", "month by month"). */
function grainSaid(text: string): Grain | undefined {
  const m =
    /\b(?:by|per|each|every|for\s+each|for\s+every)\s+(month|quarter|qtr|week|day|year)\b|\b(month|quarter|week|day|year)\s+by\s+\2\b|\b(month|quarter|week|day|year)ly\b|\b(dai)ly\b/i.exec(
      text,
    );
  if (!m) return undefined;
  const word = (m[1] ?? m[2] ?? m[3] ?? (m[4] ? 'day' : '')).toLowerCase();
  return GRAINS[word];
}

/** A rolling N-period total beside a breakdown by its unit, or undefined (a period then, read as ever). */
function readRollingTotal(question: string): SeriesWindowRead | undefined {
  let found: { m: RegExpExecArray; n: number; unit: Grain } | undefined;
  for (const shape of ROLLING_TOTAL) {
    const m = shape.exec(question);
    const n = m ? numberOf(m[1] ?? '') : undefined;
    const unit = m ? GRAINS[(m[2] ?? '').toLowerCase()] : undefined;
    if (m && n && unit) found = { m, n, unit };
    if (found) break;
  }
  const ttm = found ? undefined : TTM.exec(question);
  if (ttm) found = { m: ttm, n: 12, unit: 'month' };
  if (!found || NEGATED.test(question.slice(0, found.m.index))) return undefined;
  const text = cut(question, found.m).replace(AT_EACH, '');
  const grain = grainSaid(text);
  if (!grain) return undefined;
  if (found.n < 2 || found.n > 24) return undefined;
  const window: SeriesWindow = { kind: 'moving', n: found.n, unit: found.unit, total: true };
  // ("now as a rolling 12-month total at each month": the window and the periods it is read at, nothing else.)
  const rest = text.replace(/\b(?:each|every)\s+(?:month|quarter|qtr|week|day|year)\b/i, ' ');
  return { window, text, bare: bareOf(rest) };
}

/**
 * Why a plan read from the rest cannot carry the window, or undefined when it can: one sum or count by a grain of
 * a time dimension (the moving window's own unit), nothing of a second order, no derived breakdown.
 */
export function windowMisfit(plan: Plan, window: SeriesWindow): string | undefined {
  if (!plan.timeDimension || !plan.grain) return 'no breakdown by period';
  if (window.kind === 'moving' && plan.grain !== window.unit) return 'a moving window of another unit';
  if (window.kind === 'running' && window.reset === 'year' && ['year'].includes(plan.grain))
    return 'a year to date by year';
  if (plan.measures.length !== 1) return 'more than one figure';
  const m = plan.measures[0];
  const averaged = window.kind === 'running' && window.sumOf !== undefined && m?.aggType === 'avg';
  if (m?.aggType !== 'sum' && m?.aggType !== 'count' && !averaged) return 'a figure that does not add up';
  if (plan.dimensions.some((d) => d.derived)) return 'a derived breakdown';
  if (secondOrder(plan, ['window'])) return 'a second-order reading';
  return undefined;
}

/** Words of an aggregation in a measure's title, left out when two measures are matched as of the same number. */
const AGG_TITLE_WORDS = new Set(['average', 'avg', 'mean', 'total', 'sum']);

/**
 * The sum measure of the number an average measure averages ("Total amount" beside "Average amount"): the same
 * title words but the aggregation's. Undefined when the cube has none or more than one.
 */
function sumOfAverage(plan: Plan, average: CatalogMember): CatalogMember | undefined {
  const key = (m: CatalogMember) =>
    m.titleWords
      .filter((w) => !AGG_TITLE_WORDS.has(w))
      .sort()
      .join(' ');
  const found = plan.cube.members.filter(
    (m) => m.kind === 'measure' && m.aggType === 'sum' && key(m) !== '' && key(m) === key(average),
  );
  return found.length === 1 ? found[0] : undefined;
}

/** The plan with the window over its series: a moving window of a unit the question did not break down by sets it. */
export function withWindow(plan: Plan, window: SeriesWindow): Plan {
  const grain =
    plan.grain ?? (window.kind === 'moving' && plan.dimensions.length === 0 ? window.unit : undefined);
  // ("cumulative average order value by month": the running average, read from the sum of the same number.)
  const m = plan.measures[0];
  const sum = window.kind === 'running' && m?.aggType === 'avg' ? sumOfAverage(plan, m) : undefined;
  return {
    ...plan,
    ...(grain ? { grain } : {}),
    window: sum && window.kind === 'running' ? { ...window, sumOf: sum.column } : window,
  };
}
