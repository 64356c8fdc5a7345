/**
 * The lead's probes of the session of 2026-11-29 (second of that day, issue 29), in the lead's own words, written
 * before the changes they tune: one quarter's share of each year's revenue (the share was of the quarter's
 * revenue summed over the years: confidently wrong), a figure of two statuses "in dollars" (a difference of order
 * counts: confidently wrong), one figure minus another defined first and used after ("we define net revenue as
 * completed revenue minus returned revenue. what was net revenue in 2024?": refused), and a share of a year's
 * revenue from customers counted by their orders "ever" (counted within the year: confidently wrong), bounds on an
 * amount negated or joined by "but" ("no more than $40" was read as over $40: confidently wrong), "≥", "(fiscal =
 * calendar)", a count that is 0 by the query's own filter, a signup cohort broken down "by year" (was by its one
 * signup year: confidently wrong), the mean or median of each period's months ("avg monthly revenue in 2024 vs
 * 2025": refused), "was revenue higher in H1 2025 or H2 2025" (refused) and a comparison "in % terms" (was a
 * return rate: confidently wrong); with neighbours that were already right.
 * Scored in the eval CLI (1,000,000-order sample): 5 of 28 right before, on 2777ec4 (9 confidently wrong); 24 of
 * 28, none wrong, after (4 refused: a condition of all time beside one year's figure, the count glossed with its
 * own condition, the signup cohort by the year of its orders).
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_PROBED_NOW = '2026-08-27T10:00:00Z';

/** Each year's share of its own revenue that fell in quarter `q`, in percent. */
const quarterOfYear = (q: number) =>
  `SELECT year(created_at) AS y, round(100.0 * sum(amount) FILTER (WHERE quarter(created_at) = ${q}) / sum(amount), 2)
   FROM orders GROUP BY 1 ORDER BY 1`;

/** Completed amounts minus returned amounts (or counts with `count`), per `by` when given. */
const net = (year: number, by = '', what = 'amount', minus = 'returned') => {
  const value = (status: string) =>
    what === 'count'
      ? `count(*) FILTER (WHERE status = '${status}')`
      : `sum(amount) FILTER (WHERE status = '${status}')`;
  return by
    ? `SELECT ${by}, ${value('completed')} - ${value(minus)} FROM ${withCustomers} WHERE ${inYear(year, 'o.created_at')} GROUP BY 1 ORDER BY 1`
    : `SELECT ${value('completed')} - ${value(minus)} FROM orders WHERE ${inYear(year)}`;
};

