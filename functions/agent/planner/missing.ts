/**
 * Parts of a question asked for on their own that the model lacks ("revenue by territory and by marketing
 * channel", "revenue and profit by category"): the rest is answered and the answer names them. A word that would
 * change what the rest counts (a filter, one table of two breakdowns) still refuses the question.
 */
import type { Parsed, Plan } from './plan';
import { stem, words } from './text';

const BREAKDOWN_WORDS = new Set(['by', 'per', 'across']);
/** Words that end a breakdown's phrase ("by channel for 2023", "by channel and ..."). */
const PHRASE_ENDS = new Set([
  'and',
  'or',
  'for',
  'in',
  'during',
  'from',
  'since',
  'between',
  'over',
  'with',
  'where',
]);

/**
 * Whether every word the model cannot explain sits in a breakdown asked for on its own ("... and by marketing
 * channel": its own "by", ending the question or a clause) while another breakdown of the question is read. Each
 * "by" of "by A and by B" asks for a table of its own, so A answers its part; "by A and B" asks for one table of
 * both, which without B is another question (refused).
 */
function ownBreakdowns(question: string, parsed: Parsed, plan: Plan): boolean {
  if (plan.dimensions.length === 0 && !plan.grain) return false;
  const raws = words(question);
  const unexplained = new Set(parsed.unexplained);
  if (parsed.unexplained.some((w) => !raws.includes(w))) return false;
  const starts = raws.flatMap((w, i) => (BREAKDOWN_WORDS.has(w) ? [i] : []));
  const chained = chainedWords(question);
  if (starts.length < 2) return false;
  // Each unexplained word in a phrase "by <unexplained words>" that ends at the end, or before "and", "for", ...
  const covered = new Set<number>();
  for (const start of starts) {
    let end = start + 1;
    while (end < raws.length && !PHRASE_ENDS.has(raws[end] ?? '') && !BREAKDOWN_WORDS.has(raws[end] ?? ''))
      end++;
    const phrase = raws.slice(start + 1, end);
    if (phrase.length === 0) continue;
    const missing = phrase.filter((w) => unexplained.has(w));
    if (missing.length === 0) continue;
    // ("revenue per store per day", "orders by day by channel": breakdowns chained with no list word or comma between
    // are one table of both, which without the missing one is another question.)
    if (missing.some((w) => chained.has(w))) return false;
    // "by their first purchase" dates a cohort by its first row, which no breakdown of the model stands for.
    if (phrase.includes('first')) return false;
    // ("per region, the second-best store by revenue": a ranked thing the model lacks is what is asked, never a
    // breakdown to leave out: the rest would rank the regions.)
    if (phrase.some((w) => RANKED.test(w))) return false;
    // The whole phrase names the missing thing (a word the model has may qualify it: "acquisition channel").
    if (!unexplained.has(phrase.at(-1) ?? '')) return false;
    for (let i = start + 1; i < end; i++) if (unexplained.has(raws[i] ?? '')) covered.add(i);
  }
  return raws.every((w, i) => !unexplained.has(w) || covered.has(i));
}

/** The words of breakdowns said back to back ("per store per day": no "and" or comma between them). */
function chainedWords(question: string): Set<string> {
  const chained = new Set<string>();
  const pair = /\b(?:by|per|across)\s+([a-z][a-z ]*?)\s+(?:by|per|across)\s+([a-z]+(?: [a-z]+)?)/gi;
  for (const m of question.toLowerCase().matchAll(pair)) {
    const [, a = '', b = ''] = m;
    if (/\b(?:and|or|for|in|during|from|since|between|over|with|where)\b/.test(a)) continue;
    for (const w of words(`${a} ${b}`)) chained.add(w);
  }
  return chained;
}

/** Words of a ranking ("best", "second", "top", "biggest"): what follows them is ranked, not a breakdown. */
const RANKED =
  /^(?:best|worst|top|bottom|most|least|fewest|highest|lowest|biggest|largest|smallest|greatest|strongest|weakest|second|third|2nd|3rd|runner)$/;

const LIST_WORDS = new Set(['and', 'or', 'plus']);
/** Words that end a list of measures: a breakdown, a period or a filter follows. */
const LIST_ENDS = new Set([...BREAKDOWN_WORDS, ...PHRASE_ENDS, 'this', 'last', 'of', 'at', 'on']);

/**
 * Whether every unexplained word is an item of a list of measures ("revenue and profit", "profit and orders")
 * next to a measure the plan reads: each measure is a column of its own, so the others answer their part.
 */
