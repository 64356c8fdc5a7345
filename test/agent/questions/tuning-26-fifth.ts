/**
 * The lead's fifth batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written before the changes they tune: customers who ordered "in all 4 quarters
 * of 2025" (the count was read as the span's, leaving "ordered in 2025": confidently wrong), "each of the 12
 * months of 2024" (refused), "their total 2024 orders" (was the total amount), a signup cohort's orders "in their
 * first 30 days" (counted from the first order, not from joining: confidently wrong), "the average spend of
 * customers in the west" (was the total, or the average order) and two signup cohorts said as "customers who
 * signed up in Dec 2022 vs those who signed up in Jan 2022" (was the average order).
 * Scored in the eval CLI (1,000,000-order sample): 0 of 8 right before, on 2777ec4 (7 confidently wrong); 7 of 8,
 * none wrong, after (the first 30 days from joining refused).
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_FIFTH_NOW = '2026-08-27T10:00:00Z';

/** Customers with orders in every `unit` of `year`. */
const everyUnit = (unit: string, n: number, year: number) =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(year)} GROUP BY 1 HAVING count(DISTINCT date_trunc('${unit}', created_at)) = ${n})`;

/** The mean of each customer's `year` spend, over customers matching `where` with orders that year. */
const meanSpend = (year: number, where: string) =>
  `SELECT avg(v) FROM (SELECT o.customer_id, sum(o.amount) AS v FROM ${withCustomers} WHERE ${where} AND ${inYear(year, 'o.created_at')} GROUP BY 1)`;

export const tuning26fifth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered in all four quarters of 2025',
    sql: everyUnit('quarter', 4, 2025),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered in all 12 months of 2024',
    sql: everyUnit('month', 12, 2024),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers placed an order in each of the 12 months of 2024?',
    sql: everyUnit('month', 12, 2024),
  },
  {
    class: 'cohorts',
    ask: 'for each signup quarter of 2022: number of customers and their total 2024 orders',
    sql: `SELECT date_trunc('quarter', c.created_at), count(DISTINCT c.id), count(*) FROM ${withCustomers}
      WHERE ${inYear(2024, 'o.created_at')} AND year(c.created_at) = 2022 GROUP BY 1 ORDER BY 1`,
  },
  {
    // From joining: their first 30 days after the signup date.
    class: 'cohorts',
    ask: 'of customers who joined in Q3 2022, what % placed an order in their first 30 days?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id
      AND o.created_at < c.created_at + INTERVAL 30 DAY)) / count(*), 2) FROM customers c
      WHERE c.created_at >= '2022-07-01' AND c.created_at < '2022-10-01'`,
  },
  {
    class: 'wording',
    ask: 'average spend of customers in the west in 2025',
    sql: meanSpend(2025, "c.region = 'west'"),
    tolerance: 0.01,
  },
  {
    class: 'wording',
    ask: 'avg spend of west customers in 2025',
    sql: meanSpend(2025, "c.region = 'west'"),
    tolerance: 0.01,
  },
  {
    class: 'cohorts',
    ask: 'average 2025 spend of customers who signed up in Dec 2022 vs those who signed up in Jan 2022',
    sql: `SELECT strftime(s, '%B %Y'), avg(v) FROM (SELECT date_trunc('month', c.created_at) AS s, o.customer_id, sum(o.amount) AS v
      FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} AND (c.created_at >= '2022-12-01' OR c.created_at < '2022-02-01')
      GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
    tolerance: 0.01,
  },
];
