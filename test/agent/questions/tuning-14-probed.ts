/**
 * Fourteenth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-27 (third session),
 * each answered confidently wrong or with a part of the question silently left out before the planner change that
 * reads it (written down from the probe's output before the change, scored after). Fresh wordings, none copied
 * from a held-out or earlier tuning set. Scored in the eval CLI before the change: 1/25 right
 * (19 confidently wrong, on aad8f86); after: 21/25, none confidently wrong (the region beside customers and the three "vs
 * overall" questions are refused with why).
 *
 * Clock: 2026-02-10, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { between, inYear, type SecondOrderCase } from './tuning-2';

export const TUNING_14_PROBED_NOW = '2026-02-10T10:00:00Z';

const year = (y: number) => inYear(y, 'created_at');
/** Each year's category with the most orders (ties kept). */
const topCategoryByCount = `SELECT y, category, c FROM (SELECT year(created_at) AS y, category, count(*) AS c,
  rank() OVER (PARTITION BY year(created_at) ORDER BY count(*) DESC) AS r FROM orders GROUP BY 1, 2) WHERE r = 1`;
/** The `n` customers with the highest revenue in `where`, with their segment. */
const topWithSegment = (n: number, where: string) =>
  `SELECT c.name, c.segment, sum(o.amount) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE ${where}
   GROUP BY 1, 2 ORDER BY 3 DESC LIMIT ${n}`;

