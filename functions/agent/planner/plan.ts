import type { CatalogCube, CatalogMember } from './catalog';
import type { Rounding } from './rounding';
import type { SpelledAmount } from './spelled-amounts';

export const GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Grain = (typeof GRAINS)[number];

/** A span of time: `from` inclusive, `to` exclusive, as YYYY-MM-DD. */
export interface Period {
  label: string;
  from: string;
  to: string;
  /** Read against today's date ("last month"): the label already says which dates. */
  relative?: boolean;
  /** The calendar unit a period so far belongs to ("this month", "year to date": the whole unit is its kind). */
  unit?: 'day' | 'week' | 'month' | 'quarter' | 'year';
  /** "the last 5 quarters in the data": the data's own last units, whatever today is (steps.ts). */
  ofData?: true;
  /** Not named by the asker: a change with no periods reads the last two complete years. */
  assumed?: true;
  /**
   * "the same quarter last year" beside "this quarter": the whole quarter a year back, compared instead when this
   * quarter lies wholly past the data (periods-past.ts).
   */
  whole?: Period;
}

export interface ValueFilter {
  member: CatalogMember;
  values: string[];
  negate: boolean;
}

export interface NumberFilter {
  member: CatalogMember;
  op: '>' | '>=' | '<' | '<=';
  value: number;
  /** Against the average of the same rows in the same scope ("orders above the average order value"), not `value`. */
  vsAverage?: true;
  /** The average's own period in place of the plan's ("2025 orders bigger than the 2024 average order"). */
  averageOf?: Period;
  /** With vsAverage, this quantile of the same rows in place of their average ("above the median order": 0.5). */
  quantile?: number;
  /**
   * With vsAverage, the first this share of the same rows ranked by the member (down for '>', up for '<'; "the top
   * 10% of orders by amount": 0.1), a tie at the cut broken by the row's id, in place of a level.
   */
  rowShare?: number;
  /** Said in the asker's words in place of the number ("between 9am and 5pm": hours of the day, hours.ts). */
  said?: string;
}

