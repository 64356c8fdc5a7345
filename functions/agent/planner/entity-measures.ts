/**
 * The aggregate a per-entity condition compares (issue 29, README "Evaluating the analyst", second-order questions) when the
 * words name a mean of rows or a money total: "whose avg order size is above $550", "averaged more than $540
 * per order", "bought over $30,000 worth".
 */
import type { CatalogCube, CatalogMember } from './catalog';
import type { Token } from './plan';

/** Words for a mean before the noun of a row ("avg order size"), and the verbs of one ("averaged"). */
const AVERAGED = new Set(['average', 'avg', 'mean']);
const AVERAGING = new Set(['averaged', 'averaging', 'averages', 'average', 'avg']);
/** Nouns of a row's size after the row's noun ("order size", "order value"). */
const SIZE_NOUNS = new Set(['size', 'value', 'amount', 'total', 'sizes', 'values', 'amounts']);

const countOf = (cube: CatalogCube) =>
  cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');

/**
 * The mean of a row's number named before a comparison: "avg order size is above", "average order value
 * over" (skipping links such as "is"). Returns the avg measure and the tokens of its phrase.
 */
export function averageBefore(
  tokens: Token[],
  start: number,
  cube: CatalogCube,
): { measure: CatalogMember; at: number[] } | undefined {
  let k = start - 1;
  while (k >= 0 && ['is', 'are', 'was', 'were', 'be'].includes(tokens[k]?.raw ?? '')) k--;
  const size = tokens[k];
  const row = tokens[k - 1];
  const mean = tokens[k - 2];
  if (!size || !row || !mean || size.used || row.used || mean.used) return undefined;
  const rows = countOf(cube);
  const rowNoun = rows && (rows.titleWords.includes(row.stem) || rows.otherWords.includes(row.stem));
  if (!SIZE_NOUNS.has(size.raw) || !rowNoun || !AVERAGED.has(mean.raw)) return undefined;
  const avg = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'avg');
  return avg ? { measure: avg, at: [k - 2, k - 1, k] } : undefined;
}

/**
 * "averaged more than $540 per order", "average over 500 an order": a verb of a mean before the comparison
 * is the avg measure; "per order" after the number is claimed with it.
 */
export function averagedVerb(
  tokens: Token[],
  start: number,
  at: number,
  cube: CatalogCube,
): { measure: CatalogMember; claimed: Token[] } | undefined {
  const verb = tokens[start - 1];
  if (!verb || verb.used || !AVERAGING.has(verb.raw)) return undefined;
  const avg = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'avg');
  if (!avg) return undefined;
  const claimed: Token[] = [verb];
  const per = tokens[at + 1];
  const noun = tokens[at + 2];
  const rows = countOf(cube);
  if (
    per &&
    noun &&
    ['per', 'an', 'a', 'each'].includes(per.raw) &&
    rows &&
    (rows.titleWords.includes(noun.stem) || rows.otherWords.includes(noun.stem))
  )
    claimed.push(per, noun);
  return { measure: avg, claimed };
}

/**
 * "bought over $30,000 worth", "ordered more than 20k worth": "worth" after the amount makes it the money
 * total per entity. Claims "worth".
 */
export function worthAfter(
  tokens: Token[],
  at: number,
  cube: CatalogCube,
): { measure: CatalogMember; claimed: Token[] } | undefined {
  const worth = tokens[at + 1];
  if (!worth || worth.used || worth.raw !== 'worth') return undefined;
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  return sum ? { measure: sum, claimed: [worth] } : undefined;
}
