import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  closeDrivers,
  compileSql,
  type DataModel,
  type DataSource,
  demoModelFiles,
  ensureSampleDatabase,
  parseModel,
  type QueryResult,
  type QueryUser,
  runQuery,
} from '../../functions/semantic';
import { type ChdbDriver, chdbFromDuckDb } from './clickhouse';
import { startPostgres, type TestPostgres } from './postgres';

/** The demo model's questions on DuckDB, PostgreSQL and ClickHouse (chdb) over the same sample rows. */
const ORDERS = 2_000;
let postgres: TestPostgres;
let dataDir: string;
let duck: DataSource;
let pgSource: DataSource;
let clickhouse: ChdbDriver;
let main: DataModel;
let dev: DataModel;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'semantic-clickhouse-'));
  const [server, path, mainFiles, devFiles] = await Promise.all([
    startPostgres(ORDERS),
    ensureSampleDatabase(dataDir, ORDERS),
    demoModelFiles('main'),
    demoModelFiles('dev'),
  ]);
  postgres = server;
  duck = { kind: 'duckdb', database: path };
  pgSource = { kind: 'postgres', connectionString: server.connectionString };
  clickhouse = await chdbFromDuckDb(path);
  main = parseModel(mainFiles);
  dev = parseModel(devFiles);
}, 300_000);

afterAll(async () => {
  await closeDrivers();
  await clickhouse?.close();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const manager: QueryUser = { groups: ['managers'], userAttributes: {}, securityContext: {} };
const north: QueryUser = { groups: ['analysts'], userAttributes: { region: 'north' }, securityContext: {} };
const narrow: QueryUser = {
  groups: [],
  userAttributes: { region: 'south', allowed_categories: ['toys', 'grocery'], min_order_amount: 500 },
  securityContext: {},
};
const nobody: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

/** Numbers to the cent, timestamps to the day (engines print different precisions of the same instant). */
const normalise = (result: QueryResult) =>
  result.data.map((row) =>
    row.map((v) => {
      if (typeof v === 'number') return Math.round(v * 100) / 100;
      if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return v.slice(0, 10);
      return v;
    }),
  );

async function onClickHouse(sql: string, user: QueryUser, model: DataModel = main): Promise<QueryResult> {
  const compiled = await compileSql(model, user, sql, clickhouse.target);
  return clickhouse.execute(compiled, { maxRows: 1000, timeoutMs: 20_000 });
}

async function all(sql: string, user: QueryUser, model: DataModel = main) {
  const [d, p, c] = await Promise.all([
    runQuery({ model, user, sql, source: duck, maxRows: 1000, timeoutMs: 20_000 }),
    runQuery({ model, user, sql, source: pgSource, maxRows: 1000, timeoutMs: 20_000 }),
    onClickHouse(sql, user, model),
  ]);
  return { duck: d, pg: p, ch: c };
}

const cases: [string, QueryUser, string][] = [
  [
    'total amount by status',
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
    'count distinct customers over the join to customers',
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
  [
    'the dev median (exact, interpolated)',
    manager,
    'SELECT region, MEASURE(median_amount) AS median FROM orders_view GROUP BY 1 ORDER BY 1',
  ],
];

describe('DuckDB, PostgreSQL and ClickHouse give the same numbers', () => {
  test.each(cases)('%s', async (name, user, sql) => {
    const { duck: d, pg: p, ch: c } = await all(sql, user, name.includes('dev') ? dev : main);
    expect(c.schema.map((col) => col.name)).toEqual(d.schema.map((col) => col.name));
    expect(normalise(p)).toEqual(normalise(d));
    expect(normalise(c)).toEqual(normalise(d));
    expect(c.totalRows).toBe(d.totalRows);
  });

  test('the answers are not empty where data exists (the comparison could fail)', async () => {
    const result = await onClickHouse(
      'SELECT region, MEASURE(count) AS n FROM orders_view GROUP BY 1 ORDER BY 1',
      manager,
    );
    expect(result.data.map((r) => r[0])).toEqual(['east', 'north', 'south', 'west']);
    expect(result.data.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(ORDERS);
  });
});
