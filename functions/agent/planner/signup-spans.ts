/**
 * A signup cohort named by a span of months (issue 29, cohorts): "the Apr-Jun 2022 signups", "Sep–Dec 2022
 * sign-ups", "customers who joined Mar through May 2022". Read before the spans of days and months (day-ranges.ts),
 * which would make "Apr-Jun 2022" a span of the orders' dates and leave "signups" to be read against the later
 * period ("2025 to April 2022"), and said the way the cohort reader takes it ("the customers who signed up from Apr
 * 2022 through Jun 2022"; "between Apr and Jun" would be read by the other readings as two periods compared).
 * Anything else stays as asked.
 */
import { MONTH_ABBREVIATIONS, MONTHS } from './vocabulary';

const MONTH = `(?:${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\.?`;
const TO = '\\s*(?:-|\\u2013|\\u2014|to|through|thru|till|until)\\s*';
/** "the Apr-Jun 2022 signups", "Sep–Dec 2022 sign-ups", "the Mar-May 2022 cohort". */
const SPAN_SIGNUPS = new RegExp(
  `\\b(?:the\\s+)?(${MONTH})${TO}(${MONTH})\\s+((?:19|20)\\d\\d)\\s+(?:sign[\\s-]?ups|signups|joiners|cohort)\\b`,
  'gi',
);
/** "signed up Mar through May 2022", "joined in Apr-Jun 2022". */
const SIGNED_UP_SPAN = new RegExp(
  `\\b(signed\\s+up|joined|registered)\\s+(?:in\\s+|during\\s+|from\\s+)?(${MONTH})${TO}(${MONTH})\\s+((?:19|20)\\d\\d)\\b`,
  'gi',
);

/** Month 0-11 of a month word, or -1. */
const monthOf = (word: string) => {
  const w = word.toLowerCase().replace(/\.$/, '');
  const full = MONTHS.indexOf(w);
  return full >= 0 ? full : (MONTH_ABBREVIATIONS[w] ?? -1);
};
/** A span of whole months that is one quarter, half or year ("Apr-Jun 2022": Q2 2022), or undefined. */
function named(from: string, to: string, year: string): string | undefined {
  const [a, b] = [monthOf(from), monthOf(to)];
  if (a < 0 || b < a) return undefined;
  if (a === 0 && b === 11) return year;
  if (a % 6 === 0 && b === a + 5) return `H${a / 6 + 1} ${year}`;
  if (a % 3 === 0 && b === a + 2) return `Q${a / 3 + 1} ${year}`;
  return undefined;
}

/** The question with a signup cohort named by a span of months said as the cohort reader takes it. */
export function readSignupSpans(text: string): string {
  return text
    .replace(SPAN_SIGNUPS, (all, from: string, to: string, year: string) => {
      if (monthOf(to) < monthOf(from)) return all;
      const period = named(from, to, year);
      return period
        ? `the customers who signed up in ${period}`
        : `the customers who signed up from ${from} ${year} through ${to} ${year}`;
    })
    .replace(SIGNED_UP_SPAN, (all, verb: string, from: string, to: string, year: string) => {
      if (monthOf(to) < monthOf(from)) return all;
      const period = named(from, to, year);
      return period ? `${verb} in ${period}` : `${verb} from ${from} ${year} through ${to} ${year}`;
    });
}
