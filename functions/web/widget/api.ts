/**
 * The widget's calls to the service (contract §4, §6, §7): session exchange, the NDJSON chat stream and
 * abort. Only `fetch` and web streams, so it runs in browsers and in Node.
 */
import type { ExchangedSession } from '../../protocol';
import { LineSplitter, parseLine, type WireMessage } from './protocol';

/**
 * What the exchange returns (contract §4; the type lives with the wire protocol). `agentId` is not in the
 * contract: it lets a service name the chat target instead of the page's attributes.
 */
export type EmbedSession = ExchangedSession & { agentId?: string };

/** A contract §3 error (or a network failure, with status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** `{base_url}/api/v1/public/{accountName}/agents/{agentId}/chat` (contract §1). */
export function chatUrl(baseUrl: string, accountName: string, agentId: string): string {
  return `${trimSlash(baseUrl)}/api/v1/public/${encodeURIComponent(accountName)}/agents/${encodeURIComponent(agentId)}/chat`;
}

async function toApiError(response: Response): Promise<ApiError> {
  let code = `HTTP_${response.status}`;
  let message = `The service answered ${response.status} ${response.statusText}`.trim();
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const { error, code: bodyCode } = body as { error?: unknown; code?: unknown };
      if (typeof error === 'string' && error) message = error;
      if (typeof bodyCode === 'string' && bodyCode) code = bodyCode;
    }
  } catch {
    // Not JSON (a proxy's error page): the status line is all we have.
  }
  return new ApiError(response.status, code, message);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', 'The service could not be reached. Check the connection and try again.');
  }
}

const jsonHeaders = (token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** What the service says of a session before it is spent (POST /api/v1/embed/session/check). */
export interface SessionCheck {
  accountName: string;
  deploymentId: number;
  agentId: string;
}

/**
 * Checks the session and the chat the page means to open without spending the session: 401 when it is used or
 * expired, 404 AGENT_NOT_FOUND / 403 naming what to fix. Undefined when the service has no such check (an older
 * one): the exchange then tells what it can.
 */
export async function checkSession(
  baseUrl: string,
  sessionId: string,
  target: { accountName?: string; agentId?: string },
): Promise<SessionCheck | undefined> {
  const response = await send(`${trimSlash(baseUrl)}/api/v1/embed/session/check`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ sessionId, ...target }),
    credentials: 'omit',
  });
  if (response.ok) return (await response.json()) as SessionCheck;
  const error = await toApiError(response);
  if ((error.status === 404 && error.code !== 'AGENT_NOT_FOUND') || error.status === 405) return undefined;
  throw error;
}

/** Trades the single-use session id for a token (401 SESSION_INVALID when used or expired). */
export async function exchangeSession(baseUrl: string, sessionId: string): Promise<EmbedSession> {
  const response = await send(`${trimSlash(baseUrl)}/api/v1/embed/session/token`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ sessionId }),
    credentials: 'omit',
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as EmbedSession;
}

export interface ChatRequest {
  input: string;
  chatId?: string;
  /** `<ms>-message`: sent again with the chatId, it re-attaches to the running turn instead of starting one. */
  messageId?: string;
}

/** Sends a question and yields the streamed messages as they arrive. */
export async function* streamChat(
  url: string,
  token: string,
  request: ChatRequest,
  signal?: AbortSignal,
): AsyncGenerator<WireMessage> {
  const body = {
    input: request.input,
    sessionSettings: {},
    ...(request.chatId ? { chatId: request.chatId } : {}),
    ...(request.messageId ? { messageId: request.messageId } : {}),
  };
  const response = await send(`${url}/stream-chat-state`, {
    method: 'POST',
    headers: { ...jsonHeaders(token), accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
    credentials: 'omit',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await toApiError(response);
  if (!response.body)
    throw new ApiError(response.status, 'EMPTY_STREAM', 'The service sent an empty answer.');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const lines = new LineSplitter();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const batch = done ? lines.flush() : lines.push(value);
      for (const line of batch) {
        const message = parseLine(line);
        if (message) yield message;
      }
      if (done) return;
    }
  } finally {
    // Stops the download when the consumer leaves early (Stop fallback, element removed).
    await reader.cancel().catch(() => undefined);
  }
}

/** Asks the service to stop the thread's running turn (204). */
export async function abortChat(url: string, token: string, chatId: string): Promise<void> {
  const response = await send(`${url}/stream-chat-state/abort`, {
    method: 'POST',
    headers: jsonHeaders(token),
    body: JSON.stringify({ chatId }),
    credentials: 'omit',
  });
  if (!response.ok) throw await toApiError(response);
}

/** Checks, then exchanges: a session for a chat that cannot work is refused before it is spent. */
export async function openSession(
  baseUrl: string,
  sessionId: string,
  config: { account?: string | undefined; agent?: string | undefined },
): Promise<EmbedSession> {
  await checkSession(baseUrl, sessionId, {
    ...(config.account ? { accountName: config.account } : {}),
    ...(config.agent ? { agentId: config.agent } : {}),
  });
  return exchangeSession(baseUrl, sessionId);
}
