/**
 * Turns the second-order words a question holds (readings.ts) into the plan's fields: which measure a change
 * or a percentile is of, which breakdown is ranked within which group, what a share of the top rows is of.
 */

import { type CatalogCube, type CatalogMember, valueWordsOf } from './catalog';
import { daysBetween } from './clock';
import { claimCohortPointer, claimFirstDefinition } from './cohorts';
import { firstAndLast } from './data-span-growth';
import { periodBefore, periodBeside } from './dates';
import { ended } from './day-means';
import { outputAsked } from './entities';
import { averagedFigure, rowValueSaid } from './entity-averages';
import { readEntityExtreme } from './entity-extremes';
import { dimensionKeys, entityNamed } from './members';
import { claimMeanBeside, percentileOfRow } from './percentiles';
import { claimChangeWording, claimPoints, claimRepeatedGrain, pointsAt, spanOfUnits } from './periods';
import {
  type EntityCondition,
  type Grain,
  type Parsed,
  type Percentile,
  type Period,
  type Plan,
  shareChangeable,
  type Token,
} from './plan';
import { GROUP_EACH, rateWithin } from './rates-within';
import { keysOf } from './readings';
import { inEveryGroup } from './top-in-every';
import { bothEnds, eachGroupUnread, findGroupRank, GRAIN_STEMS, readPerGroup } from './top-per-group';
import { isIdentifier, MONEY_WORDS, yearPeriod } from './vocabulary';

/** Words of a change a "rate" may belong to ("growth rate", "rate of decline"). */
const CHANGE_STEMS = /^(growth|grow|change|increase|decrease|decline|drop|rise|fall|gain|loss)/;

export interface SecondOrderInput {
  /** How many value and number filters the question names ("toys", "over $900"). */
  valuesNamed?: number;
  tokens: Token[];
  cube: CatalogCube;
  today: string;
  measures: CatalogMember[];
  dimensions: CatalogMember[];
  dimensionsFound: { member: CatalogMember; at: number }[];
  grain?: Grain;
  top?: Parsed['top'];
  share?: Parsed['share'];
  range?: Period;
  compare?: Period[];
  percentile?: number;
  /** Further percentiles asked with the first ("10th and 90th percentile"), ascending. */
  percentileMore?: number[];
  /** The gap between the two percentiles is asked for ("IQR", "p75 minus p25"). */
  percentileGap?: boolean;
  /** With `percentileGap` beside the mean: "average minus median" ('mean') or "median minus average" ('percentile'). */
  meanFirst?: 'mean' | 'percentile';
  /** "average revenue per customer": the mean of a total per entity or period. */
  average?: boolean;
  /** (`counted`: "fewer returns in 2025 than 2024" is a count of rows, whatever measure is named.) */
  change?: {
    grain?: Grain;
    down: boolean;
    rank: 'percent' | 'absolute';
    counted?: boolean;
    /** Ranked by the size of the change either way ("the biggest swing"). */
    magnitude?: true;
    /** Asked as a ratio ("how many times bigger"): the later figure over the earlier one is stated too. */
    times?: true;
    /** "the CAGR from 2023 to 2025": the compound annual growth rate stated too (growth-ratio.ts). */
    cagr?: true;
  };
  condition?: EntityCondition;
  firstEntity?: { member: CatalogMember; at: number };
  /** A total over a first-date cohort: the cohort's period, and the count named ("how many orders"). */
  firstTotal?: { range: Period; measure?: CatalogMember };
  /** The later period a first-date cohort's entities must have rows in ("how many also ordered in Q4 2025"). */
  firstLater?: Period;
  /** The entities whose first row came last or first ("the customer who first ordered most recently"). */
  firstRank?: { n: number; direction: 'desc' | 'asc' };
  started?: CatalogMember;
  /** The entity a "lifetime value" is of (each one's total over all its rows). */
  lifetime?: CatalogMember;
  /** The measure a ranking is "by" ("the top 5% of customers by spend"), when one is named. */
  rankedOn?: CatalogMember;
  /** Index of the first word asking for a share. */
  ratioAt: number;
}

export interface SecondOrder {
  measures: CatalogMember[];
  dimensions: CatalogMember[];
  grain?: Grain;
  top?: Parsed['top'];
  share?: Parsed['share'];
  compare?: Period[];
  /** A span read in place of compared periods ("MoM for Oct, Nov and Dec": October to December). */
  range?: Period;
  timeDimension?: CatalogMember;
  fields: Pick<Plan, 'having' | 'change' | 'perGroup' | 'percentile' | 'first'>;
  /** Words read as second-order that the model cannot serve ("median" of something with no numbers). */
  unresolved: string[];
}

const SIZE_WORDS = new Set([
  'size',
  'value',
  'amount',
  'price',
  'spend',
  'total',
  'sizes',
  'values',
  'amounts',
]);
/** Verbs after "a customer" that make the figure one per entity ("orders a customer placed"). */
const ENTITY_VERBS = new Set([
  'placed',
  'made',
  'has',
  'had',
  'ordered',
  'bought',
  'places',
  'makes',
  'spent',
  'spends',
  'place',
  'buy',
  'buys',
  'make',
  // ("how much revenue did the average customer generate per month": the figure per entity; per month alone, the
  // customer dropped, was confidently wrong.)
  'generate',
  'generates',
  'generated',
  'pay',
  'pays',
  'paid',
]);
/**
 * Of the dimensions read per entity, the one the figure is of: an entity said right after "per" when another is
 * found too ("for each segment, ... per customer"), else the first.
 */
function perNamed<T extends { member: CatalogMember; at: number }>(
  found: T[],
  tokens: readonly Token[],
  cube: CatalogCube,
): T | undefined {
  if (found.length < 2) return found[0];
  const per = found.find(
    (d) => tokens[d.at - 1]?.raw === 'per' && entityNamed(cube, tokens[d.at]?.stem ?? '') === d.member,
  );
  return per ?? found[0];
}

/** Words of a rate, which no percentile here is of. */
const RATE_WORDS = new Set(['rate', 'rates', 'ratio', 'ratios']);

/** Words that rank groups ("which segment has the highest median"). */
const RANK_WORDS =
  /^(?:top|bottom|most|least|best|worst|highest|lowest|largest|biggest|smallest|max|min|maximum|minimum)$/;

/** Words of a statistic over entities, right before the entity ("the median customer", "a typical buyer"). */
const STAT_WORDS = new Set(['average', 'avg', 'mean', 'typical', 'median']);

/**
 * Whether the entities are also counted, as a second ask joined by "and" before or after the average ("customers per
 * segment and their average spend", "how many customers in each segment, and their average spend", "number of
 * customers and average spend per segment").
 */
