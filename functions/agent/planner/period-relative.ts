/**
 * Periods against their own containing period (issue 29, tuning set 28): "days with more orders than their month's
 * daily average", "months whose revenue is under their year's median month", "days with revenue over that month's
 * median day". The words are read away as a condition on a stand-in number ("more than 1 orders", "revenue under
 * $1") for the ordinary reading of the rest, as above-average.ts does; the caller then sets `having.vsPeriod` on the
 * one plain condition on periods it reads, and the query compares each period's figure with the mean or median of
 * the same figures within its containing period (period-relative-sql.ts). The period counted must be finer than the
 * one it is measured against, and a unit said beside the mean ("daily", "median month") must be the period counted;
 * anything else is refused, never read as a plain bound.
 */
import { GRAINS, type Grain, type Plan } from './plan';
import { GRAIN_WORDS, yearPeriod } from './vocabulary';

/** What the comparison is against: the mean or median of the periods within each `within`. */
export interface PeriodMark {
  stat: 'avg' | 'median';
  within: Grain;
  /** The unit said beside the mean ("daily average", "median month"), which must be the periods compared. */
  unit?: Grain;
  /** A part of the mean or median said as a percent ("fewer orders than 90% of the year's daily average"): 0.9. */
  factor?: number;
  /** "at least 110% of", "at most 80% of": the bound itself holds. */
  inclusive?: true;
  /**
   * "below the average month", "more orders than the average month of 2025": no container said, so the question's
   * own period is it, which must then be one whole calendar year, quarter or month (`againstPeriod`).
   */
  asked?: true;
  /** "the average month over all the data": said so, the question must name no period. */
  whole?: true;
  /** "than the 2024 daily average" in a question of 2025: the mean of that other year's own periods. */
  of?: number;
}

/** A unit's words ("daily", "month"): the grain. */
const UNIT = GRAIN_WORDS;
/** "their month's daily average", "that year's median month", "the month's mean". */
const CONTAINER = String.raw`(?:(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+)?(?:(?:their|its|that|the)\s+(year|quarter|month|week)(?:['’]s)?|the|an?)\s+(?:(daily|weekly|monthly|quarterly)\s+)?(average|avg|mean|median)(?:\s+(day|week|month|quarter|daily|weekly|monthly|quarterly))?(?:\s+(revenue|sales|orders|order\s+count))?(?:\s+(?:of|in|for)\s+(?<tail>20\d\d)|\s+(?:over|across|of|in)\s+(?<whole>all\s+(?:of\s+)?(?:the\s+)?(?:data|years|time)|the\s+whole\s+(?:data|period|time)))?`;
const UP = String.raw`above|over|beat|beats|top|tops|topped|exceed|exceeds|exceeded|more\s+than|higher\s+than|greater\s+than|bigger\s+than`;
const DOWN = String.raw`below|under|less\s+than|lower\s+than|smaller\s+than|fewer\s+than`;
/** "more orders than their month's daily average", "fewer orders than ...". */
const MORE_ROWS = new RegExp(
  String.raw`\b(more|fewer|less)\s+(orders|purchases|sales|revenue|spend)\s+than\s+${CONTAINER}\b`,
  'i',
);
/** "revenue over their year's median month", "orders beat that month's daily average", "orders fall below 90% of ...". */
const FIGURE_AGAINST = new RegExp(
  String.raw`\b(orders|order\s+count|purchases|revenue|sales|spend|amount)(?:\s+(?:is|was|are|were|came\s+in|comes\s+in|falls?|fell|comes?|came|goes|go|went|runs?|ran|lands?|landed|sits?|sat))?\s+(${UP}|${DOWN}|at\s+least|at\s+most)\s+${CONTAINER}\b`,
  'i',
);

/** "the median month of that year", "the average day of its month": the same container said the other way round. */
const CONTAINER_OF =
  /\b(?:the|their|its)\s+(average|avg|mean|median)\s+(day|week|month|quarter)\s+(?:of|in)\s+(?:that|the|its|their)\s+(year|quarter|month)\b/i;

