/**
 * Who is at the top (issue 29; README, "Evaluating the analyst", tuning-9): "who placed the biggest order" ranks
 * the rows by their amount, "who placed the most orders" ranks the entities by how many rows they have, "who
 * spent the most" by their total. Every tied entity is answered (a LIMIT 1 would hide the others). "For each segment, who was the
 * biggest spender" is the top entity within each group, read by the top-per-group reading in its own words.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { hasCustomers } from './entity-conditions';
import { entityRows } from './per-entity';
import type { Grain, Plan } from './plan';
import { withinOf } from './top-rows-within';
import { NUMBER_WORDS } from './vocabulary';

const WHO =
  '(?:who|which\\s+(?:customer|client|buyer|shopper|account)s?|what\\s+(?:customer|client|buyer)s?)';
const HIGH = '(?:biggest|largest|highest|most\\s+expensive|priciest|heaviest|top|max(?:imum)?)';
const LOW = '(?:smallest|lowest|cheapest|tiniest|min(?:imum)?)';
const ROW_NOUN = '(?:order|purchase|transaction|sale|basket)';
/** "who placed our single largest order", "which customer had the biggest purchase". */
const ROW_TOP = new RegExp(
  `^\\s*${WHO}\\s+(?:has\\s+|had\\s+)?(?:placed|made|put\\s+in|had|has|did|submitted)\\s+(?:the|our|their)?\\s*(?:single\\s+|one\\s+)?(${HIGH}|${LOW})\\s+(?:single\\s+|one\\s+)?(?:([a-z]+)\\s+)?(?:${ROW_NOUN})(?:\\s+(?:ever|of\\s+all(?:\\s+time)?))?`,
  'i',
);
/** Words that rank rows by their time: the latest first (desc) or the earliest first (asc). */
const LATEST = '(?:latest|last|most\\s+recent|newest)';
const EARLIEST = '(?:earliest|first|oldest|very\\s+first)';
/**
 * "which customer placed the most recent order", "who made our last order of 2024", "when was the latest order
 * placed", "the first order ever - when and who": the rows at the latest (earliest) time, every tie kept.
 */
const TIME_TOP = new RegExp(
  `^\\s*(?:${WHO}\\s+(?:has\\s+|had\\s+)?(?:placed|made|put\\s+in|had|did|submitted)|when\\s+(?:was|is|did)|what\\s+(?:was|is)\\s+the\\s+(?:date|day)\\s+of)\\s+(?:the|our|their)?\\s*(?:single\\s+|one\\s+|very\\s+)?(${LATEST}|${EARLIEST})\\s+(?:([a-z]+)\\s+)?(?:${ROW_NOUN})(?:\\s+(?:ever|of\\s+all(?:\\s+time)?))?(?:\\s+(?:placed|made|submitted|come\\s+in|received))?`,
  'i',
);
/**
 * "who placed the most orders", "which customer ordered the most times"; "bought the most" only with "times" or
 * "often" ("who bought the most furniture" may mean money).
 */
const COUNT_TOP = new RegExp(
  `^\\s*${WHO}\\s+(?:(?:placed|made|put\\s+in|had|has|submitted)\\s+the\\s+(most|fewest|least)\\s+(?:${ROW_NOUN}s?)|ordered\\s+(?:the\\s+)?(most|least|fewest)(?:\\s+(?:times|often))?|(?:bought|purchased|shopped)\\s+(?:the\\s+)?(most|least|fewest)\\s+(?:times|often))`,
  'i',
);
const N = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
/**
 * "the 10 largest orders of 2025", "top 5 orders by amount", "show me the 3 biggest orders in the west": the rows
 * themselves, ranked by their own number (was the count of all orders, or the largest amount alone).
 */
