/** Issue 10 item 6: safe infrastructure defaults, each configurable from stack context. */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { functionIds } from '../../functions/routes';
import { RECOMMENDED_RESERVED_CONCURRENCY, readConfig, reservedTotal } from '../../lib/config';
import { actionsOf, statementsOf, synthesize } from './support';

const nodeWith = (context: Record<string, unknown>) => new App({ context }).node;

interface Origin {
  Id: string;
  OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }>;
  S3OriginConfig?: unknown;
}

const originsOf = (synth: ReturnType<typeof synthesize>): Origin[] => {
  const [distribution] = Object.values(synth.template.findResources('AWS::CloudFront::Distribution'));
  if (!distribution) throw new Error('no distribution');
  return (distribution.Properties as { DistributionConfig: { Origins: Origin[] } }).DistributionConfig
    .Origins;
};

describe('defaults', () => {
  const synth = synthesize();
  const resources = synth.template.toJSON().Resources;
  const variablesOf = (id: string) =>
    resources[synth.functionIds.get(id) ?? ''].Properties.Environment.Variables as Record<string, unknown>;

  it('answers no cross-origin browser calls (no CORS on any function URL) until origins are named', () => {
    for (const urlId of synth.urlIds.values()) expect(resources[urlId].Properties.Cors).toBeUndefined();
  });

  it("lets only the service's own pages frame the embed page", () => {
    expect(variablesOf('embed-page').EMBED_FRAME_ANCESTORS).toBe("'self'");
  });

  it('makes every function require the origin-verify header, whose value CloudFront adds from the secret', () => {
    const [secretId] = Object.keys(
      synth.template.findResources('AWS::SecretsManager::Secret', {
        Properties: { Description: Match.stringLikeRegexp('origin requests') },
      }),
    );
    expect(secretId).toBeDefined();
    for (const id of functionIds()) {
      expect(variablesOf(id).ORIGIN_VERIFY_SECRET_ARN).toEqual({ Ref: secretId });
      const reads = statementsOf(synth.template, synth.roleIds.get(id) ?? '').filter((statement) =>
        actionsOf([statement]).includes('secretsmanager:GetSecretValue'),
      );
      expect(
        reads.some((statement) => JSON.stringify(statement.Resource) === JSON.stringify({ Ref: secretId })),
      ).toBe(true);
    }
    const functionOrigins = originsOf(synth).filter((origin) => !origin.S3OriginConfig);
    expect(functionOrigins).toHaveLength(functionIds().length);
    for (const origin of functionOrigins) {
      expect(origin.OriginCustomHeaders).toEqual([
        {
          HeaderName: 'x-origin-verify',
          HeaderValue: {
            'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
          },
        },
      ]);
    }
  });

  it('puts no secret value, and no dynamic reference to one, in any function environment', () => {
    for (const id of functionIds()) {
      const variables = JSON.stringify(variablesOf(id));
      expect(variables).not.toContain('resolve:secretsmanager');
      expect(variables).not.toMatch(/"(CURSOR_SECRET|ORIGIN_VERIFY_SECRET|OPENAI_API_KEY)"/);
    }
  });

  it('reserves no concurrency, so the first deploy works on an account whose limit is 10', () => {
    for (const logicalId of synth.functionIds.values()) {
      expect(resources[logicalId].Properties.ReservedConcurrentExecutions).toBeUndefined();
    }
    expect(() => readConfig(nodeWith({ accountConcurrencyLimit: 10 }))).not.toThrow();
  });

  it('reserves 60 with the recommended profile, which needs an account limit of 160', () => {
    const recommended = synthesize({ reservedConcurrency: 'recommended' });
    const all = recommended.template.toJSON().Resources;
    const reserved = Object.fromEntries(
      functionIds().map((id) => [
        id,
        all[recommended.functionIds.get(id) ?? ''].Properties.ReservedConcurrentExecutions,
      ]),
    );
    expect(Object.fromEntries(Object.entries(reserved).filter(([, value]) => value !== undefined))).toEqual(
      RECOMMENDED_RESERVED_CONCURRENCY,
    );
    expect(reservedTotal(RECOMMENDED_RESERVED_CONCURRENCY)).toBe(60);
    expect(() =>
      readConfig(nodeWith({ reservedConcurrency: 'recommended', accountConcurrencyLimit: 159 })),
    ).toThrow(/reserves 60 executions; with accountConcurrencyLimit 159.*at most 59/);
    expect(() =>
      readConfig(nodeWith({ reservedConcurrency: 'recommended', accountConcurrencyLimit: 160 })),
    ).not.toThrow();
  });

  it('runs no function in a VPC', () => {
    for (const logicalId of synth.functionIds.values())
      expect(resources[logicalId].Properties.VpcConfig).toBeUndefined();
  });
});

