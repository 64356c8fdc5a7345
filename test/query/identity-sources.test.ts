/**
 * What each source of a caller's identity puts in it (functions/access/identity.ts): an API key with an external
 * or internal user, an embed token, a Cube token. The fields here decide which user's rows a query sees (the
 * query context), whose threads a chat reads (owner), what a rate limit counts (credential) and which deployment a
 * caller may use (deploymentId, keyDeploymentId).
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { clearAuthCache } from '../../functions/access/auth';
import { needsProvisioning, prefetchUser, requireAi, resolveIdentity } from '../../functions/access/identity';
import { applyDemoSeed } from '../../functions/admin/seed';
import { cubeTokenSecrets } from '../../functions/embed/cube-token-secret';
import { exchangeSession, generateSession } from '../../functions/embed/sessions';
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import { countRoundTrips, createStore, type Store } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import { users } from '../../functions/store/users';
import { cubeChatToken } from '../support/cube-token';
import { freshStore, readItem } from '../support/store';

let store: Store;
const admin = 'Api-Key admin-key-sources';
const member = 'Api-Key member-key-sources';
const SECRET = 'cube-token-secret-of-deployment-one-sources';
const WEEK = 7 * 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const resolve = (
  settings: Record<string, unknown> | undefined,
  authorization = admin,
  purpose: 'chat' | 'abort' | 'sql' = 'chat',
) => resolveIdentity(store, authorization, settings, { purpose, provision: purpose !== 'abort' });
const keyId = async (key: string) => (await apiKeys.findByKey(store, key))?.keyId;

/** An embed token for `externalId`, minted by the admin key with `body`'s extra fields. */
async function embedToken(externalId: string, body: Record<string, unknown> = {}) {
  const account = await accounts.get(store, 'demo');
  const key = await apiKeys.findByKey(store, 'admin-key-sources');
  if (!account || !key) throw new Error('seed missing');
  const { sessionId } = await generateSession(
    store,
    { account, key },
    { deploymentId: 1, externalId, ...body },
  );
  return { sessionId, token: (await exchangeSession(store, sessionId)).token };
}

const viaCubeToken = (token: string, purpose: 'chat' | 'sql' = 'chat', account = 'demo') =>
  resolveIdentity(store, undefined, undefined, {
    purpose,
    provision: false,
    cubeToken: { token, account, deploymentId: 1 },
  });

beforeAll(async () => {
  store = await freshStore();
  clearAuthCache();
  await applyDemoSeed(
    store,
    { demo: 'admin-key-sources', demoMember: 'member-key-sources', starter: 'starter-key-sources' },
    { dev: [] },
  );
  expect(await cubeTokenSecrets.set(store, 'demo', 1, SECRET)).toBe(true);
  await apiKeys.create(store, { account: 'demo', role: 'admin', deploymentId: 1, key: 'one-deployment-key' });
});

