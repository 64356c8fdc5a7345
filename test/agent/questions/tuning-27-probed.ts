/**
 * The lead's probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own words, written
 * before the changes they tune, across the classes (helpers took period-over-period, cohorts and
 * asker-defined words in tuning-27-periods/cohorts/defined).
 * Scored in the eval CLI (1,000,000-order sample): 34 of 36 right before, on 6755ab7, none wrong (the first scoring
 * said 30 with 4 confidently wrong: three were rounding of the references, given tolerances, and one a layout of
 * the reference, H1 and H2 as columns, now one row per region and half); 34 of 36 after, none wrong; 36 of 36 once
 * people defined in brackets ("big spenders (lifetime revenue above $30k)") and a definition "in a year" asked of one
 * year were read (definitions.ts).
 *
 * Clock: Wednesday 2027-01-27, thirteen months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import {
  between,
  inYear,
  LAST_DAY,
  perCustomer,
  type SecondOrderCase,
  WEST,
  withCustomers,
} from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_PROBED_NOW = '2027-01-27T10:00:00Z';

export const tuning27probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'how many customers placed at least 10 orders in 2025 that were not cancelled?',
    sql: perCustomer('count(*) >= 10', `WHERE status <> 'cancelled' AND ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of accounts whose biggest single order ever was under $900',
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING max(amount) < 900)',
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers have never had an order returned?',
    sql: `SELECT count(*) FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.status = 'returned')`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers bought both furniture and electronics in 2024?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2024)} GROUP BY 1
      HAVING count(*) FILTER (WHERE category = 'furniture') > 0 AND count(*) FILTER (WHERE category = 'electronics') > 0)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'by segment, how many customers spent over $10k in 2025?',
    sql: `SELECT c.segment, count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING sum(amount) > 10000) t
      JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'Q4 2025 revenue vs Q4 2024, % change per category',
    sql: `SELECT category, round(100.0 * (sum(amount) FILTER (WHERE ${between('2025-10-01', '2026-01-01')}) /
      sum(amount) FILTER (WHERE ${between('2024-10-01', '2025-01-01')}) - 1), 2) FROM orders GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'period-over-period',
    ask: "which segment's order count dropped the most from 2024 to 2025?",
    sql: `SELECT c.segment, count(*) FILTER (WHERE ${inYear(2025, 'o.created_at')}) - count(*) FILTER (WHERE ${inYear(2024, 'o.created_at')}) AS d
      FROM ${withCustomers} GROUP BY 1 ORDER BY 2 ASC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    ask: 'compare H1 and H2 2025 average order value for each region',
    // Either layout of the answer is right: one row per region and half.
    sql: `SELECT region, CASE WHEN month(created_at) <= 6 THEN 'H1 2025' ELSE 'H2 2025' END AS half, round(avg(amount), 2)
      FROM orders WHERE ${inYear(2025)} GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    class: 'top-per-group',
    ask: 'for every region, which category had the most returned orders in 2025?',
    sql: `SELECT region, arg_max(category, n), max(n) FROM (SELECT region, category, count(*) AS n FROM orders
      WHERE status = 'returned' AND ${inYear(2025)} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'top customer in each segment by 2024 completed revenue',
    sql: `SELECT segment, arg_max(name, v), round(max(v), 2) FROM (SELECT c.segment, c.name, sum(o.amount) AS v FROM ${withCustomers}
      WHERE o.status = 'completed' AND ${inYear(2024, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'biggest category in each region by number of orders, all time',
    sql: `SELECT region, arg_max(category, n), max(n) FROM (SELECT region, category, count(*) AS n FROM orders GROUP BY 1, 2)
      GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'combined-shares',
    ask: 'what % of 2025 revenue came from orders under $100?',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE amount < 100) / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'combined-shares',
    ask: 'share of orders that were either returned or cancelled, per category, 2024',
    sql: `SELECT category, round(100.0 * count(*) FILTER (WHERE status IN ('returned', 'cancelled')) / count(*), 2) FROM orders
      WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'combined-shares',
    ask: 'how much of total revenue did the 50 biggest customers bring in, as a %?',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)
      SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 50)) / (SELECT sum(v) FROM t), 2)`,
  },
  {
    class: 'combined-shares',
    ask: 'furniture plus toys: their combined share of east region revenue in 2023',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE category IN ('furniture', 'toys')) / sum(amount), 2) FROM orders
      WHERE region = 'east' AND ${inYear(2023)}`,
  },
  {
    class: 'percentiles',
    ask: "what's the 90th percentile order value in 2025?",
    sql: `SELECT round(quantile_cont(amount::DOUBLE, 0.9), 2) FROM orders WHERE ${inYear(2025)}`,
    tolerance: 0.02,
  },
  {
    class: 'percentiles',
    ask: 'median revenue per customer in 2024, by region',
    sql: `SELECT c.region, round(quantile_cont(v, 0.5), 2) FROM (SELECT customer_id, sum(amount)::DOUBLE AS v FROM orders
      WHERE ${inYear(2024)} GROUP BY 1) t JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
    tolerance: 0.02,
  },
  {
    class: 'percentiles',
    ask: 'what is the median number of orders a customer placed in 2023?',
    sql: `SELECT quantile_cont(n::DOUBLE, 0.5) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE ${inYear(2023)} GROUP BY 1)`,
  },
  {
    class: 'percentiles',
    ask: 'p25 and p75 of completed order amounts for electronics',
    sql: `SELECT round(quantile_cont(amount::DOUBLE, 0.25), 2), round(quantile_cont(amount::DOUBLE, 0.75), 2) FROM orders
      WHERE status = 'completed' AND category = 'electronics'`,
    tolerance: 0.02,
  },
  {
    class: 'past-the-data',
    ask: 'revenue last month?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'how many orders in the last 12 months',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'revenue from October 2025 through March 2026',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, round(sum(amount), 2) FROM orders WHERE ${between('2025-10-01', '2026-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'how many orders were cancelled in the south in March 2023? just the number',
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND region = 'south' AND ${between('2023-03-01', '2023-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'revenue by status for 2024, in dollars',
    sql: `SELECT status, round(sum(amount), 2) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 1`,
    says: /\$/,
  },
  {
    class: 'wording',
    ask: "what's our return rate in 2025? one decimal please",
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE status = 'returned') / count(*), 1) FROM orders WHERE ${inYear(2025)}`,
    tolerance: 0.05,
  },
  {
    class: 'unknown-words',
    ask: "A 'repeat buyer' is someone with 2+ orders in a year. How many repeat buyers did we have in 2024?",
    sql: perCustomer('count(*) >= 2', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'unknown-words',
    ask: 'how many sleepers do we have? (sleeper = a customer whose last order was before July 2025)',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING max(created_at) < TIMESTAMP '2025-07-01')`,
  },
  {
    class: 'unknown-words',
    ask: 'big spenders (lifetime revenue above $30k): how many per region?',
    sql: `SELECT c.region, count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING sum(amount) > 30000) t
      JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
  },
  { class: 'out-of-scope', ask: "what's our customer acquisition cost by channel?", refuse: true },
  { class: 'out-of-scope', ask: 'how many units did we ship in 2025?', refuse: true },
  { class: 'out-of-scope', ask: 'average star rating customers gave us in 2024', refuse: true },
  { class: 'out-of-scope', ask: 'revenue by sales rep for 2025', refuse: true },
  {
    class: 'top-per-group',
    ask: "my region's top category in 2025 by revenue",
    user: WEST,
    sql: `SELECT category, round(sum(amount), 2) FROM orders WHERE region = 'west' AND ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers ordered in every month of 2025?',
    user: WEST,
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM ${withCustomers} WHERE c.region = 'west' AND ${inYear(2025, 'o.created_at')}
      GROUP BY 1 HAVING count(DISTINCT month(o.created_at)) = 12)`,
  },
  {
    class: 'percentiles',
    ask: 'median order amount in my territory for 2024',
    user: WEST,
    sql: `SELECT round(quantile_cont(amount::DOUBLE, 0.5), 2) FROM orders WHERE region = 'west' AND ${inYear(2024)}`,
    tolerance: 0.02,
  },
  {
    class: 'period-over-period',
    ask: ['revenue by category in 2025', 'and the same for 2024?', 'which one grew the most?'],
    sql: `SELECT category, round(100.0 * (${'sum(amount) FILTER (WHERE year(created_at) = 2025)'} / sum(amount) FILTER (WHERE year(created_at) = 2024) - 1), 2)
      FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
];
