/**
 * Second-order readings of a question (issue 29): a condition on a per-entity aggregate, period-over-period
 * change, percentiles, first dates and "new" things. Each finder claims the words it reads (`used`), so the
 * first-order reading (measures, breakdowns, filters) does not read them again.
 */
import { type CatalogCube, type CatalogMember, valueWordsOf } from './catalog';
import { countMeasureNamed, UNITS } from './entities';
import { dimensionKeys } from './members';
import type { Grain, Token } from './plan';
import { nearlyEqual, stem, swappedPair, words } from './text';
import { DESC_SUPERLATIVES, isIdentifier, isYear, MONEY_WORDS, NOT_THE_DATA, SIZE_WORDS } from './vocabulary';

/** General English names of things a model may call otherwise: read as the model's word when it lacks them. */
export const ENGLISH_SYNONYMS: Record<string, string> = {
  client: 'customer',
  shopper: 'customer',
  purchaser: 'customer',
  account: 'customer',
  user: 'customer',
  people: 'customer',
  person: 'customer',
  purchase: 'order',
  transaction: 'order',
  // "top spenders", "biggest spender": the customers, ranked by money (a count of customers ranks nothing).
  spender: 'customer',
  // "net new logos", "how many logos do we have": a customer's account, in sales talk.
  logo: 'customer',
  // Abbreviations ("custs", "txns").
  cust: 'customer',
  txn: 'order',
};
/** Verbs of buying: the model's "ordered" where it has one (the date of an order). */
const BUYING: Record<string, string> = {
  bought: 'ordered',
  purchased: 'ordered',
  shopped: 'ordered',
  buy: 'ordered',
};
/** Other names of the people who buy, read as the entity after "per" even where the model gives them to a count. */
const PER_SYNONYMS: Record<string, string> = { buyer: 'customer', shopper: 'customer', user: 'customer' };

/**
 * "clients" reads as "customers" when the model says customer and not client ("accounts", "users" likewise;
 * "account for" is a share). The word asked is kept (`asked`) so the answer says how it was read.
 */
export function applySynonyms(tokens: Token[], cube: CatalogCube): void {
  const vocabulary = new Set([
    ...cube.words,
    ...cube.members.flatMap((m) => [...m.titleWords, ...m.otherWords]),
  ]);
  tokens.forEach((t, i) => {
    const key = t.raw === 'people' || BUYING[t.raw] ? t.raw : t.stem;
    const per = ['per', 'each', 'every'].includes(tokens[i - 1]?.raw ?? '');
    const target = BUYING[key] ?? ENGLISH_SYNONYMS[key] ?? (per ? PER_SYNONYMS[key] : undefined);
    if (!target || !vocabulary.has(stem(target))) return;
    if (vocabulary.has(t.stem) && !(per && PER_SYNONYMS[key])) return;
    if (key === 'account' && tokens[i + 1]?.raw === 'for') return;
    if (target === 'ordered') {
      // "customers who bought in 2025": the period is of their orders (a verb, read without a note).
      t.raw = target;
      t.stem = stem(target);
      return;
    }
    // (Shorthand read before keeps the word as asked: "accts".)
    t.asked = t.asked ?? t.raw;
    t.raw = t.raw === t.stem && key !== 'people' ? target : `${target}s`;
    t.stem = target;
  });
}

/**
 * A misspelt word of the model ("revnue", "regoin", "custmers"): read as the one model word it nearly equals
 * (one letter added, dropped, changed or two swapped; words of six letters or more, or of five with two swapped).
 */
/** Common misspellings of the words that group or rank ("for evry region"): too short for the model-word match. */
const GROUPING_TYPOS: Record<string, string> = {
  evry: 'every',
  evrey: 'every',
  everey: 'every',
  eveyr: 'every',
  eahc: 'each',
  wich: 'which',
  whcih: 'which',
  whihc: 'which',
  acros: 'across',
  accross: 'across',
};

/** Two first consonants no English word starts with ("rg" of "rgion", "cst" of "cstomer"). */
const NO_ONSET =
  /^(?![aeiouy])(?!(?:bl|br|ch|cl|cr|dr|dw|fl|fr|gh|gl|gn|gr|kl|kn|kr|ph|pl|pr|ps|qu|rh|sc|sh|sk|sl|sm|sn|sp|sq|st|sv|sw|th|tr|ts|tw|vl|wh|wr|zh)).(?![aeiouy])/;

/** Whether `short` is `long` with one letter left out. */
const oneLeftOut = (short: string, long: string) => {
  for (let i = 0; i < long.length; i++) if (`${long.slice(0, i)}${long.slice(i + 1)}` === short) return true;
  return false;
};

