/**
 * GET /api/v1/openapi.json: the document is well formed, describes every route of routes.ts, and every real
 * response of the local service (successes and errors, JSON and NDJSON) validates against it.
 */

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { OPERATION_IDS, openApiDocument } from '../../functions/api/openapi';
import { cubeTokenSecrets } from '../../functions/embed/cube-token-secret';
import { routes } from '../../functions/routes';
import { GENERATED, generatedSource } from '../../scripts/openapi';
import { cubeChatToken } from '../support/cube-token';
import { client, type Reply } from '../support/http';
import { startService, type TestService } from '../support/service';

type Json = Record<string, unknown>;
// ajv-formats is CommonJS: its default export arrives as the module object or the function.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

let svc: TestService;
let api: ReturnType<typeof client>;
let doc: Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  svc = await startService();
  api = client(svc.baseUrl);
  const reply = await api.get('/api/v1/openapi.json');
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  doc = reply.body;
  ajv.addSchema(doc, 'openapi.json');
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

/** (route path template, method, status) triples that a real response was validated for. */
const covered = new Set<string>();

function operation(method: string, template: string): Json {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const op = paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`no operation ${method} ${template}`);
  return op;
}

function schemaRef(method: string, template: string, status: number, mediaType: string): string {
  const op = operation(method, template);
  const responses = op.responses as Record<string, Json>;
  const response = responses[String(status)];
  if (!response) throw new Error(`${method} ${template}: status ${status} is not documented`);
  const content = response.content as Record<string, { schema: Json }> | undefined;
  const schema = content?.[mediaType]?.schema;
  if (!schema) throw new Error(`${method} ${template} ${status}: no ${mediaType} content documented`);
  const ref = schema.$ref;
  return typeof ref === 'string' ? `openapi.json${ref}` : '';
}

function validate(ref: string, value: unknown, what: string): void {
  if (ref === '') return;
  const check = ajv.getSchema(ref);
  if (!check) throw new Error(`schema ${ref} does not compile`);
  if (!check(value)) {
    throw new Error(
      `${what} does not match ${ref}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(value)}`,
    );
  }
}

/** Validates one JSON reply (or a 204 without body) against the documented response. */
function expectDocumented(method: string, template: string, reply: Reply<unknown>, status: number): void {
  if (reply.status !== status) throw new Error(`${method} ${template}: ${reply.status} ${reply.text}`);
  covered.add(`${method} ${template} ${status}`);
  if (status === 204) {
    const responses = operation(method, template).responses as Record<string, Json>;
    expect(responses['204']).toBeDefined();
    expect(reply.text).toBe('');
    return;
  }
  const mediaType = (reply.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  validate(schemaRef(method, template, status, mediaType), reply.body, `${method} ${template} ${status}`);
}

/** Validates each NDJSON line of a streamed 200 against the documented line schema. */
async function expectDocumentedStream(method: string, template: string, response: Response): Promise<Json[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  covered.add(`${method} ${template} 200`);
  const ref = schemaRef(method, template, 200, 'application/x-ndjson');
  const lines = (await response.text()).split('\n').filter((line) => line !== '');
  const parsed = lines.map((line) => JSON.parse(line) as Json);
  for (const [index, line] of parsed.entries()) validate(ref, line, `${template} line ${index}`);
  return parsed;
}

const chatBase = '/api/v1/public/{accountName}/agents/{agentId}/chat';
const GENERATE = '/api/v1/embed/generate-session';
const SQL = '/api/v1/deployments/{deploymentId}/sql';

test('the served document is the one the schemas generate now (else: npm run openapi)', () => {
  const fresh = generatedSource();
  const stale = readFileSync(GENERATED, 'utf8') !== fresh;
  expect({ stale, fix: 'npm run openapi' }).toEqual({ stale: false, fix: 'npm run openapi' });
  expect(doc).toEqual(openApiDocument());
});

test('the document is OpenAPI 3.1 and describes every route of routes.ts', () => {
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(doc.info).toEqual(
    expect.objectContaining({ title: expect.any(String), version: expect.any(String) }),
  );
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const route of routes) {
    const op = paths[route.path]?.[route.method.toLowerCase()];
    expect({ route: route.path, op: op !== undefined }).toEqual({ route: route.path, op: true });
  }
  const ids: string[] = [];
  for (const [template, item] of Object.entries(paths)) {
    expect(template.startsWith('/')).toBe(true);
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const op of Object.values(item)) {
      ids.push(String(op.operationId));
      const params = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name);
      expect(params.sort()).toEqual([...names].sort());
      const responses = op.responses as Record<string, Json>;
      expect(Object.keys(responses).length).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(typeof response.description).toBe('string');
      }
    }
  }
  expect(new Set(ids).size).toBe(ids.length);
  // Every $ref resolves and every component schema compiles as JSON Schema 2020-12.
  const text = JSON.stringify(doc);
  for (const match of text.matchAll(/"\$ref":"([^"]+)"/g)) {
    expect(ajv.getSchema(`openapi.json${match[1]}`)).toBeDefined();
  }
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  for (const name of Object.keys(schemas))
    expect(ajv.getSchema(`openapi.json#/components/schemas/${name}`)).toBeDefined();
});

