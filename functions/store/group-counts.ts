import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, queryAll, type Store } from './client';
import { epochSeconds, isExpired, keys, type Scope, scopeId, scopeOf } from './keys';
import { sweeps, withoutStale } from './sweeps';
import { byOwnerIndex } from './table';
import { type TransactItem, TransactionCancelled, transact } from './transactions';

/**
 * Group member counts (docs/operating.md, "Group member counts"). A group item's `userCount` counts the stored users
 * (persistent or ephemeral, expired ones included until they are removed) that hold a membership in it; it is
 * changed in the same transaction as the membership. What the list shows, the live users, is that count minus the
 * members that expired and that DynamoDB has not deleted yet (read from the byOwner index, ordered by expiry).
 */

/** One change of a group's count: +1 a user joined, -1 a user left. */
export interface CountChange {
  scope: Scope;
  name: string;
  delta: number;
}

/** Per group name: +1 joined, -1 left (the names of a scope before and after a write). */
export function membershipDelta(before: readonly string[], after: readonly string[]): Map<string, number> {
  const deltas = new Map<string, number>();
  const old = new Set(before);
  const next = new Set(after);
  for (const name of next) if (!old.has(name)) deltas.set(name, 1);
  for (const name of old) if (!next.has(name)) deltas.set(name, -1);
  return deltas;
}

/** Every membership of a stored user, as count changes of `delta` (a removed user: -1 each). */
export function membershipsOf(item: Record<string, unknown>, delta: number): CountChange[] {
  const groups = (item.groups ?? {}) as Record<string, unknown>;
  const changes: CountChange[] = [];
  for (const [sid, names] of Object.entries(groups)) {
    if (!Array.isArray(names)) continue;
    for (const name of new Set(names.map(String))) changes.push({ scope: scopeOf(sid), name, delta });
  }
  return changes;
}

