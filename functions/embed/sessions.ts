import { randomBytes } from 'node:crypto';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import type { ExchangedSession } from '../protocol';
import type { Account } from '../store/accounts';
import type { ApiKeyRecord } from '../store/api-keys';
import type { Store } from '../store/client';
import { deployments } from '../store/deployments';
import { embedTenants } from '../store/embed-tenants';
import { epochSeconds, type Scope } from '../store/keys';
import { withRate } from '../store/rate-limits';
import { type SessionRecord, sessions } from '../store/sessions';
import { type TransactItem, TransactionCancelled, transact } from '../store/transactions';
import { scopedView, type UserRef, users } from '../store/users';
import { DEFAULT_EPHEMERAL_TTL_SECONDS, LIMITS, provisionUser } from './provision';
import { EMBED_TENANT_NAME, type GenerateSessionBody } from './schemas';
import {
  cubeApiTokenSecret,
  embedTokenSecret,
  signEmbedToken,
  TOKEN_ISSUER,
  verifyEmbedTokenSignature,
} from './token';

/** An unexchanged session lives 5 minutes; the token it yields, 24 hours (contract §4). */
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
}

export type { ExchangedSession };

/** Lone surrogates (ill-formed UTF-16), controls and invisible format characters (bidi overrides, zero widths). */
const REFUSED_IN_IDS = /[\p{Cs}\p{Cc}\p{Cf}]/u;

/**
 * Folds an external id to the one form users are stored under: trimmed, Unicode NFC, lowercased
 * (locale-independent), NFC again (lowercasing can leave a string un-normalised). Canonically equivalent
 * spellings are one user, e.g. the KELVIN SIGN U+212A is K by NFC, so `\u212Aate` is `kate` (README).
 * Empty, over 256 characters, ill-formed or holding controls or invisible format characters: 400.
 */
export function normaliseExternalId(
  raw: string,
  field: string,
  options: { noSpaces?: boolean } = {},
): string {
  const bad = REFUSED_IN_IDS.exec(raw.trim());
  if (bad) {
    const code = bad[0].codePointAt(0) ?? 0;
    throw new ValidationError(
      `${field}: must be well-formed Unicode without control or format characters (found U+${code.toString(16).toUpperCase().padStart(4, '0')})`,
    );
  }
  const id = foldExternalId(raw);
  if (id.length === 0) throw new ValidationError(`${field}: must not be empty`);
  if (id.length > 256) throw new ValidationError(`${field}: must be at most 256 characters`);
  if (options.noSpaces && /\s/.test(id)) throw new ValidationError(`${field}: must not contain spaces`);
  return id;
}

/** The folding alone (idempotent: folding a folded id changes nothing). */
export const foldExternalId = (raw: string): string =>
  raw.trim().normalize('NFC').toLowerCase().normalize('NFC');

