/**
 * The periods of a cohort question (issue 29; README, "Evaluating the analyst", cohorts): a named period (a year, a
 * month, a quarter, a half, a season with or without its months) and the open forms a cohort is defined by
 * ("before April 2022", "after Sept 2022", "March 2023 or later", "by the end of January 2023", "between Feb and Apr
 * 2023", "June through August 2022"). Read on the normalised text of cohort-reader.ts; a season with no months
 * named is read as the meteorological one (spring March to May) and said so in its label, except winter, which
 * straddles two years and is left unread (the question is refused).
 */
import type { Period } from './plan';
import { MONTHS, ORDINAL_NUMBERS } from './vocabulary';

const OPEN_FROM = '0001-01-01';
const OPEN_TO = '9999-12-31';

const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const YEAR = '((?:19|20)\\d\\d)';
const ORDINAL: Record<string, number> = { ...ORDINAL_NUMBERS, final: 4 };
const SEASONS: Record<string, [number, number, string]> = {
  spring: [3, 5, 'spring'],
  summer: [6, 8, 'summer'],
  autumn: [9, 11, 'autumn'],
  fall: [9, 11, 'fall'],
};

const pad = (n: number) => String(n).padStart(2, '0');
const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)));
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The first day of month `m` (1-12, may be 13) of `year`. */
const day1 = (year: number, m: number) => (m > 12 ? `${year + 1}-01-01` : `${year}-${pad(m)}-01`);
const months = (year: number, from: number, to: number, label: string): Period => ({
  label,
  from: day1(year, from),
  to: day1(year, to + 1),
});
const monthLabel = (year: number, m: number) => `${cap(MONTHS[m - 1] ?? '')} ${year}`;

