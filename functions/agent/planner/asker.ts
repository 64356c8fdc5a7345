/**
 * The asker's own words for what the model has (issue 29; the rule is in docs/analyst.md, "Words the model
 * does not know"): business shorthand ("rev", "avg", "accts", "SMB", "LTV"), "lifetime" before an amount of
 * money, and the noun of a value ("returns" for the status returned). Each is read as the
 * model's word only where the model has every word it stands for; otherwise it stays unknown and the planner
 * names it as missing. The word asked is kept on the token (`asked`) so the answer says how it was read.
 */
import type { CatalogCube } from './catalog';
import type { Token } from './plan';
import { ENGLISH_SYNONYMS } from './readings';
import { nearlyEqual, stem, words } from './text';
import { GRAIN_WORDS, LAST_WORDS, RATIO_WORDS, RETURNING_PEOPLE, SIZE_WORDS } from './vocabulary';

/**
 * Shorthand a sales or operations person writes, by the words it stands for. Read only where the model (or the
 * planner's own period and grain words) has every one of those words.
 */
const SHORTHAND: Record<string, string> = {
  rev: 'revenue',
  revs: 'revenue',
  avg: 'average',
  amt: 'amount',
  amts: 'amounts',
  val: 'value',
  vals: 'values',
  qty: 'quantity',
  acct: 'account',
  accts: 'accounts',
  cust: 'customer',
  custs: 'customers',
  txn: 'transaction',
  txns: 'transactions',
  num: 'number',
  nbr: 'number',
  cnt: 'count',
  ttl: 'total',
  tot: 'total',
  yr: 'year',
  yrs: 'years',
  qtr: 'quarter',
  qtrs: 'quarters',
  mth: 'month',
  mths: 'months',
  mo: 'month',
  mos: 'months',
  wk: 'week',
  wks: 'weeks',
  prev: 'previous',
  ly: 'last year',
  // Order-desk shorthand for a cancelled order ("# of cxl orders"), read where the model has that value.
  cxl: 'cancelled',
  cxld: 'cancelled',
  canx: 'cancelled',
  // A fiscal year: the data has no fiscal calendar of its own, so the calendar year, said back to the asker.
  fy: 'calendar year',
  // Small and medium-sized businesses: the model's "small business" where it has that value.
  smb: 'small business',
  smbs: 'small business',
  sme: 'small business',
  smes: 'small business',
  // Customer lifetime value: what a customer has spent over all the data.
  // Gross merchandise value: the value of the orders placed.
  gmv: 'revenue',
  ltv: 'lifetime spend',
  clv: 'lifetime spend',
  cltv: 'lifetime spend',
};

/** Words the planner reads itself whatever the model (periods, grains): shorthand may stand for them. */
const PLANNER_WORDS = new Set([...Object.keys(GRAIN_WORDS), ...LAST_WORDS, 'lifetime', 'spend', 'calendar']);

/** Words after "lifetime" that ask for an amount of money (a customer's lifetime value is their total spend). */
const LIFETIME_MONEY = new Set(['value', 'spend', 'spending', 'revenue', 'sales', 'worth']);

/** Every stemmed word a cube can match: titles, other names, and the words of its known values. */
/** A token's stem, or its shorthand's where it stands for one word ("avg" as average). */
export const spelledStem = (t: Pick<Token, 'raw' | 'stem'>) => {
  const long = SHORTHAND[t.raw];
  return long && !long.includes(' ') ? stem(long) : t.stem;
};

export function cubeVocabulary(cube: CatalogCube): Set<string> {
  return new Set([
    ...cube.words,
    ...cube.members.flatMap((m) => [
      ...m.titleWords,
      ...m.otherWords,
      ...m.values.flatMap((v) => words(v).map(stem)),
    ]),
  ]);
}

const token = (raw: string, asked?: string): Token => ({
  raw,
  stem: stem(raw),
  used: false,
  ...(asked ? { asked } : {}),
});

/** The root of a value written as a participle ("returned" -> "return", "cancelled" -> "cancell"). */
const rootOf = (value: string) => value.replace(/(ed|ing)$/, '');

/**
 * A noun of a one-word value ("returns", "cancellations", "completions" for returned, cancelled, completed): the
 * value, when exactly one value of the cube has that root.
 */
function valueNoun(raw: string, cube: CatalogCube): string | undefined {
  const s = stem(raw);
  const found = cube.members.flatMap((m) =>
    m.kind === 'dimension'
      ? m.values.filter((v) => {
          if (v.includes(' ') || !/(ed|ing)$/.test(v)) return false;
          const root = rootOf(v);
          if (root.length < 5) return false;
          return [root, `${root}ion`, `${root}ation`, `${root.replace(/e$/, '')}ion`].includes(s);
        })
      : [],
  );
  return found.length === 1 ? found[0] : undefined;
}

/** Nouns of a change said before "in" and the rows changed ("the change in returns"). */
const CHANGE_NOUNS = new Set(
  'change changes difference increase decrease drop rise jump fall decline growth dip gain swing'.split(' '),
);

/**
 * The question's words with the asker's shorthand and value nouns read as the model's words. A ratio question
 * keeps "return rate" as it is (the share reading finds the value itself).
 */
