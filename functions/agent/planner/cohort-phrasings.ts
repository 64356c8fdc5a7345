/**
 * Cohort questions said in other words than the cohort readings take (issue 29, cohorts), said again in theirs:
 * - "if we group customers by the month of their very first order, how many are in each group?", "group my
 *   customers by the quarter of their first purchase - how many per quarter?": how many customers by that date
 *   (was refused, "group");
 * - "new customers by first-order month in 2023": how many customers made their first order in each month of 2023
 *   (was refused as a cohort broken down by another field);
 * - "retention rate in October 2025 of the customers who first ordered in February 2023", "the February 2023
 *   first-order cohort's retention in 2025": the share of those customers who ordered in the later period (was
 *   refused, "retention rate").
 * Anything else is left as it was.
 */

const PEOPLE = '(?:customers|clients|buyers|accounts|users)';
const UNIT = '(month|quarter|week|year)';
/** "group customers by X, how many in each group?" and its variants; X is kept as said. */
const GROUPED = new RegExp(
  `^\\s*(?:(?:so|ok|okay|now)\\s*,?\\s+)?(?:if\\s+(?:we|you|i)\\s+|let'?s\\s+|when\\s+(?:we|you)\\s+)?(?:group|bucket|split|segment)\\s+(?:all\\s+)?(?:of\\s+)?(?:my\\s+|our\\s+|the\\s+)?${PEOPLE}\\s+by\\s+(.+?)\\s*(?:[:,;–—-]+|\\band\\b)\\s*(?:then\\s+)?how\\s+many(?:\\s+${PEOPLE}|\\s+people)?(?:\\s+(?:are|fall|land|end\\s+up|do\\s+we\\s+have|is\\s+that))?(?:\\s+(?:are\\s+)?(?:in|per|for|within)\\s+(?:each|every)?\\s*(?:group|cohort|bucket|one|month|quarter|week|year)?s?)?(?:\\s+(?:one|group))?\\s*[?.!]*\\s*$`,
  'i',
);
/** The date a grouping is by: a first order's month or quarter ("the month of their very first order"). */
const FIRST_DATE = new RegExp(
  `^(?:the\\s+)?${UNIT}\\s+of\\s+(?:their|the)\\s+(?:very\\s+)?first\\s+(?:ever\\s+)?(?:order|purchase)$|^(?:their\\s+)?(?:very\\s+)?first[-\\s](?:order|purchase)\\s+${UNIT}$`,
  'i',
);
/** "new customers by first-order month in 2023", "customers by the month of their first order in 2023". */
const FIRST_IN_YEAR = new RegExp(
  `^\\s*(?:how\\s+many\\s+|(?:the\\s+)?number\\s+of\\s+)?(?:new\\s+)?${PEOPLE}\\s+(?:by|per)\\s+(?:(?:their\\s+)?first[-\\s](?:order|purchase)\\s+${UNIT}|(?:the\\s+)?${UNIT}\\s+of\\s+(?:their\\s+)?(?:very\\s+)?first\\s+(?:order|purchase))\\s+(?:in|of|for|during)\\s+((?:19|20)\\d\\d)\\s*[?.!]*\\s*$`,
  'i',
);
/** A cohort of customers by a date ("customers who first ordered in February 2023", "who signed up in Q1 2022"). */
const COHORT = `(?:the\\s+)?${PEOPLE}\\s+(?:who|that|whose)\\s+(?:first\\s+ordered|placed\\s+their\\s+first\\s+order|made\\s+their\\s+first\\s+(?:order|purchase)|first\\s+order\\s+was|signed\\s+up|joined|registered)\\s+in\\s+([a-z0-9 ]+?)`;
/** "retention rate in October 2025 of the customers who first ordered in February 2023". */
const RETENTION_AFTER = new RegExp(
  `^\\s*(?:what\\s+(?:is|was|'s)\\s+)?(?:the\\s+)?retention(?:\\s+rate)?\\s+(?:in|for|during|over)\\s+([a-z0-9 ]+?)\\s+(?:of|for|among)\\s+${COHORT}\\s*[?.!]*\\s*$`,
  'i',
);
/** "what was the retention rate of the customers who signed up in Q1 2022 in December 2025?" */
const RETENTION_OF = new RegExp(
  `^\\s*(?:what\\s+(?:is|was|'s)\\s+)?(?:the\\s+)?retention(?:\\s+rate)?\\s+(?:of|for|among)\\s+${COHORT}\\s+(?:in|during|over)\\s+((?:[a-z]+\\s+|q[1-4]\\s+|h[12]\\s+)?(?:19|20)\\d\\d)\\s*[?.!]*\\s*$`,
  'i',
);
/** "of the customers who first ordered in February 2023, what was the retention rate in October 2025?" */
const RETENTION_FIRST = new RegExp(
  `^\\s*(?:of|for|among)\\s+${COHORT}\\s*,\\s*(?:what\\s+(?:is|was|'s)\\s+)?(?:the\\s+|their\\s+)?retention(?:\\s+rate)?\\s+(?:in|for|during|over)\\s+([a-z0-9 ]+?)\\s*[?.!]*\\s*$`,
  'i',
);

