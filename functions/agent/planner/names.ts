/**
 * Members in the asker's words: the word they used ("revenue") with the model's title beside it when it differs
 * ("revenue (total amount)"), so an answer reads as an answer to their question and still names the field.
 */
import { spelledStem } from './asker';
import type { CatalogCube, CatalogMember } from './catalog';
import { formatFigure } from './format';
import { dimensionKeys } from './members';
import { periodRelativeWords } from './period-relative';
import type { EntityCondition, Plan, RowAggregate, Token } from './plan';
import { startDate } from './readings';
import { stem, words } from './text';

/** The rows' own noun ("order"), from the cube's count of rows, never the measure asked (a count of customers). */
export const rowNoun = (cube: CatalogCube): string =>
  cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count')?.titleWords.at(-1) ?? 'row';

/** Words that name how a measure aggregates, not what it is of. */
const GENERIC = new Set(['total', 'sum', 'number', 'count', 'average', 'avg', 'mean', 'how', 'many', 'much']);

/** Words that qualify a count as one of distinct things ("unique customers"). */
const DISTINCT_WORDS = new Set(['unique', 'distinct', 'different', 'individual']);

/** The words a question used for members, where they are one of the member's other names, by column. */
export function termsOf(
  tokens: readonly Token[],
  members: readonly CatalogMember[],
  all: readonly CatalogMember[] = members,
): Record<string, string> {
  const terms: Record<string, string> = {};
  // A word in any member's title ("order" of Number of orders) names that member, not this one; a dimension's
  // title word only where the question writes that title ("sales region", not "sales by territory").
  const measureTitled = new Set(all.flatMap((m) => (m.kind === 'measure' ? m.titleWords : [])));
  const titledAt = (i: number) => {
    const t = tokens[i];
    if (!t) return false;
    if (measureTitled.has(t.stem)) return true;
    return all.some(
      (m) =>
        m.kind === 'dimension' &&
        m.titleWords.includes(t.stem) &&
        m.titleWords.length > 1 &&
        m.titleWords.every((w, k) => tokens[i - m.titleWords.indexOf(t.stem) + k]?.stem === w),
    );
  };
  for (const m of members) {
    // "mean": the asker's word for an average, said back in the title ("mean amount").
    if (m.aggType === 'avg' && tokens.some((t) => t.raw === 'mean') && /^average\b/i.test(m.title)) {
      terms[m.column] = meanTitle(m);
      continue;
    }
    // A phrase the model gives ("average order value"), as the asker wrote it.
    const phrase = m.namePhrases
      .map((p) => p.split(' '))
      .flatMap((stems) =>
        tokens.flatMap((_, i) =>
          stems.every((w, k) => {
            const t = tokens[i + k];
            return t !== undefined && spelledStem(t) === w;
          })
            ? [
                tokens
                  .slice(i, i + stems.length)
                  .map((t) => t.raw)
                  .join(' '),
              ]
            : [],
        ),
      )[0];
    if (phrase) {
      if (phrase !== m.title.toLowerCase()) terms[m.column] = phrase;
      continue;
    }
    // "unique customers", "distinct buyers": a distinct count as the asker qualified it.
    const at = tokens.findIndex(
      (t, i) =>
        i > 0 &&
        DISTINCT_WORDS.has(tokens[i - 1]?.raw ?? '') &&
        [...m.titleWords, ...m.names].includes(t.stem),
    );
    if (m.aggType === 'count_distinct' && at > 0) {
      terms[m.column] = `${tokens[at - 1]?.raw} ${tokens[at]?.asked ?? tokens[at]?.raw}`;
      continue;
    }
    const word = tokens.find(
      (t, i) =>
        !GENERIC.has(t.raw) &&
        !titledAt(i) &&
        m.names.includes(t.stem) &&
        !m.titleWords.includes(t.stem) &&
        // The word as written, not a verb form that stems to it ("sold" for sales).
        t.raw.slice(0, 3) === t.stem.slice(0, 3),
    );
    if (word) terms[m.column] = word.raw.length <= 3 ? word.raw.toUpperCase() : word.raw;
  }
  return terms;
}

