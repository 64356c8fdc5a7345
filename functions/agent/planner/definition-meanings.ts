/**
 * What a definition given in place means (issue 29, unknown words), read into words the planner already reads: a
 * row filter ("$750 and up", "orders under $50", "cancelled ones", "orders that were not returned"), a threshold on
 * each customer ("customers with lifetime spend above $35k", "someone with 20+ orders", "no order in Q4 2025") or
 * the share of one count in all orders ("completed orders / all orders, as a %"), of rows' value in all revenue
 * ("returned value as % of revenue") or of customers with an order count in a period's buyers ("buyers with 20+
 * orders that year / all buyers that year", tuning set 27). Anything else is no meaning:
 * the definition is then refused, never dropped (definitions.ts).
 */
import type { CatalogCube } from './catalog';
import { ratioDefinition } from './customer-ratios';
import { periodsDefined } from './period-relative';

/** A definition read: the planner's words for it, and the marks its query must carry (a bound, a value). */
export interface Meaning {
  /** `cohort`: customers dated by signup, first or last order (cohort-reader.ts's `cohortDefinition`). */
  /** `figure`: one sum or count minus another, read where the word is used (filtered-measures.ts). */
  /** `periods`: days or months against their own month's or year's mean or median (period-relative.ts). */
  kind: 'rows' | 'people' | 'share' | 'cohort' | 'figure' | 'periods';
  /** The words that stand for the defined word ("orders under $50", "customers who spent over 35000"). */
  noun: string;
  /** After "share of": the rows as a clause ("orders that were under $50"). */
  clause: string;
  /** What the query must hold for the definition to have been read ("50", "'cancelled'"). */
  marks: string[];
  /** Words about customers spelled out for the ordinary readers, not read here (spelled-meanings.ts). */
  spelled?: true;
  /** Said of "that year" ("buyers with 20+ orders that year / all buyers that year"): the question names the period. */
  ofPeriodAsked?: true;
  /**
   * A share of the period's buyers ("buyers with 20+ orders / all buyers"): what each must have done in it ("placed
   * 20 or more orders"), said where the word is used with the period the question names (definitions.ts).
   */
  ofBuyers?: string;
  /** A share within each value of a member ("a category's orders"): the question must break down by it. */
  ofEach?: string;
  /** A figure's words said in place of its name wherever used ("change in AOV from 2023 to 2025"), never beside it. */
  replaces?: true;
  /**
   * `periods` ranked by a figure ("top day by orders"): that figure, which the answer states beside the period, so a
   * clause asking it again ("and how many orders came in that day?") is the same answer (definitions.ts).
   */
  topFigure?: string;
}

const MONEY = String.raw`\$?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|m)?\b`;
const ABOVE = String.raw`(?:over|above|more\s+than|greater\s+than|higher\s+than|>)`;
const AT_LEAST = String.raw`(?:at\s+least|no\s+less\s+than|>=|≥)`;
const BELOW = String.raw`(?:under|below|less\s+than|lower\s+than|<)`;
const AT_MOST = String.raw`(?:at\s+most|up\s+to|no\s+more\s+than|<=|≤)`;
const OR_MORE = String.raw`(?:\+|\s*(?:and|or)\s+(?:up|over|above|more|higher)|\s+plus)`;
const OR_LESS = String.raw`\s*(?:and|or)\s+(?:less|under|below|lower)`;

type Op = '>' | '>=' | '<' | '<=';

/** A bound on an amount or a count: "over $35k", "$750 and up", "20+", "at least 15". */
function bound(text: string): { op: Op; value: number } | undefined {
  const shapes: [RegExp, Op][] = [
    [new RegExp(`^${AT_LEAST}\\s*${MONEY}$`), '>='],
    [new RegExp(`^${ABOVE}\\s*${MONEY}$`), '>'],
    [new RegExp(`^${AT_MOST}\\s*${MONEY}$`), '<='],
    [new RegExp(`^${BELOW}\\s*${MONEY}$`), '<'],
    [new RegExp(`^${MONEY}${OR_MORE}$`), '>='],
    [new RegExp(`^${MONEY}${OR_LESS}$`), '<='],
  ];
  for (const [shape, op] of shapes) {
    const m = shape.exec(text.trim());
    if (!m?.[1]) continue;
    const scale = m[2] === 'k' ? 1000 : m[2] === 'm' ? 1_000_000 : 1;
    const value = Number(m[1].replace(/,/g, '')) * scale;
    if (Number.isFinite(value)) return { op, value };
  }
  return undefined;
}

