/**
 * Fourth tuning batch (issue 29), after a held-out scoring named its misses by class only: period-over-period
 * change within a range (each period against the one before it, the first against the period just before the
 * range), ranking by change, cohorts by the customer's signup date, one unknown word in an otherwise answerable
 * question, and a dimension the model lacks. Same clock, conventions and scoring as `tuning-2.ts`. Written by
 * the helper that changed the planner, while changing it (not a held-out set).
 */
import {
  AFTER_DATA,
  bestPerGroup,
  growth,
  PAST,
  perCustomer,
  periodChange,
  type SecondOrderCase,
  topShare,
  withCustomers,
  yearly,
} from './tuning-2';

/** The set's clock (`npm run eval` reads a module's `*_NOW`). */
export { TUNING_2_NOW } from './tuning-2';

/** Each signup period of the customers with a per-customer figure of their orders. */
const byCohort = (unit: string, figure: string) =>
  `SELECT date_trunc('${unit}', c.created_at), ${figure} FROM ${withCustomers} GROUP BY 1`;
/** The period (of a range) whose change from the one before is the smallest or largest. */
const extremeChange = (unit: 'month' | 'quarter', measure: string, from: string, to: string, order: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v - lag(v) OVER (ORDER BY p) AS d FROM m)
   SELECT p, d FROM c WHERE p >= '${from}' AND p < '${to}' ORDER BY d ${order} LIMIT 1`;

export const tuning4: SecondOrderCase[] = [
  // --- period-over-period within a range: the first period against the one just before it ---
  {
    class: 'change',
    ask: 'What was the MoM revenue growth in 2025?',
    sql: periodChange('month', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'change',
    ask: 'QoQ growth in order count for 2024',
    sql: periodChange('quarter', 'count(*)', '2024-01-01', '2025-01-01'),
  },
  {
    class: 'change',
    ask: 'Show me revenue growth month by month for 2025',
    sql: periodChange('month', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'change',
    ask: 'how did the number of orders grow quarter over quarter in 2025',
    sql: periodChange('quarter', 'count(*)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'change',
    ask: 'month-on-month change in sales for 2023',
    // The data starts in January 2023: nothing before it to compare.
    sql: periodChange('month', 'sum(amount)', '2023-01-01', '2024-01-01', 'absolute'),
  },
  {
    class: 'change',
    ask: 'month over month growth in average order value in 2025',
    sql: periodChange('month', 'avg(amount)', '2025-01-01', '2026-01-01'),
    tolerance: 0.011,
  },
  {
    class: 'change',
    ask: 'quarter-over-quarter revenue growth by region in 2025',
    sql: `WITH q AS (SELECT region, date_trunc('quarter', created_at) AS p, sum(amount) AS v FROM orders GROUP BY 1, 2),
          c AS (SELECT region, p, v, lag(v) OVER (PARTITION BY region ORDER BY p) AS prev FROM q)
          SELECT region, p, v, ${growth('v', 'prev')} FROM c WHERE p >= '2025-01-01'`,
  },
  {
    class: 'change',
    ask: 'Which quarter of 2025 lost the most orders?',
    sql: extremeChange('quarter', 'count(*)', '2025-01-01', '2026-01-01', 'ASC'),
  },
  {
    class: 'change',
    ask: 'Which month in 2024 had the biggest increase in revenue?',
    sql: extremeChange('month', 'sum(amount)', '2024-01-01', '2025-01-01', 'DESC'),
  },
  {
    class: 'change',
    ask: 'What was the percentage change in orders from one quarter to the next in 2024?',
    sql: periodChange('quarter', 'count(*)', '2024-01-01', '2025-01-01'),
  },
  {
    class: 'change',
    ask: 'Which month of 2025 saw the biggest drop in revenue compared with the prior month?',
    sql: extremeChange('month', 'sum(amount)', '2025-01-01', '2026-01-01', 'ASC'),
  },
  {
    class: 'change',
    ask: 'Which region lost the most revenue between 2024 and 2025?',
    sql: `SELECT region, ${yearly('sum(amount)', 2025)} - ${yearly('sum(amount)', 2024)} AS d FROM orders GROUP BY 1 ORDER BY d ASC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'Which category grew fastest in 2025?',
    sql: `SELECT category, ${growth(yearly('sum(amount)', 2025), yearly('sum(amount)', 2024))} AS g FROM orders GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  // --- cohorts by the customer's signup date ---
  {
    class: 'cohort',
    ask: 'orders per customer by signup quarter',
    sql: byCohort('quarter', 'count(*) / count(DISTINCT o.customer_id)'),
    says: /signup quarter/i,
    tolerance: 0.011,
  },
  {
    class: 'cohort',
    ask: 'average revenue per customer by signup month',
    sql: byCohort('month', 'sum(o.amount) / count(DISTINCT o.customer_id)'),
    tolerance: 0.011,
  },
  {
    class: 'cohort',
    ask: 'revenue by signup quarter',
    sql: byCohort('quarter', 'sum(o.amount)'),
    says: /signup quarter/i,
  },
  {
    class: 'cohort',
    ask: 'number of orders by customer signup month',
    sql: byCohort('month', 'count(*)'),
  },
  {
    class: 'cohort',
    ask: 'new customers per quarter',
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM customers GROUP BY 1`,
  },
  {
    class: 'cohort',
    ask: 'How many customers signed up in each quarter of 2022?',
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM customers WHERE year(created_at) = 2022 GROUP BY 1`,
  },
  {
    class: 'cohort',
    ask: 'How many orders did customers who joined in Q1 2022 place?',
    sql: `SELECT count(*) FROM ${withCustomers} WHERE c.created_at >= '2022-01-01' AND c.created_at < '2022-04-01'`,
    says: /signup/i,
  },
  {
    class: 'cohort',
    ask: 'revenue from customers who signed up in Q3 2022',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.created_at >= '2022-07-01' AND c.created_at < '2022-10-01'`,
  },
  {
    class: 'cohort',
    ask: 'How many customers from the Q1 2022 cohort ordered in 2024?',
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers}
          WHERE c.created_at >= '2022-01-01' AND c.created_at < '2022-04-01' AND year(o.created_at) = 2024`,
  },
  {
    class: 'cohort',
    ask: 'How many customers who signed up in Q2 2022 placed orders in 2025?',
    sql: `SELECT count(DISTINCT o.customer_id) FROM ${withCustomers}
          WHERE c.created_at >= '2022-04-01' AND c.created_at < '2022-07-01' AND year(o.created_at) = 2025`,
  },
  {
    class: 'cohort',
    ask: 'revenue in 2025 from customers who joined in Q4 2022',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.created_at >= '2022-10-01' AND year(o.created_at) = 2025`,
  },
  {
    class: 'cohort',
    ask: 'orders in 2024 by customer signup quarter',
    sql: `SELECT date_trunc('quarter', c.created_at), count(*) FROM ${withCustomers} WHERE year(o.created_at) = 2024 GROUP BY 1`,
  },
  {
    class: 'cohort',
    ask: 'Which signup quarter has the highest revenue per customer?',
    sql: `${byCohort('quarter', 'sum(o.amount) / count(DISTINCT o.customer_id) AS v')} ORDER BY v DESC LIMIT 1`,
    tolerance: 0.011,
  },
  // Each cohort's growth over the orders' dates is not one query over one time dimension: refused, not read
  // as a change between signup periods.
  { class: 'cohort', ask: 'revenue growth by signup cohort', refuse: true },
  {
    // Refused when this set was written; read since tuning-27-cohorts.ts (the share of each signup quarter who
    // ordered in a period, every customer of the quarter counted).
    class: 'cohort',
    ask: 'what percentage of customers from each signup quarter ordered in 2025',
    sql: `SELECT date_trunc('quarter', c.created_at)::DATE AS q, round(100.0 * count(*) FILTER (WHERE EXISTS (SELECT 1
      FROM orders o WHERE o.customer_id = c.id AND year(o.created_at) = 2025)) / count(*), 2) FROM customers c
      GROUP BY 1 ORDER BY 1`,
  },
  // --- an unknown word in an otherwise answerable question ---
  {
    class: 'unknown-word',
    ask: 'How many accounts do we have?',
    sql: 'SELECT count(*) FROM customers',
    says: /"accounts" as customers/i,
  },
  {
    class: 'unknown-word',
    ask: 'top 5 accounts by revenue',
    ordered: true,
    sql: `SELECT c.name, sum(o.amount) AS v FROM ${withCustomers} GROUP BY 1 ORDER BY v DESC LIMIT 5`,
  },
  {
    class: 'unknown-word',
    ask: 'How many users placed orders in 2024?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE year(created_at) = 2024`,
  },
  {
    class: 'unknown-word',
    ask: 'revenue by account segment',
    sql: `SELECT c.segment, sum(o.amount) FROM ${withCustomers} GROUP BY 1`,
  },
  {
    class: 'unknown-word',
    ask: 'Could you quickly pull revenue by region for 2024?',
    sql: `SELECT region, sum(amount) FROM orders WHERE year(created_at) = 2024 GROUP BY 1`,
    says: /left out "quickly"/,
  },
  {
    class: 'unknown-word',
    ask: 'gross revenue by category in 2025',
    sql: `SELECT category, sum(amount) FROM orders WHERE year(created_at) = 2025 GROUP BY 1`,
  },
  {
    class: 'unknown-word',
    ask: 'how many customers bought something in 2025',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE year(created_at) = 2025`,
  },
  {
    class: 'unknown-word',
    ask: 'which 3 customers bought the most in 2024',
    ordered: true,
    sql: `SELECT c.name, sum(o.amount) AS v FROM ${withCustomers} WHERE year(o.created_at) = 2024 GROUP BY 1 ORDER BY v DESC LIMIT 3`,
  },
  // --- a dimension or measure the model lacks: refused, naming it ---
  { class: 'missing', ask: 'revenue by region and sales rep', refuse: true, says: /rep/ },
  { class: 'missing', ask: 'profit margin by category', refuse: true },
  { class: 'missing', ask: 'revenue by country in 2024', refuse: true, says: /country/ },
  { class: 'missing', ask: 'average order value by marketing channel', refuse: true },
  { class: 'missing', ask: 'orders by payment method', refuse: true },
  // --- the rest of the classes, other phrasings ---
  {
    class: 'per-entity',
    ask: 'How many customers placed more than 50 orders in 2023?',
    sql: perCustomer('count(*) > 50', 'WHERE year(created_at) = 2023'),
  },
  {
    class: 'top-per-group',
    ask: 'best selling category in each region',
    sql: bestPerGroup('region', 'category', 'sum(amount)'),
  },
  {
    class: 'combined-share',
    ask: 'What share of 2025 revenue came from the top 5 customers?',
    sql: topShare('sum(amount)', 'customer_id', 5, 'WHERE year(created_at) = 2025'),
    tolerance: 0.011,
  },
  {
    class: 'percentile',
    ask: 'median order amount by region',
    sql: 'SELECT region, median(amount) FROM orders GROUP BY 1',
  },
  {
    class: 'percentile',
    ask: 'What is the 90th percentile order amount in 2024?',
    sql: `SELECT quantile_cont(amount, 0.9) FROM orders WHERE year(created_at) = 2024`,
  },
  {
    class: 'past-data',
    ask: 'How many orders did we get last month?',
    now: AFTER_DATA,
    sql: `SELECT count(*) FROM orders WHERE created_at >= '2025-12-01'`,
    says: PAST,
  },
];
