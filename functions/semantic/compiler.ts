/**
 * The SQL compiler: the query pipeline as one chain of stages, each a function from one typed value to the next
 * (sql/types.ts), the stages themselves in functions/semantic/sql/:
 *
 *   parse     SQL text -> ParsedQuery          bounded, off the event loop; exactly one SELECT
 *   resolve   -> ResolvedQuery                 names and scopes; every relation renamed to a generated name
 *   check     -> CheckedQuery                  constructs, functions, members (allow-lists, value-size bounds)
 *   aggregate -> AggregatedQuery               measures become their aggregates
 *   plan      -> PlannedQuery                  per model object: members, joins, columns of its subquery
 *   secure    -> SecuredQuery                  row-level filters inside each subquery; parameters allocated
 *   print     -> CompiledQuery                 the statement over its subqueries, PostgreSQL-flavoured
 *   dialect   -> CompiledQuery                 the engine's spelling (dialect.ts; it reads the printed SQL)
 */

import { TtlCache } from '../cache';
import { SqlNotAllowedError } from '../errors';
import { fold, isNode, type Node, POSTGRES, quote, sqlParser, walk } from './ast';
import { toDialect } from './dialect';
import { type QueryUser, visibleMembers } from './model/policy';
import type { DataModel, Member } from './model/schema';
import { checkColumns, checkConstructs, outputName } from './sql/check';
import { aggregateMeasures } from './sql/measures';
import { parseSql } from './sql/parse';
import { planQuery } from './sql/plan';
import { pushableFilters } from './sql/pushdown';
import { resolveNames } from './sql/resolve';
import { secureQuery } from './sql/secure';
import type { AggregatedQuery, CheckedQuery, ParsedQuery, ResolvedQuery, SecuredQuery } from './sql/types';
import { type CompiledQuery, type Dialect, type SqlTarget, sqlTarget } from './target';

export { closeParser, PARSE_LIMITS, precheck, warmParser } from './sql/parse';
export { suggest } from './suggest';
export type { CompiledQuery, Dialect } from './target';
export { qualifiedTable, type SqlTarget, sqlTarget } from './target';

const CACHE_MAX = 500;
const compiledCache = new TtlCache<string, CompiledQuery>({ ttlMs: 60 * 60_000, maxEntries: CACHE_MAX });

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

  const parsed = await parse(sql);
  const resolved = resolve(parsed, model, user);
  const checked = check(resolved, to.dialect);
  const aggregated = aggregate(checked, to.dialect);
  const planned = planQuery(aggregated, model, to);
  const secured = secureQuery(planned, model, user, to);
  // The dialect stage (docs/data-model.md, "Engines"): the engine's spelling of the printed SQL.
  const compiled = await toDialect(print(secured), to.dialect);

  compiledCache.set(cacheKey, compiled);
  return { sql: compiled.sql, params: [...compiled.params] };
}

/** Stage 1: the one statement of the query, which must be a SELECT. */
async function parse(sql: string): Promise<ParsedQuery> {
  const ast = await parseSql(sql);
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) throw new SqlNotAllowedError('Exactly one statement is allowed');
  const root = statements[0];
  if (!isNode(root) || root.type !== 'select')
    throw new SqlNotAllowedError('Only SELECT statements are allowed');
  return { stage: 'parsed', root };
}

/** Stage 2: the relations of the query resolved against the model objects `user` may query. */
function resolve(query: ParsedQuery, model: DataModel, user: QueryUser): ResolvedQuery {
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
  const resolution = resolveNames(query.root, queryable, modelNames);
  if (resolution.secured.size === 0) {
    throw new SqlNotAllowedError(
      `The query must read from the data model (${[...visible.keys()].join(', ')})`,
    );
  }
  return { ...query, stage: 'resolved', resolution, visible };
}

/** Stage 3: constructs and columns checked, outputs named, the filters cube SQL may take found. */
function check(query: ResolvedQuery, dialect: Dialect): CheckedQuery {
  const { usesStar, usedNames } = checkConstructs(query.root, dialect);
  checkColumns(query.root, query.resolution, query.visible);
  nameOutputs(query.root);
  const pushed = pushableFilters(query.resolution, query.visible);
  return { ...query, stage: 'checked', usesStar, usedNames, pushed };
}

/** Stage 4: measures rewritten to their aggregates. */
function aggregate(query: CheckedQuery, dialect: Dialect): AggregatedQuery {
  aggregateMeasures(query.root, query.resolution, query.visible, dialect);
  return { ...query, stage: 'aggregated' };
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

/** Stage 7: the rewritten statement printed, its secured subqueries first in its WITH list. */
function print(query: SecuredQuery): CompiledQuery {
  const { root } = query;
  const secured = query.subqueries.map((s) => `${quote(s.name)} AS (${s.sql})`);
  const params = query.params.values;
  const hasWith = Array.isArray(root.with) && root.with.length > 0;
  let body: string;
  try {
    body = sqlParser.sqlify(root as never, POSTGRES);
  } catch (error) {
    throw new SqlNotAllowedError('The query uses a construct that is not supported', { cause: error });
  }
  if (secured.length === 0) return { sql: body, params };
  if (!hasWith) return { sql: `WITH ${secured.join(', ')} ${body}`, params };
  // The printer starts a statement with a WITH list as `WITH `; anything else means the AST was not understood.
  if (!body.startsWith('WITH ') || body.startsWith('WITH RECURSIVE')) {
    throw new SqlNotAllowedError('The query uses a construct that is not supported');
  }
  return { sql: `WITH ${secured.join(', ')}, ${body.slice('WITH '.length)}`, params };
}
