/**
 * The origin-verify check (issue 10 item 6): requests that do not come through CloudFront are refused before
 * anything is read or written; the accepted values come from Secrets Manager with caching and a rotation grace.
 */

import {
  acceptedSecretValues,
  ROTATION_GRACE_MS,
  type SecretVersion,
  secretCache,
  signJsonRequest,
} from '../../functions/aws/secrets';
import { parseConfig } from '../../functions/config';
import { ORIGIN_VERIFY_HEADER, originVerifyFromEnv, verifyOrigin } from '../../functions/http/origin-verify';
import { routes } from '../../functions/routes';
import { type FaultyService, startFaultyService } from '../support/faults';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

describe('a direct call to any function URL (no CloudFront header)', () => {
  let faulty: FaultyService;
  const secret = 'edge-secret-direct';
  // The service points DYNAMODB_ENDPOINT at its proxy: the next suite needs the real one back.
  const real = process.env.DYNAMODB_ENDPOINT;

  beforeAll(async () => {
    faulty = await startFaultyService();
    process.env.ORIGIN_VERIFY_SECRET = secret;
  }, 120_000);
  afterAll(async () => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    await faulty.stop();
    process.env.DYNAMODB_ENDPOINT = real;
  });

  test('gets a bare 403 from every route, and the function reads nothing from the table first', async () => {
    const { svc, proxy } = faulty;
    const before = proxy.log.length;
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === 'accountName' ? 'demo' : name === 'embedTenantName' ? 'tenant' : '1',
      );
      const reply = await fetch(`${svc.baseUrl}${path}`, {
        method: route.method,
        headers: {
          authorization: `Api-Key ${svc.adminKey}`,
          'content-type': 'application/json',
          'x-cube-auth-token': 'x',
        },
        ...(route.method === 'POST'
          ? { body: JSON.stringify({ input: 'hi', query: 'SELECT 1', sessionSettings: { externalId: 'd' } }) }
          : {}),
      });
      const body = await reply.text();
      expect({ route: route.id, path, status: reply.status, body: JSON.parse(body) }).toEqual({
        route: route.id,
        path,
        status: 403,
        body: { error: 'Call the service through its base URL', code: 'FORBIDDEN' },
      });
    }
    // Every request above went to a handler with a valid admin key, and none reached DynamoDB.
    expect(proxy.log.slice(before)).toEqual([]);
  });
});

describe('through the local service with ORIGIN_VERIFY_SECRET set', () => {
  let svc: TestService;
  let api: ReturnType<typeof client>;
  const secret = 'edge-secret-value-1';
  const via = { headers: { [ORIGIN_VERIFY_HEADER]: secret } };

  beforeAll(async () => {
    svc = await startService();
    api = client(svc.baseUrl);
    process.env.ORIGIN_VERIFY_SECRET = secret;
  }, 120_000);
  afterAll(async () => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    await svc.stop();
  });

  test('every kind of endpoint refuses a request without the header, or with a wrong one, and writes nothing', async () => {
    const before = await snapshot(svc.service.store);
    const calls = [
      () => api.get('/health'),
      () => api.get('/embed/chat'),
      () =>
        api.post(
          '/api/v1/embed/generate-session',
          { deploymentId: 1, externalId: 'ov' },
          { key: svc.adminKey },
        ),
      () => api.post('/api/v1/embed/session/exchange', { sessionId: 'x' }),
      () =>
        api.post(
          '/api/v1/deployments/1/sql',
          { query: 'SELECT 1', sessionSettings: { externalId: 'ov' } },
          { key: svc.adminKey },
        ),
      () =>
        api.post(
          '/api/v1/public/demo/agents/1/chat/stream-chat-state',
          { input: 'hi', sessionSettings: { externalId: 'ov' } },
          { key: svc.adminKey },
        ),
    ];
    for (const call of calls) {
      const reply = await call();
      expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    const wrong = await api.post(
      '/api/v1/embed/generate-session',
      { deploymentId: 1, externalId: 'ov' },
      { key: svc.adminKey, headers: { [ORIGIN_VERIFY_HEADER]: 'edge-secret-value-2' } },
    );
    expect(wrong.status).toBe(403);
    expect(await snapshot(svc.service.store)).toBe(before);
  });

  test('the same requests with the header are served', async () => {
    expect((await api.get('/health', via)).status).toBe(200);
    expect((await api.get('/embed/chat', via)).status).toBe(200);
    const minted = await api.post(
      '/api/v1/embed/generate-session',
      { deploymentId: 1, externalId: 'ov' },
      { key: svc.adminKey, ...via },
    );
    expect(minted.status).toBe(200);
  });
});

