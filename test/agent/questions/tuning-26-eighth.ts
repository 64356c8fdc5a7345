/**
 * The lead's eighth batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written before the changes they tune: a figure of the first orders themselves
 * said without "of" ("average first order amount", "avg first-order value by region", "what was the biggest first
 * order?": the "first" was dropped and every order's figure given, or each region's first date: confidently
 * wrong), now refused; with a neighbour that was already right.
 * Scored in the eval CLI (1,000,000-order sample): 1 of 4 right before, on 2777ec4 (3 confidently wrong); 1 of 4,
 * none wrong, after (3 refused).
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import type { SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_EIGHTH_NOW = '2026-08-27T10:00:00Z';

/** Each customer's first order (earliest, ties by id). */
const firsts = `SELECT * FROM (SELECT o.*, row_number() OVER (PARTITION BY customer_id ORDER BY created_at, id) AS k FROM orders o) WHERE k = 1`;

export const tuning26eighth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'cohorts',
    ask: 'average first order amount',
    sql: `SELECT avg(amount) FROM (${firsts})`,
    tolerance: 0.01,
  },
  {
    class: 'cohorts',
    ask: 'avg first-order value by region',
    sql: `SELECT c.region, avg(f.amount) FROM (${firsts}) f JOIN customers c ON f.customer_id = c.id GROUP BY 1 ORDER BY 1`,
    tolerance: 0.01,
  },
  {
    class: 'cohorts',
    ask: 'what was the biggest first order?',
    sql: `SELECT max(amount) FROM (${firsts})`,
  },
  {
    // Already right.
    class: 'cohorts',
    ask: 'average order amount for customers whose first order was in 2023',
    sql: `SELECT avg(amount) FROM orders WHERE customer_id IN (SELECT customer_id FROM orders GROUP BY 1 HAVING year(min(created_at)) = 2023)`,
    tolerance: 0.01,
  },
];
