/**
 * Twenty-sixth tuning batch (issue 29): conditions on each customer in two periods, or in any one period of a grain.
 * A spend or order-count bound holding in each of two periods ("spent more than $10k in both 2024 and 2025"),
 * different bounds per period ("22+ orders in 2024 but fewer than 15 in 2025"), a bound met in at least one period of
 * a grain ("more than 2 returns in any single month of 2025"), and their shares. Written on 2026-11-29 BEFORE the
 * planner change it tunes, in fresh wordings (none copied from a held-out or earlier tuning set).
 *
 * Before (on d0d3056): 2 of 17 right (none confidently wrong: every other case refused), in the eval CLI.
 * After: 16 of 17, none wrong (each-period-bounds.ts; the average order in each period still refused).
 *
 * Clock: Wednesday 2027-03-24, fifteen months past the data's end (orders 2023-01-01 to 2025-12-31). References are
 * written on the raw tables (one row per customer and period, tested, then counted), each checked against a second
 * query written independently (FILTER sums per customer, or an INTERSECT of the periods' sets), on both samples.
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_TWOPERIODS_NOW = '2027-03-24T10:00:00Z';

/** A figure of one customer's rows in one year. */
const inY = (figure: 'sum' | 'count' | 'avg', year: number) =>
  figure === 'count'
    ? `count(*) FILTER (WHERE ${inYear(year)})`
    : `${figure}(amount) FILTER (WHERE ${inYear(year)})`;
/** The number of customers whose rows meet `having`. */
const customers = (having: string) =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING ${having})`;
/** The percent of the customers of `whole` whose rows meet `part`. */
const shareOf = (whole: string, part: string) =>
  `SELECT 100.0 * count(*) FILTER (WHERE ${part}) / count(*) FROM (SELECT customer_id,
     coalesce(sum(amount) FILTER (WHERE ${inYear(2024)}), 0) AS s24, coalesce(sum(amount) FILTER (WHERE ${inYear(2025)}), 0) AS s25,
     count(*) FILTER (WHERE ${inYear(2024)}) AS n24, count(*) FILTER (WHERE ${inYear(2025)}) AS n25
     FROM orders GROUP BY 1) WHERE ${whole}`;
/** The number of customers with at least one `grain` (of the rows of `where`) whose `figure` meets `test`. */
const anyPeriod = (grain: string, figure: string, test: string, where = 'true') =>
  `SELECT count(DISTINCT customer_id) FROM (SELECT customer_id, date_trunc('${grain}', created_at) AS p, ${figure} AS v
     FROM orders WHERE ${where} GROUP BY 1, 2) WHERE v ${test}`;
const PERCENT = { check: 'answer' as const, tolerance: 0.006 };

export const tuning26twoperiods: (SecondOrderCase & Tuning6Case)[] = [
  // --- one bound in each of two periods ---
  {
    class: 'two-periods',
    ask: 'how many customers spent more than $10k in both 2024 and 2025?',
    sql: customers(`${inY('sum', 2024)} > 10000 AND ${inY('sum', 2025)} > 10000`),
  },
  {
    class: 'two-periods',
    ask: 'number of customers with at least 20 orders in 2024 and at least 20 orders in 2025',
    sql: customers(`${inY('count', 2024)} >= 20 AND ${inY('count', 2025)} >= 20`),
  },
  {
    class: 'two-periods',
    ask: 'count the customers who spent over 9k in 2023 and over 9k in 2025',
    sql: customers(`${inY('sum', 2023)} > 9000 AND ${inY('sum', 2025)} > 9000`),
  },
  {
    class: 'two-periods',
    ask: 'customers with 20+ orders in both 2023 and 2024 - how many?',
    sql: customers(`${inY('count', 2023)} >= 20 AND ${inY('count', 2024)} >= 20`),
  },
  // --- a different bound per period ---
  {
    class: 'two-periods',
    ask: 'customers who placed 22+ orders in 2024 but fewer than 15 in 2025 - count',
    sql: customers(`${inY('count', 2024)} >= 22 AND ${inY('count', 2025)} < 15`),
  },
  {
    class: 'two-periods',
    ask: 'how many customers spent more than $10k in 2024 and less than $6k in 2025?',
    sql: customers(`${inY('sum', 2024)} > 10000 AND coalesce(${inY('sum', 2025)}, 0) < 6000`),
  },
  {
    class: 'two-periods',
    ask: 'how many customers had under 12 orders in 2023 but over 20 in 2025?',
    sql: customers(`${inY('count', 2023)} < 12 AND ${inY('count', 2025)} > 20`),
  },
  {
    class: 'two-periods',
    ask: 'number of clients who spent at least $12,000 in 2025 but under $8,000 in 2024',
    sql: customers(`${inY('sum', 2025)} >= 12000 AND coalesce(${inY('sum', 2024)}, 0) < 8000`),
  },
  // --- shares ---
  {
    class: 'two-periods-share',
    ask: 'what % of 2024 customers spent over $10k in both 2024 and 2025?',
    sql: shareOf('n24 > 0', 's24 > 10000 AND s25 > 10000'),
    ...PERCENT,
  },
  {
    class: 'two-periods-share',
    ask: 'of the customers who ordered in 2024, what percentage placed 20 or more orders in both 2024 and 2025?',
    sql: shareOf('n24 > 0', 'n24 >= 20 AND n25 >= 20'),
    ...PERCENT,
  },
  {
    class: 'two-periods-share',
    ask: 'among customers who bought in 2025, what share spent more than $10k in 2024 but less than $6k in 2025?',
    sql: shareOf('n25 > 0', 's24 > 10000 AND s25 < 6000'),
    ...PERCENT,
  },
  // --- a bound met in at least one period of a grain ---
  {
    class: 'any-period',
    ask: 'number of customers with more than 2 returns in any single month of 2025',
    sql: anyPeriod('month', "count(*) FILTER (WHERE status = 'returned')", '> 2', inYear(2025)),
  },
  {
    class: 'any-period',
    ask: 'how many customers placed 8+ orders in a single calendar quarter at least once?',
    sql: anyPeriod('quarter', 'count(*)', '>= 8'),
  },
  {
    class: 'any-period',
    ask: 'how many customers spent over $3k in at least one month of 2024?',
    sql: anyPeriod('month', 'sum(amount)', '> 3000', inYear(2024)),
  },
  // --- guards: a span's total is no bound in each period; a period missing; an average ---
  {
    class: 'two-periods-guard',
    ask: 'how many customers spent more than 18k across 2024 and 2025 combined?',
    sql: customers(`sum(amount) FILTER (WHERE ${inYear(2024)} OR ${inYear(2025)}) > 18000`),
  },
  {
    class: 'two-periods-guard',
    ask: 'how many customers spent more than $10k in both years?',
    refuse: true,
  },
  {
    class: 'two-periods-guard',
    ask: 'customers whose average order was over $500 in both 2024 and 2025 - how many?',
    sql: customers(`${inY('avg', 2024)} > 500 AND ${inY('avg', 2025)} > 500`),
  },
];
