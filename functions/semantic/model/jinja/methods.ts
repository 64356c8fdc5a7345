/**
 * The methods a template may call on values, as Python users write them (`d.items()`, `l.append(x)`; str
 * methods are in ./str-methods). Each table is a Map: a name missing from it is not a method, whatever
 * JavaScript objects happen to have.
 */

import { asInt, bind, type Method, plain } from './args';
import { charge, checkItems, TemplateError, weightOf } from './errors';
import { STR } from './str-methods';
import {
  Builtin,
  Cycler,
  checkName,
  compare,
  eq,
  int,
  isList,
  iterate,
  type Key,
  LoopContext,
  Namespace,
  type PyDict,
  PyTuple,
  str,
  toKey,
  truthy,
  typeName,
  type Value,
} from './values';

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
    return method
      ? new Builtin(`${typeName(v)}.${name}`, (rt, a) => {
          charge(weightOf(self));
          return method(self, a, rt);
        })
      : undefined;
  };
  if (typeof v === 'string') return bound(STR, v);
  if (isList(v)) return bound(LIST, v);
  if (v instanceof PyTuple) return bound(TUPLE, v);
  if (v instanceof Map) return bound(DICT, v);
  if (v instanceof LoopContext) return bound(LOOP, v);
  if (v instanceof Cycler) return bound(CYCLER, v);
  return undefined;
}
