/**
 * Cohort readings keyed on each entity's own rows (issue 29; README, "Evaluating the analyst", tuning-9):
 * - an attribute of each customer's FIRST row ("customers by the category of their first order", "how many had a
 *   furniture order as their very first purchase"): the first row per entity by date, ties on that date going
 *   to the lower row id, then counted by (or filtered on) that row's attribute;
 * - retention between two periods ("of the customers who ordered in January 2023, what % came back in December
 *   2025", "what share of the customers who signed up in December 2022 ordered in July 2025", "of the customers
 *   who joined in Q4 2022, how many placed their first order before April 2023").
 * A question is read here only when every word of it is one of these roles (the entity, the cohort's verb and
 * period, the later verb and period, how many or what share) or understood by the ordinary reading; else it is
 * left to that reading, which answers or refuses it.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { type EntityRows, type Period, type Plan, secondOrder } from './plan';
import { startDate } from './readings';
import { STOPWORDS } from './text';

const PEOPLE = /^(customers?|clients?|buyers?|shoppers?|purchasers?|accounts?|people|users?)$/;

/** The entity and rows of a view of orders: a person's name dimension beside the rows' date and id. */
export function entityRows(cube: CatalogCube): EntityRows | undefined {
  const dims = cube.members.filter((m) => m.kind === 'dimension');
  const entity = dims.find(
    (m) =>
      m.type === 'string' &&
      /(^|_)name$/.test(m.column) &&
      m.column.includes('_') &&
      [...m.titleWords, ...m.otherWords].some((w) => PEOPLE.test(w)),
  );
  if (!entity) return undefined;
  const prefix = entity.column.slice(0, entity.column.lastIndexOf('_') + 1);
  const time = dims.find((m) => m.type === 'time' && !m.column.startsWith(prefix));
  if (!time) return undefined;
  const id = dims.find((m) => m.column === 'id');
  const start = startDate(cube);
  return {
    entity,
    time,
    ...(id ? { id } : {}),
    ...(start && start !== time && start.column.startsWith(prefix) ? { start } : {}),
  };
}

/** Whether a member belongs to the entity (its segment, its signup date) rather than to each row. */
export const ofEntity = (rows: EntityRows, m: CatalogMember) =>
  m.column.startsWith(rows.entity.column.slice(0, rows.entity.column.lastIndexOf('_') + 1));

/** The string dimension a breakdown word names ("region", "segment"), the customer's own first. */
export function breakdownOf(cube: CatalogCube, word: string): CatalogMember | undefined {
  const dims = cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'string' && m.values.length > 0,
  );
  return dims.find((m) => m.titleWords.includes(word)) ?? dims.find((m) => m.otherWords.includes(word));
}

// --- the first row ---

/** "first order", "very first purchase", "first-ever order", "1st order": the phrase and its framing words. */
const FIRST_ROW =
  /\b(?:(?:as|for|of|on|in|with|whose|where)\s+)?(?:(?:the|their|its|his|her|a|each)\s+)?(?:very\s+)?(?:first|1st)(?:[\s-]+ever)?\s+(?:order|purchase|buy|transaction|sale)s?(?:\s+(?:was|were|is|came|fell))?(?:\s+(?:an?|the|in|on))?\b/gi;
/** A first row named as the date ("first order in March", "first ordered"): the first-date readings' own. */
const FIRST_DATE =
  /\b(?:first|1st)[\s-]+(?:time\s+)?(?:ordered|bought|purchased|shopped|buyers?|ordering)\b/i;

