/**
 * Each month or quarter of one period against the same one of another (issue 29): "2025 revenue per quarter and
 * the % change from the same quarter of 2024", "every month of 2025 vs the same month of 2024", "H1 2025 by month
 * against H1 2024". Two compared periods of the same length, both cut into whole units of the grain, pair each
 * unit with the one at the same place of the other period: one query buckets both periods, numbers each bucket by
 * its months from its period's start, and sets the two values of each place side by side. Periods that do not cut
 * into the same places (different lengths, a week grain) are not paired (reading.ts refuses them).
 */
import { unitStart } from './dates';
import type { Grain, Period, Plan } from './plan';

/** Months in each unit a pairing reads. */
const UNIT_MONTHS: Partial<Record<Grain, number>> = { month: 1, quarter: 3 };

/** Months since year 0 of a YYYY-MM-DD date (1-based month). */
const monthsOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/**
 * The two periods a plan pairs unit by unit (earlier first, as compared), or undefined when its grain and periods
 * do not cut into the same places: both periods start and end on the grain's units, are equally long and hold more
 * than one unit.
 */
export function pairedPeriods(plan: Pick<Plan, 'grain' | 'compare'>): [Period, Period] | undefined {
  const grain = plan.grain;
  const unit = grain ? UNIT_MONTHS[grain] : undefined;
  const a = plan.compare?.[0];
  const b = plan.compare?.at(-1);
  if (!grain || !unit || !a || !b || a === b || plan.compare?.length !== 2) return undefined;
  const whole = (p: Period) =>
    unitStart(p.from, grain) === p.from && unitStart(p.to, grain) === p.to && p.from.slice(8) === '01';
  if (!whole(a) || !whole(b)) return undefined;
  const length = monthsOf(a.to) - monthsOf(a.from);
  if (length !== monthsOf(b.to) - monthsOf(b.from) || length <= unit) return undefined;
  return [a, b];
}

/** The SQL parts a pairing needs from the change query (sql-second.ts). */
export interface PairedInput {
  plan: Plan;
  /** The time column, the view, the measure's column and the breakdowns' columns, all quoted. */
  at: string;
  from: string;
  measure: string;
  dims: string[];
  /** The WHERE clause of the plan's conditions (both periods), with its leading " WHERE ". */
  where: string;
  quote: (value: string) => string;
  /** " ORDER BY ..." for a ranked change, or the fallback order given. */
  order: (fallback: string) => string;
  percent: (now: string, before: string) => string;
  label: (text: string) => string;
  /** A ranked change: places the earlier period lacks are left out (no change to rank). */
  ranked: boolean;
}

/** Each unit of the later period beside the same unit of the earlier one: its value, the other's and the change. */
export function pairedChangeSql(input: PairedInput, [a, b]: [Period, Period]): string {
  const { plan, at, from, measure, dims, where, quote, order, percent, label, ranked } = input;
  const grain = plan.grain ?? 'month';
  const lead = dims.map((d) => `${d}, `).join('');
  const keys = dims.length;
  const cases = [a, b]
    .map((p) => `WHEN ${at} >= ${quote(p.from)} AND ${at} < ${quote(p.to)} THEN ${quote(p.label)}`)
    .join(' ');
  const groups = Array.from({ length: keys + 2 }, (_, i) => i + 1).join(', ');
  const t = `SELECT ${lead}CASE ${cases} END AS period, date_trunc('${grain}', ${at}) AS ${grain}, MEASURE(${measure}) AS v FROM ${from}${where} GROUP BY ${groups}`;
  // The place of each bucket in its period: months from the period's start.
  const place = `(EXTRACT(YEAR FROM ${grain}) * 12 + EXTRACT(MONTH FROM ${grain})) - CASE WHEN period = ${quote(a.label)} THEN ${monthsOf(a.from)} ELSE ${monthsOf(b.from)} END`;
  const k = `SELECT ${lead}period, ${grain}, v, ${place} AS place FROM t`;
  const pick = (p: Period, value: string) => `MAX(CASE WHEN period = ${quote(p.label)} THEN ${value} END)`;
  const w = `SELECT ${lead}place, ${pick(b, grain)} AS ${grain}, ${pick(a, 'v')} AS a, ${pick(b, 'v')} AS b FROM k GROUP BY ${[...dims, 'place'].join(', ')}`;
  // (Counted, period-beats.ts: every compared place kept, and those that moved counted around it.)
  const only =
    plan.change?.only && !plan.change.countPeriods ? [`b ${plan.change.only === 'down' ? '<' : '>'} a`] : [];
  const kept = [
    `${grain} IS NOT NULL`,
    ...(ranked || plan.change?.countPeriods ? ['a IS NOT NULL'] : []),
    ...only,
  ].join(' AND ');
  const name = label(`${plan.measures[0]?.column ?? 'count'}`);
  return `WITH t AS (${t}), k AS (${k}), w AS (${w}) SELECT ${lead}${grain}, b AS ${name}, a AS previous_${name}, b - a AS change, ${percent('b', 'a')} AS change_percent FROM w WHERE ${kept}${order(` ORDER BY ${[...dims, grain].join(', ')}`)}`;
}
