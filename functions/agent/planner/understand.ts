import { claimActive, findActiveShare } from './active';
import { askerTokens } from './asker';
import { findBothValues } from './both-values';
import { claimLossTo, readBusinessWords, unreadBusinessWords } from './business-words';
import type { CatalogCube, CatalogMember } from './catalog';
import { claimChangeSize } from './change-size';
import { addDays, addMonths, withinOneBucket } from './clock';
import { openFrom } from './cohort-periods';
import { cohortSpan } from './cohort-spans';
import {
  claimWinVerbs,
  cohortHeadcount,
  findRetention,
  firstAttributeLeft,
  firstDateLeft,
  readFirstVerb,
} from './cohorts';
import { comparedFigures } from './comparatives';
import { valuesCompared } from './compared-values';
import {
  claimListedLeader,
  findGrain,
  findPeriods,
  findRelative,
  findSameYearBack,
  findWindowBack,
  resolveSame,
  yearBefore,
} from './dates';
import { eachBetween } from './each-between';
import { eachValueChanged } from './each-value-change';
import {
  claimCountRankings,
  claimTotalCounts,
  countMeasureNamed,
  findEntity,
  findEntityCondition,
  findRepeat,
  findSpread,
  outputAsked,
} from './entities';
import { findNever, findOnly, negationsLeft, readPeopleAsCustomers } from './entity-conditions';
import { findFirstRank } from './first-ranked';
import { claimCompoundGrowth, claimGrowthRatio } from './growth-ratio';
import { joinedPeriods } from './joined-periods';
import { AGGREGATION_WORDS, aggregatedAs, claimMeasureTitles, matchMeasures } from './measures';
import {
  dimensionKeys,
  findDimensions,
  findNumberFilters,
  findTop,
  findValueStems,
  findValues,
  joinCompounds,
  scatteredValues,
  versusAcrossMembers,
} from './members';
import { termsOf } from './names';
import { releasePlace } from './nth';
import { entityRows } from './per-entity';
import { claimPercentileGap, findPercentiles, readPercentAbbreviations, signedMeanGap } from './percentiles';
import { findPerformance } from './performance';
import { findPeriodComparative } from './period-comparatives';
import { comparesStep } from './periods';
import type { Parsed, Period, Plan, Token, ValueFilter } from './plan';
import { findRankedWithin } from './ranked-within';
import { readRateDirection } from './rate-direction';
import { findReach } from './reach';
import {
  applySynonyms,
  correctTypos,
  findAveragePer,
  findChange,
  findFirst,
  findNew,
  incidental,
  onlyGapAsked,
  startDate,
} from './readings';
import { resolveSecondOrder, valueEvents } from './second-order';
import {
  anchorPartPeriods,
  eitherRange,
  joinedOutright,
  partsUnresolved,
  periodPart,
  rowsPart,
  valueOfWhole,
} from './share-parts';
import { exclusionScopes, isScoped, splitShare, valueTokens, writtenAsExclusion } from './share-scopes';
import { STOPWORDS, words } from './text';
import { claimThatPeriod } from './that-period';
import { bothEnds, claimRankedVerb } from './top-per-group';
import { claimTopTotal } from './top-total';
import {
  COMPARE_WORDS,
  FILLER,
  GRAIN_WORDS,
  MONEY_WORDS,
  QUALIFIERS,
  RATIO_WORDS,
  SOFT_WORDS,
  UNITS,
  yearPeriod,
} from './vocabulary';
import {
  biggestPeopleByMoney,
  countedNoun,
  moneyOfSpenders,
  sellingReadings,
  valueOnOneOfList,
} from './words';

/** A count of the things that start (customers by their signup date), not of rows dated otherwise. */
const startedCounts = (m: CatalogMember) => m.aggType === 'count_distinct';
/** Words that may sit between a start word and its period ("signed up in the first quarter of 2022"). */
/** Nouns of single rows ("the latest order", "the latest purchase"). */
const ROW_NOUNS = /^(?:order|purchase|sale|transaction|deal)s?$/;
const LINKS = new Set([
  'in',
  'during',
  'on',
  'the',
  'of',
  'since',
  'between',
  'back',
  'at',
  'up',
  'before',
  'after',
  'until',
]);
/** Superlatives that rank things by how much they bring in when nothing else is named ("biggest clients"). */
const MONEY_RANKS = new Set(['biggest', 'largest', 'top', 'bottom', 'highest', 'lowest', 'smallest']);
/**
 * Two-letter words of general English: any other left over ("FY", "LY" when the model has no year word for it)
 * names something, as a longer word would.
 */
const SHORT_WORDS = new Set(
  'is of to in on at by or an as if no so up us we me my it do be go hi ok vs am pm id oh ah eh uh um yo re ty thx pl tx'.split(
    ' ',
  ),
);
/** Verbs of buying (general English, read as filler where the cube has orders). */
const BUYING_VERBS = new Set(['bought', 'buy', 'buying', 'purchased', 'purchase', 'shopped', 'ordered']);

/** What "lifetime" totals ("lifetime value", "lifetime spend"). */
const LIFETIME_NOUNS = new Set(['value', 'spend', 'spending', 'revenue', 'sales', 'total']);

/** Words of a span of time between rows ("days between orders", "time between purchases"). */
const DURATION_WORDS = new Set(['day', 'week', 'month', 'time', 'gap', 'interval', 'long', 'hour', 'lag']);

/** "median days between orders", "how long between purchases": a duration between rows no member holds. */
const durations = (tokens: Token[]): string[] =>
  tokens.flatMap((t, i) => {
    const before = tokens[i - 1];
    // (A "gap between" two percentiles was claimed by claimPercentileGap: percentiles.ts.)
    return t.raw === 'between' &&
      before &&
      !(before.used && before.raw === 'gap') &&
      DURATION_WORDS.has(before.stem) &&
      !isYearOrPeriod(tokens[i + 1])
      ? [`${before.raw} between`]
      : [];
  });
const isYearOrPeriod = (t: Token | undefined) =>
  t !== undefined && (/^\d{4}$/.test(t.raw) || /^q[1-4]$/.test(t.raw));

/** Words that may join two cohorts' periods ("in H1 2022 versus the second half"). */
const COHORT_LIST = new Set(['vs', 'versus', 'or', 'and', 'the', 'in', 'of', 'compared', 'with', 'to']);

/** Words that rank by how often ("most often", "most frequent", "most active"). */
const FREQUENCY_WORDS = new Set(['often', 'frequent', 'frequently', 'active']);

/** Words between a superlative and the row it sizes ("the biggest single order"). */
const ROW_ADJECTIVES = new Set(['single', 'individual', 'one']);

/**
 * "the largest order in each region", "biggest single sale per segment": a superlative of a row (the noun the
 * cube counts) within groups named by each/per/every, with no group asked for by which/what: the measure that
 * word names (a max or min) per group.
 */
function sizesRowsPerGroup(
  tokens: Token[],
  superlative: Token,
  found: { member: CatalogMember; at: number }[],
  cube: CatalogCube,
): boolean {
  const at = tokens.indexOf(superlative);
  const row = sizedRow(tokens, superlative, cube);
  if (!row) return false;
  const { k, extreme } = row;
  // ("the largest order by month", "biggest single order in each quarter of 2025": a period grain groups the rows
  // too; "by" groups them as each/per/every do, but not by a number, "the biggest orders by amount".)
  const grouped = (i: number) => ['each', 'per', 'every', 'by'].includes(tokens[i - 1]?.raw ?? '');
  const asked = (i: number) => ['which', 'what', 'who'].includes(tokens[i - 1]?.raw ?? '');
  const periods = tokens.flatMap((t, i) => (i > at && UNITS.has(t.stem) && grouped(i) ? [i] : []));
  // ("max order amount by region": the size's own word after the noun names the measure, no breakdown.)
  const groups = found.filter((d) => !(d.at === k + 1 && d.member.type === 'number'));
  return (
    extreme !== undefined &&
    groups.length + periods.length > 0 &&
    groups.every((d) => d.member.type !== 'number' && grouped(d.at) && !asked(d.at))
  );
}
const COMPOUND_HEADS = new Set([
  'count',
  'counts',
  'volume',
  'volumes',
  'number',
  'numbers',
  'total',
  'totals',
  'rate',
  'rates',
  'share',
  'growth',
  'frequency',
  'value',
  'values',
  'size',
  'sizes',
  'amount',
  'amounts',
]);

/**
 * A superlative before a noun of the rows the cube counts, past "single"/"individual"/"one" ("the biggest single
 * order"): where that noun is, and the max or min measure the superlative names ("max" and "min" abbreviate the
 * measure's own words, "max order amount"), if any.
 */
function sizedRow(
  tokens: Token[],
  superlative: Token,
  cube: CatalogCube,
): { k: number; noun: Token; extreme: CatalogMember | undefined } | undefined {
  let k = tokens.indexOf(superlative) + 1;
  while (ROW_ADJECTIVES.has(tokens[k]?.raw ?? '')) k++;
  const noun = tokens[k];
  if (!noun || !countMeasureNamed(cube, noun)) return undefined;
  const word =
    ({ max: 'maximum', min: 'minimum' } as Record<string, string>)[superlative.stem] ?? superlative.stem;
  const extreme = cube.members.find(
    (m) =>
      m.kind === 'measure' &&
      (m.aggType === 'max' || m.aggType === 'min') &&
      (m.otherWords.includes(word) || m.titleWords.includes(word)),
  );
  return { k, noun, extreme };
}

/** The max or min measure a superlative names right before one row ("the biggest single order"), or undefined. */
function rowSized(tokens: Token[], superlative: Token, cube: CatalogCube): CatalogMember | undefined {
  const row = sizedRow(tokens, superlative, cube);
  // (One row, said in the singular: "the biggest orders" may rank how many.)
  if (!row || row.noun.raw !== row.noun.stem) return undefined;
  // ("the highest order count", "biggest order volume": the noun names another figure, no single row.)
  if (COMPOUND_HEADS.has(tokens[row.k + 1]?.raw ?? '')) return undefined;
  return row.extreme;
}

/** Comparatives that ask which of several values named leads ("did the west or the east sell more"). */
const COMPARATIVES = new Set([
  'more',
  'less',
  'fewer',
  'higher',
  'lower',
  'bigger',
  'larger',
  'smaller',
  'better',
  'worse',
]);

/** General English the planner reads itself: never corrected into a model word. */
const KNOWN_WORDS: ReadonlySet<string> = new Set([...FILLER, ...STOPWORDS, ...RATIO_WORDS, ...COMPARE_WORDS]);

export { GRAINS, type Grain, type NumberFilter, type Period, type Plan, type ValueFilter } from './plan';

