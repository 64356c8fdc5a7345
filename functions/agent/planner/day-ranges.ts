/**
 * Spans of days and months written with a dash or "to" (issue 29): "Jan 1-7 2023", "March 3rd to 9th", "the 1st
 * to the 15th of November 2025", "Jan-Sep 2025", read before the words are matched (phrases.ts) and said the way
 * the planner reads a span ("from january 1 2023 to january 7 2023", "jan through sep 2025"). A day range in
 * parentheses that repeats the span just before it ("the first week of January 2023 (Jan 1-7)") is a gloss: it
 * is dropped when it agrees, and read as the span itself when nothing before it names one. Anything that is not a
 * real span of days (a day past the month's end, an end before the start) stays as asked.
 */
import { MONTH_ABBREVIATIONS, MONTHS, monthIndex } from './vocabulary';

/** A month's name, full or short ("sept", "sep."), longest first so "june" is not read as "jun". */
const MONTH = `(${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)]
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const ORDINAL = '(?:st|nd|rd|th)?';
/** What joins the two ends of a span. */
const DASH = '\\s*(?:-|–|—|\\bto\\b|\\bthrough\\b|\\bthru\\b|\\buntil\\b|\\btill\\b)\\s*';
const YEAR = '(?:,?\\s+(\\d{4}))?';

/** "march 3 2024", or "march 3" without a year (the planner dates it by a year written later, or the latest). */
function spoken(month: number, day: number, year: string): string {
  return `${MONTHS[month]} ${day}${year ? ` ${year}` : ''}`;
}

/** The days `from`..`to` of a month as a span the planner reads, or undefined when they are no real span. */
function span(monthName: string, from: string, to: string, year: string): string | undefined {
  const month = monthIndex(monthName.toLowerCase().replace(/\.$/, ''));
  const [a, b] = [Number(from), Number(to)];
  if (month === undefined || a < 1 || b <= a) return undefined;
  // (February 29th is a real day in a leap year: checked against the year given, else against 2024.)
  const last = new Date(Date.UTC(Number(year || 2024), month + 1, 0)).getUTCDate();
  if (b > last) return undefined;
  return `from ${spoken(month, a, year)} to ${spoken(month, b, year)}`;
}

const PARENTHESISED = new RegExp(
  `\\(\\s*${MONTH}\\s+(\\d{1,2})${ORDINAL}${DASH}(\\d{1,2})${ORDINAL}\\s*\\)`,
  'gi',
);
const MONTH_FIRST = new RegExp(
  `\\b(?:(?:from|for|in|during|over)\\s+)?${MONTH}\\s+(\\d{1,2})${ORDINAL}${DASH}(?:the\\s+)?(\\d{1,2})${ORDINAL}\\b${YEAR}(?![\\d%$])`,
  'gi',
);
const BETWEEN = new RegExp(
  `\\bbetween\\s+${MONTH}\\s+(\\d{1,2})${ORDINAL}\\s+and\\s+(?:the\\s+)?(\\d{1,2})${ORDINAL}\\b${YEAR}(?![\\d%$])`,
  'gi',
);
const DAYS_FIRST = new RegExp(
  `\\b(?:(?:from|for|in|during|over)\\s+)?(?:the\\s+)?(\\d{1,2})${ORDINAL}${DASH}(?:the\\s+)?(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH}\\b${YEAR}`,
  'gi',
);
/** ("between the 1st and the 15th of November": "and" joins a span only after "between".) */
const DAYS_BETWEEN = new RegExp(
  `\\bbetween\\s+(?:the\\s+)?(\\d{1,2})${ORDINAL}\\s+and\\s+(?:the\\s+)?(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH}\\b${YEAR}`,
  'gi',
);
const MONTHS_DASHED = new RegExp(`\\b${MONTH}\\s*[-–—]\\s*${MONTH}\\b`, 'gi');

/** "march 3 to 9 2024" (month, first day, last day, year) as a span, or as asked. */
const monthFirst = (all: string, month = '', from = '', to = '', year = '') =>
  span(month, from, to, year) ?? all;
/** "the 3rd to the 9th of march 2024" (first day, last day, month, year) as a span, or as asked. */
const daysFirst = (all: string, from = '', to = '', month = '', year = '') =>
  span(month, from, to, year) ?? all;

/** The question with its dashed and "to" spans of days, and dashed spans of months, said the planner's way. */
export function readDayRanges(text: string): string {
  return (
    text
      // "the first week of January 2023 (Jan 1-7)": a gloss of the span just before it is dropped when it agrees.
      .replace(PARENTHESISED, (all, month = '', from = '', to = '', offset: number, whole: string) => {
        const read = span(month, from, to, '');
        if (!read) return all;
        const before = whole.slice(0, offset).trimEnd().toLowerCase();
        const end = read.slice(read.indexOf(' to ') + 4);
        const start = read.slice(5, read.indexOf(' to '));
        const agrees = new RegExp(`from ${start} \\d{4} to ${end} \\d{4}$|from ${start} to ${end}$`).test(
          before,
        );
        return agrees ? ' ' : ` ${read} `;
      })
      .replace(MONTH_FIRST, monthFirst)
      .replace(BETWEEN, monthFirst)
      .replace(DAYS_FIRST, daysFirst)
      .replace(DAYS_BETWEEN, daysFirst)
      // "Jan-Sep 2025": the months from the first through the second.
      .replace(MONTHS_DASHED, (all, a = '', b = '') =>
        monthIndex(a.toLowerCase()) !== undefined && monthIndex(b.toLowerCase()) !== undefined
          ? `${a} through ${b}`
          : all,
      )
  );
}
