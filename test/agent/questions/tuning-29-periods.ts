/**
 * Twenty-ninth tuning batch (issue 29): period-over-period counts, cohort groupings and follow-ups that point at a
 * previous answer. How many months or quarters of a year beat the same one of the year before (counted, or listed),
 * or beat the one right before; customers grouped by the month or quarter of their first order (how many in each);
 * the share of all revenue (or of one year's) from the customers of one signup quarter or month; a cohort's
 * retention as a share; threads on a previous answer ("that month" in another year, "their total spend" over all
 * their orders, "the year before", "just Q4", "as a share of the total", "which of them grew fastest"). Some under
 * row-level security (an east analyst), and a few that must stay refused (a sales target, a channel, a margin).
 * Written on 2026-11-29 BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or
 * earlier tuning set).
 *
 * Before (on 37831088): 13 of 38 right on 1M (8 confident wrong: each period's change listed for a count of those
 * that beat the one before, "monthly revenue" counted as orders, "their total spend" as their spend on returns
 * alone, "which of them grew fastest" ranked over every category, a quarter count as twelve rows; 17 wrong
 * refusals: "beat", "group", "share", "retention rate", "that month"); 14 of 38 on the TEST sample. After: 38 of
 * 38, none wrong, on both (period-beats.ts, cohort-phrasings.ts, understand.ts's signup share of every order,
 * top-total.ts allRows, previous-pointers.ts winnerInYear and amongPreviousTop).
 *
 * Clock: Wednesday 2027-11-10, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in
 * 2022, each order in its customer's region); a case that needs "last year" sets its own clock inside the data.
 * A month "beats" another when its figure is strictly greater; the month before January of a year is the December
 * before it, as the data has it. References are written on the raw tables, each checked against a second query
 * written independently, and no ranked cut falls inside a tie on either sample.
 */
