/**
 * Joins and references of model SQL: the join between two cubes, which cubes a join tree repeats (the fan-out
 * rule), and every Cube reference form expanded to a member's SQL over its alias. Split from model.ts so the
 * compiler stages that read member SQL (calculated measures, sub_query dimensions) import it without a cycle.
 */
import { expandContextRefs } from './context-refs';
import type { CubeDef, DimensionDef, JoinDef, JoinEdge } from './schema';

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The SQL of a `case` dimension: `CASE WHEN cond THEN label ... ELSE label END` (references expanded later). */
export function dimensionCaseSql(dimension: DimensionDef): string {
  const spec = dimension.case;
  if (!spec) return 'NULL';
  const label = (l: string | { sql: string }) => (typeof l === 'string' ? sqlString(l) : `(${l.sql})`);
  const whens = spec.when.map((w) => `WHEN (${w.sql}) THEN ${label(w.label)}`).join(' ');
  return `CASE ${whens}${spec.else ? ` ELSE ${label(spec.else.label)}` : ''} END`;
}

/**
 * The relation a switch dimension's values come from inside a secured subquery: one row per value, joined to
 * every row of the cube when the query reads the dimension (Cube's `type: switch`).
 */
export const switchRelation = (cube: string, dimension: string) => quoteId(`__switch_${cube}_${dimension}`);

/** `CROSS JOIN (VALUES ('USD'), ('EUR')) AS rel("value")` for a switch dimension. */
export const switchJoinSql = (cube: string, dimension: DimensionDef): string =>
  `CROSS JOIN (VALUES ${(dimension.values ?? []).map((v) => `(${sqlString(v)})`).join(', ')}) AS ${switchRelation(cube, dimension.name)}(${quoteId('value')})`;

/**
 * The scope of a member's SQL: its own cube, and any other cube by name (`{branches.name}` in a dimension of
 * `visits`), which Cube joins to the query when the cubes are joined (cross-cube.ts checks the join at load).
 */
export const memberScope = (
  cubes: ReadonlyMap<string, CubeDef>,
  cube: CubeDef,
  alias: (cube: string) => string = quoteId,
): ReferenceScope => ({ cubes, cube, alias, others: [...cubes.keys()].filter((name) => name !== cube.name) });

/** `{CUBE.x}`, `${CUBE.x}`, `{orders.x}` or `{x}` naming a member of `cube`: its name, else undefined. */
export function referencedMember(sql: string, cube: CubeDef): string | undefined {
  const match = /^\s*\$?\{\s*(?:([A-Za-z_][A-Za-z0-9_]*)\.)?([A-Za-z_][A-Za-z0-9_]*)\s*\}\s*$/.exec(sql);
  if (!match) return undefined;
  const [, owner, name] = match;
  if (owner && owner !== 'CUBE' && owner !== cube.name) return undefined;
  return name;
}

/** Cube's standard granularities, usable as `{time_dimension.granularity}`. */
export const GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;

/** A reference in model SQL that cannot be resolved (reported at load with the file and path). */
export class ModelReferenceError extends Error {}

/** Where a piece of model SQL sits: its own cube (`{CUBE}`), how cubes are aliased, and which others it may name. */
export interface ReferenceScope {
  cubes: ReadonlyMap<string, CubeDef>;
  cube: CubeDef;
  /** The SQL alias of a cube in the query (already quoted). */
  alias: (cube: string) => string;
  /** Other cubes this SQL may reference (a join's other side); member SQL may name only its own cube. */
  others: readonly string[];
  /** Collects the switch relations the SQL reads (the query pipeline joins them; no text search). */
  switches?: Set<string>;
}

