/**
 * The lead's fourth batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written before the changes they tune: a share of a year's revenue that rows
 * "did ... bring in", by region (was each region's slice of those rows' revenue: confidently wrong), words defined
 * as values listed with "and" ("our 'core' categories are electronics and furniture"), a spend that "topped" an
 * amount, and "we count an order as 'late' if it was cancelled", "we flag a customer as 'at risk' if they had no
 * orders in H2 2025" (all refused).
 * Scored in the eval CLI (1,000,000-order sample): 0 of 7 right before, on 2777ec4 (1 confidently wrong); 7 of 7
 * after.
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_FOURTH_NOW = '2026-08-27T10:00:00Z';

export const tuning26fourth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'unknown-words',
    ask: "'premium orders' are anything $750+. what share of 2024 revenue did premium orders bring in, by region?",
    sql: `SELECT c.region, round(100.0 * sum(o.amount) FILTER (WHERE o.amount >= 750) / sum(o.amount), 2) FROM ${withCustomers}
      WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'combined-shares',
    ask: 'what % of 2025 revenue did orders under $100 account for?',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE amount < 100) / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: "our 'core' categories are electronics and furniture. core revenue in 2025?",
    sql: `SELECT sum(amount) FROM orders WHERE category IN ('electronics', 'furniture') AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: "'core' = clothing and toys. how many core orders in 2024?",
    sql: `SELECT count(*) FROM orders WHERE category IN ('clothing', 'toys') AND ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: "define a 'heavy hitter' as a customer whose 2025 spend topped $15k. how many heavy hitters per segment?",
    sql: `SELECT segment, count(*) FILTER (WHERE v > 15000) FROM (SELECT c.segment, o.customer_id, sum(o.amount) AS v FROM ${withCustomers}
      WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'unknown-words',
    ask: "we count an order as 'late' if it was cancelled. what % of Q4 2025 orders were late?",
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*), 2) FROM orders
      WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01'`,
  },
  {
    class: 'unknown-words',
    ask: "we flag a customer as 'at risk' if they had no orders in H2 2025. how many at-risk customers in the north?",
    sql: `SELECT count(*) FROM customers WHERE region = 'north' AND id IN (SELECT customer_id FROM orders)
      AND id NOT IN (SELECT customer_id FROM orders WHERE created_at >= '2025-07-01' AND created_at < '2026-01-01')`,
  },
];
