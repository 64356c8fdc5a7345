/**
 * Sixteenth tuning batch (issue 29), for cohorts and shares of cohorts: two signup cohorts compared on a
 * per-customer average or a total ("Q1 vs Q3 2022 signups", one figure per cohort, never the two OR-ed into one),
 * a breakdown by signup month, quarter or half followed by a later activity period (the activity period filters
 * the orders, it is not a second signup period), per-cohort averages, "ordered in P but fewer than N times that
 * year", "spent over X in one year but under Y in another", "ordered in A but not in B" (by a group), a cohort's
 * share of a period's revenue or orders, retention wordings ("how many of them still ordered in ...", "what % were
 * still buying"), and negations of a cohort or a status that must not be dropped. Written BEFORE the planner
 * change it tunes, in wordings a sales or operations asker would use (abbreviations, typos, threads, an analyst
 * under row-level security); no question copies a held-out or earlier tuning question.
 *
 * Scored in the eval CLI before the change (on bcdb0d3): 14/35 right, 2 confidently wrong (a signup-quarter
 * breakdown dropped, a later activity year read as the signup date); after it: 22/35, none wrong (two cohorts
 * compared per customer, signup-period breakdowns of a later period, "but fewer than N times that year", a signup
 * cohort's share of a period; "but not", two-year conditions and negated cohorts are still refused).
 *
 * Clock: 2026-02-10, after the data ends (orders 2023-01-01 to 2025-12-31; every customer signed up in 2022 and
 * has orders; the sample's order region is its customer's home region). References are written on the raw tables,
 * each customer's figures in a subquery, independently of the planner's SQL.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_16_COHORTS_NOW = '2026-02-10T14:15:00Z';

export type Tuning16Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON c.id = o.customer_id';
const signedUp = (from: string, to: string) => between(from, to, 'c.created_at');
const ordered = (from: string, to: string) => between(from, to, 'o.created_at');
const year = (y: number) => inYear(y, 'o.created_at');
/** Per cohort label, orders (or spend) per customer who ordered in the window: the two cohorts side by side. */
const perCohort = (label: string, value: 'count(*)' | 'sum(o.amount)', window: string) =>
  `SELECT ${label} AS cohort, ${value} * 1.0 / count(DISTINCT c.id) AS per_customer FROM ${JOINED} WHERE ${window} GROUP BY 1 HAVING cohort IS NOT NULL ORDER BY 1`;
/** A cohort's share (%) of a period's figure. */
const cohortShare = (value: 'count(*)' | 'sum(o.amount)', cohort: string, window: string) =>
  `SELECT 100.0 * (${value} FILTER (WHERE ${cohort})) / ${value} FROM ${JOINED} WHERE ${window}`;
/** Customers of a cohort who ordered in a window, as a % of the cohort. */
const stillOrdering = (cohort: string, window: string) =>
  `SELECT 100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${window})) / count(*) FROM customers c WHERE ${cohort}`;

