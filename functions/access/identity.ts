import { emailSchema } from '../embed/email';
import { checkNames, DEFAULT_EPHEMERAL_TTL_SECONDS, provisionUser } from '../embed/provision';
import { groupsSchema, rolesSchema, securityContextSchema, userAttributesSchema } from '../embed/schemas';
import { normaliseExternalId, verifyEmbedToken } from '../embed/sessions';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import { type Account, accounts } from '../store/accounts';
import type { Store } from '../store/client';
import { epochSeconds, type Scope } from '../store/keys';
import type { Credential } from '../store/rate-limits';
import { type AttributeValue, type UserRecord, type UserRef, users } from '../store/users';
import * as z from '../zod';
import { nullAsAbsent } from '../zod';
import { authenticateApiKey, parseAuthorization, requireChatPlan } from './auth';
import { verifyCubeToken } from './cube-token';

export { DEFAULT_EPHEMERAL_TTL_SECONDS };

/** `sessionSettings` of the chat, abort and SQL API bodies (README, "Chat with the analyst"). */
export const sessionSettingsSchema = z.strictObject({
  externalId: nullAsAbsent(z.string().check(z.maxLength(1024))),
  internalId: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(256))),
  email: nullAsAbsent(emailSchema),
  userAttributes: nullAsAbsent(userAttributesSchema),
  groups: nullAsAbsent(groupsSchema),
  roles: nullAsAbsent(rolesSchema),
  securityContext: nullAsAbsent(securityContextSchema),
  isEphemeral: nullAsAbsent(z.boolean()),
  ephemeralTtlSeconds: nullAsAbsent(z.int().check(z.minimum(1), z.maximum(31_536_000))),
  timezone: nullAsAbsent(z.string().check(z.maxLength(64))),
  /** Cube's SessionSettingsDto field; this service has no published dashboards, so it selects nothing. */
  publicDashboardId: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(256))),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

/**
 * The sessionSettings fields that reach the query context (queryContext): the one list every rule about who may
 * set them reads (internal users may set none; a member key may only repeat what is stored). A field added to
 * sessionSettingsSchema must be listed here or in NOT_IN_CONTEXT (test/query/hardening.test.ts checks both).
 */
export const CONTEXT_FIELDS = ['groups', 'roles', 'userAttributes', 'securityContext'] as const;
/** The sessionSettings fields that never reach the query context. */
export const NOT_IN_CONTEXT = [
  'externalId',
  'internalId',
  'email',
  'isEphemeral',
  'ephemeralTtlSeconds',
  'timezone',
  'publicDashboardId',
] as const;

/** The user a query runs for, as the semantic layer's access policies see it. */
export interface QueryUserContext {
  groups: string[];
  userAttributes: Record<string, AttributeValue>;
  securityContext: Record<string, unknown>;
  /** The session's embed-tenant (creator mode) groups and values, kept apart from tenant-wide names. */
  embed?: { groups: string[]; userAttributes: Record<string, AttributeValue> };
  /** Cube's roles of the session: matched by access policies' `role`. */
  roles?: string[];
}

/** Who is calling a chat, abort or SQL request, resolved and provisioned. */
export interface CallerIdentity {
  account: Account;
  user: UserRef;
  /** Stable owner id of threads: `e:<externalId>` or `i:<internalId>`. */
  owner: string;
  query: QueryUserContext;
  via: 'apiKey' | 'token';
  /** What rate limits count: the API key or the embed token's session. */
  credential: Credential;
  /** Token callers are bound to the deployment (and branch) of their session. */
  deploymentId?: number;
  branchName?: string;
  allowAi: boolean;
  timezone?: string;
  /** An API key limited to one deployment. */
  keyDeploymentId?: number;
  /** Epoch seconds when the user (ephemeral) expires; whatever belongs to it (threads) expires with it. */
  expiresAt?: number;
  /** The identity is final and is never written (member keys, internal users). */
  readOnly?: boolean;
}

export const ownerOf = (ref: UserRef): string =>
  ref.kind === 'external' ? `e:${ref.externalId}` : `i:${ref.internalId}`;

