import type { CatalogCube, CatalogMember } from './catalog';
import { placeBefore, placeSaid } from './nth';
import type { NumberFilter, Parsed, Token, ValueFilter } from './plan';
import { nearlyEqual, STOPWORDS, stem, words } from './text';
import {
  ASC_SUPERLATIVES,
  CLAUSE_BREAKS,
  DESC_SUPERLATIVES,
  GROUP_AFTER,
  GROUP_TRIGGERS,
  isCount,
  isIdentifier,
  isSuperlative,
  isYear,
  RETURNING_PEOPLE,
  UNITS,
} from './vocabulary';

/** Words that name a dimension: the head noun of its title and name, plus the full title. */
export function dimensionKeys(m: CatalogMember): {
  single: string[];
  derived: string[];
  phrases: string[][];
} {
  const single = new Set<string>();
  const derived = new Set<string>();
  const titleHead = m.titleWords.at(-1);
  const columnWords = m.column.split('_').map(stem);
  const columnHead = columnWords.at(-1);
  for (const head of [titleHead, columnHead]) {
    if (!head) continue;
    if (head === 'name' || head === 'id' || head === 'at') {
      // "Customer name" is asked for as "customer"; "created_at" is a time, not a word.
      const before = head === titleHead ? m.titleWords.at(-2) : columnWords.at(-2);
      if (before && head !== 'at') derived.add(before);
      continue;
    }
    single.add(head);
  }
  // The model's other names for it ("territory" for Sales region).
  if (m.type !== 'time') for (const name of m.names) single.add(name);
  const phrases = [m.titleWords, columnWords].filter((p) => p.length > 1 && !p.includes('at'));
  return { single: [...single], derived: [...derived].filter((w) => !single.has(w)), phrases };
}

/** The breakdown a word names as its entity ("customers": Customer name), if a string dimension has that key. */
export const entityNamed = (cube: CatalogCube, word: string): CatalogMember | undefined =>
  cube.members.find(
    (m) =>
      m.kind === 'dimension' &&
      m.type === 'string' &&
      !isIdentifier(m) &&
      [...dimensionKeys(m).single, ...dimensionKeys(m).derived].includes(word),
  );

/** Words that tie a ranked noun to its superlative ("customers with the most orders", "the one who spent most"). */
const RANK_RELATIVES = new Set(['with', 'who', 'that', 'having', 'whose', 'which']);
/** Verbs between a breakdown and the superlative that ranks it ("the category ranking lowest"). */
const RANK_VERBS = new Set([
  'ranking',
  'ranked',
  'ranks',
  'ranking',
  'coming',
  'came',
  'comes',
  'finishing',
  'finished',
  'placing',
  'placed',
]);

/** "customers with at least 18 orders": "at least" and "at most" bound a count, they rank nothing. */
const boundsACount = (tokens: Token[], i: number): boolean =>
  tokens[i - 1]?.raw === 'at' && ['least', 'most'].includes(tokens[i]?.raw ?? '');

/**
 * "customers with the most orders", "the customer who placed the most orders", "region that had the highest
 * revenue": a noun phrase ranked by a relative clause is a which-question without its "which". Only where the
 * question opens with that noun (at most two words of content before the relative word) and asks no count.
 */
export function relativeRank(tokens: Token[], superlative: number): boolean {
  if (tokens.some((t) => t.raw === 'how') || boundsACount(tokens, superlative)) return false;
  const relative = tokens.findIndex((t, k) => k < superlative && RANK_RELATIVES.has(t.raw));
  if (relative <= 0 || superlative - relative > 4) return false;
  const content = tokens.slice(0, relative).filter((b) => !STOPWORDS.has(b.raw));
  const between = tokens.slice(relative + 1, superlative);
  return content.length > 0 && content.length <= 2 && between.every((b) => !isCount(b));
}

/** Finds `sequence` (stems) among unused tokens; returns the start index or -1. */
export function findSequence(
  tokens: Token[],
  sequence: string[],
  skipStopwords: boolean,
): number[] | undefined {
  if (sequence.length === 0) return undefined;
  const indices = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => !t.used && (!skipStopwords || !STOPWORDS.has(t.raw)));
  for (let start = 0; start + sequence.length <= indices.length; start++) {
    const slice = indices.slice(start, start + sequence.length);
    if (slice.every(({ t }, k) => t.stem === sequence[k] || nearlyEqual(t.stem, sequence[k] ?? ''))) {
      return slice.map(({ i }) => i);
    }
  }
  return undefined;
}