/**
 * A member as the answer names it, lowercase: a measure by the asker's word when the model declares it one of
 * the measure's names ("revenue": the model's own name for Total amount, so no other title beside it), other
 * words and dimensions with the title beside them ("AOV (average amount)", "territory (sales region)"), or
 * its title.
 */
export function nameOf(plan: Pick<Plan, 'terms'>, m: CatalogMember): string {
  const title = m.title.toLowerCase();
  const term = plan.terms?.[m.column];
  if (!term || term.toLowerCase() === title) return title;
  if (term === meanTitle(m)) return term;
  // (Shorthand, "AOV", keeps the title beside it: the letters do not say what is measured.)
  const shorthand = /^[A-Z]{2,5}$/.test(term);
  if (shorthand) return `${term} (${spelledOut(m, term) ?? title})`;
  return m.kind === 'measure' && declared(m, term) ? term : `${term} (${title})`;
}

/** An average's title with the asker's "mean" for "average" ("mean amount"). */
const meanTitle = (m: CatalogMember) => m.title.toLowerCase().replace(/^average\b/, 'mean');

/** The model's own longer name whose initials the shorthand is ("average order value" for AOV), if it has one. */
const spelledOut = (m: CatalogMember, term: string) =>
  m.spelled?.find(
    (p) =>
      p
        .split(/\s+/)
        .map((w) => w.charAt(0))
        .join('') === term.toLowerCase(),
  );

/** A word or phrase the model gives a member among its other names (synonyms, a description's list). */
const declared = (m: CatalogMember, term: string) => {
  const stems = words(term)
    .map((w) => spelledStem({ raw: w, stem: stem(w) }))
    .join(' ');
  return m.names.includes(stems) || m.namePhrases.includes(stems);
};

export const capitalise = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/**
 * The verb a measure's name takes: "are" after a plural word of the asker's for an amount ("the sales are", "the
 * revenues are"), "is" otherwise ("the number of orders is", "the revenue is", "the buyers (number of customers)
 * is": a count is one number of them).
 */
