/**
 * The lead's seventh batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on
 * the same clock as tuning-26-probed.ts, written before the changes they tune: a percent "how much bigger" the
 * earlier of two periods was than the later (the change's percent is of the earlier period: confidently wrong),
 * and a share's measure named in a lead-in ("how concentrated is revenue - what share comes from ...": refused).
 * Scored in the eval CLI (1,000,000-order sample): 1 of 3 right before, on 2777ec4 (1 confidently wrong); 2 of 3,
 * none wrong, after (the percent of the later period refused).
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_SEVENTH_NOW = '2026-08-27T10:00:00Z';

/** Revenue in `year`. */
const revenue = (year: number) => `(SELECT sum(amount) FROM orders WHERE ${inYear(year)})`;

export const tuning26seventh: (SecondOrderCase & Tuning6Case)[] = [
  {
    // The percent is of 2025's: 2023 over 2025.
    class: 'period-over-period',
    ask: 'how much bigger was 2023 revenue than 2025 revenue, in %?',
    sql: `SELECT round(100.0 * (${revenue(2023)} / ${revenue(2025)} - 1), 2)`,
  },
  {
    // Already right: the later period first, the change's own percent.
    class: 'period-over-period',
    ask: 'how much bigger was 2025 revenue than 2023 revenue, in %?',
    sql: `SELECT round(100.0 * (${revenue(2025)} / ${revenue(2023)} - 1), 2)`,
  },
  {
    class: 'combined-shares',
    ask: 'how concentrated is revenue - what share comes from the top 10% of customers in 2025?',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)
      SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT (SELECT count(*) // 10 FROM t))) / (SELECT sum(v) FROM t), 2)`,
    tolerance: 0.05,
  },
];
