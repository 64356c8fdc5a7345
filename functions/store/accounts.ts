import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { isConditionFailed, type Store } from './client';
import { keys } from './keys';

export const PLANS = ['free', 'premium', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const FLAGS = ['useCreatorMode'] as const;
export type AccountFlag = (typeof FLAGS)[number];

export interface Account {
  name: string;
  plan: Plan;
  flags: AccountFlag[];
  /** Persistent external users (the 10,000 limit). */
  userCount: number;
  /** Limit of persistent external users when raised or lowered for this account. */
  userLimit?: number;
  /** Per-minute rates this account sets for itself, by `<credential kind>.<operation>` (store/rate-limits.ts). */
  rateLimits?: Record<string, number>;
  /** Model tokens per UTC day and month this account may use (`none`: unlimited); unset: the deployment's default. */
  tokenBudgets?: Partial<Record<'daily' | 'monthly', number | 'none'>>;
  createdAt: string;
}

function toAccount(item: Record<string, unknown>): Account {
  return {
    name: String(item.name),
    plan: item.plan as Plan,
    flags: Array.isArray(item.flags) ? (item.flags as AccountFlag[]) : [],
    userCount: typeof item.userCount === 'number' ? item.userCount : 0,
    createdAt: String(item.createdAt),
    ...(typeof item.userLimit === 'number' ? { userLimit: item.userLimit } : {}),
    ...(item.rateLimits && typeof item.rateLimits === 'object'
      ? { rateLimits: item.rateLimits as Record<string, number> }
      : {}),
    ...(item.tokenBudgets && typeof item.tokenBudgets === 'object'
      ? { tokenBudgets: item.tokenBudgets as NonNullable<Account['tokenBudgets']> }
      : {}),
  };
}

/** The limit of persistent external users of an account (spec: 10,000, raised via support). */
export const externalUserLimit = (account: Account): number =>
  account.userLimit ?? config().externalUserLimit;

/** Account records: plan, feature flags and the persistent-user counter. */
export const accounts = {
  async get(store: Store, name: string): Promise<Account | undefined> {
    const out = await store.doc.send(new GetCommand({ TableName: store.tableName, Key: keys.account(name) }));
    return out.Item ? toAccount(out.Item) : undefined;
  },

  /** Creates the account, or updates plan and flags of an existing one (idempotent). */
  async upsert(store: Store, input: { name: string; plan: Plan; flags: AccountFlag[] }): Promise<Account> {
    const out = await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: keys.account(input.name),
        UpdateExpression:
          'SET #name = :name, #plan = :plan, flags = :flags, createdAt = if_not_exists(createdAt, :now), ' +
          'userCount = if_not_exists(userCount, :zero), kind = :kind',
        ExpressionAttributeNames: { '#name': 'name', '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':name': input.name,
          ':plan': input.plan,
          ':flags': input.flags,
          ':now': new Date().toISOString(),
          ':zero': 0,
          ':kind': 'account',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toAccount(out.Attributes ?? {});
  },

  /** Sets (or with undefined, clears) an account's own limit of persistent external users. */
  async setUserLimit(store: Store, name: string, limit: number | undefined): Promise<void> {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: keys.account(name),
        ...(limit === undefined
          ? { UpdateExpression: 'REMOVE userLimit' }
          : { UpdateExpression: 'SET userLimit = :limit', ExpressionAttributeValues: { ':limit': limit } }),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  },

  /** Sets (a number) or clears (undefined: back to the default) one per-minute rate of an account. */
  async setRateLimit(store: Store, name: string, rate: string, perMinute: number | undefined): Promise<void> {
    const update = (expression: string, condition: string, value?: unknown) =>
      store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.account(name),
          UpdateExpression: expression,
          ConditionExpression: condition,
          ...(expression.includes('#rate') ? { ExpressionAttributeNames: { '#rate': rate } } : {}),
          ...(value === undefined ? {} : { ExpressionAttributeValues: { ':value': value } }),
        }),
      );
    try {
      // A member of the map can be set or removed only once the map exists.
      if (perMinute === undefined) {
        await update('REMOVE rateLimits.#rate', 'attribute_exists(rateLimits)');
      } else {
        await update(
          'SET rateLimits.#rate = :value',
          'attribute_exists(pk) AND attribute_exists(rateLimits)',
          perMinute,
        );
      }
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      if (perMinute !== undefined) {
        await update('SET rateLimits = :value', 'attribute_exists(pk) AND attribute_not_exists(rateLimits)', {
          [rate]: perMinute,
        });
      }
    }
  },

  /** Sets (a number of tokens, or `none`) or clears (undefined: the default) one of an account's token budgets. */
  async setTokenBudget(
    store: Store,
    name: string,
    period: 'daily' | 'monthly',
    budget: number | 'none' | undefined,
  ): Promise<void> {
    const update = (expression: string, condition: string, value?: unknown) =>
      store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.account(name),
          UpdateExpression: expression,
          ConditionExpression: condition,
          ...(expression.includes('#period') ? { ExpressionAttributeNames: { '#period': period } } : {}),
          ...(value === undefined ? {} : { ExpressionAttributeValues: { ':value': value } }),
        }),
      );
    try {
      if (budget === undefined) await update('REMOVE tokenBudgets.#period', 'attribute_exists(tokenBudgets)');
      else {
        await update(
          'SET tokenBudgets.#period = :value',
          'attribute_exists(pk) AND attribute_exists(tokenBudgets)',
          budget,
        );
      }
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      if (budget !== undefined) {
        await update(
          'SET tokenBudgets = :value',
          'attribute_exists(pk) AND attribute_not_exists(tokenBudgets)',
          {
            [period]: budget,
          },
        );
      }
    }
  },

  /** Creates an account only if the name is free. Returns false when it already exists. */
  async create(store: Store, input: { name: string; plan: Plan; flags: AccountFlag[] }): Promise<boolean> {
    try {
      await store.doc.send(
        new PutCommand({
          TableName: store.tableName,
          Item: {
            ...keys.account(input.name),
            kind: 'account',
            name: input.name,
            plan: input.plan,
            flags: input.flags,
            userCount: 0,
            createdAt: new Date().toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** All accounts (operator CLI only: a scan filtered on the account items). */
  async list(store: Store): Promise<Account[]> {
    const found: Account[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await store.doc.send(
        new ScanCommand({
          TableName: store.tableName,
          FilterExpression: 'sk = :sk',
          ExpressionAttributeValues: { ':sk': 'ACCOUNT' },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) found.push(toAccount(item));
      start = out.LastEvaluatedKey;
    } while (start);
    return found.sort((a, b) => a.name.localeCompare(b.name));
  },
};
