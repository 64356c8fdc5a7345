/**
 * The DynamoDB client's retry strategy (functions/store/retry.ts): bounded attempts per call, full-jitter
 * backoff within a time budget, no shared quota that sustained throttling could spend for the whole process.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { httpEndpoint } from '../../functions/http/endpoint';
import { createStore, type Store } from '../../functions/store/client';
import { ensureTable } from '../../functions/store/local-table';
import {
  BoundedRetryStrategy,
  currentDeadline,
  DEFAULT_RETRY_POLICY,
  withDeadline,
} from '../../functions/store/retry';
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

describe('the budget follows the invocation deadline', () => {
  const walkAt = async (strategy: BoundedRetryStrategy, clock: { now: number }) => {
    let token = await strategy.acquireInitialRetryToken('');
    const sleeps: { at: number; delay: number }[] = [];
    for (;;) {
      try {
        token = await strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING' });
      } catch {
        return sleeps;
      }
      sleeps.push({ at: clock.now, delay: token.getRetryDelay() });
      clock.now += token.getRetryDelay() + 20;
    }
  };

  test('half the time left (less the reserve) to sleep, and never into the last reserve', async () => {
    const clock = { now: 1_000_000 };
    const strategy = new BoundedRetryStrategy(
      DEFAULT_RETRY_POLICY,
      () => 0.999,
      () => clock.now,
    );
    // 3 s left: at most 1 s of sleep (half of 3 s less the 1 s reserve), all of it before the last second.
    const sleeps = await withDeadline(clock.now + 3_000, () => walkAt(strategy, clock));
    const total = sleeps.reduce((sum, s) => sum + s.delay, 0);
    expect(total).toBeLessThanOrEqual(1_000);
    expect(sleeps.length).toBeGreaterThan(0);
    for (const sleep of sleeps) expect(sleep.at + sleep.delay).toBeLessThanOrEqual(1_000_000 + 2_000);
    // Inside the reserve: no retry at all.
    expect(await withDeadline(clock.now + 900, () => walkAt(strategy, clock))).toEqual([]);
    // A long-running function (a chat turn) is bounded by its attempts, not by a fixed 5 s.
    const long = await withDeadline(clock.now + 300_000, () => walkAt(strategy, clock));
    expect(long).toHaveLength(DEFAULT_RETRY_POLICY.throttlingAttempts - 1);
    // Outside an invocation: the fixed budget.
    const fixed = await walkAt(
      new BoundedRetryStrategy(
        { ...DEFAULT_RETRY_POLICY, budgetMs: 300 },
        () => 0.999,
        () => clock.now,
      ),
      clock,
    );
    expect(fixed.reduce((sum, s) => sum + s.delay, 0)).toBeLessThanOrEqual(300);
  });

  test('every endpoint enters its Lambda deadline for the rest of the invocation', async () => {
    const probe = httpEndpoint({
      route: 'health',
      auth: 'none',
      handle: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { status: 200, body: { deadline: currentDeadline() } };
      },
    }) as unknown as (e: APIGatewayProxyEventV2, c: Context) => Promise<{ body: string }>;
    const event = {
      rawPath: '/health',
      headers: {},
      requestContext: { requestId: 'r', http: { method: 'GET', path: '/health' } },
    } as unknown as APIGatewayProxyEventV2;
    const before = Date.now();
    const reply = await probe(event, { awsRequestId: 'r', getRemainingTimeInMillis: () => 2_000 } as Context);
    const { deadline } = JSON.parse(reply.body) as { deadline: number };
    expect(deadline).toBeGreaterThanOrEqual(before + 2_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 2_000);
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
    // Eight attempts at 1 in 2: about one call in 256 fails all of them. Under a loaded machine the time budget can
    // end a call's retries before its eighth attempt (a fresh-clone CI saw 6 of 160 fail), so the bound is what tells
    // a shared quota that ran dry apart (most calls past the hundredth fault would fail), not the quiet-machine odds.
    expect(failed).toBeLessThanOrEqual(16);
  });

  test('every call throttled, 2.5 s before the deadline: the call gives up in time to answer', async () => {
    proxy.clear();
    proxy.inject({ operation: 'GetItem', mode: 'error', error: 'ThrottlingException' });
    const started = Date.now();
    const outcome = await withDeadline(started + 2_500, () =>
      store.doc.send(new GetCommand({ TableName: store.tableName, Key: { pk: 'P#1', sk: 'X' } })).then(
        () => 'answered',
        (error: Error) => error.name,
      ),
    );
    proxy.clear();
    expect(outcome).toBe('ThrottlingException');
    // It slept at most 0.75 s (half of 2.5 s less the 1 s reserve) and answered before the deadline, whatever
    // the machine's load adds to the calls themselves (1.5 s, the end of its sleeps, left them no room).
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});