export function correctTypos(tokens: Token[], cube: CatalogCube, known: ReadonlySet<string>): void {
  for (const t of tokens) {
    const fixed = GROUPING_TYPOS[t.raw];
    if (fixed) {
      t.raw = fixed;
      t.stem = stem(fixed);
    }
  }
  const vocabulary = new Set([
    ...cube.words,
    ...cube.members.flatMap((m) => [
      ...m.titleWords,
      ...m.otherWords,
      ...m.values.flatMap((v) => words(v).map(stem)),
    ]),
  ]);
  for (const t of tokens) {
    if (t.raw.length < 5 || !/^[a-z]+$/.test(t.raw) || vocabulary.has(t.stem) || known.has(t.raw)) continue;
    // (A word of five letters only with two neighbouring letters swapped, "nroth": the commonest slip of typing;
    // one letter more or less in so short a word names too many others.)
    if (t.raw.length === 5) {
      // ("rgion": a letter of a six-letter word left out, read only when the word cannot start an English one.)
      const dropped = NO_ONSET.test(t.raw)
        ? [...vocabulary].filter((w) => w.length === 6 && oneLeftOut(t.raw, w))
        : [];
      const near =
        dropped.length > 0 ? dropped : [...vocabulary].filter((w) => w.length === 5 && swappedPair(t.raw, w));
      const [only] = near;
      if (near.length === 1 && only) {
        t.raw = only;
        t.stem = stem(only);
      }
      continue;
    }
    const near = [...vocabulary].filter(
      // ("ordres": a plural misspelt, of a word too short to match alone.)
      (w) =>
        nearlyEqual(t.stem, w) ||
        nearlyEqual(t.raw, w) ||
        (t.raw.endsWith('s') && nearlyEqual(t.raw, `${w}s`)),
    );
    const [only] = near;
    if (near.length !== 1 || !only) continue;
    t.raw = t.raw.endsWith('s') && !only.endsWith('s') ? `${only}s` : only;
    t.stem = only;
  }
}

const UNIT_WORDS: Record<string, Grain> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};
const ABBREVIATIONS: Record<string, Grain> = {
  mom: 'month',
  yoy: 'year',
  qoq: 'quarter',
  wow: 'week',
  dod: 'day',
};
/** Words asking how a measure moved between periods. */
const CHANGE_WORDS = new Set(
  'growth grow grew grown growing increase increased increases increasing decrease decreased decreases decreasing decline declined declines declining drop dropped drops fell fall falling rise rose risen rising change changed changes delta lost lose loses losing shrank shrunk shrink gained gain gains jump jumped jumps spike spiked surge surged dip dipped dips slump slumped plunge plunged slid slide shed sheds diff difference differences'.split(
    ' ',
  ),
);
/** "the difference", "the gap": a change of no direction that may be between two values rather than two periods. */
const GAP_WORDS = new Set(['difference', 'diff', 'gap', 'delta']);
/**
 * The question asks a gap ("and the difference", "what's the gap") with no other word of change: between two
 * values named in one period it is the gap between them (understand.ts), never a change against a period before.
 */
export function onlyGapAsked(tokens: Token[]): Token[] | undefined {
  const gaps = tokens.filter((t) => GAP_WORDS.has(t.raw));
  if (gaps.length === 0) return undefined;
  const other = tokens.some(
    (t) =>
      (CHANGE_WORDS.has(t.raw) && !GAP_WORDS.has(t.raw)) || SWING_WORDS.has(t.raw) || ABBREVIATIONS[t.raw],
  );
  return other ? undefined : gaps;
}
/** Words that give a change its direction ("the biggest positive change", "grew", "down"). */
const DIRECTED = new Set([
  'up',
  'down',
  'positive',
  'negative',
  'rise',
  'fall',
  'gain',
  'loss',
  'increase',
  'decrease',
  'growth',
  'decline',
  'drop',
  'higher',
  'lower',
]);
/** Of those, the ones that rank the largest fall first ("declined the most"). */
const DOWN_WORDS = new Set(
  'decrease decreased decreases decreasing decline declined declines declining drop dropped drops fell fall falling lost lose loses losing shrank shrunk shrink dip dipped dips slump slumped plunge plunged slid slide shed sheds'.split(
    ' ',
  ),
);
/** Words that ask for an amount of change, not a rate ("the biggest increase"). */
/** Words after "absolute"/"raw" that say the change is an amount ("absolute terms", "raw numbers"). */
const ABSOLUTE_NOUNS = new Set([
  'terms',
  'number',
  'numbers',
  'change',
  'value',
  'values',
  'amount',
  'amounts',
]);
const AMOUNT_WORDS = new Set(
  'increase increased increases decrease decreased decreases drop dropped drops change changed changes delta lost lose loses gained gain gains jump jumped jumps spike spiked dip dipped dips shed sheds diff difference differences'.split(
    ' ',
  ),
);
/**
 * "the biggest swing", "the largest mover", "which region swung the most": the size of a change either way, ranked
 * by its magnitude (a fall of 900 swings more than a rise of 500).
 */
