/**
 * Thirty-fourth tuning batch (issue 29), rows: everyday questions about ranked rows and about two figures of one row
 * that the planner still missed: the top N customers by a figure in one period with their own average order value
 * that period; the range (largest minus smallest) of a figure per group; the orders above their own period's
 * percentile, counted per period; the days (and customer-days) on which one customer placed two or more orders; an
 * index (100 * new / old) between two years per group; a year's figure from customers who signed up on a weekend;
 * customers who never placed an order over $X, per group; the number of months a customer topped a bound, averaged;
 * a share condition true in most months; "every year" per group without naming the years; a run rate per group; "which
 * region are they in?" after a list of customers; the orders per month an average customer places (one figure). A few
 * threads, a few under row-level security (an east- or north-region analyst), three out-of-scope refusals. Written on
 * 2026-11-30 BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 57e6c266): 7 of 38 right on 1M and on the TEST sample, 3 confident wrong (the spread between a region's
 * highest and lowest monthly order count answered with the months ranked; the orders per month of an average customer
 * (overall, and under row-level security) answered as a series per month), 28 wrong refusals.
 * After (on d49ecf25): 37 of 38 on 1M and on the TEST sample, none wrong; still refused: "which region are they in?"
 * after a list of customers ranked on the orders view (their home region is not in it).
 *
 * Clock: Wednesday 2026-02-18 11:20 UTC, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed
 * up in 2022, 50 orders each, each order in its customer's region). Weekends are Saturday and Sunday (UTC). Percentiles
 * are quantile_cont; "above", "over", "more than" are strict; "N or more", "at least" include N. A range is the
 * largest minus the smallest. An index is 100 * the later year's figure / the earlier year's. A run rate is the
 * period's figure times the periods in a year. "Most months" of a year is 7 or more of its 12. The number of months a
 * customer topped a bound is averaged over all customers (a customer with none counts 0). Orders per month of an
 * average customer: the orders over the customers, over the months of the period (36 for all the data). "Every year"
 * is each of 2023, 2024 and 2025. References are written on the raw tables, each checked on both samples; no ranked
 * cut falls inside a tie on either sample.
 */
import { analyst, inYear } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_34_ROWS_NOW = '2026-02-18T11:20:00Z';

const EAST = analyst('east');
const NORTH = analyst('north');
const PCT = { tolerance: 0.05 };
const and = (where: string) => (where ? ` AND ${where}` : '');
const YEARS = [2023, 2024, 2025];

/** The top `n` customers by `figure` over orders of `where`, each with that figure and their average order amount. */
const topWithAov = (n: number, figure: string, where = '') =>
  `SELECT c.name, ${figure} AS v, avg(o.amount) FROM orders o JOIN customers c ON c.id = o.customer_id
   WHERE TRUE${and(where)} GROUP BY c.id, c.name ORDER BY v DESC LIMIT ${n}`;
/** Per `by` (an orders column), the largest minus the smallest order amount (of `where`). */
const amountRange = (by: string, where = '') =>
  `SELECT ${by}, max(amount) - min(amount) FROM orders WHERE TRUE${and(where)} GROUP BY 1`;
/** Per customers.`by`, the largest minus the smallest monthly `figure` of orders of `where`. */
const monthlyRange = (by: string, figure: string, where = '') =>
  `SELECT g, max(v) - min(v) FROM (SELECT c.${by} AS g, date_trunc('month', o.created_at) AS m, ${figure} AS v
   FROM orders o JOIN customers c ON c.id = o.customer_id WHERE TRUE${and(where)} GROUP BY 1, 2) GROUP BY 1`;
/** Orders of each `grain` period (of `where`) above that period's own `p` quantile, counted per period. */
const abovePeriodQuantile = (grain: string, p: number, where = '') =>
  `WITH o AS (SELECT date_trunc('${grain}', created_at) AS period, amount FROM orders WHERE TRUE${and(where)}),
   q AS (SELECT period, quantile_cont(amount, ${p}) AS cut FROM o GROUP BY 1)
   SELECT o.period, count(*) FROM o JOIN q USING (period) WHERE o.amount > q.cut GROUP BY 1`;
