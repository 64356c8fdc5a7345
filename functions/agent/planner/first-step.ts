/**
 * A year's first step said aloud (issue 29): "month over month in 2024 (Jan counts vs Dec 2023)", "QoQ growth for
 * each quarter of 2025 (Q1 vs Q4 of 2024 too)", "counting january against dec 2024", "jan vs the prior december
 * included". A change of each period against the one before already reads the period before the range for its
 * first one (sql-second.ts changeQuery), so the aside restates the reading and goes; read as two more compared
 * periods, it turned the change into one of Q1 2023 against the whole year (confidently wrong). Only read when the
 * question asks each period against the one before, and the aside pairs the first month (quarter) of a year named
 * in the question with the last month (quarter) of the year before; anything else is left as it is.
 */

const MONTH_FIRST = '(?:jan|january)';
const MONTH_LAST = '(?:dec|december)';
/** "month over month", "MoM", "QoQ", "the month before", "the previous quarter": each against the one before. */
const STEP =
  /\b(?:(month|quarter)[\s-]+(?:over|on|to)[\s-]+\1|mom|qoq|m\/m|q\/q|(?:month|quarter)\s+before|(?:previous|prior|preceding)\s+(?:month|quarter))\b/i;

const ASIDE = new RegExp(
  String.raw`\s*(\()?\s*(?:counting|including|incl\.?|with)?\s*(?:the\s+)?(${MONTH_FIRST}|q1)\b(?:\s+(\d{4}))?\s+(?:counts?\s+|is\s+|measured\s+|set\s+|taken\s+|checked\s+)?` +
    String.raw`(?:vs\.?|versus|against|compared\s+(?:to|with)|over)\s+(?:the\s+)?(?:prior\s+|previous\s+|preceding\s+)?` +
    String.raw`(${MONTH_LAST}|q4)\b(?:\s+(?:of\s+)?(\d{4}))?(?:\s+(?:included|too|counts|counted|as\s+well|incl\.?))?\s*(\))?`,
  'i',
);

/** The question without an aside that restates the first step of a change against the period before. */
export function readFirstStep(question: string): string {
  if (!STEP.test(question)) return question;
  const found = ASIDE.exec(question);
  if (!found) return question;
  const [all, open, first = '', firstYear, last = '', lastYear, close] = found;
  // Months with months, quarters with quarters; the parentheses, if any, both or neither.
  if (/^q/i.test(first) !== /^q/i.test(last) || Boolean(open) !== Boolean(close)) return question;
  const rest = question.replace(all, ' ');
  // The year of the range: named elsewhere in the question (or with the first period), one year after the last's.
  const years = [...rest.matchAll(/\b(\d{4})\b/g)].map((m) => Number(m[1]));
  const year = firstYear ? Number(firstYear) : years.length === 1 ? years[0] : undefined;
  if (year === undefined || (firstYear && !years.includes(year))) return question;
  if (lastYear && Number(lastYear) !== year - 1) return question;
  return rest
    .replace(/\s+([?.!,])/g, '$1')
    .replace(/,+([?.!]|\s*$)/, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
