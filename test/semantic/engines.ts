import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  closeDrivers,
  type DataModel,
  type DataSource,
  type QueryUser,
  runQuery,
} from '../../functions/semantic';
import { DialectUnsupportedError } from '../../functions/semantic/dialect';
import { startClickHouseFront } from '../support/clickhouse-http';
import { writeDuckDb } from '../support/duckdb-file';
import { copyDuckDbStatements } from './clickhouse';
import { startPostgres } from './postgres';

/** The same hand-written data on every engine: a DuckDB file, an embedded PostgreSQL and ClickHouse over HTTP. */
export interface TestEngines {
  duck: DataSource;
  pg: DataSource;
  /** ClickHouse (a chdb HTTP front) holding a copy of the DuckDB file's tables. */
  ch: DataSource;
  /** The DuckDB file (tests that reopen it). */
  duckPath: string;
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * `SEMANTIC_ENGINES=duckdb` (set by the mutation runs' jest project, test/mutation/jest.config.mjs): only DuckDB
 * is seeded and queried. Starting PostgreSQL and ClickHouse for every mutant would take longer than the run; the
 * expected rows are hand-computed, so DuckDB alone still fails on a wrong answer. `npm test` runs all three.
 */
export const duckDbOnly = process.env.SEMANTIC_ENGINES === 'duckdb';

/** The engines a query runs on: DuckDB first, then PostgreSQL and ClickHouse unless `duckDbOnly`. */
export function sourcesOf(engines: TestEngines): DataSource[] {
  return duckDbOnly ? [engines.duck] : [engines.duck, engines.pg, engines.ch];
}

/** Runs `statements` on a new DuckDB file and a new PostgreSQL (with the sample schema), for one test file. */
export async function seedEngines(name: string, statements: readonly string[]): Promise<TestEngines> {
  const dataDir = mkdtempSync(join(tmpdir(), `semantic-${name}-`));
  const duckPath = await writeDuckDb(join(dataDir, `${name}.duckdb`), statements);
  if (duckDbOnly) return duckDbEngines(dataDir, duckPath);
  const [postgres, front] = await Promise.all([
    startPostgres(10),
    copyDuckDbStatements(duckPath).then((setup) => startClickHouseFront({ setup, workers: 1 })),
  ]);
  const client = new pg.Client({ connectionString: postgres.connectionString });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
  return {
    duck: { kind: 'duckdb', database: duckPath },
    pg: { kind: 'postgres', connectionString: postgres.connectionString },
    ch: { kind: 'clickhouse', url: front.url, database: 'default' },
    duckPath,
    connectionString: postgres.connectionString,
    stop: async () => {
      await Promise.all([postgres.stop(), front.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** DuckDB alone (`SEMANTIC_ENGINES=duckdb`): asking for PostgreSQL or ClickHouse is an error, not a silent DuckDB. */
function duckDbEngines(dataDir: string, duckPath: string): TestEngines {
  const absent = (engine: string): never => {
    throw new Error(`${engine} is not started when SEMANTIC_ENGINES=duckdb`);
  };
  return {
    duck: { kind: 'duckdb', database: duckPath },
    get pg(): DataSource {
      return absent('PostgreSQL');
    },
    get ch(): DataSource {
      return absent('ClickHouse');
    },
    duckPath,
    get connectionString(): string {
      return absent('PostgreSQL');
    },
    stop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export const EVERYONE: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

/** Rows as tests compare them: dates to the day, numeric text as numbers, numbers rounded to `digits` places. */
export function normalised(rows: unknown[][], digits: number): unknown[][] {
  const scale = 10 ** digits;
  return rows.map((row) =>
    row.map((value) => {
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
      const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      return typeof n === 'number' ? Math.round(n * scale) / scale : n;
    }),
  );
}

/**
 * Hand-written data on DuckDB and PostgreSQL for one test file (seeded before its tests, stopped after them), and
 * `onBoth(model, sql)`: the query on each engine, which must agree, as normalised rows.
 */
export function bothEngines(
  name: string,
  data: readonly string[],
  digits = 4,
  /** Features (DialectUnsupportedError.feature) ClickHouse refuses by name in this file's queries. */
  clickHouseRefuses: readonly string[] = [],
) {
  let engines: TestEngines | undefined;
  beforeAll(async () => {
    engines = await seedEngines(name, data);
  }, 120_000);
  afterAll(async () => {
    await closeDrivers();
    await engines?.stop();
  });
  const seeded = (): TestEngines => {
    if (!engines) throw new Error('the engines start in beforeAll');
    return engines;
  };
  const refusals: string[] = [];
  return {
    engines: seeded,
    /** The features ClickHouse refused so far (each query that was refused adds its feature). */
    clickHouseRefusals: (): readonly string[] => refusals,
    async onBoth(model: DataModel, sql: string, user: QueryUser = EVERYONE): Promise<unknown[][]> {
      const [onDuck, onPg, onCh] = await Promise.all(
        sourcesOf(seeded()).map(async (source) => {
          try {
            const result = await runQuery({ model, user, sql, source, maxRows: 100, timeoutMs: 20_000 });
            return normalised(result.data, digits);
          } catch (error) {
            // Refused by name, before anything ran, where this file says ClickHouse cannot do it exactly.
            if (error instanceof DialectUnsupportedError && clickHouseRefuses.includes(error.feature))
              return error;
            throw error;
          }
        }),
      );
      if (onDuck instanceof DialectUnsupportedError) throw onDuck;
      if (duckDbOnly) return onDuck ?? [];
      expect(onPg).toEqual(onDuck);
      if (onCh instanceof DialectUnsupportedError) refusals.push(onCh.feature);
      else expect(onCh).toEqual(onDuck);
      return onDuck ?? [];
    },
  };
}
