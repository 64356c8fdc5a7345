/**
 * A quarter or month of every year said as a set (issue 29, side by side): "across all Q4s", "in fourth quarters",
 * "Q4 of any year", "any Q4", "in Decembers". Every year's such quarter (month) pooled into one figure, as
 * "every december" is (seasonal.ts). The date reader took the plural or "any" for the latest or the clock's own
 * quarter ("Q4 2026": no data, confidently wrong) or left "fourth"/"year" unread (a refusal). Rewritten here to the
 * pooled form the seasonal reading reads ("every Q4"); a year named in the question is left as asked, and "each
 * Q4" (a row per year) is not touched.
 */
import { MONTHS, ORDINAL_NUMBERS } from './vocabulary';

const ORDINAL = '(first|second|third|fourth|1st|2nd|3rd|4th)';
const NUMBER = ORDINAL_NUMBERS;
/** Months whose plural is no other word ("mays" is not read). */
const PLURAL_MONTHS = MONTHS.filter((m) => m !== 'may').join('|');
/** A year said in the question: the set is then that year's, not every year's. */
const A_YEAR = /\b(?:19|20)\d{2}\b|\b(?:this|last|next|previous|prior|current|past)\s+years?\b|\bytd\b/i;
/** "all", "every", "the", "across all the" before a plural: said once in the pooled form. */
const LEAD = '(?:(?:all|every)\\s+(?:of\\s+)?(?:the\\s+)?|the\\s+)?';
/** "of any year", "in any year", "of all years", "of all the years": every year's. */
const ANY_YEAR = '\\s+(?:of|in)\\s+(?:any|all(?:\\s+the)?)\\s+years?\\b';

/** The question with every year's quarter (month) said as "every Q4" ("every december"); else as asked. */
export function readCalendarParts(question: string): string {
  if (A_YEAR.test(question)) return question;
  return question
    .replace(
      new RegExp(`\\b${LEAD}${ORDINAL}\\s+quarters\\b`, 'gi'),
      (_, n: string) => `every Q${NUMBER[n.toLowerCase()]}`,
    )
    .replace(
      new RegExp(`\\b${LEAD}${ORDINAL}\\s+quarter${ANY_YEAR}`, 'gi'),
      (_, n: string) => `every Q${NUMBER[n.toLowerCase()]}`,
    )
    .replace(new RegExp(`\\b${LEAD}q([1-4])(?:s\\b|${ANY_YEAR})`, 'gi'), (_, n: string) => `every Q${n}`)
    .replace(/\bany\s+q([1-4])\b/gi, (_, n: string) => `every Q${n}`)
    .replace(
      new RegExp(`\\b${LEAD}(${PLURAL_MONTHS})(?:s\\b|${ANY_YEAR})`, 'gi'),
      (_, m: string) => `every ${m.toLowerCase()}`,
    )
    .replace(
      new RegExp(`\\bany\\s+(${PLURAL_MONTHS})\\b`, 'gi'),
      (_, m: string) => `every ${m.toLowerCase()}`,
    );
}
