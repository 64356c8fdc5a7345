import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { sweepAll } from '../../functions/embed/sweep';
import { listTenantDefinitions } from '../../functions/embed/tenant-admin';
import { countRoundTrips, type Store } from '../../functions/store/client';
import { definitions } from '../../functions/store/definitions';
import { groupCounts } from '../../functions/store/group-counts';
import { keys } from '../../functions/store/keys';
import { sweeps } from '../../functions/store/sweeps';
import { users } from '../../functions/store/users';
import { expireItem, readItem } from '../support/store';
import { creatorSession, type Seeded, type SessionBody, seededDemo } from './support';

let store: Store;
let seeded: Seeded;
let n = 0;
const tenantName = () => `cnt-${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  seeded = await seededDemo('counts');
  ({ store } = seeded);
});

const session = (tenant: string, externalId: string, extra: Partial<SessionBody> = {}) =>
  creatorSession(seeded, tenant, externalId, extra);

/** What the list endpoint answers: name -> userCount. */
async function listed(tenant: string): Promise<Record<string, number>> {
  const page = await listTenantDefinitions(store, 'demo', tenant, 'group', { first: 100 });
  return Object.fromEntries(
    page.items.map((g) => [g.name, (g as unknown as { userCount: number }).userCount]),
  );
}

/** The count the list used to compute: every live user of the account, its memberships in the tenant. */
async function recounted(tenant: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const group of await definitions.listAll(
    store,
    'demo',
    { kind: 'embed', embedTenantName: tenant },
    'group',
  )) {
    counts[group.name] = 0;
  }
  for (const user of await users.list(store, 'demo')) {
    for (const name of new Set(user.groups[tenant] ?? [])) {
      if (name in counts) counts[name] = (counts[name] ?? 0) + 1;
    }
  }
  return counts;
}

const storedCount = async (tenant: string, name: string) =>
  (await readItem(store, keys.group('demo', { kind: 'embed', embedTenantName: tenant }, name)))?.userCount;

describe('kept on the group item', () => {
  test('joining, replacing, preserving and clearing memberships change the counts in the same write', async () => {
    const t = tenantName();
    await session(t, 'a', {
      groupDefinitions: [{ name: 'x' }, { name: 'y' }, { name: 'z' }],
      groups: ['x', 'y'],
    });
    expect(await listed(t)).toEqual({ x: 1, y: 1, z: 0 });
    await session(t, 'b', { groups: ['x'] });
    expect(await listed(t)).toEqual({ x: 2, y: 1, z: 0 });
    // The same groups again, then groups left out (preserved): no change.
    await session(t, 'b', { groups: ['x'] });
    await session(t, 'b', {});
    expect(await listed(t)).toEqual({ x: 2, y: 1, z: 0 });
    // Replaced, in another order, then cleared.
    await session(t, 'a', { groups: ['z', 'y'] });
    expect(await listed(t)).toEqual({ x: 1, y: 1, z: 1 });
    await session(t, 'a', { groups: [] });
    expect(await listed(t)).toEqual({ x: 1, y: 0, z: 0 });
    // A group defined by a request that also leaves it.
    await session(t, 'b', { groupDefinitions: [{ name: 'x', description: 'again' }], groups: ['y'] });
    expect(await listed(t)).toEqual({ x: 0, y: 1, z: 0 });
    expect(await listed(t)).toEqual(await recounted(t));
  });

  test('a request naming an undefined group is refused and counts nothing', async () => {
    const t = tenantName();
    await session(t, 'c', { groupDefinitions: [{ name: 'x' }], groups: ['x'] });
    await expect(session(t, 'c', { groups: ['x', 'nope'] })).rejects.toMatchObject({ status: 400 });
    await expect(session(t, 'fresh', { groups: ['x', 'nope'] })).rejects.toMatchObject({ status: 400 });
    expect(await listed(t)).toEqual({ x: 1 });
  });

  test('expired ephemeral members are not counted; a user made again over one counts once', async () => {
    const t = tenantName();
    await session(t, 'p', { groupDefinitions: [{ name: 'x' }, { name: 'y' }], groups: ['x'] });
    await session(t, 'e', { groups: ['x', 'y'], isEphemeral: true });
    expect(await listed(t)).toEqual({ x: 2, y: 1 });
    await expireItem(store, keys.externalUser('demo', 'e'));
    // Still stored (DynamoDB deletes late) and still in the kept count, but not live.
    expect(await storedCount(t, 'x')).toBe(2);
    expect(await listed(t)).toEqual({ x: 1, y: 0 });
    // A new ephemeral user replaces the expired one: its memberships leave the counts, the new ones join.
    await session(t, 'e', { groups: ['y'], isEphemeral: true });
    expect(await storedCount(t, 'x')).toBe(1);
    expect(await listed(t)).toEqual({ x: 1, y: 1 });
    // Made persistent: it keeps counting once, and leaves the expiry index.
    await session(t, 'e', { groups: ['y'] });
    expect(await listed(t)).toEqual({ x: 1, y: 1 });
    expect((await readItem(store, keys.externalUser('demo', 'e')))?.ownerPk).toBeUndefined();
    expect(await listed(t)).toEqual(await recounted(t));
  });

  test('concurrent sessions of one user count it once; of many users, each once', async () => {
    const t = tenantName();
    await session(t, 'seed', { groupDefinitions: [{ name: 'x' }, { name: 'y' }] });
    await Promise.all(Array.from({ length: 8 }, () => session(t, 'same', { groups: ['x'] })));
    expect(await listed(t)).toEqual({ x: 1, y: 0 });
    // The same user moved between groups by racing requests: whichever wins, the count matches the users.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => session(t, 'same', { groups: i % 2 === 0 ? ['y'] : ['x', 'y'] })),
    );
    expect(await listed(t)).toEqual(await recounted(t));
    await Promise.all(Array.from({ length: 12 }, (_, i) => session(t, `many-${i}`, { groups: ['x', 'y'] })));
    expect(await listed(t)).toEqual(await recounted(t));
    // "same" is in y whichever request won.
    expect((await listed(t)).y).toBe(13);
  });

  test('a request that leaves 40 groups and names 80 others is split, and counts right', async () => {
    const t = tenantName();
    const old = Array.from({ length: 40 }, (_, i) => `old-${i}`);
    const next = Array.from({ length: 40 }, (_, i) => `new-${i}`);
    await session(t, 'wide', { groupDefinitions: old.map((name) => ({ name })), groups: old });
    await session(t, 'wide', {
      groupDefinitions: next.map((name) => ({ name })),
      groups: next,
      userAttributeDefinitions: Array.from({ length: 40 }, (_, i) => ({
        name: `a${i}`,
        type: 'string' as const,
      })),
    });
    const counts = await listed(t);
    expect(old.map((name) => counts[name])).toEqual(old.map(() => 0));
    expect(next.map((name) => counts[name])).toEqual(next.map(() => 1));
  });

  test('matches a recount of the users after any sequence of provisioning (property)', async () => {
    const t = tenantName();
    const names = ['g0', 'g1', 'g2', 'g3'];
    await session(t, 'prop-seed', { groupDefinitions: names.map((name) => ({ name })) });
    const step = fc.record({
      user: fc.constantFrom('u0', 'u1', 'u2'),
      groups: fc.option(fc.subarray(names), { nil: undefined }),
      ephemeral: fc.boolean(),
      expire: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          const externalId = `prop-${s.user}`;
          await session(t, externalId, {
            ...(s.groups !== undefined ? { groups: s.groups } : {}),
            ...(s.ephemeral ? { isEphemeral: true } : {}),
          });
          const stored = await readItem(store, keys.externalUser('demo', externalId));
          if (s.expire && typeof stored?.expiresAt === 'number') {
            await expireItem(store, keys.externalUser('demo', externalId));
          }
        }
        expect(await listed(t)).toEqual(await recounted(t));
      }),
      { numRuns: 10 },
    );
  });
});

describe('internal users, removed users and the backfill', () => {
  test("an internal user's tenant-wide groups are counted when it is created or replaced", async () => {
    await definitions.upsertGroup(store, 'demo', { kind: 'tenant' }, { name: 'ops-count' });
    await definitions.upsertGroup(store, 'demo', { kind: 'tenant' }, { name: 'dev-count' });
    const tenantWide = async (name: string) =>
      (await readItem(store, keys.group('demo', { kind: 'tenant' }, name)))?.userCount;
    await users.putInternal(store, 'demo', { internalId: 'int-c', groups: ['ops-count'], attributes: {} });
    expect(await tenantWide('ops-count')).toBe(1);
    await users.putInternal(store, 'demo', { internalId: 'int-c', groups: ['dev-count'], attributes: {} });
    expect([await tenantWide('ops-count'), await tenantWide('dev-count')]).toEqual([0, 1]);
  });

  test("a removed user's memberships leave the counts once, however often its stream record comes", async () => {
    const t = tenantName();
    await session(t, 'gone', {
      groupDefinitions: [{ name: 'x' }, { name: 'y' }],
      groups: ['x', 'y'],
      isEphemeral: true,
    });
    const item = await readItem(store, keys.externalUser('demo', 'gone'));
    if (!item) throw new Error('user missing');
    await groupCounts.retire(store, 'demo', item, 'event-1');
    await groupCounts.retire(store, 'demo', item, 'event-1');
    expect([await storedCount(t, 'x'), await storedCount(t, 'y')]).toEqual([0, 0]);
    // A group deleted meanwhile is skipped, the others still change.
    await session(t, 'gone2', { groups: ['x', 'y'] });
    const second = await readItem(store, keys.externalUser('demo', 'gone2'));
    const y = (await definitions.listAll(store, 'demo', { kind: 'embed', embedTenantName: t }, 'group')).find(
      (g) => g.name === 'y',
    );
    await sweeps.start(store, 'demo', { kind: 'embed', embedTenantName: t }, 'group', String(y?.id), 'y');
    await groupCounts.retire(store, 'demo', second ?? {}, 'event-2');
    expect(await storedCount(t, 'x')).toBe(0);
    expect(await storedCount(t, 'y')).toBeUndefined();
    await sweepAll(store, 'demo', String(y?.id));
  });

  test('the backfill sets every count from the users and indexes ephemeral users for expiry', async () => {
    const t = tenantName();
    await session(t, 'bf1', { groupDefinitions: [{ name: 'x' }, { name: 'y' }], groups: ['x', 'y'] });
    await session(t, 'bf2', { groups: ['x'], isEphemeral: true });
    // As a deployment from before the counts left them: no count, no index entry.
    const scope = { kind: 'embed' as const, embedTenantName: t };
    for (const name of ['x', 'y']) {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.group('demo', scope, name),
          UpdateExpression: 'REMOVE userCount',
        }),
      );
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.externalUser('demo', 'bf2'),
          UpdateExpression: 'REMOVE ownerPk, ownerSk',
        }),
      );
    }
    expect(await listed(t)).toEqual({ x: 0, y: 0 });
    await groupCounts.recount(store, 'demo');
    expect(await listed(t)).toEqual({ x: 2, y: 1 });
    await expireItem(store, keys.externalUser('demo', 'bf2'));
    expect(await listed(t)).toEqual({ x: 1, y: 1 });
    expect(await listed(t)).toEqual(await recounted(t));
  });
});

test('the list reads no user item', async () => {
  const t = tenantName();
  await session(t, 'r1', { groupDefinitions: [{ name: 'x' }], groups: ['x'] });
  const counter = countRoundTrips(store);
  await listed(t);
  // The tenant check, the group items, the expired members in the index: no Query of the account's users.
  expect(counter.operations.sort()).toEqual(['GetItemCommand', 'QueryCommand', 'QueryCommand']);
});
