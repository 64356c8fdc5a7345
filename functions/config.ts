import { defaultBedrockModelId } from './models';
import * as z from './zod';

/**
 * The service's environment, parsed in one place. The stack sets these variables per function
 * (lib/endpoints.ts), `npm start` sets the local ones (functions/local/service.ts). A variable that is unset,
 * empty or not a usable number takes its default, as each module did before it read the environment here.
 * Modules call `config()` (or take a `Config` as a parameter for tests); they do not read `process.env`.
 * Entry points that set variables for the modules they start (`local/service.ts`, the eval command, the
 * admin CLI) do it with `setEnv`. Two places still read it on purpose: the AWS credential chain
 * (`aws/secrets.ts`, the SDK's own variables), and the embed page handler, which stays a few KB without zod
 * (`EMBED_ASSETS_URL`, `EMBED_FRAME_ANCESTORS`).
 */

const text = z.optional(z.string());

/** A number variable: finite and above `min`, else the default. */
const number = (fallback: number, min = 0) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((raw: string | undefined) => {
      const value = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
      return Number.isFinite(value) && value > min ? value : fallback;
    }),
  );

/** A comma-separated list, blanks dropped. */
const list = z.pipe(
  z.optional(z.string()),
  z.transform((raw: string | undefined) =>
    (raw ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

/** A token budget: a positive number, `0` or `none` for no budget; unset or unusable: the default. */
const budget = (fallback: number) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((raw: string | undefined): number | undefined => {
      const text = raw?.trim().toLowerCase() ?? '';
      if (text === 'none' || text === '0') return undefined;
      const value = Number(text);
      return text !== '' && Number.isInteger(value) && value > 0 ? value : fallback;
    }),
  );

/** Model tokens an account may use per UTC day and month unless set per account (docs/operating.md). */
export const DEFAULT_TOKEN_BUDGETS = { daily: 20_000_000, monthly: 400_000_000 } as const;

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
  CUBE_TOKEN_KEY_SECRET_ARN: text,
  CUBE_TOKEN_KEY: text,
  ORIGIN_VERIFY_SECRET_ARN: text,
  ORIGIN_VERIFY_SECRET: list,
  // HTTP
  LOG_LEVEL: z.pipe(
    z.optional(z.string()),
    z.transform((raw: string | undefined) => LOG_LEVELS.find((level) => level === raw) ?? 'info'),
  ),
  METRICS: text,
  ALLOWED_ORIGINS: list,
  STREAM_KEEPALIVE_MS: number(15_000),
  // Queries and engines
  SQL_TIMEOUT_MS: number(30_000),
  QUERY_MAX_CELL_CHARS: number(1_048_576),
  QUERY_MAX_RESULT_BYTES: number(64 * 1_048_576),
  DUCKDB_MEMORY_LIMIT: text,
  DUCKDB_THREADS: text,
  SAMPLE_ORDERS: number(1_000_000),
  SAMPLE_DATA_DIR: text,
  DATA_DIR: text,
  // Chat
  CHAT_TURN_TIMEOUT_MS: number(120_000),
  CHAT_LEASE_MS: number(30_000),
  CHAT_ABORT_POLL_MS: number(300),
  CHAT_FOLLOW_POLL_MS: number(150),
  CHAT_ABORT_GRACE_MS: number(300),
  CHAT_SNAPSHOT_MS: number(500),
  CHAT_HISTORY_LINES: number(300),
  TOKEN_BUDGET_DAILY: budget(DEFAULT_TOKEN_BUDGETS.daily),
  TOKEN_BUDGET_MONTHLY: budget(DEFAULT_TOKEN_BUDGETS.monthly),
  ANALYST_NOW: text,
  // Model provider
  MODEL_PROVIDER: text,
  OFFLINE_DELAY_MS: number(0, -1),
  OFFLINE_PROMPT_CACHE: text,
  BEDROCK_MODEL_ID: text,
  BEDROCK_ENDPOINT: text,
  BEDROCK_MAX_TOKENS: text,
  BEDROCK_REASONING_BUDGET: text,
  BEDROCK_PROMPT_CACHING: text,
  MODEL_TEMPERATURE: text,
  OPENAI_BASE_URL: text,
  OPENAI_API_KEY: text,
  OPENAI_API_KEY_SECRET_ARN: text,
  OPENAI_MODEL: text,
  OPENAI_MAX_TOKENS: text,
});

