/**
 * A percentile asked as the cut-off of a share of the rows (issue 29): "the cheapest 20% of toy orders are below
 * what amount" is the 20th percentile of toy order amounts; "the priciest 10% of orders start at what amount" the
 * 90th. Read before the words are matched (phrases.ts) and said the way the planner reads a percentile. Only a
 * whole phrase is rewritten (a side, a share, the rows, a bound and "what"): anything else stays as asked.
 * Likewise a half, a quarter or a percent of the people ranked by money ("the bottom half of our customers (ranked
 * by how much they spend)", "the lowest-spending 50% of customers") is the bottom (or top) half, quarter or percent
 * of them, as the planner reads a share of ranked entities (by money when nothing else ranks them).
 */
import { alternation, PEOPLE_PLURALS } from './vocabulary';

const LOW = '(?:cheapest|smallest|lowest|least\\s+expensive|bottom)';
const HIGH = '(?:priciest|largest|biggest|highest|most\\s+expensive|top)';
/** The rows, with values before their noun ("toy orders", "electronics orders"). */
const ROWS =
  '(?:of\\s+)?(?:the\\s+|our\\s+|all\\s+|my\\s+)?((?:[a-z0-9]+\\s+){0,2}?)(orders?|sales?|purchases?|transactions?)';
const BE = '(?:\\s+(?:are|were|is|fall|come\\s+in|sit|lie))?';
const BELOW = '(?:below|under|less\\s+than|at\\s+most|up\\s+to|beneath)';
const ABOVE = '(?:above|over|more\\s+than|at\\s+least|start\\s+at|starts\\s+at|begin\\s+at|exceed)';
const WHAT = '(?:what|which|how\\s+much)(?:\\s+(amount|value|size|price|total))?';

/** A period said right after the rows ("of orders in 2024"), kept after the percentile. */
const PERIOD_AFTER = '(\\s+(?:in|during|for|from)\\s+(?:(?:q[1-4]|h[12]|[a-z]+)\\s+)?(?:19|20)\\d\\d)?';
/** The share as a percent or a part ("the bottom quarter", "the top tenth"). */
const SHARE_OR_PART = '(\\d{1,2}\\s*(?:%|percent|pct)|quartile|quarter|half|decile|tenth|fifth)';

const cutoff = (side: string, bound: string) =>
  new RegExp(
    `\\b(?:the\\s+)?${side}\\s+${SHARE_OR_PART}\\s+${ROWS}${PERIOD_AFTER}${BE}\\s+${bound}\\s+${WHAT}`,
    'gi',
  );

/** "... separates the bottom quarter of 2024 orders from the rest": the rest is what the cut-off divides off. */
const FROM_THE_REST =
  /\b((?:separates?|divides?|splits?|sets?\s+apart)\b[^?]*?)\s+from\s+(?:the\s+rest|everything\s+else|the\s+others|all\s+(?:the\s+)?others|the\s+remainder|the\s+other\s+(?:orders|ones))\b/gi;

/** "the 20th percentile of toy order amount" */
const said = (p: number, values: string, noun: string, what: string) =>
  `the ${p}th percentile of ${values}${noun.replace(/s$/i, '')} ${what || 'amount'}`;

const PEOPLE = alternation(PEOPLE_PLURALS);
/** One of them ("a customer"). */
const PERSON = alternation(PEOPLE_PLURALS.map((w) => w.replace(/s$/, '')));
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

/**
 * "the bottom half of customers", "the top 10% of customers": the side said plainly, the part as asked (a half or
 * a quarter is read, and named in the title, by the one reader of a fraction of ranked entities: business-words.ts).
 */
const ranked =
  (side: 'bottom' | 'top') =>
  (all: string, part = '', people = '') => {
    const n = /^(?:half|quarter)$/i.test(part) ? 1 : Number(/\d+/.exec(part)?.[0]);
    const said = /^(?:half|quarter)$/i.test(part) ? part.toLowerCase() : `${n}%`;
    return n >= 1 && n <= 99 ? `the ${side} ${said} of ${people}` : all;
  };

/** A share named by its part ("the top quartile", "the bottom 10%"): its percent, or undefined. */
const SHARE_PART =
  '(top|bottom|upper|lower)\\s+(quartile|quarter|half|decile|tenth|fifth|\\d{1,2}\\s*(?:%|percent|pct))';
const partPercent = (part: string) =>
  ({ quartile: 25, quarter: 25, half: 50, decile: 10, tenth: 10, fifth: 20 })[part.toLowerCase()] ??
  Number(/\d+/.exec(part)?.[0]);
