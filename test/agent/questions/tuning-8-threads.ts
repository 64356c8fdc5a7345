import { between, inYear, LAST_DAY, WEST, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_8_THREADS_NOW = '2026-02-16T08:05:00Z';

/** A west-region analyst: row-level security keeps their orders to the west. */

const Q4_2025 = between('2025-10-01', '2026-01-01');
/** The data's last day, as a `check: 'range'` reference states it. */
/** The top `n` values of `item` by `measure` within each `group` (every tied one kept, as the planner ranks them). */
const topWithin = (group: string, item: string, measure: string, where: string, n = 1, dir = 'DESC') =>
  `SELECT g, i, m FROM (SELECT ${group} AS g, ${item} AS i, ${measure} AS m FROM orders WHERE ${where}
   GROUP BY 1, 2) QUALIFY rank() OVER (PARTITION BY g ORDER BY m ${dir}) <= ${n}`;
/** Each group's share of the whole, in percent. */
const shareOf = (group: string, measure: string, where: string, from = 'orders') =>
  `SELECT ${group}, 100.0 * ${measure} / sum(${measure}) OVER () FROM ${from} WHERE ${where} GROUP BY 1`;

export const tuning8threads: Tuning6Case[] = [
  // --- a group within the previous groups: the top one per previous group, same measure and period ---
  {
    class: 'threads',
    ask: ['revenue by category in 2025', 'for each of those, which region brought in the most?'],
    sql: topWithin('category', 'region', 'sum(amount)', inYear(2025)),
  },
  {
    class: 'threads',
    ask: ['number of orders per segment in 2024', 'within each of them, what was the top category?'],
    sql: `SELECT segment, category, m FROM (SELECT c.segment, o.category, count(*) AS m FROM ${withCustomers}
          WHERE ${inYear(2024).replaceAll('created_at', 'o.created_at')} GROUP BY 1, 2)
          QUALIFY row_number() OVER (PARTITION BY segment ORDER BY m DESC, category) = 1`,
  },
  {
    class: 'threads',
    ask: ['orders by region last quarter', 'for each of these regions which category had the fewest?'],
    sql: topWithin('region', 'category', 'count(*)', Q4_2025, 1, 'ASC'),
  },
  {
    class: 'threads',
    ask: ['revenue by region in 2025', 'for each of those regions, what were the top 2 categories?'],
    sql: topWithin('region', 'category', 'sum(amount)', inYear(2025), 2),
  },
  {
    class: 'threads',
    ask: ['sales per category last quarter', 'and for each of them, which month was best?'],
    sql: topWithin('category', "date_trunc('month', created_at)", 'sum(amount)', Q4_2025),
  },
  {
    class: 'threads',
    ask: ['order count by status in 2025', 'in each of those, which region had the most orders?'],
    sql: topWithin('status', 'region', 'count(*)', inYear(2025)),
  },
  // --- a period after the previous one: "since then" runs from its end to today, past the data ---
  {
    class: 'threads',
    ask: ['revenue in November 2025', 'and since then?'],
    check: 'range',
    sql: `SELECT ${LAST_DAY}, (SELECT sum(amount) FROM orders WHERE ${between('2025-12-01', '2026-02-17')})`,
  },
  {
    class: 'threads',
    ask: ['how many orders did we have in Q3 2025', 'how many since then?'],
    check: 'range',
    sql: `SELECT ${LAST_DAY}, (SELECT count(*) FROM orders WHERE ${between('2025-10-01', '2026-02-17')})`,
  },
  {
    class: 'threads',
    ask: ['order count by category last quarter', 'what about since then?'],
    check: 'range',
    sql: `SELECT ${LAST_DAY}`,
  },
  // --- a period replaced ---
  {
    class: 'threads',
    ask: ['revenue by region in 2024', 'same for 2023'],
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2023)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['avg order value by category', 'what about in 2024 only?'],
    sql: `SELECT category, avg(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['how many orders got cancelled in 2024?', 'and in 2025?'],
    sql: `SELECT count(*) FROM orders WHERE status = 'cancelled' AND ${inYear(2025)}`,
  },
  // --- a breakdown added to a total ---
  {
    class: 'threads',
    ask: ['total sales in 2025', 'and by region?'],
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['how many customers do we have', 'split them by segment'],
    sql: 'SELECT segment, count(*) FROM customers GROUP BY 1',
  },
  // --- a rank over the previous rows ---
  {
    class: 'threads',
    ask: ['revenue by category in 2025', 'only the top 3'],
    ordered: true,
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
  },
  {
    class: 'threads',
    ask: ['orders by category in Q4 2025', 'which one had the most?'],
    sql: `SELECT category, count(*) FROM orders WHERE ${Q4_2025} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'threads',
    ask: ['revenue by region in 2025', 'which of those was lowest?'],
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 ASC LIMIT 1`,
  },
  {
    class: 'threads',
    ask: ['monthly revenue in 2025', 'which month was the best?'],
    sql: `SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'threads',
    ask: ['order count by region in 2023 and 2025', 'which one grew the most in %?'],
    sql: `SELECT region, round(100.0 * (b - a) / a, 2) FROM (SELECT region, count(*) FILTER (WHERE ${inYear(2023)}) AS a,
          count(*) FILTER (WHERE ${inYear(2025)}) AS b FROM orders GROUP BY 1) ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'threads',
    ask: ['sales per category, H1 2024 vs H1 2025', 'sort them by % change'],
    ordered: true,
    sql: `SELECT category, round(100.0 * (b - a) / a, 2) FROM (SELECT category,
          sum(amount) FILTER (WHERE ${between('2024-01-01', '2024-07-01')}) AS a,
          sum(amount) FILTER (WHERE ${between('2025-01-01', '2025-07-01')}) AS b FROM orders GROUP BY 1) ORDER BY 2 DESC`,
  },
  // --- a share of the previous rows ---
  {
    class: 'threads',
    ask: ['revenue by region in 2025', 'as a percent of the total?'],
    check: 'answer',
    tolerance: 0.006,
    sql: shareOf('region', 'sum(amount)', inYear(2025)),
  },
  {
    class: 'threads',
    ask: ['orders per category in 2024', 'show that as a % share'],
    check: 'answer',
    tolerance: 0.006,
    sql: shareOf('category', 'count(*)', inYear(2024)),
  },
  // --- a measure replaced ---
  {
    class: 'threads',
    ask: ['orders by category in 2024', 'what about revenue?'],
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['avg order amount by segment', 'and the biggest single order?'],
    sql: `SELECT c.segment, max(o.amount) FROM ${withCustomers} GROUP BY 1`,
  },
  // --- a filter replaced or added ---
  {
    class: 'threads',
    ask: ['revenue from electronics in 2025', 'same for toys'],
    sql: `SELECT sum(amount) FROM orders WHERE category = 'toys' AND ${inYear(2025)}`,
  },
  {
    class: 'threads',
    ask: ['returned orders by region in 2025', 'what about cancelled ones?'],
    sql: `SELECT region, count(*) FROM orders WHERE status = 'cancelled' AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'threads',
    ask: ['orders per region in 2025', 'just the enterprise customers'],
    sql: `SELECT o.region, count(*) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND ${inYear(2025).replaceAll('created_at', 'o.created_at')} GROUP BY 1`,
  },
  // --- under row-level security ---
  {
    class: 'threads',
    user: WEST,
    ask: ['my revenue by category in 2025', 'for each of those, which segment spent the most?'],
    sql: `SELECT category, segment, m FROM (SELECT o.category, c.segment, sum(o.amount) AS m FROM ${withCustomers}
          WHERE o.region = 'west' AND ${inYear(2025).replaceAll('created_at', 'o.created_at')} GROUP BY 1, 2)
          QUALIFY row_number() OVER (PARTITION BY category ORDER BY m DESC, segment) = 1`,
  },
  {
    class: 'threads',
    user: WEST,
    ask: ['how many orders did we do in Q4 2025', 'and per category?'],
    sql: `SELECT category, count(*) FROM orders WHERE region = 'west' AND ${Q4_2025} GROUP BY 1`,
  },
  // --- honest refusals: the change names what the data lacks ---
  {
    class: 'threads',
    ask: ['revenue by region in 2025', 'for each of those, which sales rep sold the most?'],
    refuse: true,
  },
  {
    class: 'threads',
    ask: ['revenue by category in 2025', 'what about the margin?'],
    refuse: true,
  },
  {
    class: 'threads',
    ask: ['orders by region in 2025', 'and for next year?'],
    refuse: true,
  },
];
