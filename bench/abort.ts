/**
 * The load bench's stream reader and its aborted turns: a turn is aborted once its `afterLine`-th line arrived,
 * and the bench records when the abort's 204 came back, when the stream's `__state__` and its end came, and how
 * the turn ended (the contract: within 1 s of the 204, `aborted`).
 */
import { FRAME } from '../functions/protocol';
import { percentile, round } from './stats';

export interface StreamCheck {
  firstMs: number;
  lastMs: number;
  lines: string[];
  /** Why the stream's lines are not in protocol order, if they are not. */
  disorder?: string;
}

interface Parsed {
  id?: string;
  sort?: number;
  state?: { chatId?: string; status?: string };
}

/** Reads an NDJSON stream, timing the first line and checking the order of all of them. */
export async function readStream(
  response: Response,
  started: number,
  onLine?: (line: Parsed, index: number) => void,
): Promise<StreamCheck> {
  if (response.status !== 200 || !response.body) {
    throw new Error(`chat answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const texts: string[] = [];
  const lines: Parsed[] = [];
  let buffer = '';
  let firstMs = Number.NaN;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
      const text = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      const parsed = JSON.parse(text) as Parsed;
      texts.push(text);
      lines.push(parsed);
      onLine?.(parsed, lines.length - 1);
    }
  }
  const lastMs = performance.now() - started;
  let disorder: string | undefined;
  if (lines[0]?.id !== FRAME.cutoff) disorder = `first line ${lines[0]?.id}`;
  // Cube's end-of-run order: `__state__` (with `__aborted__`/`__suspended__` when they apply), `__usage__` last.
  else if (lines.at(-1)?.id !== FRAME.usage) disorder = `last line ${lines.at(-1)?.id}`;
  else if (buffer.trim() !== '') disorder = 'a partial last line';
  else {
    const states = lines.filter((line) => line.id === FRAME.state).length;
    if (states !== 1) disorder = `${states} state lines`;
    for (let i = 1; i < lines.length; i += 1) {
      if ((lines[i]?.sort ?? 0) <= (lines[i - 1]?.sort ?? 0))
        disorder = `sort does not increase at line ${i}`;
    }
  }
  return { firstMs, lastMs, lines: texts, ...(disorder ? { disorder } : {}) };
}

export interface AbortedTurn {
  chatId: string;
  /** How the turn ended (`__state__`), or `none`. */
  status: string;
  /** For a turn that ended `completed` after the 204: whether the thread holds the abort (a broken promise). */
  abortRecorded?: boolean;
  /** The abort's HTTP status; 0 when the stream ended before the abort was sent. */
  abortStatus: number;
  /** performance.now() of the abort's request, of its 204, of the `__state__` line and of the stream's end. */
  sentAt: number;
  abortAt: number;
  stateAt: number;
  endAt: number;
  durationMs: number;
  disorder?: string;
  error?: string;
}

/** One turn on a new thread, aborted once line `afterLine` arrived. */
export async function abortedTurn(args: {
  post: (url: string, body: unknown) => Promise<Response>;
  chatUrl: string;
  abortUrl: string;
  afterLine: number;
  user: string;
}): Promise<AbortedTurn> {
  const sessionSettings = { externalId: args.user, groups: ['managers'] };
  const started = performance.now();
  let chatId = '';
  let status = 'none';
  let stateAt = Number.NaN;
  let abort: Promise<{ status: number; at: number }> | undefined;
  let sentAt = Number.NaN;
  try {
    const response = await args.post(args.chatUrl, {
      input: 'total amount by month in 2024',
      sessionSettings,
    });
    const check = await readStream(response, started, (line, index) => {
      if (index === 0) chatId = line.state?.chatId ?? '';
      if (line.id === FRAME.state) {
        status = line.state?.status ?? 'none';
        stateAt = performance.now();
      }
      if (index !== args.afterLine) return;
      sentAt = performance.now();
      abort = args.post(args.abortUrl, { chatId, sessionSettings }).then(async (reply) => {
        await reply.arrayBuffer();
        return { status: reply.status, at: performance.now() };
      });
    });
    const endAt = performance.now();
    const answered = abort ? await abort : { status: 0, at: Number.NaN };
    return {
      chatId,
      status,
      abortStatus: answered.status,
      sentAt,
      abortAt: answered.at,
      stateAt,
      endAt,
      durationMs: endAt - started,
      ...(check.disorder ? { disorder: check.disorder } : {}),
    };
  } catch (error) {
    const now = performance.now();
    return {
      chatId,
      status,
      abortStatus: 0,
      sentAt,
      abortAt: Number.NaN,
      stateAt,
      endAt: now,
      durationMs: now - started,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * The figures of a set of aborted turns; `threadReads` and `readUnits`: reads of the thread's item made while
 * they ran, and what they cost.
 */
export function summariseAborts(
  turns: AbortedTurn[],
  threadReads: number,
  readUnits: number,
): Record<string, number> & { errors: number } {
  const accepted = turns.filter((t) => t.abortStatus === 204);
  // The stream still running when the 204 came: the contract's bound applies from there.
  const after204 = accepted.filter((t) => t.endAt >= t.abortAt);
  const latencies = after204.map((t) => t.endAt - t.abortAt);
  // What the user waits for: from sending the abort to the end of the stream.
  const fromRequest = accepted.map((t) => t.endAt - t.sentAt);
  const turnSeconds = turns.reduce((sum, t) => sum + t.durationMs, 0) / 1000;
  return {
    turns: turns.length,
    accepted: accepted.length,
    ended_before_204: accepted.length - after204.length,
    end_p50_ms: round(percentile(latencies, 50)),
    end_p99_ms: round(percentile(latencies, 99)),
    end_max_ms: round(Math.max(...latencies, 0)),
    over_1s: latencies.filter((ms) => ms >= 1_000).length,
    request_to_end_p50_ms: round(percentile(fromRequest, 50)),
    request_to_end_p99_ms: round(percentile(fromRequest, 99)),
    aborted: turns.filter((t) => t.status === 'aborted').length,
    completed_after_204: after204.filter((t) => t.status === 'completed' && t.stateAt >= t.abortAt).length,
    // Of those, the ones whose abort was recorded on the running turn (the rest came after its end was stored).
    completed_after_recorded_abort: after204.filter(
      (t) => t.status === 'completed' && t.stateAt >= t.abortAt && t.abortRecorded === true,
    ).length,
    error_after_204: after204.filter((t) => t.status === 'error').length,
    thread_reads_per_turn_second: round(threadReads / Math.max(turnSeconds, 0.001)),
    read_units_per_turn_second: round(readUnits / Math.max(turnSeconds, 0.001)),
    errors: turns.filter((t) => t.error || t.disorder || (t.abortStatus !== 204 && t.abortStatus !== 0))
      .length,
  };
}