test("operation ids are chosen names, the licence is the project's, and the README lists every route", () => {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const ids = routes.map((route) => String(paths[route.path]?.[route.method.toLowerCase()]?.operationId));
  for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  expect(ids).toEqual(routes.map((route) => OPERATION_IDS[`${route.method} ${route.path}`]));
  expect(
    paths['/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state']?.post?.operationId,
  ).toBe('chatStream');
  expect(
    paths['/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state/abort']?.post?.operationId,
  ).toBe('chatAbort');
  expect(paths['/api/v1/public/{accountName}/agents/{agentId}/chat/abort']?.post?.description).toContain(
    'alias of POST /api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state/abort',
  );
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { license: string };
  expect(doc.info).toEqual(
    expect.objectContaining({ license: { name: expect.any(String), identifier: pkg.license } }),
  );
  expect(readFileSync('LICENSE', 'utf8')).toContain('Apache License');
  // Each route, aliases included, on a line of the README's route table with its operation id.
  const readme = readFileSync('README.md', 'utf8').split('\n');
  const unlisted = routes.filter((route) => {
    const id = OPERATION_IDS[`${route.method} ${route.path}`];
    return !readme.some(
      (line) => line.includes(`\`${route.method} ${route.path}\``) && line.includes(`\`${id}\``),
    );
  });
  expect(unlisted.map((route) => `${route.method} ${route.path}`)).toEqual([]);
});

