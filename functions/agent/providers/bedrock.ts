import {
  BedrockRuntimeClient,
  type BedrockRuntimeClientConfig,
  type ContentBlock,
  ConverseStreamCommand,
  type ConverseStreamCommandInput,
  type ConverseStreamCommandOutput,
  type Message,
  type SystemContentBlock,
  type Tool,
} from '@aws-sdk/client-bedrock-runtime';
import { rejectsSamplingParams, thinksAdaptively } from '../../models';
import type { CallUsage } from '../../protocol';
import { AbortedError } from '../abort';
import { userText } from '../prompt';
import type {
  ConversationMessage,
  ModelEvent,
  ModelProvider,
  ModelRequest,
  ProviderFailure,
  StepStop,
} from '../types';
import { ModelProviderError } from '../types';
import { DEFAULT_RETRY, type RetryPolicy, withRetries } from './retry';
import { parseToolInput } from './tool-input';

export interface BedrockOptions {
  modelId: string;
  region?: string;
  /** Another endpoint (VPC endpoint, a local test server). */
  endpoint?: string;
  maxTokens?: number;
  /** Enables extended reasoning with this budget (models that support it); kept within `maxTokens`. */
  reasoningBudgetTokens?: number;
  /** Sampling temperature (default 0: the same question gets the same reading); left out while reasoning. */
  temperature?: number;
  /** Cache points after the system prompt, the tools and the stable history: `auto` for Claude and Nova models. */
  promptCaching?: 'auto' | 'on' | 'off';
  credentials?: BedrockRuntimeClientConfig['credentials'];
  requestHandler?: BedrockRuntimeClientConfig['requestHandler'];
  /** The SDK's own attempts per request (1: the provider's retry policy below does the retrying). */
  maxAttempts?: number;
  retry?: Partial<RetryPolicy>;
  /** Hears each retry (the caller logs it). */
  onRetry?: (error: ModelProviderError, attempt: number, delayMs: number) => void;
}

export const DEFAULT_MAX_TOKENS = 4096;
/** Bedrock's smallest reasoning budget; an answer needs room beside the reasoning too. */
const MIN_THINKING = 1024;

/**
 * The reasoning budget a request may use: at least Bedrock's minimum, and leaving at least as much again of
 * `maxTokens` for the answer and tool calls; undefined (no reasoning) when `maxTokens` has no room for both.
 */
export function thinkingBudget(budget: number | undefined, maxTokens: number): number | undefined {
  if (!budget) return undefined;
  const room = maxTokens - MIN_THINKING;
  if (room < MIN_THINKING) return undefined;
  return Math.min(Math.max(budget, MIN_THINKING), room);
}

/** Models whose Converse API takes cache points (Anthropic Claude, Amazon Nova). */
const CACHING_MODELS = /(anthropic\.claude|amazon\.nova)/;

const CACHE_POINT = { cachePoint: { type: 'default' as const } };

/**
 * Bedrock wants alternating roles: consecutive messages of one role are merged. `cacheAfter` lists the
 * conversation indexes whose message ends a cached prefix: a cache point block follows its content.
 */
export function toBedrockMessages(
  messages: readonly ConversationMessage[],
  cacheAfter: readonly number[] = [],
): Message[] {
  const out: Message[] = [];
  const push = (role: 'user' | 'assistant', content: ContentBlock[]) => {
    const last = out.at(-1);
    if (last && last.role === role) last.content = [...(last.content ?? []), ...content];
    else out.push({ role, content });
  };
  messages.forEach((m, i) => {
    const cache: ContentBlock[] = cacheAfter.includes(i) ? [CACHE_POINT] : [];
    if (m.role === 'user') push('user', [{ text: userText(m) }, ...cache]);
    else if (m.role === 'tool') {
      push('user', [
        {
          toolResult: {
            toolUseId: m.toolUseId,
            content: [{ text: m.content }],
            status: m.isError ? 'error' : 'success',
          },
        },
        ...cache,
      ]);
    } else {
      const content: ContentBlock[] = [];
      // Reasoning goes back only with its signature (required when tools were used).
      if (m.reasoning?.signature) {
        content.push({
          reasoningContent: { reasoningText: { text: m.reasoning.text, signature: m.reasoning.signature } },
        });
      }
      if (m.text) content.push({ text: m.text });
      for (const t of m.toolUses)
        content.push({ toolUse: { toolUseId: t.id, name: t.name, input: t.input as never } });
      if (content.length === 0) content.push({ text: '…' });
      push('assistant', [...content, ...cache]);
    }
  });
  return out;
}

