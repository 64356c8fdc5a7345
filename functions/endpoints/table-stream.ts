import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { applyStreamRecords } from '../embed/table-stream';
import { getStore } from '../store/client';

/** The table's stream worker (no route): TTL deletes of users and the batches of definition sweeps. */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  applyStreamRecords(getStore(), event.Records);
