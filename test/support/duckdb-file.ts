import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/** A DuckDB file in a fresh temporary folder holding what `statements` create, closed so drivers can open it. */
export async function duckDbFile(
  name: string,
  statements: readonly string[],
): Promise<{ database: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const database = join(dir, `${name}.duckdb`);
  const instance = await DuckDBInstance.create(database);
  const connection = await instance.connect();
  for (const statement of statements) await connection.run(statement);
  await connection.run('CHECKPOINT');
  connection.closeSync();
  instance.closeSync();
  return { database, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
