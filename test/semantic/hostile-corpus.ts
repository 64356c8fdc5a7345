/**
 * A hostile SQL corpus, as data: what an attacker holding an embed token for `region = north` would try against
 * row-level security (issue 9). hostile-corpus.test.ts runs every entry on DuckDB, PostgreSQL and ClickHouse.
 *
 * Outcomes:
 * - 'refused': rejected with SQL_NOT_ALLOWED by the compiler, before anything reaches the database. Entries with
 *   `resourceLimit` attack resources rather than names: for them a QueryTimeoutError or another 400-class AppError
 *   (a limit that stopped the query while it ran) is an accepted refusal too; the field says which limit.
 * - 'contained': runs, and its result equals the result of the same SQL for the same user on a copy of the data
 *   whose raw tables hold only the north rows (a leak of any kind shows as a difference).
 *
 * How expectations were decided (what a secure service must do, not what today's code does):
 * - Any reference that the engine could resolve to a physical table, a catalog relation or a table function is
 *   refused, however it is spelled (case, quotes, schema or catalog qualification, Unicode look-alikes).
 * - User CTE or alias names equal to a relation or table function the engine could resolve (`orders`, `customers`,
 *   `payroll`, `pg_settings`, `range`, the views' own names...) are refused, whatever their body (issue 9, step 1).
 * - Lexical forms that tools tokenise differently are refused even when PostgreSQL would read them harmlessly:
 *   backslash escapes (E'', U&), dollar quoting and nested block comments; so are control characters other than
 *   tab, newline and carriage return, wherever they appear (as the existing corpus refuses NUL). Plain comments,
 *   plain literals and quoted identifiers that merely look like SQL are contained: they must stay what they are.
 * - Standard analytics over the views (joins, set operations, correlated subqueries, windows, GROUPING SETS) are
 *   contained: a secure service answers them with north rows only.
 * - Unbounded work (huge strings, cross joins, deep nesting, huge queries) is refused quickly, by a grammar bound,
 *   a function bound or the query timeout.
 */

export type Engine = 'duckdb' | 'postgres' | 'clickhouse';

export interface HostileQuery {
  name: string;
  sql: string;
  expect: 'refused' | 'contained';
  /** Every engine when absent. */
  engines?: Engine[];
  /** A resource attack: the limit that may also refuse it (QueryTimeoutError or a 400-class AppError). */
  resourceLimit?: string;
}

/** Issue 9's queries, verbatim. */
export const ISSUE_9_REGRESSIONS = [
  'WITH Orders AS (SELECT * FROM Orders) SELECT region, count(*) FROM Orders GROUP BY 1',
  'SELECT r FROM (WITH Orders AS (SELECT 1 AS y) SELECT y AS r FROM Orders) a CROSS JOIN Orders x',
  'SELECT ((((((((((((((((1 FROM orders_view',
  "SELECT lpad('a', 2147483647, 'x') FROM orders_view LIMIT 1",
] as const;

const refused = (name: string, sql: string, extra: Partial<HostileQuery> = {}): HostileQuery => ({
  name,
  sql,
  expect: 'refused',
  ...extra,
});
const contained = (name: string, sql: string, extra: Partial<HostileQuery> = {}): HostileQuery => ({
  name,
  sql,
  expect: 'contained',
  ...extra,
});
const limited = (name: string, sql: string, resourceLimit: string): HostileQuery =>
  refused(name, sql, { resourceLimit });

const [issueShadow, issueScope, issueParens, issueLpad] = ISSUE_9_REGRESSIONS;

const issue9: HostileQuery[] = [
  refused('issue 9: CTE Orders reading the raw Orders table', issueShadow),
  refused('issue 9: CTE in a subquery, Orders outside its scope is the raw table', issueScope),
  limited('issue 9: 16 unbalanced parentheses', issueParens, 'grammar bound or parse deadline'),
  limited('issue 9: lpad to 2^31-1 characters', issueLpad, 'bounded string functions / bytes per cell'),
];

/** CTE names equal to physical tables, views, catalogs or table functions, in every case and quoting. */
const cteNames: HostileQuery[] = [
  refused(
    'CTE orders reading orders',
    'WITH orders AS (SELECT * FROM orders) SELECT region, count(*) FROM orders GROUP BY 1',
  ),
  refused(
    'CTE ORDERS reading ORDERS',
    'WITH ORDERS AS (SELECT * FROM ORDERS) SELECT region, count(*) FROM ORDERS GROUP BY 1',
  ),
  refused(
    'CTE "orders" reading "orders"',
    'WITH "orders" AS (SELECT * FROM "orders") SELECT region, count(*) FROM "orders" GROUP BY 1',
  ),
  refused(
    'CTE "Orders" while the outer query reads orders',
    'WITH "Orders" AS (SELECT 1 AS x) SELECT region, count(*) FROM orders GROUP BY 1',
  ),
  refused(
    'CTE "ORDERS" while the outer query reads ORDERS',
    'WITH "ORDERS" AS (SELECT 1 AS x) SELECT region, count(*) FROM ORDERS GROUP BY 1',
  ),
  refused(
    'CTE oRdErS reading OrDeRs',
    'WITH oRdErS AS (SELECT * FROM OrDeRs) SELECT region, count(*) FROM oRdErS GROUP BY 1',
  ),
  refused(
    'CTE Orders over the view (name equals a table)',
    'WITH Orders AS (SELECT * FROM orders_view) SELECT region, count(*) FROM Orders GROUP BY 1',
  ),
  refused(
    'CTE Customers reading Customers',
    'WITH Customers AS (SELECT * FROM Customers) SELECT region, count(*) FROM Customers GROUP BY 1',
  ),
  refused(
    'CTE customers reading customers',
    'WITH customers AS (SELECT * FROM customers) SELECT region, count(*) FROM customers GROUP BY 1',
  ),
  refused(
    'CTE CUSTOMERS reading "customers"',
    'WITH CUSTOMERS AS (SELECT * FROM "customers") SELECT region, count(*) FROM CUSTOMERS GROUP BY 1',
  ),
  refused(
    'CTE Orders_View shadowing the view',
    'WITH Orders_View AS (SELECT * FROM orders) SELECT region, count(*) FROM orders_view GROUP BY 1',
  ),
  refused(
    'CTE "ORDERS_VIEW" over the raw table',
    'WITH "ORDERS_VIEW" AS (SELECT * FROM orders) SELECT region, count(*) FROM "ORDERS_VIEW" GROUP BY 1',
  ),
  refused(
    'CTE CUSTOMERS_VIEW over the raw table',
    'WITH CUSTOMERS_VIEW AS (SELECT * FROM customers) SELECT region, count(*) FROM customers_view GROUP BY 1',
  ),
  refused(
    'CTE Payroll over the unmodelled payroll table',
    'WITH Payroll AS (SELECT * FROM payroll) SELECT name, salary FROM Payroll',
  ),
  refused(
    'CTE pg_settings over pg_settings',
    'WITH pg_settings AS (SELECT * FROM pg_settings) SELECT name, setting FROM pg_settings',
  ),
  refused(
    'CTE Duckdb_tables over duckdb_tables()',
    'WITH Duckdb_tables AS (SELECT * FROM duckdb_tables()) SELECT * FROM Duckdb_tables',
  ),
  refused(
    'CTE named range (a table function)',
    'WITH range AS (SELECT region FROM orders_view) SELECT DISTINCT region FROM range',
  ),
  refused(
    'CTE named generate_series (a table function)',
    'WITH generate_series AS (SELECT region FROM orders_view) SELECT DISTINCT region FROM generate_series',
  ),
  refused(
    'second CTE Orders after a harmless one',
    'WITH a AS (SELECT 1 AS x), Orders AS (SELECT * FROM Orders) SELECT region, count(*) FROM Orders GROUP BY 1',
  ),
  refused(
    'earlier sibling reads Orders before the CTE Orders is defined',
    'WITH a AS (SELECT region FROM Orders), Orders AS (SELECT region FROM orders_view) SELECT region, count(*) FROM a GROUP BY 1',
  ),
  refused(
    'CTE Orders with a column list',
    'WITH Orders(r) AS (SELECT region FROM Orders) SELECT r, count(*) FROM Orders GROUP BY 1',
  ),
  refused(
    'CTE Orders AS MATERIALIZED',
    'WITH Orders AS MATERIALIZED (SELECT * FROM Orders) SELECT region, count(*) FROM Orders GROUP BY 1',
  ),
  refused(
    'CTE Orders AS NOT MATERIALIZED',
    'WITH Orders AS NOT MATERIALIZED (SELECT * FROM Orders) SELECT region, count(*) FROM Orders GROUP BY 1',
  ),
  refused(
    'CTE Orders used only in a join',
    'WITH Orders AS (SELECT * FROM Orders) SELECT o.region, count(*) FROM orders_view v JOIN Orders o ON o.id = v.id GROUP BY 1',
  ),
  refused(
    'CTE orders read twice (self join)',
    'WITH orders AS (SELECT * FROM orders) SELECT a.region, count(*) FROM orders a, orders b WHERE a.id = b.id GROUP BY 1',
  ),
  refused(
    'CTE pg_roles over pg_roles',
    'WITH pg_roles AS (SELECT * FROM pg_roles) SELECT rolname FROM pg_roles',
  ),
  refused(
    'CTE information_schema-like name',
    'WITH tables AS (SELECT * FROM information_schema.tables) SELECT table_name FROM tables',
  ),
];

