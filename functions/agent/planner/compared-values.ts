/**
 * A comparison of the values named, not of periods (issue 29, period shapes): in "electronics vs toys revenue by
 * year 2023-2025" and "compare north and south orders 2023 to 2025 by year" the comparing word sets two values
 * of one dimension against each other, and the periods after it are the ends of one span. Read as a comparison
 * of periods, the span's two ends were compared and the years between left out (2024 missing, each row labelled
 * "2023, 2023": confidently wrong).
 *
 * Only when every comparing word stands before the first period, and each lies between two values of one filter
 * ("electronics vs toys") or just before them ("compare electronics and toys"): "2023 vs 2025 revenue" and
 * "toys revenue 2023 vs 2025" still compare periods.
 */
import type { Token, ValueFilter } from './plan';
import { valueTokens } from './share-scopes';
import { COMPARE_WORDS } from './vocabulary';

/** Comparing words that open the thing compared ("compare X and Y"); the others stand between ("X vs Y"). */
const OPENING = new Set(['compare', 'comparing', 'comparison']);
/** Comparing words that name a period's change, not a comparison of two things. */
const NOT_BETWEEN = new Set(['change', 'growth', 'than']);

/** Whether the question's comparing words all compare values of one filter named before `firstPeriodAt`. */
export function valuesCompared(
  tokens: readonly Token[],
  filters: readonly ValueFilter[],
  firstPeriodAt: number,
): boolean {
  const words = tokens.flatMap((t, i) => (COMPARE_WORDS.has(t.raw) && !NOT_BETWEEN.has(t.raw) ? [i] : []));
  if (words.length === 0 || words.some((i) => i > firstPeriodAt)) return false;
  return filters.some((f) => {
    if (f.values.length < 2) return false;
    const at = valueTokens(tokens, f);
    const lo = Math.min(...at);
    const hi = Math.max(...at);
    if (at.length < 2 || hi > firstPeriodAt) return false;
    return words.every((i) => (lo < i && i < hi) || (i < lo && OPENING.has(tokens[i]?.raw ?? '')));
  });
}