/** The percentile where a share of the rows or people starts or ends: "the top 10%" at the 90th. */
const percentileOf = (side: string, part: string) => {
  const n = partPercent(part);
  if (!(n >= 1 && n <= 99)) return undefined;
  return /^(top|upper)$/i.test(side) ? 100 - n : n;
};
/** What a customer's figure is measured in ("lifetime spend", "total spend", "order count"). */
const MONEY = '((?:lifetime\\s+|total\\s+)?(?:spend|spending|revenue|sales|value))';
/** The value of the rows read ("order amount", "order value"). */
const VALUE = '(amount|value|size|price|total)';
/** "what order amount marks the bottom 10% of orders", "the cut-off for the top 5% of orders". */
const MARKS = new RegExp(
  `\\b(?:(?:what|which)\\s+(?:order\\s+)?${VALUE}\\s+(?:marks|defines|separates|sets|draws)(?:\\s+off)?|the\\s+(?:cut-?\\s*off|threshold|line|boundary)\\s+(?:for|of))\\s+(?:the\\s+)?${SHARE_PART}\\s+${ROWS}(?:([^,?]*?),?\\s+by\\s+(?:order\\s+)?${VALUE}\\b)?`,
  'gi',
);
/**
 * "what order count marks the top 1% of customers", "which lifetime spend separates the bottom quartile of
 * clients": the percentile of each one's figure (the number of their orders, or their money) where that share
 * starts or ends.
 */
const PEOPLE_MARKS = new RegExp(
  `\\b(?:what|which)\\s+(?:(order\\s+count|number\\s+of\\s+orders)|${MONEY})\\s+(?:marks|defines|separates|sets)(?:\\s+off)?\\s+(?:the\\s+)?${SHARE_PART}\\s+of\\s+(?:(?:our|my|the|all)\\s+)?${PEOPLE}`,
  'gi',
);
/**
 * "where does the top quartile of customers start, in lifetime spend", "what lifetime spend puts a customer in
 * the top 10%": the percentile of each customer's figure where that share begins.
 */
const STARTS = new RegExp(
  `\\bwhere\\s+(?:does|do|did)\\s+the\\s+${SHARE_PART}\\s+of\\s+(?:(?:our|my|the|all)\\s+)?${PEOPLE}\\s+(?:start|begin|end|stop|kick\\s+in)(?:\\s*,?\\s*(?:in|by|on|for)\\s+(?:terms\\s+of\\s+)?${MONEY})?`,
  'gi',
);
const PUTS = new RegExp(
  `\\bwhat\\s+${MONEY}\\s+(?:puts|gets|places|lands)\\s+an?\\s+${PERSON}\\s+in(?:to)?\\s+the\\s+${SHARE_PART}(?:\\s+of\\s+(?:(?:our|my|the|all)\\s+)?${PEOPLE})?`,
  'gi',
);

/** "the bottom quartile cut-off for monthly revenue", "top decile threshold of order amount": that percentile of it. */
const PART_CUTOFF = new RegExp(
  `\\b(?:the\\s+)?${SHARE_PART}\\s+(?:cut-?\\s*off|threshold|boundary|line)\\s+(?:for|of|on|in)\\s+(?:the\\s+)?`,
  'gi',
);
/** "what order value do the top 10% of orders start at", "where do the top 5% of orders begin": rows' values. */
const ROWS_START = new RegExp(
  `\\b(?:(?:what|which)\\s+(?:order\\s+)?${VALUE}|where)\\s+(?:does|do|did)\\s+the\\s+${SHARE_PART}\\s+${ROWS}\\s+(?:start|begin|kick\\s+in)(?:\\s+at)?`,
  'gi',
);
/** "how big does an order have to be to make the top 10%": where that share of the rows starts. */
const ROW_MAKES = new RegExp(
  `\\bhow\\s+(?:big|large|much)\\s+(?:does|do|would|must)\\s+(?:an?\\s+)?(order|sale|purchase|transaction)\\s+(?:have|need)\\s+to\\s+be\\s+to\\s+(?:make|get\\s+into|land\\s+in|be\\s+in|crack)\\s+the\\s+${SHARE_PART}(?:\\s+of\\s+(?:the\\s+|all\\s+|our\\s+)?(?:orders?|sales?|purchases?|transactions?))?`,
  'gi',
);
/** "what order amount puts an order in the top 10% for 2025?": where that share of the rows starts, asked of one. */
const ROW_PUTS = new RegExp(
  `\\b(?:what|which)\\s+(?:order\\s+)?${VALUE}\\s+(?:puts|gets|places|lands|would\\s+put|would\\s+get)\\s+(?:an?\\s+)?(order|sale|purchase|transaction)\\s+in(?:to)?\\s+the\\s+${SHARE_PART}(?:\\s+of\\s+(?:the\\s+|all\\s+|our\\s+)?(?:orders?|sales?|purchases?|transactions?))?`,
  'gi',
);
/** A share of the rows named by its side and part in words or a percent ("the cheapest quarter", "the top 10%"). */
const SIDED_PART = `(${LOW.slice(3, -1)}|${HIGH.slice(3, -1)}|upper|lower)[\\s-]+(quartile|quarter|half|decile|tenth|fifth|\\d{1,2}\\s*(?:%|percent|pct))`;
/**
 * "where does the bottom quarter of grocery orders top out", "below what amount do the smallest 10% of orders
 * fall": the value where a low share of the rows ends (or a high one starts: "where do the top 5% begin").
 */
