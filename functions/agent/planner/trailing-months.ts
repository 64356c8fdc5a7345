/**
 * Spans of months that end on a named date (issue 29, period shapes): "the 12 months ending March 31 2026",
 * "trailing twelve months ending 31 January 2026", "TTM as of end of June 2025", "rolling 12 months to end of
 * Sept 2025", "the twelve months through 30 November 2025", "the year ending 2026-03-31", "the 6 months ended June
 * 2025". Read before the question's words are matched (phrases.ts, before relative-spans.ts reads a bare "TTM" from
 * today) and said the way the planner reads a span: "from april 2025 through march 2026" when the end is a month's
 * last day (or a month named without a day), "from 2025-03-16 to 2026-03-15" otherwise. The planner then answers a
 * span that reaches past the data as it does any other (the data's last day and the covered part).
 *
 * Also read here: a date written day first ("1 March 2025", "14th of July 2025", "31 Jan 2026"), said month first
 * ("march 1 2025"), which the planner reads as a day (not a day that ends a span of days, "the 1st to the 15th of
 * November 2025", which day-ranges.ts reads).
 */
import { MONTH_ABBREVIATIONS, MONTHS, monthIndex } from './vocabulary';

/** A month's name, full or short ("sept", "sep."), longest first. */
const MONTH = `(${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS), 'sept']
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const ORDINAL = '(?:st|nd|rd|th)?';
const NUMBERS: Record<string, number> = {
  three: 3,
  six: 6,
  nine: 9,
  twelve: 12,
  eighteen: 18,
  'twenty-four': 24,
};

/**
 * "1 March 2025", "14th of July, 2025": day, month, year; "inclusive" after it is dropped (the planner's "to DAY"
 * includes that day already).
 */
const DAY_FIRST = new RegExp(
  `\\b(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH}\\b,?\\s+(\\d{4})\\b(?:\\s*,?\\s*\\(?\\s*(?:both\\s+ends\\s+)?inclusive\\s*\\)?)?`,
  'gi',
);

/** A day that ends a span of days begins just before ("the 1st to", "1-", "between the 1st and"). */
const SPAN_BEFORE =
  /(?<!\d)\d{1,2}(?:st|nd|rd|th)?\s*(?:-|–|—|to|through|thru|until|till|and)\s*(?:the\s+)?$/i;

/** The length of the span: "12", "twelve", "the year", "2 years" (a number of years said as 12 months each). */
const LENGTH =
  '(?:(\\d{1,2}|three|six|nine|twelve|eighteen|twenty-four)[\\s-]+months?|(year)|([1-3]|two|three)[\\s-]+years)';
const YEARS: Record<string, number> = { two: 2, three: 3 };
/** How the span's end is joined to it. */
const ENDING =
  '(?:ending|ended|that\\s+ended|which\\s+ended|through|thru|to|up\\s+to|until|till|as\\s+of|finishing)';
/** The end: "(the) end of sept 2025", "march 31 2026", "2026-03-31", "june 2025". */
const END = `(?:(?:on\\s+|in\\s+)?(?:the\\s+)?(?:end\\s+of\\s+)?(?:${MONTH}\\s+(?:(\\d{1,2})${ORDINAL},?\\s+)?(\\d{4})|(\\d{4})-(\\d{2})-(\\d{2})))`;
/** "the trailing 12 months ending ...", "rolling twelve months to ...", "12 months ending ...". */
const SPAN = new RegExp(
  `\\b(?:(?:in|for|over|during)\\s+)?(?:the\\s+)?(?:(?:trailing|rolling|last|past|prior|previous)\\s+)?${LENGTH}\\s+${ENDING}\\s+${END}`,
  'gi',
);
/**
 * "TTM revenue as of end of June 2025", "LTM orders through Sept 2025": the shorthand, the words it measures
 * (up to four), and the end.
 */
const SHORTHAND = new RegExp(
  `(?<![\\w-])(?:ttm|ltm|t12m|l12m|trailing[\\s-]+(?:12|twelve)[\\s-]+months?)(?![\\w-])((?:\\s+[a-z#]+){0,4}?)\\s+${ENDING}\\s+${END}`,
  'gi',
);

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The span of `months` months ending on year-month(-day), as the planner reads it; undefined when no real date. */
function spanEnding(
  months: number,
  year: number,
  month: number,
  day: number | undefined,
): string | undefined {
  if (month < 0 || month > 11 || months < 1 || months > 36) return undefined;
  const end = lastDay(year, month);
  if (day !== undefined && (day < 1 || day > end)) return undefined;
  if (day === undefined || day === end) {
    // Whole months: the first is `months - 1` before the last.
    const first = new Date(Date.UTC(year, month - (months - 1), 1));
    return `from ${MONTHS[first.getUTCMonth()]} ${first.getUTCFullYear()} through ${MONTHS[month]} ${year}`;
  }
  // A day within a month: from the day after the same day `months` back.
  const from = new Date(Date.UTC(year, month - months, day + 1));
  const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `from ${iso(from)} to ${year}-${pad(month + 1)}-${pad(day)}`;
}

/** The end's parts from the END groups (named month, its day, year; or an ISO date). */
function endOf(groups: (string | undefined)[]): { year: number; month: number; day?: number } | undefined {
  const [name, day, year, isoYear, isoMonth, isoDay] = groups;
  if (name && year) {
    const month = monthIndex(
      name
        .toLowerCase()
        .replace(/\.$/, '')
        .replace(/^sept$/, 'sep'),
    );
    if (month === undefined) return undefined;
    return { year: Number(year), month, ...(day ? { day: Number(day) } : {}) };
  }
  if (isoYear && isoMonth && isoDay)
    return { year: Number(isoYear), month: Number(isoMonth) - 1, day: Number(isoDay) };
  return undefined;
}

/** The question with its spans of months ending on a date, and its day-first dates, said the planner's way. */
export function readTrailingMonths(question: string): string {
  const dayFirst = question.replace(
    DAY_FIRST,
    (all, day: string, month: string, year: string, at: number) => {
      if (SPAN_BEFORE.test(question.slice(0, at))) return all;
      const m = monthIndex(
        month
          .toLowerCase()
          .replace(/\.$/, '')
          .replace(/^sept$/, 'sep'),
      );
      if (m === undefined || Number(day) < 1 || Number(day) > lastDay(Number(year), m)) return all;
      return `${MONTHS[m]} ${Number(day)} ${year}`;
    },
  );
  const spans = dayFirst.replace(SPAN, (all, n: string | undefined, year: string | undefined, ...rest) => {
    const [years, ...ends] = rest as (string | undefined)[];
    const months = year
      ? 12
      : years
        ? 12 * (YEARS[years.toLowerCase()] ?? Number(years))
        : (NUMBERS[n?.toLowerCase() ?? ''] ?? Number(n));
    const end = endOf(ends.slice(0, 6));
    return (end && spanEnding(months, end.year, end.month, end.day)) ?? all;
  });
  const shorthand = spans.replace(SHORTHAND, (all, between: string, ...rest) => {
    const end = endOf(rest.slice(0, 6));
    const span = end && spanEnding(12, end.year, end.month, end.day);
    return span ? `${between.trim()} ${span}`.trim() : all;
  });
  return shorthand;
}
