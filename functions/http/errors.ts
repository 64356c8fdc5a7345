import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { $ZodError } from 'zod/v4/core';
import { AppError, BudgetExceededError, RateLimitedError } from '../errors';
import { describeError, type Logger } from '../observability/log';

/** The README, "Errors" error body. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: unknown;
}

/** Formats a zod path the way clients read it: `body.userAttributes[0].name`. */
export function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(root)';
}

/** Turns zod issues into one readable message that names every offending field path. */
export function zodMessage(error: $ZodError, prefix: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        return issue.keys
          .map((key) => `${formatPath(prefix, [...issue.path, key])}: unknown field`)
          .join('; ');
      }
      return `${formatPath(prefix, issue.path)}: ${issue.message}`;
    })
    .join('; ');
}

/** Middy's own HTTP errors (JSON parser, content type) carry a statusCode. */
function middyStatus(error: unknown): number | undefined {
  if (error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error.statusCode;
  }
  return undefined;
}

/** Converts any thrown value into a contract error (status, code, message). Only 4xx messages are exposed. */
export function toErrorBody(error: unknown, log: Logger): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    if (error.status >= 500) {
      log.error('request failed', describeError(error));
      return { status: error.status, body: { error: 'Internal server error', code: 'INTERNAL' } };
    }
    const body: ErrorBody = { error: error.message, code: error.code };
    if (error.details !== undefined) body.details = error.details;
    return { status: error.status, body };
  }
  if (error instanceof $ZodError) {
    return { status: 400, body: { error: zodMessage(error, ''), code: 'VALIDATION_ERROR' } };
  }
  const status = middyStatus(error);
  if (status === 415) {
    return {
      status: 400,
      body: { error: 'body: Content-Type must be application/json', code: 'VALIDATION_ERROR' },
    };
  }
  if (status === 422 || status === 400) {
    return { status: 400, body: { error: 'body: malformed JSON', code: 'VALIDATION_ERROR' } };
  }
  log.error('unexpected error', describeError(error));
  return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } };
}

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A JSON response in function-URL format. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { ...jsonHeaders, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** The response for a thrown value. */
export function errorResponse(error: unknown, log: Logger): APIGatewayProxyStructuredResultV2 {
  const { status, body } = toErrorBody(error, log);
  const headers: Record<string, string> =
    error instanceof RateLimitedError || error instanceof BudgetExceededError
      ? { 'retry-after': String(error.retryAfterSeconds) }
      : {};
  return jsonResponse(status, body, headers);
}
