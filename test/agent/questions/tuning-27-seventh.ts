/**
 * The lead's seventh batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own
 * words, written before the changes they tune: a breakdown and a grain joined by "and" ("revenue by category and
 * year": refused over "year", though "by year and category" was read) and "the middle 50% range" (the IQR).
 * Scored in the eval CLI (1,000,000-order sample): 0 of 4 right before, on 39f6793 (none wrong, all refused); 4 of 4
 * after (one reference first gave quarters as integers, which no answer can be paired with: now their first days).
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_SEVENTH_NOW = '2027-01-27T10:00:00Z';

export const tuning27seventh: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'wording',
    ask: 'revenue by category and year',
    sql: `SELECT year(created_at), category, round(sum(amount), 2) FROM orders GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    class: 'wording',
    ask: 'average order value by region and year',
    sql: `SELECT year(created_at), region, round(avg(amount), 2) FROM orders GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    class: 'wording',
    ask: 'orders by status and quarter of 2025',
    sql: `SELECT date_trunc('quarter', created_at)::DATE, status, count(*) FROM orders WHERE ${inYear(2025)}
      GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  {
    class: 'percentiles',
    ask: 'middle 50% range of order amounts in 2025',
    sql: `SELECT round(quantile_cont(amount::DOUBLE, 0.75) - quantile_cont(amount::DOUBLE, 0.25), 2) FROM orders
      WHERE ${inYear(2025)}`,
    tolerance: 0.02,
  },
];
