/**
 * The query and answer of a measure built from two filtered measures (filtered-measures.ts): the rows of the plan's
 * scope are grouped by its breakdown and by whether each side's conditions hold, then each side is summed over its
 * own rows with a FILTER clause (DuckDB and PostgreSQL both have it) and the two are divided or subtracted. Only a
 * sum or a count is read into a side, so the groups' figures add up to each side's.
 */
import type { ResultLike } from './answer';
import { timeLabel } from './answer';
import { formatFigure, formatPercent } from './format';
import { capitalise, nameOf } from './names';
import type { FilteredMeasure, Plan, TwoMeasures } from './plan';
import {
  conditions,
  dimensionSql,
  ident,
  type PlannedQuery,
  plannedQuery,
  scopeText,
  valueCondition,
} from './sql';
import { formatNumber, formatValue, listText } from './text';

/** The SQL condition of a side's own rows (TRUE for all of them). */
const sideCondition = (side: FilteredMeasure): string => {
  const parts = [
    ...side.filters.map((f) => valueCondition(dimensionSql(f.member), f)),
    ...side.numbers.map((f) => `${ident(f.member.column)} ${f.op} ${f.value}`),
  ];
  return parts.length > 0 ? parts.join(' AND ') : 'TRUE';
};

/** How the figure is said: "returned orders / completed orders", "... as a % of ...", "... minus ...". */
export function pairText(pair: TwoMeasures): string {
  const op = pair.op === '-' ? 'minus' : pair.percent ? 'as a % of' : '/';
  const expression = `${pair.a.words} ${op} ${pair.b.words}`;
  return pair.name ? `${pair.name} (${expression})` : expression;
}

/** The query of a plan with `twoMeasures`: each side over its own rows, then the figure of both. */
export function twoMeasuresQuery(plan: Plan): PlannedQuery {
  const pair = plan.twoMeasures as TwoMeasures;
  const time = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  const inner: string[] = [];
  const labels: string[] = [];
  const columns: PlannedQuery['columns'] = [];
  if (plan.grain && time) {
    inner.push(`date_trunc('${plan.grain}', ${time}) AS ${plan.grain}`);
    labels.push(plan.grain);
    columns.push({ role: 'time' });
  }
  for (const d of plan.dimensions) {
    inner.push(d.derived ? `${d.derived.sql} AS ${ident(d.column)}` : ident(d.column));
    labels.push(ident(d.column));
    columns.push({ role: 'dimension', member: d });
  }
  const keys = inner.length + 2;
  inner.push(`CASE WHEN ${sideCondition(pair.a)} THEN 1 ELSE 0 END AS a_key`);
  inner.push(`CASE WHEN ${sideCondition(pair.b)} THEN 1 ELSE 0 END AS b_key`);
  inner.push(`MEASURE(${ident(pair.a.measure.column)}) AS a_m`);
  inner.push(`MEASURE(${ident(pair.b.measure.column)}) AS b_m`);
  // (An average per order: its sum over its count, each over the side's own rows.)
  if (pair.a.per) inner.push(`MEASURE(${ident(pair.a.per.column)}) AS a_n`);
  if (pair.b.per) inner.push(`MEASURE(${ident(pair.b.per.column)}) AS b_n`);
  const where = conditions(plan, time);
  let cte = `SELECT ${inner.join(', ')} FROM ${ident(plan.cube.name)}`;
  if (where.length > 0) cte += ` WHERE ${where.join(' AND ')}`;
  cte += ` GROUP BY ${Array.from({ length: keys }, (_, i) => i + 1).join(', ')}`;
  // (A side's largest or smallest amount is the largest or smallest of its groups', never their sum.)
  const outer = (side: FilteredMeasure) =>
    side.measure.aggType === 'max' ? 'MAX' : side.measure.aggType === 'min' ? 'MIN' : 'SUM';
  const sideSum = (k: 'a' | 'b', side: FilteredMeasure) =>
    side.per
      ? `(SUM(${k}_m) FILTER (WHERE ${k}_key = 1) / NULLIF(SUM(${k}_n) FILTER (WHERE ${k}_key = 1), 0))`
      : `${outer(side)}(${k}_m) FILTER (WHERE ${k}_key = 1)`;
  const a = sideSum('a', pair.a);
  const b = sideSum('b', pair.b);
  const figure =
    pair.op === '-'
      ? `COALESCE(${a}, 0) - COALESCE(${b}, 0)`
      : `${pair.percent ? '100.0' : '1.0'} * ${a} / NULLIF(${b}, 0)`;
  const lead = labels.map((l) => `${l}, `).join('');
  let sql = `WITH t AS (${cte}) SELECT ${lead}COALESCE(${a}, 0) AS a_value, COALESCE(${b}, 0) AS b_value, ${figure} AS value FROM t`;
  if (labels.length > 0) {
    const by = labels.map((_, i) => i + 1).join(', ');
    sql += ` GROUP BY ${by} ORDER BY ${by}`;
  }
  columns.push({ role: 'measure', member: pair.a.measure });
  columns.push({ role: 'whole', member: pair.b.measure });
  columns.push({ role: pair.percent ? 'share' : 'measure' });
  const title = capitalise(`${pairText(pair)}${byText(plan)}${scopeText(plan)}`);
  return plannedQuery(plan, sql, title.replace(/'/g, ''), columns);
}

const byText = (plan: Plan): string => {
  const by = [...(plan.grain ? [plan.grain] : []), ...plan.dimensions.map((d) => nameOf(plan, d))];
  return by.length > 0 ? ` by ${listText(by)}` : '';
};

/** The figure as said: a percent, a ratio to four places, or a difference in the measure's own unit. */
function figureText(pair: TwoMeasures, value: unknown): string {
  if (value === null || value === undefined) return 'no value (nothing to divide by)';
  if (pair.op === '-') return formatFigure(pair.a.measure, value);
  if (pair.percent) return formatPercent(value);
  const ratio = Number(value);
  // (Four places: two would say 0.1 of every region alike.)
  return Math.abs(ratio) >= 1000
    ? formatNumber(Math.round(ratio))
    : String(Math.round(ratio * 10000) / 10000);
}

/** The answer of a plan with `twoMeasures`: the figure per row, each with both sides beside it. */
export function twoMeasuresAnswer(plan: Plan, query: PlannedQuery, result: ResultLike): string | undefined {
  const pair = plan.twoMeasures;
  if (!pair) return undefined;
  const lead = query.columns.length - 3;
  const line = (row: readonly unknown[]) => {
    const parts = `${formatFigure(pair.a.measure, row[lead])} ${pair.a.words}; ${formatFigure(pair.b.measure, row[lead + 1])} ${pair.b.words}`;
    return `${figureText(pair, row[lead + 2])} (${parts})`;
  };
  const head = capitalise(`${pairText(pair)}${byText(plan)}${scopeText(plan)}`);
  if (lead === 0) {
    const row = result.data[0];
    return row ? `${head}: ${line(row)}.` : `${head}: no rows.`;
  }
  const rows = result.data.map((row) => {
    const keys = row
      .slice(0, lead)
      .map((v, i) => (query.columns[i]?.role === 'time' ? timeLabel(v, plan.grain) : formatValue(v)));
    return `- ${keys.join(', ')}: ${line(row)}`;
  });
  return `${head}:\n${rows.join('\n')}`;
}
