/**
 * Common business words for what a model already has (issue 29; docs/analyst.md, "Words the model does not
 * know"): "geo" or "patch" for a region, "ticket", "deal" or "basket" for an order, "patrons" for customers,
 * "bookings" for sales, "product line" for a product category, "small biz"
 * for small business, "market segment" for segment, "the headcount of clients" for their number, "transacted" for ordered, "rung up" and "we've ever closed" as verbs of the asker's own
 * sales, "north of $30k" for over $30k, "my book of business" for the asker's own data (row-level security
 * already scopes it). Each is read as the model's word only where the model (its titles, synonyms and values)
 * has that word and not the asker's own; otherwise the word stays unknown and the question is refused.
 */
import { cubeVocabulary } from './asker';
import { type CatalogCube, valueWordsOf } from './catalog';
import { readKindNouns } from './kind-nouns';
import type { Token } from './plan';
import { stem } from './text';
import { UNITS } from './vocabulary';

/** Business nouns by the model word they stand for (read only where the model has the target and not the word). */
const NOUNS: Record<string, string> = {
  geo: 'region',
  geos: 'regions',
  geography: 'region',
  geographies: 'regions',
  ticket: 'order',
  tickets: 'orders',
  deal: 'order',
  deals: 'orders',
  biz: 'business',
  patron: 'customer',
  patrons: 'customers',
  patch: 'region',
  patches: 'regions',
  bookings: 'sales',
  cash: 'revenue',
  merch: 'product',
  merchandise: 'product',
  basket: 'order',
  baskets: 'orders',
  takings: 'revenue',
  // "rev by cat": "cat" and "cats" for a category, read only where the model has "category" and not "cat".
  cat: 'category',
  cats: 'categories',
  // "cancel rate by seg": a segment, read only where the model has "segment" and not "seg".
  seg: 'segment',
  segs: 'segments',
  ordr: 'order',
  ordrs: 'orders',
};

/** Words whose "take" is money taken in ("our take", "my total take"). */
const TAKE_OWNERS = new Set(['our', 'my', 'total', 'overall', 'their', 'your']);

/** Fractions of a ranking by their word ("the top quarter"), in percent. */
const FRACTIONS: Record<string, number> = { half: 50, quarter: 25, fifth: 20, tenth: 10 };

/** Participles of breaking down before "out by" or "down by". */
const BROKEN = new Set(['broken', 'split', 'sliced', 'cut', 'bucketed']);

/** Money words a "top line" only describes ("top line revenue"). */
const TOP_LINE_OF = new Set(['revenue', 'revenues', 'sales', 'turnover']);

/**
 * Business nouns that are general English elsewhere but name a figure the model lacks: "our take" (the seller's
 * cut, or its takings?), "take rate", "sales volume" (units, or their value?). Refused by name, never read as the
 * filler words they are elsewhere ("take a look", "order volume").
 */
const AMBIGUOUS_NOUNS: Record<string, (before: string, after: string) => boolean> = {
  take: (before, after) =>
    ['our', 'my', 'the', 'their', 'your', 'total', 'net', 'gross'].includes(before) ||
    ['rate', 'rates'].includes(after),
  // "sales volume": units sold, or their value? ("order volume" is the number of orders.)
  volume: (before) => ['sales', 'sale', 'selling'].includes(before),
};

/** The business words of the question that name a figure the model lacks (AMBIGUOUS_NOUNS), as asked. */
export function unreadBusinessWords(tokens: readonly Token[]): string[] {
  return tokens.flatMap((t, i) =>
    !t.used && AMBIGUOUS_NOUNS[t.raw]?.(tokens[i - 1]?.raw ?? '', tokens[i + 1]?.raw ?? '') ? [t.raw] : [],
  );
}

/** Verbs of a sale the model dates as an order ("who transacted in Q3"). */
const VERBS: Record<string, string> = {
  transacted: 'ordered',
  transact: 'ordered',
  transacting: 'ordered',
};

/** People who make a sale: a participle right after them is their verb ("we closed", "we've rung up"). */
const SUBJECTS = new Set(['we', 'i', 'you', 'they', 've', 'ever', 'have', 'had', 'has']);
/** Verbs of ringing up or closing a sale: the sale itself is what is measured, the verb adds nothing. */
const SALE_VERBS = new Set([
  'rung',
  'rang',
  'ring',
  'closed',
  'booked',
  'landed',
  'won',
  'processed',
  'logged',
]);

