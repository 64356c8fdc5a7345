/**
 * What DynamoDB (through the document client) can store, checked before anything is sent so that a value it
 * would refuse is a 400 naming the field, never a 500 (README, "Errors"). Pure: no client, no I/O.
 */

/** A stored item's attribute may nest maps and lists 31 deep (DynamoDB counts the item itself as the 32nd). */
export const MAX_NESTING = 31;
/** DynamoDB's longest attribute (and map key) name. */
export const MAX_KEY_BYTES = 65_535;
/** The document client refuses numbers it cannot convert exactly (beyond ±2^53 - 1). */
export const MAX_NUMBER = Number.MAX_SAFE_INTEGER;
/** DynamoDB's smallest non-zero magnitude. */
export const MIN_MAGNITUDE = 1e-130;
/** An item is at most 400 KB; one request's security context or attribute values get a quarter of it each. */
export const MAX_ITEM_BYTES = 400 * 1024;
export const MAX_VALUE_BYTES = 100 * 1024;

export interface LimitIssue {
  /** zod-style path below the checked value. */
  path: (string | number)[];
  message: string;
}

/** Why a number cannot be stored, or undefined when it can. */
export function numberIssue(value: number): string | undefined {
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (Math.abs(value) > MAX_NUMBER) return `must be between -${MAX_NUMBER} and ${MAX_NUMBER}`;
  if (value !== 0 && Math.abs(value) < MIN_MAGNITUDE)
    return `must be 0 or at least ${MIN_MAGNITUDE} in magnitude`;
  return undefined;
}

/**
 * The first reason a JSON value cannot be stored as one DynamoDB attribute: nesting deeper than `maxDepth`
 * (the value itself is level 1 when it is a map or list), numbers out of range, empty map keys, or a
 * serialised size over `maxBytes`.
 */
export function storableIssue(
  value: unknown,
  options: { maxDepth?: number; maxBytes?: number } = {},
): LimitIssue | undefined {
  const maxDepth = options.maxDepth ?? MAX_NESTING;
  const walk = (v: unknown, path: (string | number)[], depth: number): LimitIssue | undefined => {
    if (typeof v === 'number') {
      const message = numberIssue(v);
      return message ? { path, message } : undefined;
    }
    if (v === null || typeof v !== 'object') return undefined;
    if (depth + 1 > maxDepth) return { path, message: `nested deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) {
        const issue = walk(item, [...path, i], depth + 1);
        if (issue) return issue;
      }
      return undefined;
    }
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      if (key === '') return { path, message: 'map keys must not be empty' };
      if (Buffer.byteLength(key) > MAX_KEY_BYTES) {
        return { path, message: `map keys must be at most ${MAX_KEY_BYTES} bytes` };
      }
      const issue = walk(item, [...path, key], depth + 1);
      if (issue) return issue;
    }
    return undefined;
  };
  const issue = walk(value, [], 0);
  if (issue) return issue;
  if (options.maxBytes !== undefined && Buffer.byteLength(JSON.stringify(value) ?? '') > options.maxBytes) {
    return { path: [], message: `must be at most ${options.maxBytes} bytes as JSON` };
  }
  return undefined;
}

/** Lone UTF-16 surrogates: text that is not Unicode, which DynamoDB would store as something else. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The path of the first string or key with ill-formed Unicode in a parsed JSON value. Iterative: a body may
 * nest far deeper than the call stack.
 */
export function illFormedPath(value: unknown): (string | number)[] | undefined {
  // Paths are parent links, built into an array only for the value found (no copy per level).
  type Node = { value: unknown; key?: string | number; parent?: Node };
  const pathOf = (node: Node): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const stack: Node[] = [{ value }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const v = node.value;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return pathOf(node);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? [...v.entries()]
      : Object.entries(v as Record<string, unknown>);
    for (const [key, item] of entries.reverse()) {
      const child: Node = { value: item, key, parent: node };
      if (typeof key === 'string' && LONE_SURROGATE.test(key)) return pathOf(child);
      stack.push(child);
    }
  }
  return undefined;
}

/** Whether an error is DynamoDB refusing an item over 400 KB. */
export const isItemTooLarge = (error: unknown): boolean =>
  error instanceof Error &&
  error.name === 'ValidationException' &&
  /item size has exceeded/i.test(error.message);
