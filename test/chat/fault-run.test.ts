import { settled } from '../../functions/chat/lines';
import type { Store } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import { type StoredLine, threads } from '../../functions/store/threads';
import { type FaultProxy, type FaultRule, type FaultyService, startFaultyService } from '../support/faults';
import { client } from '../support/http';
import type { TestService } from '../support/service';
import { readItem } from '../support/store';
import {
  type Auth,
  abort,
  chat,
  chatUrl,
  type Line,
  openStream,
  readUntil,
  stateOf,
  uniqueUser,
} from './support';

// A slow offline model: a turn streams for about a second, long enough to be aborted half-way.
process.env.OFFLINE_DELAY_MS = '30';

let faulty: FaultyService;
let proxy: FaultProxy;
let svc: TestService;
let url: string;
let direct: Store;

beforeAll(async () => {
  faulty = await startFaultyService();
  ({ proxy, svc, direct } = faulty);
  url = chatUrl(svc.baseUrl);
  // Warm (model, data source, caches) without faults: the first mode should not pay for it.
  const warm = newTally();
  await journey(warm);
  expect(warm.problems).toEqual([]);
}, 300_000);
afterAll(async () => {
  await faulty.stop();
});

const MODES: { name: string; rule?: FaultRule }[] = [
  { name: 'no faults' },
  {
    name: 'provisioned throughput exceeded',
    rule: {
      operation: '*',
      mode: 'error',
      error: 'ProvisionedThroughputExceededException',
      probability: 0.3,
    },
  },
  {
    name: 'throttling',
    rule: { operation: '*', mode: 'error', error: 'ThrottlingException', probability: 0.3 },
  },
  {
    name: 'internal error',
    rule: { operation: '*', mode: 'error', error: 'InternalServerError', probability: 0.3 },
  },
  { name: 'connection reset', rule: { operation: '*', mode: 'reset', probability: 0.2 } },
  { name: 'lost response', rule: { operation: '*', mode: 'drop', probability: 0.2 } },
  { name: 'latency', rule: { operation: '*', mode: 'delay', delayMs: 40, probability: 0.5 } },
];

interface Turn {
  chatId: string;
  auth: Auth;
  lines: Line[];
}

interface Tally {
  requests: number;
  ok: number;
  contractErrors: number;
  problems: string[];
  turns: Turn[];
  /** Milliseconds from each accepted abort's 204 to the end of its stream. */
  abortEnds: number[];
  /** Aborts answered 204 for a turn whose end was stored before they came (no abort recorded on the thread). */
  abortsAfterEnd: number;
}

const newTally = (): Tally => ({
  requests: 0,
  ok: 0,
  contractErrors: 0,
  problems: [],
  turns: [],
  abortEnds: [],
  abortsAfterEnd: 0,
});

const CONTRACT_ERROR_STATUSES = new Set([500]);

/** A JSON error is a contract one: `{ error, code }`, a known status, and never a refusal the faults caused. */
function judgeError(tally: Tally, what: string, status: number, body: unknown) {
  const shaped =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string' &&
    typeof (body as { code?: unknown }).code === 'string';
  if (shaped && CONTRACT_ERROR_STATUSES.has(status)) tally.contractErrors += 1;
  else tally.problems.push(`${what}: ${status} ${JSON.stringify(body)}`);
}

async function askChat(tally: Tally, what: string, body: Record<string, unknown>, auth: Auth) {
  tally.requests += 1;
  let reply: Awaited<ReturnType<typeof chat>>;
  try {
    reply = await chat(url, body, auth);
  } catch (error) {
    tally.problems.push(`${what}: stream cut (${String(error)})`);
    return undefined;
  }
  if (reply.status !== 200) {
    judgeError(tally, what, reply.status, reply.error);
    return undefined;
  }
  const last = reply.lines.at(-1);
  const state = reply.lines.findLast((line) => line.id === '__state__');
  if (reply.lines[0]?.id !== '__cutoff__' || !state || last?.id !== '__usage__') {
    tally.problems.push(`${what}: stream without __cutoff__/__state__/__usage__ last`);
    return undefined;
  }
  tally.ok += 1;
  return reply.lines;
}

/** One user's requests: a session exchanged, a turn on a new thread, a follow-up, a replay. */
async function journey(tally: Tally) {
  const api = client(svc.baseUrl);
  const externalId = uniqueUser('run');
  tally.requests += 1;
  const generated = await api.post<{ sessionId: string }>(
    '/api/v1/embed/generate-session',
    { deploymentId: 1, externalId, groups: ['managers'] },
    { key: svc.adminKey },
  );
  if (generated.status !== 200) return judgeError(tally, 'generate', generated.status, generated.body);
  tally.ok += 1;
  tally.requests += 1;
  const exchanged = await api.post<{ token: string; user: { groups: string[] } }>(
    '/api/v1/embed/session/exchange',
    { sessionId: generated.body.sessionId },
  );
  if (exchanged.status !== 200) return judgeError(tally, 'exchange', exchanged.status, exchanged.body);
  tally.ok += 1;
  if (JSON.stringify(exchanged.body.user.groups) !== '["managers"]') {
    tally.problems.push(`exchange: groups ${JSON.stringify(exchanged.body.user.groups)}`);
  }
  const auth = { bearer: exchanged.body.token };
  const first = await askChat(tally, 'turn', { input: 'total amount by status' }, auth);
  if (!first) return;
  const chatId = first[0]?.state?.chatId ?? '';
  tally.turns.push({ chatId, auth, lines: first });
  const second = await askChat(tally, 'follow-up', { input: 'and by region?', chatId }, auth);
  if (second) tally.turns.push({ chatId, auth, lines: second });
  await abortedTurn(tally, chatId, auth);
  await askChat(tally, 'replay', { chatId }, auth);
}

