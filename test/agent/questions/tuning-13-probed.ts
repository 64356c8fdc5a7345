/**
 * Thirteenth tuning batch (issue 29): questions the lead probed on the demo model on 2026-11-27 (second session),
 * each answered confidently wrong, with a false statement, or refused for a wrong reason before the planner change
 * that reads it (written down before the change, scored after). Fresh wordings, none copied from a held-out or
 * earlier tuning set.
 *
 * Clock: 2026-05-20, after the data ends (orders 2023-01-01 to 2025-12-31): "last year" is 2025.
 */
import { inYear, type SecondOrderCase } from './tuning-2';

export const TUNING_13_PROBED_NOW = '2026-05-20T10:00:00Z';

const year = (y: number) => inYear(y, 'created_at');
/** The share of each status's rows (count) in `where`, in percent. */
const statusShares = (where: string) =>
  `SELECT status, 100.0 * count(*) / sum(count(*)) OVER () FROM orders WHERE ${where} GROUP BY 1`;
/** Customers with orders in each of `years`. */
const everyYear = (years: number[]) =>
  `SELECT count(*) FROM (SELECT customer_id FROM orders WHERE year(created_at) IN (${years.join(', ')})
   GROUP BY 1 HAVING count(DISTINCT year(created_at)) = ${years.length})`;

/** Every customer who placed an order of the largest amount in `where` (ties in one list), and the amount. */
const maxOrderWho = (where: string) =>
  `SELECT string_agg(c.name, ', ' ORDER BY c.name), max(o.amount) FROM orders o JOIN customers c
   ON o.customer_id = c.id WHERE ${where} AND o.amount = (SELECT max(amount) FROM orders o WHERE ${where})`;

/** Each customer's `figure` in two years (0 where none), over the rows `where` keeps. */
const perCustomerYears = (figure: string, earlier: number, later: number, where = 'TRUE') =>
  `SELECT customer_id, coalesce(${figure} FILTER (WHERE year(created_at) = ${earlier}), 0) AS earlier,
   coalesce(${figure} FILTER (WHERE year(created_at) = ${later}), 0) AS later FROM orders
   WHERE ${where} AND year(created_at) IN (${earlier}, ${later}) GROUP BY 1`;

export const tuning13probed: SecondOrderCase[] = [
  {
    // Refused over "sorted descending".
    class: 'wording',
    ask: 'revenue by category sorted descending',
    sql: 'SELECT category, sum(amount) FROM orders GROUP BY 1 ORDER BY 2 DESC',
  },
  {
    // Refused; read as "from lowest to highest" it was the smallest order amount per region (wrong).
    class: 'wording',
    ask: 'orders by region in ascending order',
    sql: 'SELECT region, count(*) FROM orders GROUP BY 1 ORDER BY 2',
  },
  {
    class: 'wording',
    ask: 'number of orders by status, smallest first',
    sql: 'SELECT status, count(*) FROM orders GROUP BY 1 ORDER BY 2',
  },
  {
    // Was the revenue's share by status ("total" read as the total amount): confidently wrong.
    class: 'combined-shares',
    ask: 'orders by status in 2025 as a % of total',
    tolerance: 0.006,
    sql: statusShares(year(2025)),
  },
  {
    // The percentages were left out ("nothing in the data model matches it").
    class: 'combined-shares',
    ask: "what's the split of orders between completed, returned and cancelled in 2025, as percentages",
    tolerance: 0.006,
    sql: statusShares(year(2025)),
  },
  {
    // Refused over "both".
    class: 'counts-per-entity',
    ask: 'How many customers ordered in both 2024 and 2025?',
    sql: everyYear([2024, 2025]),
  },
  {
    // Was the share of customers with an order in either year (the "both" left out).
    class: 'counts-per-entity',
    ask: 'what share of customers bought in both 2023 and 2024',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * (${everyYear([2023, 2024])}) / (SELECT count(DISTINCT customer_id) FROM orders)`,
  },
  {
    // Was the largest amount alone ("who placed it" left out).
    class: 'wording',
    ask: 'what was the biggest single order in 2023 and who placed it',
    check: 'answer',
    sql: maxOrderWho(inYear(2023, 'o.created_at')),
  },
  {
    // Was the number of customers in 2023 (20,000): confidently wrong.
    class: 'wording',
    ask: 'biggest order in 2023 and the customer who placed it',
    check: 'answer',
    sql: maxOrderWho(inYear(2023, 'o.created_at')),
  },
  {
    class: 'wording',
    ask: "what's the largest furniture order in the west and who placed it",
    check: 'answer',
    sql: maxOrderWho("category = 'furniture' AND o.region = 'west'"),
  },
  {
    // Refused over "gap between".
    class: 'top-per-group',
    ask: "What's the gap between our best and worst region in 2025 revenue?",
    check: 'answer',
    sql: `SELECT arg_max(region, s), max(s), arg_min(region, s), min(s), max(s) - min(s)
          FROM (SELECT region, sum(amount) AS s FROM orders WHERE ${year(2025)} GROUP BY 1)`,
  },
  {
    class: 'top-per-group',
    ask: 'how big is the spread between the highest and lowest segment on AOV',
    check: 'answer',
    sql: `SELECT arg_max(segment, a), max(a), arg_min(segment, a), min(a), max(a) - min(a) FROM (SELECT c.segment,
          avg(o.amount) AS a FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY 1)`,
  },
  {
    // The follow-up was refused over "percent" / "share".
    class: 'combined-shares',
    ask: ['how many orders were cancelled in 2025', 'what % of all orders is that'],
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*) FROM orders WHERE ${year(2025)}`,
  },
  {
    class: 'combined-shares',
    ask: ['revenue from furniture in 2024', 'what share of total revenue is that?'],
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * sum(amount) FILTER (WHERE category = 'furniture') / sum(amount) FROM orders
          WHERE ${year(2024)}`,
  },
  {
    // Was the number of customers in each year (20,000 -> 20,000, unchanged): confidently wrong.
    class: 'counts-per-entity',
    ask: 'how many customers spent more in 2025 than in 2024',
    sql: `SELECT count(*) FROM (${perCustomerYears('sum(amount)', 2024, 2025)}) WHERE later > earlier`,
  },
  {
    class: 'counts-per-entity',
    ask: 'what share of customers ordered less in 2025 than 2024?',
    check: 'answer',
    tolerance: 0.006,
    sql: `SELECT 100.0 * count(*) FILTER (WHERE later < earlier) / count(*) FROM (${perCustomerYears('count(*)', 2024, 2025)})`,
  },
  {
    class: 'period-over-period',
    ask: 'how many customers grew their spending from 2024 to 2025',
    sql: `SELECT count(*) FROM (${perCustomerYears('sum(amount)', 2024, 2025)}) WHERE later > earlier`,
  },
  {
    class: 'period-over-period',
    ask: 'how many west customers cut their orders between 2023 and 2024?',
    sql: `SELECT count(*) FROM (${perCustomerYears('count(*)', 2023, 2024, "region = 'west'")}) WHERE later < earlier`,
  },
];
