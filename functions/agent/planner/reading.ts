/**
 * From readings of one question against each cube to the thread's plan: the best reading, follow-ups merged
 * into the previous plan, and refusals of questions that lean on words the model cannot explain.
 */

import { againstAverage, againstAverageRow, readAboveAverage } from './above-average';
import { changesAfterFirst } from './after-first';
import { aliasesSaid, namedBack, readAliases } from './aliases';
import { readAllTime } from './all-time';
import { readAsides } from './asides';
import { readBands } from './bands';
import { readBestPeriod } from './best-period';
import { readBreakdownFirst } from './breakdown-first';
import type { CatalogCube, CatalogMember } from './catalog';
import { readChangeRanked } from './change-ranked';
import { changeInUnit } from './change-unit';
import { readCohortBreakdown } from './cohort-breakdowns';
import { readCohortEach } from './cohort-each';
import { readCohortPhrasing } from './cohort-phrasings';
import { cohortFollowUp, readCohort } from './cohort-reader';
import { carryCohort, cohortBehind, pointedCohort } from './cohorts';
import { readCompoundParts } from './compound-parts';
import { readCorrection } from './corrections';
import { boundOnEachOne, ofCountedPeople, shareOfCountedPeople } from './counted-people';
import { figureOfCounted } from './counted-total';
import { readCustomerFigures } from './customer-figures';
import { readCustomerPercentiles } from './customer-percentiles';
import { customerRateOf, readCustomerRate } from './customer-rate';
import { customerRatioPlan } from './customer-ratios';
import { perDayCompared, withCalendarDays } from './day-means';
import { readDaysBetween } from './days-between';
import { readDaysToFirst } from './days-to-first';
import { type Definition, readDefinitions, seasonsDefined, standardGlossesDropped } from './definitions';
import { readDistribution } from './distributions';
import { eachPeriodBoundsPlan } from './each-period-bounds';
import { eachAgainstYearBefore, readEachAgainstYearBefore } from './each-year-before';
import { readEntityVersus } from './entity-versus';
import {
  newReturningOf,
  readEverydayAsks,
  readNewReturning,
  readRunRate,
  readTopCountAsked,
  runRateOf,
} from './everyday-asks';
import { readTwoMeasures, type TwoMeasuresReading } from './filtered-measures';
import { dropFirstChangeAside } from './first-change';
import { readFirstRowsShare } from './first-rows-share';
import { readFirstSharePeriod } from './first-share-period';
import {
  apartOfThread,
  changeOfPreviousRows,
  looksLikeFollowUp,
  nothingFound,
  ofThoseElided,
  onlyThoseMoved,
  periodsOfThread,
  periodWholeSaid,
  readFollowUp,
  secondOrderOf,
  shareWithinEach,
  valuesOfThread,
} from './follow-up';
import { readGlosses } from './glosses';
import { readGrandTotal, readOverall } from './grand-total';
import { groupSpreadOf, readGroupSpread } from './group-spread';
import { hoursShare, hoursShareWhole, readHours, withHours } from './hours';
import { indexOf, readIndexYears } from './index-years';
import { readPeriodInstruction } from './instructions';
import { dimensionKeys } from './members';
import { misreading } from './misreadings';
import { inAskersWords, ownParts } from './missing';
import { monthsOverOf, readEveryPeriod, readMonthsOver } from './months-over';
import { mostPeriodsOf, readMostPeriods } from './most-periods';
import { mostUnitsPlan } from './most-units';
import { readNeverRows } from './never-rows';
import { newByFirstOrder, restatedNew } from './new-customers';
import { readNoRowsIn } from './no-rows-in';
import { readNotOrderedBy, unreadKindCutoff } from './not-ordered-by';
import { readOneCustomer } from './one-customer';
import { readOwnGround, wholeBeyondGround } from './own-ground';
import { ownPeriodCutOf, readOwnPeriodCut } from './own-period-cut';
import { pairedPeriods } from './paired-periods';
import { perCustomerRank } from './per-customer-rank';
import { lifetimeCondition, readPerEntity, readRetention, retentionFollowUp } from './per-entity';
import { readMiddleAsMedian, readPercentileGloss } from './percentile-glosses';
import { readPercentileRank } from './percentile-ranks';
import { howItDid } from './performance';
import { beatsPlan, readPeriodBeats } from './period-beats';
import { countMismatch, readPeriodCount } from './period-counts';
import { periodDayMeansPlan } from './period-day-means';
import { readPeriodGlosses } from './period-glosses';
import { readPeriodMinus } from './period-minus';
import { againstPeriod, readPeriodRelative, restateAgainstAverage } from './period-relative';
import { rephrase, valueBesideMeasure } from './phrases';
import { type Parsed, type Plan, type SeriesWindow, secondOrder } from './plan';
import { amongPreviousTop, previousPeriodSaid, previousUnitSaid } from './previous-pointers';
import { queryFor } from './query';
import { readQuotedChange, readQuotedFigure } from './quoted-figures';
import { ratioFollowUp, ratioOfThem } from './ratio-follow-ups';
import { readRecency } from './recency';
import { readRepeatMonths } from './repeat-months';
import { restFollowUp, restSplit } from './rest-split';
import { readRestatedGlosses } from './restated-glosses';
import { readRounding } from './rounding';
import { beyondRowConditions, narrowedConditions, rowConditionsPlan } from './row-conditions';
import { readRowPhrases } from './row-phrases';
import { readSameDay, sameDayOf } from './same-day';
import { sameSpanFollowUp } from './same-span';
import { pooledShare, seasonal } from './seasonal';
import { readSeriesWindow, type SeriesWindowRead, windowMisfit, withWindow } from './series-windows';
import { readShareCount, shareCountMismatch } from './share-counts';
import { peoplePart } from './share-scopes';
import { readSignupGroups } from './signup-groups';
import { readSignupWeekday, signupWeekdayOf } from './signup-weekday';
import { readSpelledAmounts, type SpelledAmount } from './spelled-amounts';
import { readStartMonths } from './start-months';
import { STOPWORDS, stem, words } from './text';
import { dropPreviousPeriodPointer } from './that-period';
import { readTheirOrders } from './their-orders';
import { readTimesOnTop, timesOnTop } from './times-on-top';
import { readCountedInEvery } from './top-in-every';
import { readTopPercentGroup, readTopPercentRest, topPercentFollowUp } from './top-percent-group';
import { readRest, restMisfit } from './top-rest';
import { keepTopSum } from './top-total';
import { numberOneAsTop, perGroupWho, readTop, whoAsEntity, withoutQuarterLabels } from './tops';
import { twoPeriodConditions } from './two-period-conditions';
import { parseAgainst } from './understand';
import { readValueShareEach } from './value-share-each';
import { namesWhole, versusWhole } from './versus-whole';
import { readWeekdayWords, unsupportedWeekday, withWeekdays } from './weekdays';
import { readWholeScope, unclearScope } from './whole-scope';

/** Two first-order cohorts, each with its own "first ordered", set against each other. */
const TWO_FIRST_COHORTS =
  /\bfirst\s+(?:ordered|order(?:ed)?\s+(?:was|were)|purchased|bought|purchase\s+(?:was|were))\b[^?]*?\b(?:vs\.?|versus|compared\s+(?:to|with)|against)\s[^?]*?\bfirst\s+(?:ordered|order|purchased|bought|purchase)\b/i;

/** A condition on each customer's own largest (smallest) single order ("customers whose largest 2025 order was below $900"). */
const EXTREME_ORDER_OF_EACH =
  /\b(?:customers?|clients?|accounts?|buyers?|people)\s+(?:whose|with\s+(?:a|their))\s+(?:(?:single|one)\s+)?(?:largest|biggest|smallest|max(?:imum)?|min(?:imum)?|highest|lowest|priciest|cheapest)\s+(?:(?:single|one)\s+)?(?:(?:20\d\d|order)\s+)?(?:order|purchase)s?\b/i;

/**
 * A count of each customer's rows of a kind said as a number ("exactly one return each year", "had one return in
 * 2024"): read whole by row-conditions.ts or not at all (the other readings drop the number: any return).
 */
const COUNT_OF_KIND =
  /\b(?:exactly\s+|(?<!\b(?:never|not)\s+)(?:had|has|have|with|placed|made)\s+)(?:one|a\s+single|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:returns?|cancellations?|cancels?|(?:returned|cancelled|canceled|completed)\s+(?:orders?|purchases?))\b/i;

/** Shapes no reading takes, each with why (read on, one part was dropped: confidently wrong). */
const UNREAD_SHAPES: [RegExp, string][] = [
  [
    COUNT_OF_KIND,
    'I can count customers by how many of their orders were returned, cancelled or completed when the count is said with exactly, at least, at most, more or fewer than, in one period (or all time): I could not read this one whole',
  ],
  // ("no. of customers whose largest single order in 2025 was below $900": it was the largest order under $900.)
  [
    EXTREME_ORDER_OF_EACH,
    "I can't set a condition on each customer's own largest or smallest single order: I can count customers with an order above or below an amount, or give the largest order of all",
  ],
  // ("avg spend per customer for those who first ordered in jan 2023 vs those who first ordered in feb 2023": one
  // cohort was dropped.)
  [
    TWO_FIRST_COHORTS,
    "I can give one first-order cohort's figures at a time, not two cohorts side by side: ask for each cohort on its own",
  ],
];

