import './lambda-polyfill';
import { randomUUID } from 'node:crypto';
import middy, { type MiddlewareObj, type MiddyfiedHandler } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { type ApiKeyCaller, authenticateApiKey, parseAuthorization, requireAdmin } from '../access/auth';
import {
  MethodNotAllowedError,
  PayloadTooLargeError,
  RouteNotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../errors';
import { createLogger, type Logger } from '../observability/log';
import type { StreamResult } from '../responses';
import { matchRoute } from '../routes';
import { getStore, type Store } from '../store/client';
import { illFormedPath } from '../store/limits';
import { enterDeadline } from '../store/retry';
import { errorResponse, formatPath, jsonResponse, zodMessage } from './errors';
import { keepaliveMs, withKeepalive } from './keepalive';
import { originVerify } from './origin-verify';
import { executionModeStreamLines, type StreamingResponse } from './stream-mode';

/** Request bodies above this size are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Who may call: `none`; an API key (`apiKey`, `admin` for admin keys), resolved here; or a credential the domain
 * resolves with the request's body (`apiKeyOrToken`: `Api-Key`, a `Bearer` embed token or a Cube token in
 * `X-Cube-Auth-Token`; `token`: a token, bare or `Bearer`). For the last two the edge refuses a request that carries
 * no credential of the kind (401) before its body is validated.
 */
export type AuthMode = 'none' | 'apiKey' | 'admin' | 'apiKeyOrToken' | 'token';

type PathParams = Record<string, string>;

export interface EndpointInput<B, Q, A extends AuthMode = AuthMode, P = PathParams> {
  body: B;
  query: Q;
  /** Path parameters: parsed by the endpoint's `params` schema when it has one, else as matched. */
  params: P;
  /** The authenticated key's caller for apiKey/admin endpoints. */
  caller: A extends 'apiKey' | 'admin' ? ApiKeyCaller : undefined;
  headers: Record<string, string | undefined>;
  store: Store;
  log: Logger;
  requestId: string;
  event: APIGatewayProxyEventV2;
}

/** What a handler returns: a status and a JSON body (or raw text with its own content type). */
export interface HttpResult {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type { StreamResult };

interface EndpointOptions<B, Q, A extends AuthMode, P> {
  /** The route id in routes.ts; path parameters are matched against its paths. */
  route: string;
  auth: A;
  /** Request schemas: zod's classic or mini build (both are zod's core types). */
  body?: $ZodType<B>;
  query?: $ZodType<Q>;
  /** Path parameters (`path.<name>` in errors), checked before authentication: a bad path reads nothing. */
  params?: $ZodType<P>;
  /** Streams only: write a keepalive line while the stream is silent (functions/http/keepalive.ts). */
  keepalive?: boolean;
}

type Event = APIGatewayProxyEventV2 & { rawBody?: string };

function lowerHeaders(event: APIGatewayProxyEventV2): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/**
 * Function URLs pass every method and path behind a CloudFront behaviour to the function: this checks them
 * against the function's routes (404 / 405 JSON) and fills `pathParameters`, before anything else runs.
 */
const routeCheck = (routeId: string): MiddlewareObj<Event> => ({
  before: (request) => {
    const { event } = request;
    const method = event.requestContext?.http?.method ?? 'GET';
    const path = event.rawPath ?? '/';
    const match = matchRoute(method, path);
    if (match && 'methodNotAllowed' in match) {
      throw new MethodNotAllowedError(method, path);
    }
    if (!match || match.route.id !== routeId) throw new RouteNotFoundError(path);
    const [malformed] = match.malformed;
    if (malformed !== undefined) {
      throw new ValidationError(`path.${malformed}: broken percent-encoding`);
    }
    event.pathParameters = match.params;
  },
});

/** 413 for bodies over the limit, before anything parses them. */
const bodyLimit = (): MiddlewareObj<Event> => ({
  before: (request) => {
    const { body, isBase64Encoded } = request.event;
    if (body === undefined) return;
    const bytes = isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body);
    if (bytes > MAX_BODY_BYTES) {
      throw new PayloadTooLargeError(MAX_BODY_BYTES);
    }
  },
});

/** A JSON body is required when the endpoint declares one; missing body and wrong content type are 400. */
const jsonBody = (): MiddlewareObj<Event> => {
  const parser = httpJsonBodyParser({ disableContentTypeError: false });
  return {
    before: async (request) => {
      if (request.event.body === undefined || request.event.body === '') {
        throw new ValidationError('body: a JSON object is required');
      }
      await parser.before?.(request as never);
      // Lone surrogates are not text: stored, distinct strings would merge (README, "Errors").
      const bad = illFormedPath(request.event.body);
      if (bad) throw new ValidationError(`${formatPath('body', bad)}: ill-formed Unicode (a lone surrogate)`);
    },
  };
};

async function prepare<B, Q, A extends AuthMode, P>(
  options: EndpointOptions<B, Q, A, P>,
  event: Event,
  context: Context,
): Promise<EndpointInput<B, Q, A, P>> {
  const requestId = event.requestContext?.requestId ?? context.awsRequestId ?? randomUUID();
  // Every line of the request carries who it is for: the account, and the embed tenant when there is one.
  let log = createLogger({ requestId, route: options.route, ...tenancy(event) });
  const headers = lowerHeaders(event);
  let params = (event.pathParameters ?? {}) as P;
  if (options.params) {
    const parsed = safeParse(options.params, params);
    if (!parsed.success) throw new ValidationError(zodMessage(parsed.error, 'path'));
    params = parsed.data;
  }
  const store = getStore();
  let caller: ApiKeyCaller | undefined;
  if (options.auth === 'apiKeyOrToken' || options.auth === 'token') {
    requireCredential(headers, options.auth);
  } else if (options.auth !== 'none') {
    const auth = parseAuthorization(headers.authorization);
    if (auth?.scheme !== 'api-key') {
      throw new UnauthorizedError('Missing or invalid Authorization header (expected Api-Key <key>)');
    }
    caller = await authenticateApiKey(store, auth.credentials);
    log = log.child({ account: caller.account.name });
    if (options.auth === 'admin') requireAdmin(caller);
  }
  let body = undefined as B;
  if (options.body) {
    const parsed = safeParse(options.body, event.body);
    if (!parsed.success) throw new ValidationError(zodMessage(parsed.error, 'body'));
    body = parsed.data;
  }
  let query = undefined as Q;
  if (options.query) {
    const parsed = safeParse(options.query, event.queryStringParameters ?? {});
    if (!parsed.success) throw new ValidationError(zodMessage(parsed.error, 'query'));
    query = parsed.data;
  }
  return {
    body,
    query,
    params,
    caller: caller as EndpointInput<B, Q, A, P>['caller'],
    headers,
    store,
    log,
    requestId,
    event,
  };
}

/** The edge's part of `apiKeyOrToken` and `token`: a credential of the right kind is present (the domain verifies it). */
function requireCredential(
  headers: Record<string, string | undefined>,
  mode: 'apiKeyOrToken' | 'token',
): void {
  const auth = parseAuthorization(headers.authorization);
  if (mode === 'token') {
    // Cube clients send the token bare; `Bearer <token>` is accepted too.
    const value = headers.authorization?.trim() ?? '';
    if (value && (!/\s/.test(value) || auth?.scheme === 'bearer')) return;
    throw new UnauthorizedError('Missing or invalid Authorization header (expected a token)');
  }
  if (auth?.scheme === 'api-key' || auth?.scheme === 'bearer') return;
  if (!headers.authorization && headers['x-cube-auth-token']) return;
  throw new UnauthorizedError(
    'Missing or invalid Authorization header (expected Api-Key <key> or Bearer <token>)',
  );
}

/** Account and embed tenant named by the path or the body (before authentication decides anything). */
function tenancy(event: Event): Record<string, string> {
  const params = (event.pathParameters ?? {}) as Record<string, string | undefined>;
  const body = event.body as unknown;
  const bodyTenant =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Record<string, unknown>).embedTenantName === 'string'
      ? String((body as Record<string, unknown>).embedTenantName)
      : undefined;
  const tenant = params.embedTenantName ?? bodyTenant;
  return {
    ...(params.accountName ? { account: params.accountName } : {}),
    ...(tenant ? { tenant } : {}),
  };
}

