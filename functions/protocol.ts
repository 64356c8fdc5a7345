/**
 * The chat stream's wire protocol in one place (README, "Chat with the analyst", docs/embedding.md, "How a stream ends", Cube's `stream-chat-state`): the
 * frame ids, the line shapes and their builders, the turn status and the exchange response. No value imports
 * and no side effects, so the server, the store and the browser widget all read the same definitions (the
 * widget imports types and the few constants only).
 */

import type { AttributeValue } from './query-user';

/** Ids of the protocol frames. Keepalive is never stored (it carries no `sort`); the others are. */
export const FRAME = {
  cutoff: '__cutoff__',
  state: '__state__',
  aborted: '__aborted__',
  suspended: '__suspended__',
  usage: '__usage__',
  keepalive: '__keepalive__',
} as const;
export type FrameId = (typeof FRAME)[keyof typeof FRAME];

export const CUTOFF_ID = FRAME.cutoff;
export const STATE_ID = FRAME.state;
export const ABORTED_ID = FRAME.aborted;
export const SUSPENDED_ID = FRAME.suspended;
export const USAGE_ID = FRAME.usage;
export const KEEPALIVE_ID = FRAME.keepalive;

const FRAME_IDS: readonly string[] = Object.values(FRAME);

/** Whether a line is a protocol frame (or an `{"error"}` line, which has no id) rather than a message. */
export const isFrame = (line: { id?: unknown }): boolean =>
  typeof line.id !== 'string' || FRAME_IDS.includes(line.id);

/** How a turn ended (the `status` of its `__state__` line). */
export type TurnStatus = 'completed' | 'aborted' | 'error';

/** Why a turn stopped early; carried as `state.reason` on the `__state__` line. */
export type StopReason = 'abort' | 'disconnect' | 'timeout' | 'lease-lost';

/** Graph nodes of the analyst (docs/embedding.md, "How a stream ends"); the agent's tool names may switch them to Cube's. */
export const FINAL_NODE = ['final'];

/** Which names an agent's stream uses: the service spec's (default) or Cube's (an agent setting). */
export type ToolNaming = 'core' | 'cube';
export const TOOL_NAMINGS: readonly ToolNaming[] = ['core', 'cube'];

/** The tool and node names of each naming. */
export const NAMES = {
  core: { meta: 'coreMeta', sql: 'coreSqlApi', agent: 'core_data_analyst_agent' },
  cube: { meta: 'cubeMeta', sql: 'cubeSqlApi', agent: 'cube_data_analyst_agent' },
} as const;

/** A tool name of either naming as the service's own (`cubeSqlApi` is `coreSqlApi`); other names unchanged. */
export const coreToolName = (name: string): string =>
  name === NAMES.cube.meta ? NAMES.core.meta : name === NAMES.cube.sql ? NAMES.core.sql : name;

/** The service's tool name as a naming spells it. */
export const wireToolName = (name: string, naming: ToolNaming): string =>
  name === NAMES.core.meta ? NAMES[naming].meta : name === NAMES.core.sql ? NAMES[naming].sql : name;

/** Token usage of a turn as Cube's `__usage__` frame carries it. */
export interface Usage {
  /** Distinct models the turn called (`offline` for the built-in planner). */
  models: string[];
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  /** Sum of the four token counts. */
  totalTokens: number;
}

export const emptyUsage = (): Usage => ({
  models: [],
  llmCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
  totalTokens: 0,
});

/** One model call's counts, as a provider reports them. */
export interface CallUsage {
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  cacheWriteTokens?: number;
  cacheReadTokens?: number;
}

/** Adds one model call to a turn's usage (in place). */
export function addUsage(total: Usage, call: CallUsage): Usage {
  total.llmCalls += 1;
  if (call.model && !total.models.includes(call.model)) total.models.push(call.model);
  total.inputTokens += call.inputTokens ?? 0;
  total.outputTokens += call.outputTokens ?? 0;
  total.cacheWriteTokens += call.cacheWriteTokens ?? 0;
  total.cacheReadTokens += call.cacheReadTokens ?? 0;
  total.totalTokens = total.inputTokens + total.outputTokens + total.cacheWriteTokens + total.cacheReadTokens;
  return total;
}

export type ToolCallWire = {
  name: string;
  input: string;
  result?: string;
};

/** A message line (docs/embedding.md, "How a stream ends") without its `sort`: user echo, agent text, tool call or final answer. */
export type MessageLine = {
  id: string;
  role: 'user' | 'assistant';
  content?: string;
  thinking?: string;
  toolCall?: ToolCallWire;
  graphPath?: string[];
  isDelta?: boolean;
  isInProcess?: boolean;
  state?: Record<string, unknown>;
};

export type CutoffLine = {
  id: typeof FRAME.cutoff;
  role: 'assistant';
  state: { chatId: string; isStreaming: true };
};

export type StateLine = {
  id: typeof FRAME.state;
  role: 'assistant';
  state: {
    chatId: string;
    status: TurnStatus;
    isStreaming: false;
    reason?: StopReason;
    /** The turn's messages as they settled (Cube's thread snapshot; see docs/embedding.md). */
    messages: MessageLine[];
  };
};