/** People a headcount counts (the asker's words or the model's, after askerTokens). */
const PEOPLE = new Set(['customer', 'client', 'account', 'buyer', 'patron', 'shopper']);

/** Verbs of passing a number. */
const PASSED = new Set(['topped', 'exceeded', 'exceeds', 'exceed', 'surpassed', 'passed']);

const UP: Record<string, string> = { over: 'over', above: 'over', beyond: 'over', past: 'over' };
const DOWN: Record<string, string> = { under: 'under', below: 'under' };
const BOTH = { ...UP, ...DOWN };
/** Verbs of moving past a number, and the prepositions each reads with ("came", a share's part word, is kept). */
const MOVED: Record<string, Record<string, string>> = {
  go: BOTH,
  goes: BOTH,
  went: BOTH,
  gone: BOTH,
  get: BOTH,
  got: BOTH,
  climb: UP,
  climbed: UP,
  rise: UP,
  rose: UP,
  fall: DOWN,
  fell: DOWN,
  dip: DOWN,
  dipped: DOWN,
  drop: DOWN,
  dropped: DOWN,
  sink: DOWN,
  sank: DOWN,
};

const token = (raw: string, asked?: string): Token => ({
  raw,
  stem: stem(raw),
  used: false,
  ...(asked ? { asked } : {}),
});

/**
 * The tokens with the business words above read as the model's. Dropped words ("line" of "product line", the
 * "ve" of "we've", "up" of "rung up", "book of business") are only ever dropped where what they belong to is read.
 */
