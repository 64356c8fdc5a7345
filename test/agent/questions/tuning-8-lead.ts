/**
 * Regression cases for the readings the lead added after held-out-7 was scored (issue 29), in wordings of his
 * own: a period against the same period a year earlier ("this quarter vs the same quarter last year", "ytd vs
 * last ytd", "December 2025 vs the same month the year before"), a year-over-year change of one period shorter
 * than a year ("December sales YoY", "Q4 vs Q4 the year before"), a window against the one just before it ("the last
 * 3 months vs the previous 3 months", "the 60 days before that"), years after an apostrophe and "% diff", past the data or inside it, and "same …" with
 * no period to be the same as (refused); a rate ranked with no measure named ("which region has the lowest return
 * rate": of orders, not of revenue), "active customers" in a period (those with orders in it; refused without
 * one), entities whose rows are all of one value ("only ever bought furniture"), a holiday by name and "the week
 * of" a day, customer lifetime value as the metric (the average of each customer's total), counts of rows per
 * entity in words ("only one order", "more than once"), "median customer spend" (of each customer's total), and
 * a value the asker cannot see under their access rules (another region): refused, never answered as 0; and, after
 * held-out-8/9 were scored, business words ("patrons", "avg basket", "brought back") and "3+ cancellations", "12
 * times or more". Written AFTER the change, so these are regression cases, not a
 * measurement.
 *
 * Clock: 2026-03-03, after the data ends (orders 2023-01-01 to 2025-12-31).
 */

import { between, WEST } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_8_LEAD_NOW = '2026-03-03T09:00:00Z';

/** A clock inside the data, for windows that lie wholly in it. */
const INSIDE = '2025-12-20T09:00:00Z';

