import type { QuestionCase } from './types';

/**
 * TUNING questions for the offline planner (the held-out set is separate and never tuned on). Same clock
 * and conventions as the held-out set: now is Tuesday 2025-07-15 09:30 UTC.
 */
export const TUNING_NOW = '2025-07-15T09:30:00Z';

const pct = (part: string) => `round(100.0 * count(*) FILTER (WHERE ${part}) / count(*), 2)`;
const withCustomers = 'orders o JOIN customers c ON o.customer_id = c.id';
const month = (expr: string) => `strftime(date_trunc('month', ${expr}), '%Y-%m')`;
const in2024 = "created_at >= '2024-01-01' AND created_at < '2025-01-01'";
const ytd = "created_at >= '2025-01-01' AND created_at < '2025-07-16'";
const between = (from: string, to: string) => `created_at >= '${from}' AND created_at < '${to}'`;

export const tuning: QuestionCase[] = [
  // Relative dates (the examples and more)
  {
    ask: 'revenue by category last year',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${in2024} GROUP BY 1`,
  },
  {
    ask: 'sales last month',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-06-01', '2025-07-01')}`,
  },
  {
    ask: 'orders in the last 12 months',
    sql: `SELECT count(*) FROM orders WHERE ${between('2024-07-01', '2025-07-01')}`,
  },
  { ask: 'number of orders this year', sql: `SELECT count(*) FROM orders WHERE ${ytd}` },
  {
    ask: 'revenue today',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-07-15', '2025-07-16')}`,
  },
  {
    ask: 'orders last week',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-07-07', '2025-07-14')}`,
  },
  {
    ask: 'revenue in the last 30 days',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-06-15', '2025-07-15')}`,
  },
  {
    ask: 'average order value this month',
    sql: `SELECT avg(amount) FROM orders WHERE ${between('2025-07-01', '2025-07-16')}`,
  },
  {
    ask: 'revenue by month in the last 6 months',
    sql: `SELECT ${month('created_at')}, sum(amount) FROM orders WHERE ${between('2025-01-01', '2025-07-01')} GROUP BY 1`,
  },
  {
    ask: 'revenue last quarter by category',
    sql: `SELECT category, sum(amount) FROM orders WHERE ${between('2025-04-01', '2025-07-01')} GROUP BY 1`,
  },
  {
    // 03:00 UTC on 1 July is still 30 June in Los Angeles: "this month" is June.
    ask: 'orders this month',
    now: '2025-07-01T03:00:00Z',
    timeZone: 'America/Los_Angeles',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-06-01', '2025-07-01')}`,
  },
  { ask: 'ytd orders in the east', sql: `SELECT count(*) FROM orders WHERE region = 'east' AND ${ytd}` },
  // Ratios and shares
  {
    ask: 'What percentage of orders were returned?',
    sql: `SELECT ${pct("status = 'returned'")} FROM orders`,
    tolerance: 0.051,
  },
  {
    ask: 'return rate by category',
    sql: `SELECT category, ${pct("status = 'returned'")} FROM orders GROUP BY 1`,
    tolerance: 0.051,
  },
  {
    ask: 'percentage of revenue from electronics',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE category = 'electronics') / sum(amount), 2) FROM orders`,
    tolerance: 0.051,
  },
  {
    ask: 'share of orders by status',
    sql: 'SELECT status, round(100.0 * count(*) / (SELECT count(*) FROM orders), 2) FROM orders GROUP BY 1',
    tolerance: 0.051,
  },
  {
    ask: 'What percent of orders are cancelled in the west?',
    sql: `SELECT ${pct("status = 'cancelled'")} FROM orders WHERE region = 'west'`,
    tolerance: 0.051,
  },
  {
    ask: 'proportion of sales by segment in 2024',
    sql: `SELECT c.segment, round(100.0 * sum(o.amount) / (SELECT sum(amount) FROM orders WHERE ${in2024}), 2) FROM ${withCustomers} WHERE o.created_at >= '2024-01-01' AND o.created_at < '2025-01-01' GROUP BY 1`,
    tolerance: 0.051,
  },
  // Unanswerable
  { ask: 'What will revenue be next quarter?', refuse: true },
  { ask: 'Who is the best salesperson?', refuse: true },
  { ask: 'profit by region', refuse: true },
  { ask: 'how many website visits did we have last month', refuse: true },
  { ask: 'predict the number of orders in 2026', refuse: true },
  { ask: 'what is the customer churn rate', refuse: true },
  // Top N without extra grouping
  {
    ask: 'Top 3 categories by total amount',
    sql: 'SELECT category, sum(amount) AS v FROM orders GROUP BY 1 ORDER BY v DESC LIMIT 3',
  },
  {
    ask: 'Top 5 months by total amount',
    sql: `SELECT ${month('created_at')}, sum(amount) AS v FROM orders GROUP BY 1 ORDER BY v DESC LIMIT 5`,
  },
  {
    ask: 'Which categories sell best to enterprise customers?',
    sql: `SELECT o.category, sum(o.amount) AS v FROM ${withCustomers} WHERE c.segment = 'enterprise' GROUP BY 1 ORDER BY v DESC`,
  },
  {
    ask: 'top 3 regions by revenue in 2024',
    sql: `SELECT region, sum(amount) AS v FROM orders WHERE ${in2024} GROUP BY 1 ORDER BY v DESC LIMIT 3`,
  },
  {
    ask: 'how much money did we make in 2024',
    sql: `SELECT sum(amount) FROM orders WHERE ${in2024}`,
  },
  // Measure words
  {
    ask: 'Average amount of cancelled orders',
    sql: "SELECT avg(amount) FROM orders WHERE status = 'cancelled'",
  },
  {
    ask: "What's the total amount of grocery orders?",
    sql: "SELECT sum(amount) FROM orders WHERE category = 'grocery'",
  },
  {
    ask: 'highest order amount in 2024 for furniture',
    sql: `SELECT max(amount) FROM orders WHERE category = 'furniture' AND ${in2024}`,
  },
  {
    ask: 'number of unique buyers in the south',
    sql: "SELECT count(DISTINCT customer_id) FROM orders WHERE region = 'south'",
  },
  // Comparisons: one series per compared value
  {
    ask: 'Compare electronics and furniture revenue by year',
    sql: `SELECT category, strftime(created_at, '%Y'), sum(amount) FROM orders WHERE category IN ('electronics', 'furniture') GROUP BY 1, 2`,
    series: 'category',
  },
  {
    ask: 'toys compared to grocery average order value',
    sql: "SELECT category, avg(amount) FROM orders WHERE category IN ('toys', 'grocery') GROUP BY 1",
    series: 'category',
  },
  {
    ask: 'enterprise vs consumer revenue',
    sql: `SELECT c.segment, sum(o.amount) FROM ${withCustomers} WHERE c.segment IN ('enterprise', 'consumer') GROUP BY 1`,
    series: 'customers_segment',
  },
  // More phrasings (second round)
  {
    ask: 'How many orders did we receive in the previous month?',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-06-01', '2025-07-01')}`,
  },
  {
    ask: 'sales for the past 2 years by region',
    sql: `SELECT region, sum(amount) FROM orders WHERE ${between('2023-01-01', '2025-01-01')} GROUP BY 1`,
  },
  {
    ask: 'What portion of orders were completed last year?',
    sql: `SELECT ${pct("status = 'completed'")} FROM orders WHERE ${in2024}`,
    tolerance: 0.051,
  },
  {
    ask: 'completion rate by region',
    sql: `SELECT region, ${pct("status = 'completed'")} FROM orders GROUP BY 1`,
    tolerance: 0.051,
  },
  { ask: 'Which supplier delivers the most products?', refuse: true },
  { ask: 'average discount per order', refuse: true },
  { ask: 'How many orders will we get tomorrow?', refuse: true },
  {
    ask: 'Which region sells the most?',
    sql: 'SELECT region, sum(amount) AS v FROM orders GROUP BY 1 ORDER BY v DESC LIMIT 1',
  },
  {
    ask: 'show me the 4 weakest categories by order count',
    sql: 'SELECT category, count(*) AS v FROM orders GROUP BY 1 ORDER BY v ASC LIMIT 4',
  },
  {
    ask: 'how much did enterprise customers spend in 2025?',
    sql: `SELECT sum(o.amount) FROM ${withCustomers} WHERE c.segment = 'enterprise' AND o.created_at >= '2025-01-01' AND o.created_at < '2026-01-01'`,
  },
  {
    ask: 'typical order size for clothing',
    sql: "SELECT avg(amount) FROM orders WHERE category = 'clothing'",
  },
  {
    ask: 'north versus west number of orders by year',
    sql: "SELECT region, strftime(created_at, '%Y'), count(*) FROM orders WHERE region IN ('north', 'west') GROUP BY 1, 2",
    series: 'region',
  },
  {
    ask: 'returned vs completed orders this year',
    sql: `SELECT status, count(*) FROM orders WHERE status IN ('returned', 'completed') AND ${ytd} GROUP BY 1`,
    series: 'status',
  },
  // Third round: threads, other words
  {
    ask: ['revenue by region this year', 'and last year?'],
    sql: `SELECT region, sum(amount) FROM orders WHERE ${in2024} GROUP BY 1`,
  },
  {
    ask: ['number of orders last month', 'what about by category?'],
    sql: `SELECT category, count(*) FROM orders WHERE ${between('2025-06-01', '2025-07-01')} GROUP BY 1`,
  },
  {
    ask: 'Can you give me the weekly order count for the last 4 weeks?',
    sql: `SELECT 'week of ' || strftime(date_trunc('week', created_at), '%Y-%m-%d'), count(*) FROM orders WHERE ${between('2025-06-16', '2025-07-14')} GROUP BY 1`,
  },
  {
    ask: 'I need the total revenue for Q2 this year',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-04-01', '2025-07-01')}`,
  },
  { ask: 'Which store had the highest revenue?', refuse: true },
  { ask: 'what is the average shipping time', refuse: true },
  {
    ask: 'what % of revenue came from the east region in 2024',
    sql: `SELECT round(100.0 * sum(amount) FILTER (WHERE region = 'east') / sum(amount), 2) FROM orders WHERE ${in2024}`,
    tolerance: 0.051,
  },
  {
    ask: 'orders placed yesterday by status',
    sql: `SELECT status, count(*) FROM orders WHERE ${between('2025-07-14', '2025-07-15')} GROUP BY 1`,
  },
  {
    ask: 'revenue month to date',
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2025-07-01', '2025-07-16')}`,
  },
  // Fourth round: everyday wording that must not be refused
  {
    ask: 'Give me an overview of revenue by status',
    sql: 'SELECT status, sum(amount) FROM orders GROUP BY 1',
  },
  {
    ask: 'Could you please tell me how many orders were returned in total?',
    sql: "SELECT count(*) FROM orders WHERE status = 'returned'",
  },
  {
    ask: 'quick summary: average order amount by region for this quarter',
    sql: `SELECT region, avg(amount) FROM orders WHERE ${between('2025-07-01', '2025-07-16')} GROUP BY 1`,
  },
  {
    ask: 'how are furniture sales trending monthly in 2024',
    sql: `SELECT ${month('created_at')}, sum(amount) FROM orders WHERE category = 'furniture' AND ${in2024} GROUP BY 1`,
  },
  {
    ask: 'what is the return percentage for electronics',
    sql: `SELECT ${pct("status = 'returned'")} FROM orders WHERE category = 'electronics'`,
    tolerance: 0.051,
  },
  { ask: 'Which employee handled the most returns?', refuse: true },
];
