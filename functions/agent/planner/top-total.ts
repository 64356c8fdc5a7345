/**
 * "top 3 regions by revenue in Q4 2025 and the total for that quarter", "best 2 categories by orders in 2024, plus
 * total orders that year", "bottom 2 regions ... with the grand total": a ranking with the total of EVERY row of
 * the breakdown beside it (issue 29, README "Evaluating the analyst"), not the sum of the rows shown. The total is
 * a clause of its own after the ranking ("and", "plus", "with"); "their combined total", "what did the top 20
 * spend together" is the sum of the top rows instead (second-order.ts).
 */
import type { CatalogMember } from './catalog';
import type { Parsed, Plan, Token } from './plan';
import { isYear } from './vocabulary';

const RANK_WORDS = new Set([
  'top',
  'bottom',
  'best',
  'worst',
  'highest',
  'lowest',
  'biggest',
  'largest',
  'leading',
]);
const JOINS = new Set(['and', 'plus', 'with', 'also']);
/** Words that name a measure beside "total" ("the total revenue", "the total orders"). */
const MEASURE_WORDS = new Set([
  'revenue',
  'sales',
  'amount',
  'amounts',
  'spend',
  'value',
  'dollars',
  'gmv',
  'orders',
  'customers',
  'count',
  'average',
  'avg',
]);
/** Words of the top rows themselves: their total is the sum of those rows, not of everything. */
const OF_THE_TOP = new Set([
  'they',
  'them',
  'their',
  'those',
  'these',
  'combined',
  'together',
  'each',
  'per',
  'top',
]);
const DETERMINERS = new Set(['the', 'my', 'our', 'a', 'grand', 'overall', 'full']);
const GRAINS = new Set(['day', 'week', 'month', 'quarter', 'year', 'period', 'half']);
/** Words of the total clause that say nothing of their own ("and the total for that quarter too"). */
const CLAUSE_WORDS = new Set([
  'the',
  'my',
  'our',
  'that',
  'this',
  'for',
  'in',
  'of',
  'too',
  'as',
  'well',
  'all',
  'everything',
  'what',
  'was',
  'is',
  'how',
  'much',
  'many',
  'did',
  'we',
  'get',
  'make',
  'grand',
  'overall',
  'total',
  'full',
  'whole',
]);

/**
 * Whether the question asks for the total of everything beside a ranking; claims the clause's own words ("the
 * total", "overall", "for that quarter", "that year"). Measure words in it stay for the measure reading.
 */
export function claimTopTotal(tokens: Token[]): boolean {
  const rankAt = tokens.findIndex((t) => RANK_WORDS.has(t.raw));
  if (rankAt < 0) return false;
  const joinAt = tokens.findIndex(
    (t, i) =>
      i > rankAt &&
      JOINS.has(t.raw) &&
      tokens.slice(i + 1).some((x) => ['total', 'overall', 'grand'].includes(x.raw)),
  );
  if (joinAt < 0) return false;
  const clause = tokens.slice(joinAt + 1);
  if (clause.some((t) => OF_THE_TOP.has(t.raw))) return false;
  const totalAt = clause.findIndex((t) => t.raw === 'total');
  const overall = clause.some((t) => t.raw === 'overall' || t.raw === 'grand');
  const before = clause[totalAt - 1]?.raw ?? '';
  // "that year", "for the quarter", "2023", "in total": the total of the period named, not of the rows shown.
  const period = clause.some(
    (t, i) =>
      isYear(t.raw) ||
      (GRAINS.has(t.stem) && ['that', 'this', 'the', 'whole', 'full'].includes(clause[i - 1]?.raw ?? '')),
  );
  const said = DETERMINERS.has(before) || before === 'in' || period;
  if (!overall && !(totalAt >= 0 && said)) return false;
  for (const [i, t] of clause.entries()) {
    const previous = clause[i - 1]?.raw ?? '';
    if (CLAUSE_WORDS.has(t.raw) && !t.value) t.used = true;
    // "that quarter", "the year": the period already named, again.
    if (GRAINS.has(t.stem) && ['that', 'the', 'this', 'whole', 'full'].includes(previous)) t.used = true;
  }
  const join = tokens[joinAt];
  if (join) join.used = true;
  return true;
}

