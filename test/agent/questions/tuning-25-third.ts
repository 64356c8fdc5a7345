/**
 * The lead's third batch of probes of the session of 2026-11-29 (issue 29), in the lead's own words, on the same
 * clock as tuning-25-probed.ts, written after the second batch's fixes (01bb0ad) and before the changes they tune:
 * "what were my top 3 categories and their share" (the rows were not named), "seg" for a segment, the average
 * customer of one value against "the average consumer one", the most (fewest) rows of a kind "as a share of its
 * orders" per value, the values "where 2025 revenue was below 2024's"; with neighbours that were already right.
 * Scored in the eval CLI: 3 of 9 right before, on 01bb0ad (2 confidently wrong); 9 of 9, none wrong, after. Two
 * cases added after that (a value's customers' money ranked, as a whole and on average): both confidently wrong on
 * 4e64eaa. Three more after those (two shares of different figures at once, refused, and a whole restated as "all
 * 2025 revenue" after the part, confidently wrong, on cff9dc3).
 *
 * Clock: Wednesday 2027-05-26, seventeen months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_25_THIRD_NOW = '2027-05-26T10:00:00Z';

/** The value of `by` with the highest (or lowest) share of `status` among its orders in `year`, ties kept. */
const rateLeader = (by: string, status: string, year: number, direction: 'DESC' | 'ASC') =>
  `SELECT k, r FROM (SELECT ${by} AS k, round(100.0 * count(*) FILTER (WHERE status = '${status}') / count(*), 2) AS r,
     rank() OVER (ORDER BY count(*) FILTER (WHERE status = '${status}') / count(*) ${direction}) AS place
   FROM orders WHERE ${inYear(year)} GROUP BY 1) WHERE place = 1`;

export const tuning25third: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'combined-shares',
    ask: 'what were my top 3 categories in 2025 and their share of my revenue?',
    user: WEST,
    sql: `SELECT category, sum(amount) AS v FROM orders WHERE region = 'west' AND ${inYear(2025)} GROUP BY 1 ORDER BY v DESC LIMIT 3`,
  },
  {
    class: 'wording',
    ask: 'cancel rate by seg, 2024 v 2025',
    sql: `SELECT c.segment, year(o.created_at) AS y, round(100.0 * count(*) FILTER (WHERE o.status = 'cancelled') / count(*), 2)
      FROM ${withCustomers} WHERE o.created_at >= '2024-01-01' AND o.created_at < '2026-01-01' GROUP BY 1, 2`,
  },
  {
    class: 'wording',
    ask: 'rev by seg 2025',
    sql: `SELECT c.segment, sum(o.amount) FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'what did the average enterprise customer spend in 2024 vs the average consumer one?',
    sql: `SELECT segment, avg(v) FROM (SELECT c.segment, o.customer_id, sum(o.amount) AS v FROM ${withCustomers}
      WHERE c.segment IN ('enterprise', 'consumer') AND ${inYear(2024, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'which category had the most returns as a share of its orders in 2023?',
    sql: rateLeader('category', 'returned', 2023, 'DESC'),
  },
  {
    class: 'top-per-group',
    ask: 'which region had the fewest cancellations as a % of its orders in 2024?',
    sql: rateLeader('region', 'cancelled', 2024, 'ASC'),
  },
  {
    // Already right.
    class: 'top-per-group',
    ask: 'which category had the highest return rate in 2025?',
    sql: rateLeader('category', 'returned', 2025, 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: "list the regions where 2025 revenue was below 2024's",
    sql: `SELECT region, sum(amount) FILTER (WHERE ${inYear(2024)}) AS a, sum(amount) FILTER (WHERE ${inYear(2025)}) AS b
      FROM orders GROUP BY 1 HAVING b < a`,
  },
  {
    // Already right.
    class: 'period-over-period',
    ask: 'which regions had lower revenue in 2025 than in 2024?',
    sql: `SELECT region, sum(amount) FILTER (WHERE ${inYear(2024)}) AS a, sum(amount) FILTER (WHERE ${inYear(2025)}) AS b
      FROM orders GROUP BY 1 HAVING b < a`,
  },
  // Added after the batch was fixed (confidently wrong on 4e64eaa, and on the tree before the session).
  {
    class: 'top-per-group',
    // (Each region's spend per customer, as "which region's clients spend the most" reads: per-customer-rank.ts;
    // the leading region alone, as "which" asks (tuning-26-ranks: was every region ranked).)
    ask: "which region's customers spent the most in 2025?",
    sql: `SELECT region, v FROM (SELECT region, sum(amount) / count(DISTINCT customer_id) AS v,
        rank() OVER (ORDER BY sum(amount) / count(DISTINCT customer_id) DESC) AS r FROM orders WHERE ${inYear(2025)} GROUP BY 1) WHERE r = 1`,
  },
  {
    class: 'top-per-group',
    ask: "which segment's customers spent the most on average in 2025?",
    // (The leading segment alone, as "which" asks: tuning-26-ranks, was every segment ranked.)
    sql: `SELECT segment, avg(v) AS a FROM (SELECT c.segment, o.customer_id, sum(o.amount) AS v FROM ${withCustomers}
      WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1 ORDER BY a DESC LIMIT 1`,
  },
  // Added after that (on cff9dc3: the two shares refused, the restated whole confidently wrong).
  {
    class: 'combined-shares',
    ask: 'what share of 2025 orders were under $100, and what share of revenue?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE amount < 100) / count(*), 2),
      round(100.0 * sum(amount) FILTER (WHERE amount < 100) / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'combined-shares',
    ask: 'in 2025, what % of orders and what % of revenue came from the north?',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE region = 'north') / count(*), 2),
      round(100.0 * sum(amount) FILTER (WHERE region = 'north') / sum(amount), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'combined-shares',
    ask: 'share of revenue from furniture in the east in 2025, as a % of all 2025 revenue',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE category = 'furniture' AND region = 'east') / sum(amount), 2)
      FROM orders WHERE ${inYear(2025)}`,
  },
];
