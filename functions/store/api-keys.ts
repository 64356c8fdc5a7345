import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from './client';
import { keys } from './keys';
import { byOwnerIndex } from './table';

export type KeyRole = 'admin' | 'member';

export interface ApiKeyRecord {
  keyId: string;
  account: string;
  role: KeyRole;
  /** When set, the key only works for this deployment. */
  deploymentId?: number;
  createdAt: string;
  description?: string;
}

/** SHA-256 of the key: the only form in which a key is stored. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new random key (256 bits, URL-safe) with a recognisable prefix. */
export const generateKey = (): string => `ea_${randomBytes(32).toString('base64url')}`;

function toRecord(item: Record<string, unknown>): ApiKeyRecord {
  const record: ApiKeyRecord = {
    keyId: String(item.keyId),
    account: String(item.account),
    role: item.role === 'admin' ? 'admin' : 'member',
    createdAt: String(item.createdAt),
  };
  if (typeof item.deploymentId === 'number') record.deploymentId = item.deploymentId;
  if (typeof item.description === 'string') record.description = item.description;
  return record;
}

/** API keys: looked up by hash on every request (cached by the auth layer), listed per account. */
export const apiKeys = {
  async findByKey(store: Store, key: string): Promise<ApiKeyRecord | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.apiKey(hashKey(key)) }),
    );
    return out.Item ? toRecord(out.Item) : undefined;
  },

  /**
   * Stores a key. Pass `key` to register a known key (demo seed); otherwise one is generated.
   * Returns the plain key: it is shown once and never stored.
   */
  async create(
    store: Store,
    input: { account: string; role: KeyRole; deploymentId?: number; description?: string; key?: string },
  ): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = input.key ?? generateKey();
    const hash = hashKey(key);
    const keyId = hash.slice(0, 16);
    const record: ApiKeyRecord = {
      keyId,
      account: input.account,
      role: input.role,
      createdAt: new Date().toISOString(),
    };
    if (input.deploymentId !== undefined) record.deploymentId = input.deploymentId;
    if (input.description !== undefined) record.description = input.description;
    await store.doc.send(
      new PutCommand({
        TableName: store.tableName,
        Item: {
          ...keys.apiKey(hash),
          ...keys.apiKeyByAccount(input.account, keyId),
          kind: 'apiKey',
          ...record,
        },
      }),
    );
    return { key, record };
  },

  async listByAccount(store: Store, account: string): Promise<ApiKeyRecord[]> {
    const index = keys.apiKeyByAccount(account, '');
    const out = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        IndexName: byOwnerIndex.name,
        KeyConditionExpression: 'ownerPk = :pk',
        ExpressionAttributeValues: { ':pk': index.ownerPk },
      }),
    );
    return (out.Items ?? []).map(toRecord);
  },

  /** Deletes a key by its id (the first 16 hex digits of its hash). Returns whether it existed. */
  async revoke(store: Store, account: string, keyId: string): Promise<boolean> {
    const found = (await apiKeys.listByAccount(store, account)).find((k) => k.keyId === keyId);
    if (!found) return false;
    const out = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        IndexName: byOwnerIndex.name,
        KeyConditionExpression: 'ownerPk = :pk AND ownerSk = :sk',
        ExpressionAttributeValues: { ':pk': keys.apiKeyByAccount(account, keyId).ownerPk, ':sk': keyId },
      }),
    );
    for (const item of out.Items ?? []) {
      await store.doc.send(
        new DeleteCommand({ TableName: store.tableName, Key: { pk: item.pk, sk: item.sk } }),
      );
    }
    return true;
  },
};
