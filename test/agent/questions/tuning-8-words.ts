/**
 * Eighth tuning batch (issue 29), the words helper's classes: business words the model lacks around an answerable
 * ask ("ticket", "geo", "book of business", "product line", "small biz", "transacted", "rung up", "deal"),
 * percentiles (medians, spreads between two percentiles), the leader of each group (a customer, a period),
 * counts of entities per group by a per-entity condition, and combined shares (the share of customers behind a
 * share of revenue, the top N's share). Written BEFORE the planner change it tunes, in new wordings a sales or
 * operations asker would use (typos, abbreviations, a west analyst under row-level security); no question copies
 * a held-out or earlier tuning question.
 *
 * Clock: 2026-03-02, after the data ends (orders 2023-01-01 to 2025-12-31; 400 customers who all signed up in
 * 2022, 100 per region). Scored on the unchanged planner (main at f13054b): 16 of 33 right or honest, 1 confident
 * wrong ("each segment's biggest buyer of all time").
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, perCustomer, type SecondOrderCase, WEST, withCustomers } from './tuning-2';

export const TUNING_8_WORDS_NOW = '2026-03-02T09:30:00Z';

/** A west-region analyst: row-level security keeps their orders and customers to the west. */

export type Tuning8Case = SecondOrderCase & { user?: QueryUser };

const oIn = (year: number) => inYear(year).replaceAll('created_at', 'o.created_at');
/** Customers per value of a customer attribute whose per-customer aggregate passes `having`. */
const perGroup = (attr: string, having: string, where = '') =>
  `SELECT c.${attr}, count(*) FROM customers c JOIN (SELECT customer_id FROM orders ${where} GROUP BY 1 HAVING ${having}) t
   ON t.customer_id = c.id GROUP BY 1`;
/** The leading customer (by money) of each value of a customer attribute. */
const topCustomerPer = (attr: string, where = '') =>
  `SELECT g, name FROM (SELECT c.${attr} AS g, c.name, sum(o.amount) AS v FROM ${withCustomers} ${where}
   GROUP BY 1, 2) QUALIFY row_number() OVER (PARTITION BY g ORDER BY v DESC) = 1`;
/** The leading period of each value of an order attribute. */
const topPeriodPer = (attr: string, unit: 'month' | 'quarter', measure: string, year: number) =>
  `SELECT g, p FROM (SELECT ${attr} AS g, date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders
   WHERE ${inYear(year)} GROUP BY 1, 2) QUALIFY row_number() OVER (PARTITION BY g ORDER BY v DESC) = 1`;
/** Percent of customers (largest spenders first) whose spend makes up `part` of all revenue. */
const customersForShare = (part: number) =>
  `SELECT 100.0 * count(*) FILTER (WHERE running - spent < total * ${part}) / count(*) FROM (
     SELECT spent, sum(spent) OVER (ORDER BY spent DESC, customer_id ROWS UNBOUNDED PRECEDING) AS running,
       sum(spent) OVER () AS total FROM (SELECT customer_id, sum(amount) AS spent FROM orders GROUP BY 1))`;
const topPct = (n: number, where = '') =>
  `SELECT 100.0 * sum(v) / (SELECT sum(amount) FROM orders ${where}) FROM
   (SELECT sum(amount) AS v FROM orders ${where} GROUP BY customer_id ORDER BY v DESC LIMIT ${n})`;
const spread = (high: number, low: number, where = '') =>
  `SELECT quantile_cont(amount, ${high}) - quantile_cont(amount, ${low}) FROM orders ${where}`;

