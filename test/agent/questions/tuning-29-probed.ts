/**
 * The lead's probes of the session of 2026-11-29 (13:55-16:55 UTC; issue 29), in the lead's own words, written
 * before the changes they tune, across the issue's classes (helpers took asker-defined words, and periods, cohorts
 * and threads, in tuning-29-words/periods).
 * Scored in the eval CLI (1,000,000-order sample) on 3783108, before: see planner-tuning-6.test.ts's entry. The last
 * three (signup cohorts by month with their spend since) were probed after the first change, on 89aad92: 0 of 3 right
 * (all 3 confidently wrong: "0, no orders match", the year read as the orders' dates, or the spend dropped). The
 * three threads after them (a follow-up "in that year", "during the same quarter" of the previous answer's one period)
 * were refused on 89aad92 (the pointer unread). Then a year after a breakdown by signup quarter or month, with no
 * signups in it ("revenue by signup quarter in 2024"): "0, no orders match" on 289fa0c (2 confidently wrong); the
 * orders' year by signup quarter after, said so (steps.ts); a year neither date holds keeps the signup dates' range.
 * Then three shares of customers (on e256328, all 3 confidently wrong): "percent of customers who ..." each against
 * themselves in two halves (the total's change given), "of all the customers who ..." (the whole was every customer),
 * and "among customers with a cancelled order, what share also had a return" (read as either status; now refused).
 * Then four cut-offs of a share of the rows (on 1d61c2a): a part in words ("the bottom quarter", "the priciest
 * tenth"), a period after the rows ("of orders in 2024") and "from the rest" were refused (cutoffs.ts).
 *
 * Clock: Wednesday 2027-11-10, almost two years past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_29_PROBED_NOW = '2027-11-10T14:00:00Z';

/** The largest (or smallest) single order of each `unit` within `where`. */
const extremeBy = (agg: 'max' | 'min', by: string, where = 'true') =>
  `SELECT ${by}, ${agg}(amount) FROM orders WHERE ${where} GROUP BY 1`;
/** The groups of `by` whose largest (smallest) order is the largest (smallest) of all, ties kept. */
const groupOfExtreme = (agg: 'max' | 'min', by: string, where: string) =>
  `WITH t AS (SELECT ${by} AS k, ${agg}(amount) AS m FROM orders WHERE ${where} GROUP BY 1)
   SELECT k, m FROM t WHERE m = (SELECT ${agg}(m) FROM t)`;
/** Each customer's `measure` in 2024 (a) and 2025 (b), within `where`. */
const twoYears = (measure: string, where = 'true') =>
  `WITH w AS (SELECT o.customer_id, ${measure.replace('@', '2024')} AS a, ${measure.replace('@', '2025')} AS b
   FROM ${withCustomers} WHERE ${where} GROUP BY 1)`;
const spendIn = 'coalesce(sum(o.amount) FILTER (WHERE year(o.created_at) = @), 0)';
const ordersIn = 'count(*) FILTER (WHERE year(o.created_at) = @)';
/** Each customer's number of distinct months with an order in `year`. */
const monthsIn = (year: number, where = 'true') =>
  `SELECT customer_id, count(DISTINCT date_trunc('month', o.created_at)) AS n FROM ${withCustomers}
   WHERE ${inYear(year, 'o.created_at')} AND ${where} GROUP BY 1`;

/** Each 2022 signup month's number of customers and their spend over all the data. */
const signupMonths = `SELECT date_trunc('month', c.created_at), count(DISTINCT c.id), sum(o.amount) FROM ${withCustomers}
   WHERE ${inYear(2022, 'c.created_at')} GROUP BY 1`;

