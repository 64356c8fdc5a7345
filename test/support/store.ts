import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createStore, type Store, setStore } from '../../functions/store/client';
import { ensureTable } from '../../functions/store/local-table';

/** A fresh table in the run's DynamoDB Local, installed as the process-wide store. */
export async function freshStore(): Promise<Store> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: the jest global setup starts DynamoDB Local');
  const store = createStore({ endpoint, tableName: `test-${randomUUID()}` });
  await ensureTable(store);
  setStore(store);
  // Domain tests mint embed tokens without the local service, which would otherwise provide the secret.
  process.env.EMBED_TOKEN_SECRET ??= randomBytes(32).toString('base64url');
  return store;
}

type Key = { pk: string; sk: string };

/** The item as stored (a consistent read), for assertions on what a request wrote; undefined when absent. */
export async function readItem(store: Store, key: Key): Promise<Record<string, unknown> | undefined> {
  const out = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: key, ConsistentRead: true }),
  );
  return out.Item;
}

/** Makes an item expired now, as if its TTL had passed but DynamoDB had not deleted it yet (it deletes late). */
export async function expireItem(store: Store, key: Key): Promise<void> {
  const past = Math.floor(Date.now() / 1000) - 1;
  const item = await readItem(store, key);
  // An ephemeral user's entry in the expiry index moves with it (functions/store/keys.ts, expiringUser).
  const indexed = typeof item?.ownerPk === 'string' && item.ownerPk.endsWith('#EXPIRES');
  await store.doc.send(
    new UpdateCommand({
      TableName: store.tableName,
      Key: key,
      UpdateExpression: `SET expiresAt = :past${indexed ? ', ownerSk = :osk' : ''}`,
      ExpressionAttributeValues: {
        ':past': past,
        ...(indexed ? { ':osk': `${String(past).padStart(12, '0')}#${key.sk}` } : {}),
      },
    }),
  );
}
