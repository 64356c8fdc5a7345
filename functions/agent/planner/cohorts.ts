/**
 * Cohort readings (issue 29, README "Evaluating the analyst", second-order questions): the later activity of a cohort. "Of the
 * customers whose first order was in Q1 2023, how many also ordered in Q4 2025" (a first-date cohort with
 * rows in a later period), and "customers who signed up in Q3 2022, how many of them ordered in 2025" (a
 * signup cohort counted as people, not as their orders).
 */
import type { CatalogCube, CatalogMember } from './catalog';
import type { Grain, Parsed, Period, Plan, Token } from './plan';
import { startDate } from './readings';
import { words } from './text';
import { GRAIN_WORDS } from './vocabulary';

/** Verbs of having rows in a period ("ordered", "bought again", "placed an order", "were still buying"). */
const ACTIVE_VERBS = new Set([
  'ordered',
  'order',
  'orders',
  'bought',
  'buy',
  'buying',
  'purchased',
  'purchase',
  'purchasing',
  'placed',
  'place',
  'shopped',
  'shop',
  'ordering',
]);
/** Words of a repeat that only stress the later period ("also", "still", "again"). */
const REPEAT_WORDS = new Set(['also', 'still', 'again', 'later', 'then', 'ever']);
/** Words that may sit between the cohort's period and the verb ("..., how many of them were still ..."). */
const BRIDGE = new Set([
  'how',
  'many',
  'of',
  'them',
  'those',
  'these',
  'did',
  'do',
  'have',
  'had',
  'has',
  'were',
  'was',
  'are',
  'an',
  'a',
  'any',
  'one',
  'in',
  'during',
  'and',
  'who',
  'that',
  'the',
  'customers',
  'customer',
  'buyers',
  // "what percentage (also ordered)", "what share of them": the share is read by the caller.
  'what',
  'percent',
  'percentage',
  'pct',
  'share',
  'proportion',
  'fraction',
]);

/**
 * "(of the customers whose first order was in P1,) how many also ordered in P2": the cohort's period and the
 * later one in which its entities have rows. Claims the verb and the repeat words; undefined unless the words
 * between the two periods are only those of such a clause.
 */
export function findRetention(
  tokens: Token[],
  periods: { period: Period; at: number }[],
  firstAt: number,
): { cohort: { period: Period; at: number }; later: { period: Period; at: number } } | undefined {
  const cohort = periods.find((p) => p.at > firstAt && p.at - firstAt <= 6);
  const later = periods.find((p) => cohort && p.at > cohort.at);
  if (!cohort || !later || periods.length !== 2) return undefined;
  const between = tokens.slice(cohort.at + 1, later.at);
  const verbs = between.filter((t) => ACTIVE_VERBS.has(t.raw) || ACTIVE_VERBS.has(t.stem));
  if (verbs.length === 0) return undefined;
  // Anything else between them ("of furniture", "spent") is a condition this reading does not hold.
  const plain = between.every(
    (t) =>
      t.used ||
      ACTIVE_VERBS.has(t.raw) ||
      ACTIVE_VERBS.has(t.stem) ||
      REPEAT_WORDS.has(t.raw) ||
      BRIDGE.has(t.raw) ||
      /^\d{4}$/.test(t.raw),
  );
  if (!plain) return undefined;
  for (const t of between)
    if (ACTIVE_VERBS.has(t.raw) || ACTIVE_VERBS.has(t.stem) || REPEAT_WORDS.has(t.raw)) t.used = true;
  return { cohort, later };
}

/** Pronouns and nouns that stand for the people of a cohort after "how many (of)". */
const PEOPLE_WORDS = new Set(['them', 'those', 'these', 'customer', 'buyer', 'signup', 'client', 'people']);

/**
 * "customers who joined in Q3 2022: how many of them placed an order in 2025": how many people, not how many
 * orders. The distinct count of the cube's people when "how many" is of them and a buying verb says they had
 * rows; undefined otherwise.
 */
