/**
 * Secrets from AWS Secrets Manager, read at runtime and cached, so no secret value sits in a function's
 * environment or in the template. Each read is bounded (a timeout per attempt, three attempts with jittered
 * backoff) and a failed refresh serves the last value for up to an hour. A small SigV4-signed call (node:crypto and fetch) instead of
 * @aws-sdk/client-secrets-manager, which is not a dependency of this project.
 *
 * Locally (`npm start`, tests) nothing here is called: callers fall back to env/local values when no ARN is set.
 */
import { createHash, createHmac } from 'node:crypto';
import { TtlCache } from '../cache';

export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

export interface SignedRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20150830T123600Z` */
export const amzDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Signs a POST of an AWS JSON-protocol API (Signature Version 4, headers only). `host` is the service
 * endpoint's host name; the path is `/`.
 */
export function signJsonRequest(input: {
  service: string;
  region: string;
  host: string;
  target: string;
  body: string;
  credentials: AwsCredentials;
  date: Date;
}): SignedRequest {
  const stamp = amzDate(input.date);
  const day = stamp.slice(0, 8);
  const payloadHash = sha256Hex(input.body);
  const headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    host: input.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': stamp,
    'x-amz-target': input.target,
  };
  if (input.credentials.sessionToken) headers['x-amz-security-token'] = input.credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const canonical = [
    'POST',
    '/',
    '',
    ...names.map((name) => `${name}:${headers[name]?.trim() ?? ''}`),
    '',
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), input.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    url: `https://${input.host}/`,
    headers: {
      ...sent,
      authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    },
    body: input.body,
  };
}

/** Lambda puts the execution role's credentials in the environment. */
function credentialsFromEnv(env: NodeJS.ProcessEnv): AwsCredentials {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
  return {
    accessKeyId,
    secretAccessKey,
    ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
  };
}

/** The region of a secret ARN (`arn:aws:secretsmanager:<region>:...`), else the function's. */
const regionOf = (arn: string, env: NodeJS.ProcessEnv): string =>
  arn.split(':')[3] || env.AWS_REGION || 'us-east-1';

export interface SecretVersion {
  readonly value: string;
  /** When this version was created (ms since the epoch). */
  readonly createdAt?: number;
}

export type SecretFetcher = (arn: string, versionStage: string) => Promise<SecretVersion | undefined>;

/** How one GetSecretValue call is bounded (docs/operating.md, _Secrets_). */
export interface SecretFetchOptions {
  /** Another endpoint (tests, a VPC endpoint's DNS name); default `https://secretsmanager.<region>.amazonaws.com`. */
  readonly endpoint?: string;
  /** Each attempt is cut after this long (a stalled connection would otherwise hold the request). */
  readonly timeoutMs?: number;
  /** Attempts in all, on a timeout, a network error, throttling or a 5xx. */
  readonly attempts?: number;
  /** The largest backoff before an attempt (full jitter: a random wait up to 50 ms × 2^n, capped here). */
  readonly maxBackoffMs?: number;
  /** Default: the execution role's, from the environment (Lambda); the CLI passes its SDK client's provider. */
  readonly credentials?: () => AwsCredentials | Promise<AwsCredentials>;
}

export const SECRET_FETCH_DEFAULTS = { timeoutMs: 2_000, attempts: 3, maxBackoffMs: 400 } as const;

