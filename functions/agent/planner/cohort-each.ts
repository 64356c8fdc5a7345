/**
 * Cohorts per period of a customer's own date (issue 29, cohorts): customers grouped by the month, quarter or half
 * of their signup, first order or last order, each group with its size and what it did over a window ("first-order
 * quarter cohorts: size of each cohort and its 2025 revenue", "group customers by the month of their first order:
 * average lifetime spend per customer in each group", "by quarter of last purchase, how many customers and what was
 * their lifetime revenue?", "how many customers have their latest order in each month of 2025?"). The grouping's
 * words are read here and taken out; every other word must be the cohort reader's outcome and measures
 * (cohort-reader.ts) or the question is left to the other readings. One row per period (cohort-sql.ts), the
 * cohort's size always beside its figures.
 */
import type { CatalogCube } from './catalog';
import { namedPeriod } from './cohort-periods';
import {
  amountOf,
  type CohortRead,
  cohortPlan,
  normalise,
  readOutcome,
  rowAttributes,
} from './cohort-reader';
import { entityRows } from './per-entity';
import type { CohortReading, Period } from './plan';

type By = CohortReading['cohort']['by'];
type Unit = NonNullable<CohortReading['each']>;

const UNIT = '(month|quarter|half)';
const ADVERB = '(monthly|quarterly)';
const YEAR = '((?:19|20)\\d\\d)';
/** The date a cohort is grouped by, as a noun ("signup", "first order", "latest purchase"). */
const DATE_NOUN =
  '(signup|sign\\s+up|joining|join|registration|first\\s+(?:order|purchase)|(?:last|latest|most\\s+recent|final)\\s+(?:order|purchase))';
/** ... or as a clause ("they signed up", "customers placed their first order"). */
const DATE_CLAUSE =
  '(?:(?:customers|they|people)\\s+)?(signed\\s+up|joined|registered|first\\s+ordered|(?:placed|made)\\s+their\\s+first\\s+(?:order|purchase)|last\\s+ordered)';
const CUE =
  '(?:(?:for\\s+)?(?:each|every)|by|per|grouped\\s+by|group\\s+(?:customers|people|them)\\s+by|split\\s+by|broken\\s+down\\s+by)';
const COHORT = '(?:\\s+(?:cohorts?|groups?))?';

/** Each shape of the grouping: the regex and how its groups give the date and the unit (and a year). */
const SHAPES: {
  shape: RegExp;
  read: (m: RegExpExecArray) => { date: string; unit: string; year?: string };
}[] = [
  // "signup quarter cohorts", "by first-purchase month", "each 2022 signup month cohort", "monthly signup cohorts"
  {
    shape: new RegExp(
      `(?:\\b${CUE}\\s+)?(?:the\\s+)?(?:${YEAR}\\s+)?(?:${ADVERB}\\s+)?${DATE_NOUN}(?:\\s+${UNIT})?${COHORT}(?:\\s+(?:of|in)\\s+${YEAR})?\\b`,
      'g',
    ),
    read: (m) => ({ date: m[3] ?? '', unit: m[4] ?? m[2] ?? '', year: m[1] ?? m[5] }),
  },
  // "by the month of their first order", "by quarter of last purchase", "the quarter they signed up", "each month
  // in which customers placed their first order"
  {
    shape: new RegExp(
      `(?:\\b${CUE}\\s+)?(?:the\\s+)?${UNIT}\\s+(?:of\\s+(?:their\\s+|the\\s+)?${DATE_NOUN}|(?:in\\s+which\\s+|when\\s+)?${DATE_CLAUSE})${COHORT}\\b`,
      'g',
    ),
    read: (m) => ({ date: m[2] ?? m[3] ?? '', unit: m[1] ?? '' }),
  },
  // "customers who joined in each half of 2022", "signed up in each quarter of 2022" (a signup month or quarter is
  // the ordinary reading's unless cohorts are named; a half is read here).
  {
    shape: new RegExp(
      `\\b(signed\\s+up|joined|registered)\\s+in\\s+(?:each|every)\\s+${UNIT}\\s+of\\s+${YEAR}\\b`,
      'g',
    ),
    read: (m) => ({ date: m[1] ?? '', unit: m[2] ?? '', year: m[3] }),
  },
  // "have their latest order in each month of 2025", "whose first order fell in each quarter of 2023"
  {
    shape: new RegExp(
      `\\b(?:have|had|whose|with)\\s+(?:their\\s+)?${DATE_NOUN}(?:\\s+(?:was|fell|came))?\\s+in\\s+(?:each|every)\\s+${UNIT}\\s+of\\s+${YEAR}\\b`,
      'g',
    ),
    read: (m) => ({ date: m[1] ?? '', unit: m[2] ?? '', year: m[3] }),
  },
];

function byOf(date: string): By | undefined {
  if (/^(?:signup|sign\s+up|joining|join|registration|signed\s+up|joined|registered)$/.test(date))
    return 'start';
  if (/first/.test(date)) return 'first';
  if (/last|latest|recent|final/.test(date)) return 'last';
  return undefined;
}

const unitOf = (unit: string): Unit | undefined =>
  unit === 'monthly' ? 'month' : unit === 'quarterly' ? 'quarter' : (unit as Unit) || undefined;

/** The size of each group, asked beside its figures: always given, so its words are read away. */
const SIZE =
  /\b(?:(?:the\s+)?(?:size|sizes|headcount)\s+of\s+(?:each|every|the)\s+(?:cohort|group)s?|(?:cohort|group)\s+sizes?|how\s+many\s+(?:customers|people)?\s*(?:are\s+)?(?:in\s+each|of\s+each\s+(?:cohort|group))?|(?:number|count)\s+of\s+customers|customers)\b/g;
