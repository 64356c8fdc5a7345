import type { QuestionCase } from './types';

/**
 * HELD-OUT questions for the offline planner: written before any planner change, never tuned on, scored
 * last. Phrased as ordinary users would, differently from the tuning set and the original corpus. Expected
 * answers are hand-written SQL on the raw sample tables (orders, customers), or a refusal.
 *
 * The clock is fixed at NOW (Tuesday 2025-07-15 09:30 UTC; the sample holds orders from 2023 to 2025).
 * Relative periods, as the planner documents them: "this week/month/quarter/year" and "year to date" run
 * from the start of the unit through today; "last month/quarter/year" is the previous complete unit;
 * "the last N days" are the N days before today; "the last N months" are the N complete months before
 * the current one. Percentages are stated to at least one decimal.
 */
export const HELD_OUT_NOW = '2025-07-15T09:30:00Z';

const pct = (part: string, whole = 'true') =>
  `round(100.0 * count(*) FILTER (WHERE ${part}) / count(*) FILTER (WHERE ${whole}), 2)`;
const withCustomers = 'orders o JOIN customers c ON o.customer_id = c.id';
const month = (expr: string) => `strftime(date_trunc('month', ${expr}), '%Y-%m')`;
const in2024 = "created_at >= '2024-01-01' AND created_at < '2025-01-01'";
const ytd = "created_at >= '2025-01-01' AND created_at < '2025-07-16'";

export const heldOut: QuestionCase[] = [
  // Relative dates
  { ask: 'How much did we sell last year?', sql: `SELECT sum(amount) FROM orders WHERE ${in2024}` },
  {
    ask: 'What were sales per product category in the previous year?',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${in2024} GROUP BY 1`,
  },
  {
    ask: 'How many orders did we get last month?',
    sql: "SELECT count(*) FROM orders WHERE created_at >= '2025-06-01' AND created_at < '2025-07-01'",
  },
  {
    ask: 'number of orders over the past 12 months',
    sql: "SELECT count(*) FROM orders WHERE created_at >= '2024-07-01' AND created_at < '2025-07-01'",
  },
  { ask: 'Revenue this year so far', sql: `SELECT sum(amount) FROM orders WHERE ${ytd}` },
  {
    ask: 'average order value in the last 90 days',
    sql: "SELECT avg(amount) FROM orders WHERE created_at >= '2025-04-16' AND created_at < '2025-07-15'",
  },
  {
    ask: 'Total sales yesterday',
    sql: "SELECT sum(amount) FROM orders WHERE created_at >= '2025-07-14' AND created_at < '2025-07-15'",
  },
  {
    ask: 'monthly revenue this year',
    sql: `SELECT ${month('created_at')}, sum(amount) FROM orders WHERE ${ytd} GROUP BY 1`,
  },
  {
    ask: 'orders by region last quarter',
    sql: "SELECT region, count(*) FROM orders WHERE created_at >= '2025-04-01' AND created_at < '2025-07-01' GROUP BY 1",
  },
  {
    ask: 'year to date revenue in the north',
    sql: `SELECT sum(amount) FROM orders WHERE region = 'north' AND ${ytd}`,
  },
  // Ratios and shares
  {
    ask: 'What share of orders were returned?',
    sql: `SELECT ${pct("status = 'returned'")} FROM orders`,
    tolerance: 0.051,
  },
  {
    ask: 'What is the return rate for each product category?',
    sql: `SELECT category, ${pct("status = 'returned'")} FROM orders GROUP BY 1`,
    tolerance: 0.051,
  },
  {
    ask: 'What percent of orders got cancelled in 2024?',
    sql: `SELECT ${pct("status = 'cancelled'")} FROM orders WHERE ${in2024}`,
    tolerance: 0.051,
  },
  {
    ask: 'share of revenue by region',
    sql: 'SELECT region, round(100.0 * sum(amount) / (SELECT sum(amount) FROM orders), 2) FROM orders GROUP BY 1',
    tolerance: 0.051,
  },
  {
    ask: 'what fraction of revenue comes from enterprise customers?',
    sql: `SELECT round(100.0 * sum(o.amount) FILTER (WHERE c.segment = 'enterprise') / sum(o.amount), 2) FROM ${withCustomers}`,
    tolerance: 0.051,
  },
  {
    ask: 'cancellation rate by region',
    sql: `SELECT region, ${pct("status = 'cancelled'")} FROM orders GROUP BY 1`,
    tolerance: 0.051,
  },
  // Not answerable from this model: an honest refusal, never a number
  { ask: 'Which sales rep closed the most deals?', refuse: true },
  { ask: 'Forecast revenue for next quarter', refuse: true },
  { ask: 'What is our profit margin by category?', refuse: true },
  { ask: 'Which marketing campaign brought in the most orders?', refuse: true },
  { ask: 'How many employees work in the west region?', refuse: true },
  { ask: 'What will sales be next year?', refuse: true },
  // Top N without extra grouping
  {
    ask: 'Which 3 product categories brought in the most revenue?',
    sql: 'SELECT category, sum(amount) AS v FROM orders GROUP BY 1 ORDER BY v DESC LIMIT 3',
  },
  {
    ask: 'the 5 best months for sales',
    sql: `SELECT ${month('created_at')}, sum(amount) AS v FROM orders GROUP BY 1 ORDER BY v DESC LIMIT 5`,
  },
  {
    ask: 'best-selling categories among small business customers',
    sql: `SELECT o.category, sum(o.amount) AS v FROM ${withCustomers} WHERE c.segment = 'small business' GROUP BY 1 ORDER BY v DESC`,
  },
  {
    ask: 'Who are our top 10 customers by spend?',
    sql: `SELECT c.name, sum(o.amount) AS v FROM ${withCustomers} GROUP BY 1 ORDER BY v DESC LIMIT 10`,
  },
  // Measure words
  {
    ask: "What's the mean value of a cancelled order?",
    sql: "SELECT avg(amount) FROM orders WHERE status = 'cancelled'",
  },
  {
    ask: 'What is the total value of grocery orders?',
    sql: "SELECT sum(amount) FROM orders WHERE category = 'grocery'",
  },
  {
    ask: 'biggest single order in the toys category',
    sql: "SELECT max(amount) FROM orders WHERE category = 'toys'",
  },
  {
    ask: 'How many distinct customers ordered electronics in 2024?',
    sql: `SELECT count(DISTINCT customer_id) FROM orders WHERE category = 'electronics' AND ${in2024}`,
  },
  // Comparisons: one series per compared value
  {
    ask: 'electronics vs furniture revenue by year',
    sql: `SELECT category, strftime(created_at, '%Y'), sum(amount) FROM orders WHERE category IN ('electronics', 'furniture') GROUP BY 1, 2`,
    series: 'category',
  },
  {
    ask: 'Compare order counts for north and south by quarter in 2024',
    sql: `SELECT region, year(created_at) || '-Q' || quarter(created_at), count(*) FROM orders WHERE region IN ('north', 'south') AND ${in2024} GROUP BY 1, 2`,
    series: 'region',
  },
  {
    ask: 'clothing versus toys sales',
    sql: "SELECT category, sum(amount) FROM orders WHERE category IN ('clothing', 'toys') GROUP BY 1",
    series: 'category',
  },
];
