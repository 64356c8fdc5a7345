/**
 * Fifteenth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-27 (fourth session),
 * each answered confidently wrong or refused before the planner change that reads it (written down from the probe's
 * output before the change, scored after). Fresh wordings, none copied from a held-out or earlier tuning set.
 * Scored in the eval CLI before the change: 1/14 right, 10 confidently wrong (on 31e3d7f; the one right was the lost
 * customers' 0, read as "unchanged" from 20,000 to 20,000); after: 14/14. With the seven cases added next (h1 25, "how much
 * of", "a customer spends") and two of a signup cohort's spend, two sums of a top N: 1/25 before (18 confidently wrong), 25/25
 * after.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_15_PROBED_NOW = '2026-03-02T10:00:00Z';

const year = (y: number) => inYear(y, 'created_at');
/** Customers with orders in [from1, to1) and none in [from2, to2), optionally of a segment or region. */
const lapsed = (from1: string, to1: string, from2: string, to2: string, where = 'TRUE') =>
  `SELECT count(*) FROM (SELECT o.customer_id FROM orders o JOIN customers c ON o.customer_id = c.id
     WHERE ${where} AND o.created_at >= '${from1}' AND o.created_at < '${to1}' GROUP BY 1) a
   WHERE customer_id NOT IN (SELECT customer_id FROM orders WHERE created_at >= '${from2}' AND created_at < '${to2}')`;
/** Customers per segment with at least `n` orders in `y`. */
const perSegmentAtLeast = (n: number, y: number) =>
  `SELECT segment, count(*) FROM (SELECT c.segment, o.customer_id FROM orders o JOIN customers c ON o.customer_id = c.id
     WHERE ${inYear(y, 'o.created_at')} GROUP BY 1, 2 HAVING count(*) >= ${n}) GROUP BY 1`;
/** Customers with orders in each of the 12 months of `y`, by `by` (of the customer). */
const everyMonth = (y: number, by?: string) =>
  `SELECT ${by ? `${by}, ` : ''}count(*) FROM (SELECT ${by ? `c.${by}, ` : ''}o.customer_id FROM orders o
     JOIN customers c ON o.customer_id = c.id WHERE ${inYear(y, 'o.created_at')}
     GROUP BY ${by ? '1, 2' : '1'} HAVING count(DISTINCT month(o.created_at)) = 12)${by ? ' GROUP BY 1' : ''}`;
/** Each region's top category by `measure` in `where`, with its share of the region. */
const topShareInRegion = (measure: string, where: string) =>
  `SELECT region, category, v, round(share, 2) FROM (SELECT region, category, ${measure} AS v,
     100.0 * ${measure} / sum(${measure}) OVER (PARTITION BY region) AS share,
     rank() OVER (PARTITION BY region ORDER BY ${measure} DESC) AS r FROM orders WHERE ${where} GROUP BY 1, 2)
   WHERE r = 1`;
/** A quarter (month) of every year, by year. */
const ofEveryYear = (part: 'quarter' | 'month', n: number, measure: string, where = 'TRUE') =>
  `SELECT year(created_at), ${measure} FROM orders WHERE ${part}(created_at) = ${n} AND ${where} GROUP BY 1`;

