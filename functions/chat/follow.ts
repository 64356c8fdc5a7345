import { describeError, type Logger } from '../observability/log';
import { cutoffLine, emptyUsage, isFinal, isFrame, STATE_ID } from '../protocol';
import type { Store } from '../store/client';
import { type StoredLine, type ThreadItem, type ThreadMeta, threads } from '../store/threads';
import { sleep } from './channel';
import { completeFlushes, encode, endFrames, settled } from './lines';
import type { ChatSettings } from './settings';

export interface FollowPlan {
  store: Store;
  log: Logger;
  settings: ChatSettings;
  meta: ThreadMeta;
  /**
   * `replay`: every stored line of the thread (following the running turn, if any, to its end);
   * `reattach`: the turn started by the same messageId, from its first line, followed to its end.
   */
  mode: 'replay' | 'reattach';
  /** A replay of a finished thread: its lines, read before the stream started. */
  stored?: ThreadItem[];
}

/** Whether the thread's turn is running: streaming under a lease that has not run out. */
export const running = (meta: ThreadMeta | undefined, nowMs = Date.now()): meta is ThreadMeta =>
  meta?.status === 'streaming' && (meta.leaseUntil ?? 0) > nowMs;

const lastSort = (items: ThreadItem[], fallback: number) =>
  items.reduce((max, item) => Math.max(max, item.line.sort), fallback);

/** Reads that fail this many times in a row (each after the SDK's own retries) end a follow as an error. */
const MAX_READ_FAILURES = 3;

const FOLLOW_FAILED = 'Sorry, this conversation could not be read to the end. Please reload it in a moment.';
const INTERRUPTED = 'Sorry, this answer was interrupted before it was finished. Please ask again.';

const finalLine = (content: string, sort: number): StoredLine => ({
  id: `${Date.now()}-final`,
  role: 'assistant',
  content,
  thinking: '',
  graphPath: ['final'],
  isDelta: false,
  isInProcess: false,
  sort,
});

/** The end frames of a turn that did not end as it should, with status error (nothing of its usage is known). */
const errorEnd = (chatId: string, turn: StoredLine[], sort: number, error: string): StoredLine[] =>
  endFrames(
    {
      chatId,
      messageId: turn.find((line) => line.role === 'user')?.id ?? '',
      status: 'error',
      lines: turn,
      usage: emptyUsage(),
      error,
    },
    sort,
  );

/** The end of a turn that crashed before storing it: a final answer (unless it got that far) and `error`. */
function* crashedEnd(chatId: string, turn: StoredLine[], lastSort: number): Generator<StoredLine> {
  const answered = turn.some(
    (line) => isFinal({ graphPath: line.graphPath }) && line.isDelta !== true && line.role === 'assistant',
  );
  if (!answered) yield finalLine(INTERRUPTED, lastSort + 1);
  yield* errorEnd(chatId, turn, lastSort + (answered ? 1 : 2), INTERRUPTED);
}

/**
 * An earlier turn's line as replay passes it on: its messages and its `__state__` (how that turn ended); its
 * other end frames stay out, since `__usage__` is the last line of a stream and clients stop reading there.
 */
const replayed = (line: StoredLine): boolean => !isFrame(line) || line.id === STATE_ID;

/** The lines of a finished thread as replay sends them: each turn's messages and `__state__`, then the last turn's end frames. */
function replayLines(lines: StoredLine[]): { messages: StoredLine[]; end: StoredLine[] } {
  const lastState = lines.findLastIndex((line) => line.id === STATE_ID);
  const tail = lastState < 0 ? [] : lines.slice(lastState);
  // Ended as it should: nothing but end frames after the last `__state__`.
  const ended = lastState >= 0 && tail.every(isFrame);
  const before = ended ? lines.slice(0, lastState) : lines;
  return { messages: before.filter(replayed), end: ended ? tail : [] };
}

