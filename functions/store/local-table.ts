import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { Store } from './client';
import { table } from './table';

/** Creates the table from the shared description (DynamoDB Local); a no-op when it already exists. */
export async function ensureTable(store: Store): Promise<void> {
  const client = store.doc;
  const attributes = new Map<string, AttributeDefinition>();
  for (const key of [
    table.partitionKey,
    table.sortKey,
    ...table.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ]) {
    attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: store.tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes.values()],
        KeySchema: [
          { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
            { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
  } catch (error) {
    if (error instanceof ResourceInUseException) return;
    throw error;
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: store.tableName,
      TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
    }),
  );
  await client.send(new DescribeTableCommand({ TableName: store.tableName }));
}
