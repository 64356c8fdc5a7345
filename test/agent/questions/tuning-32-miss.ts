/**
 * Thirty-second tuning batch (issue 29), misses: the question shapes held-out-31 still missed after its tuning, each
 * in several fresh phrasings: customers counted by their returned or cancelled orders over the whole history or in
 * each of several years; customers who spent over a threshold within one calendar month (week, quarter) at least
 * once, in N or more months, and the months per customer averaged; each signup period's (of a named signup year)
 * average first-order amount; a share of orders or revenue in an hour range ("between 6pm and midnight", "after 9pm",
 * "from 20:00 to midnight UTC"); distinct categories per customer averaged, overall or per group ("category breadth",
 * "basket spread"); a customer's "wallet" (a year's spend) averaged per group; a "comeback customer" the asker defines
 * (no order in one period, an order in the next); a breakdown stated before a dash or colon and then the question
 * ("revenue by month in 2024 - which month fell the most over the month before"). Some under row-level security (an
 * east-region analyst), and four that must stay refused (the word needs data the model has not).
 * Written on 2026-11-29 BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or
 * earlier tuning set).
 *
 * Before (on 0784e1ad): 9 of 42 right on 1M and on the TEST sample, 6 confident wrong (spend "within one week" / "in
 * one quarter" / "within one calendar month" read as lifetime spend or single orders, the week, quarter or month
 * left out; a Q3 2022 signup cohort's average first order read as orders of Q3 2022; distinct categories per customer
 * averaged read as customers per category, or listed per customer), 27 wrong refusals. One question was re-worded
 * after that score (refused before either way): "average order value by month in 2023 – which month rose the most"
 * became "number of orders by month ...", as an average's rise ranked in dollars and in percent named different
 * months on the TEST sample (a near tie of the two readings, 3.687% against 3.683%); a count's agree on both samples.
 * After: 41 of 42, none wrong, on 1M and TEST: hours with "UTC" and a share said as a title (hours.ts); a kind's
 * orders "across all three years" (all-time.ts); spend over a bound within one week, month or quarter, "ever", "at
 * some point", "topped $X", per group, in N or more months, and a kind's bound in each of several years
 * (each-period-bounds.ts); a breakdown stated before the question (breakdown-first.ts); a customer's figure defined
 * and averaged, distinct categories per customer, no order in one period and one in the next (customer-figures.ts);
 * each signup period's average first-order amount (days-to-first.ts). Still refused (a wrong refusal, not a wrong
 * figure): the number of months a customer topped a bound, averaged over customers.
 *
 * Clock: Thursday 2027-10-14, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in 2022,
 * 50 orders each, each order in its customer's region). "Over the whole history", "across all three years", "in
 * total" are every order. "A single calendar month" (week, quarter) is one customer's orders summed within it; weeks
 * are ISO weeks (Monday first). Hours are UTC: "between 6pm and midnight" is hours 18-23, "after 9pm" hours 21-23,
 * "between midnight and 6am" hours 0-5. A customer's "first order" is the earliest. Averages per customer are over
 * the customers with an order in the period (every customer orders in every year on both samples). "Fell the most
 * over the month before" is the most negative change in dollars (January against the previous December where the
 * data has it). Percentages are percent. References are written on the raw tables, each checked on both samples; no
 * ranked cut falls inside a tie on either sample.
 */
import { analyst, inYear } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_32_MISS_NOW = '2027-10-14T09:40:00Z';

const EAST = analyst('east');
const PCT = { tolerance: 0.05 };
const and = (where: string) => (where ? ` AND ${where}` : '');
/** Customers whose orders of `where` meet `having`, counted. */
const customers = (having: string, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE TRUE${and(where)} GROUP BY 1 HAVING ${having})`;
/** The same, counted per customers.`by`. */
const customersBy = (by: string, having: string, where = '') =>
  `SELECT c.${by}, count(*) FROM (SELECT customer_id FROM orders WHERE TRUE${and(where)} GROUP BY 1 HAVING ${having}) q
   JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** Customers with some `unit` whose spend (orders of `where`) is over `over`, counted (per customers.`by`). */
