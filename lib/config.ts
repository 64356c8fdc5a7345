/**
 * Deployment settings, read from CDK context (`cdk deploy -c modelProvider=bedrock`, or `context` in
 * cdk.json). docs/operating.md lists them.
 */
import path from 'node:path';
import { Token } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { defaultBedrockModelId, thinksAdaptively } from '../functions/models';
import { functionIds } from '../functions/routes';
import { type AthenaWorkgroupSettings, athenaWorkgroupSettings } from './athena';
import { projectRoot } from './bundling';
import { DEFAULT_WAF, type WafSettings } from './waf';

export type ModelProvider = 'bedrock' | 'openai' | 'offline';

export type LogLevelSetting = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface FunctionSettings {
  /** `LOG_LEVEL` of every function. */
  readonly logLevel: LogLevelSetting;
  /** `CHAT_TURN_TIMEOUT_MS`: a chat turn is stopped after this long; the chat Lambda gets 60 s more. */
  readonly chatTurnTimeoutSeconds?: number;
  /** `STREAM_KEEPALIVE_MS` of the chat function: a no-op line this often while a stream is silent. */
  readonly keepaliveSeconds: number;
  /** `SQL_TIMEOUT_MS` of the chat and SQL functions; the SQL Lambda gets 15 s more. */
  readonly sqlTimeoutSeconds?: number;
  /** `EMBED_ASSETS_URL` of the embed page. */
  readonly embedAssetsUrl?: string;
  /** `BEDROCK_MAX_TOKENS`, `BEDROCK_REASONING_BUDGET` of the chat function. */
  readonly bedrockMaxTokens?: number;
  readonly bedrockReasoningBudget?: number;
  /** `EXTERNAL_USER_LIMIT`: persistent external users per account unless set per account with the CLI. */
  readonly externalUserLimit?: number;
  /** `OPENAI_API_KEY_SECRET_ARN`: the OpenAI-compatible key, read at runtime (never a plain variable). */
  readonly openaiApiKeySecretArn?: string;
  /** `TOKEN_BUDGET_DAILY` / `_MONTHLY` of the chat function: per-account token budgets (`none`: no default). */
  readonly dailyTokenBudget?: number | 'none';
  readonly monthlyTokenBudget?: number | 'none';
}

export interface VpcSettings {
  readonly vpcId: string;
  readonly subnetIds: string[];
  /** Security groups to use; when empty the stack creates one with outbound access only. */
  readonly securityGroupIds: string[];
}

/** The embed page may be framed by pages of the service's own origin until you name your apps' origins. */
export const DEFAULT_FRAME_ANCESTORS = "'self'";

/**
 * Lambda refuses a reservation that leaves the account fewer than this many unreserved executions (50 on some
 * small accounts), and a new account may start with a concurrency limit of 10: so by default nothing is
 * reserved, and a first deploy works on any account (docs/operating.md, _Concurrency_).
 */
export const UNRESERVED_MINIMUM = 100;

/**
 * `reservedConcurrency=recommended`: caps (and guarantees) the three functions that can run up cost or hold an
 * instance for long. 60 in all: the account's limit must be at least 160.
 */
export const RECOMMENDED_RESERVED_CONCURRENCY: Readonly<Record<string, number>> = {
  'chat-stream': 20,
  'sql-api': 20,
  'generate-session': 20,
};

/** The reservation of one function under a setting (`*` for those not named). */
export const reservedFor = (
  limits: Readonly<Record<string, number>> | undefined,
  id: string,
): number | undefined => limits?.[id] ?? limits?.['*'];

/** What a setting reserves in all over the stack's functions. */
export const reservedTotal = (limits: Readonly<Record<string, number>> | undefined): number =>
  functionIds().reduce((sum, id) => sum + (reservedFor(limits, id) ?? 0), 0);