export const tuning26probed: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'combined-shares',
    ask: "what share of each year's revenue came in Q1?",
    sql: quarterOfYear(1),
  },
  {
    class: 'combined-shares',
    ask: 'what fraction of annual revenue does Q4 bring in, per year?',
    sql: quarterOfYear(4),
  },
  {
    class: 'combined-shares',
    ask: "each year's Q3 as a % of that year's total revenue",
    sql: quarterOfYear(3),
  },
  {
    // The quarter scopes the whole: each year's share of all Q1 revenue.
    class: 'combined-shares',
    ask: 'what share of all Q1 revenue came from each year?',
    sql: `SELECT year(created_at), round(100.0 * sum(amount) / (SELECT sum(amount) FROM orders WHERE quarter(created_at) = 1), 2)
      FROM orders WHERE quarter(created_at) = 1 GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'unknown-words',
    ask: 'net sales (completed orders minus returns, in dollars) by region for 2025',
    sql: net(2025, 'c.region'),
  },
  {
    class: 'unknown-words',
    ask: 'we define net revenue as completed revenue minus returned revenue. what was net revenue in 2024?',
    sql: net(2024),
  },
  {
    class: 'unknown-words',
    ask: 'net revenue in 2024, where net = completed $ minus returned $',
    sql: net(2024),
  },
  {
    class: 'unknown-words',
    ask: 'define net orders as completed orders minus cancelled orders. net orders by segment in 2023?',
    sql: net(2023, 'c.segment', 'count', 'cancelled'),
  },
  {
    class: 'unknown-words',
    ask: 'I define net sales as completed sales minus returned sales; give me net sales per quarter of 2025',
    sql: `SELECT date_trunc('quarter', created_at), sum(amount) FILTER (WHERE status = 'completed') - sum(amount) FILTER (WHERE status = 'returned')
      FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Already right: the counts when no money is said.
    class: 'unknown-words',
    ask: 'completed orders minus returned orders in 2025',
    sql: net(2025, '', 'count'),
  },
  {
    // The 60 orders are of all time, the revenue 2025's.
    class: 'counts-per-entity',
    ask: "revenue share from customers who've placed 60 or more orders ever, 2025 revenue only",
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE customer_id IN (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) >= 60))
      / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'counts-per-entity',
    ask: 'share of 2025 revenue from customers who ever placed 50+ orders',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE customer_id IN (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) >= 50))
      / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Already right.
    class: 'cohorts',
    ask: 'how many customers ordered in every quarter of 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING count(DISTINCT quarter(created_at)) = 4)`,
  },
  {
    // Already right.
    class: 'cohorts',
    ask: 'what share of the customers who bought furniture in Q1 2024 bought furniture again in Q1 2025?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE customer_id IN (SELECT customer_id FROM orders WHERE category = 'furniture'
      AND created_at >= '2025-01-01' AND created_at < '2025-04-01')) / count(*), 2) FROM (SELECT DISTINCT customer_id FROM orders
      WHERE category = 'furniture' AND created_at >= '2024-01-01' AND created_at < '2024-04-01')`,
  },
  {
    // "no more than" is at most, never "more than" with its "no" dropped.
    class: 'wording',
    ask: 'how many orders over $100 but no more than $500 in Q2 2025',
    sql: `SELECT count(*) FROM orders WHERE amount > 100 AND amount <= 500 AND created_at >= '2025-04-01' AND created_at < '2025-07-01'`,
  },
  {
    class: 'wording',
    ask: 'count of 2024 orders not over $50',
    sql: `SELECT count(*) FROM orders WHERE amount <= 50 AND ${inYear(2024)}`,
  },
  {
    class: 'wording',
    ask: 'how many orders were $500 or less but more than $100 in Q2 2025',
    sql: `SELECT count(*) FROM orders WHERE amount > 100 AND amount <= 500 AND created_at >= '2025-04-01' AND created_at < '2025-07-01'`,
  },
  {
    class: 'wording',
    ask: 'how many orders over $200 and $800 or less in Q3 2024',
    sql: `SELECT count(*) FROM orders WHERE amount > 200 AND amount <= 800 AND created_at >= '2024-07-01' AND created_at < '2024-10-01'`,
  },
  {
    class: 'counts-per-entity',
    ask: 'customers with no fewer than 10 orders in 2025, how many',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING count(*) >= 10)`,
  },
  {
    class: 'wording',
    ask: 'revenue by segment for FY2024 (our fiscal year is the calendar year)',
    sql: `SELECT c.segment, sum(o.amount) FROM ${withCustomers} WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1 ORDER BY 1`,
  },
  {
    // The gloss restates the condition: customers with 2025 orders, every one completed.
    class: 'counts-per-entity',
    ask: 'number of customers whose orders were all completed (no returns or cancellations) in 2025',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING count(*) FILTER (WHERE status <> 'completed') = 0)`,
  },
  {
    // Was read as over $40 (the "no" dropped).
    class: 'wording',
    ask: 'how many 2025 orders were no more than $40?',
    sql: `SELECT count(*) FROM orders WHERE amount <= 40 AND ${inYear(2025)}`,
  },
  {
    // The years are the orders': a signup cohort broken down by the year of its orders (was one signup year).
    class: 'cohorts',
    ask: 'revenue from customers who signed up in the first half of 2022, by year',
    sql: `SELECT year(o.created_at), sum(o.amount) FROM ${withCustomers} WHERE c.created_at >= '2022-01-01' AND c.created_at < '2022-07-01'
      GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'wording',
    ask: 'How many cust. had ≥ 3 cancelled orders in 2024?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE status = 'cancelled' AND ${inYear(2024)} GROUP BY 1 HAVING count(*) >= 3)`,
  },
  {
    class: 'period-over-period',
    ask: 'avg monthly revenue in 2024 vs 2025',
    sql: `SELECT year(m), avg(v) FROM (SELECT date_trunc('month', created_at) AS m, sum(amount) AS v FROM orders
      WHERE created_at >= '2024-01-01' AND created_at < '2026-01-01' GROUP BY 1) GROUP BY 1 ORDER BY 1`,
    tolerance: 0.01,
  },
  {
    class: 'period-over-period',
    ask: 'median monthly order count, H1 2024 vs H1 2025',
    sql: `SELECT 'H1 ' || year(m), median(v) FROM (SELECT date_trunc('month', created_at) AS m, count(*) AS v FROM orders
      WHERE (created_at >= '2024-01-01' AND created_at < '2024-07-01') OR (created_at >= '2025-01-01' AND created_at < '2025-07-01')
      GROUP BY 1) GROUP BY 1 ORDER BY 1`,
    tolerance: 0.01,
  },
  {
    class: 'period-over-period',
    ask: 'was revenue higher in H1 2025 or H2 2025, and by how much',
    sql: `SELECT CASE WHEN month(created_at) <= 6 THEN 'H1 2025' ELSE 'H2 2025' END, sum(amount) FROM orders
      WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'how did returns in Q2 2025 compare with Q2 2024, in % terms?',
    sql: `SELECT round(100.0 * (count(*) FILTER (WHERE created_at >= '2025-04-01' AND created_at < '2025-07-01')
      / count(*) FILTER (WHERE created_at >= '2024-04-01' AND created_at < '2024-07-01') - 1), 2) FROM orders WHERE status = 'returned'`,
  },
];
