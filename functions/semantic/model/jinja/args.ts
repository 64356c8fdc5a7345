/** Python's argument binding for the builtins (functions, methods, filters). */
import { TemplateError } from './errors';
import { type Args, numeric, type Runtime, typeName, type Value } from './values';

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

export type Method<T> = (self: T, a: Args, rt: Runtime) => Value;

/** A method without parameters. */
export const plain =
  <T>(name: string, f: (self: T) => Value): Method<T> =>
  (self, a) => {
    bind(name, a, []);
    return f(self);
  };
