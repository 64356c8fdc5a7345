/**
 * The values a template computes with: inert data in Python's shapes. str is a JS string, int a bigint
 * (Python ints are unbounded), float a number, None null, list an array, tuple a PyTuple, dict a Map.
 * Everything callable is one of a few classes whose members come from fixed tables (./methods, ./filters):
 * no lookup here ever reads a JavaScript property by a name a template chose.
 */
import type { MacroDef } from './ast';
import { type Budget, charge, LIMITS, TemplateError } from './errors';

/** A name a template computed, when no value answers to it (prints as '', iterates as empty). */
export class Undefined {
  constructor(readonly hint: string) {}
}

/** A tuple; `groupby` names its fields (`group.grouper`, `group.list`), as Jinja's namedtuples do. */
export class PyTuple {
  constructor(
    readonly items: Value[],
    readonly fields?: readonly string[],
  ) {}
}

/** Python's dict key types this renderer accepts: str, int, float, bool, None. */
export type Key = string | bigint | number | boolean | null;
export type PyDict = Map<Key, Value>;

/** Arguments of a call: positional, then keyword (in call order). */
export interface Args {
  readonly args: Value[];
  readonly kwargs: Map<string, Value>;
}

/** What builtins may use of the evaluator: the budget and calling other values, filters and tests. */
export interface Runtime {
  readonly budget: Budget;
  /** `x.name` and `x[key]` (./lookup), for the lookups inside `"{0.name}".format(x)`. */
  attr(v: Value, name: string): Value;
  item(v: Value, key: Value): Value;
  call(fn: Value, args: Args): Value;
  filter(name: string, value: Value, args: Args): Value;
  test(name: string, value: Value, args: Args): boolean;
}

/** One of the fixed safe functions (globals, methods of values): the only JavaScript a template can call. */
export class Builtin {
  constructor(
    readonly name: string,
    readonly run: (rt: Runtime, args: Args) => Value,
  ) {}
}

/** Variables of one scope; lookups walk the parents (a macro's parent is where it was defined). */
export class Frame {
  readonly vars = new Map<string, Value>();

  constructor(readonly parent?: Frame) {}

  lookup(name: string): Value | undefined {
    for (let frame: Frame | undefined = this; frame; frame = frame.parent) {
      if (frame.vars.has(name)) return frame.vars.get(name);
    }
    return undefined;
  }
}

/** A `{% macro %}` (or the body of a `{% call %}` block, as `caller`) bound to the scope it was defined in. */
export class Macro {
  constructor(
    readonly node: MacroDef,
    readonly closure: Frame,
  ) {}

  get name(): string {
    return this.node.name;
  }
}

/** `namespace()`: the one value whose attributes `{% set ns.x = ... %}` may assign. */
export class Namespace {
  constructor(readonly attrs: Map<string, Value>) {}
}

/** `loop` inside `{% for %}`. */
export class LoopContext {
  index0 = 0;
  /** `loop(items)` of a recursive loop renders the loop body again over items. */
  recurse: ((items: Value) => string) | undefined;
  private lastChanged: Value[] | undefined;

  constructor(
    readonly items: Value[],
    readonly depth0: number,
  ) {}

  /** `loop.changed(*values)`: true when the values differ from the previous call's. */
  changed(values: Value[]): boolean {
    const same = this.lastChanged !== undefined && eq(this.lastChanged, values);
    this.lastChanged = values;
    return !same;
  }
}

export class Cycler {
  position = 0;
  constructor(readonly items: Value[]) {}
}

export class Joiner {
  used = false;
  constructor(readonly separator: string) {}
}

/** An imported template: its top-level macros and variables (names starting with `_` stay private). */
export class TemplateModule {
  constructor(
    readonly file: string,
    readonly exports: Map<string, Value>,
    readonly output: string,
  ) {}
}

export type Value =
  | string
  | bigint
  | number
  | boolean
  | null
  | Undefined
  | Value[]
  | PyTuple
  | PyDict
  | Builtin
  | Macro
  | Namespace
  | LoopContext
  | Cycler
  | Joiner
  | TemplateModule;

/**
 * Names no lookup may use, whatever the value: anything starting with `_` (Python's private and dunder
 * names, JavaScript's `__proto__` and `__defineGetter__`) and the internals without an underscore that
 * reach code in Python (`mro`, `func_globals`, frame and generator internals) or JavaScript.
 */
const INTERNALS = new Set([
  'constructor',
  'prototype',
  'mro',
  'func_globals',
  'func_code',
  'func_closure',
  'func_defaults',
  'gi_frame',
  'gi_code',
  'cr_frame',
  'cr_code',
  'ag_frame',
  'ag_code',
  'f_globals',
  'f_locals',
  'f_builtins',
  'f_back',
  'tb_frame',
  'im_class',
  'im_func',
  'im_self',
  'valueOf',
  'toString',
  'toLocaleString',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'callee',
  'apply',
  'bind',
  'call',
]);