/** What a question asks for, resolved onto one cube or view. */
export interface Plan {
  cube: CatalogCube;
  measures: CatalogMember[];
  dimensions: CatalogMember[];
  grain?: Grain;
  timeDimension?: CatalogMember;
  filters: ValueFilter[];
  numberFilters: NumberFilter[];
  range?: Period;
  compare?: Period[];
  /** "the annual run rate from the latest quarter": the one figure times the periods in a year (everyday-asks.ts). */
  runRate?: { factor: number; unit: 'month' | 'quarter' };
  /** "new vs returning customers per quarter": each period's customers split by their first order (everyday-asks.ts). */
  newReturning?: true;
  /** "how many orders per month does an average customer place": one figure, orders / customers / months (customer-rate.ts). */
  customerRate?: 'month' | 'quarter' | 'week' | 'year';
  /** "for each segment, how far apart were the best and worst month by revenue": each group's highest period minus its lowest (group-spread.ts). */
  groupSpread?: true;
  /** "orders in each month above that month's 90th percentile": each period's rows past its own cut, counted (own-period-cut.ts). */
  ownPeriodCut?: { quantile?: number; op: '>' | '<'; unit: string };
  /** "how many customers placed two or more orders on a single day": the (customer, day) pairs with N or more rows (same-day.ts). */
  sameDay?: { n: number; output: 'customers' | 'days' | 'pairs' };
  /** "which categories had more than 20% of monthly revenue in most months of 2024": each group's share per period, held in most (most-periods.ts). */
  mostPeriods?: { unit: 'month' | 'quarter' | 'week'; op: '>' | '>=' | '<'; percent: number; said: string };
  /** "on average, in how many months did a customer spend over $1,000": each customer's months past a bound, averaged (months-over.ts). */
  monthsOver?: {
    unit: 'month' | 'quarter' | 'week' | 'year';
    every?: true;
    figure: 'spend' | 'rows';
    op: '>' | '>=' | '<' | '<=';
    value: number;
  };
  /** Rows of any of these periods, one figure over them all ("orders in Oct, Nov or Dec 2025"): joined-periods.ts. */
  anyOf?: Period[];
  /** n = 0 ranks every row ("which categories sell best"). */
  top?: {
    n: number;
    direction: 'desc' | 'asc';
    /** "the top 10% of customers" */
    percent?: boolean;
    /** "the bottom half of customers": the asker's word for the percent (members.ts). */
    fraction?: string;
    /** "the second-biggest": only the row at this place of the ranking (nth.ts). */
    nth?: number;
    /** The total of every row beside the ranked ones ("top 3 regions and the total for the quarter"). */
    withTotal?: true;
    /** Both ends asked ("the highest, and by how much over the lowest"): every row, the two ends and their gap. */
    span?: true;
    /** With `span` over two values named: the one named first ("between toys and electronics": toys). */
    first?: string;
    /** The rows past the top N as one more row ("top 3 categories and everything else combined"; top-rest.ts). */
    rest?: true;
  };
  /**
   * A share of the total in percent: of the rows matching `part`, or of each group when there is none; with
   * `top`, the one combined share of the top rows ("share of revenue from the top 10 customers").
   */
  share?: {
    part?: ValueFilter;
    top?: { n: number; direction: 'desc' | 'asc'; percent?: boolean; fraction?: string; nth?: number };
    /** The asker's counts of the top rows ("the 2,000 smallest spenders of 20,000"): checked in the answer (share-counts.ts). */
    counted?: { part: number; whole?: number };
    /** How many rows the top share holds was asked beside it ("how many customers is that?"): stated (everyday-asks.ts). */
    countAsked?: true;
    /** The top rows' sum was asked for ("what did the top 20 customers spend in total"): it leads the answer. */
    total?: boolean;
    /**
     * The measure summed over the top rows when it is not the one that ranks them ("how many orders did they place in
     * total?" after the top 3 customers by spend; "how many orders did the top 5% of customers by spend place").
     */
    sumOf?: CatalogMember;
    /**
     * `sumOf` over every row of the top rows' keys, not only the rows that ranked them ("which customer had the most
     * returns?" -> "what's their total spend?": all their orders), top-total.ts.
     */
    allRows?: true;
    /** A second figure the same part is a share of ("enterprise share of orders vs ... of revenue"). */
    second?: CatalogMember;
    /** Filters of the top rows only, not of the whole ("share of revenue from the top 10 enterprise customers"). */
    wholeWithout?: ValueFilter[];
    /**
     * A part that is no value of a dimension (share-parts.ts): rows meeting number conditions ("from orders of
     * $900 or more") or within a part of the period ("how much of 2025's sales came in Q4"), with `part` if any.
     */
    rows?: {
      numbers: NumberFilter[];
      /** The numbers are two ranges that do not meet, either one in the part ("under $50 or over $950"). */
      either?: boolean;
      period?: Period;
      /** A period of another date ("from customers who signed up in H1 2022": the signup date's). */
      started?: { member: CatalogMember; range: Period };
      /** More values of the part ("enterprise customers in the east": the segment and the region). */
      values?: ValueFilter[];
    };
    /** How a value of the part was read, said in the answer ("customers in the east": the orders' region). */
    note?: string;
  };
  /**
   * How many of the biggest entities it takes to reach a share of the total ("what % of customers account for
   * half of revenue"): a running total, largest first (reach.ts).
   */
  reach?: Reach;
  /** A condition on a per-entity aggregate ("customers with more than 60 orders"): HAVING over its groups. */
  having?: EntityCondition;
  /** Entities per count of their rows ("count customers by number of orders"): distributions.ts. */
  distribution?: { entity: CatalogMember };
  /** Period-over-period change of the first measure: over the grain (LAG) or between the two compared periods. */
  change?: {
    rank: 'percent' | 'absolute';
    /** "the biggest swing": ranked by the size of the change either way (its absolute value). */
    magnitude?: true;
    /** "which categories declined": only the rows that moved that way. */
    only?: 'up' | 'down';
    /** "which categories grew in every year": only the rows of the ones that moved that way in every period. */
    every?: true;
    /** "how many times bigger": the later figure over the earlier one stated beside the change (growth-ratio.ts). */
    times?: true;
    /** "the CAGR from 2023 to 2025": the compound annual growth rate between two whole years beside the change (growth-ratio.ts). */
    cagr?: true;
    /** "2025 revenue indexed to 2023 (2023 = 100)": 100 times the later figure over the earlier one beside the change (index-years.ts). */
    index?: true;
    /**
     * "how many months of 2025 had more orders than the month before": the periods that moved the way of `only`
     * counted, out of those compared (period-beats.ts).
     */
    countPeriods?: true;
    /** "each year's growth over the year before": only the periods with one before them (after-first.ts). */
    afterFirst?: true;
  };
  /**
   * The top `top.n` rows of one breakdown within each value of the others ("best month per region"): `item` is
   * that breakdown, the grain when undefined.
   */
  perGroup?: {
    item?: CatalogMember;
    /** The group is the time dimension bucketed by this coarser unit ("the best month of each year"). */
    groupGrain?: Grain;
    /** Both ends of the ranking within each group ("best and worst month per region"). */
    both?: boolean;
    /**
     * Each top row's share beside it ("the top category per region and its share of that region"): of its group's
     * whole, or of everything in the question's filter ("... of all orders").
     */
    share?: 'group' | 'all';
    /**
     * Only the items in the top rows of every group ("in the top 50 in both 2024 and 2025"), top-in-every.ts; counted
     * when asked how many.
     */
    inEvery?: true | 'count';
    /** How often each value came first: the one first most often, or the one named (times-on-top.ts). */
    onTop?: { most: true } | { value: string };
  };
  /** A percentile (0.5 is the median) of the rows' `of`, or of the measure per entity or per period. */
  percentile?: Percentile;
  /** Entities counted by their first date ("customers whose first order was in 2024"): `range` applies to it. */
  first?: {
    entity: CatalogMember;
    output: EntityCondition['output'];
    /**
     * With output 'total': the period of the first date, while `range` is of the rows totalled ("what did
     * customers whose first order came in January 2023 spend in 2025").
     */
    range?: Period;
    total?: CatalogMember;
    /** Only entities with rows in this later period too ("how many of them also ordered in Q4 2025"). */
    later?: Period;
    /** The entities whose first row came last or first, ties kept ("which customer ordered first most recently"). */
    rank?: { n: number; direction: 'desc' | 'asc' };
  };
  /**
   * "New customers" in a period after every signup date: the same question read by the first order, answered
   * instead when the signup dates stop before the period (new-customers.ts).
   */
  byFirstOrder?: Plan;
  /** A reading on each entity's own rows: its first row's attributes, retention between periods (per-entity.ts). */
  perEntity?: PerEntity;
  /** A running total or a moving average over the series by `grain`, beside each period's own figure (series-windows.ts). */
  window?: SeriesWindow;
  /** The words the asker used for a member, when they differ from its title ("revenue" for Total amount). */
  terms?: Record<string, string>;
  /** How the asker wants the figures rounded ("in millions"): stated beside the exact ones (rounding.ts). */
  rounding?: Rounding;
  /**
   * Figures the asker named and defined in the question ("refund exposure = returned value as % of revenue"): each
   * name with the planner's words for it, said back in the answer (definitions.ts).
   */
  definedAs?: [string, string][];
  /** Amounts the asker wrote in words ("five hundred dollars"): bounds said back so (spelled-amounts.ts). */
  spelled?: SpelledAmount[];
  /** The figure over every row beside a breakdown of one that does not add up ("avg by region, and the total"). */
  overall?: true;
  /**
   * Each period of `grain`'s total over its own calendar days ("which month of 2024 had the lowest average orders per
   * day"), ranked by `top` or listed, in `order` when ranked whole (period-day-means.ts).
   */
  dayMeans?: { order?: 'desc' | 'asc' };
  /** The values of the one dimension ranked by their distinct periods of `unit` with a row, by `top` (most-units.ts). */
  unitsWith?: { unit: Grain };
  /** A figure quoted from the asker's own source beside the ask: the answer says it is theirs (quoted-figures.ts). */
  quoted?: true;
  /** The percent change the asker was told (signed), checked against the data's in the answer (quoted-figures.ts). */
  quotedChange?: number;
  /** Words of the question left out of the reading (a clause with no data words in it, a filler). */
  ignored?: string[];
  /** A period of another time dimension ("customers who joined in Q1 2022" beside "ordered in 2024"). */
  also?: { member: CatalogMember; range: Period };
  /**
   * Only the rows of the breakdown ranked top (bottom) `n` by the first measure in another period: "how did those do
   * in 2024?" after "top 3 categories by revenue in 2025" (follow-up.ts).
   */
  rankedIn?: { period: Period; n: number; direction: 'desc' | 'asc' };
  /**
   * Only the rows of the value a previous ranking put first ("ok, and within that category which region led?" after
   * "which category had the most revenue in 2024?"): that ranking, run again as a subquery (previous-pointers.ts).
   */
  withinWinner?: Plan;
  /**
   * Only the period of the grain a previous ranking of one put first, moved by whole years ("how did that month do
   * in 2025?" after "best month of 2024 by revenue"): that ranking run again as a subquery (previous-pointers.ts).
   */
  winnerMoved?: { ranking: Plan; years: number; both?: true };
  /**
   * Only the rows a previous top N ranked ("which of them grew fastest from 2024 to 2025?" after "top 3 categories by
   * orders"): that ranking run again as a subquery (previous-pointers.ts).
   */
  amongTop?: Plan;
  /** Words read as another ("accounts" as customers), to say so in the answer. */
  readAs?: Record<string, string>;
  /**
   * A ranking word that reads as any of the measures ("best-selling": by money or by how many): every measure
   * ranked, each one's leader stated (words.ts).
   */
  eachReading?: string;
  /**
   * A breakdown asked for on its own that the model lacks ("... and by marketing channel"): the rest is
   * answered and the answer names it.
   */
  missing?: string[];
  /**
   * One figure built from two filtered measures of the same rows ("returned orders / completed orders", "completed $
   * minus returned $", "% of orders under $25 that were cancelled"): filtered-measures.ts.
   */
  twoMeasures?: TwoMeasures;
}

