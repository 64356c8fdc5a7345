/**
 * Thirty-second tuning batch (issue 29), period: figures read per period where the period is the unit of the
 * condition itself. Customers counted per quarter, month or year by their spend (or orders) in that period; each
 * category's share of each month's (or quarter's) revenue; the top N% of customers within each region; the group
 * with a condition met in the most months; the share of orders above or below an amount; the number of months whose
 * order count (not an order's amount) fell below or rose above a figure; a velocity (orders or revenue per calendar
 * day) defined first and then ranked across months, quarters or years; customers with N or more orders in each of
 * several years; "active" customers per quarter as the asker defines them; threads from a quarter against the same
 * quarter a year earlier to "and 2025?" (that quarter of 2025, not the whole year), and from a top-5 list with a tie
 * at its cut to "how much did they spend". Some under row-level security, and a few that must stay refused (data
 * the model has not). Written on 2026-11-29 BEFORE the planner change it tunes, in fresh wordings (none copied from
 * a held-out or earlier tuning set).
 *
 * Before (on 0784e1ad): 15 of 41 right on 1M, 3 confident wrong ("how many months did orders fall below 27,000"
 * listed the months' counts of orders under $27,000 each; "and 2025?" after Q4 2024 vs Q4 2023 gave 2025's months,
 * and after Q2 2024 vs Q2 2023 the whole of 2025), 23 wrong refusals; on the TEST sample 16 of 41, 2 confident wrong.
 * After: 38 of 41, none wrong, on 1M and TEST (see planner-tuning-6.test.ts). Still refused (wrong refusals, not wrong
 * figures): a share condition met in the most months, "12 or more orders every year" per region, "counting a customer
 * as active in a quarter if they ordered 5 or more times in it".
 *
 * Clock: Thursday 2027-11-04, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in 2022,
 * every customer orders in every year, each order in its customer's region). Velocity divides by the calendar days
 * of the period (29 in February 2024, 366 in 2024). The top N% of a region's customers is that region's customer
 * count times N / 100, ranked by spend. A "top 5" with a tie at its cut keeps every tied customer (rank() <= 5), as
 * the group winners of a tie are all kept. Percentages are percent. References are written on the raw tables, each
 * checked on both samples; no threshold is met exactly, and no other ranked cut falls inside a tie, on either sample.
 */
