import fc from 'fast-check';
import { clearAuthCache } from '../../functions/access/auth';
import { accounts } from '../../functions/store/accounts';
import { countRoundTrips } from '../../functions/store/client';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

const GS = '/api/v1/embed/generate-session';
const EXCHANGE = '/api/v1/embed/session/exchange';

let svc: TestService;
let api: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
});
afterAll(async () => {
  await svc.stop();
});

async function userState(externalId: string) {
  const generated = await api.post<{ sessionId: string }>(
    GS,
    { deploymentId: 1, externalId },
    { key: svc.adminKey },
  );
  const exchanged = await api.post<{
    user: { groups: string[]; userAttributes: { name: string; value: unknown }[] };
  }>(EXCHANGE, { sessionId: generated.body.sessionId });
  return exchanged.body.user;
}

describe('round trips', () => {
  test('warm path: one TransactWriteItems (the rate counted in it); a first-time user: one more', async () => {
    const counter = countRoundTrips(svc.service.store);
    const externalId = `rt-${n++}`;
    const body = {
      deploymentId: 1,
      externalId,
      groups: ['analysts'],
      userAttributes: [{ name: 'region', value: 'north' }],
    };
    // Warm the key cache.
    await api.post(GS, { deploymentId: 1, externalId: `warm-${n++}` }, { key: svc.adminKey });
    counter.reset();
    expect((await api.post(GS, body, { key: svc.adminKey })).status).toBe(200);
    expect(counter.operations).toEqual(['TransactWriteItemsCommand', 'TransactWriteItemsCommand']);
    counter.reset();
    expect((await api.post(GS, body, { key: svc.adminKey })).status).toBe(200);
    expect(counter.operations).toEqual(['TransactWriteItemsCommand']);
    counter.reset();
    expect(
      (await api.post(GS, { deploymentId: 1, internalId: 'admin@example.com' }, { key: svc.adminKey }))
        .status,
    ).toBe(200);
    expect(counter.operations).toEqual(['TransactWriteItemsCommand']);
  });
});

describe('the deployment check', () => {
  /** The keys each transaction of `fn` named in a ConditionCheck. */
  async function checkedKeys(fn: () => Promise<void>): Promise<string[][]> {
    const seen: string[][] = [];
    const name = `checks${Math.random()}`;
    svc.service.store.doc.middlewareStack.add(
      (next) => async (args) => {
        const items = (args.input as { TransactItems?: { ConditionCheck?: { Key: { sk: string } } }[] })
          .TransactItems;
        if (items)
          seen.push(items.flatMap((item) => (item.ConditionCheck ? [item.ConditionCheck.Key.sk] : [])));
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await fn();
    } finally {
      svc.service.store.doc.middlewareStack.remove(name);
    }
    return seen;
  }

  test('is left out once a committed transaction proved the deployment and branch (neither is ever deleted)', async () => {
    const body = { deploymentId: 1, branchName: 'dev', externalId: `dep-${n++}` };
    const first = await checkedKeys(async () => {
      expect((await api.post(GS, body, { key: svc.adminKey })).status).toBe(200);
    });
    const later = await checkedKeys(async () => {
      expect((await api.post(GS, body, { key: svc.adminKey })).status).toBe(200);
    });
    expect(first.flat().filter((sk) => sk.startsWith('DEP#'))).not.toEqual([]);
    expect(later).toHaveLength(1);
    expect(later.flat().filter((sk) => sk.startsWith('DEP#'))).toEqual([]);
  });

  test('an unknown branch of a proven deployment is still checked, refused and writes nothing', async () => {
    await api.post(GS, { deploymentId: 1, externalId: `dep-${n++}` }, { key: svc.adminKey });
    const before = await snapshot(svc.service.store);
    const reply = await api.post<{ code?: string }>(
      GS,
      { deploymentId: 1, branchName: 'no-such-branch', externalId: `dep-${n++}` },
      { key: svc.adminKey },
    );
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('BRANCH_NOT_FOUND');
    expect(await snapshot(svc.service.store)).toBe(before);
  });
});

describe('concurrency', () => {
  test('concurrent requests for one user leave exactly one request’s state, never a mix', async () => {
    const externalId = `race-${n++}`;
    const variants = [
      { groups: ['analysts'], region: 'north', cats: ['toys'] },
      { groups: ['managers'], region: 'south', cats: ['grocery', 'toys'] },
      { groups: ['analysts', 'managers'], region: 'east', cats: [] },
      { groups: [], region: 'west', cats: ['furniture'] },
    ];
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const v = variants[i % variants.length] ?? variants[0];
        return api.post(
          GS,
          {
            deploymentId: 1,
            externalId,
            groups: v?.groups,
            userAttributes: [
              { name: 'region', value: v?.region },
              { name: 'allowed_categories', value: v?.cats },
            ],
          },
          { key: svc.adminKey },
        );
      }),
    );
    for (const reply of replies) expect(reply.status).toBe(200);
    const state = await userState(externalId);
    const region = state.userAttributes.find((a) => a.name === 'region')?.value;
    const winner = variants.find((v) => v.region === region);
    expect(winner).toBeDefined();
    expect(state.groups).toEqual(winner?.groups);
    expect(state.userAttributes.find((a) => a.name === 'allowed_categories')?.value).toEqual(winner?.cats);
  });

  test('the external-user limit holds exactly under concurrency and rejected users leave nothing', async () => {
    await accounts.setUserLimit(
      svc.service.store,
      'demo',
      (await accounts.get(svc.service.store, 'demo'))?.userCount ?? 0,
    );
    const start = (await accounts.get(svc.service.store, 'demo'))?.userCount ?? 0;
    await accounts.setUserLimit(svc.service.store, 'demo', start + 5);
    clearAuthCache();
    try {
      const replies = await Promise.all(
        Array.from({ length: 14 }, (_, i) =>
          api.post<{ code?: string }>(
            GS,
            { deploymentId: 1, externalId: `limit-${n}-${i}` },
            { key: svc.adminKey },
          ),
        ),
      );
      const ok = replies.filter((r) => r.status === 200).length;
      const refused = replies.filter(
        (r) => r.status === 403 && r.body.code === 'EXTERNAL_USER_LIMIT_REACHED',
      ).length;
      expect(ok).toBe(5);
      expect(refused).toBe(9);
      expect((await accounts.get(svc.service.store, 'demo'))?.userCount).toBe(start + 5);
      // Existing users still get sessions at the limit; a new one is refused and writes nothing.
      const existing = replies.findIndex((r) => r.status === 200);
      expect(
        (await api.post(GS, { deploymentId: 1, externalId: `limit-${n}-${existing}` }, { key: svc.adminKey }))
          .status,
      ).toBe(200);
      const before = await snapshot(svc.service.store);
      expect(
        (await api.post(GS, { deploymentId: 1, externalId: `limit-${n}-new` }, { key: svc.adminKey })).status,
      ).toBe(403);
      expect(await snapshot(svc.service.store)).toBe(before);
    } finally {
      await accounts.setUserLimit(svc.service.store, 'demo', undefined);
      clearAuthCache();
      n += 1;
    }
  });
});

