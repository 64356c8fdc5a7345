/**
 * The lead's probes of the session of 2026-11-29 (17:04-20:04 UTC; issue 29), in the lead's own words, written
 * before the changes they tune (helpers took asker-defined words, and combined shares and periods, in
 * tuning-30-words/shares). The first batch: the shapes the previous session's note left confidently wrong or refused
 * (the customers in a top N of two years, "each signup quarter's customers" spend in a year, days or months against
 * the average day or month of a period, orders against another year's average order, "that year" after a top N).
 * Scored in the eval CLI (1,000,000-order sample) on 651fd3c, before: see planner-tuning-6.test.ts's entry. The
 * second batch (probed after the first change; on b6ba02b 2 right of 4, the other two refused): "the one before"
 * after a unit or a named period, a ranked change by category (right, but titled as one of years), and "that
 * quarter" in a follow-up with its own figure (all time on 651fd3c: confidently wrong; fixed by the first change).
 * The third batch (on 15d94e5: both confidently wrong, a ranking of every category-month): how often a value came
 * first over the months of a year: read after (times-on-top.ts); other shapes of it are refused (misreadings.ts).
 * The fourth (on 0ed5093, refused): "of that quarter" pointing at the question's own one period. The fifth, three
 * threads (on f83c8fe: 1 confidently wrong, 2 refused): "which segment changed the most between the two?" ("two"
 * read as a top 2, the periods as this year and next), a share of every customer after a count of those with 20+
 * orders, and a combined share of the top 3 with "2025 revenue" said again.
 *
 * Clock: Friday 2027-02-05, past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, LAST_DAY, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_30_PROBED_NOW = '2027-02-05T14:00:00Z';

/** The customers ranked within the top `n` by spend in each of 2024 and 2025 (ties kept in the rank). */
const topInBoth = (n: number) =>
  `WITH a AS (SELECT customer_id, year(created_at) AS y, rank() OVER (PARTITION BY year(created_at) ORDER BY sum(amount) DESC) AS r
   FROM orders WHERE year(created_at) IN (2024, 2025) GROUP BY 1, 2)
   SELECT customer_id FROM a WHERE r <= ${n} GROUP BY 1 HAVING count(*) = 2`;
/** Each `unit` of `year` with its `measure`, kept where it stands `op` the average `unit` of that year. */
const againstAverage = (unit: string, measure: string, year: number, op: '<' | '>') =>
  `WITH t AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE ${inYear(year)} GROUP BY 1)
   SELECT p, v FROM t WHERE v ${op} (SELECT avg(v) FROM t)`;

