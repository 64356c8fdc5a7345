import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '../query-user';
import { queryAll, type Store } from './client';
import { type CountChange, groupCounts, membershipsOf } from './group-counts';
import { isExpired, keys, type Scope, scopeId } from './keys';
import { sweeps, withoutStale } from './sweeps';
import { type TransactItem, TransactionCancelled, transact } from './transactions';

export type { AttributeValue } from '../query-user';
export type UserRef = { kind: 'external'; externalId: string } | { kind: 'internal'; internalId: string };

/** A stored user: memberships per scope and attribute values per scope. */
export interface UserRecord {
  ref: UserRef;
  email?: string;
  /** scope id (`*` tenant-wide, or an embed tenant name) -> group names */
  groups: Record<string, string[]>;
  /** `<scope id>/<attribute name>` -> value */
  attributes: Record<string, AttributeValue>;
  securityContext?: Record<string, unknown>;
  /** Epoch seconds; set only for ephemeral users. */
  expiresAt?: number;
  createdAt: string;
}

/** The part of a user that one scope sees. */
export interface ScopedUser {
  groups: string[];
  userAttributes: { name: string; value: AttributeValue }[];
}

export const attributeKey = (scope: Scope, name: string): string => `${scopeId(scope)}/${name}`;

export const userKey = (account: string, ref: UserRef) =>
  ref.kind === 'external'
    ? keys.externalUser(account, ref.externalId)
    : keys.internalUser(account, ref.internalId);

function toUser(item: Record<string, unknown>): UserRecord {
  const ref: UserRef =
    item.userType === 'internal'
      ? { kind: 'internal', internalId: String(item.internalId) }
      : { kind: 'external', externalId: String(item.externalId) };
  const user: UserRecord = {
    ref,
    groups: (item.groups as Record<string, string[]>) ?? {},
    attributes: (item.attrs as Record<string, AttributeValue>) ?? {},
    createdAt: String(item.createdAt),
  };
  if (typeof item.email === 'string') user.email = item.email;
  if (typeof item.expiresAt === 'number') user.expiresAt = item.expiresAt;
  if (item.securityContext && typeof item.securityContext === 'object') {
    user.securityContext = item.securityContext as Record<string, unknown>;
  }
  return user;
}

/** The groups and attribute values a user holds in one scope, attributes sorted by name. */
export function scopedView(user: UserRecord, scope: Scope): ScopedUser {
  const prefix = `${scopeId(scope)}/`;
  const userAttributes = Object.entries(user.attributes)
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, value]) => ({ name: key.slice(prefix.length), value }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { groups: [...(user.groups[scopeId(scope)] ?? [])], userAttributes };
}

/** Items as stored, for the transactions that build users (sessions, chat). */
export function newUserItem(
  account: string,
  ref: UserRef,
  fields: { email?: string; expiresAt?: number; securityContext?: Record<string, unknown> },
): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    ...userKey(account, ref),
    kind: 'user',
    userType: ref.kind,
    ...(ref.kind === 'external' ? { externalId: ref.externalId } : { internalId: ref.internalId }),
    groups: {},
    attrs: {},
    createdAt: now,
    updatedAt: now,
    ...(fields.email !== undefined ? { email: fields.email } : {}),
    ...(fields.expiresAt !== undefined
      ? {
          expiresAt: fields.expiresAt,
          ...keys.expiringUser(account, fields.expiresAt, userKey(account, ref).sk),
        }
      : {}),
    ...(fields.securityContext !== undefined ? { securityContext: fields.securityContext } : {}),
  };
}

/** Users: external (provisioned on the fly) and internal (created by operators). */
export const users = {
  /** A transaction's check that the user exists (an internal user must, before a session names it). */
  existsCheck(store: Store, account: string, ref: UserRef): TransactItem {
    return {
      ConditionCheck: {
        TableName: store.tableName,
        Key: userKey(account, ref),
        ConditionExpression: 'attribute_exists(pk)',
      },
    };
  },

  /**
   * The user, or undefined when absent or an expired ephemeral user (DynamoDB deletes those late). The account's
   * pending sweeps are read beside it: a membership or value of a deleted definition is never seen.
   */
  async get(store: Store, account: string, ref: UserRef): Promise<UserRecord | undefined> {
    const [out, pending] = await Promise.all([
      store.doc.send(
        new GetCommand({ TableName: store.tableName, Key: userKey(account, ref), ConsistentRead: true }),
      ),
      sweeps.pending(store, account),
    ]);
    if (!out.Item || isExpired(out.Item)) return undefined;
    return toUser(withoutStale(out.Item, pending));
  },

  /** The raw stored item (including an expired one): transactions condition on what they saw. */
  async getRaw(store: Store, account: string, ref: UserRef): Promise<Record<string, unknown> | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: userKey(account, ref), ConsistentRead: true }),
    );
    return out.Item;
  },

  /**
   * Creates or replaces an internal user (operator CLI and seed); groups and attributes are tenant-wide. The
   * replacement and the group count changes are one transaction, conditioned on the user as read.
   */
  async putInternal(
    store: Store,
    account: string,
    input: {
      internalId: string;
      email?: string;
      groups: string[];
      attributes: Record<string, AttributeValue>;
    },
  ): Promise<UserRecord> {
    const ref: UserRef = { kind: 'internal', internalId: input.internalId };
    const item = newUserItem(account, ref, { email: input.email });
    item.groups = { '*': [...new Set(input.groups)] };
    item.attrs = Object.fromEntries(
      Object.entries(input.attributes).map(([name, value]) => [`*/${name}`, value]),
    );
    const gone = new Set<string>();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const old = await users.getRaw(store, account, ref);
      const changes = [...membershipsOf(old ?? {}, -1), ...membershipsOf(item, 1)];
      const net = new Map<string, CountChange>();
      for (const change of changes) {
        const id = `${scopeId(change.scope)}\u0000${change.name}`;
        const delta = (net.get(id)?.delta ?? 0) + change.delta;
        net.set(id, { ...change, delta });
      }
      const counted = [...net.entries()].filter(([id, c]) => c.delta !== 0 && !gone.has(id));
      const put: TransactItem = {
        Put: {
          TableName: store.tableName,
          Item: item,
          // The counts changed are those of the memberships as read.
          ...(old === undefined
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : old.groups === undefined
              ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(groups)' }
              : {
                  ConditionExpression: 'groups = :seen',
                  ExpressionAttributeValues: { ':seen': old.groups },
                }),
        },
      };
      try {
        await transact(store, [put, ...counted.map(([, c]) => groupCounts.item(store, account, c))]);
        return toUser(item);
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        // A group that is not defined (any more) has no count to keep: leave it out and try again.
        error.reasons.forEach((reason, i) => {
          const entry = counted[i - 1];
          if (i > 0 && entry && reason.code === 'ConditionalCheckFailed') gone.add(entry[0]);
        });
      }
    }
    throw new Error(`Internal user ${input.internalId} changed concurrently 8 times; try again`);
  },

  async list(store: Store, account: string, kind?: UserRef['kind']): Promise<UserRecord[]> {
    const prefix = kind === 'internal' ? 'USER#I#' : kind === 'external' ? 'USER#E#' : keys.userPrefix;
    const [items, pending] = await Promise.all([
      queryAll(store, { pk: keys.accountPartition(account), prefix }),
      sweeps.pending(store, account),
    ]);
    return items.filter((item) => !isExpired(item)).map((item) => toUser(withoutStale(item, pending)));
  },
};
