/**
 * Sixteenth tuning batch (issue 29), for periods, period over period, percentiles and relative dates past the data:
 * percentiles of period totals over a span of years with the count of periods said aside ("(36 months)"), the value
 * a top or bottom share starts at ("cutoff", "top decile", "quartiles"); a span of months of a year past the data
 * against the same months of a year inside it, this year so far beside all of last year; a period to date against
 * the same point of the period before; a change over the grain asked both as an amount and a percent; the slowest
 * period and how far below the busiest; the best N periods together; follow-ups asking what part of the previous
 * total a period or each row had. Written BEFORE the planner change it tunes, in wordings a sales or operations
 * asker would use (abbreviations, asides, threads, a west analyst under row-level security); no question copies a
 * held-out or earlier tuning question.
 *
 * Clock: Tuesday 2026-03-10 unless a case sets its own (orders run 2023-01-01 to 2025-12-31). A span reaching past
 * the data states the data's last day and the figure of the part it covers (`check: 'range'`). "To date" runs
 * through today; "the same time last month" is the same days of the month before.
 *
 * Before the planner change: 7 of 37 right (eval CLI, offline), 5 confident wrong; after it, 31, none wrong.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, growth, inYear, LAST_DAY, type SecondOrderCase, WEST, withCustomers } from './tuning-2';

export const TUNING_16_PERIODS_NOW = '2026-03-10T10:00:00Z';
/** Inside the data: Wednesday 2025-08-20. */
const INSIDE = '2025-08-20T10:00:00Z';

export type Tuning16Case = SecondOrderCase & { user?: QueryUser };

/** A percentile of the per-`unit` totals of `measure` over rows matching `where`. */
const ofTotals = (p: number, unit: string, measure: string, where = '') =>
  `SELECT quantile_cont(v, ${p}) FROM (SELECT date_trunc('${unit}', created_at) AS k, ${measure} AS v FROM orders ${where ? `WHERE ${where}` : ''} GROUP BY 1)`;
/** The data's last day and the per-`by` measure of the covered span. */
const coveredBy = (by: string, measure: string, where: string, from = withCustomers) =>
  `SELECT ${LAST_DAY}, ${by}, ${measure} FROM ${from} WHERE ${where} GROUP BY 2`;
/** Two spans' measure side by side (a, then b). */
const twoSpans = (measure: string, a: string, b: string) =>
  `SELECT ${measure} FILTER (WHERE ${a}), ${measure} FILTER (WHERE ${b}) FROM orders`;
