// Jest loads global setup outside its module system, so this is plain JS that imports the TypeScript
// lifecycle module through tsx. One DynamoDB Local serves the whole run; each test file makes its own table.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL ??= 'silent';
  if (process.env.DYNAMODB_ENDPOINT) return;
  const { startDynamoDbLocal } = await tsImport('../../functions/store/dynamodb-local.ts', import.meta.url);
  // The JVM starts in a few seconds on a quiet machine and can take minutes on a loaded CI machine; a run that
  // gives up on it fails every test, so it waits longer than `npm start` does.
  const dynamo = await startDynamoDbLocal({ startTimeoutMs: 300_000 });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  globalThis.__dynamo = dynamo;
}
