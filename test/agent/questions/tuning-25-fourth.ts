/**
 * The lead's fourth batch of probes of the session of 2026-11-29 (issue 29), in the lead's own words, on the same
 * clock as tuning-25-probed.ts, written after the third batch's fixes and the timing tuner's merge (53ccf83) and
 * before the changes they tune: definitions said as "X orders are anything over $800" and "call a customer a
 * regular if they ..." (the term unquoted), a median asked of a first-order cohort (was its total, or its average:
 * confidently wrong), and no order of one kind by a day (was the day alone: confidently wrong); with neighbours
 * that were already right.
 * Scored in the eval CLI: 2 of 8 right before, on 53ccf83 (2 confidently wrong); 5 of 8, none wrong, after (the
 * cohort medians and the kind of order by a day are refused).
 *
 * Clock: Wednesday 2027-05-26, seventeen months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_25_FOURTH_NOW = '2027-05-26T10:00:00Z';

/** Customers whose first order fell in January 2023. */
const januaryFirst = `SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2023-01-01' AND min(created_at) < '2023-02-01'`;

export const tuning25fourth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'unknown-words',
    ask: "'heavy' orders are anything over $800. what share of 2025 revenue came from heavy orders?",
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE amount > 800) / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'call a customer a regular if they ordered at least 12 times in 2024. how many regulars per segment?',
    sql: `SELECT segment, count(*) FROM (SELECT c.segment, o.customer_id FROM ${withCustomers}
      WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1, 2 HAVING count(*) >= 12) GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'call an order big if it was over $900. how many big orders in 2025?',
    sql: `SELECT count(*) FROM orders WHERE amount > 900 AND ${inYear(2025)}`,
  },
  {
    // Already right.
    class: 'unknown-words',
    ask: "'heavy' orders are those over $800. how many heavy orders in 2024?",
    sql: `SELECT count(*) FROM orders WHERE amount > 800 AND ${inYear(2024)}`,
  },
  {
    class: 'cohorts',
    ask: "among customers who first ordered in Jan 2023, what's the median 2024 spend?",
    sql: `SELECT quantile_cont(v, 0.5) FROM (SELECT customer_id, sum(amount) AS v FROM orders
      WHERE customer_id IN (${januaryFirst}) AND ${inYear(2024)} GROUP BY 1)`,
    tolerance: 0.01,
  },
  {
    class: 'cohorts',
    ask: 'median order value in 2024 for customers whose first order was in Jan 2023',
    sql: `SELECT quantile_cont(amount, 0.5) FROM orders WHERE customer_id IN (${januaryFirst}) AND ${inYear(2024)}`,
    tolerance: 0.01,
  },
  {
    // Already right.
    class: 'cohorts',
    ask: 'what did customers who first ordered in Jan 2023 spend in 2024?',
    sql: `SELECT sum(amount) FROM orders WHERE customer_id IN (${januaryFirst}) AND ${inYear(2024)}`,
  },
  {
    class: 'cohorts',
    ask: 'how many customers who joined in 2022 had not ordered furniture by 2023-03-31?',
    sql: `SELECT count(*) FROM customers c WHERE year(c.created_at) = 2022 AND NOT EXISTS
      (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.category = 'furniture' AND o.created_at < '2023-04-01')`,
  },
];
