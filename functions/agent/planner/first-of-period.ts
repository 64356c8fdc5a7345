/**
 * A customer's first order of a year said to fall in one of its months (issue 29, cohorts): "placed their first
 * order of 2024 in January 2024", "how many customers' first 2025 order came in January", "made their first purchase
 * of 2023 in February". The first order of the year falls in its first month exactly when the customer ordered in
 * that month, and in a later month exactly when they ordered in it and not in the months of the year before it: said
 * so ("ordered in January 2024", "ordered in February 2023 but not in January 2023", "ordered in May 2023 but not
 * before May 2023"), which the other readings read. A month of another year, or a quarter, stays as asked.
 * "by segment, how many customers ordered in ...": a breakdown said first is said last ("how many customers ordered
 * in ... by segment"), as the ordinary reading reads it (said first, the customers were listed per segment).
 */
import { MONTH_ABBREVIATIONS, MONTHS } from './vocabulary';

const MONTH = `(${[...MONTHS, ...Object.keys(MONTH_ABBREVIATIONS)].join('|')})\\.?`;
const YEAR = '((?:19|20)\\d\\d)';
const ROW = '(?:order|purchase)';

/** Month 0-11 of a month word, or -1. */
const monthOf = (word: string) => {
  const w = word.toLowerCase().replace(/\.$/, '');
  const full = MONTHS.indexOf(w);
  return full >= 0 ? full : (MONTH_ABBREVIATIONS[w] ?? -1);
};
const cap = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;

/**
 * "(placed|made) their first order of 2024 in January (2024)", "customers' first 2025 order came in January",
 * "whose first purchase of 2023 was in February": the verb, the year (said before or after the noun) and the month.
 */
const FIRST_OF_YEAR = new RegExp(
  String.raw`(?:\b(?:placed|made|had)\s+)?(?:\b(?:their|the|a|his|her)\s+)?\b(?:very\s+)?first\s+(?:${YEAR}\s+)?${ROW}\s+(?:(?:of|in|for)\s+(?:the\s+year\s+)?${YEAR}\s+)?(?:(?:was|came|fell|happened|landed|arrived)\s+)?(?:placed\s+)?in\s+${MONTH}(?:\s+(?:of\s+)?${YEAR})?(?![\w-])`,
  'gi',
);
/** "customers' first ...", "customers whose first ...": the people the clause is about, before it. */
const PEOPLE_BEFORE =
  /\b(?:customers|clients|buyers|accounts|shoppers|people)(?:'|’)?\s*(?:(?:who|that|whose)\s+)?$/i;

/** The question with a first order of a year in one of its months said as an order in that month. */
export function readFirstOfPeriod(text: string): string {
  const read = text.replace(
    FIRST_OF_YEAR,
    (all, before?: string, of?: string, month = '', after?: string, offset?: number, whole?: string) => {
      // (The year said with the order, "first 2025 order", "first order of 2024": a first order said with the month's
      // year only, "first order was in January 2023", is the first order ever, the cohort reader's.)
      const years = [before, of, after].filter((y): y is string => y !== undefined);
      const [year] = years;
      if (!year || (!before && !of) || years.some((y) => y !== year)) return all;
      const m = monthOf(month);
      if (m < 0) return all;
      // ("customers' first 2025 order", "customers whose first order of 2024": said of the customers counted.)
      const lead = typeof whole === 'string' && typeof offset === 'number' ? whole.slice(0, offset) : '';
      if (!PEOPLE_BEFORE.test(lead) && !/^(?:placed|made|had)\b/i.test(all)) return all;
      const name = cap(MONTHS[m] ?? '');
      const ordered = `ordered in ${name} ${year}`;
      if (m === 0) return ordered;
      if (m === 1) return `${ordered} but not in January ${year}`;
      // (Not before that month at all is not the same: orders of the year before would count. Only a year whose
      // first orders are the data's first could say so; not read.)
      return all;
    },
  );
  if (read === text) return text;
  // ("customers' ordered in ...", "customers whose ordered in ...": the people's words made plain.)
  const plain = read.replace(
    /\b(customers|clients|buyers|accounts|shoppers|people)(?:'|’)?\s*(?:(?:who|that|whose)\s+)?(?=ordered\s+in\b)/gi,
    '$1 who ',
  );
  // ("by segment, how many customers ordered in ...": the breakdown said last.)
  const lead =
    /^\s*((?:by|per|for\s+each|in\s+each)\s+(?:customer\s+)?[a-z]+)\s*,\s*(how\s+many\s+.+?)\s*([?.!]*)\s*$/i.exec(
      plain,
    );
  return lead ? `${lead[2]} ${lead[1]}${lead[3]}` : plain;
}
