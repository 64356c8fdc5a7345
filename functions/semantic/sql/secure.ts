/**
 * Stage 6: securing. Each planned subquery gets the user's row-level filters: the policy of every cube it joins
 * and the view's own policy, inside its WHERE, so no outer SQL can widen it; a sub_query dimension's scalar
 * subquery carries its own cube's policy. Per-user references of model SQL ({SECURITY_CONTEXT.x}) and the
 * query's filters pushed into cube SQL (FILTER_PARAMS) become parameters here, through one allocator.
 * Physical tables are named fully qualified through the target (the plan stage), so only these subqueries can
 * reach them.
 */

import { quote } from '../ast';
import { measureRowSql } from '../model/calculated';
import { bindContext, bindFilters } from '../model/context-refs';
import { policyCondition, type QueryUser, type RowCondition, rowCondition } from '../model/policy';
import {
  edgeBetween,
  expandReferences,
  memberSqlOf,
  switchJoinSql,
  switchRelation,
} from '../model/references';
import type { CubeDef, DataModel, SubQuery } from '../model/schema';
import { ParamAllocator } from '../params';
import type { Dialect, SqlTarget } from '../target';
import { memberColumnSql, memberSql, subQueryMarker, tableSql } from './plan';
import type { PlannedQuery, SecuredQuery, SubqueryPlan } from './types';

/** The subquery of `plan` with the user's row-level filters, its parameters allocated from `params`. */
export function securedSql(
  model: DataModel,
  plan: SubqueryPlan,
  user: QueryUser,
  params: ParamAllocator,
  target: SqlTarget,
): string {
  const { object, from } = plan;
  if (!object || !from) return 'SELECT 1 WHERE FALSE';
  const switches = new Set(plan.switches);
  // Each sub_query's SQL is written once: it allocates its policy parameters, which the engine must all see used.
  const subQueries = new Map<string, string>();
  const subQuery = (marker: string): string => {
    const done = subQueries.get(marker);
    if (done !== undefined) return done;
    const found = plan.subQueries.get(marker);
    if (!found) return 'NULL';
    // The sub_query reads its cube for every row of this one: the query's filters are not its own.
    const sql = bindFilters(
      subQuerySql({
        cubes: model.cubes,
        own: found.member.cube,
        ownAlias: found.member.cube,
        plan: found.plan,
        user,
        params,
        dialect: target.dialect,
        table: (c) => tableSql(c, target),
        switches,
      }),
      undefined,
      params,
    );
    subQueries.set(marker, sql);
    return sql;
  };
  const written = (sql: string) => sql.replace(SUBQUERY_MARKER, (marker) => subQuery(marker));
  // The projected dimensions' subqueries first, in order: their parameters come before the filters'.
  for (const member of plan.members)
    if (member.kind === 'dimension' && member.subQuery) subQuery(subQueryMarker(member));
  const columns = plan.columns.map(written);
  const conditions: string[] = [];
  const addCondition = (condition: RowCondition) => {
    if (condition.kind === 'none') conditions.push('FALSE');
    else if (condition.kind === 'sql') conditions.push(`(${condition.sql})`);
  };
  for (const alias of from.aliases) {
    const cube = model.cubes.get(alias);
    if (cube) {
      addCondition(
        rowCondition(cube, alias, user, params, (c, member, a) => memberSql(model, c, member, a, switches)),
      );
    }
  }
  if (object.policies) {
    const byName = new Map(object.members.map((m) => [m.name, m]));
    addCondition(
      policyCondition(object.policies, user, params, (name) => {
        const member = byName.get(name);
        return member ? written(memberColumnSql(model, member, switches)) : 'NULL';
      }),
    );
  }
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  // A switch dimension's values are joined to every row when the projection or the filters read them.
  const joins = [...from.joins];
  for (const alias of from.aliases) {
    for (const dimension of model.cubes.get(alias)?.dimensions ?? []) {
      if (dimension.type === 'switch' && switches.has(switchRelation(alias, dimension.name))) {
        joins.push(switchJoinSql(alias, dimension));
      }
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

const AGGREGATE: Record<string, string> = {
  count: 'COUNT',
  sum: 'SUM',
  avg: 'AVG',
  min: 'MIN',
  max: 'MAX',
};

/**
 * The scalar subquery of a sub_query dimension whose own cube has the alias `ownAlias` (model/subquery.ts plans
 * it): the other cube's measure over the rows the join correlates, under that cube's row-level policy.
 */
export function subQuerySql(args: {
  cubes: ReadonlyMap<string, CubeDef>;
  own: string;
  ownAlias: string;
  plan: SubQuery;
  user: QueryUser;
  params: ParamAllocator;
  dialect: Dialect;
  table: (cube: CubeDef) => string;
  /** Collects the switch relations its SQL reads. */
  switches?: Set<string>;
}): string {
  const { cubes, own, ownAlias, plan, user, params } = args;
  const reads = args.switches ? { switches: args.switches } : {};
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
    ...reads,
  });
  const value = measureRowSql({ cubes, cube, alias, others: [], ...reads }, plan.measure);
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
    memberSqlOf({ cubes, cube: c, alias: (x) => quote(x === c.name ? a : x), others: [], ...reads }, member),
  );
  if (policy.kind === 'none') conditions.push('FALSE');
  else if (policy.kind === 'sql') conditions.push(`(${policy.sql})`);
  return `(SELECT ${aggregate} FROM ${args.table(cube)} AS ${quote(inner)} WHERE ${conditions.join(' AND ')})`;
}
