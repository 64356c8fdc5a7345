/**
 * Issue 17: chat threads and session exchange under DynamoDB faults. The service talks to DynamoDB Local
 * through a fault proxy; each test injects exactly one fault into one named operation and checks the
 * invariant: every stream ends with a final answer and `__state__`, stored history equals what was streamed,
 * the thread takes the next input at once, the exchange succeeds once, and no thread is orphaned.
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { settled } from '../../functions/chat/lines';
import { TurnWriter } from '../../functions/chat/writer';
import type { Logger } from '../../functions/observability/log';
import type { Store } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import { type StoredLine, threads } from '../../functions/store/threads';
import { type FaultProxy, type FaultyService, startFaultyService } from '../support/faults';
import { client } from '../support/http';
import type { TestService } from '../support/service';
import { readItem } from '../support/store';
import { settlesWithin, waitUntil } from '../support/wait';
import {
  abort,
  beforeEnd,
  chat,
  chatUrl,
  endIds,
  expectedEnd,
  finals,
  type Line,
  openStream,
  readUntil,
  stateLineOf,
  stateOf,
  uniqueUser,
} from './support';

let faulty: FaultyService;
let proxy: FaultProxy;
let svc: TestService;
let url: string;
/** The same table, straight to DynamoDB Local: what is really stored, whatever the proxy does. */
let direct: Store;

beforeAll(async () => {
  faulty = await startFaultyService();
  ({ proxy, svc, direct } = faulty);
  url = chatUrl(svc.baseUrl);
}, 120_000);
afterAll(async () => {
  await faulty.stop();
});
afterEach(() => {
  proxy.clear();
});

const user = () => ({ externalId: uniqueUser('fault'), groups: ['managers'] });
const ask = (body: Record<string, unknown>) => chat(url, body, { key: svc.adminKey });
const messageId = () => `${Date.now()}${Math.floor(Math.random() * 1000)}-message`;

const threadItem = (chatId: string) => readItem(direct, keys.thread(chatId));

/** A turn as a replay tells it: the outcome lines (increments and in-process calls dropped), no framing. */
const outcome = (lines: Line[]) =>
  settled(lines.filter((line) => line.id !== '__cutoff__') as unknown as StoredLine[]);

/**
 * Asserts a live turn ended properly: one final answer right before `__state__` with this status, then Cube's
 * end frames for that status with `__usage__` last.
 */
function expectEnded(lines: Line[], status: string) {
  expect(lines[0]?.id).toBe('__cutoff__');
  expect(stateLineOf(lines)).toMatchObject({ id: '__state__', state: { status, isStreaming: false } });
  expect(endIds(lines)).toEqual(expectedEnd(status));
  expect(finals(lines)).toHaveLength(1);
  expect(beforeEnd(lines).at(-1)).toBe(finals(lines)[0]);
}

/** The replay's lines of the turn that starts at `fromSort`. */
async function replayedTurn(chatId: string, sessionSettings: object, fromSort: number) {
  const replay = await ask({ chatId, sessionSettings });
  expect(replay.status).toBe(200);
  return replay.lines.filter((line) => line.sort >= fromSort);
}

/** Starts a thread with one completed turn. */
async function thread(sessionSettings: object) {
  const first = await ask({ input: 'total amount by status', sessionSettings });
  expectEnded(first.lines, 'completed');
  return first.lines[0]?.state?.chatId ?? '';
}

describe('1. the history read of a turn fails', () => {
  test('nothing is streamed or stored, the thread is free at once, the same message goes through', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const before = await threadItem(chatId);
    const id = messageId();
    const fault = proxy.inject({ operation: 'Query', match: `T#${chatId}`, mode: 'error' });
    const failed = await ask({ input: 'and by region?', chatId, sessionSettings: settings, messageId: id });
    expect(failed.status).toBe(500);
    expect(failed.error).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(fault.fired).toBeGreaterThanOrEqual(2);
    proxy.clear();

    // The lease went back; the message was not taken, so sending it again is a new turn, not a re-attach.
    const item = await threadItem(chatId);
    expect(item).toMatchObject({ status: 'idle', nextSort: before?.nextSort });
    expect(item?.turnMessageId).toBeUndefined();
    const again = await ask({ input: 'and by region?', chatId, sessionSettings: settings, messageId: id });
    expect(again.status).toBe(200);
    expectEnded(again.lines, 'completed');
    expect(again.lines[1]).toMatchObject({ id, role: 'user', content: 'and by region?' });
    expect(await replayedTurn(chatId, settings, again.lines[1]?.sort ?? 0)).toEqual(outcome(again.lines));
  });
});

