/**
 * Ninth tuning batch (issue 29), for the planner's shares, percentile gaps and sizes of a change: the share of a
 * part of a period in the whole period (a quarter, a month, a half of a year), the combined share of the top or
 * bottom N periods or groups, the share of a measure from rows meeting a row condition ("orders of $500 or
 * more"), gaps between two percentiles (IQR, p90 minus p10), the share of customers (biggest first) whose running
 * total reaches a share of revenue, the month or quarter of the biggest rise or fall with its size, and a ratio
 * measure in two periods with both values and the difference. Written BEFORE the planner change it tunes, in new
 * wordings a sales or operations asker would use (typos, abbreviations, a west analyst under row-level security,
 * a thread); no question copies a held-out or earlier tuning question.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers, 100 per region).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_9_SHARES_NOW = '2026-03-02T09:30:00Z';

export type Tuning9Case = SecondOrderCase & { user?: QueryUser };

/** Percent of `measure` over `where` that rows matching `part` hold. */
const partShare = (measure: string, part: string, where = '') =>
  `SELECT 100.0 * ${measure} FILTER (WHERE ${part}) / ${measure} FROM orders ${where}`;
/** Combined percent of the top (or bottom) n periods of a unit within a year. */
const topPeriods = (unit: string, measure: string, n: number, year: number, direction = 'DESC') =>
  `SELECT 100.0 * sum(v) / (SELECT ${measure} FROM orders WHERE ${inYear(year)}) FROM
   (SELECT date_trunc('${unit}', created_at), ${measure} AS v FROM orders WHERE ${inYear(year)} GROUP BY 1
    ORDER BY v ${direction} LIMIT ${n})`;
const topGroups = (by: string, measure: string, n: number, where = '') =>
  `SELECT 100.0 * sum(v) / (SELECT ${measure} FROM orders ${where}) FROM
   (SELECT ${by}, ${measure} AS v FROM orders ${where} GROUP BY 1 ORDER BY v DESC LIMIT ${n})`;
/** The gap between two percentiles of a row-level number, and the two percentiles. */
const gap = (high: number, low: number, where = '', of = 'amount', from = 'orders') =>
  `SELECT quantile_cont(${of}, ${high}) - quantile_cont(${of}, ${low}), quantile_cont(${of}, ${low}),
   quantile_cont(${of}, ${high}) FROM ${from} ${where}`;
/** Percent of customers (largest spenders first) whose running total reaches `part` of revenue. */
const customersForShare = (part: number, where = '') =>
  `SELECT 100.0 * count(*) FILTER (WHERE running - spent < total * ${part}) / count(*) FROM (
     SELECT spent, sum(spent) OVER (ORDER BY spent DESC, customer_id ROWS UNBOUNDED PRECEDING) AS running,
       sum(spent) OVER () AS total FROM (SELECT customer_id, sum(amount) AS spent FROM orders ${where} GROUP BY 1))`;
/** How many customers (largest spenders first) it takes to reach `part` of revenue. */
const customersToReach = (part: number, where = '') =>
  `SELECT count(*) FILTER (WHERE running - spent < total * ${part}) FROM (
     SELECT spent, sum(spent) OVER (ORDER BY spent DESC, customer_id ROWS UNBOUNDED PRECEDING) AS running,
       sum(spent) OVER () AS total FROM (SELECT customer_id, sum(amount) AS spent FROM orders ${where} GROUP BY 1))`;
/** The period of a year whose measure moved most against the period before, and the size of the move. */
const biggestMove = (unit: 'month' | 'quarter', measure: string, year: number, fall: boolean) =>
  `SELECT strftime(p, '${unit === 'month' ? '%B %Y' : '%Y-%m-%d'}'), ${fall ? 'prev - v' : 'v - prev'} FROM
   (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM
     (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1))
   WHERE year(p) = ${year} ORDER BY ${fall ? 'prev - v' : 'v - prev'} DESC LIMIT 1`;
