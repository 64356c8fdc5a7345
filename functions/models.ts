/**
 * Which model answers by default, per region (docs/operating.md, _Choosing the model_). Apart from config.ts so
 * the CDK app (lib/config.ts) reads the same default without the environment parser.
 */

/**
 * The default model (docs/operating.md, _Choosing the model_): Claude Haiku 5.5, Active on Bedrock since
 * 2026-10-07, EOL no sooner than 2027-10-07. Bedrock's Converse API serves it only through an inference profile.
 */
export const DEFAULT_BEDROCK_MODEL = 'anthropic.claude-haiku-5-5';

/** The geographies that have an inference profile of the default model; `global` everywhere else. */
export type BedrockGeography = 'us' | 'us-gov' | 'eu' | 'jp' | 'au' | 'global';

/**
 * The geography whose inference profile keeps a region's prompts in that geography: `us.` for US regions, `eu.`
 * for EU regions, `jp.` for Tokyo and Osaka, `au.` for Sydney and Melbourne. Other regions (and an unknown one)
 * get the global profile, which may route to any commercial region.
 */
export function bedrockGeography(region: string | undefined): BedrockGeography {
  if (!region) return 'global';
  if (region.startsWith('us-gov-')) return 'us-gov';
  if (region.startsWith('us-')) return 'us';
  if (region.startsWith('eu-')) return 'eu';
  if (region === 'ap-northeast-1' || region === 'ap-northeast-3') return 'jp';
  if (region === 'ap-southeast-2' || region === 'ap-southeast-4') return 'au';
  return 'global';
}

/** The inference profile of the default model for a region (`eu.anthropic.claude-haiku-5-5` in eu-west-1). */
export const defaultBedrockModelId = (region: string | undefined): string =>
  `${bedrockGeography(region)}.${DEFAULT_BEDROCK_MODEL}`;

/**
 * Claude models that think adaptively and refuse a thinking token budget with a 400 (Bedrock's "Adaptive thinking"
 * page: the Claude 5 family, Opus 4.7; Opus and Sonnet 4.6 deprecate the budget form). The stack refuses a budget
 * for them at synth; the provider never sends one.
 */
export const thinksAdaptively = (modelId: string): boolean =>
  /claude-(haiku|sonnet|opus|fable|mythos)-5|claude-(sonnet|opus)-4-[6-9]|claude-mythos-preview/.test(
    modelId,
  );

/**
 * Claude models that answer any non-default sampling parameter (temperature, top_p, top_k) with a 400 on every
 * request, thinking or not: Opus 4.7 and later, the whole Claude 5 family (the default model among them) and Mythos
 * Preview. Opus and Sonnet 4.6 think adaptively but still take a temperature. The provider sends them none.
 */
export const rejectsSamplingParams = (modelId: string): boolean =>
  /claude-(haiku|sonnet|opus|fable|mythos)-5|claude-opus-4-[7-9]|claude-mythos-preview/.test(modelId);