const SWING_WORDS = new Set(['swing', 'swings', 'swung', 'mover', 'movers']);
/**
 * Change words with no direction ("changed the least", "the smallest difference"): ranked by the change's size
 * either way, as a swing is (ranked signed, "changed the least" was the largest fall: confidently wrong).
 */
const NEUTRAL_WORDS = new Set(['change', 'changed', 'changes', 'delta', 'diff', 'difference', 'differences']);
/** "moved the least", "shifted the most": verbs of change with no direction, read so only before a ranking. */
const SHIFT_WORDS = new Set([
  'moved',
  'move',
  'moves',
  'shifted',
  'shift',
  'shifts',
  'varied',
  'vary',
  'budged',
]);
const RANKING = new Set(['most', 'least', 'more', 'less']);
/** Superlatives of size before a change word ("the smallest change", "biggest difference"). */
const SIZE_RANKS = new Set([
  'biggest',
  'largest',
  'greatest',
  'smallest',
  'least',
  'most',
  'tiniest',
  'littlest',
]);
/**
 * "how did revenue move", "how has it trended", "how did each region's share of orders move": "how" and a form of
 * "do" or "have" up to eight words before `i`.
 */
const askedHow = (tokens: Token[], i: number): boolean => {
  const how = tokens.findIndex((x, k) => k >= i - 8 && k < i && x.raw === 'how');
  return how >= 0 && ['did', 'has', 'have', 'does', 'do'].includes(tokens[how + 1]?.raw ?? '');
};
const GO_VERBS = new Set(['go', 'goes', 'went', 'gone', 'going']);
/** "go up", "went down", "up or down": verbs of moving with a direction. */
const MOVE_VERBS = new Set([
  'go',
  'goes',
  'went',
  'gone',
  'going',
  'move',
  'moved',
  'trend',
  'trending',
  'trended',
]);

/**
 * Period-over-period change: "month over month", "MoM", "growth", "which region grew fastest". Returns the grain
 * a "X over X" names, whether ranking should put falls first, and whether the change is asked as an amount.
 */