export function isOrAre(name: string, m?: Pick<CatalogMember, 'aggType'>): 'is' | 'are' {
  if (m && ['count', 'count_distinct'].includes(m.aggType ?? '')) return 'is';
  const head = name.replace(/\s*\(.*$/, '').trim();
  if (/\bof\b/.test(head)) return 'is';
  const last = head.split(/\s+/).at(-1) ?? '';
  return /^[a-z]{3,}[^su]s$/.test(last) ? 'are' : 'is';
}

/** A column name for an entity count: "customers" for Customer name. */
export function entityWord(member: CatalogMember): string {
  const keys = dimensionKeys(member);
  const word = keys.derived[0] ?? keys.single[0] ?? member.column;
  return /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
}

const OP_WORDS = {
  '>': 'more than',
  '>=': 'at least',
  '<': 'fewer than',
  '<=': 'at most',
  '=': 'exactly',
} as const;

/** "with more than 60 orders", "whose revenue (total amount) is over $10,000.00". */
export function conditionWords(plan: Plan): string {
  const h = plan.having;
  if (!h) return '';
  if (h.clauses) {
    const words = rowConditionWords(plan, h.clauses);
    // ("the top 5 by AOV, min 10 orders": the first of those meeting the conditions.)
    const rank = h.rankBy;
    return rank
      ? `${words}: the ${rank.n} with the ${rank.direction === 'asc' ? 'lowest' : 'highest'} ${nameOf(plan, rank.measure).toLowerCase()}`
      : words;
  }
  // "with orders in every month", "with orders in every product category"
  if (h.spread) {
    const noun = plan.terms?.[h.measure.column] ?? h.measure.titleWords.at(-1) ?? 'row';
    const what = h.spread.member ? nameOf(plan, h.spread.member) : h.spread.grain;
    // "bought toys and electronics": rows of each value named (both-values.ts).
    const named = plan.filters.find((f) => f.member === h.spread?.member);
    // "with orders in at least 3 product categories"
    if (h.spread.compared) {
      const kinds =
        h.value === 1 && h.op === '='
          ? (what ?? 'period')
          : `${(what ?? 'period').replace(/([^aeiou])y$/, '$1ie')}s`;
      return `with ${noun.replace(/s$/, '')}s in ${OP_WORDS[h.op]} ${h.value} ${kinds}`;
    }
    if (h.spread.count && named)
      return `with ${noun.replace(/s$/, '')}s of each of ${named.values.join(' and ')} (${what})`;
    return `with ${noun.replace(/s$/, '')}s in every ${what ?? 'period'}`;
  }
  // "with more orders in 2025 than in 2024", "whose revenue was higher in 2025 than in 2024" (entity-versus.ts).
  if (h.versus?.stopped) {
    const noun = plan.terms?.[h.measure.column] ?? h.measure.titleWords.at(-1) ?? 'row';
    return `with ${noun.replace(/s$/, '')}s in ${h.versus.earlier.label} and none in ${h.versus.later.label}`;
  }
  if (h.versus) {
    const by = h.versus.by;
    const size = by
      ? ` by ${by.strict ? 'more than' : 'at least'} ${by.percent !== undefined ? `${by.percent}%` : h.measure.aggType === 'count' ? `${by.amount} ${by.amount === 1 ? 'order' : 'orders'}` : `$${(by.amount ?? 0).toLocaleString('en-US')}`}`
      : '';
    const when = `in ${h.versus.later.label} than in ${h.versus.earlier.label}${size}`;
    if (h.measure.aggType === 'count') {
      const noun = plan.terms?.[h.measure.column] ?? h.measure.titleWords.at(-1) ?? 'row';
      return `with ${h.op === '<' ? 'fewer' : 'more'} ${noun.replace(/s$/, '')}s ${when}`;
    }
    return `whose ${nameOf(plan, h.measure)} was ${h.op === '<' ? 'lower' : 'higher'} ${when}`;
  }
  // "the customer with the most orders": ranked first, ties kept (ranked-within.ts).
  if (h.rank) {
    const noun = plan.terms?.[h.measure.column] ?? h.measure.titleWords.at(-1) ?? 'rows';
    const most = h.rank.direction === 'desc' ? 'most' : 'fewest';
    const first = h.rank.n > 1 ? `among the ${h.rank.n} ` : '';
    return `with the ${first}${most} ${noun.replace(/s$/, '')}s (ties included)`;
  }
  const words = (c: { measure: CatalogMember; op: EntityCondition['op']; value: number }) => {
    // "with more orders than their month's average day" (period-relative.ts)
    if (c === h && h.vsPeriod && h.grain) {
      const noun = plan.terms?.[c.measure.column] ?? c.measure.titleWords.at(-1) ?? 'rows';
      const up = c.op === '>' || c.op === '>=';
      return periodRelativeWords(
        up,
        c.measure.aggType === 'count',
        noun,
        nameOf(plan, c.measure),
        h.vsPeriod,
        h.grain,
        c.op === '>=' || c.op === '<=',
      );
    }
    // "with more orders than the average customer", "whose spend is over the average customer's"
    if (c === h && h.vsAverage) {
      const who = entityWord(h.entity).replace(/s$/, '');
      const average = h.vsAverage === 'median' ? 'median' : 'average';
      const up = c.op === '>' || c.op === '>=';
      if (c.measure.aggType === 'count') {
        const noun = plan.terms?.[c.measure.column] ?? c.measure.titleWords.at(-1) ?? 'rows';
        return `with ${up ? 'more' : 'fewer'} ${noun.replace(/s$/, '')}s than the ${average} ${who}`;
      }
      return `whose ${nameOf(plan, c.measure)} ${isOrAre(nameOf(plan, c.measure), c.measure)} ${up ? 'over' : 'under'} the ${average} ${who}'s`;
    }
    // "with no orders where status is returned"
    if (c === h && h.rows && h.op === '=' && h.value === 0) {
      const noun = plan.terms?.[c.measure.column] ?? c.measure.titleWords.at(-1) ?? 'row';
      const where = [h.rows, ...(h.rowsAlso ?? [])]
        .map((f) => `${nameOf(plan, f.member)} is ${f.values.join(' or ')}`)
        .join(' and ');
      // "with only orders where product category is grocery"
      if (h.only) return `with only ${noun.replace(/s$/, '')}s where ${where}`;
      return `with no ${noun.replace(/s$/, '')}s where ${where}`;
    }
    if (c.measure.aggType === 'count') {
      const noun = plan.terms?.[c.measure.column] ?? c.measure.titleWords.at(-1) ?? 'rows';
      const op = c.op === '<' ? 'fewer than' : OP_WORDS[c.op];
      const singular = noun.replace(/s$/, '');
      return `with ${op} ${formatFigure(c.measure, c.value)} ${c.value === 1 ? singular : `${singular}s`}`;
    }
    const op = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most', '=': 'exactly' }[c.op];
    return `whose ${nameOf(plan, c.measure)} ${isOrAre(nameOf(plan, c.measure), c.measure)} ${op} ${formatFigure(c.measure, c.value)}`;
  };
  return [h, ...(h.and ?? [])].map(words).join(' and ');
}

/**
 * The grain as the answer names it: "quarter", or "signup quarter" when the periods are of a time dimension
 * that dates when things began beside others (the customer's signup date in a view of orders), so a cohort never reads as
 * the order's own period.
 */
export function grainText(plan: Pick<Plan, 'grain' | 'timeDimension' | 'cube'>): string | undefined {
  if (!plan.grain) return undefined;
  const time = cohortTime(plan);
  if (!time) return plan.grain;
  const own = time.title
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !['date', 'time', 'at', 'day', 'timestamp'].includes(w));
  return `${own.length > 0 ? own.join(' ') : time.title.toLowerCase()} ${plan.grain}`;
}

