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
import { DialectUnsupportedError, toDialect } from '../../functions/semantic/dialect';
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

describe('the dialect stage', () => {
  test('DuckDB and PostgreSQL SQL passes through untouched', () => {
    const compiled = {
      sql: "SELECT x::TIMESTAMP, date_trunc('month', y) FROM t WHERE z = $1",
      params: ['a'],
    };
    expect(toDialect(compiled, 'duckdb')).toBe(compiled);
    expect(toDialect(compiled, 'postgres')).toBe(compiled);
  });

  test('ClickHouse SQL: CAST, engine types, a timestamp-keeping dateTrunc, explicit NULLS, typed parameters', () => {
    const { sql } = toDialect(
      {
        sql: "SELECT x::TIMESTAMP AS a, date_trunc('month', y) AS m, TIMESTAMP '2024-01-01 00:00:00' AS t, '$1' AS s FROM t WHERE z = $1 AND w > $2 ORDER BY 1, 2 DESC",
        params: ["o'brien", 2.5],
      },
      'clickhouse',
    );
    expect(sql).toBe(
      'SELECT CAST(x AS DateTime64(6)) AS "a", toDateTime64(dateTrunc(\'month\', y), 6) AS "m", toDateTime64(\'2024-01-01 00:00:00\', 6) AS "t", \'$1\' AS "s" FROM "t" WHERE z = {p1:String} AND w > {p2:Float64} ORDER BY 1 ASC NULLS LAST, 2 DESC NULLS FIRST',
    );
  });

  test('what ClickHouse cannot do exactly is refused by name', () => {
    for (const [sql, feature] of [
      ["SELECT string_agg(a, ',') FROM t", 'STRING_AGG'],
      ['SELECT generate_series(1, 3) FROM t', 'GENERATE_SERIES'],
      ['SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY a) FROM t', 'PERCENTILE_DISC'],
      ['SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY a DESC) FROM t', 'PERCENTILE_CONT'],
    ] as const) {
      let error: unknown;
      try {
        toDialect({ sql, params: [] }, 'clickhouse');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DialectUnsupportedError);
      expect(error).toMatchObject({ code: 'SQL_NOT_ALLOWED', feature, dialect: 'clickhouse' });
    }
  });

  test('a hostile attribute value stays a typed parameter on ClickHouse (no rows, no injection)', async () => {
    const hostile: QueryUser = {
      groups: ['analysts'],
      userAttributes: { region: "north' OR '1'='1" },
      securityContext: {},
    };
    const sql = 'SELECT region, MEASURE(count) AS n FROM orders_view GROUP BY 1';
    const compiled = await compileSql(main, hostile, sql, clickhouse.target);
    expect(compiled.sql).toContain('{p1:String}');
    expect(compiled.sql).not.toContain("OR '1'='1");
    expect((await clickhouse.execute(compiled, { maxRows: 10, timeoutMs: 5_000 })).data).toEqual([]);
  });
});
