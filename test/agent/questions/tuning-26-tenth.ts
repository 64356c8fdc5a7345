/**
 * The lead's tenth batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written before the change it tunes: "worst" of a bad outcome said away from a
 * rate ("which month was worst for returns": was the lowest returned revenue; "what % of orders were returned, by
 * category, and which category was worst?": was the lowest return rate), both confidently wrong.
 * Scored in the eval CLI (1,000,000-order sample): 1 of 3 right before, on 2777ec4 (2 confidently wrong); 3 of 3
 * after.
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_TENTH_NOW = '2026-08-27T10:00:00Z';

export const tuning26tenth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'top-per-group',
    ask: 'which month was worst for returns in 2025?',
    sql: `SELECT date_trunc('month', created_at) AS m, count(*) AS n FROM orders WHERE status = 'returned' AND ${inYear(2025)}
      GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'top-per-group',
    ask: 'what % of orders in 2025 were returned, by category, and which category was worst?',
    sql: `SELECT category, round(100.0 * count(*) FILTER (WHERE status = 'returned') / count(*), 2) AS r FROM orders
      WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    // Already right.
    class: 'top-per-group',
    ask: 'which region had the worst cancellation rate in 2024',
    sql: `SELECT c.region, round(100.0 * count(*) FILTER (WHERE o.status = 'cancelled') / count(*), 2) FROM ${withCustomers}
      WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
];
