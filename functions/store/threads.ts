import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TurnStatus } from '../protocol';
import { isConditionFailed, itemOnConditionFailure, type Store } from './client';
import { epochSeconds, isExpired, keys } from './keys';
import { batchOf, messageItem, type StoredLine, type ThreadItem, threadLines } from './thread-lines';
import { conflictBackoffMs, type TransactItem, TransactionCancelled, transact } from './transactions';

export type { StoredLine, ThreadItem, TurnStatus };

/** The thread's metadata item: who owns it, the lease of the running turn, the abort request, the next sort. */
export interface ThreadMeta {
  chatId: string;
  account: string;
  agentId: string;
  owner: string;
  status: 'idle' | 'streaming';
  /** The running (or last) turn: its lease, the user message that started it and its first sort. */
  leaseId?: string;
  /** Epoch ms after which the lease is void (the stream crashed or lost its Lambda). */
  leaseUntil?: number;
  turnMessageId?: string;
  turnStartSort?: number;
  /** First sort the next turn may use. */
  nextSort: number;
  lastStatus?: TurnStatus;
  /** Epoch ms of the latest abort request; a new turn clears it. */
  abortRequestedAt?: number;
  /** Epoch seconds: the ephemeral owner's expiry, so the thread expires with its user. */
  expiresAt?: number;
  createdAt: string;
}

/** Who may touch a thread: its account, agent and owner must all match. */
export interface ThreadOwner {
  account: string;
  agentId: string;
  owner: string;
}

/** A new lease for a turn. */
export interface TurnLease {
  leaseId: string;
  leaseUntil: number;
  messageId: string;
  /** The owner's expiry now (undefined: a persistent owner). */
  expiresAt?: number;
}

