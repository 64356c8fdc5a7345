import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/store/keys';
import { startService, type TestService } from '../support/service';
import {
  type Auth,
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
  stateOf,
  uniqueUser,
} from './support';

// A slow offline model: a turn streams for a few seconds, long enough to be busy, followed, aborted or left.
process.env.OFFLINE_DELAY_MS = '60';

let svc: TestService;
let url: string;
let auth: Auth;
const user = () => ({ externalId: uniqueUser('conc'), groups: ['managers'] });
const QUESTION = 'What is the total amount by month in 2024?';

beforeAll(async () => {
  svc = await startService();
  url = chatUrl(svc.baseUrl);
  auth = { key: svc.adminKey };
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

/** Starts a turn and reads its first two lines (cutoff and echo): the turn is then streaming. */
async function startTurn(body: Record<string, unknown>) {
  const stream = await openStream(url, body, auth);
  expect(stream.status).toBe(200);
  const head = await readUntil(stream, (line) => line.role === 'user');
  return { stream, head, chatId: head[0]?.state?.chatId ?? '' };
}

const setMeta = (chatId: string, update: string, values: Record<string, unknown>) =>
  svc.service.store.doc.send(
    new UpdateCommand({
      TableName: svc.service.store.tableName,
      Key: keys.thread(chatId),
      UpdateExpression: update,
      ExpressionAttributeValues: values,
    }),
  );

describe('a streaming thread', () => {
  test('refuses new input with 409 THREAD_BUSY; abort stops the work mid-turn and the thread takes the next input', async () => {
    const owner = user();
    const { stream, chatId } = await startTurn({ input: QUESTION, sessionSettings: owner });

    const busy = await chat(url, { input: 'and by region?', chatId, sessionSettings: owner }, auth);
    expect([busy.status, busy.error?.code]).toEqual([409, 'THREAD_BUSY']);
    expect(busy.error?.error).toContain('Streaming for thread is in progress');

    const asked = await abort(url, { chatId, sessionSettings: owner }, auth);
    expect(asked.status).toBe(204);
    const rest = await stream.rest();
    expect(stateOf(rest)).toMatchObject({ chatId, status: 'aborted', reason: 'abort' });
    expect(finals(rest)).toHaveLength(1);
    // The work stopped mid-turn: the answer says what was done instead of being the full answer. The 1 s from
    // the 204 to the end is measured by `npm run bench:load` (README), not here, where a loaded machine's
    // scheduling would be measured with it.
    expect(finals(rest)[0]?.content).toMatch(/^Stopped at your request\./);
    expect(beforeEnd(rest).at(-1)).toBe(finals(rest)[0]);
    // Cube's end frames: `__aborted__` after the state, `__usage__` last.
    expect(endIds(rest)).toEqual(expectedEnd('aborted'));
    expect(rest.find((line) => line.id === '__aborted__')).toEqual({
      id: '__aborted__',
      role: 'assistant',
      type: 'abort',
      code: 'chat_aborted',
      error: expect.stringMatching(/request/),
      sort: expect.any(Number),
    });

    const next = await chat(url, { input: 'count of orders', chatId, sessionSettings: owner }, auth);
    expect(stateOf(next.lines)?.status).toBe('completed');
    expect(next.lines[1]?.sort).toBeGreaterThan(rest.at(-1)?.sort ?? Number.POSITIVE_INFINITY);
  });

  test('the same messageId re-attaches to the running turn and follows it to the same end', async () => {
    const owner = user();
    const messageId = `${Date.now()}-message`;
    const body = { input: QUESTION, sessionSettings: owner, messageId };
    const first = await startTurn(body);
    const second = await openStream(url, { ...body, chatId: first.chatId }, auth);
    expect(second.status).toBe(200);
    const [live, followed] = await Promise.all([first.stream.rest(), second.rest()]);
    const original = [...first.head, ...live];
    expect(stateOf(original)?.status).toBe('completed');

    expect(followed[0]).toEqual(original[0]);
    expect(followed[1]).toEqual(original[1]);
    expect(followed.at(-1)).toEqual(original.at(-1));
    // Every followed line went out on the original stream (increments may be merged into snapshots).
    const byKey = new Map(original.map((line) => [`${line.id}@${line.sort}`, line]));
    for (const line of followed.filter((l) => !l.isDelta))
      expect(byKey.get(`${line.id}@${line.sort}`)).toEqual(line);
    const sorts = followed.slice(1).map((line) => line.sort);
    expect(sorts).toEqual([...new Set(sorts)].sort((a, b) => a - b));
    expect(finals(followed)).toHaveLength(1);

    // Sending it again after the turn ended replays that turn instead of starting another.
    const again = await chat(url, { ...body, chatId: first.chatId }, auth);
    expect(again.lines.at(-1)).toEqual(original.at(-1));
    expect(again.lines.filter((line) => line.role === 'user')).toHaveLength(1);
  });

  test('replay without input while a turn streams follows it to its end', async () => {
    const owner = user();
    const first = await startTurn({ input: QUESTION, sessionSettings: owner });
    const replay = await chat(url, { chatId: first.chatId, sessionSettings: owner }, auth);
    const live = [...first.head, ...(await first.stream.rest())];
    expect(replay.lines.at(-1)).toEqual(live.at(-1));
    expect(finals(replay.lines)).toEqual(finals(live));
  });

  test('a client that disconnects stops the work and frees the thread', async () => {
    const owner = user();
    const { stream, chatId } = await startTurn({ input: QUESTION, sessionSettings: owner });
    stream.close();
    // Busy (409) until the left turn has stopped and stored its end; how soon is the machine's speed, so the
    // test waits for it and then checks that the turn was stopped, not run to its end.
    const left = Date.now();
    let next: Awaited<ReturnType<typeof chat>> | undefined;
    while (Date.now() - left < 30_000) {
      next = await chat(url, { input: 'count of orders', chatId, sessionSettings: owner }, auth);
      if (next.status !== 409) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(next?.status).toBe(200);
    expect(stateOf(next?.lines ?? [])?.status).toBe('completed');
    // The left turn stored its end: aborted because the client went away. A replay shows each turn's
    // `__state__` after its answer, and the other end frames of the last turn only.
    const replay = await chat(url, { chatId, sessionSettings: owner }, auth);
    const states = replay.lines.filter((line: Line) => line.id === '__state__');
    expect(states.map((line) => [line.state?.status, line.state?.reason])).toEqual([
      ['aborted', 'disconnect'],
      ['completed', undefined],
    ]);
    expect(finals(replay.lines)).toHaveLength(2);
    expect(finals(replay.lines)[0]?.content).toMatch(/^Stopped at your request\./);
    const ids = replay.lines.map((line) => line.id);
    expect(ids.filter((id) => id === '__usage__')).toHaveLength(1);
    expect(ids.indexOf('__state__')).toBeGreaterThan(replay.lines.indexOf(finals(replay.lines)[0] as Line));
    expect(ids.indexOf('__state__')).toBeLessThan(replay.lines.findLastIndex((line) => line.role === 'user'));
    expect(endIds(replay.lines)).toEqual(expectedEnd('completed'));
    // Followed while its next turn runs, the thread shows the same earlier state.
    const live = await openStream(url, { input: QUESTION, chatId, sessionSettings: owner }, auth);
    await readUntil(live, (line) => line.role === 'user');
    const followed = await chat(url, { chatId, sessionSettings: owner }, auth);
    await live.rest();
    expect(
      followed.lines.filter((line: Line) => line.id === '__state__').map((line) => line.state?.status),
    ).toEqual(['aborted', 'completed', 'completed']);
  });

  test('a crashed stream (expired lease) does not block the thread; a live lease does', async () => {
    const owner = user();
    const done = await chat(url, { input: 'count of orders', sessionSettings: owner }, auth);
    const chatId = done.lines[0]?.state?.chatId ?? '';
    const lease = 'SET #status = :streaming, leaseId = :lease, leaseUntil = :until';
    const crash = (until: number) =>
      svc.service.store.doc.send(
        new UpdateCommand({
          TableName: svc.service.store.tableName,
          Key: keys.thread(chatId),
          UpdateExpression: lease,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':streaming': 'streaming', ':lease': 'crashed', ':until': until },
        }),
      );
    await crash(Date.now() + 60_000);
    const blocked = await chat(url, { input: 'and by region?', chatId, sessionSettings: owner }, auth);
    expect(blocked.error?.code).toBe('THREAD_BUSY');

    await crash(Date.now() - 1);
    // Replay of a thread whose last turn crashed still ends with a state line.
    const replay = await chat(url, { chatId, sessionSettings: owner }, auth);
    expect(endIds(replay.lines)).toEqual(expectedEnd(stateOf(replay.lines)?.status ?? 'missing'));
    const next = await chat(url, { input: 'and by region?', chatId, sessionSettings: owner }, auth);
    expect(stateOf(next.lines)?.status).toBe('completed');
    expect(next.lines[1]?.sort).toBeGreaterThan(done.lines.at(-1)?.sort ?? Number.POSITIVE_INFINITY);
  });

  test('the turn is bounded by CHAT_TURN_TIMEOUT_MS', async () => {
    process.env.CHAT_TURN_TIMEOUT_MS = '300';
    try {
      const reply = await chat(url, { input: QUESTION, sessionSettings: user() }, auth);
      expect(stateOf(reply.lines)?.status).toBe('error');
      expect(finals(reply.lines)).toHaveLength(1);
      // The service's time bound stopped the run: Cube's `__suspended__`, then the error line.
      expect(endIds(reply.lines)).toEqual(expectedEnd('error', true));
      const echo = reply.lines[1];
      expect(reply.lines.find((line) => line.id === '__suspended__')).toEqual({
        id: '__suspended__',
        role: 'assistant',
        type: 'suspend',
        code: 'chat_suspended',
        retryable: false,
        messageId: echo?.id,
        error: expect.stringMatching(/time limit/),
        sort: expect.any(Number),
      });
    } finally {
      delete process.env.CHAT_TURN_TIMEOUT_MS;
    }
  });

  test('an abort recorded between turns does not stop the next turn', async () => {
    const owner = user();
    const done = await chat(url, { input: 'count of orders', sessionSettings: owner }, auth);
    const chatId = done.lines[0]?.state?.chatId ?? '';
    await setMeta(chatId, 'SET abortRequestedAt = :at', { ':at': Date.now() });
    const next = await chat(url, { input: 'count of orders', chatId, sessionSettings: owner }, auth);
    expect(stateOf(next.lines)?.status).toBe('completed');
  });
});
