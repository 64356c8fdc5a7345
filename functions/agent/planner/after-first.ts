/**
 * "each year's growth over the year before", "how much did orders grow each year compared to the previous year",
 * "the growth rate for each year against the year before": a change asked of each period against the one before
 * it lists only the periods that have one. The data's first period has nothing before it: it is left out of the
 * list (and the answer says so), not listed with no change. ("year over year growth" alone, or "revenue by year
 * with the change", lists every period, the first with its figure only.)
 */
import type { Grain, Plan } from './plan';

const UNITS = 'year|quarter|month|week|day';
/** "over the year before", "compared to the previous year", "against the prior quarter", "vs the month before". */
const AGAINST_BEFORE = new RegExp(
  `\\b(?:over|against|compared\\s+(?:to|with)|versus|vs\\.?|relative\\s+to|from)\\s+(?:the\\s+|a\\s+)?(?:(?:previous|prior|preceding)\\s+(${UNITS})\\b|(${UNITS})\\s+(?:before|prior)\\b(?!\\s+(?:\\d|that|it|this|last)))`,
  'i',
);
/** "each year's", "for each year", "every year", "per year", "annual", "yearly": each period asked for. */
const EACH = (unit: string) =>
  new RegExp(
    `\\b(?:each|every|per)\\s+${unit}\\b|\\b(?:each|every)\\s+${unit}['’]s\\b|\\b${unit === 'year' ? 'annual|yearly' : unit === 'quarter' ? 'quarterly' : unit === 'month' ? 'monthly' : unit === 'week' ? 'weekly' : 'daily'}\\b`,
    'i',
  );

/** Whether `question` asks each `grain`'s change against the one before it, and only that. */
export function changeAfterFirst(question: string, grain: Grain | undefined): boolean {
  const against = AGAINST_BEFORE.exec(question);
  const unit = against?.[1] ?? against?.[2];
  if (!unit || !grain || unit.toLowerCase() !== grain) return false;
  return EACH(grain).test(question);
}

/** `plan` with only the periods that have one before them, when `question` asks each one's change against it. */
export function changesAfterFirst(plan: Plan, question: string): Plan {
  if (!plan.change || plan.compare || plan.change.countPeriods || !changeAfterFirst(question, plan.grain))
    return plan;
  return { ...plan, change: { ...plan.change, afterFirst: true } };
}
