/**
 * Fifth tuning batch (issue 29), for the second-order classes only: counts per entity, period over period,
 * cohorts, top per group, combined shares and percentiles. Written BEFORE the planner change it tunes, by the
 * helper that then changed the planner, in phrasings an unseen sales or operations asker would use (terse,
 * chatty, abbreviations, the demo model's synonyms, a non-manager under row-level security); no question
 * copies a held-out or earlier tuning question. Same clock, conventions and scoring as `tuning-2.ts`
 * (20,000 sample orders, 400 customers, 100 per region).
 */
import type { QueryUser } from '../../../functions/semantic';
import {
  bestPerGroup,
  growth,
  inYear,
  perCustomer,
  periodChange,
  type SecondOrderCase,
  topShare,
  WEST,
  withCustomers,
  yearly,
} from './tuning-2';

/** The set's clock (`npm run eval` reads a module's `*_NOW`). */
export { TUNING_2_NOW } from './tuning-2';

export type Tuning5Case = SecondOrderCase & { user?: QueryUser };

/** The names of the customers whose aggregate over (a subset of) their orders holds. */
const customersWhere = (having: string, where = '') =>
  `SELECT c.name FROM ${withCustomers} ${where} GROUP BY 1 HAVING ${having}`;
/** One figure per customer, then a percentile of those figures. */
const perCustomerQuantile = (figure: string, p: number, where = '') =>
  `SELECT quantile_cont(v, ${p}) FROM (SELECT customer_id, ${figure} AS v FROM orders ${where} GROUP BY 1)`;
/** Each customer's first order. */
const firsts = 'SELECT customer_id, min(created_at) AS f FROM orders GROUP BY 1';

