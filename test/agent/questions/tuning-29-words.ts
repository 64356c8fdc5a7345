/**
 * Twenty-ninth tuning batch (issue 29): words the data model lacks, which the asker defines in the question (before
 * or after the ask, with "let's say", "we call", "by X I mean", "define X as", "X means", "treat X as", "X =") and
 * which must be computed as defined, or refused when not read in full. A customer gone quiet by their latest order
 * before a date (counted, per region or segment, or as a share), a ratio of two segments' or regions' figures per
 * year or per region, net revenue as completed minus returned (per region, quarter, year or segment), a day or month
 * against its year's or month's mean with a factor ("fewer orders than 95% of the year's daily average"), big-ticket
 * revenue (orders over $X) of a region or per segment, whales by a year's spend counted per region or per year, a
 * bounce rate as the returned-or-cancelled share of orders per category, region or month; some under row-level
 * security (a west-region analyst), a few threads, and four that must be refused (the word needs data the model has
 * not: subscriptions, logins, costs, shipments). Written on 2026-11-29 before the planner change that reads them, in
 * fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 37831088): 15 of 39 right, none wrong (24 wrong refusals), in the scorer on the 1M sample. After: 38 of
 * 39, none wrong (1M and TEST): definitions.ts (a customer's latest order said many ways, "2025-11-15" as a day,
 * "a customer has gone quiet if ...", "an order bounced if ...", "let's say", "treat X as", "X is A / B", "we call
 * customers with ... whales", "that year", a figure asked as "it" or by its last word, a word defined before used in
 * a definition), definition-meanings.ts ("share of orders that were returned or cancelled", "spent more than ... that
 * year", "with more than $13,000 of spend"), period-relative.ts (a percent of the mean, "at least", "falls below",
 * "average daily revenue"), filtered-measures.ts (a side's average order value; a ratio named, then spelled out in
 * brackets), reading.ts (a figure of two filtered measures asked again of another period), cohort-reader.ts ("and per
 * segment?" after a cohort). Still refused: whales counted per year ("at least $10k in a calendar year ... each
 * year"). One reference was fixed after the first scoring: "how many whales in my region" is one count (it had the
 * region beside it).
 *
 * Clock: Thursday 2027-11-18, after the data ends (orders 2023-01-01 to 2025-12-31; every customer has orders, each
 * order in its customer's region). References are written on the raw tables, each checked on both samples.
 */
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_29_WORDS_NOW = '2027-11-18T10:00:00Z';

const and = (...parts: string[]) => parts.join(' AND ');
const YEAR = 'year(created_at)';
/** Customers whose latest order (of the orders `where` keeps) is before `day`, counted per customers.`by`. */
const quietBy = (day: string, by: string, where = 'true') =>
  `SELECT c.${by}, count(*) FROM (SELECT customer_id FROM orders WHERE ${where} GROUP BY 1 HAVING max(created_at) < '${day}') q
   JOIN customers c ON c.id = q.customer_id GROUP BY 1`;
