import type { Store } from '../store/client';
import type { DefinitionKind } from '../store/definitions';
import { type CountChange, groupCounts, membershipDelta } from '../store/group-counts';
import { type Scope, scopeId, scopeOf } from '../store/keys';
import { type Lifetime, provisioningItems, type UserMode } from '../store/provisioning';
import { renewalsOf } from '../store/sweeps';
import { type TransactItem, TransactionCancelled, transact } from '../store/transactions';

/**
 * What provisioning learns about the definitions it names from failed conditions, and the group count changes it
 * derives from that (docs/operating.md, "Group member counts" and "Deleting groups and attributes").
 */
export interface Known {
  /** Count keys of groups deleted while a user left them: no count to change. */
  gone: Set<string>;
  /** Definition key -> the pending sweeps its item lists (`sweeping`), as a failed condition returned it. */
  sweeping: Map<string, string[]>;
}

/** The part of a provisioning request (functions/embed/provision.ts) that decides memberships. */
export interface ProvisionRequest {
  account: { name: string };
  externalId: string;
  scope: Scope;
  groups?: string[];
  userAttributes?: { name: string; value: unknown }[];
  lifetime: Lifetime;
}

export const newKnown = (): Known => ({ gone: new Set(), sweeping: new Map() });

export const countKey = (sid: string, name: string) => `${sid}\u0000${name}`;
export const definitionKey = (kind: DefinitionKind, sid: string, name: string) =>
  `${kind}\u0000${sid}\u0000${name}`;

/** Retries of a write whose memberships a concurrent request changed after they were read. */
export const MAX_MEMBERSHIP_RACES = 30;

/** DynamoDB's limit on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Whether a stored membership or value belongs to a definition deleted since: its item lists a pending sweep the
 * user was not renewed for.
 */
export function isStale(
  known: Known,
  kind: DefinitionKind,
  sid: string,
  name: string,
  renewed: readonly string[],
): boolean {
  return (known.sweeping.get(definitionKey(kind, sid, name)) ?? []).some((id) => !renewed.includes(id));
}

/** The sweeps the user is renewed for by this write: those of every group it joins and attribute it sets. */
export function renewals(request: ProvisionRequest, known: Known): string[] {
  const sid = scopeId(request.scope);
  const ids = new Set<string>();
  for (const name of request.groups ?? []) {
    for (const id of known.sweeping.get(definitionKey('group', sid, name)) ?? []) ids.add(id);
  }
  for (const { name, value } of request.userAttributes ?? []) {
    if (value === null) continue;
    for (const id of known.sweeping.get(definitionKey('attribute', sid, name)) ?? []) ids.add(id);
  }
  return [...ids].sort();
}

const renewedOf = (mode: UserMode): string[] => mode.seenRenewed ?? [];

/**
 * The count changes of a write: the memberships it takes away (per scope) and those it adds in the request's scope.
 * A stale membership (of a deleted group) is in no count, so it neither leaves nor stays.
 */
export function countChanges(
  request: ProvisionRequest,
  mode: UserMode,
  known: Known,
): Map<string, CountChange> {
  const changes = new Map<string, CountChange>();
  const add = (change: CountChange) => {
    const key = countKey(scopeId(change.scope), change.name);
    const delta = (changes.get(key)?.delta ?? 0) + change.delta;
    if (delta === 0) changes.delete(key);
    else changes.set(key, { ...change, delta });
  };
  const renewed = renewedOf(mode);
  const live = (sid: string, names: readonly string[]) =>
    [...new Set(names)].filter((name) => !isStale(known, 'group', sid, name, renewed));
  const next = request.groups === undefined ? undefined : [...new Set(request.groups)];
  if (mode.kind === 'create') {
    // A fresh item: every membership of the expired one it replaces leaves, the request's join.
    for (const [sid, names] of Object.entries(mode.seenGroups ?? {})) {
      for (const name of live(sid, names)) add({ scope: scopeOf(sid), name, delta: -1 });
    }
    for (const name of next ?? []) add({ scope: request.scope, name, delta: 1 });
    return changes;
  }
  // Unknown memberships: the write expects the scope's to be the ones it sets (no change).
  if (next === undefined || mode.seenGroups === undefined) return changes;
  const sid = scopeId(request.scope);
  for (const [name, delta] of membershipDelta(live(sid, mode.seenGroups ?? []), next)) {
    add({ scope: request.scope, name, delta });
  }
  return changes;
}

