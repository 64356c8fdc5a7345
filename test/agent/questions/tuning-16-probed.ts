/**
 * Sixteenth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-27 (fifth session), each
 * answered confidently wrong or refused before the planner change that reads it (written down from the probe's
 * output before the change, scored after). Fresh wordings, none copied from a held-out or earlier tuning set.
 * Before (on bcdb0d3): a change in one named quarter (month, half) answered as the last two years; a follow-up's
 * "vs 2024" as 2023 to 2024; a follow-up's yearless quarter as this year's (past the data, $0); "which was
 * highest?" after a breakdown as the largest order amount of everything; "top 5 ... biggest drop" ranked by the
 * largest order; "what segment are they in?" after a top 5 as revenue by segment; "avg number of categories per
 * customer" as the orders per customer. Scored in the eval CLI: 0/22 before (20 confidently wrong, 2 wrong
 * refusals), 21/22 after (none wrong; the one left, "how many sales regions does a customer order in, on average",
 * is refused).
 *
 * Clock: 2026-11-20, after the data ends (orders 2023-01-01 to 2025-12-31).
 */
import { between, inYear, type SecondOrderCase, withCustomers } from './tuning-2';

export const TUNING_16_PROBED_NOW = '2026-11-20T10:00:00Z';

/** `by`'s `measure` in [a, b) and [b, c) with the percent change, the largest `n` by `rank` (all rows: n = 0). */
const change = (
  by: string,
  measure: string,
  [a, b, c]: [string, string, string],
  opts: { n?: number; rank?: 'pct' | 'abs'; dir?: 'DESC' | 'ASC'; from?: string } = {},
) => {
  const { n = 1, rank = 'pct', dir = 'DESC', from = 'orders' } = opts;
  const at = from === 'orders' ? 'created_at' : 'o.created_at';
  const order = rank === 'pct' ? '100.0 * (v2 - v1) / v1' : 'v2 - v1';
  return `SELECT ${by ? 'k, ' : ''}v1, v2, round(100.0 * (v2 - v1) / v1, 2) FROM (SELECT ${by ? `${by} AS k, ` : ''}
      ${measure.replaceAll('$W', between(a, b, at))} AS v1, ${measure.replaceAll('$W', between(b, c, at))} AS v2
      FROM ${from} ${by ? 'GROUP BY 1' : ''}) ORDER BY ${order} ${dir}${n ? ` LIMIT ${n}` : ''}`;
};
const SUM = 'sum(amount) FILTER (WHERE $W)';
const COUNT = 'count(*) FILTER (WHERE $W)';

