import { type QueryUser, visibleMembers } from './model/policy';
import type { DataModel, Member } from './model/schema';

/** A member in coreMeta results (docs/embedding.md, "Tool and node names" `cubes[].members`). */
export interface MetaMember {
  name: string;
  title: string;
  description?: string;
  memberType: 'measure' | 'dimension';
  type: Member['type'];
  aggType?: string;
  synonyms?: string[];
  /** A segment: a boolean column to filter on (`WHERE paid_orders`). */
  segment?: true;
  format?: unknown;
  meta?: Record<string, unknown>;
  /** A time dimension's custom granularities. */
  granularities?: Member['granularities'];
  /** A switch dimension's values (group by it or filter to one: case measures pick their measure by it). */
  values?: string[];
  /** A case measure: the switch dimension it needs in the query. */
  switchDimension?: string;
  /** A rolling window measure's window (it needs a DATE_TRUNC time bucket in the query). */
  rollingWindow?: Member['rolling'];
}

export interface MetaCube {
  name: string;
  title: string;
  description?: string;
  type: 'cube' | 'view';
  members: MetaMember[];
  /** Cube's /meta groupings, limited to members the user may see. */
  hierarchies?: { name: string; title: string; levels: string[] }[];
  folders?: { name: string; members: string[] }[];
  /** How many members the user may see in it, when the answer lists fewer. */
  memberCount?: number;
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'by',
  'in',
  'for',
  'and',
  'or',
  'to',
  'what',
  'is',
  'are',
  'me',
  'show',
  'per',
  'with',
  'on',
  'how',
  'which',
  'all',
]);

/** Lowercase word stems: plural endings dropped so "orders" finds "order". */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map((t) =>
      t.endsWith('ies')
        ? `${t.slice(0, -3)}y`
        : t.endsWith('ses')
          ? t.slice(0, -2)
          : t.endsWith('s') && t.length > 3
            ? t.slice(0, -1)
            : t,
    );
}

function score(query: string[], words: string[]): number {
  let total = 0;
  for (const q of query) {
    if (words.includes(q)) total += 3;
    else if (words.some((w) => w.startsWith(q) || q.startsWith(w))) total += 1;
  }
  return total;
}

/** How much of the model one coreMeta answer returns (the agent's tool passes these; other callers get all). */
export interface MetaSearchOptions {
  /** Members to return at most. */
  limit: number;
  /** Also list members that do not match, after those that do (the model asked for more). */
  fill?: boolean;
  /** Only this cube or view (by name): its members, best matches first. */
  cube?: string;
}

/** What was left out of a limited answer, and how to ask for it. */
export interface MetaMore {
  omitted: number;
  hint: string;
}

const metaMember = (object: string, member: Member): MetaMember => ({
  name: `${object}.${member.name}`,
  title: member.title,
  ...(member.description ? { description: member.description } : {}),
  memberType: member.kind,
  type: member.type,
  ...(member.aggType ? { aggType: member.aggType } : {}),
  ...(member.segment ? { segment: true } : {}),
  ...(member.format !== undefined ? { format: member.format } : {}),
  ...(member.meta ? { meta: member.meta } : {}),
  ...(member.granularities ? { granularities: member.granularities } : {}),
  ...(member.switchValues ? { values: member.switchValues } : {}),
  ...(member.switchOf ? { switchDimension: member.switchOf } : {}),
  ...(member.rolling ? { rollingWindow: member.rolling } : {}),
  // Other names users call the member by: the analyst matches questions against them too.
  ...(member.synonyms.length > 0 ? { synonyms: member.synonyms } : {}),
});

interface Candidate {
  object: number;
  member: Member;
  /** Rank within the answer: the member's own match first, then its cube's. */
  rank: number;
  /** Worth listing without `fill`: it matches, its cube matches, or it is the time axis of a cube that does. */
  relevant: boolean;
}

/**
 * coreMeta: the cubes and views the user may see with their visible members, ranked by how well names,
 * titles, descriptions and synonyms match the query. Without options an empty or unmatched query returns
 * everything visible. With options (the agent's tool) the answer is bounded: the best `limit` members that
 * match (a matching cube's members and the time dimensions of cubes with a match count as matching), every
 * member ranked when `fill` or the query is empty, one cube with `cube`; nothing matching lists the cubes
 * alone, and `more` says what was left out and how to get it.
 */