/** CTEs at every depth, and CTE names that leak out of their scope. */
const cteScopes: HostileQuery[] = [
  refused(
    'CTE Customers in a subquery, Customers outside is raw',
    'SELECT x.region, count(*) FROM (WITH Customers AS (SELECT 1 AS y) SELECT y FROM Customers) a CROSS JOIN Customers x GROUP BY 1',
  ),
  refused(
    'CTE in an EXISTS subquery, outer orders is raw',
    'SELECT region, count(*) FROM orders WHERE EXISTS (WITH orders AS (SELECT 1 AS y) SELECT y FROM orders) GROUP BY 1',
  ),
  refused(
    'CTE in a scalar subquery, outer orders is raw',
    'SELECT (WITH orders AS (SELECT 1 AS y) SELECT y FROM orders) AS y, region FROM orders',
  ),
  refused(
    'CTE in an IN subquery, outer orders is raw',
    'SELECT region, count(*) FROM orders WHERE id IN (WITH orders AS (SELECT id FROM orders_view) SELECT id FROM orders) GROUP BY 1',
  ),
  refused(
    'CTE in one UNION branch, the other branch is raw',
    '(WITH orders AS (SELECT region FROM orders_view) SELECT region FROM orders) UNION ALL SELECT region FROM orders',
  ),
  refused(
    'CTE nested in a CTE body, outer orders is raw',
    'WITH x AS (WITH orders AS (SELECT 1 AS y) SELECT y FROM orders) SELECT region, count(*) FROM orders, x GROUP BY 1',
  ),
  refused(
    'CTE in a LATERAL subquery, outer orders is raw',
    'SELECT o.region, count(*) FROM orders o, LATERAL (WITH orders AS (SELECT 1 AS y) SELECT y FROM orders) l GROUP BY 1',
  ),
  refused(
    'CTE three subqueries deep, sibling branch raw',
    "SELECT region FROM (SELECT region FROM (SELECT region FROM (WITH orders AS (SELECT 'north' AS region) SELECT region FROM orders) a) b) c UNION ALL SELECT region FROM orders",
  ),
  refused(
    'CTE in a HAVING subquery, outer orders is raw',
    'SELECT region, count(*) FROM orders GROUP BY region HAVING count(*) > (WITH orders AS (SELECT 0 AS n) SELECT n FROM orders)',
  ),
  refused(
    'CTE in a JOIN ON subquery, joined orders is raw',
    'SELECT o.region, count(*) FROM orders_view v JOIN orders o ON o.id = v.id AND EXISTS (WITH orders AS (SELECT 1 AS y) SELECT y FROM orders) GROUP BY 1',
  ),
  refused(
    'CTE in a CASE subquery, FROM orders is raw',
    'SELECT CASE WHEN (WITH orders AS (SELECT 1 AS y) SELECT y FROM orders) = 1 THEN region END AS r, count(*) FROM orders GROUP BY 1',
  ),
  refused(
    'CTE inside a derived table joined to raw Orders',
    'SELECT b.region, count(*) FROM (WITH Orders AS (SELECT id FROM orders_view) SELECT id FROM Orders) a JOIN Orders b ON true GROUP BY 1',
  ),
  refused(
    'CTE customers in WHERE subquery, FROM customers raw',
    'SELECT region, count(*) FROM customers WHERE 1 IN (WITH customers AS (SELECT 1 AS y) SELECT y FROM customers) GROUP BY 1',
  ),
  refused(
    'forward reference to a later sibling CTE',
    'WITH a AS (SELECT * FROM b), b AS (SELECT region FROM orders_view) SELECT DISTINCT region FROM a',
  ),
  refused(
    'CTE in the ORDER BY subquery, FROM orders raw',
    'SELECT region FROM orders ORDER BY (WITH orders AS (SELECT 1 AS y) SELECT y FROM orders), region LIMIT 5',
  ),
  contained(
    'CTE used inside a scalar subquery of the main query',
    'WITH n AS (SELECT region FROM orders_view) SELECT DISTINCT region, (SELECT count(*) FROM n) AS c FROM n',
  ),
  contained(
    'CTEs nested three deep',
    'WITH a AS (WITH b AS (WITH c AS (SELECT region, amount FROM orders_view) SELECT * FROM c) SELECT * FROM b) SELECT region, sum(amount) AS s FROM a GROUP BY 1',
  ),
  contained(
    'CTE sibling reading an earlier sibling',
    'WITH a AS (SELECT region, amount FROM orders_view), b AS (SELECT region, sum(amount) AS s FROM a GROUP BY 1) SELECT region, s FROM b',
  ),
  contained(
    'CTE inside a derived table',
    'SELECT t.region, t.n FROM (WITH x AS (SELECT region FROM orders_view) SELECT region, count(*) AS n FROM x GROUP BY 1) t',
  ),
  contained(
    'CTE in an IN subquery over the view',
    'SELECT count(*) FROM customers_view WHERE region IN (WITH r AS (SELECT region FROM orders_view) SELECT region FROM r)',
  ),
  contained(
    'same CTE name at two depths, both over views',
    'WITH x AS (SELECT region FROM orders_view) SELECT DISTINCT region FROM (WITH x AS (SELECT region FROM customers_view) SELECT region FROM x) t UNION SELECT region FROM x',
  ),
  contained(
    'CTE read twice',
    'WITH x AS (SELECT id, region FROM orders_view) SELECT a.region, count(*) FROM x a JOIN x b ON a.id = b.id GROUP BY 1',
  ),
];

/** Non-recursive CTEs that read themselves: the name inside the body is not the CTE. */
const cteSelf: HostileQuery[] = [
  refused(
    'CTE orders_view reading orders_view',
    'WITH orders_view AS (SELECT * FROM orders_view) SELECT region, count(*) FROM orders_view GROUP BY 1',
  ),
  refused(
    'CTE customers_view reading customers_view',
    'WITH customers_view AS (SELECT * FROM customers_view) SELECT region, count(*) FROM customers_view GROUP BY 1',
  ),
  refused('CTE x reading x (nothing named x exists)', 'WITH x AS (SELECT * FROM x) SELECT * FROM x'),
  refused('CTE payroll reading payroll', 'WITH payroll AS (SELECT * FROM payroll) SELECT * FROM payroll'),
  refused('mutually referencing CTEs', 'WITH a AS (SELECT * FROM b), b AS (SELECT * FROM a) SELECT * FROM a'),
  refused(
    'recursive CTE named orders',
    'WITH RECURSIVE orders AS (SELECT * FROM orders) SELECT region, count(*) FROM orders GROUP BY 1',
  ),
  refused(
    'CTE Orders reading quoted "orders"',
    'WITH Orders AS (SELECT * FROM "orders") SELECT region, count(*) FROM Orders GROUP BY 1',
  ),
  refused(
    'CTE t reading t, joined to the view',
    'WITH t AS (SELECT * FROM t) SELECT count(*) FROM orders_view, t',
  ),
  refused(
    'CTE customers reading itself via a subquery',
    'WITH customers AS (SELECT * FROM (SELECT * FROM customers) s) SELECT region, count(*) FROM customers GROUP BY 1',
  ),
  refused(
    'CTE orders reading itself in a scalar subquery',
    'WITH orders AS (SELECT (SELECT count(*) FROM orders) AS n) SELECT n FROM orders',
  ),
];

/** Table aliases equal to relation names. */
const aliases: HostileQuery[] = [
  refused('view aliased as orders', 'SELECT orders.region, count(*) FROM orders_view AS orders GROUP BY 1'),
  refused(
    'view aliased as Orders without AS',
    'SELECT Orders.region, count(*) FROM orders_view Orders GROUP BY 1',
  ),
  refused(
    'view aliased as "orders"',
    'SELECT "orders".region, count(*) FROM orders_view "orders" GROUP BY 1',
  ),
  refused(
    'view aliased as customers in a join',
    'SELECT customers.region, count(*) FROM orders_view customers JOIN customers_view c ON c.region = customers.region GROUP BY 1',
  ),
  refused(
    'customers_view aliased as orders_view',
    'SELECT orders_view.region, count(*) FROM customers_view orders_view GROUP BY 1',
  ),
  refused(
    'second view aliased as orders',
    'SELECT x.region, count(*) FROM orders_view x, customers_view orders GROUP BY 1',
  ),
  refused(
    'derived table aliased as orders',
    'SELECT orders.region, count(*) FROM (SELECT region FROM orders_view) orders GROUP BY 1',
  ),
  refused(
    'derived table aliased as "Orders"',
    'SELECT "Orders".region, count(*) FROM (SELECT region FROM orders_view) "Orders" GROUP BY 1',
  ),
  refused(
    'view aliased as pg_settings',
    'SELECT pg_settings.region, count(*) FROM orders_view pg_settings GROUP BY 1',
  ),
  refused(
    'view aliased as orders with a column list',
    'SELECT orders.r FROM (SELECT DISTINCT region FROM orders_view) AS orders(r)',
  ),
  refused(
    'raw table aliased as the view name',
    'SELECT region, count(*) FROM orders AS orders_view GROUP BY 1',
  ),
  refused(
    'raw customers aliased as customers_view',
    'SELECT region, count(*) FROM customers customers_view GROUP BY 1',
  ),
  refused(
    'raw "orders" aliased as "orders_view"',
    'SELECT region, count(*) FROM "orders" "orders_view" GROUP BY 1',
  ),
  // payroll is a table only the database knows: the compiler cannot refuse the name, and need not (every
  // relation is renamed, and the engine resolves no unqualified table); the oracle proves it contained.
  contained('view aliased as payroll', 'SELECT payroll.region, count(*) FROM orders_view payroll GROUP BY 1'),
  refused('view aliased as range', 'SELECT range.region, count(*) FROM orders_view range GROUP BY 1'),
  contained('column alias named orders', 'SELECT DISTINCT region AS orders FROM orders_view'),
  contained(
    'short table aliases o and c',
    'SELECT o.region, count(*) AS n FROM orders_view o JOIN customers_view c ON c.region = o.region GROUP BY 1',
  ),
];

