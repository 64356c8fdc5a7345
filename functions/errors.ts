/**
 * Domain errors. Every error a client may see is an AppError: it carries the HTTP status and the
 * contract's UPPER_SNAKE code (README, "Errors"). Anything else is an internal error and is reported as
 * 500 INTERNAL without its message. Throw one of the named classes below (they carry their data);
 * each takes its status from STATUS, the one table of what each kind of refusal answers.
 */
export const STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  payloadTooLarge: 413,
  rateLimited: 429,
  /** The operator CLI's smoke test: the deployed service failed a check. */
  upstreamFailed: 502,
} as const;

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
    super(STATUS.invalid, 'VALIDATION_ERROR', message, options);
    this.name = 'ValidationError';
  }
}

/** 401: missing or unknown credentials (or an invalid session, with code SESSION_INVALID). */
export class UnauthorizedError extends AppError {
  constructor(message = 'Missing or invalid credentials', code = 'UNAUTHORIZED', options?: ErrorOptions) {
    super(STATUS.unauthorized, code, message, options);
    this.name = 'UnauthorizedError';
  }
}

/** 403 with a contract code (FORBIDDEN, CREATOR_MODE_DISABLED, PLAN_NOT_SUPPORTED, ...). */
export class ForbiddenError extends AppError {
  constructor(message: string, code = 'FORBIDDEN', options?: ErrorOptions) {
    super(STATUS.forbidden, code, message, options);
    this.name = 'ForbiddenError';
  }
}

/** 404 `<WHAT>_NOT_FOUND`, e.g. new NotFoundError('DEPLOYMENT', 'Deployment 7 not found'). */
export class NotFoundError extends AppError {
  constructor(what: string, message: string, options?: ErrorOptions) {
    super(STATUS.notFound, `${what}_NOT_FOUND`, message, options);
    this.name = 'NotFoundError';
  }
}

/** 409 with a contract code (ATTRIBUTE_TYPE_CONFLICT, THREAD_BUSY). */
export class ConflictError extends AppError {
  constructor(message: string, code: string, options?: ErrorOptions & { details?: unknown }) {
    super(STATUS.conflict, code, message, options);
    this.name = 'ConflictError';
  }
}

/** 400 SQL_NOT_ALLOWED: SQL that is not one read-only SELECT over model objects. */
export class SqlNotAllowedError extends AppError {
  constructor(message: string, options?: ErrorOptions & { details?: unknown }) {
    super(STATUS.invalid, 'SQL_NOT_ALLOWED', message, options);
    this.name = 'SqlNotAllowedError';
  }
}

/** 429 RATE_LIMITED: the credential used up its rate; `retryAfterSeconds` becomes the Retry-After header. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, options?: ErrorOptions) {
    super(STATUS.rateLimited, 'RATE_LIMITED', message, options);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * 429 BUDGET_EXCEEDED: the account used up one of its model token budgets (docs/operating.md, _Spend guardrails_);
 * `retryAfterSeconds` (the Retry-After header) runs to the budget's reset, which `details.resetsAt` names.
 */
