/**
 * Jinja's expressions, with Jinja's precedence (parse_condexpr, parse_or ... parse_unary; filters and tests
 * bind tighter than arithmetic, `**` is left-associative) over a token stream. ./parser adds the statements.
 * Names that are never valid in a lookup (`x.constructor`, `x["__class__"]`) are refused here, before
 * anything runs.
 */
import { type CallArgs, type CompareOp, type Expr, exprDepth } from './ast';
import { LIMITS, type Location, TemplateError } from './errors';
import type { Token, TokenType } from './lexer';
import { refusedName } from './values';

/** The filters and tests that exist (an unknown one is an error at parse time, as in Jinja). */
export interface Known {
  readonly filters: ReadonlySet<string>;
  readonly tests: ReadonlySet<string>;
  /** Why a name is missing, when the model explains it (a Python filter of globals.py). */
  readonly missing: (kind: 'filter' | 'test', name: string) => string;
}

const NO_ARGS: CallArgs = { args: [], kwargs: [] };
const COMPARE_OPS = new Set(['==', '!=', '<', '<=', '>', '>=']);

export class ExpressionParser {
  protected i = 0;
  protected depth = 0;
  protected readonly names: Set<string>[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly known: Known,
  ) {}

  protected get cur(): Token {
    return this.tokens[this.i] ?? this.eof();
  }

  protected peek(n = 1): Token {
    return this.tokens[this.i + n] ?? this.eof();
  }

  protected eof(): Token {
    const last = this.tokens.at(-1);
    if (!last) throw new TemplateError('empty token stream');
    return last;
  }

  protected next(): Token {
    const token = this.cur;
    if (token.type !== 'eof') this.i++;
    return token;
  }

  protected fail(message: string, at: Location = this.cur.loc): never {
    throw new TemplateError(message, at);
  }

  protected is(type: TokenType, value?: string, token = this.cur): boolean {
    return token.type === type && (value === undefined || token.value === value);
  }

  protected isOp(value: string): boolean {
    return this.is('op', value);
  }

  protected isName(value: string): boolean {
    return this.is('name', value);
  }

  protected expectOp(value: string): Token {
    if (!this.isOp(value)) this.fail(`expected '${value}', got ${describe(this.cur)}`);
    return this.next();
  }

  protected expectName(value?: string): string {
    if (!this.is('name', value))
      this.fail(`expected ${value ? `'${value}'` : 'a name'}, got ${describe(this.cur)}`);
    return this.next().value;
  }

  protected expectBlockEnd(): void {
    if (!this.is('block_end')) this.fail(`expected the end of the tag (%}), got ${describe(this.cur)}`);
    this.next();
  }

  protected atTupleEnd(ends: string[]): boolean {
    const c = this.cur;
    return (
      c.type === 'var_end' ||
      c.type === 'block_end' ||
      (c.type === 'op' && c.value === ')') ||
      (c.type === 'name' && ends.includes(c.value))
    );
  }
  /** Parses one expression and refuses one nested deeper than LIMITS.nesting (a long `a+b+c...` too). */
  protected expression(parse: () => Expr): Expr {
    const node = parse();
    if (exprDepth(node) > LIMITS.nesting)
      this.fail(`an expression nested more than ${LIMITS.nesting} deep`, node.loc);
    return node;
  }

  /** An expression or a comma-separated tuple (`{{ a, b }}`, `{% for k, v in ... %}`). */
  protected tuple(options: { condexpr?: boolean; ends?: string[]; parens?: boolean } = {}): Expr {
    const loc = this.cur.loc;
    const items: Expr[] = [];
    let tuple = false;
    for (;;) {
      if (items.length) this.expectOp(',');
      if (this.atTupleEnd(options.ends ?? [])) break;
      items.push(options.condexpr === false ? this.or() : this.expr());
      if (this.isOp(',')) tuple = true;
      else break;
    }
    const first = items[0];
    if (!tuple && first) return first;
    if (!first && !options.parens) this.fail(`expected an expression, got ${describe(this.cur)}`);
    return { t: 'tuple', items, loc };
  }

  protected expr(): Expr {
    let node = this.or();
    while (this.isName('if')) {
      const loc = this.next().loc;
      const test = this.or();
      let otherwise: Expr | undefined;
      if (this.isName('else')) {
        this.next();
        otherwise = this.expr();
      }
      node = { t: 'cond', test, yes: node, else: otherwise, loc };
    }
    return node;
  }

  protected or(): Expr {
    let left = this.and();
    while (this.isName('or')) {
      const loc = this.next().loc;
      left = { t: 'or', left, right: this.and(), loc };
    }
    return left;
  }

  protected and(): Expr {
    let left = this.not();
    while (this.isName('and')) {
      const loc = this.next().loc;
      left = { t: 'and', left, right: this.not(), loc };
    }
    return left;
  }

  protected not(): Expr {
    if (this.isName('not')) {
      const loc = this.next().loc;
      return { t: 'not', value: this.not(), loc };
    }
    return this.compare();
  }

