/**
 * The lead's third batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own
 * words, written before the changes they tune: a ranking asked as "rank X by Y, top N", the gap between the ends of
 * a ranking named by an adjective ("the highest and lowest regional revenue"), orders against the average order of
 * the same scope, the date of our first or last order asked with "when did we get", and shapes already read right
 * (kept as guards).
 * Scored in the eval CLI (1,000,000-order sample): 5 of 12 right before, on 6755ab7 (none wrong; seven refused); 12
 * of 12 after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { between, inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_THIRD_NOW = '2027-01-27T10:00:00Z';

export const tuning27third: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'top-per-group',
    ask: 'rank customers by 2025 revenue, top 5',
    sql: `SELECT c.name, round(sum(o.amount), 2) FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1
      ORDER BY 2 DESC LIMIT 5`,
  },
  {
    class: 'top-per-group',
    ask: 'rank categories by 2024 orders - bottom 3 only',
    sql: `SELECT category, count(*) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 2 ASC LIMIT 3`,
  },
  {
    class: 'period-over-period',
    ask: 'difference between the highest and lowest regional revenue in 2025',
    check: 'answer',
    sql: `SELECT round(max(v) - min(v), 2) FROM (SELECT region, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  {
    class: 'period-over-period',
    ask: 'gap between best and worst monthly sales in 2024?',
    check: 'answer',
    sql: `SELECT round(max(v) - min(v), 2) FROM (SELECT date_trunc('month', created_at), sum(amount) AS v FROM orders
      WHERE ${inYear(2024)} GROUP BY 1)`,
  },
  {
    // Already right.
    class: 'top-per-group',
    ask: 'top 3 months of 2024 by AOV',
    sql: `SELECT date_trunc('month', created_at)::DATE, round(avg(amount), 2) FROM orders WHERE ${inYear(2024)} GROUP BY 1
      ORDER BY 2 DESC LIMIT 3`,
  },
  {
    // Already right.
    class: 'top-per-group',
    ask: 'the second-best month of 2025 for revenue',
    sql: `SELECT m, v FROM (SELECT date_trunc('month', created_at)::DATE AS m, round(sum(amount), 2) AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 2) ORDER BY v ASC LIMIT 1`,
  },
  {
    // Already right.
    class: 'counts-per-entity',
    ask: 'how many customers ordered more than twice in December 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${between('2025-12-01', '2026-01-01')} GROUP BY 1
      HAVING count(*) > 2)`,
  },
  {
    // Already right.
    class: 'combined-shares',
    ask: 'what % of 2025 revenue came from customers who signed up in H1 2022?',
    sql: `SELECT round(100.0 * sum(o.amount) FILTER (WHERE ${between('2022-01-01', '2022-07-01', 'c.created_at')}) / sum(o.amount), 2)
      FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')}`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many orders in 2025 were above average?',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2025)} AND amount > (SELECT avg(amount) FROM orders WHERE ${inYear(2025)})`,
  },
  {
    class: 'counts-per-entity',
    ask: 'number of orders bigger than the average order value, 2024',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2024)} AND amount > (SELECT avg(amount) FROM orders WHERE ${inYear(2024)})`,
  },
  {
    // The average of the orders asked about (toys of 2024), as the answer says.
    class: 'counts-per-entity',
    ask: 'toys orders below the average order value in 2024 by region',
    sql: `SELECT region, count(*) FROM orders WHERE category = 'toys' AND ${inYear(2024)}
      AND amount < (SELECT avg(amount) FROM orders WHERE category = 'toys' AND ${inYear(2024)}) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'wording',
    ask: 'when did we get our last order?',
    check: 'answer',
    sql: `SELECT CAST(max(created_at) AS DATE) FROM orders`,
  },
];
