// The PostgreSQL-only build (300 KB) instead of every dialect (2.5 MB): the guard only ever parses PostgreSQL.
import nodeSqlParser from 'node-sql-parser/build/postgresql';
import { SqlNotAllowedError } from '../errors';
import type { CubeDef, DataModel, Member, ModelObject } from './model';
import { policyCondition, type QueryUser, rowCondition, visibleMembers } from './policy';

export type Dialect = 'duckdb' | 'postgres';

/** SQL ready for a driver: user SQL rewritten over secured subqueries; parameters travel separately. */
export interface CompiledQuery {
  sql: string;
  params: unknown[];
}

const parser = new nodeSqlParser.Parser();
const PARSE_OPTIONS = { database: 'PostgresQL' };
const MAX_SQL_LENGTH = 20_000;
const MAX_NESTING = 48;
const MAX_AST_DEPTH = 400;

/** Scalar functions a query may call (lowercase). Anything else, table functions included, is refused. */
const SCALAR_FUNCTIONS = new Set([
  'abs',
  'ceil',
  'ceiling',
  'floor',
  'round',
  'trunc',
  'sqrt',
  'power',
  'pow',
  'ln',
  'log',
  'log10',
  'exp',
  'mod',
  'sign',
  'greatest',
  'least',
  'coalesce',
  'nullif',
  'lower',
  'upper',
  'length',
  'char_length',
  'substring',
  'substr',
  'trim',
  'ltrim',
  'rtrim',
  'replace',
  'concat',
  'left',
  'right',
  'strpos',
  'position',
  'starts_with',
  'split_part',
  'lpad',
  'rpad',
  'initcap',
  'date_trunc',
  'date_part',
  'to_char',
  'strftime',
  'now',
  'current_date',
  'current_timestamp',
  'age',
  'make_date',
  'to_timestamp',
  'measure',
  'year',
  'month',
  'day',
  'quarter',
  'week',
  'dayofweek',
  'exists',
  'isodow',
  'dow',
  'date_diff',
  'datediff',
  'date_add',
  'if',
  'ifnull',
  'nvl',
]);
const AGGREGATES = new Set([
  'COUNT',
  'SUM',
  'AVG',
  'MIN',
  'MAX',
  'MEDIAN',
  'STDDEV',
  'STDDEV_POP',
  'STDDEV_SAMP',
  'VARIANCE',
  'VAR_POP',
  'VAR_SAMP',
  'STRING_AGG',
  'BOOL_AND',
  'BOOL_OR',
  'PERCENTILE_CONT',
  'PERCENTILE_DISC',
  'MODE',
  'ANY_VALUE',
]);
const WINDOW_FUNCTIONS = new Set([
  'row_number',
  'rank',
  'dense_rank',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'percent_rank',
  'cume_dist',
]);
const STATEMENTS = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'create',
  'drop',
  'alter',
  'truncate',
  'grant',
  'revoke',
  'use',
  'set',
  'show',
  'lock',
  'call',
  'exec',
  'execute',
  'rename',
  'transaction',
  'load',
  'copy',
  'attach',
  'pragma',
]);

type Node = Record<string, unknown>;

/**
 * AST node types the compiler knows how to check and print. Anything else (E'' strings, dollar quotes, parameters,
 * variables, statements other than SELECT, ...) is refused: the printed SQL only holds constructs checked here.
 */
const NODE_TYPES = new Set([
  'select',
  'column_ref',
  'expr',
  'function',
  'aggr_func',
  'window_func',
  'window',
  'binary_expr',
  'unary_expr',
  'number',
  'single_quote_string',
  'double_quote_string',
  'bool',
  'null',
  'star',
  'expr_list',
  'case',
  'when',
  'else',
  'cast',
  'interval',
  'extract',
  'date',
  'timestamp',
  'time',
  'default',
  'origin',
  'asc',
  'desc',
  'distinct',
  'distinct on',
]);
/** Metadata the parser attaches to subqueries; not printed. */
const METADATA_KEYS = new Set(['tableList', 'columnList']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEYWORD = /^[A-Za-z_ ]+$/;

const hasControlCharacter = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) < 32) return true;
  return false;
};

