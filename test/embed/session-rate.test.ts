import { apiKeys } from '../../functions/store/api-keys';
import { keys } from '../../functions/store/keys';
import { credentialId, WINDOW_SECONDS } from '../../functions/store/rate-limits';
import { type FaultyService, startFaultyService } from '../support/faults';
import { client, snapshot } from '../support/http';
import { readItem } from '../support/store';

const GS = '/api/v1/embed/generate-session';

let faulty: FaultyService;
let api: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  faulty = await startFaultyService();
  api = client(faulty.svc.baseUrl);
});
afterAll(async () => {
  await faulty.stop();
});
afterEach(() => faulty.proxy.clear());

/** Uses counted for a key's sessions in the windows that cover [fromMs, now]. */
async function countedUses(keyId: string, fromMs: number): Promise<number> {
  const first = Math.floor(fromMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  let total = 0;
  for (let start = first; start <= Date.now() / 1000; start += WINDOW_SECONDS) {
    const item = await readItem(
      faulty.direct,
      keys.rateWindow(credentialId({ kind: 'key', id: keyId }), 'session', start),
    );
    total += Number(item?.uses ?? 0);
  }
  return total;
}

const newKey = () => apiKeys.create(faulty.direct, { account: 'demo', role: 'admin' });

test('forty concurrent sessions of one key all succeed; no transaction carries the rate window; it counts forty', async () => {
  const { key, record } = await newKey();
  // Any transaction that names this key's rate window fails: a counter inside the transaction shows as a 500.
  const inTransaction = faulty.proxy.inject({
    operation: 'TransactWriteItems',
    match: `RATE#K#${record.keyId}`,
    mode: 'error',
  });
  const from = Date.now();
  const replies = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      api.post<{ sessionId?: string }>(
        GS,
        { deploymentId: 1, externalId: `hot-${n}-${i}`, groups: ['analysts'] },
        { key },
      ),
    ),
  );
  n += 1;
  expect(replies.map((r) => r.status)).toEqual(Array(40).fill(200));
  expect(new Set(replies.map((r) => r.body.sessionId)).size).toBe(40);
  expect(inTransaction.fired).toBe(0);
  expect(await countedUses(record.keyId, from)).toBe(40);
});

test('a request refused after its use was counted (unknown deployment) gives it back: the table is as it was', async () => {
  const { key, record } = await newKey();
  const before = await snapshot(faulty.direct);
  const from = Date.now();
  const reply = await api.post<{ code?: string }>(
    GS,
    { deploymentId: 999, externalId: `refused-${n++}` },
    { key },
  );
  expect(reply.status).toBe(404);
  expect(reply.body.code).toBe('DEPLOYMENT_NOT_FOUND');
  expect(await countedUses(record.keyId, from)).toBe(0);
  expect(await snapshot(faulty.direct)).toBe(before);
});

test('bad input is refused before anything is counted', async () => {
  const { key, record } = await newKey();
  const from = Date.now();
  faulty.proxy.log.length = 0;
  const reply = await api.post(GS, { deploymentId: 1, externalId: ' ' }, { key });
  expect(reply.status).toBe(400);
  expect(faulty.proxy.log.map((l) => l.operation)).not.toContain('UpdateItem');
  expect(await countedUses(record.keyId, from)).toBe(0);
});

test('the rate window cannot be counted (DynamoDB throttles): the request fails and writes nothing', async () => {
  const { key, record } = await newKey();
  const throttled = faulty.proxy.inject({
    operation: 'UpdateItem',
    match: `RATE#K#${record.keyId}`,
    mode: 'error',
    error: 'ThrottlingException',
  });
  const before = await snapshot(faulty.direct);
  const reply = await api.post<{ code?: string }>(
    GS,
    { deploymentId: 1, externalId: `throttled-${n++}` },
    { key },
  );
  expect(reply.status).toBeGreaterThanOrEqual(500);
  expect(throttled.fired).toBeGreaterThan(0);
  expect(faulty.proxy.log.filter((l) => l.operation === 'TransactWriteItems' && !l.fault)).toEqual([]);
  expect(await snapshot(faulty.direct)).toBe(before);
});

test('the transaction fails after the use was counted (a 5xx): the use stays counted', async () => {
  const { key, record } = await newKey();
  faulty.proxy.inject({ operation: 'TransactWriteItems', mode: 'error', error: 'InternalServerError' });
  const from = Date.now();
  const externalId = `failed-${n++}`;
  const reply = await api.post(GS, { deploymentId: 1, externalId }, { key });
  expect(reply.status).toBeGreaterThanOrEqual(500);
  // A server error may or may not have been applied, so the use is not given back (an over-count, never an
  // under-count).
  expect(await countedUses(record.keyId, from)).toBe(1);
  faulty.proxy.clear();
  const retried = await api.post(GS, { deploymentId: 1, externalId }, { key });
  expect(retried.status).toBe(200);
  expect(await countedUses(record.keyId, from)).toBe(2);
});
