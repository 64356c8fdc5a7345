import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/**
 * Runs `statements` on the DuckDB file at `path` (created when absent), checkpoints and closes it, so drivers can
 * open it; returns the path.
 */
export async function writeDuckDb(path: string, statements: readonly string[]): Promise<string> {
  const instance = await DuckDBInstance.create(path);
  try {
    const connection = await instance.connect();
    try {
      for (const statement of statements) await connection.run(statement);
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
  return path;
}

/** A DuckDB file in a fresh temporary folder holding what `statements` create, closed so drivers can open it. */
export async function duckDbFile(
  name: string,
  statements: readonly string[],
): Promise<{ database: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const database = await writeDuckDb(join(dir, `${name}.duckdb`), statements);
  return { database, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
