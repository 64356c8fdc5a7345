/**
 * The set-up the embed-store tests share: a fresh table with the demo seed under keys of the test's own, and a
 * creator-mode session in an embed tenant (what provisions users, groups and attributes there).
 */
import { clearAuthCache } from '../../functions/access/auth';
import { applyDemoSeed } from '../../functions/admin/seed';
import { generateSession } from '../../functions/embed/sessions';
import { type Account, accounts } from '../../functions/store/accounts';
import { type ApiKeyRecord, apiKeys } from '../../functions/store/api-keys';
import type { Store } from '../../functions/store/client';
import { freshStore } from '../support/store';

export interface Seeded {
  store: Store;
  caller: { account: Account; key: ApiKeyRecord };
}

/** A fresh store seeded with the demo account; `name` keeps the test's API keys apart from other files'. */
export async function seededDemo(name: string): Promise<Seeded> {
  const store = await freshStore();
  clearAuthCache();
  const demo = `demo-key-${name}`;
  await applyDemoSeed(store, { demo, demoMember: `member-key-${name}`, starter: `starter-key-${name}` }, {});
  const account = await accounts.get(store, 'demo');
  const key = await apiKeys.findByKey(store, demo);
  if (!account || !key) throw new Error('seed missing');
  return { store, caller: { account, key } };
}

export type SessionBody = Parameters<typeof generateSession>[2];

/** A creator-mode session for `externalId` in `tenant` (deployment 1), with the body's other fields. */
export const creatorSession = (
  { store, caller }: Seeded,
  tenant: string,
  externalId: string,
  extra: Partial<SessionBody> | Record<string, unknown> = {},
) =>
  generateSession(store, caller, {
    deploymentId: 1,
    externalId,
    creatorMode: true,
    embedTenantName: tenant,
    ...extra,
  } as SessionBody);
