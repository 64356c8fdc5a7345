import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/store/keys';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

const GS = '/api/v1/embed/generate-session';
const EXCHANGE = '/api/v1/embed/session/exchange';
const REVOKE = '/api/v1/embed/session/revoke';

let svc: TestService;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
});
afterAll(async () => {
  await svc.stop();
});

type Exchanged = {
  token: string;
  expiresAt: string;
  deploymentId: number;
  embedTenantName: string | null;
  creatorMode: boolean;
  user: {
    externalId?: string;
    internalId?: string;
    email?: string;
    groups: string[];
    userAttributes: { name: string; value: unknown }[];
  };
};

async function session(body: Record<string, unknown>, key = svc.adminKey) {
  return api.post<{ sessionId?: string; error?: string; code?: string }>(GS, body, { key });
}

/** Generates a session and exchanges it, returning the user as the embed UI would see it. */
async function userAfter(body: Record<string, unknown>): Promise<Exchanged> {
  const generated = await session(body);
  expect(generated.status).toBe(200);
  const exchanged = await api.post<Exchanged>(EXCHANGE, { sessionId: generated.body.sessionId });
  expect(exchanged.status).toBe(200);
  return exchanged.body;
}

let counter = 0;
const uniqueUser = () => `user-${Date.now()}-${counter++}`;
const uniqueTenant = () => `t-${Date.now().toString(36)}-${counter++}`;

