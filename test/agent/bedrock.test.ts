import { once } from 'node:events';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { NodeHttp2Handler } from '@smithy/node-http-handler';
import {
  AbortedError,
  type AnalystTools,
  bedrockProvider,
  type ModelEvent,
  ModelProviderError,
  type ModelRequest,
  runAgentTurn,
  TOOL_SPECS,
} from '../../functions/agent';
import { modelName } from '../../functions/agent/providers/bedrock';
import { meterUsage } from '../../functions/chat/usage';
import { parseConfig } from '../../functions/config';

/**
 * A local Bedrock runtime speaking the real wire protocol: HTTP/2 cleartext (the SDK's default handler for this
 * client is NodeHttp2Handler), `POST /model/{modelId}/converse-stream`, answering with
 * application/vnd.amazon.eventstream frames encoded by @smithy/eventstream-codec.
 */
const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

/** Starts a successful event-stream response. */
const ok = (stream: http2.ServerHttp2Stream) =>
  stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream' });

const frame = (eventType: string, body: unknown): Uint8Array => {
  const headers: MessageHeaders = {
    ':event-type': { type: 'string', value: eventType },
    ':message-type': { type: 'string', value: 'event' },
    ':content-type': { type: 'string', value: 'application/json' },
  };
  return codec.encode({ headers, body: new TextEncoder().encode(JSON.stringify(body)) });
};

const exceptionFrame = (type: string, message: string): Uint8Array =>
  codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: type },
      ':message-type': { type: 'string', value: 'exception' },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: new TextEncoder().encode(JSON.stringify({ message })),
  });

type Script = (stream: http2.ServerHttp2Stream) => Promise<void> | void;

let server: http2.Http2Server;
let endpoint: string;
let script: Script = () => undefined;
const sessions = new Set<http2.ServerHttp2Session>();
const requests: { path: string; body: Record<string, unknown>; headers: http2.IncomingHttpHeaders }[] = [];
const closed: number[] = [];
const handlers: NodeHttp2Handler[] = [];