/** Reads one question against one cube; relative periods are counted from `today` (YYYY-MM-DD). */
const SPAN_LINKS = new Set(['through', 'thru', 'to', 'until', 'till', '-']);
/** A span of exactly two calendar years ("2024 to 2025"). */
const twoWholeYears = (p: Period) =>
  p.from.endsWith('-01-01') && p.to === addMonths(p.from, 24) && !p.relative;

/** A running (cumulative) total asked over a series: "cumulative orders by month", "running sum of revenue". */
const RUNNING =
  /\b(?:cumulative(?:ly)?|cumulated|running\s+(?:total|sum|count|tally)|rolling\s+(?:total|sum))\b/i;
/** Words that ask for one figure over a span ("total revenue 2023 to 2025"), not its two ends compared. */
const SPAN_TOTALS = new Set(['total', 'combined', 'altogether', 'cumulative', 'cumulatively', 'overall']);
/** The two whole years in a row a range spans or a comparison names ("2024-2025", "2023 to 2024"), or undefined. */
function yearsInARow(range: Period | undefined, compare: Period[] | undefined): [Period, Period] | undefined {
  const years =
    range && twoWholeYears(range) ? [range.from, addMonths(range.from, 12)] : compare?.map((p) => p.from);
  if (years?.length !== 2 || compare?.some((p) => !/^\d{4}$/.test(p.label))) return undefined;
  const [a, b] = years.map((from) => Number(from.slice(0, 4)));
  if (a === undefined || b === undefined || b !== a + 1) return undefined;
  return [yearPeriod(a), yearPeriod(b)];
}

/**
 * Periods joined two by two by "through"/"to" into spans ("june through august 2026 vs june through august
 * 2025"); undefined unless every period is one end of a span and every span has two ends.
 */
function spanPairs(tokens: Token[], periods: { period: Period; at: number }[]): Period[] | undefined {
  const spans: Period[] = [];
  for (let i = 0; i + 1 < periods.length; i += 2) {
    const a = periods[i];
    const b = periods[i + 1];
    if (!a || !b) return undefined;
    const gap = tokens.slice(a.at + 1, b.at);
    if (!gap.some((t) => SPAN_LINKS.has(t.raw)) || gap.some((t) => COMPARE_WORDS.has(t.raw)))
      return undefined;
    if (b.period.from < a.period.from) return undefined;
    // ("January to March 2024": one year said once.)
    const year = / (\d{4})$/.exec(a.period.label)?.[1];
    const first = year && b.period.label.endsWith(` ${year}`) ? a.period.label.slice(0, -5) : a.period.label;
    spans.push({ label: `${first} to ${b.period.label}`, from: a.period.from, to: b.period.to });
  }
  if (periods.length % 2 === 0) return spans.length >= 2 ? spans : undefined;
  // "jan to mar 2025 compared to 2024": one span and a year after it, the same span of that year.
  const year = periods.at(-1)?.period;
  const span = spans[0];
  if (periods.length !== 3 || !span || !year || !/^\d{4}$/.test(year.label)) return undefined;
  const from = Number(span.from.slice(0, 4));
  if (Number(addDays(span.to, -1).slice(0, 4)) !== from) return undefined;
  const back = (Number(year.label) - from) * 12;
  return [
    span,
    {
      label: span.label.replace(String(from), year.label),
      from: addMonths(span.from, back),
      to: addMonths(span.to, back),
    },
  ];
}

/** A value and a word of its root ("returned" and "return", "cancelled" and "cancel", "completed" and "completion"). */
const sameRoot = (value: string, word: string | undefined) =>
  word !== undefined &&
  word.length >= 5 &&
  value.length >= 5 &&
  value.toLowerCase().slice(0, 5) === word.slice(0, 5);

/**
 * Words saying a per-entity condition holds within each period of `grain` ("in each quarter", "for every month", "per
 * year", "that month", "within the quarter", "quarter by quarter", "each quarter's"). Not "in every quarter" nor a
 * bare "every year" after the condition ("had 12 or more orders every year"): in all of them, another question.
 */
const EACH_PERIOD = (grain: string) =>
  new RegExp(
    String.raw`\b(?:(?:in|for|during|within|over)\s+each|for\s+every|per|each)\s+${grain}\b|\b(?:that|the|this|its|their)\s+${grain}\b(?!\s+(?:before|after|of\s+(?:signup|sign-up)))|\b${grain}\s+(?:by|after|over)\s+${grain}\b`,
    'i',
  );

