/**
 * The dialect stage: the compiler prints PostgreSQL-flavoured SQL (DuckDB reads it too); an engine that needs
 * other spellings gets the final SQL rewritten here, between securing and the driver, from a data-only
 * `DialectRules` (docs/data-model.md, "Engines"). A construct an engine cannot do exactly is refused by name.
 */
import { SqlNotAllowedError } from '../errors';
import { isNode, type Node, POSTGRES, sqlParser, walk } from './ast';
import { closingQuote, type LexicalRules, rewriteLexical } from './dialect-lexical';
import { TRINO_RULES } from './dialect-trino';
import { parsePrintedSql } from './sql/parse';
import type { CompiledQuery, Dialect } from './target';

/** What one engine needs differently from the SQL the compiler prints. */
export interface DialectRules {
  /** `x::T` becomes `CAST(x AS T)`. */
  readonly castKeyword: boolean;
  /** PostgreSQL type names -> the engine's (upper-cased keys). */
  readonly types: Readonly<Record<string, string>>;
  /** `date_trunc('unit', x)` -> this function of the same arguments, wrapped to keep a timestamp. */
  readonly dateTrunc?: { fn: string; wrap?: { fn: string; extra: readonly number[] } };
  /** Boolean outputs of the outer SELECT are cast to this type (an engine whose comparisons give integers). */
  readonly booleanOutput?: string;
  /** `TIMESTAMP '...'` literals -> a call of this function on the text. */
  readonly timestampLiteral?: { fn: string; extra: readonly number[] };
  /** ORDER BY without NULLS gets PostgreSQL's order spelt out (NULL is larger than every value). */
  readonly explicitNulls: boolean;
  /** `$n` -> `{pn:Type}` server-side typed parameters. */
  readonly params: 'dollar' | 'braces';
  /** Exact median/percentiles (`PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x)`) -> `fn(p)(x)`. */
  readonly percentileCont?: string;
  /** Function names (lower case) the engine lacks or computes differently, with the reason. */
  readonly refused: Readonly<Record<string, string>>;
  /** Functions the engine spells differently, same arguments and result (lower case -> the engine's name). */
  readonly renamed?: Readonly<Record<string, string>>;
  /** Aggregates the engine spells differently (lower case -> the engine's name, printed as given). */
  readonly aggregatesRenamed?: Readonly<Record<string, string>>;
  /**
   * `/` is true division on every engine (as DuckDB's and ClickHouse's own): the dividend becomes this float type,
   * so decimal division is not cut to the dividend's scale (ClickHouse's Decimal division) and AVG likewise.
   */
  readonly floatDivision?: string;
  /** A scalar subquery of one COUNT gives 0 on no rows (the engine's decorrelated join would give NULL). */
  readonly countSubqueryZero?: boolean;
  /** The engine's lexer reads backslash escapes inside quotes (clickHouseLexical). */
  readonly backslashEscapes?: boolean;
  /** The engine needs distinct output names in one SELECT: a repeated name gets `_2`, `_3`... */
  readonly distinctNames?: boolean;
  /** `(VALUES ('a'), ('b')) AS t(c)` (switch dimensions) -> `(SELECT 'a' AS c UNION ALL SELECT 'b') AS t`. */
  readonly valuesAsUnion?: boolean;
  /** Window frames with calendar offsets (`RANGE BETWEEN INTERVAL ...`) are refused, with the reason. */
  readonly intervalFrames?: string;
}

