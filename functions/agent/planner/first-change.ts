/**
 * An aside restating that the first period's change is included, beside a change over the grain of named periods
 * (issue 29, period over period): "MoM revenue change for Oct, Nov and Dec 2025 (Oct vs Sept included)", "mom %
 * for jul, aug and sep 2024, incl. july vs june", "QoQ for Q2 to Q4 - Q2 compared with Q1 too". A change over the
 * grain reads the period before the first anyway (sql-second.ts), so the aside asks nothing more and goes. Only
 * when its first period is the first one named and its second the one just before it.
 */
import { monthIndex } from './vocabulary';

const UNIT = String.raw`([a-z]{3,9}\.?|q[1-4])`;
const VERSUS = String.raw`(?:vs\.?|versus|v\.?|compared\s+(?:to|with)|against|over|on)`;
const LEAD = String.raw`(?:incl\.?|including|includ(?:e|ing)\s+the)`;
const TAIL = String.raw`(?:included|includ(?:ed|ing)\s+too|too|as\s+well|also)`;
/** "(Oct vs Sept included)", "incl. july vs june", "- april compared with march too". */
const ASIDE = new RegExp(
  String.raw`\s*[(,;–—-]?\s*(?:${LEAD}\s+)?${UNIT}\s+${VERSUS}\s+${UNIT}(?:\s+((?:19|20)\d{2}))?(?:\s+${TAIL})?\s*\)?`,
  'gi',
);
const OVER_GRAIN =
  /\b(?:mom|m\/m|qoq|q\/q|month[\s-]+(?:over|on|to)[\s-]+month|quarter[\s-]+(?:over|on|to)[\s-]+quarter)\b/i;

/** The index of a month (0-11) or a quarter (12 + 0-3) a word names, or undefined. */
function unitIndex(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  const quarter = /^q([1-4])$/.exec(w)?.[1];
  if (quarter) return 12 + Number(quarter) - 1;
  return monthIndex(w) ?? (w === 'sept' ? 8 : undefined);
}

/** The question without an aside restating its first period's change, when it has one. */
export function dropFirstChangeAside(question: string): string {
  if (!OVER_GRAIN.test(question)) return question;
  for (const match of question.matchAll(ASIDE)) {
    const [whole, a, b] = match;
    const said = whole.trim();
    // The aside is marked as one: in brackets, or with "incl."/"included"/"too".
    if (!/^\(.*\)$/.test(said) && !new RegExp(`^[,;–—-]?\\s*${LEAD}|${TAIL}\\)?$`, 'i').test(said)) continue;
    const first = a ? unitIndex(a) : undefined;
    const before = b ? unitIndex(b) : undefined;
    if (first === undefined || before === undefined) continue;
    const quarters = first >= 12;
    if (quarters !== before >= 12) continue;
    const size = quarters ? 4 : 12;
    if ((((first - before) % size) + size) % size !== 1) continue;
    // The first period named in the rest of the question is the aside's first.
    const rest = question.slice(0, match.index) + question.slice((match.index ?? 0) + whole.length);
    const named = rest
      .match(/[a-z]+|q[1-4]/gi)
      ?.map(unitIndex)
      .find((i) => i !== undefined);
    if (named !== first) continue;
    return rest.replace(/\s+/g, ' ').trim();
  }
  return question;
}
