/**
 * Periods that beat another period, counted or listed (issue 29, period over period): "how many months of 2025 had
 * more orders than the month before?", "which months in 2024 beat the same month a year earlier on orders?", "in
 * how many quarters of 2024 were sales up on the same quarter of 2023?", "list the quarters of 2024 that had fewer
 * orders than the same quarter of 2023", "how many times in 2023 did monthly revenue go up from one month to the
 * next?", and after a series ("orders by month in 2024"), "how many of those months beat the same month of 2023?".
 * Each period's figure against the one right before it (LAG, the one before the range read too), or against the same
 * one a year before (paired-periods.ts); only the periods that moved the way asked are kept, and "how many" counts
 * them (out of those compared). Was each period's change listed (confidently wrong: twelve rows for one count), or
 * refused ("beat"). A period beats another when its figure is strictly greater.
 */
import { unitStart } from './dates';
import { pairedPeriods } from './paired-periods';
import type { Plan } from './plan';
import { yearPeriod } from './vocabulary';
export interface PeriodBeats {
  unit: 'month' | 'quarter' | 'week';
  way: 'up' | 'down';
  output: 'count' | 'list';
  /** Against the period right before, or the same one a year before (`year`: the later year, `base`: the earlier). */
  against: { kind: 'before' } | { kind: 'year'; year?: number; base?: number };
  /** "how many of those months ...": the previous answer's series. */
  ofThose: boolean;
  /** The figure and its scope in the planner's words, without the comparison ("revenue in 2025"). */
  rest: string;
  /** A margin said beside the comparison ("by more than 5%", "by 1,000 orders"), which is not read. */
  margin?: true;
}

const UNIT = '(month|quarter|week)s?';
const ASK =
  '(in\\s+how\\s+many|how\\s+many|count(?:\\s+up)?(?:\\s+of)?|(?:the\\s+|a\\s+)?number\\s+of|(?:in|during|for)\\s+which|which|list(?:\\s+out)?|show(?:\\s+me)?|name|what\\s+are|what)';
/** "how many months ...", "which of those quarters ...", "count the months ...". */
const SUBJECT = new RegExp(
  `^\\s*(?:(?:so|and|ok|okay|now)\\s*,?\\s+)?((?:in|during|for|since|over)\\s+[^,]{2,40}?,?\\s+)?${ASK}\\s+(?:(?:all\\s+)?(?:of\\s+)?(those|these|them|the)\\s+)?(?:the\\s+)?${UNIT}\\b(.*)$`,
  'i',
);
const YEAR_BACK =
  '(?:(?:a|one|the)\\s+year\\s+(?:before|earlier|ago|back|prior)|(?:the\\s+)?(?:previous|prior|preceding)\\s+year|(?:the\\s+)?year\\s+(?:before|earlier)|last\\s+year|(?:of|in)\\s+(?:the\\s+)?(?:previous|prior|preceding|last)\\s+year)';
/** The comparison: "than the month before", "on the same quarter of 2023", "beat the same month a year earlier". */
const AGAINST = new RegExp(
  `\\b(than|over|on|from|vs\\.?|versus|compared\\s+(?:with|to)|against|beat|beats|topped|tops|exceeded|outdid|outperformed|outsold|trailed|lagged|below|above|under|behind|ahead\\s+of)\\s+(?:(?:in|for|during)\\s+)?(?:the\\s+|its\\s+|their\\s+)?(?:(same\\s+(?:month|quarter|week)(?:\\s+(?:of|in)\\s+(\\d{4})|\\s+${YEAR_BACK})?)|((?:month|quarter|week)\\s+(?:before|prior|earlier)(?:\\s+(?:it|that|them))?|(?:previous|prior|preceding|last)\\s+(?:month|quarter|week)|(?:one|period)\\s+(?:before|prior)(?:\\s+it)?))`,
  'i',
);
/** "year over year", "YoY", "month over month", "MoM", "QoQ": the comparison in shorthand. */
const SHORTHAND =
  /\b(?:(year[-\s](?:over|on)[-\s]year|yoy|y\/y)|(mom|m\/m|qoq|q\/q|wow|w\/w)|(month|quarter|week)[-\s](?:over|on)[-\s]\3)\b/i;