const MONEY_WORDS: Record<Op, (n: string) => string> = {
  '>': (n) => `over $${n}`,
  '>=': (n) => `of $${n} or more`,
  '<': (n) => `under $${n}`,
  '<=': (n) => `of $${n} or less`,
};
const CLAUSE_WORDS: Record<Op, (n: string) => string> = {
  '>': (n) => `over $${n}`,
  '>=': (n) => `at least $${n}`,
  '<': (n) => `under $${n}`,
  '<=': (n) => `at most $${n}`,
};
const COUNT_WORDS: Record<Op, (n: string) => string> = {
  '>': (n) => `more than ${n}`,
  '>=': (n) => `${n} or more`,
  '<': (n) => `fewer than ${n}`,
  '<=': (n) => `at most ${n}`,
};
const SPEND_WORDS: Record<Op, (n: string) => string> = {
  '>': (n) => `over ${n}`,
  '>=': (n) => `at least ${n}`,
  '<': (n) => `under ${n}`,
  '<=': (n) => `at most ${n}`,
};

/** A period as the planner reads one after "in": a year, a quarter, a half, a month of a year, last or this year. */
const PERIOD = String.raw`(?:(?:in|during)\s+)((?:q[1-4]|h[12]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\s+20\d\d|20\d\d|(?:last|this)\s+year)`;

/** "orders", "an order", "ones", "anything", "purchases": the rows themselves, before their condition. */
const ROWS =
  /^(?:(?:an?|any|all|the)\s+)?(?:orders?|ones?|anything|purchases?|sales?)?\s*(?:(?:that|which)\s+(?:is|are|was|were|comes?\s+to|came\s+to)\s+)?(?:(?:with\s+)?(?:an?\s+)?(?:amount|value|total|order\s+value|size|order\s+total)\s+(?:of\s+|is\s+|was\s+)?)?(?:of\s+)?/;

/** An amount bound on each row ("$750 and up", "one over $900", "an order of at least $600"). */
function amountRows(text: string): Meaning | undefined {
  // ("more than 30 orders", "60+ orders": a count of orders, never an amount of $30 or $60.)
  if (
    /^[^$]*\d\s*(?:\+|k\b)?\s*(?:(?:or|and)\s+(?:more|up|over|above|fewer|less|under|below)\s+)?(?:orders|purchases)\b/i.test(
      text,
    )
  )
    return undefined;
  const b = bound(text.replace(ROWS, '').replace(/\s+(?:orders?|ones?)$/, ''));
  if (!b) return undefined;
  const n = String(b.value);
  return {
    kind: 'rows',
    noun: `orders ${MONEY_WORDS[b.op](n)}`,
    clause: `orders that were ${CLAUSE_WORDS[b.op](n)}`,
    marks: [n],
  };
}

/** Values of one string dimension, "or"-joined, perhaps negated ("cancelled ones", "not returned", "returned or cancelled"). */
function valueRows(text: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  const bare = text
    .replace(
      /^(?:(?:the|all|any)\s+)?(?:orders?|ones?)\s+(?:that|which)\s+(?:were|are|was|is|got|have\s+been)\s+/,
      '',
    )
    .replace(/^(?:(?:the|all|any)\s+)?(?:orders?\s+)?with\s+(?:a\s+)?status\s+(?:of\s+|=\s*)?/, '')
    .replace(/^status\s*(?:=|is)\s*/, '')
    .replace(/^(?:the|all|any)\s+/, '')
    .replace(/\s+(?:orders?|ones?)$/, '')
    .trim();
  // ("neither returned nor cancelled": none of the values, unlike "not returned or cancelled", which may be either.)
  const neither = /^neither\s+/.exec(bare);
  const negated = neither ?? /^(?:not|non-?)\s*/.exec(bare);
  const values = bare
    .slice(negated?.[0].length ?? 0)
    // ("returned and cancelled orders", "returned plus cancelled": values of one member, which an order has one of, are
    // either of them.)
    .split(neither ? /\s*(?:,|\bnor\b)\s*/ : /\s*(?:,|\bor\b|\band\b|\bplus\b|\/|&|\+)\s*/)
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length === 0 || (negated && !neither && values.length > 1) || (neither && values.length < 2))
    return undefined;
  const member = catalog
    .flatMap((c) => c.members)
    .find(
      (m) =>
        m.kind === 'dimension' &&
        values.every((v) => m.values.some((known) => known.toLowerCase() === v || spelledAlike(known, v))),
    );
  if (!member) return undefined;
  const named = values.map(
    (v) => member.values.find((known) => known.toLowerCase() === v || spelledAlike(known, v)) ?? v,
  );
  const list = named.join(' or ');
  return {
    kind: 'rows',
    noun: negated ? `orders that were not ${list}` : `${list} orders`,
    clause: `orders that were ${negated ? 'not ' : ''}${list}`,
    marks: named.map((v) => `'${v}'`),
  };
}

