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
  sqlTarget,
} from '../../functions/semantic';
import { DialectUnsupportedError, toDialect } from '../../functions/semantic/dialect';
import { type ClickHouseFront, startClickHouseFront } from '../support/clickhouse-http';
import { copyDuckDbStatements } from './clickhouse';
import { DEV_MEDIAN, manager, PARITY_QUESTIONS } from './parity-questions';
import { startPostgres, type TestPostgres } from './postgres';

/** The demo model's questions on DuckDB, PostgreSQL and ClickHouse (chdb) over the same sample rows. */
const ORDERS = 2_000;
let postgres: TestPostgres;
let dataDir: string;
let duck: DataSource;
let pgSource: DataSource;
let front: ClickHouseFront;
let chSource: DataSource;
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
  front = await startClickHouseFront({ setup: await copyDuckDbStatements(path) });
  chSource = { kind: 'clickhouse', url: front.url, database: 'default' };
  main = parseModel(mainFiles);
  dev = parseModel(devFiles);
}, 300_000);

afterAll(async () => {
  await closeDrivers();
  await front?.close();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Numbers to the cent, timestamps to the day (engines print different precisions of the same instant). */
const normalise = (result: QueryResult) =>
  result.data.map((row) =>
    row.map((v) => {
      if (typeof v === 'number') return Math.round(v * 100) / 100;
      if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return v.slice(0, 10);
      return v;
    }),
  );

const onClickHouse = (sql: string, user: QueryUser, model: DataModel = main): Promise<QueryResult> =>
  runQuery({ model, user, sql, source: chSource, maxRows: 1000, timeoutMs: 20_000 });

async function all(sql: string, user: QueryUser, model: DataModel = main) {
  const [d, p, c] = await Promise.all([
    runQuery({ model, user, sql, source: duck, maxRows: 1000, timeoutMs: 20_000 }),
    runQuery({ model, user, sql, source: pgSource, maxRows: 1000, timeoutMs: 20_000 }),
    onClickHouse(sql, user, model),
  ]);
  return { duck: d, pg: p, ch: c };
}

const cases = PARITY_QUESTIONS;

describe('DuckDB, PostgreSQL and ClickHouse give the same numbers', () => {
  test.each(cases)('%s', async (_name, user, sql) => {
    const { duck: d, pg: p, ch: c } = await all(sql, user);
    expect(c.schema.map((col) => col.name)).toEqual(d.schema.map((col) => col.name));
    expect(normalise(p)).toEqual(normalise(d));
    expect(normalise(c)).toEqual(normalise(d));
    expect(c.totalRows).toBe(d.totalRows);
  });

  test('the dev median (exact, interpolated) agrees too', async () => {
    const { duck: d, pg: p, ch: c } = await all(DEV_MEDIAN, manager, dev);
    expect(d.data).toHaveLength(4);
    expect(normalise(p)).toEqual(normalise(d));
    expect(normalise(c)).toEqual(normalise(d));
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
  test('DuckDB and PostgreSQL SQL passes through untouched', async () => {
    const compiled = {
      sql: "SELECT x::TIMESTAMP, date_trunc('month', y) FROM t WHERE z = $1",
      params: ['a'],
    };
    expect(await toDialect(compiled, 'duckdb')).toBe(compiled);
    expect(await toDialect(compiled, 'postgres')).toBe(compiled);
  });

  test('ClickHouse SQL: CAST, engine types, a timestamp-keeping dateTrunc, explicit NULLS, typed parameters', async () => {
    const { sql } = await toDialect(
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

  test("backslashes in model SQL's literals are doubled: ClickHouse reads them as escapes, PostgreSQL as text", async () => {
    // User SQL may hold no backslash at all (the compiler refuses it); a cube's sql may, as PostgreSQL reads it.
    const { sql } = await toDialect(
      { sql: String.raw`SELECT 'c:\dir' AS a, '\\d+' AS b FROM t`, params: [] },
      'clickhouse',
    );
    expect(sql).toBe(String.raw`SELECT 'c:\\dir' AS "a", '\\\\d+' AS "b" FROM "t"`);
  });

  test('what ClickHouse cannot do exactly is refused by name', async () => {
    for (const [sql, feature] of [
      ["SELECT string_agg(a, ',') FROM t", 'STRING_AGG'],
      ['SELECT generate_series(1, 3) FROM t', 'GENERATE_SERIES'],
      ['SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY a) FROM t', 'PERCENTILE_DISC'],
      ['SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY a DESC) FROM t', 'PERCENTILE_CONT'],
    ] as const) {
      const error = await toDialect({ sql, params: [] }, 'clickhouse').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DialectUnsupportedError);
      expect(error).toMatchObject({ code: 'SQL_NOT_ALLOWED', feature, dialect: 'clickhouse' });
    }
  });

  test('/ is true division on ClickHouse (as on DuckDB): integers divide to 3.5, decimals keep their fraction', async () => {
    const { sql } = await toDialect(
      { sql: 'SELECT a / b AS q, AVG(c) AS m FROM t', params: [] },
      'clickhouse',
    );
    expect(sql).toBe('SELECT toFloat64(a) / b AS "q", AVG(toFloat64(c)) AS "m" FROM "t"');
    const query =
      'SELECT region, 7 / 2 AS half, MEASURE(count) / 3 AS third FROM orders_view GROUP BY 1 ORDER BY 1';
    const { duck: d, ch: c } = await all(query, manager);
    expect(c.data.map((row) => row[1])).toEqual([3.5, 3.5, 3.5, 3.5]);
    expect(normalise(c)).toEqual(normalise(d));
  });

  test('a hostile attribute value stays a typed parameter on ClickHouse (no rows, no injection)', async () => {
    const hostile: QueryUser = {
      groups: ['analysts'],
      userAttributes: { region: "north' OR '1'='1" },
      securityContext: {},
    };
    const sql = 'SELECT region, MEASURE(count) AS n FROM orders_view GROUP BY 1';
    const compiled = await compileSql(main, hostile, sql, sqlTarget('clickhouse'));
    expect(compiled.sql).toContain('{p1:String}');
    expect(compiled.sql).not.toContain("OR '1'='1");
    expect((await runQuery({ model: main, user: hostile, sql, source: chSource, maxRows: 10 })).data).toEqual(
      [],
    );
  });
});
