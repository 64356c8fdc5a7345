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
import { DEFAULT_RETRY, type RetryPolicy, retryAfterMs, withRetries } from './retry';
import { parseToolInput } from './tool-input';

export interface OpenAiOptions {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a vLLM server. */
  baseUrl: string;
  /** The key, or how to read it when a request starts (a Secrets Manager secret in AWS). */
  apiKey?: string | (() => Promise<string>);
  model: string;
  maxTokens?: number;
  /** Sampling temperature (default 0); reasoning models (o-series, gpt-5) take none. */
  temperature?: number;
  /**
   * `max_completion_tokens` (OpenAI's current name; its reasoning models refuse `max_tokens`) or `max_tokens`
   * (older OpenAI-compatible servers). Default: the former on api.openai.com and for reasoning models.
   */
  tokenLimitParameter?: 'max_completion_tokens' | 'max_tokens';
  /**
   * OpenAI caches prompt prefixes on its own; `prompt_cache_key` routes requests that share a prefix (the same
   * system prompt and tools) to the same cache. Default: sent to api.openai.com only (other servers may refuse
   * unknown fields).
   */
  promptCacheKey?: string | false;
  retry?: Partial<RetryPolicy>;
  onRetry?: (error: ModelProviderError, attempt: number, delayMs: number) => void;
}

/** OpenAI's reasoning models: no temperature, and `max_completion_tokens` counts their reasoning too. */
export const isReasoningModel = (model: string): boolean => /^(o\d|gpt-5)/i.test(model.replace(/^.*\//, ''));

const isOpenAi = (baseUrl: string): boolean => {
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
};

/** The chat-completions parameters of one step besides the messages and tools. */
export function completionParameters(options: OpenAiOptions, maxTokens: number): Record<string, unknown> {
  const reasoning = isReasoningModel(options.model);
  const parameter =
    options.tokenLimitParameter ??
    (reasoning || isOpenAi(options.baseUrl) ? 'max_completion_tokens' : 'max_tokens');
  const cacheKey =
    options.promptCacheKey === false
      ? undefined
      : (options.promptCacheKey ?? (isOpenAi(options.baseUrl) ? 'analyst-v1' : undefined));
  return {
    [parameter]: maxTokens,
    ...(reasoning ? {} : { temperature: options.temperature ?? 0 }),
    ...(cacheKey ? { prompt_cache_key: cacheKey } : {}),
  };
}

const isJsonObject = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

/** OpenAI's finish reasons as the loop acts on them. */
export function openAiStop(reason: string | undefined): StepStop {
  switch (reason) {
    case undefined:
    case 'stop':
      return 'end_turn';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'content_filtered';
    default:
      return 'other';
  }
}

const TOO_LONG = /context[_ ]length|maximum context|too many tokens|prompt is too long|input is too long/i;

/** What an HTTP status (and the body's error code and message) means for the loop. */
export function openAiFailure(status: number, code: string, message: string): ProviderFailure {
  if (TOO_LONG.test(code) || TOO_LONG.test(message)) return 'context';
  // A spent quota is not a busy server: waiting does not help.
  if (status === 429) return /insufficient_quota/.test(code) ? 'client' : 'throttled';
  if (status === 408 || status === 409 || status >= 500) return 'unavailable';
  if (status >= 400) return 'client';
  return 'other';
}

type OpenAiMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** The chat-completions message list for a conversation. */
export function toOpenAiMessages(system: string, messages: readonly ConversationMessage[]): OpenAiMessage[] {
  const out: OpenAiMessage[] = [{ role: 'system', content: system }];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: userText(m) });
    else if (m.role === 'tool') out.push({ role: 'tool', tool_call_id: m.toolUseId, content: m.content });
    else {
      out.push({
        role: 'assistant',
        content: m.text || null,
        ...(m.toolUses.length > 0
          ? {
              tool_calls: m.toolUses.map((t) => ({
                id: t.id,
                type: 'function' as const,
                function: { name: t.name, arguments: JSON.stringify(t.input) },
              })),
            }
          : {}),
      });
    }
  }
  return out;
}

/** Splits a byte stream into SSE events' data fields (joined lines of one event). */
export async function* sseData(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event?: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (true) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let boundary = /\r?\n\r?\n/.exec(buffer);
      while (boundary) {
        const raw = buffer.slice(0, boundary.index);
        buffer = buffer.slice(boundary.index + boundary[0].length);
        const event = parseEvent(raw);
        if (event) yield event;
        boundary = /\r?\n\r?\n/.exec(buffer);
      }
      if (done) {
        const event = parseEvent(buffer);
        if (event) yield event;
        return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function parseEvent(raw: string): { event?: string; data: string } | undefined {
  const data: string[] = [];
  let event: string | undefined;
  for (const line of raw.split(/\r?\n/)) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  }
  if (data.length === 0) return undefined;
  return { ...(event ? { event } : {}), data: data.join('\n') };
}

interface ChunkDelta {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
}

interface Chunk {
  choices?: { delta?: ChunkDelta; finish_reason?: string | null }[];
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number } | null;
  } | null;
  error?: { message?: string; type?: string; code?: string | null } | string;
}

