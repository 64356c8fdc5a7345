/**
 * Thirteenth tuning batch (issue 29), for the planner's periods, period-over-period, cohort, percentile and
 * past-the-data readings: seasons glossed with their months after a possessive ("fall 2025's (Sep-Nov)") and "the
 * season before/prior", inclusive ranges of a per-customer count ("somewhere from 45 to 50", "both ends
 * included"), a whole year without a row of a kind ("made it through 2024 with no returns"), two signup cohorts
 * compared per customer ("Q2 2022 signups vs Q3 2022 signups, orders per head"), the value that marks the top or
 * bottom N% of customers or orders ("what spend puts a customer in the top 10%", "where does the bottom quartile
 * end"), the median of a year's monthly, quarterly or daily totals, and relative spans past the data ("the last 3
 * months", "this quarter", "the past 6 weeks", "since labor day last year", "the last 52 weeks"). Written BEFORE
 * the planner change it tunes, in wordings a sales or operations asker would use (typos, abbreviations, a west
 * analyst under row-level security, a thread); no question copies a held-out or earlier tuning question.
 *
 * Clock: Wednesday 2026-09-23, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers, 100 per
 * region, all signed up in 2022): "last year" is 2025, "this quarter" Q3 2026 and "the last 3 months" (June 23 to
 * September 22, 2026) lie wholly past the data; "the last 52 weeks" (364 days before today, today excluded:
 * September 24, 2025 to September 22, 2026) and "since labor day last year" (September 1, 2025 on) straddle it.
 * Seasons are meteorological (spring March-May, summer June-August, fall September-November). "Between N and M"
 * counts include both ends. Medians and percentiles are the interpolated ones.
 *
 * Before the planner change: 17 of 36 right (eval CLI, offline), 1 confident wrong; after it, 33 of 36, none
 * confident wrong (left, refused: two signup cohorts compared per customer).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, growth, inYear, LAST_DAY, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_13_PERIODS_NOW = '2026-09-23T15:10:00Z';

export type Tuning13Case = SecondOrderCase & { user?: QueryUser };

/** One measure over two spans [from, to) and the percent change from the first to the second. */
const pair = (measure: string, a: [string, string], b: [string, string], where = '') => {
  const x = `${measure} FILTER (WHERE ${between(...a)})`;
  const y = `${measure} FILTER (WHERE ${between(...b)})`;
  return `SELECT ${x}, ${y}, ${growth(y, x)} FROM orders ${where}`;
};
/** Customers whose number of orders (over `where`) lies in [low, high]. */
const countBetween = (low: number, high: number, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders ${where} GROUP BY 1 HAVING count(*) BETWEEN ${low} AND ${high})`;
/** Customers with orders in a year, none of them of `status`. */
const noneOf = (status: string, year: number) =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(year)} GROUP BY 1
     HAVING count(*) FILTER (WHERE status = '${status}') = 0)`;
/** Two signup cohorts (by `unit`) and each one's orders (or revenue) per customer. */
const cohortsPerCustomer = (
  unit: 'month' | 'quarter',
  measure: string,
  a: [string, string],
  b: [string, string],
) =>
  `SELECT date_trunc('${unit}', c.created_at), ${measure} * 1.0 / count(DISTINCT c.id)
   FROM customers c LEFT JOIN orders o ON o.customer_id = c.id
   WHERE (${between(...a, 'c.created_at')}) OR (${between(...b, 'c.created_at')}) GROUP BY 1`;
/** Each customer's total over `where`. */
const spend = (where = '') => `SELECT customer_id, sum(amount) AS s FROM orders ${where} GROUP BY 1`;
/** The median of the totals of `measure` per `unit` over `where`. */
const medianOf = (unit: 'day' | 'month' | 'quarter', measure: string, where: string) =>
  `SELECT quantile_cont(v, 0.5) FROM (SELECT date_trunc('${unit}', created_at), ${measure} AS v FROM orders WHERE ${where} GROUP BY 1)`;
/** A span that reaches past the data: the data's last day and the covered part's figure. */
const covered = (measure: string, from: string) =>
  `SELECT ${LAST_DAY}, ${measure} FROM orders WHERE created_at >= '${from}'`;

