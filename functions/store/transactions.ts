import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Store } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Why one item of a cancelled transaction failed (`ConditionalCheckFailed`, `TransactionConflict`, `None`), with
 * the item as it was when the write asked for it (`ReturnValuesOnConditionCheckFailure: ALL_OLD`).
 */
export interface CancellationReason {
  code: string;
  message?: string;
  item?: Record<string, unknown>;
}

/** A cancelled transaction: `reasons[i]` belongs to the i-th item that was sent. */
export class TransactionCancelled extends Error {
  readonly reasons: CancellationReason[];

  constructor(reasons: CancellationReason[], options?: ErrorOptions) {
    super(`Transaction cancelled: ${reasons.map((r) => r.code).join(', ')}`, options);
    this.name = 'TransactionCancelled';
    this.reasons = reasons;
  }

  /** Whether DynamoDB refused an item over 400 KB (an update that grows an item cancels with a ValidationError). */
  get itemTooLarge(): boolean {
    return this.reasons.some((r) => r.code === 'ValidationError' && /item size/i.test(r.message ?? ''));
  }

  /** Only conflicts with other transactions (worth retrying), no failed condition. */
  get onlyConflicts(): boolean {
    return (
      this.reasons.some((r) => r.code === 'TransactionConflict') &&
      this.reasons.every((r) => r.code === 'TransactionConflict' || r.code === 'None')
    );
  }
}

/** Backoff before retrying a transaction cancelled by conflicts only: jittered, doubling from 10 ms. */
export const conflictBackoffMs = (attempt: number): number => 10 * 2 ** attempt * (0.5 + Math.random());

/**
 * Runs one TransactWriteItems. Conflicts with concurrent transactions on the same items are retried with
 * jittered backoff (unless `retryConflicts` is false: the caller changes its items first); failed conditions
 * come back as TransactionCancelled with per-item reasons.
 */
export async function transact(
  store: Store,
  items: TransactItem[],
  options: { retryConflicts?: boolean } = {},
): Promise<void> {
  const retries = options.retryConflicts === false ? 0 : 6;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await store.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const cancelled = new TransactionCancelled(
        (error.CancellationReasons ?? []).map((reason) => ({
          code: reason.Code ?? 'None',
          ...(reason.Message ? { message: reason.Message } : {}),
          // The document client does not unmarshall cancellation reasons.
          ...(reason.Item ? { item: unmarshall(reason.Item) } : {}),
        })),
        { cause: error },
      );
      if (cancelled.onlyConflicts && attempt < retries) {
        await new Promise((resolve) => setTimeout(resolve, conflictBackoffMs(attempt)));
        continue;
      }
      throw cancelled;
    }
  }
}
