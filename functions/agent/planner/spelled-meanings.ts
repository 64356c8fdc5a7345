/**
 * A definition's meaning spelled out for the ordinary readers (issue 29, unknown words). When the definitions reader
 * does not read a meaning as a condition of its own (definition-meanings.ts), words that describe customers by what
 * they did stand in for the defined word as "customers who ...": "loyal = placed at least one order in every quarter
 * of 2024", "by dormant I mean they didn't place a single order in Q4 2025", "let's call customers who never had an
 * order cancelled 'clean'", "(sleeper = a customer who did not order at all in December 2025)". The question is then
 * read, or refused, as if it had been asked that way; the meaning's numbers (a year, a bound) are its marks, which the
 * query planned must hold (definitions.ts), so that no part of it is dropped silently.
 */
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

/** The meaning as "customers who ..." (or "customers with ..."), or undefined when it does not describe customers. */
export function spelledMeaning(said: string): Meaning | undefined {
  const text = said
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/["“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '');
  if (text.length === 0 || text.length > 120 || NOT_SPELLED.test(text)) return undefined;
  const withWord = WITH.exec(text);
  const rest = withWord ? undefined : text.replace(WHO, '');
  const noun = withWord
    ? `customers ${withWord[0].trim().split(/\s+/).pop()} ${text.slice(withWord[0].length)}`
    : rest !== undefined && DID.test(rest)
      ? `customers who ${rest}`
      : undefined;
  return noun ? { kind: 'people', noun, clause: noun, marks: marksOf(text), spelled: true } : undefined;
}