const ROWS_END = new RegExp(
  `\\b(?:where|(?:below|under|above|over)\\s+(?:what|which)(?:\\s+(?:order\\s+)?${VALUE})?)\\s+(?:does|do|did)\\s+the\\s+${SIDED_PART}\\s+${ROWS}\\s+(top\\s+out|max\\s+out|end|stop|fall|sit|lie|come\\s+in|start|begin|kick\\s+in|bottom\\s+out)(?:\\s+at)?`,
  'gi',
);
/**
 * "what amount did the top 5% of 2024 orders exceed", "what value do the cheapest 10% of orders stay under": the
 * value a high share of the rows passes (a low one stays under), asked with "what" first and the verb last.
 */
const WHAT_PASSED = new RegExp(
  `\\b(?:what|which|how\\s+much)(?:\\s+(?:order\\s+)?${VALUE})?\\s+(?:does|do|did)\\s+the\\s+${SIDED_PART}\\s+${ROWS}\\s+(exceed|beat|clear|pass|go\\s+(?:above|over|beyond)|stay\\s+(?:under|below)|fall\\s+(?:under|below)|not\\s+(?:reach|exceed))\\b`,
  'gi',
);
/**
 * "above what order amount are the top 5% of 2023 orders", "below which value are the cheapest 10% of orders": the
 * value where a high share of the rows starts (a low one ends), asked with the bound first and a verb of being.
 */
const BOUND_FIRST = new RegExp(
  `\\b(above|over|below|under)\\s+(?:what|which)(?:\\s+(?:order\\s+)?${VALUE})?\\s+(?:are|is|were|was)\\s+the\\s+${SIDED_PART}\\s+${ROWS}(?:\\s+(?:found|sitting|falling))?`,
  'gi',
);
/**
 * "the bar for a top-10% order", "the line the top fifth of toy orders clears", "the threshold to be a top 5%
 * order": where that share of the rows starts.
 */
const BAR = '(?:bar|line|threshold|cut-?\\s*off|mark|hurdle)';
const BAR_FOR = new RegExp(
  `\\b(?:the\\s+)?${BAR}\\s+(?:for|to\\s+(?:be|make|count\\s+as))\\s+(?:an?\\s+)?${SIDED_PART}\\s+((?:[a-z0-9]+\\s+){0,2}?)(order|sale|purchase|transaction)\\b`,
  'gi',
);
const BAR_CLEARED = new RegExp(
  `\\b(?:the\\s+)?${BAR}\\s+(?:that\\s+)?the\\s+${SIDED_PART}\\s+${ROWS}\\s+(?:clears?|clear|beats?|exceeds?|passes?|tops?|crosses?)\\b`,
  'gi',
);
/** The percentile where a share of the rows named by any side word starts (high side) or ends (low side). */
const percentileOfSided = (side: string, part: string) =>
  percentileOf(new RegExp(`^${HIGH.slice(3, -1)}|upper$`, 'i').test(side) ? 'top' : 'bottom', part);

/** "quartiles of monthly revenue": its 25th, 50th and 75th percentiles. */
const QUARTILES = /\b(?:the\s+)?quartiles\s+(?:of|for)\s+/gi;

