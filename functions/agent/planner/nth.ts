/**
 * A place in a ranking other than the first (issue 29; README.md, "What the analyst understands"): "the second-biggest growth",
 * "3rd best region", "second-lowest month". The row at that place only (a LIMIT 1 OFFSET, or that rank within
 * each group), never the first rows read as if they answered it. Readers that cannot place a row (shares of the
 * top rows, cohorts, entities tied at the top) refuse such a ranking rather than answer the first place.
 */
import type { Plan, Token } from './plan';

/** Ordinal words and numbers of a place in a ranking (the first is the plain ranking). */
const PLACES: Record<string, number> = {
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
};

/** The place an ordinal right before a ranking word names ("second" of "second-biggest"), claiming it. */
export function placeBefore(tokens: Token[], at: number): number | undefined {
  const ordinal = tokens[at - 1];
  const place = ordinal && !ordinal.used ? PLACES[ordinal.raw] : undefined;
  if (place && ordinal) ordinal.used = true;
  // "3rd best": the words split the number from its suffix.
  const digit = tokens[at - 2];
  const written = digit && ordinal && !digit.used ? PLACES[`${digit.raw}${ordinal.raw}`] : undefined;
  if (!place && written && digit && ordinal) {
    digit.used = true;
    ordinal.used = true;
    return written;
  }
  return place;
}

/** Verbs that say where a row finished ("came second", "was third", "ranked 2nd", "finished in third"). */
const PLACED = new Set([
  'came',
  'come',
  'comes',
  'finished',
  'placed',
  'ranked',
  'ranks',
  'was',
  'is',
  'were',
  'are',
]);

/**
 * A place said as where a row finished, with no ranking word ("which region came second", "which category was
 * third by revenue"), or as a runner-up ("runner-up category"): the highest-first ranking's place, its words
 * claimed. (A place before a ranking word, "second-lowest", is `placeBefore`'s.)
 */
export function placeSaid(tokens: Token[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    // "runner-up", "runner up", "runners-up".
    const up = tokens[i + 1];
    if (/^runners?$/.test(t.raw) && up?.raw === 'up') {
      t.used = true;
      up.used = true;
      return 2;
    }
    const place = PLACES[t.raw];
    if (!place) continue;
    // ("came in second", "finished in 3rd": "in" may stand between.)
    const link = tokens[i - 1]?.raw === 'in' ? i - 2 : i - 1;
    const verb = tokens[link];
    // Only a place that ends its clause ("came second in each quarter", "was third by revenue"): "was second
    // highest" is `placeBefore`'s, "was second quarter revenue" a period's.
    const next = tokens[i + 1];
    if (!verb || !PLACED.has(verb.raw) || (next && !AFTER_PLACE.has(next.raw))) continue;
    t.used = true;
    if (next?.raw === 'place') next.used = true;
    verb.used = true;
    const inWord = tokens[i - 1];
    if (inWord && inWord !== verb) inWord.used = true;
    return place;
  }
  return undefined;
}

/** Words that may follow a place that ends its clause ("came second by revenue", "finished third place"). */
const AFTER_PLACE = new Set([
  'by',
  'in',
  'on',
  'for',
  'during',
  'among',
  'overall',
  'place',
  'each',
  'every',
  'per',
  'across',
]);

/** The LIMIT of a ranking: its first `n` rows, or the one row at its place. */
export function limitOf(top: NonNullable<Plan['top']>): string {
  if (top.nth) return ` LIMIT 1 OFFSET ${top.nth - 1}`;
  return top.n > 0 ? ` LIMIT ${top.n}` : '';
}

/** "Second-ranked", "3rd-ranked": a title's word for a place. */
export const placeText = (nth: number) => (nth === 2 ? 'Second' : nth === 3 ? 'Third' : `${nth}th`);

/** A place no ranking took ("the second largest order", a measure's extreme): its word is left unexplained. */
export function releasePlace(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    if (t.used && (PLACES[t.raw] || PLACES[`${tokens[i - 1]?.raw}${t.raw}`])) t.used = false;
  });
}
