/** Python's str methods (`s.split(",")`, `s.strip()`, `"{}".format(x)`) as templates call them. */

import { asInt, asStr, bind, type Method, plain } from './args';
import { checkLength, repeat, TemplateError } from './errors';
import { pyFormat } from './format';
import { type Args, chars, int, iterate, PyTuple, strLength, truthy, type Value } from './values';

const isCased = (c: string) => c.toLowerCase() !== c.toUpperCase();
const CASED = /[\p{Lu}\p{Ll}\p{Lt}]/u;

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** Python's str.split / rsplit on runs of whitespace: what is left after maxsplit keeps its far end. */
function splitSpaces(s: string, max: number, fromRight: boolean): string[] {
  const out: string[] = [];
  if (!fromRight) {
    let i = 0;
    for (;;) {
      while (i < s.length && isSpace(s[i])) i++;
      if (i >= s.length) return out;
      if (max >= 0 && out.length === max) return [...out, s.slice(i)];
      let j = i;
      while (j < s.length && !isSpace(s[j])) j++;
      out.push(s.slice(i, j));
      i = j;
    }
  }
  let i = s.length;
  for (;;) {
    while (i > 0 && isSpace(s[i - 1])) i--;
    if (i <= 0) return out.reverse();
    if (max >= 0 && out.length === max) return [s.slice(0, i), ...out.reverse()];
    let j = i;
    while (j > 0 && !isSpace(s[j - 1])) j--;
    out.push(s.slice(j, i));
    i = j;
  }
}

/** Python's str.split / rsplit. */
function split(s: string, sep: Value, maxsplit: number, fromRight: boolean): string[] {
  if (sep === null) return splitSpaces(s, maxsplit, fromRight);
  const separator = asStr(sep, 'split separator');
  if (separator === '') throw new TemplateError('split: empty separator');
  const parts = s.split(separator);
  if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
  if (fromRight) {
    const keep = parts.slice(parts.length - maxsplit);
    return [parts.slice(0, parts.length - maxsplit).join(separator), ...keep];
  }
  return [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(separator)];
}

function strip(s: string, which: Value, left: boolean, right: boolean): string {
  if (which === null) return left && right ? s.trim() : left ? s.trimStart() : s.trimEnd();
  const set = new Set(asStr(which, 'strip characters'));
  const c = chars(s);
  let from = 0;
  let to = c.length;
  while (left && from < to && set.has(c[from] ?? '')) from++;
  while (right && to > from && set.has(c[to - 1] ?? '')) to--;
  return c.slice(from, to).join('');
}

function replace(s: string, old: string, repl: string, count: number): string {
  const parts = old === '' ? ['', ...chars(s), ''] : s.split(old);
  const joins = parts.length - 1;
  const n = count < 0 ? joins : Math.min(count, joins);
  checkLength(s.length + n * repl.length);
  if (old === '') {
    const characters = chars(s);
    let out = '';
    for (let i = 0; i <= characters.length; i++) {
      out += i < n ? repl : '';
      out += characters[i] ?? '';
    }
    return out;
  }
  return parts.slice(0, n + 1).join(repl) + (n < joins ? old + parts.slice(n + 1).join(old) : '');
}

function pad(s: string, width: number, fill: string, where: 'left' | 'right' | 'center'): string {
  const length = strLength(s);
  if (width <= length) return s;
  checkLength(width);
  const total = width - length;
  if (where === 'left') return repeat(fill, total) + s;
  if (where === 'right') return s + repeat(fill, total);
  const left = Math.floor(total / 2) + (total & width & 1);
  return repeat(fill, left) + s + repeat(fill, total - left);
}

function affix(s: string, v: Value, test: (s: string, p: string) => boolean, what: string): boolean {
  if (v instanceof PyTuple) return v.items.some((p) => test(s, asStr(p, what)));
  return test(s, asStr(v, what));
}

