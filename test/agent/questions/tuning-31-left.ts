/**
 * Thirty-first tuning batch (issue 29), "left": shapes earlier tuners left unread or read wrongly. Periods counted
 * by a threshold over a span of years ("from 2023 to 2025" is the whole span, not two years compared); one year's
 * figure minus another's, per group (the difference itself, not both years side by side); a follow-up that names
 * only a year after a question about a part of a year ("revenue in Q1 2024?" then "and in 2025?" is Q1 2025); the
 * hour of the day as a filter (the stored time, UTC: "between 9am and 5pm" is hours 9 to 16); a season with a year
 * ("summer 2024": June to August 2024; spring March to May, fall September to November); shares of calendar parts
 * pooled over the years (every Q4 together, January and February of every year); the combined share of the most
 * frequent buyers; a share's move in percentage points between two years and the group whose share grew the most;
 * the customers who ordered in the most distinct months; "our take" for revenue; typos in a dimension's or a
 * measure's name. Some under row-level security, a few that must stay refused (profit, visitors, a tax).
 * Written on 2026-11-29 BEFORE the planner change it tunes, in fresh wordings (none copied from a held-out or
 * earlier tuning set).
 *
 * Before (on 8e9ebd52): 18 of 40 right on 1M, 6 confident wrong (the months under a threshold "from 2023 to 2025"
 * read as 2023 against 2025 (on TEST; right by chance on 1M, both 0), "did revenue go over $14 million" read of each
 * order (on 1M), the four year-only follow-ups read as the whole year, the largest number of months one customer
 * ordered in read as customers per month), 16 wrong refusals; 17 of 40 on TEST, 6 confident wrong. After: 40 of 40,
 * none wrong, on 1M and TEST.
 *
 * Clock: Tuesday 2026-02-10, after the data ends (orders 2023-01-01 to 2025-12-31, customers all signed up in 2022,
 * each order in its customer's region): "last year" is 2025. Percentages are percent; a share's change is in
 * percentage points. References are written on the raw tables; no ranked cut falls inside a tie on either sample.
 */
