/**
 * The typed client (packages/client) against the live local service: each call returns the service's real bodies;
 * errors arrive as ApiError with the contract's code. test/client/package.test.ts tests it as a built package.
 */
import { ApiError, type ChatLine, EmbeddedAnalytics } from '../../packages/client/src/index';
import { startService, type TestService } from '../support/service';

let svc: TestService;
let admin: EmbeddedAnalytics;
const sessionSettings = { externalId: 'client-user', groups: ['managers'] };

beforeAll(async () => {
  process.env.OFFLINE_DELAY_MS = '40';
  svc = await startService();
  admin = new EmbeddedAnalytics({ baseUrl: svc.baseUrl, apiKey: svc.adminKey });
}, 120_000);
afterAll(async () => {
  await svc.stop();
  delete process.env.OFFLINE_DELAY_MS;
});

test('sessions: generate, exchange, revoke; a reused session is an ApiError SESSION_INVALID', async () => {
  const { sessionId } = await admin.generateSession({
    deploymentId: 1,
    externalId: 'Client-User',
    userAttributes: [{ name: 'region', value: 'north' }],
  });
  const browser = new EmbeddedAnalytics({ baseUrl: svc.baseUrl });
  // The page's check first: it names the chat's target and spends nothing.
  expect(await browser.check(sessionId, { accountName: 'demo' })).toEqual({
    accountName: 'demo',
    deploymentId: 1,
    agentId: '1',
  });
  await expect(browser.check(sessionId, { agentId: '404' })).rejects.toMatchObject({
    status: 404,
    code: 'AGENT_NOT_FOUND',
  });
  const session = await browser.exchange(sessionId);
  expect(session.user).toEqual(expect.objectContaining({ externalId: 'client-user' }));
  expect(session.user.userAttributes).toEqual([{ name: 'region', value: 'north' }]);
  const reused = await browser.exchange(sessionId).catch((error: unknown) => error);
  expect(reused).toBeInstanceOf(ApiError);
  expect(reused).toEqual(expect.objectContaining({ status: 401, code: 'SESSION_INVALID' }));

  const second = await admin.generateSession({ deploymentId: 1, externalId: 'client-user' });
  await admin.revoke(second.sessionId);
  await expect(browser.exchange(second.sessionId)).rejects.toMatchObject({ code: 'SESSION_INVALID' });
  const member = new EmbeddedAnalytics({ baseUrl: svc.baseUrl, apiKey: svc.memberKey });
  await expect(member.revoke('x')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  await expect(admin.generateSession({ deploymentId: 1 } as never)).rejects.toMatchObject({
    status: 400,
    code: 'VALIDATION_ERROR',
  });
});

test('admin lists iterate over every page; deletes remove', async () => {
  const names = Array.from({ length: 5 }, (_, i) => `client-g${i}`);
  await admin.generateSession({
    deploymentId: 1,
    externalId: 'client-creator',
    creatorMode: true,
    embedTenantName: 'client-tenant',
    groupDefinitions: names.map((name) => ({ name })),
    userAttributeDefinitions: [{ name: 'client_attr', type: 'number' }],
  });
  const seen: string[] = [];
  for await (const group of admin.groups('client-tenant', { pageSize: 2 })) seen.push(group.name);
  expect(seen).toEqual(names);
  const attributes = [];
  for await (const attribute of admin.userAttributes('client-tenant')) attributes.push(attribute);
  expect(attributes.map((a) => [a.name, a.type])).toEqual([['client_attr', 'number']]);
  const first = attributes[0];
  if (!first) throw new Error('no attribute');
  await admin.deleteUserAttribute('client-tenant', first.id);
  await expect(admin.deleteUserAttribute('client-tenant', first.id)).rejects.toMatchObject({ status: 404 });
  const missing = admin.groups('never-used')[Symbol.asyncIterator]().next();
  await expect(missing).rejects.toMatchObject({ status: 404, code: 'EMBED_TENANT_NOT_FOUND' });
});

test('chat: typed lines as they arrive, ending with the final answer and __state__', async () => {
  const lines: ChatLine[] = [];
  const chat = admin.chat(
    { accountName: 'demo', agentId: '1' },
    { input: 'How many orders per region?', sessionSettings },
  );
  for await (const line of chat) lines.push(line);
  expect(lines[0]?.id).toBe('__cutoff__');
  expect(lines.some((line) => line.graphPath?.[0] === 'final')).toBe(true);
  const state = lines.find((line) => line.id === '__state__');
  expect(state?.state?.status).toBe('completed');
  expect(chat.chatId).toBe(state?.state?.chatId);
});

test('chat: abort() stops the turn on the server; the stream ends aborted', async () => {
  const chat = admin.chat(
    { accountName: 'demo', agentId: '1' },
    { input: 'Total amount by category', sessionSettings },
  );
  const lines: ChatLine[] = [];
  for await (const line of chat) {
    lines.push(line);
    if (lines.length === 3) await chat.abort();
  }
  expect(lines.find((line) => line.id === '__state__')?.state?.status).toBe('aborted');
});

test('chat errors before the first line are ApiErrors', async () => {
  const starter = new EmbeddedAnalytics({ baseUrl: svc.baseUrl, apiKey: svc.starterKey });
  const refused = starter.chat({ accountName: 'starter', agentId: '1' }, { input: 'x', sessionSettings });
  await expect(refused[Symbol.asyncIterator]().next()).rejects.toMatchObject({
    status: 403,
    code: 'PLAN_NOT_SUPPORTED',
  });
});

test('sql(): columns, then rows streamed, then the total; query() returns them at once', async () => {
  const query = 'SELECT region, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 1';
  const stream = admin.sql(1, { query, sessionSettings });
  expect((await stream.columns()).map((c) => c.name)).toEqual(['region', 'orders']);
  const rows: unknown[][] = [];
  for await (const row of stream.rows()) rows.push(row);
  expect(rows.map((row) => row[0])).toEqual(['east', 'north', 'south', 'west']);
  expect(await stream.totalRows()).toBe(4);
  const all = await admin.query(1, { query, sessionSettings });
  expect(all.data).toEqual(rows);
  await expect(
    admin.sql(1, { query: 'DELETE FROM orders', sessionSettings }).columns(),
  ).rejects.toMatchObject({
    status: 400,
    code: 'SQL_NOT_ALLOWED',
  });
});
