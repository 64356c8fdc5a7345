/**
 * Eighth tuning batch (issue 29), for the planner's period-over-period and cohort classes only: each month's or
 * quarter's change over the one before for named months, the period of the steepest fall or rise, one period
 * against its year-ago twin ("Q2 '25 vs Q2 '24") or the one before it ("last quarter vs the quarter before"),
 * the group that lost or gained most in relative terms, and cohorts keyed on a first order (new customers per
 * period, a first-order cohort's later spend or share still buying, customers broken down by an attribute of
 * their first order). Written BEFORE the planner change it tunes, in new wordings a sales or operations asker
 * would use (typos, abbreviations, an east analyst under row-level security, threads); no question copies a
 * held-out or earlier tuning question.
 *
 * Clock: 2026-01-20, after the data ends (orders 2023-01-01 to 2025-12-31; "last quarter" is Q4 2025, "last
 * month" December 2025; 400 customers who all signed up in 2022; first orders fall in January to May 2023).
 * "New" and "first-time" go by a customer's first order; "signed up" and "joined" by the signup date.
 */
import type { QueryUser } from '../../../functions/semantic';
import { between, growth, inYear, periodChange, type SecondOrderCase, yearly } from './tuning-2';

export const TUNING_8_PERIODS_NOW = '2026-01-20T09:30:00Z';

/** An east-region analyst: row-level security keeps their orders and customers to the east. */
const EAST: QueryUser = { groups: ['analysts'], userAttributes: { region: 'east' }, securityContext: {} };

export type Tuning8Case = SecondOrderCase & { user?: QueryUser };

/** One measure in two periods and the percent change from the first to the second. */
const pair = (measure: string, a: [string, string], b: [string, string], where = '') => {
  const x = `${measure} FILTER (WHERE ${between(...a)})`;
  const y = `${measure} FILTER (WHERE ${between(...b)})`;
  return `SELECT ${x}, ${y}, ${growth(y, x)} FROM orders ${where}`;
};
/** The period of a grain whose change over the one before is lowest (`ASC`) or highest (`DESC`) in [from, to). */
const steepest = (unit: 'month' | 'quarter', measure: string, from: string, to: string, direction: string) =>
  `WITH m AS (SELECT date_trunc('${unit}', created_at) AS p, ${measure} AS v FROM orders GROUP BY 1),
   c AS (SELECT p, v - lag(v) OVER (ORDER BY p) AS d FROM m)
   SELECT p FROM c WHERE p >= '${from}' AND p < '${to}' ORDER BY d ${direction} NULLS LAST LIMIT 1`;
/** Each group's percent change between two years, the lowest (`ASC`) or highest (`DESC`) first. */
const groupChange = (group: string, measure: string, from: number, to: number, direction: string) =>
  `SELECT ${group}, ${growth(yearly(measure, to), yearly(measure, from))} AS g FROM orders GROUP BY 1 ORDER BY g ${direction} LIMIT 1`;
/** Each customer's first order date. */
const firsts = (where = '') => `SELECT customer_id, min(created_at) AS f FROM orders ${where} GROUP BY 1`;
/** Customers whose first order falls in [from, to). */
const cohort = (from: string, to: string, where = '') =>
  `SELECT customer_id FROM (${firsts(where)}) WHERE f >= '${from}' AND f < '${to}'`;
/** New customers (by first order) per month or quarter of a year (the counts: a label may name the period its own way). */
const newPer = (unit: 'month' | 'quarter', year: number, where = '') =>
  // (Every period of the year, one with no first order as 0: a period left out would be missing from the answer.)
  `SELECT count(x.customer_id) FROM range(TIMESTAMP '${year}-01-01', TIMESTAMP '${year + 1}-01-01',
     INTERVAL ${unit === 'quarter' ? 3 : 1} MONTH) AS t(p) LEFT JOIN (${firsts(where)}) AS x ON date_trunc('${unit}', x.f) = t.p GROUP BY t.p`;
/** Customers per value of an attribute of their first order. */
const byFirst = (attr: string) =>
  `SELECT a, count(*) FROM (SELECT customer_id, arg_min(${attr}, created_at) AS a FROM orders GROUP BY 1) GROUP BY 1`;