export function findChange(
  tokens: Token[],
): { grain?: Grain; down: boolean; rank: 'percent' | 'absolute'; magnitude?: true } | undefined {
  let grain: Grain | undefined;
  let found = false;
  let magnitude = false;
  let down = false;
  let amount = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    const unit = UNIT_WORDS[t.stem];
    const next = tokens[i + 1];
    const third = tokens[i + 2];
    // "month over month", "month on month", "month to month", and "growth month by month" (with a change word).
    const by = next?.raw === 'by' && tokens.some((x) => CHANGE_WORDS.has(x.raw));
    if (
      unit &&
      next &&
      (['over', 'on', 'to'].includes(next.raw) || by) &&
      third &&
      UNIT_WORDS[third.stem] === unit
    ) {
      grain = unit;
      found = true;
      t.used = true;
      next.used = true;
      third.used = true;
      continue;
    }
    // "from one quarter to the next": each period against the one before.
    const fourth = tokens[i + 3];
    const fifth = tokens[i + 4];
    if (
      t.raw === 'one' &&
      next &&
      UNIT_WORDS[next.stem] &&
      third?.raw === 'to' &&
      fourth?.raw === 'the' &&
      ['next', 'following'].includes(fifth?.raw ?? '')
    ) {
      grain = UNIT_WORDS[next.stem];
      found = true;
      for (const x of [t, next, third, fourth, fifth]) if (x) x.used = true;
      const from = tokens[i - 1];
      if (from?.raw === 'from') from.used = true;
      continue;
    }
    const abbreviation = ABBREVIATIONS[t.raw];
    if (abbreviation) {
      grain = abbreviation;
      found = true;
      t.used = true;
      continue;
    }
    // "2025 against 2024, up or down and by how much?": the direction asked without a verb is a change too.
    if (
      ['up', 'down'].includes(t.raw) &&
      next?.raw === 'or' &&
      ['up', 'down'].includes(third?.raw ?? '') &&
      third?.raw !== t.raw &&
      !next.used &&
      !third?.used
    ) {
      found = true;
      amount = true;
      for (const x of [t, next, third]) if (x) x.used = true;
      // "and by how much": the size of that change, stated with it.
      const [by, how, much] = [tokens[i + 3], tokens[i + 4], tokens[i + 5]].some((x) => x?.raw === 'and')
        ? [tokens[i + 4], tokens[i + 5], tokens[i + 6]]
        : [tokens[i + 3], tokens[i + 4], tokens[i + 5]];
      if (by?.raw === 'by' && how?.raw === 'how' && much?.raw === 'much') {
        for (const x of [by, how, much]) x.used = true;
        const and = tokens[i + 3];
        if (and?.raw === 'and') and.used = true;
      }
      continue;
    }
    // "did revenue go up or down", "which region went down": a change, falls first for "down".
    if (MOVE_VERBS.has(t.raw) && next && ['up', 'down'].includes(next.raw)) {
      found = true;
      t.used = true;
      next.used = true;
      const or = tokens[i + 2];
      const other = tokens[i + 3];
      if (or?.raw === 'or' && other && ['up', 'down'].includes(other.raw)) {
        or.used = true;
        other.used = true;
      } else if (next.raw === 'down') down = true;
      amount = true;
      continue;
    }
    // "which category is down the most", "what was up most": a direction after a form of "be" is a change.
    if (
      ['up', 'down'].includes(t.raw) &&
      ['is', 'was', 'are', 'were', 'been', 'being'].includes(tokens[i - 1]?.raw ?? '') &&
      (next?.raw === 'most' || (next?.raw === 'the' && third?.raw === 'most'))
    ) {
      found = true;
      t.used = true;
      if (t.raw === 'down') down = true;
      continue;
    }
    // "how did revenue move between 2023 and 2025", "how has aov trended": a change asked with "how".
    if (MOVE_VERBS.has(t.raw) && !GO_VERBS.has(t.raw) && askedHow(tokens, i)) {
      found = true;
      amount = true;
      t.used = true;
      continue;
    }
    const ranked = RANKING.has(next?.raw ?? '') || (next?.raw === 'the' && RANKING.has(third?.raw ?? ''));
    if (SWING_WORDS.has(t.raw) || (SHIFT_WORDS.has(t.raw) && ranked)) {
      found = true;
      magnitude = true;
      amount = true;
      t.used = true;
      continue;
    }
    if (CHANGE_WORDS.has(t.raw)) {
      found = true;
      t.used = true;
      // ("top 5 customers with the biggest drop": "top" ranks, and "biggest" is the size of the change it ranks
      // by, no measure of the largest order.)
      const size = tokens[i - 1];
      if (size && !size.used && DESC_SUPERLATIVES.has(size.raw) && tokens.some((x) => x.raw === 'top'))
        size.used = true;
      if (DOWN_WORDS.has(t.raw)) down = true;
      if (AMOUNT_WORDS.has(t.raw)) amount = true;
      // ("changed the least", "the smallest difference": a size asked; "rank them by % change" stays signed.)
      const sized = ranked || [tokens[i - 1]?.raw, tokens[i - 2]?.raw].some((w) => SIZE_RANKS.has(w ?? ''));
      if (NEUTRAL_WORDS.has(t.raw) && sized && !tokens.some((x) => DIRECTED.has(x.raw))) magnitude = true;
    }
    // "over the previous month", "vs prior month": each period against the one before ("in the previous
    // month" alone is a period).
    // ("compared with the prior month": up to three words back.)
    const against = [tokens[i - 1]?.raw, tokens[i - 2]?.raw, tokens[i - 3]?.raw].some((w) =>
      AGAINST.has(w ?? ''),
    );
    if (['previous', 'prior', 'preceding'].includes(t.raw) && next && UNIT_WORDS[next.stem] && against) {
      grain = UNIT_WORDS[next.stem];
      found = true;
      t.used = true;
      next.used = true;
    }
    // "compared with the month before", "vs the quarter before it": the same, with the unit first.
    const unitBefore = ['before', 'prior', 'earlier'].includes(next?.raw ?? '');
    const theAgainst =
      tokens[i - 1]?.raw === 'the' &&
      [tokens[i - 2], tokens[i - 3]].some(
        (w) => AGAINST.has(w?.raw ?? '') || AGAINST_VERBS.has(w?.raw ?? ''),
      );
    if (unit && next && unitBefore && theAgainst) {
      grain = unit;
      found = true;
      t.used = true;
      next.used = true;
      const it = tokens[i + 2];
      if (it?.raw === 'it' || it?.raw === 'that') it.used = true;
    }
  }
  if (!found) return undefined;
  // "in absolute terms", "abs number", "in raw numbers" ("not %" is said so, phrases.ts): the change as an amount.
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (!['absolute', 'abs'].includes(t.raw) && !(t.raw === 'raw' && ABSOLUTE_NOUNS.has(next?.raw ?? '')))
      return;
    amount = true;
    t.used = true;
    if (next && ABSOLUTE_NOUNS.has(next.raw)) next.used = true;
  });
  // "the biggest decline ... and how many fewer": the change asked as a count of rows, ranked so.
  if (
    tokens.some(
      (t, i) => t.raw === 'how' && tokens[i + 1]?.raw === 'many' && FEWER_MORE.has(tokens[i + 2]?.raw ?? ''),
    )
  )
    amount = true;
  // "from biggest gain to biggest drop": the order runs from the first change word named, whatever follows.
  const from = tokens.findIndex((t) => t.raw === 'from');
  const first = from >= 0 ? tokens.slice(from + 1).find((t) => CHANGE_WORDS.has(t.raw)) : undefined;
  const to = first ? tokens.indexOf(first) : -1;
  const last = to >= 0 ? tokens.slice(to + 1).find((t) => CHANGE_WORDS.has(t.raw)) : undefined;
  if (first && last && tokens.slice(to + 1, tokens.indexOf(last)).some((t) => t.raw === 'to'))
    down = DOWN_WORDS.has(first.raw);
  return {
    ...(grain ? { grain } : {}),
    down: magnitude ? false : down,
    rank: amount ? 'absolute' : 'percent',
    ...(magnitude ? { magnitude: true as const } : {}),
  };
}

