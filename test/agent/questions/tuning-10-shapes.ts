/**
 * Tenth tuning batch (issue 29), the shapes helper's classes: change between periods ranked or read per group
 * ("compared with", "relative to", "vs.", "the second-biggest growth", "least", "bottom", "how did X do", "held up
 * worst"), leaders per group in new orders of clauses (the least, the second best, per quarter), counts per
 * entity (between, exactly, never, an average per customer), medians and percentiles of new kinds (the median
 * customer, "the top 25% start at", a p90-p10 spread, per segment), relative dates past the data at a clock in
 * February 2026, weekdays and hours, and words around an answerable ask (negations, a meeting aside, the measure or
 * the period first). Written BEFORE the planner change it tunes, in new wordings; no question copies a held-out or
 * earlier tuning question. Analysts under row-level security ask some of them.
 *
 * Clock: Tuesday 2026-02-10 15:00 UTC, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025,
 * "last quarter" Q4 2025, "last month" January 2026 (past the data), "this month" and "YTD" wholly past it.
 * Scored on the unchanged planner (1c32958), 20k test sample: see planner-tuning-6.test.ts.
 */
import type { QueryUser } from '../../../functions/semantic';
import {
  between,
  growth,
  inYear,
  LAST_DAY,
  type SecondOrderCase,
  WEST,
  withCustomers,
  yearly,
} from './tuning-2';

export const TUNING_10_SHAPES_NOW = '2026-02-10T15:00:00Z';

/** An east-region analyst: row-level security keeps their orders and customers to the east. */
const EAST: QueryUser = { groups: ['analysts'], userAttributes: { region: 'east' }, securityContext: {} };

export type Tuning10Case = SecondOrderCase & { user?: QueryUser };

/** One measure in two periods and the percent change from the first to the second. */
const pair = (measure: string, a: [string, string], b: [string, string], where = '') => {
  const x = `${measure} FILTER (WHERE ${between(...a)})`;
  const y = `${measure} FILTER (WHERE ${between(...b)})`;
  return `SELECT ${x}, ${y}, ${growth(y, x)} FROM orders ${where}`;
};
/** Each group's percent change between two years, ranked (`ASC`: the lowest first), from row `offset`. */
const groupChange = (
  group: string,
  measure: string,
  from: number,
  to: number,
  direction: string,
  offset = 0,
) =>
  `SELECT ${group}, ${growth(yearly(measure, to), yearly(measure, from))} AS g FROM orders GROUP BY 1
   ORDER BY g ${direction} LIMIT 1 OFFSET ${offset}`;
/** The period of a grain whose change over the one before is lowest (`ASC`) or highest (`DESC`) in [from, to). */
const steepest = (unit: 'month' | 'quarter', measure: string, from: string, to: string, direction: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v - lag(v) OVER (ORDER BY p) AS d FROM m)
   SELECT p FROM c WHERE p >= '${from}' AND p < '${to}' ORDER BY d ${direction} NULLS LAST LIMIT 1`;
/** Each period of [from, to) with its value and percent change over the one before. */
const change = (unit: 'month' | 'quarter', measure: string, from: string, to: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
   SELECT p, v, ${growth('v', 'prev')} FROM c WHERE p >= '${from}' AND p < '${to}'`;
/** The item ranked `rank` (1 the best) in each group by a measure. */
const rankedPerGroup = (
  group: string,
  item: string,
  measure: string,
  direction: string,
  rank = 1,
  where = '',
) =>
  `SELECT grp, item, v FROM (SELECT ${group} AS grp, ${item} AS item, ${measure} AS v,
     row_number() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM orders ${where} GROUP BY 1, 2)
   WHERE r = ${rank}`;
