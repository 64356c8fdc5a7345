import { startDynamoDbLocal } from '../../functions/store/dynamodb-local';

/** One DynamoDB Local for the whole run; each test file creates its own table in it. */
export default async function globalSetup(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL ??= 'silent';
  if (process.env.DYNAMODB_ENDPOINT) return;
  const dynamo = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  (globalThis as { __dynamo?: typeof dynamo }).__dynamo = dynamo;
}
