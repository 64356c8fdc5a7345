/**
 * The lead's probes of the session of 2026-11-29 (20:02-23:02 UTC; issue 29), in the lead's own words, written
 * before the changes they tune (helpers took asker-defined words, counts and period-over-period, and the previous
 * sessions' leftovers, in tuning-31-words/counts/left). The first batch, on 8e9ebd5: a count said with "did we get"
 * beside "weekends vs weekdays" (read as a change between two years and refused), signups of each quarter said
 * before what they spent later (the later year read as a second signup period: confidently wrong), "each 2022
 * signup quarter's customers" (listed per customer), a top N over two compared periods (the pooled rows' top, one
 * period's alone: confidently wrong) and "the top 2 ... in each of 2024 and 2025" (read as membership of both
 * tops: "none", confidently wrong). The second batch (on 6923d49, all refused: "a count against a percentile"):
 * people counted or listed against the median one's figure. The third (on 5a21de2; all 5 confident wrong):
 * each region's average month said with a verb after the region (the regions averaged in each month), the average
 * customer's monthly figure said with "generate" (the average month of everyone), and the ones that moved one way
 * in every year (the rows that did, listed, named a category that fell once as one that fell every year). The fourth
 * (on 1a36cef, refused): three or more percentiles listed with commas ("the 25th, 50th and 75th percentiles"). The
 * fifth (on 625dbc9, confident wrong: "0 orders"): bands of an amount listed one after another, read as one set of
 * conditions.
 *
 * Clock: Thursday 2027-06-03, past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_31_PROBED_NOW = '2027-06-03T14:00:00Z';

/** The first `n` values of `dimension` by `measure` in each of `years` (ties kept), with the year. */
const topOfEachYear = (dimension: string, measure: string, n: number, years: number[]) =>
  `WITH t AS (SELECT year(o.created_at) AS y, ${dimension} AS d, ${measure} AS v FROM ${withCustomers}
     WHERE year(o.created_at) IN (${years.join(', ')}) GROUP BY 1, 2),
   r AS (SELECT *, rank() OVER (PARTITION BY y ORDER BY v DESC) AS k FROM t)
   SELECT y, d, v FROM r WHERE k <= ${n} ORDER BY y, v DESC`;
/** The values of `dimension` whose revenue moved `op` the year before's in every year after the first. */
const movedEveryYear = (dimension: string, op: '<' | '>') =>
  `WITH t AS (SELECT ${dimension} AS d, year(created_at) AS y, sum(amount) AS v FROM orders GROUP BY 1, 2),
   c AS (SELECT d, y, v, lag(v) OVER (PARTITION BY d ORDER BY y) AS prev FROM t)
   SELECT d FROM c WHERE prev IS NOT NULL GROUP BY 1 HAVING bool_and(v ${op} prev) ORDER BY 1`;
/** How many customers' 2025 `figure` stands `op` the median customer's. */
const customersAgainstMedian = (figure: string, op: '<' | '>') =>
  `WITH t AS (SELECT customer_id, ${figure} AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)
   SELECT count(*) FROM t WHERE v ${op} (SELECT median(v) FROM t)`;
/** Each signup `grain` of 2022: its customers and `outcome` of their orders in `year`. */
const signupsThen = (grain: string, outcome: string, year: number) =>
  `SELECT date_trunc('${grain}', c.created_at) AS s, count(DISTINCT c.id) AS signed,
     ${outcome} FILTER (WHERE ${inYear(year, 'o.created_at')}) AS later
   FROM ${withCustomers} WHERE year(c.created_at) = 2022 GROUP BY 1 ORDER BY 1`;

