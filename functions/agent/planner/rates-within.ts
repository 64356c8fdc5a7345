/**
 * A rate or a share of rows ranked within each group (issue 29; docs/analyst.md, "Top per group"): "within each
 * segment, which region has the highest return rate", "which category had the highest return rate in each year",
 * "for each region, rank the segments by cancellation rate", "the region with the 2nd highest return rate in each
 * segment". The rate of each group x item pair (the share query of sql.ts, uncut), then a RANK() within each group
 * by that rate: the leader, a place, the first n or the whole ranking of each group, every tied row kept. Read only
 * when the per-group reading finds both roles (top-per-group.ts); two time units as the roles, both ends, or a rate
 * of two figures are not read here (refused by second-order.ts).
 */
import type { Plan } from './plan';
import { ident, type PlannedQuery, planQuery } from './sql';
import { titleOf } from './titles';
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

/**
 * The rate of each pair ranked within its group: the share query's rows (no order, no cut) as `s`, ranked in `r`,
 * the places asked kept (n = 0: every row of each group, ranked).
 */
export function rateWithinQuery(plan: Plan): PlannedQuery {
  const item = plan.perGroup?.item;
  const rates = planQuery({ ...plan, top: undefined, perGroup: undefined });
  // (The share query ends in an order of column numbers only; the rows are ordered again once ranked.)
  const uncut = rates.sql.replace(/ ORDER BY [\d, ]+(?: DESC| ASC)?$/, '');
  const at = uncut.lastIndexOf(') SELECT ');
  if (at < 0 || !uncut.startsWith('WITH t AS (')) throw new Error('not a rate query');
  const groups = plan.dimensions.filter((d) => d !== item);
  const groupNames = [...(item && plan.grain ? [plan.grain] : []), ...groups.map((d) => ident(d.column))];
  const itemName = item ? ident(item.column) : (plan.grain ?? 'month');
  const direction = plan.top?.direction === 'asc' ? 'ASC' : 'DESC';
  const top = plan.top;
  const kept = top?.nth
    ? `rank_in_group = ${top.nth}`
    : top && top.n > 0
      ? `rank_in_group <= ${top.n}`
      : 'TRUE';
  const r = `SELECT *, RANK() OVER (PARTITION BY ${groupNames.join(', ')} ORDER BY share_percent ${direction}) AS rank_in_group FROM s`;
  const names = [...groupNames, itemName];
  const sql = `${uncut.slice(0, at)}), s AS (${uncut.slice(at + 2)}), r AS (${r}) SELECT ${names.join(', ')}, part, whole, share_percent, rank_in_group FROM r WHERE ${kept} ORDER BY ${[...groupNames, 'rank_in_group', itemName].join(', ')}`;
  const measure = plan.measures[0];
  return {
    ...rates,
    sql,
    title: titleOf(plan),
    columns: [
      ...(item && plan.grain ? [{ role: 'time' as const }] : []),
      ...groups.map((d) => ({ role: 'dimension' as const, member: d })),
      item ? { role: 'dimension' as const, member: item } : { role: 'time' as const },
      { role: 'measure', ...(measure ? { member: measure } : {}) },
      { role: 'whole', ...(measure ? { member: measure } : {}) },
      { role: 'share' },
      { role: 'rank' },
    ],
  };
}
