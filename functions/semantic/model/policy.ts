import type { QueryUser } from '../../query-user';
import { allocatorOf, type ParamAllocator, type Params } from '../params';
import { withoutHiddenSources } from './derived';
import { conditionHolds, type MemberFilter, operatorSql, type Sources } from './policy-rules';
import type { CubeDef, DataModel, FilterDef, Member, ModelObject, PolicyDef } from './schema';

export type { AttributeValue, QueryUser } from '../../query-user';

/** A row-level condition: SQL over one cube alias with its parameters, or a constant. */
export type RowCondition =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'sql'; sql: string; params: unknown[] };

const listOf = (one: string | undefined, many: string[] | undefined): string[] =>
  many ?? (one !== undefined ? [one] : []);

const sourcesOf = (user: QueryUser): Sources => ({
  userAttributes: user.userAttributes,
  embedUserAttributes: user.embed?.userAttributes ?? {},
  securityContext: user.securityContext,
});

/**
 * A policy applies when one of its groups matches (or its `role`: one of the session's roles, or a group of that
 * name, as older Cube models use roles for groups) and all its conditions hold.
 */
const matches = (policy: PolicyDef, user: QueryUser): boolean => {
  const tenantWide = listOf(policy.group, policy.groups);
  const scoped = listOf(policy.embed_group, policy.embed_groups);
  const role = policy.role;
  const grouped =
    tenantWide.some((g) => g === '*' || user.groups.includes(g)) ||
    scoped.some((g) => user.embed?.groups.includes(g) ?? false) ||
    (role !== undefined && (role === '*' || (user.roles ?? []).includes(role) || user.groups.includes(role)));
  if (!grouped) return false;
  const sources = sourcesOf(user);
  return (policy.conditions ?? []).every((c) => conditionHolds(c.if, sources));
};

const TEMPLATE = /^\{\s*(userAttributes|embedUserAttributes|securityContext)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}$/;

/**
 * Resolves a policy value: a literal, or `{ userAttributes.x }` (tenant-wide), `{ embedUserAttributes.x }`
 * (scoped to the session's embed tenant) or `{ securityContext.x }`; undefined if missing.
 */
function resolveValue(value: string | number | boolean, user: QueryUser): unknown {
  if (typeof value !== 'string') return value;
  const match = TEMPLATE.exec(value);
  if (!match) return value;
  const source =
    match[1] === 'userAttributes'
      ? user.userAttributes
      : match[1] === 'embedUserAttributes'
        ? (user.embed?.userAttributes ?? {})
        : user.securityContext;
  const key = match[2] ?? '';
  // Own properties only: a name like `constructor` must not resolve to something inherited.
  const resolved = Object.hasOwn(source, key) ? source[key] : undefined;
  return resolved === null ? undefined : resolved;
}

/** The SQL of one member filter over a cube column, appending its parameters; false when it denies everything. */
function memberFilterSql(
  filter: MemberFilter,
  column: string,
  user: QueryUser,
  params: ParamAllocator,
): string | true | false {
  const values: unknown[] = [];
  for (const raw of filter.values ?? []) {
    const value = resolveValue(raw, user);
    if (value === undefined) return filter.if_missing === 'allow';
    if (Array.isArray(value)) values.push(...value);
    else values.push(value);
  }
  const needsValues = filter.operator !== 'set' && filter.operator !== 'notSet';
  if (needsValues && values.length === 0) return filter.operator === 'notEquals';
  return operatorSql(filter.operator, column, values, (v) => params.allocate(v));
}

/**
 * The SQL of a filter tree: `and` holds when every part does, `or` when any does. A part that denies everything
 * is false, one skipped (`if_missing: allow`) is true; constants fold so no empty group reaches SQL.
 */
function filterSql(
  filter: FilterDef,
  column: (member: string) => string,
  user: QueryUser,
  params: ParamAllocator,
): string | boolean {
  if (!('or' in filter) && !('and' in filter))
    return memberFilterSql(filter, column(filter.member), user, params);
  const isOr = 'or' in filter;
  const parts: string[] = [];
  // A part that decides the group drops the parameters of the parts before it with their SQL.
  const start = params.mark();
  for (const part of isOr ? filter.or : filter.and) {
    const sql = filterSql(part, column, user, params);
    if (sql === isOr) {
      params.rollback(start);
      return isOr;
    }
    if (typeof sql === 'string') parts.push(sql);
  }
  if (parts.length === 0) return !isOr;
  return parts.length === 1
    ? (parts[0] ?? '')
    : `(${parts.map((p) => `(${p})`).join(isOr ? ' OR ' : ' AND ')})`;
}

/**
 * The rows of a cube a user may see: policies matching the user's groups (or `*`) are OR-ed; a cube without
 * policies is public; with policies but none matching, nothing is visible.
 */
