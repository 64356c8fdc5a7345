import type { CallUsage } from '../protocol';
import type { VerifiedExample, VerifiedQuery } from './verified';
/** A chat message as streamed (docs/embedding.md, "How a stream ends"), without `sort` (the chat service assigns sort numbers). */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content?: string;
  thinking?: string;
  /** The tool's name as streamed: the service's own, or Cube's when the agent uses Cube's names. */
  toolCall?: { name: string; input: string; result?: string };
  graphPath?: string[];
  isDelta?: boolean;
  isInProcess?: boolean;
  state?: Record<string, unknown>;
}

export type ToolName = 'coreMeta' | 'coreSqlApi';

/** Input of the coreSqlApi tool (docs/embedding.md, "Tool and node names"). */
export interface CoreSqlInput {
  sqlQuery: string;
  queryTitle?: string;
  description?: string;
  userRequest?: string;
  memoryId?: string;
  vegaSpec?: string;
}

/** The two tools of the analyst; results are plain objects the agent serialises into `toolCall.result`. */
export interface AnalystTools {
  coreMeta(input: { searchQuery: string }, signal: AbortSignal): Promise<object>;
  coreSqlApi(input: CoreSqlInput, signal: AbortSignal): Promise<object>;
  /** The model's `verified_queries`: examples for the model, reused when a question is close enough. */
  verifiedQueries?: readonly VerifiedQuery[];
}

/** A tool as described to a model: name, purpose and JSON schema of its input. */
export interface ToolSpec {
  name: ToolName;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** One tool call requested by the model, with its input already parsed. */
export interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** Provider-neutral conversation: what a model sees. */
export type ConversationMessage =
  | { role: 'user'; text: string }
  | {
      role: 'assistant';
      text: string;
      toolUses: ToolUse[];
      /** Reasoning of the step; Bedrock requires it (with its signature) back when tools were used. */
      reasoning?: { text: string; signature?: string };
    }
  | { role: 'tool'; toolUseId: string; name: string; content: string; isError: boolean };

export interface ModelRequest {
  system: string;
  /** The user's date and time zone at this turn: relative periods ("last month") are read against it. */
  clock?: { today: string; timeZone: string };
  /** Verified queries closest to the user's question, closest first. */
  examples?: VerifiedExample[];
  messages: ConversationMessage[];
  tools: ToolSpec[];
  maxTokens?: number;
}

/** What a provider streams for one model step. */
export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'thinking'; delta: string }
  | { type: 'thinkingSignature'; signature: string }
  | { type: 'toolUse'; toolUse: ToolUse }
  /** A step ended; `usage` is what the provider reported for it (its model and token counts). */
  | { type: 'end'; stopReason: string; usage?: CallUsage };

/** A model behind one small interface: streams the events of one step; honours the signal. */
export interface ModelProvider {
  readonly name: string;
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
}

/** A model provider failed (bad status, exception frame, malformed stream). */
export class ModelProviderError extends Error {
  readonly provider: string;

  constructor(provider: string, message: string, options?: ErrorOptions) {
    super(`${provider}: ${message}`, options);
    this.name = 'ModelProviderError';
    this.provider = provider;
  }
}
