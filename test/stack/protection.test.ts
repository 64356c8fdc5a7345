/** Issue 30: the optional WAF, origin timeouts and keepalive, TLS wherever the stack sets it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { routes } from '../../functions/routes';
import { defineStacks } from '../../lib/app';
import { readConfig } from '../../lib/config';
import { synthesize } from './support';

interface Origin {
  Id: string;
  DomainName: unknown;
  CustomOriginConfig?: {
    OriginReadTimeout?: number;
    OriginKeepaliveTimeout?: number;
    OriginSSLProtocols?: string[];
  };
}
interface ByteMatch {
  byteMatchStatement?: { PositionalConstraint: string; SearchString: string };
  ByteMatchStatement?: { PositionalConstraint: string; SearchString: string };
  OrStatement?: { Statements: Statement[] };
  NotStatement?: { Statement: Statement };
}
type Statement = ByteMatch;

const distributionOf = (template: Template) => {
  const [resource] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  if (!resource) throw new Error('no distribution');
  return (resource.Properties as { DistributionConfig: { Origins: Origin[]; WebACLId?: unknown } })
    .DistributionConfig;
};

/** WAF's byte matches on the URI path, as WAF evaluates them (case-sensitive, transformation NONE). */
function matches(statement: Statement, path: string): boolean {
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, path);
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s) => matches(s, path));
  const byte = statement.ByteMatchStatement;
  if (!byte) throw new Error(`unexpected statement ${JSON.stringify(statement)}`);
  if (byte.PositionalConstraint === 'STARTS_WITH') return path.startsWith(byte.SearchString);
  if (byte.PositionalConstraint === 'ENDS_WITH') return path.endsWith(byte.SearchString);
  throw new Error(byte.PositionalConstraint);
}

