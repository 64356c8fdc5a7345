/**
 * Twentieth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-28 (fourth session of the
 * day, on 7b40834), each answered confidently wrong or refused before the planner change that reads it (written down
 * from the probe's output before the change, scored after). Fresh wordings, none copied from a held-out or earlier
 * tuning set; the last held-out set's wrong refusals named the shapes ("revenue 2 years ago vs 3 years ago", "the last
 * three full calendar years", "total revenue for the year", "write out the full numbers", "Tableau says west did
 * ~$41M", "AOV moved the least ... in dollars"), the wordings here are new.
 * Before (on 7b40834): "changed the least" ranked the largest fall first and "the difference" between two categories
 * in one year compared each with a year never asked; "orders in 2025 total" and "cancelled orders in 2024 as a % of
 * total" were of the total amount; "how did my region do vs 2024" was the order count (all confidently wrong); refused: "N years (quarters,
 * months) ago", "this/last fiscal year", "full calendar years", "for the year" after a named year, "write out the
 * full numbers with commas", "don't round it", "(not rounded)", a quoted dollar figure with no measure named,
 * "moved the least", "the gap between them", "the week of Black Friday", "the 3-year total", "the total please".
 * "the 3 biggest orders of december 2025 with the customer" was the number of customers; "and the change?" after a
 * period swapped in a thread compared the last period with the one before it, not with the first asked (both
 * confidently wrong); refused: a top row's share of the total, "the total for the whole year" after a ranking,
 * "combined?" after two turns. "the last 2 yrs vs the 2 before that" was refused; "each region's share of toys revenue" was toys' share within each
 * region (confidently wrong); "ARPU" and "cxl" were refused; "Sep 2025 through Feb 2026" asked in March 2027 was answered
 * without the data's last day. Scored in the eval CLI: 2 of 46 right before (14 confidently wrong), 46 of 46 after.
 *
 * Clock: Wednesday 2026-12-02, eleven months past the data's end (orders 2023-01-01 to 2025-12-31): "2 years ago" is
 * 2024, "18 months ago" June 2025, "four quarters ago" Q4 2025, "last fiscal year" 2025.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, inYear, type SecondOrderCase, WEST, withCustomers } from './tuning-2';

export const TUNING_20_PROBED_NOW = '2026-12-02T10:00:00Z';

/** A case, asked by an analyst under row-level security where it names one. */
export type Tuning20Case = SecondOrderCase & { user?: QueryUser };

/** Each segment's average order value in 2024 and 2025 and the change, the smallest change either way first. */
const segmentAovLeastMoved = `WITH s AS (
    SELECT c.segment, avg(o.amount) FILTER (WHERE year(o.created_at) = 2024) AS a,
           avg(o.amount) FILTER (WHERE year(o.created_at) = 2025) AS b
    FROM ${withCustomers} GROUP BY 1)
  SELECT segment, a, b, b - a FROM s ORDER BY abs(b - a) LIMIT 1`;
/** Revenue of two categories in 2025 and the gap between them. */
const twoCategories = `SELECT sum(amount) FILTER (WHERE category = 'toys'), sum(amount) FILTER (WHERE category = 'electronics'),
    abs(sum(amount) FILTER (WHERE category = 'toys') - sum(amount) FILTER (WHERE category = 'electronics'))
  FROM orders WHERE ${inYear(2025)}`;

