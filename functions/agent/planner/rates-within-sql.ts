/**
 * The query of a rate ranked within each group (rates-within.ts reads it): the share query's rows of each group x
 * item pair (sql.ts, uncut), ranked by the rate with RANK() within each group, the places asked kept.
 */
import type { Plan } from './plan';
import { ident, type PlannedQuery, planQuery } from './sql';
import { titleOf } from './titles';

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