/** A measure over the rows meeting its own conditions, besides the plan's (a FILTER clause). */
export interface FilteredMeasure {
  measure: CatalogMember;
  filters: ValueFilter[];
  numbers: NumberFilter[];
  /** The asker's words for it ("returned orders"). */
  words: string;
  /** An average per order ("enterprise AOV"): `measure` (the sum) divided by this count over the same rows. */
  per?: CatalogMember;
}

/** `a` divided by (times 100 with `percent`) or minus `b`, each over its own rows of the plan's. */
export interface TwoMeasures {
  a: FilteredMeasure;
  b: FilteredMeasure;
  op: '/' | '-';
  percent?: true;
  /** The name the asker gave it ("return ratio"), if any. */
  name?: string;
}

/**
 * A window over a series by period: the running total from the first period (restarting each year for a year to
 * date), or the average of each period and the `n - 1` before it.
 */
export type SeriesWindow =
  /**
   * `sumOf`: a running average ("cumulative average order value"), the measure being an average: the sum measure of
   * the same number (series-windows.ts), all rows to date over their count, never an average of the periods' averages.
   */
  | { kind: 'running'; reset?: 'year'; sumOf?: string }
  /** `total`: the sum of the period and the `n - 1` before it ("rolling 12-month revenue"), not their average. */
  | { kind: 'moving'; n: number; unit: Grain; total?: true };

