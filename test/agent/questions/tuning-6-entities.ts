/**
 * Sixth tuning batch (issue 29), for three second-order classes only: conditions on a per-entity aggregate
 * (HAVING, "never" as a zero count), cohorts (by first order and by signup date: retention "of those, how many
 * also ...", a cohort's later spend, two cohorts side by side, breakdowns by cohort, threads) and percentiles
 * (several at once, per group, of a per-entity figure). Written BEFORE the planner change it tunes, in new
 * wordings a sales or operations asker would use (typos, abbreviations, synonyms, a west analyst under
 * row-level security, threads); no question copies a held-out or earlier tuning question.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers who all signed up in
 * 2022, 100 per region, each ordering in their home region; first orders fall in January to May 2023).
 */
import type { QueryUser } from '../../../functions/semantic';
import { inYear, perCustomer, type SecondOrderCase, WEST, withCustomers } from './tuning-2';

export const TUNING_6_ENTITIES_NOW = '2026-03-02T09:30:00Z';

/** A west-region analyst: row-level security keeps their orders and customers to the west. */

export type Tuning6Case = SecondOrderCase & { user?: QueryUser };

const between = (column: string, from: string, to: string) =>
  `${column} >= '${from}' AND ${column} < '${to}'`;
/** Customers whose first order falls in [from, to) and who also have an order in [later, end). */
const retained = (from: string, to: string, later: string, end: string, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders ${where} GROUP BY 1
   HAVING min(created_at) >= '${from}' AND min(created_at) < '${to}'
   AND count(*) FILTER (WHERE ${between('created_at', later, end)}) > 0)`;
/** One figure per customer, then percentiles of those figures. */
const perCustomerQuantile = (figure: string, p: number, where = '') =>
  `SELECT quantile_cont(v, ${p}) FROM (SELECT customer_id, ${figure} AS v FROM orders ${where} GROUP BY 1)`;
const signedUp = (from: string, to: string) => between('c.created_at', from, to);

export const tuning6entities: Tuning6Case[] = [
  // --- counts per entity: a condition on each customer's aggregate ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers have placed fewer than 40 orders overall?',
    sql: perCustomer('count(*) < 40'),
  },
  {
    class: 'counts-per-entity',
    ask: 'no. of customers whose typical order (mean) is under $470',
    sql: perCustomer('avg(amount) < 470'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers never had an order cancelled?',
    sql: perCustomer("count(*) FILTER (WHERE status = 'cancelled') = 0"),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers with zero returns in 2025, how many?',
    sql: perCustomer("count(*) FILTER (WHERE status = 'returned') = 0", `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'count the customers who spent over 10k in 2024',
    sql: perCustomer('sum(amount) > 10000', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'How many buyers averaged more than $540 per order in 2025?',
    sql: perCustomer('avg(amount) > 540', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'which customers have an average order below 420?',
    sql: `SELECT c.name FROM ${withCustomers} GROUP BY 1 HAVING avg(o.amount) < 420`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many custoemrs placed at least 20 orders in 2023',
    sql: perCustomer('count(*) >= 20', `WHERE ${inYear(2023)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers spent less than $20k in total?',
    user: WEST,
    sql: perCustomer('sum(amount) < 20000', "WHERE region = 'west'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of my customers who never bought furniture in 2025',
    user: WEST,
    sql: perCustomer(
      "count(*) FILTER (WHERE category = 'furniture') = 0",
      `WHERE region = 'west' AND ${inYear(2025)}`,
    ),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers have total sales between 25k and 35k?',
    sql: perCustomer('sum(amount) BETWEEN 25000 AND 35000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'customers with 60+ orders, by segment',
    sql: `SELECT segment, count(*) FROM (SELECT c.segment, o.customer_id FROM ${withCustomers} GROUP BY 1, 2 HAVING count(*) >= 60) GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'what percent of customers have more than 55 orders?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * (${perCustomer('count(*) > 55')}) / (SELECT count(DISTINCT customer_id) FROM orders), 2)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers spent more than 9000 on electronics?',
    sql: perCustomer('sum(amount) > 9000', "WHERE category = 'electronics'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers with an AOV over $520 in the north',
    sql: perCustomer('avg(amount) > 520', "WHERE region = 'north'"),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers had no returned orders at all in 2024?',
    sql: perCustomer("count(*) FILTER (WHERE status = 'returned') = 0", `WHERE ${inYear(2024)}`),
  },
  // --- cohorts: by first order and by signup date ---
  {
    class: 'cohorts',
    ask: 'of the customers who first ordered in Jan 2023, how many bought again in December 2025?',
    sql: retained('2023-01-01', '2023-02-01', '2025-12-01', '2026-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'Customers who signed up in Q3 2022 - how many of them placed an order in 2025?',
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE ${signedUp('2022-07-01', '2022-10-01')} AND ${inYear(2025).replaceAll('created_at', 'o.created_at')}`,
  },
  {
    class: 'cohorts',
    ask: 'how many of the customers that joined in November 2022 also bought furniture in 2024?',
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE ${signedUp('2022-11-01', '2022-12-01')} AND o.category = 'furniture' AND ${inYear(2024).replaceAll('created_at', 'o.created_at')}`,
  },
  {
    class: 'cohorts',
    ask: 'revenue in 2025 from customers who first bought in Feb 2023',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)} AND customer_id IN
          (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2023-02-01' AND min(created_at) < '2023-03-01')`,
  },
  {
    class: 'cohorts',
    ask: 'total spend of the March 2022 signups vs the October 2022 signups',
    check: 'answer',
    sql: `SELECT sum(o.amount) FILTER (WHERE ${signedUp('2022-03-01', '2022-04-01')}), sum(o.amount) FILTER (WHERE ${signedUp('2022-10-01', '2022-11-01')}) FROM ${withCustomers}`,
  },
  {
    class: 'cohorts',
    ask: 'number of orders in 2025 by signup month',
    sql: `SELECT date_trunc('month', c.created_at), count(*) FROM ${withCustomers} WHERE ${inYear(2025).replaceAll('created_at', 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'average order value by signup-month cohort, 2024 only',
    tolerance: 0.011,
    sql: `SELECT date_trunc('month', c.created_at), avg(o.amount) FROM ${withCustomers} WHERE ${inYear(2024).replaceAll('created_at', 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: ['how many customers joined in Q2 2022?', 'how much did they spend in 2024?'],
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE ${signedUp('2022-04-01', '2022-07-01')} AND ${inYear(2024).replaceAll('created_at', 'o.created_at')}`,
  },
  {
    class: 'cohorts',
    ask: [
      'how many customers placed their first order in March 2023?',
      'and how many orders did that cohort place in 2025?',
    ],
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2025)} AND customer_id IN
          (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2023-03-01' AND min(created_at) < '2023-04-01')`,
  },
  {
    class: 'cohorts',
    ask: 'new customers per quarter, counted by their first purchase',
    sql: `SELECT date_trunc('quarter', f), count(*) FROM (SELECT customer_id, min(created_at) AS f FROM orders GROUP BY 1) GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'how many customers made their very first order in 2024?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2024-01-01' AND min(created_at) < '2025-01-01')`,
  },
  {
    class: 'cohorts',
    ask: 'how many of my customers signed up in H1 2022?',
    user: WEST,
    sql: "SELECT count(*) FROM customers WHERE region = 'west' AND created_at < '2022-07-01'",
  },
  {
    class: 'cohorts',
    ask: 'of my customers whose first order was in Jan 2023, how many still ordered in Nov 2025?',
    user: WEST,
    sql: retained('2023-01-01', '2023-02-01', '2025-11-01', '2025-12-01', "WHERE region = 'west'"),
  },
  {
    class: 'cohorts',
    ask: 'Q4 2022 signups broken out by segment',
    sql: `SELECT segment, count(*) FROM customers WHERE created_at >= '2022-10-01' GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'order count for 2025 per signup quarter',
    sql: `SELECT date_trunc('quarter', c.created_at), count(*) FROM ${withCustomers} WHERE ${inYear(2025).replaceAll('created_at', 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'of the Q1 2022 signups, how many were still buying in 2025?',
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE ${signedUp('2022-01-01', '2022-04-01')} AND ${inYear(2025).replaceAll('created_at', 'o.created_at')}`,
  },
  {
    class: 'cohorts',
    ask: 'How much revenue did the customers whose first order was in Q2 2023 bring in during 2024?',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)} AND customer_id IN
          (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2023-04-01' AND min(created_at) < '2023-07-01')`,
  },
  // --- percentiles ---
  {
    class: 'percentiles',
    ask: '10th and 90th percentile order value',
    tolerance: 0.011,
    sql: 'SELECT quantile_cont(amount, 0.1), quantile_cont(amount, 0.9) FROM orders',
  },
  {
    class: 'percentiles',
    ask: 'p25, p50 and p75 of order amount per category',
    tolerance: 0.011,
    sql: 'SELECT category, quantile_cont(amount, 0.25), quantile_cont(amount, 0.5), quantile_cont(amount, 0.75) FROM orders GROUP BY 1',
  },
  {
    class: 'percentiles',
    ask: 'median and 90th percentile of order amounts in the north in 2025',
    tolerance: 0.011,
    sql: `SELECT quantile_cont(amount, 0.5), quantile_cont(amount, 0.9) FROM orders WHERE region = 'north' AND ${inYear(2025)}`,
  },
  {
    class: 'percentiles',
    ask: 'median orders per customer in 2024',
    tolerance: 0.51,
    sql: perCustomerQuantile('count(*)', 0.5, `WHERE ${inYear(2024)}`),
  },
  {
    class: 'percentiles',
    ask: "what's the median number of orders each customer placed last year?",
    tolerance: 0.51,
    sql: perCustomerQuantile('count(*)', 0.5, `WHERE ${inYear(2025)}`),
  },
  {
    class: 'percentiles',
    ask: 'p90 of lifetime spend per customer',
    tolerance: 0.011,
    sql: perCustomerQuantile('sum(amount)', 0.9),
  },
  {
    class: 'percentiles',
    ask: 'in my region, the 25th and 75th percentile order amounts',
    user: WEST,
    tolerance: 0.011,
    sql: "SELECT quantile_cont(amount, 0.25), quantile_cont(amount, 0.75) FROM orders WHERE region = 'west'",
  },
  {
    class: 'percentiles',
    ask: 'median order amount by month for 2024',
    tolerance: 0.011,
    sql: `SELECT date_trunc('month', created_at), quantile_cont(amount, 0.5) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: '95th pct of monthly revenue',
    tolerance: 0.011,
    sql: "SELECT quantile_cont(v, 0.95) FROM (SELECT date_trunc('month', created_at), sum(amount) AS v FROM orders GROUP BY 1)",
  },
  {
    class: 'percentiles',
    ask: 'What is the 99th percentile order size for furniture in 2023?',
    tolerance: 0.011,
    sql: `SELECT quantile_cont(amount, 0.99) FROM orders WHERE category = 'furniture' AND ${inYear(2023)}`,
  },
  {
    class: 'percentiles',
    ask: 'median and p90 number of orders per customer',
    tolerance: 0.51,
    sql: `SELECT quantile_cont(v, 0.5), quantile_cont(v, 0.9) FROM (SELECT customer_id, count(*) AS v FROM orders GROUP BY 1)`,
  },
  {
    class: 'percentiles',
    ask: 'first and third quartile of order values by region',
    tolerance: 0.011,
    sql: 'SELECT region, quantile_cont(amount, 0.25), quantile_cont(amount, 0.75) FROM orders GROUP BY 1',
  },
  // --- honest refusals: the data has nothing for the condition, the cohort or the figure ---
  {
    class: 'counts-per-entity',
    ask: 'how many customers have more than two shipping addresses?',
    refuse: true,
  },
  { class: 'cohorts', ask: 'retention by acquisition channel for the 2022 signups', refuse: true },
  { class: 'percentiles', ask: 'median customer age per segment', refuse: true },
];