export const tuning31probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'wording',
    ask: 'How many orders did we get on weekends vs weekdays in 2025?',
    sql: `SELECT CASE WHEN isodow(created_at) IN (6, 7) THEN 'weekend' ELSE 'weekday' END AS d, count(*)
      FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'wording',
    ask: 'how much revenue did we have on weekends versus weekdays in 2024?',
    sql: `SELECT CASE WHEN isodow(created_at) IN (6, 7) THEN 'weekend' ELSE 'weekday' END AS d, sum(amount)
      FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'How many customers signed up in each quarter of 2022 and what did each cohort spend in 2025?',
    sql: signupsThen('quarter', 'sum(o.amount)', 2025),
  },
  {
    class: 'cohorts',
    ask: 'How many new customers joined in every month of 2022, and how many orders did they place in 2024?',
    sql: signupsThen('month', 'count(*)', 2024),
  },
  {
    class: 'cohorts',
    ask: "what did each 2022 signup quarter's customers spend in 2025?",
    sql: `SELECT date_trunc('quarter', c.created_at) AS s, sum(o.amount) FROM ${withCustomers}
      WHERE ${inYear(2025, 'o.created_at')} AND year(c.created_at) = 2022 GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'top region by revenue, 2024 vs 2025',
    sql: topOfEachYear('o.region', 'sum(o.amount)', 1, [2024, 2025]),
  },
  {
    class: 'top-per-group',
    ask: 'which segment had the most orders in 2023 and in 2025?',
    sql: topOfEachYear('c.segment', 'count(*)', 1, [2023, 2025]),
  },
  {
    class: 'top-per-group',
    ask: 'what were the top 2 regions by revenue in each of 2024 and 2025?',
    sql: topOfEachYear('o.region', 'sum(o.amount)', 2, [2024, 2025]),
  },
  {
    class: 'percentiles',
    ask: 'how many customers spent more than the median customer in 2025?',
    sql: `${customersAgainstMedian('sum(amount)', '>')}`,
  },
  {
    class: 'percentiles',
    ask: 'how many customers had 2025 spend above the median?',
    sql: `${customersAgainstMedian('sum(amount)', '>')}`,
  },
  {
    class: 'percentiles',
    ask: 'how many customers placed fewer orders than the median customer in 2025?',
    sql: `${customersAgainstMedian('count(*)', '<')}`,
  },
  {
    class: 'wording',
    ask: 'How much revenue did each region bring in per month in 2025, on average?',
    sql: `SELECT region, avg(v) FROM (SELECT region, date_trunc('month', created_at) AS m, sum(amount) AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'wording',
    ask: 'how many orders did each segment place per quarter in 2024, on average?',
    sql: `SELECT segment, avg(v) FROM (SELECT c.segment, date_trunc('quarter', o.created_at) AS q, count(*) AS v
      FROM ${withCustomers} WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'wording',
    ask: 'How much revenue did the average customer generate per month in 2025?',
    sql: `SELECT m, avg(v) FROM (SELECT date_trunc('month', created_at) AS m, customer_id, sum(amount) AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'Which categories declined in every year?',
    sql: movedEveryYear('category', '<'),
  },
  {
    class: 'period-over-period',
    ask: 'which regions fell every single year?',
    sql: movedEveryYear('region', '<'),
  },
  {
    class: 'percentiles',
    ask: 'What were the 25th, 50th and 75th percentiles of order value in 2025?',
    sql: `SELECT quantile_cont(amount, 0.25), quantile_cont(amount, 0.5), quantile_cont(amount, 0.75) FROM orders
      WHERE ${inYear(2025)}`,
  },
  {
    class: 'percentiles',
    ask: 'give me the 10th, 25th, 75th and 90th percentile of order amounts for 2024',
    sql: `SELECT quantile_cont(amount, 0.1), quantile_cont(amount, 0.25), quantile_cont(amount, 0.75),
      quantile_cont(amount, 0.9) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'wording',
    ask: 'how many orders in 2025 were under $100, between $100 and $500, and over $500?',
    sql: `SELECT CASE WHEN amount < 100 THEN 'under $100' WHEN amount <= 500 THEN '$100 to $500' ELSE 'over $500' END, count(*)
      FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC`,
  },
];
