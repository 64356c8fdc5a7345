/**
 * The OpenAPI 3.1 document served at GET /api/v1/openapi.json, generated from the zod schemas that validate
 * requests (the same objects the endpoints use) and the response schemas in ./responses. Paths come from the
 * one route list (functions/routes.ts): a route without an entry here fails the build of the document.
 */
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { chatAbortBody } from '../chat/abort';
import { chatStreamBody } from '../chat/index';
import { generateSessionBody, sessionCheckBody, sessionIdBody } from '../embed/schemas';
import { pageQuery } from '../embed/tenant-admin';
import { cubeSqlBody } from '../query/cube-sql';
import { sqlApiBody } from '../query/sql-api';
import { type RouteDefinition, routes } from '../routes';
import * as responses from './responses';

type JsonSchema = Record<string, unknown>;

/** zod -> JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the `$schema` key a component must not repeat. */
function schemaOf(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const requestSchemas = {
  GenerateSessionRequest: generateSessionBody,
  SessionIdRequest: sessionIdBody,
  SessionCheckRequest: sessionCheckBody,
  ChatStreamRequest: chatStreamBody,
  ChatAbortRequest: chatAbortBody,
  SqlRequest: sqlApiBody,
  CubeSqlRequest: cubeSqlBody,
} as const;

const responseSchemas = {
  Error: responses.errorResponse,
  Health: responses.healthResponse,
  GenerateSessionResponse: responses.generateSessionResponse,
  ExchangeResponse: responses.exchangeResponse,
  SessionCheckResponse: responses.sessionCheckResponse,
  GroupPage: responses.groupPage,
  AttributePage: responses.attributePage,
  SqlResult: responses.sqlResult,
  SqlLine: responses.sqlLine,
  ChatLine: responses.chatLine,
  CubeApiToken: responses.cubeApiTokenResponse,
  CubeSqlLine: responses.cubeSqlLine,
} as const;

type SchemaName = keyof typeof requestSchemas | keyof typeof responseSchemas;
const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: SchemaName) => ({ 'application/json': { schema: ref(name) } });

/** Error statuses each kind of route can answer (README, Errors). */
const errorStatuses = (route: RouteDefinition, auth: boolean, body: boolean): string[] => {
  const out = new Set<string>(['404', '405', '500']);
  if (body || route.path.includes('{') || route.method === 'GET') out.add('400');
  if (body) out.add('413');
  if (auth) for (const status of ['401', '403', '429']) out.add(status);
  // The exchange takes no key but refuses unknown, used, expired or revoked sessions (401 SESSION_INVALID).
  if (route.id === 'session-exchange' || route.id === 'session-check') out.add('401');
  if (route.id === 'session-check') out.add('403');
  if (route.id === 'chat-stream') out.add('409');
  if (route.id === 'generate-session') out.add('409');
  return [...out].sort();
};

/** The generic error, or what a status means on a route where it says more (a chat turn's spend guardrail). */
const errorDescription = (route: RouteDefinition, status: string): string =>
  route.id === 'chat-stream' && status === '429'
    ? "RATE_LIMITED, or BUDGET_EXCEEDED once the account's daily or monthly model token budget is used up (details name the budget and resetsAt); Retry-After either way (README, Errors)"
    : 'Error (README, Errors)';

interface Operation {
  summary: string;
  auth: 'none' | 'apiKey' | 'apiKeyOrToken' | 'embedToken' | 'cubeApiToken';
  body?: keyof typeof requestSchemas;
  query?: $ZodType;
  /** Success status -> response content (absent: no body). */
  success: Record<string, { description: string; content?: Record<string, unknown> }>;
}

const ndjson = (name: SchemaName) => ({
  'application/x-ndjson': { schema: ref(name), 'x-ndjson': 'one JSON value of this schema per line' },
});