interface BedrockUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

const fromBedrockUsage = (usage: BedrockUsage): CallUsage => ({
  inputTokens: usage.inputTokens ?? 0,
  outputTokens: usage.outputTokens ?? 0,
  cacheReadTokens: usage.cacheReadInputTokens ?? 0,
  cacheWriteTokens: usage.cacheWriteInputTokens ?? 0,
});

/** Bedrock's stop reasons as the loop acts on them. */
export function bedrockStop(reason: string | undefined): StepStop {
  switch (reason) {
    case undefined:
    case 'end_turn':
    case 'stop_sequence':
      return 'end_turn';
    case 'tool_use':
      return 'tool_use';
    case 'max_tokens':
      return 'max_tokens';
    case 'content_filtered':
    case 'guardrail_intervened':
      return 'content_filtered';
    case 'model_context_window_exceeded':
      return 'context_overflow';
    case 'malformed_tool_use':
    case 'malformed_model_output':
      return 'malformed';
    default:
      return 'other';
  }
}

const TOO_LONG =
  /too long|too many (input )?tokens|context (window|length)|maximum context|exceeds? the (maximum|max)/i;

/** What a Bedrock error (an SDK exception, or an exception frame of the stream) means for the loop. */
export function bedrockFailure(name: string, message: string, status?: number): ProviderFailure {
  if (/^(Throttling|TooManyRequests)/i.test(name) || status === 429) return 'throttled';
  if (/^(ServiceUnavailable|InternalServer|ModelStreamError|ModelTimeout|ModelNotReady)/i.test(name))
    return 'unavailable';
  if (status !== undefined && status >= 500) return 'unavailable';
  if (/^Validation/i.test(name) && TOO_LONG.test(message)) return 'context';
  if (/^(Validation|AccessDenied|ResourceNotFound|ServiceQuotaExceeded|ModelError)/i.test(name))
    return 'client';
  if (/ECONNRESET|ECONNREFUSED|socket hang up|ETIMEDOUT|GOAWAY|stream.*(closed|reset)/i.test(message))
    return 'unavailable';
  return 'other';
}

function providerError(error: unknown): ModelProviderError {
  if (error instanceof ModelProviderError) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return new ModelProviderError('bedrock', `${name}: ${message}`, {
    cause: error,
    kind: bedrockFailure(name, message, status),
  });
}

/** The model's name without infrastructure detail: an inference-profile or model ARN keeps its last part. */
export const modelName = (modelId: string): string => modelId.slice(modelId.lastIndexOf('/') + 1);

/** The ConverseStream request of one step: parameters, cache points, reasoning within bounds. */
export function converseRequest(options: BedrockOptions, request: ModelRequest): ConverseStreamCommandInput {
  const maxTokens = request.maxTokens ?? options.maxTokens ?? DEFAULT_MAX_TOKENS;
  // A model that thinks adaptively does so unasked and answers a budget with a 400 (BEDROCK_REASONING_BUDGET set
  // for the local service, or a model id changed after the synth check): it gets no budget.
  const budget = thinksAdaptively(options.modelId)
    ? undefined
    : thinkingBudget(options.reasoningBudgetTokens, maxTokens);
  const caching =
    options.promptCaching === 'on' ||
    ((options.promptCaching ?? 'auto') === 'auto' && CACHING_MODELS.test(options.modelId));
  const last = request.messages.length - 1;
  const stable = Math.min(request.stablePrefix ?? 0, request.messages.length) - 1;
  // At most four cache points: system, tools, the end of earlier turns, and the end of this step's input.
  const cacheAfter = caching ? [...new Set([stable, last].filter((i) => i >= 0))] : [];
  const system: SystemContentBlock[] = [{ text: request.system }, ...(caching ? [CACHE_POINT] : [])];
  const tools: Tool[] = [
    ...request.tools.map((t) => ({
      toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.inputSchema as never } },
    })),
    ...(caching ? [CACHE_POINT] : []),
  ];
  return {
    modelId: options.modelId,
    system,
    messages: toBedrockMessages(request.messages, cacheAfter),
    toolConfig: { tools },
    // Reasoning models take no temperature while they reason; newer Claude models take none at all (a 400).
    inferenceConfig: {
      maxTokens,
      ...(budget || rejectsSamplingParams(options.modelId) ? {} : { temperature: options.temperature ?? 0 }),
    },
    ...(budget
      ? {
          additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: budget } } as never,
        }
      : {}),
  };
}

