/**
 * A range of a per-customer count said loosely (issue 29): "somewhere between 40 and 45", "from 45 to 50 orders",
 * "45-50 orders", "whose lifetime order count is between 40 and 45", with "(both ends included)" or "inclusive"
 * after it, is "with between 40 and 45 orders", which the planner reads as both bounds included. Only a whole
 * phrase is rewritten: a range of days or months ("Jan 10-20") has no rows' noun after it and stays as asked.
 */

const ROWS = '(orders|purchases)';
/** Words before a count of rows that say the people have it ("customers with", "who placed"). */
const HAVE = '(with|having|had|have|has|placed|made|bought|put\\s+in)';
/** "with from 45 to 50 orders", "placed 45-50 orders". */
const SPAN = new RegExp(
  `\\b${HAVE}\\s+(?:from\\s+)?(\\d{1,4})\\s*(?:to|-|–|thru|through)\\s*(\\d{1,4})\\s+${ROWS}\\b`,
  'gi',
);
/** "whose lifetime order count is between 40 and 45": the count is the rows the people have. */
const WHOSE =
  /\bwhose\s+(?:(?:lifetime|total|all-time|overall)\s+)?(?:order\s+count|number\s+of\s+orders|orders?\s+total)\s+(?:is|was|are|were|falls?|lies|sits)\s+(between\s+\d{1,4}\s+and\s+\d{1,4})/gi;
/** "both ends included", "inclusive", "incl. both": the planner's "between" includes both ends already. */
const INCLUSIVE =
  /\s*,?\s*\(?\s*(?:(?:with\s+)?both\s+ends\s+(?:included|inclusive|counted|incl\.?)|inclusive(?:\s+of\s+both(?:\s+ends)?)?|incl\.?\s+both(?:\s+ends)?)\s*\)?/gi;

/** The question with a loosely said range of a count said as "with between A and B orders". */
export function readCountRanges(text: string): string {
  const read = text
    .replace(/\b(?:somewhere|anywhere)\s+(?=(?:between|from)\s+\d)/gi, '')
    .replace(WHOSE, (_all, range = '') => `with ${range} orders`)
    .replace(SPAN, (all, have = '', low = '', high = '', rows = '') =>
      Number(low) <= Number(high) ? `${have} between ${low} and ${high} ${rows}` : all,
    );
  return /\bbetween\s+\d{1,4}\s+and\s+\d{1,4}\s+(?:orders|purchases)\b/i.test(read)
    ? read.replace(INCLUSIVE, '')
    : read;
}
