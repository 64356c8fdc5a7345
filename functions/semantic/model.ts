import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import * as z from 'zod';
import { AppError } from '../errors';
import { expandContextRefs } from './context-refs';
import { applyExtends } from './extends';
import { COMPILE_CONTEXT_FILE, renderModelFiles } from './jinja';
import { conditionSchema, leafFilters, type RowFilter, rowFilterSchema, valueCount } from './policy-rules';
import {
  edgeBetween,
  joinSql,
  memberSqlOf,
  messageOf,
  multipliedCubes,
  quoteId,
  type ReferenceScope,
} from './references';
import { sqlTableSchema, viewIncludeSchema } from './schema-parts';
import { type CalculatedMeasure, checkedAsCalculated, planMeasures } from './sql/calculated';
import { planSubQueries, type SubQuery } from './sql/subquery';

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

/** Cube's `case` dimension: labels chosen by the first condition that holds (sql optional with it). */
const caseLabel = z.union([z.string(), z.strictObject({ sql: z.string().min(1) })]);
const caseSchema = z.strictObject({
  when: z.array(z.strictObject({ sql: z.string().min(1), label: caseLabel })).min(1),
  else: z.strictObject({ label: caseLabel }).optional(),
});

const dimensionSchema = z.strictObject({
  name: identifier,
  sql: z.string().min(1).optional(), // one of sql or case: checked by planMeasures
  case: caseSchema.optional(),
  type: z.enum(['string', 'number', 'time', 'boolean', 'switch']),
  /** A `switch` dimension's values (loaded; queries naming it are refused). */
  values: z.array(z.string()).optional(),
  public: z.boolean().optional(),
  shown: z.boolean().optional(),
  /** `sql: "{other.measure}"`: that measure per row of this cube, by the join (sql/subquery.ts). */
  sub_query: z.boolean().optional(),
  propagate_filters_to_sub_query: z.boolean().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  meta,
  format,
  primary_key: z.boolean().optional(),
  synonyms: z.array(z.string()).optional(),
});

export const MEASURE_TYPES = [
  'count',
  'count_distinct',
  'count_distinct_approx',
  'sum',
  'avg',
  'min',
  'max',
  'median',
  'number',
  'string',
  'time',
  'boolean',
] as const;

const measureSchema = z.strictObject({
  name: identifier,
  type: z.enum(MEASURE_TYPES),
  sql: z.string().min(1).optional(),
  /** Cube's measure filters: each `sql` holds for a row to be aggregated (CASE WHEN inside the aggregate). */
  filters: z.array(z.strictObject({ sql: z.string().min(1) })).optional(),
  /** Loaded; queries naming such a measure are refused (docs/data-model.md). */
  rolling_window: z.record(z.string(), z.unknown()).optional(),
  multi_stage: z.boolean().optional(),
  time_shift: z.array(z.record(z.string(), z.unknown())).optional(),
  case: z.record(z.string(), z.unknown()).optional(),
  reduce_by: z.array(z.string()).optional(),
  add_group_by: z.array(z.string()).optional(),
  group_by: z.array(z.string()).optional(),
  public: z.boolean().optional(),
  shown: z.boolean().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  synonyms: z.array(z.string()).optional(),
  meta,
  format,
  drill_members: z.array(z.string()).optional(),
});