/** Percent of a first-order cohort with an order in [from, to). */
const stillBuying = (cohortFrom: string, cohortTo: string, from: string, to: string) =>
  `SELECT 100.0 * count(*) FILTER (WHERE later) / count(*) FROM (SELECT customer_id,
     bool_or(${between(from, to)}) AS later FROM orders GROUP BY 1
     HAVING min(created_at) >= '${cohortFrom}' AND min(created_at) < '${cohortTo}')`;

export const tuning8periods: Tuning8Case[] = [
  // --- each period's change over the one before, for named periods ---
  {
    class: 'period-over-period',
    ask: 'MoM % change in revenue for Aug, Sep and Oct 2025',
    sql: periodChange('month', 'sum(amount)', '2025-08-01', '2025-11-01'),
  },
  {
    class: 'period-over-period',
    ask: 'order count month over month for Feb thru Apr 2024, as a percentage',
    sql: periodChange('month', 'count(*)', '2024-02-01', '2024-05-01'),
  },
  {
    class: 'period-over-period',
    ask: 'how much did sales move each month from May to July 2025 vs the month before (in %)?',
    sql: periodChange('month', 'sum(amount)', '2025-05-01', '2025-08-01'),
  },
  {
    class: 'period-over-period',
    ask: 'quarter on quarter % growth in orders for Q2 and Q3 2024',
    // (The figures only: the answer labels quarters "2024-Q2", which the judge does not read as a date.)
    sql: `WITH m AS (SELECT date_trunc('quarter', created_at) AS p, count(*) AS v FROM orders GROUP BY 1),
          c AS (SELECT p, v, lag(v) OVER (ORDER BY p) AS prev FROM m)
          SELECT v, ${growth('v', 'prev')} FROM c WHERE p >= '2024-04-01' AND p < '2024-10-01'`,
  },
  // --- the period that fell or rose the most ---
  {
    class: 'period-over-period',
    ask: 'which month of 2024 saw the biggest drop in orders vs the prior month?',
    sql: steepest('month', 'count(*)', '2024-01-01', '2025-01-01', 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'In 2023, what month had the largest jump in sales over the month before it?',
    sql: steepest('month', 'sum(amount)', '2023-01-01', '2024-01-01', 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: 'worst quarter-over-quarter decline in revenue during 2025 - which quarter?',
    sql: steepest('quarter', 'sum(amount)', '2025-01-01', '2026-01-01', 'ASC'),
  },
  // --- one period against another ---
  {
    class: 'period-over-period',
    ask: "Q2 '25 revenue vs Q2 '24, % diff?",
    check: 'answer',
    tolerance: 0.011,
    sql: pair('sum(amount)', ['2024-04-01', '2024-07-01'], ['2025-04-01', '2025-07-01']),
  },
  {
    class: 'period-over-period',
    ask: 'compare last quarters order count with the quarter before that, both numbers and the % change',
    check: 'answer',
    tolerance: 0.011,
    sql: pair('count(*)', ['2025-07-01', '2025-10-01'], ['2025-10-01', '2026-01-01']),
  },
  {
    class: 'period-over-period',
    ask: 'how did sales last month compare to the month before?',
    check: 'answer',
    tolerance: 0.011,
    sql: pair('sum(amount)', ['2025-11-01', '2025-12-01'], ['2025-12-01', '2026-01-01']),
  },
  {
    class: 'period-over-period',
    ask: 'H2 2025 vs H1 2025 revenue, % change',
    check: 'answer',
    tolerance: 0.011,
    sql: pair('sum(amount)', ['2025-01-01', '2025-07-01'], ['2025-07-01', '2026-01-01']),
  },
  {
    class: 'period-over-period',
    ask: 'my revenue in Q3 2025 versus Q3 2024 as a %',
    user: EAST,
    check: 'answer',
    tolerance: 0.011,
    sql: pair(
      'sum(amount)',
      ['2024-07-01', '2024-10-01'],
      ['2025-07-01', '2025-10-01'],
      "WHERE region = 'east'",
    ),
  },
  {
    class: 'period-over-period',
    ask: 'nov 2025 orders vs oct 2025 - up or down, and by how much?',
    check: 'answer',
    tolerance: 0.011,
    sql: pair('count(*)', ['2025-10-01', '2025-11-01'], ['2025-11-01', '2025-12-01']),
  },
  // --- the group that lost or gained most in relative terms ---
  {
    class: 'period-over-period',
    ask: 'which category shed the most revenue in percentage terms from 2023 to 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: groupChange('category', 'sum(amount)', 2023, 2025, 'ASC'),
  },
  {
    class: 'period-over-period',
    ask: 'What region grew its order count the most, relatively, between 2024 and 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: groupChange('region', 'count(*)', 2024, 2025, 'DESC'),
  },
  {
    class: 'period-over-period',
    ask: 'yoy % change in orders per category, 2024 -> 2025',
    check: 'answer',
    tolerance: 0.011,
    sql: `SELECT category, ${growth(yearly('count(*)', 2025), yearly('count(*)', 2024))} FROM orders GROUP BY 1`,
  },
  {
    class: 'period-over-period',
    ask: ['revenue by month for 2025', 'which of those months fell furthest vs the month before?'],
    sql: steepest('month', 'sum(amount)', '2025-01-01', '2026-01-01', 'ASC'),
  },
  // --- new customers and first-order cohorts ---
  {
    class: 'cohorts',
    ask: 'how many new custs did we land each month of 2023?',
    sql: newPer('month', 2023),
  },
  {
    class: 'cohorts',
    ask: 'number of first-time buyers per quarter, 2023',
    sql: newPer('quarter', 2023),
  },
  {
    class: 'cohorts',
    ask: 'customers whose first purchase was in Jan 2023 - total revenue from them in 2024?',
    sql: `SELECT sum(amount) FROM orders WHERE customer_id IN (${cohort('2023-01-01', '2023-02-01')}) AND ${inYear(2024)}`,
  },
  {
    class: 'cohorts',
    ask: 'first time buyers of April 2023: how many orders did they place in 2025?',
    sql: `SELECT count(*) FROM orders WHERE customer_id IN (${cohort('2023-04-01', '2023-05-01')}) AND ${inYear(2025)}`,
  },
  {
    class: 'cohorts',
    ask: 'how many of my customers were first-time buyers in February 2023?',
    user: EAST,
    sql: `SELECT count(*) FROM (${cohort('2023-02-01', '2023-03-01', "WHERE region = 'east'")})`,
  },
  {
    class: 'cohorts',
    ask: 'how many customers were brand-new in Q1 2023, going by first order?',
    sql: `SELECT count(*) FROM (${cohort('2023-01-01', '2023-04-01')})`,
  },
  {
    class: 'cohorts',
    ask: 'split our customers by the category of their very first purchase',
    sql: byFirst('category'),
  },
  {
    class: 'cohorts',
    ask: 'how many customers had a first order that ended up returned vs completed etc - by status of the first order',
    sql: byFirst('status'),
  },
  {
    class: 'cohorts',
    ask: 'of customers who first bought in Feb 2023, what % were still ordering in Nov 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: stillBuying('2023-02-01', '2023-03-01', '2025-11-01', '2025-12-01'),
  },
  {
    class: 'cohorts',
    ask: 'what share of the customers who first ordered in March 2023 also ordered in Q4 2025?',
    check: 'answer',
    tolerance: 0.011,
    sql: stillBuying('2023-03-01', '2023-04-01', '2025-10-01', '2026-01-01'),
  },
  {
    class: 'cohorts',
    ask: 'How many new customers did we win in 2025?',
    never: /\(none\)/,
    sql: `SELECT count(*) FROM (${cohort('2025-01-01', '2026-01-01')})`,
  },
  {
    class: 'cohorts',
    ask: 'new sign-ups per quarter in 2022',
    sql: `SELECT date_trunc('quarter', created_at), count(*) FROM customers WHERE ${inYear(2022)} GROUP BY 1`,
  },
  {
    class: 'cohorts',
    ask: [
      'how many customers placed their first order in May 2023?',
      'and what did that group spend in 2025?',
    ],
    sql: `SELECT sum(amount) FROM orders WHERE customer_id IN (${cohort('2023-05-01', '2023-06-01')}) AND ${inYear(2025)}`,
  },
  {
    class: 'cohorts',
    ask: 'avg order value in 2025 for customers whose first order was in Jan 2023',
    sql: `SELECT avg(amount) FROM orders WHERE customer_id IN (${cohort('2023-01-01', '2023-02-01')}) AND ${inYear(2025)}`,
  },
  {
    class: 'cohorts',
    ask: 'break down customers by the sales rep on their first order',
    refuse: true,
  },
];
