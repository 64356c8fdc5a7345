/**
 * Words around an answerable ask that say nothing about the data (issue 29; README.md, "Words the model does not
 * know"), read before the question's words are matched against the model:
 * - an aside at the start that says who the answer is for ("for my weekly sync:", "for the board pack,", "quick
 *   one for finance -"): dropped only when none of its words is one the model or the planner's periods know, so
 *   "for the west team:" still filters and "for 2024," still dates;
 * - a parenthetical that names a value the model lists for the asker's own words ("got scrapped (cancelled)",
 *   "bounced back (returned)"): the value replaces the words before it when they are neither the model's nor
 *   the planner's own; otherwise both stay, and a word the model lacks is still refused by name;
 * - verbs of arrival ("came through", "landed", "were placed", "rolled in"): an order's own date already says
 *   when it came, so they read as "came", which carries no meaning of its own.
 */
import { cubeVocabulary } from './asker';
import type { CatalogCube } from './catalog';
import { STOPWORDS, stem, words } from './text';
import { GRAIN_WORDS, LAST_WORDS, MONTHS, UNITS } from './vocabulary';

/** Words of the planner's own periods and grains: an aside that has one may date or group the question. */
const PERIOD_WORDS = new Set([
  ...Object.keys(GRAIN_WORDS),
  ...LAST_WORDS,
  ...MONTHS,
  ...UNITS,
  'this',
  'next',
  'today',
  'yesterday',
  'ytd',
  'mtd',
  'qtd',
  'each',
  'every',
  'all',
  'any',
]);

/** Words that point back at rows or groups ("for each of those,", "for them:"): never an aside. */
const POINTERS = new Set([
  'each',
  'every',
  'all',
  'any',
  'those',
  'these',
  'them',
  'that',
  'it',
  'which',
  'what',
  'both',
]);

/** A meeting's rhythm before its noun ("weekly sync", "monday standup", "quarterly review"). */
const RHYTHMS =
  /^(?:daily|weekly|biweekly|monthly|quarterly|yearly|annual|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;

/** Words a model (any cube of the catalog) knows, stemmed. */
function modelWords(catalog: readonly CatalogCube[]): Set<string> {
  const known = new Set<string>();
  for (const cube of catalog) for (const w of cubeVocabulary(cube)) known.add(w);
  return known;
}

/** "for my weekly sync:", "for the board pack,", "quick one for finance -", "fyi for the QBR:". */
const LEADING_ASIDE =
  /^\s*(?:(?:quick|small|short|one|a)\s+(?:one|q|question|ask|check)\s+|fyi\s+|hey\s+)?for\s+((?:[a-z0-9'’&/]+\s+){0,4}[a-z0-9'’&/]+)\s*(?::|,|\s[-–—]+)\s+(?=\S)/i;

/**
 * Who needs the figure and for what, before the ask: "My VP needs one number for the offsite:", "For the
 * spreadsheet I'm building I need", "the CFO asked for this for Monday -". The words of the need itself.
 */
const NEEDED_BY =
  /^\s*(?:(?:my|our|the)\s+(?:[a-z'’&]+\s+){0,2}(?:needs?|wants?|asked\s+(?:me\s+)?for|is\s+asking\s+(?:me\s+)?for)\b[^:,\-–—]{0,60}(?::|,|\s[-–—]+)|for\s+(?:the|my|our|a|an|this)\s+(?:[a-z'’]+\s+){1,4}(?:i\s+need|i['’]d\s+like|we\s+need|i\s+want)\b)\s+(?=\S)/i;
/** Words a need may carry without naming data ("one number", "a figure"). */
const NEED_WORDS = new Set([
  'one',
  'number',
  'figure',
  'stat',
  'quick',
  'single',
  'needs',
  'need',
  'wants',
  'want',
]);

/** "got scrapped (cancelled)", "bounced back (returned)": up to three words, then a parenthesis. */
const PARENTHETICAL = /((?:[a-z'’]+\s+){0,2}[a-z'’]+)\s*\(\s*([^()]{1,40}?)\s*\)/gi;

/** Verbs of arrival after the rows they date ("orders that came through", "sales that landed in March"). */
const ARRIVALS: [RegExp, string][] = [
  [/\b(?:came|come|comes|coming|went|go|goes|going)\s+(?:through|thru|in|across)\b/gi, 'came'],
  [/\b(?:were|was|got|get|been|being)\s+placed\b/gi, 'came'],
  [/\b(?:landed|arrived|rolled\s+in|poured\s+in|showed\s+up|turned\s+up)\b/gi, 'came'],
];

/** The question with its asides dropped, the model's term read for the words it glosses, arrivals as "came". */
export function readAsides(question: string, catalog: readonly CatalogCube[]): string {
  const known = modelWords(catalog);
  const values = new Set(
    catalog.flatMap((c) => c.members.flatMap((m) => m.values.map((v) => words(v).join(' ')))),
  );
  const ours = (w: string) => known.has(stem(w)) || PERIOD_WORDS.has(w) || /\d/.test(w);
  let text = question;
  const aside = LEADING_ASIDE.exec(text);
  // (Its words may not date, group or filter anything: then it is no aside. A meeting's own rhythm, "weekly
  // sync", "monday standup", describes the meeting, not the rows.)
  const asideWords = words(aside?.[1] ?? '');
  const rhythm = (w: string, i: number) => i < asideWords.length - 1 && RHYTHMS.test(w);
  // "business" of "the quarterly business review": one word of a value of several ("small business") that the
  // aside does not name whole, and no member's title or name, names nothing.
  const asideText = asideWords.join(' ');
  const titled = new Set(catalog.flatMap((c) => c.members.flatMap((m) => [...m.titleWords, ...m.names])));
  const partOfValue = (w: string) =>
    !titled.has(stem(w)) &&
    [...values].some((v) => v.includes(' ') && v.split(' ').includes(w)) &&
    ![...values].some((v) => v.split(' ').includes(w) && asideText.includes(v));
  const names = (w: string, i: number) =>
    POINTERS.has(w) || (ours(w) && !STOPWORDS.has(w) && !rhythm(w, i) && !partOfValue(w));
  if (aside && !asideWords.some(names)) text = text.slice(aside[0].length);
  const need = NEEDED_BY.exec(text);
  const needWords = words(need?.[0] ?? '').filter((w) => !NEED_WORDS.has(w));
  if (need && !needWords.some(names)) text = text.slice(need[0].length);
  text = text.replace(PARENTHETICAL, (all, before: string, inside: string) => {
    const term = words(inside);
    const glossed = words(before);
    // (Only a value the model lists: "(fewest orders)" after "slowest month" says how to rank, and stays.)
    if (!values.has(term.join(' '))) return all;
    // "returned (returned)": the asker's words already read as the term (phrases.ts).
    if (glossed.slice(-term.length).join(' ') === term.join(' ')) return before;
    // The asker's own words just before the parenthesis, back to the first word the model knows.
    const own: string[] = [];
    for (const w of [...glossed].reverse()) {
      if (ours(w) || STOPWORDS.has(w)) break;
      own.unshift(w);
    }
    if (own.length === 0) return all;
    const kept = glossed.slice(0, glossed.length - own.length);
    return [...kept, ...term].join(' ');
  });
  for (const [pattern, word] of ARRIVALS) text = text.replace(pattern, word);
  return text;
}
