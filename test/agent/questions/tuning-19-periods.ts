/**
 * Nineteenth tuning batch (issue 29), for period over period and period shapes: each month (or quarter) of a named
 * span against the one before, the span's first against the one before the span; QoQ and YoY for each quarter of a
 * year; a change over the grain in $ and %; the twelve months ending on a date (trailing twelve months, TTM,
 * "rolling 12 months to"), past the data's end (the last day and the covered figure); month to date against the same
 * days of last month; the sum of the best or worst N months; a running total by month; the slowest month and how far
 * below the busiest; a yearly total followed by the share of two quarters; one total over an enumerated set of
 * months; "1 March 2025" date forms. Written BEFORE the planner change it tunes, in wordings a sales or operations
 * asker would use (abbreviations, asides, typos, a west and a north analyst under row-level security); no question
 * copies a held-out or earlier tuning question.
 *
 * Clock: Tuesday 2026-04-14 unless a case sets its own (orders run 2023-01-01 to 2025-12-31); "to date" cases run
 * inside the data, on Wednesday 2025-09-17, through today.
 *
 * Before the planner change: 19 of 38 right (eval CLI, offline), 6 confident wrong. After: 34 of 38, none wrong.
 */
import type { QueryUser } from '../../../functions/semantic';
import {
  analyst,
  between,
  growth,
  inYear,
  LAST_DAY,
  periodChange,
  type SecondOrderCase,
  WEST,
} from './tuning-2';

export const TUNING_19_PERIODS_NOW = '2026-04-14T09:30:00Z';
/** Inside the data: Wednesday 2025-09-17. */
const INSIDE = '2025-09-17T14:00:00Z';

export type Tuning19Case = SecondOrderCase & { user?: QueryUser };