/** How many of the biggest entities it takes to reach a share of a total (reach.ts). */
export interface Reach {
  /** The entities counted (a customer's name). */
  entity: CatalogMember;
  /** The share of the total to reach, 0 to 1. */
  fraction: number;
  /**
   * "what percentage of customers": a percent of them; "how many customers": the count (both are stated); "which
   * categories account for 80% of revenue": the entities themselves, each with its running share (tuning-33-reach).
   */
  output: 'share' | 'count' | 'list';
}

export interface EntityCondition {
  /** The dimension whose values are the entities (customer name), or a stand-in named like the grain. */
  entity: CatalogMember;
  /** Periods are the entities ("days with more than 30 orders"): buckets of the time dimension. */
  grain?: Grain;
  /**
   * Counted within each period of the plan's grain, each entity tested on that period's rows alone ("how many
   * customers spent over $1,000 in each quarter of 2025": per quarter, those whose spend in it passed $1,000).
   */
  perPeriod?: true;
  /** The total of this measure over the entities that qualify ("revenue from customers with ..."). */
  total?: CatalogMember;
  measure: CatalogMember;
  op: NumberFilter['op'] | '=';
  value: number;
  /** What is asked about them: how many, their share of all entities, the list, or a total over them. */
  output: 'count' | 'share' | 'list' | 'total';
  /**
   * Rows in every period of the range ("ordered in every month of 2025") or in every value of a dimension
   * ("bought from all five categories"): COUNT(DISTINCT) of those equal to how many the rows hold; `measure`
   * is then the count of rows and `op`/`value` are unused.
   */
  spread?: {
    grain?: Grain;
    member?: CatalogMember;
    /** Rows of each of this many values (the plan's filter of `member`): "bought toys and electronics". */
    count?: number;
    /** The number of distinct values compared by the condition's `op`/`value` ("from 3 or more categories"). */
    compared?: true;
  };
  /**
   * The rows the count is of, when not all of them ("never returned an order": a count of the returned rows
   * per entity, equal to 0); entities with only other rows still count.
   */
  rows?: ValueFilter;
  /** With output 'count': the entities with exactly one row counted beside ("repeat vs one-time customers"). */
  alsoOnce?: true;
  /** With output 'total': the average of each entity's own `total` over those meeting the condition. */
  averaged?: true;
  /**
   * With output 'total' and `total` an average ("the AOV of customers with 10+ orders"): one average over the matching
   * entities' rows of the period, not a sum of each one's.
   */
  overRows?: true;
  /** More values the same rows must have ("never had a furniture order cancelled": furniture AND cancelled). */
  rowsAlso?: ValueFilter[];
  /** The count is of the rows NOT matching `rows` ("only ever bought groceries": no row of another value). */
  only?: true;
  /**
   * The entities ranked first by `measure` instead of `op`/`value` ("the customer with the most orders"): the
   * top `n`, every one tied with the n-th kept (ranked-within.ts).
   */
  rank?: { n: number; direction: 'desc' | 'asc' };
  /**
   * The measure in `later` against the entity's own in `earlier` by `op` ("spent more in 2025 than in 2024"),
   * 0 where it had no rows; `value` is unused (entity-versus.ts).
   */
  versus?: {
    earlier: Period;
    later: Period;
    /**
     * Rows in the earlier period and none in the later one ("customers who ordered in 2024 but not in 2025", "how
     * many customers did we lose between 2024 and 2025"); a share is of those with rows in the earlier period.
     */
    stopped?: boolean;
    /**
     * How far each one moved, at the least ("by more than 20%", "by at least $500", "20% more"): a percent of the
     * earlier figure or an amount in the measure's unit; `strict` for "more than" / "over".
     */
    by?: { percent?: number; amount?: number; strict: boolean };
  };
  /**
   * A share's words said of the entities before its verb ("of customers in the west who bought toys": west): a
   * filter of these values narrows the whole as well as the part (sql-second.ts).
   */
  wholeWords?: string[];
  /** A share's whole is the entities with rows in the period ("what share of Q1 2025 buyers ..."), not all of them. */
  periodWhole?: true;
  /** Further conditions on the same entities ("more than 60 orders and spent over 30,000"). */
  and?: { measure: CatalogMember; op: EntityCondition['op']; value: number }[];
  /**
   * Conditions on each entity's own rows, all to hold, in place of `measure`/`op`/`value` ("exactly one return and
   * no cancellations", "largest order below $900", "more returns than cancellations"; row-conditions.ts).
   */
  clauses?: RowCondition[];
  /**
   * Against the average entity's own figure over the same rows instead of `value` ("spent more than the average
   * customer"; above-average.ts), or the median one's ("spent more than the median customer").
   */
  vsAverage?: true | 'median';
  /**
   * Periods as entities against their own containing period's mean or median of the same figure instead of `value`
   * ("days with more orders than their month's daily average", "months under their year's median"; period-relative.ts).
   */
  /** `whole`: against the mean of every period the query counts ("the average month"), not of each container's. */
  vsPeriod?: {
    stat: 'avg' | 'median';
    within: Grain;
    factor?: number;
    whole?: true;
    /** The mean of another named period's own periods ("than the 2024 daily average"), not a container's. */
    of?: Period;
  };
  /** With output 'list': the entities meeting the clauses ranked by this measure, the first `n` ("top 5 by AOV, min 10 orders"). */
  rankBy?: { measure: CatalogMember; n: number; direction: 'desc' | 'asc' };
}

