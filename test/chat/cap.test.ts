/**
 * Issue 9, item 4 ("stored equals streamed"): a chat line is capped before it is streamed so every line fits
 * one DynamoDB item, a turn's end fits its transaction however large its lines, and replay returns exactly
 * what was streamed, with `completed` only for a turn that was stored.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '../../functions/agent';
import { capLine, MAX_LINE_BYTES } from '../../functions/chat/cap';
import { followStream } from '../../functions/chat/follow';
import { settled } from '../../functions/chat/lines';
import { chatSettings } from '../../functions/chat/settings';
import { type RunAgent, turnStream } from '../../functions/chat/turn';
import { createLogger } from '../../functions/observability/log';
import type { Store } from '../../functions/store/client';
import { type StoredLine, threads } from '../../functions/store/threads';
import { freshStore } from '../support/store';

let store: Store;
beforeAll(async () => {
  store = await freshStore();
});
afterAll(() => {
  store.doc.destroy();
});

const size = (line: StoredLine) => Buffer.byteLength(JSON.stringify(line));

/** A coreSqlApi result of `rows` rows of about `rowBytes` each. */
function sqlResult(rows: number, rowBytes: number): string {
  return JSON.stringify({
    sqlQuery: 'SELECT note FROM orders_view',
    queryTitle: 'Notes',
    schema: [
      { name: 'n', type: 'INTEGER' },
      { name: 'note', type: 'VARCHAR' },
    ],
    data: Array.from({ length: rows }, (_, n) => ({ n, note: `${n}:${'x'.repeat(rowBytes)}` })),
    totalRows: rows,
    uuid: randomUUID(),
  });
}

const toolLine = (result: string, sort = 5): StoredLine => ({
  id: randomUUID(),
  role: 'assistant',
  content: '',
  thinking: '',
  toolCall: { name: 'coreSqlApi', input: '{"sqlQuery":"SELECT 1"}', result },
  graphPath: ['core_data_analyst_agent', 'tools'],
  isDelta: false,
  isInProcess: false,
  sort,
});

