import { createHmac } from 'node:crypto';

/** An HS256 JWT, signed as a customer's server signs a Cube token (no library of the service's). */
export function signJwt(claims: Record<string, unknown>, secret: string, alg = 'HS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg, typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** A Cube token for chat: the user, the `chat` scope, valid for `seconds`. */
export const cubeChatToken = (
  user: string,
  secret: string,
  seconds = 300,
  extra: Record<string, unknown> = {},
) =>
  signJwt(
    { externalId: user, scope: ['chat'], exp: Math.floor(Date.now() / 1000) + seconds, ...extra },
    secret,
  );
