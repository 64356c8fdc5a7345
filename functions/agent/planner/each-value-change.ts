/**
 * Each named value's own change (issue 29, side by side): in "how did north and south revenue change from 2024
 * to 2025?" or "electronics and furniture side by side: % change in revenue 2023 to 2024" the values named of one
 * dimension are each changed, one row each. Read as one filter, the two were summed into one change nobody asked
 * for (confidently wrong). Their sum stays when a word joins them ("north and south combined", "together").
 */
import type { Token, ValueFilter } from './plan';

/** Words that ask for the values named as one sum. */
const JOINED = new Set([
  'combined',
  'together',
  'altogether',
  'jointly',
  'overall',
  'sum',
  'summed',
  'pooled',
]);

/** Whether a change's filters of two or more values are each a row of their own (no joining word said). */
export function eachValueChanged(tokens: readonly Token[], filters: readonly ValueFilter[]): boolean {
  if (!filters.some((f) => f.values.length > 1 && !f.negate)) return false;
  return !tokens.some((t) => JOINED.has(t.raw));
}
