import type { DataModel, Member } from './model-schema';
import { type QueryUser, visibleMembers } from './policy';

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

/**
 * coreMeta: the cubes and views the user may see with their visible members, ranked by how well names,
 * titles, descriptions and synonyms match the query. An empty or unmatched query returns everything visible.
 */
export function searchMeta(
  model: DataModel,
  user: QueryUser,
  searchQuery: string,
): { cubes: MetaCube[]; searchQuery: string } {
  const query = tokens(searchQuery);
  const ranked: { cube: MetaCube; score: number }[] = [];
  for (const object of model.objects.values()) {
    const members = visibleMembers(model, object, user).filter((m) => !m.hidden);
    if (members.length === 0) continue;
    const objectWords = tokens(`${object.name} ${object.title} ${object.description ?? ''}`);
    const scoredMembers = members.map((m) => ({
      member: m,
      score: score(query, tokens(`${m.name} ${m.title} ${m.description ?? ''} ${m.synonyms.join(' ')}`)),
    }));
    const best = scoredMembers.reduce((sum, m) => sum + m.score, 0) + 2 * score(query, objectWords);
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
    ranked.push({
      score: best + (object.kind === 'view' ? 0.5 : 0),
      cube: {
        name: object.name,
        title: object.title,
        ...(object.description ? { description: object.description } : {}),
        type: object.kind,
        ...(hierarchies.length > 0 ? { hierarchies } : {}),
        ...(folders.length > 0 ? { folders } : {}),
        members: scoredMembers
          .sort((a, b) => b.score - a.score || a.member.name.localeCompare(b.member.name))
          .map(({ member }) => ({
            name: `${object.name}.${member.name}`,
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
          })),
      },
    });
  }
  ranked.sort((a, b) => b.score - a.score || a.cube.name.localeCompare(b.cube.name));
  return { cubes: ranked.map((r) => r.cube), searchQuery };
}
