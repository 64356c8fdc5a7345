/**
 * The SQL API's early query (query/sql-api.ts, earlyQuery): started under the identity known or predicted before
 * the rate count, used only when the identity resolved afterwards has exactly that context, stopped otherwise, and
 * switched off with `early: false`.
 */
import type { CallerIdentity } from '../../functions/access/identity';
import { earlyQuery, runSqlApi } from '../../functions/query/sql-api';
import type { QueryResult } from '../../functions/semantic';
import type { Store } from '../../functions/store/client';
import { startService, type TestService } from '../support/service';

const store = { tableName: 'early-query-test' } as Store;
const north = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };
const south = { groups: [], userAttributes: { region: 'south' }, securityContext: {} };
const probe = {
  account: { name: 'demo', plan: 'premium', flags: [] },
  credential: { kind: 'token', id: 'early-query' },
  query: north,
} as unknown as CallerIdentity;
const result: QueryResult = { schema: [], data: [[1]], totalRows: 1 };

function recorder() {
  const calls: { user: unknown; signal: AbortSignal }[] = [];
  const run = async (user: unknown, signal: AbortSignal) => {
    calls.push({ user, signal });
    return result;
  };
  return { calls, run };
}

test('a known identity starts the query; the same context claims it, and nothing stops it', async () => {
  const { calls, run } = recorder();
  const early = earlyQuery(store, probe, false, '', run as never, undefined);
  expect(calls.map((c) => c.user)).toEqual([north]);
  const claimed = early?.claim({ ...north, userAttributes: { region: 'north' } });
  expect(await claimed?.result).toBe(result);
  early?.drop();
  expect(calls[0]?.signal.aborted).toBe(false);
});

test('another context is not served by it: the early query is stopped', () => {
  const { calls, run } = recorder();
  const early = earlyQuery(store, probe, false, '', run as never, undefined);
  expect(early?.claim(south)).toBeUndefined();
  expect(calls[0]?.signal.aborted).toBe(true);
});

test('dropped unclaimed (a refusal before the identity was known), it stops', () => {
  const { calls, run } = recorder();
  earlyQuery(store, probe, false, '', run as never, undefined)?.drop();
  expect(calls[0]?.signal.aborted).toBe(true);
});

test('an Api-Key user with no prediction yet gets none', () => {
  const { calls, run } = recorder();
  expect(earlyQuery(store, probe, true, 'never-seen', run as never, undefined)).toBeUndefined();
  expect(calls).toEqual([]);
});

describe('switched off', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  }, 120_000);
  afterAll(async () => {
    await svc.stop();
  });

  test('early: false answers the same rows', async () => {
    const request = {
      store: svc.service.store,
      authorization: `Api-Key ${svc.adminKey}`,
      deploymentId: 1,
      body: {
        query: 'SELECT region, MEASURE(count) FROM orders_view GROUP BY 1 ORDER BY 1',
        sessionSettings: { externalId: 'early-off', userAttributes: [{ name: 'region', value: 'east' }] },
      },
    };
    const on = await runSqlApi(request);
    const off = await runSqlApi({ ...request, early: false });
    expect(off.data).toEqual(on.data);
    expect(off.data.map((row) => row[0])).toEqual(['east']);
  });
});