/** Refuses node types outside NODE_TYPES and any text the printer would copy verbatim that could end a token. */
function checkNode(node: Node): void {
  const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
  if (type !== undefined && !NODE_TYPES.has(type)) {
    throw new SqlNotAllowedError(`Unsupported SQL construct: ${type}`);
  }
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'string' || METADATA_KEYS.has(key)) continue;
    if (
      key === 'value' &&
      (type === 'single_quote_string' || type === 'date' || type === 'timestamp' || type === 'time')
    ) {
      // Quotes inside a literal only ever come doubled ('it''s'); anything else would end the literal early.
      if (value.replace(/''/g, '').includes("'")) throw new SqlNotAllowedError('Malformed string literal');
      continue;
    }
    if (key === 'value' && type === 'default' && !IDENTIFIER.test(value)) {
      throw new SqlNotAllowedError(`Unsupported token ${value.slice(0, 40)}`);
    }
    if (key === 'value' && type === 'origin' && !KEYWORD.test(value)) {
      throw new SqlNotAllowedError(`Unsupported token ${value.slice(0, 40)}`);
    }
    if (/["'`]/.test(value) || hasControlCharacter(value)) {
      throw new SqlNotAllowedError(
        `Names may not contain quotes or control characters: ${value.slice(0, 40)}`,
      );
    }
  }
}
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Visits every object in the AST (depth-first), refusing absurd depth. */
function walk(value: unknown, visit: (node: Node) => void, depth = 0): void {
  if (depth > MAX_AST_DEPTH) throw new SqlNotAllowedError('The query is nested too deeply');
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit, depth + 1);
    return;
  }
  if (!isNode(value)) return;
  visit(value);
  for (const child of Object.values(value)) walk(child, visit, depth + 1);
}

/** Bounds work before the parser sees the text: length and parenthesis nesting outside string literals. */
function precheck(sql: string): void {
  if (sql.length > MAX_SQL_LENGTH)
    throw new SqlNotAllowedError(`The query is longer than ${MAX_SQL_LENGTH} characters`);
  if (hasControlCharacter(sql.replace(/[\t\n\r]/g, ' ')))
    throw new SqlNotAllowedError('The query contains control characters');
  // The parser reads \' as an escaped quote where PostgreSQL and DuckDB do not: the two would disagree on where
  // a string ends, so backslashes are refused outright.
  if (sql.includes('\\')) throw new SqlNotAllowedError('Backslashes are not allowed in queries');
  let depth = 0;
  let quote: string | undefined;
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '(') {
      depth += 1;
      if (depth > MAX_NESTING) throw new SqlNotAllowedError('The query is nested too deeply');
    } else if (char === ')') depth -= 1;
  }
}

const nameOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (isNode(value)) {
    if (isNode(value.expr)) return nameOf(value.expr);
    if (typeof value.value === 'string') return value.value;
  }
  return '';
};

function functionName(node: Node): string {
  const name = node.name;
  if (typeof name === 'string') return name;
  if (isNode(name) && Array.isArray(name.name)) {
    if (name.name.length !== 1) throw new SqlNotAllowedError('Schema-qualified functions are not allowed');
    return nameOf(name.name[0]);
  }
  return '';
}

