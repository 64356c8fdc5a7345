/**
 * Seventeenth tuning batch (issue 29), for cohorts, percentiles and combined shares: a signup-period breakdown
 * followed by what that group did in a later period (the signup count and the later figure side by side), a
 * percentile asked as a cutoff in words ("the bar for a top-10% order", "where the cheapest quarter tops out",
 * "the line the top fifth clears"), percentiles of per-customer and per-month totals, a share defined by a
 * condition written in place ("cheap ones, below $50"), the top N's shares each and together, conditions on two
 * years, "in A but not in B" by a group, month-range cohorts ("the Apr-Jun 2022 signups"), signup halves and
 * retention ("ordered again in 2025"). Written BEFORE the planner change it tunes, in wordings a sales or
 * operations asker would use (abbreviations, typos, asides, an analyst under row-level security); no question
 * copies a held-out or earlier tuning question.
 *
 * Scored in the eval CLI before the change (on 09df383): 14/36 right, 7 confidently wrong (a signup count beside a
 * later figure answered with the count alone, a later year read as a second signup year, the top N's shares each
 * answered together, two yearly conditions merged, a month-range cohort read as a span to a later year); after it:
 * 31/36, none wrong ("in A but not in B" by a group, conditions on two years and a signup-half breakdown of one
 * figure are still refused).
 *
 * Clock: 2026-01-19, after the data ends (orders 2023-01-01 to 2025-12-31; every customer signed up in 2022;
 * amounts run from 5 to 1,000). References are written on the raw tables, independently of the planner's SQL.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_17_COHORTS_NOW = '2026-01-19T10:40:00Z';

export type Tuning17Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON c.id = o.customer_id';
const signedUp = (from: string, to: string) => between(from, to, 'c.created_at');
const year = (y: number) => inYear(y, 'o.created_at');
/** Per signup unit: the customers who signed up then and `later` over their orders of `window` (none counted 0). */
const cohortLater = (unit: 'month' | 'quarter', later: string, window: string, where = '') =>
  `SELECT date_trunc('${unit}', c.created_at) AS cohort, count(DISTINCT c.id) AS customers, ${later} AS later
   FROM customers c LEFT JOIN orders o ON o.customer_id = c.id AND ${window} ${where ? `WHERE ${where}` : ''}
   GROUP BY 1 ORDER BY 1`;
/** Per half of 2022's signups, the same. */
const halfLater = (later: string, window: string) =>
  `SELECT CASE WHEN c.created_at < '2022-07-01' THEN 'H1 2022' ELSE 'H2 2022' END AS half, count(DISTINCT c.id) AS customers,
   ${later} AS later FROM customers c LEFT JOIN orders o ON o.customer_id = c.id AND ${window} GROUP BY 1 ORDER BY 1`;
const quantile = (q: number, where: string) =>
  `SELECT quantile_cont(amount, ${q}) FROM orders o WHERE ${where}`;
/** Percentile of each customer's (or month's) total over `where`. */
const quantileOf = (q: number, per: string, value: string, where: string) =>
  `SELECT quantile_cont(v, ${q}) FROM (SELECT ${per}, ${value} AS v FROM orders o WHERE ${where} GROUP BY 1)`;
const share = (measure: string, part: string, where: string) =>
  `SELECT 100.0 * ${measure} FILTER (WHERE ${part}) / ${measure} FROM ${JOINED} WHERE ${where}`;
/** The top n groups, each with its share of every group's total. */
const topEach = (by: string, measure: string, n: number, where: string) =>
  `SELECT g, v, 100.0 * v / total FROM (SELECT ${by} AS g, ${measure} AS v, sum(${measure}) OVER () AS total
   FROM orders o WHERE ${where} GROUP BY 1) ORDER BY v DESC LIMIT ${n}`;
/** The top n groups' combined share of every group's total. */
const topTogether = (by: string, measure: string, n: number, where: string) =>
  `WITH t AS (SELECT ${by} AS g, ${measure} AS v FROM orders o WHERE ${where} GROUP BY 1)
   SELECT 100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT ${n})) / (SELECT sum(v) FROM t)`;
/** Customers whose `value` in window a meets `inA` and in window b meets `inB` (a customer absent counts 0). */
const twoYears = (value: string, a: string, inA: string, b: string, inB: string) =>
  `SELECT count(*) FROM (SELECT c.id, coalesce((SELECT ${value} FROM orders o WHERE o.customer_id = c.id AND ${a}), 0) AS va,
   coalesce((SELECT ${value} FROM orders o WHERE o.customer_id = c.id AND ${b}), 0) AS vb FROM customers c)
   WHERE va ${inA} AND vb ${inB}`;
