/**
 * The median of a set of period totals asked about the totals themselves (issue 29): "taking the 12 monthly
 * revenue totals of 2025, what was the median month", "of the monthly order counts in 2024, what's the median",
 * "the middle value of the daily order counts in Dec 2025" are the median monthly revenue (or daily order count)
 * the planner reads as a percentile of per-period totals; "across 2023-2025" after a median is the span of those
 * years. Only a whole phrase is rewritten (the totals, their unit and measure, and the median asked of them).
 */

const UNIT = '(daily|weekly|monthly|quarterly|yearly|annual)';
/** The totals' measure: money, or the orders counted. */
const MEASURE = '(revenue|sales|order)';
const TOTALS = '(?:totals?|counts?|figures|numbers|values|amounts)';
const SET = `(?:the|all|our|those)\\s+(?:\\d{1,2}\\s+)?${UNIT}\\s+${MEASURE}\\s+${TOTALS}`;
const MEDIAN = '(?:median|middle(?:\\s+value)?)';
/** "taking the 12 monthly revenue totals of 2025, what was the median month". */
const ASKED_AFTER = new RegExp(
  `\\b(?:taking|of|from|across|among|over|looking\\s+at)\\s+${SET}\\b([^,;:?]*?)\\s*[,;:]?\\s*(?:what(?:['’]?s|\\s+is|\\s+was|\\s+were)?|whats|which\\s+(?:is|was))\\s+(?:the\\s+)?${MEDIAN}(?:\\s+(?:month|quarter|week|day|year|one|figure|total))?\\b`,
  'gi',
);
/** "the middle value of the daily order counts". */
const ASKED_BEFORE = new RegExp(`\\b(?:the\\s+)?${MEDIAN}\\s+of\\s+${SET}\\b`, 'gi');
/** "median quarterly revenue across 2023-2025": the years from the first through the last. */
const YEARS = /\b(median\b[^?]*?\b)(?:across|over|for|in|during)\s+(\d{4})\s*(?:-|–|to)\s*(\d{4})\b/gi;

const said = (unit: string, measure: string) =>
  `the median ${unit.toLowerCase() === 'annual' ? 'yearly' : unit} ${/^order$/i.test(measure) ? 'order count' : measure}`;

/** The question with a median of period totals said as the median per period the planner reads. */
export function readPeriodTotals(text: string): string {
  return text
    .replace(ASKED_AFTER, (_all, unit = '', measure = '', rest = '') => `${said(unit, measure)}${rest}`)
    .replace(ASKED_BEFORE, (_all, unit = '', measure = '') => said(unit, measure))
    .replace(YEARS, (_all, lead = '', from = '', to = '') => `${lead}from ${from} through ${to}`);
}
