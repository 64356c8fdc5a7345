/**
 * Fourteenth tuning batch (issue 29), for the planner's counts per entity, cohorts, combined shares and
 * percentiles: an order status said in other words ("sent back" for returned), customers who never had a kind of
 * order (every customer, NOT EXISTS, "not once", "never had a single"), signup seasons glossed with their months
 * and a later kind of order, the customer whose first order came last (or first), the share of two values of one
 * dimension ("consumer or enterprise"), a percentile compared across two values, two signup cohorts compared per
 * customer, the top customers of a year among those without orders in another, the average of a per-customer
 * figure under a per-customer condition, repeat against one-time customers, and the most cancelled or returned
 * orders within each group. Written BEFORE the planner change it tunes, in wordings a sales or operations asker
 * would use (abbreviations, typos, asides, a west analyst under row-level security); no question copies a held-out
 * or earlier tuning question.
 *
 * Clock: 2026-07-14, after the data ends (orders 2023-01-01 to 2025-12-31; signups all in 2022): "last year" is
 * 2025. Ties are kept in every top (rank()).
 *
 * Scored before the planner change: 18 of 36 right or honest (eval CLI, 1,000,000-order sample), 1 confident wrong;
 * after it: 32 of 36, none wrong (left refused: "the very first to place an order", "order more often than ...
 * joiners", and the top spenders of a month among those without orders in another).
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_14_ENTITIES_NOW = '2026-07-14T10:00:00Z';

export type Tuning14Case = SecondOrderCase & { user?: QueryUser };

const JOINED = 'orders o JOIN customers c ON o.customer_id = c.id';
const year = (y: number) => inYear(y, 'o.created_at');
const signed = (from: string, to: string) => between(from, to, 'c.created_at');
/** Customers whose number of orders over `where` satisfies `having`. */
const ordersPerCustomer = (having: string, where = '') =>
  `SELECT count(*) FROM (SELECT o.customer_id FROM ${JOINED} ${where ? `WHERE ${where}` : ''}
     GROUP BY 1 HAVING ${having})`;
/** Customers (every one, not only those who ordered) with no order matching `condition`. */
const never = (condition: string, where = '') =>
  `SELECT count(*) FROM customers c WHERE ${where ? `${where} AND ` : ''}NOT EXISTS (
     SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${condition})`;
/** Distinct customers with an order matching `where`. */
const buyers = (where: string) => `SELECT count(DISTINCT o.customer_id) FROM ${JOINED} WHERE ${where}`;
/** Percent of the customers (of `whole`) matching `part`, on the customers table alone. */
const customersShare = (part: string, whole = '') =>
  `SELECT 100.0 * count(*) FILTER (WHERE ${part}) / count(*) FROM customers c ${whole ? `WHERE ${whole}` : ''}`;
/** Percent of `measure` over the rows of `where` that rows matching `part` hold. */
const share = (measure: string, part: string, where = '') =>
  `SELECT 100.0 * ${measure} FILTER (WHERE ${part}) / ${measure} FROM ${JOINED} ${where ? `WHERE ${where}` : ''}`;
/** The customer(s) whose first order is the latest (or earliest), with its day. */
const firstOrder = (direction: 'DESC' | 'ASC') =>
  `SELECT c.name, strftime(f.first, '%Y-%m-%d') FROM (SELECT customer_id, min(created_at) AS first,
     rank() OVER (ORDER BY min(created_at) ${direction}) AS r FROM orders GROUP BY 1) f
   JOIN customers c ON c.id = f.customer_id WHERE r = 1`;
/** The percentile `p` of order amounts for each value of `column` in `values`, within `where`. */
const percentileBy = (p: number, column: string, values: string[], where = '') =>
  `SELECT ${column}, quantile_cont(o.amount, ${p}) FROM ${JOINED} WHERE ${column} IN (${values
    .map((v) => `'${v}'`)
    .join(', ')})${where ? ` AND ${where}` : ''} GROUP BY 1`;
/** Per signup cohort: `measure` of its orders within `where`, divided by the cohort's customers. */
const perCohortCustomer = (cohorts: [string, string, string][], measure: string, where: string) =>
  cohorts
    .map(
      ([label, from, to]) =>
        `SELECT '${label}', (SELECT ${measure} FROM ${JOINED} WHERE ${signed(from, to)} AND ${where})
           / (SELECT count(*) FROM customers c WHERE ${signed(from, to)})`,
    )
    .join(' UNION ALL ');
/** The top n customers by `measure` over `where`, among those with no order in `without` (ties kept). */
const topWithout = (n: number, measure: string, where: string, without: string) =>
  `SELECT name, v FROM (SELECT c.name, ${measure} AS v, rank() OVER (ORDER BY ${measure} DESC) AS r FROM ${JOINED}
     WHERE ${where} AND NOT EXISTS (SELECT 1 FROM orders p WHERE p.customer_id = o.customer_id AND ${without})
     GROUP BY o.customer_id, c.name) WHERE r <= ${n}`;