/** Words pointing at each group ("each cohort", "that cohort", "in each group", "of each"). */
const EACH =
  /\b(?:(?:in|of|for)\s+)?(?:each|every|that|this|the|its|their)\s+(?:cohort|group)s?(?:'s|\s+s)?\b|\b(?:of|in)\s+each\b|\beach\b|\bits\b|\bcohorts?\b/g;

/** "by cohort", "per cohort", "for each cohort": cohorts named with no date they are defined by. */
const BARE_COHORTS = /\b(?:by|per|each|every|for\s+each|across)\s+(?:the\s+)?cohorts?\b/;
/** Any word of a date a cohort may be defined by, or of a span of it. */
const DATED =
  /\b(?:sign(?:ed)?\s*ups?|signups?|joined|join(?:ing)?|registration|registered|first|last|latest|recent|final|month|quarter|half|year|monthly|quarterly|yearly|annual|(?:19|20)\d\d)\b/;
const UNDEFINED =
  'a cohort needs its definition: customers grouped by their signup date, first order or last order, by month, quarter or year (for example "revenue by signup-quarter cohort")';

/** The grouping-by-period reading, a plan; undefined when the question is not of this shape. */
export function readCohortEach(question: string, catalog: readonly CatalogCube[], today: string): CohortRead {
  const text = ` ${normalise(question)} `;
  // ("revenue by cohort": cohorts of which date, and of what span? Never a guess.)
  if (BARE_COHORTS.test(text) && !DATED.test(text)) return { kind: 'refuse', reason: UNDEFINED };
  for (const { shape, read } of SHAPES) {
    for (const m of text.matchAll(shape)) {
      const said = read(m);
      const by = byOf(said.date);
      const unit = unitOf(said.unit);
      if (!by || !unit) continue;
      // (A signup date is every row's column, which the ordinary reading breaks down: read here only as cohorts,
      // or for the share of each group's members who did something, "share of each signup quarter that bought in
      // November 2025".)
      // (A half is no grain the ordinary reading has: "by signup half of 2022" is read here.)
      const named = by !== 'start' || unit === 'half' || /\b(?:cohorts?|groups?|grouped)\b/.test(text);
      const within: Period | undefined = said.year ? namedPeriod(said.year)?.period : undefined;
      if (said.year && !within) continue;
      const at = m.index ?? 0;
      const rest = `${text.slice(0, at)} ${text.slice(at + m[0].length)}`;
      const found = planned(rest, by, unit, within, catalog, today);
      // ("median order value by first-order month": no reading but this one groups by a first or last order's date;
      // the others would drop those words and break the figure down by each order's own month.)
      // (A count of new customers is the ordinary readings' own: "new accounts in 2023 by first order month".)
      if (found === 'unread' && by !== 'start' && FIGURE.test(rest))
        return { kind: 'refuse', reason: UNREAD_FIGURE };
      const plan = found === 'unread' ? undefined : found;
      // (A count of those who did is the ordinary reading's too; a share of each group is this reading's alone.)
      const shared =
        plan?.kind === 'plan' &&
        plan.plan.perEntity?.kind === 'cohort' &&
        plan.plan.perEntity.test !== undefined &&
        plan.plan.perEntity.measures.includes('share');
      if (named || shared) return plan;
    }
  }
  return undefined;
}

/** A figure of the groups' orders asked beside them (not a count of the customers). */
const FIGURE =
  /\b(?:revenue|sales|spend|spent|spending|amounts?|values?|aov|average|avg|mean|median|percentile|p\d\d|orders|purchases|baskets?|tickets?|totals?)\b/;
const UNREAD_FIGURE =
  "for customers grouped by the date of their first or last order I can give each group's size, total spend, spend or orders per customer, or average order value, not this figure";

function planned(
  said: string,
  by: By,
  unit: Unit,
  within: Period | undefined,
  catalog: readonly CatalogCube[],
  today: string,
): CohortRead | 'unread' {
  const rest = said.replace(SIZE, ' how many ').replace(EACH, ' ');
  for (const cube of catalog) {
    const rows = entityRows(cube);
    const amount = amountOf(cube);
    if (!rows || !amount || (by === 'start' && !rows.start)) continue;
    const read = readOutcome(rest, rowAttributes(cube, rows));
    if (!read) return 'unread';
    if (read.entityFilters) return undefined;
    // (A share of each group is of its own members, who were tested; a share of all customers is no group's.)
    if (read.measures.includes('share-all') || (read.measures.includes('share') && !read.test))
      return undefined;
    if (read.window.period && read.window.period.from > today) return undefined;
    // (The size is every row's own column: a count is a figure only when it counts those who did something.)
    const measures = read.test ? read.measures : read.measures.filter((x) => x !== 'count');
    // (Sizes alone are the ordinary readings' own, "customers by signup month", "by the month of their first
    // order"; none reads a last order's.)
    // (A half is no grain of the ordinary readings: its sizes alone are read here.)
    if (measures.length === 0 && by !== 'last' && unit !== 'half') return undefined;
    const plan = cohortPlan(
      cube,
      rows,
      amount,
      { by, ...(within ? { period: within } : {}) },
      { ...read, measures },
    );
    if (plan.perEntity?.kind === 'cohort') plan.perEntity.each = unit;
    return { kind: 'plan', plan };
  }
  return undefined;
}
