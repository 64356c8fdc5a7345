import * as z from 'zod';

/**
 * Cube's access policy rules: row-level filters (every operator Cube defines for dimensions, nested `or` /
 * `and`) and `conditions` (`if: "{ securityContext.x }"`). Schemas for model.ts; SQL and evaluation for policy.ts.
 */

export const FILTER_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'notStartsWith',
  'endsWith',
  'notEndsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
] as const;

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier (letters, digits, _)');

export const memberFilterSchema = z.strictObject({
  member: identifier,
  operator: z.enum(FILTER_OPERATORS),
  values: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** Extension: when the referenced attribute is missing, `deny` (default: no rows) or `allow` (filter skipped). */
  if_missing: z.enum(['deny', 'allow']).optional(),
});

export type MemberFilter = z.infer<typeof memberFilterSchema>;
export type RowFilter = MemberFilter | { or: RowFilter[] } | { and: RowFilter[] };

export const rowFilterSchema: z.ZodType<RowFilter> = z.lazy(() =>
  z.union([
    memberFilterSchema,
    z.strictObject({ or: z.array(rowFilterSchema).min(1) }),
    z.strictObject({ and: z.array(rowFilterSchema).min(1) }),
  ]),
);

/** Every member filter of a filter tree, depth first. */
export function leafFilters(filters: readonly RowFilter[] | undefined): MemberFilter[] {
  const out: MemberFilter[] = [];
  const visit = (f: RowFilter) => {
    if ('or' in f) f.or.forEach(visit);
    else if ('and' in f) f.and.forEach(visit);
    else out.push(f);
  };
  for (const f of filters ?? []) visit(f);
  return out;
}

/** `conditions: [{ if: "{ securityContext.is_manager }" }]`: all must hold for the policy to apply. */
export const conditionSchema = z.strictObject({
  if: z.union([z.string(), z.boolean()]).superRefine((value, ctx) => {
    if (typeof value === 'boolean') return;
    try {
      parseCondition(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    }
  }),
});

/** The sources a condition or a filter value may read. */
export type Sources = Record<
  'userAttributes' | 'embedUserAttributes' | 'securityContext',
  Record<string, unknown>
>;

type Expr =
  | { kind: 'ref'; source: keyof Sources; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'not'; of: Expr }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'list'; items: Expr[] };

const TOKEN =
  /\s*(?:(\d+(?:\.\d+)?)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(===|!==|==|!=|>=|<=|&&|\|\||[<>!()[\],.])|([A-Za-z_][A-Za-z0-9_]*))/y;

/**
 * Parses a condition: `{ expr }` where expr is a reference (`securityContext.a.b`, `userAttributes.x`), a
 * literal (number, 'string', true, false, null), `not`/`!`, comparisons (== != > >= < <=, `in [..]`) and
 * `and`/`or` (also && ||). Nothing else (no calls): a condition cannot run code.
 */
