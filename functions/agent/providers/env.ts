import { secretValue } from '../../aws/secrets';
import type { ModelProvider } from '../types';
import { bedrockProvider } from './bedrock';
import { offlineProvider } from './offline';
import { openAiProvider } from './openai';

/**
 * The provider MODEL_PROVIDER names: `offline` (default; OFFLINE_DELAY_MS), `bedrock` (BEDROCK_MODEL_ID,
 * AWS_REGION, BEDROCK_ENDPOINT) or `openai` (OPENAI_BASE_URL, OPENAI_API_KEY or OPENAI_API_KEY_SECRET_ARN,
 * OPENAI_MODEL).
 */
export function providerFromEnv(env: NodeJS.ProcessEnv): ModelProvider {
  const kind = (env.MODEL_PROVIDER ?? 'offline').trim().toLowerCase();
  switch (kind) {
    case '':
    case 'offline':
      return offlineProvider({ delayMs: Number(env.OFFLINE_DELAY_MS ?? 0) || 0 });
    case 'bedrock':
      return bedrockProvider({
        modelId: env.BEDROCK_MODEL_ID ?? 'anthropic.claude-3-5-haiku-20241022-v1:0',
        ...(env.AWS_REGION ? { region: env.AWS_REGION } : {}),
        ...(env.BEDROCK_ENDPOINT ? { endpoint: env.BEDROCK_ENDPOINT } : {}),
        ...(env.BEDROCK_MAX_TOKENS ? { maxTokens: Number(env.BEDROCK_MAX_TOKENS) } : {}),
        ...(env.BEDROCK_REASONING_BUDGET
          ? { reasoningBudgetTokens: Number(env.BEDROCK_REASONING_BUDGET) }
          : {}),
      });
    case 'openai':
      return openAiProvider({
        baseUrl: env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
        ...openAiKey(env),
        model: env.OPENAI_MODEL ?? 'gpt-4o-mini',
      });
    default:
      throw new Error(`MODEL_PROVIDER: unknown provider ${kind} (offline, bedrock or openai)`);
  }
}

/** In AWS the key stays in Secrets Manager (read when a request starts, cached); locally it may be plain. */
function openAiKey(env: NodeJS.ProcessEnv): { apiKey?: string | (() => Promise<string>) } {
  const arn = env.OPENAI_API_KEY_SECRET_ARN;
  if (arn) return { apiKey: () => secretValue(arn) };
  return env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {};
}
