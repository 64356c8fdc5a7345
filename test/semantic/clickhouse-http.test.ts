/**
 * The ClickHouse driver over HTTP against a real ClickHouse HTTP endpoint this suite starts on 127.0.0.1 (a chdb
 * front, test/support/clickhouse-http.ts): parameters, the query id and settings, KILL QUERY on abort and on the
 * time limit, streaming that stops at maxRows, and errors mapped to the service's errors.
 */

import { AppError, SqlNotAllowedError } from '../../functions/errors';
import { ClickHouseDriver } from '../../functions/semantic/drivers/clickhouse';
import { QueryTimeoutError, ResultTooLargeError } from '../../functions/semantic/drivers/types';
import { type ClickHouseFront, startClickHouseFront } from '../support/clickhouse-http';

let front: ClickHouseFront;
let driver: ClickHouseDriver;
const USER = 'analytics_reader';
const PASSWORD = "p@ss:w'rd";

beforeAll(async () => {
  front = await startClickHouseFront({
    username: USER,
    password: PASSWORD,
    setup: [
      'CREATE TABLE t (id Int64, name String, amount Decimal(10, 2), at DateTime64(6), day Date32, ok Bool, note Nullable(String)) ENGINE = MergeTree ORDER BY id',
      "INSERT INTO t VALUES (1, 'north', 12.5, '2025-01-02 03:04:05.123456', '2025-01-02', true, NULL), (2, 'south', 7, '2025-02-01 00:00:00', '2025-02-01', false, 'x'), (9007199254740993, 'big', 0, '2025-03-01 00:00:00', '2025-03-01', true, '')",
    ],
  });
  driver = new ClickHouseDriver({ url: front.url, database: 'default', username: USER, password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await driver?.close();
  await front?.close();
});

const run = (
  sql: string,
  params: unknown[] = [],
  options: { maxRows?: number; timeoutMs?: number; signal?: AbortSignal } = {},
) =>
  driver.execute(
    { sql, params },
    {
      maxRows: options.maxRows ?? 100,
      // After a kill the front starts a fresh engine process, which a loaded machine can take over 10 s to do.
      timeoutMs: options.timeoutMs ?? 60_000,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );

/** The front's record of the one query whose SQL contains `marker`. */
const seen = (marker: string) => {
  const found = [...front.queries.values()].filter((q) => q.sql.includes(marker));
  expect(found).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[0]>;
};

/** Ten seconds of work unless stopped (one row per block, 50 ms each). */
const slow = (marker: string) =>
  `SELECT sleepEachRow(0.05) AS ${marker} FROM numbers(200) SETTINGS max_block_size = 1`;

describe('parameters', () => {
  test('hostile strings, numbers, booleans and NULL travel as typed server-side parameters, never in the SQL', async () => {
    const hostile = "o'brien\\'; DROP TABLE t; --\t\n\\N {p1:String} $1";
    const result = await run(
      'SELECT {p1:String} AS s, {p2:Int64} AS i, {p3:Float64} AS f, {p4:Bool} AS b, {p5:Nullable(String)} AS n, {p6:String} AS slash_n, 1 AS params_marker',
      [hostile, 42, 2.5, true, null, '\\N'],
    );
    expect(result.data).toEqual([[hostile, 42, 2.5, true, null, '\\N', 1]]);
    const query = seen('params_marker');
    expect(query.sql).not.toContain('brien');
    expect(query.params.p1).toBe(hostile);
    expect(query.params.p5).toBeNull();
  });

  test('a hostile value in a filter matches nothing and changes nothing', async () => {
    const result = await run('SELECT id FROM t WHERE name = {p1:String} ORDER BY id', ["north' OR '1'='1"]);
    expect(result.data).toEqual([]);
    expect((await run('SELECT count() AS n FROM t')).data).toEqual([[3]]);
    expect((await run('SELECT id FROM t WHERE name = {p1:String}', ['north'])).data).toEqual([[1]]);
  });
});

describe('each query', () => {
  test('carries its own query id and runs read-only with the time limit, the row cap and join_use_nulls', async () => {
    await run('SELECT 1 AS settings_marker', [], { maxRows: 25, timeoutMs: 4_500 });
    const query = seen('settings_marker');
    expect(query.queryId).toMatch(/^ea-[0-9a-f-]{36}$/);
    expect(query.settings).toMatchObject({
      readonly: '2',
      max_execution_time: '5',
      max_result_rows: '26',
      result_overflow_mode: 'break',
      join_use_nulls: '1',
    });
  });

  test('a write is refused by the server (readonly) and reported as SQL_NOT_ALLOWED', async () => {
    await expect(run("INSERT INTO t (id, name) VALUES (5, 'write_marker')")).rejects.toBeInstanceOf(
      SqlNotAllowedError,
    );
    expect(seen('write_marker').errorCode).toBe(164);
    expect((await run('SELECT count() AS n FROM t')).data).toEqual([[3]]);
  });

  test('values come back as the other drivers give them; types are named as theirs', async () => {
    const result = await run('SELECT id, name, amount, at, day, ok, note FROM t ORDER BY id');
    expect(result.data).toEqual([
      [1, 'north', 12.5, '2025-01-02T03:04:05.123456', '2025-01-02', true, null],
      [2, 'south', 7, '2025-02-01T00:00:00.000000', '2025-02-01', false, 'x'],
      ['9007199254740993', 'big', 0, '2025-03-01T00:00:00.000000', '2025-03-01', true, ''],
    ]);
    expect(result.schema.map((c) => c.column_type)).toEqual([
      'BIGINT',
      'VARCHAR',
      'DECIMAL',
      'TIMESTAMP',
      'DATE',
      'BOOLEAN',
      'VARCHAR',
    ]);
    expect(result.totalRows).toBe(3);
    expect(result.totalRowsIsLowerBound).toBeUndefined();
  });
});

describe('stopping a query', () => {
  test('an abort sends KILL QUERY for its id and the engine stops long before the query would end', async () => {
    const controller = new AbortController();
    const reason = new Error('the client left');
    const pending = run(slow('abort_marker'), [], { signal: controller.signal, timeoutMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const abortedAt = performance.now();
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    const query = seen('abort_marker');
    expect(front.kills).toContain(query.queryId);
    expect(query.outcome).toBe('killed');
    // Killed, not finished: the query had over 9 s of work left. A few ms on a quiet machine; the bound is for
    // a loaded one and still fails if the kill waited for anything but the abort (the 30 s limit).
    expect((query.killedAt ?? Number.POSITIVE_INFINITY) - abortedAt).toBeLessThan(5_000);
    // The engine is there for the next query (a fresh process replaced the killed one).
    expect((await run('SELECT count() AS n FROM t')).data).toEqual([[3]]);
  });

  test('the time limit sends KILL QUERY and fails with QUERY_TIMEOUT at the limit, long before the query would end', async () => {
    const started = performance.now();
    await expect(run(slow('timeout_marker'), [], { timeoutMs: 1_500 })).rejects.toBeInstanceOf(
      QueryTimeoutError,
    );
    const query = seen('timeout_marker');
    expect(front.kills).toContain(query.queryId);
    expect(query.outcome).toBe('killed');
    const killedAfter = (query.killedAt ?? Number.POSITIVE_INFINITY) - started;
    // Not before the limit; and killed (the query alone runs 10 s), within a bound a loaded machine meets.
    expect(killedAfter).toBeGreaterThanOrEqual(1_400);
    expect(killedAfter).toBeLessThan(1_500 + 5_000);
  });

  test('rows stream up to maxRows: the rest is never read, and the server stops near the cap', async () => {
    const result = await run(
      "SELECT number AS n, repeat('x', 200) AS stream_marker FROM numbers(1000000)",
      [],
      {
        maxRows: 10,
      },
    );
    expect(result.data.map((row) => row[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result.totalRows).toBe(11);
    expect(result.totalRowsIsLowerBound).toBe(true);
    const query = seen('stream_marker');
    // result_overflow_mode = break: the engine stopped after a block, not a million rows.
    expect(query.resultRows).toBeLessThan(100_000);
    // The client stopped reading: most of what the engine produced was never sent.
    expect(query.clientClosedEarly).toBe(true);
    expect(query.writtenBytes ?? 0).toBeLessThan((query.resultBytes ?? 0) / 2);
  });

  test('a result of exactly maxRows rows is complete (no lower bound)', async () => {
    const result = await run('SELECT number FROM numbers(10)', [], { maxRows: 10 });
    expect(result.data).toHaveLength(10);
    expect(result.totalRows).toBe(10);
    expect(result.totalRowsIsLowerBound).toBeUndefined();
  });
});

describe('errors', () => {
  test("the query's own mistakes are SQL_NOT_ALLOWED with ClickHouse's message", async () => {
    await expect(run('SELECT nope_marker FROM t')).rejects.toThrow(SqlNotAllowedError);
    await expect(run('SELECT nope_marker FROM t')).rejects.toThrow(/Unknown expression identifier/);
    await expect(run('SELEC 1 AS syntax_marker')).rejects.toBeInstanceOf(SqlNotAllowedError);
    await expect(run("SELECT toInt64('x') AS cast_marker")).rejects.toBeInstanceOf(SqlNotAllowedError);
  });

  test('a value larger than a cell may hold is RESULT_TOO_LARGE', async () => {
    // Over the service's cell bound (1 MiB of text), and over ClickHouse's own bound on repeat().
    await expect(run("SELECT repeat('xx', 600000) AS big")).rejects.toBeInstanceOf(ResultTooLargeError);
    await expect(run("SELECT repeat('x', 2000000) AS big")).rejects.toBeInstanceOf(ResultTooLargeError);
  });

  test('wrong credentials are a server-side failure, not a client error', async () => {
    const wrong = new ClickHouseDriver({
      url: front.url,
      database: 'default',
      username: USER,
      password: 'nope',
    });
    try {
      const error = await wrong
        .execute({ sql: 'SELECT 1', params: [] }, { maxRows: 1, timeoutMs: 5_000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(AppError);
      expect(String((error as Error).message)).toMatch(/Authentication failed/);
    } finally {
      await wrong.close();
    }
  });

  test('a stopped query is logged with its id (what stops it by hand if the kill does not land)', async () => {
    const logged: Record<string, unknown>[] = [];
    const logging = new ClickHouseDriver(
      { url: front.url, database: 'default', username: USER, password: PASSWORD },
      { log: (message, fields) => logged.push({ message, ...fields }) },
    );
    try {
      // Reading stops at the row cap, which kills the rest (no race with the query's own pace).
      const result = await logging.execute(
        { sql: slow('logged_marker'), params: [] },
        { maxRows: 3, timeoutMs: 60_000 },
      );
      expect(result.totalRowsIsLowerBound).toBe(true);
      expect(logged).toContainEqual({
        message: 'clickhouse query stopped',
        queryId: seen('logged_marker').queryId,
      });
      expect(logged.filter((line) => line.message === 'clickhouse stop failed')).toEqual([]);
    } finally {
      await logging.close();
    }
  });
});
