/**
 * Definitions given in place (issue 29, unknown words): the asker defines a word and then uses it.
 * "big-ticket = $750 and up: how many big-ticket orders in 2024?", "by 'lapsed' we mean no order in 2025 - how
 * many lapsed customers?", "let's call orders under $50 'small'. share of small orders in 2023?", "define a power
 * user as someone with 20+ orders; how many power users in the west?", "keeper rate = completed orders / all
 * orders, as a %: what was it in 2025 by region?", "how many jumbo orders (i.e. $950 or more) ...". The definition
 * is read (definition-meanings.ts), taken out of the question, and the word (or the "it" that stands for it) is
 * replaced by the planner's words for it, in its own turn and every later one. A definition whose meaning is not
 * read in full refuses the question; one read must also be found in the query planned (its marks), or the
 * question is refused too: a definition is never dropped. A sum's own word defined as rows ("revenue means completed
 * orders only") is the sum of those rows where used; a share of a period's buyers takes the period the question names
 * into its words (buyersShare); a defined rate or figure is said back by its name in the answer (reading.ts).
 */
import type { CatalogCube } from './catalog';
import { cohortDefinition } from './cohort-reader';
import { type Meaning, readMeaning as readRowMeaning } from './definition-meanings';
import { namesFigure } from './filtered-measures';
import { readHours } from './hours';
import { restatedNew } from './new-customers';
import { REPEAT_MONTHS_MARK, repeatMonthBound, repeatMonthsNoun } from './repeat-months';
import { A_YEAR, POOLED, YEARLY } from './seasonal';
import { spelledMeaning } from './spelled-meanings';
import { topPercentMark, topPercentNoun, topPercentSaid } from './top-percent-group';
import { VALUE_SHARE_MARK, valueShareNoun } from './value-share-each';
import { MONTHS } from './vocabulary';

/**
 * The meaning of a definition's words: a condition on rows or customers, a share, or a cohort of customers dated by
 * signup, first or last order ("early birds = customers whose first order was in January 2023").
 */
function readMeaning(said: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  // ("electronics and furniture": values listed for a word are either of them.)
  const listed = /^\s*[a-z][a-z ]*\s+(?:and|&)\s+[a-z][a-z ]*$/i.test(said)
    ? readRowMeaning(said.replace(/\s+(?:and|&)\s+/i, ' or '), catalog)
    : undefined;
  const row = readRowMeaning(said, catalog) ?? (listed?.kind === 'rows' ? listed : undefined);
  if (row) return row;
  const cohort = cohortDefinition(said, catalog);
  return cohort && { kind: 'cohort', noun: cohort.noun, clause: cohort.noun, marks: [cohort.mark] };
}

/**
 * "net revenue = completed revenue minus returned revenue", "define net sales as completed $ less returned $": one
 * figure minus another, left to the reader of two measures where the word is used ("what was net revenue in 2024":
 * "net revenue (completed revenue minus returned revenue) in 2024"), whose query must hold both sides.
 */
function figureMeaning(asked: string): Meaning | undefined {
  const change = changeMeaning(asked);
  if (change) return change;
  // ("completed-order revenue minus the value of returned orders": each side as the figure of its orders.)
  const said = asked
    .replace(/\b([a-z]+)-orders?\s+(revenue|sales|amounts?|value)\b/gi, '$1 $2')
    .replace(
      /\b(?:the\s+)?(?:value|amount|revenue|sales|total)\s+(?:of|from)\s+(?:the\s+)?([a-z]+)\s+orders\b/gi,
      '$1 revenue',
    );
  const m = /^\s*(?:the\s+)?([a-z$][a-z$\s]*?)\s+(?:minus|less)\s+(?:the\s+)?([a-z$][a-z$\s]*?)\s*$/i.exec(
    said,
  );
  if (!m?.[1] || !m[2] || m[1].split(/\s+/).length > 3 || m[2].split(/\s+/).length > 3)
    return ratioMeaning(said);
  const words = `${m[1]} minus ${m[2]}`;
  // ("the average order value minus the median order value": a signed difference of the mean and the median, marked
  // by its column, sql-second.ts.)
  const MEAN = /^(?:average|avg|mean)\b/i;
  const MEDIAN = /^median\b/i;
  if (MEAN.test(m[1]) && MEDIAN.test(m[2]))
    return { kind: 'figure', noun: words, clause: words, marks: ['average_minus_median'] };
  if (MEDIAN.test(m[1]) && MEAN.test(m[2]))
    return { kind: 'figure', noun: words, clause: words, marks: ['_minus_average'] };
  return { kind: 'figure', noun: words, clause: words, marks: ['b_value'] };
}

/** A measure said of one period ("average order value", "revenue", "order count"). */
const PERIOD_MEASURE = String.raw`(average\s+order\s+(?:value|amount|size)|aov|revenue|sales|order\s+count|number\s+of\s+orders|orders)`;
/** "a category's", "its", "the same region's": whose figure it is (the question's breakdown), said on either side. */
const WHOSE = String.raw`(?:(?:the|a|an|each|every|our|its|their|the\s+same)\s+)?(?:[a-z]+['’]s\s+)?`;
const CHANGE_SHAPES = [
  // "a category's 2025 average order value minus its 2023 average order value"
  new RegExp(
    String.raw`^${WHOSE}(20\d\d)\s+${PERIOD_MEASURE}\s+(?:minus|less)\s+${WHOSE}(20\d\d)(?:\s+${PERIOD_MEASURE}|\s+(?:one|figure))?$`,
    'i',
  ),
  // "average order value in 2025 minus average order value in 2024"
  new RegExp(
    String.raw`^${WHOSE}${PERIOD_MEASURE}\s+in\s+(20\d\d)\s+(?:minus|less)\s+${WHOSE}(?:${PERIOD_MEASURE}\s+)?in\s+(20\d\d)$`,
    'i',
  ),
];

/**
 * "a category's 2025 average order value minus its 2023 average order value": one measure's later year minus an
 * earlier one, the change the planner reads ("change in average order value from 2023 to 2025"), whose query must
 * hold both years and the change (b - a). An earlier year minus a later one, or two measures, is no meaning here.
 */
function changeMeaning(said: string): Meaning | undefined {
  const text = said.trim().replace(/\s+/g, ' ');
  const a = CHANGE_SHAPES[0]?.exec(text);
  const b = a ? undefined : CHANGE_SHAPES[1]?.exec(text);
  const [later, measure, earlier, again] = a ? [a[1], a[2], a[3], a[4]] : b ? [b[2], b[1], b[4], b[3]] : [];
  if (!later || !measure || !earlier || Number(later) <= Number(earlier)) return undefined;
  const same = (x: string) => x.toLowerCase().replace(/\s+/g, ' ').replace(/^aov$/, 'average order value');
  if (again && same(again) !== same(measure)) return undefined;
  const words = `change in ${same(measure)} from ${earlier} to ${later}`;
  return {
    kind: 'figure',
    noun: words,
    clause: words,
    marks: ['b - a', `'${earlier}-01-01'`, `'${later}-01-01'`],
    replaces: true,
  };
}

/** A side of a defined ratio: one to three words ending in the figure's noun ("returned revenue", "completed orders"). */
const RATIO_SIDE =
  /^(?:[a-z]+\s+){1,2}(?:revenue|sales|orders|value|aov)$|^[a-z]+\s+(?:average|avg|mean)\s+order\s+(?:value|amount|size)$/i;
/** "in percent", "as a %": the ratio said in percent. */
const IN_PERCENT = /\s*,?\s*(?:as|in)\s+(?:a\s+)?(?:%|percent|percentage|pct)\s*$/i;

/**
 * "returned dollars over completed dollars, in percent", "cancelled orders / completed orders, as a percent": one
 * figure of rows divided by another, in the words the reader of two measures reads ("returned revenue as a % of
 * completed revenue"); each side a figure of its own rows (a share of all of them is share's, definition-meanings.ts).
 */
