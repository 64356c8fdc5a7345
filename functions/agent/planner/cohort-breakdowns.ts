/**
 * A breakdown by signup period followed by what each period's signups went on to do (issue 29, cohorts): "for
 * each quarter of 2022, how many customers joined, and how many orders did that group go on to place in 2023?",
 * "by signup quarter: # of new customers, and what that cohort spent in 2025", "per signup half of 2022, how many
 * joined and how many orders did they place in 2025", "for each half of 2022, how many signed up and what share of
 * them ordered in December 2025" (the share of each period's signups who did). Read as one row per signup period: its signups and the
 * outcome of the later period (cohort-reader.ts's outcome, compiled by cohort-sql.ts). The later period filters
 * the orders only: it is never a second signup period. Every word must be the breakdown, the signup count, a word
 * pointing back at the group, or the outcome; otherwise the question is left to the other readings.
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
import type { Period } from './plan';

const YEAR = '((?:19|20)\\d\\d)';
const SIGNUP = '(?:signup|sign\\s+up|joining|join|registration|cohort)';
const GRAIN = '(month|quarter|half)';
/** "for each quarter of 2022", "by signup quarter", "for every 2022 signup month", "each quarter s 2022 signups". */
const HEADS = [
  new RegExp(
    `^(?:for\\s+(?:each|every)|by|per|each|split\\s+by|broken\\s+down\\s+by)\\s+(?:${YEAR}\\s+)?(?:(${SIGNUP})\\s+)?${GRAIN}(?:\\s+(?:of|in)\\s+${YEAR})?\\s+`,
  ),
  new RegExp(`^each\\s+${GRAIN}\\s+s\\s+${YEAR}\\s+(?:signups|sign\\s+ups)\\s+`),
];
/** The signup count asked beside the outcome ("how many customers joined", "# of new customers", "signups"). */
const COUNT =
  /^(?:(?:how\s+many\s+(?:new\s+)?(?:customers|people|accounts)?\s*(?:joined|signed\s+up|came\s+on\s+board|came\s+aboard|registered|were\s+there|did\s+we\s+(?:get|sign|add)))|(?:(?:the\s+)?(?:number|count)\s+)?of\s+(?:new\s+customers|signups|sign\s+ups|customers\s+who\s+(?:joined|signed\s+up))|(?:new\s+customers|signups|sign\s+ups))\s+(?:and|plus|along\s+with|with|then)?\s*/;
/** Words that point back at each period's signups, and "went on to" (the later period's rows are theirs). */
const BACK =
  /\b(?:that|this|the|each|those|these)\s+(?:group|cohort|batch|bunch|lot)s?\b|\b(?:those|these|the\s+same)\s+customers\b|\bthey\b|\bthem\b|\b(?:go|goes|went|going)\s+on\s+to\b/g;

const UNREAD =
  'I can give each signup period with its signups and what that group did in a later period (how many orders they placed, what they spent, or how many or what share of them ordered), but not the later part as asked';

/** The breakdown-then-outcome reading, a plan; undefined when the question is not of this shape. */
export function readCohortBreakdown(
  question: string,
  catalog: readonly CatalogCube[],
  today: string,
): CohortRead {
  const text = `${normalise(question)} `;
  for (const head of HEADS) {
    const m = head.exec(text);
    if (!m) continue;
    const [grain, year, signupWord] =
      head === HEADS[0] ? [m[3], m[1] ?? m[4], m[2]] : [m[1], m[2], 'signups'];
    let rest = text.slice(m[0].length);
    const count = COUNT.exec(rest);
    if (!count) continue;
    // (A signup word is needed somewhere: "for each quarter of 2022, how many customers joined".)
    if (
      !signupWord &&
      !/joined|signed\s+up|signups|sign\s+ups|new\s+customers|came\s+on\s+board|registered/.test(count[0])
    )
      return undefined;
    rest = rest.slice(count[0].length);
    if (!rest.match(BACK)) return undefined;
    // ("the 2023 order count of those customers": how many orders in 2023.)
    rest = rest
      .replace(BACK, ' ')
      .replace(
        /\b(?:the\s+|their\s+)?((?:19|20)\d\d|[qh][1-4]\s+(?:19|20)\d\d)\s+(order\s+count|number\s+of\s+orders|orders)(?:\s+of)?\b/,
        (_all, period: string) => `how many orders in ${period}`,
      );
    const cohortPeriod: Period | undefined = year ? namedPeriod(year)?.period : undefined;
    if (year && !cohortPeriod) return undefined;
    for (const cube of catalog) {
      const rows = entityRows(cube);
      const amount = amountOf(cube);
      if (!rows?.start || !amount) continue;
      const read = readOutcome(rest, rowAttributes(cube, rows));
      // (Of a test, "what share of them ordered in December 2025", the count is of those who passed it.)
      const figures = read?.test ? read.measures : (read?.measures.filter((x) => x !== 'count') ?? []);
      const sound = read?.test
        ? 'min' in read.test && figures.length > 0 && figures.every((x) => x === 'count' || x === 'share')
        : figures.length === 1 && ['orders', 'sum', 'avg', 'aov', 'orders-avg'].includes(figures[0] ?? '');
      // (The shape is plain, the later part is not read: a refusal, never a reading of the later period as a
      // second signup period.)
      if (
        !read?.window.period ||
        !sound ||
        read.entityFilters ||
        read.window.afterFirst ||
        read.window.within ||
        read.window.period.from > today
      )
        return { kind: 'refuse', reason: UNREAD };
      const plan = cohortPlan(
        cube,
        rows,
        amount,
        { by: 'start', ...(cohortPeriod ? { period: cohortPeriod } : {}) },
        { ...read, measures: figures },
      );
      if (plan.perEntity?.kind === 'cohort') plan.perEntity.each = grain as 'month' | 'quarter' | 'half';
      return { kind: 'plan', plan };
    }
    return undefined;
  }
  return undefined;
}
