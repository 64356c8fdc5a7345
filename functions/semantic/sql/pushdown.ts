/**
 * Cube's FILTER_PARAMS push-down: the filters a query puts on a member, offered to the cube SQL that asks for
 * them (`WHERE {FILTER_PARAMS.orders.created_at.filter('created_at')}`), so an aggregating or partitioned cube
 * SQL reads only the rows the query keeps.
 *
 * Pushed: the top-level AND conditions of the WHERE of the one SELECT that reads the model object (an object the
 * query reads in two places gets none, since both share its secured subquery), comparing one of its dimensions
 * with literals: `=`, `<>`, `<`, `<=`, `>`, `>=`, `IN (...)`, `BETWEEN ... AND ...`. The query's WHERE still
 * applies outside, so pushing only ever removes rows the query would have removed anyway.
 */

import { isNode, type Node, qualifierOf } from '../ast';
import type { PushedFilter } from '../model/context-refs';
import type { Member } from '../model/schema';
import { memberOf } from './measures';
import { type Resolution, rangeOf, type Scope } from './resolve';

const COMPARISONS = new Set(['=', '<>', '!=', '<', '<=', '>', '>=']);
const FLIPPED: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** A literal the filter can carry as a parameter. */
function literal(node: unknown): string | number | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'number' && typeof node.value === 'number') return node.value;
  // The parser keeps a string's text as written: `'O''Brien'` reads `O''Brien`.
  if (node.type === 'single_quote_string' && typeof node.value === 'string')
    return node.value.replace(/''/g, "'");
  return undefined;
}

/** The top-level AND conjuncts of a condition (parenthesised or not). */
function conjuncts(where: unknown): Node[] {
  if (!isNode(where)) return [];
  if (where.type === 'binary_expr' && String(where.operator).toUpperCase() === 'AND') {
    return [...conjuncts(where.left), ...conjuncts(where.right)];
  }
  return [where];
}

/** `column op literal(s)` as a pushed filter on that column reference, or undefined. */
function comparison(condition: Node): { ref: Node; filter: PushedFilter } | undefined {
  if (condition.type !== 'binary_expr') return undefined;
  const op = String(condition.operator).toUpperCase();
  const { left, right } = condition;
  if (COMPARISONS.has(op)) {
    const normal = op === '!=' ? '<>' : op;
    if (isNode(left) && left.type === 'column_ref' && literal(right) !== undefined) {
      return {
        ref: left,
        filter: { op: normal as PushedFilter['op'], values: [literal(right) as string | number] },
      };
    }
    if (isNode(right) && right.type === 'column_ref' && literal(left) !== undefined) {
      const flipped = (FLIPPED[normal] ?? normal) as PushedFilter['op'];
      return { ref: right, filter: { op: flipped, values: [literal(left) as string | number] } };
    }
    return undefined;
  }
  if ((op === 'IN' || op === 'BETWEEN') && isNode(left) && left.type === 'column_ref' && isNode(right)) {
    const items = Array.isArray(right.value) ? right.value.map(literal) : [];
    if (items.length === 0 || items.some((v) => v === undefined)) return undefined;
    if (op === 'BETWEEN' && items.length !== 2) return undefined;
    return { ref: left, filter: { op, values: items as (string | number)[] } };
  }
  return undefined;
}

/** The dimension of `object` a column reference in `scope` names, if it names one (and it alone is read). */
function dimensionOf(
  ref: Node,
  scope: Scope,
  object: string,
  visible: ReadonlyMap<string, Member[]>,
): Member | undefined {
  const qualifier = qualifierOf(ref);
  const reads = qualifier
    ? rangeOf(scope, qualifier).object === object
    : scope.objects.size === 1 && scope.objects.has(object);
  const member = reads ? memberOf(ref, scope, visible, 'dimension') : undefined;
  return member?.switchValues ? undefined : member;
}

/**
 * The filters of `root` that can be pushed into each model object's cube SQL, by object name, then by
 * `cube.member` (the member's own cube, which FILTER_PARAMS names).
 */
export function pushableFilters(
  resolution: Resolution,
  visible: ReadonlyMap<string, Member[]>,
): Map<string, Map<string, PushedFilter[]>> {
  const readers = new Map<string, Scope[]>();
  for (const scope of resolution.scopes) {
    for (const object of scope.aliases.values()) {
      if (object) readers.set(object, [...(readers.get(object) ?? []), scope]);
    }
  }
  const pushed = new Map<string, Map<string, PushedFilter[]>>();
  for (const [object, scopes] of readers) {
    const scope = scopes[0];
    if (scopes.length !== 1 || !scope) continue;
    const byMember = new Map<string, PushedFilter[]>();
    for (const condition of conjuncts(scope.select.where)) {
      const found = comparison(condition);
      const member = found && dimensionOf(found.ref, scope, object, visible);
      if (!found || !member) continue;
      const key = `${member.cube}.${member.cubeMember}`;
      const filter = member.type === 'time' ? { ...found.filter, time: true as const } : found.filter;
      byMember.set(key, [...(byMember.get(key) ?? []), filter]);
    }
    if (byMember.size > 0) pushed.set(object, byMember);
  }
  return pushed;
}
