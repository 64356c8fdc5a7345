/**
 * An index of one year's figure on another's (tuning set 34, rows): "index each region's 2025 revenue against 2023,
 * with 2023 = 100", "order count index by category: 2024 relative to 2023 (2023 = 100)", "what is my 2025 revenue as
 * an index of 2024 (2024 = 100)?". 100 times the later figure over the base year's, stated beside the change from the
 * base year (sql-second.ts changeQuery). Read as the percent change from the base year to the other (reading.ts marks
 * the plan); an index with no base said, or a base that is not one of the two years, is left as asked (refused).
 */
import type { Plan } from './plan';

const YEAR = '(20\\d\\d)';
/** "with 2023 = 100", "(2023 = 100)", "2023=100", "base 2023 = 100", "2023 as 100", "2023 as the base". */
const BASE = new RegExp(
  String.raw`\s*,?\s*\(?\s*(?:with\s+|where\s+|taking\s+|using\s+|base(?:\s+year)?\s*:?\s*)?${YEAR}\s*(?:=|as|equals?)\s*(?:100|the\s+base(?:\s+year)?)\s*\)?`,
  'i',
);
/** "as an index of 2024", "indexed to 2023", "index against 2023", "relative to 2023". */
const OF = new RegExp(
  String.raw`\s*,?\s*\b(?:as\s+an?\s+index\s+(?:of|on|to|against|vs\.?|versus)|indexed\s+(?:to|on|against)|(?:relative|compared)\s+to|against|vs\.?|versus|over)\s+${YEAR}\b`,
  'i',
);

/** "as a percentage of its 2024 revenue", "as a percent of 2023 revenue", "as a % of the 2023 figure". */
const PERCENT_OF = new RegExp(
  String.raw`\s+as\s+an?\s+(?:percent(?:age)?|%|share)\s+of\s+(?:its|their|the|our|my)?\s*${YEAR}\b([^?.!]*)`,
  'i',
);
const SAME_WORDS_SKIPPED = new Set([
  'its',
  'their',
  'the',
  'our',
  'my',
  'figure',
  'one',
  'value',
  'level',
  's',
]);

/**
 * "each segment's 2025 revenue as a percentage of its 2024 revenue": the same figure of two years, the later over the
 * base, an index by other words; only where the words after "of" name nothing the words before do not (a whole of
 * another figure, "as a percentage of 2024 total revenue" after "electronics revenue", is another question).
 */
function percentOfYear(question: string): { text: string } | undefined {
  const found = PERCENT_OF.exec(question);
  const base = found?.[1];
  if (!found || !base) return undefined;
  const before = question.slice(0, found.index);
  const years = [...new Set([...before.matchAll(/\b(20\d\d)\b/g)].map((m) => m[1]))];
  const [other, ...more] = years;
  if (!other || more.length > 0 || other === base) return undefined;
  const said = (text: string) =>
    text
      .toLowerCase()
      .replace(/['’]s\b/g, ' ')
      .split(/[^a-z]+/)
      .filter((w) => w && !SAME_WORDS_SKIPPED.has(w));
  const left = new Set(said(before));
  if (!said(found[2] ?? '').every((w) => left.has(w))) return undefined;
  return readIndexYears(`${before.replace(/^\s*express\s+/i, '')} indexed to ${base} (${base} = 100)`);
}

export function readIndexYears(question: string): { text: string } | undefined {
  if (!/\bindex(?:ed)?\b/i.test(question)) return percentOfYear(question);
  const base = BASE.exec(question);
  if (!base?.[1]) return undefined;
  let text = question.replace(BASE, ' ');
  const of = OF.exec(text);
  if (of?.[1] && of[1] !== base[1]) return undefined;
  if (of) text = text.replace(OF, ' ');
  const years = [...text.matchAll(/\b(20\d\d)\b/g)].map((m) => m[1]).filter((y) => y !== base[1]);
  const [other, ...more] = [...new Set(years)];
  if (!other || more.length > 0) return undefined;
  const rest = text
    .replace(/\b20\d\d\b/g, ' ')
    .replace(/\b(?:as\s+an?\s+)?index(?:ed)?\b/gi, ' ')
    .replace(/^\s*(?:what(?:['’]s|\s+is|\s+was|\s+were)|give\s+me|show(?:\s+me)?|please)\s+/i, ' ')
    .replace(/\s*[:;,]\s*/g, ' ')
    .replace(/[?.!]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!rest) return undefined;
  return { text: `percent change in ${rest} from ${base[1]} to ${other}` };
}

/** The plan of a change between two periods marked as an index, or undefined when it is no such change. */
export function indexOf(plan: Plan): Plan | undefined {
  const change = plan.change;
  if (!change || plan.compare?.length !== 2 || plan.grain || change.only || change.every || change.cagr)
    return undefined;
  if (plan.top || plan.share || plan.perGroup) return undefined;
  return { ...plan, change: { ...change, index: true } };
}