export interface ServiceConfig {
  /** Which model the analyst uses in AWS (`MODEL_PROVIDER`). */
  readonly modelProvider: ModelProvider;
  /**
   * Bedrock model or inference-profile id (`BEDROCK_MODEL_ID`); also scopes the IAM grant. Unset: the default
   * model through the stack region's geo inference profile (`modelIdFor`).
   */
  readonly bedrockModelId?: string;
  /** OpenAI-compatible server (`OPENAI_BASE_URL`, `OPENAI_MODEL`) when modelProvider is `openai`. */
  readonly openaiBaseUrl?: string;
  readonly openaiModel?: string;
  /** Built widget assets served under `/embed/assets/`. */
  readonly webAssetsDir: string;
  /** Origins allowed to call the API from browsers (function URL CORS); empty: same origin only. */
  readonly allowedOrigins: string[];
  /** CSP `frame-ancestors` of the embed page (`EMBED_FRAME_ANCESTORS`): who may put it in an iframe. */
  readonly frameAncestors: string;
  /** Reserved concurrency per function id (`*` for the others); undefined: none reserved (the default). */
  readonly reservedConcurrency?: Readonly<Record<string, number>>;
  /** The account's Lambda concurrency limit, when given: reservations are checked against it at synth. */
  readonly accountConcurrencyLimit?: number;
  /** Runs the functions that query data (chat, SQL API) in these subnets of a VPC. */
  readonly vpc?: VpcSettings;
  /** Secrets of PostgreSQL and ClickHouse sources (`--postgres-secret`, `--clickhouse-secret`): the data functions may read them. */
  readonly databaseSecretArns: string[];
  /** Deployments' Athena workgroups (`athenaWorkgroups`): created or taken, and granted to the data functions. */
  readonly athenaWorkgroups: AthenaWorkgroupSettings[];
  /** Function settings that would otherwise be set by hand (and lost on the next deploy). */
  readonly settings: FunctionSettings;
  /** E-mail address subscribed to the alarm topic. */
  readonly alarmEmail?: string;
  /** Chat turns ending `error` in 5 minutes, per account and in total, that raise an alarm. */
  readonly turnErrorAlarmThreshold: number;
  /** An account past this percentage of a token budget raises an alarm. */
  readonly budgetAlarmPercent: number;
  /** An AWS Budgets cost budget (USD a month) notifying the alarm topic; undefined: none. */
  readonly monthlyCostBudgetUsd?: number;
  /** `{base_url}` on your own domain: CloudFront alternate name and its ACM certificate (in us-east-1). */
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  /** An existing secret for the origin-verify header (else the stack generates one). */
  readonly originVerifySecretArn?: string;
  /** Any new value makes CloudFront re-read the origin-verify secret on the next deploy (rotation). */
  readonly originVerifyRotation?: string;
  /** A web ACL with rate rules in front of CloudFront (`waf=true`); undefined: none. */
  readonly waf?: WafSettings;
  /** An existing CloudFront web ACL (ARN, us-east-1) instead of the stack's own. */
  readonly webAclArn?: string;
  /** Destroy the table with the stack (for throwaway stacks); by default it is retained. */
  readonly destroyData: boolean;
}

/** The settings a stack deploys: the model resolved for its region. */
export type DeployConfig = ServiceConfig & { readonly bedrockModelId: string };

/**
 * The model a stack in `region` uses: the `bedrockModelId` setting, else the default model through that region's
 * geo inference profile (functions/config.ts, the same default as the local provider). A region unknown at synth
 * (an environment-agnostic stack) gets the global profile.
 */
export function modelIdFor(config: ServiceConfig, region: string): string {
  return config.bedrockModelId ?? defaultBedrockModelId(Token.isUnresolved(region) ? undefined : region);
}

export function forRegion(config: ServiceConfig, region: string): DeployConfig {
  const bedrockModelId = modelIdFor(config, region);
  if (config.settings.bedrockReasoningBudget && thinksAdaptively(bedrockModelId)) {
    throw new Error(
      `context bedrockReasoningBudget: ${bedrockModelId} thinks adaptively and refuses a thinking token budget; leave it unset`,
    );
  }
  return { ...config, bedrockModelId };
}