describe('configured', () => {
  const synth = synthesize({
    allowedOrigins: 'https://app.example.com,https://admin.example.com',
    frameAncestors: "'self' https://app.example.com https://*.example.com",
    reservedConcurrency: '{"chat-stream": 100, "*": 3}',
    vpcId: 'vpc-0123456789abcdef0',
    subnetIds: 'subnet-0aaaaaaaaaaaaaaaa,subnet-0bbbbbbbbbbbbbbbb',
    originVerifySecretArn: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:edge-AbCdEf',
    originVerifyRotation: '2',
    databaseSecretArns: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:warehouse-AbCdEf',
  });
  const resources = synth.template.toJSON().Resources;
  const fnOf = (id: string) => resources[synth.functionIds.get(id) ?? ''].Properties;

  it('allows exactly the named origins on every function URL and the named frame ancestors', () => {
    for (const urlId of synth.urlIds.values()) {
      expect(resources[urlId].Properties.Cors.AllowOrigins).toEqual([
        'https://app.example.com',
        'https://admin.example.com',
      ]);
    }
    expect(fnOf('embed-page').Environment.Variables.EMBED_FRAME_ANCESTORS).toBe(
      "'self' https://app.example.com https://*.example.com",
    );
  });

  it('uses the given origin-verify secret, creates none, and sends the rotation marker', () => {
    synth.template.resourcePropertiesCountIs(
      'AWS::SecretsManager::Secret',
      { Description: Match.stringLikeRegexp('origin requests') },
      0,
    );
    for (const id of functionIds()) {
      expect(fnOf(id).Environment.Variables.ORIGIN_VERIFY_SECRET_ARN).toBe(
        'arn:aws:secretsmanager:eu-west-1:111122223333:secret:edge-AbCdEf',
      );
    }
    for (const origin of originsOf(synth).filter((o) => !o.S3OriginConfig)) {
      expect(origin.OriginCustomHeaders).toEqual([
        {
          HeaderName: 'x-origin-verify',
          HeaderValue:
            '{{resolve:secretsmanager:arn:aws:secretsmanager:eu-west-1:111122223333:secret:edge-AbCdEf:SecretString:::}}',
        },
        { HeaderName: 'x-origin-verify-rotation', HeaderValue: '2' },
      ]);
    }
  });

  it('reserves the configured concurrency per function', () => {
    for (const id of functionIds()) {
      expect({ id, reserved: fnOf(id).ReservedConcurrentExecutions }).toEqual({
        id,
        reserved: id === 'chat-stream' ? 100 : 3,
      });
    }
  });

  it('puts the chat and SQL functions, and only them, in the given subnets with an outbound-only group', () => {
    const [groupId] = Object.keys(synth.template.findResources('AWS::EC2::SecurityGroup'));
    expect(groupId).toBeDefined();
    synth.template.hasResourceProperties('AWS::EC2::SecurityGroup', {
      VpcId: 'vpc-0123456789abcdef0',
      SecurityGroupEgress: [{ CidrIp: '0.0.0.0/0', IpProtocol: '-1' }],
    });
    for (const id of functionIds()) {
      const inVpc = id === 'chat-stream' || id === 'sql-api' || id === 'cubesql';
      const config = fnOf(id).VpcConfig;
      if (!inVpc) {
        expect({ id, config }).toEqual({ id, config: undefined });
        continue;
      }
      expect(config).toEqual({
        SubnetIds: ['subnet-0aaaaaaaaaaaaaaaa', 'subnet-0bbbbbbbbbbbbbbbb'],
        SecurityGroupIds: [{ 'Fn::GetAtt': [groupId, 'GroupId'] }],
      });
    }
    expect(synth.template.toJSON().Outputs.DataSecurityGroups.Value).toEqual({
      'Fn::GetAtt': [groupId, 'GroupId'],
    });
  });

  it('lets only the data functions read the named database secrets', () => {
    for (const id of functionIds()) {
      const grants = statementsOf(synth.template, synth.roleIds.get(id) ?? '').filter(
        (statement) => (statement as { Sid?: string }).Sid === 'DatabaseSecrets',
      );
      const data = id === 'chat-stream' || id === 'sql-api' || id === 'cubesql';
      expect({ id, grants }).toEqual({
        id,
        grants: data
          ? [
              expect.objectContaining({
                Action: 'secretsmanager:GetSecretValue',
                Resource: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:warehouse-AbCdEf',
              }),
            ]
          : [],
      });
    }
  });

  it('turns reserved concurrency off with none', () => {
    const none = synthesize({ reservedConcurrency: 'none' });
    const all = none.template.toJSON().Resources;
    for (const logicalId of none.functionIds.values()) {
      expect(all[logicalId].Properties.ReservedConcurrentExecutions).toBeUndefined();
    }
  });
});

