import { TtlCache } from '../cache';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { type Account, accounts } from '../store/accounts';
import { type ApiKeyRecord, apiKeys, hashKey } from '../store/api-keys';
import type { Store } from '../store/client';

/** A caller authenticated with `Authorization: Api-Key <key>`. */
export interface ApiKeyCaller {
  kind: 'apiKey';
  account: Account;
  key: ApiKeyRecord;
}

/** Entries live at most 30 s, so a revoked key or a changed plan is seen within 30 s. */
const cache = new TtlCache<string, { caller: ApiKeyCaller | undefined }>({
  ttlMs: 30_000,
  maxEntries: 1_000,
});

/** Empties the key cache (tests change plans and keys under a running process). */
export function clearAuthCache(): void {
  cache.clear();
}

/** Splits `Authorization` into scheme and credentials; the scheme is case-insensitive. */
export function parseAuthorization(
  header: string | undefined,
): { scheme: string; credentials: string } | undefined {
  if (!header) return undefined;
  const match = /^\s*([A-Za-z-]+)\s+(\S+)\s*$/.exec(header);
  if (!match?.[1] || !match[2]) return undefined;
  return { scheme: match[1].toLowerCase(), credentials: match[2] };
}

/** Resolves an API key to its account, through a short, bounded in-memory cache. */
export async function authenticateApiKey(store: Store, key: string): Promise<ApiKeyCaller> {
  const hash = hashKey(key);
  const hit = cache.get(hash);
  let caller: ApiKeyCaller | undefined;
  if (hit) {
    caller = hit.caller;
  } else {
    const record = await apiKeys.findByKey(store, key);
    const account = record ? await accounts.get(store, record.account) : undefined;
    caller = record && account ? { kind: 'apiKey', account, key: record } : undefined;
    cache.set(hash, { caller });
  }
  if (!caller) throw new UnauthorizedError('Invalid API key');
  return caller;
}

/** Throws 403 FORBIDDEN unless the key has the admin role. */
export function requireAdmin(caller: ApiKeyCaller): void {
  if (caller.key.role !== 'admin') throw new ForbiddenError('This operation needs an admin API key');
}

/** Throws 403 PLAN_NOT_SUPPORTED unless the account is on a plan with the chat API. */
export function requireChatPlan(account: Account): void {
  if (account.plan !== 'premium' && account.plan !== 'enterprise') {
    throw new ForbiddenError('The chat API needs a Premium or Enterprise plan', 'PLAN_NOT_SUPPORTED');
  }
}