const PROVIDERS: readonly ModelProvider[] = ['bedrock', 'openai', 'offline'];

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') {
    throw new Error(`context ${key} must be a string`);
  }
  return String(value);
}

/** Reads and checks the deployment settings; unknown values fail the synth with a clear message. */
export function readConfig(node: Node, overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  const provider = (text(node, 'modelProvider') ?? 'bedrock').toLowerCase();
  if (!PROVIDERS.includes(provider as ModelProvider)) {
    throw new Error(`context modelProvider must be one of ${PROVIDERS.join(', ')} (got "${provider}")`);
  }
  const origins = text(node, 'allowedOrigins') ?? '';
  const openaiBaseUrl = text(node, 'openaiBaseUrl');
  const openaiModel = text(node, 'openaiModel');
  const config: ServiceConfig = {
    modelProvider: provider as ModelProvider,
    ...optional('bedrockModelId', text(node, 'bedrockModelId')),
    ...(openaiBaseUrl ? { openaiBaseUrl } : {}),
    ...(openaiModel ? { openaiModel } : {}),
    webAssetsDir: path.resolve(projectRoot, text(node, 'webAssetsDir') ?? 'functions/web/dist'),
    allowedOrigins: origins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    frameAncestors: frameAncestors(text(node, 'frameAncestors')),
    ...reservedConcurrency(node.tryGetContext('reservedConcurrency')),
    ...concurrencyLimit(wholeNumber(node, 'accountConcurrencyLimit', 1, 10_000_000)),
    ...vpcSettings(node),
    ...domainSettings(node),
    settings: functionSettings(node),
    ...optional('alarmEmail', email(text(node, 'alarmEmail'))),
    turnErrorAlarmThreshold: wholeNumber(node, 'turnErrorAlarmThreshold', 1, 1_000_000) ?? 3,
    budgetAlarmPercent: wholeNumber(node, 'budgetAlarmPercent', 1, 100) ?? 80,
    ...optionalNumber('monthlyCostBudgetUsd', wholeNumber(node, 'monthlyCostBudgetUsd', 1, 100_000_000)),
    databaseSecretArns: secretArns('databaseSecretArns', text(node, 'databaseSecretArns')),
    athenaWorkgroups: athenaWorkgroupSettings(node.tryGetContext('athenaWorkgroups')),
    ...optional('originVerifySecretArn', text(node, 'originVerifySecretArn')),
    ...optional('originVerifyRotation', text(node, 'originVerifyRotation')),
    ...wafSettings(node),
    destroyData: text(node, 'destroyData') === 'true',
    ...overrides,
  };
  if (config.allowedOrigins.includes('*')) {
    throw new Error('context allowedOrigins: name the origins (https://app.example.com), not *');
  }
  for (const origin of config.allowedOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new Error(`context allowedOrigins: ${origin} is not an origin (scheme://host[:port], no path)`);
    }
  }
  const reserved = reservedTotal(config.reservedConcurrency);
  const limit = config.accountConcurrencyLimit;
  if (limit !== undefined && reserved > 0 && reserved > limit - UNRESERVED_MINIMUM) {
    throw new Error(
      `context reservedConcurrency reserves ${reserved} executions; with accountConcurrencyLimit ${limit}, Lambda keeps ` +
        `${UNRESERVED_MINIMUM} unreserved, so at most ${Math.max(0, limit - UNRESERVED_MINIMUM)} can be reserved ` +
        '(raise the quota, reserve less, or use none)',
    );
  }
  if (config.modelProvider === 'openai' && !config.openaiBaseUrl) {
    throw new Error('context openaiBaseUrl is required when modelProvider is openai');
  }
  return config;
}

