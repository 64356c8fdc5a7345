/**
 * Issue 25 regressions over HTTP: members derived from hidden members are hidden too (SQL API, coreMeta), a
 * member key cannot widen a stored user through `roles` (or any other field that reaches the query context), and
 * a query that reached the engine counts against the rate even when it fails.
 */

import { clearAuthCache } from '../../functions/access/auth';
import { runCommand } from '../../functions/admin/cli';
import type { ModelFile } from '../../functions/semantic';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

let svc: TestService;
let api: ReturnType<typeof client>;
let files: ModelFile[] = [];
const SQL = '/api/v1/deployments/1/sql';
const GS = '/api/v1/embed/generate-session';
type Result = { data: unknown[][]; code?: string; error?: string; token?: string; notes?: string[] };

const cli = (...argv: string[]) => runCommand(svc.service.store, argv, async () => files);

/** Orders with `amount` and `revenue` hidden for everyone, and members of every derived kind built on them. */
const HIDDEN = `
cubes:
  - name: secret_orders
    sql_table: orders
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: status, sql: status, type: string }
      - { name: region, sql: region, type: string }
      - { name: created_at, sql: created_at, type: time }
      - { name: amount, sql: amount, type: number }
      - name: amount_bucket
        type: string
        case:
          when:
            - { sql: "{amount} >= 500", label: large }
          else: { label: small }
      - { name: amount_cents, sql: "{CUBE.amount} * 100", type: number }
      - name: currency
        type: switch
        values: [EUR, USD]
    segments:
      - { name: big, sql: "{amount} > 900" }
    measures:
      - { name: count, type: count }
      - { name: revenue, type: sum, sql: amount }
      - { name: visible_total, type: sum, sql: "{amount}" }
      - { name: per_order, type: number, sql: "{revenue} / NULLIF({count}, 0)" }
      - name: by_id
        multi_stage: true
        sql: "{revenue}"
        type: sum
        reduce_by: [status]
      - name: region_revenue
        multi_stage: true
        sql: "{revenue}"
        type: sum
        group_by: [region]
      - name: revenue_last_year
        type: number
        sql: "{revenue}"
        multi_stage: true
        time_shift:
          - { interval: 1 year, type: prior }
      - name: revenue_in_currency
        type: number
        multi_stage: true
        case:
          switch: "{CUBE.currency}"
          when:
            - { value: EUR, sql: "{CUBE.revenue}" }
          else: { sql: "{CUBE.revenue}" }
      - { name: double_per_order, type: number, sql: "2 * {per_order}" }
    access_policy:
      - group: "*"
        member_level:
          excludes: [amount, revenue]
`;

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
  files = [{ path: 'secret.yml', content: HIDDEN }];
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

const sql = (query: string, settings: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  api.post<Result>(SQL, { query, sessionSettings: settings, ...extra }, { key: svc.adminKey });

describe('member-level hiding covers derived members', () => {
  let pushed: Result;
  beforeAll(async () => {
    pushed = (await cli(
      'model',
      'push',
      '--account',
      'demo',
      '--deployment',
      '1',
      '--branch',
      'hidden',
      '--dir',
      'x',
    )) as Result;
  });

  test('push tells the author which listed members are hidden with their sources', () => {
    expect(pushed.notes?.join('\n')).toMatch(/per_order is hidden for this policy's users too.*revenue/);
    expect(pushed.notes?.join('\n')).toMatch(/amount_bucket is hidden/);
    expect(pushed.notes?.join('\n')).not.toMatch(/visible_total is hidden/);
  });

  const user = { externalId: 'derived-hiding', groups: ['managers'] };
  const derived = [
    'amount_bucket',
    'amount_cents',
    'big',
    'per_order',
    'by_id',
    'region_revenue',
    'revenue_last_year',
    'double_per_order',
  ];
  test.each(derived)('%s, derived from a hidden member, is refused like the member itself', async (name) => {
    const dimension = name === 'amount_bucket' || name === 'amount_cents' || name === 'big';
    const query = (member: string) =>
      dimension
        ? `SELECT ${member}, MEASURE(count) FROM secret_orders GROUP BY 1`
        : `SELECT date_trunc('year', created_at), MEASURE(${member}) FROM secret_orders GROUP BY 1`;
    const reply = await sql(query(name), user, { branchName: 'hidden' });
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code: 'SQL_NOT_ALLOWED' });
    // Refused as the hidden member itself is: the member does not exist for this user.
    const base = dimension ? 'amount' : 'revenue';
    const hidden = await sql(query(base), user, { branchName: 'hidden' });
    expect(reply.body.error?.replace(/; (did you mean|available:) .*$/, '')).toBe(
      hidden.body.error?.replaceAll(base, name).replace(/; (did you mean|available:) .*$/, ''),
    );
  });

  test('the case measure over a hidden measure is hidden; an ordinary aggregate over a hidden dimension is not', async () => {
    const caseReply = await sql(
      "SELECT currency, MEASURE(revenue_in_currency) FROM secret_orders WHERE currency = 'EUR' GROUP BY 1",
      user,
      { branchName: 'hidden' },
    );
    expect(caseReply.status).toBe(400);
    const total = await sql('SELECT MEASURE(visible_total), MEASURE(count) FROM secret_orders', user, {
      branchName: 'hidden',
    });
    expect(total.status).toBe(200);
    expect(total.body.data[0]?.[1]).toBeGreaterThan(0);
  });
});