/** Time bounds of the chat service. */
export interface ChatTimings {
  /** A turn is stopped after this long (on Lambda no event says the client left). */
  turnTimeoutMs: number;
  /** A turn's lease on its thread; renewed every third of it while streaming. */
  leaseMs: number;
  /** How often a running turn reads its thread for an abort request. */
  abortPollMs: number;
  /** How often a follower (replay of a running turn, re-attach) reads new lines. */
  followPollMs: number;
  /** After an abort, how long the agent gets to wind down before the turn is closed without it. */
  abortGraceMs: number;
  /** Streamed increments are stored at most this often. */
  snapshotMs: number;
  /**
   * A turn reads at most this many of its thread's last lines as history (from the first question among them),
   * so a long thread's first line and the model's context stay bounded.
   */
  historyLines: number;
}

/** Which model answers and how to reach it (`MODEL_PROVIDER`: offline, bedrock or openai; checked when used). */
export interface ModelConfig {
  provider: string;
  offlineDelayMs: number;
  /** The offline provider reports its estimated input tokens as Bedrock's prompt cache would bill them. */
  offlinePromptCache: boolean;
  bedrock: {
    modelId: string;
    region?: string;
    endpoint?: string;
    maxTokens?: number;
    reasoningBudgetTokens?: number;
    promptCaching: 'auto' | 'on' | 'off';
    temperature?: number;
  };
  openai: {
    baseUrl: string;
    model: string;
    apiKey?: string;
    apiKeySecretArn?: string;
    maxTokens?: number;
    temperature?: number;
  };
}

/** A temperature between 0 and 2, or absent. */
const optionalTemperature = (raw: string | undefined): number | undefined => {
  const value = Number(raw);
  return raw && Number.isFinite(value) && value >= 0 && value <= 2 ? value : undefined;
};

/** A positive whole number, or absent. */
const optionalCount = (raw: string | undefined): number | undefined => {
  const value = Number(raw);
  return raw && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
};

export type Config = Readonly<{
  region: string | undefined;
  inLambda: boolean;
  dynamodbEndpoint: string | undefined;
  tableName: string | undefined;
  externalUserLimit: number;
  embedTokenSecret: { arn: string } | { value: string | undefined };
  cursorSecret: { arn: string } | { value: string };
  /**
   * The key that seals deployments' Cube token secrets in the table (embed/cube-token-secret.ts): a Secrets Manager
   * ARN in AWS; else `CUBE_TOKEN_KEY`, else (outside Lambda only) a fixed local key.
   */
  cubeTokenKey: { arn: string } | { value: string } | undefined;
  /** Undefined: the origin check is off (local). */
  originVerifySecret: { arn: string } | { values: string[] } | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** CloudWatch embedded metrics: on in Lambda unless `METRICS=off`, and anywhere with `METRICS=emf`. */
  metrics: boolean;
  /** Browser origins the local server allows; empty: any loopback origin. */
  allowedOrigins: readonly string[];
  keepaliveMs: number;
  sqlTimeoutMs: number;
  /** Bounds on one result: characters of a cell, approximate bytes of the whole result's JSON. */
  maxCellChars: number;
  maxResultBytes: number;
  duckdb: { memoryLimit: string; threads: string };
  /** Orders in the generated sample database, and where it (and local state) is kept. */
  sampleOrders: number;
  /** A read-only directory of prebuilt sample databases (the DuckDB layer's `/opt/data`), looked in first. */
  sampleDataDir: string | undefined;
  dataDir: string | undefined;
  chat: ChatTimings;
  /** Default token budgets per account (undefined: none), unless the account sets its own. */
  tokenBudgets: { daily: number | undefined; monthly: number | undefined };
  /** `ANALYST_NOW` (ISO) fixes the analyst's clock (evaluations); undefined: the real time. */
  analystNow: number | undefined;
  model: ModelConfig;
}>;

