/**
 * Several percentiles in one question (issue 29, README "Evaluating the analyst", second-order questions): "10th and 90th
 * percentile", "p25, p50 and p75", "median and p90", "first and third quartile", "95th pct". The first one
 * is read by `findPercentile` (readings.ts); the others here, each claiming its words.
 */
import type { CatalogCube } from './catalog';
import type { Token } from './plan';
import { findPercentile } from './readings';

const ORDINAL_SUFFIX = new Set(['st', 'nd', 'rd', 'th']);
const LIST_WORDS = new Set(['and', 'or', ',', '&', 'plus']);
const QUARTILES: Record<string, number> = {
  first: 0.25,
  '1st': 0.25,
  lower: 0.25,
  third: 0.75,
  '3rd': 0.75,
  upper: 0.75,
};

/** Misspellings of "amount" too short for the typo reading (readings.ts reads words of six letters or more). */
const AMOUNT_TYPOS = new Set(['amout', 'amnt', 'amont', 'amt', 'amoun']);

/**
 * "95th pct", "90th %ile", "95th pctile": an ordinal before a percent abbreviation is a percentile. Rewrites the
 * token; so is "amout" (the number a percentile is mostly asked of), as "amount".
 */
export function readPercentAbbreviations(tokens: Token[]): void {
  for (const t of tokens) {
    if (!t.used && AMOUNT_TYPOS.has(t.raw)) {
      t.raw = 'amount';
      t.stem = 'amount';
    }
  }
  tokens.forEach((t, i) => {
    if (t.used || !['pct', 'ptile', 'pctl', 'ile', 'pctile', 'prctile', 'percentil'].includes(t.raw)) return;
    const suffix = tokens[i - 1];
    const number = tokens[i - 2];
    if (!suffix || !number || !ORDINAL_SUFFIX.has(suffix.raw) || !/^\d{1,2}$/.test(number.raw)) return;
    t.raw = 'percentile';
    t.stem = 'percentile';
  });
}

/**
 * The percentiles a question lists (0 to 1, ascending, no repeats), the first found by `findPercentile`:
 * undefined when none. A listed ordinal with no percentile word of its own ("10th and 90th percentile") takes
 * the word that ends the list.
 */
export function findPercentiles(tokens: Token[]): number[] | undefined {
  const found: number[] = [];
  for (let guard = 0; guard < 6; guard++) {
    const p = findPercentile(tokens);
    if (p === undefined) break;
    found.push(p);
  }
  if (found.length === 0) return undefined;
  // "10th and 90th percentile", "25th, 50th and 75th percentiles": ordinals listed before the claimed word.
  tokens.forEach((t, i) => {
    if (t.used || !/^\d{1,2}$/.test(t.raw)) return;
    const suffix = tokens[i + 1];
    if (!suffix || !ORDINAL_SUFFIX.has(suffix.raw) || suffix.used) return;
    const rest = tokens.slice(i + 2);
    // ("the 90th less the 10th pctl": a claimed gap word joins the two as "and" does.)
    const joins = (w: Token | undefined) =>
      w !== undefined && (LIST_WORDS.has(w.raw) || (w.used && GAP_WORDS.has(w.raw)));
    const end = rest.findIndex(
      (w) => !(joins(w) || w.raw === 'the' || /^\d{1,2}$/.test(w.raw) || ORDINAL_SUFFIX.has(w.raw)),
    );
    const word = rest[end];
    if (!word?.used || !['percentile', 'percentiles'].includes(word.raw) || end < 1) return;
    // ("25th, 50th and 75th": the comma is no token, so the next ordinal follows at once.)
    const listed = /^\d{1,2}$/.test(rest[0]?.raw ?? '') && ORDINAL_SUFFIX.has(rest[1]?.raw ?? '');
    if (!joins(rest[0]) && !listed) return;
    t.used = true;
    suffix.used = true;
    const list = rest[0];
    if (list && !listed) list.used = true;
    found.push(Number(t.raw) / 100);
  });
  // "first and third quartile": a quartile listed before the claimed word.
  tokens.forEach((t, i) => {
    const q = QUARTILES[t.raw];
    const list = tokens[i + 1];
    const next = tokens[i + 2];
    if (t.used || q === undefined || !list || !LIST_WORDS.has(list.raw) || !next?.used) return;
    if (QUARTILES[next.raw] === undefined || !['quartile', 'quartiles'].includes(tokens[i + 3]?.raw ?? ''))
      return;
    t.used = true;
    list.used = true;
    found.push(q);
  });
  // The list words between claimed percentiles ("median and p90", "p25, p50 and p75").
  tokens.forEach((t, i) => {
    if (!t.used && LIST_WORDS.has(t.raw) && tokens[i - 1]?.used && tokens[i + 1]?.used && found.length > 1)
      t.used = true;
  });
  return [...new Set(found)].sort((a, b) => a - b);
}

