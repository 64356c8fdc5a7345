/**
 * Per-account metrics as CloudWatch Embedded Metric Format lines on stdout: Lambda's log pipeline turns them
 * into metrics with no API call and no extra latency. A small writer instead of Powertools, which is not a
 * dependency of this project. Off unless running in Lambda (or METRICS=emf), so local logs stay readable.
 */
import { type Config, config } from '../config';

export const METRICS_NAMESPACE = 'EmbeddedAnalytics';

export const METRIC_NAMES = {
  turns: 'ChatTurns',
  turnErrors: 'ChatTurnErrors',
  sqlMs: 'SqlMilliseconds',
  sqlQueries: 'SqlQueries',
  sqlBytesScanned: 'SqlBytesScanned',
  sessionsMinted: 'SessionsMinted',
  modelCalls: 'ModelCalls',
  modelInputTokens: 'ModelInputTokens',
  modelOutputTokens: 'ModelOutputTokens',
  modelCacheReadTokens: 'ModelCacheReadTokens',
  modelCacheWriteTokens: 'ModelCacheWriteTokens',
  budgetUsedPercent: 'TokenBudgetUsedPercent',
} as const;

export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];
export type MetricUnit = 'Count' | 'Milliseconds' | 'Percent' | 'Bytes';

export interface MetricValue {
  readonly name: MetricName;
  readonly value: number;
  readonly unit: MetricUnit;
}

/**
 * One EMF document: each metric per account (the `account` dimension) and in total (no dimension), plus
 * properties (searchable, not dimensions).
 */
export function emfLine(
  account: string,
  metrics: readonly MetricValue[],
  properties: Record<string, string> = {},
  now: number = Date.now(),
): string {
  const document: Record<string, unknown> = {
    ...properties,
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['account'], []],
          Metrics: metrics.map((metric) => ({ Name: metric.name, Unit: metric.unit })),
        },
      ],
    },
    account,
  };
  for (const metric of metrics) document[metric.name] = metric.value;
  return JSON.stringify(document);
}

/** Writes the metrics of one event for an account (no-op outside Lambda unless METRICS=emf). */
export function emitMetrics(
  account: string,
  metrics: readonly MetricValue[],
  properties: Record<string, string> = {},
  settings: Config = config(),
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): void {
  if (!settings.metrics || metrics.length === 0) return;
  write(emfLine(account, metrics, properties));
}

/** The metrics of one SQL query: its count and time, and the bytes the engine scanned where it reports them (Athena). */
export function queryMetrics(ms: number, bytesScanned?: number): MetricValue[] {
  return [
    { name: METRIC_NAMES.sqlQueries, value: 1, unit: 'Count' },
    { name: METRIC_NAMES.sqlMs, value: ms, unit: 'Milliseconds' },
    ...(bytesScanned === undefined
      ? []
      : [{ name: METRIC_NAMES.sqlBytesScanned, value: bytesScanned, unit: 'Bytes' } as const]),
  ];
}