export function inGroupingContext(tokens: Token[], index: number, allowPlural = true): boolean {
  // "the 3 customers", "5 largest regions": a count of things asks for them one by one.
  const counted = (k: number) => /^\d{1,5}$/.test(tokens[k]?.raw ?? '') && !isYear(tokens[k]?.raw ?? '');
  if (counted(index - 1) || (counted(index - 2) && isSuperlative(tokens[index - 1]))) return true;
  // "the top 10% of customers"
  if (tokens[index - 1]?.raw === 'of' && tokens[index - 2]?.raw === 'percent' && counted(index - 3))
    return true;
  for (let k = index - 1; k >= Math.max(0, index - 4); k--) {
    const raw = tokens[k]?.raw ?? '';
    // A superlative ranks what it qualifies ("least popular product category").
    if (GROUP_TRIGGERS.has(raw) || isSuperlative(tokens[k])) return true;
    if (raw === 'what' && k === index - 1) return true;
    // "which of our regions", "which one of the categories": a choice among the dimension's values.
    if (raw === 'of' && choiceAmong(tokens, k, index)) return true;
    if (CLAUSE_BREAKS.has(raw)) return false;
  }
  const next = tokens[index + 1]?.raw;
  if (next && GROUP_AFTER.has(next)) return true;
  // "the category ranking lowest on revenue", "region highest on orders": ranked by a superlative after it.
  let k = index + 1;
  while (RANK_VERBS.has(tokens[k]?.raw ?? '')) k++;
  if (isSuperlative(tokens[k]) && !['most', 'least', 'fewest'].includes(tokens[k]?.raw ?? '')) return true;
  // "region that had the highest revenue", "customers with the most orders": ranked by a relative clause.
  if (next && RANK_RELATIVES.has(next)) {
    const superlative = tokens.findIndex((w, k) => k > index + 1 && k <= index + 5 && isSuperlative(w));
    if (superlative > 0 && relativeRank(tokens, superlative)) return true;
  }
  const token = tokens[index];
  const previous = tokens[index - 1]?.raw ?? '';
  // A plural dimension word ("regions", "categories") asks for the breakdown, unless it is counted.
  return (
    allowPlural &&
    !['many', 'number', 'count', 'of'].includes(previous) &&
    token !== undefined &&
    token.raw !== token.stem &&
    token.raw.endsWith('s')
  );
}

const OF_DETERMINERS = new Set(['the', 'our', 'my', 'your', 'their', 'these', 'those', 'all']);

/** "which (one) of (the|our|...) <at>": the word at `of` opens a choice among what follows. */
function choiceAmong(tokens: Token[], of: number, at: number): boolean {
  const before = tokens[of - 1]?.raw === 'one' ? of - 2 : of - 1;
  if (!['which', 'what'].includes(tokens[before]?.raw ?? '')) return false;
  return tokens.slice(of + 1, at).every((t) => OF_DETERMINERS.has(t.raw));
}

/** The length of the common start of two words. */
export const commonPrefix = (a: string, b: string) => {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
};

/** In a ratio question, "return rate" and "cancellation rate" name the values returned and cancelled. */
export function findValueStems(tokens: Token[], cube: CatalogCube): ValueFilter | undefined {
  for (const [i, t] of tokens.entries()) {
    if (t.used || t.raw.length < 5 || STOPWORDS.has(t.raw)) continue;
    // ("came from returning customers": people coming back, not the returned orders.)
    if (t.raw === 'returning' && RETURNING_PEOPLE.has(tokens[i + 1]?.raw ?? '')) continue;
    for (const member of cube.members) {
      if (member.kind !== 'dimension') continue;
      const value = member.values.find((v) => !v.includes(' ') && commonPrefix(v, t.raw) >= 5);
      if (value) {
        t.used = true;
        t.value = true;
        return { member, values: [value], negate: false };
      }
    }
  }
  return undefined;
}

/** How many rows a ranking asks for when a count names them ("which 3 regions", "the 5 largest"). */
export function countAsked(tokens: Token[]): { n: number; token: Token } | undefined {
  const LEAD = new Set(['which', 'what', 'the', 'show', 'list', 'give', 'me', 'our', 'name', 'find']);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isCount(t) || !t) continue;
    if (LEAD.has(tokens[i - 1]?.raw ?? '') || isSuperlative(tokens[i + 1]))
      return { n: Number(t.raw), token: t };
  }
  return undefined;
}