export const tuning13periods: Tuning13Case[] = [
  // --- seasons, glossed, against the season before ---
  {
    class: 'period-over-period',
    ask: "fall 2025's revenue (Sep-Nov) vs the fall before - both totals + % change pls",
    check: 'answer',
    tolerance: 0.01,
    sql: pair('sum(amount)', ['2024-09-01', '2024-12-01'], ['2025-09-01', '2025-12-01']),
  },
  {
    class: 'period-over-period',
    ask: 'how did spring 2025 orders (March through May) compare with the spring prior?',
    check: 'answer',
    tolerance: 0.006,
    sql: pair('count(*)', ['2024-03-01', '2024-06-01'], ['2025-03-01', '2025-06-01']),
  },
  {
    class: 'period-over-period',
    ask: "summer 2024's sales (jun-aug) against the previous summer, in %",
    check: 'answer',
    tolerance: 0.01,
    sql: pair('sum(amount)', ['2023-06-01', '2023-09-01'], ['2024-06-01', '2024-09-01']),
  },
  {
    class: 'period-over-period',
    ask: 'my revenue for summer 2025 vs summer 2024 - up or down?',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: pair(
      'sum(amount)',
      ['2024-06-01', '2024-09-01'],
      ['2025-06-01', '2025-09-01'],
      "WHERE region = 'west'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'Q2 2025 order count compared to Q2 2023, % change?',
    check: 'answer',
    tolerance: 0.006,
    sql: pair('count(*)', ['2023-04-01', '2023-07-01'], ['2025-04-01', '2025-07-01']),
  },
  {
    class: 'period-over-period',
    ask: 'completed revenue H2 2025 v H2 2024',
    check: 'answer',
    tolerance: 0.01,
    sql: pair(
      'sum(amount)',
      ['2024-07-01', '2025-01-01'],
      ['2025-07-01', '2026-01-01'],
      "WHERE status = 'completed'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'how much did the number of cancelled orders change from 2023 to 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: pair(
      'count(*)',
      ['2023-01-01', '2024-01-01'],
      ['2025-01-01', '2026-01-01'],
      "WHERE status = 'cancelled'",
    ),
  },
  // --- relative spans past the data ---
  {
    class: 'past-the-data',
    ask: 'revenue for the last 3 months?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'hows our order volume looking this quarter?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'how many orders came in over the past 6 weeks',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'Q3 2026 so far vs Q3 2025 - revenue',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE ${between('2025-07-01', '2025-10-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'sales since labor day last year',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-09-01'),
  },
  {
    class: 'past-the-data',
    ask: 'revenue since the start of Q4 last year?',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-10-01'),
  },
  {
    class: 'past-the-data',
    ask: 'order count for the last 52 weeks',
    check: 'range',
    sql: covered('count(*)', '2025-09-24'),
  },
  // --- per-customer counts in a range, a year without a kind of order ---
  {
    class: 'cohorts',
    ask: 'number of customers with somewhere from 45 to 50 orders in total, inclusive',
    sql: countBetween(45, 50),
  },
  {
    class: 'cohorts',
    ask: 'how many customers placed between 55 and 60 orders over their lifetime (both ends counted)?',
    sql: countBetween(55, 60),
  },
  {
    class: 'cohorts',
    ask: 'customers who made it through 2024 with no returns at all - how many?',
    sql: noneOf('returned', 2024),
  },
  {
    class: 'cohorts',
    ask: 'how many customers went all of 2023 without one cancelled order?',
    sql: noneOf('cancelled', 2023),
  },
  // --- signup cohorts compared ---
  {
    class: 'cohorts',
    ask: 'Q2 2022 signups vs Q3 2022 signups - which group placed more orders per head?',
    tolerance: 0.01,
    sql: cohortsPerCustomer(
      'quarter',
      'count(o.id)',
      ['2022-04-01', '2022-07-01'],
      ['2022-07-01', '2022-10-01'],
    ),
  },
  {
    class: 'cohorts',
    ask: 'avg orders per customer: people who joined in March 2022 vs the ones who joined in Nov 2022',
    tolerance: 0.01,
    sql: cohortsPerCustomer(
      'month',
      'count(o.id)',
      ['2022-03-01', '2022-04-01'],
      ['2022-11-01', '2022-12-01'],
    ),
  },
  {
    class: 'cohorts',
    ask: 'do customers that signed up in Q1 2022 spend more than those from Q4 2022? avg revenue per customer for each',
    tolerance: 0.01,
    sql: cohortsPerCustomer(
      'quarter',
      'coalesce(sum(o.amount), 0)',
      ['2022-01-01', '2022-04-01'],
      ['2022-10-01', '2023-01-01'],
    ),
  },
  {
    class: 'cohorts',
    ask: 'how many customers who signed up in Q1 2022 ordered in 2025?',
    sql: `SELECT count(DISTINCT c.id) FROM customers c JOIN orders o ON o.customer_id = c.id
      WHERE ${between('2022-01-01', '2022-04-01', 'c.created_at')} AND ${inYear(2025, 'o.created_at')}`,
  },
  {
    class: 'cohorts',
    ask: 'revenue last year from the customers who joined in the first half of 2022',
    tolerance: 0.01,
    sql: `SELECT sum(o.amount) FROM customers c JOIN orders o ON o.customer_id = c.id
      WHERE ${between('2022-01-01', '2022-07-01', 'c.created_at')} AND ${inYear(2025, 'o.created_at')}`,
  },
  // --- the value that marks a top or bottom share ---
  {
    class: 'percentiles',
    ask: 'what lifetime spend puts a customer in the top 10%?',
    tolerance: 0.5,
    sql: `SELECT quantile_cont(s, 0.9) FROM (${spend()})`,
  },
  {
    class: 'percentiles',
    ask: 'where does the bottom quartile of customers end, by total spend? round to the dollar',
    tolerance: 0.5,
    sql: `SELECT quantile_cont(s, 0.25) FROM (${spend()})`,
  },
  {
    class: 'percentiles',
    ask: 'what order value marks the top 5% of orders in 2025?',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(amount, 0.95) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'percentiles',
    ask: 'the cutoff for the bottom 20% of orders last year, by amount?',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(amount, 0.2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'percentiles',
    ask: 'lower quartile of furniture order amounts',
    tolerance: 0.01,
    sql: "SELECT quantile_cont(amount, 0.25) FROM orders WHERE category = 'furniture'",
  },
  {
    class: 'percentiles',
    ask: 'p90 of lifetime orders per customer in my region',
    user: WEST,
    tolerance: 0.5,
    sql: "SELECT quantile_cont(n, 0.9) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE region = 'west' GROUP BY 1)",
  },
  // --- the median of a year's monthly, quarterly or daily totals ---
  {
    class: 'percentiles',
    ask: 'of the 12 monthly order counts in 2024, whats the median?',
    tolerance: 0.5,
    sql: medianOf('month', 'count(*)', inYear(2024)),
  },
  {
    class: 'percentiles',
    ask: 'median quarterly revenue across 2023-2025',
    tolerance: 1,
    sql: medianOf('quarter', 'sum(amount)', between('2023-01-01', '2026-01-01')),
  },
  {
    class: 'percentiles',
    ask: 'what was the middle value of the daily order counts in Dec 2025?',
    tolerance: 0.5,
    sql: medianOf('day', 'count(*)', between('2025-12-01', '2026-01-01')),
  },
  {
    class: 'percentiles',
    ask: 'median order amount by region in 2025',
    tolerance: 0.01,
    sql: `SELECT region, quantile_cont(amount, 0.5) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  // --- a thread ---
  {
    class: 'percentiles',
    ask: ['median monthly revenue in 2024?', 'and in 2025?'],
    tolerance: 1,
    sql: medianOf('month', 'sum(amount)', inYear(2025)),
  },
  // --- honest refusals ---
  {
    class: 'out-of-scope',
    ask: 'median delivery days in Q3 2025 vs Q3 2024',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: "how did fall 2025's profit compare with the fall before?",
    refuse: true,
  },
];
