/**
 * The compositional cohort reader (issue 29; README, "Evaluating the analyst", cohorts): a question is read as a
 * cohort definition x an outcome x measures, each part by its role, and compiled to one query (cohort-sql.ts).
 * - cohort: by signup date ("joined in summer 2022 (June through August)", "the Q1 2022 signups"), by the last
 *   order's date ("whose most recent order was in Q3 2025"), by the first
 *   order's date ("first order before Feb 2023", "waited until April 2023 or later before placing their first
 *   order") or by an attribute of the first order ("whose very first order was returned", "grocery as their first
 *   order"), with any period form of cohort-periods.ts;
 * - outcome: the rows that count for each member (a period, "since", "within 30 days of their first order", "in
 *   their first 3 months") and what a member did with them (ordered, came back, ordered at least N times, had an
 *   order returned, did not order), or their total spend or order count;
 * - measures: how many, what share of the cohort, what share of all customers, the total, the average per member,
 *   orders per member.
 * Every word of the question must be one of these roles or a filler; otherwise the reader leaves the question to
 * the other readings (which answer or refuse it).
 */

import type { CatalogCube, CatalogMember } from './catalog';
import { cohortBreakdown, perMember } from './cohort-by';
import { findOutcome, valueAt } from './cohort-outcomes';
import { cohortPeriod, namedPeriod, restatedMonths } from './cohort-periods';
import { cohortYearsSaid } from './cohort-relative';
import { againstRest, cohortsVersus, withoutComparison } from './cohort-versus';
import { entityRows, ofEntity } from './per-entity';
import type { CohortMeasure, CohortReading, NumberFilter, Period, Plan, ValueFilter } from './plan';
import { startDate } from './readings';
import { STOPWORDS } from './text';

