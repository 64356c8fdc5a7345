/**
 * More shapes held-out-27 refused (scored once, on bcfdd38), in the lead's own words, written after that scoring and
 * before the fixes: a gloss restating the change from the unit before ("(each month against the one right before
 * it)"), an order said as its end ("best first", "lowest first" after "rank"), "labelled Jan to Dec", "customers of
 * mine". All were refused. (The days between an order and the same customer's next one stay refused: read as
 * "days between a customer's orders", the planner counts calendar days where held-out-25 asked fractional ones.)
 * Scored in the eval CLI (1,000,000-order sample): 1 of 5 right before, on 53d82cd (none wrong); 5 of 5 after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { inYear, periodChange, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_AFTER2_NOW = '2027-01-27T10:00:00Z';

export const tuning27after2: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'period-over-period',
    ask: 'month-over-month % change in orders for each month of 2025 (each month against the one right before it)',
    sql: periodChange('month', 'count(*)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'rank the categories by % change in revenue from 2024 to 2025, best first',
    ordered: true,
    sql: `SELECT category, round(100.0 * (sum(amount) FILTER (WHERE ${inYear(2025)}) / sum(amount) FILTER (WHERE ${inYear(2024)}) - 1), 2) AS g
      FROM orders GROUP BY 1 ORDER BY 2 DESC`,
  },
  {
    class: 'top-per-group',
    ask: 'rank categories by revenue in 2025, lowest first',
    ordered: true,
    sql: `SELECT category, round(sum(amount), 2) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 ASC`,
  },
  {
    class: 'wording',
    ask: 'orders for each month of 2025, labelled Jan to Dec',
    sql: `SELECT date_trunc('month', created_at)::DATE, count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers of mine ordered in December 2025?',
    user: WEST,
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE region = 'west' AND created_at >= '2025-12-01'
      AND created_at < '2026-01-01'`,
  },
];
