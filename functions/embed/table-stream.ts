import type { AttributeValue as StreamValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { createLogger, describeError } from '../observability/log';
import type { Store } from '../store/client';
import { groupCounts } from '../store/group-counts';
import { keys } from '../store/keys';
import { sweepBatch } from './sweep';

/**
 * The table-stream worker (docs/operating.md, "Group member counts" and "Deleting groups and attributes"). The
 * stack's event source sends it only two kinds of records (its filter, lib/table-stream.ts):
 *
 * - a user deleted by the TTL: its memberships leave the group counts (once per record);
 * - a sweep job written (the DELETE, then each batch's new position): the next batch of the sweep.
 *
 * A failed record is reported, so Lambda retries from it (and, once its retries are spent, sends it to the DLQ);
 * the records before it are not applied again.
 */
export async function applyStreamRecords(
  store: Store,
  records: readonly DynamoDBRecord[],
): Promise<DynamoDBBatchResponse> {
  for (const record of records) {
    try {
      await applyRecord(store, record);
    } catch (error) {
      createLogger({ eventId: record.eventID }).error('table-stream', describeError(error));
      const id = record.dynamodb?.SequenceNumber;
      return { batchItemFailures: id ? [{ itemIdentifier: id }] : [] };
    }
  }
  return { batchItemFailures: [] };
}

const image = (value: unknown): Record<string, unknown> | undefined =>
  value ? unmarshall(value as Record<string, StreamValue>) : undefined;

/** Whether DynamoDB's TTL deleted the item (the records of other deletes name no service principal). */
export const deletedByTtl = (record: DynamoDBRecord): boolean =>
  record.eventName === 'REMOVE' &&
  record.userIdentity?.type === 'Service' &&
  record.userIdentity?.principalId === 'dynamodb.amazonaws.com';

async function applyRecord(store: Store, record: DynamoDBRecord): Promise<void> {
  const key = image(record.dynamodb?.Keys);
  const pk = String(key?.pk ?? '');
  const sk = String(key?.sk ?? '');
  if (!pk.startsWith('A#')) return;
  const account = pk.slice(2);
  if (sk.startsWith(keys.userPrefix) && deletedByTtl(record)) {
    const old = image(record.dynamodb?.OldImage);
    if (old)
      await groupCounts.retire(
        store,
        account,
        old,
        record.eventID ?? `${sk}@${record.dynamodb?.SequenceNumber}`,
      );
    return;
  }
  if (sk.startsWith(keys.sweepJobPrefix) && record.eventName !== 'REMOVE') {
    await sweepBatch(store, account, sk.slice(keys.sweepJobPrefix.length));
  }
}
