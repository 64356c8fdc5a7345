import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TtlCache } from '../cache';
import { ValidationError } from '../errors';
import { queryAll, type Store } from './client';
import { keys } from './keys';
import { type TransactItem, transact } from './transactions';

/**
 * Where a deployment's data lives, as stored. A PostgreSQL password is never stored: the item holds either a
 * connection string without one, or the ARN of a Secrets Manager secret the function reads at runtime
 * (functions/query/data-source.ts).
 */
export type DataSourceConfig =
  | { kind: 'duckdb'; database: string }
  | { kind: 'postgres'; connectionString: string }
  | { kind: 'postgres'; connectionSecretArn: string }
  | { kind: 'athena'; workgroup: string; database: string; catalog?: string }
  /** ClickHouse's HTTP interface; its user and password live in a Secrets Manager secret (functions/query/clickhouse-source.ts). */
  | { kind: 'clickhouse'; url: string; database: string; credentialsSecretArn?: string };

export interface Deployment {
  account: string;
  id: number;
  name: string;
  dataSource: DataSourceConfig;
  defaultBranch: string;
  branches: string[];
}

/** Shape version of model items, so a later release can migrate them. */
export const MODEL_SCHEMA_VERSION = 1;

/** DynamoDB's item limit is 400 KB; this leaves room for keys and attribute names. */
export const MODEL_MAX_BYTES = 380_000;

export interface ModelVersion {
  version: number;
  pushedAt: string;
  files: string[];
}

/** Refuses a model too large for one item (before anything is written). */
export function checkModelSize(files: readonly ModelFileRecord[]): void {
  const bytes = files.reduce(
    (sum, file) => sum + Buffer.byteLength(file.path) + Buffer.byteLength(file.content),
    0,
  );
  if (bytes > MODEL_MAX_BYTES) {
    throw new ValidationError(`model: ${bytes} bytes of files; at most ${MODEL_MAX_BYTES} fit in one item`);
  }
}

export interface ModelFileRecord {
  path: string;
  content: string;
}

function toDeployment(item: Record<string, unknown>): Deployment {
  return {
    account: String(item.account),
    id: Number(item.id),
    name: String(item.name),
    dataSource: item.dataSource as DataSourceConfig,
    defaultBranch: String(item.defaultBranch),
    branches: Array.isArray(item.branches) ? item.branches.map(String) : [],
  };
}

/**
 * Deployments (and branches) a committed transaction proved to exist. Nothing deletes a deployment or removes a
 * branch (upsert keeps them), so the proof holds; it is kept ten minutes against items removed by hand.
 */
const proven = new TtlCache<string, true>({ ttlMs: 10 * 60_000, maxEntries: 10_000 });
const provenKey = (store: Store, account: string, id: number, branch?: string) =>
  `${store.tableName}|${account}|${id}|${branch ?? ''}`;

