/**
 * Stage 5: planning. For each model object a query reads, the shape of its subquery: the members it projects
 * (`*`: every dimension; otherwise the names the query uses), the joins from the object's root to every cube
 * those members (and the view's own filters) read, the projected columns with Cube's fan-out rule and the
 * hidden columns of calculated measures, and the switch dimensions those columns read (tracked while their SQL
 * is built). Nothing here depends on who runs the query: row-level security is the next stage (sql/secure.ts).
 */

import { TtlCache } from '../../cache';
import { SqlNotAllowedError } from '../../errors';
import { fold, isNode, POSTGRES, quote, sqlParser, walk } from '../ast';
import { measureRowSql } from '../model/calculated';
import { expandContextRefs } from '../model/context-refs';
import { neededCubes } from '../model/cross-cube';
import { leafFilters } from '../model/policy-rules';
import { joinSql, memberScope, memberSqlOf, multipliedCubes, switchRelation } from '../model/references';
import {
  type CubeDef,
  type DataModel,
  FANOUT_SENSITIVE,
  type JoinEdge,
  type Member,
  type ModelObject,
  type SubQuery,
} from '../model/schema';
import type { SqlTarget } from '../target';
import type { AggregatedQuery, PlannedQuery, SubqueryPlan } from './types';

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
  let result: string;
  try {
    const ast = sqlParser.astify(sql, POSTGRES);
    const own = new Set<string>();
    const placeholders = new Map<string, string>();
    walk(ast, (node) => {
      if (Array.isArray(node.with))
        for (const cte of node.with) if (isNode(cte) && isNode(cte.name)) own.add(String(cte.name.value));
    });
    walk(ast, (node) => {
      if (typeof node.table !== 'string' || !('as' in node) || node.expr !== undefined) return;
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

/** The relation a cube reads: its table, qualified for the target, or its own SQL as a derived table. */
export function tableSql(cube: CubeDef, target: SqlTarget): string {
  if (cube.sql_table) return target.table(cube.sql_table);
  // A cube has exactly one of sql_table and sql (model/schema.ts).
  return `(${authorSql(expandContextRefs(String(cube.sql)), target)})`;
}

/**
 * SQL of a cube member over its cube's alias (every subquery names each cube it joins as itself), Cube references
 * expanded (validated when the model loaded); the switch relations it reads are added to `switches`.
 */
export function memberSql(model: DataModel, cube: CubeDef, name: string, switches: Set<string>): string {
  return memberSqlOf({ ...memberScope(model.cubes, cube, quote), switches }, name);
}

/** A cube the model defines: every member's cube and every object's root and joined cubes are (checked at load). */
function cubeOf(model: DataModel, name: string): CubeDef {
  const cube = model.cubes.get(name);
  if (!cube) throw new Error(`planning: ${name} is not a cube of the model`);
  return cube;
}

/** The marker a sub_query dimension's SQL takes in a plan until the secure stage writes its subquery. */
export const subQueryMarker = (member: Member) =>
  `__subquery__${Buffer.from(`${member.cube}.${member.cubeMember}`).toString('hex')}`;

/**
 * The SQL of a member in its object's subquery (a measure's row value, with its filters), or the marker of a
 * sub_query dimension (whose scalar subquery carries another cube's policy: the secure stage writes it).
 */
export function memberColumnSql(model: DataModel, member: Member, switches: Set<string>): string {
  if (member.subQuery) return subQueryMarker(member);
  const cube = cubeOf(model, member.cube);
  // A measure's row value carries its filters (NULL where they exclude the row); a dimension's is its SQL (a
  // cube's member names are unique across kinds, so a dimension never reads a measure's filters).
  return measureRowSql({ ...memberScope(model.cubes, cube, quote), switches }, member.cubeMember);
}

/** The sub_query dimensions among `members` (a view policy may read one not projected), by their marker. */
function subQueriesOf(members: readonly Member[]): Map<string, { member: Member; plan: SubQuery }> {
  const found = new Map<string, { member: Member; plan: SubQuery }>();
  for (const member of members) {
    if (member.subQuery) found.set(subQueryMarker(member), { member, plan: member.subQuery });
  }
  return found;
}

/** The edges of an object's join tree a query needs: to the root from every cube it reads. */
function neededEdges(object: ModelObject, needed: ReadonlySet<string>): JoinEdge[] {
  const parentEdge = new Map(object.edges.map((e) => [e.child, e]));
  const keep = new Set<string>();
  for (const cube of needed) {
    for (let edge = parentEdge.get(cube); edge; edge = parentEdge.get(edge.parent)) keep.add(edge.child);
  }
  return object.edges.filter((e) => keep.has(e.child));
}

/**
 * A case measure is only defined for one value of its switch dimension: the query must read the dimension
 * (group by it or filter it), or every value's measure would be added up (model/switch.ts).
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

/**
 * A member whose SQL reads a switch dimension (a calculated measure's `CASE WHEN {currency} = 'EUR' ...`, a
 * dimension over it) sees every row once per switch value: without the dimension itself in the query, a SUM
 * would add every value's figure, so the query must read it, as a case measure's must.
 */
function requireReadSwitches(
  object: ModelObject,
  members: readonly Member[],
  member: Member,
  reads: Set<string>,
) {
  if (member.switchValues) return;
  for (const relation of reads) {
    const isSwitch = (m: Member) => !!m.switchValues && switchRelation(m.cube, m.cubeMember) === relation;
    if (members.some(isSwitch)) continue;
    const dimension = object.members.find(isSwitch);
    throw new SqlNotAllowedError(
      dimension
        ? `${member.name} reads the switch dimension ${dimension.name}: group by it, or filter it to one value (WHERE ${dimension.name} = '...')`
        : `${member.name} reads a switch dimension that ${object.name} does not include`,
    );
  }
}

/** The members a query's subquery of `object` projects: `*` means every dimension, else the names it uses. */
function projectedMembers(query: AggregatedQuery, objectName: string): Member[] {
  const members = (query.visible.get(objectName) ?? []).filter(
    // `*` means every dimension (but switch dimensions, which would repeat every row per value); measures only
    // exist aggregated, so they are projected when named (only a measure can be `unsupported`: model/calculated.ts).
    (m) => (query.usesStar && m.kind === 'dimension' && !m.switchValues) || query.usedNames.has(fold(m.name)),
  );
  const calculated = query.usesStar ? members.find((m) => m.calc) : undefined;
  if (calculated) {
    // `*` would also show the row-level columns a calculated measure is computed from (members it may hide).
    throw new SqlNotAllowedError(
      `SELECT * cannot be combined with the calculated measure ${calculated.name} in one query: name the columns`,
    );
  }
  return members;
}

/** The plan of one object's subquery projecting `members`. */
export function planSubquery(
  model: DataModel,
  object: ModelObject,
  members: Member[],
  target: SqlTarget,
): Omit<SubqueryPlan, 'name' | 'pushed'> {
  // Only cubes the query reads are joined, with the path from the root; each joined cube brings its own
  // row-level policy (the secure stage), so a cube's rows are filtered whenever its data is read.
  const viewFilters = (object.policies ?? []).flatMap((p) => leafFilters(p.row_level?.filters));
  const byName = new Map(object.members.map((m) => [m.name, m]));
  // Members over other cubes bring those cubes (and the cubes their policies read) into the joins (cross-cube.ts).
  const needed = neededCubes(
    model.memberReads,
    model.cubes,
    members,
    viewFilters.map((f) => byName.get(f.member)),
  );
  // A calculated measure reading a cube its object does not join is a model error (model/calculated.ts for views,
  // model/cross-cube.ts for cubes), so every cube in `member.calc.cubes` is in the object's join tree.
  for (const member of members) {
    if (member.unsupported) throw new SqlNotAllowedError(member.unsupported);
    if (member.switchOf) requireSwitch(object, members, member);
  }
  const edges = neededEdges(object, needed);
  const rootCube = cubeOf(model, object.root);
  const switches = new Set<string>();
  const aliases = [object.root, ...edges.map((e) => e.child)];
  const joins = edges.map(
    (edge) =>
      `LEFT JOIN ${tableSql(cubeOf(model, edge.child), target)} AS ${quote(edge.child)} ON ${joinSql(model.cubes, edge)}`,
  );
  // Cube's fan-out rule: a measure of a cube whose rows the joins repeat takes its value on one row per primary
  // key and combination of the projected dimensions, so SUM/COUNT/AVG over any group or filter of those
  // dimensions counts each of its rows once.
  const repeated = multipliedCubes(edges);
  const sqlOf = (member: Member, into = switches) => memberColumnSql(model, member, into);
  const dimensions = members.filter((m) => m.kind === 'dimension').map((m) => sqlOf(m));
  /** `value` on one row per primary key and projected dimensions, when the joins repeat the cube's rows. */
  const once = (cubeName: string, value: string, sensitive: boolean): string => {
    if (!sensitive || !repeated.has(cubeName)) return value;
    const cube = cubeOf(model, cubeName);
    const keys = cube.dimensions
      .filter((d) => d.primary_key)
      .map((d) => memberSql(model, cube, d.name, switches));
    const partition = [...new Set([...keys, ...dimensions])].join(', ');
    return `CASE WHEN row_number() OVER (PARTITION BY ${partition}) = 1 THEN ${value} END`;
  };
  const projected = (member: Member, into = switches): string =>
    once(
      member.cube,
      sqlOf(member, into),
      member.kind === 'measure' && FANOUT_SENSITIVE.has(member.aggType ?? ''),
    );
  const columns: string[] = [];
  const hidden = new Set<string>();
  for (const member of members) {
    // The switch relations this member's SQL reads (joined below, and each required in the query).
    const reads = new Set<string>();
    if (member.calc) {
      // A calculated measure is computed outside over these columns; each counts its cube's rows once.
      for (const h of member.calc.hidden) {
        if (h.kind === 'row') for (const relation of h.switches ?? []) reads.add(relation);
        const value =
          h.kind === 'row'
            ? once(h.cube, h.sql, true)
            : projected(
                { ...member, cube: h.cube, cubeMember: h.measure, aggType: h.aggType, calc: undefined },
                reads,
              );
        if (hidden.has(h.column)) continue;
        hidden.add(h.column);
        columns.push(`${value} AS ${quote(h.column)}`);
      }
      requireReadSwitches(object, members, member, reads);
      for (const relation of reads) switches.add(relation);
      continue;
    }
    const value = projected(member, reads);
    requireReadSwitches(object, members, member, reads);
    for (const relation of reads) switches.add(relation);
    columns.push(`${value} AS ${quote(member.name)}`);
    // PostgreSQL folds an unquoted `phoneNumber` to `phonenumber` and keeps a quoted `"phoneNumber"`: a member
    // named with capitals is projected under both, so it is queryable either way, as on DuckDB (unless a member
    // has the folded name, as a lowercase member has its own).
    const folded = fold(member.name);
    if (target.dialect === 'postgres' && !members.some((m) => m.name === folded)) {
      columns.push(`${value} AS ${quote(folded)}`);
    }
  }
  if (columns.length === 0) columns.push(`1 AS ${quote('__row')}`);
  return {
    object,
    members,
    from: { root: `${tableSql(rootCube, target)} AS ${quote(object.root)}`, joins, aliases },
    columns,
    subQueries: subQueriesOf(object.members),
    switches,
  };
}

/** Stage 5: the subquery plan of every model object the query reads. */
export function planQuery(query: AggregatedQuery, model: DataModel, target: SqlTarget): PlannedQuery {
  const subqueries = [...query.resolution.secured].map(([objectName, name]): SubqueryPlan => {
    const members = projectedMembers(query, objectName);
    const object = model.objects.get(objectName);
    const pushed = query.pushed.get(objectName);
    const plan = object ? planSubquery(model, object, members, target) : { object, members };
    return { ...plan, name, ...(pushed ? { pushed } : {}) } as SubqueryPlan;
  });
  return { ...query, stage: 'planned', subqueries };
}
