/**
 * A typed client for the embedded-analytics API. No dependencies: it needs only `fetch` (Node 20+, browsers).
 * Its body types are generated from the service's OpenAPI document (GET /api/v1/openapi.json).
 */
import type {
  AttributePage,
  ChatLine,
  ChatStreamRequest,
  ExchangeResponse,
  GenerateSessionRequest,
  GenerateSessionResponse,
  GroupPage,
  SessionCheckResponse,
  SqlRequest,
  SqlResult,
} from './types.generated.js';

/** Every non-2xx response of the service: `{"error","code"}` with the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Seconds to wait before retrying (429 `RATE_LIMITED`). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * The request and response bodies, generated from the schemas of the service's OpenAPI document (the zod schemas
 * that validate requests and describe responses): `npm run openapi` rewrites ./types.generated.ts.
 */
export type * from './types.generated.js';

/** Who the user is, for generate-session and (with an Api-Key) chat's and SQL's `sessionSettings`. */
export type UserSettings = NonNullable<ChatStreamRequest['sessionSettings']>;
export type UserAttribute = NonNullable<GenerateSessionRequest['userAttributes']>[number];
export type AttributeValue = NonNullable<UserAttribute['value']>;
/** The exchanged session: its embed token and the user it stands for. */
export type ExchangedSession = ExchangeResponse;
export type SessionCheck = SessionCheckResponse;
export type Group = GroupPage['items'][number];
export type UserAttributeDefinition = AttributePage['items'][number];
export type PageInfo = GroupPage['pageInfo'];
export interface Page<T> {
  items: T[];
  pageInfo: PageInfo;
}
/** The body of a chat turn (Cube's stream-chat-state request). */
export type ChatRequest = ChatStreamRequest;
export type SqlColumn = SqlResult['schema'][number];

export interface ClientOptions {
  /** The service's origin, e.g. `http://127.0.0.1:4000` or the CloudFront URL. */
  baseUrl: string;
  /** `Api-Key` for server-side calls (generate-session, revoke, admin lists, chat, SQL). */
  apiKey?: string;
  /** An embed token (from `exchange`) for browser-side chat and SQL. */
  token?: string;
  /** A Cube token (`X-Cube-Auth-Token`: a JWT signed with the deployment's secret) for chat. */
  cubeToken?: string;
  fetch?: typeof fetch;
}

/** A running chat turn: iterate its lines; `abort()` stops the turn on the server. */
export interface ChatStream extends AsyncIterable<ChatLine> {
  /** The thread id, once the first line has arrived. */
  readonly chatId: string | undefined;
  /** Asks the server to stop the turn (the stream then ends with status `aborted`). */
  abort(): Promise<void>;
  /** Drops the connection without stopping the turn on the server (it can be replayed later). */
  close(): void;
}

/** A SQL API call streamed as NDJSON: the columns first, then the rows as they arrive. */
export interface SqlStream {
  columns(): Promise<SqlColumn[]>;
  rows(): AsyncIterable<unknown[]>;
  /** The total row count (after `rows()` is consumed). */
  totalRows(): Promise<number>;
}

interface Json {
  [field: string]: unknown;
}

async function toError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: Json = {};
  try {
    body = JSON.parse(text) as Json;
  } catch {
    // Not JSON (a proxy's error page): the status line is all that can be shown to a person.
  }
  const retry = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    typeof body.code === 'string' && body.code ? body.code : `HTTP_${response.status}`,
    typeof body.error === 'string' && body.error
      ? body.error
      : `The service answered ${response.status} ${response.statusText}`.trim(),
    body.details,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

/**
 * Reads a body as NDJSON values, one per line, as they arrive. With a reader rather than `for await` over the
 * body (Safari's streams are not async iterable); leaving early cancels the download.
 */
async function* ndjson(response: Response): AsyncGenerator<unknown> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) yield JSON.parse(line);
        newline = buffered.indexOf('\n');
      }
      if (done) break;
    }
    const last = buffered.trim();
    if (last) yield JSON.parse(last);
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