/** Quoting tricks around identifiers. */
const quoting: HostileQuery[] = [
  refused('quoted raw "orders"', 'SELECT region, count(*) FROM "orders" GROUP BY 1'),
  refused('quoted raw "ORDERS"', 'SELECT region, count(*) FROM "ORDERS" GROUP BY 1'),
  refused('quoted raw "customers"', 'SELECT region, count(*) FROM "customers" GROUP BY 1'),
  refused('doubled quote inside an identifier', 'SELECT * FROM "orders""view"'),
  refused('unbalanced double quote', 'SELECT * FROM orders_view"'),
  refused('backtick-quoted raw table', 'SELECT region FROM `orders`'),
  refused('bracket-quoted raw table', 'SELECT region FROM [orders]'),
  refused('quoted name with a trailing space', 'SELECT region FROM "orders "'),
  refused('quoted name with an embedded dot', 'SELECT region FROM "main.orders"'),
  refused('Unicode-escaped identifier for orders', 'SELECT region FROM U&"\\006Frders"'),
  refused('quoted schema and table', 'SELECT "region" FROM "main"."orders"'),
  refused(
    'quoted raw table in a join',
    'SELECT v.region, count(*) FROM orders_view v JOIN "orders" o ON o.id = v.id GROUP BY 1',
  ),
  refused(
    'quoted column alias hiding a UNION with a raw table',
    'SELECT DISTINCT region AS "a" UNION SELECT region FROM orders --" FROM orders_view',
  ),
  contained('quoted view name', 'SELECT DISTINCT region FROM "orders_view"'),
  contained(
    'quoted view and column names',
    'SELECT DISTINCT "region", count(*) AS "n" FROM "orders_view" GROUP BY 1',
  ),
  // Over-refused, safely: the parser cannot read a doubled quote inside a quoted alias.
  refused(
    'quoted alias that looks like SQL',
    'SELECT DISTINCT region AS "a"" UNION SELECT region FROM orders --" FROM orders_view',
  ),
  contained(
    'quoted alias that looks like a comment',
    'SELECT DISTINCT region AS "*/ UNION SELECT region FROM orders /*" FROM orders_view',
  ),
];

/** Schema and catalog qualification. */
const qualification: HostileQuery[] = [
  refused('main.customers', 'SELECT region, count(*) FROM main.customers GROUP BY 1'),
  refused('MAIN.ORDERS', 'SELECT region, count(*) FROM MAIN.ORDERS GROUP BY 1'),
  refused('"main"."orders"', 'SELECT region, count(*) FROM "main"."orders" GROUP BY 1'),
  refused('memory.main.orders', 'SELECT region, count(*) FROM memory.main.orders GROUP BY 1'),
  refused('public.orders', 'SELECT region, count(*) FROM public.orders GROUP BY 1'),
  refused('Public.Orders', 'SELECT region, count(*) FROM Public.Orders GROUP BY 1'),
  refused('"public"."customers"', 'SELECT region, count(*) FROM "public"."customers" GROUP BY 1'),
  refused(
    'database-qualified postgres.public.orders',
    'SELECT region, count(*) FROM postgres.public.orders GROUP BY 1',
  ),
  refused('public.payroll', 'SELECT name, salary FROM public.payroll'),
  refused('pg_catalog.pg_settings', 'SELECT name, setting FROM pg_catalog.pg_settings'),
  refused('pg_catalog.pg_roles', 'SELECT rolname, rolsuper FROM pg_catalog.pg_roles'),
  refused('pg_catalog.pg_authid', 'SELECT rolname, rolpassword FROM pg_catalog.pg_authid'),
  refused('pg_catalog.pg_shadow', 'SELECT usename, passwd FROM pg_catalog.pg_shadow'),
  refused('information_schema.columns', 'SELECT table_name, column_name FROM information_schema.columns'),
  refused('INFORMATION_SCHEMA.TABLES upper case', 'SELECT table_name FROM INFORMATION_SCHEMA.TABLES'),
  refused('information_schema.schemata', 'SELECT schema_name FROM information_schema.schemata'),
  refused('system.main.duckdb_settings()', 'SELECT name, value FROM system.main.duckdb_settings()'),
  refused('temp.main table', 'SELECT * FROM temp.main.orders'),
  refused('temp.information_schema.tables', 'SELECT table_name FROM temp.information_schema.tables'),
  refused('pg_temp.orders', 'SELECT region FROM pg_temp.orders'),
  refused('schema-qualified view name main.orders_view', 'SELECT DISTINCT region FROM main.orders_view'),
  refused('schema-qualified column of an absent table', 'SELECT main.orders.region FROM orders_view'),
  refused('column qualified by the raw table name', 'SELECT orders.region FROM orders_view'),
  refused(
    'view joined to main.orders',
    'SELECT o.region, count(*) FROM orders_view v, main.orders o GROUP BY 1',
  ),
  refused(
    'public.orders in an IN subquery',
    'SELECT count(*) FROM orders_view WHERE id IN (SELECT id FROM public.orders)',
  ),
  refused(
    'pg_catalog-qualified function in WHERE',
    "SELECT count(*) FROM orders_view WHERE pg_catalog.current_setting('search_path') <> ''",
  ),
  refused('ONLY orders (PostgreSQL inheritance)', 'SELECT region, count(*) FROM ONLY orders GROUP BY 1'),
  refused('orders* (PostgreSQL inheritance star)', 'SELECT region, count(*) FROM orders * GROUP BY 1'),
];

