import { parse } from 'acorn';
import type { ModelFile, ModelIssue } from './schema';

/**
 * Cube's JavaScript model files (`cube(\`orders\`, {...})`, `view(...)`), read as data with a JavaScript parser:
 * nothing in them is executed. The declarative form Cube documents is understood: object and array literals,
 * strings, numbers, booleans, template literals whose `${...}` are references (`${CUBE}`, `${CUBE.amount}`,
 * `${users.id}`, `${FILTER_PARAMS.orders.created_at.filter('created_at')}`), identifiers naming cubes
 * (`joinPath: orders.users`, `extends: base`), camelCase keys. Whatever needs execution (functions, imports,
 * variables, loops, spreads, calls other than FILTER_PARAMS/SECURITY_CONTEXT helpers) is refused by name with
 * its file and line (docs/data-model.md, "JavaScript models").
 */

interface Node {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number; column: number } };
  [key: string]: unknown;
}

class Refused extends Error {
  constructor(
    message: string,
    readonly node: Node,
  ) {
    super(message);
  }
}

/** Keys whose object value is a collection of named members: `{count: {...}}` -> `[{name: 'count', ...}]`. */
const NAMED_COLLECTIONS = new Set([
  'measures',
  'dimensions',
  'segments',
  'joins',
  'pre_aggregations',
  'hierarchies',
  'granularities',
]);

/** camelCase keys and enum values as Cube's YAML spells them: `sqlTable` -> `sql_table`, `belongsTo` -> `belongs_to`. */
const snake = (text: string): string => text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
/** Values written in camelCase in JavaScript models (relationships, types, granularities, directions). */
const ENUM_KEYS = new Set(['type', 'relationship', 'granularity', 'dir', 'offset']);

const nodeOf = (value: unknown): Node => value as Node;

/** The dotted name of `a.b.c` (identifiers only), or undefined. */
function dotted(node: Node): string | undefined {
  if (node.type === 'Identifier') return String(node.name);
  if (node.type === 'MemberExpression' && !node.computed) {
    const object = dotted(nodeOf(node.object));
    const property = nodeOf(node.property);
    if (object !== undefined && property.type === 'Identifier') return `${object}.${String(property.name)}`;
  }
  return undefined;
}

/** A Cube helper call inside `${...}`: `FILTER_PARAMS.x.y.filter('col')`, `SECURITY_CONTEXT.x.filter('col')`. */
function helperCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = dotted(nodeOf(node.callee));
  const args = (node.arguments as Node[]) ?? [];
  return (
    callee !== undefined &&
    /^(FILTER_PARAMS|SECURITY_CONTEXT|FILTER_GROUP)\./.test(callee) &&
    args.every((arg) => arg.type === 'Literal' && typeof arg.value === 'string')
  );
}

class Reader {
  constructor(private readonly source: string) {}

  value(node: Node, key?: string): unknown {
    switch (node.type) {
      case 'Literal': {
        const value = node.value;
        if (typeof value === 'string' && key && ENUM_KEYS.has(key)) return snake(value);
        if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
        throw new Refused(`a ${typeof value} literal is not model data`, node);
      }
      case 'TemplateLiteral': {
        const text = this.template(node);
        return key && ENUM_KEYS.has(key) ? snake(text) : text;
      }
      case 'ArrayExpression':
        return (node.elements as (Node | null)[]).map((element) => {
          if (!element) throw new Refused('an array hole is not model data', node);
          return this.value(element, key);
        });
      case 'ObjectExpression':
        return this.object(node, key);
      case 'Identifier':
      case 'MemberExpression': {
        // `joinPath: orders.users`, `extends: base_orders`, `includes: '*'` as an identifier of a cube.
        const name = dotted(node);
        if (name !== undefined) return name;
        throw new Refused('a computed member access needs JavaScript to run', node);
      }
      case 'UnaryExpression':
        if (node.operator === '-' && nodeOf(node.argument).type === 'Literal') {
          const inner = nodeOf(node.argument).value;
          if (typeof inner === 'number') return -inner;
        }
        throw new Refused(`the operator ${String(node.operator)} needs JavaScript to run`, node);
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        throw new Refused(
          `a function${key ? ` in ${key}` : ''} needs JavaScript to run: write the value itself (a string or a template literal)`,
          node,
        );
      default:
        throw new Refused(`${node.type} needs JavaScript to run`, node);
    }
  }

