/**
 * The lead's probes of the session of 2026-11-30 (02:04-05:04 UTC; issue 29), in the lead's own words, written
 * before the changes they tune (helpers took asker-defined figures, two-figure and per-customer shapes, and everyday
 * reach, in tuning-33-figures/pairs/reach). The first batch, on 60f2286: a period or group ranked by "the highest
 * (lowest, largest, smallest) number of" orders (read as the largest or smallest order amount: confidently wrong).
 * The second: a count of the customers whose largest order fell in a period (every customer with an order in it:
 * confidently wrong), the customers whose first order of a year fell in its first month, the month with the most
 * distinct customers ordering and the lowest month's revenue named with its month (refused). The third (on 3b8fc0d,
 * all 5 confident wrong): "what was the highest number of orders a customer placed" (every order counted), "the most a
 * customer spent" (all the spend), "the most any single customer spent in one order" (the customer with most orders).
 * The fourth (on 0de561d): "average monthly revenue per region" (the average region's revenue in each month). The
 * fifth (on aacf75e): periods against their average period said otherwise ("which months were above average for
 * revenue", "below-average order counts", "beat the monthly average for orders": refused). The sixth (on 4275c33):
 * "how many customers ordered every month?" then "how much did they spend?" (the count said again: confidently wrong).
 * The seventh (on bd289e4): "how much more revenue did north make than west" (refused: two values in two parts), and
 * "how many more orders did customers place in 2025 than in 2024" (the change in customers: confidently wrong). The
 * eighth (on 5a9ec5a; 1 of 2, 1 confident wrong): a group's orders "per person" (read as its revenue per customer).
 *
 * Clock: Thursday 2027-01-28, past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { analyst, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_33_PROBED_NOW = '2027-01-28T14:00:00Z';

const EAST = analyst('east');
/** The customers with an order in each of the 12 months of 2025. */
const everyMonth2025 = `SELECT customer_id FROM orders WHERE year(created_at) = 2025 GROUP BY 1
  HAVING count(DISTINCT month(created_at)) = 12`;

/** Each `grain` period (or `group` value) of the rows `where` with its count, the `order` end first, one row. */
const ranked = (key: string, where: string, order: 'ASC' | 'DESC', from = 'orders') =>
  `SELECT ${key} AS k, count(*) AS n FROM ${from} WHERE ${where} GROUP BY 1 ORDER BY 2 ${order} LIMIT 1`;
/** The `grain` periods of `year` whose `figure` is `op` the mean of the year's periods. */
const against = (grain: string, figure: string, year: number, op: '<' | '>') =>
  `WITH m AS (SELECT date_trunc('${grain}', created_at) AS p, ${figure} AS v FROM orders WHERE year(created_at) = ${year}
   GROUP BY 1) SELECT p, v FROM m WHERE v ${op} (SELECT avg(v) FROM m) ORDER BY 1`;
/** How many customers have an order of their largest amount placed in [from, to). */
const largestIn = (from: string, to: string) =>
  `SELECT count(DISTINCT customer_id) FROM (SELECT customer_id, created_at,
     rank() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS r FROM orders)
   WHERE r = 1 AND created_at >= '${from}' AND created_at < '${to}'`;

