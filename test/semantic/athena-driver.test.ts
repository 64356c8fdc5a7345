/**
 * The Athena driver's protocol against the AWS SDK's own client mock (no Athena engine runs here; docs/data-model.md,
 * "Engines", says what only a real workgroup proves): every query state, throttling, abort and the time limit
 * reaching StopQueryExecution, paging to maxRows, the row count past the cap, bytes scanned, value conversion.
 */
import {
  AthenaClient,
  GetQueryExecutionCommand,
  GetQueryResultsCommand,
  GetQueryRuntimeStatisticsCommand,
  type QueryExecutionState,
  StartQueryExecutionCommand,
  StopQueryExecutionCommand,
} from '@aws-sdk/client-athena';
import { mockClient } from 'aws-sdk-client-mock';
import { QueryTimeoutError, ResultTooLargeError, SqlNotAllowedError } from '../../functions/errors';
import { closeDrivers, parseModel, runQuery } from '../../functions/semantic';
import { AthenaDriver, athenaValue, POLL } from '../../functions/semantic/drivers/athena';
import { GOLDEN_MODEL } from './golden-model';

const athena = mockClient(AthenaClient);
const SOURCE = { kind: 'athena', workgroup: 'ea-deployment-7', database: 'sales' } as const;
const QUERY = { sql: 'SELECT 1', params: [] };
let logs: { message: string; fields: Record<string, unknown> }[] = [];
const driver = () => new AthenaDriver(SOURCE, { log: (message, fields) => logs.push({ message, fields }) });

const throttled = (name: string) => Object.assign(new Error('Rate exceeded'), { name });
const state = (State: QueryExecutionState, extra: Record<string, unknown> = {}) => ({
  QueryExecution: {
    QueryExecutionId: 'q-1',
    Status: { State, ...extra },
    Statistics: { DataScannedInBytes: 12_345 },
  },
});
/** A result page: the header row first on the first page, as Athena sends it. */
const page = (rows: (string | undefined)[][], next?: string, header?: string[]) => ({
  ResultSet: {
    ResultSetMetadata: { ColumnInfo: [{ Name: 'n', Label: 'n', Type: 'bigint' }] },
    Rows: [
      ...(header ? [{ Data: header.map((v) => ({ VarCharValue: v })) }] : []),
      ...rows.map((r) => ({ Data: r.map((v) => (v === undefined ? {} : { VarCharValue: v })) })),
    ],
  },
  ...(next ? { NextToken: next } : {}),
});

/** The tests poll fast; the stopping tests make the first poll wait a minute instead. */
const FIRST_POLL_MS = 5;

beforeAll(() => {
  POLL.firstMs = FIRST_POLL_MS;
  POLL.maxMs = 20;
});

beforeEach(() => {
  athena.reset();
  logs = [];
  athena.on(StartQueryExecutionCommand).resolves({ QueryExecutionId: 'q-1' });
  athena.on(StopQueryExecutionCommand).resolves({});
});

test('QUEUED, RUNNING, SUCCEEDED: the workgroup and database are used, the header row skipped, bytes scanned kept', async () => {
  athena
    .on(GetQueryExecutionCommand)
    .resolvesOnce(state('QUEUED'))
    .resolvesOnce(state('RUNNING'))
    .resolves(state('SUCCEEDED'));
  athena.on(GetQueryResultsCommand).resolves(page([['1'], ['2']], undefined, ['n']));
  const ids: string[] = [];
  const result = await driver().execute(QUERY, {
    maxRows: 10,
    timeoutMs: 5_000,
    onQueryId: (id) => ids.push(id),
  });
  expect(result).toEqual({
    schema: [{ name: 'n', column_type: 'BIGINT' }],
    data: [[1], [2]],
    totalRows: 2,
    bytesScanned: 12_345,
    queryId: 'q-1',
  });
  expect(athena.commandCalls(StartQueryExecutionCommand)[0]?.args[0].input).toEqual({
    QueryString: 'SELECT 1',
    ClientRequestToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
    WorkGroup: 'ea-deployment-7',
    QueryExecutionContext: { Database: 'sales' },
  });
  expect(athena.commandCalls(GetQueryExecutionCommand)).toHaveLength(3);
  expect(ids).toEqual(['q-1']);
  // The query execution id is in the logs (an orphaned query can be found), with the bytes scanned.
  expect(logs.map((l) => l.message)).toEqual(['athena query started', 'athena query read']);
  expect(logs[1]?.fields).toMatchObject({ queryExecutionId: 'q-1', bytesScanned: 12_345 });
  expect(athena.commandCalls(StopQueryExecutionCommand)).toHaveLength(0);
});

