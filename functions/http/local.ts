import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { config } from '../config';
import { createLogger, describeError } from '../observability/log';
import { matchRoute } from '../routes';
import { MAX_BODY_BYTES } from './endpoint';
import { isStreamingHandler, PRELUDE_SEPARATOR, TAKES_METADATA } from './lambda-polyfill';

/**
 * The local service: adapts Node HTTP to Lambda function-URL events (payload 2.0) and to Lambda response
 * streaming, and runs the very handler modules that are deployed as Lambdas.
 */
type BufferedHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;
type StreamHandler = (event: APIGatewayProxyEventV2, stream: Writable, context: Context) => Promise<void>;

export type HandlerLoader = (routeId: string) => Promise<unknown>;

const loaded = new Map<string, Promise<unknown>>();

/**
 * Loads `functions/endpoints/<id>.ts` and returns its `handler`, once per route: an `import()` of a module
 * already loaded still asks the loader (under tsx, a round trip to its worker thread, about 0.2 ms a request).
 */
export const loadEndpoint: HandlerLoader = (routeId) => {
  let handler = loaded.get(routeId);
  if (!handler) {
    handler = import(`../endpoints/${routeId}.ts`).then((module: { handler?: unknown }) => module.handler);
    // A module that failed to load is tried again on the next request (as a fresh import would).
    handler.catch(() => loaded.delete(routeId));
    loaded.set(routeId, handler);
  }
  return handler;
};

const log = createLogger({ component: 'local-http' });
const LAMBDA_TIMEOUT_MS = 15 * 60 * 1000;
const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Past the limit, keep draining (so the client can read the answer) but stop keeping bytes:
    // the handler answers 413 from the size alone.
    if (size <= MAX_BODY_BYTES + 1) chunks.push(buffer);
  }
  return size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks);
}

function toEvent(req: IncomingMessage, url: URL, body: Buffer | 'too-large'): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = query[name] ? `${query[name]},${value}` : value;
  const now = Date.now();
  const requestId = randomUUID();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket?.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: '$default',
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
  if (url.search) event.queryStringParameters = query;
  if (body === 'too-large') event.body = 'x'.repeat(MAX_BODY_BYTES + 1);
  else if (body.length > 0) event.body = body.toString('utf8');
  return event;
}

function toContext(requestId: string, functionName: string): Context {
  const deadline = Date.now() + LAMBDA_TIMEOUT_MS;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * A writable that reads the Lambda HTTP prelude and then passes bytes straight to the client. The local polyfill
 * hands it the prelude as an object (TAKES_METADATA); written as bytes, it is parsed as Lambda's runtime would.
 */
function responseStreamFor(res: ServerResponse): Writable {
  let prelude: Buffer | undefined = Buffer.alloc(0);
  const start = (metadata: { statusCode?: number; headers?: Record<string, string> }) => {
    prelude = undefined;
    res.writeHead(metadata.statusCode ?? 200, metadata.headers ?? {});
    // The status goes out with the first line when one follows at once (one packet, as Lambda sends them);
    // else by itself on the next turn, so a client waiting for a slow first line knows the stream started.
    setImmediate(() => {
      if (!res.destroyed && !res.writableEnded) res.flushHeaders();
    });
  };
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (prelude) {
        prelude = Buffer.concat([prelude, data]);
        const at = prelude.indexOf(PRELUDE_SEPARATOR);
        if (at < 0) return callback();
        const metadata = JSON.parse(prelude.subarray(0, at).toString('utf8')) as {
          statusCode?: number;
          headers?: Record<string, string>;
        };
        data = prelude.subarray(at + PRELUDE_SEPARATOR.length);
        start(metadata);
      }
      if (data.length === 0) return callback();
      if (res.destroyed) return callback(new Error('client disconnected'));
      // Backpressure from the socket's buffer; a failed write closes `res`, which destroys this stream.
      if (res.write(data)) callback();
      else res.once('drain', () => callback());
    },
    final(callback) {
      if (!res.headersSent) res.writeHead(200);
      res.end(callback);
    },
  });
  Object.defineProperty(stream, TAKES_METADATA, { value: start });
  // A client that leaves makes the next write fail, as the Lambda runtime does.
  res.on('close', () => {
    if (!res.writableFinished) stream.destroy(new Error('client disconnected'));
  });
  return stream;
}

