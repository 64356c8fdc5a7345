/**
 * Stage 4: measures. As in Cube's SQL API, measures only exist aggregated: `MEASURE(x)` and a bare measure
 * column become the measure's own aggregate; an aggregate over a measure must be that same aggregate.
 */
import { SqlNotAllowedError } from '../../errors';
import {
  fold,
  functionName,
  isNode,
  METADATA_KEYS,
  type Node,
  nameOf,
  qualifierOf,
  replaceNode,
} from '../ast';
import type { CalculatedMeasure, Member } from '../model/schema';
import { suggest } from '../suggest';
import type { Dialect } from '../target';
import { type Resolution, rangeOf, type Scope } from './resolve';
import { type MeasureContext, rollingAggregate, shiftedAggregate, stagedAggregate } from './rolling';

export type { Dialect } from '../target';

/**
 * The aggregate expression of a measure over `column`, in the dialect's spelling. `context` (the SELECT and
 * clause the reference sits in) is what a rolling window reads its time bucket from.
 */
export function aggregateFor(member: Member, column: Node, dialect: Dialect, context?: MeasureContext): Node {
  if (member.unsupported) throw new SqlNotAllowedError(`${member.unsupported} (in ${member.name})`);
  if (member.stage) {
    const { stage: _stage, ...plain } = member;
    return stagedAggregate(member, context, () => aggregateFor(plain, { ...column }, dialect));
  }
  if (member.shift) {
    const { shift: _shift, ...plain } = member;
    return shiftedAggregate(member, context, () => aggregateFor(plain, { ...column }, dialect));
  }
  if (member.rolling) {
    const { rolling: _window, ...plain } = member;
    return rollingAggregate(member, context, dialect, (aggType) =>
      aggregateFor({ ...plain, aggType }, { ...column }, dialect),
    );
  }
  if (member.calc) {
    return calculatedExpression(member.calc, column, (base, ref) =>
      aggregateFor(base, ref, dialect, context),
    );
  }
  const aggr = (name: string, distinct = false): Node => ({
    type: 'aggr_func',
    name,
    args: { ...(distinct ? { distinct: 'DISTINCT' } : {}), expr: column },
    over: null,
  });
  switch (member.aggType) {
    case 'count':
      return aggr('COUNT');
    case 'count_distinct':
    case 'count_distinct_approx': // exact: COUNT(DISTINCT) (docs/data-model.md)
      return aggr('COUNT', true);
    case 'sum':
      return aggr('SUM');
    case 'avg':
      return aggr('AVG');
    case 'min':
      return aggr('MIN');
    case 'max':
      return aggr('MAX');
    case 'median':
      // DuckDB's median keeps a DECIMAL's scale (rounding the midpoint); over DOUBLE it matches PERCENTILE_CONT.
      return dialect === 'duckdb'
        ? {
            type: 'function',
            name: { name: [{ type: 'default', value: 'median' }] },
            args: {
              type: 'expr_list',
              value: [
                {
                  type: 'cast',
                  keyword: 'cast',
                  expr: column,
                  symbol: 'as',
                  target: [{ dataType: 'DOUBLE' }],
                },
              ],
            },
          }
        : {
            type: 'aggr_func',
            name: 'PERCENTILE_CONT',
            args: { expr: { type: 'number', value: '0.5' } },
            within_group_orderby: [{ expr: column, type: null, nulls: null }],
            over: null,
          };
    default:
      throw new SqlNotAllowedError(`Measure ${member.name} cannot be aggregated`);
  }
}

const SAME_AGGREGATE: Record<string, string> = {
  sum: 'SUM',
  min: 'MIN',
  max: 'MAX',
  avg: 'AVG',
  count: 'COUNT',
};

/**
 * The member of `kind` a column reference names, if any: through its qualifier's range variable, or (unqualified) in the
 * model objects of its own SELECT when that SELECT reads only model objects.
 */
export function memberOf(
  ref: Node,
  scope: Scope | undefined,
  visible: ReadonlyMap<string, Member[]>,
  kind: Member['kind'],
): Member | undefined {
  if (!scope) return undefined;
  const key = fold(nameOf(ref.column));
  const matches = (m: Member) => fold(m.name) === key && m.kind === kind;
  const qualifier = qualifierOf(ref);
  if (qualifier) {
    const { object } = rangeOf(scope, qualifier);
    return object ? visible.get(object)?.find(matches) : undefined;
  }
  if (scope.derived) return undefined;
  for (const object of scope.objects) {
    const found = visible.get(object)?.find(matches);
    if (found) return found;
  }
  return undefined;
}