  /** A template literal as Cube's YAML writes it: `${CUBE}.id = ${users}.id` -> `{CUBE}.id = {users}.id`. */
  template(node: Node): string {
    const quasis = node.quasis as Node[];
    const expressions = node.expressions as Node[];
    let out = '';
    for (const [i, quasi] of quasis.entries()) {
      out += String((quasi.value as { cooked?: string; raw: string }).cooked ?? '');
      const expression = expressions[i];
      if (!expression) continue;
      const name = dotted(expression);
      if (name !== undefined) out += `{${name}}`;
      else if (helperCall(expression)) out += `{${this.source.slice(expression.start, expression.end)}}`;
      else
        throw new Refused(
          'this template expression needs JavaScript to run: only references and FILTER_PARAMS helpers are read',
          expression,
        );
    }
    return out;
  }

  object(node: Node, parentKey?: string): unknown {
    const entries: [string, unknown][] = [];
    for (const property of node.properties as Node[]) {
      if (property.type !== 'Property' || property.computed || property.kind !== 'init')
        throw new Refused(
          `${property.type === 'SpreadElement' ? 'a spread' : 'a computed or accessor key'} needs JavaScript to run`,
          property,
        );
      const keyNode = nodeOf(property.key);
      const raw = keyNode.type === 'Identifier' ? String(keyNode.name) : String(keyNode.value);
      // Member names (keys of a named collection) and meta keys keep their spelling; Cube's own keys are snake_cased.
      const name =
        parentKey !== undefined && NAMED_COLLECTIONS.has(parentKey)
          ? raw
          : parentKey === 'meta'
            ? raw
            : snake(raw);
      entries.push([name, this.value(nodeOf(property.value), name)]);
    }
    if (parentKey !== undefined && NAMED_COLLECTIONS.has(parentKey)) {
      return entries.map(([name, value]) => ({ name, ...(value as Record<string, unknown>) }));
    }
    return Object.fromEntries(entries);
  }
}

/** Reads one JavaScript model file into the YAML form's object (`{cubes, views}`), or the issues refusing it. */
export function readJsModel(file: ModelFile): {
  data?: { cubes: unknown[]; views: unknown[] };
  issues: ModelIssue[];
} {
  const issue = (message: string, node?: Node): ModelIssue => ({
    file: file.path,
    path: node?.loc ? `line ${node.loc.start.line}, column ${node.loc.start.column + 1}` : '(root)',
    message,
  });
  let program: Node;
  try {
    program = parse(file.content, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      locations: true,
    }) as unknown as Node;
  } catch (error) {
    return { issues: [issue(`JavaScript: ${error instanceof Error ? error.message : String(error)}`)] };
  }
  const reader = new Reader(file.content);
  const cubes: unknown[] = [];
  const views: unknown[] = [];
  const issues: ModelIssue[] = [];
  for (const statement of program.body as Node[]) {
    try {
      const call = statement.type === 'ExpressionStatement' ? nodeOf(statement.expression) : undefined;
      const callee = call?.type === 'CallExpression' ? dotted(nodeOf(call.callee)) : undefined;
      if (!call || (callee !== 'cube' && callee !== 'view')) {
        throw new Refused(
          `${statement.type === 'ImportDeclaration' ? 'an import' : statement.type === 'VariableDeclaration' ? 'a variable' : statement.type === 'FunctionDeclaration' ? 'a function' : /For|While|Do/.test(statement.type) ? 'a loop' : 'this statement'} needs JavaScript to run: only cube(...) and view(...) calls are read`,
          statement,
        );
      }
      const [nameNode, bodyNode, ...rest] = call.arguments as Node[];
      if (!nameNode || !bodyNode || rest.length > 0)
        throw new Refused(`${callee}(name, {...}) takes a name and an object`, call);
      const name = reader.value(nameNode);
      if (typeof name !== 'string') throw new Refused(`the ${callee} name must be a string`, nameNode);
      const body = reader.value(bodyNode);
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new Refused(`the ${callee} definition must be an object`, bodyNode);
      (callee === 'cube' ? cubes : views).push({ name, ...body });
    } catch (error) {
      if (error instanceof Refused) issues.push(issue(error.message, error.node));
      else throw error;
    }
  }
  return issues.length > 0 ? { issues } : { data: { cubes, views }, issues };
}
