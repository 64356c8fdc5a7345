import { coreToolName, isFrame } from '../protocol';
import { resultForModel } from './model-view';
import type { ChatMessage, ConversationMessage, ToolUse } from './types';

/** History tool results larger than this are shortened before they go back to a model. */
const HISTORY_RESULT_CHARS = 6_000;
/** Earlier turns a model reads at most, in estimated tokens (about a sixth of a 200k-token context). */
export const DEFAULT_HISTORY_TOKENS = 32_000;
/** Input fields the service adds to a tool call: the model did not write them and does not get them back. */
const SERVICE_FIELDS = new Set(['userRequest', 'memoryId', 'vegaSpec']);

/**
 * Tokens of a text as a model would count them, estimated without its tokenizer: one per three characters
 * (JSON and numbers split finer than prose, so this errs on the high side, which is the safe side for a bound).
 */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 3);

/** Estimated tokens of a conversation: its texts, tool inputs and results. */
export function conversationTokens(messages: readonly ConversationMessage[]): number {
  let total = 0;
  for (const m of messages) {
    if (m.role === 'user') total += estimateTokens(m.text) + estimateTokens(m.context ?? '');
    else if (m.role === 'tool') total += estimateTokens(m.content);
    else
      total +=
        estimateTokens(m.text) +
        estimateTokens(m.reasoning?.text ?? '') +
        m.toolUses.reduce((sum, t) => sum + estimateTokens(JSON.stringify(t.input)), 0);
  }
  return total;
}

function safeParse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Keeps the shape of a large tool result (columns, first rows, totals) within the history budget. */
function shortenResult(result: string): string {
  const parsed = safeParse(result);
  if (parsed && typeof parsed === 'object' && 'data' in parsed && Array.isArray(parsed.data)) {
    const rows = parsed.data as unknown[];
    const short = JSON.stringify({
      ...parsed,
      data: rows.slice(0, 10),
      note: `first 10 of ${rows.length} rows`,
    });
    if (short.length <= HISTORY_RESULT_CHARS * 2) return short;
  }
  return JSON.stringify({ note: 'result omitted (too large)' });
}

/**
 * Turns the stored messages of earlier turns into the provider-neutral conversation: questions, the model's
 * tool calls (as it wrote them) with their results (as a model reads them) and the final answers.
 */
export function historyToConversation(history: readonly ChatMessage[]): ConversationMessage[] {
  const out: ConversationMessage[] = [];
  for (const message of history) {
    if (isFrame(message) || message.isDelta) continue;
    if (message.role === 'user') {
      if (message.content) out.push({ role: 'user', text: message.content });
      continue;
    }
    const tool = message.toolCall;
    if (tool) {
      if (tool.result === undefined || message.isInProcess) continue;
      const parsed = safeParse(tool.input);
      const input =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? Object.fromEntries(Object.entries(parsed).filter(([key]) => !SERVICE_FIELDS.has(key)))
          : {};
      // Stored lines may carry Cube's names (an agent setting): the model sees the service's own.
      const name = coreToolName(tool.name);
      const toolUse: ToolUse = { id: message.id, name, input };
      out.push({ role: 'assistant', text: '', toolUses: [toolUse] });
      const view = resultForModel(name, tool.result);
      out.push({
        role: 'tool',
        toolUseId: message.id,
        name,
        content: view.length > HISTORY_RESULT_CHARS ? shortenResult(view) : view,
        isError: tool.result.startsWith('{"error"'),
      });
      continue;
    }
    if (message.graphPath?.[0] === 'final' && message.content) {
      out.push({ role: 'assistant', text: message.content, toolUses: [] });
    }
  }
  return out;
}

/** Where each turn starts: at a question of the user (service notes belong to the turn before them). */
const turnStarts = (messages: readonly ConversationMessage[]) =>
  messages.flatMap((m, i) => (m.role === 'user' && !m.note ? [i] : []));

/**
 * Earlier turns within a token budget: the oldest whole turns are left out until the rest fits (a turn is never
 * cut in half: a tool result without its call is refused by every provider). Returns how many were left out.
 */
export function fitHistory(
  messages: readonly ConversationMessage[],
  budgetTokens: number,
): { messages: ConversationMessage[]; dropped: number } {
  const starts = turnStarts(messages);
  let dropped = 0;
  let from = 0;
  while (dropped < starts.length && conversationTokens(messages.slice(from)) > budgetTokens) {
    dropped++;
    from = starts[dropped] ?? messages.length;
  }
  return { messages: messages.slice(from), dropped };
}

/** How many turns the history holds. */
export const turnCount = (messages: readonly ConversationMessage[]): number => turnStarts(messages).length;