/** A named period at the start of `text`: the period and how many characters it took. */
export function namedPeriod(text: string): { period: Period; length: number } | undefined {
  const tries: [RegExp, (m: RegExpExecArray) => Period | undefined][] = [
    // "summer 2022 (june through august)", "autumn 2022 (sept thru nov)", "spring 2022"
    [
      new RegExp(
        `^(spring|summer|autumn|fall|winter)\\s+(?:of\\s+)?${YEAR}(?:\\s*\\(?\\s*(?:i\\.?e\\.?\\s*)?${MONTH_WORD}\\s*(?:through|to|-|until|till)\\s*${MONTH_WORD}\\s*\\)?)?`,
      ),
      (m) => {
        const year = Number(m[2]);
        if (m[3] && m[4]) {
          const a = monthIndex(m[3]) + 1;
          const b = monthIndex(m[4]) + 1;
          if (a < 1 || b < a) return undefined;
          return months(
            year,
            a,
            b,
            `${m[1]} ${year} (${cap(MONTHS[a - 1] ?? '')} to ${cap(MONTHS[b - 1] ?? '')})`,
          );
        }
        const season = SEASONS[m[1] ?? ''];
        if (!season) return undefined;
        return months(
          year,
          season[0],
          season[1],
          `${season[2]} ${year} (${cap(MONTHS[season[0] - 1] ?? '')} to ${cap(MONTHS[season[1] - 1] ?? '')})`,
        );
      },
    ],
    // "q1 2023", "q1 of 2023", "2023 q1"
    [new RegExp(`^q([1-4])\\s*(?:of\\s+)?${YEAR}`), (m) => quarter(Number(m[2]), Number(m[1]))],
    [new RegExp(`^${YEAR}\\s+q([1-4])\\b`), (m) => quarter(Number(m[1]), Number(m[2]))],
    // "the first quarter of 2023"
    [
      new RegExp(
        `^(?:the\\s+)?(first|second|third|fourth|last|final|1st|2nd|3rd|4th)\\s+quarter\\s+(?:of\\s+)?${YEAR}`,
      ),
      (m) => quarter(Number(m[2]), ORDINAL[m[1] ?? ''] ?? 0),
    ],
    // "h1 2025", "the first half of 2025"
    [new RegExp(`^h([12])\\s*(?:of\\s+)?${YEAR}`), (m) => half(Number(m[2]), Number(m[1]))],
    [
      new RegExp(`^(?:the\\s+)?(first|second|last|1st|2nd)\\s+half\\s+(?:of\\s+)?${YEAR}`),
      (m) => half(Number(m[2]), ORDINAL[m[1] ?? ''] ?? 0),
    ],
    // "march 1 2023", "march 1st 2023", "1 march 2023": one day.
    [
      new RegExp(`^${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+${YEAR}`),
      (m) => day(Number(m[3]), monthIndex(m[1] ?? '') + 1, Number(m[2])),
    ],
    [
      new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_WORD}\\s+${YEAR}`),
      (m) => day(Number(m[3]), monthIndex(m[2] ?? '') + 1, Number(m[1])),
    ],
    // "march 2023", "march of 2023", "mar. 2023"
    [
      new RegExp(`^${MONTH_WORD}\\s+(?:of\\s+)?${YEAR}`),
      (m) => {
        const k = monthIndex(m[1] ?? '') + 1;
        const year = Number(m[2]);
        return k > 0 ? { label: monthLabel(year, k), from: day1(year, k), to: day1(year, k + 1) } : undefined;
      },
    ],
    [
      new RegExp(`^${YEAR}\\b`),
      (m) => ({ label: m[1] ?? '', from: `${m[1]}-01-01`, to: `${Number(m[1]) + 1}-01-01` }),
    ],
  ];
  for (const [pattern, make] of tries) {
    const m = pattern.exec(text);
    if (!m) continue;
    const period = make(m);
    return period ? { period, length: m[0].length } : undefined;
  }
  return undefined;
}

/** One day, or undefined for a day the month does not have. */
function day(year: number, month: number, d: number): Period | undefined {
  const date = new Date(Date.UTC(year, month - 1, d));
  if (month < 1 || date.getUTCMonth() !== month - 1) return undefined;
  const next = new Date(date.getTime() + 86_400_000);
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  return { label: `${cap(MONTHS[month - 1] ?? '')} ${d}, ${year}`, from: iso(date), to: iso(next) };
}

const quarter = (year: number, q: number): Period | undefined =>
  q >= 1 && q <= 4 ? months(year, q * 3 - 2, q * 3, `Q${q} ${year}`) : undefined;
const half = (year: number, h: number): Period | undefined =>
  h === 1 || h === 2 ? months(year, h * 6 - 5, h * 6, `H${h} ${year}`) : undefined;

const COUNT_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  twelve: 12,
};
/** Where a period of the data's own last units stands until the data's range is read (steps.ts moves it there). */
export const DATA_END_PLACEHOLDER = '1000-01-01';

/**
 * "in the last 3 months of the data", "during the final two quarters of data": the data's own last units, whatever
 * today is. Read as a placeholder span of that many whole units (`ofData`), which the steps move to the data's end
 * once its range is read (steps.ts, cohortAtDataEnd), never queried as it is.
 */
function dataEndPeriod(text: string): { period: Period; length: number } | undefined {
  const m =
    /^(?:(?:in|during|over|within)\s+)?(?:the\s+)?(?:last|final|latest)\s+(?:(\d{1,2}|one|two|three|four|five|six|twelve)\s+)?(month|quarter|year)s?\s+(?:of|in)\s+(?:the\s+|our\s+)?data(?:set)?\b/.exec(
      text,
    );
  if (!m?.[2]) return undefined;
  const n = m[1] ? (COUNT_WORDS[m[1]] ?? Number(m[1])) : 1;
  const unit = m[2] as 'month' | 'quarter' | 'year';
  const months = n * (unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1);
  if (!Number.isInteger(n) || n < 1 || months > 120) return undefined;
  const to = `${1000 + Math.floor(months / 12)}-${pad((months % 12) + 1)}-01`;
  const label = `the last ${n === 1 ? '' : `${n} `}${unit}${n === 1 ? '' : 's'} of the data`;
  return { period: { label, from: DATA_END_PLACEHOLDER, to, ofData: true }, length: m[0].length };
}

/**
 * A cohort's period at the start of `text`, named or open: "in march 2023", "during q1 2022", "before apr 2022",
 * "after sept 2022", "march 2023 or later", "by the end of january 2023", "between feb and apr 2023", "from june
 * to august 2022", "june through august 2022". The period and how many characters it took.
 */
export function cohortPeriod(text: string): { period: Period; length: number } | undefined {
  const ofData = dataEndPeriod(text);
  if (ofData) return ofData;
  // "between feb and apr 2023", "from june to august 2022", "june through august 2022": one year for both months.
  const range = new RegExp(
    `^(?:(?:in|during)\\s+)?(?:between\\s+|from\\s+)?${MONTH_WORD}(?:\\s+${YEAR})?\\s+(?:and|to|through|until|till|-)\\s+${MONTH_WORD}\\s+${YEAR}`,
  ).exec(text);
  if (range) {
    const a = monthIndex(range[1] ?? '') + 1;
    const b = monthIndex(range[3] ?? '') + 1;
    const yearB = Number(range[4]);
    const yearA = range[2] ? Number(range[2]) : yearB;
    const from = day1(yearA, a);
    const to = day1(yearB, b + 1);
    if (a < 1 || b < 1 || from >= to) return undefined;
    return {
      period: { label: `${monthLabel(yearA, a)} to ${monthLabel(yearB, b)}`, from, to },
      length: range[0].length,
    };
  }
  // "march or april 2022", "nov or dec 2022": two months in a row are one span (two apart would be two cohorts).
  const either = new RegExp(
    `^(?:(?:in|during)\\s+)?(?:either\\s+)?${MONTH_WORD}(?:\\s+${YEAR})?\\s+or\\s+${MONTH_WORD}\\s+${YEAR}`,
  ).exec(text);
  if (either) {
    const a = monthIndex(either[1] ?? '') + 1;
    const b = monthIndex(either[3] ?? '') + 1;
    const yearB = Number(either[4]);
    const yearA = either[2] ? Number(either[2]) : yearB;
    const from = day1(yearA, a);
    if (a < 1 || b < 1 || day1(yearA, a + 1) !== day1(yearB, b)) return undefined;
    const label =
      yearA === yearB
        ? `${cap(MONTHS[a - 1] ?? '')} or ${monthLabel(yearB, b)}`
        : `${monthLabel(yearA, a)} or ${monthLabel(yearB, b)}`;
    return { period: { label, from, to: day1(yearB, b + 1) }, length: either[0].length };
  }
  const lead =
    /^(in|during|within|before|prior to|earlier than|after|later than|since|from|by the end of|by end of|by|until|till|up to|through|on or after|on or before|no later than)\s+/.exec(
      text,
    );
  const word = lead?.[1] ?? 'in';
  const rest = lead ? text.slice(lead[0].length) : text;
  const named = namedPeriod(rest);
  if (!named) return undefined;
  let length = (lead?.[0].length ?? 0) + named.length;
  const tail = /^\s*(or later|or after|onwards?|or earlier|or before|and later|and after|and earlier)\b/.exec(
    text.slice(length),
  );
  if (tail) length += tail[0].length;
  const p = named.period;
  const later = tail && /later|after|onward/.test(tail[1] ?? '');
  const earlier = tail && /earlier|before/.test(tail[1] ?? '');
  if (['before', 'prior to', 'earlier than'].includes(word) && !tail)
    return { period: { label: `before ${p.label}`, from: OPEN_FROM, to: p.from }, length };
  if (['after', 'later than'].includes(word) && !tail)
    return { period: { label: `after ${p.label}`, from: p.to, to: OPEN_TO }, length };
  if (['since', 'from', 'on or after'].includes(word) || ((word === 'until' || word === 'in') && later))
    return { period: { label: `${p.label} or later`, from: p.from, to: OPEN_TO }, length };
  if (
    ['by the end of', 'by end of', 'by', 'up to', 'through', 'on or before', 'no later than'].includes(
      word,
    ) ||
    earlier
  )
    return { period: { label: `${p.label} or earlier`, from: OPEN_FROM, to: p.to }, length };
  if (tail || !['in', 'during', 'within'].includes(word)) return undefined;
  return { period: p, length };
}

/** Whether a period is open at one end ("before April 2022"). */
export const isOpen = (p: Period) => p.from === OPEN_FROM || p.to === OPEN_TO;
export const openFrom = OPEN_FROM;
export const openTo = OPEN_TO;

/**
 * "(sept thru nov)" right after a season's period ("autumn 2022 signups (sept thru nov)"): the months in the season's
 * year, and how many characters they took; undefined when no months follow or they do not fall in that year.
 */
export function restatedMonths(text: string, season: Period): { period: Period; length: number } | undefined {
  const m = new RegExp(
    `^\\s+(?:i\\.?e\\.?\\s+)?${MONTH_WORD}\\s+(?:through|to|until|till|-)\\s+${MONTH_WORD}\\b`,
  ).exec(text);
  if (!m) return undefined;
  const year = Number(season.from.slice(0, 4));
  const a = monthIndex(m[1] ?? '') + 1;
  const b = monthIndex(m[2] ?? '') + 1;
  if (
    a < 1 ||
    b < a ||
    (season.to.slice(0, 4) !== season.from.slice(0, 4) && season.to !== `${year + 1}-01-01`)
  )
    return undefined;
  const name = season.label.replace(/\s*\(.*\)$/, '');
  return {
    period: months(year, a, b, `${name} (${cap(MONTHS[a - 1] ?? '')} to ${cap(MONTHS[b - 1] ?? '')})`),
    length: m[0].length,
  };
}