export function parseCondition(text: string): Expr {
  const body = /^\s*\$?\{([\s\S]*)\}\s*$/.exec(text)?.[1];
  if (body === undefined)
    throw new Error(`condition ${JSON.stringify(text)} must be written "{ expression }"`);
  const tokens: string[][] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < body.length) {
    if (/^\s*$/.test(body.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(body);
    if (!m)
      throw new Error(
        `condition ${JSON.stringify(text)}: cannot read ${JSON.stringify(body.slice(at).trim())}`,
      );
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) tokens.push(['num', m[1]]);
    else if (m[2] !== undefined) tokens.push(['str', m[2].replace(/\\(.)/g, '$1')]);
    else if (m[3] !== undefined) tokens.push(['str', m[3].replace(/\\(.)/g, '$1')]);
    else if (m[4] !== undefined) tokens.push(['op', m[4]]);
    else tokens.push(['id', m[5] ?? '']);
  }
  let i = 0;
  const peek = () => tokens[i];
  const is = (kind: string, value?: string) =>
    peek()?.[0] === kind && (value === undefined || peek()?.[1] === value);
  const fail = (): never => {
    throw new Error(`condition ${JSON.stringify(text)} is not a supported expression`);
  };
  const expect = (kind: string, value: string) => {
    if (!is(kind, value)) fail();
    i++;
  };
  const primary = (): Expr => {
    const t = tokens[i++] ?? fail();
    const [kind, value = ''] = t;
    if (kind === 'num') return { kind: 'literal', value: Number(value) };
    if (kind === 'str') return { kind: 'literal', value };
    if (kind === 'op' && value === '(') {
      const e = or();
      expect('op', ')');
      return e;
    }
    if (kind === 'op' && value === '[') {
      const items: Expr[] = [];
      while (!is('op', ']')) {
        items.push(or());
        if (!is('op', ']')) expect('op', ',');
      }
      i++;
      return { kind: 'list', items };
    }
    if (kind !== 'id') return fail();
    if (value === 'true' || value === 'True') return { kind: 'literal', value: true };
    if (value === 'false' || value === 'False') return { kind: 'literal', value: false };
    if (value === 'null' || value === 'None') return { kind: 'literal', value: null };
    if (value !== 'securityContext' && value !== 'userAttributes' && value !== 'embedUserAttributes')
      return fail();
    const path: string[] = [];
    while (is('op', '.')) {
      i++;
      const name = tokens[i++] ?? fail();
      if (name[0] !== 'id') fail();
      path.push(name[1] ?? '');
    }
    if (path.length === 0) fail();
    return { kind: 'ref', source: value, path };
  };
  const unary = (): Expr => {
    if (is('op', '!')) {
      i++;
      return { kind: 'not', of: unary() };
    }
    return primary();
  };
  // Python's `not` (Cube's YAML conditions) binds looser than a comparison: `not x in [..]` is `not (x in [..])`.
  const negation = (): Expr => {
    if (is('id', 'not')) {
      i++;
      return { kind: 'not', of: negation() };
    }
    return comparison();
  };
  const comparison = (): Expr => {
    const left = unary();
    const t = peek();
    if (t && t[0] === 'op' && ['==', '===', '!=', '!==', '>', '>=', '<', '<='].includes(t[1] ?? '')) {
      i++;
      return { kind: 'binary', op: (t[1] ?? '').slice(0, 2), left, right: unary() };
    }
    if (is('id', 'in')) {
      i++;
      return { kind: 'binary', op: 'in', left, right: unary() };
    }
    return left;
  };
  const and = (): Expr => {
    let left = negation();
    while (is('id', 'and') || is('op', '&&')) {
      i++;
      left = { kind: 'binary', op: 'and', left, right: negation() };
    }
    return left;
  };
  const or = (): Expr => {
    let left = and();
    while (is('id', 'or') || is('op', '||')) {
      i++;
      left = { kind: 'binary', op: 'or', left, right: and() };
    }
    return left;
  };
  const expr = or();
  if (i !== tokens.length) fail();
  return expr;
}

