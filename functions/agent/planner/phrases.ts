/**
 * Phrases of everyday English that carry no data meaning, or say in other words what the planner already reads
 * (issue 29; the rule is in docs/analyst.md, "Words the model does not know"): read before the question's words
 * are matched against the model. Each rewrite is of a whole phrase, never of a lone word a model might name:
 * - periods side by side ("2023 next to 2024", "2023 and 2024 side by side"): a comparison of the periods;
 * - a precision the answers always have ("to the cent", "in dollars and cents"): nothing to read;
 * - "broken down by" is "by"; "add up" is a total; "plus" joins two asks; "very" only intensifies;
 * - who a figure is for, named with a person ("for the spreadsheet Dana asked for"): an aside;
 * - an ISO day ("2024-11-29"): the day the planner reads as "november 29 2024"; a year after an apostrophe
 *   ("Q4 '25"): that year ("q4 2025"); "the week of November 24 2025": its Monday to Sunday; a holiday by name
 *   ("Black Friday 2025", "Christmas Eve"): its day.
 * Anything else stays as asked, so a word the model lacks is still refused by name.
 */

import { readCalendarParts } from './calendar-parts';
import { addDays, addMonths } from './clock';
import { readCountRanges } from './count-ranges';
import { readCutoffs } from './cutoffs';
import { shift } from './dates';
import { readDayCounts } from './day-counts';
import { readDayRanges } from './day-ranges';
import { readEndGap } from './end-gap';
import { readFirstOfPeriod } from './first-of-period';
import { readFirstStep } from './first-step';
import { readPeriodTotals } from './period-totals';
import { readRelativeSpans } from './relative-spans';
import { readYearsOwn } from './seasonal';
import { readSignupSpans } from './signup-spans';
import { stem, words } from './text';
import { readTrailingMonths } from './trailing-months';
import { readTypos } from './typos';
import { readUnitSoFar } from './unit-so-far';
import { readUnitsAgo } from './units-ago';
import {
  EVERY_UNIT_OF,
  everyUnitWords,
  GRAIN_WORDS,
  MONTH_ABBREVIATIONS,
  MONTHS,
  monthIndex,
  ORDINAL_NUMBERS,
  type Unit,
} from './vocabulary';
import { readYearSpans } from './year-spans';

/** Things a figure is pulled for (a document or a meeting), before the person who asked for it. */
const DOCUMENTS =
  'spreadsheet|sheet|deck|board deck|doc|document|report|slides?|dashboard|memo|email|presentation|file|meeting|review|qbr|update|summary';

/** A period named on its own: a year, a quarter or half ("q1", "h2"), or a month. */
const PERIOD = `(?:\\d{4}|q[1-4](?:\\s+\\d{4})?|h[12](?:\\s+\\d{4})?|(?:${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})(?:\\s+\\d{4})?)`;

/** Words of a whole, not of a value ("total revenue", "all orders", "company sales"). */
const WHOLE_WORDS =
  /^(?:total|all|overall|company|whole|entire|gross|net|combined|annual|monthly|yearly|\d+)\b/i;
/** "share of revenue by category for north in 2024": a value's whole (its possessive dropped) and its period. */
const shareOfValue = (share: string, measure: string, dimension: string, value: string, period?: string) =>
  `${share} of ${measure} by ${dimension} for ${value.replace(/['’]s\b/gi, '').trim()}${period ? ` in ${period.trim()}` : ''}`;

/** "fourth", "4th": which quarter or half. */

type Replacement = string | ((all: string, ...groups: string[]) => string);

/** A real day as YYYY-MM-DD, or undefined ("February 30"). */
function isoDay(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month, day));
  return month >= 0 && date.getUTCMonth() === month && date.getUTCDate() === day
    ? date.toISOString().slice(0, 10)
    : undefined;
}

/** "november 28 2025": a day as the planner reads it. */
const spoken = (date: string) =>
  `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))} ${date.slice(0, 4)}`;

/** Holidays by name: fixed days (month, day), and the days after Thanksgiving (4th Thursday of November). */
const FIXED_HOLIDAYS: Record<string, [number, number]> = {
  christmas: [11, 25],
  'christmas day': [11, 25],
  'christmas eve': [11, 24],
  'new years eve': [11, 31],
  'new years day': [0, 1],
  'valentines day': [1, 14],
  halloween: [9, 31],
  'independence day': [6, 4],
};
const AFTER_THANKSGIVING: Record<string, number> = {
  thanksgiving: 0,
  'thanksgiving day': 0,
  'black friday': 1,
  'cyber monday': 4,
};
/** Holidays on a Monday of their month (holiday() finds the day). */
const MONDAY_HOLIDAYS = ['labor day', 'labour day', 'memorial day'];
/**
 * The holidays' names as a pattern, from the one list above (longest first: "christmas day" before "christmas"),
 * an apostrophe optional in a possessive ("new year's eve", "valentines day").
 */
const HOLIDAY_NAMES = [...Object.keys(FIXED_HOLIDAYS), ...Object.keys(AFTER_THANKSGIVING), ...MONDAY_HOLIDAYS]
  .sort((a, b) => b.length - a.length)
  .map((name) =>
    name
      .split(' ')
      .map((w) => (/^(?:years|valentines)$/.test(w) ? `${w.slice(0, -1)}['’]?s` : w))
      .join('\\s+'),
  )
  .join('|');
/** A holiday named with its day in a gloss after it: "cyber monday last year (dec 1)", "thanksgiving, nov 27 2025". */
const GLOSSED_HOLIDAY = new RegExp(
  `\\b(?:${HOLIDAY_NAMES})(?:\\s+((?:this|last)\\s+year|\\d{4}))?\\s*(?:,\\s*|\\(\\s*)(${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\s*\\)?`,
  'gi',
);
const HOLIDAY = new RegExp(`\\b(${HOLIDAY_NAMES})(?:\\s+(?:of\\s+)?(\\d{4}))?\\b`, 'gi');

