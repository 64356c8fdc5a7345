/** Issue 18 item 4: TLS policy with a custom domain, security headers on every behaviour. */
import { App } from 'aws-cdk-lib';
import { readConfig } from '../../lib/config';
import { synthesize } from './support';

interface Behavior {
  PathPattern?: string;
  ResponseHeadersPolicyId?: unknown;
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Aliases?: string[];
  ViewerCertificate?: Record<string, unknown>;
}

const configOf = (synth: ReturnType<typeof synthesize>): DistributionConfig => {
  const [resource] = Object.values(synth.template.findResources('AWS::CloudFront::Distribution'));
  if (!resource) throw new Error('no distribution');
  return (resource.Properties as { DistributionConfig: DistributionConfig }).DistributionConfig;
};

const SECURITY = {
  StrictTransportSecurity: {
    AccessControlMaxAgeSec: 63072000,
    IncludeSubdomains: true,
    Override: true,
  },
  ContentTypeOptions: { Override: true },
  ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: false },
};

describe('default edge', () => {
  const synth = synthesize();
  const config = configOf(synth);
  const policies = synth.template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const idOf = (name: string) => Object.keys(policies).find((id) => id.includes(name)) ?? '';

  it('sends HSTS, nosniff and a referrer policy on every behaviour; assets also get CORS', () => {
    const security = idOf('SecurityHeaders');
    const assets = idOf('AssetHeaders');
    expect(policies[security]?.Properties.ResponseHeadersPolicyConfig).toMatchObject({
      SecurityHeadersConfig: SECURITY,
    });
    expect(policies[security]?.Properties.ResponseHeadersPolicyConfig.CorsConfig).toBeUndefined();
    expect(policies[assets]?.Properties.ResponseHeadersPolicyConfig).toMatchObject({
      SecurityHeadersConfig: SECURITY,
      CorsConfig: {
        AccessControlAllowOrigins: { Items: ['*'] },
        AccessControlAllowMethods: { Items: ['GET', 'HEAD'] },
        AccessControlAllowCredentials: false,
        OriginOverride: true,
      },
    });
    const behaviors = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(behaviors.length).toBeGreaterThan(10);
    for (const behavior of behaviors) {
      const expected = behavior.PathPattern === '/embed/assets/*' ? assets : security;
      expect({ path: behavior.PathPattern, policy: behavior.ResponseHeadersPolicyId }).toEqual({
        path: behavior.PathPattern,
        policy: { Ref: expected },
      });
    }
  });

  it('uses the CloudFront certificate and domain when no custom domain is set', () => {
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
  });
});

describe('custom domain', () => {
  const certificateArn =
    'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-1111-2222-3333-444455556666';
  const synth = synthesize({ domainName: 'analytics.example.com', certificateArn });
  const config = configOf(synth);

  it('serves the domain with its ACM certificate, SNI and TLSv1.2_2021', () => {
    expect(config.Aliases).toEqual(['analytics.example.com']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      SslSupportMethod: 'sni-only',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
  });

  it('gives the domain as the base URL and the distribution as the DNS target', () => {
    const outputs = synth.template.toJSON().Outputs;
    expect(outputs.BaseUrl.Value).toBe('https://analytics.example.com');
    expect(JSON.stringify(outputs.DnsTarget.Value)).toContain('DomainName');
  });

  it.each([
    [{ domainName: 'analytics.example.com' }, /go together/],
    [{ domainName: 'not a domain', certificateArn }, /not a domain name/],
    [
      {
        domainName: 'a.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/0a1b2c3d-1111-2222-3333-444455556666',
      },
      /us-east-1/,
    ],
  ])('refuses %j', (context, message) => {
    expect(() => readConfig(new App({ context }).node)).toThrow(message);
  });
});