import { analyst, inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_32_PERIOD_NOW = '2027-11-04T09:30:00Z';

const and = (where: string) => (where ? ` AND ${where}` : '');
const PCT = { tolerance: 0.05 };
const ANSWER = { check: 'answer' as const, tolerance: 0.01 };
/** Per `unit` of the orders `where` keeps, the customers whose orders of that period meet `having`, counted. */
const perPeriodCustomers = (unit: 'month' | 'quarter' | 'year', having: string, where = '') =>
  `SELECT p, count(*) FROM (SELECT date_trunc('${unit}', created_at) AS p, customer_id FROM orders WHERE TRUE${and(where)}
   GROUP BY 1, 2 HAVING ${having}) GROUP BY 1`;
/** Each category's share (percent) of each `unit`'s revenue of the orders `where` keeps (`only`'s alone when given). */
const categoryShares = (unit: 'month' | 'quarter', where: string, only = '') =>
  `WITH t AS (SELECT date_trunc('${unit}', created_at) AS p, category, sum(amount) AS v FROM orders WHERE ${where} GROUP BY 1, 2)
   SELECT p, ${only ? '' : 'category, '}100.0 * v / sum(v) OVER (PARTITION BY p) AS share FROM t${only ? ` QUALIFY category = '${only}'` : ''}`;
/** The top `percent`% of each region's customers by spend over the orders `where` keeps: region, customer, spend. */
const topOfRegion = (percent: number, where = 'true') =>
  `WITH s AS (SELECT c.region, o.customer_id, sum(o.amount) AS s FROM orders o JOIN customers c ON c.id = o.customer_id
     WHERE ${where} GROUP BY 1, 2),
   r AS (SELECT region, customer_id, s, row_number() OVER (PARTITION BY region ORDER BY s DESC) AS rn,
     count(*) OVER (PARTITION BY region) AS n FROM s),
   w AS (SELECT region, customer_id, s FROM r WHERE rn <= n * ${percent} / 100)`;
/** The months of the orders `where` keeps whose `measure` is `op` `value`. */
const months = (measure: string, op: '<' | '>', value: number, where = 'true') =>
  `SELECT date_trunc('month', created_at) AS m, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1 HAVING ${measure} ${op} ${value}`;
/** Each `unit` of the orders `where` keeps with its `measure` per calendar day of that period. */
const velocity = (unit: 'month' | 'quarter' | 'year', measure: string, where = 'true') =>
  `SELECT date_trunc('${unit}', created_at) AS p,
     ${measure} / (date_diff('day', date_trunc('${unit}', min(created_at)), date_trunc('${unit}', min(created_at)) + INTERVAL 1 ${unit})) AS v
   FROM orders WHERE ${where} GROUP BY 1`;
/** Customers with `having` over their orders of each of `years`, counted (per customers.`by` when given). */
const everyYear = (years: number[], having: string, by = '') => {
  const q = `SELECT customer_id FROM orders WHERE year(created_at) IN (${years.join(', ')})
    GROUP BY customer_id, year(created_at) HAVING ${having}`;
  const each = `SELECT customer_id FROM (${q}) GROUP BY 1 HAVING count(*) = ${years.length}`;
  return by
    ? `SELECT c.${by}, count(*) FROM (${each}) e JOIN customers c ON c.id = e.customer_id GROUP BY 1`
    : `SELECT count(*) FROM (${each})`;
};
/** Customers ranked by `measure` over the orders `where` keeps, every one tied at the `n`th kept, with their spend. */
const topWithTies = (measure: string, n: number, where = 'true') =>
  `WITH t AS (SELECT customer_id, ${measure} AS v, sum(amount) AS s FROM orders WHERE ${where} GROUP BY 1)
   SELECT c.name, t.s FROM t JOIN customers c ON c.id = t.customer_id QUALIFY rank() OVER (ORDER BY v DESC) <= ${n}`;

export const tuning32period: (SecondOrderCase & Tuning6Case)[] = [
  // --- customers counted per period by their spend (or orders) in that period ---
  {
    class: 'counts-per-entity',
    ask: 'How many customers spent over $1,000 in each quarter of 2025?',
    sql: perPeriodCustomers('quarter', 'sum(amount) > 1000', inYear(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'for every month of 2024, how many customers spent more than $800 that month?',
    sql: perPeriodCustomers('month', 'sum(amount) > 800', inYear(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: 'Number of customers per year whose spending in that year topped $9,000',
    sql: perPeriodCustomers('year', 'sum(amount) > 9000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'In each quarter of 2024, how many of my customers spent less than $1,500 during the quarter?',
    user: analyst('east'),
    sql: perPeriodCustomers('quarter', 'sum(amount) < 1500', `region = 'east' AND ${inYear(2024)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'quarter by quarter in 2025, how many customers placed 6 or more orders within the quarter?',
    sql: perPeriodCustomers('quarter', 'count(*) >= 6', inYear(2025)),
  },
  // --- each category's share of each period's revenue ---
  {
    class: 'category-share',
    ask: "What share of each month's revenue in 2025 came from each category?",
    ...PCT,
    sql: categoryShares('month', inYear(2025)),
  },
  {
    class: 'category-share',
    ask: "furniture's share of revenue in each month of 2024",
    ...PCT,
    sql: categoryShares('month', inYear(2024), 'furniture'),
  },
  {
    class: 'category-share',
    ask: 'For every quarter of 2025, what percent of that quarter’s sales did each product category make up?',
    ...PCT,
    sql: categoryShares('quarter', inYear(2025)),
  },
  {
    class: 'category-share',
    ask: 'month by month in 2025, what percentage of my revenue came from toys?',
    user: analyst('north'),
    ...PCT,
    sql: categoryShares('month', `region = 'north' AND ${inYear(2025)}`, 'toys'),
  },
  // --- the top N% of customers within each region ---
  {
    class: 'whales',
    ask: "In each region, what share of revenue comes from the top 10% of that region's customers by total spend?",
    ...PCT,
    sql: `${topOfRegion(10)} SELECT w.region, 100.0 * sum(w.s) / (SELECT sum(s) FROM s WHERE s.region = w.region) FROM w GROUP BY 1`,
  },
  {
    class: 'whales',
    ask: 'How much did the top 5% of customers in each region spend in 2025, all together?',
    sql: `${topOfRegion(5, inYear(2025, 'o.created_at'))} SELECT region, sum(s) FROM w GROUP BY 1`,
  },
  {
    class: 'whales',
    ask: 'average lifetime spend of the top 20% of customers within each region',
    sql: `${topOfRegion(20)} SELECT region, avg(s) FROM w GROUP BY 1`,
  },
  {
    class: 'whales',
    ask: 'Within every region, how many enterprise customers are among the top 10% of spenders in that region?',
    sql: `${topOfRegion(10)} SELECT w.region, count(*) FILTER (WHERE c.segment = 'enterprise') FROM w JOIN customers c ON c.id = w.customer_id GROUP BY 1`,
  },
  // --- the group with a condition met in the most months ---
  {
    class: 'top-per-group',
    ask: 'Which region had orders in the most months of 2025?',
    // Every region ordered in every month: all four tie at 12.
    sql: `SELECT region, count(DISTINCT date_trunc('month', created_at)) AS n FROM orders WHERE ${inYear(2025)}
      GROUP BY 1 QUALIFY rank() OVER (ORDER BY n DESC) = 1`,
  },
  {
    class: 'top-per-group',
    ask: "Which category made up more than 20% of the month's revenue in the most months of 2024?",
    sql: `WITH t AS (${categoryShares('month', inYear(2024))})
      SELECT category, count(*) AS n FROM t WHERE share > 20 GROUP BY 1 QUALIFY rank() OVER (ORDER BY n DESC) = 1`,
  },
  {
    class: 'top-per-group',
    ask: 'which product category had sales in the most months?',
    // Every category sold in every month: all five tie at 36.
    sql: `SELECT category, count(DISTINCT date_trunc('month', created_at)) AS n FROM orders
      GROUP BY 1 QUALIFY rank() OVER (ORDER BY n DESC) = 1`,
  },
  // --- the share of orders above or below an amount ---
  {
    class: 'pooled-shares',
    ask: 'What share of orders went over $500?',
    ...PCT,
    sql: 'SELECT 100.0 * count(*) FILTER (WHERE amount > 500) / count(*) FROM orders',
  },
  {
    class: 'pooled-shares',
    ask: 'by region, what percentage of 2025 orders were above $750?',
    ...PCT,
    sql: `SELECT region, 100.0 * count(*) FILTER (WHERE amount > 750) / count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'pooled-shares',
    ask: 'Of my orders in 2024, what fraction came in under $100?',
    user: analyst('west'),
    ...PCT,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE amount < 100) / count(*) FROM orders WHERE region = 'west' AND ${inYear(2024)}`,
  },
  // --- the number of months whose order count fell below (or rose above) a figure ---
  {
    class: 'period-counts',
    ask: 'How many months did orders fall below 27,000?',
    ...ANSWER,
    sql: `SELECT count(*) FROM (${months('count(*)', '<', 27000)})`,
  },
  {
    class: 'period-counts',
    ask: 'In how many months of 2025 did we get fewer than 27,000 orders?',
    ...ANSWER,
    sql: `SELECT count(*) FROM (${months('count(*)', '<', 27000, inYear(2025))})`,
  },
  {
    class: 'period-counts',
    ask: 'which months of 2025 had under 27,000 orders?',
    sql: months('count(*)', '<', 27000, inYear(2025)),
  },
  {
    class: 'period-counts',
    ask: 'how many months had more than 28,500 orders?',
    ...ANSWER,
    sql: `SELECT count(*) FROM (${months('count(*)', '>', 28500)})`,
  },
  {
    class: 'period-counts',
    ask: 'How many months of 2024 came in under $14M in revenue?',
    ...ANSWER,
    sql: `SELECT count(*) FROM (${months('sum(amount)', '<', 14000000, inYear(2024))})`,
  },
  // --- a velocity defined first, then ranked across periods ---
  {
    class: 'velocity',
    ask: 'Order velocity, measured as orders per day: which month of 2024 had the lowest?',
    sql: `${velocity('month', 'count(*)', inYear(2024))} ORDER BY v LIMIT 1`,
  },
  {
    class: 'velocity',
    ask: 'Rank the quarters of 2024 by revenue velocity (revenue per calendar day), highest first.',
    ordered: true,
    sql: `${velocity('quarter', 'sum(amount)', inYear(2024))} ORDER BY v DESC`,
  },
  {
    class: 'velocity',
    ask: 'which year had the highest order velocity, measured as orders per day?',
    sql: `${velocity('year', 'count(*)')} ORDER BY v DESC LIMIT 1`,
  },
  {
    class: 'velocity',
    ask: 'Define velocity as orders per day. What were the top 3 months of 2025 by velocity?',
    sql: `${velocity('month', 'count(*)', inYear(2025))} ORDER BY v DESC LIMIT 3`,
  },
  {
    class: 'velocity',
    ask: 'my order velocity, measured as orders per day, for each quarter of 2025 - which quarter was slowest?',
    user: analyst('south'),
    sql: `${velocity('quarter', 'count(*)', `region = 'south' AND ${inYear(2025)}`)} ORDER BY v LIMIT 1`,
  },
  // --- N or more orders in each of several years; active customers per quarter ---
  {
    class: 'steady',
    ask: 'How many customers placed 15+ orders in each of 2023, 2024 and 2025?',
    ...ANSWER,
    sql: everyYear([2023, 2024, 2025], 'count(*) >= 15'),
  },
  {
    class: 'steady',
    ask: 'how many customers had at least 20 orders in both 2024 and 2025?',
    ...ANSWER,
    sql: everyYear([2024, 2025], 'count(*) >= 20'),
  },
  {
    class: 'steady',
    ask: 'For each region, how many customers had 12 or more orders every year?',
    sql: everyYear([2023, 2024, 2025], 'count(*) >= 12', 'region'),
  },
  {
    class: 'steady',
    ask: 'An active customer is one who placed at least 3 orders in the quarter. How many active customers were there in each quarter of 2024?',
    sql: perPeriodCustomers('quarter', 'count(*) >= 3', inYear(2024)),
  },
  {
    class: 'steady',
    ask: 'Counting a customer as active in a quarter if they ordered 5 or more times in it, how many active customers did each quarter of 2025 have?',
    sql: perPeriodCustomers('quarter', 'count(*) >= 5', inYear(2025)),
  },
  // --- threads ---
  {
    class: 'thread',
    ask: ['How many orders did we get in Q4 2024 vs Q4 2023?', 'and 2025?'],
    ...ANSWER,
    sql: `SELECT count(*) FROM orders WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01'`,
  },
  {
    class: 'thread',
    ask: ['revenue in Q2 2024 compared with Q2 2023', 'what about 2025?'],
    ...ANSWER,
    sql: `SELECT sum(amount) FROM orders WHERE created_at >= '2025-04-01' AND created_at < '2025-07-01'`,
  },
  {
    class: 'thread',
    ask: ['top 5 customers by number of orders', 'how much did they spend?'],
    sql: topWithTies('count(*)', 5),
  },
  {
    class: 'thread',
    ask: ['Which 5 customers placed the most orders in 2025?', 'and how much did they spend that year?'],
    sql: topWithTies('count(*)', 5, inYear(2025)),
  },
  // --- data the model has not: refused ---
  {
    class: 'out-of-scope',
    ask: 'How many customers renewed their subscription in each quarter of 2025?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'What share of orders shipped within 2 days?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'Which sales rep had orders in the most months?',
    refuse: true,
  },
];
