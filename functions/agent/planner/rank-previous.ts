/**
 * Follow-ups that rank the previous answer's change (issue 29, docs/analyst.md "Period over period"): after
 * "orders by category in 2024 and 2025", "which one fell the most, in percent?" ranks those categories by their
 * change between those two periods, of that measure. Read on its own, the follow-up would default to another
 * measure and the last two years, and drop the breakdown: a confident wrong answer.
 */
import { merge } from './follow-up';
import type { Parsed, Plan } from './plan';
import { words } from './text';

/** Words that point back at the previous breakdown's rows ("which one", "rank them", "which of these"). */
const POINTERS = new Set([
  'which',
  'one',
  'ones',
  'them',
  'these',
  'those',
  'they',
  'rank',
  'ranked',
  'sort',
  'order',
]);

/**
 * The previous plan ranked by the follow-up's change, when the previous plan compared two periods over a
 * breakdown and the follow-up asks for a ranking of the change without naming a measure, a breakdown or a
 * period of its own; undefined otherwise.
 */
export function rankPrevious(previous: Plan | undefined, question: string, parsed: Parsed): Plan | undefined {
  if (!previous || !parsed.change) return undefined;
  if (previous.compare?.length !== 2 || previous.dimensions.length !== 1) return undefined;
  if (previous.having || previous.perGroup || previous.first || previous.percentile) return undefined;
  const raws = words(question);
  // Its own period (a number) or its own measure or breakdown make it a question of its own.
  if (raws.some((w) => /\d/.test(w)) || parsed.measureNamed) return undefined;
  const [dimension] = previous.dimensions;
  const own = parsed.dimensions.filter((d) => d !== dimension);
  if (own.length > 0 || parsed.grain) return undefined;
  if (!raws.some((w) => POINTERS.has(w)) && parsed.dimensions.length === 0) return undefined;
  return merge(
    { ...previous, top: undefined },
    { ...parsed, measures: [], dimensions: [], range: undefined, compare: undefined },
  );
}

/** Verbs asking for the entities themselves. */
const LIST_VERBS = new Set(['list', 'show', 'name', 'names', 'who', 'which', 'give']);
/** Words pointing at the entities just counted. */
const COUNTED = new Set(['them', 'they', 'those', 'these', 'ones']);

/**
 * "how many customers have more than 58 orders?" then "list them with their order counts": the same entities,
 * listed with their figure, not a count of all customers.
 */
export function listPrevious(previous: Plan | undefined, question: string): Plan | undefined {
  const having = previous?.having;
  if (!previous || having?.output !== 'count' || previous.dimensions.length > 0) return undefined;
  const raws = words(question);
  if (raws.some((w) => /\d/.test(w))) return undefined;
  if (!raws.some((w) => LIST_VERBS.has(w)) || !raws.some((w) => COUNTED.has(w))) return undefined;
  return { ...previous, having: { ...having, output: 'list' } };
}