describe('a member key never widens a stored user', () => {
  test('roles for a stored north-only user: 403, and nothing written', async () => {
    const externalId = 'stored-north';
    const minted = await api.post(
      GS,
      { deploymentId: 1, externalId, userAttributes: [{ name: 'region', value: 'north' }] },
      { key: svc.adminKey },
    );
    expect(minted.status).toBe(200);
    const before = await snapshot(svc.service.store);
    const reply = await api.post<Result>(
      SQL,
      {
        query: 'SELECT region FROM orders_view GROUP BY 1',
        sessionSettings: { externalId, roles: ['managers'] },
      },
      { key: svc.memberKey },
    );
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(reply.body.error).toContain('roles');
    expect(await snapshot(svc.service.store)).toBe(before);
    // Without roles the stored user reads only its region.
    const own = await api.post<Result>(
      SQL,
      { query: 'SELECT region FROM orders_view GROUP BY 1', sessionSettings: { externalId } },
      { key: svc.memberKey },
    );
    expect(own.body.data).toEqual([['north']]);
  });
});

describe('a query that reached the engine counts against the rate', () => {
  afterAll(async () => {
    await cli('account', 'set-rate', '--name', 'demo', '--rate', 'key.sql', '--limit', 'default');
    clearAuthCache();
  });

  test('engine errors are counted; refusals before the engine are not', async () => {
    const { key } = (await cli('key', 'create', '--account', 'demo', '--role', 'admin')) as { key: string };
    await cli('account', 'set-rate', '--name', 'demo', '--rate', 'key.sql', '--limit', '3');
    clearAuthCache();
    // Stay inside one rate window.
    const left = 60 - ((Date.now() / 1000) % 60);
    if (left < 10) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
    const send = (query: string) =>
      api.post<Result>(
        SQL,
        { query, sessionSettings: { externalId: 'rate-engine', groups: ['managers'] } },
        { key },
      );
    // Refused before any engine work: given back.
    for (let i = 0; i < 4; i++) expect((await send('DELETE FROM orders_view')).status).toBe(400);
    // Fails in the engine (a cast no row survives): counted.
    for (let i = 0; i < 3; i++) {
      const failed = await send("SELECT MEASURE(count) FROM orders_view WHERE created_at > 'not a date'");
      expect(failed.status).toBe(400);
      // The engine's own message: the query was compiled, checked and sent.
      expect(failed.body.error).toMatch(/conversion|convert|date/i);
    }
    const next = await send('SELECT MEASURE(count) FROM orders_view');
    expect({ status: next.status, code: next.body.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });
});

describe('every sessionSettings field is classed: in the query context (checked) or not', () => {
  /** A value for each field; a field added to the schema without one fails the first test. */
  const SAMPLES: Record<string, unknown> = {
    externalId: 'field-probe',
    internalId: 'admin@example.com',
    email: 'probe@example.com',
    userAttributes: [{ name: 'region', value: 'south' }],
    groups: ['managers'],
    roles: ['managers'],
    securityContext: { region: 'south' },
    isEphemeral: false,
    ephemeralTtlSeconds: 60,
    timezone: 'Europe/Paris',
    publicDashboardId: 'dash-1',
  };

  test('the schema, the two lists and the samples name the same fields', async () => {
    const { sessionSettingsSchema, CONTEXT_FIELDS, NOT_IN_CONTEXT } = await import(
      '../../functions/access/identity'
    );
    const fields = Object.keys(sessionSettingsSchema.shape).sort();
    expect([...CONTEXT_FIELDS, ...NOT_IN_CONTEXT].sort()).toEqual(fields);
    expect(Object.keys(SAMPLES).sort()).toEqual(fields);
  });

  test("with a member key, each field either is refused or leaves the stored user's context as stored", async () => {
    const { resolveIdentity, sessionSettingsSchema } = await import('../../functions/access/identity');
    const externalId = 'field-probe';
    const minted = await api.post(
      GS,
      { deploymentId: 1, externalId, userAttributes: [{ name: 'region', value: 'north' }] },
      { key: svc.adminKey },
    );
    expect(minted.status).toBe(200);
    const resolve = (settings: Record<string, unknown>) =>
      resolveIdentity(svc.service.store, `Api-Key ${svc.memberKey}`, sessionSettingsSchema.parse(settings), {
        purpose: 'sql',
        provision: true,
      });
    const stored = (await resolve({ externalId })).query;
    for (const field of Object.keys(sessionSettingsSchema.shape)) {
      if (field === 'externalId') continue;
      const outcome = await resolve({ externalId, [field]: SAMPLES[field] }).then(
        (identity) => identity.query,
        (error: { status?: number }) => error.status,
      );
      if (typeof outcome === 'number')
        expect([field, outcome >= 400 && outcome < 500]).toEqual([field, true]);
      else expect([field, outcome]).toEqual([field, stored]);
    }
  });
});
