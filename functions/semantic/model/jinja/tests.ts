/** Jinja's tests (`x is defined`, `n is divisibleby 3`) and the `in` operator. */
import { charge, TemplateError } from './errors';
import {
  type Args,
  compare,
  eq,
  isCallable,
  isList,
  Namespace,
  numeric,
  PyTuple,
  type Runtime,
  str,
  toKey,
  typeName,
  Undefined,
  type Value,
} from './values';

/** Python's `item in container`. */
export function contains(container: Value, item: Value): boolean {
  if (typeof container === 'string') {
    if (typeof item !== 'string')
      throw new TemplateError(`'in <str>' needs a str on its left, not ${typeName(item)}`);
    charge(container.length / 256);
    return container.includes(item);
  }
  if (isList(container)) return container.some((x) => eq(item, x));
  if (container instanceof PyTuple) return container.items.some((x) => eq(item, x));
  if (container instanceof Map) return item instanceof Undefined ? false : container.has(toKey(item));
  if (container instanceof Undefined) return false;
  if (container instanceof Namespace) return typeof item === 'string' && container.attrs.has(item);
  throw new TemplateError(`'in' needs a container on its right, not ${typeName(container)}`);
}

const one = (name: string, a: Args): Value => {
  const v = a.args[0];
  if (a.args.length !== 1 || a.kwargs.size) throw new TemplateError(`test ${name} takes one argument`);
  return v ?? null;
};

const none = (name: string, a: Args) => {
  if (a.args.length || a.kwargs.size) throw new TemplateError(`test ${name} takes no argument`);
};

const modulo = (v: Value, by: Value, name: string): boolean => {
  const x = numeric(v);
  const y = numeric(by);
  if (x === undefined || y === undefined)
    throw new TemplateError(`test ${name} needs numbers, not ${typeName(v)}`);
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    if (y === 0n) throw new TemplateError(`test ${name}: division by zero`);
    return x % y === 0n;
  }
  if (Number(y) === 0) throw new TemplateError(`test ${name}: division by zero`);
  return Number(x) % Number(y) === 0;
};

export type Test = (rt: Runtime, v: Value, a: Args) => boolean;

const isSeq = (v: Value) => typeof v === 'string' || isList(v) || v instanceof PyTuple || v instanceof Map;

const simple = (name: string, f: (v: Value) => boolean): [string, Test] => [
  name,
  (_rt, v, a) => {
    none(name, a);
    return f(v);
  },
];

const compared = (name: string, f: (c: number) => boolean): [string, Test] => [
  name,
  (_rt, v, a) => f(compare(v, one(name, a))),
];

export const TESTS: ReadonlyMap<string, Test> = new Map<string, Test>([
  simple('defined', (v) => !(v instanceof Undefined)),
  simple('undefined', (v) => v instanceof Undefined),
  simple('none', (v) => v === null),
  simple('boolean', (v) => typeof v === 'boolean'),
  simple('true', (v) => v === true),
  simple('false', (v) => v === false),
  simple('integer', (v) => typeof v === 'bigint'),
  simple('float', (v) => typeof v === 'number'),
  simple('number', (v) => typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean'),
  simple('string', (v) => typeof v === 'string'),
  simple('mapping', (v) => v instanceof Map),
  simple('iterable', (v) => isSeq(v) || v instanceof Undefined),
  simple('sequence', (v) => isSeq(v) || v instanceof Undefined),
  simple('callable', (v) => isCallable(v)),
  simple('escaped', () => false),
  simple('even', (v) => modulo(v, 2n, 'even')),
  simple('odd', (v) => !modulo(v, 2n, 'odd')),
  simple('lower', (v) => {
    const s = str(v);
    return s !== s.toUpperCase() && s === s.toLowerCase();
  }),
  simple('upper', (v) => {
    const s = str(v);
    return s !== s.toLowerCase() && s === s.toUpperCase();
  }),
  ['divisibleby', (_rt, v, a) => modulo(v, one('divisibleby', a), 'divisibleby')],
  ['in', (_rt, v, a) => contains(one('in', a), v)],
  ['sameas', (_rt, v, a) => Object.is(v, one('sameas', a))],
  ['eq', (_rt, v, a) => eq(v, one('eq', a))],
  ['equalto', (_rt, v, a) => eq(v, one('equalto', a))],
  ['==', (_rt, v, a) => eq(v, one('==', a))],
  ['ne', (_rt, v, a) => !eq(v, one('ne', a))],
  ['!=', (_rt, v, a) => !eq(v, one('!=', a))],
  compared('lt', (c) => c < 0),
  compared('lessthan', (c) => c < 0),
  compared('<', (c) => c < 0),
  compared('le', (c) => c <= 0),
  compared('<=', (c) => c <= 0),
  compared('gt', (c) => c > 0),
  compared('greaterthan', (c) => c > 0),
  compared('>', (c) => c > 0),
  compared('ge', (c) => c >= 0),
  compared('>=', (c) => c >= 0),
]);
