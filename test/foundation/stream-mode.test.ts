/**
 * The streaming endpoints' writer (functions/http/stream-mode.ts), called as the Lambda runtime calls a
 * streaming handler: with a response stream of our own that can be slow, fail or go away.
 */
import { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { AppError } from '../../functions/errors';
import { streamingEndpoint } from '../../functions/http/endpoint';
import { PRELUDE_SEPARATOR } from '../../functions/http/lambda-polyfill';

const PATH = '/api/v1/public/demo/agents/1/chat/stream-chat-state';
const event = {
  version: '2.0',
  routeKey: '$default',
  rawPath: PATH,
  rawQueryString: '',
  headers: {},
  requestContext: { requestId: 'r1', http: { method: 'POST', path: PATH } },
  isBase64Encoded: false,
} as unknown as APIGatewayProxyEventV2;
const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 60_000 } as Context;

type StreamHandler = (e: APIGatewayProxyEventV2, s: Writable, c: Context) => Promise<void>;

/** A response stream that keeps what it is given and completes each write only when `release` says so. */
function sink(options: { gated?: boolean } = {}) {
  const chunks: Buffer[] = [];
  const waiting: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      if (options.gated) waiting.push(() => callback());
      else callback();
    },
  });
  const text = () => {
    const bytes = Buffer.concat(chunks);
    const at = bytes.indexOf(PRELUDE_SEPARATOR);
    return {
      prelude: JSON.parse(bytes.subarray(0, at).toString()) as { statusCode: number },
      body: bytes.subarray(at + PRELUDE_SEPARATOR.length).toString(),
    };
  };
  const release = () => {
    for (const done of waiting.splice(0)) done();
  };
  return { stream, text, release };
}

/** A streaming endpoint over `source`, with what the source saw. */
function endpoint(
  source: (signal: AbortSignal, seen: { produced: number; closed: boolean }) => AsyncIterable<string>,
) {
  const seen = { produced: 0, closed: false, aborted: false };
  const handler = streamingEndpoint({
    route: 'chat-stream',
    auth: 'none',
    handle: async () => ({
      status: 200,
      headers: { 'content-type': 'application/x-ndjson' },
      lines: (signal) => {
        signal.addEventListener('abort', () => {
          seen.aborted = true;
        });
        return source(signal, seen);
      },
    }),
  }) as unknown as StreamHandler;
  return { handler, seen };
}

const line = (i: number) => `${JSON.stringify({ i, pad: 'x'.repeat(200) })}\n`;

test('lines are written in order, and a slow reader holds the source back (backpressure)', async () => {
  const { handler, seen } = endpoint(async function* (_signal, state) {
    for (let i = 0; i < 200; i += 1) {
      state.produced = i + 1;
      yield line(i);
    }
  });
  const { stream, text, release } = sink({ gated: true });
  const running = handler(event, stream, context);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Nothing was consumed: the writer stopped at the stream's buffer (1 KB: a few lines), not at 200.
  expect(seen.produced).toBeLessThan(10);
  const pump = setInterval(release, 1);
  await running;
  clearInterval(pump);
  const { prelude, body } = text();
  expect(prelude.statusCode).toBe(200);
  expect(body).toBe(Array.from({ length: 200 }, (_, i) => line(i)).join(''));
});

test('a reader that leaves aborts the source signal and closes the source, without an error', async () => {
  const { handler, seen } = endpoint(async function* (signal, state) {
    try {
      for (let i = 0; ; i += 1) {
        yield line(i);
        // A source waiting on something slow (the model) between lines.
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (signal.aborted) return;
      }
    } finally {
      state.closed = true;
    }
  });
  const { stream } = sink();
  const running = handler(event, stream, context);
  await new Promise((resolve) => setTimeout(resolve, 70));
  stream.destroy(new Error('client disconnected'));
  await expect(running).resolves.toBeUndefined();
  expect(seen.aborted).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(seen.closed).toBe(true);
});

test('a source that fails after its first line cuts the response and the handler fails', async () => {
  const { handler } = endpoint(async function* () {
    yield line(0);
    throw new Error('the model went away');
  });
  const { stream, text } = sink();
  await expect(handler(event, stream, context)).rejects.toThrow('the model went away');
  expect(stream.destroyed).toBe(true);
  expect(stream.writableFinished).toBe(false);
  expect(text().body).toBe(line(0));
});

test('an error before the first line is a whole JSON answer with its status', async () => {
  const handler = streamingEndpoint({
    route: 'chat-stream',
    auth: 'none',
    handle: async () => {
      throw new AppError(409, 'THREAD_BUSY', 'Streaming for thread is in progress');
    },
  }) as unknown as StreamHandler;
  const { stream, text } = sink();
  await handler(event, stream, context);
  expect(stream.writableFinished).toBe(true);
  const { prelude, body } = text();
  expect(prelude.statusCode).toBe(409);
  expect(JSON.parse(body)).toEqual({ error: 'Streaming for thread is in progress', code: 'THREAD_BUSY' });
});
