/**
 * Stage 2: scope-correct name resolution. Every relation a query names is resolved lexically, the way the
 * engines resolve it: a CTE is visible in the rest of its WITH list (later siblings), in its statement and in
 * that statement's subqueries, never in its own (non-recursive) body nor outside its statement; names compare
 * case-insensitively. Each reference is then renamed to a generated name: user CTEs become `__cte_<n>` and
 * model objects become their secured subquery `__sec_<n>`, so the emitted SQL holds no user-chosen relation
 * name at all and no user name can shadow, or be shadowed by, a physical table.
 */
import { SqlNotAllowedError } from '../../errors';
import { fold, isNode, type Node, nameOf } from '../ast';
import { suggest } from '../suggest';

/** The FROM items of one SELECT, as its column references see them. */
export interface Scope {
  readonly select: Node;
  readonly parent: Scope | undefined;
  /** Range variable (folded alias) -> model object name, or undefined for a CTE or a derived table. */
  readonly aliases: Map<string, string | undefined>;
  /** Model objects read by this SELECT's own FROM list. */
  readonly objects: Set<string>;
  /** Some FROM item is a CTE or derived table, whose columns the compiler does not know. */
  derived: boolean;
}

export interface Resolution {
  /** Model objects the query reads anywhere, with their generated secured names. */
  readonly secured: Map<string, string>;
  /** The scope each node of a SELECT (column references, function calls) sits in. */
  readonly scopeOf: WeakMap<Node, Scope>;
  /** Every SELECT's scope, in the order resolved (a CTE's body before its statement). */
  readonly scopes: Scope[];
}

/** CTEs one query may define (an engine plans each; hundreds take seconds to plan). */
export const MAX_CTES = 100;
/**
 * Relations one join may hold: a FROM clause's items and JOINs, counting a subquery or a CTE read in FROM as the
 * relations it joins itself (engines inline them into one join tree). Engines plan joins with memory outside
 * their buffer limits: a 40-way self join grew a DuckDB process by 600-900 MB while it was being planned, before
 * any timeout could stop it. Analytic queries over views join a handful; set operations count branch by branch.
 */
export const MAX_JOIN_RELATIONS = 16;

/** Names the compiler generates; user names may not start with this. */
export const RESERVED_PREFIX = '__';

/** A CTE in scope: its generated name and the relations its body joins (the widest branch of a set operation). */
interface Cte {
  readonly name: string;
  readonly relations: number;
}
type Frame = ReadonlyMap<string, Cte>;

const reserved = (name: string, what: string) => {
  if (name.startsWith(RESERVED_PREFIX)) throw new SqlNotAllowedError(`${what} ${name} is reserved`);
};

/**
 * Relations either engine resolves by name on its own: catalogs and table functions. A CTE or alias may not take
 * one of these names (nor a model object's or a physical table's), so a name in a query never means two things.
 */
const ENGINE_RELATION = /^(pg_|duckdb_|sqlite_|information_schema$|read_|parquet_|json_|iceberg_|delta_)/;
const TABLE_FUNCTIONS = new Set([
  ...['range', 'generate_series', 'unnest', 'glob', 'query', 'query_table', 'sql_auto_complete', 'summary'],
  ...['repeat', 'repeat_row', 'which_secret', 'test_all_types', 'pragma_database_list', 'columns', 'tables'],
  ...['schemata', 'views', 'sequences', 'routines', 'settings'],
]);

/**
 * Resolves and renames every relation in `root` (mutated). `objects` maps folded names of the model objects
 * the user may query to their names; `modelNames` holds every model object's folded name (CTEs may not take
 * one, hidden or not, so a name never means two things).
 */
