/**
 * Seventh tuning batch (issue 29), for the planner's entity classes only: lists of entities with their
 * per-entity counts or sums (HAVING, per group of an attribute, lists longer than the row preview), cohorts and
 * "new" by a first date (new per month or quarter by first order, per-customer averages by signup cohort,
 * retention), combined shares (a top-N's share as a percent, two statuses or categories as one share) and thread
 * follow-ups that rank the previous comparison. Written BEFORE the planner change it tunes, in new wordings a
 * sales or operations asker would use (typos, abbreviations, a west analyst under row-level security, threads);
 * no question copies a held-out or earlier tuning question.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers who all signed up in
 * 2022, 100 per region; first orders fall in January to May 2023).
 */
import type { QueryUser } from '../../../functions/semantic';
import { inYear, perCustomer, type SecondOrderCase, WEST, withCustomers } from './tuning-2';

export const TUNING_7_ENTITIES_NOW = '2026-03-02T09:30:00Z';

/** A west-region analyst: row-level security keeps their orders and customers to the west. */

export type Tuning7Case = SecondOrderCase & { user?: QueryUser };

const oIn = (year: number) => inYear(year).replaceAll('created_at', 'o.created_at');
/** Customers per value of a customer attribute whose per-customer aggregate passes `having`. */
const perGroup = (attr: string, having: string, where = '') =>
  `SELECT c.${attr}, count(*) FROM customers c JOIN (SELECT customer_id FROM orders ${where} GROUP BY 1 HAVING ${having}) t
   ON t.customer_id = c.id GROUP BY 1`;
/** New customers (by first order) per month or quarter of a year. */
const newPer = (unit: 'month' | 'quarter', year: number, where = '') =>
  // (Every period of the year, one with no first order as 0: a period left out would be missing from the answer.)
  `SELECT t.p, count(x.customer_id) FROM range(TIMESTAMP '${year}-01-01', TIMESTAMP '${year + 1}-01-01',
     INTERVAL ${unit === 'quarter' ? 3 : 1} MONTH) AS t(p) LEFT JOIN (SELECT customer_id, min(created_at) AS f FROM orders ${where} GROUP BY 1) AS x
   ON date_trunc('${unit}', x.f) = t.p GROUP BY 1`;
/** Revenue in a year per customer of each signup quarter (customers who ordered that year). */
const perSignupCustomer = (unit: 'quarter' | 'month', year: number, where = '') =>
  `SELECT date_trunc('${unit}', c.created_at), sum(o.amount) / count(DISTINCT c.id) FROM ${withCustomers}
   WHERE ${oIn(year)} ${where} GROUP BY 1`;
const topPct = (measure: string, n: number, where = '') =>
  `SELECT 100.0 * sum(v) / (SELECT ${measure} FROM orders ${where}) FROM
   (SELECT ${measure} AS v FROM orders ${where} GROUP BY customer_id ORDER BY v DESC LIMIT ${n})`;
const statusPct = (measure: string, statuses: string[], where = '') =>
  `SELECT 100.0 * ${measure} FILTER (WHERE status IN (${statuses.map((s) => `'${s}'`).join(', ')})) / ${measure} FROM orders ${where}`;