/** "canceled" for "cancelled": one spelling of a value for another. */
const spelledAlike = (known: string, said: string) =>
  known.toLowerCase().replace(/ll/g, 'l') === said.replace(/ll/g, 'l');

/** The people a per-customer definition is about ("customers", "someone", "a customer", "my customers"). */
const PEOPLE =
  /^(?:(?:my|our|the|all|any)\s+)?(?:(?:an?|one)\s+)?(?:customers?|clients?|accounts?|buyers?|shoppers?|someone|anyone|people|one)\s+/;

/** A per-customer meaning: its noun is its clause. */
const perCustomer = (noun: string, marks: string[]): Meaning => ({
  kind: 'people',
  noun,
  clause: noun,
  marks,
});

/**
 * A threshold on each customer: lifetime (or a period's) spend ("lifetime spend above $35k" said alone too), an order
 * count, or no order in a period.
 */
function people(text: string): Meaning | undefined {
  const rest = text.replace(PEOPLE, '');
  const period = (m: RegExpExecArray, i: number) => (m[i] ? ` in ${m[i]}` : '');
  const spend = new RegExp(
    String.raw`^(?:(?:with|who\s+(?:has|have|had)|whose|that\s+(?:has|have))\s+(?:a\s+|an\s+)?(?:lifetime|total|all[-\s]time|overall|combined)?\s*(?:spend|spending|revenue|sales|purchases)\s+(?:is\s+|was\s+|of\s+)?|who\s+(?:have\s+|has\s+)?(?:spent|spend|spends)\s+(?:a\s+total\s+of\s+)?|(?:lifetime|total|all[-\s]time|overall)\s+(?:spend|spending)\s+(?:is\s+|of\s+)?)(.+?)(?:\s+(?:in\s+total|in\s+all|all[-\s]time|lifetime|overall|(?:in|over)\s+(?:their|his|her|its)\s+(?:lifetime|life)|to\s+date))?(?:\s+${PERIOD})?$`,
  ).exec(rest);
  const spent = spend?.[1] ? bound(spend[1]) : undefined;
  if (spend && spent) {
    const n = String(spent.value);
    return perCustomer(`customers who spent ${SPEND_WORDS[spent.op](n)}${period(spend, 2)}`, [n]);
  }
  const count = new RegExp(
    String.raw`^(?:with|who\s+(?:placed|made|has|have|had)|having|that\s+(?:placed|made|has|have))\s+(.+?)\s+(?:orders?|purchases?)(?:\s+(?:in\s+total|all[-\s]time|overall))?(?:\s+${PERIOD})?$`,
  ).exec(rest);
  const counted = count?.[1] ? bound(count[1]) : undefined;
  if (count && counted && Number.isInteger(counted.value)) {
    const n = String(counted.value);
    return perCustomer(`customers with ${COUNT_WORDS[counted.op](n)} orders${period(count, 2)}`, [n]);
  }
  const none = new RegExp(
    String.raw`^(?:(?:with|who\s+(?:had|placed|made))\s+)?no\s+(?:orders?|purchases?)\s+${PERIOD}$|^who\s+(?:did\s+not|didn'?t|never)\s+(?:order|buy|purchase)\s+(?:anything\s+)?${PERIOD}$`,
  ).exec(rest);
  const when = none?.[1] ?? none?.[2];
  if (when) return perCustomer(`customers with no order in ${when}`, ['= 0']);
  return undefined;
}

/** Two or more years listed: "2023, 2024 and 2025", "2024 and 2025". */
const YEARS = String.raw`(20\d\d(?:\s*,\s*20\d\d)*,?\s+and\s+20\d\d)`;
/** "in each of", "in every one of", "in all of", "in both": the bound held in every year listed. */
const IN_EACH = String.raw`in\s+(?:each\s+of|every\s+one\s+of|all\s+(?:three\s+|two\s+)?of|both)`;

/**
 * A bound on each customer's spend or order count held in every one of two or more years ("a customer who spent at
 * least $10,000 in each of 2024 and 2025", "whose spend was $8,000 or more in each of 2023, 2024 and 2025", "they
 * ordered at least 12 times in each of 2023, 2024 and 2025"), or an order count of one kind in one year ("they had at
 * least 3 returned orders in 2025"), in the words the readers of bounds in each period read (each-period-bounds.ts):
 * "customers who spent at least $10000 in each of 2024 and 2025", "customers who placed at least 15 orders in each of
 * ...". The query must hold the bound as each year's test.
 */
