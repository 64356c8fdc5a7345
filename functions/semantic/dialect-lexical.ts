/**
 * The dialect stage for engines whose SQL differs in spelling more than in structure (Trino/Athena today):
 * a token-level rewrite of the final, secured SQL driven by data (`LexicalRules`), so it never depends on
 * re-parsing SQL the PostgreSQL parser cannot read back (window frames over intervals, `VALUES` lists).
 * docs/data-model.md, "Engines", lists what each rule does and why.
 */

/** What one engine spells differently from the PostgreSQL the compiler prints. */
export interface LexicalRules {
  /** `x::T` becomes `CAST(x AS T)`. */
  readonly castKeyword: boolean;
  /** PostgreSQL type names (upper case, spaces single) -> the engine's; `null` refuses the type with a reason. */
  readonly types: Readonly<Record<string, string | { refused: string }>>;
  /** `INTERVAL '2 months'` -> `INTERVAL '2' MONTH` (SQL standard: one quantity, one unit). */
  readonly intervalUnits: boolean;
  /** A date-shaped string compared with anything becomes a `TIMESTAMP '...'` literal (no implicit cast). */
  readonly typedDateStrings: boolean;
  /** `DESC` without NULLS gets PostgreSQL's `NULLS FIRST` (the engine puts NULLs last both ways). */
  readonly descNullsFirst: boolean;
  /** `LIMIT n OFFSET m` -> `OFFSET m LIMIT n` (the engine's grammar takes OFFSET first). */
  readonly offsetBeforeLimit: boolean;
  /** Functions (lower case) the engine names differently; `log1` is `log` with one argument. */
  readonly renamed: Readonly<Record<string, string>>;
  /** Functions and operators (lower case) the engine lacks or computes differently, with the reason. */
  readonly refused: Readonly<Record<string, string>>;
  /** EXTRACT fields (upper case) the engine reads differently: renamed, or refused with a reason. */
  readonly extract: Readonly<Record<string, string | { refused: string }>>;
  /** `$n` parameters as the engine takes them: inlined as literals by `literal`. */
  readonly literal: (value: unknown) => string;
  /** The engine's reserved words (upper case): a name spelled as one is quoted (lower case, as PostgreSQL folds it). */
  readonly reserved: ReadonlySet<string>;
}

/** Reports a construct the engine cannot run with the same result. */
export type Refuse = (feature: string, reason: string) => never;

/** `literal`: an inlined parameter, never read again by a rule. */
type Kind = 'space' | 'comment' | 'string' | 'quoted' | 'number' | 'word' | 'param' | 'op' | 'literal';
interface Token {
  kind: Kind;
  text: string;
}

const OPERATORS = ['::', '<=', '>=', '<>', '!=', '||', '->'];

/**
 * The index of the quote that closes the '...' or "..." opened at `start` (a doubled quote stays inside, as in
 * PostgreSQL), or `sql.length` when none does. Every rewrite that must not touch strings and quoted names uses it.
 */
export function closingQuote(sql: string, start: number): number {
  const quote = sql[start];
  let j = start + 1;
  while (j < sql.length) {
    if (sql[j] !== quote) j += 1;
    else if (sql[j + 1] === quote) j += 2;
    else return j;
  }
  return sql.length;
}

/** Splits SQL into tokens; strings, quoted names and comments are single tokens, so nothing inside them changes. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: Kind, end: number) => {
    tokens.push({ kind, text: sql.slice(i, end) });
    i = end;
  };
  while (i < sql.length) {
    const ch = sql[i] ?? '';
    const next = sql[i + 1] ?? '';
    if (/\s/.test(ch)) {
      let j = i + 1;
      while (j < sql.length && /\s/.test(sql[j] ?? '')) j++;
      push('space', j);
    } else if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      push('comment', end < 0 ? sql.length : end);
    } else if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      push('comment', end < 0 ? sql.length : end + 2);
    } else if (ch === "'" || ch === '"') {
      push(ch === "'" ? 'string' : 'quoted', Math.min(closingQuote(sql, i) + 1, sql.length));
    } else if (ch === '$' && /\d/.test(next)) {
      let j = i + 1;
      while (/\d/.test(sql[j] ?? '')) j++;
      push('param', j);
    } else if (/\d/.test(ch) || (ch === '.' && /\d/.test(next))) {
      const match = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(sql.slice(i));
      push('number', i + (match?.[0].length ?? 1));
    } else if (/[A-Za-z_]/.test(ch)) {
      let j = i + 1;
      while (/[A-Za-z0-9_$]/.test(sql[j] ?? '')) j++;
      push('word', j);
    } else {
      const op = OPERATORS.find((o) => sql.startsWith(o, i));
      push('op', i + (op?.length ?? 1));
    }
  }
  return tokens;
}

const upper = (t: Token | undefined): string =>
  t && t.kind === 'word' ? t.text.toUpperCase() : (t?.text ?? '');

/** The index of the next (or previous, `step` -1) token that is not space or a comment. */
function significant(tokens: readonly Token[], from: number, step: 1 | -1): number {
  let i = from;
  while (i >= 0 && i < tokens.length) {
    const kind = tokens[i]?.kind;
    if (kind !== 'space' && kind !== 'comment') return i;
    i += step;
  }
  return -1;
}

