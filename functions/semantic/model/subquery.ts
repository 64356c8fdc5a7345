/**
 * Cube's `sub_query: true` dimensions: a measure of another cube as a dimension of this one, correlated by the
 * join between the two (`customers.order_count` = the orders count of each customer). Each is a scalar subquery
 * over the other cube's table, carrying that cube's row-level policy for the querying user, so it never counts
 * rows the user could not read directly. Planned here when the model loads; the query pipeline builds the
 * subquery (sql/secure.ts `subQuerySql`).
 */

import { EXPRESSION_MEASURE_TYPES } from './calculated';
import { edgeBetween } from './references';
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