type Agent = { accountName: string; agentId: string };

const chatPath = (agent: Agent) =>
  `/api/v1/public/${encodeURIComponent(agent.accountName)}/agents/${encodeURIComponent(agent.agentId)}/chat`;

export class EmbeddedAnalytics {
  private readonly baseUrl: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  private authorization(auth: 'key' | 'keyOrToken' | 'none'): Record<string, string> {
    if (auth === 'none') return {};
    if (this.options.apiKey) return { authorization: `Api-Key ${this.options.apiKey}` };
    if (auth === 'keyOrToken' && this.options.token) return { authorization: `Bearer ${this.options.token}` };
    if (auth === 'keyOrToken' && this.options.cubeToken)
      return { 'x-cube-auth-token': this.options.cubeToken };
    return {};
  }

  private async send(
    method: string,
    path: string,
    auth: 'key' | 'keyOrToken' | 'none',
    body?: unknown,
    extra: { accept?: string; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.authorization(auth) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (extra.accept) headers.accept = extra.accept;
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl}${path}`, {
        method,
        headers,
        // Credentials are headers; a browser's cookies for the service's origin are never sent.
        credentials: 'omit',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(extra.signal ? { signal: extra.signal } : {}),
      });
    } catch (error) {
      if (extra.signal?.aborted) throw error;
      throw new ApiError(
        0,
        'NETWORK',
        'The service could not be reached. Check the connection and try again.',
      );
    }
    if (!response.ok) throw await toError(response);
    return response;
  }

  private async json<T>(method: string, path: string, auth: 'key' | 'keyOrToken' | 'none', body?: unknown) {
    const response = await this.send(method, path, auth, body);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  /** POST /api/v1/embed/generate-session (admin key): a single-use session for one of your users. */
  generateSession(request: GenerateSessionRequest): Promise<GenerateSessionResponse> {
    return this.json('POST', '/api/v1/embed/generate-session', 'key', request);
  }

  /** POST /api/v1/embed/session/token (no key): the session's embed token and user. */
  exchange(sessionId: string, deploymentId?: number): Promise<ExchangedSession> {
    const body = deploymentId === undefined ? { sessionId } : { sessionId, deploymentId };
    return this.json('POST', '/api/v1/embed/session/token', 'none', body);
  }

  /**
   * POST /api/v1/embed/session/check (no key): whether the session can open the chat of `accountName` and
   * `agentId` (default agent `1`), without spending it. 401 SESSION_INVALID, 404 AGENT_NOT_FOUND or 403 otherwise.
   */
  check(
    sessionId: string,
    target: { accountName?: string; agentId?: string } = {},
  ): Promise<SessionCheckResponse> {
    return this.json('POST', '/api/v1/embed/session/check', 'none', { sessionId, ...target });
  }

  /** POST /api/v1/embed/session/revoke (admin key): idempotent. */
  async revoke(sessionId: string): Promise<void> {
    await this.json('POST', '/api/v1/embed/session/revoke', 'key', { sessionId });
  }

  private async *pages<T>(path: string, pageSize: number): AsyncGenerator<T> {
    let after: string | null = null;
    for (;;) {
      const query: string = `?first=${pageSize}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const page: Page<T> = await this.json<Page<T>>('GET', `${path}${query}`, 'key');
      yield* page.items;
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
      after = page.pageInfo.endCursor;
    }
  }

  /** Every group of an embed tenant, page by page (admin key). */
  groups(embedTenantName: string, options: { pageSize?: number } = {}): AsyncIterable<Group> {
    return this.pages(
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/groups`,
      options.pageSize ?? 100,
    );
  }

  /** Every user attribute of an embed tenant, page by page (admin key). */
  userAttributes(
    embedTenantName: string,
    options: { pageSize?: number } = {},
  ): AsyncIterable<UserAttributeDefinition> {
    return this.pages(
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/user-attributes`,
      options.pageSize ?? 100,
    );
  }

  async deleteGroup(embedTenantName: string, id: string): Promise<void> {
    await this.json(
      'DELETE',
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/groups/${encodeURIComponent(id)}`,
      'key',
    );
  }

  async deleteUserAttribute(embedTenantName: string, id: string): Promise<void> {
    await this.json(
      'DELETE',
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/user-attributes/${encodeURIComponent(id)}`,
      'key',
    );
  }

  /**
   * POST {chat_url}/stream-chat-state: the lines of the turn as the server writes them. Keepalive lines are
   * skipped. An error before the first line (validation, auth, busy thread) is thrown by the first `next()`.
   */
  chat(agent: Agent, request: ChatRequest, options: { signal?: AbortSignal } = {}): ChatStream {
    const controller = new AbortController();
    const { signal } = options;
    if (signal?.aborted) controller.abort(signal.reason);
    signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    let chatId = request.chatId ?? undefined;
    const started = this.send('POST', `${chatPath(agent)}/stream-chat-state`, 'keyOrToken', request, {
      accept: 'application/x-ndjson',
      signal: controller.signal,
    });
    // Awaited by the iterator; a refusal before anyone iterates is not an unhandled rejection.
    started.catch(() => undefined);
    const sessionSettings = request.sessionSettings;
    const client = this;
    return {
      get chatId() {
        return chatId;
      },
      async *[Symbol.asyncIterator]() {
        const response = await started;
        for await (const value of ndjson(response)) {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
          const line = value as ChatLine;
          if (line.id === '__keepalive__') continue;
          chatId ??= line.state?.chatId;
          yield line;
        }
      },
      async abort() {
        if (!chatId) {
          // Nothing arrived yet: wait for the first line's thread id (the turn has started by then).
          await started;
          const deadline = Date.now() + 5_000;
          while (!chatId && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          if (!chatId) throw new ApiError(0, 'NO_THREAD', 'The stream has not named its thread yet');
        }
        await client.abortChat(agent, chatId, sessionSettings);
      },
      close() {
        controller.abort();
      },
    };
  }

  /** POST {chat_url}/stream-chat-state/abort: stops the thread's running turn (204; idempotent). */
  async abortChat(
    agent: Agent,
    chatId: string,
    sessionSettings?: ChatRequest['sessionSettings'],
  ): Promise<void> {
    await this.json('POST', `${chatPath(agent)}/stream-chat-state/abort`, 'keyOrToken', {
      chatId,
      ...(sessionSettings ? { sessionSettings } : {}),
    });
  }

  /** POST /api/v1/deployments/{id}/sql, all rows in one JSON body. */
  query(deploymentId: number, request: SqlRequest): Promise<SqlResult> {
    return this.json('POST', `/api/v1/deployments/${deploymentId}/sql`, 'keyOrToken', request);
  }

  /** POST /api/v1/deployments/{id}/sql with `Accept: application/x-ndjson`: rows streamed as they arrive. */
  sql(deploymentId: number, request: SqlRequest): SqlStream {
    const response = this.send('POST', `/api/v1/deployments/${deploymentId}/sql`, 'keyOrToken', request, {
      accept: 'application/x-ndjson',
    });
    let values: AsyncGenerator<unknown> | undefined;
    let columns: SqlColumn[] | undefined;
    let total: number | undefined;
    const lines = async () => (values ??= ndjson(await response));
    const readColumns = async () => {
      if (columns) return columns;
      const first = await (await lines()).next();
      const head = first.value as { schema?: SqlColumn[] } | undefined;
      if (first.done || !head?.schema)
        throw new ApiError(0, 'BAD_STREAM', 'The SQL stream did not start with its schema');
      columns = head.schema;
      return columns;
    };
    return {
      columns: readColumns,
      async *rows() {
        await readColumns();
        for await (const value of await lines()) {
          if (Array.isArray(value)) yield value;
          else total = (value as { totalRows?: number }).totalRows;
        }
      },
      async totalRows() {
        if (total === undefined) for await (const _row of this.rows()) void _row;
        if (total === undefined)
          throw new ApiError(0, 'BAD_STREAM', 'The SQL stream ended without its total');
        return total;
      },
    };
  }
}
