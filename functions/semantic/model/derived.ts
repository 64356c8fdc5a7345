import type { CubeDef } from './schema';

/**
 * What each member of a cube is computed from, for member-level hiding: a member derived from a member the user
 * may not see is hidden too (docs/data-model.md, "Member-level access"). A dimension derives from the dimensions
 * its SQL names (case, switch labels, plain expressions) and from the measure a `sub_query` reads; a measure from
 * the measures its SQL names (calculated, multi_stage, rolling_window, time_shift, case, rank `order_by`). An
 * ordinary aggregate over a hidden dimension is not derived from it (as in Cube: the usual way to show totals
 * without row values), and neither are a measure's `filters`.
 */

/** A member of some cube. */
export interface MemberRef {
  cube: string;
  member: string;
}

const REFERENCE = /\$?\{([^{}]*)\}/g;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Every `sql` string of a definition (nested `case` branches included), skipping the keys given. */
function sqlStrings(value: unknown, skip: ReadonlySet<string>, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) sqlStrings(item, skip, out);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (skip.has(key)) continue;
      if (key === 'sql' && typeof inner === 'string') out.push(inner);
      else sqlStrings(inner, skip, out);
    }
  }
  return out;
}

/** The members named by the Cube references of `sql` written in `cube`. */
function referencesIn(sql: string, cube: CubeDef, cubes: ReadonlyMap<string, CubeDef>): MemberRef[] {
  const isMember = (c: CubeDef, name: string) =>
    c.dimensions.some((d) => d.name === name) ||
    c.measures.some((m) => m.name === name) ||
    c.segments.some((s) => s.name === name);
  const refs: MemberRef[] = [];
  for (const match of sql.matchAll(REFERENCE)) {
    const parts = (match[1] ?? '').trim().split('.');
    if (!parts.every((p) => IDENT.test(p))) continue;
    const [first = '', second] = parts;
    if (first === 'CUBE' || first === 'TABLE' || first === cube.name) {
      // `{CUBE.column}` naming no member is a column of the table, not a member.
      if (second !== undefined && isMember(cube, second)) refs.push({ cube: cube.name, member: second });
    } else if (isMember(cube, first)) refs.push({ cube: cube.name, member: first });
    else if (second !== undefined) {
      const other = cubes.get(first);
      if (other && isMember(other, second)) refs.push({ cube: first, member: second });
    }
  }
  return refs;
}

const NO_SKIP: ReadonlySet<string> = new Set();
/** A measure's filters select rows of an ordinary aggregate: not something it is computed from. */
const MEASURE_SKIP: ReadonlySet<string> = new Set(['filters']);

const cache = new WeakMap<CubeDef, ReadonlyMap<string, readonly MemberRef[]>>();

/** Each member of `cube` that is derived from others, with the members it is computed from (direct only). */
export function derivedMembers(
  cube: CubeDef,
  cubes: ReadonlyMap<string, CubeDef>,
): ReadonlyMap<string, readonly MemberRef[]> {
  const hit = cache.get(cube);
  if (hit) return hit;
  const measures = (c: string) => new Set(cubes.get(c)?.measures.map((m) => m.name) ?? []);
  const own = measures(cube.name);
  const result = new Map<string, MemberRef[]>();
  const keep = (name: string, refs: MemberRef[]) => {
    const other = refs.filter((r) => !(r.cube === cube.name && r.member === name));
    if (other.length > 0) result.set(name, other);
  };
  for (const def of [...cube.dimensions, ...cube.segments]) {
    // A dimension or segment over another dimension shows that dimension's row values; a sub_query reads a measure.
    keep(
      def.name,
      sqlStrings(def, NO_SKIP).flatMap((sql) => referencesIn(sql, cube, cubes)),
    );
  }
  for (const def of cube.measures) {
    keep(
      def.name,
      sqlStrings(def, MEASURE_SKIP)
        .flatMap((sql) => referencesIn(sql, cube, cubes))
        .filter((ref) => (ref.cube === cube.name ? own : measures(ref.cube)).has(ref.member)),
    );
  }
  cache.set(cube, result);
  return result;
}

/**
 * Removes from `visible` (names of `cube` a user may see) every member derived, directly or through others, from a
 * member not visible; `visibleIn` answers for members of other cubes (a sub_query's measure).
 */
export function withoutHiddenSources(
  cube: CubeDef,
  cubes: ReadonlyMap<string, CubeDef>,
  visible: Set<string>,
  visibleIn: (ref: MemberRef) => boolean,
): Set<string> {
  const derived = derivedMembers(cube, cubes);
  if (derived.size === 0) return visible;
  const shown = (ref: MemberRef): boolean =>
    ref.cube === cube.name ? visible.has(ref.member) : visibleIn(ref);
  // Until nothing changes: a member over a member over a hidden one is hidden too.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, sources] of derived) {
      if (visible.has(name) && !sources.every(shown)) {
        visible.delete(name);
        changed = true;
      }
    }
  }
  return visible;
}

/**
 * Notes for the model's author: a member a policy lists as visible that is derived from one the same policy hides
 * is hidden too for that policy's users (withoutHiddenSources), which the author may not expect.
 */
export function derivedHidingNotes(
  cube: CubeDef,
  cubes: ReadonlyMap<string, CubeDef>,
  where: { file: string; path: string },
): { file: string; path: string; message: string }[] {
  const notes: { file: string; path: string; message: string }[] = [];
  const all = [...cube.dimensions, ...cube.measures, ...cube.segments].map((m) => m.name);
  for (const [i, policy] of (cube.access_policy ?? []).entries()) {
    const level = policy.member_level;
    if (!level) continue;
    const listed = level.includes === undefined || level.includes === '*' ? all : level.includes;
    const visible = new Set(listed.filter((name) => !level.excludes?.includes(name)));
    const before = new Set(visible);
    withoutHiddenSources(cube, cubes, visible, () => true);
    for (const name of before) {
      if (visible.has(name)) continue;
      const sources = (derivedMembers(cube, cubes).get(name) ?? [])
        .filter((ref) => ref.cube === cube.name && !visible.has(ref.member))
        .map((ref) => ref.member);
      notes.push({
        ...where,
        path: `${where.path}.access_policy[${i}].member_level`,
        message: `${name} is hidden for this policy's users too: it is computed from ${sources.join(', ')}, which the policy hides`,
      });
    }
  }
  return notes;
}