describe('capLine', () => {
  test('a line that fits is returned as it is', () => {
    const line = toolLine(sqlResult(10, 100));
    expect(capLine(line)).toBe(line);
  });

  test('a large query result keeps the first rows that fit and says so', () => {
    const line = toolLine(sqlResult(100, 6_000));
    expect(size(line)).toBeGreaterThan(MAX_LINE_BYTES);
    const capped = capLine(line);
    expect(size(capped)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    const result = JSON.parse(String((capped.toolCall as { result: string }).result)) as {
      data: { n: number }[];
      totalRows: number;
      shortened: string;
    };
    expect(result.data.length).toBeGreaterThan(30);
    expect(result.data.length).toBeLessThan(100);
    expect(result.data.map((row) => row.n)).toEqual(result.data.map((_, n) => n));
    expect(result.totalRows).toBe(100);
    expect(result.shortened).toBe(
      `Shortened to ${result.data.length} of 100 rows: the full result is too large to keep in the conversation.`,
    );
    // The largest count that fits: one row less than that would leave a row's room unused.
    expect(size(capped)).toBeGreaterThan(MAX_LINE_BYTES - 6_200);
  });

  test('a single huge cell or a huge answer is cut, with a note, on a character boundary', () => {
    const cell = capLine(toolLine(sqlResult(1, 900_000)));
    expect(size(cell)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(String((cell.toolCall as { result: string }).result))).toMatchObject({
      sqlQuery: 'SELECT note FROM orders_view',
      data: [],
      totalRows: 1,
      shortened: 'Shortened to 0 of 1 rows: the full result is too large to keep in the conversation.',
    });
    // A result without rows (a catalog search) is replaced by the note.
    const meta = capLine(toolLine(JSON.stringify({ cubes: [{ name: 'x'.repeat(500_000) }] })));
    expect(size(meta)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(String((meta.toolCall as { result: string }).result))).toEqual({
      shortened: expect.stringMatching(/^The tool result \(\d+ bytes\) is too large/),
    });
    const answer = capLine({
      id: 'a',
      role: 'assistant',
      content: 'é€😀'.repeat(80_000),
      thinking: 'why '.repeat(30_000),
      graphPath: ['final'],
      isDelta: false,
      isInProcess: false,
      sort: 9,
    });
    expect(size(answer)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(answer.content).toMatch(/\[Shortened: the full text \(\d+ bytes\) is too large/);
    expect(String(answer.content)).not.toContain('\uFFFD');
  });
});

/** Runs one turn of `runAgent` on a new thread and returns the streamed lines and the replayed ones. */
async function turnAndReplay(runAgent: RunAgent) {
  const chatId = randomUUID();
  const settings = chatSettings();
  const log = createLogger({ test: 'cap' });
  const lease = {
    leaseId: randomUUID(),
    leaseUntil: Date.now() + settings.leaseMs,
    messageId: `${Date.now()}-message`,
  };
  const meta = await threads.create(store, chatId, { account: 'demo', agentId: '1', owner: 'e:cap' }, lease);
  const lines = turnStream({
    store,
    log,
    settings,
    meta,
    leaseId: lease.leaseId,
    history: [],
    startSort: meta.nextSort,
    input: 'show me every note',
    messageId: lease.messageId,
    showThinking: false,
    runAgent,
  })(new AbortController().signal);
  const streamed: StoredLine[] = [];
  for await (const chunk of lines) {
    for (const text of chunk.split('\n').filter(Boolean)) streamed.push(JSON.parse(text) as StoredLine);
  }
  const after = await threads.get(store, chatId);
  const stored = await threads.lines(store, chatId);
  const replayed: StoredLine[] = [];
  if (!after) throw new Error('thread vanished');
  for await (const chunk of followStream({ store, log, settings, meta: after, mode: 'replay', stored })(
    new AbortController().signal,
  )) {
    replayed.push(JSON.parse(chunk) as StoredLine);
  }
  return { streamed, replayed, after };
}

const message = (fields: Partial<ChatMessage>): ChatMessage => ({
  id: randomUUID(),
  role: 'assistant',
  content: '',
  thinking: '',
  graphPath: ['core_data_analyst_agent', 'tools'],
  isDelta: false,
  isInProcess: false,
  ...fields,
});

describe('a turn with large tool results', () => {
  test('a result of several hundred KB: streamed shortened, stored the same, completed', async () => {
    const big = sqlResult(100, 6_000);
    const { streamed, replayed, after } = await turnAndReplay(async ({ emit }) => {
      const id = randomUUID();
      emit(message({ id, toolCall: { name: 'coreSqlApi', input: '{}' }, isInProcess: true }));
      emit(message({ id, toolCall: { name: 'coreSqlApi', input: '{}', result: big } }));
      emit(message({ content: 'Here are the notes.', graphPath: ['final'] }));
      return { status: 'completed', finalAnswer: 'Here are the notes.' };
    });
    expect(streamed.find((line) => line.id === '__state__')).toMatchObject({
      state: { status: 'completed' },
    });
    expect(streamed.at(-1)?.id).toBe('__usage__');
    expect(after).toMatchObject({ status: 'idle', lastStatus: 'completed' });
    const tool = streamed.find((line) => line.toolCall && line.isInProcess === false);
    expect(String((tool?.toolCall as { result?: string } | undefined)?.result)).toContain(
      '"shortened":"Shortened to ',
    );
    // Replay tells the turn exactly as it streamed (its outcome: the in-process call is replaced).
    expect(replayed).toEqual([streamed[0], ...settled(streamed.slice(1))]);
  });

  test('thirty results near the cap: more than one transaction holds, the turn is still stored whole', async () => {
    const { streamed, replayed, after } = await turnAndReplay(async ({ emit }) => {
      for (let n = 0; n < 30; n += 1) {
        emit(message({ toolCall: { name: 'coreSqlApi', input: '{}', result: sqlResult(40, 6_000) } }));
      }
      emit(message({ content: 'Done.', graphPath: ['final'] }));
      return { status: 'completed', finalAnswer: 'Done.' };
    });
    expect(streamed.filter((line) => line.toolCall)).toHaveLength(30);
    expect(streamed.find((line) => line.id === '__state__')).toMatchObject({
      state: { status: 'completed' },
    });
    expect(streamed.at(-1)?.id).toBe('__usage__');
    expect(after).toMatchObject({ status: 'idle', lastStatus: 'completed' });
    expect(replayed).toEqual(streamed);
  });
});