export function readBusinessWords(tokens: readonly Token[], cube: CatalogCube): Token[] {
  const vocabulary = cubeVocabulary(cube);
  const has = (w: string) => vocabulary.has(stem(w));
  const valueWords = valueWordsOf(cube);
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const next = tokens[i + 1];
    const before = out.at(-1);
    // "north of $30k", "south of 40 orders": above and below a number, not the regions.
    if (['north', 'south'].includes(t.raw) && next?.raw === 'of' && /^\$?\d/.test(tokens[i + 2]?.raw ?? '')) {
      out.push(token(t.raw === 'north' ? 'over' : 'under', `${t.raw} of`));
      i += 1;
      continue;
    }
    // "spent over $30k lifetime", "over their lifetime": all the data, which no period already means.
    if (t.raw === 'lifetime' && !tokens.some((x) => /^(19|20)\d\d$/.test(x.raw))) {
      if (/^\d/.test(before?.raw ?? '')) continue;
      const lead = out.at(-2);
      if (
        before &&
        ['their', 'its', 'the', 'his', 'her'].includes(before.raw) &&
        lead &&
        ['over', 'in', 'during', 'across'].includes(lead.raw)
      ) {
        out.splice(-2, 2);
        continue;
      }
    }
    if (t.used || t.value || has(t.raw)) {
      out.push(t);
      continue;
    }
    // "we've": the contraction's tail.
    if (t.raw === 've' && before && ['we', 'i', 'you', 'they'].includes(before.raw)) continue;
    // "market segment": the model's segment, where "market" means nothing of its own.
    if (t.raw === 'market' && next && ['segment', 'segments'].includes(next.raw) && has('segment')) continue;
    // "the headcount of clients", "client headcount": how many of those people (never "headcount" alone, which
    // counts staff).
    if (['headcount', 'headcounts'].includes(t.raw) && !has('headcount')) {
      const after = next?.raw === 'of' ? tokens[i + 2] : undefined;
      if (after && PEOPLE.has(after.stem)) {
        out.push(token('number', t.raw));
        continue;
      }
      if (before && PEOPLE.has(before.stem)) {
        out.pop();
        out.push(token('number', t.raw), token('of'), before);
        continue;
      }
    }
    // "product line(s)": the model's product word, where "line" means nothing of its own.
    if (['line', 'lines'].includes(t.raw) && before?.raw.startsWith('product') && has('product')) continue;
    // "our customer base", "the client base": every customer, where the model has customers and no base.
    if (
      t.raw === 'base' &&
      before &&
      ['customer', 'client'].includes(before.stem) &&
      has('customers') &&
      !has('base')
    ) {
      out.pop();
      out.push(token('customers', `${before.raw} base`));
      continue;
    }
    // "my/our book of business": the asker's own data, which row-level security already scopes.
    if (t.raw === 'book' && next?.raw === 'of' && tokens[i + 2]?.raw === 'business' && !has('book')) {
      i += 2;
      if (before && ['my', 'our', 'the'].includes(before.raw)) out.pop();
      continue;
    }
    // "broken out by region", "split out by segment": by it.
    if (BROKEN.has(t.raw) && ['out', 'down', 'up'].includes(next?.raw ?? '') && tokens[i + 2]?.raw === 'by') {
      i += 1;
      continue;
    }
    // "the bottom half of customers", "the top quarter of clients": that percent of them, in the asker's word.
    const fraction = FRACTIONS[t.raw];
    const whole = tokens.slice(i + 2).find((x) => !['the', 'our', 'my', 'all', 'of'].includes(x.raw));
    const ofPeriod = whole !== undefined && UNITS.has(whole.stem);
    if (fraction && before && ['top', 'bottom'].includes(before.raw) && next?.raw === 'of' && !ofPeriod) {
      out.push(token(String(fraction), t.raw), token('percent'));
      continue;
    }
    // "top-line", "topline": the revenue at the top of an income statement; before "revenue" or "sales" it only
    // describes them ("top line revenue").
    const topLine = (t.raw === 'top' && next?.raw === 'line') || t.raw === 'topline';
    if (topLine && has('revenue') && !has('line')) {
      const span = t.raw === 'top' ? 2 : 1;
      i += span - 1;
      const after = tokens[i + 1];
      if (!(after && TOP_LINE_OF.has(after.raw) && has(after.raw))) out.push(token('revenue', 'top-line'));
      continue;
    }
    // "what was our take in 2024", "my total take by region": the money taken in, after a possessive (not "take the
    // top 5", "how long does it take").
    if (['take', 'takes'].includes(t.raw) && before && TAKE_OWNERS.has(before.raw) && has('revenue')) {
      out.push(token('revenue', t.raw));
      continue;
    }
    const noun = NOUNS[t.raw];
    if (noun && has(noun)) {
      out.push(token(noun, t.raw));
      continue;
    }
    // "spend topped $12,000", "exceeded 40 orders": a verb of passing a number is "over" it.
    if (PASSED.has(t.raw) && /^\$?\d/.test(next?.raw ?? '')) {
      out.push(token('over', t.raw));
      continue;
    }
    // "did revenue go over $14 million", "months where orders fell below 500": a verb of moving past a number with
    // its preposition is "over" ("under") it (was "go over" left to the rows' own amount: each order over $14M).
    const moved = MOVED[t.raw];
    const side = next ? moved?.[next.raw] : undefined;
    if (side && /^\$?\d/.test(tokens[i + 2]?.raw ?? '')) {
      out.push(token(side, `${t.raw} ${next?.raw}`));
      i += 1;
      continue;
    }
    const verb = VERBS[t.raw];
    if (verb && has(verb)) {
      out.push(token(verb));
      continue;
    }
    // "we've ever rung up", "the largest deal we closed": the verb of the sale measured, said by its seller.
    if (SALE_VERBS.has(t.raw) && before && SUBJECTS.has(before.raw)) {
      if (next?.raw === 'up') i += 1;
      continue;
    }
    // "on the small business side": the side is the value's.
    if (['side', 'line', 'lines'].includes(t.raw) && before && valueWords.has(before.stem)) continue;
    out.push(t);
  }
  // ("product group", "customer type": kind-nouns.ts.)
  return readKindNouns(out, cube);
}

const LOSS_VERBS = new Set(['lose', 'lost', 'loses', 'losing']);
const LOSS_LINKS = new Set(['to', 'through', 'from', 'on', 'via']);

/**
 * "how much revenue did we lose to cancellations": the amount of the rows with that value, not a change between
 * periods ("lost" alone, as in "which region lost the most", stays a change). Read after synonyms, so the word
 * after the link is the model's value.
 */
export function claimLossTo(tokens: Token[], cube: CatalogCube): void {
  const valueWords = valueWordsOf(cube);
  tokens.forEach((t, i) => {
    const link = tokens[i + 1];
    if (t.used || !LOSS_VERBS.has(t.raw) || !link || !LOSS_LINKS.has(link.raw)) return;
    const value = tokens[i + 2]?.raw === 'the' ? tokens[i + 3] : tokens[i + 2];
    if (!value || !valueWords.has(value.stem)) return;
    t.used = true;
    link.used = true;
  });
}
