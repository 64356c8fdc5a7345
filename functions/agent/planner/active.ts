/**
 * "How many active customers did we have in December 2025": an entity active in a period is one with rows in
 * it, the cube's distinct count of that entity over the period (the same reading as "customers who ordered in
 * December 2025"). Read only with a period and in a cube that counts the entity among its rows; elsewhere the
 * word stays unread, so a question about "active" customers with no period is refused, not answered for all time.
 */

import type { CatalogCube } from './catalog';
import type { Token } from './plan';

/** Words that say an entity had rows in the period. */
const ACTIVE_WORDS = new Set(['active', 'engaged', 'purchasing', 'buying', 'ordering', 'transacting']);

export function claimActive(tokens: Token[], cube: CatalogCube, hasPeriod: boolean): void {
  if (!hasPeriod) return;
  const counts = (noun: Token | undefined) =>
    noun !== undefined &&
    cube.members.some(
      (m) =>
        m.kind === 'measure' &&
        m.aggType === 'count_distinct' &&
        (m.names.includes(noun.stem) || m.titleWords.includes(noun.stem)),
    );
  tokens.forEach((t, i) => {
    if (t.used || !ACTIVE_WORDS.has(t.raw)) return;
    // ("active enterprise customers", "active small business customers": a value's words may come between.)
    if ([1, 2, 3].some((k) => counts(tokens[i + k]))) t.used = true;
  });
}
