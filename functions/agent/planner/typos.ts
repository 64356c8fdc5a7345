/**
 * Slips of typing in the small words of a question (issue 29, wording): "wat was total revnue", "how mnay
 * orders", "wat r the orders by region", "whta is the totl". The model's own words are corrected later, against
 * the model (readings.ts, correctTypos); these are the question words and quantity words no model names, too
 * short for an edit distance to find safely, so each is listed with the one word it can only be. A word listed
 * here is never a word of English or of business shorthand in its own right ("wat", not "was"; "mnay", not
 * "may"), so reading it as the word it slips from can drop nothing the asker meant.
 */

/** Misspellings of the words that open or quantify a question, by the word each stands for. */
const SLIPS: Record<string, string> = {
  wat: 'what',
  wht: 'what',
  waht: 'what',
  whta: 'what',
  wut: 'what',
  whar: 'what',
  wats: 'what is',
  whts: 'what is',
  wahts: 'what is',
  hw: 'how',
  hwo: 'how',
  hpw: 'how',
  mnay: 'many',
  mny: 'many',
  amny: 'many',
  manny: 'many',
  mamy: 'many',
  muhc: 'much',
  mch: 'much',
  totl: 'total',
  toal: 'total',
  totla: 'total',
  tota: 'total',
  tottal: 'total',
  whcih: 'which',
  whihc: 'which',
  wich: 'which',
  whch: 'which',
  teh: 'the',
  hte: 'the',
  nad: 'and',
  adn: 'and',
  numbr: 'number',
  nmber: 'number',
  numer: 'number',
  nubmer: 'number',
  numbre: 'number',
  // Chat shorthand for a verb of being ("wat r the orders by region").
  r: 'are',
};

const SLIP = new RegExp(`(?<![\\w'’$#-])(${Object.keys(SLIPS).join('|')})(?![\\w'’&-])`, 'gi');

/** The question with each listed slip read as the word it stands for. */
export function readTypos(question: string): string {
  return question.replace(SLIP, (all, slip: string) => SLIPS[slip.toLowerCase()] ?? all);
}