const FEWER_MORE = new Set(['fewer', 'more', 'less']);
const AGAINST = new Set(['over', 'vs', 'versus', 'than', 'against', 'compared', 'to', 'from']);
/** "compare with the quarter before it": against words before "the <unit> before" only. */
const AGAINST_VERBS = new Set(['compare', 'comparing', 'with']);

const NUMBER = /^\d+(\.\d+)?$/;
const ORDINAL_SUFFIX = new Set(['st', 'nd', 'rd', 'th']);

/** "median", "90th percentile", "p95", "upper quartile": the percentile asked for (0 to 1). */
export function findPercentile(tokens: Token[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    if (t.raw === 'median') {
      t.used = true;
      return 0.5;
    }
    const p = /^p(\d{1,2})$/.exec(t.raw);
    if (p) {
      t.used = true;
      return Number(p[1]) / 100;
    }
    if (t.stem === 'percentile') {
      // "90th percentile", "the 90 percentile", "percentile 90"
      const suffixed = ORDINAL_SUFFIX.has(tokens[i - 1]?.raw ?? '');
      const number = suffixed
        ? tokens[i - 2]
        : NUMBER.test(tokens[i - 1]?.raw ?? '')
          ? tokens[i - 1]
          : tokens[i + 1];
      if (!number || !/^\d{1,2}(\.\d+)?$/.test(number.raw) || isYear(number.raw)) continue;
      t.used = true;
      number.used = true;
      const suffix = suffixed ? tokens[i - 1] : undefined;
      if (suffix) suffix.used = true;
      return Number(number.raw) / 100;
    }
    if (t.stem === 'quartile') {
      const which = tokens[i - 1]?.raw ?? '';
      const q = ['upper', 'top', 'third', '3rd'].includes(which)
        ? 0.75
        : ['lower', 'bottom', 'first', '1st'].includes(which)
          ? 0.25
          : undefined;
      if (q === undefined) continue;
      // "the top quartile of customers": a group of them, not a value of the quartile (left unexplained).
      let k = i + 1;
      if (tokens[k]?.raw === 'of') k++;
      while (['our', 'the', 'my', 'all'].includes(tokens[k]?.raw ?? '')) k++;
      if (
        k > i + 1 &&
        /^(?:customer|client|buyer|account|shopper|purchaser|user|people)/.test(tokens[k]?.raw ?? '')
      )
        continue;
      t.used = true;
      const before = tokens[i - 1];
      if (before) before.used = true;
      return q;
    }
  }
  return undefined;
}

/** The people a "first-time" qualifies. */
const FIRST_TIMERS = new Set(['buyer', 'customer', 'shopper', 'purchaser', 'client']);

/** "their first order", "first purchase": entities counted by the date of their first row. */
export function findFirst(tokens: Token[], cube: CatalogCube): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used || t.raw !== 'first') continue;
    const noun = tokens[i + 1]?.raw === 'ever' ? tokens[i + 2] : tokens[i + 1];
    // "first-time buyers", "first time customers": the customers counted by their first order.
    const who = tokens[i + 2];
    // (Only where the rows are something else than those people: orders, not customers' own signups.)
    const rows = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
    const others = rows !== undefined && !rows.titleWords.some((w) => FIRST_TIMERS.has(w));
    if (noun?.stem === 'time' && who && !who.used && FIRST_TIMERS.has(who.stem) && others) {
      t.used = true;
      noun.used = true;
      who.raw = who.raw === who.stem ? 'customer' : 'customers';
      who.stem = 'customer';
      return true;
    }
    if (!countMeasureNamed(cube, noun) || !noun || noun.stem === 'time') continue;
    t.used = true;
    noun.used = true;
    const ever = tokens[i + 1];
    if (ever?.raw === 'ever') ever.used = true;
    return true;
  }
  return false;
}

