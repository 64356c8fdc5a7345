import type { CatalogCube, CatalogMember } from './catalog';
import { findSequence } from './members';
import type { Token } from './plan';
import { STOPWORDS } from './text';

/** Measures named by their full title ("total amount", "average amount"): claimed before anything else. */
export function claimMeasureTitles(tokens: Token[], cube: CatalogCube): CatalogMember[] {
  const claimed: CatalogMember[] = [];
  const titled = cube.members
    .filter((m) => m.kind === 'measure' && m.titleWords.length > 1)
    .sort((a, b) => b.titleWords.length - a.titleWords.length);
  for (const m of titled) {
    const at = findSequence(tokens, m.titleWords, true);
    if (!at) continue;
    for (const i of at) {
      const t = tokens[i];
      if (t) t.used = true;
    }
    claimed.push(m);
  }
  return claimed;
}

export function matchMeasures(
  tokens: Token[],
  cube: CatalogCube,
  preset: CatalogMember[],
): { measures: CatalogMember[]; score: number } {
  const measures = cube.members.filter((m) => m.kind === 'measure');
  const frequency = new Map<string, number>();
  for (const m of measures) {
    for (const w of new Set([...m.titleWords, ...m.otherWords]))
      frequency.set(w, (frequency.get(w) ?? 0) + 1);
  }
  const idf = (w: string) => 1 / (frequency.get(w) ?? 1);
  const measureWords = new Set(measures.flatMap((m) => [...m.titleWords, ...m.names]));
  const chosen: CatalogMember[] = [...preset];
  let total = 4 * preset.length;
  for (let round = preset.length; round < 3; round++) {
    type Candidate = { member: CatalogMember; score: number; covered: number; used: number[] };
    let best: Candidate | undefined;
    // The best measure listed beside one already read ("orders and revenue"), which a lower score may name.
    let listed: Candidate | undefined;
    for (const m of measures) {
      if (chosen.includes(m)) continue;
      let score = 0;
      // Phrases and title words claim their tokens; description words only add weight.
      const used = new Set<number>();
      const weak = new Set<number>();
      for (const phrase of m.phrases) {
        const ws = phrase.split(' ');
        const at = findSequence(tokens, ws, false) ?? findSequence(tokens, ws, true);
        if (at && !at.some((i) => used.has(i))) {
          score += 1.5 * ws.length + 1.5;
          for (const i of at) used.add(i);
        }
      }
      tokens.forEach((t, i) => {
        if (t.used || used.has(i) || STOPWORDS.has(t.raw)) return;
        if (m.titleWords.includes(t.stem)) {
          // The title's head noun a little above its other words: "orders" is Number of orders, not the
          // Smallest order amount, whatever order the catalog lists them in.
          score += 2 * idf(t.stem) + (m.titleWords.at(-1) === t.stem ? 0.01 : 0);
          used.add(i);
        } else if (m.otherWords.includes(t.stem)) {
          score += idf(t.stem);
          weak.add(i);
        }
      });
      // On a tie, the measure whose title the question covers more ("orders": Number of orders, not Smallest
      // order amount), whatever order the catalog lists them in.
      const covered = m.titleWords.length > 0 ? used.size / m.titleWords.length : 0;
      const candidate = { member: m, score, covered, used: [...(used.size > 0 ? used : weak)] };
      const better = (b: Candidate | undefined) =>
        !b || score > b.score || (score === b.score && covered > b.covered);
      if (better(best)) best = candidate;
      if (round > 0 && better(listed) && listedBeside(tokens, candidate.used, measureWords))
        listed = candidate;
    }
    // A measure named by its title leaves others to phrases, not single leftover words ("of cancelled orders");
    // a word listed beside a measure already read ("orders and revenue") names a second one.
    const threshold = round === 0 ? 0.35 : preset.length > 0 ? 3.5 : 2.5;
    if ((!best || best.score < threshold) && listed && listed.score >= 0.35) best = listed;
    else if (!best || best.score < threshold) break;
    chosen.push(best.member);
    total += best.score;
    for (const i of best.used) {
      const t = tokens[i];
      if (t) t.used = true;
    }
  }
  return { measures: chosen, score: total };
}

/** Aggregation words before a measure's word ("average revenue"): general English, not a model's. */
export const AGGREGATION_WORDS: Record<string, string> = {
  average: 'avg',
  avg: 'avg',
  mean: 'avg',
  median: 'median',
  maximum: 'max',
  max: 'max',
  minimum: 'min',
  min: 'min',
};
export const AGGREGATION_TITLE_WORDS = new Set([
  'total',
  'sum',
  'number',
  'count',
  ...Object.keys(AGGREGATION_WORDS),
]);

/**
 * "average revenue" when revenue names a sum: the measure of the same quantity with the asked aggregation
 * (its title without the aggregation word covers the sum's, "Average amount" for "Total amount").
 */
export function aggregatedAs(measure: CatalogMember, tokens: Token[], cube: CatalogCube): CatalogMember {
  if (measure.aggType !== 'sum') return measure;
  const names = new Set([...measure.titleWords, ...measure.otherWords, ...measure.phrases]);
  const asked = tokens.findIndex(
    (t, i) => AGGREGATION_WORDS[t.raw] !== undefined && names.has(tokens[i + 1]?.stem ?? ''),
  );
  const agg = AGGREGATION_WORDS[tokens[asked]?.raw ?? ''];
  if (!agg) return measure;
  const core = (m: CatalogMember) => m.titleWords.filter((w) => !AGGREGATION_TITLE_WORDS.has(w));
  const mine = core(measure);
  const sibling = cube.members.find(
    (m) =>
      m.kind === 'measure' &&
      m.aggType === agg &&
      (mine.every((w) => core(m).includes(w)) || core(m).every((w) => mine.includes(w))),
  );
  const token = tokens[asked];
  if (sibling && token) token.used = true;
  return sibling ?? measure;
}

/** Words joining two measures in a list ("orders and revenue", "revenue plus returns"). */
const LIST_WORDS = new Set(['and', 'plus', 'vs', 'versus']);
/** Words around a measure's word that say how it aggregates ("the number of", "how much"). */
const AROUND = new Set(['the', 'number', 'of', 'total', 'how', 'many', 'much', 'count', 'our', 'their']);

/**
 * Whether the words at `at` stand in a list beside the word of a measure already read: "orders and revenue",
 * "how many orders and how much revenue", "revenue and the number of orders" (a second figure asked for).
 */
export function listedBeside(
  tokens: readonly Token[],
  at: readonly number[],
  measureWords: Set<string>,
): boolean {
  const measureAt = (i: number) => {
    const t = tokens[i];
    return t?.used === true && measureWords.has(t.stem);
  };
  const skip = (i: number, by: 1 | -1) => {
    let k = i;
    while (tokens[k] && AROUND.has(tokens[k]?.raw ?? '') && !tokens[k]?.used) k += by;
    return k;
  };
  const step = (from: number, by: 1 | -1) => {
    const i = skip(from + by, by);
    if (LIST_WORDS.has(tokens[i]?.raw ?? '')) return measureAt(skip(i + by, by));
    // "orders, revenue and average order size" (the commas are gone): right beside a measure that is itself
    // listed with a list word after it.
    if (by === 1 && measureAt(i)) return LIST_WORDS.has(tokens[skip(i + 1, 1)]?.raw ?? '');
    return false;
  };
  return at.some((i) => step(i, -1) || step(i, 1));
}
