/**
 * A view of the data model as Cube builds it: its cubes joined along their join paths (other root cubes by the
 * shortest chain of joins), its members included, excluded, aliased or prefixed, its policy member lists checked by
 * name, and Cube's fan-out rule checked (a cube whose rows repeat needs a primary key).
 */

import { leafFilters } from './policy-rules';
import { edgeBetween, multipliedCubes } from './references';
import type { CubeDef, JoinEdge, Member, ModelIssue, ModelObject, ViewDef } from './schema';
import { FANOUT_SENSITIVE, titleOf } from './schema';

export interface ViewContext {
  cubes: ReadonlyMap<string, CubeDef>;
  /** The cube objects built so far (a view's members come from them). */
  objects: ReadonlyMap<string, ModelObject>;
  where: (name: string) => { file: string; path: string };
  issues: ModelIssue[];
}

/** Builds one view; every problem is added to `issues` (the caller reports them together). */
export function buildView(view: ViewDef, context: ViewContext): ModelObject {
  const { cubes, objects, where, issues } = context;
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
      const clash = members.find((m) => m.name === exposed);
      if (clash) {
        issues.push({
          file,
          path: `${path}.cubes[${i}].includes`,
          message: `view ${view.name} exposes two members named ${exposed}: ${clash.cube}.${clash.cubeMember} and ${leaf}.${name}: give one an alias ({ name: ${name}, alias: ... }) or set prefix: true on its join path`,
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
    const listed = [...(level?.includes === '*' ? [] : (level?.includes ?? [])), ...(level?.excludes ?? [])];
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
  const folders: { name: string; members: string[] }[] = [];
  // Each folder lists its own members and those of the folders inside it, parents before children.
  const addFolder = (folder: NonNullable<ViewDef['folders']>[number], at: string): string[] => {
    const index = folders.push({ name: folder.name, members: [] }) - 1;
    const own = [...(folder.members ?? []), ...(folder.includes ?? [])];
    for (const name of own) {
      if (!members.some((m) => m.name === name)) {
        issues.push({ file, path: `${at}.members`, message: `view ${view.name} has no member ${name}` });
      }
    }
    const nested = (folder.folders ?? []).flatMap((inner, j) => addFolder(inner, `${at}.folders[${j}]`));
    const names = [...new Set([...own, ...nested])];
    folders[index] = { name: folder.name, members: names.map((name) => `${view.name}.${name}`) };
    return names;
  };
  for (const [i, folder] of (view.folders ?? []).entries()) addFolder(folder, `${path}.folders[${i}]`);
  return {
    ...(folders.length > 0 ? { folders } : {}),
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
  };
}

/** The shortest chain of joins (either direction) from a cube of `from` to `to`, as edges away from `from`. */
export function connect(
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
