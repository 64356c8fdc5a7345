/** Issue 18 item 1: alarms with their metrics, a dashboard, tracing. */
import { Match } from 'aws-cdk-lib/assertions';
import { functionIds } from '../../functions/routes';
import { synthesize } from './support';

interface AlarmProps {
  MetricName?: string;
  Namespace?: string;
  Threshold: number;
  Dimensions?: Array<{ Name: string; Value: unknown }>;
  ExtendedStatistic?: string;
  Statistic?: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  Metrics?: Array<{ MetricStat?: { Metric: { MetricName: string } } }>;
  AlarmDescription: string;
}

describe('alarms and dashboard', () => {
  const synth = synthesize({
    alarmEmail: 'oncall@example.com',
    reservedConcurrency: '{"chat-stream": 20, "*": 10}',
    accountConcurrencyLimit: 1000,
  });
  const resources = synth.template.toJSON().Resources;
  const alarms = Object.values(synth.template.findResources('AWS::CloudWatch::Alarm')).map(
    (resource) => resource.Properties as AlarmProps,
  );
  const [topicId] = Object.keys(synth.template.findResources('AWS::SNS::Topic'));

  const functionAlarm = (id: string, metric: string) =>
    alarms.filter(
      (alarm) =>
        alarm.MetricName === metric &&
        JSON.stringify(alarm.Dimensions) ===
          JSON.stringify([{ Name: 'FunctionName', Value: { Ref: synth.functionIds.get(id) } }]),
    );

  it('alarms on errors, throttles, p99 duration and concurrency of every function', () => {
    for (const id of functionIds()) {
      const timeout = resources[synth.functionIds.get(id) ?? ''].Properties.Timeout as number;
      expect({ id, errors: functionAlarm(id, 'Errors').map((a) => [a.Statistic, a.Threshold]) }).toEqual({
        id,
        errors: [['Sum', 1]],
      });
      expect(functionAlarm(id, 'Throttles').map((a) => [a.Statistic, a.Threshold])).toEqual([['Sum', 1]]);
      expect(functionAlarm(id, 'Duration').map((a) => [a.ExtendedStatistic, a.Threshold])).toEqual([
        ['p99', Math.round(timeout * 1000 * 0.8)],
      ]);
      const reserved = id === 'chat-stream' ? 20 : 10;
      expect(functionAlarm(id, 'ConcurrentExecutions').map((a) => [a.Statistic, a.Threshold])).toEqual([
        ['Maximum', Math.floor(reserved * 0.8)],
      ]);
    }
  });

  it('alarms on DynamoDB throttles and Bedrock throttles of the configured model', () => {
    const table = alarms.find((alarm) => alarm.AlarmDescription.startsWith('DynamoDB'));
    expect(
      table?.Metrics?.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort(),
    ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    const bedrock = alarms.find((alarm) => alarm.Namespace === 'AWS/Bedrock');
    expect(bedrock).toMatchObject({
      MetricName: 'InvocationThrottles',
      Threshold: 1,
      Dimensions: [{ Name: 'ModelId', Value: 'eu.anthropic.claude-haiku-5-5' }],
    });
  });

  it('counts handled 500s of every function from its log lines and alarms on the first', () => {
    const filters = Object.values(synth.template.findResources('AWS::Logs::MetricFilter')).map(
      (resource) => resource.Properties,
    );
    expect(filters).toHaveLength(functionIds().length);
    for (const id of functionIds()) {
      const logGroup = resources[synth.functionIds.get(id) ?? ''].Properties.LoggingConfig.LogGroup;
      expect(filters).toContainEqual({
        LogGroupName: logGroup,
        FilterPattern: '{ ($.message = "request failed") || ($.message = "unexpected error") }',
        MetricTransformations: [
          {
            MetricNamespace: 'EmbeddedAnalytics',
            MetricName: 'Handled5xx',
            MetricValue: '1',
            Dimensions: [{ Key: 'function', Value: '$.route' }],
          },
        ],
      });
      expect(
        alarms.filter(
          (alarm) =>
            alarm.MetricName === 'Handled5xx' &&
            JSON.stringify(alarm.Dimensions) === JSON.stringify([{ Name: 'function', Value: id }]),
        ),
      ).toEqual([expect.objectContaining({ Statistic: 'Sum', Threshold: 1 })]);
    }
  });

  it('alarms on chat turns ending in error, in total and per account', () => {
    const total = alarms.filter(
      (alarm) => alarm.Metrics?.[0]?.MetricStat?.Metric.MetricName === 'ChatTurnErrors',
    );
    expect(total).toHaveLength(1);
    expect(total[0]).toMatchObject({
      Threshold: 3,
      Metrics: [
        {
          MetricStat: {
            Metric: { MetricName: 'ChatTurnErrors', Namespace: 'EmbeddedAnalytics' },
            Period: 300,
            Stat: 'Sum',
          },
        },
      ],
    });
    // No dimension: the total the functions write beside each account's (functions/observability/metrics.ts).
    expect(JSON.stringify(total[0])).not.toContain('Dimensions');
    const perAccount = alarms.filter((alarm) =>
      JSON.stringify(alarm.Metrics ?? []).includes('SUM(ChatTurnErrors)'),
    );
    expect(perAccount).toHaveLength(1);
    expect(perAccount[0]).toMatchObject({
      Threshold: 3,
      Metrics: [
        {
          Expression:
            'SELECT SUM(ChatTurnErrors) FROM SCHEMA("EmbeddedAnalytics", account) GROUP BY account ORDER BY SUM() DESC',
          Period: 300,
        },
      ],
    });
  });

  it('alarms when an account passes 80% of a token budget, and shows tokens and budget use per account', () => {
    const budget = alarms.filter((alarm) =>
      JSON.stringify(alarm.Metrics ?? []).includes('TokenBudgetUsedPercent'),
    );
    expect(budget).toEqual([
      expect.objectContaining({
        Threshold: 80,
        Metrics: [
          expect.objectContaining({
            Expression:
              'SELECT MAX(TokenBudgetUsedPercent) FROM SCHEMA("EmbeddedAnalytics", account) GROUP BY account ORDER BY MAX() DESC',
          }),
        ],
      }),
    ]);
    const [dashboard] = Object.values(synth.template.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard?.Properties?.DashboardBody);
    for (const text of [
      'Model tokens (in, out) per account',
      'Token budget used (%) per account',
      'SUM(ModelInputTokens)',
    ]) {
      expect(body).toContain(text);
    }
  });

  it("alarms when the account's claimed concurrency passes 80% of the limit it was given", () => {
    expect(alarms.filter((alarm) => alarm.MetricName === 'ClaimedAccountConcurrency')).toEqual([
      expect.objectContaining({ Namespace: 'AWS/Lambda', Statistic: 'Maximum', Threshold: 800 }),
    ]);
  });

  it('sends every alarm and its recovery to one topic, e-mailed to the configured address', () => {
    // Five per function, six for the service, three for the table-stream worker (test/stack/table-stream.test.ts).
    expect(alarms.length).toBe(functionIds().length * 5 + 6 + 3);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
    }
    synth.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@example.com',
      TopicArn: { Ref: topicId },
    });
  });

  it('alarms on CloudFront 5xx only where CloudFront metrics are (us-east-1)', () => {
    expect(alarms.some((alarm) => alarm.Namespace === 'AWS/CloudFront')).toBe(false);
    const east = synthesize({}, {}, 'us-east-1');
    east.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Threshold: 5,
      Dimensions: Match.arrayWith([{ Name: 'Region', Value: 'Global' }]),
    });
  });

  it('has a dashboard with the function, table, edge and per-account metrics', () => {
    const [dashboard] = Object.values(synth.template.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    for (const text of [
      'Errors per function',
      'DynamoDB throttles',
      'CloudFront 5xx rate',
      'EmbeddedAnalytics,account',
      'ChatTurns',
      'SessionsMinted',
      'SqlMilliseconds',
    ]) {
      expect(body).toContain(text);
    }
  });

  it('traces every function with X-Ray', () => {
    for (const logicalId of synth.functionIds.values()) {
      expect(resources[logicalId].Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });

  it('writes CloudFront access logs to a private bucket that keeps them 90 days', () => {
    const [resource] = Object.values(synth.template.findResources('AWS::CloudFront::Distribution'));
    const properties = resource?.Properties as
      | { DistributionConfig: { Logging?: { Bucket: unknown; Prefix: string } } }
      | undefined;
    const logging = properties?.DistributionConfig.Logging;
    expect(logging?.Prefix).toBe('cloudfront/');
    synth.template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 90, Status: 'Enabled' })] },
      PublicAccessBlockConfiguration: Match.objectLike({
        BlockPublicAcls: true,
        RestrictPublicBuckets: true,
      }),
    });
  });
});
