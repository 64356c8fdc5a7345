/** Issue 30: the table-stream worker (group counts of expired users, definition sweeps), its source and alarms. */
import { STREAM_RETRY_ATTEMPTS } from '../../lib/table-stream';
import { synthesize } from './support';

const synth = synthesize({ alarmEmail: 'oncall@example.com' });
const resources = synth.template.toJSON().Resources as Record<
  string,
  { Type: string; Properties: Record<string, unknown> }
>;
const workerId = synth.stack.getLogicalId(
  synth.stack.streamWorker.fn.node.defaultChild as import('aws-cdk-lib').CfnElement,
);
const worker = resources[workerId];
const roleOf = (fnId: string) =>
  (resources[fnId]?.Properties.Role as { 'Fn::GetAtt': [string, string] } | undefined)?.['Fn::GetAtt'][0];
const statements = Object.values(resources)
  .filter(
    (r) =>
      r.Type === 'AWS::IAM::Policy' &&
      (r.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === roleOf(workerId)),
  )
  .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);

describe('table-stream worker', () => {
  it('reads the table stream with old and new images', () => {
    synth.template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    expect(worker?.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 120,
    });
  });

  it('is invoked only for users the TTL deleted and sweep jobs written, retried, then dead-lettered', () => {
    const mappings = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]?.Properties ?? {};
    expect(mapping).toMatchObject({
      FunctionName: { Ref: workerId },
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STREAM_RETRY_ATTEMPTS,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
    });
    const patterns = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      {
        eventName: ['REMOVE'],
        userIdentity: { type: ['Service'], principalId: ['dynamodb.amazonaws.com'] },
        dynamodb: { Keys: { pk: { S: [{ prefix: 'A#' }] }, sk: { S: [{ prefix: 'USER#' }] } } },
      },
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { Keys: { pk: { S: [{ prefix: 'A#' }] }, sk: { S: [{ prefix: 'SWEEP#' }] } } },
      },
    ]);
    synth.template.hasResourceProperties('AWS::SQS::Queue', {
      MessageRetentionPeriod: 1_209_600,
      SqsManagedSseEnabled: true,
    });
  });

  it('may touch account items only, and read the stream', () => {
    const table = statements.filter((s) => JSON.stringify(s.Action).includes('dynamodb:GetItem'));
    expect(table).toEqual([
      {
        Sid: 'TableAccount',
        Effect: 'Allow',
        Action: [
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
        ],
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^StoreTable/), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['A#*'] } },
      },
    ]);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:*');
  });

  it('alarms on its errors, on records waiting and on records given up, to the service topic', () => {
    const alarms = Object.values(resources)
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => r.Properties);
    const on = (metric: string) => alarms.filter((a) => a.MetricName === metric);
    expect(on('Errors').filter((a) => JSON.stringify(a.Dimensions).includes(workerId))).toHaveLength(1);
    expect(on('IteratorAge')).toEqual([
      expect.objectContaining({ Threshold: 300_000, Statistic: 'Maximum' }),
    ]);
    expect(on('ApproximateNumberOfMessagesVisible')).toEqual([
      expect.objectContaining({
        Threshold: 1,
        AlarmActions: [{ Ref: expect.stringMatching(/^MonitoringAlarms/) }],
      }),
    ]);
  });
});
