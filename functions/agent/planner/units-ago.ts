/**
 * Calendar periods counted back from today (issue 29, period over period): "revenue 2 years ago vs 3 years ago",
 * "orders three quarters ago", "18 months ago" name the calendar year (quarter, month) that many before today's,
 * as "last year" names the one before: said as that period ("2024", "q1 2026", "june 2025") before the question is
 * read, so the answer names the period it used. One unit back ("a year ago") stays as asked: beside "the same
 * quarter" it pairs a period with its own a year earlier (dates.ts). "This/last fiscal year" and "this/last FY" are
 * the fiscal year of that calendar year ("fy 2026"), which the asker's words read as the calendar year and say so
 * (asker.ts). "2 years earlier" or "prior" after a named year counts back from that period instead ("Q3 2025 vs Q3 2
 * years earlier": dates.ts and phrases.ts read it), never from today. "Calendar" before years already read as calendar years ("the last three full calendar years",
 * "(calendar years)") adds nothing and goes; "the last 2 yrs vs the 2 before that" says the unit of the span before.
 * Without a clock only the words that need none are read.
 */
import { MONTHS, NUMBER_WORDS } from './vocabulary';

const COUNT = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
/** "2 years ago", "three quarters back", "18 months prior": never after "same" (a unit paired a year apart). */
const AGO = new RegExp(
  String.raw`(?<!\bsame\s+(?:\w+\s+){0,2})\b${COUNT}\s+(years?|yrs?|quarters?|qtrs?|months?|mos?)\s+(ago|back|prior|earlier)\b`,
  'gi',
);
/** A year named before: "earlier" or "prior" after it counts back from that period, not from today. */
const NAMED_YEAR = /\b(?:19|20)\d\d\b/;
const FISCAL = /\b(this|current|last|previous|prior)\s+(?:fiscal\s+year|fy)\b(?!\s*['’]?\d)/gi;
const CALENDAR_GLOSS = /\s*\(\s*(?:as\s+|in\s+)?calendar\s+(?:years?|quarters?|months?)\s*\)/gi;
const CALENDAR = new RegExp(
  String.raw`\b((?:full|complete|completed|whole|${COUNT.slice(1, -1)})\s+)calendar\s+(?=(?:years?|quarters?|months?)\b)`,
  'gi',
);

/** "the last 2 yrs vs the 2 before that": the span before named by its count alone, its unit said again. */
const COUNT_BEFORE = new RegExp(
  String.raw`\b((?:last|past|previous|prior)\s+${COUNT}\s+)(years?|yrs?|quarters?|qtrs?|months?|mos?|weeks?|wks?)\b([^?]*?\bthe\s+)(\2)\s+(?:before|prior|preceding)(?:\s+(?:that|it|those|them))?\b`,
  'gi',
);
const UNIT_NAMES: Record<string, string> = { y: 'years', q: 'quarters', m: 'months', w: 'weeks' };

/** The question with calendar periods counted back from `today` said as those periods. */
export function readUnitsAgo(text: string, today?: string): string {
  const plain = text
    .replace(CALENDAR_GLOSS, '')
    .replace(CALENDAR, '$1')
    .replace(
      COUNT_BEFORE,
      (_all, last: string, _n: string, unit: string, between: string, count: string) =>
        `${last}${UNIT_NAMES[unit[0]?.toLowerCase() ?? ''] ?? unit}${between}${count} ${UNIT_NAMES[unit[0]?.toLowerCase() ?? ''] ?? unit} before`,
    );
  if (!today) return plain;
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return plain
    .replace(AGO, (all, count: string, unit: string, word: string, at: number, whole: string) => {
      // ("Q3 2025 vs Q3 2 years earlier": two years before Q3 2025, read beside the period named; dates.ts.)
      if (/^(?:earlier|prior)$/i.test(word) && NAMED_YEAR.test(whole.slice(0, at))) return all;
      const n = NUMBER_WORDS[count.toLowerCase()] ?? Number(count);
      if (!(n >= 2)) return all;
      const u = unit.toLowerCase();
      if (u.startsWith('y')) return String(year - n);
      if (u.startsWith('q')) {
        const back = year * 4 + Math.floor(month / 3) - n;
        return `q${(back % 4) + 1} ${Math.floor(back / 4)}`;
      }
      const back = year * 12 + month - n;
      return `${MONTHS[back % 12]} ${Math.floor(back / 12)}`;
    })
    .replace(FISCAL, (_all, which: string) => `fy ${/^(this|current)$/i.test(which) ? year : year - 1}`);
}
