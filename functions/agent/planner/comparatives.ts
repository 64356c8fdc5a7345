/**
 * A comparative whose other side is no number and no period (issue 29; README.md, "Words the model does not
 * know"). The planner compares a figure with a number ("more than 60 orders"), one period with another ("more in
 * 2025 than in 2024"), two kinds of an entity's rows ("more returns than cancellations", row-conditions.ts) or the
 * average entity's figure ("spent more than the average customer", above-average.ts, read before this); any other
 * other side is no reading it has, so the words are left unexplained (an honest refusal) rather than read as a
 * filter on both values.
 */
import type { Token } from './plan';
import { MONTHS } from './vocabulary';

const COMPARATIVES = new Set([
  'more',
  'fewer',
  'less',
  'higher',
  'lower',
  'bigger',
  'smaller',
  'larger',
  'greater',
]);
/** Words that start a period after "than" ("than in 2024", "than last year", "than the year before"). */
const PERIOD_STARTS = new Set([
  'in',
  'during',
  'on',
  'last',
  'this',
  'previous',
  'prior',
  'before',
  'ever',
  'usual',
]);
const SKIPPED = new Set([
  'the',
  'their',
  'its',
  'our',
  'my',
  'they',
  'them',
  'it',
  'we',
  'did',
  'do',
  'does',
  'had',
  'was',
]);
const UNITS = new Set(['year', 'quarter', 'month', 'week', 'day', 'half']);

/** The comparisons of two figures the planner cannot read ("more returns than cancellations"). */
export function comparedFigures(tokens: Token[]): string[] {
  return tokens.flatMap((t, i) => {
    if (t.raw !== 'than') return [];
    const from = tokens.slice(Math.max(0, i - 4), i).findIndex((w) => COMPARATIVES.has(w.raw));
    if (from < 0) return [];
    let k = i + 1;
    while (SKIPPED.has(tokens[k]?.raw ?? '')) k++;
    const next = tokens[k];
    if (!next) return [];
    const raw = next.raw;
    const period =
      PERIOD_STARTS.has(raw) ||
      UNITS.has(next.stem) ||
      MONTHS.includes(raw) ||
      /^(?:q[1-4]|h[12]|\d{4})$/.test(raw);
    // A number ("more than 60", "than $500", "than 1 time") is the planner's own comparison.
    if (period || /^\$?\d/.test(raw)) return [];
    const start = Math.max(0, i - 4) + from;
    return [
      tokens
        .slice(start, k + 1)
        .map((w) => w.raw)
        .join(' '),
    ];
  });
}
