/**
 * The methods a template may call on values, as Python users write them (`d.items()`, `s.split(',')`,
 * `l.append(x)`), and the globals (`range`, `dict`, `namespace`, `cycler`, `joiner`). Each table is a Map:
 * a name missing from it is not a method, whatever JavaScript objects happen to have.
 */
import { checkItems, checkLength, LIMITS, repeat, TemplateError } from './errors';
import { pyFormat } from './format';
import {
  type Args,
  Builtin,
  Cycler,
  checkName,
  compare,
  eq,
  int,
  isList,
  iterate,
  Joiner,
  type Key,
  LoopContext,
  Namespace,
  newDict,
  numeric,
  type PyDict,
  PyTuple,
  type Runtime,
  str,
  toKey,
  truthy,
  typeName,
  type Value,
} from './values';

/** A parameter: its name, or its name and default. */
export type Spec = readonly (string | readonly [string, Value])[];

/** Python's argument binding for a builtin: positional then keyword, defaults, no unknown keywords. */
export function bind(fn: string, a: Args, spec: Spec): Value[] {
  if (a.args.length > spec.length) {
    throw new TemplateError(`${fn}() takes at most ${spec.length} argument(s) (${a.args.length} given)`);
  }
  const names = spec.map((p) => (typeof p === 'string' ? p : p[0]));
  for (const key of a.kwargs.keys()) {
    if (!names.includes(key)) throw new TemplateError(`${fn}() got an unexpected keyword argument '${key}'`);
  }
  return spec.map((p, i) => {
    const name = names[i] ?? '';
    const positional = a.args[i];
    if (positional !== undefined && a.kwargs.has(name)) {
      throw new TemplateError(`${fn}() got multiple values for argument '${name}'`);
    }
    const value = positional ?? a.kwargs.get(name) ?? (typeof p === 'string' ? undefined : p[1]);
    if (value === undefined) throw new TemplateError(`${fn}() is missing the argument '${name}'`);
    return value;
  });
}

export const asStr = (v: Value, what: string): string => {
  if (typeof v !== 'string') throw new TemplateError(`${what} must be a str, not ${typeName(v)}`);
  return v;
};

export const asInt = (v: Value, what: string): number => {
  const n = numeric(v);
  if (typeof n !== 'bigint') throw new TemplateError(`${what} must be an int, not ${typeName(v)}`);
  return Number(n);
};

type Method<T> = (self: T, a: Args, rt: Runtime) => Value;

/** A method without parameters. */
const plain =
  <T>(name: string, f: (self: T) => Value): Method<T> =>
  (self, a) => {
    bind(name, a, []);
    return f(self);
  };

const isCased = (c: string) => c.toLowerCase() !== c.toUpperCase();

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

function strip(s: string, chars: Value, left: boolean, right: boolean): string {
  if (chars === null) return left && right ? s.trim() : left ? s.trimStart() : s.trimEnd();
  const set = new Set(asStr(chars, 'strip characters'));
  const c = [...s];
  let from = 0;
  let to = c.length;
  while (left && from < to && set.has(c[from] ?? '')) from++;
  while (right && to > from && set.has(c[to - 1] ?? '')) to--;
  return c.slice(from, to).join('');
}

function replace(s: string, old: string, repl: string, count: number): string {
  const parts = old === '' ? ['', ...[...s], ''] : s.split(old);
  const joins = parts.length - 1;
  const n = count < 0 ? joins : Math.min(count, joins);
  checkLength(s.length + n * repl.length);
  if (old === '') {
    const chars = [...s];
    let out = '';
    for (let i = 0; i <= chars.length; i++) {
      out += i < n ? repl : '';
      out += chars[i] ?? '';
    }
    return out;
  }
  return parts.slice(0, n + 1).join(repl) + (n < joins ? old + parts.slice(n + 1).join(old) : '');
}

