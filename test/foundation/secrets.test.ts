/**
 * Issue 30: Secrets Manager reads are bounded (a timeout per attempt, retries with backoff on throttling, 5xx and
 * network faults, none on answers) and cached, serving the last value when a refresh fails. Against a local HTTP
 * server speaking GetSecretValue's JSON protocol.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secretCache, secretsManagerFetcher } from '../../functions/aws/secrets';

type Reply = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let endpoint: string;
let replies: Reply[] = [];
const seen: { target: string | undefined; body: string; signed: boolean }[] = [];

const ok =
  (value: string): Reply =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify({ SecretString: value, CreatedDate: 1_700_000_000 }));
  };
const fail =
  (status: number, type: string): Reply =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify({ __type: type, message: type }));
  };
/** Accepts the request and never answers (a stalled connection). */
const hang: Reply = () => undefined;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({
      target: req.headers['x-amz-target'] as string | undefined,
      body,
      signed: String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=AKIDTEST/'),
    });
    const reply = replies.shift() ?? fail(500, 'InternalServiceError');
    reply(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  replies = [];
  seen.length = 0;
});

const arn = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:app-AbCdEf';
const fetcher = (timeoutMs = 200) =>
  secretsManagerFetcher({
    endpoint,
    timeoutMs,
    attempts: 3,
    maxBackoffMs: 5,
    credentials: () => ({ accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' }),
  });

test('reads a signed GetSecretValue of the stage asked for', async () => {
  replies = [ok('hunter2')];
  expect(await fetcher()(arn, 'AWSPREVIOUS')).toEqual({ value: 'hunter2', createdAt: 1_700_000_000_000 });
  expect(seen).toEqual([
    {
      target: 'secretsmanager.GetSecretValue',
      body: JSON.stringify({ SecretId: arn, VersionStage: 'AWSPREVIOUS' }),
      signed: true,
    },
  ]);
});

test('retries a stalled connection, throttling and a 5xx, and gives up after three attempts', async () => {
  replies = [hang, fail(400, 'ThrottlingException'), ok('after-two-faults')];
  const started = Date.now();
  expect(await fetcher()(arn, 'AWSCURRENT')).toEqual(expect.objectContaining({ value: 'after-two-faults' }));
  expect(seen).toHaveLength(3);
  // The hung attempt never answers: only the 200 ms attempt timeout ends it (about 0.6 s in all on a quiet
  // machine; 10 s leaves room for a loaded one).
  expect(Date.now() - started).toBeLessThan(10_000);
  replies = [fail(500, 'InternalServiceError'), hang, fail(503, 'ServiceUnavailable')];
  await expect(fetcher()(arn, 'AWSCURRENT')).rejects.toThrow(/503/);
  expect(seen).toHaveLength(6);
});

test('does not retry an answer: a missing stage is undefined, access denied throws at once', async () => {
  replies = [fail(400, 'ResourceNotFoundException')];
  expect(await fetcher()(arn, 'AWSPREVIOUS')).toBeUndefined();
  replies = [fail(400, 'AccessDeniedException'), ok('never read')];
  await expect(fetcher()(arn, 'AWSCURRENT')).rejects.toThrow(/AccessDeniedException/);
  expect(seen).toHaveLength(2);
});

test('the cache serves the last value while Secrets Manager fails, for at most an hour', async () => {
  let clock = 0;
  const lookup = secretCache(fetcher(), 300_000, 3_600_000, () => clock);
  replies = [ok('v1')];
  expect(await lookup(arn)).toEqual(expect.objectContaining({ value: 'v1' }));
  clock += 300_001;
  replies = [fail(500, 'x'), fail(500, 'x'), fail(500, 'x')];
  expect(await lookup(arn)).toEqual(expect.objectContaining({ value: 'v1' }));
  // Served from the cache until the next refresh is due: no request per call during the outage.
  expect(await lookup(arn)).toEqual(expect.objectContaining({ value: 'v1' }));
  expect(seen).toHaveLength(4);
  clock += 3_600_000;
  replies = [fail(500, 'x'), fail(500, 'x'), fail(500, 'x')];
  await expect(lookup(arn)).rejects.toThrow(/500/);
  replies = [ok('v2')];
  expect(await lookup(arn)).toEqual(expect.objectContaining({ value: 'v2' }));
});
