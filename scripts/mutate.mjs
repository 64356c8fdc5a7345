// `npm run mutate`: StrykerJS over the security code (stryker.config.mjs, docs/security-testing.md). One DynamoDB
// Local serves every mutant's test run (the identity tests need it), instead of one started per jest run.
import { spawn } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL ??= 'silent';
const { startDynamoDbLocal } = await tsImport('../functions/store/dynamodb-local.ts', import.meta.url);
const dynamo = process.env.DYNAMODB_ENDPOINT ? undefined : await startDynamoDbLocal();
if (dynamo) process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
const started = Date.now();
const code = await new Promise((resolve) => {
  const child = spawn(
    process.execPath,
    ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  child.on('exit', (status) => resolve(status ?? 1));
});
console.log(`stryker finished in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
await dynamo?.stop();
process.exit(code);
