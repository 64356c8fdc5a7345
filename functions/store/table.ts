/**
 * The single table, described once. The CDK stack and the local table creation both read this,
 * so DynamoDB Local and AWS always have the same keys, indexes and TTL attribute.
 * Access patterns: docs/storage.md.
 */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface IndexDescription {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
}

export interface TableDescription {
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly globalSecondaryIndexes: readonly IndexDescription[];
  /** Epoch seconds; DynamoDB deletes expired items late, so every read also checks it. */
  readonly timeToLiveAttribute: string;
}

export const table: TableDescription = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalSecondaryIndexes: [
    // GSI1 "byOwner": lists that hang off another entity (an account's API keys, a user's threads).
    { name: 'gsi1', partitionKey: { name: 'gsi1pk', type: 'S' }, sortKey: { name: 'gsi1sk', type: 'S' } },
  ],
  timeToLiveAttribute: 'expiresAt',
};

export const DEFAULT_TABLE_NAME = 'embedded-analytics';
