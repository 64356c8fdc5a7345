/**
 * Embed tokens as signed JWTs (README, "Who may say who the user is"): HS256 over node:crypto, no library. The signature and `exp` are
 * checked here; revocation (by `jti`) is checked by the caller against the session item on every use.
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretValue } from '../aws/secrets';
import { type Config, config } from '../config';
import { UnauthorizedError } from '../errors';

/** What the service puts in an embed token. `sid` names the session item that holds the revocation state. */
export interface EmbedTokenClaims {
  iss: string;
  /** The user: `e:<externalId>` or `i:<internalId>` (the owner id of threads). */
  sub: string;
  /** Random per exchange; the session item stores it, so a revoked session's token is refused. */
  jti: string;
  sid: string;
  iat: number;
  exp: number;
  account: string;
  deploymentId: number;
  embedTenantName?: string;
  creatorMode: boolean;
  branchName?: string;
}

export const TOKEN_ISSUER = 'embedded-analytics';
const MIN_SECRET_BYTES = 32;
/** `{"alg":"HS256","typ":"JWT"}`, base64url (a literal, so bundles that never sign drop this module). */
const HEADER = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9';

/** A misconfigured service (no or a short secret): an internal error, never a client's fault. */
export class TokenSecretMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenSecretMissingError';
  }
}

/**
 * The signing secret: in AWS read from Secrets Manager by the ARN the stack passes (`EMBED_TOKEN_SECRET_ARN`,
 * cached); else `EMBED_TOKEN_SECRET` (at least 32 bytes), which the local service generates per data directory or
 * per run.
 */
export async function embedTokenSecret(settings: Config = config()): Promise<Buffer> {
  const secret = settings.embedTokenSecret;
  const raw = 'arn' in secret ? await secretValue(secret.arn) : secret.value;
  if (!raw || Buffer.byteLength(raw) < MIN_SECRET_BYTES) {
    throw new TokenSecretMissingError(`EMBED_TOKEN_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes`);
  }
  return Buffer.from(raw);
}

const sign = (input: string, secret: Buffer) => createHmac('sha256', secret).update(input).digest();

/**
 * The key of Cube API tokens (`POST /api/v1/deployments/{id}/token`, used by `/cubejs-api/v1/cubesql`): derived
 * from the embed token secret, so a Cube API token is never accepted where an embed token is, and vice versa.
 */
export const cubeApiTokenSecret = (embedSecret: Buffer): Buffer =>
  createHmac('sha256', embedSecret).update('cube-api-token').digest();

/** Signs the claims: `base64url(header).base64url(payload).base64url(HMAC-SHA256)`. */
export function signEmbedToken(claims: EmbedTokenClaims, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

const invalid = () => new UnauthorizedError('Invalid, expired or revoked embed token');
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The payload of an HS256 JWT whose signature `secret` made (constant-time compare; `none` and every other
 * algorithm refused), or undefined. Nothing about the claims is checked here.
 */
export function verifyHs256(token: string, secret: Buffer): Record<string, unknown> | undefined {
  const parts = token.split('.');
  const [header, payload, signature] = parts;
  if (parts.length !== 3 || !header || !payload || !signature) return undefined;
  if (![header, payload, signature].every((part) => BASE64URL.test(part))) return undefined;
  const expected = sign(`${header}.${payload}`, secret);
  const actual = Buffer.from(signature, 'base64url');
  // One spelling per signature: the last character's spare bits must be zero, so a token string is one token
  // to everything that keys on it (deny lists, caches, logs).
  if (actual.toString('base64url') !== signature) return undefined;
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  try {
    const decodedHeader: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!isRecord(decodedHeader) || decodedHeader.alg !== 'HS256' || !isRecord(claims)) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}

/**
 * Checks an embed token's signature and header (verifyHs256), its issuer and `exp`; returns the claims. Any
 * failure is the same 401, so a caller learns nothing about why.
 */
export function verifyEmbedTokenSignature(
  token: string,
  secret: Buffer,
  nowSeconds: number,
): EmbedTokenClaims {
  const claims = verifyHs256(token, secret);
  if (!isClaims(claims) || claims.iss !== TOKEN_ISSUER || claims.exp <= nowSeconds) throw invalid();
  return claims;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isClaims(value: unknown): value is EmbedTokenClaims {
  return (
    isRecord(value) &&
    typeof value.sub === 'string' &&
    typeof value.jti === 'string' &&
    typeof value.sid === 'string' &&
    typeof value.exp === 'number' &&
    typeof value.account === 'string' &&
    typeof value.deploymentId === 'number'
  );
}