/** OpenAI-compatible chat completions over SSE (`stream: true`); the signal cancels the request. */
export function openAiProvider(options: OpenAiOptions): ModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const provider = {
    name: 'openai',
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
      let response: Response;
      try {
        const apiKey = typeof options.apiKey === 'function' ? await options.apiKey() : options.apiKey;
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            stream: true,
            stream_options: { include_usage: true },
            ...completionParameters(options, request.maxTokens ?? options.maxTokens ?? 4096),
            messages: toOpenAiMessages(request.system, request.messages),
            tools: request.tools.map((t) => ({
              type: 'function',
              function: { name: t.name, description: t.description, parameters: t.inputSchema },
            })),
          }),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw new AbortedError(signal.reason);
        // No answer at all (refused connection, reset): the server may be back in a moment.
        throw new ModelProviderError('openai', error instanceof Error ? error.message : String(error), {
          cause: error,
          kind: 'unavailable',
        });
      }
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => '');
        let message = text.slice(0, 500);
        let code = '';
        try {
          const parsed = JSON.parse(text) as Chunk;
          if (typeof parsed.error === 'object' && parsed.error?.message) message = parsed.error.message;
          if (typeof parsed.error === 'object')
            code = `${parsed.error?.code ?? ''} ${parsed.error?.type ?? ''}`;
        } catch {
          // Not JSON: the raw text says enough.
        }
        const wait = retryAfterMs(response.headers);
        throw new ModelProviderError('openai', `HTTP ${response.status}: ${message}`, {
          kind: openAiFailure(response.status, code, message),
          ...(wait !== undefined ? { retryAfterMs: wait } : {}),
        });
      }
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      let stopReason: string | undefined;
      let finished = false;
      let usage: CallUsage | undefined;
      const flushTools = function* (): Generator<ModelEvent> {
        for (const [, call] of [...calls.entries()].sort((a, b) => a[0] - b[0])) {
          yield {
            type: 'toolUse',
            toolUse: { id: call.id, name: call.name, input: parseToolInput(call.arguments) },
          };
        }
        calls.clear();
      };
      try {
        for await (const { event, data } of sseData(response.body)) {
          if (data.trim() === '[DONE]') {
            finished = true;
            break;
          }
          let chunk: Chunk;
          try {
            chunk = JSON.parse(data) as Chunk;
          } catch {
            throw new ModelProviderError('openai', `malformed stream chunk: ${data.slice(0, 200)}`);
          }
          if (event === 'error' || chunk.error) {
            const message =
              typeof chunk.error === 'string' ? chunk.error : (chunk.error?.message ?? 'stream error');
            const code =
              typeof chunk.error === 'object' ? `${chunk.error?.code ?? ''} ${chunk.error?.type ?? ''}` : '';
            // An error event mid-stream: rate limits and server errors by their code, the rest as a broken stream.
            const kind = /rate_limit/.test(code)
              ? 'throttled'
              : TOO_LONG.test(`${code} ${message}`)
                ? 'context'
                : /invalid_request/.test(code)
                  ? 'client'
                  : 'unavailable';
            throw new ModelProviderError('openai', message, { kind });
          }
          if (chunk.usage) {
            // prompt_tokens includes the cached ones: counted once, as cache reads (Cube's totalTokens sums all).
            const cached = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
            usage = {
              inputTokens: Math.max(0, (chunk.usage.prompt_tokens ?? 0) - cached),
              outputTokens: chunk.usage.completion_tokens ?? 0,
              ...(cached > 0 ? { cacheReadTokens: cached } : {}),
            };
          }
          for (const choice of chunk.choices ?? []) {
            const delta = choice.delta ?? {};
            const reasoning = delta.reasoning_content ?? delta.reasoning;
            if (reasoning) yield { type: 'thinking', delta: reasoning };
            if (delta.content) yield { type: 'text', delta: delta.content };
            for (const piece of delta.tool_calls ?? []) {
              const index = piece.index ?? 0;
              const call = calls.get(index) ?? { id: piece.id ?? `call-${index}`, name: '', arguments: '' };
              if (piece.id) call.id = piece.id;
              if (piece.function?.name) call.name += piece.function.name;
              if (piece.function?.arguments) call.arguments += piece.function.arguments;
              calls.set(index, call);
            }
            if (choice.finish_reason) stopReason = choice.finish_reason;
          }
        }
      } catch (error) {
        if (signal.aborted) throw new AbortedError(signal.reason);
        if (error instanceof ModelProviderError) throw error;
        throw new ModelProviderError('openai', error instanceof Error ? error.message : String(error), {
          cause: error,
          kind: 'unavailable',
        });
      }
      // An aborted body may end quietly: a cut-off step must not pass for a finished one.
      if (signal.aborted) throw new AbortedError(signal.reason);
      // A body that ends with neither [DONE] nor a finish reason was cut off: the server may be back in a moment.
      if (!finished && stopReason === undefined) {
        throw new ModelProviderError('openai', 'the stream ended without a finish reason', {
          kind: 'unavailable',
        });
      }
      // Arguments that are not a JSON object are a garbled call (Bedrock says malformed_tool_use for these).
      const garbled = [...calls.values()].some(
        (c) => c.arguments.trim() !== '' && !isJsonObject(c.arguments),
      );
      const stop = garbled && openAiStop(stopReason) === 'tool_use' ? 'malformed' : openAiStop(stopReason);
      // A call cut at the output limit has half its arguments: it is not passed on as a call, nor a garbled one.
      if (stop !== 'max_tokens' && stop !== 'malformed') yield* flushTools();
      yield {
        type: 'end',
        stopReason: stop,
        ...(stopReason ? { rawStopReason: stopReason } : {}),
        usage: { model: options.model, ...usage },
      };
    },
  };
  return {
    name: 'openai',
    stream: (request, signal) =>
      withRetries(() => provider.stream(request, signal), policy, signal, options.onRetry),
  };
}