test('FAILED: a user error (category 2) is a 400 SQL_NOT_ALLOWED with the reason; a system error stays a 500', async () => {
  athena.on(GetQueryExecutionCommand).resolves(
    state('FAILED', {
      StateChangeReason: "COLUMN_NOT_FOUND: line 1:8: Column 'x' cannot be resolved",
      AthenaError: { ErrorCategory: 2, ErrorType: 1006 },
    }),
  );
  const error = await driver()
    .execute(QUERY, { maxRows: 10, timeoutMs: 5_000 })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SqlNotAllowedError);
  expect((error as Error).message).toMatch(/COLUMN_NOT_FOUND/);

  athena
    .on(GetQueryExecutionCommand)
    .resolves(state('FAILED', { StateChangeReason: 'Internal error', AthenaError: { ErrorCategory: 1 } }));
  const system = await driver()
    .execute(QUERY, { maxRows: 10, timeoutMs: 5_000 })
    .catch((e: unknown) => e);
  expect(system).not.toBeInstanceOf(SqlNotAllowedError);
  expect((system as Error).message).toMatch(/q-1 FAILED: Internal error/);
});

test("CANCELLED by the workgroup's bytes-scanned cutoff is a 400 RESULT_TOO_LARGE; otherwise an error naming the query", async () => {
  athena
    .on(GetQueryExecutionCommand)
    .resolves(state('CANCELLED', { StateChangeReason: 'Query cancelled! Bytes scanned limit was exceeded' }));
  await expect(driver().execute(QUERY, { maxRows: 10, timeoutMs: 5_000 })).rejects.toThrow(
    ResultTooLargeError,
  );
  athena
    .on(GetQueryExecutionCommand)
    .resolves(state('CANCELLED', { StateChangeReason: 'Cancelled by user' }));
  await expect(driver().execute(QUERY, { maxRows: 10, timeoutMs: 5_000 })).rejects.toThrow(/q-1 CANCELLED/);
});

test('throttling: StartQueryExecution and GetQueryExecution are retried with backoff, not failed', async () => {
  athena
    .on(StartQueryExecutionCommand)
    .rejectsOnce(throttled('TooManyRequestsException'))
    .resolves({ QueryExecutionId: 'q-1' });
  athena
    .on(GetQueryExecutionCommand)
    .rejectsOnce(throttled('ThrottlingException'))
    .rejectsOnce(throttled('ThrottlingException'))
    .resolves(state('SUCCEEDED'));
  athena.on(GetQueryResultsCommand).resolves(page([['7']], undefined, ['n']));
  const result = await driver().execute(QUERY, { maxRows: 10, timeoutMs: 5_000 });
  expect(result.data).toEqual([[7]]);
  const starts = athena
    .commandCalls(StartQueryExecutionCommand)
    .map((c) => c.args[0].input.ClientRequestToken);
  // A retried start carries the same token: Athena starts the query once.
  expect(starts).toHaveLength(2);
  expect(starts[1]).toBe(starts[0]);
  expect(athena.commandCalls(GetQueryExecutionCommand)).toHaveLength(3);
  // Another error is not retried.
  athena
    .on(StartQueryExecutionCommand)
    .rejects(Object.assign(new Error('bad'), { name: 'InvalidRequestException' }));
  await expect(driver().execute(QUERY, { maxRows: 10, timeoutMs: 5_000 })).rejects.toThrow('bad');
});

