import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import * as z from 'zod';
import { AppError } from '../errors';

/** One YAML file of a model branch. */
export interface ModelFile {
  path: string;
  content: string;
}

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier (letters, digits, _)');

/**
 * Cube keys accepted and not used: display and caching hints that never change a query's rows or who sees
 * them (documented in docs/data-model.md).
 */
const meta = z.record(z.string(), z.unknown()).optional();
const format = z.union([z.string(), z.record(z.string(), z.unknown())]).optional();

const dimensionSchema = z.strictObject({
  name: identifier,
  sql: z.string().min(1),
  type: z.enum(['string', 'number', 'time', 'boolean']),
  title: z.string().optional(),
  description: z.string().optional(),
  meta,
  format,
  primary_key: z.boolean().optional(),
  synonyms: z.array(z.string()).optional(),
});

export const MEASURE_TYPES = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median'] as const;

const measureSchema = z.strictObject({
  name: identifier,
  type: z.enum(MEASURE_TYPES),
  sql: z.string().min(1).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  synonyms: z.array(z.string()).optional(),
  meta,
  format,
  drill_members: z.array(z.string()).optional(),
});

const filterSchema = z.strictObject({
  member: identifier,
  operator: z.enum(['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'set', 'notSet']),
  values: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** Extension: when the referenced attribute is missing, `deny` (default: no rows) or `allow` (filter skipped). */
  if_missing: z.enum(['deny', 'allow']).optional(),
});

const policySchema = z
  .strictObject({
    group: z.string().optional(),
    groups: z.array(z.string()).optional(),
    /** Extension: groups scoped to the session's embed tenant (creator mode); never matched by `group(s)`. */
    embed_group: z.string().optional(),
    embed_groups: z.array(z.string()).optional(),
    row_level: z
      .strictObject({ allow_all: z.boolean().optional(), filters: z.array(filterSchema).optional() })
      .optional(),
    member_level: z
      .strictObject({
        includes: z.union([z.literal('*'), z.array(identifier)]).optional(),
        excludes: z.array(identifier).optional(),
      })
      .optional(),
  })
  .refine(
    (p) =>
      p.group !== undefined ||
      p.groups !== undefined ||
      p.embed_group !== undefined ||
      p.embed_groups !== undefined,
    'needs group, groups, embed_group or embed_groups',
  );

const joinSchema = z.strictObject({
  name: identifier,
  sql: z.string().min(1),
  relationship: z.enum(['many_to_one', 'one_to_one', 'one_to_many', 'belongs_to', 'has_one', 'has_many']),
});

const cubeSchema = z
  .strictObject({
    name: identifier,
    sql_table: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, 'must be a table name')
      .optional(),
    sql: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    dimensions: z.array(dimensionSchema).default([]),
    measures: z.array(measureSchema).default([]),
    joins: z.array(joinSchema).default([]),
    access_policy: z.array(policySchema).optional(),
    public: z.boolean().optional(),
    meta,
    /** One data source per deployment: the name is accepted and not used. */
    data_source: z.string().optional(),
    /** Queries always read the source: pre-aggregations and refresh keys are accepted and not used. */
    pre_aggregations: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    refresh_key: z.record(z.string(), z.unknown()).optional(),
  })
  .refine(
    (c) => (c.sql_table === undefined) !== (c.sql === undefined),
    'needs exactly one of sql_table or sql',
  );

const viewSchema = z.strictObject({
  name: identifier,
  title: z.string().optional(),
  description: z.string().optional(),
  public: z.boolean().optional(),
  meta,
  cubes: z
    .array(
      z.strictObject({
        join_path: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/),
        includes: z.union([z.literal('*'), z.array(identifier)]).default('*'),
        excludes: z.array(identifier).optional(),
        prefix: z.boolean().optional(),
      }),
    )
    .min(1),
  access_policy: z.array(policySchema).optional(),
});

/** A question/SQL pair the model's authors vouch for (the analyst reuses or imitates it). */
const verifiedQuerySchema = z.strictObject({
  question: z.string().min(1).max(1000),
  sql: z.string().min(1).max(20_000),
});

const fileSchema = z.strictObject({
  cubes: z.array(cubeSchema).optional(),
  views: z.array(viewSchema).optional(),
  verified_queries: z.array(verifiedQuerySchema).optional(),
});
export type VerifiedQueryDef = z.infer<typeof verifiedQuerySchema>;

