/**
 * A span said as a number of days (or weeks) from a given day (issue 29): "the 100 days starting 1 Nov 2025", "the
 * 90 days beginning December 1, 2025", "over the 45 days starting 2025-12-01", "the 2 weeks from 15 Dec 2025". Read
 * before the words are matched (phrases.ts) and said the way the planner reads a span of days ("from november 1
 * 2025 to february 8 2026"), the first day counted as the first of the N. The planner then answers the part of the
 * span the data covers and says where the data ends. Anything that is not a real day, or a count of no days, stays
 * as asked.
 */
import { MONTH_ABBREVIATIONS, MONTHS, monthIndex } from './vocabulary';

const MONTH = `(${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].sort((a, b) => b.length - a.length).join('|')})\\.?`;
const ORDINAL = '(?:st|nd|rd|th)?';
/** "1 nov 2025", "1st of november, 2025", "november 1, 2025", "2025-11-01". */
const DAY = `(?:(\\d{4})-(\\d{2})-(\\d{2})|(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})|${MONTH}\\s+(\\d{1,2})${ORDINAL},?\\s+(\\d{4}))`;
const COUNTED = new RegExp(
  `\\b(?:(?:for|in|during|over|across|within)\\s+)?(?:the\\s+)?(\\d{1,3})\\s+(days?|weeks?)\\s+(?:starting|beginning|commencing|from)\\s+(?:on\\s+|with\\s+)?${DAY}(?![\\d-])`,
  'gi',
);

/** A day of `year`, `month` (0-based) and `day` as a UTC date, or undefined when it is no real day. */
function realDay(year: number, month: number | undefined, day: number): Date | undefined {
  if (month === undefined || month < 0 || month > 11 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : undefined;
}

const spoken = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${d.getUTCFullYear()}`;

/** The question with each "N days starting <day>" said as the span of days it names. */
export function readDayCounts(text: string): string {
  return text.replace(COUNTED, (all, count: string, unit: string, ...parts: (string | undefined)[]) => {
    const [isoY, isoM, isoD, dmD, dmMonth, dmY, mdMonth, mdD, mdY] = parts;
    const start = isoY
      ? realDay(Number(isoY), Number(isoM) - 1, Number(isoD))
      : dmD
        ? realDay(Number(dmY), monthIndex((dmMonth ?? '').toLowerCase()), Number(dmD))
        : realDay(Number(mdY), monthIndex((mdMonth ?? '').toLowerCase()), Number(mdD));
    const days = Number(count) * (/^weeks?$/i.test(unit) ? 7 : 1);
    if (!start || days < 1) return all;
    const end = new Date(start.getTime() + (days - 1) * 86_400_000);
    return `from ${spoken(start)} to ${spoken(end)}`;
  });
}
