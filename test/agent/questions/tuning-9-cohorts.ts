/**
 * Ninth tuning batch (issue 29), for the planner's cohort and per-entity classes only: attributes of each
 * customer's first order (its category, region, status or amount), retention between two periods (customers of
 * one period, or of a signup period, who ordered in a later one), "new" customers per period, conditions on a
 * customer's lifetime aggregate, the top entity or period within each group, and ties-aware tops (every tied
 * customer, the biggest single order). Written BEFORE the planner change it tunes, in new wordings a sales or
 * operations asker would use (typos, abbreviations, a west analyst under row-level security, threads); no
 * question copies a held-out or earlier tuning question.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers who all signed up in
 * 2022, 100 per region, with distinct names; first orders fall in January to May 2023, no two on one timestamp;
 * in September 2025 six customers tie with 5 orders each, in August 2025 three tie with 6).
 * "New" goes by the signup date inside the signup dates' range and by the first order past it (where every
 * signup is older and a careful analyst counts first orders); "first order" always by the first order.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, perCustomer, type SecondOrderCase, WEST, withCustomers } from './tuning-2';

export const TUNING_9_COHORTS_NOW = '2026-03-02T09:30:00Z';

export type Tuning9Case = SecondOrderCase & { user?: QueryUser };

/** Each customer's first order's `attr` (no two first orders share a timestamp in the sample). */
const firstOf = (attr: string, where = '') =>
  `SELECT customer_id, arg_min(${attr}, created_at) AS a FROM orders ${where} GROUP BY 1`;
/** Customers per value of an attribute of their first order. */
const byFirst = (attr: string, where = '') => `SELECT a, count(*) FROM (${firstOf(attr, where)}) GROUP BY 1`;
/** Customers whose first order's `attr` is `value`. */
const firstIs = (attr: string, value: string, where = '') =>
  `SELECT count(*) FROM (${firstOf(attr, where)}) WHERE a = '${value}'`;
/** Customers with an order in [from, to) (the cohort), and the percent or count of them with one in [later). */
const cameBack = (
  from: string,
  to: string,
  laterFrom: string,
  laterTo: string,
  as: 'pct' | 'count',
  where = '',
) =>
  `SELECT ${as === 'pct' ? '100.0 * count(*) FILTER (WHERE back) / count(*)' : 'count(*) FILTER (WHERE back)'}
   FROM (SELECT customer_id, bool_or(${between(laterFrom, laterTo)}) AS back FROM orders ${where} GROUP BY 1
   HAVING bool_or(${between(from, to)}))`;
/** Customers who signed up in [from, to), and the percent or count of them with an order in [later). */
const signupBack = (from: string, to: string, laterFrom: string, laterTo: string, as: 'pct' | 'count') =>
  `SELECT ${as === 'pct' ? '100.0 * ' : ''}count(DISTINCT o.customer_id)${
    as === 'pct' ? ` / (SELECT count(*) FROM customers WHERE ${between(from, to)})` : ''
  } FROM ${withCustomers} WHERE ${between(from, to, 'c.created_at')} AND ${between(laterFrom, laterTo, 'o.created_at')}`;
/** New customers (by first order) per month or quarter in [from, to). */
const newPer = (unit: 'month' | 'quarter', from: string, to: string, where = '') =>
  // (Every period of the span, one with no first order as 0: a period left out would be missing from the answer.)
  `SELECT t.p, count(x.customer_id) FROM range(TIMESTAMP '${from}', TIMESTAMP '${to}', INTERVAL ${unit === 'quarter' ? 3 : 1} MONTH) AS t(p)
   LEFT JOIN (SELECT customer_id, min(created_at) AS f FROM orders ${where} GROUP BY 1) AS x
   ON date_trunc('${unit}', x.f) = t.p GROUP BY 1`;
/** The top `item` (by `measure`, DESC or ASC) within each `group`, over `from`. */
const topPer = (group: string, item: string, measure: string, from: string, direction = 'DESC') =>
  `SELECT g, i FROM (SELECT ${group} AS g, ${item} AS i, ${measure} AS v,
     row_number() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM ${from} GROUP BY 1, 2) WHERE r = 1`;
