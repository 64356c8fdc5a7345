/**
 * The query of periods against their own containing period (period-relative.ts reads it): each period's figure
 * (`e`), the mean or median of those figures within each containing period (`s`, percentile_cont for a median, which
 * DuckDB and PostgreSQL both have), and the periods whose figure is above or below their own container's, listed or
 * counted (per a coarser period when one is asked).
 */
import type { Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery } from './sql';
import { titleOf } from './titles';

/** Periods compared with their containing period's mean or median. */
export function periodRelativeQuery(plan: Plan): PlannedQuery {
  const having = plan.having;
  const vs = having?.vsPeriod;
  const time = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  if (!having?.grain || !vs || !time) throw new Error('not a period against its container');
  const grain = having.grain;
  const m = having.measure ? ident(having.measure.column) : 'count';
  // Each period's figure, over the rows of `filters`.
  const figures = (filters: string[]) =>
    `SELECT date_trunc('${grain}', ${time}) AS ${grain}, MEASURE(${m}) AS ${m} FROM ${ident(plan.cube.name)}${filters.length > 0 ? ` WHERE ${filters.join(' AND ')}` : ''} GROUP BY 1`;
  // ("days in 2025 above the 2024 daily average": the mean of that year's own periods, its rows under the same
  // filters, one figure every period is set against; "the average month": one mean over every period counted.)
  const o = vs.of ? figures(conditions({ ...plan, range: vs.of }, time)) : undefined;
  const one = vs.whole || o !== undefined;
  const within = (at: string) => (one ? '1' : `date_trunc('${vs.within}', ${at})`);
  const stat = vs.stat === 'median' ? `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${m})` : `AVG(${m})`;
  const mark = ident(
    `${vs.stat === 'median' ? 'median' : 'average'}_${grain}${vs.of ? `_of_${vs.of.label}` : vs.whole ? '' : `_of_${vs.within}`}`,
  );
  const e = figures(conditions(plan, time));
  const s = `SELECT ${within(grain)} AS within_period, ${stat} AS ${mark} FROM ${o ? 'o' : 'e'} GROUP BY 1`;
  const f = `SELECT e.${grain}, e.${m}, s.${mark} FROM e JOIN s ON ${within(`e.${grain}`)} = s.within_period WHERE e.${m} ${having.op} ${vs.factor !== undefined ? `${vs.factor} * ` : ''}s.${mark}`;
  const head = `WITH e AS (${e}), ${o ? `o AS (${o}), ` : ''}s AS (${s}), f AS (${f})`;
  const title = titleOf(plan);
  const count = ident(`${grain}s`);
  // ("peak days per month": counted per coarser period.)
  if (plan.grain && plan.grain !== grain)
    return plannedQuery(
      plan,
      `${head} SELECT date_trunc('${plan.grain}', ${grain}) AS ${plan.grain}, COUNT(*) AS ${count} FROM f GROUP BY 1 ORDER BY 1`,
      title,
      [{ role: 'time' }, { role: 'entities' }],
    );
  if (having.output === 'list')
    return plannedQuery(plan, `${head} SELECT ${grain}, ${m} FROM f ORDER BY 1`, title, [
      { role: 'time' },
      { role: 'measure', member: having.measure },
    ]);
  return plannedQuery(plan, `${head} SELECT COUNT(*) AS ${count} FROM f`, title, [{ role: 'entities' }]);
}
