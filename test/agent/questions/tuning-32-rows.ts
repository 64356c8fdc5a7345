/**
 * Thirty-second tuning batch (issue 29), rows: rows or customers held against a median or a percentile of the same
 * rows (orders above the median order, customers above the median customer's spend, the top 10% of orders by
 * amount, their revenue or share of it); customers who never placed an order (none in the sample: every customer has
 * orders, so the right answer is zero and it must be said); words the asker defines in the question (a hot month, a
 * busy day, churned, high-value orders, a loyal customer, VIPs); a label before a colon ("quick one:", "revenue
 * concentration:"); the top 20% of customers against the rest (two groups compared); this month against the same
 * month last year when the clock's month is past the data. Some under row-level security, and four that must stay
 * refused (data the model has not). Written on 2026-11-29 BEFORE the planner change it tunes, in fresh wordings
 * (none copied from a held-out or earlier tuning set).
 *
 * Before (on 0784e1ad): 16 of 38 right on 1M and on the TEST sample, 2 confident wrong (the revenue of the top 10%
 * of orders by amount answered with a share of "the top 10% of amounts"; the top 20% of customers' revenue "and
 * how much from everyone else" answered with the top group alone), 20 wrong refusals. (The three top-vs-rest
 * references first held a true/false column for the group, which no answer can name; they now give the two groups'
 * figures alone, unlabelled. Their verdicts before are unchanged: refused, or the one group alone.)
 * After: 36 of 38, none wrong, on 1M and TEST: rows against a median or percentile of the same rows, and the first N%
 * of the rows ranked by amount (above-average.ts, sql.ts); customers who never ordered, all customers less those with
 * orders, zero said (never-rows.ts); the top N% of customers against the rest (top-percent-group.ts); periods defined
 * by a bound on their own figure, rows defined then called "they", a people definition as the part of a share of
 * revenue (definition-meanings.ts, definitions.ts, second-order.ts); a label before a colon (asides.ts). Still
 * refused (wrong refusals, not wrong figures): customers above the median customer per region; "churned" as no
 * orders in the last N months of the clock.
 *
 * Clock: Thursday 2026-12-10, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in 2022,
 * every customer has orders, each order in its customer's region). The median is the continuous median
 * (quantile_cont); "above" is strictly above. The top N% of orders (or customers) is the number of rows (customers)
 * times N / 100, ranked by amount (spend). Percentages are percent. References are written on the raw tables, each
 * checked on both samples; no ranked cut falls inside a tie and no threshold is met exactly, on either sample.
 */
