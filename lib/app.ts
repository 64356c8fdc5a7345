/**
 * The stacks of one deployment (bin/app.ts): the service, and with `waf=true` outside us-east-1 a small stack
 * in us-east-1 holding its CloudFront web ACL (`cdk deploy --all` deploys both; the ARN crosses regions through
 * the references CDK keeps in SSM).
 */
import type { App } from 'aws-cdk-lib';
import type { ServiceConfig } from './config';
import { EmbeddedAnalyticsStack } from './stack';
import { EdgeFirewallStack, WAF_REGION } from './waf';

export interface DeploymentStacks {
  readonly service: EmbeddedAnalyticsStack;
  readonly firewall?: EdgeFirewallStack;
}

export function defineStacks(
  app: App,
  config: ServiceConfig,
  options: { stackName: string; account?: string; region?: string },
): DeploymentStacks {
  const { stackName, account, region } = options;
  const env = { account, region };
  let firewall: EdgeFirewallStack | undefined;
  if (config.waf && region !== undefined && region !== WAF_REGION) {
    if (!account)
      throw new Error('context waf: the account must be known (cdk deploy sets CDK_DEFAULT_ACCOUNT)');
    firewall = new EdgeFirewallStack(app, `${stackName}-Waf`, {
      description: `Embedded analytics: the CloudFront web ACL of ${stackName}`,
      env: { account, region: WAF_REGION },
      crossRegionReferences: true,
      settings: config.waf,
    });
  }
  const service = new EmbeddedAnalyticsStack(app, stackName, {
    description: 'Embedded analytics: embed sessions and a streaming AI data analyst',
    config: firewall ? { ...config, waf: undefined } : config,
    env,
    ...(firewall ? { webAclArn: firewall.webAclArn, crossRegionReferences: true } : {}),
  });
  if (firewall) service.addDependency(firewall);
  return { service, ...(firewall ? { firewall } : {}) };
}
