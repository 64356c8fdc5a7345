/** Issue 30: `admin smoke` runs one chat turn and one SQL query against a running service and says what failed. */
import { runCommand } from '../../functions/admin/cli';
import { AppError, SmokeFailedError } from '../../functions/errors';
import { apiKeys } from '../../functions/store/api-keys';
import { startService, type TestService } from '../support/service';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

interface Report {
  ok: boolean;
  agentId: string;
  deploymentId: number;
  checks: { name: string; ok: boolean; detail: string; hint?: string }[];
}

const smoke = (...args: string[]) =>
  runCommand(
    svc.service.store,
    ['smoke', '--base-url', svc.baseUrl, '--account', 'demo', ...args],
    async () => [],
  );

const failure = async (...args: string[]): Promise<SmokeFailedError> => {
  const error = await smoke(...args).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SmokeFailedError)) throw new Error(`expected SMOKE_FAILED, got ${String(error)}`);
  return error;
};

const smokeKeys = async () =>
  (await apiKeys.listByAccount(svc.service.store, 'demo')).filter((key) =>
    key.description?.startsWith('smoke test'),
  );

test('passes against npm start: health, a completed chat turn, a SQL query; its key is revoked', async () => {
  const report = (await smoke()) as Report;
  expect(report).toMatchObject({ ok: true, agentId: '1', deploymentId: 1 });
  expect(report.checks.map((check) => [check.name, check.ok])).toEqual([
    ['health', true],
    ['chat', true],
    ['sql', true],
  ]);
  expect(report.checks[1]?.detail).toMatch(/^completed: "[\s\S]+" \(offline/);
  expect(report.checks[2]?.detail).toMatch(/^SELECT MEASURE\(\w+\) FROM \w+: 1 row\(s\)/);
  expect(await smokeKeys()).toEqual([]);
});

test('says plainly that the chat turn failed, and how it ended', async () => {
  process.env.CHAT_TURN_TIMEOUT_MS = '1';
  process.env.OFFLINE_DELAY_MS = '50';
  try {
    const error = await failure();
    expect(error.code).toBe('SMOKE_FAILED');
    // The service's bound or the agent's own deadline, whichever fires first, ends it.
    expect(error.message).toMatch(
      /^chat failed: the turn ended error( \(timeout\))?: The answer took longer than its time limit/,
    );
    expect((error.details as Report).checks.map((check) => check.ok)).toEqual([true, false, true]);
  } finally {
    delete process.env.CHAT_TURN_TIMEOUT_MS;
    delete process.env.OFFLINE_DELAY_MS;
  }
  expect(await smokeKeys()).toEqual([]);
});

test('says plainly that the SQL query failed, with the service answer', async () => {
  const error = await failure('--sql', 'SELECT nothing FROM nowhere');
  expect(error.message).toMatch(/^sql failed: 4\d\d \{"error":/);
});

test('names an unreachable base URL and an unknown agent', async () => {
  const closed = await runCommand(
    svc.service.store,
    ['smoke', '--base-url', 'http://127.0.0.1:9', '--account', 'demo'],
    async () => [],
  ).catch((error: unknown) => error);
  expect(closed).toBeInstanceOf(SmokeFailedError);
  expect((closed as Error).message).toMatch(
    /^health failed: no answer from http:\/\/127\.0\.0\.1:9\/health.*BaseUrl/,
  );
  const agent = await smoke('--agent', 'nobody').catch((error: unknown) => error);
  expect(agent).toBeInstanceOf(AppError);
  expect((agent as AppError).code).toBe('AGENT_NOT_FOUND');
});