describe('verifyOrigin', () => {
  test('is off without a configured value, and compares header names case-insensitively', async () => {
    expect(
      await verifyOrigin(
        {},
        originVerifyFromEnv(() => parseConfig({})),
      ),
    ).toBe(true);
    const source = originVerifyFromEnv(() => parseConfig({ ORIGIN_VERIFY_SECRET: 'new,old' }));
    expect(await verifyOrigin({ 'X-Origin-Verify': 'old' }, source)).toBe(true);
    expect(await verifyOrigin({ 'x-origin-verify': 'new' }, source)).toBe(true);
    expect(await verifyOrigin({ 'x-origin-verify': 'ne' }, source)).toBe(false);
    expect(await verifyOrigin({}, source)).toBe(false);
  });

  test('with a secret ARN, accepts the previous value only during the rotation grace', async () => {
    const now = Date.now();
    const versions = (createdAt: number): Record<string, SecretVersion> => ({
      AWSCURRENT: { value: 'current', createdAt },
      AWSPREVIOUS: { value: 'previous' },
    });
    let stages = versions(now - 60_000);
    const lookup = secretCache(async (_arn, stage) => stages[stage], 0);
    const arn = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:edge';
    const source = originVerifyFromEnv(() => parseConfig({ ORIGIN_VERIFY_SECRET_ARN: arn }), lookup);
    expect(await verifyOrigin({ 'x-origin-verify': 'previous' }, source)).toBe(true);
    stages = versions(now - ROTATION_GRACE_MS - 1);
    expect(await verifyOrigin({ 'x-origin-verify': 'previous' }, source)).toBe(false);
    expect(await verifyOrigin({ 'x-origin-verify': 'current' }, source)).toBe(true);
    expect(await acceptedSecretValues(arn, lookup)).toEqual(['current']);
  });
});

describe('secretCache', () => {
  test('fetches once per secret and stage within its lifetime, shares concurrent fetches, retries failures', async () => {
    const calls: string[] = [];
    let fail = true;
    const lookup = secretCache(async (arn, stage) => {
      calls.push(`${arn}|${stage}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('throttled');
      return { value: `v-${calls.length}` };
    }, 60_000);
    await expect(lookup('a')).rejects.toThrow('throttled');
    fail = false;
    const [one, two] = await Promise.all([lookup('a'), lookup('a')]);
    expect(one).toEqual({ value: 'v-2' });
    expect(two).toEqual({ value: 'v-2' });
    expect(await lookup('a')).toEqual({ value: 'v-2' });
    await lookup('a', 'AWSPREVIOUS');
    expect(calls).toEqual(['a|AWSCURRENT', 'a|AWSCURRENT', 'a|AWSPREVIOUS']);
  });

  test('re-reads after its lifetime, so a rotated value is picked up without a cold start', async () => {
    let value = 'first';
    const lookup = secretCache(async () => ({ value }), 20);
    expect(await lookup('b')).toEqual({ value: 'first' });
    value = 'second';
    expect(await lookup('b')).toEqual({ value: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await lookup('b')).toEqual({ value: 'second' });
  });
});

describe('signJsonRequest', () => {
  test('produces the Signature V4 that the AWS SDK signer (@smithy/signature-v4) computes for the same request', () => {
    // Expected value computed with @smithy/signature-v4 4.x for exactly these inputs.
    const signed = signJsonRequest({
      service: 'secretsmanager',
      region: 'eu-west-1',
      host: 'secretsmanager.eu-west-1.amazonaws.com',
      target: 'secretsmanager.GetSecretValue',
      body: JSON.stringify({
        SecretId: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:x',
        VersionStage: 'AWSCURRENT',
      }),
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        sessionToken: 'TOKEN',
      },
      date: new Date('2015-08-30T12:36:00Z'),
    });
    expect(signed.url).toBe('https://secretsmanager.eu-west-1.amazonaws.com/');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/eu-west-1/secretsmanager/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token;x-amz-target, ' +
        'Signature=0f39fd7c3aaa3e8e2c68b2a13bb2824cb99463775274d3937773eeaf5da17ccc',
    );
    expect(signed.headers['x-amz-security-token']).toBe('TOKEN');
  });
});