/** Customers whose latest order (of the orders `where` keeps) is before `day`, counted. */
const quiet = (day: string, where = 'true') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${where} GROUP BY 1 HAVING max(created_at) < '${day}')`;
/** `a`'s figure over `b`'s figure (rows of orders joined to customers as o, c), per `by`. */
const ratioBy = (figure: string, a: string, b: string, where: string, by: string) =>
  `SELECT ${by}, ${figure} FILTER (WHERE ${a}) / ${figure} FILTER (WHERE ${b})
   FROM orders o JOIN customers c ON c.id = o.customer_id WHERE ${where} GROUP BY 1`;
/** Completed minus returned order value, per `by`, of the orders `where` keeps. */
const net = (where: string, by: string) =>
  `SELECT ${by}, sum(amount) FILTER (WHERE status = 'completed') - sum(amount) FILTER (WHERE status = 'returned')
   FROM orders WHERE ${where} GROUP BY 1`;
/** Days of `where` whose `measure` is `op` `factor` times the mean of their `unit`'s days, counted. */
const relativeDays = (measure: string, op: string, factor: number, unit: 'year' | 'month', where: string) =>
  `WITH d AS (SELECT CAST(created_at AS DATE) AS day, ${measure} AS v FROM orders WHERE ${where} GROUP BY 1),
   s AS (SELECT date_trunc('${unit}', day) AS p, avg(v) AS mark FROM d GROUP BY 1)
   SELECT count(*) FROM d JOIN s ON date_trunc('${unit}', d.day) = s.p WHERE d.v ${op} ${factor} * s.mark`;
/** Customers whose spend in a year (of the orders `where` keeps) is `test`, counted per `by` (c. columns, or yr). */
const whales = (test: string, where: string, by: string) =>
  `SELECT ${by}, count(*) FROM (SELECT customer_id, ${YEAR} AS yr FROM orders WHERE ${where} GROUP BY 1, 2 HAVING ${test}) w
   JOIN customers c ON c.id = w.customer_id GROUP BY 1`;
/** The share in percent of orders returned or cancelled, per `by`, of the orders `where` keeps. */
const bounce = (where: string, by: string) =>
  `SELECT ${by}, 100.0 * count(*) FILTER (WHERE status IN ('returned', 'cancelled')) / count(*) FROM orders WHERE ${where} GROUP BY 1`;

export const tuning29words: (SecondOrderCase & Tuning6Case)[] = [
  // --- customers gone quiet: the latest order before a date ---
  {
    class: 'gone-quiet',
    ask: 'A customer has gone quiet if their most recent order was before 1 November 2025. How many customers have gone quiet in each region?',
    sql: quietBy('2025-11-01', 'region'),
  },
  {
    class: 'gone-quiet',
    ask: "let's say an account is dormant when its last purchase came before December 2025. how many dormant accounts do I have?",
    user: WEST,
    sql: quiet('2025-12-01', "region = 'west'"),
  },
  {
    class: 'gone-quiet',
    ask: 'lapsed customers by segment, where lapsed means the latest order they placed predates 2025-11-15',
    sql: quietBy('2025-11-15', 'segment'),
  },
  {
    class: 'gone-quiet',
    ask: 'what % of our customers are dormant? by dormant I mean their newest order is older than October 15th 2025',
    sql: `SELECT 100.0 * count(*) FILTER (WHERE m < '2025-10-15') / count(*) FROM (SELECT customer_id, max(created_at) AS m FROM orders GROUP BY 1)`,
  },
  {
    class: 'gone-quiet',
    ask: 'we call a customer lapsed when they have not ordered since the end of September 2025. lapsed customers per region?',
    sql: quietBy('2025-10-01', 'region'),
  },
  // --- a ratio of two segments' or regions' figures ---
  {
    class: 'two-group-ratio',
    ask: 'upsell ratio = enterprise AOV / consumer AOV. What was the upsell ratio in each year?',
    sql: ratioBy(
      'avg(o.amount)',
      "c.segment = 'enterprise'",
      "c.segment = 'consumer'",
      'true',
      'year(o.created_at)',
    ),
  },
  {
    class: 'two-group-ratio',
    ask: "define the west premium as the west's average order value divided by the east's. west premium per year?",
    sql: ratioBy('avg(o.amount)', "o.region = 'west'", "o.region = 'east'", 'true', 'year(o.created_at)'),
  },
  {
    class: 'two-group-ratio',
    ask: 'furniture-to-toys means furniture revenue divided by toys revenue. furniture-to-toys by region for 2024?',
    sql: ratioBy(
      'sum(o.amount)',
      "o.category = 'furniture'",
      "o.category = 'toys'",
      inYear(2024, 'o.created_at'),
      'o.region',
    ),
  },
  {
    class: 'two-group-ratio',
    ask: 'in my region, the enterprise to consumer revenue ratio per year (enterprise revenue / consumer revenue)',
    user: WEST,
    sql: ratioBy(
      'sum(o.amount)',
      "c.segment = 'enterprise'",
      "c.segment = 'consumer'",
      "o.region = 'west'",
      'year(o.created_at)',
    ),
  },
  {
    class: 'two-group-ratio',
    ask: 'Treat the order-size lift as consumer average order value over enterprise average order value. Show the lift for 2025 by category.',
    sql: ratioBy(
      'avg(o.amount)',
      "c.segment = 'consumer'",
      "c.segment = 'enterprise'",
      inYear(2025, 'o.created_at'),
      'o.category',
    ),
  },
  // --- net revenue: completed minus returned ---
  {
    class: 'net-revenue',
    ask: 'treat net sales as completed sales minus returned sales. give me net sales per year',
    sql: net('true', YEAR),
  },
  {
    class: 'net-revenue',
    ask: 'my net revenue by quarter of 2024 - net revenue = completed minus returned',
    user: WEST,
    sql: net(and("region = 'west'", inYear(2024)), "date_trunc('quarter', created_at)"),
  },
  {
    class: 'net-revenue',
    ask: 'net revenue by segment for 2023. define net revenue as revenue from completed orders less revenue from returned orders',
    sql: `SELECT c.segment, sum(o.amount) FILTER (WHERE o.status = 'completed') - sum(o.amount) FILTER (WHERE o.status = 'returned')
          FROM orders o JOIN customers c ON c.id = o.customer_id WHERE ${inYear(2023, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'net-revenue',
    ask: "what was electronics' net revenue in each year? net revenue means completed minus returned",
    sql: net("category = 'electronics'", YEAR),
  },
  {
    class: 'net-revenue',
    ask: 'By net revenue I mean completed order revenue minus returned order revenue. Net revenue per region, 2025?',
    sql: net(inYear(2025), 'region'),
  },
  // --- a day or month against its year's or month's mean ---
  {
    class: 'relative-period',
    ask: "a slow day = fewer orders than 95% of the year's daily average. how many slow days were there in 2024?",
    sql: relativeDays('count(*)', '<', 0.95, 'year', inYear(2024)),
  },
  {
    class: 'relative-period',
    ask: 'a hot day is one where revenue is at least 110% of that month’s average daily revenue. How many hot days did 2025 have?',
    sql: relativeDays('sum(amount)', '>=', 1.1, 'month', inYear(2025)),
  },
  {
    class: 'relative-period',
    ask: "how many slow days did my region have in 2025? call a day slow if its revenue is below 85% of the year's average daily revenue",
    user: WEST,
    sql: relativeDays('sum(amount)', '<', 0.85, 'year', and("region = 'west'", inYear(2025))),
  },
  {
    class: 'relative-period',
    ask: "for 2023: a strong day has more orders than the year's daily average. how many strong days?",
    sql: relativeDays('count(*)', '>', 1, 'year', inYear(2023)),
  },
  {
    class: 'relative-period',
    ask: 'busy months per year, where a busy month is one whose order count exceeds that year’s monthly average',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS month, count(*) AS n FROM orders GROUP BY 1)
          SELECT year(month), count(*) FROM m WHERE n > (SELECT avg(n) FROM m m2 WHERE year(m2.month) = year(m.month)) GROUP BY 1`,
  },
  {
    class: 'relative-period',
    ask: "we call a day a dud if its orders fall below 95% of the month's daily average. how many dud days in Q2 2024?",
    sql: relativeDays('count(*)', '<', 0.95, 'month', between('2024-04-01', '2024-07-01')),
  },
  // --- big-ticket revenue ---
  {
    class: 'big-ticket',
    ask: 'big-ticket revenue = revenue from orders over $700. what was the big-ticket revenue of the south in 2025?',
    sql: `SELECT sum(amount) FROM orders WHERE region = 'south' AND amount > 700 AND ${inYear(2025)}`,
  },
  {
    class: 'big-ticket',
    ask: 'big-ticket revenue per segment in 2024 (big-ticket meaning orders above $900)',
    sql: `SELECT c.segment, sum(o.amount) FROM orders o JOIN customers c ON c.id = o.customer_id
          WHERE o.amount > 900 AND ${inYear(2024, 'o.created_at')} GROUP BY 1`,
  },
  {
    class: 'big-ticket',
    ask: 'by big-ticket I mean orders of $750 or more. what was my big-ticket revenue each year?',
    user: WEST,
    sql: `SELECT ${YEAR}, sum(amount) FROM orders WHERE region = 'west' AND amount >= 750 GROUP BY 1`,
  },
  {
    class: 'big-ticket',
    ask: 'what share of 2025 revenue was big-ticket, per region? big-ticket = orders over $800',
    sql: `SELECT region, 100.0 * sum(amount) FILTER (WHERE amount > 800) / sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  // --- whales by a year's spend ---
  {
    class: 'whales',
    ask: 'whales = customers whose 2025 spend topped $12,000. how many whales per region?',
    sql: whales('sum(amount) > 12000', inYear(2025), 'c.region'),
  },
  {
    class: 'whales',
    ask: "Let's say a whale is anyone who spent at least $10k in a calendar year. How many whales were there each year?",
    sql: whales('sum(amount) >= 10000', 'true', 'w.yr'),
  },
  {
    class: 'whales',
    ask: 'how many whales in my region in 2024? whale = spent more than $11,000 that year',
    user: WEST,
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE region = 'west' AND ${inYear(2024)} GROUP BY 1 HAVING sum(amount) > 11000)`,
  },
  {
    class: 'whales',
    ask: 'we call customers with more than $13,000 of spend in 2023 whales. how many whales by segment?',
    sql: whales('sum(amount) > 13000', inYear(2023), 'c.segment'),
  },
  // --- bounce rate: returned or cancelled share of orders ---
  {
    class: 'bounce-rate',
    ask: 'bounce rate = share of orders that were returned or cancelled. bounce rate per category for 2025?',
    sql: bounce(inYear(2025), 'category'),
  },
  {
    class: 'bounce-rate',
    ask: 'my bounce rate by month for 2024. an order bounced if it was returned or cancelled; bounce rate is bounced orders / all orders',
    user: WEST,
    sql: bounce(and("region = 'west'", inYear(2024)), "date_trunc('month', created_at)"),
  },
  {
    class: 'bounce-rate',
    ask: 'What is the bounce rate by region? By bounce rate I mean the percent of orders returned or cancelled.',
    sql: bounce('true', 'region'),
  },
  // --- threads ---
  {
    class: 'thread',
    ask: [
      'say a dormant customer is one whose last order was before November 2025. how many dormant customers are there?',
      'and per segment?',
    ],
    sql: quietBy('2025-11-01', 'segment'),
  },
  {
    class: 'thread',
    ask: ['upsell ratio = enterprise AOV / consumer AOV. what was it in 2024?', 'and in 2025?'],
    sql: `SELECT avg(o.amount) FILTER (WHERE c.segment = 'enterprise') / avg(o.amount) FILTER (WHERE c.segment = 'consumer')
          FROM orders o JOIN customers c ON c.id = o.customer_id WHERE ${inYear(2025, 'o.created_at')}`,
  },
  {
    class: 'thread',
    ask: [
      'bounce rate means returned or cancelled orders as a share of all orders. bounce rate by category in 2023?',
      'and the same for 2024?',
    ],
    sql: bounce(inYear(2024), 'category'),
  },
  // --- the word needs data the model has not: refused ---
  {
    class: 'defined-refuse',
    ask: 'churn rate = subscribers who cancelled their plan / all subscribers. churn rate by region for 2025?',
    refuse: true,
  },
  {
    class: 'defined-refuse',
    ask: 'a lapsed user is one who has not logged in for 90 days. how many lapsed users do we have?',
    refuse: true,
  },
  {
    class: 'defined-refuse',
    ask: 'net profit means revenue minus cost of goods sold. net profit per category in 2024?',
    refuse: true,
  },
  {
    class: 'defined-refuse',
    ask: 'define a late order as one shipped more than 3 days after it was placed. how many late orders in 2025 per region?',
    refuse: true,
  },
];
