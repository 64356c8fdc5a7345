import { randomBytes } from 'node:crypto';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import type { ExchangedSession } from '../protocol';
import type { Account } from '../store/accounts';
import type { ApiKeyRecord } from '../store/api-keys';
import type { Store } from '../store/client';
import { deployments } from '../store/deployments';
import { embedTenants } from '../store/embed-tenants';
import { epochSeconds, type Scope } from '../store/keys';
import { type ShardedCount, shardedCount } from '../store/rate-limits';
import { type SessionRecord, sessions } from '../store/sessions';
import { type TransactItem, TransactionCancelled, transact } from '../store/transactions';
import { scopedView, type UserRef, users } from '../store/users';
import { DEFAULT_EPHEMERAL_TTL_SECONDS, provisionUser, retryConflict } from './provision';
import type { GenerateSessionBody } from './schemas';
import {
  cubeApiTokenSecret,
  embedTokenSecret,
  signEmbedToken,
  TOKEN_ISSUER,
  verifyEmbedTokenSignature,
} from './token';

/** An unexchanged session lives 5 minutes; the token it yields, 24 hours (README, "Mint a session for one of your customers"). */
export const SESSION_TTL_SECONDS = 5 * 60;
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** What an embed token stands for: the identity and the context every chat and SQL call runs in. */
export interface EmbedIdentity {
  sessionId: string;
  account: string;
  deploymentId: number;
  user: UserRef;
  scope: Scope;
  creatorMode: boolean;
  embedTenantName?: string;
  branchName?: string;
  securityContext?: Record<string, unknown>;
  allowAi: boolean;
  timezone?: string;
  /** Cube's roles given to generate-session: access policies' `role` matches them. */
  roles?: string[];
}

export { foldExternalId, normaliseExternalId } from './external-id';
export type { ExchangedSession };

/**
 * POST /api/v1/embed/generate-session: provisions the user (external) or checks it exists (internal),
 * writes the session, and returns its id. On the warm path: one transaction, the key's rate counted in it; a
 * refused request writes nothing.
 */
