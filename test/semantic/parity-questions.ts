/**
 * The demo model's questions every engine must answer with the same numbers: parity.test.ts runs them on DuckDB
 * and PostgreSQL, clickhouse.test.ts on all three (ClickHouse over HTTP).
 */
import type { QueryUser } from '../../functions/semantic';

export const manager: QueryUser = { groups: ['managers'], userAttributes: {}, securityContext: {} };
export const north: QueryUser = {
  groups: ['analysts'],
  userAttributes: { region: 'north' },
  securityContext: {},
};
export const narrow: QueryUser = {
  groups: [],
  userAttributes: { region: 'south', allowed_categories: ['toys', 'grocery'], min_order_amount: 500 },
  securityContext: {},
};
export const nobody: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

/** [name, user, SQL] on the main branch's model. */
export const PARITY_QUESTIONS: [string, QueryUser, string][] = [
  [
    'anchor: total amount by status',
    north,
    'SELECT status, MEASURE(total_amount) FROM orders_view GROUP BY 1 ORDER BY 1',
  ],
  [
    'qualified members and aliases',
    manager,
    'SELECT o.region, MEASURE(o.count) AS n, MEASURE(o.average_amount) AS avg FROM orders_view AS o GROUP BY o.region ORDER BY o.region',
  ],
  [
    'plain aggregates over dimensions',
    north,
    'SELECT category, COUNT(*) AS n, SUM(amount) AS s, MIN(amount) AS lo, MAX(amount) AS hi FROM orders_view GROUP BY category ORDER BY category',
  ],
  [
    'date_trunc by month with a time filter',
    manager,
    "SELECT date_trunc('month', created_at) AS month, MEASURE(count) AS orders FROM orders_view WHERE created_at >= '2025-01-01' AND created_at < '2025-04-01' GROUP BY 1 ORDER BY 1",
  ],
  [
    'a typed timestamp literal and a cast',
    manager,
    "SELECT CAST(amount AS DOUBLE PRECISION) > 100 AS big, MEASURE(count) AS n FROM orders_view WHERE created_at >= TIMESTAMP '2024-06-01 00:00:00' GROUP BY 1 ORDER BY 1",
  ],
  [
    'extract year',
    north,
    'SELECT EXTRACT(YEAR FROM created_at) AS y, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 1',
  ],
  [
    'count distinct customers and a join to customers',
    manager,
    'SELECT customers_segment, MEASURE(customer_count) AS buyers FROM orders_view GROUP BY 1 ORDER BY 1',
  ],
  [
    'CTE and subquery',
    north,
    "WITH monthly AS (SELECT date_trunc('month', created_at) AS m, MEASURE(total_amount) AS t FROM orders_view GROUP BY 1) SELECT COUNT(*) AS months, ROUND(MAX(t), 2) AS best FROM (SELECT * FROM monthly) AS s",
  ],
  [
    'string functions, IN, LIKE, CASE',
    manager,
    "SELECT UPPER(region) AS r, CASE WHEN status = 'completed' THEN 'done' ELSE 'not done' END AS state, COUNT(*) AS n FROM orders_view WHERE category IN ('toys', 'grocery') AND status LIKE 'c%' GROUP BY 1, 2 ORDER BY 1, 2",
  ],
  [
    'ORDER BY measure with LIMIT',
    manager,
    'SELECT category, MEASURE(total_amount) AS revenue FROM orders_view GROUP BY 1 ORDER BY 2 DESC LIMIT 3',
  ],
  [
    'narrowed by categories and minimum amount (typed parameters)',
    narrow,
    'SELECT category, MEASURE(count) AS n, MEASURE(min_amount) AS smallest FROM orders_view GROUP BY 1 ORDER BY 1',
  ],
  ['customers view', north, 'SELECT segment, MEASURE(count) AS n FROM customers_view GROUP BY 1 ORDER BY 1'],
  ['no region attribute: no rows', nobody, 'SELECT region, MEASURE(count) FROM orders_view GROUP BY 1'],
  [
    'HAVING on a measure',
    manager,
    'SELECT region, MEASURE(count) AS n FROM orders_view GROUP BY 1 HAVING MEASURE(count) > 10 ORDER BY 1',
  ],
];

/** On the dev branch's model: its exact, interpolated median. */
export const DEV_MEDIAN =
  'SELECT region, MEASURE(median_amount) AS median FROM orders_view GROUP BY 1 ORDER BY 1';