/** The cross-field rules of spec §4.1 that a schema cannot express; each error names the field. */
function checkRules(body: GenerateSessionBody): void {
  const hasExternal = body.externalId !== undefined;
  const hasInternal = body.internalId !== undefined;
  if (hasExternal === hasInternal) {
    throw new ValidationError('body: exactly one of externalId or internalId is required');
  }
  if (hasInternal) {
    for (const field of [
      'email',
      'groups',
      'tenantGroups',
      'userAttributes',
      'groupDefinitions',
      'tenantGroupDefinitions',
      'userAttributeDefinitions',
      'securityContext',
      'roles',
      'isEphemeral',
    ] as const) {
      if (body[field] !== undefined) throw new ValidationError(`body.${field}: not allowed with internalId`);
    }
  }
  if (body.embedTenantName !== undefined && !EMBED_TENANT_NAME.test(body.embedTenantName)) {
    throw new ValidationError(
      'body.embedTenantName: must be 5 to 36 characters of a-z, 0-9 and hyphen, start with a letter and end with a letter or digit',
    );
  }
  for (const field of [
    'groupDefinitions',
    'userAttributeDefinitions',
    'tenantGroups',
    'tenantGroupDefinitions',
  ] as const) {
    if (body[field] === undefined) continue;
    if (body.creatorMode !== true) throw new ValidationError(`body.${field}: requires creatorMode true`);
    if (body.embedTenantName === undefined)
      throw new ValidationError(`body.${field}: requires embedTenantName`);
  }
  // In creator mode `groups` already names the embed tenant's groups (spec §2.6): Cube's tenantGroups says the same.
  if (body.tenantGroups !== undefined && body.groups !== undefined) {
    throw new ValidationError(
      'body.tenantGroups: give the embed tenant groups in groups or tenantGroups, not both',
    );
  }
  if (body.tenantGroupDefinitions !== undefined && body.groupDefinitions !== undefined) {
    throw new ValidationError(
      'body.tenantGroupDefinitions: give definitions in groupDefinitions or tenantGroupDefinitions, not both',
    );
  }
  const names = new Set([
    ...(body.groups ?? body.tenantGroups ?? []),
    ...(body.userAttributes ?? []).map((a) => `attr:${a.name}`),
    ...(body.groupDefinitions ?? body.tenantGroupDefinitions ?? []).map((d) => d.name),
    ...(body.userAttributeDefinitions ?? []).map((d) => `attr:${d.name}`),
  ]);
  if (names.size > LIMITS.names) {
    throw new ValidationError(`body: at most ${LIMITS.names} distinct group and attribute names per request`);
  }
}

/**
 * POST /api/v1/embed/generate-session: provisions the user (external) or checks it exists (internal),
 * writes the session, and returns its id. On the warm path: the key's rate counted (one UpdateItem), then one
 * transaction; a refused request gives its use back and writes nothing else.
 */
export async function generateSession(
  store: Store,
  caller: { account: Account; key: ApiKeyRecord },
  body: GenerateSessionBody,
): Promise<{ sessionId: string }> {
  checkRules(body);
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
      : { kind: 'external', externalId: normaliseExternalId(body.externalId ?? '', 'body.externalId') };

  const sessionId = randomBytes(32).toString('base64url');
  const extras: TransactItem[] = [];
  extras.push(deployments.existsCheck(store, account.name, body.deploymentId, body.branchName));
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
    if (index !== 0) return undefined;
    if (!(await deployments.get(store, account.name, body.deploymentId))) {
      return new NotFoundError('DEPLOYMENT', `Deployment ${body.deploymentId} not found`);
    }
    return new NotFoundError(
      'BRANCH',
      `Branch ${body.branchName} not found in deployment ${body.deploymentId}`,
    );
  };

  // The key's session rate is counted by a plain UpdateItem before the transaction, never inside it: every
  // session of a key in a minute touches the same window item, and transactions on one hot item cancel each
  // other (TransactionConflict) under concurrency. A request refused afterwards (4xx) gives its use back.
  return withRate(store, account, { kind: 'key', id: key.keyId }, 'session', async () => {
    if (user.kind === 'internal') {
      const items = [...extras, users.existsCheck(store, account.name, user)];
      try {
        await transact(store, items);
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        for (const [index, reason] of error.reasons.entries()) {
          if (reason.code !== 'ConditionalCheckFailed') continue;
          if (index === items.length - 1)
            throw new NotFoundError('USER', `Internal user ${user.internalId} not found`);
          const explained = await explainExtra(index);
          if (explained) throw explained;
        }
        throw error;
      }
      return { sessionId };
    }

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
      // Cube's isEphemeral: an ephemeral user under the chat's rules (contract §6), not counted toward the limit.
      lifetime:
        body.isEphemeral === true
          ? { kind: 'ephemeral', ttlSeconds: DEFAULT_EPHEMERAL_TTL_SECONDS }
          : { kind: 'persistent' },
      extraItems: extras,
      explainExtra,
    });
    return { sessionId };
  });
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
  return identity;
}
