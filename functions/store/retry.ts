/**
 * How the DynamoDB client retries (docs/operating.md, "DynamoDB retries"). The SDK's standard mode shares one
 * retry quota per client: under sustained throttling it is spent within seconds, and from then on every fault
 * fails the request on its first attempt, for the rest of the process's life. A Lambda serves one request at a
 * time, so that quota protects nobody but starves the request at hand. Instead each call gets its own bounded
 * budget: a few attempts with full-jitter exponential backoff (throttling backs off from a larger base), and no
 * call sleeps more than `budgetMs` in total, well inside the functions' time bounds.
 */

/** The error kinds the SDK's retry middleware passes in (RetryErrorType of @smithy/types). */
type ErrorType = 'TRANSIENT' | 'THROTTLING' | 'SERVER_ERROR' | 'CLIENT_ERROR';

interface Token {
  getRetryCount(): number;
  getRetryDelay(): number;
}

interface ErrorInfo {
  errorType: ErrorType;
  retryAfterHint?: Date;
}

export interface RetryPolicy {
  /** Attempts for throttling (ProvisionedThroughputExceeded, Throttling, RequestLimitExceeded). */
  throttlingAttempts: number;
  /** Attempts for transient faults: 5xx, connection resets and timeouts. */
  transientAttempts: number;
  /** First backoff ceiling (ms) for transient faults and for throttling; each retry doubles it. */
  baseDelayMs: number;
  throttlingBaseDelayMs: number;
  /** Largest single backoff (ms). */
  maxDelayMs: number;
  /** Most a call may spend sleeping between its attempts (ms). */
  budgetMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  throttlingAttempts: 8,
  transientAttempts: 5,
  baseDelayMs: 25,
  throttlingBaseDelayMs: 50,
  maxDelayMs: 1_500,
  budgetMs: 5_000,
};

class CallToken implements Token {
  constructor(
    readonly count: number,
    readonly delay: number,
    readonly slept: number,
  ) {}

  getRetryCount(): number {
    return this.count;
  }

  getRetryDelay(): number {
    return this.delay;
  }
}

/** A RetryStrategyV2 for the SDK's retry middleware (`retryStrategy` of the client config). */
export class BoundedRetryStrategy {
  readonly mode = 'bounded-jitter';

  constructor(
    private readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    private readonly random: () => number = Math.random,
  ) {}

  async acquireInitialRetryToken(_scope: string): Promise<Token> {
    return new CallToken(0, 0, 0);
  }

  async refreshRetryTokenForRetry(token: Token, info: ErrorInfo): Promise<Token> {
    const previous = token instanceof CallToken ? token : new CallToken(token.getRetryCount(), 0, 0);
    const throttled = info.errorType === 'THROTTLING';
    // Client errors (a failed condition, validation) are answers, not faults.
    if (info.errorType === 'CLIENT_ERROR') throw new Error('not retryable');
    const attempts = throttled ? this.policy.throttlingAttempts : this.policy.transientAttempts;
    const attempt = previous.count + 1;
    if (attempt >= attempts) throw new Error('attempts exhausted');
    const base = throttled ? this.policy.throttlingBaseDelayMs : this.policy.baseDelayMs;
    const ceiling = Math.min(this.policy.maxDelayMs, base * 2 ** previous.count);
    // Full jitter: callers that failed together do not come back together.
    let delay = Math.floor(this.random() * ceiling);
    const hinted = info.retryAfterHint?.getTime();
    if (hinted !== undefined) delay = Math.max(delay, Math.min(hinted - Date.now(), this.policy.maxDelayMs));
    if (previous.slept + delay > this.policy.budgetMs) throw new Error('retry budget spent');
    return new CallToken(attempt, delay, previous.slept + delay);
  }

  recordSuccess(_token: Token): void {}
}
