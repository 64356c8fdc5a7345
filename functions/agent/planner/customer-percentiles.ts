/**
 * "For each region, what's the median of customers' average order value in 2024?", "by region, the 10th percentile
 * of each customer's AOV (each customer's average over all of their orders)": a percentile of one figure per
 * customer, said as the planner reads it ("the median average order value per customer"). Read as it stood with a
 * group said first, "median" and "average" were taken as two figures of each customer (each customer listed:
 * confidently wrong), or refused. A gloss in brackets restating the customer's average is dropped with it. Anything
 * else is left as it was.
 */
const RANK = String.raw`(?:median|(?:\d{1,2}(?:st|nd|rd|th)|ninetieth|tenth)\s+percentile|p\d{1,2}|(?:upper|lower|top|bottom|first|third)\s+quartile)`;
const CUSTOMERS = String.raw`(?:(?:the\s+)?customers['’]|(?:each|every|a|the)\s+customer['’]s|(?:the\s+)?per[-\s]customer)`;
const AVERAGE = String.raw`(?:average|avg|mean)\s+order\s+(?:value|amount|size)|aov`;
const PERCENTILE_OF_AVERAGE = new RegExp(
  String.raw`\b(${RANK})\s+of\s+${CUSTOMERS}\s+(?:own\s+)?(?:lifetime\s+|overall\s+)?(?:${AVERAGE})s?\b`,
  'i',
);
/** "(each customer's average over all of their orders)": the figure said again. */
const GLOSS =
  /\s*\(\s*(?:i\.e\.,?\s+|that\s+is,?\s+|meaning\s+)?(?:each|every|a|one|the)\s+customer['’]s\s+(?:own\s+)?(?:average|mean|aov)\b[^)]*\)/i;

/** The question with a percentile of customers' average order value in the planner's words, or as it was. */
export function readCustomerPercentiles(question: string): string {
  const m = PERCENTILE_OF_AVERAGE.exec(question);
  if (!m?.[1]) return question;
  const said = `${question.slice(0, m.index)}${m[1]} average order value per customer${question.slice(m.index + m[0].length)}`;
  return said.replace(GLOSS, '');
}
