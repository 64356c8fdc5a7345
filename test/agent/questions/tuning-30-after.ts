/**
 * After held-out-30's one scoring (66/80, 4 confidently wrong; the session of 2026-11-29 17:04): the shapes of its
 * confident wrong answers in the lead's own words (not its questions): customers counted within each group by a kind
 * of order they have ever placed (was each group's customers listed one by one), the dollar change of a kind of
 * orders' revenue between two periods (was the change of its share in points), the share of a signup month's
 * customers with an order in every period of a later year (was the share of orders per quarter), and the group that
 * "lost the most revenue" to a status in each year (was the largest fall over the year before).
 * Scored in the eval CLI (1,000,000-order sample): see planner-tuning-6.test.ts's entry.
 *
 * Clock: Friday 2027-02-05, as tuning-30-probed's.
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_30_AFTER_NOW = '2027-02-05T14:00:00Z';

const quarter = (y: number, q: number) =>
  `created_at >= '${y}-${String(3 * q - 2).padStart(2, '0')}-01' AND created_at < '${q === 4 ? y + 1 : y}-${String(q === 4 ? 1 : 3 * q + 1).padStart(2, '0')}-01'`;
/** Among `cohort` signups, those with an order in each `unit` of `year` (all of them). */
const everyUnit = (cohort: string, unit: string, year: number, n: number) =>
  `WITH c AS (SELECT id FROM customers WHERE ${cohort}),
   p AS (SELECT customer_id, count(DISTINCT date_trunc('${unit}', created_at)) AS k FROM orders WHERE ${inYear(year)} GROUP BY 1)
   SELECT (SELECT count(*) FROM c JOIN p ON p.customer_id = c.id WHERE p.k = ${n}), (SELECT count(*) FROM c)`;
/** The `by` that lost the most revenue to `status` in each year. */
const lostMost = (by: string, status: string) =>
  `WITH t AS (SELECT year(created_at) AS y, ${by} AS g, sum(amount) AS v FROM orders WHERE status = '${status}' GROUP BY 1, 2)
   SELECT y, g, v FROM t WHERE (y, v) IN (SELECT y, max(v) FROM t GROUP BY 1)`;

export const tuning30after: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'for every segment, how many customers ever had an order above $950?',
    sql: `SELECT c.segment, count(DISTINCT c.id) FROM ${withCustomers} WHERE o.amount > 950 GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers in each segment have made at least one purchase over $985?',
    sql: `SELECT c.segment, count(DISTINCT c.id) FROM ${withCustomers} WHERE o.amount > 985 GROUP BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'how much more or less did cancelled orders bring in during Q1 2025 than in Q1 2024, in dollars?',
    sql: `SELECT sum(amount) FILTER (WHERE ${quarter(2025, 1)}) - sum(amount) FILTER (WHERE ${quarter(2024, 1)}) FROM orders WHERE status = 'cancelled'`,
    check: 'answer',
    tolerance: 0.01,
  },
  {
    class: 'period-over-period',
    ask: 'by how many dollars did revenue from returned orders change from 2024 to 2025?',
    sql: `SELECT sum(amount) FILTER (WHERE ${inYear(2025)}) - sum(amount) FILTER (WHERE ${inYear(2024)}) FROM orders WHERE status = 'returned'`,
    check: 'answer',
    tolerance: 0.01,
  },
  {
    class: 'period-over-period',
    ask: 'how much more revenue did cancelled orders account for in 2024 than in 2023?',
    sql: `SELECT sum(amount) FILTER (WHERE ${inYear(2024)}) - sum(amount) FILTER (WHERE ${inYear(2023)}) FROM orders WHERE status = 'cancelled'`,
    check: 'answer',
    tolerance: 0.01,
  },
  {
    class: 'cohorts',
    ask: 'what share of the customers who signed up in March 2022 ordered in every month of 2025?',
    sql: `SELECT round(100.0 * a / b, 2) FROM (${everyUnit("created_at >= '2022-03-01' AND created_at < '2022-04-01'", 'month', 2025, 12)}) AS t(a, b)`,
    tolerance: 0.05,
  },
  {
    class: 'cohorts',
    ask: 'how many of the customers who joined in Q2 2022 placed an order in every quarter of 2024?',
    sql: `SELECT a FROM (${everyUnit("created_at >= '2022-04-01' AND created_at < '2022-07-01'", 'quarter', 2024, 4)}) AS t(a, b)`,
  },
  {
    class: 'top-per-group',
    ask: 'for each year, which region lost the most revenue to returns, and how much?',
    sql: lostMost('region', 'returned'),
  },
  {
    class: 'top-per-group',
    ask: 'which category lost the most revenue to cancellations in 2025?',
    sql: `SELECT category, sum(amount) FROM orders WHERE status = 'cancelled' AND ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'cohorts',
    ask: 'what percent of customers who joined in April 2022 placed an order in every quarter of 2024?',
    sql: `SELECT round(100.0 * a / b, 2) FROM (${everyUnit("created_at >= '2022-04-01' AND created_at < '2022-05-01'", 'quarter', 2024, 4)}) AS t(a, b)`,
    tolerance: 0.05,
  },
];
