/**
 * Ranked rows and two figures of one row, said in everyday words (tuning set 34, rows), restated in the words the
 * planner reads already:
 * - a second figure of the ranked rows asked after them ("who were our top 5 customers by revenue in 2024, and what
 *   was each one's average order value that year?", "... along with the average size of their orders"): "with their
 *   average order amount", the figure beside each row ranked, of the same period (members.ts);
 * - "the 3 customers who spent the most in 2025": the top 3 customers by spend (with a second figure after it, the
 *   ranking was taken from the second figure: the top by average order, confidently wrong);
 * - the range of a single order's amount ("the difference between the largest and the smallest order", "range of
 *   order amounts (max minus min)", "the spread between the highest and lowest order amount"): the largest order
 *   amount minus the smallest one (two measures, filtered-measures.ts).
 * - "for each customer segment" beside a count of customers ("how many customers ..."): the segment, the customers'
 *   own (the customers read twice left the never-reading nothing to count).
 * Anything else stays as asked.
 */
import { NUMBER_WORDS } from './vocabulary';

const N = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const PEOPLE = '(customers|clients|accounts|buyers)';
/** The average order value said of each ranked row. */
const AOV =
  '(?:average\\s+order\\s+(?:value|amount|size)|aov|avg\\.?\\s+order(?:\\s+(?:value|amount|size))?|average\\s+(?:size|amount|value)\\s+of\\s+(?:their|his\\s+or\\s+her|its|the(?:ir)?)\\s+orders|average\\s+amount\\s+per\\s+order|average\\s+spend\\s+per\\s+order)';
/** ", and what was each one's", "along with the", "and their", "plus each customer's". */
const BESIDE =
  "\\s*,?\\s*(?:and|along\\s+with|together\\s+with|plus|as\\s+well\\s+as|with)\\s+(?:(?:what|how\\s+much)\\s+(?:was|is|were)\\s+)?(?:each\\s+(?:one|customer|client)['’]s|each\\s+of\\s+their|their|the|his\\s+or\\s+her)\\s+";
/** "that year", "in that period", "for the same year", "then": the ranking's own period. */
const SAME_PERIOD =
  '(?:\\s+(?:that|in\\s+that|for\\s+that|in\\s+the\\s+same|for\\s+the\\s+same|the\\s+same)\\s+(?:year|quarter|month|period)|\\s+then)?';
const SECOND = new RegExp(`${BESIDE}${AOV}${SAME_PERIOD}\\s*([?.!]*)\\s*$`, 'i');
/** A ranking of customers said before the second figure ("top 5 customers", "4 biggest customers"). */
const RANKED = new RegExp(
  `\\b(?:top|biggest|largest|best|highest[-\\s]spending|most\\s+valuable)\\s+(?:${N}\\s+)?${PEOPLE}\\b|\\b${N}\\s+(?:top|biggest|largest|best)\\s+${PEOPLE}\\b`,
  'i',
);
/** "the 3 customers who spent the most (in 2025)", "which 5 clients spent the most". */
const SPENT_MOST = new RegExp(
  `\\b(?:the\\s+|which\\s+)?${N}\\s+${PEOPLE}\\s+(?:who|that)\\s+spent\\s+the\\s+most\\b`,
  'gi',
);

/** "difference between the largest and (the) smallest order (amount)", "spread between the highest and lowest ...". */
const AMOUNT_RANGE =
  /\b(?:the\s+)?(?:difference|gap|spread|range|distance)\s+between\s+(?:the\s+)?(?:largest|biggest|highest|max(?:imum)?)\s+(?:single\s+)?(?:order(?:\s+(?:amount|value|size))?\s+)?and\s+(?:the\s+)?(?:smallest|lowest|min(?:imum)?)\s+(?:single\s+)?order(?:\s+(?:amount|value|size))?s?\b/gi;
/** "range of order amounts (max minus min)", "the range of order values". */
const RANGE_OF =
  /\b(?:the\s+)?range\s+of\s+(?:single\s+)?order\s+(?:amounts|values|sizes)\b(?:\s*\(\s*(?:max(?:imum)?|largest|highest)\s+(?:minus|-|less)\s+(?:min(?:imum)?|smallest|lowest)\s*\))?/gi;

/** "for each customer segment", "by customer region": the breakdown, where the customers are counted beside it. */
const CUSTOMER_GROUP =
  /\b(by|per|for\s+each|for\s+every|in\s+each|each)\s+(?:customer|client)\s+(segments?|regions?)\b/gi;
const CUSTOMERS_COUNTED =
  /\b(?:how\s+many|number\s+of|count\s+of|count\s+the)\s+(?:of\s+(?:our|my|the)\s+)?(?:customers|clients)\b/i;

export function readRowPhrases(question: string): string {
  // ("interquartile range of order amounts", "the middle 50% range": a spread between percentiles, read elsewhere.)
  const percentileRange =
    /\binter[-\s]?quartile\b|\biqr\b|\bmiddle\s+\d+\s*%|\bpercentiles?\b|\bquartiles?\b/i.test(question);
  let text = question
    // ("for each customer segment, how many customers have never placed an order over $970": the segment; with
    // "customer" read twice, the never-reading found no customers to count and refused.)
    .replace(CUSTOMER_GROUP, (all, lead: string, group: string) =>
      CUSTOMERS_COUNTED.test(question) ? `${lead} ${group}` : all,
    )
    .replace(AMOUNT_RANGE, (all) =>
      percentileRange ? all : 'largest order amount minus smallest order amount',
    )
    .replace(RANGE_OF, (all) => (percentileRange ? all : 'largest order amount minus smallest order amount'));
  const second = SECOND.exec(text);
  if (second && (RANKED.test(text.slice(0, second.index)) || SPENT_MOST.test(text.slice(0, second.index)))) {
    SPENT_MOST.lastIndex = 0;
    text = `${text.slice(0, second.index)} with their average order amount${second[1] ?? ''}`;
    // ("who were our top 5 customers by revenue in 2024": the ranking said as a list of them.)
    text = text.replace(/^\s*(?:who|which)\s+(?:were|are|was|is)\s+(?:our\s+|the\s+|my\s+)?/i, '');
  }
  SPENT_MOST.lastIndex = 0;
  if (/\bwith\s+their\s+average\s+order\s+amount\b/i.test(text))
    text = text
      .replace(SPENT_MOST, (_all, n: string, people: string) => `top ${n} ${people} by spend`)
      // ("my 4 biggest customers by spend": the top 4 of them.)
      .replace(
        new RegExp(`\\b${N}\\s+(?:biggest|largest|best|top)\\s+${PEOPLE}\\b`, 'i'),
        (_all, n: string, people: string) => `top ${n} ${people}`,
      );
  return text.replace(/^\s*list\s+(?:the\s+)?(?=top\b)/i, '');
}
