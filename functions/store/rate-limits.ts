import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TtlCache } from '../cache';
import { RateLimitedError } from '../errors';
import type { Account } from './accounts';
import { isConditionFailed, type Store } from './client';
import { keys } from './keys';

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

/** The conditional increment of one window: fails (writing nothing) once the window holds `limit` uses. */
function increment(table: string, ticket: RateTicket) {
  return {
    TableName: table,
    Key: ticket.key,
    UpdateExpression: 'ADD uses :one SET kind = :kind, expiresAt = if_not_exists(expiresAt, :expires)',
    ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
    ExpressionAttributeValues: {
      ':one': 1,
      ':kind': 'rate',
      // Windows are deleted by TTL some time after they close.
      ':expires': Number(ticket.key.sk.split('#')[1]) + 2 * WINDOW_SECONDS,
      ':limit': ticket.limit,
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
      await store.doc.send(new UpdateCommand(increment(store.tableName, ticket)));
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