export function searchMeta(
  model: DataModel,
  user: QueryUser,
  searchQuery: string,
  options?: MetaSearchOptions,
): { cubes: MetaCube[]; searchQuery: string; more?: MetaMore } {
  const query = tokens(searchQuery);
  const objects: { cube: MetaCube; score: number; members: Member[] }[] = [];
  const candidates: Candidate[] = [];
  const wanted = options?.cube?.trim().toLowerCase();
  for (const object of model.objects.values()) {
    if (wanted !== undefined && object.name.toLowerCase() !== wanted) continue;
    const members = visibleMembers(model, object, user).filter((m) => !m.hidden);
    if (members.length === 0) continue;
    const objectScore = score(query, tokens(`${object.name} ${object.title} ${object.description ?? ''}`));
    const scoredMembers = members.map((m) => ({
      member: m,
      score: score(query, tokens(`${m.name} ${m.title} ${m.description ?? ''} ${m.synonyms.join(' ')}`)),
    }));
    const best = scoredMembers.reduce((sum, m) => sum + m.score, 0) + 2 * objectScore;
    const matched = best > 0;
    const index = objects.length;
    for (const { member, score: own } of scoredMembers) {
      const time = member.kind === 'dimension' && member.type === 'time';
      candidates.push({
        object: index,
        member,
        rank: own * 10 + objectScore + (time && matched ? 0.5 : 0),
        relevant: own > 0 || objectScore > 0 || (time && matched),
      });
    }
    const visible = new Set(members.map((m) => `${object.name}.${m.name}`));
    // A level of another cube is that cube's to hide; this object's levels and folder members are filtered here.
    const seen = (name: string) => visible.has(name) || !name.startsWith(`${object.name}.`);
    const hierarchies = (object.hierarchies ?? [])
      .map((h) => ({ ...h, levels: h.levels.filter(seen) }))
      .filter((h) => h.levels.length > 0);
    const folders = (object.folders ?? [])
      .map((f) => ({ ...f, members: f.members.filter((m) => visible.has(m)) }))
      .filter((f) => f.members.length > 0);
    // Views first at equal score: they are the curated entry points.
    objects.push({
      score: best + (object.kind === 'view' ? 0.5 : 0),
      members: scoredMembers
        .sort((a, b) => b.score - a.score || a.member.name.localeCompare(b.member.name))
        .map(({ member }) => member),
      cube: {
        name: object.name,
        title: object.title,
        ...(object.description ? { description: object.description } : {}),
        type: object.kind,
        ...(hierarchies.length > 0 ? { hierarchies } : {}),
        ...(folders.length > 0 ? { folders } : {}),
        members: [],
      },
    });
  }
  const order = objects
    .map((o, i) => ({ o, i }))
    .sort((a, b) => b.o.score - a.o.score || a.o.cube.name.localeCompare(b.o.cube.name));
  if (!options) {
    return {
      cubes: order.map(({ o }) => ({ ...o.cube, members: o.members.map((m) => metaMember(o.cube.name, m)) })),
      searchQuery,
    };
  }
  const position = new Map(order.map(({ i }, at) => [i, at]));
  const everything = options.fill || query.length === 0 || wanted !== undefined;
  const eligible = candidates.filter((c) => everything || c.relevant);
  const chosen = eligible
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        (position.get(a.object) ?? 0) - (position.get(b.object) ?? 0) ||
        a.member.name.localeCompare(b.member.name),
    )
    .slice(0, Math.max(1, options.limit));
  const byObject = new Map<number, Member[]>();
  for (const c of chosen) byObject.set(c.object, [...(byObject.get(c.object) ?? []), c.member]);
  const total = candidates.length;
  const cut = (cube: MetaCube, listed: Member[], of: number): MetaCube => {
    const names = new Set(listed.map((m) => `${cube.name}.${m.name}`));
    const hierarchies = cube.hierarchies
      ?.map((h) => ({ ...h, levels: h.levels.filter((l) => names.has(l) || !l.startsWith(`${cube.name}.`)) }))
      .filter((h) => h.levels.length > 0);
    const folders = cube.folders
      ?.map((f) => ({ ...f, members: f.members.filter((m) => names.has(m)) }))
      .filter((f) => f.members.length > 0);
    const { hierarchies: _h, folders: _f, ...rest } = cube;
    return {
      ...rest,
      ...(hierarchies?.length ? { hierarchies } : {}),
      ...(folders?.length ? { folders } : {}),
      members: listed.map((m) => metaMember(cube.name, m)),
      ...(listed.length < of ? { memberCount: of } : {}),
    };
  };
  if (chosen.length === 0) {
    // Nothing matched: the cubes and views to search in, without their members.
    return {
      cubes: order.map(({ o }) => cut(o.cube, [], o.members.length)),
      searchQuery,
      more: {
        omitted: total,
        hint: 'No member matches these words. Search again with other words (synonyms, the name of a cube), or pass cube to list one cube.',
      },
    };
  }
  const cubes = order
    .filter(({ i }) => byObject.has(i))
    .map(({ o, i }) => {
      const listed = byObject.get(i) ?? [];
      // Listed in the cube's own order (best match first), not the global one.
      const ordered = o.members.filter((m) => listed.includes(m));
      return cut(o.cube, ordered, o.members.length);
    });
  const omitted = total - chosen.length;
  return {
    cubes,
    searchQuery,
    ...(omitted > 0
      ? {
          more: {
            omitted,
            hint: `${omitted} other member(s) were left out. Search with other words, pass cube to list one cube, or raise limit (at most 500).`,
          },
        }
      : {}),
  };
}
