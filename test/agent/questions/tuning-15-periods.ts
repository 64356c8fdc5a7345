/**
 * Fifteenth tuning batch (issue 29), for relative dates past or straddling the data's end, period comparisons,
 * percentiles and combined shares: trailing/rolling windows (TTM, rolling 90 days, the last 6 full months, the past
 * fortnight, week/quarter/month to date), spans from a month "last year" or "between <month> and now", a year to
 * date against the same span a year before, prior years and halves; growth in percent and in dollars, the group
 * that grew least or swung most; percentiles of orders, of per-customer and per-day totals; shares of two values
 * together, of the top N, and of customers. Written BEFORE the planner change it tunes, in wordings a sales or
 * operations asker would use (abbreviations, typos, a west analyst under row-level security, threads); no question
 * copies a held-out or earlier tuning question.
 *
 * Clock: Wednesday 2026-02-18 unless a case sets its own (orders run 2023-01-01 to 2025-12-31). "The last N
 * months/quarters/years" and "TTM" are complete units before the current one; "the last N days/weeks", "rolling
 * N days" and "the past fortnight" are the days before today. A span reaching past the data states the data's last
 * day and the figure of the part it covers (`check: 'range'`); one wholly past it states the last day only.
 *
 * Before the planner change: 33 of 40 right (eval CLI, offline), 0 confident wrong; after it, 40 of 40.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, growth, inYear, LAST_DAY, type SecondOrderCase, topShare, WEST } from './tuning-2';

export const TUNING_15_PERIODS_NOW = '2026-02-18T15:00:00Z';
/** Well after the data. */
const LATE = '2026-11-27T10:00:00Z';
/** Inside the data: Wednesday 2025-08-20. */
const INSIDE = '2025-08-20T10:00:00Z';

export type Tuning15Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
/** A span from `from` through today, past the data's end: the data's last day and the covered part's figure. */
const covered = (measure: string, from: string, where = '') =>
  `SELECT ${LAST_DAY}, ${measure} FROM orders WHERE created_at >= '${from}'${where ? ` AND ${where}` : ''}`;
/** Percent of `measure` over `where` that rows matching `part` hold. */
const share = (measure: string, part: string, where = '') =>
  `SELECT round(100.0 * ${measure} FILTER (WHERE ${part}) / ${measure}, 2) FROM orders ${where ? `WHERE ${where}` : ''}`;
/** Two spans' measure side by side, the difference and the percent change (b against a). */
const twoSpans = (measure: string, a: string, b: string) =>
  `SELECT x, y, y - x, ${growth('y', 'x')} FROM (SELECT ${measure} FILTER (WHERE ${a}) AS x,
     ${measure} FILTER (WHERE ${b}) AS y FROM orders)`;
/** The value of `by` whose percent change from year a to year b ranks first by `order`, with the change. */
const rankedGrowth = (by: string, measure: string, a: number, b: number, order: 'ASC' | 'DESC') =>
  `SELECT k, ${growth('y', 'x')} AS g FROM (SELECT ${by} AS k, ${measure} FILTER (WHERE year(o.created_at) = ${a}) AS x,
     ${measure} FILTER (WHERE year(o.created_at) = ${b}) AS y FROM ${JOINED} GROUP BY 1) ORDER BY g ${order} LIMIT 1`;

