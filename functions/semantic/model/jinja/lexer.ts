/**
 * Splits a template into text and the tokens of its tags, as Jinja's lexer does with its default settings:
 * `{{ }}`, `{% %}`, `{# #}`, `-` trimming the whitespace next to a tag, `{% raw %}`, trim_blocks and
 * lstrip_blocks off, and one trailing newline of the file dropped (keep_trailing_newline=False). Scans by
 * hand (no backtracking regular expressions over model text).
 */
import { type Location, TemplateError } from './errors';

export type TokenType =
  | 'data'
  | 'block_begin'
  | 'block_end'
  | 'var_begin'
  | 'var_end'
  | 'name'
  | 'string'
  | 'int'
  | 'float'
  | 'op'
  | 'eof';

export interface Token {
  readonly type: TokenType;
  readonly value: string;
  readonly loc: Location;
}

const OPERATORS = ['//', '**', '==', '!=', '<=', '>=', '+', '-', '*', '/', '%', '~', '<', '>', '='];
const PUNCTUATION = '.,:|()[]{}';
const CLOSING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const isNameStart = (c: string | undefined) => c !== undefined && /[A-Za-z_]/.test(c);
const isNameChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\v';

/** Python's string escapes (Jinja decodes literals with unicode-escape); unknown escapes stay as written. */
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '\n': '',
};

export function tokenize(source: string, file: string): Token[] {
  let src = source.replace(/\r\n?/g, '\n');
  if (src.endsWith('\n')) src = src.slice(0, -1);
  const lineStarts = [0];
  for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const locAt = (pos: number): Location => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return { file, line: lo + 1, column: pos - (lineStarts[lo] ?? 0) + 1 };
  };
  const fail = (message: string, pos: number): never => {
    throw new TemplateError(message, locAt(pos));
  };

  const tokens: Token[] = [];
  const push = (type: TokenType, value: string, pos: number) => tokens.push({ type, value, loc: locAt(pos) });
  let pos = 0;
  let stripNext = false;
  for (;;) {
    const start = nextTag(src, pos);
    let text = src.slice(pos, start < 0 ? src.length : start);
    if (stripNext) text = text.trimStart();
    const marker = start >= 0 ? src[start + 2] : undefined;
    if (marker === '-') text = text.trimEnd();
    if (text) push('data', text, pos);
    if (start < 0) break;
    stripNext = false;
    const kind = src[start + 1];
    let p = start + 2 + (marker === '-' || marker === '+' ? 1 : 0);
    if (kind === '#') {
      const close = src.indexOf('#}', p);
      if (close < 0) fail('missing end of comment tag', start);
      stripNext = close > p && src[close - 1] === '-';
      pos = close + 2;
      continue;
    }
    if (kind === '%') {
      const raw = rawBlock(src, p);
      if (raw) {
        const close = findEndraw(src, raw.contentStart);
        if (!close) return fail('missing {% endraw %} for this {% raw %}', start);
        let content = src.slice(raw.contentStart, close.start);
        if (raw.stripAfter) content = content.trimStart();
        if (close.stripBefore) content = content.trimEnd();
        if (content) push('data', content, raw.contentStart);
        stripNext = close.stripAfter;
        pos = close.end;
        continue;
      }
    }
    const end = kind === '{' ? '}}' : '%}';
    push(kind === '{' ? 'var_begin' : 'block_begin', '', start);
    const brackets: string[] = [];
    for (;;) {
      while (isSpace(src[p])) p++;
      if (p >= src.length) fail(`unexpected end of template: this tag has no closing ${end}`, start);
      if (brackets.length === 0) {
        if (src.startsWith(`-${end}`, p) || src.startsWith(`+${end}`, p) || src.startsWith(end, p)) {
          stripNext = src[p] === '-';
          const width = src[p] === '-' || src[p] === '+' ? 3 : 2;
          push(kind === '{' ? 'var_end' : 'block_end', '', p);
          p += width;
          break;
        }
      }
      const c = src[p];
      if (isNameStart(c)) {
        const from = p;
        while (isNameChar(src[p])) p++;
        push('name', src.slice(from, p), from);
      } else if (isDigit(c)) {
        p = number(src, p, tokens.at(-1), push, fail);
      } else if (c === "'" || c === '"') {
        p = string(src, p, push, fail);
      } else if (c !== undefined && PUNCTUATION.includes(c)) {
        if (c === '(' || c === '[' || c === '{') brackets.push(c);
        else if (c === ')' || c === ']' || c === '}') {
          if (brackets.pop() !== CLOSING[c]) fail(`unexpected '${c}'`, p);
        }
        push('op', c, p);
        p++;
      } else {
        const op = OPERATORS.find((o) => src.startsWith(o, p));
        if (!op) return fail(`unexpected character ${JSON.stringify(c)}`, p);
        push('op', op, p);
        p += op.length;
      }
    }
    pos = p;
  }
  push('eof', '', src.length);
  return tokens;
}

