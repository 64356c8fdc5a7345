/**
 * Seventeenth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-28, each answered
 * confidently wrong or refused before the planner change that reads it (written down from the probe's output
 * before the change, scored after). Fresh wordings, none copied from a held-out or earlier tuning set.
 * Before (on 09df383): "for each region, average orders per month" averaged each month's regions (a list of months,
 * not of regions: confidently wrong); "so far this half" / "the previous half" refused ("half"); "this year vs last"
 * refused ("last"); "this month vs last month" past the data answered as one total of the data's last two months;
 * "how many categories are there" answered as the number of orders; a count asked "in $k" stated as thousands of
 * dollars. Scored in the eval CLI: 3/21 before (on 09df383: 11 confidently wrong, 7 wrong refusals), 20/21 after
 * (none wrong; "what does every category average in revenue a month" is refused: "average" as a verb after its
 * entity is not read).
 *
 * Clock: 2026-06-30, after the data ends (orders 2023-01-01 to 2025-12-31), and 2025-09-10 inside it for the half.
 */
import { between, inYear, type SecondOrderCase, withCustomers } from './tuning-2';

export const TUNING_17_PROBED_NOW = '2026-06-30T16:40:00Z';

/** Each `by`'s average of its monthly `measure` over the months of [from, to). */
const monthlyAverage = (by: string, measure: string, [from, to]: [string, string], table = 'orders') => {
  const at = table === 'orders' ? 'created_at' : 'o.created_at';
  return `SELECT k, avg(v) FROM (SELECT ${by} AS k, date_trunc('month', ${at}) AS m, ${measure} AS v FROM ${table}
      WHERE ${between(from, to, at)} GROUP BY 1, 2) GROUP BY 1 ORDER BY 1`;
};

export const tuning17probed: SecondOrderCase[] = [
  {
    // Was each month's average over the four regions (a list of 12 months): confidently wrong.
    class: 'counts-per-entity',
    ask: 'on avg how many orders does each region get per month in 2025',
    sql: monthlyAverage('region', 'count(*)', ['2025-01-01', '2026-01-01']),
  },
  {
    // Was each month's average over the regions: confidently wrong.
    class: 'counts-per-entity',
    ask: 'for each region, average orders per month in 2025',
    sql: monthlyAverage('region', 'count(*)', ['2025-01-01', '2026-01-01']),
  },
  {
    // Was each month's average over the three segments: confidently wrong.
    class: 'counts-per-entity',
    ask: 'how many orders per month does each segment average, 2024',
    sql: monthlyAverage('c.segment', 'count(*)', ['2024-01-01', '2025-01-01'], withCustomers),
  },
  {
    // Was each month's average over the categories: confidently wrong. Now refused.
    class: 'counts-per-entity',
    ask: 'what does every category average in revenue a month, 2025?',
    sql: monthlyAverage('category', 'sum(amount)', ['2025-01-01', '2026-01-01']),
  },
  {
    // Was refused ("half"): this half runs past the data; the latest half stands for it.
    class: 'past-data',
    ask: 'how many orders so far this half',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-07-01', '2026-01-01')}`,
  },
  {
    class: 'past-data',
    ask: 'orders in the current half-year by region',
    sql: `SELECT region, count(*) FROM orders WHERE ${between('2025-07-01', '2026-01-01')} GROUP BY 1 ORDER BY 2 DESC`,
  },
  {
    // The previous half of 2026-06-30 is H2 2025, inside the data.
    class: 'past-data',
    ask: 'revenue in the prior half',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-07-01', '2026-01-01')}`,
  },
  {
    class: 'past-data',
    ask: 'total revenue for the previous half, by category',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${between('2025-07-01', '2026-01-01')} GROUP BY 1
      ORDER BY 2 DESC`,
  },
  {
    // Was each month's average over the five categories: confidently wrong.
    class: 'counts-per-entity',
    ask: 'average monthly revenue for each category in 2025',
    sql: monthlyAverage('category', 'sum(amount)', ['2025-01-01', '2026-01-01']),
  },
  {
    class: 'counts-per-entity',
    ask: 'avg monthly orders by region in 2025',
    sql: monthlyAverage('region', 'count(*)', ['2025-01-01', '2026-01-01']),
  },
  {
    class: 'counts-per-entity',
    ask: 'average orders per customer in 2025',
    sql: `SELECT avg(n) FROM (SELECT customer_id, count(*) AS n FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  {
    // Was one total of the last two months in the data (the two compared months merged): confidently wrong.
    class: 'past-data',
    ask: 'revenue this month vs last month',
    sql: `SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE ${between('2025-11-01', '2026-01-01')}
      GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was refused ("previous one").
    class: 'past-data',
    ask: 'orders this quarter versus the previous one',
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM orders WHERE ${between('2025-07-01', '2026-01-01')}
      GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was refused ("last"): the unit left unsaid is this one's; this year has no data, last year's figure stands.
    class: 'past-data',
    ask: "what's the AOV for furniture this year vs last",
    sql: `SELECT avg(amount) FROM orders WHERE category = 'furniture' AND ${inYear(2025)}`,
  },
  {
    // Was refused ("previous one").
    class: 'period-over-period',
    ask: 'how many cancelled orders this month compared to the previous one?',
    sql: `SELECT date_trunc('month', created_at), count(*) FROM orders WHERE status = 'cancelled'
      AND ${between('2025-11-01', '2026-01-01')} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was the number of orders (1,000,000: the dimension's word dropped): confidently wrong. Now refused.
    class: 'counts-per-entity',
    ask: 'how many categories are there',
    refuse: true,
  },
  {
    // Was the number of customers (20,000): confidently wrong. Now refused.
    class: 'counts-per-entity',
    ask: 'how many categories does a typical customer buy in',
    refuse: true,
  },
  {
    // Was each customer's count of customers (1 each): confidently wrong. Now refused.
    class: 'counts-per-entity',
    ask: 'number of distinct categories per customer in 2025',
    refuse: true,
  },
  {
    // Was the number of orders stated as millions ("about 0.06 million"): confidently wrong. Now refused.
    class: 'wording',
    ask: 'what did clothing do in 2025 in $M',
    refuse: true,
  },
  {
    // Was the number of orders stated as thousands: confidently wrong. Now refused.
    class: 'wording',
    ask: 'how many orders for toys in 2024, in $k',
    refuse: true,
  },
  {
    class: 'wording',
    ask: 'toys revenue in 2024 in dollars',
    sql: `SELECT sum(amount) FROM orders WHERE category = 'toys' AND ${inYear(2024)}`,
  },
];