/** Time dimensions that date when a thing began (a signup date, joined, registered, created). */
const START_WORDS = new Set([
  'signup',
  'join',
  'joined',
  'register',
  'registered',
  'registration',
  'onboard',
  'onboarded',
  'creat',
  'created',
  'sign',
]);
const startsWith = (ws: readonly string[]) => ws.some((w) => START_WORDS.has(w) || START_WORDS.has(stem(w)));
const isStart = (m: CatalogMember) =>
  m.kind === 'dimension' && m.type === 'time' && startsWith([...m.titleWords, ...m.otherWords]);
/**
 * The start date of a cube: one whose title or synonyms say so ("Signup date", joined) before one whose column
 * only does (an order's `created_at` beside the customer's signup date in one view).
 */
export const startDate = (cube: CatalogCube): CatalogMember | undefined =>
  cube.members.find((m) => isStart(m) && startsWith([...m.titleWords, ...m.names])) ??
  cube.members.find(isStart);

/** Verbs of starting ("customers who joined in 2022", "signed up" read as one word by joinCompounds). */
const JOIN_VERBS = new Set(['joined', 'registered', 'onboarded']);
/** Words that say how to count, not what. */
const GENERIC = new Set(['number', 'count', 'how', 'many', 'much', 'total', 'sum', 'of']);
/** Words for things that began in a period ("new customers", "customers acquired in 2022"). */
const NEW_WORDS = new Set(['new', 'acquired', 'registered', 'onboarded']);

/**
 * "new customers", "signups", "signup cohorts": the cube's start date (a signup date), claiming those words; a
 * unit right after ("signup month") or a cohort ("cohort sizes", by year unless a unit is named) is its grain.
 */
export function findNew(
  tokens: Token[],
  cube: CatalogCube,
): { member: CatalogMember; grain?: Grain; cohort: boolean; at: number } | undefined {
  const start = startDate(cube);
  if (!start) return undefined;
  let found = false;
  let at = -1;
  let cohort = false;
  let grain: Grain | undefined;
  const measureWords = new Set(
    cube.members.filter((m) => m.kind === 'measure').flatMap((m) => [...m.titleWords, ...m.names]),
  );
  tokens.forEach((t, i) => {
    const verb = JOIN_VERBS.has(t.raw) || t.stem === 'signup';
    if (t.used || !(NEW_WORDS.has(t.raw) || verb || t.stem === 'cohort')) return;
    found = true;
    if (at < 0) at = i;
    t.used = true;
    const before = tokens[i - 1];
    // "customer signup month": the entity word names whose start date, not a breakdown by customer.
    if (verb && before && !before.used && start.otherWords.includes(before.stem) && !GENERIC.has(before.raw))
      before.used = true;
    // "orders of customers who joined in Q1 2022": the customers are the cohort when another measure is named.
    const who = tokens[i - 2];
    // ("how many customers who joined ..." asks for the customers themselves.)
    const asked = tokens[i - 3]?.raw === 'many';
    if (verb && ['who', 'that'].includes(before?.raw ?? '') && who && !who.used && !asked) {
      // ("what did customers who joined in 2022 spend": money is the measure.)
      const other = tokens.some(
        (x) =>
          x !== who &&
          x.stem !== who.stem &&
          !GENERIC.has(x.raw) &&
          (measureWords.has(x.stem) || MONEY_WORDS.has(x.raw)),
      );
      if (other && measureWords.has(who.stem)) who.used = true;
    }
    const next = tokens[i + 1];
    const unit = next ? UNITS[next.stem] : undefined;
    if (unit && next && t.raw !== 'new') {
      next.used = true;
      grain = unit;
    }
    // "by the quarter in which customers signed up", "the month they joined": the unit before is the grain.
    if (verb && !grain) {
      let k = i - 1;
      const claimed: Token[] = [];
      const skip = (w: Token | undefined) =>
        w !== undefined &&
        (['they', 'which', 'in', 'when', 'that'].includes(w.raw) || start.otherWords.includes(w.stem));
      while (k >= 0 && i - k <= 4 && skip(tokens[k])) {
        claimed.push(tokens[k] as Token);
        k--;
      }
      const before = tokens[k];
      const linked = claimed.some((w) => ['which', 'when', 'they'].includes(w.raw));
      const named = before ? UNITS[before.stem] : undefined;
      if (named && before && linked) {
        grain = named;
        for (const w of [before, ...claimed]) w.used = true;
      }
    }
    if (t.stem === 'cohort') cohort = true;
  });
  return found ? { member: start, cohort, at, ...(grain ? { grain } : {}) } : undefined;
}

