/**
 * Cube's API token (README, "The API in curl"): minted from a live embed token by `POST /api/v1/deployments/{id}/token`, read by
 * `/cubejs-api/v1/cubesql` (query/cube-sql.ts). Apart from the query code, so the token function bundles no engine.
 */
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { Store } from '../store/client';
import { epochSeconds } from '../store/keys';
import { verifyEmbedToken } from './sessions';
import { cubeApiTokenSecret, embedTokenSecret, signEmbedToken, verifyEmbedTokenSignature } from './token';

/** Cube clients send `Authorization: <token>`; `Bearer <token>` is accepted too. */
export function bareToken(header: string | undefined): string {
  const token = header?.trim().replace(/^Bearer\s+/i, '') ?? '';
  if (!token || /\s/.test(token)) {
    throw new UnauthorizedError('Missing or invalid Authorization header (expected a token)');
  }
  return token;
}

/**
 * `POST /api/v1/deployments/{id}/token`: exchanges a live embed token of that deployment for a Cube API token.
 * It carries the embed token's claims (same session, `jti` and `exp`), so revoking the session revokes both, and
 * is signed with a derived key, so neither token is accepted in the other's place.
 */
export async function mintCubeApiToken(
  store: Store,
  authorization: string | undefined,
  deploymentId: number,
): Promise<{ cubeApiToken: string; expiresAt: string }> {
  const token = bareToken(authorization);
  const secret = await embedTokenSecret();
  const claims = verifyEmbedTokenSignature(token, secret, epochSeconds());
  // The session item decides revocation, as for every other use of the token.
  const session = await verifyEmbedToken(store, token);
  if (session.deploymentId !== deploymentId) {
    throw new ForbiddenError(
      `This embed token is bound to deployment ${session.deploymentId}, not ${deploymentId}`,
    );
  }
  return {
    // Cube's DeploymentTokenResponse (deployments.yaml) is `{cubeApiToken}`; `expiresAt` is extra.
    cubeApiToken: signEmbedToken(claims, cubeApiTokenSecret(secret)),
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}