export const tuning16cohorts: Tuning16Case[] = [
  // --- two cohorts compared: one figure per cohort ---
  {
    class: 'cohort-versus',
    ask: 'avg 2025 spend per customer: Q1 2022 signups vs Q3 2022 signups',
    check: 'answer',
    tolerance: 0.006,
    sql: perCohort(
      `CASE WHEN ${signedUp('2022-01-01', '2022-04-01')} THEN 'Q1' WHEN ${signedUp('2022-07-01', '2022-10-01')} THEN 'Q3' END`,
      'sum(o.amount)',
      year(2025),
    ),
  },
  {
    class: 'cohort-versus',
    ask: 'orders per customer in 2023 - people who joined in Jan 2022 compared with those who joined in Feb 2022',
    check: 'answer',
    tolerance: 0.006,
    sql: perCohort(
      `CASE WHEN ${signedUp('2022-01-01', '2022-02-01')} THEN 'Jan' WHEN ${signedUp('2022-02-01', '2022-03-01')} THEN 'Feb' END`,
      'count(*)',
      year(2023),
    ),
  },
  {
    class: 'cohort-versus',
    ask: 'H1 2022 vs H2 2022 signups — average revenue per customer in 2024?',
    check: 'answer',
    tolerance: 0.006,
    sql: perCohort(`CASE WHEN month(c.created_at) <= 6 THEN 'H1' ELSE 'H2' END`, 'sum(o.amount)', year(2024)),
  },
  {
    class: 'cohort-versus',
    ask: 'mean # of 2025 orders per customer, Mar-May 2022 cohort versus Sep-Nov 2022 cohort',
    check: 'answer',
    tolerance: 0.006,
    sql: perCohort(
      `CASE WHEN ${signedUp('2022-03-01', '2022-06-01')} THEN 'spring' WHEN ${signedUp('2022-09-01', '2022-12-01')} THEN 'autumn' END`,
      'count(*)',
      year(2025),
    ),
  },
  {
    class: 'cohort-versus',
    ask: 'Jan 2022 vs Jul 2022 signups: total 2025 revenue of each group',
    check: 'answer',
    sql: `SELECT CASE WHEN ${signedUp('2022-01-01', '2022-02-01')} THEN 'Jan' WHEN ${signedUp('2022-07-01', '2022-08-01')} THEN 'Jul' END AS cohort, sum(o.amount) FROM ${JOINED} WHERE ${year(2025)} GROUP BY 1 HAVING cohort IS NOT NULL ORDER BY 1`,
  },
  {
    class: 'cohort-versus',
    ask: 'how many customers signed up in Q2 2022 vs Q4 2022?',
    check: 'answer',
    sql: `SELECT date_trunc('quarter', created_at) AS q, count(*) FROM customers WHERE quarter(created_at) IN (2, 4) GROUP BY 1 ORDER BY 1`,
  },
  // --- a breakdown by signup period, then a later activity period ---
  {
    class: 'cohort-breakdown',
    ask: 'for each signup month in 2022, how many of those customers ordered in November 2025?',
    sql: `SELECT date_trunc('month', c.created_at) AS m, count(DISTINCT c.id) FROM ${JOINED} WHERE ${ordered('2025-11-01', '2025-12-01')} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'cohort-breakdown',
    ask: 'by signup quarter, how many customers placed at least one order in Q1 2024?',
    sql: `SELECT date_trunc('quarter', c.created_at) AS q, count(DISTINCT c.id) FROM ${JOINED} WHERE ${ordered('2024-01-01', '2024-04-01')} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'cohort-breakdown',
    ask: '2025 revenue split by the quarter the customer signed up in',
    sql: `SELECT date_trunc('quarter', c.created_at) AS q, sum(o.amount) FROM ${JOINED} WHERE ${year(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'cohort-breakdown',
    ask: 'per signup half of 2022, # of customers who bought something in Dec 2025',
    check: 'answer',
    sql: `SELECT CASE WHEN month(c.created_at) <= 6 THEN 'H1' ELSE 'H2' END AS h, count(DISTINCT c.id) FROM ${JOINED} WHERE ${ordered('2025-12-01', '2026-01-01')} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'cohort-breakdown',
    ask: 'avg orders per customer in 2024 by signup quarter',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT date_trunc('quarter', c.created_at) AS q, count(*) * 1.0 / count(DISTINCT c.id) FROM ${JOINED} WHERE ${year(2024)} GROUP BY 1 ORDER BY 1`,
  },
  // --- ordered in a period, but fewer than N times ---
  {
    class: 'fewer-than',
    ask: 'how many customers bought in 2024 but fewer than 10 times that year?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders o WHERE ${year(2024)} GROUP BY 1 HAVING count(*) < 10) t`,
  },
  {
    class: 'fewer-than',
    ask: 'customers with orders in 2023 but less than 12 of them that year - count?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders o WHERE ${year(2023)} GROUP BY 1 HAVING count(*) < 12) t`,
  },
  {
    class: 'fewer-than',
    ask: 'count of customers who ordered in Q4 2025 but no more than 3 times in that quarter',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders o WHERE ${ordered('2025-10-01', '2026-01-01')} GROUP BY 1 HAVING count(*) <= 3) t`,
  },
  {
    class: 'fewer-than',
    ask: 'how many of my customers ordered in 2025 but under 9 times?',
    user: WEST,
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders o WHERE ${year(2025)} AND o.region = 'west' GROUP BY 1 HAVING count(*) < 9) t`,
  },
  // --- a condition in one year and another in a second year ---
  {
    class: 'two-years',
    ask: 'customers who spent over 12k in 2025 but under 8k in 2024 - how many?',
    sql: `SELECT count(*) FROM (SELECT customer_id, sum(amount) FILTER (WHERE ${inYear(2025)}) AS a, sum(amount) FILTER (WHERE ${inYear(2024)}) AS b FROM orders GROUP BY 1) t WHERE a > 12000 AND coalesce(b, 0) < 8000`,
  },
  {
    class: 'two-years',
    ask: 'how many customers placed more than 20 orders in 2024 but fewer than 15 in 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id, count(*) FILTER (WHERE ${inYear(2024)}) AS a, count(*) FILTER (WHERE ${inYear(2025)}) AS b FROM orders GROUP BY 1) t WHERE a > 20 AND b < 15`,
  },
  // --- ordered in one period but not in another ---
  {
    class: 'but-not',
    ask: 'by region, how many customers bought in Q1 2024 but not in Q1 2025?',
    sql: `SELECT c.region, count(*) FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${ordered('2024-01-01', '2024-04-01')}) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${ordered('2025-01-01', '2025-04-01')}) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'but-not',
    ask: 'customers who ordered in Q2 2024 but not in Q2 2025, by segment',
    sql: `SELECT c.segment, count(*) FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${ordered('2024-04-01', '2024-07-01')}) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${ordered('2025-04-01', '2025-07-01')}) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'but-not',
    ask: 'how many customers ordered in H1 2025 but not in H2 2025?',
    sql: `SELECT count(*) FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${ordered('2025-01-01', '2025-07-01')}) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${ordered('2025-07-01', '2026-01-01')})`,
  },
  // --- a cohort's share of a period ---
  {
    class: 'cohort-share',
    ask: 'what % of 2024 revenue came from customers who joined in Q3 2022?',
    check: 'answer',
    tolerance: 0.006,
    sql: cohortShare('sum(o.amount)', signedUp('2022-07-01', '2022-10-01'), year(2024)),
  },
  {
    class: 'cohort-share',
    ask: 'share of 2023 orders placed by customers who signed up in the second half of 2022',
    check: 'answer',
    tolerance: 0.006,
    sql: cohortShare('count(*)', signedUp('2022-07-01', '2023-01-01'), year(2023)),
  },
  {
    class: 'cohort-share',
    ask: 'how much of 2025 revenue, as a percentage, did the Jan-Mar 2022 signups account for?',
    check: 'answer',
    tolerance: 0.006,
    sql: cohortShare('sum(o.amount)', signedUp('2022-01-01', '2022-04-01'), year(2025)),
  },
  {
    class: 'cohort-share',
    ask: 'what share of my 2025 sales came from customers signed up in H1 2022?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: cohortShare(
      'sum(o.amount)',
      signedUp('2022-01-01', '2022-07-01'),
      `${year(2025)} AND o.region = 'west'`,
    ),
  },
  // --- retention wordings ---
  {
    class: 'retention',
    ask: 'of the customers who joined in March 2022, how many still ordered in 2025?',
    sql: `SELECT count(DISTINCT c.id) FROM ${JOINED} WHERE ${signedUp('2022-03-01', '2022-04-01')} AND ${year(2025)}`,
  },
  {
    class: 'retention',
    ask: 'Q2 2022 signups: what % were still buying in H2 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: stillOrdering(signedUp('2022-04-01', '2022-07-01'), ordered('2025-07-01', '2026-01-01')),
  },
  {
    class: 'retention',
    ask: [
      'how many customers signed up in Aug 2022?',
      'how many of them still placed orders in December 2025?',
    ],
    sql: `SELECT count(DISTINCT c.id) FROM ${JOINED} WHERE ${signedUp('2022-08-01', '2022-09-01')} AND ${ordered('2025-12-01', '2026-01-01')}`,
  },
  {
    class: 'retention',
    ask: 'of the customers who joined in oct 2022, what pct ordered in Q3 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: stillOrdering(signedUp('2022-10-01', '2022-11-01'), ordered('2025-07-01', '2025-10-01')),
  },
  // --- negations that must be kept ---
  {
    class: 'negation',
    ask: "2025 revenue from customers who didn't sign up in Q1 2022",
    sql: `SELECT sum(o.amount) FROM ${JOINED} WHERE ${year(2025)} AND NOT (${signedUp('2022-01-01', '2022-04-01')})`,
  },
  {
    class: 'negation',
    ask: 'how many customers who signed up in H1 2022 did not place any order in Dec 2025?',
    sql: `SELECT count(*) FROM customers c WHERE ${signedUp('2022-01-01', '2022-07-01')} AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${ordered('2025-12-01', '2026-01-01')})`,
  },
  {
    class: 'negation',
    ask: 'non-enterprise customers who ordered in Q4 2025 - how many?',
    sql: `SELECT count(DISTINCT c.id) FROM ${JOINED} WHERE c.segment <> 'enterprise' AND ${ordered('2025-10-01', '2026-01-01')}`,
  },
  {
    class: 'negation',
    ask: 'how many of the Q4 2022 signups never had an order cancelled?',
    sql: `SELECT count(*) FROM customers c WHERE ${signedUp('2022-10-01', '2023-01-01')} AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.status = 'cancelled')`,
  },
  // --- out of scope: no channel, price change or sales rep in the model ---
  {
    class: 'refuse',
    ask: 'LTV by acquisition channel for the 2022 cohorts',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'of the Q1 2022 signups, how many churned after the price increase?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'which sales rep onboarded the most of the Q3 2022 signups?',
    refuse: true,
  },
];