export function resolveNames(
  root: Node,
  objects: ReadonlyMap<string, string>,
  modelNames: ReadonlySet<string>,
): Resolution {
  /** Refuses a CTE name or alias that could also mean a model object, a physical table, a catalog or a function. */
  const ownName = (name: string, what: string) => {
    reserved(name, what);
    const key = fold(name);
    if (modelNames.has(key) || ENGINE_RELATION.test(key) || TABLE_FUNCTIONS.has(key)) {
      throw new SqlNotAllowedError(`${what} ${name} is also the name of a table; choose another`);
    }
  };
  const secured = new Map<string, string>();
  const scopeOf = new WeakMap<Node, Scope>();
  const scopes: Scope[] = [];
  let cteCount = 0;

  const securedName = (object: string): string => {
    let name = secured.get(object);
    if (!name) {
      name = `${RESERVED_PREFIX}sec_${secured.size + 1}`;
      secured.set(object, name);
    }
    return name;
  };

  /** The innermost CTE called `key`. */
  const lookup = (env: readonly Frame[], key: string): Cte | undefined =>
    env.findLast((frame) => frame.has(key))?.get(key);

  const visit = (value: unknown, env: readonly Frame[], scope: Scope): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, env, scope);
      return;
    }
    if (!isNode(value)) return;
    if (value.type === 'select') {
      resolveSelect(value, env, scope);
      return;
    }
    scopeOf.set(value, scope);
    // Range variables are folded where they are declared, so their uses (column qualifiers) are folded too.
    if (typeof value.table === 'string') value.table = fold(value.table);
    // Metadata (the parser's table and column lists, source locations) holds no SELECT: walked like the rest.
    for (const child of Object.values(value)) visit(child, env, scope);
  };

  const resolveWith = (select: Node, env: readonly Frame[]): Frame => {
    const frame = new Map<string, Cte>();
    if (select.with === null) return frame;
    if (!Array.isArray(select.with)) throw new SqlNotAllowedError('Unsupported WITH clause');
    for (const cte of select.with) {
      if (!isNode(cte) || !isNode(cte.stmt)) throw new SqlNotAllowedError('Unsupported WITH clause');
      if (cte.recursive) throw new SqlNotAllowedError('Recursive CTEs are not allowed');
      const name = nameOf(cte.name);
      const key = fold(name);
      if (!name) throw new SqlNotAllowedError('A CTE needs a name');
      ownName(name, 'CTE name');
      if (frame.has(key)) throw new SqlNotAllowedError(`CTE ${name} is defined twice`);
      // The body sees the outer scopes and earlier siblings, not itself.
      const relations = resolveSelect(cte.stmt, [...env, new Map(frame)], undefined);
      cteCount += 1;
      if (cteCount > MAX_CTES) throw new SqlNotAllowedError(`A query may define at most ${MAX_CTES} CTEs`);
      const generated = `${RESERVED_PREFIX}cte_${cteCount}`;
      frame.set(key, { name: generated, relations });
      cte.name = { type: 'default', value: generated };
    }
    return frame;
  };

  /**
   * Resolves one SELECT's FROM list and returns the relations it joins, a CTE or subquery counting what it joins
   * itself (counted here, as each item is resolved, rather than read back from the rewritten items).
   */
  const resolveFrom = (select: Node, env: readonly Frame[], scope: Scope): number => {
    if (select.from === null) return 0;
    let relations = 0;
    if (!Array.isArray(select.from)) throw new SqlNotAllowedError('Unsupported FROM clause');
    for (const item of select.from) {
      if (!isNode(item)) throw new SqlNotAllowedError('Unsupported FROM clause');
      // The parser gives a string or null; an empty name is no alias.
      const { as } = item;
      if (as !== null && typeof as !== 'string') throw new SqlNotAllowedError('Unsupported FROM clause');
      const alias = as || undefined;
      if (alias && fold(alias) !== fold(String(item.table ?? ''))) ownName(alias, 'Alias');
      if (typeof item.table === 'string' && item.expr === undefined) {
        if (item.db || item.schema) {
          throw new SqlNotAllowedError(
            `Schema-qualified tables (${String(item.db ?? item.schema)}.${item.table}) are not allowed`,
          );
        }
        const key = fold(item.table);
        reserved(item.table, 'Table');
        const rangeName = fold(alias ?? item.table);
        const cte = lookup(env, key);
        const object = cte ? undefined : objects.get(key);
        if (cte) {
          item.table = cte.name;
          relations += cte.relations;
          scope.derived = true;
          scope.aliases.set(rangeName, undefined);
        } else if (object) {
          item.table = securedName(object);
          relations += 1;
          scope.objects.add(object);
          scope.aliases.set(rangeName, object);
        } else {
          const names = [...new Set(objects.values())];
          const hint = suggest(item.table, names);
          throw new SqlNotAllowedError(
            `Unknown table ${item.table}: query the data model's cubes and views (${names.join(', ')})` +
              (hint.length ? `; did you mean ${hint.join(' or ')}?` : ''),
          );
        }
        item.as = rangeName;
      } else if (isNode(item.expr) && isNode(item.expr.ast) && item.expr.ast.type === 'select') {
        relations += resolveSelect(item.expr.ast, env, scope);
        scope.derived = true;
        if (alias) {
          item.as = fold(alias);
          scope.aliases.set(fold(alias), undefined);
        }
      } else {
        throw new SqlNotAllowedError(
          "FROM may only read the data model's views and cubes, CTEs and subqueries (no table functions or VALUES)",
        );
      }
      visit(item.on, env, scope);
    }
    return relations;
  };

  /**
   * Resolves one SELECT (and the branches of its set operation) and returns the relations it joins when read as a
   * relation: its widest branch. Each branch's join is bounded on its own (set operations count branch by branch).
   */
  const resolveSelect = (select: Node, env: readonly Frame[], outer: Scope | undefined): number => {
    const frame = resolveWith(select, env);
    const inner = [...env, frame];
    const scope: Scope = { select, parent: outer, aliases: new Map(), objects: new Set(), derived: false };
    scopes.push(scope);
    const size = resolveFrom(select, inner, scope);
    if (size > MAX_JOIN_RELATIONS) {
      throw new SqlNotAllowedError(
        `A query may join at most ${MAX_JOIN_RELATIONS} tables, views or subqueries at once (this one joins ${size}, counting what its subqueries and CTEs join)`,
      );
    }
    for (const [key, child] of Object.entries(select)) {
      if (key === 'with' || key === 'from' || key === '_next') continue;
      visit(child, inner, scope);
    }
    // A set operation's WITH covers the whole compound statement; neither engine accepts one in the middle.
    if (isNode(select._next)) {
      if (select._next.with !== null) {
        throw new SqlNotAllowedError('WITH may only begin a statement or a parenthesised subquery');
      }
      return Math.max(size, resolveSelect(select._next, inner, outer));
    }
    return size;
  };

  resolveSelect(root, [], undefined);
  return { secured, scopeOf, scopes };
}

/** The model object a qualified column's range variable names, searching enclosing scopes (correlation). */
export function rangeOf(scope: Scope, qualifier: string): { found: boolean; object: string | undefined } {
  const key = fold(qualifier);
  for (let at: Scope | undefined = scope; at; at = at.parent) {
    if (at.aliases.has(key)) return { found: true, object: at.aliases.get(key) };
  }
  return { found: false, object: undefined };
}
