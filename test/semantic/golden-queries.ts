/**
 * The golden questions over test/semantic/golden-model.ts, one per compiler feature, with the Trino SQL each must
 * compile to (checked by hand against Trino's documentation): test/semantic/trino.test.ts asserts the SQL, and
 * test/athena/live.test.ts runs the same questions on a real Athena workgroup.
 */

/** [feature, query, the Trino SQL it must compile to] */
export const GOLDEN: [string, string, string][] = [
  [
    'calculated and filtered measures, a date string compared with a timestamp, DESC NULLS FIRST',
    "SELECT status, MEASURE(total) AS total, MEASURE(completed_total) AS done, MEASURE(avg_calc) AS avg FROM orders WHERE created_at >= '2025-01-01' GROUP BY 1 ORDER BY 2 DESC",
    'WITH "__sec_1" AS (SELECT "orders"."status" AS "status", "orders"."created_at" AS "created_at", "orders"."amount" AS "total", CASE WHEN ("orders".status = \'completed\') THEN "orders"."amount" END AS "completed_total", "orders"."amount" AS "__m_orders_total", "orders"."id" AS "__m_orders_count" FROM "default"."orders" AS "orders" WHERE (("orders"."region" = \'north\'))) SELECT status AS "status", SUM(total) AS "total", SUM(completed_total) AS "done", (SUM("__m_orders_total") / NULLIF(COUNT("__m_orders_count"), 0)) AS "avg" FROM "__sec_1" AS "orders" WHERE created_at >= TIMESTAMP \'2025-01-01 00:00:00\' GROUP BY 1 ORDER BY 2 DESC NULLS FIRST',
  ],
  [
    'rolling window, time_shift and multi_stage over month buckets',
    "SELECT date_trunc('month', created_at) AS m, MEASURE(total_3m) AS t3, MEASURE(total_prior_month) AS prior, MEASURE(total_change) AS change FROM orders GROUP BY 1 ORDER BY 1",
    'WITH "__sec_1" AS (SELECT "orders"."created_at" AS "created_at", "orders"."amount" AS "total_3m", "orders"."amount" AS "total_prior_month", "orders"."amount" AS "__m_orders_total", "orders"."amount" AS "__m_orders_total_prior_month" FROM "default"."orders" AS "orders" WHERE (("orders"."region" = \'north\'))) SELECT date_trunc(\'month\', created_at) AS "m", SUM(SUM(total_3m)) OVER (ORDER BY date_trunc(\'month\', created_at) ASC RANGE BETWEEN INTERVAL \'2\' MONTH PRECEDING AND CURRENT ROW) AS "t3", MAX(SUM(total_prior_month)) OVER (ORDER BY date_trunc(\'month\', created_at) ASC RANGE BETWEEN INTERVAL \'1\' MONTH PRECEDING AND INTERVAL \'1\' MONTH PRECEDING) AS "prior", (SUM("__m_orders_total") - MAX(SUM("__m_orders_total_prior_month")) OVER (ORDER BY date_trunc(\'month\', created_at) ASC RANGE BETWEEN INTERVAL \'1\' MONTH PRECEDING AND INTERVAL \'1\' MONTH PRECEDING)) AS "change" FROM "__sec_1" AS "orders" GROUP BY 1 ORDER BY 1 ASC',
  ],
  [
    'a switch dimension and a case measure',
    'SELECT currency, MEASURE(total_in_currency) AS t FROM orders GROUP BY 1 ORDER BY 1',
    'WITH "__sec_1" AS (SELECT "__switch_orders_currency"."value" AS "currency", CASE "__switch_orders_currency"."value" WHEN \'EUR\' THEN CASE WHEN ("orders".status = \'completed\') THEN "orders"."amount" END ELSE "orders"."amount" END AS "total_in_currency" FROM "default"."orders" AS "orders" CROSS JOIN (VALUES (\'USD\'), (\'EUR\')) AS "__switch_orders_currency"("value") WHERE (("orders"."region" = \'north\'))) SELECT currency AS "currency", SUM(total_in_currency) AS "t" FROM "__sec_1" AS "orders" GROUP BY 1 ORDER BY 1 ASC',
  ],
  [
    'a sub_query dimension',
    'SELECT segment, order_total FROM customers ORDER BY 2 DESC LIMIT 10 OFFSET 5',
    'WITH "__sec_1" AS (SELECT "customers"."segment" AS "segment", (SELECT SUM("__sq_orders"."amount") FROM "default"."orders" AS "__sq_orders" WHERE ("customers".id = "__sq_orders".customer_id) AND (("__sq_orders"."region" = \'north\'))) AS "order_total" FROM "default"."customers" AS "customers") SELECT segment AS "segment", order_total AS "order_total" FROM "__sec_1" AS "customers" ORDER BY 2 DESC NULLS FIRST OFFSET 5 LIMIT 10',
  ],
  [
    'a segment',
    'SELECT MEASURE(count) AS n FROM orders WHERE big',
    'WITH "__sec_1" AS (SELECT "orders"."id" AS "count", "orders".amount > 500 AS "big" FROM "default"."orders" AS "orders" WHERE (("orders"."region" = \'north\'))) SELECT COUNT(count) AS "n" FROM "__sec_1" AS "orders" WHERE big',
  ],
  [
    'fan-out de-duplication in a view over a one_to_many join',
    'SELECT segment, MEASURE(count) AS customers, MEASURE(orders_total) AS total, MEASURE(orders_count) AS orders FROM customer_orders GROUP BY 1 ORDER BY 1',
    'WITH "__sec_1" AS (SELECT "customers"."segment" AS "segment", CASE WHEN row_number() OVER (PARTITION BY "customers"."id", "customers"."segment") = 1 THEN "customers"."id" END AS "count", "orders"."amount" AS "orders_total", "orders"."id" AS "orders_count" FROM "default"."customers" AS "customers" LEFT JOIN "default"."orders" AS "orders" ON "customers".id = "orders".customer_id WHERE (("orders"."region" = \'north\'))) SELECT segment AS "segment", COUNT(count) AS "customers", SUM(orders_total) AS "total", COUNT(orders_count) AS "orders" FROM "__sec_1" AS "customer_orders" GROUP BY 1 ORDER BY 1 ASC',
  ],
  [
    'FILTER_PARAMS pushed into the cube SQL (a time value becomes a typed literal)',
    "SELECT region, MEASURE(revenue) AS r FROM sales WHERE day BETWEEN '2024-01-02' AND '2024-03-01T12:30:00Z' AND region IN ('north', 'O''Brien') GROUP BY 1",
    'WITH "__sec_1" AS (SELECT "sales"."created_at" AS "day", "sales"."region" AS "region", "sales"."amount" AS "revenue" FROM (SELECT * FROM "default"."orders" WHERE (created_at BETWEEN TIMESTAMP \'2024-01-02 00:00:00\' AND TIMESTAMP \'2024-03-01 12:30:00 UTC\') AND (region IN (\'north\', \'O\'\'Brien\'))) AS "sales") SELECT region AS "region", SUM(revenue) AS "r" FROM "__sec_1" AS "sales" WHERE day BETWEEN TIMESTAMP \'2024-01-02 00:00:00\' AND TIMESTAMP \'2024-03-01 12:30:00 UTC\' AND region IN (\'north\', \'O\'\'Brien\') GROUP BY 1',
  ],
  [
    'a custom granularity (intervals in the Trino spelling)',
    'SELECT fiscal_year, MEASURE(count) AS n FROM orders GROUP BY 1 ORDER BY 1',
    'WITH "__sec_1" AS (SELECT (date_trunc(\'year\', ("orders"."created_at" - INTERVAL \'3\' MONTH)) + INTERVAL \'3\' MONTH) AS "fiscal_year", "orders"."id" AS "count" FROM "default"."orders" AS "orders" WHERE (("orders"."region" = \'north\'))) SELECT fiscal_year AS "fiscal_year", COUNT(count) AS "n" FROM "__sec_1" AS "orders" GROUP BY 1 ORDER BY 1 ASC',
  ],
  [
    'casts, EXTRACT, renamed functions, typed literals',
    "SELECT EXTRACT(YEAR FROM created_at) AS y, EXTRACT(ISODOW FROM created_at) AS d, amount::DOUBLE PRECISION / 3 AS a, CAST(amount AS NUMERIC(10, 2)) AS n, trunc(amount) AS t, log(amount) AS l, ifnull(status, 'none') AS s, created_at + INTERVAL '7 days' AS week_later FROM orders WHERE created_at < TIMESTAMP '2025-06-30T00:00:00' AND amount / 2 > 1",
    'WITH "__sec_1" AS (SELECT "orders"."status" AS "status", "orders"."amount" AS "amount", "orders"."created_at" AS "created_at" FROM "default"."orders" AS "orders" WHERE (("orders"."region" = \'north\'))) SELECT EXTRACT(YEAR FROM created_at) AS "y", EXTRACT(DOW FROM created_at) AS "d", CAST(amount AS DOUBLE) / 3 AS "a", CAST(amount AS DECIMAL(10,2)) AS "n", truncate(amount) AS "t", log10(amount) AS "l", coalesce(status, \'none\') AS "s", created_at + INTERVAL \'7\' DAY AS "week_later" FROM "__sec_1" AS "orders" WHERE created_at < TIMESTAMP \'2025-06-30 00:00:00\' AND amount / 2 > 1',
  ],
];
