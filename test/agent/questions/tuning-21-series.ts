/**
 * Twenty-first tuning batch (issue 29): series-shaped second-order questions, a window over a breakdown by period.
 * A running (cumulative, year-to-date) total by month, quarter or year, per region too; a moving average over the
 * last N periods (reaching back before the range for its first ones, as the data has them); each period's change
 * from the one before in $ and % together; a period against the same one two years earlier; the average number of
 * days between a customer's consecutive orders (overall, per region, of a segment) and from a first order to the
 * second; some of them as follow-ups in a thread; and a few that must still be refused (the future, a measure or a
 * breakdown the model lacks, a weighting the planner does not compute). Written on 2026-11-28 before the planner
 * change that reads them; fresh wordings, none copied from a held-out or earlier tuning set.
 *
 * Before (on 007e7f6): 7 of 34 right (1 confident wrong: "the change from the month before" after "revenue by month for
 * Q3 2024" read as June against May), in the eval CLI; running totals, moving averages, "two years earlier" and days
 * between orders all refused. After (series-windows.ts, series-window-sql.ts, days-between.ts, "N years earlier" in
 * dates.ts and units-ago.ts, "the change from the month before" in phrases.ts): 34 of 34, none wrong. Three two-span
 * comparisons are judged on the answer's figures (as tuning-19's are), set after the first score (all three refused
 * then).
 *
 * Clock: 2026-12-16, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { analyst, growth, inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_21_SERIES_NOW = '2026-12-16T11:00:00Z';

type Unit = 'month' | 'quarter' | 'year';
const and = (where: string) => (where ? ` AND ${where}` : '');

/** Each `unit` of `year` (every year when undefined) with its own figure and the running total from the first. */
const running = (measure: string, unit: Unit, year?: number, where = '') =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders
     WHERE ${year ? inYear(year) : 'TRUE'}${and(where)} GROUP BY 1)
   SELECT p, v, sum(v) OVER (ORDER BY p) FROM m`;
/** The running total within each region (a window partitioned by region). */
const runningPerRegion = (measure: string, unit: Unit, year: number) =>
  `WITH m AS (SELECT region, date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders
     WHERE ${inYear(year)} GROUP BY 1, 2)
   SELECT region, p, v, sum(v) OVER (PARTITION BY region ORDER BY p) FROM m`;
/**
 * Each `unit` of `year` with the average of it and the `n - 1` before it (those before the year read as the data
 * has them).
 */
const moving = (measure: string, unit: Unit, n: number, year: number, where = '') =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders
     WHERE TRUE${and(where)} GROUP BY 1),
   w AS (SELECT p, v, avg(v) OVER (ORDER BY p ROWS BETWEEN ${n - 1} PRECEDING AND CURRENT ROW) AS a FROM m)
   SELECT p, v, round(a, 2) FROM w WHERE p >= '${year}-01-01' AND p < '${year + 1}-01-01'`;
/** Each `unit` of [from, to) with its value and its change from the one before, as an amount and a percent. */
const bothChanges = (unit: Unit, measure: string, from: string, to: string, where = '') =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, v - prev, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** Two spans' figures (the later first, then the earlier), the change and the percent change. */
const twoSpans = (measure: string, later: string, earlier: string, where = '') =>
  `WITH s AS (SELECT ${measure} FILTER (WHERE ${later}) AS b, ${measure} FILTER (WHERE ${earlier}) AS a
     FROM orders WHERE TRUE${and(where)})
   SELECT b, a, b - a, ${growth('b', 'a')} FROM s`;
/** Each quarter of `year` with its value and its percent change from the same quarter `back` years earlier. */
const yearsBack = (measure: string, year: number, back: number) =>
  `WITH m AS (SELECT date_trunc('quarter', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1)
   SELECT a.p, a.v, b.v, ${growth('a.v', 'b.v')} FROM m a JOIN m b ON b.p = a.p - INTERVAL ${back} YEAR
   WHERE a.p >= '${year}-01-01' AND a.p < '${year + 1}-01-01'`;