export type AbortedLine = {
  id: typeof FRAME.aborted;
  role: 'assistant';
  type: 'abort';
  code: 'chat_aborted';
  error: string;
};

export type SuspendedLine = {
  id: typeof FRAME.suspended;
  role: 'assistant';
  type: 'suspend';
  code: 'chat_suspended';
  /** False here (Cube: true): resending the same messageId replays the stored turn, it does not resume it. */
  retryable: false;
  messageId: string;
  error: string;
};

/** Cube's error line: no id, no message fields. */
export type ErrorLine = {
  error: string;
};

export type UsageLine = {
  id: typeof FRAME.usage;
  type: 'usage';
  usage: Usage;
};

export type KeepaliveLine = {
  id: typeof FRAME.keepalive;
};

/** Every line of the chat stream, without `sort` (the chat service numbers them; keepalive has none). */
export type ChatLine =
  | MessageLine
  | CutoffLine
  | StateLine
  | AbortedLine
  | SuspendedLine
  | ErrorLine
  | UsageLine
  | KeepaliveLine;

/** A line with its place in the thread. */
export type Sorted<T> = T & { sort: number };

/** The first line of every stream: it names the thread. */
export const cutoffLine = (chatId: string): Sorted<CutoffLine> => ({
  id: FRAME.cutoff,
  role: 'assistant',
  state: { chatId, isStreaming: true },
  sort: 0,
});

/** The turn's `__state__`: how it ended and what it said. */
export const stateLine = (
  chatId: string,
  status: TurnStatus,
  sort: number,
  reason?: StopReason,
  messages: MessageLine[] = [],
): Sorted<StateLine> => ({
  id: FRAME.state,
  role: 'assistant',
  state: { chatId, status, isStreaming: false, ...(reason ? { reason } : {}), messages },
  sort,
});

/** An increment of the agent node's text (or reasoning) for message `id`. */
export const agentDelta = (
  id: string,
  node: string[],
  delta: { content?: string; thinking?: string },
): MessageLine => ({
  id,
  role: 'assistant',
  content: delta.content ?? '',
  thinking: delta.thinking ?? '',
  graphPath: node,
  isDelta: true,
  isInProcess: true,
});

/** The complete copy of an agent step's text that replaces its increments. */
export const agentStep = (id: string, node: string[], content: string, thinking: string): MessageLine => ({
  id,
  role: 'assistant',
  content,
  thinking,
  graphPath: node,
  isDelta: false,
  isInProcess: false,
});

/** A tool call that has started (no result yet). */
export const toolStarted = (id: string, node: string[], name: string, input: string): MessageLine => ({
  id,
  role: 'assistant',
  content: '',
  thinking: '',
  toolCall: { name, input },
  graphPath: node,
  isDelta: false,
  isInProcess: true,
});

/** The same tool call with its result (a JSON string; `{"error": ...}` when it failed). */
export const toolResult = (
  id: string,
  node: string[],
  name: string,
  input: string,
  result: string,
): MessageLine => ({
  id,
  role: 'assistant',
  content: '',
  thinking: '',
  toolCall: { name, input, result },
  graphPath: node,
  isDelta: false,
  isInProcess: false,
});

/** The turn's one final answer. */
export const finalLine = (id: string, content: string): MessageLine => ({
  id,
  role: 'assistant',
  content,
  thinking: '',
  graphPath: FINAL_NODE,
  isDelta: false,
  isInProcess: false,
});

export const abortedLine = (error: string): AbortedLine => ({
  id: FRAME.aborted,
  role: 'assistant',
  type: 'abort',
  code: 'chat_aborted',
  error,
});

export const suspendedLine = (messageId: string, error: string): SuspendedLine => ({
  id: FRAME.suspended,
  role: 'assistant',
  type: 'suspend',
  code: 'chat_suspended',
  retryable: false,
  messageId,
  error,
});

export const errorLine = (error: string): ErrorLine => ({ error });

export const usageLine = (usage: Usage): UsageLine => ({ id: FRAME.usage, type: 'usage', usage });

/** Whether a line is the final answer (graphPath `["final"]`). */
export const isFinal = (line: { graphPath?: unknown }): boolean =>
  Array.isArray(line.graphPath) && line.graphPath[0] === 'final';

/** What `POST /api/v1/embed/session/token` (and its alias `/session/exchange`) answers (README, "Mint a session for one of your customers"). */
export interface ExchangedSession {
  token: string;
  expiresAt: string;
  /** The account of the session: the embed page derives the chat URL from it (Cube's `/embed/chat?sessionId=`). */
  accountName: string;
  deploymentId: number;
  embedTenantName: string | null;
  creatorMode: boolean;
  user: {
    externalId?: string;
    internalId?: string;
    email?: string;
    groups: string[];
    userAttributes: { name: string; value: AttributeValue }[];
  };
  userProfile?: { displayName?: string; picture?: string };
  branchName?: string;
  /** Cube's optional fields as the session recorded them (the widget reads theme, locale and timezone). */
  settings?: Record<string, unknown>;
  embedTheme?: Record<string, unknown>;
  roles?: string[];
  isEphemeral?: boolean;
}