/** Levenshtein distance, for "did you mean" suggestions. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] ?? 0;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** Up to three close names, for helpful errors. */
export function suggest(name: string, candidates: Iterable<string>): string[] {
  const lower = name.toLowerCase();
  return [...candidates]
    .map((c) => ({ c, d: distance(lower, c.toLowerCase()) }))
    .filter(
      ({ c, d }) => d <= Math.max(2, Math.floor(c.length / 3)) || c.includes(lower) || lower.includes(c),
    )
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map(({ c }) => c);
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** SQL of a cube member over its alias: a bare column is qualified, `{CUBE}` is replaced. */
function memberSql(cube: CubeDef, name: string, alias: string): string {
  const dimension = cube.dimensions.find((d) => d.name === name);
  const measure = cube.measures.find((m) => m.name === name);
  let sql: string;
  if (dimension) sql = dimension.sql;
  else if (measure?.type === 'count') {
    const key = cube.dimensions.find((d) => d.primary_key);
    sql = key ? key.sql : '1';
  } else sql = measure?.sql ?? name;
  return expandSql(sql, alias);
}

function expandSql(sql: string, alias: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(sql)) return `${quote(alias)}.${quote(sql)}`;
  return sql
    .replace(/\{CUBE\}/g, quote(alias))
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, cube: string) => quote(cube));
}

function tableSql(cube: CubeDef): string {
  if (cube.sql_table) return cube.sql_table.split('.').map(quote).join('.');
  return `(${cube.sql ?? ''})`;
}

/**
 * The secured subquery of a cube or view: only the members the user may see, with every row-level filter of
 * every joined cube inside its WHERE, so no outer SQL can widen it.
 */
function securedSql(
  model: DataModel,
  object: ModelObject,
  members: Member[],
  user: QueryUser,
  params: unknown[],
): string {
  const joins: string[] = [];
  const aliases = new Set<string>();
  let root = '';
  // Only cubes the query reads are joined (many_to_one joins never change the root's rows); each joined cube
  // brings its own row-level policy, so a cube's rows are filtered whenever its data is read.
  const viewFilters = (object.policies ?? []).flatMap((p) => p.row_level?.filters ?? []);
  const byName = new Map(object.members.map((m) => [m.name, m]));
  const needed = new Set([
    ...members.map((m) => m.cube),
    ...viewFilters.map((f) => byName.get(f.member)?.cube ?? ''),
  ]);
  for (const path of object.joinPath) {
    const last = path.reduce((at, cubeName, i) => (needed.has(cubeName) ? i : at), 0);
    for (const [i, cubeName] of path.entries()) {
      if (i > last) break;
      if (aliases.has(cubeName)) continue;
      const cube = model.cubes.get(cubeName);
      if (!cube) continue;
      aliases.add(cubeName);
      if (i === 0 && !root) {
        root = `${tableSql(cube)} AS ${quote(cubeName)}`;
        continue;
      }
      const parent = model.cubes.get(path[i - 1] ?? '');
      const join = parent?.joins.find((j) => j.name === cubeName);
      const on = (join?.sql ?? 'FALSE')
        .replace(/\{CUBE\}/g, quote(parent?.name ?? ''))
        .replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => quote(name));
      joins.push(`LEFT JOIN ${tableSql(cube)} AS ${quote(cubeName)} ON ${on}`);
    }
  }
  const columns = members.map((member) => {
    const cube = model.cubes.get(member.cube);
    return `${cube ? memberSql(cube, member.cubeMember, member.cube) : 'NULL'} AS ${quote(member.name)}`;
  });
  const conditions: string[] = [];
  for (const alias of aliases) {
    const cube = model.cubes.get(alias);
    if (!cube) continue;
    const condition = rowCondition(cube, alias, user, params, (c, member, a) => memberSql(c, member, a));
    if (condition.kind === 'none') conditions.push('FALSE');
    else if (condition.kind === 'sql') conditions.push(`(${condition.sql})`);
  }
  if (object.policies) {
    const condition = policyCondition(object.policies, user, params, (name) => {
      const member = byName.get(name);
      const cube = member ? model.cubes.get(member.cube) : undefined;
      return member && cube ? memberSql(cube, member.cubeMember, member.cube) : 'NULL';
    });
    if (condition.kind === 'none') conditions.push('FALSE');
    else if (condition.kind === 'sql') conditions.push(`(${condition.sql})`);
  }
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  if (columns.length === 0) columns.push(`1 AS ${quote('__row')}`);
  return `SELECT ${columns.join(', ')} FROM ${root}${joins.length ? ` ${joins.join(' ')}` : ''}${where}`;
}