/** Customers with an order in `a` and none in `b`, per `group`. */
const butNot = (group: string, a: string, b: string) =>
  `SELECT ${group}, count(*) FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${a})
   AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${b}) GROUP BY 1`;
/** Customers of a cohort who ordered in a window, as a % of the cohort. */
const retained = (cohort: string, window: string) =>
  `SELECT 100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${window})) / count(*) FROM customers c WHERE ${cohort}`;

export const tuning17cohorts: Tuning17Case[] = [
  // --- a signup-period breakdown, then what that group did later ---
  {
    class: 'cohort-later',
    ask: 'for every 2022 signup month, how many customers came on board and how many orders did those customers place in 2024?',
    sql: cohortLater('month', 'count(o.id)', year(2024)),
  },
  {
    class: 'cohort-later',
    ask: 'by signup quarter: # of new customers, and what that cohort spent in 2025',
    sql: cohortLater('quarter', 'sum(o.amount)', year(2025)),
  },
  {
    class: 'cohort-later',
    ask: "each quarter's 2022 signups - how many were there and how much revenue did each batch bring in during H1 2024?",
    sql: cohortLater('quarter', 'sum(o.amount)', between('2024-01-01', '2024-07-01', 'o.created_at')),
  },
  {
    class: 'cohort-later',
    ask: 'per signup half of 2022, how many customers joined and how many orders did they go on to place in 2025?',
    sql: halfLater('count(o.id)', year(2025)),
  },
  {
    class: 'cohort-later',
    ask: 'for each quarter of 2022: signups, plus the 2023 order count of those customers',
    user: WEST,
    sql: cohortLater('quarter', 'count(o.id)', year(2023), "c.region = 'west'"),
  },
  // --- a percentile asked as a cutoff in words ---
  {
    class: 'percentile-cutoff',
    ask: "what's the bar for a top-10% order in 2025?",
    check: 'answer',
    tolerance: 0.01,
    sql: quantile(0.9, year(2025)),
  },
  {
    class: 'percentile-cutoff',
    ask: 'where do the cheapest 25% of furniture orders top out?',
    check: 'answer',
    tolerance: 0.01,
    sql: quantile(0.25, "o.category = 'furniture'"),
  },
  {
    class: 'percentile-cutoff',
    ask: 'whats the line the top fifth of electronics orders clears? all years',
    check: 'answer',
    tolerance: 0.01,
    sql: quantile(0.8, "o.category = 'electronics'"),
  },
  {
    class: 'percentile-cutoff',
    ask: 'what order amount do the top 5% of 2024 orders start at?',
    check: 'answer',
    tolerance: 0.01,
    sql: quantile(0.95, year(2024)),
  },
  {
    class: 'percentile-cutoff',
    ask: 'median-ish toy order in 2024, roughly?',
    check: 'answer',
    tolerance: 0.01,
    sql: quantile(0.5, `o.category = 'toys' AND ${year(2024)}`),
  },
  {
    class: 'percentile-cutoff',
    ask: 'below what amount do the smallest 10 percent of my orders fall?',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: quantile(0.1, "o.region = 'west'"),
  },
  // --- percentiles of per-customer and per-month totals ---
  {
    class: 'percentile-of-totals',
    ask: '90th percentile of per-customer spend in 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: quantileOf(0.9, 'o.customer_id', 'sum(o.amount)', year(2025)),
  },
  {
    class: 'percentile-of-totals',
    ask: 'bottom quartile cutoff for monthly revenue in 2024',
    check: 'answer',
    tolerance: 0.01,
    sql: quantileOf(0.25, "date_trunc('month', o.created_at)", 'sum(o.amount)', year(2024)),
  },
  {
    class: 'percentile-of-totals',
    ask: 'p75 of orders per customer, 2023',
    check: 'answer',
    tolerance: 0.01,
    sql: quantileOf(0.75, 'o.customer_id', 'count(*)', year(2023)),
  },
  {
    class: 'percentile-of-totals',
    ask: 'median monthly order count across 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: quantileOf(0.5, "date_trunc('month', o.created_at)", 'count(*)', year(2025)),
  },
  // --- a share defined by a condition written in place ---
  {
    class: 'share-in-place',
    ask: 'what fraction of 2024 orders were cheap ones, below $50?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', 'o.amount < 50', year(2024)),
  },
  {
    class: 'share-in-place',
    ask: 'roughly what % of 2025 grocery orders were big-ticket, i.e. $800+?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', 'o.amount >= 800', `o.category = 'grocery' AND ${year(2025)}`),
  },
  {
    class: 'share-in-place',
    ask: 'how much of 2023 revenue came from orders over 900 bucks, as a share?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', 'o.amount > 900', year(2023)),
  },
  // --- the top N's shares, each and together ---
  {
    class: 'top-shares',
    ask: 'top 3 categories by 2025 revenue, and each one’s share of the total',
    check: 'answer',
    tolerance: 0.006,
    sql: topEach('o.category', 'sum(o.amount)', 3, year(2025)),
  },
  {
    class: 'top-shares',
    ask: 'what % of 2024 revenue did our 3 best months bring in together?',
    check: 'answer',
    tolerance: 0.006,
    sql: topTogether("date_trunc('month', o.created_at)", 'sum(o.amount)', 3, year(2024)),
  },
  {
    class: 'top-shares',
    ask: 'our 10 biggest customers by 2025 sales: combined share of 2025 sales',
    check: 'answer',
    tolerance: 0.006,
    sql: topTogether('o.customer_id', 'sum(o.amount)', 10, year(2025)),
  },
  {
    class: 'top-shares',
    ask: 'the two regions with the most 2023 orders - what share of all 2023 orders did each have?',
    check: 'answer',
    tolerance: 0.006,
    sql: topEach('o.region', 'count(*)', 2, year(2023)),
  },
  // --- conditions on two years ---
  {
    class: 'two-years',
    ask: 'how many customers spent more than 10k in 2024 and less than 8k in 2025?',
    sql: twoYears('sum(o.amount)', year(2024), '> 10000', year(2025), '< 8000'),
  },
  {
    class: 'two-years',
    ask: 'count of customers with over 20 orders in 2023 but under 15 in 2025',
    sql: twoYears('count(*)', year(2023), '> 20', year(2025), '< 15'),
  },
  // --- in A but not in B, by a group ---
  {
    class: 'but-not',
    ask: 'customers that bought in 2024 but not in 2025, split by region',
    sql: butNot('c.region', year(2024), year(2025)),
  },
  {
    class: 'but-not',
    ask: 'by segment: how many customers ordered in Q3 2025 and not in Q4 2025?',
    sql: butNot(
      'c.segment',
      between('2025-07-01', '2025-10-01', 'o.created_at'),
      between('2025-10-01', '2026-01-01', 'o.created_at'),
    ),
  },
  // --- month-range cohorts and signup halves ---
  {
    class: 'month-range-cohort',
    ask: 'how many 2025 orders came from the Apr-Jun 2022 signups?',
    sql: `SELECT count(*) FROM ${JOINED} WHERE ${year(2025)} AND ${signedUp('2022-04-01', '2022-07-01')}`,
  },
  {
    class: 'month-range-cohort',
    ask: 'Sep–Dec 2022 sign-ups: total spend in 2024?',
    sql: `SELECT sum(o.amount) FROM ${JOINED} WHERE ${year(2024)} AND ${signedUp('2022-09-01', '2023-01-01')}`,
  },
  {
    class: 'month-range-cohort',
    ask: '2024 revenue per signup half',
    sql: `SELECT CASE WHEN c.created_at < '2022-07-01' THEN 'H1 2022' ELSE 'H2 2022' END, sum(o.amount) FROM ${JOINED} WHERE ${year(2024)} GROUP BY 1`,
  },
  // --- retention ---
  {
    class: 'retention',
    ask: 'what % of the H2 2022 signups ordered again in 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: retained(signedUp('2022-07-01', '2023-01-01'), year(2025)),
  },
  {
    class: 'retention',
    ask: 'of the people who signed up in May 2022, what percent were still ordering in Q4 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: retained(signedUp('2022-05-01', '2022-06-01'), between('2025-10-01', '2026-01-01', 'o.created_at')),
  },
  // --- negations that must be kept ---
  {
    class: 'negation',
    ask: 'what share of 2025 orders were not from the west?',
    check: 'answer',
    tolerance: 0.006,
    sql: share('count(*)', "o.region <> 'west'", year(2025)),
  },
  {
    class: 'negation',
    ask: 'pct of 2024 revenue that was not electronics',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "o.category <> 'electronics'", year(2024)),
  },
  // --- out of scope ---
  {
    class: 'refuse',
    ask: "what's the 90th percentile delivery time?",
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'of the customers who came in through the referral program, what share ordered in 2025?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'for each signup quarter, how many support tickets did that group open in 2024?',
    refuse: true,
  },
];
