/**
 * Seventeenth tuning batch (issue 29), for period over period and the scope words around it: a scope aside beside
 * a change ("company-wide", "across every region", "all segments combined", "all categories": the whole, no
 * breakdown) against a breakdown ("for each region", "by segment"), and an aside that stays ambiguous (refused);
 * "for each year" / "year by year" / "every quarter" beside a change between two periods (every period between
 * is listed); a change over the grain as an amount and a percent; to date against the same point of the period
 * before and of the year before; the slowest period and how far below the busiest; what part of a previous total
 * a period was; quarter over quarter and half over half with and without a year; growth as a ratio; up or down,
 * by how much, signed; changes by a breakdown with the one that grew most. Written BEFORE the planner change it
 * tunes, in wordings a sales or operations asker would use (abbreviations, arrows, asides, threads, a west analyst
 * under row-level security); no question copies a held-out or earlier tuning question.
 *
 * Clock: Wednesday 2026-04-15 unless a case sets its own (orders run 2023-01-01 to 2025-12-31); "to date" cases
 * run inside the data, on Wednesday 2025-08-20, through today.
 *
 * Before the planner change: 14 of 38 right (eval CLI, offline), 11 confident wrong; after it, 31 (32 of 39 with the
 * refusal added after), none wrong.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, growth, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_17_PERIODS_NOW = '2026-04-15T10:00:00Z';
/** Inside the data: Wednesday 2025-08-20. */
const INSIDE = '2025-08-20T10:00:00Z';

export type Tuning17Case = SecondOrderCase & { user?: QueryUser };

/** Percent change of `measure` from the rows of `before` to those of `after` (over `where`). */
const change = (measure: string, before: string, after: string, where = '') =>
  `SELECT ${growth(`${measure} FILTER (WHERE ${after})`, `${measure} FILTER (WHERE ${before})`)} FROM orders ${where ? `WHERE ${where}` : ''}`;
/** Percent change of `measure` from `before` to `after` for each value of `by`. */
const changeBy = (by: string, measure: string, before: string, after: string) =>
  `SELECT ${by}, ${growth(`${measure} FILTER (WHERE ${after})`, `${measure} FILTER (WHERE ${before})`)} FROM orders GROUP BY 1`;
/** Each year (or other unit) of [from, to) with its figure. */
const each = (unit: string, measure: string, from: string, to: string, where = '') =>
  `SELECT date_trunc('${unit}', created_at) AS p, ${measure} FROM orders WHERE ${between(from, to)}${where ? ` AND ${where}` : ''} GROUP BY 1`;
