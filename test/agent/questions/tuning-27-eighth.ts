/**
 * The lead's eighth batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own
 * words, written before the changes they tune: customers who bought from one category only ("exactly one
 * category", "a single category", "only ever bought one category": "exactly" was read with no number and dropped,
 * every customer counted, confidently wrong).
 * Scored in the eval CLI (1,000,000-order sample): 1 of 5 right before, on a533fc7 (3 confidently wrong); 5 of 5 after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { between, perCustomer, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_EIGHTH_NOW = '2027-01-27T10:00:00Z';

const DECEMBER = `WHERE ${between('2025-12-01', '2026-01-01')}`;

export const tuning27eighth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'how many customers bought from exactly one category?',
    sql: perCustomer('count(DISTINCT category) = 1'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers only ever bought one category?',
    sql: perCustomer('count(DISTINCT category) = 1'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers bought from only one category in December 2025?',
    sql: perCustomer('count(DISTINCT category) = 1', DECEMBER),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers who ordered from a single category in December 2025',
    sql: perCustomer('count(DISTINCT category) = 1', DECEMBER),
  },
  {
    // Already right.
    class: 'counts-per-entity',
    ask: 'how many customers ordered only once in December 2025?',
    sql: perCustomer('count(*) = 1', DECEMBER),
  },
];