/** The (customer, UTC day) pairs with `n` or more orders, of `where`. */
const customerDays = (n: number, where = '') =>
  `SELECT customer_id, CAST(created_at AS DATE) AS d FROM orders WHERE TRUE${and(where)} GROUP BY 1, 2 HAVING count(*) >= ${n}`;
/** 100 * year `b`'s figure / year `a`'s, per `by` (an orders column) or overall. */
const index = (figure: string, a: number, b: number, by = '', where = '') =>
  `SELECT ${by ? `${by}, ` : ''}100.0 * (${figure} FILTER (WHERE ${inYear(b)})) / (${figure} FILTER (WHERE ${inYear(a)}))
   FROM orders WHERE TRUE${and(where)} ${by ? 'GROUP BY 1' : ''}`;
/** A figure over orders of year `y` from customers who signed up on a weekend, per customers.`by` or overall. */
const weekendSignup = (figure: string, y: number, by = '', where = '') =>
  `SELECT ${by ? `c.${by}, ` : ''}${figure} FROM orders o JOIN customers c ON c.id = o.customer_id
   WHERE ${inYear(y, 'o.created_at')} AND dayofweek(c.created_at) IN (0, 6)${and(where)} ${by ? 'GROUP BY 1' : ''}`;
/** Per customers.`by`: customers none of whose orders (of `where`) was over `bound`. */
const neverOver = (bound: number, by: string, where = '') =>
  `SELECT c.${by}, count(*) FROM (SELECT customer_id FROM orders WHERE TRUE${and(where)} GROUP BY 1 HAVING max(amount) <= ${bound}) q
   JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** The number of months (of orders of `where`) in which a customer's `figure` was over `over`, averaged per customers.`by`. */
const monthsOver = (figure: string, over: number, where = '', by = '', customers = 'TRUE') =>
  `SELECT ${by ? `c.${by}, ` : ''}avg(coalesce(n, 0)) FROM customers c LEFT JOIN (SELECT customer_id, count(*) AS n FROM
   (SELECT customer_id, date_trunc('month', created_at) AS m FROM orders WHERE TRUE${and(where)} GROUP BY 1, 2 HAVING ${figure} > ${over})
   GROUP BY 1) q ON q.customer_id = c.id WHERE ${customers} ${by ? 'GROUP BY 1' : ''}`;
/** The `by` values whose share of `measure` per month of `year` is over `pct` percent in 7 or more months. */
const mostMonths = (by: string, measure: string, year: number, pct: number, where = '') =>
  `WITH t AS (SELECT date_trunc('month', created_at) AS m, ${by} AS g, ${measure} AS v FROM orders WHERE ${inYear(year)}${and(where)} GROUP BY 1, 2),
   s AS (SELECT g, 100.0 * v / sum(v) OVER (PARTITION BY m) AS share FROM t)
   SELECT g FROM s GROUP BY 1 HAVING count(*) FILTER (WHERE share > ${pct}) >= 7 ORDER BY 1`;
/** Per customers.`by`: customers whose `figure` (of orders of `where`) passes `test` in each of 2023, 2024 and 2025. */
const everyYear = (figure: (y: number) => string, test: string, by: string, where = '') =>
  `SELECT c.${by}, count(*) FROM (SELECT customer_id FROM orders WHERE TRUE${and(where)} GROUP BY 1 HAVING
   ${YEARS.map((y) => `${figure(y)} ${test}`).join(' AND ')}) q JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** Per `by` (an orders column), `periods` times the figure over [from, to). */
const runRate = (by: string, figure: string, periods: number, from: string, to: string) =>
  `SELECT ${by}, ${periods} * ${figure} FROM orders WHERE created_at >= '${from}' AND created_at < '${to}' GROUP BY 1`;
/** The orders per month of an average customer: orders / customers / `months`, orders of `where`. */
const perMonth = (months: number, where = '', customers = 'TRUE') =>
  `SELECT (SELECT count(*) FROM orders WHERE TRUE${and(where)}) / (SELECT count(*) FROM customers WHERE ${customers}) / ${months}`;

