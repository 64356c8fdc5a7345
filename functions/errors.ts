/**
 * Domain errors. Every error a client may see is an AppError: it carries the HTTP status and the
 * contract's UPPER_SNAKE code (contract §3). Anything else is an internal error and is reported as
 * 500 INTERNAL without its message.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, options?: ErrorOptions & { details?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = options?.details;
  }
}

/** 400 VALIDATION_ERROR: the message names the offending field path. */
export class ValidationError extends AppError {
  constructor(message: string, options?: ErrorOptions & { details?: unknown }) {
    super(400, 'VALIDATION_ERROR', message, options);
    this.name = 'ValidationError';
  }
}

/** 401: missing or unknown credentials (or an invalid session, with code SESSION_INVALID). */
export class UnauthorizedError extends AppError {
  constructor(message = 'Missing or invalid credentials', code = 'UNAUTHORIZED', options?: ErrorOptions) {
    super(401, code, message, options);
    this.name = 'UnauthorizedError';
  }
}

/** 403 with a contract code (FORBIDDEN, CREATOR_MODE_DISABLED, PLAN_NOT_SUPPORTED, ...). */
export class ForbiddenError extends AppError {
  constructor(message: string, code = 'FORBIDDEN', options?: ErrorOptions) {
    super(403, code, message, options);
    this.name = 'ForbiddenError';
  }
}

/** 404 `<WHAT>_NOT_FOUND`, e.g. new NotFoundError('DEPLOYMENT', 'Deployment 7 not found'). */
export class NotFoundError extends AppError {
  constructor(what: string, message: string, options?: ErrorOptions) {
    super(404, `${what}_NOT_FOUND`, message, options);
    this.name = 'NotFoundError';
  }
}

/** 409 with a contract code (ATTRIBUTE_TYPE_CONFLICT, THREAD_BUSY). */
export class ConflictError extends AppError {
  constructor(message: string, code: string, options?: ErrorOptions & { details?: unknown }) {
    super(409, code, message, options);
    this.name = 'ConflictError';
  }
}

/** 400 SQL_NOT_ALLOWED: SQL that is not one read-only SELECT over model objects. */
export class SqlNotAllowedError extends AppError {
  constructor(message: string, options?: ErrorOptions & { details?: unknown }) {
    super(400, 'SQL_NOT_ALLOWED', message, options);
    this.name = 'SqlNotAllowedError';
  }
}

/** 429 RATE_LIMITED: the credential used up its rate; `retryAfterSeconds` becomes the Retry-After header. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, options?: ErrorOptions) {
    super(429, 'RATE_LIMITED', message, options);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 501 NOT_IMPLEMENTED for endpoints whose capability has not landed yet. */
export class NotImplementedError extends AppError {
  constructor(message = 'Not implemented yet') {
    super(501, 'NOT_IMPLEMENTED', message);
    this.name = 'NotImplementedError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
