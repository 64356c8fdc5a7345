/**
 * Cube token authentication of the chat (Cube's chat API, `cubeToken`): `X-Cube-Auth-Token: <JWT>`, HS256-signed
 * with the deployment's own Cube token secret (the operator CLI's `deployment cube-token` turns it on; off by
 * default), valid for the deployment of the agent it talks to, naming the external user in `externalId` (or `sub`)
 * and carrying `chat` in its `scope` array. Its claims are the user's security context, as in Cube.
 */

import { cubeTokenSecrets } from '../embed/cube-token-secret';
import { verifyHs256 } from '../embed/token';
import { UnauthorizedError } from '../errors';
import type { Store } from '../store/client';
import { cubeTokenPolicies } from '../store/cube-token-policy';
import { epochSeconds } from '../store/keys';

export const CUBE_TOKEN_HEADER = 'x-cube-auth-token';

/** What a verified Cube token says: the external user and the security context its claims are. */
export interface CubeTokenClaims {
  externalId: string;
  securityContext: Record<string, unknown>;
  expiresAt: number;
}

const refused = (reason: string) => new UnauthorizedError(`Invalid Cube token: ${reason}`);

/** How far ahead of this clock a token's `iat` may be (the signer's clock may run a little fast). */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Verifies a Cube token for one deployment of an account. A deployment without a Cube token secret refuses every
 * token (401), as does a bad signature, a missing or past `exp`, an `iat` in the future, a lifetime (from `iat`,
 * or from now without one) over the deployment's maximum, a `jti` on its deny list, a `scope` without `chat`, or
 * no user.
 */
export async function verifyCubeToken(
  store: Store,
  token: string,
  target: { account: string; deploymentId: number },
  nowSeconds: number = epochSeconds(),
): Promise<CubeTokenClaims> {
  const [secret, policy] = await Promise.all([
    cubeTokenSecrets.get(store, target.account, target.deploymentId),
    cubeTokenPolicies.get(store, target.account, target.deploymentId),
  ]);
  if (!secret) {
    throw new UnauthorizedError(
      `Cube token authentication is not enabled for deployment ${target.deploymentId} (use an API key or an embed token)`,
    );
  }
  const claims = verifyHs256(token, Buffer.from(secret, 'utf8'));
  if (!claims) throw refused('the signature does not match the deployment’s secret');
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw refused('expired or without exp');
  if (
    claims.iat !== undefined &&
    (typeof claims.iat !== 'number' || claims.iat > nowSeconds + CLOCK_SKEW_SECONDS)
  )
    throw refused('iat is not a time in the past');
  const issued = typeof claims.iat === 'number' ? Math.min(claims.iat, nowSeconds) : nowSeconds;
  if (claims.exp - issued > policy.maxLifetimeSeconds) {
    throw refused(
      `it lives longer than this deployment allows (${policy.maxLifetimeSeconds} s from iat, or from now without iat)`,
    );
  }
  if (typeof claims.jti === 'string' && policy.denied.has(claims.jti)) throw refused('its jti is revoked');
  if (!Array.isArray(claims.scope) || !claims.scope.includes('chat'))
    throw refused('the scope claim lacks "chat"');
  const user = typeof claims.externalId === 'string' ? claims.externalId : claims.sub;
  if (typeof user !== 'string' || user.trim() === '')
    throw refused('no externalId or sub claim names the user');
  return { externalId: user, securityContext: claims, expiresAt: claims.exp };
}
