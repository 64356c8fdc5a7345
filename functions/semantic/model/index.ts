import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { TtlCache } from '../../cache';
import { checkedAsCalculated, planMeasures } from './calculated';
import { snakeKeys } from './camel-keys';
import { expandContextRefs } from './context-refs';
import { memberReads } from './cross-cube';
import { derivedHidingNotes } from './derived';
import { applyExtends } from './extends';
import { COMPILE_CONTEXT_FILE, renderModelFiles } from './jinja';
import { readJsModel } from './js-model';
import { leafFilters, valueCount } from './policy-rules';
import { edgeBetween, joinSql, memberScope, memberSqlOf, messageOf, type ReferenceScope } from './references';
import {
  type CubeDef,
  type DataModel,
  type DimensionDef,
  fileSchema,
  type MeasureDef,
  type Member,
  type ModelFile,
  type ModelIssue,
  type ModelObject,
  ModelValidationError,
  memberLists,
  titleOf,
  type VerifiedQueryDef,
  type ViewDef,
} from './schema';
import { planSubQueries } from './subquery';
import { buildView } from './views';

const pathText = (path: readonly PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '') || '(root)';

/** Parsed models by content hash (a warm function serves a few deployments and branches). */
const cache = new TtlCache<string, DataModel>({ ttlMs: 60 * 60_000, maxEntries: 50 });

