import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from './client';
import { keys } from './keys';

/**
 * Where a deployment's data lives, as stored. A PostgreSQL password is never stored: the item holds either a
 * connection string without one, or the ARN of a Secrets Manager secret the function reads at runtime
 * (functions/query/data-source.ts).
 */
export type DataSourceConfig =
  | { kind: 'duckdb'; database: string }
  | { kind: 'postgres'; connectionString: string }
  | { kind: 'postgres'; connectionSecretArn: string };

export interface Deployment {
  account: string;
  id: number;
  name: string;
  dataSource: DataSourceConfig;
  defaultBranch: string;
  branches: string[];
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

/** Deployments (numeric id per account), their branches and the data model files of each branch. */
export const deployments = {
  async get(store: Store, account: string, id: number): Promise<Deployment | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.deployment(account, id) }),
    );
    return out.Item ? toDeployment(out.Item) : undefined;
  },

  async list(store: Store, account: string): Promise<Deployment[]> {
    const out = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.accountPartition(account),
          ':prefix': keys.deploymentPrefix,
        },
      }),
    );
    return (out.Items ?? []).map(toDeployment);
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

  /** Stores the model files of a branch and lists the branch on the deployment. */
  async putModel(
    store: Store,
    account: string,
    id: number,
    branch: string,
    files: ModelFileRecord[],
  ): Promise<void> {
    const deployment = await deployments.get(store, account, id);
    if (!deployment) throw new Error(`Deployment ${id} of ${account} does not exist`);
    await store.doc.send(
      new PutCommand({
        TableName: store.tableName,
        Item: {
          ...keys.model(account, id, branch),
          kind: 'model',
          branch,
          files,
          updatedAt: new Date().toISOString(),
        },
      }),
    );
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