function eachYearPeople(text: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  const rest = text.replace(PEOPLE, '');
  const listed = (years: string) => years.replace(/\s*,\s*/g, ', ').replace(/,?\s+and\s+/, ' and ');
  const spend = new RegExp(
    String.raw`^(?:(?:who|that)\s+(?:have\s+|has\s+)?(?:spent|spend|spends)|whose\s+(?:annual\s+|yearly\s+)?(?:spend|spending|revenue|sales)\s+(?:was|is|were|came\s+to))\s+(.+?)\s+${IN_EACH}\s+${YEARS}$`,
  ).exec(rest);
  const spent = spend?.[1] ? bound(spend[1]) : undefined;
  if (spend?.[2] && spent) {
    const n = String(spent.value);
    return perCustomer(
      `customers who spent ${SPEND_WORDS[spent.op](`$${n}`)} in each of ${listed(spend[2])}`,
      [`${spent.op} ${n}`],
    );
  }
  // ("ordered at least 12 times": that many orders.)
  const count = new RegExp(
    String.raw`^(?:(?:who|that)\s+)?(?:(?:placed|made|had|has|have|with|having)\s+(.+?)\s+(?:([a-z]+)\s+)?(?:orders?|purchases?)|(?:ordered|bought|purchased|shopped)\s+(.+?)\s+times)\s+(?:${IN_EACH}\s+${YEARS}|in\s+(20\d\d))$`,
  ).exec(rest);
  const said = count?.[1] ?? count?.[3];
  const counted = said ? bound(said) : undefined;
  if (!count || !counted || !Number.isInteger(counted.value)) return undefined;
  // (A kind of order, "returned", is a value of the model's; anything else is not read here.)
  const kind = count[2];
  const value = kind
    ? catalog
        .flatMap((c) => c.members)
        .flatMap((m) => (m.kind === 'dimension' ? m.values : []))
        .find((v) => v.toLowerCase() === kind || spelledAlike(v, kind))
    : undefined;
  if (kind && !value) return undefined;
  if (!count[4] && !kind) return undefined;
  const n = String(counted.value);
  const when = count[4] ? `in each of ${listed(count[4])}` : `in ${count[5]}`;
  return perCustomer(
    `customers who placed ${SPEND_WORDS[counted.op](n)} ${value ? `${value} ` : ''}orders ${when}`,
    [`${counted.op} ${n}`, ...(value ? [`'${value}'`] : [])],
  );
}

/** "versus", "vs", "compared with", "from": what a change is measured against. */
const AGAINST = String.raw`(?:versus|vs\.?|from|compared\s+(?:with|to)|on|over|against|relative\s+to|than)`;

/**
 * Each customer against themselves in two years by a percent margin held at least ("a customer whose 2025 spend is at
 * least 20% below their 2023 spend", "its 2025 revenue is down 25% or more versus its 2023 revenue", "they spent at
 * least 30% more in 2025 than in 2024"), in the words entity-versus.ts reads ("customers who spent at least 20% less
 * in 2025 than in 2023"). The later year must be the one compared; a margin not said as a floor ("down 20%") is not
 * read.
 */
function percentChangePeople(text: string): Meaning | undefined {
  // ("whose spend is at least 20% below their 2023 spend in 2025": the year moved last by readMeaning, put back.)
  const rest = text
    .replace(PEOPLE, '')
    .replace(new RegExp(String.raw`^whose\s+(${SUMS})\s+(.+\b20\d\d\b.*)\s+in\s+${WHEN}$`), 'whose $3 $1 $2');
  const said = (n: string, more: boolean, later: string, earlier: string): Meaning | undefined => {
    const pct = Number(n);
    if (!(pct > 0) || (!more && pct >= 100) || Number(later) <= Number(earlier)) return undefined;
    return perCustomer(
      `customers who spent at least ${pct}% ${more ? 'more' : 'less'} in ${later} than in ${earlier}`,
      ['earlier_total_amount * '],
    );
  };
  const PCT = String.raw`(\d+(?:\.\d+)?)\s*(?:%|percent)`;
  const spent = new RegExp(
    String.raw`^(?:(?:who|that)\s+)?(?:spent|spend|spends)\s+(?:(?:at\s+least|by\s+at\s+least)\s+${PCT}|${PCT}\s+or\s+more)\s+(more|less)\s+in\s+${WHEN}\s+than\s+(?:they\s+did\s+)?(?:in\s+)?${WHEN}$`,
  ).exec(rest);
  if (spent?.[3] && spent[4] && spent[5])
    return said(spent[1] ?? spent[2] ?? '', spent[3] === 'more', spent[4], spent[5]);
  const floor = new RegExp(
    String.raw`^(?:whose|its|their)\s+${WHEN}\s+${SUMS}\s+(?:is|was|were|came\s+in)\s+(?:(?:at\s+least|by\s+at\s+least)\s+${PCT}\s+(below|under|lower\s+than|less\s+than|above|over|higher\s+than|more\s+than)|(down|up|lower|higher)\s+(?:by\s+)?(?:(?:at\s+least|by\s+at\s+least)\s+${PCT}|${PCT}\s+or\s+more)\s+${AGAINST})\s+(?:its|their|the)\s+${WHEN}(?:\s+${SUMS})?$`,
  ).exec(rest);
  if (!floor?.[1] || !floor[7]) return undefined;
  const n = floor[2] ?? floor[5] ?? floor[6] ?? '';
  const word = floor[3] ?? floor[4] ?? '';
  return said(n, /^(?:above|over|higher|more|up)/.test(word), floor[1], floor[7]);
}

