// Jest loads global setup outside its module system, so this is plain JS that imports the TypeScript
// lifecycle module through tsx. One DynamoDB Local serves the whole run; each test file makes its own table.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL ??= 'silent';
  if (process.env.DYNAMODB_ENDPOINT) return;
  const { startDynamoDbLocal } = await tsImport('../../functions/store/dynamodb-local.ts', import.meta.url);
  const dynamo = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  globalThis.__dynamo = dynamo;
}
