/**
 * Thirty-third tuning batch (issue 29), reach: everyday analyst questions a SaaS customer asks that the planner
 * refused or misread: how many customers make up the top N% by revenue together with the share they bring in (a
 * count and a share in one answer); the customer with the biggest spend within a single calendar month (overall, in
 * a year, per region); the compound annual growth rate between two years; a run rate annualised from the latest
 * quarter or month; the categories (regions, customers) that make up 80% (half) of revenue on a running share; new
 * against returning customers per period (first order in that period against an earlier one); customers "in" or
 * "based in" a region, read by the customer's home region; the number of months in which a customer topped a bound,
 * averaged over customers (overall, in a year, per group); a share condition true in most months of a year; customers
 * with N or more orders in every year, per group; the median customer's figure per group; customers with no order in
 * the last N months or days counted back from the clock. Some under row-level security (an east-region analyst), and
 * some that must stay refused (data the model has not, or a period wholly before the data).
 * Written on 2026-11-30 BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or
 * earlier tuning set).
 *
 * Before (on 60f2286d): 10 of 39 right on 1M and on the TEST sample, 5 confident wrong (the top 20% of customers read
 * as a share of customers; "more than 25% of orders" read as orders over $25; "at least 17 orders in each year" listed
 * per year; the median customer's revenue read as the median order, and the median customer's average order value
 * given as one figure for all segments), 24 wrong refusals. The "last N months" references were first written rolling
 * from the clock (on or after 2025-10-22) and changed, before this commit, to the planner's stated whole-month window;
 * refused before either way. After that score, "how many returning customers did we have each year" was given its
 * 2023 row (0 returning: every first order falls in 2023), which the first reference left out; refused before too.
 *
 * Clock: Thursday 2026-01-22 14:00 UTC, three weeks after the data ends (orders 2023-01-01 to 2025-12-31, customers
 * all signed up in 2022, 50 orders each, each order in its customer's region). "The latest quarter" is Q4 2025, "the
 * most recent full month" December 2025. "The last 3 months" counted back from the clock are the three whole months
 * before the clock's month (on or after 2025-10-01, the planner's convention, which its answer states); "the past 60
 * days" are on or after 2025-11-23. A CAGR between years A and B is (B / A)^(1 / (B - A)) - 1, in percent. A run
 * rate is the period's figure times the periods in a year. "Account for 80%" is the top rows by the figure until
 * their running share first reaches 80% (the row crossing it included). A "new" customer in a period has their first
 * order in it; a "returning" one ordered in it and before it. "Most months" of a year is 7 or more of its 12. The
 * median customer's figure is the median over the customers of each one's figure. Percentages are percent.
 * References are written on the raw tables, each checked on both samples; no ranked cut falls inside a tie on either
 * sample.
 */
import { analyst, inYear } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_33_REACH_NOW = '2026-01-22T14:00:00Z';

const EAST = analyst('east');
const PCT = { tolerance: 0.05 };
const and = (where: string) => (where ? ` AND ${where}` : '');
/** The customers of the top `pct` percent by revenue (orders of `where`): how many, and their share in percent. */
const topPercent = (pct: number, where = '') =>
  `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   r AS (SELECT v, row_number() OVER (ORDER BY v DESC) AS k, count(*) OVER () AS n FROM t)
   SELECT count(*) FILTER (WHERE k <= n * ${pct / 100}), 100.0 * sum(v) FILTER (WHERE k <= n * ${pct / 100}) / sum(v) FROM r`;
/** The customer (name) with the biggest spend within one calendar month of orders of `where`, the month and spend. */
const bestMonth = (where = '') =>
  `SELECT c.name, date_trunc('month', o.created_at) AS m, sum(o.amount) AS s FROM orders o JOIN customers c ON c.id = o.customer_id
   WHERE TRUE${and(where)} GROUP BY c.id, c.name, m ORDER BY s DESC LIMIT 1`;
/** CAGR in percent of `measure` from year `a` to year `b`. */
const cagr = (measure: string, a: number, b: number, where = '') =>
  `SELECT 100.0 * (pow(${measure} FILTER (WHERE ${inYear(b)}) / ${measure} FILTER (WHERE ${inYear(a)}), 1.0 / ${b - a}) - 1)
   FROM orders WHERE TRUE${and(where)}`;
