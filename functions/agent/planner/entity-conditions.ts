/**
 * More conditions on per-entity aggregates (issue 29, README "Evaluating the analyst", second-order questions): "never" and
 * "no"/"zero" as a count of 0 of the matching rows per entity ("customers who never returned an order",
 * "customers with zero returns in 2025"), people words that name the customer entity ("buyers whose ..."),
 * and the negation words no reading claimed, which must not be dropped silently.
 */
import type { CatalogCube } from './catalog';
import { findEntity, noneOf } from './entities';
import { findSequence, nounOf } from './members';
import type { EntityCondition, Token, ValueFilter } from './plan';
import { stem, words } from './text';

/** Words that name the people the customer entity is ("buyers whose ...", "clients with ..."). */
const PEOPLE = new Set(['buyer', 'shopper', 'purchaser', 'client', 'account']);
const RELATIVES = new Set(['who', 'whose', 'that', 'with', 'which']);
/** Verbs right after a people word that make it the subject of a per-entity condition ("buyers averaged"). */
const SUBJECT_VERBS = new Set([
  'averaged',
  'average',
  'spent',
  'bought',
  'ordered',
  'placed',
  'purchased',
  'have',
  'had',
  // ("buyers sent back 3 or more orders": a status said in other words, business-words.ts.)
  'sent',
  'returned',
  'cancelled',
  'made',
]);
/** Rank words right before a people word ("top buyers", "the biggest clients"). */
const RANKS = new Set(['top', 'biggest', 'largest', 'best', 'highest']);
/** Negations of a kind of row: "never", "no", "zero", "none of". */
const NEGATIONS = new Set(['never', 'no', 'zero', 'none']);
/** Words that make what follows them a breakdown ("by category"), not the entity a condition is of. */
const BREAKDOWN_WORDS = new Set(['by', 'per', 'across', 'each', 'every']);
/** Words that take rows out of what is counted: never a filler when no reading used them. */
const EXCLUSIONS = new Set([
  'excluding',
  'except',
  'without',
  'exclude',
  'excludes',
  'excluded',
  'minus',
  'non',
]);
/** Words that quantify over each one's own rows ("every one of their orders", "whose every order"), and their owners. */
const QUANTIFIERS = new Set(['every', 'each', 'all']);
const OWNERS = new Set(['their', 'his', 'her']);
/** Words between a quantifier and its owner ("every single one of their", "each and every one of their"). */
const LINKS = new Set(['single', 'one', 'of', 'and', 'every', 'each', 'the']);
/** Words that stress a negation of rows without changing it ("never had a single order cancelled"). */
const EMPHASIS = new Set(['single', 'any', 'anything', 'once', 'even', 'ever']);
/** Verbs whose "not" negates what the entity did ("did not buy", "have not had"). */
const AUXILIARIES = new Set(['did', 'do', 'does', 'have', 'has', 'had']);

const countOf = (cube: CatalogCube) =>
  cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');

/**
 * "buyers whose avg order is above 550", "clients with no returns", "the top 100 buyers": with a relative clause
 * after it or ranked, a people word names the entity the cube calls customer. Rewrites the token so the entity finders read it.
 */
/** The model names its people customers: a string dimension titled with "customer". */
export const hasCustomers = (cube: CatalogCube): boolean =>
  cube.members.some(
    (m) => m.kind === 'dimension' && m.type === 'string' && m.titleWords.includes('customer'),
  );

export function readPeopleAsCustomers(tokens: Token[], cube: CatalogCube): void {
  if (!hasCustomers(cube)) return;
  tokens.forEach((t, i) => {
    if (t.used || !PEOPLE.has(t.stem)) return;
    const next = [tokens[i + 1]?.raw, tokens[i + 2]?.raw];
    // "the top 100 buyers", "our 25 biggest clients": ranked people are the customers ranked.
    const [one, two] = [tokens[i - 1]?.raw ?? '', tokens[i - 2]?.raw ?? ''];
    const ranked = /^\d+$/.test(one) ? ['top', 'the', 'our'].includes(two) : RANKS.has(one);
    if (!ranked && !next.some((w) => RELATIVES.has(w ?? '')) && !SUBJECT_VERBS.has(next[0] ?? '')) return;
    t.asked = t.asked ?? t.raw;
    t.raw = t.raw === t.stem ? 'customer' : 'customers';
    t.stem = 'customer';
  });
}

/** Where one of a dimension's values is named, and the filter it makes (first match). */
const valueNamed = (tokens: Token[], cube: CatalogCube, from: number, to: number) =>
  valuesNamed(tokens, cube, from, to)[0];

