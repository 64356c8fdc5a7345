/**
 * Stage 3: allow-lists. Every AST node must be a construct the compiler knows how to check and print, every
 * function an allowed one, every column a member the user may see (where the compiler can know), and functions
 * that build large values are bounded so no query can make a value the process cannot hold.
 */
import { SqlNotAllowedError } from '../../errors';
import {
  fold,
  functionName,
  hasControlCharacter,
  isNode,
  type Node,
  nameOf,
  qualifierOf,
  walk,
} from '../ast';
import type { Member } from '../model/schema';
import { suggest } from '../suggest';
import type { Dialect } from './measures';
import { RESERVED_PREFIX, type Resolution, rangeOf, type Scope } from './resolve';

/** Scalar functions a query may call (lowercase). Anything else, table functions included, is refused. */
const SCALAR_FUNCTIONS = new Set([
  ...['abs', 'ceil', 'ceiling', 'floor', 'round', 'trunc', 'sqrt', 'power', 'pow', 'ln', 'log', 'log10'],
  ...['exp', 'mod', 'sign', 'greatest', 'least', 'coalesce', 'nullif', 'lower', 'upper', 'length'],
  ...['char_length', 'substring', 'substr', 'trim', 'ltrim', 'rtrim', 'replace', 'concat', 'left', 'right'],
  ...[
    'strpos',
    'position',
    'starts_with',
    'split_part',
    'lpad',
    'rpad',
    'initcap',
    'date_trunc',
    'date_part',
  ],
  ...['to_char', 'strftime', 'now', 'current_date', 'current_timestamp', 'age', 'make_date', 'to_timestamp'],
  ...['measure', 'year', 'month', 'day', 'quarter', 'week', 'dayofweek', 'exists', 'isodow', 'dow'],
  ...['date_diff', 'datediff', 'date_add', 'if', 'ifnull', 'nvl'],
  // Quantified comparisons (x = ANY (subquery)) and grouping sets (GROUP BY ROLLUP/CUBE, GROUPING()).
  ...['any', 'all', 'rollup', 'cube', 'grouping'],
  // `NOT (a = 1)`: the parser reads a parenthesised negation as a call of NOT.
  'not',
]);
/** Types a value may be cast to (no reg* object types, no composite or system types). */
const CAST_TYPES = new Set([
  ...['INT', 'INTEGER', 'BIGINT', 'SMALLINT', 'INT2', 'INT4', 'INT8', 'NUMERIC', 'DECIMAL', 'DOUBLE'],
  ...['DOUBLE PRECISION', 'FLOAT', 'FLOAT4', 'FLOAT8', 'REAL', 'TEXT', 'VARCHAR', 'CHAR', 'CHARACTER'],
  ...[
    'CHARACTER VARYING',
    'STRING',
    'DATE',
    'TIMESTAMP',
    'TIMESTAMPTZ',
    'TIME',
    'BOOLEAN',
    'BOOL',
    'INTERVAL',
  ],
]);
/**
 * Percentile aggregates only some engines have, by the name they take there; elsewhere they are refused by name
 * with the portable form (percentile_cont ... WITHIN GROUP, an allowed aggregate on both engines).
 */
const ENGINE_AGGREGATES: Record<Dialect, ReadonlySet<string>> = {
  duckdb: new Set(['median', 'quantile_cont', 'quantile_disc', 'quantile']),
  postgres: new Set(),
  clickhouse: new Set(),
  trino: new Set(),
};
const DIALECT_NAMES: Record<Dialect, string> = {
  duckdb: 'DuckDB',
  postgres: 'PostgreSQL',
  clickhouse: 'ClickHouse',
  trino: 'Trino',
};
const PERCENTILE_HINT = 'use percentile_cont(0.5) WITHIN GROUP (ORDER BY x) for a median';