export function parseAgainst(question: string, cube: CatalogCube, today: string): Parsed {
  // ("geo", "ticket": business-words.ts; "Q4 '25" arrives as "q4 2025", phrases.ts.)
  // ("the best return rate": the lowest, rate-direction.ts.)
  const direction = readRateDirection(readBusinessWords(askerTokens(words(question), cube), cube));
  const tokens = joinCompounds(direction.tokens, cube);
  applySynonyms(tokens, cube);
  correctTypos(tokens, cube, KNOWN_WORDS);
  readPercentAbbreviations(tokens);
  // "IQR", "p75 minus p25": the gap between two percentiles (before a change reads "difference").
  // ("the average order value minus the median": the signed difference, the first said minus the second.)
  const meanFirst = signedMeanGap(tokens);
  const percentileGap = claimPercentileGap(tokens);
  const raws = tokens.map((t) => t.raw);
  let started = findNew(tokens, cube);
  // "new customers did we gain": winning people, not a change (cohorts.ts).
  claimWinVerbs(tokens);
  // "lose to cancellations": the cancelled rows' amount, no change (business-words.ts).
  claimLossTo(tokens, cube);
  // ("how did each region do in 2025 compared to 2024": the change between the two, performance.ts.)
  // ("which categories had more returns in 2025 than in 2024": the change, kept to the rows that rose.)
  // ("how many times bigger was 2025 than 2023", "as a multiple of 2023": the change with its ratio.)
  const times = claimGrowthRatio(tokens);
  // ("the CAGR of revenue from 2023 to 2025", "compound annual growth rate": the change with its yearly rate.)
  const cagr = claimCompoundGrowth(tokens);
  const changeRead = findChange(tokens) ?? findPeriodComparative(tokens);
  const changeNamed = times
    ? { ...(changeRead ?? { down: false, rank: 'percent' as const }), times: true as const }
    : cagr
      ? { ...(changeRead ?? { down: false, rank: 'percent' as const }), cagr: true as const }
      : changeRead;
  const performance = changeNamed ? undefined : findPerformance(tokens);
  let change = changeNamed ?? (performance ? { down: false, rank: 'percent' as const } : undefined);
  // ("this quarter vs the same quarter last year": the words of the year back are claimed first.)
  const same = [...findSameYearBack(tokens), ...findWindowBack(tokens)];
  const named = findPeriods(tokens, today);
  const relative = findRelative(tokens, today);
  const allPeriods = resolveSame([...named, ...relative.found], same, tokens);
  claimActive(tokens, cube, allPeriods.length > 0);
  // With a start date asked for, a period next to its word is the cohort's ("joined in Q1 2022", "the 2022
  // cohort"); any other period is of the rows' own date ("ordered in 2024").
  const ownTime = cube.members.find(
    (m) => m.kind === 'dimension' && m.type === 'time' && m !== started?.member,
  );
  // ("signup quarter of 2022": a grain word may sit between; "(2022 cohorts)": a period right before a cohort
  // word is a cohort's wherever the start word is.)
  const linkOrGrain = (a: number, b: number) =>
    tokens.slice(a + 1, b).every((t) => LINKS.has(t.raw) || GRAIN_WORDS[t.raw] !== undefined);
  // ("Q1 2022 signups vs Q2 2022 signups", "for each 2022 signup quarter": a period right before a signup or
  // cohort noun, only its own words or a grain word between, is that cohort's.)
  const startNouns = tokens.flatMap((t, i) => (['signup', 'cohort'].includes(t.stem) ? [i] : []));
  // ("people who joined in Jan 2022 compared with those who joined in Feb 2022": each start word has its period.)
  const startWords = tokens.flatMap((t, i) =>
    t.stem === 'signup' || ['joined', 'registered', 'onboarded'].includes(t.raw) ? [i] : [],
  );
  const beforeStartNoun = (at: number) =>
    startNouns.some(
      (s) =>
        s > at &&
        s - at <= 4 &&
        tokens.slice(at + 1, s).every((t) => t.used || GRAIN_WORDS[t.raw] !== undefined),
    );
  const nearStart = (at: number) => {
    if (!started) return false;
    if (tokens.slice(at + 1, at + 3).some((t) => t.stem === 'cohort')) return true;
    if (beforeStartNoun(at)) return true;
    const first = started.at;
    if (startWords.some((s) => s !== first && at > s && at - s <= 3 && linkOrGrain(s, at))) return true;
    return tokens[started.at]?.stem === 'cohort'
      ? at < started.at && started.at - at <= 3
      : at > started.at && at - started.at <= 3 && linkOrGrain(started.at, at);
  };
  // "signed up in H1 2022 versus the second half": a period listed right after a cohort's is a cohort's too.
  // (Listed after the period just before it, itself a cohort's: "signed up in 2022 vs 2023, in 2025" lists 2023,
  // and 2025 is the rows' own period, not a third cohort.)
  const listedAfter = (at: number): boolean => {
    const earlier = allPeriods.filter((p) => p.at < at).at(-1);
    return (
      earlier !== undefined &&
      (nearStart(earlier.at) || listedAfter(earlier.at)) &&
      tokens.slice(earlier.at + 1, at).every((t) => t.used || COHORT_LIST.has(t.raw)) &&
      tokens.slice(earlier.at + 1, at).some((t) => ['vs', 'versus', 'or', 'and'].includes(t.raw))
    );
  };
  // ("H1 2022 vs H2 2022 signups": a period listed right before a cohort's is a cohort's too.)
  const listedBefore = (at: number) => {
    const later = allPeriods.find((p) => p.at > at && nearStart(p.at));
    return (
      later !== undefined &&
      later.at - at <= 4 &&
      tokens.slice(at + 1, later.at).every((t) => t.used || COHORT_LIST.has(t.raw)) &&
      tokens.slice(at + 1, later.at).some((t) => ['vs', 'versus', 'or', 'and'].includes(t.raw))
    );
  };
  const nextToStart = (at: number) => nearStart(at) || listedAfter(at) || listedBefore(at);
  // ("signed up between Feb 1 and Apr 30 2022", "joined in Oct, Nov or Dec 2022": one signup window, not
  // cohorts compared: cohort-spans.ts.)
  const firstCohort = started && ownTime ? allPeriods.find((p) => nextToStart(p.at)) : undefined;
  const window = firstCohort ? cohortSpan(tokens, allPeriods, firstCohort) : undefined;
  const ownPeriods = window
    ? [window.span, ...allPeriods.filter((p) => !window.joined.includes(p))].sort((a, b) => a.at - b.at)
    : allPeriods;
  const split = started && ownTime ? ownPeriods.filter((p) => p !== window?.span && !nextToStart(p.at)) : [];
  const cohortPeriods =
    split.length > 0
      ? ownPeriods
          .filter((p) => p === window?.span || nextToStart(p.at))
          .map((p) => openCohort(tokens, p, today))
      : [];
  let periods = split.length > 0 ? split : ownPeriods;
  const future = relative.future || raws.includes('will');
  const ratio = tokens.filter(
    (t, i) =>
      RATIO_WORDS.has(t.raw) ||
      (t.raw === 'cent' && t.stem === 'cent') ||
      // "how much of total revenue do the top 3 account for"
      (t.raw === 'account' && tokens[i + 1]?.raw === 'for') ||
      (t.raw === 'of' && tokens[i - 1]?.raw === 'much' && tokens[i - 2]?.raw === 'how'),
  );
  for (const t of ratio) t.used = true;
  // "percentage-wise", "in percentage terms": the manner words of a percent.
  tokens.forEach((t, i) => {
    if (['wise', 'terms'].includes(t.raw) && ratio.includes(tokens[i - 1] as Token)) t.used = true;
  });
  // "what pct of my 2024 revenue came in Q3", "H2 vs the full year": the part of a share of one year is in it.
  if (ratio.length > 0) anchorPartPeriods(tokens, periods);
  // "lifetime value", "lifetime spend": each entity's total over all its rows (money), per entity.
  const lifetimeAt = tokens.findIndex(
    (t, i) => t.raw === 'lifetime' && LIFETIME_NOUNS.has(tokens[i + 1]?.raw ?? '') && !t.used,
  );
  const lived = lifetimeAt >= 0 ? findEntity(tokens, cube, tokens.length) : undefined;
  // ("average lifetime spend by segment": each customer's lifetime, averaged per segment; the word after "by" is the
  // breakdown, not whose lifetime it is: was the average of the segments' totals, confidently wrong.)
  const people = entityRows(cube)?.entity;
  const breakdownWord = lived && ['by', 'per', 'each', 'every'].includes(tokens[lived.at - 1]?.raw ?? '');
  // ("average lifetime spend" with no one named: a customer's, averaged.)
  const stat = tokens.some((t) => ['average', 'avg', 'mean', 'median', 'typical'].includes(t.raw));
  const lifetime =
    (lived && breakdownWord) || (lifetimeAt >= 0 && !lived && stat)
      ? people && people !== lived?.member
        ? { member: people, at: -1 }
        : lived
      : lived;
  if (lifetimeAt >= 0 && cube.members.some((m) => m.kind === 'measure' && m.aggType === 'sum')) {
    for (const t of [tokens[lifetimeAt], tokens[lifetimeAt + 1]]) if (t) t.used = true;
  }
  // "what % of customers account for half of revenue (biggest first)": a running total over them (reach.ts).
  const reach = ratio.length > 0 || raws.includes('many') ? findReach(tokens, cube, ratio) : undefined;
  const percentiles = findPercentiles(tokens);
  const percentile = percentiles?.[0];
  // ("average lifetime value per customer": the mean of each customer's total.)
  const averageWord = tokens.find((t) => !t.used && ['average', 'avg', 'mean'].includes(t.raw));
  const average =
    percentile === undefined &&
    (findAveragePer(tokens, cube, started !== undefined) || (lifetimeAt >= 0 && averageWord !== undefined));
  if (average && lifetimeAt >= 0 && averageWord) averageWord.used = true;
  readFirstVerb(tokens, cube);
  const firstDate = findFirst(tokens, cube);
  // "new customers per month, going by their first order": new by the first row's date, not by a signup date.
  if (firstDate && started) {
    started = undefined;
    periods = allPeriods;
  }
  if (!firstDate) readPeopleAsCustomers(tokens, cube);
  const conditionFound = firstDate
    ? undefined
    : (findRepeat(tokens, cube, true) ??
      findEntityCondition(tokens, cube) ??
      findRepeat(tokens, cube) ??
      findActiveShare(tokens, cube) ??
      findSpread(tokens, cube) ??
      findRankedWithin(tokens, cube) ??
      findNever(tokens, cube) ??
      findOnly(tokens, cube));
  // ("ordered in 2025 but fewer than 8 times that year": the condition's period said again.)
  if (conditionFound) claimThatPeriod(tokens, periods);
  const firstEntity = firstDate ? findEntity(tokens, cube, tokens.length) : undefined;
  if (firstEntity) {
    const t = tokens[firstEntity.at];
    if (t) t.used = true;
  }
  // "which customer placed their first order most recently": the first dates ranked (first-ranked.ts).
  const firstRank = firstEntity ? findFirstRank(tokens) : undefined;
  // "what did customers whose first order came in January 2023 spend (in 2025)": a total over a first-date
  // cohort; the period right after "first order" is the cohort's, any other is of the rows totalled.
  let firstTotal: { range: Period; measure?: CatalogMember } | undefined;
  if (firstEntity) {
    const firstAt = tokens.findIndex((t) => t.used && t.raw === 'first');
    const near = periods.filter((p) => p.at > firstAt && p.at - firstAt <= 6);
    const money =
      raws.some((w) => MONEY_WORDS.has(w)) ||
      /\bhow much\b/.test(raws.join(' ')) ||
      tokens.some((t) => t.asked?.startsWith('spender'));
    const asked = outputAsked(tokens, firstEntity.at, cube);
    const cohortRange = near[0]?.period;
    // "revenue in 2025 from customers who first bought in Feb 2023": a money measure named is a total.
    const moneyNamed = tokens.some(
      (t) =>
        !t.used &&
        t.raw !== 'total' &&
        cube.members.some(
          (m) => m.kind === 'measure' && m.aggType === 'sum' && m.otherWords.includes(t.stem),
        ),
    );
    // ("how much revenue came from new customers in 2023, going by their first order": new in the one period
    // named, and that period's rows totalled.)
    const newIn =
      !cohortRange && raws.includes('new') && periods.length === 1 ? periods[0]?.period : undefined;
    const totalAsked = money || moneyNamed || asked.output === 'total';
    if (cohortRange && totalAsked) {
      firstTotal = { range: cohortRange, ...(asked.total ? { measure: asked.total } : {}) };
      periods = periods.filter((p) => !near.includes(p));
    } else if (newIn && totalAsked)
      firstTotal = { range: newIn, ...(asked.total ? { measure: asked.total } : {}) };
  }
  // "of the customers whose first order was in Q1 2023, how many also ordered in Q4 2025": the first period is
  // the cohort's, the later one the period its entities must have rows in.
  let firstLater: Period | undefined;
  if (firstEntity && !firstTotal) {
    const firstAt = tokens.findIndex((t) => t.used && t.raw === 'first');
    const retention = findRetention(tokens, periods, firstAt);
    if (retention) {
      firstLater = retention.later.period;
      periods = [retention.cohort];
    }
  }
  // "by how many percent": a percentage is asked for, not a count.
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (
      t.raw === 'how' &&
      next &&
      ['many', 'much'].includes(next.raw) &&
      ratio.includes(tokens[i + 2] as Token)
    ) {
      t.used = true;
      next.used = true;
    }
  });
  // "total order count", "total number of orders": a count, the "total" is only its word for all of them.
  tokens.forEach((t, i) => {
    if (t.raw === 'total' && tokens.slice(i + 1, i + 3).some((x) => x.raw === 'count' || x.raw === 'number'))
      t.used = true;
  });
  const claimed = [
    ...claimTotalCounts(tokens, cube),
    ...claimCountRankings(tokens, cube),
    ...claimMeasureTitles(tokens, cube),
  ];
  // "ordered most often", "the most frequent customer", "the 50 most active customers": ranked by how many rows.
  const rowCount = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  tokens.forEach((t, i) => {
    const before = tokens[i - 1];
    if (!FREQUENCY_WORDS.has(t.raw) || t.used || !before || !['most', 'least'].includes(before.raw)) return;
    // (Not a count of the very things ranked: "the most frequent customer" is no count of customers.)
    const noun = rowCount?.titleWords.at(-1);
    if (!rowCount || claimed.includes(rowCount) || tokens[i + 1]?.stem === noun) return;
    t.used = true;
    claimed.push(rowCount);
  });
  // "each segment's most ordered category": ranked by how many orders (top-per-group.ts).
  claimRankedVerb(tokens, cube, claimed);
  const namedGrain = findGrain(tokens);
  // (The list's own leader asked after it: every period listed, the summary names the highest and lowest.)
  const leaderAsked = namedGrain ? claimListedLeader(tokens) : undefined;
  // A grain named by a change ("month over month") or a start ("signup month") first; cohorts are by year.
  let grain = change?.grain ?? started?.grain ?? namedGrain ?? (started?.cohort ? 'year' : undefined);
  // (A ranking inside a filter, "the customer with the most orders", is the condition's: ranked-within.ts.)
  const found =
    conditionFound?.rank || leaderAsked
      ? undefined
      : findTop(
          tokens,
          new Set(
            cube.members
              .filter((m) => m.kind === 'dimension' && m.type === 'string')
              .flatMap((m) => dimensionKeys(m).single),
          ),
        );
  const numberFilters = findNumberFilters(tokens, cube);
  const filters = findValues(tokens, cube);
  // "customers who bought toys and electronics": rows of each value, not of either (both-values.ts).
  const condition = conditionFound ?? (firstDate ? undefined : findBothValues(tokens, cube, filters));
  if (ratio.length > 0) {
    const stemmed = findValueStems(tokens, cube);
    if (stemmed && !filters.some((f) => f.member === stemmed.member)) filters.push(stemmed);
  }
  const dimensionsFound = findDimensions(tokens, cube);
  const dimensions = dimensionsFound.map((d) => d.member);
  // "the top 5 customers ... with their segment": a column of the entity's own cube beside each, one value per
  // entity, so the ranking stays the same. Another table's column ("their region" of the orders) could split an
  // entity into rows, so it stays unread (and refused: headsLeft below).
  for (const [i, t] of tokens.entries()) {
    if (t.used || !['their', 'its', 'his', 'her'].includes(tokens[i - 1]?.raw ?? '')) continue;
    const entity = dimensions.find((d) => d.type === 'string' && dimensionKeys(d).derived.length > 0);
    const prefix = entity?.column.includes('_') ? entity.column.replace(/_[^_]+$/, '_') : undefined;
    const own = cube.members.find(
      (m) =>
        m.kind === 'dimension' &&
        m.type === 'string' &&
        prefix !== undefined &&
        m.column.startsWith(prefix) &&
        !dimensions.includes(m) &&
        dimensionKeys(m).single.includes(t.stem),
    );
    if (!own) continue;
    t.used = true;
    dimensions.push(own);
  }
  // Comparing named values ("electronics vs furniture") keeps one series per value.
  // ("the revenue split between consumer and enterprise": each of them, not their sum.)
  // ("for each region, what share of its orders were returned or cancelled": in a share, "each" of another
  // breakdown keeps the two values one part; read as a series of each, the share was of each status: confidently
  // wrong.)
  // ("how many returned or cancelled orders did each region have": values joined by "or" are one part, and "each" of
  // another breakdown is that breakdown's; read as a series of each, the count was of each status: confidently wrong.)
  const eitherOf = raws.includes('or') && !raws.includes('and') && !raws.includes('both');
  const eachOfOther = (i: number) =>
    (ratio.length > 0 || eitherOf) &&
    dimensionsFound.some((d) => d.at === i + 1 && !filters.some((f) => f.member === d.member));
  if (
    raws.some(
      (w, i) =>
        (COMPARE_WORDS.has(w) && w !== 'change' && w !== 'growth' && w !== 'than') ||
        ['between', 'split', 'respectively'].includes(w) ||
        (w === 'each' && !eachOfOther(i)),
    ) ||
    // "how did north and south revenue change from 2024 to 2025": each value's change (each-value-change.ts).
    (change !== undefined && eachValueChanged(tokens, filters)) ||
    // "did enterprise or consumer customers spend more": which of the values named leads, one row each.
    // ("more than 900", "$500 or more" are bounds, not a comparison of the values.)
    (raws.includes('or') &&
      raws.some((w, i) => COMPARATIVES.has(w) && raws[i + 1] !== 'than' && raws[i - 1] !== 'or'))
  ) {
    for (const f of filters) {
      if (f.values.length > 1 && !f.negate && !dimensions.includes(f.member)) dimensions.unshift(f.member);
    }
    // ("enterprise vs consumer AOV - which is higher?", "did north or south have the higher AOV": which of the
    // two values named leads, said by the rows of each with the highest named; not a bound, "higher than 500".)
    if (filters.some((f) => f.values.length === 2 && !f.negate))
      raws.forEach((w, i) => {
        const t = tokens[i];
        if (t && !t.used && COMPARATIVES.has(w) && raws[i + 1] !== 'than' && raws[i - 1] !== 'or')
          t.used = true;
      });
  }
  // "What is the largest order?" names a measure, not a ranking: without a breakdown the word goes back.
  let top: Parsed['top'];
  // (A change ranks whatever breakdown it has, a follow-up's included: "which one grew fastest?")
  if (found?.superlative && dimensions.length === 0 && !grain && !change) {
    found.superlative.used = false;
    if (found.span) found.span.used = false;
  } else if (found?.superlative && sizesRowsPerGroup(tokens, found.superlative, dimensionsFound, cube)) {
    // "the biggest single order in each segment": the largest row of every group (a max measure), not the
    // one group ranked first.
    found.superlative.used = false;
    if (found.span) found.span.used = false;
  } else if (found && !(found.superlative && found.superlative.used === false)) {
    // "Which categories sell best": a plural breakdown ranks them all rather than picking one.
    const first = dimensionsFound[0];
    // (The name's last word: "sales region" is one region, "sales" no plural.)
    let head = first?.at ?? -1;
    const named = (t?: Token) =>
      t !== undefined &&
      first !== undefined &&
      [...first.member.titleWords, ...first.member.otherWords].includes(t.stem);
    while (tokens[head + 1]?.used && named(tokens[head + 1])) head++;
    const token = first ? tokens[head] : undefined;
    const plural =
      found.superlative !== undefined && !found.counted && token !== undefined && token.raw !== token.stem;
    top = {
      n: plural && !found.nth ? 0 : found.n,
      direction: found.direction,
      ...(found.percent ? { percent: true } : {}),
      ...(found.fraction ? { fraction: found.fraction } : {}),
      ...(found.nth ? { nth: found.nth } : {}),
      ...(found.span ? { n: 0, span: true as const } : {}),
    };
  }
  // "toys vs electronics revenue in 2025, and the difference": two values named in one period and the gap asked
  // are both rows and the gap between them, not each value's change against a period never asked (was: 2024 to
  // 2025 for each, confidently wrong).
  const gaps = !top && !change?.grain ? onlyGapAsked(tokens) : undefined;
  const periodsNamed = new Set(allPeriods.map((p) => `${p.period.from}/${p.period.to}`));
  if (
    gaps &&
    periodsNamed.size <= 1 &&
    filters.some((f) => f.values.length === 2 && !f.negate && dimensions.includes(f.member))
  ) {
    for (const t of gaps) t.used = true;
    top = { n: 0, direction: 'desc', span: true };
    change = undefined;
  }
  // ("the difference in orders between toys and electronics": the value named first, for the gap's sign.)
  if (top?.span) {
    const pair = filters.find((f) => f.values.length === 2 && !f.negate);
    const at = (value: string) => {
      const first = words(value)[0] ?? '';
      return tokens.findIndex((t) => t.raw === first);
    };
    const [a = '', b = ''] = pair?.values ?? [];
    if (pair && at(a) >= 0 && at(b) >= 0) top = { ...top, first: at(a) < at(b) ? a : b };
  }
  // "the second largest order" of no breakdown: no place of a ranking is read (nth.ts).
  if (found?.nth && !top) releasePlace(tokens);
  // "top 3 regions by revenue and the total for that quarter": the total of every row too (top-total.ts).
  if (top && top.n > 0 && !top.percent && claimTopTotal(tokens)) top = { ...top, withTotal: true };
  const matched = matchMeasures(tokens, cube, claimed);
  let { measures, score: measureScore } = matched;
  // "average revenue per customer" averages the totals per customer: the measure stays the total.
  // (In a list, "revenue and average order size": the average is a measure of its own, the revenue stays.)
  if (!average)
    measures = measures.map((m) => {
      const as = aggregatedAs(m, tokens, cube);
      return as !== m && measures.includes(as) ? m : as;
    });
  // "How much money did we make": an amount of money is the model's sum, when nothing else named a measure.
  // ("returns by category, 2025 vs 2024 - how much up or down in %": the size of the change, no money.)
  const money =
    lifetimeAt >= 0 ||
    raws.some((w) => MONEY_WORDS.has(w)) ||
    /\bhow much\b(?!(?: (?:is|was|are|were|did|has|have|it|that|this|they|those|go|gone|went)){0,3} (?:up|down|chang\w*|mov\w*)\b)/.test(
      raws.join(' '),
    ) ||
    tokens.some((t) => t.asked?.startsWith('spender'));
  const sum = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  // A lifetime value is money whatever count the entity's word matched ("lifetime value of customers").
  if (lifetimeAt >= 0 && sum && !measures.some((m) => m.aggType === 'sum')) measures = [];
  if (money && measures.length === 0 && sum) {
    measures = [sum];
    measureScore = 2;
  }
  // "the highest and lowest order values in 2023": both ends of the rows' number, the largest and the smallest.
  const [max, min] = ['max', 'min'].map((a) =>
    cube.members.find((m) => m.kind === 'measure' && m.aggType === a),
  );
  if (
    max &&
    min &&
    dimensions.length === 0 &&
    !grain &&
    bothEnds(tokens) &&
    measures.includes(max) !== measures.includes(min)
  ) {
    measures = [max, min, ...measures.filter((m) => m !== max && m !== min)];
    for (const t of tokens)
      if (!t.used && bothEnds([t, { ...t, raw: 'and' }, { ...t, raw: 'lowest' }])) t.used = true;
  }
  const performanceRead = performance && measures.length === 0 && sum ? performance : undefined;
  // ("how did cancellations do in 2025": the rows of a value said as events are counted, not their money.)
  if (performanceRead && valueEvents(tokens) && rowCount) measures = [rowCount];
  else if (performanceRead && sum) measures = [sum];
  // "best month per region", "worst category": a ranking with no measure named ranks by money. (Not a rate or
  // share: "which region has the highest return rate" ranks the rate of orders, as "return rate by region" is.)
  if (
    top &&
    measures.length === 0 &&
    ratio.length === 0 &&
    sum &&
    (raws.some((w) => ['best', 'worst', 'strongest', 'weakest', 'biggest', 'largest'].includes(w)) ||
      // "who are our biggest clients", "top regions": things ranked with nothing named to rank them by.
      (dimensionsFound.length > 0 && raws.some((w) => MONEY_RANKS.has(w))))
  ) {
    measures = [sum];
    measureScore = 1;
  }
  // "what did our clients spend": the money of those who spend, not how many of them there are (words.ts).
  measures = moneyOfSpenders(tokens, cube, measures, raws.join(' '));
  // "each segment's biggest buyer": the buyers ranked by money, not by their largest order (words.ts).
  measures = biggestPeopleByMoney(tokens, cube, measures);
  // "how many orders did enterprise customers buy": the orders are counted, not the customers (words.ts).
  measures = countedNoun(tokens, cube, measures);
  // "which region had the largest single order in 2025", "the month with the biggest order": one row's size
  // ranks the groups (the max or min measure the superlative names), not how many rows each has (was: the region
  // with the most orders, confidently wrong).
  if (top && found?.superlative) {
    const sized = rowSized(tokens, found.superlative, cube);
    if (sized && measures.length === 1 && measures[0]?.aggType === 'count') measures = [sized];
  }
  // "the best-selling category": by money and by how many, both stated (words.ts).
  const selling = sellingReadings(tokens, cube, measures, top);
  if (selling && top) {
    measures = selling.measures;
    top = { ...top, n: 0 };
  }
  // "top 3 customers by orders in 2025, with revenue": the measure named right after "by" ranks (first), another
  // named beside it is a column (was ranked by revenue, the "by orders" left out).
  let rankedOn: CatalogMember | undefined;
  if (top && !selling) ({ measures, by: rankedOn } = rankedBy(tokens, cube, measures));
  // "... and their spend", "with order counts": a figure asked beside each row listed, as a column of its own.
  if ((top || dimensions.length > 0) && !selling && measures.length > 0)
    measures = besideEach(tokens, cube, measures, sum);
  // A ranking of things with no measure and no money to rank them by counts each one once: a worse reading.
  const unranked = top !== undefined && measures.length === 0 && !sum && dimensionsFound.length > 0;
  // "which customers bought the most", "top 3 customers": customers ranked by a count of customers says
  // nothing; by money.
  const counted = measures[0];
  let selfRanked = false;
  if (
    top &&
    measures.length === 1 &&
    (counted?.aggType === 'count_distinct' || counted?.aggType === 'count') &&
    dimensionsFound.some((d) => {
      const keys = dimensionKeys(d.member);
      return counted.names.some((w) => keys.single.includes(w) || keys.derived.includes(w));
    })
  ) {
    // With no money in this cube, another cube that has some reads it better; alone, it is refused (a
    // ranking of customers by how many customers they are answers nothing). "Number of returns" counts rows
    // of a value (returned orders), not money: the row count.
    const rowsOfValue = tokens.some(
      (t, i) =>
        ['number', 'count', 'numbers', 'counts'].includes(t.raw) &&
        tokens[i + 1]?.raw === 'of' &&
        tokens[i + 2]?.value === true,
    );
    measures = rowsOfValue && rowCount ? [rowCount] : sum ? [sum] : [];
    if (measures.length === 0) {
      measureScore = 0;
      selfRanked = true;
    }
  }
  // ("the biggest customer in each segment" with no measure named: the default count would count them.)
  if (top && measures.length === 0 && !sum && rowCount) {
    const countsRanked = dimensionsFound.some((d) => {
      const keys = dimensionKeys(d.member);
      return rowCount.names.some((w) => keys.single.includes(w) || keys.derived.includes(w));
    });
    if (countsRanked) selfRanked = true;
  }

  let share: Parsed['share'];
  if (ratio.length > 0) {
    // The part is the value the share is of ("returned", "from electronics"); "in (the) west" only scopes.
    const scoped = (f: ValueFilter) => {
      const index = valueTokens(tokens, f)[0];
      return index !== undefined && isScoped(tokens, index, f.member);
    };
    // "the top 20 enterprise customers": a value qualifying the ranked entity limits the ranking, no part.
    const valueAt = (f: ValueFilter) => valueTokens(tokens, f);
    // ("the top 10 customers in the north": the value said after the ranked entity, "in" or "from" between.)
    const rankedAfter = (i: number) =>
      dimensionsFound.some(
        (d) =>
          d.at < i &&
          tokens[d.at - 1]?.used === true &&
          /^(?:in|from)(?: the)?$/.test(
            tokens
              .slice(d.at + 1, i)
              .map((t) => t.raw)
              .join(' '),
          ),
      );
    // ("the north's 2024 revenue ... from its top 10 customers": "its" points back at a value said before, which
    // limits the ranking and the whole alike.)
    const pointedAt = dimensionsFound.find(
      (d) =>
        tokens[d.at - 1]?.used === true &&
        tokens.slice(Math.max(0, d.at - 4), d.at - 1).some((t) => ['its', 'their'].includes(t.raw)),
    )?.at;
    const pointedBack = (f: ValueFilter) =>
      pointedAt !== undefined && valueAt(f).length > 0 && valueAt(f).every((i) => i < pointedAt);
    const ranking = (f: ValueFilter) =>
      found?.counted === true &&
      (valueAt(f).some(
        (i) =>
          (dimensionsFound.some((d) => d.at === i + 1) && tokens[i - 1]?.used === true) || rankedAfter(i),
      ) ||
        pointedBack(f));
    const rankedIn = filters.filter(ranking);
    const offered = filters.filter((f) => !dimensions.includes(f.member) && !rankedIn.includes(f));
    // ("excluding cancelled orders, what share ... came from electronics": the exclusion scopes the whole.)
    const excluded = exclusionScopes(tokens, offered);
    const candidates = offered.filter((f) => !excluded.includes(f));
    // The part and the whole told apart by grammar where the question has both (share-scopes.ts).
    const split = splitShare(
      tokens,
      tokens.findIndex((t) => ratio.includes(t)),
      candidates,
      cube,
    );
    // "clothing return rate", "toys cancel rate": the value named just before "rate" is the rate's part, the others
    // scope its whole (the returned orders' share that were clothing was read: confidently wrong).
    const ratioAt = tokens.findIndex((t) => ratio.includes(t));
    const rated =
      ['rate', 'rates'].includes(tokens[ratioAt]?.raw ?? '') && !split
        ? candidates.find(
            (f) =>
              valueAt(f).includes(ratioAt - 1) || f.values.some((v) => sameRoot(v, tokens[ratioAt - 1]?.raw)),
          )
        : undefined;
    const part = rated ?? split?.parts[0] ?? candidates.find((f) => !scoped(f));
    const more = split?.parts.slice(1) ?? [];
    if (part || dimensions.length > 0 || grain)
      share = part
        ? {
            part,
            ...(more.length > 0 ? { rows: { numbers: [], values: more } } : {}),
            ...(split?.note ? { note: split.note } : {}),
          }
        : {};
    // Named once, on the ranked entity only ("share of revenue from the top 10 enterprise customers"): the
    // whole is everything; named again ("share of enterprise revenue"), the whole is within that value too.
    const wholeFree = rankedIn.filter((f) => valueAt(f).length < 2 && !pointedBack(f));
    if (share && wholeFree.length > 0) share = { ...share, wholeWithout: wholeFree };
    // "share of revenue from orders of $900 or more": rows meeting a number condition are the part.
    const shareAt = tokens.findIndex((t) => ratio.includes(t));
    // ("what % of customers placed an order over $950": the share is of the customers, active.ts.)
    const rows =
      conditionFound?.output === 'share'
        ? undefined
        : rowsPart(tokens, shareAt, numberFilters, share?.part, valueAt);
    if (rows) {
      const { part: value, ...rest } = share ?? {};
      const values = value && rows.keepPart ? (rest.rows?.values ?? []) : [];
      share = {
        ...rest,
        ...(value && rows.keepPart ? { part: value } : {}),
        rows: {
          numbers: rows.numbers,
          ...(eitherRange(tokens, rows.numbers) ? { either: true } : {}),
          ...(values.length > 0 ? { values } : {}),
        },
      };
      for (const f of rows.numbers) numberFilters.splice(numberFilters.indexOf(f), 1);
    }
  }

  if (reach) {
    share = undefined;
    top = undefined;
    dimensions.splice(0, dimensions.length, ...dimensions.filter((d) => d !== reach.entity));
    // The total reached is a sum or a count of rows ("half of revenue"), never a count of the entities.
    const added = measures.filter((m) => m.aggType === 'sum' || m.aggType === 'count');
    measures = added.length > 0 ? added.slice(0, 1) : sum ? [sum] : [];
  }

  let range: Period | undefined;
  let compare: Period[] | undefined;
  const first = periods[0];
  const last = periods.at(-1);
  if (periods.length >= 2 && first && last) {
    const spanning =
      raws.includes('between') ||
      raws.includes('through') ||
      raws.includes('thru') ||
      (raws.includes('from') && raws.includes('to')) ||
      raws.includes('until') ||
      // "total revenue 2023-2025", "revenue 2023 to 2025 combined": the years between are part of it (was 2023
      // against 2025, 2024 left out).
      (periods.length === 2 &&
        (/\b\d{4}\s*[-–]\s*\d{4}\b/.test(question) ||
          (raws.includes('to') && raws.some((w) => SPAN_TOTALS.has(w))))) ||
      // "orders by year 2023 to 2025": a breakdown over the span (was 2023 against 2025, 2024 left out).
      (periods.length === 2 && raws.includes('to') && namedGrain !== undefined && !change) ||
      // "revenue january 2025 to march 2025", "march 3 to march 9 2025": nothing but "to" between the two ends
      // (was January against March, February left out).
      (periods.length === 2 && onlyToBetween(tokens, first, last));
    // A change over a grain within the span ("month over month from February through June") keeps the span.
    // ("electronics vs toys revenue by year 2023-2025": the values are compared, the periods span: compared-values.ts.)
    const comparing =
      !valuesCompared(tokens, filters, first.at) &&
      raws.some(
        (w, i) =>
          COMPARE_WORDS.has(w) &&
          // ("how many months had fewer than 600 orders from 2023 to 2025": "than" before a number is a threshold's,
          // not two periods compared; was 2023 against 2025, confidently wrong.)
          !(w === 'than' && /^\d/.test(raws[i + 1] ?? '') && !periods.some((p) => p.at === i + 1)) &&
          !(change && ['change', 'growth'].includes(w)) &&
          !(change?.grain && comparesStep(raws, i)),
      );
    if (spanning && !comparing && (!change || change.grain)) {
      for (const t of tokens) if (['through', 'thru', 'until'].includes(t.raw) && !t.used) t.used = true;
      range = {
        label: `${first.period.label} to ${last.period.label}`,
        from: first.period.from,
        to: last.period.to,
      };
    } else if (comparing && spanPairs(tokens, periods)) {
      // "june through august 2026 vs june through august 2025": spans compared, each from its first period to
      // its last (was every month named compared on its own, July left out).
      for (const t of tokens)
        if (['through', 'thru', 'until', 'till'].includes(t.raw) && !t.used) t.used = true;
      compare = (spanPairs(tokens, periods) ?? []).sort((a, b) => a.from.localeCompare(b.from));
    } else {
      // ("this quarter? orders quarter to date": one span in two words.)
      const unique = new Map(periods.map((p) => [`${p.period.from}/${p.period.to}`, p.period]));
      // The same period named twice ("new customers in 2024 (first order in 2024)") is one range.
      if (unique.size === 1) range = first.period;
      else compare = [...unique.values()].sort((a, b) => a.from.localeCompare(b.from));
    }
  } else if (first) {
    const before = raws[first.at - 1];
    if (first.period.relative) {
      range = first.period;
    } else if (before === 'since' || before === 'after' || (before === 'from' && !raws.includes('to'))) {
      // Through today: rows dated after today (planned, mistyped) are not part of "since".
      const tomorrow = addDays(today, 1);
      const word = tokens[first.at - 1];
      if (word && before === 'after') word.used = true;
      range = {
        label: `${before === 'after' ? 'after' : 'since'} ${first.period.label} (through ${today})`,
        from: before === 'after' ? first.period.to : first.period.from,
        to: tomorrow,
      };
    } else if (before === 'before' || before === 'until') {
      // ("orders placed before 2024": the word read, not left over as one the model lacks.)
      const word = tokens[first.at - 1];
      if (word) word.used = true;
      range = { label: `before ${first.period.label}`, from: '0001-01-01', to: first.period.from };
    } else {
      range = first.period;
    }
  }

  // "how much of 2025's sales came in Q4": a period within the other is the share's part, not a comparison.
  // (Not with a breakdown: "share by region, Q4 vs 2025" compares the breakdown's shares in two periods; periods
  // joined into one part outright, "from Jan plus Feb combined, by region", are one part in each row.)
  const periodShare =
    ratio.length > 0 && !change && !grain && (dimensions.length === 0 || joinedOutright(compare, tokens))
      ? periodPart(compare, tokens)
      : undefined;
  if (periodShare) {
    // ("what fraction of the east's 2025 orders were placed in Q4": the east is of the whole, not of the part alone;
    // the part was the east's Q4 over every region's year: confidently wrong.)
    const ratioAt = tokens.findIndex((t) => ratio.includes(t));
    const { part: value, ...others } = share ?? {};
    // ("..., not counting returned orders": an exclusion narrows the part's period and the whole alike.)
    const kept =
      valueOfWhole(tokens, ratioAt, value, (f) => valueTokens(tokens, f)) ||
      (value !== undefined && writtenAsExclusion(tokens, value))
        ? others
        : (share ?? {});
    share = { ...kept, rows: { numbers: share?.rows?.numbers ?? [], period: periodShare.part } };
    range = periodShare.whole;
    compare = undefined;
  }

  // "yoy growth for last month", "Q4 vs Q4 the year before": a change a year back of one period shorter than a
  // year is that period against the same days a year earlier (a yearly series of one month has one row).
  if (change?.grain === 'year' && grain === 'year' && !namedGrain && !started && range && !compare) {
    if (range.to < addMonths(range.from, 12)) {
      compare = [yearBefore(range), range];
      range = undefined;
      grain = undefined;
    } else if (twoWholeYears(range)) {
      // "yoy % change in aov, 2024 -> 2025": the one change from the first year to the second (was each year
      // against the one before, 2024 against 2023 too).
      const first = Number(range.from.slice(0, 4));
      compare = [yearPeriod(first), yearPeriod(first + 1)];
      range = undefined;
      grain = undefined;
    }
  }

  // "yoy revenue 2024-2025 by quarter", "year over year growth by month, 2023 to 2024": each quarter (month) of
  // the later year against the same one of the earlier (paired-periods.ts), not each year's change with the
  // breakdown left unread. Only two years in a row: a year back is what "year over year" names.
  // ("yoy revenue by month for 2025": 2025 against 2024 the same way.)
  const yearly = change?.grain === 'year' && !started && (namedGrain === 'quarter' || namedGrain === 'month');
  const oneYear = range && /^\d{4}$/.test(range.label) && !compare ? Number(range.label) : undefined;
  const yearPair = !yearly
    ? undefined
    : oneYear !== undefined
      ? ([yearPeriod(oneYear - 1), yearPeriod(oneYear)] as [Period, Period])
      : yearsInARow(range, compare);
  // Over more than two years (or none named) each unit against the one a year back is no query this planner
  // builds: refused below, not answered as each year's change with the breakdown left unread.
  const yearlyUnpaired = yearly && !yearPair ? namedGrain : undefined;
  if (change && yearPair && (namedGrain === 'quarter' || namedGrain === 'month')) {
    compare = yearPair;
    range = undefined;
    grain = namedGrain;
    // (The year is the pairing's now, not a grain the two years would be spanned by again: second-order.ts.)
    const { grain: _year, ...paired } = change;
    change = paired;
  }

  // "did returns go up or down between 2023 and 2025? the count for each year": every year of the span, each with
  // its change from the one before (each-between.ts).
  const spanOfEach = started ? undefined : eachBetween(compare, grain, question);
  if (spanOfEach) {
    range = spanOfEach;
    compare = undefined;
  }

  // "orders in Oct, Nov or Dec 2025", "revenue across Jan, Mar and May 2024": one figure over the periods named
  // (joined-periods.ts), not each listed against the others; also a percentile of each month's (day's) figure
  // ("the 75th percentile of monthly order counts across 2023 and 2024": the months of both, the grain its own).
  let anyOf: Period[] | undefined;
  const joined =
    !change && (!grain || percentile !== undefined) && !top && !share && ratio.length === 0 && !started
      ? joinedPeriods(question, compare)
      : undefined;
  if (joined) {
    compare = undefined;
    if ('range' in joined) range = joined.range;
    else anyOf = joined.anyOf;
  }

  // "customers who joined in Q3 2022: how many of them ordered in 2025": people counted, not their orders.
  if (started && !condition && !firstEntity && measures.length === 1 && measures[0]?.aggType === 'count') {
    const headcount = cohortHeadcount(tokens, cube);
    if (headcount) measures = [headcount];
  }
  // "and how big was the drop?", "higher or lower", "give both": the size and way of the change asked.
  if (change || (compare && compare.length === 2)) claimChangeSize(tokens);
  const ratioAt = tokens.findIndex((t) => ratio.includes(t));
  const second = resolveSecondOrder({
    tokens,
    cube,
    today,
    measures,
    dimensions,
    valuesNamed: filters.length + numberFilters.length,
    dimensionsFound,
    ...(grain ? { grain } : {}),
    ...(top ? { top } : {}),
    ...(share ? { share } : {}),
    ...(range ? { range } : {}),
    ...(compare ? { compare } : {}),
    ...(percentile !== undefined ? { percentile } : {}),
    ...(percentiles && percentiles.length > 1 ? { percentileMore: percentiles.slice(1) } : {}),
    ...(percentileGap ? { percentileGap } : {}),
    ...(percentileGap && meanFirst ? { meanFirst } : {}),
    ...(average ? { average } : {}),
    ...(change ? { change } : {}),
    ...(condition ? { condition } : {}),
    ...(firstEntity ? { firstEntity } : {}),
    ...(firstTotal ? { firstTotal } : {}),
    ...(firstLater ? { firstLater } : {}),
    ...(firstRank ? { firstRank } : {}),
    ...(lifetime && lifetimeAt >= 0 ? { lifetime: lifetime.member } : {}),
    ...(started ? { started: started.member } : {}),
    ...(rankedOn ? { rankedOn } : {}),
    // (A reach's percent is its own: no share to build.)
    ratioAt: reach ? -1 : ratioAt,
  });
  measures = second.measures;
  // (A share of an average or a ratio has no parts that add up to it: share-parts.ts.)
  const partsWhy = partsUnresolved({ measures, ...(second.share ? { share: second.share } : {}) });
  if (partsWhy) second.unresolved.push(partsWhy);
  if (second.measures.length > 0 && measureScore === 0) measureScore = 2;
  if (yearlyUnpaired)
    second.unresolved.push(
      `each ${yearlyUnpaired}'s change from the same ${yearlyUnpaired} a year back over more than two years`,
    );
  compare = second.compare;
  if (compare) range = undefined;
  if (second.range) range = second.range;
  const dimensionsRead = second.dimensions;
  let grainRead = second.grain;
  top = second.top;
  share = second.share;
  // A start date (the customer's signup date in a view of orders) only when asked for ("signup", "new").
  const start = startDate(cube);
  const allTimes = cube.members.filter((m) => m.kind === 'dimension' && m.type === 'time');
  const timeDimensions = allTimes.length > 1 ? allTimes.filter((m) => m !== start) : allTimes;
  let timeDimension =
    second.timeDimension ??
    timeDimensions.find((m) => tokens.some((t) => !STOPWORDS.has(t.raw) && m.titleWords.includes(t.stem))) ??
    timeDimensions[0];
  // Two dates in one question: the cohort's ("joined in Q1 2022") beside the rows' own ("ordered in 2024"), or
  // periods by signup date of rows in a range ("orders in 2024 by signup quarter").
  let also: Plan['also'];
  const cohortPeriod = cohortPeriods[0]?.period;
  if (started && ownTime && split.length > 0) {
    const cohorts = [...new Map(cohortPeriods.map((p) => [p.period.label, p.period])).values()];
    if (cohorts.length >= 2 && !change) {
      // Two cohorts side by side, the rows' own period (if any) a filter of the other date.
      compare = cohorts.sort((a, b) => a.from.localeCompare(b.from));
      timeDimension = started.member;
      if (range) also = { member: ownTime, range };
      range = undefined;
    } else if (cohortPeriod && started.grain && grainRead === started.grain && !change) {
      // "2025 revenue per customer by signup quarter of 2022": the breakdown is the start's, within its
      // cohort's period; the rows' own period filters the other date.
      timeDimension = started.member;
      if (range) also = { member: ownTime, range };
      range = cohortPeriod;
    } else if (cohortPeriod) {
      also = { member: started.member, range: cohortPeriod };
      timeDimension = ownTime;
      // "the Q1 2022 cohort" is one cohort: no breakdown by year unless one is named.
      if (grainRead && !change?.grain && !started.grain && !namedGrain) grainRead = undefined;
    } else if (grainRead && (started.grain || started.cohort || timeDimension === started.member) && range) {
      // ("2025 revenue split by the quarter the customer signed up in": the breakdown is the signup date's, the
      // period the orders'.)
      also = { member: ownTime, range };
      range = undefined;
    }
  }
  // ("orders per year placed by the March 2022 signups": one signup period and a plain grain its period holds one
  // of, so the breakdown is of the rows' own date, every period of it, the signup period a filter of the other.)
  if (
    started &&
    ownTime &&
    split.length === 0 &&
    !also &&
    !compare &&
    !change &&
    !started.grain &&
    grainRead &&
    range &&
    !range.relative &&
    timeDimension === started.member &&
    withinOneBucket(range, grainRead)
  ) {
    also = { member: started.member, range };
    timeDimension = ownTime;
    range = undefined;
  }
  // ("what share of all revenue came from customers who signed up in Q1 2022": the one period is the cohort's, the
  // share's part; every row of the orders its whole. Was refused, "share".)
  const onlyPeriod = ownPeriods.length === 1 ? ownPeriods[0] : undefined;
  if (
    started &&
    ownTime &&
    onlyPeriod &&
    nextToStart(onlyPeriod.at) &&
    split.length === 0 &&
    !also &&
    !compare &&
    !change &&
    ratio.length > 0 &&
    range &&
    !range.relative &&
    timeDimension === started.member &&
    !grainRead &&
    !started.grain &&
    !started.cohort
  ) {
    also = { member: started.member, range };
    timeDimension = ownTime;
    range = undefined;
  }
  // "what share of 2025 revenue came from customers who signed up in H1 2022": the cohort is the share's part and
  // the rows' own period its whole; the cohort does not narrow the whole.
  const summed = measures.length === 1 && ['sum', 'count'].includes(measures[0]?.aggType ?? '');
  if (ratio.length > 0 && !share && !compare && also && also.member === started?.member && summed) {
    if (!conditionFound && dimensionsRead.length === 0 && !grainRead && !second.fields.percentile) {
      share = { rows: { numbers: [], started: also } };
      also = undefined;
      // (The second-order reading found no share to build: now there is one.)
      const unbuilt = second.unresolved.indexOf(tokens[ratioAt]?.raw ?? 'share');
      if (unbuilt >= 0) second.unresolved.splice(unbuilt, 1);
    }
  }
  // "by signup quarter, how many customers placed at least one order in Q1 2024": at least one row is any row, so
  // the customers are counted per period; another count per entity beside a breakdown by time is not read here.
  const perEntity = second.fields.having;
  if (perEntity && grainRead && !perEntity.grain && !perEntity.spread) {
    const headcount = cube.members.find(
      (m) => m.kind === 'measure' && m.aggType === 'count_distinct' && m.titleWords.includes('customer'),
    );
    const anyRow =
      perEntity.output === 'count' &&
      perEntity.measure.aggType === 'count' &&
      ((perEntity.op === '>=' && perEntity.value === 1) || (perEntity.op === '>' && perEntity.value === 0)) &&
      !perEntity.rows &&
      !perEntity.and &&
      !perEntity.rank &&
      perEntity.entity.titleWords.includes('customer');
    // ("how many customers spent over $1,000 in each quarter of 2025", "for every month, how many customers spent
    // more than $800 that month": each period's customers, each tested on that period's own rows. Only a count with
    // one plain test, the period said as each one ("in each", "every", "per", "that quarter", "quarter by quarter"),
    // over the rows' own date.)
    const eachPeriod =
      perEntity.output === 'count' &&
      !perEntity.rows &&
      !perEntity.rank &&
      !perEntity.total &&
      !perEntity.vsAverage &&
      !perEntity.versus &&
      !perEntity.clauses &&
      !perEntity.vsPeriod &&
      !perEntity.alsoOnce &&
      !started &&
      !compare &&
      !change &&
      timeDimension !== undefined &&
      timeDimension !== start &&
      EACH_PERIOD(grainRead).test(question);
    if (anyRow && headcount) {
      measures = [headcount];
      delete second.fields.having;
    } else if (eachPeriod) second.fields.having = { ...perEntity, perPeriod: true };
    else second.unresolved.push(`a count per ${perEntity.entity.title.toLowerCase()} in each ${grainRead}`);
  }
  // "revenue growth by signup cohort" asks how each cohort's revenue moved over the orders' dates, which one
  // query over one time dimension does not give; a change between signup periods would answer another question.
  if (
    second.fields.change &&
    started &&
    ownTime &&
    timeDimension === started.member &&
    !measures.every((m) => startedCounts(m))
  )
    second.unresolved.push('growth within each signup cohort');
  const needsTime =
    grainRead ||
    range ||
    compare ||
    anyOf ||
    second.fields.first ||
    second.fields.having?.grain ||
    second.fields.having?.spread?.grain;
  const cubeWords = tokens.filter((t) => cube.words.includes(t.stem)).length;
  // A period read on the date things began (a signup date) when the question names no start ("busiest month
  // in 2024" is of orders, not signups): a worse reading than one on the rows' own date.
  const startOnly =
    needsTime &&
    timeDimension !== undefined &&
    timeDimension === start &&
    !started &&
    !raws.includes('created');
  // ("how many customers did we have in 2024": the customers with rows in 2024, not those who signed up in it, 0.)
  const timeUseful = needsTime && timeDimension ? (startOnly ? -2.5 : 0.5) : 0;
  // Words this reading leaves unexplained ("revenue" read against customers) make it a worse reading.
  const memberWords = new Set(cube.members.flatMap((m) => [...m.titleWords, ...m.otherWords]));
  // A measure's words are read only where the reading uses that measure (or the word names something else too):
  // "revenue by region plus order counts" read as revenue alone leaves "counts" unread, never silently dropped.
  // (Measures of money are one family: "order values" read as the largest and smallest amounts is read.)
  const family = (m: CatalogMember) => (m.format === 'currency' ? 'money' : m.column);
  const usedFamilies = new Set(
    [...membersIn({ measures, second })].filter((m) => m.kind === 'measure').map(family),
  );
  const readWords = new Set(
    cube.members
      .filter((m) => m.kind !== 'measure' || usedFamilies.has(family(m)))
      .flatMap((m) => [...m.titleWords, ...m.otherWords]),
  );
  const leftover = tokens.filter(
    (t, i) =>
      !t.used &&
      !STOPWORDS.has(t.raw) &&
      !cube.words.includes(t.stem) &&
      (/^[a-z]{3,}$/.test(t.raw) || (/^[a-z]{2}$/.test(t.raw) && !SHORT_WORDS.has(t.raw))) &&
      // "the enterprise tier": a kind-of word right after a value names the value's group.
      !(QUALIFIERS.has(t.stem) && tokens[i - 1]?.value),
  );
  // A breakdown's own word said of the things listed and left unread ("top 5 customers ... with their region") is a
  // column asked for and left out. ("my region" is the asker's, "those regions" the previous answer's.)
  const heads = new Set(
    cube.members
      .filter((m) => m.kind === 'dimension' && m.type === 'string')
      .flatMap((m) => dimensionKeys(m).single),
  );
  const headsLeft = tokens
    .filter(
      (t, i) =>
        !t.used && heads.has(t.stem) && ['their', 'its', 'his', 'her'].includes(tokens[i - 1]?.raw ?? ''),
    )
    .map((t) => t.raw);
  // A word with digits the reading does not use ("FY2024", "Q5") names something it did not read.
  const coded = tokens.filter((t) => !t.used && /^[a-z]+\d+$/.test(t.raw)).map((t) => t.raw);
  // A number the reading does not use ("spent more than 30000" read against customers) changes the question.
  const numbers = tokens.flatMap((t, i) =>
    !t.used && /^\d+(\.\d+)?$/.test(t.raw)
      ? [
          [tokens[i - 2], tokens[i - 1], t]
            .flatMap((x) => (x && !STOPWORDS.has(x.raw) ? [x.raw] : []))
            .join(' '),
        ]
      : [],
  );
  // Money words are general English, but a cube that holds no money cannot answer them ("spend" of customers).
  const moneyless = !sum;
  // Verbs of buying likewise need orders: customers "who bought in 2025" are not customers who signed up then.
  const orderless = !memberWords.has('order');
  const unread = [
    ...leftover
      .filter(
        (t) =>
          (!FILLER.has(t.raw) ||
            (moneyless && MONEY_WORDS.has(t.raw)) ||
            (orderless && BUYING_VERBS.has(t.raw))) &&
          !readWords.has(t.stem),
      )
      .map((t) => t.raw),
    ...numbers,
    ...coded,
    ...headsLeft,
    ...countLeft(tokens, usedFamilies, cube),
    ...valuesCountedLeft(tokens, heads),
    ...second.unresolved,
    ...negationsLeft(tokens),
    ...firstDateLeft({
      first: second.fields.first !== undefined,
      compare,
      numberFilters: numberFilters.length,
      later: firstLater !== undefined,
      total: firstTotal !== undefined,
      countAsked: /\bhow many (of )?(the |my |our )?(customers?|buyers?|them|those)\b/.test(raws.join(' ')),
    }),
    ...firstAttributeLeft(tokens, second.fields.first !== undefined),
    ...(selfRanked ? ['a measure to rank them by'] : []),
    ...durations(tokens),
    // ("cumulative order count month by month": a running total over the periods, which no plan here computes; was
    // each month's own count with "cumulative" left out.)
    ...(grainRead && RUNNING.test(question) ? [`a running total over the ${grainRead}s`] : []),
    ...comparedFigures(tokens),
    ...unreadBusinessWords(tokens),
    ...(direction.unplaced ? [`which way the ${direction.unplaced} is better`] : []),
  ];
  // Only a question that names what it measures can leave a side remark out, or a filler word ("quickly",
  // "gross") that is not where a breakdown would be named.
  const reads = matched.score > 0 || claimed.length > 0;
  const soft = reads
    ? unread.filter((w) => {
        const i = raws.indexOf(w);
        // ("who placed the latest order": a rank of the rows by date, which this reading does not make.)
        const rowRank = ['latest', 'current'].includes(w) && ROW_NOUNS.test(raws[i + 1] ?? '');
        return (
          SOFT_WORDS.has(w) &&
          !rowRank &&
          !['by', 'per', 'each', 'every', 'across'].includes(raws[i - 1] ?? '')
        );
      })
    : [];
  // ("(first order that month)" unread is a cohort's definition left out, never an aside: cohorts.ts.)
  const ignored = reads
    ? [...new Set([...incidental(question, tokens, unread), ...soft])].filter((w) => w !== 'first')
    : [];
  // ("... spent more than $800 that month", "... within the quarter": the period of a per-period count, said again.)
  const periodAgain = (w: string) =>
    second.fields.having?.perPeriod === true && grainRead !== undefined && w === grainRead;
  const unexplained = unread.filter(
    (w) => (!ignored.includes(w) || headsLeft.includes(w)) && !periodAgain(w),
  );
  const { fields } = second;
  const asked = tokens.filter((t) => t.asked && (t.used || t.value));
  // "lifetime value" has no member of its own: say it was read as the total over all the data.
  const lifetimeNoun = tokens[lifetimeAt + 1]?.raw;
  const lifetimeRead =
    lifetimeAt >= 0 && sum && lifetimeNoun
      ? [[`lifetime ${lifetimeNoun}`, `the ${sum.title.toLowerCase()} over all the data`]]
      : [];
  const readPairs = [
    ...asked.map((t) => [t.asked ?? t.raw, t.readAs ?? t.raw]),
    ...lifetimeRead,
    ...(performanceRead && sum
      ? [[`how ... ${performanceRead.raw}`, `the change in ${sum.names[0] ?? sum.title.toLowerCase()}`]]
      : []),
  ];
  const readAs = readPairs.length > 0 ? Object.fromEntries(readPairs) : undefined;
  const terms = termsOf(
    tokens,
    [
      ...measures,
      ...dimensionsRead,
      ...(fields.having && !fields.having.grain ? [fields.having.entity] : []),
      ...(fields.having?.total ? [fields.having.total] : []),
    ],
    cube.members,
  );
  // "lifetime value", "LTV": the asker's term for the money measure it was read as.
  const askedLifetime = tokens.find((t) => t.asked && (t.raw === 'spend' || t.readAs === 'lifetime spend'));
  if (askedLifetime?.asked && sum && measures.includes(sum))
    terms[sum.column] =
      askedLifetime.asked.length <= 4 ? askedLifetime.asked.toUpperCase() : askedLifetime.asked;
  // "what did clients spend": the money read for the asker's verb, said beside the measure's title.
  const spendWord = tokens.find((t) => ['spend', 'spent', 'spending'].includes(t.raw) && !t.used);
  if (spendWord && sum && measures.includes(sum) && !terms[sum.column] && !askedLifetime)
    terms[sum.column] = spendWord.raw === 'spent' ? 'spend' : spendWord.raw;
  if (performanceRead && sum?.names[0] && !terms[sum.column]) terms[sum.column] = sum.names[0];
  // ("how much did I sell in Q2 2025": the money read for the selling verb, said as sales beside the title.)
  const sellWord = tokens.find((t) => ['sell', 'sold', 'sells', 'selling'].includes(t.raw));
  if (sellWord && sum && measures.length === 1 && measures[0] === sum && !terms[sum.column])
    terms[sum.column] = 'sales';
  const secondOrder =
    (fields.having ? 3 : 0) +
    (fields.first ? 2 : 0) +
    (fields.percentile ? 1 : 0) +
    (reach ? 2 : 0) +
    (second.timeDimension ? 1.5 : 0);
  const score =
    -0.5 * leftover.length -
    3 * numbers.length +
    (cube.isView ? 0.25 : 0) +
    1.5 * measureScore +
    2 * dimensionsRead.length +
    2 * filters.length +
    numberFilters.length +
    1.5 * cubeWords +
    secondOrder +
    timeUseful -
    (unranked ? 3 : 0) -
    (needsTime ? (timeDimension ? 0 : 5) : 0);
  const text = ` ${raws.join(' ')} `;
  // ("customers in the north who ordered in the south": two values of one dimension, not one filter of either.)
  const oneOfList =
    valueOnOneOfList(tokens, measures, filters) ??
    scatteredValues(tokens, filters, cube)[0] ??
    versusAcrossMembers(tokens, filters) ??
    twoRankings(tokens, { perGroup: second.fields.perGroup, top }, dimensions.length);
  return {
    cube,
    measures,
    measureScore,
    measureNamed: matched.measures.length > 0 || (money && sum !== undefined),
    dimensions: dimensionsRead,
    ...(grainRead ? { grain: grainRead } : {}),
    ...(timeDimension && needsTime ? { timeDimension } : {}),
    filters: filters.filter((f) => f !== share?.part && !share?.rows?.values?.includes(f)),
    numberFilters,
    ...(range ? { range } : {}),
    ...(compare ? { compare } : {}),
    ...(anyOf && !compare && !range ? { anyOf } : {}),
    ...(top ? { top } : {}),
    ...(share ? { share } : {}),
    ...(reach ? { reach } : {}),
    ...fields,
    ...(Object.keys(terms).length > 0 ? { terms } : {}),
    ...(ignored.length > 0 ? { ignored } : {}),
    ...(readAs ? { readAs } : {}),
    ...(also ? { also } : {}),
    ...(selling && measures.length > 1 ? { eachReading: selling.word } : {}),
    ...(oneOfList ? { oneOfList } : {}),
    additive: / (also|too|as well|additionally) /.test(text),
    score,
    unexplained,
    future,
  };
}

