/**
 * A period said relative to today inside a cohort question ("of customers who joined in summer 2022, how many
 * bought electronics last year"): the cohort reader reads named periods only (cohort-periods.ts), so "last
 * year" is said as the calendar year it names before the reader sees the words. Only the year before today's:
 * "this year" and "the past year" (a running year?) stay as they are, for the ordinary reading.
 */

/** The normalised cohort text with "last year" / "last yr" / "previous year" said as that year. */
export function cohortYearsSaid(text: string, today: string): string {
  const year = Number(today.slice(0, 4));
  if (!Number.isFinite(year) || year < 1000) return text;
  return text.replace(
    /\b(?:(in|during)\s+)?(?:the\s+)?(?:last|previous|prior)\s+(?:year|yr)\b/g,
    (_, prep?: string) => `${prep ?? 'in'} ${year - 1}`,
  );
}
