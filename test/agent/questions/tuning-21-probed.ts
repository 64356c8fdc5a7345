/**
 * Cases from the lead's probes of 2026-11-28 (issue 29), in the lead's own words, on a clock of its own: values
 * compared over a span of years, a time unit ranked "of" its year, each period's shares of its own whole, the
 * change of a share or a rate between two periods (in percentage points), and neighbours of each that were already
 * right (kept so a later change cannot lose them).
 * Scored in the eval CLI: 5 of 21 right before, on 007e7f6 (6 confidently wrong); 20 of 21 after, none wrong (the top
 * rows' combined share over two years refused).
 *
 * Clock: Wednesday 2027-06-23, eighteen months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { bestPerGroup, inYear, type SecondOrderCase } from './tuning-2';

export const TUNING_21_PROBED_NOW = '2027-06-23T10:00:00Z';

/** Each row of `by` in each period of `periods` ([label, from, to]), with its share of that period's `measure`. */
const periodShares = (measure: string, by: string, periods: [string, string, string][]) =>
  `WITH t AS (SELECT CASE ${periods.map(([l, f, t]) => `WHEN created_at >= '${f}' AND created_at < '${t}' THEN '${l}'`).join(' ')} END AS p,
     ${by} AS k, ${measure} AS v FROM orders GROUP BY 1, 2)
   SELECT p, k, round(100.0 * v / sum(v) OVER (PARTITION BY p), 2) FROM t WHERE p IS NOT NULL`;

/**
 * A figure `v` of each year `y` (and `key`) in `r`, side by side for years a and b, with the change in points;
 * `order`: the change ranked ("DESC LIMIT 1").
 */
const inPoints = (r: string, [a, b]: [number, number], key?: string, order?: string) =>
  `WITH r AS (${r}), c AS (SELECT ${key ? `${key}, ` : ''}max(v) FILTER (WHERE y = ${a}) AS a, max(v) FILTER (WHERE y = ${b}) AS b FROM r${key ? ' GROUP BY 1' : ''})
   SELECT ${key ? `${key}, ` : ''}round(a, 2), round(b, 2), round(b - a, 2) FROM c${order ? ` ORDER BY b - a ${order}` : ''}`;
/** The percent of the rows' `whole` that meets `part`, per year (`y`) of `years` (and `key`), as `v`. */
const yearlyRate = (
  part: string,
  years: [number, number],
  whole = 'count(*)',
  key?: string,
  from = 'orders',
) =>
  `SELECT ${key ? `${key}, ` : ''}year(created_at) AS y, 100.0 * ${whole} FILTER (WHERE ${part}) / ${whole} AS v
   FROM ${from} WHERE year(created_at) IN (${years.join(', ')}) GROUP BY ${key ? '1, 2' : '1'}`;
/** Each `key`'s share of its year's `measure`, per year (`y`) of `years`, as `v`. */
const yearlyShares = (key: string, measure: string, years: [number, number], where = '') =>
  `SELECT ${key}, y, 100.0 * v / sum(v) OVER (PARTITION BY y) AS v FROM (SELECT ${key}, year(created_at) AS y, ${measure} AS v
   FROM orders WHERE year(created_at) IN (${years.join(', ')})${where} GROUP BY 1, 2)`;