/**
 * The measure a ranking is "by" ("top 3 customers by orders ..."), first among the measures: the first word after
 * "by" (past "the", "total", "number of") that one measure alone has as a name ("orders", "revenue"), or a money
 * word ("spend") for the measure of money. Unchanged when no such word follows a "by".
 */
function rankedBy(
  tokens: Token[],
  cube: CatalogCube,
  measures: CatalogMember[],
): { measures: CatalogMember[]; by?: CatalogMember } {
  const all = cube.members.filter((m) => m.kind === 'measure');
  for (const [i, t] of tokens.entries()) {
    if (t.raw !== 'by') continue;
    let k = i + 1;
    // ("by 2025 spend", "by Q4 revenue": the period said before the measure.)
    while (
      ['the', 'their', 'its', 'total', 'number', 'of', 'amount', 'lifetime', 'overall'].includes(
        tokens[k]?.raw ?? '',
      ) ||
      /^(?:(?:19|20)\d\d|q[1-4]|h[12]|ytd)$/.test(tokens[k]?.raw ?? '')
    )
      k++;
    const word = tokens[k];
    // ("by average revenue per customer": an aggregation of another measure, read by aggregatedAs.)
    if (!word || AGGREGATION_WORDS[word.raw] !== undefined) continue;
    // ("by customer" names the breakdown, not the number of customers.)
    const breakdown = cube.members.some((m) => {
      const keys = m.kind === 'dimension' && m.type === 'string' ? dimensionKeys(m) : undefined;
      return keys !== undefined && (keys.single.includes(word.stem) || keys.derived.includes(word.stem));
    });
    const named = all.filter((m) => m.names.includes(word.stem));
    // ("top 5 customers by spend, with their order counts": money no measure is named by ranks by the sum; it
    // was left out, and the list ranked by the order count beside it.)
    const money = MONEY_WORDS.has(word.raw) ? all.find((m) => m.aggType === 'sum') : undefined;
    const measure = breakdown ? undefined : named.length === 1 ? named[0] : money;
    if (!measure) continue;
    if (measures[0] === measure) return { measures, by: measure };
    word.used = true;
    return { measures: [measure, ...measures.filter((m) => m !== measure)], by: measure };
  }
  return { measures };
}