const N_ROWS = new RegExp(
  `^\\s*(?:(?:show|list|give|get|find|pull)\\s+(?:me\\s+|us\\s+)?|what\\s+(?:are|were)\\s+)?(?:the\\s+|our\\s+)?(?:(?:(top|bottom)\\s+${N}(?:\\s+(${HIGH}|${LOW}))?)|(?:(${HIGH}|${LOW})\\s+${N})|(?:${N}\\s+(${HIGH}|${LOW})))\\s+(?:single\\s+|individual\\s+)?(?:([a-z]+)\\s+)?(?:${ROW_NOUN})s\\b(?:\\s+by\\s+(?:order\\s+)?(?:amount|value|size))?`,
  'i',
);

/** "and how much was it", "and what was the amount": the figure, which the answer states anyway. */
const HOW_MUCH =
  /,?\s*(?:and\s+)?(?:how\s+(?:much|big|large)\s+(?:was|is)\s+(?:it|that)|what\s+was\s+(?:the\s+)?(?:amount|total|it))\s*\??\s*$/i;

/**
 * "what was the biggest single order in 2023 and who placed it", "largest order of 2025 and the customer who made
 * it": the same as "who placed the biggest order in 2023" (the "who" was left out, the largest amount alone, or
 * read as the number of customers: confidently wrong).
 */
const WHO_AFTER = new RegExp(
  `^\\s*(?:(?:what|which)(?:\\s+(?:was|is|were)|\x27s|’s|s)\\s+|(?:show|tell|give)\\s+(?:me|us)\\s+|find\\s+)?(?:the\\s+|our\\s+)?(?:single\\s+)?(${HIGH}|${LOW})\\s+(?:single\\s+|one\\s+|individual\\s+)?(?:([a-z]+)\\s+)?${ROW_NOUN}\\b(.*?)(?:\\s*[,;:?]\\s*|\\s+[-–—]+\\s+|\\s+)(?:(?:and|&)\\s+)?(?:(?:who|which\\s+(?:customer|client|account)|what\\s+customer|the\\s+(?:customer|client|account|buyer)\\s+(?:who|that))\\s+(?:placed|made|submitted|had|put\\s+in|bought)\\s+(?:it|that(?:\\s+one)?|them)|who\\s+(?:was|did)\\s+(?:it|that))(?:\\s*(?:,|and|&)\\s*when(?:\\s+(?:was\\s+(?:it|that)|did\\s+(?:it|that)\\s+happen))?)?\\s*[?.!]*\\s*$`,
  'i',
);
const whoAfter = (question: string) =>
  question.replace(
    WHO_AFTER,
    (_all, end: string, kind: string | undefined, rest: string) =>
      `who placed the ${end} ${kind ? `${kind} ` : ''}order${rest}`,
  );

/**
 * "the 3 biggest orders of december 2025 with the customer", "..., and the customer names": the rows listed name their
 * customer anyway (was read as the number of customers: confidently wrong). Only after a list of rows.
 */
