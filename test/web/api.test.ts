/** The widget's calls (on packages/client) in Node against a real local server: streaming, errors, abort. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, abortChat, openSession, streamChat } from '../../functions/web/widget/api';
import type { WireMessage } from '../../functions/web/widget/protocol';

let server: Server;
let baseUrl: string;
const seen: { path: string; authorization?: string; body: string }[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks).toString(),
    });
    if (req.url === '/api/v1/embed/session/check') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'No route', code: 'NOT_FOUND' }));
    }
    if (req.url === '/api/v1/embed/session/token') {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ error: 'Session is invalid or already used', code: 'SESSION_INVALID' }),
      );
    }
    if (req.url?.endsWith('/stream-chat-state/abort')) {
      res.writeHead(204);
      return res.end();
    }
    if (req.url?.startsWith('/api/v1/public/busy/')) {
      res.writeHead(409, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'Streaming for thread is in progress', code: 'THREAD_BUSY' }));
    }
    if (req.url?.startsWith('/api/v1/public/proxy/')) {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>Bad gateway</html>');
    }
    // Lines cut at awkward places, including inside a multi-byte character, and no final newline.
    const text = Buffer.from(
      [
        JSON.stringify({ id: '__cutoff__', role: 'assistant', state: { chatId: 'c-9' } }),
        JSON.stringify({ id: 'm', role: 'assistant', content: 'Größe: 42 €', isDelta: true }),
        JSON.stringify({ id: '__state__', role: 'assistant', state: { chatId: 'c-9', status: 'completed' } }),
      ].join('\n'),
    );
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const euro = text.indexOf(Buffer.from('€'));
    for (const [from, to] of [
      [0, 17],
      [17, euro + 1],
      [euro + 1, text.length],
    ] as const) {
      res.write(text.subarray(from, to));
      await sleep(10);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('streamChat', () => {
  test('yields every message across chunk boundaries and sends the Bearer token, input and chatId', async () => {
    const messages: WireMessage[] = [];
    for await (const message of streamChat({ baseUrl: baseUrl, accountName: 'demo', agentId: '1' }, 'tok', {
      input: 'hi',
      chatId: 'c-9',
    })) {
      messages.push(message);
    }
    expect(messages.map((message) => message.id)).toEqual(['__cutoff__', 'm', '__state__']);
    expect(messages[1]?.content).toBe('Größe: 42 €');
    const request = seen.at(-1);
    expect(request?.path).toBe('/api/v1/public/demo/agents/1/chat/stream-chat-state');
    expect(request?.authorization).toBe('Bearer tok');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ input: 'hi', chatId: 'c-9', sessionSettings: {} });
  });

  test('a JSON error answer becomes an ApiError with the contract code and message', async () => {
    const stream = streamChat({ baseUrl: baseUrl, accountName: 'busy', agentId: '1' }, 'tok', {
      input: 'hi',
    });
    await expect(stream.next()).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'THREAD_BUSY',
      message: 'Streaming for thread is in progress',
    });
  });

  test('a non-JSON error page still gives a readable ApiError', async () => {
    const stream = streamChat({ baseUrl: baseUrl, accountName: 'proxy', agentId: '1' }, 'tok', {
      input: 'hi',
    });
    await expect(stream.next()).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  test('an unreachable service is a NETWORK error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const stream = streamChat(
      { baseUrl: `http://127.0.0.1:${port}`, accountName: 'demo', agentId: '1' },
      'tok',
      { input: 'hi' },
    );
    await expect(stream.next()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('exchange and abort', () => {
  test('a used session is 401 SESSION_INVALID', async () => {
    // This server has no session check (404 without a contract code): the exchange says what is wrong.
    const error = await openSession(`${baseUrl}/`, 'spent', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'SESSION_INVALID' });
    expect(seen.at(-1)?.path).toBe('/api/v1/embed/session/token');
    expect(JSON.parse(seen.at(-1)?.body ?? '{}')).toEqual({ sessionId: 'spent' });
  });

  test('abort posts the chatId with the token and accepts 204', async () => {
    await abortChat({ baseUrl: baseUrl, accountName: 'demo', agentId: '7' }, 'tok', 'c-9');
    expect(seen.at(-1)).toMatchObject({
      path: '/api/v1/public/demo/agents/7/chat/stream-chat-state/abort',
      authorization: 'Bearer tok',
      body: '{"chatId":"c-9"}',
    });
  });

  test('the account and agent are encoded in the chat path', async () => {
    await abortChat({ baseUrl: `${baseUrl}/`, accountName: 'a b', agentId: '1/2' }, 'tok', 'c-1');
    expect(seen.at(-1)?.path).toBe('/api/v1/public/a%20b/agents/1%2F2/chat/stream-chat-state/abort');
  });
});
