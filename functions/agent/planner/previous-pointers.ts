/**
 * Follow-ups that point at one thing of the previous answer by "that" (issue 29, threads):
 * - "within that region, which category led?", "and in that one, the top 3 customers?" after a ranking: the row the
 *   previous answer ranked first, whose value this reading does not hold. Read as a question of its own, the
 *   pointer went and the ranking ran over every region (and the period was dropped): confidently wrong. After a
 *   ranking of one, the new question is kept to that value by running the ranking again (plan.withinWinner); after
 *   a ranking of several ("within that one" of a top 3), refused in one sentence that says to name the value.
 * - "what's the % change from 2023 to that?" after "revenue in 2025": "that" is the previous period, set against
 *   the period named (read on its own, "to that" went and 2023 was compared with 2022).
 * - "how much did each change from the previous one?", "how many more or fewer orders was each quarter than the
 *   one before it?" after a breakdown by quarter: "one" is the previous answer's unit (read away as any change's
 *   words, the change went against the year before: confidently wrong).
 */
import type { Parsed, Period, Plan } from './plan';
import { periodUnit } from './query';

/** "within that region", "inside this category", "in that one", "within that": a pointer at one previous row. */
const AT_ONE = /\b(?:within|inside|in|for|among|from) (?:that|this) ([a-z]+)\b/;
/** "within that, the top 3": the pointer alone (not "within that year": a period). */
const BARE = /\b(?:within|inside) (?:that|it)\b(?! (?:year|quarter|month|week|day|period|time|span)s?\b)/;

/** A refusal when the follow-up points at the row a previous ranking put first, or undefined. */
export function pointsAtWinner(previous: Plan, text: string): string | undefined {
  const [ranked, ...more] = previous.dimensions;
  if (!previous.top || previous.top.percent || !ranked || more.length > 0) return undefined;
  const nouns = new Set([
    ...ranked.title.toLowerCase().split(/\s+/),
    ...ranked.column.toLowerCase().split('_'),
    ...ranked.titleWords,
    ...ranked.names,
    'one',
  ]);
  const named = AT_ONE.exec(text);
  const noun = named?.[1] ?? '';
  const found = named && (nouns.has(noun) || nouns.has(noun.replace(/s$/, ''))) ? named : BARE.exec(text);
  if (!found) return undefined;
  const title = ranked.title.toLowerCase();
  return `"${found[0]}" points at the ${title} the previous answer ranked first, and I can't carry a value from one answer into the next question: ask again with that ${title} named`;
}

/** "from 2023 to that", "from that to 2023", "between 2023 and that": the previous period beside one named. */
const TO_THAT =
  /\bfrom [a-z0-9 ]+ to (?:that|then|this)\b|\bfrom (?:that|then|this) to\b|\bbetween [a-z0-9 ]+ and (?:that|then|this)\b/;
/** The words of that pointer, read here. */
const POINTER_WORDS = new Set(['from', 'to', 'that', 'then', 'this', 'between', 'and']);

/** The previous reading over the named period and the previous one, with the change asked; or undefined. */
export function changeToThat(
  previous: Plan,
  own: Parsed,
  text: string,
  merge: (previous: Plan, next: Parsed) => Plan,
): { plan: Plan; unexplained: string[] } | undefined {
  const period = previous.range;
  if (!period || previous.compare || !own.change || !TO_THAT.test(text)) return undefined;
  if (previous.first || previous.also || previous.perGroup || previous.having || previous.percentile)
    return undefined;
  if (previous.top || previous.share || previous.grain) return undefined;
  const named: Period[] = [...(own.range ? [own.range] : []), ...(own.compare ?? [])].filter(
    // ("from 2023": the reading may set the year before beside it; only a period the question names is read.)
    (p) => !p.assumed && text.includes(p.label.toLowerCase()),
  );
  const [other, ...rest] = named;
  if (!other || rest.length > 0 || (other.from === period.from && other.to === period.to)) return undefined;
  const compare = [period, other].sort((a, b) => a.from.localeCompare(b.from));
  const { range: _range, ...kept } = merge(previous, { ...own, range: undefined, compare: undefined });
  return {
    plan: { ...kept, compare, change: own.change },
    unexplained: own.unexplained.filter((w) => !POINTER_WORDS.has(w)),
  };
}