export function findTop(
  tokens: Token[],
  /** Stems that name a breakdown ("category"): a superlative right after one ranks it. */
  breakdownStems: ReadonlySet<string> = new Set(),
):
  | (Omit<NonNullable<Parsed['top']>, 'span'> & { superlative?: Token; counted?: boolean; span?: Token })
  | undefined {
  const asked = countAsked(tokens);
  const counted = asked ? { counted: true } : {};
  const take = (n: number) => {
    if (!asked) return n;
    asked.token.used = true;
    return asked.n;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t) continue;
    // "which region came second", "runner-up category", "ranked 2nd": one place, highest first (nth.ts).
    const said = placeSaid(tokens);
    if (said) return { n: 1, nth: said, direction: 'desc', ...counted };
    // "Rank regions by revenue": every row, highest first.
    if (t.stem === 'rank' || t.raw === 'ranked' || t.raw === 'ranking') {
      t.used = true;
      // "the category ranked lowest": the superlative after it picks one end (read below).
      if (isSuperlative(tokens[i + 1])) continue;
      // "ranked ascending": lowest first.
      const up = tokens[i + 1];
      if (up && ['ascending', 'asc', 'increasing'].includes(up.raw)) {
        up.used = true;
        return { n: take(0), direction: 'asc', ...counted };
      }
      return { n: take(0), direction: 'desc', ...counted };
    }
    const direction = ['top', 'best', 'highest', 'largest', 'biggest', 'strongest', 'busiest'].includes(t.raw)
      ? 'desc'
      : ['bottom', 'worst', 'lowest', 'smallest', 'weakest', 'poorest'].includes(t.raw)
        ? 'asc'
        : undefined;
    if (!direction) continue;
    // "the second-lowest", "3rd best": one place of the ranking (nth.ts).
    const place = placeBefore(tokens, i);
    if (place) {
      t.used = true;
      return { n: 1, nth: place, direction, superlative: t, ...counted };
    }
    const next = tokens[i + 1];
    if (next && isCount(next)) {
      t.used = true;
      next.used = true;
      // "the top 10% of customers": a fraction of them.
      const percent = tokens[i + 2]?.raw === 'percent';
      const word = tokens[i + 2];
      if (percent && word) word.used = true;
      // ("the bottom half": 50 percent in the asker's word, business-words.ts.)
      // (The title says the word, so the number is no reading of it to note.)
      const fraction = percent && next.asked ? { fraction: next.asked } : {};
      if (percent) delete next.asked;
      return { n: Number(next.raw), direction, counted: true, ...(percent ? { percent } : {}), ...fraction };
    }
    if (t.raw === 'top' || t.raw === 'bottom') {
      t.used = true;
      // "top products" asks for several, "top-selling category" for one (a verb form is no plural).
      const noun = next && /ing$/.test(next.raw) ? tokens[i + 2] : next;
      const plural = noun !== undefined && noun.raw !== noun.stem && noun.raw.endsWith('s');
      return { n: take(plural ? 5 : 1), direction, ...counted };
    }
    // "the 5 largest customers" counts the rows; "largest order" alone names a measure (decided later).
    if (asked && tokens[i - 1] === asked.token) {
      t.used = true;
      return { n: take(1), direction, superlative: t, ...counted };
    }
  }
  const raws = tokens.map((t) => t.raw);
  const question = raws.includes('which') || raws.includes('what') || raws.includes('who');
  // "each segment's biggest buyer": a superlative within groups ranks what it qualifies in each.
  const grouped = raws.some((w) => ['each', 'per', 'every'].includes(w));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || !isSuperlative(t)) continue;
    if (boundsACount(tokens, i)) continue;
    // "best region for furniture", "least popular category": a superlative leading the question ranks
    // what follows it, as a which-question does.
    const leading = tokens.slice(0, i).every((b) => STOPWORDS.has(b.raw) || b.used || isCount(b));
    // "the category ranked lowest on revenue": right after a claimed breakdown (and a verb of ranking).
    let k = i - 1;
    while (k > 0 && RANK_VERBS.has(tokens[k]?.raw ?? '')) k--;
    const afterBreakdown = k < i - 1 || breakdownStems.has(tokens[k]?.stem ?? '');
    const place = placeBefore(tokens, i);
    // ("orders on the busiest day of 2025", "revenue in our best single month": the period ranked first.)
    const single = tokens[i + 1]?.raw === 'single' ? 2 : 1;
    const rankedPeriod = UNITS.has(tokens[i + single]?.stem ?? '');
    if (
      place ||
      question ||
      asked ||
      leading ||
      grouped ||
      afterBreakdown ||
      rankedPeriod ||
      relativeRank(tokens, i)
    ) {
      if (rankedPeriod && single === 2) (tokens[i + 1] as Token).used = true;
      t.used = true;
      // "the highest average order value, and by how much over the lowest": both ends and the gap between them,
      // every row ranked (one end alone answered only half).
      // ("best and worst month in each region": both ends within every group, top-per-group.ts.)
      const other = place || grouped ? undefined : oppositeEnd(tokens, i, breakdownStems);
      if (other) {
        other.used = true;
        return {
          n: 0,
          direction: DESC_SUPERLATIVES.has(t.raw) ? 'desc' : 'asc',
          superlative: t,
          span: other,
          ...counted,
        };
      }
      return {
        ...(place ? { nth: place } : {}),
        n: place ? 1 : take(1),
        direction: DESC_SUPERLATIVES.has(t.raw) ? 'desc' : 'asc',
        superlative: t,
        ...counted,
      };
    }
  }
  return undefined;
}