export type DimensionDef = z.infer<typeof dimensionSchema>;
export type MeasureDef = z.infer<typeof measureSchema>;
export type PolicyDef = z.infer<typeof policySchema>;
export type FilterDef = z.infer<typeof filterSchema>;
export type CubeDef = z.infer<typeof cubeSchema>;
export type JoinDef = z.infer<typeof joinSchema>;
export type ViewDef = z.infer<typeof viewSchema>;

/** A member as queries see it: a column of a cube or view. */
export interface Member {
  name: string;
  kind: 'dimension' | 'measure';
  type: 'string' | 'number' | 'time' | 'boolean';
  aggType?: (typeof MEASURE_TYPES)[number];
  title: string;
  description?: string;
  synonyms: string[];
  /** The cube the member comes from and its name there (views point into cubes). */
  cube: string;
  cubeMember: string;
}

/** A queryable object: a cube, or a view over cubes by join path. */
export interface ModelObject {
  name: string;
  kind: 'cube' | 'view';
  title: string;
  description?: string;
  members: Member[];
  /** Cubes joined to build the object: alias -> path from the root cube. */
  joinPath: string[][];
  /** The cube every row of the object starts from. */
  root: string;
  /** The join tree from the root, parents before children (a view's paths and how its other roots connect). */
  edges: JoinEdge[];
  /** `public: false` objects are building blocks: never searched or queried directly. */
  public: boolean;
  /** A view's own access policy (over view member names), applied on top of its cubes' policies. */
  policies?: PolicyDef[];
}

/**
 * One join of an object's join tree. `rel` is seen from the parent: `to_one` (many_to_one: the child's rows
 * repeat once per parent row), `to_many` (one_to_many: the parent's rows repeat once per child row), `one`.
 */
export interface JoinEdge {
  parent: string;
  child: string;
  /** The cube whose `joins` entry holds `sql` (its `{CUBE}`). */
  declaredOn: string;
  sql: string;
  rel: 'to_one' | 'to_many' | 'one';
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

export interface DataModel {
  /** Content hash: parsed models and compiled queries are cached by it. */
  readonly hash: string;
  readonly cubes: ReadonlyMap<string, CubeDef>;
  readonly views: ReadonlyMap<string, ViewDef>;
  readonly objects: ReadonlyMap<string, ModelObject>;
  /** `verified_queries` of all files, in file order. */
  readonly verifiedQueries?: readonly VerifiedQueryDef[];
}

/** One model problem, with the file and the path inside it. */
export interface ModelIssue {
  file: string;
  path: string;
  message: string;
}

/** 400 MODEL_INVALID listing every problem found, each with its file and path. */
export class ModelValidationError extends AppError {
  readonly issues: ModelIssue[];

