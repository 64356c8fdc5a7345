/**
 * How many orders an average customer places per month (quarter, week, year), one figure (tuning set 34, rows): "how
 * many orders per month does an average customer place?", "in 2025, how many orders a month did the typical customer
 * place on average?", "how many orders does my average customer place per month?". The orders over the customers who
 * placed them, over the months the orders span (the period's months with orders: 36 for all of 2023 to 2025), with
 * the three parts stated. Read as the orders of the period said (reading.ts marks the plan); it was each month's
 * average per customer listed, a series where one figure was asked (confidently wrong). A plan with anything more
 * (a breakdown, a ranking, another figure) is refused.
 */
import { entityRows } from './per-entity';
import { type Plan, plainParts } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';

const UNIT = '(month|quarter|week|year)';
const PERSON = '(?:customer|client|buyer|shopper|account)';
const AVERAGE_ONE = `(?:an?|the|my|our)\\s+(?:average|typical|avg\\.?)\\s+${PERSON}`;
const VERB = '(?:place|places|placed|make|makes|made|put\\s+in|order|orders|ordered)';
/** "how many orders per month does an average customer place (on average)" */
const RATE_FIRST = new RegExp(
  `\\bhow\\s+many\\s+orders\\s+(?:per|a|an|each|every)\\s+${UNIT}\\s+(?:does|did|do|would|will)\\s+${AVERAGE_ONE}\\s+${VERB}(?:\\s+on\\s+average)?\\b`,
  'i',
);
/** "how many orders does an average customer place per month" */
const RATE_LAST = new RegExp(
  `\\bhow\\s+many\\s+orders\\s+(?:does|did|do|would|will)\\s+${AVERAGE_ONE}\\s+${VERB}\\s+(?:per|a|an|each|every)\\s+${UNIT}(?:\\s+on\\s+average)?\\b`,
  'i',
);

/** The question restated as the orders of its period, and the unit the average customer's rate is per. */
export function readCustomerRate(question: string): { text: string; unit: string } | undefined {
  const found = RATE_FIRST.exec(question) ?? RATE_LAST.exec(question);
  const unit = found?.[1]?.toLowerCase();
  if (!found || !unit) return undefined;
  const rest = `${question.slice(0, found.index)} ${question.slice(found.index + found[0].length)}`
    .replace(/\bon\s+average\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { text: `number of orders ${rest}`.trim(), unit };
}

/** The plan marked with the rate's unit, or undefined when it is not one count of rows of a view of orders. */
export function customerRateOf(plan: Plan, unit: string): Plan | undefined {
  const measure = plan.measures[0];
  const plain =
    plan.measures.length === 1 &&
    measure?.aggType === 'count' &&
    plan.dimensions.length === 0 &&
    !plan.grain &&
    plainParts(plan) &&
    !plan.anyOf &&
    entityRows(plan.cube) !== undefined;
  return plain ? { ...plan, customerRate: unit as NonNullable<Plan['customerRate']> } : undefined;
}

/** The orders, the customers who placed them and the periods they span, and orders per customer per period. */
export function customerRateQuery(plan: Plan): PlannedQuery {
  const rows = entityRows(plan.cube);
  const unit = plan.customerRate;
  if (!rows || !unit) throw new Error('not an average customer rate');
  const time = ident(rows.time.column);
  const where = conditions(plan, time);
  const sql = `WITH r AS (SELECT ${ident(rows.entity.column)} AS k, date_trunc('${unit}', ${time}) AS p FROM ${ident(plan.cube.name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}) SELECT round(COUNT(*) * 1.0 / NULLIF(COUNT(DISTINCT k), 0) / NULLIF(COUNT(DISTINCT p), 0), 4) AS orders_per_customer_per_${unit}, COUNT(*) AS orders, COUNT(DISTINCT k) AS customers, COUNT(DISTINCT p) AS ${unit}s FROM r`;
  return plannedQuery(plan, sql, `Orders per ${unit} of an average customer${scopeText(plan)}`, [
    { role: 'measure' },
    { role: 'measure' },
    { role: 'measure' },
    { role: 'measure' },
  ]);
}

/** "1.39 orders per month (50,000 orders by 1,000 customers over 36 months)". */
export function customerRateText(plan: Plan, query: PlannedQuery, data: unknown[][]): string {
  const [rate, orders, customers, periods] = data[0] ?? [];
  const unit = plan.customerRate ?? 'period';
  const n = (v: unknown) => Number(v ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (!Number(customers)) return `${query.title}: no orders, so no value.`;
  return `${query.title}: ${n(rate)} orders per ${unit} (${n(orders)} orders by ${n(customers)} customers over ${n(periods)} ${unit}s with orders).`;
}
