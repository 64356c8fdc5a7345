/**
 * Cases from the lead's probes of the sixth session of 2026-11-28 (issue 29), in the lead's own words, on clocks of
 * its own: a named year's year to date, two months or days joined by a bare "to", a measure in a ranked period
 * ("orders on the busiest day"), "of the yearly total", "share of the total ..., orders", "with amounts", "before" and
 * "after" a period, a month of every year pooled, a signup cohort open at one end, short follow-ups ("and the
 * overall?", "as percentages please", "what share is that of all my 2025 orders?"), both ends of one ranking, the
 * rows past a top N as one row, two cohorts then the rows' own period, a gloss restating a change over steps, a belief
 * in parentheses, and two spans compared past the data; with neighbours that were already right (kept so a later
 * change cannot lose them) and two refusals.
 * Scored in the eval CLI: 6 of 34 right before, on 7ad5a1e (10 confidently wrong); 34 of 34 after, none wrong.
 *
 * Clock: Wednesday 2027-09-29, twenty-one months past the data's end (orders 2023-01-01 to 2025-12-31); a few cases
 * set their own.
 */
import { between, inYear, periodChange, type SecondOrderCase } from './tuning-2';

export const TUNING_22_PROBED_NOW = '2027-09-29T10:00:00Z';

/** The `measure` of each span ([from, to)), one row per span (no label: the answer names spans its own way). */
const spans = (measure: string, ...periods: [string, string][]) =>
  periods.map(([f, t]) => `SELECT ${measure} AS v FROM orders WHERE ${between(f, t)}`).join(' UNION ALL ');
/** Each `key`'s share (%) of the `measure` over the rows `where`. */
const shares = (key: string, measure: string, where: string) =>
  `SELECT k, round(100.0 * v / sum(v) OVER (), 2) FROM (SELECT ${key} AS k, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1)`;
/**
 * The top `n` `key`s by revenue in 2025 (ties broken by the key), everything else summed, and the top rows together,
 * these two with their share of the whole (%, one decimal), as the answer states them.
 */
const topAndRest = (key: string, n: number) =>
  `WITH t AS (SELECT ${key} AS k, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1),
   r AS (SELECT k, v, row_number() OVER (ORDER BY v DESC, k) AS rn FROM t),
   g AS (SELECT CASE WHEN rn <= ${n} THEN CAST(k AS VARCHAR) ELSE 'everything else' END AS k, sum(v) AS v FROM r GROUP BY 1
         UNION ALL SELECT 'the top ${n}', sum(v) FROM r WHERE rn <= ${n})
   SELECT k, v, CASE WHEN k IN ('everything else', 'the top ${n}') THEN round(100.0 * v / (SELECT sum(v) FROM t), 1) END FROM g`;