/** Rules per dialect; DuckDB and PostgreSQL read the compiler's own spelling (no rules, no rewrite). */
export const DIALECT_RULES: Partial<Record<Dialect, DialectRules>> = {
  clickhouse: {
    castKeyword: true,
    types: {
      TIMESTAMP: 'DateTime64(6)',
      TIMESTAMPTZ: "DateTime64(6, 'UTC')",
      'DOUBLE PRECISION': 'Float64',
      DOUBLE: 'Float64',
      REAL: 'Float32',
      FLOAT: 'Float64',
      BIGINT: 'Int64',
      INTEGER: 'Int32',
      INT: 'Int32',
      SMALLINT: 'Int16',
      TEXT: 'String',
      VARCHAR: 'String',
      BOOLEAN: 'Bool',
      DATE: 'Date32',
    },
    // ClickHouse's dateTrunc gives a Date for day and longer units; PostgreSQL keeps a timestamp.
    dateTrunc: { fn: 'dateTrunc', wrap: { fn: 'toDateTime64', extra: [6] } },
    booleanOutput: 'Bool',
    timestampLiteral: { fn: 'toDateTime64', extra: [6] },
    explicitNulls: true,
    params: 'braces',
    percentileCont: 'quantileExactInclusive',
    refused: {
      generate_series: 'ClickHouse has no generate_series (numbers() is a table function)',
      string_agg: 'ClickHouse has no string_agg with PostgreSQL ordering semantics',
      mode: 'ClickHouse has no exact mode aggregate',
      percentile_disc: 'ClickHouse has no exact discrete percentile',
      age: 'ClickHouse has no age() with PostgreSQL interval semantics',
    },
    renamed: { make_date: 'makeDate', strpos: 'position', starts_with: 'startsWith' },
    aggregatesRenamed: {
      bool_and: 'min',
      bool_or: 'max',
      any_value: 'any',
      stddev: 'stddevSampStable',
      stddev_samp: 'stddevSampStable',
      stddev_pop: 'stddevPopStable',
      variance: 'varSampStable',
      var_samp: 'varSampStable',
      var_pop: 'varPopStable',
    },
    floatDivision: 'toFloat64',
    countSubqueryZero: true,
    backslashEscapes: true,
    distinctNames: true,
    valuesAsUnion: true,
    intervalFrames:
      'ClickHouse window frames take numeric offsets, not calendar intervals (rolling windows and time shifts over months)',
  },
};

/** Dialects rewritten token by token (docs/data-model.md, "Engines"): no re-parse, parameters inlined. */
export const LEXICAL_RULES: Partial<Record<Dialect, LexicalRules>> = { trino: TRINO_RULES };

/** A construct the target engine cannot run with the same result. */
export class DialectUnsupportedError extends SqlNotAllowedError {
  constructor(
    readonly feature: string,
    readonly dialect: Dialect,
    reason: string,
  ) {
    super(`${feature} is not supported on ${dialect}: ${reason}`);
    this.name = 'DialectUnsupportedError';
  }
}

const fnName = (node: Node): string => {
  const name = node.name;
  if (typeof name === 'string') return name.toLowerCase();
  if (isNode(name) && Array.isArray(name.name) && isNode(name.name[0])) {
    return String(name.name[0].value ?? '').toLowerCase();
  }
  return '';
};

const call = (name: string, args: Node[]): Node => ({
  type: 'function',
  name: { name: [{ type: 'default', value: name }] },
  args: { type: 'expr_list', value: args },
});

const replace = (node: Node, by: Node): void => {
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, by);
};

const BOOLEAN_OPERATORS = new Set([
  '=',
  '<>',
  '!=',
  '<',
  '>',
  '<=',
  '>=',
  'AND',
  'OR',
  'IN',
  'NOT IN',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'NOT ILIKE',
  'IS',
  'IS NOT',
  'BETWEEN',
  'NOT BETWEEN',
]);

/**
 * Casts boolean-valued columns of every SELECT to the engine's boolean type: results show true/false, and a
 * boolean a CTE or subquery passes on stays one (ClickHouse's comparisons give UInt8).
 */
function castBooleanOutputs(ast: unknown, type: string, placeholders: string[]): void {
  const selects: Node[] = [];
  walk(ast, (node) => {
    if (node.type === 'select' && Array.isArray(node.columns)) selects.push(node);
  });
  for (const select of selects) {
    for (const column of select.columns as unknown[]) {
      if (!isNode(column) || !isNode(column.expr)) continue;
      const expr = column.expr;
      const operator = typeof expr.operator === 'string' ? expr.operator.toUpperCase() : '';
      const isBoolean =
        (expr.type === 'binary_expr' && BOOLEAN_OPERATORS.has(operator)) ||
        (expr.type === 'unary_expr' && operator === 'NOT') ||
        expr.type === 'bool';
      if (!isBoolean) continue;
      placeholders.push(type);
      column.expr = {
        type: 'cast',
        keyword: 'cast',
        symbol: 'as',
        expr,
        target: [{ dataType: `__dialect_${placeholders.length - 1}__` }],
      };
    }
  }
}

