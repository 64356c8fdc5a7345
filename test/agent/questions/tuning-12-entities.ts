/**
 * Twelfth tuning batch (issue 29), for the planner's counts per entity, cohorts and top-per-group readings: one
 * customer named by id ("customer 123", "Customer #287"), "never" / "not once" / "zero" conditions over every
 * customer (NOT EXISTS), lifetime thresholds in shorthand ("35k", "28k") with "since day one" or "since we opened"
 * for all time, days from signup to first order (average, median, per segment), cohorts of two signup months with
 * an outcome, a per-customer rate ranked by a group ("which segment's customers order most often"), the part of a
 * filtered whole ("of the orders cancelled in 2025, what % were in the north"), the top orders within each group
 * or year ("the 3 biggest orders by region", "top 5 orders in 2024 vs 2025"), the leader per group with its value
 * and ties kept (RANK), and the busiest or quietest weekday per group. Written BEFORE the planner change it
 * tunes, in wordings a sales or operations asker would use (abbreviations, typos, asides, a west analyst under
 * row-level security, two threads); no question copies a held-out or earlier tuning question.
 *
 * Clock: 2026-07-14, after the data ends (orders 2023-01-01 to 2025-12-31; signups all in 2022): "last year" is
 * 2025. Ties: order amounts repeat (to the cent) and counts per group tie on the small test sample, so every top
 * reference keeps ties (rank()); an answer that drops one of the tied is not right.
 *
 * Scored before the planner change: 11 of 36 right or honest (eval CLI, 1,000,000-order sample), 8 confident wrong;
 * after it: 35 of 36, none wrong (the one miss: an aside, "heads up before my call:", the asides reading lacks).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_12_ENTITIES_NOW = '2026-07-14T15:20:00Z';

export type Tuning12Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
const year = (y: number) => inYear(y, 'o.created_at');
/** Customers (every one, not only those who ordered) with no order matching `condition`. */
const never = (condition: string, where = '') =>
  `SELECT count(*) FROM customers c WHERE ${where ? `${where} AND ` : ''}NOT EXISTS (
     SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${condition})`;
