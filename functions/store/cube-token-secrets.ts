import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, type Store } from './client';
import { keys } from './keys';

/**
 * A deployment's Cube token secret, an attribute of the deployment item read and written on its own: the chat
 * functions that verify Cube tokens need only this of a deployment (a module of its own keeps the rest of
 * store/deployments.ts out of their bundles), and listings never show it.
 */
export const cubeTokenSecrets = {
  /**
   * The deployment's Cube token secret (HS256 key of `X-Cube-Auth-Token` JWTs), or undefined when Cube token
   * authentication is off for it (the default). Kept off `Deployment`, so listings never show it.
   */
  async get(store: Store, account: string, id: number): Promise<string | undefined> {
    const out = await store.doc.send(
      new GetCommand({
        TableName: store.tableName,
        Key: keys.deployment(account, id),
        ProjectionExpression: 'cubeTokenSecret',
      }),
    );
    const secret = out.Item?.cubeTokenSecret;
    return typeof secret === 'string' && secret.length > 0 ? secret : undefined;
  },

  /** Turns Cube token authentication on with `secret`, or off (undefined); false when the deployment is unknown. */
  async set(store: Store, account: string, id: number, secret: string | undefined): Promise<boolean> {
    try {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.deployment(account, id),
          UpdateExpression: secret === undefined ? 'REMOVE cubeTokenSecret' : 'SET cubeTokenSecret = :secret',
          ConditionExpression: 'attribute_exists(pk)',
          ...(secret === undefined ? {} : { ExpressionAttributeValues: { ':secret': secret } }),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },
};