const COUNTED = /^(?:orders|order\s+count|purchases)$/i;
const DOWN_WORD = new RegExp(`^(?:${DOWN}|fewer|less|at\\s+most)$`, 'i');

/**
 * "than the average month of 2025": the year said of the mean must be the question's own, said elsewhere in it too
 * ("which months of 2025 ..."), and "over all the data" is said of no container named; else nothing is read.
 */
function sameYearSaid(question: string, m: RegExpExecArray): boolean {
  const tail = m.groups?.tail;
  // (The container said, "their year's": group 4 of both shapes; the words after it are the question's own.)
  if (m[4] || !tail) return true;
  const rest = question.slice(0, m.index) + question.slice(m.index + m[0].length);
  return new RegExp(`\\b${tail}\\b`).test(rest);
}

/**
 * "how many days in 2025 had more revenue than the 2024 daily average": a year said of the mean with no container,
 * not the question's own, while the question names a year of its own: the mean is of that other year's periods.
 */
function otherYear(question: string, m: RegExpExecArray): number | undefined {
  const tail = m.groups?.tail;
  if (m[4] || !tail || sameYearSaid(question, m)) return undefined;
  const rest = question.slice(0, m.index) + question.slice(m.index + m[0].length);
  const years = new Set(rest.match(/\b(?:19|20)\d\d\b/g) ?? []);
  return years.size === 1 ? Number(tail) : undefined;
}

/**
 * The words read as the comparison: after a container said ("their year's median month of 2025"), a year or "over
 * all the data" after it stays in the question, as the question's own period.
 */
const saidOf = (m: RegExpExecArray) =>
  m[4] && (m.groups?.tail || m.groups?.whole)
    ? m[0].replace(/\s+(?:of|in|for|over|across)\s+(?:20\d\d|all\b.*|the\s+whole\b.*)$/i, '')
    : m[0];

/**
 * "below the 2025 monthly average", "than the 2024 average day": the year said after the mean ("the monthly average
 * of 2025"), read as that shape is (a year not the question's own stays unread, and is refused: misreadings.ts).
 */