describe('2. a read fails while replaying', () => {
  test('a finished thread: a contract error, not a cut stream', async () => {
    const settings = user();
    const chatId = await thread(settings);
    proxy.inject({ operation: 'Query', match: `T#${chatId}`, mode: 'error', error: 'InternalServerError' });
    const replay = await ask({ chatId, sessionSettings: settings });
    expect(replay.status).toBe(500);
    expect(replay.error?.code).toBe('INTERNAL');
  });

  test('a running turn: the follower ends with a final answer and __state__; the turn itself is unharmed', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const previous = process.env.OFFLINE_DELAY_MS;
    process.env.OFFLINE_DELAY_MS = '20';
    try {
      const live = await openStream(
        url,
        { input: 'and by region?', chatId, sessionSettings: settings },
        { key: svc.adminKey },
      );
      expect(live.status).toBe(200);
      const head = await readUntil(live, (line) => line.role === 'user');
      proxy.inject({ operation: 'Query', match: `T#${chatId}`, mode: 'error', error: 'ThrottlingException' });
      const follower = await ask({ chatId, sessionSettings: settings });
      expect(follower.status).toBe(200);
      expect(follower.lines[0]?.id).toBe('__cutoff__');
      expect(stateOf(follower.lines)?.status).toBe('error');
      expect(beforeEnd(follower.lines).at(-1)).toMatchObject({ role: 'assistant', graphPath: ['final'] });
      expect(endIds(follower.lines)).toEqual(expectedEnd('error'));
      proxy.clear();

      const lines = [...head, ...(await live.rest())];
      expectEnded(lines, 'completed');
      expect(await replayedTurn(chatId, settings, lines[1]?.sort ?? 0)).toEqual(outcome(lines));
    } finally {
      if (previous === undefined) delete process.env.OFFLINE_DELAY_MS;
      else process.env.OFFLINE_DELAY_MS = previous;
    }
  });
});

describe('2b. a turn that crashed (its function died) before storing its end', () => {
  test('replay and the next turn: a final answer and an error state, then the thread goes on', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const before = await threadItem(chatId);
    const sort = Number(before?.nextSort);
    // What a crash leaves: the echo stored, the lease run out, no end.
    await threads.putLines(direct, chatId, [
      { id: messageId(), role: 'user', content: 'lost', isDelta: false, isInProcess: false, sort },
    ]);
    await direct.doc.send(
      new UpdateCommand({
        TableName: direct.tableName,
        Key: keys.thread(chatId),
        UpdateExpression: 'SET #status = :streaming, leaseUntil = :past',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':streaming': 'streaming', ':past': Date.now() - 1 },
      }),
    );
    const replay = await ask({ chatId, sessionSettings: settings });
    const body = beforeEnd(replay.lines);
    expect(body.at(-2)).toMatchObject({ role: 'user', content: 'lost', sort });
    expect(body.at(-1)).toMatchObject({ graphPath: ['final'], sort: sort + 1 });
    expect(stateLineOf(replay.lines)).toMatchObject({
      id: '__state__',
      state: { status: 'error' },
      sort: sort + 2,
    });
    expect(endIds(replay.lines)).toEqual(expectedEnd('error'));
    expect(replay.lines.at(-2)).toEqual({ error: expect.stringMatching(/interrupted/), sort: sort + 3 });
    // Nothing is known of a crashed turn's model calls.
    expect(replay.lines.at(-1)).toMatchObject({ id: '__usage__', usage: { llmCalls: 0 }, sort: sort + 4 });
    const next = await ask({ input: 'and by region?', chatId, sessionSettings: settings });
    expectEnded(next.lines, 'completed');
    expect(next.lines[1]?.sort).toBe(sort + 1);
  });
});