const SHORT_UNITS: Record<string, string> = {
  mom: 'month',
  'm/m': 'month',
  qoq: 'quarter',
  'q/q': 'quarter',
  wow: 'week',
  'w/w': 'week',
};
/** A ranking of the changes ("grew the most", "the biggest rise"), which change rankings read. */
const SUPERLATIVE =
  /\b(?:most|least|fastest|slowest|biggest|largest|smallest|best|worst|highest|lowest|sharpest|steepest|furthest|farthest|greatest|hardest|strongest|weakest|top|bottom|first|last\s+(?:one|time))\b/i;
/** "how many times in 2023 did monthly revenue go up from one month to the next?" */
const TIMES = /^\s*(?:how\s+many\s+times|how\s+often)\b(.*)$/i;
const STEP =
  /\b(?:from\s+one\s+(month|quarter|week)\s+to\s+the\s+next|(month|quarter|week)\s+(?:over|on|to)\s+\2)\b/i;
const ADJECTIVE: Record<string, PeriodBeats['unit']> = {
  monthly: 'month',
  quarterly: 'quarter',
  weekly: 'week',
};

const UP =
  /\b(more|higher|greater|bigger|larger|beat|beats|topped|tops|exceeded|outdid|outperformed|outsold|grew|grow|rose|rise|increased|increase|up|above|ahead|improved)\b/i;
const DOWN =
  /\b(fewer|less|lower|smaller|fell|fall|dropped|drop|declined|decline|decreased|decrease|down|below|under|behind|trailed|lagged|shrank|worse)\b/i;
/** Words of the clause that say nothing of the figure or its scope. */
const CLAUSE =
  /\b(?:had|have|has|were|was|is|are|did|do|does|saw|see|showed|show|with|where|when|in\s+which|that|go|went|come\s+in|came\s+in|it|actually|end\s+up|ended\s+up|up|down)\b/gi;

/**
 * The size of each change asked beside the periods ("and by how much?", ", and how much they dropped", "Show the gap
 * in dollars.", "Give the difference.", "with the difference"): the listed periods are given with their change
 * anyway, so it is read away.
 */
