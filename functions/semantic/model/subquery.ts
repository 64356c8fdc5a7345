/**
 * Cube's `sub_query: true` dimensions: a measure of another cube as a dimension of this one, correlated by the
 * join between the two (`customers.order_count` = the orders count of each customer). Each is a scalar subquery
 * over the other cube's table, carrying that cube's row-level policy for the querying user, so it never counts
 * rows the user could not read directly.
 */

import { quote } from '../ast';
import type { Dialect } from '../target';
import { EXPRESSION_MEASURE_TYPES, measureRowSql } from './calculated';
import { type QueryUser, rowCondition } from './policy';
import { edgeBetween, expandReferences, memberSqlOf } from './references';
import type { CubeDef, DimensionDef, Member, ModelIssue, SubQuery } from './schema';

export type { SubQuery } from './schema';

const REFERENCE = /^\s*\$?\{\s*([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\s*$/;

/** Validates a sub_query dimension: `sql` is exactly `{cube.measure}` of a cube joined to this one. */
export function planSubQuery(
  cubes: ReadonlyMap<string, CubeDef>,
  cube: CubeDef,
  dimension: DimensionDef,
): SubQuery | string {
  const match = REFERENCE.exec(dimension.sql ?? '');
  if (!match) return 'a sub_query dimension is written as {other_cube.measure}';
  const [, other = '', name = ''] = match;
  const target = cubes.get(other);
  const measure = target?.measures.find((m) => m.name === name);
  if (!target || !measure) return `${other}.${name} is not a measure`;
  if (!edgeBetween(cubes, cube.name, other)) return `${cube.name} has no join with ${other}`;
  if (EXPRESSION_MEASURE_TYPES.has(measure.type) || measure.rolling_window || measure.multi_stage) {
    return `a sub_query dimension reads a count, count_distinct, sum, avg, min, max or median measure (${other}.${name} is ${measure.type})`;
  }
  return { cube: other, measure: name };
}

/** Marks each sub_query dimension of the model's members with what it reads; problems become issues. */
export function planSubQueries(
  cubes: ReadonlyMap<string, CubeDef>,
  members: Iterable<Member>,
  where: (name: string) => { file: string; path: string },
  issues: ModelIssue[],
): void {
  const plans = new Map<string, SubQuery>();
  for (const cube of cubes.values()) {
    for (const [i, dimension] of cube.dimensions.entries()) {
      if (!dimension.sub_query) continue;
      const plan = planSubQuery(cubes, cube, dimension);
      if (typeof plan === 'string') {
        const { file, path } = where(cube.name);
        issues.push({ file, path: `${path}.dimensions[${i}].sql`, message: plan });
      } else plans.set(`${cube.name}.${dimension.name}`, plan);
    }
  }
  for (const member of members) {
    const plan = plans.get(`${member.cube}.${member.cubeMember}`);
    if (plan && member.kind === 'dimension') member.subQuery = plan;
  }
}

const AGGREGATE: Record<string, string> = {
  count: 'COUNT',
  sum: 'SUM',
  avg: 'AVG',
  min: 'MIN',
  max: 'MAX',
};

/** The scalar subquery of a sub_query dimension whose own cube has the alias `ownAlias`. */
export function subQuerySql(args: {
  cubes: ReadonlyMap<string, CubeDef>;
  own: string;
  ownAlias: string;
  plan: SubQuery;
  user: QueryUser;
  params: unknown[];
  dialect: Dialect;
  table: (cube: CubeDef) => string;
}): string {
  const { cubes, own, ownAlias, plan, user, params } = args;
  const cube = cubes.get(plan.cube);
  const edge = edgeBetween(cubes, own, plan.cube);
  const declaredOn = edge ? cubes.get(edge.declaredOn) : undefined;
  if (!cube || !edge || !declaredOn) return 'NULL';
  const inner = `__sq_${plan.cube}`;
  const alias = (c: string) => quote(c === plan.cube ? inner : c === own ? ownAlias : c);
  const on = expandReferences(edge.sql, {
    cubes,
    cube: declaredOn,
    alias,
    others: [edge.declaredOn === own ? plan.cube : own],
  });
  const value = measureRowSql({ cubes, cube, alias, others: [] }, plan.measure);
  const type = cube.measures.find((m) => m.name === plan.measure)?.type ?? 'count';
  const aggregate =
    type === 'count_distinct' || type === 'count_distinct_approx'
      ? `COUNT(DISTINCT ${value})`
      : type === 'median'
        ? args.dialect === 'duckdb'
          ? `median(CAST(${value} AS DOUBLE))`
          : `PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY ${value})`
        : `${AGGREGATE[type] ?? 'COUNT'}(${value})`;
  const conditions = [`(${on})`];
  const policy = rowCondition(cube, inner, user, params, (c, member, a) =>
    memberSqlOf({ cubes, cube: c, alias: (x) => quote(x === c.name ? a : x), others: [] }, member),
  );
  if (policy.kind === 'none') conditions.push('FALSE');
  else if (policy.kind === 'sql') conditions.push(`(${policy.sql})`);
  return `(SELECT ${aggregate} FROM ${args.table(cube)} AS ${quote(inner)} WHERE ${conditions.join(' AND ')})`;
}
