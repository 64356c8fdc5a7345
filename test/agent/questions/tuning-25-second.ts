/**
 * The lead's second batch of probes of the session of 2026-11-29 (issue 29), in the lead's own words, on the same
 * clock as tuning-25-probed.ts, written after the first batch's fixes (45c4766) and before the changes they tune:
 * a value said as events whose trend is asked ("how did cancellations trend"), two values compared with "which is
 * higher" (and "by how much"), revenue "per active customer", a sort said as "busiest first" or "quietest first", how
 * many categories "the average customer" bought from, and a glossed word of people whose gloss is a count of their
 * orders ("loyal customers (i.e. 2 or more orders)": was read as orders of $2 or more); with neighbours that were
 * already right.
 * Scored in the eval CLI: 3 of 17 right before, on 45c4766 (6 confidently wrong); 17 of 17, none wrong, after.
 *
 * Clock: Wednesday 2027-05-26, seventeen months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { between, growth, inYear, periodChange, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_25_SECOND_NOW = '2027-05-26T10:00:00Z';

const ofStatus = (status: string) => `count(*) FILTER (WHERE status = '${status}')`;
const segmentAov = `SELECT c.segment, avg(o.amount) FROM orders o JOIN customers c ON o.customer_id = c.id
  WHERE c.segment IN ('enterprise', 'consumer') AND ${inYear(2025, 'o.created_at')} GROUP BY 1`;

export const tuning25second: (SecondOrderCase & Tuning6Case)[] = [
  // --- a value said as events: its rows counted ---
  {
    class: 'period-over-period',
    ask: 'how did cancellations trend in 2025?',
    sql: periodChange('month', ofStatus('cancelled'), '2025-01-01', '2026-01-01'),
  },
  {
    class: 'period-over-period',
    ask: 'how did returns trend over 2024, by quarter?',
    sql: periodChange('quarter', ofStatus('returned'), '2024-01-01', '2025-01-01'),
  },
  {
    class: 'period-over-period',
    ask: "which region's returns grew most from 2024 to 2025?",
    sql: `SELECT region, ${growth(`count(*) FILTER (WHERE ${inYear(2025)})`, `count(*) FILTER (WHERE ${inYear(2024)})`)} AS g
      FROM orders WHERE status = 'returned' GROUP BY 1 ORDER BY g DESC LIMIT 1`,
  },
  {
    // Already right: a performance asked of a value is its money and its orders.
    class: 'wording',
    ask: 'how did the north do in 2025?',
    sql: `SELECT sum(amount), count(*) FROM orders WHERE region = 'north' AND ${inYear(2025)}`,
  },
  // --- two values compared: which leads ---
  { class: 'wording', ask: 'enterprise vs consumer AOV in 2025 - which is higher?', sql: segmentAov },
  { class: 'wording', ask: 'did enterprise or consumer have the higher AOV in 2025?', sql: segmentAov },
  { class: 'wording', ask: 'AOV in 2025: enterprise or consumer, which was higher?', sql: segmentAov },
  {
    class: 'wording',
    ask: 'enterprise vs consumer AOV in 2025, which is higher and by how much?',
    check: 'answer',
    sql: `SELECT max(v) - min(v) FROM (${segmentAov.replace('avg(o.amount)', 'avg(o.amount) AS v')})`,
    tolerance: 0.01,
  },
  // --- per active customer ---
  {
    class: 'counts-per-entity',
    ask: 'revenue per active customer in 2025',
    sql: `SELECT sum(amount) / count(DISTINCT customer_id) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    class: 'counts-per-entity',
    ask: 'revenue per active customer by quarter in 2025',
    sql: `SELECT date_trunc('quarter', created_at), sum(amount) / count(DISTINCT customer_id) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  // --- a sort said by the rows' busiest or quietest end ---
  {
    class: 'wording',
    ask: 'orders by weekday in Q3 2025, busiest first',
    ordered: true,
    sql: `SELECT dayname(created_at) AS d, count(*) AS n FROM orders WHERE ${between('2025-07-01', '2025-10-01')} GROUP BY 1 ORDER BY n DESC`,
  },
  {
    class: 'wording',
    ask: 'orders by month in 2024, quietest first',
    ordered: true,
    sql: `SELECT date_trunc('month', created_at) AS m, count(*) AS n FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY n`,
  },
  // --- how many of something the average customer bought ---
  {
    class: 'counts-per-entity',
    ask: 'how many categories did the average customer buy from in 2025?',
    sql: `SELECT avg(n) FROM (SELECT customer_id, count(DISTINCT category) AS n FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
    tolerance: 0.01,
  },
  {
    // Already right.
    class: 'counts-per-entity',
    ask: 'how many orders did the average customer place in 2025?',
    sql: `SELECT count(*) / count(DISTINCT customer_id) FROM orders WHERE ${inYear(2025)}`,
    tolerance: 0.01,
  },
  // --- a glossed word of people ---
  {
    // Was read as orders of $2 or more (confidently wrong); whether "2 or more orders" is of 2025 or of all time is
    // not said, so it is asked back.
    class: 'unknown-words',
    ask: 'how many loyal customers (i.e. 2 or more orders) in 2025?',
    refuse: true,
  },
  {
    class: 'unknown-words',
    ask: 'how many loyal customers (i.e. 2 or more orders in 2025) did we have?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${inYear(2025)} GROUP BY 1 HAVING count(*) >= 2)`,
  },
  {
    // Already right.
    class: 'unknown-words',
    ask: 'how many jumbo orders (i.e. $950 or more) in 2024?',
    sql: `SELECT count(*) FROM orders WHERE amount >= 950 AND ${inYear(2024)}`,
  },
];