/** A year or a quarter of a year, as entity-versus.ts reads one. */
const WHEN = String.raw`((?:q[1-4]\s+|h[12]\s+)?20\d\d)`;
const SUMS = '(?:revenue|spend|spending|sales|purchases)';
const MORE_WORDS = String.raw`(?:above|over|more\s+than|higher\s+than|greater\s+than|bigger\s+than)`;
const LESS_WORDS = String.raw`(?:below|under|less\s+than|lower\s+than|smaller\s+than)`;

/**
 * Each customer against themselves in two periods ("whose 2025 revenue is below their 2024 revenue", "who spent
 * more in 2025 than in 2024", "with fewer orders in 2025 than in 2024"), in the words entity-versus.ts reads
 * ("customers who spent less in 2025 than in 2024"); the query must compare the later figure with the earlier one in
 * the direction said. A comparison with a margin ("more than 20% short of") is not read.
 */
function twoPeriodPeople(text: string): Meaning | undefined {
  const rest = text.replace(PEOPLE, '');
  const said = (more: boolean, later: string, earlier: string, orders: boolean): Meaning => {
    const noun = orders
      ? `customers who placed ${more ? 'more' : 'fewer'} orders in ${later} than in ${earlier}`
      : `customers who spent ${more ? 'more' : 'less'} in ${later} than in ${earlier}`;
    return perCustomer(noun, [`later_${orders ? 'count' : 'total_amount'} ${more ? '>' : '<'} earlier_`]);
  };
  // ("whose revenue is below their 2024 revenue in 2025": the later year said first, moved last by readMeaning.)
  const whose = new RegExp(
    String.raw`^whose\s+${SUMS}\s+(?:is|was|were|came\s+in)\s+(${MORE_WORDS}|${LESS_WORDS})\s+(?:their|the)\s+${WHEN}\s+${SUMS}\s+in\s+${WHEN}$`,
  ).exec(rest);
  if (whose?.[1] && whose[2] && whose[3] && whose[2] !== whose[3])
    return said(new RegExp(`^${MORE_WORDS}$`).test(whose[1]), whose[3], whose[2], false);
  const spent = new RegExp(
    String.raw`^(?:who\s+)?(?:spent|ordered|bought|purchased)\s+(more|less)\s+in\s+${WHEN}\s+than\s+(?:they\s+did\s+)?(?:in\s+)?${WHEN}$`,
  ).exec(rest);
  if (spent?.[1] && spent[2] && spent[3] && spent[2] !== spent[3])
    return said(spent[1] === 'more', spent[2], spent[3], false);
  const placed = new RegExp(
    String.raw`^(?:with|who\s+(?:placed|made|had)|having)\s+(more|fewer|less)\s+orders\s+in\s+${WHEN}\s+than\s+(?:they\s+did\s+)?(?:in\s+)?${WHEN}$`,
  ).exec(rest);
  if (placed?.[1] && placed[2] && placed[3] && placed[2] !== placed[3])
    return said(placed[1] === 'more', placed[2], placed[3], true);
  return undefined;
}

/** "all orders", "total orders", "orders": the whole a share is of. */
const ALL_ORDERS =
  /^(?:(?:all|total|every|the\s+total(?:\s+number\s+of)?|the\s+number\s+of\s+all|all\s+the)\s+)?orders?$/;

/** "revenue", "total revenue", "all sales", "the value of all orders": the whole a share of value is of. */
const ALL_VALUE =
  /^(?:(?:all|total|the\s+total|overall|gross|all\s+the)\s+)?(?:revenue|sales|turnover|order\s+value|value(?:\s+of\s+(?:all\s+)?orders)?|amounts?|order\s+amounts?)$/;
/**
 * The value of rows ("the value of returned orders", "returned value", "revenue from cancelled orders", "returned
 * $"): the rows' words, or undefined when the words are no value of rows.
 */
function valuedRows(text: string): string | undefined {
  const m =
    /^(?:the\s+)?(?:(?:value|amount|revenue|sales|dollars|\$)\s+(?:of|from|on)\s+(?:the\s+)?(.+)|(.+?)\s+(?:value|amounts?|revenue|sales|dollars|\$))$/.exec(
      text.trim(),
    );
  const said = m?.[1] ?? m?.[2];
  return said && !/\b(?:value|revenue|sales|amount)\b/.test(said) ? said : undefined;
}