const policySchema = z
  .strictObject({
    group: z.string().optional(),
    groups: z.array(z.string()).optional(),
    /** Cube's older name for a group: matched against the user's groups (docs/data-model.md). */
    role: z.string().optional(),
    /** All must hold for the policy to apply (policy-rules.ts). */
    conditions: z.array(conditionSchema).optional(),
    /** Extension: groups scoped to the session's embed tenant (creator mode); never matched by `group(s)`. */
    embed_group: z.string().optional(),
    embed_groups: z.array(z.string()).optional(),
    row_level: z
      .strictObject({ allow_all: z.boolean().optional(), filters: z.array(rowFilterSchema).optional() })
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
      p.role !== undefined ||
      p.embed_group !== undefined ||
      p.embed_groups !== undefined,
    'needs group, groups, role, embed_group or embed_groups',
  );

const joinSchema = z.strictObject({
  name: identifier,
  sql: z.string().min(1),
  relationship: z.enum(['many_to_one', 'one_to_one', 'one_to_many', 'belongs_to', 'has_one', 'has_many']),
});

const cubeSchema = z
  .strictObject({
    name: identifier,
    sql_table: sqlTableSchema.optional(),
    /** Another cube whose members, joins and settings this one inherits (see extends.ts). */
    extends: identifier.optional(),
    sql: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    dimensions: z.array(dimensionSchema).default([]),
    measures: z.array(measureSchema).default([]),
    joins: z.array(joinSchema).default([]),
    segments: z
      .array(
        z.strictObject({
          name: identifier,
          sql: z.string().min(1),
          title: z.string().optional(),
          description: z.string().optional(),
          public: z.boolean().optional(),
          shown: z.boolean().optional(),
          meta,
        }),
      )
      .default([]),
    access_policy: z.array(policySchema).optional(),
    public: z.boolean().optional(),
    meta,
    /** One data source per deployment: the name is accepted and not used. */
    data_source: z.string().optional(),
    /** Queries always read the source: pre-aggregations and refresh keys are accepted and not used. */
    pre_aggregations: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    refresh_key: z.record(z.string(), z.unknown()).optional(),
    /** Display groupings: kept for coreMeta, never change a query. */
    hierarchies: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .refine(
    (c) => c.extends !== undefined || (c.sql_table === undefined) !== (c.sql === undefined),
    'needs exactly one of sql_table or sql',
  );

const viewSchema = z.strictObject({
  name: identifier,
  title: z.string().optional(),
  description: z.string().optional(),
  public: z.boolean().optional(),
  meta,
  /** Another view whose cubes and policies this one inherits (see extends.ts). */
  extends: identifier.optional(),
  cubes: z
    .array(
      z.strictObject({
        join_path: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/),
        includes: z.union([z.literal('*'), z.array(viewIncludeSchema)]).default('*'),
        excludes: z.array(identifier).optional(),
        prefix: z.boolean().optional(),
        /** The prefix of this path's members when `prefix: true` (instead of the cube's name). */
        alias: identifier.optional(),
      }),
    )
    .default([]),
  /** Display groupings: kept for coreMeta, never change a query. */
  folders: z.array(z.record(z.string(), z.unknown())).optional(),
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
export type FilterDef = RowFilter;
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
  format?: unknown;
  meta?: Record<string, unknown>;
  /** A segment of its cube: a boolean column, true on the rows the segment selects. */
  segment?: true;
  /** `public: false` / `shown: false`: a building block never shown in coreMeta nor queryable. */
  hidden?: true;
  /** A measure computed over other measures or over aggregates (`number`, `string`, `time`, `boolean`). */
  calc?: CalculatedMeasure;
  /** A Cube feature this measure uses that queries cannot compute (refused when queried, naming it). */
  unsupported?: string;
  /** A `sub_query` dimension: the measure of another cube it reads. */
  subQuery?: SubQuery;
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

  // Jinja (`*.yml.jinja`, or Jinja syntax in a .yml) is rendered with the model's COMPILE_CONTEXT first.
  const rendered = renderModelFiles(files);
  const issues: ModelIssue[] = [...rendered.issues];
  const cubes = new Map<string, CubeDef>();
  const views = new Map<string, ViewDef>();
  const origin = new Map<string, string>();
  const verifiedQueries: VerifiedQueryDef[] = [];
  for (const file of rendered.files) {
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
  applyExtends(cubes, views, where, issues);
  for (const cube of cubes.values()) {
    const { file, path } = where(cube.name);
    const seen = new Set<string>();
    const members: Member[] = [];
    for (const [kind, list] of [
      ['dimension', cube.dimensions],
      ['measure', cube.measures],
      ['segment', cube.segments],
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
      ['segments', cube.segments],
    ] as const) {
      for (const [i, def] of list.entries()) {
        // Measures over measures and sub_query dimensions are checked by planMeasures / planSubQueries below.
        if (kind === 'measures' && checkedAsCalculated(def as MeasureDef)) continue;
        if (kind === 'dimensions' && (def as DimensionDef).sub_query) continue;
        try {
          memberSqlOf(own, def.name);
        } catch (error) {
          issues.push({ file, path: `${path}.${kind}[${i}].sql`, message: messageOf(error) });
        }
      }
    }
    if (cube.sql !== undefined) {
      try {
        if (/\$?\{[^{}]*\}/.test(expandContextRefs(cube.sql))) {
          issues.push({
            file,
            path: `${path}.sql`,
            message:
              'references in a cube sql may only be {SECURITY_CONTEXT...}, {securityContext...}, {userAttributes...} or {FILTER_PARAMS...}',
          });
        }
      } catch (error) {
        issues.push({ file, path: `${path}.sql`, message: messageOf(error) });
      }
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
      for (const [j, filter] of leafFilters(policy.row_level?.filters).entries()) {
        const count = valueCount(filter.operator);
        if (typeof count === 'number' && (filter.values?.length ?? 0) !== count) {
          issues.push({
            file,
            path: `${path}.access_policy[${i}].row_level.filters`,
            message: `${filter.operator} on ${filter.member} takes ${count} value(s)`,
          });
        }
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
      for (const item of includes) {
        const name = typeof item === 'string' ? item : item.name;
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
        // Cube: an item's alias names it; else `prefix: true` prefixes it with the path's alias or cube name.
        const alias = typeof item === 'string' ? undefined : item.alias;
        const exposed = alias ?? (part.prefix ? `${part.alias ?? leaf}_${name}` : name);
        if (members.some((m) => m.name === exposed)) {
          issues.push({
            file,
            path: `${path}.cubes[${i}].includes`,
            message: `member ${exposed} appears twice`,
          });
          continue;
        }
        members.push({
          ...member,
          name: exposed,
          ...(typeof item !== 'string' && item.title ? { title: item.title } : {}),
          ...(typeof item !== 'string' && item.description ? { description: item.description } : {}),
        });
      }
    }
    for (const [i, policy] of (view.access_policy ?? []).entries()) {
      const at = `${path}.access_policy[${i}]`;
      for (const [j, filter] of leafFilters(policy.row_level?.filters).entries()) {
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
  planMeasures(cubes, objects, where, issues);
  planSubQueries(
    cubes,
    [...objects.values()].flatMap((o) => o.members),
    where,
    issues,
  );
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

type SegmentDef = CubeDef['segments'][number];

function toMember(
  cube: string,
  def: DimensionDef | MeasureDef | SegmentDef,
  kind: 'dimension' | 'measure' | 'segment',
): Member {
  const measureType = kind === 'measure' ? (def as MeasureDef).type : undefined;
  const member: Member = {
    name: def.name,
    kind: kind === 'measure' ? 'measure' : 'dimension',
    type:
      kind === 'dimension'
        ? (def as DimensionDef).type === 'switch'
          ? 'string'
          : ((def as DimensionDef).type as Member['type'])
        : kind === 'segment'
          ? 'boolean'
          : measureType === 'string' || measureType === 'time' || measureType === 'boolean'
            ? measureType
            : 'number',
    title: def.title ?? titleOf(def.name),
    synonyms: 'synonyms' in def ? (def.synonyms ?? []) : [],
    cube,
    cubeMember: def.name,
  };
  if (measureType) member.aggType = measureType;
  if (kind === 'segment') member.segment = true;
  if (def.description) member.description = def.description;
  if ('format' in def && def.format !== undefined) member.format = def.format;
  if (def.meta) member.meta = def.meta;
  if (def.public === false || def.shown === false) member.hidden = true;
  return member;
}

/** Files of a Cube project this loader cannot read: refused by name rather than skipped. */
const UNSUPPORTED_FILE = /\.(js|cjs|mjs|ts|py)$/;

/**
 * Reads the model files of a directory and its subfolders (paths relative to it, sorted): *.yml / *.yaml,
 * Jinja (*.yml.jinja, *.yaml.jinja, and *.jinja macro files they import) and a root `compile_context.json`.
 * JavaScript and Python model files are refused with a ModelValidationError naming each, never skipped.
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
      else if (/\.ya?ml$|\.jinja$/.test(entry.name) || path === COMPILE_CONTEXT_FILE) found.push(path);
      else if (UNSUPPORTED_FILE.test(entry.name)) {
        refused.push({
          file: path,
          path: '(root)',
          message: `${/\.py$/.test(entry.name) ? 'Python' : 'JavaScript'} model files are not supported: only YAML (.yml, .yaml) and Jinja YAML (.yml.jinja) models are; rewrite it in YAML`,
        });
      }
    }
  };
  await visit('');
  if (refused.length > 0) throw new ModelValidationError(refused);
  if (!found.some((p) => /\.ya?ml(\.jinja)?$/.test(p))) throw new Error(`No .yml files in ${dir}`);
  found.sort();
  return Promise.all(found.map(async (path) => ({ path, content: await readFile(join(dir, path), 'utf8') })));
}

/** The demo model of contract §9 for a branch (`dev` adds orders_view.median_amount). */
export async function demoModelFiles(branch: 'main' | 'dev'): Promise<ModelFile[]> {
  return loadModelDir(new URL(`../../models/demo/${branch}`, import.meta.url).pathname);
}

// Joins and references live in ./references (no cycle with the compiler stages); re-exported for old importers.
export {
  edgeBetween,
  expandReferences,
  GRANULARITIES,
  joinSql,
  ModelReferenceError,
  memberSqlOf,
  multipliedCubes,
  type ReferenceScope,
} from './references';
