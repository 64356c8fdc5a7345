/**
 * A rate or a share of rows ranked within each group (issue 29; README.md, "The top value within each group"):
 * "within each segment, which region has the highest return rate", "which category had the highest return rate in
 * each year", "for each region, rank the segments by cancellation rate", "the region with the 2nd highest return rate
 * in each segment". The rate of each group x item pair (the share query of sql.ts, uncut), then a RANK() within each
 * group by that rate: the leader, a place, the first n or the whole ranking of each group, every tied row kept. Read
 * only when the per-group reading finds both roles (top-per-group.ts); two time units as the roles, both ends, or a
 * rate of two figures are not read here (refused by second-order.ts).
 */
import type { Plan } from './plan';
import { type PerGroupInput, type PerGroupReading, readPerGroup } from './top-per-group';

/** Words that put a breakdown as the group a rate is ranked within ("for each", "per", "within every"). */
export const GROUP_EACH = new Set(['each', 'every', 'per', 'within']);

/** The per-group reading of a ranked rate, or undefined when it is not one this module builds. */
export function rateWithin(
  share: NonNullable<Plan['share']>,
  top: NonNullable<Plan['top']>,
  input: PerGroupInput,
): PerGroupReading | undefined {
  if ((!share.part && !share.rows) || share.second || top.percent || top.span) return undefined;
  const read = readPerGroup(input);
  if (!read || read.perGroup.both || read.perGroup.groupGrain) return undefined;
  return read;
}

/** Whether a plan is a rate ranked within groups (queryFor sends it to `rateWithinQuery`). */
export const ratedWithin = (plan: Plan): boolean =>
  plan.perGroup !== undefined && (plan.share?.part !== undefined || plan.share?.rows !== undefined);