/** "all buyers", "the number of customers who ordered": the whole a share of people is of. */
const ALL_PEOPLE =
  /^(?:(?:all|total|every|the\s+total(?:\s+number\s+of)?|the\s+number\s+of(?:\s+all)?|all\s+the|all\s+of\s+the)\s+)?(?:customers|buyers|clients|shoppers)(?:\s+(?:who|that)\s+(?:ordered|bought|purchased))?$/;
/** "that year", "the same quarter": the period the question names, said of both sides of a share. */
const THAT_PERIOD = /\s+(?:in\s+)?(?:that|the\s+same|this)\s+(?:year|quarter|month|period|half)$/;

/**
 * "buyers with 20 or more orders that year divided by all buyers that year", "customers with 3+ orders / all buyers":
 * the share of the period's buyers with an order count, said where used as "customers who ordered in <period> that
 * placed 20 or more orders in <period>" (`ofBuyers`, the period the question names); "customers with 40+ orders / all
 * customers": the share of all customers. "That year" must be said of both sides or of neither; a spend threshold
 * among a period's buyers is not read (the reader of shares takes all customers as its whole).
 */
function peopleShare(part: string, whole: string): Meaning | undefined {
  const partThat = THAT_PERIOD.test(part);
  const bare = whole.replace(THAT_PERIOD, '').trim();
  if (partThat !== THAT_PERIOD.test(whole) || !ALL_PEOPLE.test(bare)) return undefined;
  const who = people(part.replace(THAT_PERIOD, '').replace(/^(?:the\s+)?(?:number|count)\s+of\s+/, ''));
  if (!who || / in /.test(who.noun)) return undefined;
  const words = `share of ${who.noun}`;
  if (!partThat && !/\b(?:buyers|shoppers|ordered|bought|purchased)\b/.test(bare))
    return { kind: 'share', noun: words, clause: words, marks: who.marks };
  const placed = /^customers with (.+ orders)$/.exec(who.noun)?.[1];
  if (!placed) return undefined;
  return {
    kind: 'share',
    noun: words,
    clause: words,
    // (The query must count the period's buyers as its whole: "t0 >= 1", customer-ratios-sql.ts.)
    marks: [...who.marks, 't0 >= 1'],
    ofPeriodAsked: true,
    ofBuyers: `placed ${placed}`,
  };
}

/**
 * "the share of a category's orders that are over $500", "the % of each region's orders that were returned": the
 * share of rows within each value of a member (`ofEach`), which the question must break down by.
 */
function shareWithin(text: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  const m =
    /^(?:the\s+)?(?:share|percentage|proportion|fraction|%|percent)\s+of\s+(?:a|an|each|every|the)\s+([a-z]+)'s\s+orders\s+(?:that|which)\s+(?:are|were|is|was)\s+(.+)$/.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return undefined;
  const part = rows(m[2], catalog);
  const member = catalog
    .flatMap((c) => c.members)
    .find((x) => x.kind === 'dimension' && x.titleWords.some((w) => w === m[1]));
  if (!part || !member) return undefined;
  const words = `share of ${part.clause}`;
  return { kind: 'share', noun: words, clause: words, marks: part.marks, ofEach: m[1] };
}

