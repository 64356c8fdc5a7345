/** The query and the answer of a reach (reach.ts): a running total over the entities, largest first. */
import { asNumber, formatFigure, formatPercent } from './format';
import { capitalise, entityWord, nameOf } from './names';
import type { Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, scopeText } from './sql';

/**
 * The running total of the measure per entity, largest first (ties by name, so each row is its own peer and the
 * default frame is the running one): how many entities it takes before
 * the total reaches the share (the one that crosses it included), of how many, and as a percent of them.
 */
export function reachQuery(plan: Plan, where: string[]): PlannedQuery {
  const reach = plan.reach;
  const measure = plan.measures[0];
  if (!reach || !measure) throw new Error('not a reach');
  const e = ident(reach.entity.column);
  const t = `SELECT ${e} AS entity, MEASURE(${ident(measure.column)}) AS v FROM ${ident(plan.cube.name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} GROUP BY 1`;
  const r = `SELECT v, SUM(v) OVER (ORDER BY v DESC, entity) AS running, SUM(v) OVER () AS total FROM t`;
  const inside = `SUM(CASE WHEN running - v < total * ${reach.fraction} THEN 1 ELSE 0 END)`;
  const reached = `SUM(CASE WHEN running - v < total * ${reach.fraction} THEN v ELSE 0 END)`;
  // ("which categories account for 80% of revenue": each one inside the reach, with its running share.)
  if (reach.output === 'list') {
    const listed = `SELECT entity, v, SUM(v) OVER (ORDER BY v DESC, entity) AS running, SUM(v) OVER () AS total FROM t`;
    const sql = `WITH t AS (${t}), r AS (${listed}) SELECT entity AS ${e}, v AS ${ident(measure.column)}, round(100.0 * running / NULLIF(total, 0), 2) AS running_share_percent FROM r WHERE running - v < total * ${reach.fraction} ORDER BY v DESC, entity`;
    return plannedQuery(plan, sql, reachTitle(plan), [
      { role: 'dimension', member: reach.entity },
      { role: 'measure', member: measure },
      { role: 'share' },
    ]);
  }
  const sql = `WITH t AS (${t}), r AS (${r}) SELECT ${inside} AS entities, COUNT(*) AS all_entities, round(100.0 * ${inside} / NULLIF(COUNT(*), 0), 2) AS share_percent, ${reached} AS reached, MAX(total) AS whole FROM r`;
  const title = reachTitle(plan);
  return plannedQuery(plan, sql, title, [
    { role: 'entities' },
    { role: 'entities' },
    { role: 'share' },
    { role: 'measure', member: measure },
    { role: 'whole', member: measure },
  ]);
}

const fractionWords = (f: number) =>
  f === 0.5
    ? 'half'
    : Math.abs(f - 1 / 3) < 1e-9
      ? 'a third'
      : Math.abs(f - 2 / 3) < 1e-9
        ? 'two thirds'
        : `${Math.round(f * 10000) / 100}%`;

function reachTitle(plan: Plan): string {
  const reach = plan.reach;
  const measure = plan.measures[0];
  const who = reach ? entityWord(reach.entity) : 'rows';
  const what = measure ? nameOf(plan, measure) : 'the total';
  return capitalise(
    `${who} (biggest first) that make up ${reach ? fractionWords(reach.fraction) : ''} of ${what}${scopeText(plan)}`,
  );
}

/** "Customers (biggest first) that make up half of revenue: 8,726 of the 20,000 customers (43.63%), together $X of $Y." */
export function reachText(plan: Plan, query: PlannedQuery, result: { data: unknown[][] }): string {
  const reach = plan.reach;
  const measure = plan.measures[0];
  if (reach?.output === 'list' && measure) {
    const rows = result.data
      .slice(0, 20)
      .map(
        (r, i) =>
          `${i + 1}. ${String(r[0])}: ${formatFigure(measure, r[1])} (running share ${formatPercent(r[2])})`,
      );
    const more = result.data.length > 20 ? `\n(${result.data.length} in all; the first 20 listed.)` : '';
    return `${query.title} (the one that crosses the share included):\n${rows.join('\n')}${more}`;
  }
  const [count, all, percent, reached, whole] = result.data[0] ?? [];
  const n = asNumber(count);
  if (!reach || !measure || n === undefined || !asNumber(all)) return `${query.title}: no rows, so no value.`;
  const who = entityWord(reach.entity);
  const of = `${formatFigure(undefined, all)} ${who}`;
  return `${query.title}: ${formatFigure(undefined, n)} of the ${of} (${formatPercent(percent)}), together ${formatFigure(measure, reached)} of ${formatFigure(measure, whole)}.`;
}
