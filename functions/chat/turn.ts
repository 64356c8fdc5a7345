import type { ChatMessage } from '../agent';
import { describeError, type Logger } from '../observability/log';
import { cutoffLine, emptyUsage, isFinal, isFrame, type StopReason, type Usage } from '../protocol';
import type { Store } from '../store/client';
import { type StoredLine, type ThreadMeta, type TurnStatus, threads } from '../store/threads';
import { capLine } from './cap';
import { Channel, sleep } from './channel';
import { encode, endFrames, settled } from './lines';
import type { ChatSettings } from './settings';
import { TurnWriter } from './writer';

/** The agent bound to its provider and tools (functions/agent runAgentTurn). */
export type RunAgent = (args: {
  history: ChatMessage[];
  input: string;
  showThinking: boolean;
  signal: AbortSignal;
  emit: (message: ChatMessage) => void;
  deadlineMs: number;
}) => Promise<{
  status: TurnStatus;
  finalAnswer: string;
  /** Model calls and tokens of the turn (Cube's `__usage__`). */
  usage?: Usage;
  /** Why the turn failed, in one line. */
  error?: string;
  /** The agent ran out of its time. */
  deadline?: boolean;
}>;

/** Everything a turn needs once its thread's lease is held. */
export interface TurnPlan {
  store: Store;
  log: Logger;
  settings: ChatSettings;
  /** The thread as the lease was taken (its nextSort is where the turn starts). */
  meta: ThreadMeta;
  leaseId: string;
  /** Earlier turns as the agent reads them and the turn's first sort (loadHistory, before the first line). */
  history: ChatMessage[];
  startSort: number;
  /** The owner's expiry (epoch seconds): the turn's lines expire with the user. */
  expiresAt?: number;
  input: string;
  messageId: string;
  showThinking: boolean;
  runAgent: RunAgent;
  /** Told how the turn ended, as stored (metrics: the turn-error alarm). */
  onEnd?: (status: TurnStatus) => void;
}

/** Stops a turn early; the reason ends up in `state.reason`. */
export class TurnStopped extends Error {
  readonly reason: StopReason;

  constructor(reason: StopReason) {
    super(`Turn stopped: ${reason}`);
    this.name = 'TurnStopped';
    this.reason = reason;
  }
}

/** Earlier turns as the agent reads them: outcomes only, without the protocol lines and sort numbers. */
export function toHistory(lines: StoredLine[]): ChatMessage[] {
  return settled(lines)
    .filter((line) => !isFrame(line) && line.isDelta !== true)
    .map(({ sort: _sort, ...message }) => message as unknown as ChatMessage);
}

/**
 * What a turn starts from: the earlier turns and its first sort. Read once the lease is held and before the
 * first line, so a failed read is a plain error response (the caller gives the lease back), never a stream
 * cut after `__cutoff__`.
 */
export async function loadHistory(
  store: Store,
  meta: ThreadMeta,
  isNewThread: boolean,
  maxLines: number,
): Promise<{ history: ChatMessage[]; startSort: number }> {
  if (isNewThread) return { history: [], startSort: meta.nextSort };
  // The thread's last lines only: a long thread costs one bounded read, and the model a bounded context.
  const items = await threads.tail(store, meta.chatId, maxLines);
  let startSort = meta.nextSort;
  // After a crashed turn nextSort lags behind what that turn stored (the last line read has the highest sort).
  for (const item of items) startSort = Math.max(startSort, item.line.sort + 1);
  let lines = items.map((item) => item.line);
  if (items.length >= maxLines) {
    // Cut: the history starts at the first question read, never in the middle of a turn.
    const first = lines.findIndex((line) => line.role === 'user');
    lines = first < 0 ? [] : lines.slice(first);
  }
  return { history: toHistory(lines), startSort };
}

const FALLBACK: Record<TurnStatus, string> = {
  completed: 'Done.',
  aborted: 'Stopped before an answer was ready.',
  error: 'Sorry, something went wrong while answering. Please try again.',
};

/**
 * Runs one turn and streams it: `__cutoff__`, the user echo, the agent's lines, exactly one final answer, then
 * (after the thread is released) `__state__`. The work runs on its own, so it winds down and stores its end even
 * when the client leaves; leaving, an abort request, the time bound or a lost lease stop it. Whatever fails
 * after `__cutoff__`, the stream ends with a final answer and a `__state__` saying how the turn was stored.
 */
