/**
 * Twenty-second tuning batch (issue 29): percentiles and top or bottom shares glossed in the asker's own words, and a
 * few series shapes. A top or bottom share of customers glossed with its counts ("the 2,000 smallest spenders of
 * the 20,000"): the gloss restates the share and is read as a check, never as new numbers, and when its counts
 * contradict the share (or the data) the question is refused; a percentile glossed as the line to cross for a top
 * or bottom share ("what you'd have to spend to make the top 20%"), or as "half spent more, half less"; a gloss
 * that contradicts its percentile is refused. Series: a running average order value (all orders to date over all
 * their count), a trailing twelve-month total at each month, new against returning customers per quarter, each
 * customer's average days between orders as a list. And a few that must be refused (a measure or an entity the
 * model lacks, a definition the planner does not compute). Written on 2026-11-28 before the planner change that
 * reads them; fresh wordings, none copied from a held-out or earlier tuning set.
 *
 * Before (on 7ad5a1e): 8 of 36 right (2 confident wrong: "trailing twelve month ... for 2024" and "TTM sales by month in
 * 2025" read as 2024 against the last 12 months), in the eval CLI; every glossed share and percentile, the running
 * average, the rolling twelve months, new against returning and the gaps per customer refused. After
 * (percentile-glosses.ts, share-counts.ts, gloss-spans.ts, rolling totals and running averages in series-windows.ts):
 * 26 of 36, none wrong. Still refused: "bottom 10% of buyers" and "top 5% of buyers ... theirs" (buyers beside a
 * percent share), "revenue held by", "how much did a customer need to spend ... to be in the top 10% (90th pctile
 * ...)", "running AOV ... (all orders so far that year / their count)", new against returning per quarter (three)
 * and each customer's average days between orders as a list (two).
 *
 * Clock: 2026-08-26, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { analyst, inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_22_GLOSSES_NOW = '2026-08-26T16:00:00Z';

const and = (where: string) => (where ? ` AND ${where}` : '');

/**
 * The percent of the total spend of customers (over `where`) that the `fraction` of them with the most (`DESC`)
 * or the least (`ASC`) spend account for.
 */
const partShare = (fraction: number, direction: 'DESC' | 'ASC', where = '', measure = 'sum(amount)') =>
  `WITH t AS (SELECT customer_id, ${measure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   r AS (SELECT v, row_number() OVER (ORDER BY v ${direction}) AS k FROM t)
   SELECT round(100.0 * sum(v) FILTER (WHERE k <= (SELECT count(*) FROM t) * ${fraction}) / sum(v), 2) FROM r`;
/** The `p` quantile of each customer's spend over `where`. */
const spendQuantile = (p: number, where = '') =>
  `SELECT quantile_cont(v, ${p}) FROM (SELECT customer_id, sum(amount) AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1)`;
/** The `p` quantile of the order amount over `where`. */
const orderQuantile = (p: number, where = '') =>
  `SELECT quantile_cont(amount, ${p}) FROM orders WHERE TRUE${and(where)}`;