/** An aggregate of one entity's own rows: a count, or a measure's total, average, largest or smallest. */
export interface RowAggregate {
  measure: CatalogMember;
  /** Only its rows of these values ("returns": status returned); with a count, or a sum of `summed`. */
  kind?: ValueFilter[];
  /** The amount a sum of its rows of `kind` adds up ("spent more on toys than on clothing"). */
  summed?: CatalogMember;
  /** Only its rows with this amount ("an order under $20"); with a count only. */
  bound?: NumberFilter;
  /** Only its rows in this period, within the plan's ("a return in both 2023 and 2025"); with a count only. */
  period?: Period;
}

/** An aggregate of an entity's rows compared to a number, or to another aggregate of the same rows. */
export interface RowCondition extends RowAggregate {
  op: EntityCondition['op'];
  value: number;
  /** Compared to this instead of `value` ("more returns than cancellations"). */
  against?: RowAggregate;
}

export interface Percentile {
  /** 0.5 for the median. */
  p: number;
  /** Further percentiles asked with `p` ("25th and 75th percentile"): one column each, ascending. */
  more?: number[];
  /** The gap between `p` and the one further percentile is asked for too ("IQR", "p90 minus p10"). */
  gap?: true;
  /** The mean instead ("average revenue per customer": the mean of the per-customer totals). */
  stat?: 'avg';
  /** The mean beside the percentile ("the median and the average order size"); with `gap`, the gap between them. */
  mean?: true;
  /**
   * With `mean` and `gap`: a signed difference instead of the gap's size, the mean minus the percentile ('mean',
   * "average minus median") or the percentile minus the mean ('percentile').
   */
  signed?: 'mean' | 'percentile';
  /** A row-level number (order amount); otherwise the plan's first measure per `per` (an entity) or per grain. */
  of?: CatalogMember;
  per?: CatalogMember;
  /** With `of` and `per`: each entity's largest or smallest `of` ("each customer's biggest order"), entity-extremes.ts. */
  extreme?: 'max' | 'min';
  /** With `per`: the number of distinct values of this dimension per entity ("avg number of categories per customer"). */
  distinct?: CatalogMember;
  /**
   * With `per` and the mean: how many entities each figure is over, asked beside it ("customers per segment and their
   * average lifetime spend").
   */
  withCount?: true;
  /** With the mean per day: the period's calendar days, the total divided by them (day-means.ts). */
  days?: number;
  /** With the mean per day of compared periods: each period's total divided by its own calendar days (day-means.ts). */
  daysEach?: true;
}

/** The pieces one question names, before a follow-up is merged into the previous plan. */
export interface Parsed extends Plan {
  measureScore: number;
  /** Whether the question's own words named a measure (not a default one read into it). */
  measureNamed: boolean;
  /** Adds to the previous breakdown rather than replacing it ("also by status"). */
  additive: boolean;
  score: number;
  /** Content words no member, value or period explains ("rep", "profit"). */
  unexplained: string[];
  /** Asks about the future ("next quarter", "forecast"): the data only holds the past. */
  future: boolean;
  /**
   * Why one query cannot answer it: a value written on one measure of a list ("cancelled orders and revenue"), or
   * two values of one dimension named apart ("customers in the north who ordered in the south").
   */
  oneOfList?: string;
}