import { growth, inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_29_PERIODS_NOW = '2027-11-10T10:00:00Z';

const EAST = { groups: ['analysts'], userAttributes: { region: 'east' }, securityContext: {} };
/** Wednesday 2025-05-21: "last year" is 2024. */
const INSIDE = '2025-05-21T10:00:00Z';
const PCT = { check: 'answer' as const, tolerance: 0.011 };
const and = (where: string) => (where ? ` AND ${where}` : '');
/** Each `unit` of the orders of `where` as p with its `measure` as v. */
const per = (unit: string, measure: string, where = '') =>
  `SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1`;
/** The `unit`s of `year` whose figure beats the same one a year before: counted, or listed with both figures. */
const yoy = (unit: string, measure: string, year: number, shown: 'count' | 'list', where = '') =>
  `WITH m AS (${per(unit, measure, where)})
   SELECT ${shown === 'count' ? 'count(*)' : 'a.p, a.v, b.v'} FROM m a JOIN m b ON b.p = a.p - INTERVAL 1 YEAR
   WHERE year(a.p) = ${year} AND a.v > b.v${shown === 'list' ? ' ORDER BY 1' : ''}`;
/** The `unit`s in [from, to) whose figure beats (or, `lower`, falls below) the one right before: counted or listed. */
const pop = (
  unit: string,
  measure: string,
  from: string,
  to: string,
  shown: 'count' | 'list',
  where = '',
  lower = false,
) =>
  `WITH m AS (${per(unit, measure, where)}), c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT ${shown === 'count' ? 'count(*)' : 'p, v, prev'} FROM c WHERE p >= '${from}' AND p < '${to}'
   AND v ${lower ? '<' : '>'} prev${shown === 'list' ? ' ORDER BY 1' : ''}`;
/** Customers by the `unit` of their first order (of the orders of `where`), counted. */
const firstBy = (unit: string, where = '') =>
  `SELECT date_trunc('${unit}', f) AS p, count(*) FROM (SELECT customer_id, min(created_at) AS f FROM orders
     WHERE TRUE${and(where)} GROUP BY 1) GROUP BY 1 ORDER BY 1`;
/** The percent of `measure` over the orders of `where` from customers who signed up in [from, to). */
const signupShare = (from: string, to: string, where = '', measure = 'sum(o.amount)') =>
  `SELECT round(100.0 * ${measure.replace(/\)$/, '')}) FILTER (WHERE c.created_at >= '${from}' AND c.created_at < '${to}')
     / ${measure}, 2) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE TRUE${and(where)}`;
/** The percent of the customers of `cohort` (a condition on c and their first order f) with an order in [from, to). */
const retained = (cohort: string, from: string, to: string, region = '') =>
  `WITH f AS (SELECT customer_id, min(created_at) AS f FROM orders GROUP BY 1),
   k AS (SELECT c.id FROM customers c JOIN f ON f.customer_id = c.id WHERE ${cohort}${region ? ` AND c.region = '${region}'` : ''})
   SELECT round(100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = k.id
     AND o.created_at >= '${from}' AND o.created_at < '${to}')) / count(*), 2) FROM k`;
const east = "region = 'east'";

export const tuning29periods: (SecondOrderCase & Tuning6Case)[] = [
  // --- periods that beat the same period a year before ---
  {
    class: 'year-over-year-count',
    ask: 'how many months of 2024 had more revenue than the same month in 2023?',
    sql: yoy('month', 'sum(amount)', 2024, 'count'),
  },
  {
    class: 'year-over-year-count',
    ask: 'which months in 2024 beat the same month a year earlier on number of orders?',
    sql: yoy('month', 'count(*)', 2024, 'list'),
  },
  {
    class: 'year-over-year-count',
    ask: 'in how many quarters of 2024 were sales up on the same quarter of 2023?',
    sql: yoy('quarter', 'sum(amount)', 2024, 'count'),
  },
  {
    class: 'year-over-year-count',
    ask: 'count the months of 2025 where the average order value was higher than in the same month of 2024',
    sql: yoy('month', 'avg(amount)', 2025, 'count'),
  },
  {
    class: 'year-over-year-count',
    ask: 'how many months last year beat the same month the year before in revenue?',
    user: EAST,
    now: INSIDE,
    sql: yoy('month', 'sum(amount)', 2024, 'count', east),
  },
  {
    class: 'year-over-year-count',
    ask: 'list the quarters of 2024 that had fewer orders than the same quarter of 2023',
    sql: `WITH m AS (${per('quarter', 'count(*)')}) SELECT a.p, a.v, b.v FROM m a JOIN m b ON b.p = a.p - INTERVAL 1 YEAR
      WHERE year(a.p) = 2024 AND a.v < b.v ORDER BY 1`,
  },
  // --- periods that beat the one right before ---
  {
    class: 'period-over-period-count',
    ask: 'how many months of 2025 had more orders than the month before?',
    sql: pop('month', 'count(*)', '2025-01-01', '2026-01-01', 'count'),
  },
  {
    class: 'period-over-period-count',
    ask: 'in 2024, which months had lower revenue than the previous month?',
    sql: pop('month', 'sum(amount)', '2024-01-01', '2025-01-01', 'list', '', true),
  },
  {
    class: 'period-over-period-count',
    ask: 'how many times in 2023 did monthly revenue go up from one month to the next?',
    sql: pop('month', 'sum(amount)', '2023-01-01', '2024-01-01', 'count'),
  },
  {
    class: 'period-over-period-count',
    ask: 'since the start of 2024, how many quarters grew in order count over the prior quarter?',
    user: EAST,
    sql: pop('quarter', 'count(*)', '2024-01-01', '2026-01-01', 'count', east),
  },
  {
    class: 'period-over-period-count',
    ask: 'which quarters of 2025 had more customers ordering than the quarter before?',
    sql: pop('quarter', 'count(DISTINCT customer_id)', '2025-01-01', '2026-01-01', 'list'),
  },
  {
    class: 'period-over-period-count',
    ask: 'number of months in 2025 where my region sold more than the month before',
    user: EAST,
    sql: pop('month', 'sum(amount)', '2025-01-01', '2026-01-01', 'count', east),
  },
  // --- customers grouped by their first order's month or quarter ---
  {
    class: 'first-order-cohorts',
    ask: 'if we group customers by the month of their very first order, how many customers are in each group?',
    sql: firstBy('month'),
  },
  {
    class: 'first-order-cohorts',
    ask: 'new customers by first-order month in 2023',
    sql: firstBy('month'),
  },
  {
    class: 'first-order-cohorts',
    ask: 'group my customers by the quarter of their first purchase - how many per quarter?',
    user: EAST,
    sql: firstBy('quarter', east),
  },
  {
    class: 'first-order-cohorts',
    ask: 'how many customers placed their first ever order in Q1 2023?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) < '2023-04-01')`,
  },
  {
    class: 'first-order-cohorts',
    ask: 'how many customers made their first order in each quarter of 2023?',
    sql: firstBy('quarter'),
  },
  // --- the share of revenue from one signup cohort ---
  {
    class: 'signup-cohort-share',
    ask: 'what share of all revenue came from customers who signed up in Q1 2022?',
    ...PCT,
    sql: signupShare('2022-01-01', '2022-04-01'),
  },
  {
    class: 'signup-cohort-share',
    ask: "what percent of 2024's revenue came from customers who joined in March 2022?",
    ...PCT,
    sql: signupShare('2022-03-01', '2022-04-01', inYear(2024, 'o.created_at')),
  },
  {
    class: 'signup-cohort-share',
    ask: 'what share of our orders came from customers who signed up in the second half of 2022?',
    user: EAST,
    ...PCT,
    sql: signupShare('2022-07-01', '2023-01-01', "o.region = 'east'", 'count(o.id)'),
  },
  {
    class: 'signup-cohort-share',
    ask: 'share of 2025 revenue from customers who signed up in the fourth quarter of 2022, as a percentage',
    ...PCT,
    sql: signupShare('2022-10-01', '2023-01-01', inYear(2025, 'o.created_at')),
  },
  {
    class: 'signup-cohort-share',
    ask: 'what fraction of total sales comes from the customers who signed up in December 2022?',
    ...PCT,
    sql: signupShare('2022-12-01', '2023-01-01'),
  },
  // --- a cohort's retention as a share ---
  {
    class: 'retention-share',
    ask: 'of the customers who signed up in Q1 2022, what share placed an order in November 2025?',
    ...PCT,
    sql: retained("c.created_at >= '2022-01-01' AND c.created_at < '2022-04-01'", '2025-11-01', '2025-12-01'),
  },
  {
    class: 'retention-share',
    ask: 'what percent of the customers whose first order was in January 2023 ordered again in December 2025?',
    ...PCT,
    sql: retained("f.f >= '2023-01-01' AND f.f < '2023-02-01'", '2025-12-01', '2026-01-01'),
  },
  {
    class: 'retention-share',
    ask: 'what share of customers who joined in the first half of 2022 were still ordering in December 2025?',
    user: EAST,
    ...PCT,
    sql: retained(
      "c.created_at >= '2022-01-01' AND c.created_at < '2022-07-01'",
      '2025-12-01',
      '2026-01-01',
      'east',
    ),
  },
  {
    class: 'retention-share',
    ask: 'retention rate in October 2025 of the customers who first ordered in February 2023',
    ...PCT,
    sql: retained("f.f >= '2023-02-01' AND f.f < '2023-03-01'", '2025-10-01', '2025-11-01'),
  },
  // --- threads on a previous answer ---
  {
    class: 'threads',
    ask: ['best month of 2024 by revenue', 'how did that month do in 2025?'],
    sql: `WITH m AS (${per('month', 'sum(amount)')}), b AS (SELECT p FROM m WHERE year(p) = 2024 ORDER BY v DESC LIMIT 1)
      SELECT p, v FROM m WHERE p = (SELECT p + INTERVAL 1 YEAR FROM b)`,
  },
  {
    class: 'threads',
    ask: ['which customer had the most returns?', "what's their total spend?"],
    sql: `SELECT c.name, sum(o.amount) FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE o.customer_id = (SELECT customer_id FROM orders WHERE status = 'returned' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)
      GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: [
      'which 4 customers had the largest value of returned orders in 2025?',
      'how much have they spent in total, across all their orders?',
    ],
    check: 'answer',
    sql: `SELECT sum(amount) FROM orders WHERE customer_id IN (SELECT customer_id FROM orders
      WHERE status = 'returned' AND ${inYear(2025)} GROUP BY 1 ORDER BY sum(amount) DESC LIMIT 4)`,
  },
  {
    class: 'threads',
    ask: ['revenue by region in 2024', 'and the year before?'],
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2023)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['revenue by region in 2024', 'what about just Q4?'],
    sql: `SELECT region, sum(amount) FROM orders WHERE created_at >= '2024-10-01' AND created_at < '2025-01-01' GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['revenue by region in 2024', 'now as a share of the total'],
    sql: `SELECT region, round(100.0 * sum(amount) / sum(sum(amount)) OVER (), 2) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
    tolerance: 0.011,
  },
  {
    class: 'threads',
    ask: ['top 3 categories by orders', 'which of them grew fastest from 2024 to 2025?'],
    sql: `WITH t AS (SELECT category FROM orders GROUP BY 1 ORDER BY count(*) DESC LIMIT 3),
      g AS (SELECT category, count(*) FILTER (WHERE ${inYear(2024)}) AS a, count(*) FILTER (WHERE ${inYear(2025)}) AS b
        FROM orders WHERE category IN (SELECT category FROM t) GROUP BY 1)
      SELECT category, a, b, ${growth('b', 'a')} FROM g ORDER BY b * 1.0 / a DESC LIMIT 1`,
  },
  {
    class: 'threads',
    ask: ['orders by month in 2024', 'how many of those months beat the same month of 2023?'],
    user: EAST,
    sql: yoy('month', 'count(*)', 2024, 'count', east),
  },
  {
    class: 'threads',
    ask: ['which month of 2025 had the fewest orders?', 'and how many orders did that month have in 2023?'],
    sql: `WITH m AS (${per('month', 'count(*)')}), w AS (SELECT p FROM m WHERE year(p) = 2025 ORDER BY v LIMIT 1)
      SELECT p, v FROM m WHERE p = (SELECT p - INTERVAL 2 YEAR FROM w)`,
  },
  // --- must stay refused ---
  {
    class: 'refuse',
    ask: 'how many months of 2025 beat our monthly sales target?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'what share of revenue came from customers we acquired through paid ads?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'how many months of 2025 had a better profit margin than the month before?',
    refuse: true,
  },
];
