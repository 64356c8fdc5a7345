/**
 * Stage 5: securing. Each model object a query reads becomes one subquery holding only the members the user
 * may see, with every row-level filter of every cube it joins inside its WHERE, so no outer SQL can widen it.
 * Physical tables are named fully qualified through the target (DuckDB: a catalog attached under a generated
 * name; PostgreSQL: schema-qualified under an empty search path), so only this stage can reach them.
 */

import { TtlCache } from '../../cache';
import { SqlNotAllowedError } from '../../errors';
import { bindContext, bindFilters, expandContextRefs, type PushedFilters } from '../context-refs';
import { neededCubes } from '../cross-cube';
import {
  type CubeDef,
  type DataModel,
  FANOUT_SENSITIVE,
  type JoinEdge,
  type Member,
  type ModelObject,
} from '../model-schema';
import { policyCondition, type QueryUser, type RowCondition, rowCondition } from '../policy';
import { leafFilters } from '../policy-rules';
import {
  joinSql,
  memberScope,
  memberSqlOf,
  multipliedCubes,
  switchJoinSql,
  switchRelation,
} from '../references';
import type { SqlTarget } from '../target';
import { fold, isNode, POSTGRES, quote, sqlParser, walk } from './ast';
import { measureRowSql } from './calculated';
import { subQuerySql } from './subquery';

const authorSqlCache = new TtlCache<string, string>({ ttlMs: 60 * 60_000, maxEntries: 1000 });

/**
 * A cube's own `sql` with its tables qualified for the target (its CTE names kept). Model SQL is the
 * operator's, not the user's; SQL the parser cannot read is kept as written (its unqualified tables then do
 * not resolve on the engine, which reports it).
 */
function authorSql(sql: string, target: SqlTarget): string {
  const key = `${target.id}\u0000${sql}`;
  const cached = authorSqlCache.get(key);
  if (cached !== undefined) return cached;
  let result = sql;
  try {
    const ast = sqlParser.astify(sql, POSTGRES);
    const own = new Set<string>();
    const placeholders = new Map<string, string>();
    walk(ast, (node) => {
      if (Array.isArray(node.with))
        for (const cte of node.with) if (isNode(cte) && isNode(cte.name)) own.add(String(cte.name.value));
    });
    walk(ast, (node) => {
      if (typeof node.table !== 'string' || !('as' in node) || 'column' in node || node.expr !== undefined)
        return;
      if (!node.db && own.has(node.table)) return;
      const name = node.db ? `${String(node.db)}.${node.table}` : node.table;
      const placeholder = `__table_${placeholders.size}`;
      placeholders.set(placeholder, target.table(name));
      node.db = null;
      node.table = placeholder;
    });
    let text = sqlParser.sqlify(ast as never, POSTGRES);
    for (const [placeholder, table] of placeholders) text = text.split(quote(placeholder)).join(table);
    result = text;
  } catch {
    result = sql;
  }
  authorSqlCache.set(key, result);
  return result;
}

function tableSql(cube: CubeDef, target: SqlTarget): string {
  if (cube.sql_table) return target.table(cube.sql_table);
  return `(${authorSql(expandContextRefs(cube.sql ?? ''), target)})`;
}

/** SQL of a cube member over its alias, Cube references expanded (validated when the model loaded). */
export function memberSql(model: DataModel, cube: CubeDef, name: string, alias: string): string {
  return memberSqlOf(
    memberScope(model.cubes, cube, (c) => quote(c === cube.name ? alias : c)),
    name,
  );
}

/** The edges of an object's join tree a query needs: to the root from every cube it reads. */
function neededEdges(object: ModelObject, needed: ReadonlySet<string>): JoinEdge[] {
  const parentEdge = new Map(object.edges.map((e) => [e.child, e]));
  const keep = new Set<string>();
  for (const cube of needed) {
    for (let edge = parentEdge.get(cube); edge && !keep.has(edge.child); edge = parentEdge.get(edge.parent)) {
      keep.add(edge.child);
    }
  }
  return object.edges.filter((e) => keep.has(e.child));
}