/** Every dimension's first value named in [from, to), by position ("a furniture order cancelled": both). */
function valuesNamed(
  tokens: Token[],
  cube: CatalogCube,
  from: number,
  to: number,
): { filter: ValueFilter; at: number[] }[] {
  const found: { filter: ValueFilter; at: number[] }[] = [];
  const window = tokens.map((t, i) => (i >= from && i < to ? t : { ...t, used: true }));
  for (const member of cube.members) {
    if (member.kind !== 'dimension' || member.type !== 'string' || member.values.length === 0) continue;
    for (const value of member.values) {
      const sequence = words(value).map(stem);
      const at = findSequence(window, sequence, false) ?? nounOf(window, sequence);
      if (!at) continue;
      // (Every value named: "no returned or cancelled orders" names two of one dimension.)
      found.push({ filter: { member, values: [value], negate: false }, at });
    }
  }
  return found.sort((a, b) => (a.at[0] ?? 0) - (b.at[0] ?? 0));
}

/**
 * "customers who never returned an order", "customers with zero returns in 2025", "customers that had no
 * cancelled orders", "never bought furniture": entities none of whose rows (in scope) match a value. A count
 * of 0 of the matching rows per entity, so entities with other rows count. Claims its words.
 */
export function findNever(tokens: Token[], cube: CatalogCube): EntityCondition | undefined {
  const rows = countOf(cube);
  if (!rows) return undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // ("not once returned an order": a negation as "never" is.)
    // ("once" may arrive as the number 1, as "ordered once" does.)
    const notOnce = t?.raw === 'not' && ['once', '1'].includes(tokens[i + 1]?.raw ?? '');
    // ("haven't had a single order cancelled", "didn't buy toys": a verb's own "not", contractions written whole
    // (phrases.ts); "went all of 2025 without a cancelled order": "without" after the entity.)
    const verbNot = t?.raw === 'not' && AUXILIARIES.has(tokens[i - 1]?.raw ?? '');
    const without = t?.raw === 'without';
    if (!t || t.used || !(NEGATIONS.has(t.raw) || notOnce || verbNot || without)) continue;
    // "no more than", "no. of": not a negation of rows.
    if (t.raw === 'no' && ['more', 'of', 'less', 'fewer'].includes(tokens[i + 1]?.raw ?? '')) continue;
    // ("not once" arrives as "not 1 time": both words are the negation's.)
    const skip = notOnce ? (tokens[i + 2]?.raw === 'time' ? 3 : 2) : 1;
    // The values' words must follow the negation with only verbs, articles and the rows' noun between
    // ("never had a single order cancelled", "never had anything cancelled", "not once returned"); a second
    // value of another dimension narrows the same rows ("never had a furniture order cancelled": the rows
    // both furniture and cancelled), so no value is left to filter every row.
    const isPlain = (w: Token) =>
      (w.raw.length <= 3 && !/^\d+$/.test(w.raw)) ||
      EMPHASIS.has(w.raw) ||
      /(ed|ght|had|made|placed|got)$/.test(w.raw) ||
      (without && /ing$/.test(w.raw)) ||
      rows.titleWords.includes(w.stem) ||
      rows.otherWords.includes(w.stem);
    const named = valuesNamed(tokens, cube, i + skip, Math.min(tokens.length, i + skip + 6));
    const chain: typeof named = [];
    for (const v of named) {
      const from = (chain.at(-1)?.at.at(-1) ?? i + skip - 1) + 1;
      if (!tokens.slice(from, v.at[0]).every(isPlain)) break;
      chain.push(v);
    }
    const [first, ...rest] = chain;
    if (!first) continue;
    // ("no returned or cancelled orders": two values of one dimension are rows of either, one IN list; values of
    // another dimension narrow the same rows.)
    const same = rest.filter((v) => v.filter.member === first.filter.member);
    const more = rest.filter((v) => !same.includes(v));
    const value =
      same.length > 0
        ? {
            ...first,
            filter: {
              ...first.filter,
              values: [...first.filter.values, ...same.flatMap((v) => v.filter.values)],
            },
          }
        : first;
    const between = tokens.slice(i + skip, value.at[0]);
    const entity = findEntity(tokens, cube, i);
    if (!entity || entity.at > i || entity.member === value.filter.member) continue;
    // ("revenue by category without the west": the rows without the west, broken down; no category's condition.)
    if (!NEGATIONS.has(t.raw) && BREAKDOWN_WORDS.has(tokens[entity.at - 1]?.raw ?? '')) continue;
    const entityToken = tokens[entity.at];
    if (entityToken) entityToken.used = true;
    t.used = true;
    const auxiliary = verbNot ? tokens[i - 1] : undefined;
    if (auxiliary) auxiliary.used = true;
    for (const w of tokens.slice(i + 1, i + skip)) w.used = true;
    for (const k of chain.flatMap((v) => v.at)) {
      const w = tokens[k];
      if (w) w.used = true;
    }
    // The rows' noun right after the value ("no returned orders"), before it ("never had an order cancelled"),
    // between two values ("a furniture order cancelled") and "at all": part of the condition.
    const last = chain.at(-1)?.at.at(-1) ?? i;
    const inside = tokens.slice(value.at[0], last);
    for (const w of [...between, ...inside, tokens[last + 1], tokens[last + 2]]) {
      if (!w || w.used) continue;
      if (
        rows.titleWords.includes(w.stem) ||
        rows.otherWords.includes(w.stem) ||
        EMPHASIS.has(w.raw) ||
        (without && between.includes(w) && /ing$/.test(w.raw))
      )
        w.used = true;
    }
    tokens.forEach((w, k) => {
      if (w.raw === 'all' && tokens[k - 1]?.raw === 'at') {
        w.used = true;
        const at = tokens[k - 1];
        if (at) at.used = true;
      }
    });
    return noneOf(tokens, cube, entity, rows, {
      rows: value.filter,
      ...(more.length > 0 ? { rowsAlso: more.map((v) => v.filter) } : {}),
    });
  }
  return undefined;
}

