/**
 * Regression cases for the readings added after held-out-6 was scored (issue 29), in new wordings: a listed
 * per-entity count ("with how many orders each"), the entity before a grouping ("customers per region with
 * ..."), a per-customer average by signup unit within a named cohort year, new customers by the unit of their
 * first order restated in a clause, ranked people words ("our 20 biggest buyers"), two statuses "both together",
 * and a follow-up ranking the previous answer's change ("which one ..."). Written AFTER the change, from
 * held-out-6's misses (spent), so these are regression cases, not a measurement.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers who all signed up in
 * 2022, 100 per region, each ordering in their home region; first orders fall in January to May 2023).
 */
import { inYear, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_7_LEAD_NOW = '2026-03-02T09:30:00Z';

const firsts = 'SELECT customer_id, min(created_at) AS first_date FROM orders GROUP BY 1';

export const tuning7lead: Tuning6Case[] = [
  {
    class: 'counts-per-entity',
    ask: 'show me every customer who ordered more than 70 times, and how many orders each',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} GROUP BY 1 HAVING count(*) > 70`,
  },
  {
    class: 'counts-per-entity',
    ask: 'customers per region with fewer than 45 orders overall',
    sql: `SELECT c.region, count(*) FROM customers c JOIN (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) < 45) t ON t.customer_id = c.id GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'average 2024 revenue per customer by signup quarter (2022 cohorts)',
    check: 'answer',
    sql: `SELECT quarter(c.created_at), sum(o.amount) / count(DISTINCT c.id) FROM customers c JOIN orders o ON o.customer_id = c.id AND ${inYear(2024).replaceAll('created_at', 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'how many new customers each month in 2023, counting each customer in the month of their first order?',
    sql: `SELECT date_trunc('month', first_date), count(*) FROM (${firsts}) AS t WHERE first_date >= '2023-01-01' AND first_date < '2024-01-01' GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'new customers each quarter of 2023, counting a customer as new in the month of their first order',
    refuse: true,
  },
  {
    class: 'combined-shares',
    ask: 'what percent of 2024 revenue came from our 20 biggest buyers?',
    check: 'answer',
    sql: `SELECT 100.0 * sum(m) / (SELECT sum(amount) FROM orders WHERE ${inYear(2024)}) FROM (SELECT sum(amount) AS m FROM orders WHERE ${inYear(2024)} GROUP BY customer_id ORDER BY 1 DESC LIMIT 20)`,
  },
  {
    class: 'combined-shares',
    ask: 'share of 2023 orders that were returned or cancelled, both together, in %',
    check: 'answer',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE status IN ('returned', 'cancelled')) / count(*) FROM orders WHERE ${inYear(2023)}`,
  },
  {
    class: 'period-over-period',
    ask: ['orders by region in 2023 and 2024', 'which one shrank the most, in percent?'],
    check: 'answer',
    sql: `SELECT region, round(100.0 * (b - a) / a, 2) FROM (SELECT region, count(*) FILTER (WHERE ${inYear(2023)}) AS a, count(*) FILTER (WHERE ${inYear(2024)}) AS b FROM orders GROUP BY 1) ORDER BY 2 LIMIT 1`,
  },
];