const SIZE_ASKED =
  /(?:\s*[,;]?\s*(?:and\s+)?(?:(?:by\s+)?how\s+(?:much|many)(?:\s+(?:they|it|each)\s+(?:dropped|fell|rose|grew|declined|increased|decreased|went\s+(?:up|down)|changed|was|were))?(?:\s+[a-z]+)?)|\s*[,;]?\s*(?:and\s+)?(?:with|including|plus)\s+(?:the\s+|their\s+|its\s+)?(?:gaps?|differences?|changes?|drops?|shortfalls?)|\s*[.?!;,]\s*(?:please\s+)?(?:show|give|include|add|list|tell)(?:\s+me)?\s+(?:the\s+|their\s+|each\s+one's\s+)?(?:gaps?|differences?|changes?|drops?|shortfalls?|amounts?)(?:\s+(?:for\s+each|each))?)(?:\s+in\s+(?:dollars|\$|orders|customers|units))?\s*[?.!]*\s*$/i;
/**
 * ", and what was the difference (2025 minus 2024) for each?": the size of each change asked as a question of its
 * own; a difference said the other way round ("2024 minus 2025") is not read away.
 */
const WHAT_SIZE =
  /\s*[,;]?\s*(?:and\s+)?what\s+(?:was|were|is|are)\s+(?:the\s+|their\s+|each\s+one's\s+)?(?:gaps?|differences?|changes?|drops?|shortfalls?)(?:\s*\((?:(\d{4})\s+minus\s+(\d{4})|in\s+(?:dollars|\$|orders))\))?(?:\s+(?:for|of|in)\s+each(?:\s+one|\s+of\s+them)?)?\s*[?.!]*\s*$/i;
/** The question without a size of each change asked beside the periods. */
function withoutSizeAsked(question: string): string {
  const what = WHAT_SIZE.exec(question);
  if (what && (!what[1] || Number(what[1]) > Number(what[2]))) return question.slice(0, what.index);
  return question.replace(SIZE_ASKED, '');
}
/** "quarters of 2025 where orders went down ...": the periods listed, said without "which". */
const BARE_UNITS = /^\s*((?:month|quarter|week)s\s+(?:of|in|during|since)\b)/i;

/** "Month over month, how many months ...": the comparison in shorthand said first, read as if said last. */
const SHORTHAND_FIRST =
  /^\s*((?:year|month|quarter|week)[-\s](?:over|on)[-\s](?:year|month|quarter|week)|yoy|y\/y|mom|m\/m|qoq|q\/q|wow|w\/w)\s*[,:;-]\s*/i;
/** A verb of change: the period's figure against the one before when no other period is said. */
const CHANGE_VERB =
  /\b(?:fell|fall|falls|dropped|drop|drops|declined|decline|declines|decreased|decrease|decreases|shrank|shrink|grew|grow|grows|rose|rise|rises|increased|increase|increases|(?:go|went|goes)\s+(?:up|down))\b/i;
/** Words that say another point of comparison (a level, a target, an average) than the period before. */
const OTHER_POINT =
  /\b(?:below|under|above|over|than|beneath|past|beyond|average|mean|median|typical|target|goal|budget|threshold|mark|level|zero|nothing|from|to|since|between|compared|against|versus|vs)\b|\$|%/i;

/**
 * "how many months in 2025 saw revenue decline?": a period's figure that fell or grew, no other period said, is
 * against the one right before it (the comparison a change verb says of a period on its own), read as if "month
 * over month" were said after it. A level, an average or a figure said beside it ("fall below $13M", "drop under
 * the average") is not this reading.
 */
function withImplicitStep(tail: string, unit: string): string {
  if (!CHANGE_VERB.test(tail) || OTHER_POINT.test(tail) || AGAINST.test(tail) || SHORTHAND.test(tail))
    return tail;
  if (/\d/.test(tail.replace(/\b(?:19|20)\d\d\b|\b[qh]\d\b/gi, ' '))) return tail;
  return `${tail} ${unit} over ${unit}`;
}

/** The reading of a question that counts or lists the periods beating another, or undefined. */
export function readPeriodBeats(question: string): PeriodBeats | undefined {
  const shorthandFirst = SHORTHAND_FIRST.exec(question);
  const asked = shorthandFirst
    ? `${question.slice(shorthandFirst[0].length).replace(/[?.!]+\s*$/, '')} ${shorthandFirst[1]}?`
    : question;
  const text = withoutSizeAsked(asked)
    .replace(/[?.!]+\s*$/, '')
    .replace(BARE_UNITS, 'which $1')
    .trim();
  const subject = SUBJECT.exec(text);
  if (subject) {
    const [, lead = '', ask = '', those, unitWord = '', said0 = ''] = subject;
    const tail = withImplicitStep(said0, unitWord.toLowerCase());
    const against = AGAINST.exec(tail);
    // ("up year over year", "down MoM": the comparison in shorthand.)
    const short = against ? undefined : SHORTHAND.exec(tail);
    // ("which quarter grew the most vs the quarter before?": a ranking of the changes, not those that moved.)
    if ((!against && !short) || SUPERLATIVE.test(tail)) return undefined;
    const unit = unitWord.toLowerCase() as PeriodBeats['unit'];
    const said = against
      ? (against[2] ?? against[4] ?? '').toLowerCase()
      : short?.[1]
        ? `same ${unit}`
        : (SHORT_UNITS[(short?.[2] ?? '').toLowerCase()] ?? (short?.[3] ?? '').toLowerCase());
    // (The compared period is of the same unit: "months ... than the quarter before" is not read.)
    if (!said.includes(unit) && !/^(?:one|period)\b/.test(said)) return undefined;
    const found = (against ?? short) as RegExpExecArray;
    const before = tail.slice(0, found.index);
    const after = tail.slice(found.index + found[0].length);
    const verb = against?.[1] ?? '';
    const way = wayOf(`${before} ${verb}${short ? ` ${after}` : ''}`);
    if (!way) return undefined;
    const output = /^(?:in\s+how|how|count|(?:the\s+|a\s+)?number)/i.test(ask) ? 'count' : 'list';
    // ("which month beat the month before?": one of them asked, a ranking's; the periods that did are plural.)
    if (output === 'list' && !new RegExp(`\\b${unit}s\\b`, 'i').test(subject[0])) return undefined;
    // ("beat the month before by more than 5%": a margin, a figure besides the periods' own years and quarters.)
    const margin = /\d/.test(tail.replace(/\b(?:19|20)\d\d\b|\b[qh]\d\b/gi, ' '));
    return {
      ...(margin ? { margin: true as const } : {}),
      unit,
      way,
      output,
      against: against?.[2] ? yearBack(against[3]) : short?.[1] ? { kind: 'year' } : { kind: 'before' },
      ofThose: those !== undefined && those.toLowerCase() !== 'the',
      rest: restOf(`${lead.replace(/,\s*$/, '')} ${before} ${after}`),
    };
  }
  const times = TIMES.exec(text);
  if (!times) return undefined;
  const tail = times[1] ?? '';
  const step = STEP.exec(tail);
  const adjective = /\b(monthly|quarterly|weekly)\b/i.exec(tail);
  const unit = step
    ? ((step[1] ?? step[2] ?? '').toLowerCase() as PeriodBeats['unit'])
    : adjective
      ? ADJECTIVE[(adjective[1] ?? '').toLowerCase()]
      : undefined;
  const way = wayOf(tail);
  if (!unit || !way) return undefined;
  const rest = (step ? tail.replace(STEP, ' ') : tail).replace(/\b(?:monthly|quarterly|weekly)\b/gi, ' ');
  return { unit, way, output: 'count', against: { kind: 'before' }, ofThose: false, rest: restOf(rest) };
}

function wayOf(text: string): PeriodBeats['way'] | undefined {
  const up = UP.test(text);
  const down = DOWN.test(text);
  return up === down ? undefined : up ? 'up' : 'down';
}

function yearBack(year: string | undefined): PeriodBeats['against'] {
  return year ? { kind: 'year', base: Number(year) } : { kind: 'year' };
}

/** The figure and scope words left once the comparison, its direction and the clause's verbs are taken away. */
function restOf(text: string): string {
  return text
    .replace(new RegExp(UP.source, 'gi'), ' ')
    .replace(new RegExp(DOWN.source, 'gi'), ' ')
    .replace(CLAUSE, ' ')
    .replace(
      /\b(?:in|on|by|for)\s+(?=(?:terms\s+of\s+)?(?:revenue|sales|orders?|order\s+count|number\s+of|average|aov|customers?|spend)\b)/gi,
      ' ',
    )
    .replace(/\bin\s+terms\s+of\b/gi, ' ')
    .replace(/\bthan\b/gi, ' ')
    .replace(
      /\b(?:(?:unique|distinct|different)\s+)?(?:customers|clients|buyers)\s+(?:ordering|buying|order|buy|who\s+(?:ordered|bought))\b/gi,
      'number of customers',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** A part of a year said before it ("H1", "Q3", "March", "the first half of"). */
const PART_BEFORE =
  /(?:\b[qh][1-4]|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)|\bhalf\s+of|\bquarter\s+of|\bmonths?\s+of)\s*$/i;

/** A year said in the rest ("of 2025", "in 2024", "last year"), with the rest without it. */
export function yearOfRest(rest: string, today: string): { year: number; rest: string } | undefined {
  const said = /\b(?:(?:of|in|during|for)\s+)?(?:(\d{4})|(last|this)\s+year)\b/i.exec(rest);
  if (!said) return undefined;
  // ("of H1 2025", "in March 2025": a part of the year, not the year; its months are not paired here.)
  if (PART_BEFORE.test(rest.slice(0, said.index + (said[0].length - (said[1] ?? said[0]).length))))
    return undefined;
  const now = Number(today.slice(0, 4));
  const year = said[1] ? Number(said[1]) : said[2]?.toLowerCase() === 'last' ? now - 1 : now;
  return { year, rest: `${rest.slice(0, said.index)} ${rest.slice(said.index + said[0].length)}`.trim() };
}

/** The question in the planner's words: the figure over the unit with the comparison its change reads. */
export function beatsText(beats: PeriodBeats, today: string): string | undefined {
  const unit = beats.unit;
  const rest = beats.rest.replace(/^of\s+/i, 'in ');
  if (beats.against.kind === 'before') return `${rest} by ${unit} with the change from the ${unit} before`;
  const year = yearOfRest(rest, today);
  if (!year) return undefined;
  const base = beats.against.base ?? year.year - 1;
  if (base >= year.year) return undefined;
  return `${year.rest} for every ${unit} of ${year.year} vs the same ${unit} of ${base}`;
}

/** Whether a word is a unit the beats read (for a caller checking a series' grain). */
export const isBeatsUnit = (grain: string | undefined): grain is PeriodBeats['unit'] =>
  grain !== undefined && ['month', 'quarter', 'week'].includes(grain);

const REFUSED =
  'I can count or list the months, quarters or weeks whose figure beat (or fell below) the one before or the same one a year earlier, for one named figure over a span of whole years or periods';

/** Whether the rest names a figure beside its scope ("revenue in 2025"; "in 2025" alone names none). */
function namesFigure(rest: string): boolean {
  const left = rest
    .replace(
      /\b(?:since\s+the\s+start\s+of|since|in|of|during|for|over|the|my|our|this|last|year|start|so\s+far)\b/gi,
      ' ',
    )
    .replace(/\b\d{4}\b/g, ' ')
    .trim();
  return left.length > 0;
}

/**
 * The plan of a beats reading: the question in the planner's words read by `read`, or the previous answer's series
 * (`prior`) for "how many of those months ..."; with only the periods that moved the way asked, counted when asked.
 * A string is the refusal's reason.
 */
export function beatsPlan(
  beats: PeriodBeats,
  today: string,
  read: (text: string) => Plan | undefined,
  prior: Plan | undefined,
): Plan | string {
  if (beats.margin)
    return `${REFUSED}, not by a margin ("by more than 5%"): I would count every one that beat it at all`;
  const change = (rank: 'percent' | 'absolute'): NonNullable<Plan['change']> => ({
    rank,
    only: beats.way,
    ...(beats.output === 'count' ? { countPeriods: true as const } : {}),
  });
  // ("for each region, which months of 2024 had less revenue than the same month of 2023": the periods listed per
  // value of one breakdown, each against its own earlier figure; counted, they would be pooled over the values.)
  const plainSeries = (p: Plan) =>
    p.grain === beats.unit &&
    p.measures.length === 1 &&
    (p.dimensions.length === 0 ||
      (!beats.ofThose &&
        beats.output === 'list' &&
        p.dimensions.length === 1 &&
        p.dimensions[0]?.type === 'string')) &&
    !p.top &&
    !p.having &&
    !p.share &&
    !p.perEntity &&
    !p.window;
  if (beats.ofThose) {
    if (!prior || !plainSeries(prior) || prior.compare || prior.change) return REFUSED;
    if (beats.against.kind === 'before') return { ...prior, change: change('absolute') };
    const range = prior.range;
    const year = range ? /^(\d{4})-01-01$/.exec(range.from) : null;
    const y = Number(year?.[1]);
    if (!range || !year || range.to !== `${y + 1}-01-01`) return REFUSED;
    const base = beats.against.base ?? y - 1;
    if (base >= y) return REFUSED;
    const plan: Plan = {
      ...prior,
      range: undefined,
      compare: [yearPeriod(base), range],
      change: change('percent'),
    };
    return pairedPeriods(plan) ? plan : REFUSED;
  }
  if (!namesFigure(beats.rest))
    return `${REFUSED}: which figure (revenue, orders, ...) should the ${beats.unit}s beat on?`;
  const text = beatsText(beats, today);
  const plan = text ? read(text) : undefined;
  if (!plan || !plainSeries(plan) || !plan.change) return REFUSED;
  if (beats.against.kind === 'year') {
    if (!pairedPeriods(plan)) return REFUSED;
    return { ...plan, change: change('percent') };
  }
  if (plan.compare) return REFUSED;
  // (Weeks cut by a span that does not start and end on a Monday are partial weeks: compared, the cut ones would
  // count as falls or rises of their own.)
  const range = plan.range;
  if (
    beats.unit === 'week' &&
    range &&
    (unitStart(range.from, 'week') !== range.from || unitStart(range.to, 'week') !== range.to)
  )
    return `${REFUSED}; ${range.label} does not cut into whole weeks (Monday to Sunday), so its first and last weeks would be partial: ask for a span of whole weeks or by month`;
  return { ...plan, change: change(plan.change.rank) };
}
