/**
 * The analyst agent: the graph (model step, tools, final answer), its tools over the semantic layer,
 * model providers (Bedrock, OpenAI-compatible, offline) and chart choice.
 */
export { AbortedError } from './abort';
export { chartFor } from './charts';
export {
  AGENT_NODE,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_STEPS,
  FINAL_NODE,
  historyToConversation,
  runAgentTurn,
  SYSTEM_PROMPT,
  systemPrompt,
  TOOL_SPECS,
  TOOLS_NODE,
  type TurnArgs,
  type TurnResult,
} from './loop';
export { bedrockProvider } from './providers/bedrock';
export { providerFromConfig } from './providers/env';
export { offlineProvider } from './providers/offline';
export { openAiProvider } from './providers/openai';
export { createAnalystTools, TOOL_MAX_ROWS } from './tools';
export {
  type AnalystTools,
  type ChatMessage,
  type ConversationMessage,
  type CoreSqlInput,
  type ModelEvent,
  type ModelProvider,
  ModelProviderError,
  type ModelRequest,
  type ToolName,
  type ToolSpec,
  type ToolUse,
} from './types';
