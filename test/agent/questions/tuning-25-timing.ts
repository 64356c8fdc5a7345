/**
 * Twenty-fifth tuning batch (issue 29): per-customer timing and activity over time. Recency (days from each
 * customer's last order to the data's last day, stated: its average, median, largest, by region, the customers past
 * a number of days), days from signup to first order by signup quarter or month, signups with no order by a date,
 * the month by which a share of the customers had placed their first order, each customer's best ("power") month,
 * customers of a region with no orders in a period, and the region that grew fastest from the first to the last full
 * year of the data; near-misses that must stay refused (logins, churn risk, a best week of a channel). Written on
 * 2026-11-29 BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or earlier tuning
 * set).
 *
 * Before (on dcd9a30): 8 of 37 right (2 confident wrong: "average of each customer's best-month revenue" as the
 * revenue per customer of one month; "which region grew fastest over the last 3 years of data" as 2024-2026 against
 * 2021-2023, years before today), in the eval CLI. After: 35 of 37, none wrong (recency.ts, best-period.ts,
 * no-rows-in.ts, first-share-period.ts, not-ordered-by.ts, data-span-growth.ts, the signups' own period in
 * days-to-first.ts). Still refused: "from the data's first full year to its last full year" and "across the 3 full
 * years in the data (first year vs last)".
 *
 * Clock: Monday 2027-12-06, after the data ends (orders 2023-01-01 to 2025-12-31, customers signed up in 2022, each
 * customer's orders in their own region). Recency is counted in calendar days from the last order's date to the
 * data's last day; signup to first order as elapsed time in days (seconds / 86,400), as days-to-first.ts measures
 * it. References are written on the raw tables, each checked against a second query written independently.
 */