function aggregateFor(member: Member, column: Node, dialect: Dialect): Node {
  const aggr = (name: string, distinct = false): Node => ({
    type: 'aggr_func',
    name,
    args: { ...(distinct ? { distinct: 'DISTINCT' } : {}), expr: column },
    over: null,
  });
  switch (member.aggType) {
    case 'count':
      return aggr('COUNT');
    case 'count_distinct':
      return aggr('COUNT', true);
    case 'sum':
      return aggr('SUM');
    case 'avg':
      return aggr('AVG');
    case 'min':
      return aggr('MIN');
    case 'max':
      return aggr('MAX');
    case 'median':
      // DuckDB's median keeps a DECIMAL's scale (rounding the midpoint); over DOUBLE it matches PERCENTILE_CONT.
      return dialect === 'duckdb'
        ? {
            type: 'function',
            name: { name: [{ type: 'default', value: 'median' }] },
            args: {
              type: 'expr_list',
              value: [
                {
                  type: 'cast',
                  keyword: 'cast',
                  expr: column,
                  symbol: 'as',
                  target: [{ dataType: 'DOUBLE' }],
                },
              ],
            },
          }
        : {
            type: 'aggr_func',
            name: 'PERCENTILE_CONT',
            args: { expr: { type: 'number', value: '0.5' } },
            within_group_orderby: [{ expr: column, type: null, nulls: null }],
            over: null,
          };
    default:
      throw new SqlNotAllowedError(`Measure ${member.name} cannot be aggregated`);
  }
}

/**
 * Members the user may not see do not exist: a column naming a model object's alias must be one of its visible
 * members, and (when no CTE or derived table could supply it) so must an unqualified column or an output name.
 */
function checkColumns(
  refs: Node[],
  root: Node,
  aliasToObject: Map<string, string>,
  visible: Map<string, Member[]>,
  referenced: Set<string>,
  hasDerivedColumns: boolean,
): void {
  const outputNames = new Set<string>();
  walk(root, (node) => {
    if (node.type !== 'select' || !Array.isArray(node.columns)) return;
    for (const column of node.columns) {
      if (!isNode(column)) continue;
      if (typeof column.as === 'string' && column.as) outputNames.add(column.as.toLowerCase());
      // ORDER BY may also use the implicit name of an expression (count for COUNT(*)), not of a bare column.
      else if (isNode(column.expr) && column.expr.type !== 'column_ref') {
        outputNames.add((outputName(column.expr) ?? '').toLowerCase());
      }
    }
  });
  const namesOf = (objects: Iterable<string>) =>
    [...objects].flatMap((o) => (visible.get(o) ?? []).map((m) => m.name));
  for (const ref of refs) {
    const name = nameOf(ref.column);
    const key = name.toLowerCase();
    const qualifier = typeof ref.table === 'string' ? ref.table : nameOf(ref.table);
    if (qualifier) {
      const object = aliasToObject.get(qualifier);
      if (!object) continue;
      const members = namesOf([object]);
      if (members.includes(key)) continue;
      const hint = suggest(name, members);
      throw new SqlNotAllowedError(
        `${object} has no member ${name}` +
          (hint.length ? `; did you mean ${hint.join(' or ')}?` : `; its members: ${members.join(', ')}`),
      );
    }
    if (hasDerivedColumns || outputNames.has(key)) continue;
    const members = namesOf(referenced);
    if (members.includes(key)) continue;
    const hint = suggest(name, members);
    throw new SqlNotAllowedError(
      `Unknown column ${name}` +
        (hint.length ? `; did you mean ${hint.join(' or ')}?` : `; available: ${members.join(', ')}`),
    );
  }
}

const SAME_AGGREGATE: Record<string, string> = {
  sum: 'SUM',
  min: 'MIN',
  max: 'MAX',
  avg: 'AVG',
  count: 'COUNT',
};

const replaceNode = (node: Node, replacement: Node) => {
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, replacement);
};

