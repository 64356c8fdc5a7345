/**
 * Twenty-sixth tuning batch (issue 29): percentiles. A percentile of a figure per customer (each one's largest or
 * smallest single order, total spend, order count), of each period's total, within each group and for a period or
 * status; the inverse, a value's percentile rank said as the share below it ("what percentile is a $750 order at");
 * and a percentile said again in brackets or after "i.e." ("the middle customer", "the top decile cutoff", "the 9/10
 * mark"). Five that must stay refused (a profit, items in a basket, each customer's second order, a percentile of a
 * ratio per customer, the rank of a value against its own group's). Written on 2026-11-29 BEFORE the planner change it
 * tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Convention: every percentile reference is DuckDB's quantile_cont (linear interpolation between the two nearest
 * values), the median too; a percentile rank is the percent of the rows (or customers) strictly below the value.
 *
 * Before (on 2777ec4): 20 of 34 right (3 confident wrong: "top decile cutoff for customer spend (i.e. the 90th
 * percentile of each customer's total)" as the order amounts' p90; "for each segment, the median 2025 spend per
 * customer" as one row per customer; "p90 of each customer's cancel rate" as the p90 of order counts), in the eval CLI.
 * After: 33 of 34, none wrong (entity-extremes.ts: each one's largest or smallest row; percentile-ranks.ts: a value's
 * percentile rank; percentile-glosses.ts: named parts, "the middle customer"; cutoffs.ts: "what order count marks the
 * top 1% of customers"; second-order.ts: a customer's spend named after the entity, "per" beside "each", a rate
 * refused). Three cases added after (all confidently wrong on 2777ec4): 35 of 37, none wrong (a percentile over the
 * customers a condition keeps, and a count against the median, are refused).
 *
 * Clock: Monday 2026-11-16, eleven months past the data's end (orders 2023-01-01 to 2025-12-31, customers who all
 * signed up in 2022, each order in its customer's region). References are written on the raw tables, each checked
 * against a second query written independently (window functions or a join in place of the subquery), on both
 * samples.
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_PERCENTILES_NOW = '2026-11-16T10:00:00Z';

const TOL = 0.01;
const PERCENT = { check: 'answer' as const, tolerance: 0.006 };
/** Percentile `p` (quantile_cont) of one `figure` per customer over the orders of `where`, per `by` if given. */
const perCustomerP = (figure: string, p: number, where = 'true', by = '') =>
  `SELECT ${by ? 'k, ' : ''}quantile_cont(v, ${p}) FROM (SELECT ${by ? `${by} AS k, ` : ''}customer_id, ${figure} AS v
     FROM orders WHERE ${where} GROUP BY ${by ? '1, 2' : '1'})${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
/** Percentile `p` of the order amounts of `where`, per `by` if given. */
const rowP = (p: number, where = 'true', by = '') =>
  `SELECT ${by ? `${by}, ` : ''}quantile_cont(amount, ${p}) FROM orders WHERE ${where}${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
/** Percentile `p` of each `grain`'s `figure` over the orders of `where`. */
const perPeriodP = (grain: string, figure: string, p: number, where: string) =>
  `SELECT quantile_cont(v, ${p}) FROM (SELECT date_trunc('${grain}', created_at) AS t, ${figure} AS v FROM orders
     WHERE ${where} GROUP BY 1)`;
/** The percent of customers whose `figure` over the orders of `where` meets `test`. */
const customersBelow = (figure: string, test: string, where = 'true') =>
  `SELECT 100.0 * count(*) FILTER (WHERE v ${test}) / count(*) FROM (SELECT customer_id, ${figure} AS v FROM orders
     WHERE ${where} GROUP BY 1)`;
const y2024 = inYear(2024);
const y2025 = inYear(2025);

export const tuning26percentiles: (SecondOrderCase & Tuning6Case)[] = [
  // --- a percentile of each customer's largest or smallest single order ---
  {
    class: 'percentiles',
    ask: "take every customer's biggest order and give me the 90th percentile of those",
    sql: perCustomerP('max(amount)', 0.9),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: "what's the p25 of each customer's smallest single order in 2025?",
    sql: perCustomerP('min(amount)', 0.25, y2025),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'median of the largest purchase each customer made in 2024',
    sql: perCustomerP('max(amount)', 0.5, y2024),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: "p10 of customers' lowest order amount",
    sql: perCustomerP('min(amount)', 0.1),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: "by segment: the median of each customer's largest order",
    sql: `SELECT c.segment, quantile_cont(m, 0.5) FROM (SELECT customer_id, max(amount) AS m FROM orders GROUP BY 1) t
      JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
    tolerance: TOL,
  },
  // --- a percentile of each customer's total spend ---
  {
    class: 'percentiles',
    ask: 'what is the 25th percentile of what my customers each spent in 2025?',
    sql: perCustomerP('sum(amount)', 0.25, y2025),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: '90th percentile of lifetime spend per customer',
    sql: perCustomerP('sum(amount)', 0.9),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'top decile cutoff for customer spend in 2024 (i.e. the 90th percentile of each customer’s total)',
    sql: perCustomerP('sum(amount)', 0.9, y2024),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'how much did the middle customer spend in 2023, that is the median customer by total spend?',
    sql: perCustomerP('sum(amount)', 0.5, inYear(2023)),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'p75 of customer spend in each region, 2025',
    sql: perCustomerP('sum(amount)', 0.75, y2025, 'region'),
    tolerance: TOL,
  },
  // --- a percentile of each customer's order count ---
  {
    class: 'percentiles',
    ask: 'what order count marks the top 1% of customers, i.e. the 99th percentile of orders per customer?',
    sql: perCustomerP('count(*)', 0.99),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'median number of orders per customer in 2025',
    sql: perCustomerP('count(*)', 0.5, y2025),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'p90 of how many orders each customer placed in 2024',
    sql: perCustomerP('count(*)', 0.9, y2024),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'the 10th percentile of completed orders per customer',
    sql: perCustomerP('count(*)', 0.1, "status = 'completed'"),
    tolerance: TOL,
  },
  // --- a percentile of each period's total ---
  {
    class: 'percentiles',
    ask: 'median monthly revenue in 2024',
    sql: perPeriodP('month', 'sum(amount)', 0.5, y2024),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'p75 of daily order counts in 2025',
    sql: perPeriodP('day', 'count(*)', 0.75, y2025),
    tolerance: TOL,
  },
  // --- the inverse: the share below a value ---
  {
    class: 'percentile-rank',
    ask: 'what percentile is a $750 order at? i.e. what % of orders are below $750',
    sql: 'SELECT 100.0 * count(*) FILTER (WHERE amount < 750) / count(*) FROM orders',
    ...PERCENT,
  },
  {
    class: 'percentile-rank',
    ask: 'what share of customers spent less than $24,000 in total?',
    sql: customersBelow('sum(amount)', '< 24000'),
    ...PERCENT,
  },
  {
    class: 'percentile-rank',
    ask: 'what percent of 2025 orders came in under $200?',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE amount < 200) / count(*) FROM orders WHERE ${y2025}`,
    ...PERCENT,
  },
  {
    class: 'percentile-rank',
    ask: 'what percentage of customers placed fewer than 45 orders?',
    sql: customersBelow('count(*)', '< 45'),
    ...PERCENT,
  },
  {
    class: 'percentile-rank',
    ask: 'at what percentile does an $8,000 total for 2025 put a customer?',
    sql: customersBelow('sum(amount)', '< 8000', y2025),
    ...PERCENT,
  },
  // --- percentiles within each group, and for a period or status ---
  {
    class: 'percentiles',
    ask: 'median order amount per segment',
    sql: `SELECT c.segment, quantile_cont(o.amount, 0.5) FROM orders o JOIN customers c ON o.customer_id = c.id
      GROUP BY 1 ORDER BY 1`,
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: '90th percentile order value by category, completed orders only',
    sql: rowP(0.9, "status = 'completed'", 'category'),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'median order size in Q4 2025 for returned orders',
    sql: rowP(0.5, "status = 'returned' AND created_at >= '2025-10-01' AND created_at < '2026-01-01'"),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'for each segment, the median 2025 spend per customer',
    sql: `SELECT c.segment, quantile_cont(v, 0.5) FROM (SELECT customer_id, sum(amount) AS v FROM orders WHERE ${y2025}
      GROUP BY 1) t JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
    tolerance: TOL,
  },
  // --- a percentile said again ---
  {
    class: 'percentiles',
    ask: 'p90 order amount in 2024 (the 9/10 mark)',
    sql: rowP(0.9, y2024),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'the median order in 2025, i.e. the middle one by amount',
    sql: rowP(0.5, y2025),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'what is the top decile cutoff of order amounts?',
    sql: rowP(0.9),
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: '75th percentile order amount in the west (that is, the upper quartile)',
    sql: rowP(0.75, "region = 'west'"),
    tolerance: TOL,
  },
  // --- added after the first changes (all three confidently wrong on 2777ec4: the regions of each month, and the
  // percentile dropped for the customers listed or for the median alone) ---
  {
    class: 'percentiles',
    ask: 'median monthly revenue per region in 2024',
    sql: `SELECT region, quantile_cont(v, 0.5) FROM (SELECT region, date_trunc('month', created_at) AS m, sum(amount) AS v
      FROM orders WHERE ${y2024} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
    tolerance: TOL,
  },
  {
    class: 'percentiles',
    ask: 'median order amount of customers with more than 50 orders',
    sql: `SELECT quantile_cont(amount, 0.5) FROM orders WHERE customer_id IN
      (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) > 50)`,
    tolerance: TOL,
  },
  {
    class: 'percentile-rank',
    ask: 'how many customers spent more than the median customer?',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)
      SELECT count(*) FROM t WHERE v > (SELECT quantile_cont(v, 0.5) FROM t)`,
  },
  // --- stays refused ---
  { class: 'refuse', ask: '90th percentile of profit per customer', refuse: true },
  { class: 'refuse', ask: 'median number of items in a basket', refuse: true },
  { class: 'refuse', ask: "median of each customer's second order amount", refuse: true },
  { class: 'refuse', ask: "p90 of each customer's cancel rate", refuse: true },
  {
    class: 'refuse',
    ask: "what percentile is each customer's spend within their own region?",
    refuse: true,
  },
];