function ownMeasures(question: string, parsed: Parsed, plan: Plan): boolean {
  if (!parsed.measureNamed || plan.measures.length === 0) return false;
  const raws = words(question);
  const unexplained = new Set(parsed.unexplained);
  if (parsed.unexplained.some((w) => !raws.includes(w))) return false;
  const measureWords = new Set(plan.measures.flatMap((m) => [...m.titleWords, ...m.names]));
  const isMeasure = (w: string | undefined) => w !== undefined && measureWords.has(stem(w));
  const covered = new Set<number>();
  for (let i = 0; i < raws.length; i++) {
    if (!unexplained.has(raws[i] ?? '') || covered.has(i)) continue;
    let end = i;
    while (unexplained.has(raws[end + 1] ?? '')) end++;
    const before = raws[i - 1];
    const after = raws[end + 1];
    // "revenue and profit by ...": a read measure, a list word, the phrase, then the end of the list.
    const afterMeasure = LIST_WORDS.has(before ?? '') && isMeasure(raws[i - 2]);
    const beforeMeasure = LIST_WORDS.has(after ?? '') && isMeasure(raws[end + 2]);
    const ends = after === undefined || LIST_ENDS.has(after) || LIST_WORDS.has(after);
    const starts =
      i === 0 ||
      LIST_WORDS.has(before ?? '') ||
      ['what', 'show', 'the', 'our', 'total'].includes(before ?? '');
    if (!((afterMeasure && ends) || (beforeMeasure && starts))) return false;
    for (let k = i; k <= end; k++) covered.add(k);
  }
  return raws.every((w, i) => !unexplained.has(w) || covered.has(i));
}

/** Words that take something out ("by region, not by category"): never a part left out, lest the answer keep it. */
const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nor',
  'without',
  'excluding',
  'except',
  'sans',
  'don',
  'dont',
]);

/** Whether every word the model cannot explain names a part asked for on its own (never a negation). */
export const ownParts = (question: string, parsed: Parsed, plan: Plan) =>
  !parsed.unexplained.some((w) => NEGATIONS.has(w)) &&
  (ownBreakdowns(question, parsed, plan) || ownMeasures(question, parsed, plan));

/**
 * Missing phrases as the asker wrote them: the planner reads a rewritten question ("bring in" as "earn", "Jun-Aug"
 * as "june through aug"), so each phrase keeps only its words the asker used, as the asker's own tokens
 * ("marketing brought in": "marketing", never "marketing earn"; "jun through": "jun-aug"); a phrase of the
 * planner's words alone is dropped, unless nothing of the asker's would be left to name.
 */
export function inAskersWords(phrases: readonly string[], asked: string): string[] {
  const tokens = asked
    .split(/\s+/)
    .map((t) => t.replace(/^[^a-z0-9$]+|[^a-z0-9%]+$/gi, ''))
    .filter((t) => t.length > 0)
    // (Lowercase, as every missing word is named.)
    .map((t) => t.toLowerCase());
  const tokenOf = (w: string) =>
    tokens.find((t) => words(t).includes(w)) ?? tokens.find((t) => words(t).some((o) => stem(o) === stem(w)));
  const mapped = phrases.flatMap((p) => {
    const kept: string[] = [];
    for (const w of p.split(' ')) {
      const t = tokenOf(w);
      if (t && kept.at(-1) !== t) kept.push(t);
    }
    // (A reason the planner wrote, most of whose words the asker never said, stays as written.)
    const count = p.split(' ').length;
    if (count >= 4 && kept.length * 2 < count) return [p];
    return kept.length > 0 ? [kept.join(' ')] : [];
  });
  if (mapped.length === 0) return [...phrases];
  // Phrases side by side in the question are one ("black" and "friday campaign": "black friday campaign").
  const spoken = ` ${tokens.join(' ')} `;
  const merged: string[] = [];
  const at = (p: string) => {
    const i = spoken.indexOf(` ${p} `);
    return i < 0 ? spoken.length : i;
  };
  for (const p of [...new Set(mapped)].sort((a, b) => at(a) - at(b))) {
    const last = merged.at(-1);
    const overlapped = last !== undefined ? overlapping(last, p, spoken) : undefined;
    if (last !== undefined && spoken.includes(` ${last} ${p} `)) merged[merged.length - 1] = `${last} ${p}`;
    else if (overlapped !== undefined) merged[merged.length - 1] = overlapped;
    else merged.push(p);
  }
  // A phrase whose words another phrase already names is not named twice ("status returned" and "customers
  // returned": "customers"), and one inside another goes ("profit" beside "gross profit").
  const named: string[] = [];
  for (const p of merged) {
    const said = new Set(named.flatMap((n) => n.split(' ')));
    const own = p.split(' ').filter((w) => !said.has(w));
    if (own.length === 0) continue;
    const rest = own.join(' ');
    if (own.length === p.split(' ').length || spoken.includes(` ${rest} `)) named.push(rest);
  }
  return named.filter((p) => !named.some((q) => q !== p && ` ${q} `.includes(` ${p} `)));
}

/**
 * Two phrases that overlap in the question as one ("gross profit" and "profit margin": "gross profit margin"), or
 * undefined where the end of the first is not the start of the second.
 */
function overlapping(first: string, second: string, spoken: string): string | undefined {
  const a = first.split(' ');
  const b = second.split(' ');
  for (let k = Math.min(a.length, b.length) - 1; k >= 1; k--) {
    if (a.slice(-k).join(' ') !== b.slice(0, k).join(' ')) continue;
    const joined = [...a, ...b.slice(k)].join(' ');
    if (spoken.includes(` ${joined} `)) return joined;
  }
  return undefined;
}