/**
 * "and what was the total (for the whole year)?" after "top 3 categories by revenue in 2025": the previous ranking
 * with the total of every row beside it; undefined when the follow-up names anything else of its own.
 */
export function totalOfPrevious(
  previous: Plan,
  raws: readonly string[],
  own: Parsed,
  unexplained: readonly string[],
): { plan: Plan; unexplained: string[] } | undefined {
  const top = previous.top;
  if (!top || top.n === 0 || top.percent || previous.dimensions.length !== 1) return undefined;
  if (previous.share || previous.having || previous.change || previous.perGroup || previous.compare)
    return undefined;
  if (!raws.some((w) => ['total', 'overall', 'grand'].includes(w)) || raws.some((w) => OF_THE_TOP.has(w)))
    return undefined;
  if (own.dimensions.length > 0 || own.filters.length > 0 || own.numberFilters.length > 0 || own.top)
    return undefined;
  if (own.compare || own.grain || own.having || own.share) return undefined;
  // ("for the whole year", "for that quarter": the period already named, said again; read alone it was this year.)
  const again = raws.some(
    (w, i) => GRAINS.has(w) && ['that', 'the', 'this', 'whole', 'full'].includes(raws[i - 1] ?? ''),
  );
  if (own.range && own.range.label !== previous.range?.label && (!again || raws.some((w) => /\d/.test(w))))
    return undefined;
  const measures = new Set(previous.measures);
  // ("the total" alone names the total of the previous measure, not the total amount: no measure named.)
  const named = raws.some((w) => MEASURE_WORDS.has(w));
  if (own.measureNamed && named && !own.measures.every((m) => measures.has(m))) return undefined;
  const said = (w: string) =>
    CLAUSE_WORDS.has(w) || GRAINS.has(w) || JOINS.has(w) || ['was', 'were'].includes(w);
  return {
    plan: { ...previous, top: { ...top, withTotal: true } },
    unexplained: unexplained.filter((w) => !said(w)),
  };
}

/** Words that add the rows up ("in total", "combined", "altogether", "between them"). */
const ADDED_UP = new Set(['total', 'combined', 'together', 'altogether', 'sum', 'summed']);
/**
 * "across all their orders", "lifetime", "all-time": every row of the entities, not only those ranked ("overall" or
 * "in total" alone keep the ranking's scope, as before).
 */
const ALL_ROWS =
  / (?:(?:across|over|on|from|of|for|in) )?all (?:of )?(?:their|his|her|its) (?:orders|purchases)\b| (?:lifetime|all time|all-time) /;
/** Words of spending: the amount summed. */
const SPENT = / (?:spend|spent|spending|spends) /;
const isAmountSum = (m: CatalogMember) =>
  m.kind === 'measure' && m.aggType === 'sum' && m.format === 'currency';
/** Words pointing at the rows just ranked. */
const POINTERS = new Set(['they', 'them', 'their', 'those', 'these']);

/**
 * "what did they spend in total?", "what did those 3 bring in combined?" after "top 3 customers by revenue in
 * 2025": the sum of the top rows, each listed, and their share of the whole, as "what did the top 3 customers spend
 * in total" reads (was the list alone, its sum never stated). Undefined when the follow-up names anything of its
 * own (a period, a value, a breakdown, another measure).
 */