/** One measure in two periods and the difference from the first to the second. */
const twoPeriods = (measure: string, a: [string, string], b: [string, string], where = '') => {
  const x = `${measure} FILTER (WHERE ${between(...a)})`;
  const y = `${measure} FILTER (WHERE ${between(...b)})`;
  return `SELECT ${x}, ${y}, ${y} - ${x} FROM orders ${where}`;
};

export const tuning9shares: Tuning9Case[] = [
  // --- the share of a part of a period in the whole period ---
  {
    class: 'combined-shares',
    ask: 'what fraction of 2024 orders were placed in December?',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('count(*)', 'month(created_at) = 12', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'combined-shares',
    ask: 'Q1 2025 revenue as a % of the whole of 2025',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', "created_at < '2025-04-01'", `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'how much of 2023 sales came in the first half of the year, percentage wise?',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', "created_at < '2023-07-01'", `WHERE ${inYear(2023)}`),
  },
  {
    class: 'combined-shares',
    ask: 'what pct of my 2024 revenue came in Q3?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: partShare(
      'sum(amount)',
      "created_at >= '2024-07-01' AND created_at < '2024-10-01'",
      `WHERE region = 'west' AND ${inYear(2024)}`,
    ),
  },
  {
    class: 'combined-shares',
    ask: "Nov 2025's share of the year's order count",
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('count(*)', 'month(created_at) = 11', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'h2 vs full year 2024 revenue - what share was h2?',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', "created_at >= '2024-07-01'", `WHERE ${inYear(2024)}`),
  },
  // --- the combined share of the top or bottom N periods or groups ---
  {
    class: 'combined-shares',
    ask: 'the 2 strongest quarters of 2024 by sales - what % of the year did they make up combined?',
    check: 'answer',
    tolerance: 0.006,
    sql: topPeriods('quarter', 'sum(amount)', 2, 2024),
  },
  {
    class: 'combined-shares',
    ask: 'what share of 2023 revenue did our top 4 months account for together?',
    check: 'answer',
    tolerance: 0.006,
    sql: topPeriods('month', 'sum(amount)', 4, 2023),
  },
  {
    class: 'combined-shares',
    ask: 'our 3 weakest months of 2025 by revenue: together what percent of the year?',
    check: 'answer',
    tolerance: 0.006,
    sql: topPeriods('month', 'sum(amount)', 3, 2025, 'ASC'),
  },
  {
    class: 'combined-shares',
    ask: 'top 2 categories by 2025 revenue - combined share of the total?',
    check: 'answer',
    tolerance: 0.006,
    sql: topGroups('category', 'sum(amount)', 2, `WHERE ${inYear(2025)}`),
  },
  // --- the share of a measure from rows meeting a row condition ---
  {
    class: 'combined-shares',
    ask: 'what percent of revenue in 2024 came from orders below $100?',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', 'amount < 100', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'combined-shares',
    ask: 'what fraction of 2025 orders were over $750?',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('count(*)', 'amount > 750', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'how much of total sales came from tickets of $500+, as a %',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', 'amount >= 500'),
  },
  {
    class: 'combined-shares',
    ask: 'portion of my revenue from orders of at least $800?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', 'amount >= 800', "WHERE region = 'west'"),
  },
  {
    class: 'combined-shares',
    ask: 'share of toy revenue from orders above $900',
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', 'amount > 900', "WHERE category = 'toys'"),
  },
  // --- gaps between two percentiles ---
  {
    class: 'percentiles',
    ask: 'IQR of electronics order amounts in 2024',
    check: 'answer',
    tolerance: 0.011,
    sql: gap(0.75, 0.25, `WHERE category = 'electronics' AND ${inYear(2024)}`),
  },
  {
    class: 'percentiles',
    ask: 'p75 minus p25 for grocery order values?',
    check: 'answer',
    tolerance: 0.011,
    sql: gap(0.75, 0.25, "WHERE category = 'grocery'"),
  },
  {
    class: 'percentiles',
    ask: 'spread between the 10th and 90th percentile of clothing order amounts',
    check: 'answer',
    tolerance: 0.011,
    sql: gap(0.9, 0.1, "WHERE category = 'clothing'"),
  },
  {
    class: 'percentiles',
    ask: 'interquartile range of order value in my region',
    user: WEST,
    check: 'answer',
    tolerance: 0.011,
    sql: gap(0.75, 0.25, "WHERE region = 'west'"),
  },
  {
    class: 'percentiles',
    ask: 'whats the iqr on 2023 order amounts',
    check: 'answer',
    tolerance: 0.011,
    sql: gap(0.75, 0.25, `WHERE ${inYear(2023)}`),
  },
  {
    class: 'percentiles',
    ask: 'IQR of lifetime spend per customer',
    check: 'answer',
    tolerance: 0.5,
    sql: gap(0.75, 0.25, '', 'spent', '(SELECT customer_id, sum(amount) AS spent FROM orders GROUP BY 1)'),
  },
  // --- the share of customers whose running total reaches a share of revenue ---
  {
    class: 'combined-shares',
    ask: 'what percentage of clients make up 60% of revenue, biggest spenders first?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersForShare(0.6),
  },
  {
    class: 'combined-shares',
    ask: 'how many of our top customers does it take to reach half of 2025 revenue?',
    check: 'answer',
    sql: customersToReach(0.5, `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'what % of my customers bring in half my revenue (largest first)?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: customersForShare(0.5, "WHERE region = 'west'"),
  },
  // --- the size of a change ---
  {
    class: 'period-over-period',
    ask: 'which month of 2024 had the biggest jump in revenue vs the prior month, and by how much?',
    check: 'answer',
    tolerance: 0.01,
    sql: biggestMove('month', 'sum(amount)', 2024, false),
  },
  {
    class: 'period-over-period',
    ask: 'which quarter of 2025 saw the largest drop in orders from the previous quarter, and how big was it?',
    check: 'answer',
    sql: biggestMove('quarter', 'count(*)', 2025, true),
  },
  {
    class: 'period-over-period',
    ask: 'avg order value H1 2025 vs H1 2024: up or down, and by how much? show both',
    check: 'answer',
    tolerance: 0.01,
    sql: twoPeriods('avg(amount)', ['2024-01-01', '2024-07-01'], ['2025-01-01', '2025-07-01']),
  },
  {
    class: 'period-over-period',
    ask: 'did AOV go up or down in Q4 2025 compared with Q4 2024? both figures and the diff pls',
    check: 'answer',
    tolerance: 0.01,
    sql: twoPeriods('avg(amount)', ['2024-10-01', '2025-01-01'], ['2025-10-01', '2026-01-01']),
  },
  {
    class: 'period-over-period',
    ask: 'was my average order size higher or lower in 2025 than 2023? give both and the difference',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: twoPeriods(
      'avg(amount)',
      ['2023-01-01', '2024-01-01'],
      ['2025-01-01', '2026-01-01'],
      "WHERE region = 'west'",
    ),
  },
  // --- a thread ---
  {
    class: 'combined-shares',
    ask: ['revenue for 2025 please', 'what share of it came in Q4?'],
    check: 'answer',
    tolerance: 0.006,
    sql: partShare('sum(amount)', "created_at >= '2025-10-01'", `WHERE ${inYear(2025)}`),
  },
  // --- honest refusals: the model lacks what the share or gap is of ---
  { class: 'out-of-scope', ask: 'what share of 2025 profit came in Q4?', refuse: true },
  { class: 'out-of-scope', ask: 'IQR of delivery times for furniture orders', refuse: true },
  {
    class: 'out-of-scope',
    ask: 'what % of revenue came from orders with a discount over 10%?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'which month of 2025 had the biggest drop in website visits vs the month before?',
    refuse: true,
  },
];
