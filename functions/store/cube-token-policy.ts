import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, type Store } from './client';
import { epochSeconds, keys } from './keys';

/** A Cube token may live this long unless its deployment says otherwise (docs/operating.md, "Cube tokens"). */
export const DEFAULT_CUBE_TOKEN_LIFETIME_SECONDS = 86_400;
/** The longest lifetime a deployment may allow. */
export const MAX_CUBE_TOKEN_LIFETIME_SECONDS = 30 * 86_400;

/** How a deployment bounds the Cube tokens it accepts: their lifetime, and the `jti`s refused until they expire. */
export interface CubeTokenPolicy {
  maxLifetimeSeconds: number;
  /** Denied `jti` -> epoch seconds after which the entry may go (the token's own `exp`). */
  denied: ReadonlyMap<string, number>;
}

const deniedOf = (raw: unknown, now: number): Map<string, number> =>
  new Map(
    Object.entries(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > now,
    ),
  );

/**
 * The lifetime bound and deny list of a deployment's Cube tokens: attributes of the deployment item, apart from
 * the secret (which only signing and verifying functions may read), read beside it.
 */
export const cubeTokenPolicies = {
  async get(store: Store, account: string, id: number): Promise<CubeTokenPolicy> {
    const out = await store.doc.send(
      new GetCommand({
        TableName: store.tableName,
        Key: keys.deployment(account, id),
        ProjectionExpression: 'cubeTokenMaxLifetime, cubeTokenDenied',
      }),
    );
    const lifetime = out.Item?.cubeTokenMaxLifetime;
    return {
      maxLifetimeSeconds: typeof lifetime === 'number' ? lifetime : DEFAULT_CUBE_TOKEN_LIFETIME_SECONDS,
      denied: deniedOf(out.Item?.cubeTokenDenied, epochSeconds()),
    };
  },

  /**
   * Sets the maximum lifetime (undefined: the default) and/or adds one `jti` to the deny list until `until`;
   * expired entries are dropped as it writes. False when the deployment is unknown.
   */
  async update(
    store: Store,
    account: string,
    id: number,
    change: { maxLifetimeSeconds?: number | 'default'; deny?: { jti: string; until: number } },
  ): Promise<CubeTokenPolicy | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await store.doc.send(
        new GetCommand({
          TableName: store.tableName,
          Key: keys.deployment(account, id),
          ConsistentRead: true,
        }),
      );
      if (!current.Item) return undefined;
      const old: unknown = current.Item.cubeTokenDenied;
      const denied = deniedOf(old, epochSeconds());
      if (change.deny) denied.set(change.deny.jti, change.deny.until);
      const sets = ['cubeTokenDenied = :denied'];
      const values: Record<string, unknown> = { ':denied': Object.fromEntries(denied) };
      let remove = '';
      if (change.maxLifetimeSeconds === 'default') remove = ' REMOVE cubeTokenMaxLifetime';
      else if (change.maxLifetimeSeconds !== undefined) {
        sets.push('cubeTokenMaxLifetime = :lifetime');
        values[':lifetime'] = change.maxLifetimeSeconds;
      }
      try {
        // Written only over the list just read: two operators denying at once both land.
        await store.doc.send(
          new UpdateCommand({
            TableName: store.tableName,
            Key: keys.deployment(account, id),
            UpdateExpression: `SET ${sets.join(', ')}${remove}`,
            ConditionExpression:
              old === undefined ? 'attribute_not_exists(cubeTokenDenied)' : 'cubeTokenDenied = :old',
            ExpressionAttributeValues: old === undefined ? values : { ...values, ':old': old },
          }),
        );
        return this.get(store, account, id);
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }
    throw new Error('The Cube token deny list changed five times while it was being updated: try again');
  },
};
