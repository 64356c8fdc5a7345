import { randomBytes, randomUUID } from 'node:crypto';
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