/**
 * Streams a thread from storage in the live line format: `__cutoff__`, the stored lines (outcomes of finished
 * turns, each with its `__state__`; a running turn as it is stored, increments included) and the last turn's end. A running turn is followed
 * by polling until its `__state__` is stored or its lease runs out (a crashed stream: status error). If the
 * thread cannot be read any more, the stream still ends with a final answer and an `error` state.
 */
export function followStream(plan: FollowPlan): (clientGone: AbortSignal) => AsyncIterable<string> {
  return (clientGone) => guarded(plan, clientGone);
}

async function* guarded(plan: FollowPlan, clientGone: AbortSignal): AsyncGenerator<string> {
  const seen = { sort: 0 };
  try {
    for await (const line of follow(plan, clientGone)) {
      seen.sort = Math.max(seen.sort, line.sort);
      yield encode(line);
    }
  } catch (error) {
    plan.log.error('chat follow failed', describeError(error));
    yield encode(finalLine(FOLLOW_FAILED, seen.sort + 1));
    for (const line of errorEnd(plan.meta.chatId, [], seen.sort + 2, FOLLOW_FAILED)) yield encode(line);
  }
}

async function* follow(plan: FollowPlan, clientGone: AbortSignal): AsyncGenerator<StoredLine> {
  const { store, settings, meta } = plan;
  const chatId = meta.chatId;
  yield cutoffLine(chatId);
  if (plan.mode === 'replay' && plan.stored) {
    const lines = settled(plan.stored.map((item) => item.line));
    const { messages, end } = replayLines(lines);
    yield* messages;
    if (end.length > 0) {
      yield* end;
      return;
    }
    // The last turn crashed before it stored its end.
    const state = lines.findLast((line) => line.id === STATE_ID);
    const turn = lines.filter((line) => line.sort > (state?.sort ?? 0) && !isFrame(line));
    yield* crashedEnd(chatId, turn, lines.at(-1)?.sort ?? 0);
    return;
  }
  const target = meta.turnStartSort ?? 1;
  let watermark = plan.mode === 'replay' ? 0 : target - 1;
  let endedOnce = false;
  let failures = 0;
  // The followed turn's lines so far, to tell whether a crashed turn got as far as its final answer.
  const turn: StoredLine[] = [];
  while (!clientGone.aborted) {
    let now: ThreadMeta | undefined;
    let items: ThreadItem[];
    try {
      now = await threads.get(store, chatId);
      // Read before the lines: if the turn had ended by then, its last lines are already stored.
      items = await threads.lines(store, chatId, watermark);
      failures = 0;
    } catch (error) {
      // A follower only reads: a failed poll is tried again on the next one, within bounds.
      failures += 1;
      if (failures >= MAX_READ_FAILURES) throw error;
      plan.log.warn('chat follow read failed', describeError(error));
      await sleep(settings.followPollMs, clientGone);
      continue;
    }
    const ended = !running(now) || now.turnStartSort !== target;
    const ready = ended ? items : completeFlushes(items);
    const batch = settled(ready.map((item) => item.line));
    for (const [index, line] of batch.entries()) {
      if (line.id === STATE_ID && line.sort >= target) {
        // The followed turn's end: its state and the frames stored with it.
        yield line;
        for (const after of batch.slice(index + 1)) if (isFrame(after)) yield after;
        return;
      }
      // End frames of turns before the followed one are not the end of this stream: a replay passes on their
      // `__state__` as it does for a finished thread.
      if (isFrame(line)) {
        if (plan.mode === 'replay' && replayed(line)) yield line;
        continue;
      }
      if (line.sort >= target) turn.push(line);
      yield line;
    }
    watermark = lastSort(ready, watermark);
    if (ended) {
      // A release is one transaction; give its items a moment to be visible before calling the turn crashed.
      if (endedOnce) {
        yield* crashedEnd(chatId, turn, watermark);
        return;
      }
      endedOnce = true;
      await sleep(Math.min(settings.followPollMs, 100), clientGone);
      continue;
    }
    await sleep(settings.followPollMs, clientGone);
  }
}