beforeAll(async () => {
  server = http2.createServer();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('close', () => closed.push(Date.now()));
    stream.on('end', () => {
      requests.push({
        path: String(headers[':path']),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        headers,
      });
      void Promise.resolve(script(stream)).catch(() => stream.destroy());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  requests.length = 0;
  closed.length = 0;
  for (const handler of handlers.splice(0)) handler.destroy();
});

afterAll(async () => {
  for (const session of sessions) session.destroy();
  await new Promise((resolve) => server.close(resolve));
});

function provider() {
  const handler = new NodeHttp2Handler({ disableConcurrentStreams: true });
  handlers.push(handler);
  return bedrockProvider({
    modelId: 'anthropic.claude-test-v1:0',
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' },
    requestHandler: handler,
    maxAttempts: 1,
  });
}

const request: ModelRequest = {
  system: 'You are a test.',
  tools: TOOL_SPECS,
  messages: [
    { role: 'user', text: 'What is the revenue?' },
    {
      role: 'assistant',
      text: '',
      toolUses: [{ id: 'tu-1', name: 'coreMeta', input: { searchQuery: 'revenue' } }],
      reasoning: { text: 'look it up', signature: 'sig-1' },
    },
    { role: 'tool', toolUseId: 'tu-1', name: 'coreMeta', content: '{"cubes":[]}', isError: false },
  ],
};

async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('bedrockProvider over ConverseStream (HTTP/2 event stream)', () => {
  it('sends the conversation, tools and system prompt, and streams reasoning, text and a tool use', async () => {
    // Prepare
    script = (stream) => {
      ok(stream);
      stream.write(frame('messageStart', { role: 'assistant' }));
      stream.write(
        frame('contentBlockDelta', { contentBlockIndex: 0, delta: { reasoningContent: { text: 'Need ' } } }),
      );
      stream.write(
        frame('contentBlockDelta', { contentBlockIndex: 0, delta: { reasoningContent: { text: 'SQL.' } } }),
      );
      stream.write(
        frame('contentBlockDelta', {
          contentBlockIndex: 0,
          delta: { reasoningContent: { signature: 'sig-2' } },
        }),
      );
      stream.write(frame('contentBlockStop', { contentBlockIndex: 0 }));
      stream.write(frame('contentBlockDelta', { contentBlockIndex: 1, delta: { text: 'Running ' } }));
      stream.write(frame('contentBlockDelta', { contentBlockIndex: 1, delta: { text: 'a query.' } }));
      stream.write(frame('contentBlockStop', { contentBlockIndex: 1 }));
      stream.write(
        frame('contentBlockStart', {
          contentBlockIndex: 2,
          start: { toolUse: { toolUseId: 'tu-2', name: 'coreSqlApi' } },
        }),
      );
      stream.write(
        frame('contentBlockDelta', {
          contentBlockIndex: 2,
          delta: { toolUse: { input: '{"sqlQuery":"SELECT ' } },
        }),
      );
      stream.write(
        frame('contentBlockDelta', {
          contentBlockIndex: 2,
          delta: { toolUse: { input: '1","queryTitle":"One"}' } },
        }),
      );
      stream.write(frame('contentBlockStop', { contentBlockIndex: 2 }));
      stream.write(frame('messageStop', { stopReason: 'tool_use' }));
      stream.end(
        frame('metadata', {
          usage: {
            inputTokens: 10,
            outputTokens: 5,
            cacheReadInputTokens: 3,
            cacheWriteInputTokens: 2,
            totalTokens: 20,
          },
          metrics: { latencyMs: 1 },
        }),
      );
    };
    // Act
    const events = await collect(provider().stream(request, new AbortController().signal));
    // Assess
    expect(events).toEqual([
      { type: 'thinking', delta: 'Need ' },
      { type: 'thinking', delta: 'SQL.' },
      { type: 'thinkingSignature', signature: 'sig-2' },
      { type: 'text', delta: 'Running ' },
      { type: 'text', delta: 'a query.' },
      {
        type: 'toolUse',
        toolUse: { id: 'tu-2', name: 'coreSqlApi', input: { sqlQuery: 'SELECT 1', queryTitle: 'One' } },
      },
      // The stop reason comes before the token counts (metadata): one end event carries both.
      {
        type: 'end',
        stopReason: 'tool_use',
        rawStopReason: 'tool_use',
        usage: {
          model: 'anthropic.claude-test-v1:0',
          inputTokens: 10,
          outputTokens: 5,
          cacheReadTokens: 3,
          cacheWriteTokens: 2,
        },
      },
    ]);
    const [sent] = requests;
    expect(sent?.path).toBe(`/model/${encodeURIComponent('anthropic.claude-test-v1:0')}/converse-stream`);
    expect(String(sent?.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDLOCAL\/\d{8}\/us-east-1\/bedrock\//,
    );
    // A Claude model: cache points after the system prompt, the tools and the step's input (see the caching tests).
    expect(sent?.body.system).toEqual([{ text: 'You are a test.' }, { cachePoint: { type: 'default' } }]);
    expect(sent?.body.messages).toEqual([
      { role: 'user', content: [{ text: 'What is the revenue?' }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'look it up', signature: 'sig-1' } } },
          { toolUse: { toolUseId: 'tu-1', name: 'coreMeta', input: { searchQuery: 'revenue' } } },
        ],
      },
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 'tu-1', content: [{ text: '{"cubes":[]}' }], status: 'success' } },
          { cachePoint: { type: 'default' } },
        ],
      },
    ]);
    const toolConfig = sent?.body.toolConfig as { tools: { toolSpec?: { name: string } }[] };
    expect(toolConfig.tools.map((t) => t.toolSpec?.name ?? t)).toEqual([
      'coreMeta',
      'coreSqlApi',
      { cachePoint: { type: 'default' } },
    ]);
  });

  it('turns an exception frame mid-stream into a ModelProviderError after the events before it', async () => {
    script = (stream) => {
      ok(stream);
      stream.write(frame('messageStart', { role: 'assistant' }));
      stream.write(frame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hel' } }));
      stream.end(exceptionFrame('modelStreamErrorException', 'The model stream broke'));
    };
    const seen: ModelEvent[] = [];
    const failure = await (async () => {
      try {
        for await (const e of provider().stream(request, new AbortController().signal)) seen.push(e);
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(seen).toEqual([{ type: 'text', delta: 'Hel' }]);
    expect(failure).toBeInstanceOf(ModelProviderError);
    expect(String((failure as Error).message)).toMatch(/bedrock: .*The model stream broke/);
  });

  it('reports an HTTP error status before the stream as a ModelProviderError', async () => {
    script = (stream) => {
      stream.respond({
        ':status': 400,
        'content-type': 'application/json',
        'x-amzn-errortype': 'ValidationException',
      });
      stream.end(JSON.stringify({ message: 'The model id is invalid' }));
    };
    await expect(collect(provider().stream(request, new AbortController().signal))).rejects.toThrow(
      /bedrock: .*The model id is invalid/,
    );
  });

  it('cancels the in-flight HTTP/2 stream when the signal aborts', async () => {
    script = (stream) => {
      ok(stream);
      stream.write(frame('messageStart', { role: 'assistant' }));
      stream.write(frame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Partial' } }));
      // Then nothing: the model is "still thinking".
    };
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    let abortedAt = 0;
    const failure = await (async () => {
      try {
        for await (const e of provider().stream(request, controller.signal)) {
          seen.push(e);
          abortedAt = Date.now();
          controller.abort();
        }
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(seen).toEqual([{ type: 'text', delta: 'Partial' }]);
    // An aborted step fails as aborted, not as a finished answer or a provider error.
    expect(failure).toBeInstanceOf(AbortedError);
    // The abort closes the upstream connection; nothing else would for minutes (the reply never ends). A few ms
    // on a quiet machine; the wait and the bound leave room for a loaded one (250 ms measured the load).
    const deadline = Date.now() + 30_000;
    while (closed.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(closed).toHaveLength(1);
    expect((closed[0] ?? Infinity) - abortedAt).toBeLessThan(5_000);
  });
});

describe('token usage of a turn over Bedrock', () => {
  it('adds up each step’s metadata usage into the turn and writes it as per-account EMF metrics', async () => {
    // Prepare: step 1 runs a query, step 2 answers with its figure; each ends with Bedrock's metadata frame.
    let step = 0;
    script = (stream) => {
      step += 1;
      ok(stream);
      stream.write(frame('messageStart', { role: 'assistant' }));
      if (step === 1) {
        stream.write(
          frame('contentBlockStart', {
            contentBlockIndex: 0,
            start: { toolUse: { toolUseId: 'tu-1', name: 'coreSqlApi' } },
          }),
        );
        stream.write(
          frame('contentBlockDelta', {
            contentBlockIndex: 0,
            delta: { toolUse: { input: '{"sqlQuery":"SELECT MEASURE(revenue) FROM sales"}' } },
          }),
        );
        stream.write(frame('contentBlockStop', { contentBlockIndex: 0 }));
        stream.write(frame('messageStop', { stopReason: 'tool_use' }));
        stream.end(frame('metadata', { usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 } }));
        return;
      }
      stream.write(frame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Revenue is 42.' } }));
      stream.write(frame('contentBlockStop', { contentBlockIndex: 0 }));
      stream.write(frame('messageStop', { stopReason: 'end_turn' }));
      stream.end(
        frame('metadata', {
          usage: { inputTokens: 150, outputTokens: 30, cacheReadInputTokens: 90, totalTokens: 270 },
        }),
      );
    };
    const tools: AnalystTools = {
      coreMeta: async () => ({ cubes: [] }),
      coreSqlApi: async () => ({
        schema: [{ name: 'revenue', column_type: 'DOUBLE' }],
        data: [[42]],
        totalRows: 1,
      }),
    };
    // Act
    const result = await runAgentTurn({
      provider: provider(),
      tools,
      history: [],
      input: 'What is the revenue?',
      showThinking: false,
      signal: new AbortController().signal,
      emit: () => undefined,
    });
    const written: string[] = [];
    meterUsage('acme', result.usage, parseConfig({ METRICS: 'emf' }), (line) => written.push(line));
    // Assess
    expect(result.finalAnswer).toBe('Revenue is 42.');
    expect(result.usage).toEqual({
      models: ['anthropic.claude-test-v1:0'],
      llmCalls: 2,
      inputTokens: 250,
      outputTokens: 50,
      cacheReadTokens: 90,
      cacheWriteTokens: 0,
      totalTokens: 390,
    });
    expect(written).toHaveLength(1);
    const document = JSON.parse(written[0] ?? '{}') as Record<string, unknown>;
    expect(document).toMatchObject({
      account: 'acme',
      models: 'anthropic.claude-test-v1:0',
      ModelCalls: 2,
      ModelInputTokens: 250,
      ModelOutputTokens: 50,
      ModelCacheReadTokens: 90,
      ModelCacheWriteTokens: 0,
      _aws: { CloudWatchMetrics: [{ Namespace: 'EmbeddedAnalytics', Dimensions: [['account'], []] }] },
    });
    // A turn that called no model writes no metrics.
    meterUsage('acme', { ...result.usage, llmCalls: 0 }, parseConfig({ METRICS: 'emf' }), (line) =>
      written.push(line),
    );
    expect(written).toHaveLength(1);
  });

  it('reduces an inference-profile ARN to the model name', () => {
    expect(
      modelName(
        'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-3-5-haiku-v1:0',
      ),
    ).toBe('us.anthropic.claude-3-5-haiku-v1:0');
    expect(modelName('anthropic.claude-test-v1:0')).toBe('anthropic.claude-test-v1:0');
  });
});