/** Words of a percentile, claimed by `findPercentile`. */
const PERCENTILE_WORDS = /^(median|p\d{1,2}|percentiles?)$/;

/**
 * "median grocery order", "p50 ticket in toys": a percentile right before one row (the singular noun the cube
 * counts, values between) is of that row's size, as "median order size" is. A plural ("median orders") may be
 * a count per something and is not read here.
 */
export function percentileOfRow(tokens: readonly Token[], cube: CatalogCube): boolean {
  const at = tokens.findIndex((t) => t.used && PERCENTILE_WORDS.test(t.raw));
  if (at < 0) return false;
  let k = at + 1;
  while (tokens[k]?.value) k++;
  const noun = tokens[k];
  if (!noun || noun.raw !== noun.stem) return false;
  return cube.members.some(
    (m) =>
      m.kind === 'measure' &&
      m.aggType === 'count' &&
      (m.titleWords.at(-1) === noun.stem || m.otherWords.includes(noun.stem)),
  );
}

/** Words of the gap between two percentiles ("p75 minus p25", "spread between the 10th and 90th percentile"). */
const GAP_WORDS = new Set([
  'minus',
  'less',
  'spread',
  'gap',
  'difference',
  'range',
  'distance',
  'delta',
  'far',
]);

/** Words of the mean, which a percentile may be asked beside ("the median and the average order size"). */
const MEAN_WORDS = new Set(['average', 'avg', 'mean']);

/**
 * "the median and the average order size", "how far is the average order from the median": the mean of the same
 * number beside the percentile. Claims the mean's word (a measure may have claimed it: then it is the mean's).
 */
export function claimMeanBeside(tokens: Token[]): boolean {
  const words = tokens.filter((t) => MEAN_WORDS.has(t.raw));
  for (const t of words) t.used = true;
  return words.length > 0;
}

/** A token naming a percentile on its own: "p90", "median", an ordinal, a quartile word. */
const percentileMention = (tokens: readonly Token[], i: number): boolean => {
  const t = tokens[i];
  if (!t) return false;
  if (/^p\d{1,2}$/.test(t.raw) || t.raw === 'median' || MEAN_WORDS.has(t.raw)) return true;
  if (/^\d{1,2}$/.test(t.raw) && ORDINAL_SUFFIX.has(tokens[i + 1]?.raw ?? '')) return true;
  return t.stem === 'quartile' && QUARTILES[tokens[i - 1]?.raw ?? ''] !== undefined;
};

/**
 * The gap between two percentiles (issue 29): "IQR", "interquartile range" (rewritten as "p25 and p75"), or a gap
 * word beside two percentiles ("p75 minus p25", "spread between the 10th and 90th percentile", "the 90th less the
 * 10th pctl"). Claims the gap words before a change reads "difference" as one; true when a gap is asked for.
 */