/** Each `unit` of [from, to) with its value and its change from the one before, as an amount and a percent. */
const bothChanges = (unit: string, measure: string, from: string, to: string, where = '') =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders ${where ? `WHERE ${where}` : ''} GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, v - prev, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** Each `unit` of [from, to) with its percent change from the one before, kept to `where` (row-level security). */
const overPrevious = (unit: string, measure: string, from: string, to: string, where: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** Each `unit` of [from, to) with its value and its percent change from the same one a year earlier. */
const yearBack = (unit: string, measure: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1)
   SELECT a.p, a.v, ${growth('a.v', 'b.v')} FROM m a JOIN m b ON b.p = a.p - INTERVAL 1 YEAR
   WHERE a.p >= '${from}' AND a.p < '${to}'`;
/** One figure over [from, to). */
const total = (measure: string, from: string, to: string, where = '') =>
  `SELECT ${measure} FROM orders WHERE ${between(from, to)}${where ? ` AND ${where}` : ''}`;
/** Two spans' measure side by side (a, then b). */
const twoSpans = (measure: string, a: string, b: string) =>
  `SELECT ${measure} FILTER (WHERE ${a}), ${measure} FILTER (WHERE ${b}) FROM orders`;
/** The data's last day and the covered part's figure. */
const covered = (measure: string, where: string) =>
  `SELECT ${LAST_DAY}, ${measure} FROM orders WHERE ${where}`;
/** The sum of the `n` best (DESC) or worst (ASC) months of `year` by `measure`. */
const topMonths = (measure: string, year: number, n: number, direction: 'DESC' | 'ASC') =>
  `SELECT sum(v) FROM (SELECT date_trunc('month', created_at) AS p, ${measure} AS v FROM orders
     WHERE ${inYear(year)} GROUP BY 1 ORDER BY 2 ${direction} LIMIT ${n})`;
/** Each month of `year` with the running total of `measure` (an aggregate). */
const running = (measure: string, year: number) =>
  `SELECT date_trunc('month', created_at) AS p, sum(${measure}) OVER (ORDER BY date_trunc('month', created_at))
   FROM orders WHERE ${inYear(year)} GROUP BY 1`;
/** The lowest month of `year`, its value, the highest value and the gap. */
const slowest = (measure: string, year: number) =>
  `WITH m AS (SELECT date_trunc('month', created_at) AS p, ${measure} AS v FROM orders WHERE ${inYear(year)} GROUP BY 1)
   SELECT (SELECT p FROM m ORDER BY v LIMIT 1), min(v), max(v), max(v) - min(v) FROM m`;
/** The percent of `year`'s `measure` that fell in `part`. */
const shareOf = (measure: string, year: number, part: string) =>
  `SELECT round(100.0 * ${measure} FILTER (WHERE ${part}) / ${measure}, 2) FROM orders WHERE ${inYear(year)}`;
const months = (year: number, ...ms: number[]) =>
  `year(created_at) = ${year} AND month(created_at) IN (${ms.join(', ')})`;

export const tuning19periods: Tuning19Case[] = [
  // --- each month or quarter of a span against the one before, the first against the one before the span ---
  {
    class: 'period-over-period',
    ask: 'month-over-month % change in revenue, every month from Mar to Jun 2025 (each one vs the month before it)',
    check: 'answer',
    tolerance: 0.006,
    sql: periodChange('month', 'sum(amount)', '2025-03-01', '2025-07-01'),
  },
  {
    class: 'period-over-period',
    ask: 'for each month sep-nov 2024, how did the # of orders move vs the prior month, in %?',
    check: 'answer',
    tolerance: 0.006,
    sql: periodChange('month', 'count(*)', '2024-09-01', '2024-12-01'),
  },
  {
    class: 'period-over-period',
    ask: '% change vs previous month in sales for each month of H2 2024',
    check: 'answer',
    tolerance: 0.006,
    sql: periodChange('month', 'sum(amount)', '2024-07-01', '2025-01-01'),
  },
  {
    class: 'period-over-period',
    ask: "my region's MoM revenue growth for each month Feb-May 2025",
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: overPrevious('month', 'sum(amount)', '2025-02-01', '2025-06-01', "region = 'west'"),
  },
  {
    class: 'period-over-period',
    ask: 'QoQ revenue growth for each quarter of 2024',
    check: 'answer',
    tolerance: 0.006,
    sql: periodChange('quarter', 'sum(amount)', '2024-01-01', '2025-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'quarter over quarter change in orders, every quarter of 2025, in percent pls',
    check: 'answer',
    tolerance: 0.006,
    sql: periodChange('quarter', 'count(*)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'qoq order growth in our region for each qtr of 2024',
    user: analyst('north'),
    check: 'answer',
    tolerance: 0.006,
    sql: overPrevious('quarter', 'count(*)', '2024-01-01', '2025-01-01', "region = 'north'"),
  },
  {
    class: 'period-over-period',
    ask: 'YoY % for each quarter of 2025, revenue',
    check: 'answer',
    tolerance: 0.006,
    sql: yearBack('quarter', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'for every quarter of 2024, order count vs same quarter the year before (%)',
    check: 'answer',
    tolerance: 0.006,
    sql: yearBack('quarter', 'count(*)', '2024-01-01', '2025-01-01'),
  },
  // --- a change over the grain in $ and % ---
  {
    class: 'period-over-period',
    ask: 'MoM change in revenue for Aug-Oct 2025, both in dollars and percent',
    check: 'answer',
    tolerance: 0.01,
    sql: bothChanges('month', 'sum(amount)', '2025-08-01', '2025-11-01'),
  },
  {
    class: 'period-over-period',
    ask: 'month on month revenue change in $ and % for every month of Q1 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: bothChanges('month', 'sum(amount)', '2025-01-01', '2025-04-01'),
  },
  // --- the twelve months ending on a date ---
  {
    class: 'past-the-data',
    ask: 'Sales for the 12 months ending Feb 28 2026?',
    check: 'range',
    sql: covered('sum(amount)', "created_at >= '2025-03-01'"),
  },
  {
    class: 'past-the-data',
    ask: 'trailing twelve months order count ending 31 January 2026',
    check: 'range',
    sql: covered('count(*)', "created_at >= '2025-02-01'"),
  },
  {
    class: 'past-the-data',
    ask: "my region's revenue for the 12 months ending 2026-03-31",
    user: WEST,
    check: 'range',
    sql: covered('sum(amount)', "region = 'west' AND created_at >= '2025-04-01'"),
  },
  {
    class: 'period-over-period',
    ask: 'TTM revenue as of end of June 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: total('sum(amount)', '2024-07-01', '2025-07-01'),
  },
  {
    class: 'period-over-period',
    ask: 'orders, rolling 12 months to end of Sept 2025',
    check: 'answer',
    sql: total('count(*)', '2024-10-01', '2025-10-01'),
  },
  {
    class: 'period-over-period',
    ask: 'how much revenue in the twelve months through 30 November 2025?',
    check: 'answer',
    tolerance: 0.01,
    sql: total('sum(amount)', '2024-12-01', '2025-12-01'),
  },
  // --- to date against the same days last month or year ---
  {
    class: 'period-over-period',
    ask: 'MTD orders vs the same time last month',
    now: INSIDE,
    check: 'answer',
    sql: twoSpans('count(*)', between('2025-08-01', '2025-08-18'), between('2025-09-01', '2025-09-18')),
  },
  {
    class: 'period-over-period',
    ask: 'revenue month to date compared with the same point in august',
    now: INSIDE,
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2025-08-01', '2025-08-18'), between('2025-09-01', '2025-09-18')),
  },
  {
    class: 'period-over-period',
    ask: 'YTD orders vs the same period last year',
    now: INSIDE,
    check: 'answer',
    sql: twoSpans('count(*)', between('2024-01-01', '2024-09-18'), between('2025-01-01', '2025-09-18')),
  },
  // --- the best or worst N months added up ---
  {
    class: 'period-over-period',
    ask: 'our 3 strongest months of 2025 put together - combined revenue?',
    check: 'answer',
    tolerance: 0.01,
    sql: topMonths('sum(amount)', 2025, 3, 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: 'total orders in the top 2 months of 2024 combined',
    check: 'answer',
    sql: topMonths('count(*)', 2024, 2, 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: 'what did our 4 weakest months of 2023 add up to in sales?',
    check: 'answer',
    tolerance: 0.01,
    sql: topMonths('sum(amount)', 2023, 4, 'ASC'),
  },
  // --- a running total by month ---
  {
    class: 'period-over-period',
    ask: 'running total of sales by month for 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: running('sum(amount)', 2025),
  },
  {
    class: 'period-over-period',
    ask: 'cumulative order count month by month in 2023',
    check: 'answer',
    sql: running('count(*)', 2023),
  },
  // --- the slowest month and how far below the busiest ---
  {
    class: 'period-over-period',
    ask: 'quietest month of 2025 by orders -> how far below the busiest one was it?',
    check: 'answer',
    sql: slowest('count(*)', 2025),
  },
  {
    class: 'period-over-period',
    ask: 'which month in 2024 had the lowest revenue, and how much less than the best month?',
    check: 'answer',
    tolerance: 0.01,
    sql: slowest('sum(amount)', 2024),
  },
  // --- a yearly total, then the share of two quarters ---
  {
    class: 'period-over-period',
    ask: ['how many orders did we get in 2024?', 'what % of that came in Q1 and Q2 together?'],
    check: 'answer',
    tolerance: 0.006,
    sql: shareOf('count(*)', 2024, 'month(created_at) <= 6'),
  },
  {
    class: 'period-over-period',
    ask: ['2023 revenue', 'how much of that was Q3 + Q4 combined, as a percentage'],
    check: 'answer',
    tolerance: 0.006,
    sql: shareOf('sum(amount)', 2023, 'month(created_at) >= 7'),
  },
  // --- one total over an enumerated set of months ---
  {
    class: 'period-over-period',
    ask: 'total revenue across Jan, Mar and May 2024',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${months(2024, 1, 3, 5)}`,
  },
  {
    class: 'period-over-period',
    ask: 'how many orders did we get in june or july 2025, combined?',
    check: 'answer',
    sql: `SELECT count(*) FROM orders WHERE ${months(2025, 6, 7)}`,
  },
  {
    class: 'period-over-period',
    ask: 'number of cancelled orders in Feb, Mar or Apr 2025 (one number)',
    user: analyst('north'),
    check: 'answer',
    sql: `SELECT count(*) FROM orders WHERE region = 'north' AND status = 'cancelled' AND ${months(2025, 2, 3, 4)}`,
  },
  // --- day-month-year date forms ---
  {
    class: 'past-the-data',
    ask: 'orders since 1 March 2025?',
    check: 'range',
    sql: covered('count(*)', "created_at >= '2025-03-01'"),
  },
  {
    class: 'period-over-period',
    ask: 'revenue from 3 February 2024 to 10 March 2024 inclusive',
    check: 'answer',
    tolerance: 0.01,
    sql: total('sum(amount)', '2024-02-03', '2024-03-11'),
  },
  {
    class: 'period-over-period',
    ask: 'how many orders were placed on 14 July 2025',
    check: 'answer',
    sql: total('count(*)', '2025-07-14', '2025-07-15'),
  },
  // --- an unknown word beside a period shape: refused ---
  {
    class: 'period-over-period',
    ask: 'MoM revenue for each month Jul-Sep 2025 net of discounts',
    refuse: true,
  },
  {
    class: 'period-over-period',
    ask: 'running total of gross margin by month in 2024',
    refuse: true,
  },
  {
    class: 'period-over-period',
    ask: 'our 3 best months of 2025 together, leaving out promo orders',
    refuse: true,
  },
];
