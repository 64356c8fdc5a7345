import type { Store } from './client';
import {
  type AttributeType,
  type DefinitionInput,
  type DefinitionKind,
  definitionUpdate,
} from './definitions';
import { epochSeconds, keys, type Scope, scopeId } from './keys';
import { renewalAttribute } from './sweeps';
import type { TransactItem } from './transactions';
import { type AttributeValue, newUserItem, type UserRef, userKey } from './users';

/**
 * The items of the user-provisioning transaction (functions/embed/provision.ts decides which ones to send and
 * what a cancellation means; the keys and expressions live here, with the rest of the table's layout).
 */
export type Lifetime = { kind: 'persistent' } | { kind: 'ephemeral'; ttlSeconds: number };

/**
 * How to write the user: update a live one, create one (over an expired one), or make an ephemeral one persistent.
 * `seenGroups` is what a failed write returned: the scope's memberships (null: none), or for a create over an
 * expired user all of its memberships. Unknown, a write that sets groups expects them unchanged, so the warm path
 * (the same groups again) changes no count; a change costs one more round trip, as a first-time user does.
 */
export type UserMode = (
  | { kind: 'existing'; seenGroups?: string[] | null }
  | { kind: 'create'; seenExpiresAt?: number; seenGroups?: Record<string, string[]> }
  | { kind: 'convert'; seenExpiresAt: number; seenGroups?: string[] | null }
) & {
  /** The pending sweeps the stored user was renewed for (functions/store/sweeps.ts). */
  seenRenewed?: string[];
};

/** What the user's write sets; undefined fields are left as they are. */
export interface UserWrite {
  account: string;
  externalId: string;
  scope: Scope;
  email?: string;
  /** undefined preserves memberships, [] clears them, a list replaces them. */
  groups?: string[];
  /** A null value clears the attribute. */
  userAttributes?: { name: string; value: AttributeValue | null }[];
  securityContext?: Record<string, unknown>;
  lifetime: Lifetime;
}

