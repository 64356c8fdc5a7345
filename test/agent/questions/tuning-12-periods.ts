/**
 * Twelfth tuning batch (issue 29), for the planner's period-over-period, past-the-data and percentile readings:
 * explicit day ranges ("Feb 1-14 2025", "March 3rd to 9th", "the first week of Feb (Feb 1-7)"), "the same N
 * months/days of YEAR" and "same period last year" after a named range, named days ("since christmas 2024",
 * "valentine's day last year"), "the year before last", "this quarter vs the same quarter last year" past the
 * data (the answer names the data's last day and the covered part), a difference between two years' counts
 * ("how many more orders"), a change per group in dollars, the gap between the median and the mean, a percentile
 * read from "the cheapest/priciest N% of orders", a typo'd percentile, percentiles of a per-customer aggregate,
 * the bottom half of customers by spend, customers per number of orders (a distribution), and first-order counts
 * per period that list a period with none (0). Written BEFORE the planner change it tunes, in wordings a sales or
 * operations asker would use (typos, abbreviations, a west analyst under row-level security, threads); no
 * question copies a held-out or earlier tuning question.
 *
 * Clock: Wednesday 2026-04-15, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers, 100 per
 * region, all signed up in 2022, first orders January to May 2023): "last year" is 2025, "the year before last"
 * 2024, "this quarter" Q2 2026 (past the data), "this month" April 2026. "Since DAY" runs from that day through
 * today. Medians and percentiles are the interpolated ones; "the cheapest 20%" are below the 20th percentile.
 *
 * Before the planner change: 13 of 38 right (eval CLI, offline), 5 confident wrong.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, growth, inYear, LAST_DAY, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_12_PERIODS_NOW = '2026-04-15T10:00:00Z';

export type Tuning12Case = SecondOrderCase & { user?: QueryUser };

/** One measure over two spans [from, to) and the percent change from the first to the second. */
const pair = (measure: string, a: [string, string], b: [string, string], where = '') => {
  const x = `${measure} FILTER (WHERE ${between(...a)})`;
  const y = `${measure} FILTER (WHERE ${between(...b)})`;
  return `SELECT ${x}, ${y}, ${growth(y, x)} FROM orders ${where}`;
};
/** One measure over two spans and the difference (second minus first). */
const difference = (measure: string, a: [string, string], b: [string, string], where = '') => {
  const x = `${measure} FILTER (WHERE ${between(...a)})`;
  const y = `${measure} FILTER (WHERE ${between(...b)})`;
  return `SELECT ${x}, ${y}, ${y} - ${x} FROM orders ${where}`;
};
/** Each group's value in two spans and the difference, in dollars. */
const groupDifference = (group: string, measure: string, a: [string, string], b: [string, string]) =>
  `SELECT ${group}, ${measure} FILTER (WHERE ${between(...a, 'o.created_at')}),
     ${measure} FILTER (WHERE ${between(...b, 'o.created_at')}),
     ${measure} FILTER (WHERE ${between(...b, 'o.created_at')}) - ${measure} FILTER (WHERE ${between(...a, 'o.created_at')})
   FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY 1`;
/** A span that reaches past the data: the data's last day and the covered part's figure. */
const covered = (measure: string, from: string, where = '') =>
  `SELECT ${LAST_DAY}, ${measure} FROM orders WHERE created_at >= '${from}'${where ? ` AND ${where}` : ''}`;
/** The median, the mean and the size of their gap. */
const medianMean = (where = '', from = 'orders') =>
  `SELECT quantile_cont(amount, 0.5), avg(amount), abs(quantile_cont(amount, 0.5) - avg(amount)) FROM ${from} ${where}`;
/** Each customer's total over `where`. */
const spend = (where = '') => `SELECT customer_id, sum(amount) AS s FROM orders ${where} GROUP BY 1`;
/** Customers per number of orders (over `where`). */
const perOrderCount = (where = '') =>
  `SELECT n, count(*) FROM (SELECT customer_id, count(*) AS n FROM orders ${where} GROUP BY 1) GROUP BY 1`;