/** The question without its first-row phrase, or undefined when it names no first row. */
export function withoutFirstRow(question: string): string | undefined {
  if (FIRST_DATE.test(question)) return undefined;
  const text = question.replace(/first[\s-]+ever/gi, 'first');
  if (!new RegExp(FIRST_ROW.source, 'i').test(text)) return undefined;
  return text
    .replace(FIRST_ROW, ' ')
    .replace(/\b(?:an?\s+)?(\w+)\s+one\b/gi, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A first-row reading of a plan the question gives without its first-row phrase: the plan counts the entities
 * and names at least one attribute of the rows (a breakdown or a value); its other parts must be plain.
 */
export function firstRowPlan(plan: Plan): Plan | undefined {
  const rows = entityRows(plan.cube);
  if (!rows) return undefined;
  const [measure, ...others] = plan.measures;
  if (!measure || others.length > 0 || !countsEntities(measure, rows)) return undefined;
  if (plan.top || plan.compare || plan.having || plan.change || plan.perGroup || plan.percentile)
    return undefined;
  if (plan.first || plan.also || plan.numberFilters.length > 0 || plan.grain || plan.missing)
    return undefined;
  const on = plan.filters.filter((f) => !ofEntity(rows, f.member));
  // ("grocery as the category of their first order": the attribute named beside its value is no breakdown.)
  const dimensions = plan.dimensions.filter((d) => !on.some((f) => f.member === d && f.values.length === 1));
  const by = dimensions.filter((d) => !ofEntity(rows, d));
  if (by.length === 0 && on.length === 0) return undefined;
  if (by.length !== dimensions.length) return undefined;
  const share = plan.share && !plan.share.top ? plan.share : undefined;
  if (plan.share && !share) return undefined;
  return {
    ...plan,
    dimensions,
    share: undefined,
    perEntity: {
      kind: 'first-row',
      rows,
      by,
      on: share?.part ? [...on, share.part] : on,
      entityFilters: plan.filters.filter((f) => ofEntity(rows, f.member)),
      ...(plan.range ? { range: plan.range } : {}),
      output: share ? 'share' : 'count',
    },
  };
}

/** A measure that counts the entities (distinct customers), not their rows. */
export const countsEntities = (m: CatalogMember, rows: EntityRows) =>
  m.aggType === 'count_distinct' &&
  [...m.titleWords, ...m.otherWords, ...m.names].some((w) =>
    rows.entity.titleWords.concat(rows.entity.otherWords).includes(w),
  );

// --- retention between two periods ---

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** A named period: a month, quarter or half of a year, or a year. */
const PERIOD = `(?:${MONTH}\\.?\\s+(?:of\\s+)?(?:19|20)\\d\\d|q[1-4]\\s+(?:of\\s+)?(?:19|20)\\d\\d|h[12]\\s+(?:of\\s+)?(?:19|20)\\d\\d|(?:the\\s+)?(?:first|second)\\s+half\\s+of\\s+(?:19|20)\\d\\d|(?:19|20)\\d\\d)`;
const ENTITY = '(?:customers?|clients?|buyers?|shoppers?|purchasers?|accounts?|people|users?)';
const ROW_VERB =
  '(?:ordered|bought|purchased|shopped|placed\\s+(?:an?\\s+|any\\s+|at\\s+least\\s+(?:one|1)\\s+)?orders?|made\\s+(?:an?\\s+|at\\s+least\\s+(?:one|1)\\s+)?purchases?|bought\\s+(?:something|anything))';
const START_VERB =
  '(?:signed\\s+up|sign[\\s-]?ups?|joined|registered|were\\s+acquired|onboarded|came\\s+on\\s*board)';
/**
 * The cohort: entities with rows in a period ("customers who ordered in Jan 2023", "Q1 2023 buyers"), or started.
 * ("2022 customers" may be a signup cohort: only buyers and shoppers are named by a period of their orders.)
 */
const COHORT_ROWS = new RegExp(
  `${ENTITY}\\s+(?:who|that)\\s+(?:had\\s+)?${ROW_VERB}\\s+(?:something\\s+|anything\\s+)?(?:in|during)\\s+(${PERIOD})|(${PERIOD})\\s+(?:buyers|shoppers|purchasers)(?:\\s+(?:who|that))?`,
  'i',
);
const COHORT_START = new RegExp(
  `${ENTITY}\\s+(?:who|that)\\s+${START_VERB}\\s+(?:in|during)\\s+(${PERIOD})|(${PERIOD})\\s+(?:signups|sign-ups|joiners)`,
  'i',
);
/** A later period may leave its year to the cohort's ("of the customers who ordered in Q1 2025, ... in Q2?"). */
const LATER_PERIOD = `(?:${PERIOD}|${MONTH}\\.?|q[1-4]|h[12])`;
/** The later activity: a row in a later period, or the first row in (or before) one. */
const LATER_ROWS = new RegExp(
  `(?:(?:also|again|still|then|later)\\s+|(?:came|come|coming)\\s+back\\s+(?:and\\s+)?)?(?:${ROW_VERB}|came\\s+back|returned|come\\s+back)(?:\\s+(?:again|anything|something|at\\s+all))?\\s+(?:in|during)\\s+(${LATER_PERIOD})\\b`,
  'i',
);
const LATER_FIRST = new RegExp(
  `(?:had\\s+)?(?:placed|made|put\\s+in)?\\s*(?:their|a|the)\\s+first\\s+(?:order|purchase)s?\\s+(?:(before|by)|in|during)\\s+(${PERIOD})|first\\s+(?:ordered|bought|purchased)\\s+(?:(before|by)|in|during)\\s+(${PERIOD})`,
  'i',
);
const SHARE = /%|\b(?:percent|percentage|pct|share|proportion|fraction|rate)\b/i;
const COUNT = /\b(?:how\s+many|number\s+of|count(?:\s+of)?)\b/i;
/** Words a retention question may hold beside its roles. */
const FILLER = new Set([
  ...STOPWORDS,
  ...[
    'them',
    'they',
    'those',
    'these',
    'what',
    'whats',
    'percent',
    'percentage',
    'pct',
    'share',
    'proportion',
  ],
  ...[
    'fraction',
    'rate',
    'number',
    'count',
    'out',
    'went',
    'on',
    'to',
    'also',
    'still',
    'again',
    'and',
    'us',
  ],
]);

/**
 * The later period's words read; without a year, the first such period that starts after the cohort's start
 * ("Q1 2025 ... in Q2": Q2 2025; "Q4 2024 ... in March": March 2025).
 */
function laterOf(
  text: string,
  cohort: Period,
  periodOf: (text: string) => Period | undefined,
): Period | undefined {
  if (/\b(?:19|20)\d\d\b/.test(text)) return periodOf(text);
  const year = Number(cohort.from.slice(0, 4));
  const same = periodOf(`${text} ${year}`);
  if (same && same.from > cohort.from) return same;
  return periodOf(`${text} ${year + 1}`);
}

/** A retention reading of the question, given how to read a period's words. */
export function readRetention(
  question: string,
  cube: CatalogCube,
  periodOf: (text: string) => Period | undefined,
): Plan | undefined {
  const rows = entityRows(cube);
  if (!rows) return undefined;
  const text = question.toLowerCase().replace(/[’']/g, "'").replace(/%/g, ' % ');
  const start = rows.start ? COHORT_START.exec(text) : null;
  const active = start ? null : COHORT_ROWS.exec(text);
  const cohortMatch = start ?? active;
  if (!cohortMatch) return undefined;
  const after = text.slice(cohortMatch.index + cohortMatch[0].length);
  const first = LATER_FIRST.exec(after);
  const again = first ? null : LATER_ROWS.exec(after);
  const laterMatch = first ?? again;
  if (!laterMatch) return undefined;
  const cohortText = cohortMatch[1] ?? cohortMatch[2];
  const laterText = first ? (first[2] ?? first[4]) : laterMatch[1];
  const cohortPeriod = cohortText ? periodOf(cohortText) : undefined;
  const laterPeriod = laterText && cohortPeriod ? laterOf(laterText, cohortPeriod, periodOf) : undefined;
  if (!cohortPeriod || !laterPeriod) return undefined;
  const output = SHARE.test(text) ? 'share' : COUNT.test(text) ? 'count' : undefined;
  if (!output) return undefined;
  // Every other word is a filler: a value or a measure left over is another question (left to the planner).
  const rest = `${text.slice(0, cohortMatch.index)} ${after.slice(0, laterMatch.index)} ${after.slice(laterMatch.index + laterMatch[0].length)}`;
  const left = rest
    .replace(/[^a-z0-9%\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && w !== '%' && !FILLER.has(w) && !PEOPLE.test(w));
  if (left.length > 0) return undefined;
  const before = first ? Boolean(first[1] ?? first[3]) : false;
  const measure = cube.members.find((m) => m.kind === 'measure' && countsEntities(m, rows));
  if (!measure) return undefined;
  return {
    cube,
    measures: [measure],
    dimensions: [],
    filters: [],
    numberFilters: [],
    timeDimension: rows.time,
    perEntity: {
      kind: 'retention',
      rows,
      cohort: { by: start ? 'start' : 'rows', period: cohortPeriod },
      later: { by: first ? 'first' : 'rows', period: laterPeriod, ...(before ? { before } : {}) },
      output,
    },
  };
}

/**
 * "the average amount of their first orders", "avg first-order value", "median first purchase size", "the average
 * first order of customers in Q3 2023": a total of the first rows themselves (not read: refused; "average first order amount" was the average of every order).
 */
const FIRST_ROWS_TOTALLED =
  /\b(?:average|avg|mean|median|typical)\s+(?:very\s+)?(?:first|1st)[\s-]+(?:orders?|purchases?)\b(?![\s-]+(?:dates?|days?|weeks?|months?|quarters?|years?|times?|categor(?:y|ies)|regions?|status(?:es)?|counts?))|\b(?:average|avg|mean|total|sum|median|typical)\s+(?:\w+\s+)?(?:of|on|for)\s+(?:the\s+)?(?:\w+'?\s+)?(?:very\s+)?(?:first|1st)(?:[\s-]+ever)?\s+(?:orders|purchases)\b|\b(?:average|avg|mean|total|sum|median|typical)\s+(?:(?:customer|client)s?['’]?\s+)?(?:first|1st)[\s-]+(?:order|purchase)[\s-]+(?:value|amount|size|spend|total|revenue)s?\b|\b(?:biggest|largest|smallest|highest|lowest|max(?:imum)?|min(?:imum)?)\s+(?:(?:customer|client)s?['’]?\s+)?(?:first|1st)[\s-]+(?:order|purchase)\b|\b(?:revenue|sales|spend|amount|value)\s+(?:from|of|on|in)\s+(?:the\s+)?(?:(?:customer|client)s?['’]\s*|their\s+)(?:very\s+)?(?:first|1st)[\s-]+(?:orders|purchases)\b/i;

export type EntityReading = { kind: 'plan'; plan: Plan } | { kind: 'refuse'; reason: string } | undefined;

/**
 * The per-entity reading of a question standing alone, or undefined to leave it to the ordinary reading.
 * `read` is that reading (a plan for a question, or none) and `periodOf` reads a period's words.
 */
export function readPerEntity(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
  periodOf: (text: string, cube: CatalogCube) => Period | undefined,
): EntityReading {
  for (const cube of catalog) {
    const retention = readRetention(question, cube, (text) => periodOf(text, cube));
    if (retention) return { kind: 'plan', plan: retention };
  }
  if (FIRST_ROWS_TOTALLED.test(question))
    return {
      kind: 'refuse',
      reason:
        'I can count customers by what their first order was (its category, region or status), but not total or average the first orders themselves',
    };
  const stripped = withoutFirstRow(question);
  if (!stripped) return undefined;
  const plan = read(
    stripped,
    catalog.filter((c) => entityRows(c) !== undefined),
  );
  const first = plan ? firstRowPlan(plan) : undefined;
  return first ? { kind: 'plan', plan: first } : undefined;
}

const OVER: Record<string, string> = {
  above: 'more than',
  over: 'more than',
  'more than': 'more than',
  'greater than': 'more than',
  exceeding: 'more than',
  exceeds: 'more than',
  tops: 'more than',
  top: 'more than',
  'higher than': 'more than',
  below: 'less than',
  under: 'less than',
  'less than': 'less than',
  'lower than': 'less than',
  'fewer than': 'less than',
  'at least': 'at least',
  'at most': 'at most',
};
/**
 * "customers whose lifetime spend is above $32,500", "clients with a total order count over 70": a condition on
 * each customer's own total over all their rows (a HAVING), said the way the per-entity reading takes it
 * ("customers who spent more than $32,500 in total", "customers who placed more than 70 orders").
 */
export function lifetimeCondition(question: string): string | undefined {
  const m =
    /\b(customers?|clients?|buyers?|shoppers?|accounts?)\s+(?:whose\s+|with\s+(?:an?\s+)?|that\s+have\s+(?:an?\s+)?|who\s+have\s+(?:an?\s+)?)(?:(lifetime|total|all[\s-]time|overall|cumulative)\s+)?(spend|spending|revenue|sales|order\s+count|number\s+of\s+orders|orders)\s+(?:is\s+|was\s+|are\s+|of\s+)?(above|over|more\s+than|greater\s+than|exceeding|exceeds|tops?|higher\s+than|below|under|less\s+than|lower\s+than|fewer\s+than|at\s+least|at\s+most)\s+(\$?\s?[\d,.]+\s?k?)(?:\s*(?:dollars|usd|bucks)\b)?/i.exec(
      question,
    );
  if (!m) return undefined;
  const [all, who = 'customers', span, what = '', op = '', n = ''] = m;
  const counted = /order|orders/i.test(what);
  // Without "lifetime" or "total", "customers with revenue over $500" or "with orders over 50" may mean one row's
  // amount: left as asked; so is a money figure after "orders" ("orders over $500").
  if (!span && !/count|number/i.test(what)) return undefined;
  if (counted && /\$|k$/i.test(n.trim())) return undefined;
  const comparison = OVER[op.toLowerCase().replace(/\s+/g, ' ')] ?? 'more than';
  const said = counted
    ? `${who} who placed ${comparison === 'less than' ? 'fewer than' : comparison} ${n.trim()} orders`
    : `${who} who spent ${comparison} ${n.trim()} in total`;
  return question.replace(all, said);
}

/**
 * "how many customers ordered in December 2023?" then "what % of them also ordered in December 2025?": the
 * previous question's customers (a count of them over a period of their orders) named again in full, so the
 * follow-up reads as one retention question. Undefined for any other previous question.
 */
export function retentionFollowUp(previous: Plan, question: string): string | undefined {
  const rows = entityRows(previous.cube);
  const [measure, ...others] = previous.measures;
  if (!rows || !measure || others.length > 0 || !countsEntities(measure, rows)) return undefined;
  if (!previous.range || previous.timeDimension !== rows.time || previous.range.relative) return undefined;
  if (previous.dimensions.length > 0 || previous.filters.length > 0 || previous.numberFilters.length > 0)
    return undefined;
  if (previous.perEntity || previous.first || previous.having || previous.top || previous.compare)
    return undefined;
  const them = /\b(?:of\s+)?(?:them|those|these)(?:\s+(?:customers|clients|buyers|people))?\b/i;
  if (!them.test(question)) return undefined;
  return question.replace(them, `of the customers who ordered in ${previous.range.label}`);
}

/**
 * Whether a reading is rows counted and nothing more (no ranking, share, condition, change, window, compared or
 * broken-down periods): what the day readers (days-to-first.ts, days-between.ts) read the rest of their question as.
 */
export function plainCount(plan: Plan): boolean {
  const [measure, ...others] = plan.measures;
  if (others.length > 0 || measure?.aggType !== 'count' || plan.numberFilters.length > 0) return false;
  if (plan.grain) return false;
  return !secondOrder(plan, ['reach', 'distribution', 'byFirstOrder', 'overall', 'missing']);
}
