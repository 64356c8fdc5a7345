/**
 * The shapes of held-out-27's confident wrong answers (scored once, on bcfdd38: 50 of 80, 3 confident wrong), in the
 * lead's own words, written after that scoring and before the fixes: a customer's total spend "since day one" over
 * a bound (was read as an order's amount), customers who did more in one year than another counted per group (was
 * every customer listed, or the count of customers per year compared), and the customer with the highest spend
 * within each category asked "who is the customer with the highest ..." (was the categories ranked).
 * Scored in the eval CLI (1,000,000-order sample): 1 of 6 right before, on bcfdd38 (5 confidently wrong); 6 of 6 after.
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_AFTER_NOW = '2027-01-27T10:00:00Z';

const versusBy = (group: string, figure: string, op: string) =>
  `SELECT c.${group}, count(*) FILTER (WHERE a ${op} b) FROM (SELECT customer_id,
    coalesce(${figure.replace('Y', '2025')}, 0) AS a, coalesce(${figure.replace('Y', '2024')}, 0) AS b FROM orders GROUP BY 1) t
    JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`;

export const tuning27after: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'count of customers whose total spend since day one is over $25k',
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING sum(amount) > 25000)',
  },
  {
    class: 'counts-per-entity',
    ask: 'how many clients have a combined spend since we opened above $28,000?',
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING sum(amount) > 28000)',
  },
  {
    class: 'counts-per-entity',
    ask: 'by segment: how many customers placed more orders in 2025 than they did in 2024?',
    sql: versusBy('segment', 'count(*) FILTER (WHERE year(created_at) = Y)', '>'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers spent less in 2025 than in 2024, per region?',
    sql: versusBy('region', 'sum(amount) FILTER (WHERE year(created_at) = Y)', '<'),
  },
  {
    class: 'top-per-group',
    ask: 'per category, who is the customer with the highest spend in that category, and how much?',
    sql: `SELECT category, arg_max(name, v), round(max(v), 2) FROM (SELECT o.category, c.name, sum(o.amount) AS v
      FROM ${withCustomers} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'for each status, who was the customer with the highest revenue in 2025?',
    sql: `SELECT status, arg_max(name, v), round(max(v), 2) FROM (SELECT o.status, c.name, sum(o.amount) AS v
      FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
];
