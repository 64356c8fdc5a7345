/** The query a plan runs, and the queries around it: the data's date range, the latest period in the data. */
import type { CatalogMember } from './catalog';
import { addDays, daysBetween } from './clock';
import { customerRateQuery } from './customer-rate';
import { shift, unitStart } from './dates';
import { dayMeansChanged } from './day-means';
import { distributionQuery } from './distributions';
import { newReturningQuery } from './everyday-asks';
import { twoMeasuresQuery } from './filtered-measures-sql';
import { groupSpreadQuery } from './group-spread';
import { monthsOverQuery } from './months-over';
import { mostPeriodsQuery } from './most-periods';
import { mostUnitsQuery } from './most-units';
import { ownPeriodCutQuery } from './own-period-cut';
import { perEntityQuery } from './per-entity-sql';
import { periodDayMeansQuery } from './period-day-means';
import { type Period, type Plan, shareChangeable } from './plan';
import { ratedWithin } from './rates-within';
import { rateWithinQuery } from './rates-within-sql';
import { reachQuery } from './reach-answer';
import { sameDayQuery } from './same-day';
import { windowQuery } from './series-window-sql';
import { shareChangeQuery } from './share-change';
import { conditions, ident, type PlannedQuery, planQuery } from './sql';
import {
  changeQuery,
  firstQuery,
  havingQuery,
  percentileQuery,
  perGroupQuery,
  topShareQuery,
} from './sql-second';
import { monthPeriod, quarterPeriod, type Unit, yearPeriod } from './vocabulary';

/** The SQL for a plan: second-order plans first, then the plain aggregate. */
export function queryFor(plan: Plan): PlannedQuery {
  if (plan.newReturning) return newReturningQuery(plan);
  if (plan.customerRate) return customerRateQuery(plan);
  if (plan.groupSpread) return groupSpreadQuery(plan);
  if (plan.ownPeriodCut) return ownPeriodCutQuery(plan);
  if (plan.sameDay) return sameDayQuery(plan);
  if (plan.monthsOver) return monthsOverQuery(plan);
  if (plan.mostPeriods) return mostPeriodsQuery(plan);
  // ("the annual run rate from the latest quarter": the quarter's figure and that figure times four.)
  if (plan.runRate) {
    const base = planQuery({ ...plan, runRate: undefined });
    const measure = plan.measures[0];
    const column = measure ? ident(measure.column) : 'count';
    return {
      ...base,
      sql: `SELECT t.*, t.${column} * ${plan.runRate.factor} AS annual_run_rate FROM (${base.sql}) AS t`,
      columns: [...base.columns, { role: 'measure', ...(measure ? { member: measure } : {}) }],
    };
  }
  if (plan.twoMeasures) return twoMeasuresQuery(plan);
  if (plan.window && plan.timeDimension) return windowQuery(plan);
  if (plan.perEntity) return perEntityQuery(plan);
  if (plan.distribution) return distributionQuery(plan);
  if (plan.reach)
    return reachQuery(
      plan,
      conditions(plan, plan.timeDimension ? ident(plan.timeDimension.column) : undefined),
    );
  if (plan.dayMeans) return periodDayMeansQuery(plan);
  if (plan.unitsWith) return mostUnitsQuery(plan);
  if (plan.having) return havingQuery(plan);
  if (plan.first && plan.timeDimension) return firstQuery(plan);
  if (plan.percentile && !dayMeansChanged(plan)) return percentileQuery(plan);
  if (plan.change && plan.timeDimension)
    return shareChangeable(plan) ? shareChangeQuery(plan) : changeQuery(plan);
  if (ratedWithin(plan)) return rateWithinQuery(plan);
  if (plan.share?.top) return topShareQuery(plan);
  if (plan.perGroup) return perGroupQuery(plan);
  return planQuery(plan);
}

/** The first and last date of the plan's time dimension (the data's own range, under the user's access). */
export function dateRangeQuery(plan: Plan): PlannedQuery | undefined {
  const time = plan.timeDimension;
  if (!time) return undefined;
  const title = `${time.title} range`;
  return {
    sql: `SELECT MIN(${ident(time.column)}) AS first_date, MAX(${ident(time.column)}) AS last_date FROM ${ident(plan.cube.name)}`,
    title,
    description: `The first and last ${time.title.toLowerCase()} in ${plan.cube.title}.`,
    columns: [{ role: 'time' }, { role: 'time' }],
  };
}

