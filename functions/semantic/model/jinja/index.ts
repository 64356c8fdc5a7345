/**
 * Cube's Jinja models, rendered before the YAML is read (docs/data-model.md, "Jinja"): `*.yml.jinja` /
 * `*.yaml.jinja` files, and `.yml` / `.yaml` files holding Jinja syntax, as Cube renders them. The renderer is
 * our own tree-walking interpreter over inert values (./values): a template cannot reach JavaScript, the
 * process, the environment, files or the network. `COMPILE_CONTEXT` is the JSON object of
 * `compile_context.json` at the model's root (pushed with the model), checked like the templates.
 */
import type { ModelFile, ModelIssue } from '../schema';
import type { Template } from './ast';
import { Budget, LIMITS, LimitError, type Location, TemplateError, withBudget } from './errors';
import type { PythonNames } from './evaluate';
import { FILTERS } from './filters';
import { GLOBALS } from './globals';
import { type Known, parseTemplate } from './parser';
import { type Loader, Renderer } from './render';
import { TESTS } from './tests';
import { Frame, newDict, refusedName, type Value } from './values';

/** The file of a model that holds its `COMPILE_CONTEXT` (a JSON object), not a model file. */
export const COMPILE_CONTEXT_FILE = 'compile_context.json';

/** Model files rendered through Jinja: `*.yml.jinja`, `*.yaml.jinja`. */
export const JINJA_MODEL = /\.ya?ml\.jinja$/;

/** Cube's test for Jinja in a plain YAML file. */
const JINJA_SYNTAX = /\{%|%\}|\{\{|\}\}/;

const PYTHON_FILE = /\.py$/;

export interface RenderedModel {
  /** The model files as YAML: rendered templates, plain files unchanged (no compile context, Python, macros). */
  files: ModelFile[];
  /** Problems that make the model invalid, each naming its file and line. */
  issues: ModelIssue[];
  /** What the author should know without the model being refused (a Python file that is not run). */
  notes: ModelIssue[];
}

/**
 * Renders the Jinja of a model's files with its COMPILE_CONTEXT. Plain files pass through unchanged; the
 * compile context and Python files are taken out; `*.jinja` files that are not `*.yml.jinja` are template
 * libraries for `{% import %}`, `{% from %}` and `{% include %}`, which name files from the model's root
 * (or its `model/` folder, as Cube resolves them).
 */
export function renderModelFiles(files: readonly ModelFile[]): RenderedModel {
  const issues: ModelIssue[] = [];
  const contextFile = files.find((f) => f.path === COMPILE_CONTEXT_FILE);
  let context: unknown = {};
  if (contextFile) {
    const checked = checkCompileContext(contextFile);
    issues.push(...checked.issues);
    if (!checked.issues.length) context = checked.value;
  }
  const pythonFiles = files.filter((f) => PYTHON_FILE.test(f.path));
  const python: PythonNames = { files: pythonFiles.map((f) => f.path), names: pythonNames(pythonFiles) };
  const notes = modelNotes(files);
  const templates = new ModelTemplates(files, python);
  const budget = new Budget();
  const out: ModelFile[] = [];
  let stopped = false;
  for (const file of files) {
    if (file === contextFile || PYTHON_FILE.test(file.path)) continue;
    const templated =
      JINJA_MODEL.test(file.path) || file.path.endsWith('.jinja') || JINJA_SYNTAX.test(file.content);
    if (!templated) {
      out.push(file);
      continue;
    }
    // A *.jinja file that is not *.yml.jinja is a library: checked for syntax, never a model file itself.
    const library = file.path.endsWith('.jinja') && !JINJA_MODEL.test(file.path);
    if (stopped && !library) continue;
    let renderer: Renderer | undefined;
    try {
      const template = templates.parse(file);
      if (library) continue;
      const current = new Renderer(budget, python, templates, globalsFrame(context));
      renderer = current;
      out.push({ path: file.path, content: withBudget(budget, () => current.render(template)) });
    } catch (error) {
      issues.push(issueOf(error, file.path, renderer?.loc));
      if (error instanceof LimitError) stopped = true;
    }
  }
  return { files: out, issues: unique(issues), notes };
}

/** What the author of a model should know although it loads: its Python files are kept but never run. */
export function modelNotes(files: readonly ModelFile[]): ModelIssue[] {
  return files
    .filter((f) => PYTHON_FILE.test(f.path))
    .map((f) => ({
      file: f.path,
      path: '(root)',
      message:
        'Python is not run here: the model loads without this file, and a template using a function, filter or variable it defines is refused',
    }));
}

/** A fresh scope of globals for each file, so that a template mutating COMPILE_CONTEXT affects only itself. */
function globalsFrame(context: unknown): Frame {
  const frame = new Frame();
  for (const [name, fn] of GLOBALS) frame.vars.set(name, fn);
  frame.vars.set('COMPILE_CONTEXT', fromJson(context));
  return frame;
}

/** JSON as template values: objects become dicts (Maps), integers ints, other numbers floats. */
function fromJson(v: unknown): Value {
  if (typeof v === 'string' || typeof v === 'boolean' || v === null) return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === 'object' && v) return newDict(Object.entries(v).map(([k, x]) => [k, fromJson(x)]));
  return null;
}