export function turnStream(plan: TurnPlan): (clientGone: AbortSignal) => AsyncIterable<string> {
  return (clientGone) => {
    const channel = new Channel<string>();
    const controller = new AbortController();
    const stopped: { reason?: StopReason } = {};
    const stop = (reason: StopReason) => {
      if (controller.signal.aborted) return;
      stopped.reason = reason;
      controller.abort(new TurnStopped(reason));
    };
    clientGone.addEventListener('abort', () => stop('disconnect'), { once: true });
    let finished = false;
    const progress = { sort: plan.startSort, ended: false };
    runTurn(plan, channel, controller.signal, stop, stopped, progress)
      .catch((error: unknown) => {
        plan.log.error('chat turn failed', describeError(error));
        // A last resort (runTurn handles its own failures): the stream still ends with an answer and a state.
        if (progress.ended) return;
        channel.push(encode(fallbackFinal('error', progress.sort++)));
        const end = endFrames(
          {
            chatId: plan.meta.chatId,
            messageId: plan.messageId,
            status: 'error',
            ...(stopped.reason ? { reason: stopped.reason } : {}),
            lines: [],
            usage: emptyUsage(),
          },
          progress.sort,
        );
        for (const line of end) channel.push(encode(line));
        plan.onEnd?.('error');
      })
      .finally(() => {
        finished = true;
        channel.close();
      });
    return (async function* lines() {
      try {
        // Lines produced while the previous write was under way go out together (still without waiting).
        for await (const batch of channel.batches()) yield batch.join('');
      } finally {
        if (!finished) stop('disconnect');
      }
    })();
  };
}

const fallbackFinal = (status: TurnStatus, sort: number): StoredLine => ({
  id: `${Date.now()}-final`,
  role: 'assistant',
  content: FALLBACK[status],
  thinking: '',
  graphPath: ['final'],
  isDelta: false,
  isInProcess: false,
  sort,
});

async function runTurn(
  plan: TurnPlan,
  channel: Channel<string>,
  signal: AbortSignal,
  stop: (reason: StopReason) => void,
  stopped: { reason?: StopReason },
  progress: { sort: number; ended: boolean },
): Promise<void> {
  const { store, log, settings, meta } = plan;
  const chatId = meta.chatId;
  channel.push(encode(cutoffLine(chatId)));
  const writer = new TurnWriter(store, chatId, plan.expiresAt, settings.snapshotMs, log);
  const watch = watchTurn(plan, stop);
  try {
    // Capped before streaming: the client sees exactly what is stored (and replayed).
    const sent: StoredLine[] = [];
    const send = (line: StoredLine) => {
      const capped = capLine(line);
      channel.push(encode(capped));
      writer.add(capped);
      sent.push(capped);
    };
    let open = true;
    let finalSent = false;
    let status: TurnStatus = 'error';
    let outcome: Awaited<ReturnType<RunAgent>> | undefined;
    try {
      send({
        id: plan.messageId,
        role: 'user',
        content: plan.input,
        isDelta: false,
        isInProcess: false,
        sort: progress.sort++,
      });
      const emit = (message: ChatMessage) => {
        if (!open) return;
        if (isFinal(message)) {
          if (finalSent) return;
          finalSent = true;
        }
        send({ ...message, sort: progress.sort++ });
      };
      const work = plan.runAgent({
        history: plan.history,
        input: plan.input,
        showThinking: plan.showThinking,
        signal,
        emit,
        deadlineMs: settings.turnTimeoutMs,
      });
      const result = await untilStopped(work, signal, settings.abortGraceMs);
      outcome = result;
      const reason = stopped.reason;
      if (!result) status = reason === 'abort' || reason === 'disconnect' ? 'aborted' : 'error';
      else if (result.status === 'aborted' && (reason === 'timeout' || reason === 'lease-lost'))
        status = 'error';
      else status = result.status;
    } catch (error) {
      log.error('chat agent failed', describeError(error));
      status = signal.aborted && stopped.reason !== 'timeout' ? 'aborted' : 'error';
    }
    open = false;
    watch.dispose();
    if (!finalSent) send(fallbackFinal(status, progress.sort++));
    const reason = stopped.reason;
    const endAt = progress.sort;
    let ended: TurnStatus = status;
    const { end, released } = await writer.finish({
      leaseId: plan.leaseId,
      status,
      end: (final, error) => {
        ended = final;
        // An abort found only by the release (recorded while the turn wound down) is the user's stop.
        const why = final === 'aborted' && status !== 'aborted' ? 'abort' : reason;
        return endFrames(
          {
            chatId,
            messageId: plan.messageId,
            status: final,
            ...(why ? { reason: why } : {}),
            lines: sent,
            usage: outcome?.usage ?? emptyUsage(),
            ...((error ?? outcome?.error) ? { error: error ?? outcome?.error } : {}),
            // The service's time bound (or a lost lease) stopped the run, not the user or the agent.
            suspended:
              final !== 'aborted' &&
              (why === 'timeout' || why === 'lease-lost' || outcome?.deadline === true),
          },
          endAt,
        );
      },
    });
    progress.sort = endAt + end.length;
    if (!released) log.warn('chat turn lost its lease before it ended', { chatId });
    // Only now: a client that sends its next input on seeing `__state__` finds the thread free. The frames are
    // the ones stored (error when the turn could not be stored as it ended).
    progress.ended = true;
    for (const line of end) channel.push(encode(line));
    plan.onEnd?.(ended);
  } finally {
    watch.dispose();
    writer.dispose();
  }
}