/** Each `unit` of [from, to) with its change from the one before, as an amount and a percent. */
const bothChanges = (unit: string, measure: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, v - prev, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** Two spans' measure side by side (a, then b). */
const twoSpans = (measure: string, a: string, b: string) =>
  `SELECT ${measure} FILTER (WHERE ${a}), ${measure} FILTER (WHERE ${b}) FROM orders`;
/** The lowest `unit` of the span, its figure and how far below the highest it is (`percent`: as a percent of it). */
const lowestGap = (unit: string, measure: string, where: string, percent = false) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1)
   SELECT p, v, ${percent ? 'round(100.0 * ((SELECT max(v) FROM m) - v) / (SELECT max(v) FROM m), 2)' : '(SELECT max(v) FROM m) - v'} FROM m ORDER BY v LIMIT 1`;
/** Percent of `measure` over `where` that rows matching `part` hold. */
const share = (measure: string, part: string, where: string) =>
  `SELECT round(100.0 * ${measure} FILTER (WHERE ${part}) / ${measure}, 2) FROM orders WHERE ${where}`;
/** `measure` of `after` divided by that of `before`. */
const ratio = (measure: string, before: string, after: string) =>
  `SELECT round(${measure} FILTER (WHERE ${after}) / ${measure} FILTER (WHERE ${before}), 2) FROM orders`;
/** Both figures and the signed difference (after minus before). */
const signed = (measure: string, before: string, after: string, where = '') =>
  `SELECT ${measure} FILTER (WHERE ${before}), ${measure} FILTER (WHERE ${after}),
     ${measure} FILTER (WHERE ${after}) - ${measure} FILTER (WHERE ${before}) FROM orders ${where ? `WHERE ${where}` : ''}`;
/** The value of `by` whose percent change from `before` to `after` is largest, with it. */
const grewMost = (by: string, measure: string, before: string, after: string) =>
  `${changeBy(by, measure, before, after)} ORDER BY 2 DESC LIMIT 1`;

const y = (year: number) => inYear(year);
const quarter = (year: number, q: number) =>
  between(
    `${year}-${String(q * 3 - 2).padStart(2, '0')}-01`,
    q === 4 ? `${year + 1}-01-01` : `${year}-${String(q * 3 + 1).padStart(2, '0')}-01`,
  );

export const tuning17periods: Tuning17Case[] = [
  // --- a scope aside beside a change: the whole, no breakdown ---
  {
    class: 'period-over-period',
    ask: 'aov % change 2023 -> 2024, company-wide?',
    check: 'answer',
    tolerance: 0.006,
    sql: change('avg(amount)', y(2023), y(2024)),
  },
  {
    class: 'period-over-period',
    ask: 'percent change in revenue, 2024 vs 2025, across every region',
    check: 'answer',
    tolerance: 0.006,
    sql: change('sum(amount)', y(2024), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'order count yoy from 2024 to 2025 in % - all segments combined',
    check: 'answer',
    tolerance: 0.006,
    sql: change('count(*)', y(2024), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'Average order value 2023 vs 2025, % change? all categories',
    check: 'answer',
    tolerance: 0.006,
    sql: change('avg(amount)', y(2023), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'what was the y/y growth in revenue for 2024 (over 2023)? whole company, every region together',
    check: 'answer',
    tolerance: 0.006,
    sql: change('sum(amount)', y(2023), y(2024)),
  },
  {
    class: 'period-over-period',
    ask: 'my avg order value yoy, 2024 → 2025, in percent. all categories',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: change('avg(amount)', y(2024), y(2025), "region = 'west'"),
  },
  // --- a breakdown, said with for each / by ---
  {
    class: 'period-over-period',
    ask: 'yoy % change in avg order value 2024 -> 2025 for each region',
    tolerance: 0.006,
    sql: changeBy('region', 'avg(amount)', y(2024), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'revenue growth 2023 to 2024 by category, as a percentage',
    tolerance: 0.006,
    sql: changeBy('category', 'sum(amount)', y(2023), y(2024)),
  },
  // --- an aside that stays ambiguous: refused ---
  {
    class: 'period-over-period',
    ask: 'yoy % change in revenue 2024 -> 2025 with all regions',
    refuse: true,
  },
  {
    class: 'period-over-period',
    ask: 'which category grew the most from 2024 to 2025 in all regions?',
    refuse: true,
  },
  // --- for each year beside a change between two years: every year between ---
  {
    class: 'period-over-period',
    ask: 'were cancellations up or down from 2023 to 2025? give me each year’s number',
    sql: each('year', 'count(*)', '2023-01-01', '2026-01-01', "status = 'cancelled'"),
  },
  {
    class: 'period-over-period',
    ask: 'how did revenue move between 2023 and 2025 - year by year please',
    tolerance: 0.01,
    sql: each('year', 'sum(amount)', '2023-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'avg order value 2023 vs 2025: did it rise or fall? show every year',
    tolerance: 0.01,
    sql: each('year', 'avg(amount)', '2023-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'did completed orders increase from 2023 to 2025? count per year pls',
    sql: each('year', 'count(*)', '2023-01-01', '2026-01-01', "status = 'completed'"),
  },
  {
    class: 'period-over-period',
    ask: 'from Q1 to Q4 of 2024 did revenue go up or down? list every quarter',
    tolerance: 0.01,
    sql: each('quarter', 'sum(amount)', '2024-01-01', '2025-01-01'),
  },
  // --- a change over the grain, as an amount and a percent ---
  {
    class: 'period-over-period',
    ask: 'month-on-month orders for Q3 2025: the change in # and in %',
    tolerance: 0.01,
    sql: bothChanges('month', 'count(*)', '2025-07-01', '2025-10-01'),
  },
  {
    class: 'period-over-period',
    ask: 'monthly revenue for the last 6 months of 2025 with the $ and % change vs the prior month',
    tolerance: 0.01,
    sql: bothChanges('month', 'sum(amount)', '2025-07-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'quarter over quarter revenue in 2023 — both the absolute change and the growth rate',
    tolerance: 0.01,
    sql: bothChanges('quarter', 'sum(amount)', '2023-01-01', '2024-01-01'),
  },
  // --- to date against the same point of the month before ---
  {
    class: 'period-over-period',
    ask: 'how is revenue tracking this month vs the same point last month?',
    now: INSIDE,
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2025-07-01', '2025-07-21'), between('2025-08-01', '2025-08-21')),
  },
  {
    class: 'period-over-period',
    ask: 'orders month-to-date compared with the same days of last month',
    now: INSIDE,
    check: 'answer',
    sql: twoSpans('count(*)', between('2025-07-01', '2025-07-21'), between('2025-08-01', '2025-08-21')),
  },
  // --- to date against the same period last year ---
  {
    class: 'period-over-period',
    ask: 'revenue this quarter so far vs the same period last year',
    now: INSIDE,
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2024-07-01', '2024-08-21'), between('2025-07-01', '2025-08-21')),
  },
  {
    class: 'period-over-period',
    ask: 'YTD order count vs the same period last year?',
    now: INSIDE,
    check: 'answer',
    sql: twoSpans('count(*)', between('2024-01-01', '2024-08-21'), between('2025-01-01', '2025-08-21')),
  },
  {
    class: 'period-over-period',
    ask: 'orders in August so far, compared to the same stretch a year ago',
    now: INSIDE,
    check: 'answer',
    sql: twoSpans('count(*)', between('2024-08-01', '2024-08-21'), between('2025-08-01', '2025-08-21')),
  },
  // --- the slowest period and how far below the busiest ---
  {
    class: 'period-over-period',
    ask: 'what was our quietest month of 2024 for orders, and how many fewer than the peak month?',
    check: 'answer',
    sql: lowestGap('month', 'count(*)', y(2024)),
  },
  {
    class: 'period-over-period',
    ask: 'lowest revenue quarter of 2025 - what % below the top quarter was it?',
    check: 'answer',
    tolerance: 0.01,
    sql: lowestGap('quarter', 'sum(amount)', y(2025), true),
  },
  // --- what part of a previous total a period was ---
  {
    class: 'combined-shares',
    ask: ['orders in 2024', 'what percent of those came in Q4?'],
    check: 'answer',
    sql: share('count(*)', quarter(2024, 4), y(2024)),
  },
  {
    class: 'combined-shares',
    ask: ['revenue for 2025', 'and how much of it was the first quarter, in %?'],
    check: 'answer',
    sql: share('sum(amount)', quarter(2025, 1), y(2025)),
  },
  // --- quarter over quarter, half over half ---
  {
    class: 'period-over-period',
    ask: 'Q2 vs Q1 2025 revenue, % change',
    check: 'answer',
    tolerance: 0.006,
    sql: change('sum(amount)', quarter(2025, 1), quarter(2025, 2)),
  },
  {
    class: 'period-over-period',
    ask: 'how did H2 compare to H1 in orders, 2024?',
    check: 'answer',
    sql: twoSpans('count(*)', between('2024-01-01', '2024-07-01'), between('2024-07-01', '2025-01-01')),
  },
  {
    class: 'period-over-period',
    ask: 'Q4 over Q3 growth in orders, last year',
    check: 'answer',
    tolerance: 0.006,
    sql: change('count(*)', quarter(2025, 3), quarter(2025, 4)),
  },
  {
    class: 'period-over-period',
    ask: 'second half vs first half of 2023, revenue - up or down?',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2023-01-01', '2023-07-01'), between('2023-07-01', '2024-01-01')),
  },
  // --- growth as a ratio ---
  {
    class: 'period-over-period',
    ask: 'how many times bigger was 2025 revenue than 2023? (like 1.2x)',
    check: 'answer',
    tolerance: 0.006,
    sql: ratio('sum(amount)', y(2023), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'orders in 2024 as a multiple of 2023',
    check: 'answer',
    tolerance: 0.006,
    sql: ratio('count(*)', y(2023), y(2024)),
  },
  // --- up or down, by how much, signed ---
  {
    class: 'period-over-period',
    ask: 'did furniture revenue go up or down in 2025 vs 2024, and by how much?',
    check: 'answer',
    tolerance: 0.01,
    sql: signed('sum(amount)', y(2024), y(2025), "category = 'furniture'"),
  },
  {
    class: 'period-over-period',
    ask: 'net change in cancelled orders from 2024 to 2025 (negative if they fell)',
    check: 'answer',
    sql: signed('count(*)', y(2024), y(2025), "status = 'cancelled'"),
  },
  {
    class: 'period-over-period',
    ask: "by how much did the south's order count change between 2023 and 2024?",
    check: 'answer',
    sql: signed('count(*)', y(2023), y(2024), "region = 'south'"),
  },
  // --- changes by a breakdown, the one that grew most ---
  {
    class: 'period-over-period',
    ask: 'which segment grew revenue the most from 2024 to 2025, in %?',
    check: 'answer',
    tolerance: 0.006,
    sql: grewMost(
      'segment',
      'sum(o.amount)',
      inYear(2024, 'o.created_at'),
      inYear(2025, 'o.created_at'),
    ).replace('FROM orders', 'FROM orders o JOIN customers c ON o.customer_id = c.id'),
  },
  {
    class: 'period-over-period',
    ask: 'which region had the biggest % jump in orders between 2023 and 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: grewMost('region', 'count(*)', y(2023), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'aov by category, 2024 vs 2025 - which category rose the most, and by what %?',
    check: 'answer',
    tolerance: 0.006,
    sql: grewMost('category', 'avg(amount)', y(2024), y(2025)),
  },
];