/** Amazon Bedrock ConverseStream: streamed text, reasoning and tool use; the signal cancels the request. */
export function bedrockProvider(options: BedrockOptions): ModelProvider {
  const client = new BedrockRuntimeClient({
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.requestHandler ? { requestHandler: options.requestHandler } : {}),
    maxAttempts: options.maxAttempts ?? 1,
  });
  const policy = { ...DEFAULT_RETRY, ...options.retry };

  async function* attempt(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    let response: ConverseStreamCommandOutput;
    try {
      response = await client.send(new ConverseStreamCommand(converseRequest(options, request)), {
        abortSignal: signal,
      });
    } catch (error) {
      if (signal.aborted) throw new AbortedError(signal.reason);
      throw providerError(error);
    }
    if (!response.stream) throw new ModelProviderError('bedrock', 'response without a stream');
    const tools = new Map<number, { id: string; name: string; input: string }>();
    // Bedrock sends the stop reason first and the step's token counts after it, in `metadata`.
    let stopReason: string | undefined;
    let usage: CallUsage | undefined;
    try {
      for await (const event of response.stream as AsyncIterable<Record<string, unknown>>) {
        const start = event.contentBlockStart as
          | { contentBlockIndex?: number; start?: { toolUse?: { toolUseId?: string; name?: string } } }
          | undefined;
        if (start?.start?.toolUse) {
          tools.set(start.contentBlockIndex ?? 0, {
            id: start.start.toolUse.toolUseId ?? `tool-${tools.size}`,
            name: start.start.toolUse.name ?? '',
            input: '',
          });
          continue;
        }
        const delta = event.contentBlockDelta as
          | {
              contentBlockIndex?: number;
              delta?: {
                text?: string;
                toolUse?: { input?: string };
                reasoningContent?: { text?: string; signature?: string };
              };
            }
          | undefined;
        if (delta?.delta) {
          const d = delta.delta;
          if (typeof d.text === 'string') yield { type: 'text', delta: d.text };
          else if (d.toolUse) {
            const tool = tools.get(delta.contentBlockIndex ?? 0);
            if (tool) tool.input += d.toolUse.input ?? '';
          } else if (d.reasoningContent?.text) yield { type: 'thinking', delta: d.reasoningContent.text };
          else if (d.reasoningContent?.signature) {
            yield { type: 'thinkingSignature', signature: d.reasoningContent.signature };
          }
          continue;
        }
        const stop = event.contentBlockStop as { contentBlockIndex?: number } | undefined;
        if (stop) {
          const index = stop.contentBlockIndex ?? 0;
          const tool = tools.get(index);
          if (tool) {
            tools.delete(index);
            yield {
              type: 'toolUse',
              toolUse: { id: tool.id, name: tool.name, input: parseToolInput(tool.input) },
            };
          }
          continue;
        }
        const messageStop = event.messageStop as { stopReason?: string } | undefined;
        if (messageStop) {
          stopReason = messageStop.stopReason ?? 'end_turn';
          continue;
        }
        const metadata = event.metadata as { usage?: BedrockUsage } | undefined;
        if (metadata?.usage) {
          usage = fromBedrockUsage(metadata.usage);
          continue;
        }
        const exception = Object.entries(event).find(([key]) => /Exception$/.test(key));
        if (exception) {
          const [kind, body] = exception;
          const message = (body as { message?: string } | undefined)?.message ?? kind;
          const name = kind.charAt(0).toUpperCase() + kind.slice(1);
          throw new ModelProviderError('bedrock', `${name}: ${message}`, {
            kind: bedrockFailure(name, message),
          });
        }
      }
    } catch (error) {
      if (signal.aborted) throw new AbortedError(signal.reason);
      throw providerError(error);
    }
    // The SDK ends an aborted event stream quietly: a cut-off step must not pass for a finished one.
    if (signal.aborted) throw new AbortedError(signal.reason);
    if (stopReason === undefined && usage === undefined) {
      throw new ModelProviderError('bedrock', 'the stream ended without a stop reason', {
        kind: 'unavailable',
      });
    }
    yield {
      type: 'end',
      stopReason: bedrockStop(stopReason),
      ...(stopReason ? { rawStopReason: stopReason } : {}),
      usage: { model: modelName(options.modelId), ...usage },
    };
  }

  return {
    name: 'bedrock',
    stream: (request, signal) => withRetries(() => attempt(request, signal), policy, signal, options.onRetry),
  };
}
