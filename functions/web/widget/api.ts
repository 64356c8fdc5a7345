/**
 * The widget's calls to the service, on the project's typed client (packages/client): the session check and
 * exchange, the NDJSON chat stream and abort. Only `fetch` and web streams, so it runs in browsers and in Node.
 * What is the widget's own here: a 404 from a service without the session check, and Cube's id-less error line
 * read as a message with id ''.
 */
import { ApiError, type ChatLine, EmbeddedAnalytics } from '../../../packages/client/src/index';
import type { ExchangedSession } from '../../protocol';
import type { WireMessage } from './protocol';

export { ApiError };

/**
 * What the exchange returns (the type lives with the wire protocol). `agentId` is not in the contract: it lets
 * a service name the chat target instead of the page's attributes.
 */
export type EmbedSession = ExchangedSession & { agentId?: string };

/** The chat a page talks to: `{baseUrl}/api/v1/public/{accountName}/agents/{agentId}/chat`. */
export interface ChatTarget {
  baseUrl: string;
  accountName: string;
  agentId: string;
}

export interface ChatRequest {
  input: string;
  chatId?: string;
  /** `<ms>-message`: sent again with the chatId, it re-attaches to the running turn instead of starting one. */
  messageId?: string;
}

/** A line as the widget's reducer reads it (Cube's `{"error"}` line has no id: it reads with id ''). */
const toMessage = (line: ChatLine): WireMessage | undefined => {
  if (typeof line.id === 'string') return line as WireMessage;
  return typeof line.error === 'string' ? { id: '', error: line.error } : undefined;
};

/** Sends a question and yields the streamed messages as they arrive; leaving early stops the download. */
export async function* streamChat(
  target: ChatTarget,
  token: string,
  request: ChatRequest,
  signal?: AbortSignal,
): AsyncGenerator<WireMessage> {
  const client = new EmbeddedAnalytics({ baseUrl: target.baseUrl, token });
  const stream = client.chat(
    target,
    {
      input: request.input,
      sessionSettings: {},
      ...(request.chatId ? { chatId: request.chatId } : {}),
      ...(request.messageId ? { messageId: request.messageId } : {}),
    },
    signal ? { signal } : {},
  );
  for await (const line of stream) {
    const message = toMessage(line);
    if (message) yield message;
  }
}

/** Asks the service to stop the thread's running turn (204). */
export function abortChat(target: ChatTarget, token: string, chatId: string): Promise<void> {
  return new EmbeddedAnalytics({ baseUrl: target.baseUrl, token }).abortChat(target, chatId);
}

/**
 * Checks, then exchanges: a session for a chat that cannot work is refused (401, 404 AGENT_NOT_FOUND, 403)
 * before it is spent. A service without the check (an older one: 404 of the route, or 405) is exchanged at once.
 */
export async function openSession(
  baseUrl: string,
  sessionId: string,
  config: { account?: string | undefined; agent?: string | undefined },
): Promise<EmbedSession> {
  const client = new EmbeddedAnalytics({ baseUrl });
  try {
    await client.check(sessionId, {
      ...(config.account ? { accountName: config.account } : {}),
      ...(config.agent ? { agentId: config.agent } : {}),
    });
  } catch (error) {
    const noCheck =
      error instanceof ApiError &&
      ((error.status === 404 && error.code !== 'AGENT_NOT_FOUND') || error.status === 405);
    if (!noCheck) throw error;
  }
  return (await client.exchange(sessionId)) as unknown as EmbedSession;
}
