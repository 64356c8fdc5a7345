/**
 * A percentile asked as the cut-off of a share of the rows (issue 29): "the cheapest 20% of toy orders are below
 * what amount" is the 20th percentile of toy order amounts; "the priciest 10% of orders start at what amount" the
 * 90th. Read before the words are matched (phrases.ts) and said the way the planner reads a percentile. Only a
 * whole phrase is rewritten (a side, a share, the rows, a bound and "what"): anything else stays as asked.
 * Likewise a half or quarter of the people ranked by money ("the bottom half of our customers (ranked by how much
 * they spend)", "the lowest-spending 50% of customers") is the bottom (or top) 50% or 25% of them, as the planner
 * reads a share of ranked entities (by money when nothing else ranks them).
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

const PEOPLE = '(customers|clients|buyers|shoppers|accounts|purchasers)';
const LOWER = '(?:bottom|lower|lowest|smallest|least)';
const UPPER = '(?:top|upper|highest|biggest|largest|most)';
/** "-spending", "-paying", "spending": ranked by money, which is how a share of entities is ranked by default. */
const BY_MONEY = '(?:[\\s-]+(?:spending|paying|revenue|value))?';
const PART = '(half|quarter|\\d{1,2}\\s*(?:%|percent|pct))';
/** An aside that ranks them by money is read (dropped); one that ranks them otherwise leaves the phrase as asked. */
const ASIDE =
  '(?:\\s*\\(\\s*(?:ranked|sorted|ordered|measured)\\s+by\\s+(?:how\\s+much\\s+they(?:\\s+have|\\s+\\x27ve)?\\s+(?:spend|spent|paid|bought)|(?:their\\s+)?(?:spend|spending|revenue|sales|lifetime\\s+value))\\s*\\)|(?!\\s*\\(\\s*(?:ranked|sorted|ordered|measured)\\b))';
const RANKED = (side: string) =>
  new RegExp(
    `\\b(?:the\\s+)?${side}${BY_MONEY}\\s+${PART}\\s+of\\s+(?:(?:our|my|the|all)\\s+)?${PEOPLE}${ASIDE}`,
    'gi',
  );

/** "the bottom 50% of customers" for a half, a quarter or a percent of the people ranked by money. */
const ranked =
  (side: 'bottom' | 'top') =>
  (all: string, part = '', people = '') => {
    const n = part === 'half' ? 50 : part === 'quarter' ? 25 : Number(/\d+/.exec(part)?.[0]);
    return n >= 1 && n <= 99 ? `the ${side} ${n}% of ${people}` : all;
  };

/** The question with a share's cut-off said as the percentile it is, and halves of the people as percents. */
export function readCutoffs(text: string): string {
  return text
    .replace(RANKED(LOWER), ranked('bottom'))
    .replace(RANKED(UPPER), ranked('top'))
    .replace(cutoff(LOW, BELOW), (all, share = '', values = '', noun = '', what = '') => {
      const p = Number(share);
      return p >= 1 && p <= 99 ? said(p, values, noun, what) : all;
    })
    .replace(cutoff(HIGH, ABOVE), (all, share = '', values = '', noun = '', what = '') => {
      const p = 100 - Number(share);
      return p >= 1 && p <= 99 ? said(p, values, noun, what) : all;
    });
}
