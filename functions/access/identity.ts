import { DEFAULT_EPHEMERAL_TTL_SECONDS } from '../embed/provision';
import { normaliseExternalId, verifyEmbedToken } from '../embed/sessions';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import { type Account, accounts } from '../store/accounts';
import type { Store } from '../store/client';
import { epochSeconds } from '../store/keys';
import type { Credential } from '../store/rate-limits';
import { type UserRecord, type UserRef, users } from '../store/users';
import { authenticateApiKey, parseAuthorization, requireChatPlan } from './auth';
import { verifyCubeToken } from './cube-token';
import { ensureExternalUser, ownerOf } from './ensure-user';
import { type QueryUserContext, queryContext } from './query-context';
import { CONTEXT_FIELDS, type SessionSettings } from './session-settings';

export { ensureExternalUser, ownerOf } from './ensure-user';
export { canonical, type QueryUserContext, queryContext } from './query-context';
export {
  CONTEXT_FIELDS,
  NOT_IN_CONTEXT,
  type SessionSettings,
  sessionSettingsSchema,
} from './session-settings';
export { DEFAULT_EPHEMERAL_TTL_SECONDS };

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
  const { externalId: external, internalId } = settings;
  const notExactlyOne = () =>
    new ValidationError('body.sessionSettings: exactly one of externalId or internalId is required');
  const base = {
    account: caller.account,
    via: 'apiKey' as const,
    credential: { kind: 'key' as const, id: caller.key.keyId },
    allowAi: true,
    ...(settings.timezone ? { timezone: settings.timezone } : {}),
    ...(caller.key.deploymentId !== undefined ? { keyDeploymentId: caller.key.deploymentId } : {}),
  };
  if (internalId !== undefined) {
    if (external !== undefined) throw notExactlyOne();
    for (const field of CONTEXT_FIELDS) {
      if (settings[field] !== undefined) {
        throw new ValidationError(`body.sessionSettings.${field}: not allowed with internalId`);
      }
    }
    const ref: UserRef = { kind: 'internal', internalId };
    const user = await users.get(store, caller.account.name, ref);
    if (!user) throw new NotFoundError('USER', `Internal user ${internalId} not found`);
    return {
      ...base,
      user: ref,
      owner: ownerOf(ref),
      query: queryContext(user),
      readOnly: true,
    };
  }
  if (external === undefined) throw notExactlyOne();
  const externalId = normaliseExternalId(external, 'body.sessionSettings.externalId', {
    noSpaces: options.purpose !== 'sql',
  });
  const ref: UserRef = { kind: 'external', externalId };
  return {
    ...base,
    ...(await ensureExternalUser(store, caller.account, ref, settings, {
      role: caller.key.role,
      probe: options.probe === true,
      provision: options.provision,
      stored: options.stored,
    })),
  };
}

async function fromToken(
  store: Store,
  token: string,
  kind: ResolveOptions['tokenKind'],
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
    query: queryContext(user, session.securityContext, session.roles, session.scope),
    via: 'token',
    credential: { kind: 'token', id: session.sessionId },
    deploymentId: session.deploymentId,
    ...(session.branchName ? { branchName: session.branchName } : {}),
    allowAi: session.allowAi,
    ...(session.timezone ? { timezone: session.timezone } : {}),
    expiresAt: user.expiresAt,
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
      claims.securityContext,
      Array.isArray(claims.securityContext.roles) ? claims.securityContext.roles.map(String) : undefined,
    ),
    // Threads of a user nothing stores live as an ephemeral chat user's do (a week); a stored user's, as long as it.
    expiresAt: user ? user.expiresAt : epochSeconds() + DEFAULT_EPHEMERAL_TTL_SECONDS,
  };
}

/**
 * Whether a probed identity still has to be provisioned (and read) before it can query: an admin key's external
 * user. Internal users and member keys' users are final (`readOnly`), token users are read when resolved.
 */
export const needsProvisioning = (identity: CallerIdentity): boolean =>
  identity.via === 'apiKey' && identity.readOnly !== true;

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