/** A superlative of the other direction later in the question ("highest ... over the lowest"), unclaimed. */
function oppositeEnd(tokens: Token[], at: number, ranked: ReadonlySet<string>): Token | undefined {
  const first = tokens[at];
  if (!first) return undefined;
  const high = DESC_SUPERLATIVES.has(first.raw);
  const k = tokens.findIndex(
    (t, i) =>
      i > at &&
      !t.used &&
      (high ? ASC_SUPERLATIVES.has(t.raw) : DESC_SUPERLATIVES.has(t.raw)) &&
      // ("which had the most orders and which the fewest": "most" and "fewest" ends of one count too; "at
      // least" is a bound, no end.)
      // ("strongest vs weakest month": the words of a period's ends.)
      ([
        'highest',
        'lowest',
        'biggest',
        'smallest',
        'largest',
        'best',
        'worst',
        'strongest',
        'weakest',
      ].includes(t.raw) ||
        (['most', 'fewest', 'least'].includes(t.raw) && tokens[i - 1]?.raw !== 'at')),
  );
  // Only an end of the same ranking: nothing after it but the thing ranked ("and the worst month", "over the
  // lowest"); "the highest revenue and the lowest return rate" names a second figure, not the other end.
  const after = tokens[k + 1];
  // ("highest and lowest revenue category": the two ends said together, before what they rank.)
  const together = k === at + 2 && ['and', 'or', 'vs', '&'].includes(tokens[at + 1]?.raw ?? '');
  const same =
    together ||
    !after ||
    ['one', 'ones', 'and', 'by', 'of', 'in', 'for'].includes(after.raw) ||
    ranked.has(after.stem) ||
    UNITS.has(after.stem);
  return k > at && same ? tokens[k] : undefined;
}

/** Words after a number that make it a bound ("$900 or more", "$50 or less", "$500 and up"). */
const TRAILING_OPS: Record<string, NumberFilter['op']> = {
  'or more': '>=',
  'or above': '>=',
  'or higher': '>=',
  'or over': '>=',
  'and up': '>=',
  'and above': '>=',
  'and over': '>=',
  'or less': '<=',
  'or below': '<=',
  'or lower': '<=',
  'or under': '<=',
  'and under': '<=',
  'and below': '<=',
};

/** Words that say again that the values counted are distinct ("4 different categories"). */
export const DISTINCT_WORDS = new Set(['different', 'distinct', 'unique', 'separate']);

/** Nouns of things counted, never of an amount ("at least 4 orders", "over 3 times"). */
const COUNTED_NOUNS = new Set([
  'order',
  'purchase',
  'customer',
  'client',
  'time',
  'day',
  'week',
  'month',
  'quarter',
  'year',
]);

/**
 * Whether the number before `at` counts things rather than bounds an amount: a counted noun or a string dimension's
 * noun follows it, perhaps after "different" ("at least 4 different categories", "more than 2 regions").
 */
function countedAfter(tokens: readonly Token[], at: number, cube: CatalogCube): boolean {
  const next = DISTINCT_WORDS.has(tokens[at]?.raw ?? '') ? tokens[at + 1] : tokens[at];
  if (!next) return false;
  return (
    COUNTED_NOUNS.has(next.stem) ||
    cube.members.some(
      (m) =>
        m.kind === 'dimension' &&
        m.type === 'string' &&
        !isIdentifier(m) &&
        dimensionKeys(m).single.includes(next.stem),
    )
  );
}

