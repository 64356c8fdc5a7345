/**
 * "How many active customers did we have in December 2025": an entity active in a period is one with rows in
 * it, the cube's distinct count of that entity over the period (the same reading as "customers who ordered in
 * December 2025"). Read only with a period and in a cube that counts the entity among its rows; elsewhere the
 * word stays unread, so a question about "active" customers with no period is refused, not answered for all time.
 */

import type { CatalogCube } from './catalog';
import { findEntity } from './entities';
import { dimensionKeys } from './members';
import type { EntityCondition, Token } from './plan';

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

const SHARE_WORDS = new Set(['percent', 'percentage', 'pct', 'share', 'proportion', 'fraction', 'portion']);
/** "placed an order", "bought something", "made a purchase": the words that say an entity had a row. */
const HAD_A_ROW: readonly string[][] = [
  ['placed', 'an', 'order'],
  ['placed', 'any', 'orders'],
  ['placed', 'orders'],
  ['placed', 'at', 'least', 'one', 'order'],
  ['made', 'a', 'purchase'],
  ['made', 'any', 'purchases'],
  ['made', 'an', 'order'],
  ['bought', 'something'],
  ['bought', 'anything'],
  ['purchased', 'something'],
  ['with', 'an', 'order'],
  ['with', 'any', 'orders'],
  ['with', 'orders'],
  ['an', 'order'],
  ['any', 'orders'],
  ['ordered', 'something'],
  ['ordered', 'anything'],
  ['ordered'],
  ['bought'],
  ['purchased'],
  ['shopped'],
];
const LINKS = new Set(['who', 'that', 'have', 'has', 'had', 'did', 'actually', 'ever', 'even']);

/**
 * "what percentage of customers placed an order in December 2025": the share of all the entities that had at
 * least one row (in the period read elsewhere), over every entity, not only those with rows in the period
 * (sql-second.ts). Was refused over "percentage". Claims its words; anything after the verb phrase is left to the
 * other readings (a period, a value), which then must account for it.
 */
export function findActiveShare(tokens: Token[], cube: CatalogCube): EntityCondition | undefined {
  // (The share word may be claimed already as the question's ratio.)
  const at = tokens.findIndex((t) => SHARE_WORDS.has(t.raw));
  const of = tokens[at + 1];
  if (at < 0 || of?.raw !== 'of') return undefined;
  let k = at + 2;
  while (['our', 'all', 'the', 'my'].includes(tokens[k]?.raw ?? '')) k++;
  // ("of enterprise customers": a value's words may come first, left to the filters.)
  const entity = findEntity(tokens, cube, k + 4);
  if (!entity || entity.at < k || entity.at > k + 3) return undefined;
  k = entity.at;
  // The rows counted per entity, not the entities themselves (a cube of customers has no orders to count).
  const keys = [...dimensionKeys(entity.member).single, ...dimensionKeys(entity.member).derived];
  const count = cube.members.find(
    (m) => m.kind === 'measure' && m.aggType === 'count' && !m.titleWords.some((w) => keys.includes(w)),
  );
  if (!count) return undefined;
  let v = k + 1;
  // ("of customers in the west who ...", "of the customers from the enterprise segment that ...": said of them.)
  const said = (t: Token | undefined) =>
    t !== undefined &&
    (['in', 'from', 'the'].includes(t.raw) ||
      cube.members.some(
        (m) =>
          m.kind === 'dimension' &&
          m.type === 'string' &&
          m.values.length > 0 &&
          (m.values.some((value) => value.toLowerCase() === t.raw) || m.titleWords.includes(t.stem)),
      ));
  while (said(tokens[v]) && v < k + 5) v++;
  const subjectEnd = v;
  while (LINKS.has(tokens[v]?.raw ?? '')) v++;
  const raws = tokens.map((t) => t.raw);
  const phrase = HAD_A_ROW.find((p) => p.every((w, j) => raws[v + j] === w && !tokens[v + j]?.used));
  if (!phrase) return undefined;
  // ("bought in every year from 2023 to 2024": rows in each period, entities.ts's spread, not at least one.)
  const after = tokens[v + phrase.length + 1]?.raw;
  if (after === 'every' || after === 'all' || after === 'each') return undefined;
  // ("bought furniture", "ordered over $900": rows of a kind after the verb narrow the part only; the words
  // before it, "of enterprise customers in the west", are said of the entities and narrow the whole too.)
  const wholeWords = tokens.slice(at + 2, v).map((t) => t.raw);
  // (The words said of them are left to the filters.)
  const entityToken = tokens[k];
  if (entityToken) entityToken.used = true;
  for (const t of [...tokens.slice(at, at + 2), ...tokens.slice(subjectEnd, v + phrase.length)])
    t.used = true;
  return { entity: entity.member, measure: count, op: '>=', value: 1, output: 'share', wholeWords };
}
