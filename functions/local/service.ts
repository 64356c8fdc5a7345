import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { applyDemoSeed, type DemoKeys, type ModelBranches } from '../admin/seed';
import { setEnv } from '../config';
import { createLocalServer } from '../http/local';
import { generateKey } from '../store/api-keys';
import { createStore, type Store, setStore } from '../store/client';
import { type DynamoDbLocal, startDynamoDbLocal } from '../store/dynamodb-local';
import { ensureTable } from '../store/local-table';

export interface LocalServiceOptions {
  port?: number;
  /** Use this DynamoDB instead of starting DynamoDB Local. */
  dynamodbEndpoint?: string;
  /** Keep DynamoDB Local's data (and the sample dataset) on disk here. */
  dataDir?: string;
  tableName?: string;
  keys?: Partial<DemoKeys>;
  /** Directory served at /embed/assets/ (the built widget). */
  assetsDir?: string;
  /** Model files per branch of the demo deployment; by default the demo model of the semantic layer. */
  models?: ModelBranches;
}

/**
 * The embed-token signing secret of a local service without EMBED_TOKEN_SECRET: kept in the data directory (tokens
 * survive a restart), else one per run. In AWS the stack passes it from Secrets Manager.
 */
async function localTokenSecret(dataDir: string | undefined): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  if (!dataDir) return fresh;
  const path = join(dataDir, 'embed-token-secret');
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': the first start writes it, later starts (and a concurrent one) read it.
    await writeFile(path, fresh, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(path, 'utf8')).trim();
  }
}

async function demoModels(): Promise<ModelBranches> {
  const { demoModelFiles } = await import('../semantic');
  return { main: await demoModelFiles('main'), dev: await demoModelFiles('dev') };
}

export interface LocalService {
  baseUrl: string;
  port: number;
  store: Store;
  keys: DemoKeys;
  /** Which demo keys were generated (not supplied). */
  generatedKeys: (keyof DemoKeys)[];
  dynamodbEndpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts everything `npm start` serves: DynamoDB Local (unless an endpoint is given), the table from the shared
 * description, the demo seed, and the HTTP server on 127.0.0.1 in front of the Lambda handlers.
 */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  let dynamo: DynamoDbLocal | undefined;
  let endpoint = options.dynamodbEndpoint;
  if (!endpoint) {
    dynamo = await startDynamoDbLocal(options.dataDir ? { dataDir: join(options.dataDir, 'dynamodb') } : {});
    endpoint = dynamo.endpoint;
  }
  setEnv({
    DYNAMODB_ENDPOINT: endpoint,
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    EMBED_TOKEN_SECRET: process.env.EMBED_TOKEN_SECRET ?? (await localTokenSecret(options.dataDir)),
  });
  // One process serves every request here (bench:load drives 200 at once), not one request per instance.
  const store = createStore({
    endpoint,
    maxSockets: 512,
    ...(options.tableName ? { tableName: options.tableName } : {}),
  });
  setEnv({ TABLE_NAME: store.tableName });
  setStore(store);
  let server: Server | undefined;
  try {
    await ensureTable(store);
    const generatedKeys: (keyof DemoKeys)[] = [];
    const pick = (name: keyof DemoKeys) => {
      const given = options.keys?.[name];
      if (given) return given;
      generatedKeys.push(name);
      return generateKey();
    };
    const keys: DemoKeys = { demo: pick('demo'), demoMember: pick('demoMember'), starter: pick('starter') };
    await applyDemoSeed(store, keys, options.models ?? (await demoModels()));

    const created = createLocalServer(options.assetsDir ? { assetsDir: options.assetsDir } : {});
    server = created;
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const port = (created.address() as AddressInfo).port;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      port,
      store,
      keys,
      generatedKeys,
      dynamodbEndpoint: endpoint,
      async stop() {
        created.closeAllConnections();
        await new Promise<void>((resolve) => created.close(() => resolve()));
        store.doc.destroy();
        await dynamo?.stop();
      },
    };
  } catch (error) {
    server?.close();
    await dynamo?.stop();
    throw error;
  }
}
