/**
 * A plain top N whose cut may fall inside a tie ("top 5 customers by number of orders" where 13 share the most):
 * every row tied with the n-th is kept (RANK, as the per-entity rankings keep theirs, per-entity-sql.ts), in a
 * fixed order (the value, then the labels), and the answer says why there are more rows than asked. A tie too
 * large to list is cut at TIE_ROOM rows past n, and the answer says the tie goes on.
 */
import type { Plan } from './plan';

/** Rows past n kept for a tie at the cut. */
export const TIE_ROOM = 25;

/** Whether a ranking keeps its ties: a plain first n (no place, percent or total beside). */
export const keepsTies = (top: Plan['top']): top is NonNullable<Plan['top']> =>
  !!top && top.n > 0 && !top.nth && !top.percent && !top.withTotal && !top.span && !top.rest;

/** The `n`-th value of `ranked` in `t` in the order `dir`, or the last one when `t` has fewer rows. */
const nthValue = (ranked: string | undefined, dir: 'DESC' | 'ASC', n: number) =>
  `COALESCE((SELECT ${ranked} FROM t ORDER BY 1 ${dir} LIMIT 1 OFFSET ${n - 1}), (SELECT ${dir === 'DESC' ? 'MIN' : 'MAX'}(${ranked}) FROM t))`;

/**
 * The ranked rows of `grouped` (a grouped SELECT without ORDER BY, its columns named `names`, the ranked value
 * the `value`-th, 1-based), every row tied with the n-th kept.
 */
export function tiesKeptSql(
  grouped: string,
  names: string[],
  value: number,
  top: NonNullable<Plan['top']>,
): string {
  const desc = top.direction === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const ranked = names[value - 1] ?? names[0];
  const labels = names.filter((_, i) => i !== value - 1);
  const order = [`${ranked} ${dir}`, ...labels].join(', ');
  // The n-th value (the last one when there are fewer rows), every row at or above it kept.
  const nth = nthValue(ranked, dir, top.n);
  return `WITH t AS (${grouped}) SELECT ${names.join(', ')} FROM t WHERE ${ranked} ${desc ? '>=' : '<='} ${nth} ORDER BY ${order} LIMIT ${top.n + TIE_ROOM}`;
}

/** How many rows of each end a ranking asked for both its ends keeps ("highest and lowest spending customer"). */
export const END_ROWS = 10;

/**
 * Both ends of a ranking (`top.span`): the END_ROWS highest and lowest rows of `grouped`, ties kept, highest first.
 * Every row when there are no more than twice as many; of a long ranking (400 customers) the ends, which the row
 * limit would otherwise cut off the bottom of.
 */
export function bothEndsSql(grouped: string, names: string[], value: number): string {
  const ranked = names[value - 1] ?? names[0];
  const labels = names.filter((_, i) => i !== value - 1);
  return `WITH t AS (${grouped}) SELECT ${names.join(', ')} FROM t WHERE ${ranked} >= ${nthValue(ranked, 'DESC', END_ROWS)} OR ${ranked} <= ${nthValue(ranked, 'ASC', END_ROWS)} ORDER BY ${[`${ranked} DESC`, ...labels].join(', ')}`;
}

/**
 * What the answer says of a ranking cut inside a tie: more rows than asked, all tied at the last value
 * (`last`, formatted), or the tie cut where the listing ends.
 */
export function tieNote(top: Plan['top'], rows: number, last: string, noun: string): string {
  if (!keepsTies(top) || rows <= top.n) return '';
  if (rows >= top.n + TIE_ROOM)
    return `\n(The cut at ${top.n} falls inside a tie at ${last}: the tie goes on past the ${rows} ${noun} listed, tied ones by name.)`;
  return `\n(The cut at ${top.n} falls inside a tie at ${last}, so all ${rows} ${noun} tied or above it are listed, tied ones by name.)`;
}