const WITH_WHO =
  /\s*,?\s*(?:and|with|plus|incl(?:uding)?\.?)\s+(?:the\s+|their\s+)?(?:customer|client|buyer|account)s?(?:['’]s)?(?:\s+names?)?(?:\s+(?:who|that)\s+(?:placed|made|bought)\s+(?:it|them|each(?:\s+one)?))?(?:\s+(?:too|as\s+well|please|pls))?\s*([?.!]*)\s*$/i;

/** The largest (smallest) row said first, the rest of the question after it. */
const ROW_FIRST = new RegExp(
  `^\\s*(?:(?:what|which)(?:\\s+(?:was|is|were)|\x27s|’s)\\s+|(?:show|tell|give)\\s+(?:me|us)\\s+|find\\s+)?(?:the\\s+|our\\s+)?(?:single\\s+)?(${HIGH}|${LOW})\\s+(?:single\\s+|one\\s+|individual\\s+)?(?:([a-z]+)\\s+)?${ROW_NOUN}\\b(.*)$`,
  'i',
);

/**
 * "biggest order in 2024, with the customer's name": who placed it (was read as the number of customers:
 * confidently wrong). The words after one row, as WITH_WHO reads them after a list of rows.
 */
function withWhoOfOne(question: string): string {
  const who = WITH_WHO.exec(question);
  const row = who && ROW_FIRST.exec(question.slice(0, who.index));
  if (!who || !row) return question;
  const [, end, kind, rest] = row;
  return `who placed the ${end} ${kind ? `${kind} ` : ''}order${rest}${who[1]}`;
}

/** A group each row is ranked within ("in each region", "per category", "for every segment"). */
const EACH_GROUP = /\b(?:(?:in|for|within|of)\s+(?:each|every)|per)\s+[a-z]+/i;

/**
 * "who placed the biggest order in each region": the top row within each group with its customer, as "the top 1
 * biggest orders in each region" is read (was the largest amount of each group, who placed it left out).
 */
function oneRowEach(question: string): string {
  const row = ROW_TOP.exec(question);
  const rest = row ? question.slice(row.index + row[0].length) : '';
  if (!row || !EACH_GROUP.test(rest)) return question;
  return `the top 1 ${row[1]} ${row[2] ? `${row[2]} ` : ''}orders${rest}`;
}

const UNIT = '(day|week|month|quarter|year)s';
const DISTINCT = '(?:different\\s+|distinct\\s+|separate\\s+|calendar\\s+)?';
const ORDERED_IN =
  '(?:ordered|bought|purchased|shopped|placed\\s+(?:an\\s+)?orders?|made\\s+(?:a\\s+)?(?:purchases?|orders?)|had\\s+(?:an\\s+)?orders?|(?:was|were)\\s+active)';
/** "which customers ordered in the most months", "who bought in the fewest distinct quarters". */
const UNITS_TOP = new RegExp(
  `^\\s*${WHO}\\s+(?:has\\s+|have\\s+)?${ORDERED_IN}\\s+(?:in|during|across)\\s+the\\s+(most|fewest|least)\\s+${DISTINCT}${UNIT}\\b`,
  'i',
);
/** "what is the largest number of different months any single customer placed orders in". */
const UNITS_MOST = new RegExp(
  `^\\s*(?:what\\s+(?:is|was|'s)\\s+)?(?:the\\s+)?(largest|highest|biggest|greatest|most|max(?:imum)?|smallest|lowest|fewest|min(?:imum)?)\\s+(?:number\\s+of\\s+)?${DISTINCT}${UNIT}\\s+(?:that\\s+|in\\s+which\\s+)?(?:any|a|one)\\s+(?:single\\s+|one\\s+|individual\\s+)?(?:customer|client|buyer|account)\\s+(?:has\\s+|had\\s+)?${ORDERED_IN}(?:\\s+in)?\\b`,
  'i',
);

/**
 * "which customers ordered in the most months?", "the largest number of different months any one customer ordered
 * in": the entities ranked by how many distinct months (quarters, ...) of their rows' dates hold a row, every tie at
 * the top listed with its count (was refused, or the number of customers per month: confidently wrong).
 */
function unitsTop(
  text: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const match = UNITS_TOP.exec(text) ?? UNITS_MOST.exec(text);
  if (!match) return undefined;
  const word = (match[1] ?? '').toLowerCase();
  const unit = (match[2] ?? '').toLowerCase() as Grain;
  const cubes = catalog.filter((c) => entityRows(c) !== undefined);
  const rest = `orders ${text.slice(match.index + match[0].length)}`.replace(/[?.!]+\s*$/, '');
  const plan = read(rest, cubes);
  const rows = plan ? entityRows(plan.cube) : undefined;
  const [measure, ...others] = plan?.measures ?? [];
  if (!plan || !rows || others.length > 0 || measure?.aggType !== 'count' || plan.dimensions.length > 0)
    return undefined;
  if (shaped(plan) || plan.grain || plan.compare) return undefined;
  const direction = /^(?:smallest|lowest|fewest|least|min(?:imum)?)$/.test(word) ? 'asc' : 'desc';
  const of = {
    ...measure,
    column: `${unit}s_with_orders`,
    title: `${unit[0]?.toUpperCase()}${unit.slice(1)}s with an order`,
    aggType: 'count',
    format: undefined,
  };
  return { ...plan, perEntity: { kind: 'top', rows, of, by: 'entity', direction, units: unit } };
}

/** "in a single day" (rephrased "in a day"), "in any one month": the entities' figure of one period at a time. */
const SINGLE_PERIOD =
  /\s*,?\s*\b(?:in|on|within|during)\s+(?:a\s+single|any\s+(?:single|one)|one\s+single|a\s+given|one|a)\s+(?:calendar\s+)?(day|week|month|quarter|year)\b/i;

/**
 * A ties-aware top reading, given the ordinary reading of the question's remaining words (periods, values). "Which
 * customer placed the most orders in a single day": the entities by their largest figure of one day (peak); any other
 * top said of one period at a time is left to the refusal (misreadings.ts).
 */
export function readTop(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const single = SINGLE_PERIOD.exec(question);
  if (single) {
    const plan = readTopOf(question.replace(SINGLE_PERIOD, ''), catalog, read);
    const top = plan?.perEntity?.kind === 'top' ? plan.perEntity : undefined;
    if (!plan || !top || top.by !== 'entity' || top.units || top.direction !== 'desc' || plan.grain)
      return undefined;
    return { ...plan, perEntity: { ...top, peak: (single[1] ?? 'day').toLowerCase() as Grain } };
  }
  return readTopOf(question, catalog, read);
}

function readTopOf(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const asked = oneRowEach(whoAfter(withWhoOfOne(question.replace(HOW_MUCH, ''))));
  const text = N_ROWS.test(asked) ? asked.replace(WITH_WHO, '$1') : asked;
  const ranked = topRows(text, catalog, read);
  if (ranked) return ranked;
  const units = unitsTop(text, catalog, read);
  if (units) return units;
  const timed = TIME_TOP.exec(text);
  if (timed) return latestRows(text, timed, catalog, read);
  const row = ROW_TOP.exec(text);
  const count = row ? null : COUNT_TOP.exec(text);
  const match = row ?? count;
  if (!match) return undefined;
  const cubes = catalog.filter((c) => entityRows(c) !== undefined);
  const rest = `${row?.[2] ?? ''} orders ${text.slice(match.index + match[0].length)}`.replace(
    /[?.!]+\s*$/,
    '',
  );
  const plan = read(rest, cubes);
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows) return undefined;
  const [measure, ...others] = plan.measures;
  if (others.length > 0 || measure?.aggType !== 'count' || plan.dimensions.length > 0) return undefined;
  const word = (row?.[1] ?? count?.[1] ?? count?.[2] ?? count?.[3] ?? '').toLowerCase();
  const direction = new RegExp(`^${HIGH}$|^most$`, 'i').test(word) ? 'desc' : 'asc';
  // ("which customers ordered the most times in 2025? top 5": the n entities by their count, ties kept.)
  if (count && plan.top && !shaped(plan, ['top', 'missing']))
    return { ...plan, dimensions: [rows.entity], top: { ...plan.top, direction } };
  if (shaped(plan)) return undefined;
  let of: CatalogMember | undefined = measure;
  if (row) {
    of = plan.cube.members.find(
      (m) => m.kind === 'dimension' && m.type === 'number' && m.column !== 'id' && !/_id$/.test(m.column),
    );
  }
  if (!of) return undefined;
  return {
    ...plan,
    perEntity: { kind: 'top', rows, of, by: row ? 'row' : 'entity', direction },
  };
}

/** The shapes of a reading that the row readings here do not combine with. */
const SHAPES = ['top', 'share', 'having', 'change', 'perGroup', 'first', 'missing'] as const;

/** Whether the reading of the remaining words has one of SHAPES (other than those excepted). */
function shaped(plan: Plan, except: readonly (typeof SHAPES)[number][] = []): boolean {
  return SHAPES.some((shape) => !except.includes(shape) && plan[shape] !== undefined);
}

/** The rows at the latest (or earliest) time (TIME_TOP), with the ordinary reading of the remaining words. */
function latestRows(
  text: string,
  match: RegExpExecArray,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const rest = `${match[2] ?? ''} orders ${text.slice(match.index + match[0].length)}`.replace(
    /[?.!]+\s*$/,
    '',
  );
  const plan = read(
    rest,
    catalog.filter((c) => entityRows(c) !== undefined),
  );
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows) return undefined;
  const [measure, ...others] = plan.measures;
  if (others.length > 0 || measure?.aggType !== 'count' || plan.dimensions.length > 0 || plan.grain)
    return undefined;
  if (shaped(plan) || plan.compare) return undefined;
  const direction = new RegExp(`^${LATEST}$`, 'i').test(match[1] ?? '') ? 'desc' : 'asc';
  return { ...plan, perEntity: { kind: 'top', rows, of: rows.time, by: 'row', direction } };
}

