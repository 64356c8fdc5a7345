/**
 * Follow-ups (issue 29; README, "What the analyst understands"): a question that leans on the previous one is
 * read as ONE change to the previous question's reading. What it does not name is kept (measure, filters,
 * periods, breakdown); what it names replaces or adds one part:
 * - a group within the previous groups ("for each of those, which region had the most?"): the top row of the
 *   new breakdown within each previous group, of the same measure and period;
 * - a period after the previous one ("and since then?"): from the end of that period through today;
 * - a rank of the previous rows ("which of those was lowest?", "only the top 3") or of their change between
 *   two periods ("which one fell the most, in percent?");
 * - the entities just counted, listed ("list them");
 * - a share of the previous rows ("as a percent of the total");
 * - both periods side by side ("how does that compare to 2023?"); the previous breakdown split further ("break
 *   those down by region"); a part "of those" rows ("how many of those were cancelled?");
 * - a measure, a value, a period or a breakdown of its own ("what about revenue?", "same for toys", "and in
 *   2024?", "and by region?").
 */

import type { CatalogMember } from './catalog';
import { changeInUnit } from './change-unit';
import { addDays } from './clock';
import { monthsLong, periodBefore, periodBeside, shift } from './dates';
import type { Parsed, Period, Plan } from './plan';
import { changeToThat, pointsAtWinner, winnerInYear } from './previous-pointers';
import { ofTheWhole, periodPartOfPrevious, WHOLE_NOUNS } from './share-parts';
import { words } from './text';
import { plainTop, sumOfTopRows, totalOfPrevious } from './top-total';
import { ASC_SUPERLATIVES, DESC_SUPERLATIVES, FOLLOW_UP_START, isYear, type Unit } from './vocabulary';

/** The second-order fields of a plan (carried over by follow-ups that do not change them). */
export const secondOrderOf = (p: Plan): Partial<Plan> => ({
  ...(p.having ? { having: p.having } : {}),
  ...(p.change ? { change: p.change } : {}),
  ...(p.perGroup ? { perGroup: p.perGroup } : {}),
  ...(p.percentile ? { percentile: p.percentile } : {}),
  ...(p.first ? { first: p.first } : {}),
  ...(p.reach ? { reach: p.reach } : {}),
  ...(p.terms ? { terms: p.terms } : {}),
  ...(p.ignored ? { ignored: p.ignored } : {}),
  ...(p.readAs ? { readAs: p.readAs } : {}),
  ...(p.also ? { also: p.also } : {}),
});

/** Words that point at the rows of the previous answer. */
const POINTS_BACK =
  /\b(which one|which ones|which of them|which of those|which of these|that one|those|these|them)\b/;

/** Words around a bare end of a ranking ("and the lowest?", "which was highest?"). */
const END_FILLER = new Set([
  'and',
  'the',
  'which',
  'what',
  'was',
  'is',
  'were',
  'one',
  'about',
  'how',
  'then',
  'so',
]);

/**
 * "and the lowest?", "which was highest?", "the quietest?": an end of the previous rows and nothing else (no
 * measure: "highest" alone is no largest order amount there).
 */
const bareEnd = (raws: readonly string[]) =>
  raws.some((w) => DESC_SUPERLATIVES.has(w) || ASC_SUPERLATIVES.has(w)) &&
  raws.every((w) => END_FILLER.has(w) || DESC_SUPERLATIVES.has(w) || ASC_SUPERLATIVES.has(w));

/** "break that down by region", "split it by segment": the previous answer broken down. */
const BREAK_THAT =
  /^(?:(?:can|could)\s+you\s+|please\s+|now\s+)?(?:break|split)\s+(?:that|this|it|those|these|them)\b/;

/** Whether the question leans on the previous one ("and by status?", "what about 2024?", "which of those ..."). */
export function looksLikeFollowUp(question: string, parsed?: { measures: unknown[] }): boolean {
  const raws = words(question);
  const text = raws.join(' ');
  if (FOLLOW_UP_START.some((start) => text === start || text.startsWith(`${start} `))) return true;
  if (BREAK_THAT.test(text)) return true;
  if (bareEnd(raws)) return true;
  // "for each of those, which region ...", "and since then?": a part of the previous reading named.
  if (WITHIN_PREVIOUS.test(text) || SINCE_THEN.test(text) || NEXT_PERIOD.test(text)) return true;
  // "which of those was lowest?", "as a percent of the total?": a measure word there ranks or shares those rows.
  const pointed =
    WHICH_OF.test(text) ||
    AS_SHARE.test(text) ||
    FOR_THOSE.test(text) ||
    OF_THOSE.test(text) ||
    SHARE_OF_THAT.test(text);
  if (pointed && raws.length <= 10) return true;
  // "list them from lowest to highest", "sort those by size": the previous rows in order.
  const sorts = ORDER_PHRASE.test(text) || raws.some((w) => SORTING.has(w));
  if (sorts && POINTS_BACK.test(text) && raws.length <= 10) return true;
  // "how much did they spend?", "what were their order counts?": a measure of the previous rows.
  // ("how much did it make?", "what was its AOV?" after "top category in 2024": the one row just answered; read
  // on its own, "it" was dropped and the figure given over every row: confidently wrong.)
  if (pointsAtRows(text) && raws.length <= 8) return true;
  if (BARE_FIGURE.test(text)) return true;
  // "what share of that quarter's revenue did the top two make together?": the previous answer's period pointed at
  // (read on its own, the period went and the share was of every year: confidently wrong).
  if (PERIOD_POINTER.test(text)) return true;
  if (parsed === undefined || parsed.measures.length > 0) return false;
  // "which one fell the most, in percent?": a word pointing back at the previous answer's rows.
  return raws.length <= 6 || (POINTS_BACK.test(text) && raws.length <= 10);
}

/**
 * "that quarter's", "in that year", "the same period": the previous answer's period ("this year", "the year's" are
 * said in questions of their own too).
 */
const PERIOD_POINTER = /\b(?:that|the\s+same)\s+(?:year|quarter|half|month|week|period|day)s?\b/;

/** Words pointing at the previous answer's rows as the subject of a measure ("did they spend", "their orders"). */
const OF_ROWS = /\b(they|their|them|those|these|each of them|each of those|it|its)\b/;
/**
 * "each" alone as the subject ("how many orders did each place?", "what segment is each in?", "each one"): the
 * previous rows too. ("in each region" names a breakdown of its own.)
 */
const EACH_OF_ROWS =
  /\b(?:did|does|do|has|had|have|was|were|is|are)\s+(?:each|every one)\b|\b(?:each|every one|either)\s+(?:one|of|in|from|belongs?)\b|\beach\s*[?.!]*$/;
/** Whether the question points at the previous answer's rows. */
const pointsAtRows = (text: string) => OF_ROWS.test(text) || EACH_OF_ROWS.test(text);

/**
 * "how much did each change from the previous quarter, in orders?" after "electronics orders by quarter for 2025": a
 * change pointing at the previous rows, with no period, value or breakdown of its own, is of those rows (read on its
 * own it was every quarter of every category: confidently wrong).
 */
export function changeOfPreviousRows(question: string, own: Parsed): boolean {
  if (!own.change || own.range || own.compare?.some((p) => !p.assumed)) return false;
  if (own.filters.length > 0 || own.numberFilters.length > 0 || own.dimensions.length > 0) return false;
  // ("which month was the biggest jump from the previous month?" after monthly revenue in 2025: those months'
  // steps ranked, in that year; read on its own it ranked every month of the data: confidently wrong.)
  return pointsAtRows(words(question).join(' ')) || (own.top !== undefined && own.grain !== undefined);
}

/** Whether "the month before" is the step of a change of each unit ("vs the month before"), not a period. */
const stepOfChange = (own: Parsed, step: RegExpExecArray, text: string) =>
  own.change !== undefined &&
  own.grain === step[1] &&
  ['before', 'prior', 'earlier'].includes(step[2] ?? '') &&
  /\b(?:vs|versus|from|over|than|against|compared to|compared with|on)\s+$/.test(text.slice(0, step.index));
/** "how many?", "how much was it?": the figure the previous answer gave, asked again. */
const BARE_FIGURE =
  /^(?:and |so |ok |okay )?how (?:many|much)(?: (?:was (?:it|that)|is (?:it|that)|were (?:there|they)|are there|exactly|in total|total))?$/;
/** "the same quarter a year earlier", "same month last year": the previous period a year back. */
const SAME_PERIOD =
  /\b(?:the )?same (day|week|month|quarter|period|time|stretch|span)\b(?: (?:a|one) (?:year|yr) (?:earlier|before|ago|prior)| (?:the|a) (?:year|yr) (?:before|earlier|prior)| (?:of |in )?(?:the )?(?:last|previous|prior) (?:year|yr))/;

