import {
  type ConditionalCheckFailedException,
  DynamoDBClient,
  type DynamoDBClientConfig,
} from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../config';
import { BoundedRetryStrategy, DEFAULT_RETRY_POLICY } from './retry';
import { DEFAULT_TABLE_NAME } from './table';

/**
 * A handle on the single table: the document client and the table name. Only `functions/store/` sends commands
 * with it; everything else calls the store modules.
 */
export interface Store {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

export interface StoreOptions {
  tableName?: string;
  endpoint?: string;
  region?: string;
  /**
   * Sockets the client keeps open to DynamoDB (the SDK's default is 50). A Lambda serves one request at a time
   * and never comes near it; the local service serves every request from one process, and a request queued
   * for a socket is charged the queue wait against `connectionTimeout`, so under load it failed as a timeout.
   */
  maxSockets?: number;
}

/** Builds a store; DynamoDB Local needs an endpoint and accepts any static credentials. */
export function createStore(options: StoreOptions = {}): Store {
  const settings = config();
  const endpoint = options.endpoint ?? settings.dynamodbEndpoint;
  const clientConfig: DynamoDBClientConfig = {
    region: options.region ?? settings.region ?? 'us-east-1',
    // Per-call attempts with jittered backoff and no shared quota (functions/store/retry.ts).
    maxAttempts: DEFAULT_RETRY_POLICY.throttlingAttempts,
    retryStrategy: new BoundedRetryStrategy(),
    // A request DynamoDB never answers is a transient fault, retried, not a hang until the Lambda times out.
    requestHandler: {
      connectionTimeout: 2_000,
      requestTimeout: 5_000,
      ...(options.maxSockets ? { httpAgent: { keepAlive: true, maxSockets: options.maxSockets } } : {}),
    },
  };
  if (endpoint) {
    clientConfig.endpoint = endpoint;
    clientConfig.credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  }
  const client = new DynamoDBClient(clientConfig);
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
  return { doc, tableName: options.tableName ?? settings.tableName ?? DEFAULT_TABLE_NAME };
}

let shared: Store | undefined;

/** The process-wide store configured from the environment (reused across warm Lambda invocations). */
export function getStore(): Store {
  shared ??= createStore();
  return shared;
}

/** Replaces the process-wide store (the local service and tests point it at DynamoDB Local). */
export function setStore(store: Store): void {
  shared = store;
}

/** Counts DynamoDB requests sent through a store (tests and benchmarks count round trips with it). */
export function countRoundTrips(store: Store): {
  readonly count: number;
  readonly operations: string[];
  reset(): void;
} {
  const operations: string[] = [];
  store.doc.middlewareStack.add(
    (next, context) => async (args) => {
      operations.push(String(context.commandName ?? 'unknown'));
      return next(args);
    },
    { step: 'initialize', name: `roundTripCounter${Math.random()}` },
  );
  return {
    get count() {
      return operations.length;
    },
    operations,
    reset() {
      operations.length = 0;
    },
  };
}

/** Whether a write failed its condition (the SDK's class, or any error of that name, e.g. through a proxy). */
export function isConditionFailed(error: unknown): error is ConditionalCheckFailedException {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The item a failed conditional write saw (`ReturnValuesOnConditionCheckFailure: 'ALL_OLD'`), if any. */
export function itemOnConditionFailure(
  error: ConditionalCheckFailedException,
): Record<string, unknown> | undefined {
  return error.Item ? unmarshall(error.Item) : undefined;
}

/** A query of one partition for the items whose sort key starts with `prefix`. */
export interface PrefixQuery {
  pk: string;
  prefix: string;
  filter?: {
    expression: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  };
  projection?: string;
  /** Descending sort key order. */
  newestFirst?: boolean;
  /** Stop after this many items (all of them otherwise). */
  limit?: number;
  consistentRead?: boolean;
}

/** Every item of a prefix query, following `LastEvaluatedKey` until done (or `limit` items). */
export async function queryAll(store: Store, query: PrefixQuery): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': query.pk, ':prefix': query.prefix, ...query.filter?.values },
        ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
        ...(query.filter?.names ? { ExpressionAttributeNames: query.filter.names } : {}),
        ...(query.projection ? { ProjectionExpression: query.projection } : {}),
        ...(query.newestFirst ? { ScanIndexForward: false } : {}),
        ...(query.limit ? { Limit: query.limit - items.length } : {}),
        ...(query.consistentRead ? { ConsistentRead: true } : {}),
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && (query.limit === undefined || items.length < query.limit));
  return items;
}

/** Puts any number of items with BatchWriteItem (chunks of 25), retrying unprocessed items with backoff. */
export async function batchPut(store: Store, items: Record<string, unknown>[]): Promise<void> {
  for (let at = 0; at < items.length; at += 25) {
    let requests: Record<string, unknown>[] = items
      .slice(at, at + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      const out = await store.doc.send(
        new BatchWriteCommand({ RequestItems: { [store.tableName]: requests as never } }),
      );
      requests = (out.UnprocessedItems?.[store.tableName] ?? []) as Record<string, unknown>[];
      if (requests.length === 0) break;
      if (attempt >= 8) throw new Error(`BatchWrite left ${requests.length} items unprocessed`);
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
    }
  }
}
