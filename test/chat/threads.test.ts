import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { completeFlushes, settled } from '../../functions/chat/lines';
import { loadHistory } from '../../functions/chat/turn';
import type { Store } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import { type StoredLine, type TurnLease, threads } from '../../functions/store/threads';
import { freshStore } from '../support/store';

let store: Store;
beforeAll(async () => {
  store = await freshStore();
});
afterAll(() => {
  store.doc.destroy();
});

const who = { account: 'demo', agentId: '1', owner: 'e:alice' };
let n = 0;
const lease = (overrides: Partial<TurnLease> = {}): TurnLease => ({
  leaseId: `lease-${n++}`,
  leaseUntil: Date.now() + 30_000,
  messageId: `${Date.now()}${n}-message`,
  ...overrides,
});
const line = (sort: number, extra: Record<string, unknown> = {}): StoredLine => ({
  id: `m${sort}`,
  role: 'assistant',
  sort,
  ...extra,
});

describe('thread lease', () => {
  test('acquire: missing for other owners, agents, accounts and expired threads; busy; same message; free', async () => {
    const chatId = `t-${n++}`;
    const first = lease();
    await threads.create(store, chatId, who, first);
    for (const other of [
      { ...who, owner: 'e:bob' },
      { ...who, agentId: '2' },
      { ...who, account: 'starter' },
    ]) {
      expect((await threads.acquire(store, chatId, other, lease())).kind).toBe('missing');
    }
    expect((await threads.acquire(store, 'nope', who, lease())).kind).toBe('missing');
    expect((await threads.acquire(store, chatId, who, lease())).kind).toBe('busy');
    expect((await threads.acquire(store, chatId, who, lease({ messageId: first.messageId }))).kind).toBe(
      'same-message',
    );

    // Released: the next turn starts at the next free sort and clears an abort request.
    await threads.requestAbort(store, chatId, who);
    expect(
      await threads.release(store, chatId, {
        leaseId: first.leaseId,
        lines: [line(1), line(2)],
        nextSort: 3,
        status: 'aborted',
      }),
    ).toBe('released');
    const next = await threads.acquire(store, chatId, who, lease());
    expect(next).toMatchObject({
      kind: 'acquired',
      meta: { status: 'streaming', turnStartSort: 3, nextSort: 3 },
    });
    expect(next.kind === 'acquired' ? next.meta.abortRequestedAt : 'not acquired').toBeUndefined();
    // The old lease can neither renew nor release any more.
    expect(await threads.renew(store, chatId, first.leaseId, Date.now() + 1000)).toBe('lost');
  });

  test('an expired lease is taken over; an expired thread is absent', async () => {
    const chatId = `t-${n++}`;
    await threads.create(store, chatId, who, lease({ leaseUntil: Date.now() - 1 }));
    expect((await threads.acquire(store, chatId, who, lease())).kind).toBe('acquired');

    const old = `t-${n++}`;
    await threads.create(store, old, who, lease({ expiresAt: Math.floor(Date.now() / 1000) - 1 }));
    expect(await threads.get(store, old)).toBeUndefined();
    expect((await threads.acquire(store, old, who, lease())).kind).toBe('missing');
    expect(await threads.requestAbort(store, old, who)).toEqual({ kind: 'missing' });
  });

  test('requestAbort: recorded for the owner, forbidden for another user, missing for another agent', async () => {
    const chatId = `t-${n++}`;
    await threads.create(store, chatId, who, lease());
    expect(await threads.requestAbort(store, chatId, who)).toEqual({ kind: 'recorded' });
    expect(await threads.requestAbort(store, chatId, { ...who, owner: 'e:bob' })).toEqual({
      kind: 'forbidden',
    });
    expect(await threads.requestAbort(store, chatId, { ...who, agentId: '7' })).toEqual({ kind: 'missing' });
    expect((await threads.turnSignals(store, chatId))?.abortRequestedAt).toEqual(expect.any(Number));
  });

  test('an accepted abort: the turn may not end otherwise than aborted, and renewing the lease sees it', async () => {
    const chatId = `t-${n++}`;
    const turn = lease();
    await threads.create(store, chatId, who, turn);
    expect(await threads.renew(store, chatId, turn.leaseId, Date.now() + 30_000)).toBe('held');
    expect(await threads.requestAbort(store, chatId, who)).toEqual({ kind: 'recorded' });
    expect(await threads.renew(store, chatId, turn.leaseId, Date.now() + 30_000)).toBe('abort');
    for (const status of ['completed', 'error'] as const) {
      expect(
        await threads.release(store, chatId, {
          leaseId: turn.leaseId,
          lines: [line(1)],
          nextSort: 2,
          status,
        }),
      ).toBe('abort-requested');
    }
    // Refused releases wrote nothing.
    expect(await threads.lines(store, chatId)).toEqual([]);
    expect((await threads.get(store, chatId))?.status).toBe('streaming');
    expect(
      await threads.release(store, chatId, {
        leaseId: turn.leaseId,
        lines: [line(1)],
        nextSort: 2,
        status: 'aborted',
      }),
    ).toBe('released');
    expect(await threads.get(store, chatId)).toMatchObject({ status: 'idle', lastStatus: 'aborted' });
  });

  test('an abort after the turn ended is `ended` and records nothing', async () => {
    const chatId = `t-${n++}`;
    const turn = lease();
    await threads.create(store, chatId, who, turn);
    await threads.release(store, chatId, {
      leaseId: turn.leaseId,
      lines: [],
      nextSort: 1,
      status: 'completed',
    });
    const ended = await threads.requestAbort(store, chatId, who);
    expect(ended).toEqual({ kind: 'ended', endedAtMs: expect.any(Number) });
    // When it ended: moments ago (a minute leaves room for a loaded machine).
    expect(Date.now() - (ended.kind === 'ended' ? (ended.endedAtMs ?? 0) : 0)).toBeLessThan(60_000);
    expect(await threads.requestAbort(store, chatId, { ...who, owner: 'e:bob' })).toEqual({
      kind: 'forbidden',
    });
    expect(
      (await threads.turnSignals(store, chatId, { consistent: true }))?.abortRequestedAt,
    ).toBeUndefined();
  });

  test('release after losing the lease keeps the lines but leaves the thread to its new turn', async () => {
    const chatId = `t-${n++}`;
    const lost = lease();
    await threads.create(store, chatId, who, lost);
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: keys.thread(chatId),
        UpdateExpression: 'SET leaseId = :other',
        ExpressionAttributeValues: { ':other': 'someone-else' },
      }),
    );
    const released = await threads.release(store, chatId, {
      leaseId: lost.leaseId,
      lines: [line(1)],
      nextSort: 2,
      status: 'aborted',
    });
    expect(released).toBe('lease-lost');
    expect((await threads.get(store, chatId))?.status).toBe('streaming');
    expect((await threads.lines(store, chatId)).map((item) => item.line.sort)).toEqual([1]);
  });
});

