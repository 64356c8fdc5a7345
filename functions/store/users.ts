import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '../query-user';
import { isConditionFailed, queryAll, type Store } from './client';
import { isExpired, keys, type Scope, scopeId } from './keys';
import type { TransactItem } from './transactions';

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
    ...(fields.expiresAt !== undefined ? { expiresAt: fields.expiresAt } : {}),
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

  /** The user, or undefined when absent or an expired ephemeral user (DynamoDB deletes those late). */
  async get(store: Store, account: string, ref: UserRef): Promise<UserRecord | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: userKey(account, ref), ConsistentRead: true }),
    );
    if (!out.Item || isExpired(out.Item)) return undefined;
    return toUser(out.Item);
  },

  /** The raw stored item (including an expired one): transactions condition on what they saw. */
  async getRaw(store: Store, account: string, ref: UserRef): Promise<Record<string, unknown> | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: userKey(account, ref), ConsistentRead: true }),
    );
    return out.Item;
  },

  /** Creates or replaces an internal user (operator CLI and seed); groups and attributes are tenant-wide. */
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
    const item = newUserItem(
      account,
      { kind: 'internal', internalId: input.internalId },
      { email: input.email },
    );
    item.groups = { '*': input.groups };
    item.attrs = Object.fromEntries(
      Object.entries(input.attributes).map(([name, value]) => [`*/${name}`, value]),
    );
    await store.doc.send(new PutCommand({ TableName: store.tableName, Item: item }));
    return toUser(item);
  },

  async list(store: Store, account: string, kind?: UserRef['kind']): Promise<UserRecord[]> {
    const prefix = kind === 'internal' ? 'USER#I#' : kind === 'external' ? 'USER#E#' : keys.userPrefix;
    const items = await queryAll(store, { pk: keys.accountPartition(account), prefix });
    return items.filter((item) => !isExpired(item)).map(toUser);
  },

  /**
   * After a definition is deleted, removes it from every user of the account so that no membership or value
   * survives. Each user is updated under a condition on what was read, and re-read on a race.
   */
  /**
   * How many live users of a scope are in each of its groups: one query over the account's users that hold a
   * membership in the scope (expired ephemeral users do not count; DynamoDB deletes them late).
   */
  async groupCounts(store: Store, account: string, scope: Scope): Promise<Map<string, number>> {
    const sid = scopeId(scope);
    const items = await queryAll(store, {
      pk: keys.accountPartition(account),
      prefix: keys.userPrefix,
      filter: { expression: 'attribute_exists(groups.#s)', names: { '#s': sid } },
      projection: 'groups.#s, expiresAt',
      consistentRead: true,
    });
    const counts = new Map<string, number>();
    for (const item of items) {
      if (isExpired(item)) continue;
      const names = (item.groups as Record<string, unknown> | undefined)?.[sid];
      if (!Array.isArray(names)) continue;
      for (const name of new Set(names.map(String))) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  },

  async sweepDefinition(
    store: Store,
    account: string,
    scope: Scope,
    kind: 'group' | 'attribute',
    name: string,
  ): Promise<number> {
    const sid = scopeId(scope);
    const items = await queryAll(store, {
      pk: keys.accountPartition(account),
      prefix: keys.userPrefix,
      filter: {
        expression: kind === 'group' ? 'contains(groups.#s, :name)' : 'attribute_exists(attrs.#a)',
        names: kind === 'group' ? { '#s': sid } : { '#a': `${sid}/${name}` },
        ...(kind === 'group' ? { values: { ':name': name } } : {}),
      },
      consistentRead: true,
    });
    for (const item of items) {
      await removeFromUser(store, { pk: String(item.pk), sk: String(item.sk) }, sid, kind, name);
    }
    return items.length;
  },
};

async function removeFromUser(
  store: Store,
  key: { pk: string; sk: string },
  sid: string,
  kind: 'group' | 'attribute',
  name: string,
): Promise<void> {
  if (kind === 'attribute') {
    await store.doc
      .send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: key,
          UpdateExpression: 'REMOVE attrs.#a',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#a': `${sid}/${name}` },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) throw error;
      });
    return;
  }
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: key, ConsistentRead: true }),
    );
    const current = (out.Item?.groups as Record<string, string[]> | undefined)?.[sid];
    if (!current?.includes(name)) return;
    try {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: key,
          UpdateExpression: 'SET groups.#s = :next',
          ConditionExpression: 'groups.#s = :current',
          ExpressionAttributeNames: { '#s': sid },
          ExpressionAttributeValues: { ':next': current.filter((g) => g !== name), ':current': current },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  throw new Error(`Could not remove group ${name} from ${key.sk} after 10 attempts`);
}
