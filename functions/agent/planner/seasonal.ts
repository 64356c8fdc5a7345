/**
 * A quarter or month named without a year beside a yearly breakdown (issue 29, period over period): "Q4 revenue by
 * year", "december orders each year", "compare Q1 across the years". That quarter (month) of every year, each
 * year its own row; the date reader had taken the latest one alone ("Revenue by year, in Q4 2025": one row,
 * confidently wrong). Read as a filter on a quarter (month) dimension derived from the time dimension, as the day
 * of the week is (weekdays.ts): `CASE EXTRACT(QUARTER FROM t) ...`, run by the SQL API on every engine it targets.
 * Pooled ("december AOV, all years combined", "all december orders"): every year's together, one figure.
 */
import type { CatalogMember } from './catalog';
import type { Plan } from './plan';
import { ident } from './sql';
import { MONTHS } from './vocabulary';
import { derived } from './weekdays';

export const YEARLY =
  /\b(?:by|each|every|per|across(?:\s+(?:the|all))?|for\s+(?:each|every|all)(?:\s+the)?|over\s+the|all)\s+years?\b|\byear\s+by\s+year\b|\byearly\b|\bannually\b/i;
/** A year said in any way: a year's digits, "this year", "last year", "ytd". */
export const A_YEAR =
  /\b(?:19|20)\d{2}\b|'\d{2}\b|\b(?:this|last|next|previous|prior|current|past)\s+years?\b|\bytd\b/i;
const QUARTER = /\bq([1-4])\b/i;
const MONTH = new RegExp(
  `\\b(${MONTHS.filter((m) => m !== 'may').join('|')})\\b|\\b(?:in|of|for)\\s+(may)\\b`,
  'i',
);

/** A quarter or month named in a share's whole ("share of Q1 revenue", "% of the december orders"). */
const SHARE_OF = new RegExp(
  `(?:\\b(?:share|fraction|percent(?:age)?|pct|portion|proportion|part)|%)\\s+of\\s+(?:the\\s+|all\\s+|total\\s+)?(?:q[1-4]|${MONTHS.join('|')})\\b`,
  'i',
);

const capital = (s: string) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;

function ofYear(time: CatalogMember, unit: 'quarter' | 'month'): CatalogMember {
  const names = unit === 'quarter' ? ['Q1', 'Q2', 'Q3', 'Q4'] : MONTHS.map(capital);
  const cases = names.map((n, i) => `WHEN ${i + 1} THEN '${n}'`).join(' ');
  return derived(time, `CASE EXTRACT(${unit.toUpperCase()} FROM ${ident(time.column)}) ${cases} END`, {
    column: `${unit}_of_year`,
    title: capital(unit),
    values: names,
  });
}

