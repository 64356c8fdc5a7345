/**
 * Response bodies as zod schemas: the OpenAPI document (functions/api/openapi.ts) is generated from them, the
 * typed client's types (packages/client/src/types.generated.ts) from the document, and
 * test/foundation/openapi.test.ts validates real responses against the document. The `Same<...>` checks below fail the typecheck when a domain type and its schema
 * drift apart, so the document cannot describe something the service does not return.
 */
import { z } from 'zod';
import type { ExchangedSession } from '../embed/sessions';
import type { ErrorBody } from '../http/errors';
import type { ToolCallWire } from '../protocol';
import type { QueryResult } from '../semantic';
import { ATTRIBUTE_TYPES, type AttributeDefinition, type GroupDefinition } from '../store/definitions';

/** Every non-2xx, non-stream response (README, Errors). */
export const errorResponse = z.object({
  error: z.string().min(1),
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  details: z.unknown().optional(),
});

export const healthResponse = z.object({ status: z.literal('ok') });

export const generateSessionResponse = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{22,}$/) });

const attributeValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.array(z.number()),
]);

export const exchangeResponse = z.object({
  token: z.string().min(1),
  expiresAt: z.iso.datetime(),
  accountName: z.string(),
  deploymentId: z.number().int(),
  embedTenantName: z.string().nullable(),
  creatorMode: z.boolean(),
  user: z.object({
    externalId: z.string().optional(),
    internalId: z.string().optional(),
    email: z.string().optional(),
    groups: z.array(z.string()),
    userAttributes: z.array(z.object({ name: z.string(), value: attributeValue })),
  }),
  userProfile: z.object({ displayName: z.string().optional(), picture: z.string().optional() }).optional(),
  branchName: z.string().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  embedTheme: z.record(z.string(), z.unknown()).optional(),
  roles: z.array(z.string()).optional(),
  isEphemeral: z.boolean().optional(),
});

const pageInfo = z.object({
  hasNextPage: z.boolean(),
  endCursor: z.string().nullable(),
  hasPreviousPage: z.boolean(),
  startCursor: z.string().nullable(),
});

export const sessionCheckResponse = z.object({
  accountName: z.string(),
  deploymentId: z.number().int().positive(),
  agentId: z.string(),
});

export const groupItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  userCount: z.number().int().nonnegative().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const attributeItem = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  displayName: z.string().optional(),
  defaultValue: z.string().optional(),
  description: z.string().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const groupPage = z.object({ items: z.array(groupItem), pageInfo });
export const attributePage = z.object({ items: z.array(attributeItem), pageInfo });

export const sqlResult = z.object({
  schema: z.array(z.object({ name: z.string(), column_type: z.string() })),
  data: z.array(z.array(z.unknown())),
  totalRows: z.number().int().nonnegative(),
});

/** One NDJSON line of the SQL API's streaming form: the schema, a row, or the total. */
export const sqlLine = z.union([
  z.object({ schema: sqlResult.shape.schema }),
  z.array(z.unknown()),
  z.object({ totalRows: z.number().int().nonnegative() }),
]);

/** POST /api/v1/deployments/{id}/token: Cube's DeploymentTokenResponse, plus when it ends. */
export const cubeApiTokenResponse = z.object({
  cubeApiToken: z.string().min(1),
  expiresAt: z.iso.datetime(),
});

/** One line of Cube's cubesql stream: the schema first, then rows in `data` chunks. */
export const cubeSqlLine = z.union([
  z.object({ schema: sqlResult.shape.schema }),
  z.object({ data: z.array(z.array(z.unknown())) }),
]);

/**
 * One NDJSON line of a chat stream (README, Chat with the analyst): messages, tool calls, `__cutoff__`, `__state__`,
 * `__aborted__`, `__usage__`, an `{"error"}` line, or a `__keepalive__` (no `sort`; clients skip it).
 * The frames' own fields are open: the stream follows Cube's, which adds fields over time.
 */
export const chatLine = z.looseObject({
  id: z.string().optional(),
  sort: z.number().int().nonnegative().optional(),
  role: z.enum(['user', 'assistant']).optional(),
  content: z.string().optional(),
  thinking: z.string().optional(),
  isDelta: z.boolean().optional(),
  isInProcess: z.boolean().optional(),
  graphPath: z.array(z.string()).optional(),
  toolCall: z.object({ name: z.string(), input: z.string(), result: z.string().optional() }).optional(),
  state: z
    .looseObject({
      chatId: z.string().optional(),
      status: z.string().optional(),
      isStreaming: z.boolean().optional(),
    })
    .optional(),
  error: z.unknown().optional(),
});

// Compile-time drift checks: each side must accept the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(value: T): T => value;
agree<Same<z.infer<typeof errorResponse>['code'], ErrorBody['code']>>(true);
agree<[ExchangedSession] extends [z.infer<typeof exchangeResponse>] ? true : false>(true);
agree<[GroupDefinition] extends [z.infer<typeof groupItem>] ? true : false>(true);
agree<[AttributeDefinition] extends [z.infer<typeof attributeItem>] ? true : false>(true);
agree<Same<QueryResult['schema'], z.infer<typeof sqlResult>['schema']>>(true);
agree<Same<ToolCallWire, NonNullable<z.infer<typeof chatLine>['toolCall']>>>(true);