/** The top n rows by their own number (N_ROWS), with the ordinary reading of the remaining words. */
function topRows(
  text: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const match = N_ROWS.exec(text);
  if (!match) return undefined;
  const [, topWord, n1, word1, word2, n2, n3, word3, kind] = match;
  const count = n1 ?? n2 ?? n3 ?? '';
  const n = NUMBER_WORDS[count.toLowerCase()] ?? Number(count);
  if (!Number.isInteger(n) || n < 1 || n > 100) return undefined;
  const word = (word1 ?? word2 ?? word3 ?? topWord ?? '').toLowerCase();
  const direction = new RegExp(`^(?:${LOW}|bottom)$`, 'i').test(word) ? 'asc' : 'desc';
  const rest = `${kind ?? ''} orders ${text.slice(match.index + match[0].length)}`.replace(/[?.!]+\s*$/, '');
  const cubes = catalog.filter((c) => entityRows(c) !== undefined);
  const plan = read(rest, cubes);
  const entity = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !entity) return undefined;
  const [measure, ...others] = plan.measures;
  // ("the 3 biggest orders by region", "top 5 orders in 2024 vs 2025": within each group; top-rows-within.ts.)
  // (Only with a word that groups: "top 3 sales regions" ranks the regions.)
  const of = plan.cube.members.find(
    (m) => m.kind === 'dimension' && m.type === 'number' && m.column !== 'id' && !/_id$/.test(m.column),
  );
  if (!of) return undefined;
  // ("top 3 orders in 2025 by amount": the number the rows are ranked on, not a group of them.)
  const rankedOn = plan.dimensions.length === 1 && plan.dimensions[0] === of;
  const grouped =
    !rankedOn && /\b(?:by|per|each|every|vs|versus)\b/i.test(text.slice(match.index + match[0].length));
  const within = grouped ? withinOf(plan) : undefined;
  if (others.length > 0 || measure?.aggType !== 'count' || plan.grain) return undefined;
  if (((plan.dimensions.length > 0 && !rankedOn) || (plan.compare?.length ?? 0) > 1) && !within)
    return undefined;
  if (shaped(plan)) return undefined;
  return {
    ...plan,
    ...(within || rankedOn ? { dimensions: [] } : {}),
    perEntity: { kind: 'top', rows: entity, of, by: 'row', direction, n, ...(within ? { within } : {}) },
  };
}