/** "each year's", "that year's (total)", "the year's full": a year's own whole, said with a possessive. */
const YEARS_OWN = /\b(?:each|every|that|the)\s+year['’]s\s+(?:(?:total|full|whole|entire|overall)\s+)?/gi;
/** A share's word ("as a % of", "share", "fraction"). */
const SHARE_WORD = /%|\b(?:share|fraction|percent(?:age)?|pct|proportion|portion)\b/i;

/**
 * "each year's Q3 as a % of that year's total revenue", "Q4 as a share of the year's revenue, every year": a quarter
 * (month) of every year against its own year, said with possessives. Rewritten as the breakdown the seasonal reading
 * reads ("Q3 as a % of revenue, each year"); a question that names a year of its own is left as asked.
 */
export function readYearsOwn(question: string): string {
  if (
    !SHARE_WORD.test(question) ||
    A_YEAR.test(question) ||
    !(QUARTER.test(question) || MONTH.test(question))
  )
    return question;
  if (!new RegExp(YEARS_OWN.source, 'i').test(question)) return question;
  const plain = question.replace(YEARS_OWN, '').replace(/\s{2,}/g, ' ');
  return YEARLY.test(plain) ? plain : `${plain.replace(/[\s?.!]+$/, '')}, each year`;
}

/** Every year's together: "all time", "all years combined", "every december ever", "all december orders". */
export const POOLED = new RegExp(
  `\\ball\\s+time\\b|\\b(?:all|every)\\s+(?:the\\s+)?years?\\s+(?:combined|together|pooled)\\b|\\bany\\s+year\\b|\\b(?:all|every)\\s+(?:q[1-4]|${MONTHS.join('|')})s?\\b`,
  'i',
);

/**
 * The plan over that quarter (month) of every year, each year its own row, or all years' together when the question
 * pools them ("AOV in december, all years combined"); undefined when the question is no such one.
 */
export function seasonal(question: string, plan: Plan): Plan | undefined {
  const months = monthsOfEveryYear(question, plan);
  if (months) return months;
  const range = plan.range;
  const time = plan.timeDimension;
  const pooled = plan.grain === undefined && POOLED.test(question);
  if ((plan.grain !== 'year' && !pooled) || !range || !time || plan.compare || plan.having || plan.perGroup)
    return undefined;
  if (!(pooled || YEARLY.test(question)) || A_YEAR.test(question)) return undefined;
  const quarter = QUARTER.exec(question);
  const month = quarter ? undefined : MONTH.exec(question);
  const name = quarter
    ? `Q${quarter[1]}`
    : month
      ? capital((month[1] ?? month[2] ?? '').toLowerCase())
      : undefined;
  // Only the period the date reader took for it ("Q4 2025" for "Q4"), nothing else narrowed the dates.
  if (!name || !range.label.startsWith(`${name} `)) return undefined;
  const member = ofYear(time, quarter ? 'quarter' : 'month');
  const filter = { member, values: [name], negate: false };
  // "what share of each year's revenue came in Q1": that quarter is the share's part, each year its whole; "what
  // share of Q1 revenue fell in each year" keeps it the whole's scope.
  if (plan.share && !plan.share.part && !plan.share.rows && !pooled && !SHARE_OF.test(question))
    return { ...plan, range: undefined, share: { ...plan.share, part: filter } };
  return { ...plan, range: undefined, filters: [...plan.filters, filter] };
}

const MONTH_LABEL = new RegExp(`^(${MONTHS.join('|')}) ((?:19|20)\\d\\d)$`, 'i');

/**
 * "orders placed in June, July or August, by year", "revenue in Nov or Dec, all years together": months named without
 * a year, either of them, beside a yearly breakdown or pooled: those months of every year (the date reader had taken
 * them of the clock's year, past the data: confidently wrong). Months joined by "and" (side by side, or together?)
 * are left as read.
 */
function monthsOfEveryYear(question: string, plan: Plan): Plan | undefined {
  const periods = plan.anyOf ?? plan.compare;
  const time = plan.timeDimension;
  if (!periods || periods.length < 2 || !time || plan.having || plan.perGroup || plan.share) return undefined;
  if (A_YEAR.test(question) || !/\bor\b/i.test(question) || /\band\b/i.test(question)) return undefined;
  const pooled = plan.grain === undefined && POOLED.test(question);
  if (!(pooled || (plan.grain === 'year' && YEARLY.test(question)))) return undefined;
  const labels = periods.map((p) => MONTH_LABEL.exec(p.label));
  const years = new Set(labels.map((m) => m?.[2]));
  if (labels.some((m) => !m) || years.size !== 1) return undefined;
  const names = labels.map((m) => capital((m?.[1] ?? '').toLowerCase()));
  if (new Set(names).size !== names.length) return undefined;
  const filter = { member: ofYear(time, 'month'), values: names, negate: false };
  const { anyOf: _anyOf, compare: _compare, range: _range, ...rest } = plan;
  return { ...rest, filters: [...plan.filters, filter] };
}

/** Every year's together, said beside a share ("across every year", "counting all three years", "all Q4s"). */
const POOLED_SHARE_CUE = new RegExp(
  [
    String.raw`\b(?:across|over|in|for|counting|taking|with|from)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+|our\s+)?(?:(?:two|three|four|\d)\s+)?years?\b`,
    String.raw`\ball\s+(?:the\s+)?(?:(?:two|three|four|\d)\s+)?years\b`,
    String.raw`\bevery\s+year\b`,
    String.raw`\b(?:of|in)\s+any\s+year\b`,
    String.raw`\b(?:all|every)\s+(?:the\s+)?(?:q[1-4]s?|(?:first|second|third|fourth)\s+quarters?)\b`,
    String.raw`\b(?:first|second|third|fourth)\s+quarters\b`,
    String.raw`\bq[1-4]s\b`,
  ].join('|'),
  'i',
);
const SHARE_OF_WHOLE =
  /%|\b(?:share|fraction|percent(?:age)?|pct|proportion|portion)\b|\bhow\s+much\s+of\b[^?]*\bas\s+a\s+(?:%|percent(?:age)?|share)/i;
/** "fell in", "landed in": the part's rows, not a fall. */
const LANDED_IN = /\b(?:fell|falls?|landed|lands?)\s+(?:in|into|within)\b/i;
/** Any word of a change. */
const MOVED =
  /\b(?:change[ds]?|grow|grew|growth|gr[oe]wn|ris(?:e|en|es)|rose|increase[ds]?|decrease[ds]?|decline[ds]?|drop(?:ped|s)?|fell|fall|up|down|shift(?:ed)?|move[ds]?|vs|versus|compared?)\b/i;
const ORDINAL_QUARTER: Record<string, string> = { first: 'Q1', second: 'Q2', third: 'Q3', fourth: 'Q4' };
const SEASON_MONTHS: Record<string, number[]> = {
  spring: [3, 4, 5],
  summer: [6, 7, 8],
  fall: [9, 10, 11],
  autumn: [9, 10, 11],
  winter: [12, 1, 2],
};
/** Words a pooled share's part and its cue may leave unread ("fell", "counting", "three", "months"). */
const POOLED_WORDS = new Set([
  'share',
  'fraction',
  'percent',
  'percentage',
  'pct',
  'proportion',
  'portion',
  'of',
  'a',
  'the',
  'as',
  'fell',
  'fall',
  'came',
  'come',
  'landed',
  'placed',
  'taking',
  'counting',
  'together',
  'combined',
  'pooled',
  'across',
  'every',
  'all',
  'any',
  'year',
  'years',
  'two',
  'three',
  'four',
  'quarter',
  'quarters',
  'month',
  'months',
  'first',
  'second',
  'third',
  'fourth',
  'q1',
  'q2',
  'q3',
  'q4',
  'q1s',
  'q2s',
  'q3s',
  'q4s',
  'spring',
  'summer',
  'fall',
  'autumn',
  'winter',
  ...MONTHS,
  ...MONTHS.map((m) => `${m}s`),
]);

/** The quarter or months of every year a pooled share's part names, or undefined when it names none or both. */
function pooledPart(question: string): { unit: 'quarter' | 'month'; values: string[] } | undefined {
  const q = /\bq([1-4])s?\b/i.exec(question);
  const ordinal = /\b(first|second|third|fourth)\s+quarters?\b/i.exec(question);
  const monthWords = MONTHS.filter((m) => new RegExp(`\\b${m}s?\\b`, 'i').test(question));
  const season = Object.keys(SEASON_MONTHS).filter((s) => new RegExp(`\\b${s}\\b`, 'i').test(question));
  const kinds = [q || ordinal ? 1 : 0, monthWords.length > 0 || season.length > 0 ? 1 : 0];
  if (kinds[0] && kinds[1]) return undefined;
  if (q || ordinal) {
    const named = q ? `Q${q[1]}` : ORDINAL_QUARTER[(ordinal?.[1] ?? '').toLowerCase()];
    const other = /\bq[1-4]s?\b/gi;
    const all = new Set([...question.matchAll(other)].map((m) => m[0].slice(0, 2).toUpperCase()));
    if (all.size > 1 || !named) return undefined;
    return { unit: 'quarter', values: [named] };
  }
  // ("summer months (June to August)": the season glossed by its months; they must agree.)
  const seasonMonths = season.length === 1 ? SEASON_MONTHS[season[0] as string] : undefined;
  if (season.length > 1) return undefined;
  let months: number[];
  const span = new RegExp(
    `\\b(${MONTHS.join('|')})\\s+(?:to|through|thru|-|–)\\s+(${MONTHS.join('|')})\\b`,
    'i',
  ).exec(question);
  if (span) {
    const a = MONTHS.indexOf((span[1] ?? '').toLowerCase()) + 1;
    const b = MONTHS.indexOf((span[2] ?? '').toLowerCase()) + 1;
    if (monthWords.length !== 2 || b < a) return undefined;
    months = Array.from({ length: b - a + 1 }, (_, i) => a + i);
  } else if (monthWords.length > 0) {
    // ("January and February", "January or February": both months' rows, one part.)
    months = monthWords.map((m) => MONTHS.indexOf(m) + 1);
  } else {
    months = seasonMonths ?? [];
  }
  if (months.length === 0) return undefined;
  if (
    seasonMonths &&
    !(seasonMonths.length === months.length && seasonMonths.every((m) => months.includes(m)))
  )
    return undefined;
  return { unit: 'month', values: months.sort((x, y) => x - y).map((m) => capital(MONTHS[m - 1] as string)) };
}

/**
 * "what percentage of all our revenue, across every year, fell in a fourth quarter?", "taking every year together,
 * what share of orders were placed in January and February?", "what share of my orders fell in December, counting
 * all three years?": a quarter (months, a season) of every year pooled, as a share of every year's figure together
 * (the date reader had taken the clock's latest such quarter and left the share unread: a refusal). One share,
 * the part a filter on the quarter (month) of the year; only for a sum or a count with no breakdown and no year named,
 * and only when every word left unread is one of the part's or the pooling's.
 */
export function pooledShare(question: string, plan: Plan, unexplained: readonly string[]): Plan | undefined {
  const time = plan.timeDimension;
  if (!time || !SHARE_OF_WHOLE.test(question) || !POOLED_SHARE_CUE.test(question) || A_YEAR.test(question))
    return undefined;
  // ("what share of all Q1 revenue came from each year?": the quarter is the whole's scope, each year a part.)
  if (SHARE_OF.test(question) || /\b(?:each|per|by)\s+year\b|\byear\s+by\s+year\b/i.test(question))
    return undefined;
  if (plan.dimensions.length > 0 || plan.having || plan.perGroup || plan.top) return undefined;
  // ("... fell in a fourth quarter": the verb of landing in the part, read as a fall; no other word of a change.)
  const landed =
    LANDED_IN.test(question) && !MOVED.test(question.replace(new RegExp(LANDED_IN.source, 'gi'), ' '));
  if (plan.change && !landed) return undefined;
  if (plan.share?.part || plan.share?.top || plan.share?.rows?.numbers.length) return undefined;
  const measure = plan.measures[0];
  if (plan.measures.length !== 1 || !measure || !['sum', 'count'].includes(measure.aggType ?? ''))
    return undefined;
  // (The fall read from "fell in" leaves its own words: "change of a percentage".)
  const read = (w: string) =>
    w.split(/\s+/).every((x) => POOLED_WORDS.has(x) || /^[2-4]$/.test(x) || (landed && x === 'change'));
  if (!unexplained.every(read)) return undefined;
  const part = pooledPart(question);
  if (!part) return undefined;
  const member = ofYear(time, part.unit);
  const { range: _r, compare: _c, anyOf: _a, grain: _g, change: _fell, ...rest } = plan;
  return { ...rest, share: { part: { member, values: part.values, negate: false } } };
}