/**
 * Groups and attribute values visible to queries. Tenant-wide ones keep their names; those of the session's
 * embed tenant (creator mode) travel apart in `embed`, so a tenant-wide policy never matches a scoped name
 * (docs/data-model.md, "Embed-tenant groups and attributes").
 */
export function queryContext(
  user: UserRecord | undefined,
  scope: Scope,
  securityContext?: Record<string, unknown>,
  roles?: readonly string[],
): QueryUserContext {
  const valuesOf = (sid: string): Record<string, AttributeValue> => {
    const values: Record<string, AttributeValue> = {};
    for (const [key, value] of Object.entries(user?.attributes ?? {})) {
      if (key.startsWith(`${sid}/`)) values[key.slice(sid.length + 1)] = value;
    }
    return values;
  };
  const context: QueryUserContext = {
    groups: [...new Set(user?.groups['*'] ?? [])].sort(),
    userAttributes: valuesOf('*'),
    securityContext: securityContext ?? user?.securityContext ?? {},
    ...(roles && roles.length > 0 ? { roles: [...new Set(roles)].sort() } : {}),
  };
  if (scope.kind === 'embed') {
    context.embed = {
      groups: [...new Set(user?.groups[scope.embedTenantName] ?? [])].sort(),
      userAttributes: valuesOf(scope.embedTenantName),
    };
  }
  return context;
}

interface ResolveOptions {
  /** Chat and abort: external ids must not contain spaces (README, "Mint a session for one of your customers"). */
  purpose: 'chat' | 'abort' | 'sql';
  /** Abort only authenticates: it never provisions or updates the user. */
  provision: boolean;
  /**
   * Authenticate and check everything that can refuse the request without writing: an external Api-Key user is
   * not read (it is provisioned next), so the identity's `query` is empty; internal and token users are read
   * (they must exist), so their identity is final (`needsProvisioning` tells which is which).
   */
  probe?: boolean;
  /** The user's stored item, already being read (`prefetchUser`), so the read overlaps the rate count. */
  stored?: Promise<UserRecord | undefined>;
  /** Which bearer tokens are accepted: embed tokens, or Cube API tokens (`/cubejs-api/v1/cubesql` only). */
  tokenKind?: 'embed' | 'cubeApi';
  /** A Cube token (`X-Cube-Auth-Token`) for the deployment of the chat's agent, in place of `Authorization`. */
  cubeToken?: { token: string; account: string; deploymentId: number };
}

/**
 * Resolves `Authorization` (Api-Key plus sessionSettings, or Bearer embed token) to the calling user, applying
 * the plan gate and, for Api-Key callers, provisioning the user exactly as generate-session does (ephemeral by
 * default). Shared by chat, abort and the SQL API so all three resolve users identically.
 */
