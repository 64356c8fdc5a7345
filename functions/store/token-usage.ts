import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from './client';
import { epochSeconds, isExpired, keys } from './keys';

/** The periods an account's token budgets count over, in UTC. */
export type BudgetPeriod = 'daily' | 'monthly';
export const BUDGET_PERIODS: readonly BudgetPeriod[] = ['daily', 'monthly'];

/** Tokens used so far in the current day and month. */
export type TokenUsage = Record<BudgetPeriod, number>;

/** `D#2026-11-26` or `M#2026-11`: the period `now` falls in. */
export const periodId = (period: BudgetPeriod, now: number): string => {
  const iso = new Date(now).toISOString();
  return period === 'daily' ? `D#${iso.slice(0, 10)}` : `M#${iso.slice(0, 7)}`;
};

/** When the period `now` falls in ends (UTC midnight; the first of the next month). */
export function periodEnd(period: BudgetPeriod, now: number): number {
  const at = new Date(now);
  return period === 'daily'
    ? Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)
    : Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
}

/** Counters outlive their period by a few days (a late read of yesterday's sees it), then expire. */
const KEEP_SECONDS = 3 * 86_400;

/**
 * Per-account model token counters: one item per account and UTC day, one per month, in the account's partition.
 * The chat reads both before a turn (one BatchGetItem) and adds a turn's tokens to both when it ends.
 */
export const tokenUsage = {
  async get(store: Store, account: string, now: number = Date.now()): Promise<TokenUsage> {
    const wanted = BUDGET_PERIODS.map((period) => keys.tokenUsage(account, periodId(period, now)));
    const out = await store.doc.send(
      new BatchGetCommand({ RequestItems: { [store.tableName]: { Keys: wanted, ConsistentRead: true } } }),
    );
    const items = out.Responses?.[store.tableName] ?? [];
    const used = (period: BudgetPeriod) => {
      const item = items.find(
        (candidate) => candidate.sk === keys.tokenUsage(account, periodId(period, now)).sk,
      );
      return item && !isExpired(item, now) && typeof item.tokens === 'number' ? item.tokens : 0;
    };
    return { daily: used('daily'), monthly: used('monthly') };
  },

  /** Adds a turn's tokens to the day's and the month's counters; returns the new totals. */
  async add(store: Store, account: string, tokens: number, now: number = Date.now()): Promise<TokenUsage> {
    const [daily, monthly] = await Promise.all(
      BUDGET_PERIODS.map(async (period) => {
        const out = await store.doc.send(
          new UpdateCommand({
            TableName: store.tableName,
            Key: keys.tokenUsage(account, periodId(period, now)),
            UpdateExpression:
              'ADD tokens :tokens SET expiresAt = if_not_exists(expiresAt, :expires), kind = :kind',
            ExpressionAttributeValues: {
              ':tokens': tokens,
              ':expires': epochSeconds(periodEnd(period, now)) + KEEP_SECONDS,
              ':kind': 'tokenUsage',
            },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return typeof out.Attributes?.tokens === 'number' ? out.Attributes.tokens : tokens;
      }),
    );
    return { daily: daily ?? tokens, monthly: monthly ?? tokens };
  },
};
