/**
 * Nineteenth tuning batch (issue 29): follow-ups in threads that lean on the turn before (a change in % against
 * another year, "inside that X" after a ranking, "that group" after a first-order cohort, "break that down by",
 * "same for returns", "the top 3 within that") and per-customer shapes (new customers per period of their first
 * order, customers all of whose orders in a year were completed, customers active in every month of a year,
 * percentiles of per-customer counts, spend above X in one year and below Y in another, ordered in A but not in B by
 * a group, the average gap between a customer's orders). Written BEFORE the planner change it tunes, in wordings a
 * sales or operations asker would use (typos, abbreviations, asides, an analyst under row-level security); no
 * question copies a held-out or earlier tuning question.
 *
 * Scored in the eval CLI before the change (on 9c55e6a): 17/35 right, 7 confidently wrong ("% change from 2023 to that"
 * read as 2022 to 2023, "within that region" dropped with the period, "every 2025 order completed" read as completed
 * orders' customers, "zero returns or cancellations" split into a filter and a condition, two first-order cohorts
 * side by side read as the first one's total).
 *
 * Clock: 2026-04-22, after the data ends (orders 2023-01-01 to 2025-12-31; every customer placed a first order
 * between January and August 2023): "last year" is 2025, "the year before" 2024.
 */