function countAskedBeside(tokens: readonly Token[], entity: CatalogMember): boolean {
  const keys = new Set([...dimensionKeys(entity).single, ...dimensionKeys(entity).derived]);
  const and = tokens.findIndex((t) => t.raw === 'and' || t.raw === '&');
  const stat = tokens.findIndex((t) => STAT_WORDS.has(t.raw));
  if (and < 0 || stat < 0) return false;
  const noun = tokens.findIndex((t, i) => i < and && keys.has(t.stem));
  if (noun < 0) return false;
  const before = tokens
    .slice(Math.max(0, noun - 2), noun)
    .map((t) => t.raw)
    .join(' ');
  const after = tokens[noun + 1]?.raw ?? '';
  // The noun counted ("how many customers", "number of customers") or heading its breakdown ("customers per segment").
  return (
    (/\b(?:how many|number of|count of|no of)$/.test(before) ||
      ((noun === 0 || /^(?:the|show|list|give)$/.test(tokens[noun - 1]?.raw ?? '')) &&
        ['per', 'by', 'in', 'for'].includes(after))) &&
    and < stat
  );
}

/** A share's figure said after "share of" ("of 2025 orders", "of total revenue"), grouped: orders, money, customers. */
const SHARE_OF =
  /(?:(?<![\d.]\s?)\b(?:share|percent(?:age)?|pct|fraction|proportion)|\bwhat\s+%)\s+of\s+(?:(?:the|our|all|total|overall|\d{4}(?:s)?|its|their)\s+)*(orders?|revenue|sales|spend|turnover|customers?|buyers?)\b/g;
const FIGURE_GROUP: Record<string, string> = {
  revenue: 'money',
  sales: 'money',
  spend: 'money',
  turnover: 'money',
};

/** Whether two shares of different figures are asked ("share of orders ..., and share of revenue"). */
function sharesOfTwoFigures(tokens: readonly Token[]): boolean {
  const asked = tokens.map((t) => t.raw).join(' ');
  const figures = new Set(
    [...asked.matchAll(SHARE_OF)].map((m) => {
      const noun = (m[1] ?? '').replace(/s$/, '');
      return FIGURE_GROUP[m[1] ?? ''] ?? (noun === 'buyer' ? 'customer' : noun);
    }),
  );
  return figures.size > 1;
}

/** The measures of two share figures in the order asked (orders: the row count; money: the sum), if both are. */
function twoFigures(tokens: readonly Token[], cube: CatalogCube): CatalogMember[] | undefined {
  const asked = tokens.map((t) => t.raw).join(' ');
  const measures = [...asked.matchAll(SHARE_OF)].map((m) => {
    const figure = FIGURE_GROUP[m[1] ?? ''] ?? (m[1] ?? '').replace(/s$/, '');
    const agg = figure === 'money' ? 'sum' : figure === 'order' ? 'count' : undefined;
    return cube.members.find((c) => c.kind === 'measure' && agg !== undefined && c.aggType === agg);
  });
  const [a, b] = [...new Set(measures)];
  return measures.every((m) => m !== undefined) && a && b && measures.length === 2 ? [a, b] : undefined;
}

/** Index of the token that named the grain (used), or -1. */
const grainAt = (tokens: Token[], grain: Grain | undefined) =>
  grain ? tokens.findIndex((t) => t.used && GRAIN_STEMS[t.stem] === grain) : -1;

const sumOf = (cube: CatalogCube) => cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
/** Words asking for a share of a first-date cohort. */
const SHARE_WORDS = new Set(['percent', 'percentage', 'pct', 'share', 'proportion', 'fraction', 'rate']);
const additive = (m: CatalogMember | undefined) => m?.aggType === 'sum' || m?.aggType === 'count';
/** Words of a dimension whose values are people (a customer's name). */
const PEOPLE_WORDS = new Set([
  'customer',
  'customers',
  'client',
  'clients',
  'buyer',
  'buyers',
  'account',
  'accounts',
]);

/** The row-level number behind a measure ("Order amount" behind "Total amount"), or the cube's only one. */
function numberBehind(
  cube: CatalogCube,
  measure: CatalogMember | undefined,
  tokens: Token[],
): CatalogMember | undefined {
  const numbers = cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'number' && !isIdentifier(m),
  );
  const named = numbers.find((m) => tokens.some((t) => m.titleWords.includes(t.stem) && t.stem !== 'order'));
  if (named) return named;
  const shared = measure
    ? numbers.find((m) => m.titleWords.some((w) => measure.titleWords.includes(w)))
    : undefined;
  if (shared) return shared;
  return numbers.length === 1 && measure?.aggType !== 'count' && measure?.aggType !== 'count_distinct'
    ? numbers[0]
    : undefined;
}

/**
 * "what % of all orders were placed by customers with 60+ orders": a share of the rows themselves (their count
 * summed over the entities meeting the condition), named right after the share word; not of the entities.
 */
function shareOfRows(tokens: Token[], ratioAt: number, cube: CatalogCube): { total?: CatalogMember } {
  if (ratioAt < 0 || tokens[ratioAt + 1]?.raw !== 'of') return {};
  let k = ratioAt + 2;
  // ("what share of all 2023 orders did they place": a year said before the rows is the period's.)
  while (
    ['all', 'the', 'our', 'total'].includes(tokens[k]?.raw ?? '') ||
    /^(?:19|20)\d\d$/.test(tokens[k]?.raw ?? '')
  )
    k++;
  const noun = tokens[k];
  const count = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  const rowNoun = count?.titleWords.at(-1);
  if (noun && count && rowNoun && noun.stem === rowNoun && noun.raw !== noun.stem) return { total: count };
  // ("what share of revenue comes from customers with lifetime spend over $32,000": the share of the sum the
  // condition is on, not of the customers; read as theirs, it was the share of customers, confidently wrong.)
  const sum = cube.members.find(
    (m) =>
      m.kind === 'measure' &&
      m.aggType === 'sum' &&
      noun !== undefined &&
      [...m.titleWords, ...m.otherWords, ...m.names].includes(noun.stem),
  );
  return sum ? { total: sum } : {};
}

/** The first entity dimension named at a word that passes `at`, even if a measure took the word. */
function entityWhere(
  tokens: Token[],
  cube: CatalogCube,
  at: (i: number) => boolean,
): { member: CatalogMember; at: number } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const member = t && at(i) ? entityNamed(cube, t.stem) : undefined;
    if (member) return { member, at: i };
  }
  return undefined;
}

/**
 * Whether a value is said as events ("cancellations", "returns" read as cancelled, returned): its rows are what is
 * counted when no measure is named.
 */
export const valueEvents = (tokens: readonly Token[]) =>
  tokens.some(
    (t) => t.value === true && t.asked !== undefined && t.asked !== t.raw && /(?:ions|s)$/.test(t.asked),
  );