/** Why a name is refused, or undefined when a lookup may use it. */
export function refusedName(name: string): string | undefined {
  if (name.startsWith('_'))
    return `${JSON.stringify(name)} starts with "_" (private and internal names are refused)`;
  if (INTERNALS.has(name)) return `${JSON.stringify(name)} is an interpreter internal (refused)`;
  return undefined;
}

export function checkName(name: string, where: string): void {
  const why = refusedName(name);
  if (why) throw new TemplateError(`${where}: ${why}`);
}

export const isList = (v: Value): v is Value[] => Array.isArray(v);
export const isDict = (v: Value): v is PyDict => v instanceof Map;
export const isInt = (v: Value): v is bigint => typeof v === 'bigint';
export const isFloat = (v: Value): v is number => typeof v === 'number';
export const isNumber = (v: Value): v is bigint | number =>
  typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean';
export const isSequence = (v: Value): v is Value[] | PyTuple | string =>
  Array.isArray(v) || v instanceof PyTuple || typeof v === 'string';
export const isCallable = (v: Value): boolean =>
  v instanceof Macro ||
  v instanceof Builtin ||
  v instanceof Joiner ||
  (v instanceof LoopContext && !!v.recurse);

/** Python's type name of a value, for error messages. */
export function typeName(v: Value): string {
  if (typeof v === 'string') return 'str';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'boolean') return 'bool';
  if (v === null) return 'NoneType';
  if (v instanceof Undefined) return 'undefined';
  if (Array.isArray(v)) return 'list';
  if (v instanceof PyTuple) return 'tuple';
  if (v instanceof Map) return 'dict';
  if (v instanceof Macro) return 'macro';
  if (v instanceof Builtin) return 'builtin_function';
  if (v instanceof Namespace) return 'namespace';
  if (v instanceof LoopContext) return 'loop';
  if (v instanceof Cycler) return 'cycler';
  if (v instanceof Joiner) return 'joiner';
  return 'module';
}

export function truthy(v: Value): boolean {
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'bigint') return v !== 0n;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'boolean') return v;
  if (v === null || v instanceof Undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (v instanceof Map) return v.size > 0;
  return true;
}

/** Python's repr() of a float: shortest round-trip digits, exponent below 1e-4 and from 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa = '0', exponent = '0'] = Math.abs(x).toExponential().split('e');
  const e = Number(exponent);
  const digits = mantissa.replace('.', '');
  const sign = x < 0 ? '-' : '';
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (e >= 0) {
    const whole = digits.slice(0, e + 1).padEnd(e + 1, '0');
    return `${sign}${whole}.${digits.slice(e + 1) || '0'}`;
  }
  return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
}

/** Python's repr() of a str. */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's str() of a value, as `{{ }}` prints it (undefined prints nothing). */
export function str(v: Value): string {
  if (typeof v === 'string') return v;
  if (v instanceof Undefined) return '';
  return repr(v);
}

/** Python's repr() of a value; self-containing lists and dicts print `[...]` as Python does. */
export function repr(v: Value, seen: Set<object> = new Set()): string {
  if (typeof v === 'string') return strRepr(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return floatRepr(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null) return 'None';
  if (v instanceof Undefined) return '';
  if (Array.isArray(v) || v instanceof PyTuple || v instanceof Map) {
    if (seen.has(v)) return v instanceof Map ? '{...}' : '[...]';
    if (seen.size >= LIMITS.nesting)
      throw new TemplateError(`a value nested more than ${LIMITS.nesting} deep`);
    charge(2 * (Array.isArray(v) ? v.length : v instanceof PyTuple ? v.items.length : v.size));
    seen.add(v);
    let out: string;
    if (Array.isArray(v)) out = `[${v.map((x) => repr(x, seen)).join(', ')}]`;
    else if (v instanceof PyTuple) {
      const inner = v.items.map((x) => repr(x, seen)).join(', ');
      out = v.items.length === 1 ? `(${inner},)` : `(${inner})`;
    } else out = `{${[...v].map(([k, x]) => `${repr(k, seen)}: ${repr(x, seen)}`).join(', ')}}`;
    seen.delete(v);
    return out;
  }
  if (v instanceof Macro) return `<Macro '${v.name}'>`;
  if (v instanceof Builtin) return `<built-in function ${v.name}>`;
  if (v instanceof Namespace) {
    return `<Namespace ${[...v.attrs].map(([k, x]) => `${k}=${repr(x, seen)}`).join(', ')}>`;
  }
  if (v instanceof LoopContext) return `<LoopContext ${v.index0 + 1}/${v.items.length}>`;
  if (v instanceof Cycler) return '<Cycler>';
  if (v instanceof Joiner) return '<Joiner>';
  return `<TemplateModule '${v.file}'>`;
}

/** A value as a number for arithmetic and comparison (bool is an int, as in Python), else undefined. */
export function numeric(v: Value): bigint | number | undefined {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  return undefined;
}

/** Python's `==`. */
export function eq(a: Value, b: Value, depth = 0): boolean {
  if (depth > LIMITS.nesting) throw new TemplateError(`a value nested more than ${LIMITS.nesting} deep`);
  charge(1 / 4 + (typeof a === 'string' ? a.length / 256 : 0));
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined && nb !== undefined) {
    if (typeof na === 'bigint' && typeof nb === 'bigint') return na === nb;
    return Number(na) === Number(nb);
  }
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a === null || b === null) return a === b;
  if (a instanceof Undefined || b instanceof Undefined)
    return a instanceof Undefined && b instanceof Undefined;
  // Python's container comparison takes an item that is the very same object as equal.
  if (a === b && typeof a === 'object') return true;
  if (Array.isArray(a) && Array.isArray(b)) return seqEq(a, b, depth);
  if (a instanceof PyTuple && b instanceof PyTuple) return seqEq(a.items, b.items, depth);
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, x] of a) {
      if (!b.has(k)) return false;
      const y = b.get(k);
      if (y === undefined || !eq(x, y, depth + 1)) return false;
    }
    return true;
  }
  return a === b;
}

