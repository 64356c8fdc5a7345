/**
 * Deployments' Cube token secrets (the HS256 keys of `X-Cube-Auth-Token` JWTs). Whoever reads one can mint tokens
 * with any security context, so the table never holds one in the clear: each is sealed with AES-256-GCM under a
 * key derived from the Cube token key, a Secrets Manager secret (`CubeTokenKey`) that only the functions verifying
 * Cube tokens (chat, abort) and the operator's CLI can read. The deployment is the seal's associated data, so a
 * sealed secret copied to another deployment does not open. Point-in-time backups and every other function role
 * see only ciphertext (docs/operating.md, _Keys_).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { type SecretLookup, secretValue } from '../aws/secrets';
import { type Config, config } from '../config';
import type { Store } from '../store/client';
import { sealedCubeTokenSecrets } from '../store/cube-token-secrets';

/** The format of a sealed secret: `v1.<iv>.<ciphertext>.<tag>`, base64url. */
const VERSION = 'v1';
const IV_BYTES = 12;

/** A service without its Cube token key: an internal error (the stack always sets it). */
export class CubeTokenKeyMissingError extends Error {
  constructor() {
    super('CUBE_TOKEN_KEY_SECRET_ARN (or CUBE_TOKEN_KEY) is not set');
    this.name = 'CubeTokenKeyMissingError';
  }
}

/** A sealed secret that does not open under this key (another key, another deployment, or tampered with). */
export class CubeTokenSealError extends Error {
  constructor(account: string, deploymentId: number) {
    super(`The Cube token secret of ${account}/${deploymentId} does not open with this Cube token key`);
    this.name = 'CubeTokenSealError';
  }
}

/** The sealing key: HMAC of the Cube token key, so the key's text is never used as the cipher key itself. */
async function sealingKey(settings: Config, lookup?: SecretLookup): Promise<Buffer> {
  const key = settings.cubeTokenKey;
  if (!key) throw new CubeTokenKeyMissingError();
  const raw = 'arn' in key ? await secretValue(key.arn, lookup) : key.value;
  return createHmac('sha256', raw).update('cube-token-secret-seal-v1').digest();
}

const aad = (account: string, deploymentId: number) => Buffer.from(`${account}/${deploymentId}`, 'utf8');

export function seal(secret: string, key: Buffer, account: string, deploymentId: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(account, deploymentId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function open(sealed: string, key: Buffer, account: string, deploymentId: number): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) throw new CubeTokenSealError(account, deploymentId);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      .setAAD(aad(account, deploymentId))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch (error) {
    throw Object.assign(new CubeTokenSealError(account, deploymentId), { cause: error });
  }
}

export interface CubeTokenSecretOptions {
  readonly settings?: Config;
  /** How the Cube token key is read (the CLI passes one with its own credentials). */
  readonly lookup?: SecretLookup;
}

export const cubeTokenSecrets = {
  /** The deployment's Cube token secret, or undefined when Cube token authentication is off for it. */
  async get(
    store: Store,
    account: string,
    deploymentId: number,
    options: CubeTokenSecretOptions = {},
  ): Promise<string | undefined> {
    const sealed = await sealedCubeTokenSecrets.get(store, account, deploymentId);
    if (sealed === undefined) return undefined;
    const key = await sealingKey(options.settings ?? config(), options.lookup);
    return open(sealed, key, account, deploymentId);
  },

  /** Turns Cube token authentication on with `secret`, or off (undefined); false when the deployment is unknown. */
  async set(
    store: Store,
    account: string,
    deploymentId: number,
    secret: string | undefined,
    options: CubeTokenSecretOptions = {},
  ): Promise<boolean> {
    const sealed =
      secret === undefined
        ? undefined
        : seal(secret, await sealingKey(options.settings ?? config(), options.lookup), account, deploymentId);
    return sealedCubeTokenSecrets.set(store, account, deploymentId, sealed);
  },
};