export const tuning15probed: (SecondOrderCase & { user?: QueryUser })[] = [
  {
    // Was the lowest segment alone ("at least" read as the bottom end, LIMIT 1): confidently wrong.
    class: 'counts-per-entity',
    ask: 'number of customers per segment with at least 5 orders in 2025',
    sql: perSegmentAtLeast(5, 2025),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers in each segment placed at least 30 orders in 2024?',
    sql: perSegmentAtLeast(30, 2024),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers in each region have at most 40 orders',
    sql: `SELECT region, count(*) FROM (SELECT region, customer_id FROM orders GROUP BY 1, 2 HAVING count(*) <= 40)
      GROUP BY 1`,
  },
  {
    // Was at least one order, and the lowest segment alone: confidently wrong.
    class: 'counts-per-entity',
    ask: 'number of customers per segment who ordered at least once a month in 2025',
    sql: everyMonth(2025, 'segment'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers bought at least once every month in 2024',
    sql: everyMonth(2024),
  },
  {
    // Was the one largest region-and-category pair's share of all orders: confidently wrong.
    class: 'top-per-group',
    ask: 'top category per region by order count in 2024, and its share of that region',
    sql: topShareInRegion('count(*)', year(2024)),
  },
  {
    class: 'top-per-group',
    ask: "for each region, which category had the most revenue in 2025 and what % of the region's revenue was it",
    sql: topShareInRegion('sum(amount)', year(2025)),
  },
  {
    // Was the change in the number of customers (20,000 -> 20,000), with the rest noted as left out.
    class: 'cohorts',
    ask: 'how many customers did we lose between 2024 and 2025 (ordered in 24, nothing in 25)',
    sql: lapsed('2024-01-01', '2025-01-01', '2025-01-01', '2026-01-01'),
  },
  {
    // Refused over "but not".
    class: 'cohorts',
    ask: 'how many customers bought in Q3 2025 but not in Q4 2025',
    sql: lapsed('2025-07-01', '2025-10-01', '2025-10-01', '2026-01-01'),
  },
  {
    class: 'cohorts',
    ask: "how many enterprise clients ordered in Q3 2025 and then didn't order again in Q4 2025?",
    sql: lapsed('2025-07-01', '2025-10-01', '2025-10-01', '2026-01-01', "c.segment = 'enterprise'"),
  },
  {
    // Refused over "no".
    class: 'cohorts',
    ask: 'what share of my customers who ordered in Q3 2025 had no orders in Q4 2025',
    user: WEST,
    sql: `SELECT round(100.0 * (${lapsed(
      '2025-07-01',
      '2025-10-01',
      '2025-10-01',
      '2026-01-01',
      "o.region = 'west'",
    ).replace(
      "SELECT customer_id FROM orders WHERE created_at >= '2025-10-01'",
      "SELECT customer_id FROM orders WHERE region = 'west' AND created_at >= '2025-10-01'",
    )}) / (SELECT count(DISTINCT customer_id) FROM orders WHERE region = 'west' AND ${between('2025-07-01', '2025-10-01')}), 2)`,
  },
  {
    // Was Q4 2025 alone: confidently wrong.
    class: 'period-over-period',
    ask: 'show me Q4 revenue for each year side by side',
    sql: ofEveryYear('quarter', 4, 'sum(amount)'),
  },
  {
    class: 'period-over-period',
    ask: 'december orders each year',
    sql: ofEveryYear('month', 12, 'count(*)'),
  },
  {
    class: 'period-over-period',
    ask: 'how did Q1 compare across the years for the west, revenue-wise?',
    sql: ofEveryYear('quarter', 1, 'sum(amount)', "region = 'west'"),
  },
  {
    // Was refused over "h1" and "25".
    class: 'wording',
    ask: 'rev by cat for h1 25 pls',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-07-01')} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'orders in h2 24 by region',
    sql: `SELECT region, count(*) FROM orders WHERE ${between('2024-07-01', '2025-01-01')} GROUP BY 1`,
  },
  {
    // Was refused over "of".
    class: 'combined-shares',
    ask: 'how much of our orders come from customers who spent over 30k',
    sql: `SELECT round(100.0 * sum(n) FILTER (WHERE s > 30000) / sum(n), 2) FROM (SELECT customer_id, count(*) AS n,
      sum(amount) AS s FROM orders GROUP BY 1)`,
  },
  {
    // Was the average number of customers per year (20,000): confidently wrong.
    class: 'wording',
    ask: 'how much does a customer spend per year on average',
    sql: `SELECT y, avg(s) FROM (SELECT year(created_at) AS y, customer_id, sum(amount) AS s FROM orders GROUP BY 1, 2)
      GROUP BY 1`,
  },
  {
    // Was the number of customers by year: confidently wrong.
    class: 'wording',
    ask: "what's the typical customer's annual spend",
    sql: `SELECT y, avg(s) FROM (SELECT year(created_at) AS y, customer_id, sum(amount) AS s FROM orders GROUP BY 1, 2)
      GROUP BY 1`,
  },
  {
    // Was all 1,000,000 orders: confidently wrong.
    class: 'wording',
    ask: 'typical number of orders a customer places',
    sql: 'SELECT avg(n) FROM (SELECT customer_id, count(*) AS n FROM orders GROUP BY 1)',
  },
  {
    // Was the median of each year's total orders (337,895): confidently wrong.
    class: 'percentiles',
    ask: 'whats the typical (median) number of orders a customer places per year',
    sql: `SELECT y, median(n) FROM (SELECT year(created_at) AS y, customer_id, count(*) AS n FROM orders GROUP BY 1, 2)
      GROUP BY 1`,
  },
  {
    // Was an order amount over $10,000 (no rows: 0): confidently wrong.
    class: 'cohorts',
    ask: 'how many of the customers that joined in Q3 2022 spent more than 10k in 2024',
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE ${between('2022-07-01', '2022-10-01', 'c.created_at')} AND ${inYear(2024, 'o.created_at')}
      GROUP BY 1 HAVING sum(o.amount) > 10000)`,
  },
  {
    class: 'cohorts',
    ask: 'of customers who signed up in Q3 2022, how many spent over 10k in 2024',
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE ${between('2022-07-01', '2022-10-01', 'c.created_at')} AND ${inYear(2024, 'o.created_at')}
      GROUP BY 1 HAVING sum(o.amount) > 10000)`,
  },
  {
    // Was ranked by the total amount ("sum" read as the measure) and no sum given: confidently wrong.
    class: 'combined-shares',
    ask: 'top 2 categories by 2024 orders - what do they sum to?',
    sql: `SELECT sum(n) FROM (SELECT category, count(*) AS n FROM orders WHERE ${year(2024)} GROUP BY 1 ORDER BY 2 DESC LIMIT 2)`,
    check: 'answer',
  },
  {
    // The sum was left out.
    class: 'combined-shares',
    ask: 'which 3 customers spent the most in 2025 and how much did that add up to',
    sql: `SELECT sum(s) FROM (SELECT customer_id, sum(amount) AS s FROM orders WHERE ${year(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 3)`,
    check: 'answer',
  },
];
