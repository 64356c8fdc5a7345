import { config } from '../config';
import { KEEPALIVE_ID } from '../protocol';

/**
 * CloudFront closes an origin connection that stays silent longer than its read timeout (60 s), and a model
 * writing a long tool call, hidden reasoning or a slow query emits nothing meanwhile. While a stream is quiet,
 * this writes a no-op line every interval; clients skip it (any line whose id they do not know). It is not a
 * message: it carries no `sort` and is never stored, so a replay does not contain it.
 */
export { KEEPALIVE_ID };
export const KEEPALIVE_LINE = `${JSON.stringify({ id: KEEPALIVE_ID })}\n`;

/** `STREAM_KEEPALIVE_MS` (the stack sets it from context), else 15 s. */
export const keepaliveMs = (): number => config().keepaliveMs;

/** Passes `source` through, adding KEEPALIVE_LINE whenever no line came for `intervalMs`. */
export async function* withKeepalive(
  source: AsyncIterable<string>,
  intervalMs: number,
): AsyncGenerator<string> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<string>> | undefined;
  let finished = false;
  try {
    for (;;) {
      pending ??= iterator.next();
      let timer: NodeJS.Timeout | undefined;
      const tick = new Promise<'tick'>((resolve) => {
        timer = setTimeout(() => resolve('tick'), intervalMs);
      });
      const next = await Promise.race([pending, tick]);
      clearTimeout(timer);
      if (next === 'tick') {
        yield KEEPALIVE_LINE;
        continue;
      }
      pending = undefined;
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // The reader left early: let the source clean up (without waiting on a line it is still producing).
    if (!finished) {
      const closing = iterator.return?.();
      if (pending === undefined) await closing;
      else closing?.catch(() => undefined);
    }
  }
}
