/**
 * The chat stream through the local HTTP service with the offline model: time to the first and the last line,
 * abort-to-end latency, and the streaming layer's overhead against a bare Node HTTP server writing the same lines.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { STREAM_HEADERS } from '../functions/chat';
import { Channel } from '../functions/chat/channel';
import { streamingEndpoint } from '../functions/http/endpoint';
import { awslambda } from '../functions/http/lambda-polyfill';
import { createLocalServer } from '../functions/http/local';
import { startLocalService } from '../functions/local/service';
import { FRAME } from '../functions/protocol';
import { startDynamoDbLocal } from '../functions/store/dynamodb-local';
import { keys } from '../functions/store/keys';
import { line, percentile, round, runIfMain, timeSequential } from './stats';

interface Timed {
  firstMs: number;
  lastMs: number;
  lines: string[];
}

/** One POST whose response is read line by line; times to the first and the last line. */
async function timedStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  onLine?: (text: string, index: number) => void | Promise<void>,
): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (response.status !== 200 || !response.body) {
    throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const lines: string[] = [];
  let buffer = '';
  let firstMs = Number.NaN;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
      const text = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      lines.push(text);
      await onLine?.(text, lines.length - 1);
    }
  }
  return { firstMs, lastMs: performance.now() - started, lines };
}

const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Full-response times of `count` sequential requests (after `warm` unmeasured ones). */
async function responseTimes(url: string, count: number, warm = 20): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warm + count; i += 1) {
    const timed = await timedStream(url, {}, { 'content-type': 'application/json' });
    if (i >= warm) times.push(timed.lastMs);
  }
  return times;
}

/**
 * The streaming layer (middy, the endpoint's checks, the line writer) behind the local Lambda adapter, against two
 * floors: a bare Node server writing the same lines with `res.write`, and a bare streaming handler (the Lambda
 * runtime's interface, no middy, no checks) behind the same adapter. In Lambda the runtime replaces the adapter,
 * so the second ratio is the layer's own cost; the first includes the local service's.
 */
export async function streamingOverhead(
  lines: string[],
): Promise<{ layerMs: number; bareMs: number; adapterMs: number }> {
  const payload = lines.map((text) => `${text}\n`);
  const handler = streamingEndpoint({
    route: 'chat-stream',
    auth: 'none',
    handle: async () => ({
      status: 200,
      headers: STREAM_HEADERS,
      // The chat's own path: lines pushed into the turn's channel, written as they are taken.
      lines: () => {
        const channel = new Channel<string>();
        for (const text of payload) channel.push(text);
        channel.close();
        return (async function* replay() {
          for await (const batch of channel.batches()) yield batch.join('');
        })();
      },
    }),
  });
  const runtime = awslambda();
  const bareHandler = runtime.streamifyResponse(async (_event: unknown, stream: Writable) => {
    const response = runtime.HttpResponseStream.from(stream, { statusCode: 200, headers: STREAM_HEADERS });
    for (const text of payload) response.write(text);
    await new Promise<void>((resolve) => response.end(resolve));
  });
  const layer = createLocalServer({ load: async () => handler });
  const adapter = createLocalServer({ load: async () => bareHandler });
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.socket?.setNoDelay(true);
      res.writeHead(200, STREAM_HEADERS);
      for (const text of payload) res.write(text);
      res.end();
    });
  });
  const [layerUrl, adapterUrl, bareUrl] = await Promise.all([listen(layer), listen(adapter), listen(bare)]);
  try {
    const path = '/api/v1/public/demo/agents/1/chat/stream-chat-state';
    // Interleaved rounds so that drift of the machine hits all alike.
    const layerTimes: number[] = [];
    const adapterTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      layerTimes.push(...(await responseTimes(`${layerUrl}${path}`, 60)));
      adapterTimes.push(...(await responseTimes(`${adapterUrl}${path}`, 60)));
      bareTimes.push(...(await responseTimes(`${bareUrl}${path}`, 60)));
    }
    return {
      layerMs: percentile(layerTimes, 50),
      adapterMs: percentile(adapterTimes, 50),
      bareMs: percentile(bareTimes, 50),
    };
  } finally {
    await Promise.all([close(layer), close(adapter), close(bare)]);
  }
}

