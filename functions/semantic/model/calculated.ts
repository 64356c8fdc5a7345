/**
 * Cube's measures computed at the aggregate level: `number` (and `string`, `time`, `boolean`) measures whose SQL
 * names other measures (`{count}`, `{CUBE.revenue}`, `{customers.count}`) or holds aggregate functions over the
 * cube's columns (`MAX({CUBE}.created_at)`), and measure `filters`.
 *
 * A query's secured subquery stays row-level: for a calculated measure it projects hidden columns, one per base
 * measure it reads (with the fan-out rule and the base measure's filters applied) and one per aggregate
 * argument; the outer query computes the measure's expression over their aggregates. So a calculated measure is
 * never multiplied by a join, exactly like the measures it is made of.
 */

import { TtlCache } from '../../cache';
import { SqlNotAllowedError } from '../../errors';
import { isNode, METADATA_KEYS, type Node, nameOf, POSTGRES, sqlParser } from '../ast';
import { expandReferences, memberScope, memberSqlOf, type ReferenceScope } from './references';
import type {
  CalculatedMeasure,
  CubeDef,
  HiddenColumn,
  MeasureDef,
  ModelIssue,
  ModelObject,
  StageDef,
} from './schema';
import { isStaged, planStage } from './stages';
import { type CasePlan, caseRowSql, planCase } from './switch';
import { planShift, type ShiftPlan } from './time-shift';

/** Measure types whose SQL is already an aggregate-level expression (Cube: "must include an aggregate"). */
export const EXPRESSION_MEASURE_TYPES: ReadonlySet<string> = new Set(['number', 'string', 'time', 'boolean']);

export type { CalculatedMeasure, HiddenColumn } from './schema';

/** Cube features a query cannot compute here: the measure loads, and a query naming it is refused. */
const UNSUPPORTED_KEYS = ['add_group_by'] as const;

/** Keys that make a measure more than its SQL (its SQL names measures): never member-checked as plain SQL. */
const STAGED_KEYS = [
  'multi_stage',
  'time_shift',
  'case',
  'group_by',
  'reduce_by',
  ...UNSUPPORTED_KEYS,
] as const;

/** Aggregates a rolling window adds up from its buckets' values (sql/rolling.ts). */
export const ROLLING_TYPES: ReadonlySet<string> = new Set(['count', 'sum', 'min', 'max', 'avg']);

/** Measures whose SQL parseModel's member check must not expand (they name measures). */
export const checkedAsCalculated = (def: MeasureDef): boolean =>
  EXPRESSION_MEASURE_TYPES.has(def.type) || STAGED_KEYS.some((k) => def[k] !== undefined);