/**
 * Each customer's orders with the elapsed days (seconds / 86,400) since their previous one (`where` on the orders
 * first). (Calendar days between the order dates until tuning-28-spans, which reads "days between" as elapsed time.)
 */
const gaps = (where = '', key = '') =>
  `SELECT ${key ? `${key}, ` : ''}(epoch(created_at) - epoch(lag(created_at) OVER (PARTITION BY customer_id ORDER BY created_at, id)))
     / 86400.0 AS d FROM orders WHERE TRUE${and(where)}`;
/** The average gap over every pair of a customer's consecutive orders. */
const avgGap = (where = '') => `SELECT round(avg(d), 2) FROM (${gaps(where)}) WHERE d IS NOT NULL`;
/** The same by region (each customer's orders carry their region). */
const avgGapByRegion = `SELECT region, round(avg(d), 2) FROM (${gaps('', 'region')}) WHERE d IS NOT NULL GROUP BY 1`;
/** Elapsed days from each customer's first order to their second, averaged over those with two or more. */
const firstToSecond = `WITH r AS (SELECT customer_id, epoch(created_at) AS d,
     row_number() OVER (PARTITION BY customer_id ORDER BY created_at, id) AS k FROM orders)
   SELECT round(avg((b.d - a.d) / 86400.0), 2) FROM r a JOIN r b ON a.customer_id = b.customer_id
   WHERE a.k = 1 AND b.k = 2`;

