/**
 * Issue 25 (from the AWS review): a deployment's Cube token secret never sits in the table in the clear. It is sealed
 * under the Cube token key (Secrets Manager in AWS; a local key for `npm start` and the tests), bound to its
 * deployment; an earlier release's plain attribute is not honoured and goes at the next change.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parseConfig } from '../../functions/config';
import { CubeTokenSealError, cubeTokenSecrets, open, seal } from '../../functions/embed/cube-token-secret';
import { keys } from '../../functions/store/keys';
import { chat, chatUrl } from '../chat/support';
import { signJwt } from '../support/cube-token';
import { startService, type TestService } from '../support/service';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc.stop();
});

const item = async (id: number) =>
  (
    await svc.service.store.doc.send(
      new GetCommand({ TableName: svc.service.store.tableName, Key: keys.deployment('demo', id) }),
    )
  ).Item ?? {};

test('the table holds only a sealed secret, which opens with the key and for that deployment only', async () => {
  const secret = randomBytes(32).toString('base64url');
  expect(await cubeTokenSecrets.set(svc.service.store, 'demo', 1, secret)).toBe(true);
  const stored = await item(1);
  expect(JSON.stringify(stored)).not.toContain(secret);
  expect(stored.cubeTokenSealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await cubeTokenSecrets.get(svc.service.store, 'demo', 1)).toBe(secret);

  const key = randomBytes(32);
  const sealed = seal(secret, key, 'demo', 1);
  expect(open(sealed, key, 'demo', 1)).toBe(secret);
  // Another deployment, another account, another key, a flipped byte: none opens.
  expect(() => open(sealed, key, 'demo', 2)).toThrow(CubeTokenSealError);
  expect(() => open(sealed, key, 'other', 1)).toThrow(CubeTokenSealError);
  expect(() => open(sealed, randomBytes(32), 'demo', 1)).toThrow(CubeTokenSealError);
  const [v, iv, body, tag] = sealed.split('.');
  const flipped = Buffer.from(body ?? '', 'base64url');
  flipped[0] = (flipped[0] ?? 0) ^ 1;
  expect(() => open([v, iv, flipped.toString('base64url'), tag].join('.'), key, 'demo', 1)).toThrow(
    CubeTokenSealError,
  );
});

test('another Cube token key cannot open what the service sealed', async () => {
  const secret = randomBytes(32).toString('base64url');
  await cubeTokenSecrets.set(svc.service.store, 'demo', 1, secret);
  await expect(
    cubeTokenSecrets.get(svc.service.store, 'demo', 1, {
      settings: parseConfig({ CUBE_TOKEN_KEY: 'a-different-cube-token-key' }),
    }),
  ).rejects.toThrow(CubeTokenSealError);
});

test('a Lambda without the key refuses rather than fall back to the local one', async () => {
  const lambda = parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'chat' });
  expect(lambda.cubeTokenKey).toBeUndefined();
  await expect(cubeTokenSecrets.get(svc.service.store, 'demo', 1, { settings: lambda })).rejects.toThrow(
    /CUBE_TOKEN_KEY_SECRET_ARN/,
  );
  expect(
    parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'chat', CUBE_TOKEN_KEY_SECRET_ARN: 'arn:x' }).cubeTokenKey,
  ).toEqual({ arn: 'arn:x' });
});

test("an earlier release's plain secret is not honoured, and the next change removes it", async () => {
  const plain = 'plain-cube-token-secret-of-an-earlier-release';
  await cubeTokenSecrets.set(svc.service.store, 'demo', 1, undefined);
  await svc.service.store.doc.send(
    new UpdateCommand({
      TableName: svc.service.store.tableName,
      Key: keys.deployment('demo', 1),
      UpdateExpression: 'SET cubeTokenSecret = :plain',
      ExpressionAttributeValues: { ':plain': plain },
    }),
  );
  const token = signJwt(
    { externalId: 'legacy', scope: ['chat'], exp: Math.floor(Date.now() / 1000) + 600 },
    plain,
    'HS256',
  );
  const reply = await chat(chatUrl(svc.baseUrl), { input: 'total amount' }, { cubeToken: token });
  expect([reply.status, reply.error?.error]).toEqual([401, expect.stringContaining('not enabled')]);
  await cubeTokenSecrets.set(svc.service.store, 'demo', 1, randomBytes(32).toString('base64url'));
  expect((await item(1)).cubeTokenSecret).toBeUndefined();
});