/** Aggregate functions the parser reads as plain function calls; every argument is row-level. */
const AGGREGATE_FUNCTIONS = new Set([
  'bool_and',
  'bool_or',
  'every',
  'array_agg',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'approx_count_distinct',
  'count_if',
  'corr',
  'covar_pop',
  'covar_samp',
  'list',
  'first',
  'last',
  'arbitrary',
  'any_value',
  'median',
  'mode',
]);

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
const REFERENCE = /\$?\{([^{}]*)\}/g;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A measure's value on one row: its SQL (the key for `count`), and NULL on rows its `filters` exclude, so the
 * aggregate skips them (Cube's CASE WHEN inside the aggregate).
 */
export function measureRowSql(scope: ReferenceScope, name: string): string {
  const def = scope.cube.measures.find((m) => m.name === name);
  // A staged or time-shifted measure's rows are its base measure's (the outer query windows them).
  const windowed =
    def && (isStaged(def) ? planStage(scope.cube, def) : def.time_shift && planShift(scope.cube, def));
  if (windowed) {
    if ('error' in windowed) throw new SqlNotAllowedError(windowed.error);
    return measureRowSql(scope, windowed.base.name);
  }
  if (def?.case) {
    const plan = planCase(scope.cube, def);
    if ('error' in plan) throw new SqlNotAllowedError(plan.error);
    return caseRowSql(plan, memberSqlOf(scope, plan.dimension), (measure) => measureRowSql(scope, measure));
  }
  const value = memberSqlOf(scope, name);
  const condition = filterCondition(scope, def);
  return condition ? `CASE WHEN ${condition} THEN ${value} END` : value;
}

function filterCondition(scope: ReferenceScope, def: MeasureDef | undefined): string | undefined {
  const filters = def?.filters ?? [];
  if (filters.length === 0 || !def) return undefined;
  const key = [`${scope.cube.name}.${def.name}`];
  return filters.map((f) => `(${expandReferences(f.sql, scope, key)})`).join(' AND ');
}

class PlanError extends Error {}

const parsedExpressions = new TtlCache<string, Node>({ ttlMs: 60 * 60_000, maxEntries: 5000 });

/** Parses one SQL expression of the model (trusted, operator-written) on this thread; cached by its text. */
function parseExpression(sql: string): Node {
  const hit = parsedExpressions.get(sql);
  if (hit) return structuredClone(hit);
  const expr = parseExpressionUncached(sql);
  parsedExpressions.set(sql, structuredClone(expr));
  return expr;
}

function parseExpressionUncached(sql: string): Node {
  let ast: unknown;
  try {
    ast = sqlParser.astify(`SELECT ${sql}`, POSTGRES);
  } catch (error) {
    throw new PlanError(`cannot read the SQL: ${error instanceof Error ? error.message : String(error)}`);
  }
  const select = Array.isArray(ast) ? ast[0] : ast;
  const columns = isNode(select) && Array.isArray(select.columns) ? select.columns : [];
  const only = columns[0];
  if (columns.length !== 1 || !isNode(only) || !isNode(only.expr) || (isNode(select) && select.from)) {
    throw new PlanError('must be one SQL expression');
  }
  return only.expr;
}

let selectTemplate: Node | undefined;

/** Prints one expression node (through a parsed `SELECT 1`, parsed once: the parser is slow to start). */
function printExpression(expr: Node): string {
  if (!selectTemplate) {
    const parsed = sqlParser.astify('SELECT 1', POSTGRES);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    if (isNode(first)) selectTemplate = first;
  }
  const columns = selectTemplate?.columns;
  if (!selectTemplate || !Array.isArray(columns) || !isNode(columns[0])) return 'NULL';
  const node = { ...selectTemplate, columns: [{ ...columns[0], expr }] };
  return sqlParser.sqlify(node as never, POSTGRES).replace(/^SELECT /, '');
}

const columnRef = (name: string): Node => ({
  type: 'column_ref',
  table: null,
  column: { expr: { type: 'double_quote_string', value: name } },
});

const hasColumn = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(hasColumn);
  if (!isNode(value)) return false;
  if (value.type === 'column_ref') return true;
  return Object.entries(value).some(([k, v]) => !METADATA_KEYS.has(k) && hasColumn(v));
};

/**
 * Plans every calculated measure of the model and marks measures using features queries cannot compute.
 * Problems are appended to `issues` with the file and path of the measure.
 */
