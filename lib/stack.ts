import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AthenaWorkgroups } from './athena';
import { forRegion, type ServiceConfig } from './config';
import { ServiceDistribution } from './distribution';
import { type Endpoint, EndpointFunctions } from './endpoints';
import { Monitoring } from './monitoring';
import { ServiceTable } from './table';
import { TableStreamWorker } from './table-stream';
import { EdgeFirewall, WAF_REGION } from './waf';

export interface EmbeddedAnalyticsStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The web ACL made for this stack in us-east-1 by a stack of its own (lib/app.ts); needs crossRegionReferences. */
  readonly webAclArn?: string;
}

/** The whole service: the table, one function per endpoint, and one CloudFront `{base_url}`. */
export class EmbeddedAnalyticsStack extends Stack {
  readonly table: Table;
  readonly endpoints: readonly Endpoint[];
  readonly distribution: Distribution;
  /** Group counts of expired users and definition sweeps, from the table's stream. */
  readonly streamWorker: TableStreamWorker;

  constructor(scope: Construct, id: string, props: EmbeddedAnalyticsStackProps) {
    super(scope, id, props);
    const config = forRegion(props.config, this.region);
    const { table } = new ServiceTable(this, 'Store', {
      removalPolicy: config.destroyData ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    const cursorSecret = new Secret(this, 'CursorSecret', {
      description: 'Signs pagination cursors of the embed-tenant admin endpoints',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const tokenSecret = new Secret(this, 'EmbedTokenSecret', {
      description: 'Signs embed tokens (JWT, HS256); replacing it invalidates every token issued',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // Seals each deployment's Cube token secret in the table: only the functions verifying Cube tokens read it.
    const cubeTokenKey = new Secret(this, 'CubeTokenKey', {
      description:
        'Seals the Cube token secrets of deployments (AES-GCM); replacing it turns Cube tokens off until re-enabled',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // CloudFront sends it to every function URL; the functions refuse requests without it.
    const originVerifySecret = config.originVerifySecretArn
      ? Secret.fromSecretCompleteArn(this, 'OriginVerifySecret', config.originVerifySecretArn)
      : new Secret(this, 'OriginVerifySecret', {
          description:
            'Header value CloudFront adds to origin requests; functions refuse requests without it',
          generateSecretString: { passwordLength: 48, excludePunctuation: true },
        });
    const functions = new EndpointFunctions(this, 'Endpoints', {
      table,
      config,
      cursorSecret,
      tokenSecret,
      cubeTokenKey,
      originVerifySecret,
      ...(config.athenaWorkgroups.length > 0
        ? { athena: new AthenaWorkgroups(this, 'Athena', config.athenaWorkgroups) }
        : {}),
    });
    const { endpoints } = functions;
    const webAclArn = props.webAclArn ?? config.webAclArn ?? this.firewall(config);
    const { distribution } = new ServiceDistribution(this, 'Edge', {
      endpoints,
      ...(webAclArn ? { webAclArn } : {}),
      ...(config.settings.sqlTimeoutSeconds ? { sqlTimeoutSeconds: config.settings.sqlTimeoutSeconds } : {}),
      webAssetsDir: config.webAssetsDir,
      originVerifySecret,
      ...(config.originVerifyRotation ? { originVerifyRotation: config.originVerifyRotation } : {}),
      ...(config.domain ? { domain: config.domain } : {}),
    });
    const monitoring = new Monitoring(this, 'Monitoring', { endpoints, table, distribution, config });
    this.streamWorker = new TableStreamWorker(this, 'TableStream', {
      table,
      logLevel: config.settings.logLevel,
    });
    this.streamWorker.addAlarms(monitoring.topic);
    this.table = table;
    this.endpoints = endpoints;
    this.distribution = distribution;

    const baseUrl = `https://${config.domain?.name ?? distribution.distributionDomainName}`;
    if (config.domain) {
      new CfnOutput(this, 'DnsTarget', {
        value: distribution.distributionDomainName,
        description: `Point ${config.domain.name} here (CNAME, or a Route 53 alias)`,
      });
    }
    new CfnOutput(this, 'BaseUrl', { value: baseUrl, description: '{base_url}' });
    new CfnOutput(this, 'ChatUrlTemplate', {
      value: `${baseUrl}/api/v1/public/{accountName}/agents/{agentId}/chat`,
      description: '{chat_url}',
    });
    const securityGroups = functions.network?.securityGroups ?? [];
    if (securityGroups.length > 0) {
      new CfnOutput(this, 'DataSecurityGroups', {
        value: securityGroups.map((group) => group.securityGroupId).join(','),
        description: 'Security groups of the chat and SQL functions: allow them on the database',
      });
    }
    if (webAclArn) {
      new CfnOutput(this, 'WebAclArn', {
        value: webAclArn,
        description: 'The web ACL in front of {base_url}',
      });
    }
    new CfnOutput(this, 'TableName', {
      value: table.tableName,
      description: 'TABLE_NAME for the operator CLI',
    });
    new CfnOutput(this, 'CubeTokenKeySecretArn', {
      value: cubeTokenKey.secretArn,
      description: 'CUBE_TOKEN_KEY_SECRET_ARN for the operator CLI (deployment cube-token)',
    });
  }

  /** The stack's own web ACL when `waf=true`: here in us-east-1, else made by lib/app.ts in a us-east-1 stack. */
  private firewall(config: ServiceConfig): string | undefined {
    if (!config.waf) return undefined;
    if (this.region !== WAF_REGION) {
      throw new Error(
        `context waf: a CloudFront web ACL lives in ${WAF_REGION}; deploy with the CLI's account and region ` +
          '(lib/app.ts then adds a us-east-1 stack for it: cdk deploy --all), or give webAclArn',
      );
    }
    return new EdgeFirewall(this, 'Firewall', config.waf).webAclArn;
  }
}
