import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretValue } from '../aws/secrets';
import { type Config, config } from '../config';
import { ValidationError } from '../errors';

/**
 * Cursors are signed so a client cannot forge or move them between tenants, lists or accounts. In AWS the key
 * is read from Secrets Manager (`CURSOR_SECRET_ARN`, cached); locally from `CURSOR_SECRET` or a fixed value.
 */
export const cursorSecret = async (settings: Config = config()): Promise<string> => {
  const secret = settings.cursorSecret;
  return 'arn' in secret ? secretValue(secret.arn) : secret.value;
};

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
}

export function encodeCursor(secret: string, context: string, lastName: string): string {
  const body = Buffer.from(JSON.stringify({ c: context, n: lastName })).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function decodeCursor(secret: string, context: string, cursor: string): string {
  const [body, signature, extra] = cursor.split('.');
  const expected = body ? sign(secret, body) : '';
  if (
    !body ||
    !signature ||
    extra !== undefined ||
    signature.length !== expected.length ||
    !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  ) {
    throw new ValidationError('query.after: malformed cursor');
  }
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      c?: unknown;
      n?: unknown;
    };
    if (parsed.c !== context || typeof parsed.n !== 'string') throw new Error('cursor of another list');
    return parsed.n;
  } catch (error) {
    throw new ValidationError('query.after: malformed cursor', { cause: error });
  }
}

/**
 * A page of a list endpoint, with Cube's PageInfoDto: the opaque cursors of the first and last items
 * (`endCursor` is `query.after` of the next page).
 */
export interface Page<T> {
  items: T[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}