/** Words that restrict an entity's rows to one kind ("only ever bought groceries", "bought toys exclusively"). */
const ONLY_WORDS = new Set(['only', 'exclusively', 'solely']);

/**
 * "customers who only ever bought groceries", "clients that ordered toys exclusively": entities all of whose
 * rows (in scope) match a value, i.e. none of whose rows is of another value (NULL included): a count of 0 of
 * the other rows per entity, among entities with rows. Claims its words.
 */
export function findOnly(tokens: Token[], cube: CatalogCube): EntityCondition | undefined {
  const rows = countOf(cube);
  if (!rows) return undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used || !ONLY_WORDS.has(t.raw)) continue;
    // The value right after the word (with "ever" and a verb between), or right before it ("toys only").
    const after = valueNamed(tokens, cube, i + 1, Math.min(tokens.length, i + 5));
    const before = after ? undefined : valueNamed(tokens, cube, Math.max(0, i - 3), i);
    const value = after ?? before;
    if (!value) continue;
    const gap = after ? tokens.slice(i + 1, value.at[0]) : tokens.slice((value.at.at(-1) ?? i) + 1, i);
    const plain = gap.every(
      (w) =>
        ['ever', 'the', 'a', 'an', 'from', 'in', 'had', 'has', 'have', 'placed', 'made'].includes(w.raw) ||
        /(ed|ght|ht)$/.test(w.raw) ||
        rows.titleWords.includes(w.stem) ||
        rows.otherWords.includes(w.stem),
    );
    // A verb of the rows says it is what they did ("only ever bought", "bought only", "ordered toys
    // exclusively"); without one, "only the enterprise customers" is a filter.
    const verb = [...gap, tokens[i - 1], tokens[(value.at[0] ?? i) - 1]].some(
      (w) => w !== undefined && (['ever', 'had', 'has', 'have'].includes(w.raw) || /(ed|ght)$/.test(w.raw)),
    );
    if (!plain || !verb) continue;
    const entity = findEntity(tokens, cube, Math.min(i, value.at[0] ?? i));
    if (!entity || entity.member === value.filter.member) continue;
    for (const w of [t, tokens[entity.at], ...value.at.map((k) => tokens[k]), ...gap]) if (w) w.used = true;
    return noneOf(tokens, cube, entity, rows, { rows: value.filter, only: true });
  }
  return undefined;
}

/**
 * Negation words no reading claimed ("never", "zero", "no ..."), and "every"/"all" of each one's own rows: answering
 * without them would answer the opposite (or another) question, so they stay unexplained and the question is refused.
 */
export function negationsLeft(tokens: Token[]): string[] {
  return tokens.flatMap((t, i) => {
    if (t.used) return [];
    // "not", and a verb with "n't" ("didn't", "haven't": the words "didn" and "t"): "orders not from the west",
    // "customers who haven't ordered since 2024" read without them are the opposite question.
    const contraction = /n$/.test(t.raw) && tokens[i + 1]?.raw === 't';
    if (t.raw === 'not' || contraction) {
      // ("whether or not", "not only ... but": no negation of rows.)
      if (tokens[i - 1]?.raw === 'or' || ['only', 'just'].includes(tokens[i + 1]?.raw ?? '')) return [];
      return [t.raw];
    }
    // ("excluding", "except", "without" left unread would drop the exclusion: the opposite rows.)
    if (EXCLUSIONS.has(t.raw)) return [t.raw];
    // ("had every one of their orders completed", "all of whose orders": a condition on each one's every row, left
    // unread, becomes "had one such row".)
    if (QUANTIFIERS.has(t.raw)) {
      const next = tokens.slice(i + 1, i + 6).find((w) => !LINKS.has(w.raw));
      return OWNERS.has(next?.raw ?? '') || tokens[i - 1]?.raw === 'whose' ? [t.raw] : [];
    }
    if (!NEGATIONS.has(t.raw)) return [];
    // ("No, by region": an answer to the previous turn, not a negation of rows.)
    if (t.raw === 'no' && i === 0) return [];
    if (t.raw === 'no' && ['more', 'of', 'less', 'fewer', 'longer'].includes(tokens[i + 1]?.raw ?? ''))
      return [];
    return [t.raw];
  });
}
