import { sweepAll, sweepBatch } from '../../functions/embed/sweep';
import { listTenantDefinitions } from '../../functions/embed/tenant-admin';
import { createStore, type Store } from '../../functions/store/client';
import { definitions } from '../../functions/store/definitions';
import { keys, type Scope } from '../../functions/store/keys';
import { sweeps } from '../../functions/store/sweeps';
import { users } from '../../functions/store/users';
import { type FaultProxy, startFaultProxy } from '../support/faults';
import { readItem } from '../support/store';
import { creatorSession, type Seeded, type SessionBody, seededDemo } from './support';

let store: Store;
let seeded: Seeded;
let n = 0;
const tenantName = () => `swp-${Date.now().toString(36)}-${n++}`;
const scopeOf = (tenant: string): Scope => ({ kind: 'embed', embedTenantName: tenant });

beforeAll(async () => {
  seeded = await seededDemo('sweeps');
  ({ store } = seeded);
});

const session = (tenant: string, externalId: string, extra: Partial<SessionBody> = {}) =>
  creatorSession(seeded, tenant, externalId, extra);

/** The groups the service sees for a user in the tenant (what a session exchange and a query use). */
const groupsOf = async (tenant: string, externalId: string) =>
  (await users.get(store, 'demo', { kind: 'external', externalId }))?.groups[tenant] ?? [];
/** What is stored, before the read leaves out what a pending sweep removes. */
const storedGroups = async (tenant: string, externalId: string) =>
  ((await readItem(store, keys.externalUser('demo', externalId)))?.groups as Record<string, string[]>)?.[
    tenant
  ] ?? [];

async function counts(tenant: string): Promise<Record<string, number>> {
  const page = await listTenantDefinitions(store, 'demo', tenant, 'group', { first: 100 });
  return Object.fromEntries(
    page.items.map((g) => [g.name, (g as unknown as { userCount: number }).userCount]),
  );
}

/** A tenant with `members` users in "team" (and "other"), then "team" deleted: its sweep pending, nothing swept. */
async function deletedWithMembers(members: number) {
  const tenant = tenantName();
  await session(tenant, `${tenant}-u0`, {
    groupDefinitions: [{ name: 'team' }, { name: 'other' }],
    groups: ['team', 'other'],
  });
  for (let i = 1; i < members; i += 1) await session(tenant, `${tenant}-u${i}`, { groups: ['team'] });
  const team = await definitions.getGroup(store, 'demo', scopeOf(tenant), 'team');
  const id = String(team?.id);
  expect(await sweeps.start(store, 'demo', scopeOf(tenant), 'group', id, 'team')).toBe('team');
  const ids = Array.from({ length: members }, (_, i) => `${tenant}-u${i}`);
  return { tenant, id, ids };
}