export async function generateSession(
  store: Store,
  caller: { account: Account; key: ApiKeyRecord },
  body: GenerateSessionBody,
): Promise<{ sessionId: string }> {
  const groups = body.groups ?? body.tenantGroups;
  const groupDefinitions = body.groupDefinitions ?? body.tenantGroupDefinitions;
  const { account, key } = caller;
  const usesCreatorMode =
    body.creatorMode === true ||
    groupDefinitions !== undefined ||
    body.userAttributeDefinitions !== undefined;
  if (usesCreatorMode && !account.flags.includes('useCreatorMode')) {
    throw new ForbiddenError(
      'Creator mode needs the useCreatorMode flag (enabled via support)',
      'CREATOR_MODE_DISABLED',
    );
  }
  if (key.deploymentId !== undefined && key.deploymentId !== body.deploymentId) {
    throw new ForbiddenError(`This API key is limited to deployment ${key.deploymentId}`);
  }
  const creatorMode = body.creatorMode === true;
  const scope: Scope =
    creatorMode && body.embedTenantName
      ? { kind: 'embed', embedTenantName: body.embedTenantName }
      : { kind: 'tenant' };
  const user: UserRef =
    body.internalId !== undefined
      ? { kind: 'internal', internalId: body.internalId }
      : // Folded by the schema (generateSessionBody), like every input rule that needs no stored state.
        { kind: 'external', externalId: body.externalId ?? '' };

  const sessionId = randomBytes(32).toString('base64url');
  // The key's session rate is counted inside the one transaction, on one of the window's shards (a transaction
  // naming an item another transaction is working on is cancelled, so concurrent sessions of one key must not
  // share one counter item); a refused transaction counts nothing. Throws 429 at once when this process already
  // saw the window full.
  const rate = shardedCount(store, account, { kind: 'key', id: key.keyId }, 'session');
  const extras: TransactItem[] = [];
  // Deployments and branches are never deleted: once checked by a committed transaction, the check is left out.
  const checkDeployment = !deployments.provenToExist(store, account.name, body.deploymentId, body.branchName);
  if (checkDeployment) {
    extras.push(deployments.existsCheck(store, account.name, body.deploymentId, body.branchName));
  }
  extras.push(
    sessions.createItem(
      store,
      {
        sessionId,
        account: account.name,
        deploymentId: body.deploymentId,
        user,
        creatorMode,
        ...(body.embedTenantName ? { embedTenantName: body.embedTenantName } : {}),
        ...(body.branchName ? { branchName: body.branchName } : {}),
        ...(body.securityContext ? { securityContext: body.securityContext } : {}),
        ...(body.userProfile ? { userProfile: body.userProfile } : {}),
        ...(body.settings ? { settings: body.settings } : {}),
        ...(body.embedTheme ? { embedTheme: body.embedTheme } : {}),
        ...(body.roles ? { roles: body.roles } : {}),
        ...(body.isEphemeral !== undefined ? { isEphemeral: body.isEphemeral } : {}),
      },
      SESSION_TTL_SECONDS,
    ),
  );
  if (body.embedTenantName) {
    // Cube's embedTenantProfile: the tenant's display name, kept on the embed tenant record.
    extras.push(
      embedTenants.upsertItem(
        store,
        account.name,
        body.embedTenantName,
        body.embedTenantProfile?.displayName,
      ),
    );
  }
  const explainExtra = async (index: number) => {
    if (!checkDeployment || index !== 0) return undefined;
    if (!(await deployments.get(store, account.name, body.deploymentId))) {
      return new NotFoundError('DEPLOYMENT', `Deployment ${body.deploymentId} not found`);
    }
    return new NotFoundError(
      'BRANCH',
      `Branch ${body.branchName} not found in deployment ${body.deploymentId}`,
    );
  };

  if (user.kind === 'internal') {
    await internalUserSession(store, rate, [...extras, users.existsCheck(store, account.name, user)], {
      explainExtra,
      missingUser: () => new NotFoundError('USER', `Internal user ${user.internalId} not found`),
    });
  } else {
    await provisionUser(store, {
      account,
      externalId: user.externalId,
      ...(body.email !== undefined ? { email: body.email } : {}),
      scope,
      ...(groups !== undefined ? { groups } : {}),
      ...(body.userAttributes !== undefined ? { userAttributes: body.userAttributes } : {}),
      ...(body.securityContext !== undefined ? { securityContext: body.securityContext } : {}),
      ...(groupDefinitions !== undefined ? { groupDefinitions } : {}),
      ...(body.userAttributeDefinitions !== undefined
        ? { attributeDefinitions: body.userAttributeDefinitions }
        : {}),
      // Cube's isEphemeral: an ephemeral user under the chat's rules (README, "Chat with the analyst"), not counted toward the limit.
      lifetime:
        body.isEphemeral === true
          ? { kind: 'ephemeral', ttlSeconds: DEFAULT_EPHEMERAL_TTL_SECONDS }
          : { kind: 'persistent' },
      extraItems: extras,
      explainExtra,
      rate,
    });
  }
  if (checkDeployment) deployments.markProven(store, account.name, body.deploymentId, body.branchName);
  return { sessionId };
}

/**
 * An internal user's session: one transaction of the rate's shard, the caller's items and, last, the check that
 * the user exists. A full shard moves the count (or answers 429); conflicts are retried.
 */
async function internalUserSession(
  store: Store,
  rate: ShardedCount,
  items: TransactItem[],
  explain: { explainExtra: (index: number) => Promise<Error | undefined>; missingUser: () => Error },
): Promise<void> {
  for (let conflicts = 0; ; ) {
    try {
      await transact(store, [rate.item(), ...items], { retryConflicts: false });
      return;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.reasons[0]?.code === 'ConditionalCheckFailed') {
        await rate.refused();
        continue;
      }
      if (await retryConflict(error, 0, rate, conflicts)) {
        conflicts += 1;
        continue;
      }
      for (const [index, reason] of error.reasons.entries()) {
        if (reason.code !== 'ConditionalCheckFailed') continue;
        if (index === items.length) throw explain.missingUser();
        const explained = await explain.explainExtra(index - 1);
        if (explained) throw explained;
      }
      throw error;
    }
  }
}

const invalidSession = () =>
  new UnauthorizedError('Session is invalid, expired or already used', 'SESSION_INVALID');

/**
 * POST /api/v1/embed/session/token (alias `/session/exchange`): single use, within 5 minutes; yields the 24-hour
 * token, a JWT whose `jti` the session item keeps so that revoking the session refuses the token.
 */