export async function run(): Promise<Record<string, number>> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.MODEL_PROVIDER = 'offline';
  process.env.OFFLINE_DELAY_MS = '0';
  const dynamo = await startDynamoDbLocal();
  const service = await startLocalService({ dynamodbEndpoint: dynamo.endpoint });
  const chatUrl = `${service.baseUrl}/api/v1/public/demo/agents/1/chat`;
  const headers = { 'content-type': 'application/json', authorization: `Api-Key ${service.keys.demo}` };
  const sessionSettings = { externalId: 'bench-chat', groups: ['managers'] };
  const ask = (body: Record<string, unknown>, onLine?: Parameters<typeof timedStream>[3]) =>
    timedStream(`${chatUrl}/stream-chat-state`, { sessionSettings, ...body }, headers, onLine);
  const chatIdOf = (timed: Timed) =>
    (JSON.parse(timed.lines[0] ?? '{}') as { state?: { chatId?: string } }).state?.chatId ?? '';
  const questions = ['total amount by status', 'count of orders by region', 'average amount by category'];

  try {
    // Warm: sample data, DuckDB, model cache, provisioning of the bench user.
    for (let i = 0; i < 5; i += 1) await ask({ input: questions[i % questions.length] });

    // The floor on this machine right now: one bare DynamoDB Local read (a new turn makes 3 round trips before
    // its first line: the provisioning transaction, the user read back, the thread).
    const floor = await timeSequential(50, () =>
      service.store.doc.send(
        new GetCommand({
          TableName: service.store.tableName,
          Key: keys.account('demo'),
          ConsistentRead: true,
        }),
      ),
    );
    const fresh: Timed[] = [];
    for (let i = 0; i < 30; i += 1) fresh.push(await ask({ input: questions[i % questions.length] }));
    const thread = chatIdOf(fresh[0] as Timed);
    const continued: Timed[] = [];
    for (let i = 0; i < 30; i += 1) {
      continued.push(await ask({ input: questions[i % questions.length], chatId: thread }));
    }
    const replay: Timed[] = [];
    for (let i = 0; i < 20; i += 1) replay.push(await ask({ chatId: chatIdOf(fresh[i] as Timed) }));

    // Abort: a slow model keeps each turn streaming; the abort goes out once the agent has started.
    process.env.OFFLINE_DELAY_MS = '40';
    const abortFrom204: number[] = [];
    const abortFromRequest: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      let sent = 0;
      let answered = 0;
      let chatId = '';
      let pending: Promise<void> | undefined;
      const timed = await ask({ input: 'total amount by month in 2024' }, (text, index) => {
        if (index === 0) chatId = (JSON.parse(text) as { state: { chatId: string } }).state.chatId;
        if (index !== 3) return;
        sent = performance.now();
        pending = fetch(`${chatUrl}/stream-chat-state/abort`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ chatId, sessionSettings }),
        }).then(async (response) => {
          if (response.status !== 204) throw new Error(`abort answered ${response.status}`);
          answered = performance.now();
        });
      });
      await pending;
      const end = performance.now();
      const state = timed.lines
        .map((line) => JSON.parse(line) as { id?: string; state?: { status?: string } })
        .find((line) => line.id === FRAME.state);
      if (state?.state?.status !== 'aborted')
        throw new Error(`turn ended ${state?.state?.status}, not aborted`);
      abortFrom204.push(end - answered);
      abortFromRequest.push(end - sent);
    }
    process.env.OFFLINE_DELAY_MS = '0';

    const overhead = await streamingOverhead((fresh[0] as Timed).lines);
    const figures = {
      floor_getitem_p50_ms: round(percentile(floor, 50)),
      first_line_p50_ms: round(
        percentile(
          fresh.map((t) => t.firstMs),
          50,
        ),
      ),
      first_line_p95_ms: round(
        percentile(
          fresh.map((t) => t.firstMs),
          95,
        ),
      ),
      last_line_p50_ms: round(
        percentile(
          fresh.map((t) => t.lastMs),
          50,
        ),
      ),
      continued_first_line_p50_ms: round(
        percentile(
          continued.map((t) => t.firstMs),
          50,
        ),
      ),
      continued_last_line_p50_ms: round(
        percentile(
          continued.map((t) => t.lastMs),
          50,
        ),
      ),
      replay_last_line_p50_ms: round(
        percentile(
          replay.map((t) => t.lastMs),
          50,
        ),
      ),
      lines_per_turn: (fresh[0] as Timed).lines.length,
      abort_to_end_p50_ms: round(percentile(abortFrom204, 50)),
      abort_to_end_p95_ms: round(percentile(abortFrom204, 95)),
      abort_request_to_end_p95_ms: round(percentile(abortFromRequest, 95)),
      stream_layer_p50_ms: round(overhead.layerMs, 3),
      bare_node_p50_ms: round(overhead.bareMs, 3),
      stream_overhead_ratio: round(overhead.layerMs / overhead.bareMs),
      stream_adapter_p50_ms: round(overhead.adapterMs, 3),
      stream_layer_over_runtime_ratio: round(overhead.layerMs / overhead.adapterMs),
    };
    line('new thread (30 turns)', {
      firstLineP50: figures.first_line_p50_ms,
      firstLineP95: figures.first_line_p95_ms,
      lastLineP50: figures.last_line_p50_ms,
      lines: figures.lines_per_turn,
    });
    line('floor: one bare GetItem (50)', { p50: figures.floor_getitem_p50_ms });
    line('continued thread (30 turns)', {
      firstLineP50: figures.continued_first_line_p50_ms,
      lastLineP50: figures.continued_last_line_p50_ms,
    });
    line('replay of a stored turn (20)', { lastLineP50: figures.replay_last_line_p50_ms });
    line('abort: 204 -> __state__ (20 aborts)', {
      p50: figures.abort_to_end_p50_ms,
      p95: figures.abort_to_end_p95_ms,
      fromRequestP95: figures.abort_request_to_end_p95_ms,
    });
    line('streaming layer vs bare node (same lines)', {
      layer: figures.stream_layer_p50_ms,
      bare: figures.bare_node_p50_ms,
      ratio: figures.stream_overhead_ratio,
    });
    line('streaming layer vs a bare streaming handler, same adapter', {
      layer: figures.stream_layer_p50_ms,
      bareHandler: figures.stream_adapter_p50_ms,
      ratio: figures.stream_layer_over_runtime_ratio,
    });
    return figures;
  } finally {
    await service.stop();
    await dynamo.stop();
  }
}

runIfMain(import.meta.url, run);
