/**
 * Stage 6: securing. Each planned subquery gets the user's row-level filters: the policy of every cube it joins
 * and the view's own policy, inside its WHERE, so no outer SQL can widen it; a sub_query dimension's scalar
 * subquery carries its own cube's policy. Per-user references of model SQL ({SECURITY_CONTEXT.x}) and the
 * query's filters pushed into cube SQL (FILTER_PARAMS) become parameters here, through one allocator.
 * Physical tables are named fully qualified through the target (the plan stage), so only these subqueries can
 * reach them. A plan the planner cannot make (a cube or member the model lacks) is an internal error, never a
 * subquery secured by guesswork (docs/security-testing.md).
 */

import { SqlNotAllowedError } from '../../errors';
import { quote } from '../ast';
import { measureRowSql } from '../model/calculated';
import { bindContext, bindFilters } from '../model/context-refs';
import { policyCondition, type QueryUser, type RowCondition, rowCondition } from '../model/policy';
import {
  edgeBetween,
  expandReferences,
  memberScope,
  memberSqlOf,
  switchJoinSql,
  switchRelation,
} from '../model/references';
import type { CubeDef, DataModel, MeasureDef, SubQuery } from '../model/schema';
import { ParamAllocator } from '../params';
import type { Dialect, SqlTarget } from '../target';
import { memberColumnSql, memberSql, tableSql } from './plan';
import type { PlannedQuery, SecuredQuery, SubqueryPlan } from './types';

/** The cube `name` of the model: the planner names only cubes the model has. */
function cubeOf(cubes: ReadonlyMap<string, CubeDef>, name: string): CubeDef {
  const cube = cubes.get(name);
  if (!cube) throw new Error(`securing: ${name} is not a cube of the model`);
  return cube;
}

/** The subquery of `plan` with the user's row-level filters, its parameters allocated from `params`. */
export function securedSql(
  model: DataModel,
  plan: SubqueryPlan,
  user: QueryUser,
  params: ParamAllocator,
  target: SqlTarget,
): string {
  const { object, from } = plan;
  if (!object || !from) throw new Error(`securing: ${plan.name} is the plan of no model object`);
  const switches = new Set(plan.switches);
  // Each sub_query's SQL is written once: it allocates its policy parameters, which the engine must all see used.
  const subQueries = new Map<string, string>();
  const subQuery = (marker: string): string => {
    const found = plan.subQueries.get(marker);
    // The model's own SQL may hold text shaped like a marker (a column so named): it is kept as written.
    if (!found) return marker;
    const done = subQueries.get(marker);
    if (done !== undefined) return done;
    // The sub_query reads its cube for every row of this one: the query's filters are not its own.
    const sql = bindFilters(
      subQuerySql({
        cubes: model.cubes,
        own: cubeOf(model.cubes, found.member.cube),
        plan: found.plan,
        user,
        params,
        dialect: target.dialect,
        table: (c) => tableSql(c, target),
      }),
      undefined,
      params,
    );
    subQueries.set(marker, sql);
    return sql;
  };
  const written = (sql: string) => sql.replace(SUBQUERY_MARKER, subQuery);
  // Written in order before any condition: the projected sub_queries' parameters come before the filters'.
  const columns = plan.columns.map(written);
  const conditions: string[] = [];
  const addCondition = (condition: RowCondition) => {
    if (condition.kind === 'none') conditions.push('FALSE');
    else if (condition.kind === 'sql') conditions.push(`(${condition.sql})`);
  };
  // The aliases are the root cube and the cubes it joins, each named as itself.
  const cubes = from.aliases.map((alias) => ({ alias, cube: cubeOf(model.cubes, alias) }));
  for (const { alias, cube } of cubes) {
    addCondition(
      rowCondition(cube, alias, user, params, (c, member) => memberSql(model, c, member, switches)),
    );
  }
  const byName = new Map(object.members.map((m) => [m.name, m]));
  addCondition(
    policyCondition(object.policies, user, params, (name) => {
      const member = byName.get(name);
      if (!member) throw new Error(`securing: ${object.name}'s policy reads ${name}, which it does not have`);
      return written(memberColumnSql(model, member, switches));
    }),
  );
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  // A switch dimension's values are joined to every row when the projection or the filters read them (only
  // switch dimensions have a relation).
  const joins = [...from.joins];
  for (const { alias, cube } of cubes) {
    for (const dimension of cube.dimensions) {
      if (switches.has(switchRelation(alias, dimension.name))) joins.push(switchJoinSql(alias, dimension));
    }
  }
  // Per-user references of model SQL ({SECURITY_CONTEXT.x}) become parameters now (model/context-refs.ts).
  // The query's filters on members whose cube SQL asks for them (FILTER_PARAMS) go inside (sql/pushdown.ts).
  const statement = bindFilters(
    `SELECT ${columns.join(', ')} FROM ${from.root}${joins.length ? ` ${joins.join(' ')}` : ''}${where}`,
    plan.pushed,
    params,
  );
  return bindContext(statement, user, params);
}

