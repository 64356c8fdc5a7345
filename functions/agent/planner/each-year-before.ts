/**
 * "how does each month compare with the same month last year?" after a series of one period by month (or quarter),
 * "revenue per month in 2025": each unit of that period against the same one a year before it, paired unit by unit
 * with the change (paired-periods.ts). Read as an ordinary follow-up, the series was moved a year back and answered
 * alone (confidently wrong: last year's months given as the comparison). Only after a plain series of one figure over
 * a named period; otherwise the follow-up is refused.
 */
import { pairedPeriods } from './paired-periods';
import type { Plan } from './plan';

/** "each month ... compare(d) with / vs / against ... the same month last year (a year earlier, the year before)". */
const EACH_AGAINST =
  /\b(?:each|every)\s+(?:single\s+)?(month|quarter)\b.*?\b(?:compares?|compared|comparing|stacks?\s+up|do(?:es)?|did|vs\.?|versus|against|next\s+to|relative\s+to)\b.*?\bsame\s+(month|quarter)\s+(?:(?:of\s+)?last\s+year|(?:a|one)\s+year\s+(?:earlier|before|ago|back|prior)|(?:of\s+|in\s+)?the\s+(?:previous|prior|preceding)\s+year|(?:of\s+|in\s+)?the\s+year\s+before)\b/i;

/** The unit a follow-up sets against the same one a year before, or undefined. */
export function readEachAgainstYearBefore(question: string): 'month' | 'quarter' | undefined {
  // (A year named is a question of its own: "each month of 2025 vs the same month last year".)
  if (/\b(?:19|20)\d\d\b/.test(question)) return undefined;
  const m = EACH_AGAINST.exec(question);
  const unit = m?.[1]?.toLowerCase();
  if (!m || unit !== m[2]?.toLowerCase()) return undefined;
  return unit as 'month' | 'quarter';
}

/** The previous series with each unit set against the same one a year before, or undefined when it is no such series. */
export function eachAgainstYearBefore(prior: Plan, unit: 'month' | 'quarter'): Plan | undefined {
  const range = prior.range;
  if (
    prior.grain !== unit ||
    !range ||
    !/\b\d{4}\b/.test(range.label) ||
    prior.measures.length !== 1 ||
    prior.dimensions.length > 1 ||
    prior.compare ||
    prior.change ||
    prior.top ||
    prior.having ||
    prior.share ||
    prior.perEntity ||
    prior.perGroup ||
    prior.window ||
    prior.percentile
  )
    return undefined;
  const back = (date: string) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  const before = {
    label: range.label.replace(/\b(\d{4})\b/g, (y) => String(Number(y) - 1)),
    from: back(range.from),
    to: back(range.to),
  };
  const plan: Plan = { ...prior, range: undefined, compare: [before, range], change: { rank: 'percent' } };
  return pairedPeriods(plan) ? plan : undefined;
}
