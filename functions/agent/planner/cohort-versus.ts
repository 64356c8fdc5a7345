/**
 * Two cohorts of one kind set against each other (issue 29, cohorts): "do Q4 2022 signups order more than Q1
 * 2022 ones", "orders per customer in 2024: Jan 2022 signups vs Dec 2022 signups", "did customers who signed up
 * in Q3 2022 spend more per customer in 2025 than the Q1 2022 signups". Each cohort is its own row of the same
 * figures (cohort-sql.ts); the words that set them against each other are read here and nothing else is. A cohort
 * set against everyone else ("late starters vs everyone else", "January 2023 first-time buyers versus the rest",
 * "compared with all other customers", "compare X and all other customers") is its own row beside the rest's.
 * "next to" sets two cohorts side by side as "vs" does ("H1 2022 signups next to H2 2022 ones").
 */
import type { CohortReading, Period } from './plan';

interface Span {
  at: number;
  end: number;
}
interface Found {
  cohort: CohortReading['cohort'];
  span: Span;
  versus?: { period: Period; span: Span };
}

/** Words between or around two cohorts that set them against each other. */
const AGAINST = /\b(?:vs|versus|than|compared\s+(?:to|with)|against|next\s+to)\b/;

/**
 * The first cohort with the second set against it, when both are of one kind (signup dates, or first-order
 * dates), each a period and no attribute, and a comparison word is said; undefined otherwise.
 */
export function cohortsVersus(text: string, a: Found | undefined, b: Found | undefined): Found | undefined {
  if (!a || !b || a.versus || b.versus) return undefined;
  if (a.cohort.by !== b.cohort.by || !a.cohort.period || !b.cohort.period) return undefined;
  if (a.cohort.attr || b.cohort.attr || a.cohort.firstAmount || b.cohort.firstAmount) return undefined;
  if (a.cohort.period.from === b.cohort.period.from && a.cohort.period.to === b.cohort.period.to)
    return undefined;
  // ("compare Q1 2022 signups and Q3 2022 signups": after an opening "compare", "and" sets them against each other.)
  const between = text.slice(Math.min(a.span.end, b.span.end), Math.max(a.span.at, b.span.at));
  const compareAnd = COMPARE_FIRST.test(text) && /^\s*(?:and|with)\s*$/.test(between);
  // ("compare between customers who signed up in H1 2022 and those who signed up in the second half", "for those
  // who joined in H1 2022, and for those who joined in H2": "and those who" (or "and for those who") after a
  // "compare", a "between" or a "for" before the first sets the second group beside it.)
  const first = Math.min(a.span.at, b.span.at);
  const andThose =
    /^\s*and\s+(?:for\s+)?(?:those|the\s+ones|(?:the\s+)?customers|(?:the\s+)?people|(?:the\s+)?clients)\s+(?:who|that)\s*$/.test(
      between,
    ) &&
    /\b(?:compar(?:e|ed|ing)|between|for)\s+(?:(?:the\s+)?(?:customers|people|clients|accounts|buyers)\s+)?(?:who|that)?\s*$/.test(
      text.slice(0, first),
    );
  if (!AGAINST.test(text) && !compareAnd && !andThose) return undefined;
  // (The "and" goes with the second cohort's words.)
  const span =
    (compareAnd || andThose) && a.span.end <= b.span.at ? { at: a.span.end, end: b.span.end } : b.span;
  return { ...a, versus: { period: b.cohort.period, span } };
}

/**
 * The question without its comparison words ("more ... than", "vs", "order more often than"): the figures are
 * given for both cohorts, side by side, whichever is higher. "more than 2 orders" (a count) stays.
 */
export function withoutComparison(rest: string): string {
  return ` ${rest} `
    .replace(/\b(?:more|less|fewer|higher|lower|bigger|smaller)(?:\s+often)?\b(?!\s+than\s+\d)/g, ' ')
    .replace(
      /\b(?:vs|versus|than|compared\s+(?:to|with)|against|next\s+to|ones|joiners|signups|sign\s+ups)\b|^\s*(?:please\s+)?compar(?:e|ing)\b|\bcompare\s+between\b/g,
      ' ',
    )
    .replace(/\s+/g, ' ');
}

/** "vs everyone else", "versus the rest", "compared with all other customers", "vs all the others". */
const AGAINST_REST =
  /\b(?:vs|versus|compared\s+(?:to|with)|against)\s+(?:the\s+rest(?:\s+of\s+(?:the\s+|our\s+|my\s+)?customers)?|everyone\s+else|everybody\s+else|all\s+(?:the\s+)?others|all\s+(?:the\s+)?other\s+customers|(?:the\s+)?other\s+customers|the\s+others)\b/g;

/** A question opening its comparison with "compare" ("compare X and everyone else"). */
const COMPARE_FIRST = /^\W*(?:please\s+)?compar(?:e|ing)\b/;
/** The rest set against a cohort by a comparing word or, after an opening "compare", by "and". */
const AND_REST = new RegExp(AGAINST_REST.source.replace('(?:vs|versus|', '(?:and|vs|versus|'), 'g');

/**
 * The question without its words setting a cohort against everyone else (and the "each" of "how many of each",
 * "of each group" that then points at the two groups), or undefined when it says none.
 */
export function againstRest(text: string): string | undefined {
  // ("compare customers with a first order above $800 and all other customers": "and" after "compare" sets them
  // against each other too.)
  const against = COMPARE_FIRST.test(text) ? AND_REST : AGAINST_REST;
  if (!new RegExp(against.source).test(text)) return undefined;
  return ` ${text} `
    .replace(new RegExp(against.source, 'g'), ' ')
    .replace(/\bcompar(?:e|ing)\b/g, ' ')
    .replace(/\b(?:of|for|in)\s+each(?:\s+(?:group|cohort)s?)?\b|\beach\s+(?:group|cohort)s?\b/g, ' ')
    .replace(/\s+/g, ' ');
}
