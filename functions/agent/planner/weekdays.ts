/**
 * The day of the week and the hour of the day, dimensions no model lists but every time dimension has (issue 29;
 * README.md, "What the analyst understands"): "which day of the week has the most orders", "revenue by weekday",
 * "weekends vs weekdays", "orders by hour of day" (`EXTRACT(HOUR FROM t)`, 0 to 23).
 * Two derived dimensions of the cube's first time dimension are added to the planner's catalog, computed in the
 * query's own SQL with `EXTRACT(ISODOW FROM t)` (Monday 1 to Sunday 7), which the SQL API runs on every engine
 * it targets (DuckDB and PostgreSQL natively; ClickHouse and Trino by its dialect stage, docs/data-model.md). Only
 * plain aggregates use them (planQuery and the share query): a second-order plan over one is refused.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import type { Plan } from './plan';
import { startDate } from './readings';
import { ident } from './sql';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** The word the question's "day of the week" is read as (one token, so no grain word takes "day" or "week"). */
const DAY_OF_WEEK = 'dayofweek';
/** The word "hour of the day" is read as (one token: "day" is no grain here). */
const HOUR_OF_DAY = 'hourofday';

/** A dimension computed from a time dimension by `sql` (the SQL API runs it as a derived column). */
export const derived = (
  member: CatalogMember,
  sql: string,
  parts: Partial<CatalogMember>,
): CatalogMember => ({
  column: '',
  title: '',
  kind: 'dimension',
  type: 'string',
  titleWords: [],
  otherWords: [],
  phrases: [],
  values: [],
  names: [],
  namePhrases: [],
  ...parts,
  derived: { sql, of: member.column },
});

/**
 * The catalog with each cube's day-of-week and weekday-or-weekend dimensions, of its rows' own time: the first time
 * dimension that is not a start date ("for each customer segment, which day of the week brought in the most revenue"
 * found the customer's signup date first, and ranked the signup weekdays: confidently wrong).
 */
export function withWeekdays(catalog: readonly CatalogCube[]): CatalogCube[] {
  return catalog.map((cube) => {
    const times = cube.members.filter((m) => m.kind === 'dimension' && m.type === 'time' && !m.derived);
    const start = startDate(cube);
    const time = times.find((m) => m !== start) ?? times[0];
    if (!time || cube.members.some((m) => m.derived)) return cube;
    const dow = `EXTRACT(ISODOW FROM ${ident(time.column)})`;
    const names = DAYS.map((d, i) => `WHEN ${i + 1} THEN '${d}'`).join(' ');
    return {
      ...cube,
      members: [
        ...cube.members,
        derived(time, `CASE ${dow} ${names} END`, {
          column: 'day_of_week',
          title: 'Day of week',
          titleWords: [DAY_OF_WEEK],
          otherWords: [DAY_OF_WEEK],
          phrases: [DAY_OF_WEEK],
          names: [DAY_OF_WEEK],
          values: DAYS,
        }),
        derived(time, `CASE WHEN ${dow} IN (6, 7) THEN 'weekend' ELSE 'weekday' END`, {
          column: 'weekday_or_weekend',
          title: 'Weekday or weekend',
          values: ['weekday', 'weekend'],
        }),
        // "orders by hour of day": 0 to 23, the hour of the stored time.
        derived(time, `CAST(EXTRACT(HOUR FROM ${ident(time.column)}) AS INTEGER)`, {
          column: 'hourofday',
          title: 'Hour of day',
          titleWords: [HOUR_OF_DAY],
          otherWords: [HOUR_OF_DAY],
          phrases: [HOUR_OF_DAY],
          names: [HOUR_OF_DAY],
        }),
      ],
    };
  });
}

/** "revenue by weekday", "which day of the week": the dimension (a lone "weekdays" stays the value). */
const AS_DIMENSION: [RegExp, string][] = [
  // ("orders by weekday or weekend": the two values side by side; "weekday" alone was the day of the week, and the
  // weekend a filter: confidently wrong.)
  [
    /\bby\s+(?:the\s+)?weekdays?\s*(?:or|and|vs\.?|versus|\/)\s*(?:the\s+)?weekends?\b/gi,
    'by weekdays vs weekends',
  ],
  [/\bdays?[\s-]+of[\s-]+(?:the[\s-]+)?week\b/gi, DAY_OF_WEEK],
  [/\bdow\b/gi, DAY_OF_WEEK],
  [/\b(?:hours?[\s-]+of[\s-]+(?:the[\s-]+)?day|time[\s-]+of[\s-]+(?:the[\s-]+)?day)\b/gi, HOUR_OF_DAY],
  [/\b(by|per|each|every|which|what|busiest|quietest|slowest|peak)\s+hour\b/gi, `$1 ${HOUR_OF_DAY}`],
  [
    /\b(by|per|each|every|which|what|across|busiest|quietest|slowest|fewest|best|worst|top|strongest|weakest|highest|lowest)\s+(?:single\s+)?weekdays?\b(?!\s*(?:or|and|vs\.?|versus|\/)\s*(?:the\s+)?weekends?\b)/gi,
    `$1 ${DAY_OF_WEEK}`,
  ],
];