/** The day a holiday named falls on ("november 28 2025"), or undefined where its year is needed and missing. */
function holiday(name: string, year: string): string | undefined {
  const key = name.toLowerCase().replace(/['’]/g, '').replace(/\s+/g, ' ').replace('labour', 'labor');
  const fixed = FIXED_HOLIDAYS[key];
  if (fixed) return `${MONTHS[fixed[0]]} ${fixed[1]}${year ? ` ${year}` : ''}`;
  // (Labor Day: September's first Monday; Memorial Day: May's last.)
  if ((key === 'labor day' || key === 'memorial day') && year) {
    const september = key === 'labor day';
    const start = new Date(Date.UTC(Number(year), september ? 8 : 5, 1)).getUTCDay();
    const day = september ? 1 + ((1 - start + 7) % 7) : 31 - ((start + 5) % 7);
    return spoken(`${year}-${september ? '09' : '05'}-${String(day).padStart(2, '0')}`);
  }
  const after = AFTER_THANKSGIVING[key];
  if (after === undefined || !year) return undefined;
  const firstWeekday = new Date(Date.UTC(Number(year), 10, 1)).getUTCDay();
  const thanksgiving = 1 + ((4 - firstWeekday + 7) % 7) + 21;
  return spoken(addDays(`${year}-11-${String(thanksgiving).padStart(2, '0')}`, after));
}

/** The holiday's day in a year as YYYY-MM-DD, or undefined for a name holiday() does not place. */
function holidayDay(name: string, year: number): string | undefined {
  const said = holiday(name, String(year));
  const m = said ? /^([a-z]+) (\d+) (\d{4})$/.exec(said.toLowerCase()) : null;
  const month = m ? monthIndex(m[1] ?? '') : undefined;
  if (!m || month === undefined) return undefined;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${String(m[2]).padStart(2, '0')}`;
}

/** A period named with its year ("2025", "q3 2024", "h1 2025", "march 2025"): its first and last day. */
function spanOf(period: string): { from: string; last: string } | undefined {
  const year = /(\d{4})$/.exec(period)?.[1];
  if (!year) return undefined;
  const y = Number(year);
  const months = (from: number, count: number) => {
    const first = isoDay(y, from, 1) ?? '';
    return { from: first, last: addDays(addMonths(first, count), -1) };
  };
  const quarter = /^q([1-4])\s/.exec(period)?.[1];
  if (quarter) return months((Number(quarter) - 1) * 3, 3);
  const half = /^h([12])\s/.exec(period)?.[1];
  if (half) return months((Number(half) - 1) * 6, 6);
  const month = monthIndex(period.split(/\s+/)[0] ?? '');
  if (month !== undefined && /\s/.test(period)) return months(month, 1);
  return /^\d{4}$/.test(period) ? months(0, 12) : undefined;
}

/** The first or last `n` days, weeks (7 days), months or quarters of a span; undefined if it does not fit. */
function partOf(
  span: { from: string; last: string },
  first: boolean,
  n: number,
  unit: Unit,
): { from: string; last: string } | undefined {
  if (n < 1) return undefined;
  const part = first
    ? { from: span.from, last: addDays(shift(span.from, unit, n), -1) }
    : { from: shift(addDays(span.last, 1), unit, -n), last: span.last };
  return part.from >= span.from && part.last <= span.last && part.from <= part.last ? part : undefined;
}

const SMALL_SIZE = 'small|smaller|cheap|cheaper|cheapo|low[\\s-]?value|low[\\s-]?ticket|little|tiny|budget';
const BIG_SIZE =
  'big|bigger|large|larger|big[\\s-]?ticket|high[\\s-]?value|high[\\s-]?ticket|expensive|pricey|premium';
const SIZE_GLOSSED = new RegExp(
  `\\b(?:the\\s+)?(${SMALL_SIZE}|${BIG_SIZE})(?:\\s+(?:ones?|orders?|sales?|purchases?|tickets?))?\\s*(?:,|-|\\u2014|\\u2013|:|\\()\\s*(?:i\\.?\\s?e\\.?,?\\s*|meaning\\s+|that\\s+is,?\\s*|aka\\s+|so\\s+)?((?:under|below|less\\s+than|at\\s+most|over|above|more\\s+than|at\\s+least)\\s+\\$?\\d[\\d,.]*k?|\\$?\\d[\\d,.]*k?\\s*(?:\\+|or\\s+(?:more|less|above|below|over|under)|and\\s+(?:up|above|over|under|below)))\\s*\\)?`,
  'gi',
);
/**
 * "small stuff under $50", "big tickets over $950", "tiny orders under $25": a size word with its noun, then the
 * amount that defines it, with no separator (the rows' noun kept when it names them).
 */
const SIZE_NAMED = new RegExp(
  `\\b(?:the\\s+)?(${SMALL_SIZE}|${BIG_SIZE}|huge|massive)\\s+(stuff|items?|ones?|orders?|tickets?|sales?|purchases?)\\s+((?:under|below|less\\s+than|at\\s+most|over|above|more\\s+than|at\\s+least)\\s+\\$?\\d[\\d,.]*k?)\\b`,
  'gi',
);
function sizeNamed(all: string, size: string, noun: string, condition: string): string {
  const big = /^(?:huge|massive)$/i.test(size) ? 'big' : size;
  const read = sizeGlossed(all, big, condition);
  if (read === all) return all;
  return /^(?:orders?|sales?|purchases?)$/i.test(noun) ? `${noun} ${read}` : read;
}
/** The condition of a glossed size word, when the word and the condition point the same way. */
function sizeGlossed(all: string, size: string, condition: string): string {
  const small = new RegExp(`^(?:${SMALL_SIZE})$`, 'i').test(size);
  const low = /^(?:under|below|less|at\s+most)|(?:less|below|under)$/i.test(condition);
  if (small !== low) return all;
  // ("$800+", "$800 or more": "at least $800", as the amount readers take a bound written first.)
  const [amount = '', bound = ''] = condition.split(/\s*(?=\+|\b(?:or|and)\s)/);
  if (!bound) return condition;
  return `${low ? 'at most' : 'at least'} ${amount}`;
}

/** Whether a word with the stem of `word` (its first five letters) is said in `text` outside [from, to). */
const saidElsewhere = (word: string, text: string, from: number, to: number) => {
  const stem = word.toLowerCase().slice(0, Math.min(5, word.length));
  return new RegExp(`\\b${stem}`, 'i').test(`${text.slice(0, from)} ${text.slice(to)}`);
};

/** A status kept or left out said after "net sales": the asker's definition of what "net" takes away. */
const NET_DEFINED =
  /^[^?!.]*?\b(?:excluding|excludes?|except|without|only|minus|less|not\s+including|leaving\s+out|after\s+removing)\s+(?:the\s+|any\s+|all\s+)?(?:(?:returned|cancell?ed|completed)(?:\s+(?:and|or|&)\s+(?:returned|cancell?ed|completed))?\s+orders|returns?(?:\s+(?:and|or|&)\s+cancell?ations?)?|cancell?ations?(?:\s+(?:and|or|&)\s+returns?)?)\b/i;

const REWRITES: [RegExp, Replacement][] = [
  // "in which quarter of 2024 did enterprise revenue peak", "which month revenue peaked in": the highest (was
  // refused: "revenue peak" read as one word the model lacks).
  // ("when did monthly orders peak": in which month were orders the highest.)
  [
    /\b(when\s+)?(?:did|does|do)\s+(?:(monthly|quarterly|weekly|daily|yearly|annual)\s+)?((?:[a-z$'’-]+\s+){0,4}?[a-z$'’-]+)\s+peak\b/gi,
    (_all: string, when: string | undefined, every: string | undefined, what: string) => {
      const unit = every ? GRAIN_WORDS[every.toLowerCase()] : undefined;
      // ("when did revenue peak": no period named to rank, left as it was and refused.)
      if (when && !unit) return _all;
      const lead = when ? `in which ${unit} ` : '';
      const verb = /(?:orders|sales|returns|cancellations|signups|purchases)$/i.test(what) ? 'were' : 'was';
      return `${lead}${verb} ${unit && !when ? `${every} ` : ''}${what} the highest`;
    },
  ],
  [
    /\b((?:[a-z$'’-]+\s+){0,3}?(?:revenue|sales|orders|spend|spending|amount|aov|value|count|returns|cancellations))\s+peaked\b/gi,
    '$1 was the highest',
  ],
  // "which quarter had the lowest number of returned orders", "the region with the highest number of cancelled
  // orders": the superlative ranks a count, the most (fewest) of them (was read as the smallest or largest order
  // amount, "lowest" naming the minimum: confidently wrong). Only after a verb or "with"/"by" that ranks: "what was
  // the highest number of orders a customer placed" asks for the number itself.
  [
    /\b(had|has|have|having|with|saw|sees|see|got|gets|recorded|records|placed|places|made|makes|by)\s+(?:the\s+)?(highest|largest|biggest|greatest|lowest|smallest|least)\s+(?:total\s+)?(?:number|count)\s+of\b/gi,
    (_all: string, verb: string, rank: string) =>
      verb.toLowerCase() === 'by'
        ? `${verb} number of`
        : `${verb} the ${/^(?:lowest|smallest|least)$/i.test(rank) ? 'fewest' : 'most'}`,
  ],
  // "what was the most any single customer spent on one order": the largest order (was the customer with the most
  // orders: confidently wrong).
  [
    /\b(?:what\s+(?:was|is|were)\s+|what['’]s\s+)?the\s+(?:most|highest\s+amount|largest\s+amount)\s+(?:that\s+)?(?:a|any|any\s+one|any\s+single|one|a\s+single)\s+(?:customer|client|buyer|account|shopper)\s+(?:has\s+|had\s+|ever\s+)?(?:spent|paid)\s+(?:in|on|for)\s+(?:one|a|a\s+single|any\s+one|any\s+single|a\s+given)\s+(order|purchase)\b/gi,
    (_all: string, noun: string) => `what was the biggest single ${noun.toLowerCase()}`,
  ],
  // "what was the highest number of orders a customer placed in 2025", "the most a customer spent in 2025": the
  // customer with the most (was every order counted, or all the spend summed: confidently wrong).
  [
    /\b(?:what\s+(?:was|is|were)\s+|what['’]s\s+)?the\s+(highest|largest|biggest|greatest|most|lowest|smallest|fewest|least)\s+(?:number\s+of\s+)?(orders|purchases)\s+(?:that\s+)?(?:a|any|any\s+one|any\s+single|one|a\s+single)\s+(customer|client|buyer|account|shopper)\s+(?:has\s+|had\s+|ever\s+)?(placed|made|had|put\s+in|submitted)\b/gi,
    (_all: string, rank: string, noun: string, who: string, verb: string) =>
      `which ${who.toLowerCase()} ${verb.toLowerCase()} the ${/^(?:lowest|smallest|fewest|least)$/i.test(rank) ? 'fewest' : 'most'} ${noun.toLowerCase()}`,
  ],
  [
    /\b(?:what\s+(?:was|is|were)\s+|what['’]s\s+)?the\s+(most|least)\s+(?:that\s+)?(?:a|any|any\s+one|any\s+single|one|a\s+single)\s+(customer|client|buyer|account|shopper)\s+(?:has\s+|had\s+|ever\s+)?(spent|paid)\b(?!\s+(?:in|on|for)\s+(?:one|a|a\s+single|any\s+one|any\s+single|a\s+given)\s+(?:order|purchase)\b)/gi,
    (_all: string, rank: string, who: string) => `which ${who.toLowerCase()} spent the ${rank.toLowerCase()}`,
  ],
  // "average monthly revenue per region", "average weekly orders per product category": each region's average
  // month, as "by region" (was the average region's revenue in each month: confidently wrong). A cadence said first
  // makes the period the unit averaged; "per customer" (the figure divided among people) stays.
  [
    /\b((?:average|avg|mean|typical)\s+(?:daily|weekly|monthly|quarterly|yearly|annual)\s+(?:[a-z$'’-]+\s+){0,2}?(?:revenue|sales|orders|spend(?:ing)?|order\s+count|purchases|returns|cancellations|signups))\s+per\s+(?!(?:customer|client|buyer|account|shopper|user|person|people|head|order|purchase|day|week|month|quarter|year)s?\b)((?:product\s+|sales\s+|customer\s+)?[a-z]+)\b/gi,
    '$1 by $2',
  ],
  // "how many more orders did customers place in 2025 than in 2024": the orders placed (was the change in the number
  // of customers: confidently wrong).
  [
    /\bhow\s+many\s+(more|fewer|less)\s+(orders|purchases)\s+did\s+(?:our\s+|the\s+|my\s+|all\s+)?(?:customers|clients|buyers|shoppers)\s+(?:place|make|put\s+in|submit)\b/gi,
    (_all: string, more: string, noun: string) =>
      `how many ${more.toLowerCase()} ${noun.toLowerCase()} were placed`,
  ],
  // "how much more revenue did north make than west", "how many more orders did electronics get than toys", "how many
  // more orders did we get on weekdays than weekends": the difference between two values of one dimension, as "the
  // difference in ... between A and B" reads it (was refused: two values named in different parts). A period after
  // "than" ("than in 2024") is another question, left as it was.
  [
    /\bhow\s+(much|many)\s+more\s+(?:(revenue|sales|orders|spend|spending|money|purchases)\s+)?(?:did|does|do|has|have)\s+(?:(?:we|i|you)\s+(?:make|get|have|bring\s+in|generate|sell|do|see|record|receive|earn|take\s+in)\s+(?:on|from)\s+|(?:the\s+|our\s+|my\s+)?)([a-z][a-z\s-]*?)\s+(?:(make|get|have|bring\s+in|generate|sell|do|place|spend|earn|see|record|receive|take\s+in|pull\s+in)\s+)?than\s+(?:on\s+|from\s+)?(?!(?:(?:the|a|an|our|my)\s+)?(?:in|during|for|over|last|this|that|q[1-4]|h[12]|20\d\d|january|february|march|april|may|june|july|august|september|october|november|december|before|previously|earlier|usual|year|month|quarter|week|day|period|previous|prior|same)\b)(?:the\s+|our\s+|my\s+)?([a-z][a-z\s-]*?)(?=\s+(?:in|during|for|over|across|last|this|since|from|between|so\s+far)\b|\s*[?.!]|\s*$)/gi,
    (
      all: string,
      much: string,
      figure: string | undefined,
      a: string,
      verb: string | undefined,
      b: string,
    ) => {
      // ("how much more did we ...": no values named, nothing to compare.)
      // ("how many more orders did we do last year than the year before": periods, another question.)
      if (/^(?:we|i|you|they|it)\b|\b(?:last|this|next|year|month|quarter|week|day|20\d\d)\b/i.test(a.trim()))
        return all;
      const what = figure
        ? /^(?:spend|spending|money)$/i.test(figure)
          ? 'revenue'
          : figure.toLowerCase()
        : much.toLowerCase() === 'many' || /^place$/i.test(verb ?? '')
          ? 'orders'
          : 'revenue';
      return `what's the difference in ${what} between ${a.trim()} and ${b.trim()}`;
    },
  ],
  // "for each customer segment, what is the median lifetime revenue per customer": the segment, where a figure per
  // customer is asked beside it ("customer" read twice made the customers the breakdown: each one listed,
  // confidently wrong).
  [
    /\b(each|every|per|by|which|for\s+each|for\s+every)\s+(?:customer|client)\s+(segments?)\b/gi,
    (all: string, lead: string, segment: string, ...rest: unknown[]) =>
      /\bper\s+(?:customer|client|head|person)\b|\b(?:customer|client)['’]s\b|\b(?:customers|clients)['’]/i.test(
        String(rest[rest.length - 1] ?? ''),
      )
        ? `${lead} ${segment}`
        : all,
  ],
  // "rank the regions by their percent change in orders from 2023 to 2025, biggest increase first": the order a ranking
  // of changes is read in anyway, said again (was refused: "increase first"). The smallest first is left, refused.
  [
    /\s*,?\s*(?:with\s+)?(?:the\s+)?(?:biggest|largest|highest|greatest|most)\s+(?:increase|growth|gain|rise|riser|grower|change)s?\s+(?:first|at\s+the\s+top|on\s+top)\b/gi,
    (all: string, ...rest: unknown[]) =>
      /\b(?:rank|ranked|ranking|sort|sorted|order|ordered|list)\b[^?]*\b(?:change|growth|grew|increase|decline|move)/i.test(
        String(rest[rest.length - 1] ?? ''),
      )
        ? ''
        : all,
  ],
  // "the month with the most customers ordering", "customers placing orders": customers who ordered.
  [
    /\b(customers|clients|buyers|shoppers)\s+(?:ordering|placing\s+(?:an?\s+|any\s+)?(?:orders?|purchases?)|buying|purchasing|making\s+(?:an?\s+|any\s+)?purchases?)\b(?!\s*(?:over|above|under|below|worth|of|for|more|less|with|larger|bigger|smaller|greater|at|between|\$|>|<))/gi,
    '$1 who ordered',
  ],
  // "what was the lowest monthly revenue in 2024 and which month was it": the month the figure names is the row
  // the answer gives (was refused: "month" read as a word left over). Only where the question says that cadence.
  [
    /\s*,?\s*and\s+(?:which|what)\s+(day|week|month|quarter|year)\s+(?:was|is)\s+(?:it|that|this)\b/gi,
    (all: string, grain: string, ...rest: unknown[]) => {
      const text = String(rest[rest.length - 1] ?? '');
      const cadence = Object.entries(GRAIN_WORDS).some(
        ([word, unit]) =>
          unit === grain.toLowerCase() &&
          word !== grain.toLowerCase() &&
          new RegExp(`\\b${word}\\b`, 'i').test(text),
      );
      return cadence ? '' : all;
    },
  ],
  // "break down 2025 revenue by segment and give me the percentage each contributes": each one's share.
  [
    /\b(?:and\s+)?(?:give\s+me\s+|show\s+me\s+|with\s+|plus\s+)?(?:the\s+)?(?:percentage|percent|%|share|portion|proportion)\s+(?:that\s+)?each(?:\s+one)?\s+(?:contributes|makes\s+up|accounts\s+for|represents|brings\s+in|drives)\b/gi,
    "with each one's share",
  ],
  // "the top quartile of customers", "customers in the top decile by spend": a group of the entities, the top
  // 25% (10%) of them ("how many customers are in the top quartile by spend" was the 75th percentile of an order's
  // amount, another figure; a cut-off, "the top decile threshold of order amount", is left to cutoffs.ts).
  [
    /\b(top|bottom)\s+(quartile|decile|quintile|tercile)\b(?=\s+(?:of\s+(?:our\s+|my\s+|the\s+|all\s+)?(?:customers|clients|buyers|accounts|shoppers|spenders)|by\s+))|(?<=\bin\s+the\s+)(top|bottom)\s+(quartile|decile|quintile|tercile)\b(?!\s+(?:threshold|cut|cutoff|cut-off|line|boundary|mark|value|of\s+(?:order|the\s+order)))/gi,
    (_all: string, side1: string, part1: string, side2: string, part2: string) => {
      const part = (part1 ?? part2 ?? '').toLowerCase();
      const percent = { quartile: 25, decile: 10, quintile: 20, tercile: 33 }[part] ?? 25;
      return `${side1 ?? side2} ${percent}%`;
    },
  ],
  // "top 3 regions by revenue per customer", "which segment has the highest revenue per customer", "which region
  // has the most orders per customer": a group ranked by its figure per customer is the average per customer (read
  // as it stood, "per customer" was the group ranked within: each customer's top region, confidently wrong).
  [
    /\b(by|(?:the\s+)?(?:highest|lowest|most|fewest|least|biggest|largest|smallest|greatest))\s+(revenue|sales|spend(?:ing)?|orders|purchases|number\s+of\s+orders|order\s+count)\s+per\s+(?:customer|client|buyer|shopper|account|head|person|user)\b/gi,
    (_all: string, rank: string, figure: string) => {
      const orders = /orders|purchases|count/i.test(figure);
      const word = rank.replace(/^the\s+/i, '').toLowerCase();
      const lead =
        word === 'by'
          ? 'by'
          : `the ${['lowest', 'fewest', 'least', 'smallest'].includes(word) ? 'lowest' : 'highest'}`;
      return `${lead} average ${orders ? 'number of orders' : 'revenue'} per customer`;
    },
  ],
  // "the change in revenue between 2024 and 2025 (2025 minus 2024)": the direction restated in brackets, the later
  // year minus the earlier, is the change from the one to the other (the earlier minus the later is left, refused).
  [
    /(\b(?:between|from)\s+((?:19|20)\d\d)\s+(?:and|to)\s+((?:19|20)\d\d)\b[^()]*?)\s*\(\s*((?:19|20)\d\d)\s*(?:minus|-|–|less)\s*((?:19|20)\d\d)\s*\)/gi,
    (all: string, said: string, a: string, b: string, later: string, earlier: string) => {
      const [lo, hi] = [a, b].sort();
      return later === hi && earlier === lo && lo !== hi ? said : all;
    },
  ],
  // "which region brings us the most revenue", "which category brings me the most orders": has the most.
  [
    /\bbrings?\s+(?:us|me|you|in|our\s+(?:company|business))\s+(?=(?:the\s+)?(?:most|least|highest|lowest|biggest|largest|smallest)\b)/gi,
    'has ',
  ],
  // "rose the most over the month before (January against December 2024)": the first period's basis restated in
  // brackets says nothing more ("January against December 2024" was read as the two periods compared: one change
  // of two months, confidently wrong).
  [
    /(\b(?:the\s+)?(?:month|quarter|week|year)\s+before|\b(?:the\s+)?(?:previous|prior|preceding)\s+(?:month|quarter|week|year))\s*\(\s*(?:so\s+|i\.?e\.?,?\s+|e\.?g\.?,?\s+|with\s+)?[a-z]+(?:\s+(?:19|20)\d\d)?\s+(?:against|vs\.?|versus|compared\s+(?:to|with))\s+(?:the\s+)?[a-z]+\s+(?:of\s+)?(?:19|20)\d\d\s*\)/gi,
    '$1',
  ],
  // "how many customers signed up in each quarter of 2022, and what did they spend in 2025?": the breakdown said
  // first, as cohort-breakdowns.ts reads it ("for each quarter of 2022, how many customers signed up, and ..."); the
  // later year was read as a second signup period ("no data for 2025": confidently wrong).
  [
    /^\s*how\s+many\s+(new\s+)?(customers|clients|accounts|people)\s+(signed\s+up|joined|registered)\s+(?:in|during)\s+(?:each|every)\s+(month|quarter|half)\s+(?:of|in)\s+((?:19|20)\d\d)\s*,?\s+(and|plus)\s+(?=\S)/i,
    (_all: string, fresh = '', people: string, verb: string, grain: string, year: string, and: string) =>
      `for each ${grain.toLowerCase()} of ${year}, how many ${fresh}${people} ${verb}, ${and} `,
  ],
  // "placed an order in every quarter of 2025", "made a purchase in each month": ordered in every one (the share of
  // orders per quarter was given: confidently wrong).
  [
    /\b(?:placed|made|had|put\s+in)\s+(?:an?|at\s+least\s+one|one)\s+(?:order|purchase)\s+(in\s+(?:every|each)\s+(?:single\s+)?(?:day|week|month|quarter)\b)/gi,
    'ordered $1',
  ],
  // "how much did returned orders bring in during 2025", "by how many dollars did revenue ... change": money asked of
  // the rows (their number was given: confidently wrong).
  [/\bby\s+how\s+many\s+(?:dollars|bucks|usd)\b/gi, 'by how much'],
  // ("how much more revenue did cancelled orders account for in 2024 than in 2023": an amount, not a share.)
  [
    /\bhow\s+much\s+((?:more\s+or\s+less|more|less)\s+)?(revenue|sales|money)\s+(did|do|does)\s+([a-z][^?]*?)\s+account\s+for\b/gi,
    (_all: string, more = '', money: string, verb: string, rows: string) =>
      `how much ${more}${money} ${verb} ${rows} bring in`,
  ],
  [
    /\bhow\s+much\s+((?:more\s+or\s+less|more|less)\s+)?(did|do|does|will|would)\s+(?!(?:we|i|you|they|it)\b)([a-z][^?]*?)\s+(bring|brought|bringing|rake|raked|pull|pulled)\s+in\b/gi,
    (_all: string, more = '', verb: string, rows: string, bring: string) =>
      `how much ${more}revenue ${verb} ${rows} ${bring} in`,
  ],
  // "which category lost the most revenue to cancellations", "lost the most to returned orders": the most revenue of
  // those orders (was the largest fall of revenue over the year before: confidently wrong).
  [
    /\b(?:lost|loses|lose|losing)\s+the\s+(most|least)(?:\s+(revenue|money|sales|dollars))?\s+(?:to|through|from|on)\s+(?:(?:its|their|the)\s+)?(returns|returned\s+orders|cancellations|cancelled\s+orders|canceled\s+orders|cancels|refunds)\b/gi,
    (_all: string, most: string, _money: string | undefined, kind: string) =>
      `had the ${most.toLowerCase()} revenue from ${/^ret|^ref/i.test(kind) ? 'returned' : 'cancelled'} orders`,
  ],
  // "in each segment, how many customers have placed an order over $950?": the group said first is the breakdown of
  // the people counted, said after them ("..., by segment"); the people were read as a breakdown too (each customer
  // listed with a count of 1: confidently wrong).
  [
    /^\s*(?:in|for|within|across)\s+(?:each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s*,\s*(how\s+many\s+(?:customers|clients|buyers|shoppers|accounts|people)\b[^?]*?)\s*(\?*)\s*$/i,
    (all: string, group: string, rest: string, mark: string) =>
      /\b(?:by|per|each|every)\b/i.test(rest) ? all : `${rest}, by ${group}${mark}`,
  ],
  // "which segment changed the most between the two?" after "orders by segment in 2024" -> "and in 2025?": the two
  // periods just compared, said already by the thread ("two" was read as a top 2, the periods as this year and next).
  // ("between those two years" is read by the follow-up itself.)
  [
    /\b((?:changed|change|grew|grow|fell|fall|moved|move|rose|rise|dropped|drop|shifted|shift|swung|swing|declined|decline|increased|increase|decreased|decrease|improved|improve)(?:\s+the)?(?:\s+(?:most|least|more|less|fastest|slowest|biggest|smallest))?)\s+between\s+(?:the\s+two|them)(?:\s+of\s+them)?(?=\s*[?.!]|\s*$)/gi,
    '$1',
  ],
  // "what share of Q4 2025 revenue came from the top 5 customers of that quarter?": the pointer at the question's one
  // period is that period, already said (the customers "of" it were read as signed up in it, or it was unread). Only
  // at the question's end: "in the same month a year earlier" is another period.
  [
    /\s*,?\s*\b(?:of|in|during|for|within|over)\s+(?:that|the\s+same)\s+(year|quarter|month)(?=\s*(?:[?.!]|$))/gi,
    (all: string, unit: string, ...rest: unknown[]) => {
      const text = String(rest[1] ?? '');
      const periods = [
        ...new Set(
          text.match(
            /\b(?:q[1-4]\s+(?:19|20)\d\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+(?:19|20)\d\d|(?:19|20)\d\d)\b/gi,
          ) ?? [],
        ),
      ].map((p) => p.toLowerCase());
      if (periods.length !== 1) return all;
      const said = periods[0] ?? '';
      const own = /^q/.test(said) ? 'quarter' : /^\d/.test(said) ? 'year' : 'month';
      return own === unit.toLowerCase() ? '' : all;
    },
  ],
  // "how did the last full quarter compare to the one before?", "revenue in Q3 2025 vs the previous one": the unit
  // said before it (was unread, refused).
  [
    /\b(day|week|month|quarter|year|q[1-4]|(?:19|20)\d\d|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b([^?.!]*?\b(?:to|with|vs\.?|versus|against|than|over)\s+)the\s+(one\s+(?:before|prior)|previous\s+one|prior\s+one|previous|one\s+preceding)\b(?!\s+(?:day|week|month|quarter|year)\b)/gi,
    (all: string, said: string, between: string, pointer: string) => {
      // ("this quarter versus the previous one": read as two periods side by side already.)
      const bare = /^(?:day|week|month|quarter|year)$/i.test(said);
      if (bare && /^p/i.test(pointer)) return all;
      const unit = bare
        ? said.toLowerCase()
        : /^q/i.test(said)
          ? 'quarter'
          : /^\d/.test(said)
            ? 'year'
            : 'month';
      return `${said}${between}the ${unit} before`;
    },
  ],
  // "how much did each signup quarter's customers spend in 2024": the people of each group of two or three words, or
  // a year and one or two ("each 2022 signup quarter's customers"; of
  // one word, "each region's customers", read below), the group the breakdown (the people were read as a breakdown by
  // customer too, or "buyers" as their count: confidently wrong).
  [
    /\b(each|every)\s+((?:(?:19|20)\d\d\s+(?:[a-z-]+\s+)?|(?:[a-z-]+\s+){1,2})[a-z]+)['’]s\s+(?:customers|clients|buyers|shoppers|accounts|purchasers)\b/gi,
    'the customers of $1 $2',
  ],
  // "the last three months of the year" with one year named: that year's Q4 (the first three its Q1, the first or
  // last six its H1 or H2, the last month its December); was read as the last 3 months to today (confidently wrong).
  [
    /\b(?:the\s+)?(first|last|final|opening|closing)\s+(3|three|6|six|1|one)\s+months?\s+of\s+(?:the|that)\s+year\b/gi,
    (all: string, side: string, n: string, ...rest: unknown[]) => {
      const years = [...new Set(String(rest[1] ?? '').match(/\b(?:19|20)\d\d\b/g) ?? [])];
      if (years.length !== 1) return all;
      const last = /^(?:last|final|closing)$/i.test(side);
      const months = ({ three: 3, six: 6, one: 1 } as Record<string, number>)[n.toLowerCase()] ?? Number(n);
      const part =
        months === 3
          ? last
            ? 'Q4'
            : 'Q1'
          : months === 6
            ? last
              ? 'H2'
              : 'H1'
            : last
              ? 'December'
              : 'January';
      return `${part} ${years[0]}`;
    },
  ],
  // "did the second half of 2024 bring in more than the first half", "compared with the third quarter, how did Q4
  // 2025 do", "what share of 2025 revenue came in Q4": a half or quarter said without its year in a question that
  // names one year takes that year (was this year's, past the data: confidently wrong).
  [
    /(?<!\b(?:19|20)\d\d\s{1,3})\b(the\s+(?:first|second|1st|2nd)\s+half|the\s+(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)\b(?!\s*(?:(?:of|in|for|during)\s+)?(?:(?:19|20)\d\d|(?:the|that|this|last|next|each|every|any|all|a|our|its|their)\b)|\s*[-/]\s*(?:19|20)?\d\d)/gi,
    (all: string, part: string, ...rest: unknown[]) => {
      const text = String(rest[1] ?? '');
      const years = new Set(text.match(/\b(?:19|20)\d\d\b/g) ?? []);
      // (Signup cohorts set against each other are read by the cohort reader, which takes the year itself.)
      if (/\b(?:joined|joiners?|signed\s+up|sign-?ups?|registered|cohorts?)\b/i.test(text)) return all;
      return years.size === 1 ? `${part} of ${[...years][0]}` : all;
    },
  ],
  // "of all the customers who bought toys in 2024, what % bought toys again in 2025?": the customers who did, the
  // whole of the share (with "all" the whole was every customer: confidently wrong).
  [
    /\b(of|among|amongst)\s+all\s+(?:of\s+)?(?:the\s+|our\s+|my\s+)?(customers|clients|buyers|shoppers|accounts)\s+(who|that|with)\b/gi,
    '$1 $2 $3',
  ],
  // "max order amount by region", "the smallest amount per region": the largest (smallest) row's amount, the max
  // (min) measure, not the amounts themselves ranked within each region (confidently wrong).
  [
    /\b(?:max|maximum|highest|largest|biggest|min|minimum|lowest|smallest)\s+(?:single\s+)?(?:order\s+)?amount\b(?!\s+of\b)/gi,
    (all: string) => (/^(?:max|hi|la|bi)/i.test(all) ? 'largest order amount' : 'smallest order amount'),
  ],
  // "spent 20% more in 2025 than in 2024", "placed 10 fewer orders in 2025 than 2024": the size of each one's move
  // said after the periods ("... by at least 20%", entity-versus.ts; the size was read as a bound on the spend).
  [
    /\b(spent|ordered|bought|purchased|placed)\s+((?:more\s+than|over|at\s+least)\s+)?(\d[\d,]*(?:\.\d+)?\s*(?:%|percent)|\$\s*\d[\d,]*(?:\.\d+)?k?|\d[\d,]*(?=\s+(?:more|fewer)\s+orders\b))\s+(more|less|fewer)\b([^?.!]*?\s+than\s+(?:in\s+)?(?:q[1-4]\s+|h[12]\s+|[a-z]+\s+)?\d{4})/gi,
    (_all, verb: string, bound: string | undefined, size: string, way: string, rest: string) =>
      `${verb} ${way}${rest} by ${bound ?? 'at least '}${size}${/^\d[\d,]*$/.test(size) ? ' orders' : ''}`,
  ],
  // "each customer's largest ever order", "their biggest-ever purchase": the largest order (with "ever" between, the
  // superlative went unread and the order count was given: confidently wrong).
  [
    /\b(largest|biggest|smallest|highest|lowest|priciest|cheapest|most\s+expensive)[\s-]+ever\s+(orders?|purchases?)\b/gi,
    '$1 $2',
  ],
  // "for each customer, take their biggest single order": each customer's, as "take each customer's ..." reads.
  [
    /\bfor\s+(?:each|every)\s+(customer|client|account|buyer)\s*,?\s+take\s+(?:their|his\s+or\s+her)\s+/gi,
    "take each $1's ",
  ],
  // "at least one order returned in each of 2023, 2024 and 2025": a returned order, as the readers of each one's
  // rows read it (the status after the noun was read as a filter and "each of" as a breakdown: confidently wrong).
  [
    /\b(at\s+least\s+(?:one|1)|one\s+or\s+more)\s+(orders?|purchases?)\s+(?:that\s+(?:was|were|got)\s+|(?:was|were|got)\s+)?((?:return|cancel+|complet|refund|ship)ed)\b/gi,
    (_all, lead: string, noun: string, status: string) =>
      `${/^an?$/i.test(lead) ? 'a' : lead} ${status} ${noun}`,
  ],
  // ("how many returns in November 2025? (orders with status returned)", "the most returned orders (count of
  // returns)": a gloss restating a value or a count the question names already; kept as a condition when it is new.)
  [
    /\s*\(\s*(?:i\.?e\.?,?\s*)?(?:orders?|ones?|rows?)\s+(?:with|whose|where)\s+(?:the\s+)?status\s+(?:is\s+|=\s*)?['"‘’“”]?([a-z]+)['"‘’“”]?\s*\)/gi,
    (all: string, ...rest: string[]) => {
      const [value = '', at = '0', text = ''] = rest;
      return saidElsewhere(value, text, Number(at), Number(at) + all.length) ? '' : ` with status ${value}`;
    },
  ],
  [
    /\s*\(\s*(?:a\s+|the\s+)?(?:count|number)\s+of\s+([a-z]+)\s*\)/gi,
    (all: string, ...rest: string[]) => {
      const [noun = '', at = '0', text = ''] = rest;
      return saidElsewhere(noun, text, Number(at), Number(at) + all.length) ? '' : all;
    },
  ],
  // ("revenue by order year", "order count per order quarter": the rows' own date is the one a plain grain is of;
  // beside a signup cohort, understand.ts puts it on the rows' date.)
  [
    /\b(by|per|each|every|broken\s+(?:down|out)\s+by|split\s+by)\s+(?:the\s+)?(?:order|purchase)\s+(year|quarter|month|week)\b/gi,
    '$1 $2',
  ],
  // ("spent $4,000 or more in Q4 2025 alone": that period by itself, which it is anyway.)
  [/(\b(?:19|20)\d{2})\s+(?:alone|by\s+itself|on\s+its\s+own)\b/gi, '$1'],
  // ("between 15 December 2025 and 15 January 2026 (both days included)": a span of days counts both ends anyway.)
  [
    /\s*\(\s*(?:both\s+(?:days|dates|ends)\s+(?:included|inclusive|counted)|inclusive|incl\.?\s+both(?:\s+(?:days|dates|ends))?)\s*\)/gi,
    '',
  ],
  // ("For customers with at least two orders: the median days between their first and second order": who has a
  // second order, said first.)
  [
    /^\s*(?:for|among|of)\s+(?:the\s+)?(?:customers|clients|buyers|people)\s+(?:with|who\s+(?:have|had|placed))\s+(?:at\s+least\s+)?(?:two|2)\s+(?:or\s+more\s+)?(?:orders|purchases)\s*[:,-]\s*(?=.*\bsecond\b)/i,
    '',
  ],
  // (The same said after the ask: "median days from first to second order, for customers who have at least two orders".)
  [
    /(?<=\bsecond\b.*?)\s*[,;(–—-]*\s*(?:for|among|of|only)\s+(?:the\s+)?(?:customers|clients|buyers|people|those)\s+(?:with|who\s+(?:have|had|placed|made))\s+(?:at\s+least\s+)?(?:two|2)\s+(?:or\s+more\s+)?(?:orders|purchases)\s*\)?\s*(?=[?.!]*\s*$)/i,
    '',
  ],
  // ("weekend orders (Saturday + Sunday)": what a weekend is, said again.)
  [/(\bweekends?\b[^()]*?)\s*\(\s*sat(?:urday)?s?\s*(?:\+|and|&|,|\/)\s*sun(?:day)?s?\s*\)/gi, '$1'],
  // ("top 1% of customers ... 1% = the customer count divided by 100.": how many a top percent holds, said again;
  // read away only when it is that percent.)
  [
    /\s*[(,;.?!-]?\s*(\d+(?:\.\d+)?)\s*%\s*(?:=|means|is)\s*(?:the\s+)?(?:number\s+of\s+(?:customers|clients|accounts|buyers)|(?:customer|client|account|buyer)\s+count|count\s+of\s+(?:customers|clients|accounts|buyers))\s*(?:divided\s+by|\/|over)\s*(\d+)\s*\)?\s*[.;]?/gi,
    (all: string, percent: string, divisor: string) =>
      Math.abs(Number(percent) * Number(divisor) - 100) < 1e-9
        ? /^\s*[?.!]/.test(all)
          ? (all.trim()[0] ?? '')
          : ''
        : all,
  ],
  // "revenue per customer: 10th vs 90th percentile", "order amount in 2025 - p25 vs p75": the two percentiles of the
  // figure said first, as "10th and 90th percentile of revenue per customer" reads.
  [
    /^\s*((?:[a-z]+\s+){0,5}[a-z0-9]+)\s*(?:[:,]|\s[-–—])\s*(\d{1,2}(?:st|nd|rd|th)|p\d{1,2})\s+(?:vs\.?|versus|and|&)\s+(?:the\s+)?(\d{1,2}(?:st|nd|rd|th)|p\d{1,2})(\s+percentiles?)?\s*([?.!]*)\s*$/i,
    (_all, figure: string, a: string, b: string, word = '', end = '') =>
      `${a} and ${b}${word ? ' percentile' : ''} of ${figure}${end}`,
  ],
  // ("revenue per customer in the west vs east for 2025": two groups compared by their average per customer, not each
  // customer's own figure listed.)
  [
    /(?<!\b(?:average|avg|mean|typical|median|percentile|p\d{1,2}|\d{1,2}(?:st|nd|rd|th)|highest|lowest|max|min)\b[^,.;:?]{0,24})\b(revenue|sales|spend|spending|orders)\s+per\s+(customer|client|buyer|account)\b(?!\s+(?:segment|region|type|group|tier|category|name|count|base|level|size|cohort)s?\b)(?=[^?]*\b(?:vs\.?|versus|compared\s+(?:to|with)|against)\b)/gi,
    'average $1 per $2',
  ],
  // ("returns YTD vs the same period last year? (count of returned orders)": the count of a status said again.)
  [
    /(?<=\b(?:returns?|returned|cancellations?|cancels|cancelled|canceled|completions?|completed)\b[^()]*?)\s*\(\s*(?:i\.?e\.?\s*,?\s*)?(?:the\s+)?(?:count|number|#)\s+of\s+(?:returned|cancell?ed|canceled|completed)\s+orders\s*\)/gi,
    '',
  ],
  // ("our FY2025/26 (fiscal year runs Jul 2025 - Jun 2026)": the span the asker's fiscal year names.)
  [
    /\b(?:(?:for|in|during|over)\s+)?(?:(?:our|the|my)\s+)?fy\s?'?\d{2,4}(?:\s*[/-]\s*'?\d{2,4})?\s*\(\s*(?:our\s+|the\s+)?(?:fiscal|financial)\s+year\s+(?:runs|is|goes|=)\s+(?:from\s+)?([a-z]+\s+\d{4})\s*(?:-|–|—|to|through|thru)\s*([a-z]+\s+\d{4})\s*\)/gi,
    'from $1 through $2',
  ],
  // ("our fiscal year FY25, which runs Jul 2024 to Jun 2025": the same, said after "which runs".)
  [
    /\b(?:(?:for|in|during|over)\s+)?(?:(?:our|the|my)\s+)?(?:(?:fiscal|financial)\s+year\s+)?fy\s?'?\d{2,4}(?:\s*[/-]\s*'?\d{2,4})?\s*,?\s*(?:which|that)\s+(?:runs|goes|is)\s+(?:from\s+)?([a-z]+\s+\d{4})\s*(?:-|–|—|to|through|thru)\s*([a-z]+\s+\d{4})\b/gi,
    'from $1 through $2',
  ],
  // ("over the winter (Dec 2025 through Feb 2026)": a season named by its months, said in brackets.)
  [
    /\b(?:over|in|during|for)\s+(?:the\s+)?(?:winter|summer|spring|fall|autumn|holidays?|holiday\s+season|festive\s+season)\s*\(\s*([a-z]+\s+\d{4}\s*(?:-|–|—|to|through|thru)\s*[a-z]+\s+\d{4})\s*\)/gi,
    'from $1',
  ],
  // ("median ... (middle customer, not the average)", "(the middle value, not the mean)": a median said again.)
  [
    /(\b(?:median|p50|50th\s+percentile)\b[^?]*?)\s*[,(-]?\s*(?:i\.?e\.?,?\s+)?(?:the\s+)?(?:middle|mid)(?:\s+(?:customer|one|value|order|figure|number|point))?\s*,?\s*(?:and\s+)?not\s+(?:the\s+)?(?:average|avg|mean)\s*\)?/gi,
    '$1',
  ],
  // ("as a percent please, not a fraction", "as a %, not a decimal": the form of a percent said again.)
  [
    /((?:\bpercent(?:age)?\b|%)[^?]*?)\s*,?\s*(?:and\s+)?not\s+(?:as\s+)?(?:a\s+)?(?:fraction|decimal|ratio|proportion)\b/gi,
    '$1',
  ],
  // ("total 2025 revenue in millions w/ one decimal, like $12.3M": an example of the form, not a figure.)
  [
    /\s*,?\s*(?:like|e\.?g\.?|for\s+example|say)\s+\$?\d+(?:\.\d+)?\s*(?:m|k|bn|b|million|thousand|billion)\b\s*(?=[?.!]*\s*$)/gi,
    '',
  ],
  // ("- call it gross sales in the answer": the asker's label for the figure.)
  [
    /\s*[-–—,;]?\s*(?:and\s+)?(?:please\s+)?call\s+it\s+['"‘“]?[a-z][a-z\s-]{0,30}?['"’”]?\s+in\s+the\s+(?:answer|reply|output)\b/gi,
    '',
  ],
  // ("exactly one order in Dec 2024? (one-and-done that month, not zero)": exactly one, said again.)
  [
    /(\bexactly\s+(?:one|1)\s+(?:order|purchase)[^()]*?)\s*\(\s*(?:one[\s-]and[\s-]done|a\s+single\s+one)[^()]*\)/gi,
    '$1',
  ],
  // ("which segment ordered most?", "the region that ordered the least": by its number of orders, never by how many
  // customers ordered. "bought the most" stays: of customers it is their spend.)
  // ("our three most frequent buyers": the customers with the most orders; a buyer alone is one who bought in the
  // period asked.)
  [/\b(most|least)\s+frequent\s+(?:buyer|shopper|purchaser)(s?)\b/gi, '$1 frequent customer$2'],
  // ("the 5 customers with the most orders - what % of orders were theirs?": came from them.)
  [/\b(?:were|was|are|is)\s+(?:all\s+)?theirs\b/gi, 'came from them'],
  [/\bordered\s+(?:the\s+)?most\b(?!\s+(?:often|recently|frequently|times))/gi, 'had the most orders'],
  [/\bordered\s+(?:the\s+)?least\b(?!\s+(?:often|recently|frequently|times))/gi, 'had the fewest orders'],
  // ("customers with fewer than 12 orders in 2024 - count them.": how many of them.)
  [
    /^\s*((?:customers|clients|accounts|buyers|orders)\b[^?.!;:–—-]*?)\s*(?:[-–—:,;]+|\.)\s*(?:(?:just|pls|please|can\s+you|could\s+you)\s+)?count\s+(?:them|those|these)(?:\s+(?:up|please|pls))?\s*[.!?]?/i,
    'how many $1?',
  ],
  // ("how many customers didn't place a single order in Q4 2025": placed no orders.)
  [
    /\b(?:did\s*n['’]?o?t|did\s+not)\s+(?:place|make|put\s+in)\s+(?:a\s+single|any|one|even\s+one)\s+(?:order|purchase)s?\b/gi,
    'placed no orders',
  ],
  // ("cancelled orders in 2024 versus 2023, how many more or fewer?": the counts and the difference; "returns" stay
  // counted, never their amounts.)
  [
    /\s*,?\s*(?:and\s+)?(?:by\s+)?how\s+many\s+more\s+or\s+(?:fewer|less)\b(?:\s+(?:is\s+that|was\s+it))?/gi,
    ', how many, and the difference',
  ],
  // Note-taking shorthand: "custs w/ >60 orders", "w/o returns", "<$50".
  [/\bw\/o(?=\s|$)/gi, 'without'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/(^|\s)>=\s*(?=\$?\d)/g, '$1at least '],
  [/(^|\s)<=\s*(?=\$?\d)/g, '$1at most '],
  // ("ordered >= 3x": three times, never an amount of $3.)
  [/(?<![\d.,])\b(\d+)\s*x\b(?!\s*\d)/gi, '$1 times'],
  [/(^|\s)>\s*(?=\$?\d)/g, '$1more than '],
  [/(^|\s)<\s*(?=\$?\d)/g, '$1less than '],
  // ("top spender per region + amt": each row's figure, shown anyway; "revenue + orders": both.)
  [/\s*\+\s*(?:the\s+)?(?:amts?|amounts?|totals?|figures?|\$)\s*([?.!]*)\s*$/gi, ' with amounts$1'],
  [/([a-z])\s*\+\s*(?=[a-z])/gi, '$1 and '],
  // ("signed up in 2022 H1", "orders 2025 q3 vs 2025 q4": the half or quarter said after its year, as "H1 2022" reads;
  // the cohort readers took the year alone and the quarter as another period.)
  [
    /\b(20\d\d)\s*[-/]?\s*([hq][1-4])\b(?![-/]\d)/gi,
    (_all, year: string, part: string) => `${part.toUpperCase()} ${year}`,
  ],
  // "what did they spend in 2025 all together", "how much did those customers spend combined": a group's spend is
  // the sum already (the word left unread turned a cohort's two figures into its count alone). Not after a ranking
  // ("the top 5 customers ... what did they spend in total": their one sum beside the list, top-total.ts).
  [
    /\b((?:they|those|these|them)\b[^?.!:;]{0,40}?\bspen[dt]\b[^?.!:;]*?)\s*,?\s*\b(?:all\s+together|altogether|combined|in\s+total|in\s+all)\b/gi,
    (all: string, ...rest: string[]) =>
      /\b(?:top|bottom|best|worst|biggest|largest|highest|lowest|smallest|most|least)\b/i.test(
        String(rest.at(-1)),
      )
        ? all
        : (rest[0] ?? all),
  ],
  // "median of what each of my customers spent", "every one of our clients": one entity at a time, as "each
  // customer" says it (the asker's own rows are the ones their access shows).
  [/\b(each|every)\s+(?:one\s+)?of\s+(?:my|our|the)\s+(customer|client|buyer|shopper|account)s\b/gi, '$1 $2'],
  // "how much of that was Q4, as a percent", "how much of it came in Q3 + Q4 combined, in %": the share asked
  // ("what % of that was ..."), not an amount with "of" left unread.
  [
    /\bhow\s+much\s+of\s+(that|it|this|the\s+total)\s+((?:was|were|came|is|happened|fell)\b[^,?;]*?)\s*,?\s*(?:as\s+an?\s+|in\s+)(?:percent(?:age)?|%|pct|share)(?:\s+of\s+(?:the\s+)?(?:total|year|whole))?(?=\s*[?.!]*\s*$)/gi,
    'what % of $1 $2',
  ],
  // "Q3 + Q4", "h1+h2": the two parts of a year named together ("and"), not a sum sign the words leave unread.
  [/\b(q[1-4]|h[12])\s*\+\s*(?=(?:q[1-4]|h[12])\b)/gi, '$1 and '],
  // "the last full quarter", "the most recent complete month", "previous closed year": the last unit (always a
  // whole one: "last quarter" is the quarter before this one).
  [
    /\b(?:the\s+)?(?:last|previous|prior|most\s+recent|latest)\s+(?:full|complete|completed|closed|whole|finished)\s+(?:calendar\s+)?(week|month|quarter|year)\b/gi,
    'last $1',
  ],
  // "small ones, under $100", "big-ticket, i.e. $800+": a size word glossed by the amount that defines it is that
  // amount (when the two agree: "small ones, over $500" stays as asked, refused).
  [SIZE_GLOSSED, sizeGlossed],
  [SIZE_NAMED, sizeNamed],
  // "(per customer, not per order)", "- per customer please, not per order", "(customer totals, not single
  // orders)": a figure per customer restated against its per-order reading; the "not" only sets the two apart.
  [
    /\s*[(,;–—-]*\s*per\s+(customer|client|account|buyer)(?:\s+(?:please|pls|plz))?\s*,?\s*(?:and\s+)?not\s+(?:per|by|each|single|individual)\s+(?:single\s+|individual\s+)?orders?\s*\)?/gi,
    ' per $1',
  ],
  [
    /\s*[(,;–—-]+\s*(customer|client|account)\s+totals?\s*,?\s*(?:and\s+)?not\s+(?:per\s+|single\s+|individual\s+|each\s+)?orders?\s*\)?/gi,
    ' per $1',
  ],
  // "median-ish", "average-ish": the statistic itself, hedged (a rough figure is the exact one).
  [/\b(median|average|mean|typical)[\s-]?ish\b/gi, '$1'],
  // "revenue net of returns", "sales after cancellations": without those rows (their money was given back or
  // never taken), as "excluding returns" reads.
  [
    /\b(?:net\s+of|after)\s+(?:all\s+)?(?=(?:returns?|returned\s+orders|cancell?ations?|cancell?ed\s+orders)\b)/gi,
    'excluding ',
  ],
  // "2025 vs 2024 as a %, negative if it fell", "(negative = decline)", "with a minus sign if it went down", "as a
  // signed %": a change is always stated with its sign (and its direction named), so the words only ask for what
  // the answer does. Only beside a change; elsewhere "negative" stays and is refused by name.
  [
    /\s*[,;]?\s*\(?\s*(?:(?:and|with|using|use|show(?:ing)?|put)\s+)?(?:(?:a|the)\s+)?(?:negative(?:\s+(?:number|sign|value|figure))?|minus(?:\s+sign)?|-)\s*(?:if|when|=|for|means?|meaning|where)\s+(?:(?:it|they|that|the\s+[a-z]+)\s+)?(?:fell|fall|falls|dropped|drops|declined|declines|went\s+down|goes\s+down|go\s+down|decreased|shrank|(?:is|was|were|are)\s+down|(?:a\s+)?(?:decline|drop|decrease|fall)|down)\s*\)?(?=\s*[,;.?!]|\s*$)/gi,
    (all: string, ...at: string[]) =>
      /\b(?:vs\.?|versus|growth|grow|grew|change[ds]?|yoy|qoq|mom|wow|compared|against|over|from|to|increase|decrease|delta)\b/i.test(
        String(at[1]).slice(0, Number(at[0])),
      )
        ? ''
        : all,
  ],
  [
    /\bsigned\s+(?=%|percent|percentage|pct|change|number|figure)/gi,
    (all: string, ...at: string[]) =>
      /\b(?:vs\.?|versus|growth|grow|grew|change[ds]?|yoy|qoq|mom|wow|compared|against|over|from|to)\b/i.test(
        String(at[1]),
      )
        ? ''
        : all,
  ],
  // "... and also can u break that down by segment", ", could you split it by region please": a breakdown of what
  // was just asked, as "by segment" reads.
  [
    /(?<=\S)(?<!^\s*(?:(?:(?:can|could|would)\s+(?:you|u)|please|pls)(?:\s+(?:also|please|pls))*))\s*[,;]?\s*(?:and\s+)?(?:also\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:also\s+)?(?:please\s+|pls\s+)?|(?:pls|please)\s+(?:also\s+)?)?\b(?:break|split|slice|cut)\s+(?:that|this|it|them|those|these)\s+(?:down\s+|up\s+|out\s+)?(?:also\s+)?(by|per|across)\b/gi,
    // (Not opening the question: "break those down by region" splits the previous answer's rows, follow-up.ts.)
    ' $1',
  ],
  // "net new logos", "net-new customers": new ones ("net" of nothing: no customer is subtracted). Not before a
  // gloss ("net-new accounts (first-time buyers, basically)"): the gloss replaces the jargon whole (glosses.ts).
  [
    /\bnet[\s-]+new\s+(?=(?:logos?|customers?|clients?|accounts?|buyers?|shoppers?)\b)/gi,
    (all: string, ...at: string[]) =>
      /\b(?:basically|essentially|i\.?\s?e\b|aka|a\.k\.a|in\s+other\s+words|i\s+mean|meaning|that\s+is|as\s+in)\b/i.test(
        String(at[1]).slice(Number(at[0])),
      )
        ? all
        : 'new ',
  ],
  // "enterprise customers who placed an order in 2025": customers who ordered (was the number of orders), not
  // an order of a size ("placed an order over $900" stays).
  [
    /\b(customers|clients|buyers|accounts|custs|logos|shoppers)\s+((?:in\s+(?:my|our|the)\s+[a-z]+\s+)?(?:who\s+|that\s+)?)(?:have\s+|had\s+)?(?:placed|made|put\s+in|submitted)\s+(?:an?|any|at\s+least\s+one|one\s+or\s+more)\s+(?:orders?|purchases?)\b(?!\s*(?:over|above|under|below|worth|of|for|more|less|with|larger|bigger|smaller|greater|at|between|\$|>|<))/gi,
    '$1 $2ordered',
  ],
  // "orders by region for 2024 with avg order value", "... along with the number of orders": a second measure
  // asked after the breakdown, read as both measures by it ("orders and average order value by region for 2024").
  [
    /^([\s\S]*?\S)\s+(by|per)\s+([a-z][a-z\s]{0,40}?(?:\s+(?:in|for|during)\s+[a-z0-9\s]{1,20}?)?)\s*,?\s+(?:with|along\s+with|together\s+with|plus|and\s+also|as\s+well\s+as)\s+(?:the\s+|their\s+|its\s+)?((?:average|avg|mean|median|total|number\s+of|count\s+of|#\s*of)\s+[a-z]+(?:\s+[a-z]+)?|revenue|sales|aov|order\s+count|orders)\s*([?.!]*)\s*$/i,
    (all, ask: string, by: string, rest: string, measure: string, end: string) =>
      /\b(?:top|bottom|best|worst|highest|lowest|most|least|share|percent|which|who)\b|%/i.test(ask)
        ? all
        : `${ask} and ${measure} ${by} ${rest}${end}`,
  ],
  // ("avg order value along with the number of orders by segment": two measures before their breakdown. After it,
  // "revenue by month along with order volume" is a measure beside each row, read by its own reading.)
  [/\b(?:along|together)\s+with\b(?=[^?]*\b(?:by|per)\b)/gi, 'and'],
  // "orders and avg order value": the second measure's "avg" written whole (read as one measure, the orders
  // dropped). Elsewhere "avg" stays the asker's word, which the answer says back.
  [/\b(and|plus)\s+avg\b\.?/gi, '$1 average'],
  // "avg orders per customer in 2025, only counting ppl who did order", "(customers w/ zero orders excluded)": the
  // customers a per-customer figure is over are those with rows already; said again, it adds nothing. (Customers
  // with no orders counted in stay, and are refused by name.)
  [
    /\s*[,;(-]?\s*(?:(?:only|just)\s+(?:counting|including|over)\s+(?:the\s+)?(?:people|ppl|customers|clients|buyers|those|ones|folks)\s+(?:who|that)\s+(?:did\s+|actually\s+)?(?:order(?:ed)?|buy|bought|purchase[d]?)(?:\s+(?:anything|something|at\s+least\s+once))?|(?:(?:people|ppl|customers|clients|those)\s+(?:with|w\/)\s+(?:zero|no|0)\s+orders\s+(?:excluded|left\s+out|not\s+counted|dropped))|excluding\s+(?:people|ppl|customers|clients|those)\s+(?:with|w\/)\s+(?:zero|no|0)\s+orders)\s*\)?(?=\s*[,;.?!]|\s*$)/gi,
    (all, _offset = '', text = '') =>
      /\b(?:per|each|every|the\s+(?:average|avg|typical|median)|an?\s+(?:average|avg|typical))\s+(?:customer|client|buyer|person|account)\b/i.test(
        text,
      )
        ? ''
        : all,
  ],
  // "customers with zero orders in 2025", "how many clients placed 0 orders last year": those who did not order
  // (the people without a row in the period, which a count of their rows would never show). Orders of a kind
  // ("zero returns") keep their own reading.
  [
    /\b(customers?|clients?|accounts?|buyers?|shoppers?)\s+(?:(?:who|that)\s+)?(?:with|having|had|placed|made|(?:who|that)\s+(?:had|placed|made))\s+(?:zero|no|0)\s+(?:orders?|purchases?)\b(?:\s+at\s+all)?/gi,
    '$1 who did not order',
  ],
  // "over $100 but no more than $500", "$500 or less but more than $100": two bounds of one range, joined.
  [
    /(\$\s?\d[\d,.]*k?|\d[\d,.]*k?\s+dollars)((?:\s+or\s+(?:less|more|under|over|below|above|fewer))?)\s*,?\s+but\s+(?=(?:(?:no|not)\s+)?(?:more|less|over|under|above|below|greater|fewer|higher|lower|at\s+(?:least|most))\b)/gi,
    '$1$2 and ',
  ],
  // "over $100 and $500 or less", "orders were $500 or less": the bound said after its amount, read as one said
  // before it ("at most $500").
  [
    /\b(and|but|were|was|are|is|being)\s+(\$\s?\d[\d,.]*k?)\s+or\s+(less|under|below|lower|more|over|above|higher)\b/gi,
    (all, join = '', amount = '', side = '', offset = '', text = '') =>
      // ("between $100 and $500 or more": a range's own end, read by the range reader.)
      /\bbetween\s+\S+\s*$/i.test(text.slice(0, Number(offset)))
        ? all
        : `${join.toLowerCase() === 'but' ? 'and' : join} ${/^(?:less|under|below|lower)$/i.test(side) ? 'at most' : 'at least'} ${amount}`,
  ],
  // "no more than $500", "not over $500", "no fewer than 10 orders": a bound negated is the other bound, never the
  // bound with its "no" dropped ("no more than $500" read as over $500: confidently wrong).
  [
    /\b(?:no|not)\s+(?:(?:more|greater|higher|bigger|larger)\s+than|over|above|exceeding|in\s+excess\s+of)\b/gi,
    'at most',
  ],
  [/\b(?:no|not)\s+(?:(?:less|fewer|lower|smaller)\s+than|under|below)\b/gi, 'at least'],
  // "what share of orders went over $500?", "orders that came in under $50": the orders of that amount ("were over").
  [
    /\b(orders?|purchases?)\s+(that\s+|which\s+)?(?:went|go|goes|came\s+in|come\s+in|comes\s+in|ran)\s+(over|above|under|below)\s+(?=\$\s?\d)/gi,
    '$1 $2were $3 ',
  ],
  // "customers per year whose spending in that year topped $9,000": those who spent over it in that year, each
  // period's own spend (understand.ts reads the count per period).
  [
    /\bwhose\s+(?:total\s+)?(?:spend|spending)\s+(?:in|during|within|for)\s+(that|the|each)\s+(month|quarter|year)\s+(?:was\s+|is\s+|came\s+to\s+)?(over|above|more\s+than|under|below|less\s+than|topped|exceeded|passed)\s+(\$\s?\d[\d,.]*k?)/gi,
    (_all, that: string, unit: string, way: string, amount: string) =>
      `who spent ${/^(?:topped|exceeded|passed)$/i.test(way) ? 'over' : way} ${amount} in ${that} ${unit}`,
  ],
  // "what percent of that quarter's sales did each category make up", beside "for every quarter": the share within
  // each period, as "of sales" reads per period there (the period's own words said again).
  [
    /\b(of|in)\s+(?:that|the|each|every)\s+(month|quarter|year|week)['’]s\s+(revenue|sales|orders|total|turnover)\b/gi,
    (all, of = '', unit = '', what = '', _offset = '', text = '') =>
      new RegExp(
        String.raw`\b(?:for|in)\s+(?:each|every)\s+${unit}\b|\b(?:by|per)\s+${unit}\b|\b${unit}\s+by\s+${unit}\b`,
        'i',
      ).test(text) && /\b(?:share|percent|percentage|%|proportion|fraction)\b/i.test(text)
        ? `${of} ${what}`
        : all,
  ],
  // "how many months did orders fall below 27,000?", "quarters where orders went over 81,000": the periods whose count of
  // orders is past a bare number (no dollar sign, no "k"), as "months had fewer than 27,000 orders". (Read as orders
  // under $27,000 each, each month's count of them was listed: confidently wrong.) An amount keeps its own reading.
  [
    /\b(months?|quarters?|days?|years?)((?:\s+(?:of|in)\s+(?:\d{4}|this\s+year|last\s+year))?)\s+(?:did|do|were|was|when|where|in\s+which|that)?\s*(?:the\s+|our\s+|my\s+)?(?:number\s+of\s+|count\s+of\s+)?orders\s+(?:fall|fell|drop|dropped|dip|dipped|go|went|come\s+in|came\s+in|stay|stayed|sink|sank|slip|slipped|rise|rose|climb|climbed|get|got)\s+(below|under|beneath|lower\s+than|less\s+than|above|over|past|more\s+than|higher\s+than|beyond)\s+(\d[\d,]*)(?![\d,.]*\s*(?:k\b|m\b|dollars|usd|%|percent))/gi,
    (_all, unit: string, scope: string, way: string, value: string) =>
      `${unit}${scope} had ${/^(?:below|under|beneath|lower|less)/i.test(way) ? 'fewer' : 'more'} than ${value} orders`,
  ],
  // "≥ 3 cancelled orders", "orders ≤ $20": the signs in words.
  [/\s*≥\s*/g, ' at least '],
  [/\s*≤\s*/g, ' at most '],
  // "FY2025", "FY25", "fy '24": the fiscal year's number apart from "fy" (asker.ts reads it as the calendar year
  // and says so).
  [/\bfy\s*['’]?(\d{2}|\d{4})\b/gi, (_all, y: string) => `fy ${y.length === 2 ? `20${y}` : y}`],
  // "(fiscal = calendar)", "(our fiscal year is the calendar year)", "- FY is calendar -": the asker says what the
  // calendar reading of "FY" already assumes (said in the answer): nothing more to read.
  [
    /\s*[,;(-]?\s*(?:(?:our|the|my)\s+)?(?:fiscal|financial|fy)(?:\s+years?)?\s*(?:=|is|are|equals|matches|same\s+as|follows)\s*(?:the\s+)?calendar(?:\s+years?)?\s*[)-]?/gi,
    ' ',
  ],
  // "was Q4 2025 revenue higher than Q4 2024?", "did March 2025 have more orders than March 2024": a yes-or-no
  // question of two periods, answered by both figures and the change between them (the comparative's side is
  // in the change's sign). Not with "which"/"what"/"who" (a ranking of rows that moved, period-comparatives.ts).
  [
    /^(\s*(?:was|were|is|are|did|does|do|has|have)\b(?:(?!\b(?:which|what|who)\b)[^?])*?)\s+(?:higher|lower|more|less|fewer|bigger|smaller|larger|greater)\s+than\s+(?:(?=(?:in\s+|during\s+)?(?:q[1-4]|h[12]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{4}\b)|(?:in\s+|during\s+)?(20\d\d)(?:['’]s)?(?!\s+(?:orders?|customers?|clients?|units?|times|items|purchases|transactions|dollars|usd)\b)(?=\W|$))/i,
    (_all: string, before: string, year: string | undefined) => `${before} vs ${year ?? ''}`,
  ],
  // "what % of 2024 customers also ordered in 2025?", "how many of our Q1 2025 buyers came back in Q2": the people
  // of a period are those who ordered in it (was the change in the number of customers: confidently wrong).
  [
    new RegExp(
      `(%|\\b(?:percent(?:age)?|pct|share|fraction|proportion|how\\s+many))\\s+of\\s+(?:the\\s+|our\\s+|my\\s+)?(${PERIOD})\\s+(customers|buyers|clients|accounts|shoppers)\\s+(?=(?:also|again|still|then|later|ever|did|didn'?t|never|came|come|returned|ordered|bought|placed|made|went)\\b)`,
      'gi',
    ),
    (_all: string, lead: string, period: string, people: string) =>
      `${lead} of ${people} who ordered in ${period} `,
  ],
  // "their total 2024 orders", "overall Q3 2025 orders": the count of orders of that period (was the total amount).
  [/\b(total|overall)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)(?:['’]s)?\s+(orders|purchases)\b/gi, '$1 $3 in $2'],
  // "in each of the 12 months of 2024", "all 4 quarters of 2025": every month (quarter) of it, as counted.
  [
    /\b(?:in\s+)?(?:each|all|every\s+one)\s+(?:of\s+)?(?:the\s+)?(12|twelve|4|four)\s+(months|quarters)\s+(?=of\s+|in\s+)/gi,
    (all, n = '', unit = '') =>
      (/^(?:12|twelve)$/i.test(n) && /^months$/i.test(unit)) ||
      (/^(?:4|four)$/i.test(n) && /^quarters$/i.test(unit))
        ? `in every ${unit.toLowerCase().replace(/s$/, '')} `
        : all,
  ],
  // "average spend of customers in the west", "avg 2025 spend of west customers": each customer's spend averaged
  // (was the total, or the average order: confidently wrong), as "average spend per customer of ..." reads.
  [
    /\b(average|avg|mean|typical)\s+((?:(?:q[1-4]|h[12])\s+)?20\d\d\s+)?(spend|spending)\s+(of|for|among)\s+(?=(?:the\s+|our\s+|my\s+)?(?:[a-z]+\s+){0,2}(?:customers|clients|buyers|accounts)\b)/gi,
    '$1 $2$3 per customer $4 ',
  ],
  // "what did customers who joined in Q1 2022 spend in 2024, and what did the Q3 2022 joiners spend that year?": two
  // signup cohorts asked the same figure, set side by side as "... spend in 2024 vs the Q3 2022 joiners" reads them
  // (was refused: two cohorts). Only with the same verb in both, and cohorts in both.
  [
    /^(\s*(?:what|how\s+much)\s+did\s+)(.+?)\s+(spend|order|buy)\b([^,?]*?)\s*,?\s+and\s+(?:what|how\s+much)\s+did\s+(.+?)\s+(spend|order|buy)(?:\s+(?:that\s+(?:same\s+)?year|then|in\s+that\s+(?:same\s+)?(?:year|period)))?\s*([?.!]*)\s*$/i,
    (all, lead: string, a: string, verb: string, rest: string, b: string, again: string, end: string) => {
      const cohort = /\b(?:joined|signed\s+up|registered|sign-?ups|joiners|cohort)\b/i;
      if (verb.toLowerCase() !== again.toLowerCase() || !cohort.test(a) || !cohort.test(b)) return all;
      return `${lead}${a} ${verb}${rest} vs ${b}${end}`;
    },
  ],
  // "how many people signed up in the first half of 2022 and how many in the second half?": the two signup periods
  // set side by side, the second taking the first's year (read as both at once, or "the second half" as the latest
  // one, the answer was 0 or of a half past the data: confidently wrong).
  [
    /\b(signed\s+up|joined|registered)\s+in\s+((?:the\s+)?(?:first|second|1st|2nd)\s+half\s+of\s+(?:19|20)\d\d|h[12]\s+(?:19|20)\d\d|q[1-4]\s+(?:19|20)\d\d|(?:the\s+)?(?:first|second|third|fourth)\s+quarter\s+of\s+(?:19|20)\d\d)\s*,?\s+and\s+how\s+many\s+(?:in|during)\s+((?:the\s+)?(?:first|second|1st|2nd)\s+half|h[12]|q[1-4]|(?:the\s+)?(?:first|second|third|fourth)\s+quarter)(\s+of\s+(?:19|20)\d\d|\s+(?:19|20)\d\d)?(?=\s*[?.!,]|\s*$)/gi,
    (_all, verb: string, first: string, second: string, year?: string) => {
      const y = year?.match(/(?:19|20)\d\d/)?.[0] ?? first.match(/(?:19|20)\d\d/)?.[0] ?? '';
      const part = (said: string) => {
        const w = said.toLowerCase().replace(/^the\s+/, '');
        const n = /^(?:first|1st)/.test(w)
          ? 1
          : /^(?:second|2nd)/.test(w)
            ? 2
            : /^third/.test(w)
              ? 3
              : /^fourth/.test(w)
                ? 4
                : Number(w.slice(1, 2));
        return /half|^h/.test(w) ? `H${n}` : `Q${n}`;
      };
      const a = `${part(first)} ${first.match(/(?:19|20)\d\d/)?.[0] ?? ''}`;
      return `${verb} in ${a} vs ${part(second)} ${y}`;
    },
  ],
  // "for my customers who joined in each quarter of 2022, ...", "for each month people signed up in 2022, ...": the
  // figures per signup period, as "by signup quarter of 2022" reads them (was refused: "average spend"; a half is
  // read by cohort-each.ts).
  [
    /\bfor\s+(?:all\s+)?(?:(?:the|my|our)\s+)?(?:customers|clients|buyers|accounts|people)\s+(?:who|that)\s+(?:signed\s+up|joined|registered)\s+in\s+(?:each|every)\s+(month|quarter|half)\s+of\s+((?:19|20)\d\d)\b/gi,
    (_all, unit: string, year: string) => `by signup ${unit.toLowerCase()} of ${year}`,
  ],
  [
    /\b(?:for\s+)?(?:each|every)\s+(month|quarter|half)\s+(?:in\s+which\s+|that\s+|when\s+)?(?:customers|clients|buyers|accounts|people)\s+(?:signed\s+up|joined|registered)\s+in\s+((?:19|20)\d\d)\b(?=\s*,)/gi,
    (_all, unit: string, year: string) => `by signup ${unit.toLowerCase()} of ${year}`,
  ],
  // "how much has the average customer spent with us over their lifetime": the average (lifetime) spend per customer,
  // as it reads beside a breakdown too.
  [
    /\bhow\s+much\s+(?:has|have|did|does|do)\s+the\s+(?:average|typical)\s+(customer|client|buyer|account)\s+(?:spent|spend)(?:\s+with\s+us)?(\s+(?:over|across|in)\s+(?:their|the|its)\s+(?:whole\s+|entire\s+)?lifetime)?/gi,
    (_all, who: string, life?: string) =>
      `what is the average ${life ? 'lifetime ' : ''}spend per ${who.toLowerCase()}`,
  ],
  // "customers who signed up in Dec 2022 vs those who signed up in Jan 2022": two signup cohorts, as "Dec 2022
  // signups vs Jan 2022 signups" reads them.
  [
    new RegExp(
      `\\b(?:customers|clients|accounts|buyers)\\s+(?:who|that)\\s+(?:signed\\s+up|joined|registered)\\s+in\\s+(${PERIOD})\\s+(?:vs\\.?|versus|compared\\s+(?:to|with)|against)\\s+(?:those|customers|clients|accounts|buyers)\\s+(?:who|that)\\s+(?:signed\\s+up|joined|registered)\\s+in\\s+(${PERIOD})\\b`,
      'gi',
    ),
    '$1 signups vs $2 signups',
  ],
  // "placed more than 15 orders without a single cancellation", "without any returns that year": a customer with
  // none of those rows, as "with no cancellations" reads (was unread: "without"). "A single" or "any" says it is
  // the customer's rows; a bare "without returns" ("revenue without returns") stays as asked.
  [
    /\bwithout\s+(?:a\s+single|any|even\s+one|one\s+single)\s+(cancellation|cancelled\s+order|canceled\s+order|return|returned\s+order)s?\b/gi,
    (_all, what = '') =>
      `with no ${what.toLowerCase().replace(/\s+/g, ' ').replace('canceled', 'cancelled')}s`,
  ],
  // "new customers per quarter in 2022, and how much each quarter's new customers have spent": the new customers
  // of each unit already broken down, with their spend (was the spend of the orders dated in 2022: "0, no orders
  // match", confidently wrong). Only after "new customers per/by/each <that unit>".
  [
    /(,?\s*and\s+)(?:how\s+much\s+(?:each|every)\s+(quarter|month|year|week)['’]s\s+new\s+(?:customers|clients|buyers)\s+(?:have\s+|had\s+)?spent|(?:the\s+)?(?:total\s+)?(?:spend|spending|revenue)\s+of\s+(?:each|every)\s+(quarter|month|year|week)['’]s\s+new\s+(?:customers|clients|buyers))(?:\s+(?:in\s+total|altogether|all\s+together|overall|so\s+far|since(?:\s+then)?))?(?=\s*[?.!]*\s*$)/gi,
    (all, _and = '', a = '', b = '', offset: unknown, text: unknown) => {
      const unit = (a || b).toLowerCase();
      const before = typeof text === 'string' && typeof offset === 'number' ? text.slice(0, offset) : '';
      const per = new RegExp(
        `\\bnew\\s+(?:customers|clients|buyers)\\s+(?:per|by|each|every|a)\\s+${unit}\\b`,
        'i',
      );
      return per.test(before) ? ` and their total spend` : all;
    },
  ],
  // "what's the latest date we have orders for?", "the date of the last order in the data", "latest order date":
  // when the most recent order was placed (was the number of orders, "latest" left out).
  [
    /^\s*(?:what(?:'s|\s+is|\s+was)?|which\s+is|give\s+me|tell\s+me)?\s*(?:the\s+)?(?:latest|last|most\s+recent|newest|final)\s+(?:date|day)\s+(?:we\s+have\s+|with\s+|there\s+(?:are|were)\s+|that\s+has\s+|of\s+)?(?:any\s+)?(?:orders?|data|sales)(?:\s+(?:for|on|in\s+the\s+data|data))?\s*\??\s*$|^\s*(?:what(?:'s|\s+is|\s+was)?)\s+(?:the\s+)?date\s+of\s+the\s+(?:latest|last|most\s+recent|newest)\s+order(?:\s+in\s+the\s+data)?\s*\??\s*$|^\s*(?:what(?:'s|\s+is|\s+was)?\s+)?(?:the\s+)?(?:latest|last|most\s+recent)\s+order\s+date(?:\s+in\s+the\s+data)?\s*\??\s*$/i,
    'when was the most recent order?',
  ],
  // "between $250-$500", "orders $250-$500": a range of amounts with a dash.
  [
    /\b(between\s+)?(\$\s?\d[\d,.]*k?)\s*[-–]\s*(\$\s?\d[\d,.]*k?)/gi,
    (_all, between = '', a = '', b = '') => `${between ? 'between ' : 'between '}${a} and ${b}`,
  ],
  // "how concentrated is revenue - what share comes from the top 10% of customers?": the lead-in names what the
  // question after it measures.
  [
    /^\s*how\s+concentrated\s+(?:is|are)\s+(?:our\s+|the\s+)?([a-z]+(?:\s+[a-z]+)?)\s*(?:[-–—:,?]+|\s[-–—]\s)\s*(what\s+(?:share|%|percent(?:age)?|fraction|proportion|portion))\s+(?!of\b)/i,
    (_all, noun = '', share = '') => `${share} of ${noun} `,
  ],
  // "how many orders did the top spender place in 2025?": the customer ranked by spend, with their order count (was
  // ranked by orders, or the top customer dropped and every order counted: confidently wrong).
  [
    /^\s*how\s+many\s+orders\s+did\s+(?:the|our)\s+(?:top|biggest|largest|highest|#1|number\s+one|no\.?\s*1)\s+(?:spender|customer\s+by\s+(?:spend|spending|revenue|sales))\s+(?:place|make|have|put\s+in)\b\s*(.*)$/i,
    (_all, rest = '') => `top customer by spend and their order count ${rest}`.trim(),
  ],
  // "what was the AOV of our top customer in 2025?": the top customer is the top spender, the figure theirs (was the
  // customer with the highest AOV).
  [
    /^\s*(?:what(?:'s|\s+is|\s+was)\s+)?(?:the\s+)?(aov|average\s+order\s+(?:value|amount|size)|avg\s+order\s+(?:value|amount|size)|order\s+count|number\s+of\s+orders)\s+(?:of|for)\s+(?:our|the)\s+(?:top|biggest|#1|number\s+one)\s+(?:customer|client|spender|account)\b\s*(.*)$/i,
    (_all, figure = '', rest = '') => `top customer by spend and their ${figure} ${rest}`.trim(),
  ],
  // "top 2 categories per region by the $ value of cancelled orders": ranked by their revenue (was the average
  // amount: confidently wrong); "median $ amount of returned orders", "total dollar value of ...": the amount.
  [/\bby\s+(?:the\s+)?(?:\$|dollar|usd)[\s-]*(?:value|amount|total)s?\s+of\b/gi, 'by revenue of'],
  [/(?:\$|\bdollar|\busd)[\s-]*(value|amount)(s?)\b/gi, '$1$2'],
  // "median amount of returned orders (all years)?": the whole span said in brackets, as said after a comma (was
  // read as each year's figure).
  [/\s*\(\s*(all\s+(?:years|time|dates)(?:\s+combined|\s+together)?)\s*\)/gi, ', $1'],
  // "IQR (Q3 minus Q1) of ...": the interquartile range said again in brackets (its "Q3" and "Q1" are no quarters).
  [
    /\b(iqr|interquartile\s+range)\s*\(\s*(?:q3|p75|75th(?:\s+percentile)?)\s*(?:minus|-|–|less)\s*(?:q1|p25|25th(?:\s+percentile)?)\s*\)/gi,
    '$1',
  ],
  // "customers with an AOV above $650 (their own average, not the overall one)": each one's own figure, as the
  // condition on each customer already reads it.
  [
    /\s*\(\s*(?:their|each\s+(?:one|customer)['’]?s?)\s+own\s+(?:avg|average|aov|mean|figure|total)(?:\s+order(?:\s+value)?)?\s*,?\s*(?:and\s+)?not\s+(?:the\s+)?(?:overall|company|global|total)(?:\s+(?:one|avg|average|figure|aov))?\s*\)/gi,
    '',
  ],
  // "median orders per customer in 2025 (customers who ordered that year)": the customers a per-customer figure is
  // over already, said again in brackets.
  [
    /\s*\(\s*(?:only\s+)?(?:customers|clients|people|ppl|buyers|those)\s+(?:who|that)\s+(?:actually\s+)?(?:ordered|bought|purchased|placed\s+(?:an?\s+)?orders?)(?:\s+(?:that|this|the\s+same)\s+(?:year|quarter|month|period))?\s*\)/gi,
    (all, _offset = '', text = '') =>
      /\bper\s+(?:customer|client|buyer|person)\b|\beach\s+(?:customer|client|buyer)\b|\b(?:average|avg|typical|median)\s+(?:customer|client|buyer)\b/i.test(
        text,
      )
        ? ''
        : all,
  ],
  // "month-over-month % change for each month Mar-Jun 2025 (Mar vs Feb, and so on)": each month against the one
  // before it, said again in brackets.
  [
    new RegExp(
      `\\s*\\(\\s*(?:${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\s+(?:vs\\.?|versus|compared\\s+(?:with|to)|against|over)\\s+(?:${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\s*(?:,?\\s*(?:etc\\.?|and\\s+so\\s+on))?\\s*\\)`,
      'gi',
    ),
    (all, _offset = '', text = '') =>
      /\bmonth[\s-]+(?:over|on)[\s-]+month\b|\bmom\b|\bmonth\s+before\b|\bprevious\s+month\b/i.test(text)
        ? ''
        : all,
  ],
  // "was revenue higher in H1 2025 or H2 2025?", "were there more orders in 2024 or in 2025": a yes-or-no question of
  // which of two periods, answered by both figures and the change between them, as the one above.
  [
    new RegExp(
      `^(\\s*(?:was|were|is|are|did|does|do)\\b(?:(?!\\b(?:which|what|who)\\b)[^?])*?)\\s+(?:higher|lower|more|less|fewer|bigger|smaller|larger|greater)\\s+(?:in|during)\\s+(${PERIOD})\\s+or\\s+(?:in\\s+|during\\s+)?(${PERIOD})\\b`,
      'i',
    ),
    (_all: string, before: string, a: string, b: string) => `${before} ${a} vs ${b}`,
  ],
  // "how did returns in Q2 2025 compare with Q2 2024, in % terms?": the change between the periods in percent.
  [
    /\s*,?\s*\b(?:in\s+(?:%|percent(?:age)?|pct|relative)\s+terms|percentage[-\s]wise|percent[-\s]wise)(?=\s*[?.!]?\s*$)/i,
    (all, _offset = '', text = '') =>
      /\b(?:compare[ds]?|comparing|vs\.?|versus|against)\b/i.test(text) ? ', % change' : all,
  ],
  // "revenue since mid-2025", "orders from mid 2024": from the middle of that year (July 1), a day the dates read.
  [/\b(since|from)\s+mid[\s-]?(20\d\d)\b/gi, '$1 july 1 $2'],
  // "to (the) end of 2025", "through end of Q3 2025": through that period, all of it.
  [/\b(to|through|thru|until|till)\s+(?:the\s+)?end\s+of\s+(?=(?:q[1-4]\s+|h[12]\s+)?20\d\d\b)/gi, '$1 '],
  // "which of my customers ordered the most in Q4 2025?", "for each quarter of 2025, which of my customer segments
  // brought in the most revenue": the one at the top, as "which customer" ("which segment") reads (was every one
  // ranked: confidently wrong).
  [
    /\bwhich\s+of\s+(?:our|my|the|your|all\s+(?:of\s+)?(?:our|my|the))\s+((?:customer\s+|product\s+|sales\s+)?(?!(?:those|these|them|two|three)\b)[a-z]+s)\b(?=[^?]*\bthe\s+(?:most|least|fewest|highest|lowest|biggest|largest|smallest)\b)/gi,
    (_all: string, noun: string) =>
      `which ${noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.slice(0, -1)}`,
  ],
  // "new customers in 2023 by first-order month", "customers by first purchase quarter": by the month (quarter)
  // of their first order, as the first-order reading words it.
  [
    /\bby\s+(?:their\s+)?first[\s-](?:order|purchase)\s+(month|quarter|year|week)\b/gi,
    'by $1 of first order',
  ],
  // "customers whose every 2025 order was completed", "all of whose orders in 2024 were completed": those who
  // only had orders of that kind in the period (entity-conditions.ts's findOnly; was a count of the customers
  // with one such order: confidently wrong).
  [
    /\b(?:whose|with)\s+(?:every|each|all(?:\s+of)?)\s+(?:single\s+)?(?:one\s+of\s+)?(?:their\s+)?(?:(20\d\d)\s+)?(?:orders?|purchases?)\s+(?:in\s+(20\d\d)\s+)?(?:(?:was|were|got|is|are)\s+)?(completed|returned|cancelled|canceled)\b/gi,
    (_all: string, y1: string | undefined, y2: string | undefined, kind: string) =>
      `who only had ${kind} orders${(y1 ?? y2) ? ` in ${y1 ?? y2}` : ''}`,
  ],
  // "how did we do last year? total revenue for the year": the year already named, said again. Only after a whole
  // year is named, and with no part of a year in the question ("Q3 2025 revenue and for the year" asks for both).
  [
    /(?<=\b(?:(?:last|this|previous|prior)\s+year|(?:in|for|during|of)\s+20\d\d|fy\s+20\d\d)\b[\s\S]*?)\s*,?\s*\b(?:for|over|across)\s+(?:the|that)\s+(?:full\s+|whole\s+|entire\s+)?year\b(?:\s+as\s+a\s+whole)?/gi,
    (all: string, ...rest: string[]) =>
      /\b(?:q[1-4]|h[12]|quarters?|months?|weeks?|half|ytd|so\s+far|to\s+date|day|january|february|march|april|may|june|july|august|september|october|november|december)\b/i.test(
        String(rest.at(-1)),
      )
        ? all
        : '',
  ],
  // "orders in 2025 total", "returns last year in total pls": a count of orders is a total already; the word after
  // it read as the total amount (a sum of money never asked). Not where money is named anywhere in the question.
  [
    /^((?:(?!\b(?:revenue|sales|amounts?|spend|spent|value|dollars?|gmv|aov|money|sum|average|avg|mean|median)\b|\$)[\s\S])*?\b(?:orders|returns|cancell?ations|purchases|transactions|customers|clients)\b(?:(?!\b(?:revenue|sales|amounts?|spend|spent|value|dollars?|gmv|aov|money|sum|average|avg|mean|median)\b|\$)[\s\S])*?)\s*,?\s*(?:in\s+)?total(?:\s+(?:please|pls|plz))?\s*([?.!]*)\s*$/i,
    // ("as a % of total", "share of the total": the whole of a share, kept.)
    (all: string, ask: string, end: string) =>
      /(?:\bof|%|\bthe|\bgrand|\boverall|\bvs\.?|\bversus|\bagainst)\s*$/i.test(ask) ? all : `${ask}${end}`,
  ],
  // "and the change between the two", "the difference between those 2 years": the two already asked, said again,
  // or named in an earlier turn ("AOV change between those two years" after "revenue in 2023 and in 2025"): still
  // a pointer at them (dropped, the follow-up's change ran from its own default years: confidently wrong).
  [
    /\b(change|changed|difference|diff|gap|growth|delta)\s+between\s+(?:(?:the|those|these)\s+(?:two|2)(?:\s+(?:years|periods|quarters|months|figures|numbers|of\s+them))?|(?:those|these)\s+(?:years|periods|quarters|months))\b/gi,
    '$1 between them',
  ],
  // "on average, how many different categories has a customer bought from?", "how many distinct categories does the
  // typical client order from", "how many categories did the average customer buy from": the distinct values per customer, averaged (the "average" was left out, and the
  // customers of each category counted instead: confidently wrong).
  [
    /\b(?:on\s+average,?\s+)?how\s+many\s+(?:(distinct|different|unique)\s+)?([a-z]+)\s+(?:has|have|does|do|did)\s+(?:(an?|each|every)|the\s+(?:average|typical|mean))\s+(customer|client|buyer|shopper)\s+(?:bought|buy|ordered|order|purchased|purchase|shopped|shop)(\s+(?:from|in|across))?(?:\s*,?\s+on\s+average)?\b/gi,
    (
      all: string,
      distinct: string | undefined,
      noun: string,
      article: string | undefined,
      who: string,
      from?: string,
    ) =>
      (article && !/\bon\s+average\b/i.test(all)) || (!distinct && !from)
        ? all
        : `average number of ${distinct ?? 'distinct'} ${noun} per ${who}`,
  ],
  // "median order $ in 2025", "avg order $ by region": the dollar sign as the order's value.
  [/\b(order|basket|ticket)\s+\$(?=[\s?.!,]|$)/gi, '$1 value'],
  // "each region's share of toys revenue", "what share of toys revenue did each region bring in": the breakdown's
  // rows as parts of that value's whole, as "share of revenue by region for toys" reads (was toys' share within
  // each region: another whole, confidently wrong). Not of a whole named without a value ("of total revenue").
  [
    /\b(?:each|every)\s+([a-z]+)['’]s\s+(share|percent(?:age)?|%|portion|cut|slice|contribution)\s+(?:of|to)\s+(?:the\s+|our\s+)?((?:[a-z]+(?:['’]s)?\s+){1,2}?)((?:(?:q[1-4]|h[12])\s+)?(?:19|20)\d\d\s+)?(revenue|sales|orders|order\s+count|spend)\b/gi,
    (all, dimension: string, share: string, value: string, period: string | undefined, measure: string) =>
      WHOLE_WORDS.test(value) ? all : shareOfValue(share, measure, dimension, value, period),
  ],
  [
    /\bwhat\s+(share|percent(?:age)?|%|portion|fraction|proportion)\s+of\s+(?:the\s+|our\s+)?((?:[a-z]+(?:['’]s)?\s+){1,2}?)((?:(?:q[1-4]|h[12])\s+)?(?:19|20)\d\d\s+)?(revenue|sales|orders|order\s+count|spend)\s+(?:did|does|do)\s+(?:each|every)\s+([a-z]+)\s+(?:bring(?:\s+in)?|make(?:\s+up)?|contribute|account\s+for|represent|have|get|generate|do|drive)\b/gi,
    (all, share: string, value: string, period: string | undefined, measure: string, dimension: string) =>
      WHOLE_WORDS.test(value) ? all : shareOfValue(share, measure, dimension, value, period),
  ],
  // "ARPU in 2025", "ARPA by segment": average revenue per user (account), the mean of each customer's total.
  [/\barp[uca]\b/gi, 'average revenue per customer'],
  // "for every quarter of 2024, the region with the most revenue": the ranking within each unit of the year, as
  // "the region with the most revenue in each quarter of 2024" reads (the unit led the question and was read as
  // the ranked item: the top quarter, confidently wrong).
  [
    /^\s*(?:for\s+|in\s+)?(?:each|every|per)\s+(quarter|month|week|half)\s+(of|in)\s+((?:19|20)\d{2}|last\s+year|this\s+year)\s*[,:;–—-]+\s*((?:which|what|the|who)\b[^?]*?)\s*([?.!]*)\s*$/i,
    (_all, unit: string, of: string, year: string, rest: string, end: string) =>
      `${rest} in each ${unit} ${of} ${year}${end}`,
  ],
  // "which customers have more than 75 orders in total?": the count's own total (all their orders), not the total
  // amount (was the revenue of those customers: confidently wrong).
  [
    /\b((?:more|fewer|less)\s+than\s+\d[\d,]*|at\s+least\s+\d[\d,]*|at\s+most\s+\d[\d,]*|over\s+\d[\d,]*|under\s+\d[\d,]*|\d[\d,]*\+?|\d[\d,]*\s+or\s+(?:more|fewer|less))\s+(orders|purchases|returns|cancellations|transactions)\s+(?:in\s+total|total|in\s+all)\b/gi,
    '$1 $2',
  ],
  // "what abt 2024?", "how bout the west": chat shorthand of "about".
  [/\b(?:abt|abou|bout)\b/gi, 'about'],
  // "customers with zero returns in 2024? count anyone who didn't order that year too": a count of customers
  // with none of something already counts every customer, those without a row in the period too (per-entity.ts),
  // so the clause that asks for them says what the reading does. (Only after "zero"/"no": "fewer than 2 orders,
  // counting those who didn't order" stays, and is refused when unread.)
  [
    /\b((?:zero|no|0|not\s+a\s+single|without\s+any)\s+[a-z]+\b[^?]*?)\s*[?.,;:]?\s*(?:[-–—]+\s*)?(?:and\s+)?(?:please\s+)?(?:count(?:ing)?|includ(?:e|ing)|incl\.?)\s+(?:in\s+)?(?:anyone|anybody|everyone|everybody|people|customers|those|ones|the\s+ones|folks|them)\s+(?:who|that)\s+(?:did\s+not|didnt|never|had\s+not|hadnt|have\s+not|havent)\s+(?:order(?:ed)?|buy|bought|purchas(?:e|ed)|place(?:d)?\s+(?:an?\s+|any\s+)?orders?)(?:\s+(?:anything|at\s+all|that\s+year|that\s+period|that\s+quarter|that\s+month|in\s+\d{4}|in\s+(?:that|the)\s+(?:year|period|quarter|month)))*(?:\s+(?:too|as\s+well|either|also))?\s*[?.!]*\s*$/gi,
    '$1?',
  ],
  // "the bottom half of our customers", "the top 10% of all our clients": a fraction of them (an owner or
  // article before the noun adds nothing to the ranking; the fraction's word is read by members.ts).
  [
    /\b(top|bottom)\s+(half|quarter|fifth|tenth|\d+(?:\.\d+)?\s*(?:%|percent|pct))\s+of\s+(?:our|my|the|all(?:\s+(?:of\s+)?(?:our|my|the))?)\s+(?=[a-z])(?!(?:year|quarter|month|week|day|period|time)s?\b)/gi,
    (_all, end: string, part: string) => `${end} ${part.replace(/\s*(?:percent|pct)$/i, '%')} of `,
  ],
  // A sort order said as a direction ("sorted descending", "in ascending order") or an end first ("highest first",
  // "smallest at the top"): every row ranked, as "ranked" and "ranked ascending" read (members.ts). (Not "from
  // highest to lowest": beside "orders" that names the largest order amount. "best"/"worst" first depend on the
  // measure's better end, so they stay unread.)
  [
    /,?\s*\(?\s*(?:(?:sorted|ranked|ordered|listed|sort|rank|order)\s+)?(?:in\s+)?(descending|decreasing|desc|ascending|increasing|asc)(?:\s+order)?\s*\)?(?=\s*[?.!]*\s*$|\s*[,;])/gi,
    (_all, way: string) => (/^(?:asc|incr)/i.test(way) ? ' ranked ascending' : ' ranked'),
  ],
  [
    /,?\s*\(?\s*(?:(?:sorted|ranked|ordered|listed|with)\s+)?(?:the\s+)?(highest|biggest|largest|most|top|busiest|best|lowest|smallest|least|quietest|slowest|worst)(?:\s+(?:ones?|values?))?\s+(?:first|at\s+the\s+top|on\s+top)\s*\)?(?=\s*[?.!]*\s*$|\s*[,;])/gi,
    (_all, end: string) =>
      /^(?:lowest|smallest|least|quietest|slowest|worst)$/i.test(end) ? ' ranked ascending' : ' ranked',
  ],
  // ("rank categories by revenue in 2025, lowest first": the order said twice, once as "rank", once as its end.)
  [/^\s*(?:please\s+)?rank\s+(.+?\sranked(?:\s+ascending)?\s*[?.!]*)\s*$/i, '$1'],
  // "cancelled orders in 2024 as a % of total", "toys orders last year as a share of all orders": the kind's share of
  // every order in the period, as "what % of orders ... were cancelled" reads ("total" alone was read as the total
  // amount: a share of money never asked, confidently wrong). Not beside a breakdown (the rule below).
  [
    /^\s*(?:the\s+)?(?:number\s+of\s+)?([a-z]+)\s+orders\b((?:(?!\b(?:by|per|each|revenue|sales|amount|spend|value)\b)[^,?;])*?)\s*,?\s*\(?(?:as\s+(?:a\s+)?|in\s+)?(?:%|percent(?:age)?|pct|share)\s+of\s+(?:the\s+)?(?:total|all(?:\s+(?:the\s+)?orders)?|all\s+of\s+them|every\s+order|overall)\s*\)?\s*([?.!]*)\s*$/i,
    (all, kind: string, rest: string, end: string) =>
      /^(?:total|all|my|our|the|how|what|which|number)$/i.test(kind)
        ? all
        : `what % of orders${rest} were ${kind}${end}`,
  ],
  // "orders by status in 2025 as a % of the total", "..., as percentages": each row's share of the whole, as "percent
  // of orders by status in 2025" reads (share-scopes.ts). Only at the end, and only where nothing else names a
  // share or rate ("as a % of 2024 revenue" names another whole; "total" alone was read as the total amount).
  [
    /^([\s\S]*?\S)\s*,?\s*\(?(?:as|in)\s+(?:a\s+)?(?:%|percent|percentages?|pct|shares?|percentage\s+terms)(?:\s+of\s+(?:the\s+)?(?:total|all|whole|overall))?\s*\)?\s*([?.!]*)\s*$/i,
    (all, rest: string, end: string) =>
      // Only a breakdown ("by status", "between completed and returned"): a change, a comparison or a part asked
      // ("growth ... in %", "2025 vs 2024 as a %", "how much of our revenue ..., as a percentage") is read elsewhere.
      !/\b(?:by|per|each|between|split|breakdown|broken)\b/i.test(rest) ||
      /\b(?:share|percent|percentages?|pct|rate|ratio|proportion|of\s+total|how\s+much|vs|versus|compar(?:e[sd]?|ing)|stacks?\s+up|against|over|change[ds]?|difference|diff|growth|grow|grew|increased?|decreased?|drop(?:ped)?|decline[ds]?|gain(?:ed)?|delta|variance|up|down|rise|rose|fall|fell|move[ds]?|from|since|fastest|slowest|top|bottom|best|worst|biggest|largest)\b|%/i.test(
        rest,
      )
        ? all
        : `percent of ${rest}${end}`,
  ],
  // "how much does a customer spend per year on average", "how many orders does the typical client place", "the
  // number of orders a customer places per year", "the average customer's annual spend": a figure per customer
  // (was the number of customers, or all orders per year: confidently wrong).
  [
    /\b(?:how\s+much|what)\s+(?:does|do|did|would|will)\s+(?:a|an|each|one|the\s+average|the\s+typical|our\s+average|our\s+typical|your\s+average)\s+(customer|client|buyer|account|shopper)\s+spend\b/gi,
    (_all, who: string) => `what is the average spend per ${who.toLowerCase()}`,
  ],
  [
    /\bhow\s+many\s+(orders|purchases)\s+(?:does|do|did|would|will)\s+(?:a|an|each|one|the\s+average|the\s+typical|our\s+average|our\s+typical)\s+(customer|client|buyer|account|shopper)\s+(?:place|make|have|put\s+in|submit)\b/gi,
    (_all, what: string, who: string) => `average number of ${what.toLowerCase()} per ${who.toLowerCase()}`,
  ],
  [
    /\b(orders|purchases)\s+(?:that\s+|which\s+)?(?:a|an|each|one|the\s+average|the\s+typical)\s+(customer|client|buyer|account|shopper)\s+(?:places|makes|has|puts\s+in|submits)\b/gi,
    (_all, what: string, who: string) => `${what.toLowerCase()} per ${who.toLowerCase()}`,
  ],
  [
    /\b(?:the\s+|our\s+)?(average|typical|median)\s+(customer|client|buyer|account|shopper)['’]?s\s+(?:(annual|yearly|monthly|quarterly|weekly)\s+)?(spend|spending|revenue|order\s+count|number\s+of\s+orders|orders)\b/gi,
    (_all, stat: string, who: string, unit: string | undefined, what: string) => {
      const per = unit ? ` per ${GRAIN_WORDS[unit.toLowerCase()] ?? 'year'}` : '';
      const average = stat.toLowerCase() === 'median' ? 'median' : 'average';
      return `the ${average} ${what.toLowerCase()} per ${who.toLowerCase()}${per}`;
    },
  ],
  // "how many of the customers that joined in Q3 2022 spent more than 10k in 2024", "of customers who signed up in
  // Q3 2022, how many spent over 10k in 2024": how many of a cohort met a condition on their spend, read as "how many
  // customers who ... spent over ..." (was an order amount over 10,000: no rows, confidently wrong).
  [
    /\bhow\s+many\s+of\s+(?:the|our|all\s+(?:the|our)?)\s+(customers|clients|buyers|accounts|shoppers)\s+(?=(?:who|that)\s+(?:joined|signed\s+up|registered|onboarded|were\s+acquired|came\s+on)\b)/gi,
    (_all, who: string) => `how many ${who.toLowerCase()} `,
  ],
  [
    /^\s*(?:of|among|out\s+of)\s+(?:the\s+|our\s+|all\s+)?(customers|clients|buyers|accounts|shoppers)\s+((?:who|that)\s+(?:joined|signed\s+up|registered|onboarded)\b[^,]*?)\s*,\s*how\s+many(?:\s+of\s+them)?\s+(?=spent\b|have\s+spent\b)/i,
    (_all, who: string, cohort: string) => `how many ${who.toLowerCase()} ${cohort} `,
  ],
  // ("... per customer per year on average" after one of those: the average said twice.)
  [/\b(average\s+(?:spend|number\s+of\s+\w+)\s+per\s+\w+\b.*?)\s*,?\s+on\s+average\b/gi, '$1'],
  // "in each and every month of H2 2025": every one of them ("in each month" alone may be a breakdown, left as asked).
  [/\beach\s+and\s+every\b/gi, 'every'],
  // "customers who ordered at least once a month in 2025", "bought once every quarter": rows in every one of those
  // periods (entities.ts's spread), not at least one row in all.
  [
    /\b(ordered|bought|purchased|shopped|placed\s+(?:an\s+order|orders))\s+(?:at\s+least\s+)?(?:once|one\s+time)\s+(?:a|an|per|every|each)\s+(?:single\s+)?(month|quarter|week|year)\b/gi,
    (_all, verb: string, grain: string) => `${verb} in every ${grain.toLowerCase()}`,
  ],
  // "customers who ordered in both 2024 and 2025": in every year of the two, when they follow each other (as "in
  // every year from 2024 to 2025" reads, entities.ts).
  [
    /\b(?:in|during)\s+(?:both|each\s+of)\s+(\d{4})\s+and\s+(?:in\s+)?(\d{4})\b/gi,
    (all, a: string, b: string) =>
      Math.abs(Number(a) - Number(b)) === 1
        ? `in every year from ${Math.min(Number(a), Number(b))} to ${Math.max(Number(a), Number(b))}`
        : all,
  ],
  // "revenue by category and year", "orders per region and month": a breakdown and a grain joined by "and", as "by
  // category by year" reads (refused over "year"; "by year and category" read already).
  [
    /\b(by|per)\s+((?:product\s+|sales\s+|customer\s+)?[a-z]+)\s+(?:and|&)\s+(?:by\s+|per\s+)?(year|quarter|month|week|day)\b(?!\s+(?:of|over|on)\s+(?!(?:19|20)\d\d\b))/gi,
    (all, by: string, group: string, grain: string) =>
      /^(?:year|quarter|month|week|day|the|a|an|each|every|all)$/i.test(group)
        ? all
        : `${by} ${group} by ${grain}`,
  ],
  // "bought from only one category", "exactly one return", "orders in just one region", "from a single category":
  // a count of exactly 1 (with "one" left a word, "exactly" was read with no number and dropped: every customer
  // counted, confidently wrong).
  [
    /\b(?:exactly|only|just)\s+(?:one|1|a\s+single)\s+(?=(?:category|region|segment|status|month|quarter|year|order|return|purchase|product|day|week)\b)/gi,
    'exactly 1 ',
  ],
  [/\b(from|across|in)\s+a\s+single\s+(?=(?:category|region|segment|status|product)\b)/gi, '$1 exactly 1 '],
  // ("only ever bought one category", "just ordered from a single category": from exactly 1 of them.)
  [
    /\b(?:only|just)\s+(?:ever\s+)?(bought|ordered|purchased|shopped)\s+(?:from\s+|in\s+)?(?:one|1|a\s+single)\s+(?=(?:category|region|segment|status|product)\b)/gi,
    '$1 from exactly 1 ',
  ],
  // "the middle 50% of order amounts", "middle-50% range of amounts": the interquartile range.
  [/\b(?:the\s+)?middle[\s-]+(?:50\s*%|50\s+percent|half)(?:\s+range)?\s+(?:of|for)\s+/gi, 'the IQR of '],
  // "when did we get our last order?", "when did we receive our very first order": the date of that order, as
  // "when was the last order" reads (refused over "last").
  [
    /\bwhen\s+did\s+(?:we|i|you)\s+(?:get|receive|take|have|see)\s+(?:our|my|the)\s+(?:very\s+)?(first|last|latest|most\s+recent|earliest)\s+(order|sale|purchase)\b/gi,
    'when was the $1 $2',
  ],
  // "per category, who is the customer with the highest spend in that category?": the customer who spent the most,
  // as "which customer spent the most" reads within each group (was the categories ranked: confidently wrong).
  [
    /\bwho\s+(?:is|was|'s)\s+the\s+(customer|client|buyer|account)\s+with\s+the\s+(?:highest|biggest|largest|most|top|greatest)\s+(?:lifetime\s+|total\s+)?(?:spend|spending|revenue|sales)\b/gi,
    'which $1 spent the most',
  ],
  // "(each month against the one right before it)", "(each quarter vs the previous one)": the change from the unit
  // before, which the question says already (refused over "right before").
  [
    /\s*\(\s*(?:i\.?e\.?,?\s*)?each\s+(?:month|quarter|year|week|day)\s+(?:against|vs\.?|versus|compared\s+(?:to|with))\s+(?:the\s+)?(?:one\s+(?:right\s+|just\s+|immediately\s+)?before(?:\s+it)?|previous\s+one|prior\s+one|one\s+before)\s*\)/gi,
    '',
  ],
  // ", labelled Q1 to Q4", "labelled Jan to Dec": how the periods are named, which the answer does already.
  [
    /\s*,?\s*\(?\s*label(?:l)?ed\s+(?:as\s+)?(?:q1\s+(?:to|through|-)\s+q4|jan(?:uary)?\s+(?:to|through|-)\s+dec(?:ember)?|h1\s+(?:and|to|-)\s+h2)\s*\)?/gi,
    '',
  ],
  // "customers of mine": my customers (the asker's own rows by their access).
  [/\b(customers|clients|accounts|orders)\s+of\s+mine\b/gi, 'my $1'],
  // "rank customers by 2025 revenue, top 5", "rank my categories by orders - bottom 3 only": the top (bottom) rows of
  // the ranking, as "top 5 customers by 2025 revenue" reads (refused over "revenue top").
  [
    /^\s*(?:please\s+)?(?:rank|sort|order)\s+((?:my|our|the|all)\s+)?([a-z]+)\s+(by\s+[^,;–—-]+?)\s*[,;–—-]\s*(?:just\s+|only\s+|show\s+(?:me\s+)?)?(?:the\s+)?(top|bottom)\s+(\d{1,3}|three|five|ten)(?:\s+only)?\s*([?.!]*)\s*$/i,
    (_all, owner = '', noun: string, by: string, side: string, n: string, end = '') =>
      `${owner}${side.toLowerCase()} ${n} ${noun} ${by}${end}`,
  ],
  // "the difference between the highest and lowest regional revenue", "gap between best and worst monthly sales":
  // the group named by its adjective, as "the highest and lowest region by revenue" reads (refused over "lowest
  // regional").
  [
    /\b((?:best|top|highest|biggest|largest|worst|bottom|lowest|smallest)\s+(?:and|vs\.?|versus)\s+(?:the\s+)?(?:best|top|highest|biggest|largest|worst|bottom|lowest|smallest))\s+(regional|monthly|quarterly|yearly|annual|weekly|daily)\s+((?:[a-z]+\s+){0,2}?[a-z]+)(?=\s+(?:in|for|during|across|over|this|last|since)\b|\s*[?.!,;]|\s*$)/gi,
    (_all, ends: string, adjective: string, measure: string) => {
      const unit: Record<string, string> = {
        regional: 'region',
        monthly: 'month',
        quarterly: 'quarter',
        yearly: 'year',
        annual: 'year',
        weekly: 'week',
        daily: 'day',
      };
      return `${ends} ${unit[adjective.toLowerCase()] ?? adjective} by ${measure}`;
    },
  ],
  // "the gap between our best and worst region", "difference between the top and bottom category": both ends of
  // the ranking, which the answer states with the gap between them (members.ts).
  [
    /\b(?:how\s+(?:big|large|wide|much)\s+(?:is|was)\s+)?(?:the\s+)?(?:gap|difference|diff|spread|delta)\s+between\s+(?:our\s+|the\s+)?(best|top|highest|biggest|largest|worst|bottom|lowest|smallest)\s+(?:and|vs\.?|versus)\s+(?:our\s+|the\s+)?(best|top|highest|biggest|largest|worst|bottom|lowest|smallest)\b/gi,
    (all, a: string, b: string) => {
      const high = /^(?:best|top|highest|biggest|largest)$/i;
      if (high.test(a) === high.test(b)) return all;
      return /^(?:best|worst)$/i.test(a) && /^(?:best|worst)$/i.test(b)
        ? `${a.toLowerCase()} and ${b.toLowerCase()}`
        : high.test(a)
          ? 'highest and lowest'
          : 'lowest and highest';
    },
  ],
  // "which category was #1", "the #1 region": the top one (the sign dropped left "category 1").
  [/(?<![\w#])#\s*1\b(?!\d)/g, 'top'],
  // "# of orders", "#orders": the number of (the tokenizer drops the sign, which left "of orders").
  [/(^|\s)#\s*(?:of\s+)?(?=[a-z])/gi, '$1number of '],
  // "2024-11-29": a day (checked for a real month and day; the planner's own reading checks the rest).
  [
    /\b(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b/g,
    (_all, year = '', month = '', day = '') => `${MONTHS[Number(month) - 1]} ${Number(day)} ${year}`,
  ],
  // "the week of Black Friday 2024", "thanksgiving week 2025": Monday to Sunday of the week the holiday falls in.
  [
    new RegExp(
      `\\b(?:(?:in|for|during|over)\\s+)?(?:the\\s+)?(?:week\\s+of\\s+(${HOLIDAY_NAMES})|(${HOLIDAY_NAMES})\\s+week)(?:\\s+of)?\\s*,?\\s*(\\d{4})\\b`,
      'gi',
    ),
    (all, a: string | undefined, b: string | undefined, year = '') => {
      const date = holidayDay(a ?? b ?? '', Number(year));
      if (!date) return all;
      const monday = addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
      return `from ${spoken(monday)} to ${spoken(addDays(monday, 6))}`;
    },
  ],
  // "the week of November 24 2025": Monday to Sunday of the week that day falls in.
  [
    new RegExp(
      `\\b(?:(?:in|for|during|over)\\s+)?(?:the\\s+)?week\\s+of\\s+(${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
      'gi',
    ),
    (all, month = '', day = '', year = '') => {
      const date = isoDay(Number(year), monthIndex(month.toLowerCase()) ?? -1, Number(day));
      if (!date) return all;
      const monday = addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
      return `from ${spoken(monday)} to ${spoken(addDays(monday, 6))}`;
    },
  ],
  // "the week starting June 2, 2025", "the week beginning on Mar 3 2025": seven days from that day.
  [
    new RegExp(
      `\\b(?:(?:in|for|during|over)\\s+)?(?:the\\s+)?week\\s+(?:starting|beginning|commencing|from)\\s+(?:on\\s+)?(${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
      'gi',
    ),
    (all, month = '', day = '', year = '') => {
      const date = isoDay(Number(year), monthIndex(month.toLowerCase()) ?? -1, Number(day));
      return date ? `from ${spoken(date)} to ${spoken(addDays(date, 6))}` : all;
    },
  ],
  // "the last week of 2025", "the first 10 days of Q3 2024", "the final 2 months of H1 2025": that part of it.
  [
    new RegExp(
      `\\b((?:in|for|during|over)\\s+)?(?:the\\s+)?(first|last|final|opening|closing)\\s+(?:(\\d{1,3})\\s+)?(days?|weeks?|months?|quarters?)\\s+of\\s+(?:the\\s+year\\s+)?(${PERIOD})\\b`,
      'gi',
    ),
    (all, lead = '', end = '', count = '', unit = '', period = '') => {
      const span = spanOf(period.toLowerCase());
      if (!span) return all;
      const n = count === '' ? 1 : Number(count);
      const first = /^(first|opening)$/i.test(end);
      const part = partOf(span, first, n, unit.toLowerCase().replace(/s$/, '') as Unit);
      if (!part) return all;
      // One whole month or quarter is named as one ("january 2025", "q1 2022"), as the planner reads periods.
      const month = Number(part.from.slice(5, 7)) - 1;
      const whole = (months: number) =>
        part.from.endsWith('-01') && addDays(part.last, 1) === addMonths(part.from, months);
      if (whole(1)) return `${lead}${MONTHS[month]} ${part.from.slice(0, 4)}`;
      if (whole(3) && month % 3 === 0) return `${lead}q${month / 3 + 1} ${part.from.slice(0, 4)}`;
      return `from ${spoken(part.from)} to ${spoken(part.last)}`;
    },
  ],
  // "which segment held up best (on revenue)": the one whose figure grew the most, or fell the least.
  [/\bheld\s+up\s+(?:the\s+)?best\b/gi, 'grew the most'],
  [/\bheld\s+up\s+(?:the\s+)?worst\b/gi, 'grew the least'],
  // "share of revenue lost to returns in 2025", "what % of sales was lost to cancellations": the part of it from
  // those rows (a "lost" of its own reads as a fall between periods).
  [
    /\b(revenue|sales|spend|turnover|gmv)\s+(?:(?:that\s+)?(?:was|were|got|gets|is|are)\s+)?lost\s+(?:to|through|from|on|via)\s+(?=(?:the\s+)?(?:returns?|returned|cancel\w*|refunds?|refunded)\b)/gi,
    '$1 from ',
  ],
  // "which region improved the most from H1 to H2 2025", "improved least": grew the most (least).
  [/\bimproved\s+(?:the\s+)?(most|least)\b/gi, 'grew the $1'],
  // "how wide is the spread between the 95th and the 5th percentile": the spread (percentiles.ts).
  [/\bhow\s+(?:wide|big|large)\s+(?:is|was)\s+the\s+(spread|gap|range|difference)\b/gi, 'what is the $1'],
  // "between H1 and H2 2025", "Q1 vs Q2 2024": the year after the second half or quarter is the first's too.
  [/\b(h[12]|q[1-4])\s+(and|vs\.?|versus|to|through|or)\s+(h[12]|q[1-4])\s+(\d{4})\b/gi, '$1 $4 $2 $3 $4'],
  // "Black Friday 2025", "on Christmas Eve 2024", "New Year's Day": the day (a year needed where it moves).
  [HOLIDAY, (all, name = '', year = '') => holiday(name, year) ?? all],
  // "q4 24 vs q4 25 orders": two quarters compared, each with its year (the second was read as 25 orders).
  [
    /\b(q[1-4]|h[12])\s*[-/]?\s*(\d{2})\s+(vs\.?|versus|and|to|or|&)\s+(q[1-4]|h[12])\s*[-/]?\s*(\d{2})\b(?![.,]\d|\s*%)/gi,
    (_all, a = '', x = '', join = '', b = '', y = '') => `${a} 20${x} ${join} ${b} 20${y}`,
  ],
  // "rev by cat for h1 25", "orders q3-24", "Q2/25": two digits after a quarter or half are its year (a month's two
  // digits stay a day: "jan 25"). Not a count or size after it ("q3 25 orders" is still read as written).
  [
    /\b(q[1-4]|h[12])\s*[-/]?\s*(\d{2})\b(?![.,]\d|\s*(?:%|percent|k\b|m\b|days?|weeks?|months?|orders?|customers?|clients?|items?|units?|times?|dollars?|\$))/gi,
    (_all, unit = '', year = '') => `${unit} 20${year}`,
  ],
  // "Q4 '25", "Dec ’24", "sales in '23": a year written with two digits after an apostrophe.
  [
    /\b(q[1-4]|h[12]|[a-z]{3,9})['’‘](\d{2})(?![\w%'’])/gi,
    (all, unit = '', year = '') =>
      /^(?:q[1-4]|h[12])$/i.test(unit) ||
      MONTHS.some((m) => m.startsWith(unit.toLowerCase()) && unit.length >= 3)
        ? `${unit} 20${year}`
        : all,
  ],
  [/(?<![\w'’‘])['’‘](\d{2})(?![\w%'’])/g, ' 20$1'],
  // "for tomorrow's all-hands", "before next week's board meeting": an event the figure is for, not a future period.
  [
    /\b(?:tomorrow|tonight|next\s+(?:week|month)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)['’]s\s+(?=(?:all[\s-]?hands|meeting|call|standup|stand-up|sync|review|board|offsite|off-site|presentation|demo|session|huddle|briefing|qbr|deck|pitch|town\s*hall|kickoff|kick-off|catch[\s-]?up|1:1|one[\s-]on[\s-]one)\b)/gi,
    'the ',
  ],
  // "drop grocery", "now remove the west", "..., leave out toys": an imperative to leave a value out is "without" it
  // (was "drop" read as a fall: grocery's change from the year before, confidently wrong).
  [
    /(^\s*|[,;–—-]\s*)(?:(?:and|now|ok|okay|then|but|pls|please)\s+)*(?:drop|remove|exclude|leave\s+out|take\s+out|filter\s+out|strip\s+out|cut\s+out)\s+(?:the\s+)?(?=[a-z])(?!(?:in|of|from|since|during|between|by|off|after|at|on|for|to|vs|versus|compared)\b)/gi,
    '$1without ',
  ],
  // "as percentages" said alone after a table: each row's share, as "as a percent" (follow-up.ts).
  [
    /^\s*(?:(?:and|now|ok|okay|same)\s+)?(?:(?:show|give|put)\s+(?:that|it|this|them|those|these)\s+)?(as|in)\s+(?:%|percentages?|pcts?|shares)(?:\s*,?\s*(?:please|pls|plz|thanks|thx))?\s*([?.!]*)\s*$/i,
    '$1 a percent$2',
  ],
  // "what's the % diff", "difference in percent": the percent change; "diff" alone is the difference.
  [/(?:%|\bpercent(?:age)?|\bpct)\s*diff(?:erence)?s?\b/gi, '% change'],
  // ("difference in percentage points": the change of a share in its unit, no percent change.)
  [/\bdiff(?:erence)?s?\s+in\s+(?:%|percent(?:age)?\b|pct\b)(?!\s*(?:points?|pts?|pp)\b)/gi, '% change'],
  [/\bdiffs?\b/gi, 'difference'],
  // "net change in returns", "the net difference": the signed change, as every change is stated.
  [/\bnet\s+(?=(?:change|difference|increase|decrease|gain|loss)\b)/gi, ''],
  // "% chg", "yoy chng": the change.
  [/\b(?:chg|chng|chnge)s?\b/gi, 'change'],
  // "the change from the month before": from the previous month (each period's own; as a follow-up after a series,
  // "the month before" alone steps the previous period back instead: follow-up.ts).
  [
    /\b(change|growth|difference|increase|decrease|delta)\s+(from|vs\.?|versus|over|on|against|compared\s+(?:to|with)|relative\s+to)\s+(?:the\s+)?(day|week|month|quarter|year)\s+(?:before|prior)(?:\s+it)?\b/gi,
    '$1 $2 the previous $3',
  ],
  // "March 2025 vs March two years before", "Q3 2025 against Q3 2 years earlier": the same unit that many years back.
  [
    new RegExp(
      `\\b(with|to|vs\\.?|versus|against|and)\\s+(?:${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\s+((?:\\d|two|three|four|five)\\s+(?:years|yrs)\\s+(?:before|earlier|prior|ago|back))\\b`,
      'gi',
    ),
    '$1 the same month $2',
  ],
  [
    /\b(with|to|vs\.?|versus|against|and)\s+q[1-4]\s+((?:\d|two|three|four|five)\s+(?:years|yrs)\s+(?:before|earlier|prior|ago|back))\b/gi,
    '$1 the same quarter $2',
  ],
  // "cancelled order value per category", "the value of returned orders": what those orders were worth together, not
  // the average order ("average/highest cancelled order value" keep their own reading).
  [
    /(?<!\b(?:average|avg|mean|median|typical|highest|lowest|largest|smallest|biggest|max|min|maximum|minimum|top|per)\s+)\b([a-z]+ed)\s+order\s+value\b/gi,
    'total amount of $1 orders',
  ],
  [
    /\b(?:the\s+)?(?:total\s+)?value\s+of\s+(?:the\s+|all\s+)?([a-z]+ed)\s+orders\b/gi,
    'total amount of $1 orders',
  ],
  // "customers whose spend in 2025 exceeded $2,750": each one's spend in the period passed the amount (was read as an
  // order's amount over it: "exceeded" said away from "spend"), as "whose spend in 2025 was over $2,750" reads.
  [
    /\b(whose\s+(?:total\s+|overall\s+|combined\s+)?(?:spend|spending)\s+(?:in|during|for)\s+(?:[qh][1-4]\s+)?(?:(?:19|20)\d\d|[a-z]+\s+(?:19|20)\d\d))\s+(?:exceeded|exceeds|topped|tops|surpassed|surpasses|passed|went\s+over|goes\s+over)\s+(?=\$|\d)/gi,
    '$1 was over ',
  ],
  // "orders by quarter 2024 vs same quarter 2023": the same quarter, its article left out.
  [/\b(vs\.?|versus|against|to|with)\s+same\s+(?=(?:day|week|month|quarter|period)\b)/gi, '$1 the same '],
  // ("... vs the same quarter 2023": of that year.)
  [/\bsame\s+(day|week|month|quarter|period)\s+(?=(?:19|20)\d{2}\b)/gi, 'same $1 of '],
  // "revenue in each quarter next to the same quarter of 2024": the same period a year back, compared ("next" is no
  // future here).
  [/\bnext\s+to\s+(?=(?:the\s+)?same\s+(?:day|week|month|quarter|period)\b)/gi, 'vs '],
  // "every quarter of 2024 with its counterpart in 2023": the same unit of the other year.
  [
    /\b(each|every|per)\s+(month|quarter|week)\b([^.?!]*?)\b(?:its|their)\s+(?:counterparts?|equivalents?|corresponding\s+(?:month|quarter|week|ones?|periods?))\b/gi,
    (_all: string, each: string, unit: string, between: string) =>
      `${each} ${unit}${between}the same ${unit.toLowerCase()}`,
  ],
  // "the change from the prior month in both count and %": a count's change in its two forms, as every change of a
  // count is stated (its difference and its percent change); "$" would be no unit of a count.
  [
    /\b((?:change|changes|growth|difference|vs\.?|versus|compared|against|mom|qoq|yoy)\b[^.?!]*?)\s+(?:as|in)\s+(?:both\s+)?(?:an?\s+)?(?:count|number|#)\s+and\s+(?:as\s+)?(?:an?\s+)?(?:percent(?:age)?\b|%|pct\b)/gi,
    '$1',
  ],
  // "as both a number and a percentage", "in both dollars and percent": the change's two forms, as "$ and %" says.
  [
    /\b(?:as|in)\s+both\s+(?:an?\s+)?(?:number|amount|value|dollars?|\$)\s+and\s+(?:an?\s+)?(?:percent(?:age)?|%|pct)\b/gi,
    'in $ and %',
  ],
  // "for the spreadsheet Dana asked for", "for the board deck Priya wanted": who the figure is for.
  [
    new RegExp(
      `\\bfor\\s+(?:the|my|our|a|an|this)\\s+(?:${DOCUMENTS})\\s+(?:[a-z]+\\s+)?(?:asked\\s+for|asked\\s+about|wanted|requested|needs|needed|is\\s+building|is\\s+making)\\b`,
      'gi',
    ),
    ' ',
  ],
  // "to the cent please", "exact to the penny", "in dollars and cents": every amount is given to the cent.
  [/\b(?:exact(?:ly)?\s+|precise(?:ly)?\s+|accurate\s+|down\s+)?to\s+the\s+(?:cent|penny)\b/gi, ' '],
  [/\b(?:in\s+)?dollars\s+and\s+cents\b/gi, ' '],
  // "side by side", "next to": periods shown beside each other are compared.
  [new RegExp(`\\b(${PERIOD})\\s+next\\s+to\\s+(${PERIOD})\\b`, 'gi'), '$1 vs $2'],
  [/\bside\s+by\s+side\b/gi, ' '],
  // "our clientele": the customers; "incl." is "including", "excl." "excluding".
  [/\bclientele\b/gi, 'customers'],
  [/\bincl\.?(?=\s)/gi, 'including'],
  // "(abs number, not %)", "not in percent": the change as an amount (readings.ts reads "absolute").
  [/\bnot\s+(?:in\s+|as\s+(?:a\s+)?)?(?:%|percent(?:ages?)?\b|pct\b)/gi, 'absolute'],
  // "excl cancelled", "excl. returns", "exc returns": excluding. "ex-cancellations", "ex returns": the same, only
  // before the statuses' words ("ex" alone is too many things).
  [/\bexcl?\.?(?=\s)/gi, 'excluding'],
  [/\bex[\s-]+(?=(?:cancel\w*|returns?|returned|refunds?|refunded)\b)/gi, 'excluding '],
  // "the back half of 2024", "front half of the year": the second and first halves.
  [
    /\b(?:the\s+)?(front|back)\s+half\b/gi,
    (_all, end: string) => `the ${/^f/i.test(end) ? 'first' : 'second'} half`,
  ],
  // "revenue broken down by category", "broken out by quarter": by category, by quarter.
  [/\bbroken\s+(?:down|out|up)\b/gi, ' '],
  // "top 3 customers of 2025 - how much did that add up to", "..., what do they sum to": the ranked rows' one sum
  // ("combined", second-order.ts); "sum" was read as the total amount, beside a ranking by orders (confidently wrong).
  [
    /\s*[,;-]?\s*(?:and\s+)?(?:what|how\s+much)\s+(?:do|does|did|would|will)\s+(?:they|those|these|that|it|them|those\s+\w+|these\s+\w+)\s+(?:all\s+)?(?:sum|add|total)(?:\s+up)?(?:\s+to)?\b/gi,
    ' combined',
  ],
  // "add up all grocery revenue": the total.
  [/\badd\s+(?:up|together)\b/gi, ' total '],
  // "2024 -> 2025", "Q1 → Q2": an arrow between two periods runs from the first to the second.
  [/\s*(?:-+>|→|=>)\s*(?=(?:q[1-4]|h[12]|\d{4}|[a-z]{3,9}\s+\d{4})\b)/gi, ' to '],
  // "how is revenue tracking this month vs ...", "how are orders pacing": the figure, set against what follows.
  // ("how is revenue trending this year" asks for its trend, read by month.)
  [/\bhow\s+(?:is|are|s)\s+((?:[a-z]+\s+){1,3}?)(?:tracking|pacing)\b/gi, '$1'],
  // "monthly revenue plus the change": two asks of one question.
  [/\bplus\b/gi, ' and '],
  [/\bvery\b/gi, ' '],
  // "the cheapest order", "priciest sale": the smallest or largest row.
  [
    /\b(?:cheapest|least\s+expensive|lowest[\s-]priced)\s+((?:single\s+)?(?:orders?|purchases?|sales?|transactions?))\b/gi,
    'smallest $1',
  ],
  [
    /\b(?:priciest|most\s+expensive|costliest|highest[\s-]priced)\s+((?:single\s+)?(?:orders?|purchases?|sales?|transactions?))\b/gi,
    'largest $1',
  ],
  // "which region led in revenue", "what category topped sales": the one with the most.
  [
    /\b(which|what)\s+([a-z]+)\s+(?:led|leads|topped|tops|won|wins)(?:\s+(?:in|on|for|by))?\b/gi,
    '$1 $2 had the most',
  ],
  // ("top 3 customers by spend in 2025 with amounts", "..., with the figures": each row's figure, shown anyway;
  // was "amounts" read as the average order amount.)
  [
    /\s*,?\s*\b(?:with|and|plus|incl(?:uding)?\.?)\s+(?:the\s+|their\s+|its\s+)?(?:amounts|figures|numbers|values)\b(?=\s*(?:[.?!,;)]|$))/gi,
    '',
  ],
  // ("over the whole history", "over their whole lifetime", "in its entire history": all the data.)
  [
    /\b(?:over|in|across|during|for)\s+(?:the|their|its|our)\s+(?:whole|entire|full)\s+(?:history|lifetime|life)\b/gi,
    'all time',
  ],
  // ("which single day of 2024", "the busiest single month": that unit.)
  [/\bsingle\s+(day|week|month|quarter|year)\b/gi, '$1'],
  // ("lost the most revenue in dollar terms": ranked by the amount of the change, as "in absolute terms" is.)
  [/\bin\s+(?:dollar|\$)\s+terms\b/gi, 'in absolute terms'],
  // ("... — and how many percentage points did it move?": the change in points.)
  [
    /\b(?:and\s+)?(?:by\s+)?how\s+many\s+(?:percentage\s+)?points\s+(?:did|has|have)\s+(?:it|that|they|the\s+rate)\s+(?:move|moved|shift|shifted|change|changed|go|gone|drop|dropped|rise|risen|rose)\b/gi,
    'and the change in percentage points',
  ],
  // ("sales by category for H2 2025, sorted low to high": every row, lowest first; "lowest" and "highest" were
  // read as two rankings and refused.)
  [
    /\s*,?\s*(?:(?:sorted|ordered|ranked|listed|going|arranged)\s+)?(?:from\s+)?(?:the\s+)?(?:low|lowest|smallest|least)\s+to\s+(?:the\s+)?(?:high|highest|biggest|largest|most)\b/gi,
    ', ranked ascending',
  ],
  [
    /\s*,?\s*(?:(?:sorted|ordered|ranked|listed|going|arranged)\s+)?(?:from\s+)?(?:the\s+)?(?:high|highest|biggest|largest|most)\s+to\s+(?:the\s+)?(?:low|lowest|smallest|least)\b/gi,
    ', ranked',
  ],
  // ("did revenue in 2025 beat 2024?", "did Q3 top Q2?": the two periods compared; "top" was read as a ranking
  // of one row.)
  [
    /\b(?:did|does|do|has|have|will)\s+(.+?)\s+(?:beat|top|exceed|outdo|outperform|surpass|outpace|out-?sell)\s+(?=(?:the\s+)?(?:20\d\d|[qh][1-4]\b|last\b|previous\b|prior\b|(?:january|february|march|april|may|june|july|august|september|october|november|december)\b))/gi,
    '$1 vs ',
  ],
  // ("did the west beat the east on revenue in 2025?": two values compared on a measure, each with its figure.)
  [
    /\b(?:did|does|do|has|have|will)\s+(?:the\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:beat|top|exceed|outdo|outperform|surpass|outpace|out-?sell)\s+(?:the\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:on|in\s+terms\s+of|for|by|in)\s+((?:total\s+)?(?:revenue|sales|turnover|spend|orders|order\s+count|aov|average\s+order\s+value|customers|returns|cancellations))\b/gi,
    '$3, $1 vs $2',
  ],
  // ("revenue from customers whose first order was in 2023, in 2024": the rows' period said last, after the cohort's;
  // it was left out, and every year's revenue given: confidently wrong.)
  [
    /^(\s*(?:(?:what\s+(?:was|is)\s+)?(?:the\s+)?(?:total\s+)?(?:revenue|sales|spend|spending|orders|order\s+count|number\s+of\s+orders))\b)(\s+(?:from|of|by|for)\s+(?:the\s+)?(?:customers|clients|buyers|people|accounts)\s+(?:whose|who)\b[^,;]*?\b(?:in|during)\b[^,;]*?)\s*,\s*(?:in|during|for)\s+([^,;?]+?)\s*([?.!]*)\s*$/i,
    '$1 in $3$2$4',
  ],
  // ("revenue for each region in Q1 2025, and how each compares with Q1 2024 in %": against that period, was
  // the change of each one's share of the total, in points.)
  [
    /\s*,?\s*(?:and\s+)?how\s+(?:does\s+|do\s+|did\s+)?(?:each(?:\s+one)?|it|they|that|this|these|those)\s+(?:compares?|compared|stacks?\s+up|stacked\s+up)\s+(?:with|to|against)\s+/gi,
    ' vs ',
  ],
  // ("electronics orders, quarter over quarter: the % change of each quarter vs the one before": each step;
  // "which quarter grew the most vs the previous one?": the growth a ranked change already reads.)
  [
    /(\b(?:qoq|mom|wow|yoy|(?:quarter|month|week|year)[\s-]+(?:over|on)[\s-]+(?:quarter|month|week|year)|%\s*change|percent\s+change|change|growth|grew|grown|rose|risen|fell|fallen|dropped|jumped|increased|decreased|declined)\b[^?]*?)\s+(?:vs\.?|versus|against|compared\s+(?:to|with)|over|from(?=\s+the\s+(?:one\s+before|(?:previous|prior|preceding)\s+one)))\s+the\s+(?:(?:one|quarter|month|week|year)\s+(?:before(?:\s+it)?|prior)|(?:previous|prior|preceding)\s+(?:one|quarter|month|week|year))\b/gi,
    '$1',
  ],
  // ("the folks who joined back in January 2022": joined in it.)
  [/\b(joined|signed\s+up|registered|started)\s+back\s+in\b/gi, '$1 in'],
  // ("top customer by spend in each segment — name and amount", "..., names + amounts": what each row shows.)
  [
    /\s*(?:[,:;]|\s[-–—])\s*(?:(?:with|and|give\s+me|show)\s+)?(?:the\s+|their\s+|its\s+)?names?\s*(?:and|\+|&|,)\s*(?:the\s+|their\s+)?(?:amounts?|totals?|figures?|values?|spend|revenue)\b(?=\s*(?:[.?!,;)]|$))/gi,
    '',
  ],
  // ("the company-wide revenue": every row the asker can see, as a question that names no scope reads; own-ground.ts
  // refuses it beside the asker's own region, before this.)
  [/\s*\b(?:company|firm|business)[\s-]?wide\b/gi, ''],
  // ("(I think they all dipped)", "(my guess is electronics)": the asker's belief, no part of the ask.)
  [
    /\s*\(\s*(?:i\s+think|i\s+believe|i\s+guess|i\s+suspect|i\s+assume|i'?d\s+guess|my\s+(?:guess|hunch|sense)\s+is|pretty\s+sure|probably)\b[^()]{0,80}\)/gi,
    ' ',
  ],
  // ("which category had the biggest drop in returns ..., and how many fewer returns was that?": the size of the
  // change, which the answer states.)
  [
    /(\b(?:drop|decline|fall|fell|dropped|declined|rise|rose|grew|growth|increase|increased|decrease|decreased|change|changed|gain|gained)\b[^?]*?)\s*,?\s*(?:and\s+)?how\s+(?:many|much)\s+(?:fewer|more|less|lower|higher)(?:\s+[a-z]+){0,2}\s+(?:was|is|were|are)\s+(?:that|it|this)\b/gi,
    '$1',
  ],
  // "signed up prior to 2023": before it.
  [
    /\bprior\s+to\b(?=\s+(?:(?:19|20)\d\d|q[1-4]|h[12]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|the\s+start))/gi,
    'before',
  ],
  // "revenue per quarter as a % of the yearly total": each quarter's part of its year's total.
  [/\bof\s+(?:the\s+|its\s+)?(?:yearly|annual|full[\s-]year)\s+(total|sum)\b/gi, "of the year's $1"],
  // ("each month's share of the year's total in 2024, orders": the total is the whole of the orders named, not
  // the total amount; with money named, or nothing else, it stays.)
  [
    /\b((?:share|%|percent(?:age)?|portion|part|fraction)\s+of\s+(?:the\s+|its\s+)?(?:(?:year|quarter|month|week|day)['’]s\s+)?)total\b(?!\s+(?:revenue|sales|amount|spend|spending|value|orders?|number|count|of)\b)/gi,
    (all, lead = '', offset: unknown, text: unknown) => {
      if (typeof text !== 'string' || typeof offset !== 'number') return all;
      const rest = `${text.slice(0, offset)} ${text.slice(offset + all.length)}`;
      return /\b(?:orders?|order\s+count|number\s+of|how\s+many|customers?|returns?|cancellations?)\b|#/i.test(
        rest,
      ) && !/\b(?:revenue|sales|spend|spent|spending|amount|dollars?|value|aov|money)\b|\$/i.test(rest)
        ? `${lead}whole`
        : all;
    },
  ],
  // "orders on the busiest day of 2025, and which day was it?": the ranked period's label is part of the answer.
  [
    /\b((?:busiest|best|worst|biggest|strongest|weakest|highest|lowest|slowest|quietest)\s+(?:single\s+)?(day|week|month|quarter|year)\b[^,?]*?)\s*,?\s*(?:and\s+)?(?:which|what)\s+\2\s+(?:was|is)\s+(?:it|that)\b/gi,
    '$1',
  ],
  // "the slowest month (fewest orders)": the month with the fewest; "slowest month": fewest orders.
  [/\b(?:slowest|quietest)\s+([a-z]+)\s*\(\s*(fewest|least)\s+/gi, '$2 $1 ('],
  [/\b(?:slowest|quietest)\b/gi, 'fewest'],
  // "customers who signed up in January vs the ones who signed up in December": the second cohort is the same
  // kind, named by its period ("... in January vs December"), when the same verb came first. Said with "vs"
  // whatever the word ("... in Q1 2022 against Q4 2022" read Q4 2022 as the orders' dates: "no data").
  [
    /\b(vs\.?|versus|compared\s+(?:with|to)|against)\s+(?:the\s+ones|those|the\s+customers|customers|the\s+people|the\s+clients|clients)\s+(?:who|that)\s+(signed\s+up|joined|registered|first\s+(?:ordered|bought|purchased))\s+(?:in|during)\s+/gi,
    (all, _versus = '', verb = '', offset: unknown, text: unknown) =>
      typeof text === 'string' &&
      typeof offset === 'number' &&
      text.slice(0, offset).toLowerCase().includes(verb.toLowerCase().replace(/\s+/g, ' '))
        ? 'vs '
        : all,
  ],
  // "the most money worth of orders", "$ value of orders": the money of those rows, not how many there are.
  [/\b(money|dollars?|\$)\s+(?:worth|value)\s+of\s+(?:the\s+|their\s+|its\s+)?[a-z]+s\b/gi, 'money'],
  // "which segment spends the most": the verb of spending.
  [/\bspends\b/gi, 'spend'],
  // "2+ returns", "6 or more returns", "15 times or more": at least that many.
  [/\b(\d+)\+(?=\s)/g, '$1 or more'],
  [/\b(\d+)\s+times\s+or\s+more\b/gi, 'at least $1 times'],
  // "orders that got sent back": returned.
  [/\b(?:got\s+|were\s+|was\s+)?(?:sent|brought|taken)\s+back\b/gi, 'returned'],
  // "what's my repeat purchase rate in 2025?", "the repeat customer rate for Q3 2025": the share of the customers
  // who ordered in the period that ordered more than once in it (was refused by name); with no period, over all the
  // data. Only as the whole question: its growth, or a ranking of it by region, is not this figure (stays refused).
  [
    new RegExp(
      `^\\s*(?:what(?:'s|’s|\\s+is|\\s+was)\\s+)?(?:(my|our|the)\\s+)?repeat[-\\s](?:purchase|customer|buyer|order|buying|client)s?\\s+rate(?:\\s+(?:in|for|during|of)\\s+(${PERIOD}))?(?=\\s*[?.!]*\\s*$)`,
      'gi',
    ),
    (_all: string, whose: string | undefined, period: string | undefined) => {
      const customers = whose?.toLowerCase() === 'my' ? 'my customers' : 'customers';
      return period
        ? `what share of ${customers} who ordered in ${period} ordered more than once in ${period}`
        : `what share of ${customers} ordered more than once`;
    },
  ],
  // "ordered more than once", "one-time buyers", "with only one order": counts of rows per entity.
  [
    /\bone[-\s]?time\s+(buyers?|customers?|clients?|shoppers?|purchasers?)\b/gi,
    '$1 who bought exactly 1 time',
  ],
  [/\bonce\b/gi, '1 time'],
  [/\btwice\b/gi, '2 times'],
  [/\b(?:only|just)\s+(?:one|1|a\s+single)\s+/gi, 'exactly 1 '],
  // ("ordered 2 times": that many, exactly.)
  [/\b(ordered|bought|purchased|shopped|transacted)\s+(\d+)\s+times?\b/gi, '$1 exactly $2 times'],
  // "how much did avg order value move between 2023 and 2024", "how far did sales shift": how much it changed.
  // (Not of each period against the one before, "move each month vs the month before": read as asked.)
  [
    /\b(how\s+(?:much|far)\s+(?:did|has|have)\s+(?:[a-z$#]+\s+){1,6}?)(?:move|moved|shift|shifted|swing|swung)\b/gi,
    (all, lead = '', _offset: unknown, text: unknown) =>
      typeof text === 'string' &&
      /\b(?:each|every|per)\s+(?:day|week|month|quarter|year)\b|\bbefore\b|\bover\s+(?:the\s+)?(?:previous|prior)\b/i.test(
        text,
      )
        ? all
        : `${lead}change`,
  ],
  // "which region cut its returns the most", "reduced their order count": a fall of what follows.
  [/\b(?:cut|cuts|reduced|reduces|lowered|lowers|trimmed|slashed)\s+(its|their)\b/gi, 'dropped $1'],
  // "how did Jan-Sep stack up against ...", "sales tracking vs the same quarter last year": one against the other.
  [/\bstack(?:s|ed)?\s+up\s+(?:against|to|with|vs\.?|versus)\b/gi, 'vs'],
  [/\b(?:tracking|trending|pacing|comparing)\s+(vs\.?|versus|against|to|with)\b/gi, 'vs'],
  // "the final 6 months we have data for": the last months in the data (steps.ts answers the data's own).
  [/\bfinal\s+(\d{1,3})\s+(day|week|month|quarter|year)s\b/gi, 'last $1 $2s'],
  [/\b(?:that\s+)?we\s+(?:have|had|got)\s+(?:any\s+)?data\s+(?:for|on)\b/gi, 'in the data'],
  // "and how it compares to the same month of 2024", "how they compare with": one against the other.
  [/\b(?:and\s+)?how\s+(?:it|they|that|this|each|each\s+one)\s+compares?\s+(?:to|with|against)\b/gi, 'vs'],
  // "vs the corresponding quarter of 2023", "the matching month last year": the same one.
  [/\b(?:corresponding|matching)\s+(quarter|qtr|month|week|day|year)(s?)\b/gi, 'same $1$2'],
  // "2025 relative to 2023", "as compared with 2024": one set against the other.
  [/\b(?:relative\s+to|as\s+compared\s+(?:with|to)|in\s+comparison\s+(?:with|to))\b/gi, 'vs'],
  // "was revenue higher in 2025 than 2024", "were orders lower in Q3 than in Q2 2024": the two periods compared.
  // ("higher or lower in 2025 than 2023" asks for the direction: read as it is.)
  [
    new RegExp(
      `(?<!\\b(?:higher|lower|bigger|smaller|greater|larger|more|less|fewer)\\s+or\\s+)\\b(?:higher|lower|bigger|smaller|greater|larger|more|less|fewer)\\s+(in|during)\\s+(${PERIOD})\\s+than\\s+(?:in\\s+|during\\s+)?(${PERIOD})\\b`,
      'gi',
    ),
    // ("customers who spent more in 2025 than in 2024": each against itself, entity-versus.ts, not two totals.)
    (all: string, ...args: string[]) => {
      const [lead, a, b, at, text] = args as unknown as [string, string, string, number, string];
      // ("which regions sold less in 2025 than in 2024": only the ones that fell, period-comparatives.ts.)
      if (/\bwhich\b|\bwhat\s+(?!was\b|is\b|were\b|are\b|did\b|does\b|the\b|s\b)\w/i.test(text)) return all;
      return /\b(?:customers?|clients?|buyers?|accounts?|shoppers?)\s+(?:who\s+|that\s+|have\s+|had\s+)*(?:spent|ordered|bought|purchased|placed)\s*$/i.test(
        text.slice(0, at),
      )
        ? all
        : `${lead} ${a} vs ${b}`;
    },
  ],
  // "how much did each region's customers spend": the people of each value, as "customers in each region" (a list
  // of every customer in every region answers nothing asked; "each region's top customers" stays a rank).
  [
    /\b(each|every)\s+([a-z]+)['’]s\s+(customers|clients|buyers|shoppers|accounts)\s+(?=(?:spend|spent|place|placed|order|ordered|buy|bought|bring|brought|generate|generated|make|made|purchase|purchased|pay|paid)\b)/gi,
    '$3 in $1 $2 ',
  ],
  // "what did the average enterprise customer spend in 2024 vs the average consumer one?": each value's average
  // spend per customer, as "average spend per customer in 2024, enterprise vs consumer" reads (was refused: the two
  // values of one member in two parts of the question).
  [
    /\bwhat\s+did\s+the\s+(?:average|typical|mean)\s+([a-z]+)\s+(?:customer|client|buyer|account)\s+spend\b\s*(.*?)\s*,?\s+(?:vs\.?|versus|compared\s+(?:to|with)|against)\s+the\s+(?:average|typical|mean)\s+([a-z]+)\s+(?:one|customer|client|buyer|account)\b/gi,
    (_all, a: string, between: string, b: string) =>
      `average spend per customer${between ? ` ${between}` : ''}, ${a} vs ${b}`,
  ],
  // "which category had the most returns as a share of its orders": the highest share of those rows in each, ranked
  // (was a list of every category, "most returned orders" as the rows' name).
  [
    /\b(?:the\s+)?(most|highest|biggest|fewest|least|lowest|smallest)\s+([a-z]+)\s+as\s+an?\s+(?:share|percent(?:age)?|%|proportion|fraction)\s+of\s+(?:its|their)\s+(?:own\s+)?orders\b/gi,
    (_all, end: string, rows: string) =>
      `the ${/^(?:fewest|least|lowest|smallest)$/i.test(end) ? 'lowest' : 'highest'} share of ${rows}`,
  ],
  // "list the regions where 2025 revenue was below 2024's": the values whose figure fell (rose) between the two, as
  // "which regions had lower revenue in 2025 than in 2024" reads (was refused).
  [
    /\b(?:(?:list|show|name|give\s+me)\s+)?(?:the\s+|all\s+(?:the\s+)?)?([a-z]+s)\s+(?:where|whose|in\s+which)\s+((?:(?:q[1-4]|h[12])\s+)?\d{4})\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:was|were|is|came\s+in)\s+(below|under|lower\s+than|less\s+than|above|over|higher\s+than|more\s+than)\s+((?:(?:q[1-4]|h[12])\s+)?\d{4})(?:['’]s)?(?:\s+(?:level|figure|number|total))?(?=\s*[?.!,]|\s*$)/gi,
    (_all, rows: string, later: string, measure: string, way: string, earlier: string) =>
      `which ${rows} had ${/^(?:below|under|lower|less)/i.test(way) ? 'lower' : 'higher'} ${measure} in ${later} than in ${earlier}`,
  ],
  // "count and average amount of big-ticket orders by category": the count of the orders named after "of" (read
  // alone, "count" took the number of customers: confidently wrong).
  [/\b(?:the\s+)?count\b(?=\s*(?:and|&|,|plus)\s+[^?.;]*?\bof\s+[^?.;]*?\borders\b)/gi, 'number of orders'],
  // "25th percentile of what my customers each spent in 2025": each customer's spend, the statistic over them (was
  // the order amounts' percentile: confidently wrong).
  [
    /\b(percentile|median|average|avg|mean|p\d{1,2}|quartile)\s+of\s+what\s+(?:my\s+|our\s+|the\s+)?(?:customers|clients|buyers|accounts)\s+(?:each\s+)?spent(?:\s+each)?\b/gi,
    '$1 of spend per customer',
  ],
  // "how many customers' biggest single order in 2025 was under $900?": the customers whose largest order was, as
  // "how many customers whose largest order ..." reads (was each customer's orders under $900 listed: confidently
  // wrong).
  [
    /\bhow\s+many\s+(customers|clients|buyers|accounts)['’]\s+(?:(biggest|largest|highest|smallest|lowest)\s+(?:single\s+)?(?:order|purchase))\b/gi,
    (_all, who: string, end: string) =>
      `how many ${who} whose ${/^(?:smallest|lowest)$/i.test(end) ? 'smallest' : 'largest'} order`,
  ],
  // "at least one cancelled order in every year ...": an order of that kind in each, as "a cancelled order in every
  // year" reads (with "at least one" the years were listed one by one: confidently wrong).
  [/\bat\s+least\s+(?:one|1)\s+((?:[a-z]+\s+)?order)s?\s+(?=in\s+(?:every|each)\b)/gi, 'a $1 '],
  // "at least one cancelled order in each of 2023, 2024 and 2025": every one of those years, as "in every year from
  // 2023 to 2025" reads (was any of them: confidently wrong). Only back-to-back years; others stay, to be refused.
  [
    /\bin\s+(?:each|every|all)\s+(?:one\s+)?of\s+((?:19|20)\d\d)((?:\s*,\s*(?:19|20)\d\d)*)\s*,?\s*(?:and|&)\s+((?:19|20)\d\d)\b/gi,
    (all, first: string, middle: string, last: string) => {
      const years = [first, ...(middle.match(/\d{4}/g) ?? []), last].map(Number);
      return years.every((y, i) => i === 0 || y === (years[i - 1] ?? 0) + 1)
        ? `in every year from ${first} to ${last}`
        : all;
    },
  ],
  // "A vs B AOV, which is higher and by how much?": the two values and the gap between them, as "..., and the
  // difference" reads (the gap was left unsaid).
  [
    /\b(?:which|who)\s+(?:one\s+|of\s+the\s+(?:two|2)\s+)?(?:is|was|came\s+out|had|has)\s+(?:the\s+)?(?:higher|lower|bigger|smaller|larger|greater|more|less|fewer|ahead)\s*,?\s+and\s+by\s+how\s+much\b/gi,
    'and the difference',
  ],
  // "what did toys bring in", "which region brought in the most", "what did grocery generate in Q2": money made
  // (only where nothing names what came in: "brought in the most new customers", "bring in half my revenue" stay).
  [
    /\b(?:bring|brings|brought|bringing)\s+in\b(?=\s*(?:the\s+most|the\s+least|most|least|more|less|during|in|for|last|this|over|since|from|between|through|throughout|across|by|per|each|every|so\s+far|to\s+date|,|\?|$))/gi,
    'earn',
  ],
  [/\bgenerated?\b(?=\s*(?:in|during|for|last|this|over|since|,|\?|$))/gi, 'earn'],
  // "what was the average month?", "the monthly average", "what does the average quarter look like": the average
  // per unit of time (read alone, "average" took the model's Average amount over every month: confidently wrong).
  [
    /\b(?:the\s+|an?\s+)?(monthly|quarterly|weekly|daily|yearly|annual)\s+average\b(?!\s+(?:order|amount|value|spend|revenue|sales|customer|basket|price|size|number|count|of)\b)/gi,
    (_all, unit: string) =>
      `the average per ${{ monthly: 'month', quarterly: 'quarter', weekly: 'week', daily: 'day', yearly: 'year', annual: 'year' }[unit.toLowerCase()] ?? 'month'}`,
  ],
  [
    /\b(?:the\s+|an?\s+)?average\s+(month|quarter|week|day|year)(?:\s+look(?:s|ed)?\s+like\b|\b(?=\s*(?:in\b|for\b|of\s+(?:20\d\d|that|those|them)|,|\?|\.|$)))/gi,
    'the average per $1',
  ],
  // "revenue per order": the average order's amount, never the total; "orders per customer by segment": the
  // average per customer within each segment (a list of every customer in every segment answers nothing asked).
  [
    /\b(?:revenue|sales|spend|turnover|takings)\s+(?:per|for\s+each|for\s+every)\s+(?:order|purchase|transaction)\b/gi,
    'average order value',
  ],
  [
    /\b(revenue|sales|spend|turnover|orders|purchases)\s+per\s+(?:active\s+|paying\s+|ordering\s+|purchasing\s+)?(customer|client|buyer|account|shopper)\s+(by|per|for\s+each|in\s+each|across)\s+/gi,
    (all, measure = '', entity = '', by = '', offset: unknown, text: unknown) =>
      typeof text === 'string' &&
      typeof offset === 'number' &&
      // ("average lifetime spend per customer by ...", "p90 of spend per customer by ...": already aggregated.)
      /\b(?:average|avg|mean|median|typical|percentile|p\d{2}|quartile)\b(?:\s+\S+){0,3}\s*$/i.test(
        text.slice(0, offset),
      )
        ? all
        : `average ${measure} per ${entity} ${by} `,
  ],
  // "what slice of revenue did the top 3 account for", "how big a chunk of sales": a share of it.
  [/\b(?:what|which|how\s+big\s+(?:a|of\s+a))\s+(?:slice|chunk|piece|portion)\s+of\b/gi, 'what share of'],
  // "hows our volume looking": "how's".
  [/\bhows\b(?=\s+(?:our|my|the|it|things|sales|revenue|orders))/gi, 'how is'],
  // "the 4th quarter last year", "the second half of last year", "third quarter 2024", "the 2nd half of '25":
  // that quarter or half of the year named.
  [
    /\b(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+(quarter|half)\s+(?:of\s+|in\s+)?(?=(?:last|this|previous|prior)\s+year\b|\d{4}\b|['’]\d{2}\b)/gi,
    (_all: string, nth: string, unit: string) => {
      const n = ORDINAL_NUMBERS[nth.toLowerCase()] ?? 0;
      return /^q/i.test(unit) ? (n <= 4 ? `q${n} ` : _all) : n <= 2 ? `h${n} ` : _all;
    },
  ],
  // "total returned orders", "total furniture orders", "total cancellations", "total returns in 2024": how many such rows (was the total
  // amount of them); "total returns value", "total returned revenue" stay the money.
  [
    /(?<!\b(?:running|cumulative|grand|rolling)\s+)\btotal\s+(?:number\s+of\s+)?((?:(?!(?:of|for|in|on|by|from|with|amount|value|revenue|sales|spend|dollars?|number|count)\b)[a-z]+\s+)?(?:orders|purchases|transactions)|returns|cancellations|cancels|refunds)\b(?!\s+(?:value|amount|revenue|sales|dollars|\$|spend|worth))/gi,
    'number of $1',
  ],
  // "which region came last in toys revenue", "which category finished first", "ranked bottom": the lowest or the
  // highest of it.
  [
    /\b(?:came|come|comes|finished|finishes|ranked|ranks|placed)\s+(?:in\s+)?(?:dead\s+)?(last|first|top|bottom)(?:\s+place)?\b(?!\s+(?:\d|year|month|quarter|week|time|order|to\b))/gi,
    (_all: string, place: string) =>
      /^(?:last|bottom)$/i.test(place) ? 'had the lowest' : 'had the highest',
  ],
  // "which category drove the most revenue", "which region delivered the most orders": generated it.
  [
    /\b(?:drove|drives|drive|delivered|delivers|produced|produces|contributed|contributes)\s+(?=(?:the\s+)?(?:most|least|more|less|fewest|highest|lowest)\b)/gi,
    'generated ',
  ],
  // "top seller category per quarter", "best-seller region": the top one.
  [/\b(?:top|best)[\s-]?sellers?\s+(?=[a-z])/gi, 'top '],
  // "revenue per head", "orders per capita", "spend per person", "revenue per active customer": the average per
  // customer (the people the data counts); elsewhere "head" stays a word the model lacks.
  [
    /\b(?:(?:the\s+)?(?:average|avg|mean)\s+)?(revenue|sales|spend|spending|orders|order\s+count)\s+per\s+(?:head|capita|person|(?:active|paying|ordering|purchasing)\s+(?:customer|client|buyer|account|shopper))\b/gi,
    'average $1 per customer',
  ],
  // "since start of year", "since beginning of this month": the unit to date, said as dates.ts reads it.
  [
    /\bsince\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:the\s+|this\s+)?(year|quarter|month|week)\b/gi,
    'since the start of the $1',
  ],
  // "since the start of Q4 last year", "since the beginning of 2025", "since the start of December last year":
  // since that period (through today).
  [
    /\bsince\s+the\s+(?:start|beginning|first\s+day)\s+of\s+(?=(?:q[1-4]|h[12]|\d{4}|last|this|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)/gi,
    'since ',
  ],
  // "how many whales do we have (customers who spent over 30k)?", "list our VIPs (i.e. clients with 60+ orders)": the
  // asker's own name for some people, defined in the parenthesis after it, read as that definition in its place (was
  // refused by name).
  [
    /\b(how\s+many|which|list(?:\s+(?:the|our|my|all))?|show(?:\s+me)?(?:\s+(?:the|our|my|all))?|number\s+of|count(?:\s+of)?(?:\s+(?:the|our|my))?)\s+([a-z][a-z'-]*s)\b([^()]*?)\s*\(\s*(?:i\.?e\.?,?\s+|meaning\s+|=\s*|aka\s+|as\s+in\s+)?((?:customers|clients|buyers|accounts)\s+(?:who|that|with|whose)\b[^()]*?)\s*\)/gi,
    (_all: string, ask: string, _name: string, between: string, people: string) =>
      `${ask} ${people}${between}`,
  ],
  // "the average amount of each customer's very first order": the average first order amount, as that reads (refused
  // by the first-order readings; was every customer listed with the date of their first order: confidently wrong).
  [
    /\b(average|avg|mean|median|typical|total)\s+(?:(amount|value|size)\s+)?of\s+(?:each|every|a|the)\s+(?:customer|client|buyer)['’]s\s+(?:very\s+)?first\s+(order|purchase)\b/gi,
    (_all: string, stat: string, size: string | undefined, row: string) =>
      `${stat} first ${row} ${size ?? 'amount'}`,
  ],
  // "ordered in every one of the 12 months of 2024", "each of the 4 quarters of 2025": every month (quarter) of that
  // year, said with its count (vocabulary.ts).
  [EVERY_UNIT_OF, everyUnitWords],
  // "the median monthly revenue over the 36 months from January 2023 to December 2025": the span said by its ends
  // (its count of months said beside them was refused: "months over").
  [/\bover\s+the\s+(?:\d+|[a-z]+)\s+(?:months|quarters|weeks|days)\s+(?=from\s)/gi, ''],
  // "which month between January 2023 and December 2025 had the lowest revenue": the span from one to the other (was
  // refused: "month between").
  [
    new RegExp(`\\b(month|quarter|week|day)\\s+between\\s+(${PERIOD})\\s+and\\s+(${PERIOD})\\b`, 'gi'),
    '$1 from $2 to $3',
  ],
  // "in which month of 2022 did the most customers sign up, and how many signed up that month?": the top period is
  // stated with its count, so the second ask is read away (was refused: "month").
  [
    /^(\s*(?:in\s+)?which\s+(?:month|quarter|week|year|day)\b[^,?]*\b(?:most|fewest|least)\b[^,?]*?)\s*,?\s*and\s+how\s+many\s+(?:of\s+them\s+)?(?:signed\s+up|joined|registered|ordered|were\s+there|was\s+that|orders|customers)(?:\s+(?:in|during|on))?(?:\s+that\s+(?:month|quarter|week|year|day))?\s*(?=[?.!]*\s*$)/i,
    '$1',
  ],
  // "for each of my customer segments, which month ...", "in each of our regions": for each one (was read without the
  // breakdown: one month for all of them, confidently wrong). The plural after it is the breakdown's word.
  [
    /\b((?:for|in)\s+(?:each|every))\s+(?:one\s+)?of\s+(?:my|our|the)\s+((?:customer\s+|product\s+|sales\s+)?(?:segment|region|categor(?:y|ie)|status(?:e)?|area|territor(?:y|ie))s)\b/gi,
    (_all: string, each: string, group: string) =>
      `${each} ${/statuses$/i.test(group) ? group.slice(0, -2) : group.replace(/ies$/i, 'y').replace(/s$/i, '')}`,
  ],
  // "how big was our average order in Q4 2025?", "how large is the median basket": what it was (was refused: "big").
  [
    /\bhow\s+(?:big|large|high)\s+(was|is|were|are)\s+(?=(?:the\s+|our\s+|my\s+)?(?:average|avg|typical|mean|median)\b)/gi,
    'what $1 ',
  ],
  // "which category sold the most by volume", "top region in order volume": by the number of orders (a volume of
  // sales counted, not their money; was read as revenue).
  [/\b(?:by|in|on)\s+(?:order\s+|sales\s+)?volume\b/gi, 'by number of orders'],
  // "which region is our biggest market?", "what's our weakest market by category": the group with the most (least)
  // revenue, a market being where the sales are (was refused: "biggest market").
  [
    /\b(which|what)\s+(region|area|territory|segment|category|product\s+category)\s+is\s+(?:our|the|my)\s+(biggest|largest|top|strongest|best|main|smallest|weakest|worst)\s+market\b/gi,
    (_all: string, which: string, group: string, end: string) =>
      `${which} ${group} has the ${/^(?:smallest|weakest|worst)$/i.test(end) ? 'lowest' : 'highest'} revenue`,
  ],
  // "break down 2025 orders by status, as percentages", "in percentages": each one's share, as "in %" reads (was the
  // counts, "percentages" left out).
  [/\s*,?\s*\b(?:as|in)\s+(?:percentages|percents)\b/gi, ' in %'],
  // "not counting cancelled orders", "leaving out returns", "ignoring cancellations": excluding them.
  [/\b(?:not\s+counting|leaving\s+out|ignoring|other\s+than|setting\s+aside)\b/gi, 'excluding'],
  // "2025 sales, counting only completed orders", "only counting returned orders": only those rows, as "only
  // completed orders" reads (was refused: "counting" read as a word the model lacks). People counted are
  // restated-glosses.ts's.
  [
    /\b(?:counting\s+only|only\s+counting|including\s+only|only\s+including)\s+(?=(?:the\s+)?(?:completed|returned|cancell?ed|complete)\b)/gi,
    'only ',
  ],
  // "net sales (excluding returned and cancelled orders)", "net revenue, only completed orders": the asker's own
  // definition of "net" said beside it, a status kept or left out, so "net" is that condition (was refused by
  // name). "Net revenue" on its own stays refused: the model says nothing of what it nets out.
  [
    /\bnet\s+(?=(?:sales|revenue|turnover|gmv)\b)/gi,
    (all: string, ...at: string[]) =>
      NET_DEFINED.test(String(at[1]).slice(Number(at[0]) + all.length)) ? '' : all,
  ],
  // "on average how many orders does one of my customers place", "... does a customer of mine place": the average
  // customer's count (the asker's customers are the rows their access shows).
  [
    /\bon\s+average\s*,?\s+how\s+(many|much)\s+((?:[a-z]+\s+){0,2}?)(does|do|did|will|would)\s+(?:a|an|one|each|the\s+typical)\s+(?:of\s+(?:my|our|the)\s+)?(customer|client|buyer|account|shopper)s?(?:\s+of\s+(?:mine|ours))?\b/gi,
    'how $1 $2$3 the average $4',
  ],
  // "what does the data say for toys revenue", "what do the numbers show for ...": what it is.
  [
    /\bwhat\s+(?:does|do)\s+(?:the|our|your)\s+(?:data|numbers|system)\s+(?:say|show|have|give)\s+(?:for|about|on)\b/gi,
    'what is',
  ],
  // "..., ignore cancelled", "- leave out returns", "drop the toys": an instruction to exclude, as "excluding".
  [
    /(^|[,;:(]\s*|\s[-–—]+\s*|\.\s+)(?:(?:pls|please|and|but)\s+)?(?:ignore|leave\s+out|take\s+out|strip\s+out|exclude|skip|drop|remove)\s+(?=(?:the\s+|any\s+|all\s+)?[a-z])/gi,
    '$1excluding ',
  ],
  // "w/o returns", "everything but grocery", "anything except toys": excluding them.
  [/(?<![\w/])w\/o\b/gi, 'without'],
  [/\b(?:everything|anything)\s+(?:but|except(?:\s+for)?|apart\s+from)\b/gi, 'excluding'],
  // "the least busy region": the one with the fewest rows, as "quietest" is.
  [/\b(?:least|less)\s+busy\b/gi, 'fewest'],
  // "got through all of 2025 without ...", "went the whole of 2024 without ...": in that period.
  [
    new RegExp(
      `\\b(?:got|get|gets|went|go|goes|made\\s+it|make\\s+it)\\s+(?:(?:through|thru)\\s+(?:(?:all|the\\s+whole|the\\s+entirety)\\s+of\\s+|the\\s+(?:whole|entire)\\s+)?|(?:all|the\\s+whole|the\\s+entirety)\\s+of\\s+|the\\s+(?:whole|entire)\\s+)(${PERIOD})\\b`,
      'gi',
    ),
    'in $1',
  ],
  // "quarter over quarter through 2025", "throughout 2024": in that year (not "from 2023 through 2025").
  [
    /\bthrough(?:out)?\s+(?:all\s+(?:of\s+)?)?(\d{4})\b/gi,
    (all, year = '', offset: unknown, text: unknown) =>
      typeof text === 'string' &&
      typeof offset === 'number' &&
      !/\b(?:from|between|since|q[1-4]|h[12]|\d{4}|[a-z]{3,9}\s+\d{1,2})\s*$/i.test(text.slice(0, offset)) &&
      !/\b(?:from|between|since)\b/i.test(text.slice(0, offset))
        ? `in ${year}`
        : all,
  ],
  // "p90 of lifetime spend", "median lifetime value": a lifetime is a customer's (each one's total), per customer.
  [
    /\b(median|\d{1,2}(?:st|nd|rd|th)\s+percentile\s+of|p\d{2}\s+of)\s+(?:the\s+|our\s+)?lifetime\s+(spend|spending|revenue|sales|value)\b(?!\s+(?:per|of|for|by|from)\b)/gi,
    '$1 lifetime $2 per customer',
  ],
  // "p90 of lifetime orders per customer": each customer's number of orders.
  [
    /\b(median|\d{1,2}(?:st|nd|rd|th)\s+percentile\s+of|p\d{2}\s+of)\s+(?:the\s+)?lifetime\s+(?:orders|order\s+count|number\s+of\s+orders)\s+per\s+(customer|client|buyer)\b/gi,
    '$1 number of orders per $2',
  ],
  // "median customer spend", "the 90th percentile of customer revenue": each customer's total, per customer.
  // ("median customer AOV": each customer's own average order value, the statistic over them.)
  [
    /\b(median|average|avg|mean|typical|\d{1,2}(?:st|nd|rd|th)\s+percentile\s+of|p\d{2}\s+of)\s+(?:the\s+)?customer\s+((?:lifetime\s+)?(?:spend|spending|revenue|sales|value)|aov|average\s+order\s+(?:value|size))\b/gi,
    '$1 $2 per customer',
  ],
  // "median spend of enterprise customers in 2024", "the 75th percentile of spend per west customer": each
  // customer's total, the statistic over them, for the kind named (was the median order: confidently wrong).
  [
    /\b(median|\d{1,2}(?:st|nd|rd|th)\s+percentile\s+of|p\d{2}\s+of)\s+(?:the\s+)?(spend|spending|revenue|sales)\s+(per|of|for|among|across)\s+(?:the\s+|our\s+|all\s+|my\s+|each\s+)?((?:[a-z]+\s+){0,2}?)(?:customers?|clients?|accounts?|buyers?)\b(?!['’])/gi,
    (all: string, stat: string, noun: string, link: string, kind: string) =>
      link.toLowerCase() === 'per' && !kind.trim()
        ? all
        : `${stat} ${noun} per customer${kind.trim() ? ` for ${kind.trim()} customers` : ''}`,
  ],
  // "signups by month in 2022 and their total spend since", "new customers per quarter in 2022, with their revenue":
  // each signup cohort's size and its spend over all the data (the year was read as the orders' dates: "0, no orders
  // match", confidently wrong).
  [
    /\b(?:new\s+)?(?:sign[-\s]?ups?|joiners|new\s+customers|customers\s+who\s+(?:signed\s+up|joined))\s+(?:by|per|each|a)\s+(month|quarter|week)\s+(?:in|during|for|of)\s+((?:19|20)\d\d)\s*,?\s+(?:and|with|plus|along\s+with)\s+(?:their|the(?:ir)?)\s+(?:total\s+|combined\s+)?(spend|spending|revenue|sales)(?:\s+(?:since(?:\s+then)?|to\s+date|so\s+far|ever|overall|in\s+total))?\b/gi,
    (_all, unit: string, year: string, money: string) =>
      `number of customers and total ${money} by signup ${unit} for customers who signed up in ${year}`,
  ],
  // ("customers who signed up in 2022: how many per month, and how much have they spent since?": the same.)
  [
    /\b(?:customers|clients)\s+who\s+(?:signed\s+up|joined|registered)\s+in\s+((?:19|20)\d\d)\s*[:,-]\s*how\s+many\s+(?:per|by|each|a)\s+(month|quarter|week)\s*,?\s+and\s+how\s+much\s+(?:have|did)\s+they\s+spen[dt](?:\s+(?:since(?:\s+then)?|to\s+date|so\s+far|in\s+total|overall))?\b/gi,
    (_all, year: string, unit: string) =>
      `number of customers and total spend by signup ${unit} for customers who signed up in ${year}`,
  ],
  // "the median of customers' own average order value", "p90 of our buyers' order counts", "the median of each
  // customer's own total": each customer's figure, the statistic over them (refused over "customers own").
  [
    /\b(percentile|median|average|avg|mean|p\d{1,2}|quartile|range)\s+of\s+(?:(?:the|our|my)\s+)?(?:(?:customers|clients|buyers|accounts|shoppers)['’]|each\s+(?:customer|client|buyer|account|shopper)['’]s)\s+(?:own\s+)?/gi,
    "$1 of each customer's ",
  ],
];

/** Customer lifetime value named as the metric ("CLV by segment", "lifetime value of our customers"). */
const LIFETIME_METRIC =
  /\b(?:customer\s+lifetime\s+value|c?ltv|clv|lifetime\s+value\s+of\s+(?:our\s+|the\s+|all\s+|my\s+)?customers)\b/gi;
/** Words that rank or list customers, or say how to aggregate: then a lifetime value is each one's own. */
const PER_CUSTOMER_WORDS =
  /\b(?:top|bottom|biggest|best|largest|highest|lowest|smallest|most|least|rank\w*|list|which|who|whose|each|per|average|avg|mean|median|typical|total|sum|percentile|p\d{2})\b/i;

/**
 * "CLV by segment", "customer lifetime value": the metric is the average over customers of each one's total
 * over all the data (a ranking or list of customers, or an aggregate named, reads each one's own: asker.ts).
 */
function lifetimeMetric(text: string): string {
  if (PER_CUSTOMER_WORDS.test(text.replace(LIFETIME_METRIC, ' '))) return text;
  return text.replace(LIFETIME_METRIC, 'average lifetime value per customer');
}

/** Meteorological seasons: first and last month (0-based); winter spans two years and is not read. */
const SEASONS: Record<string, [number, number]> = {
  spring: [2, 4],
  summer: [5, 7],
  autumn: [8, 10],
  fall: [8, 10],
};

/**
 * "this summer", "last summer", "summer 2025", "the fall of 2024": the season's months ("june through august
 * 2025"), the year of "this"/"last"/"next" from the clock. "fall" only after a word that makes it a noun ("in
 * fall 2024", "last fall"), never the verb ("did revenue fall"). Winter spans two years and stays unread; a season
 * that names a cohort ("autumn 2022 signups (sept thru nov)") is the cohort reader's (cohort-periods.ts).
 */
function seasons(asked: string, today?: string): string {
  const year = today ? Number(today.slice(0, 4)) : undefined;
  // ("since cyber monday last year (dec 1)", "since thanksgiving, nov 27 2025": the day glossed is the day.)
  const text = asked.replace(
    GLOSSED_HOLIDAY,
    (_all, which: string | undefined, month: string, day: string, y?: string) =>
      `${month} ${day} ${y ?? which ?? ''}`.trim(),
  );
  const months = (season: string, y: number) => {
    const [first, last] = SEASONS[season.toLowerCase()] ?? [0, 0];
    return `${MONTHS[first]} through ${MONTHS[last]} ${y}`;
  };
  const month = today ? Number(today.slice(5, 7)) - 1 : 0;
  return seasonBefore(
    text
      .replace(
        // ("last summer's revenue (Jun-Aug)": the possessive and a gloss of the months it already says.)
        /\b(this|last|next|past)\s+(spring|summer|autumn|fall)(?:['’]s)?\b(?!\s+(?:of\s+)?\d{4})(?:\s*\([a-z]{3,9}\s*(?:-|to|through|thru)\s*[a-z]{3,9}\))?/gi,
        (all, which = '', season = '') => {
          if (year === undefined) return all;
          const w = which.toLowerCase();
          return months(season, w === 'this' ? year : w === 'next' ? year + 1 : year - 1);
        },
      )
      // "Q4 of the year before last", "March of last year", "H1 of two years ago": that part of the year named
      // (read alone, "the year before last" was compared with Q4 of the current year: confidently wrong).
      .replace(
        new RegExp(
          `\\b(q[1-4]|h[12]|(?:first|second)\\s+half|${MONTHS.join('|')})\\s+of\\s+(this\\s+year|last\\s+year|the\\s+(?:previous|prior)\\s+year|the\\s+year\\s+before\\s+last|(?:[1-5]|two|three|four|five)\\s+years\\s+ago)\\b`,
          'gi',
        ),
        (all, part = '', which = '') => {
          if (year === undefined) return all;
          const w = which.toLowerCase().replace(/\s+/g, ' ');
          const ago = /ago$/.test(w)
            ? (({ two: 2, three: 3, four: 4, five: 5 } as Record<string, number>)[w.split(' ')[0] ?? ''] ??
              Number(w.split(' ')[0]))
            : w === 'this year'
              ? 0
              : w === 'the year before last'
                ? 2
                : 1;
          const said = /^(?:first|second)\s+half$/i.test(part)
            ? /^first/i.test(part)
              ? 'H1'
              : 'H2'
            : /^[qh]\d$/i.test(part)
              ? part.toUpperCase()
              : part;
          return `${said} ${year - ago}`;
        },
      )
      // "Q4 2025 against Q3 of that year", "March 2024 vs June of the same year": the year said just before.
      .replace(
        new RegExp(
          `\\b(q[1-4]|h[12]|(?:first|second)\\s+half|${MONTHS.join('|')})\\s+of\\s+(?:that|the\\s+same|this\\s+same|it)(?:\\s+year)?\\b`,
          'gi',
        ),
        (all: string, part: string, offset: number, whole: string) => {
          const before = [...whole.slice(0, offset).matchAll(/\b((?:19|20)\d\d)\b/g)].at(-1)?.[1];
          const said = /^[qh]\d$/i.test(part) ? part.toUpperCase() : part;
          return before ? `${said} ${before}` : all;
        },
      )
      // "this August", "last August": the month of this year; the latest one before this month.
      .replace(
        new RegExp(`\\b(this|last)\\s+(${MONTHS.join('|')})\\b(?!\\s+\\d)`, 'gi'),
        (all, which = '', name = '') => {
          const m = monthIndex(name.toLowerCase());
          if (year === undefined || m === undefined) return all;
          // ("this July vs last July": a year apart, whichever month it is now.)
          const paired = new RegExp(`\\bthis\\s+${name}\\b`, 'i').test(text);
          const y = which.toLowerCase() === 'this' ? year : m < month && !paired ? year : year - 1;
          return `${name} ${y}`;
        },
      )
      // "since last Thanksgiving", "last Christmas": the holiday's latest day before today (this year's once
      // it has passed, last year's before that), read as a day by the holiday rewrite.
      .replace(
        new RegExp(
          `\\blast\\s+(${HOLIDAY_NAMES})\\b(?!\\s+(?:of\\s+)?\\d{4}|\\s+(?:this|last)\\s+year)`,
          'gi',
        ),
        (all, name = '') => {
          if (year === undefined || !today) return all;
          const day = holidayDay(name, year);
          return day === undefined ? all : `${name} ${day < today ? year : year - 1}`;
        },
      )
      // "last weekend", "this past weekend", "over the weekend": the latest Saturday and Sunday before today.
      .replace(
        /\b(?:(?:over|during|on|in)\s+)?(?:last|this\s+past|the\s+past|the)\s+weekend\b(?!\s+(?:orders?|days?|vs|versus))/gi,
        (all) => {
          if (!today || (/^\s*(?:over|during|on|in)?\s*the\s+weekend$/i.test(all) && !/\bover\b/i.test(all)))
            return all;
          const back = (new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7 || 7;
          const saturday = addDays(today, -back);
          return `from ${spoken(saturday)} to ${spoken(addDays(saturday, 1))}`;
        },
      )
      // "since Black Friday last year": the holiday in that year (read as a day by the holiday rewrite).
      .replace(
        new RegExp(`\\b(${HOLIDAY_NAMES})\\s+(this|last)\\s+year\\b`, 'gi'),
        (all, name = '', which = '') =>
          year === undefined ? all : `${name} ${which.toLowerCase() === 'this' ? year : year - 1}`,
      )
      .replace(
        // ("fall 2025's revenue": a possessive, or the question's first word, makes "fall" the noun.)
        /(^\s*)?\b(?:(in|during|over|for|the|vs\.?|versus|and|to|with)\s+)?(spring|summer|autumn|fall)\s+(?:of\s+)?(\d{4})\b(?=(['’]s\b)?)(?!\s*\(|\s+(?:sign|join|cohort|buyer|customer|client))(?:['’]s\b)?/gi,
        (all, start, lead = '', season = '', y = '', possessive) =>
          season.toLowerCase() === 'fall' && !lead && start === undefined && possessive === undefined
            ? all
            : `${start ?? ''}${lead ? `${lead} ` : ''}${months(season, Number(y))}`,
      ),
  );
}

/**
 * "the summer before", "the spring prior", "the previous fall": that season a year before the one read last
 * ("june through august 2025 vs the summer before": june through august 2024); a gloss of a season's months
 * read already ("(Jun-Aug)" after "last summer's revenue") says nothing more and goes.
 */
function seasonBefore(text: string): string {
  const spans = new RegExp(`\\b(${MONTHS.join('|')}) through (${MONTHS.join('|')}) (\\d{4})\\b`, 'gi');
  const glossed = new Set(
    [...text.matchAll(spans)].map((m) => `${m[1]?.slice(0, 3)}-${m[2]?.slice(0, 3)}`.toLowerCase()),
  );
  const plain = text.replace(
    /\s*\(\s*([a-z]{3,9})\.?\s*(?:-|–|to|through|thru)\s*([a-z]{3,9})\.?\s*\)/gi,
    (all, a = '', b = '') => (glossed.has(`${a.slice(0, 3)}-${b.slice(0, 3)}`.toLowerCase()) ? '' : all),
  );
  const read = [...plain.matchAll(spans)];
  return plain.replace(
    /\b(?:the\s+)?(?:(?:previous|prior|preceding)\s+(spring|summer|autumn|fall)|(spring|summer|autumn|fall)\s+(?:before|prior|previous|preceding)(?:\s+(?:it|that))?)\b/gi,
    (all, first: string | undefined, second: string | undefined, offset: number) => {
      const [from, to] = SEASONS[(first ?? second ?? '').toLowerCase()] ?? [0, 0];
      const last = read.filter(
        (m) =>
          (m.index ?? 0) < offset &&
          m[1]?.toLowerCase() === MONTHS[from] &&
          m[2]?.toLowerCase() === MONTHS[to],
      );
      const year = Number(last.at(-1)?.[3]);
      return year ? `${MONTHS[from]} through ${MONTHS[to]} ${year - 1}` : all;
    },
  );
}

/**
 * "didn't", "haven't", "wasnt": a negated verb written whole ("did not"), so that every reading sees one "not"
 * rather than the word "didn" and a stray "t" (a word the model lacks, refused).
 */
export function expandContractions(question: string): string {
  return (
    question
      .replace(/\b(can)['’]t\b/gi, '$1 not')
      .replace(/\b(w)on['’]t\b/gi, '$1ill not')
      .replace(/\b(do|does|did|has|have|had|is|are|was|were|could|would|should)n['’]t\b/gi, '$1 not')
      .replace(/\b(do|does|did|has|have|had|was|were|is|are)nt\b/gi, '$1 not')
      // ("customers who've never had an order cancelled": the verb written whole.)
      .replace(/\b(who|that|they|we|you|i)['’]ve\b/gi, '$1 have')
      .replace(/\b(who|that|they|we|you|i)['’]d\b/gi, '$1 had')
  );
}

/** The question with its no-meaning phrases taken out and its other-words phrases said the planner's way. */
export function rephrase(question: string, today?: string): string {
  // ("MoM in 2024 (Jan counts vs Dec 2023)": the first step restated, first-step.ts.)
  // ("placed their first order of 2024 in January": ordered in January 2024, first-of-period.ts.)
  // ("revenue 2 years ago", "this FY", "the last three full calendar years": units-ago.ts.)
  // ("TTM", "rolling 90 days", "between September and now": relative spans, relative-spans.ts.)
  let text = seasons(
    lifetimeMetric(
      expandContractions(
        readRelativeSpans(
          readTrailingMonths(
            readFirstStep(
              readEndGap(readUnitsAgo(readDayCounts(readFirstOfPeriod(readTypos(question))), today)),
            ),
          ),
        ),
      ),
    ),
    today,
  );
  for (const [pattern, replacement] of REWRITES)
    text =
      typeof replacement === 'string'
        ? text.replace(pattern, replacement)
        : text.replace(pattern, replacement);
  // ("Jan 1-7 2023", "March 3rd to 9th", "Jan-Sep 2025": spans of days and months, day-ranges.ts; "the cheapest
  // 20% of orders are below what amount": a percentile, cutoffs.ts.)
  // ("2026 through end of August vs the same months of 2025", "this year so far next to all of last year": spans
  // of a year, year-spans.ts.)
  // ("the Apr-Jun 2022 signups": a signup cohort by a span of months, signup-spans.ts.)
  // ("orders in August so far" in August: this month so far, unit-so-far.ts.)
  // ("each year's Q3 as a % of that year's total revenue": a quarter against its own year, seasonal.ts.)
  // ("across all Q4s", "in fourth quarters", "Q4 of any year": every year's Q4 pooled, calendar-parts.ts.)
  return readCutoffs(
    readDayRanges(
      readSignupSpans(
        readPeriodTotals(
          readCountRanges(readYearSpans(readUnitSoFar(readYearsOwn(readCalendarParts(text)), today), today)),
        ),
      ),
    ),
  );
}

const JOINS = new Set(['and', 'plus', '&']);
/** "returns" and "returned": one root of four letters or more. */
const sameRoot = (a: string, b: string) => {
  const [x, y] = [stem(a), stem(b)];
  return x.length >= 4 && y.length >= 4 && (a.startsWith(y) || b.startsWith(x));
};

/**
 * "revenue and returns": the noun of a value ("returns", the returned status) joined to a measure asks for a
 * second figure beside it (the returned orders), not for the measure of the returned rows only. One query of
 * the planner gives one set of figures, so the question is refused in one sentence that says how the word was
 * read, rather than answered as revenue of returned orders (a confident wrong answer).
 */
export function valueBesideMeasure(
  question: string,
  readAs: Record<string, string> | undefined,
  measureWords: ReadonlySet<string>,
): string | undefined {
  if (!readAs) return undefined;
  const raws = words(question);
  const values = Object.entries(readAs);
  for (let at = 2; at < raws.length; at++) {
    const asked = raws[at] ?? '';
    const read = values.find(([w]) => w === asked || sameRoot(w, asked))?.[1];
    if (!read) continue;
    if (!JOINS.has(raws[at - 1] ?? '') || !measureWords.has(stem(raws[at - 2] ?? ''))) continue;
    // (A value of a measure word's own kind, "revenue and orders", is no value.)
    if (measureWords.has(stem(asked))) continue;
    return `"${asked}" (read as ${read}) beside ${raws[at - 2]} asks for a second figure next to it, which takes two questions: ask for each on its own`;
  }
  return undefined;
}