test('the request schemas are the validating zod schemas: a documented-invalid body is refused', async () => {
  const ref = 'openapi.json#/components/schemas/GenerateSessionRequest';
  const body = { externalId: 'x', unknownField: 1 };
  expect(ajv.getSchema(ref)?.(body)).toBe(false);
  const reply = await api.post(GENERATE, body, { key: svc.adminKey });
  expectDocumented('POST', GENERATE, reply, 400);
  expect(reply.body).toEqual(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
});

test('every route: real successes and errors validate against the document', async () => {
  expectDocumented('GET', '/health', await api.get('/health'), 200);
  // A method a path does not have: the documented error body, though that operation is not in the document.
  const wrongMethod = await api.delete('/health');
  expect(wrongMethod.status).toBe(405);
  validate('openapi.json#/components/schemas/Error', wrongMethod.body, 'DELETE /health 405');
  expectDocumented('GET', '/api/v1/openapi.json', await api.get('/api/v1/openapi.json'), 200);

  // Sessions: generate, exchange on both spellings, revoke.
  const tenant = 'openapi-tenant';
  const generated = await api.post<{ sessionId: string }>(
    GENERATE,
    {
      deploymentId: 1,
      externalId: 'openapi-user',
      creatorMode: true,
      embedTenantName: tenant,
      groupDefinitions: [{ name: 'oa-group', description: 'OpenAPI' }],
      userAttributeDefinitions: [{ name: 'oa_attr', type: 'string', displayName: 'Attr' }],
      groups: ['oa-group'],
      userAttributes: [{ name: 'oa_attr', value: 'v' }],
      email: 'openapi@example.com',
    },
    { key: svc.adminKey },
  );
  expectDocumented('POST', GENERATE, generated, 200);
  expectDocumented('POST', GENERATE, await api.post(GENERATE, { externalId: 'x' }), 401);
  expectDocumented(
    'POST',
    GENERATE,
    await api.post(GENERATE, { externalId: 'x' }, { key: svc.memberKey }),
    403,
  );

  const CHECK = '/api/v1/embed/session/check';
  const sessionId = generated.body.sessionId;
  expectDocumented(
    'POST',
    CHECK,
    await api.post(CHECK, { sessionId, accountName: 'demo', agentId: '1' }),
    200,
  );
  expectDocumented('POST', CHECK, await api.post(CHECK, { sessionId, agentId: '9' }), 404);
  expectDocumented('POST', CHECK, await api.post(CHECK, { sessionId: 'nope' }), 401);
  expectDocumented('POST', CHECK, await api.post(CHECK, {}), 400);

  const TOKEN = '/api/v1/embed/session/token';
  const exchanged = await api.post<{ token: string }>(TOKEN, { sessionId: generated.body.sessionId });
  expectDocumented('POST', TOKEN, exchanged, 200);
  expectDocumented('POST', TOKEN, await api.post(TOKEN, { sessionId: generated.body.sessionId }), 401);
  // Cube's API token and cubesql, with the token just exchanged.
  const DEPLOYMENT_TOKEN = '/api/v1/deployments/{deploymentId}/token';
  const minted = await fetch(`${svc.baseUrl}/api/v1/deployments/1/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${exchanged.body.token}` },
  });
  const mintedBody = (await minted.json()) as { cubeApiToken: string };
  expectDocumented(
    'POST',
    DEPLOYMENT_TOKEN,
    { status: minted.status, headers: minted.headers, body: mintedBody, text: '' } as Reply<unknown>,
    200,
  );
  expectDocumented('POST', DEPLOYMENT_TOKEN, await api.post('/api/v1/deployments/1/token', {}), 401);
  const CUBESQL = '/cubejs-api/v1/cubesql';
  const cubeSql = await fetch(`${svc.baseUrl}${CUBESQL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: mintedBody.cubeApiToken },
    body: JSON.stringify({ query: 'SELECT MEASURE(count) AS orders FROM orders_view' }),
  });
  expect(cubeSql.status).toBe(200);
  covered.add(`POST ${CUBESQL} 200`);
  const cubeLines = (await cubeSql.text()).split('\n').filter((line) => line !== '');
  expect(cubeLines.length).toBeGreaterThan(1);
  const cubeRef = schemaRef('POST', CUBESQL, 200, 'application/json');
  for (const [index, line] of cubeLines.entries())
    validate(cubeRef, JSON.parse(line), `cubesql line ${index}`);
  expectDocumented('POST', CUBESQL, await api.post(CUBESQL, { query: 'SELECT 1' }), 401);

  const EXCHANGE = '/api/v1/embed/session/exchange';
  const second = await api.post<{ sessionId: string }>(
    GENERATE,
    { deploymentId: 1, externalId: 'openapi-user' },
    { key: svc.adminKey },
  );
  expectDocumented('POST', EXCHANGE, await api.post(EXCHANGE, { sessionId: second.body.sessionId }), 200);
  expectDocumented('POST', EXCHANGE, await api.post(EXCHANGE, {}), 400);

  const REVOKE = '/api/v1/embed/session/revoke';
  expectDocumented('POST', REVOKE, await api.post(REVOKE, { sessionId: 'nope' }, { key: svc.adminKey }), 204);
  expectDocumented(
    'POST',
    REVOKE,
    await api.post(REVOKE, { sessionId: 'nope' }, { key: svc.memberKey }),
    403,
  );

  // Embed-tenant admin lists and deletes.
  const GROUPS = '/api/v1/embed-tenants/{embedTenantName}/groups';
  const ATTRS = '/api/v1/embed-tenants/{embedTenantName}/user-attributes';
  const groups = await api.get<{ items: { id: string }[] }>(
    `/api/v1/embed-tenants/${tenant}/groups?first=1`,
    {
      key: svc.adminKey,
    },
  );
  expectDocumented('GET', GROUPS, groups, 200);
  expect(groups.body.items).toHaveLength(1);
  expectDocumented(
    'GET',
    GROUPS,
    await api.get('/api/v1/embed-tenants/never-used/groups', { key: svc.adminKey }),
    404,
  );
  expectDocumented(
    'GET',
    GROUPS,
    await api.get(`/api/v1/embed-tenants/${tenant}/groups?after=garbage`, { key: svc.adminKey }),
    400,
  );
  const attrs = await api.get<{ items: { id: string }[] }>(
    `/api/v1/embed-tenants/${tenant}/user-attributes`,
    {
      key: svc.adminKey,
    },
  );
  expectDocumented('GET', ATTRS, attrs, 200);
  expectDocumented('GET', ATTRS, await api.get(`/api/v1/embed-tenants/${tenant}/user-attributes`), 401);
  const groupId = groups.body.items[0]?.id ?? '';
  const attrId = attrs.body.items[0]?.id ?? '';
  const DEL_GROUP = `${GROUPS}/{id}`;
  const DEL_ATTR = `${ATTRS}/{id}`;
  const delGroup = `/api/v1/embed-tenants/${tenant}/groups/${encodeURIComponent(groupId)}`;
  const delAttr = `/api/v1/embed-tenants/${tenant}/user-attributes/${encodeURIComponent(attrId)}`;
  expectDocumented('DELETE', DEL_GROUP, await api.delete(delGroup, { key: svc.adminKey }), 204);
  expectDocumented('DELETE', DEL_GROUP, await api.delete(delGroup, { key: svc.adminKey }), 404);
  expectDocumented('DELETE', DEL_ATTR, await api.delete(delAttr, { key: svc.adminKey }), 204);
  expectDocumented('DELETE', DEL_ATTR, await api.delete(delAttr, { key: svc.adminKey }), 404);

  // Chat: a streamed turn (every line), refusals, abort on both spellings.
  const sessionSettings = { externalId: 'openapi-chat', groups: ['managers'] };
  const chatPath = '/api/v1/public/demo/agents/1/chat';
  const streamed = await fetch(`${svc.baseUrl}${chatPath}/stream-chat-state`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Api-Key ${svc.adminKey}` },
    body: JSON.stringify({ input: 'How many orders per region?', sessionSettings }),
  });
  const lines = await expectDocumentedStream('POST', `${chatBase}/stream-chat-state`, streamed);
  const state = lines.find((line) => line.id === '__state__')?.state as { chatId: string } | undefined;
  const chatId = state?.chatId ?? '';
  expect(chatId).not.toBe('');
  const STREAM = `${chatBase}/stream-chat-state`;
  expectDocumented(
    'POST',
    STREAM,
    await api.post(`${chatPath}/stream-chat-state`, {}, { key: svc.adminKey }),
    400,
  );
  expectDocumented(
    'POST',
    STREAM,
    await api.post(`${chatPath}/stream-chat-state`, { input: 'x', sessionSettings }, { key: svc.starterKey }),
    403,
  );
  for (const abort of [`${chatBase}/stream-chat-state/abort`, `${chatBase}/abort`]) {
    const url = abort.replace(chatBase, chatPath);
    expectDocumented(
      'POST',
      abort,
      await api.post(url, { chatId, sessionSettings }, { key: svc.adminKey }),
      204,
    );
    expectDocumented(
      'POST',
      abort,
      await api.post(url, { chatId: 'unknown-chat', sessionSettings }, { key: svc.adminKey }),
      404,
    );
  }

  // Cube's deployment-scoped chat URL, with a Cube token of the deployment.
  await cubeTokenSecrets.set(svc.service.store, 'demo', 1, 'openapi-cube-token-secret');
  const cubeToken = cubeChatToken('openapi-cube', 'openapi-cube-token-secret');
  const DEPLOYMENT_CHAT = '/api/v1/public/{accountName}/deployments/{deploymentId}/chat';
  const deploymentChat = '/api/v1/public/demo/deployments/1/chat';
  const scoped = await fetch(`${svc.baseUrl}${deploymentChat}/stream-chat-state`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cube-auth-token': cubeToken },
    body: JSON.stringify({ input: 'How many orders per region?' }),
  });
  const scopedLines = await expectDocumentedStream('POST', `${DEPLOYMENT_CHAT}/stream-chat-state`, scoped);
  const scopedState = scopedLines.find((line) => line.id === '__state__')?.state as
    | { chatId?: string }
    | undefined;
  const scopedChat = scopedState?.chatId ?? '';
  const scopedAbort = await fetch(`${svc.baseUrl}${deploymentChat}/stream-chat-state/abort`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cube-auth-token': cubeToken },
    body: JSON.stringify({ chatId: scopedChat }),
  });
  expect(scopedAbort.status).toBe(204);
  covered.add(`POST ${DEPLOYMENT_CHAT}/stream-chat-state/abort 204`);
  expectDocumented(
    'POST',
    `${DEPLOYMENT_CHAT}/stream-chat-state`,
    await api.post(
      `${deploymentChat}/stream-chat-state`,
      { input: 'x', sessionSettings },
      { key: svc.adminKey },
    ),
    401,
  );

  // SQL API: JSON, NDJSON, a refused statement.
  const query = 'SELECT region, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 1';
  const sqlPath = '/api/v1/deployments/1/sql';
  expectDocumented(
    'POST',
    SQL,
    await api.post(sqlPath, { query, sessionSettings }, { key: svc.adminKey }),
    200,
  );
  const sqlStream = await fetch(`${svc.baseUrl}${sqlPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/x-ndjson',
      authorization: `Api-Key ${svc.adminKey}`,
    },
    body: JSON.stringify({ query, sessionSettings }),
  });
  const sqlLines = await expectDocumentedStream('POST', SQL, sqlStream);
  expect(sqlLines.at(-1)).toEqual({ totalRows: 4 });
  expectDocumented(
    'POST',
    SQL,
    await api.post(sqlPath, { query: 'DROP TABLE orders', sessionSettings }, { key: svc.adminKey }),
    400,
  );

  const page = await api.get('/embed/chat');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  covered.add('GET /embed/chat 200');

  // Every route had a success and every route but the unauthenticated pages an error validated.
  for (const route of routes) {
    const seen = [...covered].filter((entry) => entry.startsWith(`${route.method} ${route.path} `));
    expect({ route: route.path, success: seen.some((entry) => / 2\d\d$/.test(entry)) }).toEqual({
      route: route.path,
      success: true,
    });
  }
}, 120_000);