export function rowCondition(
  cube: CubeDef,
  alias: string,
  user: QueryUser,
  params: Params,
  column: (cube: CubeDef, member: string, alias: string) => string,
): RowCondition {
  return policyCondition(cube.access_policy, user, params, (member) => column(cube, member, alias));
}

/** The row condition of a list of policies (a cube's or a view's) over member columns given by `column`. */
export function policyCondition(
  policies: PolicyDef[] | undefined,
  user: QueryUser,
  given: Params,
  column: (member: string) => string,
): RowCondition {
  const params = allocatorOf(given);
  if (!policies) return { kind: 'all' };
  const matching = policies.filter((p) => matches(p, user));
  if (matching.length === 0) return { kind: 'none' };
  const alternatives: string[] = [];
  const start = params.mark();
  for (const policy of matching) {
    const row = policy.row_level;
    // `allow_all: false` with no filters grants no row (docs/data-model.md): never read as "no filter, every row".
    if (row?.allow_all === false && (row.filters ?? []).length === 0) continue;
    if (!row || row.allow_all || !row.filters || row.filters.length === 0) {
      params.rollback(start);
      return { kind: 'all' };
    }
    const parts: string[] = [];
    let denied = false;
    const policyStart = params.mark();
    for (const filter of row.filters) {
      const sql = filterSql(filter, column, user, params);
      if (sql === false) {
        // Its earlier filters' parameters go with the policy's SQL: no placeholder is left unused.
        params.rollback(policyStart);
        denied = true;
        break;
      }
      if (sql !== true) parts.push(sql);
    }
    if (denied) continue;
    if (parts.length === 0) {
      params.rollback(start);
      return { kind: 'all' };
    }
    alternatives.push(`(${parts.join(' AND ')})`);
  }
  if (alternatives.length === 0) {
    params.rollback(start);
    return { kind: 'none' };
  }
  return { kind: 'sql', sql: alternatives.join(' OR '), params: params.since(start) };
}

/**
 * Member names of a cube a user may see: member_level of matching policies, unioned, less every member derived
 * from one the user may not see (derived.ts), here or in another cube (a sub_query's measure).
 */
export function visibleCubeMembers(
  cube: CubeDef,
  user: QueryUser,
  cubes: ReadonlyMap<string, CubeDef>,
  seen: ReadonlySet<string> = new Set(),
): Set<string> {
  const visible = visibleNames(
    [...cube.dimensions, ...cube.measures, ...cube.segments].map((m) => m.name),
    cube.access_policy,
    user,
  );
  const inner = new Set([...seen, cube.name]);
  return withoutHiddenSources(cube, cubes, visible, (ref) => {
    const other = cubes.get(ref.cube);
    // A sub_query circle back into a cube being decided: hidden, never assumed visible.
    return (
      other !== undefined &&
      !inner.has(ref.cube) &&
      visibleCubeMembers(other, user, cubes, inner).has(ref.member)
    );
  });
}

/** Names visible under a list of policies: none match, nothing is visible; no policies, everything is. */
function visibleNames(all: string[], policies: PolicyDef[] | undefined, user: QueryUser): Set<string> {
  if (!policies) return new Set(all);
  const visible = new Set<string>();
  for (const policy of policies.filter((p) => matches(p, user))) {
    const level = policy.member_level;
    const includes = !level?.includes || level.includes === '*' ? all : level.includes;
    for (const name of includes) if (!level?.excludes?.includes(name)) visible.add(name);
  }
  return visible;
}

/**
 * The members of an object the user may see; an object with none is hidden. A view's own member_level hides its
 * members and, like a cube's, whatever is derived from them.
 */
export function visibleMembers(model: DataModel, object: ModelObject, user: QueryUser): Member[] {
  if (!object.public) return [];
  const byView = visibleNames(
    object.members.map((m) => m.name),
    object.policies,
    user,
  );
  const hiddenByView = new Set(
    object.members.filter((m) => !byView.has(m.name)).map((m) => `${m.cube}.${m.cubeMember}`),
  );
  const perCube = new Map<string, Set<string>>();
  const visibleOf = (name: string): Set<string> => {
    let visible = perCube.get(name);
    if (!visible) {
      const cube = model.cubes.get(name);
      visible = new Set<string>();
      perCube.set(name, visible);
      if (cube) {
        const own = visibleCubeMembers(cube, user, model.cubes);
        for (const member of own) if (!hiddenByView.has(`${name}.${member}`)) visible.add(member);
        withoutHiddenSources(cube, model.cubes, visible, (ref) => visibleOf(ref.cube).has(ref.member));
      }
    }
    return visible;
  };
  return object.members.filter(
    (member) => byView.has(member.name) && visibleOf(member.cube).has(member.cubeMember),
  );
}
