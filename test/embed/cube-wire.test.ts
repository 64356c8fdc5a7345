/**
 * Cube wire compatibility of the embed API (issue 12, contract §1-§4), written from Cube's documentation
 * (docs-mintlify/api-reference/api.yaml: GenerateSession, EmbedSessionSettings, EmbedTheme, UserAttributeInput,
 * PostTokenBySessionIdInput, GenerateEmbedTokenResponse). Every request goes through the local HTTP service.
 */

import { type EmbedTokenClaims, signEmbedToken, TOKEN_ISSUER } from '../../functions/embed/token';
import { keys } from '../../functions/store/keys';
import { chat, chatUrl, stateOf } from '../chat/support';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';
import { readItem } from '../support/store';

const GS = '/api/v1/embed/generate-session';
const TOKEN = '/api/v1/embed/session/token';
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

let counter = 0;
const uniqueUser = () => `cube-${Date.now().toString(36)}-${counter++}`;
const uniqueTenant = () => `cw-${Date.now().toString(36)}-${counter++}`;

type Exchanged = {
  token: string;
  expiresAt: string;
  accountName: string;
  deploymentId: number;
  embedTenantName: string | null;
  creatorMode: boolean;
  user: {
    externalId?: string;
    email?: string;
    groups: string[];
    userAttributes: { name: string; value: unknown }[];
  };
  settings?: Record<string, unknown>;
  embedTheme?: Record<string, unknown>;
  roles?: string[];
  isEphemeral?: boolean;
  userProfile?: Record<string, unknown>;
  error?: string;
  code?: string;
};

const generate = (body: Record<string, unknown>) =>
  api.post<{ sessionId: string; error?: string; code?: string }>(
    GS,
    { deploymentId: 1, ...body },
    { key: svc.adminKey },
  );

async function exchanged(body: Record<string, unknown>, path = TOKEN): Promise<Exchanged> {
  const generated = await generate(body);
  expect([generated.status, generated.body.error]).toEqual([200, undefined]);
  const reply = await api.post<Exchanged>(path, { sessionId: generated.body.sessionId });
  expect(reply.status).toBe(200);
  return reply.body;
}

const decode = (part: string | undefined): Record<string, unknown> =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** A request that must be refused with 400 and write nothing. */
async function refused(body: Record<string, unknown>, code = 'VALIDATION_ERROR', field?: string) {
  const before = await snapshot(svc.service.store);
  const reply = await generate(body);
  expect([reply.status, reply.body.code]).toEqual([400, code]);
  if (field) expect(reply.body.error).toContain(field);
  expect(await snapshot(svc.service.store)).toBe(before);
}

