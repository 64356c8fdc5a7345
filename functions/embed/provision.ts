import {
  AttributeTypeMismatchError,
  ConflictError,
  DefinitionsNotFoundError,
  DuplicateNameError,
  ForbiddenError,
  ValidationError,
} from '../errors';
import { type Account, externalUserLimit } from '../store/accounts';
import type { Store } from '../store/client';
import { type AttributeType, type DefinitionInput, definitions } from '../store/definitions';
import { groupCounts } from '../store/group-counts';
import { isExpired, type Scope, scopeId } from '../store/keys';
import { isItemTooLarge } from '../store/limits';
import { type Lifetime, provisioningItems, type UserMode } from '../store/provisioning';
import type { ShardedCount } from '../store/rate-limits';
import { conflictBackoffMs, type TransactItem, TransactionCancelled, transact } from '../store/transactions';
import { type AttributeValue, users } from '../store/users';
import {
  countChanges,
  countKey,
  definitionKey,
  type Known,
  learn,
  leaveFirst,
  MAX_MEMBERSHIP_RACES,
  MAX_TRANSACTION_ITEMS,
  modeFromStored,
  newKnown,
  renewals,
} from './memberships';

export interface AttributeAssignment {
  name: string;
  /** null clears the value. */
  value: AttributeValue | null;
}

/** One week, the default lifetime of ephemeral users (README, "Chat with the analyst"). */
export const DEFAULT_EPHEMERAL_TTL_SECONDS = 604_800;

/** Everything one request says about an external user, already validated in shape. */
export interface ProvisionRequest {
  account: Account;
  externalId: string;
  email?: string;
  /** Where names resolve and where memberships and values are kept. */
  scope: Scope;
  /** undefined preserves memberships, [] clears them, a list replaces them. */
  groups?: string[];
  userAttributes?: AttributeAssignment[];
  securityContext?: Record<string, unknown>;
  groupDefinitions?: { name: string; description?: string }[];
  attributeDefinitions?: DefinitionInput[];
  lifetime: Lifetime;
  /** Items of the caller's own (deployment check, session, ...) written in the same transaction. */
  extraItems?: TransactItem[];
  /** Turns the failure of extra item i into the error to answer; undefined if that item cannot fail. */
  explainExtra?: (index: number) => Promise<Error | undefined>;
  /** A rate use counted in the same transaction (generate-session's, on a shard of the key's window). */
  rate?: ShardedCount;
}

/** DynamoDB allows 100 items per transaction; these bounds keep every request within it (docs/storage.md). */
export const LIMITS = {
  groups: 40,
  userAttributes: 40,
  groupDefinitions: 40,
  attributeDefinitions: 40,
  names: 90,
};

/** Which attribute types accept a value (an empty array fits both array types; null fits all). */
export function acceptedTypes(value: AttributeValue | null): AttributeType[] {
  if (value === null) return ['string', 'number', 'boolean', 'string_array', 'number_array'];
  if (typeof value === 'string') return ['string'];
  if (typeof value === 'number') return ['number'];
  if (typeof value === 'boolean') return ['boolean'];
  if (value.length === 0) return ['string_array', 'number_array'];
  return typeof value[0] === 'string' ? ['string_array'] : ['number_array'];
}

/** Rejects the first name that appears twice. */
export function rejectDuplicates(field: string, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new DuplicateNameError(field, name);
    seen.add(name);
  }
}

interface Plan {
  items: TransactItem[];
  /** What item i stands for, to explain a cancellation. */
  roles: Role[];
}

type Role =
  | { kind: 'rate' }
  | { kind: 'extra'; index: number }
  | { kind: 'definition'; name: string; definition: 'group' | 'attribute' }
  | { kind: 'groupCheck'; name: string }
  | { kind: 'attributeCheck'; name: string }
  | { kind: 'user' }
  | { kind: 'counter' }
  /** A membership leaving a group's count; its condition fails when the group was deleted. */
  | { kind: 'countDown'; key: string; scope: Scope; name: string };

/** Retries of a transaction cancelled by conflicts with concurrent ones (as `transact` does on its own). */
export const MAX_CONFLICT_RETRIES = 6;

/**
 * Retries a transaction's conflicts: a conflict on the rate's shard moves the count to another shard and
 * retries at once (the other shards are free); any other conflict backs off first. False once retries are spent.
 */