/** Catalog relations and server functions on both engines. */
const catalogs: HostileQuery[] = [
  refused(
    'Duckdb_databases() in mixed case (file paths)',
    'SELECT database_name, path FROM Duckdb_databases()',
  ),
  refused('duckdb_settings()', 'SELECT name, value FROM duckdb_settings()'),
  refused('duckdb_extensions()', 'SELECT extension_name, installed FROM duckdb_extensions()'),
  refused('duckdb_secrets()', 'SELECT * FROM duckdb_secrets()'),
  refused('duckdb_columns()', 'SELECT table_name, column_name FROM duckdb_columns()'),
  refused('duckdb_views()', 'SELECT view_name, sql FROM duckdb_views()'),
  refused('duckdb_functions()', 'SELECT function_name FROM duckdb_functions()'),
  refused('duckdb_memory()', 'SELECT * FROM duckdb_memory()'),
  refused('DUCKDB_TABLES() upper case', 'SELECT table_name, estimated_size FROM DUCKDB_TABLES()'),
  refused('duckdb_tables without parentheses (catalog view)', 'SELECT table_name FROM duckdb_tables'),
  refused('sqlite_master', 'SELECT name, sql FROM sqlite_master'),
  refused('pragma_database_list', 'SELECT * FROM pragma_database_list'),
  refused("pragma_table_info('orders')", "SELECT * FROM pragma_table_info('orders')"),
  refused('pg_settings', 'SELECT name, setting FROM pg_settings'),
  refused('Pg_settings mixed case', 'SELECT name, setting FROM Pg_settings'),
  refused('pg_roles', 'SELECT rolname FROM pg_roles'),
  refused('pg_user', 'SELECT usename FROM pg_user'),
  refused('pg_stat_activity', 'SELECT pid, query FROM pg_stat_activity'),
  refused('pg_database', 'SELECT datname FROM pg_database'),
  refused(
    'pg_stats (most common raw values)',
    "SELECT attname, most_common_vals FROM pg_stats WHERE tablename = 'orders'",
  ),
  refused('pg_class', "SELECT relname, reltuples FROM pg_class WHERE relkind = 'r'"),
  refused('pg_namespace', 'SELECT nspname FROM pg_namespace'),
  refused('pg_proc', 'SELECT proname FROM pg_proc LIMIT 5'),
  refused('pg_file_settings', 'SELECT name, setting FROM pg_file_settings'),
  refused('pg_hba_file_rules', 'SELECT * FROM pg_hba_file_rules'),
  refused(
    'current_setting in the select list',
    "SELECT current_setting('data_directory') FROM orders_view LIMIT 1",
  ),
  refused(
    'current_setting of DuckDB memory_limit',
    "SELECT current_setting('memory_limit') FROM orders_view LIMIT 1",
  ),
  refused('version()', 'SELECT version() FROM orders_view LIMIT 1'),
  refused('version() in WHERE', 'SELECT count(*) FROM orders_view WHERE version() IS NOT NULL'),
  refused('version() in ORDER BY', 'SELECT region FROM orders_view ORDER BY version() LIMIT 1'),
  refused(
    'version() in HAVING',
    'SELECT region FROM orders_view GROUP BY region HAVING count(*) > length(version())',
  ),
  refused('current_database()', 'SELECT current_database() FROM orders_view LIMIT 1'),
  refused('current_user', 'SELECT current_user FROM orders_view LIMIT 1'),
  refused('session_user', 'SELECT session_user FROM orders_view LIMIT 1'),
  refused('current_schema()', 'SELECT current_schema() FROM orders_view LIMIT 1'),
  refused('pg_backend_pid()', 'SELECT pg_backend_pid() FROM orders_view LIMIT 1'),
  refused('inet_server_addr()', 'SELECT inet_server_addr() FROM orders_view LIMIT 1'),
  refused('pg_postmaster_start_time()', 'SELECT pg_postmaster_start_time() FROM orders_view LIMIT 1'),
  refused('txid_current()', 'SELECT txid_current() FROM orders_view LIMIT 1'),
  refused("pg_ls_dir('.')", "SELECT pg_ls_dir('.') FROM orders_view LIMIT 1"),
  refused('pg_read_binary_file', "SELECT pg_read_binary_file('/etc/passwd') FROM orders_view LIMIT 1"),
  refused('pg_stat_file', "SELECT pg_stat_file('/etc/passwd') FROM orders_view LIMIT 1"),
  refused(
    'set_config(search_path)',
    "SELECT set_config('search_path', 'public', false) FROM orders_view LIMIT 1",
  ),
  refused('pg_sleep', 'SELECT pg_sleep(10) FROM orders_view LIMIT 1'),
  refused('pg_terminate_backend', 'SELECT pg_terminate_backend(1) FROM orders_view LIMIT 1'),
  refused(
    'query_to_xml runs a query string',
    "SELECT query_to_xml('SELECT * FROM orders', true, true, '') FROM orders_view LIMIT 1",
  ),
  refused("to_regclass('orders')", "SELECT to_regclass('orders') FROM orders_view LIMIT 1"),
  refused("'orders'::regclass", "SELECT 'orders'::regclass FROM orders_view LIMIT 1"),
  refused("pg_relation_size('orders')", "SELECT pg_relation_size('orders') FROM orders_view LIMIT 1"),
  refused('has_table_privilege', "SELECT has_table_privilege('orders', 'SELECT') FROM orders_view LIMIT 1"),
  refused('pg_get_viewdef', "SELECT pg_get_viewdef('pg_roles') FROM orders_view LIMIT 1"),
  refused('DuckDB query() runs a query string', "SELECT * FROM query('SELECT * FROM orders')"),
  refused('getvariable()', "SELECT getvariable('x') FROM orders_view LIMIT 1"),
  refused('read_text', "SELECT * FROM read_text('/etc/passwd')"),
  refused('read_blob', "SELECT * FROM read_blob('/etc/hostname')"),
  refused('parquet_metadata', "SELECT * FROM parquet_metadata('/tmp/x.parquet')"),
  refused('json_serialize_sql', "SELECT json_serialize_sql('SELECT * FROM orders') FROM orders_view LIMIT 1"),
  refused('file path as a table (DuckDB replacement scan)', "SELECT * FROM '/etc/passwd'"),
  refused('csv file name as a table', "SELECT * FROM 'orders.csv'"),
  refused('system columns xmin and ctid', 'SELECT xmin, ctid FROM orders_view LIMIT 1'),
  refused('tableoid::regclass', 'SELECT tableoid::regclass FROM orders_view LIMIT 1'),
];

/** Table functions anywhere: FROM, LATERAL, subqueries, IN lists, the select list. */
const tableFunctions: HostileQuery[] = [
  refused(
    'generate_series joined to the view',
    'SELECT g, count(*) FROM generate_series(1, 3) g, orders_view GROUP BY 1',
  ),
  refused('unnest of an array in FROM', 'SELECT * FROM unnest(ARRAY[1, 2]) AS u(x)'),
  refused('range joined to the view', 'SELECT count(*) FROM orders_view CROSS JOIN range(3)'),
  refused('generate_subscripts', 'SELECT * FROM generate_subscripts(ARRAY[1, 2], 1)'),
  refused('jsonb_each', 'SELECT * FROM jsonb_each(\'{"a": 1}\'::jsonb)'),
  refused('regexp_split_to_table', "SELECT * FROM regexp_split_to_table('a,b', ',')"),
  refused(
    'LATERAL generate_series over a view column',
    'SELECT count(*) FROM orders_view o, LATERAL generate_series(1, o.id) g',
  ),
  refused('CROSS JOIN LATERAL range', 'SELECT count(*) FROM orders_view o CROSS JOIN LATERAL range(10) r'),
  refused(
    'LATERAL subquery over duckdb_settings()',
    'SELECT count(*) FROM orders_view o, LATERAL (SELECT * FROM duckdb_settings()) s',
  ),
  refused(
    'EXISTS over duckdb_databases()',
    'SELECT count(*) FROM orders_view WHERE EXISTS (SELECT 1 FROM duckdb_databases())',
  ),
  refused(
    'scalar subquery over pg_stat_activity',
    'SELECT (SELECT count(*) FROM pg_stat_activity) AS n FROM orders_view LIMIT 1',
  ),
  refused('IN over range()', 'SELECT count(*) FROM orders_view WHERE id IN (SELECT * FROM range(10))'),
  refused(
    'IN over the raw table',
    'SELECT count(*) FROM customers_view WHERE region IN (SELECT region FROM orders)',
  ),
  refused(
    'IN over pg_settings',
    'SELECT count(*) FROM orders_view WHERE status IN (SELECT name FROM pg_settings)',
  ),
  refused('ROWS FROM (generate_series)', 'SELECT * FROM ROWS FROM (generate_series(1, 2)) AS t(x)'),
  refused(
    'set-returning function in the select list',
    'SELECT generate_series(1, 3) FROM orders_view LIMIT 1',
  ),
  refused('unnest in the select list', 'SELECT unnest(ARRAY[1, 2, 3]) FROM orders_view LIMIT 1'),
  refused(
    'table function in a CTE body',
    'WITH t AS (SELECT * FROM duckdb_tables()) SELECT count(*) FROM orders_view, t',
  ),
  refused(
    'table function in a UNION branch',
    'SELECT region FROM orders_view UNION SELECT CAST(x AS VARCHAR) FROM generate_series(1, 2) AS s(x)',
  ),
  refused('TABLE orders statement', 'TABLE orders'),
  refused('UNION TABLE orders', 'SELECT * FROM orders_view UNION TABLE orders'),
  refused(
    'VALUES with a subquery over the raw table',
    'SELECT * FROM (VALUES ((SELECT count(*) FROM orders))) AS v(n)',
  ),
  refused(
    'VALUES joined to the view with a raw subquery',
    'SELECT v.n FROM orders_view o JOIN (VALUES ((SELECT max(amount) FROM orders))) AS v(n) ON true LIMIT 1',
  ),
  refused('bare VALUES statement', "VALUES ('north'), ('south')"),
];

/** Set operations with raw tables and catalogs; and with views only (contained). */
const setOperations: HostileQuery[] = [
  refused('UNION ALL with raw orders', 'SELECT region FROM orders_view UNION ALL SELECT region FROM orders'),
  refused('INTERSECT with raw Orders', 'SELECT region FROM orders_view INTERSECT SELECT region FROM Orders'),
  refused('raw ORDERS EXCEPT the view', 'SELECT region FROM ORDERS EXCEPT SELECT region FROM orders_view'),
  refused(
    'UNION with raw customers names',
    'SELECT name FROM customers UNION SELECT customers_name FROM orders_view',
  ),
  refused(
    'UNION with information_schema',
    'SELECT region FROM orders_view UNION SELECT table_name FROM information_schema.tables',
  ),
  refused(
    'UNION BY NAME with raw orders',
    'SELECT region FROM orders_view UNION BY NAME SELECT region FROM orders',
  ),
  refused(
    'parenthesised UNION with quoted raw table',
    '(SELECT region FROM orders_view) UNION (SELECT region FROM "orders")',
  ),
  refused(
    'UNION ALL with raw table inside a derived table',
    'SELECT count(*) FROM (SELECT id FROM orders_view UNION ALL SELECT id FROM orders) t',
  ),
  refused(
    'EXCEPT ALL with raw customers',
    'SELECT region FROM customers EXCEPT ALL SELECT region FROM customers_view',
  ),
  refused(
    'INTERSECT ALL with raw table',
    'SELECT region FROM orders_view INTERSECT ALL SELECT region FROM orders',
  ),
  refused('UNION with raw payroll', 'SELECT customers_name FROM orders_view UNION SELECT name FROM payroll'),
  refused(
    'UNION with ORDER BY and LIMIT over raw table',
    'SELECT region FROM orders_view UNION SELECT region FROM orders ORDER BY 1 LIMIT 10',
  ),
  contained(
    'INTERSECT of two views',
    'SELECT region FROM orders_view INTERSECT SELECT region FROM customers_view',
  ),
  contained('EXCEPT of two views', 'SELECT region FROM customers_view EXCEPT SELECT region FROM orders_view'),
  // Over-refused, safely: the parser does not know EXCEPT ALL.
  refused(
    'EXCEPT ALL within one view',
    'SELECT id FROM orders_view EXCEPT ALL SELECT id FROM orders_view WHERE amount > 100',
  ),
  contained(
    'UNION ALL of views grouped',
    'SELECT region, count(*) FROM (SELECT region FROM orders_view UNION ALL SELECT region FROM customers_view) u GROUP BY 1',
  ),
  contained(
    'UNION with ORDER BY and LIMIT over views',
    'SELECT region FROM orders_view UNION SELECT region FROM customers_view ORDER BY 1 LIMIT 10',
  ),
];