const spentWithin = (unit: string, over: number, where = '', by = '') =>
  `SELECT ${by ? `c.${by}, ` : ''}count(*) FROM (SELECT DISTINCT customer_id FROM (SELECT customer_id, date_trunc('${unit}', created_at) AS p
   FROM orders WHERE TRUE${and(where)} GROUP BY 1, 2 HAVING sum(amount) > ${over})) q JOIN customers c ON c.id = q.customer_id
   ${by ? 'GROUP BY 1' : ''}`;
/** Per customers.`by` ('' for one row), the average of each customer's first-order amount, signups of [from, to). */
const firstOrder = (by: string, from: string, to: string, where = '') =>
  `SELECT ${by ? `${by}, ` : ''}avg(amount) FROM (SELECT o.amount, c.created_at AS signed,
     row_number() OVER (PARTITION BY o.customer_id ORDER BY o.created_at) AS k
     FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.created_at >= '${from}' AND c.created_at < '${to}'${and(where)})
   WHERE k = 1 ${by ? 'GROUP BY 1' : ''}`;
/** The share (percent) of `measure` over orders of `where` whose UTC hour is in [from, to]. */
const hourShare = (measure: 'count' | 'amount', from: number, to: number, where: string) => {
  const m = measure === 'count' ? 'count(*)' : 'sum(amount)';
  return `SELECT 100.0 * ${m} FILTER (WHERE hour(created_at) BETWEEN ${from} AND ${to}) / ${m} FROM orders WHERE ${where}`;
};
/** Distinct categories per customer over orders of `where`, averaged per customers.`by` ('' for one figure). */
const breadth = (where: string, by = '') =>
  `SELECT ${by ? `c.${by}, ` : ''}avg(n) FROM (SELECT customer_id, count(DISTINCT category) AS n FROM orders WHERE ${where} GROUP BY 1) q
   JOIN customers c ON c.id = q.customer_id ${by ? 'GROUP BY 1' : ''}`;
/** A year's spend per customer, averaged per customers.`by` ('' for one figure). */
const wallet = (year: number, by = '', where = '') =>
  `SELECT ${by ? `c.${by}, ` : ''}avg(s) FROM (SELECT customer_id, sum(amount) AS s FROM orders WHERE ${inYear(year)}${and(where)} GROUP BY 1) q
   JOIN customers c ON c.id = q.customer_id ${by ? 'GROUP BY 1' : ''}`;
/** Customers with no order in [a, b) and one in [b, c), counted (per customers.`by`). */
const comeback = (a: string, b: string, c: string, by = '') =>
  `SELECT ${by ? `k.${by}, ` : ''}count(*) FROM customers k
   WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = k.id AND o.created_at >= '${a}' AND o.created_at < '${b}')
     AND EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = k.id AND o.created_at >= '${b}' AND o.created_at < '${c}')
   ${by ? 'GROUP BY 1' : ''}`;
/** The `unit` of [from, to) whose `measure` changed most (`dir` 'ASC': fell the most) against the one before, with the change. */
const mostChanged = (
  unit: 'month' | 'quarter',
  measure: string,
  from: string,
  to: string,
  dir: 'ASC' | 'DESC',
) =>
  `WITH t AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT a.p, a.v - b.v AS d FROM t a JOIN t b ON b.p = a.p - INTERVAL 1 ${unit.toUpperCase()})
   SELECT p, d FROM c WHERE p >= '${from}' AND p < '${to}' ORDER BY d ${dir} LIMIT 1`;

