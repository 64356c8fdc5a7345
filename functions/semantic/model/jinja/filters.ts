/**
 * Jinja's built-in filters, as Jinja 3 defines them (arguments, defaults, case-insensitive sorting). Filters
 * Jinja returns as generators (map, select, unique, reverse) return lists here. `safe` turns its value into a
 * string; `e` / `escape` escape HTML as markupsafe does; there is no autoescaping.
 */

import { asInt, asStr, bind } from './args';
import { checkItems, checkLength, repeat, TemplateError } from './errors';
import { htmlEscape, percentFormat, toJson } from './format';
import { getAttrOnly, getItem } from './lookup';
import { methodOf } from './methods';
import { pyFloat, pyInt, roundHalfEven } from './numbers';
import {
  type Args,
  chars,
  compare,
  eq,
  int,
  isList,
  iterate,
  numeric,
  PyTuple,
  type Runtime,
  repr,
  str,
  strLength,
  truthy,
  typeName,
  Undefined,
  type Value,
} from './values';

export type Filter = (rt: Runtime, v: Value, a: Args) => Value;

const noArgs = (name: string, a: Args) => bind(name, a, []);

/** A filter without parameters. */
const plain =
  (name: string, f: (v: Value) => Value): Filter =>
  (_rt, v, a) => {
    noArgs(name, a);
    return f(v);
  };

/** A str method applied to the value as a string (`center`, `replace`, `trim` are str methods in Jinja). */
function strMethod(rt: Runtime, name: string, v: Value, args: Value[]): Value {
  const method = methodOf(str(v), name);
  if (!method) throw new TemplateError(`str has no method ${name}`);
  return method.run(rt, { args, kwargs: new Map() });
}

/** Jinja's make_attrgetter: `a.b.0` walks items one part at a time. */
function attrGetter(attribute: Value, fallback?: Value): (v: Value) => Value {
  const parts =
    typeof attribute === 'bigint'
      ? [attribute]
      : asStr(attribute, 'attribute')
          .split('.')
          .map((p): Value => (/^\d+$/.test(p) ? BigInt(p) : p));
  return (v) => {
    let out = v;
    for (const part of parts) out = getItem(out, part);
    return out instanceof Undefined && fallback !== undefined ? fallback : out;
  };
}

/** The sort key of a value: strings lower-cased unless case_sensitive (Jinja's ignore_case). */
const caseKey = (caseSensitive: Value) => (v: Value) =>
  !truthy(caseSensitive) && typeof v === 'string' ? v.toLowerCase() : v;

function sortBy(rt: Runtime, items: Value[], key: (v: Value) => Value, reverse: boolean): Value[] {
  rt.budget.step(items.length);
  const keyed = items.map((v) => [key(v), v] as const);
  keyed.sort((x, y) => (reverse ? compare(y[0], x[0]) : compare(x[0], y[0])));
  return keyed.map(([, v]) => v);
}

function select(rt: Runtime, v: Value, a: Args, attr: boolean, keep: boolean): Value[] {
  const args = [...a.args];
  const get = attr ? attrGetter(args.shift() ?? null) : (x: Value) => x;
  const testName = args.shift();
  const rest: Args = { args, kwargs: a.kwargs };
  const items = iterate(v);
  rt.budget.step(items.length);
  return items.filter((item) => {
    const x = get(item);
    const passed = testName === undefined ? truthy(x) : rt.test(asStr(testName, 'test name'), x, rest);
    return passed === keep;
  });
}

function minMax(rt: Runtime, name: string, v: Value, a: Args, sign: number): Value {
  const [caseSensitive = false, attribute = null] = bind(name, a, [
    ['case_sensitive', false],
    ['attribute', null],
  ]);
  const get = attribute === null ? (x: Value) => x : attrGetter(attribute);
  const key = caseKey(caseSensitive);
  const items = iterate(v);
  rt.budget.step(items.length);
  let best: Value | undefined;
  for (const item of items) {
    if (best === undefined || sign * compare(key(get(item)), key(get(best))) > 0) best = item;
  }
  return best ?? new Undefined('No aggregated item, sequence was empty.');
}

function indent(s: string, width: Value, first: Value, blank: Value): string {
  const pad = typeof width === 'string' ? width : repeat(' ', asInt(width, 'width'));
  const lines = `${s}\n`.split('\n').slice(0, -1);
  let out: string;
  if (truthy(blank)) out = lines.join(`\n${pad}`);
  else out = [lines[0] ?? '', ...lines.slice(1).map((line) => (line ? pad + line : line))].join('\n');
  if (truthy(first)) out = pad + out;
  checkLength(out.length);
  return out;
}

