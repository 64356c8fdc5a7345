/**
 * The asker's own jargon glossed in the model's words after the ask (issue 29, unknown words): "the count of net
 * new logos we landed in Q1 2023 - new customers, basically", "new logos in Q2 2023 - i.e. new customers",
 * "net-new accounts (first-time buyers, basically)". The gloss replaces the one run of words the model lacks in
 * the ask, with the gloss's own words or their synonyms beside them; the gloss must read whole (every word the
 * model's, the planner's or plain English) and say so ("basically", "i.e.", "I mean"). Anything else stays, and an
 * unknown word is still refused by name.
 */
import { cubeVocabulary } from './asker';
import type { CatalogCube } from './catalog';
import { WIN_VERBS } from './cohorts';
import { ENGLISH_SYNONYMS } from './readings';
import { STOPWORDS, stem } from './text';
import { FILLER, GRAIN_WORDS, LAST_WORDS, MONTHS, UNITS } from './vocabulary';

const SEPARATOR = String.raw`(?:\s+[-–—]+\s*|\s*[,:;]\s*|\s*\(\s*)`;
/** "- i.e. new customers", "(aka first-time buyers)", ", in other words new customers": a marker first. */
const MARKED_FIRST = new RegExp(
  String.raw`${SEPARATOR}(?:i\.?\s?e\.?|aka|a\.k\.a\.?|that\s+is|in\s+other\s+words|meaning|as\s+in|by\s+which\s+i\s+mean)\s*,?\s+([a-z][a-z\s'’-]{1,40}?)\s*\)?\s*[?.!]*\s*$`,
  'i',
);
/** "- new customers, basically", "(first-time buyers, basically)", "- customers who ordered, I mean": a marker after. */
const MARKED_AFTER = new RegExp(
  String.raw`${SEPARATOR}([a-z][a-z\s'’-]{1,40}?)\s*,?\s*(?:basically|essentially|i\s+mean|in\s+other\s+words|so\s+to\s+speak|really)\s*\)?\s*[?.!]*\s*$`,
  'i',
);
/** Words of the planner's own readings of people ("new customers", "first-time buyers", "repeat buyers"). */
const PLANNER_WORDS = new Set([
  'new',
  'first',
  'time',
  'first-time',
  'repeat',
  'returning',
  'active',
  'ever',
]);

/** Words for the people who buy, which a gloss may name in other words ("accounts" glossed "buyers"). */
const PEOPLE = new Set(['customer', 'client', 'buyer', 'shopper', 'account', 'purchaser']);

const WORD = /[a-z0-9'’]+(?:-[a-z0-9]+)*/gi;

/** The question with a glossed run of the asker's jargon replaced by its gloss, or the question as it was. */
export function readGlosses(question: string, catalog: readonly CatalogCube[]): string {
  const marked = MARKED_FIRST.exec(question) ?? MARKED_AFTER.exec(question);
  const gloss = marked?.[1]?.trim().toLowerCase();
  if (!marked || !gloss) return question;
  const vocabulary = new Set(catalog.flatMap((c) => [...cubeVocabulary(c)]));
  const single = (w: string) =>
    STOPWORDS.has(w) ||
    FILLER.has(w) ||
    vocabulary.has(stem(w)) ||
    PLANNER_WORDS.has(w) ||
    WIN_VERBS.has(w) ||
    ENGLISH_SYNONYMS[stem(w)] !== undefined ||
    w in GRAIN_WORDS ||
    LAST_WORDS.has(w) ||
    MONTHS.includes(w) ||
    UNITS.has(stem(w)) ||
    /\d/.test(w);
  const known = (w: string) => w.split('-').every(single);
  const glossWords = gloss.match(WORD) ?? [];
  if (glossWords.length === 0 || glossWords.length > 4 || !glossWords.every(known)) return question;
  // What the gloss's words mean ("buyers" and "accounts" are both customers): the run may hold them too.
  const meaning = (w: string) => (PEOPLE.has(stem(w)) ? 'customer' : (ENGLISH_SYNONYMS[stem(w)] ?? stem(w)));
  const glossed = new Set(glossWords.flatMap((w) => [w, meaning(w)]));
  const ask = question.slice(0, marked.index);
  const found = [...ask.matchAll(WORD)].map((m) => ({ w: m[0].toLowerCase(), at: m.index ?? 0 }));
  const inRun = (w: string) =>
    !known(w) || (!STOPWORDS.has(w) && (glossed.has(w) || glossed.has(meaning(w))));
  const runs: { from: number; to: number; unknown: boolean }[] = [];
  found.forEach(({ w }, i) => {
    if (!inRun(w)) return;
    const last = runs.at(-1);
    if (last && last.to === i - 1) {
      last.to = i;
      last.unknown ||= !known(w);
    } else runs.push({ from: i, to: i, unknown: !known(w) });
  });
  const lacking = runs.filter((r) => r.unknown);
  const run = lacking[0];
  // (One run only: two would leave which one the gloss explains to a guess.)
  if (lacking.length !== 1 || !run) return question;
  const start = found[run.from];
  const end = found[run.to];
  if (!start || !end) return question;
  return `${ask.slice(0, start.at)}${gloss}${ask.slice(end.at + end.w.length)}`;
}