const operations: Record<string, Operation> = {
  health: {
    summary: 'Liveness',
    auth: 'none',
    success: { 200: { description: 'Alive', content: json('Health') } },
  },
  openapi: {
    summary: 'This document',
    auth: 'none',
    success: {
      200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
    },
  },
  'generate-session': {
    summary: 'Provision a user and create a single-use embed session (admin key)',
    auth: 'apiKey',
    body: 'GenerateSessionRequest',
    success: { 200: { description: 'The session', content: json('GenerateSessionResponse') } },
  },
  'session-exchange': {
    summary: 'Exchange a session id for an embed token (no key: called from the browser)',
    auth: 'none',
    body: 'SessionIdRequest',
    success: {
      200: { description: 'The token and the user it stands for', content: json('ExchangeResponse') },
    },
  },
  'session-check': {
    summary:
      'Check a session and the chat a page means to open, without spending it (no key: called from the embed page)',
    auth: 'none',
    body: 'SessionCheckRequest',
    success: {
      200: {
        description: "The session's account and deployment, and the agent",
        content: json('SessionCheckResponse'),
      },
    },
  },
  'session-revoke': {
    summary: 'Revoke a session and the token it produced (idempotent)',
    auth: 'apiKey',
    body: 'SessionIdRequest',
    success: { 204: { description: 'Revoked' } },
  },
  'list-groups': {
    summary: "One page of an embed tenant's groups",
    auth: 'apiKey',
    query: pageQuery,
    success: { 200: { description: 'A page', content: json('GroupPage') } },
  },
  'list-user-attributes': {
    summary: "One page of an embed tenant's user attributes",
    auth: 'apiKey',
    query: pageQuery,
    success: { 200: { description: 'A page', content: json('AttributePage') } },
  },
  'delete-group': { summary: 'Delete a group', auth: 'apiKey', success: { 204: { description: 'Deleted' } } },
  'delete-user-attribute': {
    summary: 'Delete a user attribute',
    auth: 'apiKey',
    success: { 204: { description: 'Deleted' } },
  },
  'chat-stream': {
    summary: 'Ask the agent, or replay a thread (NDJSON stream)',
    auth: 'apiKeyOrToken',
    body: 'ChatStreamRequest',
    success: { 200: { description: 'One chat line per line', content: ndjson('ChatLine') } },
  },
  'chat-abort': {
    summary: 'Stop the running turn of a thread',
    auth: 'apiKeyOrToken',
    body: 'ChatAbortRequest',
    success: { 204: { description: 'Abort requested' } },
  },
  'sql-api': {
    summary: 'Run one read-only SELECT under row-level security',
    auth: 'apiKeyOrToken',
    body: 'SqlRequest',
    success: {
      200: {
        description:
          'All rows (JSON), or with `Accept: application/x-ndjson` the schema, one row per line, the total',
        content: { ...json('SqlResult'), ...ndjson('SqlLine') },
      },
    },
  },
  'deployment-token': {
    summary: 'Exchange an embed token for a Cube API token (opens /cubejs-api/v1/cubesql only)',
    auth: 'embedToken',
    success: { 200: { description: 'The Cube API token', content: json('CubeApiToken') } },
  },
  cubesql: {
    summary: "Cube's SQL over HTTP: the schema line, then `data` lines of rows (newline-delimited JSON)",
    auth: 'cubeApiToken',
    body: 'CubeSqlRequest',
    success: { 200: { description: 'One JSON object per line', content: json('CubeSqlLine') } },
  },
  'embed-page': {
    summary: 'The embedded chat page (`?sessionId=`)',
    auth: 'none',
    success: { 200: { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } } },
  },
};

function operationOf(route: RouteDefinition): Record<string, unknown> {
  const op = operations[route.id];
  if (!op) throw new Error(`OpenAPI: no operation described for route ${route.id}`);
  const parameters: Record<string, unknown>[] = [];
  for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (op.query) {
    const query = schemaOf(op.query, 'input');
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  const responsesOut: Record<string, unknown> = {};
  for (const [status, success] of Object.entries(op.success)) responsesOut[status] = success;
  for (const status of errorStatuses(route, op.auth !== 'none', op.body !== undefined)) {
    responsesOut[status] = { description: errorDescription(route, status), content: json('Error') };
  }
  const chatRoute = route.id === 'chat-stream' || route.id === 'chat-abort';
  // Cube's deployment-scoped chat URL takes only a Cube token; the agent's URL takes it beside the others.
  const security = route.path.includes('/deployments/{deploymentId}/chat')
    ? [{ cubeToken: [] }]
    : [
        ...{
          none: [],
          apiKey: [{ apiKey: [] }],
          apiKeyOrToken: [{ apiKey: [] }, { embedToken: [] }],
          embedToken: [{ embedToken: [] }],
          cubeApiToken: [{ cubeApiToken: [] }],
        }[op.auth],
        ...(chatRoute ? [{ cubeToken: [] }] : []),
      ];
  return {
    operationId: operationId(route),
    summary: op.summary,
    ...(ALIAS_OF[route.path] ? { description: `An alias of ${route.method} ${ALIAS_OF[route.path]}.` } : {}),
    security,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: json(op.body) } } : {}),
    responses: responsesOut,
  };
}