describe('stored lines', () => {
  test('come back in sort order after a sort, across BatchWrite chunks, without the metadata item', async () => {
    const chatId = `t-${n++}`;
    await threads.create(store, chatId, who, lease());
    const lines = Array.from({ length: 60 }, (_, i) => line(i + 1, { content: `x${i}` }));
    await threads.putLines(store, chatId, lines.slice(0, 30));
    await threads.putLines(store, chatId, lines.slice(30));
    const all = await threads.lines(store, chatId);
    expect(all.map((item) => item.line)).toEqual(lines);
    expect(all[0]).toMatchObject({ batchEnd: 30, batchCount: 30 });
    expect((await threads.lines(store, chatId, 55)).map((item) => item.line.sort)).toEqual([
      56, 57, 58, 59, 60,
    ]);
  });

  test('settled drops increments and in-process tool calls replaced by a later copy', () => {
    const lines = [
      line(1, { id: 'a', isDelta: true, content: 'He' }),
      line(2, { id: 't', isInProcess: true }),
      line(3, { id: 'a', isDelta: false, content: 'Hello' }),
      line(4, { id: 't', isInProcess: false, toolCall: { result: '{}' } }),
      line(5, { id: 'b', isDelta: true, content: 'cut short' }),
    ];
    expect(settled(lines).map((l) => l.sort)).toEqual([3, 4, 5]);
  });

  test('a follower passes on whole flushes only', () => {
    const item = (sort: number, batchEnd: number, batchCount: number) => ({
      line: line(sort),
      batchEnd,
      batchCount,
    });
    // Flush ending at 3 has all three items; the one ending at 7 is missing one (still being written).
    const items = [item(1, 3, 3), item(2, 3, 3), item(3, 3, 3), item(4, 7, 3), item(7, 7, 3)];
    expect(completeFlushes(items).map((i) => i.line.sort)).toEqual([1, 2, 3]);
    expect(completeFlushes([...items.slice(0, 4), item(5, 7, 3), item(7, 7, 3)])).toHaveLength(6);
  });
});

describe('history of a turn', () => {
  // Three earlier turns of three lines each: the question, a tool call, the final answer (sorts 1..9).
  const turnLines = (turn: number): StoredLine[] => {
    const at = turn * 3 + 1;
    return [
      { id: `q${turn}`, role: 'user', content: `question ${turn}`, sort: at },
      {
        id: `t${turn}`,
        role: 'assistant',
        toolCall: { name: 'coreMeta', input: '{}', result: '{"cubes":[]}' },
        sort: at + 1,
      },
      { id: `f${turn}`, role: 'assistant', content: `answer ${turn}`, graphPath: ['final'], sort: at + 2 },
    ];
  };

  test('the last lines only, from the first question among them; the next sort after the highest stored', async () => {
    const chatId = `t-${n++}`;
    const meta = await threads.create(store, chatId, who, lease());
    for (const turn of [0, 1, 2]) await threads.putLines(store, chatId, turnLines(turn));
    const questions = (history: { role?: string; content?: string }[]) =>
      history.filter((m) => m.role === 'user').map((m) => m.content);

    const all = await loadHistory(store, meta, false, 300);
    expect(questions(all.history)).toEqual(['question 0', 'question 1', 'question 2']);
    expect(all.startSort).toBe(10);
    // Seven lines reach back into turn 0's tool call: the history starts at turn 1's question.
    const cut = await loadHistory(store, meta, false, 7);
    expect(questions(cut.history)).toEqual(['question 1', 'question 2']);
    expect(cut.history[0]).toMatchObject({ id: 'q1', role: 'user' });
    expect(cut.startSort).toBe(10);
    // Exactly the last turn.
    expect(questions((await loadHistory(store, meta, false, 3)).history)).toEqual(['question 2']);
    // A new thread reads nothing.
    expect(await loadHistory(store, meta, true, 300)).toEqual({ history: [], startSort: meta.nextSort });
  });
});