export const tuning30probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'top-per-group',
    ask: 'which customers were in the top 50 by spend in both 2024 and 2025?',
    sql: `SELECT c.name FROM customers c WHERE c.id IN (${topInBoth(50)})`,
  },
  {
    class: 'top-per-group',
    ask: 'how many customers were among the top 100 spenders in both 2024 and 2025?',
    sql: `SELECT count(*) FROM (${topInBoth(100)})`,
  },
  {
    class: 'cohorts',
    ask: "how much did each signup quarter's customers spend in 2024?",
    sql: `SELECT date_trunc('quarter', c.created_at), sum(o.amount) FROM ${withCustomers} WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'how many days in 2025 had more revenue than the 2024 daily average?',
    sql: `WITH d AS (SELECT CAST(created_at AS DATE) AS d, sum(amount) AS v FROM orders GROUP BY 1)
      SELECT count(*) FROM d WHERE year(d) = 2025 AND v > (SELECT avg(v) FROM d WHERE year(d) = 2024)`,
  },
  {
    class: 'period-over-period',
    ask: 'list the months of 2025 where orders were below the 2025 monthly average',
    sql: againstAverage('month', 'count(*)', 2025, '<'),
  },
  {
    class: 'period-over-period',
    ask: 'which months of 2024 had revenue above the average month of 2024?',
    sql: againstAverage('month', 'sum(amount)', 2024, '>'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many 2025 orders were bigger than the 2024 average order value?',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2025)} AND amount > (SELECT avg(amount) FROM orders WHERE ${inYear(2024)})`,
  },
  {
    class: 'top-per-group',
    ask: ['top 5 customers by orders in 2025', 'how much did they spend that year?'],
    sql: `WITH t AS (SELECT customer_id, count(*) AS n, sum(amount) AS s FROM orders WHERE ${inYear(2025)} GROUP BY 1)
      SELECT c.name, t.s FROM t JOIN customers c ON c.id = t.customer_id WHERE t.n >= (SELECT n FROM t ORDER BY n DESC LIMIT 1 OFFSET 4)`,
  },
  {
    class: 'past-the-data',
    ask: 'How did the last full quarter compare to the one before?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01'`,
  },
  {
    class: 'period-over-period',
    ask: 'revenue in Q3 2025 vs the previous one',
    sql: `SELECT sum(amount) FILTER (WHERE created_at >= '2025-07-01' AND created_at < '2025-10-01'), sum(amount) FILTER (WHERE created_at >= '2025-04-01' AND created_at < '2025-07-01') FROM orders`,
    check: 'answer',
  },
  {
    class: 'period-over-period',
    ask: 'Which category had the largest year-over-year decline in revenue in 2025?',
    sql: `WITH t AS (SELECT category, sum(amount) FILTER (WHERE ${inYear(2025)}) - sum(amount) FILTER (WHERE ${inYear(2024)}) AS d,
      sum(amount) FILTER (WHERE ${inYear(2024)}) AS a FROM orders GROUP BY 1) SELECT category, d FROM t ORDER BY d / a LIMIT 1`,
  },
  {
    class: 'wording',
    ask: ['revenue in Q3 2025', 'how many orders that quarter?'],
    sql: `SELECT count(*) FROM orders WHERE created_at >= '2025-07-01' AND created_at < '2025-10-01'`,
  },
  {
    class: 'top-per-group',
    ask: 'which category was the top seller by revenue in the most months of 2023?',
    sql: `WITH t AS (SELECT category, rank() OVER (PARTITION BY date_trunc('month', created_at) ORDER BY sum(amount) DESC) AS r
      FROM orders WHERE ${inYear(2023)} GROUP BY date_trunc('month', created_at), category)
      SELECT category, count(*) AS n FROM t WHERE r = 1 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'top-per-group',
    ask: 'in how many months of 2024 was toys the top category by revenue?',
    sql: `WITH t AS (SELECT category, rank() OVER (PARTITION BY date_trunc('month', created_at) ORDER BY sum(amount) DESC) AS r
      FROM orders WHERE ${inYear(2024)} GROUP BY date_trunc('month', created_at), category)
      SELECT count(*) FROM t WHERE r = 1 AND category = 'toys'`,
  },
  {
    class: 'combined-shares',
    ask: 'what share of Q4 2025 revenue came from the top 5 customers of that quarter?',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01' GROUP BY 1)
      SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 5)) / (SELECT sum(v) FROM t), 2)`,
    tolerance: 0.01,
  },
  {
    class: 'period-over-period',
    ask: ['orders by segment in 2024', 'and in 2025?', 'which segment changed the most between the two?'],
    sql: `WITH t AS (SELECT c.segment, count(*) FILTER (WHERE ${inYear(2025, 'o.created_at')}) - count(*) FILTER (WHERE ${inYear(2024, 'o.created_at')}) AS d
      FROM ${withCustomers} GROUP BY 1) SELECT segment, d FROM t ORDER BY abs(d) DESC LIMIT 1`,
  },
  {
    class: 'counts-per-entity',
    ask: ['how many customers placed 20+ orders in 2025?', 'what % of all customers is that?'],
    sql: `SELECT round(100.0 * (SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING count(*) >= 20)) / (SELECT count(DISTINCT customer_id) FROM orders), 2)`,
    tolerance: 0.01,
  },
  {
    class: 'combined-shares',
    ask: ['top 3 categories by revenue in 2025', 'what share of 2025 revenue do they make up together?'],
    sql: `WITH t AS (SELECT category, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)
      SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 3)) / (SELECT sum(v) FROM t), 2)`,
    tolerance: 0.01,
  },
];