export async function retryConflict(
  cancelled: TransactionCancelled,
  rateIndex: number | undefined,
  rate: ShardedCount | undefined,
  attempt: number,
): Promise<boolean> {
  if (!cancelled.onlyConflicts || attempt >= MAX_CONFLICT_RETRIES) return false;
  const conflicted = cancelled.reasons
    .map((reason, index) => (reason.code === 'TransactionConflict' ? index : -1))
    .filter((index) => index >= 0);
  const onRate = rateIndex !== undefined && conflicted.includes(rateIndex);
  if (onRate) rate?.moveOn();
  if (!onRate || conflicted.length > 1) {
    await new Promise((resolve) => setTimeout(resolve, conflictBackoffMs(attempt)));
  }
  return true;
}

/**
 * Upserts definitions, resolves names, and creates or updates the user, all in one TransactWriteItems on the
 * warm path (an existing user); a first-time user costs one more. A rejected request writes nothing.
 */
export async function provisionUser(store: Store, request: ProvisionRequest): Promise<void> {
  validateLocally(request);
  let mode: UserMode = { kind: 'existing' };
  let conflicts = 0;
  let leaves = 0;
  let races = 0;
  // What failed conditions taught about the definitions named (functions/embed/memberships.ts).
  const known = newKnown();
  for (let attempt = 0; attempt < 5; ) {
    const plan = buildPlan(store, request, mode, known);
    if (plan.items.length > MAX_TRANSACTION_ITEMS && leaves < 10) {
      leaves += 1;
      // Leaving many groups while naming many others: the memberships left go first, in their own transaction.
      mode = await leaveFirst(store, { ...request, account: request.account }, mode, known);
      continue;
    }
    try {
      await transact(store, plan.items, { retryConflicts: false });
      return;
    } catch (error) {
      if (isItemTooLarge(error) || (error instanceof TransactionCancelled && error.itemTooLarge)) {
        throw new ValidationError(
          "userAttributes, securityContext: the user's stored values would exceed DynamoDB's 400 KB item size",
          { cause: error },
        );
      }
      if (!(error instanceof TransactionCancelled)) throw error;
      const rateIndex = plan.roles.findIndex((role) => role.kind === 'rate');
      if (request.rate && error.reasons[rateIndex]?.code === 'ConditionalCheckFailed') {
        // The rate refuses first, as when it was counted before the transaction: 429 once the window is full,
        // else the next attempt counts on a shard with room (each refusal finds one more shard full, so this
        // ends within the shard count).
        await request.rate.refused();
        continue;
      }
      if (await retryConflict(error, rateIndex < 0 ? undefined : rateIndex, request.rate, conflicts)) {
        conflicts += 1;
        continue;
      }
      const next = await explain(store, request, plan, error, mode, known);
      if (next instanceof Error) throw next;
      // Memberships read, then changed by a concurrent request before this write: a race, retried after a
      // backoff within its own budget (many concurrent requests for one user each lose a few).
      const raced = next.kind === mode.kind && next.kind !== 'create' && mode.seenGroups !== undefined;
      mode = next;
      conflicts = 0;
      if (raced && races < MAX_MEMBERSHIP_RACES) {
        races += 1;
        await new Promise((resolve) => setTimeout(resolve, conflictBackoffMs(Math.min(races, 5))));
      } else attempt += 1;
    }
  }
  throw new Error('User provisioning did not settle after 5 attempts');
}

/** What checking names reads of a request: no user, lifetime or caller items. */
type NameCheck = Pick<
  ProvisionRequest,
  'account' | 'scope' | 'groups' | 'userAttributes' | 'groupDefinitions' | 'attributeDefinitions'
>;

function validateLocally(request: NameCheck): void {
  rejectDuplicates(
    'userAttributes',
    (request.userAttributes ?? []).map((a) => a.name),
  );
  rejectDuplicates(
    'groupDefinitions',
    (request.groupDefinitions ?? []).map((d) => d.name),
  );
  rejectDuplicates(
    'userAttributeDefinitions',
    (request.attributeDefinitions ?? []).map((d) => d.name),
  );
  const defined = new Map((request.attributeDefinitions ?? []).map((d) => [d.name, d.type]));
  for (const assignment of request.userAttributes ?? []) {
    const type = defined.get(assignment.name);
    if (type && !acceptedTypes(assignment.value).includes(type)) {
      throw new AttributeTypeMismatchError(assignment.name, type);
    }
  }
}

