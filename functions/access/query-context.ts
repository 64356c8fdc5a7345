import type { AttributeValue, QueryUser } from '../query-user';
import type { Scope } from '../store/keys';
import type { UserRecord } from '../store/users';

/**
 * The query context of a caller: what the semantic layer's access policies see of the user. Pure: built from the
 * stored user and the session's security context and roles, nothing read or written here.
 */

/** The user a query runs for, as the semantic layer's access policies see it (declared in query-user.ts). */
export type QueryUserContext = QueryUser;

/**
 * Groups and attribute values visible to queries. Tenant-wide ones keep their names; those of the session's
 * embed tenant (creator mode) travel apart in `embed`, so a tenant-wide policy never matches a scoped name
 * (docs/data-model.md, "Embed-tenant groups and attributes").
 */
export function queryContext(
  user: UserRecord | undefined,
  securityContext?: Record<string, unknown>,
  roles?: readonly string[],
  /** An embed token's scope; tenant-wide callers pass none (tenant-wide names only). */
  scope?: Scope,
): QueryUserContext {
  const valuesOf = (sid: string): Record<string, AttributeValue> => {
    const values: Record<string, AttributeValue> = {};
    for (const [key, value] of Object.entries(user?.attributes ?? {})) {
      if (key.startsWith(`${sid}/`)) values[key.slice(sid.length + 1)] = value;
    }
    return values;
  };
  const context: QueryUserContext = {
    groups: [...new Set(user?.groups['*'] ?? [])].sort(),
    userAttributes: valuesOf('*'),
    securityContext: securityContext ?? user?.securityContext ?? {},
    ...(roles && roles.length > 0 ? { roles: [...new Set(roles)].sort() } : {}),
  };
  if (scope?.kind === 'embed') {
    context.embed = {
      groups: [...new Set(user?.groups[scope.embedTenantName] ?? [])].sort(),
      userAttributes: valuesOf(scope.embedTenantName),
    };
  }
  return context;
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
export function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
