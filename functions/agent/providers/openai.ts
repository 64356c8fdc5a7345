import type { CallUsage } from '../../protocol';
import { AbortedError } from '../abort';
import type { ConversationMessage, ModelEvent, ModelProvider, ModelRequest } from '../types';
import { ModelProviderError } from '../types';
import { parseToolInput } from './tool-input';

export interface OpenAiOptions {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), a vLLM server. */
  baseUrl: string;
  /** The key, or how to read it when a request starts (a Secrets Manager secret in AWS). */
  apiKey?: string | (() => Promise<string>);
  model: string;
  maxTokens?: number;
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
    if (m.role === 'user') out.push({ role: 'user', content: m.text });
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
  error?: { message?: string; type?: string } | string;
}

/** OpenAI-compatible chat completions over SSE (`stream: true`); the signal cancels the request. */
export function openAiProvider(options: OpenAiOptions): ModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
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
            max_tokens: request.maxTokens ?? options.maxTokens ?? 4096,
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
        throw new ModelProviderError('openai', error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => '');
        let message = text.slice(0, 500);
        try {
          const parsed = JSON.parse(text) as Chunk;
          if (typeof parsed.error === 'object' && parsed.error?.message) message = parsed.error.message;
        } catch {
          // Not JSON: the raw text says enough.
        }
        throw new ModelProviderError('openai', `HTTP ${response.status}: ${message}`);
      }
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      let stopReason = 'stop';
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
          if (data.trim() === '[DONE]') break;
          let chunk: Chunk;
          try {
            chunk = JSON.parse(data) as Chunk;
          } catch {
            throw new ModelProviderError('openai', `malformed stream chunk: ${data.slice(0, 200)}`);
          }
          if (event === 'error' || chunk.error) {
            const message =
              typeof chunk.error === 'string' ? chunk.error : (chunk.error?.message ?? 'stream error');
            throw new ModelProviderError('openai', message);
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
        });
      }
      // An aborted body may end quietly: a cut-off step must not pass for a finished one.
      if (signal.aborted) throw new AbortedError(signal.reason);
      yield* flushTools();
      yield { type: 'end', stopReason, usage: { model: options.model, ...usage } };
    },
  };
}