import { analyst, between, inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_31_LEFT_NOW = '2026-02-10T15:00:00Z';

const PCT = { check: 'answer' as const, tolerance: 0.05 };
const and = (where: string) => (where ? ` AND ${where}` : '');
/** How many `unit`s in [from, to) had `measure` meeting `condition` (e.g. `< 600`). */
const unitsWhere = (unit: string, measure: string, condition: string, from: string, to: string) =>
  `SELECT count(*) FROM (SELECT date_trunc('${unit}', created_at) AS p FROM orders WHERE ${between(from, to)}
   GROUP BY 1 HAVING ${measure} ${condition})`;
/** Per `by`, `measure` in year `b` minus `measure` in year `a`. */
const minus = (by: string, measure: string, b: number, a: number, from = 'orders o') =>
  `SELECT ${by}, round(${measure.replace(/\)$/, '')}) FILTER (WHERE year(o.created_at) = ${b})
     - ${measure.replace(/\)$/, '')}) FILTER (WHERE year(o.created_at) = ${a}), 2) FROM ${from} GROUP BY 1`;
/** The percent of `measure` over the orders of `where` that the orders of `part` hold. */
const share = (part: string, where = '', measure = 'sum(amount)') =>
  `SELECT round(100.0 * ${measure.replace(/\)$/, '')}) FILTER (WHERE ${part}) / ${measure}, 2) FROM orders WHERE TRUE${and(where)}`;
/** The percent of `measure` over the orders of `where` from the top `n` customers by that same measure. */
const topCustomers = (n: number, where = '', measure = 'sum(amount)') =>
  `WITH s AS (SELECT customer_id, ${measure}::DOUBLE AS v FROM orders WHERE TRUE${and(where)} GROUP BY 1)
   SELECT round(100.0 * (SELECT sum(v) FROM (SELECT v FROM s ORDER BY v DESC LIMIT ${n})) / (SELECT sum(v) FROM s), 2)`;
/** The change in points of the share of `measure` held by the orders of `part`, from year `a` to year `b`. */
const pointsMove = (part: string, a: number, b: number, measure = 'sum(amount)', where = '') =>
  `SELECT round(100.0 * (${measure.replace(/\)$/, '')}) FILTER (WHERE ${part} AND year(created_at) = ${b}) / ${measure.replace(/\)$/, '')}) FILTER (WHERE year(created_at) = ${b})
     - ${measure.replace(/\)$/, '')}) FILTER (WHERE ${part} AND year(created_at) = ${a}) / ${measure.replace(/\)$/, '')}) FILTER (WHERE year(created_at) = ${a})), 2)
   FROM orders WHERE TRUE${and(where)}`;
/** The `by` whose share of `measure` grew the most from year `a` to year `b`, with its change in points. */
const grewMost = (by: string, a: number, b: number, measure = 'sum(amount)') =>
  `WITH g AS (SELECT ${by} AS g, ${measure.replace(/\)$/, '')}) FILTER (WHERE year(created_at) = ${a}) AS va,
     ${measure.replace(/\)$/, '')}) FILTER (WHERE year(created_at) = ${b}) AS vb FROM orders GROUP BY 1)
   SELECT g, round(100.0 * vb / (SELECT sum(vb) FROM g) - 100.0 * va / (SELECT sum(va) FROM g), 2) AS d
   FROM g ORDER BY d DESC LIMIT 1`;
const hour = 'hour(created_at)';
const q = (year: number, n: number) =>
  between(
    `${year}-${String(3 * n - 2).padStart(2, '0')}-01`,
    n === 4 ? `${year + 1}-01-01` : `${year}-${String(3 * n + 1).padStart(2, '0')}-01`,
  );

export const tuning31left: (SecondOrderCase & Tuning6Case)[] = [
  // --- periods counted by a threshold over a span of years ---
  {
    class: 'period-counts',
    ask: 'how many months had fewer than 600 orders from 2023 to 2025',
    sql: unitsWhere('month', 'count(*)', '< 600', '2023-01-01', '2026-01-01'),
  },
  {
    class: 'period-counts',
    ask: 'From 2024 to 2025, in how many months did revenue go over $14 million?',
    sql: unitsWhere('month', 'sum(amount)', '> 14000000', '2024-01-01', '2026-01-01'),
  },
  {
    class: 'period-counts',
    ask: 'between 2023 and 2024, how many quarters had more than 83,000 orders?',
    sql: unitsWhere('quarter', 'count(*)', '> 83000', '2023-01-01', '2025-01-01'),
  },
  {
    class: 'period-counts',
    ask: 'count the months in 2023 through 2025 when revenue was under $280k',
    sql: unitsWhere('month', 'sum(amount)', '< 280000', '2023-01-01', '2026-01-01'),
  },
  // --- one year's figure minus another's, per group ---
  {
    class: 'period-differences',
    ask: '2025 AOV minus 2024 AOV, per region',
    tolerance: 0.01,
    sql: minus('o.region', 'avg(o.amount)', 2025, 2024),
  },
  {
    class: 'period-differences',
    ask: 'by segment, how much higher or lower was the average order value in 2025 than in 2023, in dollars?',
    tolerance: 0.01,
    sql: minus('c.segment', 'avg(o.amount)', 2025, 2023, withCustomers),
  },
  {
    class: 'period-differences',
    ask: 'for each category: orders in 2025 minus orders in 2024',
    sql: minus('o.category', 'count(*)', 2025, 2024),
  },
  {
    class: 'period-differences',
    ask: 'what is the difference between 2024 revenue and 2023 revenue for each region?',
    tolerance: 0.01,
    sql: minus('o.region', 'sum(o.amount)', 2024, 2023),
  },
  // --- a follow-up that names only the year ---
  {
    class: 'follow-ups',
    ask: ['revenue in Q1 2024?', 'and in 2025?'],
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${q(2025, 1)}`,
  },
  {
    class: 'follow-ups',
    ask: ['how many orders did we get in March 2024', 'what about 2025?'],
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-03-01', '2025-04-01')}`,
  },
  {
    class: 'follow-ups',
    ask: ['average order value in the first half of 2023', 'and for 2024?'],
    tolerance: 0.01,
    sql: `SELECT avg(amount) FROM orders WHERE ${between('2024-01-01', '2024-07-01')}`,
  },
  {
    class: 'follow-ups',
    ask: ['revenue by region in Q3 2024', 'same for 2025'],
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${q(2025, 3)} GROUP BY 1`,
  },
  // --- the hour of the day as a filter (the stored time, UTC) ---
  {
    class: 'time-of-day',
    ask: 'how many orders were placed between 9am and 5pm in 2025?',
    sql: `SELECT count(*) FROM orders WHERE ${inYear(2025)} AND ${hour} >= 9 AND ${hour} < 17`,
  },
  {
    class: 'time-of-day',
    ask: 'revenue from orders placed after 6pm, by region',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${hour} >= 18 GROUP BY 1`,
  },
  {
    class: 'time-of-day',
    ask: 'what share of our orders come in before noon?',
    ...PCT,
    sql: share(`${hour} < 12`, '', 'count(*)'),
  },
  {
    class: 'time-of-day',
    ask: 'how many orders did I get overnight, between midnight and 6am, in 2024?',
    user: analyst('south'),
    sql: `SELECT count(*) FROM orders WHERE region = 'south' AND ${inYear(2024)} AND ${hour} < 6`,
  },
  // --- a season with a year ---
  {
    class: 'seasons',
    ask: 'What was revenue in summer 2024?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${between('2024-06-01', '2024-09-01')}`,
  },
  {
    class: 'seasons',
    ask: 'how many orders did we have in spring 2025?',
    sql: `SELECT count(*) FROM orders WHERE ${between('2025-03-01', '2025-06-01')}`,
  },
  {
    class: 'seasons',
    ask: 'average order value in fall 2023, by category',
    tolerance: 0.01,
    sql: `SELECT category, avg(amount) FROM orders WHERE ${between('2023-09-01', '2023-12-01')} GROUP BY 1`,
  },
  {
    class: 'seasons',
    ask: 'my revenue in the summer of 2025',
    user: analyst('west'),
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE region = 'west' AND ${between('2025-06-01', '2025-09-01')}`,
  },
  // --- shares of calendar parts pooled over the years ---
  {
    class: 'pooled-shares',
    ask: 'what percentage of all our revenue, across every year, fell in a fourth quarter?',
    ...PCT,
    sql: share('month(created_at) >= 10'),
  },
  {
    class: 'pooled-shares',
    ask: 'taking every year together, what share of orders were placed in January and February?',
    ...PCT,
    sql: share('month(created_at) <= 2', '', 'count(*)'),
  },
  {
    class: 'pooled-shares',
    ask: 'across all years, how much of our revenue came in the summer months (June to August), as a percentage?',
    ...PCT,
    sql: share('month(created_at) BETWEEN 6 AND 8'),
  },
  {
    class: 'pooled-shares',
    ask: 'what share of my orders fell in December, counting all three years?',
    user: analyst('east'),
    ...PCT,
    sql: share('month(created_at) = 12', "region = 'east'", 'count(*)'),
  },
  // --- the most frequent buyers' combined share ---
  {
    class: 'pooled-shares',
    ask: 'combined, what share of all orders did our three most frequent buyers place?',
    ...PCT,
    sql: topCustomers(3, '', 'count(*)'),
  },
  {
    class: 'pooled-shares',
    ask: 'the 5 customers with the most orders in 2024 - what % of 2024 orders were theirs, together?',
    ...PCT,
    sql: topCustomers(5, inYear(2024), 'count(*)'),
  },
  // --- a share's move in points, and whose share grew most ---
  {
    class: 'share-change',
    ask: "by how many percentage points did the west's share of revenue change from 2024 to 2025?",
    check: 'answer',
    tolerance: 0.01,
    sql: pointsMove("region = 'west'", 2024, 2025),
  },
  {
    class: 'share-change',
    ask: "furniture's share of orders, 2023 vs 2025: how many points did it move?",
    check: 'answer',
    tolerance: 0.01,
    sql: pointsMove("category = 'furniture'", 2023, 2025, 'count(*)'),
  },
  {
    class: 'share-change',
    ask: 'which category’s share of orders rose the most from 2023 to 2024?',
    check: 'answer',
    tolerance: 0.01,
    sql: grewMost('category', 2023, 2024, 'count(*)'),
  },
  {
    class: 'share-change',
    ask: 'Which region gained the most revenue share between 2023 and 2025?',
    check: 'answer',
    tolerance: 0.01,
    sql: grewMost('region', 2023, 2025),
  },
  // --- customers by the number of months they ordered in ---
  {
    class: 'entity-months',
    ask: 'which customers ordered in the most months?',
    sql: `WITH m AS (SELECT customer_id, count(DISTINCT date_trunc('month', created_at)) AS k FROM orders GROUP BY 1)
      SELECT c.name, m.k FROM m JOIN customers c ON c.id = m.customer_id WHERE m.k = (SELECT max(k) FROM m)`,
  },
  {
    class: 'entity-months',
    ask: 'what is the largest number of different months any single customer placed orders in?',
    check: 'answer',
    sql: `SELECT max(k) FROM (SELECT customer_id, count(DISTINCT date_trunc('month', created_at)) AS k FROM orders GROUP BY 1)`,
  },
  // --- "our take" for revenue ---
  {
    class: 'business-words',
    ask: 'what was our take in 2024?',
    tolerance: 0.01,
    sql: `SELECT sum(amount) FROM orders WHERE ${inYear(2024)}`,
  },
  {
    class: 'business-words',
    ask: 'our take by region last year',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  // --- typos ---
  {
    class: 'typos',
    ask: 'revenue by rgion in 2025',
    tolerance: 0.01,
    sql: `SELECT region, sum(amount) FROM orders WHERE ${inYear(2025)} GROUP BY 1`,
  },
  {
    class: 'typos',
    ask: 'avrage order value per categroy',
    tolerance: 0.01,
    sql: 'SELECT category, avg(amount) FROM orders GROUP BY 1',
  },
  {
    class: 'typos',
    ask: 'how many ordres did the east have in 2024',
    sql: `SELECT count(*) FROM orders WHERE region = 'east' AND ${inYear(2024)}`,
  },
  // --- still refused ---
  {
    class: 'out-of-scope',
    ask: 'what was our profit margin in summer 2024?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'at which hour of the day do most visitors browse the site?',
    refuse: true,
  },
  {
    class: 'out-of-scope',
    ask: 'what was our take after tax in 2025?',
    refuse: true,
  },
];