describe('3. the release transaction fails', () => {
  test('the turn says error, stores exactly what it streamed and leaves the thread free', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const fault = proxy.inject({ operation: 'TransactWriteItems', match: `T#${chatId}`, mode: 'error' });
    const turn = await ask({ input: 'and by region?', chatId, sessionSettings: settings });
    expect(turn.status).toBe(200);
    expect(fault.fired).toBeGreaterThanOrEqual(2);
    expectEnded(turn.lines, 'error');
    expect(turn.lines.at(-2)?.error).toMatch(/could not be stored/);
    proxy.clear();

    expect(await threadItem(chatId)).toMatchObject({ status: 'idle', lastStatus: 'error' });
    expect(await replayedTurn(chatId, settings, turn.lines[1]?.sort ?? 0)).toEqual(outcome(turn.lines));
    const next = await ask({ input: 'total amount by status', chatId, sessionSettings: settings });
    expect(next.status).toBe(200);
    expectEnded(next.lines, 'completed');
  });
});

describe('4. the response of the lease update is lost', () => {
  test('once: the SDK retry finds its own lease and the turn runs', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const id = messageId();
    const fault = proxy.inject({
      operation: 'UpdateItem',
      match: 'turnStartSort = nextSort',
      mode: 'drop',
      times: 1,
    });
    const turn = await ask({ input: 'and by region?', chatId, sessionSettings: settings, messageId: id });
    expect(fault.fired).toBe(1);
    expect(turn.status).toBe(200);
    expectEnded(turn.lines, 'completed');
    expect(turn.lines[1]).toMatchObject({ id, role: 'user', content: 'and by region?' });
    expect(await replayedTurn(chatId, settings, turn.lines[1]?.sort ?? 0)).toEqual(outcome(turn.lines));
    expect(await threadItem(chatId)).toMatchObject({ status: 'idle', lastStatus: 'completed' });
  });

  test('every attempt: a contract error, and no lease is left behind', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const fault = proxy.inject({ operation: 'UpdateItem', match: 'turnStartSort = nextSort', mode: 'drop' });
    const failed = await ask({ input: 'and by region?', chatId, sessionSettings: settings });
    expect(failed.status).toBe(500);
    expect(failed.error?.code).toBe('INTERNAL');
    expect(fault.fired).toBeGreaterThanOrEqual(2);
    proxy.clear();
    expect(await threadItem(chatId)).toMatchObject({ status: 'idle' });
    const next = await ask({ input: 'and by region?', chatId, sessionSettings: settings });
    expect(next.status).toBe(200);
    expectEnded(next.lines, 'completed');
  });
});

describe('5. the response of the exchange is lost', () => {
  test('the retry finds its own token: 200 once, and the session stays single-use', async () => {
    const api = client(svc.baseUrl);
    const generated = await api.post<{ sessionId: string }>(
      '/api/v1/embed/generate-session',
      { deploymentId: 1, externalId: uniqueUser('exchange'), groups: ['managers'] },
      { key: svc.adminKey },
    );
    expect(generated.status).toBe(200);
    const fault = proxy.inject({
      operation: 'UpdateItem',
      match: 'exchanged = :true',
      mode: 'drop',
      times: 1,
    });
    const exchanged = await api.post<{ token: string }>('/api/v1/embed/session/exchange', {
      sessionId: generated.body.sessionId,
    });
    expect(fault.fired).toBe(1);
    expect(exchanged.status).toBe(200);
    // The token is the one stored: it opens a chat.
    const turn = await chat(url, { input: 'total amount by status' }, { bearer: exchanged.body.token });
    expect(turn.status).toBe(200);
    expectEnded(turn.lines, 'completed');
    const again = await api.post('/api/v1/embed/session/exchange', { sessionId: generated.body.sessionId });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'SESSION_INVALID' });
  });
});

