/** The global functions every template sees: `range`, `dict`, `namespace`, `cycler`, `joiner`. */

import { asInt, asStr, bind } from './args';
import { checkItems, LIMITS, TemplateError } from './errors';
import { pairsOf } from './methods';
import { type Args, Builtin, Cycler, Joiner, Namespace, newDict, type Value } from './values';

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
  checkItems(Number(count));
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