/** Each `unit` of [from, to) with its change from the one before, as an amount and a percent. */
const bothChanges = (unit: string, measure: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, v - prev, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** The lowest `unit` of the span, its figure and how far below the highest it is. */
const lowestGap = (unit: string, measure: string, where: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1)
   SELECT p, v, (SELECT max(v) FROM m) - v FROM m ORDER BY v LIMIT 1`;
/** The sum of the top `n` per-`unit` totals. */
const bestTogether = (n: number, unit: string, measure: string, where = '') =>
  `SELECT sum(v) FROM (SELECT date_trunc('${unit}', created_at) AS k, ${measure} AS v FROM orders ${where ? `WHERE ${where}` : ''} GROUP BY 1 ORDER BY v DESC LIMIT ${n})`;
/** Percent of `measure` over `where` that rows matching `part` hold. */
const share = (measure: string, part: string, where: string) =>
  `SELECT round(100.0 * ${measure} FILTER (WHERE ${part}) / ${measure}, 2) FROM orders WHERE ${where}`;
/** Each `unit`'s percent of the span's total. */
const eachShare = (unit: string, measure: string, where: string) =>
  `SELECT date_trunc('${unit}', created_at) AS k, round(100.0 * ${measure} / sum(${measure}) OVER (), 2) FROM orders WHERE ${where} GROUP BY 1`;

export const tuning16periods: Tuning16Case[] = [
  // --- percentiles of period totals over a span of years, the count of periods said aside ---
  {
    class: 'percentiles',
    ask: 'median monthly revenue from 2023 through 2025 (all 36 months)',
    check: 'answer',
    tolerance: 1,
    sql: ofTotals(0.5, 'month', 'sum(amount)'),
  },
  {
    class: 'percentiles',
    ask: 'p90 of monthly order counts, 2023-2025 — 36 months in all',
    check: 'answer',
    tolerance: 1,
    sql: ofTotals(0.9, 'month', 'count(*)'),
  },
  {
    class: 'percentiles',
    ask: '75th percentile of quarterly revenue over the last three full years (12 quarters)',
    check: 'answer',
    tolerance: 1,
    sql: ofTotals(0.75, 'quarter', 'sum(amount)'),
  },
  {
    class: 'percentiles',
    ask: 'p95 monthly revenue for 2024 and 2025 (24 months)?',
    check: 'answer',
    tolerance: 1,
    sql: ofTotals(0.95, 'month', 'sum(amount)', `${between('2024-01-01', '2026-01-01')}`),
  },
  {
    class: 'percentiles',
    ask: 'median monthly revenue in 2025 (18 months)',
    refuse: true,
  },
  // --- the value a top or bottom share starts at ---
  {
    class: 'percentiles',
    ask: 'lower quartile cut-off for monthly revenue',
    check: 'answer',
    tolerance: 1,
    sql: ofTotals(0.25, 'month', 'sum(amount)'),
  },
  {
    class: 'percentiles',
    ask: 'how big does an order have to be to make the top 10%?',
    check: 'answer',
    tolerance: 0.01,
    sql: 'SELECT quantile_cont(amount, 0.9) FROM orders',
  },
  {
    class: 'percentiles',
    ask: 'top decile cutoff for order amount in 2024',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(amount, 0.9) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'percentiles',
    ask: 'quartiles of monthly revenue in 2025',
    check: 'answer',
    tolerance: 1,
    sql: `SELECT quantile_cont(v, 0.25), quantile_cont(v, 0.5), quantile_cont(v, 0.75) FROM (SELECT date_trunc('month', created_at), sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  {
    class: 'percentiles',
    ask: 'bottom quartile of daily orders in Q4 2025',
    check: 'answer',
    tolerance: 0.5,
    sql: `SELECT quantile_cont(v, 0.25) FROM (SELECT CAST(created_at AS DATE), count(*) AS v FROM orders WHERE ${between('2025-10-01', '2026-01-01')} GROUP BY 1)`,
  },
  {
    class: 'percentiles',
    ask: 'where do the top 5% of orders start for my region in 2025?',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(amount, 0.95) FROM orders WHERE region = 'west' AND ${inYear(2025)}`,
  },
  // --- months of a year past the data against the same months of a year inside it ---
  {
    class: 'past-the-data',
    ask: 'orders for 2026 through the end of March vs the same months of 2025',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2025-01-01', '2025-04-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'revenue from January 2026 through June, compared with the same months a year earlier',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-07-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'my sales jan-jun 2026 compared with jan-jun 2025',
    user: WEST,
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE region = 'west' AND ${between('2025-01-01', '2025-07-01')}`,
  },
  // --- this year so far beside all of last year ---
  {
    class: 'past-the-data',
    ask: "this year's revenue so far by region, next to all of last year",
    check: 'range',
    tolerance: 0.01,
    sql: coveredBy('region', 'sum(amount)', inYear(2025), 'orders'),
  },
  {
    class: 'past-the-data',
    ask: 'YTD orders by segment vs full year 2025',
    check: 'range',
    sql: coveredBy('c.segment', 'count(*)', inYear(2025, 'o.created_at')),
  },
  {
    class: 'past-the-data',
    ask: 'orders so far in 2026 alongside the whole of last year, per category',
    check: 'range',
    sql: coveredBy('category', 'count(*)', inYear(2025), 'orders'),
  },
  {
    class: 'past-the-data',
    ask: 'revenue so far this year compared with the same point last year',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-03-11')}`,
  },
  // --- a period to date against the same point of the period before ---
  {
    class: 'period-over-period',
    ask: 'MTD orders vs the same time last month',
    check: 'answer',
    now: INSIDE,
    sql: twoSpans('count(*)', between('2025-07-01', '2025-07-21'), between('2025-08-01', '2025-08-21')),
  },
  {
    class: 'period-over-period',
    ask: 'revenue month to date compared to the same point last month',
    check: 'answer',
    now: INSIDE,
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2025-07-01', '2025-07-21'), between('2025-08-01', '2025-08-21')),
  },
  {
    class: 'period-over-period',
    ask: 'QTD revenue vs the same point last quarter',
    check: 'answer',
    now: INSIDE,
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2025-04-01', '2025-05-21'), between('2025-07-01', '2025-08-21')),
  },
  // --- a change over the grain, as an amount and a percent ---
  {
    class: 'period-over-period',
    ask: 'MoM change in revenue for 2025, absolute and %',
    tolerance: 0.01,
    sql: bothChanges('month', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'QoQ orders in 2024, both the difference and the percent',
    tolerance: 0.01,
    sql: bothChanges('quarter', 'count(*)', '2024-01-01', '2025-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'month over month revenue change in H1 2025 in dollars and percent',
    tolerance: 0.01,
    sql: bothChanges('month', 'sum(amount)', '2025-01-01', '2025-07-01'),
  },
  // --- the slowest period and how far below the busiest ---
  {
    class: 'period-over-period',
    ask: 'which month of 2025 had the fewest orders, and how far below the busiest was it?',
    check: 'answer',
    sql: lowestGap('month', 'count(*)', inYear(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'slowest quarter of 2024 by revenue and how far behind the best quarter',
    check: 'answer',
    tolerance: 0.01,
    sql: lowestGap('quarter', 'sum(amount)', inYear(2024)),
  },
  {
    class: 'period-over-period',
    ask: 'worst month for revenue in 2023 and the gap to the top month',
    check: 'answer',
    tolerance: 0.01,
    sql: lowestGap('month', 'sum(amount)', inYear(2023)),
  },
  // --- the best N periods together ---
  {
    class: 'combined-shares',
    ask: 'what did our 3 best months of 2025 bring in combined?',
    check: 'answer',
    tolerance: 0.01,
    sql: bestTogether(3, 'month', 'sum(amount)', inYear(2025)),
  },
  {
    class: 'combined-shares',
    ask: 'combined revenue of the top 5 months in 2024',
    check: 'answer',
    tolerance: 0.01,
    sql: bestTogether(5, 'month', 'sum(amount)', inYear(2024)),
  },
  {
    class: 'combined-shares',
    ask: 'total orders in our two busiest quarters put together',
    check: 'answer',
    sql: bestTogether(2, 'quarter', 'count(*)'),
  },
  // --- follow-ups: what part of the previous total a period, or each row, had ---
  {
    class: 'combined-shares',
    ask: ['revenue in 2024', 'what % of that came from Q1 and Q2 together?'],
    check: 'answer',
    sql: share('sum(amount)', between('2024-01-01', '2024-07-01'), inYear(2024)),
  },
  {
    class: 'combined-shares',
    ask: ['2025 order count', 'and what share of it came in the second half?'],
    check: 'answer',
    sql: share('count(*)', between('2025-07-01', '2026-01-01'), inYear(2025)),
  },
  {
    class: 'combined-shares',
    ask: ['total sales 2023', 'how much of that was Q4, as a percent'],
    check: 'answer',
    sql: share('sum(amount)', between('2023-10-01', '2024-01-01'), inYear(2023)),
  },
  {
    class: 'combined-shares',
    ask: ['orders by month in 2024', 'and each month’s share of the year?'],
    sql: eachShare('month', 'count(*)', inYear(2024)),
  },
  {
    class: 'combined-shares',
    ask: ['revenue by quarter for 2025', 'what percent of the total was each quarter?'],
    sql: eachShare('quarter', 'sum(amount)', inYear(2025)),
  },
  // --- relative spans of whole years ---
  {
    class: 'relative-dates',
    ask: 'median monthly order count over the last three full years',
    check: 'answer',
    tolerance: 1,
    sql: ofTotals(0.5, 'month', 'count(*)'),
  },
  {
    class: 'relative-dates',
    ask: 'average quarterly revenue over the past 2 full years',
    check: 'answer',
    tolerance: 1,
    sql: `SELECT avg(v) FROM (SELECT date_trunc('quarter', created_at), sum(amount) AS v FROM orders WHERE ${between('2024-01-01', '2026-01-01')} GROUP BY 1)`,
  },
];
