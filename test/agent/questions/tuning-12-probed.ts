/**
 * Twelfth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-27, each answered
 * confidently wrong, failed with an error or refused for a wrong reason before the planner change that reads it
 * (written down before the change, scored after). Fresh wordings, none copied from a held-out or earlier tuning
 * set.
 *
 * Clock: 2026-05-20, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { inYear, type SecondOrderCase } from './tuning-2';

export const TUNING_12_PROBED_NOW = '2026-05-20T10:00:00Z';

const year = (y: number) => inYear(y, 'created_at');
/** Per customer: their order count and spend over `where`. */
const perCustomer = (where = '') =>
  `SELECT customer_id, count(*) AS n, sum(amount) AS spend FROM orders ${where ? `WHERE ${where}` : ''} GROUP BY 1`;

export const tuning12probed: SecondOrderCase[] = [
  {
    // Was the share of customers with more than one order (100%), the revenue named ignored.
    class: 'combined-shares',
    ask: 'What share of 2025 revenue came from repeat customers?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * sum(spend) FILTER (WHERE n > 1) / sum(spend) FROM (${perCustomer(year(2025))})`,
  },
  {
    class: 'combined-shares',
    ask: 'what % of revenue comes from customers with more than 55 orders?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * sum(spend) FILTER (WHERE n > 55) / sum(spend) FROM (${perCustomer()})`,
  },
  {
    // Failed: the years were counted on no date column (the period read, the time dimension not chosen).
    class: 'counts-per-entity',
    ask: 'How many customers ordered in all three years?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
          HAVING count(DISTINCT year(created_at)) = (SELECT count(DISTINCT year(created_at)) FROM orders))`,
  },
  {
    // Was the top segment alone: "by how much over the lowest" unread (filler words).
    class: 'top-per-group',
    ask: 'Which segment has the highest average order value, and by how much over the lowest?',
    check: 'answer',
    sql: `SELECT arg_max(segment, a), max(a), max(a) - min(a) FROM (SELECT c.segment, avg(o.amount) AS a
          FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY 1)`,
  },
  {
    // Was refused ("both ends of a ranking").
    class: 'top-per-group',
    ask: 'best and worst month of 2025 by orders',
    check: 'answer',
    sql: `SELECT arg_max(m, n), max(n), arg_min(m, n), min(n) FROM (SELECT strftime(created_at, '%Y-%m') AS m,
          count(*) AS n FROM orders WHERE ${year(2025)} GROUP BY 1)`,
  },
  {
    // Was refused: "the data model has nothing for 'month'", while offering revenue by month.
    class: 'wording',
    ask: 'Revenue by month for 2025, and which month was the best?',
    check: 'answer',
    sql: `SELECT m, s FROM (SELECT strftime(created_at, '%Y-%m') AS m, sum(amount) AS s FROM orders
          WHERE ${year(2025)} GROUP BY 1) ORDER BY s DESC`,
  },
  {
    // Was refused over "percentage".
    class: 'counts-per-entity',
    ask: 'What percentage of customers placed an order in December 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * count(DISTINCT customer_id) FILTER (WHERE created_at >= '2025-12-01')
          / count(DISTINCT customer_id) FROM orders`,
  },
  {
    class: 'counts-per-entity',
    ask: 'what % of enterprise customers bought something in Q4 2025',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * count(DISTINCT o.customer_id) FILTER (WHERE o.created_at >= '2025-10-01')
          / count(DISTINCT o.customer_id) FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE c.segment = 'enterprise'`,
  },
  {
    // Was refused over "summer" and "last summer"; this summer lies past the data (clock in September 2026).
    class: 'past-the-data',
    ask: 'how are we doing this summer vs last summer on revenue?',
    now: '2026-09-03T10:00:00Z',
    check: 'answer',
    sql: `SELECT sum(amount) FROM orders WHERE created_at >= '2025-06-01' AND created_at < '2025-09-01'`,
  },
  {
    // Was read as 2024 vs 2023 (the seasons left out).
    class: 'period-over-period',
    ask: 'orders in fall 2024 vs fall 2023',
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE created_at >= '2023-09-01' AND created_at < '2023-12-01'),
          count(*) FILTER (WHERE created_at >= '2024-09-01' AND created_at < '2024-12-01') FROM orders`,
  },
  {
    // Was four months compared on their own (July left out).
    class: 'period-over-period',
    ask: 'revenue june to august 2025 vs june to august 2024',
    check: 'answer',
    sql: `SELECT sum(amount) FILTER (WHERE created_at >= '2024-06-01' AND created_at < '2024-09-01'),
          sum(amount) FILTER (WHERE created_at >= '2025-06-01' AND created_at < '2025-09-01') FROM orders`,
  },
  {
    // Was 2024 against January 2025 and March 2025 (a 92% fall, confidently wrong).
    class: 'period-over-period',
    ask: 'revenue from jan to mar 2025 compared to 2024',
    check: 'answer',
    sql: `SELECT sum(amount) FILTER (WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01'),
          sum(amount) FILTER (WHERE created_at >= '2025-01-01' AND created_at < '2025-04-01') FROM orders`,
  },
  {
    // Was refused over "broken".
    class: 'wording',
    ask: 'Revenue in 2025 broken out by quarter',
    check: 'answer',
    sql: `SELECT sum(amount) FROM orders WHERE ${year(2025)} GROUP BY quarter(created_at) ORDER BY quarter(created_at)`,
  },
  {
    // Was refused over "millions".
    class: 'wording',
    ask: 'total revenue in 2024 in millions',
    check: 'answer',
    tolerance: 0.006,
    // (The scorer reads "$170.12 million" as 170,120,000: the reference is the exact figure, stated beside it.)
    sql: `SELECT sum(amount) FROM orders WHERE ${year(2024)}`,
  },
  {
    // The rounding asked was left out ("I left out 'decimal'").
    class: 'wording',
    ask: 'return rate by category in 2025 to one decimal place',
    check: 'answer',
    tolerance: 0.06,
    sql: `SELECT category, round(100.0 * count(*) FILTER (WHERE status = 'returned') / count(*), 1) FROM orders
          WHERE ${year(2025)} GROUP BY 1`,
  },
  // --- After held-out-12 was scored (spent): its misses' shapes, reworded ---
  {
    // Was "no rows to compare": "what was the % change" filtered to the groups that grew.
    class: 'period-over-period',
    ask: 'Orders per region, Q3 2025 against Q3 2024 - what was the % change for each?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT region, 100.0 * (count(*) FILTER (WHERE created_at >= '2025-07-01' AND created_at < '2025-10-01')
          - count(*) FILTER (WHERE created_at >= '2024-07-01' AND created_at < '2024-10-01'))
          / count(*) FILTER (WHERE created_at >= '2024-07-01' AND created_at < '2024-10-01')
          FROM orders GROUP BY 1`,
  },
  {
    // Was the share of the customers (their count), not of the orders.
    class: 'combined-shares',
    ask: 'what share of orders came from customers with fewer than 40 orders',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * sum(n) FILTER (WHERE n < 40) / sum(n) FROM (SELECT customer_id, count(*) AS n FROM orders GROUP BY 1)`,
  },
  {
    // Was refused over "since black".
    class: 'past-the-data',
    ask: 'revenue since thanksgiving last year',
    now: '2026-08-19T11:25:00Z',
    check: 'range',
    sql: `SELECT (SELECT CAST(max(created_at) AS DATE) FROM orders), sum(amount) FROM orders WHERE created_at >= '2025-11-27'`,
  },
  {
    // Was refused over "last".
    class: 'past-the-data',
    ask: 'how did this july compare with last july on orders?',
    now: '2026-08-19T11:25:00Z',
    check: 'range',
    sql: `SELECT (SELECT CAST(max(created_at) AS DATE) FROM orders), count(*) FROM orders
          WHERE created_at >= '2025-07-01' AND created_at < '2025-08-01'`,
  },
  {
    // Was refused over "clientele".
    class: 'unknown-words',
    ask: 'what percentage of our clientele is small business?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE segment = 'small business') / count(*) FROM customers`,
  },
];