/** One line per answered request (successes and 4xx too), with its status and duration. */
/** The checks every endpoint runs before its handler, in this order, and the one error mapper. */
function checked<R>(
  chain: MiddyfiedHandler<Event, R>,
  options: { route: string; body?: unknown },
): MiddyfiedHandler<Event, R> {
  chain.use(originVerify()).use(routeCheck(options.route)).use(bodyLimit());
  if (options.body) chain.use(jsonBody());
  return chain.use({ onError: (request) => onError(options.route, request as never) });
}

/** Prepares the input, calls the domain and logs the request with its status and duration. */
async function handled<B, Q, A extends AuthMode, P, R extends { status: number }>(
  options: EndpointOptions<B, Q, A, P> & { handle: (input: EndpointInput<B, Q, A, P>) => Promise<R> },
  event: Event,
  context: Context,
): Promise<R> {
  const started = Date.now();
  // DynamoDB retries of this invocation (and of the stream it starts) stop short of the function's timeout.
  enterDeadline(started + context.getRemainingTimeInMillis());
  const input = await prepare(options, event, context);
  const result = await options.handle(input);
  input.log.info('request', { status: result.status, durationMs: Date.now() - started });
  return result;
}

function toResponse(result: HttpResult): APIGatewayProxyStructuredResultV2 {
  if (result.text !== undefined) {
    return { statusCode: result.status, headers: result.headers ?? {}, body: result.text };
  }
  return jsonResponse(result.status, result.body, result.headers);
}

