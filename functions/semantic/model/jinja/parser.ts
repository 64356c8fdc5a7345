/**
 * Jinja's statements (./parse-expr parses the expressions inside them): if, for (else, filter, recursive),
 * set (both forms, namespace attributes), macro, call, filter, with, import, from, include, do,
 * break/continue, block. `{% extends %}` is refused by name.
 */
import type { Expr, MacroDef, Param, Stmt, Target, Template } from './ast';
import { LIMITS, type Location } from './errors';
import { tokenize } from './lexer';
import { describe, ExpressionParser, type Known } from './parse-expr';
import { refusedName } from './values';

export type { Known } from './parse-expr';

export function parseTemplate(source: string, file: string, known: Known): Template {
  const parser = new Parser(tokenize(source, file), known);
  return { file, body: parser.template() };
}

class Parser extends ExpressionParser {
  private loops = 0;
  private blocks = 0;

  template(): Stmt[] {
    const { body } = this.subparse([]);
    return body;
  }

  /** Statements until one of `ends` (the end tag's name is left for the caller) or the end of the file. */
  protected subparse(ends: string[]): { body: Stmt[]; end?: string } {
    this.blocks++;
    if (this.blocks > LIMITS.nesting) this.fail(`blocks nested more than ${LIMITS.nesting} deep`);
    const body: Stmt[] = [];
    try {
      for (;;) {
        const token = this.cur;
        if (token.type === 'data') {
          body.push({ t: 'text', text: this.next().value, loc: token.loc });
        } else if (token.type === 'var_begin') {
          this.next();
          const value = this.expression(() => this.tuple());
          if (!this.is('var_end'))
            this.fail(`expected the end of the print statement (}}), got ${describe(this.cur)}`);
          this.next();
          body.push({ t: 'print', value, loc: token.loc });
        } else if (token.type === 'block_begin') {
          this.next();
          const name = this.cur;
          if (name.type === 'name' && ends.includes(name.value)) return { body, end: name.value };
          body.push(this.statement());
        } else {
          if (ends.length) {
            this.fail(`unexpected end of template: expected ${ends.map((e) => `{% ${e} %}`).join(' or ')}`);
          }
          return { body };
        }
      }
    } finally {
      this.blocks--;
    }
  }

  /** Consumes the end tag `name` (and an optional repeated block name) and the tag's end. */
  protected endTag(name: string): void {
    this.expectName(name);
    if (name === 'endblock' && this.is('name')) this.next();
    this.expectBlockEnd();
  }

  protected statement(): Stmt {
    const token = this.cur;
    if (token.type !== 'name') this.fail(`expected a tag name, got ${describe(token)}`);
    const loc = token.loc;
    switch (token.value) {
      case 'if':
        return this.ifStatement();
      case 'for':
        return this.forStatement();
      case 'set':
        return this.setStatement();
      case 'macro': {
        this.next();
        const name = this.expectName();
        const macro = this.macroBody(name, this.signature(), 'endmacro', loc);
        return { t: 'macro', macro, loc };
      }
      case 'call': {
        this.next();
        const params = this.isOp('(') ? this.signature() : [];
        const call = this.expression(() => this.expr());
        if (call.t !== 'call') this.fail('{% call %} needs a macro call, such as {% call m(x) %}', call.loc);
        return { t: 'callblock', call, caller: this.macroBody('caller', params, 'endcall', loc), loc };
      }
      case 'filter': {
        this.next();
        const filter = this.expression(() => this.filters(undefined, true));
        this.expectBlockEnd();
        const body = this.subparse(['endfilter']).body;
        this.endTag('endfilter');
        return { t: 'filterblock', filter, body, loc };
      }
      case 'with':
        return this.withStatement();
      case 'import': {
        this.next();
        const template = this.expression(() => this.expr());
        this.expectName('as');
        const alias = this.expectName();
        const withContext = this.contextModifier(false);
        this.expectBlockEnd();
        return { t: 'import', template, alias, withContext, loc };
      }
      case 'from':
        return this.fromStatement();
      case 'include': {
        this.next();
        const template = this.expression(() => this.expr());
        let ignoreMissing = false;
        if (this.isName('ignore') && this.is('name', 'missing', this.peek())) {
          this.i += 2;
          ignoreMissing = true;
        }
        const withContext = this.contextModifier(true);
        this.expectBlockEnd();
        return { t: 'include', template, ignoreMissing, withContext, loc };
      }
      case 'do': {
        this.next();
        const value = this.expression(() => this.tuple());
        this.expectBlockEnd();
        return { t: 'do', value, loc };
      }
      case 'break':
      case 'continue': {
        this.next();
        if (this.loops === 0) this.fail(`{% ${token.value} %} outside a {% for %} loop`, loc);
        this.expectBlockEnd();
        return { t: token.value, loc };
      }
      case 'block': {
        this.next();
        const name = this.expectName();
        while (this.isName('scoped') || this.isName('required')) this.next();
        this.expectBlockEnd();
        const body = this.subparse(['endblock']).body;
        this.endTag('endblock');
        return { t: 'block', name, body, loc };
      }
      case 'extends':
        return this.fail(
          '{% extends %} (template inheritance) is not supported: use {% import %} or {% include %}',
        );
      default:
        return this.fail(`unknown tag '${token.value}'`);
    }
  }

