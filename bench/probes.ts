/**
 * What the load bench watches and probes on the store: transactions and their conflicts, a thread's reads and
 * their read units, round trips, and DynamoDB Local's answer to concurrent writes of one item.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '../functions/store/client';
import { timeConcurrent } from './stats';

/** Counts the transactions a store sends and those DynamoDB cancelled for a conflict, while `on`. */
export function watchTransactions(store: Store) {
  const tally = { on: false, sent: 0, conflicts: 0 };
  store.doc.middlewareStack.add(
    (next) => async (args) => {
      const counted = tally.on && (args.input as { TransactItems?: unknown }).TransactItems !== undefined;
      if (counted) tally.sent += 1;
      try {
        return await next(args);
      } catch (error) {
        const conflict =
          error instanceof TransactionCanceledException &&
          (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
        if (counted && conflict) tally.conflicts += 1;
        throw error;
      }
    },
    { step: 'initialize', name: 'loadBenchTransactions' },
  );
  return tally;
}

/**
 * `writes` writes of one item, `concurrency` at once, every other one a TransactWriteItems (with a second item of
 * its own) and the rest plain UpdateItems: how many DynamoDB cancelled or refused for a conflict.
 */
export async function conflictProbe(store: Store, writes: number, concurrency: number) {
  let conflicts = 0;
  let other = 0;
  const item = { TableName: store.tableName, Key: { pk: 'BENCH#conflicts', sk: 'ITEM' } };
  const add = { UpdateExpression: 'ADD uses :one', ExpressionAttributeValues: { ':one': 1 } };
  await timeConcurrent(writes, concurrency, async (i) => {
    try {
      if (i % 2 === 0) await store.doc.send(new UpdateCommand({ ...item, ...add }));
      else {
        await store.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: { ...item, ...add } },
              { Put: { TableName: store.tableName, Item: { pk: `BENCH#conflicts#${i}`, sk: 'ITEM' } } },
            ],
          }),
        );
      }
    } catch (error) {
      const cancelled =
        error instanceof TransactionCanceledException &&
        (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
      if (cancelled || (error instanceof Error && error.name === 'TransactionConflictException'))
        conflicts += 1;
      else other += 1;
    }
  });
  return { writes, conflicts, other };
}

/**
 * Watches a store's calls while `on`: reads of a thread's item (and their read units: a strongly consistent read of
 * a small item is one, an eventually consistent one half), every call's round trip and the calls by operation.
 */
export function watchDynamo(store: Store) {
  const tally = {
    threadReads: 0,
    threadReadUnits: 0,
    roundTrips: [] as number[],
    operations: new Map<string, number>(),
  };
  const name = `loadBenchCalls${Math.random()}`;
  store.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: { sk?: unknown }; ConsistentRead?: boolean };
      if (context.commandName === 'GetItemCommand' && input.Key?.sk === 'META') {
        tally.threadReads += 1;
        tally.threadReadUnits += input.ConsistentRead === true ? 1 : 0.5;
      }
      const operation = String(context.commandName).replace(/Command$/, '');
      tally.operations.set(operation, (tally.operations.get(operation) ?? 0) + 1);
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        tally.roundTrips.push(performance.now() - started);
      }
    },
    { step: 'initialize', name },
  );
  return { tally, stop: () => store.doc.middlewareStack.remove(name) };
}