/** Joins, USING and NATURAL joins. */
const joins: HostileQuery[] = [
  refused(
    'JOIN raw orders USING (id)',
    'SELECT o.region, count(*) FROM orders_view v JOIN orders o USING (id) GROUP BY 1',
  ),
  refused(
    'NATURAL JOIN raw orders',
    'SELECT region, count(*) FROM orders_view NATURAL JOIN orders GROUP BY 1',
  ),
  refused('NATURAL JOIN raw customers', 'SELECT count(*) FROM orders_view o NATURAL JOIN customers'),
  refused(
    'LEFT JOIN raw orders on inequality',
    'SELECT r.region, count(*) FROM orders_view o LEFT JOIN orders r ON r.region <> o.region GROUP BY 1',
  ),
  refused(
    'RIGHT JOIN raw orders',
    'SELECT r.region, count(*) FROM orders_view o RIGHT JOIN orders r ON r.id = o.id GROUP BY 1',
  ),
  refused(
    'FULL JOIN raw customers',
    'SELECT c.region, count(*) FROM customers_view v FULL JOIN customers c ON c.id = v.id GROUP BY 1',
  ),
  refused(
    'JOIN ON with an IN over raw customers',
    'SELECT count(*) FROM orders_view o JOIN customers_view c ON c.id IN (SELECT id FROM customers)',
  ),
  refused(
    'implicit comma join to raw orders',
    'SELECT orders.region, count(*) FROM orders_view, orders GROUP BY 1',
  ),
  refused(
    'ASOF JOIN raw orders',
    'SELECT r.region, count(*) FROM orders_view o ASOF JOIN orders r ON o.id >= r.id GROUP BY 1',
  ),
  refused(
    'POSITIONAL JOIN raw orders',
    'SELECT r.region, count(*) FROM orders_view o POSITIONAL JOIN orders r GROUP BY 1',
  ),
  refused('JOIN to raw payroll', 'SELECT p.name, p.salary FROM orders_view o JOIN payroll p ON true LIMIT 5'),
  contained(
    'JOIN views USING (region)',
    'SELECT region, count(*) FROM orders_view JOIN customers_view USING (region) GROUP BY 1',
  ),
  contained(
    'LEFT JOIN views',
    'SELECT o.region, c.segment, count(*) FROM orders_view o LEFT JOIN customers_view c ON c.region = o.region GROUP BY 1, 2',
  ),
  contained(
    'FULL JOIN of two derived tables over views',
    'SELECT o.region, c.region FROM (SELECT DISTINCT region FROM orders_view) o FULL JOIN (SELECT DISTINCT region FROM customers_view) c ON o.region = c.region',
  ),
  contained('cross join of two views counted', 'SELECT count(*) FROM orders_view, customers_view'),
  contained(
    'self join of the view',
    'SELECT a.region, count(*) FROM orders_view a JOIN orders_view b ON a.id = b.id GROUP BY 1',
  ),
  contained(
    'join to the view through its customer columns',
    'SELECT customers_segment, count(*) FROM orders_view GROUP BY 1',
  ),
  contained(
    'RIGHT JOIN views',
    "SELECT c.segment, count(o.id) FROM orders_view o RIGHT JOIN customers_view c ON c.region = o.region AND o.status = 'cancelled' GROUP BY 1",
  ),
];

/** Correlated subqueries: raw tables refused; views contained, including boolean oracles. */
const correlated: HostileQuery[] = [
  refused(
    'correlated count over raw orders',
    'SELECT o.region, (SELECT count(*) FROM orders r WHERE r.region <> o.region) AS n FROM orders_view o LIMIT 1',
  ),
  refused(
    'EXISTS over raw customers',
    'SELECT count(*) FROM orders_view o WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = o.id)',
  ),
  refused(
    'comparison with avg over raw orders',
    'SELECT count(*) FROM orders_view WHERE amount > (SELECT avg(amount) FROM orders)',
  ),
  refused(
    'boolean oracle NOT EXISTS over raw orders',
    "SELECT count(*) FROM orders_view o WHERE NOT EXISTS (SELECT 1 FROM orders r WHERE r.region = 'south' AND r.id = o.id + 1)",
  ),
  refused(
    'ANY over raw orders',
    'SELECT count(*) FROM orders_view WHERE amount = ANY (SELECT amount FROM orders)',
  ),
  refused(
    'ALL over raw orders',
    'SELECT count(*) FROM orders_view WHERE amount >= ALL (SELECT amount FROM orders)',
  ),
  refused(
    'ORDER BY a raw subquery',
    'SELECT region FROM orders_view ORDER BY (SELECT max(amount) FROM orders) LIMIT 1',
  ),
  refused(
    'HAVING with a correlated raw subquery',
    'SELECT region FROM orders_view o GROUP BY region HAVING count(*) < (SELECT count(*) FROM orders r WHERE r.region <> o.region)',
  ),
  refused(
    'raw subquery two levels deep',
    'SELECT (SELECT (SELECT count(*) FROM customers) FROM customers_view LIMIT 1) AS n FROM orders_view LIMIT 1',
  ),
  refused(
    'raw subquery in a CASE',
    "SELECT CASE WHEN (SELECT count(*) FROM orders WHERE region = 'south') > 0 THEN 'yes' ELSE 'no' END AS leak FROM orders_view LIMIT 1",
  ),
  refused(
    'ARRAY(subquery) over raw orders',
    'SELECT ARRAY(SELECT DISTINCT region FROM orders) FROM orders_view LIMIT 1',
  ),
  refused(
    'raw data in an error message through a cast',
    "SELECT CAST((SELECT string_agg(region, ',') FROM orders) AS INTEGER) FROM orders_view LIMIT 1",
  ),
  refused(
    'correlated raw subquery in the select list of a derived table',
    'SELECT count(*) FROM (SELECT (SELECT region FROM orders r WHERE r.id = o.id + 1) AS next_region FROM orders_view o) t',
  ),
  contained(
    'correlated count over a view',
    'SELECT region, (SELECT count(*) FROM customers_view c WHERE c.region = o.region) AS n FROM orders_view o GROUP BY region',
  ),
  contained(
    'comparison with avg over the view',
    'SELECT count(*) FROM orders_view WHERE amount > (SELECT avg(amount) FROM orders_view)',
  ),
  contained(
    'boolean oracle NOT EXISTS over a view',
    "SELECT count(*) FROM orders_view o WHERE NOT EXISTS (SELECT 1 FROM customers_view c WHERE c.region = 'south')",
  ),
  contained(
    'boolean oracle EXISTS on another region',
    "SELECT count(*) FROM orders_view WHERE EXISTS (SELECT 1 FROM orders_view WHERE region = 'east')",
  ),
  contained(
    'ANY over the view',
    'SELECT count(*) FROM customers_view WHERE region = ANY (SELECT region FROM orders_view)',
  ),
  contained(
    'correlated EXISTS on the next id',
    'SELECT count(*) FROM orders_view o WHERE EXISTS (SELECT 1 FROM orders_view n WHERE n.id = o.id + 1)',
  ),
];