function pad(s: string, width: number, fill: string, where: 'left' | 'right' | 'center'): string {
  const length = [...s].length;
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

const STR: ReadonlyMap<string, Method<string>> = new Map<string, Method<string>>([
  ['upper', plain('upper', (s: string) => s.toUpperCase())],
  ['lower', plain('lower', (s: string) => s.toLowerCase())],
  ['casefold', plain('casefold', (s: string) => s.toLowerCase())],
  [
    'swapcase',
    plain('swapcase', (s: string) =>
      [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''),
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
      return int(sub === '' ? [...s].length + 1 : s.split(sub).length - 1);
    },
  ],
  ['isdigit', (s) => /^\d+$/u.test(s)],
  ['isdecimal', (s) => /^\d+$/u.test(s)],
  ['isnumeric', (s) => /^\p{N}+$/u.test(s)],
  ['isalpha', (s) => /^\p{L}+$/u.test(s)],
  ['isalnum', (s) => /^[\p{L}\p{N}]+$/u.test(s)],
  ['isspace', (s) => /^\s+$/u.test(s)],
  ['isupper', (s) => [...s].some(isCased) && s === s.toUpperCase()],
  ['islower', (s) => [...s].some(isCased) && s === s.toLowerCase()],
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
  if ([...f].length !== 1)
    throw new TemplateError(`${name}: the fill character must be exactly one character`);
  return pad(s, asInt(width, 'width'), f, where);
}

const indexOf = (items: Value[], x: Value, what: string): number => {
  const at = items.findIndex((y) => eq(x, y));
  if (at < 0) throw new TemplateError(`${what}: ${str(x)} is not in the list`);
  return at;
};

const LIST: ReadonlyMap<string, Method<Value[]>> = new Map<string, Method<Value[]>>([
  [
    'append',
    (l, a) => {
      checkItems(l.length + 1);
      l.push(bind('append', a, ['object'])[0] ?? null);
      return null;
    },
  ],
  [
    'extend',
    (l, a) => {
      const items = iterate(bind('extend', a, ['iterable'])[0] ?? null);
      checkItems(l.length + items.length);
      l.push(...items);
      return null;
    },
  ],
  [
    'insert',
    (l, a) => {
      const [at = 0n, x = null] = bind('insert', a, ['index', 'object']);
      checkItems(l.length + 1);
      const i = asInt(at, 'index');
      l.splice(i < 0 ? Math.max(0, l.length + i) : Math.min(i, l.length), 0, x);
      return null;
    },
  ],
  [
    'pop',
    (l, a) => {
      const i = asInt(bind('pop', a, [['index', -1n]])[0] ?? -1n, 'index');
      const at = i < 0 ? l.length + i : i;
      if (at < 0 || at >= l.length) throw new TemplateError('list.pop: index out of range');
      return l.splice(at, 1)[0] ?? null;
    },
  ],
  [
    'remove',
    (l, a) => {
      l.splice(indexOf(l, bind('remove', a, ['value'])[0] ?? null, 'list.remove'), 1);
      return null;
    },
  ],
  ['index', (l, a) => int(indexOf(l, bind('index', a, ['value'])[0] ?? null, 'list.index'))],
  [
    'count',
    (l, a) => {
      const x = bind('count', a, ['value'])[0] ?? null;
      return int(l.filter((y) => eq(x, y)).length);
    },
  ],
  ['copy', plain('copy', (l: Value[]) => [...l])],
  [
    'clear',
    plain('clear', (l: Value[]) => {
      l.splice(0);
      return null;
    }),
  ],
  [
    'reverse',
    plain('reverse', (l: Value[]) => {
      l.reverse();
      return null;
    }),
  ],
  [
    'sort',
    (l, a, rt) => {
      const [reverse] = bind('sort', a, [['reverse', false]]);
      rt.budget.step(l.length);
      l.sort((x, y) => (truthy(reverse ?? false) ? compare(y, x) : compare(x, y)));
      return null;
    },
  ],
]);

const TUPLE: ReadonlyMap<string, Method<PyTuple>> = new Map<string, Method<PyTuple>>([
  ['index', (t, a) => int(indexOf(t.items, bind('index', a, ['value'])[0] ?? null, 'tuple.index'))],
  [
    'count',
    (t, a) => {
      const x = bind('count', a, ['value'])[0] ?? null;
      return int(t.items.filter((y) => eq(x, y)).length);
    },
  ],
]);

/** Pairs from a dict, a list of pairs, or keyword arguments (dict(), dict.update(), namespace()). */
export function pairsOf(v: Value | undefined, kwargs: Map<string, Value>): [Value, Value][] {
  const pairs: [Value, Value][] = [];
  if (v instanceof Map) pairs.push(...v);
  else if (v instanceof Namespace) pairs.push(...v.attrs);
  else if (v !== undefined) {
    for (const item of iterate(v)) {
      const kv = isList(item) ? item : item instanceof PyTuple ? item.items : undefined;
      if (kv?.length !== 2) throw new TemplateError('expected a sequence of (key, value) pairs');
      pairs.push([kv[0] ?? null, kv[1] ?? null]);
    }
  }
  pairs.push(...kwargs);
  return pairs;
}

const DICT: ReadonlyMap<string, Method<PyDict>> = new Map<string, Method<PyDict>>([
  ['items', plain('items', (d: PyDict) => [...d].map(([k, v]) => new PyTuple([k, v])))],
  ['keys', plain('keys', (d: PyDict) => [...d.keys()])],
  ['values', plain('values', (d: PyDict) => [...d.values()])],
  [
    'get',
    (d, a) => {
      const [key = null, fallback = null] = bind('get', a, ['key', ['default', null]]);
      return d.get(keyOf(key, 'get')) ?? fallback;
    },
  ],
  [
    'pop',
    (d, a) => {
      const [key = null, fallback] = bind('pop', a, ['key', ['default', sentinel]]);
      const k = keyOf(key, 'pop');
      const v = d.get(k);
      if (v === undefined) {
        if (fallback === sentinel) throw new TemplateError(`dict.pop: no key ${str(key)}`);
        return fallback ?? null;
      }
      d.delete(k);
      return v;
    },
  ],
  [
    'setdefault',
    (d, a) => {
      const [key = null, fallback = null] = bind('setdefault', a, ['key', ['default', null]]);
      const k = keyOf(key, 'setdefault');
      const v = d.get(k);
      if (v !== undefined) return v;
      d.set(k, fallback);
      return fallback;
    },
  ],
  [
    'update',
    (d, a) => {
      if (a.args.length > 1) throw new TemplateError('dict.update() takes at most 1 positional argument');
      for (const [k, v] of pairsOf(a.args[0], a.kwargs)) d.set(toKey(k), v);
      checkItems(d.size);
      return null;
    },
  ],
  ['copy', plain('copy', (d: PyDict) => new Map(d))],
  [
    'clear',
    plain('clear', (d: PyDict) => {
      d.clear();
      return null;
    }),
  ],
]);

/** A dict key a method looks up: a name no lookup may use is refused here too. */
function keyOf(key: Value, method: string): Key {
  if (typeof key === 'string') checkName(key, `${method}(${JSON.stringify(key)})`);
  return toKey(key);
}

/** dict.pop's "no default given" marker (a value no template can produce). */
const sentinel = new Builtin('<no default>', () => null);

/** Methods of the built-in objects. */
const LOOP: ReadonlyMap<string, Method<LoopContext>> = new Map<string, Method<LoopContext>>([
  [
    'cycle',
    (l, a) => {
      if (a.args.length === 0) throw new TemplateError('loop.cycle() needs at least one value');
      return a.args[l.index0 % a.args.length] ?? null;
    },
  ],
  ['changed', (l, a) => l.changed(a.args)],
]);

const CYCLER: ReadonlyMap<string, Method<Cycler>> = new Map<string, Method<Cycler>>([
  [
    'next',
    (c, a) => {
      bind('next', a, []);
      const v = c.items[c.position] ?? null;
      c.position = (c.position + 1) % c.items.length;
      return v;
    },
  ],
  [
    'reset',
    plain('reset', (c: Cycler) => {
      c.position = 0;
      return null;
    }),
  ],
]);

/** The method `name` of `v` bound to it, or undefined. */
export function methodOf(v: Value, name: string): Builtin | undefined {
  const bound = <T>(table: ReadonlyMap<string, Method<T>>, self: T) => {
    const method = table.get(name);
    return method ? new Builtin(`${typeName(v)}.${name}`, (rt, a) => method(self, a, rt)) : undefined;
  };
  if (typeof v === 'string') return bound(STR, v);
  if (isList(v)) return bound(LIST, v);
  if (v instanceof PyTuple) return bound(TUPLE, v);
  if (v instanceof Map) return bound(DICT, v);
  if (v instanceof LoopContext) return bound(LOOP, v);
  if (v instanceof Cycler) return bound(CYCLER, v);
  return undefined;
}

/** range() as Jinja's sandbox has it: at most LIMITS.rangeItems items. */
function range(a: Args): Value {
  if (a.kwargs.size) throw new TemplateError('range() takes no keyword arguments');
  const n = a.args.map((x) => BigInt(asInt(x, 'range() argument')));
  const [start, stop, step] =
    n.length === 1
      ? [0n, n[0] ?? 0n, 1n]
      : n.length === 2
        ? [n[0] ?? 0n, n[1] ?? 0n, 1n]
        : [n[0] ?? 0n, n[1] ?? 0n, n[2] ?? 1n];
  if (n.length < 1 || n.length > 3) throw new TemplateError('range() takes 1 to 3 arguments');
  if (step === 0n) throw new TemplateError('range() step cannot be zero');
  const count = step > 0n ? (stop - start + step - 1n) / step : (start - stop - step - 1n) / -step;
  if (count > BigInt(LIMITS.rangeItems)) {
    throw new TemplateError(`range() of ${count} items is longer than ${LIMITS.rangeItems}`);
  }
  const out: Value[] = [];
  for (let i = start; step > 0n ? i < stop : i > stop; i += step) out.push(i);
  return out;
}

/** The global functions every template sees. */
export const GLOBALS: ReadonlyMap<string, Builtin> = new Map([
  ['range', new Builtin('range', (_rt, a) => range(a))],
  [
    'dict',
    new Builtin('dict', (_rt, a) => {
      if (a.args.length > 1) throw new TemplateError('dict() takes at most 1 positional argument');
      const d = newDict(pairsOf(a.args[0], a.kwargs));
      checkItems(d.size);
      return d;
    }),
  ],
  [
    'namespace',
    new Builtin('namespace', (_rt, a) => {
      if (a.args.length > 1) throw new TemplateError('namespace() takes at most 1 positional argument');
      const attrs = new Map<string, Value>();
      for (const [k, v] of pairsOf(a.args[0], a.kwargs)) attrs.set(asStr(k, 'a namespace attribute name'), v);
      return new Namespace(attrs);
    }),
  ],
  [
    'cycler',
    new Builtin('cycler', (_rt, a) => {
      if (a.args.length === 0) throw new TemplateError('cycler() needs at least one value');
      return new Cycler([...a.args]);
    }),
  ],
  [
    'joiner',
    new Builtin(
      'joiner',
      (_rt, a) => new Joiner(asStr(bind('joiner', a, [['sep', ', ']])[0] ?? ', ', 'sep')),
    ),
  ],
]);
