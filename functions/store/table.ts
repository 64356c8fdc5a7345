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

/**
 * The items that belong to an owner outside their own partition, by owner: today an account's API keys (an API
 * key's partition is its hash, so that authentication is one read). Only the operator CLI queries it.
 */
export const byOwnerIndex = {
  name: 'byOwner',
  partitionKey: { name: 'ownerPk', type: 'S' },
  sortKey: { name: 'ownerSk', type: 'S' },
} as const satisfies IndexDescription;

export const table: TableDescription = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalSecondaryIndexes: [byOwnerIndex],
  timeToLiveAttribute: 'expiresAt',
};

export const DEFAULT_TABLE_NAME = 'embedded-analytics';