/** "for each of those", "within each of them", "in every one of these", "for each one": within each previous group. */
const WITHIN_PREVIOUS =
  /\b(each|every|per|within)( one)?( of)? (those|these|them)\b|\b(for|in) (each|every) one\b/;
/** "for those segments, which category led?": within each previous group only when the rest reads as a rank. */
const FOR_THOSE = /\b(for|in|across) (those|these|them)\b/;
/**
 * "how many were cancelled?", "and how many got returned?" after a count: a part of the rows just counted, as "how
 * many of those were cancelled?" reads (read alone, the period asked before was dropped and the status counted
 * over all the data: confidently wrong). Only a bare status-like word after the verb.
 */
const ELIDED_PART =
  /^(\s*(?:and\s+|so\s+|ok\s+|okay\s+)?how\s+many)\s+(were|was|got|have\s+been|had\s+been|ended\s+up)\s+(?=[a-z]+\s*[?.!]*\s*$)/i;

/** A follow-up's elided part said in full ("how many were cancelled?" as "how many of those were cancelled?"). */
export const ofThoseElided = (question: string) => question.replace(ELIDED_PART, '$1 of those $2 ');

/** The unit of a span of whole months ("month", "quarter", "half", "year"), undefined for any other span. */
const unitOf = (range: Period | undefined): string | undefined => {
  const long = range ? monthsLong(range) : undefined;
  return long === undefined ? undefined : { 1: 'month', 3: 'quarter', 6: 'half', 12: 'year' }[long];
};

