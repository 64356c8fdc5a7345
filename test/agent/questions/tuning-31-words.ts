/**
 * Thirty-first tuning batch (issue 29), words: words the asker defines per customer or per period, which the model
 * does not name. A customer "lapsed" (no order in the data's last N months, or in a named stretch), "steady" (orders
 * in at least N distinct months or weeks of a year, or of the whole data), "whales" (the top N% of customers by
 * spend, counted per group, their share or spend), "order velocity" (orders or revenue per calendar day of a period),
 * a "repeat month" (a customer-month with more than one order, or N or more), a customer's share of spend from one
 * category against a threshold (or averaged over customers), and definitions combining a threshold with a group or a
 * period (a count in each of several years, spend growing between two years, a count per customer-quarter, a
 * category's share of each month, the top N% within each region). Some under row-level security (a west-region
 * analyst), two threads, and words that need data the model has not (refused).
 * Written on 2026-11-29 BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or
 * earlier tuning set).
 *
 * Before (on 8e9ebd52): 7 of 42 right on 1M and on the TEST sample, 2 confident wrong (order velocity per category
 * listed each day's orders; a thread's whale count per segment counted every customer), 33 wrong refusals.
 * After: 34 of 42, none wrong, on 1M and TEST. Still refused (wrong refusals, not wrong figures): velocity per
 * quarter of a year or per year, a velocity "measured as" after the word, a repeat month glossed without its
 * customer, a count in each of several years, customers active per quarter, a category's share of each month, the top
 * N% within each region.
 *
 * Clock: Wednesday 2027-11-24, after the data ends (orders 2023-01-01 to 2025-12-31, every customer orders in every
 * year, each order in its customer's region). "The last N months of the data" end on 2025-12-31. Order velocity
 * divides by the calendar days of the period (366 in 2024, 365 in 2025, 91 in Q1 2024). The top N% of customers is
 * the number of customers (of the group, under security of the region) times N / 100, ranked by spend. Percentages
 * are percent. References are written on the raw tables, each checked on both samples; no ranked cut falls inside a
 * tie on either sample.
 */