/**
 * "from the previous one", "than the one before it", "vs the prior one": a step back by a unit left unsaid, or by
 * the previous answer's own ("than the quarter before it").
 */
const oneBefore = (grain: string) =>
  new RegExp(
    String.raw`\b(?:vs\.?|versus|against|compared?\s+(?:to|with)|over|from|than)\s+the\s+(?:(?:one|${grain})\s+before(?:\s+it)?|(?:previous|prior|preceding)\s+one)\b`,
    'gi',
  );
/** "how many more or fewer orders was each quarter", "how many more or less is each of those": a change in a count. */
const MORE_OR_FEWER =
  /\bhow\s+many\s+more\s+or\s+(?:fewer|less)\s+([a-z]+)\s+(?:is|was|were|are|did)\s+each(?:\s+(?:one|of\s+(?:those|these|them)|day|week|month|quarter|year))?(?:\s+have)?(?=\s+from\s+the\s+(?:previous\s+)?(?:day|week|month|quarter|year)\b)/gi;

/** "(Q1 vs Q4 2023)", "(Jan against Dec 2024)": the first step of each-against-the-one-before, said again. */
const FIRST_STEP =
  /\s*\(\s*(?:q1|jan(?:uary)?)\s+(?:vs\.?|versus|against|compared\s+(?:to|with)|over)\s+(?:q4|dec(?:ember)?)\s+(?:of\s+)?20\d\d\s*\)/gi;

/** The question with a step back by "one" said in the previous answer's unit, when that answer had one. */
export function previousUnitSaid(previous: Plan | undefined, question: string): string {
  const grain = previous?.grain;
  // (Of each of the previous rows, or with the unit left unsaid: "and the change from the previous one?", "which
  // month was the biggest jump from the one before?"; "which quarter grew the most vs the quarter before?" ranks
  // them already.)
  const unsaid = /\b(?:the\s+one\s+before|(?:previous|prior|preceding)\s+one)\b/i.test(question);
  if (!grain || previous.compare || !(unsaid || /\beach\b/i.test(question))) return question;
  const stepped = question
    .replace(oneBefore(grain), `from the previous ${grain}`)
    .replace(MORE_OR_FEWER, (_all, counted: string) => `how much did each change, in ${counted},`);
  // (Said again only beside a step back by quarter or month.)
  const unit = grain === 'quarter' ? /\bq1\b/i : grain === 'month' ? /\bjan/i : undefined;
  return unit && new RegExp(`\\bprevious ${grain}\\b`).test(stepped)
    ? stepped.replace(FIRST_STEP, (all) => (unit.test(all) ? '' : all))
    : stepped;
}

/** "the previous week", "the prior month", "the preceding quarter": the unit before some period. */
const PREVIOUS_UNIT = /\bthe\s+(?:previous|prior|preceding)\s+(day|week|month|quarter|year)\b/gi;

/**
 * "compare that with the previous week" after "orders in the week starting June 2, 2025": the week before the
 * previous question's week, said as "the week before" (which follow-up.ts steps back from the previous period).
 * Read alone, "the previous week" was the week before the clock's (no data: confidently wrong). Only when the
 * previous question was of one whole unit of that kind and no breakdown by time; "last week" stays the clock's.
 */
export function previousPeriodSaid(previous: Plan | undefined, question: string): string {
  if (!previous?.range || previous.grain || previous.compare) return question;
  const unit = periodUnit(previous.range);
  if (unit?.n !== 1) return question;
  return question.replace(PREVIOUS_UNIT, (all, said: string) =>
    said.toLowerCase() === unit.unit ? `the ${unit.unit} before` : all,
  );
}

/** "that month", "the same quarter", "this month": the period the previous ranking put first. */
const THAT_UNIT = /\b(?:that|this|the same|that same) (month|quarter)\b/;
/** The year of a whole calendar year. */
const wholeYear = (p: Period | undefined) => {
  const y = p ? /^(\d{4})-01-01$/.exec(p.from) : null;
  return y && p?.to === `${Number(y[1]) + 1}-01-01` ? Number(y[1]) : undefined;
};
/** The calendar year a period lies within ("H2 2025", "2025"). */
const yearWithin = (p: Period | undefined) => {
  const y = p ? /^(\d{4})-/.exec(p.from) : null;
  return y && p && p.to <= `${Number(y[1]) + 1}-01-01` ? Number(y[1]) : undefined;
};
/** "a year earlier", "the year before", "the previous year": one year back from the ranked period's. */
const YEAR_EARLIER =
  /\b(?:(?:a|one|the) year (?:earlier|before|ago|prior|back)|the (?:previous|prior|preceding) year)\b/;