export function cohortHeadcount(tokens: Token[], cube: CatalogCube): CatalogMember | undefined {
  const raws = tokens.map((t) => t.raw);
  const how = raws.findIndex((w, i) => w === 'how' && raws[i + 1] === 'many');
  if (how < 0) return undefined;
  let k = how + 2;
  while (['of', 'the', 'my', 'our'].includes(raws[k] ?? '')) k++;
  const who = tokens[k];
  if (!who || !PEOPLE_WORDS.has(who.stem)) return undefined;
  const acted = tokens.slice(k + 1).some((t) => ACTIVE_VERBS.has(t.raw) || ACTIVE_VERBS.has(t.stem));
  if (!acted) return undefined;
  return cube.members.find(
    (m) => m.kind === 'measure' && m.aggType === 'count_distinct' && m.titleWords.includes('customer'),
  );
}

/** Verbs after "first" that mean the first row ("first ordered", "first bought"). */
const FIRST_VERBS = new Set(['ordered', 'bought', 'purchased', 'shopped', 'buy', 'purchase', 'purchases']);

/**
 * "customers who first ordered in Jan 2023": the verb read as the rows' noun ("first order") so the first-date
 * reading finds it. Only where the cube counts rows by a noun.
 */
export function readFirstVerb(tokens: Token[], cube: CatalogCube): void {
  const rows = cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  const noun = rows?.titleWords.at(-1);
  if (!noun || noun === 'customer' || noun === 'customers') return;
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.used || t.raw !== 'first' || !next || next.used) return;
    // "their very first order": "very" only stresses it.
    const very = tokens[i - 1];
    if (very?.raw === 'very') very.used = true;
    if (!FIRST_VERBS.has(next.raw)) return;
    next.raw = noun.replace(/s$/, '');
    next.stem = next.raw;
  });
}

/**
 * What a first-date reading cannot hold, to refuse rather than drop it: two periods neither a total nor a
 * later activity took ("first order in Feb 2023 who ordered furniture in 2025"), or a comparison of amounts
 * ("how many ... whose first order was in Jan 2023 spent over 500"), which would filter the first rows.
 */
export function firstDateLeft(read: {
  first: boolean;
  compare: Period[] | undefined;
  numberFilters: number;
  later: boolean;
  total: boolean;
  countAsked: boolean;
}): string[] {
  if (!read.first) return [];
  const left: string[] = [];
  if (read.compare && read.compare.length >= 2 && !read.later)
    left.push('a second period for a first-date cohort');
  if (read.numberFilters > 0) left.push('an amount condition on a first-date cohort');
  if (read.total && read.countAsked) left.push('how many of a first-date cohort');
  return left;
}

/** Words that point back at the people the previous question counted ("they", "that group", "this cohort"). */
const BACK_WORDS =
  /\b(they|them|their|those|these|that group|this group|the group|that cohort|this cohort|the cohort)\b/;
const GROUP_NOUNS = new Set(['group', 'cohort', 'bunch', 'lot']);

/** Whether a question points back at the people the previous one counted. */
export const refersBack = (question: string) => BACK_WORDS.test(words(question).join(' '));

/** Whether the previous plan counted a cohort that a pointing-back question is about (read afresh, not merged). */
export const cohortBehind = (previous: Plan | undefined, question: string) =>
  previous !== undefined &&
  refersBack(question) &&
  previous.dimensions.length === 0 &&
  !previous.grain &&
  (cohortOf(previous) !== undefined || (previous.first !== undefined && previous.range !== undefined));

/** The cohort (a start date's period) a plan counted people by, if it did. */
function cohortOf(plan: Plan): { range: Period } | undefined {
  const start = startDate(plan.cube);
  if (!start) return undefined;
  if (plan.also?.member === start) return { range: plan.also.range };
  if (plan.timeDimension === start && plan.range && !plan.grain) return { range: plan.range };
  return undefined;
}

/**
 * "how many customers joined in Q2 2022?" then "how much did they spend in 2024?": the new question is about
 * that cohort, so its start-date period carries over onto the new plan's rows. Returns the plan with the
 * cohort, or why it cannot carry (the new reading has no start date, or one of its own already).
 */
