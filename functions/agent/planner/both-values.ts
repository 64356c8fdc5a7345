/**
 * "customers who bought toys and electronics", "how many clients had both a returned and a cancelled order":
 * values of one of the rows' dimensions joined by "and" after a verb of buying (or "both") for the people the
 * rows belong to means each of them, not either (issue 29, README "Evaluating the analyst"): the people with rows
 * of every value named, COUNT(DISTINCT) of the dimension over the rows of those values equal to how many were
 * named. A row has one value, so "orders of toys and electronics" stays either; so do values of the people's own
 * dimension ("enterprise and consumer customers": a customer has one segment).
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { findEntity, noneOf } from './entities';
import { dimensionKeys } from './members';
import type { EntityCondition, Token, ValueFilter } from './plan';
import { valueTokens } from './share-scopes';
import { isIdentifier } from './vocabulary';

/** Verbs of buying (or having, placing) after which the values are what each one bought. */
const BUYING = new Set([
  'had',
  'has',
  'have',
  'placed',
  'made',
  'with',
  'bought',
  'buy',
  'buys',
  'purchased',
  'purchase',
  'ordered',
  'order',
  'orders',
  'shopped',
  'got',
]);
/** Words between the verb and the first value ("bought from both the toys and ..."). */
const BETWEEN = new Set(['from', 'in', 'both', 'the', 'a', 'an', 'some', 'of', 'at', 'least', 'one']);
/** Words that join the values as "each of them" ("toys and electronics", "toys as well as electronics"). */
const JOINS = new Set(['and', '&', 'plus', 'as', 'well', ',', 'also', 'a', 'an', 'the', 'order', 'orders']);

/**
 * The condition "rows of every value named" on the entities a question counts, lists or shares, when its values
 * are joined by "and" after a verb of buying or "both"; claims "both" and the joining words.
 */
export function findBothValues(
  tokens: Token[],
  cube: CatalogCube,
  filters: readonly ValueFilter[],
): EntityCondition | undefined {
  const count = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (!count) return undefined;
  for (const f of filters) {
    if (f.negate || f.values.length < 2) continue;
    const at = valueTokens(tokens, f).sort((a, b) => a - b);
    const first = at[0];
    const last = at.at(-1);
    if (first === undefined || last === undefined || at.length < f.values.length) continue;
    const gaps = tokens.slice(first + 1, last).filter((_, i) => !at.includes(first + 1 + i));
    // Joined by "and" only: "or", "either" keep the values as either.
    // ("grocery as well as clothing" is "and" too.)
    const and = gaps.some(
      (t, k) => t.raw === 'and' || t.raw === '&' || (t.raw === 'well' && gaps[k - 1]?.raw === 'as'),
    );
    if (!and || !gaps.every((t) => JOINS.has(t.raw))) continue;
    let k = first - 1;
    while (k >= 0 && BETWEEN.has(tokens[k]?.raw ?? '')) k--;
    const both = tokens.slice(k + 1, first).find((t) => t.raw === 'both');
    const verb = tokens[k] !== undefined && BUYING.has(tokens[k]?.raw ?? '');
    if (!both && !verb) continue;
    const entity = findEntity(tokens, cube, first) ?? namedBefore(tokens, cube, first);
    if (!entity || entity.at > first) continue;
    // The people's own dimension (their prefix in a view of rows), or a cube of the people themselves: either.
    const prefix = /^([a-z]+)_/.exec(entity.member.column)?.[1];
    if (!prefix || f.member.column.startsWith(`${prefix}_`)) continue;
    for (const t of [...(both ? [both] : []), ...gaps]) t.used = true;
    const entityToken = tokens[entity.at];
    if (entityToken) entityToken.used = true;
    return noneOf(tokens, cube, entity, count, { spread: { member: f.member, count: f.values.length } });
  }
  return undefined;
}

/** The people named before `at` even when their word was read as a count ("number of customers who ..."). */
export function namedBefore(
  tokens: readonly Token[],
  cube: CatalogCube,
  at: number,
): { member: CatalogMember; at: number } | undefined {
  for (let i = at - 1; i >= 0; i--) {
    const t = tokens[i];
    const member = cube.members.find(
      (m) =>
        m.kind === 'dimension' &&
        m.type === 'string' &&
        t !== undefined &&
        !t.value &&
        !isIdentifier(m) &&
        [...dimensionKeys(m).single, ...dimensionKeys(m).derived].includes(t.stem),
    );
    if (member) return { member, at: i };
  }
  return undefined;
}
