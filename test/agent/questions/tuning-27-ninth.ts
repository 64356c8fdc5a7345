/**
 * The lead's ninth batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), from a tuner's report:
 * a share of a period's buyers ("what share of Q1 2025 buyers placed 3 or more orders?") was of every customer,
 * confidently wrong where some did not buy in the period. Written before the change.
 * Scored in the eval CLI (1,000,000-order sample): 0 of 4 right before, on 8049e51 (4 confidently wrong; "active
 * customers in Q1 2025" too, on this larger sample); 4 of 4 after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { between, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_NINTH_NOW = '2027-01-27T10:00:00Z';

const Q1 = between('2025-01-01', '2025-04-01');
const shareOfBuyers = (having: string, where = Q1) =>
  `SELECT round(100.0 * count(*) FILTER (WHERE ok) / count(*), 2) FROM (SELECT customer_id, ${having} AS ok FROM orders
    WHERE ${where} GROUP BY 1)`;

export const tuning27ninth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'combined-shares',
    ask: 'what share of Q1 2025 buyers placed 3 or more orders?',
    check: 'answer',
    sql: shareOfBuyers('count(*) >= 3'),
  },
  {
    class: 'combined-shares',
    ask: 'share of buyers with 3+ orders in Q1 2025',
    check: 'answer',
    sql: shareOfBuyers('count(*) >= 3'),
  },
  {
    class: 'combined-shares',
    ask: 'what % of shoppers spent over $2000 in Q1 2025?',
    check: 'answer',
    sql: shareOfBuyers('sum(amount) > 2000'),
  },
  {
    // Already right.
    class: 'combined-shares',
    ask: 'what share of active customers in Q1 2025 placed 3 or more orders?',
    check: 'answer',
    sql: shareOfBuyers('count(*) >= 3'),
  },
];