/** The question as the reader's patterns read it: lower case, plain spaces, common slips and forms made one. */
export function normalise(question: string): string {
  return ` ${question} `
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/%/g, ' percent ')
    .replace(/\$/g, ' ')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/\s'(\d\d)\b/g, ' 20$1')
    .replace(/\b(?:frist|fisrt|firts)\b/g, 'first')
    .replace(/\b1st\b/g, 'first')
    .replace(/\b2nd\b/g, 'second')
    .replace(/\b(?:custmers|cusotmers|customrs|custoemrs|cutomers|costumers|custs)\b/g, 'customers')
    .replace(/\bthru\b/g, 'through')
    .replace(/\bfirst[\s-]+ever\b/g, 'first')
    .replace(/\bfirst[\s-]+timers?\b/g, 'first time buyers')
    .replace(/\bfirst-time\b/g, 'first time')
    .replace(/\bsign-ups?\b/g, (m) => m.replace('-', ' '))
    .replace(/(\w)-(\w)/g, '$1 $2')
    .replace(/\b(was|were|is|are|has|have)n't\b/g, '$1 not')
    .replace(/[^a-z0-9+.\s]|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const FIRST_ROW =
  '(?:(?:their|a|the|his|her|its)\\s+)?(?:very\\s+)?first\\s+(?:order|purchase|buy|transaction)s?';

interface Span {
  at: number;
  end: number;
}
type Cohort = CohortReading['cohort'];

/** The cohort definition of a question, with the span it takes; undefined when it names none. */
type Found = {
  cohort: Cohort;
  span: Span;
  firstIn?: { period: Period; span: Span };
  /** A second cohort of the same kind set against the first ("Q4 2022 signups vs Q1 2022 ones"). */
  versus?: { period: Period; span: Span };
  /** The period's own words, as said ("in june 2023 or after"). */
  periodSaid?: string;
  /** The words of a first row's attribute or amount that narrows a signup cohort ("and first order over 300"). */
  narrowed?: Span;
};

function findCohort(
  text: string,
  rows: ReturnType<typeof entityRows>,
  attrs: CatalogMember[],
): Found | 'two' | undefined {
  if (!rows) return undefined;
  const found: Found[] = [];
  const after = (verb: RegExp, by: Cohort['by']) => {
    for (const m of text.matchAll(verb)) {
      const at = m.index ?? 0;
      const start = at + m[0].length;
      const p = cohortPeriod(text.slice(start)) ?? yearCarried(text.slice(start), found, by);
      if (!p) continue;
      found.push({
        cohort: { by, period: p.period },
        span: { at, end: start + p.length },
        periodSaid: text.slice(start, start + p.length),
      });
      // ("joined in H1 2022 compared with the second half": the period set against it is a cohort of the same kind.)
      const listed = LISTED_AGAINST.exec(text.slice(start + p.length));
      if (!listed) continue;
      const from = start + p.length + listed[0].length;
      // (Only a part said without its year: "signed up in H1 2022 vs H2 2022" is the ordinary reading's as well.)
      const q = yearCarried(text.slice(from), found, by);
      if (q) found.push({ cohort: { by, period: q.period }, span: { at: from, end: from + q.length } });
    }
  };
  if (rows.start) {
    after(
      /\b(?:signed up|signed on|sign ups?|signups?|joined(?: us)?|registered|registrations?|onboarded|were onboarded|were acquired|acquired|came on board|became customers|signup date(?: (?:was|is|fell))?)\s+/g,
      'start',
    );
  }
  after(
    new RegExp(
      `\\b${FIRST_ROW}(?:\\s+date)?(?:\\s+(?:was|were|is|came|fell|happened|landed|placed))?\\s+`,
      'g',
    ),
    'first',
  );
  after(
    /\b(?:placed|made|put in|had)\s+(?:their|a|the)\s+(?:very\s+)?first\s+(?:order|purchase)s?\s+/g,
    'first',
  );
  after(/\bfirst\s+(?:ordered|bought|purchased|shopped)\s+/g, 'first');
  // "whose last order was in 2024", "had their most recent order before October 2025", "who last ordered in Q3
  // 2025": only with the member's own "whose"/"their"/"who" ("the last order in 2025" is one order, not a cohort).
  after(
    /\b(?:whose|their)\s+(?:very\s+)?(?:most\s+recent|latest|last|final)\s+(?:order|purchase|transaction)(?:\s+date)?(?:\s+(?:was|is|came|fell|happened|landed))?(?:\s+placed)?\s+/g,
    'last',
  );
  after(/\bwho\s+(?:last|most\s+recently)\s+(?:ordered|bought|purchased|shopped)\s+/g, 'last');
  after(/\b(?:ordered|bought|purchased|shopped)\s+for\s+the\s+first\s+time\s+/g, 'first');
  after(/\bstarted\s+(?:buying|ordering|shopping)(?:\s+with\s+us)?\s+/g, 'first');
  // "waited until April 2023 or later before placing their first order"
  for (const m of text.matchAll(
    /\bwaited\s+(.+?)\s+(?:before|to)\s+(?:placing|making|place|make)\s+(?:their|a|the)\s+(?:very\s+)?first\s+(?:order|purchase)\b/g,
  )) {
    const p = cohortPeriod(m[1] ?? '');
    if (p && p.length === (m[1] ?? '').length)
      found.push({
        cohort: { by: 'first', period: p.period },
        span: { at: m.index ?? 0, end: (m.index ?? 0) + m[0].length },
      });
  }
  // "the Q1 2022 signups", "Q1 2023 first time buyers", "jan 2023 first time buyers"
  for (const m of text.matchAll(/\b/g)) {
    const at = m.index ?? 0;
    const p = namedPeriod(text.slice(at));
    if (!p) continue;
    const noun =
      /^\s+(?:(sign ups?|signups?|joiners|registrants)|(first time (?:buyers|customers|shoppers|purchasers)))\b/.exec(
        text.slice(at + p.length),
      );
    if (!noun || (noun[1] && !rows.start)) continue;
    let end = at + p.length + noun[0].length;
    // "our autumn 2022 signups (sept thru nov)": the months restated after the noun say the season's span.
    const restated = restatedMonths(text.slice(end), p.period);
    if (restated) end += restated.length;
    found.push({
      cohort: { by: noun[1] ? 'start' : 'first', period: restated?.period ?? p.period },
      span: { at, end },
    });
  }
  // An attribute of the first row: "whose first order was furniture", "had their very first order returned".
  for (const m of text.matchAll(new RegExp(`\\b${FIRST_ROW}\\s+`, 'g'))) {
    const at = m.index ?? 0;
    const v = valueAt(text.slice(at + m[0].length), attrs);
    if (!v) continue;
    let end = at + m[0].length + v.length;
    const p = cohortPeriod(text.slice(end).trimStart());
    const cohort: Cohort = { by: 'first', attr: v.filter };
    if (p) {
      cohort.period = p.period;
      end += text.slice(end).length - text.slice(end).trimStart().length + p.length;
    }
    found.push({ cohort, span: { at, end } });
  }
  // A bound on the first row's amount: "whose first purchase was under 100", "had a first order over 500".
  for (const m of text.matchAll(new RegExp(`\\b${FIRST_ROW}\\s+`, 'g'))) {
    const at = m.index ?? 0;
    const bound = amountBoundAt(text.slice(at + m[0].length));
    if (!bound) continue;
    found.push({
      cohort: { by: 'first', firstAmount: bound.bound },
      span: { at, end: at + m[0].length + bound.length },
    });
  }
  for (const m of text.matchAll(
    /\b(?:an?|their|the)\s+(\w+(?:\s\w+)?)\s+(?:very\s+)?first\s+(?:order|purchase)\b/g,
  )) {
    const v = valueAt(m[1] ?? '', attrs);
    if (v && v.length === (m[1] ?? '').length)
      found.push({
        cohort: { by: 'first', attr: v.filter },
        span: { at: m.index ?? 0, end: (m.index ?? 0) + m[0].length },
      });
  }
  for (const m of text.matchAll(
    /\b(?:had\s+)?(\w+(?:\s\w+)?)\s+as\s+(?:their|the|a)\s+(?:very\s+)?first\s+(?:order|purchase)\b/g,
  )) {
    const words = m[1] ?? '';
    const v = valueAt(words.replace(/^had\s+/, ''), attrs);
    if (v && v.length === words.replace(/^had\s+/, '').length)
      found.push({
        cohort: { by: 'first', attr: v.filter },
        span: { at: m.index ?? 0, end: (m.index ?? 0) + m[0].length },
      });
  }
  if (found.length === 0) return undefined;
  // The widest reading wins; two cohorts that do not overlap are two definitions (not read).
  found.sort((a, b) => b.span.end - b.span.at - (a.span.end - a.span.at));
  const [best, ...others] = found;
  if (!best) return undefined;
  // (A reading inside a wider one apart from the best, "2022 signups" inside "dec 2022 signups", is that one's.)
  const outside = others.filter((o) => o.span.end <= best.span.at || o.span.at >= best.span.end);
  const apart = outside.filter(
    (o) =>
      !outside.some(
        (w) =>
          w !== o &&
          w.span.at <= o.span.at &&
          w.span.end >= o.span.end &&
          w.span.end - w.span.at > o.span.end - o.span.at,
      ),
  );
  if (apart.length === 0) return best;
  // "of the people who registered in Q2 2022, how many placed their first order before Feb 2023": a signup
  // cohort, and a first order's period said after it as what its members did.
  const [signup, first] = [best, ...apart].sort((a, b) => a.span.at - b.span.at);
  if (
    apart.length === 1 &&
    signup?.cohort.by === 'start' &&
    first?.cohort.by === 'first' &&
    first.cohort.period &&
    !first.cohort.attr &&
    !first.cohort.firstAmount
  )
    return { ...signup, firstIn: { period: first.cohort.period, span: first.span } };
  // ("signed up in Q1 2022 and first order over 300", "joined in H2 2022 whose first order was returned": a signup
  // cohort narrowed to those whose first row has the attribute or amount.)
  if (
    apart.length === 1 &&
    signup?.cohort.by === 'start' &&
    signup.cohort.period &&
    !signup.firstIn &&
    first?.cohort.by === 'first' &&
    !first.cohort.period &&
    (first.cohort.attr || first.cohort.firstAmount)
  )
    return {
      ...signup,
      cohort: {
        ...signup.cohort,
        ...(first.cohort.attr ? { attr: first.cohort.attr } : {}),
        ...(first.cohort.firstAmount ? { firstAmount: first.cohort.firstAmount } : {}),
      },
      narrowed: first.span,
    };
  // "did Q3 2022 signups spend more per customer than Q1 2022 signups": two cohorts of one kind set against
  // each other, each its own row (cohort-versus.ts).
  const versus = apart.length === 1 ? cohortsVersus(text, signup, first) : undefined;
  if (versus) return versus;
  return 'two';
}

const BOUND_WORDS: [RegExp, NumberFilter['op']][] = [
  [/^(?:over|above|more\s+than|greater\s+than|higher\s+than|bigger\s+than|larger\s+than)$/, '>'],
  [/^(?:under|below|less\s+than|lower\s+than|smaller\s+than)$/, '<'],
  [/^(?:at\s+least|no\s+less\s+than)$/, '>='],
  [/^(?:at\s+most|no\s+more\s+than)$/, '<='],
];

/**
 * A bound on an amount said at the start of `text` ("was over 500", "of at least 1.5k", "under 100"); a number of
 * days, orders or items ("more than 30 days after signing up") is no amount.
 */
function amountBoundAt(
  text: string,
): { bound: { op: NumberFilter['op']; value: number }; length: number } | undefined {
  const m =
    /^(?:(?:was|were|is|of|worth|that\s+was|came\s+to|totall?ed)\s+)?(over|above|more\s+than|greater\s+than|higher\s+than|bigger\s+than|larger\s+than|under|below|less\s+than|lower\s+than|smaller\s+than|at\s+least|no\s+less\s+than|at\s+most|no\s+more\s+than)\s+(\d+(?:\.\d+)?)(k)?(?:\s+dollars)?(?=\s|$)(?!\s+(?:days?|weeks?|months?|years?|hours?|orders?|purchases?|times|items?|units?|percent)\b)/.exec(
      text,
    );
  const op = BOUND_WORDS.find(([words]) => words.test(m?.[1] ?? ''))?.[1];
  if (!m || !op) return undefined;
  const value = Number(m[2]) * (m[3] ? 1000 : 1);
  return { bound: { op, value }, length: m[0].length };
}

/** A comparison word right after a cohort's period, before the period set against it. */
const LISTED_AGAINST = /^\s+(?:vs|versus|compared\s+(?:to|with)|against)\s+/;

/** A part of a year said without its year ("the second half", "q3", "the first quarter"). */
const YEARLESS_PART =
  /^(?:in\s+|during\s+)?(?:the\s+)?(?:(?:first|second|last)\s+half|h[12]|q[1-4]|(?:first|second|third|fourth|last)\s+quarter)(?=\s|$)/;

/**
 * "joined in the first half of 2022 compared with those who joined in the second half": a part of a year said
 * without its year after a cohort of the same kind in one year takes that year (cohort-versus.ts then sets the two
 * against each other); undefined otherwise.
 */
function yearCarried(
  rest: string,
  found: readonly Found[],
  by: Cohort['by'],
): { period: Period; length: number } | undefined {
  const part = YEARLESS_PART.exec(rest);
  const earlier = found.filter((f) => f.cohort.by === by && f.cohort.period).at(-1)?.cohort.period;
  if (!part || !earlier) return undefined;
  const year = earlier.from.slice(0, 4);
  if (earlier.to > `${Number(year) + 1}-01-01`) return undefined;
  const said = `${part[0]} ${year}`;
  const p = cohortPeriod(said);
  return p && p.length === said.length ? { period: p.period, length: part[0].length } : undefined;
}

/** "of all customers", "of my customers", "of the customer base": the whole a share is of. */
const ALL_SOURCE = String.raw`\b(?:of|among)\s+(?:all\s+(?:(?:of\s+)?(?:my|our|the)\s+)?customers|(?:my|our)\s+customers|the\s+(?:whole\s+|entire\s+)?customer\s+base|all\s+(?:the\s+)?customers|everyone|all\s+of\s+them)\b`;
const SHARE = /\b(?:percent|pct|percentage|share|proportion|fraction|rate|ratio)\b/;
const AVG =
  /\b(?:avg|average|mean|per\s+(?:customer|head|person|capita|buyer|client)|on\s+average|each\s+on\s+average)\b/;
const COUNT = /\b(?:how\s+many|number\s+of|count(?:\s+of)?|headcount|no\s+of)\b/;
/** Scope words the asker's access rules already hold ("in my region", "of my customers"). */
const SCOPE =
  /\b(?:in|for|within|across|from)\s+(?:my|our)\s+(?:region|territory|area|patch|book|accounts|customers|customer\s+base)\b/g;

const FILLER = new Set([
  ...STOPWORDS,
  ...'customer customers client clients buyer buyers shopper shoppers people person folks folk users them they those these ones group cohort who whose with us we have has been did do does is was were that so then also still just ever total altogether overall in since much many what how and percent there here please pls thanks again anything something at all just exactly having had their s whats whose overall'.split(
    ' ',
  ),
]);

export type CohortRead = { kind: 'plan'; plan: Plan } | { kind: 'refuse'; reason: string } | undefined;

/** A span counted from each customer's first order ("within 30 days of their first order", "in their first 3 months"). */
const FROM_FIRST =
  /\b(?:within\s+(?:\d+|a|one|two|three|six)\s+(?:days?|weeks?|months?)\s+(?:of|after|from)\s+(?:their|the)\s+first\s+(?:order|purchase)|in\s+their\s+first\s+(?:\d+|a|one|two|three|six|twelve|thirty|ninety)\s+(?:days?|weeks?|months?))\b/;

/** Customers who did nothing in a period ("customers who didn't order in October 2025"): every customer is the cohort. */
const NONE_OF_EVERY =
  /\b(?:customers|clients|buyers|accounts|shoppers)\s+(?:(?:in\s+each|in\s+every|for\s+each|per|by)\s+[a-z]+\s+)?(?:(?:who|that)\s+)?(?:(?:did not|have not|has not|had not|never)\s+(?:order(?:ed)?|buy|bought|purchased?|shop(?:ped)?|place(?:d)?|made)|(?:had|have|has|placed|made)\s+no\s+(?:orders?|purchases?))\b/;

/** The row attributes a first row or an outcome can be filtered on: the rows' own string dimensions. */
export const rowAttributes = (cube: CatalogCube, rows: NonNullable<ReturnType<typeof entityRows>>) =>
  cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'string' && m.values.length > 0 && !ofEntity(rows, m),
  );

/** The measures of a signup cohort whose outcome is a first order's period: how many, or what share. */
function firstDateOutcome(
  rest: string,
  period: Period,
): Pick<CohortReading, 'window' | 'test' | 'measures'> | undefined {
  const read = readOutcome(rest, []);
  if (!read || read.test || read.entityFilters || read.window.period || read.window.within) return undefined;
  const measures = read.measures.map((m) => (m === 'share-all' ? 'share' : m));
  if (!measures.every((m) => m === 'count' || m === 'share')) return undefined;
  return { window: {}, test: { firstIn: period }, measures };
}

/** A breakdown said beside a cohort ("by region", "per month", "for each category"), not an average's "per head". */
function brokenDown(rest: string, cube: CatalogCube): boolean {
  const m =
    /\b(?:by|per|each|every|broken\s+(?:out|down)\s+by|split\s+by|for\s+each|across)\s+(?:the\s+|their\s+)?([a-z]+)/.exec(
      rest,
    );
  const word = m?.[1]?.replace(/s$/, '') ?? '';
  if (!word || /^(?:customer|head|person|capita|buyer|client|member)$/.test(word)) return false;
  if (['day', 'week', 'month', 'quarter', 'year'].includes(word)) return true;
  return cube.members.some(
    (member) => member.kind === 'dimension' && [...member.titleWords, ...member.otherWords].includes(word),
  );
}

/** The entity's own string attributes with known values (its segment). */
const entityAttributes = (cube: CatalogCube, rows: NonNullable<ReturnType<typeof entityRows>>) =>
  cube.members.filter(
    (m) =>
      m.kind === 'dimension' &&
      m.type === 'string' &&
      m.values.length > 0 &&
      ofEntity(rows, m) &&
      m !== rows.entity,
  );

/**
 * Whether a cohort's outcome can be given per group: any, when each member stands in one group; only counts and
 * figures of the rows (no test of a member's rows, no share), when a member stands in each group of their rows, or
 * a count of those with no rows in a window, which is tested over all of each member's rows (cohort-sql.ts).
 */
function brokenDownSound(
  read: Pick<CohortReading, 'test' | 'measures' | 'entityFilters'>,
  oneGroup: boolean,
) {
  if (read.entityFilters) return false;
  if (oneGroup) return true;
  if (read.test && 'none' in read.test) return read.measures.every((m) => m === 'count');
  return !read.test && read.measures.every((m) => m !== 'share' && m !== 'share-all');
}

/** The row's amount: a number dimension with money format, else one titled amount. */
export const amountOf = (cube: CatalogCube) =>
  cube.members.find((m) => m.kind === 'dimension' && m.type === 'number' && m.format === 'currency') ??
  cube.members.find((m) => m.kind === 'dimension' && m.type === 'number' && m.titleWords.includes('amount'));

/**
 * The cohort reading of a question standing alone: a plan when every part is read, a refusal when the question
 * clearly defines a cohort but crosses it with what this reader cannot compile, undefined to leave it alone.
 */
export function readCohort(question: string, catalog: readonly CatalogCube[], today: string): CohortRead {
  const read = readCohortAlone(question, catalog, today);
  // ("the whales vs the rest": a group set against everyone else that no cohort here defines is never answered
  // with the group left out.)
  if (!read && againstRest(normalise(question))) return { kind: 'refuse', reason: AGAINST_UNREAD };
  return read;
}

function readCohortAlone(question: string, catalog: readonly CatalogCube[], today: string): CohortRead {
  // ("how many bought electronics last year": the year it names, cohort-relative.ts.)
  const said = cohortYearsSaid(normalise(question), today);
  // ("late starters vs everyone else": the cohort and the rest, each its own row, cohort-versus.ts.)
  const withoutRest = againstRest(said);
  const text = withoutRest ?? said;
  for (const cube of catalog) {
    const rows = entityRows(cube);
    const amount = amountOf(cube);
    if (!rows || !amount) continue;
    const attrs = rowAttributes(cube, rows);
    // ("how many customers ordered again within 30 days of their first order": every customer is the cohort;
    // "customers who didn't order in October 2025": so is every customer.)
    const own = findCohort(text, rows, attrs);
    const every = !own && !withoutRest && (FROM_FIRST.test(text) || NONE_OF_EVERY.test(text));
    const found: typeof own =
      own ?? (every ? { cohort: { by: 'first' }, span: { at: 0, end: 0 } } : undefined);
    if (!found) continue;
    // ("signed up in Q1 2022 and first ordered in Feb 2023": two definitions at once, which no reading holds.)
    if (found === 'two')
      return {
        kind: 'refuse',
        reason:
          "I can answer for one cohort at a time (by signup date, by the first order's date, or by what the first order was), not for two definitions together",
      };
    const firstIn = found.firstIn;
    const spans = [
      found.span,
      ...(firstIn ? [firstIn.span] : []),
      ...(found.narrowed ? [found.narrowed] : []),
      ...(found.versus ? [found.versus.span] : []),
    ].sort((a, b) => a.at - b.at);
    let rest = text;
    for (const span of [...spans].reverse()) rest = `${rest.slice(0, span.at)} ${rest.slice(span.end)}`;
    if (found.versus) rest = withoutComparison(rest);
    // ("customers whose last order was before July 2025: how many per region?": the cohort's figures per value,
    // cohort-by.ts; a signup date is every row's, which the ordinary reading breaks down as it is.)
    // ("how many customers in each region had no orders in Q4 2025": every customer is the cohort, counted per
    // value the same way.)
    const split =
      (own || every) &&
      own !== 'two' &&
      !firstIn &&
      !found.versus &&
      !found.cohort.attr &&
      !found.cohort.firstAmount &&
      found.cohort.by !== 'start'
        ? cohortBreakdown(rest, cube, rows)
        : undefined;
    const read = firstIn
      ? firstDateOutcome(rest, firstIn.period)
      : readOutcome(split?.rest ?? rest, attrs, entityAttributes(cube, rows));
    if (split && read && !brokenDownSound(read, perMember(rows, split.member))) return undefined;
    // ("revenue by region from customers whose first order was in January 2023": a cohort's figure broken down.)
    // (A signup date is a column of every row: the ordinary reading filters and breaks it down as it is.)
    if (!read && found.cohort.by === 'first' && brokenDown(rest, cube))
      return {
        kind: 'refuse',
        reason:
          "I can give a cohort's figures as one total, share or average, but not broken down by another field",
      };
    if (!read) return undefined;
    // ("customers who didn't order in October 2025": no order at all in a period; "never bought toys" is the
    // ordinary reading's, entity-conditions.ts.)
    if (every && !FROM_FIRST.test(text) && !(read.test && 'none' in read.test && !read.window.filter))
      return undefined;
    // ("how many customers joined in 2024": a signup count with no outcome is the ordinary reading's, which counts
    // every signup, with orders or not.)
    // (Narrowed by the first row, "signed up in Q1 2022 and first order over 300", the count is this reader's.)
    if (
      found.cohort.by === 'start' &&
      !found.cohort.attr &&
      !found.cohort.firstAmount &&
      !read.test &&
      read.measures.every((m) => m === 'count' || m === 'share-all')
    )
      return undefined;
    // (A period after today is the future: left to the ordinary reading, which refuses it.)
    if ([found.cohort.period, read.window.period].some((p) => p !== undefined && p.from > today))
      return undefined;
    // (A cohort of what the first order was, "first order over $900 vs the rest", is set against the members whose
    // first order was not.)
    const defined = found.cohort.period || found.cohort.firstAmount || found.cohort.attr;
    if (withoutRest && (found.versus || firstIn || !defined))
      return { kind: 'refuse', reason: AGAINST_UNREAD };
    const cohort = found.versus
      ? { ...found.cohort, versus: found.versus.period }
      : withoutRest
        ? { ...found.cohort, rest: true as const }
        : found.cohort;
    if (withoutRest && split) return { kind: 'refuse', reason: AGAINST_UNREAD };
    const plan = cohortPlan(cube, rows, amount, cohort, read);
    if (split && plan.perEntity?.kind === 'cohort') plan.perEntity.by = split.member;
    return { kind: 'plan', plan };
  }
  return undefined;
}

const AGAINST_UNREAD =
  'I can set a cohort against everyone else when it is defined by a date (signup, first order or last order in a period) or by what its first order was, with figures I can read for both, not this one';

/** The outcome and measures of the words beside a cohort, or undefined when any word is not read. */
export function readOutcome(
  said: string,
  attrs: CatalogMember[],
  entityAttrs: CatalogMember[] = [],
): Pick<CohortReading, 'window' | 'test' | 'measures' | 'entityFilters'> | undefined {
  // "enterprise customers who ...": a value of the entity's own attribute narrows who is counted at all.
  let rest = said;
  const entityFilters: ValueFilter[] = [];
  for (const member of entityAttrs)
    for (const value of member.values) {
      const pattern = new RegExp(`\\b${value.toLowerCase().replace(/\s+/g, '\\s+')}\\b`, 'g');
      if (!pattern.test(rest)) continue;
      entityFilters.push({ member, values: [value], negate: false });
      rest = rest.replace(pattern, ' ');
    }
  if (entityFilters.length > 1) return undefined;
  const read = readParts(rest, attrs);
  return read && entityFilters.length > 0 ? { ...read, entityFilters } : read;
}

/** "lifetime revenue", "total lifetime spend", "everything they have ever spent", "all they ever spent". */
const LIFETIME_SPEND =
  /\b(?:(?:total\s+)?(?:lifetime|all\s+time)\s+(?:revenue|spend|spending|sales|value)|(?:everything|all)\s+(?:that\s+)?(?:the\s+)?(?:they|[a-z0-9]+\s+[a-z0-9]+\s+signups|[a-z0-9]+\s+signups)?\s*(?:have\s+|has\s+|had\s+)?(?:ever\s+)?spent(?:\s+ever)?)\b/;
/**
 * An average order's words ("AOV", "average order value", "avg basket size"): the spend over the orders ("average
 * orders per customer" is a count per member).
 */
const AOV_WORDS = /\b(?:aov|(?:average|avg|mean)\s+(?:order|basket|ticket)(?:\s+(?:value|size|amount)s?)?)\b/;

function readParts(
  said: string,
  attrs: CatalogMember[],
): Pick<CohortReading, 'window' | 'test' | 'measures'> | undefined {
  // ("what share of the lifetime revenue from ... came in 2024", "of everything they have ever spent, what share was
  // spent in 2023": the window's spend as a share of all the members' spend.)
  // (The period it came in said with the spend: "spend in 2024".)
  const came =
    /\b(?:came|come|was\s+spent|were\s+spent|was\s+made|fell|landed)\s+(?:(?:in|during)\s+)?((?:q[1-4]\s+|h[12]\s+|[a-z]+\s+)?20\d\d)\b/.exec(
      said,
    );
  const life = SHARE.test(said) && LIFETIME_SPEND.test(said) && came !== null;
  const lifeless =
    life && came
      ? said
          .replace(came[0], ' ')
          .replace(LIFETIME_SPEND, ` spend in ${came[1]} `)
          .replace(/\bas\s+an?\s+(?=percent|percentage|share)/g, ' ')
      : said;
  // (Read as the group's spend, then divided by its orders, not by its members.)
  const aov = AOV_WORDS.test(lifeless);
  const rest = aov ? lifeless.replace(AOV_WORDS, ' spend ') : lifeless;
  const outcome = findOutcome(rest, attrs);
  if (outcome === 'unread') return undefined;
  let left = outcome
    ? `${outcome.said.slice(0, outcome.span.at)} ${outcome.said.slice(outcome.span.end)}`
    : rest;
  left = left.replace(SCOPE, ' ');
  const all = new RegExp(ALL_SOURCE).test(left);
  left = left.replace(new RegExp(ALL_SOURCE, 'g'), ' ');
  const share = SHARE.test(left);
  const avg = AVG.test(left) || outcome?.avg === true;
  const count = COUNT.test(left);
  for (const r of [SHARE, AVG, COUNT]) left = left.replace(new RegExp(r.source, 'g'), ' ');
  const words = left.split(/\s+/).filter((w) => w && !FILLER.has(w));
  if (words.length > 0) return undefined;
  const measures: CohortMeasure[] = [];
  if (!outcome) {
    if (count || (!share && !avg)) measures.push('count');
    if (share) measures.push('share-all');
    if (avg) return undefined;
    return { window: {}, measures };
  }
  const { window, test } = outcome;
  if (life) {
    // (Only the spend of one period of the whole: no count, average or test beside it.)
    if (outcome.kind !== 'spend' || !window.period || window.afterFirst || window.within || window.filter)
      return undefined;
    if (count || avg || aov || outcome.test) return undefined;
    return { window, measures: ['share-life'] };
  }
  if (outcome.kind === 'spend' || outcome.kind === 'orders') {
    if (share || (aov && (avg || outcome.kind !== 'spend'))) return undefined;
    if (count) measures.push('count');
    const figure: CohortMeasure = aov
      ? 'aov'
      : outcome.kind === 'spend'
        ? avg
          ? 'avg'
          : 'sum'
        : avg || /per\s/.test(rest)
          ? 'orders-avg'
          : 'orders';
    measures.push(figure);
    return { window, measures };
  }
  // A test on each member's rows: "ordered" with no period and no span is every member (not read).
  if (
    test &&
    'min' in test &&
    test.min === 1 &&
    !window.period &&
    !window.afterFirst &&
    !window.within &&
    !window.filter
  )
    return undefined;
  if (avg) return undefined;
  if (count || !share) measures.push('count');
  if (share) measures.push(all ? 'share-all' : 'share');
  // (A first row's test never reaches before the cohort: "came back" is a row after the first.)
  return { window, ...(test ? { test } : {}), measures };
}

export function cohortPlan(
  cube: CatalogCube,
  rows: NonNullable<ReturnType<typeof entityRows>>,
  amount: CatalogMember,
  cohort: Cohort,
  read: Pick<CohortReading, 'window' | 'test' | 'measures'>,
): Plan {
  const measure =
    cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count_distinct') ??
    cube.members.find((m) => m.kind === 'measure');
  return {
    cube,
    measures: measure ? [measure] : [],
    dimensions: [],
    filters: [],
    numberFilters: [],
    timeDimension: rows.time,
    perEntity: { kind: 'cohort', rows, amount, cohort, ...read },
  };
}

/** "customers", "people", "anyone", "those": the people a definition's words may begin with. */
const PEOPLE_FIRST =
  /^(?:(?:all\s+|the\s+|our\s+|my\s+)?(?:customers|clients|buyers|people|accounts|shoppers|those|anyone|someone)\b)/;

/**
 * A nickname's definition read as a cohort and nothing else ("customers whose first order was in January 2023",
 * "first order in June 2023 or after", "signed up March through May 2022", "their last order was before June
 * 2025"): the words the cohort reader reads it by ("customers whose first order was in june 2023 or after") and the
 * date its query must hold; undefined when any word is not the cohort's (definitions.ts refuses it then).
 */
export function cohortDefinition(
  said: string,
  catalog: readonly CatalogCube[],
): { noun: string; mark: string } | undefined {
  const plain = normalise(said).replace(/^their\s+/, 'whose ');
  const text = ` ${PEOPLE_FIRST.test(plain) ? plain : `customers ${plain}`} `;
  for (const cube of catalog) {
    const rows = entityRows(cube);
    if (!rows) continue;
    const found = findCohort(text, rows, rowAttributes(cube, rows));
    if (
      !found ||
      found === 'two' ||
      found.firstIn ||
      found.versus ||
      found.cohort.attr ||
      found.cohort.firstAmount
    )
      continue;
    const { period } = found.cohort;
    const periodSaid = found.periodSaid?.trim();
    if (!period || !periodSaid) continue;
    const left = `${text.slice(0, found.span.at)} ${text.slice(found.span.end)}`;
    if (left.split(/\s+/).some((w) => w && !FILLER.has(w))) continue;
    const verb =
      found.cohort.by === 'start'
        ? 'who signed up'
        : `whose ${found.cohort.by} order was${/^(?:in|before|after|from|between|since|on|at)\b/.test(periodSaid) ? '' : ' in'}`;
    const mark = period.from !== '0001-01-01' ? period.from : period.to;
    return { noun: `customers ${verb} ${periodSaid}`, mark: `'${mark}'` };
  }
  return undefined;
}

/** A follow-up naming only a period ("and the same for 2025?", "what about 2023", "and in q1 2024?"). */
const ONLY_PERIOD =
  /^\s*(?:(?:and|now|what\s+about|how\s+about)\s+)?(?:(?:the\s+)?same\s+(?:thing\s+)?for\s+|(?:for|in|during)\s+)?(.+?)\s*$/;

/**
 * The previous cohort plan with its window moved to the one period a follow-up names, when that plan's figures are
 * over a window of one period (not "after the first order", not "within 30 days") and the period has begun.
 */
function movedWindow(previous: Plan, question: string, today: string): CohortRead {
  const p = previous.perEntity;
  if (p?.kind !== 'cohort' || !p.window.period || p.window.afterFirst || p.window.within) return undefined;
  const said = ONLY_PERIOD.exec(normalise(question))?.[1] ?? '';
  const named = said ? namedPeriod(said) : undefined;
  if (!named || named.length !== said.length || named.period.from > today) return undefined;
  // ("what about Q2 2022?" after the Q1 2022 signups' spend in 2024: another cohort, or that quarter's orders? A
  // period before the cohort's own ends, or as long as the cohort's and not as the window's, is never read as the
  // window.)
  const cohortEnd = [p.cohort.period?.to, p.cohort.versus?.to]
    .filter((t): t is string => t !== undefined)
    .sort()
    .at(-1);
  const length = (q: Period) => Date.parse(q.to) - Date.parse(q.from);
  const likeCohort =
    p.cohort.period !== undefined &&
    Math.abs(length(named.period) - length(p.cohort.period)) < 5 * 86_400_000 &&
    Math.abs(length(named.period) - length(p.window.period)) >= 5 * 86_400_000;
  if ((cohortEnd && named.period.from < cohortEnd) || likeCohort)
    return {
      kind: 'refuse',
      reason: `I cannot tell whether ${named.period.label} is another cohort or the period of the same cohort's orders: please ask it in full`,
    };
  return {
    kind: 'plan',
    plan: { ...previous, perEntity: { ...p, window: { ...p.window, period: named.period } } },
  };
}

/**
 * The two signup periods a count of customers set against each other ("how many customers signed up in H1 2022 vs
 * H2 2022?"), or undefined.
 */
function comparedSignups(previous: Plan): [Period, Period] | undefined {
  const [a, b, ...more] = previous.compare ?? [];
  if (!a || !b || more.length > 0 || previous.range || previous.perEntity || previous.grain) return undefined;
  if (previous.dimensions.length > 0 || previous.filters.length > 0 || previous.numberFilters.length > 0)
    return undefined;
  if (previous.having || previous.top || previous.share || previous.first) return undefined;
  if (!previous.measures.every((m) => ['count', 'count_distinct'].includes(m.aggType ?? '')))
    return undefined;
  const signup = previous.timeDimension !== undefined && previous.timeDimension === startDate(previous.cube);
  return signup ? [a, b] : undefined;
}

/** A bare breakdown asked after a cohort ("and per segment?", "what about by region?"). */
const BARE_SPLIT =
  /^\s*(?:(?:and|what\s+about|how\s+about)\s+)?(?:per|by|broken\s+down\s+by|split\s+by)\s+([a-z]+(?:\s+[a-z]+)?)\s*[?.]?\s*$/;

/** Words that point back at the previous question's cohort ("they", "that group", "those customers"). */
const BACK =
  /\b(?:they|them|their|those|these|that group|this group|the group|that cohort|this cohort|the cohort|those customers|these customers|each (?:half|quarter|month|group|cohort) s|each of the two|both (?:halves|quarters|months|groups|cohorts))\b/;

/**
 * A follow-up about the previous question's cohort ("how much have they spent since then?", "what share of them
 * ordered in November 2025?"): the new outcome and measures on the same cohort, a refusal when the follow-up
 * points back but is not read (never an answer about other people), undefined when it does not point back.
 */
export function cohortFollowUp(
  previous: Plan,
  question: string,
  today: string,
  catalog: readonly CatalogCube[],
): CohortRead {
  const prior = priorCohort(previous, catalog);
  if (!prior) return undefined;
  // ("and the same for 2025?", "what about 2023?" after a cohort's figures in one period: the same cohorts and
  // figures in that period; read as the ordinary question, the period was added to the old one: "no orders match".)
  const moved = movedWindow(previous, question, today);
  if (moved) return moved;
  // ("and per segment?", "by region?": the same cohort's figures split by a field, as "split them by segment".)
  const said = normalise(question).replace(BARE_SPLIT, 'split them by $1');
  if (!BACK.test(said)) return undefined;
  // ("split them by region, with what they spent in 2024": the cohort's figures per value, cohort-by.ts; "each of
  // those cohorts": the groups of a cohort per period.)
  const split = prior.each ? undefined : cohortBreakdown(said, prior.cube, prior.rows);
  const text = (split?.rest ?? said).replace(
    /\b(?:(?:each|all|both)\s+of\s+)?(?:those|these|the|that|each)\s+(?:(?:two|2|both)\s+)?(?:cohorts?|groups?|halves|quarters)\b|\bsplit\s+(?:them|those)\b|\bwith\b|\beach\s+(?:half|quarter|month|group|cohort)\s+s\b|\beach\s+of\s+the\s+two\b|\bboth\s+(?:halves|quarters|months|groups|cohorts)\b/g,
    ' ',
  );
  const outcome = readOutcome(text, rowAttributes(prior.cube, prior.rows));
  // ("broken down by segment?" after "how many customers placed no orders in Q4 2025": the same test and window per
  // value; read alone, every customer was counted, confidently wrong.)
  const bare =
    split &&
    outcome &&
    !outcome.test &&
    Object.keys(outcome.window).length === 0 &&
    outcome.measures.every((m) => m === 'count');
  const read =
    bare && outcome && prior.test
      ? { ...outcome, test: prior.test, window: prior.window, measures: prior.measures }
      : outcome;
  if (!read || read.entityFilters) return undefined;
  if (read.measures.length === 1 && read.measures[0] === 'count' && !read.test && !split) return undefined;
  if (read.window.period && read.window.period.from > today) return undefined;
  if (split && !brokenDownSound(read, perMember(prior.rows, split.member))) return undefined;
  // (Per period of the cohort's date, the size is every group's own column.)
  const measures = prior.each && !read.test ? read.measures.filter((m) => m !== 'count') : read.measures;
  if (measures.length === 0) return undefined;
  const plan = cohortPlan(prior.cube, prior.rows, prior.amount, prior.cohort, { ...read, measures });
  const p = plan.perEntity;
  if (prior.entityFilters && p?.kind === 'cohort') p.entityFilters = prior.entityFilters;
  if (prior.each && p?.kind === 'cohort') p.each = prior.each;
  if (split && p?.kind === 'cohort') p.by = split.member;
  return { kind: 'plan', plan };
}

/**
 * The cohort a previous plan counted: a cohort reading's own, or an ordinary count of the customers who signed up
 * in a period ("how many customers signed up in Q3 2022?") or whose first order fell in one.
 */
function priorCohort(previous: Plan, catalog: readonly CatalogCube[]) {
  const p = previous.perEntity;
  if (p?.kind === 'cohort')
    return {
      cube: previous.cube,
      rows: p.rows,
      amount: p.amount,
      cohort: p.cohort,
      entityFilters: p.entityFilters,
      each: p.each,
      test: p.test,
      window: p.window,
      measures: p.measures,
    };
  // ("how many customers signed up in H1 2022 vs H2 2022?": the two signup cohorts, side by side.)
  const pair = comparedSignups(previous);
  if (pair) {
    for (const cube of [previous.cube, ...catalog]) {
      const rows = entityRows(cube);
      const amount = amountOf(cube);
      if (!rows?.start || !amount) continue;
      return {
        cube,
        rows,
        amount,
        each: undefined,
        cohort: { by: 'start' as const, period: pair[0], versus: pair[1] },
      };
    }
    return undefined;
  }
  if (p || !previous.range || previous.range.relative || previous.measures.length !== 1) return undefined;
  // ("how many customers signed up in each quarter of 2022?": cohorts per signup quarter.)
  const each = previous.grain === 'month' || previous.grain === 'quarter' ? previous.grain : undefined;
  if (previous.dimensions.length > 0 || (previous.grain && !each) || previous.filters.length > 0)
    return undefined;
  if (
    previous.numberFilters.length > 0 ||
    previous.compare ||
    previous.having ||
    previous.top ||
    previous.share
  )
    return undefined;
  if (!['count', 'count_distinct'].includes(previous.measures[0]?.aggType ?? '')) return undefined;
  const first = previous.first;
  const signup =
    !first && previous.timeDimension !== undefined && previous.timeDimension === startDate(previous.cube);
  if (first && (first.later || first.output !== 'count')) return undefined;
  if (!first && !signup) return undefined;
  for (const cube of [previous.cube, ...catalog]) {
    const rows = entityRows(cube);
    const amount = amountOf(cube);
    if (!rows || !amount || (signup && !rows.start) || (each && !signup)) continue;
    return {
      cube,
      rows,
      amount,
      each,
      cohort: { by: signup ? ('start' as const) : ('first' as const), period: previous.range },
    };
  }
  return undefined;
}

export type { Period };