export interface Token {
  raw: string;
  stem: string;
  used: boolean;
  /** Used as a filter value ("enterprise" in "enterprise customers"). */
  value?: boolean;
  /** The word as asked, when it was read as a model word ("accounts" read as "customers"). */
  asked?: string;
  /** The model's words an asked word stands for, when more than this token ("SMB": small business). */
  readAs?: string;
}

/** The ranking of a change: of the breakdown's values, or of the periods over a grain (none for one total). */
export const rankedChange = (plan: Plan): Plan['top'] =>
  plan.top && (plan.dimensions.length > 0 || !(plan.compare && plan.compare.length >= 2))
    ? plan.top
    : undefined;

/**
 * Whether a plan's share can be compared between its two periods (share-change.ts): exactly two periods, a share
 * of a part or of a breakdown's rows, no top rows and no breakdown over time.
 */
export const shareChangeable = (plan: Pick<Plan, 'share' | 'compare' | 'dimensions' | 'grain'>): boolean =>
  plan.share !== undefined &&
  !plan.share.top &&
  !plan.share.rows?.period &&
  plan.compare?.length === 2 &&
  plan.grain === undefined &&
  (plan.share.part !== undefined || plan.share.rows !== undefined || plan.dimensions.length > 0);

/**
 * The parts of a plan that make it more than a plain figure or breakdown: a ranking, a share, periods side by
 * side, a per-entity condition, a change, a window... Readers that wrap a plain plan (a window over a series, the
 * figure over every row, the day readers' count) ask which of them a plan carries, each allowing its own few.
 */
const SECOND_ORDER = [
  'top',
  'share',
  'compare',
  'anyOf',
  'reach',
  'having',
  'distribution',
  'change',
  'perGroup',
  'percentile',
  'first',
  'byFirstOrder',
  'perEntity',
  'also',
  'window',
  'overall',
  'missing',
  'twoMeasures',
] as const;
export type SecondOrderPart = (typeof SECOND_ORDER)[number];

/**
 * Whether a plan carries none of the parts a restated everyday ask cannot take (a ranking, periods compared, a
 * change, a share, a per-entity or per-group reading, a percentile, a window, two measures, a reach, day means, a
 * first date, a distribution, units beside it): the readings that restate a question and then mark its plan
 * (customer-rate.ts, months-over.ts, same-day.ts ...) check this before their own mark.
 */
export const plainParts = (plan: Plan): boolean =>
  !plan.top &&
  !plan.compare &&
  !plan.change &&
  !plan.share &&
  !plan.perEntity &&
  !plan.having &&
  !plan.percentile &&
  !plan.window &&
  !plan.twoMeasures &&
  !plan.reach &&
  !plan.dayMeans &&
  !plan.first &&
  !plan.perGroup &&
  !plan.distribution &&
  !plan.unitsWith;

/** Whether the plan carries any second-order part besides the ones allowed. */
export const secondOrder = (plan: Plan, allowed: readonly SecondOrderPart[] = []): boolean =>
  SECOND_ORDER.some((part) => !allowed.includes(part) && plan[part] !== undefined);

/** Who the entities are (the people of a view of orders) and the rows' own columns. */
/** (per-entity.ts) */
export interface EntityRows {
  /** The entity's name dimension (customer name). */
  entity: CatalogMember;
  /** The rows' date, and their id (the tie rule of the first row). */
  time: CatalogMember;
  id?: CatalogMember;
  /** The entity's start date (signup), when the view has one. */
  start?: CatalogMember;
}

