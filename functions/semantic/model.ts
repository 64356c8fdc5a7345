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

const dimensionSchema = z.strictObject({
  name: identifier,
  sql: z.string().min(1),
  type: z.enum(['string', 'number', 'time', 'boolean']),
  title: z.string().optional(),
  description: z.string().optional(),
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

const fileSchema = z.strictObject({
  cubes: z.array(cubeSchema).optional(),
  views: z.array(viewSchema).optional(),
});

export type DimensionDef = z.infer<typeof dimensionSchema>;
export type MeasureDef = z.infer<typeof measureSchema>;
export type PolicyDef = z.infer<typeof policySchema>;
export type FilterDef = z.infer<typeof filterSchema>;
export type CubeDef = z.infer<typeof cubeSchema>;
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
  /** `public: false` objects are building blocks: never searched or queried directly. */
  public: boolean;
  /** A view's own access policy (over view member names), applied on top of its cubes' policies. */
  policies?: PolicyDef[];
}

export interface DataModel {
  /** Content hash: parsed models and compiled queries are cached by it. */
  readonly hash: string;
  readonly cubes: ReadonlyMap<string, CubeDef>;
  readonly views: ReadonlyMap<string, ViewDef>;
  readonly objects: ReadonlyMap<string, ModelObject>;
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

  const issues: ModelIssue[] = [];
  const cubes = new Map<string, CubeDef>();
  const views = new Map<string, ViewDef>();
  const origin = new Map<string, string>();
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
      public: cube.public ?? true,
    });
  }
  for (const view of views.values()) {
    const { file, path } = where(view.name);
    const members: Member[] = [];
    const joinPath: string[][] = [];
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
      joinPath.push(steps);
      const leaf = steps.at(-1) ?? '';
      const cubeObject = objects.get(leaf);
      if (!cubeObject) continue;
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
    objects.set(view.name, {
      name: view.name,
      kind: 'view',
      title: view.title ?? titleOf(view.name),
      ...(view.description ? { description: view.description } : {}),
      members,
      joinPath,
      public: view.public ?? true,
      ...(view.access_policy ? { policies: view.access_policy } : {}),
    });
  }
  if (issues.length > 0) throw new ModelValidationError(issues);
  const model: DataModel = { hash, cubes, views, objects };
  cache.set(hash, model);
  return model;
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

/** Reads the *.yml / *.yaml files of a directory (sorted by name). */
export async function loadModelDir(dir: string): Promise<ModelFile[]> {
  const names = (await readdir(dir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  if (names.length === 0) throw new Error(`No .yml files in ${dir}`);
  return Promise.all(
    names.map(async (name) => ({ path: name, content: await readFile(join(dir, name), 'utf8') })),
  );
}

/** The demo model of contract §9 for a branch (`dev` adds orders_view.median_amount). */
export async function demoModelFiles(branch: 'main' | 'dev'): Promise<ModelFile[]> {
  return loadModelDir(new URL(`../../models/demo/${branch}`, import.meta.url).pathname);
}
