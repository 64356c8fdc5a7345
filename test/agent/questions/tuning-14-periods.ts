/**
 * Fourteenth tuning batch (issue 29), for period-over-period comparisons and relative dates: each quarter or month
 * of a year against the same one of the year before, each period's change from the one before when the first
 * one's previous lies outside the span asked ("Jan against Dec 2024"), the group that gained or lost the most
 * between two periods with the size of the change, the groups with more (or fewer) of something in one period
 * than in another, the most and the fewest asked together, spans starting at a holiday ("since last Christmas"),
 * "the month after that" in a thread, and the last N periods of the data. Written BEFORE the planner change it
 * tunes, in wordings a sales or operations asker would use (typos, abbreviations, a west analyst under row-level
 * security, threads); no question copies a held-out or earlier tuning question.
 *
 * Clock: Tuesday 2026-03-10, after the data ends (orders 2023-01-01 to 2025-12-31): "last Christmas" is December
 * 25, 2025, "last Thanksgiving" November 27, 2025 and "Black Friday last year" November 28, 2025 (each span runs
 * through today and is covered to December 31, 2025). "The last N quarters/months in the data" end with the data's
 * last one (Q4 2025, December 2025). "% change" is (new / old - 1) * 100.
 *
 * Before the planner change: 12 of 34 right (eval CLI, offline), 7 confident wrong; after it, 34 of 34.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, growth, inYear, LAST_DAY, periodChange, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_14_PERIODS_NOW = '2026-03-10T14:00:00Z';

export type Tuning14Case = SecondOrderCase & { user?: QueryUser };

/** Each `unit` of `year` with its measure, the same one of the year before and the percent change. */
const sameOfYearBefore = (unit: 'month' | 'quarter', measure: string, year: number, where = '') =>
  `WITH t AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders ${where} GROUP BY 1)
   SELECT a.p, a.v, b.v, ${growth('a.v', 'b.v')} FROM t a JOIN t b ON b.p = a.p - INTERVAL 1 YEAR
   WHERE year(a.p) = ${year}`;
/** The period of `year` whose change from the one before (that one read even before the year) ranks first. */
const biggestStep = (unit: 'month' | 'quarter', measure: string, year: number, order: 'ASC' | 'DESC') =>
  `SELECT p, d FROM (SELECT p, v - lag(v) OVER (ORDER BY p) AS d FROM (SELECT date_trunc('${unit}', created_at) AS p,
     ${measure} AS v FROM orders GROUP BY 1)) WHERE year(p) = ${year} ORDER BY d ${order} LIMIT 1`;
/** The value of `by` whose measure changed the most (`order` ASC: fell the most) from year a to year b, and by how much. */
const mostChanged = (by: string, measure: string, a: number, b: number, order: 'ASC' | 'DESC') =>
  `SELECT ${by}, ${measure} FILTER (WHERE year(created_at) = ${b}) - ${measure} FILTER (WHERE year(created_at) = ${a}) AS d
   FROM orders GROUP BY 1 ORDER BY d ${order} LIMIT 1`;
/** The values of `by` whose measure in year b is `op` that of year a, with both. */
const movedBetween = (by: string, measure: string, a: number, b: number, op: '>' | '<', where = '') =>
  `SELECT ${by}, ${measure} FILTER (WHERE year(created_at) = ${a}) AS x, ${measure} FILTER (WHERE year(created_at) = ${b}) AS y
   FROM orders ${where} GROUP BY 1 HAVING y ${op} x`;
/** The highest and the lowest value of `by` by the measure over `where`, each with its figure. */
const bothEnds = (by: string, measure: string, where = '') =>
  `SELECT arg_max(k, v), max(v), arg_min(k, v), min(v) FROM (SELECT ${by} AS k, ${measure} AS v FROM orders ${where} GROUP BY 1)`;