/** Who a figure is for: a meeting, a document, a person ("for my QBR", "for the board deck"). */
const AUDIENCE = new Set(
  'board deck decks meeting meetings presentation slide slides report boss manager ceo cfo cto investors investor qbr review standup email newsletter team update'.split(
    ' ',
  ),
);
const ASKING = new Set(['what', 'which', 'who', 'how', 'when', 'where', 'why', 'whats']);
/** Words that open an adjustment of a figure ("after refunds", "net of fees", "less discounts"). */
const ADJUSTING = new Set([
  'after',
  'before',
  'net',
  'less',
  'minus',
  'including',
  'incl',
  'plus',
  'pre',
  'post',
]);
/** Words that break down or narrow what is counted. */
const SCOPING = new Set(['by', 'per', 'across', 'each', 'every', 'excluding', 'except', 'without', 'only']);
/** Words that take rows out: a clause with one ("not the promo stuff", "sans refunds") is never a side remark. */
const NEGATING = new Set([
  'not',
  'no',
  'never',
  'none',
  'nor',
  'sans',
  'excl',
  'exclude',
  'excluded',
  'omit',
  'omitting',
]);
/** Negations that say nothing of the rows: "no rush", "not urgent", "no worries if not", "not sure if". */
const IDIOMS =
  /\b(?:no\s+(?:rush|hurry|pressure|worries|worry|problem|biggie|stress|sweat)|not\s+(?:urgent|sure|a\s+big\s+deal|a\s+priority)|if\s+not|(?:or|and)\s+not)\b/g;
/** Whether a clause's words take rows out, beside the idioms of urgency and doubt. */
const negating = (clause: string[]) => {
  const text = clause.join(' ').replace(IDIOMS, '');
  const rest = words(text);
  // ("don't count promos": a verb's "n't", as "don" and "t".)
  return rest.some((w, i) => NEGATING.has(w) || (/n$/.test(w) && rest[i + 1] === 't'));
};

/**
 * Unexplained words that only sit in a clause with no data words and no question of its own ("what was revenue
 * in 2024? need it for the board deck", "..., just curious"): left out, and said so, rather than refusing.
 */
export function incidental(
  question: string,
  tokens: readonly Token[],
  unexplained: readonly string[],
): string[] {
  // (A word read as another, "returns" as returned, is used as the asker wrote it too.)
  const used = new Set(
    tokens.filter((t) => t.used || t.value).flatMap((t) => [t.raw, ...(t.asked ? words(t.asked) : [])]),
  );
  const clauses = question
    .split(/[?.!;,:()]+|\s[-–—]\s/)
    .map((c) => words(c))
    .filter((c) => c.length > 0);
  // "... for my QBR", "... for the board deck": who the figure is for, at the end of a clause.
  const audience = clauses.flatMap((c) => {
    const at = c.findLastIndex((w, i) => w === 'for' && i >= c.length - 4);
    const tail =
      at >= 0
        ? c.slice(at + 1).filter((w) => !['my', 'our', 'the', 'a', 'an', 'this', 'next'].includes(w))
        : [];
    return tail.length > 0 &&
      tail.some((w) => AUDIENCE.has(w)) &&
      tail.every((w) => AUDIENCE.has(w) || !used.has(w))
      ? tail
      : [];
  });
  if (clauses.length < 2) return unexplained.filter((w) => audience.includes(w));
  // A clause that asks for a breakdown or a filter, or names a coded period ("by channel", "FY2024"), is part
  // of the question however few data words it has.
  // ("after refunds", "before discounts", "net of fees": an adjustment of the figure, unless it names a meeting.)
  const adjusting = (c: string[]) => ADJUSTING.has(c[0] ?? '') && !c.some((w) => AUDIENCE.has(w));
  // ("according to the budget,": a figure that is not the data's own, never a side remark.)
  const free = clauses.filter(
    (c) =>
      !adjusting(c) &&
      !c.some((w) => NOT_THE_DATA.has(w)) &&
      !negating(c) &&
      !c.some((w) => used.has(w) || ASKING.has(w) || SCOPING.has(w) || /^[a-z]+\d+$/.test(w)),
  );
  const bearing = clauses.filter((c) => !free.includes(c)).flat();
  // A number with its neighbours ("before 1" of "before my 1:1") is left out when all of it is in such a clause.
  const inFree = (w: string) => free.some((c) => w.split(' ').every((x) => c.includes(x)));
  return unexplained.filter(
    (w) => audience.includes(w) || (inFree(w) && !w.split(' ').some((x) => bearing.includes(x))),
  );
}

