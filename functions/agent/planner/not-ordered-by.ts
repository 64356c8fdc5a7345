/**
 * No order yet by a date (issue 29, timing): "of the customers who signed up in 2022, how many had not ordered
 * anything by 2023-03-31?", "how many H2 2022 signups still hadn't placed an order by the end of January 2023", "had
 * no order by Feb 28, 2023", "had still not bought anything by 15 Feb 2023". A customer with no order on or before
 * the day is one whose first order came after it: said the way the cohort reader takes it ("placed their first
 * order after 2023-03-31"; cohort-reader.ts counts the customers with orders). Its positive, "how many had ordered
 * by 2023-03-31", is a first order before the next day ("placed their first order before 2023-04-01"; read as it
 * stood, the day alone was counted). Only with a whole day or month named after "by" (a bare year could mean its
 * start or its end); anything else stays as asked, to be read or refused.
 */
import { MONTH_WORD, MONTHS } from './vocabulary';

const MONTH = String.raw`${MONTH_WORD}\.?`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:19|20)\d\d`;
/** A day or a month: "2023-03-31", "Feb 28, 2023", "15 Feb 2023", "(the end of) January 2023". */
const DATE = String.raw`(${YEAR}-\d\d-\d\d|${MONTH}\s+${DAY},?\s+${YEAR}|${DAY}\s+${MONTH},?\s+${YEAR}|(?:the\s+end\s+of\s+)?${MONTH}\s+${YEAR})`;
/** "had not", "hadn't", "still hadn't", "had still not", "did not", "didn't", "had no". */
const NOT = String.raw`(?:(?:still\s+)?(?:had|did)\s+(?:still\s+)?not|(?:still\s+)?(?:hadn['’]?t|didn['’]?t))(?:\s+yet)?`;
/** "ordered (anything)", "placed an order", "bought anything", "made a purchase", "order" (after "didn't"). */
const VERB = String.raw`(?:ordered|order|placed\s+(?:an?|any)\s+orders?|place\s+(?:an?|any)\s+orders?|bought|buy|purchased|purchase|made\s+(?:an?|any)\s+(?:orders?|purchases?)|make\s+(?:an?|any)\s+(?:orders?|purchases?))(?:\s+anything)?`;
const NOT_BY = new RegExp(
  String.raw`\b(?:${NOT}\s+(?:yet\s+)?${VERB}|(?:still\s+)?had\s+(?:still\s+)?no\s+(?:orders?|purchases?))\s+(?:yet\s+)?by\s+${DATE}(?=\s*(?:[?.!,;:)]|$))`,
  'i',
);

/** "had ordered (anything) by", "had already placed an order by", "had made a purchase by". */
const HAD_BY = new RegExp(
  String.raw`\b(?:had\s+(?:already\s+)?|already\s+had\s+)(?:ordered|placed\s+(?:an?|any)\s+orders?|bought|purchased|made\s+(?:an?|any)\s+(?:orders?|purchases?))(?:\s+anything)?\s+by\s+${DATE}(?=\s*(?:[?.!,;:)]|$))`,
  'i',
);

const monthOf = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3).toLowerCase()));
const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The day after a day or a month said ("2023-03-31": 2023-04-01; "March 2023": 2023-04-01), or undefined. */
export function dayAfter(said: string): string | undefined {
  const text = said
    .replace(/^the\s+end\s+of\s+/i, '')
    .replace(/(\d)(?:st|nd|rd|th)\b/g, '$1')
    .replace(/[.,]/g, ' ');
  const isoDay = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text.trim());
  if (isoDay) return iso(Number(isoDay[1]), Number(isoDay[2]) - 1, Number(isoDay[3]) + 1);
  const words = text.trim().split(/\s+/);
  const year = Number(words.at(-1));
  const month = words.map(monthOf).find((m) => m >= 0);
  const day = words.find((w) => /^\d{1,2}$/.test(w));
  if (!year || month === undefined) return undefined;
  return day ? iso(year, month, Number(day) + 1) : iso(year, month + 1, 1);
}

/** The question with "had not ordered by <day>" said as "placed their first order after <day>", or as it was. */
export function readNotOrderedBy(question: string): string {
  const had = HAD_BY.exec(question);
  const end = had && dayAfter(had[1] ?? '');
  if (had && end)
    return `${question.slice(0, had.index)}placed their first order before ${end}${question.slice(had.index + had[0].length)}`;
  const m = NOT_BY.exec(question);
  if (!m) return question;
  // ("by the end of January 2023": after January 2023, the month whole.)
  const date = (m[1] ?? '').replace(/^the\s+end\s+of\s+/i, '');
  return `${question.slice(0, m.index)}placed their first order after ${date}${question.slice(m.index + m[0].length)}`;
}

/** "had not ordered furniture by 2023-03-31": no order of a kind by a day, the kind said between the verb and "by". */
const NOT_KIND_BY = new RegExp(
  String.raw`\b${NOT}\s+(?:yet\s+)?${VERB}\s+(?:[a-z]+\s+){1,3}?by\s+${DATE}(?=\s*(?:[?.!,;:)]|$))`,
  'i',
);

/**
 * Why no order of a kind by a day is refused ("how many who joined in 2022 had not ordered furniture by
 * 2023-03-31?"): the first order read for "not ordered by" is of any kind, and read as it stands "by" was dropped
 * and the day alone counted (confidently wrong). Undefined when the question has no such cutoff.
 */
export function unreadKindCutoff(question: string): string | undefined {
  if (NOT_BY.test(question) || !NOT_KIND_BY.test(question)) return undefined;
  return 'I can count the customers whose first order of any kind came after a day, not those with no order of one kind by a day: ask for the customers with no such order in a span with both ends (for example "from January 2023 to March 2023")';
}