describe('a pending sweep', () => {
  test('the definition stops applying at once: no user is seen in it, the name no longer resolves', async () => {
    const { tenant, id, ids } = await deletedWithMembers(3);
    expect(await storedGroups(tenant, ids[0] ?? '')).toEqual(['team', 'other']);
    for (const id of ids) expect(await groupsOf(tenant, id)).not.toContain('team');
    expect(await groupsOf(tenant, ids[0] ?? '')).toEqual(['other']);
    expect(await counts(tenant)).toEqual({ other: 1 });
    await expect(session(tenant, 'joiner', { groups: ['team'] })).rejects.toMatchObject({
      code: 'GROUPS_NOT_FOUND',
    });
    await sweepAll(store, 'demo', id);
    expect(await storedGroups(tenant, ids[0] ?? '')).toEqual(['other']);
  });

  test('runs in bounded batches, and one interrupted midway resumes where it stopped and finishes', async () => {
    const { tenant, id, ids } = await deletedWithMembers(12);
    // A batch reads at most `limit` users of the account (other tenants' users too), then records its position.
    expect(await sweepBatch(store, 'demo', id, 5)).toBe('more');
    const after = await sweeps.job(store, 'demo', id);
    expect(after?.cursor).toBeDefined();
    const swept = async () =>
      (await Promise.all(ids.map((u) => storedGroups(tenant, u)))).filter(
        (groups) => !groups.includes('team'),
      ).length;
    const before = await swept();
    expect(after?.changed).toBe(before);
    expect(before).toBeLessThanOrEqual(5);
    // The next batch (all the rest) fails after two users: the SDK's retries are spent on a DynamoDB that keeps failing.
    const proxy: FaultProxy = await startFaultProxy(process.env.DYNAMODB_ENDPOINT ?? '');
    try {
      const faulty = createStore({ endpoint: proxy.endpoint, tableName: store.tableName });
      proxy.inject({ operation: 'UpdateItem', mode: 'error', error: 'InternalServerError', skip: 2 });
      await expect(sweepBatch(faulty, 'demo', id, 1000)).rejects.toThrow();
    } finally {
      await proxy.stop();
    }
    // The position did not move: the failed batch runs again; what it already did is not done twice.
    expect((await sweeps.job(store, 'demo', id))?.cursor).toEqual(after?.cursor);
    expect(await swept()).toBe(before + 2);
    expect(await sweepBatch(store, 'demo', id, 1000)).toBe('done');
    expect(await swept()).toBe(ids.length);
    for (const u of ids) expect(await storedGroups(tenant, u)).not.toContain('team');
    expect(await storedGroups(tenant, ids[0] ?? '')).toEqual(['other']);
    // Nothing is left of it: no job, no pending entry, no tombstone.
    expect(await sweeps.job(store, 'demo', id)).toBeUndefined();
    expect(Object.keys(await sweeps.pending(store, 'demo'))).not.toContain(id);
    expect(await readItem(store, keys.group('demo', scopeOf(tenant), 'team'))).toBeUndefined();
    expect(await sweepBatch(store, 'demo', id)).toBe('gone');
  });

  test('a user given the reused name during the sweep keeps the new membership; the old ones go', async () => {
    const { tenant, id, ids } = await deletedWithMembers(6);
    const [first, second, third, , , last] = ids;
    // The first batch passes the first two users.
    expect(await sweepBatch(store, 'demo', id, 2)).toBe('more');
    // "team" is defined again; a swept user, a user not swept yet and a new user join it; another user not
    // swept yet is written with its groups preserved (it stays out of the new "team").
    await session(tenant, first ?? '', { groupDefinitions: [{ name: 'team' }], groups: ['team'] });
    await session(tenant, last ?? '', { groups: ['team', 'other'] });
    await session(tenant, 'newcomer', { groups: ['team'] });
    await session(tenant, third ?? '', {});
    expect(await counts(tenant)).toEqual({ team: 3, other: 1 });
    expect(await groupsOf(tenant, third ?? '')).toEqual([]);
    expect(await groupsOf(tenant, second ?? '')).toEqual([]);
    expect(await groupsOf(tenant, last ?? '')).toEqual(['team', 'other']);
    await sweepAll(store, 'demo', id);
    expect(await groupsOf(tenant, first ?? '')).toEqual(['team']);
    expect(await groupsOf(tenant, last ?? '')).toEqual(['team', 'other']);
    expect(await groupsOf(tenant, 'newcomer')).toEqual(['team']);
    for (const u of [second, third]) expect(await storedGroups(tenant, u ?? '')).toEqual([]);
    expect(await counts(tenant)).toEqual({ team: 3, other: 1 });
    // The renewal marks went with the sweep, and the new definition is whole.
    const stored = await readItem(store, keys.externalUser('demo', last ?? ''));
    expect(Object.keys(stored ?? {}).filter((k) => k.startsWith('renewed#'))).toEqual([]);
    expect((await readItem(store, keys.group('demo', scopeOf(tenant), 'team')))?.sweeping).toBeUndefined();
  });

  test('a user that leaves the reused group counts down the new one only if it joined the new one', async () => {
    const { tenant, id, ids } = await deletedWithMembers(2);
    const [old, renewed] = ids;
    await session(tenant, renewed ?? '', { groupDefinitions: [{ name: 'team' }], groups: ['team'] });
    expect(await counts(tenant)).toEqual({ team: 1, other: 1 });
    // The old member's stale membership was never in the new count: leaving changes nothing.
    await session(tenant, old ?? '', { groups: ['other'] });
    expect(await counts(tenant)).toEqual({ team: 1, other: 1 });
    await session(tenant, renewed ?? '', { groups: [] });
    expect(await counts(tenant)).toEqual({ team: 0, other: 1 });
    await sweepAll(store, 'demo', id);
    expect(await counts(tenant)).toEqual({ team: 0, other: 1 });
  });

  test('an attribute defined again with another type during its sweep keeps the new values only', async () => {
    const tenant = tenantName();
    await session(tenant, 'a-old', {
      userAttributeDefinitions: [{ name: 'level', type: 'number' }],
      userAttributes: [{ name: 'level', value: 3 }],
    });
    await session(tenant, 'a-new', { userAttributes: [{ name: 'level', value: 4 }] });
    const level = (await definitions.getAttribute(store, 'demo', scopeOf(tenant), 'level'))?.id;
    await sweeps.start(store, 'demo', scopeOf(tenant), 'attribute', String(level), 'level');
    await session(tenant, 'a-new', {
      userAttributeDefinitions: [{ name: 'level', type: 'string' }],
      userAttributes: [{ name: 'level', value: 'gold' }],
    });
    const levelOf = async (externalId: string) =>
      (await users.get(store, 'demo', { kind: 'external', externalId }))?.attributes[`${tenant}/level`];
    expect(await levelOf('a-old')).toBeUndefined();
    expect(await levelOf('a-new')).toBe('gold');
    await sweepAll(store, 'demo', String(level));
    expect(await levelOf('a-new')).toBe('gold');
    expect(
      (
        (await readItem(store, keys.externalUser('demo', 'a-old')))?.attrs as
          | Record<string, unknown>
          | undefined
      )?.[`${tenant}/level`],
    ).toBeUndefined();
  });

  test('two runs of the same sweep at once finish it once, with every user swept', async () => {
    const { tenant, id, ids } = await deletedWithMembers(9);
    await Promise.all([sweepAll(store, 'demo', id), sweepAll(store, 'demo', id)]);
    for (const u of ids) expect(await storedGroups(tenant, u)).not.toContain('team');
    expect(await sweeps.job(store, 'demo', id)).toBeUndefined();
    expect(Object.keys(await sweeps.pending(store, 'demo'))).not.toContain(id);
  });
});
