/**
 * Cube's time-shift measures (`multi_stage: true`, `time_shift: [{interval, type, time_dimension}]`, `sql:
 * "{revenue}"`): the base measure read in an earlier or later time bucket. Planned here when the model loads;
 * computed with a window over the query's buckets (sql/rolling.ts `shiftedAggregate`).
 */

import { referencedMember } from './references';
import type { CubeDef, MeasureDef, TimeShiftDef } from './schema';

export interface ShiftPlan {
  /** The measure shifted: a plain aggregate of the same cube. */
  base: MeasureDef;
  shifts: TimeShiftDef[];
}

/**
 * The plan of a time-shift measure, or why it cannot be one: `load` problems make the model invalid, the others
 * leave it loadable and refused when queried.
 */
export function planShift(cube: CubeDef, def: MeasureDef): ShiftPlan | { error: string; load: boolean } {
  const entries = def.time_shift ?? [];
  if (entries.some((e) => e.name !== undefined)) {
    return {
      error: `Measure ${def.name} uses a named time shift (a calendar cube's), which queries cannot compute yet`,
      load: false,
    };
  }
  const shifts: TimeShiftDef[] = [];
  for (const entry of entries) {
    if (!entry.interval) return { error: 'a time_shift needs an interval (and a type)', load: true };
    if (entry.time_dimension !== undefined) {
      const dimension = cube.dimensions.find((d) => d.name === entry.time_dimension);
      if (dimension?.type !== 'time') {
        return {
          error: `time_dimension ${entry.time_dimension} is not a time dimension of ${cube.name}`,
          load: true,
        };
      }
    }
    shifts.push({
      interval: entry.interval,
      type: entry.type ?? 'prior',
      ...(entry.time_dimension ? { time_dimension: entry.time_dimension } : {}),
    });
  }
  if (shifts.filter((s) => !s.time_dimension).length > 1) {
    return { error: 'only one time_shift may omit time_dimension', load: true };
  }
  const name = def.sql ? referencedMember(def.sql, cube) : undefined;
  const base = cube.measures.find((m) => m.name === name && m !== def);
  if (!base) {
    return {
      error: `Measure ${def.name} shifts ${def.sql ?? 'nothing'}; queries compute a time shift of one measure of ${cube.name} ("{revenue}")`,
      load: false,
    };
  }
  if (
    ['number', 'string', 'time', 'boolean'].includes(base.type) ||
    base.rolling_window ||
    base.case ||
    base.multi_stage
  ) {
    return {
      error: `Measure ${def.name} shifts ${base.name}, a ${base.multi_stage || base.rolling_window ? 'multi-stage or rolling' : base.type} measure; queries compute a time shift of a plain aggregate`,
      load: false,
    };
  }
  return { base, shifts };
}
