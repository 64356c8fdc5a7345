/**
 * Membership of a top N in every group: "which customers were in the top 50 by spend in both 2024 and 2025", "made
 * the top 20 by revenue in each of 2023, 2024 and 2025", "were among the top 10 by orders every year", "which
 * categories were in the top 2 in every region": the items ranked within the top N of each group, kept only when
 * they are in all of them (sql-second.ts perGroupQuery); each group's own list answered another question (the lists
 * were given in its place: confidently wrong).
 */
import type { Token } from './plan';

/**
 * A top N said as a place to be in ("were in the top 50", "made the top 20", "among the top 10 spenders"); "were the
 * top 2 regions in each of 2024 and 2025" names each year's list (read as membership: "none", confidently wrong).
 */
const MEMBERSHIP =
  /\b(?:(?:were|was|are|is|be|been)\s+(?:in|among|within|inside)\s+(?:the\s+|our\s+)?|(?:made|make|ranked|rank|appeared|appear|stayed|remained|placed|featured|landed)\s+(?:in\s+|among\s+|within\s+|inside\s+)?(?:the\s+|our\s+)?|(?:in|among|within|inside)\s+(?:the\s+|our\s+))(?:top|bottom)\s+\d+(?!\d|\s*(?:%|percent|pct))/;
/** Every group said of the ranking ("in both 2024 and 2025", "in each of", "every year", "all three years"). */
const EVERY =
  /\b(?:both\s+(?:in\s+)?(?:(?:19|20)\d\d|h[12]|q[1-4])|each\s+of\s+(?:the\s+)?(?:(?:19|20)\d\d|h[12]|q[1-4]|last|past|years|quarters|months|regions|segments|categories)|every\s+(?:single\s+)?(?:year|quarter|month|region|segment|category)|all\s+(?:of\s+the\s+|the\s+)?(?:two\s+|three\s+|four\s+|2\s+|3\s+|4\s+)?(?:years|quarters|regions|segments|categories))\b/;

/**
 * "how many customers were among the top 100 spenders in both 2024 and 2025": which ones, counted (the count of
 * customers was read in place of the ranking: confidently wrong). The question asks which, and `counted` says to
 * count them. Without every group said ("how many customers were in the top 10 in 2025") the caller refuses: the
 * count of customers was given in its place.
 */
const HOW_MANY_IN =
  /\bhow\s+many\s+(customers|clients|buyers|shoppers|accounts|categories|regions|segments)\s+(were|are|made|ranked|appeared|stayed|remained|landed)\s+(in|among|within)\s+the\s+(top|bottom)\s+(\d+)(?!\d|\s*(?:%|percent|pct))(?:\s+(?:spenders|buyers|customers|clients|shoppers))?/i;

/** The question with "how many ... were in the top N ... in both" asked as which ones, and whether it was. */
export function readCountedInEvery(question: string): { text: string; counted?: true } {
  const said = HOW_MANY_IN.exec(question);
  if (!said) return { text: question };
  const [all, items, verb, into, end, n] = said;
  return { text: question.replace(all, `which ${items} ${verb} ${into} the ${end} ${n}`), counted: true };
}

/** Whether the question asks for the items in a top N of every group, not each group's top N. */
export function inEveryGroup(tokens: readonly Token[]): boolean {
  const text = tokens.map((t) => t.raw).join(' ');
  return MEMBERSHIP.test(text) && EVERY.test(text);
}