function buildPlan(store: Store, request: ProvisionRequest, mode: UserMode, known: Known): Plan {
  const { account, scope } = request;
  const sid = scopeId(scope);
  const changes = countChanges(request, mode, known);
  const deltaOf = (name: string) => changes.get(countKey(sid, name))?.delta ?? 0;
  // Every item on a definition also conditions on its pending sweeps (functions/store/sweeps.ts).
  const aware = (item: TransactItem, kind: 'group' | 'attribute', at: Scope, name: string) =>
    provisioningItems.sweepingAware(item, known.sweeping.get(definitionKey(kind, scopeId(at), name)));
  const items: TransactItem[] = [];
  const roles: Role[] = [];
  if (request.rate) {
    items.push(request.rate.item());
    roles.push({ kind: 'rate' });
  }
  (request.extraItems ?? []).forEach((item, index) => {
    items.push(item);
    roles.push({ kind: 'extra', index });
  });
  const now = new Date().toISOString();
  for (const group of request.groupDefinitions ?? []) {
    const delta = deltaOf(group.name);
    items.push(
      aware(
        provisioningItems.definitionUpsert(store, account.name, scope, 'group', group, now, delta),
        'group',
        scope,
        group.name,
      ),
    );
    roles.push({ kind: 'definition', name: group.name, definition: 'group' });
  }
  for (const attribute of request.attributeDefinitions ?? []) {
    items.push(
      aware(
        provisioningItems.definitionUpsert(store, account.name, scope, 'attribute', attribute, now),
        'attribute',
        scope,
        attribute.name,
      ),
    );
    roles.push({ kind: 'definition', name: attribute.name, definition: 'attribute' });
  }
  const definedGroups = new Set((request.groupDefinitions ?? []).map((d) => d.name));
  for (const name of new Set(request.groups ?? [])) {
    if (definedGroups.has(name)) continue;
    // A member joining counts in the same item that checks the group is defined.
    const delta = deltaOf(name);
    items.push(
      aware(
        delta === 0
          ? provisioningItems.groupCheck(store, account.name, scope, name)
          : groupCounts.item(store, account.name, { scope, name, delta }),
        'group',
        scope,
        name,
      ),
    );
    roles.push({ kind: 'groupCheck', name });
  }
  const joined = new Set([...(request.groups ?? []), ...definedGroups]);
  for (const [key, change] of changes) {
    if (change.delta >= 0 || known.gone.has(key)) continue;
    if (scopeId(change.scope) === sid && joined.has(change.name)) continue;
    items.push(aware(groupCounts.item(store, account.name, change), 'group', change.scope, change.name));
    roles.push({ kind: 'countDown', key, scope: change.scope, name: change.name });
  }
  const definedAttributes = new Set((request.attributeDefinitions ?? []).map((d) => d.name));
  for (const assignment of request.userAttributes ?? []) {
    if (definedAttributes.has(assignment.name)) continue;
    items.push(
      aware(
        provisioningItems.attributeCheck(
          store,
          account.name,
          scope,
          assignment.name,
          acceptedTypes(assignment.value),
        ),
        'attribute',
        scope,
        assignment.name,
      ),
    );
    roles.push({ kind: 'attributeCheck', name: assignment.name });
  }
  items.push(
    provisioningItems.userWrite(store, { ...request, account: account.name }, mode, renewals(request, known)),
  );
  roles.push({ kind: 'user' });
  const counts = request.lifetime.kind === 'persistent' && mode.kind !== 'existing';
  if (counts) {
    items.push(provisioningItems.userCount(store, account.name, externalUserLimit(account)));
    roles.push({ kind: 'counter' });
  }
  return { items, roles };
}

/** The definition item a role's transaction item is on, if any. */
function definitionOf(
  role: Role,
  scope: Scope,
): { kind: 'group' | 'attribute'; scope: Scope; name: string; upsert?: boolean } | undefined {
  switch (role.kind) {
    case 'definition':
      return { kind: role.definition, scope, name: role.name, upsert: true };
    case 'groupCheck':
      return { kind: 'group', scope, name: role.name };
    case 'attributeCheck':
      return { kind: 'attribute', scope, name: role.name };
    case 'countDown':
      return { kind: 'group', scope: role.scope, name: role.name };
    default:
      return undefined;
  }
}

