/**
 * Issue 10 regressions, each through the HTTP API of the local service: the status, the error code, and that
 * nothing was written (a scan of the whole table before and after).
 */

import { keys } from '../../functions/store/keys';
import { abort, chat, chatUrl, uniqueUser } from '../chat/support';
import { client, type Reply, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';
import { readItem } from '../support/store';

let svc: TestService;
let api: ReturnType<typeof client>;
const SQL = '/api/v1/deployments/1/sql';
const GS = '/api/v1/embed/generate-session';
type Result = {
  data: unknown[][];
  code?: string;
  error?: string;
  token?: string;
  user?: { externalId?: string };
};

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

const byRegion = 'SELECT region, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 1';
const regions = (reply: Reply<Result>) => reply.body.data.map((row) => row[0]);
const table = () => snapshot(svc.service.store);
const userItem = async (externalId: string) =>
  readItem(svc.service.store, keys.externalUser('demo', externalId));

/** Generate-session (admin key) then exchange: the token of that session. */
async function tokenFor(body: Record<string, unknown>): Promise<string> {
  const generated = await api.post<{ sessionId: string }>(
    GS,
    { deploymentId: 1, ...body },
    { key: svc.adminKey },
  );
  expect(generated.status).toBe(200);
  const exchanged = await api.post<Result>('/api/v1/embed/session/exchange', {
    sessionId: generated.body.sessionId,
  });
  expect(exchanged.status).toBe(200);
  return exchanged.body.token ?? '';
}

/** Sends a request and asserts it is refused with `status`/`code` and leaves the table as it was. */
async function refused(
  send: () => Promise<{ status: number; code?: string; error?: string }>,
  status: number,
  code: string,
): Promise<string> {
  const before = await table();
  const reply = await send();
  expect({ status: reply.status, code: reply.code }).toEqual({ status, code });
  expect(await table()).toBe(before);
  return reply.error ?? '';
}

const sql = (body: Record<string, unknown>, auth: { key?: string; bearer?: string }) => async () => {
  const reply = await api.post<Result>(SQL, { query: byRegion, ...body }, auth);
  return { status: reply.status, code: reply.body.code, error: reply.body.error };
};
const chatCall = (body: Record<string, unknown>, auth: { key?: string; bearer?: string }) => async () => {
  const reply = await chat(chatUrl(svc.baseUrl), body, auth);
  return { status: reply.status, code: reply.error?.code, error: reply.error?.error };
};

describe('1. an embed token is bound to the branch of its session', () => {
  test('a token minted on main is refused on dev (SQL branchName, chat activeBranchName), before anything is read or written', async () => {
    const bearer = await tokenFor({
      externalId: uniqueUser('br'),
      userAttributes: [{ name: 'region', value: 'north' }],
    });
    const message = await refused(
      sql({ query: 'SELECT MEASURE(median_amount) FROM orders_view', branchName: 'dev' }, { bearer }),
      403,
      'FORBIDDEN',
    );
    expect(message).toContain('branchName');
    await refused(
      chatCall({ input: 'orders by region', activeBranchName: 'dev' }, { bearer }),
      403,
      'FORBIDDEN',
    );
    // Its own branch, named or not, answers.
    expect(regions(await api.post<Result>(SQL, { query: byRegion, branchName: 'main' }, { bearer }))).toEqual(
      ['north'],
    );
    expect(
      (await chat(chatUrl(svc.baseUrl), { input: 'orders by region', activeBranchName: 'main' }, { bearer }))
        .status,
    ).toBe(200);
  });

  test('a token cannot switch development mode on: isDefaultBranch false on its main branch shows no thinking', async () => {
    const bearer = await tokenFor({ externalId: uniqueUser('br'), groups: ['managers'] });
    const url = chatUrl(svc.baseUrl);
    const main = await chat(
      url,
      { input: 'orders by region', activeBranchName: 'main', isDefaultBranch: false },
      { bearer },
    );
    expect(main.status).toBe(200);
    expect(main.lines.every((line) => (line.thinking ?? '') === '')).toBe(true);
    // A token minted on dev is in development mode, as the session says.
    const devBearer = await tokenFor({
      externalId: uniqueUser('br'),
      branchName: 'dev',
      groups: ['managers'],
    });
    const dev = await chat(url, { input: 'orders by region', isDefaultBranch: true }, { bearer: devBearer });
    expect(dev.lines.some((line) => (line.thinking ?? '') !== '')).toBe(true);
  });

  test('a token minted on dev uses dev without naming it and is refused on main', async () => {
    const bearer = await tokenFor({
      externalId: uniqueUser('br'),
      branchName: 'dev',
      userAttributes: [{ name: 'region', value: 'north' }],
    });
    const dev = await api.post<Result>(
      SQL,
      { query: 'SELECT MEASURE(median_amount) FROM orders_view' },
      { bearer },
    );
    expect(dev.status).toBe(200);
    await refused(sql({ branchName: 'main' }, { bearer }), 403, 'FORBIDDEN');
    await refused(chatCall({ input: 'orders', activeBranchName: 'main' }, { bearer }), 403, 'FORBIDDEN');
  });

  test('Api-Key callers still choose any branch', async () => {
    const reply = await api.post<Result>(
      SQL,
      {
        query: 'SELECT MEASURE(median_amount) FROM orders_view',
        branchName: 'dev',
        sessionSettings: { externalId: uniqueUser('br'), groups: ['managers'] },
      },
      { key: svc.adminKey },
    );
    expect(reply.status).toBe(200);
  });
});

describe('2. a member key never changes a user', () => {
  const widen = (externalId: string) => ({
    externalId,
    groups: ['managers'],
    userAttributes: [{ name: 'region', value: 'south' }],
  });

  test('rewriting an existing user through SQL, chat or abort is 403 and the victim still sees only north', async () => {
    const victim = uniqueUser('victim');
    const bearer = await tokenFor({
      externalId: victim,
      userAttributes: [{ name: 'region', value: 'north' }],
    });
    const stored = await userItem(victim);
    const key = svc.memberKey;
    const message = await refused(sql({ sessionSettings: widen(victim) }, { key }), 403, 'FORBIDDEN');
    expect(message).toContain('groups');
    expect(message).toContain('userAttributes');
    await refused(
      chatCall({ input: 'orders by region', sessionSettings: widen(victim) }, { key }),
      403,
      'FORBIDDEN',
    );
    await refused(
      async () => {
        const reply = await abort(
          chatUrl(svc.baseUrl),
          { chatId: 'any-thread', sessionSettings: widen(victim) },
          { key },
        );
        return { status: reply.status, code: reply.body?.code };
      },
      403,
      'FORBIDDEN',
    );
    for (const settings of [
      { externalId: victim, securityContext: { tier: 'gold' } },
      { externalId: victim, email: 'victim@example.com' },
      // Clearing is a change too.
      { externalId: victim, userAttributes: [{ name: 'region', value: null }] },
    ]) {
      await refused(sql({ sessionSettings: settings }, { key }), 403, 'FORBIDDEN');
    }
    expect(await userItem(victim)).toEqual(stored);
    expect(regions(await api.post<Result>(SQL, { query: byRegion }, { bearer }))).toEqual(['north']);
    // Naming the user as stored (or repeating what is stored) is allowed and sees what the user sees.
    const same = await api.post<Result>(
      SQL,
      {
        query: byRegion,
        sessionSettings: { externalId: victim, userAttributes: [{ name: 'region', value: 'north' }] },
      },
      { key },
    );
    expect(regions(same)).toEqual(['north']);
    expect(await userItem(victim)).toEqual(stored);
  });

  test('a user the member key names for the first time is request-scoped: used once, never stored', async () => {
    const id = uniqueUser('scoped');
    const before = await table();
    const reply = await api.post<Result>(
      SQL,
      { query: byRegion, sessionSettings: widen(id) },
      { key: svc.memberKey },
    );
    expect(regions(reply)).toEqual(['east', 'north', 'south', 'west']);
    // Only the query's rate count is written: no user.
    const withoutRates = (state: string) =>
      (JSON.parse(state) as string[]).filter((line) => !line.includes('"kind":"rate"'));
    expect(withoutRates(await table())).toEqual(withoutRates(before));
    expect(await userItem(id)).toBeUndefined();
    // So it cannot seed what a later admin-minted session of that user sees.
    const bearer = await tokenFor({ externalId: id });
    expect(regions(await api.post<Result>(SQL, { query: byRegion }, { bearer }))).toEqual([]);
  });

  test('a member key cannot create a persistent user, and unknown names are still refused', async () => {
    await refused(
      sql({ sessionSettings: { externalId: uniqueUser('p'), isEphemeral: false } }, { key: svc.memberKey }),
      403,
      'FORBIDDEN',
    );
    await refused(
      sql({ sessionSettings: { externalId: uniqueUser('p'), groups: ['nope'] } }, { key: svc.memberKey }),
      400,
      'GROUPS_NOT_FOUND',
    );
    await refused(
      sql(
        { sessionSettings: { externalId: uniqueUser('p'), userAttributes: [{ name: 'region', value: 3 }] } },
        { key: svc.memberKey },
      ),
      400,
      'ATTRIBUTE_VALUE_TYPE_MISMATCH',
    );
  });
});

describe('3. embed-tenant names never match tenant-wide policies', () => {
  test('a creator-mode session defining its own managers group and region attribute sees only its tenant-wide region', async () => {
    const id = uniqueUser('creator');
    await tokenFor({ externalId: id, userAttributes: [{ name: 'region', value: 'north' }] });
    const bearer = await tokenFor({
      externalId: id,
      creatorMode: true,
      embedTenantName: 'acme-corp',
      groupDefinitions: [{ name: 'managers' }],
      userAttributeDefinitions: [{ name: 'region', type: 'string' }],
      groups: ['managers'],
      userAttributes: [{ name: 'region', value: 'south' }],
    });
    expect(regions(await api.post<Result>(SQL, { query: byRegion }, { bearer }))).toEqual(['north']);
    const lines = (await chat(chatUrl(svc.baseUrl), { input: 'orders by region' }, { bearer })).lines;
    const rows = lines.flatMap((l) =>
      l.toolCall?.name === 'coreSqlApi' && l.toolCall.result
        ? (JSON.parse(l.toolCall.result) as { data: unknown[][] }).data
        : [],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(['north']));
  });
});

describe('4. values DynamoDB cannot store are 400, never 500', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });
  const gs = (body: Record<string, unknown> | string) => async () => {
    const reply = await api.post<Result>(
      GS,
      typeof body === 'string' ? undefined : { deploymentId: 1, externalId: uniqueUser('dyn'), ...body },
      { key: svc.adminKey, ...(typeof body === 'string' ? { raw: body } : {}) },
    );
    return { status: reply.status, code: reply.body.code, error: reply.body.error };
  };

  test.each([
    [
      'securityContext nested deeper than DynamoDB allows',
      { securityContext: nested(32) },
      'body.securityContext',
    ],
    ['a number above the range', { securityContext: { n: 1e308 } }, 'body.securityContext.n'],
    ['a number below the range', { securityContext: { n: 5e-324 } }, 'body.securityContext.n'],
    ['an empty map key', { securityContext: { ok: { '': 1 } } }, 'body.securityContext.ok'],
    [
      'an attribute number out of range',
      { userAttributes: [{ name: 'min_order_amount', value: 1e308 }] },
      'body.userAttributes[0].value',
    ],
  ])('%s', async (_name, body, field) => {
    expect(await refused(gs(body), 400, 'VALIDATION_ERROR')).toContain(field);
  });

  test('the deepest securityContext DynamoDB stores is accepted', async () => {
    expect((await gs({ securityContext: nested(31) })()).status).toBe(200);
  });

  test('1e400 (Infinity once parsed) in a raw body', async () => {
    const raw = `{"deploymentId":1,"externalId":"${uniqueUser('dyn')}","securityContext":{"n":1e400}}`;
    expect(await refused(gs(raw), 400, 'VALIDATION_ERROR')).toContain('body.securityContext.n');
  });

  test('the same limits hold for sessionSettings of the SQL API and chat', async () => {
    const settings = { externalId: uniqueUser('dyn'), securityContext: { n: 1e308 } };
    await refused(sql({ sessionSettings: settings }, { key: svc.adminKey }), 400, 'VALIDATION_ERROR');
    await refused(
      chatCall({ input: 'x', sessionSettings: settings }, { key: svc.adminKey }),
      400,
      'VALIDATION_ERROR',
    );
  });

  test('attribute values that would take the user item over 400 KB are refused and write nothing', async () => {
    const id = uniqueUser('big');
    const value = Array.from({ length: 24 }, (_, i) => `${i}`.padEnd(4000, 'x'));
    const creator = (tenant: string) => ({
      externalId: id,
      creatorMode: true,
      embedTenantName: tenant,
      userAttributeDefinitions: [{ name: 'big', type: 'string_array' }],
      userAttributes: [{ name: 'big', value }],
    });
    for (const tenant of ['big-one', 'big-two', 'big-three', 'big-four']) {
      expect(
        (await api.post(GS, { deploymentId: 1, ...creator(tenant) }, { key: svc.adminKey })).status,
      ).toBe(200);
    }
    const message = await refused(
      async () => {
        const reply = await api.post<Result>(
          GS,
          { deploymentId: 1, ...creator('big-five') },
          { key: svc.adminKey },
        );
        return { status: reply.status, code: reply.body.code, error: reply.body.error };
      },
      400,
      'VALIDATION_ERROR',
    );
    expect(message).toContain('userAttributes');
    // The refused request did not create its embed tenant either.
    expect((await api.get('/api/v1/embed-tenants/big-five/groups', { key: svc.adminKey })).status).toBe(404);
  });

  test('a path with broken percent-encoding is 400 naming the path parameter', async () => {
    const message = await refused(
      async () => {
        const reply = await api.get<Result>('/api/v1/embed-tenants/%E0%A4%A/groups', { key: svc.adminKey });
        return { status: reply.status, code: reply.body.code, error: reply.body.error };
      },
      400,
      'VALIDATION_ERROR',
    );
    expect(message).toContain('path.');
  });
});