/** The compile context: a JSON object whose keys are never names a lookup refuses, nested at most LIMITS.nesting. */
function checkCompileContext(file: ModelFile): { value: unknown; issues: ModelIssue[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.content);
  } catch (error) {
    return {
      value: {},
      issues: [{ file: file.path, path: '(root)', message: `not valid JSON: ${messageOf(error)}` }],
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { value: {}, issues: [{ file: file.path, path: '(root)', message: 'must be a JSON object' }] };
  }
  const issues: ModelIssue[] = [];
  const walk = (v: unknown, path: string, depth: number) => {
    if (depth > LIMITS.nesting) {
      issues.push({ file: file.path, path, message: `nested more than ${LIMITS.nesting} deep` });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        walk(x, `${path}[${i}]`, depth + 1);
      });
    } else if (typeof v === 'object' && v) {
      for (const [key, x] of Object.entries(v)) {
        const why = refusedName(key);
        const at = `${path === '(root)' ? '' : path}.${key}`.replace(/^\./, '');
        if (why) {
          issues.push({
            file: file.path,
            path: `${lineOf(file.content, JSON.stringify(key))}: ${at}`,
            message: `key ${why}`,
          });
        } else walk(x, at, depth + 1);
      }
    }
  };
  walk(parsed, '(root)', 0);
  return { value: parsed, issues };
}

const lineOf = (text: string, needle: string) => {
  const at = text.indexOf(needle);
  return `line ${at < 0 ? 1 : text.slice(0, at).split('\n').length}`;
};

/**
 * Names a model's Python registers for templates (Cube's `@template.function`, `@template.filter`,
 * `add_variable`...), read from the text without running it, so that a template using one is refused by name.
 */
function pythonNames(files: readonly ModelFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    let pending = false;
    for (const line of file.content.split('\n')) {
      if (line.length > 1000) continue;
      const decorator =
        /^\s*@\w+\.(?:function|filter|variable)\b\s*(?:\(\s*(?:name\s*=\s*)?['"]([A-Za-z_]\w*)['"])?/.exec(
          line,
        );
      if (decorator) {
        if (decorator[1]) names.add(decorator[1]);
        else pending = true;
        continue;
      }
      const added = /\.add_(?:variable|function|filter)\s*\(\s*['"]([A-Za-z_]\w*)['"]/.exec(line);
      if (added?.[1]) names.add(added[1]);
      const def = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/.exec(line);
      if (def?.[1] && pending) names.add(def[1]);
      if (def) pending = false;
    }
  }
  return names;
}

/** The model's files as templates, parsed once each; names resolve from the root, then from `model/`. */
class ModelTemplates implements Loader {
  private readonly byPath: Map<string, ModelFile>;
  private readonly parsed = new Map<string, Template | TemplateError>();
  private readonly known: Known;

  constructor(files: readonly ModelFile[], python: PythonNames) {
    this.byPath = new Map(files.filter((f) => !PYTHON_FILE.test(f.path)).map((f) => [f.path, f]));
    const filters = new Set(FILTERS.keys());
    const tests = new Set([...TESTS.keys(), 'filter', 'test']);
    this.known = {
      filters,
      tests,
      missing: (kind, name) =>
        python.names.has(name)
          ? `${name} is defined in ${python.files.join(', ')} (Python), which is not run here`
          : `no ${kind} named '${name}'`,
    };
  }

  parse(file: ModelFile): Template {
    const cached = this.parsed.get(file.path);
    if (cached instanceof TemplateError) throw cached;
    if (cached) return cached;
    try {
      const template = parseTemplate(file.content, file.path, this.known);
      this.parsed.set(file.path, template);
      return template;
    } catch (error) {
      if (error instanceof TemplateError) this.parsed.set(file.path, error);
      throw error;
    }
  }

  load(name: string): Template | undefined {
    const path = this.resolve(name);
    const file = path === undefined ? undefined : this.byPath.get(path);
    return file ? this.parse(file) : undefined;
  }

  private resolve(name: string): string | undefined {
    const parts: string[] = [];
    for (const part of name.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (!parts.pop()) return undefined;
      } else parts.push(part);
    }
    const clean = parts.join('/');
    if (this.byPath.has(clean)) return clean;
    if (this.byPath.has(`model/${clean}`)) return `model/${clean}`;
    const matches = [...this.byPath.keys()].filter((p) => p.endsWith(`/${clean}`));
    return matches.length === 1 ? matches[0] : undefined;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A model issue naming the template file and line where the problem is (and the file being rendered). */
function issueOf(error: unknown, rendering: string, fallback: Location | undefined): ModelIssue {
  const stack = error instanceof RangeError && /call stack/i.test(error.message);
  if (!(error instanceof TemplateError) && !stack) throw error;
  const where = (error instanceof TemplateError ? error.location : undefined) ?? fallback;
  const message = stack
    ? 'the templates nest too deeply (the interpreter ran out of stack)'
    : messageOf(error);
  const also = where && where.file !== rendering ? ` (while rendering ${rendering})` : '';
  return {
    file: where?.file ?? rendering,
    path: where ? `line ${where.line}, column ${where.column}` : '(root)',
    message: `Jinja: ${message}${also}`,
  };
}

function unique(issues: ModelIssue[]): ModelIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    // A broken library imported by several files is one problem, whichever file rendered it.
    const key = `${i.file}\n${i.path}\n${i.message.replace(/ \(while rendering [^)]*\)$/, '')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
