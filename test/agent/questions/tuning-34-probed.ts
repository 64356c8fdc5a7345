/**
 * The lead's probes of the session of 2026-11-30 (04:59-07:59 UTC; issue 29), in the lead's own words, written
 * before the changes they tune (helpers took cohorts, asker-defined terms and ranked rows, in tuning-34-cohorts,
 * tuning-34-defined and tuning-34-rows). The first batch, on 57e6c26: "month over month, how many months saw revenue
 * decline" (the months listed, by their order count), "net sales" defined in the question by a status (refused), a
 * breakdown "as percentages" (the counts, the percentages left out), a "repeat purchase rate" (refused), "which of
 * those" after a top five (the five listed again), "the same month in 2024 / a year earlier" after the best month
 * (the wrong month), and the customer with the longest gap between orders (refused).
 *
 * Clock: Tuesday 2027-02-23, past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { analyst, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_34_PROBED_NOW = '2027-02-23T14:00:00Z';

const WEST = analyst('west');

/** The `grain` periods from `from` to `to` whose `figure` fell from the period before, counted. */
const fellFrom = (grain: string, figure: string, from: string, before: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${grain}', created_at) AS p, ${figure} AS v FROM orders
     WHERE created_at >= '${before}' AND created_at < '${to}' GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT count(*) FROM c WHERE p >= '${from}' AND v < prev`;

/** The figure of the month a year before the month of [from, to) `where` with the `best` `figure`, and that month's. */
const sameMonthYearBefore = (figure: string, where: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('month', created_at) AS p, ${figure} AS v FROM orders WHERE ${where}
     AND created_at >= '${from}' AND created_at < '${to}' GROUP BY 1 ORDER BY 2 DESC LIMIT 1)
   SELECT (SELECT v FROM m) AS best, (SELECT ${figure} FROM orders WHERE ${where}
     AND date_trunc('month', created_at) = (SELECT p FROM m) - INTERVAL 1 YEAR) AS year_before`;

export const tuning34probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'period-over-period',
    check: 'answer',
    ask: 'Month over month, how many months in 2025 saw revenue decline?',
    sql: fellFrom('month', 'sum(amount)', '2025-01-01', '2024-12-01', '2026-01-01'),
  },
  {
    class: 'unknown-words',
    ask: 'How much did net sales (excluding returned and cancelled orders) grow from 2024 to 2025?',
    sql: `SELECT sum(amount) FILTER (WHERE year(created_at) = 2024), sum(amount) FILTER (WHERE year(created_at) = 2025)
          FROM orders WHERE status = 'completed'`,
  },
  {
    class: 'unknown-words',
    ask: 'What were net sales in 2025, counting only completed orders?',
    sql: `SELECT sum(amount) FROM orders WHERE status = 'completed' AND year(created_at) = 2025`,
  },
  {
    class: 'combined-shares',
    ask: 'Break down 2025 orders by status, as percentages',
    sql: `SELECT status, 100.0 * count(*) / sum(count(*)) OVER () FROM orders WHERE year(created_at) = 2025
          GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    user: WEST,
    check: 'answer',
    ask: "What's my repeat purchase rate in 2025?",
    sql: `SELECT 100.0 * count(*) FILTER (WHERE n >= 2) / count(*) FROM (SELECT customer_id, count(*) AS n FROM orders
          WHERE region = 'west' AND year(created_at) = 2025 GROUP BY 1)`,
  },
  {
    class: 'top-per-group',
    user: WEST,
    ask: [
      'Top 5 categories by revenue for me in 2025, with their order counts',
      'Which of those had the highest average order?',
    ],
    sql: `SELECT category, avg(amount) FROM orders WHERE region = 'west' AND year(created_at) = 2025 GROUP BY 1
          ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    user: WEST,
    check: 'answer',
    ask: [
      'What were my monthly sales in H2 2025?',
      'Which month was best?',
      'How did it compare with the same month in 2024?',
    ],
    sql: sameMonthYearBefore('sum(amount)', "region = 'west'", '2025-07-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    check: 'answer',
    ask: [
      'Which month of 2025 had the most orders?',
      'How does that compare with the same month a year earlier?',
    ],
    sql: sameMonthYearBefore('count(*)', 'true', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'counts-per-entity',
    user: WEST,
    ask: 'Which of my customers has the longest gap between orders?',
    sql: `SELECT c.name, max(g) FROM (SELECT customer_id, (epoch(created_at) - epoch(lag(created_at) OVER (PARTITION BY
          customer_id ORDER BY created_at, id))) / 86400.0 AS g FROM orders WHERE region = 'west') t
          JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  // Second batch: a percentile's cut-off asked of one order, a percentile of another year's orders, this quarter
  // against the same quarter last year with both past the data, a region called a market.
  {
    class: 'percentiles',
    ask: 'What order amount puts an order in the top 10% for 2025?',
    sql: `SELECT quantile_cont(amount, 0.9) FROM orders WHERE year(created_at) = 2025`,
  },
  {
    class: 'percentiles',
    ask: 'How many 2025 orders were above the 75th percentile of 2024 order amounts?',
    sql: `SELECT count(*) FROM orders WHERE year(created_at) = 2025
          AND amount > (SELECT quantile_cont(amount, 0.75) FROM orders WHERE year(created_at) = 2024)`,
  },
  {
    class: 'past-the-data',
    check: 'range',
    ask: 'Compare this quarter with the same quarter last year',
    sql: 'SELECT CAST(max(created_at) AS DATE) AS last_day FROM orders',
  },
  {
    class: 'wording',
    ask: 'Which region is our biggest market?',
    sql: 'SELECT region, sum(amount) FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  },
  // Third batch: "returning customers" (people who come back) in a share of revenue.
  {
    class: 'unknown-words',
    ask: 'How much of our 2025 revenue was from returning customers?',
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE customer_id IN (SELECT customer_id FROM orders
          WHERE created_at < '2025-01-01')) / sum(amount) FROM orders WHERE year(created_at) = 2025`,
    check: 'answer',
  },
  {
    class: 'unknown-words',
    ask: 'What share of 2025 revenue came from returning customers?',
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE customer_id IN (SELECT customer_id FROM orders
          WHERE created_at < '2025-01-01')) / sum(amount) FROM orders WHERE year(created_at) = 2025`,
    check: 'answer',
  },
  // Fourth batch: a run rate said "in" a month, people named by the asker and defined in a parenthesis, "how big was"
  // an average, a volume of sales.
  {
    class: 'unknown-words',
    check: 'answer',
    ask: 'What was our bookings run-rate in December 2025?',
    sql: `SELECT 12 * sum(amount) FROM orders WHERE created_at >= '2025-12-01' AND created_at < '2026-01-01'`,
  },
  {
    class: 'unknown-words',
    ask: 'How many whales do we have (customers who spent over 30k)?',
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING sum(amount) > 30000)',
  },
  {
    class: 'unknown-words',
    ask: 'How many VIPs do we have (i.e. clients with 70+ orders)?',
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) >= 70)',
  },
  {
    class: 'wording',
    ask: 'How big was our average order in Q4 2025?',
    sql: `SELECT avg(amount) FROM orders WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01'`,
  },
  {
    class: 'wording',
    ask: 'Which category sold the most by volume in 2024?',
    sql: 'SELECT category, count(*) FROM orders WHERE year(created_at) = 2024 GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  },
  // Fifth batch: a median this year against last year's, a year so far beside a whole one (refused as "a percentile
  // in each of two periods").
  {
    class: 'past-the-data',
    user: analyst('north'),
    check: 'range',
    ask: "What's my median order this year compared with last year?",
    sql: 'SELECT CAST(max(created_at) AS DATE) AS last_day FROM orders',
  },
  {
    class: 'percentiles',
    check: 'answer',
    now: '2025-06-10T14:00:00Z',
    ask: "What's the median order this year compared with last year?",
    sql: `SELECT quantile_cont(amount, 0.5) FILTER (WHERE year(created_at) = 2024),
          quantile_cont(amount, 0.5) FILTER (WHERE created_at >= '2025-01-01' AND created_at < '2025-06-11') FROM orders`,
  },
];