import { inYear, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_31_WORDS_NOW = '2027-11-24T15:20:00Z';

const and = (...parts: string[]) => parts.join(' AND ');
const PCT = { tolerance: 0.05 };
/** Customers (of customers `where` keeps) with no order on or after `from`, counted per `by` ('' for one count). */
const lapsed = (from: string, by = '', where = 'true') =>
  `SELECT ${by ? `c.${by}, ` : ''}count(*) FROM customers c
   WHERE ${where} AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.created_at >= '${from}')
   ${by ? 'GROUP BY 1' : ''}`;
/** Customers with `having` over the orders `where` keeps, counted per customers.`by`. */
const customersBy = (having: string, by: string, where = 'true') =>
  `SELECT c.${by}, count(*) FROM (SELECT customer_id FROM orders WHERE ${where} GROUP BY 1 HAVING ${having}) q
   JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** Customers with `having` over the orders `where` keeps, counted. */
const customers = (having: string, where = 'true') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${where} GROUP BY 1 HAVING ${having})`;
/** Each customer's spend (of the orders `where` keeps) ranked, the top `percent`% of customers kept (as `w`). */
const whales = (percent: number, where = 'true') =>
  `WITH s AS (SELECT customer_id, sum(amount) AS s FROM orders WHERE ${where} GROUP BY 1),
   r AS (SELECT customer_id, s, row_number() OVER (ORDER BY s DESC) AS rn FROM s),
   w AS (SELECT customer_id, s FROM r WHERE rn <= (SELECT count(*) FROM s) * ${percent} / 100)`;
/** Customer-months of the orders `where` keeps with `having`. */
const repeatMonths = (having: string, where = 'true') =>
  `SELECT customer_id, date_trunc('month', created_at) AS m FROM orders WHERE ${where} GROUP BY 1, 2 HAVING ${having}`;
/** Each customer's share in percent of the spend (of the orders `where` keeps) that came from `category`. */
const categoryShare = (category: string, where = 'true') =>
  `SELECT customer_id, 100.0 * coalesce(sum(amount) FILTER (WHERE category = '${category}'), 0) / sum(amount) AS v
   FROM orders WHERE ${where} GROUP BY 1`;

export const tuning31words: Tuning6Case[] = [
  // --- lapsed: no order in the data's last months, or in a named stretch ---
  {
    class: 'lapsed',
    ask: "A customer counts as lapsed if they haven't ordered in the last 3 months of the data. How many lapsed customers are there per region?",
    sql: lapsed('2025-10-01', 'region'),
  },
  {
    class: 'lapsed',
    ask: 'we say a customer has gone quiet when they placed nothing in November or December 2025. how many customers have gone quiet?',
    sql: lapsed('2025-11-01'),
  },
  {
    class: 'lapsed',
    ask: 'Lapsed = no purchase at all in the final two months of the data. What share of our customers are lapsed?',
    sql: `SELECT 100.0 * (${lapsed('2025-11-01')}) / (SELECT count(*) FROM customers)`,
    ...PCT,
  },
  {
    class: 'lapsed',
    ask: 'Treat anyone with zero orders in Q4 2025 as lapsed. Give me the number of lapsed customers in each segment.',
    sql: lapsed('2025-10-01', 'segment'),
  },
  {
    class: 'lapsed',
    ask: 'how many of my customers are dormant? dormant means no order during the last 4 months of the data',
    user: WEST,
    sql: lapsed('2025-09-01', '', "c.region = 'west'"),
  },
  {
    class: 'lapsed',
    ask: 'A churned customer is one whose most recent order was before July 2025. How many churned customers do we have?',
    sql: lapsed('2025-07-01'),
  },
  // --- steady: orders in at least N distinct months (or weeks) ---
  {
    class: 'steady',
    ask: 'A steady customer is someone who ordered in at least 10 different months of 2024. How many steady customers do we have?',
    sql: customers("count(DISTINCT date_trunc('month', created_at)) >= 10", inYear(2024)),
  },
  {
    class: 'steady',
    ask: 'call a customer consistent if they bought something in 11 or more of the 12 months of 2025. how many consistent customers per region?',
    sql: customersBy("count(DISTINCT date_trunc('month', created_at)) >= 11", 'region', inYear(2025)),
  },
  {
    class: 'steady',
    ask: 'Steady means placing orders in at least 30 of the 36 months of data. How many steady customers are in each segment?',
    sql: customersBy("count(DISTINCT date_trunc('month', created_at)) >= 30", 'segment'),
  },
  {
    class: 'steady',
    ask: 'What percentage of customers were steady in 2023, steady meaning they ordered in 9 or more distinct months that year?',
    sql: `SELECT 100.0 * (${customers("count(DISTINCT date_trunc('month', created_at)) >= 9", inYear(2023))}) / (SELECT count(*) FROM customers)`,
    ...PCT,
  },
  {
    class: 'steady',
    ask: 'my always-on customers are the ones who ordered in every single month of 2024. how many do I have?',
    user: WEST,
    sql: customers(
      "count(DISTINCT date_trunc('month', created_at)) = 12",
      and("region = 'west'", inYear(2024)),
    ),
  },
  {
    class: 'steady',
    ask: 'An engaged customer placed orders in at least 15 different weeks of 2025. How many engaged customers are there?',
    sql: customers("count(DISTINCT date_trunc('week', created_at)) >= 15", inYear(2025)),
  },
  // --- whales: the top N% of customers by spend ---
  {
    class: 'whales',
    ask: 'Our whales are the 5% of customers who have spent the most overall. Break the whale count down by region.',
    sql: `${whales(5)} SELECT c.region, count(*) FROM w JOIN customers c ON c.id = w.customer_id GROUP BY 1`,
  },
  {
    class: 'whales',
    ask: 'What share of total revenue comes from whales, i.e. the top 10% of customers by lifetime spend?',
    sql: `${whales(10)} SELECT 100.0 * (SELECT sum(s) FROM w) / (SELECT sum(s) FROM s)`,
    ...PCT,
  },
  {
    class: 'whales',
    ask: 'the top 2% of customers by 2024 spend count as whales. how much did the whales spend in 2024, all together?',
    sql: `${whales(2, inYear(2024))} SELECT sum(s) FROM w`,
  },
  {
    class: 'whales',
    ask: 'If a whale is a customer in the top 5% by total spend, what is the average lifetime spend of a whale?',
    sql: `${whales(5)} SELECT avg(s) FROM w`,
    tolerance: 0.01,
  },
  {
    class: 'whales',
    ask: 'my whales are my top 10% of customers by lifetime spend. what share of my revenue do they account for?',
    user: WEST,
    sql: `${whales(10, "region = 'west'")} SELECT 100.0 * (SELECT sum(s) FROM w) / (SELECT sum(s) FROM s)`,
    ...PCT,
  },
  {
    class: 'whales',
    ask: 'Define whales as the top 5% of customers by spend across all three years. What percentage of whales are enterprise customers?',
    sql: `${whales(5)} SELECT 100.0 * count(*) FILTER (WHERE c.segment = 'enterprise') / count(*) FROM w JOIN customers c ON c.id = w.customer_id`,
    ...PCT,
  },
  // --- order velocity: per calendar day of a period ---
  {
    class: 'velocity',
    ask: 'Order velocity = orders per day. What was our order velocity in 2025?',
    sql: `SELECT count(*) / 365.0 FROM orders WHERE ${inYear(2025)}`,
    tolerance: 0.01,
  },
  {
    class: 'velocity',
    ask: 'order velocity (the number of orders per day) for each category in Q1 2024?',
    sql: `SELECT category, count(*) / 91.0 FROM orders WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01' GROUP BY 1`,
    tolerance: 0.01,
  },
  {
    class: 'velocity',
    ask: 'Define order velocity as the average number of orders per calendar day. Which quarter of 2025 had the highest order velocity, and what was it?',
    sql: `SELECT date_trunc('quarter', created_at) AS q,
          count(*) / (date_diff('day', date_trunc('quarter', created_at), date_trunc('quarter', created_at) + INTERVAL 3 MONTH)) AS v
          FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY v DESC LIMIT 1`,
    tolerance: 0.01,
  },
  {
    class: 'velocity',
    ask: 'what was my order velocity in December 2025, measured as orders per day?',
    user: WEST,
    sql: `SELECT count(*) / 31.0 FROM orders WHERE region = 'west' AND created_at >= '2025-12-01' AND created_at < '2026-01-01'`,
    tolerance: 0.01,
  },
  {
    class: 'velocity',
    ask: 'Revenue velocity is revenue per day. What was the revenue velocity in each year?',
    sql: `SELECT year(created_at), sum(amount) / (CASE WHEN year(created_at) = 2024 THEN 366 ELSE 365 END) FROM orders GROUP BY 1`,
    tolerance: 0.01,
  },
  // --- repeat months: a customer-month with more than one order ---
  {
    class: 'repeat-month',
    ask: 'A repeat month is a month in which a customer ordered more than once. How many repeat months were there in 2025 across all customers?',
    sql: `SELECT count(*) FROM (${repeatMonths('count(*) > 1', inYear(2025))})`,
  },
  {
    class: 'repeat-month',
    ask: 'call a customer-month a repeat month when that customer placed at least two orders in it. number of repeat months per region in 2024?',
    sql: `SELECT c.region, count(*) FROM (${repeatMonths('count(*) >= 2', inYear(2024))}) r JOIN customers c ON c.id = r.customer_id GROUP BY 1`,
  },
  {
    class: 'repeat-month',
    ask: 'How many customers had at least 6 repeat months in 2024? A repeat month is a calendar month with 2+ orders from the same customer.',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM (${repeatMonths('count(*) >= 2', inYear(2024))}) GROUP BY 1 HAVING count(*) >= 6)`,
  },
  {
    class: 'repeat-month',
    ask: 'repeat month = a month with 3 or more orders by one customer. how many repeat months did my customers rack up over all three years?',
    user: WEST,
    sql: `SELECT count(*) FROM (${repeatMonths('count(*) >= 3', "region = 'west'")})`,
  },
  {
    class: 'repeat-month',
    ask: 'Out of all the months in 2023 in which a customer placed an order, what percentage were repeat months (more than one order that month)?',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE n > 1) / count(*) FROM (SELECT customer_id, date_trunc('month', created_at) AS m, count(*) AS n FROM orders WHERE ${inYear(2023)} GROUP BY 1, 2)`,
    ...PCT,
  },
  // --- a customer's share of spend from one category ---
  {
    class: 'category-share',
    ask: "A customer's furniture share is the part of their lifetime revenue that came from furniture. How many customers have a furniture share above 30%?",
    sql: `SELECT count(*) FROM (${categoryShare('furniture')}) WHERE v > 30`,
  },
  {
    class: 'category-share',
    ask: 'Call a customer electronics-heavy if over 35% of their 2024 spend went to electronics. How many electronics-heavy customers per segment?',
    sql: `SELECT c.segment, count(*) FROM (${categoryShare('electronics', inYear(2024))}) s JOIN customers c ON c.id = s.customer_id WHERE s.v > 35 GROUP BY 1`,
  },
  {
    class: 'category-share',
    ask: "On average, what share of a customer's total spend goes to clothing? Work it out per customer, then average.",
    sql: `SELECT avg(v) FROM (${categoryShare('clothing')})`,
    ...PCT,
  },
  {
    class: 'category-share',
    ask: 'how many of my customers get less than 10% of their spending from toys?',
    user: WEST,
    sql: `SELECT count(*) FROM (${categoryShare('toys', "region = 'west'")}) WHERE v < 10`,
  },
  // --- a threshold combined with a group or a period ---
  {
    class: 'combined',
    ask: 'A core customer placed at least 15 orders in each of 2023, 2024 and 2025. How many core customers does each region have?',
    sql: customersBy(
      'count(*) FILTER (WHERE year(created_at) = 2023) >= 15 AND count(*) FILTER (WHERE year(created_at) = 2024) >= 15 AND count(*) FILTER (WHERE year(created_at) = 2025) >= 15',
      'region',
    ),
  },
  {
    class: 'combined',
    ask: 'Call a customer growing if they spent more in 2025 than in 2024. How many growing customers are in each segment?',
    sql: customersBy(
      'sum(amount) FILTER (WHERE year(created_at) = 2025) > sum(amount) FILTER (WHERE year(created_at) = 2024)',
      'segment',
    ),
  },
  {
    class: 'combined',
    ask: 'a customer is active in a quarter if they ordered at least 5 times in it. how many active customers did each quarter of 2025 have?',
    sql: `SELECT q, count(*) FROM (SELECT customer_id, date_trunc('quarter', created_at) AS q FROM orders WHERE ${inYear(2025)} GROUP BY 1, 2 HAVING count(*) >= 5) GROUP BY 1`,
  },
  {
    class: 'combined',
    ask: "A strong month for a category is a month where that category took more than a fifth (20%) of that month's revenue. How many strong months did each category have in 2025?",
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS m, category, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1, 2),
          t AS (SELECT m, category, 100.0 * v / sum(v) OVER (PARTITION BY m) AS s FROM m)
          SELECT category, count(*) FILTER (WHERE s > 20) FROM t GROUP BY 1`,
  },
  {
    class: 'combined',
    ask: 'A regional champion is a customer in the top 5% of their own region by 2025 spend. What was the total 2025 spend of the regional champions in each region?',
    sql: `WITH s AS (SELECT customer_id, region, sum(amount) AS s FROM orders WHERE ${inYear(2025)} GROUP BY 1, 2),
          r AS (SELECT region, s, row_number() OVER (PARTITION BY region ORDER BY s DESC) AS rn, count(*) OVER (PARTITION BY region) AS n FROM s)
          SELECT region, sum(s) FROM r WHERE rn <= n * 5 / 100 GROUP BY 1`,
  },
  // --- threads ---
  {
    class: 'thread',
    ask: [
      'whales are the top 5% of customers by lifetime spend. how many whales are there?',
      'and how many in each segment?',
    ],
    sql: `${whales(5)} SELECT c.segment, count(*) FROM w JOIN customers c ON c.id = w.customer_id GROUP BY 1`,
  },
  {
    class: 'thread',
    ask: [
      'Say a customer is lapsed if they made no purchase in the final 3 months of the data. How many lapsed customers do we have?',
      'broken down by segment?',
    ],
    sql: lapsed('2025-10-01', 'segment'),
  },
  // --- the word needs data the model has not: refused ---
  {
    class: 'word-refuse',
    ask: "A lapsed subscriber is one whose subscription wasn't renewed. How many lapsed subscribers do we have?",
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: 'whales are customers with a credit limit above $50,000. how many whales per region?',
    refuse: true,
  },
  {
    class: 'word-refuse',
    ask: 'order velocity is orders per site visit. what was our order velocity in 2025?',
    refuse: true,
  },
];
