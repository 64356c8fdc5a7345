/**
 * Rate limits per API key and per embed token on chat turns, SQL queries and session minting: 429
 * RATE_LIMITED with Retry-After, counted in DynamoDB (so every instance sees one count), set per account with
 * the operator CLI, and never counting a refused request.
 */

import { clearAuthCache } from '../../functions/access/auth';
import { runCommand } from '../../functions/admin/cli';
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import { createStore } from '../../functions/store/client';
import { rateLimits, WINDOW_SECONDS } from '../../functions/store/rate-limits';
import { chat, chatUrl, uniqueUser } from '../chat/support';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

let svc: TestService;
let api: ReturnType<typeof client>;
const SQL = '/api/v1/deployments/1/sql';
const GS = '/api/v1/embed/generate-session';
const query = 'SELECT MEASURE(count) FROM orders_view';

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

const cli = (...argv: string[]) => runCommand(svc.service.store, argv, async () => []);
async function setRate(rate: string, limit: string) {
  await cli('account', 'set-rate', '--name', 'demo', '--rate', rate, '--limit', limit);
  clearAuthCache();
}

/** Waits for a fresh window when the current one is about to close, so a burst is counted in one window. */
async function freshWindow(): Promise<void> {
  const left = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (left < 10) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}

async function token(): Promise<string> {
  const generated = await api.post<{ sessionId: string }>(
    GS,
    { deploymentId: 1, externalId: uniqueUser('rate'), groups: ['managers'] },
    { key: svc.adminKey },
  );
  const exchanged = await api.post<{ token: string }>('/api/v1/embed/session/exchange', {
    sessionId: generated.body.sessionId,
  });
  return exchanged.body.token;
}