export type PerEntity =
  | {
      kind: 'first-row';
      rows: EntityRows;
      /** The first row's attributes counted by, and the filters its attributes must pass. */
      by: CatalogMember[];
      on: ValueFilter[];
      /** Filters of the entity itself (its segment): rows of other entities are left out first. */
      entityFilters: ValueFilter[];
      range?: Period;
      output: 'count' | 'share';
    }
  | {
      kind: 'retention';
      rows: EntityRows;
      /** Entities with a row in the period, or whose start date falls in it. */
      cohort: { by: 'rows' | 'start'; period: Period };
      /** A row in the later period, or the first row in it (or before its end). */
      later: { by: 'rows' | 'first'; period: Period; before?: boolean };
      output: 'count' | 'share';
    }
  | CohortReading
  | {
      /**
       * Customers meeting `part` among those meeting `whole` (all customers with rows when empty), each test on
       * their own rows; counted, or the part as a share of the whole, per value of `by` (customer-ratios.ts).
       */
      kind: 'ratio';
      rows: EntityRows;
      whole: RatioTest[];
      part: RatioTest[];
      output: 'count' | 'share';
      by?: CatalogMember;
      /** Values every row counted must have ("enterprise customers", "east region"). */
      filters: ValueFilter[];
    }
  /** Days from each entity's start to its first row, averaged or the median (days-to-first.ts). */
  | {
      kind: 'days-to-first';
      rows: EntityRows;
      stat: 'avg' | 'median';
      by?: CatalogMember;
      /** A group per period of the signup date ("by signup quarter"). */
      startGrain?: Grain;
      /** Signup periods set against each other, a group each ("H1 vs H2 2022 signups"). */
      startPeriods?: Period[];
      /** The first row's own number (its amount) instead of the days to it: "average first-order amount". */
      amount?: CatalogMember;
    }
  /** Each entity's best period by its spend or row count: averaged, the median, or counted by where it fell. */
  | {
      kind: 'best-period';
      rows: EntityRows;
      unit: 'day' | 'week' | 'month' | 'quarter' | 'year';
      figure: { of: 'amount'; amount: CatalogMember } | { of: 'rows' };
      output: 'avg' | 'median' | 'count';
      by?: CatalogMember;
      /** Each entity's largest (smallest) single row instead of its best period: "whose largest order fell in 2025". */
      single?: 'max' | 'min';
      /** The asker's word for one row ("order", "purchase"). */
      noun?: string;
    }
  /** The first period by whose end a share of the entities had their first row (first-share-period.ts). */
  | {
      kind: 'first-share-period';
      rows: EntityRows;
      unit: 'week' | 'month' | 'quarter' | 'year';
      /** The share reached (its percent, and as the asker said it: "90%", "half"); none: the running count itself. */
      reach?: { percent: number; said: string };
    }
  /**
   * The top `percent`% of the entities by their spend (over `period`, else every row) and one figure of them: how many
   * (per `by`), their mean or total spend, their share of all spend, or the share of them with `value`
   * (top-percent-group.ts).
   */
  | {
      kind: 'top-percent';
      rows: EntityRows;
      amount: CatalogMember;
      percent: number;
      period?: Period;
      ask: 'count' | 'avg' | 'sum' | 'share' | 'share-with' | 'orders';
      by?: CatalogMember;
      value?: ValueFilter;
      /** The top N% of each value's own customers ("of each region's customers"), the figure asked per value. */
      within?: CatalogMember;
      /** The customers past the cut as a second group, each group's figure (`orders`: the rows' count measure). */
      rest?: { orders: CatalogMember };
    }
  /**
   * Each entity's rows per calendar month (of `period`, else every row) and the entity-months with at least `k`:
   * counted (per `by`), the entities with at least `atLeast` of them, or their share of every entity-month with a row
   * (repeat-months.ts).
   */
  | {
      kind: 'repeat-months';
      rows: EntityRows;
      counted: CatalogMember;
      k: number;
      ask: 'count' | 'customers' | 'share';
      atLeast?: number;
      period?: Period;
      by?: CatalogMember;
    }
  /**
   * Each entity's spend on one value of `member` over all its spend (of `period`, else every row), in percent: the
   * entities past `bound` counted (per `by`), or the mean of the shares (value-share-each.ts).
   */
  | {
      kind: 'value-share-each';
      rows: EntityRows;
      amount: CatalogMember;
      member: CatalogMember;
      value: string;
      bound?: { op: '>' | '>=' | '<' | '<='; percent: number };
      period?: Period;
      by?: CatalogMember;
    }
  /** The entities of a group with no rows in a period, counted (no-rows-in.ts). */
  | { kind: 'no-rows-in'; rows: EntityRows; period: Period }
  /** The entities with no rows at all: all of them less those with rows, counted or shared (never-rows.ts). */
  | {
      kind: 'never-rows';
      rows: EntityRows;
      /** The entities' own view, its count of them, and the rows' view's distinct count of them. */
      people: CatalogCube;
      everyone: CatalogMember;
      withRows: CatalogMember;
      share: boolean;
      /** A group of the entity's own (in the entities' view, and its prefixed column in the rows' view). */
      group?: CatalogMember;
      groupOfRows?: CatalogMember;
      /** One value of the group kept, not a breakdown by it. */
      value?: string;
    }
  /** Days from each entity's last row to the data's last day: a statistic, or those past a number (recency.ts). */
  | {
      kind: 'recency';
      rows: EntityRows;
      stat: 'avg' | 'median' | 'max' | 'min' | 'count';
      threshold?: { op: '>' | '>=' | '<' | '<='; days: number };
      by?: CatalogMember;
    }
  /** The share of a total held by the first (or last) N rows by time (first-rows-share.ts). */
  | {
      kind: 'first-rows-share';
      rows: EntityRows;
      n: number;
      direction: 'first' | 'last';
    }
  /** Days between each entity's consecutive rows, or from its first row to the second (days-between.ts). */
  | {
      kind: 'days-between';
      rows: EntityRows;
      stat: 'avg' | 'median';
      /** A percentile of the gaps in place of `stat` (0.9: "the 90th percentile of the days between orders"). */
      percentile?: number;
      pair: 'each' | 'first-second';
      /** "calendar days": the days between the two order dates; otherwise the elapsed time in days (seconds / 86,400). */
      calendar?: true;
      by?: CatalogMember;
      /**
       * "which customer has the longest gap between orders?": each entity's own longest (shortest) gap, the entities
       * ranked by it, the first (and any tied) named, in place of a statistic over every pair.
       */
      extreme?: 'longest' | 'shortest';
    }
  | {
      /** The entities at the top (every tied one): by one row's number, or by their count or total (tops.ts). */
      kind: 'top';
      rows: EntityRows;
      of: CatalogMember;
      by: 'row' | 'entity';
      direction: 'desc' | 'asc';
      /** "the 10 largest orders": the top n rows (ties at the n-th kept), not only the first. */
      n?: number;
      /** The top n rows within each value of a dimension or each compared period (top-rows-within.ts). */
      within?: { member: CatalogMember } | { periods: Period[] };
      /** Ranked by how many distinct units of their rows' dates hold a row ("ordered in the most months"). */
      units?: Grain;
      /** Ranked by their largest figure of one unit ("the most orders in a single day"), tops.ts. */
      peak?: Grain;
    };

