import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import type { DataSource } from '../../functions/semantic';
import { startPostgres } from './postgres';

/** The same hand-written data on both engines: a DuckDB file and an embedded PostgreSQL. */
export interface TestEngines {
  duck: DataSource;
  pg: DataSource;
  /** The DuckDB file (tests that reopen it). */
  duckPath: string;
  connectionString: string;
  stop(): Promise<void>;
}

/** Runs `statements` on a new DuckDB file and a new PostgreSQL (with the sample schema), for one test file. */
export async function seedEngines(name: string, statements: readonly string[]): Promise<TestEngines> {
  const dataDir = mkdtempSync(join(tmpdir(), `semantic-${name}-`));
  const duckPath = join(dataDir, `${name}.duckdb`);
  const instance = await DuckDBInstance.create(duckPath);
  try {
    const connection = await instance.connect();
    for (const statement of statements) await connection.run(statement);
    await connection.run('CHECKPOINT');
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
  const postgres = await startPostgres(10);
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
    duckPath,
    connectionString: postgres.connectionString,
    stop: async () => {
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
