import type { CubeDef } from './schema';

/**
 * What each member of a cube is computed from, for member-level hiding: a member derived from a member the user
 * may not see is hidden too (docs/data-model.md, "Member-level access"). A dimension derives from the dimensions
 * its SQL names (case, switch labels, plain expressions) and from the measure a `sub_query` reads; a measure from
 * the measures its SQL names (calculated, multi_stage, rolling_window, time_shift, case, rank `order_by`). An
 * ordinary aggregate over a hidden dimension is not derived from it (as in Cube: the usual way to show totals
 * without row values), and neither are a measure's `filters` (they name dimensions: a measure named there is
 * refused at load).
 */

/** A member of some cube. */
export interface MemberRef {
  cube: string;
  member: string;
}

/** A member a reference names, and whether it is a measure. */
interface Reference extends MemberRef {
  measure: boolean;
}

/** A Cube reference: `{...}`, also written `${...}` (the `$` is read as text before it). */
const REFERENCE = /\{([^{}]*)\}/g;

/**
 * Every `sql` string of a definition, nested ones (`case` branches and labels, `filters`) included; `meta` is the
 * author's free-form data (never compiled), so a `sql` key inside it names no source.
 */
function* sqlStrings(def: object): Generator<string> {
  for (const [key, inner] of Object.entries(def)) {
    if (key === 'meta') continue;
    if (typeof inner === 'string') {
      if (key === 'sql') yield inner;
    } else if (inner instanceof Object) yield* sqlStrings(inner);
  }
}

/** `name` as a dimension or measure of `c` (member SQL naming a segment is refused at load). */
function memberOf(c: CubeDef | undefined, name: string | undefined): Reference | undefined {
  if (!c) return undefined;
  const dimension = c.dimensions.find((d) => d.name === name);
  if (dimension) return { cube: c.name, member: dimension.name, measure: false };
  const measure = c.measures.find((m) => m.name === name);
  if (measure) return { cube: c.name, member: measure.name, measure: true };
  return undefined;
}

/**
 * The members named by the Cube references of `sql` written in `cube`: `{member}`, `{CUBE.member}`,
 * `{TABLE.member}`, `{cube.member}`, `{other.member}`, with spaces or a granularity after. Anything else (a
 * column, `{CUBE}`, `{SECURITY_CONTEXT.x}`) names no member.
 */
function referencesIn(sql: string, cube: CubeDef, cubes: ReadonlyMap<string, CubeDef>): Reference[] {
  const refs: Reference[] = [];
  sql.replace(REFERENCE, (whole: string, body: string) => {
    const [first, second] = body.trim().split('.');
    const found =
      first === 'CUBE' || first === 'TABLE' || first === cube.name
        ? // `{CUBE.column}` naming no member is a column of the table, not a member.
          memberOf(cube, second)
        : (memberOf(cube, first) ??
          memberOf(
            [...cubes.values()].find((c) => c.name === first),
            second,
          ));
    if (found) refs.push(found);
    return whole;
  });
  return refs;
}

const cache = new WeakMap<CubeDef, ReadonlyMap<string, readonly MemberRef[]>>();

/**
 * Each member of `cube` that is derived from others, with the members it is computed from (direct only); computed
 * once per cube.
 */
export function derivedMembers(
  cube: CubeDef,
  cubes: ReadonlyMap<string, CubeDef>,
): ReadonlyMap<string, readonly MemberRef[]> {
  const hit = cache.get(cube);
  if (hit) return hit;
  const result = new Map<string, MemberRef[]>();
  const keep = (name: string, refs: Reference[]) => {
    // A member naming its own column (`{CUBE.amount}` in `amount`) is not derived from itself.
    const other = refs
      .filter((r) => r.cube !== cube.name || r.member !== name)
      .map((r) => ({ cube: r.cube, member: r.member }));
    if (other.length > 0) result.set(name, other);
  };
  const references = (def: object) => [...sqlStrings(def)].flatMap((sql) => referencesIn(sql, cube, cubes));
  // A dimension or segment over another dimension shows that dimension's row values; a sub_query reads a measure.
  for (const def of [...cube.dimensions, ...cube.segments]) keep(def.name, references(def));
  for (const def of cube.measures) {
    keep(
      def.name,
      references(def).filter((r) => r.measure),
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
 * is hidden too for that policy's users (withoutHiddenSources), which the author may not expect. Members of other
 * cubes count as visible here: each cube's policies are its own.
 */
export function derivedHidingNotes(
  cube: CubeDef,
  cubes: ReadonlyMap<string, CubeDef>,
  where: { file: string; path: string },
): { file: string; path: string; message: string }[] {
  const notes: { file: string; path: string; message: string }[] = [];
  const all = [...cube.dimensions, ...cube.measures, ...cube.segments].map((m) => m.name);
  cube.access_policy?.forEach((policy, i) => {
    const level = policy.member_level;
    if (!level) return;
    const listed = level.includes === undefined || level.includes === '*' ? all : level.includes;
    const visible = new Set(listed.filter((name) => !level.excludes?.includes(name)));
    const before = new Set(visible);
    withoutHiddenSources(cube, cubes, visible, () => true);
    for (const [name, sources] of derivedMembers(cube, cubes)) {
      if (!before.has(name) || visible.has(name)) continue;
      const hidden = sources.filter((ref) => ref.cube === cube.name && !visible.has(ref.member));
      notes.push({
        ...where,
        path: `${where.path}.access_policy[${i}].member_level`,
        message: `${name} is hidden for this policy's users too: it is computed from ${hidden.map((ref) => ref.member).join(', ')}, which the policy hides`,
      });
    }
  });
  return notes;
}