  protected compare(): Expr {
    const first = this.math1();
    const ops: [CompareOp, Expr][] = [];
    for (;;) {
      if (this.is('op') && COMPARE_OPS.has(this.cur.value)) {
        const op = this.next().value as CompareOp;
        ops.push([op, this.math1()]);
      } else if (this.isName('in')) {
        this.next();
        ops.push(['in', this.math1()]);
      } else if (this.isName('not') && this.is('name', 'in', this.peek())) {
        this.i += 2;
        ops.push(['not in', this.math1()]);
      } else break;
    }
    return ops.length ? { t: 'compare', first, ops, loc: first.loc } : first;
  }

  protected math1(): Expr {
    let left = this.concat();
    while (this.isOp('+') || this.isOp('-')) {
      const token = this.next();
      left = { t: 'binop', op: token.value as '+' | '-', left, right: this.concat(), loc: token.loc };
    }
    return left;
  }

  protected concat(): Expr {
    const items = [this.math2()];
    while (this.isOp('~')) {
      this.next();
      items.push(this.math2());
    }
    const first = items[0];
    if (items.length === 1 && first) return first;
    return { t: 'concat', items, loc: items[0]?.loc ?? this.cur.loc };
  }

  protected math2(): Expr {
    let left = this.pow();
    while (this.isOp('*') || this.isOp('/') || this.isOp('//') || this.isOp('%')) {
      const token = this.next();
      left = {
        t: 'binop',
        op: token.value as '*' | '/' | '//' | '%',
        left,
        right: this.pow(),
        loc: token.loc,
      };
    }
    return left;
  }

  protected pow(): Expr {
    let left = this.unary();
    while (this.isOp('**')) {
      const token = this.next();
      left = { t: 'binop', op: '**', left, right: this.unary(), loc: token.loc };
    }
    return left;
  }

  protected unary(withFilter = true): Expr {
    this.depth++;
    try {
      if (this.depth > LIMITS.nesting) this.fail(`an expression nested more than ${LIMITS.nesting} deep`);
      let node: Expr;
      if (this.isOp('-') || this.isOp('+')) {
        const token = this.next();
        node = { t: token.value === '-' ? 'neg' : 'pos', value: this.unary(false), loc: token.loc };
      } else node = this.primary();
      node = this.postfix(node);
      return withFilter ? this.filterExpr(node) : node;
    } finally {
      this.depth--;
    }
  }

  protected primary(): Expr {
    const token = this.cur;
    const loc = token.loc;
    switch (token.type) {
      case 'name': {
        this.next();
        const name = token.value;
        if (name === 'true' || name === 'True') return { t: 'const', value: true, loc };
        if (name === 'false' || name === 'False') return { t: 'const', value: false, loc };
        if (name === 'none' || name === 'None') return { t: 'const', value: null, loc };
        this.names.at(-1)?.add(name);
        return { t: 'name', name, loc };
      }
      case 'string': {
        let value = '';
        while (this.is('string')) value += this.next().value;
        return { t: 'const', value, loc };
      }
      case 'int':
        this.next();
        return { t: 'const', value: BigInt(token.value), loc };
      case 'float':
        this.next();
        return { t: 'const', value: Number(token.value), loc };
      case 'op':
        if (token.value === '(') {
          this.next();
          const inner = this.tuple({ parens: true });
          this.expectOp(')');
          return inner;
        }
        if (token.value === '[') return this.list();
        if (token.value === '{') return this.dict();
        break;
      default:
        break;
    }
    return this.fail(`unexpected ${describe(token)}`);
  }

  protected list(): Expr {
    const loc = this.expectOp('[').loc;
    const items: Expr[] = [];
    while (!this.isOp(']')) {
      if (items.length) {
        this.expectOp(',');
        if (this.isOp(']')) break;
      }
      items.push(this.expr());
    }
    this.expectOp(']');
    return { t: 'list', items, loc };
  }

  protected dict(): Expr {
    const loc = this.expectOp('{').loc;
    const items: [Expr, Expr][] = [];
    while (!this.isOp('}')) {
      if (items.length) {
        this.expectOp(',');
        if (this.isOp('}')) break;
      }
      const key = this.expr();
      this.expectOp(':');
      items.push([key, this.expr()]);
    }
    this.expectOp('}');
    return { t: 'dict', items, loc };
  }

  protected postfix(start: Expr): Expr {
    let node = start;
    for (;;) {
      if (this.isOp('.')) {
        const loc = this.next().loc;
        const token = this.cur;
        if (token.type === 'name') {
          this.next();
          const why = refusedName(token.value);
          if (why) this.fail(`.${token.value}: ${why}`, token.loc);
          node = { t: 'attr', obj: node, name: token.value, loc };
        } else if (token.type === 'int') {
          this.next();
          node = {
            t: 'item',
            obj: node,
            key: { t: 'const', value: BigInt(token.value), loc: token.loc },
            loc,
          };
        } else this.fail(`expected an attribute name after '.', got ${describe(token)}`);
      } else if (this.isOp('[')) {
        node = this.subscript(node);
      } else if (this.isOp('(')) {
        node = { t: 'call', fn: node, call: this.callArgs(), loc: node.loc };
      } else return node;
    }
  }

