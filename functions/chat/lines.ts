import {
  abortedLine,
  type ChatLine,
  errorLine,
  isFinal,
  isFrame,
  type MessageLine,
  type StopReason,
  stateLine,
  suspendedLine,
  type TurnStatus,
  type Usage,
  usageLine,
} from '../protocol';
import type { StoredLine, ThreadItem } from '../store/threads';

export {
  CUTOFF_ID,
  cutoffLine,
  isFinal,
  STATE_ID,
  type StopReason,
  stateLine,
} from '../protocol';

/** One NDJSON line. */
export const encode = (line: StoredLine): string => `${JSON.stringify(line)}\n`;

const isPartial = (line: StoredLine): boolean => line.isDelta === true || line.isInProcess === true;

/**
 * Drops lines that a later line of the same id replaces: streamed increments before their complete copy and
 * a tool call in process before the one with its result. What is left reads like the turn's outcome.
 */
export function settled(lines: StoredLine[]): StoredLine[] {
  const lastIndex = new Map<string | undefined, number>();
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

/** How a turn ended, for the frames that close its stream. */
export interface TurnEnd {
  chatId: string;
  /** The user message that started the turn (Cube's `__suspended__` names it). */
  messageId: string;
  status: TurnStatus;
  reason?: StopReason;
  /** The turn's lines as streamed (the `__state__` carries what they settled to). */
  lines: StoredLine[];
  usage: Usage;
  /** Why the turn failed (status error), in one line. */
  error?: string;
  /** The run was stopped by the service's time bound or lost its lease, not by the user or the agent. */
  suspended?: boolean;
}

const ERROR_TEXT: Record<string, string> = {
  timeout: 'The answer took longer than its time limit.',
  'lease-lost': 'The service lost this conversation before the answer was finished.',
};

/**
 * The frames that end a turn, numbered from `sort` (README, "Chat with the analyst", Cube's order): `__state__` (our status, Cube's
 * `messages`), `__aborted__` or `__suspended__`, an `{"error"}` line when the turn failed, and `__usage__`
 * last. Stored with the turn, so a replay ends with the same frames.
 */
export function endFrames(end: TurnEnd, sort: number): StoredLine[] {
  const frames: ChatLine[] = [stateLine(end.chatId, end.status, sort, end.reason, snapshot(end.lines))];
  const error =
    end.error ?? (end.reason && ERROR_TEXT[end.reason]) ?? 'The assistant could not finish this answer.';
  if (end.status === 'aborted') {
    frames.push(
      abortedLine(
        end.reason === 'disconnect'
          ? 'The client disconnected; the run was stopped.'
          : 'The run was stopped at the user’s request.',
      ),
    );
  }
  if (end.status === 'error' && end.suspended) frames.push(suspendedLine(end.messageId, error));
  if (end.status === 'error') frames.push(errorLine(error));
  frames.push(usageLine(end.usage));
  return frames.map((frame, index) => ({ ...frame, sort: sort + index }));
}

/** Room a `__state__` line leaves for its messages (the line is stored as one item, like every line). */
const SNAPSHOT_BYTES = 200 * 1024;

/**
 * The turn's messages as they settled, without `sort`: Cube's `state.messages`. Tool results give way (then
 * everything but the question and the answer) when the snapshot would not fit one stored line.
 */
export function snapshot(lines: StoredLine[]): MessageLine[] {
  const messages = settled(lines)
    .filter((line) => !isFrame(line) && line.isDelta !== true)
    .map(({ sort: _sort, ...message }) => message as unknown as MessageLine);
  const fits = (list: MessageLine[]) => Buffer.byteLength(JSON.stringify(list)) <= SNAPSHOT_BYTES;
  if (fits(messages)) return messages;
  const shortened = messages.map((message) =>
    message.toolCall?.result === undefined
      ? message
      : {
          ...message,
          toolCall: { ...message.toolCall, result: JSON.stringify({ shortened: 'See the tool call line.' }) },
        },
  );
  if (fits(shortened)) return shortened;
  return messages.filter((message) => message.role === 'user' || isFinal(message));
}
