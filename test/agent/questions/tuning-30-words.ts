/**
 * Thirtieth tuning batch (issue 29), words: business words the data model does not name, which the asker defines in
 * the question or which have a standard meaning in sales analytics. A customer named by an order count ("loyal" is
 * 60 or more orders), months named as a season ("summer is June to August"), hours or weekdays named ("business hours
 * 9 to 17", "the weekend"), an order named by its amount counted and summed together ("a big order is over $800: how
 * many and how much"), customers by an exact number of distinct categories, quarters or years they ordered in,
 * customers with no order before a day (or none after), months or quarters below or above the average one, a share
 * or a difference named by the asker, standard words (return rate, repeat customers, one-time buyers, orders per
 * customer), a few threads, some under row-level security (a west-region analyst), and words that need data the
 * model has not (refused). Written on 2026-11-29 before the planner change that reads them, in fresh wordings (none
 * copied from a held-out or earlier tuning set).
 *
 * Clock: Thursday 2027-12-02, after the data ends (orders 2023-01-01 to 2025-12-31; every customer has orders, each
 * order in its customer's region). References are written on the raw tables, each checked on both samples.
 */
import { inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_30_WORDS_NOW = '2027-12-02T10:00:00Z';

const and = (...parts: string[]) => parts.join(' AND ');
const YEAR = 'year(created_at)';
/** Customers with `having` over the orders `where` keeps, counted per customers.`by`. */
const customersBy = (having: string, by: string, where = 'true') =>
  `SELECT c.${by}, count(*) FROM (SELECT customer_id FROM orders WHERE ${where} GROUP BY 1 HAVING ${having}) q
   JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** Customers with `having` over the orders `where` keeps, counted. */
const customers = (having: string, where = 'true') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${where} GROUP BY 1 HAVING ${having})`;
/** Periods (`unit`) of the orders `where` keeps whose `measure` is `op` the mean of those periods, counted. */
const relativePeriods = (measure: string, op: string, unit: string, where: string) =>
  `WITH p AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1)
   SELECT count(*) FROM p WHERE v ${op} (SELECT avg(v) FROM p)`;
/** The share in percent of orders of `status`, per `by`, of the orders `where` keeps. */
const statusShare = (status: string, where: string, by: string) =>
  `SELECT ${by}, 100.0 * count(*) FILTER (WHERE status = '${status}') / count(*) FROM orders WHERE ${where} GROUP BY 1`;

export const tuning30words: (SecondOrderCase & Tuning6Case)[] = [
  // --- a customer named by an order count ---
  {
    class: 'order-count-word',
    ask: 'A loyal customer is one with 60 or more orders. How many loyal customers do we have?',
    sql: customers('count(*) >= 60'),
  },
  {
    class: 'order-count-word',
    ask: 'we call customers with at least 20 orders in 2025 regulars. how many regulars per region?',
    sql: customersBy('count(*) >= 20', 'region', inYear(2025)),
  },
  {
    class: 'order-count-word',
    ask: 'what share of my customers are frequent buyers? frequent = more than 55 orders overall',
    user: WEST,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE n > 55) / count(*) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE region = 'west' GROUP BY 1)`,
  },
  {
    class: 'order-count-word',
    ask: 'Occasional shoppers are customers with fewer than 40 orders in total. Break the number of occasional shoppers down by segment.',
    sql: customersBy('count(*) < 40', 'segment'),
  },
  // --- months named as a season ---
  {
    class: 'season-word',
    ask: 'Summer means June through August. What was summer revenue in each year?',
    sql: `SELECT ${YEAR}, sum(amount) FROM orders WHERE month(created_at) IN (6, 7, 8) GROUP BY 1`,
  },
  {
    class: 'season-word',
    ask: 'the holiday season is November and December. what share of 2024 revenue came in the holiday season?',
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE month(created_at) IN (11, 12)) / sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'season-word',
    ask: 'treat winter as Dec, Jan and Feb. how many orders did each region get in winter months, over all the years together?',
    sql: `SELECT region, count(*) FROM orders WHERE month(created_at) IN (12, 1, 2) GROUP BY 1`,
  },
  // --- hours or weekdays named ---
  {
    class: 'time-word',
    ask: 'Business hours are 9 to 17. How many orders came in during business hours in 2025?',
    sql: `SELECT count(*) FROM orders WHERE hour(created_at) >= 9 AND hour(created_at) < 17 AND ${inYear(2025)}`,
  },
  {
    class: 'time-word',
    ask: 'after-hours means placed before 8am or from 8pm on. what was after-hours revenue per region in 2024?',
    sql: `SELECT region, sum(amount) FROM orders WHERE (hour(created_at) < 8 OR hour(created_at) >= 20) AND ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'time-word',
    ask: 'weekend = Saturday or Sunday. What percentage of orders in each category were placed on the weekend?',
    sql: `SELECT category, 100.0 * count(*) FILTER (WHERE dayofweek(created_at) IN (0, 6)) / count(*) FROM orders GROUP BY 1`,
  },
  // --- an order named by its amount: counted and summed ---
  {
    class: 'amount-word',
    ask: 'A big order is anything over $800. In 2024, how many big orders did we have and how much revenue did they bring in?',
    sql: `SELECT count(*), sum(amount) FROM orders WHERE amount > 800 AND ${inYear(2024)}`,
  },
  {
    class: 'amount-word',
    ask: 'small orders are those under $100. number of small orders per region in 2025?',
    sql: `SELECT region, count(*) FROM orders WHERE amount < 100 AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'amount-word',
    ask: 'premium = an order of $900 or more. what % of my orders were premium?',
    user: WEST,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE amount >= 900) / count(*) FROM orders WHERE region = 'west'`,
  },
  {
    class: 'amount-word',
    ask: "let's say a jumbo order is over $950. how many jumbo orders and what revenue from them, per segment, in 2023?",
    sql: `SELECT c.segment, count(*), sum(o.amount) FROM orders o JOIN customers c ON c.id = o.customer_id
          WHERE o.amount > 950 AND ${inYear(2023, 'o.created_at')} GROUP BY 1`,
  },
  // --- customers by an exact number of distinct values ---
  {
    class: 'exact-distinct',
    ask: 'How many customers bought from exactly 4 categories in 2024?',
    sql: customers('count(DISTINCT category) = 4', inYear(2024)),
  },
  {
    class: 'exact-distinct',
    ask: 'how many customers have ordered from all five product categories?',
    sql: customers('count(DISTINCT category) = 5'),
  },
  {
    class: 'exact-distinct',
    ask: 'Customers who ordered in every quarter of 2025: how many are there per segment?',
    sql: customersBy('count(DISTINCT quarter(created_at)) = 4', 'segment', inYear(2025)),
  },
  {
    class: 'exact-distinct',
    ask: 'how many of my customers bought from no more than 3 categories in 2024?',
    user: WEST,
    sql: customers('count(DISTINCT category) <= 3', and("region = 'west'", inYear(2024))),
  },
  // --- no order before a day, or none after ---
  {
    class: 'first-last-day',
    ask: 'A late joiner is a customer whose first order was on or after 1 March 2023. How many late joiners are there in each region?',
    sql: customersBy("min(created_at) >= '2023-03-01'", 'region'),
  },
  {
    class: 'first-last-day',
    ask: 'how many customers had no order before February 2023?',
    sql: customers("min(created_at) >= '2023-02-01'"),
  },
  {
    class: 'first-last-day',
    ask: 'How many customers placed no orders after November 2025?',
    sql: customers("max(created_at) < '2025-12-01'"),
  },
  {
    class: 'first-last-day',
    ask: 'number of my customers who did not order at all before 15 February 2023',
    user: WEST,
    sql: customers("min(created_at) >= '2023-02-15'", "region = 'west'"),
  },
  // --- months or quarters below or above the average one ---
  {
    class: 'against-average',
    ask: 'A weak month is a month with revenue below the average month. How many weak months did 2024 have?',
    sql: relativePeriods('sum(amount)', '<', 'month', inYear(2024)),
  },
  {
    class: 'against-average',
    ask: 'Which months of 2025 had more orders than the average month of 2025?',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS m, count(*) AS n FROM orders WHERE ${inYear(2025)} GROUP BY 1)
          SELECT m, n FROM m WHERE n > (SELECT avg(n) FROM m)`,
  },
  {
    class: 'against-average',
    ask: 'over all the data, how many quarters had revenue above the average quarter?',
    sql: relativePeriods('sum(amount)', '>', 'quarter', 'true'),
  },
  {
    class: 'against-average',
    ask: 'how many months did my region have with fewer orders than its average month, 2023 through 2025?',
    user: WEST,
    sql: relativePeriods('count(*)', '<', 'month', "region = 'west'"),
  },
  // --- a share or a difference named by the asker ---
  {
    class: 'named-figure',
    ask: 'return drag means the share of revenue that came from returned orders. what was the return drag per category in 2025?',
    sql: `SELECT category, 100.0 * sum(amount) FILTER (WHERE status = 'returned') / sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'named-figure',
    ask: "AOV lift is a region's 2025 average order value minus its 2024 average order value. Give me the AOV lift per region.",
    sql: `SELECT region, avg(amount) FILTER (WHERE ${YEAR} = 2025) - avg(amount) FILTER (WHERE ${YEAR} = 2024) FROM orders GROUP BY 1`,
  },
  {
    class: 'named-figure',
    ask: 'completion rate = completed orders divided by all orders. completion rate by segment?',
    sql: `SELECT c.segment, 100.0 * count(*) FILTER (WHERE o.status = 'completed') / count(*) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY 1`,
  },
  // --- standard words of sales analytics ---
  {
    class: 'standard-word',
    ask: 'What was our return rate in 2024?',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE status = 'returned') / count(*) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'standard-word',
    ask: 'cancellation rate by region for 2025',
    sql: statusShare('cancelled', inYear(2025), 'region'),
  },
  {
    class: 'standard-word',
    ask: 'How many one-time buyers do we have?',
    sql: customers('count(*) = 1'),
  },
  {
    class: 'standard-word',
    ask: 'What was the average number of orders per customer in 2025?',
    sql: `SELECT count(*) / count(DISTINCT customer_id) FROM orders WHERE ${inYear(2025)}`,
  },
  // --- threads ---
  {
    class: 'thread',
    ask: [
      'a loyal customer has 60 or more orders. how many loyal customers are there?',
      'and in each segment?',
    ],
    sql: customersBy('count(*) >= 60', 'segment'),
  },
  {
    class: 'thread',
    ask: [
      'big order = over $850. how many big orders did we get in 2025?',
      'and how much revenue did they bring?',
    ],
    sql: `SELECT sum(amount) FROM orders WHERE amount > 850 AND ${inYear(2025)}`,
  },
  {
    class: 'thread',
    ask: ['Summer is June to August. Summer revenue in 2024?', 'And in 2025?'],
    sql: `SELECT sum(amount) FROM orders WHERE month(created_at) IN (6, 7, 8) AND ${inYear(2025)}`,
  },
  // --- the word needs data the model has not: refused ---
  {
    class: 'word-refuse',
    ask: 'A VIP is a customer who holds our loyalty card. How many VIPs ordered in 2025?',
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: 'peak hours are the hours when site traffic is highest. how many orders came in during peak hours?',
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: 'What was our gross margin per category in 2024?',
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: 'an at-risk customer is one our churn model scores above 0.7. how many at-risk customers per region?',
    refuse: true,
  },
];
