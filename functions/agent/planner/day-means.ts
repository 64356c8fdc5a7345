/**
 * The mean per day of a period (issue 29, parts): "average daily revenue in Q3 2025", "orders per day in Q4 2025
 * (orders / 92 days)" divide the period's total by its calendar days, a day without rows counting as a day of zero
 * (the mean of the days that have rows overstated it wherever a day had none: a region's quiet day, a category's).
 * Only over a period that has ended by today, or stops at today (its days known); over an open span ("since
 * 2020") the mean of the days with rows stands.
 */
import { addDays, daysBetween } from './clock';
import type { Plan } from './plan';

/** The plan with its mean per day over the calendar days of its period, where they are known. */
export function withCalendarDays(plan: Plan, today: string): Plan {
  const p = plan.percentile;
  const range = plan.range;
  if (p?.stat !== 'avg' || p.per || p.of || p.distinct || plan.grain !== 'day' || !range || plan.compare)
    return plan;
  if (
    range.from <= '0001-01-02' ||
    /^(?:since|after|before)\b/.test(range.label) ||
    range.to > addDays(today, 1)
  )
    return plan;
  return { ...plan, percentile: { ...p, days: daysBetween(range.from, range.to) } };
}
