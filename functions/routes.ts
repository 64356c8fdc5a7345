/**
 * The one list of HTTP endpoints (README, "The API in curl"). The local service routes requests with it and the
 * CDK stack creates one Lambda function per entry, so the two can never disagree.
 */
import type { Partition } from './store/keys';

/** The item-level DynamoDB actions a function may be granted (never Scan, never an index). */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem'
  | 'ConditionCheckItem';

/**
 * What a function may do in each partition of the table (functions/store/keys.ts, docs/storage.md). The stack
 * turns each entry into an IAM statement with a `dynamodb:LeadingKeys` condition on that partition's prefix.
 * An empty object: no table access, no TABLE_NAME.
 */
export type TableAccess = Readonly<Partial<Record<Partition, readonly TableAction[]>>>;

export interface RouteDefinition {
  /** Stable id: the Lambda's logical name and the handler module `functions/endpoints/<id>.ts`. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Path template; `{name}` matches one path segment. */
  readonly path: string;
  /** Response streaming (NDJSON): a RESPONSE_STREAM function URL in AWS. */
  readonly streaming: boolean;
  /** What the function may do with the table: least privilege in the stack. */
  readonly table: TableAccess;
  /** Whether the function calls Amazon Bedrock. */
  readonly bedrock?: boolean;
  /** Whether the function queries the data (bundles DuckDB / pg). */
  readonly data?: boolean;
  /** Whether the function reads the cursor-signing secret (`CURSOR_SECRET`). */
  readonly cursorSecret?: boolean;
  /** Whether the function signs or verifies embed tokens (`EMBED_TOKEN_SECRET`). */
  readonly tokenSecret?: boolean;
  /** Whether the function verifies deployments' Cube tokens: it reads the key that opens their secrets. */
  readonly cubeTokenKey?: boolean;
  /**
   * Whether the function queries the account's expiring users in the byOwner index (the group counts subtract the
   * expired ones still stored): Query on that index only, for `A#` keys.
   */
  readonly expiryIndex?: boolean;
}

/** Api-Key authentication: the key item, then its account (functions/access/auth.ts). */
const apiKeyAuth = { apiKey: ['GetItem'], account: ['GetItem'] } as const;
/** What chat, abort and the SQL API need to resolve a caller (functions/access/identity.ts): Api-Key or token. */
const callerRead = { ...apiKeyAuth, session: ['GetItem'] } as const;
/** Provisioning a user (functions/embed/provision.ts): one transaction on account items, reads on rejection. */
const provisioning: readonly TableAction[] = [
  'GetItem',
  'BatchGetItem',
  'ConditionCheckItem',
  'PutItem',
  'UpdateItem',
];
const threadWrites: readonly TableAction[] = ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'BatchWriteItem'];

/** The exchange: the session's conditional update, then its user. */
const exchangeAccess: TableAccess = { session: ['UpdateItem'], account: ['GetItem'] };
/** Rate windows (functions/store/rate-limits.ts): counted up, given back on a later refusal, deleted when empty. */
const rateWindows: readonly TableAction[] = ['UpdateItem', 'DeleteItem'];
/** The session rate: counted on a shard inside the transaction; a full shard reads the window's shards. */
const rateShards: readonly TableAction[] = ['UpdateItem', 'Query'];

const chat = '/api/v1/public/{accountName}/agents/{agentId}/chat';
/** Cube's deployment-scoped chat URL: the deployment's first agent, Cube token authentication only. */
const deploymentChat = '/api/v1/public/{accountName}/deployments/{deploymentId}/chat';
/**
 * Abort authenticates (never provisions), checks the agent, and sets the thread's abort flag; with a Cube token on
 * the deployment-scoped URL it lists the account's agents to find the deployment's (a Query of the account).
 */
const chatAbortAccess: TableAccess = {
  ...callerRead,
  account: ['GetItem', 'Query'],
  thread: ['GetItem', 'UpdateItem'],
};
/** Chat: the caller, the user's provisioning and the agents (a Query for a deployment's agent), threads, rates. */
const chatStreamAccess: TableAccess = {
  ...callerRead,
  account: [...provisioning, 'Query'],
  thread: threadWrites,
  rate: rateWindows,
};

/** The chat function at one of its paths (the agent's URL, Cube's deployment URL). */
const chatStreamRoute = (path: string): RouteDefinition => ({
  id: 'chat-stream',
  method: 'POST',
  path,
  streaming: true,
  table: chatStreamAccess,
  tokenSecret: true,
  cubeTokenKey: true,
  bedrock: true,
  data: true,
});

/** The abort function at one of its paths (both spellings, and Cube's deployment URL). */
const chatAbortRoute = (path: string): RouteDefinition => ({
  id: 'chat-abort',
  method: 'POST',
  path,
  streaming: false,
  table: chatAbortAccess,
  tokenSecret: true,
  cubeTokenKey: true,
});