/** Decides what a cancellation means: the error to answer, or how to retry the user's write. */
async function explain(
  store: Store,
  request: ProvisionRequest,
  plan: Plan,
  cancelled: TransactionCancelled,
  mode: UserMode,
  known: Known,
): Promise<Error | UserMode> {
  let nameFailure = false;
  let relearn = false;
  let userFailed: { item?: Record<string, unknown> } | undefined;
  const { scope } = request;
  for (const [i, reason] of cancelled.reasons.entries()) {
    if (reason.code !== 'ConditionalCheckFailed') continue;
    const role = plan.roles[i];
    if (!role) continue;
    // A definition deleted and defined again, its sweep pending: learn which sweeps, then retry.
    const on = definitionOf(role, scope);
    if (on && learn(known, on.kind, on, reason.item)) {
      relearn = true;
      continue;
    }
    switch (role.kind) {
      case 'rate':
        break;
      case 'extra': {
        const explained = await request.explainExtra?.(role.index);
        if (explained) return explained;
        break;
      }
      case 'definition': {
        // Failure reasons are read here, off the warm path.
        const stored = await definitions.getAttribute(store, request.account.name, request.scope, role.name);
        return new ConflictError(
          `userAttributeDefinitions: attribute ${role.name} exists with type ${stored?.type ?? 'another type'}: cannot change type`,
          'ATTRIBUTE_TYPE_CONFLICT',
        );
      }
      case 'groupCheck':
      case 'attributeCheck':
        nameFailure = true;
        break;
      case 'user':
        userFailed = reason;
        break;
      case 'countDown':
        known.gone.add(role.key);
        relearn = true;
        break;
      case 'counter':
        return new ForbiddenError(
          `The account has reached its limit of ${externalUserLimit(request.account)} external users`,
          'EXTERNAL_USER_LIMIT_REACHED',
        );
    }
  }
  if (nameFailure) {
    const error = await nameError(store, request);
    if (error) return error;
    // The definitions exist now (created concurrently): try again.
    return { kind: 'existing' };
  }
  if (userFailed) return modeFromStored(request, userFailed.item, (at) => isExpired({ expiresAt: at }));
  if (relearn) {
    // Which memberships are stale depends on the user's renewals: read it once if this write did not.
    if (mode.kind === 'existing' && mode.seenGroups === undefined && known.sweeping.size > 0) {
      const stored = await users.getRaw(store, request.account.name, {
        kind: 'external',
        externalId: request.externalId,
      });
      return modeFromStored(request, stored, (at) => isExpired({ expiresAt: at }));
    }
    return mode;
  }
  // Conflicts that outlasted their retries: one more round of them.
  if (cancelled.onlyConflicts) return mode;
  return cancelled;
}

/**
 * Checks a request's names and values against the stored definitions without writing anything: the same
 * refusals (DUPLICATE_NAME, USER_ATTRIBUTES_NOT_FOUND, GROUPS_NOT_FOUND, ATTRIBUTE_VALUE_TYPE_MISMATCH) as
 * provisioning, for identities that are used for one request and never stored (member keys).
 */
export async function checkNames(store: Store, request: NameCheck): Promise<void> {
  validateLocally(request);
  const error = await nameError(store, request);
  if (error) throw error;
}

/** Reads the referenced definitions to name every missing or mismatched one (error path only). */
async function nameError(store: Store, request: NameCheck): Promise<Error | undefined> {
  const { account, scope } = request;
  const definedAttributes = new Set((request.attributeDefinitions ?? []).map((d) => d.name));
  const definedGroups = new Set((request.groupDefinitions ?? []).map((d) => d.name));
  const assignments = (request.userAttributes ?? []).filter((a) => !definedAttributes.has(a.name));
  const groupNames = [...new Set(request.groups ?? [])].filter((name) => !definedGroups.has(name));
  const foundAttributes = await definitions.getMany(
    store,
    account.name,
    scope,
    'attribute',
    assignments.map((a) => a.name),
  );
  const missingAttributes = assignments.filter((a) => !foundAttributes.has(a.name)).map((a) => a.name);
  if (missingAttributes.length > 0) {
    return new DefinitionsNotFoundError('attribute', missingAttributes);
  }
  const foundGroups = await definitions.getMany(store, account.name, scope, 'group', groupNames);
  const missingGroups = groupNames.filter((name) => !foundGroups.has(name));
  if (missingGroups.length > 0) {
    return new DefinitionsNotFoundError('group', missingGroups);
  }
  for (const assignment of assignments) {
    const type = foundAttributes.get(assignment.name)?.type as AttributeType | undefined;
    if (type && !acceptedTypes(assignment.value).includes(type)) {
      return new AttributeTypeMismatchError(assignment.name, type);
    }
  }
  return undefined;
}
