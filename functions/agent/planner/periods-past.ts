/**
 * "How are sales this quarter tracking vs the same quarter last year" when this quarter lies wholly past the data
 * (issue 29, relative dates past the data): the same days a year back compare nothing, so the whole quarter a year
 * back is compared instead (the latest whole one the data may hold), and the answer says this quarter has no data.
 * Inside the data the same days a year back stay, a fair comparison of a quarter so far.
 */
import type { Plan } from './plan';

/** The plan with each year-back period widened to its whole unit, when every other compared period is past the data. */
export function wholeUnitBack(plan: Plan, data: { first: string; last: string }): Plan | undefined {
  const compare = plan.compare;
  if (!compare?.some((p) => p.whole)) return undefined;
  const others = compare.filter((p) => !p.whole);
  if (others.length === 0 || !others.every((p) => p.from > data.last)) return undefined;
  // ("this quarter vs the same quarter last year" with last year's quarter past the data too: both moved back together
  // as spans of the same days, steps.ts; a whole quarter against one so far was no comparison.)
  if (compare.some((p) => p.whole && p.whole.from > data.last)) return undefined;
  return { ...plan, compare: compare.map((p) => p.whole ?? p) };
}
