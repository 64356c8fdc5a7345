// `npm run mutate [group...]`: StrykerJS over the security code (stryker.config.mjs, docs/security-testing.md), one
// group of test/mutation/targets.mjs after another (each runs only its own tests). One DynamoDB Local serves every
// mutant's test run (the identity tests need it), instead of one started per jest run.
import { spawn } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';
import { GROUPS } from '../test/mutation/targets.mjs';

const groups = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const extra = process.argv.slice(2).filter((a) => a.startsWith('-'));
for (const name of groups)
  if (!(name in GROUPS)) throw new Error(`Unknown group ${name}: ${Object.keys(GROUPS)}`);

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL ??= 'silent';
const { startDynamoDbLocal } = await tsImport('../functions/store/dynamodb-local.ts', import.meta.url);
const chosen = groups.length > 0 ? groups : Object.keys(GROUPS);
const needsDynamo = chosen.some((name) => GROUPS[name].dynamodb) && !process.env.DYNAMODB_ENDPOINT;
const dynamo = needsDynamo ? await startDynamoDbLocal() : undefined;
if (dynamo) process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
let failed = 0;
for (const group of chosen) {
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', ...extra],
      {
        stdio: 'inherit',
        env: { ...process.env, MUTATION_GROUP: group },
      },
    );
    child.on('exit', (status) => resolve(status ?? 1));
  });
  console.log(
    `mutation group ${group}: stryker finished in ${((Date.now() - started) / 60_000).toFixed(1)} min`,
  );
  if (code !== 0) failed = code;
}
await dynamo?.stop();
process.exit(failed);
