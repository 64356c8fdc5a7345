import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchPut, queryAll, type Store } from './client';
import { keys } from './keys';

/**
 * One streamed chat line as stored: the line exactly as it went out, with its `sort` (chat/protocol.ts
 * `ChatLine`; Cube's `{"error"}` line has no id).
 */
export interface StoredLine {
  id?: string;
  sort: number;
  [field: string]: unknown;
}

/**
 * A stored line plus the flush it was written in. Flushes are written one after another, so a follower that
 * has every item of a flush (`batchCount` items ending at sort `batchEnd`) knows nothing before it is still on
 * its way.
 */
export interface ThreadItem {
  line: StoredLine;
  batchEnd: number;
  batchCount: number;
}

const MAX_SORT = 999_999_999_999;

/** A stored line's item: its JSON text and the flush it was written in. */
export function messageItem(
  chatId: string,
  line: StoredLine,
  batch: { end: number; count: number },
  expiresAt?: number,
) {
  return {
    ...keys.threadMessage(chatId, line.sort),
    kind: 'message',
    // The line is kept as its JSON text: replay sends it back byte for byte and field order is preserved.
    line: JSON.stringify(line),
    be: batch.end,
    bc: batch.count,
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
}

/** The flush a set of lines is written in: its last sort and its size. */
export const batchOf = (lines: StoredLine[]) => ({
  end: Math.max(...lines.map((line) => line.sort)),
  count: lines.length,
});

/** The lines of chat threads, one item each under the thread's partition, sorted by `sort`. */
export const threadLines = {
  /** Writes one flush of lines (any number; BatchWriteItem in chunks of 25). */
  async put(store: Store, chatId: string, lines: StoredLine[], expiresAt?: number): Promise<void> {
    if (lines.length === 0) return;
    const batch = batchOf(lines);
    await batchPut(
      store,
      lines.map((line) => messageItem(chatId, line, batch, expiresAt)),
    );
  },

  /** Stored lines with sort above `afterSort`, in order (the pages of one Query). */
  async list(store: Store, chatId: string, afterSort = 0): Promise<ThreadItem[]> {
    const found: ThreadItem[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await store.doc.send(
        new QueryCommand({
          TableName: store.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.thread(chatId).pk,
            ':from': keys.threadMessage(chatId, afterSort + 1).sk,
            ':to': keys.threadMessage(chatId, MAX_SORT).sk,
          },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      found.push(...threadItems(out.Items));
      start = out.LastEvaluatedKey;
    } while (start);
    return found;
  },

  /** The last `count` stored lines (or all, when there are fewer), in order: one Query read backwards. */
  async tail(store: Store, chatId: string, count: number): Promise<ThreadItem[]> {
    const items = await queryAll(store, {
      pk: keys.thread(chatId).pk,
      prefix: keys.threadMessagePrefix,
      newestFirst: true,
      limit: count,
      consistentRead: true,
    });
    return threadItems(items).reverse();
  },
};

/** The message items of a thread as stored lines with their flush. */
function threadItems(items: Record<string, unknown>[] | undefined): ThreadItem[] {
  const found: ThreadItem[] = [];
  for (const item of items ?? []) {
    if (item.kind !== 'message' || typeof item.line !== 'string') continue;
    found.push({
      line: JSON.parse(item.line) as StoredLine,
      batchEnd: Number(item.be),
      batchCount: Number(item.bc),
    });
  }
  return found;
}
