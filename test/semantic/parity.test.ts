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
import { DEV_MEDIAN, manager, narrow, north, PARITY_QUESTIONS } from './parity-questions';
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

const cases = PARITY_QUESTIONS;

describe('DuckDB and PostgreSQL agree', () => {
  test.each(cases)('%s', async (_name, user, sql) => {
    const { duck: a, pg: b } = await both(sql, user);
    expect(b.schema.map((c) => c.name)).toEqual(a.schema.map((c) => c.name));
    expect(normalise(b)).toEqual(normalise(a));
    expect(b.totalRows).toBe(a.totalRows);
  });

  test('the dev branch median agrees too and exists only on dev', async () => {
    const sql = DEV_MEDIAN;
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
      // The query counts 8e12 rows uncancelled; 15 s leaves room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(15_000);
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
      // The query counts 8e12 rows uncancelled; 15 s leaves room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(15_000);
    }
  });
});
