import type { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { z } from 'zod';
import { clearAuthCache } from '../../functions/access/auth';
import { AppError, DefinitionsNotFoundError } from '../../functions/errors';
import { httpEndpoint, streamingEndpoint } from '../../functions/http/endpoint';
import { awslambda, PRELUDE_SEPARATOR } from '../../functions/http/lambda-polyfill';
import { createLocalServer, originAllowed } from '../../functions/http/local';
import { accounts } from '../../functions/store/accounts';
import { apiKeys } from '../../functions/store/api-keys';
import { countRoundTrips, type Store } from '../../functions/store/client';
import { client } from '../support/http';
import { freshStore } from '../support/store';

let store: Store;
let baseUrl: string;
let server: ReturnType<typeof createServer>;
let adminKey: string;
let memberKey: string;

// Handlers built with the same factories as the real endpoints, served by the same local adapter.
const echo = httpEndpoint({
  route: 'generate-session',
  auth: 'admin',
  body: z.strictObject({ n: z.number().int(), nested: z.strictObject({ s: z.string() }).optional() }),
  handle: async ({ body, caller }) => ({ status: 200, body: { n: body.n, account: caller.account.name } }),
});
const boom = httpEndpoint({
  route: 'session-exchange',
  auth: 'none',
  handle: async () => {
    throw new Error('database password is hunter2');
  },
});
const named = httpEndpoint({
  route: 'session-revoke',
  auth: 'none',
  handle: async () => {
    throw new DefinitionsNotFoundError('group', ['north', 'south']);
  },
});
/**
 * Three lines; after the first the stream waits until the client says it has it (or 30 s), so whether lines
 * stream as written is told by what the client has when, whatever the machine's speed.
 */
const firstLine: { received: () => void; done: boolean } = { received: () => undefined, done: false };
const lines = streamingEndpoint({
  route: 'sql-api',
  auth: 'apiKey',
  handle: async () => ({
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
    lines: async function* () {
      firstLine.done = false;
      yield `${JSON.stringify({ i: 0 })}\n`;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 30_000);
        firstLine.received = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      yield `${JSON.stringify({ i: 1 })}\n`;
      yield `${JSON.stringify({ i: 2 })}\n`;
      firstLine.done = true;
    },
  }),
});
const streamError = streamingEndpoint({
  route: 'chat-stream',
  auth: 'none',
  handle: async () => {
    throw new AppError(409, 'THREAD_BUSY', 'Streaming for thread is in progress');
  },
});
const handlers: Record<string, unknown> = {
  'generate-session': echo,
  'session-exchange': boom,
  'session-revoke': named,
  'sql-api': lines,
  'chat-stream': streamError,
  health: (await import('../../functions/endpoints/health')).handler,
};

