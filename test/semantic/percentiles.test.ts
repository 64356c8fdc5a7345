import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlNotAllowedError } from '../../functions/errors';
import {
  closeDrivers,
  compileSql,
  type DataModel,
  type DataSource,
  demoModelFiles,
  ensureSampleDatabase,
  parseModel,
  type QueryUser,
  runQuery,
} from '../../functions/semantic';

/**
 * Percentile aggregates in the SQL API: MEDIAN and DuckDB's quantile functions run where the engine has them, and
 * are refused by name where it does not (PostgreSQL), pointing at percentile_cont, which both engines run.
 */
let dataDir: string;
let duck: DataSource;
let model: DataModel;
const manager: QueryUser = { groups: ['managers'], userAttributes: {}, securityContext: {} };
const north: QueryUser = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'semantic-percentiles-'));
  duck = { kind: 'duckdb', database: await ensureSampleDatabase(dataDir, 2_000) };
  model = parseModel(await demoModelFiles('main'));
});

afterAll(async () => {
  await closeDrivers();
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (sql: string, user = manager) =>
  runQuery({ model, user, sql, source: duck, maxRows: 100, timeoutMs: 20_000 });

describe('percentile aggregates', () => {
  it('runs MEDIAN and quantile_cont on DuckDB, equal to percentile_cont', async () => {
    // Act
    const median = await run('SELECT MEDIAN(amount) AS m FROM orders_view');
    const quantile = await run('SELECT quantile_cont(amount, 0.9) AS q FROM orders_view');
    const portable = await run(
      'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) AS m, percentile_cont(0.9) WITHIN GROUP (ORDER BY amount) AS q FROM orders_view',
    );
    // Assert
    expect(Number(median.data[0]?.[0])).toBeCloseTo(Number(portable.data[0]?.[0]), 2);
    expect(Number(quantile.data[0]?.[0])).toBeCloseTo(Number(portable.data[0]?.[1]), 2);
  });

  it('applies row-level security under MEDIAN (the median of the rows the user may see)', async () => {
    const mine = await run('SELECT MEDIAN(amount) FROM orders_view', north);
    const filtered = await run("SELECT MEDIAN(amount) FROM orders_view WHERE region = 'north'");
    expect(mine.data).toEqual(filtered.data);
  });

  it('refuses MEDIAN by name on PostgreSQL, with the portable form', async () => {
    const compiled = compileSql(model, manager, 'SELECT MEDIAN(amount) FROM orders_view', 'postgres');
    await expect(compiled).rejects.toThrow(SqlNotAllowedError);
    await expect(compiled).rejects.toThrow(
      /MEDIAN is not available on PostgreSQL: use percentile_cont\(0\.5\)/,
    );
    await expect(
      compileSql(model, manager, 'SELECT quantile_cont(amount, 0.9) FROM orders_view', 'postgres'),
    ).rejects.toThrow(/QUANTILE_CONT is not available on PostgreSQL/);
    // percentile_cont compiles for both.
    await expect(
      compileSql(
        model,
        manager,
        'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) FROM orders_view',
        'postgres',
      ),
    ).resolves.toHaveProperty('sql');
  });

  it('still refuses functions outside the allow-list', async () => {
    await expect(run('SELECT approx_quantile(amount, 0.5) FROM orders_view')).rejects.toThrow(
      /Function approx_quantile is not allowed/,
    );
  });
});
