/**
 * After held-out-33's one scoring (62/80, 4 confident wrong; session of 2026-11-30), the lead's words for the shapes of
 * its confident wrong answers, written before the changes they tune and scored on 65cbc5b: a day of the week per
 * customer segment (the weekday of the customer's signup date ranked, not the order's), a median lifetime figure per
 * customer "for each customer segment" (every customer listed), the top months' combined share after a monthly series
 * (the year asked before dropped), and a share of an all-time figure that "came in" one year (read as a share of that
 * year's figure). A second batch, on 2831db4: "biggest increase first" after a ranking of percent changes, and a
 * figure per customer "over all three years" (both refused).
 *
 * Clock: Thursday 2027-01-28, past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import type { SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_33_AFTER_NOW = '2027-01-28T14:00:00Z';

const BY_SEGMENT = 'orders o JOIN customers c ON o.customer_id = c.id';

export const tuning33after: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'top-per-group',
    ask: 'Within each customer segment, what was the busiest day of the week for orders in 2024?',
    sql: `SELECT segment, d, n FROM (SELECT c.segment, dayname(o.created_at) AS d, count(*) AS n FROM ${BY_SEGMENT}
          WHERE year(o.created_at) = 2024 GROUP BY 1, 2)
          QUALIFY row_number() OVER (PARTITION BY segment ORDER BY n DESC) = 1 ORDER BY 1`,
  },
  {
    class: 'percentiles',
    ask: 'For every customer segment, what is the median lifetime spend per customer?',
    tolerance: 0.01,
    sql: `SELECT segment, quantile_cont(v, 0.5) FROM (SELECT c.segment, o.customer_id, sum(o.amount) AS v FROM ${BY_SEGMENT}
          GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'combined-shares',
    ask: [
      'Give me the number of orders per month in 2024',
      "What percent of the year's orders came from the top two months combined?",
    ],
    check: 'answer',
    tolerance: 0.05,
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS p, count(*) AS n FROM orders WHERE year(created_at) = 2024
          GROUP BY 1) SELECT 100.0 * (SELECT sum(n) FROM (SELECT n FROM m ORDER BY n DESC LIMIT 2)) / sum(n) FROM m`,
  },
  {
    class: 'combined-shares',
    ask: 'What percentage of the total revenue from the toys category came in 2024?',
    check: 'answer',
    tolerance: 0.05,
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE year(created_at) = 2024) / sum(amount) FROM orders
          WHERE category = 'toys'`,
  },
  // Second batch (on 2831db4): a ranking of changes with "biggest increase first" said again, and a figure per
  // customer "over all three years".
  {
    class: 'period-over-period',
    ask: 'Rank the regions by their percent change in orders from 2023 to 2025, biggest increase first.',
    tolerance: 0.05,
    sql: `SELECT region, 100.0 * (count(*) FILTER (WHERE year(created_at) = 2025) - count(*) FILTER (WHERE year(created_at)
          = 2023)) / count(*) FILTER (WHERE year(created_at) = 2023) AS pct FROM orders GROUP BY 1 ORDER BY 2 DESC`,
  },
  {
    class: 'percentiles',
    ask: 'What is the median number of orders per customer over all three years?',
    tolerance: 0.01,
    sql: 'SELECT quantile_cont(n, 0.5) FROM (SELECT customer_id, count(*) AS n FROM orders GROUP BY 1)',
  },
];
