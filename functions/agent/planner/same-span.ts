/**
 * A follow-up naming the previous question's span in another year (issue 29): "revenue for Jan 1-7 2025" then "and
 * the same week in 2024?" is January 1-7, 2024. Said as that span's days ("from january 1 2024 to january 7
 * 2024"), which the follow-up reader reads as a change of period. Only a span within one year is moved.
 */
import { addDays } from './clock';
import type { Plan } from './plan';
import { MONTHS } from './vocabulary';

const SAME_IN_YEAR =
  /\b(?:for\s+|in\s+|during\s+|over\s+)?the\s+same\s+(?:\d{1,2}\s+)?(week|weeks|days?|months?|quarter|period|stretch|span|time|dates)\s+(?:of|in)\s+(\d{4})\b/i;

const spoken = (date: string) =>
  `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))} ${date.slice(0, 4)}`;

/** The question with "the same week in 2024" said as the previous span's days in that year, or undefined. */
export function sameSpanFollowUp(previous: Plan | undefined, question: string): string | undefined {
  const range = previous?.range;
  const m = SAME_IN_YEAR.exec(question);
  if (!range || !m || range.from <= '0001-01-01' || range.to >= '9999-01-01') return undefined;
  // ("which month was best?" then "how did it compare with the same month in 2024?": the month ranked first, in that
  // year, previous-pointers.ts; not the whole span the ranking ran over.)
  if (previous.top?.n === 1 && previous.grain && m[1]?.toLowerCase() === previous.grain) return undefined;
  const last = addDays(range.to, -1);
  if (range.from.slice(0, 4) !== last.slice(0, 4)) return undefined;
  const year = m[2] ?? '';
  const from = `${year}${range.from.slice(4)}`;
  const to = `${year}${last.slice(4)}`;
  // (February 29th has no day in another year: the span is left as asked.)
  if (Number.isNaN(Date.parse(`${to}T00:00:00Z`)) || addDays(to, 0) !== to) return undefined;
  return `${question.slice(0, m.index)} from ${spoken(from)} to ${spoken(to)} ${question.slice(m.index + m[0].length)}`;
}