describe('authentication', () => {
  test('missing, malformed and unknown keys are 401 UNAUTHORIZED', async () => {
    for (const headers of [{}, { authorization: 'Bearer abc' }, { authorization: 'Api-Key nope' }] as Record<
      string,
      string
    >[]) {
      const reply = await api.post(GS, { deploymentId: 1, externalId: 'a' }, { headers });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  test('a member key is 403 FORBIDDEN on generate-session and writes nothing', async () => {
    const before = await snapshot(svc.service.store);
    const reply = await session({ deploymentId: 1, externalId: uniqueUser() }, svc.memberKey);
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('FORBIDDEN');
    expect(await snapshot(svc.service.store)).toBe(before);
  });
});

describe('request validation', () => {
  test.each([
    ['malformed JSON', { raw: '{"deploymentId": 1,' }, 'body'],
    ['an array body', { raw: '[]' }, 'body'],
    ['an unknown field', { body: { deploymentId: 1, externalId: 'a', color: 'red' } }, 'body.color'],
    ['a wrong type', { body: { deploymentId: '1', externalId: 'a' } }, 'body.deploymentId'],
    [
      'both ids',
      { body: { deploymentId: 1, externalId: 'a', internalId: 'admin@example.com' } },
      'externalId',
    ],
    ['neither id', { body: { deploymentId: 1 } }, 'externalId'],
    ['an empty externalId', { body: { deploymentId: 1, externalId: '   ' } }, 'body.externalId'],
    ['a too long externalId', { body: { deploymentId: 1, externalId: 'x'.repeat(257) } }, 'body.externalId'],
    [
      'internalId with groups',
      { body: { deploymentId: 1, internalId: 'admin@example.com', groups: [] } },
      'body.groups',
    ],
    [
      'internalId with email',
      { body: { deploymentId: 1, internalId: 'admin@example.com', email: 'a@b.co' } },
      'body.email',
    ],
    [
      'internalId with userAttributes',
      { body: { deploymentId: 1, internalId: 'admin@example.com', userAttributes: [] } },
      'body.userAttributes',
    ],
    [
      'internalId with securityContext',
      { body: { deploymentId: 1, internalId: 'admin@example.com', securityContext: {} } },
      'body.securityContext',
    ],
    [
      'definitions without creatorMode',
      {
        body: {
          deploymentId: 1,
          externalId: 'a',
          embedTenantName: 'acme-corp',
          groupDefinitions: [{ name: 'g' }],
        },
      },
      'body.groupDefinitions',
    ],
    [
      'definitions without embedTenantName',
      {
        body: {
          deploymentId: 1,
          externalId: 'a',
          creatorMode: true,
          userAttributeDefinitions: [{ name: 'x', type: 'string' }],
        },
      },
      'body.userAttributeDefinitions',
    ],
    [
      'a bad attribute type',
      {
        body: {
          deploymentId: 1,
          externalId: 'a',
          creatorMode: true,
          embedTenantName: 'acme-corp',
          userAttributeDefinitions: [{ name: 'x', type: 'date' }],
        },
      },
      'type',
    ],
    [
      'an invalid picture URL',
      { body: { deploymentId: 1, externalId: 'a', userProfile: { picture: 'javascript:alert(1)' } } },
      'body.userProfile.picture',
    ],
  ])('%s is 400 VALIDATION_ERROR naming the field', async (_name, input, field) => {
    const before = await snapshot(svc.service.store);
    const reply = await api.post(GS, 'body' in input ? input.body : undefined, {
      key: svc.adminKey,
      ...('raw' in input ? { raw: input.raw } : {}),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_ERROR');
    expect(String(reply.body.error)).toContain(field);
    expect(await snapshot(svc.service.store)).toBe(before);
  });

  test.each(['abcd', 'a'.repeat(37), '1tenant', 'tenant-', 'Tenant', 'ten_ant', 'ten ant'])(
    'embedTenantName %j is rejected',
    async (name) => {
      const reply = await session({ deploymentId: 1, externalId: 'a', embedTenantName: name });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toContain('embedTenantName');
    },
  );

  test.each(['abcde', 'a'.repeat(36), 'acme-2', 'a1-b2-c3'])(
    'embedTenantName %j is accepted',
    async (name) => {
      expect(
        (await session({ deploymentId: 1, externalId: uniqueUser(), embedTenantName: name })).status,
      ).toBe(200);
    },
  );

  test('a body over 256 KiB is 413 PAYLOAD_TOO_LARGE', async () => {
    const reply = await api.post(
      GS,
      { deploymentId: 1, externalId: 'a', securityContext: { pad: 'x'.repeat(270_000) } },
      { key: svc.adminKey },
    );
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('a content type other than JSON is 400', async () => {
    const reply = await api.post(GS, undefined, {
      key: svc.adminKey,
      raw: JSON.stringify({ deploymentId: 1, externalId: 'a' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('deployments and branches', () => {
  test('an unknown deployment is 404 DEPLOYMENT_NOT_FOUND and writes nothing', async () => {
    const before = await snapshot(svc.service.store);
    const reply = await session({ deploymentId: 999, externalId: uniqueUser(), groups: ['analysts'] });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('DEPLOYMENT_NOT_FOUND');
    expect(await snapshot(svc.service.store)).toBe(before);
  });

  test('an unknown branch is 404 BRANCH_NOT_FOUND; a known one is accepted', async () => {
    const unknown = await session({ deploymentId: 1, externalId: uniqueUser(), branchName: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('BRANCH_NOT_FOUND');
    expect((await session({ deploymentId: 1, externalId: uniqueUser(), branchName: 'dev' })).status).toBe(
      200,
    );
  });
});

describe('external users', () => {
  test('externalId is trimmed and lowercased: " Alice " and "alice" are one user', async () => {
    const id = uniqueUser();
    await userAfter({
      deploymentId: 1,
      externalId: `  ${id.toUpperCase()} `,
      userAttributes: [{ name: 'region', value: 'north' }],
    });
    const user = await userAfter({ deploymentId: 1, externalId: id });
    expect(user.user.externalId).toBe(id);
    expect(user.user.userAttributes).toEqual([{ name: 'region', value: 'north' }]);
  });

  test('attribute values are typed, overwritten only for the supplied names, and null clears', async () => {
    const externalId = uniqueUser();
    await userAfter({
      deploymentId: 1,
      externalId,
      email: 'a@example.com',
      userAttributes: [
        { name: 'region', value: 'north' },
        { name: 'allowed_categories', value: ['toys', 'grocery'] },
        { name: 'min_order_amount', value: 10 },
      ],
    });
    const after = await userAfter({
      deploymentId: 1,
      externalId,
      userAttributes: [
        { name: 'region', value: 'south' },
        { name: 'min_order_amount', value: null },
      ],
    });
    expect(after.user.email).toBe('a@example.com');
    expect(after.user.userAttributes).toEqual([
      { name: 'allowed_categories', value: ['toys', 'grocery'] },
      { name: 'region', value: 'south' },
    ]);
  });

  test('unknown attribute names fail with "User attributes not found" listing them, writing nothing', async () => {
    const before = await snapshot(svc.service.store);
    const reply = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      userAttributes: [
        { name: 'region', value: 'north' },
        { name: 'planet', value: 'mars' },
        { name: 'moon', value: 1 },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('USER_ATTRIBUTES_NOT_FOUND');
    expect(reply.body.error).toContain('User attributes not found');
    expect(reply.body.error).toContain('planet');
    expect(reply.body.error).toContain('moon');
    expect(await snapshot(svc.service.store)).toBe(before);
  });

  test.each([
    ['region', 5],
    ['region', ['north']],
    ['min_order_amount', '10'],
    ['allowed_categories', 'toys'],
    ['allowed_categories', [1, 2]],
  ])('a value of the wrong type for %s is 400 ATTRIBUTE_VALUE_TYPE_MISMATCH', async (name, value) => {
    const reply = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      userAttributes: [{ name, value }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('ATTRIBUTE_VALUE_TYPE_MISMATCH');
    expect(reply.body.error).toContain(name);
  });

  test('duplicate names in userAttributes are 400 DUPLICATE_NAME', async () => {
    const reply = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      userAttributes: [
        { name: 'region', value: 'north' },
        { name: 'region', value: 'south' },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('DUPLICATE_NAME');
    expect(reply.body.error).toContain('region');
  });

  test('groups: omitted preserves, a list replaces, [] clears', async () => {
    const externalId = uniqueUser();
    expect((await userAfter({ deploymentId: 1, externalId, groups: ['analysts'] })).user.groups).toEqual([
      'analysts',
    ]);
    expect((await userAfter({ deploymentId: 1, externalId })).user.groups).toEqual(['analysts']);
    expect((await userAfter({ deploymentId: 1, externalId, groups: ['managers'] })).user.groups).toEqual([
      'managers',
    ]);
    expect((await userAfter({ deploymentId: 1, externalId, groups: [] })).user.groups).toEqual([]);
  });

  test('unresolvable groups fail with "Groups with names <missing> not found" listing exactly them', async () => {
    const before = await snapshot(svc.service.store);
    const reply = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      groups: ['analysts', 'pirates', 'ninjas'],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('GROUPS_NOT_FOUND');
    expect(reply.body.error).toBe('Groups with names pirates, ninjas not found');
    expect(await snapshot(svc.service.store)).toBe(before);
  });
});

describe('internal users', () => {
  test('an existing internal user gets a session with its own permissions', async () => {
    const user = await userAfter({ deploymentId: 1, internalId: 'admin@example.com' });
    expect(user.user).toMatchObject({ internalId: 'admin@example.com', groups: ['managers'] });
  });

  test('an unknown internal user is 404 and writes nothing', async () => {
    const before = await snapshot(svc.service.store);
    const reply = await session({ deploymentId: 1, internalId: 'ghost@example.com' });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('USER_NOT_FOUND');
    expect(await snapshot(svc.service.store)).toBe(before);
  });
});

describe('creator mode', () => {
  test('needs the useCreatorMode flag: 403 CREATOR_MODE_DISABLED', async () => {
    for (const extra of [{ creatorMode: true }, { creatorMode: true, groupDefinitions: [{ name: 'g' }] }]) {
      const reply = await session(
        { deploymentId: 1, externalId: 'a', embedTenantName: 'acme-corp', ...extra },
        svc.starterKey,
      );
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('CREATOR_MODE_DISABLED');
    }
  });

  test('definitions are upserted before values and memberships, inside the embed tenant only', async () => {
    const tenant = uniqueTenant();
    const user = await userAfter({
      deploymentId: 1,
      externalId: uniqueUser(),
      creatorMode: true,
      embedTenantName: tenant,
      groupDefinitions: [{ name: 'analysts', description: 'Tenant analysts' }, { name: 'sales' }],
      userAttributeDefinitions: [{ name: 'region', type: 'string_array', displayName: 'Regions' }],
      groups: ['sales', 'analysts'],
      userAttributes: [{ name: 'region', value: ['north', 'east'] }],
    });
    expect(user).toMatchObject({ creatorMode: true, embedTenantName: tenant });
    expect(user.user.groups).toEqual(['sales', 'analysts']);
    expect(user.user.userAttributes).toEqual([{ name: 'region', value: ['north', 'east'] }]);
    // The tenant-wide `region` (a string) and tenant-wide groups are untouched.
    const readOnly = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      userAttributes: [{ name: 'region', value: 'x' }],
    });
    expect(readOnly.status).toBe(200);
    const groups = await api.get<{ items: { name: string; description?: string }[] }>(
      `/api/v1/embed-tenants/${tenant}/groups`,
      { key: svc.adminKey },
    );
    expect(groups.body.items.map((g) => g.name)).toEqual(['analysts', 'sales']);
  });

  test('in creator mode names resolve against the embed tenant, not tenant-wide', async () => {
    const reply = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      creatorMode: true,
      embedTenantName: uniqueTenant(),
      groups: ['managers'],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Groups with names managers not found');
  });

  test('updates description, displayName, defaultValue only when supplied; never clears them', async () => {
    const tenant = uniqueTenant();
    const base = { deploymentId: 1, creatorMode: true, embedTenantName: tenant };
    await userAfter({
      ...base,
      externalId: uniqueUser(),
      groupDefinitions: [{ name: 'g1', description: 'first' }],
      userAttributeDefinitions: [
        { name: 'a1', type: 'number', displayName: 'A', defaultValue: '1', description: 'd' },
      ],
    });
    await userAfter({
      ...base,
      externalId: uniqueUser(),
      groupDefinitions: [{ name: 'g1' }],
      userAttributeDefinitions: [{ name: 'a1', type: 'number', displayName: 'B' }],
    });
    const groups = await api.get<{ items: Record<string, unknown>[] }>(
      `/api/v1/embed-tenants/${tenant}/groups`,
      { key: svc.adminKey },
    );
    expect(groups.body.items[0]).toMatchObject({ name: 'g1', description: 'first' });
    const attrs = await api.get<{ items: Record<string, unknown>[] }>(
      `/api/v1/embed-tenants/${tenant}/user-attributes`,
      {
        key: svc.adminKey,
      },
    );
    expect(attrs.body.items[0]).toMatchObject({
      name: 'a1',
      type: 'number',
      displayName: 'B',
      defaultValue: '1',
      description: 'd',
    });
  });

  test('a type change is 409 "cannot change type" and nothing of the request is upserted', async () => {
    const tenant = uniqueTenant();
    const base = { deploymentId: 1, creatorMode: true, embedTenantName: tenant };
    await userAfter({
      ...base,
      externalId: uniqueUser(),
      userAttributeDefinitions: [{ name: 'score', type: 'number' }],
    });
    const before = await snapshot(svc.service.store);
    const reply = await session({
      ...base,
      externalId: uniqueUser(),
      groupDefinitions: [{ name: 'brand-new' }],
      userAttributeDefinitions: [
        { name: 'other', type: 'string' },
        { name: 'score', type: 'string' },
      ],
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('ATTRIBUTE_TYPE_CONFLICT');
    expect(reply.body.error).toContain('cannot change type');
    expect(await snapshot(svc.service.store)).toBe(before);
  });

  test('duplicate definitions are 400 DUPLICATE_NAME', async () => {
    for (const defs of [
      { groupDefinitions: [{ name: 'x' }, { name: 'x' }] },
      {
        userAttributeDefinitions: [
          { name: 'y', type: 'string' },
          { name: 'y', type: 'number' },
        ],
      },
    ]) {
      const reply = await session({
        deploymentId: 1,
        externalId: 'a',
        creatorMode: true,
        embedTenantName: 'acme-corp',
        ...defs,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('DUPLICATE_NAME');
    }
  });

  test('a value of the wrong type for a definition in the same request is 400', async () => {
    const reply = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      creatorMode: true,
      embedTenantName: uniqueTenant(),
      userAttributeDefinitions: [{ name: 'n', type: 'number' }],
      userAttributes: [{ name: 'n', value: 'ten' }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('ATTRIBUTE_VALUE_TYPE_MISMATCH');
  });

  test('memberships in other scopes are untouched by groups in one scope', async () => {
    const externalId = uniqueUser();
    const tenant = uniqueTenant();
    await userAfter({ deploymentId: 1, externalId, groups: ['analysts'] });
    await userAfter({
      deploymentId: 1,
      externalId,
      creatorMode: true,
      embedTenantName: tenant,
      groupDefinitions: [{ name: 'local' }],
      groups: [],
    });
    expect((await userAfter({ deploymentId: 1, externalId })).user.groups).toEqual(['analysts']);
  });
});

describe('sessions', () => {
  test('identifiers are long random URL-safe strings', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(() => session({ deploymentId: 1, externalId: uniqueUser() })),
    );
    for (const reply of ids) expect(reply.body.sessionId).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(new Set(ids.map((r) => r.body.sessionId)).size).toBe(3);
  });

  test('exchange is single use and yields a 24-hour token', async () => {
    const { body } = await session({
      deploymentId: 1,
      externalId: uniqueUser(),
      userProfile: { displayName: 'Ann' },
      settings: { allowAi: false },
    });
    const first = await api.post<Exchanged & { userProfile: unknown; settings: unknown }>(EXCHANGE, {
      sessionId: body.sessionId,
    });
    expect(first.status).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    const hours = (Date.parse(first.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(first.body).toMatchObject({
      deploymentId: 1,
      embedTenantName: null,
      creatorMode: false,
      userProfile: { displayName: 'Ann' },
      settings: { allowAi: false },
    });
    const second = await api.post(EXCHANGE, { sessionId: body.sessionId });
    expect(second.status).toBe(401);
    expect(second.body.code).toBe('SESSION_INVALID');
  });

  test('unknown and expired sessions are 401 SESSION_INVALID', async () => {
    expect((await api.post(EXCHANGE, { sessionId: 'nope' })).body.code).toBe('SESSION_INVALID');
    const { body } = await session({ deploymentId: 1, externalId: uniqueUser() });
    await svc.service.store.doc.send(
      new UpdateCommand({
        TableName: svc.service.store.tableName,
        Key: keys.session(String(body.sessionId)),
        UpdateExpression: 'SET sessionExpiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const reply = await api.post(EXCHANGE, { sessionId: body.sessionId });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('SESSION_INVALID');
  });

  test('revoke is idempotent (204) and an unexchanged session can no longer be exchanged', async () => {
    const { body } = await session({ deploymentId: 1, externalId: uniqueUser() });
    for (let i = 0; i < 2; i += 1) {
      const reply = await api.post(REVOKE, { sessionId: body.sessionId }, { key: svc.adminKey });
      expect(reply.status).toBe(204);
      expect(reply.text).toBe('');
    }
    expect((await api.post(REVOKE, { sessionId: 'never-existed' }, { key: svc.adminKey })).status).toBe(204);
    expect((await api.post(EXCHANGE, { sessionId: body.sessionId })).status).toBe(401);
  });

  test('revoke needs an admin key of the same account', async () => {
    const { body } = await session({ deploymentId: 1, externalId: uniqueUser() });
    expect((await api.post(REVOKE, { sessionId: body.sessionId }, { key: svc.memberKey })).status).toBe(403);
    expect((await api.post(REVOKE, { sessionId: body.sessionId })).status).toBe(401);
    // Another account's admin gets 204 but the session survives.
    expect((await api.post(REVOKE, { sessionId: body.sessionId }, { key: svc.starterKey })).status).toBe(204);
    expect((await api.post(EXCHANGE, { sessionId: body.sessionId })).status).toBe(200);
  });
});
