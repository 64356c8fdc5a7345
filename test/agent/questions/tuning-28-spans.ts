/**
 * Twenty-eighth tuning batch (issue 29): gaps, spans and top-slice shares. The time between a customer's consecutive
 * orders as elapsed time in fractional days (seconds / 86,400: the order timestamps carry a time of day), its mean,
 * median or a percentile, per segment or region, for a year's orders, and from signup to the first order; the
 * combined share of a top slice of customers (top 1%, 5%, a decile, the top N) or of the first N orders, per region;
 * medians and percentiles of each month's, day's or quarter's figure over an explicit span; amounts asked in
 * thousands with one decimal or to the nearest thousand; an explicit span of N days from a date that runs past the
 * data's end (the answer states the data's last day and the covered part's figure). Some under row-level security,
 * and a few that must stay refused (a delivery date, a profit, sessions, a forecast). Written on 2026-11-29 BEFORE
 * the planner change it tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on 2ddd4c6): 19 of 38 right (2 confident wrong: "in my region, the median number of days between a
 * customer's orders" in calendar days, 15 for 14.95; "75th percentile of monthly order counts across 2023 and 2024" as
 * 2023 against 2024), in the eval CLI (17 of 38 with the first draft's references of the two amounts in thousands,
 * written at the wrong scale and corrected before any planner change). After: 37 of 38, none wrong (days-between.ts:
 * elapsed days, calendar days when asked, a percentile of the gaps, a kind of customer before "customer's";
 * day-counts.ts: N days from a day; steps.ts: a breakdown over a recent period read against the data's range;
 * understand.ts: a percentile of each period's figure across two years joined; first-rows-share.ts: the first N
 * orders' share; period-counts.ts: "over all 36 months of data"). Still refused: the top decile's share within each
 * region.
 *
 * Clock: Wednesday 2027-04-28, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in
 * 2022, each order in its customer's region). Gaps are elapsed days (epoch seconds / 86,400) unless "calendar days"
 * are asked; percentiles and medians are quantile_cont; a top share's slice is the first floor(n * p) customers by
 * the measure (row_number). References are written on the raw tables, each checked against a second query written
 * independently (a self-join on row numbers in place of lag(), an explicit count in place of a fraction).
 */