/**
 * A test on one customer's rows: at least (or exactly) `value` rows of `kind` in `period`; `=` 0 for none. With a
 * `measure` (each-period-bounds.ts), the measure of those rows (0 where none) against `value` instead; with `anyOf`,
 * the largest figure of one month (or quarter) of those rows.
 */
export interface RatioTest {
  period?: Period;
  kind: ValueFilter[];
  op: '>=' | '=' | '>' | '<' | '<=';
  value: number;
  measure?: CatalogMember;
  /** "in any single month of 2025": the bound met in at least one period of this grain within `period`. */
  anyOf?: 'week' | 'month' | 'quarter';
  /** With `anyOf`: the bound met in at least this many periods of the grain ("in five or more different months"). */
  units?: number;
}

/** What a cohort reading outputs (cohort-reader.ts): its members' count, a share, or their rows' figures. */
/** ('aov': the cohort's spend over its orders, "average order value by first-order month".) */
/** ('share-life': the window's spend as a percentage of the members' spend over all their rows.) */
export type CohortMeasure =
  | 'count'
  | 'share'
  | 'share-all'
  | 'share-life'
  | 'sum'
  | 'avg'
  | 'aov'
  | 'orders'
  | 'orders-avg';

/**
 * A cohort crossed with an outcome and measures (cohort-reader.ts, cohort-sql.ts): who is in (a start date in a
 * period, the first row's date in a period, an attribute of the first row), which of each member's rows count
 * (a period, after the first row, within a span of it, with a value), what a member must have done (at least
 * `min` such rows, or none), and what is measured.
 */
export interface CohortReading {
  kind: 'cohort';
  rows: EntityRows;
  /** The row's amount (spend). */
  amount: CatalogMember;
  /**
   * By the start date, the first row's date or the last row's ("whose last order was in 2024"). `versus`: a second
   * cohort of the same kind, each its own row ("Q4 2022 signups vs Q1 2022 ones").
   */
  cohort: {
    by: 'start' | 'first' | 'last';
    period?: Period;
    attr?: ValueFilter;
    /** A bound on the first row's amount ("whose first order was over $500"). */
    firstAmount?: { op: NumberFilter['op']; value: number };
    versus?: Period;
    /** The cohort and everyone else, each its own row ("vs the rest"); `others`: the row of everyone else. */
    rest?: true;
    others?: true;
  };
  /** Attributes of the entity itself ("enterprise customers"): other entities' rows are left out first. */
  entityFilters?: ValueFilter[];
  window: {
    period?: Period;
    afterFirst?: boolean;
    within?: { n: number; unit: 'day' | 'month' };
    filter?: ValueFilter;
  };
  /**
   * At least `min` rows in the window, none, the first row's date in a period, or a spend over the window above
   * `spent` (at or above with `orEqual`).
   */
  test?: { min: number } | { none: true } | { firstIn: Period } | { spent: number; orEqual: boolean };
  measures: CohortMeasure[];
  /**
   * One row per month, quarter or half of the cohort's date (signup, first or last row), each with its size
   * (cohort-breakdowns.ts, cohort-each.ts).
   */
  each?: 'month' | 'quarter' | 'half';
  /** One row per value of an attribute of the entity or of its rows (cohort-by.ts). */
  by?: CatalogMember;
}
