/**
 * Function URLs are public (AuthType NONE: callers authenticate with Api-Key/Bearer inside the function). So
 * that nobody can reach them around CloudFront (its TLS policy, headers, logs and future WAF), CloudFront adds
 * a secret header to every origin request and each function refuses requests without it.
 */
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { acceptedSecretValues, type SecretLookup } from '../aws/secrets';
import { type Config, config } from '../config';
import { ForbiddenError } from '../errors';

/** The header CloudFront sets on origin requests (it replaces a viewer header of the same name). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Where the accepted values come from: Secrets Manager in AWS, a plain value elsewhere, or nothing locally. */
export type OriginVerifySource = () => Promise<string[] | undefined>;

/** `ORIGIN_VERIFY_SECRET_ARN` (the stack sets it), else `ORIGIN_VERIFY_SECRET` (comma-separated), else off. */
export const originVerifyFromEnv =
  (settings: () => Config = config, lookup?: SecretLookup): OriginVerifySource =>
  async () => {
    const secret = settings().originVerifySecret;
    if (!secret) return undefined;
    return 'arn' in secret ? acceptedSecretValues(secret.arn, lookup) : secret.values;
  };

const equal = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether a request's headers carry one of the accepted values (always true when the check is off). */
export async function verifyOrigin(
  headers: Record<string, string | undefined> | undefined,
  source: OriginVerifySource,
): Promise<boolean> {
  const accepted = await source();
  if (!accepted) return true;
  const sent = Object.entries(headers ?? {}).find(
    ([name]) => name.toLowerCase() === ORIGIN_VERIFY_HEADER,
  )?.[1];
  return sent !== undefined && accepted.some((value) => equal(value, sent));
}

/**
 * The middy middleware every endpoint runs first: 403 FORBIDDEN before routing, parsing or any table access.
 * Created when a handler module loads, so the secret is fetched during the Lambda init phase (a failure there
 * is not cached: the first request fetches again).
 */
export const originVerify = (
  source: OriginVerifySource = originVerifyFromEnv(),
): MiddlewareObj<APIGatewayProxyEventV2> => {
  source().catch(() => undefined);
  return {
    before: async (request) => {
      if (!(await verifyOrigin(request.event.headers, source))) {
        throw new ForbiddenError('Call the service through its base URL');
      }
    },
  };
};