/** The plan's time dimension when it is a start date beside others (a signup date in a view of orders). */
export function cohortTime(plan: Pick<Plan, 'timeDimension' | 'cube'>): CatalogMember | undefined {
  const time = plan.timeDimension;
  const times = plan.cube.members.filter((m) => m.kind === 'dimension' && m.type === 'time');
  return time && times.length > 1 && startDate(plan.cube)?.column === time.column ? time : undefined;
}

const AMOUNT_OPS = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most', '=': 'exactly' } as const;

/** "returned orders", "orders of under $20.00", "cancelled orders in 2023": the rows an aggregate counts. */
function rowsWords(plan: Plan, a: RowAggregate, one = false): string {
  const noun = (plan.terms?.[a.measure.column] ?? a.measure.titleWords.at(-1) ?? 'row').replace(/s$/, '');
  const kinds = (a.kind ?? [])
    .filter((f) => !f.negate)
    .map((f) => f.values.join(' or '))
    .join(' ');
  // ("all completed": no orders other than completed ones.)
  const other = (a.kind ?? [])
    .filter((f) => f.negate)
    .map((f) => ` other than ${f.values.join(' or ')} ones`)
    .join('');
  const bound = a.bound ? ` of ${AMOUNT_OPS[a.bound.op]} ${formatFigure(a.bound.member, a.bound.value)}` : '';
  const period = a.period ? ` in ${a.period.label}` : '';
  return `${kinds ? `${kinds} ` : ''}${noun}${one ? '' : 's'}${other}${bound}${period}`;
}

/** "toys", "grocery or toys": the values an aggregate's rows are of. */
const kindsWords = (a: RowAggregate) =>
  (a.kind ?? [])
    .filter((f) => !f.negate)
    .map((f) => f.values.join(' or '))
    .join(' ');

/** "with exactly 1 returned orders and no cancelled orders", "whose largest order amount is under $900.00" (row-conditions.ts). */
function rowConditionWords(plan: Plan, clauses: NonNullable<EntityCondition['clauses']>): string {
  return clauses
    .map((c) => {
      // ("who spent more on toys orders than on clothing orders")
      if (c.against && c.summed && c.against.summed)
        return `who spent ${c.op === '<' ? 'less' : 'more'} on ${kindsWords(c)} than on ${kindsWords(c.against)}`;
      if (c.against)
        return `with ${c.op === '<' ? 'fewer' : 'more'} ${rowsWords(plan, c)} than ${rowsWords(plan, c.against)}`;
      if (c.measure.aggType === 'count') {
        if (c.op === '=' && c.value === 0) return `with no ${rowsWords(plan, c)}`;
        return `with ${OP_WORDS[c.op]} ${c.value} ${rowsWords(plan, c, c.value === 1)}`;
      }
      return `whose ${nameOf(plan, c.measure)} ${isOrAre(nameOf(plan, c.measure), c.measure)} ${AMOUNT_OPS[c.op]} ${formatFigure(c.measure, c.value)}`;
    })
    .join(' and ');
}
