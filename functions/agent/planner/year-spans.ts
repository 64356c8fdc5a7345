/**
 * Spans of a year up to a month, and a year so far beside a whole year (issue 29, relative dates past the data),
 * said the way the date reader reads them:
 * - "2026 through end of August", "from the start of 2026 to the end of February", "from January 2026 through
 *   June": January (or the month named) through that month of the year;
 * - "... vs the same months of 2025", "compared with the same months a year earlier": the same months of that
 *   year (or of the year before the span's);
 * - "this year's orders so far ..., next to all of last year", "YTD revenue vs full year last year": the year to
 *   date beside the whole previous year ("full year 2025"), whatever the clock's year is;
 * - "YTD 2025 vs the same period of 2024", "2024 year to date": a named year's own year to date, to the clock's
 *   month and day in that year.
 * Only whole phrases are rewritten; anything else stays as asked.
 */
import { MONTHS } from './vocabulary';

const MONTH = `(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})\\b\\.?`;
const TO = '(?:through|thru|to|until|till|up\\s+to|-)';
/** "2026 through (the) end of August", "from the start of 2026 to the end of February". */
const YEAR_TO_MONTH = new RegExp(
  `\\b(?:from\\s+)?(?:the\\s+(?:start|beginning)\\s+of\\s+)?(\\d{4})\\s+${TO}\\s+(?:the\\s+)?(?:end\\s+of\\s+)?${MONTH}(?!\\s*\\d)`,
  'gi',
);
/** "from January 2026 through June" (the year said once, after the first month). */
const MONTH_YEAR_TO_MONTH = new RegExp(
  `\\b(?:from\\s+)?${MONTH}\\s+(\\d{4})\\s+${TO}\\s+(?:the\\s+end\\s+of\\s+)?${MONTH}(?!\\s*,?\\s*\\d)`,
  'gi',
);
const AGAINST = '(,?\\s*(?:vs\\.?|versus|compared\\s+(?:with|to)|against|next\\s+to|alongside|beside))';
/** "January through August 2026 vs the same months of 2025 / a year earlier / last year". */
const SAME_MONTHS = new RegExp(
  `\\b${MONTH}\\s+through\\s+${MONTH}\\s+(\\d{4})${AGAINST}\\s+(?:the\\s+)?same\\s+(?:months|period|stretch|span)(?:\\s+of\\s+the\\s+year)?\\s+(?:(?:of|in)\\s+(\\d{4})|(?:a|one)\\s+year\\s+(?:earlier|before|ago|prior)|(?:of\\s+|in\\s+)?(?:the\\s+)?(?:last|previous|prior)\\s+year)`,
  'gi',
);

/** "the same point last month", "the same time last year", "the same days of last month". */
const SAME_POINT =
  /\bthe\s+same\s+(?:point|time|stage|days|dates|stretch)\s+(?:of\s+|in\s+)?(last|previous|prior)\s+(year|quarter|month|week)\b/gi;
