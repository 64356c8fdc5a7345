/**
 * A per-entity condition said after the period it is of (issue 29, per-entity conditions): "customers who ordered
 * in 2025 but fewer than 8 times that year", "bought in Q4 2025 but under 4 times in that quarter". With
 * one period in the question, "but" right before the count condition and "that year" / "in that quarter" / "the
 * same month" pointing back at that period are read as it; a "but" before anything else ("but not in 2025", "but
 * no more than 3 times", whose "no" another reading would drop) is left unread, so a negation is never dropped.
 */
import type { Period, Token } from './plan';

/** Words that open a count condition after "but" ("but fewer than", "but under", "but at least"). */
const CONDITIONS = new Set([
  'fewer',
  'less',
  'under',
  'below',
  'more',
  'over',
  'above',
  'at',
  'only',
  'just',
]);
const POINTERS = new Set(['that', 'same', 'this']);
const LEADS = new Set(['in', 'during', 'within', 'for', 'over', 'the', 'of']);

const DAY = 86_400_000;
/** The calendar unit a period spans, when it is one whole unit. */
export function unitOf(period: Period): string | undefined {
  const days = (Date.parse(period.to) - Date.parse(period.from)) / DAY;
  if (days >= 365 && days <= 366) return 'year';
  if (days >= 90 && days <= 92) return 'quarter';
  if (days >= 28 && days <= 31) return 'month';
  if (days === 7) return 'week';
  return undefined;
}

/** Claims "but" before a count condition and the words pointing back at the question's one period. */
export function claimThatPeriod(tokens: Token[], periods: readonly { period: Period }[]): void {
  const only = periods.length === 1 ? periods[0]?.period : undefined;
  if (!only) return;
  const unit = unitOf(only);
  tokens.forEach((t, i) => {
    if (t.used) return;
    const next = tokens[i + 1]?.raw ?? '';
    if (t.raw === 'but') {
      if (CONDITIONS.has(next)) t.used = true;
      return;
    }
    // ("that year", "in that same quarter", "the same month", "that period")
    if (!POINTERS.has(t.raw)) return;
    const k = tokens[i + 1]?.raw === 'same' ? i + 2 : i + 1;
    const noun = tokens[k];
    if (!noun || noun.used || !(noun.stem === unit || noun.raw === unit || noun.raw === 'period')) return;
    if (t.raw === 'same' && tokens[i - 1]?.raw !== 'the') return;
    for (let j = i; j <= k; j++) (tokens[j] as Token).used = true;
    let b = i - 1;
    while (b >= 0 && LEADS.has(tokens[b]?.raw ?? '') && !tokens[b]?.used) (tokens[b--] as Token).used = true;
  });
}

/**
 * "how many orders did each of them place in that year?" after a question of 2024: the previous answer's one period
 * pointed at by its unit ("in that year", "during the same quarter", "that year" at the end). Dropped when the
 * follow-up is about the previous rows (they, them, each ...), which keep their period; said again as the period
 * ("in 2024") when the follow-up names its own figure, which is read whole. Only when that period is one whole unit
 * of the word. A share's whole restating the period ("what share of 2025 revenue") loses the restated period.
 */
export function dropPreviousPeriodPointer(text: string, previous: Period | undefined): string {
  const unit = previous ? unitOf(previous) : undefined;
  if (!unit || !previous) return text;
  // ("what share of 2025 revenue do they make up together?" after the top 3 categories of 2025: the previous period
  // said again in the whole of a share is that period, kept by the follow-up; said, it was read as a new question.)
  const label = previous.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const restated = text.replace(
    new RegExp(
      `\\b(share|percent(?:age)?|%|proportion|fraction|part)\\s+of\\s+(?:the\\s+)?(?:total\\s+)?${label}(?:['’]s)?\\s+(?=[a-z])`,
      'gi',
    ),
    '$1 of ',
  );
  // ("how much did they spend that year?": "that year" said bare at the end too; not beside a second test of the same
  // people, "what % of them also bought toys that month?", which its own reader takes with the pointer.)
  const bare = SECOND_TEST.test(restated) ? '' : `|that\\s+${unit}(?=\\s*(?:[?.!]|$))`;
  return restated.replace(
    new RegExp(
      `\\s*,?\\s*\\b(?:(?:in|during|for|over|within)\\s+(?:that|the\\s+same)\\s+${unit}\\b(?!['’])${bare})`,
      'gi',
    ),
    // ("how many orders in that quarter?" after revenue in Q3 2025: the period said again, when its label reads as one;
    // a follow-up with its own figure is read whole, without the previous period: all time, confidently wrong. A
    // follow-up on the previous rows, "how much did they spend that year?", keeps their period itself.)
    PERIOD_LABEL.test(previous.label) && !BACK_AT_ROWS.test(text) ? ` in ${previous.label}` : '',
  );
}
/** Words of a second test of the same rows or people. */
const SECOND_TEST = /\b(?:also|again|too|as\s+well|both)\b/i;
/** Words pointing back at the previous answer's rows. */
const BACK_AT_ROWS =
  /\b(?:they|them|their|those|these|it|its|each(?!\s+(?:day|week|month|quarter|year)s?\b)|every\s+one|per\s+one)\b/i;
/** A period's label that reads again as that period ("2025", "Q3 2025", "H1 2024", "December 2025"). */
const PERIOD_LABEL =
  /^(?:(?:Q[1-4]|H[12]|January|February|March|April|May|June|July|August|September|October|November|December)\s+)?(?:19|20)\d\d$/;
