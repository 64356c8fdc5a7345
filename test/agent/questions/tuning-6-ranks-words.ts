/**
 * Sixth tuning batch (issue 29), planner helper B's classes: the top row within each group (best, worst,
 * busiest, cheapest, "best and worst"), periods side by side and per-period change, wording (fillers, the
 * asker's term, money to the cent, 0 for zero, exact days with amount thresholds), unknown words, and
 * relative periods against a clock past the data's end. Written BEFORE the planner change it tunes, by the
 * helper that then changed the planner, in new phrasings a sales or operations asker would use (typos,
 * abbreviations, synonyms, a west-region analyst under row-level security, threads); no question copies a
 * held-out or earlier tuning question. Same clock, conventions and scoring as `tuning-2.ts` (20,000 sample
 * orders, 400 customers, orders 2023-01-01 to 2025-12-31).
 */
import type { QueryUser } from '../../../functions/semantic';
import {
  AFTER_DATA,
  between,
  growth,
  inYear,
  LAST_DAY,
  periodChange,
  type SecondOrderCase,
  WEST,
  withCustomers,
  yearly,
} from './tuning-2';

/** The set's clock (`npm run eval` reads a module's `*_NOW`). */
export { TUNING_2_NOW } from './tuning-2';

/** A west-region analyst: row-level security keeps their orders and customers to the west. */

export type Tuning6Case = SecondOrderCase & { user?: QueryUser };

/** The top (or bottom) item within each group, every tied one kept (rank(): the small sample has ties). */
const bestPerGroup = (group: string, item: string, measure: string, direction = 'DESC', where = '') =>
  `SELECT grp, item, v FROM (SELECT ${group} AS grp, ${item} AS item, ${measure} AS v,
     rank() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM orders ${where} GROUP BY 1, 2)
   WHERE r = 1`;
/** The top (or bottom) item of a join of orders and customers within each group. */
const bestPerGroupJoined = (group: string, item: string, measure: string, direction = 'DESC', where = '') =>
  `SELECT grp, item, v FROM (SELECT ${group} AS grp, ${item} AS item, ${measure} AS v,
     rank() OVER (PARTITION BY ${group} ORDER BY ${measure} ${direction}) AS r FROM ${withCustomers} ${where} GROUP BY 1, 2)
   WHERE r = 1`;
/** Money as the model formats it: currency, to the cent. */
const MONEY = /\$\d{1,3}(,\d{3})*\.\d\d\b/;
const NONE = /\(none\)/i;
/** A compared-period answer never adds the periods up. */
const IN_ALL = /in all|all together|combined/i;

