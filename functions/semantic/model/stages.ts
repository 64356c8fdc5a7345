/**
 * Cube's multi-stage measures with `group_by` (fixed dimension, e.g. percent of total) and `reduce_by`
 * (e.g. ranking): the base measure per group of the query, then a window over those groups.
 *
 * - `group_by: [country]`, `type: sum` over `{revenue}`: `SUM(SUM(revenue)) OVER (PARTITION BY country)`: the
 *   revenue of the row's country, whatever else the query groups by (a listed dimension the query does not group
 *   by is not in the partition: the total over it).
 * - `reduce_by: [product]`: partitioned by the query's GROUP BY columns except those dimensions.
 * - `type: rank` with `order_by: [{sql: "{revenue}", dir: asc}]`: `RANK() OVER (PARTITION BY ... ORDER BY
 *   SUM(revenue) ASC)`.
 *
 * Exact when the outer aggregation adds up the inner one (sum over sum or count, min over min, max over max) or
 * ranks it; other combinations, and `add_group_by` (an aggregate of aggregates at a finer grain than the query),
 * load and are refused when queried. The query's WHERE applies to every stage. Planned here when the model loads;
 * the window is built at query time (sql/rolling.ts `stagedAggregate`).
 */
import { referencedMember } from './references';
import type { CubeDef, MeasureDef, StageDef } from './schema';

const EXPRESSION_TYPES = new Set(['number', 'string', 'time', 'boolean', 'rank']);

/** Whether a measure is a plain aggregate a stage can be built on. */
const plain = (m: MeasureDef) =>
  !EXPRESSION_TYPES.has(m.type) &&
  !m.multi_stage &&
  !m.rolling_window &&
  !m.case &&
  !m.time_shift &&
  !m.group_by &&
  !m.reduce_by &&
  !m.add_group_by;

/** Whether a measure is a stage this module computes. */
export const isStaged = (def: MeasureDef): boolean =>
  !def.add_group_by && (def.group_by !== undefined || def.reduce_by !== undefined || def.type === 'rank');

/**
 * The plan of a staged measure, or why it cannot be one: `load` problems make the model invalid, the others
 * leave it loadable and refused when queried.
 */
export function planStage(
  cube: CubeDef,
  def: MeasureDef,
): { base: MeasureDef; stage: StageDef } | { error: string; load: boolean } {
  if (def.group_by && def.reduce_by) return { error: 'give group_by or reduce_by, not both', load: true };
  const kind = def.group_by ? 'group_by' : 'reduce_by';
  const dimensions = def.group_by ?? def.reduce_by ?? [];
  const unknown = dimensions.find((d) => !cube.dimensions.some((x) => x.name === d));
  if (unknown)
    return { error: `${kind} names ${unknown}, which is not a dimension of ${cube.name}`, load: true };
  const measureOf = (sql: string | undefined) => {
    const name = sql ? referencedMember(sql, cube) : undefined;
    return cube.measures.find((m) => m.name === name && m !== def);
  };
  if (def.type === 'rank') {
    const order = def.order_by ?? [];
    const base = order.length === 1 ? measureOf(order[0]?.sql) : undefined;
    if (!base || !plain(base)) {
      return {
        error: `Measure ${def.name} ranks by ${order.map((o) => o.sql).join(', ') || 'nothing'}; queries compute a rank ordered by one plain measure of ${cube.name}`,
        load: false,
      };
    }
    return { base, stage: { kind, dimensions, window: 'RANK', dir: order[0]?.dir ?? 'asc' } };
  }
  const base = measureOf(def.sql);
  const window =
    base && plain(base)
      ? def.type === 'sum' && (base.type === 'sum' || base.type === 'count')
        ? 'SUM'
        : def.type === 'min' && base.type === 'min'
          ? 'MIN'
          : def.type === 'max' && base.type === 'max'
            ? 'MAX'
            : undefined
      : undefined;
  if (!base || !window) {
    return {
      error: `Measure ${def.name} is a ${def.type} of ${def.sql ?? 'nothing'} by ${kind}; queries compute a sum of a sum or count, a min of a min or a max of a max of one measure of ${cube.name}`,
      load: false,
    };
  }
  return { base, stage: { kind, dimensions, window } };
}