/** Rewrites the AST in place for `rules` (one walk; children of a replaced node are already visited below). */
function rewrite(ast: unknown, rules: DialectRules, dialect: Dialect, placeholders: string[]): void {
  walk(ast, (node) => {
    if (node.type === 'cast' && Array.isArray(node.target)) {
      if (rules.castKeyword) node.symbol = 'as';
      for (const target of node.target) {
        if (!isNode(target) || typeof target.dataType !== 'string') continue;
        const mapped = rules.types[target.dataType.toUpperCase()];
        if (mapped) {
          // Printed verbatim by a placeholder: the printer would upper-case the engine's type name.
          placeholders.push(mapped);
          target.dataType = `__dialect_${placeholders.length - 1}__`;
          delete target.length;
          delete target.scale;
        }
      }
    }
    if (node.type === 'timestamp' && rules.timestampLiteral && typeof node.value === 'string') {
      const { fn, extra } = rules.timestampLiteral;
      replace(
        node,
        call(fn, [
          { type: 'single_quote_string', value: node.value },
          ...extra.map((v) => ({ type: 'number', value: v })),
        ]),
      );
      return;
    }
    if (Array.isArray(node.orderby) && rules.explicitNulls) {
      for (const item of node.orderby) {
        if (isNode(item) && !item.nulls) item.nulls = item.type === 'DESC' ? 'NULLS FIRST' : 'NULLS LAST';
      }
    }
    if (node.type === 'aggr_func' && typeof node.name === 'string') {
      const name = node.name.toLowerCase();
      if (name === 'percentile_cont' && Array.isArray(node.within_group_orderby)) {
        if (!rules.percentileCont)
          throw new DialectUnsupportedError('PERCENTILE_CONT', dialect, 'no exact percentile');
        const level = isNode(node.args) ? node.args.expr : undefined;
        const first = node.within_group_orderby[0];
        if (!isNode(level) || level.type !== 'number' || !isNode(first) || first.type === 'DESC') {
          throw new DialectUnsupportedError(
            'PERCENTILE_CONT',
            dialect,
            'only a constant level over ascending order',
          );
        }
        placeholders.push(`${rules.percentileCont}(${Number(level.value)})`);
        // The engine's exact quantile reads floats; PostgreSQL's PERCENTILE_CONT gives a double too.
        const argument = call('toFloat64', [first.expr as Node]);
        replace(node, call(`__dialect_${placeholders.length - 1}__`, [argument]));
        return;
      }
      const reason = rules.refused[name];
      if (reason) throw new DialectUnsupportedError(name.toUpperCase(), dialect, reason);
      const renamed = rules.aggregatesRenamed?.[name];
      if (renamed) {
        placeholders.push(renamed);
        node.name = `__dialect_${placeholders.length - 1}__`;
      }
      if (name === 'avg' && rules.floatDivision && isNode(node.args) && isNode(node.args.expr))
        node.args.expr = call(rules.floatDivision, [node.args.expr]);
    }
    if (node.type === 'binary_expr' && node.operator === '/' && rules.floatDivision && isNode(node.left))
      node.left = call(rules.floatDivision, [node.left]);
    if (rules.countSubqueryZero && isNode(node.ast) && node.ast.type === 'select' && !node.__counted) {
      const columns = Array.isArray(node.ast.columns) ? node.ast.columns : [];
      const only = columns.length === 1 && isNode(columns[0]) ? columns[0].expr : undefined;
      if (
        isNode(only) &&
        only.type === 'aggr_func' &&
        String(only.name).toLowerCase() === 'count' &&
        !only.over &&
        !node.ast.groupby
      ) {
        const inner = { ...node, __counted: true };
        replace(node, call('coalesce', [inner, { type: 'number', value: 0 }]));
        return;
      }
    }
    if (node.type === 'function') {
      const name = fnName(node);
      const reason = rules.refused[name];
      if (reason) throw new DialectUnsupportedError(name.toUpperCase(), dialect, reason);
      const renamed = rules.renamed?.[name];
      if (renamed) node.name = { name: [{ type: 'default', value: renamed }] };
      const aggregate = rules.aggregatesRenamed?.[name];
      if (aggregate) {
        placeholders.push(aggregate);
        node.name = { name: [{ type: 'default', value: `__dialect_${placeholders.length - 1}__` }] };
      }
      if (name === 'date_trunc' && rules.dateTrunc) {
        const args = isNode(node.args) && Array.isArray(node.args.value) ? (node.args.value as Node[]) : [];
        const inner = call(rules.dateTrunc.fn, args);
        const wrap = rules.dateTrunc.wrap;
        replace(
          node,
          wrap ? call(wrap.fn, [inner, ...wrap.extra.map((v) => ({ type: 'number', value: v }))]) : inner,
        );
      }
    }
  });
}

