/**
 * Scripted model turns over the two wire protocols the providers speak, from one description of a step: a local
 * Bedrock runtime (HTTP/2 cleartext, `POST /model/{id}/converse-stream`, application/vnd.amazon.eventstream frames
 * from @smithy/eventstream-codec) and a local OpenAI-compatible server (`POST /v1/chat/completions`, SSE). A test
 * writes what the model does (text, tool calls, a stop reason, a failure before or during the stream) and runs the
 * same scenario over both.
 */
import { once } from 'node:events';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { NodeHttp2Handler } from '@smithy/node-http-handler';
import { bedrockProvider, type ModelProvider, openAiProvider } from '../../../functions/agent';
import type { BedrockOptions } from '../../../functions/agent/providers/bedrock';
import type { OpenAiOptions } from '../../../functions/agent/providers/openai';

export type Protocol = 'bedrock' | 'openai';
export const PROTOCOLS: Protocol[] = ['bedrock', 'openai'];

/** Why a step ends, in the provider-neutral words of a script. */
export type ScriptStop = 'end' | 'tool' | 'length' | 'filter' | 'context' | 'malformed';

/** What the model does in one step. */
export type ScriptStep =
  | {
      text?: string;
      tools?: { id: string; name: string; input: Record<string, unknown> }[];
      stop?: ScriptStop;
      usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
    }
  | {
      /** A failure: before the stream (an HTTP status) or after `after` was streamed (an error in the stream). */
      fail: 'throttle' | 'unavailable' | 'too-long' | 'denied';
      after?: string;
      /** The provider's own message (may carry account details that must not reach users). */
      message?: string;
    };

/** A recorded request body as the server parsed it. */
export type Sent = Record<string, unknown>;

export interface ModelServer {
  protocol: Protocol;
  /** Where the server listens: Bedrock's endpoint, or the OpenAI base URL (…/v1). */
  baseUrl: string;
  requests: Sent[];
  /** Sets how the server answers: the step for the n-th request from now (0-based), given its body. */
  script(next: (body: Sent, n: number) => ScriptStep): void;
  /** Answers the next requests with these steps in order, repeating the last. */
  steps(...steps: ScriptStep[]): void;
  provider(options?: Partial<BedrockOptions & OpenAiOptions>): ModelProvider;
  stop(): Promise<void>;
}

const pieces = (text: string) => text.match(/\S+\s*/g) ?? [];
/** Retries in tests wait a millisecond, not half a second. */
const FAST_RETRY = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 };

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

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

const BEDROCK_STOP: Record<ScriptStop, string> = {
  end: 'end_turn',
  tool: 'tool_use',
  length: 'max_tokens',
  filter: 'content_filtered',
  context: 'model_context_window_exceeded',
  malformed: 'malformed_tool_use',
};

const BEDROCK_FAIL = {
  throttle: { status: 429, type: 'ThrottlingException', frame: 'throttlingException' },
  unavailable: { status: 503, type: 'ServiceUnavailableException', frame: 'serviceUnavailableException' },
  'too-long': { status: 400, type: 'ValidationException', frame: 'validationException' },
  denied: { status: 403, type: 'AccessDeniedException', frame: 'validationException' },
};