/** Window functions and their frames. */
const windows: HostileQuery[] = [
  contained(
    'rank over amount',
    'SELECT id, rank() OVER (ORDER BY amount DESC, id) AS r FROM orders_view ORDER BY r LIMIT 5',
  ),
  contained(
    'sum over a partition',
    'SELECT DISTINCT region, sum(amount) OVER (PARTITION BY region) AS total FROM orders_view',
  ),
  contained('count over the whole result', 'SELECT DISTINCT count(*) OVER () AS n FROM orders_view'),
  contained(
    'lag over id',
    'SELECT id, lag(id) OVER (ORDER BY id) AS previous FROM orders_view ORDER BY id LIMIT 5',
  ),
  contained(
    'running total with a frame',
    'SELECT id, sum(amount) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running FROM orders_view ORDER BY id DESC LIMIT 3',
  ),
  contained(
    'named WINDOW clause',
    'SELECT DISTINCT sum(amount) OVER w AS total FROM orders_view WINDOW w AS (PARTITION BY region)',
  ),
  contained(
    'count with FILTER on another region',
    "SELECT count(*) FILTER (WHERE region = 'south') AS south, count(*) AS n FROM orders_view",
  ),
  contained(
    'row_number over a join of views',
    'SELECT max(rn) FROM (SELECT row_number() OVER (ORDER BY o.id, c.id) AS rn FROM orders_view o JOIN customers_view c ON c.region = o.region) t',
  ),
  refused(
    'window partitioned by a raw subquery',
    'SELECT count(*) OVER (PARTITION BY (SELECT count(*) FROM orders)) FROM orders_view LIMIT 1',
  ),
  refused(
    'window ordered by a raw scalar',
    'SELECT id, rank() OVER (ORDER BY (SELECT max(id) FROM orders) - id) FROM orders_view LIMIT 1',
  ),
  refused(
    'window over a derived table of raw orders',
    'SELECT DISTINCT count(*) OVER () FROM (SELECT * FROM orders) t',
  ),
  refused(
    'QUALIFY over raw orders',
    'SELECT region FROM orders QUALIFY row_number() OVER (PARTITION BY region ORDER BY id) = 1',
  ),
];

/** GROUPING SETS, ROLLUP and CUBE. */
const grouping: HostileQuery[] = [
  // Over-refused, safely: the parser does not know GROUPING SETS (ROLLUP and CUBE work).
  refused(
    'GROUPING SETS over the view',
    'SELECT region, status, count(*) FROM orders_view GROUP BY GROUPING SETS ((region), (status), ())',
  ),
  contained(
    'ROLLUP over the view',
    'SELECT region, category, count(*) FROM orders_view GROUP BY ROLLUP (region, category)',
  ),
  contained(
    'CUBE over the view',
    'SELECT region, status, sum(amount) FROM orders_view GROUP BY CUBE (region, status)',
  ),
  contained(
    'GROUPING() flag',
    'SELECT region, GROUPING(region) AS g, count(*) FROM orders_view GROUP BY ROLLUP (region)',
  ),
  refused(
    'GROUPING SETS over raw orders',
    'SELECT region, count(*) FROM orders GROUP BY GROUPING SETS ((region), ())',
  ),
  refused(
    'ROLLUP of a raw subquery',
    'SELECT count(*) FROM orders_view GROUP BY ROLLUP ((SELECT max(region) FROM orders))',
  ),
  refused(
    'CUBE over raw customers',
    'SELECT region, segment, count(*) FROM customers GROUP BY CUBE (region, segment)',
  ),
];

/** String literals and comments that hide or fake SQL. */
const lexical: HostileQuery[] = [
  refused(
    'E-string with an escaped quote hiding a UNION',
    "SELECT count(*) FROM orders_view WHERE status <> E'x\\' UNION SELECT region FROM orders --'",
  ),
  refused(
    'backslash before a quote in a standard string',
    "SELECT status FROM orders_view WHERE status = 'a\\' UNION SELECT region FROM orders --'",
  ),
  refused(
    'dollar-quoted literal that looks like a UNION',
    "SELECT count(*) FROM orders_view WHERE status <> $$' UNION SELECT region FROM orders --$$",
  ),
  refused('tagged dollar quote', 'SELECT count(*) FROM orders_view WHERE status <> $q$ $$ $q$'),
  refused(
    'U& string with Unicode escapes',
    "SELECT count(*) FROM orders_view WHERE status <> U&'\\0027 UNION SELECT region FROM orders --'",
  ),
  // The engine never sees comments: it runs the SQL printed from what the parser read, so a comment the
  // engines would read differently cannot smuggle anything in.
  contained(
    'nested block comment hiding a UNION',
    'SELECT DISTINCT region FROM orders_view /* /* */ UNION SELECT region FROM orders */',
  ),
  refused(
    'closed nested comment, then a UNION',
    'SELECT DISTINCT region FROM orders_view /* /* */ */ UNION SELECT region FROM orders',
  ),
  refused(
    'block comment does not hide the UNION after it',
    'SELECT DISTINCT region FROM orders_view /* x */ UNION SELECT region FROM orders',
  ),
  refused(
    'line comment ended by a carriage return',
    'SELECT DISTINCT region FROM orders_view -- x\rUNION SELECT region FROM orders',
  ),
  refused(
    'line comment ended by a newline',
    'SELECT DISTINCT region FROM orders_view --\nUNION SELECT region FROM orders',
  ),
  refused('comment splitting a table name', 'SELECT DISTINCT region FROM ord/**/ers'),
  refused('unterminated block comment', 'SELECT DISTINCT region FROM orders_view /*'),
  refused('unterminated string literal', "SELECT DISTINCT region FROM orders_view WHERE status = 'x"),
  refused('comment between schema and table', 'SELECT region FROM main/**/.orders'),
  refused(
    'comment inside the UNION keyword area',
    'SELECT region FROM orders_view UNION/**/SELECT/**/region/**/FROM/**/orders',
  ),
  contained(
    'block comment hiding a UNION',
    'SELECT DISTINCT region FROM orders_view /* UNION SELECT region FROM orders */',
  ),
  contained(
    'line comment hiding a UNION',
    'SELECT DISTINCT region FROM orders_view -- UNION SELECT region FROM orders',
  ),
  refused(
    'form feed inside a line comment (a control character)',
    'SELECT DISTINCT region FROM orders_view -- x\f UNION SELECT region FROM orders',
  ),
  contained(
    'U+2028 does not end a line comment',
    'SELECT DISTINCT region FROM orders_view -- x\u2028 UNION SELECT region FROM orders',
  ),
  contained(
    'literal holding statements',
    "SELECT count(*) FROM orders_view WHERE status = '; DROP TABLE orders; --'",
  ),
  contained(
    'literal holding a UNION and a comment opener',
    "SELECT count(*) FROM orders_view WHERE status <> ''' UNION SELECT region FROM orders /*'",
  ),
  contained(
    'literal holding a comment closer',
    "SELECT DISTINCT region FROM orders_view WHERE status <> '*/ OR 1=1 --'",
  ),
  contained(
    'adjacent literals separated by a newline',
    "SELECT count(*) FROM orders_view WHERE status = 'comp'\n'leted'",
  ),
  contained(
    'comments between every token',
    'SELECT/**/DISTINCT/**/region/**/FROM/**/orders_view/**/WHERE/**/1=1',
  ),
];

/** Parameter placeholders and variables. */
const placeholders: HostileQuery[] = [
  refused('question mark placeholder', 'SELECT count(*) FROM orders_view WHERE region = ?'),
  refused('colon named placeholder', 'SELECT count(*) FROM orders_view WHERE region = :region'),
  refused('at-sign variable', 'SELECT count(*) FROM orders_view WHERE region = @region'),
  refused('double at-sign variable', 'SELECT @@version FROM orders_view LIMIT 1'),
  refused('placeholder as LIMIT', 'SELECT region FROM orders_view LIMIT $1'),
  refused('placeholder in the select list', 'SELECT $1 FROM orders_view LIMIT 1'),
  refused('high-numbered placeholder', 'SELECT count(*) FROM orders_view WHERE region = $10'),
  refused('placeholder with a cast', 'SELECT count(*) FROM orders_view WHERE region = $1::text'),
  refused('DuckDB named parameter', 'SELECT count(*) FROM orders_view WHERE region = $region'),
  refused('placeholder $0', 'SELECT count(*) FROM orders_view WHERE id = $0'),
];

/** Unicode look-alikes, zero-width and unusual whitespace. */
const unicode: HostileQuery[] = [
  refused('zero-width space after the view name', 'SELECT DISTINCT region FROM orders_view\u200B'),
  refused(
    'zero-width joiner inside the raw table name',
    'SELECT region, count(*) FROM ord\u200Ders GROUP BY 1',
  ),
  refused(
    'zero-width space inside a quoted raw name',
    'SELECT region, count(*) FROM "orders\u200B" GROUP BY 1',
  ),
  refused(
    'look-alike CTE name with a zero-width space, outer orders raw',
    'WITH ord\u200Bers AS (SELECT 1 AS x) SELECT region, count(*) FROM orders GROUP BY 1',
  ),
  refused(
    'Cyrillic CTE name, outer orders raw',
    'WITH \u041Erders AS (SELECT 1 AS y) SELECT region, count(*) FROM orders GROUP BY 1',
  ),
  refused('fullwidth semicolon then a statement', 'SELECT 1 FROM orders_view\uFF1B DROP TABLE orders'),
  refused('no-break space between SELECT and a raw table', 'SELECT\u00A0region FROM orders'),
  refused('no-break space after SELECT', 'SELECT\u00A0DISTINCT region FROM orders_view'),
  refused('right-to-left override in a name', 'SELECT DISTINCT region FROM \u202Eweiv_sredro'),
  refused('Ukrainian I in UNION', 'SELECT region FROM orders_view UN\u0406ON SELECT region FROM orders'),
  refused(
    'zero-width space inside UNION',
    'SELECT region FROM orders_view UN\u200BION SELECT region FROM orders',
  ),
  refused('dotless i in the view name', 'SELECT DISTINCT region FROM orders_v\u0131ew'),
  refused('long s in the raw customers name', 'SELECT region, count(*) FROM cu\u017Ftomers GROUP BY 1'),
  refused('Kelvin sign look-alike', 'SELECT DISTINCT region FROM orders_view WHERE \u212A = 1'),
  refused('combining mark on the view name', 'SELECT DISTINCT region FROM orders_vie\u0301w'),
  refused('fullwidth raw table name', 'SELECT region FROM \uFF4Frders'),
  contained(
    'Cyrillic letter inside a literal',
    "SELECT count(*) FROM orders_view WHERE region = 'n\u043Erth'",
  ),
  contained(
    'zero-width space inside a literal',
    "SELECT count(*) FROM orders_view WHERE status <> 'x\u200B'",
  ),
  contained('emoji in a column alias', 'SELECT DISTINCT region AS "\u{1F600}" FROM orders_view'),
];