/**
 * A write that leaves many groups while naming many others can exceed one transaction: up to 90 of the memberships
 * it takes away go first, each with its count, in a transaction conditioned on the memberships read. The state in
 * between is the user in fewer groups, which the request's own write then completes.
 */
export async function leaveFirst(
  store: Store,
  request: ProvisionRequest,
  mode: UserMode,
  known: Known,
): Promise<UserMode> {
  const leaving = [...countChanges(request, mode, known)]
    .filter(([key, change]) => change.delta < 0 && !known.gone.has(key))
    .slice(0, 90);
  const left = new Set(leaving.map(([key]) => key));
  const sid = scopeId(request.scope);
  let next: UserMode;
  let write: TransactItem;
  const target = { account: request.account.name, externalId: request.externalId };
  if (mode.kind === 'create') {
    if (mode.seenExpiresAt === undefined || !mode.seenGroups)
      throw new Error('Nothing to leave for a new user');
    const groups = Object.fromEntries(
      Object.entries(mode.seenGroups).map(([s, names]) => [
        s,
        names.filter((n) => !left.has(countKey(s, n))),
      ]),
    );
    write = provisioningItems.leaveGroups(store, target, {
      whole: { seen: mode.seenGroups, next: groups, seenExpiresAt: mode.seenExpiresAt },
    });
    next = { ...mode, seenGroups: groups };
  } else {
    if (!mode.seenGroups) throw new Error('Nothing to leave without the memberships read');
    const names = mode.seenGroups.filter((n) => !left.has(countKey(sid, n)));
    write = provisioningItems.leaveGroups(store, target, {
      scope: { sid, seen: mode.seenGroups, next: names },
    });
    next = { ...mode, seenGroups: names };
  }
  try {
    await transact(store, [
      write,
      ...leaving.map(([, change]) =>
        provisioningItems.sweepingAware(
          groupCounts.item(store, target.account, change),
          known.sweeping.get(definitionKey('group', scopeId(change.scope), change.name)),
        ),
      ),
    ]);
    return next;
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    // A group deleted meanwhile, or the user changed: start again from what is stored.
    error.reasons.forEach((reason, i) => {
      const entry = leaving[i - 1];
      if (i > 0 && entry && reason.code === 'ConditionalCheckFailed')
        learn(known, 'group', entry[1], reason.item, entry[0]);
    });
    return { kind: 'existing' };
  }
}

/**
 * Learns from a definition item a failed condition returned: a pending sweep list that differs from the one known
 * (true: retry with it), else, for a count change, that the group is gone. A check learns only from a defined item
 * (a tombstone fails it anyway); an upsert, which defines the name again, from a tombstone too.
 */
export function learn(
  known: Known,
  kind: DefinitionKind,
  at: { scope: CountChange['scope']; name: string; upsert?: boolean },
  item: Record<string, unknown> | undefined,
  goneKey?: string,
): boolean {
  const key = definitionKey(kind, scopeId(at.scope), at.name);
  const learnable = item !== undefined && (typeof item.id === 'string' || at.upsert === true);
  const listed = learnable && Array.isArray(item?.sweeping) ? (item.sweeping as string[]).map(String) : [];
  const before = known.sweeping.get(key) ?? [];
  if (learnable && JSON.stringify(listed) !== JSON.stringify(before)) {
    if (listed.length > 0) known.sweeping.set(key, listed);
    else known.sweeping.delete(key);
    return true;
  }
  if (goneKey !== undefined) known.gone.add(goneKey);
  return false;
}

/** The write mode for a stored user (as a failed condition or a read returned it); `create` when absent. */
export function modeFromStored(
  request: ProvisionRequest,
  old: Record<string, unknown> | undefined,
  expired: (expiresAt: number) => boolean,
): UserMode {
  if (!old || !('pk' in old)) return { kind: 'create' };
  const groups = (old.groups ?? {}) as Record<string, string[]>;
  const seenGroups = groups[scopeId(request.scope)] ?? null;
  const seenRenewed = renewalsOf(old);
  const expiresAt = typeof old.expiresAt === 'number' ? old.expiresAt : undefined;
  if (expiresAt === undefined) return { kind: 'existing', seenGroups, seenRenewed };
  if (expired(expiresAt))
    return { kind: 'create', seenExpiresAt: expiresAt, seenGroups: groups, seenRenewed };
  return request.lifetime.kind === 'persistent'
    ? { kind: 'convert', seenExpiresAt: expiresAt, seenGroups, seenRenewed }
    : { kind: 'existing', seenGroups, seenRenewed };
}