/** Rows of `by` whose running share of `measure` (largest first) has not yet reached `pct` percent before them. */
const pareto = (by: string, measure: string, pct: number, where = '') =>
  `WITH t AS (SELECT ${by} AS g, ${measure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   r AS (SELECT g, v, sum(v) OVER (ORDER BY v DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before, sum(v) OVER () AS tot FROM t)
   SELECT g FROM r WHERE coalesce(before, 0) < tot * ${pct / 100} ORDER BY v DESC`;
/** How many customers (and as a percent of customers) make up `pct` percent of revenue, largest first. */
const paretoCount = (pct: number, percent = false) =>
  `WITH t AS (SELECT customer_id AS g, sum(amount) AS v FROM orders GROUP BY 1),
   r AS (SELECT v, sum(v) OVER (ORDER BY v DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before, sum(v) OVER () AS tot FROM t)
   SELECT ${percent ? '100.0 * ' : ''}count(*) FILTER (WHERE coalesce(before, 0) < tot * ${pct / 100})${percent ? ' / count(*)' : ''} FROM r`;
/** Per `unit` of [from, to): customers whose first order is in it (new) and those who ordered in it and before (returning). */
const newReturning = (unit: string, from: string, to: string) =>
  `WITH f AS (SELECT customer_id, min(created_at) AS first FROM orders GROUP BY 1),
   p AS (SELECT DISTINCT o.customer_id, date_trunc('${unit}', o.created_at) AS p, date_trunc('${unit}', f.first) AS fp
     FROM orders o JOIN f ON f.customer_id = o.customer_id WHERE o.created_at >= '${from}' AND o.created_at < '${to}')
   SELECT p, count(*) FILTER (WHERE fp = p), count(*) FILTER (WHERE fp < p) FROM p GROUP BY 1 ORDER BY 1`;
/** The number of months (of orders of `where`) in which a customer spent over `over`, averaged per customers.`by`. */
const monthsOver = (over: number, where = '', by = '') =>
  `SELECT ${by ? `c.${by}, ` : ''}avg(coalesce(n, 0)) FROM customers c LEFT JOIN (SELECT customer_id, count(*) AS n FROM
   (SELECT customer_id, date_trunc('month', created_at) AS m FROM orders WHERE TRUE${and(where)} GROUP BY 1, 2 HAVING sum(amount) > ${over})
   GROUP BY 1) q ON q.customer_id = c.id ${by ? 'GROUP BY 1' : ''}`;
/** The `by` values whose share of `measure` per month of `year` is over `pct` percent in 7 or more months. */
const mostMonths = (by: string, measure: string, year: number, pct: number, where = '') =>
  `WITH t AS (SELECT date_trunc('month', created_at) AS m, ${by} AS g, ${measure} AS v FROM orders WHERE ${inYear(year)}${and(where)} GROUP BY 1, 2),
   s AS (SELECT g, 100.0 * v / sum(v) OVER (PARTITION BY m) AS share FROM t)
   SELECT g FROM s GROUP BY 1 HAVING count(*) FILTER (WHERE share > ${pct}) >= 7 ORDER BY 1`;