/** The average of a per-customer `figure` over the customers whose `condition` holds (lifetime, every order). */
const averageOf = (figure: string, condition: string) =>
  `SELECT avg(f) FROM (SELECT o.customer_id, ${figure} AS f FROM ${JOINED} GROUP BY 1 HAVING ${condition})`;
/** Customers with exactly one order and with more than one, over `where`. */
const repeatAndOnce = (where = '') =>
  `SELECT count(*) FILTER (WHERE n > 1), count(*) FILTER (WHERE n = 1) FROM (SELECT o.customer_id, count(*) AS n
     FROM ${JOINED} ${where ? `WHERE ${where}` : ''} GROUP BY 1)`;
/** The leaders (ties kept) of `item` by their number of orders of `status` within each `group`. */
const mostOf = (status: string, group: string, item: string, where = '') =>
  `SELECT g, i, v FROM (SELECT ${group} AS g, ${item} AS i, count(*) AS v,
     rank() OVER (PARTITION BY ${group} ORDER BY count(*) DESC) AS r FROM ${JOINED}
     WHERE o.status = '${status}'${where ? ` AND ${where}` : ''} GROUP BY 1, 2) WHERE r = 1`;

export const tuning14entities: Tuning14Case[] = [
  // --- an order status in other words ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers sent back 4+ orders in 2024?',
    sql: ordersPerCustomer('count(*) >= 4', `o.status = 'returned' AND ${year(2024)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of clients who sent back at least 6 orders overall',
    sql: ordersPerCustomer('count(*) >= 6', "o.status = 'returned'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'in my region, how many buyers sent back 3 or more orders last yr?',
    user: WEST,
    sql: ordersPerCustomer('count(*) >= 3', `o.status = 'returned' AND o.region = 'west' AND ${year(2025)}`),
  },
  // --- never a kind of order ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers have never had an order returned?',
    sql: never("o.status = 'returned'"),
  },
  {
    class: 'counts-per-entity',
    ask: "number of customers who've not once had a furniture order cancelled",
    sql: never("o.status = 'cancelled' AND o.category = 'furniture'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers that never had a single toys order returned - how many?',
    sql: never("o.status = 'returned' AND o.category = 'toys'"),
  },
  // --- signup seasons, glossed, with a later kind of order ---
  {
    class: 'cohorts',
    ask: 'of customers who signed up in spring 2022 (mar-may), how many bought toys in 2025?',
    sql: buyers(`${signed('2022-03-01', '2022-06-01')} AND o.category = 'toys' AND ${year(2025)}`),
  },
  {
    class: 'cohorts',
    ask: 'folks that joined in fall 2022 (sep–nov): how many of them ordered furniture in 2024?',
    sql: buyers(`${signed('2022-09-01', '2022-12-01')} AND o.category = 'furniture' AND ${year(2024)}`),
  },
  {
    class: 'cohorts',
    ask: 'how many of my customers who signed up in summer 2022 (june to august) placed a grocery order last year?',
    user: WEST,
    sql: buyers(
      `${signed('2022-06-01', '2022-09-01')} AND o.region = 'west' AND o.category = 'grocery' AND ${year(2025)}`,
    ),
  },
  // --- the customer whose first order came last or first ---
  {
    class: 'cohorts',
    ask: 'which customer placed their first order most recently, and when was it?',
    check: 'answer',
    sql: firstOrder('DESC'),
  },
  {
    class: 'cohorts',
    ask: 'who made their first ever purchase last of all our customers? date too',
    check: 'answer',
    sql: firstOrder('DESC'),
  },
  {
    class: 'cohorts',
    ask: 'which customer was the very first to place an order with us, and on what day?',
    check: 'answer',
    sql: firstOrder('ASC'),
  },
  // --- the share of two values of one dimension ---
  {
    class: 'combined-shares',
    ask: 'what % of our customers are consumer or enterprise?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersShare("c.segment IN ('consumer', 'enterprise')"),
  },
  {
    class: 'combined-shares',
    ask: 'what fraction of our customer base is based in the north or the east? as a percentage',
    check: 'answer',
    tolerance: 0.006,
    sql: customersShare("c.region IN ('north', 'east')"),
  },
  {
    class: 'combined-shares',
    ask: 'share of 2025 revenue from toys and grocery combined',
    check: 'answer',
    tolerance: 0.006,
    sql: share('sum(o.amount)', "o.category IN ('toys', 'grocery')", year(2025)),
  },
  {
    class: 'combined-shares',
    ask: 'what percentage of customers are small business or consumer, in my region?',
    user: WEST,
    check: 'answer',
    tolerance: 0.006,
    sql: customersShare("c.segment IN ('small business', 'consumer')", "c.region = 'west'"),
  },
  // --- a percentile compared across two values ---
  {
    class: 'percentiles',
    ask: '90th percentile order amount: electronics vs furniture?',
    tolerance: 0.01,
    sql: percentileBy(0.9, 'o.category', ['electronics', 'furniture']),
  },
  {
    class: 'percentiles',
    ask: 'median order value in 2025, cancelled orders vs completed ones',
    tolerance: 0.01,
    sql: percentileBy(0.5, 'o.status', ['cancelled', 'completed'], year(2025)),
  },
  {
    class: 'percentiles',
    ask: 'p75 order size for enterprise vs consumer customers',
    tolerance: 0.01,
    sql: percentileBy(0.75, 'c.segment', ['enterprise', 'consumer']),
  },
  // --- two signup cohorts compared per customer ---
  {
    class: 'cohorts',
    ask: 'did customers who signed up in Q3 2022 spend more per customer in 2025 than the Q1 2022 signups?',
    tolerance: 0.5,
    sql: perCohortCustomer(
      [
        ['Q3 2022', '2022-07-01', '2022-10-01'],
        ['Q1 2022', '2022-01-01', '2022-04-01'],
      ],
      'sum(o.amount)',
      year(2025),
    ),
  },
  {
    class: 'cohorts',
    ask: 'orders per customer in 2024: Jan 2022 signups vs Dec 2022 signups',
    tolerance: 0.5,
    sql: perCohortCustomer(
      [
        ['January 2022', '2022-01-01', '2022-02-01'],
        ['December 2022', '2022-12-01', '2023-01-01'],
      ],
      'count(*)',
      year(2024),
    ),
  },
  {
    class: 'cohorts',
    ask: 'do people who joined in H2 2022 order more often than H1 2022 joiners? orders per customer, all time',
    tolerance: 0.5,
    sql: perCohortCustomer(
      [
        ['H2 2022', '2022-07-01', '2023-01-01'],
        ['H1 2022', '2022-01-01', '2022-07-01'],
      ],
      'count(*)',
      "o.created_at >= '2023-01-01'",
    ),
  },
  // --- the top customers of a year among those without orders in another ---
  {
    class: 'counts-per-entity',
    ask: 'top 5 customers by Dec 2025 spend who had no orders in Nov 2025',
    sql: topWithout(
      5,
      'sum(o.amount)',
      between('2025-12-01', '2026-01-01', 'o.created_at'),
      between('2025-11-01', '2025-12-01', 'p.created_at'),
    ),
  },
  {
    class: 'counts-per-entity',
    ask: "biggest 3 spenders of March 2024 that didn't buy anything in February 2024?",
    sql: topWithout(
      3,
      'sum(o.amount)',
      between('2024-03-01', '2024-04-01', 'o.created_at'),
      between('2024-02-01', '2024-03-01', 'p.created_at'),
    ),
  },
  // --- the average of a per-customer figure under a per-customer condition ---
  {
    class: 'counts-per-entity',
    ask: 'avg number of orders for customers who spent more than $35k in total',
    tolerance: 0.05,
    sql: averageOf('count(*)', 'sum(o.amount) > 35000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'among customers with lifetime spend over 32k, whats the average order count?',
    tolerance: 0.05,
    sql: averageOf('count(*)', 'sum(o.amount) > 32000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'for customers with at least 70 orders, what is their average total spend?',
    tolerance: 0.5,
    sql: averageOf('sum(o.amount)', 'count(*) >= 70'),
  },
  // --- repeat against one-time customers ---
  {
    class: 'counts-per-entity',
    ask: 'repeat customers vs one-time customers in Nov 2025 - how many of each?',
    sql: repeatAndOnce(between('2025-11-01', '2025-12-01', 'o.created_at')),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many one-time buyers did we have in Q4 2025 (just a single order)?',
    sql: ordersPerCustomer('count(*) = 1', between('2025-10-01', '2026-01-01', 'o.created_at')),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of repeat buyers in december 2025',
    sql: ordersPerCustomer('count(*) > 1', between('2025-12-01', '2026-01-01', 'o.created_at')),
  },
  // --- the most cancelled or returned orders within each group ---
  {
    class: 'counts-per-entity',
    ask: 'which category had the most cancelled orders in each region?',
    sql: mostOf('cancelled', 'o.region', 'o.category'),
  },
  {
    class: 'counts-per-entity',
    ask: 'per segment, which region had the most returned orders in 2025?',
    sql: mostOf('returned', 'c.segment', 'o.region', year(2025)),
  },
  {
    class: 'counts-per-entity',
    ask: 'for each region, the product category with the most returns last year',
    sql: mostOf('returned', 'o.region', 'o.category', year(2025)),
  },
  // --- neighbours that must stay honest ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers sent back an order that was later refunded?',
    refuse: true,
  },
  {
    class: 'percentiles',
    ask: '95th percentile delivery time: electronics vs toys',
    refuse: true,
  },
  {
    class: 'combined-shares',
    ask: 'what fraction of our customer base churned or downgraded?',
    refuse: true,
  },
];