export async function exchangeSession(
  store: Store,
  sessionId: string,
  deploymentId?: number,
): Promise<ExchangedSession> {
  // A service without its signing secret fails before the session is spent.
  const signingSecret = await embedTokenSecret();
  const jti = randomBytes(16).toString('base64url');
  const now = Date.now();
  const tokenExpiresAt = epochSeconds(now) + TOKEN_TTL_SECONDS;
  const session = await sessions.exchange(
    store,
    sessionId,
    { jti, expiresAt: tokenExpiresAt, ...(deploymentId === undefined ? {} : { deploymentId }) },
    now,
  );
  if (!session) throw invalidSession();
  const identity = toIdentity(session);
  const stored = await users.get(store, identity.account, identity.user);
  const view = stored ? scopedView(stored, identity.scope) : { groups: [], userAttributes: [] };
  const token = signEmbedToken(
    {
      iss: TOKEN_ISSUER,
      sub:
        identity.user.kind === 'external' ? `e:${identity.user.externalId}` : `i:${identity.user.internalId}`,
      jti,
      sid: sessionId,
      iat: epochSeconds(now),
      exp: tokenExpiresAt,
      account: identity.account,
      deploymentId: identity.deploymentId,
      ...(identity.embedTenantName ? { embedTenantName: identity.embedTenantName } : {}),
      creatorMode: identity.creatorMode,
      ...(identity.branchName ? { branchName: identity.branchName } : {}),
    },
    signingSecret,
  );
  const result: ExchangedSession = {
    token,
    expiresAt: new Date(tokenExpiresAt * 1000).toISOString(),
    accountName: identity.account,
    deploymentId: identity.deploymentId,
    embedTenantName: identity.embedTenantName ?? null,
    creatorMode: identity.creatorMode,
    user: {
      ...(identity.user.kind === 'external'
        ? { externalId: identity.user.externalId }
        : { internalId: identity.user.internalId }),
      ...(stored?.email ? { email: stored.email } : {}),
      groups: view.groups,
      userAttributes: view.userAttributes,
    },
  };
  if (session.userProfile) result.userProfile = session.userProfile;
  if (identity.branchName) result.branchName = identity.branchName;
  if (session.settings) result.settings = session.settings;
  if (session.embedTheme) result.embedTheme = session.embedTheme;
  if (session.roles) result.roles = session.roles;
  if (session.isEphemeral !== undefined) result.isEphemeral = session.isEphemeral;
  return result;
}

/** POST /api/v1/embed/session/revoke: idempotent; kills the unexchanged session and any token it produced. */
export async function revokeSession(store: Store, account: string, sessionId: string): Promise<void> {
  // Unknown sessions and sessions of other accounts: nothing to do, and nothing to reveal.
  await sessions.revoke(store, account, sessionId);
}

/**
 * Checks `Authorization: Bearer <token>`: signature and `exp` first (no read for a forged or expired token), then
 * the session item by the token's `sid`: its `jti` is the token's, not revoked, within 24 hours.
 */
export async function verifyEmbedToken(
  store: Store,
  token: string,
  kind: 'embed' | 'cubeApi' = 'embed',
): Promise<EmbedIdentity> {
  const secret = await embedTokenSecret();
  const key = kind === 'embed' ? secret : cubeApiTokenSecret(secret);
  const claims = verifyEmbedTokenSignature(token, key, epochSeconds());
  const session = await sessions.get(store, claims.sid);
  if (
    !session ||
    session.tokenJti !== claims.jti ||
    session.account !== claims.account ||
    session.revoked ||
    session.expiresAt === undefined ||
    session.expiresAt <= epochSeconds()
  ) {
    throw new UnauthorizedError('Invalid, expired or revoked embed token');
  }
  return toIdentity(session);
}

function toIdentity(session: SessionRecord): EmbedIdentity {
  const { embedTenantName, creatorMode } = session;
  const settings = (session.settings ?? {}) as { allowAi?: boolean; timezone?: string };
  const identity: EmbedIdentity = {
    sessionId: session.sessionId,
    account: session.account,
    deploymentId: session.deploymentId,
    user: session.user,
    scope: creatorMode && embedTenantName ? { kind: 'embed', embedTenantName } : { kind: 'tenant' },
    creatorMode,
    allowAi: settings.allowAi !== false,
  };
  if (embedTenantName) identity.embedTenantName = embedTenantName;
  if (session.branchName !== undefined) identity.branchName = session.branchName;
  if (session.securityContext) identity.securityContext = session.securityContext;
  if (settings.timezone) identity.timezone = settings.timezone;
  if (session.roles && session.roles.length > 0) identity.roles = session.roles;
  return identity;
}
