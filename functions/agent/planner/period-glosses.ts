/**
 * Periods said relative to today and glossed with their names (issue 29, wording): "revenue last year vs the year
 * before (i.e. 2025 vs 2024)", "orders last quarter (Q4 2025)", "this year vs last - 2025 vs 2024". The asker says
 * which periods they mean: the named ones replace the relative words, whatever today is (read against today, "last
 * year" was a year the data does not reach, beside the glossed ones: confidently wrong). Only a gloss of nothing
 * but named periods and the words between them, right after relative periods joined the same way; anything else is
 * left as it is.
 */
import { glossSpans } from './gloss-spans';
import { MONTH_WORD } from './vocabulary';

/** A named period: "2025", "Q4 2025", "H1 2024", "March 2025", "FY2024". */
const NAMED = String.raw`(?:(?:q[1-4]|h[12]|${MONTH_WORD})\s+(?:of\s+)?|fy\s?)?(?:19|20)\d\d`;
/** A period relative to today: "last year", "the year before", "this quarter", "last", "YTD". */
const RELATIVE = String.raw`(?:(?:this|last|previous|prior|past)\s+(?:year|quarter|month|half|week)|the\s+(?:previous|prior|past|last)\s+(?:year|quarter|month|half|week)|the\s+(?:year|quarter|month|half|week)\s+before(?:\s+(?:that|it))?|the\s+one\s+before|ytd|year\s+to\s+date|last)`;
const JOIN = String.raw`\s*(?:,|vs\.?|versus|against|compared\s+(?:to|with)|and|to|through|-|–)\s*`;

const GLOSS = new RegExp(
  String.raw`^\s*(?:i\.?\s?e\.?,?\s+|meaning\s+|that\s+is,?\s+|so\s+)?(${NAMED}(?:${JOIN}${NAMED})*)\s*$`,
  'i',
);
const BEFORE = new RegExp(String.raw`(?:${RELATIVE})(?:${JOIN}(?:${RELATIVE}))*\s*$`, 'i');

/** The question with relative periods replaced by the named periods a gloss right after them gives. */
export function readPeriodGlosses(question: string): string {
  for (const span of glossSpans(question)) {
    const named = GLOSS.exec(span.gloss);
    if (!named?.[1]) continue;
    const before = question.slice(0, span.start);
    const relative = BEFORE.exec(before);
    if (!relative) continue;
    // As many periods relative as named ("last year vs the year before (2025 vs 2024)"), or one relative word
    // for a span ("YTD (Jan to May 2025)").
    const count = (text: string, shape: string) =>
      text.split(new RegExp(JOIN, 'i')).filter((p) => new RegExp(`^${shape}$`, 'i').test(p.trim())).length;
    const relatives = count(relative[0], RELATIVE);
    const names = count(named[1], NAMED);
    if (relatives !== names && relatives !== 1) continue;
    return `${before.slice(0, relative.index)}${named[1]}${span.tail}${question.slice(span.end)}`
      .replace(/\s+/g, ' ')
      .trim();
  }
  return question;
}
