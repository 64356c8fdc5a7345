import * as z from 'zod';

/**
 * The service's environment, parsed in one place. The stack sets these variables per function
 * (lib/endpoints.ts), `npm start` sets the local ones (functions/local/service.ts). A variable that is unset,
 * empty or not a usable number takes its default, as each module did before it read the environment here.
 * Modules call `config()` (or take a `Config` as a parameter for tests); they do not read `process.env`.
 */

const text = z.string().optional();

/** A number variable: finite and above `min`, else the default. */
const number = (fallback: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((raw) => {
      const value = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
      return Number.isFinite(value) && value > min ? value : fallback;
    });

/** A comma-separated list, blanks dropped. */
const list = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

const schema = z.object({
  AWS_REGION: text,
  AWS_LAMBDA_FUNCTION_NAME: text,
  // Storage
  DYNAMODB_ENDPOINT: text,
  TABLE_NAME: text,
  EXTERNAL_USER_LIMIT: number(10_000),
  // Secrets: an ARN in AWS, a plain value locally
  EMBED_TOKEN_SECRET_ARN: text,
  EMBED_TOKEN_SECRET: text,
  CURSOR_SECRET_ARN: text,
  CURSOR_SECRET: text,
  ORIGIN_VERIFY_SECRET_ARN: text,
  ORIGIN_VERIFY_SECRET: list,
  // HTTP
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((raw) => LOG_LEVELS.find((level) => level === raw) ?? 'info'),
  METRICS: text,
  ALLOWED_ORIGINS: list,
  STREAM_KEEPALIVE_MS: number(15_000),
  // Queries
  SQL_TIMEOUT_MS: number(30_000),
});

export type Config = Readonly<{
  region: string | undefined;
  inLambda: boolean;
  dynamodbEndpoint: string | undefined;
  tableName: string | undefined;
  externalUserLimit: number;
  embedTokenSecret: { arn: string } | { value: string | undefined };
  cursorSecret: { arn: string } | { value: string };
  /** Undefined: the origin check is off (local). */
  originVerifySecret: { arn: string } | { values: string[] } | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** CloudWatch embedded metrics: on in Lambda unless `METRICS=off`, and anywhere with `METRICS=emf`. */
  metrics: boolean;
  /** Browser origins the local server allows; empty: any loopback origin. */
  allowedOrigins: readonly string[];
  keepaliveMs: number;
  sqlTimeoutMs: number;
}>;

export const LOCAL_CURSOR_SECRET = 'embedded-analytics-local-cursor-secret';

/** Parses an environment (pure: tests pass their own). */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const e = schema.parse(env);
  return {
    region: e.AWS_REGION || undefined,
    inLambda: e.AWS_LAMBDA_FUNCTION_NAME !== undefined,
    dynamodbEndpoint: e.DYNAMODB_ENDPOINT || undefined,
    tableName: e.TABLE_NAME || undefined,
    externalUserLimit: e.EXTERNAL_USER_LIMIT,
    embedTokenSecret: e.EMBED_TOKEN_SECRET_ARN
      ? { arn: e.EMBED_TOKEN_SECRET_ARN }
      : { value: e.EMBED_TOKEN_SECRET },
    cursorSecret: e.CURSOR_SECRET_ARN
      ? { arn: e.CURSOR_SECRET_ARN }
      : { value: e.CURSOR_SECRET ?? LOCAL_CURSOR_SECRET },
    originVerifySecret: e.ORIGIN_VERIFY_SECRET_ARN
      ? { arn: e.ORIGIN_VERIFY_SECRET_ARN }
      : e.ORIGIN_VERIFY_SECRET.length > 0
        ? { values: e.ORIGIN_VERIFY_SECRET }
        : undefined,
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS === 'emf' || (e.METRICS !== 'off' && e.AWS_LAMBDA_FUNCTION_NAME !== undefined),
    allowedOrigins: e.ALLOWED_ORIGINS,
    keepaliveMs: e.STREAM_KEEPALIVE_MS,
    sqlTimeoutMs: e.SQL_TIMEOUT_MS,
  };
}

const NAMES = Object.keys(schema.shape) as (keyof typeof schema.shape)[];
let parsed: { key: string; config: Config } | undefined;

/**
 * The process's configuration. Parsed once; parsed again only when one of its variables changed (the local
 * service and tests set some after start-up), which costs a comparison of a few strings per call.
 */
export function config(): Config {
  const key = NAMES.map((name) => process.env[name] ?? '\u0000').join('\u0001');
  if (parsed?.key !== key) parsed = { key, config: parseConfig(process.env) };
  return parsed.config;
}