/** "a year later", "the year after", "the following year": one year on. */
const YEAR_LATER = /\b(?:(?:a|one|the) year (?:later|after|on)|the (?:next|following) year)\b/;
/** "how does that compare with ...", "vs", "side by side": both periods asked, not only the moved one. */
const BOTH_ASKED = /\b(?:compare[sd]?|comparison|comparing|against|versus|vs|side by side|stack up)\b/;

/**
 * "how did that month do in 2025?", "and how many orders did that month have in 2023?" after "best month of 2024 by
 * revenue": the same month (quarter) of another year, that ranking run again to find it (plan.winnerMoved). Was
 * refused ("month"). Only after a ranking of one period within a year, with another whole year asked ("in 2023",
 * "a year earlier"). "How does that compare with the same month a year earlier?": both months, side by side (was
 * the best month of the other year: confidently wrong).
 */
export function winnerInYear(previous: Plan, own: Parsed, text: string): Plan | undefined {
  const said = THAT_UNIT.exec(text);
  const top = previous.top;
  const grain = previous.grain;
  if (!said || !top || top.n !== 1 || top.nth || top.percent || top.span || !grain || said[1] !== grain)
    return undefined;
  if (
    previous.dimensions.length > 0 ||
    previous.compare ||
    previous.share ||
    previous.change ||
    previous.perGroup
  )
    return undefined;
  const from = yearWithin(previous.range);
  // ("vs the same month in 2024": the one year said is the other year, whatever periods the comparison read.)
  const years = text.match(/\b(?:19|20)\d\d\b/g) ?? [];
  const yearSaid = years.length === 1 ? Number(years[0]) : undefined;
  if (from === undefined || (own.compare && yearSaid === undefined) || own.dimensions.length > 0)
    return undefined;
  const named = own.compare ? yearSaid : (wholeYear(own.range) ?? yearSaid);
  const to = named ?? (YEAR_EARLIER.test(text) ? from - 1 : YEAR_LATER.test(text) ? from + 1 : undefined);
  if (to === undefined || from === to) return undefined;
  const range = { label: String(to), from: `${to}-01-01`, to: `${to + 1}-01-01` };
  const measures = own.measureNamed && own.measures.length > 0 ? own.measures : previous.measures;
  const both = BOTH_ASKED.test(text);
  const [early, late] = from < to ? [from, to] : [to, from];
  return {
    ...previous,
    measures,
    top: undefined,
    ...(both
      ? { range: { label: `${early} and ${late}`, from: `${early}-01-01`, to: `${late + 1}-01-01` } }
      : { range }),
    filters: [
      ...previous.filters,
      ...own.filters.filter((f) => !previous.filters.some((g) => g.member === f.member)),
    ],
    winnerMoved: { ranking: previous, years: to - from, ...(both ? { both: true as const } : {}) },
  };
}

/** "of them", "among those", "of the three": the rows of the previous answer. */
const AMONG =
  /\b(?:of|among|amongst|between)\s+(?:them|those|these|the\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+))\b/;

/**
 * "which of them grew fastest from 2024 to 2025?" after "top 3 categories by orders": the change ranked among the
 * rows the previous top N named, that ranking run again as their filter (plan.amongTop). Was ranked over every
 * value: the fastest of all five categories, not of the three (confidently wrong when it was not one of them).
 */
export function amongPreviousTop(previous: Plan, plan: Plan, text: string): Plan {
  const top = previous.top;
  const [ranked, ...more] = previous.dimensions;
  if (!top || top.n < 2 || top.nth || top.percent || top.span || top.rest || !ranked || more.length > 0)
    return plan;
  if (previous.grain || previous.compare || previous.share || previous.change || previous.having) return plan;
  if (!AMONG.test(text.toLowerCase()) || plan.amongTop || !plan.change) return plan;
  if (plan.dimensions.length !== 1 || plan.dimensions[0] !== ranked) return plan;
  if (plan.filters.some((f) => f.member === ranked)) return plan;
  return { ...plan, amongTop: previous };
}
