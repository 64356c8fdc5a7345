import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  closeDrivers,
  type DataModel,
  type DataSource,
  demoModelFiles,
  ensureSampleDatabase,
  parseModel,
  type QueryResult,
  type QueryUser,
  runQuery,
} from '../../functions/semantic';
import { startPostgres, type TestPostgres } from './postgres';

/** The same model and the same SQL on DuckDB and on a real PostgreSQL, loaded with identical sample rows. */
const ORDERS = 20_000;
let postgres: TestPostgres;
let dataDir: string;
let duck: DataSource;
let pgSource: DataSource;
let main: DataModel;
let dev: DataModel;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'semantic-parity-'));
  const [server, path, mainFiles, devFiles] = await Promise.all([
    startPostgres(ORDERS),
    ensureSampleDatabase(dataDir, ORDERS),
    demoModelFiles('main'),
    demoModelFiles('dev'),
  ]);
  postgres = server;
  duck = { kind: 'duckdb', database: path };
  pgSource = { kind: 'postgres', connectionString: server.connectionString };
  main = parseModel(mainFiles);
  dev = parseModel(devFiles);
}, 120_000);

afterAll(async () => {
  await closeDrivers();
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

/** Numbers compared to the cent: engines differ in decimal scale of averages, not in values. */
const normalise = (result: QueryResult) =>
  result.data.map((row) => row.map((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)));

async function both(sql: string, user: QueryUser, model: DataModel = main) {
  const [a, b] = await Promise.all([
    runQuery({ model, user, sql, source: duck, maxRows: 1000, timeoutMs: 20_000 }),
    runQuery({ model, user, sql, source: pgSource, maxRows: 1000, timeoutMs: 20_000 }),
  ]);
  return { duck: a, pg: b };
}

const cases: [string, QueryUser, string][] = [
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
    'narrowed by categories and minimum amount',
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

describe('DuckDB and PostgreSQL agree', () => {
  test.each(cases)('%s', async (_name, user, sql) => {
    const { duck: a, pg: b } = await both(sql, user);
    expect(b.schema.map((c) => c.name)).toEqual(a.schema.map((c) => c.name));
    expect(normalise(b)).toEqual(normalise(a));
    expect(b.totalRows).toBe(a.totalRows);
  });

  test('the dev branch median agrees too and exists only on dev', async () => {
    const sql = 'SELECT region, MEASURE(median_amount) AS median FROM orders_view GROUP BY 1 ORDER BY 1';
    const { duck: a, pg: b } = await both(sql, manager, dev);
    expect(a.data).toHaveLength(4);
    expect(normalise(b)).toEqual(normalise(a));
    await expect(
      runQuery({ model: main, user: manager, sql, source: duck, maxRows: 10 }),
    ).rejects.toMatchObject({
      code: 'SQL_NOT_ALLOWED',
    });
  });
});

describe('row-level security on both engines', () => {
  test('a region user sees exactly the manager numbers of that region', async () => {
    const sql =
      'SELECT region, MEASURE(count) AS n, MEASURE(total_amount) AS t FROM orders_view GROUP BY 1 ORDER BY 1';
    for (const source of [duck, pgSource]) {
      const all = await runQuery({ model: main, user: manager, sql, source, maxRows: 10 });
      const mine = await runQuery({ model: main, user: north, sql, source, maxRows: 10 });
      expect(all.data.map((r) => r[0])).toEqual(['east', 'north', 'south', 'west']);
      expect(mine.data).toEqual([all.data.find((r) => r[0] === 'north')]);
    }
  });

  test('the narrowing attributes hold on every row a query can reach', async () => {
    const sql = 'SELECT region, category, amount FROM orders_view';
    for (const source of [duck, pgSource]) {
      const rows = await runQuery({ model: main, user: narrow, sql, source, maxRows: 100_000 });
      expect(rows.totalRows).toBeGreaterThan(0);
      for (const [region, category, amount] of rows.data) {
        expect(region).toBe('south');
        expect(['toys', 'grocery']).toContain(category);
        expect(Number(amount)).toBeGreaterThanOrEqual(500);
      }
    }
  });
});

describe('drivers', () => {
  test('maxRows caps data and totalRows counts every row, on both engines', async () => {
    const sql = 'SELECT id FROM orders_view';
    for (const source of [duck, pgSource]) {
      const result = await runQuery({ model: main, user: manager, sql, source, maxRows: 7 });
      expect(result.data).toHaveLength(7);
      expect(result.totalRows).toBe(ORDERS);
    }
  });

  test('values are JSON-safe on both engines', async () => {
    const sql = 'SELECT id, amount, created_at, status FROM orders_view ORDER BY id LIMIT 3';
    const { duck: a, pg: b } = await both(sql, manager);
    for (const result of [a, b]) {
      const row = result.data[0] ?? [];
      expect(typeof row[0]).toBe('number');
      expect(typeof row[1]).toBe('number');
      expect(row[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      expect(result.schema.map((c) => c.column_type)).toEqual(['BIGINT', 'DECIMAL', 'TIMESTAMP', 'VARCHAR']);
      expect(JSON.parse(JSON.stringify(result.data))).toEqual(result.data);
    }
    expect(b.data).toEqual(a.data);
  });

  test('a long query is cancelled by its timeout on both engines', async () => {
    const sql = 'SELECT COUNT(*) FROM orders_view a, orders_view b, orders_view c';
    for (const source of [duck, pgSource]) {
      const started = Date.now();
      await expect(
        runQuery({ model: main, user: manager, sql, source, maxRows: 1, timeoutMs: 300 }),
      ).rejects.toMatchObject({ code: 'QUERY_TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  test('an AbortSignal cancels a running query', async () => {
    const sql = 'SELECT COUNT(*) FROM orders_view a, orders_view b, orders_view c';
    for (const source of [duck, pgSource]) {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(new Error('stop')), 200);
      await expect(
        runQuery({
          model: main,
          user: manager,
          sql,
          source,
          maxRows: 1,
          timeoutMs: 20_000,
          signal: controller.signal,
        }),
      ).rejects.toThrow('stop');
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });
});