/** Customers whose first order falls in each month of a year, months with none as 0. */
const newPerMonth = (year: number, where = '') =>
  `SELECT CAST(make_date(${year}, CAST(t.m AS INTEGER), 1) AS DATE), count(f.customer_id) FROM range(1, 13) AS t(m) LEFT JOIN
     (SELECT customer_id, min(created_at) AS first FROM orders ${where} GROUP BY 1) AS f
     ON year(f.first) = ${year} AND month(f.first) = t.m GROUP BY 1`;

export const tuning12periods: Tuning12Case[] = [
  // --- explicit day ranges ---
  {
    class: 'period-over-period',
    ask: 'revenue for March 3rd to 9th 2024?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-03-03', '2024-03-10')}`,
  },
  {
    class: 'period-over-period',
    ask: 'how many orders in the first week of Feb 2025 (Feb 1-7)?',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-02-01', '2025-02-08')}`,
  },
  {
    class: 'period-over-period',
    ask: 'order count Jan 10-20, 2024',
    sql: `SELECT count(*) FROM orders WHERE ${between('2024-01-10', '2024-01-21')}`,
  },
  {
    class: 'period-over-period',
    ask: 'my sales from the 1st to the 15th of November 2025',
    user: WEST,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${between('2025-11-01', '2025-11-16')}`,
  },
  {
    class: 'period-over-period',
    ask: 'orders from Dec 26 to Dec 31 2025 by category',
    sql: `SELECT category, count(*) FROM orders WHERE ${between('2025-12-26', '2026-01-01')} GROUP BY 1`,
  },
  // --- the same span of another year, same period last year ---
  {
    class: 'period-over-period',
    ask: 'how many orders from Feb 1-14 2025 compared with the same days of 2024, in %?',
    check: 'answer',
    tolerance: 0.006,
    sql: pair('count(*)', ['2024-02-01', '2024-02-15'], ['2025-02-01', '2025-02-15']),
  },
  {
    class: 'period-over-period',
    ask: 'revenue Jan-Jun 2025 vs the same six months of 2024 - % change?',
    check: 'answer',
    tolerance: 0.01,
    sql: pair('sum(amount)', ['2024-01-01', '2024-07-01'], ['2025-01-01', '2025-07-01']),
  },
  {
    class: 'period-over-period',
    ask: 'toys sales for Q3 2025 compared to the same period last year',
    check: 'answer',
    tolerance: 0.01,
    sql: pair(
      'sum(amount)',
      ['2024-07-01', '2024-10-01'],
      ['2025-07-01', '2025-10-01'],
      "WHERE category = 'toys'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'my order count for Aug-Oct 2025 against the same three months of 2024?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: pair(
      'count(*)',
      ['2024-08-01', '2024-11-01'],
      ['2025-08-01', '2025-11-01'],
      "WHERE region = 'west'",
    ),
  },
  // --- a difference between two periods, per group in dollars ---
  {
    class: 'period-over-period',
    ask: 'how many more orders did we do last year than the year before?',
    check: 'answer',
    sql: difference('count(*)', ['2024-01-01', '2025-01-01'], ['2025-01-01', '2026-01-01']),
  },
  {
    class: 'period-over-period',
    ask: 'how many orders more than in 2023 did we get in 2024?',
    check: 'answer',
    sql: difference('count(*)', ['2023-01-01', '2024-01-01'], ['2024-01-01', '2025-01-01']),
  },
  {
    class: 'period-over-period',
    ask: 'how much did the avg order size shift from 2024 to 2025 in each region, in $?',
    check: 'answer',
    tolerance: 0.011,
    sql: groupDifference(
      'o.region',
      'avg(o.amount)',
      ['2024-01-01', '2025-01-01'],
      ['2025-01-01', '2026-01-01'],
    ),
  },
  {
    class: 'period-over-period',
    ask: 'change in average order value per category between 2023 and 2025, in dollars',
    check: 'answer',
    tolerance: 0.011,
    sql: groupDifference(
      'o.category',
      'avg(o.amount)',
      ['2023-01-01', '2024-01-01'],
      ['2025-01-01', '2026-01-01'],
    ),
  },
  // --- relative and named days, past the data ---
  {
    class: 'past-the-data',
    ask: 'total sales in the year before last?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'past-the-data',
    ask: 'number of orders by region for the year before last',
    sql: `SELECT region, count(*) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'past-the-data',
    ask: 'orders since christmas 2024?',
    check: 'range',
    sql: covered('count(*)', '2024-12-25'),
  },
  {
    class: 'past-the-data',
    ask: "revenue since valentine's day last year",
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-02-14'),
  },
  {
    class: 'past-the-data',
    ask: 'how many orders did we get on new years eve 2024?',
    sql: `SELECT count(*) FROM orders WHERE ${between('2024-12-31', '2025-01-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'how is our order count this quarter comparing to the same quarter last year?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2025-04-01', '2025-07-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'revenue this month vs the same month last year',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE ${between('2025-04-01', '2025-05-01')}`,
  },
  // --- median and mean, a percentile from a share of orders, typos ---
  {
    class: 'percentiles',
    ask: "what's the gap between the mean and median order amount in 2025?",
    check: 'answer',
    tolerance: 0.02,
    sql: medianMean(`WHERE ${inYear(2025)}`),
  },
  {
    class: 'percentiles',
    ask: 'median vs average order value for toys - how big is the difference?',
    check: 'answer',
    tolerance: 0.02,
    sql: medianMean("WHERE category = 'toys'"),
  },
  {
    class: 'percentiles',
    ask: 'in my region how far is the average order from the median one?',
    user: WEST,
    check: 'answer',
    tolerance: 0.02,
    sql: medianMean("WHERE region = 'west'"),
  },
  {
    class: 'percentiles',
    ask: 'the priciest 10% of orders start at what amount?',
    tolerance: 0.01,
    sql: 'SELECT quantile_cont(amount, 0.9) FROM orders',
  },
  {
    class: 'percentiles',
    ask: 'the smallest 25% of electronics orders are under what value?',
    tolerance: 0.01,
    sql: "SELECT quantile_cont(amount, 0.25) FROM orders WHERE category = 'electronics'",
  },
  {
    class: 'percentiles',
    ask: '95th pctile order ammount in 2024',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(amount, 0.95) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'percentiles',
    ask: 'p75 of customer lifetime spend',
    tolerance: 0.5,
    sql: `SELECT quantile_cont(s, 0.75) FROM (${spend()})`,
  },
  {
    class: 'percentiles',
    ask: "what's the 80th percentile of orders per customer in 2025?",
    tolerance: 0.5,
    sql: `SELECT quantile_cont(n, 0.8) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  // --- the bottom half of customers, customers per number of orders ---
  {
    class: 'percentiles',
    ask: 'what share of 2025 revenue did the lowest-spending 50% of customers account for?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * sum(s) FILTER (WHERE half = 1) / sum(s) FROM
      (SELECT s, ntile(2) OVER (ORDER BY s) AS half FROM (${spend(`WHERE ${inYear(2025)}`)}))`,
  },
  {
    class: 'percentiles',
    ask: 'how much have the bottom half of our customers spent in total?',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT sum(s) FROM (SELECT s, ntile(2) OVER (ORDER BY s) AS half FROM (${spend()})) WHERE half = 1`,
  },
  {
    class: 'percentiles',
    ask: 'how many customers placed 1 order, 2 orders, 3 orders and so on in 2025?',
    sql: perOrderCount(`WHERE ${inYear(2025)}`),
  },
  {
    class: 'percentiles',
    ask: 'break down my customers by how many orders they made in Dec 2025',
    user: WEST,
    sql: perOrderCount(`WHERE region = 'west' AND ${between('2025-12-01', '2026-01-01')}`),
  },
  // --- first-order counts per period list a period with none ---
  {
    class: 'period-over-period',
    ask: 'first-time customers per month in 2023',
    sql: newPerMonth(2023),
  },
  // --- threads ---
  {
    class: 'period-over-period',
    ask: ['revenue for Jan 1-7 2025', 'and the same week in 2024?'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-01-01', '2024-01-08')}`,
  },
  {
    class: 'percentiles',
    ask: ["what's the 90th percentile order amount?", 'and for furniture only?'],
    tolerance: 0.01,
    sql: "SELECT quantile_cont(amount, 0.9) FROM orders WHERE category = 'furniture'",
  },
  // --- honest refusals ---
  {
    class: 'out-of-scope',
    ask: "how does this quarter's profit compare with the same quarter last year?",
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'p90 of order margin in 2025',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'median delivery time for orders shipped since black friday',
    refuse: true,
  },
];
