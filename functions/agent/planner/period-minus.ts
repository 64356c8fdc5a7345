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

/**
 * A part of a year ("H2", "Q4", "the second half", "second-half", "the fourth quarter"): the label the change reader
 * reads ("H2", "Q4") and its first month, for the order of two parts. Undefined when not a part.
 */
const PART = String.raw`(?:h[12]|q[1-4]|(?:the\s+)?(?:first|second|1st|2nd)[-\s]half|(?:the\s+)?(?:first|second|third|fourth|1st|2nd|3rd|4th)[-\s]quarter)`;
const partOf = (text: string): { label: string; month: number } | undefined => {
  const t = text.toLowerCase().replace(/^the\s+/, '');
  const hq = /^([hq])([1-4])$/.exec(t);
  if (hq?.[1] && hq[2]) {
    const n = Number(hq[2]);
    if (hq[1] === 'h') return n <= 2 ? { label: `H${n}`, month: n === 1 ? 1 : 7 } : undefined;
    return { label: `Q${n}`, month: 3 * (n - 1) + 1 };
  }
  const ordinal = ['first', 'second', 'third', 'fourth'];
  const short = ['1st', '2nd', '3rd', '4th'];
  const m = /^(\w+)[-\s](half|quarter)$/.exec(t);
  if (!m?.[1]) return undefined;
  const n = Math.max(ordinal.indexOf(m[1]), short.indexOf(m[1])) + 1;
  if (n < 1) return undefined;
  if (m[2] === 'half') return n <= 2 ? { label: `H${n}`, month: n === 1 ? 1 : 7 } : undefined;
  return { label: `Q${n}`, month: 3 * (n - 1) + 1 };
};
const PART_SHAPES = [
  // "Q4 2025 revenue minus Q1 2025 revenue", "second-half 2024 revenue minus its first-half 2024 revenue"
  new RegExp(
    String.raw`\b(${PART})(?:\s+of)?\s+(20\d\d)?(?:['’]s)?\s*${MEASURE}${MINUS}(?:its\s+|their\s+|my\s+|our\s+)?(${PART})(?:\s+of)?(?:\s+(20\d\d))?(?:['’]s)?(?:\s+${MEASURE})?\b`,
    'i',
  ),
  // "revenue in the second half of 2024 minus the first half", "orders in Q4 2025 minus in Q1 2025"
  new RegExp(
    String.raw`\b${MEASURE}\s+(?:in|for|of|during)\s+(${PART})(?:\s+of)?\s+(20\d\d)${MINUS}(?:${MEASURE}\s+)?(?:(?:in|for|of|during)\s+)?(?:the\s+)?(${PART})(?:(?:\s+of)?\s+(20\d\d))?\b`,
    'i',
  ),
];
/** "give me H2 minus H1", "(H2 minus H1)": the sign of a comparison said again, with no measure of its own. */
const SIGN_ASIDE = new RegExp(
  String.raw`(?:^|(?<=[.?!;,(]))\s*(?:(?:so\s+)?(?:give\s+me|i\s+want|i\s+need|i\.e\.?|that\s+is,?|as|show)\s+)?(?:the\s+)?(${PART})\s+minus\s+(?:the\s+)?(${PART})\s*(?:[.?!)]|$)`,
  'i',
);

/** The parts of one year said with "minus": the change between them, or why it is refused; undefined when none. */
function readPartMinus(question: string): { text: string } | { refuse: string } | undefined {
  for (const [i, shape] of PART_SHAPES.entries()) {
    const m = shape.exec(question);
    if (!m) continue;
    const [laterPart, laterYear, measure, earlierPart, earlierYear, again] =
      i === 0 ? [m[1], m[2], m[3], m[4], m[5], m[6]] : [m[2], m[3], m[1], m[5], m[6], m[4]];
    const late = partOf(laterPart ?? '');
    const early = partOf(earlierPart ?? '');
    const year = laterYear ?? earlierYear;
    if (!late || !early || !measure || !year) continue;
    if (laterYear && earlierYear && laterYear !== earlierYear) continue;
    if (again && same(again) !== same(measure)) continue;
    if (late.label[0] !== early.label[0]) continue;
    if (late.month <= early.month)
      return {
        refuse: `"${m[0]}" is an earlier period's figure minus a later one's: I answer the change from the earlier period to the later one (later minus earlier); ask for that`,
      };
    const text = `${question.slice(0, m.index)}${same(measure)} change from ${early.label} ${year} to ${late.label} ${year}${question.slice(m.index + m[0].length)}`;
    return { text };
  }
  // ("how much more or less revenue in H2 2025 than in H1? Give me H2 minus H1.": the sign said again.)
  const aside = SIGN_ASIDE.exec(question);
  if (aside && /\bthan\b/i.test(question.slice(0, aside.index))) {
    const late = partOf(aside[1] ?? '');
    const early = partOf(aside[2] ?? '');
    if (!late || !early || late.label[0] !== early.label[0]) return undefined;
    if (late.month <= early.month)
      return {
        refuse: `"${aside[0].trim()}" is an earlier period's figure minus a later one's: I answer the change from the earlier period to the later one (later minus earlier); ask for that`,
      };
    return {
      text: `${question.slice(0, aside.index)}${question.slice(aside.index + aside[0].length)}`.trim(),
    };
  }
  return undefined;
}

/** The question with a year-minus-year figure said as the change it is, or why it is refused. */
export function readPeriodMinus(question: string): { text: string } | { refuse: string } {
  const part = readPartMinus(question);
  if (part) return part;
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
