/**
 * A value's percentile rank, asked as "what percentile is a $750 order at" or "at what percentile does an $8,000
 * total for 2025 put a customer" (issue 29, tuning set 26): the percent of the rows (or of the people, by their
 * totals) strictly below the value, said as that share ("what % of orders are below $750") for the planner to read.
 * A restatement after "i.e." or "that is" that says the same share is read away; one that says anything else leaves
 * the question as it was (to be read or refused, never one of the two picked).
 */

export interface PercentileRank {
  text: string;
}

const MONEY = String.raw`\$?\s?(\d[\d,]*(?:\.\d+)?k?)`;
const ROW = `(order|purchase|sale|transaction)`;
const PERSON = `(customer|client|buyer)`;
/** "what percentile is a $750 order (at)", "at what percentile does a $750 order fall", "where ... rank". */
const ROW_RANK = new RegExp(
  String.raw`^(?:so\s+)?(?:at\s+)?what\s+percentile\s+(?:is|does|would|'s)\s+an?\s+${MONEY}\s+((?:[a-z]+\s+){0,2}?)${ROW}(?:\s+(?:be\s+)?(?:at|fall(?:\s+(?:at|in|into))?|sit(?:\s+at)?|land(?:\s+(?:at|in))?|rank(?:\s+at)?))?\b`,
  'i',
);
/** "at what percentile does an $8,000 total (for 2025) put a customer", "... $8k of spend ... put a client". */
const TOTAL_RANK = new RegExp(
  String.raw`^(?:so\s+)?(?:at\s+)?what\s+percentile\s+(?:does|would)\s+an?\s+${MONEY}\s+(?:total|(?:of\s+|in\s+)?spend)\b(.*?)\s+put\s+(?:a\s+|an\s+)?${PERSON}(?:\s+(?:at|in))?\b`,
  'i',
);
/** A restatement's lead: "? i.e.", ", that is", "- in other words". */
const LEAD = /\s*[?.,;:\-–—]?\s*\b(?:i\.?\s?e\.?|that\s+is|in\s+other\s+words)(?=\s|,)\s*,?\s*/i;

/** The question with a percentile rank said as the share below the value, or undefined when it asks none. */
export function readPercentileRank(question: string): PercentileRank | undefined {
  const lead = LEAD.exec(question);
  const ask = (lead ? question.slice(0, lead.index) : question).trim();
  const said = shareBelow(ask);
  if (said === undefined) return undefined;
  if (!lead) return { text: said };
  const restated = question.slice(lead.index + lead[0].length);
  return normal(restated) === normal(said) ? { text: said } : undefined;
}

/** The share below the value `ask` ranks, in the planner's words; undefined when it ranks none. */
function shareBelow(ask: string): string | undefined {
  const row = ROW_RANK.exec(ask);
  if (row?.[1] && row[3]) {
    const rest = ask.slice(row[0].length).replace(/^\s*[?.!]+\s*$/, '');
    // ("a $300 grocery order": the values said before the row name the rows ranked among.)
    const kind = (row[2] ?? '').toLowerCase();
    return `what % of ${kind}${row[3].toLowerCase()}s are below $${row[1]}${rest ? ` ${rest.trim()}` : ''}`.trim();
  }
  const total = TOTAL_RANK.exec(ask);
  if (total?.[1] && total[3]) {
    const within = (total[2] ?? '').trim();
    const rest = ask.slice(total[0].length).replace(/^\s*[?.!]+\s*$/, '');
    return `what % of ${total[3].toLowerCase()}s spent less than $${total[1]}${within ? ` ${within}` : ''}${rest ? ` ${rest.trim()}` : ''}`;
  }
  return undefined;
}

/** A share's words in one spelling, to tell a restatement that says the same share. */
const normal = (text: string) =>
  ` ${text.toLowerCase()} `
    .replace(/[?.!,$]/g, ' ')
    .replace(/\b(?:percentage|percent|share|pct)\b|%/g, ' % ')
    .replace(/\b(?:under|less\s+than|lower\s+than|smaller\s+than|cheaper\s+than)\b/g, 'below')
    .replace(/\b(?:were|is|was|are)\b/g, 'are')
    .replace(/\b(?:the|all|of|our|my)\b/g, ' ')
    .replace(/(\d),(\d)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
