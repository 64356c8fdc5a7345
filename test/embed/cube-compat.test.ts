/**
 * Cube compatibility, written from Cube's documentation only (cube-js/cube, docs-mintlify: the embed API
 * reference, `api-reference/api.yaml`, and the SQL API page's HTTP transport): a small "Cube client" mints a
 * session with Cube's fields, exchanges it at Cube's path, gets a Cube API token from
 * `POST /api/v1/deployments/{id}/token` and loads all results through `POST /cubejs-api/v1/cubesql`, whose stream
 * is a `{schema}` line then `{data: [[...]]}` lines. Everything goes through the local HTTP service.
 */
import { agents } from '../../functions/store/agents';
import { apiKeys } from '../../functions/store/api-keys';
import { chat, chatUrl } from '../chat/support';
import { client, snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';

let svc: TestService;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
});
afterAll(async () => {
  await svc.stop();
});

let counter = 0;
const uniqueUser = () => `compat-${Date.now().toString(36)}-${counter++}`;

/** What a Cube embed client does, with Cube's field names and paths only. */
class CubeClient {
  constructor(
    private readonly base: string,
    private readonly apiKey: string,
  ) {}

  async generateSession(body: Record<string, unknown>): Promise<string> {
    const response = await fetch(`${this.base}/api/v1/embed/generate-session`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${this.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { sessionId?: unknown };
    expect(response.status).toBe(200);
    expect(typeof json.sessionId).toBe('string');
    return String(json.sessionId);
  }

  async exchange(sessionId: string): Promise<string> {
    const response = await fetch(`${this.base}/api/v1/embed/session/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    const json = (await response.json()) as { token?: unknown };
    expect(response.status).toBe(200);
    expect(typeof json.token).toBe('string');
    return String(json.token);
  }

  async cubeApiToken(deploymentId: number, embedToken: string): Promise<string> {
    const response = await fetch(`${this.base}/api/v1/deployments/${deploymentId}/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${embedToken}` },
    });
    // Cube's DeploymentTokenResponse: `{cubeApiToken: string}` (docs-mintlify/api-reference/deployments.yaml).
    const json = (await response.json()) as { cubeApiToken?: unknown };
    expect(response.status).toBe(200);
    expect(typeof json.cubeApiToken).toBe('string');
    return String(json.cubeApiToken);
  }

  /** Loads every row: the first line is `{schema}`, every later line `{data: [[...]]}`. */
  async cubesql(token: string, query: string) {
    const response = await fetch(`${this.base}/cubejs-api/v1/cubesql`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ query, timezone: 'UTC', cache: 'stale-if-slow' }),
    });
    const lines = (await response.text())
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { status: response.status, lines };
  }
}

const byRegion = 'SELECT region, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 1';

async function cubeToken(cube: CubeClient, region: string): Promise<string> {
  const sessionId = await cube.generateSession({
    deploymentId: 1,
    externalId: uniqueUser(),
    isEphemeral: true,
    userAttributes: [{ name: 'region', value: region }],
  });
  return cube.cubeApiToken(1, await cube.exchange(sessionId));
}

describe('Cube client: a chat read the way Cube documents it', () => {
  test("streams with Cube's tool and node names; the final answer is the last `final` message; __usage__ ends it", async () => {
    // An agent created with Cube's names (CLI: agent create --tool-names cube).
    await agents.put(svc.service.store, {
      account: 'demo',
      agentId: 'cube-names',
      name: 'Cube names',
      deploymentId: 1,
      showThinking: false,
      toolNames: 'cube',
    });
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const token = await cube.exchange(
      await cube.generateSession({
        deploymentId: 1,
        externalId: uniqueUser(),
        isEphemeral: true,
        userAttributes: [{ name: 'region', value: 'north' }],
      }),
    );
    // Cube's Chat API URL of the agent, and Cube's way of reading the NDJSON stream.
    const response = await fetch(`${chatUrl(svc.baseUrl, 'demo', 'cube-names')}/stream-chat-state`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        input: 'What is the total amount by region?',
        messageId: `${Date.now()}-message`,
      }),
    });
    expect(response.status).toBe(200);
    const messages = (await response.text())
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const toolNames = messages.flatMap((m) => {
      const call = m.toolCall as { name?: string } | undefined;
      return call?.name ? [call.name] : [];
    });
    expect(new Set(toolNames)).toEqual(new Set(['cubeMeta', 'cubeSqlApi']));
    expect(
      messages.some((m) => (m.graphPath as string[] | undefined)?.[0] === 'cube_data_analyst_agent'),
    ).toBe(true);
    // Cube's rule for the final answer: role assistant, graphPath[0] === 'final', graphPath.length <= 2, the last.
    const finals = messages.filter(
      (m) =>
        m.role === 'assistant' &&
        Array.isArray(m.graphPath) &&
        m.graphPath[0] === 'final' &&
        m.graphPath.length <= 2,
    );
    expect(String(finals.at(-1)?.content)).toContain('north');
    const state = messages.find((m) => m.id === '__state__')?.state as { messages?: unknown[] } | undefined;
    expect(Array.isArray(state?.messages)).toBe(true);
    expect(messages.at(-1)).toMatchObject({ id: '__usage__', type: 'usage' });
  });
});

describe('Cube client: load all results through cubesql', () => {
  test('the stream is a {schema} line, then {data} lines, under the session user row-level security', async () => {
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const { status, lines } = await cube.cubesql(await cubeToken(cube, 'north'), byRegion);
    expect(status).toBe(200);
    const [first, ...rest] = lines;
    expect(first).toEqual({
      schema: [
        { name: 'region', column_type: expect.any(String) },
        { name: 'orders', column_type: expect.any(String) },
      ],
    });
    expect(rest.length).toBeGreaterThan(0);
    for (const line of rest) {
      expect(Object.keys(line)).toEqual(['data']);
      expect(Array.isArray(line.data)).toBe(true);
    }
    const rows = rest.flatMap((line) => line.data as unknown[][]);
    // The access policy shows a user only its region's rows.
    expect(rows.map((row) => row[0])).toEqual(['north']);
    expect(Number(rows[0]?.[1])).toBeGreaterThan(0);
  });

  test('rows are the same as the SQL API answers for the same user', async () => {
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const sessionId = await cube.generateSession({
      deploymentId: 1,
      externalId: uniqueUser(),
      userAttributes: [{ name: 'region', value: 'south' }],
    });
    const embedToken = await cube.exchange(sessionId);
    const ours = await api.post<{ data: unknown[][] }>(
      '/api/v1/deployments/1/sql',
      { query: byRegion },
      { bearer: embedToken },
    );
    const { lines } = await cube.cubesql(await cube.cubeApiToken(1, embedToken), byRegion);
    expect(lines.slice(1).flatMap((line) => line.data as unknown[][])).toEqual(ours.body.data);
  });

  test('a large result is split into several {data} lines and every row arrives', async () => {
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const q = 'SELECT id, amount FROM orders_view LIMIT 2500';
    const { status, lines } = await cube.cubesql(await cubeToken(cube, 'east'), q);
    expect(status).toBe(200);
    const chunks = lines.slice(1);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flatMap((line) => line.data as unknown[][]).length).toBe(2500);
  });
});

describe('Cube API token', () => {
  test('a token for another deployment is 403 FORBIDDEN', async () => {
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const sessionId = await cube.generateSession({ deploymentId: 1, externalId: uniqueUser() });
    const embedToken = await cube.exchange(sessionId);
    const reply = await api.post<{ code: string }>('/api/v1/deployments/2/token', undefined, {
      bearer: embedToken,
    });
    expect([reply.status, reply.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  test('missing, garbage and revoked embed tokens are 401; nothing is written', async () => {
    const before = await snapshot(svc.service.store);
    const none = await api.post<{ code: string }>('/api/v1/deployments/1/token');
    expect([none.status, none.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const garbage = await api.post<{ code: string }>('/api/v1/deployments/1/token', undefined, {
      bearer: 'a.b.c',
    });
    expect([garbage.status, garbage.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await snapshot(svc.service.store)).toBe(before);

    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const sessionId = await cube.generateSession({ deploymentId: 1, externalId: uniqueUser() });
    const embedToken = await cube.exchange(sessionId);
    const cubeToken = await cube.cubeApiToken(1, embedToken);
    const revoked = await api.post('/api/v1/embed/session/revoke', { sessionId }, { key: svc.adminKey });
    expect(revoked.status).toBeLessThan(300);
    const again = await api.post<{ code: string }>('/api/v1/deployments/1/token', undefined, {
      bearer: embedToken,
    });
    expect(again.status).toBe(401);
    // Revoking the session revokes the Cube API token minted from it.
    const query = await cube.cubesql(cubeToken, byRegion);
    expect(query.status).toBe(401);
  });

  test('the two tokens are not interchangeable', async () => {
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const sessionId = await cube.generateSession({ deploymentId: 1, externalId: uniqueUser() });
    const embedToken = await cube.exchange(sessionId);
    const cubeToken = await cube.cubeApiToken(1, embedToken);
    // An embed token is not a Cube API token...
    expect((await cube.cubesql(embedToken, byRegion)).status).toBe(401);
    // ...and a Cube API token is neither an embed token for the SQL API nor for minting.
    const sql = await api.post('/api/v1/deployments/1/sql', { query: byRegion }, { bearer: cubeToken });
    expect(sql.status).toBe(401);
    const mint = await api.post('/api/v1/deployments/1/token', undefined, { bearer: cubeToken });
    expect(mint.status).toBe(401);
  });
});

describe('cubesql errors', () => {
  test('bad bodies are 400 VALIDATION_ERROR with the field path', async () => {
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const token = await cubeToken(cube, 'north');
    for (const [body, field] of [
      [{}, 'query'],
      [{ query: byRegion, cache: 'sometimes' }, 'cache'],
      [{ query: byRegion, extra: 1 }, 'extra'],
    ] as const) {
      const reply = await api.post<{ code: string; error: string }>('/cubejs-api/v1/cubesql', body, {
        headers: { authorization: token },
      });
      expect([reply.status, reply.body.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(reply.body.error).toContain(field);
    }
  });

  test('SQL outside the data model is 400 SQL_NOT_ALLOWED', async () => {
    const cube = new CubeClient(svc.baseUrl, svc.adminKey);
    const reply = await api.post<{ code: string }>(
      '/cubejs-api/v1/cubesql',
      { query: 'DELETE FROM orders_view' },
      { headers: { authorization: await cubeToken(cube, 'north') } },
    );
    expect([reply.status, reply.body.code]).toEqual([400, 'SQL_NOT_ALLOWED']);
  });
});

describe('a key scoped to another deployment', () => {
  test('is 403 FORBIDDEN (not 404) on chat and on the SQL API, and writes nothing', async () => {
    const { key } = await apiKeys.create(svc.service.store, {
      account: 'demo',
      role: 'admin',
      deploymentId: 2,
    });
    const sessionSettings = {
      externalId: uniqueUser(),
      userAttributes: [{ name: 'region', value: 'north' }],
    };
    const before = await snapshot(svc.service.store);
    // Agent 1 answers on deployment 1.
    const chatted = await chat(chatUrl(svc.baseUrl), { input: 'count of orders', sessionSettings }, { key });
    expect([chatted.status, chatted.error?.code]).toEqual([403, 'FORBIDDEN']);
    const sql = await api.post<{ code: string }>(
      '/api/v1/deployments/1/sql',
      { query: byRegion, sessionSettings },
      { key },
    );
    expect([sql.status, sql.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await snapshot(svc.service.store)).toBe(before);
  });
});
