import { App, Stack } from 'aws-cdk-lib';
import { parseConfig } from '../../functions/config';
import { DEFAULT_BEDROCK_MODEL, defaultBedrockModelId } from '../../functions/models';
import { forRegion, readConfig } from '../../lib/config';
import { bedrockResources } from '../../lib/endpoints';
import { actionsOf, statementsOf, synthesize } from './support';

const nodeWith = (context: Record<string, unknown>) => new App({ context }).node;

describe('readConfig', () => {
  it('defaults to Bedrock with the same model as the local provider, no cross-origin callers, retained data', () => {
    const config = readConfig(nodeWith({}));
    expect(config.bedrockModelId).toBeUndefined();
    for (const region of ['eu-central-1', 'us-west-2', 'ap-northeast-1', 'sa-east-1']) {
      const deployed = forRegion(config, region).bedrockModelId;
      expect(deployed).toBe(parseConfig({ AWS_REGION: region }).model.bedrock.modelId);
      expect(deployed).toBe(defaultBedrockModelId(region));
    }
    expect(config).toMatchObject({
      modelProvider: 'bedrock',
      allowedOrigins: [],
      frameAncestors: "'self'",
      destroyData: false,
    });
    expect(config.webAssetsDir).toMatch(/functions\/web\/dist$/);
  });

  it('reads comma-separated origins and rejects unknown providers or openai without a base URL', () => {
    expect(readConfig(nodeWith({ allowedOrigins: 'https://a.test, https://b.test' })).allowedOrigins).toEqual(
      ['https://a.test', 'https://b.test'],
    );
    expect(() => readConfig(nodeWith({ modelProvider: 'gpt' }))).toThrow(/modelProvider must be one of/);
    expect(() => readConfig(nodeWith({ modelProvider: 'openai' }))).toThrow(/openaiBaseUrl is required/);
  });
});

describe('the default model', () => {
  it('is Claude Haiku 5.5 through the geo inference profile of the stack region, global where there is none', () => {
    const expected: Record<string, string> = {
      'us-east-1': 'us',
      'us-west-2': 'us',
      'eu-west-1': 'eu',
      'eu-central-1': 'eu',
      'ap-northeast-1': 'jp',
      'ap-southeast-2': 'au',
      'ap-south-1': 'global',
      'sa-east-1': 'global',
    };
    for (const [region, geography] of Object.entries(expected)) {
      expect(defaultBedrockModelId(region)).toBe(`${geography}.${DEFAULT_BEDROCK_MODEL}`);
    }
    for (const region of ['us-east-1', 'ap-northeast-1', 'sa-east-1']) {
      const geography = expected[region];
      const synth = synthesize({}, {}, region);
      const chat = synth.template.toJSON().Resources[synth.functionIds.get('chat-stream') ?? ''];
      expect({ region, id: chat.Properties.Environment.Variables.BEDROCK_MODEL_ID }).toEqual({
        region,
        id: `${geography}.${DEFAULT_BEDROCK_MODEL}`,
      });
    }
  });

  it('is replaced by bedrockModelId, and a thinking budget is refused for a model that thinks adaptively', () => {
    const config = readConfig(nodeWith({ bedrockModelId: 'eu.amazon.nova-2-lite-v1:0' }));
    expect(forRegion(config, 'eu-west-1').bedrockModelId).toBe('eu.amazon.nova-2-lite-v1:0');
    const budget = readConfig(nodeWith({ bedrockReasoningBudget: 2048 }));
    expect(() => forRegion(budget, 'eu-west-1')).toThrow(
      /bedrockReasoningBudget: eu\.anthropic\.claude-haiku-5-5/,
    );
    const older = readConfig(
      nodeWith({
        bedrockReasoningBudget: 2048,
        bedrockModelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      }),
    );
    expect(forRegion(older, 'us-east-1').settings.bedrockReasoningBudget).toBe(2048);
  });
});