export const tuning33probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'top-per-group',
    ask: 'Which quarter of 2024 had the lowest number of returned orders?',
    sql: ranked(
      "date_trunc('quarter', created_at)",
      "status = 'returned' AND year(created_at) = 2024",
      'ASC',
    ),
  },
  {
    class: 'top-per-group',
    ask: 'Which segment had the largest number of orders in 2025?',
    sql: ranked(
      'c.segment',
      'year(o.created_at) = 2025',
      'DESC',
      'orders o JOIN customers c ON o.customer_id = c.id',
    ),
  },
  {
    class: 'top-per-group',
    ask: 'Which month in 2025 saw the smallest number of completed orders?',
    sql: ranked("date_trunc('month', created_at)", "status = 'completed' AND year(created_at) = 2025", 'ASC'),
  },
  {
    class: 'top-per-group',
    ask: 'Which category had the smallest number of orders over $900 in 2025?',
    sql: ranked('category', 'amount > 900 AND year(created_at) = 2025', 'ASC'),
  },
  {
    class: 'top-per-group',
    ask: 'Which quarter of 2024 had the lowest number of orders?',
    sql: ranked("date_trunc('quarter', created_at)", 'year(created_at) = 2024', 'ASC'),
  },
  {
    class: 'top-per-group',
    ask: 'Which region had the highest number of cancelled orders in 2025?',
    sql: ranked('region', "status = 'cancelled' AND year(created_at) = 2025", 'DESC'),
  },
  // Second batch.
  {
    class: 'counts-per-entity',
    ask: 'How many customers had their largest ever order in 2025?',
    sql: largestIn('2025-01-01', '2026-01-01'),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many customers placed their biggest order ever during Q4 2025?',
    sql: largestIn('2025-10-01', '2026-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'How many customers placed their first order of 2025 in January?',
    sql: `SELECT count(*) FROM (SELECT customer_id, min(created_at) AS f FROM orders WHERE year(created_at) = 2025
          GROUP BY 1) WHERE month(f) = 1`,
  },
  {
    class: 'top-per-group',
    ask: 'Which month of 2025 had the highest number of distinct customers ordering?',
    sql: `SELECT date_trunc('month', created_at) AS m, count(DISTINCT customer_id) AS n FROM orders
          WHERE year(created_at) = 2025 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'top-per-group',
    ask: 'What was the lowest monthly revenue in 2024 and which month was it?',
    sql: `SELECT date_trunc('month', created_at) AS m, sum(amount) AS v FROM orders WHERE year(created_at) = 2024
          GROUP BY 1 ORDER BY 2 ASC LIMIT 1`,
  },
  // Third batch (one figure each, stated in the answer: tied customers may share it).
  {
    class: 'counts-per-entity',
    check: 'answer',
    ask: 'What was the highest number of orders a customer placed in 2025?',
    sql: 'SELECT max(n) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE year(created_at) = 2025 GROUP BY 1)',
  },
  {
    class: 'wording',
    check: 'answer',
    ask: "What's the most any single customer spent in one order in 2024?",
    sql: 'SELECT max(amount) FROM orders WHERE year(created_at) = 2024',
  },
  {
    class: 'counts-per-entity',
    check: 'answer',
    ask: 'What was the most a customer spent in 2025?',
    sql: 'SELECT max(v) FROM (SELECT customer_id, sum(amount) AS v FROM orders WHERE year(created_at) = 2025 GROUP BY 1)',
  },
  {
    class: 'counts-per-entity',
    check: 'answer',
    ask: 'What is the largest number of purchases a client made in 2024 in the east?',
    sql: `SELECT max(n) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE year(created_at) = 2024
          AND region = 'east' GROUP BY 1)`,
  },
  {
    class: 'counts-per-entity',
    check: 'answer',
    ask: 'What was the least any customer spent in 2023?',
    sql: 'SELECT min(v) FROM (SELECT customer_id, sum(amount) AS v FROM orders WHERE year(created_at) = 2023 GROUP BY 1)',
  },
  // Fourth batch: an average per period of a cadence, "per" a group (each group's average period).
  {
    class: 'wording',
    ask: 'Average monthly revenue per region in 2025',
    sql: 'SELECT region, sum(amount) / 12 FROM orders WHERE year(created_at) = 2025 GROUP BY 1 ORDER BY 1',
  },
  {
    class: 'wording',
    ask: 'average monthly sales per product category in 2024',
    sql: 'SELECT category, sum(amount) / 12 FROM orders WHERE year(created_at) = 2024 GROUP BY 1 ORDER BY 1',
  },
  {
    class: 'wording',
    ask: 'average daily orders per region in December 2025',
    sql: `SELECT region, count(*) / 31 FROM orders WHERE created_at >= '2025-12-01' AND created_at < '2026-01-01'
          GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'wording',
    ask: 'What was the average quarterly revenue per segment in 2025?',
    sql: `SELECT c.segment, sum(o.amount) / 4 FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE year(o.created_at) = 2025 GROUP BY 1 ORDER BY 1`,
  },
  // Fifth batch: periods against their average period, said otherwise.
  {
    class: 'period-over-period',
    ask: 'Which months of 2025 were above average for revenue?',
    sql: against('month', 'sum(amount)', 2025, '>'),
  },
  {
    class: 'period-over-period',
    ask: 'Which quarters of 2024 had above-average order counts?',
    sql: against('quarter', 'count(*)', 2024, '>'),
  },
  {
    class: 'period-over-period',
    ask: 'Which months in 2025 beat the monthly average for orders?',
    sql: against('month', 'count(*)', 2025, '>'),
  },
  {
    class: 'period-over-period',
    ask: 'Which months of 2025 were below the 2025 monthly average revenue?',
    sql: against('month', 'sum(amount)', 2025, '<'),
  },
  {
    class: 'period-over-period',
    ask: 'Which days of December 2025 had below-average revenue?',
    sql: `WITH m AS (SELECT date_trunc('day', created_at) AS p, sum(amount) AS v FROM orders
          WHERE created_at >= '2025-12-01' AND created_at < '2026-01-01' GROUP BY 1)
          SELECT p, v FROM m WHERE v < (SELECT avg(v) FROM m) ORDER BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'Which months of 2025 were below the 2024 monthly average revenue?',
    sql: `SELECT date_trunc('month', created_at) AS p, sum(amount) AS v FROM orders WHERE year(created_at) = 2025
          GROUP BY 1 HAVING sum(amount) < (SELECT sum(amount) / 12 FROM orders WHERE year(created_at) = 2024)
          ORDER BY 1`,
  },
  // Sixth batch: a figure of the customers just counted, asked in the next turn.
  {
    class: 'counts-per-entity',
    ask: ['How many customers ordered every month in 2025?', 'How much did they spend in 2025?'],
    sql: `SELECT sum(amount) FROM orders WHERE year(created_at) = 2025 AND customer_id IN (${everyMonth2025})`,
  },
  {
    class: 'counts-per-entity',
    ask: [
      'How many customers placed more than 25 orders in 2025?',
      'What was their total revenue that year?',
    ],
    sql: `SELECT sum(amount) FROM orders WHERE year(created_at) = 2025 AND customer_id IN (SELECT customer_id FROM orders
          WHERE year(created_at) = 2025 GROUP BY 1 HAVING count(*) > 25)`,
  },
  {
    class: 'counts-per-entity',
    user: EAST,
    ask: ['How many of my customers ordered every month in 2025?', 'What did they spend in total that year?'],
    sql: `SELECT sum(amount) FROM orders WHERE year(created_at) = 2025 AND region = 'east'
          AND customer_id IN (${everyMonth2025})`,
  },
  {
    class: 'counts-per-entity',
    ask: ['How many customers ordered every month in 2025?', 'What was their average order value that year?'],
    sql: `SELECT avg(amount) FROM orders WHERE year(created_at) = 2025 AND customer_id IN (${everyMonth2025})`,
  },
  // Seventh batch: "how much (many) more ... did A ... than B", signed as asked (the first minus the second).
  {
    class: 'wording',
    check: 'answer',
    ask: 'How much more revenue did north make than west in 2025?',
    sql: `SELECT sum(amount) FILTER (WHERE region = 'north') - sum(amount) FILTER (WHERE region = 'west') FROM orders
          WHERE year(created_at) = 2025`,
  },
  {
    class: 'wording',
    check: 'answer',
    ask: 'How many more orders did electronics get than toys in 2024?',
    sql: `SELECT count(*) FILTER (WHERE category = 'electronics') - count(*) FILTER (WHERE category = 'toys') FROM orders
          WHERE year(created_at) = 2024`,
  },
  {
    class: 'wording',
    check: 'answer',
    ask: 'How many more orders did we get on weekdays than weekends in 2025?',
    sql: `SELECT count(*) FILTER (WHERE isodow(created_at) < 6) - count(*) FILTER (WHERE isodow(created_at) >= 6)
          FROM orders WHERE year(created_at) = 2025`,
  },
  {
    class: 'wording',
    check: 'answer',
    ask: 'How much more did enterprise customers spend than consumer customers in 2025?',
    sql: `SELECT sum(o.amount) FILTER (WHERE c.segment = 'enterprise') - sum(o.amount) FILTER (WHERE c.segment = 'consumer')
          FROM orders o JOIN customers c ON o.customer_id = c.id WHERE year(o.created_at) = 2025`,
  },
  {
    class: 'period-over-period',
    check: 'answer',
    ask: 'How many more orders did customers place in 2025 than in 2024?',
    sql: `SELECT count(*) FILTER (WHERE year(created_at) = 2025) - count(*) FILTER (WHERE year(created_at) = 2024)
          FROM orders`,
  },
  // Eighth batch: a figure "per person".
  {
    class: 'wording',
    ask: 'Which region had the highest revenue per person in 2024?',
    sql: `SELECT region, sum(amount) / count(DISTINCT customer_id) FROM orders WHERE year(created_at) = 2024 GROUP BY 1
          ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'wording',
    ask: "Which segment's customers placed the most orders per person in 2025?",
    sql: `SELECT c.segment, count(*) / count(DISTINCT o.customer_id) FROM orders o JOIN customers c ON o.customer_id = c.id
          WHERE year(o.created_at) = 2025 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
];
