/**
 * The lead's sixth batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own
 * words, written before the changes they tune: more threads. "and the overall AOV?" after AOV by region (was the
 * breakdown again, no overall figure), "how much did it make in 2024?" after the top category of 2025 (was 2024's own
 * top category: confidently wrong), and "what % of all customers is that?" after a count of a month's buyers
 * (refused).
 * Scored in the eval CLI (1,000,000-order sample): 0 of 4 right before, on a694cfa (2 confidently wrong); 4 of 4 after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { between, inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_SIXTH_NOW = '2027-01-27T10:00:00Z';

export const tuning27sixth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'wording',
    ask: ['AOV by region in 2025', 'and the overall AOV?'],
    check: 'answer',
    sql: `SELECT round(avg(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'top-per-group',
    ask: ['top category by revenue in 2025', 'how much did it make in 2024?'],
    sql: `SELECT category, round(sum(amount) FILTER (WHERE ${inYear(2024)}), 2) FROM orders GROUP BY 1
      ORDER BY sum(amount) FILTER (WHERE ${inYear(2025)}) DESC LIMIT 1`,
  },
  {
    class: 'combined-shares',
    ask: ['how many customers ordered in December 2025?', 'what % of all customers is that?'],
    check: 'answer',
    sql: `SELECT round(100.0 * count(DISTINCT customer_id) FILTER (WHERE ${between('2025-12-01', '2026-01-01')})
      / count(DISTINCT customer_id), 2) FROM orders`,
  },
  {
    class: 'combined-shares',
    ask: ['how many customers ordered in Q4 2025?', 'what share of our customers is it?'],
    check: 'answer',
    sql: `SELECT round(100.0 * count(DISTINCT customer_id) FILTER (WHERE ${between('2025-10-01', '2026-01-01')})
      / count(DISTINCT customer_id), 2) FROM orders`,
  },
];