export const tuning21series: (SecondOrderCase & Tuning6Case)[] = [
  // --- a running (cumulative) total over a breakdown by period ---
  {
    class: 'running-total',
    ask: 'cumulative revenue by month in 2025',
    sql: running('sum(amount)', 'month', 2025),
  },
  {
    class: 'running-total',
    ask: 'running total of orders by quarter for 2024',
    sql: running('count(*)', 'quarter', 2024),
  },
  {
    class: 'running-total',
    ask: 'YTD revenue at the end of each month of 2024?',
    sql: running('sum(amount)', 'month', 2024),
  },
  {
    class: 'running-total',
    ask: 'show me the cumulative number of orders per month in 2025 for the west region',
    sql: running('count(*)', 'month', 2025, "region = 'west'"),
  },
  {
    class: 'running-total',
    ask: 'running sum of electronics sales month by month, 2023',
    sql: running('sum(amount)', 'month', 2023, "category = 'electronics'"),
  },
  {
    class: 'running-total',
    ask: 'cumulative cancelled orders by quarter in 2025',
    sql: running('count(*)', 'quarter', 2025, "status = 'cancelled'"),
  },
  {
    class: 'running-total',
    ask: 'cumulative sales by year, all years we have',
    sql: running('sum(amount)', 'year'),
  },
  {
    class: 'running-total',
    ask: 'running total of revenue by month in 2024, separately for each region',
    sql: runningPerRegion('sum(amount)', 'month', 2024),
  },
  {
    class: 'running-total',
    ask: "my region's cumulative revenue by quarter in 2025",
    user: analyst('south'),
    sql: running('sum(amount)', 'quarter', 2025, "region = 'south'"),
  },
  {
    class: 'running-total',
    ask: ['revenue by month in 2025', 'now show that as a running total'],
    sql: running('sum(amount)', 'month', 2025),
  },
  {
    class: 'running-total',
    ask: ['orders per quarter in 2024 for furniture', 'cumulative please'],
    sql: running('count(*)', 'quarter', 2024, "category = 'furniture'"),
  },
  {
    class: 'running-total',
    ask: 'year-to-date order count by month for 2023, toys only',
    sql: running('count(*)', 'month', 2023, "category = 'toys'"),
  },
  // --- a moving average over the last N periods ---
  {
    class: 'moving-average',
    ask: '3-month moving average of revenue in 2025',
    sql: moving('sum(amount)', 'month', 3, 2025),
  },
  {
    class: 'moving-average',
    ask: 'rolling 3 month avg of order count, by month, for 2024',
    sql: moving('count(*)', 'month', 3, 2024),
  },
  {
    class: 'moving-average',
    ask: 'quarterly revenue in 2025 with a 4-quarter moving average',
    sql: moving('sum(amount)', 'quarter', 4, 2025),
  },
  {
    class: 'moving-average',
    ask: ['monthly orders in 2025 in the east', 'add a 3-month rolling average'],
    sql: moving('count(*)', 'month', 3, 2025, "region = 'east'"),
  },
  {
    class: 'moving-average',
    ask: '6 month moving avg of grocery sales for each month of 2024',
    sql: moving('sum(amount)', 'month', 6, 2024, "category = 'grocery'"),
  },
  // --- each period's change from the one before, in $ and % together ---
  {
    class: 'period-over-period',
    ask: 'MoM change in sales for 2025, $ and %',
    sql: bothChanges('month', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'quarter-over-quarter change in orders for 2024 as both a number and a percentage',
    sql: bothChanges('quarter', 'count(*)', '2024-01-01', '2025-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'for each month of H1 2025, how much did toys revenue change from the previous month (amount and %)?',
    sql: bothChanges('month', 'sum(amount)', '2025-01-01', '2025-07-01', "category = 'toys'"),
  },
  {
    class: 'period-over-period',
    ask: ['revenue by month for Q3 2024', 'and the change from the month before, in $ and %'],
    sql: bothChanges('month', 'sum(amount)', '2024-07-01', '2024-10-01'),
  },
  // --- a period against the same one two years earlier ---
  {
    class: 'period-over-period',
    ask: 'Q3 2025 revenue vs the same quarter two years earlier',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans(
      'sum(amount)',
      "created_at >= '2025-07-01' AND created_at < '2025-10-01'",
      "created_at >= '2023-07-01' AND created_at < '2023-10-01'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'orders in March 2025 compared with March two years before - % change?',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans(
      'count(*)',
      "created_at >= '2025-03-01' AND created_at < '2025-04-01'",
      "created_at >= '2023-03-01' AND created_at < '2023-04-01'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'H1 2025 clothing revenue vs the same period 2 years ago',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans(
      'sum(amount)',
      "created_at >= '2025-01-01' AND created_at < '2025-07-01'",
      "created_at >= '2023-01-01' AND created_at < '2023-07-01'",
      "category = 'clothing'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'for each quarter of 2025, revenue vs the same quarter 2 years earlier, in %',
    sql: yearsBack('sum(amount)', 2025, 2),
  },
  // --- days between a customer's consecutive orders ---
  {
    class: 'days-between',
    ask: "average number of days between a customer's orders",
    sql: avgGap(),
  },
  {
    class: 'days-between',
    ask: 'avg days between orders per region',
    sql: avgGapByRegion,
  },
  {
    class: 'days-between',
    ask: 'on average how many days pass between consecutive orders of enterprise customers?',
    sql: `SELECT round(avg(d), 2) FROM (SELECT date_diff('day', CAST(lag(o.created_at) OVER (PARTITION BY o.customer_id
       ORDER BY o.created_at, o.id) AS DATE), CAST(o.created_at AS DATE)) AS d FROM orders o JOIN customers c
       ON o.customer_id = c.id WHERE c.segment = 'enterprise') WHERE d IS NOT NULL`,
  },
  {
    class: 'days-between',
    ask: 'avg days from first to second order',
    sql: firstToSecond,
  },
  // --- still refused ---
  {
    class: 'unanswerable',
    ask: 'forecast cumulative revenue by month through 2027',
    refuse: true,
  },
  {
    class: 'unanswerable',
    ask: 'running total of profit by month in 2025',
    refuse: true,
  },
  {
    class: 'unanswerable',
    ask: 'exponentially weighted moving average of weekly revenue in 2025',
    refuse: true,
  },
  {
    class: 'unanswerable',
    ask: 'cumulative revenue by marketing channel for 2024',
    refuse: true,
  },
  {
    class: 'unanswerable',
    ask: 'average days between an order and its delivery',
    refuse: true,
  },
];