/** "the Q1 2022 signup cohort", "the January 2023 first-order cohort('s)": a cohort named by its date and period. */
const COHORT_NOUN =
  /\bthe\s+((?:(?:q[1-4]|h[12]|[a-z]+)\s+)?(?:19|20)\d\d)\s+(sign[-\s]?up|joining|first[-\s](?:order|purchase))\s+cohort('s|’s)?/i;
/** Words of a retention: a share of the cohort that ordered later. */
const RETAINED = /\b(?:retention|retained|ordered\s+again|came\s+back|still\s+ordering)\b/i;

/** A cohort named by its date said as its customers ("the customers who signed up in Q1 2022"), for a retention. */
function cohortAsCustomers(question: string): string {
  const named = RETAINED.test(question) ? COHORT_NOUN.exec(question) : null;
  if (!named) return question;
  const clause = `the customers who ${/first/i.test(named[2] ?? '') ? 'first ordered' : 'signed up'} in ${named[1]}`;
  const before = question.slice(0, named.index);
  const after = question.slice(named.index + named[0].length);
  // ("the Q1 2022 signup cohort's retention in December 2025": the retention of those customers.)
  if (named[3]) {
    const rest = /^\s*(retention(?:\s+rate)?)\s+((?:in|for|during|over)\s+[a-z0-9 ]+?)\s*([?.!]*)\s*$/i.exec(
      after,
    );
    return rest ? `${before}${rest[1]} ${rest[2]} of ${clause}${rest[3]}` : question;
  }
  return `${before}${clause}${after}`.replace(/\bordered\s+again\b/i, 'ordered');
}

/** A first-order cohort's unit ("first-order month", "the quarter of their first purchase", "the month they first ordered"). */
const FIRST_UNIT =
  /\b(?:(?:their\s+)?(?:very\s+)?first[-\s](?:order|purchase)\s+(month|quarter)|(?:the\s+)?(month|quarter)\s+(?:of\s+(?:their\s+|the\s+)?(?:very\s+)?first\s+(?:ever\s+)?(?:order|purchase)|(?:they|customers)\s+first\s+(?:ordered|purchased|bought)))(?:\s+(?:cohorts?|groups?|buckets?))?/i;
/** Words asking for the size of each group ("how many customers", "size of each", "count them"). */
const SIZE_ASKED = /\b(?:how\s+many|size|sizes|count|counts|number\s+of\s+customers|headcount)\b/i;
/** Words of a grouping ("group", "bucket", "cohort", "each", "per"). */
const GROUPING = /\b(?:group|grouped|groups|bucket|bucketed|buckets|cohorts?|each|per|split|segment)\b/i;
/** Any figure besides a count of the customers (then the cohort readings' own question, not a size). */
const OTHER_FIGURE =
  /\b(?:revenue|sales|spend|spent|spending|amounts?|values?|aov|average|avg|mean|median|orders|purchases|retention|retained|share|percent|percentage|%|rate|ordered\s+again|came\s+back|active|churn(?:ed)?|lifetime|ltv|signup|signed|joined|segment\s+(?:is|was)|region|enterprise|consumer|small\s+business|north|south|east|west|(?:19|20)\d\d)\b/i;

/**
 * "how many customers does each first-order month cohort have?", "customers grouped by first purchase month: how
 * many in each?", "bucket customers by their first order quarter and count them": each first-order cohort's size,
 * said as the ordinary reading takes it; only when nothing but the size is asked.
 */
function firstOrderSizes(question: string): string | undefined {
  const unit = FIRST_UNIT.exec(question);
  if (!unit) return undefined;
  const rest = `${question.slice(0, unit.index)} ${question.slice(unit.index + unit[0].length)}`;
  if (!SIZE_ASKED.test(rest) || !GROUPING.test(`${rest} ${unit[0]}`) || OTHER_FIGURE.test(rest))
    return undefined;
  if (!/\b(?:customers|clients|buyers|accounts|them|cohorts?)\b/i.test(question)) return undefined;
  return `how many customers by the ${(unit[1] ?? unit[2] ?? '').toLowerCase()} of their first order`;
}

/** The question in the cohort readings' words, or undefined when it is none of these. */
export function readCohortPhrasing(asked: string): string | undefined {
  const question = cohortAsCustomers(asked);
  const grouped = GROUPED.exec(question);
  if (grouped) {
    const by = (grouped[1] ?? '').trim();
    const first = FIRST_DATE.exec(by);
    const unit = first?.[1] ?? first?.[2];
    return unit ? `how many customers by the ${unit.toLowerCase()} of their first order` : undefined;
  }
  const sizes = firstOrderSizes(question);
  if (sizes) return sizes;
  const inYear = FIRST_IN_YEAR.exec(question);
  if (inYear) {
    const unit = (inYear[1] ?? inYear[2] ?? '').toLowerCase();
    return `how many customers made their first order in each ${unit} of ${inYear[3]}`;
  }
  const after = RETENTION_AFTER.exec(question);
  const first = after ? undefined : RETENTION_FIRST.exec(question);
  const of = after || first ? undefined : RETENTION_OF.exec(question);
  const [later, cohort, clause] = after
    ? [after[1], after[2], after[0]]
    : first
      ? [first[2], first[1], first[0]]
      : of
        ? [of[2], of[1], of[0]]
        : [];
  if (!later || !cohort || !clause) return question === asked ? undefined : question;
  const verb = /first|signed|joined|registered/i.exec(clause.slice(clause.search(/\b(?:who|that|whose)\b/i)));
  const said = /first/i.test(verb?.[0] ?? '')
    ? 'first ordered'
    : /signed/i.test(verb?.[0] ?? '')
      ? 'signed up'
      : /joined/i.test(verb?.[0] ?? '')
        ? 'joined'
        : 'registered';
  return `what share of the customers who ${said} in ${cohort.trim()} ordered in ${later.trim()}`;
}
