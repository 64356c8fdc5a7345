import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { table as description, type KeyAttribute, type TableDescription } from '../functions/store/table';

const attribute = (key: KeyAttribute) => ({
  name: key.name,
  type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER,
});

export interface ServiceTableProps {
  /** Defaults to the one description in functions/store/table.ts (what DynamoDB Local also gets). */
  readonly description?: TableDescription;
  readonly removalPolicy: RemovalPolicy;
}

/** The single table: on-demand, point-in-time recovery, TTL; keys and GSIs from the shared description. */
export class ServiceTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: ServiceTableProps) {
    super(scope, id);
    const shape = props.description ?? description;
    this.table = new Table(this, 'Table', {
      partitionKey: attribute(shape.partitionKey),
      sortKey: attribute(shape.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: shape.timeToLiveAttribute,
      // The table-stream worker (lib/table-stream.ts) reads the old image of users the TTL deletes.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });
    for (const index of shape.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
      });
    }
  }
}