const optionalNumber = <K extends string>(key: K, value: number | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, number>>;

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Space- or comma-separated CSP sources; `*` would let any site frame the page, so it is refused. */
function frameAncestors(value: string | undefined): string {
  const sources = list(value);
  if (sources.length === 0) return DEFAULT_FRAME_ANCESTORS;
  for (const source of sources) {
    if (source === '*' || /^https?:\/\/\*$/.test(source) || source === 'https:' || source === 'http:') {
      throw new Error(`context frameAncestors: ${source} allows any site; name your apps' origins`);
    }
    if (!/^('self'|'none'|https?:\/\/[^/\s;,]+)$/.test(source)) {
      throw new Error(`context frameAncestors: ${source} is not 'self', 'none' or an origin`);
    }
  }
  return sources.join(' ');
}

const concurrencyLimit = (limit: number | undefined) =>
  limit === undefined ? {} : { accountConcurrencyLimit: limit };

/**
 * Unset, `none` or `off`: nothing reserved (the default); `recommended`: RECOMMENDED_RESERVED_CONCURRENCY; a
 * number applies to every function; an object (JSON on the command line) names function ids, `*` the rest.
 */
function reservedConcurrency(raw: unknown): { reservedConcurrency?: Record<string, number> } {
  if (raw === undefined || raw === null || raw === '' || raw === 'none' || raw === 'off' || raw === false)
    return {};
  if (raw === 'recommended') return { reservedConcurrency: { ...RECOMMENDED_RESERVED_CONCURRENCY } };
  const usage =
    'context reservedConcurrency: none, recommended, a number, or a JSON object of function id to number';
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error(usage);
    }
  }
  if (typeof value === 'number') value = { '*': value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(usage);
  const known = new Set([...functionIds(), '*']);
  const out: Record<string, number> = {};
  for (const [id, limit] of Object.entries(value)) {
    if (!known.has(id))
      throw new Error(`context reservedConcurrency: ${id} is not a function id (routes.ts)`);
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
      throw new Error(`context reservedConcurrency: ${id} must be a whole number >= 0`);
    }
    out[id] = limit;
  }
  return { reservedConcurrency: out };
}

function vpcSettings(node: Node): { vpc?: VpcSettings } {
  const vpcId = text(node, 'vpcId');
  const subnetIds = list(text(node, 'subnetIds'));
  const securityGroupIds = list(text(node, 'securityGroupIds'));
  if (!vpcId) {
    if (subnetIds.length > 0 || securityGroupIds.length > 0) {
      throw new Error('context subnetIds/securityGroupIds need vpcId');
    }
    return {};
  }
  if (!/^vpc-[0-9a-f]+$/.test(vpcId)) throw new Error(`context vpcId: ${vpcId} is not a VPC id`);
  if (subnetIds.length === 0) throw new Error('context subnetIds is required with vpcId (comma-separated)');
  for (const id of subnetIds) {
    if (!/^subnet-[0-9a-f]+$/.test(id)) throw new Error(`context subnetIds: ${id} is not a subnet id`);
  }
  for (const id of securityGroupIds) {
    if (!/^sg-[0-9a-f]+$/.test(id))
      throw new Error(`context securityGroupIds: ${id} is not a security group id`);
  }
  return { vpc: { vpcId, subnetIds, securityGroupIds } };
}

const SECRET_ARN = /^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:[\w/+=.@-]+$/;

function secretArns(key: string, value: string | undefined): string[] {
  const arns = list(value);
  for (const arn of arns) {
    if (!SECRET_ARN.test(arn)) throw new Error(`context ${key}: ${arn} is not a Secrets Manager secret ARN`);
  }
  return arns;
}

function domainSettings(node: Node): { domain?: { name: string; certificateArn: string } } {
  const name = text(node, 'domainName');
  const certificateArn = text(node, 'certificateArn');
  if (!name && !certificateArn) return {};
  if (!name || !certificateArn) throw new Error('context domainName and certificateArn go together');
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(name)) {
    throw new Error(`context domainName: ${name} is not a domain name`);
  }
  // CloudFront takes certificates from us-east-1 only.
  if (!/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error('context certificateArn: an ACM certificate ARN in us-east-1');
  }
  return { domain: { name: name.toLowerCase(), certificateArn } };
}

