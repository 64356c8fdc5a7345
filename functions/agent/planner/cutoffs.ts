/**
 * A percentile asked as the cut-off of a share of the rows (issue 29): "the cheapest 20% of toy orders are below
 * what amount" is the 20th percentile of toy order amounts; "the priciest 10% of orders start at what amount" the
 * 90th. Read before the words are matched (phrases.ts) and said the way the planner reads a percentile. Only a
 * whole phrase is rewritten (a side, a share, the rows, a bound and "what"): anything else stays as asked.
 */

const LOW = '(?:cheapest|smallest|lowest|least\\s+expensive|bottom)';
const HIGH = '(?:priciest|largest|biggest|highest|most\\s+expensive|top)';
const SHARE = '(\\d{1,2})\\s*(?:%|percent|pct)';
/** The rows, with values before their noun ("toy orders", "electronics orders"). */
const ROWS =
  '(?:of\\s+)?(?:the\\s+|our\\s+|all\\s+|my\\s+)?((?:[a-z]+\\s+){0,2}?)(orders?|sales?|purchases?|transactions?)';
const BE = '(?:\\s+(?:are|were|is|fall|come\\s+in|sit|lie))?';
const BELOW = '(?:below|under|less\\s+than|at\\s+most|up\\s+to|beneath)';
const ABOVE = '(?:above|over|more\\s+than|at\\s+least|start\\s+at|starts\\s+at|begin\\s+at|exceed)';
const WHAT = '(?:what|which|how\\s+much)(?:\\s+(amount|value|size|price|total))?';

const cutoff = (side: string, bound: string) =>
  new RegExp(`\\b(?:the\\s+)?${side}\\s+${SHARE}\\s+${ROWS}${BE}\\s+${bound}\\s+${WHAT}`, 'gi');

/** "the 20th percentile of toy order amount" */
const said = (p: number, values: string, noun: string, what: string) =>
  `the ${p}th percentile of ${values}${noun.replace(/s$/i, '')} ${what || 'amount'}`;

/** The question with a share's cut-off said as the percentile it is. */
export function readCutoffs(text: string): string {
  return text
    .replace(cutoff(LOW, BELOW), (all, share = '', values = '', noun = '', what = '') => {
      const p = Number(share);
      return p >= 1 && p <= 99 ? said(p, values, noun, what) : all;
    })
    .replace(cutoff(HIGH, ABOVE), (all, share = '', values = '', noun = '', what = '') => {
      const p = 100 - Number(share);
      return p >= 1 && p <= 99 ? said(p, values, noun, what) : all;
    });
}