export const routes: readonly RouteDefinition[] = [
  { id: 'health', method: 'GET', path: '/health', streaming: false, table: {} },
  { id: 'openapi', method: 'GET', path: '/api/v1/openapi.json', streaming: false, table: {} },
  {
    id: 'generate-session',
    method: 'POST',
    path: '/api/v1/embed/generate-session',
    streaming: false,
    table: { ...apiKeyAuth, account: provisioning, session: ['PutItem'], rate: rateShards },
  },
  // Cube's exchange path; `/session/exchange` is this service's older spelling, kept as an alias (README, "The API in curl").
  {
    id: 'session-exchange',
    method: 'POST',
    path: '/api/v1/embed/session/token',
    streaming: false,
    table: exchangeAccess,
    tokenSecret: true,
  },
  {
    id: 'session-exchange',
    method: 'POST',
    path: '/api/v1/embed/session/exchange',
    streaming: false,
    table: exchangeAccess,
    tokenSecret: true,
  },
  // The embed page's check before it spends its session (functions/embed/session-check.ts): reads only.
  {
    id: 'session-check',
    method: 'POST',
    path: '/api/v1/embed/session/check',
    streaming: false,
    table: { session: ['GetItem'], account: ['GetItem'] },
  },
  {
    id: 'session-revoke',
    method: 'POST',
    path: '/api/v1/embed/session/revoke',
    streaming: false,
    table: { ...apiKeyAuth, session: ['UpdateItem'] },
  },
  {
    id: 'list-groups',
    method: 'GET',
    path: '/api/v1/embed-tenants/{embedTenantName}/groups',
    streaming: false,
    table: { ...apiKeyAuth, account: ['GetItem', 'Query'] },
    cursorSecret: true,
    expiryIndex: true,
  },
  {
    id: 'delete-group',
    method: 'DELETE',
    path: '/api/v1/embed-tenants/{embedTenantName}/groups/{id}',
    streaming: false,
    // One transaction: the definition's tombstone, the sweep's job (a Put) and its pending entry. Locally the
    // sweep then runs in process with the same grants as the table-stream worker (functions/embed/sweep.ts).
    table: { ...apiKeyAuth, account: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'] },
  },
  {
    id: 'list-user-attributes',
    method: 'GET',
    path: '/api/v1/embed-tenants/{embedTenantName}/user-attributes',
    streaming: false,
    table: { ...apiKeyAuth, account: ['GetItem', 'Query'] },
    cursorSecret: true,
  },
  {
    id: 'delete-user-attribute',
    method: 'DELETE',
    path: '/api/v1/embed-tenants/{embedTenantName}/user-attributes/{id}',
    streaming: false,
    table: { ...apiKeyAuth, account: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'] },
  },
  chatStreamRoute(`${chat}/stream-chat-state`),
  chatAbortRoute(`${chat}/stream-chat-state/abort`),
  chatAbortRoute(`${chat}/abort`),
  chatStreamRoute(`${deploymentChat}/stream-chat-state`),
  chatAbortRoute(`${deploymentChat}/stream-chat-state/abort`),
  {
    id: 'sql-api',
    method: 'POST',
    path: '/api/v1/deployments/{deploymentId}/sql',
    streaming: true,
    // Provisions Api-Key users like generate-session; reads deployments and models; never touches threads.
    table: { ...callerRead, account: provisioning, rate: rateWindows },
    tokenSecret: true,
    data: true,
  },
  {
    id: 'deployment-token',
    method: 'POST',
    path: '/api/v1/deployments/{deploymentId}/token',
    streaming: false,
    // Verifies the embed token against its session item; writes nothing.
    table: { session: ['GetItem'] },
    tokenSecret: true,
  },
  {
    id: 'cubesql',
    method: 'POST',
    path: '/cubejs-api/v1/cubesql',
    streaming: true,
    // The SQL API's reads for a token caller (never an API key, never provisioned).
    table: { account: ['GetItem'], session: ['GetItem'], rate: rateWindows },
    tokenSecret: true,
    data: true,
  },
  { id: 'embed-page', method: 'GET', path: '/embed/chat', streaming: false, table: {} },
];

/** One entry per Lambda function (a function may serve several paths, e.g. both abort spellings). */
export const functionIds = (): string[] => [...new Set(routes.map((route) => route.id))];

export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly params: Record<string, string>;
  /** Path parameters whose percent-encoding is broken (kept raw in `params`); the endpoint answers 400. */
  readonly malformed: string[];
}

const compiled = routes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param?.[1]) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, names, regex: new RegExp(`^${source}/?$`) };
});

/**
 * Finds the route for a path. Returns `methodNotAllowed` when the path exists with other methods.
 */
export function matchRoute(
  method: string,
  path: string,
): RouteMatch | { methodNotAllowed: string[] } | undefined {
  const allowed: string[] = [];
  for (const { route, names, regex } of compiled) {
    const match = regex.exec(path);
    if (!match) continue;
    if (route.method !== method.toUpperCase()) {
      allowed.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    const malformed: string[] = [];
    names.forEach((name, index) => {
      const raw = match[index + 1] ?? '';
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        params[name] = raw;
        malformed.push(name);
      }
    });
    return { route, params, malformed };
  }
  return allowed.length > 0 ? { methodNotAllowed: [...new Set(allowed)] } : undefined;
}