export const tuning34rows: Tuning6Case[] = [
  // --- the top N customers by a figure in one period, with their average order value ---
  {
    class: 'top-per-group',
    ask: 'Who were our top 5 customers by revenue in 2024, and what was each one’s average order value that year?',
    sql: topWithAov(5, 'sum(o.amount)', inYear(2024, 'o.created_at')),
  },
  {
    class: 'top-per-group',
    ask: 'List the 3 customers who spent the most in 2025 along with the average size of their orders',
    sql: topWithAov(3, 'sum(o.amount)', inYear(2025, 'o.created_at')),
  },
  {
    class: 'top-per-group',
    ask: 'my 4 biggest customers by spend in 2023 and their average order amount',
    user: EAST,
    sql: topWithAov(4, 'sum(o.amount)', `${inYear(2023, 'o.created_at')} AND o.region = 'east'`),
  },
  // --- the range of a figure per group ---
  {
    class: 'range',
    ask: "What's the difference between the largest and the smallest order in each region?",
    sql: amountRange('region'),
  },
  {
    class: 'range',
    ask: 'Range of order amounts (max minus min) by product category in 2024',
    sql: amountRange('category', inYear(2024)),
  },
  {
    class: 'range',
    ask: 'For each customer segment, how far apart were the best and the worst month of 2025 by revenue?',
    sql: monthlyRange('segment', 'sum(o.amount)', inYear(2025, 'o.created_at')),
  },
  {
    class: 'range',
    ask: 'by region, the spread between the highest and lowest monthly order count in 2023',
    sql: monthlyRange('region', 'count(*)', inYear(2023, 'o.created_at')),
  },
  // --- orders above their own period's percentile, counted per period ---
  {
    class: 'above-own-percentile',
    ask: "How many orders in each month of 2024 were above that month's 90th percentile order amount?",
    sql: abovePeriodQuantile('month', 0.9, inYear(2024)),
  },
  {
    class: 'above-own-percentile',
    ask: 'Per quarter of 2025, count the orders bigger than the 75th percentile of their quarter',
    sql: abovePeriodQuantile('quarter', 0.75, inYear(2025)),
  },
  {
    class: 'above-own-percentile',
    ask: 'For each year, how many orders came in above that year’s 99th percentile?',
    sql: abovePeriodQuantile('year', 0.99),
  },
  // --- one customer ordering two or more times on one day ---
  {
    class: 'same-day',
    ask: 'On how many days in 2025 did at least one customer place two or more orders?',
    sql: `SELECT count(DISTINCT d) FROM (${customerDays(2, inYear(2025))})`,
  },
  {
    class: 'same-day',
    ask: 'How many times in 2024 did a customer place 2 or more orders on the same day? Count each customer-day once.',
    sql: `SELECT count(*) FROM (${customerDays(2, inYear(2024))})`,
  },
  {
    class: 'same-day',
    ask: 'how many customers placed two or more orders on a single day, per region?',
    sql: `SELECT c.region, count(DISTINCT d.customer_id) FROM (${customerDays(2)}) d JOIN customers c ON c.id = d.customer_id GROUP BY 1`,
  },
  // --- an index between two years, per group ---
  {
    class: 'index',
    ask: 'Index each region’s 2025 revenue against 2023, with 2023 = 100',
    ...PCT,
    sql: index('sum(amount)', 2023, 2025, 'region'),
  },
  {
    class: 'index',
    ask: 'Order count index by category: 2024 relative to 2023 (2023 = 100)',
    ...PCT,
    sql: index('count(*)', 2023, 2024, 'category'),
  },
  {
    class: 'index',
    ask: 'what is my 2025 revenue as an index of 2024 (2024 = 100)?',
    user: NORTH,
    ...PCT,
    sql: index('sum(amount)', 2024, 2025, '', "region = 'north'"),
  },
  // --- a year's figure from customers who signed up on a weekend ---
  {
    class: 'weekend-signup',
    ask: 'What revenue did customers who signed up on a weekend bring in during 2024?',
    sql: weekendSignup('sum(o.amount)', 2024),
  },
  {
    class: 'weekend-signup',
    ask: 'How many orders in 2025 came from customers whose signup date fell on a Saturday or Sunday, by segment?',
    sql: weekendSignup('count(*)', 2025, 'segment'),
  },
  {
    class: 'weekend-signup',
    ask: 'For 2023, the average order value of customers who joined on a weekend',
    sql: weekendSignup('avg(o.amount)', 2023),
  },
  // --- customers who never placed an order over $X, per group ---
  {
    class: 'never-over',
    ask: 'For each customer segment, how many customers have never placed an order over $970?',
    sql: neverOver(970, 'segment'),
  },
  {
    class: 'never-over',
    ask: 'In each region, how many customers never had a single order above $850 during 2025?',
    sql: neverOver(850, 'region', inYear(2025)),
  },
  {
    class: 'never-over',
    ask: 'how many of my customers, per segment, have never spent more than $990 on one order?',
    user: EAST,
    sql: neverOver(990, 'segment', "region = 'east'"),
  },
  // --- the number of months over a bound, averaged over customers ---
  {
    class: 'entity-averages',
    ask: 'On average, in how many months of 2024 did a customer spend more than $1,000?',
    tolerance: 0.01,
    sql: monthsOver('sum(amount)', 1000, inYear(2024)),
  },
  {
    class: 'entity-averages',
    ask: 'By segment, the average number of months per customer with 3 or more orders, over all our data',
    tolerance: 0.01,
    sql: monthsOver('count(*)', 2, '', 'segment'),
  },
  // --- a share condition true in most months ---
  {
    class: 'steady',
    ask: 'Which product categories made up over 20% of orders in most months of 2025?',
    sql: mostMonths('category', 'count(*)', 2025, 20),
  },
  {
    class: 'steady',
    ask: 'which regions took more than a quarter of monthly revenue in most months of 2023?',
    sql: mostMonths('region', 'sum(amount)', 2023, 25),
  },
  // --- every year, per group, the years unnamed ---
  {
    class: 'counts-per-entity',
    ask: 'Per region, how many customers spent more than $7,500 every year?',
    sql: everyYear((y) => `sum(amount) FILTER (WHERE ${inYear(y)})`, '> 7500', 'region'),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many customers in each segment placed at least 16 orders every single year?',
    sql: everyYear((y) => `count(*) FILTER (WHERE ${inYear(y)})`, '>= 16', 'segment'),
  },
  // --- a run rate per group ---
  {
    class: 'velocity',
    ask: 'Annual revenue run rate by region, based on Q4 2025',
    ...PCT,
    sql: runRate('region', 'sum(amount)', 4, '2025-10-01', '2026-01-01'),
  },
  {
    class: 'velocity',
    ask: 'For each product category, annualise December 2025 orders: what is the run rate?',
    ...PCT,
    sql: runRate('category', 'count(*)', 12, '2025-12-01', '2026-01-01'),
  },
  // --- threads: a list of customers, then a column of theirs ---
  {
    class: 'thread',
    ask: ['Who are our 5 biggest customers by lifetime revenue?', 'Which region are they in?'],
    sql: `SELECT c.name, c.region FROM customers c JOIN (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1 ORDER BY v DESC LIMIT 5) t ON t.customer_id = c.id`,
  },
  {
    class: 'thread',
    ask: ['the two customers with the most orders in 2025', 'what segment is each of them?'],
    sql: `SELECT c.name, c.segment FROM customers c JOIN (SELECT customer_id, count(*) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY v DESC LIMIT 2) t ON t.customer_id = c.id`,
  },
  // --- the orders per month of an average customer: one figure ---
  {
    class: 'entity-averages',
    ask: 'How many orders per month does an average customer place?',
    tolerance: 0.01,
    sql: perMonth(36),
  },
  {
    class: 'entity-averages',
    ask: 'In 2025, how many orders a month did the typical customer place on average?',
    tolerance: 0.01,
    sql: perMonth(12, inYear(2025)),
  },
  {
    class: 'entity-averages',
    ask: 'how many orders per month does my average customer place?',
    user: EAST,
    tolerance: 0.01,
    sql: perMonth(36, "region = 'east'", "region = 'east'"),
  },
  // --- data the model has not: refused ---
  {
    class: 'out-of-scope',
    ask: 'What is the range of delivery times in each region?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'Which of our top 10 customers has the highest churn risk score?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'How much revenue came in 2025 from customers who signed up through a referral link?',
    refuse: true,
  },
];
