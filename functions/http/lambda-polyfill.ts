/**
 * Outside Lambda there is no `awslambda` global, yet middy's streaming mode calls
 * `awslambda.streamifyResponse` when a handler is created. This installs a small stand-in that behaves
 * like the Lambda runtime: a streaming handler is `(event, responseStream, context)`, and
 * `HttpResponseStream.from` writes the HTTP prelude (JSON metadata, then 8 NUL bytes) before the body.
 * The local service (functions/http/local.ts) reads that prelude back. In Lambda this module does nothing.
 */
import type { Writable } from 'node:stream';

export const STREAMING = Symbol.for('embedded-analytics.streaming');
/**
 * A response stream of the local service may take the prelude's metadata as an object (no JSON and separator
 * bytes to write and parse back); other streams get the bytes, as from the Lambda runtime.
 */
export const TAKES_METADATA = Symbol.for('embedded-analytics.takes-metadata');
export const PRELUDE_SEPARATOR = Buffer.alloc(8, 0);

/** The part of the Lambda runtime's `awslambda` global that streaming handlers use. */
export interface AwsLambda {
  streamifyResponse: <H>(handler: H) => H;
  HttpResponseStream: { from: (stream: Writable, metadata: Record<string, unknown>) => Writable };
}

const holder = globalThis as unknown as { awslambda?: AwsLambda };

// Other libraries (the AWS SDK's invoke store) may already have created `awslambda` with other members.
if (typeof holder.awslambda?.streamifyResponse !== 'function') {
  holder.awslambda = Object.assign(holder.awslambda ?? {}, {
    streamifyResponse<H>(handler: H): H {
      Object.defineProperty(handler, STREAMING, { value: true });
      return handler;
    },
    HttpResponseStream: {
      from(stream: Writable, metadata: Record<string, unknown>) {
        const take = (stream as unknown as Record<symbol, unknown>)[TAKES_METADATA];
        if (typeof take === 'function') take(metadata);
        else stream.write(Buffer.concat([Buffer.from(JSON.stringify(metadata)), PRELUDE_SEPARATOR]));
        return stream;
      },
    },
  });
}

/** The `awslambda` global: the Lambda runtime's in AWS, the stand-in above elsewhere. */
export const awslambda = (): AwsLambda => holder.awslambda as AwsLambda;

/** Whether a handler was created in streaming mode (it takes a response stream). */
export const isStreamingHandler = (handler: unknown): boolean =>
  typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[STREAMING] === true;