describe('an API key', () => {
  test("an external user: the key's account, credential and timezone; no deployment bound", async () => {
    const id = await resolve({ externalId: 'Key-User', timezone: 'Europe/Paris' });
    expect(id).toMatchObject({
      via: 'apiKey',
      owner: 'e:key-user',
      user: { kind: 'external', externalId: 'key-user' },
      credential: { kind: 'key', id: await keyId('admin-key-sources') },
      allowAi: true,
      timezone: 'Europe/Paris',
    });
    expect(id.account.name).toBe('demo');
    expect(id).not.toHaveProperty('keyDeploymentId');
    expect(id).not.toHaveProperty('deploymentId');
    expect(await resolve({ externalId: 'key-user' })).not.toHaveProperty('timezone');
  });

  test('a key limited to one deployment says which', async () => {
    const id = await resolve({ externalId: 'key-user' }, 'Api-Key one-deployment-key');
    expect(id.keyDeploymentId).toBe(1);
    expect(id.credential).toEqual({ kind: 'key', id: await keyId('one-deployment-key') });
  });

  test('an internal user: as stored, read-only, and refused with any context field', async () => {
    const id = await resolve({ internalId: 'admin@example.com' }, member);
    expect(id).toMatchObject({
      user: { kind: 'internal', internalId: 'admin@example.com' },
      owner: 'i:admin@example.com',
      readOnly: true,
      query: { groups: ['managers'], userAttributes: {}, securityContext: {} },
    });
    expect(needsProvisioning(id)).toBe(false);
    await expect(resolve({ internalId: 'ghost@example.com' })).rejects.toMatchObject({
      status: 404,
      code: 'USER_NOT_FOUND',
      message: 'Internal user ghost@example.com not found',
    });
    for (const [field, value] of [
      ['groups', ['managers']],
      ['roles', ['auditor']],
      ['userAttributes', []],
      ['securityContext', { team: 1 }],
    ] as const) {
      await expect(resolve({ internalId: 'admin@example.com', [field]: value })).rejects.toMatchObject({
        status: 400,
        message: `body.sessionSettings.${field}: not allowed with internalId`,
      });
    }
  });

  test('the 4xx answers: no or a bad Authorization, no sessionSettings, both or neither id', async () => {
    for (const authorization of [undefined, '', 'Basic abc', 'Api-Key']) {
      await expect(
        resolveIdentity(store, authorization, { externalId: 'x' }, { purpose: 'chat', provision: true }),
      ).rejects.toMatchObject({
        status: 401,
        message: 'Missing or invalid Authorization header (expected Api-Key <key> or Bearer <token>)',
      });
    }
    await expect(resolve(undefined)).rejects.toMatchObject({
      status: 400,
      message: 'body.sessionSettings: required with an API key',
    });
    for (const settings of [{}, { externalId: 'a', internalId: 'admin@example.com' }]) {
      await expect(resolve(settings)).rejects.toMatchObject({
        status: 400,
        message: 'body.sessionSettings: exactly one of externalId or internalId is required',
      });
    }
  });

  test('an external id with inner spaces: refused for chat and abort, allowed for SQL', async () => {
    for (const purpose of ['chat', 'abort'] as const) {
      await expect(resolve({ externalId: 'two words' }, admin, purpose)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/^body\.sessionSettings\.externalId: ./),
      });
    }
    expect((await resolve({ externalId: 'Two Words' }, admin, 'sql')).owner).toBe('e:two words');
  });

  test('a probe of an external user still needs provisioning; its stored user is read ahead', async () => {
    await resolve({ externalId: 'probed', groups: ['analysts'] });
    const probe = await resolveIdentity(
      store,
      admin,
      { externalId: 'probed' },
      { purpose: 'chat', provision: true, probe: true },
    );
    expect(needsProvisioning(probe)).toBe(true);
    expect((await prefetchUser(store, probe))?.groups['*']).toEqual(['analysts']);
    // A read that fails counts as absent: provisioning reads for itself.
    const broken = createStore({ endpoint: process.env.DYNAMODB_ENDPOINT ?? '', tableName: 'no-such-table' });
    await expect(prefetchUser(broken, probe)).resolves.toBeUndefined();
    // A member key's identity is final: nothing to provision or read ahead.
    const final = await resolve({ externalId: 'probed' }, member);
    expect(needsProvisioning(final)).toBe(false);
    expect(prefetchUser(store, final)).toBeUndefined();
  });

  test('a prefetched user is used as read: no second read', async () => {
    const settings = { externalId: 'prefetched', groups: ['analysts'] };
    await resolve(settings);
    const stored = await users.get(store, 'demo', { kind: 'external', externalId: 'prefetched' });
    const counter = countRoundTrips(store);
    const id = await resolveIdentity(store, admin, settings, {
      purpose: 'chat',
      provision: true,
      stored: Promise.resolve(stored),
    });
    expect(counter.count).toBe(0);
    expect(id.query.groups).toEqual(['analysts']);
  });
});