  constructor(issues: ModelIssue[]) {
    super(
      400,
      'MODEL_INVALID',
      `Data model has ${issues.length} error(s): ${issues.map((i) => `${i.file}: ${i.path}: ${i.message}`).join('; ')}`,
      { details: { issues } },
    );
    this.name = 'ModelValidationError';
    this.issues = issues;
  }
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
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
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
  let sql: string;
  if (dimension) sql = dimension.sql;
  else if (measure?.type === 'count') {
    const keys = cube.dimensions.filter((d) => d.primary_key);
    if (keys.length > 1) {
      const present = keys.map((k) => `${memberSqlOf(scope, k.name, [...stack, key])} IS NOT NULL`);
      return `CASE WHEN ${present.join(' OR ')} THEN 1 END`;
    }
    sql = keys[0]?.sql ?? '1';
  } else if (measure) sql = measure.sql ?? name;
  else throw new ModelReferenceError(`${cube.name} has no member ${name}`);
  if (IDENT.test(sql)) return `${scope.alias(cube.name)}.${quoteId(sql)}`;
  return expandReferences(sql, scope, [...stack, key]);
}

/** Expands the Cube references of one piece of model SQL (see memberSqlOf). */
export function expandReferences(sql: string, scope: ReferenceScope, stack: readonly string[] = []): string {
  return sql.replace(REFERENCE, (whole, inner: string) => {
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
    let target: CubeDef | undefined;
    let member: string | undefined;
    let granularity: string | undefined;
    if (first === 'CUBE' || first === 'TABLE' || first === own.name) target = own;
    else if (scope.others.includes(first)) target = scope.cubes.get(first);
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
    const inner2 = memberSqlOf({ ...scope, cube: target, others: [] }, member, stack);
    const expr = SIMPLE.test(inner2) ? inner2 : `(${inner2})`;
    if (granularity === undefined) return expr;
    if (dimension.type !== 'time' || !(GRANULARITIES as readonly string[]).includes(granularity)) {
      throw new ModelReferenceError(
        `${whole}: ${granularity} is not a granularity of a time dimension (${GRANULARITIES.join(', ')})`,
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

const titleOf = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const pathText = (path: readonly PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '') || '(root)';

const cache = new Map<string, DataModel>();

/** Parses and validates a model; all problems are reported together. Cached by content. */
export function parseModel(files: readonly ModelFile[]): DataModel {
  const hash = createHash('sha256')
    .update(JSON.stringify([...files].sort((a, b) => a.path.localeCompare(b.path))))
    .digest('hex');
  const hit = cache.get(hash);
  if (hit) return hit;

  const issues: ModelIssue[] = [];
  const cubes = new Map<string, CubeDef>();
  const views = new Map<string, ViewDef>();
  const origin = new Map<string, string>();
  const verifiedQueries: VerifiedQueryDef[] = [];
  for (const file of files) {
    let raw: unknown;
    try {
      raw = parseYaml(file.content) ?? {};
    } catch (error) {
      issues.push({
        file: file.path,
        path: '(root)',
        message: error instanceof YAMLParseError ? error.message : String(error),
      });
      continue;
    }
    const parsed = fileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push({ file: file.path, path: pathText(issue.path), message: issue.message });
      }
      continue;
    }
    for (const [i, cube] of (parsed.data.cubes ?? []).entries()) {
      if (cubes.has(cube.name) || views.has(cube.name)) {
        issues.push({ file: file.path, path: `cubes[${i}].name`, message: `${cube.name} is defined twice` });
      }
      cubes.set(cube.name, cube);
      origin.set(cube.name, `${file.path}#cubes[${i}]`);
    }
    verifiedQueries.push(...(parsed.data.verified_queries ?? []));
    for (const [i, view] of (parsed.data.views ?? []).entries()) {
      if (cubes.has(view.name) || views.has(view.name)) {
        issues.push({ file: file.path, path: `views[${i}].name`, message: `${view.name} is defined twice` });
      }
      views.set(view.name, view);
      origin.set(view.name, `${file.path}#views[${i}]`);
    }
  }

  const objects = new Map<string, ModelObject>();
  const where = (name: string) => {
    const [file = '?', path = '?'] = (origin.get(name) ?? '?#?').split('#');
    return { file, path };
  };
  for (const cube of cubes.values()) {
    const { file, path } = where(cube.name);
    const seen = new Set<string>();
    const members: Member[] = [];
    for (const [kind, list] of [
      ['dimension', cube.dimensions],
      ['measure', cube.measures],
    ] as const) {
      for (const [i, def] of list.entries()) {
        if (seen.has(def.name)) {
          issues.push({
            file,
            path: `${path}.${kind}s[${i}].name`,
            message: `member ${def.name} is defined twice`,
          });
        }
        seen.add(def.name);
        members.push(toMember(cube.name, def, kind));
      }
    }
    for (const [i, join] of cube.joins.entries()) {
      if (!cubes.has(join.name)) {
        issues.push({ file, path: `${path}.joins[${i}].name`, message: `unknown cube ${join.name}` });
        continue;
      }
      const edge = edgeBetween(cubes, cube.name, join.name);
      try {
        if (edge) joinSql(cubes, edge);
      } catch (error) {
        issues.push({ file, path: `${path}.joins[${i}].sql`, message: messageOf(error) });
      }
    }
    // Every member's SQL expands now, so a reference the compiler cannot resolve never reaches a database.
    const own: ReferenceScope = { cubes, cube, alias: quoteId, others: [] };
    for (const [kind, list] of [
      ['dimensions', cube.dimensions],
      ['measures', cube.measures],
    ] as const) {
      for (const [i, def] of list.entries()) {
        try {
          memberSqlOf(own, def.name);
        } catch (error) {
          issues.push({ file, path: `${path}.${kind}[${i}].sql`, message: messageOf(error) });
        }
      }
    }
    if (cube.sql !== undefined && /\$?\{[^{}]*\}/.test(cube.sql)) {
      issues.push({
        file,
        path: `${path}.sql`,
        message: 'references ({...}) in a cube sql are not supported: write the SQL out',
      });
    }
    for (const [i, policy] of (cube.access_policy ?? []).entries()) {
      const level = policy.member_level;
      const listed = [
        ...(level?.includes === '*' ? [] : (level?.includes ?? [])),
        ...(level?.excludes ?? []),
      ];
      for (const name of listed) {
        if (!seen.has(name)) {
          issues.push({
            file,
            path: `${path}.access_policy[${i}].member_level`,
            message: `unknown member ${name} of ${cube.name}`,
          });
        }
      }
    }
    for (const [i, policy] of (cube.access_policy ?? []).entries()) {
      for (const [j, filter] of (policy.row_level?.filters ?? []).entries()) {
        if (!cube.dimensions.some((d) => d.name === filter.member)) {
          issues.push({
            file,
            path: `${path}.access_policy[${i}].row_level.filters[${j}].member`,
            message: `unknown dimension ${filter.member} of ${cube.name}`,
          });
        }
      }
    }
    objects.set(cube.name, {
      name: cube.name,
      kind: 'cube',
      title: cube.title ?? titleOf(cube.name),
      ...(cube.description ? { description: cube.description } : {}),
      members,
      joinPath: [[cube.name]],
      root: cube.name,
      edges: [],
      public: cube.public ?? true,
    });
  }
  for (const view of views.values()) {
    const { file, path } = where(view.name);
    const members: Member[] = [];
    const joinPath: string[][] = [];
    const edges: JoinEdge[] = [];
    const inTree = new Set<string>();
    let root = '';
    for (const [i, part] of view.cubes.entries()) {
      const steps = part.join_path.split('.');
      let ok = true;
      for (const [s, step] of steps.entries()) {
        const cube = cubes.get(step);
        if (!cube) {
          issues.push({ file, path: `${path}.cubes[${i}].join_path`, message: `unknown cube ${step}` });
          ok = false;
          break;
        }
        const next = steps[s + 1];
        if (next && !cube.joins.some((j) => j.name === next)) {
          issues.push({
            file,
            path: `${path}.cubes[${i}].join_path`,
            message: `${step} has no join to ${next}`,
          });
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const [first = ''] = steps;
      if (!root) {
        root = first;
        inTree.add(first);
      } else if (!inTree.has(first)) {
        // Another root cube joins the cubes already in the view by the shortest chain of joins (as Cube does).
        const chain = connect(cubes, inTree, first);
        if (!chain) {
          issues.push({
            file,
            path: `${path}.cubes[${i}].join_path`,
            message: `no join connects ${first} to ${[...inTree].join(', ')}`,
          });
          continue;
        }
        for (const edge of chain) {
          edges.push(edge);
          inTree.add(edge.child);
        }
      }
      for (const [s, step] of steps.entries()) {
        const parent = steps[s - 1];
        if (parent === undefined || inTree.has(step)) continue;
        const edge = edgeBetween(cubes, parent, step);
        if (edge) edges.push(edge);
        inTree.add(step);
      }
      joinPath.push(steps);
      const leaf = steps.at(-1) ?? '';
      const cubeObject = objects.get(leaf);
      if (!cubeObject) continue;
      for (const name of part.excludes ?? []) {
        if (!cubeObject.members.some((m) => m.name === name)) {
          issues.push({
            file,
            path: `${path}.cubes[${i}].excludes`,
            message: `${leaf} has no member ${name}`,
          });
        }
      }
      const includes = part.includes === '*' ? cubeObject.members.map((m) => m.name) : part.includes;
      for (const name of includes) {
        const member = cubeObject.members.find((m) => m.name === name);
        if (!member) {
          issues.push({
            file,
            path: `${path}.cubes[${i}].includes`,
            message: `${leaf} has no member ${name}`,
          });
          continue;
        }
        if (part.excludes?.includes(name)) continue;
        const exposed = part.prefix ? `${leaf}_${name}` : name;
        if (members.some((m) => m.name === exposed)) {
          issues.push({
            file,
            path: `${path}.cubes[${i}].includes`,
            message: `member ${exposed} appears twice`,
          });
          continue;
        }
        members.push({ ...member, name: exposed });
      }
    }
    for (const [i, policy] of (view.access_policy ?? []).entries()) {
      const at = `${path}.access_policy[${i}]`;
      for (const [j, filter] of (policy.row_level?.filters ?? []).entries()) {
        if (!members.some((m) => m.name === filter.member && m.kind === 'dimension')) {
          issues.push({
            file,
            path: `${at}.row_level.filters[${j}].member`,
            message: `unknown dimension ${filter.member} of view ${view.name}`,
          });
        }
      }
      const level = policy.member_level;
      const listed = [
        ...(level?.includes === '*' ? [] : (level?.includes ?? [])),
        ...(level?.excludes ?? []),
      ];
      for (const name of listed) {
        if (!members.some((m) => m.name === name)) {
          issues.push({
            file,
            path: `${at}.member_level`,
            message: `unknown member ${name} of view ${view.name}`,
          });
        }
      }
    }
    // Cube's fan-out rule needs a primary key to count each row of a repeated cube once.
    const repeated = multipliedCubes(edges);
    for (const name of repeated) {
      const cube = cubes.get(name);
      const deduplicated = cube?.measures.filter((m) => FANOUT_SENSITIVE.has(m.type)) ?? [];
      if (cube && deduplicated.length > 0 && !cube.dimensions.some((d) => d.primary_key)) {
        issues.push({
          file,
          path: `${path}.cubes`,
          message: `${name} needs a primary_key dimension: its rows repeat across the view's joins and its measures ${deduplicated.map((m) => m.name).join(', ')} must count each row once`,
        });
      }
    }
    objects.set(view.name, {
      name: view.name,
      kind: 'view',
      title: view.title ?? titleOf(view.name),
      ...(view.description ? { description: view.description } : {}),
      members,
      joinPath,
      root,
      edges,
      public: view.public ?? true,
      ...(view.access_policy ? { policies: view.access_policy } : {}),
    });
  }
  if (issues.length > 0) throw new ModelValidationError(issues);
  const model: DataModel = {
    hash,
    cubes,
    views,
    objects,
    ...(verifiedQueries.length > 0 ? { verifiedQueries } : {}),
  };
  cache.set(hash, model);
  return model;
}

/** Measures a repeated row would change (count_distinct, min and max are not). */
export const FANOUT_SENSITIVE: ReadonlySet<string> = new Set(['count', 'sum', 'avg', 'median']);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The shortest chain of joins (either direction) from a cube of `from` to `to`, as edges away from `from`. */
function connect(
  cubes: ReadonlyMap<string, CubeDef>,
  from: ReadonlySet<string>,
  to: string,
): JoinEdge[] | undefined {
  const via = new Map<string, JoinEdge | undefined>([...from].map((c) => [c, undefined]));
  const queue = [...from];
  while (queue.length > 0) {
    const at = queue.shift() ?? '';
    const neighbours = new Set([
      ...(cubes.get(at)?.joins.map((j) => j.name) ?? []),
      ...[...cubes.values()].filter((c) => c.joins.some((j) => j.name === at)).map((c) => c.name),
    ]);
    for (const next of neighbours) {
      if (via.has(next) || !cubes.has(next)) continue;
      via.set(next, edgeBetween(cubes, at, next));
      if (next === to) {
        const chain: JoinEdge[] = [];
        for (let edge = via.get(to); edge; edge = via.get(edge.parent)) chain.unshift(edge);
        return chain;
      }
      queue.push(next);
    }
  }
  return undefined;
}

function toMember(cube: string, def: DimensionDef | MeasureDef, kind: 'dimension' | 'measure'): Member {
  const member: Member = {
    name: def.name,
    kind,
    type: kind === 'measure' ? 'number' : (def as DimensionDef).type,
    title: def.title ?? titleOf(def.name),
    synonyms: def.synonyms ?? [],
    cube,
    cubeMember: def.name,
  };
  if (kind === 'measure') member.aggType = (def as MeasureDef).type;
  if (def.description) member.description = def.description;
  return member;
}

/** Files of a Cube project this loader cannot read: refused by name rather than skipped. */
const UNSUPPORTED_FILE = /\.(js|cjs|mjs|ts|py|jinja)$/;

/**
 * Reads the *.yml / *.yaml files of a directory and its subfolders (paths relative to it, sorted). JavaScript,
 * Python and Jinja model files are refused with a ModelValidationError naming each, never skipped.
 */
export async function loadModelDir(dir: string): Promise<ModelFile[]> {
  const found: string[] = [];
  const refused: ModelIssue[] = [];
  const visit = async (relative: string): Promise<void> => {
    const entries = await readdir(join(dir, relative), { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) await visit(path);
      else if (/\.ya?ml$/.test(entry.name)) found.push(path);
      else if (UNSUPPORTED_FILE.test(entry.name)) {
        refused.push({
          file: path,
          path: '(root)',
          message: /\.jinja$/.test(entry.name)
            ? 'Jinja templates are not supported: render the model to plain YAML first'
            : 'only YAML models (.yml, .yaml) are supported: JavaScript and Python models are not',
        });
      }
    }
  };
  await visit('');
  if (refused.length > 0) throw new ModelValidationError(refused);
  if (found.length === 0) throw new Error(`No .yml files in ${dir}`);
  found.sort();
  return Promise.all(found.map(async (path) => ({ path, content: await readFile(join(dir, path), 'utf8') })));
}

/** The demo model of contract §9 for a branch (`dev` adds orders_view.median_amount). */
export async function demoModelFiles(branch: 'main' | 'dev'): Promise<ModelFile[]> {
  return loadModelDir(new URL(`../../models/demo/${branch}`, import.meta.url).pathname);
}