/**
 * Measures only exist aggregated, as in Cube's SQL API: a bare measure column means MEASURE(column), and an
 * aggregate over a measure must be the measure's own (SUM over a sum measure); anything else would aggregate the
 * measure's raw input under a misleading name, so it is refused with a hint.
 */
function aggregateBareMeasures(
  value: unknown,
  ctx: { measureOf: (ref: Node) => Member | undefined; dialect: Dialect },
): void {
  if (Array.isArray(value)) {
    for (const item of value) aggregateBareMeasures(item, ctx);
    return;
  }
  if (!isNode(value)) return;
  if (value.type === 'function' && functionName(value).toLowerCase() === 'measure') return;
  const arg = value.type === 'aggr_func' && isNode(value.args) ? value.args.expr : undefined;
  if (isNode(arg) && arg.type === 'column_ref' && isNode(value.args)) {
    const member = ctx.measureOf(arg);
    if (member) {
      const name = String(value.name).toUpperCase();
      const distinct = value.args.distinct === 'DISTINCT';
      const same =
        (member.aggType === 'count_distinct' && name === 'COUNT') ||
        (!distinct && SAME_AGGREGATE[member.aggType ?? ''] === name);
      const measure = aggregateFor(member, { ...arg }, ctx.dialect);
      // A window over a measure (running totals) windows the aggregated measure.
      if (value.over) value.args.expr = measure;
      else if (same) replaceNode(value, measure);
      else {
        throw new SqlNotAllowedError(
          `${member.name} is a ${member.aggType} measure: write MEASURE(${member.name}), or aggregate a dimension`,
        );
      }
      return;
    }
  }
  if (value.type === 'column_ref') {
    const member = ctx.measureOf(value);
    if (member) replaceNode(value, aggregateFor(member, { ...value }, ctx.dialect));
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if (!METADATA_KEYS.has(key)) aggregateBareMeasures(child, ctx);
  }
}

/** PostgreSQL's name for an unnamed select item (column name, function name, `?column?`). */
function outputName(expr: Node): string | undefined {
  switch (expr.type) {
    case 'column_ref':
      return typeof expr.column === 'string' ? undefined : nameOf(expr.column);
    case 'function': {
      const name = functionName(expr).toLowerCase();
      if (name === 'measure' && isNode(expr.args) && Array.isArray(expr.args.value)) {
        const arg = expr.args.value[0];
        return isNode(arg) ? nameOf(arg.column) : name;
      }
      return name;
    }
    case 'aggr_func':
    case 'window_func':
      return String(expr.name).toLowerCase();
    case 'cast':
      return isNode(expr.expr) ? outputName(expr.expr) : undefined;
    case 'extract':
      return 'extract';
    case 'case':
      return 'case';
    default:
      return '?column?';
  }
}

const compiledCache = new Map<string, CompiledQuery>();
const CACHE_MAX = 500;

/**
 * Checks that `sql` is exactly one read-only SELECT over model objects using allowed functions, then rewrites
 * it over secured subqueries (row-level filters inside) and expands MEASURE(x) into the measure's aggregate.
 */
