/**
 * SECOND TUNING SET for the offline planner (issue 29): second-order questions and answers in the asker's
 * words. Written for tuning (the held-out sets are separate and never tuned on). Each case is scored as
 * `npm run eval` scores a held-out file (execution accuracy of the last query's result, or an honest refusal),
 * and may also say what the answer must (`says`) or must never (`never`) contain.
 *
 * Clock: Wednesday 2025-10-15 12:00 UTC unless a case sets its own; the sample's orders run from 2023-01-01
 * to 2025-12-31 and its customers signed up in 2022. Percentages are percent, rounded to two decimals.
 */
import type { QueryUser } from '../../../functions/semantic';

export const TUNING_2_NOW = '2025-10-15T12:00:00Z';
/** After the data ends: relative periods fall outside it. */
export const AFTER_DATA = '2026-05-12T12:00:00Z';

export interface SecondOrderCase {
  class: string;
  ask: string | string[];
  sql?: string;
  refuse?: true;
  ordered?: boolean;
  /**
   * Compare the numbers stated in the answer instead of the result (a figure derived from one result); `range`:
   * a period past the data, the answer states the data's last day and the figure of the part it covers.
   */
  check?: 'answer' | 'range';
  tolerance?: number;
  now?: string;
  says?: RegExp;
  never?: RegExp;
}

export const perCustomer = (having: string, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders ${where} GROUP BY 1 HAVING ${having})`;
export const growth = (value: string, previous: string) =>
  `round(100.0 * (${value} - ${previous}) / ${previous}, 2)`;
/**
 * Each period of [from, to) with its change from the period before, that one read even when it lies before
 * `from` ("month over month in 2024": January against December 2023, as the data has it).
 */
export const periodChange = (
  unit: 'month' | 'quarter',
  measure: string,
  from: string,
  to: string,
  change: 'percent' | 'absolute' = 'percent',
) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, ${change === 'percent' ? growth('v', 'prev') : 'v - prev'} FROM c WHERE p >= '${from}' AND p < '${to}'`;
export const yearly = (expr: string, year: number) => `${expr} FILTER (WHERE year(created_at) = ${year})`;
export const inYear = (year: number, column = 'created_at') =>
  `${column} >= '${year}-01-01' AND ${column} < '${year + 1}-01-01'`;
/** Rows of `column` in [from, to). */
export const between = (from: string, to: string, column = 'created_at') =>
  `${column} >= '${from}' AND ${column} < '${to}'`;
/** The `year`'s revenue by `by` of the customers whose first order fell in [from, to). */
export const firstOrderersSpendBy = (from: string, to: string, by: string, year: number) =>
  `WITH f AS (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '${from}' AND min(created_at) < '${to}')
   SELECT ${by}, sum(amount) FROM orders WHERE customer_id IN (SELECT customer_id FROM f) AND ${inYear(year)} GROUP BY 1`;
/** The data's last day, as a `check: 'range'` reference states it first. */
export const LAST_DAY = '(SELECT CAST(max(created_at) AS DATE) FROM orders)';
/** A west-region analyst: row-level security keeps their orders and customers to the west. */
export const WEST: QueryUser = {
  groups: ['analysts'],
  userAttributes: { region: 'west' },
  securityContext: {},
};
/** An analyst under row-level security, kept to one region's rows. */
export const analyst = (region: string): QueryUser => ({
  groups: ['analysts'],
  userAttributes: { region },
  securityContext: {},
});
export const withCustomers = 'orders o JOIN customers c ON o.customer_id = c.id';
export const topShare = (measure: string, by: string, n: number, where = '') =>
  `WITH t AS (SELECT ${by}, ${measure} AS v FROM orders ${where} GROUP BY 1)
   SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT ${n})) / (SELECT sum(v) FROM t), 2)`;
/** The leader of each group, every tied one kept (rank(): one of the tied alone would be named the top). */
export const bestPerGroup = (group: string, item: string, measure: string, direction = 'DESC', where = '') =>
  `SELECT grp, item, v FROM (SELECT ${group} AS grp, ${item} AS item, ${measure} AS v,
     rank() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM orders ${where} GROUP BY 1, 2)
   WHERE r = 1`;
