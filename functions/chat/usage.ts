import { type Config, config } from '../config';
import { emitMetrics, METRIC_NAMES, type MetricValue } from '../observability/metrics';
import type { TurnStatus, Usage } from '../protocol';

/** A turn's model usage as per-account metrics (tokens in and out, cache reads and writes, calls). */
export function usageMetrics(usage: Usage): MetricValue[] {
  return [
    { name: METRIC_NAMES.modelCalls, value: usage.llmCalls, unit: 'Count' },
    { name: METRIC_NAMES.modelInputTokens, value: usage.inputTokens, unit: 'Count' },
    { name: METRIC_NAMES.modelOutputTokens, value: usage.outputTokens, unit: 'Count' },
    { name: METRIC_NAMES.modelCacheReadTokens, value: usage.cacheReadTokens, unit: 'Count' },
    { name: METRIC_NAMES.modelCacheWriteTokens, value: usage.cacheWriteTokens, unit: 'Count' },
  ];
}

/**
 * Writes a turn's usage for its account (EMF; a no-op outside Lambda unless METRICS=emf). Turns that called no
 * model write nothing. The models are a property, not a dimension: one metric per account stays cheap.
 */
export function meterUsage(
  account: string,
  usage: Usage,
  settings: Config = config(),
  write?: (line: string) => void,
): void {
  if (usage.llmCalls === 0) return;
  emitMetrics(account, usageMetrics(usage), { models: usage.models.join(',') }, settings, write);
}

/** A turn that ended `error` (stored and streamed so): the turn-error alarms count these per account and in total. */
export function meterTurnEnd(
  account: string,
  status: TurnStatus,
  settings: Config = config(),
  write?: (line: string) => void,
): void {
  if (status !== 'error') return;
  emitMetrics(account, [{ name: METRIC_NAMES.turnErrors, value: 1, unit: 'Count' }], {}, settings, write);
}