export const provisioningItems = {
  /** The idempotent upsert of a definition (an attribute of another type fails its condition). */
  definitionUpsert(
    store: Store,
    account: string,
    scope: Scope,
    kind: DefinitionKind,
    input: DefinitionInput,
    now?: string,
    countDelta = 0,
  ): TransactItem {
    return {
      Update: {
        TableName: store.tableName,
        ...definitionUpdate(account, scope, kind, input, now, countDelta),
      },
    };
  },

  /** The group must be defined in the scope. */
  groupCheck(store: Store, account: string, scope: Scope, name: string): TransactItem {
    return {
      ConditionCheck: {
        TableName: store.tableName,
        Key: keys.group(account, scope, name),
        ConditionExpression: 'attribute_exists(id)',
      },
    };
  },

  /** The attribute must be defined in the scope with one of `types`. */
  attributeCheck(
    store: Store,
    account: string,
    scope: Scope,
    name: string,
    types: readonly AttributeType[],
  ): TransactItem {
    const values: Record<string, string> = {};
    types.forEach((type, i) => {
      values[`:t${i}`] = type;
    });
    return {
      ConditionCheck: {
        TableName: store.tableName,
        Key: keys.attribute(account, scope, name),
        ConditionExpression: `attribute_exists(id) AND #type IN (${Object.keys(values).join(', ')})`,
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: values,
      },
    };
  },

  /** Counts one more persistent external user, refused at `limit`. */
  userCount(store: Store, account: string, limit: number): TransactItem {
    return {
      Update: {
        TableName: store.tableName,
        Key: keys.account(account),
        UpdateExpression: 'SET userCount = if_not_exists(userCount, :zero) + :one',
        ConditionExpression: 'attribute_not_exists(userCount) OR userCount < :limit',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': limit },
      },
    };
  },

  /**
   * Takes memberships away ahead of a write too large for one transaction (functions/embed/provision.ts), under a
   * condition on the memberships read: one scope's list of a live user, or all of an expired user's.
   */
  leaveGroups(
    store: Store,
    target: { account: string; externalId: string },
    change:
      | { scope: { sid: string; seen: string[]; next: string[] } }
      | { whole: { seen: Record<string, string[]>; next: Record<string, string[]>; seenExpiresAt: number } },
  ): TransactItem {
    const key = userKey(target.account, { kind: 'external', externalId: target.externalId });
    if ('scope' in change) {
      return {
        Update: {
          TableName: store.tableName,
          Key: key,
          UpdateExpression: 'SET groups.#gs = :next',
          ConditionExpression: 'groups.#gs = :seen',
          ExpressionAttributeNames: { '#gs': change.scope.sid },
          ExpressionAttributeValues: { ':next': change.scope.next, ':seen': change.scope.seen },
        },
      };
    }
    return {
      Update: {
        TableName: store.tableName,
        Key: key,
        UpdateExpression: 'SET groups = :next',
        ConditionExpression: 'expiresAt = :exp AND groups = :seen',
        ExpressionAttributeValues: {
          ':next': change.whole.next,
          ':seen': change.whole.seen,
          ':exp': change.whole.seenExpiresAt,
        },
      },
    };
  },

  /**
   * Adds to an item on a definition the condition on its pending sweeps (functions/store/sweeps.ts): none, or the
   * list known. A failure returns the item, so provisioning learns the list and which memberships are stale.
   */
  sweepingAware(item: TransactItem, known: readonly string[] | undefined): TransactItem {
    const body = item.Update ?? item.ConditionCheck;
    if (!body) return item;
    const condition = known?.length ? '#sweeping = :sweepingSeen' : 'attribute_not_exists(#sweeping)';
    const shaped = {
      ...body,
      ConditionExpression: body.ConditionExpression
        ? `(${body.ConditionExpression}) AND ${condition}`
        : condition,
      ExpressionAttributeNames: { ...body.ExpressionAttributeNames, '#sweeping': 'sweeping' },
      ...(known?.length
        ? { ExpressionAttributeValues: { ...body.ExpressionAttributeValues, ':sweepingSeen': known } }
        : {}),
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    };
    return item.Update
      ? { Update: shaped as typeof item.Update }
      : { ConditionCheck: shaped as typeof item.ConditionCheck };
  },

  /** The user's write: an update of a live user, or a fresh item, or an ephemeral user made persistent. */
  userWrite(
    store: Store,
    request: UserWrite,
    mode: UserMode,
    renewals: readonly string[] = [],
  ): TransactItem {
    const table = store.tableName;
    const ref: UserRef = { kind: 'external', externalId: request.externalId };
    const key = userKey(request.account, ref);
    const sid = scopeId(request.scope);
    const now = Date.now();
    if (mode.kind === 'create') {
      const expiresAt =
        request.lifetime.kind === 'ephemeral' ? epochSeconds(now) + request.lifetime.ttlSeconds : undefined;
      const item = newUserItem(request.account, ref, {
        ...(request.email !== undefined ? { email: request.email } : {}),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
        ...(request.securityContext !== undefined ? { securityContext: request.securityContext } : {}),
      });
      if (request.groups !== undefined) item.groups = { [sid]: [...new Set(request.groups)] };
      const attrs: Record<string, AttributeValue> = {};
      for (const { name, value } of request.userAttributes ?? []) {
        if (value !== null) attrs[`${sid}/${name}`] = value;
      }
      item.attrs = attrs;
      for (const id of renewals) item[renewalAttribute(id)] = true;
      return {
        Put: {
          TableName: table,
          Item: item,
          ...(mode.seenExpiresAt === undefined
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                // The expired user's memberships leave the counts in this transaction: those read.
                ConditionExpression: 'expiresAt = :seen AND groups = :seenGroups',
                ExpressionAttributeValues: {
                  ':seen': mode.seenExpiresAt,
                  ':seenGroups': mode.seenGroups ?? {},
                },
              }),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      };
    }
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':now': new Date(now).toISOString() };
    const sets = ['updatedAt = :now'];
    const removes: string[] = [];
    if (request.email !== undefined) {
      sets.push('email = :email');
      values[':email'] = request.email;
    }
    if (request.securityContext !== undefined) {
      sets.push('securityContext = :sc');
      values[':sc'] = request.securityContext;
    }
    renewals.forEach((id, i) => {
      names[`#rn${i}`] = renewalAttribute(id);
      sets.push(`#rn${i} = :renewed`);
      values[':renewed'] = true;
    });
    if (request.groups !== undefined) {
      names['#gs'] = sid;
      sets.push('groups.#gs = :groups');
      values[':groups'] = [...new Set(request.groups)];
    }
    (request.userAttributes ?? []).forEach(({ name, value }, i) => {
      names[`#a${i}`] = `${sid}/${name}`;
      if (value === null) removes.push(`attrs.#a${i}`);
      else {
        sets.push(`attrs.#a${i} = :a${i}`);
        values[`:a${i}`] = value;
      }
    });
    let condition: string;
    if (mode.kind === 'convert') {
      removes.push('expiresAt', 'ownerPk', 'ownerSk');
      condition = 'expiresAt = :seen';
      values[':seen'] = mode.seenExpiresAt;
    } else if (request.lifetime.kind === 'persistent') {
      condition = 'attribute_exists(pk) AND attribute_not_exists(expiresAt)';
    } else {
      condition = 'attribute_exists(pk) AND (attribute_not_exists(expiresAt) OR expiresAt > :nowSeconds)';
      values[':nowSeconds'] = epochSeconds(now);
    }
    if (request.groups !== undefined) {
      // The count changes sent with this write are those from the memberships it expects (UserMode).
      if (mode.seenGroups === undefined) condition += ' AND groups.#gs = :groups';
      else if (mode.seenGroups === null) condition += ' AND attribute_not_exists(groups.#gs)';
      else {
        condition += ' AND groups.#gs = :seenGroups';
        values[':seenGroups'] = mode.seenGroups;
      }
    }
    return {
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: condition,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        // A first-time user costs one more round trip, not two: the failed condition returns what is stored.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    };
  },
};
