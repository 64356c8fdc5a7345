/**
 * One value set against everything else (issue 29, side by side): "enterprise customers vs everyone else: total
 * 2025 revenue", "average order value of west customers compared with all other customers", "electronics vs all
 * other categories", "returned orders: north vs the other regions combined", "fourth quarters vs all other
 * quarters", and the follow-up "and from everyone else?" after a question kept to one value. The rest is the
 * complement of the value's filter: read as a breakdown by a derived dimension (the value, or everything else),
 * one row each, computed in the query's own SQL as the day of the week is (weekdays.ts). The words of the rest
 * were unread before ("nothing for other": a refusal).
 *
 * Only a plain figure is split (no breakdown, change, ranking, share or condition on customers: a reading with
 * any of those is left to the other readers); the value split is the one filter of the noun the rest names
 * ("the other regions"), or the question's only filter of one value when the rest names people ("everyone
 * else"). Anything else is not read here.
 */
import type { CatalogMember } from './catalog';
import type { Plan, ValueFilter } from './plan';
import { dimensionSql, quote, valueCondition } from './sql';
import { derived } from './weekdays';

/** People said as the rest: the split is of whatever names them. */
const PEOPLE = /^(?:customers?|people|buyers?|clients?|accounts?|shoppers?|users?)$/;
/** "the rest (of the customers)", "everyone else", "all (the) others", "all (the) other categories (combined)". */
const REST =
  '(?:the\\s+rest(?:\\s+of\\s+(?:the\\s+|our\\s+|my\\s+)?([a-z]+)|(?!\\s+of\\b))|every(?:one|body)\\s+else|all\\s+(?:the\\s+)?others|the\\s+others|(?:all\\s+)?(?:the\\s+)?other\\s+([a-z]+)(?:\\s+(?:combined|together|put\\s+together|in\\s+total))?)';
/** The rest set against what comes before it. */
const AGAINST = new RegExp(
  `\\b(?:vs\\.?|versus|v\\.?|compared\\s+(?:to|with)|against|next\\s+to)\\s+${REST}(?=[\\s?.!,:;)]|$)`,
  'i',
);
/** A follow-up asking for the rest alone: "and from everyone else?", "what about all the other customers?". */
const REST_ALONE = new RegExp(
  `^\\s*(?:and|what\\s+about|how\\s+about)?\\s*(?:(?:from|for|of|by|among)\\s+)?${REST}\\s*[?.!]*\\s*$`,
  'i',
);

/** Plan fields a plain figure may carry; any other field set makes it no plain figure. */
const PLAIN = new Set([
  'cube',
  'measures',
  'dimensions',
  'timeDimension',
  'filters',
  'numberFilters',
  'range',
  'terms',
  'rounding',
  'definedAs',
  'spelled',
  'ignored',
]);

const plainFigure = (plan: Plan) =>
  plan.dimensions.length === 0 &&
  plan.measures.length > 0 &&
  Object.entries(plan).every(([k, v]) => v === undefined || PLAIN.has(k));

const nounOf = (m: CatalogMember) =>
  [m.title, m.column, ...m.titleWords, ...m.names].map((w) => w.toLowerCase());
const singular = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/s$/, '');

/** The filter the rest is the complement of: of the noun named, or the only one of one value beside people. */
function splitFilter(plan: Plan, noun: string | undefined): ValueFilter | undefined {
  const positive = plan.filters.filter((f) => !f.negate && f.values.length === 1);
  if (noun && !PEOPLE.test(noun)) {
    const named = positive.filter((f) => {
      const words = nounOf(f.member);
      return words.some(
        (w) => w === noun || w === singular(noun) || w.split(/[\s_]+/).includes(singular(noun)),
      );
    });
    return named.length === 1 ? named[0] : undefined;
  }
  return positive.length === 1 && plan.filters.length === 1 ? positive[0] : undefined;
}

/** The plan with `f` as a breakdown: its value, or everything else. */
function splitBy(plan: Plan, f: ValueFilter, noun: string | undefined): Plan {
  const [value = ''] = f.values;
  const rest = noun && !PEOPLE.test(noun) ? `all other ${noun}` : 'everyone else';
  const column = dimensionSql(f.member);
  const sql = `CASE WHEN ${valueCondition(column, f)} THEN ${quote(value)} WHEN ${column} IS NOT NULL THEN ${quote(rest)} END`;
  const member = derived(f.member, sql, {
    column: `${f.member.column}_or_rest`,
    title: `${f.member.title}: ${value} or ${rest}`,
    values: [value, rest],
  });
  return { ...plan, filters: plan.filters.filter((g) => g !== f), dimensions: [member] };
}

/**
 * "X vs everyone else ...": the question read without the rest's words (`read`), split into the value and the
 * rest; undefined when the question sets nothing against the rest or its reading is no plain figure of one value.
 */
export function restSplit(question: string, read: (text: string) => Plan | undefined): Plan | undefined {
  const said = AGAINST.exec(question);
  if (!said) return undefined;
  const noun = (said[1] ?? said[2])?.toLowerCase();
  const plan = read(`${question.slice(0, said.index)} ${question.slice(said.index + said[0].length)}`);
  if (!plan || !plainFigure(plan)) return undefined;
  const f = splitFilter(plan, noun);
  return f ? splitBy(plan, f, noun) : undefined;
}

/** "and from everyone else?" after a plain figure kept to one value: the figure of everything but that value. */
export function restFollowUp(previous: Plan, question: string): Plan | undefined {
  const said = REST_ALONE.exec(question);
  if (!said || !plainFigure(previous)) return undefined;
  const noun = (said[1] ?? said[2])?.toLowerCase();
  const f = splitFilter(previous, noun);
  return f
    ? { ...previous, filters: previous.filters.map((g) => (g === f ? { ...g, negate: true } : g)) }
    : undefined;
}
