/**
 * The mean per day of a period (issue 29, parts): "average daily revenue in Q3 2025", "orders per day in Q4 2025
 * (orders / 92 days)" divide the period's total by its calendar days, a day without rows counting as a day of zero
 * (the mean of the days that have rows overstated it wherever a day had none: a region's quiet day, a category's).
 * Only over a period that has ended by today, or stops at today (its days known); over an open span ("since
 * 2020") the mean of the days with rows stands.
 */
import { addDays, daysBetween } from './clock';
import type { Period, Plan } from './plan';

/** Whether a named period's days are all known by `today` (none open, none past it). */
export const ended = (p: Period, today: string) =>
  p.from > '0001-01-02' && !/^(?:since|after|before)\b/.test(p.label) && p.to <= addDays(today, 1);

/** The plan with its mean per day over the calendar days of its period, where they are known. */
export function withCalendarDays(plan: Plan, today: string): Plan {
  const p = plan.percentile;
  const range = plan.range;
  if (p?.stat !== 'avg' || p.per || p.of || p.distinct || plan.grain !== 'day') return plan;
  // ("revenue per day in December 2025 vs November 2025": each month's total over its own 31 and 30 days.)
  if (plan.compare && plan.compare.length > 1 && !range)
    return plan.compare.every((c) => ended(c, today))
      ? { ...plan, percentile: { ...p, daysEach: true } }
      : plan;
  if (!range || plan.compare || !ended(range, today)) return plan;
  return { ...plan, percentile: { ...p, days: daysBetween(range.from, range.to) } };
}

/** "orders per day in March vs February 2025, and the difference": two periods' means per day and the change between them. */
export const dayMeansChanged = (plan: Plan) =>
  plan.percentile?.daysEach === true && plan.change !== undefined && plan.compare?.length === 2;

/** Words that set one figure against another ("higher in February or in January"). */
const COMPARED =
  /\b(?:higher|lower|more|less|fewer|bigger|smaller|greater|better|worse|stronger|weaker|busier|quieter)\b(?!\s+than\s+\$?\d)/i;

/**
 * "was revenue per day higher in February 2024 or in January 2024?": a figure per day set against the same one of
 * another period is a rate, one figure for each period (its mean per day), not every day of both listed. Only for two
 * compared periods read day by day with nothing else asked of the days (no rank, bound or statistic).
 */
export function perDayCompared(plan: Plan, question: string): Plan {
  if (plan.grain !== 'day' || plan.compare?.length !== 2 || plan.range) return plan;
  if (plan.percentile || plan.top || plan.having || plan.share || plan.perGroup || plan.change) return plan;
  if (!/\bper\s+day\b/i.test(question) || !COMPARED.test(question)) return plan;
  return { ...plan, percentile: { p: 0.5, stat: 'avg' } };
}
