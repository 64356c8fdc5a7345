import { Match } from 'aws-cdk-lib/assertions';
import { functionIds, routes } from '../../functions/routes';
import { table } from '../../functions/store/table';
import { ASSETS_PATH_PATTERN, pathPattern } from '../../lib/distribution';
import { actionsOf, type Synthesized, statementsOf, synthesize } from './support';

// AWS-managed policy ids (the same in every account).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

interface CacheBehavior {
  PathPattern: string;
  TargetOriginId: string;
  CachePolicyId?: string;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId?: string;
  AllowedMethods: string[];
  Compress?: boolean;
}
interface DistributionConfig {
  DefaultCacheBehavior: CacheBehavior & { FunctionAssociations?: unknown[] };
  CacheBehaviors: CacheBehavior[];
  Origins: Array<{ Id: string; DomainName: unknown }>;
}

let synth: Synthesized;
let distribution: DistributionConfig;

beforeAll(() => {
  synth = synthesize();
  const [resource] = Object.values(synth.template.findResources('AWS::CloudFront::Distribution'));
  if (!resource) throw new Error('no distribution');
  distribution = (resource.Properties as { DistributionConfig: DistributionConfig }).DistributionConfig;
});

/** CloudFront's matching: behaviors in order, `*` any characters, `?` one, the whole path must match. */
function behaviorFor(path: string): CacheBehavior {
  const glob = (pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    );
  return (
    distribution.CacheBehaviors.find((b) => glob(b.PathPattern).test(path)) ??
    distribution.DefaultCacheBehavior
  );
}

/** The route id whose function URL an origin points at. */
function routeIdOfOrigin(originId: string): string | undefined {
  const origin = distribution.Origins.find((candidate) => candidate.Id === originId);
  const domain = JSON.stringify(origin?.DomainName);
  return [...synth.urlIds].find(([, urlId]) =>
    domain.includes(`"Fn::GetAtt":["${urlId}","FunctionUrl"]`),
  )?.[0];
}

