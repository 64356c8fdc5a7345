/**
 * Twenty-fourth tuning batch (issue 29): measures built from two filtered measures of the orders. A ratio of two
 * statuses' counts ("return ratio = returned orders / completed orders, per region"), a difference of two filtered
 * sums ("net revenue = completed amounts minus returned amounts"), a rate among orders of a size ("% of orders under
 * $25 that were cancelled"), a filtered sum as a percent of another ("cancelled revenue as a % of all revenue by
 * quarter"), the ratio of weekend to weekday orders, of one category's revenue to another's; definitions given in
 * the question, typos, chat wording, breakdowns by region, category, quarter and month, one under row-level security
 * (an analyst kept to the west region), and six that must stay refused (a profit, a channel, refunds, discounts,
 * "good" orders, shipping). Written on 2026-11-28 BEFORE the planner change it tunes, in fresh wordings (none copied
 * from a held-out or earlier tuning set).
 *
 * Before (on cf2e6d7): 10 of 38 right (4 confident wrong: "returns as a % of completed orders" and "return ratio
 * (returned / completed orders)" as the share of completed-or-returned orders; "furniture: cancellations vs
 * completions as a ratio" as furniture's share of each status; "of orders under $20, what fraction got returned" as
 * the share of returned orders under $20), in the eval CLI. After: 36 of 38, none wrong (filtered-measures.ts reads the
 * two sides and the scope, filtered-measures-sql.ts sums each side with a FILTER clause). Still refused: three terms
 * ("completed minus returned minus cancelled"), a ratio of two averages, and the six refusals.
 *
 * Clock: 2027-11-03, after the data ends (orders 2023-01-01 to 2025-12-31, each order in its customer's region).
 * References are written on the raw tables with FILTER clauses, each checked against a second query written
 * independently (sums of CASE expressions over separate subqueries).
 */
