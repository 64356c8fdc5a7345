/**
 * A figure of the entities a question just counted, asked of them in the next turn ("how many customers ordered in
 * every month of 2025?" then "how much did they spend?", "what was their average order value?"): the total (or the
 * average over their rows) of those meeting the condition, in the same period. Read as the thread carries it, the
 * condition kept its count and the new figure was dropped (the count said again: confidently wrong).
 */
import { refersBack } from './cohorts';
import type { Plan } from './plan';

const REFUSAL =
  'I can give a total or an average of the customers just counted in the same period, not this figure of theirs: please ask it in one question ("revenue in 2025 from customers who ...")';

/** The follow-up plan with the counted entities' figure asked, a refusal when it cannot be, or the plan as it was. */
export function figureOfCounted(previous: Plan, plan: Plan, question: string): Plan | { refuse: string } {
  const condition = previous.having;
  if (!condition || plan.having !== condition || !refersBack(question)) return plan;
  const [measure, ...more] = plan.measures;
  const asked = previous.measures[0];
  if (
    !measure ||
    (measure === asked && more.length === 0) ||
    measure === (condition.total ?? condition.measure)
  )
    return plan;
  // (The count, or a figure of theirs asked just before: "and their average order value?".)
  const plain =
    (condition.output === 'count' || condition.output === 'total') &&
    !condition.averaged &&
    !condition.versus &&
    !condition.rank &&
    !condition.perPeriod &&
    !condition.alsoOnce &&
    !condition.grain;
  const samePeriod = plan.range?.from === previous.range?.from && plan.range?.to === previous.range?.to;
  const kind = measure.aggType;
  if (
    !plain ||
    !samePeriod ||
    more.length > 0 ||
    plan.dimensions.length > 0 ||
    (kind !== 'sum' && kind !== 'avg')
  )
    return { refuse: REFUSAL };
  return {
    ...plan,
    having: {
      ...condition,
      output: 'total',
      total: measure,
      ...(kind === 'avg' ? { overRows: true as const } : {}),
    },
  };
}