describe('an embed token', () => {
  test("the session's user, deployment, branch, timezone, credential and the user's expiry", async () => {
    const { sessionId, token } = await embedToken('tok-user', {
      branchName: 'dev',
      groups: ['analysts'],
      isEphemeral: true,
      settings: { timezone: 'Asia/Tokyo' },
    });
    const id = await resolve({ externalId: 'ignored', groups: ['managers'] }, `Bearer ${token}`);
    const user = await users.get(store, 'demo', { kind: 'external', externalId: 'tok-user' });
    expect(id).toMatchObject({
      via: 'token',
      owner: 'e:tok-user',
      user: { kind: 'external', externalId: 'tok-user' },
      credential: { kind: 'token', id: sessionId },
      deploymentId: 1,
      branchName: 'dev',
      timezone: 'Asia/Tokyo',
      allowAi: true,
      query: { groups: ['analysts'] },
    });
    expect(id.account.name).toBe('demo');
    expect(id.expiresAt).toBe(user?.expiresAt);
    expect(id.expiresAt).toBeGreaterThan(now());
    expect(() => requireAi(id)).not.toThrow();
    // A token's user is read when resolved: nothing to provision or read ahead.
    expect(needsProvisioning(id)).toBe(false);
    expect(prefetchUser(store, id)).toBeUndefined();
    const plain = await resolve(undefined, `Bearer ${(await embedToken('tok-plain')).token}`);
    expect(plain).not.toHaveProperty('branchName');
    expect(plain).not.toHaveProperty('timezone');
    expect(plain.expiresAt).toBeUndefined();
  });

  test('allowAi false: chat refused (403)', async () => {
    const { token } = await embedToken('tok-no-ai', { settings: { allowAi: false } });
    const id = await resolve(undefined, `Bearer ${token}`);
    expect(id.allowAi).toBe(false);
    expect(() => requireAi(id)).toThrow(
      expect.objectContaining({
        status: 403,
        message: 'AI chat is disabled for this session (settings.allowAi is false)',
      }),
    );
  });

  test('refused where Cube API tokens are asked for (another secret)', async () => {
    const { token } = await embedToken('tok-kind');
    await expect(
      resolveIdentity(store, `Bearer ${token}`, undefined, {
        purpose: 'sql',
        provision: false,
        tokenKind: 'cubeApi',
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  test('its user deleted: 401, not an empty context', async () => {
    const { token } = await embedToken('tok-deleted', { groups: ['analysts'] });
    await store.doc.send(
      new DeleteCommand({ TableName: store.tableName, Key: keys.externalUser('demo', 'tok-deleted') }),
    );
    await expect(resolve(undefined, `Bearer ${token}`)).rejects.toMatchObject({
      status: 401,
      message: 'The user of this embed token no longer exists',
    });
  });

  test('its account deleted: 401, as for any invalid token', async () => {
    const { token } = await embedToken('tok-no-account');
    const account = await readItem(store, keys.account('demo'));
    await store.doc.send(new DeleteCommand({ TableName: store.tableName, Key: keys.account('demo') }));
    try {
      await expect(resolve(undefined, `Bearer ${token}`)).rejects.toMatchObject({
        status: 401,
        message: 'Invalid embed token',
      });
    } finally {
      await store.doc.send(new PutCommand({ TableName: store.tableName, Item: account }));
    }
  });
});

describe('a Cube token', () => {
  test('an unknown account: 401 without reading a secret', async () => {
    await expect(viaCubeToken(cubeChatToken('x', SECRET), 'chat', 'nobody')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid Cube token: unknown account',
    });
  });

  test('its user: lowercased, bound to the deployment, counted per deployment and user, never written', async () => {
    const id = await viaCubeToken(cubeChatToken('Cube-User', SECRET, 300, { roles: 'auditor' }));
    expect(id).toMatchObject({
      via: 'token',
      owner: 'e:cube-user',
      user: { kind: 'external', externalId: 'cube-user' },
      credential: { kind: 'token', id: 'cube:1:cube-user' },
      deploymentId: 1,
      allowAi: true,
    });
    expect(id.account.name).toBe('demo');
    expect(needsProvisioning(id)).toBe(false);
    // Roles only from a list.
    expect(id.query).not.toHaveProperty('roles');
    expect(id.query.groups).toEqual([]);
    // Nothing stores the user: its threads live as long as an ephemeral user's would.
    expect(id.expiresAt).toBeGreaterThanOrEqual(now() + WEEK - 5);
    expect(id.expiresAt).toBeLessThanOrEqual(now() + WEEK);
    expect(await users.get(store, 'demo', { kind: 'external', externalId: 'cube-user' })).toBeUndefined();
  });

  test("a stored user's groups and expiry: none for a persistent user, its own for an ephemeral one", async () => {
    await resolve({ externalId: 'cube-kept', groups: ['analysts'], isEphemeral: false });
    const kept = await viaCubeToken(cubeChatToken('cube-kept', SECRET));
    expect(kept.query.groups).toEqual(['analysts']);
    expect(kept.expiresAt).toBeUndefined();
    const eph = await resolve({ externalId: 'cube-eph', ephemeralTtlSeconds: 3600 });
    expect((await viaCubeToken(cubeChatToken('cube-eph', SECRET))).expiresAt).toBe(eph.expiresAt);
  });

  test('an external id with inner spaces: refused for chat, allowed for SQL', async () => {
    await expect(viaCubeToken(cubeChatToken('two words', SECRET))).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^X-Cube-Auth-Token externalId: ./),
    });
    expect((await viaCubeToken(cubeChatToken('two words', SECRET), 'sql')).owner).toBe('e:two words');
  });

  test('an Authorization header beside it is the identity instead', async () => {
    const id = await resolveIdentity(
      store,
      admin,
      { externalId: 'header-user' },
      {
        purpose: 'chat',
        provision: true,
        cubeToken: { token: cubeChatToken('cube-user', SECRET), account: 'demo', deploymentId: 1 },
      },
    );
    expect(id).toMatchObject({ via: 'apiKey', owner: 'e:header-user' });
  });
});
