/**
 * Twenty-seventh tuning batch (issue 29): words the model lacks that the asker defines inside the question, before
 * or after the ask, computed as defined and said back in the asker's word. Asker-named rates ("refund exposure =
 * returned value as a % of revenue", "stick rate = buyers with 20+ orders that year / all buyers that year"),
 * asker-named groups and periods ("chunky = $650 or more", "whale = lifetime spend over $35,000", "hot months =
 * months whose revenue beat the year's monthly average"), a measure renamed after the ask ("ticket size", "basket",
 * "take", "haul", "throughput"), "we call revenue X internally" and "by X I mean Y", amounts written in words ("five
 * hundred dollars"), "in millions, one decimal" and "in thousands", and definitions beside a breakdown or under
 * row-level security ("my region"). A few must be refused: the definition uses data the model lacks (a cost, a
 * coupon, shipping fees, a rating, a subscription). Written on 2026-11-29 before the planner change that reads them;
 * fresh wordings, none copied from a held-out or earlier tuning set.
 *
 * Before (on 6755ab7): 14 of 35 right (1 confident wrong: "revenue ... where revenue means completed orders only" read as
 * the count of completed orders), in the eval CLI on the 1M sample. After: 34 of 35, none wrong (also on the TEST
 * sample): spelled-amounts.ts, aliases.ts (a name given a figure in a clause of its own), definition-meanings.ts (a
 * share of value, a share of a period's buyers), definitions.ts (a sum's own word defined as rows, "that year").
 * Still refused: "hot months" (months above the year's monthly average). Three cases added after (a share of a
 * quarter's buyers, where not every customer ordered; the worst of a defined rate of returns, which was read as the
 * lowest before rate-direction.ts read "the worst share of orders that were returned"): 37 of 38.
 *
 * Clock: Tuesday 2026-05-05, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_27_DEFINED_NOW = '2026-05-05T15:00:00Z';

/** The share in percent of the orders of `where` that meet `part` (one figure, or one per `by`). */
const countShare = (part: string, where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}round(100.0 * count(*) FILTER (WHERE ${part}) / count(*), 2) FROM orders WHERE ${where}${by ? ' GROUP BY 1' : ''}`;
/** The share in percent of the order value of `where` that is of orders meeting `part`. */
const valueShare = (part: string, where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}round(100.0 * sum(amount) FILTER (WHERE ${part}) / sum(amount), 2) FROM orders WHERE ${where}${by ? ' GROUP BY 1' : ''}`;
/** Customers whose orders (of `where`) total more than `spend`. */
const spendersOver = (spend: number, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders ${where ? `WHERE ${where} ` : ''}GROUP BY 1 HAVING sum(amount) > ${spend})`;
/** The share in percent of the buyers of `where` with `n` or more orders in it. */
const buyersWith = (n: number, where: string) =>
  `SELECT round(100.0 * count(*) FILTER (WHERE n >= ${n}) / count(*), 2)
   FROM (SELECT customer_id, count(*) AS n FROM orders WHERE ${where} GROUP BY 1)`;
/** The months of `year` whose revenue is above that year's average monthly revenue. */
const hotMonths = (year: number) =>
  `WITH m AS (SELECT date_trunc('month', created_at) AS month, sum(amount) AS revenue FROM orders WHERE ${inYear(year)} GROUP BY 1)
   SELECT month, revenue FROM m WHERE revenue > (SELECT avg(revenue) FROM m) ORDER BY 1`;

export const tuning27defined: (SecondOrderCase & Tuning6Case)[] = [
  // --- a rate the asker names, defined before or after the ask ---
  {
    class: 'defined-rate',
    ask: 'What was our refund exposure in 2025? Refund exposure = the value of returned orders as a % of revenue.',
    sql: valueShare("status = 'returned'", inYear(2025)),
    says: /refund exposure/i,
  },
  {
    class: 'defined-rate',
    ask: 'cancel drag for the north in 2024? cancel drag means cancelled orders as a share of all orders',
    sql: countShare("status = 'cancelled'", `region = 'north' AND ${inYear(2024)}`),
  },
  {
    class: 'defined-rate',
    ask: 'keep rate by category for 2023, where keep rate = completed orders / all orders, in percent',
    sql: countShare("status = 'completed'", inYear(2023), 'category'),
  },
  {
    class: 'defined-rate',
    ask: 'What was the stick rate in 2024? Stick rate is the number of buyers with 20 or more orders that year divided by all buyers that year, as a %.',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE n >= 20) / count(*), 2)
          FROM (SELECT customer_id, count(*) AS n FROM orders WHERE ${inYear(2024)} GROUP BY 1)`,
  },
  {
    class: 'defined-rate',
    ask: 'drop rate = cancelled plus returned orders over all orders, as a percentage. what was the drop rate in Q3 2025?',
    sql: countShare("status IN ('cancelled', 'returned')", between('2025-07-01', '2025-10-01')),
  },
  {
    class: 'defined-rate',
    ask: 'refund exposure in 2024 by region, one decimal. refund exposure = returned value as % of revenue',
    sql: valueShare("status = 'returned'", inYear(2024), 'region'),
    tolerance: 0.06,
  },
  {
    class: 'defined-rate',
    ask: 'In my region, what was the keep rate in 2024? Keep rate = completed orders as a share of all orders.',
    user: WEST,
    sql: countShare("status = 'completed'", `region = 'west' AND ${inYear(2024)}`),
  },
  // (Added after the change: a share of all buyers in a quarter when not every customer ordered in it.)
  {
    class: 'defined-rate',
    ask: 'loyalty ratio = customers with 3+ orders / all buyers. what was the loyalty ratio in Q1 2025?',
    sql: buyersWith(3, between('2025-01-01', '2025-04-01')),
  },
  {
    class: 'defined-rate',
    ask: 'my loyalty ratio for Q1 2025? loyalty ratio means buyers with 3 or more orders divided by all buyers',
    user: WEST,
    sql: buyersWith(3, `region = 'west' AND ${between('2025-01-01', '2025-04-01')}`),
  },
  // (Added after the change: the worst of a defined rate of a bad outcome is its highest.)
  {
    class: 'defined-rate',
    ask: 'returns drag = returned orders as a % of all orders. which category had the worst returns drag in 2024?',
    sql: `SELECT category, round(100.0 * count(*) FILTER (WHERE status = 'returned') / count(*), 2) AS drag
          FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY drag DESC LIMIT 1`,
  },
  // --- a group or period the asker names ---
  {
    class: 'defined-group',
    ask: 'how many chunky orders did we get in Q2 2024 by region? chunky = $650 or more',
    sql: `SELECT region, count(*) FROM orders WHERE amount >= 650 AND ${between('2024-04-01', '2024-07-01')} GROUP BY 1`,
  },
  {
    class: 'defined-group',
    ask: 'revenue from splurge orders by month in 2025, where a splurge is any order above $900',
    sql: `SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE amount > 900 AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'defined-group',
    ask: 'A whale is a customer whose lifetime spend is over $35,000. How many whales do we have?',
    sql: spendersOver(35000),
  },
  {
    class: 'defined-group',
    ask: 'how many whales in my region? whales = customers who have spent more than $35,000 in all',
    user: WEST,
    sql: spendersOver(35000, "region = 'west'"),
  },
  {
    class: 'defined-group',
    ask: "Hot months are months whose revenue beat the year's monthly average. Which months of 2024 were hot?",
    sql: hotMonths(2024),
  },
  {
    class: 'defined-group',
    ask: 'big-ticket = $700+. big-ticket revenue per category for my region in 2025',
    user: WEST,
    sql: `SELECT category, sum(amount) FROM orders WHERE region = 'west' AND amount >= 700 AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'defined-group',
    ask: 'What share of 2025 orders were small fry? Small fry = orders under $30.',
    sql: countShare('amount < 30', inYear(2025)),
  },
  // --- a measure renamed, said back in the asker's word ---
  {
    class: 'renamed-measure',
    ask: 'What was our average ticket size in 2024? By ticket size I mean the average order amount.',
    sql: `SELECT avg(amount) FROM orders WHERE ${inYear(2024)}`,
    says: /ticket size/i,
  },
  {
    class: 'renamed-measure',
    ask: 'What was the take for the west in Q3 2025? The take is total revenue from completed orders.',
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND status = 'completed' AND ${between('2025-07-01', '2025-10-01')}`,
    says: /\btake\b/i,
  },
  {
    class: 'renamed-measure',
    ask: 'how big was the typical basket in electronics last year? basket meaning average order value',
    sql: `SELECT avg(amount) FROM orders WHERE category = 'electronics' AND ${inYear(2025)}`,
    says: /basket/i,
  },
  {
    class: 'renamed-measure',
    ask: 'We call revenue "throughput" internally. What was throughput by region in 2023?',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2023)} GROUP BY 1`,
    says: /throughput/i,
  },
  {
    class: 'renamed-measure',
    ask: 'By haul I mean total revenue. What was the haul in December 2024?',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-12-01', '2025-01-01')}`,
    says: /haul/i,
  },
  {
    class: 'renamed-measure',
    ask: 'give me the haul per quarter of 2025 - haul = sum of order amounts',
    sql: `SELECT date_trunc('quarter', created_at), sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'renamed-measure',
    ask: 'ticket size per category in Q4 2024? ticket size = average order amount',
    sql: `SELECT category, avg(amount) FROM orders WHERE ${between('2024-10-01', '2025-01-01')} GROUP BY 1`,
  },
  {
    class: 'renamed-measure',
    ask: [
      'by banked revenue I mean revenue from completed orders',
      'what was banked revenue by category in 2024?',
    ],
    sql: `SELECT category, sum(amount) FROM orders WHERE status = 'completed' AND ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'renamed-measure',
    ask: ['ticket size = average order amount', 'what was ticket size in Q1 2025?', 'and for Q1 2024?'],
    sql: `SELECT avg(amount) FROM orders WHERE ${between('2024-01-01', '2024-04-01')}`,
  },
  // --- amounts written in words ---
  {
    class: 'amount-in-words',
    ask: 'how many orders over five hundred dollars did we take in 2024?',
    sql: `SELECT count(*) FROM orders WHERE amount > 500 AND ${inYear(2024)}`,
  },
  {
    class: 'amount-in-words',
    ask: "call an order 'hefty' if it's nine hundred dollars or more. how many hefty orders in 2025?",
    sql: `SELECT count(*) FROM orders WHERE amount >= 900 AND ${inYear(2025)}`,
  },
  {
    class: 'amount-in-words',
    ask: 'whales = customers who spent more than thirty-five thousand dollars in total. how many whales are there?',
    sql: spendersOver(35000),
  },
  {
    class: 'amount-in-words',
    ask: 'revenue from orders under a hundred dollars in March 2025',
    sql: `SELECT sum(amount) FROM orders WHERE amount < 100 AND ${between('2025-03-01', '2025-04-01')}`,
  },
  {
    class: 'amount-in-words',
    ask: 'what share of 2023 orders were for at least seven hundred fifty dollars?',
    sql: countShare('amount >= 750', inYear(2023)),
  },
  // --- a rounding asked beside a definition ---
  {
    class: 'defined-format',
    ask: 'What was throughput in 2024, in millions, one decimal? Throughput = revenue.',
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)}`,
    says: /throughput/i,
  },
  {
    class: 'defined-format',
    ask: 'revenue by region in 2025 in thousands, where revenue means completed orders only',
    sql: `SELECT region, sum(amount) FROM orders WHERE status = 'completed' AND ${inYear(2025)} GROUP BY 1`,
  },
  // --- definitions that use data the model lacks: refused ---
  {
    class: 'defined-refuse',
    ask: 'margin = revenue minus cost of goods. what was margin in 2024?',
    refuse: true,
  },
  {
    class: 'defined-refuse',
    ask: "a 'discounted' order is one that used a coupon. how many discounted orders in 2024?",
    refuse: true,
  },
  {
    class: 'defined-refuse',
    ask: 'freight share = shipping fees as a % of revenue. what was freight share in 2025?',
    refuse: true,
  },
  {
    class: 'defined-refuse',
    ask: 'how many happy buyers did we have last year? happy buyer = a customer who rated us 4 stars or more',
    refuse: true,
  },
  {
    class: 'defined-refuse',
    ask: 'How many sleepers are in the east? A sleeper is a customer whose subscription has lapsed.',
    refuse: true,
  },
];
