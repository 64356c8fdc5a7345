import { Annotations, CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC_NAMES, METRICS_NAMESPACE } from '../functions/observability/metrics';
import { type DeployConfig, reservedFor } from './config';
import type { Endpoint } from './endpoints';

export interface MonitoringProps {
  readonly endpoints: readonly Endpoint[];
  readonly table: ITable;
  readonly distribution: Distribution;
  readonly config: DeployConfig;
}

const FIVE_MINUTES = Duration.minutes(5);

/** The metric the log filters count: requests answered 500 by the code (not a Lambda error). */
export const HANDLED_5XX = 'Handled5xx';

/** The log lines of a handled 5xx (functions/http/errors.ts writes them, with the request's `route`). */
export const HANDLED_5XX_MESSAGES = ['request failed', 'unexpected error'] as const;

const HANDLED_5XX_PATTERN = FilterPattern.any(
  ...HANDLED_5XX_MESSAGES.map((message) => FilterPattern.stringValue('$.message', '=', message)),
);

/** A per-account series of one of the functions' EMF metrics, as a Metrics Insights query (alarms and graphs). */
export const perAccountQuery = (metricName: string, aggregate: 'SUM' | 'MAX', period = FIVE_MINUTES) =>
  new MathExpression({
    expression: `SELECT ${aggregate}(${metricName}) FROM SCHEMA("${METRICS_NAMESPACE}", account) GROUP BY account ORDER BY ${aggregate}() DESC`,
    usingMetrics: {},
    label: `${metricName} per account`,
    period,
  });

