/**
 * A definition's meaning spelled out for the ordinary readers (issue 29, unknown words). When the definitions reader
 * does not read a meaning as a condition of its own (definition-meanings.ts), words that describe customers by what
 * they did stand in for the defined word as "customers who ...": "loyal = placed at least one order in every quarter
 * of 2024", "by dormant I mean they didn't place a single order in Q4 2025", "let's call customers who never had an
 * order cancelled 'clean'", "(sleeper = a customer who did not order at all in December 2025)". The question is then
 * read, or refused, as if it had been asked that way; the meaning's numbers (a year, a bound) are its marks, which the
 * query planned must hold (definitions.ts), so that no part of it is dropped silently.
 */
import { DATA_END_PLACEHOLDER } from './cohort-periods';
import type { Meaning } from './definition-meanings';

/** Who the meaning is about, said before what they did ("they", "a customer who", "customers that"). */
const WHO =
  /^(?:(?:they|he|she)\s+|(?:(?:a|an|any|the|all|our|my)\s+)?(?:customers?|clients?|accounts?|buyers?|shoppers?|people|someone|anyone|those|ones)\s+(?:who|that)\s+|(?:who|that)\s+)/;

/** What a customer did, as the meaning begins: a verb of ordering, or its negation. */
const DID =
  /^(?:(?:has|have|had)\s+)?(?:placed?|places|ordered|orders?|bought|buys?|purchased|purchases?|made|makes?|returned|cancell?ed|shopped|shops?)\b|^(?:did\s+not|didn'?t|does\s+not|doesn'?t|never|has\s+not|hasn'?t|have\s+not|haven'?t)\s+(?:\w+)/;

/** "customers with ...", "customers whose ...": the people named, then what holds for them. */
const WITH =
  /^(?:(?:a|an|any|the|all|our|my)\s+)?(?:customers?|clients?|accounts?|buyers?|someone|anyone|people|ones?)\s+(?:with|having|whose)\s+/;

/**
 * Words no spelled meaning may hold: another definition, a question, a pointer back ("that month": a gloss of the
 * period asked about, which other readers read, restated-glosses.ts), or a customer's spend (definition-meanings.ts
 * reads a threshold of it; spelled out, "whose 2025 spend is over $10k" was read as an order's amount).
 */
const NOT_SPELLED =
  /[?=;]|\b(?:means?|i\.e|it|this|that one|these|then|spend|spent|spending|revenue|sales|worth)\b|\b(?:that|the\s+same|this|those)\s+(?:day|week|month|quarter|year|period|half)s?\b/;

/** The numbers the query must hold: years and bounds said in the meaning ("2024", "$1,500" as "1500", "10+"). */
function marksOf(text: string): string[] {
  return [...text.matchAll(/(?<![\w.])\$?(\d[\d,]*(?:\.\d+)?)(k)?\b/gi)]
    .map((m) => Number((m[1] ?? '').replace(/,/g, '')) * (m[2] ? 1000 : 1))
    .filter((n) => Number.isFinite(n) && n > 1)
    .map(String);
}

/** The units of one year, by unit: "11 of the 12 months of 2025" names every month of the year. */
const IN_A_YEAR: Record<string, number[]> = { month: [12], quarter: [4], week: [52, 53] };

/**
 * A customer's doings said the way the ordinary readers read them: "placed nothing in ..." and "made no purchase in
 * ..." are no orders in it; "11 or more of the 12 months of 2025" is 11 or more different months of it (the count
 * must be the year's own); "30 of the 36 months of data" is 30 different months of the whole data; "placing orders"
 * is having placed them. Anything else as said.
 */
export function doingsSaid(text: string): string {
  return text
    .replace(/\b(?:placed|bought|ordered|purchased)\s+nothing\b/g, 'placed no orders')
    .replace(/\bmade\s+no\s+(?:purchases?|orders?)\b/g, 'placed no orders')
    .replace(/\b(?:zero|0)\s+(?:orders|purchases)\b/g, 'no orders')
    .replace(/\bno\s+(?:orders?|purchases?)(?:\s+at\s+all)?\b/g, 'no orders')
    .replace(/\bno\s+orders\s+(?:during|over|within)\s+the\s+(last|final)\b/g, 'no orders in the $1')
    .replace(/\b(?:placing|putting\s+in)\s+(?:an?\s+)?orders?\b/g, 'placed orders')
    .replace(/\b(bought|ordered|purchased)\s+(?:something|anything)\b/g, '$1')
    .replace(
      /\b(\d{1,2})(\s+or\s+more|\+)?\s+of\s+the\s+(\d{1,2})\s+(month|quarter|week)s\s+(of|in)\s+(20\d\d)\b/g,
      (all, n: string, more: string | undefined, m: string, unit: string, of: string, year: string) =>
        IN_A_YEAR[unit]?.includes(Number(m)) ? `${n}${more ?? ''} different ${unit}s ${of} ${year}` : all,
    )
    .replace(
      /\b(\d{1,3})(\s+or\s+more|\+)?\s+of\s+(?:the|our)\s+\d{1,3}\s+(month|quarter|week)s\s+(?:of\s+(?:the\s+)?data(?:set)?|(?:of\s+data\s+)?we\s+have)\b/g,
      '$1$2 different $3s',
    );
}

/** "the last 3 months of the data": the data's own last units, a placeholder span in the query until moved (steps.ts). */
const DATA_END =
  /\b(?:last|final|latest)\s+(?:\d{1,2}\s+|[a-z]+\s+)?(?:month|quarter|year)s?\s+(?:of|in)\s+(?:the\s+|our\s+)?data\b/;

/** No order since a whole month, quarter or year (not a day): where the span starts is not said. */
const NONE_SINCE_PERIOD =
  /\b(?:not|no|never|nothing)\b.*\bsince\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:of\s+)?20\d\d|q[1-4]\s+20\d\d|20\d\d)\b/;

/** The meaning as "customers who ..." (or "customers with ..."), or undefined when it does not describe customers. */
export function spelledMeaning(said: string): Meaning | undefined {
  const text = doingsSaid(
    said
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .replace(/["“”]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.!]+$/, ''),
  ).replace(/^no orders\b/, 'placed no orders');
  if (text.length === 0 || text.length > 120 || NOT_SPELLED.test(text)) return undefined;
  // ("they have not ordered since March 2025": from the start of March or its end, which the asker did not say.)
  if (NONE_SINCE_PERIOD.test(text)) return undefined;
  const withWord = WITH.exec(text);
  const rest = withWord ? undefined : text.replace(WHO, '');
  const noun = withWord
    ? `customers ${withWord[0].trim().split(/\s+/).pop()} ${text.slice(withWord[0].length)}`
    : rest !== undefined && DID.test(rest)
      ? `customers who ${rest}`
      : undefined;
  // ("no orders in the last 3 months of the data": its number is no bound; the placeholder span is what the query
  // must hold, cohort-periods.ts.)
  const marks = DATA_END.test(text)
    ? [...marksOf(text.replace(DATA_END, '')), DATA_END_PLACEHOLDER]
    : marksOf(text);
  return noun ? { kind: 'people', noun, clause: noun, marks, spelled: true } : undefined;
}
