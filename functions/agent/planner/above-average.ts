/**
 * An entity's figure against the average entity's (issue 29, counts per entity): "how many customers spent more than
 * the average customer", "customers with fewer orders than the average one in 2025", "above-average spenders". The
 * words are read away as a condition on a stand-in number (`more than 1`) for the ordinary reading of the rest; the
 * caller then sets `having.vsAverage` on the one plain condition it reads, and the query compares each entity's
 * figure with the average of the same figures (sql-second.ts). Anything else is refused: the average of an order
 * ("more than the average order value") is a figure of rows, which this is not.
 */
import type { Plan } from './plan';

const MORE = '(more|less|fewer|higher|lower|bigger|larger|smaller|greater)';
const AVERAGE = String.raw`(?:the|an?|our)\s+(?:average|avg|mean|typical)`;
const ENTITY = String.raw`(?:\s+(?:customer|client|buyer|account|shopper|person|one)(?:['’]s)?)?`;
const VERB = String.raw`(?:\s+(?:does|did|do|has|had|spends?|spent|places?|placed))?`;
/** What the average of a row is ("the average order value"): not of an entity. */
const NOT_ENTITY = String.raw`(?!\s+(?:order|orders|amount|value|sale|purchase|aov|basket|price|size|ticket|transaction)\b)`;

/** "more than the average customer", "fewer orders than the average one does". */
const THAN_AVERAGE = new RegExp(
  String.raw`\b${MORE}\s+(?:(orders|purchases)\s+)?than\s+${AVERAGE}${ENTITY}${VERB}\b${NOT_ENTITY}`,
  'i',
);
/** "above average", "below the average", "above-average spenders". */
const ABOVE_AVERAGE = new RegExp(
  String.raw`\b(above|below)[\s-]+(?:the\s+)?(?:average|avg|mean)\b${NOT_ENTITY}`,
  'i',
);

const DOWN = new Set(['less', 'fewer', 'lower', 'smaller', 'below']);

/** The question with the comparison to the average read as one to a stand-in number, and whether it was there. */
export function readAboveAverage(question: string): { text: string; average?: true } {
  const than = THAN_AVERAGE.exec(question);
  if (than) {
    const [said, word = '', noun] = than;
    const stand = `${DOWN.has(word.toLowerCase()) ? (noun ? 'fewer' : 'less') : 'more'} than 1${noun ? ` ${noun}` : ''}`;
    return { text: question.replace(said, stand), average: true };
  }
  const above = ABOVE_AVERAGE.exec(question);
  if (above) {
    const [said, word = ''] = above;
    return {
      text: question.replace(said, DOWN.has(word.toLowerCase()) ? 'under 1' : 'over 1'),
      average: true,
    };
  }
  return { text: question };
}

/**
 * The plan with its condition set against the average entity's figure, or why it cannot be: one plain condition on
 * one measure of each entity, counted, listed or shared, over no breakdown of its own.
 */
export function againstAverage(plan: Plan): Plan | string {
  const h = plan.having;
  const misfit =
    "I can compare each customer's figure with the average customer's (counted, listed or as a share), not in this question";
  if (h?.value !== 1 || !['>', '>=', '<', '<='].includes(h.op)) return misfit;
  if (h.clauses || h.spread || h.versus || h.rank || h.and || h.rows || h.grain || h.rankBy) return misfit;
  if (plan.dimensions.length > 0 || plan.grain || plan.compare || plan.top || plan.share) return misfit;
  return { ...plan, having: { ...h, vsAverage: true } };
}
