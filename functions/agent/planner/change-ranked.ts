/**
 * "Rank the regions by the dollar growth of their completed-order revenue from 2023 to 2024, biggest growth first",
 * "rank product categories by how much their order count changed from 2023 to 2025, largest increase first": groups
 * ranked by their signed change of one figure between two years, said as the planner reads it ("rank regions by
 * change in completed-order revenue from 2023 to 2024": the largest signed change first, a fall below every rise).
 * Was refused ("growth first", "order count"). A ranking said smallest first, or in percent, is left as it was.
 */
const YEAR = String.raw`((?:19|20)\d\d)`;
const MEASURE = String.raw`((?:[a-z]+-[a-z]+\s+)?(?:revenue|sales|spend|order\s+count|number\s+of\s+orders|orders|average\s+order\s+value|aov))`;
const DOLLARS = String.raw`(?:\s+in\s+(?:dollars|\$|absolute\s+terms))?`;
const FIRST = String.raw`(?:\s*[,;-]?\s*(?:with\s+the\s+)?(?:biggest|largest|highest|greatest|most)\s+(?:growth|increase|gain|change|rise)\s+(?:first|on\s+top|at\s+the\s+top))?`;
const SHAPES = [
  // "rank the regions by the dollar growth of their revenue from 2023 to 2024"
  new RegExp(
    String.raw`\brank\s+(?:the\s+|our\s+|my\s+)?([a-z]+(?:\s+[a-z]+)?)\s+by\s+(?:the\s+|their\s+)?(?:dollar\s+(?:growth|change|increase)|(?:growth|change|increase)\s+in\s+dollars)\s+(?:of|in)\s+(?:their\s+|its\s+)?${MEASURE}\s+from\s+${YEAR}\s+to\s+${YEAR}${FIRST}`,
    'i',
  ),
  // "rank the categories by how much their order count changed (in dollars) from 2023 to 2025"
  new RegExp(
    String.raw`\brank\s+(?:the\s+|our\s+|my\s+)?([a-z]+(?:\s+[a-z]+)?)\s+by\s+how\s+much\s+(?:their\s+|its\s+)?${MEASURE}\s+(?:grew|rose|increased|changed|went\s+up)${DOLLARS}\s+from\s+${YEAR}\s+to\s+${YEAR}${DOLLARS}${FIRST}`,
    'i',
  ),
];

const said = (measure: string) =>
  measure
    .replace(/\s+/g, ' ')
    .replace(/\border count\b|\bnumber of orders\b/i, 'orders')
    .replace(/\baov\b/i, 'average order value');

/** The question with groups ranked by their change in the planner's words, or as it was. */
export function readChangeRanked(question: string): string {
  if (/%|\bper\s*cent|\bpercent(?:age)?\b/i.test(question)) return question;
  for (const shape of SHAPES) {
    const m = shape.exec(question);
    if (!m?.[1] || !m[2] || !m[3] || !m[4] || Number(m[3]) >= Number(m[4])) continue;
    return `${question.slice(0, m.index)}rank ${m[1]} by change in ${said(m[2])} from ${m[3]} to ${m[4]}${question.slice(m.index + m[0].length)}`;
  }
  return question;
}