/** Each month of `year` with the average order value of every order from the year's start to its end. */
const runningAverage = (unit: 'month' | 'quarter', year: number, where = '') =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, sum(amount) AS s, count(*) AS n FROM orders
     WHERE ${inYear(year)}${and(where)} GROUP BY 1)
   SELECT p, round(sum(s) OVER (ORDER BY p) / sum(n) OVER (ORDER BY p), 2) FROM m`;
/** Each month of `year` with the total of it and the eleven before it (those before the year as the data has them). */
const trailingYear = (measure: string, year: number, where = '') =>
  `WITH m AS (SELECT date_trunc('month', created_at) AS p, ${measure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   w AS (SELECT p, sum(v) OVER (ORDER BY p ROWS BETWEEN 11 PRECEDING AND CURRENT ROW) AS t FROM m)
   SELECT p, t FROM w WHERE p >= '${year}-01-01' AND p < '${year + 1}-01-01'`;
/**
 * Each quarter of `year`: the customers whose first order ever falls in it (new) and those who ordered in it and
 * before it (returning).
 */
const newReturning = (year: number, where = '') =>
  `WITH f AS (SELECT customer_id, min(created_at) AS first FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   q AS (SELECT DISTINCT customer_id, date_trunc('quarter', created_at) AS p FROM orders WHERE ${inYear(year)}${and(where)})
   SELECT q.p, count(*) FILTER (WHERE f.first >= q.p), count(*) FILTER (WHERE f.first < q.p)
   FROM q JOIN f USING (customer_id) GROUP BY 1`;
/** Each customer (over `where`) with the average calendar days between their consecutive orders. */
const gapPerCustomer = (where = '') =>
  `SELECT customer_id, round(avg(d), 2) FROM (
     SELECT customer_id, date_diff('day', CAST(lag(created_at) OVER (PARTITION BY customer_id ORDER BY created_at, id) AS DATE),
       CAST(created_at AS DATE)) AS d FROM orders WHERE TRUE${and(where)})
   WHERE d IS NOT NULL GROUP BY 1`;

export const tuning22glosses: (SecondOrderCase & Tuning6Case)[] = [
  // --- a top or bottom share of customers, glossed with its counts (a check, not new numbers) ---
  {
    class: 'top-shares',
    ask: 'what share of 2025 revenue did the bottom 10% of customers bring in (the 2,000 smallest spenders out of 20,000)?',
    tolerance: 0.011,
    sql: partShare(0.1, 'ASC', inYear(2025)),
  },
  {
    class: 'top-shares',
    ask: 'top 5% of buyers by spend in 2024 (so 1,000 of our 20,000) - what % of that year’s revenue is theirs?',
    tolerance: 0.011,
    sql: partShare(0.05, 'DESC', inYear(2024)),
  },
  {
    class: 'top-shares',
    ask: 'percent of all-time sales from our top 1% of clients (200 of 20k)',
    tolerance: 0.011,
    sql: partShare(0.01, 'DESC'),
  },
  {
    class: 'top-shares',
    ask: 'how much of our revenue, as a percentage, comes from the lowest-spending 25% of customers (5000 people out of 20000)?',
    tolerance: 0.011,
    sql: partShare(0.25, 'ASC'),
  },
  {
    class: 'top-shares',
    ask: 'bottom 20% of my customers (1,000 of my 5,000) - what slice of my 2025 revenue do they account for?',
    user: WEST,
    tolerance: 0.011,
    sql: partShare(0.2, 'ASC', `region = 'west' AND ${inYear(2025)}`),
  },
  {
    class: 'top-shares',
    ask: 'share of 2023 order revenue held by the top 10 percent of customers, i.e. the biggest 2000 spenders',
    tolerance: 0.011,
    sql: partShare(0.1, 'DESC', inYear(2023)),
  },
  {
    class: 'top-shares',
    ask: 'what fraction of revenue last year came from the bottom half of customers (the 10,000 who spent least)?',
    tolerance: 0.011,
    sql: partShare(0.5, 'ASC', inYear(2025)),
  },
  {
    class: 'top-shares',
    ask: 'what % of 2024 revenue came from our bottom 10% of buyers?',
    tolerance: 0.011,
    sql: partShare(0.1, 'ASC', inYear(2024)),
  },
  // the counts contradict the share: never answered with either reading
  {
    class: 'top-shares',
    ask: 'what % of 2024 revenue came from the bottom 10% of customers (the 1,000 lowest spenders of 20,000)?',
    refuse: true,
  },
  {
    class: 'top-shares',
    ask: 'top 5% of my customers by spend (that is 1,000 of my 5,000) - their share of my revenue?',
    user: analyst('east'),
    refuse: true,
  },
  // --- a percentile glossed as the line to cross for a top or bottom share ---
  {
    class: 'percentile-glossed',
    ask: '80th percentile of customer spend in 2025, i.e. what you would have to spend to make the top 20%',
    tolerance: 0.5,
    sql: spendQuantile(0.8, inYear(2025)),
  },
  {
    class: 'percentile-glossed',
    ask: 'p95 order amount in 2024 - the size an order has to beat to land in the top 5%',
    tolerance: 0.5,
    sql: orderQuantile(0.95, inYear(2024)),
  },
  {
    class: 'percentile-glossed',
    ask: '25th percentile of lifetime spend per customer (the line the bottom quarter of customers sits under)',
    tolerance: 0.5,
    sql: spendQuantile(0.25),
  },
  {
    class: 'percentile-glossed',
    ask: 'how much did a customer need to spend in 2024 to be in the top 10% (90th pctile of spend per customer)?',
    tolerance: 0.5,
    sql: spendQuantile(0.9, inYear(2024)),
  },
  {
    class: 'percentile-glossed',
    ask: 'median spend per customer in 2023 (half of them spent more, half less)',
    tolerance: 0.5,
    sql: spendQuantile(0.5, inYear(2023)),
  },
  {
    class: 'percentile-glossed',
    ask: '75th percentile order value for 2025 (three in four orders are smaller than it)',
    tolerance: 0.5,
    sql: orderQuantile(0.75, inYear(2025)),
  },
  {
    class: 'percentile-glossed',
    ask: '10th percentile of what each customer spent in 2025, meaning the amount the bottom 10% stay below',
    tolerance: 0.5,
    sql: spendQuantile(0.1, inYear(2025)),
  },
  {
    class: 'percentile-glossed',
    ask: "what's the 90th pctl of furniture order amounts - the bar for an order to be in furniture's top 10%",
    tolerance: 0.5,
    sql: orderQuantile(0.9, "category = 'furniture'"),
  },
  // the gloss contradicts the percentile
  {
    class: 'percentile-glossed',
    ask: '90th percentile of customer spend in 2025, i.e. the amount that gets someone into the top 20%',
    refuse: true,
  },
  {
    class: 'percentile-glossed',
    ask: 'p90 order amount in 2024 (the amount only 10% of orders fall below)',
    refuse: true,
  },
  // --- a running average order value ---
  {
    class: 'series-shapes',
    ask: 'cumulative average order value by month in 2025',
    tolerance: 0.011,
    sql: runningAverage('month', 2025),
  },
  {
    class: 'series-shapes',
    ask: 'running AOV per quarter for 2024 (all orders so far that year / their count)',
    tolerance: 0.011,
    sql: runningAverage('quarter', 2024),
  },
  {
    class: 'series-shapes',
    ask: 'year-to-date average order size at the end of each month of 2023, electronics only',
    tolerance: 0.011,
    sql: runningAverage('month', 2023, "category = 'electronics'"),
  },
  // --- a trailing twelve-month total at each month ---
  {
    class: 'series-shapes',
    ask: 'rolling 12 months revenue at each month of 2025',
    tolerance: 0.011,
    sql: trailingYear('sum(amount)', 2025),
  },
  {
    class: 'series-shapes',
    ask: 'trailing twelve month order count, month by month, for 2024',
    sql: trailingYear('count(*)', 2024),
  },
  {
    class: 'series-shapes',
    ask: 'TTM sales by month in 2025 for the north',
    tolerance: 0.011,
    sql: trailingYear('sum(amount)', 2025, "region = 'north'"),
  },
  {
    class: 'series-shapes',
    ask: ['monthly revenue in 2024', 'now as a rolling 12-month total at each month'],
    tolerance: 0.011,
    sql: trailingYear('sum(amount)', 2024),
  },
  // --- new against returning customers per quarter ---
  {
    class: 'series-shapes',
    ask: 'new vs returning buyers each quarter of 2023 (new meaning their very first order was in that quarter)',
    sql: newReturning(2023),
  },
  {
    class: 'series-shapes',
    ask: 'per quarter in 2023, how many customers were new and how many were returning?',
    sql: newReturning(2023),
  },
  {
    class: 'series-shapes',
    ask: 'in my region, new versus repeat customers by quarter, 2023',
    user: analyst('south'),
    sql: newReturning(2023, "region = 'south'"),
  },
  // --- each customer's average days between orders, as a list ---
  {
    class: 'series-shapes',
    ask: 'average days between orders for each customer, as a list',
    tolerance: 0.011,
    sql: gapPerCustomer(),
  },
  {
    class: 'series-shapes',
    ask: 'list my customers with the mean number of days between their orders, customer by customer',
    user: WEST,
    tolerance: 0.011,
    sql: gapPerCustomer("region = 'west'"),
  },
  // --- must still be refused ---
  {
    class: 'refuse',
    ask: 'what share of profit do the top 10% of customers (2,000 of 20,000) bring in?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: '95th percentile of customer age, i.e. how old the oldest 5% are at least',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'new vs returning customers per quarter of 2024, where returning means they came back within 30 days',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'cumulative average basket size in items by month of 2025',
    refuse: true,
  },
];