  protected subscript(obj: Expr): Expr {
    const loc = this.expectOp('[').loc;
    const keys: Expr[] = [];
    while (!this.isOp(']')) {
      if (keys.length) {
        this.expectOp(',');
        if (this.isOp(']')) break;
      }
      keys.push(this.subscribed());
    }
    this.expectOp(']');
    const first = keys[0];
    if (!first) return this.fail('expected a key inside [ ]', loc);
    const key: Expr = keys.length === 1 ? first : { t: 'tuple', items: keys, loc };
    if (key.t === 'const' && typeof key.value === 'string') {
      const why = refusedName(key.value);
      if (why) this.fail(`[${JSON.stringify(key.value)}]: ${why}`, key.loc);
    }
    return { t: 'item', obj, key, loc };
  }

  protected subscribed(): Expr {
    const loc = this.cur.loc;
    let start: Expr | undefined;
    if (!this.isOp(':')) {
      start = this.expr();
      if (!this.isOp(':')) return start;
    }
    this.next();
    const atEnd = () => this.isOp(']') || this.isOp(',');
    const stop = atEnd() || this.isOp(':') ? undefined : this.expr();
    let step: Expr | undefined;
    if (this.isOp(':')) {
      this.next();
      step = atEnd() ? undefined : this.expr();
    }
    return { t: 'slice', start, stop, step, loc };
  }

  protected callArgs(): CallArgs {
    this.expectOp('(');
    const args: Expr[] = [];
    const kwargs: [string, Expr][] = [];
    let spreadArgs: Expr | undefined;
    let spreadKwargs: Expr | undefined;
    let first = true;
    while (!this.isOp(')')) {
      if (!first) {
        this.expectOp(',');
        if (this.isOp(')')) break;
      }
      first = false;
      if (this.isOp('*')) {
        this.next();
        spreadArgs = this.expr();
      } else if (this.isOp('**')) {
        this.next();
        spreadKwargs = this.expr();
      } else if (this.is('name') && this.is('op', '=', this.peek())) {
        const key = this.next().value;
        this.next();
        kwargs.push([key, this.expr()]);
      } else {
        if (kwargs.length) this.fail('a positional argument follows a keyword argument');
        args.push(this.expr());
      }
    }
    this.expectOp(')');
    return { args, kwargs, spreadArgs, spreadKwargs };
  }

  protected filterExpr(start: Expr): Expr {
    let node = start;
    for (;;) {
      if (this.isOp('|')) node = this.filters(node, false);
      else if (this.isName('is')) node = this.test(node);
      else if (this.isOp('(')) node = { t: 'call', fn: node, call: this.callArgs(), loc: node.loc };
      else return node;
    }
  }

  /** `| f(x) | g`; with `inline`, the first filter has no `|` (`{% filter upper %}`). */
  protected filters(value: Expr | undefined, inline: boolean): Expr {
    let node = value;
    let first = inline;
    while (first || this.isOp('|')) {
      if (!first) this.next();
      first = false;
      const loc = this.cur.loc;
      let name = this.expectName();
      while (this.isOp('.')) {
        this.next();
        name += `.${this.expectName()}`;
      }
      if (!this.known.filters.has(name)) this.fail(this.known.missing('filter', name), loc);
      const call = this.isOp('(') ? this.callArgs() : NO_ARGS;
      node = { t: 'filter', value: node, name, call, loc };
    }
    if (!node) return this.fail('expected a filter');
    return node;
  }

  protected test(value: Expr): Expr {
    const loc = this.next().loc;
    const negated = this.isName('not');
    if (negated) this.next();
    const at = this.cur.loc;
    let name = this.expectName();
    while (this.isOp('.')) {
      this.next();
      name += `.${this.expectName()}`;
    }
    if (!this.known.tests.has(name)) this.fail(this.known.missing('test', name), at);
    let call = NO_ARGS;
    const c = this.cur;
    if (this.isOp('(')) call = this.callArgs();
    else if (
      (['name', 'string', 'int', 'float'].includes(c.type) ||
        (c.type === 'op' && (c.value === '[' || c.value === '{'))) &&
      !['else', 'or', 'and'].includes(c.value)
    ) {
      if (this.isName('is')) this.fail('tests cannot be chained with is');
      call = { args: [this.postfix(this.primary())], kwargs: [] };
    }
    return { t: 'test', value, name, call, negated, loc };
  }
}

export function describe(token: Token): string {
  switch (token.type) {
    case 'eof':
      return 'the end of the template';
    case 'block_end':
      return "'%}'";
    case 'var_end':
      return "'}}'";
    case 'data':
      return 'text';
    case 'string':
      return `the string ${JSON.stringify(token.value.slice(0, 40))}`;
    default:
      return `'${token.value}'`;
  }
}
