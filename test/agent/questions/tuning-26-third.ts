/**
 * The lead's third batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written before the changes they tune: a per-customer figure with the
 * customers it is over said again ("only counting ppl who did order", "(customers w/ zero orders excluded)": both
 * refused) and "numbr" for number (refused); with neighbours that were already right.
 * Scored in the eval CLI (1,000,000-order sample): 1 of 5 right before, on 2777ec4 (none wrong); 5 of 5 after.
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_THIRD_NOW = '2026-08-27T10:00:00Z';

/** The mean over customers with orders in `year` of each one's `value`. */
const perCustomer = (value: string, year: number) =>
  `SELECT avg(v) FROM (SELECT customer_id, ${value} AS v FROM orders WHERE ${inYear(year)} GROUP BY 1)`;

export const tuning26third: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'wording',
    ask: 'avg order count per customer in 2025, only counting ppl who did order',
    sql: perCustomer('count(*)', 2025),
    tolerance: 0.01,
  },
  {
    class: 'wording',
    ask: 'how many orders did the avg customer place in 2025 (customers w/ zero orders excluded)?',
    sql: perCustomer('count(*)', 2025),
    tolerance: 0.01,
  },
  {
    class: 'wording',
    ask: 'average revenue per customer in 2024 excluding customers with no orders',
    sql: perCustomer('sum(amount)', 2024),
    tolerance: 0.01,
  },
  {
    // Already right.
    class: 'wording',
    ask: 'avg order count per customer in 2025',
    sql: perCustomer('count(*)', 2025),
    tolerance: 0.01,
  },
  {
    class: 'wording',
    ask: 'numbr of ordrs in jan 2025 by categry',
    sql: `SELECT category, count(*) FROM orders WHERE created_at >= '2025-01-01' AND created_at < '2025-02-01' GROUP BY 1 ORDER BY 1`,
  },
];