export function planMeasures(
  cubes: ReadonlyMap<string, CubeDef>,
  objects: ReadonlyMap<string, ModelObject>,
  where: (name: string) => { file: string; path: string },
  issues: ModelIssue[],
): void {
  const plans = new Map<string, CalculatedMeasure>();
  const failed = new Map<string, string>();
  const cases = new Map<string, CasePlan>();
  const shifts = new Map<string, ShiftPlan>();
  const stages = new Map<string, { base: MeasureDef; stage: StageDef }>();

  const plan = (cube: CubeDef, def: MeasureDef, stack: readonly string[]): CalculatedMeasure => {
    const key = `${cube.name}.${def.name}`;
    const done = plans.get(key);
    if (done) return done;
    if (stack.includes(key)) throw new PlanError(`circular reference ${[...stack, key].join(' -> ')}`);
    if (!def.sql) throw new PlanError(`a ${def.type} measure needs sql`);
    const switches = new Set<string>();
    // Aggregate arguments may name other cubes' dimensions (`SUM({products.price})`): recorded in `cubes`.
    const touched = new Set<string>();
    const scope: ReferenceScope = {
      ...memberScope(cubes, cube, (c) => {
        if (c !== cube.name) touched.add(c);
        return quoteId(c);
      }),
      switches,
    };
    const placeholders: { cube: CubeDef; measure: MeasureDef }[] = [];
    // Measure references become placeholders; the rest expands in this cube's scope (its own {CUBE}).
    const text = def.sql.replace(REFERENCE, (whole, inner: string) => {
      const parts = inner.trim().split('.');
      if (!parts.every((p) => IDENT.test(p)) || parts.length > 2) return whole;
      const [first = '', second] = parts;
      const target =
        second === undefined
          ? cube
          : first === 'CUBE' || first === 'TABLE' || first === cube.name
            ? cube
            : cubes.get(first);
      const name = second ?? first;
      const measure = target?.measures.find((m) => m.name === name);
      if (!target || !measure || (target === cube && name === def.name)) return whole;
      placeholders.push({ cube: target, measure });
      return quoteId(`__ph_${placeholders.length - 1}`);
    });
    let expanded: string;
    try {
      expanded = expandReferences(text, scope, [key]);
    } catch (error) {
      throw new PlanError(error instanceof Error ? error.message : String(error));
    }
    const expr = parseExpression(expanded);
    const hidden: HiddenColumn[] = [];
    const condition = filterCondition(scope, def);
    const masked = (sql: string) => (condition ? `CASE WHEN ${condition} THEN ${sql} END` : sql);
    // Every switch this measure's SQL reads sits in one of its row columns (a column outside an aggregate fails).
    const reads = switches.size > 0 ? { switches: [...switches] } : {};
    const hoist = (arg: Node): Node => {
      const column = `__r_${cube.name}_${def.name}_${hidden.length}`;
      hidden.push({ column, kind: 'row', cube: cube.name, sql: masked(printExpression(arg)), ...reads });
      return columnRef(column);
    };
    const visit = (value: unknown, parent: Node | unknown[] | undefined, slot: string | number): void => {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) visit(item, value, i);
        return;
      }
      if (!isNode(value)) return;
      if (value.type === 'select' || 'ast' in value) throw new PlanError('subqueries are not supported');
      if (value.type === 'aggr_func' && isNode(value.args)) {
        if (value.over) throw new PlanError('window functions are not supported in a measure');
        const args = value.args;
        const ordered = Array.isArray(value.within_group_orderby);
        if (isNode(args.expr) && args.expr.type === 'star') {
          // COUNT(*) counts the rows the measure takes: one per row of its cube, filters applied.
          const column = `__r_${cube.name}_${def.name}_${hidden.length}`;
          hidden.push({ column, kind: 'row', cube: cube.name, sql: masked('1'), ...reads });
          args.expr = columnRef(column);
        } else if (isNode(args.expr) && !ordered) args.expr = hoist(args.expr);
        // `PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY {CUBE}.x)` (Cube's percentile recipe): the fraction stays a
        // constant, the ordered values are the row-level column (NULL where filters exclude the row).
        for (const list of [args.orderby, value.within_group_orderby]) {
          if (!Array.isArray(list)) continue;
          for (const item of list) if (isNode(item) && isNode(item.expr)) item.expr = hoist(item.expr);
        }
        return;
      }
      if (value.type === 'function' && isNode(value.name) && Array.isArray(value.name.name)) {
        const name = nameOf(value.name.name[0]).toLowerCase();
        if (AGGREGATE_FUNCTIONS.has(name) && isNode(value.args) && Array.isArray(value.args.value)) {
          if (value.over) throw new PlanError('window functions are not supported in a measure');
          value.args.value = value.args.value.map((arg) =>
            isNode(arg) && hasColumn(arg) ? hoist(arg) : arg,
          );
          return;
        }
      }
      if (value.type === 'column_ref') {
        const name = nameOf(value.column);
        const match = /^__ph_(\d+)$/.exec(name);
        const target = match ? placeholders[Number(match[1])] : undefined;
        if (!target) {
          throw new PlanError(
            `column ${name} is outside an aggregate: a ${def.type} measure is computed over other measures or aggregate functions`,
          );
        }
        let replacement: Node;
        const shifted = target.measure.time_shift ? planShift(target.cube, target.measure) : undefined;
        if (shifted && 'error' in shifted) throw new PlanError(shifted.error);
        const staged = isStaged(target.measure) ? planStage(target.cube, target.measure) : undefined;
        if (staged && 'error' in staged) throw new PlanError(staged.error);
        const windowed = shifted || staged || target.measure.rolling_window;
        if (!windowed && EXPRESSION_MEASURE_TYPES.has(target.measure.type)) {
          const nested = plan(target.cube, target.measure, [...stack, key]);
          replacement = { ...structuredClone(nested.expr), parentheses: true };
          for (const h of nested.hidden) if (!hidden.some((x) => x.column === h.column)) hidden.push(h);
          for (const c of nested.cubes) if (c !== cube.name) touched.add(c);
        } else {
          if (!windowed && STAGED_KEYS.some((k) => target.measure[k] !== undefined)) {
            throw new PlanError(`measure ${target.measure.name} uses a feature queries cannot compute`);
          }
          // A time-shifted, staged or rolling measure reads its base measure's column, windowed by the outer query.
          const measure = shifted?.base ?? staged?.base ?? target.measure;
          const column = `__m_${target.cube.name}_${target.measure.name}`;
          if (!hidden.some((x) => x.column === column)) {
            hidden.push({
              column,
              kind: 'measure',
              cube: target.cube.name,
              measure: measure.name,
              aggType: measure.type,
              ...(shifted ? { shift: shifted.shifts } : {}),
              ...(staged ? { stage: staged.stage } : {}),
              ...(target.measure.rolling_window ? { rolling: target.measure.rolling_window } : {}),
              ...(windowed ? { title: target.measure.name } : {}),
            });
          }
          replacement = columnRef(column);
        }
        if (Array.isArray(parent)) parent[Number(slot)] = replacement;
        else if (isNode(parent)) parent[slot] = replacement;
        return;
      }
      for (const [k, child] of Object.entries(value)) if (!METADATA_KEYS.has(k)) visit(child, value, k);
    };
    const holder: Node = { expr };
    visit(expr, holder, 'expr');
    const result: CalculatedMeasure = {
      expr: isNode(holder.expr) ? holder.expr : expr,
      hidden,
      cubes: [...new Set([...hidden.map((h) => h.cube), ...touched])],
    };
    plans.set(key, result);
    return result;
  };

  for (const cube of cubes.values()) {
    const { file, path } = where(cube.name);
    for (const [i, d] of cube.dimensions.entries()) {
      if (d.type === 'switch') {
        if (!d.values?.length || d.sql !== undefined || d.case !== undefined) {
          issues.push({
            file,
            path: `${path}.dimensions[${i}]`,
            message: 'a switch dimension has values, no sql',
          });
        }
      } else if ((d.sql === undefined) === (d.case === undefined)) {
        issues.push({ file, path: `${path}.dimensions[${i}]`, message: 'needs exactly one of sql or case' });
      }
    }
    for (const [i, def] of cube.measures.entries()) {
      const key = `${cube.name}.${def.name}`;
      if (def.case && !def.rolling_window && !def.time_shift) {
        // Cube requires multi_stage on a case measure; here it is a plain aggregate (sql/switch.ts).
        const plan = planCase(cube, def);
        if (!('error' in plan)) cases.set(key, plan);
        else if (plan.load) issues.push({ file, path: `${path}.measures[${i}].case`, message: plan.error });
        else failed.set(key, plan.error);
        continue;
      }
      const feature =
        UNSUPPORTED_KEYS.find((k) => def[k] !== undefined) ??
        (def.multi_stage && !def.time_shift && !isStaged(def) && !EXPRESSION_MEASURE_TYPES.has(def.type)
          ? 'multi_stage'
          : undefined);
      if (feature) {
        failed.set(key, `Measure ${def.name} uses ${feature}, which queries cannot compute yet`);
        continue;
      }
      if (isStaged(def) && !def.time_shift) {
        const plan = planStage(cube, def);
        if (!('error' in plan)) stages.set(key, plan);
        else if (plan.load) issues.push({ file, path: `${path}.measures[${i}]`, message: plan.error });
        else failed.set(key, plan.error);
        continue;
      }
      if (def.time_shift) {
        const plan = planShift(cube, def);
        if (!('error' in plan)) shifts.set(key, plan);
        else if (plan.load)
          issues.push({ file, path: `${path}.measures[${i}].time_shift`, message: plan.error });
        else failed.set(key, plan.error);
        continue;
      }
      if (def.rolling_window && !ROLLING_TYPES.has(def.type)) {
        // A window of distinct values (or of an expression over aggregates) is not the sum of its buckets.
        failed.set(
          key,
          `Measure ${def.name} is a rolling window over a ${def.type} measure, which queries cannot compute yet (count, sum, min, max and avg can)`,
        );
        continue;
      }
      const scope: ReferenceScope = memberScope(cubes, cube);
      try {
        if (EXPRESSION_MEASURE_TYPES.has(def.type)) plan(cube, def, []);
        else filterCondition(scope, def);
      } catch (error) {
        issues.push({
          file,
          path: `${path}.measures[${i}]${def.filters && !EXPRESSION_MEASURE_TYPES.has(def.type) ? '.filters' : '.sql'}`,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  for (const object of objects.values()) {
    const inTree = new Set([object.root, ...object.edges.map((e) => e.child)]);
    for (const member of object.members) {
      if (member.kind !== 'measure') continue;
      const key = `${member.cube}.${member.cubeMember}`;
      const unsupported = failed.get(key);
      if (unsupported) member.unsupported = unsupported;
      const stagePlan = stages.get(key);
      if (stagePlan) {
        member.aggType = stagePlan.base.type;
        member.stage = stagePlan.stage;
      }
      const shiftPlan = shifts.get(key);
      if (shiftPlan) {
        member.aggType = shiftPlan.base.type;
        member.shift = shiftPlan.shifts;
      }
      const casePlan = cases.get(key);
      if (casePlan) {
        member.aggType = casePlan.aggType;
        member.switchOf = casePlan.dimension;
      }
      const calc = plans.get(key);
      if (!calc) continue;
      member.calc = calc;
      const outside = calc.cubes.filter((c) => !inTree.has(c));
      if (outside.length > 0 && object.kind === 'view') {
        const { file, path } = where(object.name);
        issues.push({
          file,
          path: `${path}.cubes`,
          message: `measure ${member.name} reads ${outside.join(', ')}, which the view does not join`,
        });
      }
    }
  }
}
