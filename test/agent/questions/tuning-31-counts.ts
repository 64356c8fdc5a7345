/**
 * Thirty-first tuning batch (issue 29), counts: (a) customers counted per group by a figure of their own (lifetime
 * spend above or below a threshold, orders in total or in a year, their average order, ordering in every quarter,
 * spending more in one year than the year before, a period's spend per quarter), a share of each group's customers,
 * two groups at once, and threads from "how many customers per region" to "how many of them ..."; (b) period over
 * period per month or quarter: the months (or quarters) below or above the same one a year earlier, or the one
 * before, with the difference; each month's change against the same month of the previous year; per-group and
 * filtered versions; a count of such months. Some under row-level security, and three that must stay refused
 * (support tickets, website traffic, a subscription plan). Written on 2026-11-29 BEFORE the planner change it
 * tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 8e9ebd52): 28 of 40 right on 1M, 4 confident wrong ("customers by how many orders they have placed"
 * answered with the two totals; a follow-up "break that down by region" after a count of big spenders gave every
 * customer per region; "how does each month compare with the same month last year?" after 2025's months listed
 * 2024's alone; "quarters where orders went down from the previous quarter" listed every quarter), 8 wrong refusals
 * ("across all three years", a quarter's own spend per customer, "how many of them / of those" after customers per
 * group, months below the same month a year earlier "on revenue", per region or per category, "fewer unique
 * customers"); the same on the TEST sample.
 * After (ed9f51f1): 39 of 40, none wrong, on 1M and TEST: "across all three years" after a figure (all-time.ts), "how
 * many of them / of those" after customers per group (counted-people.ts), "break that down" as a follow-up, refused
 * after a refused question (follow-up.ts), "number of customers by how many orders" (distributions.ts, its truncation
 * note now says how many counts in all), periods below or above an earlier one listed per value of one breakdown,
 * said without "which", "in which", with the size of the change asked beside (period-beats.ts), each month of a
 * series against the same month last year (each-year-before.ts). Still refused (a wrong refusal, not a wrong figure):
 * each quarter's customers counted by their spend in that quarter.
 *
 * Clock: Monday 2026-12-21, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in 2022,
 * each order in its customer's region; the TEST sample has no small-business customers). "Across all three years",
 * "overall", "in total", "lifetime" and "since they joined" are every order. "% change" is (new / old - 1) * 100.
 * References are written on the raw tables, each checked on both samples; no threshold is met exactly by a customer
 * and no compared pair of periods is equal, on either sample.
 */