import { inYear, LAST_DAY, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_32_ROWS_NOW = '2026-12-10T09:30:00Z';

const PCT = { tolerance: 0.05 };
const ANSWER = { check: 'answer' as const, tolerance: 0.01 };
const where = (w: string) => (w ? `WHERE ${w}` : '');
/** Orders (of `w`) whose amount is `op` the `p` quantile of the same orders' amounts. */
const vsQuantile = (select: string, op: '>' | '<', p: number, w = '') =>
  `SELECT ${select} FROM orders ${where(w)}${w ? ' AND' : ' WHERE'} amount ${op} (SELECT quantile_cont(amount, ${p}) FROM orders ${where(w)})`;
/** Each customer's figure over the orders of `w`, as `s`. */
const perCustomer = (figure: string, w = '') =>
  `SELECT customer_id, ${figure} AS s FROM orders ${where(w)} GROUP BY 1`;
/** The top `percent`% of customers by spend (of `w`) flagged `top` beside each customer's spend `s` and orders `n`. */
const topCustomers = (percent: number, w = '') =>
  `WITH s AS (SELECT customer_id, sum(amount) AS s, count(*) AS n FROM orders ${where(w)} GROUP BY 1),
   r AS (SELECT *, row_number() OVER (ORDER BY s DESC) <= (SELECT count(*) FROM s) * ${percent} / 100 AS top FROM s)`;
/** The top `percent`% of orders (of `w`) by amount. */
const topOrders = (percent: number, w = '') =>
  `WITH r AS (SELECT amount, row_number() OVER (ORDER BY amount DESC) AS rn, count(*) OVER () AS n FROM orders ${where(w)}),
   t AS (SELECT amount FROM r WHERE rn <= n * ${percent} / 100)`;
/** Customers with no order in [from, to) (or none at all), counted, per customers.`by` when given. */
const withoutOrders = (by = '', from = '', to = '', w = 'true') =>
  `SELECT ${by ? `c.${by}, ` : ''}count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id${
    from ? ` AND o.created_at >= '${from}' AND o.created_at < '${to}'` : ''
  })) FROM customers c WHERE ${w} ${by ? 'GROUP BY 1' : ''}`;

export const tuning32rows: Tuning6Case[] = [
  // --- rows against a median or percentile of the same rows ---
  {
    class: 'against-median',
    ask: 'How many orders were above the median order amount?',
    sql: vsQuantile('count(*)', '>', 0.5),
  },
  {
    class: 'against-median',
    ask: 'what share of 2025 orders were bigger than the median 2025 order?',
    ...PCT,
    sql: `SELECT 100.0 * (${vsQuantile('count(*)', '>', 0.5, inYear(2025))}) / (SELECT count(*) FROM orders WHERE ${inYear(2025)})`,
  },
  {
    class: 'against-median',
    ask: "What share of customers had 2025 spend above the median customer's?",
    ...PCT,
    sql: `WITH s AS (${perCustomer('sum(amount)', inYear(2025))})
      SELECT 100.0 * count(*) FILTER (WHERE s > (SELECT quantile_cont(s, 0.5) FROM s)) / count(*) FROM s`,
  },
  {
    class: 'against-median',
    ask: 'orders in the top 10% by amount: how much revenue did they bring in?',
    // The cut falls inside a tie of amounts on 1M, but the tied orders have the same amount: the sum is one.
    sql: `${topOrders(10)} SELECT sum(amount) FROM t`,
  },
  {
    class: 'against-median',
    ask: 'What percent of total revenue came from orders above the 90th percentile of order amount?',
    ...PCT,
    sql: `SELECT 100.0 * (${vsQuantile('sum(amount)', '>', 0.9)}) / (SELECT sum(amount) FROM orders)`,
  },
  {
    class: 'against-median',
    ask: 'Per region, how many customers spent more than the median customer in 2024?',
    sql: `WITH s AS (${perCustomer('sum(amount)', inYear(2024))})
      SELECT c.region, count(*) FROM s JOIN customers c ON c.id = s.customer_id
      WHERE s > (SELECT quantile_cont(s, 0.5) FROM s) GROUP BY 1`,
  },
  {
    class: 'against-median',
    ask: 'how many 2025 orders came in under the 25th percentile of 2025 order amounts?',
    sql: vsQuantile('count(*)', '<', 0.25, inYear(2025)),
  },
  {
    class: 'against-median',
    ask: "What's the average amount of the orders that were above the median?",
    sql: vsQuantile('avg(amount)', '>', 0.5),
  },
  {
    class: 'against-median',
    ask: 'how many of my orders were above the median order amount?',
    user: WEST,
    ...ANSWER,
    sql: vsQuantile('count(*)', '>', 0.5, "region = 'west'"),
  },
  {
    class: 'against-median',
    ask: 'How many customers have placed more orders than the median customer?',
    ...ANSWER,
    sql: `WITH s AS (${perCustomer('count(*)')}) SELECT count(*) FROM s WHERE s > (SELECT quantile_cont(s, 0.5) FROM s)`,
  },
  // --- customers who never placed an order: none ---
  {
    class: 'never-ordered',
    ask: 'How many customers have never placed an order?',
    ...ANSWER,
    sql: withoutOrders(),
  },
  {
    class: 'never-ordered',
    ask: 'what share of our customers have no orders at all?',
    ...ANSWER,
    sql: `SELECT 100.0 * (${withoutOrders()}) / (SELECT count(*) FROM customers)`,
  },
  {
    class: 'never-ordered',
    ask: 'Customers with zero orders, broken down by segment',
    sql: withoutOrders('segment'),
  },
  {
    class: 'never-ordered',
    ask: 'How many customers did not order anything in 2025?',
    ...ANSWER,
    sql: withoutOrders('', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'never-ordered',
    ask: 'how many of my customers have never bought anything?',
    user: WEST,
    ...ANSWER,
    sql: withoutOrders('', '', '', "c.region = 'west'"),
  },
  // --- words the asker defines ---
  {
    class: 'defined-words',
    ask: 'A hot month is one where revenue topped $13.7M. How many hot months were there in 2025?',
    ...ANSWER,
    sql: `SELECT count(*) FROM (SELECT date_trunc('month', created_at) FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING sum(amount) > 13700000)`,
  },
  {
    class: 'defined-words',
    ask: 'Churned means no orders in the last 3 months. How many churned customers do we have?',
    // Its own clock, the day after the data ends: the last 3 months are October to December 2025.
    now: '2026-01-01T09:00:00Z',
    ...ANSWER,
    sql: withoutOrders('', '2025-10-01', '2026-01-01'),
  },
  {
    class: 'defined-words',
    ask: 'define high-value orders as anything over $500. what percent of revenue did they make up?',
    ...PCT,
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE amount > 500) / sum(amount) FROM orders`,
  },
  {
    class: 'defined-words',
    ask: 'Call a customer loyal if they have placed more than 60 orders. How many loyal customers are there in each region?',
    sql: `SELECT c.region, count(*) FROM (${perCustomer('count(*)')}) s JOIN customers c ON c.id = s.customer_id
      WHERE s > 60 GROUP BY 1`,
  },
  {
    class: 'defined-words',
    ask: "let's say a busy day is one with more than 955 orders. how many busy days did we have in 2025?",
    ...ANSWER,
    sql: `SELECT count(*) FROM (SELECT CAST(created_at AS DATE) FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING count(*) > 955)`,
  },
  {
    class: 'defined-words',
    ask: 'VIPs are customers with lifetime spend over $32,000. What share of revenue comes from VIPs?',
    ...PCT,
    sql: `WITH s AS (${perCustomer('sum(amount)')}) SELECT 100.0 * sum(s) FILTER (WHERE s > 32000) / sum(s) FROM s`,
  },
  {
    class: 'defined-words',
    ask: 'Small orders are ones under $100. How many small orders did each category get in 2025?',
    sql: `SELECT category, count(*) FROM orders WHERE amount < 100 AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'defined-words',
    ask: 'a returner is a customer with at least 3 returned orders in 2025. how many returners per segment?',
    sql: `SELECT c.segment, count(*) FROM (${perCustomer('count(*)', `status = 'returned' AND ${inYear(2025)}`)}) s
      JOIN customers c ON c.id = s.customer_id WHERE s >= 3 GROUP BY 1`,
  },
  {
    class: 'defined-words',
    ask: 'we call a month strong when its average order is above $503. which months of 2025 were strong?',
    sql: `SELECT date_trunc('month', created_at), avg(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING avg(amount) > 503`,
  },
  // --- a label before a colon ---
  {
    class: 'labelled',
    ask: "what's our revenue concentration: share of revenue from the top 10 customers",
    ...PCT,
    sql: `WITH s AS (${perCustomer('sum(amount)')})
      SELECT 100.0 * (SELECT sum(s) FROM (SELECT s FROM s ORDER BY s DESC LIMIT 10)) / (SELECT sum(s) FROM s)`,
  },
  {
    class: 'labelled',
    ask: 'quick one: how many orders did we get in March 2025?',
    sql: `SELECT count(*) FROM orders WHERE created_at >= '2025-03-01' AND created_at < '2025-04-01'`,
  },
  {
    class: 'labelled',
    ask: 'Sanity check: what was the average order value in 2024?',
    sql: `SELECT avg(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'labelled',
    ask: 'For the board deck: revenue growth from 2024 to 2025, in percent',
    ...PCT,
    sql: `SELECT 100.0 * (sum(amount) FILTER (WHERE ${inYear(2025)}) / sum(amount) FILTER (WHERE ${inYear(2024)}) - 1) FROM orders`,
  },
  {
    class: 'labelled',
    ask: 'Returns check: how many orders were returned in each region in 2025?',
    sql: `SELECT region, count(*) FROM orders WHERE status = 'returned' AND ${inYear(2025)} GROUP BY 1`,
  },
  // --- the top 20% of customers against the rest ---
  {
    class: 'top-vs-rest',
    ask: 'top 20% of customers vs the rest: average lifetime spend per customer in each group',
    sql: `${topCustomers(20)} SELECT avg(s) FROM r GROUP BY top`,
  },
  {
    class: 'top-vs-rest',
    ask: 'How much revenue came from our top 20% of customers by spend, and how much from everyone else?',
    sql: `${topCustomers(20)} SELECT sum(s) FROM r GROUP BY top`,
  },
  {
    class: 'top-vs-rest',
    ask: 'Top 10% of customers by 2025 spend versus the rest: how many orders did each group place in 2025?',
    sql: `${topCustomers(10, inYear(2025))} SELECT sum(n) FROM r GROUP BY top`,
  },
  // --- this month against the same month last year, the clock past the data ---
  {
    class: 'past-the-data',
    ask: 'revenue this month compared to the same month last year',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE created_at >= '2025-12-01' AND created_at < '2026-01-01'`,
  },
  {
    class: 'past-the-data',
    ask: 'How are orders this month tracking against the same month a year ago?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE created_at >= '2025-12-01' AND created_at < '2026-01-01'`,
  },
  // --- data the model has not: refused ---
  {
    class: 'out-of-scope',
    ask: 'How many customers gave an NPS score above the median?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many website visitors never became customers?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'A hot product is one with more than 1,000 units sold. How many hot products do we have?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'quick one: what share of customers unsubscribed from our emails?',
    refuse: true,
  },
];
