/**
 * How many of the biggest entities it takes to reach a share of a total (issue 29, README "Evaluating the
 * analyst"): "what percentage of customers account for half of all revenue (biggest first)", "how many of our
 * top customers does it take to reach half of 2025 revenue", "what share of clients make up 80% of sales". A
 * running total over the entities, largest first: the smallest number whose combined measure reaches the share,
 * stated as a count and as a percent of all the entities in scope.
 */

import type { CatalogCube, CatalogMember } from './catalog';
import { entityNamed } from './members';
import type { Reach, Token } from './plan';

/** Words of reaching a total together ("account for", "make up", "bring in", "does it take to reach"). */
const REACH_WORDS = new Set(
  'account accounts accounted for make makes made up bring brings brought in generate generates generated drive drives drove contribute contributes contributed represent represents reach reaches hit hits take takes it does do to together combined between them cover covers produce produces deliver delivers'.split(
    ' ',
  ),
);
/** Words between the share asked and the entities ("what % of our top customers"). */
const BEFORE_ENTITY = new Set(['of', 'our', 'the', 'my', 'all', 'top', 'biggest', 'largest', 'total']);
/** The verbs of reaching a total: one of them must be asked ("how many customers signed up" reaches nothing). */
const REACH_VERBS =
  /^(account|make|makes|made|bring|brings|brought|generate|generates|generated|drive|drives|drove|contribute|contributes|contributed|represent|represents|reach|reaches|hit|hits|take|takes|cover|covers|produce|produces|deliver|delivers)$/;
/** "(the) biggest (ones / spenders / customers) first": the order of the running total. */
const BIG = new Set(['biggest', 'largest', 'top', 'highest']);
const SMALL = new Set(['smallest', 'lowest', 'bottom', 'least']);
const FIRST_NOUNS = new Set(['ones', 'spenders', 'buyers', 'first', 'the']);

/** The share of the total named: "half", "a third", "two thirds", "80%" (a number before a percent word). */
function fractionAt(
  tokens: Token[],
  ratio: readonly Token[],
): { fraction: number; used: Token[] } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t) continue;
    const before = tokens[i - 1];
    // ("the first half of 2022", "H1" are periods, not a share of a total.)
    const period = ['first', 'second', 'last', 'other'].includes(before?.raw ?? '');
    if (t.raw === 'half' && !period)
      return { fraction: 0.5, used: [t, ...(before?.raw === 'a' ? [before] : [])] };
    if (t.raw === 'third' && (before?.raw === 'a' || before?.raw === 'one'))
      return { fraction: 1 / 3, used: [t, before] };
    if (t.raw === 'thirds' && before?.raw === 'two') return { fraction: 2 / 3, used: [t, before] };
    // ("the top 10% by revenue ... what share do they make up": a group of the entities, not a share reached.)
    const group = ['top', 'bottom', 'first', 'biggest', 'largest'].includes(tokens[i - 2]?.raw ?? '');
    if (
      ratio.includes(t) &&
      before &&
      !group &&
      /^\d{1,2}(\.\d+)?$/.test(before.raw) &&
      Number(before.raw) > 0
    )
      return { fraction: Number(before.raw) / 100, used: [t, before] };
  }
  return undefined;
}

/**
 * The reach a question asks, claiming its words; undefined (nothing claimed) when it asks none. Only a question
 * that asks what share or how many of the entities, with a share of a total to reach, is read here.
 */
export function findReach(tokens: Token[], cube: CatalogCube, ratio: readonly Token[]): Reach | undefined {
  const fraction = fractionAt(tokens, ratio);
  if (!fraction || fraction.fraction >= 1) return undefined;
  if (!tokens.some((t) => REACH_VERBS.test(t.raw))) return undefined;
  // The entities, right after the share asked ("what % of (our) customers") or "how many (of our) customers".
  const entities = tokens.flatMap((t, at) => {
    if (t.used || t.value) return [];
    const member = entityNamed(cube, t.stem);
    return member ? [{ member, at }] : [];
  });
  let output: Reach['output'] | undefined;
  let entity: CatalogMember | undefined;
  for (const d of entities) {
    let k = d.at - 1;
    while (k >= 0 && BEFORE_ENTITY.has(tokens[k]?.raw ?? '')) k--;
    const asked = tokens[k];
    if (asked && ratio.includes(asked) && !fraction.used.includes(asked)) output = 'share';
    else if (asked?.raw === 'many' && tokens[k - 1]?.raw === 'how') output = 'count';
    // ("which categories account for 80% of revenue": the entities listed, the one crossing the share included.)
    else if ((asked?.raw === 'which' || asked?.raw === 'what') && k === d.at - 1) output = 'list';
    if (output) {
      entity = d.member;
      const word = tokens[d.at];
      if (word) word.used = true;
      break;
    }
  }
  if (!entity || !output) return undefined;
  // Only biggest first: the smallest first reaches a share with the most entities, a question of its own.
  if (tokens.some((t) => SMALL.has(t.raw))) return undefined;
  const sum = cube.members.some(
    (m) => m.kind === 'measure' && (m.aggType === 'sum' || m.aggType === 'count'),
  );
  if (!sum) return undefined;
  for (const t of fraction.used) t.used = true;
  for (const t of ratio) if (!fraction.used.includes(t)) t.used = true;
  tokens.forEach((t, i) => {
    if (REACH_WORDS.has(t.raw) && !t.used) t.used = true;
    // "biggest first", "the largest spenders first", "top customers".
    if (BIG.has(t.raw)) t.used = true;
    if (t.raw === 'first' && tokens.slice(Math.max(0, i - 3), i).some((w) => BIG.has(w.raw))) {
      t.used = true;
      for (const w of tokens.slice(Math.max(0, i - 3), i)) if (FIRST_NOUNS.has(w.raw)) w.used = true;
    }
  });
  return { entity, fraction: fraction.fraction, output };
}
