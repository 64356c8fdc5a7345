/**
 * After held-out-28's one scoring (68/80, 3 confidently wrong; the session of 2026-11-29 10:21): the shapes of its
 * confident wrong answers and one wrong reading, in the lead's own words (not its questions): a customer with "at
 * least one order returned" in each of several years (read as a count per year), the top rows' combined share of
 * "that quarter's" revenue asked after a breakdown of one quarter (every year's share given), a percentile of each
 * customer's "largest ever order" (the order count's percentile given), and a bound on each customer's count asked
 * right after it ("and how many had more than 25?": read as an order amount over $25).
 * * Scored in the eval CLI (1,000,000-order sample): 1 of 7 right before, on 2532f9c, 4 confidently wrong; 7 of 7 after,
 * none wrong (phrases.ts: "at least one order returned" as a returned order, "largest ever order" as the largest order,
 * "for each customer, take their ..." as each customer's; reading.ts: the top rows' share after a breakdown of one
 * period is of that period; counted-people.ts: a bound on each one's count just given).
 *
 * Clock: Thursday 2027-03-04, as held-out-28's.
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_28_AFTER_NOW = '2027-03-04T14:25:00Z';

const topTwoShare = (by: string, where: string) =>
  `WITH t AS (SELECT ${by} AS k, sum(amount) AS v FROM orders WHERE ${where} GROUP BY 1)
   SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 2)) / (SELECT sum(v) FROM t), 2)`;

export const tuning28after: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'how many customers had at least one order cancelled in every year from 2023 to 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE status = 'cancelled' GROUP BY 1 HAVING count(DISTINCT year(created_at)) = 3)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers with an order that was returned in each of 2024 and 2025',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE status = 'returned' AND year(created_at) IN (2024, 2025) GROUP BY 1 HAVING count(DISTINCT year(created_at)) = 2)`,
  },
  {
    class: 'combined-shares',
    ask: [
      'sales by region in H1 2025',
      "what share of that half's sales did the top two regions account for together?",
    ],
    check: 'answer',
    sql: topTwoShare('region', "created_at >= '2025-01-01' AND created_at < '2025-07-01'"),
  },
  {
    class: 'combined-shares',
    ask: ['revenue by category in 2024', 'what share did the top 2 categories make together?'],
    check: 'answer',
    sql: topTwoShare('category', inYear(2024)),
  },
  {
    class: 'percentiles',
    ask: "take each customer's largest ever order: what's the 90th percentile of those?",
    sql: 'SELECT quantile_cont(v, 0.9) FROM (SELECT customer_id, max(amount) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'percentiles',
    ask: 'for each customer, take their smallest single order - what is the median of those amounts?',
    sql: 'SELECT quantile_cont(v, 0.5) FROM (SELECT customer_id, min(amount) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'counts-per-entity',
    ask: ['how many orders did each customer place in 2024?', 'and how many customers had more than 25?'],
    check: 'answer',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2024)} GROUP BY 1 HAVING count(*) > 25)`,
  },
];