export function carryCohort(
  previous: Plan | undefined,
  question: string,
  parsed: Parsed,
  plan: Plan,
): { plan: Plan; unexplained: string[] } | { refuse: string } | undefined {
  if (!previous || !cohortBehind(previous, question)) return undefined;
  const unexplained = parsed.unexplained.filter((w) => !GROUP_NOUNS.has(w));
  // "customers whose first order was in March 2023" then "how many orders did that cohort place in 2025".
  const first = previous.first;
  if (first && previous.range && !first.later && first.output !== 'total') {
    const total = plan.measures[0];
    const plain =
      plan.measures.length === 1 &&
      (total?.aggType === 'sum' || total?.aggType === 'count') &&
      plan.dimensions.length === 0 &&
      !plan.grain &&
      !plan.compare &&
      !plan.having &&
      !plan.first &&
      !plan.percentile &&
      !plan.change &&
      plan.cube === previous.cube;
    if (!plain || !total)
      return { refuse: 'the first-order cohort of the previous question, together with this question' };
    const time = previous.timeDimension;
    return {
      plan: {
        ...plan,
        ...(time ? { timeDimension: time } : {}),
        first: { entity: first.entity, output: 'total', range: previous.range, total },
      },
      unexplained,
    };
  }
  const cohort = cohortOf(previous);
  if (!cohort) return undefined;
  const start = startDate(plan.cube);
  if (!start || plan.also || (plan.timeDimension === start && plan.range))
    return { refuse: 'the cohort of the previous question, together with this question' };
  return {
    plan: { ...plan, also: { member: start, range: cohort.range } },
    unexplained,
  };
}

/** "that cohort" pointing back at the previous question's people is no new cohort: read as "that group". */
export const pointedCohort = (previous: Plan | undefined, question: string) =>
  cohortBehind(previous, question) ? question.replace(/\b(that|this|the) cohort\b/gi, '$1 group') : question;

/** Words that open a restatement of what "new" means ("counting a customer as new in ...", "based on"). */
const DEFINE_WORDS = new Set(['counting', 'count', 'defining', 'defined', 'meaning', 'based', 'treating']);
/** Words a restatement of a first-date reading is made of, besides its grain and entity words. */
const DEFINE_LINKS = new Set([
  'a',
  'an',
  'as',
  'the',
  'of',
  'their',
  'its',
  'in',
  'on',
  'by',
  'that',
  'this',
  'new',
  'is',
  'when',
  'they',
  'them',
  'each',
  'every',
]);

/**
 * "new customers each month, counting a customer as new in the month of their first order", "(new = first order
 * that quarter)", "based on first order date": words that only restate the first-date reading already read (its
 * grain, "new", the entity, the first row's date) are claimed; a restatement holding any other word is left
 * for the caller to refuse as not understood.
 */
export function claimFirstDefinition(
  tokens: Token[],
  grain: Grain | undefined,
  entityKeys: Set<string>,
): void {
  const first = tokens.findIndex((t) => t.used && t.raw === 'first');
  if (first < 0) return;
  const restates = (t: Token) =>
    DEFINE_LINKS.has(t.raw) ||
    (grain !== undefined && GRAIN_WORDS[t.raw] === grain) ||
    entityKeys.has(t.stem) ||
    t.raw === 'date';
  // Back from "first" to a defining word (or to the "new" right before it).
  let start = first;
  for (let k = first - 1; k >= Math.max(0, first - 10); k--) {
    const t = tokens[k];
    if (!t) break;
    if (DEFINE_WORDS.has(t.raw)) {
      start = k;
      break;
    }
    if (!t.used && !restates(t)) break;
    if (t.raw === 'new' && k === first - 1) start = k;
  }
  // Forward from the first row's noun: "date", "that quarter", "in the month".
  let end = first + 1;
  for (let k = first + 2; k < Math.min(tokens.length, first + 5); k++) {
    const t = tokens[k];
    if (!t || (!t.used && !restates(t))) break;
    if (t.raw === 'date' || (grain !== undefined && GRAIN_WORDS[t.raw] === grain)) end = k;
  }
  for (let k = start; k <= end; k++) {
    const t = tokens[k];
    if (t && !t.used && (k === start || restates(t))) t.used = true;
  }
}