function serveStatic(res: ServerResponse, dir: string, path: string): boolean {
  const file = normalize(join(dir, path));
  if (!file.startsWith(normalize(dir) + sep) || !existsSync(file) || !statSync(file).isFile()) return false;
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=300',
  });
  createReadStream(file).pipe(res);
  return true;
}

export interface LocalServerOptions {
  load?: HandlerLoader;
  /** Directory served at /embed/assets/ (the built widget). */
  assetsDir?: string;
  /**
   * Browser origins allowed to call the API (CORS, as the stack's `allowedOrigins` context does for function
   * URLs). Default: `ALLOWED_ORIGINS` (comma-separated), else any loopback origin (http://localhost:<port>,
   * http://127.0.0.1:<port>), so a page on another local port can try the widget.
   */
  allowedOrigins?: readonly string[];
}

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
const CORS_HEADERS = {
  'access-control-allow-methods': 'GET, POST, DELETE',
  'access-control-allow-headers': 'authorization, content-type, accept, x-cube-auth-token',
  'access-control-max-age': '600',
};

/** Whether a browser origin may call the API: the configured list, or by default any loopback origin. */
export function originAllowed(origin: string, allowed: readonly string[] | undefined): boolean {
  const list = allowed ?? config().allowedOrigins;
  return list.length > 0 ? list.includes(origin) : LOOPBACK_ORIGIN.test(origin);
}

/** An HTTP server that routes every contract path to its Lambda handler. */
export function createLocalServer(options: LocalServerOptions = {}): Server {
  const load = options.load ?? loadEndpoint;
  const server = createServer(async (req, res) => {
    res.socket?.setNoDelay(true);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      const origin = req.headers.origin;
      if (url.pathname.startsWith('/embed/assets/')) {
        // Widget assets load on customer pages of any origin (the stack's asset behaviour does the same).
        res.setHeader('access-control-allow-origin', '*');
      } else if (origin && originAllowed(origin, options.allowedOrigins)) {
        res.setHeader('access-control-allow-origin', origin);
        res.setHeader('vary', 'origin');
        if (req.method === 'OPTIONS') {
          res.writeHead(204, CORS_HEADERS);
          res.end();
          return;
        }
      }
      if (options.assetsDir && req.method === 'GET' && url.pathname.startsWith('/embed/assets/')) {
        if (serveStatic(res, options.assetsDir, url.pathname.slice('/embed/assets/'.length))) return;
        return sendJson(res, 404, { error: 'Asset not found', code: 'NOT_FOUND' });
      }
      const match = matchRoute(req.method ?? 'GET', url.pathname);
      if (!match) return sendJson(res, 404, { error: `No route for ${url.pathname}`, code: 'NOT_FOUND' });
      if ('methodNotAllowed' in match) {
        return sendJson(
          res,
          405,
          { error: `Method ${req.method} not allowed on ${url.pathname}`, code: 'METHOD_NOT_ALLOWED' },
          { allow: match.methodNotAllowed.join(', ') },
        );
      }
      const body = await readBody(req);
      const event = toEvent(req, url, body);
      const context = toContext(event.requestContext.requestId, match.route.id);
      const handler = await load(match.route.id);
      if (isStreamingHandler(handler)) {
        await (handler as StreamHandler)(event, responseStreamFor(res), context);
        return;
      }
      const result = await (handler as BufferedHandler)(event, context);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
      res.writeHead(result.statusCode ?? 200, headers);
      res.end(
        result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''),
      );
    } catch (error) {
      log.error('local adapter failure', describeError(error));
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal server error', code: 'INTERNAL' });
      else res.destroy();
    }
  });
  return server;
}