const PERIOD_WHOLE =
  /(?<!\w)(%|percent(?:age)?|pct|share|proportion|fraction)\s+of\s+(?:the|that|this)\s+(month|quarter|half|year)['’]s\s+(orders|revenue|sales|spend|total)\b/gi;

/**
 * "as a % of the quarter's orders?" after a count of Q2 2025: the whole of the period asked before, as "as a % of
 * all orders?" reads there (refused over "quarter's"). Only when the thread's period is one such unit: "Q4 2025 as
 * a share of the year's revenue" names a larger whole, read elsewhere.
 */
export function periodWholeSaid(question: string, previous: Pick<Plan, 'range'> | undefined): string {
  const unit = unitOf(previous?.range);
  return unit
    ? question.replace(PERIOD_WHOLE, (all, part: string, said: string, whole: string) =>
        said.toLowerCase() !== unit
          ? all
          : `${part} of ${/^total$/i.test(whole) ? 'the total' : `all ${whole}`}`,
      )
    : question;
}

/**
 * "as a share of each region's orders?", "as a % of all orders in each region?" after "returned orders by region": the
 * previous filter's rows within each group's own whole (a rate per group), as "returned orders as a share of each
 * region's orders" reads (was each group's share of the filtered rows' total: confidently wrong). The plan with its
 * plain share turned so; the plan itself when the question names no group's own whole.
 */
export function shareWithinEach(plan: Plan, question: string): Plan {
  const [group, ...more] = plan.dimensions;
  const [part, ...others] = plan.filters.filter((f) => !f.negate);
  if (
    !plan.share ||
    Object.keys(plan.share).length > 0 ||
    !group ||
    more.length > 0 ||
    !part ||
    others.length > 0
  )
    return plan;
  const names = [...group.titleWords, ...group.otherWords].filter((w) => w.length > 2);
  const text = words(question).join(' ');
  const named = names.some((w) =>
    new RegExp(`\\b(?:each|every|per|its|that|the) ${w}s?\\b|\\bwithin (?:each|every) ${w}\\b`).test(text),
  );
  if (!named || !/\b(?:share|percent|percentage|proportion|fraction|pct)\b/.test(text)) return plan;
  return { ...plan, filters: plan.filters.filter((f) => f !== part), share: { part } };
}

/** "how many of those were cancelled?", "what share of them were returned?": a part of the previous rows. */
const OF_THOSE = /\b(of|among) (those|these|them)\b/;
/** "the quarter before", "the year after", "a month earlier": the unit next to the previous period. */
const NEXT_PERIOD = /\b(?:the|a|one) (day|week|month|quarter|year) (before|after|earlier|later|prior)\b/;
/** "which of those", "which one": a choice among the previous rows. */
const WHICH_OF = /^(and |so |ok |okay )?(which|what) (one|ones|of them|of those|of these)\b/;
/** "as a percent of the total", "show that as a % share": the previous rows as shares. */
const AS_SHARE =
  /^(((show|give|put) (that|it|this|them|those|these)|and|now|ok|same) )?(as|in) (an? )?(percent|percentage|share|pct|percents|percentages|shares)\b/;
/** "what % of all orders is that?", "what share of total revenue was that": the previous figure as a share. */
const SHARE_OF_THAT =
  /\b(percent|percentage|share|pct|proportion)\b.*\b(is|was|does|did|would) (that|this|it)( be| represent| make)?$|\b(percent|percentage|share|pct|proportion) (is|was) (that|this|it) of\b/;
/** "since then", "after that", "from then on": the time after the previous period. */
const SINCE_THEN = /\b(since|after) (then|that)\b|\bfrom then\b/;
/** Words a follow-up leans on that name no data ("same for toys", "as a percent of the total"). */
const LEANING = new Set(['same', 'then', 'that', 'thing', 'but', 'instead', 'again']);
/** Words that only say a follow-up's period lies before the previous one ("back in 2023", "going back to 2023"). */
const GOING_BACK = new Set(['back', 'going', 'go', 'way']);
/** Words of a change between periods ("grew", "vs"): a percent beside them is of the change, not a share. */
const MOVING =
  /^(?:grow|grew|grown|growth|chang\w*|increas\w*|decreas\w*|declin\w*|rise|rose|fell|fall|drop\w*|up|down|vs|versus|compar\w*|against)$/;
/** Words asking for each row's share of the whole. */
const SHARE_WORDS = new Set(['percent', 'percentage', 'share', 'pct', 'fraction', 'proportion']);

/** What a follow-up reads as: the changed plan, and the words it leaves unexplained. */
export interface FollowUp {
  plan: Plan;
  unexplained: string[];
  /** Why the change cannot be made to the previous reading (refused rather than read as another question). */
  refuse?: string;
}

/** "which of those grew vs 2024?": the ones that moved that way asked, with no ranking word. */
const WHICH_MOVED =
  /^\s*(?:and\s+|so\s+|ok\s+)?which\s+(?:of\s+(?:those|them|these)|ones?)\b[^?]*?\b(grew|grow|rose|rise|increased|went\s+up|gained|improved|fell|fall|declined|dropped|decreased|went\s+down|shrank)\b/i;

/**
 * "which of those grew vs 2024?" after "revenue by region in 2025": only the rows that moved that way (every row
 * was listed with its change, none of which grew: confidently wrong), as second-order.ts reads "which regions grew".
 */
export function onlyThoseMoved(plan: Plan, question: string): Plan {
  if (!plan.change || plan.change.only || plan.top || plan.dimensions.length === 0) return plan;
  const moved = WHICH_MOVED.exec(question)?.[1];
  if (
    !moved ||
    /\b(?:most|least|fastest|slowest|biggest|largest|smallest|best|worst|more|less)\b/i.test(question)
  )
    return plan;
  const down = /fell|fall|declin|dropp|decreas|down|shrank/i.test(moved);
  return { ...plan, change: { ...plan.change, only: down ? 'down' : 'up' } };
}

/**
 * The previous reading changed by the follow-up (`own`: the follow-up read against the previous cube), or
 * undefined when the follow-up names nothing the previous reading can take (it is then read on its own).
 */
export function readFollowUp(
  previous: Plan,
  question: string,
  own: Parsed,
  context: { leans: boolean; reread: (text: string) => Parsed; today: string },
): FollowUp | undefined {
  const raws = words(question);
  const text = raws.join(' ');
  // ("how many?" after "which month had the most cancellations in 2025": the figure just given, asked again;
  // read on its own it was every customer: confidently wrong.)
  if (BARE_FIGURE.test(text)) return { plan: previous, unexplained: [] };
  // "and as a percentage?" after "revenue per quarter of 2025 vs the same quarter of 2024": that change in % (change-unit.ts).
  const inUnit = changeInUnit(previous, raws, question);
  if (inUnit) return { plan: inUnit, unexplained: [] };
  // ("how did that month do in 2025?" after "best month of 2024 by revenue": that month a year on.)
  const moved = winnerInYear(previous, own, text);
  if (moved) return { plan: moved, unexplained: [] };
  // "within that region, which category led?": the previous ranking's winner, which this reading cannot name.
  const winner = pointsAtWinner(previous, text);
  if (winner) {
    const merged = merge(previous, own);
    // (The one value ranked first, another breakdown asked of it: that ranking run again as its filter.)
    const ranked = previous.dimensions[0];
    const kept =
      previous.top?.n === 1 &&
      !previous.top.nth &&
      ranked &&
      !merged.dimensions.includes(ranked) &&
      merged.dimensions.length > 0;
    return kept
      ? { plan: { ...merged, withinWinner: previous }, unexplained: [] }
      : { plan: merged, unexplained: [], refuse: winner };
  }
  // "what's the % change from 2023 to that?" after "revenue in 2025": 2023 against the previous period.
  const toThat = changeToThat(previous, own, text, merge);
  if (toThat) return toThat;
  own = samePartInYear(previous, inPreviousYear(previous, own, raws), raws);
  // ("and back in 2023?", "how about going back to 2023" after a question of 2025: the earlier period's words.)
  const earlier = own.range && previous.range && !own.compare && own.range.to <= previous.range.from;
  const unexplained = own.unexplained.filter((w) => !LEANING.has(w) && !(earlier && GOING_BACK.has(w)));
  // ("which of them had the fewest orders?": the superlative ranks those rows, rankedAmong.)
  const kept = (plan: Plan) => ({
    plan,
    unexplained:
      plan.amongTop && plan.amongTop === previous
        ? unexplained.filter((w) => !DESC_SUPERLATIVES.has(w) && !ASC_SUPERLATIVES.has(w))
        : unexplained,
  });
  // A change the previous reading cannot take is refused, never answered as a question of its own (words the
  // model lacks are named first).
  const unread = (refuse: string): FollowUp => ({
    plan: merge(previous, own),
    unexplained,
    ...(unexplained.length === 0 ? { refuse } : {}),
  });
  // "how did each do in 2024?" after "top 3 categories by revenue in 2025": those three in another period, which
  // this reading cannot keep (it ranked 2024 anew, other rows: confidently wrong). "and in 2024?" asks the
  // ranking again and is read below.
  // "how did they change from 2024?" after a question of 2025: 2024 to 2025, not "since 2024" against the span before.
  // ("how many orders did each of them place in 2025?" after the top 5 of 2025: the period ranked, said again, is
  // no other period; the same rows with the figure beside, as "how many orders did they place?".)
  const samePeriod =
    previous.top &&
    own.range &&
    previous.range &&
    !own.compare &&
    !own.top &&
    own.range.from === previous.range.from &&
    own.range.to === previous.range.to;
  if (samePeriod && pointsAtRows(text)) {
    const besideSame = measureBeside(previous, { ...own, range: undefined }, text);
    if (besideSame) return kept(besideSame);
  }
  const fromNamed = changeFromNamed(previous, own, raws, text);
  if (fromNamed) return kept(fromNamed);
  if (sameRowsElsewhen(previous, own, text)) {
    const elsewhen = rowsRankedElsewhen(previous, own);
    if (elsewhen) return kept(elsewhen);
    return unread(
      'those same rows in another period take their ranking from the first period, which I cannot keep here: ask for each period of each one',
    );
  }
  // (Read even when the question names a measure: "which region grew the most in %?", "list them".)
  // "how much did they spend?" after a top 3: the same rows, ranked as before, with the measure beside.
  const beside = (plan: Plan) => measureBeside(previous, own, text) ?? plan;
  const ranked = rankChange(previous, raws, own) ?? listCounted(previous, raws);
  if (ranked) return kept(ranked);
  // "which grew fastest vs the previous quarter?" after "orders by category in Q3 2025": Q2 to Q3 of each category.
  const stepped = changeOverPreviousUnit(previous, own);
  if (stepped) return kept(stepped);
  // "what segment are they in?" after a top 5 customers: each of those rows with its segment.
  const attribute = attributeOfRows(previous, own, text);
  if (typeof attribute === 'string') return unread(attribute);
  if (attribute) return kept(attribute);
  // "what share of it came in Q4?" after "revenue for 2025": a part of the previous period (share-parts.ts).
  // ("what % of that came from Q1 and Q2 together?": a percent word beside two periods reads as their change when
  // alone; of the previous figure, with no word of a change, it is a share.)
  const asked =
    Boolean(own.share) ||
    unexplained.some((w) => SHARE_WORDS.has(w)) ||
    (raws.some((w) => SHARE_WORDS.has(w)) && !raws.some((w) => MOVING.test(w)));
  const part = periodPartOfPrevious(previous, own, asked, raws);
  // ("of the year": the previous whole, named by its kind.)
  if (part)
    return {
      plan: part,
      unexplained: unexplained.filter(
        // ("how much of that was Q4": the "of" of the pointer back.)
        (w) => !SHARE_WORDS.has(w) && !(ofTheWhole(raws) && WHOLE_NOUNS.has(w)) && w !== 'of',
      ),
    };
  // "what % of the total is that?" after "top category by revenue in 2025": the top rows' share of the whole.
  // ("how much of total revenue was that": a part of the whole asked in other words.)
  const topShare = asked || /\bhow much of\b/.test(text) ? shareOfTop(previous, own) : undefined;
  if (topShare)
    return {
      plan: topShare,
      unexplained: unexplained.filter((w) => !SHARE_WORDS.has(w) && !WHOLE_NOUNS.has(w) && w !== 'of'),
    };
  // "and what was the total for the whole year?" after a top 3: the total of every row beside it (top-total.ts).
  // "what did they spend in total?" after a top 3: the sum of those rows (top-total.ts).
  const summed = sumOfTopRows(previous, raws, own, unexplained);
  if (summed) return summed;
  const total = totalOfPrevious(previous, raws, own, unexplained);
  if (total) return total;
  // "what share of the total did each month have?" after "orders by month in 2025": each row's share of it.
  const eachShare = shareOfEachRow(previous, own, asked, raws);
  if (eachShare)
    return {
      plan: eachShare,
      unexplained: unexplained.filter((w) => !SHARE_WORDS.has(w) && !WHOLE_NOUNS.has(w)),
    };
  if (!context.leans) return undefined;
  // "ok and in each region?" after "top category by revenue in 2025": the top category within each region.
  const regrouped = rankedPerGroup(previous, own, raws);
  if (regrouped) return kept(regrouped);
  const within = WITHIN_PREVIOUS.exec(text);
  if (within) {
    // "for each of those, what was the average order?": no rank, so the measure replaced over the same groups.
    const plain =
      !own.top &&
      !own.change &&
      !own.compare &&
      previous.dimensions.length > 0 &&
      own.dimensions.every((d) => previous.dimensions.includes(d));
    const plan =
      plain && !own.grain ? merge(previous, { ...own, dimensions: [] }) : withinGroups(previous, own);
    return plan
      ? kept(beside(plan))
      : unread(
          `"${within[0]}" reads only as one ranking or one figure within each group of the previous answer`,
        );
  }
  const weak = FOR_THOSE.test(text) ? withinGroups(previous, own) : undefined;
  if (weak) return kept(weak);
  const versus = versusPrevious(previous, raws, own);
  // "and how does each compare with 2024, in %?": both periods and the percent change of each row.
  const inPercent = unexplained.some((w) => SHARE_WORDS.has(w) && w !== 'share');
  // ("and vs 2023? as a percent pls" after one figure: its percent change; "wise" of "percentage-wise" goes with it.)
  const ofOne = previous.dimensions.length === 0 && !previous.grain && !secondOrder(previous);
  if (versus && inPercent && (previous.dimensions.length > 0 || ofOne) && !previous.top && !previous.share)
    return {
      plan: { ...versus, change: { rank: 'percent' } },
      unexplained: unexplained.filter((w) => !SHARE_WORDS.has(w) && w !== 'wise'),
    };
  if (versus) return kept(versus);
  const split = splitRows(previous, raws, own);
  if (split) return kept(split);
  const since = SINCE_THEN.exec(text);
  // ("the month after that one": the unit after the previous period, not the time since it.)
  const stepFirst = NEXT_PERIOD.exec(text);
  if (since && !(stepFirst && stepFirst.index < since.index)) {
    const plan = sinceThen(previous, own, context.today);
    return plan
      ? kept(plan)
      : unread(`"${since[0]}" needs one period before today in the previous question to start from`);
  }
  const same = SAME_PERIOD.exec(text);
  if (same) {
    const plan = yearBack(previous, own);
    const cue = new Set([...same[0].split(' '), 'that', 'it', 'this', 'and', 'what', 'about']);
    return plan
      ? { plan, unexplained: unexplained.filter((w) => !cue.has(w)) }
      : unread(`"${same[0]}" needs one period in the previous question to go a year back from`);
  }
  const step = NEXT_PERIOD.exec(text);
  // ("which month was the biggest jump vs the month before?": each unit against the one before, ranked; not the
  // unit before the previous period.)
  if (step && !stepOfChange(own, step, text)) {
    const plan = nextPeriod(previous, own, step, context.today);
    // ("the month after that one", "the quarter before it": the pointer back is the step's too.)
    const stepWords = new Set([...step[0].split(' '), 'that', 'one', 'it', 'this']);
    return plan
      ? { plan, unexplained: unexplained.filter((w) => !stepWords.has(w)) }
      : unread(`"${step[0]}" needs one period in the previous question to step from`);
  }
  const rows = rankRows(previous, question, raws, own, context.reread);
  if (rows) return { plan: rows.plan, unexplained: rows.unexplained.filter((w) => !LEANING.has(w)) };
  const share = shareOfRows(previous, own, unexplained);
  if (share) return { plan: share, unexplained: unexplained.filter((w) => !SHARE_WORDS.has(w)) };
  if (changesNothing(own)) return undefined;
  return kept(beside(merge(previous, own)));
}

/** A month, quarter or half by its name and year, as the date reader labels one. */
const NAMED_PART = /^(?:Q[1-4]|H[12]|[A-Z][a-z]+) (\d{4})$/;

/**
 * "what about Q2?" after "revenue in 2024": a quarter (month, half) said without a year is one of the previous
 * question's year, not the latest one that has started (Q2 2026, past the data: confidently wrong).
 */
function inPreviousYear(previous: Plan, own: Parsed, raws: string[]): Parsed {
  const year = previous.range?.from.slice(0, 4);
  const oneYear = previous.range && Number(previous.range.to.slice(0, 4)) - Number(year) <= 1;
  const yearSaid = raws.some((w) => isYear(w) || w === 'year' || w === 'years' || w === 'ytd');
  if (!year || !oneYear || previous.compare || yearSaid) return own;
  const moved = (p: Period): Period => {
    const named = NAMED_PART.exec(p.label);
    if (!named || p.relative || named[1] === year) return p;
    const shift = `${year}${p.from.slice(4)}`;
    const to = `${Number(year) + Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4))}${p.to.slice(4)}`;
    return { ...p, label: p.label.replace(/\d{4}$/, year), from: shift, to };
  };
  return {
    ...own,
    ...(own.range ? { range: moved(own.range) } : {}),
    ...(own.compare ? { compare: own.compare.map(moved) } : {}),
  };
}

/** Words that ask for a whole year, not the previous question's part of it ("and for the whole of 2025?"). */
const GRAIN_NAMES = new Set([
  'month',
  'months',
  'quarter',
  'quarters',
  'week',
  'weeks',
  'day',
  'days',
  'half',
]);
const WHOLE_YEAR = new Set(['whole', 'full', 'entire', 'all', 'year', 'overall', 'total', 'ytd', 'annual']);

/**
 * "and in 2025?" after "revenue in Q1 2024?": a bare year after a question of a part of one year (a quarter, a
 * month, a half, a season, a day) is that same part of the year named, Q1 2025 (was the whole of 2025: confidently
 * wrong). Not when the whole year is asked ("and for the whole of 2025?") or anything but the year is said about
 * the time.
 */
function samePartInYear(previous: Plan, own: Parsed, raws: string[]): Parsed {
  const pair = samePartOfPair(previous, own, raws);
  if (pair) return pair;
  const before = previous.range;
  const range = own.range;
  if (!before || !range || before.relative || before.ofData || previous.compare || own.compare || own.anyOf)
    return own;
  if (!/^\d{4}$/.test(range.label) || raws.filter((w) => isYear(w)).length !== 1) return own;
  if (raws.some((w) => WHOLE_YEAR.has(w) || GRAIN_NAMES.has(w))) return own;
  const year = Number(before.from.slice(0, 4));
  const endYear = Number(before.to.slice(0, 4));
  const wholeYear = before.from.endsWith('-01-01') && before.to === `${year + 1}-01-01`;
  const inOneYear = endYear === year || before.to === `${year + 1}-01-01`;
  if (wholeYear || !inOneYear || before.from.endsWith('-02-29') || before.to.endsWith('-02-29')) return own;
  const shift = Number(range.label) - year;
  if (shift === 0) return own;
  const moved = (day: string) => `${Number(day.slice(0, 4)) + shift}${day.slice(4)}`;
  const label = before.label.includes(String(year))
    ? before.label.replaceAll(String(year), range.label)
    : `${before.label} ${range.label}`;
  return { ...own, range: { ...before, label, from: moved(before.from), to: moved(before.to) } };
}

/**
 * "and 2025?" after "orders in Q4 2024 vs Q4 2023": the same part (quarter, month, half) of two years compared, then a
 * bare third year: that part of the year named against the nearer of the two (Q4 2024 vs Q4 2025). Was the whole of
 * 2025, or its months: confidently wrong. Only when both periods are the same part (one label, another year) of one
 * year each, and nothing but the year is said about the time.
 */
function samePartOfPair(previous: Plan, own: Parsed, raws: string[]): Parsed | undefined {
  const [a, b] = previous.compare ?? [];
  const range = own.range;
  if (previous.compare?.length !== 2 || !a || !b || !range || own.compare || own.anyOf || previous.range)
    return undefined;
  if (!/^\d{4}$/.test(range.label) || raws.filter((w) => isYear(w)).length !== 1) return undefined;
  if (raws.some((w) => WHOLE_YEAR.has(w) || GRAIN_NAMES.has(w))) return undefined;
  const part = (p: Period) => {
    const named = NAMED_PART.exec(p.label);
    const year = named?.[1];
    if (!named || !year || p.relative || p.ofData || p.assumed || p.from.slice(0, 4) !== year)
      return undefined;
    if (p.from.endsWith('-02-29') || p.to.endsWith('-02-29')) return undefined;
    return { name: p.label.slice(0, -4).trim(), year: Number(year) };
  };
  const pa = part(a);
  const pb = part(b);
  if (!pa || !pb || pa.name !== pb.name || pa.year === pb.year) return undefined;
  const year = Number(range.label);
  if (year === pa.year || year === pb.year) return undefined;
  const near = Math.abs(year - pa.year) <= Math.abs(year - pb.year) ? a : b;
  const shift = year - Number(near.from.slice(0, 4));
  const moved = (day: string) => `${Number(day.slice(0, 4)) + shift}${day.slice(4)}`;
  const named: Period = {
    ...near,
    label: `${part(near)?.name} ${year}`,
    from: moved(near.from),
    to: moved(near.to),
  };
  const compare = [near, named].sort((x, y) => x.from.localeCompare(y.from));
  return { ...own, range: undefined, compare };
}

/**
 * "how much did they spend?", "what were their order counts?" after "top 3 customers by orders in 2025": the
 * rows of the previous ranking (still ranked by its measure, ties kept), with the new measure beside, never a
 * new ranking by the new measure nor the new measure over every row. Only with a word pointing at those rows.
 */
function measureBeside(previous: Plan, own: Parsed, text: string): Plan | undefined {
  const top = previous.top;
  // (The rows ranked are values of a breakdown or periods of a grain: "best month of 2025 by orders" -> "what was
  // its revenue".)
  if (!top || top.nth || top.percent || top.withTotal || top.span) return undefined;
  if (previous.dimensions.length === 0 && !previous.grain) return undefined;
  if (!pointsAtRows(text) || own.top || own.dimensions.length > 0 || own.grain || own.range || own.compare)
    return undefined;
  const added = own.measures.filter((m) => !previous.measures.includes(m));
  if (!own.measureNamed || added.length === 0 || previous.share || secondOrder(previous)) return undefined;
  const merged = merge(previous, { ...own, measures: [] });
  const among = rankedAmong(previous, added, text);
  if (among) return { ...merged, ...among };
  return { ...merged, measures: [...previous.measures, ...added], top };
}

/**
 * "which of those had the highest average order?" after "top 5 categories by revenue in 2025, with their order
 * counts": the one of those rows first by the measure the follow-up names, the previous top N run again as the
 * rows' filter (plan.amongTop). Was that measure listed beside the five, the one asked never said (confidently
 * wrong). Only of one breakdown's values (periods ranked are read as before) and one measure named.
 */
function rankedAmong(previous: Plan, added: Plan['measures'], text: string): Partial<Plan> | undefined {
  const top = previous.top;
  const [ranked, ...more] = previous.dimensions;
  if (!top || !ranked || more.length > 0 || previous.grain || previous.compare || previous.change)
    return undefined;
  if (top.nth || top.percent || top.rest || added.length !== 1 || !WHICH_OF.test(text)) return undefined;
  const raws = words(text);
  const superlative = raws.find((w) => DESC_SUPERLATIVES.has(w) || ASC_SUPERLATIVES.has(w));
  if (!superlative) return undefined;
  const direction = DESC_SUPERLATIVES.has(superlative) ? 'desc' : 'asc';
  return { measures: added, top: { n: 1, direction }, ...(top.n >= 2 ? { amongTop: previous } : {}) };
}

/** Months in each unit of a grain a period over the one before can step by. */
const UNIT_MONTHS: Partial<Record<string, number>> = { month: 1, quarter: 3, year: 12 };

/**
 * "which grew fastest vs the previous quarter?", "how did each change over the prior month?" after a question of
 * one whole quarter (month, year): that period against the one before it, over the previous rows, not every
 * quarter of the data against the one before (the breakdown and the period dropped: confidently wrong).
 */
function changeOverPreviousUnit(previous: Plan, own: Parsed): Plan | undefined {
  const period = previous.range;
  const months = own.grain ? UNIT_MONTHS[own.grain] : undefined;
  if (!own.change || !period || !months || previous.compare || previous.grain || own.dimensions.length > 0)
    return undefined;
  if (own.range || own.compare?.some((p) => !p.assumed)) return undefined;
  if (monthsLong(period) !== months) return undefined;
  const before = periodBeside(period, -1);
  if (!before) return undefined;
  return merge(previous, { ...own, grain: undefined, range: undefined, compare: [before, period] });
}

/** A follow-up pointing at the ranked rows ("those", "each", "they") with a period of its own and no ranking. */
function sameRowsElsewhen(previous: Plan, own: Parsed, text: string): boolean {
  const top = previous.top;
  if (!top || top.n < 1 || (!own.range && !own.compare?.some((p) => !p.assumed)) || own.top) return false;
  if (previous.dimensions.length === 0) return false;
  // ("how much did it make in 2024?" after the top one of 2025: that row; "it" after several is no row of them.)
  return (
    pointsAtRows(text) &&
    (top.n === 1 || !/\b(?:it|its)\b/.test(text.replace(/\b(?:did|does|do|how)\b/g, '')))
  );
}

/**
 * "how did they change from 2024?", "which of those grew the most from 2024?" after a question of 2025: from that
 * period to the previous one, a period of the same kind (was "since 2024" through today against the span before
 * it: confidently wrong). Of the rows ranked before when the question points at them.
 */
function changeFromNamed(
  previous: Plan,
  own: Parsed,
  raws: readonly string[],
  text: string,
): Plan | undefined {
  // ("from 2024" beside a change word is read as "since 2024" against the span before it.)
  const [before, after] = own.compare ?? [];
  const since =
    own.range ??
    (own.compare?.length === 2 && before?.relative && /^the period before/.test(before.label)
      ? after
      : undefined);
  const period = previous.range;
  if (!since || !period || !own.change || previous.compare || !raws.includes('from')) return undefined;
  if (!/^since /.test(since.label) || since.from >= period.from || previous.grain || own.grain)
    return undefined;
  // The period of the same kind that starts where "since" does ("2024" before "2025", "Q3 2025" before "Q4 2025").
  let named: Period | undefined = period;
  for (let i = 0; named && named.from > since.from && i < 60; i++) named = periodBeside(named, -1);
  if (!named || named.from !== since.from) return undefined;
  const plan = merge(previous, { ...own, range: undefined, compare: [named, period] });
  const top = plainTop(previous);
  const ranked =
    top && pointsAtRows(text) ? { rankedIn: { period, n: top.n, direction: top.direction } } : {};
  return { ...plan, range: undefined, ...ranked, ...(own.top ? {} : { top: undefined }) };
}

/**
 * "how did those do in 2024?" after "top 3 categories by revenue in 2025": those rows, ranked in the previous period,
 * with the measure in the new one; undefined when the ranking has no single period and breakdown to keep.
 */
function rowsRankedElsewhen(previous: Plan, own: Parsed): Plan | undefined {
  const top = plainTop(previous);
  if (!top || !previous.range || !own.range || own.range.label === previous.range.label) return undefined;
  if (own.compare || own.top || own.dimensions.length > 0 || own.grain) return undefined;
  // ("how did those do in 2024?": how they did is the money and the count, the money ranked first as before.)
  const measures =
    own.measureNamed && own.measures.length > 0
      ? own.measures[0] === previous.measures[0]
        ? own.measures
        : undefined
      : previous.measures;
  if (!measures) return undefined;
  return {
    ...merge(previous, own),
    top: undefined,
    range: own.range,
    measures,
    rankedIn: { period: previous.range, n: top.n, direction: top.direction },
  };
}

/**
 * "what segment are they in?", "which segment is each of them?" after "top 5 customers by revenue in 2025": the same
 * rows, ranked as before, each with its segment beside (an attribute of the entity ranked, one value per row). A
 * breakdown the rows can span ("which region are they from?": orders of one customer in several sales regions) is
 * refused, never answered as every row's breakdown (the whole's revenue by region: confidently wrong).
 */
function attributeOfRows(previous: Plan, own: Parsed, text: string): Plan | string | undefined {
  const top = previous.top;
  const [entity, ...others] = previous.dimensions;
  const [asked, ...more] = own.dimensions;
  if (!top || top.nth || top.percent || top.span || !entity || others.length > 0 || !asked || more.length > 0)
    return undefined;
  // ("what segment is each in?": "each" alone points at them too; read as a new breakdown, it was the top 3
  // within every segment: confidently wrong.)
  // (Not "in each region": "each" before a noun is a breakdown of its own.)
  if (!pointsAtRows(text) || own.measureNamed || own.top || own.grain || own.range || own.compare)
    return undefined;
  if (asked === entity || previous.share || secondOrder(previous)) return undefined;
  const owner = entity.column.replace(/_name$/, '_');
  if (owner === entity.column || !asked.column.startsWith(owner))
    return `each of those ${entity.title.toLowerCase().replace(/ name$/, '')}s can have rows in more than one ${asked.title.toLowerCase()}, so there is no one ${asked.title.toLowerCase()} of each`;
  return { ...previous, dimensions: [entity, asked], top };
}

/**
 * "and the same quarter last year?" after "revenue in Q3 2025": the same question over the previous period a
 * year back (Q3 2024), its label with the year stepped back where it names one.
 */
function yearBack(previous: Plan, own: Parsed): Plan | undefined {
  const period = previous.range;
  if (!period || previous.compare || previous.first || previous.also || own.compare) return undefined;
  const from = shift(period.from, 'year', -1);
  const to = shift(period.to, 'year', -1);
  const named = /\b(19|20)\d\d\b/.exec(period.label);
  const label = named
    ? period.label.replace(/\b(19|20)\d\d\b/g, (y) => String(Number(y) - 1))
    : `the same period a year earlier (${from} to ${addDays(to, -1)})`;
  // ("the same quarter": the unit names the period, not a breakdown by it.)
  const plan = merge(previous, { ...own, grain: undefined, range: undefined, compare: undefined });
  return { ...plan, range: { label, from, to } };
}

/** A reading that names nothing of the model (no measure, breakdown, filter, period or second-order part). */
export const nothingFound = (p: Parsed) =>
  p.measures.length === 0 &&
  p.dimensions.length === 0 &&
  p.filters.length === 0 &&
  p.numberFilters.length === 0 &&
  !p.grain &&
  !p.range &&
  !p.compare &&
  !p.having &&
  !p.first &&
  !p.percentile;

/** A follow-up that changes nothing of the previous reading (a rank or a share changes it too). */
const changesNothing = (p: Parsed) => nothingFound(p) && !p.top && !p.share;

/** Whether a plan already ranks, shares or conditions its rows (a further change of it is not read here). */
const secondOrder = (p: Plan) =>
  Boolean(p.perGroup || p.having || p.change || p.first || p.percentile || p.share || p.compare);

/**
 * "for each of those, which region had the most?" after "order count by category last quarter": the top row of
 * the new breakdown (or time unit) within each previous group, of the previous measure unless one is named,
 * over the previous period and filters. Anything else is no reading (refused rather than guessed).
 */
function withinGroups(previous: Plan, own: Parsed): Plan | undefined {
  if (previous.dimensions.length === 0 || secondOrder(previous) || !own.top || own.top.n < 1)
    return undefined;
  if (own.compare || own.share || own.having || own.change || own.first || own.percentile) return undefined;
  const items = own.dimensions.filter((d) => !previous.dimensions.includes(d));
  const byMember = items.length === 1 && !own.grain && !previous.grain;
  const byTime = items.length === 0 && own.grain !== undefined && !previous.grain;
  if (!byMember && !byTime) return undefined;
  const item = byMember ? items[0] : undefined;
  const base = merge(
    { ...previous, top: undefined },
    { ...own, dimensions: [], grain: undefined, top: undefined, perGroup: undefined },
  );
  const timeDimension = base.timeDimension ?? own.timeDimension;
  return {
    ...base,
    dimensions: [...previous.dimensions, ...(item ? [item] : [])],
    ...(byTime && own.grain ? { grain: own.grain } : {}),
    ...(timeDimension ? { timeDimension } : {}),
    top: { n: own.top.n, direction: own.top.direction },
    perGroup: item ? { item } : {},
  };
}

/** Words that make a breakdown of a follow-up one per group ("in each region", "per region", "by region"). */
const PER_GROUP_WORDS = new Set(['each', 'every', 'per', 'by', 'across']);

/**
 * "ok and in each region?", "and per region?", "broken out by region?" after "top category by revenue in 2025": the
 * same ranking (its measure, n, direction, period and filters) within each value of the new breakdown, never the
 * measure by the new breakdown alone (the ranking dropped: confidently wrong). Only a follow-up that names the new
 * breakdown and nothing else of a question (no measure, rank, share or change of its own).
 */
function rankedPerGroup(previous: Plan, own: Parsed, raws: readonly string[]): Plan | undefined {
  const top = previous.top;
  const [item, ...others] = previous.dimensions;
  if (!top || top.n < 1 || top.nth || top.percent || top.span || top.withTotal || !item || others.length > 0)
    return undefined;
  if (previous.grain || secondOrder(previous) || previous.also || previous.reach) return undefined;
  const [group, ...more] = own.dimensions;
  if (!group || more.length > 0 || group === item || own.grain || !raws.some((w) => PER_GROUP_WORDS.has(w)))
    return undefined;
  if (own.measureNamed || own.top || own.share || own.change || own.compare || own.having || own.percentile)
    return undefined;
  if (own.first || own.perGroup || own.numberFilters.length > 0) return undefined;
  const base = merge({ ...previous, top: undefined }, { ...own, dimensions: [], top: undefined });
  return {
    ...base,
    // ("... in the west?" then "and in each region?": every region now, not the west alone.)
    filters: base.filters.filter((f) => f.member !== group),
    dimensions: [group, item],
    top: { n: top.n, direction: top.direction },
    perGroup: { item },
  };
}

/**
 * "and since then?" after "orders in December 2025": the same question from the end of that period through
 * today (past the data's end, the answer says the data's last day). Only after one period of the asker's.
 */
function sinceThen(previous: Plan, own: Parsed, today: string): Plan | undefined {
  const period = previous.range;
  if (!period || previous.compare || own.range || own.compare || period.to > today) return undefined;
  if (previous.first || previous.also) return undefined;
  const range = {
    label: `since the end of ${period.label} (${period.to} through ${today})`,
    from: period.to,
    to: addDays(today, 1),
  };
  return { ...merge(previous, { ...own, range: undefined, compare: undefined }), range };
}

/** Words comparing a named period with the previous one ("how does that compare to 2023?", "vs 2023?"). */
const VERSUS = new Set(['compare', 'compared', 'comparison', 'vs', 'versus', 'against']);

/**
 * "and how does that compare to 2023?" after "revenue by category in 2024": both periods side by side, of the
 * same measure, breakdown and filters (the earlier first).
 */
function versusPrevious(previous: Plan, raws: string[], own: Parsed): Plan | undefined {
  const period = previous.range;
  if (!period || !own.range || own.compare || previous.compare || !raws.some((w) => VERSUS.has(w)))
    return undefined;
  if (previous.first || previous.also || previous.perGroup || previous.having || previous.percentile)
    return undefined;
  if (own.range.from === period.from && own.range.to === period.to) return undefined;
  const compare = [period, own.range].sort((a, b) => a.from.localeCompare(b.from));
  const { range: _range, ...rest } = merge(previous, { ...own, range: undefined, compare: undefined });
  return { ...rest, compare };
}

/** Verbs that split the previous rows further ("break those down by region", "split them by segment"). */
const SPLITTING = new Set(['break', 'split', 'divide', 'cut', 'slice']);

/** "break those down by region" after "orders by category": both breakdowns, the previous one kept. */
function splitRows(previous: Plan, raws: string[], own: Parsed): Plan | undefined {
  if (previous.dimensions.length === 0 || own.dimensions.length === 0) return undefined;
  if (!raws.some((w) => SPLITTING.has(w)) || !POINTS_BACK.test(raws.join(' '))) return undefined;
  return merge(previous, { ...own, additive: true });
}

/**
 * "and the quarter before?" after "revenue in Q3 2025": the same question over the unit just before the start
 * (or just after the end) of the previous period. A unit starting after today is the future: not read.
 */
function nextPeriod(previous: Plan, own: Parsed, step: RegExpExecArray, today: string): Plan | undefined {
  const period = previous.range;
  const unit = step[1] as Unit;
  if (!period || previous.compare || own.range || own.compare || previous.first || previous.also)
    return undefined;
  const after = step[2] === 'after' || step[2] === 'later';
  const from = after ? period.to : shift(period.from, unit, -1);
  const to = after ? shift(period.to, unit, 1) : period.from;
  if (from > today) return undefined;
  const range = {
    label: `the ${unit} ${after ? 'after' : 'before'} ${period.label} (${from} to ${addDays(to, -1)})`,
    from,
    to,
  };
  // ("a month earlier": the unit word names the step, not a breakdown by month.)
  const grain = own.grain === unit ? undefined : own.grain;
  const plan = merge(previous, { ...own, grain, range: undefined, compare: undefined });
  // ("compare that with the week before" after a week: both weeks and the change between them; with the step's
  // period alone the change ran over a series of weeks nobody asked for: confidently wrong.)
  if (own.change && !grain) {
    const stepped = { ...range, label: `${from} to ${addDays(to, -1)}` };
    return { ...plan, range: undefined, compare: after ? [period, stepped] : [stepped, period] };
  }
  return { ...plan, range };
}

/** Words that point back at the previous breakdown's rows ("which one", "rank them", "which of these"). */
const POINTERS = new Set([
  'which',
  'one',
  'ones',
  'them',
  'these',
  'those',
  'they',
  'rank',
  'ranked',
  'sort',
  'order',
]);

/**
 * "which one fell the most, in percent?" after "orders by category in 2024 and 2025": those categories ranked by
 * their change between those two periods, of that measure. Read on its own, the follow-up would default to
 * another measure and the last two years, and drop the breakdown: a confident wrong answer.
 */
function rankChange(previous: Plan, raws: string[], own: Parsed): Plan | undefined {
  if (!own.change) return undefined;
  if (previous.compare?.length !== 2 || previous.dimensions.length !== 1) return undefined;
  if (previous.having || previous.perGroup || previous.first || previous.percentile) return undefined;
  // Its own period (a number) or its own measure or breakdown make it a question of its own.
  if (raws.some((w) => /\d/.test(w)) || own.measureNamed) return undefined;
  const [dimension] = previous.dimensions;
  if (own.dimensions.some((d) => d !== dimension) || own.grain) return undefined;
  if (!raws.some((w) => POINTERS.has(w)) && own.dimensions.length === 0) return undefined;
  return merge(
    { ...previous, top: undefined },
    { ...own, measures: [], dimensions: [], range: undefined, compare: undefined },
  );
}

/** Verbs asking for the entities themselves. */
const LIST_VERBS = new Set(['list', 'show', 'name', 'names', 'who', 'which', 'give']);
/** Words pointing at the entities just counted. */
const COUNTED = new Set(['them', 'they', 'those', 'these', 'ones']);

/**
 * "how many customers have more than 58 orders?" then "list them with their order counts": the same entities,
 * listed with their figure, not a count of all customers.
 */
function listCounted(previous: Plan, raws: string[]): Plan | undefined {
  const having = previous.having;
  if (having?.output !== 'count' || previous.dimensions.length > 0) return undefined;
  if (raws.some((w) => /\d/.test(w))) return undefined;
  if (!raws.some((w) => LIST_VERBS.has(w)) || !raws.some((w) => COUNTED.has(w))) return undefined;
  return { ...previous, having: { ...having, output: 'list' } };
}

/** "which was the worst?", "what was highest": a short question choosing among the previous rows. */
const WHICH = /^(and |so |ok |okay )?(which|what) (was|is|were|are|did|had|has)\b/;
/** "from lowest to highest", "highest to lowest", "low to high": a sort order. */
const ORDER_PHRASE =
  /\b(?:from )?(lowest|smallest|least|low|worst|highest|largest|most|high|best|biggest) to (?:the )?(highest|largest|most|high|best|biggest|lowest|smallest|least|low|worst)\b/;
const LOW_ENDS = new Set(['lowest', 'smallest', 'least', 'low', 'worst']);
const SORTING = new Set(['sort', 'sorted', 'rank', 'ranked', 'order', 'ordered']);
const ASCENDING = new Set(['ascending', 'asc', 'increasing', 'lowest', 'smallest']);
/** Words of a sort order that name no data ("descending"). */
const SORT_WORDS = new Set(['descending', 'desc', 'ascending', 'asc', 'increasing', 'decreasing']);

/**
 * "which of those was lowest?", "which one had the most?", "only the top 3" after a breakdown: the previous
 * rows ranked by the previous measure. A superlative there ranks; it does not name the smallest-amount measure
 * (the follow-up read without it names no measure).
 */
function rankRows(
  previous: Plan,
  question: string,
  raws: string[],
  own: Parsed,
  reread: (text: string) => Parsed,
): FollowUp | undefined {
  if (previous.dimensions.length === 0 && !previous.grain) return undefined;
  if (secondOrder(previous) || own.dimensions.length > 0 || own.grain || own.change) return undefined;
  if (own.top && !own.measureNamed) return { plan: merge(previous, own), unexplained: own.unexplained };
  const text = raws.join(' ');
  if (!POINTS_BACK.test(text) && !(WHICH.test(text) && raws.length <= 6) && !bareEnd(raws)) return undefined;
  // "list them from lowest to highest": every row in that order (neither end names a measure).
  const order = ORDER_PHRASE.exec(text);
  if (order) {
    const rest = reread(text.replace(order[0], ' '));
    if (rest.measureNamed || rest.dimensions.length > 0 || rest.grain) return undefined;
    const direction = LOW_ENDS.has(order[1] ?? '') ? 'asc' : 'desc';
    return {
      plan: merge({ ...previous, top: undefined }, { ...rest, top: { n: 0, direction } }),
      unexplained: rest.unexplained,
    };
  }
  const at = raws.findIndex((w) => DESC_SUPERLATIVES.has(w) || ASC_SUPERLATIVES.has(w));
  const superlative = raws[at];
  // "sort them descending", "rank those": every row in order of the previous measure.
  if (
    !superlative &&
    raws.some((w) => SORTING.has(w)) &&
    changesNothing(own) &&
    own.unexplained.length <= 1
  ) {
    const direction = raws.some((w) => ASCENDING.has(w)) ? 'asc' : 'desc';
    const plan = merge({ ...previous, top: undefined }, { ...own, top: { n: 0, direction } });
    return { plan, unexplained: own.unexplained.filter((w) => !SORT_WORDS.has(w)) };
  }
  if (!superlative || raws.filter((w) => /\d/.test(w)).length > 0) return undefined;
  // The question without its superlative must name no measure of its own.
  const pattern = new RegExp(`\\b${superlative}\\b`, 'i');
  const without = reread(question.replace(pattern, ' '));
  if (without.measureNamed || without.dimensions.length > 0 || without.grain) return undefined;
  const direction = DESC_SUPERLATIVES.has(superlative) ? 'desc' : 'asc';
  return {
    plan: merge({ ...previous, top: undefined }, { ...without, top: { n: 1, direction } }),
    unexplained: without.unexplained,
  };
}

/**
 * "as a percent of the total?", "show that as a % share" after a breakdown: each row's share of the whole, of
 * the previous (additive) measure, period and filters.
 */
function shareOfRows(previous: Plan, own: Parsed, unexplained: string[]): Plan | undefined {
  const part = shareOfPart(previous, own, unexplained);
  if (part) return part;
  if (previous.dimensions.length === 0 || secondOrder(previous) || previous.top) return undefined;
  if (own.dimensions.length > 0 || own.grain || own.range || own.compare || own.filters.length > 0)
    return undefined;
  const asked = unexplained.filter((w) => SHARE_WORDS.has(w));
  if (asked.length === 0 && !own.share) return undefined;
  const [measure] = previous.measures;
  if (!measure || (measure.aggType !== 'sum' && measure.aggType !== 'count')) return undefined;
  return { ...previous, measures: [measure], share: {} };
}

/**
 * "what % of all orders is that?", "and as a share of all 2025 orders?" after "how many orders were cancelled in
 * 2025": the previous figure's one value filter as the part of the whole without it (same measure and period).
 */
function shareOfPart(previous: Plan, own: Parsed, unexplained: string[]): Plan | undefined {
  if (previous.dimensions.length > 0 || previous.grain || secondOrder(previous) || previous.top)
    return undefined;
  const [part, ...more] = previous.filters;
  const [bound, ...bounds] = previous.numberFilters;
  // (One value filter, or one bound on a number: "how many 2025 orders were over $500?" then "what share is that".)
  const one = part ? more.length === 0 && !bound : bound !== undefined && bounds.length === 0;
  if (!one) return undefined;
  if (!unexplained.some((w) => SHARE_WORDS.has(w)) && !own.share) return undefined;
  const measure = wholeOfPrevious(previous, own);
  if (!measure || own.measures.some((m) => m.column !== measure.column)) return undefined;
  if (bound)
    return { ...previous, numberFilters: [], measures: [measure], share: { rows: { numbers: [bound] } } };
  return { ...previous, filters: [], measures: [measure], share: { part } };
}

/**
 * The previous reading's one additive measure, the whole of a share asked of it, when the follow-up names no
 * breakdown, filter, rank or other period of its own.
 */
function wholeOfPrevious(previous: Plan, own: Parsed): CatalogMember | undefined {
  if (own.dimensions.length > 0 || own.grain || own.compare || own.filters.length > 0 || own.top)
    return undefined;
  // (A period or a measure said again must be the previous one: "of all 2025 orders", "of total revenue".)
  if (own.range && (own.range.from !== previous.range?.from || own.range.to !== previous.range?.to))
    return undefined;
  const [measure] = previous.measures;
  if (!measure || previous.measures.length > 1 || (measure.aggType !== 'sum' && measure.aggType !== 'count'))
    return undefined;
  return measure;
}

/**
 * "what share of total revenue was that?", "what % of the total is that" after "top category by revenue in 2025" (or
 * a top 3): the top rows' combined share of the whole, as "what share of 2025 revenue came from the top category"
 * reads (was refused). Only of an additive measure, the same period and measure if said again.
 */
function shareOfTop(previous: Plan, own: Parsed): Plan | undefined {
  const top = previous.top;
  if (!top || top.n < 1 || top.span || top.nth || top.percent || top.withTotal || previous.share)
    return undefined;
  if (previous.dimensions.length !== 1 || previous.grain || secondOrder(previous)) return undefined;
  const measure = wholeOfPrevious(previous, own);
  if (!measure || (own.measureNamed && own.measures.some((m) => m.column !== measure.column)))
    return undefined;
  const { top: _ranked, ...rest } = previous;
  return { ...rest, measures: [measure], share: { top: { n: top.n, direction: top.direction } } };
}

/**
 * "what share of the total did each month have?", "and each quarter's % of the year?" after a breakdown by one
 * grain or dimension: each previous row's share of their whole (same measure, period and filters). Only with a
 * word of each row or of the whole ("of the year" only when the previous period is one year).
 */
function shareOfEachRow(
  previous: Plan,
  own: Parsed,
  asked: boolean,
  raws: readonly string[],
): Plan | undefined {
  if (!asked || secondOrder(previous) || previous.top) return undefined;
  const rows = previous.dimensions.length + (previous.grain ? 1 : 0);
  if (rows !== 1) return undefined;
  if (own.dimensions.some((d) => !previous.dimensions.includes(d))) return undefined;
  if (own.grain && own.grain !== previous.grain) return undefined;
  if (own.range || own.compare || own.filters.length > 0 || own.numberFilters.length > 0 || own.top)
    return undefined;
  if (own.change || own.having || own.percentile || own.perGroup) return undefined;
  const each = raws.some((w) => ['each', 'every'].includes(w));
  if (!each && !ofTheWhole(raws)) return undefined;
  const year = /^\d{4}$/.test(previous.range?.label ?? '');
  if (raws.includes('year') && !year) return undefined;
  const [measure] = previous.measures;
  if (!measure || previous.measures.length > 1 || (measure.aggType !== 'sum' && measure.aggType !== 'count'))
    return undefined;
  // ("of the total": the whole named, not the measure called total.)
  const whole = raws.some((w, i) => w === 'total' && ['the', 'of'].includes(raws[i - 1] ?? ''));
  if (own.measureNamed && !whole && own.measures.some((m) => m.column !== measure.column)) return undefined;
  return { ...previous, measures: [measure], share: {} };
}

const columns = (p: Plan) =>
  JSON.stringify([
    p.measures.map((m) => m.column),
    p.dimensions.map((d) => d.column),
    p.grain,
    p.filters.map((f) => [f.member.column, f.values, f.negate]),
    p.numberFilters,
  ]);

/**
 * "revenue by region in 2025" -> "what about 2024?" -> "and the change?": a change asked with no period of its own
 * after a turn that only swapped the period is between the two periods of the thread (was the last one against the
 * period before it, 2023 to 2024: confidently wrong). The previous reading with both periods compared, in time
 * order; undefined when the turns differ in anything but whole periods of the same length.
 */
export function periodsOfThread(earlier: Plan | undefined, previous: Plan, own: Parsed): Plan | undefined {
  if (!earlier || !own.change || own.range || (own.compare && !own.compare.every((p) => p.assumed)))
    return undefined;
  if (!earlier.range || !previous.range || earlier.compare || previous.compare || secondOrder(previous))
    return undefined;
  if (secondOrder(earlier) || columns(earlier) !== columns(previous)) return undefined;
  const [a, b] = [earlier.range, previous.range];
  const length = monthsLong(a);
  if (length === undefined || length !== monthsLong(b) || a.from === b.from) return undefined;
  if (a.from < b.to && b.from < a.to) return undefined;
  const { range: _one, ...rest } = previous;
  return { ...rest, compare: [a, b].sort((x, y) => x.from.localeCompare(y.from)) };
}

/** "combined?", "both together", "and added up?": the last two figures of the thread as one. */
const COMBINED =
  /^(?:and |so |ok |okay )?(?:(?:what(?:'s| is| was)|how much|how many)(?: (?:is|was|are|were))? )?(?:(?:the )?(?:two|2|both)(?: of them)? )?(?:combined|together|added up|summed|in total|put together|total)(?: (?:for|of) (?:both|the two|them))?$/;

/**
 * "revenue for the south in Q2 2025" -> "same for the north" -> "combined?": the one figure over both values of the
 * two turns (was unread), or over both periods ("revenue in 2024" -> "and 2025?" -> "combined?"). Only where the
 * turns differ in the values of one filter or in their period alone, of a measure that adds up.
 */
/** "which is bigger and by how much?", "what's the difference?", "how far apart are they?": the two set side by side. */
const APART =
  /^(?:and |so |ok |okay )?(?:which(?: one)?(?: of (?:them|the two))? (?:is|was|were) (?:bigger|higher|larger|greater|more|lower|smaller|less)(?: and by how much)?|(?:what(?: is| was)?|and) the (?:difference|gap)(?: between (?:them|the two|those|these|both))?|how (?:big|large|wide) (?:is|was) the (?:difference|gap)(?: between (?:them|the two|those|these|both))?|how (?:far apart|different) (?:are|were) (?:they|the two)|(?:the )?(?:difference|gap)(?: between (?:them|the two|both))?|by how much)$/;

/**
 * "revenue in the west in 2025" -> "same for east" -> "which is bigger and by how much?": the two turns' values side by
 * side with the gap between them (was read as the last turn's change from the year before: confidently wrong), or
 * their two periods compared. Only where the turns differ in the values of one filter or in their period alone.
 */
export function apartOfThread(earlier: Plan | undefined, previous: Plan, question: string): Plan | undefined {
  if (!earlier || !APART.test(words(question).join(' '))) return undefined;
  if (secondOrder(earlier) || secondOrder(previous) || earlier.top || previous.top) return undefined;
  // Two periods of the same one figure, back to back or not: compared in time order. (Of a breakdown, the change of
  // each row is read by periodsOfThread.)
  const [a, b] = [earlier.range, previous.range];
  const single = previous.dimensions.length === 0 && !previous.grain;
  if (a && b && a.from !== b.from && columns(earlier) === columns(previous)) {
    if (!single) return undefined;
    if (a.from < b.to && b.from < a.to) return undefined;
    const { range: _one, ...rest } = previous;
    return { ...rest, compare: [a, b].sort((x, y) => x.from.localeCompare(y.from)) };
  }
  const both = valuesOfThread(earlier, previous, 'combined');
  const filter = both?.filters.find((f) => f.values.length > 1);
  if (!both || !filter) return undefined;
  return {
    ...both,
    dimensions: [filter.member],
    top: { n: 0, direction: 'desc', span: true },
  };
}

export function valuesOfThread(
  earlier: Plan | undefined,
  previous: Plan,
  question: string,
): Plan | undefined {
  if (!earlier || !COMBINED.test(words(question).join(' '))) return undefined;
  if (secondOrder(earlier) || secondOrder(previous) || earlier.top || previous.top) return undefined;
  if (previous.dimensions.length > 0 || previous.grain || earlier.dimensions.length > 0 || earlier.grain)
    return undefined;
  const [measure, ...more] = previous.measures;
  if (!measure || more.length > 0 || (measure.aggType !== 'sum' && measure.aggType !== 'count'))
    return undefined;
  // ("revenue in 2024" -> "and 2025?" -> "combined?": both periods as one, back to back or each of them.)
  const [a, b] = [earlier.range, previous.range].sort((x, y) => (x?.from ?? '').localeCompare(y?.from ?? ''));
  if (
    a &&
    b &&
    a.from !== b.from &&
    columns(earlier) === columns(previous) &&
    !earlier.anyOf &&
    !previous.anyOf
  ) {
    if (a.to > b.from) return undefined;
    const { range: _one, ...rest } = previous;
    return a.to === b.from
      ? { ...rest, range: { label: `${a.label} and ${b.label}`, from: a.from, to: b.to } }
      : { ...rest, anyOf: [a, b] };
  }
  const changed = previous.filters.filter(
    (f) => !earlier.filters.some((e) => e.member === f.member && e.values.join() === f.values.join()),
  );
  const [filter, ...others] = changed;
  const before = earlier.filters.find((e) => e.member === filter?.member);
  if (!filter || others.length > 0 || !before || before.negate || filter.negate) return undefined;
  const same = (p: Plan) => columns({ ...p, filters: p.filters.filter((f) => f.member !== filter.member) });
  if (same(earlier) !== same(previous) || JSON.stringify(earlier.range) !== JSON.stringify(previous.range))
    return undefined;
  const values = [...new Set([...before.values, ...filter.values])];
  return {
    ...previous,
    filters: previous.filters.map((f) => (f === filter ? { ...f, values } : f)),
  };
}

/** A follow-up keeps what it does not change from the previous plan. */
export function merge(previous: Plan, next: Parsed): Plan {
  const breakdownChanged = next.dimensions.length > 0 || next.grain !== undefined;
  const dimensions = breakdownChanged
    ? next.additive
      ? [...previous.dimensions, ...next.dimensions.filter((d) => !previous.dimensions.includes(d))]
      : next.dimensions
    : previous.dimensions;
  const grain = breakdownChanged
    ? (next.grain ?? (next.additive ? previous.grain : undefined))
    : previous.grain;
  const filters = [
    ...previous.filters.filter((f) => !next.filters.some((n) => n.member === f.member)),
    ...next.filters,
  ];
  // "what about more than 65?" after "customers with more than 60 orders": the condition's new threshold.
  const threshold =
    previous.having && !previous.having.clauses && !next.having && next.numberFilters.length === 1
      ? next.numberFilters[0]
      : undefined;
  const numberFilters =
    next.numberFilters.length > 0 && !threshold ? next.numberFilters : previous.numberFilters;
  // ("which one fell the most?" after "orders in 2023 and 2024": the change between those periods, not the
  // assumed last two years.)
  const assumedPair = next.compare?.every((p) => p.assumed) === true;
  const assumed = assumedPair && (previous.compare?.length ?? 0) >= 2;
  // ("which grew fastest?" after "orders by category in Q3 2025": that quarter's growth over the one before, not
  // the assumed last two years.)
  const grownInto = assumedPair && !previous.compare && previous.range ? previous.range : undefined;
  const before = grownInto && periodBefore(grownInto);
  const timeChanged = next.range !== undefined || (next.compare !== undefined && !assumed);
  const range = grownInto ? undefined : timeChanged ? next.range : previous.range;
  const compare = grownInto && before ? [before, grownInto] : timeChanged ? next.compare : previous.compare;
  const top = next.top ?? (breakdownChanged ? undefined : previous.top);
  const timeDimension = next.timeDimension ?? previous.timeDimension;
  const share = next.share ?? previous.share;
  return {
    cube: previous.cube,
    // ("which one fell the most?" names no measure: the previous one, not a default.)
    measures: next.measures.length > 0 && next.measureNamed ? next.measures : previous.measures,
    dimensions,
    ...(grain ? { grain } : {}),
    // ("break that down by segment" after customers who spent less in 2025 than in 2023: the two periods compared
    // are on the rows' date, kept.)
    ...(timeDimension && (grain || range || compare || previous.having?.versus) ? { timeDimension } : {}),
    filters,
    numberFilters,
    ...(range ? { range } : {}),
    ...(compare ? { compare } : {}),
    ...(top ? { top } : {}),
    ...(share ? { share } : {}),
    ...secondOrderOf(previous),
    ...secondOrderOf(next),
    ...samePercentileBase(previous, next),
    ...(threshold && previous.having
      ? { having: { ...previous.having, op: threshold.op, value: threshold.value } }
      : {}),
  };
}

/**
 * A bare percentile asked after one of a derived figure ("median spend per customer in 2024", then "and the 90th
 * percentile?"): the same figure's (each customer's total, each month's), not the rows' own number the new words
 * alone default to. Only when the follow-up names no measure of its own.
 */
function samePercentileBase(previous: Plan, next: Parsed): Partial<Plan> {
  const before = previous.percentile;
  const asked = next.percentile;
  if (!before || !asked || next.measureNamed || asked.per || asked.distinct) return {};
  if (!before.per && !previous.grain) return {};
  const { of: _of, per: _per, distinct: _distinct, stat: _stat, ...wanted } = asked;
  return {
    percentile: {
      ...wanted,
      ...(before.of ? { of: before.of } : {}),
      ...(before.per ? { per: before.per } : {}),
      ...(before.distinct ? { distinct: before.distinct } : {}),
      ...(asked.stat ? { stat: asked.stat } : {}),
    },
  };
}
