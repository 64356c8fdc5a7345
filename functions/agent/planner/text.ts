/** Words that carry no meaning for matching members. */
export const STOPWORDS = new Set(
  'a an the of in on at for to from with and or by per is are was were be been what whats which who how me my our show give tell list please there their this that these those do does did can could would i we you it its as than into about each every all any some much many get got have has had'.split(
    ' ',
  ),
);

/** Irregular verb forms of common business nouns ("sold" meets "sales"). */
const LEMMAS: Record<string, string> = { sell: 'sale', sold: 'sale', selling: 'sale', sells: 'sale' };

/** A crude English stem: plural and common suffixes dropped so "categories" meets "category". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  const lemma = LEMMAS[w];
  if (lemma) return lemma;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** A number with its ordinal suffix ("1st", "22nd", "13th", "97.5th"). */
export const ordinal = (n: number): string =>
  `${n}${!Number.isInteger(n) || (n % 100 >= 11 && n % 100 <= 13) ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')}`;

/** Numbers below twenty written out ("five", "thirteen"). */
export const UNIT_WORDS: Record<string, number> = Object.fromEntries(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ')
    .map((w, i) => [w, i]),
);
/** Tens written out ("twenty", "ninety"). */
export const TEN_WORDS: Record<string, number> = Object.fromEntries(
  'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').map((w, i) => [w, 20 + 10 * i]),
);

/** Counts written as words ("the five largest"); "one" stays a word (it is mostly a pronoun). */
const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  Object.entries(UNIT_WORDS)
    .filter(([, n]) => n >= 2 && n <= 12)
    .map(([w, n]) => [w, String(n)]),
);

/** Lowercase word tokens of a text (letters and digits), keeping their order. */
export function words(text: string): string[] {
  const normalised = text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/%/g, ' percent ')
    // "revenue & orders": a list.
    .replace(/\s&\s/g, ' and ')
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    // "more than one region", "fewer than one order": the number after a comparison ("one" elsewhere stays a word).
    .replace(/\b(more|fewer|less|greater)\s+than\s+one\b(?!\s+of\b)/g, '$1 than 1')
    // "70+ orders": 70 or more.
    .replace(/(\d)\+/g, '$1 or more')
    // "40k", "1.5m", "2 million": the number written out.
    .replace(/(\d+(?:\.\d+)?)\s?(k|m|mm|thousand|million)\b/g, (_, n: string, unit: string) =>
      String(Math.round(Number(n) * (unit === 'k' || unit === 'thousand' ? 1_000 : 1_000_000))),
    );
  return (normalised.match(/[a-z]+\d*|\d+(?:\.\d+)?/g) ?? []).map((w) => NUMBER_WORDS[w] ?? w);
}

/** Two neighbouring letters swapped and nothing else changed ("nroth" for north, "regoin" for region). */
export function swappedPair(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const at = [...a].findIndex((c, k) => c !== b[k]);
  return at >= 0 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/** Edit distance at most one (spelling variants such as canceled/cancelled). */
export function nearlyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return false;
  // Two neighbouring letters swapped ("regoin", "cateogry").
  if (swappedPair(a, b)) return true;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Numbers as the answers write them: thousands separators, at most two decimals. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A value of a result cell as text. */
export function formatValue(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))) {
    return formatNumber(Number(value));
  }
  return String(value);
}

/** Joins items as English: "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
