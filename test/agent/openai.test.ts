import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type ModelEvent,
  ModelProviderError,
  type ModelRequest,
  openAiProvider,
  TOOL_SPECS,
} from '../../functions/agent';

/** A local OpenAI-compatible server: POST /v1/chat/completions answering `text/event-stream` chunks. */
type Script = (res: http.ServerResponse) => Promise<void> | void;

let server: http.Server;
let baseUrl: string;
let script: Script = () => undefined;
const requests: { url: string; auth?: string; body: Record<string, unknown> }[] = [];
const closedAt: number[] = [];

const sse = (res: http.ServerResponse, chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});
const startStream = (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    res.on('close', () => closedAt.push(Date.now()));
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      void Promise.resolve(script(res)).catch(() => res.destroy());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  requests.length = 0;
  closedAt.length = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request: ModelRequest = {
  system: 'You are a test.',
  tools: TOOL_SPECS,
  messages: [
    { role: 'user', text: 'Revenue?' },
    {
      role: 'assistant',
      text: '',
      toolUses: [{ id: 'call-a', name: 'coreMeta', input: { searchQuery: 'revenue' } }],
    },
    { role: 'tool', toolUseId: 'call-a', name: 'coreMeta', content: '{"cubes":[]}', isError: false },
  ],
};

async function run(
  signal = new AbortController().signal,
): Promise<{ events: ModelEvent[]; error?: unknown }> {
  const events: ModelEvent[] = [];
  try {
    for await (const e of openAiProvider({ baseUrl, apiKey: 'sk-local', model: 'test-model' }).stream(
      request,
      signal,
    )) {
      events.push(e);
    }
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe('openAiProvider over chat completions SSE', () => {
  it('sends messages and tools, and assembles reasoning, text and tool calls streamed in pieces', async () => {
    // Prepare
    script = (res) => {
      startStream(res);
      sse(res, delta({ role: 'assistant', reasoning_content: 'Need a ' }));
      sse(res, delta({ reasoning_content: 'query.' }));
      res.write(': keep-alive comment\n\n');
      sse(res, delta({ content: 'Let me ' }));
      sse(res, delta({ content: 'check.' }));
      sse(
        res,
        delta({
          tool_calls: [
            { index: 0, id: 'call-b', type: 'function', function: { name: 'coreSql', arguments: '' } },
          ],
        }),
      );
      sse(res, delta({ tool_calls: [{ index: 0, function: { name: 'Api', arguments: '{"sqlQuery":' } }] }));
      sse(
        res,
        delta({
          tool_calls: [
            { index: 1, id: 'call-c', function: { name: 'coreMeta', arguments: '{"searchQuery"' } },
          ],
        }),
      );
      sse(res, delta({ tool_calls: [{ index: 0, function: { arguments: '"SELECT 1"}' } }] }));
      sse(res, delta({ tool_calls: [{ index: 1, function: { arguments: ':"x"}' } }] }));
      sse(res, delta({}, 'tool_calls'));
      sse(res, { id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 12, completion_tokens: 7 } });
      res.end('data: [DONE]\n\n');
    };
    // Act
    const { events, error } = await run();
    // Assess
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'thinking', delta: 'Need a ' },
      { type: 'thinking', delta: 'query.' },
      { type: 'text', delta: 'Let me ' },
      { type: 'text', delta: 'check.' },
      { type: 'toolUse', toolUse: { id: 'call-b', name: 'coreSqlApi', input: { sqlQuery: 'SELECT 1' } } },
      { type: 'toolUse', toolUse: { id: 'call-c', name: 'coreMeta', input: { searchQuery: 'x' } } },
      {
        type: 'end',
        stopReason: 'tool_use',
        rawStopReason: 'tool_calls',
        usage: { model: 'test-model', inputTokens: 12, outputTokens: 7 },
      },
    ]);
    const [sent] = requests;
    expect(sent?.url).toBe('/v1/chat/completions');
    expect(sent?.auth).toBe('Bearer sk-local');
    expect(sent?.body).toMatchObject({ model: 'test-model', stream: true });
    expect(sent?.body.messages).toEqual([
      { role: 'system', content: 'You are a test.' },
      { role: 'user', content: 'Revenue?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call-a',
            type: 'function',
            function: { name: 'coreMeta', arguments: '{"searchQuery":"revenue"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call-a', content: '{"cubes":[]}' },
    ]);
    expect(
      ((sent?.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name),
    ).toEqual(['coreMeta', 'coreSqlApi']);
  });

  it('raises an error chunk mid-stream as a ModelProviderError after the text before it', async () => {
    script = (res) => {
      startStream(res);
      sse(res, delta({ content: 'Hal' }));
      res.end(
        `data: ${JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } })}\n\n`,
      );
    };
    const { events, error } = await run();
    expect(events).toEqual([{ type: 'text', delta: 'Hal' }]);
    expect(error).toBeInstanceOf(ModelProviderError);
    expect((error as Error).message).toBe('openai: The server is overloaded');
  });

  it('raises a connection cut mid-stream as a ModelProviderError', async () => {
    script = (res) => {
      startStream(res);
      sse(res, delta({ content: 'Hal' }));
      setTimeout(() => res.destroy(), 20);
    };
    const { events, error } = await run();
    expect(events).toEqual([{ type: 'text', delta: 'Hal' }]);
    expect(error).toBeInstanceOf(ModelProviderError);
  });

  it('reports an HTTP error status with the body message', async () => {
    script = (res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
      );
    };
    const { events, error } = await run();
    expect(events).toEqual([]);
    expect((error as Error).message).toBe('openai: HTTP 401: Incorrect API key provided');
  });

  it('cancels the in-flight request when the signal aborts', async () => {
    script = (res) => {
      startStream(res);
      sse(res, delta({ content: 'Partial' }));
    };
    const controller = new AbortController();
    const events: ModelEvent[] = [];
    let abortedAt = 0;
    let failure: unknown;
    try {
      for await (const e of openAiProvider({ baseUrl, model: 'm' }).stream(request, controller.signal)) {
        events.push(e);
        abortedAt = Date.now();
        controller.abort();
      }
    } catch (error) {
      failure = error;
    }
    expect(events).toEqual([{ type: 'text', delta: 'Partial' }]);
    expect((failure as Error).name).toBe('AbortedError');
    // The abort closes the upstream connection; nothing else would for minutes (the reply never ends). A few ms
    // on a quiet machine; the wait and the bound leave room for a loaded one (250 ms measured the load).
    const deadline = Date.now() + 30_000;
    while (closedAt.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(closedAt).toHaveLength(1);
    expect((closedAt[0] ?? Infinity) - abortedAt).toBeLessThan(5_000);
  });
});
