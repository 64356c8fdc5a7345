/**
 * SECOND TUNING SET for the offline planner (issue 29): second-order questions and answers in the asker's
 * words. Written for tuning (the held-out sets are separate and never tuned on). Each case is scored as
 * `npm run eval` scores a held-out file (execution accuracy of the last query's result, or an honest refusal),
 * and may also say what the answer must (`says`) or must never (`never`) contain.
 *
 * Clock: Wednesday 2025-10-15 12:00 UTC unless a case sets its own; the sample's orders run from 2023-01-01
 * to 2025-12-31 and its customers signed up in 2022. Percentages are percent, rounded to two decimals.
 */
export const TUNING_2_NOW = '2025-10-15T12:00:00Z';
/** After the data ends: relative periods fall outside it. */
const AFTER_DATA = '2026-05-12T12:00:00Z';

export interface SecondOrderCase {
  class: string;
  ask: string | string[];
  sql?: string;
  refuse?: true;
  ordered?: boolean;
  /** Compare the numbers stated in the answer instead of the result (a figure derived from one result). */
  check?: 'answer';
  tolerance?: number;
  now?: string;
  says?: RegExp;
  never?: RegExp;
}

const perCustomer = (having: string, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders ${where} GROUP BY 1 HAVING ${having})`;
const growth = (value: string, previous: string) =>
  `round(100.0 * (${value} - ${previous}) / ${previous}, 2)`;
const yearly = (expr: string, year: number) => `${expr} FILTER (WHERE year(created_at) = ${year})`;
const inYear = (year: number) => `created_at >= '${year}-01-01' AND created_at < '${year + 1}-01-01'`;
const withCustomers = 'orders o JOIN customers c ON o.customer_id = c.id';
const topShare = (measure: string, by: string, n: number, where = '') =>
  `WITH t AS (SELECT ${by}, ${measure} AS v FROM orders ${where} GROUP BY 1)
   SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT ${n})) / (SELECT sum(v) FROM t), 2)`;
const bestPerGroup = (group: string, item: string, measure: string, direction = 'DESC', where = '') =>
  `SELECT grp, item, v FROM (SELECT ${group} AS grp, ${item} AS item, ${measure} AS v,
     row_number() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM orders ${where} GROUP BY 1, 2)
   WHERE r = 1`;
/** An honest answer about a period the data does not reach names where the data ends. */
const PAST = /no data for .*2025-12-31/s;

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
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS month, sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)
          SELECT month, v, ${growth('v', 'lag(v) OVER (ORDER BY month)')} FROM m`,
  },
  {
    class: 'change',
    ask: 'How did the number of orders change month over month in 2025?',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS month, count(*) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)
          SELECT month, v, v - lag(v) OVER (ORDER BY month) FROM m`,
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
    sql: `WITH q AS (SELECT date_trunc('quarter', created_at) AS quarter, count(*) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)
          SELECT quarter, v, v - lag(v) OVER (ORDER BY quarter) FROM q`,
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
    says: /revenue \(total amount\)/i,
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

/** A third batch, other phrasings of the same classes (written before the planner was run on them). */
const LATER = '2026-03-15T12:00:00Z';
const monthly = (measure: string, where: string) =>
  `WITH m AS (SELECT date_trunc('month', created_at) AS month, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1)
   SELECT month, v, ${growth('v', 'lag(v) OVER (ORDER BY month)')} FROM m`;

export const tuning3: SecondOrderCase[] = [
  {
    class: 'per-entity',
    ask: 'How many customers have placed more than 55 orders?',
    sql: perCustomer('count(*) > 55'),
  },
  {
    class: 'per-entity',
    ask: 'List the customers with over 65 orders',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} GROUP BY 1 HAVING count(*) > 65`,
  },
  {
    class: 'per-entity',
    ask: 'How many customers made at least 60 purchases?',
    sql: perCustomer('count(*) >= 60'),
  },
  {
    class: 'per-entity',
    ask: 'Which customers spent more than $35,000?',
    sql: `SELECT c.name, sum(o.amount) FROM ${withCustomers} GROUP BY 1 HAVING sum(o.amount) > 35000`,
  },
  {
    class: 'per-entity',
    ask: 'How many customers have spent over 40k?',
    sql: perCustomer('sum(amount) > 40000'),
  },
  {
    class: 'per-entity',
    ask: 'How many customers ordered more than 15 times in 2025?',
    sql: perCustomer('count(*) > 15', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'per-entity',
    ask: 'What share of customers have more than 55 orders?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE n > 55) / count(*), 2) FROM (SELECT customer_id, count(*) AS n FROM orders GROUP BY 1)`,
    tolerance: 0.011,
  },
  {
    class: 'per-entity',
    ask: 'How many regions had more than 5,000 orders?',
    sql: 'SELECT count(*) FROM (SELECT region FROM orders GROUP BY 1 HAVING count(*) > 5000)',
  },
  {
    class: 'per-entity',
    ask: 'number of customers with more than 55 orders by segment',
    sql: `SELECT segment, count(*) FROM (SELECT c.segment, o.customer_id FROM ${withCustomers} GROUP BY 1, 2 HAVING count(*) > 55) GROUP BY 1`,
  },
  {
    class: 'per-entity',
    ask: 'How many repeat customers do we have?',
    sql: perCustomer('count(*) > 1'),
  },
  {
    class: 'change',
    ask: 'What is the month-over-month revenue growth for 2025?',
    sql: monthly('sum(amount)', inYear(2025)),
  },
  {
    class: 'change',
    ask: 'Show revenue growth year over year by region',
    sql: `WITH y AS (SELECT region, date_trunc('year', created_at) AS year, sum(amount) AS v FROM orders GROUP BY 1, 2)
          SELECT region, year, v, ${growth('v', 'lag(v) OVER (PARTITION BY region ORDER BY year)')} FROM y`,
  },
  {
    class: 'change',
    ask: 'How did sales change from Q1 2025 to Q2 2025?',
    sql: `SELECT ${growth("sum(amount) FILTER (WHERE created_at >= '2025-04-01' AND created_at < '2025-07-01')", "sum(amount) FILTER (WHERE created_at >= '2025-01-01' AND created_at < '2025-04-01')")} FROM orders`,
  },
  {
    class: 'change',
    ask: 'Which product category had the highest growth in orders between 2024 and 2025?',
    sql: `SELECT category, ${growth(yearly('count(*)', 2025), yearly('count(*)', 2024))} AS g FROM orders GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'Which region had the biggest drop in revenue from 2024 to 2025?',
    sql: `SELECT region, ${yearly('sum(amount)', 2025)} - ${yearly('sum(amount)', 2024)} AS d FROM orders GROUP BY 1 ORDER BY d ASC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'What was the percentage change in revenue from 2023 to 2025?',
    sql: `SELECT ${growth(yearly('sum(amount)', 2025), yearly('sum(amount)', 2023))} FROM orders`,
  },
  {
    class: 'change',
    ask: 'Monthly revenue growth rate in 2024',
    sql: monthly('sum(amount)', inYear(2024)),
  },
  {
    class: 'change',
    ask: 'YoY growth in number of orders',
    sql: `WITH y AS (SELECT date_trunc('year', created_at) AS year, count(*) AS v FROM orders GROUP BY 1)
          SELECT year, v, ${growth('v', 'lag(v) OVER (ORDER BY year)')} FROM y`,
  },
  {
    class: 'change',
    ask: 'Which segment grew fastest?',
    sql: `SELECT c.segment, ${growth('sum(o.amount) FILTER (WHERE year(o.created_at) = 2024)', 'sum(o.amount) FILTER (WHERE year(o.created_at) = 2023)')} AS g FROM ${withCustomers} GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'quarterly revenue growth in 2025',
    sql: `WITH q AS (SELECT date_trunc('quarter', created_at) AS quarter, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)
          SELECT quarter, v, ${growth('v', 'lag(v) OVER (ORDER BY quarter)')} FROM q`,
  },
  {
    class: 'cohorts',
    ask: 'How many customers signed up each quarter?',
    sql: "SELECT date_trunc('quarter', created_at), count(*) FROM customers GROUP BY 1",
  },
  {
    class: 'cohorts',
    ask: 'new customer signups by month in 2022',
    sql: "SELECT date_trunc('month', created_at), count(*) FROM customers WHERE year(created_at) = 2022 GROUP BY 1",
  },
  {
    class: 'cohorts',
    ask: 'How many customers joined in March 2022?',
    sql: "SELECT count(*) FROM customers WHERE created_at >= '2022-03-01' AND created_at < '2022-04-01'",
  },
  {
    class: 'cohorts',
    ask: 'signup cohort sizes by year',
    sql: "SELECT date_trunc('year', created_at), count(*) FROM customers GROUP BY 1",
  },
  {
    class: 'cohorts',
    ask: 'Which signup month brought the most new customers?',
    sql: "SELECT date_trunc('month', created_at) AS m, count(*) AS n FROM customers GROUP BY 1 ORDER BY n DESC LIMIT 1",
  },
  {
    class: 'cohorts',
    ask: 'How many customers placed their first order in January 2023?',
    sql: "SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2023-01-01' AND min(created_at) < '2023-02-01')",
  },
  {
    class: 'cohorts',
    ask: 'new enterprise customers by quarter',
    sql: "SELECT date_trunc('quarter', created_at), count(*) FROM customers WHERE segment = 'enterprise' GROUP BY 1",
  },
  {
    class: 'top-per-group',
    ask: 'What was the top-selling category in each region?',
    sql: bestPerGroup('region', 'category', 'sum(amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'Best performing month for each product category in 2024',
    sql: bestPerGroup(
      'category',
      "date_trunc('month', created_at)",
      'sum(amount)',
      'DESC',
      `WHERE ${inYear(2024)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'For every segment, who is the top customer by revenue?',
    sql: `SELECT segment, name, v FROM (SELECT c.segment, c.name, sum(o.amount) AS v,
            row_number() OVER (PARTITION BY c.segment ORDER BY sum(o.amount) DESC) AS r FROM ${withCustomers} GROUP BY 1, 2)
          WHERE r = 1`,
  },
  {
    class: 'top-per-group',
    ask: 'Which category sells the most in each region?',
    sql: bestPerGroup('region', 'category', 'sum(amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'lowest revenue region in each year',
    sql: bestPerGroup("date_trunc('year', created_at)", 'region', 'sum(amount)', 'ASC'),
  },
  {
    class: 'combined-share',
    ask: 'What percent of total revenue comes from our top 5 customers?',
    sql: topShare('sum(amount)', 'customer_id', 5),
    tolerance: 0.011,
  },
  {
    class: 'combined-share',
    ask: 'What fraction of orders were placed by the top 20 customers?',
    sql: topShare('count(*)', 'customer_id', 20),
    tolerance: 0.011,
  },
  {
    class: 'combined-share',
    ask: "top 3 regions' share of revenue combined",
    sql: topShare('sum(amount)', 'region', 3),
    tolerance: 0.011,
  },
  { class: 'percentiles', ask: "What's the median order size?", sql: 'SELECT median(amount) FROM orders' },
  {
    class: 'percentiles',
    ask: 'median order value in 2025 by category',
    sql: `SELECT category, median(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: 'What is the 95th percentile order amount?',
    sql: 'SELECT quantile_cont(amount, 0.95) FROM orders',
  },
  {
    class: 'percentiles',
    ask: 'p90 order value per region',
    sql: 'SELECT region, quantile_cont(amount, 0.9) FROM orders GROUP BY 1',
  },
  {
    class: 'percentiles',
    ask: 'median daily revenue in 2024',
    sql: `SELECT median(v) FROM (SELECT date_trunc('day', created_at), sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)`,
  },
  {
    class: 'percentiles',
    ask: 'median number of orders per customer in 2024',
    sql: `SELECT median(v) FROM (SELECT customer_id, count(*) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)`,
  },
  {
    class: 'past-data',
    now: LATER,
    ask: 'What were sales last month?',
    sql: "SELECT sum(amount) FROM orders WHERE created_at >= '2025-12-01'",
    says: PAST,
  },
  {
    class: 'past-data',
    now: LATER,
    ask: 'How many orders this week?',
    sql: "SELECT count(*) FROM orders WHERE created_at >= '2025-12-29'",
    says: PAST,
  },
  {
    class: 'past-data',
    now: LATER,
    ask: 'revenue in the last 90 days',
    sql: "SELECT sum(amount) FROM orders WHERE created_at >= '2025-12-15'",
    says: /2025-12-31/,
  },
  {
    class: 'past-data',
    now: LATER,
    ask: 'orders in Q1 2026',
    sql: "SELECT count(*) FROM orders WHERE created_at >= '2025-10-01'",
    says: PAST,
  },
  {
    class: 'past-data',
    now: LATER,
    ask: 'How is revenue trending this year?',
    sql: `SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
    says: PAST,
  },
  {
    class: 'wording',
    ask: "What's our AOV?",
    sql: 'SELECT avg(amount) FROM orders',
    says: /AOV \(average amount\)/,
  },
  {
    class: 'wording',
    ask: 'sales by territory',
    sql: 'SELECT region, sum(amount) FROM orders GROUP BY 1',
    says: /territory \(sales region\)/,
  },
  {
    class: 'unknown-words',
    ask: "What's the revenue for Q3 2025, asking for my manager",
    sql: "SELECT sum(amount) FROM orders WHERE created_at >= '2025-07-01' AND created_at < '2025-10-01'",
  },
  {
    class: 'unknown-words',
    ask: 'Give me total sales numbers for the east region please',
    sql: "SELECT sum(amount) FROM orders WHERE region = 'east'",
  },
  {
    class: 'unknown-words',
    ask: 'How many customers do we have in the enterprise tier?',
    sql: "SELECT count(*) FROM customers WHERE segment = 'enterprise'",
  },
  { class: 'unknown-words', ask: 'How many orders did we ship last month?', refuse: true },
  { class: 'unknown-words', ask: "What's the profit margin on electronics?", refuse: true },
  { class: 'unknown-words', ask: 'revenue by sales channel', refuse: true },
  { class: 'unknown-words', ask: 'What is our customer acquisition cost?', refuse: true },
  { class: 'unknown-words', ask: 'Which warehouse shipped the most orders?', refuse: true },
  { class: 'unknown-words', ask: 'How many employees do we have?', refuse: true },
  { class: 'unknown-words', ask: 'What is the average product rating?', refuse: true },
  { class: 'unknown-words', ask: 'For the north region, what was the profit?', refuse: true },
  { class: 'unknown-words', ask: 'median customer lifetime value', refuse: true },
  // Averages of totals per entity or period (added with that reading), and the ordinary averages beside them.
  {
    class: 'averages',
    ask: 'average revenue per customer',
    sql: 'SELECT avg(v) FROM (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'averages',
    ask: 'average number of orders per customer in 2024',
    sql: `SELECT avg(v) FROM (SELECT customer_id, count(*) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)`,
  },
  {
    class: 'averages',
    ask: 'average daily revenue in 2024',
    sql: `SELECT avg(v) FROM (SELECT date_trunc('day', created_at), sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1)`,
  },
  {
    class: 'averages',
    ask: 'how many orders per day on average in 2025',
    sql: `SELECT avg(v) FROM (SELECT date_trunc('day', created_at), count(*) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  {
    class: 'averages',
    ask: 'average order value per region',
    sql: 'SELECT region, avg(amount) FROM orders GROUP BY 1',
    never: /order \(average amount\)/,
  },
  { class: 'averages', ask: 'average revenue per order', sql: 'SELECT avg(amount) FROM orders' },
  // Follow-ups in these classes (added with their handling).
  {
    class: 'threads',
    ask: ['revenue by region', 'which one grew fastest?'],
    sql: `SELECT region, ${growth(yearly('sum(amount)', 2024), yearly('sum(amount)', 2023))} AS g FROM orders GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  {
    class: 'threads',
    ask: ['how many customers have more than 60 orders', 'what about more than 65?'],
    sql: perCustomer('count(*) > 65'),
  },
  {
    class: 'threads',
    ask: ['median order value', 'by category?'],
    sql: 'SELECT category, median(amount) FROM orders GROUP BY 1',
  },
  {
    class: 'threads',
    ask: ['best month per region', 'and in 2024?'],
    sql: bestPerGroup(
      'region',
      "date_trunc('month', created_at)",
      'sum(amount)',
      'DESC',
      `WHERE ${inYear(2024)}`,
    ),
  },
  {
    class: 'per-entity',
    ask: 'Which customers have more than 60 orders and spent over 30,000?',
    sql: `SELECT c.name, count(*), sum(o.amount) FROM ${withCustomers} GROUP BY 1 HAVING count(*) > 60 AND sum(o.amount) > 30000`,
  },
  // Fourth batch (written with their handling): more phrasings.
  {
    class: 'per-entity',
    ask: 'customers with 70+ orders',
    sql: `SELECT c.name, count(*) FROM ${withCustomers} GROUP BY 1 HAVING count(*) >= 70`,
  },
  {
    class: 'combined-share',
    ask: 'What proportion of revenue do the top 10% of customers generate?',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)
          SELECT round(100.0 * sum(v) FILTER (WHERE r <= (SELECT count(*) FROM t) * 0.1) / sum(v), 2)
          FROM (SELECT v, row_number() OVER (ORDER BY v DESC) AS r FROM t)`,
    tolerance: 0.011,
  },
  {
    class: 'top-per-group',
    ask: 'most common order status in each category',
    sql: bestPerGroup('category', 'status', 'count(*)'),
  },
  {
    class: 'cohorts',
    ask: 'customers acquired in 2022 by segment',
    sql: 'SELECT segment, count(*) FROM customers WHERE year(created_at) = 2022 GROUP BY 1',
  },
  {
    class: 'unknown-words',
    ask: 'Can you pull the number of orders by region for 2024 for our QBR?',
    sql: `SELECT region, count(*) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: "What's the revenue by region, ignoring cancelled orders?",
    sql: "SELECT region, sum(amount) FROM orders WHERE status <> 'cancelled' GROUP BY 1",
  },
  {
    class: 'unknown-words',
    ask: 'quick question: how many orders did we get in 2024?',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2024)}`,
  },
  { class: 'unknown-words', ask: 'revenue for the marketing campaign', refuse: true },
  { class: 'unknown-words', ask: 'revenue by sales team', refuse: true },
  // Fifth batch (written before the planner was run on them).
  {
    class: 'per-entity',
    ask: 'Number of customers who have placed 50 or more orders',
    sql: perCustomer('count(*) >= 50'),
  },
  {
    class: 'per-entity',
    ask: 'Which categories have an average order value above 500?',
    sql: 'SELECT category, avg(amount) FROM orders GROUP BY 1 HAVING avg(amount) > 500',
  },
  {
    class: 'per-entity',
    ask: 'How many days had more than 30 orders?',
    sql: "SELECT count(*) FROM (SELECT date_trunc('day', created_at) FROM orders GROUP BY 1 HAVING count(*) > 30)",
  },
  {
    class: 'per-entity',
    ask: 'Which segment has the most customers with over 55 orders?',
    sql: `SELECT segment, count(*) AS n FROM (SELECT c.segment, o.customer_id FROM ${withCustomers} GROUP BY 1, 2 HAVING count(*) > 55) GROUP BY 1 ORDER BY n DESC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'What was the month-over-month change in the number of orders in Q4 2025?',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS month, count(*) AS v FROM orders WHERE created_at >= '2025-10-01' GROUP BY 1)
          SELECT month, v, v - lag(v) OVER (ORDER BY month) FROM m`,
  },
  {
    class: 'change',
    ask: 'month over month growth of new customers in 2022',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS month, count(*) AS v FROM customers GROUP BY 1)
          SELECT month, v, ${growth('v', 'lag(v) OVER (ORDER BY month)')} FROM m`,
  },
  {
    class: 'cohorts',
    ask: 'How many customers signed up in 2022 by home region?',
    sql: 'SELECT region, count(*) FROM customers GROUP BY 1',
  },
  {
    class: 'cohorts',
    ask: 'Which month had the most new signups?',
    sql: "SELECT date_trunc('month', created_at) AS m, count(*) AS n FROM customers GROUP BY 1 ORDER BY n DESC LIMIT 1",
  },
  {
    class: 'top-per-group',
    ask: 'Top region by revenue for each year',
    sql: bestPerGroup("date_trunc('year', created_at)", 'region', 'sum(amount)'),
  },
  {
    class: 'combined-share',
    ask: 'percentage of revenue from our top 3 categories',
    sql: topShare('sum(amount)', 'category', 3),
    tolerance: 0.011,
  },
  {
    class: 'percentiles',
    ask: "What's the 90th percentile of daily order counts in 2025?",
    sql: `SELECT quantile_cont(v, 0.9) FROM (SELECT date_trunc('day', created_at), count(*) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    // Q4 2025 and Q1 2026: the data covers the first of them, and the answer says so.
    ask: 'revenue for the last 2 quarters',
    sql: "SELECT sum(amount) FROM orders WHERE created_at >= '2025-10-01'",
    says: /2025-12-31/,
  },
  {
    class: 'past-data',
    now: AFTER_DATA,
    ask: 'Give me YTD revenue',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)}`,
    says: PAST,
  },
  {
    class: 'wording',
    ask: 'sales by area in 2024',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
    says: /area \(sales region\)/,
  },
  {
    class: 'per-entity',
    ask: 'Out of all customers, how many have more than 60 orders?',
    sql: perCustomer('count(*) > 60'),
  },
  // Totals over qualifying entities, and periods as entities (added with their handling).
  {
    class: 'per-entity',
    ask: 'revenue from customers with more than 60 orders',
    sql: 'SELECT sum(v) FROM (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1 HAVING count(*) > 60)',
  },
  {
    class: 'per-entity',
    ask: 'How many orders do customers with more than 60 orders have?',
    sql: 'SELECT sum(n) FROM (SELECT customer_id, count(*) AS n FROM orders GROUP BY 1 HAVING count(*) > 60)',
  },
  {
    class: 'per-entity',
    ask: 'months with revenue over 300,000',
    sql: "SELECT date_trunc('month', created_at), sum(amount) FROM orders GROUP BY 1 HAVING sum(amount) > 300000",
  },
  // Sixth batch (run once before their handling: 8/10 right or honest; these are the ones that were not).
  {
    class: 'per-entity',
    ask: 'What share of customers placed more than 20 orders in 2025?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE n > 20) / (SELECT count(*) FROM customers), 2)
          FROM (SELECT customer_id, count(*) AS n FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
    tolerance: 0.011,
  },
  {
    class: 'change',
    ask: 'which regions grew from 2023 to 2024',
    sql: `SELECT region, ${growth(yearly('sum(amount)', 2024), yearly('sum(amount)', 2023))} AS g FROM orders GROUP BY 1 HAVING g > 0`,
  },
  // Misspellings and general words (added with their handling).
  {
    class: 'unknown-words',
    ask: 'revnue by regoin',
    sql: 'SELECT region, sum(amount) FROM orders GROUP BY 1',
  },
  { class: 'unknown-words', ask: 'how many custmers do we have', sql: 'SELECT count(*) FROM customers' },
  {
    class: 'unknown-words',
    ask: 'total company revenue in 2024',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
];
