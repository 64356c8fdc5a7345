/**
 * The SQL compiler, a composition root of small stages (functions/semantic/sql/):
 * parse (bounded, off the event loop) -> resolve names and scopes (every relation renamed to a generated name)
 * -> check constructs, functions and members (allow-lists, value-size bounds) -> aggregate measures
 * -> secure (policies inside one subquery per model object, the query's pushable filters offered to cube SQL
 * that asks for them) -> emit for the target dialect.
 */

import { TtlCache } from '../cache';
import { SqlNotAllowedError } from '../errors';
import { toDialect } from './dialect';
import type { DataModel, Member } from './model-schema';
import { type QueryUser, visibleMembers } from './policy';
import { fold, isNode, type Node, POSTGRES, quote, sqlParser, walk } from './sql/ast';
import { checkColumns, checkConstructs, outputName } from './sql/check';
import { aggregateMeasures } from './sql/measures';
import { parseSql } from './sql/parse';
import { pushableFilters } from './sql/pushdown';
import { resolveNames } from './sql/resolve';
import { securedSql } from './sql/secure';
import { type CompiledQuery, type Dialect, type SqlTarget, sqlTarget } from './target';

export { closeParser, PARSE_LIMITS, precheck, warmParser } from './sql/parse';
export { suggest } from './suggest';
export type { CompiledQuery, Dialect } from './target';
export { qualifiedTable, type SqlTarget, sqlTarget } from './target';

/** SQL ready for a driver: user SQL rewritten over secured subqueries; parameters travel separately. */

const CACHE_MAX = 500;
const compiledCache = new TtlCache<string, CompiledQuery>({ ttlMs: 60 * 60_000, maxEntries: CACHE_MAX });

/** The one statement of a parsed query, which must be a SELECT. */
function singleSelect(ast: unknown): Node {
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) throw new SqlNotAllowedError('Exactly one statement is allowed');
  const root = statements[0];
  if (!isNode(root) || root.type !== 'select')
    throw new SqlNotAllowedError('Only SELECT statements are allowed');
  return root;
}

/** Unnamed output columns get PostgreSQL's names on every engine, so results look alike everywhere. */
function nameOutputs(root: Node): void {
  walk(root, (node) => {
    if (node.type !== 'select' || !Array.isArray(node.columns)) return;
    for (const column of node.columns) {
      if (isNode(column) && !column.as && isNode(column.expr)) {
        const name = outputName(column.expr);
        if (name) column.as = name;
      }
    }
  });
}

/** Prints the rewritten statement and puts the secured subqueries first in its WITH list. */
function emit(root: Node, secured: string[]): string {
  const hasWith = Array.isArray(root.with) && root.with.length > 0;
  let body: string;
  try {
    body = sqlParser.sqlify(root as never, POSTGRES);
  } catch (error) {
    throw new SqlNotAllowedError('The query uses a construct that is not supported', { cause: error });
  }
  if (secured.length === 0) return body;
  if (!hasWith) return `WITH ${secured.join(', ')} ${body}`;
  // The printer starts a statement with a WITH list as `WITH `; anything else means the AST was not understood.
  if (!body.startsWith('WITH ') || body.startsWith('WITH RECURSIVE')) {
    throw new SqlNotAllowedError('The query uses a construct that is not supported');
  }
  return `WITH ${secured.join(', ')}, ${body.slice('WITH '.length)}`;
}

/**
 * Checks that `sql` is exactly one read-only SELECT over the model objects `user` may see, using allowed
 * functions, then rewrites it over secured subqueries (row-level filters inside) for `target`.
 */
export async function compileSql(
  model: DataModel,
  user: QueryUser,
  sql: string,
  target: SqlTarget | Dialect = 'duckdb',
): Promise<CompiledQuery> {
  const to = typeof target === 'string' ? sqlTarget(target) : target;
  const cacheKey = JSON.stringify([model.hash, user, sql, to.id]);
  const hit = compiledCache.get(cacheKey);
  if (hit) return { sql: hit.sql, params: [...hit.params] };

  const root = singleSelect(await parseSql(sql));

  const visible = new Map<string, Member[]>();
  const queryable = new Map<string, string>();
  for (const object of model.objects.values()) {
    // Members marked `public: false` / `shown: false` are building blocks: not queryable.
    const members = visibleMembers(model, object, user).filter((m) => !m.hidden);
    if (members.length === 0) continue;
    visible.set(object.name, members);
    queryable.set(fold(object.name), object.name);
  }
  // Names a CTE or alias may not take: every model object and cube, and every physical table the model reads.
  const modelNames = new Set(
    [
      ...model.objects.keys(),
      ...model.cubes.keys(),
      ...[...model.cubes.values()].flatMap((cube) =>
        cube.sql_table ? [cube.sql_table.split('.').pop() ?? ''] : [],
      ),
    ].map(fold),
  );

  const resolution = resolveNames(root, queryable, modelNames);
  if (resolution.secured.size === 0) {
    throw new SqlNotAllowedError(
      `The query must read from the data model (${[...visible.keys()].join(', ')})`,
    );
  }
  const { usesStar, usedNames } = checkConstructs(root, to.dialect);
  checkColumns(root, resolution, visible);
  nameOutputs(root);
  const pushed = pushableFilters(resolution, visible);
  aggregateMeasures(root, resolution, visible, to.dialect);

  const params: unknown[] = [];
  const secured = [...resolution.secured].map(([objectName, generated]) => {
    const object = model.objects.get(objectName);
    const members = (visible.get(objectName) ?? []).filter(
      // `*` means every dimension (but switch dimensions, which would repeat every row per value); measures only
      // exist aggregated, so they are projected when named.
      (m) =>
        (usesStar && m.kind === 'dimension' && !m.unsupported && !m.switchValues) ||
        usedNames.has(fold(m.name)),
    );
    const calculated = usesStar ? members.find((m) => m.calc) : undefined;
    if (calculated) {
      // `*` would also show the row-level columns a calculated measure is computed from (members it may hide).
      throw new SqlNotAllowedError(
        `SELECT * cannot be combined with the calculated measure ${calculated.name} in one query: name the columns`,
      );
    }
    const body = object
      ? securedSql(model, object, members, user, params, to, pushed.get(objectName))
      : 'SELECT 1 WHERE FALSE';
    return `${quote(generated)} AS (${body})`;
  });
  // The dialect stage (docs/data-model.md, "Engines"): the engine's spelling of the printed SQL.
  const compiled = await toDialect({ sql: emit(root, secured), params }, to.dialect);
  compiledCache.set(cacheKey, compiled);
  return { sql: compiled.sql, params: [...compiled.params] };
}
