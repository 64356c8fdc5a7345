/**
 * Everyday words for amounts and for rows asked about (issue 29, unknown words around an answerable ask), read
 * before the question's words are matched against the model:
 * - money slang: "five bucks" is $5, "a grand" $1000, "2 grand" $2000;
 * - a dollar amount that looks like a year ("over $2,000", "$1999"): written with its cents, so the dates never
 *   read it as the year 2000;
 * - whether anyone bought one order of an amount: "did anybody place an order under $5?" asks about the orders,
 *   so "anybody" (after the verb that opens such a question) and the verb of buying name nothing of the data;
 * - "how many such orders?", "how many orders like that?": the rows just described, nothing of their own.
 */

import { readDefinedSizes } from './order-sizes';
import { NUMBER_WORDS } from './vocabulary';

/** Counts in words before the slang: "a"/"one" and the counts written out (vocabulary.ts). */
const COUNTS: Record<string, number> = { a: 1, an: 1, one: 1, ...NUMBER_WORDS, fifty: 50, hundred: 100 };

/** "five bucks", "20 bucks", "a grand", "2.5 grand", "ten grand". */
const MONEY =
  /\b(\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred)\s+(bucks?|grand)\b/gi;

/**
 * "did anybody place ...", "has anyone ever spent ...": the asker asks whether rows exist, so who goes (group 1 is
 * the verb before it). The verb of buying goes too where it can only be of one order (an order is a purchase;
 * "bought" would count buyers): "place"/"make" an order, "buy ... for under $10", "spend ... on a single order";
 * not "spent more than $5000" (a customer's total, which stays the per-customer reading's).
 */
const ANYONE =
  /\b(did|does|do|has|have|had|was|were|is|are)\s+(?:any(?:one|body)|some(?:one|body))\s+(?:(?:ever|actually|even)\s+)?([\s\S]*)$/i;
/** An order's amount bound after a verb of buying ("for under $10", "over $990", "for $5"). */
const ORDER_AMOUNT =
  /^[^?!]*\b(?:for\s+\$|(?:for\s+)?(?:under|over|less\s+than|more\s+than|above|below|at\s+least|at\s+most)\s*\$)/i;
/** The verbs of buying, each with what makes it one order's. */
const ONE_ORDER_VERBS: [RegExp, RegExp][] = [
  [/^(?:place|placed|make|made)\s+(?=(?:an?|one|single)\s+(?:order|purchase))/i, /./],
  [/^(?:buy|bought|purchase|purchased|order|ordered)\s+/i, ORDER_AMOUNT],
  [/^(?:spend|spent)\s+/i, /^[^?!]*\bon\s+(?:a|one)\s+(?:single\s+)?(?:order|purchase)\b/i],
];

/**
 * The question from after "anybody" on without a verb of buying that can only be of one order (a place before
 * it stays: "anybody in the west order toys over $990"), or undefined where the verb is not one order's.
 */
function withoutOrderVerb(rest: string): string | undefined {
  const place = /^(?:(?:in|from)\s+(?:the\s+)?[a-z]+\s+)?/i.exec(rest)?.[0] ?? '';
  const after = rest.slice(place.length);
  for (const [verb, oneOrder] of ONE_ORDER_VERBS) {
    const m = verb.exec(after);
    if (m && oneOrder.test(after.slice(m[0].length))) return `${place}${after.slice(m[0].length)}`;
  }
  return undefined;
}

/** "how many such orders", "the number of such customers". */
const SUCH = /\b(how\s+many|number\s+of|count\s+of|#\s*of)\s+such\s+/gi;
/** "how many orders like that", "how many like those". */
const LIKE_THAT = /\b(how\s+many(?:\s+[a-z]+)?)\s+like\s+(?:that|those|this|these)\b/gi;

/** "$2k", "2k", "$2.0K": thousands of dollars that would read as a year once written out. */
const YEARLIKE_THOUSANDS =
  /(?:\$\s?|(?<=\b(?:over|above|under|below|than|least|most|to|from|between|and)\s+))(\d(?:\.\d+)?)\s?k\b/gi;
/** "$2,000", "$1999": an amount between 1900 and 2100 dollars, without cents. */
const YEARLIKE_DOLLARS = /\$\s?(\d,?\d{3})(?![\d.,]\d)/g;

/**
 * A seller's verbs of tallying ("which region racked up the most orders", "which category pulled in the most
 * revenue", "how many orders did furniture clock in Q4", "chalked up", "raked in", "notched up"): the rows or the
 * money had, nothing more. Read as "have" in the verb's own tense. ("pulled in 2024": the "in" of a period stays.)
 */
const TALLY =
  /\b(?:(rack|chalk|notch|ring|tot|tally|run)(s|ed|ing)?\s+up|(clock)(s|ed|ing)?(?:\s+up)?|(rake|pull|haul|reel)(s|d|ed|ing)?\s+in(?!\s+(?:\d|q[1-4]\b|h[12]\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|the\s+(?:first|last|second|third|fourth|past|previous)\b|(?:last|this)\b)))\b/gi;
const HAVE: Record<string, string> = { '': 'have', s: 'has', ed: 'had', d: 'had', ing: 'having' };
/** "rang up", "ran up": the past of their verbs. */
const IRREGULAR_PAST = /\b(?:rang|ran)\s+up\b/gi;

/** The question with money slang as dollars and the words of an existence question read away. */
export function readSlang(question: string): string {
  // ("small ones, under $100", "big-ticket orders (over $1k)": the size word defined by its bound; order-sizes.ts.)
  const read = question
    .replace(MONEY, (all, n: string, unit: string) => {
      const value = /^\d/.test(n) ? Number(n) : COUNTS[n.toLowerCase()];
      if (value === undefined || !Number.isFinite(value)) return all;
      // ("$2,000": never a year.)
      const dollars = /^grand$/i.test(unit) ? Math.round(value * 1000) : value;
      return `$${dollars.toLocaleString('en-US')}`;
    })
    // ("over $2k": two thousand dollars, never the year 2000.)
    .replace(YEARLIKE_THOUSANDS, (all, n: string) => {
      const value = Math.round(Number(n) * 1000);
      return value >= 1900 && value <= 2100 ? `$${value}.00` : all;
    })
    .replace(YEARLIKE_DOLLARS, (all, n: string) => {
      const value = Number(n.replace(',', ''));
      return value >= 1900 && value <= 2100 ? `$${value}.00` : all;
    })
    .replace(ANYONE, (all, verb: string, rest: string) => {
      // (Anyone who did something else, "spent more than $5000 in total", stays and is refused by name.)
      const read = withoutOrderVerb(rest);
      return read === undefined ? all : `${verb} ${read}`;
    })
    .replace(TALLY, (_all, _a, t1 = '', _c, t2 = '', _e, t3 = '') => HAVE[t1 || t2 || t3] ?? 'have')
    .replace(IRREGULAR_PAST, 'had')
    .replace(SUCH, '$1 ')
    .replace(LIKE_THAT, '$1');
  return readDefinedSizes(read);
}
