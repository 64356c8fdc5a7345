/**
 * Issue 18 item 2: a chat stream silent for longer than the keepalive interval still emits a line (so
 * CloudFront's 60 s origin read timeout never cuts it); the line is not a message and is never stored.
 */
import { KEEPALIVE_ID, KEEPALIVE_LINE, withKeepalive } from '../../functions/http/keepalive';
import { startService, type TestService } from '../support/service';
import { chat, chatUrl, type Line, stateOf, uniqueUser } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withKeepalive', () => {
  test('adds a keepalive line for each silent interval and passes every line through in order', async () => {
    async function* slow() {
      yield 'a\n';
      await sleep(130);
      yield 'b\n';
      yield 'c\n';
    }
    const out: string[] = [];
    for await (const line of withKeepalive(slow(), 50)) out.push(line);
    expect(out.filter((line) => line !== KEEPALIVE_LINE)).toEqual(['a\n', 'b\n', 'c\n']);
    const keepalives = out.slice(1, -2);
    expect(keepalives.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keepalives)).toEqual(new Set([KEEPALIVE_LINE]));
  });

  test('adds nothing to a stream that is never silent that long, and closes the source when the reader leaves', async () => {
    let closed = false;
    async function* busy() {
      try {
        for (let i = 0; i < 100; i += 1) {
          await sleep(1);
          yield `${i}\n`;
        }
      } finally {
        closed = true;
      }
    }
    const out: string[] = [];
    for await (const line of withKeepalive(busy(), 1_000)) {
      out.push(line);
      if (out.length === 5) break;
    }
    expect(out).toEqual(['0\n', '1\n', '2\n', '3\n', '4\n']);
    expect(closed).toBe(true);
  });
});

describe('a silent chat stream over HTTP', () => {
  let svc: TestService;
  const saved = {
    STREAM_KEEPALIVE_MS: process.env.STREAM_KEEPALIVE_MS,
    OFFLINE_DELAY_MS: process.env.OFFLINE_DELAY_MS,
  };

  beforeAll(async () => {
    // The offline model pauses 300 ms between chunks: longer than the 80 ms keepalive interval.
    process.env.STREAM_KEEPALIVE_MS = '80';
    process.env.OFFLINE_DELAY_MS = '300';
    svc = await startService();
  }, 120_000);
  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await svc.stop();
  });

  test('still emits lines while silent; the turn completes and a replay holds no keepalive', async () => {
    const url = chatUrl(svc.baseUrl);
    const sessionSettings = { externalId: uniqueUser('keepalive'), groups: ['managers'] };
    const live = await chat(url, { input: 'count of orders', sessionSettings }, { key: svc.adminKey });
    expect(live.status).toBe(200);
    const keepalives = live.lines.filter((line) => line.id === KEEPALIVE_ID);
    expect(keepalives.length).toBeGreaterThan(0);
    expect(keepalives[0]).toEqual({ id: KEEPALIVE_ID });
    const messages = live.lines.filter((line) => line.id !== KEEPALIVE_ID);
    expect(stateOf(messages)?.status).toBe('completed');
    expect(messages.at(-1)?.id).toBe('__usage__');
    const sorts = messages.map((line: Line) => line.sort);
    expect(sorts.slice(1)).toEqual([...sorts.slice(1)].sort((a, b) => a - b));
    const chatId = messages[0]?.state?.chatId;
    const replay = await chat(url, { chatId, sessionSettings }, { key: svc.adminKey });
    expect(replay.status).toBe(200);
    // Keepalives are not stored: the replay of the finished thread (immediate, never silent) has none.
    expect(replay.lines.some((line) => line.id === KEEPALIVE_ID)).toBe(false);
    expect(stateOf(replay.lines)?.status).toBe('completed');
    expect(replay.lines.at(-1)).toEqual(messages.at(-1));
  }, 60_000);
});