const SUBQUERY_MARKER = /__subquery__[0-9a-f]+/g;

/** Stage 6: every planned subquery secured for `user`, with one parameter allocator for the whole query. */
export function secureQuery(
  query: PlannedQuery,
  model: DataModel,
  user: QueryUser,
  target: SqlTarget,
): SecuredQuery {
  const params = new ParamAllocator();
  const subqueries = query.subqueries.map((plan) => ({
    name: plan.name,
    sql: securedSql(model, plan, user, params, target),
  }));
  return { stage: 'secured', root: query.root, subqueries, params };
}

/** The aggregate of a sub_query's measure over its row values (model/subquery.ts admits only these types). */
function aggregateOf(measure: MeasureDef, dialect: Dialect): (value: string) => string {
  switch (measure.type) {
    case 'count':
      return (value) => `COUNT(${value})`;
    case 'count_distinct':
    case 'count_distinct_approx':
      return (value) => `COUNT(DISTINCT ${value})`;
    case 'sum':
      return (value) => `SUM(${value})`;
    case 'avg':
      return (value) => `AVG(${value})`;
    case 'min':
      return (value) => `MIN(${value})`;
    case 'max':
      return (value) => `MAX(${value})`;
    case 'median':
      return dialect === 'duckdb'
        ? (value) => `median(CAST(${value} AS DOUBLE))`
        : (value) => `PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY ${value})`;
    default:
      throw new Error(`securing: a sub_query cannot aggregate ${measure.name}, a ${measure.type} measure`);
  }
}

/**
 * The scalar subquery of a sub_query dimension of the cube `own` (model/subquery.ts plans it): the other cube's
 * measure over the rows the join correlates, under that cube's row-level policy. Member SQL is expanded as in the
 * outer subquery (memberScope), the other cube aliased inside.
 */
export function subQuerySql(args: {
  cubes: ReadonlyMap<string, CubeDef>;
  own: CubeDef;
  plan: SubQuery;
  user: QueryUser;
  params: ParamAllocator;
  dialect: Dialect;
  table: (cube: CubeDef) => string;
}): string {
  const { cubes, own, plan, user, params } = args;
  // The switch relations its SQL reads: none may be (below).
  const switches = new Set<string>();
  const cube = cubeOf(cubes, plan.cube);
  const edge = edgeBetween(cubes, own.name, plan.cube);
  if (!edge) throw new Error(`securing: ${own.name} has no join with ${plan.cube}`);
  const measure = cube.measures.find((m) => m.name === plan.measure);
  if (!measure) throw new Error(`securing: ${plan.measure} is not a measure of ${plan.cube}`);
  const aggregate = aggregateOf(measure, args.dialect);
  const inner = `__sq_${plan.cube}`;
  const alias = (c: string) => quote(c === plan.cube ? inner : c);
  const on = expandReferences(edge.sql, {
    cubes,
    cube: edge.declaredOn === own.name ? own : cube,
    alias,
    others: [edge.declaredOn === own.name ? plan.cube : own.name],
    switches,
  });
  const value = measureRowSql({ ...memberScope(cubes, cube, alias), switches }, measure.name);
  const conditions = [`(${on})`];
  const policy = rowCondition(cube, inner, user, params, (c, member) =>
    memberSqlOf({ ...memberScope(cubes, c, alias), switches }, member),
  );
  if (policy.kind === 'none') conditions.push('FALSE');
  else if (policy.kind === 'sql') conditions.push(`(${policy.sql})`);
  // A switch dimension's values are joined to the outer rows, which they would repeat (one per value), and the
  // subquery has no row of its own to join them to: refused rather than read from a relation not there.
  if (switches.size > 0) {
    throw new SqlNotAllowedError(
      `${plan.cube}.${measure.name} reads a switch dimension, which a sub_query dimension cannot read`,
    );
  }
  return `(SELECT ${aggregate(value)} FROM ${args.table(cube)} AS ${quote(inner)} WHERE ${conditions.join(' AND ')})`;
}