export class BudgetExceededError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(details: {
    account: string;
    budget: 'daily' | 'monthly';
    limitTokens: number;
    usedTokens: number;
    resetsAt: string;
    retryAfterSeconds: number;
  }) {
    const { retryAfterSeconds, ...shown } = details;
    super(
      STATUS.rateLimited,
      'BUDGET_EXCEEDED',
      `The ${details.budget} model token budget of account ${details.account} is used up ` +
        `(${details.usedTokens} of ${details.limitTokens} tokens); it resets at ${details.resetsAt}`,
      { details: shown },
    );
    this.name = 'BudgetExceededError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 404 NOT_FOUND: no route has this path. */
export class RouteNotFoundError extends AppError {
  readonly path: string;

  constructor(path: string) {
    super(STATUS.notFound, 'NOT_FOUND', `No route for ${path}`);
    this.name = 'RouteNotFoundError';
    this.path = path;
  }
}

/** 405 METHOD_NOT_ALLOWED: the path exists, not with this method. */
export class MethodNotAllowedError extends AppError {
  readonly method: string;
  readonly path: string;

  constructor(method: string, path: string) {
    super(STATUS.methodNotAllowed, 'METHOD_NOT_ALLOWED', `Method ${method} not allowed on ${path}`);
    this.name = 'MethodNotAllowedError';
    this.method = method;
    this.path = path;
  }
}

/** 413 PAYLOAD_TOO_LARGE: the request body is over `limitBytes`. */
export class PayloadTooLargeError extends AppError {
  readonly limitBytes: number;

  constructor(limitBytes: number) {
    super(STATUS.payloadTooLarge, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${limitBytes} bytes`);
    this.name = 'PayloadTooLargeError';
    this.limitBytes = limitBytes;
  }
}

/** 400 GROUPS_NOT_FOUND / USER_ATTRIBUTES_NOT_FOUND: names no definition has; `details.names` lists them. */
export class DefinitionsNotFoundError extends AppError {
  readonly kind: 'group' | 'attribute';
  readonly names: readonly string[];

  constructor(kind: 'group' | 'attribute', names: readonly string[]) {
    super(
      STATUS.invalid,
      kind === 'group' ? 'GROUPS_NOT_FOUND' : 'USER_ATTRIBUTES_NOT_FOUND',
      kind === 'group'
        ? `Groups with names ${names.join(', ')} not found`
        : `User attributes not found: ${names.join(', ')}`,
      { details: { names } },
    );
    this.name = 'DefinitionsNotFoundError';
    this.kind = kind;
    this.names = names;
  }
}

/** 400 ATTRIBUTE_VALUE_TYPE_MISMATCH: a user attribute's value does not fit its definition's type (`details`). */
export class AttributeTypeMismatchError extends AppError {
  readonly attribute: string;
  readonly type: string;

  constructor(attribute: string, type: string) {
    super(
      STATUS.invalid,
      'ATTRIBUTE_VALUE_TYPE_MISMATCH',
      `userAttributes: value of ${attribute} does not match its type ${type}`,
      { details: { name: attribute, type } },
    );
    this.name = 'AttributeTypeMismatchError';
    this.attribute = attribute;
    this.type = type;
  }
}

/** One model problem, with the file and the path inside it. */
export interface ModelIssue {
  file: string;
  path: string;
  message: string;
}

/** 400 MODEL_INVALID listing every problem found, each with its file and path. */
export class ModelValidationError extends AppError {
  readonly issues: ModelIssue[];

  constructor(issues: ModelIssue[], options?: ErrorOptions & { prefix?: string }) {
    super(
      STATUS.invalid,
      'MODEL_INVALID',
      `${options?.prefix ?? ''}Data model has ${issues.length} error(s): ${issues.map((i) => `${i.file}: ${i.path}: ${i.message}`).join('; ')}`,
      { details: { issues }, ...(options?.cause !== undefined ? { cause: options.cause } : {}) },
    );
    this.name = 'ModelValidationError';
    this.issues = issues;
  }
}

/** 400 RESULT_TOO_LARGE: a cell or a result over RESULT_LIMITS, or a query over the engine's memory limit. */
export class ResultTooLargeError extends AppError {
  constructor(message: string, options?: ErrorOptions) {
    super(STATUS.invalid, 'RESULT_TOO_LARGE', message, options);
    this.name = 'ResultTooLargeError';
  }
}

/** 400 QUERY_TIMEOUT: the query ran longer than its time limit and was cancelled (every driver). */
export class QueryTimeoutError extends AppError {
  constructor(timeoutMs: number) {
    super(STATUS.invalid, 'QUERY_TIMEOUT', `The query did not finish within ${timeoutMs} ms`);
    this.name = 'QueryTimeoutError';
  }
}

/** 400 DUPLICATE_NAME: a name given twice in one request's list. */
export class DuplicateNameError extends AppError {
  constructor(field: string, name: string) {
    super(STATUS.invalid, 'DUPLICATE_NAME', `${field}: duplicate name ${JSON.stringify(name)}`);
    this.name = 'DuplicateNameError';
  }
}

/** 502 SMOKE_FAILED: `admin smoke` found a check of the deployed service failing; `details` is the whole report. */
export class SmokeFailedError extends AppError {
  constructor(message: string, report: unknown) {
    super(STATUS.upstreamFailed, 'SMOKE_FAILED', message, { details: report });
    this.name = 'SmokeFailedError';
  }
}
