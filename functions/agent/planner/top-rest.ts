/**
 * The rows past a top N put together as one row (issue 29, top per group and combined shares): "top 3 categories by
 * 2025 revenue and everything else combined", "revenue from our top 10 customers vs all the rest". The words are
 * read away from the question (readRest) and the ranked plan gets `top.rest`; the query ranks the rows with
 * ROW_NUMBER (ties at the cut broken by the label, as a listing of N rows must) and sums every row past the N-th
 * into one labelled "everything else" (restSql). Only of a sum or a count over one breakdown: an average of the
 * rest is another figure, refused by the caller.
 */
import type { Plan } from './plan';
import { NUMBER_WORDS } from './vocabulary';

/** ", and everything else combined", "vs all the rest", "plus all other categories together", "& the others". */
const REST =
  /\s*,?\s*(?:and|plus|vs\.?|versus|with|&|\+|compared\s+(?:to|with)|against)\s+(?:then\s+)?(?:(?:all\s+)?(?:of\s+)?the\s+rest(?:\s+of\s+(?:them|the\s+[a-z]+))?|everything\s+else|everyone\s+else|all\s+(?:the\s+)?others|the\s+others|(?:all|every)\s+other\s+[a-z]+|(?:the\s+)?remaining\s+[a-z]+|(?:an?\s+)?others?\s+(?:row|bucket|line))(?:\s+(?:combined|together|as\s+one(?:\s+row)?|in\s+one\s+row|lumped(?:\s+together)?|grouped|bucketed|summed))?\b/i;

/** The label of the row of everything past the top N. */
export const REST_LABEL = 'everything else';

/** A top N said before them ("top 3", "our 10 biggest"): without one, "vs everyone else" is a cohort's (cohorts.ts). */
const COUNT = String.raw`(?:\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const TOP_N = new RegExp(
  String.raw`\b(?:top|bottom|best|worst|biggest|largest|highest|lowest)\s+${COUNT}\b|\b${COUNT}\s+(?:biggest|largest|best|top|highest)\b`,
  'i',
);

/** The question without the words asking for the rest as one row, and whether they were there. */
export function readRest(question: string): { text: string; rest?: true } {
  const m = REST.exec(question);
  if (!m || !TOP_N.test(question.slice(0, m.index))) return { text: question };
  return { text: `${question.slice(0, m.index)}${question.slice(m.index + m[0].length)}`, rest: true };
}

/** Why the rows past a top N cannot be put together beside this plan, or undefined when they can. */
export function restMisfit(plan: Plan): string | undefined {
  const top = plan.top;
  if (!top || top.n < 1 || top.nth || top.percent || top.span || top.withTotal)
    return 'I can put the rows past a top N together as one row beside a plain top N, not beside this question';
  if (
    plan.dimensions.length !== 1 ||
    plan.grain ||
    plan.compare ||
    plan.share ||
    plan.perGroup ||
    plan.overall
  )
    return 'I can put the rows past a top N together as one row beside a top N of one breakdown, not beside this one';
  if (plan.measures.length !== 1 || !['sum', 'count'].includes(plan.measures[0]?.aggType ?? ''))
    return 'the rows past a top N put together need a figure that adds up (a sum or a count): an average of the rest is another figure';
  return undefined;
}

/**
 * The top `n` rows of `grouped` (a grouped SELECT without ORDER BY, its columns `names`: the label, then the
 * ranked value) and one more row of every other row summed, ranked rows first.
 */
export function restSql(grouped: string, names: string[], n: number, direction: 'desc' | 'asc'): string {
  const [label = '', value = ''] = names;
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  return `WITH t AS (${grouped}), r AS (SELECT ${label} AS k, ${value} AS v, ROW_NUMBER() OVER (ORDER BY ${value} ${dir}, ${label}) AS rn FROM t) SELECT CASE WHEN rn <= ${n} THEN CAST(k AS VARCHAR) ELSE '${REST_LABEL}' END AS ${label}, SUM(v) AS ${value} FROM r GROUP BY 1 ORDER BY MIN(rn)`;
}
