/**
 * The hostile SQL corpus (test/semantic/hostile-corpus.ts) run through the compiler and DuckDB, one entry after
 * another in this process: the slowest refusal (parse time included), the longest the event loop was blocked
 * while it ran, and the process's peak resident memory against where it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  closeDrivers,
  demoModelFiles,
  ensureSampleDatabase,
  parseModel,
  type QueryUser,
  runQuery,
} from '../functions/semantic';
import { hostileCorpus } from '../test/semantic/hostile-corpus';
import { percentile, round, runIfMain } from './stats';

const ORDERS = 20_000;
const north: QueryUser = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };

export async function run(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const line = (text: string) => process.stdout.write(`${text}\n`);
  try {
    const model = parseModel(await demoModelFiles('main'));
    const source = { kind: 'duckdb' as const, database: await ensureSampleDatabase(dir, ORDERS) };
    const entries = hostileCorpus.filter((e) => !e.engines || e.engines.includes('duckdb'));
    // Warm the parser worker and the driver, so the first entry is not charged for them.
    await runQuery({ model, user: north, sql: 'SELECT count(*) FROM orders_view', source, maxRows: 1 });

    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    let last = performance.now();
    let longestStall = 0;
    const sampler = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last - 5);
      last = now;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);

    const refusals: { name: string; ms: number }[] = [];
    const runs: number[] = [];
    const started = performance.now();
    for (const entry of entries) {
      const at = performance.now();
      try {
        await runQuery({ model, user: north, sql: entry.sql, source, maxRows: 1_000, timeoutMs: 2_000 });
        runs.push(performance.now() - at);
      } catch {
        refusals.push({ name: entry.name, ms: performance.now() - at });
      }
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    await closeDrivers();

    const worst = refusals.reduce((a, b) => (b.ms > a.ms ? b : a), { name: '-', ms: 0 });
    const refusalMs = refusals.map((r) => r.ms);
    const mb = (bytes: number) => round(bytes / 1_048_576, 0);
    line(
      `hostile corpus on DuckDB: ${entries.length} queries in ${round(totalMs / 1000, 1)} s ` +
        `(${refusals.length} refused, ${runs.length} ran contained)`,
    );
    line(
      `refusal time: p50 ${round(percentile(refusalMs, 50))} ms, p99 ${round(percentile(refusalMs, 99))} ms, ` +
        `worst ${round(worst.ms, 0)} ms (${worst.name})`,
    );
    line(`longest event-loop stall while it ran: ${round(longestStall, 0)} ms`);
    line(
      `resident memory: ${mb(startRss)} MB at start, peak ${mb(peakRss)} MB (+${mb(peakRss - startRss)} MB)`,
    );
    return {
      entries: entries.length,
      refusalP50Ms: round(percentile(refusalMs, 50)),
      refusalP99Ms: round(percentile(refusalMs, 99)),
      worstRefusalMs: round(worst.ms, 0),
      longestStallMs: round(longestStall, 0),
      peakRssGrowthMb: mb(peakRss - startRss),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, run);