export const tuning16probed: SecondOrderCase[] = [
  {
    // Was 2023 to 2024 (the follow-up's "vs 2024" read as the later year): confidently wrong.
    class: 'threads',
    ask: ['revenue by region in 2025', 'which one grew the most vs 2024?'],
    sql: change('region', SUM, ['2024-01-01', '2025-01-01', '2026-01-01']),
  },
  {
    // Was 2024 to 2025, every category's year (the quarter dropped): confidently wrong.
    class: 'threads',
    ask: ['orders by category in Q3 2025', 'which grew fastest?'],
    sql: change('category', COUNT, ['2025-04-01', '2025-07-01', '2025-10-01']),
  },
  {
    // Was Q2 2026 and Q3 2026 (a yearless Q2 read as this year's), past the data.
    class: 'threads',
    ask: ['orders by category in Q3 2025', 'which grew fastest vs Q2?'],
    sql: change('category', COUNT, ['2025-04-01', '2025-07-01', '2025-10-01']),
  },
  {
    // Was the quarter of the whole data with the largest growth of revenue: confidently wrong.
    class: 'threads',
    ask: ['orders by category in Q3 2025', 'which grew fastest vs the previous quarter?'],
    sql: change('category', COUNT, ['2025-04-01', '2025-07-01', '2025-10-01']),
  },
  {
    // Was every month of the data against the one before, no region.
    class: 'threads',
    ask: ['revenue by region in march 2025', 'how did each change over the prior month?'],
    sql: change('region', SUM, ['2025-02-01', '2025-03-01', '2025-04-01'], { n: 0 }),
  },
  {
    // Was every year against the one before.
    class: 'threads',
    ask: ['revenue in 2025', 'how did it change vs the previous year?'],
    sql: change('', SUM, ['2024-01-01', '2025-01-01', '2026-01-01']),
  },
  {
    // Was Q2 2026: past the data, $0.
    class: 'threads',
    ask: ['revenue in 2024', 'what about Q2?'],
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-04-01', '2024-07-01')}`,
  },
  {
    class: 'threads',
    ask: ['revenue in 2024', 'and in march?'],
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-03-01', '2024-04-01')}`,
  },
  {
    // Was the largest order amount of every order ($999.99): confidently wrong.
    class: 'threads',
    ask: ['revenue by region in 2025', 'which was highest?'],
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    // Was the smallest order amount of every order ($5.00): confidently wrong.
    class: 'threads',
    ask: ['revenue by region in 2025', 'which was highest?', 'and the lowest?'],
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 LIMIT 1`,
  },
  {
    // Was refused (no reading of "and the quietest?").
    class: 'threads',
    ask: ['orders in 2025 by month', 'which month was the busiest?', 'and the quietest?'],
    sql: `SELECT date_trunc('month', created_at), count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1
      ORDER BY 2 LIMIT 1`,
  },
  {
    class: 'threads',
    ask: ['top category by revenue in 2024', 'and the worst?'],
    sql: `SELECT category, sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 2 LIMIT 1`,
  },
  {
    // Was revenue by segment over every customer: confidently wrong.
    class: 'threads',
    ask: ['top 5 customers by revenue in 2025', 'what segment are they in?'],
    sql: `SELECT c.name, c.segment, sum(o.amount) FROM orders o JOIN customers c ON o.customer_id = c.id
      WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5`,
  },
  {
    // Was revenue by sales region over every customer: confidently wrong (a customer orders in several regions).
    class: 'threads',
    ask: ['top 5 customers by revenue in 2025', 'which region are they from?'],
    refuse: true,
  },
  {
    // Was the last two years (the quarter dropped): confidently wrong.
    class: 'period-over-period',
    ask: 'which category grew fastest in Q2 2025?',
    sql: change('category', SUM, ['2025-01-01', '2025-04-01', '2025-07-01']),
  },
  {
    class: 'period-over-period',
    ask: 'which region grew the most in March 2025',
    sql: change('region', SUM, ['2025-02-01', '2025-03-01', '2025-04-01']),
  },
  {
    class: 'period-over-period',
    ask: 'revenue growth in h1 2025 by segment',
    sql: change('c.segment', SUM, ['2024-07-01', '2025-01-01', '2025-07-01'], { n: 0, from: withCustomers }),
  },
  {
    // "vs Q2 2025": the quarter after it against it.
    class: 'period-over-period',
    ask: 'which category grew fastest vs Q2 2025?',
    sql: change('category', SUM, ['2025-04-01', '2025-07-01', '2025-10-01']),
  },
  {
    // Was ranked by the largest order amount ("biggest" read as its measure): confidently wrong.
    class: 'period-over-period',
    ask: 'top 5 customers with the biggest drop in orders from 2024 to 2025',
    sql: change('c.name', COUNT, ['2024-01-01', '2025-01-01', '2026-01-01'], {
      n: 5,
      rank: 'abs',
      dir: 'ASC',
      from: withCustomers,
    }),
  },
  {
    // Was the average number of orders per customer (16.16, "categories" dropped): confidently wrong.
    class: 'counts-per-entity',
    ask: 'avg number of categories per customer in 2025',
    sql: `SELECT avg(n) FROM (SELECT customer_id, count(DISTINCT category) AS n FROM orders WHERE ${inYear(2025)}
      GROUP BY 1)`,
  },
  {
    // Was the orders per customer by category: confidently wrong.
    class: 'counts-per-entity',
    ask: 'avg distinct categories per customer in 2025',
    sql: `SELECT avg(n) FROM (SELECT customer_id, count(DISTINCT category) AS n FROM orders WHERE ${inYear(2025)}
      GROUP BY 1)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many sales regions does a customer order in, on average, in 2024?',
    sql: `SELECT avg(n) FROM (SELECT customer_id, count(DISTINCT region) AS n FROM orders WHERE ${inYear(2024)}
      GROUP BY 1)`,
  },
];