/** The agent's result, or undefined when it has not ended `graceMs` after a stop. */
async function untilStopped<T>(
  work: Promise<T>,
  signal: AbortSignal,
  graceMs: number,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const forced = new Promise<undefined>((resolve) => {
    const arm = () => {
      timer = setTimeout(() => resolve(undefined), graceMs);
    };
    if (signal.aborted) arm();
    else signal.addEventListener('abort', arm, { once: true });
  });
  // A late failure after the turn was closed without the agent must not surface as unhandled.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, forced]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * While the turn runs: looks for an abort request (and a lost lease) on the thread every `abortPollMs`, renews
 * the lease, and enforces the time bound. Polls start on a fixed beat, so a slow read does not stretch the gap
 * to the next one (within a third of a beat); each is an eventually consistent read of two attributes (half a
 * read unit). A stale or failed
 * poll only delays the stop: the turn's end is stored only while no abort is recorded (TurnWriter.finish), so an
 * accepted abort still ends the turn `aborted`.
 */
function watchTurn(plan: TurnPlan, stop: (reason: StopReason) => void): { dispose(): void } {
  const { store, log, settings, meta, leaseId } = plan;
  const life = new AbortController();
  const deadline = setTimeout(() => stop('timeout'), settings.turnTimeoutMs);
  const poll = async () => {
    let due = Date.now() + settings.abortPollMs;
    while (!life.signal.aborted) {
      await sleep(Math.max(0, due - Date.now()), life.signal);
      if (life.signal.aborted) return;
      const started = Date.now();
      try {
        const signals = await threads.turnSignals(store, meta.chatId);
        // The lease id witnesses that the read is not older than this turn's start (which cleared earlier aborts).
        if (signals?.leaseId === leaseId && signals.abortRequestedAt !== undefined) stop('abort');
        else if (signals?.leaseId !== leaseId) {
          // A stale read may predate this turn's lease: a lost lease is decided on a consistent read.
          const now = await threads.turnSignals(store, meta.chatId, { consistent: true });
          if (now?.leaseId !== leaseId) stop('lease-lost');
          else if (now.abortRequestedAt !== undefined) stop('abort');
        }
      } catch (error) {
        log.warn('chat abort poll failed', describeError(error));
      }
      // The next poll is due a beat after this one started; a read slower than the beat (DynamoDB under load) is
      // still followed by a short pause, so polls never run back to back and add to that load.
      due = Math.max(started + settings.abortPollMs, Date.now() + settings.abortPollMs / 3);
    }
  };
  const renew = async () => {
    while (!life.signal.aborted) {
      await sleep(settings.leaseMs / 3, life.signal);
      if (life.signal.aborted) return;
      try {
        const lease = await threads.renew(store, meta.chatId, leaseId, Date.now() + settings.leaseMs);
        if (lease === 'lost') stop('lease-lost');
        else if (lease === 'abort') stop('abort');
      } catch (error) {
        log.warn('chat lease renewal failed', describeError(error));
      }
    }
  };
  void poll();
  void renew();
  return {
    dispose() {
      clearTimeout(deadline);
      life.abort();
    },
  };
}
