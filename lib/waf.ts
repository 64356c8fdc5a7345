/**
 * The optional web application firewall in front of the CloudFront distribution (context `waf=true`;
 * docs/operating.md, _Edge protection_). A CloudFront web ACL must live in us-east-1: in a stack there it is
 * part of the stack; elsewhere bin/app.ts deploys it in a small us-east-1 stack of its own.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routes } from '../functions/routes';

export interface WafSettings {
  /** Requests per IP address in five minutes, over every path. */
  readonly rateLimit: number;
  /** Requests per IP address in five minutes on the browser-facing paths (embed page, session check/exchange). */
  readonly browserRateLimit: number;
}

export const DEFAULT_WAF: WafSettings = { rateLimit: 15_000, browserRateLimit: 600 };

/** The region every CloudFront web ACL lives in. */
export const WAF_REGION = 'us-east-1';

type Statement = CfnWebACL.StatementProperty;

const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

const uriStartsWith = (prefix: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const uriEndsWith = (suffix: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'ENDS_WITH',
    searchString: suffix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const anyOf = (statements: Statement[]): Statement =>
  statements.length === 1 && statements[0] ? statements[0] : { orStatement: { statements } };

/**
 * Paths whose bodies carry SQL or free text about data (the SQL API, Cube's SQL over HTTP, the chat): SQL
 * injection and body rules would refuse exactly what these endpoints exist to receive.
 */
export function sqlPathMatchers(): Statement[] {
  const suffixes = new Set<string>();
  for (const route of routes) {
    if (route.data !== true) continue;
    // The literal tail after the last path parameter: `/sql`, `/stream-chat-state`, the whole Cube path.
    const tail = route.path.slice(route.path.lastIndexOf('}') + 1);
    suffixes.add(tail || route.path);
  }
  return [...suffixes].sort().map((suffix) => uriEndsWith(suffix));
}

/** The browser-facing paths a page load or a flood of them reaches without any credential. */
export function browserPathMatchers(): Statement[] {
  return [uriStartsWith('/embed/'), uriStartsWith('/api/v1/embed/session/')];
}

const managed = (
  name: string,
  priority: number,
  options: { scopeDown?: Statement; countOnly?: string[] } = {},
): CfnWebACL.RuleProperty => ({
  name: `AWS-${name}`,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(options.scopeDown ? { scopeDownStatement: options.scopeDown } : {}),
      ...(options.countOnly
        ? {
            ruleActionOverrides: options.countOnly.map((rule) => ({
              name: rule,
              actionToUse: { count: {} },
            })),
          }
        : {}),
    },
  },
  visibilityConfig: visibility(`AWS-${name}`),
});

/** The rules, in order: reputation, rate per IP (browser paths, then all), known bad inputs, common, SQLi. */
export function wafRules(settings: WafSettings): CfnWebACL.RuleProperty[] {
  const notSql: Statement = { notStatement: { statement: anyOf(sqlPathMatchers()) } };
  return [
    managed('AWSManagedRulesAmazonIpReputationList', 0),
    {
      name: 'RateBrowserPathsPerIp',
      priority: 1,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit: settings.browserRateLimit,
          evaluationWindowSec: 300,
          scopeDownStatement: anyOf(browserPathMatchers()),
        },
      },
      visibilityConfig: visibility('RateBrowserPathsPerIp'),
    },
    {
      name: 'RatePerIp',
      priority: 2,
      action: { block: {} },
      statement: {
        rateBasedStatement: { aggregateKeyType: 'IP', limit: settings.rateLimit, evaluationWindowSec: 300 },
      },
      visibilityConfig: visibility('RatePerIp'),
    },
    managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
    // Request bodies up to 256 KiB are valid here (the common set's body rule stops at 8 KB): counted, not blocked.
    managed('AWSManagedRulesCommonRuleSet', 4, { scopeDown: notSql, countOnly: ['SizeRestrictions_BODY'] }),
    managed('AWSManagedRulesSQLiRuleSet', 5, { scopeDown: notSql }),
  ];
}

/** A CloudFront-scope web ACL: allow by default, block what the rules match. */
export class EdgeFirewall extends Construct {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, settings: WafSettings) {
    super(scope, id);
    if (Stack.of(this).region !== WAF_REGION) {
      throw new Error(`A CloudFront web ACL must be in ${WAF_REGION}, not ${Stack.of(this).region}`);
    }
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description:
        'Embedded analytics: rate limits per IP and AWS managed rules, SQL paths excluded from SQLi',
      rules: wafRules(settings),
      visibilityConfig: visibility('EmbeddedAnalyticsWebAcl'),
    });
    this.webAclArn = acl.attrArn;
  }
}

export interface EdgeFirewallStackProps extends StackProps {
  readonly settings: WafSettings;
}

/** The web ACL of a service stack outside us-east-1, deployed beside it (`cdk deploy --all`). */
export class EdgeFirewallStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps) {
    super(scope, id, props);
    this.webAclArn = new EdgeFirewall(this, 'Firewall', props.settings).webAclArn;
  }
}
