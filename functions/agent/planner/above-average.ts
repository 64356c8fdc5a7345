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

/**
 * A row's noun after the average ("the average order value", "the average sale"): the average of rows; or after the
 * median or a percentile ("the median order amount", "the median 2025 order", "the 90th percentile of order
 * amounts"): that level of the same rows.
 */
const ROW_AVERAGE = String.raw`(?:the\s+|our\s+|an?\s+)?(?:((?:19|20)\d\d)(?:['’]s)?\s+)?(?:average|avg|mean|typical|(median)|(\d{1,2})(?:st|nd|rd|th)[\s-]+percentile|p(\d{2}))(?:\s+((?:19|20)\d\d))?(?:\s+(?:of\s+)?(?:the\s+)?(?:((?:19|20)\d\d)\s+)?(?:order|sale|purchase|transaction)s?)?(?:\s+(?:value|amount|size|total|aov)s?)?`;
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
/**
 * "orders in the top 10% by amount", "the biggest 5% of orders by value", "the bottom 20% of orders by size": the
 * rows beyond the matching percentile of the same rows' amounts (the top 10%: above the 90th percentile).
 */
const ROWS_TOP_PERCENT =
  /\b(?:(?:in|among|from)\s+)?the\s+(top|biggest|largest|highest|bottom|smallest|lowest)\s+(\d{1,2}(?:\.\d+)?)\s*(?:%|percent)(?:\s+of\s+(?:(?:our|all|the)\s+)?(?:orders|sales|purchases|transactions))?\s+(?:by|in|on)\s+(?:order\s+)?(?:amount|value|size|dollars?)\b/i;
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
  /** The rows' level is this quantile of them, not their average ("above the median order": 0.5). */
  quantile?: number;
  /** The rows are the first this share of them ranked by the figure ("the top 10% of orders by amount": 0.1). */
  rowShare?: number;
} {
  const topRows = ROWS_TOP_PERCENT.exec(question);
  if (topRows && ROWS.test(question) && !PEOPLE.test(question)) {
    const [said, end = '', n = ''] = topRows;
    const percent = Number(n);
    if (percent > 0 && percent < 100) {
      const top = /^(?:top|biggest|largest|highest)$/i.test(end);
      const text = question.replace(said, top ? 'over $1' : 'under $1');
      return { text, average: 'rows', rowShare: percent / 100 };
    }
  }
  const rows = ROWS_AGAINST_AVERAGE.exec(question);
  if (rows && ROWS.test(question) && !PEOPLE.test(question)) {
    // ("above the 75th percentile of 2024 order amounts": the year said inside, of the rows, is the level's too.)
    const [said, bound = '', than = '', yearBefore, median, nth, pNth, yearAfter, yearOfRows] = rows;
    const year = yearBefore ?? yearAfter ?? yearOfRows;
    const down = /^(?:below|under|smaller|lower|less)$/i.test(bound || than);
    const text = question.replace(said, down ? 'under $1' : 'over $1');
    const percent = Number(nth ?? pNth ?? (median ? 50 : 0));
    // (A percentile of 0 or 100 is the smallest or largest row: no level to hold rows against.)
    if ((nth ?? pNth) && (percent <= 0 || percent >= 100)) return { text: question };
    return {
      text,
      average: 'rows',
      ...(year ? { averageYear: Number(year) } : {}),
      ...(percent ? { quantile: percent / 100 } : {}),
    };
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
export function againstAverageRow(
  plan: Plan,
  year?: number,
  quantile?: number,
  rowShare?: number,
): Plan | string {
  const level =
    quantile === undefined
      ? 'the average order'
      : quantile === 0.5
        ? 'the median order'
        : 'a percentile of orders';
  const misfit = `I can count, list, total or share the orders above (or below) ${level} of the same period and filters, not in this question`;
  const of = {
    ...(year === undefined ? {} : { averageOf: yearPeriod(year) }),
    ...(quantile === undefined ? {} : { quantile }),
    ...(rowShare === undefined ? {} : { rowShare }),
  };
  // ("what share of revenue came from orders above the 90th percentile": the part of a share, against the level of
  // the whole's rows.)
  const numbers = plan.share?.rows?.numbers ?? [];
  if (plan.share?.rows && plan.numberFilters.length === 0 && numbers.length === 1) {
    const [part] = numbers;
    const rows = plan.share.rows;
    if (part?.value !== 1 || !['>', '<'].includes(part.op) || rows.either || rows.period || rows.started)
      return misfit;
    if (plan.share.part || plan.dimensions.length > 0 || plan.grain || plan.compare || plan.anyOf)
      return misfit;
    if (plan.having || plan.perEntity || plan.percentile || plan.change || plan.also) return misfit;
    return {
      ...plan,
      share: { ...plan.share, rows: { ...rows, numbers: [{ ...part, vsAverage: true, ...of }] } },
    };
  }
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
  return { ...plan, numberFilters: [{ ...bound, vsAverage: true, ...of }] };
}