/** Rewrites bare measure columns and aggregates over measures (mutating the AST). */
export function aggregateMeasures(
  root: Node,
  resolution: Resolution,
  visible: ReadonlyMap<string, Member[]>,
  dialect: Dialect,
): void {
  const visit = (value: unknown, context: MeasureContext | undefined): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, context);
      return;
    }
    if (!isNode(value)) return;
    if (value.type === 'select') {
      const dimensionOf = (expr: Node) =>
        expr.type === 'column_ref'
          ? memberOf(expr, resolution.scopeOf.get(expr), visible, 'dimension')
          : undefined;
      for (const [key, child] of Object.entries(value)) {
        if (!METADATA_KEYS.has(key)) visit(child, { select: value, clause: key, dimensionOf });
      }
      return;
    }
    if (value.type === 'function' && fold(functionName(value)) === 'measure') {
      expandMeasureCall(value, resolution, visible, dialect, context);
      return;
    }
    const arg = value.type === 'aggr_func' && isNode(value.args) ? value.args.expr : undefined;
    if (isNode(arg) && arg.type === 'column_ref' && isNode(value.args)) {
      const member = memberOf(arg, resolution.scopeOf.get(arg), visible, 'measure');
      if (member) {
        const name = String(value.name).toUpperCase();
        const distinct = value.args.distinct === 'DISTINCT';
        const same =
          ((member.aggType === 'count_distinct' || member.aggType === 'count_distinct_approx') &&
            name === 'COUNT') ||
          (!distinct && SAME_AGGREGATE[member.aggType ?? ''] === name);
        if (value.over && member.rolling) {
          throw new SqlNotAllowedError(`${member.name} has a rolling window already: select it without OVER`);
        }
        const measure = aggregateFor(member, { ...arg }, dialect, context);
        // A window over a measure (running totals) windows the aggregated measure.
        if (value.over) value.args.expr = measure;
        else if (same) replaceNode(value, measure);
        else {
          throw new SqlNotAllowedError(
            `${member.name} is a ${member.aggType} measure: write MEASURE(${member.name}), or aggregate a dimension`,
          );
        }
        return;
      }
    }
    if (value.type === 'column_ref') {
      const member = memberOf(value, resolution.scopeOf.get(value), visible, 'measure');
      if (member) replaceNode(value, aggregateFor(member, { ...value }, dialect, context));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (!METADATA_KEYS.has(key)) visit(child, context);
    }
  };
  visit(root, undefined);
}

/** `MEASURE(x)`: the named measure's aggregate, looked up like a column in the call's scope. */
function expandMeasureCall(
  node: Node,
  resolution: Resolution,
  visible: ReadonlyMap<string, Member[]>,
  dialect: Dialect,
  context: MeasureContext | undefined,
): void {
  const args = isNode(node.args) && Array.isArray(node.args.value) ? node.args.value : [];
  const arg = args[0];
  if (args.length !== 1 || !isNode(arg) || arg.type !== 'column_ref') {
    throw new SqlNotAllowedError(
      'MEASURE() takes exactly one measure name, e.g. MEASURE(orders_view.total_amount)',
    );
  }
  const scope = resolution.scopeOf.get(node);
  const name = nameOf(arg.column);
  const qualifier = qualifierOf(arg);
  const candidates: string[] = [];
  if (scope && qualifier) {
    const { object } = rangeOf(scope, qualifier);
    if (object) candidates.push(object);
  } else if (scope) candidates.push(...scope.objects);
  let found: Member | undefined;
  for (const object of candidates) {
    found = visible.get(object)?.find((m) => fold(m.name) === fold(name) && m.kind === 'measure');
    if (found) break;
  }
  if (!found) {
    const measures = candidates.flatMap((o) =>
      (visible.get(o) ?? []).filter((m) => m.kind === 'measure').map((m) => m.name),
    );
    const hint = suggest(name, measures);
    throw new SqlNotAllowedError(
      `Unknown measure ${name}` +
        (hint.length ? `; did you mean ${hint.join(' or ')}?` : `; measures: ${measures.join(', ')}`),
    );
  }
  replaceNode(node, aggregateFor(found, arg, dialect, context));
}

/**
 * The outer expression of a calculated measure referenced as `column` (its qualifier kept): each hidden base
 * measure aggregated by `aggregate`, each hidden aggregate argument read as a column.
 */
export function calculatedExpression(
  calc: CalculatedMeasure,
  column: Node,
  aggregate: (base: Member, column: Node) => Node,
): Node {
  const expr = structuredClone(calc.expr);
  const byColumn = new Map(calc.hidden.map((h) => [h.column, h]));
  const refs: Node[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) collect(item);
    else if (isNode(value)) {
      if (value.type === 'column_ref' && byColumn.has(nameOf(value.column))) refs.push(value);
      else for (const [k, child] of Object.entries(value)) if (!METADATA_KEYS.has(k)) collect(child);
    }
  };
  collect(expr);
  for (const ref of refs) {
    const hidden = byColumn.get(nameOf(ref.column));
    if (!hidden) continue;
    const qualified: Node = {
      ...column,
      column: { expr: { type: 'double_quote_string', value: hidden.column } },
    };
    const replacement =
      hidden.kind === 'row'
        ? qualified
        : aggregate(
            {
              name: hidden.title ?? hidden.measure,
              kind: 'measure',
              type: 'number',
              aggType: hidden.aggType,
              title: hidden.title ?? hidden.measure,
              synonyms: [],
              cube: hidden.cube,
              cubeMember: hidden.measure,
              ...(hidden.shift ? { shift: hidden.shift } : {}),
              ...(hidden.stage ? { stage: hidden.stage } : {}),
              ...(hidden.rolling ? { rolling: hidden.rolling } : {}),
            },
            qualified,
          );
    for (const k of Object.keys(ref)) delete ref[k];
    Object.assign(ref, replacement);
  }
  return expr.type === 'binary_expr' ? { ...expr, parentheses: true } : expr;
}