export const STR: ReadonlyMap<string, Method<string>> = new Map<string, Method<string>>([
  ['upper', plain('upper', (s: string) => s.toUpperCase())],
  ['lower', plain('lower', (s: string) => s.toLowerCase())],
  ['casefold', plain('casefold', (s: string) => s.toLowerCase())],
  [
    'swapcase',
    plain('swapcase', (s: string) =>
      chars(s)
        .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
        .join(''),
    ),
  ],
  [
    'title',
    (s, a) => {
      bind('title', a, []);
      let previousCased = false;
      let out = '';
      for (const c of s) {
        out += previousCased ? c.toLowerCase() : c.toUpperCase();
        previousCased = isCased(c);
      }
      return out;
    },
  ],
  ['capitalize', plain('capitalize', (s: string) => s.slice(0, 1).toUpperCase() + s.slice(1).toLowerCase())],
  ['strip', (s, a) => strip(s, bind('strip', a, [['chars', null]])[0] ?? null, true, true)],
  ['lstrip', (s, a) => strip(s, bind('lstrip', a, [['chars', null]])[0] ?? null, true, false)],
  ['rstrip', (s, a) => strip(s, bind('rstrip', a, [['chars', null]])[0] ?? null, false, true)],
  [
    'split',
    (s, a) => {
      const [sep = null, max = -1n] = bind('split', a, [
        ['sep', null],
        ['maxsplit', -1n],
      ]);
      return split(s, sep, asInt(max, 'maxsplit'), false);
    },
  ],
  [
    'rsplit',
    (s, a) => {
      const [sep = null, max = -1n] = bind('rsplit', a, [
        ['sep', null],
        ['maxsplit', -1n],
      ]);
      return split(s, sep, asInt(max, 'maxsplit'), true);
    },
  ],
  [
    'splitlines',
    (s, a) => {
      const [keep] = bind('splitlines', a, [['keepends', false]]);
      const lines = s.match(/[^\n]*\n|[^\n]+$/g) ?? [];
      return truthy(keep ?? false) ? lines : lines.map((l) => l.replace(/\n$/, ''));
    },
  ],
  [
    'startswith',
    (s, a) => affix(s, bind('startswith', a, ['prefix'])[0] ?? '', (x, p) => x.startsWith(p), 'prefix'),
  ],
  [
    'endswith',
    (s, a) => affix(s, bind('endswith', a, ['suffix'])[0] ?? '', (x, p) => x.endsWith(p), 'suffix'),
  ],
  [
    'replace',
    (s, a) => {
      const [old = '', repl = '', count = -1n] = bind('replace', a, ['old', 'new', ['count', -1n]]);
      return replace(s, asStr(old, 'replace old'), asStr(repl, 'replace new'), asInt(count, 'count'));
    },
  ],
  ['format', (s, a, rt) => pyFormat(s, a, rt)],
  [
    'join',
    (s, a) => {
      const items = iterate(bind('join', a, ['iterable'])[0] ?? null).map((x) => asStr(x, 'join item'));
      checkLength(items.reduce((n, x) => n + x.length + s.length, 0));
      return items.join(s);
    },
  ],
  ['find', (s, a) => int(s.indexOf(asStr(bind('find', a, ['sub'])[0] ?? '', 'sub')))],
  ['rfind', (s, a) => int(s.lastIndexOf(asStr(bind('rfind', a, ['sub'])[0] ?? '', 'sub')))],
  [
    'index',
    (s, a) => {
      const at = s.indexOf(asStr(bind('index', a, ['sub'])[0] ?? '', 'sub'));
      if (at < 0) throw new TemplateError('str.index: substring not found');
      return int(at);
    },
  ],
  [
    'count',
    (s, a) => {
      const sub = asStr(bind('count', a, ['sub'])[0] ?? '', 'sub');
      return int(sub === '' ? strLength(s) + 1 : s.split(sub).length - 1);
    },
  ],
  ['isdigit', (s) => /^\d+$/u.test(s)],
  ['isdecimal', (s) => /^\d+$/u.test(s)],
  ['isnumeric', (s) => /^\p{N}+$/u.test(s)],
  ['isalpha', (s) => /^\p{L}+$/u.test(s)],
  ['isalnum', (s) => /^[\p{L}\p{N}]+$/u.test(s)],
  ['isspace', (s) => /^\s+$/u.test(s)],
  ['isupper', (s) => CASED.test(s) && s === s.toUpperCase()],
  ['islower', (s) => CASED.test(s) && s === s.toLowerCase()],
  ['isidentifier', (s) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(s)],
  [
    'zfill',
    (s, a) => {
      const width = asInt(bind('zfill', a, ['width'])[0] ?? 0n, 'width');
      const sign = s.startsWith('-') || s.startsWith('+') ? (s[0] ?? '') : '';
      return sign + pad(s.slice(sign.length), width - sign.length, '0', 'left');
    },
  ],
  ['center', (s, a) => padMethod('center', s, a, 'center')],
  ['ljust', (s, a) => padMethod('ljust', s, a, 'right')],
  ['rjust', (s, a) => padMethod('rjust', s, a, 'left')],
  [
    'partition',
    (s, a) => {
      const sep = asStr(bind('partition', a, ['sep'])[0] ?? '', 'sep');
      const at = s.indexOf(sep);
      return at < 0 ? new PyTuple([s, '', '']) : new PyTuple([s.slice(0, at), sep, s.slice(at + sep.length)]);
    },
  ],
  [
    'rpartition',
    (s, a) => {
      const sep = asStr(bind('rpartition', a, ['sep'])[0] ?? '', 'sep');
      const at = s.lastIndexOf(sep);
      return at < 0 ? new PyTuple(['', '', s]) : new PyTuple([s.slice(0, at), sep, s.slice(at + sep.length)]);
    },
  ],
  [
    'removeprefix',
    (s, a) => {
      const p = asStr(bind('removeprefix', a, ['prefix'])[0] ?? '', 'prefix');
      return p && s.startsWith(p) ? s.slice(p.length) : s;
    },
  ],
  [
    'removesuffix',
    (s, a) => {
      const p = asStr(bind('removesuffix', a, ['suffix'])[0] ?? '', 'suffix');
      return p && s.endsWith(p) ? s.slice(0, -p.length) : s;
    },
  ],
]);

function padMethod(name: string, s: string, a: Args, where: 'left' | 'right' | 'center'): string {
  const [width = 0n, fill = ' '] = bind(name, a, ['width', ['fillchar', ' ']]);
  const f = asStr(fill, 'fillchar');
  if (strLength(f) !== 1)
    throw new TemplateError(`${name}: the fill character must be exactly one character`);
  return pad(s, asInt(width, 'width'), f, where);
}