beforeAll(async () => {
  store = await freshStore();
  await accounts.upsert(store, { name: 'acme', plan: 'premium', flags: [] });
  adminKey = (await apiKeys.create(store, { account: 'acme', role: 'admin' })).key;
  memberKey = (await apiKeys.create(store, { account: 'acme', role: 'member' })).key;
  server = createLocalServer({ load: async (id) => handlers[id] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const GS = '/api/v1/embed/generate-session';

describe('routing', () => {
  test('GET /health answers {"status":"ok"}', async () => {
    const reply = await client(baseUrl).get('/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok' });
  });

  test('unknown routes are 404 JSON and wrong methods 405 JSON with Allow', async () => {
    const missing = await client(baseUrl).get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
    const wrong = await client(baseUrl).get(GS);
    expect(wrong.status).toBe(405);
    expect(wrong.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});

describe('CORS on the local service (as the stack serves it)', () => {
  test('a loopback page may call the API: preflight 204, the origin echoed on answers', async () => {
    const origin = 'http://localhost:8080';
    const preflight = await fetch(`${baseUrl}${GS}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const health = await fetch(`${baseUrl}/health`, { headers: { origin } });
    expect(health.headers.get('access-control-allow-origin')).toBe(origin);
    expect(health.headers.get('vary')).toBe('origin');
  });

  test('another origin gets no CORS headers, and OPTIONS stays a 405', async () => {
    const origin = 'https://evil.example';
    const preflight = await fetch(`${baseUrl}${GS}`, { method: 'OPTIONS', headers: { origin } });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const health = await fetch(`${baseUrl}/health`, { headers: { origin } });
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('a configured list replaces the loopback default', () => {
    expect(originAllowed('http://localhost:3000', ['https://app.example.com'])).toBe(false);
    expect(originAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true);
    expect(originAllowed('http://127.0.0.1:5173', undefined)).toBe(true);
    expect(originAllowed('http://localhost.evil.com', undefined)).toBe(false);
  });
});

describe('authentication', () => {
  test('missing or unknown keys are 401, member keys on admin operations 403', async () => {
    const api = client(baseUrl);
    expect((await api.post(GS, { n: 1 })).body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await api.post(GS, { n: 1 }, { key: 'ea_unknown' })).status).toBe(401);
    expect((await api.post(GS, { n: 1 }, { headers: { authorization: `Basic ${adminKey}` } })).status).toBe(
      401,
    );
    const member = await api.post(GS, { n: 1 }, { key: memberKey });
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await api.post(GS, { n: 1 }, { key: adminKey })).body).toEqual({ n: 1, account: 'acme' });
  });

  test('keys are cached for a short time: one lookup serves repeated calls', async () => {
    clearAuthCache();
    const counter = countRoundTrips(store);
    const api = client(baseUrl);
    for (let i = 0; i < 5; i += 1) expect((await api.post(GS, { n: i }, { key: adminKey })).status).toBe(200);
    // One GetItem for the key and one for its account, then cache hits.
    expect(counter.operations).toEqual(['GetItemCommand', 'GetItemCommand']);
  });
});

describe('validation and errors', () => {
  test('malformed JSON, wrong types and unknown fields are 400 with the field path', async () => {
    const api = client(baseUrl);
    const cases: [string, string][] = [
      ['{"n":', 'body'],
      ['{"n":"1"}', 'body.n'],
      ['{"n":1,"extra":true}', 'body.extra'],
      ['{"n":1,"nested":{"s":1}}', 'body.nested.s'],
      ['', 'body'],
    ];
    for (const [raw, path] of cases) {
      const reply = await api.post(GS, undefined, { key: adminKey, raw });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(String(reply.body.error)).toContain(path);
    }
  });

  test('bodies over 256 KiB are 413 PAYLOAD_TOO_LARGE', async () => {
    const reply = await client(baseUrl).post(GS, undefined, {
      key: adminKey,
      raw: `{"n":1,"pad":"${'x'.repeat(300_000)}"}`,
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  test('unexpected errors are 500 INTERNAL without internals', async () => {
    const reply = await client(baseUrl).post('/api/v1/embed/session/exchange', {});
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(reply.text).not.toContain('hunter2');
    expect(reply.text).not.toContain('at ');
  });

  test('a named error answers its status and code with the data it carries', async () => {
    const reply = await client(baseUrl).post('/api/v1/embed/session/revoke', {});
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Groups with names north, south not found',
      code: 'GROUPS_NOT_FOUND',
      details: { names: ['north', 'south'] },
    });
  });
});

describe('response streaming', () => {
  test('lines reach the client as they are written, not at the end', async () => {
    const response = await fetch(`${baseUrl}/api/v1/deployments/1/sql`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${adminKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('{"i":0}\n');
    // The stream is still waiting for us: the first line came before the end.
    expect(firstLine.done).toBe(false);
    firstLine.received();
    let rest = '';
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('{"i":1}\n{"i":2}\n');
    expect(firstLine.done).toBe(true);
  });

  test("a stream that is not the local service's gets the prelude as bytes, as from Lambda's runtime", () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    awslambda().HttpResponseStream.from(sink, { statusCode: 201, headers: { a: 'b' } });
    const bytes = Buffer.concat(chunks);
    const at = bytes.indexOf(PRELUDE_SEPARATOR);
    expect(JSON.parse(bytes.subarray(0, at).toString())).toEqual({ statusCode: 201, headers: { a: 'b' } });
    expect(bytes.length).toBe(at + PRELUDE_SEPARATOR.length);
  });

  test('errors before the first line are plain JSON errors with their status', async () => {
    const reply = await client(baseUrl).post('/api/v1/public/demo/agents/1/chat/stream-chat-state', {});
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ error: 'Streaming for thread is in progress', code: 'THREAD_BUSY' });
  });
});

describe('function-URL events', () => {
  test('the handler runs as a Lambda would call it (payload 2.0 event and context)', async () => {
    const event = {
      version: '2.0',
      routeKey: '$default',
      rawPath: '/health',
      rawQueryString: '',
      headers: {},
      requestContext: { requestId: 'r1', http: { method: 'GET', path: '/health' } },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const handler = handlers.health as (
      e: APIGatewayProxyEventV2,
      c: Context,
    ) => Promise<{ statusCode: number; body: string }>;
    const result = await handler(event, {
      awsRequestId: 'r1',
      getRemainingTimeInMillis: () => 3000,
    } as Context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ status: 'ok' });
  });

  test('behind CloudFront a function answers 405 for other methods and 404 for other paths, as JSON', async () => {
    const handler = handlers.health as (
      e: APIGatewayProxyEventV2,
      c: Context,
    ) => Promise<{ statusCode: number; body: string }>;
    const event = (method: string, rawPath: string) =>
      ({
        rawPath,
        headers: {},
        requestContext: { requestId: 'r', http: { method, path: rawPath } },
      }) as unknown as APIGatewayProxyEventV2;
    const context = { awsRequestId: 'r', getRemainingTimeInMillis: () => 3000 } as Context;
    const wrongMethod = await handler(event('POST', '/health'), context);
    expect(wrongMethod.statusCode).toBe(405);
    expect(JSON.parse(wrongMethod.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const otherPath = await handler(event('GET', '/health/extra'), context);
    expect(otherPath.statusCode).toBe(404);
    expect(JSON.parse(otherPath.body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