export function compileSql(
  model: DataModel,
  user: QueryUser,
  sql: string,
  dialect: Dialect = 'duckdb',
): CompiledQuery {
  const cacheKey = JSON.stringify([model.hash, user, sql, dialect]);
  const hit = compiledCache.get(cacheKey);
  if (hit) return { sql: hit.sql, params: [...hit.params] };

  precheck(sql);
  let ast: unknown;
  try {
    ast = parser.astify(sql, PARSE_OPTIONS);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SqlNotAllowedError(
      `The query could not be parsed as one SELECT statement: ${message?.slice(0, 200)}`,
    );
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) throw new SqlNotAllowedError('Exactly one statement is allowed');
  const root = statements[0];
  if (!isNode(root) || root.type !== 'select')
    throw new SqlNotAllowedError('Only SELECT statements are allowed');

  // Names a query may use as tables: visible model objects and its own CTEs.
  const visible = new Map<string, Member[]>();
  for (const object of model.objects.values()) {
    const members = visibleMembers(model, object, user);
    if (members.length > 0) visible.set(object.name, members);
  }
  const cteNames = new Set<string>();
  walk(root, (node) => {
    if (!Array.isArray(node.with)) return;
    for (const cte of node.with) {
      if (!isNode(cte)) continue;
      if (cte.recursive) throw new SqlNotAllowedError('Recursive CTEs are not allowed');
      const name = nameOf(cte.name);
      if (name.startsWith('__') || model.objects.has(name)) {
        throw new SqlNotAllowedError(`CTE name ${name} is reserved`);
      }
      cteNames.add(name);
    }
  });

  const referenced = new Set<string>();
  const aliasToObject = new Map<string, string>();
  const measureNodes: Node[] = [];
  // Names the query mentions: secured subqueries project only these members (a superset is harmless).
  const usedNames = new Set<string>();
  let usesStar = false;
  const columnRefs: Node[] = [];
  let derived = false;
  walk(root, (node) => {
    checkNode(node);
    const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
    if (type && STATEMENTS.has(type)) throw new SqlNotAllowedError(`${type.toUpperCase()} is not allowed`);
    if (isNode(node.ast) && node.ast.type !== 'select')
      throw new SqlNotAllowedError('Only SELECT subqueries are allowed');
    if (isNode(node.into) && node.into.expr) throw new SqlNotAllowedError('SELECT INTO is not allowed');
    if (type === 'param' || type === 'var')
      throw new SqlNotAllowedError('Parameters and variables are not allowed');
    if (type === 'function') {
      const name = functionName(node).toLowerCase();
      if (!SCALAR_FUNCTIONS.has(name)) {
        throw new SqlNotAllowedError(`Function ${name || '(unknown)'} is not allowed`);
      }
      if (name === 'measure') measureNodes.push(node);
    }
    if (type === 'aggr_func') {
      const name = String(node.name).toUpperCase();
      if (!AGGREGATES.has(name)) throw new SqlNotAllowedError(`Aggregate ${name} is not allowed`);
    }
    if (type === 'window_func') {
      const name = String(node.name).toLowerCase();
      if (!WINDOW_FUNCTIONS.has(name)) throw new SqlNotAllowedError(`Window function ${name} is not allowed`);
    }
    if (Array.isArray(node.using)) for (const name of node.using) usedNames.add(nameOf(name));
    if (type === 'column_ref') {
      if (node.db) throw new SqlNotAllowedError('Schema-qualified columns are not allowed');
      if (node.column === '*') usesStar = true;
      const column = nameOf(node.column);
      usedNames.add(column);
      if (column.startsWith('__')) throw new SqlNotAllowedError(`Column ${column} does not exist`);
      if (node.column !== '*') columnRefs.push(node);
    }
    if (Array.isArray(node.from)) {
      for (const item of node.from)
        if (isNode(item) && isNode(item.expr) && isNode(item.expr.ast)) derived = true;
    }
    // A FROM/JOIN entry naming a table.
    if (typeof node.table === 'string' && 'as' in node && !('column' in node)) {
      if (node.db)
        throw new SqlNotAllowedError(
          `Schema-qualified tables (${String(node.db)}.${node.table}) are not allowed`,
        );
      const table = node.table;
      if (cteNames.has(table)) return;
      if (!visible.has(table)) {
        const hint = suggest(table, visible.keys());
        throw new SqlNotAllowedError(
          `Unknown table ${table}: query the data model's cubes and views (${[...visible.keys()].join(', ')})` +
            (hint.length ? `; did you mean ${hint.join(' or ')}?` : ''),
        );
      }
      referenced.add(table);
      const alias = typeof node.as === 'string' && node.as ? node.as : table;
      if (alias.startsWith('__')) throw new SqlNotAllowedError(`Alias ${alias} is reserved`);
      aliasToObject.set(alias, table);
      node.table = `__sec_${table}`;
      node.as = alias;
    }
  });
  if (referenced.size === 0 && cteNames.size === 0) {
    throw new SqlNotAllowedError(
      `The query must read from the data model (${[...visible.keys()].join(', ')})`,
    );
  }

  checkColumns(columnRefs, root, aliasToObject, visible, referenced, derived || cteNames.size > 0);

  // Unnamed output columns get PostgreSQL's names on every engine, so results look alike everywhere.
  walk(root, (node) => {
    if (node.type !== 'select' || !Array.isArray(node.columns)) return;
    for (const column of node.columns) {
      if (isNode(column) && !column.as && isNode(column.expr)) {
        const name = outputName(column.expr);
        if (name) column.as = name;
      }
    }
  });

  aggregateBareMeasures(root, {
    measureOf: (ref) => {
      const name = nameOf(ref.column).toLowerCase();
      const qualifier = typeof ref.table === 'string' ? ref.table : nameOf(ref.table);
      const isMeasure = (m: Member) => m.name === name && m.kind === 'measure';
      if (qualifier) {
        const object = aliasToObject.get(qualifier);
        return object ? visible.get(object)?.find(isMeasure) : undefined;
      }
      if (derived || cteNames.size > 0) return undefined;
      for (const object of referenced) {
        const found = visible.get(object)?.find(isMeasure);
        if (found) return found;
      }
      return undefined;
    },
    dialect,
  });

  for (const node of measureNodes) {
    const args = isNode(node.args) && Array.isArray(node.args.value) ? node.args.value : [];
    const arg = args[0];
    if (args.length !== 1 || !isNode(arg) || arg.type !== 'column_ref') {
      throw new SqlNotAllowedError(
        'MEASURE() takes exactly one measure name, e.g. MEASURE(orders_view.total_amount)',
      );
    }
    const name = nameOf(arg.column);
    const qualifier = typeof arg.table === 'string' ? arg.table : undefined;
    const candidates = qualifier ? [aliasToObject.get(qualifier) ?? qualifier] : [...referenced];
    let found: Member | undefined;
    for (const objectName of candidates) {
      found = visible.get(objectName)?.find((m) => m.name === name && m.kind === 'measure');
      if (found) break;
    }
    if (!found) {
      const measures = candidates.flatMap((o) =>
        (visible.get(o) ?? []).filter((m) => m.kind === 'measure').map((m) => m.name),
      );
      const hint = suggest(name, measures);
      throw new SqlNotAllowedError(
        `Unknown measure ${name}` +
          (hint.length ? `; did you mean ${hint.join(' or ')}?` : `; measures: ${measures.join(', ')}`),
      );
    }
    const replacement = aggregateFor(found, arg, dialect);
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, replacement);
  }

  let body: string;
  try {
    body = parser.sqlify(root as never, PARSE_OPTIONS);
  } catch (error) {
    throw new SqlNotAllowedError('The query uses a construct that is not supported', { cause: error });
  }
  if (/^\s*WITH\s+RECURSIVE/i.test(body)) throw new SqlNotAllowedError('Recursive CTEs are not allowed');
  const params: unknown[] = [];
  const secured = [...referenced].map((name) => {
    const object = model.objects.get(name);
    const members = (visible.get(name) ?? []).filter(
      // `*` means every dimension; measures only exist aggregated, so they are projected when named.
      (m) => (usesStar && m.kind === 'dimension') || usedNames.has(m.name),
    );
    return `${quote(`__sec_${name}`)} AS (${object ? securedSql(model, object, members, user, params) : 'SELECT 1 WHERE FALSE'})`;
  });
  let finalSql: string;
  if (secured.length === 0) finalSql = body;
  else if (/^\s*WITH\s/i.test(body)) finalSql = body.replace(/^\s*WITH\s/i, `WITH ${secured.join(', ')}, `);
  else finalSql = `WITH ${secured.join(', ')} ${body}`;
  const compiled = { sql: finalSql, params };
  if (compiledCache.size >= CACHE_MAX) compiledCache.clear();
  compiledCache.set(cacheKey, compiled);
  return { sql: compiled.sql, params: [...compiled.params] };
}