/** Deployments (numeric id per account), their branches and the data model files of each branch. */
export const deployments = {
  async get(store: Store, account: string, id: number): Promise<Deployment | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.deployment(account, id) }),
    );
    return out.Item ? toDeployment(out.Item) : undefined;
  },

  /**
   * Whether a committed transaction of this process already checked that the deployment (and branch) exists:
   * later transactions leave the check out, so concurrent ones do not all name the deployment's item (DynamoDB
   * cancels transactions that name an item another one is working on; docs/storage.md).
   */
  provenToExist: (store: Store, account: string, id: number, branch?: string): boolean =>
    proven.get(provenKey(store, account, id, branch)) === true,

  /** Records that a committed transaction checked the deployment (and branch). */
  markProven(store: Store, account: string, id: number, branch?: string): void {
    proven.set(provenKey(store, account, id, branch), true);
  },

  /** A transaction's check that the deployment (and the branch, when given) exists. */
  existsCheck(store: Store, account: string, id: number, branch?: string): TransactItem {
    return {
      ConditionCheck: {
        TableName: store.tableName,
        Key: keys.deployment(account, id),
        ConditionExpression:
          branch === undefined
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND contains(branches, :branch)',
        ...(branch === undefined ? {} : { ExpressionAttributeValues: { ':branch': branch } }),
      },
    };
  },

  async list(store: Store, account: string): Promise<Deployment[]> {
    const items = await queryAll(store, {
      pk: keys.accountPartition(account),
      prefix: keys.deploymentPrefix,
    });
    return items.map(toDeployment);
  },

  /** Creates or replaces a deployment's settings; branches are kept and the default branch is added. */
  async upsert(
    store: Store,
    input: {
      account: string;
      id: number;
      name: string;
      dataSource: DataSourceConfig;
      defaultBranch?: string;
    },
  ): Promise<Deployment> {
    const defaultBranch = input.defaultBranch ?? 'main';
    const out = await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: keys.deployment(input.account, input.id),
        UpdateExpression:
          'SET kind = :kind, account = :account, id = :id, #name = :name, dataSource = :ds, defaultBranch = :db, ' +
          'branches = if_not_exists(branches, :branches)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':kind': 'deployment',
          ':account': input.account,
          ':id': input.id,
          ':name': input.name,
          ':ds': input.dataSource,
          ':db': defaultBranch,
          ':branches': [defaultBranch],
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toDeployment(out.Attributes ?? {});
  },

  /**
   * Pushes a new version of a branch's model: an immutable version item and the branch item (what queries read)
   * in one transaction, then lists the branch on the deployment. Returns the version number.
   */
  async putModel(
    store: Store,
    account: string,
    id: number,
    branch: string,
    files: ModelFileRecord[],
  ): Promise<number> {
    const deployment = await deployments.get(store, account, id);
    if (!deployment) throw new Error(`Deployment ${id} of ${account} does not exist`);
    checkModelSize(files);
    const [latest] = await deployments.listModelVersions(store, account, id, branch, 1);
    const version = (latest?.version ?? 0) + 1;
    const updatedAt = new Date().toISOString();
    const body = { kind: 'model', schemaVersion: MODEL_SCHEMA_VERSION, branch, files, version, updatedAt };
    await transact(store, [
      {
        Put: {
          TableName: store.tableName,
          Item: { ...keys.modelVersion(account, id, branch, version), ...body, kind: 'modelVersion' },
          // Two pushes racing for one number: the second fails instead of overwriting.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: store.tableName, Item: { ...keys.model(account, id, branch), ...body } } },
    ]);
    if (!deployment.branches.includes(branch)) {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.deployment(account, id),
          UpdateExpression: 'SET branches = list_append(branches, :b)',
          ConditionExpression: 'NOT contains(branches, :name)',
          ExpressionAttributeValues: { ':b': [branch], ':name': branch },
        }),
      );
    }
    return version;
  },

  /** A branch's pushed versions, newest first. */
  async listModelVersions(
    store: Store,
    account: string,
    id: number,
    branch: string,
    limit?: number,
  ): Promise<ModelVersion[]> {
    const items = await queryAll(store, {
      pk: keys.accountPartition(account),
      prefix: keys.modelVersionPrefix(id, branch),
      projection: 'version, updatedAt, files',
      newestFirst: true,
      ...(limit ? { limit } : {}),
    });
    return items.map((item) => ({
      version: Number(item.version),
      pushedAt: String(item.updatedAt),
      files: (item.files as ModelFileRecord[]).map((file) => file.path),
    }));
  },

  /** Points a branch back at an earlier version (its files become the branch's model again). */
  async rollbackModel(
    store: Store,
    account: string,
    id: number,
    branch: string,
    version: number,
  ): Promise<boolean> {
    const out = await store.doc.send(
      new GetCommand({
        TableName: store.tableName,
        Key: keys.modelVersion(account, id, branch, version),
        ConsistentRead: true,
      }),
    );
    if (!out.Item) return false;
    await store.doc.send(
      new PutCommand({
        TableName: store.tableName,
        Item: {
          ...keys.model(account, id, branch),
          kind: 'model',
          schemaVersion: MODEL_SCHEMA_VERSION,
          branch,
          files: out.Item.files,
          version,
          rolledBackAt: new Date().toISOString(),
          // A new updatedAt: warm functions re-parse the model on their next check (within 30 s).
          updatedAt: new Date().toISOString(),
        },
      }),
    );
    return true;
  },

  async getModel(
    store: Store,
    account: string,
    id: number,
    branch: string,
  ): Promise<{ files: ModelFileRecord[]; updatedAt: string } | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.model(account, id, branch) }),
    );
    if (!out.Item) return undefined;
    return { files: out.Item.files as ModelFileRecord[], updatedAt: String(out.Item.updatedAt) };
  },
};
