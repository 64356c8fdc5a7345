import type { CubeDef, ModelIssue, ViewDef } from './schema';

/**
 * Cube's `extends`: a cube (or view) inherits everything its parent defines. Members, segments, joins and (for views)
 * `cubes` entries are merged by name, the child's definition winning; every other key the child sets replaces
 * the parent's. Chains resolve parent-first; a cycle or an unknown parent is an issue.
 */
export function applyExtends(
  cubes: Map<string, CubeDef>,
  views: Map<string, ViewDef>,
  where: (name: string) => { file: string; path: string },
  issues: ModelIssue[],
): void {
  resolveAll(cubes, where, issues, mergeCube);
  resolveAll(views, where, issues, mergeView);
  const sources = new Map<string, string>();
  for (const cube of cubes.values()) {
    const { file, path } = where(cube.name);
    if ((cube.sql_table === undefined) === (cube.sql === undefined)) {
      issues.push({
        file,
        path,
        message: 'needs exactly one of sql_table or sql (itself or through extends)',
      });
    }
    if (cube.data_source !== undefined && cube.data_source !== 'default')
      sources.set(cube.data_source, cube.name);
  }
  if (sources.size > 1) {
    const [, first = ''] = [...sources.entries()][1] ?? [];
    const { file, path } = where(first);
    issues.push({
      file,
      path: `${path}.data_source`,
      message: `one data source per deployment: cubes name ${[...sources.keys()].join(', ')}`,
    });
  }
  for (const view of views.values()) {
    if (view.cubes.length === 0) {
      const { file, path } = where(view.name);
      issues.push({
        file,
        path: `${path}.cubes`,
        message: 'needs at least one cube (itself or through extends)',
      });
    }
  }
}

interface Named {
  name: string;
  extends?: string | undefined;
}

function resolveAll<T extends Named>(
  defs: Map<string, T>,
  where: (name: string) => { file: string; path: string },
  issues: ModelIssue[],
  merge: (parent: T, child: T) => T,
): void {
  const done = new Set<string>();
  const visit = (name: string, stack: string[]): T | undefined => {
    const def = defs.get(name);
    if (!def) return undefined;
    if (done.has(name) || def.extends === undefined) {
      done.add(name);
      return def;
    }
    const { file, path } = where(name);
    if (stack.includes(name)) {
      issues.push({
        file,
        path: `${path}.extends`,
        message: `circular extends ${[...stack, name].join(' -> ')}`,
      });
      done.add(name);
      return def;
    }
    const parent = visit(def.extends, [...stack, name]);
    done.add(name);
    if (!parent) {
      issues.push({ file, path: `${path}.extends`, message: `unknown ${kindOf(defs)} ${def.extends}` });
      return def;
    }
    const merged = merge(parent, def);
    defs.set(name, merged);
    return merged;
  };
  for (const name of [...defs.keys()]) visit(name, []);
}

const kindOf = (defs: Map<string, Named>) => ([...defs.values()].some((d) => 'cubes' in d) ? 'view' : 'cube');

/** Parent entries in order, each replaced by the child's of the same name; the child's new ones after. */
function byName<T extends { name: string }>(parent: readonly T[], child: readonly T[]): T[] {
  const own = new Map(child.map((c) => [c.name, c]));
  const merged = parent.map((p) => own.get(p.name) ?? p);
  return [...merged, ...child.filter((c) => !parent.some((p) => p.name === c.name))];
}

/** Keys the child wrote (zod leaves absent optional keys out, and fills array defaults with []). */
function written<T extends object>(child: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(child).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  ) as Partial<T>;
}

function mergeCube(parent: CubeDef, child: CubeDef): CubeDef {
  const table =
    child.sql_table !== undefined || child.sql !== undefined
      ? { sql_table: child.sql_table, sql: child.sql }
      : { sql_table: parent.sql_table, sql: parent.sql };
  const merged: CubeDef = {
    ...parent,
    ...written(child),
    dimensions: byName(parent.dimensions, child.dimensions),
    measures: byName(parent.measures, child.measures),
    joins: byName(parent.joins, child.joins),
    segments: byName(parent.segments, child.segments),
  };
  delete merged.sql_table;
  delete merged.sql;
  if (table.sql_table !== undefined) merged.sql_table = table.sql_table;
  if (table.sql !== undefined) merged.sql = table.sql;
  return merged;
}

function mergeView(parent: ViewDef, child: ViewDef): ViewDef {
  return { ...parent, ...written(child), cubes: [...parent.cubes, ...child.cubes] };
}
