/**
 * Member SQL naming another cube (`{branches.name}` in a dimension of `visits`, `{orders.status}` or `{orders}` in
 * a measure's `filters`, `{customers.count}` in a calculated measure): Cube accepts it when the cubes are joined
 * and adds the join to the query. Here each member's other cubes are recorded at load, every object exposing the
 * member gets the chain of joins to them, and a query joins them only when it reads such a member, so each joined
 * cube brings its own row-level policy into the secured subquery, as a view's joined cubes do
 * (docs/data-model.md, "Members over other cubes").
 */

import { measureRowSql } from './calculated';
import { leafFilters } from './policy-rules';
import { memberScope, memberSqlOf, multipliedCubes, quoteId } from './references';
import {
  type CubeDef,
  FANOUT_SENSITIVE,
  type JoinEdge,
  type Member,
  type ModelIssue,
  type ModelObject,
  memberLists,
} from './schema';
import { connect } from './views';

/** `cube.member` -> the other cubes its SQL reads (directly or through members it names). */
export type MemberReads = ReadonlyMap<string, readonly string[]>;

/** The other cubes one member's SQL reads; throws what memberSqlOf throws for a bad reference. */
export function foreignCubesOf(
  cubes: ReadonlyMap<string, CubeDef>,
  cube: CubeDef,
  kind: 'dimension' | 'measure' | 'segment',
  name: string,
): string[] {
  const read = new Set<string>();
  const scope = memberScope(cubes, cube, (c) => {
    if (c !== cube.name) read.add(c);
    return quoteId(c);
  });
  if (kind === 'measure') measureRowSql(scope, name);
  else memberSqlOf(scope, name);
  return [...read];
}

/**
 * Records what every member reads beyond its cube and checks each such cube is joined to it (by a chain of joins
 * in either direction, as Cube's join graph finds it); a cube no join reaches is an issue at the member's path.
 * Members whose SQL fails to expand are reported elsewhere (model.ts) and skipped here.
 */
export function memberReads(
  cubes: ReadonlyMap<string, CubeDef>,
  objects: ReadonlyMap<string, ModelObject>,
  where: (name: string) => { file: string; path: string },
  issues: ModelIssue[],
): MemberReads {
  const reads = new Map<string, string[]>();
  for (const cube of cubes.values()) {
    const calculated = new Map(
      (objects.get(cube.name)?.members ?? []).flatMap((m) => (m.calc ? [[m.cubeMember, m.calc]] : [])),
    );
    for (const [kind, list] of memberLists(cube)) {
      for (const [i, def] of list.entries()) {
        let read: string[];
        const calc = calculated.get(def.name);
        if (calc) read = calc.cubes.filter((c) => c !== cube.name);
        else if (kind === 'dimension' && 'sub_query' in def && def.sub_query) continue;
        else {
          try {
            read = foreignCubesOf(cubes, cube, kind, def.name);
          } catch {
            continue;
          }
        }
        if (read.length === 0) continue;
        const { file, path } = where(cube.name);
        const unjoined = read.filter((other) => !connect(cubes, new Set([cube.name]), other));
        for (const other of unjoined) {
          issues.push({
            file,
            path: `${path}.${kind}s[${i}].sql`,
            message: `${def.name} reads cube ${other}, which no join connects to ${cube.name} (Cube adds the join to the query, so the two cubes must be joined)`,
          });
        }
        reads.set(`${cube.name}.${def.name}`, read);
      }
    }
  }
  // A sub_query reads its measure in a correlated subquery of the measure's own cube alone (sql/subquery.ts).
  for (const cube of cubes.values()) {
    for (const [i, d] of cube.dimensions.entries()) {
      const match = d.sub_query ? /^\s*\{\s*(\w+)\.(\w+)\s*\}\s*$/.exec(d.sql ?? '') : null;
      const other = match ? cubes.get(match[1] ?? '') : undefined;
      if (!match || !other) continue;
      const read = [...(reads.get(`${other.name}.${match[2]}`) ?? []), ...policyReads(other, reads)];
      if (read.length === 0) continue;
      const { file, path } = where(cube.name);
      issues.push({
        file,
        path: `${path}.dimensions[${i}].sql`,
        message: `sub_query ${d.name} reads ${other.name}.${match[2]}, whose SQL or row-level policy reads ${[...new Set(read)].join(', ')}: a sub_query over members of other cubes is not supported`,
      });
    }
  }
  for (const object of objects.values()) {
    const before = object.edges.length;
    joinReadCubes(cubes, object, reads);
    if (object.kind === 'cube' && object.edges.length > before) fanOutKeys(cubes, object, where, issues);
  }
  return reads;
}