/**
 * Each operation's id, chosen by name: generated clients turn them into method names (`client.chatStream(...)`).
 * An alias path (a second route with the same handler) says so in its id. A route without one fails the build.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'GET /health': 'health',
  'GET /api/v1/openapi.json': 'openApi',
  'POST /api/v1/embed/generate-session': 'generateSession',
  'POST /api/v1/embed/session/token': 'exchangeSession',
  'POST /api/v1/embed/session/exchange': 'exchangeSessionAlias',
  'POST /api/v1/embed/session/check': 'checkSession',
  'POST /api/v1/embed/session/revoke': 'revokeSession',
  'GET /api/v1/embed-tenants/{embedTenantName}/groups': 'listGroups',
  'DELETE /api/v1/embed-tenants/{embedTenantName}/groups/{id}': 'deleteGroup',
  'GET /api/v1/embed-tenants/{embedTenantName}/user-attributes': 'listUserAttributes',
  'DELETE /api/v1/embed-tenants/{embedTenantName}/user-attributes/{id}': 'deleteUserAttribute',
  'POST /api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state': 'chatStream',
  'POST /api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state/abort': 'chatAbort',
  'POST /api/v1/public/{accountName}/agents/{agentId}/chat/abort': 'chatAbortAlias',
  'POST /api/v1/public/{accountName}/deployments/{deploymentId}/chat/stream-chat-state':
    'deploymentChatStream',
  'POST /api/v1/public/{accountName}/deployments/{deploymentId}/chat/stream-chat-state/abort':
    'deploymentChatAbort',
  'POST /api/v1/deployments/{deploymentId}/sql': 'sqlQuery',
  'POST /api/v1/deployments/{deploymentId}/token': 'createCubeApiToken',
  'POST /cubejs-api/v1/cubesql': 'cubeSql',
  'GET /embed/chat': 'embedPage',
};

/** Alias paths: the same handler as the path they name (README lists both). */
const ALIAS_OF: Readonly<Record<string, string>> = {
  '/api/v1/embed/session/exchange': '/api/v1/embed/session/token',
  '/api/v1/public/{accountName}/agents/{agentId}/chat/abort':
    '/api/v1/public/{accountName}/agents/{agentId}/chat/stream-chat-state/abort',
};

function operationId(route: RouteDefinition): string {
  const id = OPERATION_IDS[`${route.method} ${route.path}`];
  if (!id) throw new Error(`OpenAPI: no operation id for ${route.method} ${route.path}`);
  return id;
}

/** The project's licence (package.json `license`), as OpenAPI 3.1 names it: an SPDX identifier. */
export const LICENSE = { name: 'Apache License 2.0', identifier: 'Apache-2.0' } as const;

let cached: Record<string, unknown> | undefined;

/** The document (built once per process). */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(requestSchemas)) schemas[name] = schemaOf(schema, 'input');
  for (const [name, schema] of Object.entries(responseSchemas)) schemas[name] = schemaOf(schema, 'output');
  cached = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Embedded analytics API',
      version: '1',
      description:
        'Embed sessions, the AI data-analyst chat and the SQL API. Paths and bodies follow Cube Cloud; ' +
        'errors are `{"error","code"}` (README, Errors).',
      license: LICENSE,
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Api-Key <key>`' },
        embedToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An embed token' },
        cubeToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Cube-Auth-Token',
          description:
            "A deployment's Cube token: an HS256 JWT signed with its secret (CLI `deployment cube-token`), with `externalId` or `sub`, `scope` holding `chat`, and `exp`",
        },
        cubeApiToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'A Cube API token from POST /api/v1/deployments/{deploymentId}/token (bare or `Bearer`)',
        },
      },
    },
  };
  return cached;
}