const WEB_ACL_ARN = /^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/;

/** `waf=true` (rate limits from `wafRateLimit`, `wafBrowserRateLimit`), or `webAclArn` for an ACL of your own. */
function wafSettings(node: Node): { waf?: WafSettings; webAclArn?: string } {
  const webAclArn = text(node, 'webAclArn');
  const on = text(node, 'waf');
  if (on !== undefined && on !== 'true' && on !== 'false') throw new Error('context waf: true or false');
  const limits = {
    rateLimit: wholeNumber(node, 'wafRateLimit', 10, 2_000_000_000) ?? DEFAULT_WAF.rateLimit,
    browserRateLimit:
      wholeNumber(node, 'wafBrowserRateLimit', 10, 2_000_000_000) ?? DEFAULT_WAF.browserRateLimit,
  };
  if (webAclArn !== undefined) {
    if (on === 'true')
      throw new Error('context waf and webAclArn: give one (the stack makes an ACL, or uses yours)');
    if (!WEB_ACL_ARN.test(webAclArn)) {
      throw new Error(
        'context webAclArn: a CloudFront-scope web ACL ARN (arn:aws:wafv2:us-east-1:...:global/webacl/...)',
      );
    }
    return { webAclArn };
  }
  return on === 'true' ? { waf: limits } : {};
}

const LOG_LEVELS: readonly LogLevelSetting[] = ['debug', 'info', 'warn', 'error', 'silent'];

function wholeNumber(node: Node, key: string, min: number, max: number): number | undefined {
  const raw = text(node, key);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`context ${key}: a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function functionSettings(node: Node): FunctionSettings {
  const logLevel = (text(node, 'logLevel') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevelSetting)) {
    throw new Error(`context logLevel must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const numbers = {
    // Lambda allows 900 s: the margins below must fit.
    chatTurnTimeoutSeconds: wholeNumber(node, 'chatTurnTimeoutSeconds', 5, 840),
    sqlTimeoutSeconds: wholeNumber(node, 'sqlTimeoutSeconds', 1, 600),
    bedrockMaxTokens: wholeNumber(node, 'bedrockMaxTokens', 1, 200_000),
    bedrockReasoningBudget: wholeNumber(node, 'bedrockReasoningBudget', 1024, 200_000),
    externalUserLimit: wholeNumber(node, 'externalUserLimit', 1, 100_000_000),
  };
  const embedAssetsUrl = text(node, 'embedAssetsUrl');
  if (embedAssetsUrl !== undefined && !/^(https:\/\/[^\s]+|\/[^\s]*)$/.test(embedAssetsUrl)) {
    throw new Error('context embedAssetsUrl: an https:// URL or a path');
  }
  const [openaiApiKeySecretArn] = secretArns('openaiApiKeySecretArn', text(node, 'openaiApiKeySecretArn'));
  const budgets = {
    dailyTokenBudget: tokenBudget(node, 'dailyTokenBudget'),
    monthlyTokenBudget: tokenBudget(node, 'monthlyTokenBudget'),
  };
  const defined = Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== undefined));
  return {
    logLevel: logLevel as LogLevelSetting,
    // Below CloudFront's 60 s origin read timeout with room for a slow write.
    keepaliveSeconds: wholeNumber(node, 'keepaliveSeconds', 1, 45) ?? 15,
    ...defined,
    ...(embedAssetsUrl ? { embedAssetsUrl } : {}),
    ...(openaiApiKeySecretArn ? { openaiApiKeySecretArn } : {}),
    ...Object.fromEntries(Object.entries(budgets).filter(([, value]) => value !== undefined)),
  };
}

/** A token budget setting: a whole number of tokens, or `none`. */
function tokenBudget(node: Node, key: string): number | 'none' | undefined {
  if (text(node, key)?.toLowerCase() === 'none') return 'none';
  return wholeNumber(node, key, 1, Number.MAX_SAFE_INTEGER);
}

function email(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new Error(`context alarmEmail: ${value} is not an e-mail address`);
  }
  return value;
}