  protected ifStatement(): Stmt {
    const loc = this.next().loc;
    const branches: { test: Expr; body: Stmt[] }[] = [];
    let test = this.expression(() => this.tuple({ condexpr: false }));
    for (;;) {
      this.expectBlockEnd();
      const { body, end } = this.subparse(['elif', 'else', 'endif']);
      branches.push({ test, body });
      if (end === 'elif') {
        this.next();
        test = this.expression(() => this.tuple({ condexpr: false }));
        continue;
      }
      if (end === 'else') {
        this.next();
        this.expectBlockEnd();
        const otherwise = this.subparse(['endif']).body;
        this.endTag('endif');
        return { t: 'if', branches, else: otherwise, loc };
      }
      this.endTag('endif');
      return { t: 'if', branches, loc };
    }
  }

  protected forStatement(): Stmt {
    const loc = this.next().loc;
    const target = this.assignTarget({ ends: ['in'] });
    this.expectName('in');
    const iter = this.expression(() => this.tuple({ condexpr: false, ends: ['recursive'] }));
    let filter: Expr | undefined;
    if (this.isName('if')) {
      this.next();
      filter = this.expression(() => this.expr());
    }
    const recursive = this.isName('recursive');
    if (recursive) this.next();
    this.expectBlockEnd();
    this.loops++;
    const { body, end } = this.subparse(['endfor', 'else']);
    this.loops--;
    let otherwise: Stmt[] | undefined;
    if (end === 'else') {
      this.next();
      this.expectBlockEnd();
      otherwise = this.subparse(['endfor']).body;
    }
    this.endTag('endfor');
    return { t: 'for', target, iter, filter, recursive, body, else: otherwise, loc };
  }

  protected setStatement(): Stmt {
    const loc = this.next().loc;
    const target = this.assignTarget({ namespace: true });
    if (this.isOp('=')) {
      this.next();
      const value = this.expression(() => this.tuple());
      this.expectBlockEnd();
      return { t: 'set', target, value, loc };
    }
    const filter = this.isOp('|') ? this.expression(() => this.filters(undefined, false)) : undefined;
    this.expectBlockEnd();
    const body = this.subparse(['endset']).body;
    this.endTag('endset');
    return { t: 'setblock', target, filter, body, loc };
  }

  protected withStatement(): Stmt {
    const loc = this.next().loc;
    const assigns: [Target, Expr][] = [];
    while (!this.is('block_end')) {
      if (assigns.length) this.expectOp(',');
      const target = this.assignTarget({});
      this.expectOp('=');
      assigns.push([target, this.expression(() => this.expr())]);
    }
    this.expectBlockEnd();
    const body = this.subparse(['endwith']).body;
    this.endTag('endwith');
    return { t: 'with', assigns, body, loc };
  }

