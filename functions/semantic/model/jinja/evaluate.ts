/**
 * Evaluates expressions by walking the tree (nothing is compiled to JavaScript). Lookups go through ./lookup,
 * calls reach only macros and the Builtins of fixed tables, and every step is counted against the model's
 * Budget. ./render adds the statements.
 */
import type { CallArgs, CompareOp, Expr } from './ast';
import {
  type Budget,
  charge,
  checkItems,
  checkLength,
  type Location,
  TemplateError,
  weightOf,
} from './errors';
import { FILTERS } from './filters';
import { percentFormat } from './format';
import { getAttr, getItem, slice } from './lookup';
import { contains, TESTS } from './tests';
import {
  type Args,
  Builtin,
  compare,
  eq,
  type Frame,
  isList,
  iterate,
  Joiner,
  LoopContext,
  Macro,
  newDict,
  numeric,
  PyTuple,
  type Runtime,
  str,
  truthy,
  typeName,
  Undefined,
  type Value,
} from './values';

/** What the model's Python would have provided, so that a template using it is refused by name. */
export interface PythonNames {
  /** The model's `.py` files. */
  readonly files: readonly string[];
  /** Names globals.py registers (`@template.function`, `@template.filter`, `add_variable`). */
  readonly names: ReadonlySet<string>;
}

/** Python builtins a Jinja template cannot call, and the filter that does the same. */
const FILTER_INSTEAD: ReadonlyMap<string, string> = new Map([
  ['len', 'length'],
  ['str', 'string'],
  ['int', 'int'],
  ['float', 'float'],
  ['list', 'list'],
  ['sorted', 'sort'],
  ['max', 'max'],
  ['min', 'min'],
  ['sum', 'sum'],
  ['abs', 'abs'],
  ['round', 'round'],
]);

const bigBits = (n: bigint) => (n < 0n ? -n : n).toString(2).length;

/** About log2(|n|): the bits of n ** k are about k times it. */
function log2(n: bigint): number {
  const abs = n < 0n ? -n : n;
  return abs <= BigInt(Number.MAX_SAFE_INTEGER) ? Math.log2(Number(abs)) : bigBits(abs);
}

/** Python's binary arithmetic. */
export function arithmetic(op: string, a: Value, b: Value): Value {
  if (op === '%' && typeof a === 'string') return percentFormat(a, b);
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined && y !== undefined) {
    if (typeof x === 'bigint' && typeof y === 'bigint') {
      switch (op) {
        case '+':
          return x + y;
        case '-':
          return x - y;
        case '*':
          if (bigBits(x) + bigBits(y) > 100_000) throw new TemplateError('an int of more than 100000 bits');
          return x * y;
        case '/':
          if (y === 0n) throw new TemplateError('division by zero');
          return Number(x) / Number(y);
        case '//': {
          if (y === 0n) throw new TemplateError('integer division by zero');
          const q = x / y;
          return x % y !== 0n && x < 0n !== y < 0n ? q - 1n : q;
        }
        case '%': {
          if (y === 0n) throw new TemplateError('modulo by zero');
          return ((x % y) + y) % y;
        }
        default: {
          if (y < 0n) return Number(x) ** Number(y);
          if (log2(x) * Number(y) > 100_000) throw new TemplateError('an int of more than 100000 bits');
          return x ** y;
        }
      }
    }
    const f = Number(x);
    const g = Number(y);
    switch (op) {
      case '+':
        return f + g;
      case '-':
        return f - g;
      case '*':
        return f * g;
      case '/':
        if (g === 0) throw new TemplateError('float division by zero');
        return f / g;
      case '//':
        if (g === 0) throw new TemplateError('float floor division by zero');
        return Math.floor(f / g);
      case '%':
        if (g === 0) throw new TemplateError('float modulo by zero');
        return f - g * Math.floor(f / g);
      default:
        return f ** g;
    }
  }
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') {
      checkLength(a.length + b.length);
      return a + b;
    }
    if (isList(a) && isList(b)) {
      checkItems(a.length + b.length);
      return [...a, ...b];
    }
    if (a instanceof PyTuple && b instanceof PyTuple) {
      checkItems(a.items.length + b.items.length);
      return new PyTuple([...a.items, ...b.items]);
    }
  }
  if (op === '*') {
    const [seq, times] =
      typeof y === 'bigint' ? [a, y] : typeof x === 'bigint' ? [b, x] : [undefined, undefined];
    if (seq !== undefined && times !== undefined) {
      const n = times < 0n ? 0 : Number(times);
      if (typeof seq === 'string') {
        checkLength(seq.length * n);
        return seq.repeat(n);
      }
      const items = isList(seq) ? seq : seq instanceof PyTuple ? seq.items : undefined;
      if (items) {
        checkItems(items.length * n);
        const out: Value[] = [];
        for (let i = 0; i < n; i++) out.push(...items);
        return isList(seq) ? out : new PyTuple(out);
      }
    }
  }
  for (const v of [a, b]) if (v instanceof Undefined) throw new TemplateError(v.hint);
  throw new TemplateError(`unsupported operand types for ${op}: ${typeName(a)} and ${typeName(b)}`);
}

