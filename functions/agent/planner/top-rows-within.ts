/**
 * The top n rows within each group (issue 29, top per group): "the 3 biggest orders by region", "the 2 largest
 * orders in each category", "top 5 orders in 2024 vs 2025". The rows are ranked by their own number inside each
 * value of the breakdown, or inside each compared period, every row tied with the n-th kept (RANK). Read as one
 * ranking, the first was the regions ranked by how many orders they have and the last both years lumped together:
 * confidently wrong.
 */
import type { ResultLike } from './answer';
import { formatFigure } from './format';
import { nameOf } from './names';
import type { PerEntity, Plan } from './plan';
import { conditions, dimensionSql, ident, type PlannedQuery, quote, scopeText } from './sql';
import { formatValue } from './text';

type TopRows = Extract<PerEntity, { kind: 'top' }>;
type Within = NonNullable<TopRows['within']>;

/** The groups of a plan read from the words after "the n largest orders": one breakdown, or compared periods. */
export function withinOf(plan: Plan): Within | undefined {
  const [member, ...more] = plan.dimensions;
  if (member && more.length === 0 && !plan.compare && !plan.grain) return { member };
  if (!member && plan.compare && plan.compare.length >= 2 && !plan.grain) return { periods: plan.compare };
  return undefined;
}

/** The one query: each group's rows ranked by the number, descending or ascending, the top n of each kept. */
export function topRowsWithinQuery(
  plan: Plan,
  p: TopRows & { within: Within; n: number },
): Omit<PlannedQuery, 'title' | 'description'> {
  const table = ident(plan.cube.name);
  const at = ident(p.rows.time.column);
  const value = ident(p.of.column);
  const id = p.rows.id ? [ident(p.rows.id.column)] : [];
  const cols = [...id, ident(p.rows.entity.column), value, at];
  const dir = p.direction === 'desc' ? 'DESC' : 'ASC';
  const between = (from: string, to: string) => `${at} >= ${quote(from)} AND ${at} < ${quote(to)}`;
  // (The group and its order are columns of an inner query: the SQL API ranks over plain columns.)
  const group =
    'member' in p.within
      ? dimensionSql(p.within.member)
      : `CASE ${p.within.periods.map((x) => `WHEN ${between(x.from, x.to)} THEN ${quote(x.label)}`).join(' ')} END`;
  const order =
    'member' in p.within
      ? group
      : `CASE ${p.within.periods.map((x, i) => `WHEN ${between(x.from, x.to)} THEN ${i + 1}`).join(' ')} END`;
  const conds = conditions({ ...plan, dimensions: [], perEntity: undefined }, at);
  const rows = `SELECT ${group} AS group_key, ${order} AS group_order, ${cols.join(', ')} FROM ${table}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''}`;
  const ranked = `SELECT group_key, group_order, ${cols.join(', ')}, RANK() OVER (PARTITION BY group_key ORDER BY ${value} ${dir}) AS row_rank FROM (${rows}) AS r`;
  const sql = `SELECT group_key, ${cols.join(', ')} FROM (${ranked}) AS t WHERE row_rank <= ${p.n} ORDER BY group_order, ${value} ${dir}, ${at}${id.length > 0 ? `, ${id[0]}` : ''}`;
  return {
    sql,
    columns: [
      'member' in p.within ? { role: 'dimension', member: p.within.member } : { role: 'period' },
      ...(p.rows.id ? [{ role: 'dimension' as const, member: p.rows.id }] : []),
      { role: 'dimension', member: p.rows.entity },
      { role: 'measure', member: p.of },
      { role: 'time' },
    ],
  };
}

/** "3 largest orders", "largest order" (one row: "the 1 largest orders" read badly). */
export function rowsTitle(n: number, direction: 'asc' | 'desc', noun: string): string {
  const end = direction === 'desc' ? 'largest' : 'smallest';
  return n === 1 ? `${end} ${noun}` : `${n} ${end} ${noun}s`;
}

/** The answer: each group's rows in rank order, with the rule that keeps ties. */
export function topRowsWithinAnswer(
  plan: Plan,
  p: TopRows & { within: Within; n: number },
  result: ResultLike,
) {
  const scope = scopeText({ ...plan, dimensions: [], compare: undefined, perEntity: undefined });
  const noun = plan.cube.title.toLowerCase().replace(/s$/, '') || 'row';
  const what = nameOf(plan, p.of).toLowerCase();
  const by =
    'member' in p.within
      ? `in each ${nameOf(plan, p.within.member).toLowerCase()}`
      : `in ${p.within.periods.map((x) => x.label).join(' and in ')}`;
  const off = p.rows.id ? 1 : 0;
  const groups = new Map<string, unknown[][]>();
  for (const r of result.data) {
    // (A period's label as written: "2023", not the number 2,023.)
    const key = 'member' in p.within ? formatValue(r[0]) : String(r[0]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  if (groups.size === 0) return `No ${noun}s${scope}.`;
  const shown = [...groups].slice(0, 12).map(([key, rows]) => {
    const lines = rows.slice(0, 10).map((r, i) => {
      const order = p.rows.id ? ` (${noun} ${String(r[1])})` : '';
      return `  ${i + 1}. ${formatFigure(p.of, r[off + 2])}, ${formatValue(r[off + 1])} on ${String(r[off + 3] ?? '').slice(0, 10)}${order}`;
    });
    const more = rows.length > 10 ? `\n  (and ${rows.length - 10} more in the table)` : '';
    const ties = rows.length > p.n ? ` (${rows.length}: ties at the last place are all kept)` : '';
    return `- ${key}${ties}:\n${lines.join('\n')}${more}`;
  });
  const rest = groups.size > 12 ? `\n(and ${groups.size - 12} more groups in the table)` : '';
  return `The ${rowsTitle(p.n, p.direction, noun)} by ${what} ${by}${scope}:\n${shown.join('\n')}${rest}`;
}