export type AcquireOutcome =
  | { kind: 'acquired'; meta: ThreadMeta }
  | { kind: 'missing' }
  /** The same user message already started a turn (running or done): follow it instead. */
  | { kind: 'same-message'; meta: ThreadMeta }
  | { kind: 'busy'; meta: ThreadMeta };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function toMeta(item: Record<string, unknown>): ThreadMeta {
  const meta: ThreadMeta = {
    chatId: String(item.chatId),
    account: String(item.account),
    agentId: String(item.agentId),
    owner: String(item.owner),
    status: item.status === 'streaming' ? 'streaming' : 'idle',
    nextSort: num(item.nextSort) ?? 1,
    createdAt: String(item.createdAt),
  };
  const optional = {
    leaseId: str(item.leaseId),
    leaseUntil: num(item.leaseUntil),
    turnMessageId: str(item.turnMessageId),
    turnStartSort: num(item.turnStartSort),
    lastStatus: str(item.lastStatus) as TurnStatus | undefined,
    abortRequestedAt: num(item.abortRequestedAt),
    expiresAt: num(item.expiresAt),
  };
  for (const [name, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(meta, { [name]: value });
  }
  return meta;
}

const ownedBy = (item: Record<string, unknown>, who: ThreadOwner): boolean =>
  item.account === who.account && item.agentId === who.agentId && item.owner === who.owner;

/** What an abort request found: a running turn (recorded), a turn that had ended (and when), or no such thread. */
export type AbortOutcome =
  | { kind: 'recorded' }
  | { kind: 'ended'; endedAtMs?: number }
  | { kind: 'missing' }
  | { kind: 'forbidden' };

/** How a turn's end went: stored, refused because the user asked to stop it first, or the lease had passed on. */
export type ReleaseOutcome = 'released' | 'abort-requested' | 'lease-lost';

/**
 * The update that ends a turn: the thread idle, with its next free sort and how the turn ended, if still ours.
 * A turn that did not end `aborted` ends only while no abort was recorded: an abort the endpoint accepted (204)
 * is never followed by a `completed` end.
 */
function freeThread(
  store: Store,
  chatId: string,
  turn: { leaseId: string; nextSort: number; status: TurnStatus },
  unlessAborted: boolean,
) {
  return {
    TableName: store.tableName,
    Key: keys.thread(chatId),
    UpdateExpression:
      'SET #status = :idle, nextSort = :nextSort, lastStatus = :lastStatus, updatedAt = :updatedAt REMOVE leaseUntil',
    ConditionExpression: `leaseId = :leaseId${unlessAborted ? ' AND attribute_not_exists(abortRequestedAt)' : ''}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':idle': 'idle',
      ':nextSort': turn.nextSort,
      ':lastStatus': turn.status,
      ':updatedAt': new Date().toISOString(),
      ':leaseId': turn.leaseId,
    },
  };
}

/** Attempts of a plain write to the thread that meets a transaction in flight on it (a turn ending). */
const TRANSACTION_WAITS = 5;

/**
 * Runs a plain write to the thread's item, again after a short wait while a transaction on it is in flight:
 * DynamoDB refuses such a write with TransactionConflictException, which the SDK does not retry.
 */
async function whileTransactionRuns<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const conflict = error instanceof Error && error.name === 'TransactionConflictException';
      if (!conflict || attempt >= TRANSACTION_WAITS) throw error;
      await new Promise((resolve) => setTimeout(resolve, conflictBackoffMs(attempt)));
    }
  }
}

export const threads = {
  /** The thread, or undefined when absent or expired with its ephemeral owner. */
  async get(store: Store, chatId: string): Promise<ThreadMeta | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.thread(chatId), ConsistentRead: true }),
    );
    if (!out.Item || isExpired(out.Item)) return undefined;
    return toMeta(out.Item);
  },

  /** Creates a thread already holding the lease of its first turn. */
  async create(store: Store, chatId: string, who: ThreadOwner, lease: TurnLease): Promise<ThreadMeta> {
    const now = new Date().toISOString();
    const item = {
      ...keys.thread(chatId),
      kind: 'thread',
      chatId,
      ...who,
      status: 'streaming',
      leaseId: lease.leaseId,
      leaseUntil: lease.leaseUntil,
      turnMessageId: lease.messageId,
      turnStartSort: 1,
      nextSort: 1,
      createdAt: now,
      updatedAt: now,
      ...(lease.expiresAt !== undefined ? { expiresAt: lease.expiresAt } : {}),
    };
    try {
      await store.doc.send(
        new PutCommand({
          TableName: store.tableName,
          Item: item,
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
    } catch (error) {
      // The SDK retried a put whose response was lost: the item there is this request's own (its lease id is
      // the creation's token).
      if (!isConditionFailed(error) || itemOnConditionFailure(error)?.leaseId !== lease.leaseId) {
        throw error;
      }
    }
    return toMeta(item);
  },

  /**
   * Undoes a turn that never started (its first write or read failed before any line was streamed): a new
   * thread is deleted, an existing one goes back to idle. Only while `leaseId` still holds it, so a retry or a
   * later turn is never undone; false when there was nothing of this lease to undo.
   */
  async abandon(store: Store, chatId: string, leaseId: string, isNewThread: boolean): Promise<boolean> {
    try {
      if (isNewThread) {
        await store.doc.send(
          new DeleteCommand({
            TableName: store.tableName,
            Key: keys.thread(chatId),
            ConditionExpression: 'leaseId = :leaseId AND nextSort = :first',
            ExpressionAttributeValues: { ':leaseId': leaseId, ':first': 1 },
          }),
        );
        return true;
      }
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.thread(chatId),
          // The message id goes too: the client's retry with the same messageId is a new turn, not a re-attach.
          UpdateExpression: 'SET #status = :idle, updatedAt = :updatedAt REMOVE leaseUntil, turnMessageId',
          ConditionExpression: 'leaseId = :leaseId AND #status = :streaming',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':idle': 'idle',
            ':streaming': 'streaming',
            ':leaseId': leaseId,
            ':updatedAt': new Date().toISOString(),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /**
   * Takes the thread's lease for a new turn in one conditional write: the thread must exist, be the caller's,
   * not be expired, and be idle or hold an expired lease. A refusal is explained from the item as it was.
   */
  async acquire(store: Store, chatId: string, who: ThreadOwner, lease: TurnLease): Promise<AcquireOutcome> {
    const nowMs = Date.now();
    const set = [
      '#status = :streaming',
      'leaseId = :leaseId',
      'leaseUntil = :leaseUntil',
      'turnMessageId = :messageId',
      'turnStartSort = nextSort',
      'updatedAt = :updatedAt',
    ];
    const remove = ['abortRequestedAt'];
    // The thread follows its owner's lifetime as it is now (a user made persistent keeps its threads).
    if (lease.expiresAt !== undefined) set.push('expiresAt = :expiresAt');
    else remove.push('expiresAt');
    try {
      const out = await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.thread(chatId),
          UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
          ConditionExpression:
            'attribute_exists(pk) AND account = :account AND agentId = :agentId AND #owner = :owner' +
            ' AND (attribute_not_exists(expiresAt) OR expiresAt > :nowSeconds)' +
            ' AND (attribute_not_exists(turnMessageId) OR turnMessageId <> :messageId)' +
            ' AND (#status = :idle OR leaseUntil < :nowMs)',
          ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':streaming': 'streaming',
            ':idle': 'idle',
            ':leaseId': lease.leaseId,
            ':leaseUntil': lease.leaseUntil,
            ':messageId': lease.messageId,
            ':updatedAt': new Date(nowMs).toISOString(),
            ':account': who.account,
            ':agentId': who.agentId,
            ':owner': who.owner,
            ':nowSeconds': epochSeconds(nowMs),
            ':nowMs': nowMs,
            ...(lease.expiresAt !== undefined ? { ':expiresAt': lease.expiresAt } : {}),
          },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { kind: 'acquired', meta: toMeta(out.Attributes ?? {}) };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      const item = itemOnConditionFailure(error);
      // The SDK retried an update whose response was lost: the lease there is this request's own.
      if (item?.leaseId === lease.leaseId) return { kind: 'acquired', meta: toMeta(item) };
      if (!item || isExpired(item, nowMs) || !ownedBy(item, who)) return { kind: 'missing' };
      const meta = toMeta(item);
      if (meta.turnMessageId === lease.messageId) return { kind: 'same-message', meta };
      return { kind: 'busy', meta };
    }
  },

  /**
   * Extends the lease while the turn streams: `lost` when the lease is no longer this turn's, `abort` when it
   * holds and an abort was recorded (the write reads the item back, so a renewal is also a strongly consistent
   * look for an abort).
   */
  async renew(
    store: Store,
    chatId: string,
    leaseId: string,
    leaseUntil: number,
  ): Promise<'held' | 'abort' | 'lost'> {
    try {
      const out = await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.thread(chatId),
          UpdateExpression: 'SET leaseUntil = :leaseUntil',
          ConditionExpression: 'leaseId = :leaseId AND #status = :streaming',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':leaseUntil': leaseUntil,
            ':leaseId': leaseId,
            ':streaming': 'streaming',
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes?.abortRequestedAt === undefined ? 'held' : 'abort';
    } catch (error) {
      if (isConditionFailed(error)) return 'lost';
      throw error;
    }
  },

  /**
   * What the running turn polls: the thread's lease and abort request. Eventually consistent by default (half
   * the read's cost): a stale answer only delays noticing an abort to the next poll, because the turn's end is
   * conditional on no abort (`release`); `consistent` for a decision that must be right now (a lost lease).
   */
  async turnSignals(
    store: Store,
    chatId: string,
    options: { consistent?: boolean } = {},
  ): Promise<{ leaseId?: string; abortRequestedAt?: number } | undefined> {
    const out = await store.doc.send(
      new GetCommand({
        TableName: store.tableName,
        Key: keys.thread(chatId),
        ConsistentRead: options.consistent === true,
        ProjectionExpression: 'leaseId, abortRequestedAt',
      }),
    );
    if (!out.Item) return undefined;
    const leaseId = str(out.Item.leaseId);
    const abortRequestedAt = num(out.Item.abortRequestedAt);
    return {
      ...(leaseId !== undefined ? { leaseId } : {}),
      ...(abortRequestedAt !== undefined ? { abortRequestedAt } : {}),
    };
  },

  /**
   * Records an abort request on the caller's running turn (one conditional write). `ended` when the thread is
   * the caller's but no turn runs (its end was stored before the abort came: nothing to stop); `missing` for
   * unknown, expired, other-account or other-agent threads; `forbidden` when another user of the account owns it.
   */
  async requestAbort(store: Store, chatId: string, who: ThreadOwner): Promise<AbortOutcome> {
    const nowMs = Date.now();
    const write = () =>
      store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.thread(chatId),
          UpdateExpression: 'SET abortRequestedAt = :nowMs',
          ConditionExpression:
            'attribute_exists(pk) AND account = :account AND agentId = :agentId AND #owner = :owner' +
            ' AND (attribute_not_exists(expiresAt) OR expiresAt > :nowSeconds) AND #status = :streaming',
          ExpressionAttributeNames: { '#owner': 'owner', '#status': 'status' },
          ExpressionAttributeValues: {
            ':nowMs': nowMs,
            ':account': who.account,
            ':agentId': who.agentId,
            ':owner': who.owner,
            ':nowSeconds': epochSeconds(nowMs),
            ':streaming': 'streaming',
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
    try {
      await whileTransactionRuns(write);
      return { kind: 'recorded' };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      const item = itemOnConditionFailure(error);
      if (!item || isExpired(item, nowMs) || item.account !== who.account || item.agentId !== who.agentId) {
        return { kind: 'missing' };
      }
      if (item.owner !== who.owner) return { kind: 'forbidden' };
      const endedAtMs = Date.parse(String(item.updatedAt));
      return { kind: 'ended', ...(Number.isNaN(endedAtMs) ? {} : { endedAtMs }) };
    }
  },

  /**
   * Ends a turn in one transaction: its last lines (at most 99, the `__state__` line among them) and the thread
   * back to idle with the next free sort. Returns false (and still stores the lines) when the lease was lost.
   */
  /** Writes one flush of lines (store/thread-lines.ts). */
  putLines: threadLines.put,

  async release(
    store: Store,
    chatId: string,
    turn: { leaseId: string; lines: StoredLine[]; nextSort: number; status: TurnStatus; expiresAt?: number },
  ): Promise<ReleaseOutcome> {
    if (turn.lines.length > 99) throw new Error('release takes at most 99 lines; flush the rest first');
    const batch = batchOf(turn.lines);
    const puts: TransactItem[] = turn.lines.map((line) => ({
      Put: { TableName: store.tableName, Item: messageItem(chatId, line, batch, turn.expiresAt) },
    }));
    const update: TransactItem = {
      Update: {
        ...freeThread(store, chatId, turn, turn.status !== 'aborted'),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    };
    try {
      await transact(store, [...puts, update]);
      return 'released';
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const seen = error.reasons.at(-1);
      if (
        seen?.code === 'ConditionalCheckFailed' &&
        seen.item?.leaseId === turn.leaseId &&
        seen.item.abortRequestedAt !== undefined
      ) {
        // Still this turn's, but the user asked to stop it: nothing was written; it ends `aborted` instead.
        return 'abort-requested';
      }
      // Another turn holds the thread now (this one's lease had expired): keep what this turn said.
      await threads.putLines(store, chatId, turn.lines, turn.expiresAt);
      return 'lease-lost';
    }
  },

  /**
   * Frees the thread after a turn whose release transaction failed (its lines were stored on their own first):
   * idle, with the next free sort and how the turn ended. False when the lease is no longer this turn's.
   */
  async endTurn(
    store: Store,
    chatId: string,
    turn: { leaseId: string; nextSort: number; status: TurnStatus },
  ): Promise<boolean> {
    try {
      await store.doc.send(new UpdateCommand(freeThread(store, chatId, turn, false)));
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** Stored lines with sort above `afterSort`, in order (store/thread-lines.ts). */
  lines: threadLines.list,
  /** The last lines of a thread, in order (a turn's history). */
  tail: threadLines.tail,
};