/** A value read by a reference: own properties only, so `constructor` or `__proto__` read nothing. */
export function readPath(source: Record<string, unknown>, path: readonly string[]): unknown {
  let at: unknown = source;
  for (const key of path) {
    if (typeof at !== 'object' || at === null || Array.isArray(at) || !Object.hasOwn(at, key))
      return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at ?? undefined;
}

function evaluate(e: Expr, sources: Sources): unknown {
  switch (e.kind) {
    case 'literal':
      return e.value;
    case 'ref':
      return readPath(sources[e.source], e.path);
    case 'list':
      return e.items.map((x) => evaluate(x, sources));
    case 'not':
      return !truthy(evaluate(e.of, sources));
    case 'binary': {
      if (e.op === 'and') return truthy(evaluate(e.left, sources)) && truthy(evaluate(e.right, sources));
      if (e.op === 'or') return truthy(evaluate(e.left, sources)) || truthy(evaluate(e.right, sources));
      const a = evaluate(e.left, sources);
      const b = evaluate(e.right, sources);
      if (e.op === 'in') return Array.isArray(b) ? b.some((x) => x === a) : false;
      if (e.op === '==' || e.op === '!=') {
        // A missing value is false (docs/data-model.md): it equals only the literal null, and any other comparison
        // with it (another missing value's included) does not hold, so two absent ids never make a policy apply.
        const nullLiteral = isNull(e.left) || isNull(e.right);
        if ((a == null || b == null) && !nullLiteral) return false;
        return e.op === '==' ? (a ?? null) === (b ?? null) : (a ?? null) !== (b ?? null);
      }
      // Ordering needs two numbers or two strings; anything else (a missing value) is false.
      if (
        !(
          (typeof a === 'number' && typeof b === 'number') ||
          (typeof a === 'string' && typeof b === 'string')
        )
      )
        return false;
      if (e.op === '>') return a > b;
      if (e.op === '>=') return a >= b;
      if (e.op === '<') return a < b;
      return a <= b;
    }
  }
}

const isNull = (e: Expr): boolean => e.kind === 'literal' && e.value === null;

/** Python's truthiness (Cube evaluates conditions in Python or JavaScript; empty lists are false in both of ours). */
const truthy = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== false && v !== 0 && v !== '';

/** Whether a condition holds for the user; a missing value is false. */
export function conditionHolds(condition: string | boolean, sources: Sources): boolean {
  if (typeof condition === 'boolean') return condition;
  return truthy(evaluate(parseCondition(condition), sources));
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a `YYYY-MM-DD` date (Cube's date ranges include their last day). */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The SQL of one member filter over `column` with `values` already resolved (never empty for operators that
 * need values). Values become parameters through `param`; nothing a user attribute holds reaches SQL text.
 * Text operators are case-insensitive, as Cube's are, and match the value literally (no LIKE wildcards).
 */
export function operatorSql(
  operator: MemberFilter['operator'],
  column: string,
  values: unknown[],
  param: (value: unknown) => string,
): string {
  const text = (c: string) => `lower(CAST(${c} AS VARCHAR))`;
  const any = (build: (p: string) => string) => `(${values.map((v) => build(param(v))).join(' OR ')})`;
  const ts = (v: unknown) => `CAST(${param(v)} AS TIMESTAMP)`;
  switch (operator) {
    case 'set':
      return `${column} IS NOT NULL`;
    case 'notSet':
      return `${column} IS NULL`;
    case 'equals': {
      const ps = values.map(param);
      return ps.length === 1 ? `${column} = ${ps[0]}` : `${column} IN (${ps.join(', ')})`;
    }
    case 'notEquals':
      return `${column} NOT IN (${values.map(param).join(', ')})`;
    case 'contains':
      return any((p) => `strpos(${text(column)}, ${text(p)}) > 0`);
    case 'notContains':
      return `(${column} IS NULL OR NOT ${any((p) => `strpos(${text(column)}, ${text(p)}) > 0`)})`;
    case 'startsWith':
      return any((p) => `strpos(${text(column)}, ${text(p)}) = 1`);
    case 'notStartsWith':
      return `(${column} IS NULL OR NOT ${any((p) => `strpos(${text(column)}, ${text(p)}) = 1`)})`;
    case 'endsWith':
      return any((p) => `right(${text(column)}, length(${text(p)})) = ${text(p)}`);
    case 'notEndsWith':
      return `(${column} IS NULL OR NOT ${any((p) => `right(${text(column)}, length(${text(p)})) = ${text(p)}`)})`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[operator];
      return values.map((v) => `${column} ${op} ${param(v)}`).join(' AND ');
    }
    case 'inDateRange':
    case 'notInDateRange': {
      const [from, to] = values;
      const upper =
        typeof to === 'string' && DATE_ONLY.test(to)
          ? `${column} < ${ts(nextDay(to))}`
          : `${column} <= ${ts(to)}`;
      const inside = `(${column} >= ${ts(from)} AND ${upper})`;
      return operator === 'inDateRange' ? inside : `NOT ${inside}`;
    }
    case 'beforeDate':
      return `${column} < ${ts(values[0])}`;
    case 'beforeOrOnDate':
      return `${column} <= ${ts(values[0])}`;
    case 'afterDate':
      return `${column} > ${ts(values[0])}`;
    case 'afterOrOnDate':
      return `${column} >= ${ts(values[0])}`;
  }
}

/** How many values an operator takes: none, exactly `n`, or at least one. */
export function valueCount(operator: MemberFilter['operator']): number | 'some' {
  if (operator === 'set' || operator === 'notSet') return 0;
  if (operator === 'inDateRange' || operator === 'notInDateRange') return 2;
  if (['beforeDate', 'beforeOrOnDate', 'afterDate', 'afterOrOnDate'].includes(operator)) return 1;
  return 'some';
}
