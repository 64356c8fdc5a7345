/** The CDK app (`npx cdk synth` / `npx cdk deploy`); settings come from CDK context, see docs/operating.md. */
import { App } from 'aws-cdk-lib';
import { buildWebAssets, webAssetsDir } from '../functions/web/build';
import { defineStacks } from '../lib/app';
import { readConfig } from '../lib/config';

const app = new App();
const config = readConfig(app.node);
// The widget is built from the repository (a no-op when dist/ is current); a custom directory is used as is.
if (config.webAssetsDir === webAssetsDir) await buildWebAssets();
const stackName = (app.node.tryGetContext('stackName') as string | undefined) ?? 'EmbeddedAnalytics';
// Without an explicit environment the stack deploys to the CLI's account and region.
defineStacks(app, config, {
  stackName,
  ...(process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT } : {}),
  ...(process.env.CDK_DEFAULT_REGION ? { region: process.env.CDK_DEFAULT_REGION } : {}),
});
app.synth();