export const tuning6ranks: Tuning6Case[] = [
  // --- the top (or bottom) row within each group ---
  {
    class: 'top-per-group',
    ask: 'which category had the most orders in each region in 2025?',
    sql: bestPerGroup('region', 'category', 'count(*)', 'DESC', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'top-per-group',
    ask: "for every segment, what's the category they bought most often in 2023",
    sql: bestPerGroupJoined(
      'c.segment',
      'o.category',
      'count(*)',
      'DESC',
      `WHERE ${inYear(2023, 'o.created_at')}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'worst quarter for sales in each category, 2024',
    sql: bestPerGroup(
      'category',
      "date_trunc('quarter', created_at)",
      'sum(amount)',
      'ASC',
      `WHERE ${inYear(2024)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'busiest month per region in 2023',
    sql: bestPerGroup(
      'region',
      "date_trunc('month', created_at)",
      'count(*)',
      'DESC',
      `WHERE ${inYear(2023)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'for each year, which region brought in the most revenue?',
    sql: bestPerGroup("date_trunc('year', created_at)", 'region', 'sum(amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'top category by rev in every quarter of 2024',
    sql: bestPerGroup(
      "date_trunc('quarter', created_at)",
      'category',
      'sum(amount)',
      'DESC',
      `WHERE ${inYear(2024)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'cheapest order per region in 2025',
    sql: `SELECT region, min(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'top-per-group',
    ask: 'priciest order in each category',
    sql: 'SELECT category, max(amount) FROM orders GROUP BY 1',
  },
  {
    class: 'top-per-group',
    ask: 'best and worst month for revenue in each region in 2024',
    sql: `${bestPerGroup('region', "date_trunc('month', created_at)", 'sum(amount)', 'DESC', `WHERE ${inYear(2024)}`)}
          UNION ALL
          ${bestPerGroup('region', "date_trunc('month', created_at)", 'sum(amount)', 'ASC', `WHERE ${inYear(2024)}`)}`,
  },
  {
    class: 'top-per-group',
    ask: 'which segment spends the most in each region?',
    sql: bestPerGroupJoined('o.region', 'c.segment', 'sum(o.amount)'),
  },
  {
    class: 'top-per-group',
    ask: 'least ordered category per segment',
    sql: bestPerGroupJoined('c.segment', 'o.category', 'count(*)', 'ASC'),
  },
  {
    class: 'top-per-group',
    ask: 'my best month for revenue each year',
    user: WEST,
    sql: bestPerGroup(
      "date_trunc('year', created_at)",
      "date_trunc('month', created_at)",
      'sum(amount)',
      'DESC',
      "WHERE region = 'west'",
    ),
  },
  {
    class: 'top-per-group',
    ask: 'Which region had the fewest cancelled orders in each quarter of 2025?',
    sql: bestPerGroup(
      "date_trunc('quarter', created_at)",
      'region',
      'count(*)',
      'ASC',
      `WHERE status = 'cancelled' AND ${inYear(2025)}`,
    ),
  },
  {
    class: 'top-per-group',
    ask: 'per quarter in 2023, the month with the most orders',
    sql: bestPerGroup(
      "date_trunc('quarter', created_at)",
      "date_trunc('month', created_at)",
      'count(*)',
      'DESC',
      `WHERE ${inYear(2023)}`,
    ),
  },
  // --- periods side by side, and change per period ---
  {
    class: 'period-over-period',
    ask: 'orders by category, 2024 next to 2025',
    check: 'answer',
    sql: `SELECT category, ${yearly('count(*)', 2024)}, ${yearly('count(*)', 2025)} FROM orders GROUP BY 1`,
    never: IN_ALL,
  },
  {
    class: 'period-over-period',
    ask: 'sales per region for 2023 and 2024 side by side',
    check: 'answer',
    sql: `SELECT region, ${yearly('sum(amount)', 2023)}, ${yearly('sum(amount)', 2024)} FROM orders GROUP BY 1`,
    never: IN_ALL,
  },
  {
    class: 'period-over-period',
    ask: 'quarterly order count for 2025 with the % change from the prior quarter',
    sql: periodChange('quarter', 'count(*)', '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'monthly rev in H1 2024 plus the pct change vs previous month',
    sql: periodChange('month', 'sum(amount)', '2024-01-01', '2024-07-01'),
  },
  {
    class: 'period-over-period',
    ask: 'which category grew its order count the most between 2023 and 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT category, ${growth(yearly('count(*)', 2025), yearly('count(*)', 2023))} AS g FROM orders GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  {
    class: 'period-over-period',
    ask: 'rank segments by how much their revenue grew from 2024 to 2025',
    ordered: true,
    tolerance: 0.011,
    sql: `SELECT c.segment, round(100.0 * (sum(o.amount) FILTER (WHERE year(o.created_at) = 2025) - sum(o.amount) FILTER (WHERE year(o.created_at) = 2024))
          / sum(o.amount) FILTER (WHERE year(o.created_at) = 2024), 2) AS g FROM ${withCustomers} GROUP BY 1 ORDER BY g DESC`,
  },
  {
    class: 'period-over-period',
    ask: 'Q1 2025 vs Q1 2024 revenue?',
    check: 'answer',
    sql: `SELECT sum(amount) FILTER (WHERE ${between('2025-01-01', '2025-04-01')}),
          sum(amount) FILTER (WHERE ${between('2024-01-01', '2024-04-01')}) FROM orders`,
    never: IN_ALL,
  },
  {
    class: 'period-over-period',
    ask: 'number of orders in 2023 compared with 2025',
    check: 'answer',
    sql: `SELECT ${yearly('count(*)', 2023)}, ${yearly('count(*)', 2025)} FROM orders`,
    never: IN_ALL,
  },
  {
    class: 'period-over-period',
    ask: 'by what % did revenue in the east change from 2024 to 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT ${growth(yearly('sum(amount)', 2025), yearly('sum(amount)', 2024))} FROM orders WHERE region = 'east'`,
  },
  {
    class: 'period-over-period',
    ask: 'my orders in Q3 2025 versus Q4 2025',
    user: WEST,
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE ${between('2025-07-01', '2025-10-01')}),
          count(*) FILTER (WHERE ${between('2025-10-01', '2026-01-01')}) FROM orders WHERE region = 'west'`,
    never: IN_ALL,
  },
  {
    class: 'period-over-period',
    ask: 'which month of 2024 had the biggest jump in revenue over the month before?',
    sql: `WITH m AS (SELECT date_trunc('month', created_at) AS p, sum(amount) AS v FROM orders GROUP BY 1),
          c AS (SELECT p, v - lag(v) OVER (ORDER BY p) AS d FROM m)
          SELECT p FROM c WHERE ${between('2024-01-01', '2025-01-01', 'p')} ORDER BY d DESC NULLS LAST LIMIT 1`,
  },
  // --- wording: fillers, the asker's term, money to the cent, 0 for zero, exact days and thresholds ---
  {
    class: 'wording',
    ask: 'Could you kindly tell me the number of returned orders in 2023?',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${inYear(2023)}`,
  },
  {
    class: 'wording',
    ask: 'electronics sales for Q2 2024, exact to the cent',
    sql: `SELECT sum(amount) FROM orders WHERE category = 'electronics' AND ${between('2024-04-01', '2024-07-01')}`,
    says: MONEY,
  },
  {
    class: 'wording',
    ask: 'for the board deck Priya asked for: orders per region in 2025',
    sql: `SELECT region, count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'revenue broken down by category for 2024',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
    says: MONEY,
  },
  {
    class: 'wording',
    ask: 'add up all grocery revenue in 2025',
    sql: `SELECT sum(amount) FROM orders WHERE category = 'grocery' AND ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'very quick one: how many enterprise customers do we have?',
    sql: "SELECT count(*) FROM customers WHERE segment = 'enterprise'",
  },
  {
    class: 'wording',
    ask: 'how many completed orders above $1,800 were placed on Jul 4 2025?',
    sql: `SELECT count(*) FROM orders WHERE status = 'completed' AND amount > 1800 AND ${between('2025-07-04', '2025-07-05')}`,
    says: /(?<![\d,.$])\d+(?![\d,]*\d)/,
    never: NONE,
  },
  {
    class: 'wording',
    ask: 'How many returned orders were placed on March 3, 2025?',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${between('2025-03-03', '2025-03-04')}`,
    never: NONE,
  },
  {
    class: 'wording',
    ask: 'revenue from orders under $20 on 2024-11-29',
    sql: `SELECT sum(amount) FROM orders WHERE amount < 20 AND ${between('2024-11-29', '2024-11-30')}`,
    check: 'answer',
    never: NONE,
  },
  {
    class: 'wording',
    ask: 'top 5 clients by spend in 2024',
    ordered: true,
    sql: `SELECT c.name, sum(o.amount) AS v FROM ${withCustomers} WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1 ORDER BY v DESC LIMIT 5`,
    says: MONEY,
    never: /in all/i,
  },
  {
    class: 'wording',
    ask: 'sales in the south in Q4 2025, dollars and cents',
    sql: `SELECT sum(amount) FROM orders WHERE region = 'south' AND ${between('2025-10-01', '2026-01-01')}`,
    says: /\bsales\b[\s\S]*\$\d{1,3}(,\d{3})*\.\d\d\b/i,
  },
  // --- unknown words: refuse in one sentence, or read the words the model has ---
  {
    class: 'unknown-words',
    ask: 'revenue and returns by region in 2024',
    check: 'answer',
    sql: `SELECT region, sum(amount), count(*) FILTER (WHERE status = 'returned') FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
    never: /nothing for "?returns/i,
  },
  {
    class: 'unknown-words',
    ask: 'orders per regoin in 2024',
    sql: `SELECT region, count(*) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  { class: 'unknown-words', ask: 'orders by warehouse in 2025', refuse: true, says: /warehouse/ },
  { class: 'unknown-words', ask: 'average shipping cost per region', refuse: true },
  { class: 'unknown-words', ask: 'NPS by customer segment', refuse: true },
  { class: 'unknown-words', ask: 'which courier delivered the most orders in each region?', refuse: true },
  { class: 'unknown-words', ask: 'revenue by promo code, 2024 vs 2025', refuse: true },
  // --- relative periods against a clock past the data's end (2025-12-31) ---
  {
    class: 'past-the-data',
    ask: 'how many orders in the past 2 weeks?',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    // No stand-in period that runs past the data's end (to 2026-01-04).
    never: /to 2026-01/,
  },
  {
    class: 'past-the-data',
    ask: 'revenue over the last 30 days by category',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
  {
    class: 'past-the-data',
    ask: 'orders last month vs the month before',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
  {
    class: 'past-the-data',
    ask: 'sales this week',
    now: AFTER_DATA,
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
    never: NONE,
  },
];