describe('bedrockResources', () => {
  const stack = new Stack(new App(), 'Arns', { env: { account: '111122223333', region: 'eu-west-1' } });
  const resolved = (modelId: string) =>
    bedrockResources(stack, modelId).map((arn) => JSON.stringify(stack.resolve(arn)));

  it('scopes a plain model id to that foundation model in the stack region', () => {
    const [arn, ...rest] = resolved('amazon.nova-lite-v1:0');
    expect(rest).toEqual([]);
    expect(arn).toContain(':bedrock:eu-west-1::foundation-model/amazon.nova-lite-v1:0');
  });

  it('allows a cross-region inference profile and the model it routes to in any region', () => {
    const arns = resolved('eu.anthropic.claude-sonnet-4-20250514-v1:0').join(' ');
    expect(arns).toContain(
      ':bedrock:eu-west-1:111122223333:inference-profile/eu.anthropic.claude-sonnet-4-20250514-v1:0',
    );
    expect(arns).toContain(':bedrock:*::foundation-model/anthropic.claude-sonnet-4-20250514-v1:0');
  });
});

describe('a cross-region inference profile in the stack', () => {
  const synth = synthesize({ bedrockModelId: 'eu.anthropic.claude-sonnet-4-20250514-v1:0' });

  it('grants the profile, and the model in any region only through that profile', () => {
    const statements = statementsOf(synth.template, synth.roleIds.get('chat-stream') ?? '').filter((s) =>
      JSON.stringify(s.Action).includes('bedrock:'),
    );
    const profile = {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':bedrock:eu-west-1:111122223333:inference-profile/eu.anthropic.claude-sonnet-4-20250514-v1:0',
        ],
      ],
    };
    expect(statements).toEqual([
      {
        Sid: 'BedrockInferenceProfile',
        Effect: 'Allow',
        Action: 'bedrock:InvokeModelWithResponseStream',
        Resource: profile,
      },
      {
        Sid: 'BedrockModelViaProfile',
        Effect: 'Allow',
        Action: 'bedrock:InvokeModelWithResponseStream',
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':bedrock:*::foundation-model/anthropic.claude-sonnet-4-20250514-v1:0',
            ],
          ],
        },
        Condition: { StringEquals: { 'bedrock:InferenceProfileArn': profile } },
      },
    ]);
  });
});

describe('an OpenAI-compatible, throwaway deployment with its own widget build', () => {
  const synth = synthesize({
    modelProvider: 'openai',
    openaiBaseUrl: 'http://vllm.internal:8000/v1',
    openaiModel: 'qwen',
    allowedOrigins: 'https://app.example.com',
    destroyData: 'true',
    webAssetsDir: 'test/stack/fixtures/web',
  });
  const resources = synth.template.toJSON().Resources;

  it('configures the chat function for the OpenAI provider and grants Bedrock to nobody', () => {
    const chat = resources[synth.functionIds.get('chat-stream') ?? ''];
    expect(chat.Properties.Environment.Variables).toMatchObject({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://vllm.internal:8000/v1',
      OPENAI_MODEL: 'qwen',
    });
    expect(chat.Properties.Environment.Variables.BEDROCK_MODEL_ID).toBeUndefined();
    for (const roleId of synth.roleIds.values()) {
      expect(actionsOf(statementsOf(synth.template, roleId)).filter((a) => a.startsWith('bedrock:'))).toEqual(
        [],
      );
    }
  });

  it('limits browser origins on every function URL and lets the table go with the stack', () => {
    for (const urlId of synth.urlIds.values()) {
      expect(resources[urlId].Properties.Cors.AllowOrigins).toEqual(['https://app.example.com']);
    }
    synth.template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    synth.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });
  it('uploads hashed chunks with a long cache and never prunes them, the rest with a short cache', () => {
    const deployments = Object.values(synth.template.findResources('Custom::CDKBucketDeployment')).map(
      (resource) => resource.Properties as Record<string, unknown>,
    );
    expect(deployments).toHaveLength(2);
    const chunks = deployments.find((d) => d.DestinationBucketKeyPrefix === 'embed/assets/chunks/');
    const rest = deployments.find((d) => d.DestinationBucketKeyPrefix === 'embed/assets/');
    expect(chunks).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(rest).toMatchObject({
      SystemMetadata: { 'cache-control': 'public, max-age=300, must-revalidate' },
      Exclude: ['chunks/*'],
      DistributionPaths: ['/embed/assets/*'],
    });
  });
});
