import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, type Store } from './client';
import type { DefinitionKind } from './definitions';
import { keys, type Scope, scopeId, scopeOf } from './keys';
import { type TransactItem, TransactionCancelled, transact } from './transactions';

/**
 * Deleting a definition that users still hold (docs/operating.md, "Deleting groups and attributes"). The DELETE is
 * one transaction: the definition item becomes a tombstone (no id: it no longer resolves, and an upsert defines the
 * name again with a new id) that lists the pending sweep in `sweeping`; a sweep job item records where the sweep is;
 * the account's `SWEEPS` item lists the pending sweeps, read beside every user so that a membership or value the
 * sweep has not removed yet is not seen. A write that names the definition again while its sweep is pending finds
 * `sweeping` on the item it checks, and marks the user renewed for those sweeps (a `renewed#<id>` attribute per
 * sweep, top-level so that any user item can take one in an update): what it wrote is the new
 * definition's, and the sweep keeps it. The sweep itself goes through the account's users in bounded batches
 * (functions/embed/sweep.ts runs them), recording its position after each, so it resumes where it stopped.
 */

/** A pending sweep: what it removes. Keyed by the deleted definition's id (unique, never reused). */
export interface PendingSweep {
  scope: string;
  kind: DefinitionKind;
  name: string;
}
export type PendingSweeps = Record<string, PendingSweep>;

/** The user attribute that says a user was written again after the delete whose sweep has this id. */
export const renewalAttribute = (id: string): string => `renewed#${id}`;

/** The sweeps a stored user was renewed for. */
export const renewalsOf = (user: Record<string, unknown>): string[] =>
  Object.keys(user)
    .filter((key) => key.startsWith('renewed#'))
    .map((key) => key.slice('renewed#'.length));

export interface SweepJob extends PendingSweep {
  id: string;
  account: string;
  /** The last user key the sweep finished; absent before its first batch. */
  cursor?: Record<string, unknown>;
  /** Users changed so far. */
  changed: number;
}

const SUMMARY_FIELDS = new Set(['pk', 'sk', 'kind']);

/** Whether a stored user's membership (group) or value (attribute) belongs to a definition deleted since. */
export function isStale(
  user: Record<string, unknown>,
  pending: PendingSweeps,
  sid: string,
  kind: DefinitionKind,
  name: string,
): boolean {
  return Object.entries(pending).some(
    ([id, sweep]) =>
      sweep.scope === sid && sweep.kind === kind && sweep.name === name && !user[renewalAttribute(id)],
  );
}

/** The user item as the pending sweeps leave it: stale memberships and values left out. */
export function withoutStale(item: Record<string, unknown>, pending: PendingSweeps): Record<string, unknown> {
  if (Object.keys(pending).length === 0) return item;
  const groups = Object.fromEntries(
    Object.entries((item.groups ?? {}) as Record<string, string[]>).map(([sid, names]) => [
      sid,
      names.filter((name) => !isStale(item, pending, sid, 'group', name)),
    ]),
  );
  const attrs = Object.fromEntries(
    Object.entries((item.attrs ?? {}) as Record<string, unknown>).filter(([key]) => {
      const at = key.indexOf('/');
      return !isStale(item, pending, key.slice(0, at), 'attribute', key.slice(at + 1));
    }),
  );
  return { ...item, groups, attrs };
}

const definitionKey = (account: string, scope: Scope, kind: DefinitionKind, name: string) =>
  kind === 'group' ? keys.group(account, scope, name) : keys.attribute(account, scope, name);

/** The fields a tombstone drops: all a definition has but its key and pending sweeps. */
const DEFINITION_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'description',
  'displayName',
  'defaultValue',
  'type',
  'userCount',
  'name',
  'scope',
  'kind',
];