describe("Cube's exchange path", () => {
  test('POST /session/token answers {token, ...}; /session/exchange is an alias; a session is single-use on both', async () => {
    const generated = await generate({ externalId: uniqueUser() });
    const first = await api.post<Exchanged>(TOKEN, { sessionId: generated.body.sessionId });
    expect(first.status).toBe(200);
    expect(typeof first.body.token).toBe('string');
    expect(first.body).toMatchObject({ accountName: 'demo', deploymentId: 1 });
    for (const path of [TOKEN, EXCHANGE]) {
      const again = await api.post<Exchanged>(path, { sessionId: generated.body.sessionId });
      expect([again.status, again.body.code]).toEqual([401, 'SESSION_INVALID']);
    }
    const viaAlias = await exchanged({ externalId: uniqueUser() }, EXCHANGE);
    expect(viaAlias.token.split('.')).toHaveLength(3);
  });

  test("Cube's optional deploymentId: the session's own works, another deployment is 401 and does not spend it", async () => {
    const generated = await generate({ externalId: uniqueUser() });
    const before = await snapshot(svc.service.store);
    const wrong = await api.post<Exchanged>(TOKEN, { sessionId: generated.body.sessionId, deploymentId: 2 });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'SESSION_INVALID']);
    expect(await snapshot(svc.service.store)).toBe(before);
    const right = await api.post<Exchanged>(TOKEN, { sessionId: generated.body.sessionId, deploymentId: 1 });
    expect(right.status).toBe(200);
    const nulls = await generate({ externalId: uniqueUser() });
    const withNull = await api.post(TOKEN, { sessionId: nulls.body.sessionId, deploymentId: null });
    expect(withNull.status).toBe(200);
  });

  test("Cube's published clients send their Api-Key to the exchange: it is not needed and does not hurt", async () => {
    const generated = await generate({ externalId: uniqueUser() });
    const reply = await api.post<Exchanged>(
      TOKEN,
      { sessionId: generated.body.sessionId },
      { key: svc.adminKey },
    );
    expect(reply.status).toBe(200);
  });

  test('unknown fields of the exchange body are 400', async () => {
    const reply = await api.post<Exchanged>(TOKEN, { sessionId: 'x', extra: 1 });
    expect([reply.status, reply.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('the embed token is a signed JWT', () => {
  test('without EMBED_TOKEN_SECRET the exchange is 500 INTERNAL and the session stays unspent', async () => {
    const generated = await generate({ externalId: uniqueUser() });
    const secret = process.env.EMBED_TOKEN_SECRET;
    delete process.env.EMBED_TOKEN_SECRET;
    try {
      const reply = await api.post<{ code?: string }>(TOKEN, { sessionId: generated.body.sessionId });
      expect([reply.status, reply.body.code]).toEqual([500, 'INTERNAL']);
    } finally {
      process.env.EMBED_TOKEN_SECRET = secret;
    }
    expect((await api.post(TOKEN, { sessionId: generated.body.sessionId })).status).toBe(200);
  });

  test('HS256 with exp (= expiresAt), sub, jti; the SQL API accepts it', async () => {
    const externalId = uniqueUser();
    const body = await exchanged({ externalId, userAttributes: [{ name: 'region', value: 'north' }] });
    const [header, payload] = body.token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decode(payload);
    expect(claims).toMatchObject({ sub: `e:${externalId}`, account: 'demo', deploymentId: 1 });
    expect(claims.exp).toBe(Date.parse(body.expiresAt) / 1000);
    expect(typeof claims.jti).toBe('string');
    const sql = await api.post<{ data: unknown[][] }>(
      '/api/v1/deployments/1/sql',
      { query: 'SELECT MEASURE(count) FROM orders_view' },
      { bearer: body.token },
    );
    expect(sql.status).toBe(200);
  });

  test('a changed payload, alg none, an expired token, another jti for the session and a revoked session are 401', async () => {
    const generated = await generate({ externalId: uniqueUser() });
    const { body } = await api.post<Exchanged>(TOKEN, { sessionId: generated.body.sessionId });
    const [header, payload, signature] = body.token.split('.');
    const claims = decode(payload);
    const reencode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const secret = Buffer.from(process.env.EMBED_TOKEN_SECRET ?? '');
    const now = Math.floor(Date.now() / 1000);
    const forged = {
      tampered: `${header}.${reencode({ ...claims, sub: 'e:someone-else' })}.${signature}`,
      algNone: `${reencode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      expired: signEmbedToken({ ...(claims as unknown as EmbedTokenClaims), exp: now - 1 }, secret),
      otherJti: signEmbedToken(
        { ...(claims as unknown as EmbedTokenClaims), jti: 'not-the-stored-one' },
        secret,
      ),
      otherIssuer: signEmbedToken({ ...(claims as unknown as EmbedTokenClaims), iss: 'someone' }, secret),
      // Issue 25: the same signature bytes spelled with the last character's spare bits set.
      respelled: `${header}.${payload}.${(signature ?? '').slice(0, -1)}${spareBitsSet((signature ?? '').at(-1) ?? 'A')}`,
    };
    expect(claims.iss).toBe(TOKEN_ISSUER);
    const sqlWith = (bearer: string) =>
      api.post<{ code?: string }>(
        '/api/v1/deployments/1/sql',
        { query: 'SELECT 1 FROM orders_view' },
        { bearer },
      );
    for (const [name, token] of Object.entries(forged)) {
      const reply = await sqlWith(token);
      expect([name, reply.status, reply.body.code]).toEqual([name, 401, 'UNAUTHORIZED']);
    }
    expect((await sqlWith(body.token)).status).toBe(200);
    const revoked = await api.post(REVOKE, { sessionId: generated.body.sessionId }, { key: svc.adminKey });
    expect(revoked.status).toBe(204);
    const after = await sqlWith(body.token);
    expect([after.status, after.body.code]).toEqual([401, 'UNAUTHORIZED']);
  });
});

/** A base64url character with the same top four bits and both spare (low) bits set. */
function spareBitsSet(char: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return alphabet[(alphabet.indexOf(char) & ~3) | 3] ?? char;
}

describe("Cube's generate-session fields", () => {
  const everything = () => ({
    externalId: uniqueUser(),
    email: 'a@b.c',
    userProfile: { displayName: 'Ada', picture: 'https://example.com/a.png' },
    isEphemeral: false,
    roles: ['viewer'],
    branchName: 'main',
    embedTheme: {
      primaryColor: '#123456',
      font: 'Inter',
      chat: { inputColor: '#fff' },
      analyticsChat: { backgroundColor: '#000', chatInput: { backgroundColor: '#111', borderColor: null } },
    },
    settings: {
      allowAi: true,
      allowChatWorkspaceAuthoring: false,
      locale: 'es-ES',
      showAiWidgets: false,
      showDashboardChat: true,
      showDashboardSettings: false,
      showGroupByCube: true,
      showMemberNames: false,
      showWorkbookChat: null,
      showWorkbookShare: false,
      timezone: 'America/New_York',
    },
  });

  test('every documented field is accepted and the session records it', async () => {
    const body = everything();
    const out = await exchanged(body);
    expect(out.user).toMatchObject({ externalId: body.externalId, email: 'a@b.c' });
    expect(out.roles).toEqual(['viewer']);
    expect(out.embedTheme).toEqual({
      primaryColor: '#123456',
      font: 'Inter',
      chat: { inputColor: '#fff' },
      analyticsChat: { backgroundColor: '#000', chatInput: { backgroundColor: '#111' } },
    });
    expect(out.settings).toMatchObject({
      locale: 'es-ES',
      timezone: 'America/New_York',
      showMemberNames: false,
    });
    expect(out.settings).not.toHaveProperty('showWorkbookChat');
    expect(out.isEphemeral).toBe(false);
  });

  test('null for every optional field means absent', async () => {
    const externalId = uniqueUser();
    const nulls = {
      internalId: null,
      email: null,
      embedTenantName: null,
      creatorMode: null,
      userAttributes: null,
      groups: null,
      userAttributeDefinitions: null,
      groupDefinitions: null,
      tenantGroups: null,
      tenantGroupDefinitions: null,
      securityContext: null,
      userProfile: null,
      branchName: null,
      isEphemeral: null,
      roles: null,
      embedTheme: null,
      embedTenantProfile: null,
      settings: null,
    };
    const out = await exchanged({ externalId, ...nulls });
    expect(out).toMatchObject({
      embedTenantName: null,
      creatorMode: false,
      user: { externalId, groups: [] },
    });
    expect(out).not.toHaveProperty('settings');
  });

  test('unknown fields, unknown settings keys and unknown theme keys stay 400 and write nothing', async () => {
    await refused({ externalId: uniqueUser(), bogus: 1 }, 'VALIDATION_ERROR', 'bogus');
    await refused({ externalId: uniqueUser(), settings: { allowAI: false } }, 'VALIDATION_ERROR', 'allowAI');
    await refused({ externalId: uniqueUser(), embedTheme: { colour: 'red' } }, 'VALIDATION_ERROR', 'colour');
  });

  test('isEphemeral: an ephemeral user with the default week, not counted toward the limit; false makes it persistent', async () => {
    const externalId = uniqueUser();
    const countOf = async () => {
      const account = await readItem(svc.service.store, keys.account('demo'));
      return Number(account?.userCount ?? 0);
    };
    const userItem = async () => readItem(svc.service.store, keys.externalUser('demo', externalId));
    const before = await countOf();
    const start = Math.floor(Date.now() / 1000);
    await exchanged({ externalId, isEphemeral: true });
    const ephemeral = await userItem();
    expect(Number(ephemeral?.expiresAt)).toBeGreaterThanOrEqual(start + 604_800);
    expect(Number(ephemeral?.expiresAt)).toBeLessThanOrEqual(start + 604_800 + 5);
    expect(await countOf()).toBe(before);
    // A later call does not extend the expiry (the chat's rule).
    await exchanged({ externalId, isEphemeral: true });
    expect((await userItem())?.expiresAt).toBe(ephemeral?.expiresAt);
    await exchanged({ externalId, isEphemeral: false });
    expect((await userItem())?.expiresAt).toBeUndefined();
    expect(await countOf()).toBe(before + 1);
  });

  test('email: what a mail system accepts, at most 254 characters', async () => {
    for (const email of [
      'a@b.c',
      'root@localhost',
      'first.last+tag@sub.example.museum',
      '"quoted name"@x.io',
      'ü@exämple.de',
    ]) {
      const out = await exchanged({ externalId: uniqueUser(), email });
      expect(out.user.email).toBe(email);
    }
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(long).toHaveLength(254);
    expect((await generate({ externalId: uniqueUser(), email: long })).status).toBe(200);
    expect((await generate({ externalId: uniqueUser(), email: 'a@[127.0.0.1]' })).status).toBe(200);
    for (const email of [
      `${long}x`,
      `${'a'.repeat(65)}@b.c`,
      'no-at-sign',
      'a@',
      '@b.c',
      'a b@c.d',
      'a@b..c',
      'a..b@c.d',
      'a@-b.c',
    ]) {
      await refused({ externalId: uniqueUser(), email }, 'VALIDATION_ERROR', 'email');
    }
  });

  test('userAttributes: a missing value clears it; the boolean type', async () => {
    const externalId = uniqueUser();
    const set = await exchanged({ externalId, userAttributes: [{ name: 'region', value: 'north' }] });
    expect(set.user.userAttributes).toEqual([{ name: 'region', value: 'north' }]);
    const cleared = await exchanged({ externalId, userAttributes: [{ name: 'region' }] });
    expect(cleared.user.userAttributes).toEqual([]);

    const tenant = uniqueTenant();
    const creator = {
      externalId: uniqueUser(),
      creatorMode: true,
      embedTenantName: tenant,
      userAttributeDefinitions: [{ name: 'is_vip', type: 'boolean', displayName: null }],
    };
    const vip = await exchanged({ ...creator, userAttributes: [{ name: 'is_vip', value: true }] });
    expect(vip.user.userAttributes).toEqual([{ name: 'is_vip', value: true }]);
    await refused(
      { ...creator, userAttributes: [{ name: 'is_vip', value: 'yes' }] },
      'ATTRIBUTE_VALUE_TYPE_MISMATCH',
      'is_vip',
    );
  });

  test('creatorMode without embedTenantName uses the current tenant; definitions still need a tenant', async () => {
    const out = await exchanged({ externalId: uniqueUser(), creatorMode: true, groups: ['analysts'] });
    expect(out).toMatchObject({ creatorMode: true, embedTenantName: null, user: { groups: ['analysts'] } });
    await refused(
      { externalId: uniqueUser(), creatorMode: true, groupDefinitions: [{ name: 'g1' }] },
      'VALIDATION_ERROR',
      'embedTenantName',
    );
  });

  test('tenantGroups and tenantGroupDefinitions are the embed tenant groups of creator mode; embedTenantProfile names the tenant', async () => {
    const tenant = uniqueTenant();
    const out = await exchanged({
      externalId: uniqueUser(),
      creatorMode: true,
      embedTenantName: tenant,
      embedTenantProfile: { displayName: 'Acme Corp' },
      tenantGroupDefinitions: [{ name: 'editors', description: null }],
      tenantGroups: ['editors'],
    });
    expect(out.user.groups).toEqual(['editors']);
    const record = await readItem(svc.service.store, keys.embedTenant('demo', tenant));
    expect(record?.displayName).toBe('Acme Corp');
    await refused(
      { externalId: uniqueUser(), tenantGroups: ['editors'] },
      'VALIDATION_ERROR',
      'tenantGroups',
    );
    await refused(
      {
        externalId: uniqueUser(),
        creatorMode: true,
        embedTenantName: tenant,
        tenantGroups: ['editors'],
        groups: [],
      },
      'VALIDATION_ERROR',
      'tenantGroups',
    );
  });

  test('internalId with roles or isEphemeral is 400', async () => {
    await refused({ internalId: 'admin@example.com', roles: ['x'] }, 'VALIDATION_ERROR', 'roles');
    await refused({ internalId: 'admin@example.com', isEphemeral: true }, 'VALIDATION_ERROR', 'isEphemeral');
  });
});

describe('chat with Cube-shaped requests', () => {
  test('settings.allowAi false: the token is refused by chat with 403 FORBIDDEN and nothing is written', async () => {
    const out = await exchanged({ externalId: uniqueUser(), settings: { allowAi: false } });
    const before = await snapshot(svc.service.store);
    const reply = await chat(chatUrl(svc.baseUrl), { input: 'count of orders' }, { bearer: out.token });
    expect([reply.status, reply.error?.code]).toEqual([403, 'FORBIDDEN']);
    expect(await snapshot(svc.service.store)).toBe(before);
  });

  test('images, null fields and the other sessionSettings fields are accepted; a bad image is 400 and writes nothing', async () => {
    const url = chatUrl(svc.baseUrl);
    const externalId = uniqueUser();
    const ok = await chat(
      url,
      {
        input: 'count of orders',
        chatId: null,
        messageId: null,
        activeBranchName: null,
        images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=', name: 'chart.png' }],
        sessionSettings: {
          externalId,
          email: 'a@b.c',
          roles: ['viewer'],
          publicDashboardId: 'abc123',
          groups: ['managers'],
          internalId: null,
          securityContext: null,
        },
      },
      { key: svc.adminKey },
    );
    expect([ok.status, stateOf(ok.lines)?.status]).toEqual([200, 'completed']);
    const before = await snapshot(svc.service.store);
    const bad = await chat(
      url,
      {
        input: 'count of orders',
        images: [{ mimeType: 'text/html', data: 'PGI+' }],
        sessionSettings: { externalId },
      },
      { key: svc.adminKey },
    );
    expect([bad.status, bad.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(bad.error?.error).toContain('images');
    expect(await snapshot(svc.service.store)).toBe(before);
  });
});

describe("Cube's embed page address", () => {
  test('GET /embed/chat?sessionId= serves the page (session= too)', async () => {
    for (const query of ['sessionId=abc', 'session=abc']) {
      const reply = await fetch(`${svc.baseUrl}/embed/chat?${query}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('text/html');
    }
  });
});