/** Words that put a figure beside each row listed ("and their spend", "with order counts", "plus revenue"). */
const BESIDE = new Set(['their', 'its', 'with', 'plus', 'including', 'incl', 'showing']);

/**
 * A measure asked beside each row of a list ("top 3 customers by orders and their spend", "top categories by
 * revenue with order counts"): an unread word right after "their", "with", "plus" ... that names one measure alone
 * (or money, for the measure of money), added after the measures read.
 */
function besideEach(
  tokens: Token[],
  cube: CatalogCube,
  measures: CatalogMember[],
  money: CatalogMember | undefined,
): CatalogMember[] {
  const all = cube.members.filter((m) => m.kind === 'measure');
  const added = [...measures];
  for (const [i, t] of tokens.entries()) {
    if (t.used || !BESIDE.has(tokens[i - 1]?.raw ?? '')) continue;
    const named = all.filter((m) => m.names.includes(t.stem));
    const measure = named.length === 1 ? named[0] : MONEY_WORDS.has(t.raw) ? money : undefined;
    if (!measure || added.includes(measure)) continue;
    t.used = true;
    // ("order counts", "revenue totals": the aggregation's word after the name is the same measure.)
    const next = tokens[i + 1];
    if (next && !next.used && ['count', 'total', 'number', 'sum'].includes(next.stem)) next.used = true;
    added.push(measure);
  }
  return added;
}

