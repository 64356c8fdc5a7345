/**
 * The top (or bottom) row of one breakdown within each value of another (issue 29; docs/analyst.md, "Top per
 * group"): "best month per region", "for each year, which region led", "each segment's most ordered category",
 * "best and worst month in each region", and two time units in one question ("the best month of each year").
 * Read by grammatical role, not by phrase: the ITEM is the breakdown a ranking word names (before it: "best
 * month", "which region"; or after it: "the month with the most orders"), the GROUP the other breakdown, named
 * after each/per/every/by/across or as a possessive ("each segment's"). Anything less than both roles is no
 * per-group reading (the planner then answers a plain ranking, or refuses what it cannot read).
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { linkAfter } from './dates';
import { countMeasureNamed } from './entities';
import { GRAINS, type Grain, type Plan, type Token } from './plan';
import { ASC_SUPERLATIVES, DESC_SUPERLATIVES, GRAIN_WORDS, isCount, isSuperlative } from './vocabulary';

/** The grain each time word names (the vocabulary's list). */
export const GRAIN_STEMS: Record<string, Grain> = GRAIN_WORDS;
// ("rank the segments by ...": the verb of a whole ranking names its item too.)
const RANKING = new Set(['top', 'bottom', 'which', 'what', 'rank', 'runner']);
const GROUP_WORDS = new Set(['each', 'per', 'every', 'by', 'across']);
/** Words that tie a ranking after the item to it ("the month with the most orders", "region that sold most"). */
const RANK_LINKS = new Set(['with', 'that', 'having', 'had', 'has', 'where', 'which', 'who', 'whose']);
/** Words of a pair of opposite rankings ("best and worst", "highest & lowest", "top and bottom"). */
const BOTH_LINKS = new Set(['and', 'or', 'vs', 'versus']);
const DESC = new Set([...DESC_SUPERLATIVES, 'top']);
const ASC = new Set([...ASC_SUPERLATIVES, 'bottom']);

/** Verbs of buying after a superlative ("the most ordered category", "least bought product"): a count of rows. */
const RANKED_VERBS = new Set(['ordered', 'bought', 'purchased', 'sold', 'ordred']);

/**
 * "each segment's most ordered product category", "the least bought product": ranked by how many rows (the
 * cube's count), not by the customers who ordered. Claims the verb; the count measure when none is claimed.
 */
export function claimRankedVerb(tokens: Token[], cube: CatalogCube, claimed: CatalogMember[]): void {
  const rowCount = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (!rowCount) return;
  tokens.forEach((t, i) => {
    const before = tokens[i - 1];
    if (t.used || !RANKED_VERBS.has(t.raw) || !before || !['most', 'least', 'top'].includes(before.raw))
      return;
    // The thing ranked follows (a breakdown's noun, not the counted rows: "most ordered orders" says nothing).
    const next = tokens[i + 1];
    if (!next || countMeasureNamed(cube, next)) return;
    t.used = true;
    if (!claimed.includes(rowCount)) claimed.push(rowCount);
  });
}

/** Whether the question asks for both ends of a ranking ("best and worst", "top and bottom"). */
export function bothEnds(tokens: Token[]): boolean {
  return tokens.some((t, i) => {
    const link = tokens[i + 1];
    const other = tokens[i + 2];
    if (!link || !other || !BOTH_LINKS.has(link.raw)) return false;
    return (DESC.has(t.raw) && ASC.has(other.raw)) || (ASC.has(t.raw) && DESC.has(other.raw));
  });
}

/**
 * Where a breakdown's name starts: "in each sales region", "for every customer segment": the breakdown's own
 * title words may stand between the group word and the word the breakdown was found at.
 */
function startOf(tokens: Token[], at: number, member?: CatalogMember): number {
  let k = at;
  while (k > 0 && member && member.titleWords.includes(tokens[k - 1]?.stem ?? '')) k--;
  return k;
}

interface Breakdown {
  member?: CatalogMember;
  grain?: Grain;
  at: number;
}

export interface PerGroupInput {
  tokens: Token[];
  dimensions: CatalogMember[];
  dimensionsFound: { member: CatalogMember; at: number }[];
  grain?: Grain;
}

export interface PerGroupReading {
  perGroup: NonNullable<Plan['perGroup']>;
  /** The item's grain when the item is a time unit (it may differ from the first grain the question named). */
  grain?: Grain;
}