describe('properties', () => {
  const groupOp = fc.option(fc.subarray(['analysts', 'managers']), { nil: undefined });

  test('group semantics: omitted preserves, [] clears, a list replaces (any sequence)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(groupOp, { minLength: 1, maxLength: 5 }), async (ops) => {
        const externalId = `prop-${n++}`;
        let expected: string[] = [];
        for (const groups of ops) {
          const reply = await api.post(
            GS,
            { deploymentId: 1, externalId, ...(groups ? { groups } : {}) },
            { key: svc.adminKey },
          );
          expect(reply.status).toBe(200);
          if (groups) expected = groups;
        }
        expect((await userState(externalId)).groups).toEqual(expected);
      }),
      { numRuns: 10 },
    );
  });

  test('idempotency: a creator-mode request applied twice leaves the state of applying it once', async () => {
    const name = fc.constantFrom('red', 'green', 'blue', 'cyan');
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
        fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
        async (groupNames, description) => {
          const tenant = `idem-${Date.now().toString(36)}-${n++}`;
          const body = {
            deploymentId: 1,
            externalId: `idem-${n++}`,
            creatorMode: true,
            embedTenantName: tenant,
            groupDefinitions: groupNames.map((g) => ({
              name: g,
              ...(description !== undefined ? { description } : {}),
            })),
            userAttributeDefinitions: [
              { name: 'tier', type: 'string', ...(description !== undefined ? { description } : {}) },
            ],
            groups: groupNames,
            userAttributes: [{ name: 'tier', value: 'gold' }],
          };
          expect((await api.post(GS, body, { key: svc.adminKey })).status).toBe(200);
          const once = normalise(await snapshot(svc.service.store));
          expect((await api.post(GS, body, { key: svc.adminKey })).status).toBe(200);
          expect(normalise(await snapshot(svc.service.store))).toEqual(once);
        },
      ),
      { numRuns: 8 },
    );
  });
});

/** Table state without sessions, rate windows and timestamps (each request writes its own session and counts one use of its key's rate). */
function normalise(state: string): string[] {
  return (JSON.parse(state) as string[])
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((item) => item.kind !== 'session' && item.kind !== 'rate')
    .map((item) => {
      const { updatedAt: _u, ...rest } = item;
      return JSON.stringify(rest);
    })
    .sort();
}
