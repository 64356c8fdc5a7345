/**
 * Eleventh tuning batch (issue 29), for the planner's cohort class only, written BEFORE the compositional cohort
 * reader it tunes: a cohort definition (by signup date, by first-order date, or by an attribute of the first order;
 * periods said as a month, a quarter, a season with or without its months, a span "between X and Y", "before",
 * "after", "or later", "by the end of") crossed with an outcome (ordered in a period, came back for another order,
 * ordered at least N times, spent in a period or altogether since, had an order returned, did not order in a
 * period) and a measure (how many, share of the cohort, share of all customers, total, average per customer,
 * orders per customer). New wordings a sales or operations asker would use (typos, abbreviations, a west analyst
 * under row-level security, threads); no question copies a held-out or earlier tuning question.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31; every customer signed up in 2022 and
 * has orders; the sample's order region is its customer's home region). References are written on the raw tables,
 * each customer's figures in a subquery, independently of the planner's SQL.
 */
import type { QueryUser } from '../../../functions/semantic';
import { type SecondOrderCase, WEST } from './tuning-2';

export const TUNING_11_COHORTS_NOW = '2026-03-02T09:30:00Z';

export type Tuning11Case = SecondOrderCase & { user?: QueryUser };

const span = (column: string, from: string, to: string) => `${column} >= '${from}' AND ${column} < '${to}'`;
/** Orders joined to their customer (the signup date is c.created_at). */
const signups = (from: string, to: string) =>
  `FROM orders o JOIN customers c ON c.id = o.customer_id WHERE ${span('c.created_at', from, to)}`;
/** Each customer's first order date and lifetime figures, over the orders of `where`. */
const perCustomer = (where = '') =>
  `SELECT customer_id, min(created_at) AS first_at, count(*) AS orders, sum(amount) AS spend FROM orders ${where} GROUP BY customer_id`;
/** Each customer's first order's attribute (no two of a customer's orders share a timestamp in the sample). */
const firstAttr = (attr: string, where = '') =>
  `SELECT o.customer_id, o.${attr} AS first_value FROM orders o WHERE NOT EXISTS (SELECT 1 FROM orders p WHERE p.customer_id = o.customer_id AND p.created_at < o.created_at)${where ? ` AND o.${where}` : ''}`;