/** Superlatives of each direction ("highest", "fewest"). */
const HIGH_ENDS = new Set(['highest', 'most', 'biggest', 'largest', 'best', 'top']);
const LOW_ENDS = new Set(['lowest', 'fewest', 'least', 'smallest', 'worst', 'bottom']);

/**
 * "which category has the highest revenue and which has the lowest cancellation rate": two rankings of two
 * figures over one breakdown, which one query does not answer (one ranking would name one of them only).
 */
function twoRankings(
  tokens: readonly Token[],
  fields: { perGroup?: Plan['perGroup']; top?: Plan['top'] },
  breakdowns: number,
): string | undefined {
  if (breakdowns === 0 || fields.perGroup?.both || fields.top?.span) return undefined;
  // ("at least 10 returns", "at most 3 orders" are bounds, not rankings.)
  const end = (words: Set<string>) => tokens.find((t, i) => words.has(t.raw) && tokens[i - 1]?.raw !== 'at');
  const high = end(HIGH_ENDS);
  const low = end(LOW_ENDS);
  if (!high || !low) return undefined;
  const [a, b] = tokens.indexOf(high) < tokens.indexOf(low) ? [high, low] : [low, high];
  return `"${a.raw}" and "${b.raw}" ask for two rankings, one of each figure, which take two questions: ask for each on its own`;
}

