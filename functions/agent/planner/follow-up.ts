/** Follow-ups: a question that leans on the previous one keeps what it does not change of the previous plan. */
import type { Parsed, Plan } from './plan';

/** The second-order fields of a plan (carried over by follow-ups that do not change them). */
export const secondOrderOf = (p: Plan): Partial<Plan> => ({
  ...(p.having ? { having: p.having } : {}),
  ...(p.change ? { change: p.change } : {}),
  ...(p.perGroup ? { perGroup: p.perGroup } : {}),
  ...(p.percentile ? { percentile: p.percentile } : {}),
  ...(p.first ? { first: p.first } : {}),
  ...(p.terms ? { terms: p.terms } : {}),
  ...(p.ignored ? { ignored: p.ignored } : {}),
  ...(p.readAs ? { readAs: p.readAs } : {}),
  ...(p.also ? { also: p.also } : {}),
});

/** A follow-up keeps what it does not change from the previous plan. */
export function merge(previous: Plan, next: Parsed): Plan {
  const breakdownChanged = next.dimensions.length > 0 || next.grain !== undefined;
  const dimensions = breakdownChanged
    ? next.additive
      ? [...previous.dimensions, ...next.dimensions.filter((d) => !previous.dimensions.includes(d))]
      : next.dimensions
    : previous.dimensions;
  const grain = breakdownChanged
    ? (next.grain ?? (next.additive ? previous.grain : undefined))
    : previous.grain;
  const filters = [
    ...previous.filters.filter((f) => !next.filters.some((n) => n.member === f.member)),
    ...next.filters,
  ];
  // "what about more than 65?" after "customers with more than 60 orders": the condition's new threshold.
  const threshold =
    previous.having && !next.having && next.numberFilters.length === 1 ? next.numberFilters[0] : undefined;
  const numberFilters =
    next.numberFilters.length > 0 && !threshold ? next.numberFilters : previous.numberFilters;
  // ("which one fell the most?" after "orders in 2023 and 2024": the change between those periods, not the
  // assumed last two years.)
  const assumed = next.compare?.every((p) => p.assumed) && (previous.compare?.length ?? 0) >= 2;
  const timeChanged = next.range !== undefined || (next.compare !== undefined && !assumed);
  const range = timeChanged ? next.range : previous.range;
  const compare = timeChanged ? next.compare : previous.compare;
  const top = next.top ?? (breakdownChanged ? undefined : previous.top);
  const timeDimension = next.timeDimension ?? previous.timeDimension;
  const share = next.share ?? previous.share;
  return {
    cube: previous.cube,
    // ("which one fell the most?" names no measure: the previous one, not a default.)
    measures: next.measures.length > 0 && next.measureNamed ? next.measures : previous.measures,
    dimensions,
    ...(grain ? { grain } : {}),
    ...(timeDimension && (grain || range || compare) ? { timeDimension } : {}),
    filters,
    numberFilters,
    ...(range ? { range } : {}),
    ...(compare ? { compare } : {}),
    ...(top ? { top } : {}),
    ...(share ? { share } : {}),
    ...secondOrderOf(previous),
    ...secondOrderOf(next),
    ...(threshold && previous.having
      ? { having: { ...previous.having, op: threshold.op, value: threshold.value } }
      : {}),
  };
}