function bedrockAnswer(stream: http2.ServerHttp2Stream, step: ScriptStep): void {
  if ('fail' in step) {
    const fail = BEDROCK_FAIL[step.fail];
    const message =
      step.message ?? (step.fail === 'too-long' ? 'Input is too long for requested model.' : step.fail);
    if (step.after === undefined) {
      stream.respond({
        ':status': fail.status,
        'content-type': 'application/json',
        'x-amzn-errortype': fail.type,
      });
      stream.end(JSON.stringify({ message }));
      return;
    }
    stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream' });
    stream.write(frame('messageStart', { role: 'assistant' }));
    for (const text of pieces(step.after))
      stream.write(frame('contentBlockDelta', { contentBlockIndex: 0, delta: { text } }));
    stream.end(exceptionFrame(fail.frame, message));
    return;
  }
  stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream' });
  stream.write(frame('messageStart', { role: 'assistant' }));
  let index = 0;
  if (step.text) {
    for (const text of pieces(step.text))
      stream.write(frame('contentBlockDelta', { contentBlockIndex: index, delta: { text } }));
    if (step.stop !== 'length' || step.tools?.length)
      stream.write(frame('contentBlockStop', { contentBlockIndex: index }));
    index++;
  }
  for (const [k, tool] of (step.tools ?? []).entries()) {
    stream.write(
      frame('contentBlockStart', {
        contentBlockIndex: index,
        start: { toolUse: { toolUseId: tool.id, name: tool.name } },
      }),
    );
    const json = JSON.stringify(tool.input);
    const last = k === (step.tools?.length ?? 0) - 1;
    // Cut at the output limit: half the last call's input, and no end of its block.
    const cut = last && step.stop === 'length';
    stream.write(
      frame('contentBlockDelta', {
        contentBlockIndex: index,
        delta: { toolUse: { input: cut ? json.slice(0, Math.floor(json.length / 2)) : json } },
      }),
    );
    if (!cut) stream.write(frame('contentBlockStop', { contentBlockIndex: index }));
    index++;
  }
  stream.write(
    frame('messageStop', { stopReason: BEDROCK_STOP[step.stop ?? (step.tools?.length ? 'tool' : 'end')] }),
  );
  const usage = step.usage ?? { input: 100, output: 10 };
  stream.end(
    frame('metadata', {
      usage: {
        inputTokens: usage.input,
        outputTokens: usage.output,
        cacheReadInputTokens: usage.cacheRead ?? 0,
        cacheWriteInputTokens: usage.cacheWrite ?? 0,
        totalTokens: usage.input + usage.output + (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0),
      },
      metrics: { latencyMs: 1 },
    }),
  );
}

const OPENAI_STOP: Record<Exclude<ScriptStop, 'context' | 'malformed'>, string> = {
  end: 'stop',
  tool: 'tool_calls',
  length: 'length',
  filter: 'content_filter',
};

function openAiAnswer(res: http.ServerResponse, step: ScriptStep): void {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  const error = (status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '0' });
    res.end(JSON.stringify({ error: { message, type: code, code } }));
  };
  if ('fail' in step || step.stop === 'context') {
    const kind = 'fail' in step ? step.fail : 'too-long';
    const message =
      ('fail' in step ? step.message : undefined) ??
      (kind === 'too-long' ? "This model's maximum context length is 128000 tokens." : kind);
    const [status, code] =
      kind === 'throttle'
        ? [429, 'rate_limit_exceeded']
        : kind === 'unavailable'
          ? [503, 'server_error']
          : kind === 'too-long'
            ? [400, 'context_length_exceeded']
            : [403, 'permission_denied'];
    if (!('fail' in step) || step.after === undefined) {
      error(status, code, message);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const text of pieces(step.after)) chunk({ content: text });
    res.end(`data: ${JSON.stringify({ error: { message, type: code, code } })}\n\n`);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const text of pieces(step.text ?? '')) chunk({ content: text });
  for (const [k, tool] of (step.tools ?? []).entries()) {
    const json = JSON.stringify(tool.input);
    const cut = k === (step.tools?.length ?? 0) - 1 && step.stop === 'length';
    const garbled = step.stop === 'malformed';
    const args = cut ? json.slice(0, Math.floor(json.length / 2)) : garbled ? `${json.slice(0, -1)},}` : json;
    chunk({
      tool_calls: [
        { index: k, id: tool.id, type: 'function', function: { name: tool.name, arguments: args } },
      ],
    });
  }
  const stop = step.stop ?? (step.tools?.length ? 'tool' : 'end');
  // OpenAI has no finish reason for a garbled call: it sends arguments that do not parse.
  chunk({}, stop === 'malformed' ? 'tool_calls' : OPENAI_STOP[stop as keyof typeof OPENAI_STOP]);
  const usage = step.usage ?? { input: 100, output: 10 };
  res.write(
    `data: ${JSON.stringify({
      id: 'c',
      choices: [],
      usage: {
        prompt_tokens: usage.input + (usage.cacheRead ?? 0),
        completion_tokens: usage.output,
        prompt_tokens_details: { cached_tokens: usage.cacheRead ?? 0 },
      },
    })}\n\n`,
  );
  res.end('data: [DONE]\n\n');
}