/**
 * A case measure is only defined for one value of its switch dimension: the query must read the dimension
 * (group by it or filter it), or every value's measure would be added up (sql/switch.ts).
 */
function requireSwitch(object: ModelObject, members: readonly Member[], measure: Member): void {
  const isSwitch = (m: Member) => m.cube === measure.cube && m.cubeMember === measure.switchOf;
  if (members.some(isSwitch)) return;
  const dimension = object.members.find(isSwitch);
  throw new SqlNotAllowedError(
    dimension
      ? `${measure.name} depends on the switch dimension ${dimension.name}: group by it, or filter it to one value (WHERE ${dimension.name} = '...')`
      : `${measure.name} depends on the switch dimension ${measure.switchOf}, which ${object.name} does not include`,
  );
}

/** The secured subquery of one model object, projecting `members`, appending its parameters to `params`. */
export function securedSql(
  model: DataModel,
  object: ModelObject,
  members: Member[],
  user: QueryUser,
  params: unknown[],
  target: SqlTarget,
  pushed?: PushedFilters,
): string {
  // Only cubes the query reads are joined, with the path from the root; each joined cube brings its own
  // row-level policy, so a cube's rows are filtered whenever its data is read.
  const viewFilters = (object.policies ?? []).flatMap((p) => leafFilters(p.row_level?.filters));
  const byName = new Map(object.members.map((m) => [m.name, m]));
  // Members over other cubes bring those cubes (and the cubes their policies read) into the joins (cross-cube.ts).
  const needed = neededCubes(
    model.memberReads,
    model.cubes,
    members,
    viewFilters.map((f) => byName.get(f.member)),
  );
  const reachable = new Set([object.root, ...object.edges.map((e) => e.child)]);
  for (const member of members) {
    if (member.unsupported) throw new SqlNotAllowedError(member.unsupported);
    if (member.switchOf) requireSwitch(object, members, member);
    const outside = member.calc?.cubes.find((c) => !reachable.has(c));
    if (outside) {
      throw new SqlNotAllowedError(
        `Measure ${member.name} reads cube ${outside}, which ${object.name} does not join: query it through a view that joins ${outside}`,
      );
    }
  }
  const edges = neededEdges(object, needed);
  const rootCube = model.cubes.get(object.root);
  if (!rootCube) return 'SELECT 1 WHERE FALSE';
  const aliases = [object.root, ...edges.map((e) => e.child)];
  const joins = edges.map((edge) => {
    const cube = model.cubes.get(edge.child);
    const table = cube ? tableSql(cube, target) : '(SELECT 1 WHERE FALSE)';
    return `LEFT JOIN ${table} AS ${quote(edge.child)} ON ${joinSql(model.cubes, edge)}`;
  });
  // Cube's fan-out rule: a measure of a cube whose rows the joins repeat takes its value on one row per primary
  // key and combination of the projected dimensions, so SUM/COUNT/AVG over any group or filter of those
  // dimensions counts each of its rows once.
  const repeated = multipliedCubes(edges);
  /** A member's SQL over its cube's alias in this subquery. */
  // Each sub_query's SQL is built once: it appends its policy parameters, which the engine must all see used.
  const subQueries = new Map<string, string>();
  const sqlOfMember = (member: Member): string => {
    const cube = model.cubes.get(member.cube);
    if (!cube) return 'NULL';
    const plan = member.subQuery;
    if (plan) {
      const key = `${member.cube}.${member.cubeMember}`;
      const done = subQueries.get(key);
      if (done !== undefined) return done;
      // The sub_query reads its cube for every row of this one: the query's filters are not its own.
      const sql = bindFilters(
        subQuerySql({
          cubes: model.cubes,
          own: member.cube,
          ownAlias: member.cube,
          plan,
          user,
          params,
          dialect: target.dialect,
          table: (c) => tableSql(c, target),
        }),
        undefined,
        params,
      );
      subQueries.set(key, sql);
      return sql;
    }
    if (member.kind === 'measure') {
      // A measure's row value carries its filters (NULL where they exclude the row).
      const scope = memberScope(model.cubes, cube, (c: string) => quote(c));
      return measureRowSql(scope, member.cubeMember);
    }
    return memberSql(model, cube, member.cubeMember, member.cube);
  };
  const dimensions = members.filter((m) => m.kind === 'dimension').map(sqlOfMember);
  /** `value` on one row per primary key and projected dimensions, when the joins repeat the cube's rows. */
  const once = (cubeName: string, value: string, sensitive: boolean): string => {
    const cube = model.cubes.get(cubeName);
    if (!cube || !sensitive || !repeated.has(cubeName)) return value;
    const keys = cube.dimensions
      .filter((d) => d.primary_key)
      .map((d) => memberSql(model, cube, d.name, cubeName));
    const partition = [...new Set([...keys, ...dimensions])].join(', ');
    return `CASE WHEN row_number() OVER (PARTITION BY ${partition}) = 1 THEN ${value} END`;
  };
  const projected = (member: Member): string =>
    once(
      member.cube,
      sqlOfMember(member),
      member.kind === 'measure' && FANOUT_SENSITIVE.has(member.aggType ?? ''),
    );
  const columns: string[] = [];
  const hidden = new Set<string>();
  for (const member of members) {
    if (member.calc) {
      // A calculated measure is computed outside over these columns; each counts its cube's rows once.
      for (const h of member.calc.hidden) {
        if (hidden.has(h.column)) continue;
        hidden.add(h.column);
        const value =
          h.kind === 'row'
            ? once(h.cube, h.sql, true)
            : projected({
                ...member,
                cube: h.cube,
                cubeMember: h.measure,
                aggType: h.aggType,
                calc: undefined,
              });
        columns.push(`${value} AS ${quote(h.column)}`);
      }
      continue;
    }
    const value = projected(member);
    columns.push(`${value} AS ${quote(member.name)}`);
    // PostgreSQL folds an unquoted `phoneNumber` to `phonenumber` and keeps a quoted `"phoneNumber"`: a member
    // named with capitals is projected under both, so it is queryable either way, as on DuckDB.
    const folded = fold(member.name);
    if (target.dialect === 'postgres' && folded !== member.name && !members.some((m) => m.name === folded)) {
      columns.push(`${value} AS ${quote(folded)}`);
    }
  }
  const conditions: string[] = [];
  const addCondition = (condition: RowCondition) => {
    if (condition.kind === 'none') conditions.push('FALSE');
    else if (condition.kind === 'sql') conditions.push(`(${condition.sql})`);
  };
  for (const alias of aliases) {
    const cube = model.cubes.get(alias);
    if (cube)
      addCondition(rowCondition(cube, alias, user, params, (c, member, a) => memberSql(model, c, member, a)));
  }
  if (object.policies) {
    addCondition(
      policyCondition(object.policies, user, params, (name) => {
        const member = byName.get(name);
        return member ? sqlOfMember(member) : 'NULL';
      }),
    );
  }
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  if (columns.length === 0) columns.push(`1 AS ${quote('__row')}`);
  const root = `${tableSql(rootCube, target)} AS ${quote(object.root)}`;
  const select = `SELECT ${columns.join(', ')}`;
  // A switch dimension's values are joined to every row when the projection or the filters read them.
  for (const alias of aliases) {
    for (const dimension of model.cubes.get(alias)?.dimensions ?? []) {
      const relation = switchRelation(alias, dimension.name);
      if (dimension.type === 'switch' && (select.includes(relation) || where.includes(relation))) {
        joins.push(switchJoinSql(alias, dimension));
      }
    }
  }
  // Per-user references of model SQL ({SECURITY_CONTEXT.x}) become parameters now (context-refs.ts).
  // The query's filters on members whose cube SQL asks for them (FILTER_PARAMS) go inside (sql/pushdown.ts).
  const statement = bindFilters(
    `${select} FROM ${root}${joins.length ? ` ${joins.join(' ')}` : ''}${where}`,
    pushed,
    params,
  );
  return bindContext(statement, user, params);
}