describe('6. the response of the thread creation is lost', () => {
  const threadsOf = async (owner: string) => {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await direct.doc.send(
        new ScanCommand({ TableName: direct.tableName, ExclusiveStartKey: start, ConsistentRead: true }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items.filter((item) => item.kind === 'thread' && String(item.owner).includes(owner));
  };

  test('once: one thread, the one streamed', async () => {
    const settings = user();
    const fault = proxy.inject({ operation: 'PutItem', match: '"S":"thread"', mode: 'drop', times: 1 });
    const turn = await ask({ input: 'total amount by status', sessionSettings: settings });
    expect(fault.fired).toBe(1);
    expect(turn.status).toBe(200);
    expectEnded(turn.lines, 'completed');
    const found = await threadsOf(settings.externalId);
    expect(found.map((item) => item.chatId)).toEqual([turn.lines[0]?.state?.chatId]);
  });

  test('every attempt: a contract error and no orphan', async () => {
    const settings = user();
    proxy.inject({ operation: 'PutItem', match: '"S":"thread"', mode: 'drop' });
    const failed = await ask({ input: 'total amount by status', sessionSettings: settings });
    expect(failed.status).toBe(500);
    proxy.clear();
    expect(await threadsOf(settings.externalId)).toEqual([]);
  });
});

describe('7. aborts', () => {
  /** Runs `fn` with a slow offline model (a turn streams for a second or more). */
  /**
   * Holds the turn's end transaction (its release of the thread) until `release`: an abort sent before then always
   * finds the turn running, however long the machine takes to send it.
   */
  function holdEnd(chatId: string) {
    let release: () => void = () => undefined;
    const rule = proxy.inject({
      operation: 'TransactWriteItems',
      match: `T#${chatId}`,
      mode: 'delay',
      until: new Promise<void>((resolve) => {
        release = resolve;
      }),
    });
    return { rule, release: () => release() };
  }

  /**
   * A turn whose end transaction is held at the proxy until its abort is answered (204); with `endReachedProxy`
   * the abort waits until the end has reached the proxy. The stream's lines, and the held end.
   */
  async function abortWhileEndHeld(
    chatId: string,
    settings: ReturnType<typeof user>,
    options: { endReachedProxy?: boolean } = {},
  ): Promise<{ lines: Line[]; end: ReturnType<typeof holdEnd> }> {
    const end = holdEnd(chatId);
    try {
      const live = await openStream(
        url,
        { input: 'and by region?', chatId, sessionSettings: settings },
        { key: svc.adminKey },
      );
      const head = await readUntil(live, (line) => line.role === 'user');
      if (options.endReachedProxy)
        await waitUntil(() => end.rule.fired >= 1, "the turn's end transaction to reach the proxy");
      const asked = await abort(url, { chatId, sessionSettings: settings }, { key: svc.adminKey });
      end.release();
      expect(asked.status).toBe(204);
      return { lines: [...head, ...(await live.rest())], end };
    } finally {
      end.release();
    }
  }

  async function slowly<T>(fn: () => Promise<T>): Promise<T> {
    const previous = process.env.OFFLINE_DELAY_MS;
    process.env.OFFLINE_DELAY_MS = '60';
    try {
      return await fn();
    } finally {
      if (previous === undefined) delete process.env.OFFLINE_DELAY_MS;
      else process.env.OFFLINE_DELAY_MS = previous;
    }
  }

  test('every abort poll fails: the accepted abort still ends the turn aborted (found when it stores its end)', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const polls = proxy.inject({
      operation: 'GetItem',
      match: 'abortRequestedAt',
      mode: 'error',
      error: 'InternalServerError',
    });
    const { lines } = await slowly(() => abortWhileEndHeld(chatId, settings));
    expect(polls.fired).toBeGreaterThan(0);
    proxy.clear();
    expectEnded(lines, 'aborted');
    expect(stateOf(lines)?.reason).toBe('abort');
    expect(await threadItem(chatId)).toMatchObject({ status: 'idle', lastStatus: 'aborted' });
    expect(await replayedTurn(chatId, settings, lines[1]?.sort ?? 0)).toEqual(outcome(lines));
  });

  test('an abort accepted while the turn stores its end: the end says aborted, never completed', async () => {
    const settings = user();
    const chatId = await thread(settings);
    // The end's transaction is held on its way until the abort is answered, so the abort lands between the
    // agent's answer and the end whatever the machine's speed.
    const { lines, end } = await abortWhileEndHeld(chatId, settings, { endReachedProxy: true });
    expect(end.rule.fired).toBeGreaterThanOrEqual(2);
    proxy.clear();
    expectEnded(lines, 'aborted');
    expect(stateOf(lines)?.reason).toBe('abort');
    // The agent had answered in full: the answer stays, the turn is stored as the user stopped it.
    expect(finals(lines)[0]?.content).not.toMatch(/Stopped/);
    expect(await threadItem(chatId)).toMatchObject({ status: 'idle', lastStatus: 'aborted' });
    expect(await replayedTurn(chatId, settings, lines[1]?.sort ?? 0)).toEqual(outcome(lines));
  });

  test('the abort meets the end transaction in flight (TransactionConflictException): tried again, then 204', async () => {
    const settings = user();
    const chatId = await thread(settings);
    const conflicts = proxy.inject({
      operation: 'UpdateItem',
      match: 'SET abortRequestedAt',
      mode: 'conflict',
      times: 2,
    });
    const { lines } = await slowly(() => abortWhileEndHeld(chatId, settings));
    expect(conflicts.fired).toBe(2);
    expectEnded(lines, 'aborted');
  });

  test('an abort of a thread whose turn has ended: 204, and nothing is recorded', async () => {
    const settings = user();
    const chatId = await thread(settings);
    expect((await abort(url, { chatId, sessionSettings: settings }, { key: svc.adminKey })).status).toBe(204);
    expect((await threadItem(chatId))?.abortRequestedAt).toBeUndefined();
  });
});

describe('8. a flush of lines is slow when the turn ends', () => {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;
  const line = (sort: number): StoredLine => ({
    id: `m${sort}`,
    role: 'assistant',
    content: `line ${sort}`,
    isDelta: false,
    isInProcess: false,
    sort,
  });

  /**
   * A turn whose first flush (lines 1 and 2) the proxy holds until the test calls `release`, ending with `status`
   * (line 3 is still pending) while that flush is held. Holding instead of a fixed delay keeps the test's
   * meaning on a loaded machine: the end either waits for the flush or it does not, whatever the timings.
   */
  async function endWhileFlushing(status: 'aborted' | 'completed') {
    const store = svc.service.store;
    const chatId = `slow-flush-${status}-${Date.now()}`;
    const leaseId = `lease-${Date.now()}`;
    await threads.create(
      store,
      chatId,
      { account: 'demo', agentId: '1', owner: 'e:slow' },
      { leaseId, leaseUntil: Date.now() + 300_000, messageId: `${Date.now()}-message` },
    );
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = proxy.inject({
      operation: 'BatchWriteItem',
      match: `T#${chatId}`,
      mode: 'delay',
      until: held,
    });
    const writer = new TurnWriter(store, chatId, undefined, 500, log);
    writer.add(line(1));
    writer.add(line(2));
    await waitUntil(() => slow.fired === 1, 'the first flush to reach the proxy');
    writer.add(line(3));
    const finishing = writer.finish({
      leaseId,
      status,
      end: (final) => [{ id: '__state__', role: 'assistant', state: { chatId, status: final }, sort: 4 }],
    });
    return { chatId, slow, release, finishing };
  }

  test('an aborted turn does not wait for it: the release writes those lines again, stored is what streamed', async () => {
    const { chatId, slow, release, finishing } = await endWhileFlushing('aborted');
    try {
      expect(await settlesWithin(finishing, 30_000)).toBe('settled');
      // It ended while the flush was still held.
      expect(slow.settled).toBe(0);
      const { end, status } = await finishing;
      expect(status).toBe('aborted');
      expect((await threads.lines(direct, chatId)).map((item) => item.line.sort)).toEqual([1, 2, 3, 4]);
      // The held flush lands later with the same lines.
      release();
      await waitUntil(() => slow.settled === 1, 'the held flush to land');
      const stored = (await threads.lines(direct, chatId)).map((item) => item.line);
      expect(stored).toEqual([line(1), line(2), line(3), end[0]]);
      expect(await threadItem(chatId)).toMatchObject({ status: 'idle', lastStatus: 'aborted', nextSort: 5 });
    } finally {
      release();
    }
  });

  test('another end waits for it and writes each line once', async () => {
    const { chatId, slow, release, finishing } = await endWhileFlushing('completed');
    try {
      // Held, the flush keeps the end waiting (an end that did not wait settles in a few ms).
      expect(await settlesWithin(finishing, 1_000)).toBe('pending');
      release();
      expect((await finishing).status).toBe('completed');
      expect(slow.settled).toBe(1);
      expect((await threads.lines(direct, chatId)).map((item) => item.line.sort)).toEqual([1, 2, 3, 4]);
      expect(await threadItem(chatId)).toMatchObject({ status: 'idle', lastStatus: 'completed' });
    } finally {
      release();
    }
  });
});