export const tuning14probed: SecondOrderCase[] = [
  {
    // Was ranked by revenue ("best-selling" weighed over "by order count"): grocery for 2025, confidently wrong.
    class: 'top-per-group',
    ask: "What's our best-selling category by order count in each year?",
    sql: topCategoryByCount,
  },
  {
    class: 'top-per-group',
    ask: 'which category sold the most by order count each year',
    sql: topCategoryByCount,
  },
  {
    // Was grocery by revenue: confidently wrong.
    class: 'wording',
    ask: 'best-selling category by order count in 2025',
    sql: `SELECT category, count(*) FROM orders WHERE ${year(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'wording',
    ask: 'top-selling product category by number of orders, 2024',
    sql: `SELECT category, count(*) FROM orders WHERE ${year(2024)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    // "and their segment" was left out without a word.
    class: 'wording',
    ask: 'top 10 customers by revenue in 2024 and their segment',
    sql: topWithSegment(10, inYear(2024, 'o.created_at')),
  },
  {
    class: 'wording',
    ask: 'Top 5 customers by spend in 2025, with their segment',
    sql: topWithSegment(5, inYear(2025, 'o.created_at')),
  },
  {
    class: 'wording',
    ask: 'who were our 3 biggest customers last year? include their segment pls',
    sql: topWithSegment(3, inYear(2025, 'o.created_at')),
  },
  {
    // "with their region" was left out, then said to match nothing in the data model (it is the sales region).
    class: 'wording',
    ask: 'top 5 customers by revenue in 2023, with their region',
    sql: `SELECT c.name, o.region, sum(o.amount) FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE ${inYear(2023, 'o.created_at')} GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5`,
  },
  {
    // Was 2023 against 2025, 2024 left out: confidently wrong.
    class: 'period-over-period',
    ask: 'total revenue 2023-2025',
    sql: `SELECT sum(amount) FROM orders WHERE created_at >= '2023-01-01' AND created_at < '2026-01-01'`,
  },
  {
    class: 'period-over-period',
    ask: 'total revenue 2023-2025 not counting grocery',
    sql: `SELECT sum(amount) FROM orders WHERE category <> 'grocery' AND created_at >= '2023-01-01'
          AND created_at < '2026-01-01'`,
  },
  {
    class: 'period-over-period',
    ask: 'combined orders 2024 to 2025 for the north',
    sql: `SELECT count(*) FROM orders WHERE region = 'north' AND created_at >= '2024-01-01'
          AND created_at < '2026-01-01'`,
  },
  {
    // Was the east's figure alone ("vs overall" left out).
    class: 'wording',
    ask: "what's revenue per order in the east vs overall in 2025",
    check: 'answer',
    sql: `SELECT avg(amount) FILTER (WHERE region = 'east'), avg(amount) FROM orders WHERE ${year(2025)}`,
  },
  {
    // Was furniture's count alone.
    class: 'combined-shares',
    ask: 'furniture orders vs all orders 2025',
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE category = 'furniture'), count(*) FROM orders WHERE ${year(2025)}`,
  },
  {
    // Was the east's average alone.
    class: 'wording',
    ask: "how does the east's AOV compare with the company average",
    check: 'answer',
    sql: `SELECT avg(amount) FILTER (WHERE region = 'east'), avg(amount) FROM orders`,
  },
  {
    // Was Q1 2025 against Q2 2025 (a later period without its year was not read as the cohort's): confidently wrong.
    class: 'cohorts',
    ask: 'how many of the customers who ordered in Q1 2025 also ordered in Q2?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${between('2025-01-01', '2025-04-01')}
          INTERSECT SELECT customer_id FROM orders WHERE ${between('2025-04-01', '2025-07-01')})`,
  },
  {
    // Was the number of customers in April 2025: confidently wrong.
    class: 'cohorts',
    ask: ['how many customers ordered in Q1 2025', 'and how many of those ordered again in April?'],
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${between('2025-01-01', '2025-04-01')}
          INTERSECT SELECT customer_id FROM orders WHERE ${between('2025-04-01', '2025-05-01')})`,
  },
  {
    class: 'cohorts',
    ask: 'of customers who ordered in Q4 2024, what % ordered again in march',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * (SELECT count(*) FROM (SELECT customer_id FROM orders WHERE
          ${between('2024-10-01', '2025-01-01')} INTERSECT SELECT customer_id FROM orders WHERE
          ${between('2025-03-01', '2025-04-01')})) / (SELECT count(DISTINCT customer_id) FROM orders WHERE
          ${between('2024-10-01', '2025-01-01')})`,
  },
  {
    // Refused ("could not match that question").
    class: 'combined-shares',
    ask: ['orders by status in 2024', 'as percentages'],
    tolerance: 0.006,
    sql: `SELECT status, 100.0 * count(*) / sum(count(*)) OVER () FROM orders WHERE ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'combined-shares',
    ask: ['revenue by region 2025', 'show those as percentages'],
    tolerance: 0.006,
    sql: `SELECT region, 100.0 * sum(amount) / sum(sum(amount)) OVER () FROM orders WHERE ${year(2025)} GROUP BY 1`,
  },
  {
    // "top 3 customers by orders in 2025, with revenue" was ranked by revenue ("by orders" left out): confidently
    // wrong; read now (planner-dropped-parts.test.ts), but on the test sample 8 customers tie for the top 3 by
    // orders and a plain top N keeps 3 of them, so the case ranks by money, where nothing ties.
    class: 'wording',
    ask: 'top 3 customers by revenue in 2025, with order counts',
    sql: `SELECT c.name, sum(o.amount), count(*) FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
  },
  {
    // "and their spend" was left out without a word.
    class: 'wording',
    ask: 'top 3 customers by orders in 2025 and their spend',
    check: 'answer',
    sql: `SELECT c.name, sum(o.amount) FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1 HAVING count(*) >= 33`,
  },
  {
    // "with order counts" was left out without a word.
    class: 'wording',
    ask: 'top categories by revenue in 2025 with order counts',
    sql: `SELECT category, sum(amount), count(*) FROM orders WHERE ${year(2025)} GROUP BY 1 ORDER BY 2 DESC`,
  },
  {
    // Was grocery's change from 2024 to 2025 ("drop" read as a fall): confidently wrong.
    class: 'wording',
    ask: ['revenue by category 2025', 'drop grocery'],
    sql: `SELECT category, sum(amount) FROM orders WHERE category <> 'grocery' AND ${year(2025)} GROUP BY 1`,
  },
  {
    // Refused over "exclude".
    class: 'wording',
    ask: ['revenue by category 2025', 'exclude grocery pls'],
    sql: `SELECT category, sum(amount) FROM orders WHERE category <> 'grocery' AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'revenue by region in 2025, remove the west',
    sql: `SELECT region, sum(amount) FROM orders WHERE region <> 'west' AND ${year(2025)} GROUP BY 1`,
  },
];