import { analyst, between, inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_19_FOLLOWUPS_NOW = '2026-04-22T08:30:00Z';

const JOINED = 'orders o JOIN customers c ON c.id = o.customer_id';
const year = (y: number) => inYear(y, 'o.created_at');
/** Percent change of `measure` from year a to year b over `where`. */
const pct = (measure: string, a: number, b: number, where: string) =>
  `SELECT round(100.0 * (${measure} FILTER (WHERE year(o.created_at) = ${b}) / ${measure} FILTER (WHERE year(o.created_at) = ${a}) - 1), 2)
   FROM ${JOINED} WHERE ${where}`;
/** Customers whose first order falls in [from, to). */
const firstIn = (from: string, to: string) =>
  `SELECT customer_id FROM (SELECT customer_id, min(created_at) AS f FROM orders GROUP BY 1) WHERE f >= '${from}' AND f < '${to}'`;
/** Customers per `unit` of their first order, over first orders inside [from, to), optionally within `where`. */
const firstOrders = (unit: 'month' | 'quarter', from: string, to: string, where = '') =>
  `SELECT date_trunc('${unit}', f) AS p, count(*) FROM (SELECT o.customer_id, min(o.created_at) AS f FROM orders o
   ${where ? `WHERE ${where}` : ''} GROUP BY 1) WHERE f >= '${from}' AND f < '${to}' GROUP BY 1 ORDER BY 1`;
/** Customers with orders in `where` all of whose such orders have status `status`. */
const allStatus = (status: string, where: string) =>
  `SELECT count(*) FROM (SELECT o.customer_id FROM orders o WHERE ${where} GROUP BY 1
   HAVING bool_and(o.status = '${status}'))`;
/** Customers with an order in each of the 12 months of year `y` (within `where`). */
const everyMonth = (y: number, where = '') =>
  `SELECT count(*) FROM (SELECT o.customer_id FROM orders o WHERE ${year(y)}${where ? ` AND ${where}` : ''} GROUP BY 1
   HAVING count(DISTINCT month(o.created_at)) = 12)`;
/** Percentile of each customer's `value` over `where`. */
const perCustomerQuantile = (q: number, value: string, where = 'true') =>
  `SELECT quantile_cont(v, ${q}) FROM (SELECT o.customer_id, ${value} AS v FROM orders o WHERE ${where} GROUP BY 1)`;
/** Customers whose spend in year a is over `over` and in year b under `under` (a customer absent spends 0). */
const overUnder = (a: number, over: number, b: number, under: number, where = 'true') =>
  `SELECT count(*) FROM (SELECT c.id,
     coalesce((SELECT sum(amount) FROM orders o WHERE o.customer_id = c.id AND ${year(a)}), 0) AS va,
     coalesce((SELECT sum(amount) FROM orders o WHERE o.customer_id = c.id AND ${year(b)}), 0) AS vb
   FROM customers c WHERE ${where}) WHERE va > ${over} AND vb < ${under}`;
/** Customers with an order in `a` and none in `b`, per `group`. */
const butNot = (group: string, a: string, b: string) =>
  `SELECT ${group}, count(*) FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${a})
   AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${b}) GROUP BY 1`;
/** The top `n` values of `item` by `measure` within `where`. */
const topN = (item: string, measure: string, where: string, n = 1) =>
  `SELECT ${item}, ${measure} AS m FROM ${JOINED} WHERE ${where} GROUP BY 1 ORDER BY m DESC LIMIT ${n}`;
/** The region with the most `measure` in `where` (a sub-query for "inside that region"). */
const bestRegion = (measure: string, where: string) =>
  `(SELECT region FROM orders o WHERE ${where} GROUP BY 1 ORDER BY ${measure} DESC LIMIT 1)`;

export const tuning19followups: (SecondOrderCase & Tuning6Case)[] = [
  // --- a total, then its change in % against another year ---
  {
    class: 'threads',
    ask: ['how much did electronics bring in during 2025?', 'and compared to 2024, percentage-wise?'],
    check: 'answer',
    tolerance: 0.006,
    sql: pct('sum(o.amount)', 2024, 2025, "o.category = 'electronics'"),
  },
  {
    class: 'threads',
    ask: ['toys orders in 2024', 'how does that stack up vs the year before in %'],
    check: 'answer',
    tolerance: 0.006,
    sql: pct('count(*)', 2023, 2024, "o.category = 'toys'"),
  },
  {
    class: 'threads',
    ask: ['revenue from the north in 2025?', "what's the % change from 2023 to that?"],
    check: 'answer',
    tolerance: 0.006,
    sql: pct('sum(o.amount)', 2023, 2025, "o.region = 'north'"),
  },
  {
    class: 'threads',
    user: WEST,
    ask: ['what did my territory sell in 2024', 'and vs 2023? as a percent pls'],
    check: 'answer',
    tolerance: 0.006,
    sql: pct('sum(o.amount)', 2023, 2024, "o.region = 'west'"),
  },
  // --- a ranking, then "inside that X" / "within that": the ranking inside the winner ---
  {
    class: 'threads',
    ask: [
      'which region brought in the most money in 2025?',
      'within that region, which category was on top?',
    ],
    sql: topN(
      'o.category',
      'sum(o.amount)',
      `${year(2025)} AND o.region = ${bestRegion('sum(amount)', inYear(2025))}`,
    ),
  },
  {
    class: 'threads',
    ask: [
      'what region had the highest order count in 2023',
      'and in that region, which segment ordered most?',
    ],
    sql: topN(
      'c.segment',
      'count(*)',
      `${year(2023)} AND o.region = ${bestRegion('count(*)', inYear(2023))}`,
    ),
  },
  {
    class: 'threads',
    ask: ['top region by revenue last year', 'and within that, the top 3 customers?'],
    // (Customers by name, as answers name them: the id alone was never an answer's column.)
    sql: topN(
      'c.name',
      'sum(o.amount)',
      `${year(2025)} AND o.region = ${bestRegion('sum(amount)', inYear(2025))}`,
      3,
    ),
  },
  // --- a first-order cohort, then what "that group" did later ---
  {
    class: 'threads',
    ask: [
      'how many customers made their first ever purchase in june 2023?',
      'how much did that group spend in 2025 in total?',
    ],
    tolerance: 0.01,
    sql: `SELECT coalesce(sum(amount), 0) FROM orders o WHERE ${year(2025)} AND o.customer_id IN (${firstIn('2023-06-01', '2023-07-01')})`,
  },
  {
    class: 'threads',
    ask: ['customers whose first order was in Q1 2023', 'how many orders did those customers place in 2024?'],
    sql: `SELECT count(*) FROM orders o WHERE ${year(2024)} AND o.customer_id IN (${firstIn('2023-01-01', '2023-04-01')})`,
  },
  {
    class: 'threads',
    ask: [
      'number of customers who started buying in march 2023',
      'and how many of them still ordered in 2025?',
    ],
    sql: `SELECT count(DISTINCT customer_id) FROM orders o WHERE ${year(2025)} AND o.customer_id IN (${firstIn('2023-03-01', '2023-04-01')})`,
  },
  // --- "break that down by", "same for", "vs the year before" ---
  {
    class: 'threads',
    ask: ['cancelled orders in 2025', 'break that down by segment'],
    sql: `SELECT c.segment, count(*) FROM ${JOINED} WHERE o.status = 'cancelled' AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['revenue from furniture in 2024', 'can you split that by region'],
    tolerance: 0.01,
    sql: `SELECT o.region, sum(o.amount) FROM ${JOINED} WHERE o.category = 'furniture' AND ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['how many completed orders did the east have in 2025', 'same for returns?'],
    sql: `SELECT count(*) FROM orders o WHERE o.region = 'east' AND o.status = 'returned' AND ${year(2025)}`,
  },
  {
    class: 'threads',
    ask: ['electronics revenue for 2025', 'and the year before?'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders o WHERE o.category = 'electronics' AND ${year(2024)}`,
  },
  {
    class: 'threads',
    user: analyst('south'),
    ask: ['how many orders did I get in Q2 2025?', 'what about returns in that quarter?'],
    sql: `SELECT count(*) FROM orders o WHERE o.region = 'south' AND o.status = 'returned' AND ${between('2025-04-01', '2025-07-01', 'o.created_at')}`,
  },
  // --- new customers per period of their first order ---
  {
    class: 'cohorts',
    ask: 'how many new customers did we get each quarter of 2023, going by their first order?',
    sql: firstOrders('quarter', '2023-01-01', '2024-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'new customer count by month of first purchase for 2023',
    sql: firstOrders('month', '2023-01-01', '2024-01-01'),
  },
  {
    class: 'cohorts',
    user: WEST,
    ask: 'by quarter, how many of my customers placed their first order in 2023?',
    sql: firstOrders('quarter', '2023-01-01', '2024-01-01', "o.region = 'west'"),
  },
  // --- all of a customer's orders in a year with one status ---
  {
    class: 'cohorts',
    user: WEST,
    ask: 'how many of my customers had all their 2024 orders completed (nothing returned or cancelled)?',
    sql: allStatus('completed', `${year(2024)} AND o.region = 'west'`),
  },
  {
    class: 'cohorts',
    ask: 'number of customers whose every 2025 order was completed',
    sql: allStatus('completed', year(2025)),
  },
  {
    class: 'cohorts',
    ask: 'customers with zero returns or cancellations among their 2023 orders - how many?',
    sql: allStatus('completed', year(2023)),
  },
  // --- active in every month of a year ---
  {
    class: 'cohorts',
    ask: 'how many customers placed an order in each of the 12 months of 2025?',
    sql: everyMonth(2025),
  },
  {
    class: 'cohorts',
    user: analyst('north'),
    ask: 'count of my customers who bought every month in 2024',
    sql: everyMonth(2024, "o.region = 'north'"),
  },
  // --- percentiles of per-customer counts and totals ---
  {
    class: 'percentiles',
    ask: "what's the 90th percentile of orders per customer, all time?",
    tolerance: 0.01,
    sql: perCustomerQuantile(0.9, 'count(*)'),
  },
  {
    class: 'percentiles',
    ask: 'p75 of total spend per customer in 2025',
    tolerance: 0.01,
    sql: perCustomerQuantile(0.75, 'sum(o.amount)', year(2025)),
  },
  {
    class: 'percentiles',
    ask: 'median number of orders a customer placed in 2024',
    tolerance: 0.01,
    sql: perCustomerQuantile(0.5, 'count(*)', year(2024)),
  },
  // --- conditions on two years ---
  {
    class: 'cohorts',
    ask: 'how many customers spent more than $3,000 in 2025 but less than $1,000 in 2024?',
    sql: overUnder(2025, 3000, 2024, 1000),
  },
  {
    class: 'cohorts',
    ask: 'customers over 2k spend in 2024 and under 500 in 2025 - count?',
    sql: overUnder(2024, 2000, 2025, 500),
  },
  // --- ordered in A but not in B, by a group ---
  {
    class: 'cohorts',
    ask: 'by segment, customers who bought in 2023 but not at all in 2025',
    sql: butNot('c.segment', year(2023), year(2025)),
  },
  {
    class: 'cohorts',
    ask: 'customers that ordered in 2024 and never in 2025, split by region',
    sql: butNot('c.region', year(2024), year(2025)),
  },
  // --- average gap between a customer's orders ---
  {
    class: 'cohorts',
    ask: 'on average how many days pass between a customer’s orders?',
    tolerance: 0.05,
    sql: `SELECT avg(gap) FROM (SELECT date_diff('day', lag(created_at) OVER (PARTITION BY customer_id ORDER BY created_at),
          created_at) AS gap FROM orders) WHERE gap IS NOT NULL`,
  },
  // --- a per-entity average over two cohorts: per cohort or a refusal, never one figure ---
  {
    class: 'cohorts',
    ask: 'avg spend per customer for customers who first ordered in jan 2023 vs those who first ordered in feb 2023',
    sql: `SELECT f, avg(v) FROM (SELECT o.customer_id, date_trunc('month', min(o.created_at)) AS f, sum(o.amount) AS v
          FROM orders o GROUP BY 1) WHERE f < '2023-03-01' GROUP BY 1`,
  },
  // --- refusals: a follow-up or a cohort naming what the data does not hold ---
  {
    class: 'out-of-scope',
    ask: ['new customers by quarter of first purchase in 2023', 'and their churn rate per quarter?'],
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: ['top 5 customers by revenue in 2025', 'and which account manager owns each?'],
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'how many customers ordered in 2024 but not through the mobile app in 2025?',
    refuse: true,
  },
];
