/**
 * Eighteenth tuning batch (issue 29), for period over period and the period words around it: a quoted figure beside
 * a change (the actual change answered, the quoted one checked); month over month for named months with the month
 * before the first included; each quarter or month against the same one a year back, a percent for each; the group
 * with the biggest drop or rise between two periods and by how much (an absolute difference); this half or quarter
 * against the same one last year under row-level security, and "since DAY" past the data's end (the last day and
 * the covered figure); a quarter "in YEAR vs YEAR" (that quarter of each year); year over year "by quarter"; a change
 * over the grain in $ (or #) and %; net change; growth as a ratio; to date against the same days of the period
 * before. Written BEFORE the planner change it tunes, in wordings a sales or operations asker would use
 * (abbreviations, asides, typos, a north and a west analyst under row-level security); no question copies a held-out
 * or earlier tuning question.
 *
 * Clock: Monday 2026-03-09 unless a case sets its own (orders run 2023-01-01 to 2025-12-31); "to date" cases run
 * inside the data, on Tuesday 2025-11-18, through today.
 *
 * Before the planner change: 15 of 35 right (eval CLI, offline), 5 confident wrong. After: 30 of 35, none wrong, on the
 * helper's branch; 33 of 35 on the merged tree (holiday glosses and "the same half a year ago" read by the lead).
 */
