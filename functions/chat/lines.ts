import type { StoredLine, ThreadItem, TurnStatus } from '../store/threads';

/** Ids of the two protocol lines that frame every stream (contract §6). */
export const CUTOFF_ID = '__cutoff__';
export const STATE_ID = '__state__';

/** Why a turn stopped early; carried as `state.reason` on the `__state__` line. */
export type StopReason = 'abort' | 'disconnect' | 'timeout' | 'lease-lost';

/** The first line of every stream: it names the thread. */
export const cutoffLine = (chatId: string): StoredLine => ({
  id: CUTOFF_ID,
  role: 'assistant',
  state: { chatId, isStreaming: true },
  sort: 0,
});

/** The last line of every stream. */
export const stateLine = (
  chatId: string,
  status: TurnStatus,
  sort: number,
  reason?: StopReason,
): StoredLine => ({
  id: STATE_ID,
  role: 'assistant',
  state: { chatId, status, isStreaming: false, ...(reason ? { reason } : {}) },
  sort,
});

/** One NDJSON line. */
export const encode = (line: StoredLine): string => `${JSON.stringify(line)}\n`;

export const isFinal = (line: { graphPath?: unknown }): boolean =>
  Array.isArray(line.graphPath) && line.graphPath[0] === 'final';

const isPartial = (line: StoredLine): boolean => line.isDelta === true || line.isInProcess === true;

/**
 * Drops lines that a later line of the same id replaces: streamed increments before their complete copy and
 * a tool call in process before the one with its result. What is left reads like the turn's outcome.
 */
export function settled(lines: StoredLine[]): StoredLine[] {
  const lastIndex = new Map<string, number>();
  lines.forEach((line, index) => {
    lastIndex.set(line.id, index);
  });
  return lines.filter((line, index) => !(isPartial(line) && (lastIndex.get(line.id) ?? index) > index));
}

/**
 * The items a follower may pass on: whole flushes only, in order, stopping at the first flush not yet fully
 * visible (its items are written in several requests). Returns the items and the last sort they cover.
 */
export function completeFlushes(items: ThreadItem[]): ThreadItem[] {
  const counts = new Map<number, number>();
  for (const item of items) counts.set(item.batchEnd, (counts.get(item.batchEnd) ?? 0) + 1);
  const ready: ThreadItem[] = [];
  for (const item of items) {
    if ((counts.get(item.batchEnd) ?? 0) < item.batchCount) break;
    ready.push(item);
  }
  return ready;
}
