/**
 * middy's execution mode for our streaming endpoints. middy's own streaming mode wraps a body in a Readable and
 * pipes it with `stream.pipeline`, which creates and aborts an AbortController per response (its DOMException
 * is the cost) on top of the Readable's machinery. Here the handler returns its lines as a function of an
 * abort signal, and they are written straight to the response stream, as they come, with backpressure. The
 * middleware chain (before, after, onError, the early timeout) runs exactly as in middy's modes.
 */
import type { Writable } from 'node:stream';
import { awslambda } from './lambda-polyfill';

/** What a streaming handler answers: a whole text body, or lines produced while they are written. */
export interface StreamingResponse {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string | LineSource;
}

/** Produces the lines; `signal` fires when the client leaves (the source should stop soon after). */
export type LineSource = (signal: AbortSignal) => AsyncIterable<string>;

/** The internals middy hands an execution mode (`@middy/core` index.js). */
interface MiddyInternals<R> {
  middyRequest: (event: unknown, context: unknown) => unknown;
  runRequest: (request: unknown, ...chain: unknown[]) => Promise<R>;
}
interface Plugin {
  requestStart: (request: unknown) => void;
  requestEnd: (request: unknown) => unknown;
}

export const executionModeStreamLines = (
  { middyRequest, runRequest }: MiddyInternals<StreamingResponse | undefined>,
  beforeMiddlewares: unknown[],
  lambdaHandler: unknown,
  afterMiddlewares: unknown[],
  onErrorMiddlewares: unknown[],
  plugin: Plugin,
) => {
  const streaming = awslambda().streamifyResponse(
    async (event: unknown, responseStream: Writable, context: unknown): Promise<void> => {
      const request = middyRequest(event, context);
      plugin.requestStart(request);
      let failure: { error: unknown } | undefined;
      try {
        const response = await runRequest(
          request,
          beforeMiddlewares,
          lambdaHandler,
          afterMiddlewares,
          onErrorMiddlewares,
          plugin,
        );
        const { body, ...prelude } = response ?? { statusCode: 200 };
        const stream = awslambda().HttpResponseStream.from(responseStream, prelude);
        // Lambda's runtime sends the prelude (status, headers) before the first write: an empty one sends it now,
        // so a client learns the status before a slow first line (and an empty body still has its headers).
        stream.write('');
        if (typeof body === 'function') await writeLines(stream, body);
        else await writeText(stream, body ?? '');
      } catch (error) {
        failure = { error };
      }
      // As middy's modes do: the hook runs either way, and never replaces the handler's error.
      try {
        await plugin.requestEnd(request);
      } catch (hookError) {
        if (!failure) throw hookError;
      }
      if (failure) throw failure.error;
    },
  ) as ((...args: unknown[]) => Promise<void>) & { handler?: (replace: unknown) => unknown };
  streaming.handler = (replace: unknown) => {
    lambdaHandler = replace;
    return streaming;
  };
  return streaming;
};

/** Settles when the stream is finished, or rejects when it fails or closes before. */
function ended(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

async function writeText(stream: Writable, body: string): Promise<void> {
  if (body.length > 0 && !stream.write(body)) await drained(stream);
  await ended(stream);
}

/** Resolves when the stream can take more, or when it closed (the caller then sees `destroyed`). */
const drained = (stream: Writable): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * Writes each line as it comes. A client that leaves (the stream closes or fails before the end) aborts the
 * source's signal and stops the loop without waiting for a line the source is still producing.
 */
async function writeLines(stream: Writable, source: LineSource): Promise<void> {
  const controller = new AbortController();
  let left: () => void = () => undefined;
  const leaving = new Promise<'left'>((resolve) => {
    left = () => resolve('left');
  });
  const onLeave = () => {
    if (stream.writableFinished) return;
    controller.abort(new Error('client disconnected'));
    left();
  };
  stream.once('close', onLeave);
  // A write error (the client left) arrives as 'error' and then 'close'; the listener keeps it from crashing.
  stream.on('error', onLeave);
  const iterator = source(controller.signal)[Symbol.asyncIterator]();
  let done = false;
  try {
    while (!controller.signal.aborted) {
      const next = await Promise.race([iterator.next(), leaving]);
      if (next === 'left') break;
      if (next.done) {
        done = true;
        break;
      }
      if (!stream.write(next.value)) await drained(stream);
    }
  } catch (error) {
    // The source failed mid-stream: the response cannot say so any more; it is cut, as a pipeline would.
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    // Stopped early (the client left, or the source failed): let the source clean up, without waiting on a line
    // it may still be producing.
    if (!done) iterator.return?.()?.catch(() => undefined);
  }
  if (controller.signal.aborted) return;
  await ended(stream);
  stream.off('close', onLeave);
}
