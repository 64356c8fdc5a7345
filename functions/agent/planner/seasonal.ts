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