/** Index of the next `{{`, `{%` or `{#` from `from`, or -1. */
function nextTag(src: string, from: number): number {
  for (let i = src.indexOf('{', from); i >= 0; i = src.indexOf('{', i + 1)) {
    const next = src[i + 1];
    if (next === '{' || next === '%' || next === '#') return i;
  }
  return -1;
}

const skipSpaces = (src: string, p: number) => {
  let q = p;
  while (isSpace(src[q])) q++;
  return q;
};

/** `raw %}` (after `{%`): where the raw content starts, and whether `-%}` trims it. */
function rawBlock(src: string, p: number): { contentStart: number; stripAfter: boolean } | undefined {
  let q = skipSpaces(src, p);
  if (!src.startsWith('raw', q) || isNameChar(src[q + 3])) return undefined;
  q = skipSpaces(src, q + 3);
  const stripAfter = src[q] === '-';
  if (stripAfter || src[q] === '+') q++;
  if (!src.startsWith('%}', q)) return undefined;
  return { contentStart: q + 2, stripAfter };
}

function findEndraw(
  src: string,
  from: number,
): { start: number; end: number; stripBefore: boolean; stripAfter: boolean } | undefined {
  for (let i = src.indexOf('{%', from); i >= 0; i = src.indexOf('{%', i + 1)) {
    let q = i + 2;
    const stripBefore = src[q] === '-';
    if (stripBefore || src[q] === '+') q++;
    q = skipSpaces(src, q);
    if (!src.startsWith('endraw', q) || isNameChar(src[q + 6])) continue;
    q = skipSpaces(src, q + 6);
    const stripAfter = src[q] === '-';
    if (stripAfter || src[q] === '+') q++;
    if (src.startsWith('%}', q)) return { start: i, end: q + 2, stripBefore, stripAfter };
  }
  return undefined;
}

type Push = (type: TokenType, value: string, pos: number) => void;
type Fail = (message: string, pos: number) => never;

/** An int (decimal with `_`, 0b/0o/0x) or a float; `x.0` after a dot is an int (an item index). */
function number(src: string, p: number, previous: Token | undefined, push: Push, fail: Fail): number {
  const from = p;
  const prefix = src.slice(p, p + 2).toLowerCase();
  if (prefix === '0b' || prefix === '0o' || prefix === '0x') {
    let q = p + 2;
    while (/[0-9a-fA-F_]/.test(src[q] ?? '')) q++;
    const text = src.slice(from, q).replace(/_/g, '');
    try {
      push('int', BigInt(text).toString(), from);
    } catch {
      fail(`invalid number ${src.slice(from, q)}`, from);
    }
    return q;
  }
  let q = p;
  const digits = () => {
    while (isDigit(src[q]) || (src[q] === '_' && isDigit(src[q + 1]))) q++;
  };
  digits();
  let float = false;
  const afterDot = previous?.type === 'op' && previous.value === '.';
  if (!afterDot && src[q] === '.' && isDigit(src[q + 1])) {
    q++;
    digits();
    float = true;
  }
  if (!afterDot && (src[q] === 'e' || src[q] === 'E')) {
    let r = q + 1;
    if (src[r] === '+' || src[r] === '-') r++;
    if (isDigit(src[r])) {
      q = r;
      digits();
      float = true;
    }
  }
  const text = src.slice(from, q).replace(/_/g, '');
  push(float ? 'float' : 'int', text, from);
  return q;
}

function string(src: string, p: number, push: Push, fail: Fail): number {
  const quote = src[p];
  let out = '';
  let q = p + 1;
  for (;;) {
    const c = src[q];
    if (c === undefined) return fail('unterminated string', p);
    if (c === quote) break;
    if (c !== '\\') {
      out += c;
      q++;
      continue;
    }
    const e = src[q + 1];
    if (e === undefined) return fail('unterminated string', p);
    const simple = Object.hasOwn(ESCAPES, e) ? ESCAPES[e] : undefined;
    if (simple !== undefined && !(e === '0' && /[0-7]/.test(src[q + 2] ?? ''))) {
      out += simple;
      q += 2;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const width = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = src.slice(q + 2, q + 2 + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) return fail(`invalid \\${e} escape`, q);
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) return fail(`invalid \\${e} escape`, q);
      out += String.fromCodePoint(code);
      q += 2 + width;
    } else if (/[0-7]/.test(e)) {
      let r = q + 1;
      while (r < q + 4 && /[0-7]/.test(src[r] ?? '')) r++;
      out += String.fromCodePoint(Number.parseInt(src.slice(q + 1, r), 8));
      q = r;
    } else {
      out += `\\${e}`;
      q += 2;
    }
  }
  push('string', out, p);
  return q + 1;
}