import type { QueryUser } from '../../../functions/semantic';
import { analyst, between, growth, inYear, LAST_DAY, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_18_PERIODS_NOW = '2026-03-09T10:00:00Z';
/** Inside the data: Tuesday 2025-11-18. */
const INSIDE = '2025-11-18T10:00:00Z';
/** Past the data, the last day of H1 2026. */
const MID_2026 = '2026-06-30T16:40:00Z';

export type Tuning18Case = SecondOrderCase & { user?: QueryUser };

/** Percent change of `measure` from the rows of `before` to those of `after` (over `where`). */
const change = (measure: string, before: string, after: string, where = '') =>
  `SELECT ${growth(`${measure} FILTER (WHERE ${after})`, `${measure} FILTER (WHERE ${before})`)} FROM orders ${where ? `WHERE ${where}` : ''}`;
/** Each `unit` of [from, to) with its percent change from the one before (that one read even before `from`). */
const overPrevious = (unit: string, measure: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** Each `unit` of [from, to) with its change from the one before, as an amount and a percent. */
const bothChanges = (unit: string, measure: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, v - prev, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** Each `unit` of [from, to) with its percent change from the same one a year earlier. */
const yearBack = (unit: string, measure: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1)
   SELECT a.p, ${growth('a.v', 'b.v')} FROM m a JOIN m b ON b.p = a.p - INTERVAL 1 YEAR
   WHERE a.p >= '${from}' AND a.p < '${to}'`;
/** The value of `by` with the largest `after - before` (a rise) or `before - after` (a drop), with it. */
const mostBy = (
  by: string,
  measure: string,
  before: string,
  after: string,
  kind: 'rise' | 'drop',
  where = '',
) => {
  const a = `${measure} FILTER (WHERE ${after})`;
  const b = `${measure} FILTER (WHERE ${before})`;
  return `SELECT ${by}, ${kind === 'rise' ? `${a} - ${b}` : `${b} - ${a}`} FROM orders ${where ? `WHERE ${where}` : ''} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`;
};
/** Two spans' measure side by side (a, then b). */
const twoSpans = (measure: string, a: string, b: string, where = '') =>
  `SELECT ${measure} FILTER (WHERE ${a}), ${measure} FILTER (WHERE ${b}) FROM orders ${where ? `WHERE ${where}` : ''}`;
/** Both figures and the signed difference (after minus before). */
const signed = (measure: string, before: string, after: string, where = '') =>
  `SELECT ${measure} FILTER (WHERE ${before}), ${measure} FILTER (WHERE ${after}),
     ${measure} FILTER (WHERE ${after}) - ${measure} FILTER (WHERE ${before}) FROM orders ${where ? `WHERE ${where}` : ''}`;
/** `measure` of `after` divided by that of `before`. */
const ratio = (measure: string, before: string, after: string) =>
  `SELECT round(${measure} FILTER (WHERE ${after}) / ${measure} FILTER (WHERE ${before}), 2) FROM orders`;
/** The data's last day and the covered part's figure. */
const covered = (measure: string, where: string) =>
  `SELECT ${LAST_DAY}, ${measure} FROM orders WHERE ${where}`;

const y = (year: number) => inYear(year);
const quarter = (year: number, q: number) =>
  between(
    `${year}-${String(q * 3 - 2).padStart(2, '0')}-01`,
    q === 4 ? `${year + 1}-01-01` : `${year}-${String(q * 3 + 1).padStart(2, '0')}-01`,
  );
const half = (year: number, h: 1 | 2) =>
  h === 1 ? between(`${year}-01-01`, `${year}-07-01`) : between(`${year}-07-01`, `${year + 1}-01-01`);

export const tuning18periods: Tuning18Case[] = [
  // --- a quoted figure beside a change: the actual change ---
  {
    class: 'period-over-period',
    ask: 'someone in finance told me Q3 2025 revenue was up ~3% on Q2. true? what is the real % change',
    check: 'answer',
    tolerance: 0.006,
    sql: change('sum(amount)', quarter(2025, 2), quarter(2025, 3)),
  },
  {
    class: 'period-over-period',
    ask: 'the board deck says orders fell 10% from 2024 to 2025 - is that accurate? actual % pls',
    check: 'answer',
    tolerance: 0.006,
    sql: change('count(*)', y(2024), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: 'my manager thinks AOV rose about 2% in 2025 vs 2024. can you check the actual change?',
    check: 'answer',
    tolerance: 0.006,
    sql: change('avg(amount)', y(2024), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: "I heard H2 2024 revenue was roughly 4% above H1 2024, correct? what's the true growth",
    check: 'answer',
    tolerance: 0.006,
    sql: change('sum(amount)', half(2024, 1), half(2024, 2)),
  },
  // --- month over month for named months, the month before the first included ---
  {
    class: 'period-over-period',
    ask: 'MoM order change for Jan, Feb and Mar 2025 (Jan vs Dec 2024 included)',
    check: 'answer',
    tolerance: 0.006,
    sql: overPrevious('month', 'count(*)', '2025-01-01', '2025-04-01'),
  },
  {
    class: 'period-over-period',
    ask: 'month over month % change in revenue for jul, aug and sep 2024, incl. july vs june',
    check: 'answer',
    tolerance: 0.006,
    sql: overPrevious('month', 'sum(amount)', '2024-07-01', '2024-10-01'),
  },
  {
    class: 'period-over-period',
    ask: 'revenue change month on month for april, may, june 2025 - april compared with march too',
    check: 'answer',
    tolerance: 0.006,
    sql: overPrevious('month', 'sum(amount)', '2025-04-01', '2025-07-01'),
  },
  // --- each quarter or month against the same one a year back ---
  {
    class: 'period-over-period',
    ask: 'orders per quarter in 2024 vs the same quarter of 2023, % change for each',
    check: 'answer',
    tolerance: 0.006,
    sql: yearBack('quarter', 'count(*)', '2024-01-01', '2025-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'revenue by qtr for 2025 compared w/ the same qtr a year earlier - growth % each',
    check: 'answer',
    tolerance: 0.006,
    sql: yearBack('quarter', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: '2025 revenue by month vs the same month in 2024, % change for every month',
    check: 'answer',
    tolerance: 0.006,
    sql: yearBack('month', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'yoy revenue 2024-2025 by quarter',
    check: 'answer',
    tolerance: 0.006,
    sql: yearBack('quarter', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'year over year growth in orders by quarter, 2023 to 2024?',
    check: 'answer',
    tolerance: 0.006,
    sql: yearBack('quarter', 'count(*)', '2024-01-01', '2025-01-01'),
  },
  // --- the group with the biggest drop or rise, and by how much ---
  {
    class: 'period-over-period',
    ask: 'which region had the biggest drop in cancelled orders from 2023 to 2024, and by how many?',
    check: 'answer',
    tolerance: 0.5,
    sql: mostBy('region', 'count(*)', y(2023), y(2024), 'drop', "status = 'cancelled'"),
  },
  {
    class: 'period-over-period',
    ask: 'what segment lost the most orders between 2024 and 2025? how many fewer?',
    check: 'answer',
    tolerance: 0.5,
    sql: mostBy(
      'c.segment',
      'count(*)',
      inYear(2024, 'o.created_at'),
      inYear(2025, 'o.created_at'),
      'drop',
    ).replace('FROM orders', 'FROM orders o JOIN customers c ON o.customer_id = c.id'),
  },
  {
    class: 'period-over-period',
    ask: 'biggest increase in returns by category, 2023 vs 2024 — which one and how many more?',
    check: 'answer',
    tolerance: 0.5,
    sql: mostBy('category', 'count(*)', y(2023), y(2024), 'rise', "status = 'returned'"),
  },
  {
    class: 'period-over-period',
    ask: 'Which region saw the largest fall in revenue from 2024 to 2025 and how much less was it in dollars?',
    check: 'answer',
    tolerance: 0.01,
    sql: mostBy('region', 'sum(amount)', y(2024), y(2025), 'drop'),
  },
  // --- this half or quarter against the same one last year, past the data ---
  {
    class: 'past-the-data',
    ask: "my region's orders this half vs the same half a year ago",
    user: WEST,
    now: MID_2026,
    check: 'range',
    sql: covered('count(*)', `region = 'west' AND ${half(2025, 1)}`),
  },
  {
    class: 'past-the-data',
    ask: 'our revenue this quarter compared to the same quarter last year?',
    user: analyst('north'),
    check: 'range',
    sql: covered('sum(amount)', `region = 'north' AND ${quarter(2025, 1)}`),
  },
  {
    class: 'past-the-data',
    ask: 'revenue since cyber monday last year (dec 1)?',
    check: 'range',
    sql: covered('sum(amount)', "created_at >= '2025-12-01'"),
  },
  {
    class: 'past-the-data',
    ask: 'how many orders have we had since thanksgiving, nov 27 2025?',
    now: '2026-01-20T10:00:00Z',
    check: 'range',
    sql: covered('count(*)', "created_at >= '2025-11-27'"),
  },
  // --- a quarter or half "in YEAR vs YEAR": that part of each year ---
  {
    class: 'period-over-period',
    ask: 'Q1 revenue in 2024 vs 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', quarter(2024, 1), quarter(2025, 1)),
  },
  {
    class: 'period-over-period',
    ask: 'Q3 orders, 2023 vs 2024 - % change?',
    check: 'answer',
    tolerance: 0.006,
    sql: change('count(*)', quarter(2023, 3), quarter(2024, 3)),
  },
  {
    class: 'period-over-period',
    ask: 'first half revenue in 2023 compared with 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', half(2023, 1), half(2025, 1)),
  },
  // --- a change over the grain in $ (or #) and % ---
  {
    class: 'period-over-period',
    ask: 'mom revenue for Q4 2024 in $ and %',
    check: 'answer',
    tolerance: 0.01,
    sql: bothChanges('month', 'sum(amount)', '2024-10-01', '2025-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'monthly order count for the first 4 months of 2025 with the change vs the prior month as a number and a percentage',
    check: 'answer',
    tolerance: 0.01,
    sql: bothChanges('month', 'count(*)', '2025-01-01', '2025-05-01'),
  },
  // --- net change ---
  {
    class: 'period-over-period',
    ask: 'net change in revenue from 2023 to 2025?',
    check: 'answer',
    tolerance: 0.01,
    sql: signed('sum(amount)', y(2023), y(2025)),
  },
  {
    class: 'period-over-period',
    ask: "what's the net change in returns, Q4 2024 -> Q1 2025",
    check: 'answer',
    sql: signed('count(*)', quarter(2024, 4), quarter(2025, 1), "status = 'returned'"),
  },
  // --- growth as a ratio ---
  {
    class: 'period-over-period',
    ask: 'how many times larger was 2024 order volume than 2023?',
    check: 'answer',
    tolerance: 0.006,
    sql: ratio('count(*)', y(2023), y(2024)),
  },
  {
    class: 'period-over-period',
    ask: 'revenue 2025 vs 2023 as a growth multiple (e.g. 1.05x)',
    check: 'answer',
    tolerance: 0.006,
    sql: ratio('sum(amount)', y(2023), y(2025)),
  },
  // --- to date against the same days of the period before ---
  {
    class: 'period-over-period',
    ask: 'MTD revenue vs same time last month',
    now: INSIDE,
    check: 'answer',
    tolerance: 0.01,
    sql: twoSpans('sum(amount)', between('2025-10-01', '2025-10-19'), between('2025-11-01', '2025-11-19')),
  },
  {
    class: 'period-over-period',
    ask: 'orders so far this month compared to the same days in october',
    now: INSIDE,
    check: 'answer',
    sql: twoSpans('count(*)', between('2025-10-01', '2025-10-19'), between('2025-11-01', '2025-11-19')),
  },
  {
    class: 'period-over-period',
    ask: 'quarter-to-date orders vs the same point last quarter',
    now: INSIDE,
    check: 'answer',
    sql: twoSpans('count(*)', between('2025-07-01', '2025-08-19'), between('2025-10-01', '2025-11-19')),
  },
  // --- an unknown word beside a change: refused ---
  {
    class: 'period-over-period',
    ask: 'finance says Q4 2025 revenue for the wholesale channel was down 5% on Q3 - right?',
    refuse: true,
  },
  {
    class: 'period-over-period',
    ask: 'which warehouse had the biggest drop in returned orders from 2024 to 2025?',
    refuse: true,
  },
  {
    class: 'period-over-period',
    ask: 'MoM revenue change for Oct and Nov 2025 excluding refunds',
    refuse: true,
  },
];