export function resolveSecondOrder(input: SecondOrderInput): SecondOrder {
  const { tokens, cube } = input;
  let { measures, dimensions, grain, top, share, compare } = input;
  const fields: SecondOrder['fields'] = {};
  const unresolved: string[] = [];
  const timeDimension = input.started;
  let range: Period | undefined;

  if (input.condition) {
    // "revenue from customers with more than 60 orders": a measure named besides the condition is totalled.
    const conditioned = [input.condition, ...(input.condition.and ?? [])].map((c) => c.measure);
    // "avg number of orders for customers who spent over $30k": each one's own figure, averaged over them
    // (entity-averages.ts).
    const averagedOf =
      !input.condition.rank && ['list', 'count', 'total'].includes(input.condition.output)
        ? averagedFigure(tokens, cube)
        : undefined;
    if (averagedOf) {
      for (const t of averagedOf.words) t.used = true;
      measures = [averagedOf.measure];
      const rowValue = rowValueSaid(tokens, cube, input.condition.entity);
      if (rowValue)
        unresolved.push(
          `whether "${rowValue}" narrows the figure averaged or only who counts (ask for one of them)`,
        );
    }
    const named = measures.find((m) => additive(m) && !conditioned.includes(m));
    // ("what share of revenue came from repeat customers": the share of that measure, not of the customers.)
    fields.having = averagedOf
      ? { ...input.condition, output: 'total', total: averagedOf.measure, averaged: true }
      : named && input.condition.output === 'list'
        ? { ...input.condition, output: 'total', total: named }
        : named && input.condition.output === 'share' && !input.condition.rank
          ? { ...input.condition, total: named }
          : input.condition.output === 'share' && !input.condition.rank && !input.condition.rows
            ? { ...input.condition, ...shareOfRows(tokens, input.ratioAt, cube) }
            : input.condition;
    // "the average order value of the customer with the most orders": a figure that does not add up over the
    // people ranked first is not read (ranked-within.ts).
    if (
      input.condition.rank &&
      fields.having.output !== 'total' &&
      measures.some((m) => !conditioned.includes(m))
    )
      unresolved.push('a figure of those ranked first other than their total');
    // "the average order value for customers with over 60 orders": an average of their rows is not a list of
    // them (it was dropped, and the customers listed: confidently wrong); not read, so refused.
    // (Only an average said so: "show the amount for each" is each one's own figure, listed.)
    // ("among customers with 10+ orders in 2025, what was their average order value": one average over their rows,
    // with no breakdown or value that could narrow either the rows or who counts.)
    const averageOfRows =
      !named && !input.condition.rank && !averagedOf
        ? measures.find((m) => !conditioned.includes(m) && m.aggType === 'avg')
        : undefined;
    const plainRows =
      dimensions.every((d) => d === input.condition?.entity) &&
      (input.valuesNamed ?? 0) === 0 &&
      !input.condition.spread &&
      !input.condition.rows &&
      !input.condition.grain;
    if (
      averageOfRows &&
      plainRows &&
      ['list', 'count', 'total'].includes(input.condition.output) &&
      tokens.some((t) => ['average', 'avg', 'mean', 'aov'].includes(t.raw))
    )
      fields.having = { ...input.condition, output: 'total', total: averageOfRows, overRows: true };
    else if (
      !named &&
      !input.condition.rank &&
      tokens.some((t) => ['average', 'avg', 'mean', 'aov', 'typical'].includes(t.raw)) &&
      measures.some((m) => !conditioned.includes(m) && m.aggType === 'avg')
    )
      unresolved.push('an average over the rows of only the entities meeting a condition');
    // ("customers in the west with fewer than 3 returned orders": the values narrow the rows counted, so those with
    // none of them would drop out of "fewer than"; the reader of conditions on each one's rows counts them as 0, this
    // reading cannot tell the values of the rows from those of the people, so it does not answer.)
    // ("between 2 and 4 cancelled orders": a lower bound of one or more beside it leaves out those with none as
    // asked.)
    const condition = input.condition;
    const atLeastOne = (condition.and ?? []).some(
      (c) =>
        c.measure === condition.measure &&
        ((c.op === '>=' && c.value >= 1) || (c.op === '>' && c.value >= 0)),
    );
    const upTo =
      (['<', '<='].includes(condition.op) && !atLeastOne) || (condition.op === '=' && condition.value === 0);
    if (
      upTo &&
      input.condition.measure.aggType === 'count' &&
      (input.valuesNamed ?? 0) > 0 &&
      !input.condition.rows &&
      !input.condition.spread &&
      !input.condition.grain
    )
      unresolved.push(
        'an upper bound on a count of the rows of a kind (those with none of them would be left out)',
      );
    measures = [input.condition.measure];
    dimensions = dimensions.filter(
      (d) => d !== input.condition?.entity && d !== input.condition?.spread?.member,
    );
    // "customers with 60+ orders, by segment": a breakdown of the entities is how many in each, not a list.
    const brokenDown = input.dimensionsFound.some(
      (d) => dimensions.includes(d.member) && ['by', 'per'].includes(tokens[d.at - 1]?.raw ?? ''),
    );
    const listed = tokens.some((t) => ['list', 'which', 'who', 'name', 'names', 'show'].includes(t.raw));
    if (fields.having.output === 'list' && brokenDown && !listed)
      fields.having = { ...fields.having, output: 'count' };
    share = undefined;
  }
  if (input.firstEntity) {
    const asked = outputAsked(tokens, input.firstEntity.at).output;
    // "avg order value in 2025 for customers whose first order was in Jan 2023": an average (or extreme) named
    // is of the cohort's rows as a total is (one MEASURE over them), not replaced by the total.
    const averaged = measures.find((m) => ['avg', 'min', 'max'].includes(m.aggType ?? ''));
    const laterShare =
      input.firstLater !== undefined && SHARE_WORDS.has(tokens[input.ratioAt]?.raw ?? '') && !share?.part;
    if (laterShare) share = undefined;
    const totalled = input.firstTotal?.measure ?? averaged ?? measures.find(additive) ?? sumOf(cube);
    fields.first =
      input.firstTotal && totalled
        ? {
            entity: input.firstEntity.member,
            output: 'total',
            range: input.firstTotal.range,
            total: totalled,
          }
        : {
            entity: input.firstEntity.member,
            // "what % of them also ordered in December 2025": the share of the cohort with later rows.
            output: laterShare ? 'share' : asked === 'list' || input.firstRank ? 'list' : 'count',
            ...(input.firstLater ? { later: input.firstLater } : {}),
            ...(input.firstRank && !laterShare ? { rank: input.firstRank } : {}),
          };
    if (fields.first.total) measures = [fields.first.total];
    // ("among customers who first ordered in Jan 2023, what's the median 2024 spend?": a percentile of each
    // customer's figure over a cohort is no query built here; the cohort's total in its place dropped the median.)
    if (input.percentile !== undefined && fields.first.output === 'total')
      unresolved.push("a percentile of each first-order cohort customer's figure");
    claimCohortPointer(tokens);
    dimensions = dimensions.filter((d) => d !== input.firstEntity?.member);
  }

  // "Q3 2025 versus Q3 2024 as a %": two periods set side by side and a percent of nothing else is their change.
  const ratioWord = tokens[input.ratioAt]?.raw ?? '';
  const pairPercent =
    !input.change &&
    compare?.length === 2 &&
    ['percent', 'percentage', 'pct'].includes(ratioWord) &&
    !share?.part &&
    !share?.top &&
    !input.condition &&
    !input.firstEntity &&
    input.percentile === undefined;
  const change: SecondOrderInput['change'] =
    input.change ?? (pairPercent ? { down: false, rank: 'percent' } : undefined);
  if (change && !fields.having) {
    // "which region grew fastest": growth of money unless a measure is named.
    if (measures.length === 0) {
      const rows = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
      // ("how did the return rate change": a rate of rows, as the rate alone is, not of money.)
      // ("how did cancellations trend in 2025": a value said as events, counted.)
      const ofRows =
        change.counted || (share !== undefined && !share.top && input.ratioAt >= 0) || valueEvents(tokens);
      const sum = ofRows ? rows : sumOf(cube);
      if (sum) measures = [sum];
    }
    // "MoM % change for Oct, Nov and Dec 2025": the named months back to back, each against the one before.
    const span = spanOfUnits(compare, change.grain, tokens);
    if (span && change.grain) {
      range = span;
      compare = undefined;
      grain = change.grain;
    }
    if (!grain && (!compare || compare.length < 2)) {
      // No periods: the last two complete years before today.
      const year = Number(input.today.slice(0, 4));
      // One period: its growth over the period of the same kind before it ("grew in Q2 2025": Q1 to Q2), or, said
      // as the base ("grew vs 2024"), into the one after it; a period so far against the same dates a year earlier.
      // (The named period was once dropped for the last two years: confidently wrong.)
      const only = compare?.[0] ?? input.range;
      // ("which region grew fastest over the last 3 years of data": the first of the data's own years against
      // its last, data-span-growth.ts; a span of the data in other units stays unread.)
      const ends = only && firstAndLast(only);
      if (only?.ofData && !ends)
        unresolved.push(`which periods "${only.label.replace(/\s*\(.*\)$/, '')} of the data" compares`);
      const base = only !== undefined && saidAsBase(tokens, only);
      const beside = only && (base ? periodBeside(only, 1) : periodBefore(only));
      compare = ends
        ? ends
        : only && beside
          ? base
            ? [only, beside]
            : [beside, only]
          : [yearPeriod(year - 2), yearPeriod(year - 1)].map((p) => ({ ...p, assumed: true as const }));
    }
    // "worst decline": the worst of a fall is its most negative change, as "steepest" or "biggest" is.
    const worst = tokens.some((t) => ['worst', 'poorest'].includes(t.raw));
    // "Which categories declined?" (no ranking word): the ones that fell, not all of them.
    // ("what was the % change for each" asks for a figure, not which ones: no filter to those that grew.)
    const which =
      tokens.some(
        (t, i) =>
          t.raw === 'which' ||
          (t.raw === 'what' &&
            // ("up or down, and by what %?": the size of each change asked, not which ones rose.)
            tokens[i - 1]?.raw !== 'by' &&
            !['was', 'is', 'were', 'are', 's', 'the', 'did', 'does'].includes(tokens[i + 1]?.raw ?? '')),
      ) ||
      // ("list the regions where avg order value went up in 2025": the ones that did, as "which regions".)
      (['list', 'show', 'name', 'give'].includes(tokens[0]?.raw ?? '') &&
        tokens.some((t) => ['where', 'whose', 'that'].includes(t.raw)));
    const only = !top && which && dimensions.length > 0 ? (change.down ? 'down' : 'up') : undefined;
    // ("which categories declined in every year": the ones that moved that way in each period; the rows that did,
    // listed, named a category that rose once as one that rose every year: confidently wrong.)
    const everyPeriod =
      only !== undefined &&
      grain !== undefined &&
      tokens.some(
        (t, i) =>
          ['every', 'all'].includes(t.raw) &&
          [tokens[i + 1], tokens[i + 2]].some(
            (n, k) => n?.stem === grain && (k === 0 || tokens[i + 1]?.raw === 'single'),
          ),
      );
    // "% change", "percentage-wise": a percent asked beside a change is the change's rate, not a share.
    // "growth rate", "rate of decline": a rate of the change itself.
    const ratio = tokens[input.ratioAt];
    const ofChange = (t: Token | undefined) => t?.used === true && CHANGE_STEMS.test(t.raw);
    const changeRate =
      ratio?.raw === 'rate' &&
      (ofChange(tokens[input.ratioAt - 1]) ||
        (tokens[input.ratioAt + 1]?.raw === 'of' && ofChange(tokens[input.ratioAt + 2])));
    // ("percentage point change in the return rate": the unit of a share's change, not a percent change.)
    const percentWord =
      changeRate ||
      (['percent', 'percentage', 'pct'].includes(ratio?.raw ?? '') &&
        !pointsAt(tokens, input.ratioAt) &&
        // ("what % of revenue came from the west in 2024 and 2025, and the change": a share, "% of" it.)
        // ("percent of which category's sales shrank the most", the rephrasing of "in percentage terms": no share.)
        !(
          tokens[input.ratioAt + 1]?.raw === 'of' &&
          !['which', 'what', 'how', 'who'].includes(tokens[input.ratioAt + 2]?.raw ?? '') &&
          share !== undefined &&
          !share.top
        ));
    // "in relative terms", "relatively": the change as a percent; "both numbers": stated anyway (periods.ts).
    const relative = claimChangeWording(tokens);
    const rank = percentWord || relative ? 'percent' : change.rank;
    // (A value read as the share's part is a filter again: "% change for 2025 in the north".) A change of a
    // share or rate ("how did the return rate change") is no change of the measure: left unresolved below.
    // "how did the return rate change from 2024 to 2025": each period's share and the change in percentage
    // points (share-change.ts); other changes of a share are no change of the measure: left unresolved.
    const ofShare =
      input.ratioAt >= 0 &&
      !percentWord &&
      share !== undefined &&
      shareChangeable({ share, compare, dimensions, grain });
    if (percentWord && share && !share.top) share = undefined;
    if (ofShare) claimPoints(tokens);
    if (input.ratioAt >= 0 && !percentWord && !ofShare)
      unresolved.push(`change of a ${tokens[input.ratioAt]?.raw ?? 'share'}`);
    fields.change = {
      rank: ofShare ? 'absolute' : rank,
      ...(only && !change.magnitude ? { only } : {}),
      ...(everyPeriod && !change.magnitude ? { every: true as const } : {}),
      ...(change.magnitude ? { magnitude: true as const } : {}),
      ...(change.times ? { times: true as const } : {}),
      ...(change.cagr ? { cagr: true as const } : {}),
    };
    if (top && change.down) top = { ...top, direction: worst || top.direction === 'desc' ? 'asc' : 'desc' };
  }

  if (input.percentile !== undefined || input.average) {
    const measure = measures[0];
    // "per customer", and "(the median number of orders) a customer placed": one figure per entity.
    // "the median customer's total spend", "a typical enterprise customer places": the statistic's word before
    // the entity (values of the model between, which filter it), a verb or a total of its own after.
    const valueWords = valueWordsOf(cube);
    // ("the median customer in my region spend", "a customer in the west places": the scope read, the verb after.)
    const afterScope = (i: number) => {
      if (tokens[i + 1]?.raw !== 'in') return i + 1;
      // ("in my region", "in our area": the asker's own ground, read by own-ground.ts.)
      if (['my', 'our'].includes(tokens[i + 2]?.raw ?? '')) return i + 4;
      let j = i + 2;
      while (j < i + 5 && (tokens[j]?.used || ['my', 'our', 'the'].includes(tokens[j]?.raw ?? ''))) j++;
      return j > i + 2 ? j : i + 1;
    };
    const perToken = (i: number) => {
      if (['per', 'each', 'every'].includes(tokens[i - 1]?.raw ?? '')) return true;
      let k = i - 1;
      while (k > i - 3 && valueWords.has(tokens[k]?.stem ?? '')) k--;
      const lead = tokens[k]?.raw ?? '';
      const next = tokens[afterScope(i)]?.raw ?? '';
      // ("how many regions does a customer order in": after "does", "order" is what the entity does.)
      if (['a', 'an', 'one'].includes(lead))
        return (
          ENTITY_VERBS.has(next) ||
          (next === 'order' && ['does', 'do', 'did'].includes(tokens[k - 1]?.raw ?? ''))
        );
      return STAT_WORDS.has(lead) && (ENTITY_VERBS.has(next) || MONEY_WORDS.has(next) || next === 'total');
    };
    // ("90th percentile customer spend", "the median customer by total spend": the entity's own total, named by a
    // money word right after it, is the figure per entity; every order's amount in its place was confidently wrong.)
    const spent = (i: number) => {
      const next = tokens[i + 1]?.raw ?? '';
      const then = tokens[i + 2]?.raw ?? '';
      const own = (w: string) => MONEY_WORDS.has(w) || w === 'total';
      return own(next) || (next === 'by' && own(then));
    };
    // "(orders) a customer placed": the entity named by the acting word; "the median customer's total spend":
    // the entity a statistic's word qualifies.
    const acting = (i: number) => perToken(i) && ENTITY_VERBS.has(tokens[afterScope(i)]?.raw ?? '');
    const stated = (i: number) =>
      tokens.slice(Math.max(0, i - 3), i).some((w) => STAT_WORDS.has(w.raw)) && perToken(i);
    // "for each region, average orders per month": "per" names the unit averaged over, "each" of a dimension with
    // listed values the breakdown (a region's months averaged; each month's regions averaged was confidently wrong).
    // ("average monthly revenue for each category": the same.)
    const unitAt = grain === undefined ? -1 : grainAt(tokens, grain);
    const perUnit =
      unitAt >= 0 &&
      (['per', 'a', 'an'].includes(tokens[unitAt - 1]?.raw ?? '') ||
        /ly$|annual/.test(tokens[unitAt]?.raw ?? ''));
    // ("how much did each region spend per month, on average": a dimension with listed values after "each" is the
    // breakdown whatever verb follows it, the unit the one averaged over; the regions averaged in each month were
    // confidently wrong.)
    const byEach = (i: number) => {
      const member = entityNamed(cube, tokens[i]?.stem ?? '');
      return (
        perUnit &&
        !!member &&
        member.values.length > 0 &&
        ['each', 'every'].includes(tokens[i - 1]?.raw ?? '')
      );
    };
    const actingOne = (i: number) => acting(i) && !byEach(i);
    const spentOne = (i: number) => spent(i) && !byEach(i);
    // ("average lifetime spend per segment": a lifetime is a customer's, each averaged per segment.)
    const perEntity =
      (input.lifetime ? { member: input.lifetime, at: -1 } : undefined) ??
      // ("for each segment, the median 2025 spend per customer": the entity after "per" is what the figure is of, the
      // one after "each" the breakdown; the segment taken for the entity was one row per customer, confidently wrong.)
      perNamed(
        input.dimensionsFound.filter(
          // ("median monthly revenue per region": each region's months, as "by region" reads; the median of the
          // regions in each month answered another question. An average keeps its reading.)
          (d) =>
            perToken(d.at) &&
            !(perUnit && d.member.values.length > 0 && (tokens[d.at - 1]?.raw !== 'per' || !input.average)),
        ),
        tokens,
        cube,
      ) ??
      // (Only of a count or total named: "the median order amount a customer placed" is of the rows.)
      (measure && (additive(measure) || measure.aggType === 'count_distinct')
        ? !tokens.some((t) => SIZE_WORDS.has(t.raw) && t.raw !== 'total')
          ? (entityWhere(tokens, cube, actingOne) ??
            entityWhere(tokens, cube, stated) ??
            entityWhere(tokens, cube, spentOne))
          : // ("the median customer's total spend": the statistic names the entity, whatever size word follows.)
            (entityWhere(tokens, cube, stated) ?? entityWhere(tokens, cube, spentOne))
        : undefined);
    const at = grainAt(tokens, grain);
    const grainToken = tokens[at];
    const perPeriod =
      grain !== undefined &&
      grainToken !== undefined &&
      (perToken(at) || grainToken.raw !== grainToken.stem || /ly$|annual/.test(grainToken.raw));
    const more = !input.average && input.percentileMore?.length ? { more: input.percentileMore } : {};
    // "IQR", "p90 minus p10": the gap of exactly two percentiles (any other count is no gap).
    const gap = input.percentileGap && !input.average && input.percentileMore?.length === 1;
    if (input.percentileGap && !gap) unresolved.push('gap between percentiles');
    const percentile: Percentile = {
      p: input.percentile ?? 0.5,
      ...(input.average ? { stat: 'avg' } : {}),
      ...more,
      ...(gap ? { gap: true } : {}),
    };
    const countOnly = !measure || measure.aggType === 'count' || measure.aggType === 'count_distinct';
    // ("median AOV per customer", "the median of each customer's average order value": each entity's own mean,
    // the percentile over the entities; each customer's median order amount answered another question.)
    // (Of people only: "median order value per region" is each region's median order, percentiles of rows.)
    const ownMean =
      measure?.aggType === 'avg' &&
      perEntity !== undefined &&
      [...perEntity.member.titleWords, ...perEntity.member.otherWords].some((w) => PEOPLE_WORDS.has(w));
    // ("for each region, the median amount of a returned order": a row's size asked per group, not the group's
    // count of rows; read as the median number of orders per region it was confidently wrong.)
    const people = (m: CatalogMember) => [...m.titleWords, ...m.otherWords].some((w) => PEOPLE_WORDS.has(w));
    const rowSizePerGroup =
      countOnly &&
      perEntity !== undefined &&
      !people(perEntity.member) &&
      tokens.some((t) => SIZE_WORDS.has(t.raw) && t.raw !== 'total');
    if (perEntity && !rowSizePerGroup && (additive(measure) || countOnly || ownMean)) {
      percentile.per = perEntity.member;
      dimensions = dimensions.filter((d) => d !== perEntity.member);
      // A count of the very entities per entity is 1 each ("number of customers per customer"): the rows'.
      const keys = [...dimensionKeys(perEntity.member).single, ...dimensionKeys(perEntity.member).derived];
      const selfCount =
        measure?.aggType === 'count_distinct' && measure.titleWords.some((w) => keys.includes(w));
      // ("the median customer's total spend": the money word left over names the total per entity.)
      const spend = tokens.filter((t) => !t.used && MONEY_WORDS.has(t.raw));
      const sum = sumOf(cube);
      if ((!measure || selfCount) && spend.length > 0 && sum) {
        measures = [sum];
        for (const t of spend) t.used = true;
        const total = tokens[tokens.indexOf(spend[0] as Token) - 1];
        if (total?.raw === 'total' && !total.used) total.used = true;
      } else if (!measure || selfCount)
        measures = cube.members.filter((m) => m.kind === 'measure' && m.aggType === 'count').slice(0, 1);
      // ("the 90th percentile of each customer's total", "median customer total": the rows of the entities' own table
      // counted per entity are 1 each; a figure of no question, answered confidently.)
      const rows = measures[0];
      if (
        input.percentile !== undefined &&
        rows?.aggType === 'count' &&
        rows.titleWords.some((w) => keys.includes(w))
      )
        unresolved.push("a count of each one's own row");
      // "avg number of categories per customer": how many distinct values each entity's rows hold, averaged (the
      // dimension's word was dropped for the number of rows: confidently wrong).
      const counted = countOnly ? distinctCounted(tokens, cube, perEntity.member) : undefined;
      if (counted) {
        percentile.distinct = counted;
        dimensions = dimensions.filter((d) => d !== counted);
      }
      // ("customers per segment and their average lifetime spend": how many of them too, the second ask.)
      if (input.average && dimensions.length > 0 && countAskedBeside(tokens, perEntity.member))
        percentile.withCount = true;
    } else if (perPeriod && (additive(measure) || countOnly)) {
      // Per period: the grain is what the percentile runs over, not a breakdown.
    } else {
      // "25th percentile order size": the size of a row, whatever measure its noun named.
      // ("median grocery order": one row's size, percentiles.ts.)
      const sized =
        tokens.some((t) => SIZE_WORDS.has(t.raw) || t.raw === 'spend' || t.raw === 'total') ||
        percentileOfRow(tokens, cube);
      const of =
        countOnly && measure && !sized ? undefined : numberBehind(cube, sized ? undefined : measure, tokens);
      if (of && !input.average) {
        percentile.of = of;
        // "the median and the average order size": the mean beside it; "how far apart": the gap between them.
        if (!input.percentileMore?.length && claimMeanBeside(tokens)) {
          percentile.mean = true;
          const unread = unresolved.indexOf('gap between percentiles');
          if (unread >= 0) {
            percentile.gap = true;
            if (input.meanFirst) percentile.signed = input.meanFirst;
            unresolved.splice(unread, 1);
          }
        }
        // "the lowest p90 order amount by category": the number the percentile is of is no breakdown too.
        dimensions = dimensions.filter((d) => d !== of);
      } else unresolved.push(input.average ? 'average' : 'median');
    }
    if (!unresolved.includes('median') && !unresolved.includes('average')) fields.percentile = percentile;
    // ("revenue per customer vs order count per customer by segment": one statistic of one figure per entity is
    // built; the second figure left out was confidently wrong.)
    const figures = new Set(
      measures.filter((m) => m.aggType !== 'count_distinct' || !percentile.per || m === measures[0]),
    );
    if (percentile.per && figures.size > 1)
      unresolved.push('two figures per entity at once (ask for each on its own)');
  }

  // "our 3 best months of 2025: what share of the year did they bring in": periods ranked, no breakdown.
  const periodsRanked =
    dimensions.length === 0 && grain !== undefined && !fields.change && !fields.percentile;
  // ("which category's share of revenue grew the most": the change of each share ranked, share-change.ts.) The
  // change of the top rows' combined share ("how did the top 10 customers' share change") is no query built here:
  // each customer's own change ranked would answer another question.
  const shareChanged =
    fields.change !== undefined && compare?.length === 2 && share !== undefined && !share.top;
  if (shareChanged && top && tokens.some((t) => t.raw === 'top' || t.raw === 'bottom'))
    unresolved.push("change of the top rows' share");
  // ("what share of 2025 orders were under $100, and what share of revenue?": two shares of different figures asked
  // at once; one of them answered alone left the other out: confidently wrong.)
  // ("enterprise share of orders vs enterprise share of revenue", "what share of 2025 orders were under $100, and
  // what share of revenue?": one part's share of each figure, side by side; the rows as one part only. Anything
  // more (a breakdown, periods, a top) is refused: one of the shares answered alone left the other out.)
  if ((share || input.ratioAt >= 0) && sharesOfTwoFigures(tokens)) {
    const both = twoFigures(tokens, cube);
    const plain =
      (share?.part || share?.rows) && !share?.top && dimensions.length === 0 && !grain && !compare;
    if (both?.[0] && both[1] && share && plain) {
      measures = [both[0]];
      share = { ...share, second: both[1] };
    } else unresolved.push('two shares of different figures asked at once');
  }
  if (share && top && top.n > 0 && !shareChanged && ((dimensions.length === 1 && !grain) || periodsRanked)) {
    // "share of revenue from the top 10 customers": one combined figure when the ranking follows the share.
    // "top 5 categories by share of revenue" lists each one's share instead.
    const byShare = tokens[input.ratioAt - 1]?.raw === 'by';
    // "the top 3 categories and each one's share", "their shares", "each of the top 3": one share per row.
    const asked = tokens.map((t) => t.raw).join(' ');
    const each = /\b(?:each|apiece|individually|respectively|shares)\b/.test(asked);
    if (each && /\b(?:together|combined|altogether|collectively|jointly|between them)\b/.test(asked))
      unresolved.push('each share and their combined share');
    if (!byShare && !each && !share.part && !share.rows) {
      // ("which 2 regions together made up the most of 2025 revenue, and what % was that": the rows named, each
      // with its figure, beside their combined share.)
      // ("... together? And which regions are they?", "- name them too": the rows asked for by name as well.)
      const namesAsked =
        /\b(?:which|what)\s+(?:[a-z0-9]+\s+)?(?:are|were)\s+(?:they|those|these|them)\b|\b(?:name|list)\s+(?:them|those|these)\b|\bwho\s+(?:are|were)\s+they\b/.exec(
          asked,
        );
      // (Its words are read: "which two are they" names the rows counted, nothing the model lacks.)
      if (namesAsked) {
        const from = asked.slice(0, namesAsked.index).split(' ').filter(Boolean).length;
        for (const t of tokens.slice(from, from + namesAsked[0].split(' ').length)) t.used = true;
      }
      // ("what were my top 3 categories in 2025 and their share ...": the rows asked for by name too.)
      const named =
        (/^(?:which\b|what\s+(?:are|were)\b)/.test(asked) || namesAsked) && top.n > 1 && !top.percent;
      // "how many orders did the top 5% of customers by spend place", "share of revenue from the top 10% by
      // orders": the rows ranked by the measure named after "by", another measure summed over them (was the
      // ranking measure's own share, the other left out: confidently wrong).
      const other = measures.length === 2 && input.rankedOn === measures[0] ? measures[1] : undefined;
      if (measures.length > 1 && !other) unresolved.push('which measure the top rows are ranked by');
      share = {
        top,
        ...(other ? { sumOf: other } : {}),
        ...(share.wholeWithout ? { wholeWithout: share.wholeWithout } : {}),
        ...(named ? { total: true as const } : {}),
      };
      top = undefined;
    }
  }

  // "what did the top 20 customers spend in total", "the top 5 categories' revenue combined": the one sum of the
  // top rows (their combined share beside it), not a list whose rows the asker would add up.
  // ("... and how much did that add up to", "what do they sum to": the same one sum.)
  const together =
    /\b(?:together|combined|altogether|in total|in all|all together|total of|total to|adds? up|added up|sums? to|summed|between them)\b/.test(
      tokens.map((t) => t.raw).join(' '),
    );
  if (
    !share &&
    together &&
    top &&
    top.n > 1 &&
    !top.percent &&
    // ("top 3 regions, and how many orders in total that quarter": the total of everything, top-total.ts.)
    !top.withTotal &&
    // ("our 3 best months together": periods ranked, their one sum.)
    ((dimensions.length === 1 && !grain) || periodsRanked) &&
    !fields.change &&
    !fields.percentile &&
    measures.length === 1 &&
    additive(measures[0])
  ) {
    share = { top, total: true };
    top = undefined;
  }

  // A share asked for and not built ("what share of customers ..." with nothing to divide) changes the question.
  const shareBuilt =
    share ||
    fields.perGroup?.share ||
    fields.having?.output === 'share' ||
    fields.first?.output === 'share' ||
    fields.change ||
    fields.percentile;
  if (input.ratioAt >= 0 && !shareBuilt) unresolved.push(tokens[input.ratioAt]?.raw ?? 'share');

  // A top fraction ("the top 10% of customers") is read for a combined share only.
  if (top?.percent) unresolved.push(`top ${top.n} percent`);

  /** The breakdowns and grain a ranking within each group is read against (rates-within.ts, top-per-group.ts). */
  const groupsAsked = () => ({
    tokens,
    dimensions,
    dimensionsFound: input.dimensionsFound,
    ...(grain ? { grain } : {}),
  });
  // "the top category per region by orders, and its share of that region": each group's top row with its share of
  // the group (or of all, "... of all orders"), not the one largest pair's share of everything.
  if (
    share &&
    !share.part &&
    !share.rows &&
    !share.top &&
    !share.wholeWithout &&
    top &&
    top.n > 0 &&
    !top.nth &&
    !fields.change &&
    !fields.percentile &&
    measures.length === 1 &&
    additive(measures[0]) &&
    dimensions.length + (grain ? 1 : 0) >= 2
  ) {
    const read = readPerGroup(groupsAsked());
    if (read && !read.perGroup.both) {
      const after = tokens.slice(Math.max(0, input.ratioAt)).map((t) => t.raw);
      const ofAll = after.some((w) =>
        ['all', 'total', 'overall', 'whole', 'everything', 'company'].includes(w),
      );
      fields.perGroup = { ...read.perGroup, share: ofAll ? 'all' : 'group' };
      if (read.grain) grain = read.grain;
      share = undefined;
    }
  }
  // "for each segment, which category had the lowest return rate", "which category had the highest return rate in
  // each year": a rate ranked within each group (rates-within.ts), read only when both roles come clear; else
  // refused (the one lowest row of all in its place was confidently wrong).
  if (
    share &&
    !share.top &&
    top &&
    top.n >= 0 &&
    !fields.perGroup &&
    !fields.change &&
    dimensions.length + (grain ? 1 : 0) >= 2 &&
    tokens.some((t) => GROUP_EACH.has(t.raw))
  ) {
    const read = rateWithin(share, top, groupsAsked());
    if (read) {
      fields.perGroup = read.perGroup;
      if (read.grain) grain = read.grain;
    } else unresolved.push('a rate ranked within each group');
  }
  // "each segment's most ordered category": a ranking after its group, kept only as a per-group one.
  const groupRank =
    !top && !fields.change && !share ? findGroupRank(tokens, input.dimensionsFound) : undefined;
  // ("for each year, rank the regions by revenue": every row ranked, n = 0, within each group named after each/per.)
  const eachRanked = top?.n === 0 && !top.span && tokens.some((t) => GROUP_EACH.has(t.raw));
  if (!fields.perGroup && ((top && (top.n > 0 || eachRanked) && !fields.change && !share) || groupRank)) {
    // The top row of one breakdown within each value of another (top-per-group.ts).
    const read = readPerGroup(groupsAsked());
    if (read) {
      fields.perGroup = read.perGroup;
      // ("which customers were in the top 50 by spend in both 2024 and 2025": only those in every group's top N,
      // top-in-every.ts.)
      if (read.perGroup.item && !read.perGroup.both && inEveryGroup(tokens))
        fields.perGroup = { ...read.perGroup, inEvery: true };
      if (read.grain) grain = read.grain;
      if (groupRank) {
        groupRank.superlative.used = true;
        top = { n: groupRank.n, direction: groupRank.direction };
      }
    }
  }
  // ("how many customers were among the top 100 spenders in both 2024 and 2025": a top N in every group not read as
  // the items of each group's ranking is refused; its figure was of another question.)
  if (top && !fields.perGroup?.inEvery && inEveryGroup(tokens))
    unresolved.push('the ones in the top in every group');
  // ("median order amount of customers with more than 50 orders": a percentile over the entities a condition keeps
  // is no query built here; the entities listed or totalled in its place dropped the percentile: confidently wrong.)
  if (input.percentile !== undefined && fields.having)
    unresolved.push('a percentile over the ones a condition keeps');
  // ("how many customers spent over the median": the percentile as a bar to count against is no query built here;
  // the percentile alone in its place answered another question.)
  const words = tokens.map((t) => t.raw).join(' ');
  if (
    input.percentile !== undefined &&
    /\b(?:over|above|below|under|than|exceeds?|beats?)\s+(?:the\s+|our\s+)?(?:median|p\d{1,2}|\d{1,2}\s*(?:st|nd|rd|th)?\s+percentile)\b/.test(
      words,
    )
  )
    unresolved.push('a count against a percentile');
  // ("p90 of each customer's cancel rate": a percentile of a rate per entity is no query built here; the order count
  // per customer in its place was confidently wrong.)
  if (input.percentile !== undefined && tokens.some((t) => RATE_WORDS.has(t.raw)))
    unresolved.push('a percentile of a rate');
  // ("the 90th percentile of each customer's largest order": a percentile of each one's largest or smallest row is
  // read only when the entity plainly owns the row, below; otherwise refused: the count of orders, or every row's
  // amount, in its place was confidently wrong.)
  const extremeRow =
    /\b(?:largest|biggest|smallest|highest|lowest|max(?:imum)?|min(?:imum)?)\s+(?:single\s+)?(?:order|purchase)/.test(
      words,
    );
  // ("take every customer's biggest order, then the p90 of those": each one's largest row, then the percentile of
  // them, when the entity plainly owns the row: entity-extremes.ts.)
  const owned =
    input.percentile !== undefined && !input.average && extremeRow
      ? readEntityExtreme(tokens, cube)
      : undefined;
  const rowNumber = owned ? numberBehind(cube, undefined, tokens) : undefined;
  if (owned && rowNumber && !fields.change && !compare?.length && !input.percentileGap) {
    fields.percentile = {
      p: input.percentile ?? 0.5,
      ...(input.percentileMore?.length ? { more: input.percentileMore } : {}),
      per: owned.entity,
      of: rowNumber,
      extreme: owned.extreme,
    };
    dimensions = dimensions.filter((d) => d !== owned.entity && d !== rowNumber);
    // (The extreme's word is no ranking of the groups unless another superlative asks one.)
    if (top && tokens.filter((t) => RANK_WORDS.test(t.raw)).length < 2) top = undefined;
    for (const word of ['median', 'average']) {
      const at = unresolved.indexOf(word);
      if (at >= 0) unresolved.splice(at, 1);
    }
  } else if ((fields.percentile || input.percentile !== undefined) && extremeRow)
    unresolved.push("a percentile of each one's largest or smallest row");
  // A ranking of two breakdowns, one named after each/every/per, not read per group ("for every segment, the
  // category ..." whose roles did not both come clear): one ranked row of all pairs would answer another question.
  // (All pairs ranked, n = 0, answer it no better: "in each sales region, which segment spent the most".)
  if (
    top &&
    !top.span &&
    !fields.perGroup &&
    !fields.change &&
    !share &&
    eachGroupUnread(tokens, { dimensions, dimensionsFound: input.dimensionsFound }, grain)
  )
    unresolved.push('each group');
  // "median order value in Q4 2025 vs Q4 2024": one figure per compared period (sql-second.ts); beside a
  // breakdown by time, one percentile of both periods' rows together would answer neither, so it is refused.
  // (Periods of different lengths, "H1 2022 vs 2024", are two dates read as one: refused too.)
  const days = (p: Period) => daysBetween(p.from, p.to);
  // ("the median order this year compared with last year": periods said against today, a year so far beside a whole
  // one, as an average of rows compares them.)
  const unlike =
    compare?.some((p) => Math.abs(days(p) - days(compare?.[0] ?? p)) > 3) &&
    !compare.every((p) => p.relative);
  // ("avg monthly revenue in 2024 vs 2025", "median monthly revenue, 2024 vs 2025": the statistic of each period's
  // own months, one row per period.)
  const ofBuckets =
    fields.percentile !== undefined &&
    !fields.percentile.of &&
    !fields.percentile.per &&
    (grain === 'month' ||
      grain === 'quarter' ||
      grain === 'week' ||
      // ("revenue per day in December vs November 2025": each month's mean per calendar day, day-means.ts.)
      (grain === 'day' &&
        fields.percentile.stat === 'avg' &&
        !fields.percentile.distinct &&
        compare?.every((p) => ended(p, input.today)) === true));
  if (fields.percentile && compare && compare.length > 1 && ((grain && !ofBuckets) || unlike))
    unresolved.push('a percentile in each of two periods');
  // "the second-biggest": one place of a ranking, placed only by a plain, changed or per-group ranking (nth.ts).
  const nth = top?.nth ?? share?.top?.nth;
  if (
    nth &&
    ((share && !fields.perGroup) ||
      fields.having ||
      fields.first ||
      fields.percentile ||
      fields.perGroup?.both ||
      top?.percent)
  )
    unresolved.push('a place in a ranking');
  // "monthly orders ... for each month": the same grain named again (periods.ts).
  claimRepeatedGrain(tokens, grain);
  // "..., counting a customer as new in the month of their first order": a restatement of the first date.
  if (fields.first) claimFirstDefinition(tokens, grain, keysOf(cube));
  // "best and worst month" of no groups: one query does not give both ends (refused rather than half answered).
  if (top && !top.span && bothEnds(tokens) && !fields.perGroup?.both)
    unresolved.push('both ends of a ranking');

  return {
    measures,
    dimensions,
    ...(grain ? { grain } : {}),
    ...(top ? { top } : {}),
    ...(share ? { share } : {}),
    ...(compare ? { compare } : {}),
    ...(range ? { range } : {}),
    ...(timeDimension ? { timeDimension } : {}),
    fields,
    unresolved,
  };
}