/** The question with a share's cut-off said as the percentile it is, and halves of the people as percents. */
export function readCutoffs(text: string): string {
  return text
    .replace(FROM_THE_REST, '$1')
    .replace(BOUND_FIRST, (all, bound = '', what = '', side = '', part = '', values = '', noun = '') => {
      const high = new RegExp(`^${HIGH.slice(3, -1)}|upper$`, 'i').test(side);
      // (A high share lies above its cut-off, a low one below it: the other pairing is no cut-off.)
      if (high !== /^(?:above|over)$/i.test(bound)) return all;
      const p = percentileOfSided(side, part);
      return p === undefined ? all : said(p, values, noun, what);
    })
    .replace(WHAT_PASSED, (all, what = '', side = '', part = '', values = '', noun = '', verb = '') => {
      const high = new RegExp(`^${HIGH.slice(3, -1)}|upper$`, 'i').test(side);
      // (A high share passes its cut-off, a low one stays under it: the other pairing is no cut-off.)
      if (high !== /^(?:exceed|beat|clear|pass|go)/i.test(verb)) return all;
      const p = percentileOfSided(side, part);
      return p === undefined ? all : said(p, values, noun, what);
    })
    .replace(ROWS_END, (all, what = '', side = '', part = '', values = '', noun = '', verb = '') => {
      const high = new RegExp(`^${HIGH.slice(3, -1)}|upper$`, 'i').test(side);
      // (A low share ends where it tops out, a high one starts where it begins: the other pairing is no cut-off.)
      if (high ? /^(?:top|max|end|stop)/i.test(verb) : /^(?:start|begin|kick|bottom)/i.test(verb)) return all;
      const p = percentileOfSided(side, part);
      return p === undefined ? all : said(p, values, noun, what);
    })
    .replace(BAR_FOR, (all, side = '', part = '', values = '', noun = '') => {
      const p = percentileOfSided(side, part);
      return p === undefined ? all : said(p, values, noun, '');
    })
    .replace(BAR_CLEARED, (all, side = '', part = '', values = '', noun = '') => {
      const p = percentileOfSided(side, part);
      return p === undefined ? all : said(p, values, noun, '');
    })
    .replace(PART_CUTOFF, (all, side = '', part = '') => {
      const p = percentileOf(side, part);
      return p === undefined ? all : `the ${p}th percentile of `;
    })
    .replace(ROWS_START, (all, what = '', side = '', part = '', values = '', noun = '') => {
      // ("where does the bottom quarter begin": at the lowest row, no cut-off.)
      if (/^(?:bottom|lower)$/i.test(side)) return all;
      const p = percentileOf(side, part);
      return p === undefined ? all : said(p, values, noun, what);
    })
    .replace(ROW_MAKES, (all, noun = '', side = '', part = '') => {
      const p = percentileOf(side, part);
      return p === undefined ? all : said(p, '', noun, '');
    })
    .replace(ROW_PUTS, (all, what = '', noun = '', side = '', part = '') => {
      const p = percentileOf(side, part);
      return p === undefined ? all : `what is ${said(p, '', noun, what)}`;
    })
    .replace(QUARTILES, 'the 25th and 50th and 75th percentile of ')
    .replace(MARKS, (all, what = '', side = '', part = '', values = '', noun = '', rest = '', by = '') => {
      const p = percentileOf(side, part);
      return p === undefined ? all : `${said(p, values, noun, what || by)}${rest}`;
    })
    .replace(PEOPLE_MARKS, (all, count = '', money = '', side = '', part = '', people = '') => {
      const p = percentileOf(side, part);
      const person = people.toLowerCase().replace(/s$/, '');
      return p === undefined
        ? all
        : `the ${p}th percentile of ${count ? 'number of orders' : money} per ${person}`;
    })
    .replace(STARTS, (all, side = '', part = '', _people = '', money = '') => {
      const p = percentileOf(side, part);
      return p === undefined ? all : `the ${p}th percentile of ${money || 'spend'} per customer`;
    })
    .replace(PUTS, (all, money = '', _person = '', side = '', part = '') => {
      const p = percentileOf(side, part);
      return p === undefined ? all : `the ${p}th percentile of ${money} per customer`;
    })
    .replace(RANKED(LOWER), ranked('bottom'))
    .replace(RANKED(UPPER), ranked('top'))
    .replace(cutoff(LOW, BELOW), (all, share = '', values = '', noun = '', period = '', what = '') => {
      const p = partPercent(share);
      return p >= 1 && p <= 99 ? `${said(p, values, noun, what)}${period}` : all;
    })
    .replace(cutoff(HIGH, ABOVE), (all, share = '', values = '', noun = '', period = '', what = '') => {
      const p = 100 - partPercent(share);
      return p >= 1 && p <= 99 ? `${said(p, values, noun, what)}${period}` : all;
    });
}