/**
 * "the median order amount in 2025 on weekends, and on weekdays", "how many orders on weekdays in 2024 and how many on
 * weekends", "my median on weekends and my median on weekdays": both values of one question's figure, side by side,
 * said as the breakdown "by weekdays vs weekends" (was refused: two values named apart, neither one filter).
 */
const WEEK_PART = String.raw`(?:on\s+|at\s+|over\s+|during\s+)(?:the\s+)?(weekends?|weekdays?)(?:\s*\((?:sat|sun|mon)[^)]*\))?`;
const SECOND_PART = new RegExp(
  String.raw`\s*,?\s*(?:and|vs\.?|versus|compared\s+(?:with|to))\s+(?:(?:what\s+(?:was|is)\s+it|how\s+many|how\s+much|(?:my|our|the)\s+(?:median|average|mean|total|count)|(?:what|how)\s+about)\s+)?${WEEK_PART}(?=\s*(?:[?.!,;]|$))`,
  'i',
);
const FIRST_PART = new RegExp(String.raw`\s+${WEEK_PART}`, 'i');

function bothWeekParts(question: string): string {
  const second = SECOND_PART.exec(question);
  if (!second?.[1]) return question;
  const before = question.slice(0, second.index);
  const first = FIRST_PART.exec(before);
  if (!first?.[1] || first[1].slice(0, 5).toLowerCase() === second[1].slice(0, 5).toLowerCase())
    return question;
  return `${before.slice(0, first.index)} by weekdays vs weekends${before.slice(first.index + first[0].length)}${question.slice(second.index + second[0].length)}`;
}

/** The question with "day of the week" (and "by weekday") as the one word the derived dimension is named by. */
export function readWeekdayWords(question: string): string {
  let text = bothWeekParts(question);
  for (const [pattern, word] of AS_DIMENSION) text = text.replace(pattern, word);
  return text;
}

/** One day named by its weekday: after a word that points at one, and not plural. */
const ONE_DAY =
  /\b(?:since|last|this|next|on|until|till|before|after|from|past|previous|coming|yesterday|today|by)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)/i;

/** A plan over a derived dimension that only the plain aggregate (or share) query can select. */
export function unsupportedWeekday(plan: Plan, question: string): string | undefined {
  const members = [...plan.dimensions, ...plan.filters.map((f) => f.member)];
  const used = members.find((m) => m.derived);
  if (!used) return undefined;
  // (The top per group selects it by its expression: "for each region, the busiest day of the week".)
  // ("the median order amount in 2025 by weekday or weekend": a percentile of the rows in each value, sql-second.ts.)
  const rowPercentile =
    plan.percentile?.of !== undefined && !plan.percentile.extreme && !plan.percentile.per && !plan.top;
  const secondOrder =
    plan.having || plan.first || (plan.percentile && !rowPercentile) || plan.change || plan.share?.top;
  if (secondOrder)
    return `a ${used.title.toLowerCase()} breakdown works for plain totals, counts, averages and shares only, not for this kind of question`;
  // "since Monday", "last Friday", "on Tuesday": one day, a date the planner does not read from its weekday.
  if (plan.filters.some((f) => f.member.derived) && ONE_DAY.test(question))
    return 'one day named by its weekday ("since Monday", "last Friday") is a date: name it ("on November 17 2025"), or ask for every Monday ("orders on Mondays")';
  // "average Monday sales": per order, or per Monday's total? The per-order reading only where orders are named.
  const averaged =
    plan.measures.some((m) => m.aggType === 'avg') ||
    /\b(average|avg|mean|typical|usual|per\s+day)\b/i.test(question);
  const perDay = plan.filters.some((f) => f.member.derived) && averaged;
  if (perDay && !/\b(orders?|aov|tickets?|baskets?)\b/i.test(question))
    return 'an average on a day of the week may be per order or per day, and I can only give the average per order: ask for the "average order value on Mondays"';
  return undefined;
}