import { between, inYear, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_24_RATIOS_NOW = '2027-11-03T11:00:00Z';

const quarter = (y: number, q: number) => {
  const from = `${y}-${String(3 * q - 2).padStart(2, '0')}-01`;
  const to = q === 4 ? `${y + 1}-01-01` : `${y}-${String(3 * q + 1).padStart(2, '0')}-01`;
  return between(from, to);
};
const WEEKEND = 'dayofweek(created_at) IN (0, 6)';
const WEEKDAY = 'dayofweek(created_at) BETWEEN 1 AND 5';
/**
 * `agg` over the rows meeting `a`, `op` the same over the rows meeting `b` (times 100 with `percent`), of the orders
 * of `where`: one figure, or one per `by` (an expression, selected first).
 */
const two = (
  agg: 'count(*)' | 'sum(amount)',
  a: string,
  op: '/' | '-',
  b: string,
  where: string,
  { by = '', percent = false }: { by?: string; percent?: boolean } = {},
) =>
  `SELECT ${by ? `${by} AS k, ` : ''}${percent ? '100.0 * ' : op === '/' ? '1.0 * ' : ''}${agg} FILTER (WHERE ${a}) ${op} ${agg} FILTER (WHERE ${b})
   FROM orders WHERE ${where}${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
const Y = inYear;

export const tuning24ratios: (SecondOrderCase & Tuning6Case)[] = [
  // --- a ratio of two statuses' counts ---
  {
    class: 'status-ratio',
    ask: 'return ratio = returned orders / completed orders, per region in 2025',
    sql: two('count(*)', "status = 'returned'", '/', "status = 'completed'", Y(2025), { by: 'region' }),
  },
  {
    class: 'status-ratio',
    ask: 'whats the cancelled to completed ratio in the north in 2024',
    sql: two(
      'count(*)',
      "status = 'cancelled'",
      '/',
      "status = 'completed'",
      `region = 'north' AND ${Y(2024)}`,
    ),
  },
  {
    class: 'status-ratio',
    ask: 'how many returned orders were there per cancelled order in 2023?',
    sql: two('count(*)', "status = 'returned'", '/', "status = 'cancelled'", Y(2023)),
  },
  {
    class: 'status-ratio',
    ask: 'cancel ratio (cancelled orders divided by completed orders) by quarter for 2025',
    sql: two('count(*)', "status = 'cancelled'", '/', "status = 'completed'", Y(2025), {
      by: "date_trunc('quarter', created_at)",
    }),
  },
  {
    class: 'status-ratio',
    ask: 'retrun ratio (returned orders / compelted orders) for electronics in 2025?',
    sql: two(
      'count(*)',
      "status = 'returned'",
      '/',
      "status = 'completed'",
      `category = 'electronics' AND ${Y(2025)}`,
    ),
  },
  {
    class: 'status-ratio',
    ask: 'returns as a % of completed orders by category, 2024',
    sql: two('count(*)', "status = 'returned'", '/', "status = 'completed'", Y(2024), {
      by: 'category',
      percent: true,
    }),
  },
  {
    class: 'status-ratio',
    ask: 'my return ratio (returned / completed orders) by category in 2025',
    user: WEST,
    sql: two(
      'count(*)',
      "status = 'returned'",
      '/',
      "status = 'completed'",
      `region = 'west' AND ${Y(2025)}`,
      {
        by: 'category',
      },
    ),
  },
  {
    class: 'status-ratio',
    ask: 'furniture: cancellations vs completions as a ratio, Q3 2025',
    sql: two(
      'count(*)',
      "status = 'cancelled'",
      '/',
      "status = 'completed'",
      `category = 'furniture' AND ${quarter(2025, 3)}`,
    ),
  },
  // --- a difference of two filtered measures ---
  {
    class: 'difference',
    ask: 'net revenue defined as completed amounts minus returned amounts - what was it in 2024?',
    sql: two('sum(amount)', "status = 'completed'", '-', "status = 'returned'", Y(2024)),
  },
  {
    class: 'difference',
    ask: 'net sales (completed $ minus returned $) per region for 2025',
    sql: two('sum(amount)', "status = 'completed'", '-', "status = 'returned'", Y(2025), { by: 'region' }),
  },
  {
    class: 'difference',
    ask: 'completed orders minus cancelled orders in 2023 by region',
    sql: two('count(*)', "status = 'completed'", '-', "status = 'cancelled'", Y(2023), { by: 'region' }),
  },
  {
    class: 'difference',
    ask: 'east revenue minus west revenue per quarter of 2025',
    sql: two('sum(amount)', "region = 'east'", '-', "region = 'west'", Y(2025), {
      by: "date_trunc('quarter', created_at)",
    }),
  },
  {
    class: 'difference',
    ask: 'by how much did completed revenue exceed returned revenue in Q4 2025, for toys?',
    sql: two(
      'sum(amount)',
      "status = 'completed'",
      '-',
      "status = 'returned'",
      `category = 'toys' AND ${quarter(2025, 4)}`,
    ),
  },
  // --- a rate among orders of a size ---
  {
    class: 'sized-rate',
    ask: 'what % of small orders (amount under $25) were cancelled in 2025?',
    sql: two('count(*)', "status = 'cancelled'", '/', 'true', `amount < 25 AND ${Y(2025)}`, {
      percent: true,
    }),
  },
  {
    class: 'sized-rate',
    ask: 'share of big-ticket orders (over $500) that got returned, per category, 2024',
    sql: two('count(*)', "status = 'returned'", '/', 'true', `amount > 500 AND ${Y(2024)}`, {
      by: 'category',
      percent: true,
    }),
  },
  {
    class: 'sized-rate',
    ask: 'of orders under $20 in Q4 2025, what fraction got returned?',
    sql: two('count(*)', "status = 'returned'", '/', 'true', `amount < 20 AND ${quarter(2025, 4)}`, {
      percent: true,
    }),
  },
  {
    class: 'sized-rate',
    ask: 'pct of orders over $900 that were cancelled, by region, 2023',
    sql: two('count(*)', "status = 'cancelled'", '/', 'true', `amount > 900 AND ${Y(2023)}`, {
      by: 'region',
      percent: true,
    }),
  },
  // --- a filtered sum as a percent of another ---
  {
    class: 'dollar-percent',
    ask: 'cancelled revenue as a % of all revenue by quarter in 2024',
    sql: two('sum(amount)', "status = 'cancelled'", '/', 'true', Y(2024), {
      by: "date_trunc('quarter', created_at)",
      percent: true,
    }),
  },
  {
    class: 'dollar-percent',
    ask: 'returned $ as a percentage of completed $, by region, 2025',
    sql: two('sum(amount)', "status = 'returned'", '/', "status = 'completed'", Y(2025), {
      by: 'region',
      percent: true,
    }),
  },
  {
    class: 'dollar-percent',
    ask: 'hey quick one - cancelled $ as a share of total $ for each category, 2024?',
    sql: two('sum(amount)', "status = 'cancelled'", '/', 'true', Y(2024), { by: 'category', percent: true }),
  },
  {
    class: 'dollar-percent',
    ask: 'returned revenue / completed revenue per month in H1 2025',
    sql: two(
      'sum(amount)',
      "status = 'returned'",
      '/',
      "status = 'completed'",
      between('2025-01-01', '2025-07-01'),
      {
        by: "date_trunc('month', created_at)",
      },
    ),
  },
  // --- one category or region against another ---
  {
    class: 'value-ratio',
    ask: 'electronics revenue divided by clothing revenue, per year',
    sql: two('sum(amount)', "category = 'electronics'", '/', "category = 'clothing'", 'true', {
      by: "date_trunc('year', created_at)",
    }),
  },
  {
    class: 'value-ratio',
    ask: 'toys orders as a percentage of grocery orders in 2025',
    sql: two('count(*)', "category = 'toys'", '/', "category = 'grocery'", Y(2025), { percent: true }),
  },
  {
    class: 'value-ratio',
    ask: "what's the ratio of completed furniture revenue to completed electronics revenue in 2025",
    sql: two(
      'sum(amount)',
      "category = 'furniture' AND status = 'completed'",
      '/',
      "category = 'electronics' AND status = 'completed'",
      Y(2025),
    ),
  },
  {
    class: 'value-ratio',
    ask: 'south orders / north orders for each category in 2024',
    sql: two('count(*)', "region = 'south'", '/', "region = 'north'", Y(2024), { by: 'category' }),
  },
  // --- two sizes of order ---
  {
    class: 'size-ratio',
    ask: 'ratio of revenue from big orders (over $800) to revenue from small orders (under $50) in 2025',
    sql: two('sum(amount)', 'amount > 800', '/', 'amount < 50', Y(2025)),
  },
  {
    class: 'size-ratio',
    ask: 'orders under $100 divided by orders of $100 or more, 2024, per region',
    sql: two('count(*)', 'amount < 100', '/', 'amount >= 100', Y(2024), { by: 'region' }),
  },
  // --- weekend and weekday ---
  {
    class: 'weekend',
    ask: 'ratio of weekend to weekday orders in 2025',
    sql: two('count(*)', WEEKEND, '/', WEEKDAY, Y(2025)),
  },
  {
    class: 'weekend',
    ask: 'weekday revenue divided by weekend revenue 2024',
    sql: two('sum(amount)', WEEKDAY, '/', WEEKEND, Y(2024)),
  },
  {
    class: 'weekend',
    ask: 'weekend orders as a % of weekday orders by region for 2023',
    sql: two('count(*)', WEEKEND, '/', WEEKDAY, Y(2023), { by: 'region', percent: true }),
  },
  // --- harder: three terms, an average ---
  {
    class: 'harder',
    ask: 'net revenue = completed minus returned minus cancelled amounts, 2025',
    sql: `SELECT sum(amount) FILTER (WHERE status = 'completed') - sum(amount) FILTER (WHERE status = 'returned')
      - sum(amount) FILTER (WHERE status = 'cancelled') FROM orders WHERE ${Y(2025)}`,
  },
  {
    class: 'harder',
    ask: 'average returned order amount divided by average completed order amount in 2024',
    sql: `SELECT avg(amount) FILTER (WHERE status = 'returned') / avg(amount) FILTER (WHERE status = 'completed')
      FROM orders WHERE ${Y(2024)}`,
  },
  // --- must stay refused ---
  { class: 'refuse', ask: 'profit ratio = profit / revenue per region in 2025', refuse: true },
  { class: 'refuse', ask: 'ratio of online to in-store orders in 2025', refuse: true },
  { class: 'refuse', ask: 'refund rate = refunded orders / paid orders, 2024', refuse: true },
  { class: 'refuse', ask: 'discounted orders as a % of full-price orders by quarter', refuse: true },
  { class: 'refuse', ask: 'ratio of good orders to bad orders last year', refuse: true },
  {
    class: 'refuse',
    ask: 'express shipping revenue divided by standard shipping revenue, 2025',
    refuse: true,
  },
];
