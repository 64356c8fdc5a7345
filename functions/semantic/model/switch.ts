/**
 * Cube's switch dimensions and case measures. A switch dimension (`type: switch`, `values: [USD, EUR]`) has no
 * column: a query that reads it sees every row of its cube once per value (the secured subquery joins the values,
 * references.ts). A case measure names, for each value, a measure of its cube:
 *
 *   case: { switch: "{CUBE.currency}", when: [{ value: EUR, sql: "{CUBE.amount_eur}" }], else: { sql: "{CUBE.amount_usd}" } }
 *
 * Its value on a row is the row value of the measure its switch value names (NULL where none does), aggregated
 * with the aggregation those measures share. Grouped by the switch dimension, or filtered to one value, each
 * group aggregates exactly one measure's rows: the numbers Cube gives. The query must read the dimension
 * (otherwise every value's measure would be added together): the compiler refuses a case measure without it.
 */

import { referencedMember } from './references';
import { type CubeDef, MEASURE_TYPES, type MeasureDef } from './schema';

export interface CasePlan {
  /** The switch dimension of the same cube. */
  dimension: string;
  branches: { value: string; measure: string }[];
  otherwise?: string;
  /** The aggregation every branch measure has, which the case measure takes. */
  aggType: NonNullable<MeasureDef['type']>;
}

/** Branch measures must aggregate rows the same way; expressions over aggregates cannot be picked per row. */
const PICKABLE: ReadonlySet<string> = new Set(
  MEASURE_TYPES.filter((t) => !['number', 'string', 'time', 'boolean', 'rank'].includes(t)),
);

/**
 * The plan of a case measure, or why it cannot be one: `load` problems make the model invalid (a reference to
 * something that is not there), the others leave it loadable and refused when queried.
 */
export function planCase(cube: CubeDef, def: MeasureDef): CasePlan | { error: string; load: boolean } {
  const spec = def.case;
  if (!spec) return { error: 'not a case measure', load: true };
  const dimensionName = referencedMember(spec.switch, cube);
  const dimension = cube.dimensions.find((d) => d.name === dimensionName);
  if (dimension?.type !== 'switch') {
    return {
      error: `case.switch must name a switch dimension of ${cube.name}, not ${spec.switch}`,
      load: true,
    };
  }
  const values = dimension.values ?? [];
  const measureOf = (sql: string): MeasureDef | string => {
    const name = referencedMember(sql, cube);
    const measure = cube.measures.find((m) => m.name === name);
    return measure ?? `${sql} must name one measure of ${cube.name}, e.g. "{CUBE.amount_eur}"`;
  };
  const branches: CasePlan['branches'] = [];
  const used: MeasureDef[] = [];
  for (const branch of spec.when) {
    if (!values.includes(branch.value)) {
      return {
        error: `case.when value ${branch.value} is not a value of ${dimension.name} (${values.join(', ')})`,
        load: true,
      };
    }
    const measure = measureOf(branch.sql);
    if (typeof measure === 'string') return { error: measure, load: true };
    branches.push({ value: branch.value, measure: measure.name });
    used.push(measure);
  }
  let otherwise: string | undefined;
  if (spec.else) {
    const measure = measureOf(spec.else.sql);
    if (typeof measure === 'string') return { error: measure, load: true };
    otherwise = measure.name;
    used.push(measure);
  }
  const types = new Set(used.map((m) => m.type));
  const [aggType] = types;
  const plain = used.every((m) => !m.case && !m.rolling_window && !m.multi_stage && !m.time_shift);
  if (types.size !== 1 || !aggType || !PICKABLE.has(aggType) || !plain) {
    return {
      error: `Measure ${def.name} is a case measure over ${[...types].join(' and ')} measures; queries compute case measures whose measures share one aggregation (sum, count, avg, min, max, count_distinct, median)`,
      load: false,
    };
  }
  return { dimension: dimension.name, branches, ...(otherwise ? { otherwise } : {}), aggType };
}

const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The case measure's value on one row: the row value of the measure its switch value names. */
export function caseRowSql(plan: CasePlan, switchSql: string, rowOf: (measure: string) => string): string {
  const whens = plan.branches.map((b) => `WHEN ${sqlString(b.value)} THEN ${rowOf(b.measure)}`).join(' ');
  return `CASE ${switchSql} ${whens}${plan.otherwise ? ` ELSE ${rowOf(plan.otherwise)}` : ''} END`;
}