/** Words that make the period after them the base of a change ("grew the most vs 2024", "compared with Q2"). */
const BASE_WORDS = new Set(['vs', 'versus', 'against']);

/** Whether the question names `period` as the base a change is measured from ("vs 2024", "compared to Q2 2025"). */
function saidAsBase(tokens: readonly Token[], period: Period): boolean {
  const first = period.label.split(' ')[0]?.toLowerCase() ?? '';
  const at = tokens.findIndex((t) => t.raw === first);
  if (at < 0) return false;
  let k = at - 1;
  if (tokens[k]?.raw === 'the') k--;
  const before = tokens[k]?.raw ?? '';
  return (
    BASE_WORDS.has(before) ||
    (['to', 'with'].includes(before) &&
      ['compared', 'comparing', 'compare'].includes(tokens[k - 1]?.raw ?? ''))
  );
}

/** Words that count the distinct values of the dimension after them ("number of categories", "distinct regions"). */
const DISTINCT_BEFORE = new Set(['distinct', 'different', 'unique']);

/**
 * The dimension (other than the entity) whose distinct values the question counts per entity: "number of
 * categories", "# of distinct regions", "how many different categories", "distinct categories". Claims its word.
 */
function distinctCounted(
  tokens: readonly Token[],
  cube: CatalogCube,
  entity: CatalogMember,
): CatalogMember | undefined {
  for (const [k, t] of tokens.entries()) {
    const member = cube.members.find(
      (m) =>
        m !== entity &&
        m.kind === 'dimension' &&
        m.type === 'string' &&
        !isIdentifier(m) &&
        [...dimensionKeys(m).single, ...dimensionKeys(m).derived].includes(t.stem),
    );
    if (!member || t.raw === t.stem) continue;
    // A word of the title before its head names what the dimension sorts, not its values: "distinct products" are
    // no count of product categories (was answered as one: confidently wrong).
    if (member.titleWords.slice(0, -1).includes(t.stem) && member.titleWords.at(-1) !== t.stem)
      return undefined;
    const one = tokens[k - 1]?.raw ?? '';
    const two = tokens[k - 2]?.raw ?? '';
    const counted =
      DISTINCT_BEFORE.has(one) ||
      (one === 'of' && ['number', 'count', '#', 'no'].includes(two)) ||
      (one === 'many' && two === 'how') ||
      (DISTINCT_BEFORE.has(two) && one !== 'of');
    if (!counted) continue;
    t.used = true;
    const word = tokens[k - 1];
    if (word && DISTINCT_BEFORE.has(word.raw)) word.used = true;
    return member;
  }
  return undefined;
}
