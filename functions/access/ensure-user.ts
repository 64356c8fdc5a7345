import { checkNames, DEFAULT_EPHEMERAL_TTL_SECONDS, provisionUser } from '../embed/provision';
import { ForbiddenError } from '../errors';
import type { Account } from '../store/accounts';
import type { Store } from '../store/client';
import { epochSeconds } from '../store/keys';
import { type AttributeValue, type UserRecord, type UserRef, users } from '../store/users';
import { canonical, type QueryUserContext, queryContext } from './query-context';
import { CONTEXT_FIELDS, type SessionSettings } from './session-settings';

/** The user's part of a caller's identity. */
export interface EnsuredUser {
  user: UserRef;
  /** Stable owner id of threads: `e:<externalId>` or `i:<internalId>`. */
  owner: string;
  query: QueryUserContext;
  /** Epoch seconds when the user (ephemeral) expires; whatever belongs to it (threads) expires with it. */
  expiresAt?: number;
  /** The identity is final and is never written (member keys, internal users). */
  readOnly?: boolean;
}

/**
 * The only writer among the identity steps: makes sure the external user an API key names exists as
 * sessionSettings says (an admin key provisions it; a member key never writes, docs/operating.md) and returns the
 * user's part of the identity. Authentication (identity.ts) has already decided who calls.
 */
export async function ensureExternalUser(
  store: Store,
  account: Account,
  ref: UserRef & { kind: 'external' },
  settings: SessionSettings,
  options: {
    role: 'admin' | 'member';
    /** Check only: nothing is read or written, the context is empty until provisioning. */
    probe: boolean;
    provision: boolean;
    stored?: Promise<UserRecord | undefined>;
  },
): Promise<EnsuredUser> {
  const owner = ownerOf(ref);
  const { externalId } = ref;
  if (options.role !== 'admin') {
    return { ...(await memberIdentity(store, account, ref, settings)), readOnly: true };
  }
  if (options.probe)
    return {
      user: ref,
      owner,
      query: queryContext(undefined, undefined, settings.roles),
    };
  // The warm path: a live user whose stored values are what sessionSettings says is used as read, without the
  // provisioning transaction (one round trip instead of two; docs/operating.md, "Warm-path writes").
  const stored = options.provision
    ? await (options.stored ?? users.get(store, account.name, ref))
    : undefined;
  if (stored && !wouldWrite(stored, settings)) {
    return {
      user: ref,
      owner,
      query: queryContext(stored, settings.securityContext, settings.roles),
      expiresAt: stored.expiresAt,
    };
  }
  if (options.provision) {
    await provisionUser(store, {
      account: account,
      externalId,
      // Absent fields are kept as stored (provisioning reads undefined as "not given").
      email: settings.email,
      scope: { kind: 'tenant' },
      groups: settings.groups,
      userAttributes: settings.userAttributes,
      securityContext: settings.securityContext,
      lifetime:
        settings.isEphemeral === false
          ? { kind: 'persistent' }
          : { kind: 'ephemeral', ttlSeconds: settings.ephemeralTtlSeconds ?? DEFAULT_EPHEMERAL_TTL_SECONDS },
    });
  }
  const user = await users.get(store, account.name, ref);
  if (!user && options.provision) throw new Error(`User ${externalId} vanished right after provisioning`);
  return {
    user: ref,
    owner,
    query: queryContext(user, settings.securityContext, settings.roles),
    expiresAt: user?.expiresAt,
  };
}

/** The fields of sessionSettings that would write a user, in the order they are reported. */
const USER_WRITES = ['email', 'groups', 'userAttributes', 'securityContext'] as const;
/** What a member key may only repeat for a stored user: what would be written, and all that reaches the context. */
const MEMBER_CHECKED = [...new Set([...USER_WRITES, ...CONTEXT_FIELDS])];

/**
 * A member key never writes a user (README, "Who may say who the user is": only an admin key changes a persistent user's groups or
 * attributes). An existing user is used as stored: sessionSettings may repeat what is stored but not change
 * it (403). A user that does not exist is request-scoped: its groups, attributes and security context are
 * checked against the definitions and used for this one request, never stored, so they cannot seed what a
 * later admin call or another session sees.
 */
