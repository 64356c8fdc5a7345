/**
 * An entity's figure against the average entity's (issue 29, counts per entity): "how many customers spent more than
 * the average customer", "customers with fewer orders than the average one in 2025", "above-average spenders". The
 * words are read away as a condition on a stand-in number (`more than 1`) for the ordinary reading of the rest; the
 * caller then sets `having.vsAverage` on the one plain condition it reads, and the query compares each entity's
 * figure with the average of the same figures (sql-second.ts). Anything else is refused: the average of an order
 * ("more than the average order value") is a figure of rows, which this is not.
 */
import type { Plan } from './plan';
import { yearPeriod } from './vocabulary';

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

const DOWN = new Set(['less', 'fewer', 'lower', 'smaller', 'below', 'under']);

/** The stand-in of "more (orders) than the average one": "more than 1 orders", "less than 1" (the caller's level). */
const thanOne = ([, word = '', noun]: RegExpExecArray) =>
  `${DOWN.has(word.toLowerCase()) ? (noun ? 'fewer' : 'less') : 'more'} than 1${noun ? ` ${noun}` : ''}`;

/**
 * "more than the median customer", "above the median", "spent less than the median one did": against the median
 * entity's figure. Only where people are what is counted or listed (orders above the median order are refused by
 * second-order.ts, "a count against a percentile").
 */
const THAN_MEDIAN = new RegExp(
  String.raw`\b${MORE}\s+(?:(orders|purchases)\s+)?than\s+(?:the|our|a)\s+median${ENTITY}${VERB}\b${NOT_ENTITY}`,
  'i',
);
const ABOVE_MEDIAN = new RegExp(
  String.raw`\b(above|below|over|under)[\s-]+(?:the\s+)?median\b${NOT_ENTITY}`,
  'i',
);

/** A row's noun after the average ("the average order value", "the average sale"): the average of rows. */
const ROW_AVERAGE = String.raw`(?:the\s+|our\s+|an?\s+)?(?:((?:19|20)\d\d)(?:['’]s)?\s+)?(?:average|avg|mean|typical)(?:\s+(?:order|sale|purchase|transaction))?(?:\s+(?:value|amount|size|total|aov))?`;
/**
 * "orders above the average order value", "orders bigger than the average order", "how many orders in 2025 were
 * below average": rows against the average row of the same scope. Only where orders (not people) are what is
 * counted or listed. With a year before it ("bigger than the 2024 average order value"), the average row of that
 * year's rows instead.
 */
const ROWS_AGAINST_AVERAGE = new RegExp(
  String.raw`\b(?:(above|below|over|under)[\s-]+|(bigger|larger|greater|higher|smaller|lower|more|less)\s+than\s+)${ROW_AVERAGE}\b(?!\s+(?:customer|client|buyer|account|shopper|person|one)\b)`,
  'i',
);
const ROWS = /\b(?:orders|sales|purchases|transactions)\b/i;
const PEOPLE = /\b(?:customers?|clients?|buyers?|accounts?|shoppers?|people|spenders?)\b/i;

/**
 * The question with the comparison to the average read as one to a stand-in number, and whether it was there:
 * of an entity ("more than the average customer") or of the rows themselves (`'rows'`: "orders above the average
 * order value", as an amount above $1 the caller sets against the average: againstAverageRow).
 */
export function readAboveAverage(question: string): {
  text: string;
  average?: true | 'median' | 'rows';
  /** The year of the average row, when said before it ("the 2024 average order value"). */
  averageYear?: number;
} {
  const rows = ROWS_AGAINST_AVERAGE.exec(question);
  if (rows && ROWS.test(question) && !PEOPLE.test(question)) {
    const [said, bound = '', than = '', year] = rows;
    const down = /^(?:below|under|smaller|lower|less)$/i.test(bound || than);
    const text = question.replace(said, down ? 'under $1' : 'over $1');
    return { text, average: 'rows', ...(year ? { averageYear: Number(year) } : {}) };
  }
  // Against the median one where people are counted, then against the average one.
  const levels = [
    ...(PEOPLE.test(question)
      ? [{ than: THAN_MEDIAN, above: ABOVE_MEDIAN, average: 'median' as const }]
      : []),
    { than: THAN_AVERAGE, above: ABOVE_AVERAGE, average: true as const },
  ];
  for (const { than, above, average } of levels) {
    const said = than.exec(question);
    if (said) return { text: question.replace(said[0], thanOne(said)), average };
    const bound = above.exec(question);
    if (bound)
      return {
        text: question.replace(bound[0], DOWN.has((bound[1] ?? '').toLowerCase()) ? 'under 1' : 'over 1'),
        average,
      };
  }
  return { text: question };
}

/**
 * The plan with its condition set against the average entity's figure, or why it cannot be: one plain condition on
 * one measure of each entity, counted, listed or shared, over no breakdown of its own.
 */
export function againstAverage(plan: Plan, level: true | 'median' = true): Plan | string {
  const h = plan.having;
  const misfit =
    "I can compare each customer's figure with the average customer's (counted, listed or as a share), not in this question";
  if (h?.value !== 1 || !['>', '>=', '<', '<='].includes(h.op)) return misfit;
  if (h.clauses || h.spread || h.versus || h.rank || h.and || h.rows || h.grain || h.rankBy) return misfit;
  if (plan.dimensions.length > 0 || plan.grain || plan.compare || plan.top || plan.share) return misfit;
  return { ...plan, having: { ...h, vsAverage: level } };
}

/**
 * The plan with its stand-in amount bound ($1) set against the average amount of the same rows in the same scope,
 * or why it cannot be: one bound, no breakdown over time or periods compared (each would have its own average).
 */
export function againstAverageRow(plan: Plan, year?: number): Plan | string {
  const misfit =
    'I can count or list the orders above (or below) the average order of the same period and filters, not in this question';
  const [bound, ...others] = plan.numberFilters;
  if (!bound || others.length > 0 || bound.value !== 1 || !['>', '<'].includes(bound.op)) return misfit;
  if (
    plan.grain ||
    plan.compare ||
    plan.anyOf ||
    plan.share ||
    plan.percentile ||
    plan.having ||
    plan.perEntity
  )
    return misfit;
  if (plan.change || plan.also || plan.withinWinner || plan.rankedIn) return misfit;
  const of = year === undefined ? {} : { averageOf: yearPeriod(year) };
  return { ...plan, numberFilters: [{ ...bound, vsAverage: true, ...of }] };
}