/** Customers whose spend over `where` is above `floor`. */
const spentOver = (floor: number, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders o ${where ? `WHERE ${where}` : ''}
     GROUP BY 1 HAVING sum(amount) > ${floor})`;
/** One customer's `measure` (by the name the sample gives customer `id`). */
const ofCustomer = (id: number, measure: string, where = '') =>
  `SELECT ${measure} FROM ${JOINED} WHERE c.name = 'Customer ${id}'${where ? ` AND ${where}` : ''}`;
/** Days from each customer's signup to their first order (elapsed time), one row per customer who ordered. */
const DAYS_TO_FIRST = `SELECT c.segment, (epoch(f.first_at) - epoch(c.created_at)) / 86400 AS days
  FROM customers c JOIN (SELECT customer_id, min(created_at) AS first_at FROM orders GROUP BY 1) f ON f.customer_id = c.id`;
/** Percent of the customers who signed up in [from, to) with an order matching `outcome`. */
const cohortShare = (from: string, to: string, outcome: string) =>
  `SELECT 100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${outcome}))
     / count(*) FROM customers c WHERE ${between(from, to, 'c.created_at')}`;
/** Customers who signed up in [from, to) with an order matching `outcome`. */
const cohortCount = (from: string, to: string, outcome: string) =>
  `SELECT count(*) FROM customers c WHERE ${between(from, to, 'c.created_at')}
     AND EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${outcome})`;
/**
 * The leading value of `group` by `measure` of its customers divided by its customers (the leader alone, as "which"
 * asks: every group was listed before tuning set 26).
 */
const perCustomerOf = (group: string, measure: string) =>
  `SELECT ${group}, ${measure} / count(DISTINCT o.customer_id) AS v FROM ${JOINED} GROUP BY 1 ORDER BY v DESC LIMIT 1`;
/** The leaders (ties kept) of `item` by `measure` within each `group`, with their value. */
const leaders = (group: string, item: string, measure: string, where = '', direction = 'DESC', n = 1) =>
  `SELECT g, i, v FROM (SELECT ${group} AS g, ${item} AS i, ${measure} AS v,
     rank() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM ${JOINED}
     ${where ? `WHERE ${where}` : ''} GROUP BY 1, 2) WHERE r <= ${n}`;
/** The n largest orders (ties kept) within each `group`, with their id and amount. */
const biggestOrders = (group: string, n: number, where = '') =>
  `SELECT g, id, amount FROM (SELECT ${group} AS g, o.id, o.amount,
     rank() OVER (PARTITION BY ${group} ORDER BY o.amount DESC) AS r FROM orders o ${where ? `WHERE ${where}` : ''})
   WHERE r <= ${n}`;

export const tuning12entities: Tuning12Case[] = [
  // --- "never", "not once", "zero": every customer without such an order ---
  {
    class: 'counts-per-entity',
    ask: 'how many clients have not once returned an order?',
    sql: never("o.status = 'returned'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers who never bought any grocery',
    sql: never("o.category = 'grocery'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers have never had anything cancelled?',
    user: WEST,
    sql: never("o.status = 'cancelled'", "c.region = 'west'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many enterprise customers have zero cancelled orders, ever?',
    sql: never("o.status = 'cancelled'", "c.segment = 'enterprise'"),
  },
  // --- lifetime thresholds in shorthand, "since day one" ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers have spent over 35k with us since day one?',
    sql: spentOver(35000),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers whose spend since we opened tops $28k - how many?',
    sql: spentOver(28000),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many buyers spent more than 12.5k in 2024?',
    sql: spentOver(12500, year(2024)),
  },
  // --- one customer by id ---
  {
    class: 'counts-per-entity',
    ask: 'how many orders has customer 123 placed in total?',
    sql: ofCustomer(123, 'count(*)'),
  },
  {
    class: 'counts-per-entity',
    ask: 'what has Customer 287 spent with us overall?',
    check: 'answer',
    tolerance: 0.01,
    sql: ofCustomer(287, 'sum(o.amount)'),
  },
  {
    class: 'counts-per-entity',
    ask: "customer 42's revenue in 2025 by product category",
    tolerance: 0.01,
    sql: ofCustomer(42, 'o.category, sum(o.amount)', `${year(2025)} GROUP BY 1`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of customer #199 orders got returned?',
    sql: ofCustomer(199, 'count(*)', "o.status = 'returned'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'heads up before my call: what did customer 311 spend in 2024?',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: ofCustomer(311, 'sum(o.amount)', year(2024)),
  },
  // --- a per-customer rate ranked by a group ---
  {
    class: 'counts-per-entity',
    ask: "Which region's customers place the most orders each, on average?",
    ordered: true,
    tolerance: 0.01,
    sql: perCustomerOf('o.region', 'count(*)'),
  },
  {
    class: 'counts-per-entity',
    ask: 'which customer segment spends the most per customer?',
    ordered: true,
    tolerance: 0.01,
    sql: perCustomerOf('c.segment', 'sum(o.amount)'),
  },
  // --- the part of a filtered whole ---
  {
    class: 'counts-per-entity',
    ask: 'of the orders cancelled in 2025, what % came from the north?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE region = 'north') / count(*) FROM orders
      WHERE status = 'cancelled' AND ${inYear(2025)}`,
  },
  // --- days from signup to first order ---
  {
    class: 'cohorts',
    ask: 'avg number of days between a customer signing up and their first purchase?',
    check: 'answer',
    tolerance: 1,
    sql: `SELECT avg(days) FROM (${DAYS_TO_FIRST})`,
  },
  {
    class: 'cohorts',
    ask: 'median days from joining to first order',
    check: 'answer',
    tolerance: 1,
    sql: `SELECT median(days) FROM (${DAYS_TO_FIRST})`,
  },
  {
    class: 'cohorts',
    ask: 'by segment, how long (in days) did customers take on average to place their first order after signing up?',
    check: 'answer',
    tolerance: 1,
    sql: `SELECT segment, avg(days) FROM (${DAYS_TO_FIRST}) GROUP BY 1`,
  },
  // --- cohorts of two signup months with an outcome ---
  {
    class: 'cohorts',
    ask: 'what share of customers who signed up in Jan or Feb 2022 ordered in November 2025?',
    check: 'answer',
    tolerance: 0.006,
    sql: cohortShare('2022-01-01', '2022-03-01', between('2025-11-01', '2025-12-01', 'o.created_at')),
  },
  {
    class: 'cohorts',
    ask: 'customers that joined in june or july 2022 - how many bought furniture in 2025?',
    sql: cohortCount('2022-06-01', '2022-08-01', `o.category = 'furniture' AND ${year(2025)}`),
  },
  {
    class: 'cohorts',
    ask: 'how much did the customers who signed up in September or October 2022 spend in Q1 2025?',
    tolerance: 0.01,
    sql: `SELECT sum(o.amount) FROM ${JOINED} WHERE ${between('2022-09-01', '2022-11-01', 'c.created_at')}
      AND ${between('2025-01-01', '2025-04-01', 'o.created_at')}`,
  },
  {
    class: 'threads',
    ask: [
      'how many customers joined in Nov or Dec 2022?',
      'what % of them placed an order in December 2025?',
    ],
    check: 'answer',
    tolerance: 0.006,
    sql: cohortShare('2022-11-01', '2023-01-01', between('2025-12-01', '2026-01-01', 'o.created_at')),
  },
  // --- the leader per group with its value, ties kept ---
  {
    class: 'top-per-group',
    ask: 'who was the top spender in each region last year, and what did they spend?',
    tolerance: 0.01,
    sql: leaders('o.region', 'c.name', 'sum(o.amount)', year(2025)),
  },
  {
    class: 'top-per-group',
    ask: 'the #1 customer by number of orders in each segment in 2024, with their order count',
    sql: leaders('c.segment', 'c.name', 'count(*)', year(2024)),
  },
  {
    class: 'top-per-group',
    ask: 'for each category, which of my customers bought the most (by revenue) in 2025 and how much?',
    user: WEST,
    tolerance: 0.01,
    sql: leaders('o.category', 'c.name', 'sum(o.amount)', `o.region = 'west' AND ${year(2025)}`),
  },
  // --- the busiest or quietest weekday per group ---
  {
    class: 'top-per-group',
    ask: 'busiest day of the week for each product category, by number of orders',
    check: 'answer',
    sql: leaders('o.category', 'dayname(o.created_at)', 'count(*)'),
  },
  {
    class: 'top-per-group',
    ask: 'for every segment, which weekday brings in the most revenue?',
    check: 'answer',
    tolerance: 0.01,
    sql: leaders('c.segment', 'dayname(o.created_at)', 'sum(o.amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'per region, what is the slowest weekday by orders in 2025?',
    check: 'answer',
    sql: leaders('o.region', 'dayname(o.created_at)', 'count(*)', year(2025), 'ASC'),
  },
  // --- the top orders within each group or year ---
  {
    class: 'top-per-group',
    ask: 'the 2 largest orders in each category',
    sql: biggestOrders('o.category', 2),
  },
  {
    class: 'top-per-group',
    ask: 'show me the 3 biggest orders for every region in 2025',
    sql: biggestOrders('o.region', 3, year(2025)),
  },
  {
    class: 'top-per-group',
    ask: 'top 3 orders in 2023 vs 2024',
    sql: biggestOrders(
      'year(o.created_at)',
      3,
      "o.created_at >= '2023-01-01' AND o.created_at < '2025-01-01'",
    ),
  },
  {
    class: 'threads',
    ask: ['top customer by revenue in each segment in 2023', 'same thing but by order count'],
    sql: leaders('c.segment', 'c.name', 'count(*)', year(2023)),
  },
  // --- honest refusals ---
  {
    class: 'out-of-scope',
    ask: 'how many customers never opened any of our newsletters?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'on average, how many days after signing up did customers first log in?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'which account manager has the top customer in each region?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: "what's customer 123's phone number?",
    refuse: true,
  },
];
