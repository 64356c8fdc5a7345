/**
 * Key builders for the single table. Every entity's keys are built here, and only store/ modules use them
 * (reading an id back off a key too, as store/sessions.ts does). The access patterns: docs/storage.md.
 */
export type Scope = { kind: 'tenant' } | { kind: 'embed'; embedTenantName: string };

/** `*` is the tenant-wide scope; embed tenants use their (validated, lowercase) name. */
export const scopeId = (scope: Scope): string => (scope.kind === 'tenant' ? '*' : scope.embedTenantName);

/** The scope a scope id names (the inverse of scopeId). */
export const scopeOf = (sid: string): Scope =>
  sid === '*' ? { kind: 'tenant' } : { kind: 'embed', embedTenantName: sid };

/**
 * The table's partitions by the prefix of `pk`. The stack's IAM statements are conditioned on these prefixes
 * (`dynamodb:LeadingKeys`), so every key built below must start with one of them.
 */
export const PARTITION_PREFIXES = {
  account: 'A#',
  apiKey: 'KEY#',
  session: 'S#',
  thread: 'T#',
  rate: 'RATE#',
} as const;
export type Partition = keyof typeof PARTITION_PREFIXES;

const pad = (n: number) => String(n).padStart(12, '0');

export const keys = {
  account: (account: string) => ({ pk: `A#${account}`, sk: 'ACCOUNT' }),
  accountPartition: (account: string) => `A#${account}`,
  apiKey: (hash: string) => ({ pk: `KEY#${hash}`, sk: 'KEY' }),
  /** The key's entry in the byOwner index (store/table.ts). */
  apiKeyByAccount: (account: string, keyId: string) => ({ ownerPk: `A#${account}#KEYS`, ownerSk: keyId }),
  deployment: (account: string, id: number) => ({ pk: `A#${account}`, sk: `DEP#${pad(id)}` }),
  deploymentPrefix: 'DEP#',
  model: (account: string, deploymentId: number, branch: string) => ({
    pk: `A#${account}`,
    sk: `MODEL#${pad(deploymentId)}#${branch}`,
  }),
  /** An immutable pushed version of a branch's model (`model push` writes one, `model rollback` reads one). */
  modelVersion: (account: string, deploymentId: number, branch: string, version: number) => ({
    pk: `A#${account}`,
    sk: `MODEL#${pad(deploymentId)}#${branch}@${pad(version)}`,
  }),
  /** Branch names never contain `@`, so this prefix matches exactly one branch's versions. */
  modelVersionPrefix: (deploymentId: number, branch: string) => `MODEL#${pad(deploymentId)}#${branch}@`,
  agent: (account: string, agentId: string) => ({ pk: `A#${account}`, sk: `AGENT#${agentId}` }),
  agentPrefix: 'AGENT#',
  embedTenant: (account: string, name: string) => ({ pk: `A#${account}`, sk: `TENANT#${name}` }),
  group: (account: string, scope: Scope, name: string) => ({
    pk: `A#${account}`,
    sk: `GROUP#${scopeId(scope)}#${name}`,
  }),
  groupPrefix: (scope: Scope) => `GROUP#${scopeId(scope)}#`,
  attribute: (account: string, scope: Scope, name: string) => ({
    pk: `A#${account}`,
    sk: `ATTR#${scopeId(scope)}#${name}`,
  }),
  attributePrefix: (scope: Scope) => `ATTR#${scopeId(scope)}#`,
  externalUser: (account: string, externalId: string) => ({ pk: `A#${account}`, sk: `USER#E#${externalId}` }),
  internalUser: (account: string, username: string) => ({ pk: `A#${account}`, sk: `USER#I#${username}` }),
  userPrefix: 'USER#',
  /**
   * An ephemeral user's entry in the byOwner index, ordered by expiry: the group counts subtract the members that
   * expired but DynamoDB has not deleted yet (docs/operating.md, "Group member counts").
   */
  expiringUser: (account: string, expiresAt: number, userSk: string) => ({
    ownerPk: `A#${account}#EXPIRES`,
    ownerSk: `${pad(expiresAt)}#${userSk}`,
  }),
  expiringUsersBefore: (account: string, epochSeconds: number) => ({
    ownerPk: `A#${account}#EXPIRES`,
    ownerSk: pad(epochSeconds),
  }),
  /** The account's pending definition sweeps, read beside every user (functions/store/sweeps.ts). */
  sweeps: (account: string) => ({ pk: `A#${account}`, sk: 'SWEEPS' }),
  /** One pending sweep, by the deleted definition's id, with its position. */
  sweepJob: (account: string, definitionId: string) => ({ pk: `A#${account}`, sk: `SWEEP#${definitionId}` }),
  sweepJobPrefix: 'SWEEP#',
  /** Marks a table stream record as applied, so a redelivered record changes nothing twice (expires). */
  streamMark: (account: string, eventId: string) => ({ pk: `A#${account}`, sk: `STREAM#${eventId}` }),
  session: (sessionId: string) => ({ pk: `S#${sessionId}`, sk: 'SESSION' }),
  thread: (chatId: string) => ({ pk: `T#${chatId}`, sk: 'META' }),
  threadMessage: (chatId: string, sort: number) => ({ pk: `T#${chatId}`, sk: `M#${pad(sort)}` }),
  threadMessagePrefix: 'M#',
  /** Model tokens an account used in one UTC day (`D#2026-11-26`) or month (`M#2026-11`): its token budgets. */
  tokenUsage: (account: string, period: string) => ({ pk: `A#${account}`, sk: `USAGE#${period}` }),
  /** One fixed window of one credential's use of one operation (rate limits). */
  rateWindow: (credential: string, operation: string, windowStart: number) => ({
    pk: `RATE#${credential}`,
    sk: `${operation}#${windowStart}`,
  }),
  /** One shard of a window counted inside transactions (the session rate), and the prefix of all of them. */
  rateShard: (credential: string, operation: string, windowStart: number, shard: number) => ({
    pk: `RATE#${credential}`,
    sk: `${operation}#${windowStart}#${shard}`,
  }),
  rateShardPrefix: (operation: string, windowStart: number) => `${operation}#${windowStart}#`,
};

/** Epoch seconds, the unit of the TTL attribute. */
export const epochSeconds = (ms: number = Date.now()): number => Math.floor(ms / 1000);

/** Whether an item with a TTL attribute has expired (DynamoDB deletes late, so reads must check). */
export const isExpired = (item: { expiresAt?: unknown }, nowMs: number = Date.now()): boolean =>
  typeof item.expiresAt === 'number' && item.expiresAt * 1000 <= nowMs;
