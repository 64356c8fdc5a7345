import * as z from 'zod';
import { provisionUser } from '../embed/provision';
import { groupsSchema, securityContextSchema, userAttributesSchema } from '../embed/schemas';
import { normaliseExternalId, verifyEmbedToken } from '../embed/sessions';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import { authenticateApiKey, parseAuthorization, requireChatPlan } from '../http/auth';
import { type Account, accounts } from '../store/accounts';
import type { Store } from '../store/client';
import type { Scope } from '../store/keys';
import { type AttributeValue, type UserRecord, type UserRef, users } from '../store/users';

/** One week, the default lifetime of users first seen by the chat or the SQL API (spec §3). */
export const DEFAULT_EPHEMERAL_TTL_SECONDS = 604_800;

/** `sessionSettings` of the chat, abort and SQL API bodies (spec §4.3, contract §6). */
export const sessionSettingsSchema = z.strictObject({
  externalId: z.string().max(1024).optional(),
  internalId: z.string().min(1).max(256).optional(),
  email: z.email().max(320).optional(),
  userAttributes: userAttributesSchema.optional(),
  groups: groupsSchema.optional(),
  roles: z.array(z.string().max(128)).max(40).optional(),
  securityContext: securityContextSchema.optional(),
  isEphemeral: z.boolean().optional(),
  ephemeralTtlSeconds: z.number().int().min(1).max(31_536_000).optional(),
  timezone: z.string().max(64).optional(),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

/** The user a query runs for, as the semantic layer's access policies see it. */
export interface QueryUserContext {
  groups: string[];
  userAttributes: Record<string, AttributeValue>;
  securityContext: Record<string, unknown>;
}

/** Who is calling a chat, abort or SQL request, resolved and provisioned. */
export interface CallerIdentity {
  account: Account;
  user: UserRef;
  /** Stable owner id of threads: `e:<externalId>` or `i:<internalId>`. */
  owner: string;
  query: QueryUserContext;
  via: 'apiKey' | 'token';
  /** Token callers are bound to the deployment (and branch) of their session. */
  deploymentId?: number;
  branchName?: string;
  allowAi: boolean;
  timezone?: string;
  /** An API key limited to one deployment. */
  keyDeploymentId?: number;
  /** Epoch seconds when the user (ephemeral) expires; whatever belongs to it (threads) expires with it. */
  expiresAt?: number;
}

export const ownerOf = (ref: UserRef): string =>
  ref.kind === 'external' ? `e:${ref.externalId}` : `i:${ref.internalId}`;

/** Groups and attribute values visible to queries: tenant-wide, overlaid by the session's embed scope. */
export function queryContext(
  user: UserRecord | undefined,
  scope: Scope,
  securityContext?: Record<string, unknown>,
) {
  const groups = new Set(user?.groups['*'] ?? []);
  const userAttributes: Record<string, AttributeValue> = {};
  const scopes = scope.kind === 'embed' ? ['*', scope.embedTenantName] : ['*'];
  for (const sid of scopes) {
    if (sid !== '*') for (const g of user?.groups[sid] ?? []) groups.add(g);
    for (const [key, value] of Object.entries(user?.attributes ?? {})) {
      if (key.startsWith(`${sid}/`)) userAttributes[key.slice(sid.length + 1)] = value;
    }
  }
  return {
    groups: [...groups].sort(),
    userAttributes,
    securityContext: securityContext ?? user?.securityContext ?? {},
  };
}

interface ResolveOptions {
  /** Chat and abort: external ids must not contain spaces (spec §2.2). */
  purpose: 'chat' | 'abort' | 'sql';
  /** Abort only authenticates: it never provisions or updates the user. */
  provision: boolean;
  /**
   * Authenticate and check everything that can refuse the request without writing: an external Api-Key user is
   * not read (it is provisioned next), so the identity's `query` is empty; internal and token users are read
   * (they must exist), so their identity is final (`needsProvisioning` tells which is which).
   */
  probe?: boolean;
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
  const auth = parseAuthorization(authorization);
  if (auth?.scheme === 'bearer') return fromToken(store, auth.credentials);
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
    allowAi: true,
    ...(settings.timezone ? { timezone: settings.timezone } : {}),
    ...(caller.key.deploymentId !== undefined ? { keyDeploymentId: caller.key.deploymentId } : {}),
  };
  if (hasInternal) {
    for (const field of ['groups', 'userAttributes', 'securityContext', 'roles'] as const) {
      if (settings[field] !== undefined) {
        throw new ValidationError(`body.sessionSettings.${field}: not allowed with internalId`);
      }
    }
    const ref: UserRef = { kind: 'internal', internalId: settings.internalId ?? '' };
    const user = await users.get(store, caller.account.name, ref);
    if (!user) throw new NotFoundError('USER', `Internal user ${settings.internalId} not found`);
    return { ...base, user: ref, owner: ownerOf(ref), query: queryContext(user, { kind: 'tenant' }) };
  }
  const externalId = normaliseExternalId(settings.externalId ?? '', 'body.sessionSettings.externalId', {
    noSpaces: options.purpose !== 'sql',
  });
  const ref: UserRef = { kind: 'external', externalId };
  if (options.probe)
    return { ...base, user: ref, owner: ownerOf(ref), query: queryContext(undefined, { kind: 'tenant' }) };
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
    query: queryContext(user, { kind: 'tenant' }, settings.securityContext),
    ...(user?.expiresAt !== undefined ? { expiresAt: user.expiresAt } : {}),
  };
}

async function fromToken(store: Store, token: string): Promise<CallerIdentity> {
  const session = await verifyEmbedToken(store, token);
  const account = await accounts.get(store, session.account);
  if (!account) throw new UnauthorizedError('Invalid embed token');
  requireChatPlan(account);
  const user = await users.get(store, account.name, session.user);
  if (!user) throw new UnauthorizedError('The user of this embed token no longer exists');
  return {
    account,
    user: session.user,
    owner: ownerOf(session.user),
    query: queryContext(user, session.scope, session.securityContext),
    via: 'token',
    deploymentId: session.deploymentId,
    ...(session.branchName ? { branchName: session.branchName } : {}),
    allowAi: session.allowAi,
    ...(session.timezone ? { timezone: session.timezone } : {}),
    ...(user.expiresAt !== undefined ? { expiresAt: user.expiresAt } : {}),
  };
}

/** Whether a probed identity still has to be provisioned (and read) before it can query: external Api-Key users. */
export const needsProvisioning = (identity: CallerIdentity): boolean =>
  identity.via === 'apiKey' && identity.user.kind === 'external';

/** Chat refuses tokens minted with `settings.allowAi: false`. */
export function requireAi(identity: CallerIdentity): void {
  if (!identity.allowAi)
    throw new ForbiddenError('AI chat is disabled for this session (settings.allowAi is false)');
}