function title(s: string): string {
  return s
    .split(/([-\s({[<]+)/)
    .filter((part) => part)
    .map((part) => part.slice(0, 1).toUpperCase() + part.slice(1).toLowerCase())
    .join('');
}

function truncate(s: string, a: Args): string {
  const [length = 255n, killwords = false, end = '...', leeway = null] = bind('truncate', a, [
    ['length', 255n],
    ['killwords', false],
    ['end', '...'],
    ['leeway', null],
  ]);
  const n = asInt(length, 'length');
  const e = asStr(end, 'end');
  const slack = leeway === null ? 5 : asInt(leeway, 'leeway');
  if (n < e.length) throw new TemplateError('truncate: length is shorter than end');
  if (s.length <= n + slack) return s;
  if (truthy(killwords)) return s.slice(0, n - e.length) + e;
  const head = s.slice(0, n - e.length);
  const cut = head.lastIndexOf(' ');
  return (cut >= 0 ? head.slice(0, cut) : head) + e;
}

const FILTER_LIST: [string, Filter][] = [
  [
    'abs',
    (_rt, v, a) => {
      noArgs('abs', a);
      const n = numeric(v);
      if (n === undefined) throw new TemplateError(`abs needs a number, not ${typeName(v)}`);
      return typeof n === 'bigint' ? (n < 0n ? -n : n) : Math.abs(n);
    },
  ],
  ['attr', (_rt, v, a) => getAttrOnly(v, asStr(bind('attr', a, ['name'])[0] ?? '', 'attribute name'))],
  [
    'batch',
    (_rt, v, a) => {
      const [count = 1n, fill = null] = bind('batch', a, ['linecount', ['fill_with', null]]);
      const n = asInt(count, 'linecount');
      if (n <= 0) throw new TemplateError('batch: linecount must be positive');
      checkItems(n);
      const items = iterate(v);
      const out: Value[] = [];
      for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
      const last = out.at(-1) ?? null;
      if (fill !== null && isList(last)) while (last.length < n) last.push(fill);
      return out;
    },
  ],
  [
    'capitalize',
    (_rt, v, a) => {
      noArgs('capitalize', a);
      const s = str(v);
      return s.slice(0, 1).toUpperCase() + s.slice(1).toLowerCase();
    },
  ],
  ['center', (rt, v, a) => strMethod(rt, 'center', v, [bind('center', a, [['width', 80n]])[0] ?? 80n])],
  [
    'default',
    (_rt, v, a) => {
      const [fallback = '', boolean = false] = bind('default', a, [
        ['default_value', ''],
        ['boolean', false],
      ]);
      return v instanceof Undefined || (truthy(boolean) && !truthy(v)) ? fallback : v;
    },
  ],
  [
    'dictsort',
    (rt, v, a) => {
      const [caseSensitive = false, by = 'key', reverse = false] = bind('dictsort', a, [
        ['case_sensitive', false],
        ['by', 'key'],
        ['reverse', false],
      ]);
      if (!(v instanceof Map)) throw new TemplateError(`dictsort needs a dict, not ${typeName(v)}`);
      const at = by === 'key' ? 0 : by === 'value' ? 1 : -1;
      if (at < 0) throw new TemplateError("dictsort: by must be 'key' or 'value'");
      const key = caseKey(caseSensitive);
      const pairs = [...v].map(([k, x]) => new PyTuple([k, x]));
      return sortBy(rt, pairs, (p) => key((p as PyTuple).items[at] ?? null), truthy(reverse));
    },
  ],
  ['escape', plain('escape', (v) => htmlEscape(str(v)))],
  [
    'first',
    (_rt, v, a) => {
      noArgs('first', a);
      return iterate(v)[0] ?? new Undefined('No first item, sequence was empty.');
    },
  ],
  [
    'float',
    (_rt, v, a) => {
      const fallback = bind('float', a, [['default', 0]])[0] ?? 0;
      if (typeof v === 'string') return pyFloat(v) ?? fallback;
      const n = numeric(v);
      return n === undefined ? fallback : Number(n);
    },
  ],
  [
    'format',
    (_rt, v, a) => {
      if (a.args.length && a.kwargs.size)
        throw new TemplateError('format: give positional or keyword arguments, not both');
      return percentFormat(str(v), a.kwargs.size ? new Map(a.kwargs) : new PyTuple([...a.args]));
    },
  ],
  [
    'groupby',
    (rt, v, a) => {
      const [attribute = null, fallback = null, caseSensitive = false] = bind('groupby', a, [
        'attribute',
        ['default', null],
        ['case_sensitive', false],
      ]);
      const get = attrGetter(attribute, fallback === null ? undefined : fallback);
      const key = (x: Value) => caseKey(caseSensitive)(get(x));
      const groups: PyTuple[] = [];
      for (const item of sortBy(rt, iterate(v), key, false)) {
        const last = groups.at(-1);
        const list = last?.items[1] ?? null;
        if (last && isList(list) && eq(key(list[0] ?? null), key(item))) list.push(item);
        else groups.push(new PyTuple([get(item), [item]], ['grouper', 'list']));
      }
      return groups;
    },
  ],
  [
    'indent',
    (_rt, v, a) => {
      const [width = 4n, first = false, blank = false] = bind('indent', a, [
        ['width', 4n],
        ['first', false],
        ['blank', false],
      ]);
      return indent(str(v), width, first, blank);
    },
  ],
  [
    'int',
    (_rt, v, a) => {
      const [fallback = 0n, base = 10n] = bind('int', a, [
        ['default', 0n],
        ['base', 10n],
      ]);
      if (typeof v === 'string') {
        const parsed = pyInt(v, asInt(base, 'base'));
        if (parsed !== undefined) return parsed;
        const f = pyFloat(v);
        return f !== undefined && Number.isFinite(f) ? BigInt(Math.trunc(f)) : fallback;
      }
      const n = numeric(v);
      if (n === undefined) return fallback;
      return typeof n === 'bigint' ? n : Number.isFinite(n) ? BigInt(Math.trunc(n)) : fallback;
    },
  ],
  [
    'items',
    (_rt, v, a) => {
      noArgs('items', a);
      if (v instanceof Undefined) return [];
      if (!(v instanceof Map)) throw new TemplateError(`items needs a dict, not ${typeName(v)}`);
      return [...v].map(([k, x]) => new PyTuple([k, x]));
    },
  ],
  [
    'join',
    (rt, v, a) => {
      const [separator = '', attribute = null] = bind('join', a, [
        ['d', ''],
        ['attribute', null],
      ]);
      const get = attribute === null ? (x: Value) => x : attrGetter(attribute);
      const items = iterate(v);
      rt.budget.step(items.length);
      const parts = items.map((x) => str(get(x)));
      const sep = str(separator);
      checkLength(parts.reduce((n, x) => n + x.length + sep.length, 0));
      return parts.join(sep);
    },
  ],
  [
    'last',
    (_rt, v, a) => {
      noArgs('last', a);
      const items = iterate(v);
      return items.length
        ? (items[items.length - 1] ?? null)
        : new Undefined('No last item, sequence was empty.');
    },
  ],
  [
    'length',
    (_rt, v, a) => {
      noArgs('length', a);
      if (typeof v === 'string') return int(strLength(v));
      if (isList(v)) return int(v.length);
      if (v instanceof PyTuple) return int(v.items.length);
      if (v instanceof Map) return int(v.size);
      if (v instanceof Undefined) return 0n;
      throw new TemplateError(`${typeName(v)} has no length`);
    },
  ],
  ['list', plain('list', (v) => [...iterate(v)])],
  ['lower', plain('lower', (v) => str(v).toLowerCase())],
  [
    'map',
    (rt, v, a) => {
      const items = iterate(v);
      rt.budget.step(items.length);
      if (a.args.length === 0 && a.kwargs.has('attribute')) {
        const extra = [...a.kwargs.keys()].filter((k) => k !== 'attribute' && k !== 'default');
        if (extra.length) throw new TemplateError(`map: unexpected keyword argument '${extra[0]}'`);
        const get = attrGetter(a.kwargs.get('attribute') ?? null, a.kwargs.get('default') ?? null);
        return items.map(get);
      }
      const [name, ...args] = a.args;
      if (name === undefined) throw new TemplateError('map needs a filter name or attribute=');
      const filterName = asStr(name, 'filter name');
      return items.map((item) => rt.filter(filterName, item, { args, kwargs: a.kwargs }));
    },
  ],
  ['max', (rt, v, a) => minMax(rt, 'max', v, a, 1)],
  ['min', (rt, v, a) => minMax(rt, 'min', v, a, -1)],
  ['pprint', plain('pprint', (v) => repr(v))],
  ['reject', (rt, v, a) => select(rt, v, a, false, false)],
  ['rejectattr', (rt, v, a) => select(rt, v, a, true, false)],
  [
    'replace',
    (rt, v, a) => {
      const [old = '', repl = '', count = null] = bind('replace', a, ['old', 'new', ['count', null]]);
      return strMethod(rt, 'replace', v, [old, repl, count === null ? -1n : count]);
    },
  ],
  [
    'reverse',
    (_rt, v, a) => {
      noArgs('reverse', a);
      if (typeof v === 'string') return chars(v).reverse().join('');
      return [...iterate(v)].reverse();
    },
  ],
  [
    'round',
    (_rt, v, a) => {
      const [precision = 0n, method = 'common'] = bind('round', a, [
        ['precision', 0n],
        ['method', 'common'],
      ]);
      const digits = asInt(precision, 'precision');
      const n = numeric(v);
      if (n === undefined) throw new TemplateError(`round needs a number, not ${typeName(v)}`);
      if (method === 'common') return typeof n === 'bigint' ? n : roundHalfEven(n, digits);
      if (method !== 'ceil' && method !== 'floor')
        throw new TemplateError("round: method must be 'common', 'ceil' or 'floor'");
      const scale = 10 ** digits;
      return (method === 'ceil' ? Math.ceil(Number(n) * scale) : Math.floor(Number(n) * scale)) / scale;
    },
  ],
  ['safe', plain('safe', (v) => str(v))],
  ['select', (rt, v, a) => select(rt, v, a, false, true)],
  ['selectattr', (rt, v, a) => select(rt, v, a, true, true)],
  [
    'slice',
    (_rt, v, a) => {
      const [slices = 1n, fill = null] = bind('slice', a, ['slices', ['fill_with', null]]);
      const n = asInt(slices, 'slices');
      if (n <= 0 || n > 100_000) throw new TemplateError('slice: slices must be between 1 and 100000');
      const items = iterate(v);
      const per = Math.floor(items.length / n);
      const extra = items.length % n;
      const out: Value[] = [];
      let offset = 0;
      for (let i = 0; i < n; i++) {
        const start = offset + i * per;
        if (i < extra) offset++;
        const part = items.slice(start, offset + (i + 1) * per);
        if (fill !== null && i >= extra) part.push(fill);
        out.push(part);
      }
      return out;
    },
  ],
  [
    'sort',
    (rt, v, a) => {
      const [reverse = false, caseSensitive = false, attribute = null] = bind('sort', a, [
        ['reverse', false],
        ['case_sensitive', false],
        ['attribute', null],
      ]);
      const get = attribute === null ? (x: Value) => x : attrGetter(attribute);
      const key = caseKey(caseSensitive);
      return sortBy(rt, [...iterate(v)], (x) => key(get(x)), truthy(reverse));
    },
  ],
  ['string', plain('string', (v) => str(v))],
  [
    'sum',
    (rt, v, a) => {
      const [attribute = null, start = 0n] = bind('sum', a, [
        ['attribute', null],
        ['start', 0n],
      ]);
      const get = attribute === null ? (x: Value) => x : attrGetter(attribute);
      const items = iterate(v);
      rt.budget.step(items.length);
      let total = numeric(start);
      for (const item of items) {
        const n = numeric(get(item));
        if (n === undefined || total === undefined)
          throw new TemplateError(`sum needs numbers, not ${typeName(get(item))}`);
        total = typeof total === 'bigint' && typeof n === 'bigint' ? total + n : Number(total) + Number(n);
      }
      return total ?? 0n;
    },
  ],
  ['title', plain('title', (v) => title(str(v)))],
  [
    'tojson',
    (_rt, v, a) => {
      const width = bind('tojson', a, [['indent', null]])[0] ?? null;
      return toJson(
        v,
        width === null ? undefined : typeof width === 'string' ? width : ' '.repeat(asInt(width, 'indent')),
      );
    },
  ],
  ['trim', (rt, v, a) => strMethod(rt, 'strip', v, [bind('trim', a, [['chars', null]])[0] ?? null])],
  ['truncate', (_rt, v, a) => truncate(str(v), a)],
  [
    'unique',
    (rt, v, a) => {
      const [caseSensitive = false, attribute = null] = bind('unique', a, [
        ['case_sensitive', false],
        ['attribute', null],
      ]);
      const get = attribute === null ? (x: Value) => x : attrGetter(attribute);
      const key = caseKey(caseSensitive);
      const seen: Value[] = [];
      const out: Value[] = [];
      const items = iterate(v);
      rt.budget.step(items.length);
      for (const item of items) {
        const k = key(get(item));
        if (seen.some((s) => eq(s, k))) continue;
        rt.budget.step(seen.length);
        seen.push(k);
        out.push(item);
      }
      return out;
    },
  ],
  ['upper', plain('upper', (v) => str(v).toUpperCase())],
  ['wordcount', plain('wordcount', (v) => int(str(v).match(/[\p{L}\p{N}_]+/gu)?.length ?? 0))],
];

export const FILTERS: ReadonlyMap<string, Filter> = new Map<string, Filter>([
  ...FILTER_LIST,
  ['count', (rt, v, a) => rt.filter('length', v, a)],
  ['d', (rt, v, a) => rt.filter('default', v, a)],
  ['e', (rt, v, a) => rt.filter('escape', v, a)],
  ['forceescape', (rt, v, a) => rt.filter('escape', v, a)],
]);
