/**
 * Twenty-second tuning batch (issue 29): measures defined or glossed in place, and ratios of two measures. A
 * definition behind a lead-in ("for the board pack: 'net sales' here means completed orders only. net sales in 2024
 * by region?"), a ratio of two dollar totals ("returned $ as a % of completed $"), a rate of one category with its
 * gloss and its change ("furniture cancel rate (cancelled furniture orders / all furniture orders): 2023 vs 2024, both
 * rates and the change in points"), basket breadth (the distinct categories each customer bought, averaged), a share
 * of a previous answer's people in a thread ("how many signed up in March 2022?" then "what % of them ordered in
 * December 2025?"), and a change of the average order value "between those two years" named earlier in the thread.
 * Some under row-level security (an analyst kept to the west region), and six that must still be refused (a profit,
 * a channel, stores, products, a newsletter, a loyalty tier). Written on 2026-11-28 BEFORE the planner change it
 * tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 7ad5a1e): 15 of 36 right (3 confident wrong: "how many different categories has a customer bought from" as
 * customers per category, "average" left out; "AOV change between those two years" as 2025 to 2026; "distinct
 * products per customer" as distinct categories), in the eval CLI. After: 27 of 36, none wrong (definitions.ts: a
 * definition behind a lead-in or of a sum; restated-glosses.ts: a rate's parts glossed; understand.ts: a value's rate;
 * phrases.ts: a change between the two named before, basket breadth; second-order.ts: no distinct products). Still
 * refused: ratios of two dollar totals ("returned $ as a % of completed $"), a definition of a value's rate
 * ("completed grocery orders / all grocery orders"), "each one bought", "returned orders per cancelled order".
 *
 * Clock: 2027-07-07, after the data ends (orders 2023-01-01 to 2025-12-31, 20,000 customers who all signed up in
 * 2022, each order in its customer's region). A percentage is to 0.006 of a point. References are written on the raw
 * tables, each checked against a second query written independently.
 */
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_22_MEASURES_NOW = '2027-07-07T09:00:00Z';