export const tuning32miss: Tuning6Case[] = [
  // --- customers counted by their returned or cancelled orders ---
  {
    class: 'counts-per-entity',
    ask: 'Over the whole history, how many customers have had 8 or more orders returned?',
    sql: customers('count(*) >= 8', "status = 'returned'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'Number of customers with at least 6 cancelled orders across all three years?',
    sql: customers('count(*) >= 6', "status = 'cancelled'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many customers had 2 or more returned orders in each of 2023, 2024 and 2025?',
    sql: customers(
      [2023, 2024, 2025].map((y) => `count(*) FILTER (WHERE ${inYear(y)}) >= 2`).join(' AND '),
      "status = 'returned'",
    ),
  },
  {
    class: 'counts-per-entity',
    ask: 'per region, how many customers have had more than 7 cancelled orders in total?',
    sql: customersBy('region', 'count(*) > 7', "status = 'cancelled'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers have had 10 or more of their orders returned over all the years?',
    user: EAST,
    sql: customers('count(*) >= 10', "status = 'returned' AND region = 'east'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many customers had at least 3 cancelled orders in 2024 and again in 2025?',
    sql: customers(
      [2024, 2025].map((y) => `count(*) FILTER (WHERE ${inYear(y)}) >= 3`).join(' AND '),
      "status = 'cancelled'",
    ),
  },
  // --- spend within one calendar month (week, quarter) ---
  {
    class: 'counts-per-entity',
    ask: 'How many customers spent more than $4,000 in a single calendar month at least once?',
    sql: spentWithin('month', 4000),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many customers have ever spent over $2,500 within one week?',
    sql: spentWithin('week', 2500),
  },
  {
    class: 'counts-per-entity',
    ask: 'Count the customers who topped $7,000 in one quarter at some point.',
    sql: spentWithin('quarter', 7000),
  },
  {
    class: 'counts-per-entity',
    ask: 'By segment, how many customers spent over $4,500 within a single month at least once?',
    sql: spentWithin('month', 4500, '', 'segment'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers ever spent more than $3,500 within one calendar month?',
    user: EAST,
    sql: spentWithin('month', 3500, "region = 'east'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many customers spent over $2,000 in five or more different months?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM (SELECT customer_id, date_trunc('month', created_at) AS m FROM orders
      GROUP BY 1, 2 HAVING sum(amount) > 2000) GROUP BY 1 HAVING count(*) >= 5)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'On average, in how many months did a customer spend more than $1,500?',
    ...PCT,
    sql: `SELECT avg(coalesce(n, 0)) FROM customers c LEFT JOIN (SELECT customer_id, count(*) AS n FROM (SELECT customer_id,
      date_trunc('month', created_at) AS m FROM orders GROUP BY 1, 2 HAVING sum(amount) > 1500) GROUP BY 1) q ON q.customer_id = c.id`,
  },
  // --- each signup period's average first order ---
  {
    class: 'cohorts',
    ask: 'Average first-order amount per signup quarter, for the customers who joined in 2022?',
    sql: firstOrder("date_trunc('quarter', signed)", '2022-01-01', '2023-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'For each quarter of 2022 that customers signed up in, what was the average value of their first order?',
    sql: firstOrder("date_trunc('quarter', signed)", '2022-01-01', '2023-01-01'),
  },
  {
    class: 'cohorts',
    ask: "By signup month in 2022, what was the average amount of each customer's first order?",
    sql: firstOrder("date_trunc('month', signed)", '2022-01-01', '2023-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'What was the average first order of the customers who signed up in Q3 2022?',
    sql: firstOrder('', '2022-07-01', '2022-10-01'),
  },
  {
    class: 'cohorts',
    ask: 'for my customers, the average amount of their first order by the quarter of 2022 they joined',
    user: EAST,
    sql: firstOrder("date_trunc('quarter', signed)", '2022-01-01', '2023-01-01', "o.region = 'east'"),
  },
  // --- a share in an hour range ---
  {
    class: 'combined-shares',
    ask: 'What share of 2024 orders were placed between 6pm and midnight?',
    ...PCT,
    sql: hourShare('count', 18, 23, inYear(2024)),
  },
  {
    class: 'combined-shares',
    ask: 'What percent of all revenue came from orders placed after 9pm UTC?',
    ...PCT,
    sql: hourShare('amount', 21, 23, 'TRUE'),
  },
  {
    class: 'combined-shares',
    ask: 'Percentage of 2025 revenue from orders placed from 20:00 to midnight UTC',
    ...PCT,
    sql: hourShare('amount', 20, 23, inYear(2025)),
  },
  {
    class: 'combined-shares',
    ask: 'What fraction of 2023 orders came in between midnight and 6am UTC?',
    ...PCT,
    sql: hourShare('count', 0, 5, inYear(2023)),
  },
  {
    class: 'combined-shares',
    ask: 'what share of my 2025 revenue came in after 10pm?',
    user: EAST,
    ...PCT,
    sql: hourShare('amount', 22, 23, `${inYear(2025)} AND region = 'east'`),
  },
  // --- distinct categories per customer, averaged ---
  {
    class: 'unknown-words',
    ask: "Let category breadth be the number of distinct product categories a customer ordered from in 2024. What's the average category breadth?",
    ...PCT,
    sql: breadth(inYear(2024)),
  },
  {
    class: 'unknown-words',
    ask: 'On average, how many different product categories did a customer buy from in Q1 2025?',
    ...PCT,
    sql: breadth("created_at >= '2025-01-01' AND created_at < '2025-04-01'"),
  },
  {
    class: 'unknown-words',
    ask: "Basket spread means the number of different categories a customer bought in the first half of 2025. What's the average basket spread by segment?",
    ...PCT,
    sql: breadth("created_at >= '2025-01-01' AND created_at < '2025-07-01'", 'segment'),
  },
  {
    class: 'unknown-words',
    ask: 'Per region, what was the average number of distinct categories per customer in December 2025?',
    ...PCT,
    sql: breadth("created_at >= '2025-12-01' AND created_at < '2026-01-01'", 'region'),
  },
  // --- a customer's wallet: a year's spend, averaged ---
  {
    class: 'unknown-words',
    ask: "A customer's wallet is what they spend in one calendar year. What was the average wallet in 2024 by region?",
    ...PCT,
    sql: wallet(2024, 'region'),
  },
  {
    class: 'unknown-words',
    ask: "Call a customer's 2025 spend their wallet. What's the average wallet per segment?",
    ...PCT,
    sql: wallet(2025, 'segment'),
  },
  {
    class: 'unknown-words',
    ask: "What's the average wallet of my customers in 2023, wallet meaning one customer's spend within that year?",
    user: EAST,
    ...PCT,
    sql: wallet(2023, '', "region = 'east'"),
  },
  // --- comeback customers the asker defines ---
  {
    class: 'unknown-words',
    ask: 'A comeback customer is one with no orders in Q2 2025 but at least one in Q3 2025. How many comeback customers were there?',
    sql: comeback('2025-04-01', '2025-07-01', '2025-10-01'),
  },
  {
    class: 'unknown-words',
    ask: "Let's say a customer came back if they ordered nothing in Q1 2024 and then ordered in Q2 2024. How many came back?",
    sql: comeback('2024-01-01', '2024-04-01', '2024-07-01'),
  },
  {
    class: 'unknown-words',
    ask: 'comeback customers per region, where a comeback customer had no order in Q3 2024 and an order in Q4 2024',
    sql: comeback('2024-07-01', '2024-10-01', '2025-01-01', 'region'),
  },
  {
    class: 'unknown-words',
    ask: "Define a comeback customer as someone who didn't order in March 2025 but did in April 2025. How many are there?",
    sql: comeback('2025-03-01', '2025-04-01', '2025-05-01'),
  },
  // --- a breakdown stated first, then the question ---
  {
    class: 'period-over-period',
    ask: 'revenue by month in 2024 - which month fell the most over the month before?',
    sql: mostChanged('month', 'sum(amount)', '2024-01-01', '2025-01-01', 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'orders per quarter in 2025 — which quarter grew the most against the previous quarter?',
    sql: mostChanged('quarter', 'count(*)', '2025-01-01', '2026-01-01', 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: 'monthly revenue for 2025: which month had the biggest drop from the prior month?',
    sql: mostChanged('month', 'sum(amount)', '2025-01-01', '2026-01-01', 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'number of orders by month in 2023 – which month rose the most over the month before?',
    sql: mostChanged('month', 'count(*)', '2023-01-01', '2024-01-01', 'DESC'),
  },
  // --- the word needs data the model has not: refused ---
  {
    class: 'word-refuse',
    ask: 'A comeback customer is someone who reactivated a closed account. How many comeback customers did we have in 2025?',
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: 'What share of 2025 revenue came from orders delivered after 9pm?',
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: "Let a customer's wallet be their credit limit. What's the average wallet by segment?",
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: 'How many customers returned 5 or more orders because the item arrived damaged, over the whole history?',
    refuse: true,
  },
];