describe('5. external ids: ill-formed Unicode refused, one documented folding', () => {
  test.each([
    ['a lone high surrogate', 'sur\ud800'],
    ['a lone low surrogate', 'sur\udfff'],
    ['a zero-width space', 'kate\u200b@corp.test'],
    ['a bidi override', '\u202ekate'],
  ])('%s is 400 and writes nothing', async (_name, externalId) => {
    const message = await refused(
      async () => {
        const reply = await api.post<Result>(GS, { deploymentId: 1, externalId }, { key: svc.adminKey });
        return { status: reply.status, code: reply.body.code, error: reply.body.error };
      },
      400,
      'VALIDATION_ERROR',
    );
    expect(message).toContain('body.externalId');
  });

  test('lone surrogates anywhere in a body (values and keys) are refused', async () => {
    await refused(
      sql(
        { sessionSettings: { externalId: 'ok', securityContext: { 'k\udbff': 1 } } },
        { key: svc.adminKey },
      ),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      chatCall({ input: 'hi \ud800', sessionSettings: { externalId: 'ok' } }, { key: svc.adminKey }),
      400,
      'VALIDATION_ERROR',
    );
  });

  test('NFC then lowercase: canonically equivalent spellings are one user', async () => {
    const exchanged = async (externalId: string) => {
      const generated = await api.post<{ sessionId: string }>(
        GS,
        { deploymentId: 1, externalId },
        { key: svc.adminKey },
      );
      return (
        await api.post<Result>('/api/v1/embed/session/exchange', { sessionId: generated.body.sessionId })
      ).body.user?.externalId;
    };
    // KELVIN SIGN is K by canonical equivalence (NFC), so it folds as K does.
    expect(await exchanged('\u212Aate@corp.test')).toBe('kate@corp.test');
    // A decomposed é and the precomposed one are the same id, stored precomposed.
    expect(await exchanged('Ce\u0301line')).toBe('c\u00e9line');
    expect(await exchanged('C\u00c9LINE')).toBe('c\u00e9line');
  });
});