export async function resolveIdentity(
  store: Store,
  authorization: string | undefined,
  settings: SessionSettings | undefined,
  options: ResolveOptions,
): Promise<CallerIdentity> {
  if (options.cubeToken && authorization === undefined)
    return fromCubeToken(store, options.cubeToken, options);
  const auth = parseAuthorization(authorization);
  if (auth?.scheme === 'bearer') return fromToken(store, auth.credentials, options.tokenKind);
  if (auth?.scheme !== 'api-key') {
    throw new UnauthorizedError(
      'Missing or invalid Authorization header (expected Api-Key <key> or Bearer <token>)',
    );
  }
  const caller = await authenticateApiKey(store, auth.credentials);
  requireChatPlan(caller.account);
  if (!settings) throw new ValidationError('body.sessionSettings: required with an API key');
  const hasExternal = settings.externalId !== undefined;
  const hasInternal = settings.internalId !== undefined;
  if (hasExternal === hasInternal) {
    throw new ValidationError('body.sessionSettings: exactly one of externalId or internalId is required');
  }
  const base = {
    account: caller.account,
    via: 'apiKey' as const,
    credential: { kind: 'key' as const, id: caller.key.keyId },
    allowAi: true,
    ...(settings.timezone ? { timezone: settings.timezone } : {}),
    ...(caller.key.deploymentId !== undefined ? { keyDeploymentId: caller.key.deploymentId } : {}),
  };
  if (hasInternal) {
    for (const field of CONTEXT_FIELDS) {
      if (settings[field] !== undefined) {
        throw new ValidationError(`body.sessionSettings.${field}: not allowed with internalId`);
      }
    }
    const ref: UserRef = { kind: 'internal', internalId: settings.internalId ?? '' };
    const user = await users.get(store, caller.account.name, ref);
    if (!user) throw new NotFoundError('USER', `Internal user ${settings.internalId} not found`);
    return {
      ...base,
      user: ref,
      owner: ownerOf(ref),
      query: queryContext(user, { kind: 'tenant' }),
      readOnly: true,
    };
  }
  const externalId = normaliseExternalId(settings.externalId ?? '', 'body.sessionSettings.externalId', {
    noSpaces: options.purpose !== 'sql',
  });
  const ref: UserRef = { kind: 'external', externalId };
  if (caller.key.role !== 'admin') {
    return { ...base, ...(await memberIdentity(store, caller.account, ref, settings)), readOnly: true };
  }
  if (options.probe)
    return {
      ...base,
      user: ref,
      owner: ownerOf(ref),
      query: queryContext(undefined, { kind: 'tenant' }, undefined, settings.roles),
    };
  // The warm path: a live user whose stored values are what sessionSettings says is used as read, without the
  // provisioning transaction (one round trip instead of two; docs/operating.md, "Warm-path writes").
  const stored = options.provision
    ? await (options.stored ?? users.get(store, caller.account.name, ref))
    : undefined;
  if (stored && !wouldWrite(stored, settings)) {
    return {
      ...base,
      user: ref,
      owner: ownerOf(ref),
      query: queryContext(stored, { kind: 'tenant' }, settings.securityContext, settings.roles),
      ...(stored.expiresAt !== undefined ? { expiresAt: stored.expiresAt } : {}),
    };
  }
  if (options.provision) {
    await provisionUser(store, {
      account: caller.account,
      externalId,
      ...(settings.email !== undefined ? { email: settings.email } : {}),
      scope: { kind: 'tenant' },
      ...(settings.groups !== undefined ? { groups: settings.groups } : {}),
      ...(settings.userAttributes !== undefined ? { userAttributes: settings.userAttributes } : {}),
      ...(settings.securityContext !== undefined ? { securityContext: settings.securityContext } : {}),
      lifetime:
        settings.isEphemeral === false
          ? { kind: 'persistent' }
          : { kind: 'ephemeral', ttlSeconds: settings.ephemeralTtlSeconds ?? DEFAULT_EPHEMERAL_TTL_SECONDS },
    });
  }
  const user = await users.get(store, caller.account.name, ref);
  if (!user && options.provision) throw new Error(`User ${externalId} vanished right after provisioning`);
  return {
    ...base,
    user: ref,
    owner: ownerOf(ref),
    query: queryContext(user, { kind: 'tenant' }, settings.securityContext, settings.roles),
    ...(user?.expiresAt !== undefined ? { expiresAt: user.expiresAt } : {}),
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
): Promise<Pick<CallerIdentity, 'user' | 'owner' | 'query' | 'expiresAt'>> {
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
      query: queryContext(user, { kind: 'tenant' }),
      ...(user.expiresAt !== undefined ? { expiresAt: user.expiresAt } : {}),
    };
  }
  if (settings.isEphemeral === false) {
    throw new ForbiddenError(
      'body.sessionSettings.isEphemeral: a member API key cannot create persistent users (use an admin key)',
    );
  }
  await checkNames(store, {
    account,
    externalId: ref.externalId,
    scope: { kind: 'tenant' },
    ...(settings.groups !== undefined ? { groups: settings.groups } : {}),
    ...(settings.userAttributes !== undefined ? { userAttributes: settings.userAttributes } : {}),
    lifetime: {
      kind: 'ephemeral',
      ttlSeconds: settings.ephemeralTtlSeconds ?? DEFAULT_EPHEMERAL_TTL_SECONDS,
    },
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
    query: queryContext(transient, { kind: 'tenant' }, settings.securityContext, settings.roles),
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
      return (settings.userAttributes ?? []).some(
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
  const names = (settings.userAttributes ?? []).map((a) => a.name);
  if (new Set(names).size !== names.length) return true;
  if (settings.isEphemeral === false && user.expiresAt !== undefined) return true;
  return USER_WRITES.some((field) => changes(user, settings, field));
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
export function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

async function fromToken(
  store: Store,
  token: string,
  kind: 'embed' | 'cubeApi' = 'embed',
): Promise<CallerIdentity> {
  const session = await verifyEmbedToken(store, token, kind);
  const account = await accounts.get(store, session.account);
  if (!account) throw new UnauthorizedError('Invalid embed token');
  requireChatPlan(account);
  const user = await users.get(store, account.name, session.user);
  if (!user) throw new UnauthorizedError('The user of this embed token no longer exists');
  return {
    account,
    user: session.user,
    owner: ownerOf(session.user),
    query: queryContext(user, session.scope, session.securityContext, session.roles),
    via: 'token',
    credential: { kind: 'token', id: session.sessionId },
    deploymentId: session.deploymentId,
    ...(session.branchName ? { branchName: session.branchName } : {}),
    allowAi: session.allowAi,
    ...(session.timezone ? { timezone: session.timezone } : {}),
    ...(user.expiresAt !== undefined ? { expiresAt: user.expiresAt } : {}),
  };
}

/**
 * A Cube token's user: an external user of the token's account, bound to the deployment the token was verified
 * for, whose security context is the token's claims. Nothing is written: the token is the whole identity (groups
 * and attribute values are those stored for the user, when generate-session or the chat made one). The rate is
 * counted per deployment and user.
 */
async function fromCubeToken(
  store: Store,
  cube: NonNullable<ResolveOptions['cubeToken']>,
  options: ResolveOptions,
): Promise<CallerIdentity> {
  const account = await accounts.get(store, cube.account);
  // An account that does not exist has no deployment whose secret could have signed the token.
  if (!account) throw new UnauthorizedError('Invalid Cube token: unknown account');
  const claims = await verifyCubeToken(store, cube.token, {
    account: account.name,
    deploymentId: cube.deploymentId,
  });
  requireChatPlan(account);
  const ref: UserRef = {
    kind: 'external',
    externalId: normaliseExternalId(claims.externalId, 'X-Cube-Auth-Token externalId', {
      noSpaces: options.purpose !== 'sql',
    }),
  };
  const base = {
    account,
    user: ref,
    owner: ownerOf(ref),
    via: 'token' as const,
    credential: { kind: 'token' as const, id: `cube:${cube.deploymentId}:${ref.externalId}` },
    deploymentId: cube.deploymentId,
    allowAi: true,
  };
  const user = await users.get(store, account.name, ref);
  return {
    ...base,
    query: queryContext(
      user,
      { kind: 'tenant' },
      claims.securityContext,
      Array.isArray(claims.securityContext.roles) ? claims.securityContext.roles.map(String) : undefined,
    ),
    // Threads of a user nothing stores live as an ephemeral chat user's do (a week); a stored user's, as long as it.
    ...(user
      ? user.expiresAt !== undefined
        ? { expiresAt: user.expiresAt }
        : {}
      : { expiresAt: epochSeconds() + DEFAULT_EPHEMERAL_TTL_SECONDS }),
  };
}

/** Whether a probed identity still has to be provisioned (and read) before it can query: external Api-Key users. */
export const needsProvisioning = (identity: CallerIdentity): boolean =>
  identity.via === 'apiKey' && identity.user.kind === 'external' && identity.readOnly !== true;

/**
 * Starts reading the user a probed identity will provision, so the read runs beside the rate count instead of
 * after it (a read writes nothing, so a refused request still writes nothing). A failed read counts as absent:
 * provisioning then writes and reads for itself.
 */
export function prefetchUser(
  store: Store,
  probe: CallerIdentity,
): Promise<UserRecord | undefined> | undefined {
  if (!needsProvisioning(probe)) return undefined;
  return users.get(store, probe.account.name, probe.user).catch(() => undefined);
}

/** Chat refuses tokens minted with `settings.allowAi: false`. */
export function requireAi(identity: CallerIdentity): void {
  if (!identity.allowAi)
    throw new ForbiddenError('AI chat is disabled for this session (settings.allowAi is false)');
}
