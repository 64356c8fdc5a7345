/**
 * The dialect stage: the compiler prints PostgreSQL-flavoured SQL (DuckDB reads it too); an engine that needs
 * other spellings gets the final SQL rewritten here, between securing and the driver, from a data-only
 * `DialectRules` (docs/data-model.md, "Engines"). A construct an engine cannot do exactly is refused by name.
 */
import { SqlNotAllowedError } from '../errors';
import { isNode, type Node, POSTGRES, sqlParser, walk } from './ast';
import { type LexicalRules, rewriteLexical } from './dialect-lexical';
import { TRINO_RULES } from './dialect-trino';
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

/** Casts the outer SELECT's boolean-valued columns to the engine's boolean type (results show true/false). */
function castBooleanOutputs(ast: unknown, type: string, placeholders: string[]): void {
  const root = Array.isArray(ast) ? ast[0] : ast;
  if (!isNode(root) || !Array.isArray(root.columns)) return;
  for (const column of root.columns) {
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
    }
    if (node.type === 'function') {
      const name = fnName(node);
      const reason = rules.refused[name];
      if (reason) throw new DialectUnsupportedError(name.toUpperCase(), dialect, reason);
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

/** The engine's type of a parameter value (ClickHouse's typed parameters). */
function paramType(value: unknown): string {
  if (typeof value === 'boolean') return 'Bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Int64' : 'Float64';
  if (typeof value === 'bigint') return 'Int64';
  if (value === null || value === undefined) return 'Nullable(String)';
  return 'String';
}

/** Replaces `$n` outside string literals and quoted names with `{pn:Type}`. */
function braceParams(sql: string, params: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] ?? '';
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === ch) {
          if (sql[j + 1] === ch) j += 2;
          else break;
        } else j += 1;
      }
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

/** The compiled query in `dialect`'s spelling (unchanged for a dialect without rules). */
export function toDialect(compiled: CompiledQuery, dialect: Dialect): CompiledQuery {
  const lexical = LEXICAL_RULES[dialect];
  if (lexical) {
    return rewriteLexical(compiled.sql, compiled.params, lexical, (feature, reason) => {
      throw new DialectUnsupportedError(feature, dialect, reason);
    });
  }
  const rules = DIALECT_RULES[dialect];
  if (!rules) return compiled;
  let ast: unknown;
  try {
    ast = sqlParser.astify(compiled.sql, POSTGRES);
  } catch (error) {
    throw new SqlNotAllowedError('The query uses a construct that is not supported', { cause: error });
  }
  const placeholders: string[] = [];
  rewrite(ast, rules, dialect, placeholders);
  if (rules.booleanOutput) castBooleanOutputs(ast, rules.booleanOutput, placeholders);
  let sql = sqlParser.sqlify(ast as never, POSTGRES);
  sql = sql.replace(/"?__DIALECT_(\d+)__"?|"?__dialect_(\d+)__"?/g, (_w, a?: string, b?: string) => {
    return placeholders[Number(a ?? b)] ?? '';
  });
  if (rules.params === 'braces') sql = braceParams(sql, compiled.params);
  return { sql, params: compiled.params };
}

/** Parameters as ClickHouse's query binding takes them: `{p1: value, ...}`. */
export const namedParams = (params: readonly unknown[]): Record<string, unknown> =>
  Object.fromEntries(params.map((value, i) => [`p${i + 1}`, value]));
