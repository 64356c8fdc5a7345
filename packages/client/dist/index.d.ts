// Built by `npm run client:build` (scripts/build-client.mjs) from packages/client/src: do not edit.
/**
 * A typed client for the embedded-analytics API. No dependencies: it needs only `fetch` (Node 20+, browsers).
 * Its body types are generated from the service's OpenAPI document (GET /api/v1/openapi.json).
 */
import type { AttributePage, ChatLine, ChatStreamRequest, ExchangeResponse, GenerateSessionRequest, GenerateSessionResponse, GroupPage, SessionCheckResponse, SqlRequest, SqlResult } from './types.generated.js';
/** Every non-2xx response of the service: `{"error","code"}` with the HTTP status. */
export declare class ApiError extends Error {
    readonly status: number;
    readonly code: string;
    readonly details?: unknown | undefined;
    /** Seconds to wait before retrying (429 `RATE_LIMITED`). */
    readonly retryAfter?: number | undefined;
    readonly name = "ApiError";
    constructor(status: number, code: string, message: string, details?: unknown | undefined, 
    /** Seconds to wait before retrying (429 `RATE_LIMITED`). */
    retryAfter?: number | undefined);
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
type Agent = {
    accountName: string;
    agentId: string;
};
export declare class EmbeddedAnalytics {
    private readonly options;
    private readonly baseUrl;
    private readonly fetcher;
    constructor(options: ClientOptions);
    private authorization;
    private send;
    private json;
    /** POST /api/v1/embed/generate-session (admin key): a single-use session for one of your users. */
    generateSession(request: GenerateSessionRequest): Promise<GenerateSessionResponse>;
    /** POST /api/v1/embed/session/token (no key): the session's embed token and user. */
    exchange(sessionId: string, deploymentId?: number): Promise<ExchangedSession>;
    /**
     * POST /api/v1/embed/session/check (no key): whether the session can open the chat of `accountName` and
     * `agentId` (default agent `1`), without spending it. 401 SESSION_INVALID, 404 AGENT_NOT_FOUND or 403 otherwise.
     */
    check(sessionId: string, target?: {
        accountName?: string;
        agentId?: string;
    }): Promise<SessionCheckResponse>;
    /** POST /api/v1/embed/session/revoke (admin key): idempotent. */
    revoke(sessionId: string): Promise<void>;
    private pages;
    /** Every group of an embed tenant, page by page (admin key). */
    groups(embedTenantName: string, options?: {
        pageSize?: number;
    }): AsyncIterable<Group>;
    /** Every user attribute of an embed tenant, page by page (admin key). */
    userAttributes(embedTenantName: string, options?: {
        pageSize?: number;
    }): AsyncIterable<UserAttributeDefinition>;
    deleteGroup(embedTenantName: string, id: string): Promise<void>;
    deleteUserAttribute(embedTenantName: string, id: string): Promise<void>;
    /**
     * POST {chat_url}/stream-chat-state: the lines of the turn as the server writes them. Keepalive lines are
     * skipped. An error before the first line (validation, auth, busy thread) is thrown by the first `next()`.
     */
    chat(agent: Agent, request: ChatRequest, options?: {
        signal?: AbortSignal;
    }): ChatStream;
    /** POST {chat_url}/stream-chat-state/abort: stops the thread's running turn (204; idempotent). */
    abortChat(agent: Agent, chatId: string, sessionSettings?: ChatRequest['sessionSettings']): Promise<void>;
    /** POST /api/v1/deployments/{id}/sql, all rows in one JSON body. */
    query(deploymentId: number, request: SqlRequest): Promise<SqlResult>;
    /** POST /api/v1/deployments/{id}/sql with `Accept: application/x-ndjson`: rows streamed as they arrive. */
    sql(deploymentId: number, request: SqlRequest): SqlStream;
}
