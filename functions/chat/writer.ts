import { describeError, type Logger } from '../observability/log';
import type { Store } from '../store/client';
import { type ReleaseOutcome, type StoredLine, type TurnStatus, threads } from '../store/threads';
import { capLine } from './cap';
import { sleep } from './channel';

/** Lines and bytes one release transaction carries (DynamoDB: 100 items, 4 MB; the thread update is one). */
const RELEASE_MAX_LINES = 99;
const RELEASE_MAX_BYTES = 3 * 1024 * 1024;

const lineBytes = (line: StoredLine | undefined) =>
  line ? Buffer.byteLength(JSON.stringify(line), 'utf8') + 100 : 0;

/** What the `{"error"}` line says when a turn could not be stored as it ended. */
export const NOT_STORED =
  'The answer could not be stored; it may be incomplete when the conversation is read again.';

const nextSortAfter = (lines: StoredLine[], fallback: number) =>
  lines.reduce((max, line) => Math.max(max, line.sort + 1), fallback);

/** A few more tries past the SDK's own, for the writes that end a turn (each of them idempotent). */
async function retrying<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(50 * 2 ** attempt * (0.5 + Math.random()));
    }
  }
}

/** Complete lines are stored this soon (a short wait gathers a burst into one request). */
const COMPLETE_FLUSH_MS = 15;

/**
 * Stores a turn's lines as they stream so that replay, re-attach and a second Lambda can follow it. Complete
 * lines are written within a few ms; increments are merged per message and written as a periodic snapshot.
 * Flushes run one after another, each as one group a follower can check for completeness.
 */
export class TurnWriter {
  private pending: StoredLine[] = [];
  private readonly deltas = new Map<string | undefined, StoredLine>();
  private timer: NodeJS.Timeout | undefined;
  private timerDue = Number.POSITIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();
  /** The lines of the flush under way (until it settles). */
  private inFlight: StoredLine[] = [];

  constructor(
    private readonly store: Store,
    private readonly chatId: string,
    private readonly expiresAt: number | undefined,
    private readonly snapshotMs: number,
    private readonly log: Logger,
  ) {}

  /** Takes one streamed line (never the framing lines). */
  add(line: StoredLine): void {
    if (line.isDelta === true) {
      const before = this.deltas.get(line.id);
      this.deltas.set(line.id, before ? mergeDelta(before, line) : { ...line });
      this.schedule(this.snapshotMs);
      return;
    }
    // The complete copy replaces the increments that were not stored yet.
    this.deltas.delete(line.id);
    this.pending.push(line);
    this.schedule(COMPLETE_FLUSH_MS);
  }

  private schedule(ms: number): void {
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerDue = Number.POSITIVE_INFINITY;
      this.chain = this.chain.then(() => this.flush());
    }, ms);
  }

  private take(): StoredLine[] {
    // Merged increments can outgrow an item: capped like complete lines are before they stream.
    const lines = [...this.pending, ...[...this.deltas.values()].map((line) => capLine(line))].sort(
      (a, b) => a.sort - b.sort,
    );
    this.pending = [];
    this.deltas.clear();
    return lines;
  }

  private async flush(): Promise<void> {
    const lines = this.take();
    if (lines.length === 0) return;
    this.inFlight = lines;
    try {
      await threads.putLines(this.store, this.chatId, lines, this.expiresAt);
    } catch (error) {
      // Kept for the next flush (or the release): the stream itself goes on.
      this.log.warn('chat lines not stored yet', describeError(error));
      this.pending.unshift(...lines);
    } finally {
      this.inFlight = [];
    }
  }

  /**
   * Stores what is left with the end frames (`__state__` first, built by `end` for the status) and releases the
   * thread in one transaction. A turn that was to end otherwise ends `aborted` when
   * the thread holds an abort request (the release is conditional on none: an accepted abort is never followed
   * by `completed`). If storing fails (DynamoDB errors past the SDK's retries), the turn ends as an error: its
   * lines are stored with an `error` state and the thread is freed by a plain update, so what is streamed next
   * (the returned end) is what a replay shows and the thread takes the next input at once. `released` is false
   * when the lease had already passed to another turn (or could not be given back).
   */
  async finish(turn: {
    leaseId: string;
    end: (status: TurnStatus, error?: string) => StoredLine[];
    status: TurnStatus;
  }): Promise<{ end: StoredLine[]; status: TurnStatus; released: boolean }> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // An aborted turn's end does not wait for a flush under way (the contract bounds the time to its end): it writes
    // that flush's lines again (the same items, so whichever write lands last stores the same line) and a flush
    // queued behind it finds nothing left. Other ends wait for it and write each line once.
    if (turn.status !== 'aborted') await this.chain;
    // Increments never completed (an aborted message) are kept: they are all there is of it.
    const bySort = new Map([...this.inFlight, ...this.take()].map((line) => [line.sort, line]));
    const lines = [...bySort.values()].sort((a, b) => a.sort - b.sort);
    let status = turn.status;
    try {
      for (;;) {
        const planned = turn.end(status);
        const nextSort = nextSortAfter(planned, 1);
        const outcome = await this.release([...lines, ...planned], { ...turn, status, nextSort });
        if (outcome === 'abort-requested' && status !== 'aborted') {
          status = 'aborted';
          continue;
        }
        return { end: planned, status, released: outcome === 'released' };
      }
    } catch (error) {
      this.log.error('chat turn could not be stored; it ends as an error', describeError(error));
    }
    const end = turn.end('error', NOT_STORED);
    const nextSort = nextSortAfter(end, 1);
    let released = false;
    try {
      await retrying(() => threads.putLines(this.store, this.chatId, [...lines, ...end], this.expiresAt));
    } catch (error) {
      // Nothing of the end is stored: replay reads a turn without `__state__` as an error, as streamed.
      this.log.error('chat turn end could not be stored', describeError(error));
    }
    try {
      released = await retrying(() =>
        threads.endTurn(this.store, this.chatId, { leaseId: turn.leaseId, nextSort, status: 'error' }),
      );
    } catch (error) {
      this.log.error('chat thread could not be released; its lease runs out', describeError(error));
    }
    return { end, status: 'error', released };
  }

  private async release(
    lines: StoredLine[],
    turn: { leaseId: string; nextSort: number; status: TurnStatus },
  ): Promise<ReleaseOutcome> {
    // A transaction holds at most 100 items and 4 MB: what does not fit goes first as its own flush.
    let tail = lines.length;
    let size = 0;
    while (tail > 0 && lines.length - tail < RELEASE_MAX_LINES) {
      const next = size + lineBytes(lines[tail - 1]);
      if (next > RELEASE_MAX_BYTES && tail < lines.length) break;
      size = next;
      tail -= 1;
    }
    const head = lines.slice(0, tail);
    if (head.length > 0) await threads.putLines(this.store, this.chatId, head, this.expiresAt);
    return threads.release(this.store, this.chatId, {
      leaseId: turn.leaseId,
      lines: lines.slice(tail),
      nextSort: turn.nextSort,
      status: turn.status,
      ...(this.expiresAt !== undefined ? { expiresAt: this.expiresAt } : {}),
    });
  }

  /** Stops the timers without storing anything (the turn could not start). */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function mergeDelta(before: StoredLine, next: StoredLine): StoredLine {
  const merged: StoredLine = { ...before, ...next };
  for (const field of ['content', 'thinking'] as const) {
    const a = before[field];
    const b = next[field];
    if (typeof a === 'string' || typeof b === 'string') {
      merged[field] = `${typeof a === 'string' ? a : ''}${typeof b === 'string' ? b : ''}`;
    }
  }
  return merged;
}