function compareOp(op: CompareOp, a: Value, b: Value): boolean {
  switch (op) {
    case '==':
      return eq(a, b);
    case '!=':
      return !eq(a, b);
    case 'in':
      return contains(b, a);
    case 'not in':
      return !contains(b, a);
    default: {
      for (const v of [a, b]) if (v instanceof Undefined) throw new TemplateError(v.hint);
      const c = compare(a, b);
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
  }
}

/** The source text of a callee, for messages (`load_data`, `x.y`). */
function calleeName(node: Expr): string {
  if (node.t === 'name') return node.name;
  if (node.t === 'attr') return `${calleeName(node.obj)}.${node.name}`;
  return 'this expression';
}

export abstract class Evaluator implements Runtime {
  /** The node being evaluated: where an error without a location happened. */
  loc: Location | undefined;

  constructor(
    readonly budget: Budget,
    readonly python: PythonNames,
  ) {}

  /** Calls a macro (./render renders its body). */
  protected abstract invoke(macro: Macro, args: Args): string;

  evaluate(node: Expr, frame: Frame): Value {
    this.budget.step();
    this.loc = node.loc;
    switch (node.t) {
      case 'const':
        return node.value;
      case 'name':
        return this.lookupName(node.name, frame);
      case 'list':
        return node.items.map((item) => this.evaluate(item, frame));
      case 'tuple':
        return new PyTuple(node.items.map((item) => this.evaluate(item, frame)));
      case 'dict':
        return newDict(node.items.map(([k, v]) => [this.evaluate(k, frame), this.evaluate(v, frame)]));
      case 'attr': {
        const obj = this.evaluate(node.obj, frame);
        this.loc = node.loc;
        return getAttr(obj, node.name);
      }
      case 'item': {
        const obj = this.evaluate(node.obj, frame);
        if (node.key.t === 'slice') {
          const bound = (e: Expr | undefined) => (e ? this.evaluate(e, frame) : null);
          const [start, stop, step] = [bound(node.key.start), bound(node.key.stop), bound(node.key.step)];
          this.loc = node.loc;
          return slice(obj, start, stop, step);
        }
        const key = this.evaluate(node.key, frame);
        this.loc = node.loc;
        return getItem(obj, key);
      }
      case 'slice':
        throw new TemplateError('a slice (a:b) is only valid inside [ ]');
      case 'call':
        return this.callNode(node.fn, node.call, frame, node.loc);
      case 'filter': {
        if (!node.value) throw new TemplateError(`filter ${node.name} has no value`);
        const value = this.evaluate(node.value, frame);
        const args = this.args(node.call, frame);
        this.loc = node.loc;
        return this.filter(node.name, value, args);
      }
      case 'test': {
        const value = this.evaluate(node.value, frame);
        const args = this.args(node.call, frame);
        this.loc = node.loc;
        return this.test(node.name, value, args) !== node.negated;
      }
      case 'binop': {
        const left = this.evaluate(node.left, frame);
        const right = this.evaluate(node.right, frame);
        this.loc = node.loc;
        return arithmetic(node.op, left, right);
      }
      case 'concat': {
        let out = '';
        for (const item of node.items) {
          out += str(this.evaluate(item, frame));
          checkLength(out.length);
        }
        return out;
      }
      case 'neg':
      case 'pos': {
        const value = this.evaluate(node.value, frame);
        this.loc = node.loc;
        const n = numeric(value);
        if (n === undefined) {
          if (value instanceof Undefined) throw new TemplateError(value.hint);
          throw new TemplateError(
            `bad operand type for unary ${node.t === 'neg' ? '-' : '+'}: ${typeName(value)}`,
          );
        }
        return node.t === 'pos' ? n : typeof n === 'bigint' ? -n : -n;
      }
      case 'not':
        return !truthy(this.evaluate(node.value, frame));
      case 'and': {
        const left = this.evaluate(node.left, frame);
        return truthy(left) ? this.evaluate(node.right, frame) : left;
      }
      case 'or': {
        const left = this.evaluate(node.left, frame);
        return truthy(left) ? left : this.evaluate(node.right, frame);
      }
      case 'compare': {
        let left = this.evaluate(node.first, frame);
        for (const [op, expr] of node.ops) {
          const right = this.evaluate(expr, frame);
          this.loc = node.loc;
          if (!compareOp(op, left, right)) return false;
          left = right;
        }
        return true;
      }
      case 'cond':
        if (truthy(this.evaluate(node.test, frame))) return this.evaluate(node.yes, frame);
        return node.else
          ? this.evaluate(node.else, frame)
          : new Undefined('the condition was false and there is no else');
    }
  }

  /** A variable: the frames, then undefined; a name the model's Python would have defined is refused. */
  private lookupName(name: string, frame: Frame): Value {
    const found = frame.lookup(name);
    if (found !== undefined) return found;
    if (this.python.names.has(name)) throw new TemplateError(this.pythonRefusal(name));
    return new Undefined(`'${name}' is undefined`);
  }

  private pythonRefusal(name: string): string {
    return `${name} is defined in ${this.python.files.join(', ')} (Python), which is not run here: the model's Python functions, filters and variables are not available`;
  }

  args(call: CallArgs, frame: Frame): Args {
    const args = call.args.map((e) => this.evaluate(e, frame));
    if (call.spreadArgs) args.push(...iterate(this.evaluate(call.spreadArgs, frame)));
    const kwargs = new Map<string, Value>();
    for (const [k, e] of call.kwargs) kwargs.set(k, this.evaluate(e, frame));
    if (call.spreadKwargs) {
      const spread = this.evaluate(call.spreadKwargs, frame);
      if (!(spread instanceof Map)) throw new TemplateError(`** needs a dict, not ${typeName(spread)}`);
      for (const [k, v] of spread) {
        if (typeof k !== 'string') throw new TemplateError('keyword argument names must be strings');
        kwargs.set(k, v);
      }
    }
    return { args, kwargs };
  }

  protected callNode(
    fnNode: Expr,
    call: CallArgs,
    frame: Frame,
    loc: Location,
    extra?: [string, Value],
  ): Value {
    const fn = this.evaluate(fnNode, frame);
    const args = this.args(call, frame);
    if (extra) args.kwargs.set(extra[0], extra[1]);
    this.loc = loc;
    if (fn instanceof Undefined) throw new TemplateError(this.unknownCall(fnNode, fn));
    return this.call(fn, args);
  }

  private unknownCall(node: Expr, fn: Undefined): string {
    if (node.t !== 'name') return `${calleeName(node)} cannot be called: ${fn.hint}`;
    const name = node.name;
    if (name === 'env_var') {
      return 'env_var() reads the process environment, which a model cannot: put the value in compile_context.json and use COMPILE_CONTEXT';
    }
    const instead = FILTER_INSTEAD.get(name);
    if (instead)
      return `unknown function ${name}(): Jinja has no ${name}(), use the ${instead} filter (x | ${instead})`;
    const python = this.python.files.length
      ? `Python functions from ${this.python.files.join(', ')} are not run here`
      : "Cube's Python functions (globals.py) are not supported";
    return `unknown function ${name}(): only macros and Jinja's globals (range, dict, namespace, cycler, joiner) can be called; ${python}`;
  }

  attr(v: Value, name: string): Value {
    return getAttr(v, name);
  }

  item(v: Value, key: Value): Value {
    return getItem(v, key);
  }

  call(fn: Value, args: Args): Value {
    if (fn instanceof Macro) return this.invoke(fn, args);
    if (fn instanceof Builtin) return fn.run(this, args);
    if (fn instanceof Joiner) {
      if (args.args.length || args.kwargs.size) throw new TemplateError('a joiner takes no arguments');
      if (fn.used) return fn.separator;
      fn.used = true;
      return '';
    }
    if (fn instanceof LoopContext && fn.recurse) {
      if (args.args.length !== 1 || args.kwargs.size) throw new TemplateError('loop() takes one iterable');
      return fn.recurse(args.args[0] ?? null);
    }
    throw new TemplateError(
      `${typeName(fn)} is not callable (only macros and Jinja's built-in functions are)`,
    );
  }

  filter(name: string, value: Value, args: Args): Value {
    const filter = FILTERS.get(name);
    if (!filter) {
      if (this.python.names.has(name)) throw new TemplateError(this.pythonRefusal(name));
      throw new TemplateError(`no filter named '${name}'`);
    }
    charge(weightOf(value));
    return filter(this, value, args);
  }

  test(name: string, value: Value, args: Args): boolean {
    if (name === 'filter') return this.hasName(FILTERS, value, args, name);
    if (name === 'test') return this.hasName(TESTS, value, args, name);
    const test = TESTS.get(name);
    if (!test) throw new TemplateError(`no test named '${name}'`);
    charge(weightOf(value));
    return test(this, value, args);
  }

  private hasName(table: ReadonlyMap<string, unknown>, value: Value, args: Args, name: string): boolean {
    if (args.args.length || args.kwargs.size) throw new TemplateError(`test ${name} takes no argument`);
    return (
      typeof value === 'string' &&
      (table.has(value) || (name === 'test' && (value === 'filter' || value === 'test')))
    );
  }
}