/** Gives repeated output names of each SELECT a suffix (`?column?`, `?column?_2`): ClickHouse needs them distinct. */
function distinctOutputNames(ast: unknown): void {
  walk(ast, (node) => {
    if (node.type !== 'select' || !Array.isArray(node.columns)) return;
    const seen = new Map<string, number>();
    for (const column of node.columns) {
      if (!isNode(column) || typeof column.as !== 'string') continue;
      const count = (seen.get(column.as) ?? 0) + 1;
      seen.set(column.as, count);
      if (count > 1) column.as = `${column.as}_${count}`;
    }
  });
}

/** `(VALUES ('a'), ('b')) AS "t"("c")` -> `(SELECT 'a' AS "c" UNION ALL SELECT 'b' AS "c") AS "t"`. */
function valuesAsUnion(sql: string): string {
  return sql.replace(
    /\(VALUES ((?:\('(?:[^']|'')*'\)(?:, )?)+)\) AS ("(?:[^"]|"")+")\(("(?:[^"]|"")+")\)/g,
    (_match, rows: string, alias: string, column: string) => {
      const values = rows.match(/'(?:[^']|'')*'/g) ?? [];
      return `(${values.map((v) => `SELECT ${v} AS ${column}`).join(' UNION ALL ')}) AS ${alias}`;
    },
  );
}

const PARTITION = 'row_number() OVER (PARTITION BY ';

/**
 * Sets aside the partition lists of the fan-out de-duplication (`row_number() OVER (PARTITION BY <keys and
 * dimensions>)`, functions/semantic/sql/secure.ts): a boolean dimension there (`status = 'paid'`) is valid SQL
 * the parser cannot read back. Each list is restored verbatim after printing.
 */
function setAsidePartitions(sql: string, saved: string[]): string {
  let out = '';
  let from = 0;
  for (let at = sql.indexOf(PARTITION); at >= 0; at = sql.indexOf(PARTITION, from)) {
    let i = at + PARTITION.length;
    let depth = 1;
    while (i < sql.length && depth > 0) {
      const ch = sql[i];
      if (ch === "'" || ch === '"') {
        i += 1;
        while (i < sql.length && !(sql[i] === ch && sql[i + 1] !== ch)) i += sql[i] === ch ? 2 : 1;
      } else if (ch === '(') depth += 1;
      else if (ch === ')') depth -= 1;
      i += 1;
    }
    saved.push(sql.slice(at + PARTITION.length, i - 1));
    out += `${sql.slice(from, at)}${PARTITION}"__partition_${saved.length - 1}__")`;
    from = i;
  }
  return out + sql.slice(from);
}

/** The engine's type of a parameter value (ClickHouse's typed parameters). */
function paramType(value: unknown): string {
  if (typeof value === 'boolean') return 'Bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Int64' : 'Float64';
  if (typeof value === 'bigint') return 'Int64';
  if (value === null || value === undefined) return 'Nullable(String)';
  return 'String';
}

/**
 * Re-spells the final SQL for ClickHouse's lexer, which reads backslash escapes inside '...' and "..." where
 * PostgreSQL (whose lexing the compiler checked) reads a plain backslash: each backslash is doubled, so every
 * literal and name keeps the text the compiler saw and none can end early (`'a\'` would otherwise swallow the
 * SQL after it). User SQL holds no backslash (the compiler refuses it); a model's SQL may.
 */
function clickHouseLexical(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] ?? '';
    if (ch === "'" || ch === '"') {
      const j = closingQuote(sql, i);
      out += sql.slice(i, j + 1).replace(/\\/g, '\\\\');
      i = j + 1;
      continue;
    }
    out += ch;
    i += 1;
  }
  return out;
}

