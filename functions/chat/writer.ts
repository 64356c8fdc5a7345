import { describeError, type Logger } from '../http/log';
import type { Store } from '../store/client';
import { type StoredLine, type TurnStatus, threads } from '../store/threads';

/** Complete lines are stored this soon (a short wait gathers a burst into one request). */
const COMPLETE_FLUSH_MS = 15;

/**
 * Stores a turn's lines as they stream so that replay, re-attach and a second Lambda can follow it. Complete
 * lines are written within a few ms; increments are merged per message and written as a periodic snapshot.
 * Flushes run one after another, each as one group a follower can check for completeness.
 */
export class TurnWriter {
  private pending: StoredLine[] = [];
  private readonly deltas = new Map<string, StoredLine>();
  private timer: NodeJS.Timeout | undefined;
  private timerDue = Number.POSITIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();

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
    const lines = [...this.pending, ...this.deltas.values()].sort((a, b) => a.sort - b.sort);
    this.pending = [];
    this.deltas.clear();
    return lines;
  }

  private async flush(): Promise<void> {
    const lines = this.take();
    if (lines.length === 0) return;
    try {
      await threads.putLines(this.store, this.chatId, lines, this.expiresAt);
    } catch (error) {
      // Kept for the next flush (or the release): the stream itself goes on.
      this.log.warn('chat lines not stored yet', describeError(error));
      this.pending.unshift(...lines);
    }
  }

  /**
   * Stores what is left with the `__state__` line and releases the thread in one transaction, after the
   * flushes in flight. Returns false when the lease had already passed to another turn.
   */
  async finish(turn: {
    leaseId: string;
    state: StoredLine;
    nextSort: number;
    status: TurnStatus;
  }): Promise<boolean> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
    // Increments never completed (an aborted message) are kept: they are all there is of it.
    const lines = [...this.take(), turn.state];
    // A transaction holds at most 100 items: anything beyond the last 99 goes first as its own flush.
    const head = lines.slice(0, Math.max(0, lines.length - 99));
    if (head.length > 0) await threads.putLines(this.store, this.chatId, head, this.expiresAt);
    return threads.release(this.store, this.chatId, {
      leaseId: turn.leaseId,
      lines: lines.slice(head.length),
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