/** Asserts a 429 RATE_LIMITED with a Retry-After within the window, that wrote nothing. */
async function expectLimited(
  send: () => Promise<{ status: number; code?: string; retryAfter: string | null }>,
) {
  const before = await snapshot(svc.service.store);
  const reply = await send();
  expect({ status: reply.status, code: reply.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  const retryAfter = Number(reply.retryAfter);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(await snapshot(svc.service.store)).toBe(before);
}

const sqlWith =
  (auth: { bearer?: string; key?: string }, sql = query) =>
  async () => {
    const reply = await api.post<{ code?: string }>(
      SQL,
      { query: sql, ...(auth.key ? { sessionSettings: { externalId: 'rate-key-user' } } : {}) },
      auth,
    );
    return { status: reply.status, code: reply.body.code, retryAfter: reply.headers.get('retry-after') };
  };

describe('per token', () => {
  test('SQL: the rate set with the CLI holds, per token; a refused query counts nothing', async () => {
    await setRate('token.sql', '2');
    const bearer = await token();
    await freshWindow();
    // A refused query (400) gives its use back and leaves the table as it was.
    const before = await snapshot(svc.service.store);
    expect((await sqlWith({ bearer }, 'DELETE FROM orders_view')()).status).toBe(400);
    expect(await snapshot(svc.service.store)).toBe(before);
    expect((await sqlWith({ bearer })()).status).toBe(200);
    expect((await sqlWith({ bearer })()).status).toBe(200);
    await expectLimited(sqlWith({ bearer }));
    // Another token has its own count.
    expect((await sqlWith({ bearer: await token() })()).status).toBe(200);
    await setRate('token.sql', 'default');
    expect((await sqlWith({ bearer })()).status).toBe(200);
  });

  test('chat turns', async () => {
    await setRate('token.chat', '1');
    const bearer = await token();
    await freshWindow();
    const url = chatUrl(svc.baseUrl);
    expect((await chat(url, { input: 'orders by region' }, { bearer })).status).toBe(200);
    await expectLimited(async () => {
      const reply = await chat(url, { input: 'orders by region' }, { bearer });
      return { status: reply.status, code: reply.error?.code, retryAfter: reply.headers.get('retry-after') };
    });
    await setRate('token.chat', 'default');
  });
});

describe('per API key', () => {
  test('session minting: the second session of a key limited to one is 429 and writes nothing', async () => {
    const { key } = await apiKeys.create(svc.service.store, { account: 'demo', role: 'admin' });
    await setRate('key.session', '1');
    await freshWindow();
    const user = uniqueUser('rate');
    const first = await api.post(GS, { deploymentId: 1, externalId: user, groups: ['analysts'] }, { key });
    expect(first.body).toHaveProperty('sessionId');
    await expectLimited(async () => {
      const reply = await api.post<{ code?: string }>(
        GS,
        { deploymentId: 1, externalId: user, groups: ['managers'] },
        { key },
      );
      return { status: reply.status, code: reply.body.code, retryAfter: reply.headers.get('retry-after') };
    });
    // Another key of the account is counted apart.
    const other = await apiKeys.create(svc.service.store, { account: 'demo', role: 'admin' });
    expect((await api.post(GS, { deploymentId: 1, externalId: user }, { key: other.key })).status).toBe(200);
    await setRate('key.session', 'default');
  });

  test('SQL with a key', async () => {
    const { key } = await apiKeys.create(svc.service.store, { account: 'demo', role: 'admin' });
    await setRate('key.sql', '1');
    await freshWindow();
    expect((await sqlWith({ key })()).status).toBe(200);
    await expectLimited(sqlWith({ key }));
    await setRate('key.sql', 'default');
  });
});

describe('the count lives in DynamoDB', () => {
  test('two clients (two Lambda instances) share one count', async () => {
    const other = createStore({
      endpoint: process.env.DYNAMODB_ENDPOINT ?? '',
      tableName: svc.service.store.tableName,
    });
    const account = await accounts.get(svc.service.store, 'demo');
    if (!account) throw new Error('demo account missing');
    const limited = { ...account, rateLimits: { 'token.sql': 3 } };
    const credential = { kind: 'token' as const, id: `shared-${Date.now()}` };
    const now = Date.now();
    await rateLimits.consume(svc.service.store, limited, credential, 'sql', now);
    await rateLimits.consume(other, limited, credential, 'sql', now);
    await rateLimits.consume(svc.service.store, limited, credential, 'sql', now);
    await expect(rateLimits.consume(other, limited, credential, 'sql', now)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    // The next window starts from zero.
    await rateLimits.consume(other, limited, credential, 'sql', now + WINDOW_SECONDS * 1000);
  });

  test('a process remembers the windows it saw refuse a use (the SQL API then starts no early query)', async () => {
    const account = await accounts.get(svc.service.store, 'demo');
    if (!account) throw new Error('demo account missing');
    const limited = { ...account, rateLimits: { 'token.sql': 1 } };
    const credential = { kind: 'token' as const, id: `seen-${Date.now()}` };
    const store = svc.service.store;
    const now = Date.now();
    await rateLimits.consume(store, limited, credential, 'sql', now);
    // Full, but this process has not seen it refuse: it may have been filled elsewhere.
    expect(rateLimits.knownFull(store, limited, credential, 'sql', now)).toBe(false);
    await expect(rateLimits.consume(store, limited, credential, 'sql', now)).rejects.toMatchObject({
      status: 429,
    });
    expect(rateLimits.knownFull(store, limited, credential, 'sql', now)).toBe(true);
    expect(rateLimits.knownFull(store, limited, credential, 'chat', now)).toBe(false);
    expect(rateLimits.knownFull(store, limited, credential, 'sql', now + WINDOW_SECONDS * 1000)).toBe(false);
  });

  test('the CLI shows the rates that apply and refuses unknown ones', async () => {
    const shown = (await cli(
      'account',
      'set-rate',
      '--name',
      'demo',
      '--rate',
      'token.chat',
      '--limit',
      '7',
    )) as {
      rates: Record<string, number>;
    };
    expect(shown.rates).toMatchObject({ 'token.chat': 7, 'key.chat': 600 });
    await expect(
      cli('account', 'set-rate', '--name', 'demo', '--rate', 'token.session', '--limit', '1'),
    ).rejects.toThrow(/--rate/);
    await cli('account', 'set-rate', '--name', 'demo', '--rate', 'token.chat', '--limit', 'default');
    expect((await accounts.get(svc.service.store, 'demo'))?.rateLimits).not.toHaveProperty('token.chat');
  });
});
