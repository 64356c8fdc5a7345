/**
 * Spend guardrails (docs/operating.md, _Spend guardrails_): each account may use so many model tokens per UTC day
 * and month. A turn is refused before it starts (429 BUDGET_EXCEEDED, Retry-After to the reset) once a budget is
 * used up; a turn's tokens are counted when it ends, so concurrent turns can overshoot by what they use.
 */
import { type Config, config } from '../config';
import { BudgetExceededError } from '../errors';
import type { Logger } from '../observability/log';
import { describeError } from '../observability/log';
import { emitMetrics, METRIC_NAMES } from '../observability/metrics';
import type { Usage } from '../protocol';
import type { Account } from '../store/accounts';
import type { Store } from '../store/client';
import {
  BUDGET_PERIODS,
  type BudgetPeriod,
  periodEnd,
  type TokenUsage,
  tokenUsage,
} from '../store/token-usage';

/** The account's budgets: its own where set (`none`: unlimited), else the deployment's defaults. */
export function budgetsOf(
  account: Account,
  settings: Config = config(),
): Record<BudgetPeriod, number | undefined> {
  const own = account.tokenBudgets ?? {};
  const pick = (period: BudgetPeriod) => {
    const value = own[period];
    if (value === 'none') return undefined;
    return typeof value === 'number' ? value : settings.tokenBudgets[period];
  };
  return { daily: pick('daily'), monthly: pick('monthly') };
}

/** Every token the model read or wrote in a turn, cache reads and writes included. */
export const turnTokens = (usage: Usage): number =>
  usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;

/** The refusal for the first budget used up, or undefined when the account may start a turn. */
export function budgetRefusal(
  account: Account,
  used: TokenUsage,
  now: number = Date.now(),
  settings: Config = config(),
): BudgetExceededError | undefined {
  const budgets = budgetsOf(account, settings);
  for (const period of BUDGET_PERIODS) {
    const limit = budgets[period];
    if (limit === undefined || used[period] < limit) continue;
    const resets = periodEnd(period, now);
    return new BudgetExceededError({
      account: account.name,
      budget: period,
      limitTokens: limit,
      usedTokens: used[period],
      resetsAt: new Date(resets).toISOString(),
      retryAfterSeconds: Math.max(1, Math.ceil((resets - now) / 1000)),
    });
  }
  return undefined;
}

/** Reads the account's usage (one BatchGetItem) and returns the refusal, if any; no read without a budget. */
export async function checkTokenBudget(
  store: Store,
  account: Account,
  now: number = Date.now(),
  settings: Config = config(),
): Promise<BudgetExceededError | undefined> {
  const budgets = budgetsOf(account, settings);
  if (budgets.daily === undefined && budgets.monthly === undefined) return undefined;
  return budgetRefusal(account, await tokenUsage.get(store, account.name, now), now, settings);
}

/**
 * Counts a turn's tokens against the account's day and month, and writes how much of its budgets it has used
 * (`TokenBudgetUsedPercent`, the larger of the two; the budget alarm watches it). A failed count is logged: the
 * answer is already out.
 */
export async function recordTokenUsage(
  store: Store,
  account: Account,
  usage: Usage,
  log: Logger,
  now: number = Date.now(),
  settings: Config = config(),
): Promise<void> {
  const tokens = turnTokens(usage);
  if (tokens === 0) return;
  try {
    const used = await tokenUsage.add(store, account.name, tokens, now);
    const budgets = budgetsOf(account, settings);
    const percents = BUDGET_PERIODS.flatMap((period) => {
      const limit = budgets[period];
      return limit ? [(100 * used[period]) / limit] : [];
    });
    if (percents.length > 0) {
      const value = Math.round(Math.max(...percents) * 10) / 10;
      emitMetrics(
        account.name,
        [{ name: METRIC_NAMES.budgetUsedPercent, value, unit: 'Percent' }],
        {},
        settings,
      );
    }
  } catch (error) {
    log.error('token usage could not be counted', { account: account.name, tokens, ...describeError(error) });
  }
}