export const tuning29probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'top-per-group',
    ask: 'biggest order in each month of 2024',
    sql: extremeBy('max', "date_trunc('month', created_at)", inYear(2024)),
  },
  {
    class: 'top-per-group',
    ask: 'what was the largest single order in each quarter of 2025?',
    sql: extremeBy('max', "date_trunc('quarter', created_at)", inYear(2025)),
  },
  {
    class: 'top-per-group',
    ask: 'the smallest order in each month of 2024',
    sql: extremeBy('min', "date_trunc('month', created_at)", inYear(2024)),
  },
  { class: 'top-per-group', ask: 'max order amount by region', sql: extremeBy('max', 'region') },
  {
    class: 'top-per-group',
    ask: 'maximum order amount by quarter in 2025',
    sql: extremeBy('max', "date_trunc('quarter', created_at)", inYear(2025)),
  },
  {
    class: 'top-per-group',
    ask: 'smallest amount per region in 2024',
    sql: extremeBy('min', 'region', inYear(2024)),
  },
  {
    class: 'top-per-group',
    ask: 'which region had the largest single order in 2025?',
    sql: groupOfExtreme('max', 'region', inYear(2025)),
  },
  {
    class: 'top-per-group',
    ask: 'which month of 2024 had the biggest order?',
    sql: groupOfExtreme('max', "date_trunc('month', created_at)", inYear(2024)),
  },
  {
    class: 'top-per-group',
    ask: 'which category had the smallest order in 2025?',
    sql: groupOfExtreme('min', 'category', inYear(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers increased their spend from 2024 to 2025 by more than 20%?',
    sql: `${twoYears(spendIn)} SELECT count(*) FROM w WHERE b > a * 1.2`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers spent at least 25% more in 2025 than in 2024?',
    sql: `${twoYears(spendIn)} SELECT count(*) FROM w WHERE b >= a * 1.25`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers placed 10 fewer orders in 2025 than in 2024?',
    sql: `${twoYears(ordersIn)} SELECT count(*) FROM w WHERE a - b >= 10`,
  },
  {
    class: 'combined-shares',
    ask: 'what share of enterprise customers spent over $3,000 less in 2025 than in 2024?',
    sql: `${twoYears(spendIn, "c.segment = 'enterprise'")} SELECT round(100.0 * count(*) FILTER (WHERE a - b > 3000) / count(*), 2) FROM w`,
    tolerance: 0.05,
  },
  {
    class: 'percentiles',
    ask: 'median spend of enterprise customers in 2024',
    sql: `SELECT quantile_cont(s, 0.5) FROM (SELECT o.customer_id, sum(o.amount)::DOUBLE AS s FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${inYear(2024, 'o.created_at')} GROUP BY 1)`,
    tolerance: 0.01,
  },
  {
    class: 'percentiles',
    ask: 'median spend per enterprise customer in 2024',
    sql: `SELECT quantile_cont(s, 0.5) FROM (SELECT o.customer_id, sum(o.amount)::DOUBLE AS s FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${inYear(2024, 'o.created_at')} GROUP BY 1)`,
    tolerance: 0.01,
  },
  {
    class: 'percentiles',
    ask: 'p90 of spend for west customers in 2025',
    sql: `SELECT quantile_cont(s, 0.9) FROM (SELECT o.customer_id, sum(o.amount)::DOUBLE AS s FROM ${withCustomers} WHERE c.region = 'west' AND ${inYear(2025, 'o.created_at')} GROUP BY 1)`,
    tolerance: 0.01,
  },
  {
    class: 'counts-per-entity',
    ask: 'on average, how many distinct months did a customer order in during 2025?',
    refuse: true,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered in 10 or more months of 2024?',
    sql: `SELECT count(*) FROM (${monthsIn(2024)}) WHERE n >= 10`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers placed orders in at least 10 different months in 2024?',
    sql: `SELECT count(*) FROM (${monthsIn(2024)}) WHERE n >= 10`,
  },
  {
    class: 'combined-shares',
    ask: 'what share of west customers bought in fewer than 9 months of 2025?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE n < 9) / (SELECT count(*) FROM customers WHERE region = 'west'), 2) FROM (${monthsIn(2025, "c.region = 'west'")})`,
    tolerance: 0.05,
  },
  {
    class: 'cohorts',
    ask: 'signups by month in 2022, and their total spend since',
    sql: signupMonths,
  },
  {
    class: 'cohorts',
    ask: 'new signups per month in 2022 and their revenue',
    sql: signupMonths,
  },
  {
    class: 'cohorts',
    ask: 'customers who signed up in 2022: how many per month, and how much have they spent since?',
    sql: signupMonths,
  },
  {
    class: 'counts-per-entity',
    ask: ['top 5 customers by spend in 2024', 'how many orders did each of them place in that year?'],
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS s, count(*) AS n FROM orders WHERE ${inYear(2024)} GROUP BY 1)
      SELECT 'Customer ' || customer_id, s, n FROM t ORDER BY s DESC LIMIT 5`,
  },
  {
    class: 'top-per-group',
    ask: ['revenue by region in Q3 2025', 'what was the AOV in each during the same quarter?'],
    sql: `SELECT region, avg(amount) FROM orders WHERE created_at >= '2025-07-01' AND created_at < '2025-10-01' GROUP BY 1`,
    tolerance: 0.01,
  },
  {
    class: 'counts-per-entity',
    ask: ['orders in 2024', 'how many were returned in that year?'],
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${inYear(2024)}`,
  },
  {
    class: 'cohorts',
    ask: 'revenue by signup quarter in 2024',
    sql: `SELECT date_trunc('quarter', c.created_at), sum(o.amount) FROM ${withCustomers}
      WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'orders by signup month in 2025',
    sql: `SELECT date_trunc('month', c.created_at), count(*) FROM ${withCustomers}
      WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'orders by signup month in 2021',
    check: 'range',
    sql: "SELECT DATE '2022-12-31', 0",
  },
  {
    class: 'combined-shares',
    ask: 'percent of customers who spent more in H2 2025 than in H1 2025',
    sql: `WITH w AS (SELECT customer_id, coalesce(sum(amount) FILTER (WHERE created_at < '2025-07-01'), 0) AS a,
      coalesce(sum(amount) FILTER (WHERE created_at >= '2025-07-01'), 0) AS b FROM orders WHERE ${inYear(2025)} GROUP BY 1)
      SELECT round(100.0 * count(*) FILTER (WHERE b > a) / count(*), 2) FROM w`,
    tolerance: 0.05,
  },
  {
    class: 'combined-shares',
    ask: 'of all the customers who bought toys in 2024, what % bought toys again in 2025?',
    sql: `WITH t AS (SELECT customer_id, count(*) FILTER (WHERE ${inYear(2024)}) AS a, count(*) FILTER (WHERE ${inYear(2025)}) AS b
      FROM orders WHERE category = 'toys' GROUP BY 1)
      SELECT round(100.0 * count(*) FILTER (WHERE a > 0 AND b > 0) / count(*) FILTER (WHERE a > 0), 2) FROM t`,
    tolerance: 0.05,
  },
  {
    class: 'combined-shares',
    ask: 'among customers with at least one cancelled order in 2025, what share also had a return?',
    refuse: true,
  },
  {
    class: 'percentiles',
    ask: 'the bottom quarter of 2024 orders are below what amount?',
    sql: `SELECT quantile_cont(amount::DOUBLE, 0.25) FROM orders WHERE ${inYear(2024)}`,
    tolerance: 0.01,
  },
  {
    class: 'percentiles',
    ask: 'the cheapest 25% of orders in 2024 are below what amount?',
    sql: `SELECT quantile_cont(amount::DOUBLE, 0.25) FROM orders WHERE ${inYear(2024)}`,
    tolerance: 0.01,
  },
  {
    class: 'percentiles',
    ask: 'what order amount separates the bottom quarter of 2024 orders from the rest?',
    sql: `SELECT quantile_cont(amount::DOUBLE, 0.25) FROM orders WHERE ${inYear(2024)}`,
    tolerance: 0.01,
  },
  {
    class: 'percentiles',
    ask: 'the priciest tenth of orders in Q4 2025 start at what amount?',
    sql: "SELECT quantile_cont(amount::DOUBLE, 0.9) FROM orders WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01'",
    tolerance: 0.01,
  },
];
