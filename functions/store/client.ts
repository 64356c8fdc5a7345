import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BoundedRetryStrategy, DEFAULT_RETRY_POLICY } from './retry';
import { DEFAULT_TABLE_NAME } from './table';

/** A handle on the single table: the document client and the table name. Business code never sees it. */
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
  const endpoint = options.endpoint ?? process.env.DYNAMODB_ENDPOINT;
  const config: DynamoDBClientConfig = {
    region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
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
    config.endpoint = endpoint;
    config.credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  }
  const client = new DynamoDBClient(config);
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
  return { doc, tableName: options.tableName ?? process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME };
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
