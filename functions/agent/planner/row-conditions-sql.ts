/**
 * SQL and words for conditions on each entity's own rows (row-conditions.ts): the entity's rows grouped, each
 * condition an aggregate of them in HAVING (a count of its rows of a kind, in a period or under an amount, as
 * SUM(CASE ...); a measure's total, average, largest or smallest as MEASURE), compared to a number or to another
 * such aggregate; then the entities counted, listed, or ranked by another measure. (Their words: names.ts.)
 */
import { entityWord } from './names';
import type { Plan, RowAggregate, RowCondition } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, valueCondition, withinPeriod } from './sql';

/** The aggregate over one entity's rows, in SQL. */
function aggregateSql(a: RowAggregate, time: string | undefined): string {
  const parts = [
    ...(a.kind ?? []).map((f) => valueCondition(ident(f.member.column), f)),
    ...(a.bound ? [`${ident(a.bound.member.column)} ${a.bound.op} ${a.bound.value}`] : []),
    ...(a.period && time ? [withinPeriod(time, a.period)] : []),
  ];
  // ("spent more on toys than on clothing": the amounts of its rows of a kind added up, 0 where it has none.)
  if (a.summed)
    return parts.length === 0
      ? `SUM(${ident(a.summed.column)})`
      : `SUM(CASE WHEN ${parts.join(' AND ')} THEN ${ident(a.summed.column)} ELSE 0 END)`;
  if (parts.length === 0) return `MEASURE(${ident(a.measure.column)})`;
  return `SUM(CASE WHEN ${parts.join(' AND ')} THEN 1 ELSE 0 END)`;
}

/** A column name for an aggregate ("returned_count", "max_amount"). */
const aggregateName = (a: RowAggregate, i: number) =>
  `${[
    ...(a.kind ?? []).flatMap((f) => (f.negate ? ['not', ...f.values] : f.values)),
    a.bound ? 'bounded' : '',
    a.period?.label ?? '',
    a.measure.column,
  ]
    .filter((w) => w !== '')
    .join('_')
    .replace(/[^a-z0-9_]+/gi, '_')
    .toLowerCase()}${i > 0 && a.measure.aggType === 'count' && !a.kind ? `_${i}` : ''}`;

const conditionSql = (c: RowCondition, time: string | undefined) =>
  `${aggregateSql(c, time)} ${c.op} ${c.against ? aggregateSql(c.against, time) : c.value}`;

/** The query of a plan whose `having` holds `clauses`. */
export function rowConditionsQuery(plan: Plan, title: string): PlannedQuery {
  const h = plan.having;
  const time = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  if (!h?.clauses) throw new Error('not a plan of conditions on rows');
  // (No time dimension is needed where no condition and no bound is on a period: "more returned than cancelled
  // orders", split by segment in a follow-up.)
  const timed =
    h.clauses.some((c) => c.period || c.against?.period) || plan.range || plan.compare || plan.anyOf;
  if (!time && timed) throw new Error('not a plan of conditions on rows');
  const entity = ident(h.entity.column);
  const rows = `${ident(plan.cube.name)}${(() => {
    const where = conditions(plan, time);
    return where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  })()}`;
  const test = h.clauses.map((c) => conditionSql(c, time)).join(' AND ');
  const described = (sql: string, columns: PlannedQuery['columns']): PlannedQuery =>
    plannedQuery(plan, sql, title, columns);
  if (h.output === 'list' && h.rankBy) {
    const m = ident(h.rankBy.measure.column);
    return described(
      `SELECT ${entity}, MEASURE(${m}) AS ${m} FROM ${rows} GROUP BY 1 HAVING ${test} ORDER BY 2 ${h.rankBy.direction === 'asc' ? 'ASC' : 'DESC'}, 1 LIMIT ${h.rankBy.n}`,
      [
        { role: 'dimension', member: h.entity },
        { role: 'measure', member: h.rankBy.measure },
      ],
    );
  }
  if (h.output === 'list') {
    // Each one's own figures the conditions are on ("returned orders: 9"), the first of them ordering the list.
    const shown = h.clauses.flatMap((c) => (c.against ? [c, c.against] : [c]));
    const unique = shown.filter(
      (a, i) => shown.findIndex((b) => aggregateSql(b, time) === aggregateSql(a, time)) === i,
    );
    const select = unique
      .map((a, i) => `${aggregateSql(a, time)} AS ${ident(aggregateName(a, i))}`)
      .join(', ');
    return described(
      `SELECT ${entity}, ${select} FROM ${rows} GROUP BY 1 HAVING ${test} ORDER BY 2 DESC, 1`,
      [
        { role: 'dimension', member: h.entity },
        ...unique.map((a) => ({ role: 'measure' as const, member: a.measure })),
      ],
    );
  }
  // ("what % of the customers who ordered in 2025 ...": of the entities with rows, those meeting the conditions.)
  if (h.output === 'share') {
    const people = entityWord(h.entity);
    return described(
      `SELECT SUM(ok) AS ${ident(people)}, COUNT(*) AS ${ident(`all_${people}`)}, round(100.0 * SUM(ok) / COUNT(*), 2) AS share_percent FROM (SELECT ${entity}, CASE WHEN ${test} THEN 1 ELSE 0 END AS ok FROM ${rows} GROUP BY 1) AS t`,
      [{ role: 'entities' }, { role: 'whole' }, { role: 'share' }],
    );
  }
  // ("by region": the count per value, 0 where none of the value's entities qualifies.)
  const [by] = plan.dimensions;
  if (by) {
    const group = ident(by.column);
    return described(
      `SELECT ${group}, SUM(ok) AS ${ident(entityWord(h.entity))} FROM (SELECT ${entity}, ${group}, CASE WHEN ${test} THEN 1 ELSE 0 END AS ok FROM ${rows} GROUP BY 1, 2) AS t GROUP BY 1 ORDER BY 1`,
      [{ role: 'dimension', member: by }, { role: 'entities' }],
    );
  }
  return described(
    `SELECT COUNT(*) AS ${ident(entityWord(h.entity))} FROM (SELECT ${entity} FROM ${rows} GROUP BY 1 HAVING ${test}) AS t`,
    [{ role: 'entities' }],
  );
}
