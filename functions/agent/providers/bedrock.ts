import {
  BedrockRuntimeClient,
  type BedrockRuntimeClientConfig,
  type ContentBlock,
  ConverseStreamCommand,
  type ConverseStreamCommandOutput,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import type { CallUsage } from '../../protocol';
import { AbortedError } from '../abort';
import type { ConversationMessage, ModelEvent, ModelProvider, ModelRequest } from '../types';
import { ModelProviderError } from '../types';
import { parseToolInput } from './tool-input';

export interface BedrockOptions {
  modelId: string;
  region?: string;
  /** Another endpoint (VPC endpoint, a local test server). */
  endpoint?: string;
  maxTokens?: number;
  /** Enables extended reasoning with this budget (models that support it). */
  reasoningBudgetTokens?: number;
  credentials?: BedrockRuntimeClientConfig['credentials'];
  requestHandler?: BedrockRuntimeClientConfig['requestHandler'];
  maxAttempts?: number;
}

/** Bedrock wants alternating roles: consecutive messages of one role are merged. */
export function toBedrockMessages(messages: readonly ConversationMessage[]): Message[] {
  const out: Message[] = [];
  const push = (role: 'user' | 'assistant', content: ContentBlock[]) => {
    const last = out.at(-1);
    if (last && last.role === role) last.content = [...(last.content ?? []), ...content];
    else out.push({ role, content });
  };
  for (const m of messages) {
    if (m.role === 'user') push('user', [{ text: m.text }]);
    else if (m.role === 'tool') {
      push('user', [
        {
          toolResult: {
            toolUseId: m.toolUseId,
            content: [{ text: m.content }],
            status: m.isError ? 'error' : 'success',
          },
        },
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
      push('assistant', content);
    }
  }
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

/** The model's name without infrastructure detail: an inference-profile or model ARN keeps its last part. */
export const modelName = (modelId: string): string => modelId.slice(modelId.lastIndexOf('/') + 1);

/** Amazon Bedrock ConverseStream: streamed text, reasoning and tool use; the signal cancels the request. */
export function bedrockProvider(options: BedrockOptions): ModelProvider {
  const client = new BedrockRuntimeClient({
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.requestHandler ? { requestHandler: options.requestHandler } : {}),
    maxAttempts: options.maxAttempts ?? 2,
  });
  return {
    name: 'bedrock',
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
      const command = new ConverseStreamCommand({
        modelId: options.modelId,
        system: [{ text: request.system }],
        messages: toBedrockMessages(request.messages),
        toolConfig: {
          tools: request.tools.map((t) => ({
            toolSpec: {
              name: t.name,
              description: t.description,
              inputSchema: { json: t.inputSchema as never },
            },
          })),
        },
        inferenceConfig: { maxTokens: request.maxTokens ?? options.maxTokens ?? 4096 },
        ...(options.reasoningBudgetTokens
          ? {
              additionalModelRequestFields: {
                thinking: { type: 'enabled', budget_tokens: options.reasoningBudgetTokens },
              } as never,
            }
          : {}),
      });
      let response: ConverseStreamCommandOutput;
      try {
        response = await client.send(command, { abortSignal: signal });
      } catch (error) {
        if (signal.aborted) throw new AbortedError(signal.reason);
        throw new ModelProviderError('bedrock', errorText(error), { cause: error });
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
            throw new ModelProviderError('bedrock', `${kind}: ${message}`);
          }
        }
      } catch (error) {
        if (signal.aborted) throw new AbortedError(signal.reason);
        if (error instanceof ModelProviderError) throw error;
        throw new ModelProviderError('bedrock', errorText(error), { cause: error });
      }
      // The SDK ends an aborted event stream quietly: a cut-off step must not pass for a finished one.
      if (signal.aborted) throw new AbortedError(signal.reason);
      if (stopReason !== undefined || usage !== undefined) {
        yield {
          type: 'end',
          stopReason: stopReason ?? 'end_turn',
          usage: { model: modelName(options.modelId), ...usage },
        };
      }
    },
  };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