/**
 * "for each customer segment, who was the single biggest spender in 2025?", "in each region, who spent the least
 * in 2024": the top customer by spend within each group, in the words the top-per-group reading takes.
 */
export function perGroupWho(question: string): string | undefined {
  const group = /^\s*(?:for|in|within|across)\s+(?:each|every)\s+([a-z ]+?)\s*[,:-]?\s+(who\b.*)$/i.exec(
    question,
  );
  if (!group) return undefined;
  const [, by, rest = ''] = group;
  const spender = new RegExp(
    `^who\\s+(?:was|is|were|are)\\s+(?:the|our)?\\s*(?:single\\s+)?(${HIGH}|${LOW}|best|worst)\\s+(spender|customer|client|buyer|account)s?\\b(.*)$`,
    'i',
  ).exec(rest);
  if (spender) {
    const low = new RegExp(`^(?:${LOW}|worst)$`, 'i').test(spender[1] ?? '');
    // ("who was the top customer by order count": the figure named after it ranks them, not spend.)
    const named = /^\s*by\b/i.test(spender[3] ?? '') && !/^spender$/i.test(spender[2] ?? '');
    return `${low ? 'bottom' : 'top'} customer${named ? '' : ' by spend'} in each ${by}${spender[3] ?? ''}`;
  }
  // ("in each segment, who is the customer with the highest spend on toys": the one ranked by the clause after it.)
  const ranked =
    /^who\s+(?:was|is|were|are)\s+(?:the|our)\s+(customer|client|buyer|account)s?\s+(with\s+the\s+(?:highest|lowest|most|fewest|biggest|largest|smallest)\b.*?)([?.!]*)$/i.exec(
      rest,
    );
  if (ranked) {
    // (", and how much?": the figure each row states; anything else said after it is not read here.)
    const clause = (ranked[2] ?? '').replace(/\s*,?\s*(?:and\s+)?how\s+much(?:\s+was\s+it)?\s*$/i, '');
    if (/,|\band\b/i.test(clause)) return undefined;
    return `the ${ranked[1]?.toLowerCase()} ${clause} in each ${by}${ranked[3] ?? ''}`;
  }
  const spent = /^who\s+(spent|ordered|bought|purchased)\s+(?:the\s+)?(most|least)\b(.*)$/i.exec(rest);
  if (spent) {
    const measure = /spent/i.test(spent[1] ?? '') ? 'spend' : 'number of orders';
    return `${spent[2]?.toLowerCase() === 'least' ? 'bottom' : 'top'} customer by ${measure} in each ${by}${spent[3] ?? ''}`;
  }
  return undefined;
}