/**
 * Cube's fan-out rule on a cube whose members read across a one_to_many join: its rows repeat, so its count, sum
 * and avg measures need a primary key to count each row once (as a view's repeated cubes do, model-views.ts).
 */
function fanOutKeys(
  cubes: ReadonlyMap<string, CubeDef>,
  object: ModelObject,
  where: (name: string) => { file: string; path: string },
  issues: ModelIssue[],
): void {
  for (const name of multipliedCubes(object.edges)) {
    const cube = cubes.get(name);
    const sensitive = cube?.measures.filter((m) => FANOUT_SENSITIVE.has(m.type)) ?? [];
    if (!cube || sensitive.length === 0 || cube.dimensions.some((d) => d.primary_key)) continue;
    const { file, path } = where(object.name);
    issues.push({
      file,
      path: `${path}.dimensions`,
      message: `${name} needs a primary_key dimension: members of ${object.name} read across a one_to_many join, so its rows repeat and its measures ${sensitive.map((m) => m.name).join(', ')} must count each row once`,
    });
  }
}

/**
 * Adds to an object's join tree the chains to every cube its members, its view policy or its cubes' row-level
 * policies read, so a query can join them (neededEdges in sql/secure.ts keeps only those it reads).
 */
function joinReadCubes(cubes: ReadonlyMap<string, CubeDef>, object: ModelObject, reads: MemberReads): void {
  const inTree = new Set([object.root, ...object.edges.map((e) => e.child)]);
  const wanted = new Set(object.members.flatMap((m) => reads.get(`${m.cube}.${m.cubeMember}`) ?? []));
  const added: JoinEdge[] = [];
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of [...inTree]) for (const c of policyReads(cubes.get(name), reads)) wanted.add(c);
    for (const name of wanted) {
      if (inTree.has(name)) continue;
      const chain = connect(cubes, inTree, name);
      if (!chain) continue;
      for (const edge of chain) {
        added.push(edge);
        inTree.add(edge.child);
      }
      changed = true;
    }
  }
  object.edges.push(...added);
}

/** Cubes a cube's row-level policy filters read through their dimensions' SQL. */
function policyReads(cube: CubeDef | undefined, reads: MemberReads): string[] {
  if (!cube) return [];
  return (cube.access_policy ?? []).flatMap((p) =>
    leafFilters(p.row_level?.filters).flatMap((f) => reads.get(`${cube.name}.${f.member}`) ?? []),
  );
}

/**
 * The cubes a query's secured subquery must join to compute `members` and the policies it applies: each member's
 * cube and the cubes its SQL reads, a calculated measure's cubes and theirs, the cubes the view policy's members
 * read, and (until nothing changes) the cubes the row-level policies of those cubes read.
 */
export function neededCubes(
  reads: MemberReads | undefined,
  cubes: ReadonlyMap<string, CubeDef>,
  members: readonly Member[],
  viewPolicyMembers: readonly (Member | undefined)[],
): Set<string> {
  const needed = new Set<string>();
  const add = (cube: string, member?: string) => {
    needed.add(cube);
    if (member !== undefined) for (const c of reads?.get(`${cube}.${member}`) ?? []) needed.add(c);
  };
  for (const m of members) {
    if (m.calc) {
      for (const c of m.calc.cubes) needed.add(c);
      for (const h of m.calc.hidden) add(h.cube, h.kind === 'measure' ? h.measure : undefined);
    } else add(m.cube, m.cubeMember);
  }
  for (const m of viewPolicyMembers) if (m) add(m.cube, m.cubeMember);
  for (let size = -1; size !== needed.size; ) {
    size = needed.size;
    for (const name of [...needed])
      for (const c of policyReads(cubes.get(name), reads ?? new Map())) needed.add(c);
  }
  return needed;
}
