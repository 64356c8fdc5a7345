/** The syntax tree of a template (./parser builds it, ./render and ./evaluate walk it). */
import { LIMITS, type Location } from './errors';

export type Const = string | bigint | number | boolean | null;

/** Positional and keyword arguments as written, with `*args` / `**kwargs` spread. */
export interface CallArgs {
  readonly args: Expr[];
  readonly kwargs: [string, Expr][];
  readonly spreadArgs?: Expr;
  readonly spreadKwargs?: Expr;
}

export type Expr =
  | { readonly t: 'const'; readonly value: Const; readonly loc: Location }
  | { readonly t: 'name'; readonly name: string; readonly loc: Location }
  | { readonly t: 'list' | 'tuple'; readonly items: Expr[]; readonly loc: Location }
  | { readonly t: 'dict'; readonly items: [Expr, Expr][]; readonly loc: Location }
  | { readonly t: 'attr'; readonly obj: Expr; readonly name: string; readonly loc: Location }
  | { readonly t: 'item'; readonly obj: Expr; readonly key: Expr; readonly loc: Location }
  | {
      readonly t: 'slice';
      readonly start?: Expr;
      readonly stop?: Expr;
      readonly step?: Expr;
      readonly loc: Location;
    }
  | { readonly t: 'call'; readonly fn: Expr; readonly call: CallArgs; readonly loc: Location }
  /** `value | name(args)`; `value` is absent in a `{% filter %}` block, which filters the block's output. */
  | {
      readonly t: 'filter';
      readonly value?: Expr;
      readonly name: string;
      readonly call: CallArgs;
      readonly loc: Location;
    }
  | {
      readonly t: 'test';
      readonly value: Expr;
      readonly name: string;
      readonly call: CallArgs;
      readonly negated: boolean;
      readonly loc: Location;
    }
  | {
      readonly t: 'binop';
      readonly op: '+' | '-' | '*' | '/' | '//' | '%' | '**';
      readonly left: Expr;
      readonly right: Expr;
      readonly loc: Location;
    }
  | { readonly t: 'concat'; readonly items: Expr[]; readonly loc: Location }
  | { readonly t: 'neg' | 'pos' | 'not'; readonly value: Expr; readonly loc: Location }
  | { readonly t: 'and' | 'or'; readonly left: Expr; readonly right: Expr; readonly loc: Location }
  | { readonly t: 'compare'; readonly first: Expr; readonly ops: [CompareOp, Expr][]; readonly loc: Location }
  | {
      readonly t: 'cond';
      readonly test: Expr;
      readonly yes: Expr;
      readonly else?: Expr;
      readonly loc: Location;
    };

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not in';

/** What `{% for %}`, `{% set %}` and `{% with %}` assign to. */
export type Target =
  | { readonly t: 'name'; readonly name: string; readonly loc: Location }
  | { readonly t: 'tuple'; readonly items: Target[]; readonly loc: Location }
  | { readonly t: 'nsattr'; readonly ns: string; readonly attr: string; readonly loc: Location };

export interface Param {
  readonly name: string;
  readonly default?: Expr;
}

/** A macro, or the body of a `{% call %}` block (its `caller`). */
export interface MacroDef {
  readonly name: string;
  readonly params: Param[];
  readonly body: Stmt[];
  /** Whether the body names `varargs`, `kwargs`: extra arguments are an error otherwise, as in Jinja. */
  readonly usesVarargs: boolean;
  readonly usesKwargs: boolean;
  readonly loc: Location;
}

export type Stmt =
  | { readonly t: 'text'; readonly text: string; readonly loc: Location }
  | { readonly t: 'print'; readonly value: Expr; readonly loc: Location }
  | {
      readonly t: 'if';
      readonly branches: { test: Expr; body: Stmt[] }[];
      readonly else?: Stmt[];
      readonly loc: Location;
    }
  | {
      readonly t: 'for';
      readonly target: Target;
      readonly iter: Expr;
      readonly filter?: Expr;
      readonly recursive: boolean;
      readonly body: Stmt[];
      readonly else?: Stmt[];
      readonly loc: Location;
    }
  | { readonly t: 'set'; readonly target: Target; readonly value: Expr; readonly loc: Location }
  | {
      readonly t: 'setblock';
      readonly target: Target;
      readonly filter?: Expr;
      readonly body: Stmt[];
      readonly loc: Location;
    }
  | { readonly t: 'macro'; readonly macro: MacroDef; readonly loc: Location }
  | { readonly t: 'callblock'; readonly call: Expr; readonly caller: MacroDef; readonly loc: Location }
  | { readonly t: 'filterblock'; readonly filter: Expr; readonly body: Stmt[]; readonly loc: Location }
  | { readonly t: 'with'; readonly assigns: [Target, Expr][]; readonly body: Stmt[]; readonly loc: Location }
  | {
      readonly t: 'import';
      readonly template: Expr;
      readonly alias: string;
      readonly withContext: boolean;
      readonly loc: Location;
    }
  | {
      readonly t: 'fromimport';
      readonly template: Expr;
      readonly names: [string, string][];
      readonly withContext: boolean;
      readonly loc: Location;
    }
  | {
      readonly t: 'include';
      readonly template: Expr;
      readonly ignoreMissing: boolean;
      readonly withContext: boolean;
      readonly loc: Location;
    }
  | { readonly t: 'do'; readonly value: Expr; readonly loc: Location }
  | { readonly t: 'block'; readonly name: string; readonly body: Stmt[]; readonly loc: Location }
  | { readonly t: 'break' | 'continue'; readonly loc: Location };

/** A parsed template file. */
export interface Template {
  readonly file: string;
  readonly body: Stmt[];
}

/** The depth of an expression tree, walked without recursion (a chain `a ~ b ~ ...` is flat, `a+b+...` is not). */
export function exprDepth(root: Expr): number {
  let max = 0;
  const stack: [Expr, number][] = [[root, 1]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, depth] = entry;
    if (depth > max) max = depth;
    if (max > LIMITS.nesting) return max;
    for (const child of children(node)) stack.push([child, depth + 1]);
  }
  return max;
}

function children(node: Expr): Expr[] {
  const fromCall = (c: CallArgs) => [
    ...c.args,
    ...c.kwargs.map(([, v]) => v),
    ...(c.spreadArgs ? [c.spreadArgs] : []),
    ...(c.spreadKwargs ? [c.spreadKwargs] : []),
  ];
  switch (node.t) {
    case 'const':
    case 'name':
      return [];
    case 'list':
    case 'tuple':
    case 'concat':
      return node.items;
    case 'dict':
      return node.items.flat();
    case 'attr':
      return [node.obj];
    case 'item':
      return [node.obj, node.key];
    case 'slice':
      return [node.start, node.stop, node.step].filter((e): e is Expr => e !== undefined);
    case 'call':
      return [node.fn, ...fromCall(node.call)];
    case 'filter':
      return [...(node.value ? [node.value] : []), ...fromCall(node.call)];
    case 'test':
      return [node.value, ...fromCall(node.call)];
    case 'binop':
    case 'and':
    case 'or':
      return [node.left, node.right];
    case 'neg':
    case 'pos':
    case 'not':
      return [node.value];
    case 'compare':
      return [node.first, ...node.ops.map(([, e]) => e)];
    case 'cond':
      return [node.test, node.yes, ...(node.else ? [node.else] : [])];
  }
}
