import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accounts } from '../../functions/store/accounts';
import { agents } from '../../functions/store/agents';
import { countRoundTrips } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';
import { readItem as readStored } from '../support/store';
import {
  abort,
  beforeEnd,
  chat,
  chatUrl,
  endIds,
  expectedEnd,
  finals,
  type Line,
  stateLineOf,
  stateOf,
  uniqueUser,
} from './support';

let svc: TestService;
let url: string;
const managers = (externalId: string, extra: Record<string, unknown> = {}) => ({
  externalId,
  groups: ['managers'],
  ...extra,
});

beforeAll(async () => {
  svc = await startService();
  url = chatUrl(svc.baseUrl);
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

const ask = (body: Record<string, unknown>, key = svc.adminKey) => chat(url, body, { key });

const readItem = (key: { pk: string; sk: string }) => readStored(svc.service.store, key);

/** Asserts the contract §6 shape of one live turn and returns its chatId. */
function expectTurnShape(lines: Line[], input: string, messageId?: string): string {
  const [cutoff, echo] = lines;
  expect(cutoff).toEqual({
    id: '__cutoff__',
    role: 'assistant',
    state: { chatId: expect.any(String), isStreaming: true },
    sort: 0,
  });
  const chatId = cutoff?.state?.chatId ?? '';
  expect(echo).toMatchObject({ role: 'user', content: input, isDelta: false });
  expect(echo?.id).toMatch(messageId ? new RegExp(`^${messageId}$`) : /^\d{13,}-message$/);
  // The end frames in Cube's order: `__state__` (with our status), then `__usage__`, always last.
  expect(endIds(lines)).toEqual(expectedEnd('completed'));
  expect(stateLineOf(lines)).toMatchObject({
    id: '__state__',
    role: 'assistant',
    state: { chatId, status: 'completed', isStreaming: false },
  });
  expect(lines.at(-1)).toEqual({
    id: '__usage__',
    type: 'usage',
    usage: {
      models: ['offline'],
      llmCalls: expect.any(Number),
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
      cacheWriteTokens: 0,
      cacheReadTokens: 0,
      totalTokens: expect.any(Number),
    },
    sort: expect.any(Number),
  });
  const usage = lines.at(-1)?.usage;
  // The offline planner takes a step per tool call and one for the answer; it produced what was streamed.
  expect(usage?.llmCalls).toBe(lines.filter((line) => line.toolCall && line.isInProcess).length + 1);
  expect(usage?.outputTokens).toBeGreaterThan(0);
  expect(usage?.totalTokens).toBe((usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0));
  // sort strictly increases after the cutoff.
  const sorts = lines.slice(1).map((line) => line.sort);
  expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  expect(new Set(sorts).size).toBe(sorts.length);
  expect(sorts[0]).toBeGreaterThan(0);
  // Exactly one final answer, after every agent line and right before __state__.
  const final = finals(lines);
  expect(final).toHaveLength(1);
  const body = beforeEnd(lines);
  expect(body.at(-1)).toBe(final[0]);
  expect(final[0]).toMatchObject({ isInProcess: false, graphPath: ['final'] });
  // Cube's `state.messages`: what the turn settled to, as streamed but without `sort`.
  const settledIds = body
    .slice(1)
    .filter(
      (line, index, all) =>
        !line.isDelta && !(line.isInProcess && all.slice(index + 1).some((later) => later.id === line.id)),
    )
    .map(({ sort: _sort, ...message }) => message);
  expect(stateOf(lines)?.messages).toEqual(settledIds);
  // Between: agent content/thinking and tool calls of the two agent nodes.
  for (const line of body.slice(2, -1)) {
    expect(line.role).toBe('assistant');
    expect([['core_data_analyst_agent'], ['core_data_analyst_agent', 'tools']]).toContainEqual(
      line.graphPath,
    );
  }
  return chatId;
}

describe('a turn', () => {
  test('streams NDJSON in the order of contract §6: cutoff, echo, agent, tools, one final, state', async () => {
    const input = 'What is the total amount by status?';
    const reply = await ask({
      input,
      sessionSettings: managers(uniqueUser()),
      messageId: '1700000000000-message',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/x-ndjson');
    expect(reply.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(reply.headers.get('x-accel-buffering')).toBe('no');
    const { lines } = reply;
    expectTurnShape(lines, input, '1700000000000-message');

    // Tool calls: in process without result, then the same id complete with its result.
    const tools = lines.filter((line) => line.toolCall);
    expect(tools.map((line) => line.toolCall?.name)).toEqual(
      expect.arrayContaining(['coreMeta', 'coreSqlApi']),
    );
    for (const done of tools.filter((line) => line.isInProcess === false)) {
      const started = tools.find((line) => line.id === done.id && line.isInProcess === true);
      expect(started?.toolCall?.result).toBeUndefined();
      expect(started?.sort).toBeLessThan(done.sort);
      expect(typeof done.toolCall?.result).toBe('string');
    }
    const sql = tools.find((line) => line.toolCall?.name === 'coreSqlApi' && line.isInProcess === false);
    const result = JSON.parse(sql?.toolCall?.result ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ sqlQuery: expect.any(String), totalRows: 3, uuid: expect.any(String) });
    expect(JSON.parse(sql?.toolCall?.input ?? '{}')).toMatchObject({ sqlQuery: expect.any(String) });

    // Streamed content: increments, then one complete copy with the same id.
    const deltas = lines.filter((line) => line.isDelta === true);
    expect(deltas.length).toBeGreaterThan(0);
    for (const id of new Set(deltas.map((line) => line.id))) {
      const complete = lines.filter((line) => line.id === id && line.isDelta === false);
      expect(complete).toHaveLength(1);
      expect(complete[0]?.isInProcess).toBe(false);
    }
    // Main branch, showThinking off: no reasoning.
    for (const line of lines) if (line.thinking !== undefined) expect(line.thinking).toBe('');
  });

  test('sort continues across turns; the thread keeps its id and replay returns its stored lines', async () => {
    const user = managers(uniqueUser());
    const first = await ask({ input: 'total amount by status', sessionSettings: user });
    const chatId = expectTurnShape(first.lines, 'total amount by status');
    const second = await ask({ input: 'and by region?', chatId, sessionSettings: user });
    expect(expectTurnShape(second.lines, 'and by region?')).toBe(chatId);
    expect(second.lines[1]?.sort).toBeGreaterThan(first.lines.at(-1)?.sort ?? Number.POSITIVE_INFINITY);
    expect(first.lines.at(-1)?.id).toBe('__usage__');

    const replay = await ask({ chatId, sessionSettings: user });
    expect(replay.status).toBe(200);
    expect(replay.lines[0]).toEqual(first.lines[0]);
    // The replay ends with the frames the last turn ended with; of an earlier turn's end frames, its `__state__`
    // stays (after its answer), the others are left out (`__usage__` is the last line of a stream).
    const secondEnd = second.lines.slice(beforeEnd(second.lines).length);
    expect(replay.lines.slice(-secondEnd.length)).toEqual(secondEnd);
    // The outcome of both turns: increments and in-process tool calls are replaced by their complete copies.
    const outcome = (lines: Line[]) =>
      lines.filter(
        (line, index) =>
          !(line.id ?? '__').startsWith('__') &&
          !(
            (line.isDelta || line.isInProcess) &&
            lines.slice(index + 1).some((later) => later.id === line.id)
          ),
      );
    expect(beforeEnd(replay.lines).slice(1)).toEqual([
      ...outcome(first.lines),
      stateLineOf(first.lines),
      ...outcome(second.lines),
    ]);
    expect(finals(replay.lines)).toHaveLength(2);
  });

  test('a turn costs few DynamoDB round trips', async () => {
    // No abort poll during this test: what is left is the request's own work.
    process.env.CHAT_ABORT_POLL_MS = '60000';
    try {
      const user = managers(uniqueUser());
      const warm = await ask({ input: 'count of orders', sessionSettings: user });
      const chatId = warm.lines[0]?.state?.chatId;
      const counter = countRoundTrips(svc.service.store);
      const fresh = await ask({ input: 'count of orders', sessionSettings: user });
      const firstTurn = [...counter.operations];
      counter.reset();
      const next = await ask({ input: 'and by region?', chatId, sessionSettings: user });
      const nextTurn = [...counter.operations];
      expect(stateOf(fresh.lines)?.status).toBe('completed');
      expect(stateOf(next.lines)?.status).toBe('completed');
      // New thread: the key, agent, deployment and model are cached; read the user (stored as sessionSettings
      // says, so it is not written again) while the turn is counted against the key's rate, create the thread;
      // the release with the last lines.
      // Flushes while streaming depend on timing (a fast turn may end first); the rest is exact.
      const flushes = (ops: string[]) => ops.filter((op) => op === 'BatchWriteItemCommand').length;
      const exact = (ops: string[]) => ops.filter((op) => op !== 'BatchWriteItemCommand');
      expect(flushes(firstTurn)).toBeLessThanOrEqual(2);
      expect(flushes(nextTurn)).toBeLessThanOrEqual(2);
      // The account's token use is read beside those reads (docs/operating.md, Spend guardrails) and the turn's
      // tokens are added to the day and the month (two updates side by side) before the release.
      // The user is read with the account's pending definition sweeps beside it (functions/store/sweeps.ts).
      expect(exact(firstTurn)).toEqual([
        'BatchGetItemCommand',
        'GetItemCommand',
        'GetItemCommand',
        'UpdateItemCommand',
        'PutItemCommand',
        'UpdateItemCommand',
        'UpdateItemCommand',
        'TransactWriteItemsCommand',
      ]);
      // Continued thread: the thread is read first; the user and the rate; the lease replaces the create; the
      // history query.
      expect(exact(nextTurn)).toEqual([
        'BatchGetItemCommand',
        'GetItemCommand',
        'GetItemCommand',
        'GetItemCommand',
        'UpdateItemCommand',
        'UpdateItemCommand',
        'QueryCommand',
        'UpdateItemCommand',
        'UpdateItemCommand',
        'TransactWriteItemsCommand',
      ]);
    } finally {
      delete process.env.CHAT_ABORT_POLL_MS;
    }
  });
});

describe('refusals are JSON errors before the first line', () => {
  test('400: bad bodies', async () => {
    const user = managers(uniqueUser());
    for (const body of [
      { sessionSettings: user },
      { input: 'x', sessionSettings: user, surprise: true },
      { input: 'x', sessionSettings: user, messageId: '12-message' },
      { input: 'x', sessionSettings: user, isDefaultBranch: 'yes' },
      { input: 'x', sessionSettings: { ...user, extra: 1 } },
      { input: 'x', sessionSettings: { externalId: 'two words' } },
      { input: 'x' },
    ]) {
      const reply = await ask(body);
      expect([reply.status, reply.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const raw = await fetch(`${url}/stream-chat-state`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${svc.adminKey}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
    await raw.text();
  });

  test('401 without a valid key; 403 PLAN_NOT_SUPPORTED on the free plan', async () => {
    const body = { input: 'x', sessionSettings: managers(uniqueUser()) };
    expect((await chat(url, body, {})).error?.code).toBe('UNAUTHORIZED');
    expect((await chat(url, body, { key: 'nope' })).status).toBe(401);
    const starter = await chat(chatUrl(svc.baseUrl, 'starter'), body, { key: svc.starterKey });
    expect([starter.status, starter.error?.code]).toEqual([403, 'PLAN_NOT_SUPPORTED']);
  });

  test('404: another account name, unknown agent, unknown branch, unknown or foreign thread', async () => {
    const owner = managers(uniqueUser());
    const own = await ask({ input: 'count of orders', sessionSettings: owner });
    const chatId = own.lines[0]?.state?.chatId;
    const cases: [string, Record<string, unknown>, string][] = [
      [chatUrl(svc.baseUrl, 'starter'), { input: 'x', sessionSettings: owner }, 'AGENT_NOT_FOUND'],
      [chatUrl(svc.baseUrl, 'demo', '99'), { input: 'x', sessionSettings: owner }, 'AGENT_NOT_FOUND'],
      [url, { input: 'x', sessionSettings: owner, activeBranchName: 'nope' }, 'BRANCH_NOT_FOUND'],
      [url, { input: 'x', chatId: 'no-such-thread', sessionSettings: owner }, 'THREAD_NOT_FOUND'],
      [url, { chatId: 'no-such-thread', sessionSettings: owner }, 'THREAD_NOT_FOUND'],
      [url, { input: 'x', chatId, sessionSettings: managers(uniqueUser()) }, 'THREAD_NOT_FOUND'],
      [url, { chatId, sessionSettings: managers(uniqueUser()) }, 'THREAD_NOT_FOUND'],
      [url, { chatId, sessionSettings: { internalId: 'admin@example.com' } }, 'THREAD_NOT_FOUND'],
    ];
    for (const [at, body, code] of cases) {
      const reply = await chat(at, body, { key: svc.adminKey });
      expect([reply.status, reply.error?.code]).toEqual([404, code]);
    }
  });

  test('a refused turn writes nothing (no user is provisioned, no thread created)', async () => {
    const before = await snapshot(svc.service.store);
    const reply = await ask({
      input: 'x',
      chatId: 'no-such-thread',
      sessionSettings: managers(uniqueUser()),
    });
    expect(reply.status).toBe(404);
    expect(await snapshot(svc.service.store)).toBe(before);
  });
});

describe('abort endpoint refusals', () => {
  test('204 for the owner on both spellings; 403 for another user; 404 unknown; 400 bad body; 401', async () => {
    const owner = managers(uniqueUser());
    const own = await ask({ input: 'count of orders', sessionSettings: owner });
    const chatId = own.lines[0]?.state?.chatId;
    const key = { key: svc.adminKey };
    const done = await abort(url, { chatId, sessionSettings: owner }, key);
    expect([done.status, done.text]).toEqual([204, '']);
    expect((await abort(url, { chatId, sessionSettings: owner }, key, '/abort')).status).toBe(204);
    const other = await abort(url, { chatId, sessionSettings: managers(uniqueUser()) }, key);
    expect([other.status, other.body?.code]).toEqual([403, 'FORBIDDEN']);
    const unknown = await abort(url, { chatId: 'no-such-thread', sessionSettings: owner }, key);
    expect([unknown.status, unknown.body?.code]).toEqual([404, 'THREAD_NOT_FOUND']);
    const agent = await abort(chatUrl(svc.baseUrl, 'demo', '99'), { chatId, sessionSettings: owner }, key);
    expect([agent.status, agent.body?.code]).toEqual([404, 'AGENT_NOT_FOUND']);
    for (const body of [
      {},
      { chatId, sessionSettings: owner, extra: 1 },
      { chatId: 5, sessionSettings: owner },
    ]) {
      expect((await abort(url, body, key)).body?.code).toBe('VALIDATION_ERROR');
    }
    expect((await abort(url, { chatId, sessionSettings: owner }, {})).status).toBe(401);
    const starter = await abort(
      chatUrl(svc.baseUrl, 'starter'),
      { chatId, sessionSettings: owner },
      {
        key: svc.starterKey,
      },
    );
    expect(starter.body?.code).toBe('PLAN_NOT_SUPPORTED');
    // The recorded request does not outlive its turn: the next input streams normally.
    const next = await ask({ input: 'and by region?', chatId, sessionSettings: owner });
    expect(stateOf(next.lines)?.status).toBe('completed');
  });
});

describe('embed tokens', () => {
  async function token(body: Record<string, unknown>): Promise<string> {
    const api = client(svc.baseUrl);
    const generated = await api.post<{ sessionId: string }>(
      '/api/v1/embed/generate-session',
      { deploymentId: 1, ...body },
      { key: svc.adminKey },
    );
    expect(generated.status).toBe(200);
    const exchanged = await api.post<{ token: string }>('/api/v1/embed/session/exchange', {
      sessionId: generated.body.sessionId,
    });
    return exchanged.body.token;
  }

  test('a Bearer token carries the identity (sessionSettings ignored); abort works with it', async () => {
    const bearer = await token({ externalId: uniqueUser('tok'), groups: ['managers'] });
    const reply = await chat(
      url,
      { input: 'count of orders', sessionSettings: { externalId: 'ignored', bogus: 1 } },
      { bearer },
    );
    // sessionSettings is not even validated against the key's rules: the token decides.
    expect([reply.status, reply.error?.code]).toEqual([400, 'VALIDATION_ERROR']);
    const ok = await chat(
      url,
      { input: 'count of orders', sessionSettings: { externalId: 'ignored' } },
      { bearer },
    );
    expect(stateOf(ok.lines)?.status).toBe('completed');
    const chatId = ok.lines[0]?.state?.chatId;
    expect((await abort(url, { chatId }, { bearer })).status).toBe(204);
    // The token's user owns the thread, not the externalId named in sessionSettings.
    const asNamed = await ask({ chatId, sessionSettings: { externalId: 'ignored' } });
    expect(asNamed.status).toBe(404);
    const replay = await chat(url, { chatId }, { bearer });
    expect(stateOf(replay.lines)?.status).toBe('completed');
  });

  test('allowAi false refuses chat with 403 FORBIDDEN', async () => {
    const bearer = await token({ externalId: uniqueUser('tok'), settings: { allowAi: false } });
    const reply = await chat(url, { input: 'count of orders' }, { bearer });
    expect([reply.status, reply.error?.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('chat users', () => {
  test('are ephemeral by default with the TTL of ephemeralTtlSeconds; their threads expire with them', async () => {
    const externalId = uniqueUser('eph');
    const user = managers(externalId, { ephemeralTtlSeconds: 3600 });
    const reply = await ask({ input: 'count of orders', sessionSettings: user });
    const chatId = reply.lines[0]?.state?.chatId ?? '';
    const stored = await readItem(keys.externalUser('demo', externalId));
    const now = Date.now() / 1000;
    expect(stored?.expiresAt).toBeGreaterThan(now + 3500);
    expect(stored?.expiresAt).toBeLessThanOrEqual(now + 3600);
    expect((await readItem(keys.thread(chatId)))?.expiresAt).toBe(stored?.expiresAt);
    expect((await readItem(keys.threadMessage(chatId, 1)))?.expiresAt).toBe(stored?.expiresAt);

    // Time passes (DynamoDB has not deleted anything yet): user and thread are absent on every read.
    const past = Math.floor(Date.now() / 1000) - 1;
    for (const key of [keys.externalUser('demo', externalId), keys.thread(chatId)]) {
      await svc.service.store.doc.send(
        new UpdateCommand({
          TableName: svc.service.store.tableName,
          Key: key,
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
    }
    expect((await ask({ chatId, sessionSettings: user })).error?.code).toBe('THREAD_NOT_FOUND');
    expect((await ask({ input: 'x', chatId, sessionSettings: user })).error?.code).toBe('THREAD_NOT_FOUND');
    expect((await abort(url, { chatId, sessionSettings: user }, { key: svc.adminKey })).status).toBe(404);
    // The next call creates a fresh ephemeral user with a new lifetime.
    const fresh = await ask({ input: 'count of orders', sessionSettings: { externalId } });
    expect(stateOf(fresh.lines)?.status).toBe('completed');
    const again = await readItem(keys.externalUser('demo', externalId));
    expect(again?.expiresAt).toBeGreaterThan(now + 604_000);
    expect(again?.groups).toEqual({});
  });

  test('isEphemeral false persists the user, counts it, and its threads do not expire', async () => {
    const before = (await accounts.get(svc.service.store, 'demo'))?.userCount ?? 0;
    const externalId = uniqueUser('keep');
    const reply = await ask({
      input: 'count of orders',
      sessionSettings: managers(externalId, { isEphemeral: false }),
    });
    const chatId = reply.lines[0]?.state?.chatId ?? '';
    expect((await readItem(keys.externalUser('demo', externalId)))?.expiresAt).toBeUndefined();
    expect((await readItem(keys.thread(chatId)))?.expiresAt).toBeUndefined();
    expect((await accounts.get(svc.service.store, 'demo'))?.userCount).toBe(before + 1);
  });

  test('internal users chat with their own permissions', async () => {
    const reply = await ask({
      input: 'count of orders',
      sessionSettings: { internalId: 'admin@example.com' },
    });
    expect(stateOf(reply.lines)?.status).toBe('completed');
    const bad = await ask({ input: 'x', sessionSettings: { internalId: 'admin@example.com', groups: [] } });
    expect(bad.error?.code).toBe('VALIDATION_ERROR');
  });
});

describe('branches', () => {
  const metaResult = (lines: Line[]) =>
    lines.find((line) => line.toolCall?.name === 'coreMeta' && line.isInProcess === false)?.toolCall
      ?.result ?? '';

  test('activeBranchName dev: the dev-only measure is found and thinking is shown (development mode)', async () => {
    const user = managers(uniqueUser());
    const dev = await ask({
      input: 'median amount by region',
      sessionSettings: user,
      activeBranchName: 'dev',
    });
    expect(stateOf(dev.lines)?.status).toBe('completed');
    expect(metaResult(dev.lines)).toContain('median_amount');
    expect(dev.lines.some((line) => (line.thinking ?? '') !== '')).toBe(true);

    const main = await ask({ input: 'median amount by region', sessionSettings: user });
    expect(metaResult(main.lines)).not.toContain('median_amount');
    expect(main.lines.every((line) => (line.thinking ?? '') === '')).toBe(true);

    // Naming the default branch with isDefaultBranch true is not development mode.
    const named = await ask({
      input: 'count of orders',
      sessionSettings: user,
      activeBranchName: 'main',
      isDefaultBranch: true,
    });
    expect(named.lines.every((line) => (line.thinking ?? '') === '')).toBe(true);
  });
});

describe("an agent set to Cube's tool names", () => {
  test('streams cubeMeta, cubeSqlApi and cube_data_analyst_agent; a follow-up reads them back', async () => {
    const demoAgent = await agents.get(svc.service.store, 'demo', '1');
    await agents.put(svc.service.store, {
      account: 'demo',
      agentId: 'cube-names',
      name: 'Cube names',
      deploymentId: demoAgent?.deploymentId ?? 1,
      showThinking: false,
      toolNames: 'cube',
    });
    expect((await agents.get(svc.service.store, 'demo', 'cube-names'))?.toolNames).toBe('cube');
    const cubeUrl = chatUrl(svc.baseUrl, 'demo', 'cube-names');
    const sessionSettings = managers(uniqueUser());
    const first = await chat(
      cubeUrl,
      { input: 'total amount by status', sessionSettings },
      { key: svc.adminKey },
    );
    expect(stateOf(first.lines)?.status).toBe('completed');
    const tools = first.lines.filter((line) => line.toolCall);
    expect(new Set(tools.map((line) => line.toolCall?.name))).toEqual(new Set(['cubeMeta', 'cubeSqlApi']));
    for (const line of tools) expect(line.graphPath).toEqual(['cube_data_analyst_agent', 'tools']);
    const steps = first.lines.filter((line) => line.role === 'assistant' && !line.toolCall && line.graphPath);
    for (const line of steps.filter((step) => step.graphPath?.[0] !== 'final')) {
      expect(line.graphPath).toEqual(['cube_data_analyst_agent']);
    }
    expect(JSON.stringify(first.lines)).not.toMatch(/coreMeta|coreSqlApi|core_data_analyst_agent/);

    // The follow-up's history carries Cube's names; the planner still reads its earlier results.
    const chatId = first.lines[0]?.state?.chatId;
    const next = await chat(
      cubeUrl,
      { input: 'and by region?', chatId, sessionSettings },
      { key: svc.adminKey },
    );
    expect(stateOf(next.lines)?.status).toBe('completed');
    const sql = next.lines.find((line) => line.toolCall?.name === 'cubeSqlApi' && line.isInProcess === false);
    expect(JSON.parse(sql?.toolCall?.result ?? '{}')).toMatchObject({ totalRows: expect.any(Number) });

    // The default agent keeps the service spec's names.
    const core = await chat(url, { input: 'total amount by status', sessionSettings }, { key: svc.adminKey });
    expect(core.lines.some((line) => line.toolCall?.name === 'coreSqlApi')).toBe(true);
  });
});
