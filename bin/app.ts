/** The CDK app (`npx cdk synth` / `npx cdk deploy`); settings come from CDK context, see docs/operating.md. */
import { App } from 'aws-cdk-lib';
import { buildWebAssets, webAssetsDir } from '../functions/web/build';
import { readConfig } from '../lib/config';
import { EmbeddedAnalyticsStack } from '../lib/stack';

const app = new App();
const config = readConfig(app.node);
// The widget is built from the repository (a no-op when dist/ is current); a custom directory is used as is.
if (config.webAssetsDir === webAssetsDir) await buildWebAssets();
const stackName = (app.node.tryGetContext('stackName') as string | undefined) ?? 'EmbeddedAnalytics';
new EmbeddedAnalyticsStack(app, stackName, {
  description: 'Embedded analytics: embed sessions and a streaming AI data analyst',
  config,
  // Without an explicit environment the stack deploys to the CLI's account and region.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
app.synth();