  protected fromStatement(): Stmt {
    const loc = this.next().loc;
    const template = this.expression(() => this.expr());
    this.expectName('import');
    const names: [string, string][] = [];
    let withContext = false;
    for (;;) {
      if (names.length) this.expectOp(',');
      if (!this.is('name')) this.fail(`expected a name to import, got ${describe(this.cur)}`);
      if (this.atContextModifier()) {
        withContext = this.contextModifier(false);
        break;
      }
      const at = this.cur.loc;
      const name = this.expectName();
      if (name.startsWith('_')) this.fail(`names starting with "_" cannot be imported (${name})`, at);
      let alias = name;
      if (this.isName('as')) {
        this.next();
        alias = this.expectName();
      }
      names.push([name, alias]);
      if (this.atContextModifier()) {
        withContext = this.contextModifier(false);
        break;
      }
      if (!this.isOp(',')) break;
    }
    this.expectBlockEnd();
    return { t: 'fromimport', template, names, withContext, loc };
  }

  protected atContextModifier(): boolean {
    return (this.isName('with') || this.isName('without')) && this.is('name', 'context', this.peek());
  }

  protected contextModifier(otherwise: boolean): boolean {
    if (!this.atContextModifier()) return otherwise;
    const withContext = this.next().value === 'with';
    this.next();
    return withContext;
  }

  /** `(a, b=1)` of a macro or call block; a parameter without a default may not follow one with. */
  protected signature(): Param[] {
    this.expectOp('(');
    const params: Param[] = [];
    while (!this.isOp(')')) {
      if (params.length) {
        this.expectOp(',');
        if (this.isOp(')')) break;
      }
      const at = this.cur.loc;
      const name = this.expectName();
      if (this.isOp('=')) {
        this.next();
        params.push({ name, default: this.expression(() => this.expr()) });
      } else {
        if (params.some((p) => p.default)) this.fail('a parameter without a default follows one with', at);
        params.push({ name });
      }
    }
    this.expectOp(')');
    return params;
  }

  protected macroBody(name: string, params: Param[], end: string, loc: Location): MacroDef {
    this.expectBlockEnd();
    const loops = this.loops;
    this.loops = 0;
    this.names.push(new Set());
    const body = this.subparse([end]).body;
    const used = this.names.pop() ?? new Set();
    this.loops = loops;
    this.endTag(end);
    return { name, params, body, usesVarargs: used.has('varargs'), usesKwargs: used.has('kwargs'), loc };
  }

  protected assignTarget(options: { namespace?: boolean; ends?: string[] }): Target {
    const loc = this.cur.loc;
    if (options.namespace && this.is('name') && this.is('op', '.', this.peek())) {
      const ns = this.next().value;
      this.next();
      const attr = this.expectName();
      const why = refusedName(attr);
      if (why) this.fail(`${ns}.${attr}: ${why}`, loc);
      return { t: 'nsattr', ns, attr, loc };
    }
    const items: Target[] = [];
    let tuple = false;
    for (;;) {
      if (items.length) this.expectOp(',');
      if (this.atTupleEnd(options.ends ?? []) || this.isOp('=')) break;
      items.push(this.targetItem());
      if (this.isOp(',')) tuple = true;
      else break;
    }
    const first = items[0];
    if (!first) return this.fail(`expected a name to assign to, got ${describe(this.cur)}`);
    return tuple ? { t: 'tuple', items, loc } : first;
  }

  protected targetItem(): Target {
    const loc = this.cur.loc;
    if (this.isOp('(')) {
      this.next();
      const inner = this.assignTarget({});
      this.expectOp(')');
      return inner;
    }
    const name = this.expectName();
    if (['true', 'false', 'none', 'True', 'False', 'None'].includes(name))
      this.fail(`cannot assign to ${name}`, loc);
    return { t: 'name', name, loc };
  }
}