export function findNumberFilters(tokens: Token[], cube: CatalogCube): NumberFilter[] {
  const numeric = cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'number' && !isIdentifier(m),
  );
  if (numeric.length === 0) return [];
  const named = numeric.find((m) => tokens.some((t) => m.titleWords.includes(t.stem) || m.column === t.stem));
  const member = named ?? numeric[0];
  if (!member) return [];
  const filters: NumberFilter[] = [];
  const ops: [string[], NumberFilter['op']][] = [
    [['over'], '>'],
    [['above'], '>'],
    [['more', 'than'], '>'],
    [['greater', 'than'], '>'],
    [['bigger', 'than'], '>'],
    [['larger', 'than'], '>'],
    [['exceeding'], '>'],
    [['at', 'least'], '>='],
    [['under'], '<'],
    [['below'], '<'],
    [['less', 'than'], '<'],
    [['smaller', 'than'], '<'],
    [['at', 'most'], '<='],
  ];
  for (let i = 0; i < tokens.length; i++) {
    for (const [phrase, op] of ops) {
      const matches = phrase.every((w, k) => tokens[i + k]?.raw === w);
      const value = tokens[i + phrase.length];
      if (
        matches &&
        value &&
        !value.used &&
        /^\d+(\.\d+)?$/.test(value.raw) &&
        !countedAfter(tokens, i + phrase.length + 1, cube)
      ) {
        for (let k = 0; k <= phrase.length; k++) {
          const used = tokens[i + k];
          if (used) used.used = true;
        }
        filters.push({ member, op, value: Number(value.raw) });
      }
    }
    // "orders of $900 or more", "worth $50 or less", "at $500 and up": the words after the number (issue 29).
    const amount = tokens[i + 1];
    const tail = [tokens[i + 2]?.raw, tokens[i + 3]?.raw].join(' ');
    const trailing = TRAILING_OPS[tail];
    if (
      trailing &&
      amount &&
      !amount.used &&
      /^\d+(\.\d+)?$/.test(amount.raw) &&
      !isYear(amount.raw) &&
      ['of', 'worth', 'valued', 'at'].includes(tokens[i]?.raw ?? '')
    ) {
      for (let k = 1; k <= 3; k++) {
        const used = tokens[i + k];
        if (used) used.used = true;
      }
      filters.push({ member, op: trailing, value: Number(amount.raw) });
    }
    const t = tokens[i];
    const low = tokens[i + 1];
    const high = tokens[i + 3];
    if (
      t?.raw === 'between' &&
      low &&
      high &&
      tokens[i + 2]?.raw === 'and' &&
      !low.used &&
      !isYear(low.raw)
    ) {
      if (/^\d+(\.\d+)?$/.test(low.raw) && /^\d+(\.\d+)?$/.test(high.raw)) {
        for (let k = 0; k < 4; k++) {
          const used = tokens[i + k];
          if (used) used.used = true;
        }
        filters.push(
          { member, op: '>=', value: Number(low.raw) },
          { member, op: '<=', value: Number(high.raw) },
        );
      }
    }
  }
  return filters;
}

/**
 * "returns", "cancellations", "completions": the noun of a one-word past-participle value ("returned",
 * "cancelled", "completed") names the rows with that value.
 */
export function nounOf(tokens: Token[], sequence: string[]): number[] | undefined {
  const [value] = sequence;
  if (sequence.length !== 1 || !value || !/ed$/.test(value)) return undefined;
  const base = value.replace(/(l?l)ed$/, 'l').replace(/ed$/, '');
  const nouns = new Set([
    base,
    `${base}ation`,
    `${base}lation`,
    `${base}ion`,
    `${base.replace(/e$/, '')}ion`,
  ]);
  const at = tokens.findIndex((t) => !t.used && nouns.has(t.stem));
  return at >= 0 ? [at] : undefined;
}

/** Words of an exclusion that reach past the rows' words to the value ("excluding orders from the west"). */
const EXCLUDING = new Set(['excluding', 'except', 'without', 'ignoring', 'exclude', 'excludes']);
/**
 * Words between an exclusion and the value it excludes that name only the rows or link them to the value
 * ("except the ones that were returned", "excluding anything that got cancelled", "except for anything in toys").
 */
const EXCLUSION_LINKS = new Set(
  'the any all those these ones one anything everything stuff that which were was got get gets are is been came come from in for of to on order orders sale sales purchases purchase'.split(
    ' ',
  ),
);

/** The exclusion word before the value at `first`, over words that only link the rows to it, if any. */
function excludedAcross(tokens: Token[], first: number): Token | undefined {
  for (let k = first - 1; k >= Math.max(0, first - 7); k--) {
    const t = tokens[k];
    if (!t || t.used) return undefined;
    if (EXCLUDING.has(t.raw)) return t;
    if (!EXCLUSION_LINKS.has(t.raw)) return undefined;
  }
  return undefined;
}