export const tuning11cohorts: Tuning11Case[] = [
  // --- signup cohorts ---
  {
    class: 'signup-cohort',
    ask: 'how much revenue did customers who registered between March and May 2022 bring in during 2024?',
    sql: `SELECT sum(o.amount) ${signups('2022-03-01', '2022-06-01')} AND ${span('o.created_at', '2024-01-01', '2025-01-01')}`,
  },
  {
    class: 'signup-cohort',
    ask: 'what did our autumn 2022 signups (sept thru nov) spend in H1 2025?',
    sql: `SELECT sum(o.amount) ${signups('2022-09-01', '2022-12-01')} AND ${span('o.created_at', '2025-01-01', '2025-07-01')}`,
  },
  {
    class: 'signup-cohort',
    ask: 'signed up before Apr 2022 - how many of those custmers ordered in dec 2025?',
    sql: `SELECT count(DISTINCT o.customer_id) ${signups('2000-01-01', '2022-04-01')} AND ${span('o.created_at', '2025-12-01', '2026-01-01')}`,
  },
  {
    class: 'signup-cohort',
    ask: 'of customers who joined after Sept 2022, what pct bought something in Q2 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${span('o.created_at', '2025-04-01', '2025-07-01')})) / count(*), 2) FROM customers c WHERE c.created_at >= '2022-10-01'`,
  },
  {
    class: 'signup-cohort',
    ask: 'avg 2025 spend per customer for the Q1 2022 signups',
    sql: `SELECT (SELECT sum(o.amount) ${signups('2022-01-01', '2022-04-01')} AND ${span('o.created_at', '2025-01-01', '2026-01-01')}) / (SELECT count(*) FROM customers c WHERE ${span('c.created_at', '2022-01-01', '2022-04-01')})`,
  },
  {
    class: 'signup-cohort',
    ask: 'how many orders per customer did people who signed up in Q4 2022 place in 2023?',
    sql: `SELECT 1.0 * (SELECT count(*) ${signups('2022-10-01', '2023-01-01')} AND ${span('o.created_at', '2023-01-01', '2024-01-01')}) / (SELECT count(*) FROM customers c WHERE ${span('c.created_at', '2022-10-01', '2023-01-01')})`,
  },
  {
    class: 'signup-cohort',
    ask: 'my customers who signed up in spring 2022: how many have placed at least 55 orders overall?',
    user: WEST,
    sql: `SELECT count(*) FROM (SELECT o.customer_id ${signups('2022-03-01', '2022-06-01')} AND o.region = 'west' GROUP BY 1 HAVING count(*) >= 55) t`,
  },
  {
    class: 'signup-cohort',
    ask: 'customers who joined in January 2022 - how many had an order returned in 2025?',
    sql: `SELECT count(DISTINCT o.customer_id) ${signups('2022-01-01', '2022-02-01')} AND o.status = 'returned' AND ${span('o.created_at', '2025-01-01', '2026-01-01')}`,
  },
  {
    class: 'signup-cohort',
    ask: "how many of the H2 2022 signups didn't order at all in December 2025?",
    sql: `SELECT count(*) FROM customers c WHERE ${span('c.created_at', '2022-07-01', '2023-01-01')} AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND ${span('o.created_at', '2025-12-01', '2026-01-01')})`,
  },
  // --- first-order-date cohorts ---
  {
    class: 'first-date-cohort',
    ask: 'how many customers made their frist purchase in March 2023 or later?',
    sql: `SELECT count(*) FROM (${perCustomer()}) t WHERE first_at >= '2023-03-01'`,
  },
  {
    class: 'first-date-cohort',
    ask: 'number of customers whose first order came before Feb 2023',
    sql: `SELECT count(*) FROM (${perCustomer()}) t WHERE first_at < '2023-02-01'`,
  },
  {
    class: 'first-date-cohort',
    ask: 'customers with a first order between Feb and Apr 2023: how much have they spent in total?',
    sql: `SELECT sum(spend) FROM (${perCustomer()}) t WHERE first_at >= '2023-02-01' AND first_at < '2023-05-01'`,
  },
  {
    class: 'first-date-cohort',
    ask: 'Of customers who first bought in Jan 2023, what share placed an order in Dec 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * avg(CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = t.customer_id AND ${span('o.created_at', '2025-12-01', '2026-01-01')}) THEN 1 ELSE 0 END), 2) FROM (${perCustomer()}) t WHERE first_at < '2023-02-01'`,
  },
  {
    class: 'first-date-cohort',
    ask: 'Q1 2023 first-time buyers: average spend per head in 2024?',
    sql: `SELECT sum(o.amount) / (SELECT count(*) FROM (${perCustomer()}) f WHERE first_at < '2023-04-01') FROM orders o WHERE o.customer_id IN (SELECT customer_id FROM (${perCustomer()}) f WHERE first_at < '2023-04-01') AND ${span('o.created_at', '2024-01-01', '2025-01-01')}`,
  },
  {
    class: 'first-date-cohort',
    ask: "customers whose first order was in feb '23 - how many orders have they placed altogether?",
    sql: `SELECT sum(orders) FROM (${perCustomer()}) t WHERE ${span('first_at', '2023-02-01', '2023-03-01')}`,
  },
  {
    class: 'first-date-cohort',
    ask: 'what % of all customers had their first order in January 2023?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE first_at < '2023-02-01') / count(*), 2) FROM (${perCustomer()}) t`,
  },
  {
    class: 'first-date-cohort',
    ask: 'how many of the customers who placed their first order in the first quarter of 2023 ordered at least 20 times in 2025?',
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM orders o WHERE ${span('o.created_at', '2025-01-01', '2026-01-01')} AND o.customer_id IN (SELECT customer_id FROM (${perCustomer()}) f WHERE first_at < '2023-04-01') GROUP BY 1 HAVING count(*) >= 20) t`,
  },
  {
    class: 'first-date-cohort',
    ask: 'in my territory, how many customers placed their first order after January 2023, and what have they spent since?',
    user: WEST,
    check: 'answer',
    sql: `SELECT count(*), sum(spend) FROM (${perCustomer("WHERE region = 'west'")}) t WHERE first_at >= '2023-02-01'`,
  },
  {
    class: 'first-date-cohort',
    ask: 'customers who had ordered for the first time by the end of January 2023 - how many?',
    sql: `SELECT count(*) FROM (${perCustomer()}) t WHERE first_at < '2023-02-01'`,
  },
  {
    class: 'first-date-cohort',
    ask: 'how many customers who first ordered in May 2023 came back for another order?',
    sql: `SELECT count(*) FROM (${perCustomer()}) t WHERE ${span('first_at', '2023-05-01', '2023-06-01')} AND orders >= 2`,
  },
  // --- cohorts by an attribute of the first order ---
  {
    class: 'first-attribute-cohort',
    ask: 'customers whose first order was furniture: how much did they spend in 2025?',
    sql: `SELECT sum(o.amount) FROM orders o JOIN (${firstAttr('category')}) f ON f.customer_id = o.customer_id WHERE f.first_value = 'furniture' AND ${span('o.created_at', '2025-01-01', '2026-01-01')}`,
  },
  {
    class: 'first-attribute-cohort',
    ask: 'what % of customers had a cancelled first order?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE first_value = 'cancelled') / count(*), 2) FROM (${firstAttr('status')}) f`,
  },
  {
    class: 'first-attribute-cohort',
    ask: 'of the customers whose first purchase was in the east region, how many came back for a second order?',
    sql: `SELECT count(*) FROM (${firstAttr('region')}) f WHERE first_value = 'east' AND (SELECT count(*) FROM orders o WHERE o.customer_id = f.customer_id) >= 2`,
  },
  {
    class: 'first-attribute-cohort',
    ask: 'customers with a returned first order - how many of them ordered again in 2025?',
    sql: `SELECT count(*) FROM (${firstAttr('status')}) f WHERE first_value = 'returned' AND EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = f.customer_id AND ${span('o.created_at', '2025-01-01', '2026-01-01')})`,
  },
  {
    class: 'first-attribute-cohort',
    ask: 'average lifetime spend of customers whose 1st order was toys',
    sql: `SELECT avg(s) FROM (SELECT f.customer_id, (SELECT sum(amount) FROM orders o WHERE o.customer_id = f.customer_id) AS s FROM (${firstAttr('category')}) f WHERE first_value = 'toys') t`,
  },
  {
    class: 'first-attribute-cohort',
    ask: 'customers whose first order got cancelled: what share of them bought anything in Q4 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * avg(CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = f.customer_id AND ${span('o.created_at', '2025-10-01', '2026-01-01')}) THEN 1 ELSE 0 END), 2) FROM (${firstAttr('status')}) f WHERE first_value = 'cancelled'`,
  },
  {
    class: 'first-attribute-cohort',
    ask: 'of my customers, how many had grocery as their first order, and what % of my customers is that?',
    user: WEST,
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT count(*) FILTER (WHERE first_value = 'grocery'), round(100.0 * count(*) FILTER (WHERE first_value = 'grocery') / count(*), 2) FROM (${firstAttr('category', "region = 'west'")}) f`,
  },
  // --- windows after the first order ---
  {
    class: 'first-window',
    ask: 'how many customers ordered again within 30 days of their first order?',
    sql: `SELECT count(*) FROM (${perCustomer()}) t WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = t.customer_id AND o.created_at > t.first_at AND o.created_at <= t.first_at + INTERVAL 30 DAY)`,
  },
  {
    class: 'first-window',
    ask: 'how much did customers spend in their first 3 months, counting from their first order?',
    sql: `SELECT sum(o.amount) FROM orders o JOIN (${perCustomer()}) t ON t.customer_id = o.customer_id WHERE o.created_at < t.first_at + INTERVAL 3 MONTH`,
  },
  // --- threads ---
  {
    class: 'cohort-thread',
    ask: [
      'how many customers placed their first order in March 2023?',
      'and how much have they spent since then?',
    ],
    sql: `SELECT sum(spend) FROM (${perCustomer()}) t WHERE ${span('first_at', '2023-03-01', '2023-04-01')}`,
  },
  {
    class: 'cohort-thread',
    ask: ['customers who signed up in Q3 2022 - how many?', 'what share of them ordered in November 2025?'],
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * count(DISTINCT o.customer_id) / (SELECT count(*) FROM customers c WHERE ${span('c.created_at', '2022-07-01', '2022-10-01')}), 2) ${signups('2022-07-01', '2022-10-01')} AND ${span('o.created_at', '2025-11-01', '2025-12-01')}`,
  },
  {
    class: 'cohort-thread',
    ask: ['how many clients had their very first order in the west region?', 'what did they spend in 2024?'],
    sql: `SELECT sum(o.amount) FROM orders o JOIN (${firstAttr('region')}) f ON f.customer_id = o.customer_id WHERE f.first_value = 'west' AND ${span('o.created_at', '2024-01-01', '2025-01-01')}`,
  },
  // --- out of scope: no campaign, referral source or coupon in the model ---
  {
    class: 'refuse',
    ask: 'of the customers acquired through the spring promo, how many came back?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'which referral source had the best 90-day retention for the 2022 signups?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'customers whose first order used a coupon - how much did they spend in 2025?',
    refuse: true,
  },
];
