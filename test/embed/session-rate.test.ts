/**
 * The key's session rate is counted inside generate-session's one transaction, on one shard of the window
 * (docs/storage.md, "Rate windows in a transaction"). DynamoDB cancels a transaction that names an item another
 * transaction is working on; DynamoDB Local never does (it applies transactions one at a time), so the proxy
 * cancels transactions the way DynamoDB does and the tests check what the service makes of it.
 */
import { clearAuthCache } from '../../functions/access/auth';
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import { countedUses, RATE_SHARDS, WINDOW_SECONDS } from '../../functions/store/rate-limits';
import { type FaultyService, startFaultyService } from '../support/faults';
import { client, snapshot } from '../support/http';

const GS = '/api/v1/embed/generate-session';

let faulty: FaultyService;
let api: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  faulty = await startFaultyService();
  api = client(faulty.svc.baseUrl);
});
afterAll(async () => {
  await setLimit(undefined);
  await faulty.stop();
});
afterEach(() => faulty.proxy.clear());

/** Uses counted for a key's sessions in the windows that cover [fromMs, now], over every shard. */
async function windowUses(keyId: string, fromMs: number): Promise<number> {
  const first = Math.floor(fromMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  let total = 0;
  for (let start = first; start <= Date.now() / 1000; start += WINDOW_SECONDS) {
    total += await countedUses(faulty.direct, { kind: 'key', id: keyId }, 'session', start);
  }
  return total;
}

/** Counts a key's session uses from now on: `counted()` is how many were added since. */
async function counting(keyId: string): Promise<{ counted(): Promise<number> }> {
  const from = Date.now();
  const base = await windowUses(keyId, from);
  return { counted: async () => (await windowUses(keyId, from)) - base };
}

const newKey = () => apiKeys.create(faulty.direct, { account: 'demo', role: 'admin' });
async function setLimit(limit: number | undefined) {
  await accounts.setRateLimit(faulty.direct, 'demo', 'key.session', limit);
  clearAuthCache();
}
/** Waits for a fresh window when the current one is about to close, so a burst is counted in one window. */
async function freshWindow(): Promise<void> {
  const left = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (left < 10) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}
const mint = (key: string, body: Record<string, unknown> = {}) =>
  api.post<{ sessionId?: string; code?: string }>(
    GS,
    { deploymentId: 1, externalId: `rate-${n++}`, groups: ['analysts'], ...body },
    { key },
  );
/** The rate shard a logged transaction counted on (`session#<window>#<shard>`), if it names one. */
const shardOf = (body: string) => /"session#\d+#(\d+)"/.exec(body)?.[1];

test('a warm session is one round trip: the rate is counted inside the transaction', async () => {
  const { key, record } = await newKey();
  await mint(key);
  faulty.proxy.log.length = 0;
  const count = await counting(record.keyId);
  expect((await mint(key, { externalId: 'rate-warm' })).status).toBe(200);
  faulty.proxy.log.length = 0;
  expect((await mint(key, { externalId: 'rate-warm' })).status).toBe(200);
  expect(faulty.proxy.log.map((l) => l.operation)).toEqual(['TransactWriteItems']);
  expect(shardOf(faulty.proxy.log[0]?.body ?? '')).toBeDefined();
  expect(await count.counted()).toBe(2);
});

test('forty concurrent sessions of one key, half their transactions cancelled for a conflict on the rate shard: all succeed, each counted once', async () => {
  const { key, record } = await newKey();
  await mint(key);
  const conflicts = faulty.proxy.inject({
    operation: 'TransactWriteItems',
    match: `RATE#K#${record.keyId}`,
    mode: 'conflict',
    probability: 0.5,
  });
  faulty.proxy.log.length = 0;
  const count = await counting(record.keyId);
  const replies = await Promise.all(Array.from({ length: 40 }, () => mint(key)));
  expect(replies.map((r) => r.status)).toEqual(Array(40).fill(200));
  expect(new Set(replies.map((r) => r.body.sessionId)).size).toBe(40);
  expect(conflicts.fired).toBeGreaterThan(0);
  expect(await count.counted()).toBe(40);
  // A transaction cancelled on its shard is sent again on another one.
  const sent = faulty.proxy.log.filter((l) => l.operation === 'TransactWriteItems');
  const moved = sent.some((l, i) => {
    if (l.fault !== 'conflict') return false;
    const session = /"S#([^"]+)"/.exec(l.body)?.[1];
    const retry = sent.slice(i + 1).find((later) => later.body.includes(`"S#${session}"`));
    return retry !== undefined && shardOf(retry.body) !== shardOf(l.body);
  });
  expect(moved).toBe(true);
});