export const tuning7entities: Tuning7Case[] = [
  // --- lists of entities with their per-entity figure ---
  {
    class: 'counts-per-entity',
    ask: 'show me every customer with over 60 orders and their order count',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} GROUP BY 1 HAVING count(*) > 60`,
  },
  {
    class: 'counts-per-entity',
    ask: 'which clients spent more than $12k in 2024? show the amount for each',
    sql: `SELECT c.name, sum(o.amount) FROM ${withCustomers} WHERE ${oIn(2024)} GROUP BY 1 HAVING sum(o.amount) > 12000`,
  },
  {
    class: 'counts-per-entity',
    ask: 'list customers w/ fewer than 38 orders, incl. number of orders',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} GROUP BY 1 HAVING count(*) < 38`,
  },
  {
    class: 'counts-per-entity',
    ask: 'customers that ordered more than 55 times - names and counts pls',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} GROUP BY 1 HAVING count(*) > 55`,
  },
  {
    class: 'counts-per-entity',
    ask: 'names of my customers with 20+ orders in 2025 and how many each',
    user: WEST,
    sql: `SELECT c.name, count(*) FROM ${withCustomers} WHERE o.region = 'west' AND ${oIn(2025)} GROUP BY 1 HAVING count(*) >= 20`,
  },
  {
    class: 'counts-per-entity',
    ask: 'Give me the customers who had 6 or more returns, with their return count',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} WHERE o.status = 'returned' GROUP BY 1 HAVING count(*) >= 6`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers in each region placed more than 55 orders?',
    sql: perGroup('region', 'count(*) > 55'),
  },
  {
    class: 'counts-per-entity',
    ask: 'by segment, the number of customers who spent under $22,000 in total',
    sql: perGroup('segment', 'sum(amount) < 22000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'count of customers with at least 18 orders in 2023, split by region',
    sql: perGroup('region', 'count(*) >= 18', `WHERE ${inYear(2023)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers per segment with more than 3 cancelled orders',
    sql: perGroup('segment', "count(*) FILTER (WHERE status = 'cancelled') > 3"),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers did over 50 orders? and which region are most of them in',
    sql: `${perGroup('region', 'count(*) > 50')} ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many buyers spent north of 11k last year',
    sql: perCustomer('sum(amount) > 11000', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: ['how many customers have more than 58 orders?', 'list them with their order counts'],
    sql: `SELECT c.name, count(*) FROM ${withCustomers} GROUP BY 1 HAVING count(*) > 58`,
  },
  // --- cohorts and "new" by a first date ---
  {
    class: 'cohorts',
    ask: 'new customers per month in 2023 (new = first order that month)',
    sql: newPer('month', 2023),
  },
  {
    class: 'cohorts',
    ask: 'monthly count of first-time buyers in 2023',
    sql: newPer('month', 2023),
  },
  {
    class: 'cohorts',
    ask: 'how many customers placed their very first order in each month of 2023?',
    sql: newPer('month', 2023),
  },
  {
    class: 'cohorts',
    ask: 'new customer acquisition by month for my region in 2023, based on first order date',
    user: WEST,
    sql: newPer('month', 2023, "WHERE region = 'west'"),
  },
  {
    class: 'cohorts',
    ask: 'how many new customers did we win in 2024 (first order in 2024)?',
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING year(min(created_at)) = 2024)',
  },
  {
    class: 'cohorts',
    ask: 'avg 2024 spend per customer for each signup quarter of 2022',
    sql: perSignupCustomer('quarter', 2024),
  },
  {
    class: 'cohorts',
    ask: 'per signup quarter, what did the average customer spend in 2023?',
    sql: perSignupCustomer('quarter', 2023),
  },
  {
    class: 'cohorts',
    ask: 'revenue per customer in 2025 by the quarter they signed up',
    sql: perSignupCustomer('quarter', 2025),
  },
  {
    class: 'cohorts',
    ask: 'orders per customer in 2024 for each signup quarter',
    sql: `SELECT date_trunc('quarter', c.created_at), count(*) / count(DISTINCT c.id) FROM ${withCustomers}
          WHERE ${oIn(2024)} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'of the customers whose first order was in Feb 2023, how many still ordered in 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
          HAVING min(created_at) >= '2023-02-01' AND min(created_at) < '2023-03-01'
          AND count(*) FILTER (WHERE ${inYear(2025)}) > 0)`,
  },
  {
    class: 'cohorts',
    ask: 'how many customers first bought in 2023 Q1?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
          HAVING min(created_at) >= '2023-01-01' AND min(created_at) < '2023-04-01')`,
  },
  {
    class: 'cohorts',
    ask: 'total 2025 revenue from customers who signed up in Q3 2022',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE ${oIn(2025)} AND c.created_at >= '2022-07-01' AND c.created_at < '2022-10-01'`,
  },
  // --- combined shares ---
  {
    class: 'combined-shares',
    ask: "top 50 customers by 2025 revenue: what % of the year's revenue is that?",
    check: 'answer',
    tolerance: 0.006,
    sql: topPct('sum(amount)', 50, `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'in percent, how much of 2023 sales came from our 25 largest customers?',
    check: 'answer',
    tolerance: 0.006,
    sql: topPct('sum(amount)', 25, `WHERE ${inYear(2023)}`),
  },
  {
    class: 'combined-shares',
    ask: 'pct of all orders placed by the top 40 customers (by order count)',
    check: 'answer',
    tolerance: 0.006,
    sql: topPct('count(*)', 40),
  },
  {
    class: 'combined-shares',
    ask: 'share of 2024 orders that were cancelled or returned (combined), as a %',
    check: 'answer',
    tolerance: 0.006,
    sql: statusPct('count(*)', ['cancelled', 'returned'], `WHERE ${inYear(2024)}`),
  },
  {
    class: 'combined-shares',
    ask: 'what percentage of orders were returned plus cancelled, all time?',
    check: 'answer',
    tolerance: 0.006,
    sql: statusPct('count(*)', ['cancelled', 'returned']),
  },
  {
    class: 'combined-shares',
    ask: 'returned and cancelled orders together - what share of 2025 revenue do they make up, in %?',
    check: 'answer',
    tolerance: 0.006,
    sql: statusPct('sum(amount)', ['cancelled', 'returned'], `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'toys + grocery, combined % of 2024 revenue',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE category IN ('toys', 'grocery')) / sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'combined-shares',
    ask: "how much of my region's 2025 revenue came from my top 15 customers, percent?",
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: topPct('sum(amount)', 15, `WHERE region = 'west' AND ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'what percent of orders in 2023 were not completed (cancelled or returned)?',
    check: 'answer',
    tolerance: 0.006,
    sql: statusPct('count(*)', ['cancelled', 'returned'], `WHERE ${inYear(2023)}`),
  },
  // --- threads: ranking the previous comparison ---
  {
    class: 'period-over-period',
    ask: ['revenue by region, 2023 vs 2024', 'which region grew the most in %?'],
    sql: `WITH t AS (SELECT region, sum(amount) FILTER (WHERE year(created_at) = 2023) AS a,
          sum(amount) FILTER (WHERE year(created_at) = 2024) AS b FROM orders GROUP BY 1)
          SELECT region, round(100.0 * (b - a) / a, 2) FROM t ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    ask: [
      'number of orders per category for 2023 and 2025',
      'and which category dropped the most, percentage-wise?',
    ],
    sql: `WITH t AS (SELECT category, count(*) FILTER (WHERE year(created_at) = 2023) AS a,
          count(*) FILTER (WHERE year(created_at) = 2025) AS b FROM orders GROUP BY 1)
          SELECT category, round(100.0 * (b - a) / a, 2) FROM t ORDER BY 2 ASC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    ask: ['sales by segment in 2024 and in 2025', 'which segment had the biggest % decline?'],
    sql: `WITH t AS (SELECT c.segment, sum(o.amount) FILTER (WHERE year(o.created_at) = 2024) AS a,
          sum(o.amount) FILTER (WHERE year(o.created_at) = 2025) AS b FROM ${withCustomers} GROUP BY 1)
          SELECT segment, round(100.0 * (b - a) / a, 2) FROM t ORDER BY 2 ASC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    ask: ['revenue per category, Q1 2025 vs Q1 2024', 'rank them by % change'],
    ordered: true,
    sql: `WITH t AS (SELECT category, sum(amount) FILTER (WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01') AS a,
          sum(amount) FILTER (WHERE created_at >= '2025-01-01' AND created_at < '2025-04-01') AS b FROM orders GROUP BY 1)
          SELECT category, round(100.0 * (b - a) / a, 2) FROM t ORDER BY 2 DESC`,
  },
  {
    class: 'period-over-period',
    ask: ['orders by region in 2024 vs 2025', 'which one did best, in percent?'],
    sql: `WITH t AS (SELECT region, count(*) FILTER (WHERE year(created_at) = 2024) AS a,
          count(*) FILTER (WHERE year(created_at) = 2025) AS b FROM orders GROUP BY 1)
          SELECT region, round(100.0 * (b - a) / a, 2) FROM t ORDER BY 2 DESC LIMIT 1`,
  },
  // --- honest refusals: no first-date or entity the data has ---
  {
    class: 'cohorts',
    ask: 'how many new products did we launch each month of 2024?',
    refuse: true,
  },
  {
    class: 'counts-per-entity',
    ask: 'list the sales reps with more than 50 deals and their deal counts',
    refuse: true,
  },
];
