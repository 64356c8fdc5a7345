import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  Architecture,
  FilterCriteria,
  FilterRule,
  Runtime,
  StartingPosition,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { keys } from '../functions/store/keys';
import { entryOf, projectRoot } from './bundling';
import { nodejsBundling, tableStatements } from './endpoints';

export interface TableStreamWorkerProps {
  readonly table: ITable;
  readonly logLevel: string;
}

/** Retries of a failed batch of stream records before they go to the DLQ (the sweep job keeps its position). */
export const STREAM_RETRY_ATTEMPTS = 5;

/**
 * The table-stream worker (functions/embed/table-stream.ts): group counts of users the TTL deletes, and the batches
 * of definition sweeps. Its event source passes only those records (a filter, so other writes cost no invocation),
 * retries a failed one with bisection, then sends it to a DLQ. Its role may touch account items only.
 */
export class TableStreamWorker extends Construct {
  readonly fn: NodejsFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: TableStreamWorkerProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.fn = new NodejsFunction(this, 'Function', {
      entry: entryOf('table-stream'),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      // A sweep batch reads at most 200 users and updates those that match: seconds, not minutes.
      timeout: Duration.seconds(120),
      description: 'Table stream: group counts of expired users; definition sweeps in batches',
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      bundling: nodejsBundling('table-stream'),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        LOG_LEVEL: props.logLevel,
        TABLE_NAME: props.table.tableName,
      },
      logGroup,
      tracing: Tracing.ACTIVE,
    });
    // Reads and writes account items only (users, groups, attributes, sweep jobs, stream marks).
    for (const statement of tableStatements(
      { account: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] },
      props.table.tableArn,
    )) {
      this.fn.addToRolePolicy(statement);
    }
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const accountKey = (prefix: string) => ({
      Keys: { pk: { S: FilterRule.beginsWith('A#') }, sk: { S: FilterRule.beginsWith(prefix) } },
    });
    this.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: STREAM_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          // Users the TTL deleted.
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('REMOVE'),
            userIdentity: {
              type: FilterRule.isEqual('Service'),
              principalId: FilterRule.isEqual('dynamodb.amazonaws.com'),
            },
            dynamodb: accountKey(keys.userPrefix),
          }),
          // Sweep jobs created or moved on.
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: accountKey(keys.sweepJobPrefix),
          }),
        ],
      }),
    );
  }

  /** Alarms: the worker's errors, records waiting (iterator age) and records given up (the DLQ). */
  addAlarms(topic: ITopic): Alarm[] {
    const action = new SnsAction(topic);
    const alarm = (name: string, metric: IMetric, threshold: number, description: string) => {
      const created = new Alarm(this, `${name}Alarm`, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      return created;
    };
    return [
      alarm(
        'Errors',
        this.fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
        1,
        'Table-stream worker failed a batch (it is retried; see docs/operating.md, Deleting groups and attributes)',
      ),
      alarm(
        'IteratorAge',
        this.fn.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' }),
        300_000,
        'Table-stream records wait over 5 minutes: sweeps and expired-user counts lag',
      ),
      alarm(
        'DeadLetters',
        this.deadLetters.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        1,
        'Table-stream records gave up after retries: run `npm run admin -- sweep resume` (docs/operating.md)',
      ),
    ];
  }
}
