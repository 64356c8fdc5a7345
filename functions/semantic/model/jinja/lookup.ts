/**
 * `x.name` and `x[key]`, Jinja's way (an attribute falls back to an item, an item to an attribute), over
 * data only: a dict answers from its own Map entries, a list or string by index, every other value from a
 * fixed table of fields and methods. A name that refusedName() refuses is an error whatever the value;
 * nothing here indexes a JavaScript object with a name the template chose.
 */
import { charge, TemplateError } from './errors';
import { methodOf } from './methods';
import {
  Cycler,
  chars,
  checkName,
  int,
  isList,
  LoopContext,
  Macro,
  Namespace,
  numeric,
  PyTuple,
  simpleString,
  strLength,
  TemplateModule,
  toKey,
  typeName,
  Undefined,
  type Value,
} from './values';

const missing = (v: Value, name: string) =>
  new Undefined(`${typeName(v)} has no attribute ${JSON.stringify(name)}`);

/** Fields of the built-in objects, by name (methods come from ./methods). */
function fieldOf(v: Value, name: string): Value | undefined {
  if (v instanceof LoopContext) {
    const length = v.items.length;
    const i = v.index0;
    switch (name) {
      case 'index':
        return int(i + 1);
      case 'index0':
        return int(i);
      case 'revindex':
        return int(length - i);
      case 'revindex0':
        return int(length - i - 1);
      case 'first':
        return i === 0;
      case 'last':
        return i === length - 1;
      case 'length':
        return int(length);
      case 'depth':
        return int(v.depth0 + 1);
      case 'depth0':
        return int(v.depth0);
      case 'previtem':
        return i > 0 ? (v.items[i - 1] ?? null) : new Undefined('there is no previous item');
      case 'nextitem':
        return i < length - 1 ? (v.items[i + 1] ?? null) : new Undefined('there is no next item');
      default:
        return undefined;
    }
  }
  if (v instanceof Cycler && name === 'current') return v.items[v.position] ?? null;
  if (v instanceof Macro) {
    switch (name) {
      case 'name':
        return v.name;
      case 'arguments':
        return new PyTuple(v.node.params.map((p) => p.name));
      case 'catch_kwargs':
        return v.node.usesKwargs;
      case 'catch_varargs':
        return v.node.usesVarargs;
      default:
        return undefined;
    }
  }
  if (v instanceof Namespace) return v.attrs.get(name);
  if (v instanceof TemplateModule) return v.exports.get(name);
  if (v instanceof PyTuple && v.fields) {
    const at = v.fields.indexOf(name);
    return at >= 0 ? v.items[at] : undefined;
  }
  return undefined;
}

/** `x.name`: a field or method, then a dict item; undefined when neither exists. */
export function getAttr(v: Value, name: string): Value {
  checkName(name, `.${name}`);
  if (v instanceof Undefined)
    throw new TemplateError(`${v.hint}: it has no attribute ${JSON.stringify(name)}`);
  const field = fieldOf(v, name);
  if (field !== undefined) return field;
  const method = methodOf(v, name);
  if (method) return method;
  if (v instanceof Map) {
    const item = v.get(name);
    if (item !== undefined) return item;
  }
  return missing(v, name);
}

/** The `attr` filter: fields and methods only, never dict items (Jinja's getattr without the fallback). */
export function getAttrOnly(v: Value, name: string): Value {
  checkName(name, `attr(${JSON.stringify(name)})`);
  if (v instanceof Undefined)
    throw new TemplateError(`${v.hint}: it has no attribute ${JSON.stringify(name)}`);
  return fieldOf(v, name) ?? methodOf(v, name) ?? missing(v, name);
}

/** `x[key]`: an item (index, dict key, slice), then for a string key an attribute. */
export function getItem(v: Value, key: Value): Value {
  if (typeof key === 'string') checkName(key, `[${JSON.stringify(key)}]`);
  if (v instanceof Undefined) throw new TemplateError(`${v.hint}: it has no item ${shortRepr(key)}`);
  if (key instanceof Undefined) return new Undefined(`${key.hint} (used as a key)`);
  if (v instanceof Map) {
    const k = toKey(key);
    const item = v.get(k);
    if (item !== undefined) return item;
    if (typeof key === 'string') return getAttr(v, key);
    return new Undefined(`dict has no key ${shortRepr(key)}`);
  }
  const seq = typeof v === 'string' ? v : isList(v) ? v : v instanceof PyTuple ? v.items : undefined;
  if (seq !== undefined) {
    const n = numeric(key);
    if (typeof n === 'bigint') {
      const length = typeof seq === 'string' ? strLength(seq) : seq.length;
      const i = Number(n < 0n ? n + BigInt(length) : n);
      if (i < 0 || i >= length) return new Undefined(`index ${n} is out of range`);
      if (typeof seq === 'string') return (simpleString(seq) ? seq[i] : chars(seq)[i]) ?? '';
      return seq[i] ?? null;
    }
  }
  if (typeof key === 'string') return getAttr(v, key);
  return new Undefined(`${typeName(v)} has no item ${shortRepr(key)}`);
}

const shortRepr = (key: Value) =>
  typeof key === 'string' ? JSON.stringify(key) : typeof key === 'bigint' ? key.toString() : typeName(key);

/** Python's slice of a str, list or tuple. */
export function slice(v: Value, start: Value, stop: Value, step: Value): Value {
  const toBound = (x: Value, what: string): number | undefined => {
    if (x === null || x instanceof Undefined) return undefined;
    const n = numeric(x);
    if (typeof n !== 'bigint') throw new TemplateError(`slice ${what} must be an int, not ${typeName(x)}`);
    return Number(n);
  };
  const s = toBound(step, 'step') ?? 1;
  if (s === 0) throw new TemplateError('slice step cannot be zero');
  // Python's slice.indices(): where a slice of `length` items starts and stops for this step.
  const bounds = (length: number): [number, number] => {
    const clamp = (x: number | undefined, fallback: number, low: number, high: number) => {
      if (x === undefined) return fallback;
      const y = x < 0 ? x + length : x;
      return Math.min(Math.max(y, low), high);
    };
    if (s > 0)
      return [clamp(toBound(start, 'start'), 0, 0, length), clamp(toBound(stop, 'stop'), length, 0, length)];
    return [
      clamp(toBound(start, 'start'), length - 1, -1, length - 1),
      clamp(toBound(stop, 'stop'), -1, -1, length - 1),
    ];
  };
  const pick = <T>(items: T[]): T[] => {
    const [from, to] = bounds(items.length);
    const out: T[] = [];
    if (s > 0) for (let i = from; i < to; i += s) out.push(items[i] as T);
    else for (let i = from; i > to; i += s) out.push(items[i] as T);
    return out;
  };
  if (typeof v === 'string') {
    if (s === 1 && simpleString(v)) {
      charge(v.length / 32);
      const [from, to] = bounds(v.length);
      return v.slice(from, Math.max(from, to));
    }
    return pick(chars(v)).join('');
  }
  if (isList(v)) return pick(v);
  if (v instanceof PyTuple) return new PyTuple(pick(v.items));
  if (v instanceof Undefined) throw new TemplateError(`${v.hint}: it cannot be sliced`);
  throw new TemplateError(`${typeName(v)} cannot be sliced`);
}
