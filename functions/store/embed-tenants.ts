import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** Embed tenants: a record under the account, created by the first generate-session that names the tenant. */
export const embedTenants = {
  async exists(store: Store, account: string, name: string): Promise<boolean> {
    const out = await store.doc.send(
      new GetCommand({ TableName: store.tableName, Key: keys.embedTenant(account, name) }),
    );
    return out.Item !== undefined;
  },

  /** The upsert inside the generate-session transaction; `displayName` is Cube's embedTenantProfile name. */
  upsertItem(
    store: Store,
    account: string,
    name: string,
    displayName?: string,
    nowMs: number = Date.now(),
  ): TransactItem {
    return {
      Update: {
        TableName: store.tableName,
        Key: keys.embedTenant(account, name),
        UpdateExpression: `SET kind = :kind, #name = :name, createdAt = if_not_exists(createdAt, :now)${displayName === undefined ? '' : ', displayName = :displayName'}`,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':kind': 'embedTenant',
          ':name': name,
          ':now': new Date(nowMs).toISOString(),
          ...(displayName === undefined ? {} : { ':displayName': displayName }),
        },
      },
    };
  },
};