/** Words before "of their first order" that name its date, which a first-date reading holds. */
const DATE_OF = new Set(['date', 'day', 'time', 'period', 'week', 'month', 'quarter', 'year', 'when']);

/**
 * "customers by the product category of their first-ever order": an attribute of each entity's first row, which a
 * first-date reading (the first row's date only) does not hold; named so the question is refused, not answered
 * with the attribute's values' own first dates.
 */
export function firstAttributeLeft(tokens: Token[], first: boolean): string[] {
  if (!first) return [];
  const at = tokens.findIndex((t) => t.raw === 'first');
  if (at < 0) return [];
  // "a furniture order as their very first purchase", "whose first order was a toy order": a value of the first
  // row, which a filter on all the rows would not give.
  const asFirst = tokens.some(
    (t, i) => t.raw === 'as' && tokens.slice(i + 1, i + 4).some((w) => w.raw === 'first'),
  );
  const was = tokens.findIndex((t, i) => ['was', 'were'].includes(t.raw) && i > at && i - at <= 3);
  const after =
    tokens[was + 1]?.raw === 'a' || tokens[was + 1]?.raw === 'an' ? tokens[was + 2] : tokens[was + 1];
  const valueAfter =
    was >= 0 && after?.used === true && !/^\d/.test(after.raw) && !['in', 'on', 'during'].includes(after.raw);
  if (asFirst || valueAfter) return [`what the first ${tokens[at + 1]?.raw ?? 'row'} was`];
  let k = at - 1;
  if (tokens[k]?.raw === 'very') k--;
  if (!['their', 'its', 'the', 'his', 'her', 'each'].includes(tokens[k]?.raw ?? '')) return [];
  if (tokens[k - 1]?.raw !== 'of') return [];
  const named = tokens[k - 2];
  if (!named || DATE_OF.has(named.stem) || DATE_OF.has(named.raw) || GRAIN_WORDS[named.raw]) return [];
  return [`the ${named.raw} of the first ${tokens[at + 1]?.raw ?? 'row'}`];
}

/** Verbs of winning people ("gained", "picked up", "landed") that say nothing of a change. */
export const WIN_VERBS = new Set([
  'gain',
  'gained',
  'gains',
  'win',
  'won',
  'land',
  'landed',
  'acquire',
  'acquired',
  'pick',
  'picked',
  'add',
  'added',
  // "net new logos we signed", "new accounts onboarded": not "signed up", a signup (claimWinVerbs).
  'sign',
  'signed',
  'onboard',
  'onboarded',
]);
const PEOPLE_STEMS = new Set(['customer', 'client', 'buyer', 'shopper', 'account']);

/**
 * "How many new customers did we gain in 2024?", "new customers we picked up each quarter": the verb wins the
 * new people; it is no change over time ("gain" would read as growth). Claimed only beside "new <people>".
 */
export function claimWinVerbs(tokens: Token[]): void {
  // "brand new", "brand-new": only stresses "new".
  tokens.forEach((t, i) => {
    if (t.raw === 'brand' && tokens[i + 1]?.raw === 'new') t.used = true;
  });
  const isNew = tokens.some(
    (t, i) =>
      t.raw === 'new' &&
      [tokens[i + 1], tokens[i + 2]].some((x) => x !== undefined && PEOPLE_STEMS.has(x.stem)),
  );
  if (!isNew) return;
  tokens.forEach((t, i) => {
    if (t.used || !WIN_VERBS.has(t.raw)) return;
    if (t.raw.startsWith('sign') && tokens[i + 1]?.raw === 'up') return;
    t.used = true;
    const up = tokens[i + 1];
    if (up?.raw === 'up' && (t.raw === 'pick' || t.raw === 'picked')) up.used = true;
  });
}

/**
 * "The customers whose very first order was in February 2023 - how much did that group spend in 2025?": "that
 * group" (or "cohort") points at the first-date cohort the same question named.
 */
export function claimCohortPointer(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const before = tokens[i - 1];
    if (!t.used && GROUP_NOUNS.has(t.raw) && ['that', 'this', 'the'].includes(before?.raw ?? '')) {
      t.used = true;
      if (before) before.used = true;
    }
  });
}