/** An honest answer about a period the data does not reach names where the data ends. */
export const PAST = /no data for .*2025-12-31/s;

export const tuning2: SecondOrderCase[] = [
  // --- a condition on a per-entity aggregate: HAVING over a grouped subquery ---
  {
    class: 'per-entity',
    ask: 'How many customers have more than 60 orders?',
    sql: perCustomer('count(*) > 60'),
    never: /order amount/i,
  },
  {
    class: 'per-entity',
    ask: 'Which customers placed more than 70 orders?',
    sql: 'SELECT c.name, count(*) FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY 1 HAVING count(*) > 70',
  },
  {
    class: 'per-entity',
    ask: 'number of customers who spent more than 30,000',
    sql: perCustomer('sum(amount) > 30000'),
  },
  {
    class: 'per-entity',
    ask: 'How many customers spent over $10,000 in 2024?',
    sql: perCustomer('sum(amount) > 10000', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'per-entity',
    ask: 'how many customers have fewer than 40 orders',
    sql: perCustomer('count(*) < 40'),
  },
  {
    class: 'per-entity',
    ask: 'how many customers ordered more than 20 times in 2024',
    sql: perCustomer('count(*) > 20', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'per-entity',
    ask: 'Which categories had more than 4,000 orders?',
    sql: 'SELECT category, count(*) FROM orders GROUP BY 1 HAVING count(*) > 4000',
  },
  {
    class: 'per-entity',
    ask: 'How many enterprise customers have at least 50 orders?',
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM ${withCustomers} WHERE c.segment = 'enterprise' GROUP BY 1 HAVING count(*) >= 50)`,
  },
  {
    class: 'per-entity',
    ask: 'customers whose total revenue is above 35,000',
    sql: `SELECT c.name, sum(o.amount) FROM ${withCustomers} GROUP BY 1 HAVING sum(o.amount) > 35000`,
  },
  // --- period-over-period change, and ranking by change ---
  {
    class: 'change',
    ask: 'month over month revenue growth in 2024',
    sql: periodChange('month', 'sum(amount)', '2024-01-01', '2025-01-01'),
  },
  {
    class: 'change',
    ask: 'How did the number of orders change month over month in 2025?',
    sql: periodChange('month', 'count(*)', '2025-01-01', '2026-01-01', 'absolute'),
  },
  {
    class: 'change',
    ask: 'Which region grew fastest from 2023 to 2024?',
    sql: `SELECT region, ${growth(yearly('sum(amount)', 2024), yearly('sum(amount)', 2023))} AS g FROM orders GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'year over year revenue growth',
    sql: `WITH y AS (SELECT date_trunc('year', created_at) AS year, sum(amount) AS v FROM orders GROUP BY 1)
          SELECT year, v, ${growth('v', 'lag(v) OVER (ORDER BY year)')} FROM y`,
  },
  {
    class: 'change',
    ask: 'quarter over quarter change in orders in 2024',
    sql: periodChange('quarter', 'count(*)', '2024-01-01', '2025-01-01', 'absolute'),
  },
  {
    class: 'change',
    ask: 'Which category grew the most in revenue from 2024 to 2025?',
    sql: `SELECT category, ${growth(yearly('sum(amount)', 2025), yearly('sum(amount)', 2024))} AS g FROM orders GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'Which region declined the most in orders from 2023 to 2024?',
    sql: `SELECT region, ${growth(yearly('count(*)', 2024), yearly('count(*)', 2023))} AS g FROM orders GROUP BY 1 ORDER BY g ASC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'revenue growth by category 2023 vs 2024',
    sql: `SELECT category, ${yearly('sum(amount)', 2023)}, ${yearly('sum(amount)', 2024)},
          ${growth(yearly('sum(amount)', 2024), yearly('sum(amount)', 2023))} FROM orders GROUP BY 1`,
  },
  {
    class: 'change',
    ask: 'Which month had the biggest revenue increase over the previous month?',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS month, sum(amount) AS v FROM orders GROUP BY 1)
          SELECT month, v - lag(v) OVER (ORDER BY month) AS d FROM m ORDER BY d DESC NULLS LAST LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'rank regions by revenue growth from 2024 to 2025',
    ordered: true,
    sql: `SELECT region, ${growth(yearly('sum(amount)', 2025), yearly('sum(amount)', 2024))} AS g FROM orders GROUP BY 1 ORDER BY g DESC`,
  },
  // --- cohorts and "new" by a first date ---
  {
    class: 'cohorts',
    ask: 'How many new customers did we get each month in 2022?',
    sql: "SELECT date_trunc('month', created_at), count(*) FROM customers WHERE year(created_at) = 2022 GROUP BY 1",
  },
  {
    class: 'cohorts',
    ask: 'new customers per quarter',
    sql: "SELECT date_trunc('quarter', created_at), count(*) FROM customers GROUP BY 1",
  },
  {
    class: 'cohorts',
    ask: 'How many customers signed up in the first half of 2022 by segment?',
    sql: "SELECT segment, count(*) FROM customers WHERE created_at < '2022-07-01' GROUP BY 1",
  },
  {
    class: 'cohorts',
    ask: 'how many customers placed their first order in 2024',
    sql: 'SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING year(min(created_at)) = 2024)',
  },
  {
    class: 'cohorts',
    ask: 'new customers by region in 2022',
    sql: 'SELECT region, count(*) FROM customers WHERE year(created_at) = 2022 GROUP BY 1',
  },
  // --- the top value within each group, one window query ---
  {
    class: 'top-per-group',
    ask: 'best month per region',
    sql: bestPerGroup('region', "date_trunc('month', created_at)", 'sum(amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'top category in each region by revenue',
    sql: bestPerGroup('region', 'category', 'sum(amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'For each region, which month of 2024 had the most orders?',
    sql: bestPerGroup(
      'region',
      "date_trunc('month', created_at)",
      'count(*)',
      'DESC',
      `WHERE ${inYear(2024)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'worst quarter for each category by number of orders',
    sql: bestPerGroup('category', "date_trunc('quarter', created_at)", 'count(*)', 'ASC'),
  },
  {
    class: 'top-per-group',
    ask: 'top 2 customers by revenue in each segment',
    sql: `SELECT segment, name, v FROM (SELECT c.segment, c.name, sum(o.amount) AS v,
            row_number() OVER (PARTITION BY c.segment ORDER BY sum(o.amount) DESC) AS r FROM ${withCustomers} GROUP BY 1, 2)
          WHERE r <= 2`,
  },
  // --- combined shares: one figure for the top N together ---
  {
    class: 'combined-share',
    ask: 'share of revenue from the top 10 customers',
    sql: topShare('sum(amount)', 'customer_id', 10),
    tolerance: 0.011,
  },
  {
    class: 'combined-share',
    ask: 'What percentage of orders come from the top 5 customers?',
    sql: topShare('count(*)', 'customer_id', 5),
    tolerance: 0.011,
  },
  {
    class: 'combined-share',
    ask: 'How much of total revenue do the top 3 categories account for?',
    sql: topShare('sum(amount)', 'category', 3),
    tolerance: 0.011,
  },
  {
    class: 'combined-share',
    ask: 'What share of 2024 revenue came from the top 20 customers?',
    sql: topShare('sum(amount)', 'customer_id', 20, `WHERE ${inYear(2024)}`),
    tolerance: 0.011,
  },
  // --- median and percentiles ---
  { class: 'percentiles', ask: 'What is the median order value?', sql: 'SELECT median(amount) FROM orders' },
  {
    class: 'percentiles',
    ask: 'median order amount by region',
    sql: 'SELECT region, median(amount) FROM orders GROUP BY 1',
  },
  {
    class: 'percentiles',
    ask: '90th percentile of order amount',
    sql: 'SELECT quantile_cont(amount, 0.9) FROM orders',
  },
  {
    class: 'percentiles',
    ask: "What's the 25th percentile order size for furniture in 2024?",
    sql: `SELECT quantile_cont(amount, 0.25) FROM orders WHERE category = 'furniture' AND ${inYear(2024)}`,
  },
  {
    class: 'percentiles',
    ask: 'median revenue per customer',
    sql: 'SELECT median(v) FROM (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'percentiles',
    ask: 'median number of orders per customer',
    sql: 'SELECT median(v) FROM (SELECT customer_id, count(*) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'percentiles',
    ask: 'median monthly revenue in 2024',
    sql: `SELECT median(v) FROM (SELECT date_trunc('month', created_at), sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)`,
  },
  // --- relative dates past the data: say so, offer the latest period ---
  {
    class: 'past-data',
    now: AFTER_DATA,
    ask: 'revenue last quarter',
    sql: "SELECT sum(amount) FROM orders WHERE created_at >= '2025-10-01'",
    says: PAST,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    ask: 'orders year to date',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2025)}`,
    says: PAST,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    ask: 'sales this month',
    sql: "SELECT sum(amount) FROM orders WHERE created_at >= '2025-12-01'",
    says: PAST,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    ask: 'revenue by region this year',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
    says: PAST,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    ask: 'revenue in 2026',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)}`,
    says: PAST,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    // November 2025 to April 2026: the data covers the first two months of it.
    ask: 'number of orders in the last 6 months',
    sql: "SELECT count(*) FROM orders WHERE created_at >= '2025-11-01'",
    says: /2025-12-31/,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    ask: 'How many orders did we get yesterday?',
    sql: "SELECT count(*) FROM orders WHERE created_at >= '2025-12-31'",
    says: PAST,
  },
  // --- wording: the asker's words, formats, totals, zero, short refusals ---
  {
    class: 'wording',
    ask: 'top 3 regions by revenue',
    sql: 'SELECT region, sum(amount) AS v FROM orders GROUP BY 1 ORDER BY v DESC LIMIT 3',
    // The model declares "revenue" a name of Total amount: the asker's word alone (README).
    says: /revenue/i,
    never: /in all/i,
  },
  {
    class: 'wording',
    ask: 'What is the total revenue?',
    sql: 'SELECT sum(amount) FROM orders',
    says: /\$\d{1,3}(,\d{3})*\.\d\d\b/,
  },
  {
    class: 'wording',
    ask: 'How many cancelled toys orders were placed on January 5, 2023?',
    sql: "SELECT count(*) FROM orders WHERE status = 'cancelled' AND category = 'toys' AND created_at >= '2023-01-05' AND created_at < '2023-01-06'",
    says: /\b0\b/,
    never: /\(none\)/,
  },
  {
    class: 'wording',
    ask: 'profit by region',
    refuse: true,
    says: /profit/,
    never: /(\n.*){6}/,
  },
  {
    class: 'wording',
    ask: 'revenue by month in 2024',
    sql: "SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE year(created_at) = 2024 GROUP BY 1",
    never: /\$[\d,]+\.\d(?!\d)/,
  },
  // --- unknown words: incidental ones do not refuse, missing concepts still do ---
  {
    class: 'unknown-words',
    ask: 'what was our revenue in 2024? need it for the board deck',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  { class: 'unknown-words', ask: 'How many clients do we have?', sql: 'SELECT count(*) FROM customers' },
  {
    class: 'unknown-words',
    ask: 'number of purchases by region',
    sql: 'SELECT region, count(*) FROM orders GROUP BY 1',
  },
  {
    class: 'unknown-words',
    ask: 'roughly how much did we sell in 2023, just curious',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2023)}`,
  },
  {
    class: 'unknown-words',
    ask: 'total transactions per product category',
    sql: 'SELECT category, count(*) FROM orders GROUP BY 1',
  },
  { class: 'unknown-words', ask: 'Which sales rep closed the most deals?', refuse: true },
  { class: 'unknown-words', ask: 'profit margin by category', refuse: true },
  { class: 'unknown-words', ask: 'How many support tickets were opened last month?', refuse: true },
  { class: 'unknown-words', ask: 'inventory levels by product category', refuse: true },
  { class: 'unknown-words', ask: 'revenue by marketing campaign', refuse: true },
  { class: 'unknown-words', ask: 'What is the median delivery time?', refuse: true },
  { class: 'unknown-words', ask: 'which customers churned last year', refuse: true },
];
