/**
 * "2025 AOV minus 2024 AOV, per region", "orders in 2025 minus orders in 2024": one measure's later year minus an
 * earlier one, said with "minus" (or "less") in the question itself. It is the change the planner reads ("change in
 * aov from 2024 to 2025": both years and the change, b - a), not a word the model lacks (was refused: "nothing for
 * 'aov minus'"). An earlier year minus a later one is the change with its sign turned, which the answer would state
 * the other way round: refused, never answered as the change.
 */

/** A measure said of one year ("average order value", "aov", "revenue", "orders"). */
const MEASURE = String.raw`(average\s+order\s+(?:value|amount|size)|avg\s+order\s+value|aov|revenue|sales|order\s+count|number\s+of\s+orders|orders|total\s+amount)`;
const MINUS = String.raw`\s+(?:minus|less)\s+(?:the\s+)?`;
const SHAPES = [
  // "2025 AOV minus 2024 AOV", "2025 revenue minus 2024"
  new RegExp(
    String.raw`\b(20\d\d)(?:['’]s)?\s+${MEASURE}${MINUS}(20\d\d)(?:['’]s)?(?:\s+${MEASURE})?\b`,
    'i',
  ),
  // "orders in 2025 minus orders in 2024", "aov for 2025 minus 2024"
  new RegExp(
    String.raw`\b${MEASURE}\s+(?:in|for|of)\s+(20\d\d)${MINUS}(?:${MEASURE}\s+)?(?:(?:in|for|of)\s+)?(20\d\d)\b`,
    'i',
  ),
];

const same = (x: string) =>
  x
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^(?:aov|avg order value|average order (?:amount|size))$/, 'average order value')
    .replace(/^(?:order count|number of orders)$/, 'orders')
    .replace(/^(?:sales|total amount)$/, 'revenue');

/** The question with a year-minus-year figure said as the change it is, or why it is refused. */
export function readPeriodMinus(question: string): { text: string } | { refuse: string } {
  for (const [i, shape] of SHAPES.entries()) {
    const m = shape.exec(question);
    if (!m) continue;
    const [later, measure, earlier, again] = i === 0 ? [m[1], m[2], m[3], m[4]] : [m[2], m[1], m[4], m[3]];
    if (!later || !measure || !earlier) continue;
    // ("2025 revenue minus 2024 orders": two measures, no one change.)
    if (again && same(again) !== same(measure)) continue;
    if (Number(later) <= Number(earlier))
      return {
        refuse: `"${m[0]}" is an earlier year's figure minus a later one's: I answer the change from the earlier year to the later one (later minus earlier); ask for that`,
      };
    const text = `${question.slice(0, m.index)}change in ${same(measure)} from ${earlier} to ${later}${question.slice(m.index + m[0].length)}`;
    return { text };
  }
  return { text: question };
}
