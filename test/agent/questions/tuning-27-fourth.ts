/**
 * The lead's fourth batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own
 * words, written before the changes they tune: a span of years ending on a month past the data ("the two years
 * ending June 2026"), a part of a year named relative to today ("Q4 of the year before last", "March of last
 * year"), and the same figure in every row (was "Highest: north (100); lowest: north (100)").
 * Scored in the eval CLI (1,000,000-order sample): 1 of 6 right before, on d062b40 (1 confidently wrong: the year
 * before last set against Q4 of the current year); 6 of 6 after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { between, LAST_DAY, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_FOURTH_NOW = '2027-01-27T10:00:00Z';

export const tuning27fourth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'past-the-data',
    ask: 'revenue for the two years ending June 2026',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, round(sum(amount), 2) FROM orders WHERE ${between('2024-07-01', '2026-07-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'orders in the 3 years ending March 2026',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2023-04-01', '2026-04-01')}`,
  },
  {
    class: 'period-over-period',
    ask: 'revenue in Q4 of the year before last',
    sql: `SELECT round(sum(amount), 2) FROM orders WHERE ${between('2025-10-01', '2026-01-01')}`,
  },
  {
    class: 'period-over-period',
    ask: 'how did revenue in Q4 of the year before last compare with Q3 of that year?',
    sql: `SELECT CASE WHEN created_at < '2025-10-01' THEN 'Q3 2025' ELSE 'Q4 2025' END, round(sum(amount), 2) FROM orders
      WHERE ${between('2025-07-01', '2026-01-01')} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'past-the-data',
    ask: 'orders in March of last year',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'wording',
    ask: 'number of customers per region',
    sql: 'SELECT region, count(*) FROM customers GROUP BY 1 ORDER BY 1',
    // (Every region has the same number on the TEST sample: no highest or lowest of its own there.)
    never: /Highest: (\w+) \([^)]*\); lowest: \1 /,
  },
];
