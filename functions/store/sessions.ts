import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, itemOnConditionFailure, type Store } from './client';
import { epochSeconds, keys, PARTITION_PREFIXES } from './keys';
import type { TransactItem } from './transactions';
import type { UserRef } from './users';

/** An embed session as stored: written by generate-session, spent by exchange, killed by revoke. */
export interface SessionRecord {
  sessionId: string;
  account: string;
  deploymentId: number;
  user: UserRef;
  creatorMode: boolean;
  embedTenantName?: string;
  branchName?: string;
  securityContext?: Record<string, unknown>;
  userProfile?: { displayName?: string; picture?: string };
  settings?: Record<string, unknown>;
  embedTheme?: Record<string, unknown>;
  roles?: string[];
  isEphemeral?: boolean;
  revoked: boolean;
  /** The `jti` of the token the exchange issued. */
  tokenJti?: string;
  /** Epoch seconds: the session's 5 minutes before exchange, the token's 24 hours after. */
  expiresAt?: number;
}

/** What generate-session records for a new session (its optional Cube fields as given). */
export interface NewSession {
  sessionId: string;
  account: string;
  deploymentId: number;
  user: UserRef;
  creatorMode: boolean;
  embedTenantName?: string;
  branchName?: string;
  securityContext?: Record<string, unknown>;
  userProfile?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  embedTheme?: Record<string, unknown>;
  roles?: string[];
  isEphemeral?: boolean;
}

function toSession(item: Record<string, unknown>): SessionRecord {
  const session: SessionRecord = {
    sessionId: String(item.pk).slice(PARTITION_PREFIXES.session.length),
    account: String(item.account),
    deploymentId: Number(item.deploymentId),
    user: item.user as UserRef,
    creatorMode: item.creatorMode === true,
    revoked: item.revoked === true,
  };
  if (typeof item.embedTenantName === 'string') session.embedTenantName = item.embedTenantName;
  if (typeof item.branchName === 'string') session.branchName = item.branchName;
  if (item.securityContext) session.securityContext = item.securityContext as Record<string, unknown>;
  if (item.userProfile) session.userProfile = item.userProfile as SessionRecord['userProfile'];
  if (item.settings) session.settings = item.settings as Record<string, unknown>;
  if (item.embedTheme) session.embedTheme = item.embedTheme as Record<string, unknown>;
  if (Array.isArray(item.roles)) session.roles = item.roles as string[];
  if (typeof item.isEphemeral === 'boolean') session.isEphemeral = item.isEphemeral;
  if (typeof item.tokenJti === 'string') session.tokenJti = item.tokenJti;
  if (typeof item.expiresAt === 'number') session.expiresAt = item.expiresAt;
  return session;
}

/** Embed sessions: one item per session under its own partition (`S#<sessionId>`). */
export const sessions = {
  /** The Put of a new session inside the generate-session transaction; it lives `ttlSeconds` unexchanged. */
  createItem(
    store: Store,
    session: NewSession,
    ttlSeconds: number,
    nowMs: number = Date.now(),
  ): TransactItem {
    const { sessionId, ...fields } = session;
    return {
      Put: {
        TableName: store.tableName,
        Item: {
          ...keys.session(sessionId),
          kind: 'session',
          ...fields,
          exchanged: false,
          revoked: false,
          createdAt: new Date(nowMs).toISOString(),
          sessionExpiresAt: epochSeconds(nowMs) + ttlSeconds,
          expiresAt: epochSeconds(nowMs) + ttlSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  },

  /**
   * Spends an unexchanged, unrevoked, unexpired session once, recording the token's `jti` and expiry. Undefined
   * when the session cannot be exchanged (unknown, used, revoked, expired, or of another deployment).
   */
  async exchange(
    store: Store,
    sessionId: string,
    token: { jti: string; expiresAt: number; deploymentId?: number },
    nowMs: number = Date.now(),
  ): Promise<SessionRecord | undefined> {
    const { jti, deploymentId } = token;
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
            ':exp': token.expiresAt,
            ':now': new Date(nowMs).toISOString(),
            ':nowSeconds': epochSeconds(nowMs),
          },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return out.Attributes ? toSession(out.Attributes) : undefined;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      // The SDK retried an exchange whose response was lost: the jti stored is this request's own
      // (a fresh random one per request), so the exchange did happen, once.
      const old = itemOnConditionFailure(error);
      return old && old.tokenJti === jti ? toSession(old) : undefined;
    }
  },

  /**
   * The session as the exchange would find it, without spending it: undefined when it is unknown, used, revoked or
   * expired (the embed page checks a session before it exchanges it).
   */
  async findUnexchanged(
    store: Store,
    sessionId: string,
    nowMs: number = Date.now(),
  ): Promise<SessionRecord | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.session(sessionId), ConsistentRead: true }),
    );
    const item = out.Item;
    if (item?.exchanged !== false || item.revoked === true) return undefined;
    if (typeof item.sessionExpiresAt !== 'number' || item.sessionExpiresAt <= epochSeconds(nowMs))
      return undefined;
    return toSession(item);
  },

  /** Marks the session of `account` revoked; unknown sessions and sessions of other accounts are left alone. */
  async revoke(store: Store, account: string, sessionId: string): Promise<void> {
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
      if (!isConditionFailed(error)) throw error;
    }
  },

  /** The session as stored (consistent read: a revoke is seen at once), expired or not. */
  async get(store: Store, sessionId: string): Promise<SessionRecord | undefined> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.session(sessionId), ConsistentRead: true }),
    );
    return out.Item ? toSession(out.Item) : undefined;
  },
};
