/**
 * The lead's second batch of the eighth session of 2026-11-28 (issue 29), in the lead's own words, written before the
 * planner changes they tune, on a clock of their own: the shapes held-out-23 still refused after its fixes, said
 * afresh (a trailing sentence restating who counts, "how many more or fewer ... than the quarter before" in a
 * thread, a first-order cohort's spend broken down by a field, a top N's combined figure and share with an aside
 * that sounds like a forecast, the smallest N named with their combined share, a top 1% glossed with its count),
 * with neighbours that were already right (kept so a later change cannot lose them).
 *
 * Scored in the eval CLI: 13 of 24 right before the changes, on ab52cb0 (3 confidently wrong, one of them this file's
 * reference naming customers by id, since fixed); 23 of 24 after, none wrong (still refused: "within that category" after
 * a ranking, a value carried from one answer into the next question).
 *
 * Clock: Wednesday 2027-09-29, twenty-one months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { between, firstOrderersSpendBy, inYear, type SecondOrderCase, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_24_SECOND_NOW = '2027-09-29T10:00:00Z';

/** The combined revenue and share of the `n` rows of `by` with the most (desc) or least (asc) revenue in `where`. */
const combined = (by: string, n: number, direction: 'DESC' | 'ASC', where: string) =>
  `WITH t AS (SELECT ${by} AS k, sum(amount) AS v FROM orders WHERE ${where} GROUP BY 1)
   SELECT (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v ${direction} LIMIT ${n})),
     round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v ${direction} LIMIT ${n})) / (SELECT sum(v) FROM t), 2)`;
/** The `n` values of `by` with the least `measure` in `where`, each named beside their combined share. */
const smallestNamed = (by: string, measure: string, n: number, where: string) =>
  `WITH t AS (SELECT ${by}, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1)
   SELECT ${by}, round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v ASC LIMIT ${n})) / (SELECT sum(v) FROM t), 2)
   FROM (SELECT ${by}, v FROM t ORDER BY v ASC LIMIT ${n})`;
/** Each quarter of `year` of a category's order count, with the change from the quarter before (in orders). */
const quarterSteps = (category: string, year: number) =>
  `WITH q AS (SELECT date_trunc('quarter', created_at) AS p, count(*) AS v FROM orders WHERE category = '${category}' GROUP BY 1),
   c AS (SELECT p, v, v - lag(v) OVER (ORDER BY p) AS d FROM q)
   SELECT p, v, d FROM c WHERE ${inYear(year, 'p')}`;

