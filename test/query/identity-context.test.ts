/**
 * What reaches the row-level policies from an identity (functions/access/identity.ts): groups replaced by an admin
 * key are replaced (not kept beside the new ones), a member key cannot swap them, and the security context of the
 * request or token wins over the one stored for the user.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { clearAuthCache } from '../../functions/access/auth';
import { canonical, queryContext, resolveIdentity } from '../../functions/access/identity';
import { applyDemoSeed } from '../../functions/admin/seed';
import { cubeTokenSecrets } from '../../functions/embed/cube-token-secret';
import { exchangeSession, generateSession } from '../../functions/embed/sessions';
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import type { Store } from '../../functions/store/client';
import { definitions } from '../../functions/store/definitions';
import { keys } from '../../functions/store/keys';
import { type UserRecord, users } from '../../functions/store/users';
import { signJwt } from '../support/cube-token';
import { freshStore } from '../support/store';

let store: Store;
const admin = 'Api-Key admin-key-context';
const member = 'Api-Key member-key-context';
const SECRET = 'cube-token-secret-of-deployment-one-context';
const resolve = (settings: Record<string, unknown> | undefined, authorization = admin, provision = true) =>
  resolveIdentity(store, authorization, settings, { purpose: 'chat', provision });
const stored = (externalId: string) => users.get(store, 'demo', { kind: 'external', externalId });

beforeAll(async () => {
  store = await freshStore();
  clearAuthCache();
  await applyDemoSeed(
    store,
    { demo: 'admin-key-context', demoMember: 'member-key-context', starter: 'starter-key-context' },
    {},
  );
  expect(await cubeTokenSecrets.set(store, 'demo', 1, SECRET)).toBe(true);
  for (const name of ['sales', 'support'])
    await definitions.upsertGroup(store, 'demo', { kind: 'tenant' }, { name, description: name });
});

describe('groups', () => {
  test.each([
    ['one for one', ['managers'], ['analysts']],
    ['two for two, one kept', ['managers', 'sales'], ['sales', 'support']],
    ['fewer', ['managers', 'sales'], ['sales']],
    ['more', ['sales'], ['sales', 'support']],
    ['none', ['managers'], []],
  ])('an admin key replacing them (%s) leaves exactly the new ones', async (_name, before, after) => {
    const externalId = `swap-${before.join('-')}-${after.join('-')}`;
    expect((await resolve({ externalId, groups: before })).query.groups).toEqual([...before].sort());
    const swapped = await resolve({ externalId, groups: after });
    expect(swapped.query.groups).toEqual([...after].sort());
    expect((await stored(externalId))?.groups['*']).toEqual(after);
    // Read again, as stored.
    expect((await resolve({ externalId })).query.groups).toEqual([...after].sort());
  });

  test('a member key may repeat them in any order, but not swap one', async () => {
    await resolve({ externalId: 'member-swap', groups: ['managers', 'sales'], isEphemeral: false });
    const same = await resolve({ externalId: 'member-swap', groups: ['sales', 'managers', 'sales'] }, member);
    expect(same.query.groups).toEqual(['managers', 'sales']);
    for (const groups of [['analysts', 'sales'], ['sales'], ['managers', 'sales', 'x'], []]) {
      await expect(resolve({ externalId: 'member-swap', groups }, member)).rejects.toMatchObject({
        status: 403,
        message: expect.stringContaining('groups'),
      });
    }
    expect((await stored('member-swap'))?.groups['*']).toEqual(['managers', 'sales']);
  });

  test('a member key may not change a stored security context, attributes or roles either', async () => {
    await resolve({
      externalId: 'member-ctx',
      securityContext: { team: 1 },
      userAttributes: [{ name: 'region', value: 'north' }],
      isEphemeral: false,
    });
    const repeat = await resolve(
      {
        externalId: 'member-ctx',
        securityContext: { team: 1 },
        userAttributes: [{ name: 'region', value: 'north' }],
      },
      member,
    );
    expect(repeat.query.securityContext).toEqual({ team: 1 });
    for (const [settings, field] of [
      [{ securityContext: { team: 2 } }, 'securityContext'],
      [{ securityContext: {} }, 'securityContext'],
      [{ userAttributes: [{ name: 'region', value: 'south' }] }, 'userAttributes'],
      [{ roles: ['auditor'] }, 'roles'],
      [{ isEphemeral: false }, undefined],
    ] as const) {
      const attempt = resolve({ externalId: 'member-ctx', ...settings }, member);
      if (field)
        await expect(attempt).rejects.toMatchObject({ status: 403, message: expect.stringContaining(field) });
      else expect((await attempt).query.securityContext).toEqual({ team: 1 });
    }
    await expect(
      resolve({ externalId: 'member-ctx', securityContext: { team: 2 }, roles: ['auditor'] }, member),
    ).rejects.toMatchObject({
      message:
        "body.sessionSettings: a member API key cannot change an existing user's securityContext, roles (use an admin key)",
    });
  });

  test('a member key may repeat or leave out a stored email and groups but not change the email; an admin key changes it', async () => {
    await resolve({
      externalId: 'member-mail',
      email: 'ann@example.com',
      groups: ['sales'],
      isEphemeral: false,
    });
    await resolve({ externalId: 'member-mail', email: 'ann@example.com' }, member);
    // Leaving the email and groups out repeats them.
    expect((await resolve({ externalId: 'member-mail' }, member)).query.groups).toEqual(['sales']);
    await expect(
      resolve({ externalId: 'member-mail', email: 'bob@example.com' }, member),
    ).rejects.toMatchObject({ status: 403, message: expect.stringContaining('email') });
    expect((await stored('member-mail'))?.email).toBe('ann@example.com');
    // A user stored without groups: repeating none is no change.
    await resolve({ externalId: 'member-nogroups', isEphemeral: false });
    expect((await resolve({ externalId: 'member-nogroups', groups: [] }, member)).query.groups).toEqual([]);
    await resolve({ externalId: 'member-mail', email: 'bob@example.com' });
    expect((await stored('member-mail'))?.email).toBe('bob@example.com');
  });
});

describe('a member key naming a user that is not stored', () => {
  test('uses the request for this one call (null values left out, groups once each) and stores nothing', async () => {
    const before = Math.floor(Date.now() / 1000);
    const id = await resolve(
      {
        externalId: 'member-new',
        groups: ['sales', 'support', 'sales'],
        userAttributes: [
          { name: 'region', value: 'east' },
          { name: 'allowed_categories', value: null },
        ],
        securityContext: { team: 4 },
        roles: ['auditor'],
        ephemeralTtlSeconds: 600,
      },
      member,
    );
    expect(id.query).toEqual({
      groups: ['sales', 'support'],
      userAttributes: { region: 'east' },
      securityContext: { team: 4 },
      roles: ['auditor'],
    });
    expect(id.readOnly).toBe(true);
    expect(id.expiresAt).toBeGreaterThanOrEqual(before + 600);
    expect(id.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(await stored('member-new')).toBeUndefined();
  });

  test('with nothing but the id: an empty context, exactly', async () => {
    const id = await resolve({ externalId: 'member-bare' }, member);
    expect(id.query).toStrictEqual({ groups: [], userAttributes: {}, securityContext: {} });
  });

  test('cannot make it persistent, and its group and attribute names are still checked', async () => {
    for (const [settings, match] of [
      [{ isEphemeral: false }, { status: 403, message: expect.stringContaining('isEphemeral') }],
      [{ groups: ['pirates'] }, { code: 'GROUPS_NOT_FOUND' }],
      [{ userAttributes: [{ name: 'planet', value: 'x' }] }, { code: 'USER_ATTRIBUTES_NOT_FOUND' }],
    ] as const) {
      await expect(resolve({ externalId: 'member-refused', ...settings }, member)).rejects.toMatchObject(
        match,
      );
    }
    expect(await stored('member-refused')).toBeUndefined();
  });

  test('an existing ephemeral user: a member key uses it as stored, with its expiry', async () => {
    const made = await resolve({ externalId: 'member-eph-use', groups: ['sales'] });
    const id = await resolve({ externalId: 'member-eph-use', groups: ['sales'] }, member);
    expect(id.query.groups).toEqual(['sales']);
    expect(id.expiresAt).toBe(made.expiresAt);
    expect(id.expiresAt).toBeDefined();
  });

  test('an existing ephemeral user: a member key cannot make it persistent', async () => {
    await resolve({ externalId: 'member-eph', groups: ['sales'] });
    await expect(resolve({ externalId: 'member-eph', isEphemeral: false }, member)).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('isEphemeral'),
    });
    expect((await stored('member-eph'))?.expiresAt).toBeDefined();
  });
});

describe('an admin key', () => {
  test('probing reads and writes nothing: the context is empty but for the roles', async () => {
    await resolve({ externalId: 'admin-probe', groups: ['sales'], securityContext: { team: 1 } });
    const probe = await resolveIdentity(
      store,
      admin,
      { externalId: 'admin-probe', groups: ['support'], securityContext: { team: 2 }, roles: ['auditor'] },
      { purpose: 'chat', provision: true, probe: true },
    );
    expect(probe.query).toEqual({ groups: [], userAttributes: {}, securityContext: {}, roles: ['auditor'] });
    expect((await stored('admin-probe'))?.groups['*']).toEqual(['sales']);
  });

  test('without provisioning (abort) reads the stored user as stored, with the request context', async () => {
    await resolve({ externalId: 'admin-abort', groups: ['sales'] });
    const id = await resolve(
      { externalId: 'admin-abort', groups: ['support'], securityContext: { t: 1 } },
      admin,
      false,
    );
    expect(id.query.groups).toEqual(['sales']);
    expect(id.query.securityContext).toEqual({ t: 1 });
    expect((await stored('admin-abort'))?.groups['*']).toEqual(['sales']);
  });
});

describe('an admin key naming a user that is not stored', () => {
  test('without provisioning (abort): the request context only, no groups, no expiry, nothing stored', async () => {
    const id = await resolve(
      { externalId: 'admin-abort-new', groups: ['sales'], securityContext: { t: 1 }, roles: ['auditor'] },
      admin,
      false,
    );
    expect(id.query).toEqual({
      groups: [],
      userAttributes: {},
      securityContext: { t: 1 },
      roles: ['auditor'],
    });
    expect(id.expiresAt).toBeUndefined();
    expect(await stored('admin-abort-new')).toBeUndefined();
  });

  test('deleted right after provisioning: the call fails instead of running with an empty context', async () => {
    // A concurrent delete lands between the provisioning transaction and the read that follows it.
    const name = 'delete-after-provision';
    store.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        if (context.commandName === 'TransactWriteItemsCommand')
          await store.doc.send(
            new DeleteCommand({ TableName: store.tableName, Key: keys.externalUser('demo', 'vanishing') }),
          );
        return out;
      },
      { step: 'initialize', name },
    );
    try {
      await expect(resolve({ externalId: 'vanishing', groups: ['sales'] })).rejects.toThrow(
        'User vanishing vanished right after provisioning',
      );
    } finally {
      store.doc.middlewareStack.remove(name);
    }
  });
});

describe('which security context wins', () => {
  test("the request's over the stored one, also when nothing is written", async () => {
    await resolve({ externalId: 'ctx-req', securityContext: { team: 1 } });
    const withRequest = await resolve({ externalId: 'ctx-req', securityContext: { team: 2 } });
    expect(withRequest.query.securityContext).toEqual({ team: 2 });
    // Abort-like calls write nothing: the stored context is still { team: 2 }, the request's is used.
    const unwritten = await resolve({ externalId: 'ctx-req', securityContext: { team: 3 } }, admin, false);
    expect(unwritten.query.securityContext).toEqual({ team: 3 });
    expect((await stored('ctx-req'))?.securityContext).toEqual({ team: 2 });
    // None in the request: the stored one.
    expect((await resolve({ externalId: 'ctx-req' })).query.securityContext).toEqual({ team: 2 });
  });

  test("an embed token's over the user's later stored one", async () => {
    const account = await accounts.get(store, 'demo');
    const key = await apiKeys.findByKey(store, 'admin-key-context');
    if (!account || !key) throw new Error('seed missing');
    const { sessionId } = await generateSession(
      store,
      { account, key },
      { deploymentId: 1, externalId: 'ctx-token', securityContext: { team: 'minted' } },
    );
    const { token } = await exchangeSession(store, sessionId);
    await resolve({ externalId: 'ctx-token', securityContext: { team: 'later' } });
    expect((await stored('ctx-token'))?.securityContext).toEqual({ team: 'later' });
    const id = await resolve(undefined, `Bearer ${token}`);
    expect(id.query.securityContext).toEqual({ team: 'minted' });
  });

  test("a Cube token's claims over the user's stored one", async () => {
    await resolve({ externalId: 'ctx-cube', securityContext: { team: 'stored' }, groups: ['sales'] });
    const claims = {
      externalId: 'ctx-cube',
      scope: ['chat'],
      exp: Math.floor(Date.now() / 1000) + 300,
      team: 'claimed',
      roles: ['auditor', 7],
    };
    const id = await resolveIdentity(store, undefined, undefined, {
      purpose: 'chat',
      provision: false,
      cubeToken: { token: signJwt(claims, SECRET), account: 'demo', deploymentId: 1 },
    });
    expect(id.query.securityContext).toEqual(claims);
    expect(id.query.roles).toEqual(['7', 'auditor']);
    // Groups are the stored user's.
    expect(id.query.groups).toEqual(['sales']);
  });
});

describe('queryContext', () => {
  const user: UserRecord = {
    ref: { kind: 'external', externalId: 'q' },
    groups: { '*': ['b', 'a', 'b'], acme: ['e'] },
    attributes: { '*/region': 'north', '*/x/y': 'slash', 'acme/region': 'south', 'acme-co/region': 'west' },
    securityContext: { stored: true },
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  test('an explicit context, even empty, wins over the stored one; none given, the stored one; no user, none', () => {
    expect(queryContext(user, { given: 1 }).securityContext).toEqual({ given: 1 });
    expect(queryContext(user, {}).securityContext).toEqual({});
    expect(queryContext(user).securityContext).toEqual({ stored: true });
    expect(queryContext(undefined)).toEqual({
      groups: [],
      userAttributes: {},
      securityContext: {},
    });
  });

  test('groups sorted once each; attributes of the tenant only; roles sorted once each, absent when none', () => {
    expect(queryContext(user, undefined, ['z', 'a', 'z'])).toEqual({
      groups: ['a', 'b'],
      userAttributes: { region: 'north', 'x/y': 'slash' },
      securityContext: { stored: true },
      roles: ['a', 'z'],
    });
    expect(queryContext(user, undefined, [])).not.toHaveProperty('roles');
    expect(
      queryContext(user, undefined, undefined, { kind: 'embed', embedTenantName: 'acme' }).embed,
    ).toEqual({
      groups: ['e'],
      userAttributes: { region: 'south' },
    });
    expect(
      queryContext(user, undefined, undefined, { kind: 'embed', embedTenantName: 'none' }).embed,
    ).toEqual({
      groups: [],
      userAttributes: {},
    });
  });

  test('canonical: equal values compare equal whatever their key order, nested too; arrays keep their order', () => {
    expect(canonical({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonical({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonical({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(canonical({ a: { b: 1, a: 2 } })).toBe('{"a":{"a":2,"b":1}}');
    expect(canonical([2, 1])).toBe('[2,1]');
    expect(canonical({ a: [{ b: 1, a: 2 }] })).toBe('{"a":[{"a":2,"b":1}]}');
    // Absent and null are different values: null clears a stored one.
    expect(canonical(undefined)).toBe('undefined');
    expect(canonical(null)).toBe('null');
    expect(canonical('')).toBe('""');
  });
});