export const tuning22probed: SecondOrderCase[] = [
  {
    // Was 2025 whole against January 1-13 of 2024 ("the same period 3 years earlier"), up 3,134%.
    class: 'period-over-period',
    ask: 'what was revenue year to date in 2025 vs the same period of 2024?',
    now: '2027-01-13T10:00:00Z',
    sql: spans('sum(amount)', ['2024-01-01', '2024-01-14'], ['2025-01-01', '2025-01-14']),
  },
  {
    class: 'period-over-period',
    ask: 'orders ytd 2025 vs ytd 2024',
    now: '2026-08-25T10:00:00Z',
    sql: spans('count(*)', ['2024-01-01', '2024-08-26'], ['2025-01-01', '2025-08-26']),
  },
  {
    // Was January against March, February left out.
    class: 'wording',
    ask: 'revenue january 2025 to march 2025',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'wording',
    ask: 'revenue march 3 2025 to march 9 2025',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-03-03', '2025-03-10')}`,
  },
  {
    // Kept: two years joined by "to" stay the two years compared.
    class: 'period-over-period',
    ask: 'revenue 2023 to 2025',
    sql: 'SELECT year(created_at), sum(amount) FROM orders WHERE year(created_at) IN (2023, 2025) GROUP BY 1',
  },
  {
    // Was refused ("busiest").
    class: 'top-per-group',
    ask: 'orders in the busiest month of 2025',
    sql: `SELECT date_trunc('month', created_at) AS m, count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'top-per-group',
    ask: 'revenue in our best month of 2024',
    sql: `SELECT date_trunc('month', created_at) AS m, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'top-per-group',
    ask: 'what was revenue in our worst month of 2024 and what month was that?',
    sql: `SELECT date_trunc('month', created_at) AS m, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 2 ASC LIMIT 1`,
  },
  {
    // Was refused ("yearly").
    class: 'combined-shares',
    ask: 'revenue per quarter in 2025 as a % of the yearly total',
    sql: shares("date_trunc('quarter', created_at)", 'sum(amount)', inYear(2025)),
  },
  {
    // Was each month's share of revenue (the total amount): confidently wrong.
    class: 'combined-shares',
    ask: "each month's share of the annual total in 2024, orders",
    sql: shares("date_trunc('month', created_at)", 'count(*)', inYear(2024)),
  },
  {
    // Was ranked by the average order amount ("amounts"): confidently wrong.
    class: 'top-per-group',
    ask: 'which customers spent the most in 2025? top 3 with amounts',
    sql: `SELECT c.name, sum(o.amount) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
  },
  {
    // Was refused ("before").
    class: 'wording',
    ask: 'how many orders were placed before 2024?',
    sql: "SELECT count(*) FROM orders WHERE created_at < '2024-01-01'",
  },
  {
    class: 'wording',
    ask: 'revenue before march 2024',
    sql: "SELECT sum(amount) FROM orders WHERE created_at < '2024-03-01'",
  },
  {
    class: 'wording',
    ask: 'how many orders after march 2024?',
    now: '2026-01-15T10:00:00Z',
    sql: "SELECT count(*) FROM orders WHERE created_at >= '2024-04-01'",
  },
  {
    // Was December 2026, past the data.
    class: 'period-over-period',
    ask: 'avg order value in december, all years combined',
    sql: 'SELECT avg(amount) FROM orders WHERE month(created_at) = 12',
  },
  {
    class: 'period-over-period',
    ask: 'how many orders in march, all time?',
    sql: 'SELECT count(*) FROM orders WHERE month(created_at) = 3',
  },
  {
    // Kept: by year.
    class: 'period-over-period',
    ask: 'q4 revenue by year',
    sql: 'SELECT year(created_at), sum(amount) FROM orders WHERE quarter(created_at) = 4 GROUP BY 1',
  },
  {
    // Was the share of the 2023 signups alone (or refused for "before").
    class: 'cohorts',
    ask: 'what share of 2025 revenue came from customers who signed up after june 2022?',
    sql: `SELECT round(100.0 * sum(o.amount) FILTER (WHERE c.created_at >= '2022-07-01') / sum(o.amount), 2)
          FROM orders o JOIN customers c ON o.customer_id = c.id WHERE ${inYear(2025, 'o.created_at')}`,
  },
  {
    // Was the 2022 signups' lifetime figure and "2023" and "2025" as cohorts; the label "2,022".
    class: 'cohorts',
    ask: 'revenue in 2025 for customers who signed up in H1 2022 vs H2 2022',
    sql: `SELECT CASE WHEN c.created_at < '2022-07-01' THEN 'H1 2022' ELSE 'H2 2022' END, sum(o.amount)
          FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE ${inYear(2025, 'o.created_at')} AND ${inYear(2022, 'c.created_at')} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'avg revenue per customer for customers who signed up in H1 2022 vs H2 2022, in 2025',
    sql: `SELECT h, avg(v) FROM (SELECT CASE WHEN c.created_at < '2022-07-01' THEN 'H1 2022' ELSE 'H2 2022' END AS h, o.customer_id, sum(o.amount) AS v
          FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE ${inYear(2025, 'o.created_at')} AND ${inYear(2022, 'c.created_at')} GROUP BY 1, 2) GROUP BY 1`,
  },
  {
    // Was unmatched.
    class: 'wording',
    ask: ['avg order value by category 2025', 'and the overall?'],
    check: 'answer',
    sql: `SELECT avg(amount) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Was unmatched ("please").
    class: 'combined-shares',
    ask: ['orders by status in q4 2025', 'as percentages please'],
    sql: shares('status', 'count(*)', between('2025-10-01', '2026-01-01')),
  },
  {
    // Was refused ("share").
    class: 'combined-shares',
    ask: ['how many orders in 2025 were over $500?', 'what share is that of all my 2025 orders?'],
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE amount > 500) / count(*), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Was refused as two rankings.
    class: 'top-per-group',
    ask: 'highest and lowest revenue category in 2025',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    // Was refused ("everything else").
    class: 'combined-shares',
    ask: 'top 3 categories by 2025 revenue and everything else combined',
    check: 'answer',
    sql: topAndRest('category', 3),
  },
  {
    // Was refused ("rest").
    class: 'combined-shares',
    ask: 'top 2 regions by 2025 revenue vs all the rest',
    check: 'answer',
    sql: topAndRest('region', 2),
  },
  {
    // Was refused ("one before").
    class: 'period-over-period',
    ask: 'MoM % change in # of orders for each month Jul-Dec 2025 (each month vs the one before)',
    sql: periodChange('month', 'count(*)', '2025-07-01', '2026-01-01'),
  },
  {
    // Was refused ("returned", the size of the change asked again).
    class: 'period-over-period',
    ask: 'Which category had the biggest drop in returned orders from 2024 to 2025, and how many fewer returns was that?',
    sql: `SELECT category, count(*) FILTER (WHERE year(created_at) = 2024), count(*) FILTER (WHERE year(created_at) = 2025)
          FROM orders WHERE status = 'returned' GROUP BY 1
          ORDER BY count(*) FILTER (WHERE year(created_at) = 2025) - count(*) FILTER (WHERE year(created_at) = 2024) ASC LIMIT 1`,
  },
  {
    // Was one 42-day total over both spans.
    class: 'past-the-data',
    ask: 'mtd revenue vs same period last month',
    now: '2026-02-11T10:00:00Z',
    sql: spans('sum(amount)', ['2025-11-01', '2025-11-12'], ['2025-12-01', '2025-12-12']),
  },
  {
    class: 'past-the-data',
    ask: 'orders in the last 7 days vs the 7 days before',
    now: '2026-02-11T10:00:00Z',
    sql: spans('count(*)', ['2025-12-18', '2025-12-25'], ['2025-12-25', '2026-01-01']),
  },
  {
    // Was refused ("company-wide").
    class: 'wording',
    ask: "what's the company-wide revenue for 2025?",
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Was refused ("head").
    class: 'wording',
    ask: 'revenue per head by region in 2025',
    sql: `SELECT region, avg(v) FROM (SELECT region, customer_id, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1, 2) GROUP BY 1`,
  },
  { class: 'out-of-scope', ask: 'top 3 categories by average order value and everything else', refuse: true },
  {
    class: 'out-of-scope',
    ask: 'which region had the highest revenue and which had the lowest return rate in 2025',
    refuse: true,
  },
];