const AGGREGATES = new Set([
  ...['COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'MEDIAN', 'STDDEV', 'STDDEV_POP', 'STDDEV_SAMP', 'VARIANCE'],
  ...['VAR_POP', 'VAR_SAMP', 'STRING_AGG', 'BOOL_AND', 'BOOL_OR', 'PERCENTILE_CONT', 'PERCENTILE_DISC'],
  ...['MODE', 'ANY_VALUE'],
]);
const WINDOW_FUNCTIONS = new Set([
  ...['row_number', 'rank', 'dense_rank', 'ntile', 'lag', 'lead', 'first_value', 'last_value'],
  ...['percent_rank', 'cume_dist'],
]);
const STATEMENTS = new Set([
  ...['insert', 'update', 'delete', 'replace', 'create', 'drop', 'alter', 'truncate', 'grant', 'revoke'],
  ...['use', 'set', 'show', 'lock', 'call', 'exec', 'execute', 'rename', 'transaction', 'load', 'copy'],
  ...['attach', 'pragma'],
]);

/**
 * AST node types the compiler knows how to check and print. Anything else (E'' strings, parameters, variables,
 * VALUES, statements other than SELECT, ...) is refused: the printed SQL only holds constructs checked here.
 */
const NODE_TYPES = new Set([
  ...['select', 'column_ref', 'expr', 'function', 'aggr_func', 'window_func', 'window', 'binary_expr'],
  ...['unary_expr', 'number', 'single_quote_string', 'double_quote_string', 'bool', 'null', 'star'],
  ...['expr_list', 'case', 'when', 'else', 'cast', 'interval', 'extract', 'date', 'timestamp', 'time'],
  ...['default', 'origin', 'asc', 'desc', 'distinct', 'distinct on'],
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEYWORD = /^[A-Za-z_ ]+$/;
const LITERAL_TYPES = new Set(['single_quote_string', 'date', 'timestamp', 'time']);

/** Bounds on functions that build values larger than their inputs. */
export const VALUE_LIMITS = {
  /** lpad/rpad lengths are capped at this many characters. */
  maxPadLength: 1_000,
  /** lpad/rpad calls a query may make. */
  maxPadCalls: 16,
};

/** Refuses node types outside NODE_TYPES and any text the printer would copy verbatim that could end a token. */
function checkNode(node: Node): void {
  const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
  if (type !== undefined && STATEMENTS.has(type))
    throw new SqlNotAllowedError(`${type.toUpperCase()} is not allowed`);
  if (type === 'param' || type === 'var')
    throw new SqlNotAllowedError('Parameters and variables are not allowed');
  if (type !== undefined && !NODE_TYPES.has(type)) {
    throw new SqlNotAllowedError(`Unsupported SQL construct: ${type}`);
  }
  if (isNode(node.ast) && node.ast.type !== 'select') {
    throw new SqlNotAllowedError('Only SELECT subqueries are allowed');
  }
  if (isNode(node.into) && node.into.expr) throw new SqlNotAllowedError('SELECT INTO is not allowed');
  if (type === 'cast') {
    const targets = Array.isArray(node.target) ? node.target : [node.target];
    for (const target of targets) {
      const dataType =
        isNode(target) && typeof target.dataType === 'string' ? target.dataType.toUpperCase() : '';
      if (!CAST_TYPES.has(dataType))
        throw new SqlNotAllowedError(`Casts to ${dataType || 'this type'} are not allowed`);
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'string') continue;
    if (key === 'value' && type !== undefined && LITERAL_TYPES.has(type)) {
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

const stringLiteral = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'single_quote_string' && typeof node.value === 'string'
    ? node.value.replace(/''/g, "'")
    : undefined;

/** Caps lpad/rpad lengths and allows only replacements that cannot grow a value. */
function boundValueSize(node: Node, name: string, state: { pads: number }): void {
  const args = isNode(node.args) && Array.isArray(node.args.value) ? node.args.value : [];
  if (name === 'lpad' || name === 'rpad') {
    state.pads += 1;
    if (state.pads > VALUE_LIMITS.maxPadCalls) {
      throw new SqlNotAllowedError(`A query may call lpad/rpad at most ${VALUE_LIMITS.maxPadCalls} times`);
    }
    const length = args[1];
    if (!isNode(length)) throw new SqlNotAllowedError(`${name} takes a string and a length`);
    if (length.type === 'number' && Number(length.value) > VALUE_LIMITS.maxPadLength) {
      throw new SqlNotAllowedError(`${name} lengths may not exceed ${VALUE_LIMITS.maxPadLength} characters`);
    }
    args[1] = {
      type: 'function',
      name: { name: [{ type: 'default', value: 'least' }] },
      args: { type: 'expr_list', value: [length, { type: 'number', value: VALUE_LIMITS.maxPadLength }] },
    };
  }
  if (name === 'replace') {
    const from = stringLiteral(args[1]);
    const to = stringLiteral(args[2]);
    if (
      args.length !== 3 ||
      from === undefined ||
      to === undefined ||
      from.length === 0 ||
      to.length > from.length
    ) {
      throw new SqlNotAllowedError(
        'replace(text, from, to) takes literal strings with to no longer than from (a replacement may not grow values)',
      );
    }
  }
}

/** Checks node types, statements, functions and value-size bounds over the whole AST. */
export function checkConstructs(
  root: Node,
  dialect: Dialect = 'duckdb',
): { usesStar: boolean; usedNames: Set<string> } {
  const usedNames = new Set<string>();
  let usesStar = false;
  const state = { pads: 0 };
  walk(root, (node) => {
    checkNode(node);
    const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
    if (type === 'function') {
      const name = fold(functionName(node));
      const percentile = Object.values(ENGINE_AGGREGATES).some((names) => names.has(name));
      if (percentile && !ENGINE_AGGREGATES[dialect].has(name))
        throw new SqlNotAllowedError(
          `${name.toUpperCase()} is not available on ${DIALECT_NAMES[dialect]}: ${PERCENTILE_HINT}`,
        );
      if (!SCALAR_FUNCTIONS.has(name) && !percentile)
        throw new SqlNotAllowedError(`Function ${name || '(unknown)'} is not allowed`);
      boundValueSize(node, name, state);
    }
    if (type === 'aggr_func') {
      const name = String(node.name).toUpperCase();
      if (!AGGREGATES.has(name)) throw new SqlNotAllowedError(`Aggregate ${name} is not allowed`);
    }
    if (type === 'window_func') {
      const name = String(node.name).toLowerCase();
      if (!WINDOW_FUNCTIONS.has(name)) throw new SqlNotAllowedError(`Window function ${name} is not allowed`);
    }
    if (Array.isArray(node.using)) for (const name of node.using) usedNames.add(fold(nameOf(name)));
    if (type === 'column_ref') {
      if (node.db || node.schema) throw new SqlNotAllowedError('Schema-qualified columns are not allowed');
      if (node.column === '*') usesStar = true;
      const column = nameOf(node.column);
      if (column.startsWith(RESERVED_PREFIX)) throw new SqlNotAllowedError(`Column ${column} does not exist`);
      usedNames.add(fold(column));
    }
  });
  return { usesStar, usedNames };
}

/** PostgreSQL's name for an unnamed select item (column name, function name, `?column?`). */
export function outputName(expr: Node): string | undefined {
  switch (expr.type) {
    case 'column_ref':
      return typeof expr.column === 'string' ? undefined : nameOf(expr.column);
    case 'function': {
      const name = fold(functionName(expr));
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

/** Names a SELECT gives its output columns (ORDER BY and GROUP BY may use them). */
function outputNames(select: Node): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(select.columns)) return names;
  for (const column of select.columns) {
    if (!isNode(column)) continue;
    if (typeof column.as === 'string' && column.as) names.add(fold(column.as));
    else if (isNode(column.expr) && column.expr.type !== 'column_ref')
      names.add(fold(outputName(column.expr) ?? ''));
  }
  return names;
}

/**
 * Members the user may not see do not exist: a column qualified by a model object's range variable must be one
 * of its visible members, and so must an unqualified column of a SELECT that reads only model objects (unless it
 * names an output column or a column of an enclosing query).
 */
export function checkColumns(
  root: Node,
  resolution: Resolution,
  visible: ReadonlyMap<string, Member[]>,
): void {
  const membersOf = (objects: Iterable<string>) =>
    [...objects].flatMap((o) => (visible.get(o) ?? []).map((m) => fold(m.name)));
  const outputs = new WeakMap<Scope, Set<string>>();
  walk(root, (ref) => {
    if (ref.type !== 'column_ref' || ref.column === '*') return;
    const scope = resolution.scopeOf.get(ref);
    if (!scope) return;
    const name = nameOf(ref.column);
    const key = fold(name);
    const qualifier = qualifierOf(ref);
    if (qualifier) {
      const { found, object } = rangeOf(scope, qualifier);
      if (!found)
        throw new SqlNotAllowedError(`${qualifier}.${name}: ${qualifier} is not a table of this query`);
      if (!object) return;
      const members = membersOf([object]);
      if (members.includes(key)) return;
      const hint = suggest(name, members);
      throw new SqlNotAllowedError(
        `${object} has no member ${name}` +
          (hint.length ? `; did you mean ${hint.join(' or ')}?` : `; its members: ${members.join(', ')}`),
      );
    }
    for (let at: Scope | undefined = scope; at; at = at.parent) {
      // Columns of a CTE or derived table are the engine's to check.
      if (at.derived) return;
      if (membersOf(at.objects).includes(key)) return;
      let names = outputs.get(at);
      if (!names) {
        names = outputNames(at.select);
        outputs.set(at, names);
      }
      if (names.has(key)) return;
    }
    const members = membersOf(scope.objects);
    const hint = suggest(name, members);
    throw new SqlNotAllowedError(
      `Unknown column ${name}` +
        (hint.length ? `; did you mean ${hint.join(' or ')}?` : `; available: ${members.join(', ')}`),
    );
  });
}