/** The per-group reading of a ranked question, or undefined when the roles are not both clear. */
export function readPerGroup(input: PerGroupInput): PerGroupReading | undefined {
  const { tokens, grain } = input;
  const grainAt = grain ? tokens.findIndex((t) => t.used && GRAIN_STEMS[t.stem] === grain) : -1;
  // A second time unit ("the best month of each year"): a grain word the first grain reading left over.
  const otherAt = grain
    ? tokens.findIndex(
        (t, i) => i !== grainAt && !t.used && GRAIN_STEMS[t.stem] && GRAIN_STEMS[t.stem] !== grain,
      )
    : -1;
  const otherGrain = GRAIN_STEMS[tokens[otherAt]?.stem ?? ''];
  const breakdowns: Breakdown[] = [
    ...input.dimensionsFound.filter((d) => input.dimensions.includes(d.member)),
    ...(grain && grainAt >= 0 ? [{ grain, at: grainAt }] : []),
    ...(otherGrain ? [{ grain: otherGrain, at: otherAt }] : []),
  ];
  if (breakdowns.length !== 2) return undefined;
  const before = (at: number) => [tokens[at - 1], tokens[at - 2], tokens[at - 3]];
  const rankedBefore = (at: number) =>
    before(at).some(
      (t) => t !== undefined && (isSuperlative(t) || RANKING.has(t.raw) || isCount({ ...t, used: false })),
    );
  // The last word of a breakdown's name ("product category": the link follows "category", not "product").
  const endOf = (b: Breakdown) => {
    let end = b.at;
    const member = b.member;
    const names = (t: Token) =>
      member !== undefined && (member.titleWords.includes(t.stem) || member.otherWords.includes(t.stem));
    while (tokens[end + 1]?.used && names(tokens[end + 1] as Token)) end++;
    return end;
  };
  // "the month with the most orders", "the region that had the highest revenue".
  const rankedAfter = (b: Breakdown) => {
    // ("the month of 2025 with the highest revenue": the year a time unit is of may come between.)
    const link = b.grain ? linkAfter(tokens, b.at) : endOf(b) + 1;
    return (
      RANK_LINKS.has(tokens[link]?.raw ?? '') &&
      // ("the region with the 2nd highest return rate": a place may come before the superlative.)
      tokens.slice(link + 1, link + 5).some((t) => isSuperlative(t))
    );
  };
  const grouped = (b: Breakdown) => {
    const at = startOf(tokens, b.at, b.member);
    return (
      before(at)
        .slice(0, 2)
        .some((t) => GROUP_WORDS.has(t?.raw ?? '')) ||
      // "for every quarter of 2024", "in each region during 2025": the group word two words back.
      (tokens[at - 1]?.raw === 'the' && GROUP_WORDS.has(tokens[at - 2]?.raw ?? ''))
    );
  };
  const item = breakdowns.find((b) => (rankedBefore(b.at) || rankedAfter(b)) && !grouped(b));
  const group = breakdowns.find((b) => b !== item && grouped(b));
  if (!item || !group) return undefined;
  const both = bothEnds(tokens) ? { both: true as const } : {};
  if (item.grain && group.grain) {
    // (A group of a finer unit than its items, "the best year of each month", reads nothing.)
    if (GRAINS.indexOf(group.grain) <= GRAINS.indexOf(item.grain)) return undefined;
    // Two time units: the item's is the plan's grain, the group's buckets the same date coarser.
    const word = tokens[otherAt];
    if (word) word.used = true;
    return { perGroup: { groupGrain: group.grain, ...both }, grain: item.grain };
  }
  if (otherGrain) return undefined;
  return { perGroup: { ...(item.member ? { item: item.member } : {}), ...both } };
}

/**
 * A ranking word placed after the group rather than before a which-question ("each segment's most ordered
 * category", "per quarter, the month with the most orders"): the top row within each group. Only taken when
 * the per-group reading then finds both roles.
 */
export function findGroupRank(
  tokens: Token[],
  dimensionsFound: { member: CatalogMember; at: number }[],
): { n: number; direction: 'desc' | 'asc'; superlative: Token } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used || !isSuperlative(t)) continue;
    const linked = tokens[i - 1]?.raw === 'the' && RANK_LINKS.has(tokens[i - 2]?.raw ?? '');
    const afterGroup =
      dimensionsFound.some((d) => d.at === i - 1) && GROUP_WORDS.has(tokens[i - 2]?.raw ?? '');
    if (linked || afterGroup)
      return { n: 1, direction: DESC_SUPERLATIVES.has(t.raw) ? 'desc' : 'asc', superlative: t };
  }
  return undefined;
}

/**
 * Whether a ranked question names two breakdowns, one after each/every/per ("for every segment, the category
 * ..."), that the per-group reading did not take: a plain ranking of all pairs would answer another question.
 */
export function eachGroupUnread(
  tokens: Token[],
  input: Omit<PerGroupInput, 'tokens'>,
  grain?: Grain,
): boolean {
  const found = input.dimensionsFound.filter((d) => input.dimensions.includes(d.member));
  const breakdowns = found.length + (grain ? 1 : 0);
  if (breakdowns < 2) return false;
  const each = new Set(['each', 'every', 'per']);
  const grainAt = grain ? tokens.findIndex((t) => t.used && GRAIN_STEMS[t.stem] === grain) : -1;
  // ("for each 2022 signup quarter": words already read, a year or "the" may stand between.)
  const between = (t: Token | undefined) =>
    t !== undefined && (t.used || t.raw === 'the' || /^\d{4}$/.test(t.raw));
  return [...found.map((d) => startOf(tokens, d.at, d.member)), grainAt].some((at) => {
    for (let k = at - 1; k >= 0 && k >= at - 4; k--) {
      if (each.has(tokens[k]?.raw ?? '')) return true;
      if (!between(tokens[k])) return false;
    }
    return false;
  });
}
