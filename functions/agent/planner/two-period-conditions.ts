/**
 * Conditions on a figure in each of two periods ("spent more than 10k in 2024 and less than 8k in 2025", "over 20
 * orders in 2023 but under 15 in 2025"): each customer's figure in one period against a bound and in another period
 * against another. No reading holds two periods' conditions at once, and read as one they became a condition on
 * one period and a row filter from the other (a confident wrong answer), so the question is refused in one sentence.
 */
import { normalise } from './cohort-reader';

const BOUND =
  '(?:more\\s+than|over|above|at\\s+least|less\\s+than|under|below|fewer\\s+than|at\\s+most|no\\s+more\\s+than)\\s+\\d[\\d.]*\\s*k?';
const PERIOD =
  '((?:19|20)\\d\\d|[qh][1-4]\\s+(?:19|20)\\d\\d|(?:in\\s+)?(?:last|this)\\s+(?:year|quarter|month))';
/** A bound with a period of its own, twice, the periods different. */
const TWICE = new RegExp(
  `${BOUND}\\s+(?:[a-z]+\\s+){0,2}?(?:in|during|for)\\s+${PERIOD}\\b.*?\\b${BOUND}\\s+(?:[a-z]+\\s+){0,2}?(?:in|during|for)\\s+${PERIOD}\\b`,
);

/** A refusal reason when the question sets a bound in each of two periods, or undefined. */
export function twoPeriodConditions(question: string): string | undefined {
  const text = normalise(question);
  if (!/\b(?:customers?|clients?|accounts?|buyers?|people|who)\b/.test(text)) return undefined;
  const m = TWICE.exec(text);
  if (!m || m[1] === m[2]) return undefined;
  return `I can count customers by a condition on one period's figure, but not by conditions on two periods at once (${m[1]} and ${m[2]})`;
}
