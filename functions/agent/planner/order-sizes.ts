/**
 * A size word defined in place (issue 29, unknown words): "what share of 2025 orders were small ones, under $100?",
 * "big-ticket orders (over $1k)", "tiny orders below 20 bucks", "large orders, i.e. $500 and up". The model has no
 * "small" or "big-ticket"; the bound right after it says what the asker means by it, so the word goes and the bound
 * is read. Only where the bound runs the word's way (small: under, below, at most; big: over, above, at least, "and
 * up"): "small orders over $500" keeps its word, which is then refused by name, as a size word with no bound is.
 */

/** Words of a small order. */
const SMALL = String.raw`(?:small|smaller|tiny|little|mini|micro|low[-\s]?(?:value|ticket|dollar)|cheap|cheaper|inexpensive)`;
/** Words of a big order. */
const BIG = String.raw`(?:big|bigger|large|larger|huge|jumbo|big[-\s]?ticket|high[-\s]?(?:value|ticket|dollar)|premium|expensive|pricey|whale)`;
/** The rows the size word is said of. */
const ROWS = `(?:ones?|orders?|purchases?|sales|deals|baskets?|tickets?|transactions?)`;
/** Between the rows and the bound: a parenthesis, a comma or dash, "i.e.", "meaning", "so", "that is", "=". */
const LINK = String.raw`(?:\s*\(\s*|\s*,\s*|\s+[-–—]+\s*|\s*[—–:]\s*|\s+)(?:(?:i\.?\s?e\.?|meaning|that\s+is|aka|so|=|as\s+in|defined\s+as)\s*,?\s*)?(?:(?:ones?|orders?|anything|those|that\s+(?:is|are|were|was)|which\s+(?:is|are|were|was)|(?:is|are|were|was))\s+)*`;
const DOWN = String.raw`(?:under|below|less\s+than|lower\s+than|at\s+most|up\s+to|no\s+more\s+than|<=?)\s*\$?\s*\d`;
const UP = String.raw`(?:over|above|more\s+than|greater\s+than|higher\s+than|at\s+least|no\s+less\s+than|>=?)\s*\$?\s*\d`;
/** "$500 and up", "$1k+", "$50 or less". */
const AMOUNT = String.raw`\$\s*\d[\d,.]*\s*[kKmM]?`;
const AMOUNT_UP = String.raw`${AMOUNT}\s*(?:\+|(?:and|or)\s+(?:up|above|over|more|higher|upward|upwards)\b)`;
const AMOUNT_DOWN = String.raw`${AMOUNT}\s*(?:(?:and|or)\s+(?:under|below|less|lower)\b)`;

const SIZED = (word: string, bound: string) =>
  new RegExp(String.raw`\b${word}(?:[-\s]sized?)?\s+((?:${ROWS})?${LINK})(?=${bound})`, 'gi');
const SMALL_DEFINED = SIZED(SMALL, `${DOWN}|${AMOUNT_DOWN}`);
const BIG_DEFINED = SIZED(BIG, `${UP}|${AMOUNT_UP}`);
/** The words that say the bound defines the size ("i.e.", "meaning"): nothing once the size word is gone. */
const DEFINING = /(?:i\.?\s?e\.?|meaning|that\s+is|aka|=|as\s+in|defined\s+as)\s*,?\s*/gi;

/** The rows and the link to the bound, without the words that say the bound defines the size. */
const linked = (_all: string, rest: string) => rest.replace(DEFINING, '');

/**
 * The question without a size word whose bound follows it the word's way, and such a bound written "$500 and up"
 * or "$50 or less" as "at least $500" and "at most $50".
 */
export function readDefinedSizes(question: string): string {
  const read = question.replace(SMALL_DEFINED, linked).replace(BIG_DEFINED, linked);
  if (read === question) return question;
  return read
    .replace(
      new RegExp(`(${AMOUNT})\\s*(?:\\+|(?:and|or)\\s+(?:up|above|over|more|higher|upwards?)\\b)`, 'gi'),
      'at least $1',
    )
    .replace(new RegExp(`(${AMOUNT})\\s*(?:and|or)\\s+(?:under|below|less|lower)\\b`, 'gi'), 'at most $1');
}
