/**
 * "Did returns go up or down between 2023 and 2025? show me the count for each year", "how did revenue move from
 * 2023 to 2025, year by year": a change between two periods with each unit between asked for (issue 29, period
 * over period). Every unit from the first period to the last is listed with its change from the one before (was
 * the two ends alone, the year between left out). Only where the two periods are whole units of the grain named
 * with "each", "every", "per" or "X by X", with at least one unit between them ("2024 vs 2025 by year" is the two).
 */
import { addMonths } from './clock';
import type { Grain, Period } from './plan';

const MONTHS_OF: Partial<Record<Grain, number>> = { month: 1, quarter: 3, year: 12 };

/** "each year", "every single quarter", "per year", "year by year", "year-over-year list"... of `grain`. */
const eachOf = (grain: Grain) =>
  new RegExp(
    String.raw`\b(?:(?:each|every|per)\s+(?:single\s+)?${grain}|${grain}[\s-]by[\s-]${grain}|(?:each|every)\s+(?:one|single\s+one)\s+of\s+the\s+${grain}s)\b`,
    'i',
  );

/** The span from the first compared period to the last, when each `grain` of it is asked for; else undefined. */
export function eachBetween(
  compare: Period[] | undefined,
  grain: Grain | undefined,
  question: string,
): Period | undefined {
  const months = grain ? MONTHS_OF[grain] : undefined;
  if (!grain || !months || compare?.length !== 2 || !eachOf(grain).test(question)) return undefined;
  const [first, last] = [...compare].sort((a, b) => a.from.localeCompare(b.from));
  if (!first || !last) return undefined;
  // Whole units of the grain ("2023", "Q1 2024"), starting on one.
  const whole = (p: Period) =>
    addMonths(p.from, months) === p.to &&
    (Number(p.from.slice(5, 7)) - 1) % months === 0 &&
    p.from.endsWith('-01');
  if (!whole(first) || !whole(last)) return undefined;
  // At least one unit between them: two neighbours are already both listed.
  if (addMonths(first.to, months) > last.from) return undefined;
  return { label: `${first.label} to ${last.label}`, from: first.from, to: last.to };
}
