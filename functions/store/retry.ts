import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How the DynamoDB client retries (docs/operating.md, "DynamoDB faults and retries"). The SDK's standard mode
 * shares one retry quota per client: under sustained throttling it is spent within seconds, and from then on every
 * fault fails the request on its first attempt, for the rest of the process's life. A Lambda serves one request at
 * a time, so that quota protects nobody but starves the request at hand. Instead each call gets its own bounded
 * budget: a few attempts with full-jitter exponential backoff (throttling backs off from a larger base), and a
 * time budget tied to the invocation's deadline: a call sleeps at most half of the time its function had left
 * when the call began (less `reserveMs` to answer), and never sleeps into the last `reserveMs`, so the function
 * answers with a contract error rather than being cut off by its timeout. Outside an invocation (scripts, the
 * CLI) the budget is `budgetMs`.
 */

/** The deadline (epoch ms) of the invocation the current async context serves, if one was entered. */
const deadlines = new AsyncLocalStorage<number>();

/**
 * Marks the rest of the current invocation (this async context and everything it starts) as due at `deadlineMs`:
 * the endpoint wrapper calls it with the Lambda's remaining time when a request starts.
 */
export function enterDeadline(deadlineMs: number): void {
  deadlines.enterWith(deadlineMs);
}

/** Runs `fn` under a deadline (tests, and code that starts work outside an endpoint). */
export const withDeadline = <T>(deadlineMs: number, fn: () => T): T => deadlines.run(deadlineMs, fn);

/** The current invocation's deadline, if any. */
export const currentDeadline = (): number | undefined => deadlines.getStore();

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
  /** Most a call may spend sleeping between its attempts (ms) when no invocation deadline is known. */
  budgetMs: number;
  /** Time kept free before the invocation's deadline: no retry sleeps into it (ms). */
  reserveMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  throttlingAttempts: 8,
  transientAttempts: 5,
  baseDelayMs: 25,
  throttlingBaseDelayMs: 50,
  maxDelayMs: 1_500,
  budgetMs: 5_000,
  reserveMs: 1_000,
};

class CallToken implements Token {
  constructor(
    readonly count: number,
    readonly delay: number,
    readonly slept: number,
    /** Most this call may sleep in total, fixed when it began. */
    readonly budget: number,
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
    private readonly now: () => number = Date.now,
  ) {}

  /** A call's sleep budget: half the time left before the deadline, less the reserve; else `budgetMs`. */
  private budgetFrom(deadline: number | undefined): number {
    if (deadline === undefined) return this.policy.budgetMs;
    return Math.max(0, (deadline - this.now() - this.policy.reserveMs) / 2);
  }

  async acquireInitialRetryToken(_scope: string): Promise<Token> {
    return new CallToken(0, 0, 0, this.budgetFrom(currentDeadline()));
  }

  async refreshRetryTokenForRetry(token: Token, info: ErrorInfo): Promise<Token> {
    const previous =
      token instanceof CallToken
        ? token
        : new CallToken(token.getRetryCount(), 0, 0, this.budgetFrom(currentDeadline()));
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
    if (previous.slept + delay > previous.budget) throw new Error('retry budget spent');
    const deadline = currentDeadline();
    if (deadline !== undefined && this.now() + delay > deadline - this.policy.reserveMs) {
      throw new Error('no time left before the deadline');
    }
    return new CallToken(attempt, delay, previous.slept + delay, previous.budget);
  }

  recordSuccess(_token: Token): void {}
}