async function memberIdentity(
  store: Store,
  account: Account,
  ref: UserRef & { kind: 'external' },
  settings: SessionSettings,
): Promise<EnsuredUser> {
  const user = await users.get(store, account.name, ref);
  if (user) {
    const changed: string[] = MEMBER_CHECKED.filter((field) => changes(user, settings, field));
    if (settings.isEphemeral === false && user.expiresAt !== undefined) changed.push('isEphemeral');
    if (changed.length > 0) {
      throw new ForbiddenError(
        `body.sessionSettings: a member API key cannot change an existing user's ${changed.join(', ')} (use an admin key)`,
      );
    }
    return {
      user: ref,
      owner: ownerOf(ref),
      // Exactly what is stored: every context field was checked to repeat it (CONTEXT_FIELDS).
      query: queryContext(user),
      expiresAt: user.expiresAt,
    };
  }
  if (settings.isEphemeral === false) {
    throw new ForbiddenError(
      'body.sessionSettings.isEphemeral: a member API key cannot create persistent users (use an admin key)',
    );
  }
  await checkNames(store, {
    account,
    scope: { kind: 'tenant' },
    groups: settings.groups,
    userAttributes: settings.userAttributes,
  });
  const attributes: Record<string, AttributeValue> = {};
  for (const { name, value } of settings.userAttributes ?? []) {
    if (value !== null) attributes[`*/${name}`] = value;
  }
  const transient: UserRecord = {
    ref,
    groups: { '*': [...new Set(settings.groups ?? [])] },
    attributes,
    createdAt: new Date().toISOString(),
  };
  return {
    user: ref,
    owner: ownerOf(ref),
    query: queryContext(transient, settings.securityContext, settings.roles),
    // Threads of a request-scoped user expire as an ephemeral user's would.
    expiresAt: epochSeconds() + (settings.ephemeralTtlSeconds ?? DEFAULT_EPHEMERAL_TTL_SECONDS),
  };
}

/**
 * Whether one sessionSettings field would change what is stored for the user (null clears a value), or what the
 * stored user's queries see: roles are never stored, so any role is a change.
 */
function changes(
  user: UserRecord,
  settings: SessionSettings,
  field: (typeof MEMBER_CHECKED)[number],
): boolean {
  switch (field) {
    case 'roles':
      return (settings.roles?.length ?? 0) > 0;
    case 'email':
      return settings.email !== undefined && settings.email !== user.email;
    case 'groups': {
      if (settings.groups === undefined) return false;
      const stored = new Set(user.groups['*'] ?? []);
      const wanted = new Set(settings.groups);
      return stored.size !== wanted.size || [...wanted].some((g) => !stored.has(g));
    }
    case 'userAttributes':
      if (settings.userAttributes === undefined) return false;
      return settings.userAttributes.some(
        ({ name, value }) => canonical(value ?? undefined) !== canonical(user.attributes[`*/${name}`]),
      );
    case 'securityContext':
      return (
        settings.securityContext !== undefined &&
        canonical(settings.securityContext) !== canonical(user.securityContext ?? {})
      );
  }
}

/**
 * Whether provisioning would change the stored user: a field sessionSettings sets to another value, or an
 * ephemeral user made persistent. Repeated names are refused by provisioning, so they take that path too.
 */
function wouldWrite(user: UserRecord, settings: SessionSettings): boolean {
  const names = settings.userAttributes?.map((a) => a.name);
  if (names && new Set(names).size !== names.length) return true;
  if (settings.isEphemeral === false && user.expiresAt !== undefined) return true;
  return USER_WRITES.some((field) => changes(user, settings, field));
}

/** Stable owner id of threads: `e:<externalId>` or `i:<internalId>`. */
export const ownerOf = (ref: UserRef): string =>
  ref.kind === 'external' ? `e:${ref.externalId}` : `i:${ref.internalId}`;
