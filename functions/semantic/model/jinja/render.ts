/**
 * Runs a template's statements, with Jinja's scoping: a `{% for %}` body is one scope for the whole loop, a
 * macro's scope is a child of where it was defined, `{% set %}` inside `{% if %}` sets the enclosing scope,
 * an imported template runs in its own scope (with the globals, or the caller's variables `with context`).
 */
import type { MacroDef, Stmt, Target, Template } from './ast';
import { type Budget, checkLength, TemplateError } from './errors';
import { Evaluator, type PythonNames } from './evaluate';
import {
  type Args,
  Frame,
  isList,
  iterate,
  LoopContext,
  Macro,
  Namespace,
  newDict,
  PyTuple,
  str,
  TemplateModule,
  truthy,
  typeName,
  Undefined,
  type Value,
} from './values';

/** Finds and parses the templates `{% import %}`, `{% from %}` and `{% include %}` name. */
export interface Loader {
  /** The template a name refers to, parsed (a syntax error is thrown), or undefined when there is none. */
  load(name: string): Template | undefined;
}

type Status = 'break' | 'continue' | undefined;

/** Collects output, counting every character against the budget. */
class Output {
  readonly parts: string[] = [];

  constructor(private readonly budget: Budget) {}

  write(text: string): void {
    if (!text) return;
    this.budget.write(text.length);
    this.parts.push(text);
  }

  text(): string {
    const out = this.parts.join('');
    checkLength(out.length);
    return out;
  }
}

export class Renderer extends Evaluator {
  constructor(
    budget: Budget,
    python: PythonNames,
    private readonly loader: Loader,
    private readonly globals: Frame,
  ) {
    super(budget, python);
  }

  /** Renders a model file. */
  render(template: Template): string {
    const out = new Output(this.budget);
    this.body(template.body, new Frame(this.globals), out);
    return out.text();
  }

  private capture(body: Stmt[], frame: Frame): string {
    const out = new Output(this.budget);
    this.body(body, frame, out);
    return out.text();
  }

  private body(stmts: Stmt[], frame: Frame, out: Output): Status {
    for (const stmt of stmts) {
      const status = this.stmt(stmt, frame, out);
      if (status) return status;
    }
    return undefined;
  }

  private stmt(node: Stmt, frame: Frame, out: Output): Status {
    this.budget.step();
    this.loc = node.loc;
    switch (node.t) {
      case 'text':
        out.write(node.text);
        return undefined;
      case 'print':
        out.write(str(this.evaluate(node.value, frame)));
        return undefined;
      case 'if': {
        for (const branch of node.branches) {
          if (truthy(this.evaluate(branch.test, frame))) return this.body(branch.body, frame, out);
        }
        return node.else ? this.body(node.else, frame, out) : undefined;
      }
      case 'for':
        return this.forLoop(node, frame, out);
      case 'set':
        this.assign(node.target, this.evaluate(node.value, frame), frame);
        return undefined;
      case 'setblock': {
        let value: Value = this.capture(node.body, new Frame(frame));
        if (node.filter) value = this.applyFilters(node.filter, value, frame);
        this.assign(node.target, value, frame);
        return undefined;
      }
      case 'macro':
        frame.vars.set(node.macro.name, new Macro(node.macro, frame));
        return undefined;
      case 'callblock': {
        const call = node.call;
        if (call.t !== 'call') throw new TemplateError('{% call %} needs a macro call');
        const caller = new Macro(node.caller, frame);
        out.write(str(this.callNode(call.fn, call.call, frame, call.loc, ['caller', caller])));
        return undefined;
      }
      case 'filterblock':
        out.write(str(this.applyFilters(node.filter, this.capture(node.body, new Frame(frame)), frame)));
        return undefined;
      case 'with': {
        const inner = new Frame(frame);
        for (const [target, expr] of node.assigns) this.assign(target, this.evaluate(expr, frame), inner);
        return this.body(node.body, inner, out);
      }
      case 'import':
        frame.vars.set(
          node.alias,
          this.module(
            this.templateNamed(this.evaluate(node.template, frame)),
            node.withContext ? frame : undefined,
          ),
        );
        return undefined;
      case 'fromimport': {
        const template = this.templateNamed(this.evaluate(node.template, frame));
        const module = this.module(template, node.withContext ? frame : undefined);
        for (const [name, alias] of node.names) {
          const value = module.exports.get(name);
          this.loc = node.loc;
          if (value === undefined) throw new TemplateError(`${template.file} does not define ${name}`);
          frame.vars.set(alias, value);
        }
        return undefined;
      }
      case 'include': {
        const template = this.findInclude(this.evaluate(node.template, frame), node.ignoreMissing);
        if (!template) return undefined;
        this.budget.enter(`{% include %} of ${template.file}`);
        try {
          this.body(template.body, new Frame(node.withContext ? frame : this.globals), out);
        } finally {
          this.budget.leave();
        }
        return undefined;
      }
      case 'do':
        this.evaluate(node.value, frame);
        return undefined;
      case 'block':
        return this.body(node.body, new Frame(frame), out);
      case 'break':
      case 'continue':
        return node.t;
    }
  }

