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

/** A chart the model asks for: the service checks it against the result and builds the Vega-Lite spec. */
export interface ChartHint {
  type: 'bar' | 'line' | 'area' | 'point' | 'arc';
  /** Result columns: the category or time axis, the value(s), an optional series. */
  x: string;
  y: string | string[];
  color?: string;
  title?: string;
}

/**
 * Input of the coreSqlApi tool (docs/embedding.md, "Tool and node names"). The model writes the SQL, title, description and an optional chart
 * hint; the service fills `userRequest` (the turn's input) and builds `vegaSpec` from the hint.
 */
export interface CoreSqlInput {
  sqlQuery: string;
  queryTitle?: string;
  description?: string;
  userRequest?: string;
  chart?: ChartHint;
}

/** Input of the coreMeta tool: keywords, and optionally more members or one cube's members in full. */
export interface CoreMetaInput {
  searchQuery: string;
  limit?: number;
  cube?: string;
}

/** The two tools of the analyst; results are plain objects the agent serialises into `toolCall.result`. */
export interface AnalystTools {
  coreMeta(input: CoreMetaInput, signal: AbortSignal): Promise<object>;
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
  | {
      role: 'user';
      text: string;
      /** The turn's context (date, examples, notes) the service puts ahead of the question. */
      context?: string;
      /** A message of the service (a check that failed, a cut-off step), not the user's. */
      note?: true;
    }
  | {
      role: 'assistant';
      text: string;
      toolUses: ToolUse[];
      /** Reasoning of the step; Bedrock requires it (with its signature) back when tools were used. */
      reasoning?: { text: string; signature?: string };
    }
  | { role: 'tool'; toolUseId: string; name: string; content: string; isError: boolean };

export interface ModelRequest {
  /** The stable rules (cacheable across turns and threads); the turn's date and examples ride in `messages`. */
  system: string;
  /** The user's date and time zone at this turn: relative periods ("last month") are read against it. */
  clock?: { today: string; timeZone: string };
  /** Verified queries closest to the user's question, closest first. */
  examples?: VerifiedExample[];
  messages: ConversationMessage[];
  tools: ToolSpec[];
  maxTokens?: number;
  /**
   * How many leading messages are earlier turns of the thread: they do not change within the turn, so a provider
   * that caches prompts marks the end of them (and of the system prompt and tools) as cache points.
   */
  stablePrefix?: number;
}

/**
 * Why a step ended, as the loop acts on it: an answer or tool calls (`end_turn`, `tool_use`), cut at the output
 * limit (`max_tokens`), blocked by the provider's filter (`content_filtered`), or the input did not fit
 * (`context_overflow`), or a tool call the model garbled (`malformed`). Providers map their own words onto these;
 * anything else arrives as `other`.
 */
export type StepStop =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'content_filtered'
  | 'context_overflow'
  | 'malformed'
  | 'other';

/** What a provider streams for one model step. */
export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'thinking'; delta: string }
  | { type: 'thinkingSignature'; signature: string }
  | { type: 'toolUse'; toolUse: ToolUse }
  /** A step ended; `usage` is what the provider reported for it (its model and token counts). */
  | { type: 'end'; stopReason: StepStop; rawStopReason?: string; usage?: CallUsage };

/** A model behind one small interface: streams the events of one step; honours the signal. */
export interface ModelProvider {
  readonly name: string;
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
}

/**
 * What went wrong with a provider, as the loop acts on it: `throttled` and `unavailable` (429, 5xx, a stream
 * broken by the service) are retried with backoff; `context` (the input is too long) drops older turns; the rest
 * (`client`: a request the provider refuses, `other`) end the turn.
 */
export type ProviderFailure = 'throttled' | 'unavailable' | 'context' | 'client' | 'other';

/**
 * A model provider failed (bad status, exception frame, malformed stream). The message is for logs only: it may
 * carry account ids and role ARNs, so users see a generic text with a reference instead.
 */
export class ModelProviderError extends Error {
  readonly provider: string;
  readonly kind: ProviderFailure;
  /** The provider's own wait hint (Retry-After), in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(
    provider: string,
    message: string,
    options?: ErrorOptions & { kind?: ProviderFailure; retryAfterMs?: number },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ModelProviderError';
    this.provider = provider;
    this.kind = options?.kind ?? 'other';
    if (options?.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }

  /** Worth another attempt after a pause. */
  get retryable(): boolean {
    return this.kind === 'throttled' || this.kind === 'unavailable';
  }
}