export function findValues(tokens: Token[], cube: CatalogCube): ValueFilter[] {
  const filters: ValueFilter[] = [];
  /** Where each filter's values were named (the first word of each). */
  const places = new Map<ValueFilter, number[]>();
  /** The filters negated by a word of exclusion ("excluding", "except", "without"), not by "not". */
  const exclusions = new Set<ValueFilter>();
  for (const member of cube.members) {
    if (member.kind !== 'dimension' || member.values.length === 0) continue;
    const matched: string[] = [];
    let negate = false;
    let firstNamed: { value: string; at: number } | undefined;
    const starts: number[] = [];
    let excluded = false;
    for (const value of member.values) {
      const sequence = words(value).map(stem);
      const at = findSequence(tokens, sequence, false) ?? nounOf(tokens, sequence);
      if (!at) continue;
      const first = at[0] ?? 0;
      // The word that negates a value, right before it or before its links ("not from the west").
      let back = first - 1;
      while (back > first - 4 && ['from', 'the', 'in', 'for', 'to', 'any'].includes(tokens[back]?.raw ?? ''))
        back--;
      const negation =
        [tokens[first - 1], tokens[first - 2], tokens[back]].find((w) =>
          ['not', 'excluding', 'except', 'without', 'non', 'ignoring'].includes(w?.raw ?? ''),
        ) ?? excludedAcross(tokens, first);
      if (negation) {
        negate = true;
        negation.used = true;
        if (EXCLUDING.has(negation.raw)) excluded = true;
      }
      if (!firstNamed || first < firstNamed.at) firstNamed = { value, at: first };
      starts.push(first);
      for (const i of at) {
        const t = tokens[i];
        if (t) {
          t.used = true;
          t.value = true;
        }
      }
      matched.push(value);
    }
    // "not completed (cancelled or returned)": every value negated would match no row; the values named after
    // the first one restate what "not" it means (the rows with those values).
    const all = matched.length > 1 && matched.length === member.values.length;
    if (negate && all && firstNamed) {
      const named = firstNamed.value;
      filters.push({ member, values: matched.filter((v) => v !== named), negate: false });
    } else if (matched.length > 0) {
      const filter = { member, values: matched, negate };
      filters.push(filter);
      places.set(filter, starts);
      if (excluded) exclusions.add(filter);
    }
  }
  excludedInList(tokens, filters, places, exclusions);
  claimCountOfValues(tokens, filters);
  return filters;
}

/** Words naming only the rows after a value ("cancelled orders and toys"). */
const ROW_NOUNS = new Set(['orders', 'order', 'ones', 'purchases', 'sales']);

/**
 * "excluding toys and cancelled orders", "except the west or returns": values of another member listed right after an
 * excluded one are excluded too (read alone, the second was kept: the opposite rows). Only after a word of exclusion:
 * "not from the west and completed" keeps the completed ones.
 */
function excludedInList(
  tokens: Token[],
  filters: ValueFilter[],
  places: Map<ValueFilter, number[]>,
  exclusions: Set<ValueFilter>,
): void {
  for (let changed = true; changed; ) {
    changed = false;
    const ends = new Set([...exclusions].flatMap((f) => places.get(f) ?? []).map((i) => valueEnd(tokens, i)));
    for (const f of filters) {
      if (f.negate || f.values.length !== 1) continue;
      const [at] = places.get(f) ?? [];
      if (at === undefined || !['and', 'or', 'nor'].includes(tokens[at - 1]?.raw ?? '')) continue;
      let before = at - 2;
      while (ROW_NOUNS.has(tokens[before]?.raw ?? '')) before--;
      if (!ends.has(before)) continue;
      f.negate = true;
      exclusions.add(f);
      changed = true;
    }
  }
}

/** The last word of the value that starts at `at` (the words marked as a value after it). */
function valueEnd(tokens: Token[], at: number): number {
  let end = at;
  while (tokens[end + 1]?.value) end++;
  return end;
}

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, both: 2, '2': 2, '3': 3, '4': 4 };
/**
 * "returned or cancelled, the two combined", "both together": a count equal to the values named, beside a word
 * of joining them, restates that they are one part; it is not a number of the question.
 */