/** Parses and validates a model; all problems are reported together. Cached by content. */
export function parseModel(files: readonly ModelFile[]): DataModel {
  const hash = createHash('sha256')
    .update(JSON.stringify([...files].sort((a, b) => a.path.localeCompare(b.path))))
    .digest('hex');
  const hit = cache.get(hash);
  if (hit) return hit;

  // JavaScript models are read as data (js-model.ts); the rest is YAML, Jinja rendered first.
  const isJs = (f: ModelFile) => JS_MODEL.test(f.path);
  const rendered = renderModelFiles(files.filter((f) => !isJs(f)));
  const issues: ModelIssue[] = [...rendered.issues];
  const documents: { file: ModelFile; raw?: unknown }[] = rendered.files.map((file) => ({ file }));
  for (const file of files.filter(isJs)) {
    const read = readJsModel(file);
    issues.push(...read.issues);
    if (read.data) documents.push({ file, raw: read.data });
  }
  const cubes = new Map<string, CubeDef>();
  const views = new Map<string, ViewDef>();
  const origin = new Map<string, string>();
  const verifiedQueries: VerifiedQueryDef[] = [];
  for (const { file, raw: read } of documents) {
    let raw: unknown = read;
    try {
      // Cube reads camelCase keys too (camel-keys.ts).
      raw ??= snakeKeys(parseYaml(file.content) ?? {});
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
    for (const [kind, list] of memberLists(cube)) {
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
    const own: ReferenceScope = memberScope(cubes, cube);
    for (const [kind, list] of memberLists(cube)) {
      for (const [i, def] of list.entries()) {
        // Measures over measures and sub_query dimensions are checked by planMeasures / planSubQueries below.
        if (kind === 'measure' && checkedAsCalculated(def as MeasureDef)) continue;
        if (kind === 'dimension' && (def as DimensionDef).sub_query) continue;
        try {
          memberSqlOf(own, def.name);
        } catch (error) {
          issues.push({ file, path: `${path}.${kind}s[${i}].sql`, message: messageOf(error) });
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
    const hierarchies = (cube.hierarchies ?? []).flatMap((h, i) => {
      const levels = h.levels.map((level) => {
        const own = level.replace(/^\{CUBE\}\./, '');
        if (own.includes('.')) return own;
        if (!cube.dimensions.some((d) => d.name === own)) {
          issues.push({
            file,
            path: `${path}.hierarchies[${i}].levels`,
            message: `unknown dimension ${own} of ${cube.name}`,
          });
        }
        return `${cube.name}.${own}`;
      });
      return h.public === false ? [] : [{ name: h.name, title: h.title ?? titleOf(h.name), levels }];
    });
    objects.set(cube.name, {
      ...(hierarchies.length > 0 ? { hierarchies } : {}),
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
    objects.set(view.name, buildView(view, { cubes, objects, where, issues }));
  }
  planMeasures(cubes, objects, where, issues);
  planSubQueries(
    cubes,
    [...objects.values()].flatMap((o) => o.members),
    where,
    issues,
  );
  const reads = memberReads(cubes, objects, where, issues);
  if (issues.length > 0) throw new ModelValidationError(issues);
  const notes = [
    ...rendered.notes,
    ...[...cubes.values()].flatMap((cube) => derivedHidingNotes(cube, cubes, where(cube.name))),
  ];
  const model: DataModel = {
    hash,
    cubes,
    views,
    objects,
    ...(reads.size > 0 ? { memberReads: reads } : {}),
    ...(verifiedQueries.length > 0 ? { verifiedQueries } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
  cache.set(hash, model);
  return model;
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
  const rolling = kind === 'measure' ? (def as MeasureDef).rolling_window : undefined;
  if (rolling) member.rolling = rolling;
  if (kind === 'segment') member.segment = true;
  if (kind === 'dimension' && (def as DimensionDef).type === 'switch') {
    member.switchValues = (def as DimensionDef).values ?? [];
  }
  if (def.description) member.description = def.description;
  if ('format' in def && def.format !== undefined) member.format = def.format;
  if (def.meta) member.meta = def.meta;
  if (kind === 'dimension' && (def as DimensionDef).granularities?.length) {
    member.granularities = ((def as DimensionDef).granularities ?? []).map((g) => ({
      name: g.name,
      title: g.title ?? titleOf(g.name),
      ...(g.interval ? { interval: g.interval } : {}),
      ...(g.offset ? { offset: g.offset } : {}),
      ...(g.origin ? { origin: g.origin } : {}),
    }));
  }
  if (kind === 'dimension' && (def as DimensionDef).time_shift?.length) {
    member.calendarShifts = ((def as DimensionDef).time_shift ?? []).map((t) => ({
      type: t.type ?? 'prior',
      ...(t.interval ? { interval: t.interval } : {}),
      ...(t.name ? { name: t.name } : {}),
    }));
  }
  if (def.public === false || def.shown === false) member.hidden = true;
  return member;
}

/** JavaScript model files (`cube(...)`, `view(...)`), read without running them (js-model.ts). */
const JS_MODEL = /\.js$/;
/** Files of a Cube project this loader cannot read: refused by name rather than skipped. */
const UNSUPPORTED_FILE = /\.(cjs|mjs|ts)$/;

/**
 * Reads the model files of a directory and its subfolders (paths relative to it, sorted): *.yml / *.yaml,
 * Jinja (*.yml.jinja, *.yaml.jinja, and *.jinja macro files they import, `.utils.jinja` too), JavaScript models (*.js), Python files
 * (*.py: not run; the renderer notes them) and a root `compile_context.json`. TypeScript and module files are
 * refused with a ModelValidationError naming each, never skipped.
 */
export async function loadModelDir(dir: string): Promise<ModelFile[]> {
  const found: string[] = [];
  const refused: ModelIssue[] = [];
  const visit = async (relative: string): Promise<void> => {
    const entries = await readdir(join(dir, relative), { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      // Hidden entries are skipped, but a hidden Jinja library (Cube's `.utils.jinja`) is a template to import.
      const hiddenLibrary = entry.isFile() && /^\..+\.jinja$/.test(entry.name);
      if ((entry.name.startsWith('.') && !hiddenLibrary) || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) await visit(path);
      else if (/\.ya?ml$|\.jinja$|\.js$|\.py$/.test(entry.name) || path === COMPILE_CONTEXT_FILE)
        found.push(path);
      else if (UNSUPPORTED_FILE.test(entry.name)) {
        refused.push({
          file: path,
          path: '(root)',
          message:
            'TypeScript and module files are not read: models are YAML (.yml, .yaml), Jinja YAML (.yml.jinja) or JavaScript (.js) files',
        });
      }
    }
  };
  await visit('');
  if (refused.length > 0) throw new ModelValidationError(refused);
  if (!found.some((p) => /\.ya?ml(\.jinja)?$|\.js$/.test(p)))
    throw new Error(`No .yml or .js model files in ${dir}`);
  found.sort();
  return Promise.all(found.map(async (path) => ({ path, content: await readFile(join(dir, path), 'utf8') })));
}

/** The demo model of README, "Configuration" for a branch (`dev` adds orders_view.median_amount). */
export async function demoModelFiles(branch: 'main' | 'dev'): Promise<ModelFile[]> {
  return loadModelDir(new URL(`../../../models/demo/${branch}`, import.meta.url).pathname);
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
// The schema and types live in ./model-schema, views in ./model-views; re-exported for importers of ./model.
export * from './schema';
export { buildView } from './views';