/** A question about causes ("why did revenue drop", "what caused the dip", "the reason for the fall"). */
const CAUSE =
  /^\s*(?:(?:and|but|so|ok(?:ay)?|hmm+)[,\s]+)?(?:why\b(?!\s+not\b)|what\s+(?:caused|causes|is\s+causing|'s\s+causing|was\s+behind|is\s+behind|'s\s+behind|explains)\b|(?:what(?:'s|s|\s+is|\s+was)\s+)?the\s+reasons?\s+(?:for|behind|why)\b)/i;

const defaultMeasure = (cube: CatalogCube): CatalogMember | undefined =>
  cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count') ??
  cube.members.find((m) => m.kind === 'measure');

/** Each filter value's words, by themselves and as the asker wrote them ("returns": returned). */
const valueWords = (p: Parsed): Record<string, string> => ({
  ...Object.fromEntries(p.filters.flatMap((f) => f.values.flatMap((v) => words(v).map((w) => [w, v])))),
  ...p.readAs,
});

export { looksLikeFollowUp } from './follow-up';

const additive = (m: CatalogMember) => m.aggType === 'sum' || m.aggType === 'count';

function toPlan(p: Parsed): Plan | undefined {
  let measures = p.measures.length > 0 ? p.measures : [defaultMeasure(p.cube)].filter((m) => m !== undefined);
  // A share adds up its parts: only a sum or a count can be shared out.
  if (p.share) {
    // A share of distinct entities ("percentage of customers from each signup quarter who ordered") is not a
    // share of another measure: with nothing additive named, no plan rather than a different question.
    // (Distinct people split by a value of their own do add up: "what fraction of customers are enterprise".)
    const own = p.measures.find((m) => peoplePart(p.share, m));
    if (p.measureNamed && p.measures.length > 0 && !p.measures.some(additive) && !own) return undefined;
    measures = [own ?? measures.find(additive) ?? defaultMeasure(p.cube)].filter((m) => m !== undefined);
  }
  if (measures.length === 0) return undefined;
  return {
    cube: p.cube,
    measures,
    dimensions: p.dimensions,
    ...(p.grain ? { grain: p.grain } : {}),
    ...(p.timeDimension ? { timeDimension: p.timeDimension } : {}),
    filters: p.filters,
    numberFilters: p.numberFilters,
    ...(p.range ? { range: p.range } : {}),
    ...(p.compare ? { compare: p.compare } : {}),
    ...(p.anyOf ? { anyOf: p.anyOf } : {}),
    ...(p.top ? { top: p.top } : {}),
    ...(p.share ? { share: p.share } : {}),
    ...secondOrderOf(p),
    ...(p.eachReading ? { eachReading: p.eachReading } : {}),
  };
}

/** The best reading of a question over the catalog (highest score; the earlier cube on ties). */
function parseBest(question: string, catalog: readonly CatalogCube[], today: string): Parsed | undefined {
  let best: Parsed | undefined;
  // A reading that explains every word beats one that leaves some unexplained, whatever their scores.
  const complete = (p: Parsed) => (p.unexplained.length === 0 ? 1 : 0);
  for (const cube of catalog) {
    const parsed = parseAgainst(question, cube, today);
    if (
      !best ||
      complete(parsed) > complete(best) ||
      (complete(parsed) === complete(best) && parsed.score > best.score)
    )
      best = parsed;
  }
  return best;
}

/** What the planner makes of a thread's last question. */
export type Reading =
  | { kind: 'plan'; plan: Plan }
  /** Part of the question is outside the data (a person, a forecast): say what is missing. */
  | {
      kind: 'refuse';
      missing: string;
      future?: boolean;
      near?: Plan;
      /** Why, when it is not a missing word ("revenue and returns": two figures asked as one). */
      reason?: string;
      /** The refusal's whole first sentence, when it is neither a missing word nor one question. */
      said?: string;
    }
  /** Nothing in the question matches the model. */
  | { kind: 'none' };

/**
 * ("leakage = the revenue of returned plus cancelled orders", then "what was it in 2024?"): the turn before only
 * defined a word, which this one asks for; it is no follow-up of a question not answered.
 */
function definedBefore(questions: readonly string[], models: readonly CatalogCube[]): boolean {
  const read = readDefinitions(questions, models);
  return read.kind === 'read' && read.questions.at(-2) === '' && read.questions.at(-1) !== questions.at(-1);
}

/**
 * The reading of a question restated for one more reading, with that reading's mark set on its plan by `mark`, or
 * refused with `reason` (near the plan read) when the plan cannot carry it; a reading that is no plan as it was.
 */
function marked(reading: Reading, mark: (plan: Plan) => Plan | undefined, reason: string): Reading {
  if (reading.kind !== 'plan') return reading;
  const plan = mark(reading.plan);
  return plan ? { ...reading, plan } : { kind: 'refuse', missing: '', reason, near: reading.plan };
}

/**
 * Reads the last question of a thread: earlier questions are replayed so that follow-ups reuse what they
 * do not change. A question whose meaning leans on words the model cannot explain, or on the future, is
 * refused rather than answered as a different question.
 */
export function readQuestions(
  questions: readonly string[],
  models: readonly CatalogCube[],
  today: string,
  /** Only the ordinary reading (the per-entity readings read their parts with it). */
  plain = false,
): Reading {
  // ("average daily revenue in Q3 2025": the total over the period's calendar days, day-means.ts; "we call revenue
  // 'GMV' internally": the figure said back by the asker's name, aliases.ts.)
  // ("over five hundred dollars": "over $500", spelled-amounts.ts, read once for the thread.)
  // ("Summer revenue in 2024?" refused, then "and in 2025?": nothing to carry; read alone, it was the year's order
  // count, confidently wrong.) A short follow-up of a question not answered is not answered either.
  const last = questions.at(-1);
  if (
    !plain &&
    questions.length > 1 &&
    last !== undefined &&
    short(last) &&
    looksLikeFollowUp(last) &&
    !parseBest(last, withWeekdays(models), today)?.measureNamed &&
    !definedBefore(questions, models)
  ) {
    const before = readQuestions(questions.slice(0, -1), models, today);
    if (before.kind === 'refuse' || before.kind === 'none')
      return {
        kind: 'refuse',
        missing: '',
        reason:
          'I could not answer the question before this one, so this follow-up has nothing to carry: please ask it in full',
      };
  }
  const spelled: SpelledAmount[] = [];
  // ("the top 5 customers by revenue in 2024, and each one's average order value that year", "the range of order
  // amounts": said in words read, row-phrases.ts.)
  const inFigures = questions.map((q) => readSpelledAmounts(readRowPhrases(q), spelled));
  const reading = readQuestionsAsked(inFigures, models, today, plain);
  if (reading.kind !== 'plan') return reading;
  // ("orders over five hundred dollars": the bound said back in their words, spelled-amounts.ts; "revenue per day
  // in Dec vs Nov": each period's own calendar days, day-means.ts.)
  // ("each year's growth over the year before": the data's first year, with none before it, not listed, after-first.ts.)
  const plan = namedBack(
    withCalendarDays(
      perDayCompared(changesAfterFirst(reading.plan, questions.at(-1) ?? ''), questions.at(-1) ?? ''),
      today,
    ),
    aliasesSaid(inFigures),
  );
  return { ...reading, plan: spelled.length > 0 ? { ...plan, spelled } : plan };
}

/** A question of a few words ("and in 2025?", "what about per segment?"). */
const short = (question: string) => question.trim().split(/\s+/).length <= 6;

function readQuestionsAsked(
  asked: readonly string[],
  models: readonly CatalogCube[],
  today: string,
  /** Only the ordinary reading (the per-entity readings read their parts with it). */
  plain = false,
): Reading {
  // ("we call revenue 'bookings' here. total bookings in Q3 2025?": the model's figure by the asker's name, aliases.ts.)
  const questions = readAliases(asked);
  // The one question asked, when there is one and more than the ordinary reading is wanted: the restated readings
  // below (a group's spread, an index, signup days ...) read only it.
  const single = !plain && questions.length === 1 ? questions[0] : undefined;
  // ("for each segment, how far apart were the best and the worst month of 2025 by revenue": each group's highest
  // month minus its lowest; anything more is refused: group-spread.ts.)
  const spread = single !== undefined ? readGroupSpread(single) : undefined;
  if (spread && 'refuse' in spread) return { kind: 'refuse', missing: '', reason: spread.refuse };
  if (spread)
    return marked(
      readQuestions([spread.text], models, today, plain),
      (plan) => groupSpreadOf(plan, spread.unit),
      `I can give each group's highest ${spread.unit} minus its lowest of one figure by one breakdown (such as "for each region, the gap between the best and worst month of 2025 by revenue"), not of this`,
    );
  // ("index each region's 2025 revenue against 2023, with 2023 = 100": the change from the base year with 100 times
  // the later figure over the base one beside it; anything but a change of two periods is refused: index-years.ts.)
  const indexed = single !== undefined ? readIndexYears(single) : undefined;
  if (indexed)
    return marked(
      readQuestions([indexed.text], models, today, plain),
      indexOf,
      'I can give an index of one figure between two periods (such as "each region\'s 2025 revenue indexed to 2023, 2023 = 100"), not of this',
    );
  // ("what revenue did customers who signed up on a weekend bring in during 2024": the orders' figure and period, of
  // the customers whose signup date fell on those days; anything but a plain figure is refused: signup-weekday.ts.)
  const signupDays = single !== undefined ? readSignupWeekday(single) : undefined;
  if (signupDays)
    return marked(
      readQuestions([signupDays.text], models, today, plain),
      (plan) => signupWeekdayOf(plan, signupDays.days),
      'I can give a plain figure of the orders of customers who signed up on a day of the week (such as "revenue in 2024 from customers who signed up on a weekend"), not a ranking, share or change of it',
    );
  // ("how many orders in each month of 2024 were above that month's 90th percentile": each period's rows past its own
  // cut; anything more is refused: own-period-cut.ts.)
  const ownCut = single !== undefined ? readOwnPeriodCut(single) : undefined;
  if (ownCut)
    return marked(
      readQuestions([ownCut.text], models, today, plain),
      (plan) => ownPeriodCutOf(plan, ownCut),
      "I can count each period's orders above (or below) that period's own percentile, median or average of the order amount, with no other condition or group, not this",
    );
  // ("how many customers placed two or more orders on a single day, per region?": the (customer, day) pairs with N or
  // more orders, then the customers, days or pairs counted; anything more is refused: same-day.ts.)
  const sameDay = single !== undefined ? readSameDay(single) : undefined;
  if (sameDay)
    return marked(
      readQuestions([sameDay.text], models, today, plain),
      (plan) => sameDayOf(plan, sameDay),
      'I can count the customers (or days, or customer-days) with N or more orders on one calendar day, in one period with at most one breakdown of the customers, not this',
    );
  // ("on average, in how many months of 2024 did a customer spend more than $1,000?": each customer's months past the
  // bound, averaged; anything more is refused: months-over.ts.)
  // ("per region, how many customers spent more than $7,500 every year?": the bound held in every year of the data.)
  const monthsOver = single !== undefined ? (readMonthsOver(single) ?? readEveryPeriod(single)) : undefined;
  if (monthsOver)
    return marked(
      readQuestions([monthsOver.text], models, today, plain),
      (plan) => monthsOverOf(plan, monthsOver),
      `I can count the customers whose spend or order count passed a bound in every ${monthsOver.unit}, or average the ${monthsOver.unit}s in which it did, in one period with at most one breakdown, not this`,
    );
  // ("which categories had more than 20% of monthly revenue in most months of 2024?": each group's share of each
  // period, held in more than half of them; anything more is refused: most-periods.ts.)
  const mostHeld = single !== undefined ? readMostPeriods(single) : undefined;
  if (mostHeld)
    return marked(
      readQuestions([mostHeld.text], models, today, plain),
      (plan) => mostPeriodsOf(plan, mostHeld),
      `I can list the groups whose share of one figure passed a bound in most ${mostHeld.unit}s of a period, by one breakdown, not this`,
    );
  // ("return ratio = returned orders / completed orders, per region in 2025": two filtered measures, filtered-measures.ts.)
  const pair =
    single !== undefined
      ? readTwoMeasures(single, models, (text) => {
          const r = readQuestions([text], models, today, true);
          return r.kind === 'plan' ? r.plan : undefined;
        })
      : undefined;
  if (pair && 'refuse' in pair) return { kind: 'refuse', missing: '', reason: pair.refuse };
  if (pair) return { kind: 'plan', plan: pair.plan };
  // ("how many customers have never placed an order": all of them less those with orders, never-rows.ts; before the
  // cohort readings, whose customers are those with orders.)
  const never =
    single !== undefined
      ? readNeverRows(single, models, (text, cubes) => {
          const r = readQuestions([text], cubes, today, true);
          return r.kind === 'plan' ? r.plan : undefined;
        })
      : undefined;
  if (never && 'refuse' in never) return { kind: 'refuse', missing: '', reason: never.refuse };
  if (never) return { kind: 'plan', plan: never };
  // ("top 20% of customers vs the rest: average spend in each group": both groups, top-percent-group.ts.)
  const topRest =
    single !== undefined
      ? readTopPercentRest(single, models, (text, cubes) => {
          const r = readQuestions([text], cubes, today, true);
          return r.kind === 'plan' ? r.plan : undefined;
        })
      : undefined;
  if (topRest && 'refuse' in topRest) return { kind: 'refuse', missing: '', reason: topRest.refuse };
  if (topRest) return { kind: 'plan', plan: topRest };
  // ("enterprise revenue / consumer revenue in 2024", then "and in 2025?": the same figure of another period.)
  const carried = plain
    ? undefined
    : pairCarried(questions, (text) =>
        readTwoMeasures(text, models, (side) => {
          const r = readQuestions([side], models, today, true);
          return r.kind === 'plan' ? r.plan : undefined;
        }),
      );
  if (carried && 'refuse' in carried) return { kind: 'refuse', missing: '', reason: carried.refuse };
  if (carried) return { kind: 'plan', plan: carried.plan };
  // ("big-ticket = $750 and up: how many big-ticket orders in 2024?": the word defined and used, definitions.ts.)
  // ("weekend = Saturday or Sunday. ...": a word defined as the planner reads it, said again and read away.)
  // ("summer means June through August. summer revenue per year?": those months, seasonsDefined.)
  // ("a customer's wallet is what they spend in a year. average wallet in 2024?": that figure per customer averaged;
  // "no orders in Q2 2025 but one in Q3 2025": ordered in Q3 2025 but not in Q2 2025; customer-figures.ts.)
  const glossed = plain
    ? questions
    : seasonsDefined(questions.map(standardGlossesDropped))
        .map(readCustomerFigures)
        // ("the median customer's 2024 revenue", "haven't ordered in the last 3 months", "the biggest one-month
        // spend", "in every year from 2023 to 2025": said in words read, everyday-asks.ts.)
        .map((q) => readEverydayAsks(q, today));
  if (glossed.some((q, i) => q !== questions[i])) return readQuestions(glossed, models, today, plain);
  const defined = plain ? undefined : readDefinitions(questions, models);
  if (defined?.kind === 'refuse') return { kind: 'refuse', missing: '', reason: defined.reason };
  if (defined && defined.used.length > 0)
    return definitionsKept(readQuestions(defined.questions, models, today, plain), defined.used);
  // ("orders placed between 9am and 5pm in 2025": the hours of the day as conditions on the derived hour, hours.ts.)
  // (A thread after a question with hours: the hours are not carried into the turns after it, which would drop them
  // silently; refused, never answered for every hour.)
  if (!plain && questions.slice(0, -1).some((q) => readHours(q) !== undefined))
    return {
      kind: 'refuse',
      missing: '',
      reason:
        'I cannot carry the hours of the day of an earlier question into this one: please ask it in full, with the hours',
    };
  const hours = !plain && questions.at(-1) !== undefined ? readHours(questions.at(-1) as string) : undefined;
  if (hours && 'refuse' in hours) return { kind: 'refuse', missing: '', reason: hours.refuse };
  const hoursWhole = hours && !('refuse' in hours) ? hoursShareWhole(hours) : undefined;
  if (hours && hoursWhole) {
    // ("what share of our orders come in before noon": those hours as the share's part of every order.)
    const reading = readQuestions([...questions.slice(0, -1), hoursWhole], models, today, plain);
    if (reading.kind !== 'plan') return reading;
    const shared = hoursShare(reading.plan, hours);
    return typeof shared === 'string'
      ? { kind: 'refuse', missing: '', reason: shared, near: reading.plan }
      : { ...reading, plan: shared };
  }
  if (hours) {
    const reading = readQuestions([...questions.slice(0, -1), hours.text], models, today, plain);
    if (reading.kind !== 'plan') return reading;
    const timed = withHours(reading.plan, hours);
    return typeof timed === 'string'
      ? { kind: 'refuse', missing: '', reason: timed, near: reading.plan }
      : { ...reading, plan: timed };
  }
  // "(36 months)" after "2023-2025": the span's periods counted, checked against the span read (period-counts.ts).
  const counted = questions.at(-1) !== undefined ? readPeriodCount(questions.at(-1) as string) : undefined;
  if (counted?.ofData) return readQuestions([...questions.slice(0, -1), counted.text], models, today, plain);
  if (counted?.count) {
    const reading = readQuestions([...questions.slice(0, -1), counted.text], models, today, plain);
    if (reading.kind !== 'plan') return reading;
    const wrong = countMismatch(reading.plan, counted.count);
    return wrong ? { kind: 'refuse', missing: '', reason: wrong, near: reading.plan } : reading;
  }
  // ("new vs returning customers per quarter in 2023": the customers who ordered in each period, split by their first
  // order; anything more is refused: everyday-asks.ts.)
  const split = single !== undefined ? readNewReturning(single) : undefined;
  if (split)
    return marked(
      readQuestions([split.text], models, today, plain),
      (plan) => (newReturningOf(plan) ? { ...plan, newReturning: true } : undefined),
      "I can split each period's customers into new (first order in it) and returning (an earlier order) only per month, quarter or year, with no other condition or group",
    );
  // ("how many orders per month does an average customer place": the period's orders, over the customers and the
  // months; anything more is refused: customer-rate.ts.)
  const rate =
    !plain && questions.at(-1) !== undefined ? readCustomerRate(questions.at(-1) as string) : undefined;
  if (rate)
    return marked(
      readQuestions([...questions.slice(0, -1), rate.text], models, today, plain),
      (plan) => customerRateOf(plan, rate.unit),
      `I can give the orders per ${rate.unit} of an average customer only as one figure, over all of them in one period (such as "how many orders per month does an average customer place in 2025?"), not of this`,
    );
  // ("the annual revenue run rate based on the latest quarter": that quarter's one figure, times four; anything but
  // one figure of one whole month or quarter is refused: everyday-asks.ts.)
  const runRate =
    !plain && questions.at(-1) !== undefined ? readRunRate(questions.at(-1) as string) : undefined;
  if (runRate && 'refuse' in runRate) return { kind: 'refuse', missing: '', reason: runRate.refuse };
  if (runRate)
    return marked(
      readQuestions([...questions.slice(0, -1), runRate.text], models, today, plain),
      (plan) => {
        const rate = runRateOf(plan);
        return rate ? { ...plan, runRate: rate } : undefined;
      },
      'I can give an annual run rate of one figure from one whole month or quarter (such as "the annual revenue run rate based on Q4 2025"), not of this',
    );
  // ("how many customers are in the top 10% by revenue, and what share of revenue do they make up": the share, and
  // how many rows it holds stated beside it; a question that does not read as a top share is refused, never answered
  // without the count asked: everyday-asks.ts.)
  const countAsked =
    !plain && questions.at(-1) !== undefined ? readTopCountAsked(questions.at(-1) as string) : undefined;
  if (countAsked)
    return marked(
      readQuestions([...questions.slice(0, -1), countAsked.text], models, today, plain),
      (plan) => {
        const share = plan.share;
        return !share?.top?.percent || share.counted || share.total || share.sumOf
          ? undefined
          : { ...plan, share: { ...share, countAsked: true } };
      },
      'I can state how many rows a top share holds beside the share only for a plain top or bottom percent of them (such as "the top 10% of customers by revenue")',
    );
  // ("the bottom 10% of customers (the 2,000 smallest spenders of 20,000)": counts that restate a share, a check
  // carried to the answer; counts that make another share are refused: share-counts.ts.)
  const shareCount = questions.at(-1) !== undefined ? readShareCount(questions.at(-1) as string) : undefined;
  if (shareCount) {
    const reading = readQuestions([...questions.slice(0, -1), shareCount.text], models, today, plain);
    if (reading.kind !== 'plan') return reading;
    const wrong = shareCountMismatch(reading.plan, shareCount.count);
    if (wrong) return { kind: 'refuse', missing: '', reason: wrong, near: reading.plan };
    const share = reading.plan.share;
    const { part, whole } = shareCount.count;
    return share
      ? {
          ...reading,
          plan: {
            ...reading.plan,
            share: { ...share, counted: { part, ...(whole !== undefined ? { whole } : {}) } },
          },
        }
      : reading;
  }
  // ("p95 order amount - the size an order has to beat to land in the top 5%": a percentile's line glossed, read away
  // when it is the percentile asked, refused when it is another: percentile-glosses.ts.)
  // ("what percentile is a $750 order at": the share of the rows below it, percentile-ranks.ts.)
  const rankAsked =
    questions.at(-1) !== undefined ? readPercentileRank(questions.at(-1) as string) : undefined;
  if (rankAsked) return readQuestions([...questions.slice(0, -1), rankAsked.text], models, today, plain);
  // ("how much did the middle customer spend": the median one, percentile-glosses.ts.)
  const middle = questions.at(-1) !== undefined ? readMiddleAsMedian(questions.at(-1) as string) : undefined;
  if (middle) return readQuestions([...questions.slice(0, -1), middle], models, today, plain);
  const lined = questions.at(-1) !== undefined ? readPercentileGloss(questions.at(-1) as string) : undefined;
  if (lined && 'refuse' in lined) return { kind: 'refuse', missing: '', reason: lined.refuse };
  if (lined) return readQuestions([...questions.slice(0, -1), lined.text], models, today, plain);
  // ("orders / 92 days", "Nov + Dec", "the top quarter (count / 4)", "what amount did only 1% of orders exceed":
  // arithmetic restated in words read, or refused when it is not their figure: compound-parts.ts.)
  const compound = questions.at(-1) !== undefined ? readCompoundParts(questions.at(-1) as string) : undefined;
  if (compound && 'refuse' in compound) return { kind: 'refuse', missing: '', reason: compound.refuse };
  if (compound) return readQuestions([...questions.slice(0, -1), compound.text], models, today, plain);
  // "in millions", "to one decimal place": how the last question wants its figures, not what it asks (rounding.ts).
  const last = questions.at(-1);
  // ("how many months of 2025 had more orders than the month before", "which months of 2024 beat the same month a
  // year earlier", "how many of those months beat the same month of 2023?": the periods that moved the way asked,
  // listed or counted, period-beats.ts.)
  // ("if we group customers by the month of their first order, how many in each?", "retention rate in October 2025 of
  // the customers who first ordered in February 2023": said in the cohort readings' words, cohort-phrasings.ts.)
  // ("which months of 2025 were above average for revenue": the periods' figure against their average one, said as
  // period-relative.ts reads it.)
  const restated = !plain && last !== undefined ? restateAgainstAverage(last) : undefined;
  if (restated) return readQuestions([...questions.slice(0, -1), restated], models, today, plain);
  const cohortSaid = !plain && last !== undefined ? readCohortPhrasing(last) : undefined;
  if (cohortSaid) return readQuestions([...questions.slice(0, -1), cohortSaid], models, today, plain);
  const beats = !plain && last !== undefined ? readPeriodBeats(last) : undefined;
  if (beats) {
    const prior =
      beats.ofThose && questions.length > 1
        ? readThread(questions.slice(0, -1), models, today, plain)
        : undefined;
    const beaten = beatsPlan(
      beats,
      today,
      (text) => {
        const r = readQuestions([text], models, today);
        return r.kind === 'plan' ? r.plan : undefined;
      },
      prior?.kind === 'plan' ? prior.plan : undefined,
    );
    return typeof beaten === 'string'
      ? { kind: 'refuse', missing: '', reason: beaten }
      : { kind: 'plan', plan: beaten };
  }
  // ("revenue per month in 2025" then "how does each month compare with the same month last year?": each month
  // against the same one a year before, each-year-before.ts; refused after anything but such a series.)
  const yearBefore =
    !plain && last !== undefined && questions.length > 1 ? readEachAgainstYearBefore(last) : undefined;
  if (yearBefore) {
    const prior = readThread(questions.slice(0, -1), models, today, plain);
    const paired = prior.kind === 'plan' ? eachAgainstYearBefore(prior.plan, yearBefore) : undefined;
    return paired
      ? { kind: 'plan', plan: paired }
      : {
          kind: 'refuse',
          missing: '',
          reason: `I can set each ${yearBefore} of a series over a named period against the same ${yearBefore} a year before, but not the question before this one: please ask it in full ("revenue for every ${yearBefore} of 2025 vs the same ${yearBefore} of 2024")`,
        };
  }
  // ("cumulative revenue by month in 2025", "add a 3-month moving average": a window over a series, series-windows.ts.)
  const series = !plain && last !== undefined ? readSeriesWindow(last) : undefined;
  const windowed = series ? windowReading(questions, series, models, today) : undefined;
  if (windowed) return windowed;
  // ("trailing twelve month order count, month by month, for 2024": never the last 12 months against 2024.)
  if (series?.window.kind === 'moving' && series.window.total)
    return {
      kind: 'refuse',
      missing: '',
      reason: `I can give a rolling ${series.window.n}-${series.window.unit} total beside a plain series by ${series.window.unit} (one sum or count), not beside this one`,
    };
  // ("and for the east?" after "cumulative revenue by month in 2025": the earlier series read without its window, the
  // window kept over the follow-up's series when the question just before asked it.)
  const earlier = plain ? undefined : earlierWindows(questions, models, today);
  if (earlier) {
    const reading = readQuestions(earlier.questions, models, today);
    const carried = earlier.carried;
    if (!carried || reading.kind !== 'plan' || reading.plan.window) return reading;
    const plan = withWindow(reading.plan, carried);
    return windowMisfit(plan, plan.window ?? carried) ? reading : { kind: 'plan', plan };
  }
  // ("what share of total company revenue did my region bring in": a whole the asker cannot see, own-ground.ts.)
  const beyond = last !== undefined ? wholeBeyondGround(last) : undefined;
  if (beyond) return { kind: 'refuse', missing: '', said: beyond };
  const unread =
    !plain && last !== undefined && !rowConditionsPlan(last, models, periodReader(today))
      ? UNREAD_SHAPES.find(([shape]) => shape.test(last))
      : undefined;
  if (unread) return { kind: 'refuse', missing: '', reason: unread[1] };
  // ("yoy change 2024 -> 2025 in all regions": the regions together, or each one? whole-scope.ts.)
  const unclear = last !== undefined ? unclearScope(last, models) : undefined;
  if (unclear) return { kind: 'refuse', missing: '', said: unclear };
  const { text: unrounded, rounding } = last !== undefined ? readRounding(last) : { text: '' };
  // ("what is that in dollars?" after "revenue by region, 2025 vs 2024": its change in dollars, change-unit.ts; the
  // unit alone reads as how figures are shown.)
  if (rounding?.money && last !== undefined && questions.length > 1 && !plain) {
    const prior = readThread(questions.slice(0, -1), models, today, plain);
    const inUnit = prior.kind === 'plan' ? changeInUnit(prior.plan, words(last), last) : undefined;
    if (inUnit) return unsound({ kind: 'plan', plan: inUnit }, last, models);
  }
  // ("top 3 categories and everything else combined": the rows past the top N as one row, top-rest.ts.)
  const { text: rested, rest } = readRest(unrounded);
  // ("how many customers were in the top 100 by spend in both 2024 and 2025": which ones, counted, top-in-every.ts.)
  const { text: counting, counted: countedAll } = readCountedInEvery(rested);
  // ("which category was the top seller in the most months of 2023": the top one in each month, counted, times-on-top.ts.)
  const { text: ranked, onTop } = readTimesOnTop(counting);
  // ("how many customers spent more than the average customer": against the average one, above-average.ts.)
  // ("days with more orders than their month's daily average": against their own container, period-relative.ts.)
  const { text: placed, mark } = readPeriodRelative(ranked);
  const { text: levelled, average, averageYear, quantile, rowShare } = readAboveAverage(placed);
  // ("avg order value by region, and the total": the average over every row beside them, grand-total.ts.)
  const { text, overall } = readOverall(levelled);
  if (!rounding && !overall && !rest && !average && !mark && !countedAll && !onTop && text === last)
    return unsound(readThread(questions, models, today, plain), last, models);
  // ("avg order value by category" -> "and the overall?": the previous breakdown with the figure over every row;
  // after a breakdown that adds up, or with nothing before it, the question is read as it stands.)
  const before =
    overall && text === '' && questions.length > 1
      ? readThread(questions.slice(0, -1), models, today, plain)
      : undefined;
  if (overall && text === '' && (before?.kind !== 'plan' || !plainBreakdown(before.plan)))
    return unsound(readThread(questions, models, today, plain), last, models);
  const reading = before ?? readThread([...questions.slice(0, -1), text], models, today, plain);
  if (reading.kind !== 'plan') return unsound(reading, last, models);
  // ("how many orders for toys in 2024, in $k": a count has no dollars; stated as thousands it read as an amount.)
  if (rounding?.money && reading.plan.measures.some((m) => m.format !== 'currency'))
    return {
      kind: 'refuse',
      missing: '',
      // ("what did clothing do in 2025 in $M": its revenue and its orders, and the orders are no dollars.)
      reason: `the figure this reads as (${reading.plan.measures
        .filter((m) => m.format !== 'currency')
        .map((m) => m.title.toLowerCase())
        .join(', ')}) is a count, not an amount in dollars`,
      near: reading.plan,
    };
  const misfit = rest
    ? restMisfit(reading.plan)
    : countedAll && !reading.plan.perGroup?.inEvery
      ? 'I can count the ones in the top N of every period or group ("how many customers were in the top 100 by spend in both 2024 and 2025"); the top N of one ranking is N, ties aside: ask for the ranking itself'
      : undefined;
  if (misfit) return { kind: 'refuse', missing: '', reason: misfit, near: reading.plan };
  const levelledPlan = onTop
    ? timesOnTop(reading.plan, onTop)
    : countedAll
      ? { ...reading.plan, perGroup: { ...reading.plan.perGroup, inEvery: 'count' as const } }
      : mark
        ? againstPeriod(reading.plan, mark)
        : average === 'rows'
          ? againstAverageRow(reading.plan, averageYear, quantile, rowShare)
          : average
            ? againstAverage(reading.plan, average)
            : reading.plan;
  if (typeof levelledPlan === 'string') return { kind: 'refuse', missing: '', reason: levelledPlan };
  if (overall && !plainBreakdown(reading.plan))
    return {
      kind: 'refuse',
      missing: '',
      reason: 'I can state the figure over every row beside a plain breakdown of it, not beside this one',
    };
  return unsound(
    {
      ...reading,
      plan: {
        ...levelledPlan,
        ...(rounding ? { rounding } : {}),
        ...(overall ? { overall } : {}),
        ...(rest && levelledPlan.top ? { top: { ...levelledPlan.top, rest } } : {}),
      },
    },
    last,
    models,
  );
}

/**
 * The series the question asks a window over, read without the window's words (the previous question's, when
 * the window is all it says), with the window; undefined when that is no plain series (the ordinary reading then).
 */
function windowReading(
  questions: readonly string[],
  series: SeriesWindowRead,
  models: readonly CatalogCube[],
  today: string,
): Reading | undefined {
  const asked = series.bare ? questions.slice(0, -1) : [...questions.slice(0, -1), series.text];
  if (asked.length === 0) return undefined;
  const reading = readQuestions(asked, models, today);
  if (reading.kind !== 'plan') return undefined;
  const plan = withWindow(reading.plan, series.window);
  // (The plan's window: withWindow may have read more of it, the sum behind a running average.)
  return windowMisfit(plan, plan.window ?? series.window) ? undefined : { kind: 'plan', plan };
}

/**
 * The thread with each earlier question that asked a window over a series read without the window's words (one
 * that was only the window left out), and the window of the question just before the last; undefined when none did.
 */
function earlierWindows(
  questions: readonly string[],
  models: readonly CatalogCube[],
  today: string,
): { questions: string[]; carried?: SeriesWindow } | undefined {
  const kept: string[] = [];
  let changed = false;
  let carried: SeriesWindow | undefined;
  for (const [turn, question] of questions.slice(0, -1).entries()) {
    const series = readSeriesWindow(question);
    const read = series ? windowReading([...kept, question], series, models, today) : undefined;
    carried = read && series && turn === questions.length - 2 ? series.window : undefined;
    if (!read || !series) kept.push(question);
    else if (!series.bare) kept.push(series.text);
    changed ||= read !== undefined;
  }
  const last = questions.at(-1);
  if (!changed || last === undefined) return undefined;
  return { questions: [...kept, last], ...(carried ? { carried } : {}) };
}

const PERIOD_NAMED = String.raw`((?:q[1-4]|h[12])\s+20\d\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\s+20\d\d|20\d\d)`;
/** A follow-up that names only another period ("and in 2025?", "what about Q1 2024?", "same for 2023?"). */
const ONLY_PERIOD = new RegExp(
  String.raw`^\s*(?:(?:and|what\s+about|how\s+about|and\s+the\s+same\s+for|the\s+same\s+for|same\s+for|now)\s+)?(?:(?:for|in|during)\s+)?${PERIOD_NAMED}\s*[?.!]?\s*$`,
  'i',
);
/** A period the question names after "in", "for" or "during". */
const PERIOD_IN = new RegExp(String.raw`\b(?:in|for|during)\s+${PERIOD_NAMED}\b`, 'gi');

/**
 * A follow-up naming only another period after a figure of two filtered measures ("enterprise revenue / consumer
 * revenue in 2024", "and in 2025?"): the previous question asked again of that period (its one period replaced, or
 * the period added when it named none); undefined when the previous question is no such figure or names more than
 * one period.
 */
function pairCarried(
  questions: readonly string[],
  readPair: (text: string) => TwoMeasuresReading,
): TwoMeasuresReading {
  const last = questions.at(-1);
  const previous = questions.at(-2);
  const asked = last === undefined ? null : ONLY_PERIOD.exec(last);
  if (!asked?.[1] || previous === undefined) return undefined;
  const said = [...previous.matchAll(PERIOD_IN)];
  if (said.length > 1) return undefined;
  const before = readPair(previous);
  if (!before || 'refuse' in before) return undefined;
  const [once] = said;
  const text = once
    ? previous.replace(once[0], `in ${asked[1]}`)
    : `${previous.replace(/[\s?.!]+$/, '')} in ${asked[1]}`;
  return readPair(text);
}

/** A reading of a question with definitions in it, refused when the query planned leaves one of them out. */
function definitionsKept(reading: Reading, used: readonly Definition[]): Reading {
  if (reading.kind !== 'plan') return reading;
  const sql = queryFor(reading.plan).sql;
  // (A number stands on its own: "50" is not the "50" of "500".)
  const held = (mark: string) =>
    /^\d+(?:\.\d+)?$/.test(mark) ? new RegExp(`(?<![\\d.])${mark}(?![\\d])`).test(sql) : sql.includes(mark);
  const left = used.find((d) => !d.meaning.marks.every(held));
  // ("refund exposure = ...": the figure asked is the asker's word, said back in the answer.)
  const figures = used.filter((d) => d.meaning.kind === 'share' || d.meaning.kind === 'figure');
  const definedAs = figures.map((d): [string, string] => [d.term, d.meaning.noun]);
  if (!left) return definedAs.length > 0 ? { ...reading, plan: { ...reading.plan, definedAs } } : reading;
  return {
    kind: 'refuse',
    missing: '',
    near: reading.plan,
    reason: `I read your definition of "${left.term}" (${left.meaning.noun}), but could not apply it to this question`,
  };
}

/** A breakdown of measures that do not add up, and nothing else of a second order (the overall figure's shape). */
function plainBreakdown(plan: Plan): boolean {
  return (
    !secondOrder(plan, ['anyOf', 'window', 'overall', 'missing']) &&
    plan.dimensions.length + (plan.grain ? 1 : 0) > 0 &&
    plan.measures.every((m) => m.aggType !== 'sum' && m.aggType !== 'count')
  );
}

/**
 * A reading no careful analyst would answer, refused with why: a period that ends before it starts ("2025 ... Jan–Mar
 * 2022" read as one span from 2025 to March 2022, answered 0), and each quarter's or month's change against another
 * year answered as the years' one change (the periods asked for left out).
 */
/** "the same quarter of 2024", "the corresponding month": a unit paired with its own in the other period. */
const SAME_UNIT = /\b(?:same|corresponding|matching)\s+(?:quarter|qtr|month|mo)s?\b/i;

function unsound(reading: Reading, question = '', models: readonly CatalogCube[] = []): Reading {
  if (reading.kind === 'refuse') return placedWrongly(reading, question, models);
  if (reading.kind !== 'plan') return reading;
  // ("orders under $100, between $100 and $500, and over $500": a breakdown by the bands, bands.ts.)
  const banded = readBands(reading.plan);
  if (banded) return { ...reading, plan: banded };
  const plan = reading.plan;
  // (A follow-up on conditions on rows that adds what their query does not hold: row-conditions.ts.)
  const beyond = plan.having?.clauses ? beyondRowConditions(plan) : undefined;
  if (beyond) return { kind: 'refuse', missing: '', reason: beyond };
  // (A reading that would answer another question than the one asked: refused, misreadings.ts.)
  const misread = misreading(plan, question);
  if (misread) return { kind: 'refuse', missing: '', near: plan, reason: misread };
  const backwards = [plan.range, plan.also?.range, plan.first?.range, ...(plan.compare ?? [])].find(
    (p) => p && p.from >= p.to,
  );
  if (backwards)
    return {
      kind: 'refuse',
      missing: '',
      reason: `I read a period that ends before it starts ("${backwards.label}"), so I could not tell which dates you mean: please name the period again`,
    };
  const each =
    /\b(?:per|by|each|every)\s+(quarter|month|week|day)\b|\b(quarterly|monthly|weekly|daily)\b/i.exec(
      question,
    );
  const unit =
    each?.[1] ??
    { quarterly: 'quarter', monthly: 'month', weekly: 'week', daily: 'day' }[each?.[2]?.toLowerCase() ?? ''];
  // ("2025 by quarter vs the same quarter of 2024": each quarter against its own, paired-periods.ts.)
  const paired = each && plan.grain === unit ? pairedPeriods(plan) : undefined;
  if (paired && !plan.change && SAME_UNIT.test(question))
    return { ...reading, plan: { ...plan, change: { rank: 'percent' } } };
  if (paired && plan.change) return reading;
  // ("orders per day in March vs February 2025, and the difference": the two means per day, day-means.ts.)
  const perDay = plan.grain === 'day' && plan.percentile?.stat === 'avg';
  if (each && plan.change && !plan.change.only && (plan.compare?.length ?? 0) === 2 && !plan.top && !perDay)
    return {
      kind: 'refuse',
      missing: '',
      reason: `I can compare the two periods as wholes, or list each ${unit ?? 'period'} of both, but not the change of each ${unit ?? 'period'} against the same one of the other year`,
    };
  // "revenue per order in the east vs overall", "furniture orders vs all orders": one figure answered where two
  // were compared (the other side left out as a filler word).
  const versus =
    /\b(?:vs\.?|versus|compared?\s+(?:to|with)|against)\s+(?:the\s+)?(\w+(?:\s+(?!(?:in|for|during|this|last|of|on|at|from|since)\b)\w+)?)/i.exec(
      question,
    );
  const oneFigure = asksOneFigure(plan);
  // (A rate of one value, "the return rate for electronics vs overall": the same, one figure but for its share.)
  const oneRate =
    !!plan.share?.part &&
    !oneFigure &&
    asksOneFigure({ ...plan, share: undefined }) &&
    plan.filters.length === 1;
  // ("... vs overall", "... vs all orders": the part and the whole, versus-whole.ts.)
  const whole =
    versus && (oneFigure || oneRate) && namesWhole(versus[1] ?? '') ? versusWhole(plan) : undefined;
  if (whole) return { ...reading, plan: whole };
  // ("how does the west's order count stack up against the total?" read as several figures of the west: the
  // whole it is compared with is not among them.)
  // (A bound on a number is a side too: "orders under $50 vs all orders" answered the orders under $50 alone.)
  const sides = [
    ...plan.filters.map((f) => f.values.join(', ')),
    ...plan.numberFilters.map((f) => `${f.member.title.toLowerCase()} ${f.op} ${f.value}`),
  ];
  const wholeLeft =
    versus && namesWhole(versus[1] ?? '') && sides.length > 0 && plan.dimensions.length === 0 && !plan.share;
  if (wholeLeft && !oneFigure)
    return {
      kind: 'refuse',
      missing: '',
      near: plan,
      reason: `I read only one side of the comparison (${sides.join(', ')}), not the whole it is compared with ("${versus[1]?.toLowerCase()}"): ask for one figure of it against the whole, or for a breakdown that shows both`,
    };
  if (versus && oneFigure && sides.length > 0)
    return {
      kind: 'refuse',
      missing: '',
      near: plan,
      reason: `I read only one side of the comparison (${sides.join(', ')}), not what it is compared with ("${versus[1]?.toLowerCase()}"): ask for each side, or for a breakdown that shows both`,
    };
  return reading;
}

/**
 * A refusal over one word the model does have ("top 5 customers ... with their region": the region is the orders',
 * which could split a customer into rows) must not say the model has nothing for it: it says the word was found
 * and could not be placed.
 */
function placedWrongly(
  reading: Extract<Reading, { kind: 'refuse' }>,
  question: string,
  models: readonly CatalogCube[],
): Reading {
  const word = /^"([a-z]+)"$/.exec(reading.missing)?.[1];
  if (reading.reason || reading.future || !word) return reading;
  const member = models
    .flatMap((c) => c.members)
    .find(
      (m) => m.kind === 'dimension' && m.type === 'string' && dimensionKeys(m).single.includes(stem(word)),
    );
  if (!member) return reading;
  const beside = new RegExp(
    `\\b(?:with|and|plus|including|incl|showing)\\s+(?:their|its|his|her)\\s+${word}\\b`,
    'i',
  ).test(question);
  return {
    ...reading,
    missing: '',
    reason: beside
      ? `I can list them, but not show each one's ${word} beside it: the data model's ${member.title.toLowerCase()} is not one value per row listed`
      : `the data model has "${word}" (${member.title.toLowerCase()}), but I could not tell where it belongs in this question`,
  };
}

function readThread(
  questions: readonly string[],
  models: readonly CatalogCube[],
  today: string,
  plain: boolean,
): Reading {
  let plan: Plan | undefined;
  let reading: Reading = { kind: 'none' };
  // ("which day of the week": a dimension the planner derives from the time dimension; weekdays.ts.)
  const catalog = withWeekdays(models);
  // Whether the last question quoted a figure from elsewhere beside its ask (quoted-figures.ts).
  let quoted = false;
  let quotedChange: number | undefined;
  // The reading two turns back (the one the previous turn changed), for a change between the periods of both.
  let turnBefore: Plan | undefined;
  let earlier: Plan | undefined;
  for (const [turn, typed] of questions.entries()) {
    // ("revenue for 2023 - I mean 2024": the corrected words in place of the ones they correct; corrections.ts.)
    // ("revenue by month in 2024 - which month fell the most over the month before?": one question; breakdown-first.ts.)
    const corrected = readCorrection(readBreakdownFirst(typed), catalog);
    if ('refuse' in corrected) return { kind: 'refuse', missing: '', reason: corrected.refuse };
    // ("had not ordered furniture by 2023-03-31": no reading of its own; not-ordered-by.ts.)
    // ("2025 AOV minus 2024 AOV, per region": the change from 2024 to 2025; period-minus.ts.)
    const minus = readPeriodMinus(corrected.text);
    if ('refuse' in minus) return { kind: 'refuse', missing: '', reason: minus.refuse };
    const cutoff = unreadKindCutoff(minus.text);
    if (cutoff) return { kind: 'refuse', missing: '', reason: cutoff };
    // ("... in a year? use 2025": the period given as an instruction is the question's; instructions.ts.)
    // ("our CRM export says the west did 40M - what do you have?": the quote is context; quoted-figures.ts.)
    // ("finance says Q4 was down ~5% on Q3 - is that right?": the change asked, the quote checked; ibid.)
    // ("MoM for Oct, Nov and Dec (Oct vs Sept included)": the first change restated, first-change.ts.)
    // ("... in that year?" after a question of one year: that year, the previous reading's; that-period.ts.)
    const instructed = dropPreviousPeriodPointer(
      dropFirstChangeAside(readPeriodInstruction(readRestatedGlosses(minus.text))),
      plan && !plain && !plan.compare ? plan.range : undefined,
    );
    const quotedMove = readQuotedChange(instructed);
    const quote: ReturnType<typeof readQuotedFigure> = quotedMove
      ? { text: quotedMove.text, quoted: true }
      : readQuotedFigure(instructed);
    quoted = quote.quoted === true;
    quotedChange = quotedMove?.quotedChange;
    // ("how many of them ordered in 2025?" after a count of enterprise customers: those customers, counted-people.ts.)
    // ("what % of all customers is that?" after a count of a period's buyers: a share of every customer, ibid.)
    const people =
      plan && !plain
        ? (ofCountedPeople(plan, quote.text) ??
          shareOfCountedPeople(plan, quote.text) ??
          boundOnEachOne(plan, quote.text))
        : undefined;
    if (people) plan = undefined;
    // ("what did they spend in total?" after a top 3: the sum of those rows, top-total.ts.)
    // ("how much did each change from the previous one?" after a breakdown by quarter: the quarter before;
    // "compare that with the previous week" after a week: the week before it, previous-pointers.ts.)
    // ("revenue last year vs the year before (i.e. 2025 vs 2024)": the periods named, period-glosses.ts.)
    // ("how many were cancelled?" after a count: of those; "as a % of the quarter's orders": of the quarter asked
    // before; follow-up.ts.)
    const asked =
      people ??
      keepTopSum(
        plan,
        previousUnitSaid(
          plan,
          previousPeriodSaid(
            plan,
            readPeriodGlosses(plan ? periodWholeSaid(ofThoseElided(quote.text), plan) : quote.text),
          ),
        ),
      );
    // ("(their orders added up, not single orders)", "(all 12)", "Tomasz (my manager) wants": restated-glosses.ts.)
    // ("2023 next to 2024", "to the cent please": phrases read the planner's way first, phrases.ts; asides
    // such as "for my weekly sync:" dropped, asides.ts; "..., plus a grand total" read away, grand-total.ts; "my
    // patch", "on my turf": the asker's region, own-ground.ts; "..., 2025? all regions": the whole, whole-scope.ts.)
    // ("for each segment, who was the biggest spender": the top customer per segment; tops.ts.)
    // ("since we started": all the data, all-time.ts; "joined in March or April 2022": one span, start-months.ts;
    // "hadn't ordered by 2023-03-31": a first order after that day, not-ordered-by.ts.)
    // ("which signup month's customers spent the most": the signup month, signup-groups.ts; "per region, the median
    // of customers' average order value": the median average order value per customer, customer-percentiles.ts.)
    // ("rank the regions by the dollar growth of their revenue from 2023 to 2024": change-ranked.ts.)
    const glossed = readChangeRanked(
      readCustomerPercentiles(
        readSignupGroups(
          readTheirOrders(
            readGlosses(
              readAsides(
                readOwnGround(
                  rephrase(readWholeScope(readGrandTotal(readNotOrderedBy(asked)), catalog), today),
                  catalog,
                ),
                catalog,
              ),
              catalog,
            ),
          ),
        ),
      ),
    );
    const said = withoutQuarterLabels(
      readWeekdayWords(readStartMonths(readAllTime(numberOneAsTop(glossed)))),
    );
    // ("which segment's customers order most often": orders per customer by segment; per-customer-rank.ts.)
    const phrased = lifetimeCondition(said) ?? restatedNew(said) ?? perCustomerRank(said) ?? said;
    const grouped = perGroupWho(phrased) ?? phrased;
    // ("... and the same week in 2024?": the previous span in that year, same-span.ts.)
    const spanned = sameSpanFollowUp(plan, grouped) ?? grouped;
    const pointed = pointedCohort(plan, whoAsEntity(spanned, catalog) ?? spanned);
    // ("what did the south do in 2025?": its revenue and its orders, performance.ts.)
    const bothFigures = howItDid(pointed, (text) => parseBest(text, catalog, today)?.measureNamed === true);
    const question =
      bothFigures && (parseBest(bothFigures, catalog, today)?.measures.length ?? 0) === 2
        ? bothFigures
        : pointed;
    // A breakdown left out of the previous question is not left out of the next.
    if (plan?.missing) plan = { ...plan, missing: undefined };
    // ("enterprise customers vs everyone else: 2025 revenue", "and from everyone else?": the value and the rest,
    // rest-split.ts.)
    const split = plain
      ? undefined
      : plan
        ? restFollowUp(plan, question)
        : restSplit(question, (text) => {
            const r = readQuestions([text], models, today);
            return r.kind === 'plan' ? r.plan : undefined;
          });
    if (split) {
      plan = split;
      reading = { kind: 'plan', plan };
      continue;
    }
    // First rows and retention between periods, read on each entity's rows (per-entity.ts).
    // ("... what % of them also ordered in December 2025?" after a count of one period's customers.)
    const restated = plan && !plain ? retentionFollowUp(plan, question) : undefined;
    // ("what % of November 2025 buyers ordered again in December", "ordered in Q3 but not in Q4 2025 - how many per
    // region?": tests on each customer's rows over periods, a part among a whole; customer-ratios.ts.)
    const previousPeriods = (text: string) => (plan ? periodReader(today)(text, plan.cube) : undefined);
    const ratio = plain
      ? undefined
      : plan?.perEntity?.kind === 'ratio'
        ? ratioFollowUp(plan, question, previousPeriods)
        : plan
          ? ((restated ? customerRatioPlan(restated, catalog, periodReader(today)) : undefined) ??
            ratioOfThem(plan, question, plan.cube, previousPeriods))
          : // ("spent more than $10k in both 2024 and 2025": a bound in each period, each-period-bounds.ts.)
            (customerRatioPlan(question, catalog, periodReader(today)) ??
            eachPeriodBoundsPlan(asked, catalog, periodReader(today)) ??
            eachPeriodBoundsPlan(question, catalog, periodReader(today)) ??
            // ("which month of 2024 had the lowest average orders per day": period-day-means.ts.)
            periodDayMeansPlan(asked, catalog, today) ??
            // ("which region had orders in the most months of 2025": most-units.ts.)
            mostUnitsPlan(asked, catalog, today) ??
            periodDayMeansPlan(question, catalog, today));
    // (A follow-up on a ratio not read as one is refused: the ordinary reading would answer it without its tests.)
    if (!ratio && plan?.perEntity?.kind === 'ratio' && !plain)
      return {
        kind: 'refuse',
        missing: '',
        reason:
          'I can follow a count or share of customers with a breakdown ("by segment") or other periods ("and from October to November?"), but not this question about it: please ask it in full',
      };
    if (ratio) {
      plan = ratio;
      reading = { kind: 'plan', plan };
      continue;
    }
    // ("and how many of those never had a cancellation?" after a count by conditions on their rows: both, row-conditions.ts.)
    const narrowed =
      plan && !plain
        ? narrowedConditions(plan, question, (text) =>
            plan ? periodReader(today)(text, plan.cube) : undefined,
          )
        : undefined;
    if (narrowed) {
      plan = narrowed;
      reading = { kind: 'plan', plan };
      continue;
    }
    // ("exactly one return in 2024", "largest order below $900", "more returns than cancellations": row-conditions.ts.)
    // (Read as asked first: "in both 2023 and 2025" is said again as "in every year from 2023 to 2025".)
    const conditioned =
      plan || plain
        ? undefined
        : (rowConditionsPlan(asked, catalog, periodReader(today)) ??
          rowConditionsPlan(question, catalog, periodReader(today)));
    if (conditioned) {
      plan = conditioned;
      reading = { kind: 'plan', plan };
      continue;
    }
    // ("how many customers spent more in 2025 than in 2024": each against itself, entity-versus.ts.)
    const versus =
      plain || plan
        ? undefined
        : readEntityVersus(
            question,
            catalog,
            (text, cubes) => {
              const r = readQuestions([text], cubes, today, true);
              return r.kind === 'plan' ? r.plan : undefined;
            },
            (text, cube) => parseAgainst(`orders in ${text}`, cube, today).range,
          );
    if (versus) {
      plan = versus;
      reading = { kind: 'plan', plan };
      continue;
    }
    // ("spent over 10k in 2024 and under 8k in 2025": a bound in each of two periods, two-period-conditions.ts.)
    const twoPeriods = plan || plain ? undefined : twoPeriodConditions(question);
    if (twoPeriods) return { kind: 'refuse', missing: '', reason: twoPeriods };
    // ("and how many in each segment?" after the top 5% of customers by spend: that group per value,
    // top-percent-group.ts; nothing else is read of it.)
    const topFollow = plan && !plain ? topPercentFollowUp(plan, question, catalog) : undefined;
    if (topFollow && 'refuse' in topFollow) return { kind: 'refuse', missing: '', reason: topFollow.refuse };
    if (topFollow) {
      plan = topFollow;
      reading = { kind: 'plan', plan };
      continue;
    }
    // A cohort crossed with an outcome and measures, or a follow-up on the previous cohort (cohort-reader.ts).
    const cohort = plain
      ? undefined
      : plan
        ? cohortFollowUp(plan, question, today, catalog)
        : (readCohortBreakdown(question, catalog, today) ??
          readCohortEach(question, catalog, today) ??
          readCohort(question, catalog, today));
    // A follow-up the cohort reader does not read goes on from the ordinary reading of the thread so far (which
    // carries a signup or first-date cohort, cohorts.ts); a cohort it alone reads is refused instead.
    if (plan?.perEntity?.kind === 'cohort' && !cohort) {
      const before = readQuestions(questions.slice(0, turn), models, today, true);
      if (!plainCohort(plan) || before.kind !== 'plan')
        return {
          kind: 'refuse',
          missing: '',
          reason:
            'I can follow a cohort with what its members did later (ordered in a period, came back, spent), but not this question about it',
        };
      plan = before.plan;
    }
    const entityReading = plain
      ? undefined
      : cohort
        ? cohort
        : restated
          ? retentionOnly(restated, catalog, today)
          : plan
            ? undefined
            : perEntity(question, catalog, today);
    if (entityReading?.kind === 'refuse')
      return { kind: 'refuse', missing: '', reason: entityReading.reason };
    if (entityReading) {
      plan = entityReading.plan;
      reading = { kind: 'plan', plan };
      continue;
    }
    // ("in %?", "what is that in dollars?" after a comparison of periods: that change in the unit, read on the words
    // typed (the unit alone is read away as a gloss below),
    // change-unit.ts.)
    const inUnit = plan && !plain ? changeInUnit(plan, words(typed), typed) : undefined;
    if (inUnit) {
      plan = inUnit;
      reading = { kind: 'plan', plan };
      continue;
    }
    const best = parseBest(question, catalog, today);
    if (!best) return { kind: 'none' };
    // ("someone said the west did 40M - can you check?": a quote asked back must name its measure, not a default.)
    if (quote.fromQuote === 'named' && !best.measureNamed)
      return {
        kind: 'refuse',
        missing: '',
        reason:
          'the figure you quoted names no measure I can check it against (revenue, orders, average order value...)',
      };
    let parsed = best;
    const previous = plan;
    earlier = turnBefore;
    turnBefore = plan;
    // A follow-up is one change to the previous reading (follow-up.ts); otherwise the question stands alone.
    const own = plan ? parseAgainst(question, plan.cube, today) : undefined;
    // ("revenue by category in Q4 2024" then "what % of that quarter's revenue did the top two make together?": the
    // top rows of the same breakdown in the period just asked; read on its own it was every year's share.)
    // ("revenue by month for 2025" then "what share of the year's revenue did the three best months make up?": the
    // same for periods of the same grain; read on its own it was the top months of every year.)
    const topOfPrevious =
      plan?.range !== undefined &&
      own?.share?.top !== undefined &&
      !own.range &&
      !own.compare &&
      ((own.dimensions.length === 1 &&
        plan.dimensions.length === 1 &&
        own.dimensions[0] === plan.dimensions[0]) ||
        (own.dimensions.length === 0 &&
          plan.dimensions.length === 0 &&
          own.grain !== undefined &&
          own.grain === plan.grain));
    const leans =
      plan !== undefined &&
      (looksLikeFollowUp(question, best.measureNamed ? best : { measures: [] }) ||
        topOfPrevious ||
        (own !== undefined && changeOfPreviousRows(question, own))) &&
      !cohortBehind(plan, question);
    const cube = plan?.cube ?? best.cube;
    // ("revenue by region in 2025" -> "what about 2024?" -> "and the change?": between the two periods asked.)
    const base = plan && own ? (periodsOfThread(earlier, plan, own) ?? plan) : plan;
    // ("revenue for the south in Q2 2025" -> "same for the north" -> "combined?": both values as one figure.)
    // ("... -> same for east -> which is bigger and by how much?": the two side by side, with their gap.)
    const both = plan
      ? (valuesOfThread(earlier, plan, question) ?? apartOfThread(earlier, plan, question))
      : undefined;
    const followUp = both
      ? { plan: both, unexplained: [] }
      : base && own
        ? readFollowUp(base, question, own, {
            leans,
            reread: (text) => parseAgainst(text, cube, today),
            today,
          })
        : undefined;
    if (own && (followUp || leans)) {
      // (A follow-up that changes nothing the model has reads nothing.)
      parsed = { ...own, unexplained: followUp?.unexplained ?? own.unexplained };
      // ("as a share of each region's orders?": within each group's own whole, follow-up.ts.)
      plan = followUp?.plan && shareWithinEach(followUp.plan, question);
      // ("which of those grew vs 2024?": only the ones that did, follow-up.ts.)
      if (plan) plan = onlyThoseMoved(plan, question);
      // ("which of them grew fastest?" after a top 3: among those rows, previous-pointers.ts.)
      if (plan && base) plan = amongPreviousTop(base, plan, question);
      // ("how many customers ordered in every month of 2025?" then "how much did they spend?": their total,
      // counted-total.ts.)
      const counted = plan && base ? figureOfCounted(base, plan, question) : plan;
      if (counted && 'refuse' in counted) return { kind: 'refuse', missing: '', reason: counted.refuse };
      plan = counted;
    } else {
      plan = nothingFound(parsed) ? undefined : toPlan(parsed);
      // ("revenue by category and quarter for 2024" then "for each category, which quarter was the best?": the
      // previous breakdown ranked within its groups, in its period; read alone it ranked every year's quarters.)
      if (plan && previous) plan = withinPreviousBreakdown(plan, previous, question);
    }
    // "... how many joined in Q2 2022?" then "what did they spend in 2024?": that cohort's rows.
    const carried = plan ? carryCohort(previous, question, parsed, plan) : undefined;
    if (carried && 'refuse' in carried) return { kind: 'refuse', missing: carried.refuse };
    if (carried) {
      plan = carried.plan;
      parsed = { ...parsed, unexplained: carried.unexplained };
    }
    // "revenue and returns": a value's noun joined to a measure is a second figure, not a filter (phrases.ts).
    const measureWords = new Set(
      (plan?.measures ?? []).flatMap((m) => [
        ...m.titleWords,
        ...m.names,
        ...Object.values(plan?.terms ?? {}),
      ]),
    );
    // ("cancelled orders and revenue": a value on one measure of a list; words.ts.)
    const paired = plan
      ? (valueBesideMeasure(question, valueWords(parsed), measureWords) ?? parsed.oneOfList)
      : undefined;

    // ("what share of revenue, across every year, fell in a fourth quarter?": every year's Q4 as one part, seasonal.ts.)
    const pooled = plan && !previous ? pooledShare(question, plan, parsed.unexplained) : undefined;
    if (pooled) {
      plan = pooled;
      parsed = { ...parsed, unexplained: [] };
    }
    if (plan && followUp?.refuse) {
      reading = { kind: 'refuse', missing: '', reason: followUp.refuse, near: previous };
      plan = undefined;
    } else if (plan && paired) {
      reading = { kind: 'refuse', missing: '', reason: paired, near: { ...plan, filters: [] } };
      plan = undefined;
    } else if (plan && parsed.future) {
      reading = {
        kind: 'refuse',
        missing: 'forecasts or future dates (the data only records what happened)',
        future: true,
        near: plan,
      };
      plan = undefined;
    } else if (plan && CAUSE.test(question)) {
      // "why did revenue drop in 2025": the data says what happened, never why; the figure is a close question.
      reading = {
        kind: 'refuse',
        missing: '',
        said: "I can't answer why from this data: it records what happened, not its causes",
        near: plan,
      };
      plan = undefined;
    } else if (plan && parsed.unexplained.length > 0 && ownParts(question, parsed, plan)) {
      // "revenue by territory and by marketing channel": the breakdown the model has is answered on its own.
      plan = { ...plan, missing: inAskersWords(missingPhrases(question, parsed.unexplained), asked) };
      reading = { kind: 'plan', plan };
    } else if (plan && parsed.unexplained.length > 0) {
      reading = {
        kind: 'refuse',
        missing: listQuoted(inAskersWords(missingPhrases(question, parsed.unexplained), asked)),
        near: plan,
      };
      plan = undefined;
    } else {
      // "new customers in 2023" past every signup: the first-order reading waits beside it (new-customers.ts).
      const alt = plan && !previous && !plain ? newByFirst(question, plan, catalog, today) : undefined;
      if (plan && alt) plan = { ...plan, byFirstOrder: alt };
      // ("Q4 revenue by year": that quarter of every year, seasonal.ts.)
      if (plan) plan = seasonal(question, plan) ?? plan;
      reading = plan ? { kind: 'plan', plan } : { kind: 'none' };
    }
    const weekday = plan ? unsupportedWeekday(plan, question) : undefined;
    if (plan && weekday) {
      reading = {
        kind: 'refuse',
        missing: '',
        reason: weekday,
        near: { ...plan, dimensions: [], filters: [] },
      };
      plan = undefined;
    }
  }
  return quoted && reading.kind === 'plan'
    ? {
        ...reading,
        plan: { ...reading.plan, quoted: true, ...(quotedChange !== undefined ? { quotedChange } : {}) },
      }
    : reading;
}

/** A cohort the ordinary reading also holds: a signup period, or a first order's period, with nothing else. */
const plainCohort = (plan: Plan) => {
  const c = plan.perEntity?.kind === 'cohort' ? plan.perEntity : undefined;
  return (
    c !== undefined &&
    c.cohort.period !== undefined &&
    !c.cohort.attr &&
    !c.cohort.firstAmount &&
    !c.entityFilters &&
    c.cohort.period.from > '0001-01-01' &&
    c.cohort.period.to < '9999-01-01'
  );
};

function newByFirst(question: string, plan: Plan, catalog: readonly CatalogCube[], today: string) {
  return newByFirstOrder(
    question,
    plan,
    (text, cubes) => {
      const r = readQuestions([text], cubes, today, true);
      return r.kind === 'plan' ? r.plan : undefined;
    },
    catalog,
  );
}

/** How the per-entity readings read a period's words ("2025", "Q3 2024") on a cube. */
const periodReader = (today: string) => (text: string, cube: CatalogCube) =>
  parseAgainst(`orders in ${text}`, cube, today).range;

/** A retention reading of a follow-up restated in full, or undefined. */
function retentionOnly(question: string, catalog: readonly CatalogCube[], today: string) {
  for (const cube of catalog) {
    const plan = readRetention(
      question,
      cube,
      (text) => parseAgainst(`orders in ${text}`, cube, today).range,
    );
    if (plan) return { kind: 'plan' as const, plan };
  }
  return undefined;
}

/** The per-entity reading of a question standing alone (per-entity.ts), over the ordinary reading of its parts. */
function perEntity(question: string, catalog: readonly CatalogCube[], today: string) {
  const read = (text: string, cubes: readonly CatalogCube[]) => {
    const r = readQuestions([text], cubes, today, true);
    return r.kind === 'plan' ? r.plan : undefined;
  };
  // ("how many customers in the top 5% by lifetime spend are there per region": top-percent-group.ts.)
  const topGroup = readTopPercentGroup(question, catalog, read);
  if (topGroup && 'refuse' in topGroup) return { kind: 'refuse' as const, reason: topGroup.refuse };
  if (topGroup) return { kind: 'plan' as const, plan: topGroup };
  // ("how many customers get less than 10% of their spending from toys": value-share-each.ts.)
  const ownShare = readValueShareEach(question, catalog, read);
  if (ownShare && 'refuse' in ownShare) return { kind: 'refuse' as const, reason: ownShare.refuse };
  if (ownShare) return { kind: 'plan' as const, plan: ownShare };
  // ("how many customer-months with at least 2 orders in 2025": repeat-months.ts.)
  const repeat = readRepeatMonths(question, catalog, read);
  if (repeat && 'refuse' in repeat) return { kind: 'refuse' as const, reason: repeat.refuse };
  if (repeat) return { kind: 'plan' as const, plan: repeat };
  // ("on average, how many days after signing up ... first order": days-to-first.ts.)
  const days = readDaysToFirst(question, catalog, read);
  if (days && 'refuse' in days) return { kind: 'refuse' as const, reason: days.refuse };
  if (days) return { kind: 'plan' as const, plan: days };
  // ("average days since each customer's last order, as of the data's last day": recency.ts.)
  const recency = readRecency(question, catalog, read);
  if (recency && 'refuse' in recency) return { kind: 'refuse' as const, reason: recency.refuse };
  if (recency) return { kind: 'plan' as const, plan: recency };
  // ("average of each customer's best-month revenue": best-period.ts.)
  const best = readBestPeriod(question, catalog, read);
  if (best && 'refuse' in best) return { kind: 'refuse' as const, reason: best.refuse };
  if (best) return { kind: 'plan' as const, plan: best };
  // ("by the end of which month had 90% of customers placed their first order": first-share-period.ts.)
  const firstShare = readFirstSharePeriod(question, catalog, read);
  if (firstShare) return { kind: 'plan' as const, plan: firstShare };
  // ("how many south customers didn't order at all in Q4 2025": no-rows-in.ts.)
  const none = readNoRowsIn(question, catalog, read);
  if (none && 'refuse' in none) return { kind: 'refuse' as const, reason: none.refuse };
  if (none) return { kind: 'plan' as const, plan: none };
  // ("average number of days between a customer's orders": days-between.ts.)
  const between = readDaysBetween(question, catalog, read);
  if (between && 'refuse' in between) return { kind: 'refuse' as const, reason: between.refuse };
  if (between) return { kind: 'plan' as const, plan: between };
  // ("share of revenue from the first 1000 orders": first-rows-share.ts.)
  const firstRows = readFirstRowsShare(question, catalog, read);
  if (firstRows) return { kind: 'plan' as const, plan: firstRows };
  const top = readTop(question, catalog, read);
  if (top) return { kind: 'plan' as const, plan: top };
  // ("count customers by number of orders": entities per count, distributions.ts.)
  const spread = readDistribution(question, catalog, read);
  if (spread) return spread;
  // ("how many orders has Customer 1234 placed": one customer by the name; one-customer.ts.)
  const one = readOneCustomer(question, catalog, read);
  if (one) return { kind: 'plan' as const, plan: one };
  return readPerEntity(
    question,
    catalog,
    read,
    (text, cube) => parseAgainst(`orders in ${text}`, cube, today).range,
  );
}

/**
 * What a refusal names: each unexplained word with the words it forms a name with ("marketing channel", "sales
 * rep": a word the model knows right before one it does not, unless a breakdown word parts them).
 */
export function missingPhrases(question: string, unexplained: readonly string[]): string[] {
  const raws = words(question);
  const missing = new Set(unexplained);
  const phrases: string[] = [];
  const covered = new Set<number>();
  raws.forEach((w, i) => {
    if (!missing.has(w) || covered.has(i)) return;
    let start = i;
    let end = i;
    while (missing.has(raws[end + 1] ?? '')) end++;
    const before = raws[start - 1] ?? '';
    if (
      /^[a-z]{3,}$/.test(before) &&
      // A coded word ("FY2024") is named alone.
      !/\d/.test(w) &&
      !STOPWORDS.has(before) &&
      !['by', 'per', 'and', 'or', 'each', 'every', 'across', 'vs'].includes(before)
    )
      start--;
    for (let k = start; k <= end; k++) covered.add(k);
    phrases.push(raws.slice(start, end + 1).join(' '));
  });
  // Words not found as written (a number with its neighbours, a corrected spelling) stay as they were.
  const named = new Set(phrases.flatMap((p) => p.split(' ')));
  return [
    ...new Set([...phrases, ...unexplained.filter((w) => !named.has(w) && !w.includes(' '))]),
    ...unexplained.filter((w) => w.includes(' ')),
  ];
}

const listQuoted = (items: string[]) => {
  const quoted = [...new Set(items)].map((w) => `"${w}"`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
};

/** The plan for the last question of a thread, or undefined when it cannot be answered from the model. */
export function planFor(
  questions: readonly string[],
  catalog: readonly CatalogCube[],
  today = new Date().toISOString().slice(0, 10),
): Plan | undefined {
  const reading = readQuestions(questions, catalog, today);
  return reading.kind === 'plan' ? reading.plan : undefined;
}

/** Whether the last question matched nothing of its own (for the help answer). */
export function questionMatches(
  question: string,
  catalog: readonly CatalogCube[],
  today = new Date().toISOString().slice(0, 10),
): boolean {
  const cubes = withWeekdays(catalog);
  const parsed = parseBest(
    readWeekdayWords(
      readGlosses(
        readAsides(readOwnGround(rephrase(readRestatedGlosses(question), today), cubes), cubes),
        cubes,
      ),
    ),
    cubes,
    today,
  );
  return parsed !== undefined && !nothingFound(parsed);
}

/** A ranking within groups of the previous answer's own breakdown, with no period of its own: that period. */
function withinPreviousBreakdown(plan: Plan, previous: Plan, question: string): Plan {
  if (!plan.perGroup || plan.range || plan.compare || !previous.range || previous.compare) return plan;
  if (
    /\b(?:19|20)\d\d\b|\b(?:ever|all[-\s]time|overall|every\s+year|each\s+year|in\s+total)\b/i.test(question)
  )
    return plan;
  const said = new Set([
    ...previous.dimensions.map((d) => d.column),
    ...(previous.grain ? [previous.grain] : []),
  ]);
  const item = plan.perGroup.item;
  const asked = [
    ...plan.dimensions.map((d) => d.column),
    ...(item ? [item.column] : []),
    ...(plan.grain ? [plan.grain] : []),
  ];
  if (asked.length < 2 || !asked.every((a) => said.has(a))) return plan;
  return { ...plan, range: previous.range };
}

/** Whether a plan asks for one figure: no breakdown, period, ranking or condition of its rows. */
function asksOneFigure(plan: Plan): boolean {
  return (
    plan.dimensions.length === 0 &&
    !plan.grain &&
    !plan.compare &&
    !plan.change &&
    !plan.share &&
    !plan.top &&
    !plan.also &&
    !plan.first &&
    !plan.perEntity &&
    !plan.having &&
    !plan.distribution &&
    !plan.percentile &&
    plan.measures.length === 1 &&
    plan.filters.every((f) => f.values.length === 1)
  );
}