export const tuning20probed: Tuning20Case[] = [
  // --- calendar periods counted back from today, fiscal years, calendar years ---
  {
    // Was refused ("revenue 2 years ago vs 3").
    class: 'period-over-period',
    ask: 'revenue 2 years ago vs 3 years ago (calendar years)',
    ordered: true,
    sql: `SELECT year(created_at), sum(amount) FROM orders WHERE ${between('2023-01-01', '2025-01-01')} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was refused.
    class: 'period-over-period',
    ask: 'how many orders did we get two years ago?',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    // Was refused ("revenue last", "2 yrs", "before", "vs"). The two years before lie partly before the data.
    class: 'past-data',
    ask: 'revenue last 2 yrs vs the 2 before that',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2022-01-01', '2026-01-01')} GROUP BY created_at >= '2024-01-01'`,
  },
  {
    // Was answered without the data's last day (a named period ending more than a year before today).
    class: 'past-data',
    ask: 'revenue from Sep 2025 through Feb 2026 by month',
    now: '2027-03-03T10:00:00Z',
    check: 'range',
    sql: `SELECT (SELECT CAST(max(created_at) AS DATE) FROM orders), sum(amount) FROM orders WHERE ${between('2025-09-01', '2026-03-01')}`,
  },
  {
    // Was refused.
    class: 'wording',
    ask: 'revenue 18 months ago',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-06-01', '2025-07-01')}`,
  },
  {
    // Was refused.
    class: 'wording',
    ask: 'number of orders four quarters ago',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-10-01', '2026-01-01')}`,
  },
  {
    // Was refused ("fiscal year").
    class: 'wording',
    ask: 'revenue last fiscal year by region',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    // Was refused ("last" and "three").
    class: 'wording',
    ask: 'combined revenue over the last three full calendar years',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2023-01-01', '2026-01-01')}`,
  },
  {
    // Was refused ("last" and "two").
    class: 'wording',
    ask: 'orders for the last two complete calendar years, total',
    sql: `SELECT count(*) FROM orders WHERE ${between('2024-01-01', '2026-01-01')}`,
  },
  {
    // Was refused ("last year").
    class: 'wording',
    ask: "how'd we do last year? total revenue for the year pls",
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Was refused.
    class: 'wording',
    ask: 'furniture revenue in 2024, for the whole year',
    sql: `SELECT sum(amount) FROM orders WHERE category = 'furniture' AND ${inYear(2024)}`,
  },
  // --- figures asked written out in full ---
  {
    // Was refused ("status write", "commas no rounding").
    class: 'wording',
    ask: '2025 orders by status - write out the full numbers with commas, no rounding to k',
    sql: `SELECT status, count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    // Was refused ("round").
    class: 'wording',
    ask: "total revenue 2023, don't round it",
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2023)}`,
  },
  {
    // Was refused ("not rounded").
    class: 'wording',
    ask: 'revenue by month for 2024 (not rounded)',
    ordered: true,
    sql: `SELECT date_trunc('month', created_at), sum(amount) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was refused ("exact").
    class: 'wording',
    ask: 'AOV by segment in 2025, exact figures please',
    sql: `SELECT c.segment, avg(o.amount) FROM ${withCustomers} WHERE ${inYear(2025, 'o.created_at')} GROUP BY 1`,
  },
  // --- a quoted dollar figure ---
  {
    // Was refused (the quote named no measure).
    class: 'unknown-words',
    ask: "Dana's Looker tile says the south did about $3.9M in 2023. what's the real number?",
    sql: `SELECT sum(amount) FROM orders WHERE region = 'south' AND ${inYear(2023)}`,
  },
  {
    // Was refused.
    class: 'unknown-words',
    ask: 'finance claims the north made $700k in Q2 2025 - can you check?',
    sql: `SELECT sum(amount) FROM orders WHERE region = 'north' AND ${between('2025-04-01', '2025-07-01')}`,
  },
  {
    // Was refused ("arpu").
    class: 'unknown-words',
    ask: 'ARPU by segment in 2024',
    sql: `SELECT segment, avg(s) FROM (SELECT c.segment, o.customer_id, sum(o.amount) AS s FROM ${withCustomers}
      WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1, 2) GROUP BY 1`,
  },
  {
    // Was refused ("cxl").
    class: 'unknown-words',
    ask: '# of cxl orders 2025 by quarter',
    ordered: true,
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM orders WHERE status = 'cancelled' AND ${inYear(2025)} GROUP BY 1 ORDER BY 1`,
  },
  // --- a change of no direction ---
  {
    // Was the largest fall ranked first: confidently wrong.
    class: 'period-over-period',
    ask: "which segment's AOV changed the least from 2024 to 2025",
    sql: segmentAovLeastMoved,
  },
  {
    // Was refused ("aov moved").
    class: 'period-over-period',
    ask: "which segment's average order value moved the least between 2024 and 2025, in dollars?",
    sql: segmentAovLeastMoved,
  },
  {
    // Was refused ("revenue moved").
    class: 'period-over-period',
    ask: 'which category saw revenue shift the most from 2023 to 2024',
    sql: `WITH s AS (SELECT category, sum(amount) FILTER (WHERE year(created_at) = 2023) AS a,
        sum(amount) FILTER (WHERE year(created_at) = 2024) AS b FROM orders GROUP BY 1)
      SELECT category, a, b, b - a FROM s ORDER BY abs(b - a) DESC LIMIT 1`,
  },
  // --- the gap between two values in one period ---
  {
    // Was each category's change from 2024 to 2025: confidently wrong.
    class: 'wording',
    ask: 'revenue for toys vs electronics in 2025, and the difference',
    check: 'answer',
    sql: twoCategories,
  },
  {
    // Was each category's change from 2024 to 2025: confidently wrong.
    class: 'wording',
    ask: 'difference between toys and electronics revenue in 2025',
    check: 'answer',
    sql: twoCategories,
  },
  {
    // Was refused ("gap", "between").
    class: 'wording',
    ask: "east vs west order count in 2024 - what's the gap between them?",
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE region = 'east'), count(*) FILTER (WHERE region = 'west'),
        abs(count(*) FILTER (WHERE region = 'east') - count(*) FILTER (WHERE region = 'west'))
      FROM orders WHERE ${inYear(2024)}`,
  },
  // --- holiday weeks, totals beside a breakdown ---
  {
    // Was refused ("week").
    class: 'wording',
    ask: 'revenue in the week of Black Friday 2024',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-11-25', '2024-12-02')}`,
  },
  {
    // Was refused.
    class: 'wording',
    ask: 'orders thanksgiving week 2025',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-11-24', '2025-12-01')}`,
  },
  {
    // Was refused ("year", "3-year").
    class: 'wording',
    ask: 'revenue each year 2023 thru 2025, plus the 3-year total',
    ordered: true,
    sql: `SELECT year(created_at), sum(amount) FROM orders GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was refused ("orders").
    class: 'wording',
    ask: 'orders by quarter in 2025, and the total please',
    ordered: true,
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was refused ("year").
    class: 'wording',
    ask: 'orders each quarter of 2024 and the total for the year',
    ordered: true,
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM orders WHERE ${inYear(2024)} GROUP BY 1 ORDER BY 1`,
  },
  {
    // Was the total amount: confidently wrong.
    class: 'wording',
    ask: 'orders in 2025 total',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // (Kept: the whole of a share.)
    class: 'combined-shares',
    ask: 'cancelled orders in 2024 as a % of total',
    check: 'answer',
    sql: `SELECT round(100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*), 2) FROM orders WHERE ${inYear(2024)}`,
  },
  // --- each row's share of one value's whole ---
  {
    // Was toys' share within each region's revenue (another whole): confidently wrong.
    class: 'combined-shares',
    ask: "each region's share of toys revenue in 2025",
    check: 'answer',
    sql: `SELECT region, round(100.0 * sum(amount) / sum(sum(amount)) OVER (), 2) FROM orders WHERE category = 'toys' AND ${inYear(2025)} GROUP BY 1`,
  },
  {
    // Was toys' share within each region's revenue: confidently wrong.
    class: 'combined-shares',
    ask: 'what share of furniture orders did each segment account for in 2024?',
    check: 'answer',
    sql: `SELECT c.segment, round(100.0 * count(*) / sum(count(*)) OVER (), 2) FROM ${withCustomers}
      WHERE o.category = 'furniture' AND ${inYear(2024, 'o.created_at')} GROUP BY 1`,
  },
  // --- rows listed with their customer ---
  {
    // Was the number of customers in December 2025: confidently wrong.
    class: 'top-per-group',
    ask: 'list the 3 biggest orders of december 2025 with the customer',
    ordered: true,
    sql: `SELECT amount FROM orders WHERE ${between('2025-12-01', '2026-01-01')} ORDER BY amount DESC LIMIT 3`,
  },
  {
    // Was each order amount ranked by its number of customers: confidently wrong.
    class: 'top-per-group',
    ask: 'top 3 orders in november 2025 by amount, with customer',
    ordered: true,
    sql: `SELECT amount FROM orders WHERE ${between('2025-11-01', '2025-12-01')} ORDER BY amount DESC LIMIT 3`,
  },
  {
    // Was the smallest amount alone.
    class: 'top-per-group',
    ask: 'the 3 smallest orders of 2024 and their customers',
    ordered: true,
    sql: `SELECT amount FROM orders WHERE ${inYear(2024)} ORDER BY amount LIMIT 3`,
  },
  // --- threads: the periods and values of the turns before ---
  {
    // Was 2023 to 2024 (the period before the last one asked): confidently wrong.
    class: 'period-over-period',
    ask: ['revenue by region in 2025', 'what about 2024?', 'and the change?'],
    sql: `SELECT region, sum(amount) FILTER (WHERE year(created_at) = 2024), sum(amount) FILTER (WHERE year(created_at) = 2025),
        sum(amount) FILTER (WHERE year(created_at) = 2025) - sum(amount) FILTER (WHERE year(created_at) = 2024)
      FROM orders GROUP BY 1`,
  },
  {
    // Was refused ("between two").
    class: 'period-over-period',
    ask: ['orders by category in Q3 2025', 'and Q2?', 'and the change between the two'],
    sql: `SELECT category, count(*) FILTER (WHERE ${between('2025-04-01', '2025-07-01')}), count(*) FILTER (WHERE ${between('2025-07-01', '2025-10-01')}),
        count(*) FILTER (WHERE ${between('2025-07-01', '2025-10-01')}) - count(*) FILTER (WHERE ${between('2025-04-01', '2025-07-01')})
      FROM orders GROUP BY 1`,
  },
  {
    // Was refused ("percent").
    class: 'combined-shares',
    ask: ['top category by revenue in 2025', 'what % of the total is that'],
    check: 'answer',
    sql: `SELECT round(100.0 * max(r) / sum(r), 2) FROM (SELECT category, sum(amount) AS r FROM orders WHERE ${inYear(2025)} GROUP BY 1)`,
  },
  {
    // Was the top category alone.
    class: 'combined-shares',
    ask: ['top 2 segments by revenue in 2024', 'how much of total revenue was that'],
    check: 'answer',
    sql: `WITH s AS (SELECT c.segment, sum(o.amount) AS r FROM ${withCustomers} WHERE ${inYear(2024, 'o.created_at')} GROUP BY 1)
      SELECT round(100.0 * (SELECT sum(r) FROM (SELECT r FROM s ORDER BY r DESC LIMIT 2)) / (SELECT sum(r) FROM s), 2)`,
  },
  {
    // Was refused ("whole year").
    class: 'top-per-group',
    ask: ['top 3 regions by orders in 2024', 'and what was the total for the whole year?'],
    check: 'answer',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    // Was refused (no match).
    class: 'wording',
    ask: ['revenue for the south in Q2 2025', 'same for the north', 'combined?'],
    sql: `SELECT sum(amount) FROM orders WHERE region IN ('south', 'north') AND ${between('2025-04-01', '2025-07-01')}`,
  },
  {
    // Was refused (no match).
    class: 'wording',
    ask: ['orders in Q1 2025', 'what about Q3 2025?', 'both together'],
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-01-01', '2025-04-01')} OR ${between('2025-07-01', '2025-10-01')}`,
  },
  // --- the asker's own ground ---
  {
    // Was the order count of both years.
    class: 'period-over-period',
    ask: 'how did my region do in 2025 vs 2024',
    user: WEST,
    sql: `SELECT sum(amount) FILTER (WHERE year(created_at) = 2024), sum(amount) FILTER (WHERE year(created_at) = 2025),
        sum(amount) FILTER (WHERE year(created_at) = 2025) - sum(amount) FILTER (WHERE year(created_at) = 2024)
      FROM orders WHERE region = 'west'`,
  },
  {
    // Was the order count of both years.
    class: 'period-over-period',
    ask: 'how did my territory do in 2024 compared to 2023?',
    user: WEST,
    sql: `SELECT sum(amount) FILTER (WHERE year(created_at) = 2023), sum(amount) FILTER (WHERE year(created_at) = 2024),
        sum(amount) FILTER (WHERE year(created_at) = 2024) - sum(amount) FILTER (WHERE year(created_at) = 2023)
      FROM orders WHERE region = 'west'`,
  },
];