describe('functions', () => {
  it('share one DuckDB layer, given to the functions that query data and to no other', () => {
    // (The asset upload's own AWS CLI layers, present once the widget is built, are no function's.)
    const layers = Object.keys(
      synth.template.findResources('AWS::Lambda::LayerVersion', {
        Properties: { Description: Match.stringLikeRegexp('^DuckDB') },
      }),
    );
    expect(layers).toHaveLength(1);
    synth.template.hasResourceProperties('AWS::Lambda::LayerVersion', {
      Description: Match.stringLikeRegexp('^DuckDB'),
      CompatibleArchitectures: ['arm64'],
      CompatibleRuntimes: ['nodejs22.x'],
    });
    const resources = synth.template.toJSON().Resources;
    for (const [id, logicalId] of synth.functionIds) {
      const data = routes.some((route) => route.id === id && route.data === true);
      const props = resources[logicalId].Properties;
      expect({ id, layers: props.Layers, sample: props.Environment.Variables.SAMPLE_DATA_DIR }).toEqual(
        data
          ? { id, layers: [{ Ref: layers[0] }], sample: '/opt/data' }
          : { id, layers: undefined, sample: undefined },
      );
    }
  });

  it('has exactly one function per route id, each on nodejs22.x arm64 with an ESM bundle', () => {
    expect([...synth.functionIds.keys()].sort()).toEqual(functionIds().sort());
    for (const logicalId of synth.functionIds.values()) {
      const fn = synth.template.toJSON().Resources[logicalId];
      expect(fn.Type).toBe('AWS::Lambda::Function');
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('passes TABLE_NAME to the functions that use the table and not to the others', () => {
    const resources = synth.template.toJSON().Resources;
    for (const [id, logicalId] of synth.functionIds) {
      const access = routes.find((route) => route.id === id)?.table ?? {};
      const variables = resources[logicalId].Properties.Environment.Variables;
      if (Object.keys(access).length === 0) expect(variables.TABLE_NAME).toBeUndefined();
      else expect(variables.TABLE_NAME).toEqual({ Ref: expect.stringMatching(/^StoreTable/) });
    }
  });

  it('gives streaming routes a RESPONSE_STREAM URL and the others a buffered one, all without IAM auth', () => {
    for (const [id, urlId] of synth.urlIds) {
      const streaming = routes.some((route) => route.id === id && route.streaming);
      const url = synth.template.toJSON().Resources[urlId];
      expect(url.Properties).toMatchObject({
        AuthType: 'NONE',
        InvokeMode: streaming ? 'RESPONSE_STREAM' : 'BUFFERED',
        TargetFunctionArn: { 'Fn::GetAtt': [synth.functionIds.get(id), 'Arn'] },
      });
    }
    expect(
      synth.template.toJSON().Resources[synth.urlIds.get('chat-stream') ?? '']?.Properties.InvokeMode,
    ).toBe('RESPONSE_STREAM');
  });
});

describe('table', () => {
  it('is built from functions/store/table.ts: keys, GSIs, TTL, on-demand, point-in-time recovery', () => {
    synth.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    synth.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: table.partitionKey.name, AttributeType: table.partitionKey.type },
        { AttributeName: table.sortKey.name, AttributeType: table.sortKey.type },
      ]),
      GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('is retained with the stack unless destroyData is set', () => {
    synth.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });
});

describe('distribution', () => {
  it('has one behavior per route path pattern plus the widget assets', () => {
    const expected = [...new Set(routes.map((route) => pathPattern(route.path))), ASSETS_PATH_PATTERN];
    expect(distribution.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual(expected.sort());
  });

  it('sends every route path to its own function with caching off, all methods and Authorization forwarded', () => {
    for (const route of routes) {
      const path = route.path.replace(/\{\w+\}/g, 'some-value');
      const behavior = behaviorFor(path);
      expect({ path, routeId: routeIdOfOrigin(behavior.TargetOriginId) }).toEqual({
        path,
        routeId: route.id,
      });
      expect(behavior.CachePolicyId).toBe(CACHING_DISABLED);
      expect(behavior.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(behavior.AllowedMethods.sort()).toEqual([
        'DELETE',
        'GET',
        'HEAD',
        'OPTIONS',
        'PATCH',
        'POST',
        'PUT',
      ]);
    }
  });

  it('keeps the two abort spellings apart from the chat stream', () => {
    const chat = '/api/v1/public/demo/agents/1/chat';
    expect(routeIdOfOrigin(behaviorFor(`${chat}/stream-chat-state`).TargetOriginId)).toBe('chat-stream');
    expect(routeIdOfOrigin(behaviorFor(`${chat}/stream-chat-state/abort`).TargetOriginId)).toBe('chat-abort');
    expect(routeIdOfOrigin(behaviorFor(`${chat}/abort`).TargetOriginId)).toBe('chat-abort');
  });

  it('answers unknown paths with a JSON 404 at the edge and serves assets from S3 with caching', () => {
    expect(routeIdOfOrigin(behaviorFor('/nothing/here').TargetOriginId)).toBeUndefined();
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    synth.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("code: 'NOT_FOUND'"),
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    const assets = behaviorFor('/embed/assets/widget.js');
    expect(assets.PathPattern).toBe(ASSETS_PATH_PATTERN);
    expect(assets.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(assets.CachePolicyId).not.toBe(CACHING_DISABLED);
  });

  it('outputs the base URL, the chat URL template and the table name', () => {
    const outputs = synth.template.toJSON().Outputs;
    expect(JSON.stringify(outputs.BaseUrl.Value)).toContain('DomainName');
    expect(JSON.stringify(outputs.ChatUrlTemplate.Value)).toContain(
      '/api/v1/public/{accountName}/agents/{agentId}/chat',
    );
    expect(outputs.TableName.Value).toEqual({ Ref: expect.stringMatching(/^StoreTable/) });
  });
});

describe('least privilege', () => {
  const statementsFor = (id: string) => statementsOf(synth.template, synth.roleIds.get(id) ?? '');
  const provisioning = ['BatchGetItem', 'ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem'];
  const rate = ['DeleteItem', 'UpdateItem'];
  // Written out by hand (not derived from routes.ts) so that widening a route's access fails here.
  const EXPECTED: Record<string, Record<string, string[]>> = {
    health: {},
    openapi: {},
    'embed-page': {},
    'generate-session': {
      'KEY#*': ['GetItem'],
      'A#*': provisioning,
      'S#*': ['PutItem'],
      'RATE#*': ['Query', 'UpdateItem'],
    },
    'session-exchange': { 'A#*': ['GetItem'], 'S#*': ['UpdateItem'] },
    'session-check': { 'A#*': ['GetItem'], 'S#*': ['GetItem'] },
    'session-revoke': { 'KEY#*': ['GetItem'], 'A#*': ['GetItem'], 'S#*': ['UpdateItem'] },
    'list-groups': { 'KEY#*': ['GetItem'], 'A#*': ['GetItem', 'Query'] },
    'list-user-attributes': { 'KEY#*': ['GetItem'], 'A#*': ['GetItem', 'Query'] },
    'delete-group': {
      'KEY#*': ['GetItem'],
      'A#*': ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
    },
    'delete-user-attribute': {
      'KEY#*': ['GetItem'],
      'A#*': ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
    },
    'chat-stream': {
      'KEY#*': ['GetItem'],
      'S#*': ['GetItem'],
      'A#*': [...provisioning, 'Query'].sort(),
      'T#*': ['BatchWriteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
      'RATE#*': rate,
    },
    'chat-abort': {
      'KEY#*': ['GetItem'],
      'A#*': ['GetItem', 'Query'],
      'S#*': ['GetItem'],
      'T#*': ['GetItem', 'UpdateItem'],
    },
    'sql-api': { 'KEY#*': ['GetItem'], 'S#*': ['GetItem'], 'A#*': provisioning, 'RATE#*': rate },
    // Cube's form: the token's session is read (never provisions); the Cube API token is minted from a session read.
    cubesql: { 'S#*': ['GetItem'], 'A#*': ['GetItem'], 'RATE#*': rate },
    'deployment-token': { 'S#*': ['GetItem'] },
  };

  /** A role's DynamoDB statements as `{ leading-key pattern: sorted actions }`, checking each one's shape. */
  function tableGrants(id: string): Record<string, string[]> {
    const grants: Record<string, string[]> = {};
    for (const statement of statementsFor(id)) {
      const actions = (Array.isArray(statement.Action) ? statement.Action : [statement.Action]).filter((a) =>
        a.startsWith('dynamodb:'),
      );
      if (actions.length === 0) continue;
      // list-groups' one index read is asserted on its own (below).
      if ((statement as { Sid?: string }).Sid === 'ExpiringUsersIndex') continue;
      const { Condition, Resource } = statement as typeof statement & { Condition?: unknown };
      // The table itself only: no index, no wildcard.
      expect({ id, Resource }).toEqual({
        id,
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^StoreTable/), 'Arn'] },
      });
      const patterns = (Condition as { 'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: string[] } })?.[
        'ForAllValues:StringLike'
      ]?.['dynamodb:LeadingKeys'];
      expect({ id, Condition }).toEqual({
        id,
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [expect.any(String)] } },
      });
      const pattern = patterns?.[0] ?? '';
      expect(grants[pattern]).toBeUndefined();
      grants[pattern] = actions.map((action) => action.replace('dynamodb:', '')).sort();
    }
    return grants;
  }

  it('gives each function exactly its own DynamoDB actions, each conditioned on the key prefix it touches', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(functionIds().sort());
    for (const id of functionIds()) {
      expect({ id, grants: tableGrants(id) }).toEqual({ id, grants: EXPECTED[id] });
    }
  });

  it('lets no function scan, use an index, or read API-key items unless it authenticates API keys', () => {
    const apiKeyReaders = functionIds().filter((id) => tableGrants(id)['KEY#*'] !== undefined);
    expect(apiKeyReaders).not.toContain('session-exchange');
    expect(apiKeyReaders).not.toContain('health');
    expect(apiKeyReaders).not.toContain('embed-page');
    for (const id of functionIds()) {
      const actions = actionsOf(statementsFor(id));
      expect(actions).not.toContain('dynamodb:*');
      expect(actions).not.toContain('dynamodb:Scan');
      const indexed = statementsFor(id).filter((statement) => JSON.stringify(statement).includes('/index/'));
      if (id !== 'list-groups') expect({ id, indexed }).toEqual({ id, indexed: [] });
    }
  });

  it('lets list-groups query only account keys of the byOwner index (the expired members it subtracts)', () => {
    const indexed = statementsFor('list-groups').filter((statement) =>
      JSON.stringify(statement).includes('/index/'),
    );
    expect(indexed).toEqual([
      {
        Sid: 'ExpiringUsersIndex',
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: {
          'Fn::Join': [
            '',
            [{ 'Fn::GetAtt': [expect.stringMatching(/^StoreTable/), 'Arn'] }, '/index/byOwner'],
          ],
        },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['A#*'] } },
      },
    ]);
  });

  it('gives the cursor secret, by ARN, only to the functions that sign cursors', () => {
    const resources = synth.template.toJSON().Resources;
    for (const [id, logicalId] of synth.functionIds) {
      const variables = resources[logicalId].Properties.Environment.Variables;
      const signs = id === 'list-groups' || id === 'list-user-attributes';
      const reads = statementsFor(id).some(
        (statement) =>
          actionsOf([statement]).includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes('CursorSecret'),
      );
      expect({ id, reads, arn: variables.CURSOR_SECRET_ARN !== undefined }).toEqual({
        id,
        reads: signs,
        arn: signs,
      });
      expect(variables.CURSOR_SECRET).toBeUndefined();
      expect(JSON.stringify(variables)).not.toContain('resolve:secretsmanager');
    }
  });

  it('gives the embed-token secret, by ARN, only to the functions that sign or verify tokens', () => {
    const resources = synth.template.toJSON().Resources;
    const tokenFunctions = [
      'session-exchange',
      'chat-stream',
      'chat-abort',
      'sql-api',
      'cubesql',
      'deployment-token',
    ];
    for (const [id, logicalId] of synth.functionIds) {
      const variables = resources[logicalId].Properties.Environment.Variables;
      const uses = tokenFunctions.includes(id);
      const reads = statementsFor(id).some(
        (statement) =>
          actionsOf([statement]).includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes('EmbedTokenSecret'),
      );
      expect({ id, reads, arn: variables.EMBED_TOKEN_SECRET_ARN !== undefined }).toEqual({
        id,
        reads: uses,
        arn: uses,
      });
      expect(variables.EMBED_TOKEN_SECRET).toBeUndefined();
    }
  });

  it('lets only bedrock functions invoke Bedrock, and only the configured model', () => {
    for (const id of functionIds()) {
      const bedrock = routes.some((route) => route.id === id && route.bedrock === true);
      const statements = statementsFor(id).filter((statement) =>
        JSON.stringify(statement.Action).includes('bedrock:'),
      );
      if (!bedrock) {
        expect({ id, statements }).toEqual({ id, statements: [] });
        continue;
      }
      // The default model is reached through the region's geo inference profile (test/stack/config.test.ts).
      expect(statements).toHaveLength(2);
      for (const statement of statements) {
        expect(statement).toMatchObject({ Effect: 'Allow', Action: 'bedrock:InvokeModelWithResponseStream' });
      }
      expect(JSON.stringify(statements[0]?.Resource)).toContain(
        ':bedrock:eu-west-1:111122223333:inference-profile/eu.anthropic.claude-haiku-5-5"',
      );
      expect(JSON.stringify(statements[1]?.Resource)).toContain(
        ':bedrock:*::foundation-model/anthropic.claude-haiku-5-5"',
      );
    }
  });
});
