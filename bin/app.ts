/** The CDK app (`npx cdk synth` / `npx cdk deploy`); settings come from CDK context, see docs/operating.md. */
import { App } from 'aws-cdk-lib';
import { readConfig } from '../lib/config';
import { EmbeddedAnalyticsStack } from '../lib/stack';

const app = new App();
const stackName = (app.node.tryGetContext('stackName') as string | undefined) ?? 'EmbeddedAnalytics';
new EmbeddedAnalyticsStack(app, stackName, {
  description: 'Embedded analytics: embed sessions and a streaming AI data analyst',
  config: readConfig(app.node),
  // Without an explicit environment the stack deploys to the CLI's account and region.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
app.synth();