import { analyst, growth, inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_31_COUNTS_NOW = '2026-12-21T14:00:00Z';

const and = (where: string) => (where ? ` AND ${where}` : '');
const ANSWER = { check: 'answer' as const, tolerance: 0.01 };
const PCT = { tolerance: 0.01 };
/** Customers whose orders of `where` meet `having`, counted. */
const customers = (having: string, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE TRUE${and(where)} GROUP BY 1 HAVING ${having})`;
/** Customers whose orders of `where` meet `having`, counted per customers.`by` (one or more columns). */
const customersBy = (by: string, having: string, where = '') =>
  `SELECT ${by
    .split(',')
    .map((b) => `c.${b.trim()}`)
    .join(
      ', ',
    )}, count(*) FROM (SELECT customer_id FROM orders WHERE TRUE${and(where)} GROUP BY 1 HAVING ${having}) q
   JOIN customers c ON c.id = q.customer_id GROUP BY ALL`;
/** Each `unit` of [from, to) whose figure is `op` the one `back` before it (a year or one step), with the change. */
const againstEarlier = (
  unit: 'month' | 'quarter',
  measure: string,
  back: 'year' | 'step',
  from: string,
  to: string,
  op: '<' | '>' | 'any',
  shown: 'absolute' | 'percent' = 'absolute',
  where = '',
) =>
  `WITH t AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   c AS (SELECT a.p, a.v, b.v AS prev FROM t a JOIN t b ON b.p = a.p - ${back === 'year' ? 'INTERVAL 1 YEAR' : `INTERVAL 1 ${unit === 'month' ? 'MONTH' : 'QUARTER'}`})
   SELECT p, ${shown === 'absolute' ? 'v - prev' : growth('v', 'prev')} FROM c
   WHERE p >= '${from}' AND p < '${to}'${op === 'any' ? '' : ` AND v ${op} prev`}`;
/** Per `by` (an orders column), each `unit` of [from, to) whose figure is `op` the same one a year before, with the change. */
const againstYearBy = (
  by: string,
  unit: 'month' | 'quarter',
  measure: string,
  back: 'year' | 'step',
  from: string,
  to: string,
  op: '<' | '>',
) =>
  `WITH t AS (SELECT ${by} AS k, date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1, 2),
   c AS (SELECT a.k, a.p, a.v, b.v AS prev FROM t a JOIN t b ON b.k = a.k AND b.p = a.p - ${back === 'year' ? 'INTERVAL 1 YEAR' : 'INTERVAL 1 QUARTER'})
   SELECT k, p, v - prev FROM c WHERE p >= '${from}' AND p < '${to}' AND v ${op} prev`;

export const tuning31counts: (SecondOrderCase & Tuning6Case)[] = [
  // --- customers counted per group by a figure of their own ---
  {
    class: 'counts-per-entity',
    ask: 'How many customers in each region have spent more than $28,000 across all three years?',
    sql: customersBy('region', 'sum(amount) > 28000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'Break down by segment the number of customers whose lifetime spend is under $21,000.',
    sql: customersBy('segment', 'sum(amount) < 21000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'per region, how many customers have placed fewer than 45 orders in total?',
    sql: customersBy('region', 'count(*) < 45'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers per region spent more than $10,000 in 2025?',
    sql: customersBy('region', 'sum(amount) > 10000', inYear(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'In 2024, how many customers in each segment had 18 or more orders?',
    sql: customersBy('segment', 'count(*) >= 18', inYear(2024)),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers spent over $9,500 in 2025?',
    user: analyst('east'),
    ...ANSWER,
    sql: customers('sum(amount) > 9500', `region = 'east' AND ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'What percentage of customers in each region have spent more than $25,000 overall?',
    ...PCT,
    sql: `SELECT c.region, 100.0 * count(*) FILTER (WHERE s > 25000) / count(*) FROM customers c
      JOIN (SELECT customer_id, sum(amount) AS s FROM orders GROUP BY 1) t ON t.customer_id = c.id GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'For each region, how many customers placed at least one order in every quarter of 2025?',
    sql: customersBy('region', 'count(DISTINCT quarter(created_at)) = 4', inYear(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'In each region, how many customers have an average order value above $520?',
    sql: customersBy('region', 'avg(amount) > 520'),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many customers spent more in 2025 than they did in 2024?',
    ...ANSWER,
    sql: customers(
      `coalesce(sum(amount) FILTER (WHERE ${inYear(2025)}), 0) > coalesce(sum(amount) FILTER (WHERE ${inYear(2024)}), 0)`,
    ),
  },
  {
    class: 'counts-per-entity',
    ask: 'by region, how many customers spent more in 2025 than in 2024?',
    sql: customersBy(
      'region',
      `coalesce(sum(amount) FILTER (WHERE ${inYear(2025)}), 0) > coalesce(sum(amount) FILTER (WHERE ${inYear(2024)}), 0)`,
    ),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many enterprise customers in each region have spent more than $30,000 in total?',
    sql: customersBy(
      'region',
      'sum(amount) > 30000',
      `customer_id IN (SELECT id FROM customers WHERE segment = 'enterprise')`,
    ),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers by how many orders they have placed',
    sql: `SELECT n, count(*) FROM (SELECT customer_id, count(*) AS n FROM orders GROUP BY 1) GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'for each segment, how many customers placed between 45 and 55 orders?',
    sql: customersBy('segment', 'count(*) BETWEEN 45 AND 55'),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many of my customers have spent more than $27,000 since they joined?',
    user: analyst('south'),
    ...ANSWER,
    sql: customers('sum(amount) > 27000', "region = 'south'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'For each quarter of 2025, the number of customers whose spend in that quarter exceeded $2,750',
    sql: `SELECT q, count(*) FROM (SELECT date_trunc('quarter', created_at) AS q, customer_id FROM orders WHERE ${inYear(2025)}
      GROUP BY 1, 2 HAVING sum(amount) > 2750) GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'by region and segment, how many customers have more than 55 orders?',
    sql: customersBy('region, segment', 'count(*) > 55'),
  },
  // --- threads: customers per group, then how many of them ---
  {
    class: 'thread',
    ask: [
      'How many customers are there per region?',
      'In each region, how many of them spent over $27,500 in total?',
    ],
    sql: customersBy('region', 'sum(amount) > 27500'),
  },
  {
    class: 'thread',
    ask: [
      'how many customers do we have in each segment?',
      'and how many of those placed more than 55 orders?',
    ],
    sql: customersBy('segment', 'count(*) > 55'),
  },
  {
    class: 'thread',
    ask: ['How many customers spent over $26,000 across all years?', 'break that down by region'],
    sql: customersBy('region', 'sum(amount) > 26000'),
  },
  {
    class: 'thread',
    ask: ['revenue per month in 2025', 'how does each month compare with the same month last year?'],
    ...PCT,
    sql: `WITH t AS (SELECT date_trunc('month', created_at) AS p, sum(amount) AS v FROM orders GROUP BY 1)
      SELECT a.p, a.v, b.v, ${growth('a.v', 'b.v')} FROM t a JOIN t b ON b.p = a.p - INTERVAL 1 YEAR WHERE year(a.p) = 2025`,
  },
  // --- months or quarters against the same one a year earlier, or the one before ---
  {
    class: 'period-over-period',
    ask: 'Which months of 2024 had fewer orders than the same month in 2023, and by how many?',
    sql: againstEarlier('month', 'count(*)', 'year', '2024-01-01', '2025-01-01', '<'),
  },
  {
    class: 'period-over-period',
    ask: 'Which months in 2024 came in below the same month of 2023 on revenue? Show the gap in dollars.',
    ...PCT,
    sql: againstEarlier('month', 'sum(amount)', 'year', '2024-01-01', '2025-01-01', '<'),
  },
  {
    class: 'period-over-period',
    ask: 'Which quarters beat the quarter before on revenue, and by how much?',
    ...PCT,
    sql: againstEarlier('quarter', 'sum(amount)', 'step', '2023-01-01', '2026-01-01', '>'),
  },
  {
    class: 'period-over-period',
    ask: 'quarters of 2025 where orders went down from the previous quarter, and how much they dropped',
    sql: againstEarlier('quarter', 'count(*)', 'step', '2025-01-01', '2026-01-01', '<'),
  },
  {
    class: 'period-over-period',
    ask: 'In the east, which months of 2024 had lower revenue than the same month in 2023, and by how much?',
    ...PCT,
    sql: againstEarlier(
      'month',
      'sum(amount)',
      'year',
      '2024-01-01',
      '2025-01-01',
      '<',
      'absolute',
      "region = 'east'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'For each region, which months of 2024 had less revenue than the same month in 2023, and by how much?',
    ...PCT,
    sql: againstYearBy('region', 'month', 'sum(amount)', 'year', '2024-01-01', '2025-01-01', '<'),
  },
  {
    class: 'period-over-period',
    ask: 'which months of last year were below the same month the year before on revenue? include the difference',
    user: analyst('west'),
    // Its own clock, in 2025: last year is 2024, the year before 2023.
    now: '2025-11-20T10:00:00Z',
    ...PCT,
    sql: againstEarlier(
      'month',
      'sum(amount)',
      'year',
      '2024-01-01',
      '2025-01-01',
      '<',
      'absolute',
      "region = 'west'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'Which quarters of 2024 beat the same quarter of 2023 on order count, and by how many orders?',
    sql: againstEarlier('quarter', 'count(*)', 'year', '2024-01-01', '2025-01-01', '>'),
  },
  {
    class: 'period-over-period',
    ask: 'In which months of 2024 did fewer unique customers order than in the same month of 2023? Give the difference.',
    sql: againstEarlier('month', 'count(DISTINCT customer_id)', 'year', '2024-01-01', '2025-01-01', '<'),
  },
  {
    class: 'period-over-period',
    ask: 'electronics revenue: each month of 2025 vs the same month of 2024, % change',
    ...PCT,
    sql: againstEarlier(
      'month',
      'sum(amount)',
      'year',
      '2025-01-01',
      '2026-01-01',
      'any',
      'percent',
      "category = 'electronics'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'Which months of 2025 had more revenue than the month before, and by how much?',
    ...PCT,
    sql: againstEarlier('month', 'sum(amount)', 'step', '2025-01-01', '2026-01-01', '>'),
  },
  {
    class: 'period-over-period',
    ask: 'By segment, how much did revenue change from Q3 2025 to Q4 2025, in percent?',
    ...PCT,
    sql: `SELECT c.segment, ${growth(
      "sum(o.amount) FILTER (WHERE o.created_at >= '2025-10-01')",
      "sum(o.amount) FILTER (WHERE o.created_at < '2025-10-01')",
    )} FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE o.created_at >= '2025-07-01' AND o.created_at < '2026-01-01' GROUP BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'which quarters since the start of 2024 had a lower average order value than the quarter before? give the change',
    ...PCT,
    sql: againstEarlier('quarter', 'avg(amount)', 'step', '2024-01-01', '2026-01-01', '<'),
  },
  {
    class: 'period-over-period',
    ask: 'For each category, which quarters of 2025 had higher revenue than the previous quarter, and by how much?',
    ...PCT,
    sql: againstYearBy('category', 'quarter', 'sum(amount)', 'step', '2025-01-01', '2026-01-01', '>'),
  },
  {
    class: 'period-over-period',
    ask: 'how many months in 2024 had lower revenue than the same month of 2023?',
    ...ANSWER,
    sql: `SELECT count(*) FROM (${againstEarlier('month', 'sum(amount)', 'year', '2024-01-01', '2025-01-01', '<')})`,
  },
  {
    class: 'period-over-period',
    ask: 'Which months of 2024 saw more cancelled orders than the same month in 2023? By how many?',
    sql: againstEarlier(
      'month',
      'count(*)',
      'year',
      '2024-01-01',
      '2025-01-01',
      '>',
      'absolute',
      "status = 'cancelled'",
    ),
  },
  // --- data the model has not: refused ---
  {
    class: 'out-of-scope',
    ask: 'How many customers per region have opened more than two support tickets?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'Which months of 2025 had less website traffic than the same month in 2024?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'How many customers in each region are on the premium plan?',
    refuse: true,
  },
];
