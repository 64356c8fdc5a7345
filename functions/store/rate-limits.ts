import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TtlCache } from '../cache';
import { RateLimitedError } from '../errors';
import type { Account } from './accounts';
import { isConditionFailed, queryAll, type Store } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * Rate limits per credential (an API key or an embed token) and operation, counted in fixed one-minute windows
 * in the table, so they hold across Lambda instances. A refused attempt increments nothing.
 */
export const RATE_NAMES = ['key.chat', 'key.sql', 'key.session', 'token.chat', 'token.sql'] as const;
export type RateName = (typeof RATE_NAMES)[number];
export type RateOperation = 'chat' | 'sql' | 'session';

/** Per minute, per credential. Keys serve many end users; a token is one user in one browser. */
export const DEFAULT_RATES: Record<RateName, number> = {
  'key.chat': 600,
  'key.sql': 1_200,
  'key.session': 1_200,
  'token.chat': 30,
  'token.sql': 300,
};
export const WINDOW_SECONDS = 60;

/** Who is counted: `K#<keyId>` or `S#<sessionId>`. */
export interface Credential {
  kind: 'key' | 'token';
  id: string;
}

export const credentialId = (credential: Credential): string =>
  `${credential.kind === 'key' ? 'K' : 'S'}#${credential.id}`;

/** The per-minute rate of an operation for a credential: the account's own setting, else the default. */
export function rateFor(account: Account, credential: Credential, operation: RateOperation): number {
  const name = `${credential.kind}.${operation}` as RateName;
  return account.rateLimits?.[name] ?? DEFAULT_RATES[name] ?? Number.POSITIVE_INFINITY;
}

/** Every rate of an account as it applies: its own settings over the defaults. */
export const effectiveRates = (account: Account): Record<RateName, number> =>
  Object.fromEntries(
    RATE_NAMES.map((name) => [name, account.rateLimits?.[name] ?? DEFAULT_RATES[name]]),
  ) as Record<RateName, number>;

/** One use of a rate: where it was counted, so a request refused afterwards can give it back. */
export interface RateTicket {
  key: { pk: string; sk: string };
  limit: number;
  retryAfterSeconds: number;
}

function ticketFor(
  account: Account,
  credential: Credential,
  operation: RateOperation,
  nowMs: number,
): RateTicket {
  const now = Math.floor(nowMs / 1000);
  const windowStart = now - (now % WINDOW_SECONDS);
  return {
    key: keys.rateWindow(credentialId(credential), operation, windowStart),
    limit: rateFor(account, credential, operation),
    retryAfterSeconds: Math.max(1, windowStart + WINDOW_SECONDS - now),
  };
}

/** The conditional increment of one window (or shard): fails (writing nothing) once it holds `limit` uses. */
function increment(table: string, key: { pk: string; sk: string }, limit: number) {
  return {
    TableName: table,
    Key: key,
    UpdateExpression: 'ADD uses :one SET kind = :kind, expiresAt = if_not_exists(expiresAt, :expires)',
    ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
    ExpressionAttributeValues: {
      ':one': 1,
      ':kind': 'rate',
      // Windows are deleted by TTL some time after they close.
      ':expires': Number(key.sk.split('#')[1]) + 2 * WINDOW_SECONDS,
      ':limit': limit,
    },
  };
}

export const rateLimited = (ticket: RateTicket, operation: RateOperation) =>
  new RateLimitedError(
    `Rate limit of ${ticket.limit} ${operation} requests per minute for this credential reached`,
    ticket.retryAfterSeconds,
  );

/** Windows this process saw refuse a use, by table and window key; a window's key is never reused. */
const fullWindows = new TtlCache<string, true>({ ttlMs: 2 * WINDOW_SECONDS * 1000, maxEntries: 10_000 });
const windowKey = (store: Store, ticket: RateTicket) =>
  `${store.tableName}|${ticket.key.pk}|${ticket.key.sk}`;

export const rateLimits = {
  /** Counts one use, or throws 429 RATE_LIMITED (with Retry-After) when the window is full. */
  async consume(
    store: Store,
    account: Account,
    credential: Credential,
    operation: RateOperation,
    nowMs = Date.now(),
  ): Promise<RateTicket> {
    const ticket = ticketFor(account, credential, operation, nowMs);
    try {
      await store.doc.send(new UpdateCommand(increment(store.tableName, ticket.key, ticket.limit)));
    } catch (error) {
      if (isConditionFailed(error)) {
        fullWindows.set(windowKey(store, ticket), true);
        throw rateLimited(ticket, operation);
      }
      throw error;
    }
    return ticket;
  },

  /**
   * Whether this process already saw the current window refuse a use (another process may have filled it
   * unseen): work started before the count (a speculative query) is skipped for such a caller.
   */
  knownFull(
    store: Store,
    account: Account,
    credential: Credential,
    operation: RateOperation,
    nowMs = Date.now(),
  ): boolean {
    return fullWindows.get(windowKey(store, ticketFor(account, credential, operation, nowMs))) === true;
  },

  /**
   * Gives a use back when the request is refused after it was counted (README, "Errors": a rejected request
   * writes no counter); a window left empty is deleted, so the table is as it was.
   */
  async release(store: Store, ticket: RateTicket): Promise<void> {
    const out = await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: ticket.key,
        UpdateExpression: 'ADD uses :minus',
        ConditionExpression: 'uses > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (out.Attributes?.uses === 0) {
      await store.doc
        .send(
          new DeleteCommand({
            TableName: store.tableName,
            Key: ticket.key,
            ConditionExpression: 'uses = :zero',
            ExpressionAttributeValues: { ':zero': 0 },
          }),
        )
        .catch((error: unknown) => {
          // Another request counted in the meantime: the window stays.
          if (!isConditionFailed(error)) throw error;
        });
    }
  },
};