export function sumOfTopRows(
  previous: Plan,
  raws: readonly string[],
  own: Parsed,
  unexplained: readonly string[],
): { plan: Plan; unexplained: string[] } | undefined {
  const top = plainTop(previous);
  const asked = ` ${raws.join(' ')} `;
  // ("what's their total spend?" after "which customer had the most returns?", "how much have they spent across all
  // their orders?": every row of theirs, not only the rows that ranked them; was their spend on returns alone.)
  const narrowed =
    previous.filters.length > 0 || previous.numberFilters.length > 0 || previous.range !== undefined;
  const allRows =
    narrowed &&
    (ALL_ROWS.test(asked) ||
      (previous.filters.length > 0 && /\b(?:their|his|her) total spend(?:ing)?\b/.test(asked)));
  if (!top || top.n < (allRows ? 1 : 2) || previous.measures.length !== 1) return undefined;
  if (!raws.some((w) => ADDED_UP.has(w)) || !raws.some((w) => POINTERS.has(w))) return undefined;
  if (own.dimensions.length > 0 || own.filters.length > 0 || own.numberFilters.length > 0 || own.top)
    return undefined;
  if (own.compare || own.grain || own.having || own.share || own.change) return undefined;
  if (own.range && own.range.label !== previous.range?.label) return undefined;
  const [measure] = previous.measures;
  if (measure?.aggType !== 'sum' && measure?.aggType !== 'count') return undefined;
  // ("how many orders did they place in total?" after the top 3 by spend: another measure added up over those rows.)
  // ("spent ... across all their orders": the spend, "orders" naming the rows, not a count of them.)
  const spent = allRows && SPENT.test(asked) ? previous.cube.members.find(isAmountSum) : undefined;
  const other = spent ?? (own.measureNamed && own.measures.length === 1 ? own.measures[0] : undefined);
  const sumOf =
    other && (other !== measure || allRows) && (other.aggType === 'sum' || other.aggType === 'count')
      ? other
      : allRows
        ? measure
        : undefined;
  if (own.measureNamed && !sumOf && !own.measures.every((m) => m === measure)) return undefined;
  // ("those 3": the count of the rows ranked, said again.)
  const said = (w: string) =>
    ADDED_UP.has(w) ||
    POINTERS.has(w) ||
    w === String(top.n) ||
    ['all', 'in'].includes(w) ||
    (allRows &&
      ['across', 'over', 'lifetime', 'spend', 'spent', 'orders', 'purchases', 'of', 'time'].includes(w));
  return {
    plan: {
      ...previous,
      top: undefined,
      share: {
        top: { n: top.n, direction: top.direction },
        total: true,
        ...(sumOf ? { sumOf } : {}),
        ...(allRows ? { allRows: true as const } : {}),
      },
    },
    unexplained: unexplained.filter((w) => !said(w)),
  };
}

/** "in total", "all together", "combined" after words pointing back ("what did they spend in total"). */
const ADDED_UP_PHRASE =
  /\b((?:they|those|these|them)\b[^?.!:;]*?)\s*,?\s*\b(?:all\s+together|altogether|combined|in\s+total|in\s+all)\b/i;

/**
 * The words adding up the rows of a ranking just answered, kept as "summed" for sumOfTopRows: the phrases read
 * them away for a cohort's spend ("how much did they spend combined" is its sum already), which after a top N
 * left the list alone, its sum never stated.
 */
export function keepTopSum(previous: Plan | undefined, question: string): string {
  const top = previous?.top;
  if (!top || top.n < 2 || top.nth || top.percent) return question;
  return question.replace(ADDED_UP_PHRASE, '$1 summed');
}

/**
 * The ranking of a plain top N of one breakdown ("top 3 categories by revenue in 2025"), whose rows a follow-up can
 * point back at ("those", "they"); undefined for any other shape (a place, a percent, both ends, a share, a change).
 */
export function plainTop(plan: Plan): NonNullable<Plan['top']> | undefined {
  const top = plan.top;
  if (!top || top.n < 1 || top.nth || top.percent || top.span || top.rest || top.withTotal) return undefined;
  if (plan.dimensions.length !== 1 || plan.grain || plan.compare) return undefined;
  if (plan.share || plan.having || plan.change || plan.perGroup || plan.perEntity) return undefined;
  return top;
}
