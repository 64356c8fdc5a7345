/**
 * Several periods named as one set (issue 29, period shapes): "orders in Oct, Nov or Dec 2025", "total revenue
 * across Jan, Mar and May 2024", "june or july 2025, combined", "Feb, Mar or Apr 2025 (one number)" ask for ONE
 * figure over the rows of any of them, not each period listed against the others (the listing was read before,
 * with "combined" or "one number" left unread: confidently wrong). Periods next to each other become one span
 * ("June 2025 to July 2025"); others stay a set the rows may fall in (Plan.anyOf).
 *
 * Only with a word that joins them ("combined", "together", "in total", "one number", "total ... across", or "or"
 * between the periods) and nothing that sets them against each other ("vs", "which", "more", "change", "each",
 * a breakdown over time).
 */
import type { Period } from './plan';

/** Words that join the periods named into one figure. */
const JOINED =
  /\b(?:combined|together|altogether|collectively|jointly|in\s+total|in\s+all|all\s+told|summed|(?:one|a\s+single|single)\s+(?:number|figure|total)|total\s+(?:[a-z#]+\s+){0,3}(?:across|over|for)|across)\b/i;
/** Words that set the periods against each other, or ask for each one. */
const APART =
  /\b(?:vs\.?|versus|compared?|comparing|comparison|against|which|more|most|less|fewer|least|higher|lower|better|worse|bigger|smaller|than|difference|diff|change|growth|grew|each|every|per|by|separately|split|respectively|breakdown|individually|trend|between)\b/i;
/** "Oct, Nov or Dec", "june or july": periods joined by "or". */
const EITHER = /\b(?:or|either)\b/i;

/**
 * The one span or set of periods a question joins, or undefined when it does not: `range` when the periods meet
 * end to start, `anyOf` otherwise.
 */
export function joinedPeriods(
  question: string,
  compare: Period[] | undefined,
): { range: Period } | { anyOf: Period[] } | undefined {
  if (!compare || compare.length < 2) return undefined;
  if (compare.some((p) => p.relative || p.whole)) return undefined;
  if (APART.test(question)) return undefined;
  if (!JOINED.test(question) && !EITHER.test(question)) return undefined;
  const sorted = [...compare].sort((a, b) => a.from.localeCompare(b.from));
  // Overlapping periods ("2025 or Q4 2025") are no set of rows to add up.
  for (let i = 1; i < sorted.length; i++)
    if ((sorted[i]?.from ?? '') < (sorted[i - 1]?.to ?? '')) return undefined;
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return undefined;
  const meet = sorted.every((p, i) => i === 0 || p.from === sorted[i - 1]?.to);
  if (meet) return { range: { label: `${first.label} to ${last.label}`, from: first.from, to: last.to } };
  return { anyOf: sorted };
}

/** "January 2024, March 2024 or May 2024": the set's labels as the answer says them. */
export function anyOfText(periods: readonly Period[]): string {
  const labels = periods.map((p) => p.label);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}
