/**
 * The DynamoDB client's retry strategy (functions/store/retry.ts): bounded attempts per call, full-jitter
 * backoff within a time budget, no shared quota that sustained throttling could spend for the whole process.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createStore, type Store } from '../../functions/store/client';
import { ensureTable } from '../../functions/store/local-table';
import { BoundedRetryStrategy, DEFAULT_RETRY_POLICY } from '../../functions/store/retry';
import { type FaultProxy, startFaultProxy } from '../support/faults';

describe('BoundedRetryStrategy', () => {
  const walk = async (
    strategy: BoundedRetryStrategy,
    errorType: 'TRANSIENT' | 'THROTTLING' | 'SERVER_ERROR' | 'CLIENT_ERROR',
  ) => {
    let token = await strategy.acquireInitialRetryToken('');
    const delays: number[] = [];
    for (;;) {
      try {
        token = await strategy.refreshRetryTokenForRetry(token, { errorType });
      } catch {
        return delays;
      }
      delays.push(token.getRetryDelay());
    }
  };

  test('attempts per kind of fault; client errors are answers, not retried', async () => {
    const top = new BoundedRetryStrategy(DEFAULT_RETRY_POLICY, () => 0.999);
    expect(await walk(top, 'CLIENT_ERROR')).toEqual([]);
    expect((await walk(top, 'TRANSIENT')).length).toBe(DEFAULT_RETRY_POLICY.transientAttempts - 1);
    expect((await walk(top, 'SERVER_ERROR')).length).toBe(DEFAULT_RETRY_POLICY.transientAttempts - 1);
    const throttled = await walk(new BoundedRetryStrategy(DEFAULT_RETRY_POLICY, () => 0.5), 'THROTTLING');
    expect(throttled.length).toBe(DEFAULT_RETRY_POLICY.throttlingAttempts - 1);
  });

  test('backoff doubles its ceiling, is jittered below it, and stops at the budget', async () => {
    const ceilings = await walk(new BoundedRetryStrategy(DEFAULT_RETRY_POLICY, () => 0.999), 'TRANSIENT');
    expect(ceilings).toEqual([24, 49, 99, 199]);
    expect(await walk(new BoundedRetryStrategy(DEFAULT_RETRY_POLICY, () => 0), 'TRANSIENT')).toEqual([
      0, 0, 0, 0,
    ]);
    const tight = new BoundedRetryStrategy({ ...DEFAULT_RETRY_POLICY, budgetMs: 300 }, () => 0.999);
    const spent = await walk(tight, 'THROTTLING');
    expect(spent.reduce((sum, delay) => sum + delay, 0)).toBeLessThanOrEqual(300);
    expect(spent.length).toBeLessThan(DEFAULT_RETRY_POLICY.throttlingAttempts - 1);
  });
});

describe('the store under sustained throttling', () => {
  let proxy: FaultProxy;
  let store: Store;
  beforeAll(async () => {
    proxy = await startFaultProxy(process.env.DYNAMODB_ENDPOINT ?? '');
    store = createStore({ endpoint: proxy.endpoint, tableName: `retry-${Date.now()}` });
    await ensureTable(store);
    await store.doc.send(new PutCommand({ TableName: store.tableName, Item: { pk: 'P#1', sk: 'X', n: 1 } }));
  });
  afterAll(async () => {
    store.doc.destroy();
    await proxy.stop();
  });

  test('half the calls throttled for the whole run: every call still succeeds (no quota runs dry)', async () => {
    const fault = proxy.inject({
      operation: 'GetItem',
      mode: 'error',
      error: 'ProvisionedThroughputExceededException',
      probability: 0.5,
    });
    let failed = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let n = 0; n < 40; n += 1) {
          try {
            await store.doc.send(new GetCommand({ TableName: store.tableName, Key: { pk: 'P#1', sk: 'X' } }));
          } catch {
            failed += 1;
          }
        }
      }),
    );
    // 160 calls, about as many faults: far past what the standard mode's shared quota (500, 5 per retry) allows.
    expect(fault.fired).toBeGreaterThan(100);
    // Eight attempts at 1 in 2: about one call in 256 fails all of them.
    expect(failed).toBeLessThanOrEqual(4);
  });
});
