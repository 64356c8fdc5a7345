/**
 * Deployment settings, read from CDK context (`cdk deploy -c modelProvider=bedrock`, or `context` in
 * cdk.json). docs/operating.md lists them.
 */
import path from 'node:path';
import type { Node } from 'constructs';
import { projectRoot } from './bundling';

export type ModelProvider = 'bedrock' | 'openai' | 'offline';

export interface ServiceConfig {
  /** Which model the analyst uses in AWS (`MODEL_PROVIDER`). */
  readonly modelProvider: ModelProvider;
  /** Bedrock model or inference-profile id (`BEDROCK_MODEL_ID`); also scopes the IAM grant. */
  readonly bedrockModelId: string;
  /** OpenAI-compatible server (`OPENAI_BASE_URL`, `OPENAI_MODEL`) when modelProvider is `openai`. */
  readonly openaiBaseUrl?: string;
  readonly openaiModel?: string;
  /** Built widget assets served under `/embed/assets/`. */
  readonly webAssetsDir: string;
  /** Origins allowed to call the API from browsers (function URL CORS). */
  readonly allowedOrigins: string[];
  /** Destroy the table with the stack (for throwaway stacks); by default it is retained. */
  readonly destroyData: boolean;
}

/** Same default as functions/agent/providers/env.ts, so local and AWS agree. */
export const DEFAULT_BEDROCK_MODEL_ID = 'anthropic.claude-3-5-haiku-20241022-v1:0';

const PROVIDERS: readonly ModelProvider[] = ['bedrock', 'openai', 'offline'];

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') {
    throw new Error(`context ${key} must be a string`);
  }
  return String(value);
}

/** Reads and checks the deployment settings; unknown values fail the synth with a clear message. */
export function readConfig(node: Node, overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  const provider = (text(node, 'modelProvider') ?? 'bedrock').toLowerCase();
  if (!PROVIDERS.includes(provider as ModelProvider)) {
    throw new Error(`context modelProvider must be one of ${PROVIDERS.join(', ')} (got "${provider}")`);
  }
  const origins = text(node, 'allowedOrigins') ?? '*';
  const openaiBaseUrl = text(node, 'openaiBaseUrl');
  const openaiModel = text(node, 'openaiModel');
  const config: ServiceConfig = {
    modelProvider: provider as ModelProvider,
    bedrockModelId: text(node, 'bedrockModelId') ?? DEFAULT_BEDROCK_MODEL_ID,
    ...(openaiBaseUrl ? { openaiBaseUrl } : {}),
    ...(openaiModel ? { openaiModel } : {}),
    webAssetsDir: path.resolve(projectRoot, text(node, 'webAssetsDir') ?? 'functions/web/dist'),
    allowedOrigins: origins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    destroyData: text(node, 'destroyData') === 'true',
    ...overrides,
  };
  if (config.modelProvider === 'openai' && !config.openaiBaseUrl) {
    throw new Error('context openaiBaseUrl is required when modelProvider is openai');
  }
  return config;
}