export const sweeps = {
  /** The account's pending sweeps (one small item; absent when none), read beside every user. */
  async pending(store: Store, account: string): Promise<PendingSweeps> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.sweeps(account), ConsistentRead: true }),
    );
    const pending: PendingSweeps = {};
    for (const [id, value] of Object.entries(out.Item ?? {})) {
      if (!SUMMARY_FIELDS.has(id) && value && typeof value === 'object') pending[id] = value as PendingSweep;
    }
    return pending;
  },

  /**
   * Deletes a definition by id, in one transaction with its sweep's job and its entry in the pending sweeps. The
   * name, or undefined when no definition of that scope has this id.
   */
  async start(
    store: Store,
    account: string,
    scope: Scope,
    kind: DefinitionKind,
    id: string,
    name: string,
  ): Promise<string | undefined> {
    const names = Object.fromEntries(DEFINITION_FIELDS.map((field, i) => [`#f${i}`, field]));
    const entry: PendingSweep = { scope: scopeId(scope), kind, name };
    const items: TransactItem[] = [
      {
        Update: {
          TableName: store.tableName,
          Key: definitionKey(account, scope, kind, name),
          UpdateExpression: `SET sweeping = list_append(if_not_exists(sweeping, :none), :ids) REMOVE ${Object.keys(names).join(', ')}`,
          ConditionExpression: '#f0 = :id',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':id': id, ':ids': [id], ':none': [] },
        },
      },
      {
        Put: {
          TableName: store.tableName,
          Item: { ...keys.sweepJob(account, id), account, id, ...entry, changed: 0 },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: store.tableName,
          Key: keys.sweeps(account),
          UpdateExpression: 'SET #id = :entry, kind = :kind',
          ExpressionAttributeNames: { '#id': id },
          ExpressionAttributeValues: { ':entry': entry, ':kind': 'sweeps' },
        },
      },
    ];
    try {
      await transact(store, items);
      return name;
    } catch (error) {
      if (error instanceof TransactionCancelled && error.reasons[0]?.code === 'ConditionalCheckFailed') {
        return undefined;
      }
      throw error;
    }
  },

  async job(store: Store, account: string, id: string): Promise<SweepJob | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.sweepJob(account, id), ConsistentRead: true }),
    );
    return out.Item ? (out.Item as unknown as SweepJob) : undefined;
  },

  /** Every pending job of an account (the operator's view, and `sweep resume`). */
  async jobs(store: Store, account: string): Promise<SweepJob[]> {
    const out = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.accountPartition(account), ':prefix': keys.sweepJobPrefix },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []) as unknown as SweepJob[];
  },

  /**
   * One page of the account's users from the job's position: those that may hold what the sweep removes (or a
   * renewal mark of it). `limit` bounds the users read.
   */
  async page(
    store: Store,
    job: SweepJob,
    limit: number,
  ): Promise<{ users: Record<string, unknown>[]; next?: Record<string, unknown> }> {
    const names: Record<string, string> = { '#r': renewalAttribute(job.id) };
    let filter: string;
    const values: Record<string, unknown> = {
      ':pk': keys.accountPartition(job.account),
      ':prefix': keys.userPrefix,
    };
    if (job.kind === 'group') {
      names['#s'] = job.scope;
      values[':name'] = job.name;
      filter = 'contains(groups.#s, :name) OR attribute_exists(#r)';
    } else {
      names['#a'] = `${job.scope}/${job.name}`;
      filter = 'attribute_exists(attrs.#a) OR attribute_exists(#r)';
    }
    const out = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: filter,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ExclusiveStartKey: job.cursor,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return { users: out.Items ?? [], ...(out.LastEvaluatedKey ? { next: out.LastEvaluatedKey } : {}) };
  },

  /**
   * Removes what the sweep removes from one user, or only its renewal mark when the user was written again after
   * the delete (what it holds is the new definition's). Conditioned on what was read; re-read on a race.
   */
  async cleanUser(store: Store, job: SweepJob, key: { pk: string; sk: string }): Promise<boolean> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const out = await store.doc.send(
        new GetCommand({ TableName: store.tableName, Key: key, ConsistentRead: true }),
      );
      const user = out.Item;
      if (!user) return false;
      const renewed = Boolean(user[renewalAttribute(job.id)]);
      const current = ((user.groups ?? {}) as Record<string, string[]>)[job.scope];
      const attrKey = `${job.scope}/${job.name}`;
      let update: {
        expression: string;
        condition: string;
        names: Record<string, string>;
        values?: Record<string, unknown>;
      };
      if (renewed) {
        update = {
          expression: 'REMOVE #r',
          condition: 'attribute_exists(#r)',
          names: { '#r': renewalAttribute(job.id) },
        };
      } else if (job.kind === 'group') {
        if (!current?.includes(job.name)) return false;
        update = {
          expression: 'SET groups.#s = :next',
          condition: 'groups.#s = :current AND attribute_not_exists(#r)',
          names: { '#s': job.scope, '#r': renewalAttribute(job.id) },
          values: { ':next': current.filter((name) => name !== job.name), ':current': current },
        };
      } else {
        if (!(attrKey in ((user.attrs ?? {}) as Record<string, unknown>))) return false;
        update = {
          expression: 'REMOVE attrs.#a',
          condition: 'attribute_exists(attrs.#a) AND attribute_not_exists(#r)',
          names: { '#a': attrKey, '#r': renewalAttribute(job.id) },
        };
      }
      try {
        await store.doc.send(
          new UpdateCommand({
            TableName: store.tableName,
            Key: key,
            UpdateExpression: update.expression,
            ConditionExpression: update.condition,
            ExpressionAttributeNames: update.names,
            ...(update.values ? { ExpressionAttributeValues: update.values } : {}),
          }),
        );
        return true;
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }
    throw new Error(`Sweep ${job.id}: user ${key.sk} kept changing; the batch is retried`);
  },

  /** Records the position after a batch; false when another run moved it first (that run goes on). */
  async advance(
    store: Store,
    job: SweepJob,
    next: Record<string, unknown>,
    changed: number,
  ): Promise<boolean> {
    try {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.sweepJob(job.account, job.id),
          UpdateExpression: 'SET #c = :next, changed = changed + :n',
          ConditionExpression: job.cursor === undefined ? 'attribute_not_exists(#c)' : '#c = :seen',
          ExpressionAttributeNames: { '#c': 'cursor' },
          ExpressionAttributeValues: {
            ':next': next,
            ':n': changed,
            ...(job.cursor === undefined ? {} : { ':seen': job.cursor }),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /**
   * Ends a sweep that went through every user: the job, its pending entry and its mention in the definition item
   * go in one transaction (a tombstone with nothing left pending goes too).
   */
  async finish(store: Store, job: SweepJob): Promise<void> {
    const scope = scopeOf(job.scope);
    const defKey = definitionKey(job.account, scope, job.kind, job.name);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const out = await store.doc.send(
        new GetCommand({ TableName: store.tableName, Key: defKey, ConsistentRead: true }),
      );
      const sweeping = (out.Item?.sweeping ?? []) as string[];
      const at = sweeping.indexOf(job.id);
      const items: TransactItem[] = [
        {
          Delete: {
            TableName: store.tableName,
            Key: keys.sweepJob(job.account, job.id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Update: {
            TableName: store.tableName,
            Key: keys.sweeps(job.account),
            UpdateExpression: 'REMOVE #id',
            ExpressionAttributeNames: { '#id': job.id },
          },
        },
      ];
      if (at >= 0 && out.Item) {
        const last = sweeping.length === 1;
        if (last && out.Item.id === undefined) {
          items.push({
            Delete: {
              TableName: store.tableName,
              Key: defKey,
              ConditionExpression: 'sweeping = :seen AND attribute_not_exists(id)',
              ExpressionAttributeValues: { ':seen': sweeping },
            },
          });
        } else {
          items.push({
            Update: {
              TableName: store.tableName,
              Key: defKey,
              UpdateExpression: last ? 'REMOVE sweeping' : `REMOVE sweeping[${at}]`,
              ConditionExpression: 'sweeping = :seen',
              ExpressionAttributeValues: { ':seen': sweeping },
            },
          });
        }
      }
      try {
        await transact(store, items);
        return;
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        // Finished by another run; or the definition item changed (defined again, deleted again): read it again.
        if (error.reasons[0]?.code === 'ConditionalCheckFailed') return;
      }
    }
    throw new Error(`Sweep ${job.id}: the definition kept changing while the sweep finished`);
  },
};