export const tuning24second: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'How many customers placed under 14 orders in 2024? Only count the ones who bought at least once that year.',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2024)} GROUP BY 1 HAVING count(*) < 14)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers with more than 20 orders in 2023 - just counting people who ordered at least once that year',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2023)} GROUP BY 1 HAVING count(*) > 20)`,
  },
  {
    class: 'period-over-period',
    ask: [
      'grocery orders per quarter in 2024',
      'and how many more or fewer orders was each quarter than the one before it? (Q1 vs Q4 2023)',
    ],
    sql: quarterSteps('grocery', 2024),
  },
  {
    class: 'period-over-period',
    ask: [
      'electronics orders by quarter for 2025',
      'how much did each change from the quarter before, in orders?',
    ],
    sql: quarterSteps('electronics', 2025),
  },
  {
    class: 'cohorts',
    ask: 'Customers whose first purchase was in April 2023: what did they spend in 2024, broken down by category?',
    sql: firstOrderersSpendBy('2023-04-01', '2023-05-01', 'category', 2024),
  },
  {
    class: 'cohorts',
    ask: 'for the people who first ordered in February 2023, their 2025 revenue split by region',
    sql: firstOrderersSpendBy('2023-02-01', '2023-03-01', 'region', 2025),
  },
  {
    class: 'combined-shares',
    ask: 'What did our top 15 customers of 2024 (ranked by 2024 spend) bring in together that year, and what share of 2024 revenue is that? two decimals, it will be small',
    sql: `WITH t AS (SELECT customer_id AS k, sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)
      SELECT (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 15)),
        round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 15)) / (SELECT sum(v) FROM t), 2)`,
    check: 'answer',
    tolerance: 0.005,
  },
  {
    class: 'combined-shares',
    ask: 'The 2 weakest regions by 2024 revenue: what share of 2024 revenue do they make up together? And which regions are they?',
    sql: smallestNamed('region', 'sum(amount)', 2, inYear(2024)),
    check: 'answer',
    tolerance: 0.05,
  },
  {
    class: 'combined-shares',
    ask: 'the three smallest categories by 2023 orders, combined share of 2023 orders - name them too',
    sql: smallestNamed('category', 'count(*)', 3, inYear(2023)),
    check: 'answer',
    tolerance: 0.05,
  },
  {
    class: 'combined-shares',
    ask: 'Take the top 2% of customers by 2025 spend: what share of 2025 revenue do they account for? 2% = the number of customers divided by 50. Two decimals please.',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)
      SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT (SELECT count(*) FROM t) / 50)) / (SELECT sum(v) FROM t), 2)`,
    check: 'answer',
    tolerance: 0.05,
  },
  {
    // Neighbour, already right.
    class: 'combined-shares',
    ask: 'share of 2025 revenue from the top 10 customers, two decimals',
    sql: combined('customer_id', 10, 'DESC', inYear(2025)),
    check: 'answer',
    tolerance: 0.005,
  },
  {
    class: 'combined-shares',
    ask: 'what share of my 2025 orders were cancelled or returned? one decimal',
    user: WEST,
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE status IN ('cancelled', 'returned')) / count(*), 2) FROM orders
      WHERE region = 'west' AND ${inYear(2025)}`,
    check: 'answer',
    tolerance: 0.05,
  },
  {
    class: 'top-per-group',
    ask: "each region's top customer by 2025 spend, with what they spent (heads up, it's for the QBR next week)",
    sql: `SELECT region, name, v FROM (SELECT o.region, c.name, sum(o.amount) AS v,
      rank() OVER (PARTITION BY o.region ORDER BY sum(o.amount) DESC) AS r FROM ${withCustomers}
      WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1, 2) WHERE r = 1`,
  },
  {
    class: 'wording',
    ask: "revenue by category for Q2 2025 - it'll probably be lower than Q1, just need the numbers",
    sql: `SELECT category, sum(amount) FROM orders WHERE ${between('2025-04-01', '2025-07-01')} GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: 'median number of days from first to second order, for customers who have at least two orders',
    sql: `WITH r AS (SELECT customer_id, created_at, row_number() OVER (PARTITION BY customer_id ORDER BY created_at, id) AS n FROM orders)
      SELECT quantile_cont(date_diff('day', a.created_at, b.created_at), 0.5) FROM r a JOIN r b ON a.customer_id = b.customer_id AND a.n = 1 AND b.n = 2`,
    tolerance: 1,
  },
  {
    class: 'counts-per-entity',
    ask: "how many of the customers who joined in Q4 2022 didn't order anything in December 2025?",
    sql: `SELECT count(*) FROM customers c WHERE ${between('2022-10-01', '2023-01-01', 'c.created_at')}
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${between('2025-12-01', '2026-01-01', 'o.created_at')})`,
  },
  {
    class: 'cohorts',
    ask: [
      'how many customers placed their first order in March 2023?',
      'and how much did that group spend in 2025 in total?',
    ],
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)} AND customer_id IN
      (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2023-03-01' AND min(created_at) < '2023-04-01')`,
    check: 'answer',
  },
  {
    class: 'top-per-group',
    ask: ['which category had the most revenue in 2024?', 'ok, and within that category which region led?'],
    sql: `WITH c AS (SELECT category FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY sum(amount) DESC LIMIT 1)
      SELECT region, sum(amount) AS v FROM orders WHERE ${inYear(2024)} AND category = (SELECT category FROM c)
      GROUP BY 1 ORDER BY v DESC LIMIT 1`,
  },
  {
    class: 'wording',
    ask: 'AOV per region for 2024, in dollars, sorted high to low',
    sql: `SELECT region, avg(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY v DESC`,
    ordered: true,
  },
  {
    class: 'out-of-scope',
    ask: 'what share of 2025 revenue came from orders paid by credit card?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: "'loyal' = customers enrolled in our rewards program. how many loyal customers ordered in 2025?",
    refuse: true,
  },
  {
    class: 'unknown-words',
    ask: 'A "whale" is a customer who spent more than $12,000 in 2025. How many whales are there per segment?',
    sql: `SELECT c.segment, count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING sum(amount) > 12000) w
      JOIN customers c ON c.id = w.customer_id GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: "a 'returner' is a customer with at least 3 returned orders in 2024. how many returners do we have?",
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE status = 'returned' AND ${inYear(2024)} GROUP BY 1 HAVING count(*) >= 3)`,
  },
  {
    class: 'unknown-words',
    ask: "let's call customers who ordered in every quarter of 2025 'regulars'. how many regulars in the north?",
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE region = 'north' AND ${inYear(2025)} GROUP BY 1
      HAVING count(DISTINCT date_trunc('quarter', created_at)) = 4)`,
  },
];
