/**
 * Relative spans in a sales or operations asker's shorthand (issue 29, relative dates past the data), read before
 * the question's words are matched (phrases.ts) and said the way the planner reads a span (dates.ts):
 * - "TTM", "LTM", "T12M", "L12M": the trailing twelve months, "the last 12 months" (complete months before today's);
 * - "rolling 90 days", "a rolling 30-day window", "on a rolling 60 day basis": the days before today, "the last 90
 *   days" (not when the question asks for a series, "rolling 30-day revenue by week" or a "rolling average": a
 *   moving window the planner does not compute, which stays unread and is refused);
 * - "between September and now", "from August to today", "October through today", "June till date": since that
 *   month (or quarter, half, year, day), through today, so a span that reaches past the data is never shortened to
 *   its first month;
 * - "the past couple of months", "the last couple quarters": the last 2 of them.
 */
import { MONTH_ABBREVIATIONS, MONTHS } from './vocabulary';

/** A month's name, full or short, longest first. */
const MONTH = `(?:${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].sort((a, b) => b.length - a.length).join('|')})\\.?`;
/** The start of a span through today: a month (with a day or a year), a quarter, a half or a year. */
const START = `(?:the\\s+(?:start|beginning)\\s+of\\s+)?(?:${MONTH}(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?|q[1-4]|h[12]|\\d{4})(?:,?\\s+(?:\\d{4}|(?:of\\s+)?(?:last|this)\\s+year))?`;
/** Today, as the end of a span. */
const NOW = '(?:now|today|date|the\\s+present|present\\s+day|right\\s+now)';
const UNTIL = '(?:and|to|through|thru|till|until|up\\s+(?:to|until|till))';

/** A question that asks for a series or a moving average: "rolling" there is a moving window, not one span. */
const SERIES =
  /\b(?:by|per|each|every)\s+(?:day|week|month|quarter)\b|\b(?:daily|weekly|monthly|over\s+time|trend(?:s|ing)?|average|avg|mean|chart|plot)\b/i;

const REWRITES: [RegExp, string][] = [
  // "between September and now", "from August to today": since then.
  [new RegExp(`\\b(?:between|from)\\s+(${START})\\s+${UNTIL}\\s+${NOW}\\b`, 'gi'), 'since $1'],
  // "October through today", "june till date" (never "month to date", a unit's own).
  [
    new RegExp(`\\b(${START})\\s+(?:through|thru|till|until|up\\s+(?:to|until|till))\\s+${NOW}\\b`, 'gi'),
    'since $1',
  ],
  // "the past couple of months", "last couple quarters".
  [/\b(last|past|previous)\s+couple\s+(?:of\s+)?(day|week|month|quarter|year)s\b/gi, '$1 2 $2s'],
];

/** "TTM", "LTM", "T12M", "L12M" (not inside a longer word). */
const TWELVE_MONTHS = /(?<![\w-])(?:ttm|ltm|t12m|l12m)(?![\w-])/gi;
/** "rolling 90 days", "a rolling 30-day window", "on a rolling 60 day basis". */
const ROLLING =
  /\b(?:(?:on|over|for|in)\s+)?(?:a\s+|the\s+)?rolling\s+(\d{1,3})[-\s]?(day|week|month)s?(?:\s+(?:basis|window|period))?\b/gi;

/** The question with its shorthand for relative spans said the planner's way. */
export function readRelativeSpans(question: string): string {
  let text = question;
  for (const [pattern, replacement] of REWRITES) text = text.replace(pattern, replacement);
  text = text.replace(TWELVE_MONTHS, 'the last 12 months');
  if (!SERIES.test(text)) text = text.replace(ROLLING, 'in the last $1 $2s');
  return text;
}