/** Statements and clauses that are not a read-only SELECT. */
const statements: HostileQuery[] = [
  refused('FROM-first raw table (DuckDB)', 'FROM orders'),
  refused('FROM-first over the view', 'FROM orders_view SELECT DISTINCT region'),
  refused('FROM-first raw table in a derived table', 'SELECT count(*) FROM orders_view, (FROM orders) x'),
  refused('SELECT * EXCLUDE over raw orders', 'SELECT * EXCLUDE (id) FROM orders'),
  refused('COLUMNS() over raw orders', "SELECT COLUMNS('.*') FROM orders"),
  refused('PIVOT raw orders', 'PIVOT orders ON region USING count(*)'),
  refused('SUMMARIZE raw orders', 'SUMMARIZE orders'),
  refused('row as struct of a raw table', 'SELECT orders FROM orders'),
  refused('FOR UPDATE', 'SELECT region FROM orders_view FOR UPDATE'),
  refused('FOR SHARE', 'SELECT region FROM orders_view FOR SHARE'),
  refused('COMMIT then SELECT raw', 'COMMIT; SELECT region FROM orders'),
  refused('SELECT then COMMIT', 'SELECT region FROM orders_view LIMIT 1; COMMIT'),
  refused('BEGIN', 'BEGIN'),
  refused('DECLARE CURSOR', 'DECLARE c CURSOR FOR SELECT * FROM orders'),
  refused('PREPARE', 'PREPARE p AS SELECT * FROM orders'),
  refused('EXECUTE', 'EXECUTE p'),
  refused('DO block', 'DO $$ BEGIN PERFORM pg_sleep(10); END $$'),
  refused('SET ROLE', 'SET ROLE postgres'),
  refused('SET search_path', 'SET search_path = public'),
  refused('RESET ALL', 'RESET ALL'),
  refused('SHOW ALL', 'SHOW ALL'),
  refused('VACUUM', 'VACUUM orders'),
  refused('ANALYZE', 'ANALYZE orders'),
  refused('CHECKPOINT', 'CHECKPOINT'),
  refused('LISTEN', 'LISTEN x'),
  refused('INSTALL extension', 'INSTALL httpfs'),
  refused('EXPORT DATABASE', "EXPORT DATABASE '/tmp/hostile-export'"),
  refused('CREATE MACRO', 'CREATE MACRO m() AS TABLE SELECT * FROM orders'),
  refused('CREATE SECRET', "CREATE SECRET s (TYPE S3, KEY_ID 'x', SECRET 'y')"),
  refused('USE another schema', 'USE main'),
  refused('DETACH', 'DETACH memory'),
  refused('CREATE TEMP VIEW shadowing the view', 'CREATE TEMP VIEW orders_view AS SELECT * FROM orders'),
];

const nested = (depth: number, inner: string) => `${'('.repeat(depth)}${inner}${')'.repeat(depth)}`;
const caseWhen = (depth: number) => `SELECT ${'CASE WHEN ('.repeat(depth)}1 FROM orders_view`;
const inList = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join(', ');

/** Resource exhaustion: strings, rows, nesting and size. */
const resources: HostileQuery[] = [
  limited(
    'rpad to a billion characters',
    "SELECT rpad('a', 1000000000, 'x') FROM orders_view LIMIT 1",
    'bounded string functions',
  ),
  limited(
    'repeat two billion times',
    "SELECT repeat('x', 2000000000) FROM orders_view LIMIT 1",
    'bounded string functions',
  ),
  limited(
    'length of a 100 MB repeat',
    "SELECT length(repeat('x', 100000000)) FROM orders_view LIMIT 1",
    'bounded string functions',
  ),
  limited(
    'lpad of a column to 300 MB',
    'SELECT lpad(status, 300000000) FROM orders_view LIMIT 1',
    'bounded string functions',
  ),
  limited(
    'lpad on every row',
    "SELECT max(length(lpad(status, 10000000, 'x'))) FROM orders_view",
    'bounded string functions',
  ),
  limited(
    'nested replace growth (x10^8)',
    `SELECT length(${'replace('.repeat(8)}status${", 'e', 'eeeeeeeeee')".repeat(8)}) FROM orders_view LIMIT 1`,
    'bounded string functions',
  ),
  limited(
    'nested repeat growth (10^13)',
    `SELECT length(${'repeat('.repeat(4)}'xxxxxxxxxx'${', 1000)'.repeat(4)}) FROM orders_view LIMIT 1`,
    'bounded string functions',
  ),
  limited(
    'string_agg over a triple cross join',
    "SELECT length(string_agg(a.status || b.status, ',')) FROM orders_view a, orders_view b, orders_view c",
    'query timeout or bytes per cell',
  ),
  limited(
    'a 25 MB string_agg cell from a cross join',
    "SELECT string_agg(a.customers_name || b.customers_name, ',') FROM orders_view a, orders_view b",
    'bytes per cell',
  ),
  limited(
    'a million-element array_agg cell from a cross join',
    'SELECT array_agg(a.id) FROM orders_view a, orders_view b',
    'bytes per cell',
  ),
  limited(
    'four-way cross join count',
    'SELECT count(*) FROM orders_view a, orders_view b, orders_view c, orders_view d',
    'query timeout',
  ),
  limited(
    'triple inequality join',
    'SELECT count(*) FROM orders_view a JOIN orders_view b ON a.amount < b.amount JOIN orders_view c ON b.amount < c.amount',
    'query timeout',
  ),
  limited(
    'range of a hundred billion',
    'SELECT count(*) FROM range(100000000000) t, orders_view',
    'table functions refused',
  ),
  limited(
    'generate_series in a subquery',
    'SELECT count(*) FROM orders_view WHERE id IN (SELECT * FROM generate_series(1, 10000000000))',
    'table functions refused',
  ),
  limited(
    '20 unbalanced parentheses',
    `SELECT ${'('.repeat(20)}1 FROM orders_view`,
    'grammar bound or parse deadline',
  ),
  limited('CASE WHEN ( nested 14 times', caseWhen(14), 'grammar bound or parse deadline'),
  limited('CASE WHEN ( nested 10 times', caseWhen(10), 'grammar bound or parse deadline'),
  limited(
    '16 unbalanced parentheses in WHERE',
    `SELECT count(*) FROM orders_view WHERE ${'('.repeat(16)}region = 'north'`,
    'grammar bound or parse deadline',
  ),
  limited(
    'unbalanced parentheses in a function call',
    `SELECT count(*) FROM orders_view WHERE lower(${'('.repeat(16)}status) = 'x'`,
    'grammar bound or parse deadline',
  ),
  limited(
    'unbalanced parentheses in an IN list',
    `SELECT count(*) FROM orders_view WHERE id IN (${'('.repeat(16)}1)`,
    'grammar bound or parse deadline',
  ),
  limited(
    '1000 balanced parentheses',
    `SELECT ${nested(1000, '1')} FROM orders_view LIMIT 1`,
    'grammar bound',
  ),
  // Deep but cheap to parse: within the grammar bound, and harmless.
  contained('500 NOTs', `SELECT count(*) FROM orders_view WHERE ${'NOT '.repeat(500)}TRUE`, {
    engines: ['duckdb', 'postgres'],
  }),
  refused('500 NOTs on ClickHouse', `SELECT count(*) FROM orders_view WHERE ${'NOT '.repeat(500)}TRUE`, {
    engines: ['clickhouse'],
    resourceLimit:
      "ClickHouse's AST depth bound (1000, TOO_DEEP_AST): refused by the engine before it reads a row",
  }),
  limited(
    '500 unary minus',
    `SELECT ${'-('.repeat(500)}1${')'.repeat(500)} FROM orders_view LIMIT 1`,
    'grammar bound',
  ),
  limited(
    'sum of 20000 ones',
    `SELECT ${Array.from({ length: 20_000 }, () => '1').join(' + ')} FROM orders_view LIMIT 1`,
    'token bound',
  ),
  limited(
    'IN list of 100000 numbers',
    `SELECT count(*) FROM orders_view WHERE id IN (${inList(100_000)})`,
    'size or token bound',
  ),
  limited(
    '2 MB of whitespace',
    `SELECT DISTINCT region FROM orders_view${' '.repeat(2_000_000)}`,
    'query size bound',
  ),
  limited(
    '5 MB comment',
    `SELECT DISTINCT region FROM orders_view /* ${'x'.repeat(5_000_000)} */`,
    'query size bound',
  ),
  limited(
    '5 MB string literal',
    `SELECT count(*) FROM orders_view WHERE status = '${'x'.repeat(5_000_000)}'`,
    'query size bound',
  ),
  limited(
    '100 KB identifier',
    `SELECT ${'a'.repeat(100_000)} FROM orders_view`,
    'identifier or query size bound',
  ),
  limited(
    '2000 chained CTEs',
    `WITH c0 AS (SELECT region FROM orders_view), ${Array.from({ length: 2000 }, (_, i) => `c${i + 1} AS (SELECT region FROM c${i})`).join(', ')} SELECT DISTINCT region FROM c2000`,
    'grammar bound',
  ),
  limited(
    '2000 UNION ALL branches',
    Array.from({ length: 2000 }, () => 'SELECT region FROM orders_view').join(' UNION ALL '),
    'grammar bound',
  ),
  limited(
    '40-way self join',
    `SELECT count(*) FROM ${Array.from({ length: 40 }, (_, i) => `orders_view t${i}`).join(', ')}`,
    'query timeout or join bound',
  ),
  limited(
    '100 nested derived tables',
    `SELECT DISTINCT region FROM ${'(SELECT region FROM '.repeat(100)}orders_view${') t'.repeat(100)}`,
    'grammar bound',
  ),
  contained(
    // About 1.2 M rows, every one the same: the first 1000 are the same whatever the order, so the oracle holds
    // without a sort. The driver must stop reading at the row cap (issue 9: PostgreSQL fetched every row).
    'cross join of views with a row cap',
    'SELECT a.region, b.region FROM orders_view a CROSS JOIN orders_view b',
  ),
  contained('12 balanced parentheses', `SELECT DISTINCT ${nested(12, 'region')} FROM orders_view`),
  // Under the 20,000-character cap on query text: large but legitimate, they must be answered (and quickly).
  contained(
    'IN list of 3000 numbers under the size cap',
    `SELECT count(*) FROM orders_view WHERE id IN (${inList(3000)})`,
  ),
  // Parsing a 3,000-term sum takes the PEG parser over 20 s: the parse deadline refuses it.
  limited(
    'sum of 3000 ones under the size cap',
    `SELECT DISTINCT ${Array.from({ length: 3000 }, () => '1').join('+')} AS n FROM orders_view`,
    'parse deadline',
  ),
  // PostgreSQL takes seconds to plan hundreds of CTEs: a query may define at most 100.
  limited(
    '300 chained CTEs under the size cap',
    `WITH c0 AS (SELECT region FROM orders_view), ${Array.from({ length: 300 }, (_, i) => `c${i + 1} AS (SELECT region FROM c${i})`).join(', ')} SELECT region, count(*) FROM c300 GROUP BY 1`,
    'CTE count bound',
  ),
  contained(
    '300 UNION ALL branches under the size cap',
    `SELECT region, count(*) FROM (${Array.from({ length: 300 }, () => 'SELECT region FROM orders_view').join(' UNION ALL ')}) t GROUP BY 1`,
  ),
  contained(
    '1000 ORed comparisons under the size cap',
    `SELECT region, count(*) FROM orders_view WHERE ${Array.from({ length: 1000 }, (_, i) => `id = ${i}`).join(' OR ')} GROUP BY 1`,
  ),
  contained('IN list of 200 numbers', `SELECT count(*) FROM orders_view WHERE id IN (${inList(200)})`),
  contained(
    'LIKE with many wildcards',
    "SELECT count(*) FROM orders_view WHERE status LIKE '%a%a%a%a%a%a%a%a%a%b'",
  ),
  contained(
    '10 nested derived tables',
    `SELECT DISTINCT region FROM ${'(SELECT region FROM '.repeat(10)}orders_view${') t'.repeat(10)}`,
  ),
];

