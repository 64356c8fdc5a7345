/**
 * A grand total asked beside a breakdown ("cancelled order count by region for 2024, and the total across
 * regions", "revenue per category plus a grand total"): the answer to a breakdown of a count or a sum already
 * states what its rows add up to ("... in all"), so the words ask for nothing more (issue 29, totals in the
 * asker's words). Read away only after a breakdown ("by", "per", "each") of a count or an amount; beside an
 * average or a median the total would be another figure, and the words stay (refused by name if unread).
 */

/**
 * ", and the total across regions", "plus a grand total", "with the overall total", "& the total for all of them",
 * "plus the 3-year total".
 */
const GRAND_TOTAL =
  /\s*,?\s*(?:and|plus|with|&|\+)\s+(?:also\s+)?(?:the|a)\s+(?:grand\s+|overall\s+|combined\s+|(?:\d{1,2}|two|three|four|five|six|twelve)[\s-](?:year|yr|month|quarter|qtr)s?\s+)?total(?:\s+(?:row|line))?(?:\s+(?:across|over|for|of)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:them|all|everything|those|these|year|period|quarter|month|span|[a-z]+s))?(?:\s+(?:too|as\s+well))?(?:\s*,?\s*(?:please|pls|plz|thanks|thx))?\s*(?=[?.!]*\s*$)/i;

/** A breakdown in the question ("by region", "per category", "for each segment"). */
const BREAKDOWN = /\b(?:by|per|each|every|across)\s+[a-z]/i;
/** A measure whose rows do not add up to a total of it. */
const NOT_ADDITIVE =
  /\b(?:average|avg|mean|median|typical|aov|percent(?:age)?|share|rate|ratio|per\s+(?:order|customer))\b|%/i;

/** The question without a grand total asked beside a breakdown of an additive figure. */
export function readGrandTotal(question: string): string {
  const m = GRAND_TOTAL.exec(question);
  if (!m) return question;
  const rest = question.slice(0, m.index) + question.slice(m.index + m[0].length);
  if (!BREAKDOWN.test(rest) || NOT_ADDITIVE.test(rest)) return question;
  return rest;
}

/**
 * ", and the total" or "plus the overall" beside a breakdown of an average or a median ("avg order value by
 * category for 2024, and the total"): the same figure over every row of the breakdown (the average of all the
 * orders, not a sum of averages), stated beside the rows. Read away only after a breakdown of a figure that does
 * not add up; the caller keeps it only where the reading is a plain breakdown, and refuses otherwise.
 */
// ("and the overall AOV?": the figure named after "overall" is the breakdown's own.)
const OVERALL =
  /\s*,?\s*(?:and|plus|with|&|\+)\s+(?:also\s+)?(?:the\s+|an?\s+)?(?:(?:grand\s+|overall\s+|combined\s+)?total|overall(?:\s+(?:average|avg|mean|median|figure|number|one|aov|(?:average\s+)?order\s+(?:value|size)|rate))?|(?:average|avg|mean|median)\s+(?:overall|across\s+(?:the\s+board|all\s+of\s+them|everything)))(?:\s+(?:across|over|for|of)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:them|all|everything|those|these|year|period|quarter|month|span|[a-z]+s))?(?:\s+(?:too|as\s+well))?(?:\s*,?\s*(?:please|pls|plz|thanks|thx))?\s*(?=[?.!]*\s*$)/i;

/** The question without an overall figure asked beside a breakdown of a figure that does not add up. */
export function readOverall(question: string): { text: string; overall?: true } {
  const m = OVERALL.exec(question);
  if (!m) return { text: question };
  const rest = question.slice(0, m.index) + question.slice(m.index + m[0].length);
  // ("and the overall?" said alone after a breakdown: the caller reads it on the previous question.)
  if (!/[a-z]/i.test(rest)) return { text: '', overall: true };
  if (!BREAKDOWN.test(rest) || !NOT_ADDITIVE.test(rest)) return { text: question };
  return { text: rest, overall: true };
}