export const tuning5second: Tuning5Case[] = [
  // --- counts per entity: a condition on a per-customer aggregate ---
  { class: 'per-entity', ask: 'how many custs have 65+ orders?', sql: perCustomer('count(*) >= 65') },
  {
    class: 'per-entity',
    ask: 'which customers returned more than 12 orders',
    sql: customersWhere('count(*) > 12', "WHERE o.status = 'returned'"),
  },
  {
    class: 'per-entity',
    ask: 'count of customers whose average order value is above $560',
    sql: perCustomer('avg(amount) > 560'),
  },
  {
    class: 'per-entity',
    ask: 'How many customers ordered in every quarter of 2024?',
    sql: perCustomer('count(DISTINCT quarter(created_at)) = 4', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'per-entity',
    ask: 'number of customers that bought from all 5 categories in 2024',
    sql: perCustomer('count(DISTINCT category) = 5', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'per-entity',
    ask: 'how many customers have 8 or more cancelled orders',
    sql: perCustomer('count(*) >= 8', "WHERE status = 'cancelled'"),
  },
  {
    class: 'per-entity',
    ask: 'How many enterprise customers have spent more than 30k in total?',
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM ${withCustomers} WHERE c.segment = 'enterprise' GROUP BY 1 HAVING sum(o.amount) > 30000)`,
  },
  {
    class: 'per-entity',
    ask: 'show me the customers with an avg order over 580',
    sql: customersWhere('avg(o.amount) > 580'),
  },
  {
    class: 'per-entity',
    ask: 'In my region, how many customers have placed more than 55 orders?',
    user: WEST,
    sql: perCustomer('count(*) > 55', "WHERE region = 'west'"),
  },
  {
    class: 'per-entity',
    ask: 'how many customers bought toys more than 12 times',
    sql: perCustomer('count(*) > 12', "WHERE category = 'toys'"),
  },
  // --- period over period ---
  {
    class: 'change',
    ask: 'revenue MoM % for Q1 2025',
    sql: periodChange('month', 'sum(amount)', '2025-01-01', '2025-04-01'),
  },
  {
    class: 'change',
    ask: 'Which category saw its order count fall the most from 2024 to 2025, percentage-wise?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT category, ${growth(yearly('count(*)', 2025), yearly('count(*)', 2024))} AS g FROM orders GROUP BY 1 ORDER BY g ASC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'which month in 2023 had the sharpest decline in orders vs the previous month?',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS p, count(*) AS v FROM orders GROUP BY 1),
          c AS (SELECT p, v - lag(v) OVER (ORDER BY p) AS d FROM m)
          SELECT p FROM c WHERE p >= '2023-01-01' AND p < '2024-01-01' ORDER BY d ASC NULLS LAST LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'sales by region 2024 vs 2025',
    check: 'answer',
    sql: `SELECT region, ${yearly('sum(amount)', 2024)}, ${yearly('sum(amount)', 2025)} FROM orders GROUP BY 1`,
  },
  {
    class: 'change',
    ask: 'by how much % did the average order value change between 2024 and 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT ${growth(yearly('avg(amount)', 2025), yearly('avg(amount)', 2024))} FROM orders`,
  },
  {
    class: 'change',
    ask: 'Which segment shrank the most in revenue from 2023 to 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT c.segment, round(100.0 * (sum(o.amount) FILTER (WHERE year(o.created_at) = 2025) - sum(o.amount) FILTER (WHERE year(o.created_at) = 2023))
          / sum(o.amount) FILTER (WHERE year(o.created_at) = 2023), 2) AS g FROM ${withCustomers} GROUP BY 1 ORDER BY g ASC LIMIT 1`,
  },
  {
    class: 'change',
    ask: 'quarterly revenue growth rate in 2025',
    sql: periodChange('quarter', 'sum(amount)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'change',
    ask: 'month over month change in my orders for the second half of 2025',
    user: WEST,
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS p, count(*) AS v FROM orders WHERE region = 'west' GROUP BY 1),
          c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
          SELECT p, v, v - prev FROM c WHERE p >= '2025-07-01' AND p < '2026-01-01'`,
  },
  {
    class: 'change',
    ask: 'orders per region, Q3 vs Q4 2024',
    check: 'answer',
    sql: `SELECT region, count(*) FILTER (WHERE created_at >= '2024-07-01' AND created_at < '2024-10-01'),
          count(*) FILTER (WHERE created_at >= '2024-10-01' AND created_at < '2025-01-01') FROM orders GROUP BY 1`,
  },
  // --- cohorts: by signup date and by first order ---
  {
    class: 'cohort',
    ask: 'how many customers made their first purchase in February 2023?',
    sql: `SELECT count(*) FROM (${firsts}) WHERE f >= '2023-02-01' AND f < '2023-03-01'`,
  },
  {
    class: 'cohort',
    ask: 'signups by month for the first half of 2022',
    sql: `SELECT date_trunc('month', created_at), count(*) FROM customers WHERE created_at < '2022-07-01' GROUP BY 1`,
  },
  {
    class: 'cohort',
    ask: 'number of first-time buyers per month in 2023',
    sql: `SELECT date_trunc('month', f), count(*) FROM (${firsts}) WHERE f < '2024-01-01' GROUP BY 1`,
  },
  {
    class: 'cohort',
    ask: 'what did customers who joined in H2 2022 spend in 2025?',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.created_at >= '2022-07-01' AND ${inYear(2025).replaceAll('created_at', 'o.created_at')}`,
  },
  {
    class: 'cohort',
    ask: 'AOV by signup quarter',
    tolerance: 0.011,
    sql: `SELECT date_trunc('quarter', c.created_at), avg(o.amount) FROM ${withCustomers} GROUP BY 1`,
  },
  {
    class: 'cohort',
    ask: 'new customers per quarter split by segment',
    sql: `SELECT date_trunc('quarter', created_at), segment, count(*) FROM customers GROUP BY 1, 2`,
  },
  {
    class: 'cohort',
    ask: 'Which signup month brought in the most customers?',
    sql: `SELECT date_trunc('month', created_at) AS m, count(*) AS n FROM customers GROUP BY 1 ORDER BY n DESC LIMIT 1`,
  },
  {
    class: 'cohort',
    ask: 'How many orders in 2025 came from customers whose first order was in January 2023?',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2025)} AND customer_id IN
          (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) >= '2023-01-01' AND min(created_at) < '2023-02-01')`,
  },
  // --- top per group ---
  {
    class: 'top-per-group',
    ask: 'largest single order in each region in 2025',
    sql: `SELECT region, max(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'top spender per category',
    sql: `SELECT category, name FROM (SELECT o.category, c.name, row_number() OVER (PARTITION BY o.category ORDER BY sum(o.amount) DESC) AS r
          FROM ${withCustomers} GROUP BY 1, 2) WHERE r = 1`,
  },
  {
    class: 'top-per-group',
    ask: 'for each segment, which customer ordered most often?',
    sql: `SELECT segment, name FROM (SELECT c.segment, c.name, row_number() OVER (PARTITION BY c.segment ORDER BY count(*) DESC) AS r
          FROM ${withCustomers} GROUP BY 1, 2) WHERE r = 1`,
  },
  {
    class: 'top-per-group',
    ask: 'best quarter for revenue in each region during 2024',
    sql: bestPerGroup(
      'region',
      "date_trunc('quarter', created_at)",
      'sum(amount)',
      'DESC',
      `WHERE ${inYear(2024)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'lowest revenue month per category in 2025',
    sql: bestPerGroup(
      'category',
      "date_trunc('month', created_at)",
      'sum(amount)',
      'ASC',
      `WHERE ${inYear(2025)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'top 2 categories by number of orders in every region',
    sql: `SELECT region, category FROM (SELECT region, category, row_number() OVER (PARTITION BY region ORDER BY count(*) DESC) AS r
          FROM orders GROUP BY 1, 2) WHERE r <= 2`,
  },
  {
    class: 'top-per-group',
    ask: 'which product gets returned the most in each area?',
    sql: bestPerGroup('region', 'category', 'count(*)', 'DESC', "WHERE status = 'returned'"),
  },
  // --- combined shares ---
  {
    class: 'combined-share',
    ask: 'what % of revenue comes from our top 10% of customers?',
    check: 'answer',
    tolerance: 0.011,
    sql: topShare('sum(amount)', 'customer_id', 40),
  },
  {
    class: 'combined-share',
    ask: 'share of orders that were cancelled or returned',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE status IN ('cancelled', 'returned')) / count(*), 2) FROM orders`,
  },
  {
    class: 'combined-share',
    ask: 'What share of enterprise sales do the top 20 enterprise customers make up?',
    check: 'answer',
    tolerance: 0.011,
    sql: `WITH t AS (SELECT o.customer_id, sum(o.amount) AS v FROM ${withCustomers} WHERE c.segment = 'enterprise' GROUP BY 1)
          SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 20)) / (SELECT sum(v) FROM t), 2)`,
  },
  {
    class: 'combined-share',
    ask: 'how much of our revenue did the bottom 100 customers bring in, as a percentage?',
    check: 'answer',
    tolerance: 0.011,
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)
          SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v ASC LIMIT 100)) / (SELECT sum(v) FROM t), 2)`,
  },
  {
    class: 'combined-share',
    ask: 'electronics + furniture combined, what share of 2024 revenue?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE category IN ('electronics', 'furniture')) / sum(amount), 2) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'combined-share',
    ask: 'What portion of all orders did the 50 most active customers place?',
    check: 'answer',
    tolerance: 0.011,
    sql: topShare('count(*)', 'customer_id', 50),
  },
  // --- percentiles ---
  {
    class: 'percentile',
    ask: 'median spend per customer in 2024',
    tolerance: 0.011,
    sql: perCustomerQuantile('sum(amount)', 0.5, `WHERE ${inYear(2024)}`),
  },
  {
    class: 'percentile',
    ask: 'p90 order value for electronics',
    tolerance: 0.011,
    sql: "SELECT quantile_cont(amount, 0.9) FROM orders WHERE category = 'electronics'",
  },
  {
    class: 'percentile',
    ask: 'whats the median number of orders we get per month',
    tolerance: 0.011,
    sql: "SELECT median(v) FROM (SELECT date_trunc('month', created_at), count(*) AS v FROM orders GROUP BY 1)",
  },
  {
    class: 'percentile',
    ask: '75th percentile of total spend per customer',
    tolerance: 0.011,
    sql: perCustomerQuantile('sum(amount)', 0.75),
  },
  {
    class: 'percentile',
    ask: 'median order amount per customer segment',
    tolerance: 0.011,
    sql: `SELECT c.segment, median(o.amount) FROM ${withCustomers} GROUP BY 1`,
  },
  {
    class: 'percentile',
    ask: 'median number of cancelled orders per customer',
    tolerance: 0.51,
    sql: perCustomerQuantile('count(*)', 0.5, "WHERE status = 'cancelled'"),
  },
  {
    class: 'percentile',
    ask: "what's the median order value in my region?",
    user: WEST,
    tolerance: 0.011,
    sql: "SELECT median(amount) FROM orders WHERE region = 'west'",
  },
  // --- honest refusals in these classes: the data has nothing for the condition or the figure ---
  { class: 'per-entity', ask: 'how many customers opened more than 3 support tickets?', refuse: true },
  { class: 'percentile', ask: 'median delivery time by region', refuse: true },
  { class: 'top-per-group', ask: 'best performing sales rep in each region', refuse: true },
];