function claimCountOfValues(tokens: Token[], filters: ValueFilter[]): void {
  const counts = new Set(filters.filter((f) => f.values.length > 1).map((f) => f.values.length));
  // "either returned or cancelled": "either" right before one of several values named.
  tokens.forEach((t, i) => {
    if (!t.used && t.raw === 'either' && counts.size > 0 && tokens[i + 1]?.value) t.used = true;
  });
  tokens.forEach((t, i) => {
    const n = COUNT_WORDS[t.raw];
    if (t.used || n === undefined || !counts.has(n)) return;
    const next = tokens[i + 1]?.raw ?? '';
    const after = next === 'of' ? (tokens[i + 2]?.raw === 'them' ? tokens[i + 3]?.raw : '') : next;
    if (!['combined', 'together', 'collectively', 'jointly'].includes(after ?? '')) return;
    t.used = true;
    const the = tokens[i - 1];
    if (the?.raw === 'the' && !the.used) the.used = true;
  });
}

export function findDimensions(tokens: Token[], cube: CatalogCube): { member: CatalogMember; at: number }[] {
  const found: { member: CatalogMember; at: number }[] = [];
  const candidates = cube.members.filter(
    (m) => m.kind === 'dimension' && m.type !== 'time' && !isIdentifier(m),
  );
  // A number is a breakdown only when asked for one ("by order amount"); otherwise it names a measure.
  const breakdownAsked = tokens.some((t) => t.raw === 'by' || t.raw === 'per');
  // Full titles first ("product category"), then single head words.
  for (const member of candidates) {
    if (member.type === 'number' && !breakdownAsked) continue;
    for (const phrase of dimensionKeys(member).phrases) {
      // Contiguous only: "sales by region" is a measure by a dimension, not the "sales region" title.
      const at = findSequence(tokens, phrase, false);
      if (at && inGroupingContext(tokens, at[0] ?? 0)) {
        for (const i of at) {
          const t = tokens[i];
          if (t) t.used = true;
        }
        found.push({ member, at: at[0] ?? 0 });
      }
    }
  }
  for (const member of candidates) {
    if (found.some((f) => f.member === member)) continue;
    if (member.type === 'number' && !breakdownAsked) continue;
    const keys = dimensionKeys(member);
    for (const key of [...keys.single, ...keys.derived]) {
      const index = tokens.findIndex((t) => !t.used && (t.stem === key || nearlyEqual(t.stem, key)));
      const derived = !keys.single.includes(key);
      // "customer" names "Customer name" only when it is not qualifying another dimension ("customer segment").
      const next = tokens[index + 1];
      if (
        derived &&
        next &&
        candidates.some((c) => c !== member && dimensionKeys(c).single.includes(next.stem))
      )
        continue;
      // "the most customers", "how many new customers": a count of them, not a breakdown by them.
      // ("the 50 most active customers" ranks them: a claimed word between makes them the breakdown.)
      const between = tokens[index - 1];
      const counted =
        !(between?.used && ['active', 'frequent'].includes(between.raw)) &&
        [tokens[index - 1]?.raw, tokens[index - 2]?.raw].some((w) =>
          ['most', 'fewest', 'least', 'more', 'fewer'].includes(w ?? ''),
        );
      if (derived && counted) continue;
      // "enterprise customers": a word right after a filter value qualifies it, it is no breakdown (nor a measure).
      // ("the top 20 enterprise customers" ranks them: the customers are the breakdown, the value a filter.)
      const qualified = tokens[index];
      const ranking = tokens[index - 2];
      const ranked =
        ranking?.used &&
        (/^\d+$/.test(ranking.raw) || ['top', 'bottom'].includes(ranking.raw) || isSuperlative(ranking));
      if (index > 0 && tokens[index - 1]?.value && qualified && !ranked) {
        qualified.used = true;
        continue;
      }
      if (index >= 0 && inGroupingContext(tokens, index, !derived)) {
        const t = tokens[index];
        if (t) t.used = true;
        // ("sales territory": a title word before a synonym is part of the name, not a measure's word.)
        const before = tokens[index - 1];
        const titled =
          before && !before.used && member.titleWords.includes(before.stem) && before.stem !== key;
        if (titled) before.used = true;
        found.push({ member, at: titled ? index - 1 : index });
        break;
      }
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * Two words the model writes as one ("signed up" for a `signup` synonym, "check out" for "checkout"): joined
 * when the joined word names a member and the first word alone does not.
 */
export function joinCompounds(tokens: Token[], cube: CatalogCube): Token[] {
  const vocabulary = new Set(cube.members.flatMap((m) => [...m.titleWords, ...m.otherWords]));
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if (!t) continue;
    if (next && /^[a-z]+$/.test(t.raw) && /^[a-z]+$/.test(next.raw) && !vocabulary.has(t.stem)) {
      const bases = [t.raw, t.raw.replace(/ed$/, ''), t.raw.replace(/d$/, ''), t.raw.replace(/ing$/, '')];
      const joined = bases.map((b) => `${b}${next.raw}`).find((w) => vocabulary.has(stem(w)));
      if (joined) {
        out.push({ raw: joined, stem: stem(joined), used: false });
        i++;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

/** Words that join values of one dimension into one filter ("east and west", "toys or games", "north vs south"). */
// ("as well as": "well" joins, "as" links.)
const VALUE_JOINERS = new Set([
  'and',
  'or',
  'nor',
  '&',
  'vs',
  'versus',
  'plus',
  'against',
  'compared',
  'well',
]);
/** Words that may stand between joined values ("the east and the west", "in north or in south"). */
const VALUE_LINKS = new Set([
  'the',
  'in',
  'from',
  'for',
  'of',
  'a',
  'an',
  'to',
  'with',
  'on',
  'at',
  'either',
  'both',
  'as',
]);

/**
 * Values of one dimension named in different parts of the question ("customers in the north who ordered in
 * the south", "how many more orders did the west have than the east"): read together they would be one filter
 * of either value, which answers neither. Returns why, for each such dimension (the question is refused).
 */
export function scatteredValues(tokens: Token[], filters: ValueFilter[], cube: CatalogCube): string[] {
  const nouns = new Set([
    ...cube.words,
    ...cube.members.filter((m) => m.kind === 'dimension').flatMap((m) => [...m.titleWords, ...m.otherWords]),
  ]);
  const out: string[] = [];
  for (const f of filters) {
    if (f.values.length < 2 || f.negate) continue;
    const spans = f.values
      .flatMap((v) => {
        const sequence = words(v).map(stem);
        const at = tokens.findIndex((t, i) => t.value && sequence.every((s, k) => tokens[i + k]?.stem === s));
        return at < 0 ? [] : [{ value: v, from: at, to: at + sequence.length - 1 }];
      })
      .sort((a, b) => a.from - b.from);
    for (let k = 1; k < spans.length; k++) {
      const a = spans[k - 1];
      const b = spans[k];
      if (!a || !b) continue;
      const between = tokens.slice(a.to + 1, b.from);
      const joined =
        between.some((t) => VALUE_JOINERS.has(t.raw)) &&
        between.every((t) => VALUE_JOINERS.has(t.raw) || VALUE_LINKS.has(t.raw) || nouns.has(t.stem));
      // ("the north, the south and the west": words() drops the commas, leaving only "the" between.)
      const listed = between.every((t) => t.raw === 'the');
      if (!joined && !listed) {
        const dimension = f.member.title.toLowerCase();
        out.push(
          `"${a.value}" and "${b.value}" are both ${dimension} values, named in different parts of the question, and one filter of either would answer neither: ask for each on its own, or by ${dimension}`,
        );
        break;
      }
    }
  }
  return out;
}

/** Words that set one side against another. */
const VERSUS = new Set(['vs', 'versus', 'against']);

/**
 * "median order amount for enterprise vs west": values of two members set against each other, which one query
 * filtered by both would answer as the rows of both at once (was the enterprise orders in the west, confidently
 * wrong). The words, so the question is refused; values of one member ("enterprise vs consumer") are a breakdown.
 */
export function versusAcrossMembers(
  tokens: readonly Token[],
  filters: readonly ValueFilter[],
): string | undefined {
  const spans = filters
    .filter((f) => !f.negate)
    .flatMap((f) =>
      f.values.flatMap((v) => {
        const sequence = words(v).map(stem);
        const at = tokens.findIndex((t, i) => t.value && sequence.every((s, k) => tokens[i + k]?.stem === s));
        return at < 0 ? [] : [{ value: v, member: f.member, from: at, to: at + sequence.length - 1 }];
      }),
    )
    .sort((a, b) => a.from - b.from);
  for (let k = 1; k < spans.length; k++) {
    const a = spans[k - 1];
    const b = spans[k];
    if (!a || !b || a.member === b.member) continue;
    // (Only the one word between them, or a noun said on both sides: "enterprise customers vs west customers".)
    const between = tokens.slice(a.to + 1, b.from).filter((t) => !t.value);
    if (!between.some((t) => VERSUS.has(t.raw))) continue;
    if (between.length > 3) continue;
    return `"${a.value}" and "${b.value}" are values of two different fields (${a.member.title.toLowerCase()}, ${b.member.title.toLowerCase()}) set against each other, and one filter of both would answer neither: ask for each on its own`;
  }
  return undefined;
}