function seqEq(a: Value[], b: Value[], depth: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined || !eq(x, y, depth + 1)) return false;
  }
  return true;
}

/** Python's ordering (`<` is compare(a, b) < 0): numbers, strings, lists and tuples; else TypeError. */
export function compare(a: Value, b: Value, depth = 0): number {
  if (depth > LIMITS.nesting) throw new TemplateError(`a value nested more than ${LIMITS.nesting} deep`);
  charge(1 / 4 + (typeof a === 'string' ? a.length / 256 : 0));
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined && nb !== undefined) {
    if (typeof na === 'bigint' && typeof nb === 'bigint') return na < nb ? -1 : na > nb ? 1 : 0;
    const x = Number(na);
    const y = Number(nb);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const sa = Array.isArray(a) ? a : a instanceof PyTuple ? a.items : undefined;
  const sb = Array.isArray(b) ? b : b instanceof PyTuple ? b.items : undefined;
  if (sa && sb && Array.isArray(a) === Array.isArray(b)) {
    for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
      const x = sa[i] ?? null;
      const y = sb[i] ?? null;
      if (!eq(x, y, depth + 1)) return compare(x, y, depth + 1);
    }
    return sa.length - sb.length;
  }
  throw new TemplateError(`'<' is not supported between ${typeName(a)} and ${typeName(b)}`);
}

const SURROGATES = /[\uD800-\uDFFF]/;

/** A string's characters as Python counts them (code points); splitting is slow, so it is charged by length. */
export function chars(s: string): string[] {
  charge(s.length / 4);
  return [...s];
}

/** Python's len() of a str, without splitting a string that holds no surrogate pair. */
export const strLength = (s: string): number => (simpleString(s) ? s.length : chars(s).length);

/** Whether a string's code units are its characters (no surrogate pairs): indexes can then be used as they are. */
export function simpleString(s: string): boolean {
  charge(s.length / 256);
  return !SURROGATES.test(s);
}

/** The items `{% for %}` and list filters walk: characters, items, a dict's keys; undefined is empty. */
export function iterate(v: Value): Value[] {
  if (typeof v === 'string') return chars(v);
  if (Array.isArray(v)) return v;
  if (v instanceof PyTuple) return v.items;
  if (v instanceof Map) return [...v.keys()];
  if (v instanceof Undefined) return [];
  if (v instanceof Namespace) return [...v.attrs.keys()];
  throw new TemplateError(`${typeName(v)} is not iterable`);
}

/** A value usable as a dict key (a float with an integer value is that int, as Python hashes it). */
export function toKey(v: Value): Key {
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'string' || typeof v === 'bigint' || typeof v === 'boolean' || v === null) return v;
  throw new TemplateError(`${typeName(v)} cannot be a dict key here (str, int, float, bool and None can)`);
}

export function newDict(entries: Iterable<[Value, Value]> = []): PyDict {
  const dict: PyDict = new Map();
  for (const [k, v] of entries) dict.set(toKey(k), v);
  return dict;
}

/** A Python int from a JS number that holds an integer (lengths, indexes). */
export const int = (n: number): bigint => BigInt(n);

/** A bigint as a JS index when it fits, for slicing and indexing. */
export function toIndex(v: Value, what: string): number {
  const n = numeric(v);
  if (typeof n !== 'bigint') throw new TemplateError(`${what} must be an int, not ${typeName(v)}`);
  return Number(n);
}
