/**
 * After held-out-31's one scoring (70/80, 1 confident wrong, on d48eb61), in the lead's own words: the shape of its
 * confident wrong answer, a ranking of each period's change against the one before with the first period's basis
 * restated in brackets ("(January against December 2024)": the bracket was read as the two periods compared, one
 * change of two months given). Scored before the change on d48eb61: see planner-tuning-6.test.ts's entry. The
 * second batch, two more of its shapes (on 6cafad5, refused): "brings us the most revenue", and a difference between
 * two years with its direction restated in brackets ("(2025 minus 2024)").
 *
 * Clock: Thursday 2027-06-03, as tuning-31-probed's.
 */
import { bestPerGroup, inYear, type SecondOrderCase, withCustomers } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_31_AFTER_NOW = '2027-06-03T14:00:00Z';

/** The `n` months of `year` whose `measure` rose the most over the month before (the first against the year before's last). */
const topRises = (measure: string, year: number, n: number) =>
  `WITH t AS (SELECT date_trunc('month', created_at) AS m, ${measure} AS v FROM orders
     WHERE created_at >= '${year - 1}-12-01' AND created_at < '${year + 1}-01-01' GROUP BY 1),
   c AS (SELECT m, v - lag(v) OVER (ORDER BY m) AS d FROM t)
   SELECT m, d FROM c WHERE m >= '${year}-01-01' ORDER BY d DESC LIMIT ${n}`;

export const tuning31after: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'period-over-period',
    ask: [
      'orders by month for 2024',
      'which two of those months rose the most over the month before (January against December 2023)?',
    ],
    sql: topRises('count(*)', 2024, 2),
  },
  {
    class: 'period-over-period',
    ask: 'which 3 months of 2025 gained the most revenue over the previous month (so January vs December 2024)?',
    sql: topRises('sum(amount)', 2025, 3),
  },
  {
    class: 'period-over-period',
    ask: `revenue by month in 2024 - which month fell the most against the month before (January compared with December 2023)?`,
    sql: `${topRises('sum(amount)', 2024, 12).replace('ORDER BY d DESC LIMIT 12', 'ORDER BY d ASC LIMIT 1')}`,
  },
  {
    class: 'top-per-group',
    ask: 'which region brings us the most revenue in 2025?',
    sql: `SELECT region, sum(amount) AS v FROM orders WHERE ${inYear(2025)} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  },
  {
    class: 'top-per-group',
    ask: 'for each segment, which category brings me the most orders in 2024?',
    sql: bestPerGroup(
      'c.segment',
      'o.category',
      'count(*)',
      'DESC',
      `o JOIN customers c ON o.customer_id = c.id WHERE ${inYear(2024, 'o.created_at')}`,
    ),
  },
  {
    class: 'period-over-period',
    ask: 'by region, what is the change in revenue between 2024 and 2025 (2025 minus 2024)?',
    sql: `SELECT region, sum(amount) FILTER (WHERE ${inYear(2025)}) - sum(amount) FILTER (WHERE ${inYear(2024)})
      FROM orders GROUP BY 1 ORDER BY 1`,
  },
  {
    class: 'period-over-period',
    ask: "what's the difference in orders between 2023 and 2025, per segment (2025 minus 2023)?",
    sql: `SELECT c.segment, count(*) FILTER (WHERE ${inYear(2025, 'o.created_at')}) - count(*) FILTER (WHERE ${inYear(2023, 'o.created_at')})
      FROM ${withCustomers} GROUP BY 1 ORDER BY 1`,
  },
];
