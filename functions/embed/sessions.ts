import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import type { Account } from '../store/accounts';
import type { ApiKeyRecord } from '../store/api-keys';
import type { Store } from '../store/client';
import { deployments } from '../store/deployments';
import { epochSeconds, keys, type Scope } from '../store/keys';
import { rateLimited, rateLimits } from '../store/rate-limits';
import { type TransactItem, TransactionCancelled, transact } from '../store/transactions';
import { type AttributeValue, scopedView, type UserRef, users } from '../store/users';
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

export interface ExchangedSession {
  token: string;
  expiresAt: string;
  /** The account of the session: the embed page derives the chat URL from it (Cube's `/embed/chat?sessionId=`). */
  accountName: string;
  deploymentId: number;
  embedTenantName: string | null;
  creatorMode: boolean;
  user: {
    externalId?: string;
    internalId?: string;
    email?: string;
    groups: string[];
    userAttributes: { name: string; value: AttributeValue }[];
  };
  userProfile?: { displayName?: string; picture?: string };
  branchName?: string;
  /** Cube's optional fields as the session recorded them (the widget reads theme, locale and timezone). */
  settings?: Record<string, unknown>;
  embedTheme?: Record<string, unknown>;
  roles?: string[];
  isEphemeral?: boolean;
}

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
 * writes the session, and returns its id. One transaction on the warm path; nothing is written on failure.
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
  const now = Date.now();
  const table = store.tableName;
  const extras: TransactItem[] = [];
  const deploymentCheck: TransactItem = {
    ConditionCheck: {
      TableName: table,
      Key: keys.deployment(account.name, body.deploymentId),
      ConditionExpression:
        body.branchName === undefined
          ? 'attribute_exists(pk)'
          : 'attribute_exists(pk) AND contains(branches, :branch)',
      ...(body.branchName === undefined ? {} : { ExpressionAttributeValues: { ':branch': body.branchName } }),
    },
  };
  extras.push(deploymentCheck);
  extras.push({
    Put: {
      TableName: table,
      Item: {
        ...keys.session(sessionId),
        kind: 'session',
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
        exchanged: false,
        revoked: false,
        createdAt: new Date(now).toISOString(),
        sessionExpiresAt: epochSeconds(now) + SESSION_TTL_SECONDS,
        expiresAt: epochSeconds(now) + SESSION_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  // Cube's embedTenantProfile: the tenant's display name, kept on the embed tenant record.
  const tenantDisplayName = body.embedTenantProfile?.displayName;
  if (body.embedTenantName) {
    extras.push({
      Update: {
        TableName: table,
        Key: keys.embedTenant(account.name, body.embedTenantName),
        UpdateExpression: `SET kind = :kind, #name = :name, createdAt = if_not_exists(createdAt, :now)${tenantDisplayName === undefined ? '' : ', displayName = :displayName'}`,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':kind': 'embedTenant',
          ':name': body.embedTenantName,
          ':now': new Date(now).toISOString(),
          ...(tenantDisplayName === undefined ? {} : { ':displayName': tenantDisplayName }),
        },
      },
    });
  }
  // The key's session rate is counted in the same transaction: a refused request counts nothing.
  const rate = rateLimits.transactItem(store, account, { kind: 'key', id: key.keyId }, 'session');
  const rateIndex = extras.push(rate.item) - 1;
  const explainExtra = async (index: number) => {
    if (index === rateIndex) return rateLimited(rate.ticket, 'session');
    if (index !== 0) return undefined;
    if (!(await deployments.get(store, account.name, body.deploymentId))) {
      return new NotFoundError('DEPLOYMENT', `Deployment ${body.deploymentId} not found`);
    }
    return new NotFoundError(
      'BRANCH',
      `Branch ${body.branchName} not found in deployment ${body.deploymentId}`,
    );
  };

  if (user.kind === 'internal') {
    const items = [
      ...extras,
      {
        ConditionCheck: {
          TableName: table,
          Key: keys.internalUser(account.name, user.internalId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ];
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
  let item: Record<string, unknown> | undefined;
  try {
    const out = await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: keys.session(sessionId),
        UpdateExpression: 'SET exchanged = :true, tokenJti = :jti, expiresAt = :exp, exchangedAt = :now',
        // Cube's optional deploymentId must name the session's deployment: another one is not this session.
        ConditionExpression: `attribute_exists(pk) AND exchanged = :false AND revoked = :false AND sessionExpiresAt > :nowSeconds${deploymentId === undefined ? '' : ' AND deploymentId = :deployment'}`,
        ExpressionAttributeValues: {
          ':true': true,
          ':false': false,
          ':jti': jti,
          ...(deploymentId === undefined ? {} : { ':deployment': deploymentId }),
          ':exp': tokenExpiresAt,
          ':now': new Date(now).toISOString(),
          ':nowSeconds': epochSeconds(now),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    item = out.Attributes;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The SDK retried an exchange whose response was lost: the jti stored is this request's own
    // (a fresh random one per request), so the exchange did happen, once.
    const old = error.Item ? unmarshall(error.Item) : undefined;
    if (old?.tokenJti !== jti) throw invalidSession();
    item = old;
  }
  if (!item) throw invalidSession();
  const identity = toIdentity(item);
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
  if (item.userProfile) result.userProfile = item.userProfile as ExchangedSession['userProfile'];
  if (identity.branchName) result.branchName = identity.branchName;
  if (item.settings) result.settings = item.settings as Record<string, unknown>;
  if (item.embedTheme) result.embedTheme = item.embedTheme as Record<string, unknown>;
  if (Array.isArray(item.roles)) result.roles = item.roles as string[];
  if (typeof item.isEphemeral === 'boolean') result.isEphemeral = item.isEphemeral;
  return result;
}

/** POST /api/v1/embed/session/revoke: idempotent; kills the unexchanged session and any token it produced. */
export async function revokeSession(store: Store, account: string, sessionId: string): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: keys.session(sessionId),
        UpdateExpression: 'SET revoked = :true, revokedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND account = :account',
        ExpressionAttributeValues: { ':true': true, ':now': new Date().toISOString(), ':account': account },
      }),
    );
  } catch (error) {
    // Unknown sessions and sessions of other accounts: nothing to do, and nothing to reveal.
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
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
  const out = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: keys.session(claims.sid), ConsistentRead: true }),
  );
  const item = out.Item;
  if (
    !item ||
    item.tokenJti !== claims.jti ||
    item.account !== claims.account ||
    item.revoked === true ||
    typeof item.expiresAt !== 'number' ||
    item.expiresAt <= epochSeconds()
  ) {
    throw new UnauthorizedError('Invalid, expired or revoked embed token');
  }
  return toIdentity(item);
}

function toIdentity(item: Record<string, unknown>): EmbedIdentity {
  const embedTenantName = typeof item.embedTenantName === 'string' ? item.embedTenantName : undefined;
  const creatorMode = item.creatorMode === true;
  const settings = (item.settings ?? {}) as { allowAi?: boolean; timezone?: string };
  const identity: EmbedIdentity = {
    sessionId: String(item.pk).slice(2),
    account: String(item.account),
    deploymentId: Number(item.deploymentId),
    user: item.user as UserRef,
    scope: creatorMode && embedTenantName ? { kind: 'embed', embedTenantName } : { kind: 'tenant' },
    creatorMode,
    allowAi: settings.allowAi !== false,
  };
  if (embedTenantName) identity.embedTenantName = embedTenantName;
  if (typeof item.branchName === 'string') identity.branchName = item.branchName;
  if (item.securityContext) identity.securityContext = item.securityContext as Record<string, unknown>;
  if (settings.timezone) identity.timezone = settings.timezone;
  return identity;
}
