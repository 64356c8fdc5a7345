/**
 * POST /api/v1/embed/session/check: the embed page asks it before it exchanges its session, so a page whose
 * account or agent is wrong says what is wrong and leaves the session unspent. Through the local HTTP service.
 */
import { agents } from '../../functions/store/agents';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

const GS = '/api/v1/embed/generate-session';
const CHECK = '/api/v1/embed/session/check';
const TOKEN = '/api/v1/embed/session/token';

let svc: TestService;
let api: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
  // An agent of the demo account that answers over another deployment.
  await agents.put(svc.service.store, {
    account: 'demo',
    agentId: 'other-deployment',
    name: 'Elsewhere',
    deploymentId: 2,
    showThinking: false,
  });
});
afterAll(async () => {
  await svc.stop();
});

type Reply = { accountName?: string; deploymentId?: number; agentId?: string; code?: string; error?: string };

async function newSession(): Promise<string> {
  const reply = await api.post<{ sessionId: string }>(
    GS,
    { deploymentId: 1, externalId: `check-${n++}` },
    { key: svc.adminKey },
  );
  expect(reply.status).toBe(200);
  return reply.body.sessionId;
}

/** The session is still unspent: the exchange accepts it (and spends it). */
async function stillExchangeable(sessionId: string): Promise<void> {
  const exchanged = await api.post<{ token?: string }>(TOKEN, { sessionId });
  expect(exchanged.status).toBe(200);
  expect(exchanged.body.token).toEqual(expect.any(String));
}

test("a page's account and agent that fit the session: 200 with the chat's target; nothing is written or spent", async () => {
  const sessionId = await newSession();
  const before = await snapshot(svc.service.store);
  const reply = await api.post<Reply>(CHECK, { sessionId, accountName: 'demo', agentId: '1' });
  expect([reply.status, reply.body]).toEqual([200, { accountName: 'demo', deploymentId: 1, agentId: '1' }]);
  // Without account or agent (Cube's URL carries only the session): the session's account, the default agent.
  expect((await api.post<Reply>(CHECK, { sessionId })).body).toEqual({
    accountName: 'demo',
    deploymentId: 1,
    agentId: '1',
  });
  expect(await snapshot(svc.service.store)).toBe(before);
  await stillExchangeable(sessionId);
});

test('another account is "agent not found" naming what to fix, and the session stays unspent', async () => {
  const sessionId = await newSession();
  const reply = await api.post<Reply>(CHECK, { sessionId, accountName: 'acme', agentId: '1' });
  expect(reply.status).toBe(404);
  expect(reply.body.code).toBe('AGENT_NOT_FOUND');
  expect(reply.body.error).toBe('Agent 1 not found in account acme: this session belongs to account demo');
  await stillExchangeable(sessionId);
});

test('an unknown agent is 404 and an agent of another deployment 403; neither spends the session', async () => {
  const sessionId = await newSession();
  const unknown = await api.post<Reply>(CHECK, { sessionId, agentId: '9' });
  expect([unknown.status, unknown.body.code, unknown.body.error]).toEqual([
    404,
    'AGENT_NOT_FOUND',
    'Agent 9 not found in account demo',
  ]);
  const elsewhere = await api.post<Reply>(CHECK, { sessionId, agentId: 'other-deployment' });
  expect([elsewhere.status, elsewhere.body.code]).toEqual([403, 'FORBIDDEN']);
  expect(elsewhere.body.error).toContain('this session is for deployment 1');
  await stillExchangeable(sessionId);
});

test('a used, revoked or unknown session is 401 SESSION_INVALID, as the exchange says', async () => {
  const used = await newSession();
  await stillExchangeable(used);
  const revoked = await newSession();
  expect(
    (await api.post('/api/v1/embed/session/revoke', { sessionId: revoked }, { key: svc.adminKey })).status,
  ).toBe(204);
  for (const sessionId of [used, revoked, 'no-such-session']) {
    const reply = await api.post<Reply>(CHECK, { sessionId });
    expect([reply.status, reply.body.code]).toEqual([401, 'SESSION_INVALID']);
  }
});

test('bad input is 400 naming the field', async () => {
  const reply = await api.post<Reply>(CHECK, { sessionId: 'x', agentId: '' });
  expect([reply.status, reply.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  expect(reply.body.error).toContain('body.agentId');
  expect((await api.post<Reply>(CHECK, { sessionId: 'x', extra: 1 })).body.error).toBe(
    'body.extra: unknown field',
  );
});