/** "completed orders / all orders", "returned orders divided by total orders", "cancelled ones out of all orders". */
function share(text: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  const within = shareWithin(text, catalog);
  if (within) return within;
  // ("share of orders that were returned or cancelled", "the percent of orders returned or cancelled": rows among all.)
  const among =
    /^(?:the\s+)?(?:share|percentage|proportion|fraction|%|percent|pct)\s+of\s+(?:all\s+|the\s+|total\s+)?orders\s+(?:(?:that|which)\s+)?(?:(?:were|are|was|is|got|get|have\s+been|ended\s+up)\s+)?(.+)$/.exec(
      text,
    );
  const amongRows = among?.[1] ? rows(among[1], catalog) : undefined;
  if (amongRows) {
    const words = `share of ${amongRows.clause}`;
    return { kind: 'share', noun: words, clause: words, marks: amongRows.marks };
  }
  // ("the share of revenue that came from returned orders": the rows' share of all the money.)
  const fromRows =
    /^(?:the\s+)?(?:share|percentage|proportion|fraction|%|percent|pct)\s+of\s+(?:all\s+|total\s+|the\s+)?(?:revenue|sales|turnover|order\s+value)\s+(?:that\s+|which\s+)?(?:came|comes|coming|come|was|is)\s+(?:from|in)\s+(?:the\s+)?(.+)$/.exec(
      text,
    );
  const fromPart = fromRows?.[1] ? rows(fromRows[1], catalog) : undefined;
  if (fromPart) {
    const words = `share of revenue from ${fromPart.noun}`;
    return { kind: 'share', noun: words, clause: words, marks: fromPart.marks };
  }
  const m =
    /^(.+?)\s*(?:\/|÷|\bdivided\s+by\b|\bover\b|\bout\s+of\b|\bas\s+(?:an?\s+)?(?:share|percentage|fraction|proportion|%|pct)\s+of\b)\s*(.+)$/.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return undefined;
  const ofPeople = peopleShare(m[1].trim(), m[2].trim());
  if (ofPeople) return ofPeople;
  // ("the value of returned orders as a % of revenue": the rows' share of all the money.)
  const valued = ALL_VALUE.test(m[2].trim()) ? valuedRows(m[1]) : undefined;
  const valuePart = valued ? rows(valued, catalog) : undefined;
  if (valuePart) {
    const words = `share of revenue from ${valuePart.noun}`;
    return { kind: 'share', noun: words, clause: words, marks: valuePart.marks };
  }
  if (!ALL_ORDERS.test(m[2].trim())) return undefined;
  // ("cancelled plus returned orders over all orders": either of them.)
  const part = rows(m[1].replace(/\s+plus\s+/g, ' or '), catalog);
  if (!part) return undefined;
  return {
    kind: 'share',
    noun: `share of ${part.clause}`,
    clause: `share of ${part.clause}`,
    marks: part.marks,
  };
}

const rows = (text: string, catalog: readonly CatalogCube[]) => amountRows(text) ?? valueRows(text, catalog);

