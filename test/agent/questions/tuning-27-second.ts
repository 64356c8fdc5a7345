/**
 * The lead's second batch of probes of the session of 2026-11-29 (07:04-10:04 UTC; issue 29), in the lead's own
 * words, written before the changes they tune: harder shapes in every class.
 * Scored in the eval CLI (1,000,000-order sample): 25 of 34 right before, on 6755ab7 (3 confidently wrong: the three
 * cases added at the end, each written after a probe showed it); 33 of 34 after, none wrong; 34 of 34 once "a 'loyal' customer ordered in
 * every quarter of 2025" was read as a definition (definitions.ts).
 *
 * Clock: Wednesday 2027-01-27, as tuning-27-probed.ts.
 */
import {
  analyst,
  between,
  inYear,
  LAST_DAY,
  perCustomer,
  type SecondOrderCase,
  withCustomers,
} from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_SECOND_NOW = '2027-01-27T10:00:00Z';

const NORTH = analyst('north');
const EAST = analyst('east');

export const tuning27second: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered in 2023 but not in 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
      HAVING count(*) FILTER (WHERE ${inYear(2023)}) > 0 AND count(*) FILTER (WHERE ${inYear(2025)}) = 0)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers spent less in 2025 than in 2024?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
      HAVING coalesce(sum(amount) FILTER (WHERE ${inYear(2025)}), 0) < coalesce(sum(amount) FILTER (WHERE ${inYear(2024)}), 0))`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers have more returned orders than cancelled ones?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
      HAVING count(*) FILTER (WHERE status = 'returned') > count(*) FILTER (WHERE status = 'cancelled'))`,
  },
  {
    class: 'counts-per-entity',
    ask: 'per segment, how many customers had an average order above $550 in 2025?',
    sql: `SELECT c.segment, count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING avg(amount) > 550) t
      JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered from all five categories in Q1 2025?',
    sql: perCustomer('count(DISTINCT category) = 5', `WHERE ${between('2025-01-01', '2025-04-01')}`),
  },
  {
    class: 'top-per-group',
    ask: 'which month of 2024 had the highest revenue in each region?',
    sql: `SELECT region, arg_max(m, v), round(max(v), 2) FROM (SELECT region, date_trunc('month', created_at)::DATE AS m,
      sum(amount) AS v FROM orders WHERE ${inYear(2024)} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'the lowest-revenue category for each segment in 2025',
    sql: `SELECT segment, arg_min(category, v), round(min(v), 2) FROM (SELECT c.segment, o.category, sum(o.amount) AS v
      FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'for each category, the region with the highest AOV in 2025',
    sql: `SELECT category, arg_max(region, v), round(max(v), 2) FROM (SELECT category, region, avg(amount) AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'combined-shares',
    ask: 'what share of the customers who ordered in Q4 2025 placed just one order that quarter?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE n = 1) / count(*), 2) FROM (SELECT customer_id, count(*) AS n FROM orders
      WHERE ${between('2025-10-01', '2026-01-01')} GROUP BY 1)`,
  },
  {
    class: 'combined-shares',
    ask: 'what portion of 2025 revenue came from enterprise customers in the east and west combined?',
    sql: `SELECT round(100.0 * sum(o.amount) FILTER (WHERE c.segment = 'enterprise' AND c.region IN ('east', 'west')) / sum(o.amount), 2)
      FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')}`,
  },
  {
    class: 'combined-shares',
    ask: 'cancelled plus returned dollars as a share of 2023 revenue',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE status IN ('cancelled', 'returned')) / sum(amount), 2) FROM orders
      WHERE ${inYear(2023)}`,
  },
  {
    class: 'percentiles',
    ask: "what's the 90th percentile of customers' order counts in 2025?",
    sql: `SELECT quantile_cont(n::DOUBLE, 0.9) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
    tolerance: 0.5,
  },
  {
    class: 'percentiles',
    ask: 'in 2024, what amount did the top 5% of orders exceed?',
    sql: `SELECT round(quantile_cont(amount::DOUBLE, 0.95), 2) FROM orders WHERE ${inYear(2024)}`,
    tolerance: 0.02,
  },
  {
    class: 'percentiles',
    ask: "the median of customers' own average order value in 2025",
    sql: `SELECT round(quantile_cont(v, 0.5), 2) FROM (SELECT customer_id, avg(amount)::DOUBLE AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1)`,
    tolerance: 0.02,
  },
  {
    class: 'percentiles',
    ask: 'interquartile range of order amounts in the south, 2025',
    sql: `SELECT round(quantile_cont(amount::DOUBLE, 0.75) - quantile_cont(amount::DOUBLE, 0.25), 2) FROM orders
      WHERE region = 'south' AND ${inYear(2025)}`,
    tolerance: 0.02,
  },
  {
    class: 'past-the-data',
    ask: "how's this quarter looking vs last quarter for revenue?",
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'orders in H2 2025 and H1 2026',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2025-07-01', '2026-07-01')}`,
  },
  {
    class: 'past-the-data',
    ask: 'revenue in my region over the past six months',
    user: NORTH,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'wording',
    ask: 'total number of customers who ordered in 2025',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'revenue in 2024 in thousands of dollars',
    // The thousands themselves, whole: "$170,123 thousand" (the grader reads "thousand" as the scale).
    sql: `SELECT round(sum(amount), 2) FROM orders WHERE ${inYear(2024)}`,
    says: /\d{1,3},\d{3} thousand/,
  },
  {
    class: 'wording',
    ask: 'top 2 regions by number of orders in 2025',
    sql: `SELECT region, count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 2`,
    never: /in all/i,
  },
  {
    class: 'unknown-words',
    ask: 'lapsed = ordered in Q2 2025 but not in Q3 2025. How many lapsed customers per region?',
    sql: `SELECT c.region, count(*) FROM (SELECT customer_id FROM orders GROUP BY 1
      HAVING count(*) FILTER (WHERE ${between('2025-04-01', '2025-07-01')}) > 0
        AND count(*) FILTER (WHERE ${between('2025-07-01', '2025-10-01')}) = 0) t
      JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'unknown-words',
    ask: "call an order 'small' if it's under $50. How many small orders did we have in 2025?",
    sql: `SELECT count(*) FROM orders WHERE amount < 50 AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: "a 'loyal' customer ordered in every quarter of 2025; how many loyal customers do we have?",
    sql: perCustomer('count(DISTINCT quarter(created_at)) = 4', `WHERE ${inYear(2025)}`),
  },
  { class: 'out-of-scope', ask: 'profit margin by category for 2025', refuse: true },
  { class: 'out-of-scope', ask: 'what is our inventory turnover?', refuse: true },
  {
    class: 'out-of-scope',
    ask: 'which marketing channel brought in the most new customers?',
    refuse: true,
    user: EAST,
  },
  {
    class: 'top-per-group',
    ask: 'top 3 customers in my region by lifetime revenue',
    user: NORTH,
    sql: `SELECT c.name, round(sum(o.amount), 2) FROM ${withCustomers} WHERE c.region = 'north' GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
  },
  {
    class: 'period-over-period',
    ask: "my region's revenue in 2025 vs 2024, in %",
    user: EAST,
    check: 'answer',
    sql: `SELECT round(100.0 * (sum(amount) FILTER (WHERE ${inYear(2025)}) / sum(amount) FILTER (WHERE ${inYear(2024)}) - 1), 2)
      FROM orders WHERE region = 'east'`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers spent over $10k in 2024?',
    user: EAST,
    sql: `SELECT count(*) FROM (SELECT o.customer_id FROM ${withCustomers} WHERE c.region = 'east' AND ${inYear(2024, 'o.created_at')}
      GROUP BY 1 HAVING sum(o.amount) > 10000)`,
  },
  {
    class: 'combined-shares',
    ask: [
      'how many orders did we get in Q2 2025?',
      'how many of those were returned?',
      "as a % of the quarter's orders?",
    ],
    check: 'answer',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE status = 'returned') / count(*), 2) FROM orders
      WHERE ${between('2025-04-01', '2025-07-01')}`,
  },
  // Added after the first scoring, each measured on the code before its fix (probe): the three were confidently wrong.
  {
    // Was "For orders where status is cancelled, the number of orders is ..." over all the data.
    class: 'wording',
    ask: ['how many orders in March 2025?', 'how many were cancelled?'],
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${between('2025-03-01', '2025-04-01')}`,
  },
  {
    // Was each customer's median order amount listed.
    class: 'percentiles',
    ask: 'median AOV per customer in 2025',
    sql: `SELECT round(quantile_cont(v, 0.5), 2) FROM (SELECT customer_id, avg(amount)::DOUBLE AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1)`,
    tolerance: 0.02,
  },
  {
    class: 'percentiles',
    ask: 'median average order value per customer by region, 2025',
    sql: `SELECT c.region, round(quantile_cont(v, 0.5), 2) FROM (SELECT customer_id, avg(amount)::DOUBLE AS v FROM orders
      WHERE ${inYear(2025)} GROUP BY 1) t JOIN customers c ON c.id = t.customer_id GROUP BY 1 ORDER BY 1`,
    tolerance: 0.02,
  },
];
