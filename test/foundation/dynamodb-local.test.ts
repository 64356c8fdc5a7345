import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createStore } from '../../functions/store/client';
import { JavaMissingError, startDynamoDbLocal } from '../../functions/store/dynamodb-local';
import { ensureTable } from '../../functions/store/local-table';
import { table } from '../../functions/store/table';

/** A loaded CI machine can take minutes to start a JVM (two at once here): the tests are about the lifecycle. */
const START = { startTimeoutMs: 240_000 };
const LONG = 300_000;

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('DynamoDB Local lifecycle', () => {
  test(
    'starts on a free port, creates the shared table definition, and stops without leaving java',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ddb-'));
      const dynamo = await startDynamoDbLocal({ dataDir: dir, ...START });
      try {
        expect(dynamo.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(alive(dynamo.pid)).toBe(true);
        const store = createStore({ endpoint: dynamo.endpoint, tableName: 'lifecycle' });
        await ensureTable(store);
        await ensureTable(store); // idempotent
        const { DescribeTableCommand, DescribeTimeToLiveCommand } = await import('@aws-sdk/client-dynamodb');
        const described = await store.doc.send(new DescribeTableCommand({ TableName: 'lifecycle' }));
        expect(described.Table?.KeySchema).toEqual([
          { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
        ]);
        expect(described.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(
          table.globalSecondaryIndexes.map((i) => i.name),
        );
        const ttl = await store.doc.send(new DescribeTimeToLiveCommand({ TableName: 'lifecycle' }));
        expect(ttl.TimeToLiveDescription?.AttributeName).toBe(table.timeToLiveAttribute);
        store.doc.destroy();
      } finally {
        await dynamo.stop();
        rmSync(dir, { recursive: true, force: true });
      }
      expect(alive(dynamo.pid)).toBe(false);
      await dynamo.stop(); // stopping twice is harmless
    },
    LONG,
  );

  test(
    'a second instance runs beside the first on its own port',
    async () => {
      const [a, b] = await Promise.all([startDynamoDbLocal(START), startDynamoDbLocal(START)]);
      try {
        expect(a?.port).not.toBe(b?.port);
        const store = createStore({ endpoint: b?.endpoint, tableName: 'x' });
        expect((await store.doc.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        store.doc.destroy();
      } finally {
        await Promise.all([a?.stop(), b?.stop()]);
      }
    },
    LONG,
  );

  test(
    'a process killed with SIGTERM takes its DynamoDB Local with it',
    async () => {
      const script = `
      import { startDynamoDbLocal } from './functions/store/dynamodb-local.ts';
      const d = await startDynamoDbLocal({ startTimeoutMs: 240_000 });
      process.stdout.write(String(d.pid) + '\\n');
      setInterval(() => {}, 1000);
    `;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const pid = await new Promise<number>((resolve) => {
        child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      });
      expect(alive(pid)).toBe(true);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      for (let i = 0; i < 300 && alive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(alive(pid)).toBe(false);
    },
    LONG,
  );

  test('without Java it says so and how to install it', async () => {
    const java = '/nonexistent/bin/java';
    await expect(startDynamoDbLocal({ java })).rejects.toThrow(JavaMissingError);
    await expect(startDynamoDbLocal({ java })).rejects.toThrow(/apt-get install -y default-jre-headless/);
    // The refusal is about the Java it was given: this machine's own Java answers with its version.
    const own = spawnSync('java', ['-version'], { encoding: 'utf8' });
    expect(own.status).toBe(0);
    expect(own.stderr).toMatch(/version "?\d+/);
  });
});
