import { randomBytes } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../errors';
import { isConditionFailed, queryAll, type Store } from './client';
import { keys, type Scope, scopeId } from './keys';

/** Cube's attribute types (its `UserAttributeType`), `boolean` included. */
export const ATTRIBUTE_TYPES = ['string', 'number', 'boolean', 'string_array', 'number_array'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export type DefinitionKind = 'group' | 'attribute';

export interface GroupDefinition {
  id: string;
  name: string;
  description?: string;
  createdAt: string;
  updatedAt: string;
}

/** A group with its stored member count (functions/store/group-counts.ts). */
export type CountedGroup = GroupDefinition & { storedCount: number };

export interface AttributeDefinition {
  id: string;
  name: string;
  type: AttributeType;
  displayName?: string;
  defaultValue?: string;
  description?: string;
  createdAt: string;
  updatedAt: string;
}

const OPTIONAL_GROUP_FIELDS = ['description'] as const;
const OPTIONAL_ATTRIBUTE_FIELDS = ['displayName', 'defaultValue', 'description'] as const;

/** Opaque id: a random nonce plus the name, so a re-created definition never reuses an old id. */
export const newDefinitionId = (name: string): string =>
  `${randomBytes(9).toString('base64url')}.${Buffer.from(name).toString('base64url')}`;

/** The name inside an id, or undefined when the id is malformed. */
export function nameFromId(id: string): string | undefined {
  const match = /^[A-Za-z0-9_-]{12}\.([A-Za-z0-9_-]+)$/.exec(id);
  if (!match?.[1]) return undefined;
  const name = Buffer.from(match[1], 'base64url').toString('utf8');
  return name.length > 0 ? name : undefined;
}

/**
 * Whether an item is a definition, not the tombstone a delete leaves while its sweep is pending (no id:
 * functions/store/sweeps.ts).
 */
export const isDefined = (item: Record<string, unknown> | undefined): item is Record<string, unknown> =>
  item !== undefined && typeof item.id === 'string';

const keyOf = (kind: DefinitionKind) => (kind === 'group' ? keys.group : keys.attribute);
const prefixOf = (kind: DefinitionKind) => (kind === 'group' ? keys.groupPrefix : keys.attributePrefix);

function toGroup(item: Record<string, unknown>): GroupDefinition {
  const group: GroupDefinition = {
    id: String(item.id),
    name: String(item.name),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
  if (typeof item.description === 'string') group.description = item.description;
  return group;
}

function toAttribute(item: Record<string, unknown>): AttributeDefinition {
  const attribute: AttributeDefinition = {
    id: String(item.id),
    name: String(item.name),
    type: item.type as AttributeType,
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
  for (const field of OPTIONAL_ATTRIBUTE_FIELDS) {
    if (typeof item[field] === 'string') attribute[field] = item[field];
  }
  return attribute;
}

/** One page of a list; `hasNextPage` says whether items follow the last one. */
export interface DefinitionPage<T> {
  items: T[];
  hasNextPage: boolean;
}

/** Group and attribute definitions, tenant-wide (`*`) or scoped to an embed tenant. */
export const definitions = {
  async getGroup(
    store: Store,
    account: string,
    scope: Scope,
    name: string,
  ): Promise<GroupDefinition | undefined> {
    const out = await store.doc.send(
      new GetCommand({
        TableName: store.tableName,
        Key: keys.group(account, scope, name),
        ConsistentRead: true,
      }),
    );
    return isDefined(out.Item) ? toGroup(out.Item) : undefined;
  },

  async getAttribute(
    store: Store,
    account: string,
    scope: Scope,
    name: string,
  ): Promise<AttributeDefinition | undefined> {
    const out = await store.doc.send(
      new GetCommand({
        TableName: store.tableName,
        Key: keys.attribute(account, scope, name),
        ConsistentRead: true,
      }),
    );
    return isDefined(out.Item) ? toAttribute(out.Item) : undefined;
  },

  /** Reads many definitions by name in one scope (error reporting and user reads). */
  async getMany(
    store: Store,
    account: string,
    scope: Scope,
    kind: DefinitionKind,
    names: readonly string[],
  ): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    const unique = [...new Set(names)];
    for (let i = 0; i < unique.length; i += 100) {
      let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }> | undefined =
        {
          [store.tableName]: {
            Keys: unique.slice(i, i + 100).map((name) => keyOf(kind)(account, scope, name)),
            ConsistentRead: true,
          },
        };
      while (request && Object.keys(request).length > 0) {
        const out = await store.doc.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of out.Responses?.[store.tableName] ?? []) {
          if (isDefined(item)) found.set(String(item.name), item);
        }
        request = out.UnprocessedKeys as typeof request;
      }
    }
    return found;
  },

  /** Idempotent upsert of a group (operator CLI and seed); a description is never cleared. */
  async upsertGroup(
    store: Store,
    account: string,
    scope: Scope,
    input: { name: string; description?: string },
  ): Promise<GroupDefinition> {
    const update = definitionUpdate(account, scope, 'group', input);
    const out = await store.doc.send(
      new UpdateCommand({ TableName: store.tableName, ...update, ReturnValues: 'ALL_NEW' }),
    );
    return toGroup(out.Attributes ?? {});
  },

  /** Idempotent upsert of an attribute; a different type than the stored one is a 409 conflict. */
  async upsertAttribute(
    store: Store,
    account: string,
    scope: Scope,
    input: {
      name: string;
      type: AttributeType;
      displayName?: string;
      defaultValue?: string;
      description?: string;
    },
  ): Promise<AttributeDefinition> {
    const update = definitionUpdate(account, scope, 'attribute', input);
    try {
      const out = await store.doc.send(
        new UpdateCommand({ TableName: store.tableName, ...update, ReturnValues: 'ALL_NEW' }),
      );
      return toAttribute(out.Attributes ?? {});
    } catch (error) {
      if (isConditionFailed(error)) {
        throw new ConflictError(
          `Attribute ${input.name} exists with another type: cannot change type`,
          'ATTRIBUTE_TYPE_CONFLICT',
        );
      }
      throw error;
    }
  },

  /** One page of a scope's definitions, ordered by name, starting after the definition named `afterName`. */
  async list(
    store: Store,
    account: string,
    scope: Scope,
    kind: DefinitionKind,
    page: { first: number; afterName?: string },
  ): Promise<DefinitionPage<GroupDefinition | AttributeDefinition>> {
    const prefix = prefixOf(kind)(scope);
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined = page.afterName
      ? { pk: keys.accountPartition(account), sk: `${prefix}${page.afterName}` }
      : undefined;
    // Read one more than asked to learn whether another page exists.
    while (items.length <= page.first) {
      const out = await store.doc.send(
        new QueryCommand({
          TableName: store.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          // A deleted definition whose sweep is pending is a tombstone without an id.
          FilterExpression: 'attribute_exists(#id)',
          ExpressionAttributeNames: { '#id': 'id' },
          ExpressionAttributeValues: { ':pk': keys.accountPartition(account), ':prefix': prefix },
          ExclusiveStartKey: start,
          Limit: page.first + 1 - items.length,
          ConsistentRead: true,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
      if (!start) break;
    }
    return {
      items: items.slice(0, page.first).map(kind === 'group' ? toGroup : toAttribute),
      hasNextPage: items.length > page.first,
    };
  },

  /** Every group of a scope with its stored member count (the groups list orders them newest first). */
  async listGroupsCounted(store: Store, account: string, scope: Scope): Promise<CountedGroup[]> {
    const items = await queryAll(store, {
      pk: keys.accountPartition(account),
      prefix: keys.groupPrefix(scope),
      consistentRead: true,
    });
    return items.filter(isDefined).map((item) => ({
      ...toGroup(item),
      storedCount: typeof item.userCount === 'number' ? item.userCount : 0,
    }));
  },

  /** Every definition of a kind in a scope (the groups list orders them newest first, which the key cannot). */
  async listAll(
    store: Store,
    account: string,
    scope: Scope,
    kind: DefinitionKind,
  ): Promise<(GroupDefinition | AttributeDefinition)[]> {
    const items = await queryAll(store, {
      pk: keys.accountPartition(account),
      prefix: prefixOf(kind)(scope),
      consistentRead: true,
    });
    return items.filter(isDefined).map(kind === 'group' ? toGroup : toAttribute);
  },
};

export interface DefinitionInput {
  name: string;
  type?: AttributeType;
  displayName?: string;
  defaultValue?: string;
  description?: string;
}

/**
 * The Update of an idempotent definition upsert: creates with a fresh id, sets optional fields only when
 * supplied (so they are never cleared), and for attributes refuses another type via the condition.
 * Used alone (operator CLI) and inside the generate-session transaction.
 */
export function definitionUpdate(
  account: string,
  scope: Scope,
  kind: DefinitionKind,
  input: DefinitionInput,
  /** One time for every definition a request writes, so definitions made together sort together. */
  now: string = new Date().toISOString(),
  /** A group's member count change made in the same write (functions/store/group-counts.ts). */
  countDelta = 0,
) {
  const names: Record<string, string> = { '#name': 'name', '#kind': 'kind' };
  const values: Record<string, unknown> = {
    ':name': input.name,
    ':kind': kind,
    ':id': newDefinitionId(input.name),
    ':now': now,
    ':scope': scopeId(scope),
  };
  const sets = [
    '#kind = :kind',
    '#name = :name',
    'id = if_not_exists(id, :id)',
    'createdAt = if_not_exists(createdAt, :now)',
    '#scope = :scope',
  ];
  names['#scope'] = 'scope';
  const fields = kind === 'group' ? OPTIONAL_GROUP_FIELDS : OPTIONAL_ATTRIBUTE_FIELDS;
  let supplied = false;
  for (const field of fields) {
    const value = input[field];
    if (value === undefined) continue;
    supplied = true;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  // Without reading the item we cannot tell whether a supplied field differs, so updatedAt records the
  // last upsert that supplied fields; an upsert of the name alone leaves it as it was.
  sets.push(supplied ? 'updatedAt = :now' : 'updatedAt = if_not_exists(updatedAt, :now)');
  let condition: string | undefined;
  if (kind === 'attribute') {
    names['#type'] = 'type';
    values[':type'] = input.type;
    sets.push('#type = :type');
    condition = 'attribute_not_exists(#type) OR #type = :type';
  }
  if (countDelta !== 0) values[':countDelta'] = countDelta;
  return {
    Key: keyOf(kind)(account, scope, input.name),
    UpdateExpression: `SET ${sets.join(', ')}${countDelta !== 0 ? ' ADD userCount :countDelta' : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(condition ? { ConditionExpression: condition } : {}),
  };
}
