/**
 * The semantic layer: time to generate the sample dataset, and the anchor query (total amount by status on
 * orders_view with a row-level filter active) through the compiler + DuckDB beside the same hand-written SQL
 * run directly on DuckDB in the same process and run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { config } from '../functions/config';
import {
  closeDrivers,
  compileSql,
  demoModelFiles,
  ensureSampleDatabase,
  parseModel,
  type QueryUser,
  runQuery,
} from '../functions/semantic';
import { percentile, round, runIfMain, timeSequential } from './stats';

/** The anchor query and its hand-written twin (the other engines' benches compare the same pair). */
export const ANCHOR =
  'SELECT status, MEASURE(total_amount) AS total_amount FROM orders_view GROUP BY 1 ORDER BY 1';
export const HAND_WRITTEN =
  "SELECT status, SUM(amount) AS total_amount FROM orders WHERE region = 'north' GROUP BY 1 ORDER BY 1";
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

export async function run(): Promise<Record<string, number>> {
  const orders = config().sampleOrders;
  const dir = mkdtempSync(join(tmpdir(), 'bench-semantic-'));
  try {
    const started = performance.now();
    const path = await ensureSampleDatabase(dir, orders);
    const generateMs = performance.now() - started;
    const line = (text: string) => process.stdout.write(`${text}\n`);
    line(`sample dataset: ${orders.toLocaleString('en-US')} orders generated in ${round(generateMs, 0)} ms`);

    const model = parseModel(await demoModelFiles('main'));
    const user: QueryUser = {
      groups: ['analysts'],
      userAttributes: { region: 'north' },
      securityContext: {},
    };
    const source = { kind: 'duckdb' as const, database: path };
    const viaLayer = () => runQuery({ model, user, sql: ANCHOR, source, maxRows: 10_000, timeoutMs: 30_000 });

    // The floor: the hand-written query on a plain read-only DuckDB connection, rows read the same way.
    const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY', threads: '2' });
    const connection = await instance.connect();
    const direct = async () => (await connection.runAndReadAll(HAND_WRITTEN)).getRowsJson();

    const [layerRows, directRows] = [await viaLayer(), await direct()];
    if (JSON.stringify(layerRows.data) !== JSON.stringify(directRows.map((r) => [r[0], Number(r[1])]))) {
      throw new Error(`results differ: ${JSON.stringify(layerRows.data)} vs ${JSON.stringify(directRows)}`);
    }
    // Interleave the two so neither profits from a warmer cache or a quieter machine.
    const layerTimes: number[] = [];
    const directTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      layerTimes.push(...(await timeSequential(1, viaLayer)));
      directTimes.push(...(await timeSequential(1, direct)));
    }
    const compileTimes = await timeSequential(200, async (i) =>
      compileSql(model, user, `${ANCHOR} LIMIT ${1000 + i}`, 'duckdb'),
    );
    connection.closeSync();
    instance.closeSync();
    await closeDrivers();

    const layerP50 = percentile(layerTimes, 50);
    const directP50 = percentile(directTimes, 50);
    const ratio = layerP50 / directP50;
    line(
      `anchor query via compiler + DuckDB: p50 ${round(layerP50)} ms, p95 ${round(percentile(layerTimes, 95))} ms`,
    );
    line(
      `same query hand-written on DuckDB:  p50 ${round(directP50)} ms, p95 ${round(percentile(directTimes, 95))} ms`,
    );
    line(
      `ratio ${round(ratio)}x (goal <= 1.3x); compile alone (cache miss) p50 ${round(percentile(compileTimes, 50), 3)} ms`,
    );
    return {
      generateMs: round(generateMs, 0),
      orders,
      anchorP50Ms: round(layerP50),
      directP50Ms: round(directP50),
      ratio: round(ratio),
      compileP50Ms: round(percentile(compileTimes, 50), 3),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, run);
