/**
 * The lead's probes of the session of 2026-11-29 (10:21-13:21 UTC; issue 29), in the lead's own words, written
 * before the changes they tune, across the issue's classes (helpers took asker-defined rates, side-by-side
 * comparisons, and gaps, spans and top-slice shares in tuning-28-defined/sideby/spans).
 * Scored in the eval CLI (1,000,000-order sample): 16 of 23 right before, on 2ddd4c6, none wrong (six refusals: "the
 * most customers with at least 10 returns" read as two rankings, three definitions said another way, a share of all
 * customers after a count of one kind of order; a west user's "across all regions" given without saying only the west
 * shows); 23 of 23 after, none wrong. Seven more probed after that change (c243f05): 5 right, 2 confidently wrong
 * (an average order value "by first-order month" or "by first purchase quarter" answered by each order's own month:
 * the first order's words dropped); 30 of 30 after, none wrong (cohort-reader.ts: an average order value of a
 * cohort; cohort-each.ts: a figure not read beside a first or last order's period is refused, never given by month).
 * Two more (on 817370d): "excluding toys and cancelled orders" kept the second value (confidently wrong, both); 32 of
 * 32 after (members.ts: values listed after a word of exclusion are excluded too). One more: "customers in the west
 * with fewer than 3 returned orders" left out those with none (confidently wrong); now refused (second-order.ts), 32 of
 * 33, none wrong. One more: "how many of my customers have placed 3 or more orders in a single month?" (refused over
 * "have" and "my"); 33 of 34 after, none wrong. Two more: "revenue per customer: 10th vs 90th percentile" (refused) and
 * "revenue per customer vs order count per customer by segment" (the order count dropped: confidently wrong); 34 of 36
 * after, none wrong (the second refused: two figures per customer at once). Two more: "how many customers did we
 * have in 2024?" (0: confidently wrong) and the first half of 2026 (the signup dates' range given, partly) were read as
 * signups in the period; 36 of 38 after,
 * none wrong (understand.ts: a period on a signup date, no start word said, is the worse reading).
 *
 * Clock: Friday 2027-08-20, twenty months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, LAST_DAY, perCustomer, type SecondOrderCase, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_28_PROBED_NOW = '2027-08-20T10:00:00Z';

export const tuning28probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'counts-per-entity',
    ask: 'how many customers have spent more than 25k with us in total?',
    sql: perCustomer('sum(amount) > 25000'),
  },
  {
    class: 'counts-per-entity',
    ask: 'which segment has the most customers with at least 10 returned orders?',
    sql: `SELECT segment, count(*) FROM (SELECT c.segment, o.customer_id FROM ${withCustomers} WHERE o.status = 'returned' GROUP BY 1, 2 HAVING count(*) >= 10) GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'number of customers per region who never had an order cancelled',
    sql: `SELECT c.region, count(*) FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.status = 'cancelled') GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers have at most 2 cancelled orders?',
    sql: `SELECT count(*) FROM customers c WHERE (SELECT count(*) FROM orders o WHERE o.customer_id = c.id AND o.status = 'cancelled') <= 2`,
  },
  {
    class: 'period-over-period',
    ask: 'which category grew the most between 2023 and 2024 in revenue?',
    sql: `SELECT category, round(100.0 * (sum(amount) FILTER (WHERE year(created_at) = 2024) / sum(amount) FILTER (WHERE year(created_at) = 2023) - 1), 2) AS g FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    ask: 'revenue for each quarter of 2025 compared to the same quarter of 2024',
    sql: `WITH q AS (SELECT date_trunc('quarter', created_at) AS p, sum(amount) AS v FROM orders GROUP BY 1)
      SELECT p, (SELECT v FROM q AS b WHERE b.p = q.p - INTERVAL 1 YEAR), v FROM q WHERE year(p) = 2025`,
  },
  {
    class: 'cohorts',
    ask: 'for customers who signed up in March 2022, what was their total revenue each year?',
    sql: `SELECT year(o.created_at), sum(o.amount) FROM ${withCustomers} WHERE c.created_at >= '2022-03-01' AND c.created_at < '2022-04-01' GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'for each signup month in 2022, average number of orders per customer',
    sql: `SELECT date_trunc('month', c.created_at), count(o.id) * 1.0 / count(DISTINCT c.id) FROM customers c JOIN orders o ON o.customer_id = c.id WHERE year(c.created_at) = 2022 GROUP BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'top product category in each region by number of orders',
    sql: `SELECT grp, item, v FROM (SELECT c.region AS grp, o.category AS item, count(*) AS v, rank() OVER (PARTITION BY c.region ORDER BY count(*) DESC) AS r FROM ${withCustomers} GROUP BY 1, 2) WHERE r = 1`,
  },
  {
    class: 'top-per-group',
    ask: 'which month had the highest revenue in each year?',
    sql: `SELECT y, m, v FROM (SELECT year(created_at) AS y, date_trunc('month', created_at) AS m, sum(amount) AS v, rank() OVER (PARTITION BY year(created_at) ORDER BY sum(amount) DESC) AS r FROM orders GROUP BY 1, 2) WHERE r = 1`,
  },
  {
    class: 'combined-shares',
    ask: 'what share of total revenue comes from the top 50 customers combined?',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1) SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT 50)) / (SELECT sum(v) FROM t), 2)`,
  },
  {
    class: 'combined-shares',
    ask: 'share of completed orders out of all orders in each region',
    sql: `SELECT c.region, round(100.0 * count(*) FILTER (WHERE o.status = 'completed') / count(*), 2) FROM ${withCustomers} GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: 'median order amount by segment',
    sql: `SELECT c.segment, quantile_cont(o.amount, 0.5) FROM ${withCustomers} GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: "what's the 75th percentile of customer lifetime spend?",
    sql: 'SELECT quantile_cont(v, 0.75) FROM (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'past-the-data',
    ask: 'how much revenue did we make last month?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE created_at >= '2025-12-01'`,
  },
  {
    class: 'unknown-words',
    ask: 'call a whale any customer who spent over 40k in their lifetime. how many whales are there per segment?',
    sql: `SELECT segment, count(*) FROM (SELECT c.segment, o.customer_id FROM ${withCustomers} GROUP BY 1, 2 HAVING sum(o.amount) > 40000) GROUP BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'a loyal customer has ordered in every quarter of 2024. how many loyal customers do we have?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2024)} GROUP BY 1 HAVING count(DISTINCT quarter(created_at)) = 4)`,
  },
  {
    class: 'unknown-words',
    ask: 'define big ticket as an order above 800 dollars. what fraction of 2025 revenue came from big ticket orders?',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE amount > 800) / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'compare revenue across all regions in 2025',
    user: WEST,
    sql: `SELECT c.region, sum(o.amount) FROM ${withCustomers} WHERE c.region = 'west' AND ${inYear(2025, 'o.created_at')} GROUP BY 1`,
    says: /only west|west only|your access|can see/i,
  },
  {
    class: 'counts-per-entity',
    ask: ['how many customers ordered toys in 2024', 'and what share of all customers is that?'],
    check: 'answer',
    sql: `SELECT round(100.0 * count(DISTINCT customer_id) / (SELECT count(*) FROM customers), 2) FROM orders WHERE category = 'toys' AND ${inYear(2024)}`,
  },
  {
    class: 'counts-per-entity',
    ask: [
      'how many customers had a cancelled order in March 2025',
      'what fraction of our customers is that?',
    ],
    check: 'answer',
    sql: `SELECT round(100.0 * count(DISTINCT customer_id) / (SELECT count(*) FROM customers), 2) FROM orders WHERE status = 'cancelled' AND created_at >= '2025-03-01' AND created_at < '2025-04-01'`,
  },
  {
    class: 'cohorts',
    ask: 'average order value by first-order month',
    sql: `WITH f AS (SELECT customer_id, min(created_at) AS first_at FROM orders GROUP BY 1)
      SELECT date_trunc('month', f.first_at), sum(o.amount) / count(*) FROM orders o JOIN f USING (customer_id) GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'aov by first purchase quarter',
    sql: `WITH f AS (SELECT customer_id, min(created_at) AS first_at FROM orders GROUP BY 1)
      SELECT date_trunc('quarter', f.first_at), avg(o.amount) FROM orders o JOIN f USING (customer_id) GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: 'average order value of customers whose first order was in January 2023',
    sql: `WITH f AS (SELECT customer_id FROM orders GROUP BY 1 HAVING min(created_at) < '2023-02-01')
      SELECT avg(amount) FROM orders WHERE customer_id IN (SELECT customer_id FROM f)`,
  },
  {
    class: 'combined-shares',
    ask: 'what share of revenue came from weekend orders in 2024?',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE isodow(created_at) IN (6, 7)) / sum(amount), 2) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'combined-shares',
    ask: 'what % of revenue do the bottom 50% of customers bring in?',
    sql: `WITH t AS (SELECT customer_id, sum(amount) AS v, row_number() OVER (ORDER BY sum(amount)) AS r, count(*) OVER () AS n FROM orders GROUP BY 1)
      SELECT round(100.0 * sum(v) FILTER (WHERE r <= n * 0.5) / sum(v), 2) FROM t`,
  },
  {
    class: 'percentiles',
    ask: 'interquartile range of order amounts in 2025',
    check: 'answer',
    sql: `SELECT quantile_cont(amount, 0.75) - quantile_cont(amount, 0.25) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers placed more than 20 orders in 2024 but fewer than 15 in 2025?',
    check: 'answer',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) FILTER (WHERE ${inYear(2024)}) > 20 AND count(*) FILTER (WHERE ${inYear(2025)}) < 15)`,
  },
  {
    class: 'wording',
    ask: 'revenue in 2025 excluding toys and cancelled orders',
    sql: `SELECT sum(amount) FROM orders WHERE category <> 'toys' AND status <> 'cancelled' AND ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'revenue in 2025 excluding cancelled orders and toys',
    sql: `SELECT sum(amount) FROM orders WHERE category <> 'toys' AND status <> 'cancelled' AND ${inYear(2025)}`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers in the west had fewer than 3 returned orders?',
    sql: `SELECT count(*) FROM customers c WHERE c.region = 'west' AND (SELECT count(*) FROM orders o WHERE o.customer_id = c.id AND o.status = 'returned') < 3`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many of my customers have placed 3 or more orders in a single month?',
    user: WEST,
    check: 'answer',
    sql: `SELECT count(DISTINCT customer_id) FROM (SELECT o.customer_id FROM ${withCustomers} WHERE c.region = 'west' GROUP BY o.customer_id, date_trunc('month', o.created_at) HAVING count(*) >= 3)`,
  },
  {
    class: 'percentiles',
    ask: 'revenue per customer: 10th vs 90th percentile',
    sql: 'SELECT quantile_cont(v, 0.1), quantile_cont(v, 0.9) FROM (SELECT customer_id, sum(amount) AS v FROM orders GROUP BY 1)',
  },
  {
    class: 'percentiles',
    ask: 'revenue per customer vs order count per customer by segment',
    sql: `SELECT segment, avg(v), avg(n) FROM (SELECT c.segment, o.customer_id, sum(o.amount) AS v, count(*) AS n FROM ${withCustomers} GROUP BY 1, 2) GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'how many customers did we have in 2024?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'past-the-data',
    ask: 'how many customers did I have in the first half of 2026?',
    user: WEST,
    check: 'range',
    sql: `SELECT ${LAST_DAY}, 0`,
  },
  {
    class: 'out-of-scope',
    ask: 'which sales rep closed the most deals?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'what is the profit margin by category?',
    refuse: true,
  },
];
