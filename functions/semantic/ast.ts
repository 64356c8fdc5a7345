/** The few helpers every stage uses to read node-sql-parser's AST (plain JSON objects). */
// The PostgreSQL-only build (300 KB) instead of every dialect (2.5 MB): queries are only ever PostgreSQL here.
import nodeSqlParser from 'node-sql-parser/build/postgresql';
import { SqlNotAllowedError } from '../errors';

export type Node = Record<string, unknown>;

/**
 * The parser in this thread: prints rewritten ASTs, and parses the operator's model SQL (trusted; user SQL is
 * parsed in the worker of parse.ts).
 */
export const sqlParser = new nodeSqlParser.Parser();
export const POSTGRES = { database: 'PostgresQL' };

/** Bounds recursion over the AST (the parse precheck bounds nesting; this guards what slips through). */
const MAX_AST_DEPTH = 5_000;

/** Metadata the parser attaches to statements and subqueries; never printed, never trusted. */
export const METADATA_KEYS = new Set(['tableList', 'columnList', 'loc']);

export const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Visits every object in the AST depth-first (metadata excluded), refusing absurd depth. */
export function walk(value: unknown, visit: (node: Node) => void, depth = 0): void {
  if (depth > MAX_AST_DEPTH) throw new SqlNotAllowedError('The query is nested too deeply');
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit, depth + 1);
    return;
  }
  if (!isNode(value)) return;
  visit(value);
  for (const [key, child] of Object.entries(value)) {
    if (!METADATA_KEYS.has(key)) walk(child, visit, depth + 1);
  }
}

/** The text of a name node (`{expr: {value}}`, `{value}` or a plain string). */
export const nameOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (isNode(value)) {
    if (isNode(value.expr)) return nameOf(value.expr);
    if (typeof value.value === 'string') return value.value;
  }
  return '';
};

/** A function call's name; schema-qualified calls are refused. */
export function functionName(node: Node): string {
  const name = node.name;
  if (typeof name === 'string') return name;
  if (isNode(name) && Array.isArray(name.name)) {
    if (name.name.length !== 1) throw new SqlNotAllowedError('Schema-qualified functions are not allowed');
    return nameOf(name.name[0]);
  }
  return '';
}

/** The qualifier of a column reference (`o` in `o.status`), or ''. */
export const qualifierOf = (ref: Node): string =>
  typeof ref.table === 'string' ? ref.table : nameOf(ref.table);

/** Replaces a node in place, so parents holding it see the replacement. */
export function replaceNode(node: Node, replacement: Node): void {
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, replacement);
}

/** A double-quoted identifier. */
export const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** Folds an identifier as both engines compare it here: case-insensitively (DuckDB always does). */
export const fold = (identifier: string): string => identifier.toLowerCase();

/** Whether text holds a control character (tab, line feed and carriage return allowed with `lineBreaks`). */
export function hasControlCharacter(text: string, lineBreaks = false): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 32 && !(lineBreaks && (code === 9 || code === 10 || code === 13))) return true;
  }
  return false;
}