describe('refused settings', () => {
  it.each([
    [{ allowedOrigins: '*' }, /not \*/],
    [{ allowedOrigins: 'https://a.example.com/path' }, /is not an origin/],
    [{ frameAncestors: '*' }, /allows any site/],
    [{ frameAncestors: 'https:' }, /allows any site/],
    [{ frameAncestors: "'self' javascript:x" }, /is not 'self'/],
    [{ reservedConcurrency: '{"chat-stream": -1}' }, /whole number/],
    [{ reservedConcurrency: 'lots' }, /JSON object/],
    [{ reservedConcurrency: '{"chat": 5}' }, /chat is not a function id/],
    [{ reservedConcurrency: 10, accountConcurrencyLimit: 200 }, /reserves 160 executions/],
    [{ vpcId: 'vpc-0123456789abcdef0' }, /subnetIds is required/],
    [{ subnetIds: 'subnet-0aaaaaaaaaaaaaaaa' }, /need vpcId/],
    [{ vpcId: 'vpc-1', subnetIds: 'sub-1' }, /not a subnet id/],
    [{ databaseSecretArns: 'warehouse' }, /not a Secrets Manager secret ARN/],
  ])('%j', (context, message) => {
    expect(() => readConfig(nodeWith(context))).toThrow(message);
  });

  it('accepts a number for every function and an object from cdk.json', () => {
    expect(readConfig(nodeWith({ reservedConcurrency: 7 })).reservedConcurrency).toEqual({ '*': 7 });
    expect(readConfig(nodeWith({ reservedConcurrency: { 'sql-api': 2 } })).reservedConcurrency).toEqual({
      'sql-api': 2,
    });
  });
});

describe('the Cube token key', () => {
  const synth = synthesize();
  const [keyId] = Object.keys(
    synth.template.findResources('AWS::SecretsManager::Secret', {
      Properties: { Description: Match.stringLikeRegexp('Cube token secrets') },
    }),
  );
  const readers = new Set(['chat-stream', 'chat-abort']);

  it('is a generated secret, named to the chat and abort functions by ARN only', () => {
    expect(keyId).toBeDefined();
    const resources = synth.template.toJSON().Resources;
    for (const id of functionIds()) {
      const variables = resources[synth.functionIds.get(id) ?? ''].Properties.Environment.Variables;
      expect({ id, arn: variables.CUBE_TOKEN_KEY_SECRET_ARN }).toEqual({
        id,
        arn: readers.has(id) ? { Ref: keyId } : undefined,
      });
      expect(JSON.stringify(variables)).not.toMatch(/"CUBE_TOKEN_KEY"/);
    }
    expect(synth.template.toJSON().Outputs.CubeTokenKeySecretArn.Value).toEqual({ Ref: keyId });
  });

  it('is readable by the chat and abort roles and by no other role of the stack', () => {
    const roleOf = new Map([...synth.roleIds].map(([id, role]) => [role, id]));
    const readersFound = new Set<string>();
    for (const policy of Object.values(synth.template.findResources('AWS::IAM::Policy'))) {
      const props = policy.Properties as {
        Roles: Array<{ Ref: string }>;
        PolicyDocument: { Statement: Array<{ Action: string | string[]; Resource: unknown }> };
      };
      for (const statement of props.PolicyDocument.Statement) {
        const actions = actionsOf([statement as never]);
        const secrets = actions.some((action) => action.startsWith('secretsmanager:') || action === '*');
        if (!secrets) continue;
        const resource = JSON.stringify(statement.Resource);
        // A wildcard would reach every secret, this one included.
        expect(resource).not.toMatch(/"\*"|secret:\*/);
        if (!resource.includes(`"Ref":"${keyId}"`)) continue;
        for (const role of props.Roles) {
          const id = roleOf.get(role.Ref) ?? role.Ref;
          expect({ role: id, reads: true }).toEqual({
            role: readers.has(id) ? id : 'chat-stream or chat-abort',
            reads: true,
          });
          readersFound.add(id);
        }
      }
    }
    expect([...readersFound].sort()).toEqual([...readers].sort());
  });
});