/** Every customer tied at the top of `measure` over the rows of `where`, with the figure. */
const tiedTop = (measure: string, where: string) =>
  `SELECT name, v FROM (SELECT c.id, c.name, ${measure} AS v, max(${measure}) OVER () AS top FROM ${withCustomers}
   WHERE ${where} GROUP BY 1, 2) WHERE v = top`;

export const tuning9cohorts: Tuning9Case[] = [
  // --- attributes of each customer's first order ---
  {
    class: 'first-order',
    ask: 'count of customers per region of their 1st order',
    sql: byFirst('region'),
  },
  {
    class: 'first-order',
    ask: 'how many clients made their first ever purchase in toys?',
    sql: firstIs('category', 'toys'),
  },
  {
    class: 'first-order',
    ask: 'number of customers whose first order was an electronics one',
    sql: firstIs('category', 'electronics'),
  },
  {
    class: 'first-order',
    ask: 'first orders by status - how many customers had their first order cancelled, returned or completed?',
    sql: byFirst('status'),
  },
  {
    class: 'first-order',
    ask: 'how many of my customers had grocery as the category of their very first order?',
    user: WEST,
    sql: firstIs('category', 'grocery', "WHERE region = 'west'"),
  },
  {
    class: 'first-order',
    ask: "what was the average amount of customers' first orders?",
    sql: `SELECT avg(a) FROM (${firstOf('amount')})`,
  },
  {
    class: 'first-order',
    ask: 'how many customers got their first order returned?',
    sql: firstIs('status', 'returned'),
  },
  // --- retention between two periods ---
  {
    class: 'retention',
    ask: 'of the customers who bought in Feb 2023, what percent also bought in Nov 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: cameBack('2023-02-01', '2023-03-01', '2025-11-01', '2025-12-01', 'pct'),
  },
  {
    class: 'retention',
    ask: 'how many of the customers that ordered in jan 2024 came back in jan 2025?',
    sql: cameBack('2024-01-01', '2024-02-01', '2025-01-01', '2025-02-01', 'count'),
  },
  {
    class: 'retention',
    ask: 'what share of customers who signed up in march 2022 placed an order in Q3 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: signupBack('2022-03-01', '2022-04-01', '2025-07-01', '2025-10-01', 'pct'),
  },
  {
    class: 'retention',
    ask: 'percent of Q1 2023 buyers who ordered again in Q4 2025',
    check: 'answer',
    tolerance: 0.011,
    sql: cameBack('2023-01-01', '2023-04-01', '2025-10-01', '2026-01-01', 'pct'),
  },
  {
    class: 'retention',
    ask: 'of the people who registered in Q2 2022, how many placed their first order before Feb 2023?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) < '2023-02-01') t
      JOIN customers c ON t.customer_id = c.id WHERE ${between('2022-04-01', '2022-07-01', 'c.created_at')}`,
  },
  {
    class: 'retention',
    ask: 'customers who joined in Nov 2022 - how many had their first purchase in January 2023?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
      HAVING min(created_at) >= '2023-01-01' AND min(created_at) < '2023-02-01') t
      JOIN customers c ON t.customer_id = c.id WHERE ${between('2022-11-01', '2022-12-01', 'c.created_at')}`,
  },
  {
    class: 'retention',
    ask: 'what % of my customers who ordered in march 2023 ordered again in march 2025?',
    user: WEST,
    check: 'answer',
    tolerance: 0.011,
    sql: cameBack('2023-03-01', '2023-04-01', '2025-03-01', '2025-04-01', 'pct', "WHERE region = 'west'"),
  },
  // --- new customers per period ---
  {
    class: 'new',
    ask: 'new customers by month in H1 2023?',
    sql: newPer('month', '2023-01-01', '2023-07-01'),
  },
  {
    class: 'new',
    ask: 'how many brand-new customers did my region get in Jan 2023?',
    user: WEST,
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE region = 'west' GROUP BY 1
      HAVING min(created_at) >= '2023-01-01' AND min(created_at) < '2023-02-01')`,
  },
  {
    class: 'new',
    ask: 'count of new clients each quarter of 2023',
    sql: newPer('quarter', '2023-01-01', '2024-01-01'),
  },
  {
    class: 'new',
    ask: 'how many new customers did we sign in 2022?',
    sql: `SELECT count(*) FROM customers WHERE ${inYear(2022)}`,
  },
  {
    class: 'new',
    ask: 'were any customers new in 2024?',
    never: /\(none\)/,
    sql: perCustomer("min(created_at) >= '2024-01-01' AND min(created_at) < '2025-01-01'"),
  },
  // --- conditions on a customer's lifetime aggregate ---
  {
    class: 'lifetime',
    ask: 'how many customers have lifetime revenue over $30k?',
    sql: perCustomer('sum(amount) > 30000'),
  },
  {
    class: 'lifetime',
    ask: 'number of clients with all-time spend under 20,000 dollars',
    sql: perCustomer('sum(amount) < 20000'),
  },
  {
    class: 'lifetime',
    ask: 'how many of my customers have spent more than $25k in total?',
    user: WEST,
    sql: perCustomer('sum(amount) > 25000', "WHERE region = 'west'"),
  },
  {
    class: 'lifetime',
    ask: 'customers whose lifetime order count is above 70 - how many?',
    sql: perCustomer('count(*) > 70'),
  },
  // --- the top entity or period within each group ---
  {
    class: 'top-per-group',
    ask: 'top customer by revenue in each region in 2024',
    sql: topPer(
      'c.region',
      'c.name',
      'sum(o.amount)',
      `${withCustomers} WHERE ${inYear(2024, 'o.created_at')}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'best quarter of 2024 for each product category, by revenue',
    sql: topPer(
      'category',
      "date_trunc('quarter', created_at)",
      'sum(amount)',
      `orders WHERE ${inYear(2024)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'weakest month of 2025 per region by order count',
    sql: topPer(
      'region',
      "date_trunc('month', created_at)",
      'count(*)',
      `orders WHERE ${inYear(2025)}`,
      'ASC',
    ),
  },
  {
    class: 'top-per-group',
    ask: 'in each segment, who spent the least in 2023?',
    sql: topPer(
      'c.segment',
      'c.name',
      'sum(o.amount)',
      `${withCustomers} WHERE ${inYear(2023, 'o.created_at')}`,
      'ASC',
    ),
  },
  // --- ties-aware tops ---
  {
    class: 'ties',
    ask: 'who placed the most orders in September 2025?',
    sql: tiedTop('count(*)', between('2025-09-01', '2025-10-01', 'o.created_at')),
  },
  {
    class: 'ties',
    ask: 'which customer ordered the most times in aug 2025',
    sql: tiedTop('count(*)', between('2025-08-01', '2025-09-01', 'o.created_at')),
  },
  {
    class: 'ties',
    ask: 'who placed our single largest order, and how much was it?',
    sql: `SELECT c.name, o.amount FROM ${withCustomers} WHERE o.amount = (SELECT max(amount) FROM orders)`,
  },
  {
    class: 'ties',
    ask: 'biggest customer by lifetime spend?',
    sql: tiedTop('sum(o.amount)', 'true'),
  },
  // --- threads ---
  {
    class: 'retention',
    ask: ['how many customers ordered in December 2023?', 'what % of them also ordered in December 2025?'],
    check: 'answer',
    tolerance: 0.011,
    sql: cameBack('2023-12-01', '2024-01-01', '2025-12-01', '2026-01-01', 'pct'),
  },
  // --- out of scope: no acquisition channel or churn definition in the model ---
  {
    class: 'refuse',
    ask: 'which acquisition channel brought the customers with the highest lifetime value?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'first-order discount code breakdown for new customers in 2023',
    refuse: true,
  },
];
