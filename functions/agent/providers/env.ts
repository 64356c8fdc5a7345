import { secretValue } from '../../aws/secrets';
import type { ModelConfig } from '../../config';
import type { ModelProvider } from '../types';
import { bedrockProvider } from './bedrock';
import { offlineProvider } from './offline';
import { openAiProvider } from './openai';

/**
 * The provider MODEL_PROVIDER names (parsed in config.ts): `offline` (default; OFFLINE_DELAY_MS), `bedrock`
 * (BEDROCK_MODEL_ID, AWS_REGION, BEDROCK_ENDPOINT) or `openai` (OPENAI_BASE_URL, OPENAI_API_KEY or
 * OPENAI_API_KEY_SECRET_ARN, OPENAI_MODEL).
 */
export function providerFromConfig(model: ModelConfig): ModelProvider {
  switch (model.provider) {
    case 'offline':
      return offlineProvider({ delayMs: model.offlineDelayMs });
    case 'bedrock':
      return bedrockProvider(model.bedrock);
    case 'openai': {
      const { apiKeySecretArn, apiKey, ...rest } = model.openai;
      // In AWS the key stays in Secrets Manager (read when a request starts, cached); locally it may be plain.
      const key = apiKeySecretArn ? { apiKey: () => secretValue(apiKeySecretArn) } : apiKey ? { apiKey } : {};
      return openAiProvider({ ...rest, ...key });
    }
    default:
      throw new Error(`MODEL_PROVIDER: unknown provider ${model.provider} (offline, bedrock or openai)`);
  }
}