/**
 * A turn aborted half-way: once the abort is accepted (204) the stream ends `aborted` (never `completed`, and
 * `error` only when its end could not be stored); the abort itself is a success or a contract error.
 */
async function abortedTurn(tally: Tally, chatId: string, auth: Auth) {
  tally.requests += 1;
  let stream: Awaited<ReturnType<typeof openStream>>;
  try {
    stream = await openStream(url, { input: 'total amount by month in 2024', chatId }, auth);
  } catch (error) {
    tally.problems.push(`aborted turn: no stream (${String(error)})`);
    return;
  }
  if (stream.status !== 200) return judgeError(tally, 'aborted turn', stream.status, stream.error);
  let lines: Line[];
  let acceptedAt: number | undefined;
  try {
    const head = await readUntil(stream, (line) => line.role === 'user');
    tally.requests += 1;
    const asked = await abort(url, { chatId }, auth);
    if (asked.status === 204) {
      tally.ok += 1;
      acceptedAt = performance.now();
    } else judgeError(tally, 'abort', asked.status, asked.body);
    lines = [...head, ...(await stream.rest())];
  } catch (error) {
    tally.problems.push(`aborted turn: stream cut (${String(error)})`);
    return;
  }
  const endedAt = performance.now();
  const status = stateOf(lines)?.status;
  if (lines[0]?.id !== '__cutoff__' || !status || lines.at(-1)?.id !== '__usage__') {
    tally.problems.push('aborted turn: stream without __cutoff__/__state__/__usage__ last');
    return;
  }
  tally.ok += 1;
  tally.turns.push({ chatId, auth, lines });
  if (acceptedAt === undefined) return;
  tally.abortEnds.push(endedAt - acceptedAt);
  const notStored = lines.at(-2)?.error?.includes('could not be stored') === true;
  if (status === 'aborted' || (status === 'error' && notStored)) return;
  // An abort that found the turn already ended is a 204 too (the spec: "an active or recently completed chat
  // session"): under throttling the abort's own reads retry with backoff for longer than the turn runs. The
  // thread then holds no abort request, since the end is stored only while none is recorded and an ended
  // turn's thread takes none. A `completed` end beside a recorded abort is the failure this test is for.
  const thread = await readItem(direct, keys.thread(chatId));
  if (status === 'completed' && thread?.abortRequestedAt === undefined) tally.abortsAfterEnd += 1;
  else tally.problems.push(`aborted turn: ended ${status} after the abort's 204`);
}

const outcome = (lines: Line[]) =>
  settled(lines.filter((line) => line.id !== '__cutoff__') as unknown as StoredLine[]);

describe('random faults, one mode at a time', () => {
  test.each(MODES)(
    '$name',
    async ({ rule }) => {
      const tally = newTally();
      const fault = rule ? proxy.inject(rule) : undefined;
      await Promise.all(
        [0, 1].map(async () => {
          for (let round = 0; round < 2; round += 1) await journey(tally);
        }),
      );
      const fired = fault?.fired;
      proxy.clear();
      expect(tally.problems).toEqual([]);
      expect(tally.requests).toBeGreaterThanOrEqual(4);
      if (fault) expect(fired).toBeGreaterThan(0);
      else {
        // Without faults every request succeeds and every abort is accepted; at least one stopped a running turn
        // (on a loaded machine a turn may end before its abort comes, which is a 204 too). The contract's 1 s
        // from the 204 to the stream's end is measured by `npm run bench:load` (README), not here, where the
        // machine's load would be measured with it.
        expect(tally.contractErrors).toBe(0);
        expect(tally.abortEnds).toHaveLength(4);
        expect(tally.abortsAfterEnd).toBeLessThan(tally.abortEnds.length);
      }

      // Faults over: no thread is locked, every streamed turn is stored as it streamed, and every thread takes
      // the next input at once.
      const threadIds = [...new Set(tally.turns.map((turn) => turn.chatId))];
      for (const chatId of threadIds) {
        const item = await readItem(direct, keys.thread(chatId));
        expect({ chatId, status: item?.status }).toEqual({ chatId, status: 'idle' });
      }
      for (const turn of tally.turns) {
        const stored = settled((await threads.lines(direct, turn.chatId)).map((item) => item.line));
        const from = turn.lines[1]?.sort ?? 0;
        const to = turn.lines.at(-1)?.sort ?? 0;
        expect(stored.filter((line) => line.sort >= from && line.sort <= to)).toEqual(outcome(turn.lines));
      }
      const after = await Promise.all(
        threadIds.map((chatId) => {
          const auth = tally.turns.find((turn) => turn.chatId === chatId)?.auth ?? {};
          return chat(url, { input: 'total amount by status', chatId }, auth);
        }),
      );
      for (const reply of after) {
        expect(reply.status).toBe(200);
        expect(reply.lines.findLast((line) => line.id === '__state__')?.state?.status).toBe('completed');
      }
      // About 85 s a mode at load 27 (a few seconds quiet).
    },
    600_000,
  );
});