/** Starts a scripted model server of one protocol on a free local port. */
export async function startModelServer(protocol: Protocol): Promise<ModelServer> {
  const requests: Sent[] = [];
  let next: (body: Sent, n: number) => ScriptStep = () => ({ text: 'Done.' });
  const receive = (raw: Buffer[]) => {
    const body = JSON.parse(Buffer.concat(raw).toString('utf8')) as Sent;
    requests.push(body);
    return next(body, requests.length - 1);
  };
  const base = {
    protocol,
    requests,
    script(fn: (body: Sent, n: number) => ScriptStep) {
      const from = requests.length;
      next = (body, n) => fn(body, n - from);
    },
    steps(...steps: ScriptStep[]) {
      const from = requests.length;
      next = (_body, n) => steps[Math.min(n - from, steps.length - 1)] ?? { text: 'Done.' };
    },
  };
  if (protocol === 'bedrock') {
    const server = http2.createServer();
    const sessions = new Set<http2.ServerHttp2Session>();
    const handlers: NodeHttp2Handler[] = [];
    server.on('session', (session) => {
      sessions.add(session);
      session.on('close', () => sessions.delete(session));
    });
    server.on('stream', (stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        try {
          bedrockAnswer(stream, receive(chunks));
        } catch {
          stream.destroy();
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      ...base,
      baseUrl: endpoint,
      provider(options = {}) {
        const handler = new NodeHttp2Handler({ disableConcurrentStreams: true });
        handlers.push(handler);
        return bedrockProvider({
          modelId: 'anthropic.claude-test-v1:0',
          region: 'us-east-1',
          endpoint,
          credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' },
          requestHandler: handler,
          retry: FAST_RETRY,
          ...options,
        });
      },
      async stop() {
        for (const handler of handlers) handler.destroy();
        for (const session of sessions) session.destroy();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        openAiAnswer(res, receive(chunks));
      } catch {
        res.destroy();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    ...base,
    baseUrl,
    provider(options = {}) {
      return openAiProvider({
        baseUrl,
        apiKey: 'sk-local',
        model: 'test-model',
        retry: FAST_RETRY,
        ...options,
      });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The texts of the messages a request carried (Bedrock content blocks or OpenAI message contents), in order. */
export function sentTexts(protocol: Protocol, body: Sent): string[] {
  const messages = (body.messages ?? []) as Record<string, unknown>[];
  if (protocol === 'openai') {
    return messages.map((m) => (typeof m.content === 'string' ? m.content : ''));
  }
  return messages.flatMap((m) =>
    ((m.content ?? []) as Record<string, unknown>[]).flatMap((block) => {
      if (typeof block.text === 'string') return [block.text];
      const result = block.toolResult as { content?: { text?: string }[] } | undefined;
      // Cache points and reasoning carry no text.
      return result ? [result.content?.map((c) => c.text ?? '').join('') ?? ''] : [];
    }),
  );
}

/** The tool results a request carried, as the model reads them. */
export function sentToolResults(protocol: Protocol, body: Sent): string[] {
  const messages = (body.messages ?? []) as Record<string, unknown>[];
  if (protocol === 'openai') {
    return messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
  }
  return messages.flatMap((m) =>
    ((m.content ?? []) as Record<string, unknown>[]).flatMap((block) => {
      const result = block.toolResult as { content?: { text?: string }[] } | undefined;
      return result ? [result.content?.map((c) => c.text ?? '').join('') ?? ''] : [];
    }),
  );
}
