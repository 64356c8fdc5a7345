import { clearAuthCache } from '../../functions/access/auth';
import { requireAi, resolveIdentity } from '../../functions/access/identity';
import { applyDemoSeed } from '../../functions/admin/seed';
import { exchangeSession, generateSession } from '../../functions/embed/sessions';
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import { countRoundTrips, type Store } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import { users } from '../../functions/store/users';
import { expireItem, freshStore } from '../support/store';

let store: Store;
const demo = 'demo-key-identity';
const starter = 'starter-key-identity';
const auth = `Api-Key ${demo}`;
const resolve = (
  settings: Record<string, unknown> | undefined,
  authorization = auth,
  purpose: 'chat' | 'sql' = 'chat',
) => resolveIdentity(store, authorization, settings, { purpose, provision: true });

beforeAll(async () => {
  store = await freshStore();
  clearAuthCache();
  await applyDemoSeed(store, { demo, demoMember: 'member-key-identity', starter }, {});
});

const expire = (externalId: string) => expireItem(store, keys.externalUser('demo', externalId));

describe('chat and SQL users', () => {
  test('are ephemeral by default with the TTL from ephemeralTtlSeconds, fixed at creation', async () => {
    const first = await resolve({ externalId: 'eph-1', ephemeralTtlSeconds: 3600 });
    const now = Date.now() / 1000;
    expect(first.expiresAt).toBeGreaterThan(now + 3590);
    expect(first.expiresAt).toBeLessThanOrEqual(now + 3600);
    const again = await resolve({ externalId: 'eph-1', ephemeralTtlSeconds: 99_999 });
    expect(again.expiresAt).toBe(first.expiresAt);
    expect((await accounts.get(store, 'demo'))?.userCount).toBe(0);
  });

  test('an expired ephemeral user is absent on every read; the next call creates a fresh one', async () => {
    await resolve({
      externalId: 'eph-2',
      userAttributes: [{ name: 'region', value: 'north' }],
      groups: ['analysts'],
    });
    await expire('eph-2');
    expect(await users.get(store, 'demo', { kind: 'external', externalId: 'eph-2' })).toBeUndefined();
    const fresh = await resolve({ externalId: 'eph-2' });
    expect(fresh.query).toEqual({ groups: [], userAttributes: {}, securityContext: {} });
    expect(fresh.expiresAt).toBeGreaterThan(Date.now() / 1000 + 604_000);
  });

  test('isEphemeral false persists the user and counts it; a chat never makes a persistent user ephemeral', async () => {
    const before = (await accounts.get(store, 'demo'))?.userCount ?? 0;
    await resolve({ externalId: 'eph-3' });
    const persisted = await resolve({ externalId: 'eph-3', isEphemeral: false, groups: ['analysts'] });
    expect(persisted.expiresAt).toBeUndefined();
    expect((await accounts.get(store, 'demo'))?.userCount).toBe(before + 1);
    const later = await resolve({ externalId: 'eph-3' });
    expect(later.expiresAt).toBeUndefined();
    expect(later.query.groups).toEqual(['analysts']);
    expect((await accounts.get(store, 'demo'))?.userCount).toBe(before + 1);
  });

  test('attributes and groups follow the session rules and feed the query context', async () => {
    const id = await resolve({
      externalId: 'ctx-1',
      userAttributes: [
        { name: 'region', value: 'east' },
        { name: 'allowed_categories', value: ['toys'] },
      ],
      securityContext: { team: 7 },
    });
    expect(id.query).toEqual({
      groups: [],
      userAttributes: { region: 'east', allowed_categories: ['toys'] },
      securityContext: { team: 7 },
    });
    await expect(
      resolve({ externalId: 'ctx-1', userAttributes: [{ name: 'planet', value: 'x' }] }),
    ).rejects.toMatchObject({
      code: 'USER_ATTRIBUTES_NOT_FOUND',
    });
    await expect(resolve({ externalId: 'ctx-1', groups: ['pirates'] })).rejects.toMatchObject({
      code: 'GROUPS_NOT_FOUND',
    });
  });

  test('ids: lowercased; no inner spaces for chat; exactly one of externalId or internalId', async () => {
    expect((await resolve({ externalId: '  MiXeD ' })).owner).toBe('e:mixed');
    await expect(resolve({ externalId: 'two words' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(resolve({})).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(resolve({ externalId: 'a', internalId: 'admin@example.com' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(resolve(undefined)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  test('internal users must exist and take no groups, attributes or security context', async () => {
    const admin = await resolve({ internalId: 'admin@example.com' });
    expect(admin.query.groups).toEqual(['managers']);
    expect(admin.owner).toBe('i:admin@example.com');
    await expect(resolve({ internalId: 'ghost@example.com' })).rejects.toMatchObject({ status: 404 });
    for (const field of [{ groups: [] }, { userAttributes: [] }, { securityContext: {} }]) {
      await expect(resolve({ internalId: 'admin@example.com', ...field })).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
      });
    }
  });

  test('plan gate and credentials', async () => {
    await expect(resolve({ externalId: 'x' }, `Api-Key ${starter}`)).rejects.toMatchObject({
      code: 'PLAN_NOT_SUPPORTED',
    });
    await expect(resolve({ externalId: 'x' }, '')).rejects.toMatchObject({ status: 401 });
    await expect(resolve({ externalId: 'x' }, 'Api-Key nope')).rejects.toMatchObject({ status: 401 });
    await expect(resolve({ externalId: 'x' }, 'Bearer nope.nope')).rejects.toMatchObject({ status: 401 });
  });

  test('embed tokens carry the identity; allowAi false refuses chat; revoke kills the token', async () => {
    const account = await accounts.get(store, 'demo');
    const key = await apiKeys.findByKey(store, demo);
    if (!account || !key) throw new Error('seed missing');
    const { sessionId } = await generateSession(
      store,
      { account, key },
      {
        deploymentId: 1,
        externalId: 'tok-1',
        userAttributes: [{ name: 'region', value: 'south' }],
        settings: { allowAi: false },
        roles: ['auditor', 'viewer'],
      },
    );
    const { token } = await exchangeSession(store, sessionId);
    const id = await resolve({ externalId: 'ignored', groups: ['managers'] }, `Bearer ${token}`);
    expect(id).toMatchObject({ via: 'token', owner: 'e:tok-1', deploymentId: 1, allowAi: false });
    expect(id.query.userAttributes).toEqual({ region: 'south' });
    // Cube's roles of the session reach the queries, where access policies' `role` matches them.
    expect(id.query.roles).toEqual(['auditor', 'viewer']);
    const withKey = await resolve({ externalId: 'roles-key', roles: ['viewer'] });
    expect(withKey.query.roles).toEqual(['viewer']);
    expect(() => requireAi(id)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    const { revokeSession } = await import('../../functions/embed/sessions');
    await revokeSession(store, 'demo', sessionId);
    await expect(resolve(undefined, `Bearer ${token}`)).rejects.toMatchObject({ status: 401 });
  });

  test('a user stored as sessionSettings says is read, not written; any change or a bad request still provisions', async () => {
    const settings = {
      externalId: 'warm-1',
      groups: ['analysts'],
      userAttributes: [{ name: 'region', value: 'north' }],
      securityContext: { tier: 'gold' },
    };
    await resolve(settings);
    const counter = countRoundTrips(store);
    const same = await resolve({ ...settings, groups: ['analysts', 'analysts'] });
    // The user and, beside it, the account's pending definition sweeps (functions/store/sweeps.ts).
    expect(counter.operations).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(same.query).toEqual({
      groups: ['analysts'],
      userAttributes: { region: 'north' },
      securityContext: { tier: 'gold' },
    });
    counter.reset();
    const changed = await resolve({ ...settings, userAttributes: [{ name: 'region', value: 'south' }] });
    expect(counter.operations).toContain('TransactWriteItemsCommand');
    expect(changed.query.userAttributes).toEqual({ region: 'south' });
    // Repeated names are refused as before, even when each repeats what is stored.
    await expect(
      resolve({
        ...settings,
        userAttributes: [
          { name: 'region', value: 'south' },
          { name: 'region', value: 'south' },
        ],
      }),
    ).rejects.toMatchObject({ status: 400 });
    // An ephemeral user made persistent is a change.
    counter.reset();
    await resolve({ ...settings, userAttributes: [{ name: 'region', value: 'south' }], isEphemeral: false });
    expect(counter.operations).toContain('TransactWriteItemsCommand');
    expect(
      (await users.get(store, 'demo', { kind: 'external', externalId: 'warm-1' }))?.expiresAt,
    ).toBeUndefined();
    // Repeated as stored, two attributes and a persistent user asked to stay persistent: read, not written.
    const stored = {
      ...settings,
      userAttributes: [
        { name: 'region', value: 'south' },
        { name: 'allowed_categories', value: ['toys'] },
      ],
      isEphemeral: false,
    };
    await resolve(stored);
    counter.reset();
    const warm = await resolve(stored);
    expect(counter.operations).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(warm.query.userAttributes).toEqual({ region: 'south', allowed_categories: ['toys'] });
  });
});
