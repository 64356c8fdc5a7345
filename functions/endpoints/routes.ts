/**
 * The one list of HTTP endpoints (contract §1). The local service routes requests with it and the
 * CDK stack creates one Lambda function per entry, so the two can never disagree.
 */
export type TableAccess = 'none' | 'read' | 'write';

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
}

const chat = '/api/v1/public/{accountName}/agents/{agentId}/chat';

export const routes: readonly RouteDefinition[] = [
  { id: 'health', method: 'GET', path: '/health', streaming: false, table: 'none' },
  {
    id: 'generate-session',
    method: 'POST',
    path: '/api/v1/embed/generate-session',
    streaming: false,
    table: 'write',
  },
  // Cube's exchange path; `/session/exchange` is this service's older spelling, kept as an alias (contract §1).
  {
    id: 'session-exchange',
    method: 'POST',
    path: '/api/v1/embed/session/token',
    streaming: false,
    table: 'write',
  },
  {
    id: 'session-exchange',
    method: 'POST',
    path: '/api/v1/embed/session/exchange',
    streaming: false,
    table: 'write',
  },
  {
    id: 'session-revoke',
    method: 'POST',
    path: '/api/v1/embed/session/revoke',
    streaming: false,
    table: 'write',
  },
  {
    id: 'list-groups',
    method: 'GET',
    path: '/api/v1/embed-tenants/{embedTenantName}/groups',
    streaming: false,
    table: 'read',
  },
  {
    id: 'delete-group',
    method: 'DELETE',
    path: '/api/v1/embed-tenants/{embedTenantName}/groups/{id}',
    streaming: false,
    table: 'write',
  },
  {
    id: 'list-user-attributes',
    method: 'GET',
    path: '/api/v1/embed-tenants/{embedTenantName}/user-attributes',
    streaming: false,
    table: 'read',
  },
  {
    id: 'delete-user-attribute',
    method: 'DELETE',
    path: '/api/v1/embed-tenants/{embedTenantName}/user-attributes/{id}',
    streaming: false,
    table: 'write',
  },
  {
    id: 'chat-stream',
    method: 'POST',
    path: `${chat}/stream-chat-state`,
    streaming: true,
    table: 'write',
    bedrock: true,
    data: true,
  },
  {
    id: 'chat-abort',
    method: 'POST',
    path: `${chat}/stream-chat-state/abort`,
    streaming: false,
    table: 'write',
  },
  { id: 'chat-abort', method: 'POST', path: `${chat}/abort`, streaming: false, table: 'write' },
  {
    id: 'sql-api',
    method: 'POST',
    path: '/api/v1/deployments/{deploymentId}/sql',
    streaming: true,
    table: 'write',
    data: true,
  },
  { id: 'embed-page', method: 'GET', path: '/embed/chat', streaming: false, table: 'none' },
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