const year = (y: number) => inYear(y);
const quarter = (y: number, q: number) => {
  const from = `${y}-${String(3 * q - 2).padStart(2, '0')}-01`;
  const to = q === 4 ? `${y + 1}-01-01` : `${y}-${String(3 * q + 1).padStart(2, '0')}-01`;
  return between(from, to);
};
const month = (y: number, m: number) => {
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return between(`${y}-${String(m).padStart(2, '0')}-01`, next);
};
const and = (...parts: string[]) => parts.join(' AND ');
const PERCENT = { check: 'answer' as const, tolerance: 0.006 };
/** `part`'s dollars as a percent of `whole`'s dollars over the orders of `where` (one figure, or one per `by`). */
const dollarRatio = (part: string, whole: string, where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}100.0 * sum(amount) FILTER (WHERE ${part}) / sum(amount) FILTER (WHERE ${whole})
   FROM orders WHERE ${where}${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
/** The percent of the orders of `where` that meet `part`, in years a and b, side by side with the change in points. */
const rateChange = (part: string, where: string, [a, b]: [number, number], by = '') =>
  `WITH r AS (SELECT ${by ? `${by} AS k, ` : ''}year(created_at) AS y, 100.0 * count(*) FILTER (WHERE ${part}) / count(*) AS v
     FROM orders WHERE ${where} AND year(created_at) IN (${a}, ${b}) GROUP BY ${by ? '1, 2' : '1'})
   SELECT ${by ? 'k, ' : ''}round(max(v) FILTER (WHERE y = ${a}), 2), round(max(v) FILTER (WHERE y = ${b}), 2),
     round(max(v) FILTER (WHERE y = ${b}) - max(v) FILTER (WHERE y = ${a}), 2) FROM r${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
/** The distinct categories each customer bought in the orders of `where`, averaged over those customers. */
const breadth = (where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}avg(n) FROM (SELECT o.customer_id, ${by ? `c.${by}, ` : ''}count(DISTINCT o.category) AS n
     FROM orders o JOIN customers c ON o.customer_id = c.id WHERE ${where.replaceAll('created_at', 'o.created_at')}
     GROUP BY ${by ? '1, 2' : '1'})${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
/** Customers who signed up in [from, to). */
const signedUp = (from: string, to: string) =>
  `SELECT id FROM customers WHERE created_at >= '${from}' AND created_at < '${to}'`;
/** Of the customers who signed up in [from, to), the percent with an order that `where` keeps. */
const signupShare = (from: string, to: string, where: string) =>
  `SELECT 100.0 * count(*) FILTER (WHERE id IN (SELECT customer_id FROM orders WHERE ${where})) / count(*)
   FROM (${signedUp(from, to)})`;
/** The average order value of year b against year a, as a percent change. */
const aovGrowth = (a: number, b: number, where = 'true') =>
  `SELECT 100.0 * (avg(amount) FILTER (WHERE year(created_at) = ${b}) - avg(amount) FILTER (WHERE year(created_at) = ${a}))
   / avg(amount) FILTER (WHERE year(created_at) = ${a}) FROM orders WHERE ${where}`;

export const tuning22measures: (SecondOrderCase & Tuning6Case)[] = [
  // --- a definition behind a lead-in, then used ---
  {
    class: 'lead-in-definition',
    ask: "for the board pack: 'net sales' here means completed orders only. what were net sales in 2024 by region?",
    sql: `SELECT region, sum(amount) FROM orders WHERE status = 'completed' AND ${year(2024)} GROUP BY 1`,
  },
  {
    class: 'lead-in-definition',
    ask: 'context for my ops review - "clean" orders = orders that were neither returned nor cancelled. how many clean orders in Q2 2025?',
    sql: `SELECT count(*) FROM orders WHERE status NOT IN ('returned', 'cancelled') AND ${quarter(2025, 2)}`,
  },
  {
    class: 'lead-in-definition',
    ask: 'heads up, on our team "booked revenue" means revenue from completed orders only. booked revenue per month in 2023?',
    sql: `SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE status = 'completed' AND ${year(2023)} GROUP BY 1`,
  },
  {
    class: 'lead-in-definition',
    ask: "for the investor memo, by 'kept sales' I mean sales from completed orders. kept sales in the north in 2025?",
    sql: `SELECT sum(amount) FROM orders WHERE status = 'completed' AND region = 'north' AND ${year(2025)}`,
  },
  {
    class: 'lead-in-definition',
    ask: "for our monthly sync: 'big-box' orders, meaning orders of $600 or more. how many big-box orders by category in 2025?",
    sql: `SELECT category, count(*) FROM orders WHERE amount >= 600 AND ${year(2025)} GROUP BY 1`,
  },
  {
    class: 'lead-in-definition',
    ask: [
      "for my quarterly deck: 'solid' revenue = revenue from completed orders only",
      'what was solid revenue in Q4 2025?',
    ],
    sql: `SELECT sum(amount) FROM orders WHERE status = 'completed' AND ${quarter(2025, 4)}`,
  },
  // --- a ratio of two dollar totals ---
  {
    class: 'dollar-ratio',
    ask: 'refund ratio = returned dollars as a % of completed dollars. what was it in 2025?',
    ...PERCENT,
    sql: dollarRatio("status = 'returned'", "status = 'completed'", year(2025)),
  },
  {
    class: 'dollar-ratio',
    ask: 'cancelled $ as a percentage of completed $, for each year',
    sql: `SELECT year(created_at), 100.0 * sum(amount) FILTER (WHERE status = 'cancelled') / sum(amount) FILTER (WHERE status = 'completed')
          FROM orders GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'dollar-ratio',
    ask: 'per region, returned revenue divided by completed revenue in 2024, as a percent',
    sql: dollarRatio("status = 'returned'", "status = 'completed'", year(2024), 'region'),
  },
  {
    class: 'dollar-ratio',
    ask: 'electronics revenue as a % of furniture revenue in 2025',
    ...PERCENT,
    sql: dollarRatio("category = 'electronics'", "category = 'furniture'", year(2025)),
  },
  {
    class: 'dollar-ratio',
    ask: 'loss ratio: (returned + cancelled $) over all order $, by category, for 2023',
    sql: dollarRatio("status IN ('returned', 'cancelled')", 'true', year(2023), 'category'),
  },
  {
    class: 'dollar-ratio',
    ask: 'in my region, what were returned $ as a % of completed $ in Q3 2025?',
    user: WEST,
    ...PERCENT,
    sql: dollarRatio("status = 'returned'", "status = 'completed'", and("region = 'west'", quarter(2025, 3))),
  },
  // --- a rate of one category, glossed, and its change between two years ---
  {
    class: 'rate-change',
    ask: 'furniture cancel rate (cancelled furniture orders / all furniture orders): did it rise or fall from 2023 to 2024? show both rates and the change in points',
    sql: rateChange("status = 'cancelled'", "category = 'furniture'", [2023, 2024]),
  },
  {
    class: 'rate-change',
    ask: 'toys return rate, i.e. returned toys orders over all toys orders: 2024 vs 2025 and the difference in percentage points',
    sql: rateChange("status = 'returned'", "category = 'toys'", [2024, 2025]),
  },
  {
    class: 'rate-change',
    ask: 'clothing return rate (returned clothing orders as a share of all clothing orders) in 2025 by region',
    sql: `SELECT region, 100.0 * count(*) FILTER (WHERE status = 'returned') / count(*) FROM orders
          WHERE category = 'clothing' AND ${year(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'rate-change',
    ask: 'grocery completion rate = completed grocery orders / all grocery orders. how did it move between 2023 and 2025, in points?',
    sql: rateChange("status = 'completed'", "category = 'grocery'", [2023, 2025]),
  },
  {
    class: 'rate-change',
    ask: 'electronics cancel rate (cancelled ÷ all electronics orders) by region: 2024 against 2025, both rates and the pp change',
    sql: rateChange("status = 'cancelled'", "category = 'electronics'", [2024, 2025], 'region'),
  },
  // --- basket breadth: distinct categories per customer, averaged ---
  {
    class: 'breadth',
    ask: 'on average, how many different categories has a customer bought from?',
    sql: breadth('true'),
  },
  {
    class: 'breadth',
    ask: 'average count of distinct categories per customer in 2025, split by region',
    sql: breadth(year(2025), 'region'),
  },
  {
    class: 'breadth',
    ask: 'category breadth: for each customer, the number of distinct categories they ordered from in 2024; what is the mean across customers?',
    sql: breadth(year(2024)),
  },
  {
    class: 'breadth',
    ask: 'mean number of unique categories bought per customer, by segment',
    sql: breadth('true', 'segment'),
  },
  {
    class: 'breadth',
    ask: 'my customers: the average number of distinct categories each one bought in Q4 2025',
    user: WEST,
    sql: breadth(and("o.region = 'west'", quarter(2025, 4))),
  },
  // --- a share of a previous answer's people ---
  {
    class: 'thread-share',
    ask: ['how many customers signed up in March 2022?', 'what % of them bought something in Dec 2025?'],
    ...PERCENT,
    sql: signupShare('2022-03-01', '2022-04-01', month(2025, 12)),
  },
  {
    class: 'thread-share',
    ask: ['number of signups in Q4 2022', 'and what share of those customers ordered in November 2025?'],
    ...PERCENT,
    sql: signupShare('2022-10-01', '2023-01-01', month(2025, 11)),
  },
  {
    class: 'thread-share',
    ask: ['how many people signed up in January 2022?', 'how many of them placed an order in Q1 2025?'],
    sql: `SELECT count(*) FROM (${signedUp('2022-01-01', '2022-02-01')}) WHERE id IN (SELECT customer_id FROM orders WHERE ${quarter(2025, 1)})`,
  },
  // --- the average order value's change between two years named earlier ---
  {
    class: 'aov-change',
    ask: [
      'what was revenue in 2023 and in 2025?',
      'by what % did average order value change between those two years?',
    ],
    ...PERCENT,
    sql: aovGrowth(2023, 2025),
  },
  {
    class: 'aov-change',
    ask: ['orders in 2024 vs 2025', 'and how much did AOV change between those years, in percent?'],
    ...PERCENT,
    sql: aovGrowth(2024, 2025),
  },
  {
    class: 'aov-change',
    ask: [
      'compare east revenue in 2023 with 2024',
      'what about the average order value change between those two years (%)?',
    ],
    ...PERCENT,
    sql: aovGrowth(2023, 2024, "region = 'east'"),
  },
  // --- neighbours: a measure glossed in place ---
  {
    class: 'gloss',
    ask: 'average order value of completed orders only: 2025 vs 2024, change in %',
    ...PERCENT,
    sql: aovGrowth(2024, 2025, "status = 'completed'"),
  },
  {
    class: 'gloss',
    ask: 'returned orders per cancelled order in 2025 (returned count / cancelled count)',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 1.0 * count(*) FILTER (WHERE status = 'returned') / count(*) FILTER (WHERE status = 'cancelled') FROM orders WHERE ${year(2025)}`,
  },
  // --- not answerable: refused ---
  {
    class: 'refuse',
    ask: 'margin ratio, profit as a % of revenue, in 2025',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'returned $ as a % of completed $ by marketing channel',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: "for my QBR: 'core' sales meaning sales from our flagship stores only. core sales in 2025?",
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'average number of distinct products per customer in 2025',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: ['how many customers signed up in June 2022?', 'what % of them opened our newsletter?'],
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'average number of distinct categories per customer by loyalty tier',
    refuse: true,
  },
];