/** "last year's YTD", "last year YTD", "YTD last year" (only after a comparison word: "ytd vs last year" stays). */
const LAST_YEARS_YTD =
  /\b(?:(?:last|previous|prior)\s+year(?:['’]s|s)?\s+(?:ytd|year\s+to\s+date)|(?<=(?:vs\.?|versus|against|to|with)\s+)(?:ytd|year\s+to\s+date)\s+(?:last|previous|prior)\s+year)\b/gi;
/** "the same point in 2025", "the same time of 2024": the same span of days in that year. */
const SAME_POINT_IN = /\bthe\s+same\s+(?:point|time|stage|dates)\s+(?:in|of)\s+((?:19|20)\d{2})\b/gi;
/** "the same period last year", "the same period a year earlier". */
const SAME_PERIOD_BEFORE =
  /\bthe\s+same\s+period\s+(?:(?:of\s+|in\s+)?(?:last|previous|prior)\s+year|(?:a|one)\s+year\s+(?:earlier|before|ago|prior))\b/i;

/** "YTD 2025", "2025 YTD", "year to date in 2025", "2025's year to date", "2025 to date": that year's own year to date. */
const YEARS_YTD =
  /\b(?:(?:ytd|year[\s-]+to[\s-]+date)\s+(?:(?:in|for|of)\s+)?((?:19|20)\d{2})|((?:19|20)\d{2})(?:['’]s)?\s+(?:ytd|year[\s-]+to[\s-]+date|to\s+date))\b/gi;

/**
 * A named year's year to date: from its first day to the clock's month and day in it ("YTD 2025" on 2027-01-13 is
 * January 1 to January 13 2025), said as the date reader reads a span of days; this year's is the year to date (not also the whole year).
 */
const yearsToDate = (text: string, today: string) => {
  const current = Number(today.slice(0, 4));
  const years = [...text.matchAll(YEARS_YTD)].map((m) => Number(m[1] ?? m[2]));
  // (This year's alone is the year to date; beside another year's, both are spans of days, read alike.)
  const alone = years.every((y) => y === current);
  return text.replace(YEARS_YTD, (_all, after?: string, before?: string) => {
    const year = Number(after ?? before);
    if (alone) return 'year to date';
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const day = today.slice(5, 10) === '02-29' && !leap ? '02-28' : today.slice(5, 10);
    return `from january 1 ${year} to ${MONTHS[Number(day.slice(0, 2)) - 1]} ${Number(day.slice(3))} ${year}`;
  });
};

const fullMonth = (m: string) => MONTHS.find((x) => x.startsWith(m.toLowerCase().slice(0, 3))) ?? m;

/** The whole previous year beside a year so far: "next to all of last year", "vs full year last year". */
const wholeYear = (year: number) =>
  new RegExp(
    `${AGAINST}\\s+(?:(?:all|the\\s+whole|the\\s+entirety)\\s+of\\s+|the\\s+(?:full|whole|entire)\\s+(?:year\\s+(?:of\\s+)?)?|(?:full|whole|entire)\\s+(?:year\\s+(?:of\\s+)?)?)(?:last\\s+year|${year})(?:\\s+as\\s+a\\s+whole)?\\b`,
    'i',
  );
/** The year so far, in its many wordings (the current year's number included). */
const soFar = (year: number) => [
  /\bthis\s+year'?s\b/i,
  /\bso\s+far\s+this\s+year\b/i,
  /\bthis\s+year\s+so\s+far\b/i,
  new RegExp(`\\bso\\s+far\\s+in\\s+${year}\\b`, 'i'),
  new RegExp(`\\b${year}\\s+(?:so\\s+far|to\\s+date)\\b`, 'i'),
  /\b(?:ytd|year\s+to\s+date)\b/i,
];

/** The question with such spans said as the date reader reads them. */
export function readYearSpans(text: string, today?: string): string {
  const said = text
    .replace(
      MONTH_YEAR_TO_MONTH,
      (_all, first: string, year: string, last: string) =>
        `${fullMonth(first)} through ${fullMonth(last)} ${year}`,
    )
    .replace(
      YEAR_TO_MONTH,
      (_all, year: string, month: string) => `january through ${fullMonth(month)} ${year}`,
    )
    .replace(
      SAME_MONTHS,
      (_all, first: string, last: string, year: string, against: string, other?: string) => {
        const then = other ?? String(Number(year) - 1);
        return `${fullMonth(first)} through ${fullMonth(last)} ${year}${against} ${fullMonth(first)} through ${fullMonth(last)} ${then}`;
      },
    )
    // ("the same point last month", "the same time last year": the same span of days a unit back.)
    .replace(SAME_POINT, 'the same period $1 $2')
    // ("vs last year's YTD", "compared with YTD last year", "the same point in 2025": the year to date a year back.)
    .replace(LAST_YEARS_YTD, 'last ytd')
    .replace(SAME_POINT_IN, 'the same period in $1');
  // ("how are we tracking vs last year YTD": this year to date against it, when nothing else is set against it.)
  const alone = said.replace(/\blast ytd\b/i, '');
  const withYtd =
    alone === said || /\b(?:ytd|year\s+to\s+date|so\s+far|this\s+year)\b/i.test(alone)
      ? said
      : said.replace(
          /(?:\b(?:vs\.?|versus|against|compared\s+(?:to|with))\s+)?\blast ytd\b/i,
          'ytd vs last ytd',
        );
  if (!today) return withYtd;
  const current = Number(today.slice(0, 4));
  const named = yearsToDate(withYtd, today);
  if (named !== withYtd) return named;
  const ytd = soFar(current).find((p) => p.test(withYtd));
  if (!ytd) return withYtd;
  const toDate = (s: string) =>
    s
      .replace(ytd, 'year to date')
      .replace(/\s*\bso\s+far\b/i, '')
      .replace(/\s+/g, ' ')
      .trim();
  // ("revenue so far this year compared with the same period last year": the year to date against it.)
  if (SAME_PERIOD_BEFORE.test(withYtd)) return toDate(withYtd);
  const partner = wholeYear(current - 1).exec(withYtd);
  if (!partner) return withYtd;
  return toDate(
    `${withYtd.slice(0, partner.index)} vs full year ${current - 1}${withYtd.slice(partner.index + partner[0].length)}`,
  );
}
