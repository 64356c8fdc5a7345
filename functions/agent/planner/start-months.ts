/**
 * "customers who joined in March or April 2022": two months in a row after a start word are one span of signups
 * (issue 29, cohorts), said as the ordinary reading takes a span ("joined between March and April 2022"). Read as
 * they stand, the two months were compared side by side: a count of each month, and a follow-up on "them" refused.
 * Months further apart ("January or March") stay as asked.
 */
import { MONTHS } from './vocabulary';

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const EITHER = new RegExp(
  `\\b((?:joined|join|signed\\s+up|sign(?:ed)?[\\s-]?ups?|registered|onboarded)\\s+(?:in\\s+|during\\s+)?)(?:either\\s+)?${MONTH}\\s+or\\s+${MONTH}\\s+((?:19|20)\\d\\d)\\b`,
  'i',
);
const index = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3).toLowerCase()));

/** The question with two adjacent signup months as a span, or as it was. */
export function readStartMonths(question: string): string {
  const m = EITHER.exec(question);
  if (!m) return question;
  const a = index(m[2] ?? '');
  const b = index(m[3] ?? '');
  if (a < 0 || b !== a + 1) return question;
  return `${question.slice(0, m.index)}${m[1]}between ${m[2]} and ${m[3]} ${m[4]}${question.slice(m.index + m[0].length)}`;
}
