/**
 * The golden model on a real Athena workgroup (docs/data-model.md, "Engines"): not part of `npm test` or CI (no
 * engine or credentials there); run with `npm run test:athena` and ATHENA_WORKGROUP, ATHENA_DATABASE and AWS
 * credentials. It loads the sample orders and customers (the DuckDB sample data, 300 orders) into the database
 * with CTAS, then asks every golden question on DuckDB and on Athena and compares the numbers; an abort must leave
 * the Athena query CANCELLED.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AthenaClient,
  GetQueryExecutionCommand,
  type QueryExecutionState,
  StartQueryExecutionCommand,
} from '@aws-sdk/client-athena';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  AthenaDriver,
  closeDrivers,
  compileSql,
  ensureSampleDatabase,
  parseModel,
  type QueryResult,
  type QueryUser,
  runQuery,
} from '../../functions/semantic';
import { trinoLiteral } from '../../functions/semantic/dialect-trino';
import { GOLDEN_MODEL } from '../semantic/golden-model';
import { GOLDEN } from '../semantic/golden-queries';

const workgroup = process.env.ATHENA_WORKGROUP ?? '';
const database = process.env.ATHENA_DATABASE ?? '';
const model = parseModel([{ path: 'golden.yml', content: GOLDEN_MODEL }]);
const north: QueryUser = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };
const client = new AthenaClient({});
let driver: AthenaDriver;
let dataDir: string;
let duckPath: string;

/** Runs one statement (DDL) in the workgroup and waits for its end. */
async function statement(sql: string): Promise<void> {
  const { QueryExecutionId } = await client.send(
    new StartQueryExecutionCommand({
      QueryString: sql,
      WorkGroup: workgroup,
      QueryExecutionContext: { Database: database },
    }),
  );
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { QueryExecution } = await client.send(new GetQueryExecutionCommand({ QueryExecutionId }));
    const state: QueryExecutionState | undefined = QueryExecution?.Status?.State;
    if (state === 'SUCCEEDED') return;
    if (state === 'FAILED' || state === 'CANCELLED') {
      throw new Error(`${sql.slice(0, 80)}: ${QueryExecution?.Status?.StateChangeReason ?? state}`);
    }
  }
}

/** Copies a sample table into Athena as Parquet, values as Trino literals of the same types. */
async function copyTable(name: string, columns: [string, string][]): Promise<void> {
  const instance = await DuckDBInstance.create(duckPath, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(
    `SELECT ${columns.map(([c, type]) => (type === 'TIMESTAMP' ? `strftime(${c}, '%Y-%m-%d %H:%M:%S')` : `CAST(${c} AS VARCHAR)`)).join(', ')} FROM ${name} ORDER BY id`,
  );
  const rows = reader.getRows();
  connection.closeSync();
  instance.closeSync();
  const values = rows
    .map(
      (row) => `(${row.map((v, i) => `CAST(${trinoLiteral(String(v))} AS ${columns[i]?.[1]})`).join(', ')})`,
    )
    .join(',\n');
  await statement(`DROP TABLE IF EXISTS ${name}`);
  await statement(
    `CREATE TABLE ${name} WITH (format = 'PARQUET') AS SELECT * FROM (VALUES ${values}) AS t(${columns.map(([c]) => c).join(', ')})`,
  );
}

beforeAll(async () => {
  if (!workgroup || !database) {
    throw new Error(
      'Set ATHENA_WORKGROUP and ATHENA_DATABASE (and AWS credentials and AWS_REGION) to run this suite',
    );
  }
  driver = new AthenaDriver({ kind: 'athena', workgroup, database });
  dataDir = mkdtempSync(join(tmpdir(), 'athena-live-'));
  duckPath = await ensureSampleDatabase(dataDir, 300);
  await copyTable('customers', [
    ['id', 'BIGINT'],
    ['segment', 'VARCHAR'],
    ['region', 'VARCHAR'],
  ]);
  await copyTable('orders', [
    ['id', 'BIGINT'],
    ['customer_id', 'BIGINT'],
    ['region', 'VARCHAR'],
    ['category', 'VARCHAR'],
    ['status', 'VARCHAR'],
    ['amount', 'DECIMAL(10,2)'],
    ['created_at', 'TIMESTAMP'],
  ]);
}, 600_000);

afterAll(async () => {
  await closeDrivers();
  await driver?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Numbers to the cent, timestamps to the second; rows sorted (an unordered query may list them either way). */
const normalise = (result: QueryResult) =>
  result.data
    .map((row) =>
      row.map((v) => {
        if (typeof v === 'number') return Math.round(v * 100) / 100;
        if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return v.replace(' ', 'T').slice(0, 19);
        return v;
      }),
    )
    .map((row) => JSON.stringify(row))
    .sort();

test.each(GOLDEN)(
  '%s: the same numbers on Athena as on DuckDB',
  async (_name, sql) => {
    const duck = await runQuery({
      model,
      user: north,
      sql,
      source: { kind: 'duckdb', database: duckPath },
      maxRows: 1000,
    });
    const compiled = await compileSql(model, north, sql, driver.target);
    const athena = await driver.execute(compiled, { maxRows: 1000, timeoutMs: 120_000 });
    expect(athena.schema.map((c) => c.name)).toEqual(duck.schema.map((c) => c.name));
    expect(normalise(athena)).toEqual(normalise(duck));
    expect(athena.bytesScanned).toBeGreaterThan(0);
  },
  180_000,
);

test('an abort leaves the Athena query CANCELLED', async () => {
  const controller = new AbortController();
  let id = '';
  // Athena takes a second or more to plan any query: an abort as soon as it has an id finds it running.
  const compiled = await compileSql(model, north, GOLDEN[1]?.[1] ?? '', driver.target);
  const running = driver.execute(compiled, {
    maxRows: 10,
    timeoutMs: 120_000,
    signal: controller.signal,
    onQueryId: (queryId) => {
      id = queryId;
      controller.abort(new Error('client left'));
    },
  });
  await expect(running).rejects.toThrow('client left');
  let state: string | undefined;
  for (let i = 0; i < 20 && state !== 'CANCELLED'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = (await client.send(new GetQueryExecutionCommand({ QueryExecutionId: id }))).QueryExecution?.Status
      ?.State;
  }
  expect(state).toBe('CANCELLED');
}, 120_000);
