/**
 * One filtered figure against the whole ("east revenue in 2025 vs overall", "toys orders vs all orders", "AOV
 * for enterprise compared with the company average"): both sides answered. A sum or a count is the part's share
 * of the whole (the part, the whole and the percent, share-scopes.ts' query); another measure (an average) is
 * every value of the filtered dimension beside the figure over all rows (the "overall" column of sql.ts), so the
 * asked value and the whole are both stated. Only a whole named as such (overall, total, all, the company's,
 * everyone): "vs the west" or "vs last year" is another comparison, not read here. A rate (a part's share of rows,
 * "the return rate for electronics vs overall") is the rate of every value of the filtered dimension and the rate
 * over all rows.
 */
import type { Plan } from './plan';

/** The first word of a compared side that names the whole. */
const WHOLE = new Set([
  'overall',
  'total',
  'all',
  'everything',
  'everyone',
  'company',
  'whole',
  'entire',
  'business',
]);
/** Words that may follow it ("all orders", "total revenue", "the company average", "all of my revenue"). */
const AFTER = new Set([
  'orders',
  'order',
  'revenue',
  'sales',
  'average',
  'avg',
  'aov',
  'of',
  'total',
  'figure',
  'number',
  'count',
  'wide',
  // ("the overall return rate", "the company as a whole", "the overall level".)
  'rate',
  'return',
  'returns',
  'cancellation',
  'share',
  'level',
  'as',
]);

/** Whether the compared side (the words after "vs", "compared with", ...) names the whole. */
export function namesWhole(side: string): boolean {
  const [first = '', second] = side.toLowerCase().split(/\s+/);
  return WHOLE.has(first) && (second === undefined || AFTER.has(second));
}

/** The plan answering one filtered figure and the whole it is compared with, or undefined. */
export function versusWhole(plan: Plan): Plan | undefined {
  const [part, ...others] = plan.filters;
  const measure = plan.measures[0];
  if (!part || others.length > 0 || part.negate || part.values.length !== 1 || !measure) return undefined;
  if (plan.numberFilters.length > 0 || plan.measures.length !== 1) return undefined;
  // ("the return rate for electronics vs overall": the rate of every value of the filtered dimension, and the rate
  // over all rows beside it, sql.ts' shareQuery.)
  if (plan.share)
    return plan.share.part &&
      !plan.share.rows &&
      !plan.share.second &&
      !plan.share.top &&
      part.member.kind === 'dimension'
      ? { ...plan, filters: [], dimensions: [part.member], overall: true }
      : undefined;
  if (measure.aggType === 'sum' || measure.aggType === 'count')
    return { ...plan, filters: [], share: { part } };
  if (part.member.kind !== 'dimension') return undefined;
  return { ...plan, filters: [], dimensions: [part.member], overall: true };
}