export function askerTokens(raws: readonly string[], cube: CatalogCube): Token[] {
  const vocabulary = cubeVocabulary(cube);
  const known = (w: string) =>
    vocabulary.has(stem(w)) || PLANNER_WORDS.has(w) || ENGLISH_SYNONYMS[stem(w)] !== undefined;
  const ratio = raws.some((w) => RATIO_WORDS.has(w));
  // A lifetime value is one customer's total: read only where customers are what is listed or ranked, and no
  // average is asked ("LTV by segment" is an average per customer, which this reading would not give).
  const perCustomer =
    raws.some((w) => stem(w) === 'customer' || ENGLISH_SYNONYMS[stem(w)] === 'customer') &&
    !raws.some((w) => ['average', 'avg', 'mean', 'median', 'typical'].includes(w));
  const out: Token[] = [];
  let skip = -1;
  raws.forEach((raw, i) => {
    // "since the beginning of 2025" is "since 2025" (its own unit to date when a unit follows: dates.ts).
    const lead = raws[i - 1] === 'the' ? raws[i - 2] : raws[i - 1];
    const startOf =
      (raw === 'start' || raw === 'beginning') &&
      ['since', 'from'].includes(lead ?? '') &&
      raws[i + 1] === 'of' &&
      /^\d{4}$|^q[1-4]$|^[a-z]{3,9}$/.test(raws[i + 2] ?? '') &&
      !['the', 'this', 'current'].includes(raws[i + 2] ?? '');
    if (startOf) {
      // Dropped with its "the" and "of": the period then follows "since" as in "since 2025".
      if (raws[i - 1] === 'the' && out.at(-1)?.raw === 'the') out.pop();
      skip = i + 1;
      return;
    }
    if (i === skip) return;
    // "lifetime value", "lifetime spend": the total over all the data (no period), an amount of money; a
    // "customer lifetime" alone is a duration the model lacks and stays unknown.
    if (raw === 'lifetime' && LIFETIME_MONEY.has(raws[i + 1] ?? '') && perCustomer) {
      out.push({ ...token(raw), used: true });
      return;
    }
    if (raw === 'value' && raws[i - 1] === 'lifetime' && perCustomer) {
      out.push(token('spend', 'lifetime value'));
      return;
    }
    // ("what share of 2025 revenue came from returning customers?": people who come back, not orders with the status
    // returned; the word is left unread, and refused by name, as the model has no such customers.)
    if (raw === 'returning' && RETURNING_PEOPLE.has(raws[i + 1] ?? '')) {
      out.push({ ...token(raw), stem: raw });
      return;
    }
    if (vocabulary.has(stem(raw))) {
      out.push(token(raw));
      return;
    }
    const expansion = SHORTHAND[raw];
    const expanded = expansion?.split(' ') ?? [];
    const lifetime = expanded[0] === 'lifetime';
    if (expansion && expanded.every(known) && (!lifetime || perCustomer)) {
      expanded.forEach((w, k) => {
        const t = token(w, k === 0 ? raw : undefined);
        if (k === 0 && expanded.length > 1) t.readAs = expansion;
        // "lifetime" of "LTV": all the data, no period of its own.
        if (w === 'lifetime') t.used = true;
        // "calendar" of "FY": the year itself is read by the dates; the word stays to say how it was read.
        if (w === 'calendar') t.used = true;
        out.push(t);
      });
      return;
    }
    // A misspelt everyday name of a model word ("purchses"): the name, read on as any synonym is.
    const names = Object.keys(ENGLISH_SYNONYMS).filter(
      (k) => raw.length >= 6 && (nearlyEqual(raw, k) || nearlyEqual(raw, `${k}s`)),
    );
    const [name] = names;
    if (names.length === 1 && name && vocabulary.has(stem(ENGLISH_SYNONYMS[name] ?? ''))) {
      out.push(token(raw.endsWith('s') ? `${name}s` : name));
      return;
    }
    // "basket size", "average ticket value": the size of one order, where the model has orders and sizes.
    if (
      ['basket', 'ticket', 'cart'].includes(raw) &&
      SIZE_WORDS.has(raws[i + 1] ?? '') &&
      vocabulary.has('order')
    ) {
      out.push(token('order', raw));
      return;
    }
    // In a list ("revenue and returns") the noun is a measure of its own, not a filter on the others.
    // ("sales and the number of returns": the list word before the words of a count.)
    let back = i - 1;
    while (back > 0 && ['the', 'number', 'of', 'how', 'many', 'total', 'count'].includes(raws[back] ?? ''))
      back--;
    const listed = ['and', 'or', 'vs', 'versus', 'plus'].some((w) => raws[back] === w || raws[i + 1] === w);
    const value = ratio || listed ? undefined : valueNoun(raw, cube);
    if (value) {
      out.push(token(value, raw));
      // "2 or more returns", "more than 12 cancellations": a count of those rows, so the rows' noun follows.
      const rows = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count')?.titleWords.at(-1);
      const counted = [1, 2, 3].some(
        (k) =>
          /^\d+$/.test(raws[i - k] ?? '') &&
          raws.slice(i - k + 1, i).every((w) => ['or', 'more', 'fewer', 'less'].includes(w)),
      );
      // ("the change in returns", "a drop in cancellations": the rows changed in number, not their amount.)
      const changed = raws[i - 1] === 'in' && CHANGE_NOUNS.has(raws[i - 2] ?? '');
      if ((counted || changed) && rows && raws[i + 1] !== rows)
        out.push(token(`${rows}s`.replace(/ss$/, 's')));
      return;
    }
    out.push(token(raw));
  });
  return out;
}

/**
 * The model's words the asker's words may stand for (shorthand, everyday names), for the data model search: a
 * member the asker names by another word ("clients" for Number of customers) must be among those searched.
 */
export function searchWords(raws: readonly string[]): string[] {
  return raws.flatMap((raw) => {
    const expansion = SHORTHAND[raw]?.split(' ') ?? [];
    const name = ENGLISH_SYNONYMS[stem(raw)];
    return [...expansion, ...(name ? [name] : []), ...(raw === 'lifetime' ? ['revenue'] : [])];
  });
}