/**
 * ClickHouse's own ways out (issue 27): system tables, information_schema, table functions that read files, URLs,
 * S3, other servers or generate rows, scalar functions that read files or settings, and its SQL extensions
 * (SETTINGS, FORMAT, INTO OUTFILE, query parameters). Refused on every engine: none is a model object.
 */
const clickhouse: HostileQuery[] = [
  refused('system.tables', 'SELECT name FROM system.tables'),
  refused('system.users', 'SELECT name FROM system.users'),
  refused('"system"."query_log"', 'SELECT query FROM "system"."query_log"'),
  refused('system.one joined to the view', 'SELECT count(*) FROM orders_view, system.one'),
  refused(
    'scalar subquery over system.processes',
    'SELECT (SELECT count(*) FROM system.processes) AS n FROM orders_view LIMIT 1',
  ),
  refused(
    'IN over system.databases',
    'SELECT count(*) FROM orders_view WHERE region IN (SELECT name FROM system.databases)',
  ),
  refused('INFORMATION_SCHEMA.TABLES (upper case)', 'SELECT table_name FROM INFORMATION_SCHEMA.TABLES'),
  refused('default.orders (the raw table by its database)', 'SELECT region, amount FROM default.orders'),
  refused('"default"."payroll"', 'SELECT name, salary FROM "default"."payroll"'),
  refused('url() table function', "SELECT * FROM url('http://127.0.0.1:1/x.csv', 'CSV', 'a String')"),
  refused('file() table function', "SELECT * FROM file('/etc/passwd', 'LineAsString')"),
  refused('s3() table function', "SELECT * FROM s3('https://bucket.s3.amazonaws.com/x.csv')"),
  refused('remote() table function', "SELECT * FROM remote('127.0.0.1', 'default', 'orders')"),
  refused('remoteSecure() table function', "SELECT * FROM remoteSecure('127.0.0.1', default.orders)"),
  refused('cluster() table function', "SELECT * FROM cluster('default', 'default', 'orders')"),
  refused('numbers() joined to the view', 'SELECT count(*) FROM orders_view CROSS JOIN numbers(10)'),
  refused('zeros() in a CTE', 'WITH z AS (SELECT * FROM zeros(10)) SELECT count(*) FROM orders_view, z'),
  refused('generateRandom()', "SELECT * FROM generateRandom('a String', 1, 10) LIMIT 1"),
  refused('merge() over every table', "SELECT * FROM merge('default', '.*')"),
  refused('executable()', "SELECT * FROM executable('id', 'TSV', 'a String')"),
  refused(
    'postgresql() table function',
    "SELECT * FROM postgresql('127.0.0.1:5432', 'postgres', 'orders', 'u', 'p')",
  ),
  refused('mysql() table function', "SELECT * FROM mysql('127.0.0.1:3306', 'db', 'orders', 'u', 'p')"),
  refused('input() table function', "SELECT * FROM input('a String')"),
  refused('dictionary() table function', "SELECT * FROM dictionary('d')"),
  refused('view() table function over the raw table', 'SELECT * FROM view(SELECT region FROM orders)'),
  refused('file() as a scalar function', "SELECT file('/etc/passwd') AS f FROM orders_view LIMIT 1"),
  refused('getSetting()', "SELECT getSetting('readonly') AS r FROM orders_view LIMIT 1"),
  refused('currentUser()', 'SELECT currentUser() AS u FROM orders_view LIMIT 1'),
  refused('dictGet()', "SELECT dictGet('d', 'x', toUInt64(1)) AS d FROM orders_view LIMIT 1"),
  refused('arrayJoin() in the select list', 'SELECT arrayJoin([1, 2, 3]) AS x FROM orders_view LIMIT 1'),
  refused('SETTINGS clause', 'SELECT region FROM orders_view SETTINGS readonly = 0'),
  refused('FORMAT clause', 'SELECT region FROM orders_view FORMAT JSON'),
  refused('INTO OUTFILE', "SELECT region FROM orders_view INTO OUTFILE '/tmp/out.csv'"),
  refused('a query parameter in the SQL', 'SELECT region FROM orders_view WHERE region = {p1:String}'),
  contained('FINAL after the view (only an alias there)', 'SELECT region FROM orders_view FINAL'),
  refused('SAMPLE on the view', 'SELECT region FROM orders_view SAMPLE 0.5'),
  refused('ARRAY JOIN', 'SELECT region, x FROM orders_view ARRAY JOIN [1, 2] AS x'),
  contained(
    'a parameter-like text in a literal',
    "SELECT DISTINCT region, '{p1:String}' AS t FROM orders_view",
  ),
];

export const hostileCorpus: HostileQuery[] = [
  ...issue9,
  ...cteNames,
  ...cteScopes,
  ...cteSelf,
  ...aliases,
  ...quoting,
  ...qualification,
  ...catalogs,
  ...tableFunctions,
  ...setOperations,
  ...joins,
  ...correlated,
  ...windows,
  ...grouping,
  ...lexical,
  ...placeholders,
  ...unicode,
  ...statements,
  ...resources,
  ...clickhouse,
];
