/**
 * ClickHouse: the anchor query (total amount by status on orders_view, a row-level filter active) through the
 * compiler, the dialect stage and the HTTP driver, beside the same hand-written ClickHouse SQL sent by the same
 * client to the same endpoint (a chdb HTTP front on 127.0.0.1, test/support/clickhouse-http.ts), interleaved; and
 * the compile time alone per engine (cache misses). chdb installs on first use (test/semantic/clickhouse.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@clickhouse/client';
import { config } from '../functions/config';
import {
  closeDrivers,
  compileSql,
  demoModelFiles,
  ensureSampleDatabase,
  parseModel,
  runQuery,
  sqlTarget,
} from '../functions/semantic';
import { copyDuckDbStatements } from '../test/semantic/clickhouse';
import { startClickHouseFront } from '../test/support/clickhouse-http';
import { ANCHOR, ANCHOR_USER, HAND_WRITTEN, say, timeAnchor } from './semantic';
import { percentile, round, runIfMain, timeSequential } from './stats';

export async function run(): Promise<Record<string, number>> {
  const orders = config().sampleOrders;
  const dir = mkdtempSync(join(tmpdir(), 'bench-clickhouse-'));
  const path = await ensureSampleDatabase(dir, orders);
  const front = await startClickHouseFront({ setup: await copyDuckDbStatements(path), workers: 1 });
  const client = createClient({ url: front.url });
  try {
    const model = parseModel(await demoModelFiles('main'));
    const source = { kind: 'clickhouse' as const, url: front.url, database: 'default' };
    const viaLayer = () =>
      runQuery({ model, user: ANCHOR_USER, sql: ANCHOR, source, maxRows: 10_000, timeoutMs: 30_000 });
    // The floor: the hand-written query through the same client and endpoint, rows read as JSON arrays.
    const direct = async () =>
      (await (
        await client.query({ query: HAND_WRITTEN, format: 'JSONCompactEachRow' })
      ).json()) as unknown[][];
    const { layerP50, directP50, ratio } = await timeAnchor(
      { layer: 'anchor query via compiler + ClickHouse HTTP', floor: 'same query hand-written, same client' },
      viaLayer,
      direct,
    );
    const compileP50: Record<string, number> = {};
    for (const dialect of ['duckdb', 'postgres', 'clickhouse'] as const) {
      const target = sqlTarget(dialect);
      const times = await timeSequential(200, async (i) =>
        compileSql(model, ANCHOR_USER, `${ANCHOR} LIMIT ${1000 + i}`, target),
      );
      compileP50[dialect] = round(percentile(times, 50), 3);
    }
    say(
      `ratio ${round(ratio)}x (goal <= 1.3x); compile alone (cache miss) p50 DuckDB ${compileP50.duckdb} ms, PostgreSQL ${compileP50.postgres} ms, ClickHouse ${compileP50.clickhouse} ms`,
    );
    return {
      orders,
      anchorP50Ms: round(layerP50),
      directP50Ms: round(directP50),
      ratio: round(ratio),
      compileDuckDbP50Ms: compileP50.duckdb ?? 0,
      compilePostgresP50Ms: compileP50.postgres ?? 0,
      compileClickHouseP50Ms: compileP50.clickhouse ?? 0,
    };
  } finally {
    await client.close();
    await closeDrivers();
    await front.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, run);
