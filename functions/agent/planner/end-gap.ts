/**
 * The lowest period or group and how far it lies below the highest, asked in an operations person's words (issue 29,
 * period over period): "which month had the fewest orders, and how far below the busiest was it?", "our quietest
 * month ... and how many fewer than the peak month?", "worst month for revenue and the gap to the top month". Said
 * the way the ranking reader reads both ends ("..., and by how much over the highest": every row, both ends and
 * their gap, members.ts). Only after a low end named first; a gap asked as a percent stays as asked. With both ends
 * named together ("best and worst month of 2024 by revenue, and how far apart were they"), the gap between them is
 * read away: the reading of both ends states it.
 */

/** A low end named before the gap ("fewest", "slowest", "quietest"). */
const LOW_END = /\b(?:fewest|lowest|slowest|quietest|weakest|worst|smallest|least)\b/i;
const HIGH = '(?:busiest|best|top|peak|highest|strongest|biggest|largest)';
const UNIT = String.raw`(?:\s+(?:one|month|quarter|week|day|year|period))?`;
/** ", and how far below the busiest (month) (was it)", "how many fewer (orders) than the peak month". */
const GAP = new RegExp(
  String.raw`\s*,?\s*(?:and\s+)?(?:(?:by\s+)?how\s+(?:far|much)(?:\s+(?:below|behind|under|short\s+of|off|less\s+than))|how\s+many\s+(?:fewer|less)(?:\s+[a-z]+)?\s+than)\s+(?:the\s+|our\s+)?${HIGH}${UNIT}(?:\s+(?:was\s+it|it\s+was|was\s+that))?(?=\s*[?.!]*\s*$)`,
  'i',
);
/** "and the gap to the top month", "and the difference from the strongest". */
const GAP_NOUN = new RegExp(
  String.raw`\s*,?\s*(?:and\s+)?(?:the\s+|its\s+)?(?:gap|difference|shortfall)\s+(?:to|from|with|vs\.?|versus)\s+(?:the\s+|our\s+)?${HIGH}${UNIT}(?=\s*[?.!]*\s*$)`,
  'i',
);

/** Both ends named together ("best and worst", "highest & lowest", "strongest vs weakest"). */
const BOTH_ENDS = new RegExp(
  String.raw`\b(?:${HIGH}|strongest)\s*(?:and|&|vs\.?|versus)\s*(?:worst|lowest|weakest|bottom|smallest|quietest|slowest)\b|\b(?:worst|lowest|weakest|smallest)\s*(?:and|&|vs\.?|versus)\s*${HIGH}\b`,
  'i',
);
/**
 * ", and how far apart were they", "and the difference between them", "and the gap", "and the spread", "and how big was
 * the gap between them in $".
 */
const BOTH_GAP =
  /\s*,?\s*(?:and\s+)?(?:(?:by\s+)?how\s+far\s+apart(?:\s+(?:were|are|was|is)\s+(?:they|the\s+two))?|(?:how\s+(?:big|large|wide)\s+(?:was|is|were)\s+)?(?:the\s+|their\s+)?(?:gap|difference|spread)(?:\s+between\s+(?:them|the\s+two|both))?(?:\s+in\s+(?:\$|dollars))?)(?=\s*[?.!]*\s*$)/i;

/**
 * The question with a gap from the low end to the high end said as "and by how much over the highest"; with both
 * ends named together, a gap asked "between them" is the one the two ends' reading states (read away).
 */
export function readEndGap(question: string): string {
  const both = BOTH_GAP.exec(question);
  if (both && BOTH_ENDS.test(question.slice(0, both.index)))
    return `${question.slice(0, both.index)}${question.slice(both.index + both[0].length)}`;
  const gap = GAP.exec(question) ?? GAP_NOUN.exec(question);
  if (!gap || !LOW_END.test(question.slice(0, gap.index))) return question;
  return `${question.slice(0, gap.index)}, and by how much over the highest${question.slice(gap.index + gap[0].length)}`;
}
