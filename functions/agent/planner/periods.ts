/**
 * Period words that repeat what a reading already has (issue 29; docs/analyst.md, "Period over period"):
 * "monthly orders ... for each month", "quarterly revenue by quarter", "the % change vs the month before" once
 * the grain is the month. The repeat names the same breakdown again, so it is read, not refused as unknown.
 */
import { shift, unitStart } from './dates';
import type { Grain, Period, Token } from './plan';
import { GRAIN_STEMS } from './top-per-group';
import { MONTHS } from './vocabulary';

const BEFORE_REPEAT = new Set(['each', 'per', 'every', 'by', 'the', 'a']);
const AFTER_REPEAT = new Set(['before', 'prior', 'previous', 'earlier']);

/** Claims a grain word naming the grain already read ("for each month" after "monthly"). */
export function claimRepeatedGrain(tokens: Token[], grain: Grain | undefined): void {
  if (!grain) return;
  const read = tokens.some((t) => t.used && GRAIN_STEMS[t.stem] === grain);
  if (!read) return;
  tokens.forEach((t, i) => {
    if (t.used || GRAIN_STEMS[t.stem] !== grain) return;
    const before = tokens[i - 1]?.raw ?? '';
    const after = tokens[i + 1]?.raw ?? '';
    if (BEFORE_REPEAT.has(before) && (before !== 'the' || AFTER_REPEAT.has(after))) t.used = true;
  });
}

const STEP_UNITS = new Set(['day', 'week', 'month', 'quarter', 'year']);
const STEP_LINKS = new Set(['with', 'to', 'the', 'its', 'their', 'each']);

/**
 * "each compared with the month before", "vs the prior quarter": the comparison word at `at` sets each period
 * against the one before it (a change's step, readings.ts), not the periods named against each other, so a span
 * named with it ("Jul-Dec 2024") stays a span.
 */
export function comparesStep(raws: readonly string[], at: number): boolean {
  let k = at + 1;
  while (STEP_LINKS.has(raws[k] ?? '')) k++;
  const [a = '', b = ''] = [raws[k], raws[k + 1]];
  const unit = (w: string) => STEP_UNITS.has(w.replace(/s$/, ''));
  return (
    (['previous', 'prior', 'preceding'].includes(a) && unit(b)) ||
    (unit(a) && ['before', 'prior', 'earlier'].includes(b))
  );
}

/** Words that set two periods against each other rather than list them. */
const PAIR_WORDS = new Set([
  'to',
  'vs',
  'versus',
  'against',
  'compared',
  'compare',
  'than',
  'from',
  'between',
]);

/**
 * "MoM % change for Oct, Nov and Dec 2025", "QoQ growth for Q2 and Q3 2024": named periods, each one whole unit
 * of the change's grain and back to back, are a span read period by period (each against the one before), not a
 * comparison of the first with the last. Undefined unless each is one such unit, none missing, and two are listed
 * ("for Q2 and Q3"), not set against each other.
 */
export function spanOfUnits(
  compare: Period[] | undefined,
  grain: Grain | undefined,
  tokens: Token[],
): Period | undefined {
  if (!grain || !compare || compare.length < 2 || grain === 'day' || grain === 'week') return undefined;
  // Two periods set against each other stay a comparison ("YoY change per category, 2024 to 2025", "Q3 vs Q2").
  if (compare.length === 2 && tokens.some((t) => PAIR_WORDS.has(t.raw))) return undefined;
  const sorted = [...compare].sort((a, b) => a.from.localeCompare(b.from));
  const whole = sorted.every(
    (p, i) =>
      unitStart(p.from, grain) === p.from &&
      shift(p.from, grain, 1) === p.to &&
      (i === 0 || sorted[i - 1]?.to === p.from),
  );
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!whole || !first || !last) return undefined;
  return { label: `${first.label} to ${last.label}`, from: first.from, to: last.to };
}

/**
 * A month's or quarter's name in words beside its short label ("2025-02 (February 2025)", "2025-Q2 (April 2025
 * to June 2025)"), for a one-period answer ("which month fell the most") that an asker reads as a name.
 */
export function periodInWords(value: unknown, grain: Grain | undefined): string {
  const date = typeof value === 'string' ? /^(\d{4})-(\d{2})/.exec(value) : null;
  if (!date || (grain !== 'month' && grain !== 'quarter')) return '';
  const [, year, month] = date;
  const at = Number(month) - 1;
  const name = (i: number) => `${MONTHS[i]?.charAt(0).toUpperCase()}${MONTHS[i]?.slice(1)}`;
  if (grain === 'month') return ` (${name(at)} ${year})`;
  return ` (${name(at)} ${year} to ${name(at + 2)} ${year})`;
}

const FIGURE_WORDS = new Set(['numbers', 'figures', 'values', 'totals', 'amounts', 'periods']);

/**
 * Words of a change that only say how to state it: "in relative terms", "relatively", "in percentage terms"
 * (the change as a percent, returned true), and "(give me) both numbers" (a change answer states both periods'
 * figures anyway). Claimed so they are not refused as unknown.
 */
/** "pp", "pts", "percentage points", "% points": the unit of a change of a share, said after it or before it. */
const POINTS = new Set(['pp', 'pts', 'ppt', 'ppts', 'points', 'point']);
const POINTS_BEFORE = new Set(['percentage', 'percent', 'pct', '%']);

/** Whether `at` is a percent word naming percentage points ("percentage points", "% pts"), not a percent. */
export const pointsAt = (tokens: readonly Token[], at: number): boolean =>
  POINTS_BEFORE.has(tokens[at]?.raw ?? '') && POINTS.has(tokens[at + 1]?.raw ?? '');

/**
 * Claims the words naming percentage points ("in percentage points", "(pp change)", "how many pts"), once a
 * change of a share is read: they say the change's unit, which the share change states anyway.
 */
export function claimPoints(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    // ("show both rates and the change in points": each period's share is stated beside the change anyway.)
    const next = tokens[i + 1];
    if (t.raw === 'both' && next && ['rates', 'shares', 'percentages', 'ratios'].includes(next.raw)) {
      t.used = true;
      next.used = true;
      return;
    }
    if (
      !POINTS.has(t.raw) ||
      (['point', 'points'].includes(t.raw) &&
        !POINTS_BEFORE.has(tokens[i - 1]?.raw ?? '') &&
        tokens[i - 1]?.raw !== 'in')
    )
      return;
    t.used = true;
    const before = tokens[i - 1];
    if (before && POINTS_BEFORE.has(before.raw)) before.used = true;
    const first = POINTS_BEFORE.has(before?.raw ?? '') ? tokens[i - 2] : before;
    if (first?.raw === 'in') first.used = true;
  });
}

export function claimChangeWording(tokens: Token[]): boolean {
  let relative = false;
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (
      ['relative', 'percentage', 'percent', 'pct', 'proportional'].includes(t.raw) &&
      next?.raw === 'terms'
    ) {
      relative = true;
      t.used = true;
      next.used = true;
      const before = tokens[i - 1];
      if (before?.raw === 'in') before.used = true;
    } else if (['relatively', 'proportionally'].includes(t.raw)) {
      relative = true;
      t.used = true;
    } else if (t.raw === 'both' && next && FIGURE_WORDS.has(next.raw)) {
      t.used = true;
      next.used = true;
    }
  });
  return relative;
}