/** How many rows of visible values are read before the list is taken as too long to tell anything. */
export const VISIBLE_LIMIT = 500;

/**
 * The values of the filters' dimensions this user can see, together (the query runs under their access rules like
 * any other): asked when a filtered question matches nothing, to tell "none" from "not yours to see".
 */
export function visibleValuesQuery(plan: Plan, members: readonly CatalogMember[]): PlannedQuery {
  const columns = members.map((m) =>
    m.derived ? `${m.derived.sql} AS ${ident(m.column)}` : ident(m.column),
  );
  const keys = members.map((_, i) => String(i + 1)).join(', ');
  return {
    sql: `SELECT ${columns.join(', ')} FROM ${ident(plan.cube.name)} GROUP BY ${keys} ORDER BY ${keys} LIMIT ${VISIBLE_LIMIT + 1}`,
    title: `${members.map((m) => m.title).join(' and ')} values you can see`,
    description: `The values of ${members.map((m) => m.title.toLowerCase()).join(' and ')} in the rows of ${plan.cube.title} this user can see.`,
    columns: members.map(() => ({ role: 'dimension' as const })),
  };
}

/** The unit and count of a period ("Q4 2025": one quarter), or undefined for spans of other lengths. */
export function periodUnit(period: Period): { unit: Unit; n: number } | undefined {
  const units: Unit[] = ['year', 'quarter', 'month', 'week', 'day'];
  for (const unit of units) {
    if (unitStart(period.from, unit) !== period.from) continue;
    for (let n = 1; n <= 60; n++) {
      const end = shift(period.from, unit, n);
      if (end === period.to) return { unit, n };
      if (end > period.to) break;
    }
  }
  return undefined;
}

const unitLabel = (unit: Unit, from: string): string => {
  const y = Number(from.slice(0, 4));
  const m = Number(from.slice(5, 7)) - 1;
  switch (unit) {
    case 'year':
      return yearPeriod(y).label;
    case 'quarter':
      return quarterPeriod(y, Math.floor(m / 3) + 1).label;
    case 'month':
      return monthPeriod(y, m).label;
    case 'week':
      return `the week of ${from}`;
    default:
      return from;
  }
};

/**
 * The latest period of the same length that the data reaches, ending with the unit that holds its last date
 * ("last quarter" past the data: the data's last quarter).
 */
export function latestPeriod(period: Period, lastDate: string): { period: Period; unit: string } {
  const shape = period.unit ? { unit: period.unit, n: 1 } : periodUnit(period);
  if (shape) {
    const end = shift(unitStart(lastDate, shape.unit), shape.unit, 1);
    const from = shift(end, shape.unit, -shape.n);
    // A week seldom ends on the data's last day: the weeks are said up to that day, never past it ("the past 2
    // weeks" is not offered as a span the data does not reach; docs/analyst.md, "Periods past the data").
    const through = addDays(end, -1) > lastDate ? lastDate : addDays(end, -1);
    // ("this half" past the data: the data's last half, named as one.)
    const half =
      /half|^H[12] /.test(period.label) &&
      shape.unit === 'quarter' &&
      shape.n === 2 &&
      Number(from.slice(5, 7)) % 6 === 1;
    if (half) {
      const label = `H${from.slice(5, 7) === '01' ? 1 : 2} ${from.slice(0, 4)}`;
      return { period: { label, from, to: end }, unit: 'half' };
    }
    const label =
      shape.n === 1
        ? unitLabel(shape.unit, from)
        : `the last ${shape.n} ${shape.unit}s in the data (${from} to ${through})`;
    return {
      period: { label, from, to: end },
      unit: shape.n === 1 ? shape.unit : `${shape.n} ${shape.unit}s`,
    };
  }
  const days = Math.max(1, daysBetween(period.from, period.to));
  const to = addDays(lastDate, 1);
  const from = addDays(to, -Math.min(days, 3660));
  return { period: { label: `${from} to ${lastDate}`, from, to }, unit: `${days} days` };
}
