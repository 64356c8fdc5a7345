import { sleep } from '../abort';
import { type ModelEvent, ModelProviderError } from '../types';

/** How a provider retries a throttled or unavailable model: attempts in all, and the backoff's base and cap. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 };

/**
 * The pause before retry `n` (1 for the first): "full jitter" over an exponential ceiling, so many turns throttled
 * at once do not come back together; a longer wait the provider asked for (Retry-After) wins, within the cap.
 */
export function backoffMs(n: number, policy: RetryPolicy, hintMs?: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
  const jittered = Math.round(ceiling * random());
  return Math.min(policy.maxDelayMs, Math.max(jittered, hintMs ?? 0));
}

/**
 * One model step with retries: a throttled or unavailable failure before the step produced anything is retried
 * after a backoff (nobody saw the failed attempt). Once events have been passed on, the failure is the caller's:
 * the loop closes the partial step and runs it again. `onRetry` hears each retry (for the logs).
 */
export async function* withRetries(
  open: () => AsyncIterable<ModelEvent>,
  policy: RetryPolicy,
  signal: AbortSignal,
  onRetry?: (error: ModelProviderError, attempt: number, delayMs: number) => void,
): AsyncGenerator<ModelEvent> {
  for (let attempt = 1; ; attempt++) {
    let produced = false;
    try {
      for await (const event of open()) {
        produced = true;
        yield event;
      }
      return;
    } catch (error) {
      const retry =
        !produced &&
        !signal.aborted &&
        attempt < policy.attempts &&
        error instanceof ModelProviderError &&
        error.retryable;
      if (!retry) throw error;
      const delay = backoffMs(attempt, policy, error.retryAfterMs);
      onRetry?.(error, attempt, delay);
      await sleep(delay, signal);
    }
  }
}

/** A Retry-After header (seconds or an HTTP date) or OpenAI's retry-after-ms, in milliseconds. */
export function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms)) return Math.max(0, ms);
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
