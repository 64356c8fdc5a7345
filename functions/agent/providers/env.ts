import { secretValue } from '../../aws/secrets';
import type { ModelConfig } from '../../config';
import { createLogger, describeError } from '../../observability/log';
import type { ModelProvider, ModelProviderError } from '../types';
import { bedrockProvider } from './bedrock';
import { offlineProvider } from './offline';
import { openAiProvider } from './openai';

const log = createLogger({ component: 'model-provider' });

/** Each retry of a throttled or unavailable model, with the provider's full error, for the operator. */
const onRetry = (error: ModelProviderError, attempt: number, delayMs: number) =>
  log.warn('model call retried', {
    provider: error.provider,
    kind: error.kind,
    attempt,
    delayMs,
    ...describeError(error),
  });

/**
 * The provider MODEL_PROVIDER names (parsed in config.ts): `offline` (default; OFFLINE_DELAY_MS, OFFLINE_PROMPT_CACHE), `bedrock`
 * (BEDROCK_MODEL_ID, AWS_REGION, BEDROCK_ENDPOINT, BEDROCK_MAX_TOKENS, BEDROCK_REASONING_BUDGET,
 * BEDROCK_PROMPT_CACHING) or `openai` (OPENAI_BASE_URL, OPENAI_API_KEY or OPENAI_API_KEY_SECRET_ARN,
 * OPENAI_MODEL, OPENAI_MAX_TOKENS); MODEL_TEMPERATURE for both.
 */
export function providerFromConfig(model: ModelConfig): ModelProvider {
  switch (model.provider) {
    case 'offline':
      return offlineProvider({ delayMs: model.offlineDelayMs, promptCache: model.offlinePromptCache });
    case 'bedrock':
      return bedrockProvider({ ...model.bedrock, onRetry });
    case 'openai': {
      const { apiKeySecretArn, apiKey, ...rest } = model.openai;
      // In AWS the key stays in Secrets Manager (read when a request starts, cached); locally it may be plain.
      const key = apiKeySecretArn ? { apiKey: () => secretValue(apiKeySecretArn) } : apiKey ? { apiKey } : {};
      return openAiProvider({ ...rest, ...key, onRetry });
    }
    default:
      throw new Error(`MODEL_PROVIDER: unknown provider ${model.provider} (offline, bedrock or openai)`);
  }
}
