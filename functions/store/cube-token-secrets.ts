import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, type Store } from './client';
import { keys } from './keys';

/**
 * A deployment's Cube token secret as the table holds it: sealed (AES-256-GCM under a key in Secrets Manager that only
 * the chat functions and the operator read; embed/cube-token-secret.ts seals and opens it), an attribute of the
 * deployment item read and written on its own, never in listings. An item still holding the plain `cubeTokenSecret`
 * of earlier releases has Cube tokens off until the operator turns them on again (docs/operating.md).
 */
export const sealedCubeTokenSecrets = {
  /** The sealed secret, or undefined when Cube token authentication is off for the deployment (the default). */
  async get(store: Store, account: string, id: number): Promise<string | undefined> {
    const out = await store.doc.send(
      new GetCommand({
        TableName: store.tableName,
        Key: keys.deployment(account, id),
        ProjectionExpression: 'cubeTokenSealed',
      }),
    );
    const sealed = out.Item?.cubeTokenSealed;
    return typeof sealed === 'string' && sealed.length > 0 ? sealed : undefined;
  },

  /**
   * Stores a sealed secret, or turns Cube tokens off (undefined); either way the plain attribute of earlier releases
   * goes. False when the deployment is unknown.
   */
  async set(store: Store, account: string, id: number, sealed: string | undefined): Promise<boolean> {
    try {
      await store.doc.send(
        new UpdateCommand({
          TableName: store.tableName,
          Key: keys.deployment(account, id),
          UpdateExpression:
            sealed === undefined
              ? 'REMOVE cubeTokenSealed, cubeTokenSecret'
              : 'SET cubeTokenSealed = :sealed REMOVE cubeTokenSecret',
          ConditionExpression: 'attribute_exists(pk)',
          ...(sealed === undefined ? {} : { ExpressionAttributeValues: { ':sealed': sealed } }),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },
};
