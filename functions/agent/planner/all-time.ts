/**
 * "since we started", "since day one", "since we opened": all the data, said as the planner reads it ("all
 * time", or "lifetime" after "whose spend"). Read as they stand, "started" or "day" were words the model lacks
 * and the question was refused (issue 29, counts per entity). "since the start of the year" is no such phrase: the
 * year to date (dates.ts).
 */

const SINCE =
  /\s*,?\s*\b(?:since|from)\s+(?:(?:we|you|i|the\s+company|the\s+business)\s+(?:first\s+)?(?:started|opened|began|launched|got\s+started|opened\s+shop)(?:\s+(?:selling|trading|out))?|day\s+(?:one|1)|the\s+(?:very\s+)?(?:beginning|start)(?:\s+of\s+time)?(?!\s+of\b)|launch|inception)\b/i;

/**
 * "..., across all years", "...? all years" at the end, set off from the ask: a scope (every year's rows together),
 * as "all time" is; "by year" or "each year" is how a breakdown is asked.
 */
const ALL_YEARS =
  /([,?;]|\s-)\s*(?:(?:across|over)\s*(?:all|every)\s+(?:the\s+)?(?:(?:two|three|four|five|\d)\s+)?|(?:across|over|for|in|from)?\s*(?:all|every)\s+(?:the\s+)?)years(?:\s+(?:combined|together|of\s+data))?\s*([?.!]*)\s*$/i;

/**
 * "spent more than $28,000 across all three years?", "over $26,000 over all the years", "at least 6 cancelled orders
 * across all three years", "10 or more of their orders returned over all the years": every year's rows pooled, said
 * at the end of a clause right after a bound; "in all three years" (each of them: top-in-every.ts, "ordered in all
 * three years") and "compare Q1 across the years" (each year's) are not read.
 */
const ACROSS_YEARS =
  /(?<=(?:\$\s?\d[\d,.]*k?|\d[\d,]*\s+(?:dollars|orders)|\d[\d,]*\+?\s+(?:(?:or\s+(?:more|fewer|less)|of\s+(?:their|his|her|its)|returned|cancell?ed|completed)\s+){0,3}(?:orders|purchases|returns|cancellations)(?:\s+(?:returned|cancell?ed|completed))?)(?:\s+(?:in\s+total|total|overall|combined))?)\s+(?:across|over)\s+(?:all\s+(?:of\s+)?(?:the\s+)?(?:(?:two|three|four|five|\d)\s+)?|the\s+(?:two|three|four|five|\d)\s+)years(?:\s+(?:combined|together|of\s+data))?(?=\s*(?:[?.!,;]|\s-|$))/i;

/**
 * "brought in the least revenue over all three years", "spent the most in total across all three years", "the median
 * number of orders per customer over all three years": every year's rows pooled, said after a superlative, "in total"
 * or a figure per customer (was refused, "over three"); "in all three years" (each of them) is not read.
 */
const RANKED_ACROSS_YEARS =
  /(?<=\b(?:in\s+total|per\s+(?:customer|client|buyer|account)|the\s+(?:most|least|highest|lowest|fewest|largest|smallest|biggest)(?:\s+(?:(?:returned|cancell?ed|completed)\s+)?(?:revenue|sales|money|orders|spend|returns|cancellations))?))\s+(?:across|over)\s+(?:all\s+(?:of\s+)?(?:the\s+)?(?:(?:two|three|four|five|\d)\s+)?|the\s+(?:two|three|four|five|\d)\s+)years(?:\s+(?:combined|together|of\s+data))?(?=\s*(?:[?.!,;]|\s-|$))/i;

/**
 * "the highest average order value across all three years": an average of every year's rows, which is the average
 * over all the data (no period): the phrase goes (was refused as an average over only some entities).
 */
const AVERAGE_ACROSS_YEARS =
  /(?<=\b(?:aov|(?:average|avg|mean|median)\s+(?:order\s+)?(?:value|amount|size)))\s+(?:across|over)\s+(?:all\s+(?:of\s+)?(?:the\s+)?(?:(?:two|three|four|five|\d)\s+)?|the\s+(?:two|three|four|five|\d)\s+)years(?:\s+(?:combined|together|of\s+data))?(?=\s*(?:[?.!,;]|\s-|$))/i;

/**
 * "Across all three years, which region had the most cancelled orders ...": said first, before a ranking, every
 * year's rows pooled; before a change or a trend ("across all three years, how did revenue move") it is not read.
 */
const LEADING_ACROSS_YEARS =
  /^\s*(?:across|over)\s+(?:all\s+(?:of\s+)?(?:the\s+)?(?:(?:two|three|four|five|\d)\s+)?|the\s+(?:two|three|four|five|\d)\s+)years(?:\s+(?:combined|together|of\s+data))?\s*[,:;-]\s*/i;
const RANKED =
  /\b(?:which|who|what|top|rank)\b[^?]*\b(?:most|least|highest|lowest|fewest|largest|smallest|biggest|best|worst|top)\b/i;
const EACH_YEAR =
  /\b(?:each|every|per|by)\s+year\b|\byear\s+(?:over|by)\s+year\b|\b(?:chang|grow|grew|trend|mov|rose|fell|declin|increas|decreas)|\b(?:19|20)\d\d\b|\b(?:q[1-4]|h[12])\b/i;

/** The question with an "all the data" phrase in the planner's words, or as it was. */
export function readAllTime(asked: string): string {
  const question = asked
    .replace(ALL_YEARS, (_all, mark: string, end: string) => `${mark === '?' ? '?' : ''}, all time${end}`)
    .replace(AVERAGE_ACROSS_YEARS, '')
    .replace(ACROSS_YEARS, ' in total')
    // (After a count, "the most orders across all three years", the rows of every year are counted as they are: "in
    // total" there was read as the total amount, ranking by revenue: confidently wrong.)
    .replace(RANKED_ACROSS_YEARS, (_all, at: number, whole: string) =>
      /\bin\s+total\s*$/i.test(whole.slice(0, at)) ||
      /\b(?:orders|returns|cancellations)\s*$/i.test(whole.slice(0, at))
        ? ''
        : ' in total',
    )
    .replace(LEADING_ACROSS_YEARS, (all, _at: number, whole: string) => {
      const rest = whole.slice(all.length);
      return RANKED.test(rest) && !EACH_YEAR.test(rest) ? '' : all;
    });
  const match = SINCE.exec(question);
  if (!match) return question;
  const before = question.slice(0, match.index);
  const after = question.slice(match.index + match[0].length);
  // "customers whose spend since we opened tops $28k": their lifetime spend.
  // ("whose total spend since day one is over $25k": the same, "total" said of it; was read as an order's amount.)
  const whose =
    /\b(whose|with|(?:have|has|having)\s+(?:an?|their)|(?:have|has|having))\s+(?:(?:total|overall|combined|cumulative)\s+)?(spend|spending|revenue|sales|order\s+count|number\s+of\s+orders)\s*$/i.exec(
      before,
    );
  if (whose) return `${before.slice(0, whose.index)}${whose[1]} lifetime ${whose[2]}${after}`;
  return `${before}, all time${after}`;
}