/** The catalog members a reading holds anywhere in its parts (a measure of a second-order part too). */
function membersIn(reading: object): Set<CatalogMember> {
  const found = new Set<CatalogMember>();
  const seen = new Set<object>();
  const walk = (value: unknown, depth: number) => {
    // (A cube holds every member: not walked.)
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 6 || 'members' in value) return;
    seen.add(value);
    if ('titleWords' in value && 'kind' in value) {
      found.add(value as CatalogMember);
      return;
    }
    for (const v of Array.isArray(value) ? value : Object.values(value)) walk(v, depth + 1);
  };
  walk(reading, 0);
  return found;
}

/**
 * "how many categories are there", "the number of regions", "how many categories does a customer buy in": a count
 * of a dimension's values, left unread (the dimension's word counts as the model's, so it was dropped and the rows
 * were counted: confidently wrong).
 */
function valuesCountedLeft(tokens: Token[], heads: ReadonlySet<string>): string[] {
  return tokens.flatMap((t, i) => {
    if (t.used || !heads.has(t.stem) || t.raw === t.stem) return [];
    const between = ['different', 'distinct', 'unique', 'separate'].includes(tokens[i - 1]?.raw ?? '')
      ? 1
      : 0;
    const [a, b] = [tokens[i - 2 - between]?.raw, tokens[i - 1 - between]?.raw];
    const counting =
      (a === 'how' && b === 'many') || (['number', 'count', '#'].includes(a ?? '') && b === 'of');
    return counting ? [`how many ${t.raw}`] : [];
  });
}

