/** Issue 18 item 1: a log line per request with account and tenant, and per-account metrics in EMF. */
import { parseConfig } from '../../functions/config';
import { toErrorBody } from '../../functions/http/errors';
import { createLogger } from '../../functions/observability/log';
import { emfLine, emitMetrics, METRIC_NAMES } from '../../functions/observability/metrics';
import { HANDLED_5XX_MESSAGES } from '../../lib/monitoring';
import { client } from '../support/http';
import { startService, type TestService } from '../support/service';

let svc: TestService;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

/** The JSON lines the process writes to stdout while `run` runs (the functions' log stream in Lambda). */
async function stdoutDuring(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  const saved = { LOG_LEVEL: process.env.LOG_LEVEL, METRICS: process.env.METRICS };
  process.env.LOG_LEVEL = 'info';
  process.env.METRICS = 'emf';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  }) as typeof process.stdout.write;
  try {
    await run();
  } finally {
    process.stdout.write = original;
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

test('successes and refusals are logged with account and tenant; minting and SQL emit per-account EMF', async () => {
  const tenant = `obs-${Date.now().toString(36)}`;
  const lines = await stdoutDuring(async () => {
    const minted = await api.post(
      '/api/v1/embed/generate-session',
      { deploymentId: 1, externalId: 'obs-user', embedTenantName: tenant, creatorMode: true },
      { key: svc.adminKey },
    );
    expect(minted.status).toBe(200);
    const missing = await api.get('/api/v1/embed-tenants/never-seen-tenant/groups', { key: svc.adminKey });
    expect(missing.status).toBe(404);
    const sql = await api.post(
      '/api/v1/deployments/1/sql',
      {
        query: 'SELECT MEASURE(count) FROM orders_view',
        sessionSettings: { externalId: 'obs-sql', groups: ['managers'] },
      },
      { key: svc.adminKey },
    );
    expect(sql.status).toBe(200);
  });
  expect(lines).toContainEqual(
    expect.objectContaining({
      message: 'request',
      route: 'generate-session',
      account: 'demo',
      tenant,
      status: 200,
      durationMs: expect.any(Number),
    }),
  );
  expect(lines).toContainEqual(
    expect.objectContaining({
      message: 'request refused',
      route: 'list-groups',
      tenant: 'never-seen-tenant',
      status: 404,
      code: 'EMBED_TENANT_NOT_FOUND',
    }),
  );
  expect(lines).toContainEqual(
    expect.objectContaining({
      account: 'demo',
      tenant,
      [METRIC_NAMES.sessionsMinted]: 1,
      _aws: expect.any(Object),
    }),
  );
  expect(lines).toContainEqual(
    expect.objectContaining({
      account: 'demo',
      [METRIC_NAMES.sqlQueries]: 1,
      [METRIC_NAMES.sqlMs]: expect.any(Number),
    }),
  );
});

test('an EMF line names the namespace, the account dimension and each metric with its unit', () => {
  const line = JSON.parse(
    emfLine(
      'acme',
      [{ name: METRIC_NAMES.turns, value: 1, unit: 'Count' }],
      { tenant: 't1' },
      1_700_000_000_000,
    ),
  );
  expect(line).toEqual({
    _aws: {
      Timestamp: 1_700_000_000_000,
      CloudWatchMetrics: [
        {
          Namespace: 'EmbeddedAnalytics',
          Dimensions: [['account'], []],
          Metrics: [{ Name: 'ChatTurns', Unit: 'Count' }],
        },
      ],
    },
    account: 'acme',
    tenant: 't1',
    ChatTurns: 1,
  });
  const written: string[] = [];
  const turn = [{ name: METRIC_NAMES.turns, value: 1, unit: 'Count' as const }];
  emitMetrics('acme', turn, {}, parseConfig({}), (l) => written.push(l));
  expect(written).toEqual([]);
  emitMetrics('acme', turn, {}, parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'chat' }), (l) => written.push(l));
  emitMetrics('acme', turn, {}, parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'chat', METRICS: 'off' }), (l) =>
    written.push(l),
  );
  expect(written).toHaveLength(1);
});

test('a chat turn that ends in error counts one ChatTurnErrors for its account and in total; a completed one none', async () => {
  const turn = async () => {
    const reply = await fetch(`${svc.baseUrl}/api/v1/public/demo/agents/1/chat/stream-chat-state`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${svc.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'count of orders', sessionSettings: { externalId: 'obs-turns' } }),
    });
    const text = await reply.text();
    return text.includes('"status":"error"') ? 'error' : 'other';
  };
  const errors = (lines: Record<string, unknown>[]) =>
    lines.filter((line) => line[METRIC_NAMES.turnErrors] !== undefined);
  const completed = await stdoutDuring(async () => {
    expect(await turn()).toBe('other');
  });
  expect(errors(completed)).toEqual([]);
  process.env.CHAT_TURN_TIMEOUT_MS = '1';
  process.env.OFFLINE_DELAY_MS = '50';
  try {
    const failed = await stdoutDuring(async () => {
      expect(await turn()).toBe('error');
    });
    expect(errors(failed)).toEqual([
      expect.objectContaining({
        account: 'demo',
        [METRIC_NAMES.turnErrors]: 1,
        _aws: expect.objectContaining({
          CloudWatchMetrics: [
            expect.objectContaining({
              Dimensions: [['account'], []],
              Metrics: [{ Name: 'ChatTurnErrors', Unit: 'Count' }],
            }),
          ],
        }),
      }),
    ]);
  } finally {
    delete process.env.CHAT_TURN_TIMEOUT_MS;
    delete process.env.OFFLINE_DELAY_MS;
  }
});

test('a handled 500 writes the log line the Handled5xx metric filter counts, with its route', async () => {
  const log = createLogger({ requestId: 'r1', route: 'sql-api' });
  const lines = await stdoutDuring(async () => {
    expect(toErrorBody(new Error('disk on fire'), log).status).toBe(500);
    expect(toErrorBody(new TypeError('x is undefined'), log).body.code).toBe('INTERNAL');
  });
  const counted = lines.filter((line) => (HANDLED_5XX_MESSAGES as readonly unknown[]).includes(line.message));
  expect(counted.map((line) => line.route)).toEqual(['sql-api', 'sql-api']);
});