import { inYear, LAST_DAY, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_25_TIMING_NOW = '2027-12-06T10:00:00Z';

/** Each customer's recency `d` (days from their last order's date to the data's last day) and region. */
const recency = `WITH r AS (SELECT o.customer_id, c.region,
     date_diff('day', CAST(max(o.created_at) AS DATE), ${LAST_DAY}) AS d
   FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY 1, 2)`;
/** Each customer's signup `s`, signup bucket and elapsed days `g` from signup to their first order. */
const toFirst = `WITH f AS (SELECT c.id, c.created_at AS s,
     (epoch(min(o.created_at)) - epoch(c.created_at)) / 86400.0 AS g
   FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY 1, 2)`;
/** Customers who signed up in [from, to) with no order before `by` (exclusive), counted (or their percent). */
const notOrderedBy = (from: string, to: string, by: string, percent = false) => {
  const none = `count(*) FILTER (WHERE first_at IS NULL OR first_at >= '${by}')`;
  return `SELECT ${percent ? `round(100.0 * ${none} / count(*), 2)` : none}
   FROM (SELECT c.id, (SELECT min(created_at) FROM orders o WHERE o.customer_id = c.id) AS first_at
         FROM customers c WHERE c.created_at >= '${from}' AND c.created_at < '${to}')`;
};
/** Each month of the data with the running count of customers whose first order fell in it or before. */
const cumulative = `WITH f AS (SELECT customer_id, date_trunc('month', min(created_at)) AS m FROM orders GROUP BY 1),
   mo AS (SELECT DISTINCT date_trunc('month', created_at) AS m FROM orders),
   k AS (SELECT mo.m, sum(count(f.customer_id)) OVER (ORDER BY mo.m) AS run FROM mo LEFT JOIN f ON f.m = mo.m GROUP BY mo.m)`;
/** Each customer's spend `v` and order count `n` in each calendar month `m`. */
const monthly = `WITH cm AS (SELECT o.customer_id, c.region, date_trunc('month', o.created_at) AS m,
     sum(o.amount) AS v, count(*) AS n FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY 1, 2, 3)`;
/** Customers of `region` (their own region) with no order in [from, to). */
const sleepers = (region: string, from: string, to: string) =>
  `SELECT count(*) FROM customers c WHERE c.region = '${region}' AND NOT EXISTS (SELECT 1 FROM orders o
     WHERE o.customer_id = c.id AND o.created_at >= '${from}' AND o.created_at < '${to}')`;
/** `measure`'s percent change by region from `a` to `b`, the fastest-growing region first (only it). */
const fastest = (measure: string, a: number, b: number, by = 'region') =>
  `SELECT ${by}, round(100.0 * (${measure} FILTER (WHERE year(created_at) = ${b}) - ${measure} FILTER (WHERE year(created_at) = ${a}))
     / ${measure} FILTER (WHERE year(created_at) = ${a}), 2) AS g FROM orders GROUP BY 1 ORDER BY g DESC LIMIT 1`;

export const tuning25timing: (SecondOrderCase & Tuning6Case)[] = [
  // --- recency: days from each customer's last order to the data's last day ---
  {
    class: 'recency',
    ask: "average number of days since each customer's last order, counted to the last day in the data",
    sql: `${recency} SELECT avg(d) FROM r`,
  },
  {
    class: 'recency',
    ask: 'median recency in days across customers, as of the final date in the dataset',
    sql: `${recency} SELECT median(d) FROM r`,
  },
  {
    class: 'recency',
    ask: 'how many customers placed their most recent order more than 45 days before the data ends?',
    sql: `${recency} SELECT count(*) FROM r WHERE d > 45`,
  },
  {
    class: 'recency',
    ask: 'avg days since last purchase per customer, by region (measured to the end of the data)',
    sql: `${recency} SELECT region, avg(d) FROM r GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'recency',
    ask: 'as of the last date in the data, what is the longest any customer has gone since their latest order, in days?',
    sql: `${recency} SELECT max(d) FROM r`,
  },
  {
    class: 'recency',
    ask: 'north customers whose last order was over 30 days before the end of the data: how many?',
    sql: `${recency} SELECT count(*) FROM r WHERE region = 'north' AND d > 30`,
  },
  {
    class: 'recency',
    ask: "customers with a recency of 60+ days (days from their last order to the data's last day) - count them",
    sql: `${recency} SELECT count(*) FROM r WHERE d >= 60`,
  },
  // --- days from signup to first order, by the signup's period ---
  {
    class: 'signup-to-first',
    ask: 'avg days from signup to first order, by signup quarter',
    sql: `${toFirst} SELECT date_trunc('quarter', s), avg(g) FROM f GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'signup-to-first',
    ask: 'median number of days between joining and the first purchase for each signup month',
    sql: `${toFirst} SELECT date_trunc('month', s), median(g) FROM f GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'signup-to-first',
    ask: 'for customers who signed up in Q3 2022, how many days on average passed before their first order?',
    sql: `${toFirst} SELECT avg(g) FROM f WHERE ${inYear(2022, 's')} AND s >= '2022-07-01' AND s < '2022-10-01'`,
  },
  {
    class: 'signup-to-first',
    ask: 'on average how long, in days, did customers take to make a first order after they signed up?',
    sql: `${toFirst} SELECT avg(g) FROM f`,
  },
  // --- signups with no order by a date ---
  {
    class: 'not-ordered-by',
    ask: 'of the customers who signed up in 2022, how many had not ordered anything by 2023-03-31?',
    sql: notOrderedBy('2022-01-01', '2023-01-01', '2023-04-01'),
  },
  {
    class: 'not-ordered-by',
    ask: "how many H2 2022 signups still hadn't placed an order by the end of January 2023?",
    sql: notOrderedBy('2022-07-01', '2023-01-01', '2023-02-01'),
  },
  {
    class: 'not-ordered-by',
    ask: 'what % of customers who joined in Q1 2022 had no order by Feb 28, 2023?',
    sql: notOrderedBy('2022-01-01', '2022-04-01', '2023-03-01', true),
  },
  {
    class: 'not-ordered-by',
    ask: 'number of customers that joined in December 2022 and had still not bought anything by 15 Feb 2023',
    sql: notOrderedBy('2022-12-01', '2023-01-01', '2023-02-16'),
  },
  // --- cumulative first orders ---
  {
    class: 'first-order-cumulative',
    ask: 'by the end of which month had 90% of customers placed their first order?',
    sql: `${cumulative} SELECT min(m) FROM k WHERE run >= 0.9 * (SELECT count(*) FROM customers)`,
  },
  {
    class: 'first-order-cumulative',
    ask: 'in what month did the running total of first-time buyers pass half of all customers?',
    sql: `${cumulative} SELECT min(m) FROM k WHERE run >= 0.5 * (SELECT count(*) FROM customers)`,
  },
  {
    class: 'first-order-cumulative',
    ask: 'cumulative number of customers who had placed a first order, by month, for 2023',
    sql: `${cumulative} SELECT m, run FROM k WHERE ${inYear(2023, 'm')} ORDER BY m`,
  },
  {
    class: 'first-order-cumulative',
    ask: 'what percent of customers had made their first purchase by the end of February 2023?',
    sql: `SELECT round(100.0 * (SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) < '2023-03-01'))
       / (SELECT count(*) FROM customers), 2)`,
  },
  // --- each customer's best ("power") month ---
  {
    class: 'best-month',
    ask: "average of each customer's best-month revenue",
    sql: `${monthly} SELECT avg(b) FROM (SELECT customer_id, max(v) AS b FROM cm GROUP BY 1)`,
  },
  {
    class: 'best-month',
    ask: 'take every customer\'s "power month" (the calendar month they spent the most): how many had it in Q4 2025?',
    sql: `${monthly} SELECT count(*) FROM (SELECT customer_id, arg_max(m, v) AS bm FROM cm GROUP BY 1)
       WHERE bm >= '2025-10-01' AND bm < '2026-01-01'`,
  },
  {
    class: 'best-month',
    ask: "median of customers' peak monthly spend, per region",
    sql: `${monthly} SELECT region, median(b) FROM (SELECT customer_id, region, max(v) AS b FROM cm GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'best-month',
    ask: "on average, how many orders did customers place in their busiest month (each customer's own top month by order count)?",
    sql: `${monthly} SELECT avg(b) FROM (SELECT customer_id, max(n) AS b FROM cm GROUP BY 1)`,
  },
  {
    class: 'best-month',
    ask: 'average best month spend per customer in 2024 (their highest-spending month that year)',
    sql: `${monthly} SELECT avg(b) FROM (SELECT customer_id, max(v) AS b FROM cm WHERE ${inYear(2024, 'm')} GROUP BY 1)`,
  },
  // --- customers of a region with no orders in a period ---
  {
    class: 'no-orders-in-period',
    ask: 'sleepers in the west - customers with no orders in H2 2025. how many?',
    sql: sleepers('west', '2025-07-01', '2026-01-01'),
  },
  {
    class: 'no-orders-in-period',
    ask: "how many south customers didn't order at all in Q4 2025?",
    sql: sleepers('south', '2025-10-01', '2026-01-01'),
  },
  {
    class: 'no-orders-in-period',
    ask: 'count of east-region customers with zero orders between August and October 2025',
    sql: sleepers('east', '2025-08-01', '2025-11-01'),
  },
  {
    class: 'no-orders-in-period',
    ask: 'customers in the north who went without a single order during March 2024 - number?',
    sql: sleepers('north', '2024-03-01', '2024-04-01'),
  },
  // --- the region that grew fastest over the data's full years ---
  {
    class: 'region-growth',
    ask: 'which region grew fastest over the last 3 years of data?',
    sql: fastest('sum(amount)', 2023, 2025),
  },
  {
    class: 'region-growth',
    ask: "from the data's first full year to its last full year, which region's revenue grew the most in percent?",
    sql: fastest('sum(amount)', 2023, 2025),
  },
  {
    class: 'region-growth',
    ask: 'which region had the biggest % growth in orders from 2023 to 2025?',
    sql: fastest('count(*)', 2023, 2025),
  },
  {
    class: 'region-growth',
    ask: 'which category grew revenue fastest across the 3 full years in the data (first year vs last)?',
    sql: fastest('sum(amount)', 2023, 2025, 'category'),
  },
  // --- must stay refused ---
  {
    class: 'refuse',
    ask: "average days since each customer's last login, as of the data's end",
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'which customers are most likely to churn next month, based on their recency?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'average days from signup to first order for customers who came in through paid ads, by signup quarter',
    refuse: true,
  },
  { class: 'refuse', ask: "average of each customer's best-week revenue from the mobile app", refuse: true },
  {
    class: 'refuse',
    ask: 'how many customers who joined in 2022 had not opened the newsletter by 2023-03-31?',
    refuse: true,
  },
];