export const tuning15periods: Tuning15Case[] = [
  // --- trailing and rolling windows reaching past the data ---
  {
    class: 'past-the-data',
    ask: 'TTM revenue?',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-02-01'),
  },
  {
    class: 'past-the-data',
    ask: 'how many orders over a rolling 90 days',
    check: 'range',
    sql: covered('count(*)', '2025-11-20'),
  },
  {
    class: 'past-the-data',
    ask: 'total rev for the last 6 full months',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-08-01'),
  },
  {
    class: 'past-the-data',
    ask: 'number of orders in the past fortnight',
    now: '2026-01-05T09:00:00Z',
    check: 'range',
    sql: covered('count(*)', '2025-12-22'),
  },
  {
    class: 'past-the-data',
    ask: 'week to date sales pls',
    now: '2026-01-02T16:00:00Z',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-12-29'),
  },
  {
    class: 'past-the-data',
    ask: 'my QTD order count',
    user: WEST,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'MTD revenue, quick number',
    now: LATE,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'trailing twelve months revenue for my region',
    user: WEST,
    now: LATE,
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-11-01', "region = 'west'"),
  },
  {
    class: 'past-the-data',
    ask: 'orders in the last 8 weeks?',
    now: '2026-01-14T12:00:00Z',
    check: 'range',
    sql: covered('count(*)', '2025-11-19'),
  },
  // --- spans from a month last year, or between a month and now ---
  {
    class: 'past-the-data',
    ask: 'how many orders have we had since june last year',
    check: 'range',
    sql: covered('count(*)', '2025-06-01'),
  },
  {
    class: 'past-the-data',
    ask: 'total sales between september and now',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-09-01'),
  },
  {
    class: 'past-the-data',
    ask: 'furniture revenue since oct of last year',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-10-01', "category = 'furniture'"),
  },
  // --- a year to date against the same span a year before, one side past the data ---
  {
    class: 'past-the-data',
    ask: 'YTD revenue vs same period last year',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-02-19')}`,
  },
  {
    class: 'past-the-data',
    ask: 'jan 2026 orders compared to jan 2025?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2025-01-01', '2025-02-01')}`,
  },
  // --- relative periods inside the data, or whole units before today ---
  {
    class: 'relative-dates',
    ask: 'qtd orders',
    now: INSIDE,
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-07-01', '2025-08-21')}`,
  },
  {
    class: 'relative-dates',
    ask: 'YTD orders vs the same period last year, % change',
    now: INSIDE,
    check: 'answer',
    tolerance: 0.006,
    sql: twoSpans('count(*)', between('2024-01-01', '2024-08-21'), between('2025-01-01', '2025-08-21')),
  },
  {
    class: 'relative-dates',
    ask: 'rolling 30 day revenue',
    now: INSIDE,
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-07-21', '2025-08-20')}`,
  },
  {
    class: 'relative-dates',
    ask: 'total sales for the last 3 quarters',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-04-01', '2026-01-01')}`,
  },
  {
    class: 'relative-dates',
    ask: 'prior year revenue by category',
    now: LATE,
    tolerance: 0.01,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'relative-dates',
    ask: 'H2 last year vs H2 the year before, revenue in $ and %',
    now: LATE,
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2024-07-01', '2025-01-01'), between('2025-07-01', '2026-01-01')),
  },
  // --- period comparisons in percent and in dollars ---
  {
    class: 'period-over-period',
    ask: 'how much did revenue grow 2025 over 2024, in dollars and as a %?',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', inYear(2024), inYear(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'QoQ order growth for Q4 2025 (vs Q3)',
    check: 'answer',
    tolerance: 0.006,
    sql: twoSpans('count(*)', between('2025-07-01', '2025-10-01'), between('2025-10-01', '2026-01-01')),
  },
  {
    class: 'period-over-period',
    ask: 'which category grew the least in revenue from 2024 to 2025, in % terms?',
    check: 'answer',
    tolerance: 0.006,
    sql: rankedGrowth('o.category', 'sum(o.amount)', 2024, 2025, 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'which customer segment shrank the most in order count from 2024 to 2025 (percent)?',
    check: 'answer',
    tolerance: 0.006,
    sql: rankedGrowth('c.segment', 'count(*)', 2024, 2025, 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'Q4 2025 revenue compared to the same period a year earlier',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2024-10-01', '2025-01-01'), between('2025-10-01', '2026-01-01')),
  },
  {
    class: 'period-over-period',
    ask: 'which region had the biggest swing in orders between Q3 and Q4 of 2025, up or down?',
    check: 'answer',
    sql: `SELECT region, d FROM (SELECT region, count(*) FILTER (WHERE ${between('2025-10-01', '2026-01-01')})
      - count(*) FILTER (WHERE ${between('2025-07-01', '2025-10-01')}) AS d FROM orders GROUP BY 1) ORDER BY abs(d) DESC LIMIT 1`,
  },
  // --- percentiles of orders and of per-entity or per-day totals ---
  {
    class: 'percentiles',
    ask: 'p95 order amount in 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(amount, 0.95) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'percentiles',
    ask: 'where does the top decile of customers start, by lifetime spend?',
    check: 'answer',
    tolerance: 0.01,
    sql: 'SELECT quantile_cont(v, 0.9) FROM (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'percentiles',
    ask: '25th percentile of daily order counts in 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(v, 0.25) FROM (SELECT CAST(created_at AS DATE), count(*) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  {
    class: 'percentiles',
    ask: 'IQR of order values for small business customers',
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(o.amount, 0.75) - quantile_cont(o.amount, 0.25) FROM ${JOINED} WHERE c.segment = 'small business'`,
  },
  {
    class: 'percentiles',
    ask: 'median customer lifetime spend for each segment',
    tolerance: 0.01,
    sql: `SELECT segment, median(v) FROM (SELECT c.segment, o.customer_id, sum(o.amount) AS v FROM ${JOINED} GROUP BY 1, 2) GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: 'p90 of 2025 orders per customer for my accounts',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(v, 0.9) FROM (SELECT customer_id, count(*) AS v FROM orders WHERE region = 'west' AND ${inYear(2025)} GROUP BY 1)`,
  },
  // --- combined shares ---
  {
    class: 'combined-shares',
    ask: 'what % of 2025 revenue came from toys and grocery together?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(amount)', "category IN ('toys', 'grocery')", inYear(2025)),
  },
  {
    class: 'combined-shares',
    ask: 'share of 2024 orders that were returned or cancelled',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "status IN ('returned', 'cancelled')", inYear(2024)),
  },
  {
    class: 'combined-shares',
    ask: 'what slice of last years revenue did our top 3 customers account for',
    now: LATE,
    check: 'answer',
    tolerance: 0.006,
    sql: topShare('sum(amount)', 'customer_id', 3, `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'what % of my orders were electronics or furniture?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "category IN ('electronics', 'furniture')", "region = 'west'"),
  },
  {
    class: 'combined-shares',
    ask: ['revenue by quarter for 2025', 'what share of the year did Q3 and Q4 make up together?'],
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(amount)', "created_at >= '2025-07-01'", inYear(2025)),
  },
  // --- a thread and honest refusals ---
  {
    class: 'percentiles',
    ask: ['median order value in 2024', 'and the p90?'],
    check: 'answer',
    tolerance: 0.01,
    sql: `SELECT quantile_cont(amount, 0.9) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'out-of-scope',
    ask: 'TTM gross margin by region',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'p90 shipping cost per order last quarter',
    refuse: true,
  },
];
