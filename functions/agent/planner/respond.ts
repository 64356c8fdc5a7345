/** The planner's final answer to a plan's result: second-order plans first, then the first-order answer. */
import { answerText, type ResultLike } from './answer';
import { secondOrderAnswer } from './answer-second';
import type { Plan } from './plan';
import { type PlannedQuery, scopeText } from './sql';

export type { ResultLike } from './answer';

export function answerFor(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const text = secondOrderAnswer(plan, query, result, scopeText(plan)) ?? answerText(plan, query, result);
  const ignored =
    plan.ignored && plan.ignored.length > 0
      ? `\n\n(I left out ${plan.ignored.map((w) => `"${w}"`).join(', ')}: nothing in the data model matches ${plan.ignored.length > 1 ? 'them' : 'it'}.)`
      : '';
  return `${text}${ignored}`;
}