test('conflicts on the user item (concurrent requests for one user) are retried with backoff until they pass', async () => {
  const { key, record } = await newKey();
  await mint(key, { externalId: 'rate-contended' });
  const conflicts = faulty.proxy.inject({
    operation: 'TransactWriteItems',
    match: 'USER#E#rate-contended',
    mode: 'conflict',
    times: 3,
  });
  const count = await counting(record.keyId);
  expect((await mint(key, { externalId: 'rate-contended' })).status).toBe(200);
  expect(conflicts.fired).toBe(3);
  expect(await count.counted()).toBe(1);
});

test('the limit holds exactly under concurrency: 429 with Retry-After once every shard is full, nothing written by a refusal', async () => {
  for (const limit of [7, 40]) {
    const { key, record } = await newKey();
    await setLimit(limit);
    await freshWindow();
    const count = await counting(record.keyId);
    const replies = await Promise.all(Array.from({ length: limit + 10 }, () => mint(key)));
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 429);
    expect({ limit, ok: ok.length, refused: refused.length }).toEqual({ limit, ok: limit, refused: 10 });
    for (const reply of refused) {
      expect(reply.body.code).toBe('RATE_LIMITED');
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(await count.counted()).toBe(limit);
    // Once this process saw the window full, a refusal sends nothing at all.
    const before = await snapshot(faulty.direct);
    faulty.proxy.log.length = 0;
    expect((await mint(key)).status).toBe(429);
    expect(faulty.proxy.log).toEqual([]);
    expect(await snapshot(faulty.direct)).toBe(before);
    await setLimit(undefined);
  }
  // 7 is below the shard count (7 shards of one use each), 40 above it (shards of two and three).
  expect(RATE_SHARDS).toBeGreaterThan(7);
  expect(RATE_SHARDS).toBeLessThan(40);
});

test('a request refused by its transaction (unknown deployment) counts nothing: the table is as it was', async () => {
  const { key, record } = await newKey();
  const before = await snapshot(faulty.direct);
  const count = await counting(record.keyId);
  const reply = await mint(key, { deploymentId: 999 });
  expect(reply.status).toBe(404);
  expect(reply.body.code).toBe('DEPLOYMENT_NOT_FOUND');
  expect(await count.counted()).toBe(0);
  expect(await snapshot(faulty.direct)).toBe(before);
});

test('bad input is refused before anything is sent to DynamoDB', async () => {
  const { key } = await newKey();
  await mint(key);
  faulty.proxy.log.length = 0;
  const reply = await api.post(GS, { deploymentId: 1, externalId: ' ' }, { key });
  expect(reply.status).toBe(400);
  expect(faulty.proxy.log).toEqual([]);
});

test('the transaction cannot be sent (DynamoDB throttles it past every retry): 5xx, nothing written, nothing counted', async () => {
  const { key, record } = await newKey();
  await mint(key);
  const throttled = faulty.proxy.inject({
    operation: 'TransactWriteItems',
    match: `RATE#K#${record.keyId}`,
    mode: 'error',
    error: 'ThrottlingException',
  });
  const before = await snapshot(faulty.direct);
  const count = await counting(record.keyId);
  const reply = await mint(key);
  expect(reply.status).toBeGreaterThanOrEqual(500);
  expect(throttled.fired).toBeGreaterThan(1);
  expect(await count.counted()).toBe(0);
  expect(await snapshot(faulty.direct)).toBe(before);
});

test('a lost response: the SDK sends the transaction again with its token, the session is written and counted once', async () => {
  const { key, record } = await newKey();
  await mint(key);
  faulty.proxy.inject({
    operation: 'TransactWriteItems',
    match: `RATE#K#${record.keyId}`,
    mode: 'drop',
    times: 1,
  });
  const count = await counting(record.keyId);
  const reply = await mint(key);
  expect(reply.status).toBe(200);
  expect(await count.counted()).toBe(1);
});