/** "... Answer as Q1-Q4.": how to label quarters, which the answers already do ("2025-Q4"); nothing to read. */
export const withoutQuarterLabels = (question: string) =>
  question.replace(
    /[.;,]?\s*(?:please\s+)?(?:answer|label(?:\s+them|\s+the\s+quarters)?|give\s+(?:it|them|the\s+quarters?))\s+(?:as|with|using|in)\s+q1\s*(?:-|–|to|through|\.\.)\s*q4\s*(?:labels?|form(?:at)?)?\s*\.?\s*$/i,
    '?',
  );

/**
 * "who spent the most in 2024", "who bought the most furniture": a "who" the top readings above leave is the
 * people the model names (its customer dimension), asked as "which customer ...". Read without it, "who" was no
 * breakdown and the answer a total (the year's revenue, the number of customers): confidently wrong.
 */
export function whoAsEntity(question: string, catalog: readonly CatalogCube[]): string | undefined {
  const who = /^\s*who\s+(?!(?:is|are|was|were)\b)/i.exec(question);
  if (!who || ROW_TOP.test(question) || COUNT_TOP.test(question)) return undefined;
  if (!/\b(?:most|least|fewest|highest|lowest|biggest|largest|top)\b/i.test(question)) return undefined;
  return catalog.some(hasCustomers) ? `which customer ${question.slice(who[0].length)}` : undefined;
}

/**
 * "the #1 customer by revenue in each segment", "our number one region": the top one (a "#1" was a number the
 * question did not explain). Not after a noun it numbers ("order #1", "customer #1").
 */
export const numberOneAsTop = (question: string) =>
  question.replace(
    /(^|[^\w#])(?:#\s?1|no\.\s?1|number\s+(?:1|one))(?![\d.,])(?=\s+[a-z])/gi,
    (all, before: string, at: number) =>
      /\b(?:order|customer|client|account|id|invoice)\s*$/i.test(question.slice(0, at + before.length))
        ? all
        : `${before}top`,
  );
