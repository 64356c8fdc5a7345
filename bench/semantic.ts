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
/** The anchor query's user: an analyst whom the demo policy limits to the north region (the floor's WHERE). */
export const ANCHOR_USER: QueryUser = {
  groups: ['analysts'],
  userAttributes: { region: 'north' },
  securityContext: {},
};

/** One line of the bench's report. */
export const say = (text: string) => process.stdout.write(`${text}\n`);

/**
 * The anchor query through the layer beside its floor (the hand-written twin, rows as [status, total] arrays): the
 * two must return the same rows, then they are timed interleaved, so neither profits from a warmer cache or a
 * quieter machine, and both are printed with their ratio.
 */
export async function timeAnchor(
  labels: { layer: string; floor: string },
  viaLayer: () => Promise<{ data: unknown[][] }>,
  direct: () => Promise<unknown[][]>,
): Promise<{ layerP50: number; directP50: number; ratio: number }> {
  const [layerRows, directRows] = [await viaLayer(), await direct()];
  if (JSON.stringify(layerRows.data) !== JSON.stringify(directRows.map((r) => [r[0], Number(r[1])]))) {
    throw new Error(`results differ: ${JSON.stringify(layerRows.data)} vs ${JSON.stringify(directRows)}`);
  }
  const layerTimes: number[] = [];
  const directTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    layerTimes.push(...(await timeSequential(1, viaLayer)));
    directTimes.push(...(await timeSequential(1, direct)));
  }
  const layerP50 = percentile(layerTimes, 50);
  const directP50 = percentile(directTimes, 50);
  const width = Math.max(labels.layer.length, labels.floor.length) + 1;
  say(
    `${`${labels.layer}:`.padEnd(width)} p50 ${round(layerP50)} ms, p95 ${round(percentile(layerTimes, 95))} ms`,
  );
  say(
    `${`${labels.floor}:`.padEnd(width)} p50 ${round(directP50)} ms, p95 ${round(percentile(directTimes, 95))} ms`,
  );
  return { layerP50, directP50, ratio: layerP50 / directP50 };
}

export async function run(): Promise<Record<string, number>> {
  const orders = config().sampleOrders;
  const dir = mkdtempSync(join(tmpdir(), 'bench-semantic-'));
  try {
    const started = performance.now();
    const path = await ensureSampleDatabase(dir, orders);
    const generateMs = performance.now() - started;
    say(`sample dataset: ${orders.toLocaleString('en-US')} orders generated in ${round(generateMs, 0)} ms`);

    const model = parseModel(await demoModelFiles('main'));
    const source = { kind: 'duckdb' as const, database: path };
    const viaLayer = () =>
      runQuery({ model, user: ANCHOR_USER, sql: ANCHOR, source, maxRows: 10_000, timeoutMs: 30_000 });

    // The floor: the hand-written query on a plain read-only DuckDB connection, rows read the same way.
    const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY', threads: '2' });
    const connection = await instance.connect();
    const direct = async () => (await connection.runAndReadAll(HAND_WRITTEN)).getRowsJson();
    const { layerP50, directP50, ratio } = await timeAnchor(
      { layer: 'anchor query via compiler + DuckDB', floor: 'same query hand-written on DuckDB' },
      viaLayer,
      direct,
    );
    const compileTimes = await timeSequential(200, async (i) =>
      compileSql(model, ANCHOR_USER, `${ANCHOR} LIMIT ${1000 + i}`, 'duckdb'),
    );
    connection.closeSync();
    instance.closeSync();
    await closeDrivers();
    say(
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
