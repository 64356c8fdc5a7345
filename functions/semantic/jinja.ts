import type nunjucks from 'nunjucks';
import { requireSidecar } from './beside';
import type { ModelFile, ModelIssue } from './model-schema';

/**
 * Cube's Jinja models, rendered with nunjucks before the YAML is read. Cube renders `*.yml.jinja` /
 * `*.yaml.jinja` files, and `.yml` / `.yaml` files holding Jinja syntax; so does this. The deployment's
 * `COMPILE_CONTEXT` comes from `compile_context.json` at the model's root (pushed with the model).
 */

/** The file of a model that holds its `COMPILE_CONTEXT` (a JSON object), not a model file. */
export const COMPILE_CONTEXT_FILE = 'compile_context.json';

/** Model files rendered through Jinja: `*.yml.jinja`, `*.yaml.jinja`. */
export const JINJA_MODEL = /\.ya?ml\.jinja$/;

/** Cube's test for Jinja in a plain YAML file. */
const JINJA_SYNTAX = /\{%|%\}|\{\{|\}\}/;

/**
 * nunjucks compiles templates to JavaScript and is no sandbox: a template could reach `constructor` and run
 * code. Model authors are operators, but a model must not be a way to run code in the query function.
 */
const ESCAPE_HATCH = /\b(constructor|__proto__|prototype|__defineGetter__|__lookupGetter__)\b/;

/** nunjucks's build shipped beside a Lambda bundle (built there at bundling), else the installed package. */
export const NUNJUCKS_FILE = 'nunjucks.cjs';

/** nunjucks, loaded when a model first has Jinja in it: a model without any never loads it (lib/bundling.ts). */
let loaded: typeof nunjucks | undefined;
const nunjucksModule = (): typeof nunjucks => {
  loaded ??= requireSidecar<typeof nunjucks>(NUNJUCKS_FILE, 'nunjucks');
  return loaded;
};

let compat = false;

export interface RenderedModel {
  files: ModelFile[];
  issues: ModelIssue[];
}

/**
 * Renders the Jinja of a model's files with its COMPILE_CONTEXT. Plain files pass through unchanged; the
 * compile context file is taken out. `{% import %}` / `{% include %}` read other files of the model by path.
 */
export function renderModelFiles(files: readonly ModelFile[]): RenderedModel {
  const issues: ModelIssue[] = [];
  const contextFile = files.find((f) => f.path === COMPILE_CONTEXT_FILE);
  let compileContext: Record<string, unknown> = {};
  if (contextFile) {
    try {
      const parsed: unknown = JSON.parse(contextFile.content);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('must be a JSON object');
      compileContext = parsed as Record<string, unknown>;
    } catch (error) {
      issues.push({ file: contextFile.path, path: '(root)', message: messageOf(error) });
    }
  }
  const needsJinja = (f: ModelFile) => JINJA_MODEL.test(f.path) || JINJA_SYNTAX.test(f.content);
  const out: ModelFile[] = [];
  let env: nunjucks.Environment | undefined;
  for (const file of files) {
    if (file === contextFile) continue;
    if (!needsJinja(file)) {
      out.push(file);
      continue;
    }
    // Templates (macros) imported by others are not model files themselves: `*.jinja` but not `*.yml.jinja`.
    const isLibrary = /\.jinja$/.test(file.path) && !JINJA_MODEL.test(file.path);
    if (ESCAPE_HATCH.test(file.content)) {
      issues.push({
        file: file.path,
        path: '(root)',
        message: 'Jinja templates may not name constructor, prototype or __proto__',
      });
      continue;
    }
    if (isLibrary) continue;
    env ??= environment(files);
    try {
      const content = env.renderString(file.content, { COMPILE_CONTEXT: compileContext });
      out.push({ path: file.path, content });
    } catch (error) {
      issues.push({ file: file.path, path: '(root)', message: `Jinja: ${jinjaMessage(error)}` });
    }
  }
  return { files: out, issues };
}

function environment(files: readonly ModelFile[]): nunjucks.Environment {
  const engine = nunjucksModule();
  if (!compat) {
    // Python-style members (`dict.items()`, `True`, slices) as Cube's Jinja users write them.
    engine.installJinjaCompat();
    compat = true;
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  const loader: nunjucks.ILoader = {
    getSource: (name: string) => {
      const file = byPath.get(name.replace(/^\.?\//, ''));
      if (!file) throw new Error(`template not found: ${name}`);
      if (ESCAPE_HATCH.test(file.content))
        throw new Error(`${name} names constructor, prototype or __proto__`);
      return { src: file.content, path: file.path, noCache: true };
    },
  };
  return new engine.Environment(loader, { autoescape: false, throwOnUndefined: false });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** nunjucks prefixes errors with `(unknown path)` and a newline: keep the line/column and the message. */
function jinjaMessage(error: unknown): string {
  return messageOf(error)
    .replace(/^\(unknown path\)\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