/** A failure worth another attempt: the service's or the network's, not an answer about the secret. */
class RetryableSecretError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GetSecretValue over HTTPS with a timeout and retries; undefined when the stage does not exist. */
export function secretsManagerFetcher(options: SecretFetchOptions = {}): SecretFetcher {
  const { timeoutMs, attempts, maxBackoffMs } = { ...SECRET_FETCH_DEFAULTS, ...options };
  const once = async (arn: string, versionStage: string): Promise<SecretVersion | undefined> => {
    const region = regionOf(arn, process.env);
    const partitionSuffix = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
    const endpoint = new URL(options.endpoint ?? `https://secretsmanager.${region}.${partitionSuffix}`);
    const request = signJsonRequest({
      service: 'secretsmanager',
      region,
      host: endpoint.host,
      target: 'secretsmanager.GetSecretValue',
      body: JSON.stringify({ SecretId: arn, VersionStage: versionStage }),
      credentials: await (options.credentials ?? (() => credentialsFromEnv(process.env)))(),
      date: new Date(),
    });
    let response: Response;
    let text: string;
    try {
      response = await fetch(new URL('/', endpoint), {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new RetryableSecretError(`Secrets Manager did not answer: ${String(error)}`, { cause: error });
    }
    if (!response.ok) {
      if (response.status === 400 && text.includes('ResourceNotFoundException')) return undefined;
      const message = `Secrets Manager GetSecretValue failed (${response.status}): ${text.slice(0, 200)}`;
      if (response.status >= 500 || response.status === 429 || /Throttling|TooManyRequests/.test(text)) {
        throw new RetryableSecretError(message);
      }
      throw new Error(message);
    }
    const parsed = JSON.parse(text) as { SecretString?: unknown; CreatedDate?: unknown };
    if (typeof parsed.SecretString !== 'string') throw new Error(`Secret ${arn} has no SecretString`);
    return {
      value: parsed.SecretString,
      ...(typeof parsed.CreatedDate === 'number' ? { createdAt: parsed.CreatedDate * 1000 } : {}),
    };
  };
  return async (arn, versionStage) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(arn, versionStage);
      } catch (error) {
        if (!(error instanceof RetryableSecretError) || attempt >= attempts) throw error;
        await sleep(Math.random() * Math.min(maxBackoffMs, 50 * 2 ** attempt));
      }
    }
  };
}

/** GetSecretValue with the default bounds. */
export const fetchSecretValue: SecretFetcher = (arn, versionStage) =>
  secretsManagerFetcher()(arn, versionStage);

/** How long a value is reused: a rotated secret is picked up within this time without a cold start. */
export const SECRET_CACHE_MS = 5 * 60_000;

/**
 * A value older than this is not served in place of a failed refresh: past it, a Secrets Manager outage fails
 * the request rather than keep a possibly rotated-away secret forever.
 */
export const SECRET_STALE_MS = 60 * 60_000;

/**
 * A cache in front of a fetcher: one request per secret and stage per `ttlMs`, concurrent callers share it. When a
 * refresh fails, the last value read (if read less than `staleMs` ago) is served until the next refresh is due,
 * so a Secrets Manager outage does not take the service down with it (nor add its timeouts to every request).
 */
export function secretCache(
  fetcher: SecretFetcher = fetchSecretValue,
  ttlMs = SECRET_CACHE_MS,
  staleMs = SECRET_STALE_MS,
  now: () => number = Date.now,
) {
  const entries = new TtlCache<string, Promise<SecretVersion | undefined>>({ ttlMs, maxEntries: 100, now });
  const lastGood = new Map<string, { version: SecretVersion | undefined; at: number }>();
  return async (arn: string, versionStage = 'AWSCURRENT'): Promise<SecretVersion | undefined> => {
    const key = `${arn}|${versionStage}`;
    const hit = entries.get(key);
    if (hit) return hit;
    const value = fetcher(arn, versionStage).then(
      (version) => {
        lastGood.set(key, { version, at: now() });
        return version;
      },
      (error: unknown) => {
        // The last value stands in until the next refresh is due; without one, nothing is cached and the next
        // request tries again.
        const last = lastGood.get(key);
        if (last && now() - last.at < staleMs) return last.version;
        entries.delete(key);
        throw error;
      },
    );
    entries.set(key, value);
    return value;
  };
}

export type SecretLookup = ReturnType<typeof secretCache>;

// Pure: a bundle that never reads a secret drops this module (esbuild keeps top-level calls otherwise).
const shared = /* @__PURE__ */ secretCache();

/** The current value of a secret, cached; throws when it does not exist. */
export async function secretValue(arn: string, lookup: SecretLookup = shared): Promise<string> {
  const version = await lookup(arn);
  if (version === undefined) throw new Error(`Secret ${arn} not found`);
  return version.value;
}

/** How long after a rotation the previous value is still accepted (CloudFront needs a deploy to switch). */
export const ROTATION_GRACE_MS = 60 * 60_000;

/**
 * The values to accept: the current one, and the previous one while the current one is younger than
 * ROTATION_GRACE_MS, so a rotation does not cut requests that still carry the old value.
 */
export async function acceptedSecretValues(
  arn: string,
  lookup: SecretLookup = shared,
  now: number = Date.now(),
): Promise<string[]> {
  const [current, previous] = await Promise.all([lookup(arn), lookup(arn, 'AWSPREVIOUS')]);
  if (!current) throw new Error(`Secret ${arn} not found`);
  const recent = current.createdAt === undefined || now - current.createdAt < ROTATION_GRACE_MS;
  return previous && recent ? [current.value, previous.value] : [current.value];
}