/** The index of the parenthesis closing the one at `open`. */
function closing(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const text = tokens[i]?.kind === 'op' ? tokens[i]?.text : '';
    if (text === '(') depth++;
    else if (text === ')' && --depth === 0) return i;
  }
  return tokens.length - 1;
}

/** The index of the parenthesis opening the one closed at `close`. */
function opening(tokens: readonly Token[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const text = tokens[i]?.kind === 'op' ? tokens[i]?.text : '';
    if (text === ')') depth++;
    else if (text === '(' && --depth === 0) return i;
  }
  return 0;
}

/** A string token's value. */
const stringValue = (token: Token): string => token.text.slice(1, -1).replace(/''/g, "'");
const stringToken = (value: string): Token => ({ kind: 'string', text: `'${value.replace(/'/g, "''")}'` });

const DATE_SHAPE =
  /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,12})?)?))?\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?)?$/;

/** `2025-01-31T10:00:00Z` -> `2025-01-31 10:00:00 UTC`, the engine's timestamp literal text; undefined if not a date. */
export function timestampText(value: string): string | undefined {
  const match = DATE_SHAPE.exec(value.trim());
  if (!match) return undefined;
  const [, date, time = '00:00:00', zone] = match;
  const clock = time.length === 5 ? `${time}:00` : time;
  if (!zone) return `${date} ${clock}`;
  if (zone === 'Z' || zone === 'UTC') return `${date} ${clock} UTC`;
  const offset = zone.includes(':') || zone.length === 3 ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${date} ${clock} ${offset.length === 3 ? `${offset}:00` : offset}`;
}

const COMPARISONS = new Set(['=', '<>', '!=', '<', '>', '<=', '>=']);
const INTERVAL_UNITS: Record<string, string> = {
  second: 'SECOND',
  minute: 'MINUTE',
  hour: 'HOUR',
  day: 'DAY',
  week: 'DAY',
  month: 'MONTH',
  quarter: 'MONTH',
  year: 'YEAR',
};
const UNIT_FACTOR: Record<string, number> = { week: 7, quarter: 3 };
const UNIT_WORDS = new Set(['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND']);

/** `'2 months'` -> `'2' MONTH`; several parts of one kind add up (`1 year 2 months` -> `'14' MONTH`). */
function intervalText(spec: string, refuse: Refuse): string {
  const parts = [
    ...spec
      .trim()
      .toLowerCase()
      .matchAll(/(-?\d+)\s*([a-z]+?)s?\b/g),
  ];
  const rest = spec
    .toLowerCase()
    .replace(/(-?\d+)\s*([a-z]+)/g, '')
    .trim();
  if (parts.length === 0 || rest !== '')
    refuse('INTERVAL', `the interval '${spec}' has no single-unit spelling`);
  const units = parts.map(
    (p) => INTERVAL_UNITS[p[2] ?? ''] ?? refuse('INTERVAL', `unknown unit in '${spec}'`),
  );
  if (new Set(units).size === 1) {
    const total = parts.reduce((sum, p) => sum + Number(p[1]) * (UNIT_FACTOR[p[2] ?? ''] ?? 1), 0);
    return `'${total}' ${units[0]}`;
  }
  const months = { YEAR: 12, MONTH: 1 } as Record<string, number>;
  if (units.every((u) => months[u])) {
    const total = parts.reduce((sum, p, k) => {
      const factor = (months[units[k] ?? ''] ?? 1) * (UNIT_FACTOR[p[2] ?? ''] ?? 1);
      return sum + Number(p[1]) * factor;
    }, 0);
    return `'${total}' MONTH`;
  }
  return refuse('INTERVAL', `'${spec}' mixes units the engine keeps in one interval only as one unit`);
}

/** The words of a type from `from` up to (not including) `end`, normalised: `double   precision` -> `DOUBLE PRECISION`. */
const typeText = (tokens: readonly Token[], from: number, end: number): string =>
  tokens
    .slice(from, end)
    .map((t) => (t.kind === 'space' ? ' ' : t.text))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim()
    .toUpperCase();

function mapType(type: string, rules: LexicalRules, refuse: Refuse): string {
  const base = type.replace(/\(.*$/, '');
  const args = type.slice(base.length);
  // `NUMERIC(` names the type with a precision, `NUMERIC` without one.
  const mapped = rules.types[type] ?? rules.types[args ? `${base}(` : base];
  if (mapped === undefined) return type;
  if (typeof mapped !== 'string') return refuse(`CAST AS ${type}`, mapped.refused);
  return mapped.endsWith('(') ? `${mapped.slice(0, -1)}${args}` : mapped;
}

/** The index where the operand ending at `end` (a name chain, literal, or parenthesised/called group) starts. */
function operandStart(tokens: readonly Token[], end: number): number {
  let i = end;
  for (;;) {
    const token = tokens[i];
    if (!token) return i;
    if (token.kind === 'op' && token.text === ')') {
      i = opening(tokens, i);
      const before = tokens[i - 1];
      if (before && (before.kind === 'word' || before.kind === 'quoted')) i -= 1;
    }
    const dot = tokens[i - 1];
    if (dot?.kind === 'op' && dot.text === '.' && tokens[i - 2]) i -= 2;
    else return i;
  }
}

/** Rewrites `x::T` into `CAST(x AS T)` (types mapped later with every other CAST). */
function castKeyword(tokens: Token[]): Token[] {
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (tokens[i]?.kind !== 'op' || tokens[i]?.text !== '::') continue;
    const left = significant(tokens, i - 1, -1);
    const start = operandStart(tokens, left);
    let end = significant(tokens, i + 1, 1);
    // The type: words (DOUBLE PRECISION, TIMESTAMP WITH TIME ZONE) and an optional (p, s).
    while (tokens[end + 1]?.kind === 'space' && tokens[end + 2]?.kind === 'word') {
      const word = upper(tokens[end + 2]);
      if (!['PRECISION', 'VARYING', 'WITH', 'WITHOUT', 'TIME', 'ZONE'].includes(word)) break;
      end += 2;
    }
    if (tokens[end + 1]?.text === '(') end = closing(tokens, end + 1);
    const expr = tokens.slice(start, left + 1);
    const type = tokens.slice(significant(tokens, i + 1, 1), end + 1);
    const cast: Token[] = [
      { kind: 'word', text: 'CAST' },
      { kind: 'op', text: '(' },
      ...expr,
      { kind: 'space', text: ' ' },
      { kind: 'word', text: 'AS' },
      { kind: 'space', text: ' ' },
      ...type,
      { kind: 'op', text: ')' },
    ];
    tokens.splice(start, end + 1 - start, ...cast);
    i = start;
  }
  return tokens;
}

/** Maps CAST types; a CAST of a date-shaped string to TIMESTAMP becomes the engine's timestamp literal. */
function casts(tokens: Token[], rules: LexicalRules, refuse: Refuse): void {
  for (let i = 0; i < tokens.length; i++) {
    if (upper(tokens[i]) !== 'CAST') continue;
    const open = significant(tokens, i + 1, 1);
    if (tokens[open]?.text !== '(') continue;
    const close = closing(tokens, open);
    let depth = 0;
    let as = -1;
    for (let j = open + 1; j < close; j++) {
      const text = tokens[j]?.kind === 'op' ? tokens[j]?.text : '';
      if (text === '(') depth++;
      else if (text === ')') depth--;
      else if (depth === 0 && upper(tokens[j]) === 'AS') as = j;
    }
    if (as < 0) continue;
    const type = mapType(typeText(tokens, as + 1, close), rules, refuse);
    const valueAt = significant(tokens, open + 1, 1);
    const value = tokens[valueAt];
    const onlyValue = significant(tokens, valueAt + 1, 1) === as;
    const text = value?.kind === 'string' && onlyValue ? timestampText(stringValue(value)) : undefined;
    if (rules.typedDateStrings && type === 'TIMESTAMP' && text) {
      tokens.splice(
        i,
        close + 1 - i,
        { kind: 'word', text: 'TIMESTAMP' },
        { kind: 'space', text: ' ' },
        stringToken(text),
      );
      continue;
    }
    tokens.splice(as + 1, close - as - 1, { kind: 'space', text: ' ' }, { kind: 'word', text: type });
  }
}

/** Whether the string token at `i` sits where a value is compared (so a date-shaped one is a timestamp). */
function compared(tokens: readonly Token[], i: number): boolean {
  const before = significant(tokens, i - 1, -1);
  const after = significant(tokens, i + 1, 1);
  const prev = upper(tokens[before]);
  if (COMPARISONS.has(prev) || prev === 'BETWEEN' || COMPARISONS.has(upper(tokens[after]))) return true;
  if (prev === 'AND') {
    // `x BETWEEN <lower> AND <this>`
    const lower = significant(tokens, before - 1, -1);
    let beforeLower = significant(tokens, lower - 1, -1);
    // The lower bound may already be a typed literal (`TIMESTAMP '...'`).
    if (upper(tokens[beforeLower]) === 'TIMESTAMP') beforeLower = significant(tokens, beforeLower - 1, -1);
    return upper(tokens[beforeLower]) === 'BETWEEN';
  }
  if (prev === '(' || prev === ',') {
    // `x IN ('2024-01-01', ...)`
    let at = before;
    while (at > 0 && tokens[at]?.text !== '(') at = significant(tokens, at - 1, -1);
    return upper(tokens[significant(tokens, at - 1, -1)]) === 'IN';
  }
  return false;
}

function literals(tokens: Token[], rules: LexicalRules, refuse: Refuse): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    const word = upper(token);
    if (token.kind === 'word' && word === 'E' && tokens[i + 1]?.kind === 'string') {
      refuse("E'' strings", 'the engine reads backslash escapes in strings differently');
    }
    if (rules.intervalUnits && word === 'INTERVAL') {
      const at = significant(tokens, i + 1, 1);
      const spec = tokens[at];
      if (spec?.kind !== 'string' || UNIT_WORDS.has(upper(tokens[significant(tokens, at + 1, 1)]))) continue;
      const text = intervalText(stringValue(spec), refuse);
      tokens.splice(at, 1, { kind: 'word', text });
      continue;
    }
    if (rules.typedDateStrings && word === 'TIMESTAMP') {
      const at = significant(tokens, i + 1, 1);
      const spec = tokens[at];
      const text = spec?.kind === 'string' ? timestampText(stringValue(spec)) : undefined;
      if (text) tokens.splice(at, 1, stringToken(text));
      i = at;
      continue;
    }
    if (rules.typedDateStrings && token.kind === 'string' && compared(tokens, i)) {
      const text = timestampText(stringValue(token));
      if (!text) continue;
      tokens.splice(
        i,
        1,
        { kind: 'word', text: 'TIMESTAMP' },
        { kind: 'space', text: ' ' },
        stringToken(text),
      );
      // Past the new literal: it must not be read (and typed) again.
      i += 2;
    }
  }
}

/** Counts the top-level arguments of the call whose `(` is at `open`. */
function argumentCount(tokens: readonly Token[], open: number): number {
  const close = closing(tokens, open);
  if (significant(tokens, open + 1, 1) === close) return 0;
  let depth = 0;
  let count = 1;
  for (let i = open + 1; i < close; i++) {
    const text = tokens[i]?.kind === 'op' ? tokens[i]?.text : '';
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (text === ',' && depth === 0) count++;
  }
  return count;
}

function functions(tokens: Token[], rules: LexicalRules, refuse: Refuse): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.kind !== 'word') continue;
    const name = token.text.toLowerCase();
    const refusedOperator = rules.refused[name];
    const open = significant(tokens, i + 1, 1);
    const isCall = tokens[open]?.text === '(' && upper(tokens[significant(tokens, i - 1, -1)]) !== 'AS';
    if (refusedOperator && (isCall || name === 'ilike')) refuse(name.toUpperCase(), refusedOperator);
    if (!isCall) continue;
    if (name === 'extract') {
      const fieldAt = significant(tokens, open + 1, 1);
      const field = upper(tokens[fieldAt]);
      const rule = rules.extract[field];
      if (typeof rule === 'object') refuse(`EXTRACT(${field})`, rule.refused);
      if (typeof rule === 'string') tokens[fieldAt] = { kind: 'word', text: rule };
      continue;
    }
    const key = name === 'log' && argumentCount(tokens, open) === 1 ? 'log1' : name;
    const renamed = rules.renamed[key];
    if (renamed) tokens[i] = { kind: 'word', text: renamed };
  }
}

function ordering(tokens: Token[], rules: LexicalRules): void {
  for (let i = 0; i < tokens.length; i++) {
    const word = upper(tokens[i]);
    if (rules.descNullsFirst && word === 'DESC' && upper(tokens[significant(tokens, i + 1, 1)]) !== 'NULLS') {
      tokens.splice(i + 1, 0, { kind: 'space', text: ' ' }, { kind: 'word', text: 'NULLS FIRST' });
    }
    if (rules.offsetBeforeLimit && word === 'LIMIT') {
      const count = significant(tokens, i + 1, 1);
      const offset = significant(tokens, count + 1, 1);
      const amount = significant(tokens, offset + 1, 1);
      if (upper(tokens[offset]) !== 'OFFSET' || amount < 0) continue;
      const limitText = `LIMIT ${tokens[count]?.text ?? ''}`;
      const offsetText = `OFFSET ${tokens[amount]?.text ?? ''}`;
      tokens.splice(i, amount + 1 - i, { kind: 'word', text: `${offsetText} ${limitText}` });
    }
  }
}

/**
 * Words PostgreSQL reads as a name when unquoted, except in the keyword uses `keywordUse` knows. Every other
 * keyword an engine reserves is one PostgreSQL reserves too, so unquoted it can only be that keyword (or a name
 * after a dot, where PostgreSQL takes any word).
 */
const POSTGRES_NAMES = new Set(
  (
    'ALTER AUTO BY CUBE CURRENT_PATH DEALLOCATE DELETE DESCRIBE DROP ESCAPE EXECUTE EXISTS EXTRACT GROUPING INSERT ' +
    'JSON_ARRAY JSON_EXISTS JSON_OBJECT JSON_QUERY JSON_TABLE JSON_VALUE LISTAGG NORMALIZE PREPARE RECURSIVE ROLLUP ' +
    'SKIP TRIM UESCAPE UNNEST VALUES'
  ).split(' '),
);

/** Whether a word of POSTGRES_NAMES is used as its keyword here (a call, `WITH RECURSIVE`, `GROUP BY`, ...). */
function keywordUse(tokens: readonly Token[], i: number): boolean {
  const word = upper(tokens[i]);
  const prev = upper(tokens[significant(tokens, i - 1, -1)]);
  const next = tokens[significant(tokens, i + 1, 1)];
  switch (word) {
    case 'RECURSIVE':
      return prev === 'WITH';
    case 'BY':
      return prev === 'GROUP' || prev === 'ORDER' || prev === 'PARTITION';
    case 'ESCAPE':
      return next?.kind === 'string';
    case 'GROUPING':
      return next?.text === '(' || upper(next) === 'SETS';
    default:
      return next?.text === '(';
  }
}

/**
 * Quotes the names the engine would read as keywords: a reserved word that is a name (after or before a dot, or
 * one PostgreSQL reads as a name unquoted), and a name with `$` (PostgreSQL allows it unquoted, the engine not).
 */
function names(tokens: Token[], rules: LexicalRules): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.kind !== 'word') continue;
    const word = token.text.toUpperCase();
    const dollar = token.text.includes('$');
    if (!dollar && !rules.reserved.has(word)) continue;
    const dotted =
      tokens[significant(tokens, i - 1, -1)]?.text === '.' ||
      tokens[significant(tokens, i + 1, 1)]?.text === '.';
    const name = dollar || dotted || (POSTGRES_NAMES.has(word) && !keywordUse(tokens, i));
    if (name) tokens[i] = { kind: 'quoted', text: `"${token.text.toLowerCase()}"` };
  }
}

/** Inlines `$n` as the engine's literals (the engine takes no typed parameters beside the SQL). */
function inline(tokens: Token[], params: readonly unknown[], rules: LexicalRules, refuse: Refuse): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.kind !== 'param') continue;
    const n = Number(token.text.slice(1));
    if (n < 1 || n > params.length) refuse(token.text, 'a parameter without a value');
    let text = '';
    try {
      text = rules.literal(params[n - 1]);
    } catch (error) {
      refuse('a parameter value', error instanceof Error ? error.message : String(error));
    }
    // A plain string may still be a date compared with a timestamp; anything else is final.
    tokens[i] = { kind: text.startsWith("'") ? 'string' : 'literal', text };
  }
}

/** The final SQL in the engine's spelling, parameters inlined (the result has none). */
export function rewriteLexical(
  sql: string,
  params: readonly unknown[],
  rules: LexicalRules,
  refuse: Refuse,
): { sql: string; params: unknown[] } {
  let tokens = tokenize(sql);
  inline(tokens, params, rules, refuse);
  // Before the keyword rewrites: a name is never read as a keyword or a function.
  names(tokens, rules);
  if (rules.castKeyword) tokens = castKeyword(tokens);
  functions(tokens, rules, refuse);
  casts(tokens, rules, refuse);
  literals(tokens, rules, refuse);
  ordering(tokens, rules);
  return { sql: tokens.map((t) => t.text).join(''), params: [] };
}
