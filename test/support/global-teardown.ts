import type { DynamoDbLocal } from '../../functions/store/dynamodb-local';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __dynamo?: DynamoDbLocal }).__dynamo?.stop();
}
