/**
 * Cube token authentication of the chat (Cube's chat.yaml, `cubeToken`): `X-Cube-Auth-Token: <JWT>` signed with
 * the deployment's own secret, naming the user in `externalId` (or `sub`), carrying `chat` in `scope`; on the
 * agent-scoped URL and on Cube's deployment-scoped URL (which accepts nothing else). Through the local service.
 */

import { createHmac } from 'node:crypto';
import { resolveIdentity } from '../../functions/access/identity';
import { runCommand } from '../../functions/admin/cli';
import { cubeTokenSecrets } from '../../functions/embed/cube-token-secret';
import { abort, chat, chatUrl, stateOf } from '../chat/support';
import { signJwt } from '../support/cube-token';
import { snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

let svc: TestService;
const SECRET = 'cube-token-test-secret-of-deployment-one';

beforeAll(async () => {
  svc = await startService();
  expect(await cubeTokenSecrets.set(svc.service.store, 'demo', 1, SECRET)).toBe(true);
});
afterAll(async () => {
  await svc.stop();
});

let n = 0;
const now = () => Math.floor(Date.now() / 1000);

const jwt = (claims: Record<string, unknown>, secret = SECRET, alg = 'HS256') => signJwt(claims, secret, alg);

const token = (extra: Record<string, unknown> = {}) =>
  jwt({ externalId: `cube-token-${n++}`, scope: ['chat'], exp: now() + 600, region: 'north', ...extra });

const deploymentUrl = (deploymentId = 1) =>
  `${svc.baseUrl}/api/v1/public/demo/deployments/${deploymentId}/chat`;

test('the agent URL streams a turn for a Cube token, owned by the user it names', async () => {
  const reply = await chat(chatUrl(svc.baseUrl), { input: 'total amount by region' }, { cubeToken: token() });
  expect(reply.status).toBe(200);
  expect(reply.lines.at(-1)?.id).toBe('__usage__');
  expect(stateOf(reply.lines)?.status).toBe('completed');
});

test("Cube's deployment URL talks to the deployment's agent, and accepts only a Cube token", async () => {
  const cubeToken = token();
  const reply = await chat(deploymentUrl(), { input: 'count of orders by status' }, { cubeToken });
  expect(reply.status).toBe(200);
  expect(stateOf(reply.lines)?.status).toBe('completed');
  const chatId = String((reply.lines[0]?.state as { chatId?: string } | undefined)?.chatId);
  // The same user may abort its thread through the same URL; an API key is refused there.
  expect((await abort(deploymentUrl(), { chatId }, { cubeToken })).status).toBe(204);
  const withKey = await chat(
    deploymentUrl(),
    { input: 'count of orders', sessionSettings: { externalId: 'x' } },
    { key: svc.adminKey },
  );
  expect([withKey.status, withKey.error?.code]).toEqual([401, 'UNAUTHORIZED']);
  // A deployment without agents has nothing to talk to.
  expect((await chat(deploymentUrl(77), { input: 'count' }, { cubeToken })).status).toBe(404);
});

test('its claims are the security context of the queries, as in Cube', async () => {
  const claims = { externalId: 'cube-claims', scope: ['chat'], exp: now() + 600, region: 'south', tier: 2 };
  const identity = await resolveIdentity(svc.service.store, undefined, undefined, {
    purpose: 'chat',
    provision: false,
    cubeToken: { token: jwt(claims), account: 'demo', deploymentId: 1 },
  });
  expect(identity.user).toEqual({ kind: 'external', externalId: 'cube-claims' });
  expect(identity.deploymentId).toBe(1);
  expect(identity.query.securityContext).toEqual(claims);
  // Nothing stores this user: its threads expire as an ephemeral chat user's (a week), never last forever.
  const week = 7 * 24 * 3600;
  expect(identity.expiresAt).toBeGreaterThan(now() + week - 60);
  expect(identity.expiresAt).toBeLessThanOrEqual(now() + week + 1);
});

test.each([
  [
    'another secret',
    () => token().replace(/\.[^.]+$/, `.${createHmac('sha256', 'nope').update('x').digest('base64url')}`),
  ],
  [
    'signed with another key',
    () => jwt({ externalId: 'x', scope: ['chat'], exp: now() + 60 }, 'another-secret'),
  ],
  ['expired', () => token({ exp: now() - 1 })],
  ['without exp', () => jwt({ externalId: 'x', scope: ['chat'] })],
  ['without the chat scope', () => token({ scope: ['sql'] })],
  ['scope as a string', () => token({ scope: 'chat' })],
  ['naming no user', () => jwt({ scope: ['chat'], exp: now() + 60 })],
  ['alg none', () => jwt({ externalId: 'x', scope: ['chat'], exp: now() + 60 }, SECRET, 'none')],
  // Issue 25: no token lives forever, and one token has one spelling.
  ['that never expires in practice (exp 1e300)', () => token({ exp: 1e300 })],
  ['living longer than the default 24 h', () => token({ exp: now() + 86_400 + 120 })],
  ['issued long ago for a long life', () => token({ iat: now() - 3 * 86_400, exp: now() + 60 })],
  ['issued in the future', () => token({ iat: now() + 3600, exp: now() + 7200 })],
  ['with a non-numeric iat', () => token({ iat: 'yesterday' })],
  ['whose signature is spelled another way (spare bits set)', () => respell(token())],
])('a token %s is 401 and writes nothing', async (_name, make) => {
  const before = await snapshot(svc.service.store);
  const reply = await chat(chatUrl(svc.baseUrl), { input: 'total amount' }, { cubeToken: make() });
  expect([reply.status, reply.error?.code]).toEqual([401, 'UNAUTHORIZED']);
  expect(await snapshot(svc.service.store)).toBe(before);
});

/** The same signature bytes with the last base64url character's two spare bits set: another spelling. */
function respell(signed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = signed.at(-1) ?? 'A';
  const other = alphabet[(alphabet.indexOf(last) & ~3) | 3] ?? last;
  expect(Buffer.from(signed.slice(signed.lastIndexOf('.') + 1).slice(0, -1) + other, 'base64url')).toEqual(
    Buffer.from(signed.slice(signed.lastIndexOf('.') + 1), 'base64url'),
  );
  return signed.slice(0, -1) + other;
}

test('a deployment bounds token lifetime and denies a jti, both set with the CLI', async () => {
  const cli = (...argv: string[]) => runCommand(svc.service.store, argv, async () => []);
  const send = (cubeToken: string) => chat(chatUrl(svc.baseUrl), { input: 'total amount' }, { cubeToken });
  try {
    const short = await cli(
      'deployment',
      'cube-token-policy',
      '--account',
      'demo',
      '--id',
      '1',
      '--max-lifetime',
      '600',
    );
    expect(short).toMatchObject({ maxLifetimeSeconds: 600 });
    expect((await send(token({ exp: now() + 500 }))).status).toBe(200);
    expect((await send(token({ exp: now() + 900 }))).error?.error).toContain(
      'lives longer than this deployment allows',
    );
    const exp = now() + 300;
    const denied = await cli(
      'deployment',
      'cube-token-policy',
      '--account',
      'demo',
      '--id',
      '1',
      '--deny-jti',
      'leaked-1',
      '--until',
      String(exp),
    );
    expect(denied).toMatchObject({ deniedJtis: ['leaked-1'] });
    const leaked = await send(token({ jti: 'leaked-1', exp }));
    expect([leaked.status, leaked.error?.error]).toEqual([401, expect.stringContaining('jti is revoked')]);
    expect((await send(token({ jti: 'fine-2', exp }))).status).toBe(200);
    await expect(
      cli(
        'deployment',
        'cube-token-policy',
        '--account',
        'demo',
        '--id',
        '1',
        '--max-lifetime',
        String(31 * 86_400),
      ),
    ).rejects.toThrow(/at most/);
  } finally {
    await cli(
      'deployment',
      'cube-token-policy',
      '--account',
      'demo',
      '--id',
      '1',
      '--max-lifetime',
      'default',
    );
  }
});

test('a deployment whose Cube token authentication is off refuses every token', async () => {
  expect(await cubeTokenSecrets.set(svc.service.store, 'demo', 1, undefined)).toBe(true);
  try {
    const reply = await chat(chatUrl(svc.baseUrl), { input: 'total amount' }, { cubeToken: token() });
    expect(reply.status).toBe(401);
    expect(reply.error?.error).toContain('not enabled for deployment 1');
  } finally {
    await cubeTokenSecrets.set(svc.service.store, 'demo', 1, SECRET);
  }
});