  /** A `{% filter %}` chain or `{% set x | f %}` applied to captured text (the chain's innermost value is absent). */
  private applyFilters(
    chain: Extract<Stmt, { t: 'filterblock' }>['filter'],
    text: Value,
    frame: Frame,
  ): Value {
    if (chain.t !== 'filter') throw new TemplateError('expected a filter');
    const value = chain.value ? this.applyFilters(chain.value, text, frame) : text;
    const args = this.args(chain.call, frame);
    this.loc = chain.loc;
    return this.filter(chain.name, value, args);
  }

  private forLoop(node: Extract<Stmt, { t: 'for' }>, frame: Frame, out: Output): Status {
    const iterable = this.evaluate(node.iter, frame);
    this.loc = node.loc;
    const run = (source: Value, depth0: number, into: Output) => {
      let items = iterate(source);
      if (node.filter) {
        const filter = node.filter;
        items = items.filter((item) => {
          const scope = new Frame(frame);
          this.assign(node.target, item, scope);
          return truthy(this.evaluate(filter, scope));
        });
      }
      const scope = new Frame(frame);
      const loop = new LoopContext(items, depth0);
      if (node.recursive) {
        loop.recurse = (children) => {
          this.budget.enter('a recursive loop');
          try {
            const inner = new Output(this.budget);
            run(children, depth0 + 1, inner);
            return inner.text();
          } finally {
            this.budget.leave();
          }
        };
      }
      for (let i = 0; i < items.length; i++) {
        this.budget.step();
        loop.index0 = i;
        this.assign(node.target, items[i] ?? null, scope);
        scope.vars.set('loop', loop);
        if (this.body(node.body, scope, into) === 'break') break;
      }
      if (items.length === 0 && node.else) this.body(node.else, frame, into);
    };
    run(iterable, 0, out);
    return undefined;
  }

  private assign(target: Target, value: Value, frame: Frame): void {
    if (target.t === 'name') {
      frame.vars.set(target.name, value);
      return;
    }
    if (target.t === 'nsattr') {
      const ns = frame.lookup(target.ns);
      this.loc = target.loc;
      if (!(ns instanceof Namespace)) {
        throw new TemplateError(
          `${target.ns}.${target.attr}: only a namespace() takes attribute assignments`,
        );
      }
      ns.attrs.set(target.attr, value);
      return;
    }
    const items =
      isList(value) || value instanceof PyTuple || typeof value === 'string' || value instanceof Map
        ? iterate(value)
        : undefined;
    this.loc = target.loc;
    if (!items) throw new TemplateError(`cannot unpack ${typeName(value)}`);
    if (items.length !== target.items.length) {
      throw new TemplateError(`expected ${target.items.length} values to unpack, got ${items.length}`);
    }
    target.items.forEach((t, i) => {
      this.assign(t, items[i] ?? null, frame);
    });
  }

  protected invoke(macro: Macro, a: Args): string {
    const def: MacroDef = macro.node;
    this.budget.enter(`macro ${def.name}`);
    try {
      const frame = new Frame(macro.closure);
      const kwargs = new Map(a.kwargs);
      const caller = kwargs.get('caller');
      kwargs.delete('caller');
      if (caller !== undefined) frame.vars.set('caller', caller);
      def.params.forEach((param, i) => {
        const positional = a.args[i];
        if (positional !== undefined && kwargs.has(param.name)) {
          throw new TemplateError(`macro ${def.name} got multiple values for ${param.name}`);
        }
        let value = positional ?? kwargs.get(param.name);
        kwargs.delete(param.name);
        if (value === undefined && param.default) value = this.evaluate(param.default, frame);
        frame.vars.set(
          param.name,
          value ?? new Undefined(`'${param.name}' was not passed to macro ${def.name}`),
        );
      });
      const extra = a.args.slice(def.params.length);
      if (extra.length && !def.usesVarargs) {
        throw new TemplateError(
          `macro ${def.name} takes at most ${def.params.length} argument(s) (${a.args.length} given)`,
        );
      }
      if (kwargs.size && !def.usesKwargs) {
        throw new TemplateError(`macro ${def.name} has no parameter ${[...kwargs.keys()][0] ?? ''}`);
      }
      frame.vars.set('varargs', new PyTuple(extra));
      frame.vars.set('kwargs', newDict(kwargs));
      return this.capture(def.body, frame);
    } finally {
      this.budget.leave();
    }
  }

  private templateNamed(name: Value): Template {
    if (typeof name !== 'string')
      throw new TemplateError(`a template name must be a str, not ${typeName(name)}`);
    const template = this.loader.load(name);
    if (!template) throw new TemplateError(`template not found: ${name}`);
    return template;
  }

  private findInclude(names: Value, ignoreMissing: boolean): Template | undefined {
    const list = typeof names === 'string' ? [names] : iterate(names);
    for (const name of list) {
      if (typeof name !== 'string')
        throw new TemplateError(`a template name must be a str, not ${typeName(name)}`);
      const template = this.loader.load(name);
      if (template) return template;
    }
    if (ignoreMissing) return undefined;
    throw new TemplateError(`template not found: ${list.map((n) => str(n)).join(', ')}`);
  }

  /** Runs an imported template; its top-level names (not starting with `_`) are the module's. */
  private module(template: Template, context: Frame | undefined): TemplateModule {
    this.budget.enter(`{% import %} of ${template.file}`);
    try {
      const frame = new Frame(context ?? this.globals);
      const output = this.capture(template.body, frame);
      const exports = new Map([...frame.vars].filter(([name]) => !name.startsWith('_')));
      return new TemplateModule(template.file, exports, output);
    } finally {
      this.budget.leave();
    }
  }
}