export const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A column, qualified or not: needs no parentheses inside other SQL. */
const SIMPLE = /^("([^"]|"")*"\.)?("([^"]|"")*"|[A-Za-z_][A-Za-z0-9_]*)$/;
const REFERENCE = /\$?\{([^{}]*)\}/g;

/**
 * The SQL of a cube member over its alias, with every Cube reference form expanded: a bare column is qualified;
 * `{CUBE}` / `${CUBE}` / `{TABLE}` is the alias; `{member}`, `{CUBE.member}`, `{cube.member}` are that member's
 * own SQL; `{member.month}` truncates a time dimension. Throws ModelReferenceError for anything else.
 */
export function memberSqlOf(scope: ReferenceScope, name: string, stack: readonly string[] = []): string {
  const { cube } = scope;
  const key = `${cube.name}.${name}`;
  if (stack.includes(key))
    throw new ModelReferenceError(`circular reference ${[...stack, key].join(' -> ')}`);
  const dimension = cube.dimensions.find((d) => d.name === name);
  const measure = cube.measures.find((m) => m.name === name);
  const segment = cube.segments.find((s) => s.name === name);
  let sql: string;
  if (dimension?.type === 'switch') {
    scope.switches?.add(switchRelation(cube.name, name));
    return `${switchRelation(cube.name, name)}.${quoteId('value')}`;
  }
  if (dimension) sql = dimension.sql ?? dimensionCaseSql(dimension);
  else if (segment) sql = segment.sql;
  else if (measure?.type === 'count') {
    const keys = cube.dimensions.filter((d) => d.primary_key);
    if (keys.length > 1) {
      const present = keys.map((k) => `${memberSqlOf(scope, k.name, [...stack, key])} IS NOT NULL`);
      return `CASE WHEN ${present.join(' OR ')} THEN 1 END`;
    }
    sql = keys[0]?.sql ?? '1';
  } else if (measure?.case) {
    throw new ModelReferenceError(`${name} is a case measure: model SQL cannot reference it`);
  } else if (measure) sql = measure.sql ?? name;
  else throw new ModelReferenceError(`${cube.name} has no member ${name}`);
  if (IDENT.test(sql)) return `${scope.alias(cube.name)}.${quoteId(sql)}`;
  return expandReferences(sql, scope, [...stack, key]);
}

/** Expands the Cube references of one piece of model SQL (see memberSqlOf). */
export function expandReferences(sql: string, scope: ReferenceScope, stack: readonly string[] = []): string {
  // Per-user references become parameter markers, FILTER_PARAMS `1 = 1` (context-refs.ts).
  let withContext: string;
  try {
    withContext = expandContextRefs(sql);
  } catch (error) {
    throw new ModelReferenceError(messageOf(error));
  }
  return withContext.replace(REFERENCE, (whole, inner: string) => {
    const text = inner.trim();
    if (
      /^(FILTER_PARAMS|FILTER_GROUP|SECURITY_CONTEXT|COMPILE_CONTEXT|securityContext|userAttributes)\b/.test(
        text,
      )
    ) {
      throw new ModelReferenceError(`${whole} is not supported (only member and cube references are)`);
    }
    const parts = text.split('.');
    if (!parts.every((p) => IDENT.test(p)) || parts.length > 3) {
      throw new ModelReferenceError(`${whole} is not a supported reference`);
    }
    const [first = '', second, third] = parts;
    const own = scope.cube;
    const isMember = (c: CubeDef, n: string) =>
      c.dimensions.some((d) => d.name === n) || c.measures.some((m) => m.name === n);
    const isMemberOf = (c: CubeDef | undefined, n: string) => c !== undefined && isMember(c, n);
    let target: CubeDef | undefined;
    let member: string | undefined;
    let granularity: string | undefined;
    // An own member named like another cube is the member (Cube resolves the cube's own names first).
    const ownFirst =
      isMember(own, first) &&
      !(second !== undefined && scope.others.includes(first) && isMemberOf(scope.cubes.get(first), second));
    if (first === 'CUBE' || first === 'TABLE' || first === own.name) target = own;
    else if (!ownFirst && scope.others.includes(first)) target = scope.cubes.get(first);
    if (target) {
      member = second;
      granularity = third;
    } else if (isMember(own, first)) {
      target = own;
      member = first;
      granularity = second;
      if (third !== undefined) throw new ModelReferenceError(`${whole} is not a supported reference`);
    } else if (scope.cubes.has(first)) {
      throw new ModelReferenceError(
        `${whole}: cube ${first} is not part of this SQL (member SQL names only its own cube, a join only its two cubes)`,
      );
    } else throw new ModelReferenceError(`${whole}: ${first} is neither a member of ${own.name} nor a cube`);
    if (member === undefined) return scope.alias(target.name);
    // `{CUBE.amount}` in the definition of `amount` itself, or naming no member, is the column (as in Cube).
    const column = `${scope.alias(target.name)}.${quoteId(member)}`;
    if (stack.at(-1) === `${target.name}.${member}`) {
      if (granularity === undefined) return column;
      throw new ModelReferenceError(`${whole}: a granularity needs a time dimension`);
    }
    const dimension = target.dimensions.find((d) => d.name === member);
    if (!dimension && !isMember(target, member)) {
      if (granularity === undefined) return column;
      throw new ModelReferenceError(`${whole}: ${target.name} has no dimension ${member}`);
    }
    if (!dimension) {
      throw new ModelReferenceError(
        target.measures.some((m) => m.name === member)
          ? `${whole}: referencing measure ${member} is not supported`
          : `${whole}: ${target.name} has no dimension ${member}`,
      );
    }
    // A member of another cube keeps this SQL's scope: its own references to further cubes resolve the same way.
    const inner2 = memberSqlOf({ ...scope, cube: target }, member, stack);
    const expr = SIMPLE.test(inner2) ? inner2 : `(${inner2})`;
    if (granularity === undefined) return expr;
    const custom = dimension.granularities?.find((g) => g.name === granularity);
    // A calendar cube's granularity names the column holding each row's bucket (in the dimension's cube).
    if (dimension.type === 'time' && custom?.sql !== undefined) {
      const bucket = expandReferences(custom.sql, { ...scope, cube: target }, stack);
      return SIMPLE.test(bucket) ? bucket : `(${bucket})`;
    }
    if (dimension.type === 'time' && custom?.interval !== undefined) {
      try {
        return customBucket(expr, { ...custom, interval: custom.interval });
      } catch (error) {
        throw new ModelReferenceError(`${whole}: ${(error as Error).message}`);
      }
    }
    if (dimension.type !== 'time' || !(GRANULARITIES as readonly string[]).includes(granularity)) {
      throw new ModelReferenceError(
        `${whole}: ${granularity} is not a granularity of a time dimension (${GRANULARITIES.join(', ')}, or one of its custom granularities)`,
      );
    }
    return `date_trunc('${granularity}', ${expr})`;
  });
}

/** The ON condition of a join edge, aliases being cube names. */
export function joinSql(cubes: ReadonlyMap<string, CubeDef>, edge: JoinEdge): string {
  const declaredOn = cubes.get(edge.declaredOn);
  if (!declaredOn) throw new ModelReferenceError(`unknown cube ${edge.declaredOn}`);
  const other = edge.declaredOn === edge.parent ? edge.child : edge.parent;
  return expandReferences(edge.sql, { cubes, cube: declaredOn, alias: quoteId, others: [other] });
}

/** The join between two cubes in either direction (declared on `a` or on `b`), seen from `a`. */
export function edgeBetween(cubes: ReadonlyMap<string, CubeDef>, a: string, b: string): JoinEdge | undefined {
  const forward = cubes.get(a)?.joins.find((j) => j.name === b);
  if (forward)
    return { parent: a, child: b, declaredOn: a, sql: forward.sql, rel: relOf(forward.relationship) };
  const backward = cubes.get(b)?.joins.find((j) => j.name === a);
  if (!backward) return undefined;
  const rel = relOf(backward.relationship);
  return {
    parent: a,
    child: b,
    declaredOn: b,
    sql: backward.sql,
    rel: rel === 'to_one' ? 'to_many' : rel === 'to_many' ? 'to_one' : 'one',
  };
}

function relOf(relationship: JoinDef['relationship']): JoinEdge['rel'] {
  if (relationship === 'many_to_one' || relationship === 'belongs_to') return 'to_one';
  if (relationship === 'one_to_many' || relationship === 'has_many') return 'to_many';
  return 'one';
}

/** Cubes whose rows a join tree repeats: on the one side of a `to_many` edge, or below a `to_one` edge. */
export function multipliedCubes(edges: readonly JoinEdge[]): Set<string> {
  const children = new Map<string, string[]>();
  const nodes = new Set<string>();
  for (const e of edges) {
    children.set(e.parent, [...(children.get(e.parent) ?? []), e.child]);
    nodes.add(e.parent);
    nodes.add(e.child);
  }
  const subtree = (at: string): Set<string> => {
    const out = new Set([at]);
    for (const child of children.get(at) ?? []) for (const n of subtree(child)) out.add(n);
    return out;
  };
  const multiplied = new Set<string>();
  for (const e of edges) {
    if (e.rel === 'one') continue;
    const below = subtree(e.child);
    for (const n of nodes) if ((e.rel === 'to_one') === below.has(n)) multiplied.add(n);
  }
  return multiplied;
}

/**
 * The start of a custom granularity's bucket (Cube's `granularities`), as SQL both engines run: a one-unit interval
 * (optionally shifted by `offset`, e.g. a fiscal year from April: `1 year`, offset `3 months`) truncates the shifted
 * time and shifts back; an interval of several months, quarters or years counts months from the origin's month
 * (default January 1970). Several days, weeks or smaller units are refused (the engines count them differently).
 */
export function customBucket(
  expr: string,
  g: { interval: string; offset?: string; origin?: string },
): string {
  const [count = '1', word = ''] = g.interval.trim().split(/\s+/);
  const n = Number(count);
  const unit = word.replace(/s$/, '');
  if (n <= 0) throw new Error('a granularity interval must be positive');
  const offset = g.offset ? `INTERVAL '${g.offset.replace(/'/g, '')}'` : undefined;
  const shifted = offset ? `(${expr} - ${offset})` : expr;
  const back = (bucket: string) => (offset ? `(${bucket} + ${offset})` : bucket);
  if (n === 1 && !g.origin) return back(`date_trunc('${unit}', ${shifted})`);
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : unit === 'year' ? 12 * n : undefined;
  if (months === undefined) {
    throw new Error(
      `an interval of ${g.interval} is not supported in model SQL (one ${unit}, or months, quarters, years)`,
    );
  }
  const [year = 1970, month = 1] = (g.origin ?? '1970-01').split('-').map(Number);
  const origin = year * 12 + month - 1;
  const index = `(extract(year from ${shifted}) * 12 + extract(month from ${shifted}) - 1)`;
  const bucket = `(${origin} + floor((${index} - ${origin}) / ${months}.0) * ${months})`;
  const date = `make_date(CAST(floor(${bucket} / 12.0) AS INTEGER), CAST(${bucket} - floor(${bucket} / 12.0) * 12 + 1 AS INTEGER), 1)`;
  return back(`CAST(${date} AS TIMESTAMP)`);
}