export const tuning21probed: SecondOrderCase[] = [
  {
    // Was 2023 against 2025, 2024 left out, each row labelled "2023, 2023": confidently wrong.
    class: 'period-over-period',
    ask: 'compare electronics vs toys revenue 2023 to 2025 by year',
    sql: `SELECT year(created_at), category, sum(amount) FROM orders WHERE category IN ('electronics', 'toys') GROUP BY 1, 2`,
  },
  {
    class: 'period-over-period',
    ask: 'furniture vs grocery # of orders by year, 2023-2025',
    sql: `SELECT year(created_at), category, count(*) FROM orders WHERE category IN ('furniture', 'grocery') GROUP BY 1, 2`,
  },
  {
    // Was refused ("through").
    class: 'wording',
    ask: 'compare the north and the south on orders, 2023 through 2025, year by year',
    sql: `SELECT year(created_at), region, count(*) FROM orders WHERE region IN ('north', 'south') GROUP BY 1, 2`,
  },
  {
    // Still two years compared.
    class: 'period-over-period',
    ask: 'clothing revenue 2023 vs 2025',
    sql: `SELECT year(created_at), sum(amount) FROM orders WHERE category = 'clothing' AND year(created_at) IN (2023, 2025) GROUP BY 1`,
  },
  {
    // Was refused ("month").
    class: 'top-per-group',
    ask: 'the month of 2025 with the most orders',
    sql: `SELECT date_trunc('month', created_at), count(*) FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    // Was refused ("month").
    class: 'top-per-group',
    ask: 'for each category, the month of 2025 with the highest revenue',
    sql: bestPerGroup(
      'category',
      "date_trunc('month', created_at)",
      'sum(amount)',
      'DESC',
      `WHERE ${inYear(2025)}`,
    ),
  },
  {
    // Was the lowest quarter-and-region pair, titled the bottom region.
    class: 'top-per-group',
    ask: 'in every region, the quarter of 2024 that had the lowest revenue',
    sql: bestPerGroup(
      'region',
      "date_trunc('quarter', created_at)",
      'sum(amount)',
      'ASC',
      `WHERE ${inYear(2024)}`,
    ),
  },
  {
    // Was each share of both quarters' whole (each quarter's shares adding to half): confidently wrong.
    class: 'combined-shares',
    ask: 'share of revenue by category in Q4 2025 vs Q4 2024',
    sql: periodShares('sum(amount)', 'category', [
      ['Q4 2024', '2024-10-01', '2025-01-01'],
      ['Q4 2025', '2025-10-01', '2026-01-01'],
    ]),
  },
  {
    // Was each share of the three years' whole: confidently wrong.
    class: 'combined-shares',
    ask: "each region's share of orders by year",
    sql: `WITH t AS (SELECT year(created_at) AS y, region, count(*) AS v FROM orders GROUP BY 1, 2)
      SELECT y, region, round(100.0 * v / sum(v) OVER (PARTITION BY y), 2) FROM t`,
  },
  {
    class: 'combined-shares',
    ask: 'share of 2025 revenue by month',
    sql: `WITH t AS (SELECT date_trunc('month', created_at) AS m, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1)
      SELECT m, round(100.0 * v / sum(v) OVER (), 2) FROM t`,
  },
  {
    class: 'top-per-group',
    ask: 'for each region, the category with the highest revenue in 2025',
    sql: bestPerGroup('region', 'category', 'sum(amount)', 'DESC', `WHERE ${inYear(2025)}`),
  },
  {
    class: 'counts-per-entity',
    ask: 'avg # of orders per customer by region in 2025',
    sql: `SELECT region, avg(n) FROM (SELECT region, customer_id, count(*) AS n FROM orders WHERE ${inYear(2025)} GROUP BY 1, 2) GROUP BY 1`,
  },
  {
    class: 'combined-shares',
    ask: 'orders over $500 in 2025 — how many and what share of all orders',
    check: 'answer',
    sql: `SELECT count(*) FILTER (WHERE amount > 500), round(100.0 * count(*) FILTER (WHERE amount > 500) / count(*), 2) FROM orders WHERE ${inYear(2025)}`,
  },
  {
    // Was refused ("change of a rate").
    class: 'combined-shares',
    ask: 'how did the return rate change from 2024 to 2025',
    sql: inPoints(yearlyRate("status = 'returned'", [2024, 2025]), [2024, 2025]),
  },
  {
    // Was refused ("pp", "change of share").
    class: 'combined-shares',
    ask: 'share of revenue by category in Q4 2025 vs Q4 2024 (pp change)',
    sql: inPoints(
      yearlyShares('category', 'sum(amount)', [2024, 2025], ' AND month(created_at) >= 10'),
      [2024, 2025],
      'category',
    ),
  },
  {
    // Was refused ("percentage point", "change of a percentage").
    class: 'combined-shares',
    ask: 'percentage point change in the cancel rate, 2024 to 2025, by segment',
    sql: inPoints(
      yearlyRate(
        "status = 'cancelled'",
        [2024, 2025],
        'count(*)',
        'segment',
        'orders JOIN (SELECT id AS customer_id, segment FROM customers) USING (customer_id)',
      ),
      [2024, 2025],
      'segment',
    ),
  },
  {
    // Was refused ("change of share").
    class: 'combined-shares',
    ask: "how did each region's share of orders move between 2023 and 2025, in percentage points?",
    sql: inPoints(yearlyShares('region', 'count(*)', [2023, 2025]), [2023, 2025], 'region'),
  },
  {
    // Was refused ("change of share"); after the share change was first built, an error.
    class: 'combined-shares',
    ask: "which category's share of revenue grew the most from 2024 to 2025",
    sql: inPoints(
      yearlyShares('category', 'sum(amount)', [2024, 2025]),
      [2024, 2025],
      'category',
      'DESC LIMIT 1',
    ),
  },
  {
    // The top rows' combined share over two years is no query built: refused (each customer's own change ranked
    // was answered once while the share change was being built: confidently wrong).
    class: 'combined-shares',
    ask: "how did the top 10 customers' share of revenue change from 2024 to 2025",
    check: 'answer',
    sql: `SELECT ${[2024, 2025].map((y) => `(SELECT round(100.0 * sum(v) / (SELECT sum(amount) FROM orders WHERE ${inYear(y)}), 2) FROM (SELECT sum(amount) AS v FROM orders WHERE ${inYear(y)} GROUP BY customer_id ORDER BY 1 DESC LIMIT 10))`).join(', ')}`,
  },
  {
    // Was the change of the returned orders' count: confidently wrong.
    class: 'combined-shares',
    ask: 'what percent of orders were returned in 2024 vs 2025 and how did it change',
    sql: inPoints(yearlyRate("status = 'returned'", [2024, 2025]), [2024, 2025]),
  },
  {
    // Was the change of the west's revenue: confidently wrong.
    class: 'combined-shares',
    ask: 'what % of revenue came from the west in 2024 and 2025, and the change',
    sql: inPoints(yearlyRate("region = 'west'", [2024, 2025], 'sum(amount)'), [2024, 2025]),
  },
];