/**
 * "orders by category with avg order value": the cube's own noun opening the question before "by" or "per" is the
 * count of its rows asked for; a reading that counts nothing (the average alone) leaves it unread.
 */
function countLeft(tokens: Token[], used: Set<string>, cube: CatalogCube): string[] {
  const [first, next] = tokens;
  if (!first || !next || !['by', 'per'].includes(next.raw)) return [];
  if (!cube.words.includes(first.stem) || !first.raw.endsWith('s')) return [];
  const counts = cube.members.filter((m) => m.kind === 'measure' && m.aggType === 'count');
  const counted = counts.some((m) => m.titleWords.includes(first.stem) && used.has(m.column));
  const named = counts.some((m) => m.titleWords.includes(first.stem));
  return named && !counted && used.size > 0 ? [first.raw] : [];
}

/**
 * Whether nothing but "to" stands between two months or days said in order (the ends of one span). ("revenue 2023
 * to 2025" stays the two years compared, as it was read before.)
 */
function onlyToBetween(
  tokens: Token[],
  first: { period: Period; at: number },
  last: { period: Period; at: number },
) {
  if (first.period.from >= last.period.from) return false;
  if ([first, last].some((p) => /^\d{4}$/.test(p.period.label))) return false;
  const between = tokens.slice(first.at + 1, last.at).filter((t) => !t.used);
  return between.length === 1 && between[0]?.raw === 'to';
}

/**
 * A cohort's period after "since", "after", "before" or "until" ("customers who signed up since 2023"): the open
 * span from or to it, the word read (was 2023 alone: a share of revenue from the 2023 signups only).
 */
function openCohort(tokens: Token[], p: { period: Period; at: number }, today: string) {
  const word = tokens[p.at - 1];
  if (!word || !['since', 'after', 'before', 'until'].includes(word.raw)) return p;
  word.used = true;
  if (word.raw === 'before' || word.raw === 'until')
    return { ...p, period: { label: `before ${p.period.label}`, from: openFrom, to: p.period.from } };
  const from = word.raw === 'after' ? p.period.to : p.period.from;
  return { ...p, period: { label: `${word.raw} ${p.period.label}`, from, to: addDays(today, 1) } };
}