/** Replaces `$n` outside string literals and quoted names with `{pn:Type}`. */
function braceParams(sql: string, params: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] ?? '';
    if (ch === "'" || ch === '"') {
      const j = closingQuote(sql, i);
      out += sql.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const match = ch === '$' ? /^\$(\d+)/.exec(sql.slice(i, i + 12)) : null;
    if (match) {
      const n = Number(match[1]);
      out += `{p${n}:${paramType(params[n - 1])}}`;
      i += match[0].length;
      continue;
    }
    out += ch;
    i += 1;
  }
  return out;
}

/** The token-level rewrite of an engine with `LexicalRules` (Trino): synchronous, nothing re-parsed. */
export function toLexicalDialect(compiled: CompiledQuery, dialect: Dialect): CompiledQuery {
  const lexical = LEXICAL_RULES[dialect];
  if (!lexical) return compiled;
  return rewriteLexical(compiled.sql, compiled.params, lexical, (feature, reason) => {
    throw new DialectUnsupportedError(feature, dialect, reason);
  });
}

/** The compiled query in `dialect`'s spelling (unchanged for a dialect without rules). */
export async function toDialect(compiled: CompiledQuery, dialect: Dialect): Promise<CompiledQuery> {
  if (LEXICAL_RULES[dialect]) return toLexicalDialect(compiled, dialect);
  const rules = DIALECT_RULES[dialect];
  if (!rules) return compiled;
  if (
    rules.intervalFrames &&
    /\bRANGE BETWEEN [^)]*INTERVAL '[^']*' (PRECEDING|FOLLOWING)/.test(compiled.sql)
  )
    throw new DialectUnsupportedError('ROLLING_WINDOW', dialect, rules.intervalFrames);
  const partitions: string[] = [];
  const source = setAsidePartitions(
    rules.valuesAsUnion ? valuesAsUnion(compiled.sql) : compiled.sql,
    partitions,
  );
  let ast: unknown;
  try {
    // In the parse worker, within its deadline: a large compiled query takes the parser most of a second.
    ast = await parsePrintedSql(source);
  } catch (error) {
    throw new SqlNotAllowedError('The query uses a construct that is not supported', { cause: error });
  }
  const placeholders: string[] = [];
  rewrite(ast, rules, dialect, placeholders);
  if (rules.booleanOutput) castBooleanOutputs(ast, rules.booleanOutput, placeholders);
  if (rules.distinctNames) distinctOutputNames(ast);
  let sql = sqlParser.sqlify(ast as never, POSTGRES);
  sql = sql.replace(/"?__DIALECT_(\d+)__"?|"?__dialect_(\d+)__"?/g, (_w, a?: string, b?: string) => {
    return placeholders[Number(a ?? b)] ?? '';
  });
  sql = sql.replace(/"__partition_(\d+)__"/g, (_w, n: string) => partitions[Number(n)] ?? '');
  if (rules.backslashEscapes) sql = clickHouseLexical(sql);
  if (rules.params === 'braces') sql = braceParams(sql, compiled.params);
  return { sql, params: compiled.params };
}

/** Parameters as ClickHouse's query binding takes them: `{p1: value, ...}`. */
export const namedParams = (params: readonly unknown[]): Record<string, unknown> =>
  Object.fromEntries(params.map((value, i) => [`p${i + 1}`, value]));