test('an abort while RUNNING reaches StopQueryExecution at once and rejects with the reason', async () => {
  athena.on(GetQueryExecutionCommand).resolves(state('RUNNING'));
  // The driver sleeps a minute before its first poll: only the abort can end that sleep early.
  POLL.firstMs = 60_000;
  try {
    const controller = new AbortController();
    const running = driver().execute(QUERY, { maxRows: 10, timeoutMs: 30_000, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const reason = new Error('client left');
    const aborted = Date.now();
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    const stops = athena.commandCalls(StopQueryExecutionCommand);
    expect(stops).toHaveLength(1);
    expect(stops[0]?.args[0].input).toEqual({ QueryExecutionId: 'q-1' });
    // A few ms on a quiet machine; 10 s leaves room for a loaded one and is far from the minute's sleep.
    expect(Date.now() - aborted).toBeLessThan(10_000);
    expect(logs.map((l) => l.message)).toContain('athena query stopped');
  } finally {
    POLL.firstMs = FIRST_POLL_MS;
  }
});

test('an abort while StartQueryExecution is in flight still learns the id and stops that query', async () => {
  let release: () => void = () => undefined;
  athena
    .on(StartQueryExecutionCommand)
    .callsFake(() => new Promise((resolve) => (release = () => resolve({ QueryExecutionId: 'q-late' }))));
  const controller = new AbortController();
  const running = driver().execute(QUERY, { maxRows: 10, timeoutMs: 30_000, signal: controller.signal });
  await new Promise((resolve) => setTimeout(resolve, 20));
  controller.abort(new Error('client left'));
  release();
  await expect(running).rejects.toThrow('client left');
  expect(athena.commandCalls(StopQueryExecutionCommand)[0]?.args[0].input).toEqual({
    QueryExecutionId: 'q-late',
  });
});

test('the time limit stops the query at once when it passes and gives QUERY_TIMEOUT', async () => {
  athena.on(GetQueryExecutionCommand).resolves(state('RUNNING'));
  // The driver sleeps a minute before its first poll: only the time limit can end that sleep early.
  POLL.firstMs = 60_000;
  try {
    const started = Date.now();
    await expect(driver().execute(QUERY, { maxRows: 10, timeoutMs: 400 })).rejects.toBeInstanceOf(
      QueryTimeoutError,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(390); // a timer may fire a millisecond early by Date.now()
    expect(Date.now() - started).toBeLessThan(400 + 10_000);
    expect(athena.commandCalls(StopQueryExecutionCommand)).toHaveLength(1);
  } finally {
    POLL.firstMs = FIRST_POLL_MS;
  }
});

test('paging stops at maxRows; the count past the cap comes from the runtime statistics', async () => {
  athena.on(GetQueryExecutionCommand).resolves(state('SUCCEEDED'));
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => [String(from + i)]);
  athena
    .on(GetQueryResultsCommand)
    .resolvesOnce(page(rows(1, 1_000), 't1', ['n']))
    .resolvesOnce(page(rows(1_001, 500), 't2'))
    .resolves(page(rows(1_501, 1_000), 't3'));
  athena
    .on(GetQueryRuntimeStatisticsCommand)
    .resolves({ QueryRuntimeStatistics: { Rows: { OutputRows: 4_321 } } });
  const result = await driver().execute(QUERY, { maxRows: 1_500, timeoutMs: 5_000 });
  expect(result.data).toHaveLength(1_500);
  expect(result.data[1_499]).toEqual([1_500]);
  expect(result.totalRows).toBe(4_321);
  expect(result.totalRowsIsLowerBound).toBeUndefined();
  const pages = athena.commandCalls(GetQueryResultsCommand).map((c) => c.args[0].input);
  expect(pages).toEqual([
    { QueryExecutionId: 'q-1', MaxResults: 1_000, NextToken: undefined },
    { QueryExecutionId: 'q-1', MaxResults: 500, NextToken: 't1' },
  ]);
});

test('without runtime statistics the count past the cap is what was read, and the result says it is a lower bound', async () => {
  athena.on(GetQueryExecutionCommand).resolves(state('SUCCEEDED'));
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => [String(from + i)]);
  athena.on(GetQueryRuntimeStatisticsCommand).rejects(new Error('AccessDenied'));
  athena.on(GetQueryResultsCommand).resolvesOnce(page(rows(1, 3), 't1', ['n']));
  const capped = await driver().execute(QUERY, { maxRows: 2, timeoutMs: 5_000 });
  expect(capped).toMatchObject({ totalRows: 2, totalRowsIsLowerBound: true });
  expect(capped.data).toEqual([[1], [2]]);
});

test('values: every Athena type converts as the other drivers give it; NULL has no VarCharValue', () => {
  expect([
    athenaValue('42', 'bigint'),
    athenaValue('9223372036854775807', 'bigint'),
    athenaValue('7', 'integer'),
    athenaValue('2.5', 'double'),
    athenaValue('123.45', 'decimal(10,2)'),
    athenaValue('true', 'boolean'),
    athenaValue('false', 'boolean'),
    athenaValue('2025-01-31', 'date'),
    athenaValue('2025-01-31 10:00:00.000', 'timestamp'),
    athenaValue('2025-01-31 10:00:00.000 UTC', 'timestamp with time zone'),
    athenaValue("o'brien", 'varchar'),
    athenaValue(undefined, 'varchar'),
  ]).toEqual([
    42,
    '9223372036854775807',
    7,
    2.5,
    123.45,
    true,
    false,
    '2025-01-31',
    '2025-01-31T10:00:00.000',
    '2025-01-31T10:00:00.000Z',
    "o'brien",
    null,
  ]);
});

test('a result page converts by column type, NULLs included', async () => {
  athena.on(GetQueryExecutionCommand).resolves(state('SUCCEEDED'));
  athena.on(GetQueryResultsCommand).resolves({
    ResultSet: {
      ResultSetMetadata: {
        ColumnInfo: [
          { Name: 'day', Type: 'timestamp' },
          { Name: 'n', Type: 'bigint' },
          { Name: 'share', Type: 'double' },
        ],
      },
      Rows: [
        { Data: [{ VarCharValue: 'day' }, { VarCharValue: 'n' }, { VarCharValue: 'share' }] },
        { Data: [{ VarCharValue: '2025-01-01 00:00:00.000' }, { VarCharValue: '3' }, {}] },
      ],
    },
  });
  const result = await driver().execute(QUERY, { maxRows: 10, timeoutMs: 5_000 });
  expect(result.schema).toEqual([
    { name: 'day', column_type: 'TIMESTAMP' },
    { name: 'n', column_type: 'BIGINT' },
    { name: 'share', column_type: 'DOUBLE' },
  ]);
  expect(result.data).toEqual([['2025-01-01T00:00:00.000', 3, null]]);
});

test('the driver compiles for Trino: tables in the Glue database (and catalog), parameters refused', async () => {
  expect(driver().target.table('orders')).toBe('"sales"."orders"');
  const withCatalog = new AthenaDriver({ ...SOURCE, catalog: 'lake' });
  expect(withCatalog.target.table('orders')).toBe('"lake"."sales"."orders"');
  expect(withCatalog.target.id).not.toBe(driver().target.id);
  await expect(
    driver().execute({ sql: 'SELECT $1', params: [1] }, { maxRows: 1, timeoutMs: 1_000 }),
  ).rejects.toThrow(/no parameters/);
});

test('runQuery on an athena source: Trino SQL over the Glue database, the hostile attribute a literal, in the workgroup', async () => {
  athena.on(GetQueryExecutionCommand).resolves(state('SUCCEEDED'));
  athena.on(GetQueryResultsCommand).resolves(page([['5']], undefined, ['n']));
  const model = parseModel([{ path: 'golden.yml', content: GOLDEN_MODEL }]);
  try {
    const result = await runQuery({
      model,
      user: { groups: [], userAttributes: { region: "north' OR '1'='1" }, securityContext: {} },
      sql: "SELECT MEASURE(count) AS n FROM orders WHERE created_at >= '2025-01-01'",
      source: SOURCE,
      maxRows: 10,
    });
    expect(result).toMatchObject({ data: [[5]], totalRows: 1, bytesScanned: 12_345, queryId: 'q-1' });
    const input = athena.commandCalls(StartQueryExecutionCommand)[0]?.args[0].input;
    expect(input?.WorkGroup).toBe('ea-deployment-7');
    expect(input?.QueryString).toContain(
      'FROM "sales"."orders" AS "orders" WHERE (("orders"."region" = \'north\'\' OR \'\'1\'\'=\'\'1\'))',
    );
    expect(input?.QueryString).toContain("created_at >= TIMESTAMP '2025-01-01 00:00:00'");
  } finally {
    await closeDrivers();
  }
});