/** The meaning of a definition's words, or undefined when they are not read in full. */
export function readMeaning(said: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  const text = said
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/["“”]/g, '')
    .replace(/\s*\((?:in\s+)?(?:percent|percentage|%)\)\s*/g, ' ')
    .replace(/\s*,?\s*(?:as|in)\s+(?:a\s+)?(?:%|percent|percentage|pct)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    // ("the number of returned or cancelled orders divided by the number of all orders": a count of orders is the
    // orders, as a share reads them.)
    .replace(
      /\b(?:the\s+)?(?:number|count|#)\s+of\s+(?=(?:(?:all|the)\s+)?(?:[a-z]+\s+(?:or|and|\+|&)\s+)?(?:[a-z]+\s+)?orders\b)/g,
      '',
    )
    // ("completed orders only", "just the cancelled ones": the rows named are all the meaning says.)
    .replace(/^(?:only|just)\s+(?:the\s+)?/, '')
    // ("a customer whose 2025 spend is over $10k": the period said after the threshold, as the reader takes it.)
    .replace(
      /\b(whose|with|who\s+(?:has|have|had))\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\s+(spend|spending|revenue|sales|purchases)\b(.*)$/,
      '$1 $3$4 in $2',
    )
    // ("'tiny' orders are those under $15": the rows named before.)
    .replace(
      /^(?:those|the\s+ones|ones)\s+(?:(?:that|which)\s+(?:are|were)\s+)?(?=under|below|over|above|less|more|at\s|of\s|\$|\d|<|>)/,
      '',
    )
    .replace(/\s+(?:only|alone)$/, '')
    // ("an order that was cancelled", "a customer that had no orders in H2 2025": said of one, read as of all.)
    .replace(
      /^an?\s+(?:order|purchase|sale)\s+(?:that|which)\s+(?:was|is|got|has\s+been)\s+/,
      'orders that were ',
    )
    .replace(
      /^an?\s+(?:customer|client|buyer|account)\s+(?:that|which)\s+(?=had|has|placed|made|spent)/,
      'customers who ',
    )
    // ("whose 2025 spend topped $15k", "exceeded $10k": over the amount.)
    .replace(
      /\b(?:topped|tops|exceeded|exceeds|surpassed|surpasses|went\s+over|goes\s+over)\s+(?=\$|\d)/g,
      'over ',
    )
    // ("VIP means they spent more than $20k lifetime": the people of the word, as "customers who".)
    .replace(
      /^(?:they|he|she)\s+(?=(?:have\s+|has\s+)?(?:spent|spend|spends|placed|made|had|have|has)\b)/,
      'customers who ',
    )
    // ("whale = spent more than $11,000 that year": said of the people without naming them.)
    .replace(/^(?=(?:spent|placed)\s)/, 'customers who ')
    // ("customers with more than $13,000 of spend in 2023": the spend named after its bound.)
    .replace(
      /\bwith\s+((?:over|above|more\s+than|at\s+least|under|below|less\s+than|at\s+most)\s+\$?\d[\d,.]*k?)\s+(?:of|in)\s+(spend|spending|revenue|sales|purchases)\b/,
      'with $2 $1',
    );
  return (
    share(text, catalog) ??
    eachYearPeople(text, catalog) ??
    percentChangePeople(text) ??
    twoPeriodPeople(text) ??
    people(text) ??
    rows(text, catalog) ??
    overPeriods(text, catalog) ??
    periods(text) ??
    periodBound(text)
  );
}

/** A period's figure named in a definition: its words for the ordinary reader. */
const PERIOD_FIGURES: [RegExp, string][] = [
  [/^(?:revenue|sales|total\s+sales|turnover|gmv)$/, 'revenue'],
  [/^(?:the\s+)?(?:average|avg|mean)\s+order(?:\s+(?:value|amount|size))?$|^aov$/, 'average order value'],
];
const PERIOD_UNITS: Record<string, string> = {
  day: 'days',
  week: 'weeks',
  month: 'months',
  quarter: 'quarters',
};

/**
 * "a month where revenue topped $13.7M", "a day with more than 955 orders", "a month whose average order is above
 * $503": periods past a bound on their own figure (revenue, orders, average order value), in the words the ordinary
 * reader reads ("months with revenue over $13700000"). A bound against another period's figure is periods().
 */
function periodBound(text: string): Meaning | undefined {
  const m =
    /^(?:(?:a|an|any|the)\s+)?(day|week|month|quarter)s?\s+(?:whose|with|where|when|in\s+which|that\s+(?:had|has|saw)|which\s+(?:had|has|saw)|that|which)\s+(?:(?:its|their|the)\s+)?(.+)$/.exec(
      text,
    );
  const unit = m?.[1];
  const rest = m?.[2]?.trim();
  if (!unit || !rest) return undefined;
  const money = String.raw`\$?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|m|mm|million|thousand)?`;
  const up = String.raw`(?:topped|tops|top|exceeded|exceeds|exceed|beat|beats|passed|cleared|(?:is|was|were|came\s+in|went)?\s*(?:over|above|more\s+than|greater\s+than|higher\s+than|>))`;
  const down = String.raw`(?:(?:is|was|were|came\s+in|fell|went)?\s*(?:under|below|less\s+than|lower\s+than|<))`;
  const amount = (n: string, scale = '') => {
    const v =
      Number(n.replace(/,/g, '')) * ({ k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6 }[scale] ?? 1);
    return Number.isFinite(v) && v > 0 ? Math.round(v * 100) / 100 : undefined;
  };
  // "more than 955 orders", "fewer than 500 orders", "over 900 orders"
  const counted =
    /^(?:had\s+|has\s+|saw\s+|got\s+)?(more\s+than|over|above|fewer\s+than|less\s+than|under|below)\s+(\d[\d,]*)\s+orders$/.exec(
      rest,
    );
  if (counted?.[1] && counted[2]) {
    const n = Number(counted[2].replace(/,/g, ''));
    const more = /^(?:more|over|above)/.test(counted[1]);
    const noun = `${PERIOD_UNITS[unit]} with ${more ? 'more' : 'fewer'} than ${n} orders`;
    return { kind: 'periods', noun, clause: noun, marks: [String(n)] };
  }
  // "revenue topped $13.7M", "its average order is above $503"
  const figured = new RegExp(String.raw`^(.+?)\s+(${up}|${down})\s+${money}$`).exec(rest);
  if (!figured?.[1] || !figured[2] || !figured[3]) return undefined;
  const figure = PERIOD_FIGURES.find(([r]) => r.test(figured[1]?.trim() ?? ''))?.[1];
  const value = amount(figured[3], figured[4]);
  if (!figure || value === undefined) return undefined;
  const over = new RegExp(`^${up}$`).test(figured[2]);
  const noun = `${PERIOD_UNITS[unit]} with ${figure} ${over ? 'over' : 'under'} $${value}`;
  return { kind: 'periods', noun, clause: noun, marks: [String(value)] };
}

/** Periods against their own container's mean or median: the query compares them within it (period-relative-sql.ts). */
function periods(text: string): Meaning | undefined {
  const read = periodsDefined(text);
  if (!read) return undefined;
  const marks = [
    'within_period',
    read.mark.stat === 'median' ? 'percentile_cont' : 'AVG(',
    ...(read.mark.factor !== undefined ? [`${read.mark.factor} * `] : []),
  ];
  return { kind: 'periods', noun: read.noun, clause: read.noun, marks };
}

/** Tests on each customer's rows over periods (customer-ratios.ts): its query names the tests' counts t0, t1. */
function overPeriods(text: string, catalog: readonly CatalogCube[]): Meaning | undefined {
  const read = ratioDefinition(text, catalog);
  return read && { kind: read.kind, noun: read.noun, clause: read.noun, marks: ['AS t1'] };
}