/**
 * Alarms (to one SNS topic, optionally e-mailed) and one dashboard: Lambda errors, throttles, p99 duration and
 * concurrency per function; DynamoDB throttles; CloudFront 5xx; Bedrock throttles; and the per-account
 * metrics the functions write in EMF (functions/observability/metrics.ts).
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { config } = props;
    this.topic = new Topic(this, 'Alarms', { displayName: 'Embedded analytics alarms', enforceSSL: true });
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));
    const action = new SnsAction(this.topic);
    const alarm = (name: string, metric: IMetric, threshold: number, description: string) => {
      const created = new Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    for (const { spec, fn } of props.endpoints) {
      const name = spec.id;
      // A 500 the code answers itself is no Lambda error: counted from its log line (functions/http/errors.ts).
      new MetricFilter(this, `${name}-Handled5xxFilter`, {
        logGroup: fn.logGroup,
        metricNamespace: METRICS_NAMESPACE,
        metricName: HANDLED_5XX,
        filterPattern: HANDLED_5XX_PATTERN,
        metricValue: '1',
        dimensions: { function: '$.route' },
      });
      alarm(
        `${name}-Handled5xx`,
        new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: HANDLED_5XX,
          dimensionsMap: { function: name },
          statistic: 'Sum',
          period: FIVE_MINUTES,
        }),
        1,
        `${name}: answered 500 (a handled failure; the log line has the stack)`,
      );
      alarm(
        `${name}-Errors`,
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
        `${name}: invocation errors`,
      );
      alarm(
        `${name}-Throttles`,
        fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
        `${name}: throttled invocations`,
      );
      const timeoutMs = fn.timeout?.toMilliseconds() ?? 15_000;
      alarm(
        `${name}-DurationP99`,
        fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' }),
        Math.round(timeoutMs * 0.8),
        `${name}: p99 duration above 80% of the timeout`,
      );
      const reserved = reservedFor(config.reservedConcurrency, name);
      if (reserved) {
        alarm(
          `${name}-Concurrency`,
          fn.metric('ConcurrentExecutions', { period: Duration.minutes(1), statistic: 'Maximum' }),
          Math.max(1, Math.floor(reserved * 0.8)),
          `${name}: concurrency above 80% of its reserved ${reserved}`,
        );
      }
    }

    // Without reservations every function shares the account's pool: alarm before it runs out.
    if (config.accountConcurrencyLimit) {
      alarm(
        'Account-Concurrency',
        new Metric({
          namespace: 'AWS/Lambda',
          metricName: 'ClaimedAccountConcurrency',
          statistic: 'Maximum',
          period: Duration.minutes(1),
        }),
        Math.max(1, Math.floor(config.accountConcurrencyLimit * 0.8)),
        `Lambda: the account's claimed concurrency is above 80% of its limit ${config.accountConcurrencyLimit}`,
      );
    }

    // Turns that end `error` stream normally (no Lambda error): counted by the chat function (ChatTurnErrors, EMF).
    const errorThreshold = config.turnErrorAlarmThreshold;
    const turnErrors = new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: METRIC_NAMES.turnErrors,
      statistic: 'Sum',
      period: FIVE_MINUTES,
      label: 'Chat turns ended in error (all accounts)',
    });
    alarm(
      'ChatTurnErrors-Total',
      turnErrors,
      errorThreshold,
      `Chat: ${errorThreshold} or more turns ended in error in 5 minutes (all accounts)`,
    );
    // One alarm, one contributor per account (a Metrics Insights query with GROUP BY).
    const turnErrorsByAccount = perAccountQuery(METRIC_NAMES.turnErrors, 'SUM');
    alarm(
      'ChatTurnErrors-PerAccount',
      turnErrorsByAccount,
      errorThreshold,
      `Chat: an account had ${errorThreshold} or more turns end in error in 5 minutes (the contributor names it)`,
    );

    // Spend: an account past budgetAlarmPercent of a token budget (the chat writes the share after each turn).
    const budgetUse = perAccountQuery(METRIC_NAMES.budgetUsedPercent, 'MAX');
    alarm(
      'TokenBudget-PerAccount',
      budgetUse,
      config.budgetAlarmPercent,
      `Spend: an account used ${config.budgetAlarmPercent}% or more of its daily or monthly model token budget (the contributor names it)`,
    );
    const total = (metricName: string) =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName, statistic: 'Sum', period: FIVE_MINUTES });
    const tokensTotal = new MathExpression({
      expression: 'i + o + r + w',
      usingMetrics: {
        i: total(METRIC_NAMES.modelInputTokens),
        o: total(METRIC_NAMES.modelOutputTokens),
        r: total(METRIC_NAMES.modelCacheReadTokens),
        w: total(METRIC_NAMES.modelCacheWriteTokens),
      },
      label: 'Model tokens, all accounts',
      period: FIVE_MINUTES,
    });
    if (config.monthlyCostBudgetUsd) this.costBudget(config.monthlyCostBudgetUsd);

    const tableThrottles = new MathExpression({
      expression: 'r + w',
      usingMetrics: {
        r: props.table.metric('ReadThrottleEvents', { statistic: 'Sum' }),
        w: props.table.metric('WriteThrottleEvents', { statistic: 'Sum' }),
      },
      period: FIVE_MINUTES,
      label: 'DynamoDB throttle events',
    });
    alarm('Table-Throttles', tableThrottles, 1, 'DynamoDB: throttled reads or writes');

    const bedrockThrottles = new Metric({
      namespace: 'AWS/Bedrock',
      metricName: 'InvocationThrottles',
      dimensionsMap: { ModelId: config.bedrockModelId },
      statistic: 'Sum',
      period: FIVE_MINUTES,
    });
    if (config.modelProvider === 'bedrock') {
      alarm('Bedrock-Throttles', bedrockThrottles, 1, 'Bedrock: throttled model invocations');
    }

    // CloudFront publishes its metrics in us-east-1 only, and an alarm must live in its metric's region.
    const cloudFront5xx = new Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
      statistic: 'Average',
      period: FIVE_MINUTES,
      region: 'us-east-1',
    });
    if (Stack.of(this).region === 'us-east-1') {
      alarm('CloudFront-5xx', cloudFront5xx, 5, 'CloudFront: more than 5% of responses are 5xx');
    } else {
      Annotations.of(this).addInfoV2(
        'embedded-analytics:cloudFrontAlarm',
        'CloudFront metrics live in us-east-1: its 5xx rate is on the dashboard; alarm on it from us-east-1.',
      );
    }

    const perAccount = (metricName: string, statistic = 'Sum') =>
      new MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},account} MetricName="${metricName}"', '${statistic}', 300)`,
        label: metricName,
        period: FIVE_MINUTES,
      });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-operations`,
      widgets: [
        [
          new GraphWidget({
            title: 'Errors per function',
            left: props.endpoints.map(({ spec, fn }) =>
              fn.metricErrors({ label: spec.id, period: FIVE_MINUTES }),
            ),
            width: 12,
          }),
          new GraphWidget({
            title: 'Throttles per function',
            left: props.endpoints.map(({ spec, fn }) =>
              fn.metricThrottles({ label: spec.id, period: FIVE_MINUTES }),
            ),
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'p99 duration (ms)',
            left: props.endpoints.map(({ spec, fn }) =>
              fn.metricDuration({ label: spec.id, statistic: 'p99', period: FIVE_MINUTES }),
            ),
            width: 12,
          }),
          new GraphWidget({
            title: 'Concurrent executions',
            left: props.endpoints.map(({ spec, fn }) =>
              fn.metric('ConcurrentExecutions', {
                label: spec.id,
                statistic: 'Maximum',
                period: Duration.minutes(1),
              }),
            ),
            width: 12,
          }),
        ],
        [
          new GraphWidget({ title: 'DynamoDB throttles', left: [tableThrottles], width: 8 }),
          new GraphWidget({ title: 'Bedrock throttles', left: [bedrockThrottles], width: 8 }),
          new GraphWidget({ title: 'CloudFront 5xx rate (%)', left: [cloudFront5xx], width: 8 }),
        ],
        [
          new GraphWidget({
            title: 'Chat turns ended in error: in total and per account',
            left: [turnErrors, turnErrorsByAccount],
            width: 12,
          }),
          new GraphWidget({
            title: 'Handled 5xx per function',
            left: props.endpoints.map(
              ({ spec }) =>
                new Metric({
                  namespace: METRICS_NAMESPACE,
                  metricName: HANDLED_5XX,
                  dimensionsMap: { function: spec.id },
                  statistic: 'Sum',
                  period: FIVE_MINUTES,
                  label: spec.id,
                }),
            ),
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Model tokens (in, out) per account',
            left: [
              perAccountQuery(METRIC_NAMES.modelInputTokens, 'SUM'),
              perAccountQuery(METRIC_NAMES.modelOutputTokens, 'SUM'),
            ],
            width: 8,
          }),
          new GraphWidget({ title: 'Model tokens, all accounts', left: [tokensTotal], width: 8 }),
          new GraphWidget({
            title: 'Token budget used (%) per account',
            left: [budgetUse],
            leftAnnotations: [{ value: config.budgetAlarmPercent, label: 'alarm' }],
            width: 8,
          }),
        ],
        [
          new GraphWidget({
            title: 'Chat turns per account',
            left: [perAccount(METRIC_NAMES.turns)],
            width: 8,
          }),
          new GraphWidget({
            title: 'SQL queries per account',
            left: [perAccount(METRIC_NAMES.sqlQueries)],
            width: 8,
          }),
          new GraphWidget({
            title: 'Sessions minted / SQL ms per account',
            left: [perAccount(METRIC_NAMES.sessionsMinted)],
            right: [perAccount(METRIC_NAMES.sqlMs)],
            width: 8,
          }),
        ],
      ],
    });
    new CfnOutput(Stack.of(this), 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'SNS topic every alarm notifies (subscribe your pager)',
    });
  }

  /**
   * The optional AWS Budgets hook: a monthly cost budget of the whole account that tells the alarm topic at 80% of
   * actual spend and at 100% of forecast spend (model tokens bill through Bedrock or the Marketplace, so the
   * budget has no service filter).
   */
  private costBudget(usd: number): void {
    const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: {
        notificationType,
        comparisonOperator: 'GREATER_THAN',
        threshold,
        thresholdType: 'PERCENTAGE',
      },
      subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AwsBudgetsPublish',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    new CfnBudget(this, 'CostBudget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: usd, unit: 'USD' },
      },
      notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
    });
  }
}
