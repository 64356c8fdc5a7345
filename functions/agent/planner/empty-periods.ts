/**
 * Periods with no rows in a count by a first date ("new customers in each quarter of 2023": none in Q4): a GROUP
 * BY has no row for them, and an answer that lists only the others leaves them out as if not asked. Each period
 * of a bounded range is stated, 0 where the query had no row (issue 29, cohorts; "zero is 0").
 */
import { addMonths } from './clock';
import type { Grain, Period } from './plan';

const MONTHS_OF: Partial<Record<Grain, number>> = { month: 1, quarter: 3, year: 12 };
/** Longer lists are left as the query returned them. */
const MOST = 60;

const dayOf = (v: unknown): string | undefined => {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const text = String(v ?? '');
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;
};

/** The rows (period start first, the figure second) with a 0 row for each period of `range` that has none. */
export function withEmptyPeriods(
  rows: unknown[][],
  grain: Grain | undefined,
  range: Period | undefined,
): unknown[][] {
  const step = grain ? MONTHS_OF[grain] : undefined;
  if (!step || !range || range.from <= '0001-01-01' || range.to >= '9999-01-01') return rows;
  if (!/-01$/.test(range.from) || rows.some((r) => dayOf(r[0]) === undefined)) return rows;
  const starts: string[] = [];
  for (let d = range.from; d < range.to && starts.length <= MOST; d = addMonths(d, step)) starts.push(d);
  if (starts.length > MOST) return rows;
  const found = new Map(rows.map((r) => [dayOf(r[0]), r]));
  if ([...found.keys()].some((d) => d !== undefined && !starts.includes(d))) return rows;
  return starts.map((d) => found.get(d) ?? [d, 0, ...(rows[0]?.slice(2).map(() => 0) ?? [])]);
}
