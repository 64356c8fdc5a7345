/**
 * The change of a share or a rate between two periods (issue 29, combined shares): "how did the return rate change
 * from 2024 to 2025", "each category's share of revenue, Q4 2024 vs Q4 2025 (pp change)", "did the cancel rate go
 * up in 2025 vs 2024, by region". Each period's share is computed as the share query computes it (of that period's
 * whole), then the two are set side by side and the change is in percentage points. (Refused before as "change of
 * a share": the change of the measure itself would have answered another question.)
 *
 * Only with exactly two periods compared and a share of a part ("return rate") or of a breakdown's rows ("share of
 * revenue by category"): a share of nothing but the periods themselves is no rate of each.
 */
import { asNumber, formatPercent } from './format';
import { limitOf } from './nth';
import { type Plan, shareChangeable } from './plan';
import { ident, type PlannedQuery, plannedQuery, planQuery, quote } from './sql';
import { formatNumber, formatValue } from './text';

const label = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Each row's share in the first period and in the second, and the change between them in percentage points. */
export function shareChangeQuery(plan: Plan): PlannedQuery {
  const [a, b] = [plan.compare?.[0], plan.compare?.at(-1)];
  if (!a || !b || !shareChangeable(plan)) throw new Error('not a share compared between two periods');
  const shares = planQuery({ ...plan, change: undefined, top: undefined });
  const dims = plan.dimensions.map((d) => ident(d.column));
  const lead = dims.map((d) => `${d}, `).join('');
  const pick = (p: { label: string }) => `MAX(CASE WHEN period = ${quote(p.label)} THEN share_percent END)`;
  const w = `SELECT ${lead}${pick(a)} AS a, ${pick(b)} AS b FROM s${dims.length > 0 ? ` GROUP BY ${dims.map((_, i) => i + 1).join(', ')}` : ''}`;
  const top = plan.top;
  const order = top
    ? ` ORDER BY ${plan.change?.magnitude ? 'abs(b - a)' : 'b - a'} ${top.direction === 'desc' ? 'DESC' : 'ASC'}${limitOf(top)}`
    : dims.length > 0
      ? ` ORDER BY ${dims.map((_, i) => i + 1).join(', ')}`
      : '';
  const only = plan.change?.only ? ` WHERE b ${plan.change.only === 'down' ? '<' : '>'} a` : '';
  const names = [a, b].map((p) => ident(`share_percent_${label(p.label)}`));
  const sql = `WITH s AS (${shares.sql}), w AS (${w}) SELECT ${lead}round(a, 2) AS ${names[0]}, round(b, 2) AS ${names[1]}, round(b - a, 2) AS change_points FROM w${only}${order}`;
  const share = shares.columns.find((c) => c.role === 'share');
  const title = `Change in ${shares.title.replace(/^Share/, 'share').replace(/ \(%\)/, '')} (percentage points)`;
  return plannedQuery(plan, sql, title, [
    ...plan.dimensions.map((d) => ({ role: 'dimension' as const, member: d })),
    { role: 'previous', ...(share?.member ? { member: share.member } : {}) },
    { role: 'measure', ...(share?.member ? { member: share.member } : {}) },
    { role: 'change' },
  ]);
}

/** "2024: 11.67% → 2025: 11.97%, up 0.3 percentage points", one line per row of the breakdown. */
export function shareChangeText(
  plan: Plan,
  query: PlannedQuery,
  rows: readonly (readonly unknown[])[],
): string {
  const [a, b] = [plan.compare?.[0]?.label, plan.compare?.at(-1)?.label];
  const at = plan.dimensions.length;
  const line = (row: readonly unknown[]) => {
    const change = asNumber(row[at + 2]);
    const moved =
      change === undefined
        ? 'no change to compare'
        : change === 0
          ? 'unchanged'
          : `${change > 0 ? 'up' : 'down'} ${formatNumber(Math.abs(change))} percentage points`;
    return `${a}: ${formatPercent(row[at])} → ${b}: ${formatPercent(row[at + 1])}, ${moved}`;
  };
  if (rows.length === 0) return `${query.title}: no rows to compare.`;
  if (at === 0) return `${query.title}: ${line(rows[0] ?? [])}.`;
  const body = rows.map(
    (r, k) => `${plan.top ? `${k + 1}.` : '-'} ${r.slice(0, at).map(formatValue).join(', ')}: ${line(r)}`,
  );
  return `${query.title}:\n${body.join('\n')}`;
}
