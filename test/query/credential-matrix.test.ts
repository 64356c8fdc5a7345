/**
 * Mints a token, uses it for a chat turn and a query, then replays every chat, abort and SQL call it made with
 * every other kind of credential. The cases are the cross product of two lists; the expected answer of each is
 * derived from one rule per credential kind, not listed by hand. Nothing may be written by any replay.
 */
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import { abort, chat, chatUrl, uniqueUser } from '../chat/support';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

let svc: TestService;
let api: ReturnType<typeof client>;
const SQL = '/api/v1/deployments/1/sql';
const byRegion = 'SELECT region, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 1';

type Auth = { key?: string; bearer?: string };
interface Outcome {
  status: number;
  code?: string;
  /** Regions of a SQL answer. */
  regions?: unknown[];
}

/** The calls the token made; `chatId` is the token owner's thread. */
type Operation = 'chat turn' | 'chat replay' | 'abort' | 'sql';
const OPERATIONS: Operation[] = ['chat turn', 'chat replay', 'abort', 'sql'];
type Credential = 'member key' | 'admin key of another account' | 'token of another user' | 'revoked token';
const CREDENTIALS: Credential[] = [
  'member key',
  'admin key of another account',
  'token of another user',
  'revoked token',
];

const owner = uniqueUser('owner');
/** Every call carries settings that would widen the owner's view; a token ignores them, other credentials may not use them. */
const widening = {
  externalId: owner,
  groups: ['managers'],
  userAttributes: [{ name: 'region', value: 'south' }],
};
const auths = {} as Record<Credential | 'owner', Auth>;
let chatId = '';

async function tokenFor(body: Record<string, unknown>): Promise<{ token: string; sessionId: string }> {
  const generated = await api.post<{ sessionId: string }>(
    '/api/v1/embed/generate-session',
    { deploymentId: 1, ...body },
    { key: svc.adminKey },
  );
  const exchanged = await api.post<{ token: string }>('/api/v1/embed/session/exchange', {
    sessionId: generated.body.sessionId,
  });
  expect(exchanged.status).toBe(200);
  return { token: exchanged.body.token, sessionId: generated.body.sessionId };
}

async function run(operation: Operation, auth: Auth): Promise<Outcome> {
  const url = chatUrl(svc.baseUrl);
  switch (operation) {
    case 'chat turn': {
      const reply = await chat(url, { input: 'orders by region', chatId, sessionSettings: widening }, auth);
      return { status: reply.status, ...(reply.error ? { code: reply.error.code } : {}) };
    }
    case 'chat replay': {
      const reply = await chat(url, { chatId, sessionSettings: widening }, auth);
      return { status: reply.status, ...(reply.error ? { code: reply.error.code } : {}) };
    }
    case 'abort': {
      const reply = await abort(url, { chatId, sessionSettings: widening }, auth);
      return { status: reply.status, ...(reply.body?.code ? { code: reply.body.code } : {}) };
    }
    case 'sql': {
      const reply = await api.post<{ data?: unknown[][]; code?: string }>(
        SQL,
        { query: byRegion, sessionSettings: widening },
        auth,
      );
      return reply.status === 200
        ? { status: 200, regions: (reply.body.data ?? []).map((row) => row[0]) }
        : { status: reply.status, ...(reply.body.code ? { code: reply.body.code } : {}) };
    }
  }
}

/** The rule per credential kind: what a replay of `operation` must answer. */
function expected(credential: Credential, operation: Operation): Outcome {
  switch (credential) {
    // A member key may not change the owner's groups or attributes: refused before anything else.
    case 'member key':
      return { status: 403, code: 'FORBIDDEN' };
    // Another account's key cannot see this account's agent (chat, abort) or deployment (SQL).
    case 'admin key of another account':
      return operation === 'sql'
        ? { status: 404, code: 'DEPLOYMENT_NOT_FOUND' }
        : { status: 404, code: 'AGENT_NOT_FOUND' };
    // Another user's token: the owner's thread does not exist for it (abort says who owns it), and SQL answers
    // with that user's own rows, never the owner's.
    case 'token of another user':
      if (operation === 'sql') return { status: 200, regions: ['east'] };
      return operation === 'abort'
        ? { status: 403, code: 'FORBIDDEN' }
        : { status: 404, code: 'THREAD_NOT_FOUND' };
    case 'revoked token':
      return { status: 401, code: 'UNAUTHORIZED' };
  }
}

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
  const store = svc.service.store;
  await accounts.upsert(store, { name: 'rival', plan: 'premium', flags: [] });
  auths['admin key of another account'] = {
    key: (await apiKeys.create(store, { account: 'rival', role: 'admin' })).key,
  };
  auths['member key'] = { key: svc.memberKey };
  auths.owner = {
    bearer: (await tokenFor({ externalId: owner, userAttributes: [{ name: 'region', value: 'north' }] }))
      .token,
  };
  auths['token of another user'] = {
    bearer: (
      await tokenFor({ externalId: uniqueUser('other'), userAttributes: [{ name: 'region', value: 'east' }] })
    ).token,
  };
  const revoked = await tokenFor({ externalId: owner });
  auths['revoked token'] = { bearer: revoked.token };
  expect(
    (await api.post('/api/v1/embed/session/revoke', { sessionId: revoked.sessionId }, { key: svc.adminKey }))
      .status,
  ).toBe(204);

  // The owner's own calls: the widening settings are ignored for a token.
  const turn = await chat(
    chatUrl(svc.baseUrl),
    { input: 'orders by region', sessionSettings: widening },
    auths.owner,
  );
  expect(turn.status).toBe(200);
  chatId = turn.lines[0]?.state?.chatId ?? '';
  expect(chatId).not.toBe('');
  expect(await run('sql', auths.owner)).toEqual({ status: 200, regions: ['north'] });
  expect((await run('chat replay', auths.owner)).status).toBe(200);
  expect((await run('abort', auths.owner)).status).toBe(204);
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

/** Table state without rate windows. */
const withoutRates = (state: string): string[] =>
  (JSON.parse(state) as string[]).filter((line) => !line.includes('"kind":"rate"'));

const cases = CREDENTIALS.flatMap((credential) =>
  OPERATIONS.map((operation) => {
    const outcome = expected(credential, operation);
    return {
      credential,
      operation,
      outcome,
      answer: `${outcome.status} ${outcome.code ?? outcome.regions?.join(',')}`,
    };
  }),
);

test.each(cases)('$operation with a $credential: $answer', async ({ credential, operation, outcome }) => {
  const before = await snapshot(svc.service.store);
  expect(await run(operation, auths[credential])).toEqual(outcome);
  // A refusal writes nothing at all; an answer (another user's own query) writes only its rate count.
  const after = await snapshot(svc.service.store);
  if (outcome.status >= 400) expect(after).toBe(before);
  else expect(withoutRates(after)).toEqual(withoutRates(before));
});

test('the matrix covers every credential kind and operation', () => {
  expect(cases).toHaveLength(CREDENTIALS.length * OPERATIONS.length);
  expect(new Set(cases.map((c) => `${c.credential}|${c.operation}`)).size).toBe(cases.length);
});