import { between, inYear, LAST_DAY, type SecondOrderCase, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_28_SPANS_NOW = '2027-04-28T15:00:00Z';

const and = (where: string) => (where ? ` AND ${where}` : '');
const DAYS = { check: 'answer' as const, tolerance: 0.05 };
const PCT = { check: 'answer' as const, tolerance: 0.011 };
/** Each order's elapsed days `g` since the same customer's order before it (among the orders of `where`). */
const gaps = (where = '', by = '') =>
  `SELECT ${by ? `${by} AS k, ` : ''}(epoch(o.created_at) - epoch(lag(o.created_at) OVER (PARTITION BY o.customer_id${by ? `, ${by}` : ''}
     ORDER BY o.created_at, o.id))) / 86400.0 AS g FROM orders o JOIN customers c ON o.customer_id = c.id WHERE TRUE${and(where)}`;
/** `stat` of the gaps (per `by` if given). */
const gapStat = (stat: string, where = '', by = '') =>
  `SELECT ${by ? 'k, ' : ''}${stat} FROM (${gaps(where, by)}) WHERE g IS NOT NULL${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
/** Each customer's elapsed days `d` from signup to their first order, with their segment and region. */
const toFirst = (stat: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}${stat} FROM (SELECT c.id, c.segment, c.region,
     (epoch(min(o.created_at)) - epoch(c.created_at)) / 86400.0 AS d FROM customers c JOIN orders o ON o.customer_id = c.id
     GROUP BY 1, 2, 3, c.created_at)${by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
/** The percent of `measure` over the orders of `where` from the first floor(n * fraction) customers by it. */
const topFraction = (fraction: number, where = '', measure = 'sum(amount)') =>
  `WITH t AS (SELECT customer_id, ${measure} AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1),
   r AS (SELECT v, row_number() OVER (ORDER BY v DESC) AS k FROM t)
   SELECT round(100.0 * sum(v) FILTER (WHERE k <= floor((SELECT count(*) FROM t) * ${fraction})) / sum(v), 2) FROM r`;
/** The percent of the revenue of `where` from the top `n` customers by it. */
const topN = (n: number, where = '') =>
  `WITH t AS (SELECT customer_id, sum(amount) AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1)
   SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM t ORDER BY v DESC LIMIT ${n})) / (SELECT sum(v) FROM t), 2)`;
/** The percent of the revenue of `where` from its first `n` orders (by time, then id). */
const firstOrders = (n: number, where = '') =>
  `SELECT round(100.0 * sum(amount) FILTER (WHERE k <= ${n}) / sum(amount), 2) FROM (SELECT amount,
     row_number() OVER (ORDER BY created_at, id) AS k FROM orders WHERE TRUE${and(where)})`;
/** Percentile `p` of each `grain`'s `figure` over the orders of `where`. */
const perPeriod = (grain: string, figure: string, p: number, where = '') =>
  `SELECT quantile_cont(v, ${p}) FROM (SELECT date_trunc('${grain}', created_at) AS t, ${figure} AS v FROM orders
     WHERE TRUE${and(where)} GROUP BY 1)`;
/** The data's last day and `figure` over [from, data's end]. */
const covered = (figure: string, from: string, by = '') =>
  by
    ? `SELECT ${by}, ${LAST_DAY}, ${figure} FROM orders WHERE created_at >= '${from}' GROUP BY 1 ORDER BY 1`
    : `SELECT ${LAST_DAY}, ${figure} FROM orders WHERE created_at >= '${from}'`;
/** A figure stated in thousands with one decimal ("$162,239.2 thousand", "$162,239.2k"). */
const THOUSANDS_ONE_DECIMAL = /\d\.\d\s?(?:k|thousand)\b/;
const y2024 = inYear(2024);
const y2025 = inYear(2025);

export const tuning28spans: (SecondOrderCase & Tuning6Case)[] = [
  // --- elapsed days between a customer's consecutive orders ---
  {
    class: 'gaps',
    ask: "on average, how many days go by between one of a customer's orders and their next? one decimal",
    ...DAYS,
    sql: gapStat('avg(g)'),
  },
  {
    class: 'gaps',
    ask: 'median gap in days between back-to-back orders from the same customer',
    ...DAYS,
    sql: gapStat('quantile_cont(g, 0.5)'),
  },
  {
    class: 'gaps',
    ask: 'median days between consecutive orders, by customer segment',
    ...DAYS,
    sql: gapStat('quantile_cont(g, 0.5)', '', 'c.segment'),
  },
  {
    class: 'gaps',
    ask: 'for 2025 orders only: average days between a customer’s successive orders, per region',
    ...DAYS,
    sql: gapStat('avg(g)', y2025.replaceAll('created_at', 'o.created_at'), 'o.region'),
  },
  {
    class: 'gaps',
    ask: 'in my region, what is the median number of days between a customer’s orders?',
    user: WEST,
    ...DAYS,
    sql: gapStat('quantile_cont(g, 0.5)', "o.region = 'west'"),
  },
  {
    class: 'gaps',
    ask: 'median days from a customer’s first order to their second one',
    ...DAYS,
    sql: `SELECT quantile_cont(g, 0.5) FROM (SELECT (epoch(created_at) - epoch(lag(created_at) OVER w)) / 86400.0 AS g,
       row_number() OVER w AS k FROM orders WINDOW w AS (PARTITION BY customer_id ORDER BY created_at, id)) WHERE k = 2`,
  },
  {
    class: 'gaps',
    ask: 'typical (median) time between a small-business customer’s orders, in days',
    ...DAYS,
    sql: gapStat('quantile_cont(g, 0.5)', "c.segment = 'small business'"),
  },
  {
    class: 'gaps',
    ask: '90th percentile of the days between a customer’s consecutive orders',
    ...DAYS,
    sql: gapStat('quantile_cont(g, 0.9)'),
  },
  {
    class: 'gaps',
    ask: 'median calendar days between a customer’s consecutive orders (counting order dates, not hours)',
    ...DAYS,
    sql: `SELECT quantile_cont(d, 0.5) FROM (SELECT date_diff('day', CAST(lag(created_at) OVER (PARTITION BY customer_id
       ORDER BY created_at, id) AS DATE), CAST(created_at AS DATE)) AS d FROM orders) WHERE d IS NOT NULL`,
  },
  {
    class: 'gaps',
    ask: 'how long, in days, from signing up to the first order? give the median',
    ...DAYS,
    sql: toFirst('quantile_cont(d, 0.5)'),
  },
  {
    class: 'gaps',
    ask: 'average days from signup to first purchase for each segment',
    ...DAYS,
    sql: toFirst('avg(d)', 'segment'),
  },
  // --- the combined share of a top slice ---
  {
    class: 'top-slice',
    ask: 'what share of total revenue comes from the top 1% of customers by spend?',
    ...PCT,
    sql: topFraction(0.01),
  },
  {
    class: 'top-slice',
    ask: 'the top 5% of customers by 2025 spend: what percent of 2025 revenue did they bring in together?',
    ...PCT,
    sql: topFraction(0.05, y2025),
  },
  {
    class: 'top-slice',
    ask: 'how much of our revenue, in %, do our 100 biggest customers account for?',
    ...PCT,
    sql: topN(100),
  },
  {
    class: 'top-slice',
    ask: 'in my region, what % of 2024 revenue came from the top 50 customers?',
    user: WEST,
    ...PCT,
    sql: topN(50, `region = 'west' AND ${y2024}`),
  },
  {
    class: 'top-slice',
    ask: 'what % of all orders were placed by the top 1% of customers by number of orders?',
    ...PCT,
    sql: topFraction(0.01, '', 'count(*)'),
  },
  {
    class: 'top-slice',
    ask: 'share of revenue from the first 1000 orders ever placed',
    ...PCT,
    sql: firstOrders(1000),
  },
  {
    class: 'top-slice',
    ask: 'what fraction of 2024 revenue came from the year’s first 5,000 orders?',
    ...PCT,
    sql: firstOrders(5000, y2024),
  },
  {
    class: 'top-slice',
    ask: 'for each region, what share of that region’s revenue comes from its top decile of customers?',
    ...PCT,
    sql: `WITH t AS (SELECT region, customer_id, sum(amount) AS v FROM orders GROUP BY 1, 2),
       r AS (SELECT region, v, row_number() OVER (PARTITION BY region ORDER BY v DESC) AS k,
         count(*) OVER (PARTITION BY region) AS n FROM t)
       SELECT region, round(100.0 * sum(v) FILTER (WHERE k <= floor(n * 0.1)) / sum(v), 2) FROM r GROUP BY 1 ORDER BY 1`,
  },
  // --- medians and percentiles over an explicit span ---
  {
    class: 'span-percentiles',
    ask: 'median monthly revenue over all 36 months of data',
    check: 'answer',
    tolerance: 0.01,
    sql: perPeriod('month', 'sum(amount)', 0.5),
  },
  {
    class: 'span-percentiles',
    ask: '90th percentile of daily order counts in 2024',
    check: 'answer',
    tolerance: 0.05,
    sql: perPeriod('day', 'count(*)', 0.9, y2024),
  },
  {
    class: 'span-percentiles',
    ask: 'median of the east region’s monthly revenue, 2023 through 2025',
    check: 'answer',
    tolerance: 0.01,
    sql: perPeriod('month', 'sum(amount)', 0.5, "region = 'east'"),
  },
  {
    class: 'span-percentiles',
    ask: 'my region: median daily revenue in Q4 2025',
    user: WEST,
    check: 'answer',
    tolerance: 0.01,
    sql: perPeriod('day', 'sum(amount)', 0.5, `region = 'west' AND ${between('2025-10-01', '2026-01-01')}`),
  },
  {
    class: 'span-percentiles',
    ask: '75th percentile of monthly order counts across 2023 and 2024',
    check: 'answer',
    tolerance: 0.05,
    sql: perPeriod('month', 'count(*)', 0.75, between('2023-01-01', '2025-01-01')),
  },
  {
    class: 'span-percentiles',
    ask: 'what is the median quarterly revenue across the 12 quarters we have?',
    check: 'answer',
    tolerance: 0.01,
    sql: perPeriod('quarter', 'sum(amount)', 0.5),
  },
  // --- an amount in the unit asked ---
  {
    class: 'rounded-units',
    ask: '2025 revenue in thousands, with one decimal',
    check: 'answer',
    // (A figure in thousands is read at its scale: "$162,239.2 thousand" within $50 of the sum.)
    tolerance: 50,
    says: THOUSANDS_ONE_DECIMAL,
    sql: `SELECT sum(amount) FROM orders WHERE ${y2025}`,
  },
  {
    class: 'rounded-units',
    ask: 'revenue by region for 2024, to the nearest thousand dollars',
    tolerance: 500,
    says: /\$/,
    sql: `SELECT region, round(sum(amount), -3) FROM orders WHERE ${y2024} GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'rounded-units',
    ask: 'median monthly revenue in 2025, in thousands of dollars to one decimal place',
    check: 'answer',
    tolerance: 50,
    says: THOUSANDS_ONE_DECIMAL,
    sql: `SELECT quantile_cont(v, 0.5) FROM (SELECT date_trunc('month', created_at) AS t,
       sum(amount) AS v FROM orders WHERE ${y2025} GROUP BY 1)`,
  },
  {
    class: 'rounded-units',
    ask: 'my region’s 2025 sales rounded to the nearest thousand',
    user: WEST,
    tolerance: 500,
    sql: `SELECT round(sum(amount), -3) FROM orders WHERE region = 'west' AND ${y2025}`,
  },
  // --- N days from a date, past the data's end ---
  {
    class: 'explicit-span',
    ask: 'revenue for the 100 days starting 1 Nov 2025',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-11-01'),
  },
  {
    class: 'explicit-span',
    ask: 'how many orders in the 90 days beginning December 1, 2025?',
    check: 'range',
    sql: covered('count(*)', '2025-12-01'),
  },
  {
    class: 'explicit-span',
    ask: 'orders in the 60 days starting 2025-10-15',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-10-15', '2025-12-14')}`,
  },
  {
    class: 'explicit-span',
    ask: 'revenue by region for the 30 days from 15 December 2025',
    check: 'range',
    tolerance: 0.01,
    sql: covered('sum(amount)', '2025-12-15', 'region'),
  },
  {
    class: 'explicit-span',
    ask: 'in my region, revenue over the 45 days starting 2025-12-01',
    user: WEST,
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE region = 'west' AND created_at >= '2025-12-01'`,
  },
  // --- still refused ---
  {
    class: 'refuse',
    ask: 'average days between an order and its delivery',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'what share of profit comes from the top 1% of customers?',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: '90th percentile of daily website sessions in 2024',
    refuse: true,
  },
  {
    class: 'refuse',
    ask: 'median days between a customer’s orders and their next product review',
    refuse: true,
  },
];