const AVERAGE_WORDS = new Set(['average', 'avg', 'mean', 'typical']);
/** What an entity does that a per-entity figure counts ("place", "buy"); "order" is left out: "average customer order" is a row's size. */
const SUBJECT_VERBS = new Set([
  'place',
  'places',
  'placed',
  'make',
  'makes',
  'made',
  'buy',
  'buys',
  'bought',
]);
const PER_WORDS = new Set(['per', 'each', 'every', 'a']);
/** Auxiliaries that make the word after an entity its verb ("does a customer order"). */
const DOES = new Set(['does', 'do', 'did']);
const PERIOD_ADJECTIVES = new Set(['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'annual']);

/**
 * "average revenue per customer", "average daily orders", "orders per day on average": the mean of a total per
 * entity or per period (not the average of rows). Claims the average word. "average order value per region"
 * (a row's own size) is the ordinary average.
 */
export function findAveragePer(tokens: Token[], cube: CatalogCube, cohort = false): boolean {
  const at = tokens.findIndex((t) => !t.used && AVERAGE_WORDS.has(t.raw));
  const word = tokens[at];
  // "orders per customer by signup quarter": per entity within cohorts is their mean, with no average word.
  if (!word) return cohort && perEntity(tokens, cube);

  const numbers = cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'number' && !isIdentifier(m),
  );
  const after = tokens.slice(at + 1, at + 4);
  if (after.some((t) => SIZE_WORDS.has(t.raw) || numbers.some((n) => n.titleWords.at(-1) === t.stem)))
    return false;
  const entityKeys = keysOf(cube);
  const per = tokens.some((t, i) => {
    const next = tokens[i + 1];
    if (!next || !PER_WORDS.has(t.raw)) return false;
    return UNITS[next.stem] !== undefined || (t.raw !== 'a' && entityKeys.has(next.stem));
  });
  // ("average monthly revenue", "the average of monthly revenue")
  const adjective =
    [tokens[at + 1], tokens[at + 2], tokens[at + 3]]
      .slice(0, tokens[at + 1]?.raw === 'of' ? (tokens[at + 2]?.raw === 'the' ? 3 : 2) : 1)
      .some((t) => PERIOD_ADJECTIVES.has(t?.raw ?? '')) ||
    // ("daily average revenue", "the monthly average of orders": the adjective first.)
    PERIOD_ADJECTIVES.has(tokens[at - 1]?.raw ?? '');
  // "what did the average customer spend", "what does the average enterprise customer spend", "how many orders
  // does a typical customer place": an entity after the average word (values of the model between, which
  // filter it), then a verb of its own (the figure per entity).
  const values = valueWordsOf(cube);
  let e = at + 1;
  while (e < at + 4 && values.has(tokens[e]?.stem ?? '') && !entityKeys.has(tokens[e]?.stem ?? '')) e++;
  const verb = tokens[e + 1]?.raw ?? '';
  const subject = entityKeys.has(tokens[e]?.stem ?? '') && (MONEY_WORDS.has(verb) || SUBJECT_VERBS.has(verb));
  // "how many regions does a customer order in, on average": "does" before the entity makes "order" its verb.
  const asked = tokens.some(
    (t, i) =>
      DOES.has(t.raw) &&
      ['a', 'an', 'each', 'one'].includes(tokens[i + 1]?.raw ?? '') &&
      entityKeys.has(tokens[i + 2]?.stem ?? '') &&
      (SUBJECT_VERBS.has(tokens[i + 3]?.raw ?? '') ||
        ['order', 'shop', 'purchase', 'spend'].includes(tokens[i + 3]?.raw ?? '')),
  );
  if (!per && !adjective && !subject && !asked) return false;
  word.used = true;
  const on = tokens[at - 1];
  if (on?.raw === 'on') on.used = true;
  return true;
}

export const keysOf = (cube: CatalogCube) =>
  new Set(
    cube.members
      .filter((m) => m.kind === 'dimension' && m.type === 'string' && !isIdentifier(m))
      .flatMap((m) => [...dimensionKeys(m).single, ...dimensionKeys(m).derived]),
  );

/** "per customer", "each customer": an entity of the cube after a per word. */
const perEntity = (tokens: Token[], cube: CatalogCube) => {
  const keys = keysOf(cube);
  return tokens.some(
    (t, i) => ['per', 'each', 'every'].includes(t.raw) && keys.has(tokens[i + 1]?.stem ?? ''),
  );
};
