/**
 * The lead's fifth batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own
 * words, written before the changes they tune: threads. Two turns set apart ("same for east" -> "which is bigger and
 * by how much?": was the last turn's change from the year before, confidently wrong), a filtered breakdown then "as a
 * share of each region's orders?" (was each region's share of the filtered rows: confidently wrong), and "what did
 * they spend?" after a count of customers (refused).
 * Scored in the eval CLI (1,000,000-order sample): 1 of 9 right before, on 9cfb4d4 (4 confidently wrong); 9 of 9
 * after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { between, inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_FIFTH_NOW = '2027-01-27T10:00:00Z';

export const tuning27fifth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'period-over-period',
    ask: ['revenue in the west in 2025', 'same for east', 'which is bigger and by how much?'],
    check: 'answer',
    sql: `SELECT round(abs(sum(amount) FILTER (WHERE region = 'east') - sum(amount) FILTER (WHERE region = 'west')), 2)
      FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'period-over-period',
    ask: ['revenue in the west in 2025', 'same for east', "what's the difference?"],
    check: 'answer',
    sql: `SELECT round(abs(sum(amount) FILTER (WHERE region = 'east') - sum(amount) FILTER (WHERE region = 'west')), 2)
      FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'period-over-period',
    ask: ['revenue in 2023', 'and 2025?', 'how far apart are they?'],
    check: 'answer',
    // (The change from the earlier to the later: a fall is said as one.)
    sql: `SELECT round(sum(amount) FILTER (WHERE ${inYear(2025)}) - sum(amount) FILTER (WHERE ${inYear(2023)}), 2) FROM orders`,
  },
  {
    class: 'period-over-period',
    ask: ['orders in toys for Q1 2025', 'and electronics?', 'which was higher?'],
    sql: `SELECT category, count(*) FROM orders WHERE category IN ('toys', 'electronics') AND ${between('2025-01-01', '2025-04-01')}
      GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'combined-shares',
    ask: ['returned orders by region in 2024', "as a share of each region's orders?"],
    sql: `SELECT region, round(100.0 * count(*) FILTER (WHERE status = 'returned') / count(*), 2) FROM orders
      WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'combined-shares',
    ask: ['cancelled orders by category in 2025', "as a percent of each category's orders"],
    sql: `SELECT category, round(100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*), 2) FROM orders
      WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Each region's share of the returned orders: the other reading, kept.
    class: 'combined-shares',
    ask: ['returned orders by region in 2024', 'as a share of the total?'],
    sql: `SELECT region, round(100.0 * count(*) / sum(count(*)) OVER (), 2) FROM orders WHERE status = 'returned'
      AND ${inYear(2024)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: ['how many customers in the enterprise segment?', 'what did they spend in 2025?'],
    sql: `SELECT round(sum(o.amount), 2) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${inYear(2025, 'o.created_at')}`,
  },
  {
    class: 'counts-per-entity',
    ask: ['how many enterprise customers do we have?', 'how many orders did they place in 2024?'],
    sql: `SELECT count(*) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${inYear(2024, 'o.created_at')}`,
  },
];