/** A span from `from` through today, past the data's end: the data's last day and the covered part's figure. */
const covered = (measure: string, from: string) =>
  `SELECT ${LAST_DAY}, ${measure} FROM orders WHERE created_at >= '${from}'`;
/** Each `unit` of [from, to) with its measure. */
const per = (unit: 'month' | 'quarter', measure: string, from: string, to: string) =>
  `SELECT date_trunc('${unit}', created_at), ${measure} FROM orders WHERE ${between(from, to)} GROUP BY 1`;

export const tuning14periods: Tuning14Case[] = [
  // --- each period against the same one of the year before ---
  {
    class: 'period-over-period',
    ask: '2024 orders by quarter, each vs the same qtr in 2023 (% change)',
    tolerance: 0.006,
    sql: sameOfYearBefore('quarter', 'count(*)', 2024),
  },
  {
    class: 'period-over-period',
    ask: 'for every month of 2025 show me revenue and how it compares to the same month of 2024',
    tolerance: 0.01,
    sql: sameOfYearBefore('month', 'sum(amount)', 2025),
  },
  {
    class: 'period-over-period',
    ask: 'quarterly sales for 2025 against the same quarter a year earlier, % diff please',
    tolerance: 0.01,
    sql: sameOfYearBefore('quarter', 'sum(amount)', 2025),
  },
  {
    class: 'period-over-period',
    ask: "my region's order count per quarter in 2024 vs the corresponding quarter of 2023",
    user: WEST,
    tolerance: 0.006,
    sql: sameOfYearBefore('quarter', 'count(*)', 2024, "WHERE region = 'west'"),
  },
  {
    class: 'period-over-period',
    ask: 'avg order value each quarter of 2025 compared with the same quarter the year before',
    tolerance: 0.01,
    sql: sameOfYearBefore('quarter', 'avg(amount)', 2025),
  },
  // --- each period against the one before, the first one's previous outside the span ---
  {
    class: 'period-over-period',
    ask: 'which quarter of 2024 had the largest revenue increase over the quarter before? (Q1 against Q4 2023)',
    check: 'answer',
    tolerance: 0.01,
    sql: biggestStep('quarter', 'sum(amount)', 2024, 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: 'month over month change in order count for jan-apr 2025, counting january against dec 2024',
    sql: periodChange('month', 'count(*)', '2025-01-01', '2025-05-01', 'absolute'),
  },
  {
    class: 'period-over-period',
    ask: "what was 2025's worst month-on-month drop in number of orders, jan vs the prior december included?",
    check: 'answer',
    sql: biggestStep('month', 'count(*)', 2025, 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'QoQ revenue growth for each quarter of 2025 (Q1 vs Q4 of 2024 too)',
    tolerance: 0.006,
    sql: periodChange('quarter', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  // --- the group that gained or lost the most between two periods, and by how much ---
  {
    class: 'period-over-period',
    ask: 'which region gained the most orders from 2023 to 2024, and by how many?',
    check: 'answer',
    sql: mostChanged('region', 'count(*)', 2023, 2024, 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: 'what category saw revenue fall the most between 2024 and 2025 and how big was the drop?',
    check: 'answer',
    tolerance: 0.01,
    sql: mostChanged('category', 'sum(amount)', 2024, 2025, 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'biggest decline in order count by status, 2023 vs 2025 - which status and how many fewer orders',
    check: 'answer',
    sql: mostChanged('status', 'count(*)', 2023, 2025, 'ASC'),
  },
  // --- the groups with more (or fewer) of something in one period than in another ---
  {
    class: 'period-over-period',
    ask: 'which categories had more cancelled orders in 2024 than in 2023?',
    sql: movedBetween('category', 'count(*)', 2023, 2024, '>', "WHERE status = 'cancelled'"),
  },
  {
    class: 'period-over-period',
    ask: 'what regions sold less in 2025 than in 2024?',
    tolerance: 0.01,
    sql: movedBetween('region', 'sum(amount)', 2024, 2025, '<'),
  },
  {
    class: 'period-over-period',
    ask: 'did any product categories get fewer returns in 2025 than 2024? which ones',
    sql: movedBetween('category', 'count(*)', 2024, 2025, '<', "WHERE status = 'returned'"),
  },
  {
    class: 'period-over-period',
    ask: 'which statuses grew in order count from 2024 to 2025?',
    sql: movedBetween('status', 'count(*)', 2024, 2025, '>'),
  },
  // --- the most and the fewest together ---
  {
    class: 'period-over-period',
    ask: 'which region had the most orders in 2025 and which had the fewest?',
    check: 'answer',
    sql: bothEnds('region', 'count(*)', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'period-over-period',
    ask: 'best and worst month for revenue in 2024?',
    check: 'answer',
    tolerance: 0.01,
    sql: bothEnds("strftime(created_at, '%Y-%m')", 'sum(amount)', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'period-over-period',
    ask: 'highest + lowest category by number of returns last year',
    check: 'answer',
    sql: bothEnds('category', 'count(*)', `WHERE status = 'returned' AND ${inYear(2025)}`),
  },
  // --- spans starting at a holiday, past the data ---
  {
    class: 'past-the-data',
    ask: 'revenue since last christmas?',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-12-25'),
  },
  {
    class: 'past-the-data',
    ask: 'how many orders have come in since black friday last year',
    check: 'range',
    sql: covered('count(*)', '2025-11-28'),
  },
  {
    class: 'past-the-data',
    ask: 'total sales since thanksgiving 2025',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-11-27'),
  },
  {
    class: 'past-the-data',
    ask: 'order count since last thanksgiving, my region only',
    user: WEST,
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE created_at >= '2025-11-27' AND region = 'west'`,
  },
  // --- "the month after that" in a thread ---
  {
    class: 'past-the-data',
    ask: ['what was the last month we had any orders in?', 'and revenue for the month after that?'],
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'period-over-period',
    ask: ['orders in oct 2025?', 'what about the month after that one?'],
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-11-01', '2025-12-01')}`,
  },
  {
    class: 'period-over-period',
    ask: ['revenue Q2 2024', 'and the quarter after?'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-07-01', '2024-10-01')}`,
  },
  // --- the last N periods of the data ---
  {
    class: 'past-the-data',
    ask: 'revenue for the last 5 quarters in the data, per quarter',
    tolerance: 0.01,
    sql: per('quarter', 'sum(amount)', '2024-10-01', '2026-01-01'),
  },
  {
    class: 'past-the-data',
    ask: 'monthly order counts for the final 6 months we have data for',
    sql: per('month', 'count(*)', '2025-07-01', '2026-01-01'),
  },
  {
    class: 'past-the-data',
    ask: 'show orders by quarter for the most recent 3 quarters of data',
    sql: per('quarter', 'count(*)', '2025-04-01', '2026-01-01'),
  },
  // --- plain comparisons, for the readings around them ---
  {
    class: 'period-over-period',
    ask: 'yoy revenue growth % for each year we have',
    tolerance: 0.006,
    sql: `SELECT y, ${growth('v', 'prev')} FROM (SELECT y, v, lag(v) OVER (ORDER BY y) AS prev FROM
      (SELECT date_trunc('year', created_at) AS y, sum(amount) AS v FROM orders GROUP BY 1))`,
  },
  {
    class: 'period-over-period',
    ask: 'dec 2025 orders vs dec 2024, up or down?',
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE ${between('2024-12-01', '2025-01-01')}), count(*) FILTER (WHERE ${between('2025-12-01', '2026-01-01')}) FROM orders`,
  },
  // --- honest refusals ---
  {
    class: 'out-of-scope',
    ask: 'profit per quarter in 2025 vs the same quarter of 2024',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'revenue since our last board meeting?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'which warehouse shipped the most orders since last thanksgiving?',
    refuse: true,
  },
];