/**
 * One counted use of a rate, handed to the work it counts. Once the work has touched an engine (a query started,
 * a speculative one included) the use is kept whatever happens next: the engine did the work, so a timeout, an
 * oversized result or an engine error counts (docs/operating.md, "Rate limits").
 */
export class RateUse {
  private kept = false;
  /** The work reached the engine: a later refusal no longer gives the use back. */
  readonly keep = (): void => {
    this.kept = true;
  };
  get isKept(): boolean {
    return this.kept;
  }
}

/**
 * Runs `work` as one counted use: refused with 429 when the rate is used up; if `work` is refused (a 4xx) before
 * it touched an engine (`use.keep()`), the use is given back so the refused request leaves nothing behind.
 */
export async function withRate<T>(
  store: Store,
  account: Account,
  credential: Credential,
  operation: RateOperation,
  work: (use: RateUse) => Promise<T>,
  use: RateUse = new RateUse(),
): Promise<T> {
  const ticket = await rateLimits.consume(store, account, credential, operation);
  try {
    return await work(use);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500 && !use.isKept)
      await rateLimits.release(store, ticket);
    throw error;
  }
}

/**
 * A window counted inside a transaction is split over this many items (fewer when the limit is smaller), so that
 * concurrent transactions of one credential rarely name the same item: DynamoDB cancels a transaction that names an
 * item another transaction is still working on (docs/storage.md, "Rate windows in a transaction").
 */
export const RATE_SHARDS = 16;

/** Shards of a window that this process saw full, by table, credential, window and limit (they never empty). */
const fullShards = new TtlCache<string, Set<number>>({
  ttlMs: 2 * WINDOW_SECONDS * 1000,
  maxEntries: 10_000,
});

/** One use of a rate, counted by the caller's own transaction on one shard of the current window. */
export interface ShardedCount {
  /** The conditional increment of the chosen shard, to send inside the transaction. */
  item(): TransactItem;
  /** The transaction conflicted on the shard: the next attempt counts on another one. */
  moveOn(): void;
  /**
   * The shard was full (its condition failed and nothing was written): reads the window once and throws 429
   * RATE_LIMITED when every shard is full, else moves to a shard with room.
   */
  refused(): Promise<void>;
}

/**
 * Starts counting one use of `operation` inside a transaction. The window's limit is split over the shards
 * (their caps add up to it exactly), so at most `limit` uses are counted in a window, and 429 comes only once
 * every shard is full. Throws 429 at once when this process already saw the whole window full.
 */
export function shardedCount(
  store: Store,
  account: Account,
  credential: Credential,
  operation: RateOperation,
  nowMs = Date.now(),
): ShardedCount {
  const ticket = ticketFor(account, credential, operation, nowMs);
  const windowStart = Number(ticket.key.sk.split('#')[1]);
  const id = credentialId(credential);
  const shards = Math.max(1, Math.min(RATE_SHARDS, Math.floor(ticket.limit)));
  const cap = (shard: number) =>
    Math.floor(ticket.limit / shards) + (shard < Math.floor(ticket.limit) % shards ? 1 : 0);
  const cacheKey = `${store.tableName}|${id}|${operation}|${windowStart}|${ticket.limit}`;
  const full = fullShards.get(cacheKey) ?? new Set<number>();
  const pick = (from: number[]) => {
    const open = from.filter((shard) => !full.has(shard) && cap(shard) > 0);
    if (open.length === 0) throw rateLimited(ticket, operation);
    return open[Math.floor(Math.random() * open.length)] ?? 0;
  };
  const all = Array.from({ length: shards }, (_, i) => i);
  let shard = pick(all);
  return {
    item: () => ({
      Update: increment(store.tableName, keys.rateShard(id, operation, windowStart, shard), cap(shard)),
    }),
    moveOn() {
      if (shards > 1) shard = pick(all.filter((other) => other !== shard));
    },
    async refused() {
      const items = await queryAll(store, {
        pk: keys.rateShard(id, operation, windowStart, 0).pk,
        prefix: keys.rateShardPrefix(operation, windowStart),
        projection: 'sk, uses',
        consistentRead: true,
      });
      const uses = new Map(
        items.map((item) => [Number(String(item.sk).split('#')[2]), Number(item.uses ?? 0)]),
      );
      for (const other of all) if ((uses.get(other) ?? 0) >= cap(other)) full.add(other);
      fullShards.set(cacheKey, full);
      shard = pick(all);
    },
  };
}

/** Uses counted in one window of a credential, over all of its shards (tests and the operator's view). */
export async function countedUses(
  store: Store,
  credential: Credential,
  operation: RateOperation,
  windowStart: number,
): Promise<number> {
  const id = credentialId(credential);
  const items = await queryAll(store, {
    pk: keys.rateWindow(id, operation, windowStart).pk,
    prefix: `${operation}#${windowStart}`,
    projection: 'uses',
    consistentRead: true,
  });
  return items.reduce((sum, item) => sum + Number(item.uses ?? 0), 0);
}