/** A concrete path of each route: every `{param}` filled in. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x1');

describe('the WAF (waf=true) in a us-east-1 stack', () => {
  const synth = synthesize({ waf: 'true' }, {}, 'us-east-1');
  const [aclId, acl] = Object.entries(synth.template.findResources('AWS::WAFv2::WebACL'))[0] ?? [];
  const rules = (acl?.Properties as { Rules: Array<Record<string, unknown>> } | undefined)?.Rules ?? [];
  const rule = (name: string): unknown => rules.find((r) => r.Name === name);

  it('is a CloudFront-scope ACL that allows by default, attached to the distribution', () => {
    expect(acl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(distributionOf(synth.template).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('blocks an IP over 15,000 requests in five minutes, and over 600 on the browser paths', () => {
    expect(rule('RatePerIp')).toMatchObject({
      Action: { Block: {} },
      Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 15_000, EvaluationWindowSec: 300 } },
    });
    const browser = rule('RateBrowserPathsPerIp') as {
      Statement: { RateBasedStatement: { Limit: number; ScopeDownStatement: Statement } };
    };
    expect(browser.Statement.RateBasedStatement.Limit).toBe(600);
    const scope = browser.Statement.RateBasedStatement.ScopeDownStatement;
    for (const path of ['/embed/chat', '/api/v1/embed/session/check', '/api/v1/embed/session/token']) {
      expect({ path, counted: matches(scope, path) }).toEqual({ path, counted: true });
    }
    for (const path of ['/api/v1/embed/generate-session', '/api/v1/deployments/1/sql', '/health']) {
      expect({ path, counted: matches(scope, path) }).toEqual({ path, counted: false });
    }
  });

  it('runs the SQL injection and common rule sets on every path but the SQL and chat paths', () => {
    const scopeOf = (name: string) =>
      (rule(name) as { Statement: { ManagedRuleGroupStatement: { ScopeDownStatement: Statement } } })
        .Statement.ManagedRuleGroupStatement.ScopeDownStatement;
    for (const name of ['AWS-AWSManagedRulesSQLiRuleSet', 'AWS-AWSManagedRulesCommonRuleSet']) {
      const scope = scopeOf(name);
      for (const route of routes) {
        const path = concrete(route.path);
        expect({ name, path, inspected: matches(scope, path) }).toEqual({
          name,
          path,
          inspected: route.data !== true,
        });
      }
    }
    expect(rule('AWS-AWSManagedRulesCommonRuleSet')).toMatchObject({
      Statement: {
        ManagedRuleGroupStatement: {
          RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
        },
      },
    });
    expect(rules.map((r) => r.Name)).toEqual([
      'AWS-AWSManagedRulesAmazonIpReputationList',
      'RateBrowserPathsPerIp',
      'RatePerIp',
      'AWS-AWSManagedRulesKnownBadInputsRuleSet',
      'AWS-AWSManagedRulesCommonRuleSet',
      'AWS-AWSManagedRulesSQLiRuleSet',
    ]);
  });
});

describe('the WAF of a stack outside us-east-1', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'waf-test-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  const context = { 'aws:cdk:bundling-stacks': [], waf: 'true', wafRateLimit: 5000 };

  it('lives in a us-east-1 stack of its own, whose ARN the service stack reads across regions', () => {
    const app = new App({ outdir, context });
    const stacks = defineStacks(app, readConfig(app.node), {
      stackName: 'Svc',
      account: '111122223333',
      region: 'eu-west-1',
    });
    expect(stacks.firewall?.region).toBe('us-east-1');
    const firewall = Template.fromStack(stacks.firewall ?? stacks.service);
    firewall.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'RatePerIp',
          Statement: { RateBasedStatement: Match.objectLike({ Limit: 5000 }) },
        }),
      ]),
    });
    const service = Template.fromStack(stacks.service);
    service.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(JSON.stringify(distributionOf(service).WebACLId)).toContain('ExportsReader');
    expect(stacks.service.dependencies).toContain(stacks.firewall);
  });

  it('cannot be made inside the service stack there, and an existing ACL is used as given', () => {
    expect(() => synthesize({ waf: 'true' })).toThrow(/web ACL lives in us-east-1/);
    const arn =
      'arn:aws:wafv2:us-east-1:111122223333:global/webacl/mine/0f0e0d0c-0b0a-0908-0706-050403020100';
    const own = synthesize({ webAclArn: arn });
    own.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(distributionOf(own.template).WebACLId).toBe(arn);
  });

  it.each([
    [{ waf: 'yes' }, /waf: true or false/],
    [
      { webAclArn: 'arn:aws:wafv2:eu-west-1:111122223333:regional/webacl/x/1' },
      /CloudFront-scope web ACL ARN/,
    ],
    [{ waf: 'true', wafRateLimit: 5 }, /wafRateLimit: a whole number from 10/],
  ])('refuses %j', (bad, message) => {
    expect(() => readConfig(new App({ context: bad }).node)).toThrow(message);
  });
});

describe('origins and TLS', () => {
  const synth = synthesize();
  const origins = distributionOf(synth.template).Origins.filter((origin) => origin.CustomOriginConfig);
  const originOf = (id: string) => {
    const urlId = synth.urlIds.get(id) ?? '';
    const origin = origins.find((o) => JSON.stringify(o.DomainName).includes(`"${urlId}"`));
    if (!origin?.CustomOriginConfig) throw new Error(`no origin for ${id}`);
    return origin.CustomOriginConfig;
  };

  it('keeps connections to every function URL for 60 s, over TLS 1.2 only', () => {
    expect(origins).toHaveLength(synth.urlIds.size);
    for (const origin of origins) {
      expect(origin.CustomOriginConfig).toMatchObject({
        OriginKeepaliveTimeout: 60,
        OriginSSLProtocols: ['TLSv1.2'],
      });
    }
  });

  it('lets the SQL origins wait for the SQL time limit plus 10 s, the chat stream 60 s (it writes keepalives)', () => {
    expect(originOf('sql-api').OriginReadTimeout).toBe(60);
    expect(originOf('cubesql').OriginReadTimeout).toBe(60);
    expect(originOf('chat-stream').OriginReadTimeout).toBe(60);
    expect(originOf('generate-session').OriginReadTimeout).toBe(30);
    const slow = synthesize({ sqlTimeoutSeconds: 300 });
    const slowOrigins = distributionOf(slow.template).Origins;
    const sqlUrl = slow.urlIds.get('sql-api') ?? '';
    expect(
      slowOrigins.find((o) => JSON.stringify(o.DomainName).includes(`"${sqlUrl}"`))?.CustomOriginConfig
        ?.OriginReadTimeout,
    ).toBe(310);
    slow.annotations.hasWarning('*', Match.stringLikeRegexp('Response timeout per origin.* to 310'));
    expect(synth.annotations.findWarning('*', Match.stringLikeRegexp('Response timeout'))).toEqual([]);
  });

  it('refuses plain HTTP and TLS below 1.2 on both buckets and the alarm topic; warns on the default certificate', () => {
    const buckets = Object.values(synth.template.findResources('AWS::S3::BucketPolicy')).map((policy) =>
      JSON.stringify(policy.Properties),
    );
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    for (const policy of buckets) {
      expect(policy).toContain('"s3:TlsVersion":1.2');
      expect(policy).toContain('"aws:SecureTransport":"false"');
    }
    synth.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    synth.annotations.hasWarning('*', Match.stringLikeRegexp('TLSv1.2_2021'));
  });
});