export function claimPercentileGap(tokens: Token[]): boolean {
  const at = tokens.findIndex(
    (t, i) =>
      !t.used &&
      (t.raw === 'iqr' ||
        t.raw === 'interquartile' ||
        (t.raw === 'inter' && tokens[i + 1]?.raw === 'quartile')),
  );
  const iqr = tokens[at];
  if (iqr) {
    const ends = iqr.raw === 'inter' ? 2 : 1;
    const range = tokens[at + ends]?.raw === 'range' ? 1 : 0;
    const token = (raw: string): Token => ({ raw, stem: raw, used: false });
    tokens.splice(at, ends + range, token('p25'), token('and'), token('p75'));
  }
  // ("interquartile range (p75 minus p25)": the restated gap's word is claimed too.)
  const mentions = tokens.flatMap((_, i) => (percentileMention(tokens, i) ? [i] : []));
  const first = mentions[0];
  const last = mentions.at(-1);
  if (first === undefined || last === undefined || mentions.length < 2) return iqr !== undefined;
  // The gap word sits between the two, or just before the first ("the spread between ...").
  // (Beside the mean, anywhere: "median vs average order value for toys - how big is the difference?".)
  const withMean = mentions.some((i) => MEAN_WORDS.has(tokens[i]?.raw ?? ''));
  const gap = tokens.findIndex(
    (t, i) =>
      !t.used &&
      GAP_WORDS.has(t.raw) &&
      ((i >= first - 4 && i <= last + 1) || (withMean && !/^\d{4}$|^q[1-4]$/.test(tokens[i + 2]?.raw ?? ''))),
  );
  if (gap < 0) return claimGapBack(tokens, last, mentions.length) || iqr !== undefined;
  const word = tokens[gap];
  if (!word) return iqr !== undefined;
  // ("how far apart are the median and the mean", "how far is the average from the median".)
  if (
    word.raw === 'far' &&
    (tokens[gap - 1]?.raw !== 'how' || !mentions.some((i) => MEAN_WORDS.has(tokens[i]?.raw ?? '')))
  )
    return iqr !== undefined;
  word.used = true;
  if (word.raw === 'far') {
    for (const t of [tokens[gap - 1], tokens[gap + 1]?.raw === 'apart' ? tokens[gap + 1] : undefined])
      if (t) t.used = true;
  }
  const between = tokens[gap + 1];
  if (between && !between.used && ['between', 'from', 'of'].includes(between.raw)) between.used = true;
  return true;
}

/**
 * "the average order value minus the median order value", "median less mean order amount": the mean and one
 * percentile joined by "minus" or "less" between them, a signed difference (the first said minus the second), not the
 * size of the gap "between" them. Which comes first, or undefined when the words are not that shape. Read before
 * claimPercentileGap claims the words.
 */
export function signedMeanGap(tokens: readonly Token[]): 'mean' | 'percentile' | undefined {
  const mentions = tokens.flatMap((_, i) => (percentileMention(tokens, i) ? [i] : []));
  if (mentions.length !== 2) return undefined;
  const [first, second] = mentions as [number, number];
  const means = mentions.filter((i) => MEAN_WORDS.has(tokens[i]?.raw ?? ''));
  if (means.length !== 1) return undefined;
  // ("median less than the average" compares them: no difference.)
  const minus = tokens.findIndex(
    (t, i) =>
      i > first && i < second && (t.raw === 'minus' || (t.raw === 'less' && tokens[i + 1]?.raw !== 'than')),
  );
  if (
    minus < 0 ||
    tokens.slice(first, second).some((t) => ['between', 'and', 'vs', 'versus'].includes(t.raw))
  )
    return undefined;
  return means[0] === first ? 'mean' : 'percentile';
}

/** What points back at two percentiles named before ("between them", "between the two", "between those"). */
const BACK_AT_TWO = [['them'], ['those'], ['these'], ['the', 'two'], ['the', '2'], ['both']];

/**
 * "p25 and p75 of orders per customer, and the gap between them": a gap word after the two percentiles that points
 * back at them. Only for exactly two; claims the gap's words.
 */
function claimGapBack(tokens: Token[], last: number, count: number): boolean {
  if (count !== 2) return false;
  for (let i = last + 1; i < tokens.length; i++) {
    const word = tokens[i];
    if (!word || word.used || !GAP_WORDS.has(word.raw) || word.raw === 'far') continue;
    if (tokens[i + 1]?.raw !== 'between') continue;
    const back = BACK_AT_TWO.find((ws) => ws.every((w, k) => tokens[i + 2 + k]?.raw === w));
    if (!back) continue;
    for (const t of tokens.slice(i, i + 2 + back.length)) t.used = true;
    return true;
  }
  return false;
}