export const tuning8words: Tuning8Case[] = [
  // --- business words the model lacks around an answerable ask ---
  {
    class: 'unknown-words',
    ask: 'mean ticket value in the east geo for 2025?',
    sql: `SELECT avg(amount) FROM orders WHERE region = 'east' AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many transactions did the enterprise side do in 2024, by product line?',
    sql: `SELECT o.category, count(*) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${oIn(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: "what's the largest single deal we ever closed in furniture?",
    sql: "SELECT max(amount) FROM orders WHERE category = 'furniture'",
  },
  {
    class: 'unknown-words',
    ask: 'count of accounts in the consumer segment that transacted in H1 2024',
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers} WHERE c.segment = 'consumer' AND ${between('2024-01-01', '2024-07-01', 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'total sales across my book of business in Q2 2025',
    user: WEST,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${between('2025-04-01', '2025-07-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'smallest ticket ever rung up in toys',
    sql: "SELECT min(amount) FROM orders WHERE category = 'toys'",
  },
  {
    class: 'unknown-words',
    ask: 'rev per product line for the small biz segment, 2025',
    sql: `SELECT o.category, sum(o.amount) FROM ${withCustomers} WHERE c.segment = 'small business' AND ${oIn(2025)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'how many unique clients transacted in grocery during Oct 2024?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE category = 'grocery' AND ${between('2024-10-01', '2024-11-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'sales by geo for 2023 pls',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2023)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'how many units did the west geo ship in 2025?',
    refuse: true,
  },
  {
    class: 'unknown-words',
    ask: 'revenue per sales rep in the north for 2025',
    refuse: true,
  },
  {
    class: 'unknown-words',
    ask: 'what was the gross margin on electronics tickets in 2024?',
    refuse: true,
  },
  // --- percentiles ---
  {
    class: 'percentiles',
    ask: 'median basket size for electronics in 2024',
    tolerance: 0.011,
    sql: `SELECT quantile_cont(amount, 0.5) FROM orders WHERE category = 'electronics' AND ${inYear(2024)}`,
  },
  {
    class: 'percentiles',
    ask: 'IQR of furniture order values',
    check: 'answer',
    tolerance: 0.011,
    sql: spread(0.75, 0.25, "WHERE category = 'furniture'"),
  },
  {
    class: 'percentiles',
    ask: 'gap between the 90th and 10th percentile order amount in 2025',
    check: 'answer',
    tolerance: 0.011,
    sql: spread(0.9, 0.1, `WHERE ${inYear(2025)}`),
  },
  {
    class: 'percentiles',
    ask: 'median clothing order in my region during 2024?',
    user: WEST,
    tolerance: 0.011,
    sql: `SELECT quantile_cont(amount, 0.5) FROM orders WHERE region = 'west' AND category = 'clothing' AND ${inYear(2024)}`,
  },
  {
    class: 'percentiles',
    ask: "what's the 75th percentile order value for small business customers?",
    tolerance: 0.011,
    sql: `SELECT quantile_cont(o.amount, 0.75) FROM ${withCustomers} WHERE c.segment = 'small business'`,
  },
  {
    class: 'percentiles',
    ask: 'p50 ticket in toys, 2025',
    tolerance: 0.011,
    sql: `SELECT quantile_cont(amount, 0.5) FROM orders WHERE category = 'toys' AND ${inYear(2025)}`,
  },
  // --- the leader of each group ---
  {
    class: 'top-per-group',
    ask: 'per segment, which customer spent the most in 2024?',
    sql: topCustomerPer('segment', `WHERE ${oIn(2024)}`),
  },
  {
    class: 'top-per-group',
    ask: "each segment's biggest buyer of all time",
    sql: topCustomerPer('segment'),
  },
  {
    class: 'top-per-group',
    ask: 'for every region, which month of 2024 had the most orders?',
    sql: topPeriodPer('region', 'month', 'count(*)', 2024),
  },
  {
    class: 'top-per-group',
    ask: 'best quarter of 2024 for each category by revenue',
    sql: topPeriodPer('category', 'quarter', 'sum(amount)', 2024),
  },
  {
    class: 'top-per-group',
    ask: 'per region, the largest single order in 2025',
    sql: `SELECT region, max(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'for each category, which customer segment brought in the least revenue in 2023?',
    sql: `SELECT g, s FROM (SELECT o.category AS g, c.segment AS s, sum(o.amount) AS v FROM ${withCustomers}
      WHERE ${oIn(2023)} GROUP BY 1, 2) QUALIFY row_number() OVER (PARTITION BY g ORDER BY v ASC) = 1`,
  },
  // --- counts of entities per group, by a per-entity condition ---
  {
    class: 'counts-per-entity',
    ask: 'by segment, how many customers have spent more than $40k in total?',
    sql: perGroup('segment', 'sum(amount) > 40000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many accounts spent north of $30k lifetime, split by segment?',
    sql: perGroup('segment', 'sum(amount) > 30000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'count of customers with under 45 orders in each segment',
    sql: perGroup('segment', 'count(*) < 45'),
  },
  {
    class: 'counts-per-entity',
    ask: 'how many clients bought more than 15 times in 2025?',
    sql: perCustomer('count(*) > 15', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers whose 2024 spend topped $12,000',
    sql: perCustomer('sum(amount) > 12000', `WHERE ${inYear(2024)}`),
  },
  // --- combined shares ---
  {
    class: 'combined-shares',
    ask: 'what % of our customers bring in half the revenue, biggest first?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersForShare(0.5),
  },
  {
    class: 'combined-shares',
    ask: 'what share of customers makes up 80% of revenue (largest spenders first)?',
    check: 'answer',
    tolerance: 0.006,
    sql: customersForShare(0.8),
  },
  {
    class: 'combined-shares',
    ask: 'what % of 2025 revenue came from our top 10 customers?',
    check: 'answer',
    tolerance: 0.006,
    sql: topPct(10, `WHERE ${inYear(2025)}`),
  },
  {
    class: 'combined-shares',
    ask: 'toys and grocery together - what percent of 2024 sales?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE category IN ('toys', 'grocery')) / sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
];