export const LOCAL_CURSOR_SECRET = 'embedded-analytics-local-cursor-secret';
/** `npm start`, the tests and the CLI against them; never used in Lambda (a function without a key refuses). */
export const LOCAL_CUBE_TOKEN_KEY = 'embedded-analytics-local-cube-token-key';

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
    cubeTokenKey: e.CUBE_TOKEN_KEY_SECRET_ARN
      ? { arn: e.CUBE_TOKEN_KEY_SECRET_ARN }
      : e.CUBE_TOKEN_KEY
        ? { value: e.CUBE_TOKEN_KEY }
        : e.AWS_LAMBDA_FUNCTION_NAME === undefined
          ? { value: LOCAL_CUBE_TOKEN_KEY }
          : undefined,
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
    maxCellChars: e.QUERY_MAX_CELL_CHARS,
    maxResultBytes: e.QUERY_MAX_RESULT_BYTES,
    duckdb: { memoryLimit: e.DUCKDB_MEMORY_LIMIT || '1GB', threads: e.DUCKDB_THREADS || '2' },
    sampleOrders: e.SAMPLE_ORDERS,
    sampleDataDir: e.SAMPLE_DATA_DIR || undefined,
    dataDir: e.DATA_DIR || undefined,
    chat: {
      turnTimeoutMs: e.CHAT_TURN_TIMEOUT_MS,
      leaseMs: e.CHAT_LEASE_MS,
      abortPollMs: e.CHAT_ABORT_POLL_MS,
      followPollMs: e.CHAT_FOLLOW_POLL_MS,
      abortGraceMs: e.CHAT_ABORT_GRACE_MS,
      snapshotMs: e.CHAT_SNAPSHOT_MS,
      historyLines: e.CHAT_HISTORY_LINES,
    },
    tokenBudgets: { daily: e.TOKEN_BUDGET_DAILY, monthly: e.TOKEN_BUDGET_MONTHLY },
    analystNow: Number.isNaN(Date.parse(e.ANALYST_NOW ?? '')) ? undefined : Date.parse(e.ANALYST_NOW ?? ''),
    model: {
      provider: (e.MODEL_PROVIDER ?? '').trim().toLowerCase() || 'offline',
      offlineDelayMs: e.OFFLINE_DELAY_MS,
      offlinePromptCache: e.OFFLINE_PROMPT_CACHE === 'on',
      bedrock: {
        modelId: e.BEDROCK_MODEL_ID || defaultBedrockModelId(e.AWS_REGION || undefined),
        ...(e.AWS_REGION ? { region: e.AWS_REGION } : {}),
        ...(e.BEDROCK_ENDPOINT ? { endpoint: e.BEDROCK_ENDPOINT } : {}),
        ...(optionalCount(e.BEDROCK_MAX_TOKENS) ? { maxTokens: optionalCount(e.BEDROCK_MAX_TOKENS) } : {}),
        ...(optionalCount(e.BEDROCK_REASONING_BUDGET)
          ? { reasoningBudgetTokens: optionalCount(e.BEDROCK_REASONING_BUDGET) }
          : {}),
        promptCaching:
          e.BEDROCK_PROMPT_CACHING === 'on' || e.BEDROCK_PROMPT_CACHING === 'off'
            ? e.BEDROCK_PROMPT_CACHING
            : 'auto',
        ...(optionalTemperature(e.MODEL_TEMPERATURE) !== undefined
          ? { temperature: optionalTemperature(e.MODEL_TEMPERATURE) }
          : {}),
      },
      openai: {
        baseUrl: e.OPENAI_BASE_URL || 'https://api.openai.com/v1',
        model: e.OPENAI_MODEL || 'gpt-4o-mini',
        ...(e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY } : {}),
        ...(e.OPENAI_API_KEY_SECRET_ARN ? { apiKeySecretArn: e.OPENAI_API_KEY_SECRET_ARN } : {}),
        ...(optionalCount(e.OPENAI_MAX_TOKENS) ? { maxTokens: optionalCount(e.OPENAI_MAX_TOKENS) } : {}),
        ...(optionalTemperature(e.MODEL_TEMPERATURE) !== undefined
          ? { temperature: optionalTemperature(e.MODEL_TEMPERATURE) }
          : {}),
      },
    },
  };
}

const NAMES = Object.keys(schema.shape) as (keyof typeof schema.shape)[];
let parsed: { key: string; config: Config } | undefined;
let checkedThisTurn = false;

/**
 * The process's configuration. Parsed once. Outside Lambda (the local service and tests set variables after
 * start-up) it is compared with the environment again at most once per turn of the event loop: reading each
 * variable costs microseconds, and a request reads the configuration several times. A change made through
 * `setEnv` is seen at once; one made to `process.env` directly, from the next turn (after any I/O).
 */
export function config(): Config {
  // Lambda's environment is fixed for the life of the process: parsed once, never compared again.
  if (parsed && (parsed.config.inLambda || checkedThisTurn)) return parsed.config;
  const key = NAMES.map((name) => process.env[name] ?? '\u0000').join('\u0001');
  if (parsed?.key !== key) parsed = { key, config: parseConfig(process.env) };
  checkedThisTurn = true;
  setImmediate(() => {
    checkedThisTurn = false;
  }).unref();
  return parsed.config;
}

/** Sets (or with `undefined`, removes) environment variables; the next `config()` reads them. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  checkedThisTurn = false;
}
