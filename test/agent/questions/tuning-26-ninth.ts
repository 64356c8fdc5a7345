/**
 * The lead's ninth batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written before the changes they tune: a figure of the top customer, the top
 * spender, asked as "how many orders did the top spender place" (ranked by orders instead), "the top customer by
 * spend" (dropped: every order counted) and "the AOV of our top customer" (the customer with the highest AOV):
 * all confidently wrong.
 * Scored in the eval CLI (1,000,000-order sample): 0 of 3 right before, on 2777ec4 (3 confidently wrong); 3 of 3
 * after.
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_NINTH_NOW = '2026-08-27T10:00:00Z';

/** `figure` of the customer with the highest spend in `year`. */
const ofTopSpender = (figure: string, year: number) =>
  `SELECT ${figure} FROM orders WHERE ${inYear(year)} AND customer_id = (SELECT customer_id FROM orders WHERE ${inYear(year)}
   GROUP BY 1 ORDER BY sum(amount) DESC LIMIT 1)`;

export const tuning26ninth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'top-per-group',
    ask: 'how many orders did the top spender place in 2025?',
    sql: ofTopSpender('count(*)', 2025),
  },
  {
    class: 'top-per-group',
    ask: 'how many orders did the top customer by spend place in 2024?',
    sql: ofTopSpender('count(*)', 2024),
  },
  {
    class: 'top-per-group',
    ask: 'what was the AOV of our top customer in 2025?',
    sql: ofTopSpender('avg(amount)', 2025),
    tolerance: 0.01,
  },
];