export const groupCounts = {
  /**
   * The count change of one group inside a transaction. It fails its condition when the group is not defined:
   * for a joined member that is the check that the name resolves; for a leaving one, the group was deleted.
   */
  item(store: Store, account: string, change: CountChange): TransactItem {
    return {
      Update: {
        TableName: store.tableName,
        Key: keys.group(account, change.scope, change.name),
        UpdateExpression: 'ADD userCount :d',
        ConditionExpression: 'attribute_exists(id)',
        ExpressionAttributeValues: { ':d': change.delta },
      },
    };
  },

  /**
   * Per group name, the members of a scope that expired and are still stored (DynamoDB deletes late): the count
   * includes them until they are removed, the list does not. An index read (eventually consistent).
   */
  async expiredMembers(
    store: Store,
    account: string,
    scope: Scope,
    nowMs: number = Date.now(),
  ): Promise<Map<string, number>> {
    const sid = scopeId(scope);
    // Expired means expiresAt <= now: every entry sorted before the next second.
    const bound = keys.expiringUsersBefore(account, epochSeconds(nowMs) + 1);
    const expired = new Map<string, number>();
    let start: Record<string, unknown> | undefined;
    do {
      const out = await store.doc.send(
        new QueryCommand({
          TableName: store.tableName,
          IndexName: byOwnerIndex.name,
          KeyConditionExpression: 'ownerPk = :pk AND ownerSk < :bound',
          FilterExpression: 'attribute_exists(groups.#s)',
          ProjectionExpression: 'groups.#s, expiresAt',
          ExpressionAttributeNames: { '#s': sid },
          ExpressionAttributeValues: { ':pk': bound.ownerPk, ':bound': bound.ownerSk },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        if (!isExpired(item, nowMs)) continue;
        const names = (item.groups as Record<string, unknown> | undefined)?.[sid];
        if (!Array.isArray(names)) continue;
        for (const name of new Set(names.map(String))) expired.set(name, (expired.get(name) ?? 0) + 1);
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return expired;
  },

  /**
   * Takes a removed user's memberships off the counts, once per stream record (`eventId`): a marker item written in
   * the same transaction makes a redelivered record a no-op. Groups deleted since are skipped.
   */
  async retire(store: Store, account: string, item: Record<string, unknown>, eventId: string): Promise<void> {
    // A membership of a deleted group (its sweep pending) is in no count.
    const changes = membershipsOf(withoutStale(item, await sweeps.pending(store, account)), -1);
    // 99 changes and the marker per transaction (DynamoDB's limit is 100 items).
    for (let at = 0, part = 0; at < changes.length; at += 99, part += 1) {
      let pending = changes.slice(at, at + 99);
      for (let attempt = 0; attempt < 5 && pending.length > 0; attempt += 1) {
        const marker: TransactItem = {
          Put: {
            TableName: store.tableName,
            Item: {
              ...keys.streamMark(account, `${eventId}#${part}`),
              kind: 'streamMark',
              // Kept past the stream's 24 hours of retention, then deleted by the TTL.
              expiresAt: epochSeconds() + 3 * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        };
        try {
          await transact(store, [
            marker,
            ...pending.map((change) => groupCounts.item(store, account, change)),
          ]);
          break;
        } catch (error) {
          if (!(error instanceof TransactionCancelled)) throw error;
          if (error.reasons[0]?.code === 'ConditionalCheckFailed') break; // applied before
          const gone = new Set(
            error.reasons.flatMap((reason, i) =>
              i > 0 && reason.code === 'ConditionalCheckFailed' ? [i - 1] : [],
            ),
          );
          if (gone.size === 0) throw error;
          pending = pending.filter((_, i) => !gone.has(i));
        }
      }
    }
  },

  /**
   * Recounts every group of an account from its users and sets `userCount` (the one-time backfill of a deployment
   * that predates the counts; also puts ephemeral users in the expiry index). Run it when no sessions are being
   * minted for the account: a membership written during the recount may be missed until it runs again.
   */
  async recount(store: Store, account: string): Promise<{ groups: number; users: number }> {
    const pk = keys.accountPartition(account);
    const [users, pending] = await Promise.all([
      queryAll(store, { pk, prefix: keys.userPrefix, consistentRead: true }),
      sweeps.pending(store, account),
    ]);
    const counts = new Map<string, number>();
    for (const user of users) {
      // A membership of a deleted group (its sweep pending) counts in no group.
      for (const change of membershipsOf(withoutStale(user, pending), 1)) {
        const key = `${scopeId(change.scope)}\u0000${change.name}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      if (typeof user.expiresAt === 'number' && user.ownerPk === undefined) {
        await store.doc
          .send(
            new UpdateCommand({
              TableName: store.tableName,
              Key: { pk: user.pk, sk: user.sk },
              UpdateExpression: 'SET ownerPk = :opk, ownerSk = :osk',
              ConditionExpression: 'expiresAt = :seen',
              ExpressionAttributeValues: {
                ...prefixed(keys.expiringUser(account, user.expiresAt, String(user.sk))),
                ':seen': user.expiresAt,
              },
            }),
          )
          .catch((error: unknown) => {
            if (!isConditionFailed(error)) throw error;
          });
      }
    }
    const groups = await queryAll(store, { pk, prefix: 'GROUP#', consistentRead: true });
    for (const group of groups) {
      if (typeof group.id !== 'string') continue; // a deleted group's tombstone
      const key = `${String(group.scope)}\u0000${String(group.name)}`;
      await store.doc
        .send(
          new UpdateCommand({
            TableName: store.tableName,
            Key: { pk: group.pk, sk: group.sk },
            UpdateExpression: 'SET userCount = :n',
            ConditionExpression: 'attribute_exists(id)',
            ExpressionAttributeValues: { ':n': counts.get(key) ?? 0 },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailed(error)) throw error;
        });
    }
    return { groups: groups.length, users: users.length };
  },
};

const prefixed = (entry: { ownerPk: string; ownerSk: string }) => ({
  ':opk': entry.ownerPk,
  ':osk': entry.ownerSk,
});