function ratioMeaning(said: string): Meaning | undefined {
  const percent = IN_PERCENT.test(said);
  const text = said
    .replace(IN_PERCENT, '')
    .replace(/\b([a-z]+)\s+(?:dollars|\$)/gi, '$1 revenue')
    // ("the west's average order value divided by the east's": the figure said once, of both.)
    .replace(
      /^(?:the\s+)?([a-z]+)['’]s\s+([a-z][a-z\s]*?)\s+(\/|÷|divided\s+by|over)\s+(?:the\s+)?([a-z]+)['’]s\s*$/i,
      '$1 $2 $3 $4 $2',
    )
    .replace(/^(?:the\s+)?([a-z]+)['’]s\s+/i, '$1 ')
    .trim();
  const m =
    /^(?:the\s+)?(.+?)\s*(?:\/|÷|\bdivided\s+by\b|\bover\b|\bas\s+(?:an?\s+)?(?:%|percent|percentage|share|proportion)\s+of\b)\s*(?:the\s+)?(.+)$/i.exec(
      text,
    );
  const [a, b] = [m?.[1]?.trim() ?? '', m?.[2]?.trim() ?? ''];
  if (!RATIO_SIDE.test(a) || !RATIO_SIDE.test(b)) return undefined;
  const asShare = percent || /\bas\s+(?:an?\s+)?(?:%|percent|percentage|share|proportion)\s+of\b/i.test(text);
  const words = asShare ? `${a} as a % of ${b}` : `${a} / ${b}`;
  return { kind: 'figure', noun: words, clause: words, marks: ['b_value'] };
}

const MONTH_NAMES =
  'January February March April May June July August September October November December'.split(' ');
/** "2025-11-15": a day in the words the period readers read ("November 15 2025"). */
const isoDaySaid = (said: string) =>
  said.replace(/\b(20\d\d)-(\d\d)-(\d\d)\b/g, (all, y: string, m: string, d: string) => {
    const month = MONTH_NAMES[Number(m) - 1];
    return month && Number(d) >= 1 && Number(d) <= 31 ? `${month} ${Number(d)} ${y}` : all;
  });

/** The people a last-order meaning may begin with ("a customer whose", "an account that", "they"). */
const WHO_FIRST = String.raw`^(?:(?:an?|the|all|any)\s+)?(?:(?:customers?|clients?|accounts?|buyers?|someone|anyone|people|one)\s+)?(?:(?:who|that|whose)\s+)?`;
/** "their most recent order", "the latest order they placed", "its newest purchase": each one's last order. */
const LATEST = String.raw`(?:(?:whose|their|its|his|her|the)\s+)?(?:very\s+)?(?:most\s+recent|latest|last|newest|final)\s+(?:order|purchase)(?:\s+(?:they|he|she|it)\s+(?:placed|made))?(?:\s+date)?`;
const LAST_BEFORE = new RegExp(
  String.raw`${WHO_FIRST}${LATEST}\s+(?:(?:was|is|came|fell|happened|landed)\s+)?(?:(?:placed|made|dated)\s+)?(?:before|predates|predated|prior\s+to|(?:is\s+|was\s+)?(?:older|earlier)\s+than)\s+(.+)$`,
  'i',
);
/** "they have not ordered since the end of September 2025", "no order since the end of Q3 2025". */
const NONE_SINCE_END = new RegExp(
  String.raw`${WHO_FIRST}(?:(?:they|he|she|it)\s+)?(?:(?:(?:have|has|had)\s+not|haven'?t|hasn'?t|hadn'?t)\s+(?:ordered|bought|purchased|placed\s+an?\s+order)(?:\s+anything)?|(?:with\s+|had\s+|have\s+|has\s+)?no\s+(?:orders?|purchases?))\s+since\s+the\s+end\s+of\s+(.+)$`,
  'i',
);

/**
 * "a customer who had not placed any order before March 1, 2023", "with no orders before 2024": no order before a
 * day is a first order on or after it (read by the cohort reader).
 */
const NONE_BEFORE = new RegExp(
  String.raw`${WHO_FIRST}(?:(?:they|he|she|it)\s+)?(?:(?:(?:had|have|has|did)\s+not|hadn'?t|haven'?t|hasn'?t|didn'?t|never)\s+(?:placed\s+(?:an?|any|a\s+single)\s+(?:orders?|purchases?)|place\s+(?:an?|any|a\s+single)\s+(?:orders?|purchases?)|ordered|order|bought|buy|purchased|purchase)(?:\s+(?:anything|at\s+all))*|(?:with\s+|had\s+|have\s+|has\s+)?no\s+(?:orders?|purchases?))\s+(?:before|prior\s+to)\s+(.+)$`,
  'i',
);

/**
 * A customer gone quiet by their latest order, said in other words ("their most recent order was before 1 November
 * 2025", "the latest order they placed predates 2025-11-15", "its newest purchase is older than October 15th 2025",
 * "they have not ordered since the end of September 2025"), in the words the cohort reader reads ("customers whose
 * last order was before ...", "... was September 2025 or earlier"); other words as said.
 */
function lastOrderSaid(said: string): string {
  // ("no order placed on or after October 1, 2025": no order on or after it.)
  const plain = said.replace(
    /\bno\s+(orders?|purchases?)\s+(?:placed|made)\s+(?=(?:on\s+or\s+after|after|since|before|in|during)\b)/gi,
    'no $1 ',
  );
  const text = isoDaySaid(plain.trim().replace(/[‘’]/g, "'"));
  const none = NONE_BEFORE.exec(text);
  if (none?.[1]) return `customers whose first order was on or after ${none[1].trim()}`;
  const before = LAST_BEFORE.exec(text);
  if (before?.[1]) return `customers whose last order was before ${before[1].trim()}`;
  const since = NONE_SINCE_END.exec(text);
  if (since?.[1]) return `customers whose last order was ${since[1].trim()} or earlier`;
  return plain;
}

/**
 * "orders per day", "the average number of orders per calendar day", "revenue per day": a figure per calendar day of
 * the period asked, read where the word is used as the planner's mean per day ("average number of orders per day in
 * 2025", day-means.ts: the period's total over its calendar days), whose query must divide by them. (Said of customers'
 * doings it was "customers who orders per day", never read.)
 */
const PER_DAY =
  /^(?:the\s+)?(?:(?:average|avg|mean)\s+)?(?:(?:number|count|no\.?)\s+of\s+)?(orders?|purchases?|revenue|sales|order\s+count)\s+(?:(?:placed|made|booked|received)\s+)?(?:per|a|each|every)\s+(?:calendar\s+)?day$/i;
/** "revenue divided by the number of calendar days in the period", "orders / days": the same figure per day. */
const OVER_DAYS =
  /^((?:the\s+)?(?:(?:number|count|no\.?)\s+of\s+)?(?:orders?|purchases?|revenue|sales|order\s+count))\s+(?:divided\s+by|over|\/|÷)\s+(?:the\s+)?(?:(?:number|count|no\.?)\s+of\s+)?(?:calendar\s+)?days(?:\s+(?:in|of)\s+(?:the|that|each|its)\s+(?:period|year|quarter|month|span|window))?$/i;
function perDayMeaning(said: string): Meaning | undefined {
  const text = said
    // ("... per calendar day (2024 had 366 days)": the days the asker counts are the calendar days divided by.)
    .replace(
      /\s*\(\s*(?:20\d\d|q[1-4]\s+20\d\d|[a-z]+\s+20\d\d)\s+(?:had|has|is)\s+\d{2,3}\s+(?:calendar\s+)?days\s*\)/i,
      '',
    )
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ');
  const m = PER_DAY.exec(text.replace(OVER_DAYS, '$1 per day'));
  if (!m?.[1]) return undefined;
  const noun = /^(?:revenue|sales)$/i.test(m[1])
    ? 'average revenue per day'
    : 'average number of orders per day';
  return { kind: 'figure', noun, clause: noun, marks: ['_per_day', 'SUM(v) / '], replaces: true };
}

/**
 * "the top 5% of customers by lifetime spend", "the 5% of customers who have spent the most overall": a group of
 * customers by their rank, said where the word is used in the words the group's reader reads (top-percent-group.ts),
 * whose query must cut at that share of the customers.
 */
function topPercentMeaning(said: string): Meaning | undefined {
  const noun = topPercentNoun(said.trim());
  const mark = topPercentMark(said);
  return noun && mark ? { kind: 'people', noun, clause: noun, marks: [mark], spelled: true } : undefined;
}

/**
 * "a month in which a customer ordered more than once", "a calendar month with 2+ orders from the same customer":
 * months of one customer with at least that many orders, counted where the word is used (repeat-months.ts).
 */
function repeatMonthMeaning(said: string): Meaning | undefined {
  const k = repeatMonthBound(said);
  if (k === undefined) return undefined;
  const noun = repeatMonthsNoun(k);
  return { kind: 'figure', noun, clause: noun, marks: [REPEAT_MONTHS_MARK], replaces: true };
}

/**
 * "over 35% of their 2024 spend went to electronics" (customers past a bound), "the part of their lifetime revenue
 * that came from furniture" (the share, bounded where used): each customer's own share of spend on a value
 * (value-share-each.ts).
 */
function valueShareMeaning(said: string): Meaning | undefined {
  const read = valueShareNoun(said);
  if (!read) return undefined;
  return read.people
    ? { kind: 'people', noun: read.noun, clause: read.noun, marks: [VALUE_SHARE_MARK], spelled: true }
    : { kind: 'figure', noun: read.noun, clause: read.noun, marks: [VALUE_SHARE_MARK], replaces: true };
}

/**
 * "leakage means the revenue of returned plus cancelled orders", "write-offs = the combined value of cancelled and
 * returned orders", "bleed is the total amount of cancelled orders", "lost revenue = returned + cancelled order
 * amounts", "the number of returned and cancelled orders", "the average amount of cancelled orders": the sum (count,
 * average) of the rows of those kinds, said in place of the word where used ("what was the revenue of returned and
 * cancelled orders in 2024"; the word was read as a count of customers: confidently wrong). Its query must hold each
 * kind named (a kind the data has not is then refused, never dropped).
 */
const KINDS = String.raw`([a-z]+(?:\s*(?:,|plus|and|or|\+|&)\s*[a-z]+)*)`;
const FIGURE_WORD = String.raw`(revenue|sales|value|amount|dollars|dollar\s+value|number|count|average(?:\s+order)?(?:\s+(?:amount|value|size))?|avg(?:\s+order)?\s+(?:amount|value))`;
const ROWS_FIGURE = new RegExp(
  String.raw`^\s*(?:the\s+)?(?:total\s+|combined\s+|summed\s+|overall\s+)?${FIGURE_WORD}\s+(?:of|from|in|on)\s+(?:the\s+|all\s+)?${KINDS}\s+orders\s*[.!]?\s*$`,
  'i',
);
/** "returned + cancelled order amounts", "the cancelled-order revenue": the kinds first, the figure after. */
const ROWS_FIGURE_AFTER = new RegExp(
  String.raw`^\s*(?:the\s+)?(?:total\s+|combined\s+|summed\s+)?${KINDS}[\s-]+orders?\s+(amounts?|revenue|sales|value|dollars|totals?)\s*[.!]?\s*$`,
  'i',
);
/** The statuses an order may have in the demo model's words, and words that are never a kind of order. */
const NOT_KIND = /^(?:all|any|the|of|orders?|total|every)$/i;
function rowsFigureMeaning(said: string): Meaning | undefined {
  const m = ROWS_FIGURE.exec(said);
  const after = m ? undefined : ROWS_FIGURE_AFTER.exec(said);
  const [word, listed] = m ? [m[1], m[2]] : after ? [after[2], after[1]] : [];
  if (!word || !listed) return undefined;
  const kinds = listed
    .toLowerCase()
    .split(/\s*(?:,|\bplus\b|\band\b|\bor\b|\+|&)\s*/)
    .filter(Boolean);
  if (kinds.length < 1 || kinds.some((k) => NOT_KIND.test(k))) return undefined;
  const figure = /^(?:number|count)$/i.test(word)
    ? 'number'
    : /^(?:average|avg)/i.test(word)
      ? 'average order value'
      : 'revenue';
  const noun = `${figure} of ${kinds.join(' and ')} orders`;
  return { kind: 'figure', noun, clause: noun, marks: kinds.map((k) => `'${k}'`), replaces: true };
}

/** The words left of an hours meaning once its hours are read: the orders it keeps, and how they came in. */
const HOURS_ROWS =
  /^(?:(?:the\s+|all\s+|any\s+)?(?:orders?|ones?|those|purchases?|anything)\s*)?(?:(?:that\s+(?:were|was|are|is|came\s+in|come\s+in)|which\s+(?:were|are))\s+)?(?:(?:placed|created|made|booked|received|submitted|coming\s+in|that\s+came\s+in)\s*)?[.!]?$/i;

/**
 * "ones placed between 05:00 and 08:59 UTC", "orders created from 00:00 to 03:59": orders by the hour of the day
 * (hours.ts), said where the word is used as the orders so placed (the hour reader reads them there); the query must
 * hold the hour of the day. Any other words beside the hours are no meaning here.
 */
function hoursMeaning(said: string): Meaning | undefined {
  const hours = readHours(said);
  if (!hours || 'refuse' in hours || !HOURS_ROWS.test(hours.text.trim())) return undefined;
  const noun = `orders placed ${hours.said}`;
  return { kind: 'rows', noun, clause: noun, marks: ['EXTRACT(HOUR FROM'] };
}

/**
 * "the 30 customers who spent the most over their lifetime", "the 100 customers with the highest lifetime spend", "the
 * top 50 customers by lifetime spend": the first N customers ranked by all their spend, said where the word is used
 * as "the top N customers by lifetime spend". Only the combined share's reading (sql-second.ts: their share of all
 * revenue or orders) is read of them here, by its cut of the ranked rows; any other ask of the group (their spend in
 * a year, their orders' average, a list) plans no such cut and is refused, never answered of a year's ranking.
 */
const TOP_COUNT = [
  /^(?:the\s+)?(?:top\s+)?(\d{1,4})\s+(?:customers|clients|accounts|buyers)\s+(?:with\s+the\s+(?:highest|most|biggest|largest|greatest)\s+(?:lifetime\s+|all[-\s]time\s+|total\s+|overall\s+)?(?:spend|spending|revenue|sales)(?:\s+(?:ever|overall|in\s+total))?|who\s+(?:have\s+|has\s+)?spent\s+the\s+most(?:\s+(?:over\s+their\s+lifetime|overall|ever|in\s+total|of\s+all\s+time))?)$/i,
  /^(?:the\s+)?top\s+(\d{1,4})\s+(?:customers|clients|accounts|buyers)\s+(?:by|in\s+terms\s+of|ranked\s+by)\s+(?:lifetime|total|all[-\s]time|overall)\s+(?:spend|spending|revenue|sales)$/i,
];
/** The noun of a group by its count (`topCountMeaning`). */
const TOP_COUNT_NOUN = /^the top \d+ customers by lifetime spend$/;
function topCountMeaning(said: string): Meaning | undefined {
  const text = said
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ');
  const n = TOP_COUNT.map((r) => r.exec(text)?.[1]).find((x) => x !== undefined);
  if (!n || Number(n) < 1) return undefined;
  const noun = `the top ${Number(n)} customers by lifetime spend`;
  return {
    kind: 'people',
    noun,
    clause: noun,
    marks: ['top_rows AS (SELECT', `LIMIT ${Number(n)})`],
    spelled: true,
  };
}

/**
 * "the largest order amount minus the smallest", "biggest order amount minus the smallest one", "my largest order
 * amount minus my smallest order amount": the range of the order amounts, read where the word is used as the reader
 * of two measures reads it (filtered-measures.ts: one extreme minus the other), whose query must hold both.
 */
const RANGE =
  /^(?:the\s+|my\s+|our\s+)?(?:largest|biggest|highest|max(?:imum)?)\s+(?:single\s+)?order(?:\s+(?:amount|value))?\s+(?:minus|less)\s+(?:the\s+|my\s+|our\s+)?(?:smallest|lowest|min(?:imum)?)(?:\s+(?:one|single\s+order|order(?:\s+(?:amount|value))?))?$/i;
function rangeMeaning(said: string): Meaning | undefined {
  if (
    !RANGE.test(
      said
        .trim()
        .replace(/[.!]+$/, '')
        .replace(/\s+/g, ' '),
    )
  )
    return undefined;
  const noun = 'largest order amount minus smallest order amount';
  return { kind: 'figure', noun, clause: noun, marks: ['MAX(a_m)', 'MIN(b_m)'], replaces: true };
}

/**
 * "the calendar day with the highest order count", "the single day with the most revenue", "the month with the
 * lowest revenue": the one period of a unit ranked first (or last) by its orders or revenue, said as the ranked
 * periods' reader reads it ("top day by orders", "bottom month by revenue"). Any other figure is not read here.
 */
const TOP_PERIOD =
  /^(?:the\s+)?(?:(?:single|one|1)\s+)?(?:calendar\s+)?(day|week|month|quarter)\s+(?:with|that\s+(?:had|has|saw|brought\s+in)|which\s+(?:had|has|saw)|of)\s+the\s+(most|highest|largest|biggest|greatest|fewest|lowest|least|smallest)\s+(.+?)$/i;
const TOP_FIGURES: [RegExp, string][] = [
  [/^(?:orders|order\s+count|number\s+of\s+orders|count\s+of\s+orders)$/i, 'orders'],
  [
    /^(?:(?:total\s+)?(?:revenue|sales)|total\s+order\s+(?:value|amount)|order\s+value|total\s+amount)$/i,
    'revenue',
  ],
];
function topPeriodMeaning(said: string): Meaning | undefined {
  const m = TOP_PERIOD.exec(said.trim().replace(/[.!]+$/, ''));
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  const figure = TOP_FIGURES.find(([re]) => re.test(m[3]?.trim() ?? ''))?.[1];
  if (!figure) return undefined;
  const top = /^(?:most|highest|largest|biggest|greatest)$/i.test(m[2]);
  const unit = m[1].toLowerCase();
  const noun = `${top ? 'top' : 'bottom'} ${unit} by ${figure}`;
  return {
    kind: 'periods',
    noun,
    clause: noun,
    marks: [`date_trunc('${unit}'`, top ? ' DESC' : ' ASC'],
    topFigure: figure,
  };
}

/** A meaning read here, or spelled out for the ordinary readers ("customers who placed ...", spelled-meanings.ts). */
const meaningOf = (asked: string, catalog: readonly CatalogCube[]) => {
  const said = lastOrderSaid(asked);
  return (
    topPeriodMeaning(said) ??
    rowsFigureMeaning(said) ??
    hoursMeaning(said) ??
    topCountMeaning(said) ??
    rangeMeaning(said) ??
    perDayMeaning(said) ??
    topPercentMeaning(said) ??
    repeatMonthMeaning(said) ??
    valueShareMeaning(said) ??
    readMeaning(said, catalog) ??
    figureMeaning(said) ??
    spelledMeaning(said) ??
    countOfPeople(said, catalog)
  );
};

/** An order count said alone ("more than 55 orders overall", "10+ orders in 2025"): each customer's. */
const ORDER_COUNT =
  /^(?:(?:more|fewer|less)\s+than|over|under|at\s+least|at\s+most|no\s+(?:more|fewer)\s+than)?\s*\d+\+?\s+(?:or\s+(?:more|fewer|less)\s+)?orders?\b/i;

/**
 * "frequent = more than 55 orders overall": an order count said with no one it is of, read as each customer's (the
 * people's meaning, "customers with more than 55 orders overall"); anything else is no meaning.
 */
function countOfPeople(said: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  if (!ORDER_COUNT.test(said.trim())) return undefined;
  const meaning = readMeaning(`customers with ${said.trim()}`, catalog);
  return meaning?.kind === 'people' ? meaning : undefined;
}

/** A word defined in the thread, with what it means. */
export interface Definition {
  term: string;
  meaning: Meaning;
  /** The word is also one of the model's ("small" of "small business"): it stands only before its noun. */
  clashes?: true;
  /** The word is a sum's own ("revenue") defined as rows: where used, the sum of those rows ("revenue from ..."). */
  summed?: true;
}

export type Defined =
  | { kind: 'read'; questions: string[]; used: Definition[] }
  | { kind: 'refuse'; reason: string };

const QUOTED = `["'‘“]?`;
const UNQUOTED = `["'’”]?`;
/** A question's or a verb's first word, which begins no defined word ("why are customers churning"). */
const NOT_TERM = String.raw`(?!(?:why|what|how|which|who|whom|whose|when|where|are|is|do|does|did|can|could|should|would|will|show|list|give|tell)\b)`;
/** A word that opens a clause about the people, never a word of a defined term ("customers whose total revenue ..."). */
const IN_TERM = String.raw`(?!(?:whose|who|which|that|with|where|whom)\b)`;
/** The defined word: one to three words, perhaps hyphenated or quoted. */
const TERM = String.raw`${QUOTED}${NOT_TERM}([a-z][a-z0-9-]*(?:\s+${IN_TERM}[a-z][a-z0-9-]*){0,2})${UNQUOTED}(?:\s+(?:orders?|customers?|clients?|accounts?|buyers?|revenue|sales)\b)?`;
/** Where the definition holds, between the word and its verb ("'net sales' here means ..."): no condition. */
const WHERE_SAID = String.raw`(?:\s+(?:here|internally|for\s+(?:us|me|now)|in\s+(?:this|my|our)\s+(?:deck|report|memo|pack|review)))?`;

/** Each shape of a definition in one clause, the term's and the meaning's groups. */
const SHAPES: { shape: RegExp; term: number; meaning: number; weak?: true }[] = [
  // "big-ticket = $750 and up", "cancel ratio := ...", "big basket means ..."
  {
    shape: new RegExp(
      String.raw`^(?:where\s+)?(?:(?:a|an|the|my|our)\s+)?${TERM}${WHERE_SAID}\s*(?::=|=|\bmeans\b)\s*(.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
  },
  // "..., big-ticket meaning $800 or more", "whales being customers with ...", "with order density meaning ..." (weak:
  // "the west being our biggest")
  {
    shape: new RegExp(
      String.raw`^(?:where\s+|with\s+)?(?:(?:a|an|the|my|our)\s+)?${TERM}${WHERE_SAID},?\s+(?:meaning|being|stands\s+for)\s+(.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "a regular is a customer who ...", "whales are customers with ...": only with the people or rows named
  {
    shape: new RegExp(
      String.raw`^(?:where\s+)?(?:(?:a|an|the|my|our)\s+)?${TERM}\s+(?:is|are)\s+((?:an?\s+|any\s+|all\s+|the\s+(?:number|count)\s+of\s+|the\s+(?=ones?\b)|the\s+(?=[a-z]+(?:\s*(?:,|and|or|plus|&)\s*[a-z]+)*\s+ones\b))?(?:(?=[a-z]+(?:\s*(?:,|and|or|plus|&)\s*[a-z]+)*\s+ones\b)|(?:calendar\s+(?=months?\b))?(?:customers?|clients?|accounts?|buyers?|orders?|someone|anyone|purchases?|those|ones?|anything|days?|weeks?|months?|quarters?|revenue|sales)\b).*)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "our record day is the calendar day with the highest order count", "a peak day is the single day with the most
  // revenue": one period ranked first or last (weak: read only when its words are)
  {
    shape: new RegExp(
      String.raw`^(?:where\s+)?(?:(?:a|an|the|my|our)\s+)?${TERM}\s+(?:is|are)\s+(the\s+(?:(?:single|one)\s+)?(?:calendar\s+)?(?:day|week|month|quarter)\s+(?:with|that\s+had|which\s+had|of)\s+the\s.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "a decliner spent less in 2024 than in 2023", "a peak day has more orders than ...": one of the word, and what it
  // did (weak: a definition only when its words are read or the word is used again)
  {
    shape: new RegExp(
      String.raw`^(?:where\s+)?(?:a|an)\s+${TERM}\s+((?:spent|placed|ordered|bought|purchased|has|had)\s+.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "our 'core' categories are electronics and furniture", "the 'big' regions are east and west": values of a member
  {
    shape:
      /^(?:(?:a|an|the|my|our)\s+)?["'‘“]([a-z][a-z0-9-]*(?:\s+[a-z][a-z0-9-]*){0,2})["'’”]\s+(?:categories|category|regions?|segments?|statuses|status|types?|kinds?)\s+(?:are|is|=|means?)\s+(.+)$/i,
    term: 1,
    meaning: 2,
  },
  // "by 'lapsed' we mean no order in 2025", "by dead orders I mean cancelled ones"
  {
    shape: new RegExp(String.raw`^by\s+${TERM}\s+(?:we|i)\s+(?:just\s+)?mean\s+(.+)$`, 'i'),
    term: 1,
    meaning: 2,
  },
  // "treat net sales as completed sales minus returned sales": a figure (or rows) said as the word's meaning
  {
    shape: new RegExp(
      String.raw`^(?:let'?s\s+|(?:we|i)\s+)?treat\s+(?:(?:a|an|the)\s+)?${TERM}\s+as\s+(.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
  },
  // "whales are the top 5% of customers by lifetime spend", "my whales are my top 10% of ...": a group by rank (weak:
  // read only when its words are)
  {
    shape: new RegExp(
      String.raw`^(?:(?:a|an|the|my|our)\s+)?${TERM}\s+(?:is|are)\s+((?:the\s+|my\s+|our\s+)?(?:top\s+)?\d{1,2}(?:\.\d+)?\s*(?:%|percent)\s.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "a customer's furniture share is the part of their lifetime revenue that came from furniture": a share of each
  // customer's own spend (weak: read only when its words are)
  {
    shape: new RegExp(
      String.raw`^(?:(?:a|an|the|my|our|each)\s+)?(?:customer['’]s\s+)?${TERM}\s+(?:is|=|means)\s+((?:the\s+)?(?:share|percent(?:age)?|proportion|fraction|part|portion)\s+of\s+(?:their|its|a\s+customer['’]s)\s.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "bounce rate is bounced orders / all orders": a figure of two sides (weak: read only when its words are)
  {
    shape: new RegExp(
      String.raw`^(?:where\s+)?(?:(?:a|an|the|my|our)\s+)?${TERM}\s+(?:is|are)\s+(.+?\s(?:\/|÷|divided\s+by|over|out\s+of|minus|less)\s.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "a jumbo order is over $950", "small orders are anything under $100": rows by an amount (weak: read only when
  // its words are)
  {
    shape: new RegExp(
      String.raw`^(?:where\s+)?(?:(?:a|an|the|my|our)\s+)?${TERM}\s+(?:is|are)\s+((?:(?:any(?:thing)?|one|those|ones)\s+)?(?:over|above|under|below|more\s+than|less\s+than|at\s+least|at\s+most|of|\$\s*\d)\s*.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "bleed is the total amount of cancelled orders", "shrinkage is the revenue of returned orders": a figure of rows
  // (weak: read only when its words are)
  {
    shape: new RegExp(
      String.raw`^(?:where\s+)?(?:(?:a|an|the|my|our)\s+)?${TERM}\s+(?:is|are)\s+((?:the\s+)?(?:total\s+|combined\s+|summed\s+|overall\s+)?(?:revenue|sales|value|amount|dollars|dollar\s+value|number|count|average|avg|(?:average|avg|mean)\s+(?:number|count|amount|value))\s+(?:of|from|in|on)\s.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
    weak: true,
  },
  // "define a power user as someone with 20+ orders", "let's define X as ...", "we define X as ..."
  {
    shape: new RegExp(
      String.raw`^(?:let'?s\s+|(?:we|i)\s+)?define\s+(?:(?:a|an|the)\s+)?${TERM}\s+as\s+(.+)$`,
      'i',
    ),
    term: 1,
    meaning: 2,
  },
];

/**
 * "call customers who joined in December 2022 the holiday signups": the term unquoted, last (weak: a definition
 * only when its words are read).
 */
const CALL_BARE =
  /^(?:let'?s\s+|we(?:'ll)?\s+|i(?:'ll)?\s+)?call\s+(.+?)\s+(?:the|a|an|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})$/i;

/**
 * "we call customers with more than $13,000 of spend in 2023 whales": the people or rows first, the word last and
 * unquoted (weak: a definition only when its words are read).
 */
const CALL_PLURAL =
  /^(?:let'?s\s+|we(?:'ll)?\s+|i(?:'ll)?\s+)?call\s+((?:customers|clients|buyers|accounts|orders)\s+.+?)\s+([a-z][a-z-]*s)$/i;

/**
 * A nickname with its definition in parentheses after it ("the stragglers (customers whose first purchase was in
 * July 2023 or later)", "late joiners (first order in June 2023 or after)"): one to three words before the
 * parenthesis, read as a definition only when the words inside are a cohort's.
 */
const NICKNAMED = /\b((?:[a-z0-9][a-z0-9-]*\s+){0,2}[a-z][a-z-]*)\s*\(\s*([^()]+?)\s*\)/gi;

/** "let's call orders under $50 'small'", "let's call anything under $100 a 'cheap order'": the term quoted. */
const CALL =
  /^(?:(?:let'?s|we(?:'ll)?|i(?:'ll)?)\s+)?call\s+(.+?)\s+(?:(?:a|an)\s+)?["'‘“]([^"'’”]{1,40})["'’”](.*)$/i;

/** "let's call 'basket drift' a category's 2025 AOV minus its 2023 AOV": the quoted term first, its meaning after. */
const CALL_QUOTED_FIRST =
  /^(?:(?:let'?s|we(?:'ll)?|i(?:'ll)?)\s+)?call\s+["'‘“]([^"'’”]{1,40})["'’”]\s+(.+)$/i;

/** "call a whale any customer who spent over $40k", "let's call 'regulars' all customers with ...": the term first. */
const CALL_ANY =
  /^(?:let'?s\s+|we(?:'ll)?\s+|i(?:'ll)?\s+)?call\s+(?:(?:a|an|the)\s+)?["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)["'’”]?\s+((?:any|every|each|all)\s+(?:customers?|clients?|accounts?|buyers?|orders?|purchases?)\b.+)$/i;

/**
 * "a loyal customer has ordered in every quarter of 2024", "a lapsed account had no order in 2025": what one of them
 * did, said of the people (weak: read only when its meaning is).
 */
const ONE_HAS =
  /^(?:a|an)\s+["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)["'’”]?\s+(customer|client|account|buyer)\s+(?:is\s+one\s+(?:who|that)\s+)?(has|had|made|placed|spent|bought|ordered|purchased)\s+(.+)$/i;

/** A clause boundary: sentence ends, a colon (not a time's, "05:59") or semicolon, a spaced dash, ", where". */
const BOUNDARY =
  /(\s*(?:(?<!\b\d{1,2}):(?!=|\d\d\b)|;|\?|!|\.(?=\s|$)|\s[-–—]+\s|,\s*(?=where\s)|,\s*(?=(?:(?:a|an|the)\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s+(?:being|meaning)\s)|,\s*(?=(?:(?:a|an|the)\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*(?::=|=)\s))\s*)/i;

/** A word for people by what they do ("big spenders", "top buyers", "repeat shoppers", "key accounts"). */
const PEOPLE_TERM = /\b(?:spenders|buyers|shoppers|purchasers|customers|clients|accounts|regulars)$/i;

/** "jumbo orders (i.e. $950 or more)", "dormant customers (i.e. no orders in H2 2025)". */
const GLOSSED =
  /\b([a-z][a-z-]*)\s+(orders?|customers?|clients?|accounts?|buyers?)\s*\(\s*(?:i\.?\s?e\.?|meaning|that\s+is|=)\s*,?\s*([^()]+?)\s*\)/i;

/**
 * What a glossed word of people means: its gloss when that is read as people ("dormant customers (i.e. no orders in
 * H2 2025)"), or the people with it ("loyal customers (i.e. 2 or more orders)": customers with 2 or more orders,
 * never orders of $2 or more, confidently wrong). Rows read for people are no meaning of theirs.
 */
function saidOf(noun: string, said: string, catalog: readonly CatalogCube[]): string | undefined {
  const meaning = meaningOf(said, catalog);
  if (!/^(?:customers?|clients?|accounts?|buyers?)$/i.test(noun)) return meaning ? said : undefined;
  if (meaning && meaning.kind !== 'rows') return said;
  const theirs = `customers with ${said}`;
  return meaningOf(theirs, catalog)?.kind === 'people' ? theirs : undefined;
}

/** "whales, i.e. the top 10% of customers by lifetime spend": a word, a comma, "i.e." and its meaning to the end. */
const IE_GLOSSED =
  /\b([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*,\s*(?:i\.?\s?e\.?|that\s+is|namely)\s*,?\s+([^?;()]+?)\s*(?=[?;]|$)/i;

/** "order velocity, measured as orders per day", "velocity (defined as revenue per day)": a word, then its meaning. */
const MEASURED_AS =
  /\b([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*,?\s+(?:measured|defined|calculated|computed|counted|taken)\s+as\s+([^,:;?()]+?)\s*(?=[,:;?]|\s+[-–—]\s|$)/i;

/** A quoted word of one to three words with its meaning in brackets just after it ("'small tickets' (under $100)"). */
const QUOTED_GLOSSED = /["'‘“]([a-z][a-z0-9-]*(?:\s+[a-z][a-z0-9-]*){0,2})["'’”]\s*\(\s*([^()]+?)\s*\)/gi;

/** "churned customers: bought in 2024, nothing in 2025. how many ...": a word, its people, a colon, what it means. */
const LABELLED =
  /^\s*["'‘“]?([a-z][a-z-]*)["'’”]?\s+(?:customers|clients|buyers|accounts)\s*:\s*([^.?!:;]+?)\s*(?:\.|;|\s[-–—]+)\s+(?=\S)/i;

/** "leak gap per category for 2025: ...": a name of one to three words, its scope, a colon and its meaning. */
const SCOPED_LABEL =
  /^\s*["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)["'’”]?\s+((?:per|by|for|in|of)\s+[^:?]+?)\s*:\s*([^:?]+?)\s*[.?]?\s*$/i;
/** "per customer", "per buyer": a scope of people, not of a figure's rows. */
const PER_PERSON =
  /\b(?:per|by|for\s+each|each)\s+(?:customers?|clients?|buyers?|accounts?|persons?|people|heads?|users?)\b/i;
/** What a scoped label may mean: a figure, a share or periods (people and rows have their own label, LABELLED). */
const SCOPED_KINDS = new Set(['figure', 'share', 'periods']);

/** A sum's word after the defined word ("'net sales'", "booked revenue"): the word defines rows, summed where used. */
const SUM_TERM = /^(.+?)\s+(?:sales|revenue|turnover|gmv)$/i;
/** The sum said again before the rows ("revenue from completed orders only"): the rows are the meaning. */
const SUM_SAID = /^(?:the\s+)?(?:sales|revenue|turnover|gmv|dollars|\$)\s+(?:from|of|on)\s+(?=\S)/i;

/**
 * A definition of a sum ("'net sales' = completed orders only", "'solid' revenue = revenue from completed orders")
 * as one of its rows: the word's use before the sum's word is then the sum of those rows (`substitute`). A meaning
 * that is no rows is not read and the definition refused.
 */
function ofRows(found: { term: string; said: string; weak?: true }): {
  term: string;
  said: string;
  weak?: true;
} {
  const term = SUM_TERM.exec(found.term.trim().replace(/["'‘’“”]/g, ''))?.[1] ?? found.term;
  // ("revenue from orders of $800 or more as a % of total revenue": a share of the sum keeps its words.)
  const ratio =
    /\bas\s+an?\s+(?:%|percent|percentage|share|proportion)\s+of\b|\bdivided\s+by\b|[/÷]|\b(?:minus|less)\b/i;
  // ("leakage means the revenue of returned orders": the sum of those rows said in full is a figure, kept.)
  const figure = rowsFigureMeaning(found.said) !== undefined;
  return {
    ...found,
    term,
    said: ratio.test(found.said) || figure ? found.said : found.said.replace(SUM_SAID, ''),
  };
}

/** A sum's own word defined as rows ("revenue means completed orders only"): the sum of those rows where used. */
const SUM_WORD = /^(?:sales|revenue|turnover|gmv)$/i;

/**
 * A clause read as a definition after words that say who it is for ("heads up, on our team 'booked revenue' means
 * ...", "for the investor memo, by 'kept sales' I mean ..."): from the quoted word on, with those words (`lead`)
 * kept in the question, to be read or refused like any other.
 */
function definitionAfterLead(clause: string): { term: string; said: string; lead: string } | undefined {
  for (const m of clause.matchAll(/(?:\bby\s+)?["'‘“](?=[a-z])/gi)) {
    if (m.index === undefined || m.index === 0) continue;
    const lead = clause.slice(0, m.index);
    if (!/[,:]\s*(?:on\s+[a-z\s]+?\s*)?$|\s(?:on|in)\s+(?:our|my|the)\s+[a-z]+\s*$/i.test(lead)) continue;
    const found = definitionIn(clause.slice(m.index));
    if (found && !found.weak) return { term: found.term, said: found.said, lead };
  }
  return undefined;
}

/** One clause read as a definition: its term and its words (`weak`: a shape ordinary sentences have too). */
function definitionIn(clause: string): { term: string; said: string; weak?: true } | undefined {
  const read = shapeIn(clause);
  return read && ofRows(read);
}

/**
 * "a customer counts as lapsed if they haven't ordered in ...", "we say a customer has gone quiet when they placed
 * nothing in ...", "say a customer is lapsed if ...", "call a customer consistent if they bought in ...": the word
 * said of one customer, what they did after "if" or "when".
 */
const IF_THEY =
  /^(?:(?:(?:we|i)\s+|let'?s\s+)?(?:say|consider)\s+(?:that\s+)?|(?:let'?s\s+|we(?:'ll)?\s+|i(?:'ll)?\s+)?call\s+)?(?:a|an|any)\s+(?:customer|client|account|buyer|shopper)\s+(?:is\s+|has\s+|counts\s+as\s+(?:an?\s+)?|(?:is\s+)?considered\s+(?:an?\s+)?)?["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)["'’”]?\s+(?:if|when|whenever|once)\s+(.+)$/i;

/** "treat anyone with zero orders in Q4 2025 as lapsed": the people first, the word after "as". */
const TREAT_AS =
  /^(?:let'?s\s+|(?:we|i)\s+)?treat\s+((?:anyone|anybody|everyone|any\s+customer|customers|those|people)\s+(?:with|who|that|whose)\s+.+?)\s+as\s+(?:an?\s+)?["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})["'’”]?$/i;

/** "call a customer-month a repeat month when that customer placed at least two orders in it": what, the word, when. */
const CALL_WHEN =
  /^(?:let'?s\s+|(?:we|i)(?:'ll)?\s+)?call\s+(?:a|an)\s+([a-z][a-z-]*)\s+(?:a|an)\s+["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)["'’”]?\s+(?:when|if|whenever)\s+(.+)$/i;

/** The definition's term and words in one clause, as said. */
function shapeIn(clause: string): { term: string; said: string; weak?: true } | undefined {
  const when = CALL_WHEN.exec(clause.trim());
  if (when?.[1] && when[2] && when[3]) return { term: when[2], said: `${when[1]} when ${when[3]}` };
  const ifThey = IF_THEY.exec(clause.trim());
  if (ifThey?.[1] && ifThey[2]) return { term: ifThey[1], said: ifThey[2] };
  const treat = TREAT_AS.exec(clause.trim());
  if (treat?.[1] && treat[2]) return { term: treat[2], said: treat[1] };
  const call = CALL.exec(clause.trim());
  if (call?.[1] && call[2]) return { term: call[2], said: `${call[1]} ${call[3] ?? ''}`.trim() };
  const first = CALL_QUOTED_FIRST.exec(clause.trim());
  if (first?.[1] && first[2]) return { term: first[1], said: first[2] };
  const any = CALL_ANY.exec(clause.trim());
  if (any?.[1] && any[2]) return { term: any[1], said: any[2] };
  const one = ONE_HAS.exec(clause.trim());
  if (one?.[1] && one[3] && one[4]) {
    const verb = one[3].toLowerCase() === 'has' ? 'have' : one[3];
    return { term: `${one[1]} ${one[2]}`, said: `customers who ${verb} ${one[4]}`, weak: true };
  }
  const bare = CALL_BARE.exec(clause.trim());
  if (bare?.[1] && bare[2]) return { term: bare[2], said: bare[1], weak: true };
  const plural = CALL_PLURAL.exec(clause.trim());
  if (plural?.[1] && plural[2]) return { term: plural[2], said: plural[1], weak: true };
  for (const { shape, term, meaning, weak } of SHAPES) {
    const m = shape.exec(clause.trim());
    const t = m?.[term];
    const said = m?.[meaning];
    if (t && said) return { term: t, said, ...(weak ? { weak } : {}) };
  }
  return undefined;
}

/** The defined word without an article, "my", or a trailing noun the definition's rows or people already name. */
const bareTerm = (term: string) =>
  term
    .toLowerCase()
    .trim()
    .replace(/^(?:a|an|the|my|our)\s+/, '')
    .replace(/\s+(?:orders?|customers?|clients?|ones)$/, '');

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The nouns a defined word may stand before ("big-ticket orders", "lapsed customers"), taken with it. */
const NOUN = String.raw`\s+(?:orders?|ones|customers?|clients?|accounts?|buyers?)\b`;
const NOUN_AFTER = `(?:${NOUN})?`;
/** The periods a word for periods may stand before ("peak days", "soft months"), taken with it. */
const PERIOD_NOUN_AFTER = String.raw`(?:\s+(?:days?|weeks?|months?|quarters?)\b)?`;
/** A sum named after rows defined ("big-ticket revenue"): the sum of those rows ("revenue from orders of $750 ..."). */
const SUM_AFTER = String.raw`\s+(revenue|sales|turnover|spend|gmv)\b`;

/** Where the word is used: its singular or plural, quoted or not, with `after` (or "customers are X" before it). */
function usePattern(term: string, after = NOUN_AFTER): RegExp {
  // ("gone quiet" used as "gone-quiet customers": a space or a hyphen either way.)
  const stemmed = escaped(term.replace(/(?:es|s)$/, ''))
    .replace(/-/g, '[-\\s]?')
    .replace(/ +/g, '[-\\s]+');
  return new RegExp(
    String.raw`(?:\b(?:customers?|clients?|accounts?)\s+(?:are|were|is|have|has|had)\s+)?(?:["'‘“]${stemmed}(?:s|es)?["'’”]|\b${stemmed}(?:s|es)?\b)${after}`,
    'gi',
  );
}

/** The one period a question names after "in", "for" or "during" ("in Q1 2025", "for 2024", "last year"). */
const PERIOD_ASKED =
  /\s+(?:in|for|during)\s+((?:q[1-4]|h[12]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\s+20\d\d|20\d\d|(?:last|this)\s+(?:year|quarter|month))\b/gi;

/**
 * "what was the stick rate in Q1 2025" where the stick rate is the share of the period's buyers with 3+ orders: "what
 * was the share of customers who ordered in Q1 2025 that placed 3 or more orders in Q1 2025", the period taken into
 * the rate; undefined when the word is not used or the question names no one period.
 */
function buyersShare(text: string, d: Definition, placed: string): string | undefined {
  const used = usePattern(d.term, '');
  const periods = [...text.matchAll(PERIOD_ASKED)];
  const [only] = periods;
  if (!used.test(text) || periods.length !== 1 || !only?.[1]) return undefined;
  const period = only[1];
  // ("my loyalty ratio": the share, the asker's own rows by their access.)
  const owned = new RegExp(String.raw`\b(?:my|our)\s+(?=${used.source})`, 'gi');
  return text
    .replace(only[0], '')
    .replace(owned, 'the ')
    .replace(used, `share of customers who ordered in ${period} that ${placed} in ${period}`);
}

/** `text` with each use of `d` replaced by the planner's words for it; undefined when it is not used. */
function substitute(text: string, d: Definition): string | undefined {
  if (d.meaning.kind === 'figure') {
    const used = usePattern(d.term, `(?:${NOUN}|${SUM_AFTER})?`);
    if (!used.test(text)) return undefined;
    // ("how much did we lose to write-offs": the figure itself, "what was the revenue of ...".)
    const lost = new RegExp(
      String.raw`\bhow\s+much\s+(?:did|have|had)\s+(?:we|i)\s+(?:lose|lost)\s+(?:to|on|through|from|in)\s+(?=${used.source})`,
      'gi',
    );
    // ("net kept", "return drag": a name the reader of two measures does not take as one is replaced by the figure,
    // said back by its name in the answer.)
    return text
      .replace(lost, 'what was the ')
      .replace(used, (word: string) =>
        namesFigure(word) && !d.meaning.replaces ? `${word} (${d.meaning.noun})` : d.meaning.noun,
      );
  }
  if (d.meaning.ofBuyers) return buyersShare(text, d, d.meaning.ofBuyers);
  if (d.summed) {
    const used = usePattern(d.term, '');
    return used.test(text)
      ? text.replace(used, (word: string) => `${word} from ${d.meaning.noun}`)
      : undefined;
  }
  // ("peak days", "standout months": periods named with the word are the meaning's own.)
  const after = d.meaning.kind === 'periods' ? PERIOD_NOUN_AFTER : d.clashes ? NOUN : NOUN_AFTER;
  if (d.meaning.kind === 'periods' && !usePattern(d.term, after).test(text)) {
    const said = periodSaidOf(text, d);
    return said === undefined ? undefined : substitute(said, d);
  }
  if (!usePattern(d.term, after).test(text)) return undefined;
  const summed =
    d.meaning.kind === 'rows'
      ? text.replace(usePattern(d.term, SUM_AFTER), (_used, sum: string) => `${sum} from ${d.meaning.noun}`)
      : text;
  const replaced = summed.replace(usePattern(d.term, after), (_used, offset: number) => {
    const before = summed.slice(0, offset);
    const after = /\b(?:share|percentage|proportion|fraction|%)\s+of\s+$/i.test(before);
    return after ? d.meaning.clause : d.meaning.noun;
  });
  return d.meaning.topFigure ? figureAgainDropped(replaced, d.meaning.topFigure) : replaced;
}

/**
 * ("busy month = ...": "which months of 2024 were busy?"; "slowest day = ...": "which day of 2025 was the slowest?"):
 * a word for periods said of the periods asked for, after "was" or "were", asked as the word's periods of that span
 * ("what were the busy months in 2024?"); undefined when the word is not said so.
 */
function periodSaidOf(text: string, d: Definition): string | undefined {
  const words = d.term.split(/\s+/);
  const unit = words.at(-1)?.replace(/s$/, '');
  if (words.length !== 2 || !unit || !/^(?:day|week|month|quarter)$/.test(unit)) return undefined;
  const said = new RegExp(
    String.raw`\b(?:which|what)\s+(${unit}s?)\s+(?:(?:of|in|during)\s+((?:(?:q[1-4]|h[12])\s+)?20\d\d)\s+)?(was|were)\s+(?:the\s+)?(?:${escaped(words[0] ?? '')})\b(?:\s+(?:${unit}s?|ones?|one))?(?:\s+(?:of|in|during)\s+((?:(?:q[1-4]|h[12])\s+)?20\d\d))?`,
    'i',
  ).exec(text);
  if (!said) return undefined;
  const period = said[2] ?? said[4];
  const plural = said[3]?.toLowerCase() === 'were';
  const asked = `what ${plural ? 'were' : 'was'} the ${d.term}${plural ? 's' : ''}${period ? ` in ${period}` : ''}`;
  return `${text.slice(0, said.index)}${asked}${text.slice(said.index + said[0].length)}`;
}

/** The figure a period ranked by it is asked again by ("how many orders came in that day", "and its revenue"). */
const FIGURE_AGAIN: Record<string, RegExp> = {
  orders:
    /\s*,?\s+(?:and\s+)?(?:how\s+many\s+orders\s+(?:came\s+in|were\s+(?:placed|there)|did\s+(?:it|we|i)\s+(?:have|get|see)|(?:it|that\s+\w+)\s+had)(?:\s+(?:on\s+)?(?:that|this)\s+(?:day|week|month|quarter))?|(?:what\s+was\s+)?(?:its|the)\s+(?:order\s+count|number\s+of\s+orders))\s*[?.!]*\s*$/i,
  revenue:
    /\s*,?\s+(?:and\s+)?(?:how\s+much\s+revenue\s+(?:came\s+in|did\s+(?:it|we|i)\s+(?:have|make|bring\s+in|get))(?:\s+(?:on\s+)?(?:that|this)\s+(?:day|week|month|quarter))?|(?:what\s+was\s+)?(?:its|the)\s+(?:revenue|sales|total))\s*[?.!]*\s*$/i,
};

/**
 * ("what was the record day in 2025, and how many orders came in that day?" with the record day the day with the most
 * orders): the top period's answer states its figure, so the clause asking it again is dropped; a clause asking
 * another figure is left to the readers (and their refusals).
 */
function figureAgainDropped(text: string, figure: string): string {
  const again = FIGURE_AGAIN[figure];
  return again?.test(text) ? `${text.replace(again, '')}?` : text;
}

/** The turn's definitions taken out: what is left of it, and the terms with their words. */
function takeOut(
  turn: string,
  catalog: readonly CatalogCube[],
): { rest: string; found: { term: string; said: string; quoted?: true }[] } {
  const found: { term: string; said: string; quoted?: true }[] = [];
  let text = turn;
  // ("churned customers: bought in 2024, nothing in 2025. how many churned customers ...": a label and its meaning
  // before the question, read only when the meaning is read and the word is used again.)
  const labelled = LABELLED.exec(text);
  const labelRest = labelled ? text.slice(labelled[0].length) : '';
  if (
    labelled?.[1] &&
    labelled[2] &&
    usePattern(bareTerm(labelled[1])).test(labelRest) &&
    meaningOf(labelled[2], catalog)
  ) {
    found.push({ term: labelled[1], said: labelled[2] });
    text = labelRest;
  }
  // ("leak gap per category for 2025: cancelled revenue less returned revenue", "soft months of 2024: months under
  // the median month of that year": a figure's or periods' name with its scope, a colon, what it means.)
  const scoped = SCOPED_LABEL.exec(text);
  const scopedMeaning = scoped?.[3] ? meaningOf(scoped[3], catalog) : undefined;
  // (The scope names a period and no one per person: "cancel rate per customer: share of customers ..." is a rate
  // of people, read as before.)
  const scopeSaid = scoped?.[2] ?? '';
  const scopeKept = PERIOD_WORDS.test(scopeSaid) && !PER_PERSON.test(scopeSaid);
  if (scoped?.[1] && scoped[3] && scopeKept && scopedMeaning && SCOPED_KINDS.has(scopedMeaning.kind)) {
    found.push({ term: scoped[1], said: scoped[3] });
    text = `${scoped[1]} ${scopeSaid}`;
  }
  // (A gloss read as no meaning is no definition: it stays, to be read or refused as before.)
  const glossed = GLOSSED.exec(text);
  const glossedSaid = glossed?.[2] && glossed[3] ? saidOf(glossed[2], glossed[3], catalog) : undefined;
  if (glossed?.[1] && glossed[2] && glossedSaid) {
    found.push({ term: glossed[1], said: glossedSaid });
    text = text.replace(GLOSSED, `${glossed[1]} ${glossed[2]}`);
  }
  // ("what share of revenue comes from whales, i.e. the top 10% of customers by lifetime spend?": a word glossed after
  // a comma, read only when the gloss is a group by rank.)
  // ("order velocity, measured as orders per day: which month ...": a word with its per-day meaning after "measured
  // as", read as the bracketed gloss below reads it; any other meaning so said is left to the other readers.)
  text = text.replace(MEASURED_AS, (whole, term: string, said: string) =>
    perDayMeaning(said) ? `${term} (${said})` : whole,
  );
  const ie = IE_GLOSSED.exec(text);
  // ("my order range for 2023, i.e. my largest order amount minus my smallest": a range so glossed, too.)
  if (ie?.[1] && ie[2] && (topPercentMeaning(ie[2]) || rangeMeaning(ie[2]))) {
    found.push({ term: ie[1], said: ie[2] });
    text = `${text.slice(0, ie.index)}${ie[1]}${text.slice(ie.index + ie[0].length)}`;
  }
  // ("share of orders that were 'small tickets' (under $100)": a quoted word with its meaning in brackets after it.)
  text = text.replace(QUOTED_GLOSSED, (whole, term: string, inside: string) => {
    const said = inside.replace(/^(?:i\.?\s?e\.?|meaning|that\s+is|=)\s*,?\s*/i, '');
    if (!readMeaning(said, catalog)) return whole;
    found.push({ term, said, quoted: true });
    return `'${term}'`;
  });
  // ("how many whales do we have? (whales = customers with lifetime spend above $35k)": one not read is a gloss
  // that other readers may read, "(new = first ever order)", restated-glosses.ts and glosses.ts.)
  text = text.replace(/\s*\(\s*([^()]+?)\s*\)/g, (whole, inside: string) => {
    // ("(dormant: last order placed before 2025-09-01)": a word and its meaning after a colon, in brackets only.)
    const colon = /^["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)["'’”]?\s*:\s*(\S.*)$/i.exec(inside);
    const definition =
      definitionIn(inside) ?? (colon?.[1] && colon[2] ? { term: colon[1], said: colon[2] } : undefined);
    if (!definition || !meaningOf(definition.said, catalog)) return whole;
    found.push(definition);
    return '';
  });
  // ("the stragglers (customers whose first purchase was in July 2023 or later): how many?": the nickname stays,
  // to be replaced by the cohort's words.)
  // ("big spenders (lifetime revenue above $30k): how many per region?": people named by what they did, with what
  // holds for them in brackets, are the customers with it.)
  text = text.replace(NICKNAMED, (whole, said: string, inside: string) => {
    // ("how many key accounts (...)": the question's words before the term are not of it.)
    const lead =
      /^(?:(?:how|many|much|what|which|the|our|my|all|of|number|count|by|highest|lowest|top|bottom|best|worst|fastest|slowest)\s+)*/i.exec(
        said,
      )?.[0] ?? '';
    const term = said.slice(lead.length);
    if (term === '' || /^(?:the|a|an|of|for|and|or|vs|with)$/i.test(term.trim())) return whole;
    const meaning = readMeaning(inside, catalog);
    // ("order velocity (the number of orders per day) for each category": a figure per calendar day.)
    if (perDayMeaning(inside.replace(/^(?:i\.?\s?e\.?|meaning|that\s+is|=)\s*,?\s*/i, ''))) {
      found.push({ term, said: inside.replace(/^(?:i\.?\s?e\.?|meaning|that\s+is|=)\s*,?\s*/i, '') });
      return `${lead}${term}`;
    }
    if (meaning?.kind === 'cohort') {
      found.push({ term, said: inside });
      return `${lead}${term}`;
    }
    const theirs = `customers with ${inside}`;
    // (Rows read for people are no meaning of theirs: "key accounts (more than 60 orders)" are customers with them.)
    if (
      (!meaning || meaning.kind === 'rows') &&
      PEOPLE_TERM.test(term) &&
      readMeaning(theirs, catalog)?.kind === 'people'
    ) {
      found.push({ term, said: theirs });
      return `${lead}${term}`;
    }
    return whole;
  });
  const parts = text.split(BOUNDARY);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const clause = parts[i] ?? '';
    const led = definitionIn(clause) ? undefined : definitionAfterLead(clause);
    if (led) {
      found.push(led);
      kept.push(led.lead.replace(/\s*(?:\bon\s+(?:our|my|the)\s+[a-z]+)?[\s,:]*$/i, ''), parts[i + 1] ?? '');
      continue;
    }
    const read = definitionIn(clause);
    // (A weak shape is a definition when read, or when its word is used elsewhere in the turn.)
    const others = parts.filter((_, j) => j !== i).join(' ');
    const definition =
      read?.weak && !meaningOf(read.said, catalog) && !usePattern(bareTerm(read.term)).test(others)
        ? undefined
        : read;
    if (definition) found.push(definition);
    else kept.push(clause, parts[i + 1] ?? '');
  }
  const rest = kept
    .join('')
    .replace(/^[\s,:;.\-–—]+/, '')
    .replace(/\s*,\s*$/, '')
    .trim();
  // (The question mark of a definition put last is the question's.)
  const asked = /\?\s*$/.test(turn) && !/[?.!]$/.test(rest) ? `${rest}?` : rest;
  return { rest: asked, found };
}

/** A definition's own year said as any one ("2+ orders in a year", "per year", "in any given year"). */
const ANY_YEAR =
  /\s+(?:(?:in|within|during)\s+(?:a|any|one|a\s+single|a\s+given|any\s+given|the\s+same|a\s+calendar|any\s+one)\s+(?:calendar\s+)?year|per\s+(?:calendar\s+)?year|a\s+year)\b/i;
/**
 * "whale = spent more than $11,000 that year": the year the question asks, said once of one customer's figure (a
 * share said of "that year" on both sides is the period asked of the share, definition-meanings.ts).
 */
const THAT_YEAR = /\s+(?:in\s+)?that\s+year\b/gi;
const RATIO_SAID =
  /[/÷]|\b(?:divided\s+by|over\s+(?:all|total)|out\s+of|share|percent|percentage|proportion|rate)\b|%/i;
/** The one year a question asks about ("in 2024", "for 2025", "during 2023"). */
const YEAR_ASKED = /\s+(?:in|for|during)\s+(20\d\d)\b/gi;

/**
 * A definition that holds of any one year ("someone with 2+ orders in a year") asked of one year ("how many ... in
 * 2024?"): the definition said of that year, and the year taken out of the question (it is the definition's now);
 * undefined when the definition names no such year or the question not exactly one year.
 */
function perYearSaid(asked: string, rest: string): { said: string; rest: string } | undefined {
  // ("whose yearly spend exceeds $12k": the spend of a year.)
  const said = asked.replace(
    /\b(?:yearly|annual)\s+(spend|spending|revenue|sales|purchases)\b(.*)$/i,
    (_all, sum: string, after: string) => `${sum}${after.replace(/[\s.,;]+$/, '')} in a year`,
  );
  const that = [...said.matchAll(THAT_YEAR)];
  const one = that.length === 1 && !RATIO_SAID.test(said) ? that[0]?.[0] : undefined;
  const any = ANY_YEAR.exec(said)?.[0] ?? one;
  const years = [...rest.matchAll(YEAR_ASKED)];
  const [only] = years;
  if (!any || years.length !== 1 || !only?.[1]) return undefined;
  return { said: said.replace(any, ` in ${only[1]}`), rest: rest.replace(only[0], '') };
}

/** Whether a word of `term` is a word of the model's members' titles or values. */
function modelWord(term: string, catalog: readonly CatalogCube[]): boolean {
  const said = new Set(
    catalog
      .flatMap((c) => c.members)
      .flatMap((m) => [m.title, ...m.values])
      .flatMap((w) => w.toLowerCase().split(/[^a-z0-9]+/)),
  );
  const known = (w: string) => said.has(w) || said.has(w.replace(/s$/, ''));
  // ("small fry": the asker's own two words, though "small" is of "small business".)
  const parts = term.split(/[\s-]+/);
  return parts.length > 1 ? parts.every(known) : parts.some(known);
}

/** Words that name a period ("in 2025", "last year", "Q4", "monthly", "since March"). */
const PERIOD_WORDS =
  /\b(?:20\d\d|q[1-4]|h[12]|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|years?|quarters?|months?|weeks?|days?|yearly|quarterly|monthly|weekly|daily|annual(?:ly)?|today|yesterday|ytd|mtd|qtd|since|until|before|after|last|this|so\s+far|recent(?:ly)?)\b/i;
/** A count of customers: what a per-customer definition answers ("VIP count by region" too). */
const COUNTED =
  /\b(?:how\s+many|number\s+of|count\s+(?:of|the|all|our|my)|no\.?\s+of)\b|\bcount\s+(?:by|per|for\s+each|in\s+each|across)\b|\bcount\s*[?.!]*\s*$|(?:\b(?:share|percent(?:age)?|proportion|fraction)|%)\s+of\s+(?:(?:all|my|our|the)\s+)?(?:customers|clients|buyers|accounts)\b/i;

/**
 * Why a per-customer definition cannot stand in this turn, or undefined. Its threshold is over its own period
 * (or all time): a period asked beside it ("how many whales in 2025?", or "and in 2025?" after them) could be that of
 * the spend or of something else, and read as the spend's it changes the definition. And only their count is read
 * ("revenue from whales" read as each one's revenue over a threshold of that revenue).
 */
function peopleUnread(
  text: string,
  people: readonly Definition[],
  named: readonly Definition[],
): string | undefined {
  const left = people.reduce((t, d) => t.split(d.meaning.noun).join(' '), text);
  const term = (named[0] ?? people[0])?.term ?? '';
  if (PERIOD_WORDS.test(left))
    return `your definition of "${term}" holds its own period (or all time), and I could not tell whether the period you ask about is that of their spend and orders or of something else: please put the period in the definition`;
  // ("VIPs = customers with lifetime spend over $32,000. what share of revenue comes from VIPs?": the share of the sum
  // from them, second-order.ts.)
  const shareOfSum = named.some((d) =>
    new RegExp(
      String.raw`\b(?:share|percent(?:age)?|proportion|fraction|%)\s+of\s+(?:(?:our|the|total|all)\s+)*(?:revenue|sales|spend|spending)\s+(?:(?:comes?|came|is|was)\s+)?from\s+${escaped(d.meaning.noun)}\s*[?.!]*$`,
      'i',
    ).test(text),
  );
  if (named.length > 0 && !COUNTED.test(text) && !shareOfSum)
    return `I can count the customers your definition of "${term}" picks out ("how many ${term} ..."), but not answer other questions about them`;
  return undefined;
}

/** A spelled meaning's period said as any one of a unit ("in the quarter", "during a month", "within that year"). */
const UNIT_OF_MEANING =
  /\s+(?:in|during|within)\s+(?:the|a|an|that|one)\s+(day|week|month|quarter|year)\b(?=\s*$|\s*[,.;])/i;

/** The period words said in `text`, lower-cased. */
const periodsIn = (text: string) =>
  new Set([...text.matchAll(new RegExp(PERIOD_WORDS.source, 'gi'))].map((m) => m[0].toLowerCase()));

/**
 * Whether a meaning spelled out ("customers who ordered in every month of 2025") and the rest of the question each
 * name a period, and the question's is not one the meaning names ("how many steady customers in 2024?"): the question
 * would be read with two periods.
 */
function periodsApart(text: string, noun: string): boolean {
  const own = periodsIn(noun);
  const left = periodsIn(text.split(noun).join(' '));
  return own.size > 0 && [...left].some((w) => !own.has(w));
}

/** What is left of a turn that only defined a word: nothing, or who it is for ("for my quarterly deck"). */
const definesOnly = (rest: string) =>
  !/\?|\b(?:how|what|which|who|show|list|give)\b/i.test(rest) && rest.split(/\s+/).length <= 6;

/** Pronouns that stand for a defined cohort in its own turn ("...: count them by region"). */
const THEY = /\b(?:they|them|those)\b/i;
/** A rows meaning that names its rows ("orders over $500"), which "they" can stand for. */
const ROWS_NOUN = /\b(?:orders|sales|purchases|transactions)\b/i;

/** A count asked with no noun after it ("how many in 2025?", "how many, by region?"). */
/** A turn of a scope alone ("by category for 2025?", "per region in Q3 2025"): no figure, no verb of its own. */
const SCOPE_ONLY =
  /^\s*(?:(?:and|so)\s+)?(?:(?:by|per|for|in|across|during)\s+(?:each\s+|every\s+)?[a-z0-9]+(?:\s+20\d\d)?[\s,]*){1,3}[?.!]?\s*$/i;

const BARE_COUNT =
  /\b(how\s+many|number|count)(?=\s*(?:in|for|by|per|during|over|were|are|did|do|were\s+there|[?,.]|$))/i;

/** The root a word of people and its rate share ("churned", "churn rate"; "retained", "retention rate"). */
const rootOf = (word: string) =>
  word
    .toLowerCase()
    .replace(/^retention$/, 'retain')
    .replace(/(?:ed|ing|ers?|s)$/, '');

/** People who ordered in one period and not (or also) in a later one, as a defined word's meaning says it. */
const TWO_PERIODS = /^customers who ordered in (.+?) (but not|and(?: also)?) in (.+)$/;

/**
 * "churn rate (for 2025)" where "churned" is defined as customers who ordered in 2024 but not in 2025, "retention
 * rate" where "retained" is those who ordered in both: the share of the first period's customers who did not (or
 * did) order in the second, in the words the share reader reads; undefined when the rate is not of this word.
 */
function rateOf(text: string, d: Definition): string | undefined {
  if (d.meaning.kind !== 'people' || /\s/.test(d.term)) return undefined;
  const two = TWO_PERIODS.exec(d.meaning.noun);
  if (!two) return undefined;
  const root = rootOf(d.term);
  const use =
    /(?:\b(?:what|whats|what's)(?:\s+(?:is|was|were))?\s+)?\b(?:the\s+|our\s+|my\s+)?([a-z]+)\s+rate\b(?:\s+(?:for|in|of|from|over)\s+(?:20\d\d|q[1-4]\s+20\d\d)(?:\s+(?:to|vs\.?|versus|-)\s+(?:20\d\d|q[1-4]\s+20\d\d))?)?/i;
  const m = use.exec(text);
  if (!m?.[1] || root.length < 4 || rootOf(m[1]) !== root) return undefined;
  const verb = two[2] === 'but not' ? 'had no order' : 'also ordered';
  return text.replace(use, `what share of customers who ordered in ${two[1]} ${verb} in ${two[3]}`);
}

/** Pronouns that stand for a defined rate in its own turn ("... : what was it in 2025 by region?"). */
const IT = /\b(?:it|that|this)\b/i;

/**
 * "we call a customer a 'whale' if their lifetime spend is over $35k", "call an order 'high-value' if it's $800 or
 * more", "let's call an order 'premium' if it's $900 or more", "call a customer a regular if they ordered at least
 * 12 times in 2024" (one unquoted word): a definition said in a sentence, as this reader reads one ("'whale' = a
 * customer whose ...").
 */
const CALLED =
  /(?:\b(?:we|i)(?:'d|’d|'ll|’ll|\s+would|\s+will)?\s+|^\s*|(?<=[.?!:;]\s+))(?:call|define|consider|count|treat|classify|label|flag|mark|tag)\s+(an?)\s+(customer|client|account|buyer|order|purchase|sale|day|week|month|quarter)\s+(?:as\s+)?(?:an?\s+)?(['"‘’“”][^'"‘’“”]{1,30}['"‘’“”]|[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:if|when)\s+(their|its|it'?s|it\s+is|they|it)\b|\b(?:let'?s|let\s+us)\s+(?:call|define)\s+(an?)\s+(customer|client|account|buyer|order|purchase|sale)\s+(?:an?\s+)?(['"‘’“”][^'"‘’“”]{1,30}['"‘’“”])\s+(?:if|when)\s+(their|its|it'?s|it\s+is|they|it)\b/gi;
/**
 * "a 'loyal' customer ordered in every quarter of 2025", "a loyal customer is one who ...": a word of one customer
 * defined by what they did, said as the planner's "'loyal' customers = customers who ...".
 */
const ONE_WHO =
  /\b(?:a|an)\s+(["'‘“]?)([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(["'’”]?)\s+(customer|client|buyer|account)\s+(?:is\s+(?:one|someone|anyone|a\s+\4|any\s+\4)\s+(?:who|that|whose)\s+|(?=(?:has\s+|have\s+|had\s+)?(?:ordered|bought|placed|purchased|made|never|did\s+not|didn'?t|has\s+not|hasn'?t)\b))/gi;
const oneWho = (turn: string) =>
  turn.replace(ONE_WHO, (all, open: string, term: string, close: string, noun: string) =>
    // (Quoted, or said as "is one who": plain words before a noun and a verb are no definition.)
    open || /\bis\s/i.test(all)
      ? `${open}${term}${close} ${noun}s = ${noun}s ${/\bwhose\s*$/i.test(all) ? 'whose' : 'who'} `
      : all,
  );

/** "let's say", "say", "suppose that" before a definition: words of the asker's, no part of it. */
const SAY_FIRST =
  /(^\s*|(?<=[.?!:;]\s+))(?:so\s+)?(?:(?:let'?s|let\s+us|we'?ll|i'?ll)\s+)?(?:say|suppose|assume)(?:\s+that)?\s*,?\s+(?=(?:an?|the|our|my)\s)/gi;

/**
 * "a customer has gone quiet if their most recent order was ...", "an account is dormant when its last purchase
 * came ...": a word of one, with when it holds, said as the planner's "gone quiet = a customer whose ...".
 */
const ONE_IS_IF =
  /(^\s*|(?<=[.?!:;]\s+))(an?)\s+(customer|client|account|buyer|order|purchase)\s+(?:(?:has|is|counts\s+as|is\s+considered(?:\s+to\s+be)?)\s+)?(?:an?\s+)?(['"‘’“”][^'"‘’“”]{1,30}['"‘’“”]|[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:if|when|once)\s+(their|its|they|it)\b/gi;
/** "a lapsed customer's latest order is before July 2025": the word's people, by their latest order. */
const ONES_LATEST =
  /(^\s*|(?<=[.?!:;]\s+))(?:an?\s+)(["'‘“]?[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?["'’”]?)\s+(customer|client|account|buyer)['’]s\s+(?=(?:very\s+)?(?:most\s+recent|latest|last|newest|final)\s+(?:order|purchase)\b)/gi;
const oneIsIf = (turn: string) =>
  turn
    .replace(SAY_FIRST, '$1')
    .replace(
      ONES_LATEST,
      (_all, lead: string, term: string, noun: string) => `${lead}${term} ${noun}s = ${noun}s whose `,
    )
    .replace(
      ONE_IS_IF,
      (_all, lead: string, article: string, noun: string, term: string, word: string) =>
        `${lead}${term} = ${article} ${noun} ${/^(?:their|its)$/i.test(word) ? 'whose' : 'that'}`,
    );

/**
 * "Where graveyard orders are those created from 00:00 to 03:59, how many graveyard orders ...": a definition said
 * first after "where", ended by a comma before the question's own first word (a clause of its own).
 */
const WHERE_FIRST =
  /^(\s*where\s+[^,?;]+?\s(?:is|are|=|means)\s[^?;]+?),\s+(?=(?:how|what|which|who|give|show|list|tell|count)\b)/i;

const calledAs = (turn: string) =>
  oneWho(oneIsIf(turn.replace(WHERE_FIRST, '$1; '))).replace(
    CALLED,
    (
      _all: string,
      a1?: string,
      n1?: string,
      t1?: string,
      w1?: string,
      a2?: string,
      n2?: string,
      t2?: string,
      w2?: string,
    ) => {
      const [article, noun, term, word] = a1 ? [a1, n1, t1, w1] : [a2, n2, t2, w2];
      const link = /^(?:their|its)$/i.test(word ?? '')
        ? 'whose'
        : /^it'?s$|^it\s+is$/i.test(word ?? '')
          ? 'of'
          : 'that';
      return `${term} = ${article} ${noun} ${link}`;
    },
  );

/**
 * The thread with every definition read and replaced, the definitions used, or a refusal naming the definition not
 * read. A thread with no definition comes back unchanged.
 */
/**
 * "weekend = Saturday or Sunday", "weekdays are Monday to Friday": a word the planner reads (weekdays.ts) defined as
 * it reads it, said again; dropped, so the word is read as always. Any other meaning of it is a definition.
 */
const STANDARD_GLOSSES = [
  /(^\s*|(?<=[.?!:;]\s+))(?:the\s+|a\s+)?weekends?\s*(?:=|:|\bmeans\b|\bis\b|\bare\b)\s*(?:on\s+)?sat(?:urday)?s?\s*(?:\+|and|or|&|,|\/)\s*sun(?:day)?s?\s*(?:[.;:]\s*|$)/gi,
  /(^\s*|(?<=[.?!:;]\s+))(?:the\s+|a\s+)?weekdays?\s*(?:=|:|\bmeans\b|\bis\b|\bare\b)\s*mon(?:day)?s?\s*(?:-|–|to|through|thru)\s*fri(?:day)?s?\s*(?:[.;:]\s*|$)/gi,
];
export const standardGlossesDropped = (turn: string) =>
  STANDARD_GLOSSES.reduce((text, gloss) => text.replace(gloss, '$1'), turn);

/** A month said in full or short ("Dec", "Sept"), read as its index (0 to 11). */
const MONTH_SAID =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndex = (said: string) => MONTHS.findIndex((m) => m.startsWith(said.toLowerCase().slice(0, 3)));
/** "summer means June through August", "treat winter as Dec, Jan and Feb", "the holiday season is November and December". */
const SEASON = new RegExp(
  String.raw`(^|[.?!;:]\s+)(?:(?:let'?s\s+)?(?:say|treat)\s+)?(?:the\s+|a\s+|our\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:means|is|are|=|:=|as|runs(?:\s+from)?|covers|spans)\s+(?:the\s+months?\s+(?:of\s+)?)?(${MONTH_SAID}(?:\s*(?:-|–|to|through|thru|until)\s*${MONTH_SAID}|(?:\s*(?:,|and|or|&|\+|\/)\s*${MONTH_SAID})+))\s*(?:[.;:]\s*|$)`,
  'i',
);

/** The months a season's words list ("June through August": June, July, August; "Dec-Feb": December to February). */
function seasonMonths(list: string): string[] | undefined {
  const said = [...list.matchAll(new RegExp(MONTH_SAID, 'gi'))].map((m) => monthIndex(m[0]));
  if (said.some((i) => i < 0)) return undefined;
  const ranged = /(?:-|–|\bto\b|\bthrough\b|\bthru\b|\buntil\b)/i.test(list);
  const [first, last] = [said[0], said[1]];
  const indices =
    ranged && said.length === 2 && first !== undefined && last !== undefined
      ? Array.from({ length: ((last - first + 12) % 12) + 1 }, (_, k) => (first + k) % 12)
      : said;
  if (indices.length < 2 || indices.length > 6 || new Set(indices).size !== indices.length) return undefined;
  return indices.map((i) => `${MONTHS[i]?.[0]?.toUpperCase()}${MONTHS[i]?.slice(1)}`);
}

/**
 * A season the asker defines as months ("summer means June through August"), its words taken out and every use of
 * it ("summer revenue", "in the holiday season", "in winter months") said as those months, either of them ("revenue
 * in June, July or August"), in its turn and every later one; the date readers then take those months of every year
 * or of the year asked (seasonal.ts). Other uses of the word stay, unread (a refusal).
 */
export function seasonsDefined(questions: readonly string[]): string[] {
  const seasons: { term: string; months: string }[] = [];
  return questions.map((turn) => {
    let text = turn;
    const m = SEASON.exec(text);
    const term = m?.[2]?.toLowerCase().replace(/\s+(?:months?|season|period)$/, '');
    const months = m?.[3] ? seasonMonths(m[3]) : undefined;
    if (
      m &&
      term &&
      months &&
      !MONTHS.includes(term) &&
      !/^(?:revenue|sales|orders?|it|that|this)$|^(?:what|which|how|who|when|where|why)\b/.test(term)
    ) {
      text = `${text.slice(0, m.index)}${m[1] ?? ''}${text.slice(m.index + m[0].length)}`.trim();
      seasons.push({ term, months: `${months.slice(0, -1).join(', ')} or ${months.at(-1)}` });
    }
    // (Only beside every year's rows or all years pooled: with a year named, a follow-up's "and in 2025?" took the
    // whole year, and with neither, the months were the clock's year's; the word is then left unread, a refusal.)
    const everyYear = (YEARLY.test(text) || POOLED.test(text)) && !A_YEAR.test(text);
    for (const { term, months } of everyYear ? seasons : []) {
      const word = escaped(term).replace(/ +/g, '\\s+');
      text = text
        .replace(
          new RegExp(
            String.raw`\b(?:in|during)\s+(?:the\s+)?${word}(?:\s+(?:months?|season|period))?\b`,
            'gi',
          ),
          `in ${months}`,
        )
        .replace(
          new RegExp(
            String.raw`\b(?:the\s+)?${word}(?:\s+(?:months?|season))?\s+(revenue|sales|orders|order\s+count|aov|average\s+order\s+value)\b`,
            'gi',
          ),
          `$1 in ${months}`,
        );
    }
    return text;
  });
}

export function readDefinitions(questions: readonly string[], catalog: readonly CatalogCube[]): Defined {
  const known: Definition[] = [];
  const used = new Set<Definition>();
  /** People definitions asked as a rate (rateOf): their periods are the rate's own. */
  const rated = new Set<Definition>();
  const out: string[] = [];
  for (const said of questions) {
    const turn = standardGlossesDropped(said);
    // ("By new I mean the month of their very first order": which date "new" goes by, new-customers.ts.)
    if (restatedNew(turn) !== undefined) {
      out.push(turn);
      continue;
    }
    const taken = takeOut(calledAs(turn), catalog);
    const { found } = taken;
    let { rest } = taken;
    const fresh: Definition[] = [];
    for (const { term, said: asked, quoted } of found) {
      // ("a repeat buyer is someone with 2+ orders in a year. how many repeat buyers in 2024?": that year's.)
      const year = perYearSaid(asked, rest);
      if (year) rest = year.rest;
      // ("an order bounced if it was returned or cancelled; bounce rate is bounced orders / all orders": a word
      // defined before, used in this definition, stands for its meaning there.)
      let said = year?.said ?? asked;
      // ("a quiet day has fewer orders than 80 percent of that month's average": the periods the word names.)
      const unit = /\b(day|week|month|quarter)$/i.exec(bareTerm(term))?.[1];
      if (unit && /^(?:has|had)\s/i.test(said.trim())) said = `${unit} that ${said.trim()}`;
      // ("a hot month is one where revenue topped $13.7M": the one is a month.)
      if (unit && /^ones?\s/i.test(said.trim())) said = said.trim().replace(/^ones?\s/i, `${unit} `);
      for (const d of [...known, ...fresh]) {
        const inner = substitute(said, d);
        if (inner !== undefined && d.meaning.kind === 'rows') {
          said = inner;
          used.add(d);
        }
      }
      const meaning = meaningOf(said, catalog);
      if (!meaning)
        return {
          kind: 'refuse',
          reason: `I could not read your definition of "${bareTerm(term)}" ("${said.trim()}") as a condition on the data model's orders or customers (an amount, a status, a customer's spend or order count, or a share of orders), so I did not answer rather than leave it out`,
        };
      fresh.push({
        term: bareTerm(term),
        meaning,
        // (A cohort's nickname stands alone: "the holiday signups" is no "signup date".)
        // (A quoted name of several words, "'small tickets'", is the asker's own wherever it stands.)
        ...(meaning.kind === 'rows' && SUM_WORD.test(bareTerm(term)) ? { summed: true as const } : {}),
        ...(meaning.kind !== 'cohort' &&
        !(quoted && /\s/.test(term.trim())) &&
        modelWord(bareTerm(term), catalog)
          ? { clashes: true }
          : {}),
      });
    }
    known.push(...fresh);
    let text = found.length > 0 ? rest : turn;
    for (const d of [...known].reverse()) {
      const replaced = substitute(text, d);
      if (replaced !== undefined) {
        text = replaced;
        used.add(d);
      }
    }
    // A cohort defined and pointed back at in the same turn ("lapsed customers, meaning ...: count them by region").
    for (const d of fresh)
      if (
        !used.has(d) &&
        (d.meaning.kind === 'cohort' ||
          topPercentSaid(d.meaning.noun) !== undefined ||
          // ("define high-value orders as anything over $500. what percent of revenue did they make up?": the rows.)
          (d.meaning.kind === 'rows' && ROWS_NOUN.test(d.meaning.noun))) &&
        THEY.test(text)
      ) {
        text = text.replace(THEY, d.meaning.noun);
        used.add(d);
      }
    // Rows or people defined and counted in the same turn with no noun ("'big-ticket' orders = $750 and up. how many
    // in 2025, by region?", "'whales' = customers with lifetime spend above $35k. how many?"): the count is of them.
    for (const d of fresh)
      if (!used.has(d) && d.meaning.kind !== 'share' && BARE_COUNT.test(text)) {
        const noun = d.meaning.kind === 'rows' ? ' orders' : '';
        const counted = substitute(text.replace(BARE_COUNT, `$1 ${d.term}${noun}`), d);
        if (counted !== undefined) {
          text = counted;
          used.add(d);
        }
      }
    // (A figure or rate defined in a turn of its own, and asked for as "it" or by its scope alone in the next.)
    const pending = fresh.length > 0 ? fresh : known.filter((d) => !used.has(d));
    const onePending = pending.length === 1 ? pending : [];
    // A rate defined and asked for as "it" in the same turn (or the next).
    for (const d of fresh.length > 0 ? fresh : onePending)
      if (!used.has(d) && d.meaning.kind === 'share' && IT.test(text)) {
        text = text.replace(IT, `the ${d.meaning.noun}`);
        used.add(d);
      }
    // A word of several defined and asked for by its last alone in the same turn ("treat the order-size lift as ...
    // show the lift for 2025"): only a word of the asker's, after "the", "my" or "our", and not "the lift of ...".
    for (const d of fresh) {
      const head = d.term.split(/[\s-]+/).at(-1) ?? '';
      if (used.has(d) || !/[\s-]/.test(d.term) || head.length < 4 || modelWord(head, catalog)) continue;
      const short = new RegExp(
        String.raw`\b(the|my|our)\s+${escaped(head)}\b(?!\s+(?:of|for\s+each)\b)`,
        'i',
      );
      const named = short.test(text) ? substitute(text.replace(short, `$1 ${d.term}`), d) : undefined;
      if (named !== undefined) {
        text = named;
        used.add(d);
      }
    }
    // A figure defined and asked for as "it" ("upsell ratio = enterprise AOV / consumer AOV. what was it in 2024?"),
    // or defined in a turn of its own and asked for as "it" in the next ("leakage = ...", "what was it in 2024?").
    for (const d of fresh.length > 0 ? fresh : onePending)
      if (!used.has(d) && d.meaning.kind === 'figure' && IT.test(text)) {
        const named = substitute(text.replace(IT, `the ${d.term}`), d);
        if (named !== undefined) {
          text = named;
          used.add(d);
        }
      }
    // A figure defined and then asked for by its scope alone ("cancel leakage = cancelled revenue / all revenue, in %.
    // by category for 2025?"): the one figure (or rate) of the turn, asked as "what was it" with that scope.
    const figures = onePending.length > 0 && fresh.length === 0 ? onePending : fresh;
    const [alone] =
      figures.length === 1 && ['figure', 'share'].includes(figures[0]?.meaning.kind ?? '') ? figures : [];
    if (alone && !used.has(alone) && SCOPE_ONLY.test(text)) {
      const named = substitute(
        `what was the ${alone.term} ${text.trim().replace(/^(?:and|so)\s+/i, '')}`,
        alone,
      );
      if (named !== undefined) {
        text = named;
        used.add(alone);
      }
    }
    // ("churn rate for 2025, where churned = ordered in 2024 but not in 2025": the rate of the defined people among
    // those of the first period.)
    for (const d of known) {
      if (used.has(d)) continue;
      const rate = rateOf(text, d);
      if (rate !== undefined) {
        text = rate;
        used.add(d);
        rated.add(d);
      }
    }
    const people = [...used].filter(
      (d) => d.meaning.kind === 'people' && !d.meaning.spelled && !rated.has(d),
    );
    // ("an active customer is one who placed at least 3 orders in the quarter. how many active customers were there
    // in each quarter of 2024?": the definition's period is each one the question asks for, read per period.)
    const perPeriod = new Set<Definition>();
    for (const d of used) {
      const unit = d.meaning.spelled ? UNIT_OF_MEANING.exec(d.meaning.noun) : null;
      const noun = unit ? d.meaning.noun.replace(unit[0], '') : '';
      const rest = text.split(d.meaning.noun).join(' ');
      if (!unit?.[1] || periodsIn(noun).size > 0 || !text.includes(d.meaning.noun)) continue;
      if (!new RegExp(String.raw`\b(?:each|every|per)\s+${unit[1]}\b`, 'i').test(rest)) continue;
      text = text.split(d.meaning.noun).join(noun);
      perPeriod.add(d);
    }
    const spelledClash = [...used].find(
      (d) => d.meaning.spelled && !perPeriod.has(d) && periodsApart(text, d.meaning.noun),
    );
    if (spelledClash)
      return {
        kind: 'refuse',
        reason: `your definition of "${spelledClash.term}" names its own period, and the question names another: please put one period in the definition`,
      };
    // ("whales = the top 50 customers by lifetime spend. their share of 2025 revenue?": the share's reading ranks
    // within the period asked, not by lifetime spend; refused, never answered of that period's top 50.)
    const ranked = [...used].find((d) => TOP_COUNT_NOUN.test(d.meaning.noun));
    if (ranked && PERIOD_WORDS.test(text))
      return {
        kind: 'refuse',
        reason: `your definition of "${ranked.term}" ranks customers by lifetime spend, and I can give their share of all revenue or orders, not a figure of theirs in one period`,
      };
    // ("stick rate = buyers with 20+ orders that year / all buyers that year": the year is the question's.)
    const periodless = [...used].find((d) => d.meaning.ofPeriodAsked && !PERIOD_WORDS.test(text));
    if (periodless)
      return {
        kind: 'refuse',
        reason: `your definition of "${periodless.term}" is of "that" period, and the question names none: please ask for a period`,
      };
    // ("premium mix = the share of a category's orders over $500": asked per category, or not read.)
    const unbroken = [...used].find(
      (d) =>
        d.meaning.ofEach &&
        !new RegExp(String.raw`\b(?:by|per|each|every|across)\s+${d.meaning.ofEach}`, 'i').test(text),
    );
    if (unbroken)
      return {
        kind: 'refuse',
        reason: `your definition of "${unbroken.term}" is a share within each ${unbroken.meaning.ofEach}, and the question does not ask per ${unbroken.meaning.ofEach}: please ask for it by ${unbroken.meaning.ofEach}`,
      };
    const named = people.filter((d) => text.includes(d.meaning.noun));
    const unsound = people.length > 0 ? peopleUnread(text, people, named) : undefined;
    if (unsound) return { kind: 'refuse', reason: unsound };
    // (A turn that only defines, before the turn that asks: the word must be used by the end of the thread.)
    const last = out.length === questions.length - 1;
    const unused = (last ? known : fresh).find((d) => !used.has(d) && (last || !definesOnly(text)));
    if (unused)
      return {
        kind: 'refuse',
        reason: `I read your definition of "${unused.term}" but not where the question uses it: please ask with the word in it`,
      };
    out.push(text);
  }
  return { kind: 'read', questions: out, used: [...used] };
}