function onError(route: string, request: { error: unknown; event: Event; response: unknown }): void {
  const requestId = request.event.requestContext?.requestId ?? 'unknown';
  const log = createLogger({ requestId, route, ...tenancy(request.event) });
  const response = errorResponse(request.error, log);
  request.response = response;
  const status = response.statusCode ?? 500;
  // 5xx are logged with their stack by errorResponse; refusals get one line with their code.
  if (status < 500) log.info('request refused', { status, code: codeOf(response.body) });
}

const codeOf = (body: string | undefined): string | undefined => {
  try {
    const parsed = JSON.parse(body ?? '{}') as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A function-URL handler: auth, 256 KiB limit, JSON body, zod validation of path, body and query,
 * one call into the domain, and README, "Errors" errors for anything thrown.
 */
export function httpEndpoint<A extends AuthMode, B = undefined, Q = undefined, P = PathParams>(
  options: EndpointOptions<B, Q, A, P> & {
    handle: (input: EndpointInput<B, Q, A, P>) => Promise<HttpResult>;
  },
) {
  return checked(middy<Event, APIGatewayProxyStructuredResultV2>(), options).handler(async (event, context) =>
    toResponse(await handled(options, event, context)),
  );
}

/**
 * A response-streaming handler (RESPONSE_STREAM function URL): the same checks as httpEndpoint; errors found
 * before the first line are plain JSON errors; lines are written as they are produced. If the client goes
 * away the `signal` given to `lines` fires.
 */
export function streamingEndpoint<A extends AuthMode, B = undefined, Q = undefined, P = PathParams>(
  options: EndpointOptions<B, Q, A, P> & {
    handle: (input: EndpointInput<B, Q, A, P>) => Promise<HttpResult | StreamResult>;
  },
) {
  const chain = middy<Event, StreamingResponse>({ executionMode: executionModeStreamLines as never });
  return checked(chain, options).handler(async (event, context): Promise<StreamingResponse> => {
    const result = await handled(options, event, context);
    if (!('lines' in result)) return toResponse(result) as StreamingResponse;
    const interval = options.keepalive ? keepaliveMs() : 0;
    return {
      statusCode: result.status,
      headers: result.headers,
      body: (signal) => (interval > 0 ? withKeepalive(result.lines(signal), interval) : result.lines(signal)),
    };
  });
}