/** Per customers.`by`: customers with `n` or more orders (of `where`) in each of 2023, 2024 and 2025. */
const everyYear = (n: number, by: string, where = '') =>
  `SELECT c.${by}, count(*) FROM (SELECT customer_id FROM orders WHERE TRUE${and(where)} GROUP BY 1 HAVING
   ${[2023, 2024, 2025].map((y) => `count(*) FILTER (WHERE ${inYear(y)}) >= ${n}`).join(' AND ')}) q
   JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** Per customers.`by`: the median over customers of each one's `figure` (orders of `where`). */
const medianCustomer = (figure: string, by: string, where = '') =>
  `SELECT c.${by}, median(v) FROM (SELECT customer_id, ${figure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1) q
   JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** Customers (of customers `where`) with no order on or after `since`, counted. */
const quietSince = (since: string, where = '') =>
  `SELECT count(*) FROM customers k WHERE TRUE${and(where)} AND NOT EXISTS
   (SELECT 1 FROM orders o WHERE o.customer_id = k.id AND o.created_at >= '${since}')`;
/** A region's customers (by their home region) and `figure` over their orders of `where`. */
const homeRegion = (region: string, figure: string, where = '') =>
  `SELECT ${figure} FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.region = '${region}'${and(where)}`;

export const tuning33reach: Tuning6Case[] = [
  // --- the top N% of customers: how many, and their share ---
  {
    class: 'combined-shares',
    ask: 'How many customers are in the top 10% by revenue, and what share of total revenue do they make up?',
    ...PCT,
    sql: topPercent(10),
  },
  {
    class: 'combined-shares',
    ask: 'What percentage of 2024 revenue came from our top 5% of customers, and how many customers is that?',
    ...PCT,
    sql: topPercent(5, inYear(2024)),
  },
  {
    class: 'combined-shares',
    ask: 'my top 20% of customers by spend: how many are there and what share of my revenue do they bring in?',
    user: EAST,
    ...PCT,
    sql: topPercent(20, "region = 'east'"),
  },
  // --- the biggest spend within one calendar month ---
  {
    class: 'top-per-group',
    ask: 'Which customer spent the most in a single month?',
    sql: bestMonth(),
  },
  {
    class: 'top-per-group',
    ask: 'Who had the biggest one-month spend in 2024, and in which month was it?',
    sql: bestMonth(inYear(2024, 'o.created_at')),
  },
  {
    class: 'top-per-group',
    ask: 'Which of my customers spent the most within one calendar month?',
    user: EAST,
    sql: bestMonth("o.region = 'east'"),
  },
  // --- compound annual growth rate ---
  {
    class: 'period-over-period',
    ask: 'What was the compound annual growth rate of revenue from 2023 to 2025?',
    ...PCT,
    sql: cagr('sum(amount)', 2023, 2025),
  },
  {
    class: 'period-over-period',
    ask: 'CAGR of the number of orders between 2023 and 2025?',
    ...PCT,
    sql: cagr('count(*)', 2023, 2025),
  },
  {
    class: 'period-over-period',
    ask: "what's the CAGR for electronics sales 2023 to 2025",
    ...PCT,
    sql: cagr('sum(amount)', 2023, 2025, "category = 'electronics'"),
  },
  {
    class: 'period-over-period',
    ask: 'What is the compound annual growth rate of revenue from 2021 to 2024?',
    refuse: true,
  },
  // --- run rates ---
  {
    class: 'velocity',
    ask: "What's our annual revenue run rate based on the latest quarter?",
    ...PCT,
    sql: "SELECT 4 * sum(amount) FROM orders WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01'",
  },
  {
    class: 'velocity',
    ask: 'Annualised revenue run rate from the most recent full month?',
    ...PCT,
    sql: "SELECT 12 * sum(amount) FROM orders WHERE created_at >= '2025-12-01' AND created_at < '2026-01-01'",
  },
  {
    class: 'velocity',
    ask: 'If we annualise Q3 2025, what is the run rate for the number of orders?',
    ...PCT,
    sql: "SELECT 4 * count(*) FROM orders WHERE created_at >= '2025-07-01' AND created_at < '2025-10-01'",
  },
  {
    class: 'velocity',
    ask: 'my annualized revenue run rate off last quarter',
    user: EAST,
    ...PCT,
    sql: "SELECT 4 * sum(amount) FROM orders WHERE region = 'east' AND created_at >= '2025-10-01' AND created_at < '2026-01-01'",
  },
  // --- the rows that make up 80% (half) of revenue ---
  {
    class: 'category-share',
    ask: 'Which categories account for 80% of revenue?',
    sql: pareto('category', 'sum(amount)', 80),
  },
  {
    class: 'category-share',
    ask: 'Which product categories made up 80% of our 2025 sales?',
    sql: pareto('category', 'sum(amount)', 80, inYear(2025)),
  },
  {
    class: 'top-vs-rest',
    ask: 'How many customers make up 80% of revenue?',
    sql: paretoCount(80),
  },
  {
    class: 'top-vs-rest',
    ask: 'What share of our customers generates half of all revenue?',
    ...PCT,
    sql: paretoCount(50, true),
  },
  // --- new against returning customers per period ---
  {
    class: 'cohorts',
    ask: 'New vs returning customers per quarter in 2023?',
    sql: newReturning('quarter', '2023-01-01', '2024-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'For each month of 2023, how many customers were new (first order that month) and how many were returning?',
    sql: newReturning('month', '2023-01-01', '2024-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'How many returning customers did we have each year?',
    sql: `WITH f AS (SELECT customer_id, year(min(created_at)) AS fy FROM orders GROUP BY 1)
      SELECT year(o.created_at), count(DISTINCT o.customer_id) FILTER (WHERE year(o.created_at) > f.fy) FROM orders o
      JOIN f ON f.customer_id = o.customer_id GROUP BY 1 ORDER BY 1`,
  },
  // --- customers in a region: the customer's home region ---
  {
    class: 'counts-per-entity',
    ask: 'How many customers in the north spent more than $30,000 in total?',
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE c.region = 'north' GROUP BY 1 HAVING sum(o.amount) > 30000)`,
  },
  {
    class: 'entity-averages',
    ask: 'What is the average lifetime spend of customers based in the west?',
    sql: `SELECT avg(s) FROM (SELECT o.customer_id, sum(o.amount) AS s FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE c.region = 'west' GROUP BY 1)`,
  },
  {
    class: 'wording',
    ask: 'Revenue in 2024 from customers located in the south?',
    sql: homeRegion('south', 'sum(o.amount)', inYear(2024, 'o.created_at')),
  },
  // --- months over a bound per customer, averaged ---
  {
    class: 'counts-per-entity',
    ask: 'On average, in how many months did a customer spend over $1,000?',
    ...PCT,
    sql: monthsOver(1000),
  },
  {
    class: 'counts-per-entity',
    ask: 'Average number of months in 2024 in which a customer spent more than $2,000?',
    ...PCT,
    sql: monthsOver(2000, inYear(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: 'By segment, the average count of months where a customer spent above $1,500',
    ...PCT,
    sql: monthsOver(1500, '', 'segment'),
  },
  // --- a share condition true in most months ---
  {
    class: 'steady',
    ask: 'Which categories had more than 20% of monthly revenue in most months of 2024?',
    sql: mostMonths('category', 'sum(amount)', 2024, 20),
  },
  {
    class: 'steady',
    ask: 'In which regions were more than 25% of orders placed in most months of 2025?',
    sql: mostMonths('region', 'count(*)', 2025, 25),
  },
  // --- N or more orders in every year, per group ---
  {
    class: 'counts-per-entity',
    ask: 'Per region, how many customers placed 15 or more orders in every year?',
    sql: everyYear(15, 'region'),
  },
  {
    class: 'counts-per-entity',
    ask: 'By segment, number of customers with at least 17 orders in each year from 2023 to 2025',
    sql: everyYear(17, 'segment'),
  },
  // --- the median customer's figure per group ---
  {
    class: 'against-median',
    ask: 'How much does the median customer spend in each region?',
    sql: medianCustomer('sum(amount)', 'region'),
  },
  {
    class: 'against-median',
    ask: "Median customer's 2024 revenue by segment?",
    sql: medianCustomer('sum(amount)', 'segment', inYear(2024)),
  },
  {
    class: 'against-median',
    ask: "For each segment, what is the median customer's average order value?",
    sql: medianCustomer('avg(amount)', 'segment'),
  },
  // --- no order in the last N months (days), counted from the clock ---
  {
    class: 'never-ordered',
    ask: "How many customers haven't ordered in the last 3 months?",
    sql: quietSince('2025-10-01'),
  },
  {
    class: 'never-ordered',
    ask: 'how many of my customers have not placed an order in the past 60 days?',
    user: EAST,
    sql: quietSince('2025-11-23', "region = 'east'"),
  },
  {
    class: 'never-ordered',
    ask: 'Number of customers with no orders in the last two months',
    sql: quietSince('2025-11-01'),
  },
  // --- data the model has not: refused ---
  {
    class: 'out-of-scope',
    ask: 'What is our net revenue retention from subscription upgrades?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'What is the annual recurring revenue run rate of our active subscriptions?',
    refuse: true,
  },
];