export const tuning8lead: Tuning6Case[] = [
  {
    class: 'past-the-data',
    ask: 'sales last month vs the same month a year ago',
    check: 'range',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-02-01', '2025-03-01')}`,
  },
  {
    class: 'past-the-data',
    ask: "what's our ytd revenue compared with last ytd?",
    check: 'range',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-03-04')}`,
  },
  {
    class: 'past-the-data',
    ask: 'how many orders this quarter so far vs the same period last year?',
    check: 'range',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-01-01', '2025-03-04')}`,
  },
  {
    class: 'period-over-period',
    ask: 'orders in December 2025 vs the same month the year before',
    sql: `SELECT strftime(created_at, '%B %Y'), count(*) FROM orders WHERE ${between('2024-12-01', '2025-01-01')} OR ${between('2025-12-01', '2026-01-01')} GROUP BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'Q3 2025 revenue compared with the same period last year, by region',
    sql: `SELECT 'Q3 ' || year(created_at), region, sum(amount) FROM orders WHERE ${between('2024-07-01', '2024-10-01')} OR ${between('2025-07-01', '2025-10-01')} GROUP BY 1, 2`,
  },
  {
    class: 'period-over-period',
    ask: 'avg order value in Nov 2024, and in the same month a year earlier?',
    sql: `SELECT strftime(created_at, '%B %Y'), avg(amount) FROM orders WHERE ${between('2023-11-01', '2023-12-01')} OR ${between('2024-11-01', '2024-12-01')} GROUP BY 1`,
  },
  {
    class: 'period-over-period',
    ask: 'how many orders in Q4 last year?',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-10-01', '2026-01-01')}`,
  },
  {
    class: 'period-over-period',
    ask: 'December sales YoY',
    check: 'answer',
    sql: `SELECT sum(amount) FILTER (WHERE ${between('2024-12-01', '2025-01-01')}), sum(amount) FILTER (WHERE ${between('2025-12-01', '2026-01-01')}) FROM orders`,
  },
  {
    class: 'period-over-period',
    ask: 'how did Q4 do vs Q4 the year before, in orders?',
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE ${between('2024-10-01', '2025-01-01')}), count(*) FILTER (WHERE ${between('2025-10-01', '2026-01-01')}) FROM orders`,
  },
  {
    class: 'past-the-data',
    ask: 'yoy revenue growth for last month',
    check: 'range',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-02-01', '2025-03-01')}`,
  },
  {
    class: 'period-over-period',
    ask: "H1 '25 orders vs H1 '24, pct diff?",
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE ${between('2024-01-01', '2024-07-01')}), count(*) FILTER (WHERE ${between('2025-01-01', '2025-07-01')}), round(100.0 * count(*) FILTER (WHERE ${between('2025-01-01', '2025-07-01')}) / count(*) FILTER (WHERE ${between('2024-01-01', '2024-07-01')}) - 100, 2) FROM orders`,
  },
  {
    class: 'period-over-period',
    ask: 'revenue last 3 months vs the previous 3 months',
    now: INSIDE,
    check: 'answer',
    sql: `SELECT sum(amount) FILTER (WHERE ${between('2025-06-01', '2025-09-01')}), sum(amount) FILTER (WHERE ${between('2025-09-01', '2025-12-01')}) FROM orders`,
  },
  {
    class: 'period-over-period',
    ask: 'orders in the last 60 days vs the 60 days before that',
    now: INSIDE,
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE ${between('2025-08-22', '2025-10-21')}), count(*) FILTER (WHERE ${between('2025-10-21', '2025-12-20')}) FROM orders`,
  },
  {
    class: 'period-over-period',
    ask: 'how many orders in the past 2 weeks versus the period before?',
    now: INSIDE,
    check: 'answer',
    // The 14 days before today (a Saturday), as held-out-8 reads "the past 2 weeks", and the 14 days before those.
    sql: `SELECT count(*) FILTER (WHERE ${between('2025-11-22', '2025-12-06')}), count(*) FILTER (WHERE ${between('2025-12-06', '2025-12-20')}) FROM orders`,
  },
  {
    class: 'combined-shares',
    ask: 'what region has the lowest return rate?',
    check: 'answer',
    sql: `SELECT region, round(100.0 * count(*) FILTER (WHERE status = 'returned') / count(*), 2) AS r FROM orders GROUP BY 1 ORDER BY 2 LIMIT 1`,
  },
  {
    class: 'combined-shares',
    ask: 'which category had the highest cancellation rate in 2024?',
    check: 'answer',
    sql: `SELECT category, round(100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*), 2) AS r FROM orders WHERE ${between('2024-01-01', '2025-01-01')} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many active customers did we have in November 2025?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${between('2025-11-01', '2025-12-01')}`,
  },
  {
    class: 'counts-per-entity',
    ask: 'number of active consumer customers in Q2 2024',
    sql: `SELECT count(DISTINCT o.customer_id) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.segment = 'consumer' AND ${between('2024-04-01', '2024-07-01').replaceAll('created_at', 'o.created_at')}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many active customers do we have?',
    refuse: true,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers only ever bought furniture?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) FILTER (WHERE category IS DISTINCT FROM 'furniture') = 0)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers ordered toys exclusively in March 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${between('2025-03-01', '2025-04-01')} GROUP BY 1 HAVING count(*) FILTER (WHERE category IS DISTINCT FROM 'toys') = 0)`,
  },
  {
    class: 'wording',
    ask: 'what did we sell on Black Friday 2024, in revenue?',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-11-29', '2024-11-30')}`,
  },
  {
    class: 'wording',
    ask: 'orders in the week of Oct 8th, 2025 by status',
    sql: `SELECT status, count(*) FROM orders WHERE ${between('2025-10-06', '2025-10-13')} GROUP BY 1`,
  },
  {
    class: 'wording',
    ask: 'customer lifetime value by segment',
    check: 'answer',
    sql: `SELECT c.segment, sum(o.amount) / count(DISTINCT o.customer_id) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY 1`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers with only one order in October 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${between('2025-10-01', '2025-11-01')} GROUP BY 1 HAVING count(*) = 1)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many clients ordered more than once in Nov 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE ${between('2025-11-01', '2025-12-01')} GROUP BY 1 HAVING count(*) > 1)`,
  },
  {
    class: 'percentiles',
    ask: 'median customer spend in 2024',
    sql: `SELECT median(s) FROM (SELECT sum(amount) AS s FROM orders WHERE ${between('2024-01-01', '2025-01-01')} GROUP BY customer_id)`,
  },
  {
    class: 'out-of-scope',
    ask: 'how many orders did the east region place in 2025?',
    user: WEST,
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'revenue in the north, all time',
    user: WEST,
    refuse: true,
  },
  {
    class: 'wording',
    ask: 'west revenue in 2025',
    user: WEST,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${between('2025-01-01', '2026-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many orders got brought back in Q3 2025?',
    sql: `SELECT count(*) FROM orders WHERE status = 'returned' AND ${between('2025-07-01', '2025-10-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'avg basket in the south for 2024',
    sql: `SELECT avg(amount) FROM orders WHERE region = 'south' AND ${between('2024-01-01', '2025-01-01')}`,
  },
  {
    class: 'unknown-words',
    ask: 'how many patrons ordered in Oct 2025?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE ${between('2025-10-01', '2025-11-01')}`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers had 3+ cancellations in 2025?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE status = 'cancelled' AND ${between('2025-01-01', '2026-01-01')} GROUP BY 1 HAVING count(*) >= 3)`,
  },
  {
    class: 'counts-per-entity',
    ask: 'how many customers bought toys 12 times or more?',
    sql: `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE category = 'toys' GROUP BY 1 HAVING count(*) >= 12)`,
  },
  {
    class: 'wording',
    ask: 'revenue for the same quarter last year',
    refuse: true,
  },
];