const YEAR_BEFORE_MEAN =
  /\bthe\s+((?:19|20)\d\d)(?:['’]s)?\s+(?:(daily|weekly|monthly|quarterly)\s+(average|avg|mean|median)|(average|avg|mean|median)\s+(day|week|month|quarter))\b/gi;
const yearAfterMean = (
  _all: string,
  year: string,
  unit?: string,
  stat?: string,
  stat2?: string,
  unit2?: string,
) => (unit ? `the ${unit} ${stat} of ${year}` : `the ${stat2} ${unit2} of ${year}`);

/** The mark read from the words of a container's mean or median (its percent, when said, as a factor). */
function markOf(
  percent: string | undefined,
  within: string,
  unitBefore: string | undefined,
  stat: string,
  unitAfter: string | undefined,
  inclusive: boolean,
  whole = false,
): PeriodMark | undefined {
  const unit = UNIT[(unitBefore ?? unitAfter ?? '').toLowerCase()];
  // ("the average month": the question's own period is the container, its unit said beside the mean.)
  const asked = within === '';
  if (asked && !unit) return undefined;
  const factor = percent === undefined ? undefined : Number(percent) / 100;
  // (A part of a median, or a bound that holds itself with no part said, is not read.)
  if (factor !== undefined && (!(factor > 0) || /median/i.test(stat))) return undefined;
  if (inclusive && factor === undefined) return undefined;
  return {
    stat: /median/i.test(stat) ? ('median' as const) : ('avg' as const),
    // (A container asked is set from the question's period by againstPeriod; 'year' stands until then.)
    within: asked ? 'year' : (UNIT[within.toLowerCase()] as Grain),
    ...(unit ? { unit } : {}),
    ...(asked ? { asked: true as const } : {}),
    ...(whole ? { whole: true as const } : {}),
    ...(factor !== undefined && factor !== 1 ? { factor } : {}),
    ...(inclusive ? { inclusive: true as const } : {}),
  };
}

/** Whether a noun said after the mean ("average daily revenue") is the figure compared ("revenue", not "orders"). */
const sameFigure = (noun: string, after: string | undefined) =>
  after === undefined || COUNTED.test(after.replace(/\s+/g, ' ')) === COUNTED.test(noun.replace(/\s+/g, ' '));

/**
 * "which months of 2025 were above average for revenue", "quarters with below-average order counts", "which months
 * beat the monthly average for orders", "were below the 2025 monthly average revenue": the periods' own figure against
 * their average period, said as this reading reads it ("had revenue below the average month"; was refused). The
 * periods must be said ("which months"), and a cadence said beside the average must be theirs.
 */
const AVERAGE_SAID_OTHERWISE =
  /\b(?:(?:were|was|are|is|came\s+in|ran)\s+(above|below|under|over)[\s-]+(?:the\s+)?(?:(20\d\d)\s+)?(?:(daily|weekly|monthly|quarterly)\s+)?average\s+(?:for\s+|in\s+|on\s+|of\s+|by\s+)?|(?:had|have|has|with|saw)\s+(above|below)[\s-]average\s+|(beat|beats|topped|exceeded|outperformed|fell\s+short\s+of|missed|trailed)\s+the\s+(?:(20\d\d)\s+)?(?:(daily|weekly|monthly|quarterly)\s+)?average\s+(?:for\s+|in\s+|on\s+|of\s+|by\s+))(revenue|sales|orders|order\s+counts?|number\s+of\s+orders|spend)\b/gi;

/** The question with the periods' figure against their average period said as `readPeriodRelative` reads it, or undefined. */
export function restateAgainstAverage(question: string): string | undefined {
  const restated = question.replace(AVERAGE_SAID_OTHERWISE, (all: string, ...groups: string[]) => {
    const [side1, year1, cadence1, side2, verb, year3, cadence3, figure = ''] = groups;
    const offset = Number(groups[8]);
    const unit = /\b(day|week|month|quarter)s\b/i.exec(question.slice(0, offset))?.[1]?.toLowerCase();
    const cadence = (cadence1 ?? cadence3)?.toLowerCase();
    if (!unit || (cadence && GRAIN_WORDS[cadence] !== unit)) return all;
    const up = verb
      ? !/^(?:fell|missed|trailed)/i.test(verb)
      : /^(?:above|over)$/i.test(side1 ?? side2 ?? '');
    const what = /order/i.test(figure) ? 'orders' : figure.toLowerCase();
    const year = year1 ?? year3;
    return `had ${what} ${up ? 'above' : 'below'} the average ${unit}${year ? ` of ${year}` : ''}`;
  });
  return restated === question ? undefined : restated;
}

/**
 * The question with a period's figure against its containing period's mean or median read as one to a stand-in
 * number, and the mark it was against; the question as it was when it says none.
 */
export function readPeriodRelative(asked: string): { text: string; mark?: PeriodMark } {
  const question = asked
    .replace(YEAR_BEFORE_MEAN, yearAfterMean)
    .replace(
      CONTAINER_OF,
      (_all, stat: string, unit: string, within: string) => `their ${within}'s ${stat} ${unit}`,
    );
  const rows = MORE_ROWS.exec(question);
  if (rows && !sameYearSaid(question, rows) && !otherYear(question, rows)) return { text: asked };
  if (rows) {
    const [, more = '', noun = 'orders', percent, within = '', before, stat = '', after, figure] = rows;
    const said = saidOf(rows);
    const word = DOWN_WORD.test(more) ? 'fewer' : 'more';
    const mark = sameFigure(noun, figure)
      ? markOf(percent, within, before, stat, after, false, !within && Boolean(rows.groups?.whole))
      : undefined;
    if (!mark) return { text: asked };
    const of = otherYear(question, rows);
    // ("more revenue than the 2024 daily average": money, set as a bound on the revenue.)
    const money = /^(?:revenue|spend)$/i.test(noun);
    const stand = money
      ? `revenue ${word === 'more' ? 'over' : 'under'} $1`
      : `${word} than 1 ${noun.toLowerCase()}`;
    return { text: question.replace(said, stand), mark: of ? { ...mark, of } : mark };
  }
  const figure = FIGURE_AGAINST.exec(question);
  if (!figure || (!sameYearSaid(question, figure) && !otherYear(question, figure))) return { text: asked };
  const [, noun = '', cmp = '', percent, within = '', before, stat = '', after, of] = figure;
  const said = saidOf(figure);
  const down = DOWN_WORD.test(cmp.replace(/\s+/g, ' '));
  const inclusive = /^at\s+(?:least|most)$/i.test(cmp);
  const mark = sameFigure(noun, of)
    ? markOf(percent, within, before, stat, after, inclusive, !within && Boolean(figure.groups?.whole))
    : undefined;
  if (!mark) return { text: asked };
  const stand = COUNTED.test(noun)
    ? `${down ? 'fewer' : 'more'} than 1 orders`
    : `revenue ${down ? 'under' : 'over'} $1`;
  const year = otherYear(question, figure);
  return { text: question.replace(said, stand), mark: year ? { ...mark, of: year } : mark };
}

const finer = (a: Grain, b: Grain) => GRAINS.indexOf(a) < GRAINS.indexOf(b);

/**
 * The calendar unit a period is exactly one of (2024: year; Q2 2025: quarter; March 2025: month), or undefined (no
 * period, several units, a span of days): "the average month" of the question's period is then no container.
 */
function wholeUnit(period: Plan['range']): Grain | undefined {
  if (!period || period.relative || period.assumed) return undefined;
  const from = /^(\d{4})-(\d\d)-01(?:T00:00:00(?:\.000)?Z?)?$/.exec(period.from);
  const to = /^(\d{4})-(\d\d)-01(?:T00:00:00(?:\.000)?Z?)?$/.exec(period.to);
  if (!from || !to) return undefined;
  const months = (Number(to[1]) - Number(from[1])) * 12 + Number(to[2]) - Number(from[2]);
  const start = Number(from[2]) - 1;
  if (months === 12 && start === 0) return 'year';
  if (months === 3 && start % 3 === 0) return 'quarter';
  if (months === 1) return 'month';
  return undefined;
}

/**
 * The plan with its condition on periods set against their containing period's mean or median, or why it cannot be:
 * one plain condition on one figure of periods finer than the container, listed or counted (per a coarser period at
 * most), over no other breakdown or comparison.
 */
export function againstPeriod(plan: Plan, mark: PeriodMark): Plan | string {
  const h = plan.having;
  const misfit =
    "I can list or count the days, weeks, months or quarters whose figure is above or below their own month's, quarter's or year's mean or median, not in this question";
  if (!h?.grain || h.value !== 1 || !['>', '<'].includes(h.op)) return misfit;
  if (h.clauses || h.spread || h.versus || h.rank || h.and || h.rows || h.vsAverage || h.rankBy)
    return misfit;
  if (h.output !== 'list' && h.output !== 'count') return misfit;
  if (plan.dimensions.length > 0 || plan.compare || plan.top || plan.share || plan.anyOf) return misfit;
  // ("the average month": of every month the question counts; "over all the data": with no period named. A period
  // read against today may be partial, and "per year" would leave open whose mean: neither is read.)
  if (mark.whole && plan.range) return misfit;
  if (mark.asked && (plan.range?.relative || (plan.grain && plan.grain !== h.grain))) return misfit;
  // ("days in 2025 above the 2024 daily average": the question's own period one whole year, the other year's periods
  // of the same unit averaged.)
  if (mark.of !== undefined && (wholeUnit(plan.range) !== 'year' || plan.grain || !mark.unit)) return misfit;
  const within =
    mark.of !== undefined ? 'year' : mark.asked ? (wholeUnit(plan.range) ?? 'year') : mark.within;
  const whole = mark.asked && mark.of === undefined && !wholeUnit(plan.range);
  if (!whole && !finer(h.grain, within)) return misfit;
  if (mark.unit && mark.unit !== h.grain) return misfit;
  // ("peak days per month": counted per month; a breakdown finer than the periods compared is no count of them.)
  if (plan.grain && plan.grain !== h.grain && !finer(h.grain, plan.grain)) return misfit;
  const { unit: _unit, inclusive, asked: _asked, whole: _whole, of, ...marked } = mark;
  const vsPeriod = {
    ...marked,
    within,
    ...(whole ? { whole: true as const } : {}),
    ...(of !== undefined ? { of: yearPeriod(of) } : {}),
  };
  // (Periods listed per a coarser period are counted in each: "peak days per month".)
  const output = plan.grain && plan.grain !== h.grain ? 'count' : h.output;
  // ("at least 110% of the month's average day": the bound itself holds.)
  const op = inclusive ? (h.op === '>' ? '>=' : '<=') : h.op;
  return { ...plan, having: { ...h, op, output, vsPeriod } };
}

/** How the condition is said in the answer ("with more orders than their month's average day"). */
export function periodRelativeWords(
  up: boolean,
  counted: boolean,
  noun: string,
  name: string,
  vs: NonNullable<NonNullable<Plan['having']>['vsPeriod']>,
  grain: Grain,
  inclusive = false,
): string {
  const stat = vs.stat === 'median' ? 'median' : 'average';
  const part = vs.factor !== undefined ? `${percentOf(vs.factor)}% of ` : '';
  const against = vs.of
    ? `${part}the ${stat} ${grain} of ${vs.of.label}`
    : vs.whole
      ? `${part}the ${stat} ${grain}`
      : `${part}their ${vs.within}'s ${stat} ${grain}`;
  if (inclusive)
    return counted
      ? `whose ${noun.replace(/s$/, '')}s were at ${up ? 'least' : 'most'} ${against}`
      : `whose ${name} was at ${up ? 'least' : 'most'} ${against}`;
  if (counted) return `with ${up ? 'more' : 'fewer'} ${noun.replace(/s$/, '')}s than ${against}`;
  return `whose ${name} was ${up ? 'above' : 'below'} ${against}`;
}

/** A factor said back as the percent it was said as (0.95: "95"). */
const percentOf = (factor: number) => String(Math.round(factor * 10000) / 100);

const PLURAL: Record<Grain, string> = {
  day: 'days',
  week: 'weeks',
  month: 'months',
  quarter: 'quarters',
  year: 'years',
};

/**
 * A definition's words for periods against their container ("a day whose orders beat that month's daily average",
 * "months with revenue under their year's median month", "revenue above the year's average month") as the words
 * this reader reads ("days with more orders than their month's average day"); undefined unless the words are all
 * one such condition, its periods named and finer than the container.
 */
export function periodsDefined(said: string): { noun: string; mark: PeriodMark } | undefined {
  const m =
    /^(?:(?:a|an|any|the)\s+)?(?:(day|week|month|quarter)s?\s+|ones?\s+)?(?:(?:whose|with|where|when|in\s+which|that\s+(?:had|has)|has|had)\s+)?(?:(?:its|their|the)\s+)?(.+)$/i.exec(
      said.trim(),
    );
  const rest = m?.[2];
  if (!rest) return undefined;
  const read = readPeriodRelative(rest);
  if (!read.mark || !/^(?:more|fewer) than 1 orders$|^revenue (?:over|under) \$1$/.test(read.text))
    return undefined;
  const unitSaid = m?.[1] ? UNIT[m[1].toLowerCase()] : undefined;
  const unit = unitSaid ?? read.mark.unit;
  if (!unit || (read.mark.unit && read.mark.unit !== unit) || !finer(unit, read.mark.within))
    return undefined;
  const up = /^more|over/.test(read.text);
  const stat = read.mark.stat === 'median' ? 'median' : 'average';
  const part = read.mark.factor !== undefined ? `${percentOf(read.mark.factor)}% of ` : '';
  const against = read.mark.asked
    ? `${part}the ${stat} ${unit}`
    : `${part}their ${read.mark.within}'s ${stat} ${unit}`;
  const counted = read.text.endsWith('orders');
  const noun = read.mark.inclusive
    ? `${PLURAL[unit]} with ${counted ? 'orders' : 'revenue'} at ${up ? 'least' : 'most'} ${against}`
    : counted
      ? `${PLURAL[unit]} with ${up ? 'more' : 'fewer'} orders than ${against}`
      : `${PLURAL[unit]} with revenue ${up ? 'over' : 'under'} ${against}`;
  return { noun, mark: { ...read.mark, unit } };
}