/** Customers (of the orders `where` keeps) whose per-customer aggregate meets `having`. */
const customersWhere = (having: string, where = '') =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders ${where} GROUP BY 1 HAVING ${having})`;
const quantile = (q: number, expr = 'amount', where = '') =>
  `SELECT quantile_cont(${expr}, ${q}) FROM orders ${where}`;

export const tuning10shapes: Tuning10Case[] = [
  // --- change between periods, read or ranked ---
  {
    class: 'period-over-period',
    ask: 'Compared with 2024, how did furniture do in 2025 on revenue?',
    check: 'answer',
    tolerance: 0.011,
    sql: pair(
      'sum(amount)',
      ['2024-01-01', '2025-01-01'],
      ['2025-01-01', '2026-01-01'],
      "WHERE category = 'furniture'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'orders in 2025 relative to 2023 - what is the % difference?',
    check: 'answer',
    tolerance: 0.011,
    sql: pair('count(*)', ['2023-01-01', '2024-01-01'], ['2025-01-01', '2026-01-01']),
  },
  {
    class: 'period-over-period',
    ask: 'Which category had the second-biggest revenue growth from 2024 to 2025, in %?',
    check: 'answer',
    tolerance: 0.011,
    sql: groupChange('category', 'sum(amount)', 2024, 2025, 'DESC', 1),
  },
  {
    class: 'period-over-period',
    ask: 'which region had the least growth in order count between 2023 and 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: groupChange('region', 'count(*)', 2023, 2025, 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'Revenue: which month of 2024 fell hardest vs. the month before?',
    sql: steepest('month', 'sum(amount)', '2024-01-01', '2025-01-01', 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'Q3 2025 sales compared with the same quarter a year earlier, % change?',
    check: 'answer',
    tolerance: 0.011,
    sql: pair('sum(amount)', ['2024-07-01', '2024-10-01'], ['2025-07-01', '2025-10-01']),
  },
  {
    class: 'period-over-period',
    ask: 'AOV month over month for the last 3 months of 2025',
    check: 'answer',
    tolerance: 0.011,
    sql: change('month', 'avg(amount)', '2025-10-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'returned orders quarter over quarter through 2025, with the % change',
    check: 'answer',
    tolerance: 0.011,
    sql: change('quarter', "count(*) FILTER (WHERE status = 'returned')", '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'H1 2025 vs. H1 2024: which customer segment held up worst on orders?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT c.segment, ${growth(
      "count(*) FILTER (WHERE o.created_at >= '2025-01-01' AND o.created_at < '2025-07-01')",
      "count(*) FILTER (WHERE o.created_at >= '2024-01-01' AND o.created_at < '2024-07-01')",
    )} AS g FROM ${withCustomers} GROUP BY 1 ORDER BY g ASC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    ask: 'bottom category by yoy revenue growth, 2024 to 2025',
    check: 'answer',
    tolerance: 0.011,
    sql: groupChange('category', 'sum(amount)', 2024, 2025, 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'last year vs the year before: my revenue, up or down and by what percent?',
    user: WEST,
    check: 'answer',
    tolerance: 0.011,
    sql: pair(
      'sum(amount)',
      ['2024-01-01', '2025-01-01'],
      ['2025-01-01', '2026-01-01'],
      "WHERE region = 'west'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'How much more did we sell in 2025 than in 2023, in dollars?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT ${yearly('sum(amount)', 2025)} - ${yearly('sum(amount)', 2023)} FROM orders`,
  },
  {
    class: 'period-over-period',
    ask: ['revenue by region for 2025', 'and how does each compare with 2024, in %?'],
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT region, ${growth(yearly('sum(amount)', 2025), yearly('sum(amount)', 2024))} FROM orders GROUP BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'which quarter of 2024 had the largest increase in cancelled orders over the prior quarter?',
    sql: steepest(
      'quarter',
      "count(*) FILTER (WHERE status = 'cancelled')",
      '2024-01-01',
      '2025-01-01',
      'DESC',
    ),
  },
  // --- leaders per group ---
  {
    class: 'top-per-group',
    ask: 'For every segment, the product category with the least revenue in 2025',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT grp, item, v FROM (SELECT c.segment AS grp, o.category AS item, sum(o.amount) AS v,
            row_number() OVER (PARTITION BY c.segment ORDER BY sum(o.amount) ASC) AS r
          FROM ${withCustomers} WHERE ${inYear(2025).replaceAll('created_at', 'o.created_at')} GROUP BY 1, 2)
          WHERE r = 1`,
  },
  {
    class: 'top-per-group',
    ask: 'second-best region by sales in each year',
    check: 'answer',
    tolerance: 0.011,
    sql: rankedPerGroup('year(created_at)', 'region', 'sum(amount)', 'DESC', 2),
  },
  {
    class: 'top-per-group',
    ask: 'In each quarter of 2025, what was the top category by order count?',
    check: 'answer',
    sql: rankedPerGroup(
      "date_trunc('quarter', created_at)",
      'category',
      'count(*)',
      'DESC',
      1,
      `WHERE ${inYear(2025)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'my best-selling category each year, by revenue',
    user: EAST,
    check: 'answer',
    tolerance: 0.011,
    sql: rankedPerGroup('year(created_at)', 'category', 'sum(amount)', 'DESC', 1, "WHERE region = 'east'"),
  },
  {
    class: 'top-per-group',
    ask: 'Which status was most common in each region during 2024?',
    check: 'answer',
    sql: rankedPerGroup('region', 'status', 'count(*)', 'DESC', 1, `WHERE ${inYear(2024)}`),
  },
  // --- counts per entity ---
  {
    class: 'per-entity',
    ask: 'How many customers have never had an order cancelled?',
    sql: `SELECT count(*) FROM customers WHERE id NOT IN (SELECT customer_id FROM orders WHERE status = 'cancelled')`,
  },
  {
    class: 'per-entity',
    ask: 'Number of customers whose average order is under $490',
    sql: customersWhere('avg(amount) < 490'),
  },
  {
    class: 'per-entity',
    ask: 'how many customers spent between $20k and $30k in total?',
    sql: customersWhere('sum(amount) BETWEEN 20000 AND 30000'),
  },
  {
    class: 'per-entity',
    ask: 'how many customers have exactly 50 orders?',
    sql: customersWhere('count(*) = 50'),
  },
  {
    class: 'per-entity',
    ask: 'In my territory, how many buyers placed 60+ orders overall?',
    user: WEST,
    sql: customersWhere('count(*) >= 60', "WHERE region = 'west'"),
  },
  {
    class: 'per-entity',
    ask: 'customers with more than 3 returns in 2024, per segment',
    sql: `SELECT segment, count(*) FROM (SELECT o.customer_id, c.segment FROM ${withCustomers}
          WHERE o.status = 'returned' AND ${inYear(2024).replaceAll('created_at', 'o.created_at')}
          GROUP BY 1, 2 HAVING count(*) > 3) GROUP BY 1`,
  },
  // --- medians and percentiles ---
  {
    class: 'percentiles',
    ask: 'what did the median customer spend in 2025?',
    tolerance: 0.5,
    sql: `SELECT quantile_cont(s, 0.5) FROM (SELECT sum(amount) AS s FROM orders WHERE ${inYear(2025)} GROUP BY customer_id)`,
  },
  {
    class: 'percentiles',
    ask: '90th percentile order amount, electronics vs. grocery',
    tolerance: 0.01,
    sql: `SELECT category, quantile_cont(amount, 0.9) FROM orders WHERE category IN ('electronics', 'grocery') GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: 'spread between p90 and p10 of order value in 2025',
    tolerance: 0.02,
    sql: `SELECT quantile_cont(amount, 0.9) - quantile_cont(amount, 0.1) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'percentiles',
    ask: 'median orders per customer, by segment',
    tolerance: 0.5,
    sql: `SELECT segment, quantile_cont(n, 0.5) FROM (SELECT o.customer_id, c.segment, count(*) AS n FROM ${withCustomers}
          GROUP BY 1, 2) GROUP BY 1`,
  },
  {
    class: 'percentiles',
    ask: 'In 2024, above what order amount are the top 25% of orders?',
    tolerance: 0.01,
    sql: quantile(0.75, 'amount', `WHERE ${inYear(2024)}`),
  },
  {
    class: 'percentiles',
    ask: "what's the 99th percentile order in my region?",
    user: EAST,
    tolerance: 0.01,
    sql: quantile(0.99, 'amount', "WHERE region = 'east'"),
  },
  {
    class: 'percentiles',
    ask: 'Median order value per region for Q4 2025',
    tolerance: 0.01,
    sql: `SELECT region, quantile_cont(amount, 0.5) FROM orders WHERE ${between('2025-10-01', '2026-01-01')} GROUP BY 1`,
  },
  // --- relative dates past the data ---
  {
    class: 'past-the-data',
    ask: 'revenue this month so far?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'YTD orders by category',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'sales in the past 45 days',
    check: 'range',
    tolerance: 0.01,
    sql: `SELECT ${LAST_DAY}, sum(amount) FROM orders WHERE created_at >= '2025-12-27'`,
  },
  {
    class: 'past-the-data',
    ask: 'How many orders did we get last month?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  {
    class: 'past-the-data',
    ask: 'January 2026 orders compared with January 2025?',
    check: 'range',
    sql: `SELECT ${LAST_DAY}, count(*) FROM orders WHERE ${between('2025-01-01', '2025-02-01')}`,
  },
  // --- weekdays and hours ---
  {
    class: 'weekdays',
    ask: 'Which day of the week brought in the most revenue in 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT dayname(created_at), sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'weekdays',
    ask: 'orders by hour of day in December 2025',
    sql: `SELECT hour(created_at), count(*) FROM orders WHERE ${between('2025-12-01', '2026-01-01')} GROUP BY 1`,
  },
  // --- words around an answerable ask ---
  {
    class: 'unknown-words',
    ask: 'For the quarterly business review: what did toys bring in during Q2 2024?',
    sql: `SELECT sum(amount) FROM orders WHERE category = 'toys' AND ${between('2024-04-01', '2024-07-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'Not counting cancelled orders, what was revenue in 2025?',
    sql: `SELECT sum(amount) FROM orders WHERE status <> 'cancelled' AND ${inYear(2025)}`,
  },
  {
    class: 'unknown-words',
    ask: 'excluding returns, how many orders did the north have in 2024?',
    sql: `SELECT count(*) FROM orders WHERE status <> 'returned' AND region = 'north' AND ${inYear(2024)}`,
  },
  {
    class: 'unknown-words',
    ask: 'least busy region in Q1 2025, by number of orders?',
    check: 'answer',
    sql: `SELECT region, count(*) FROM orders WHERE ${between('2025-01-01', '2025-04-01')} GROUP BY 1 ORDER BY 2 ASC LIMIT 1`,
  },
  {
    class: 'unknown-words',
    ask: 'average spend per buyer in 2025?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) / count(DISTINCT customer_id) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'refusals',
    ask: 'Which category grew gross profit the most from 2024 to 2025?',
    refuse: true,
  },
  {
    class: 'refusals',
    ask: 'revenue by sales channel, 2025 compared with 2024',
    refuse: true,
  },
  {
    class: 'refusals',
    ask: 'which region had the biggest growth in repeat purchase rate last year?',
    refuse: true,
  },
];
