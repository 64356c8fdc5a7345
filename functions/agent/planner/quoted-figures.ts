/**
 * A figure quoted from elsewhere beside the ask (issue 29, unknown words): "our CRM export says the west did about
 * 40M in 2024 - what do you have for west revenue 2024?", "my dashboard shows about 12k orders in Q1 2025 - how many
 * do you see?". The quoted figure is the asker's context, never an input: the clause that quotes it goes, and the
 * ask is answered from the data. Only where the ask is a check against the data ("what do you have", "your
 * number", "what does the data say") and names again everything of the data the quote names (a period the ask
 * restates in its own words excepted), so dropping the quote loses nothing of the question.
 */
import { STOPWORDS, words } from './text';

/** Separators of clauses: a semicolon, a sentence's end, a dash between spaces, a comma. */
const CLAUSE_BREAK = /(\s*[;.?!]\s+|\s+[-–—]+\s+|\s*[—–]\s*|\s*,\s+)/;
/** A source and its verb of saying ("our CRM export says", "finance's spreadsheet has", "sales ops claims"). */
const QUOTES =
  /^(?:(?:so|ok(?:ay)?|hey|fyi|btw)\s*,?\s+)?(?:(?:my|our|the|their|his|her|this|that|[a-z]+['’]s?)\s+)?(?:[a-z0-9&'’-]+\s+){0,3}(?:says|said|shows|showed|is\s+showing|was\s+showing|has|had|claims|claimed|reports|reported|puts|put|lists|listed|gives|gave|came\s+out\s+(?:at|to)|comes\s+out\s+(?:at|to)|reckons|estimates|estimated|saw|sees|seen|told\s+(?:me|us)|tells\s+(?:me|us)|mentioned|thinks|thought|heard|quoted)\b(.*)$/i;
/** The quote with its source after it ("the west did 40M in 2024 according to Salesforce", "... per the CRM"). */
const QUOTED_FROM =
  /^(.*?)\s*,?\s+(?:according\s+to|per|says|said|from)\s+(?:the\s+|our\s+|my\s+|their\s+|finance['’]?s?\s+)?(?:[a-z0-9&'’-]+)(?:\s+[a-z0-9&'’-]+){0,2}$/i;
/** A figure that is no year: "40M", "~12k", "$3.1M", "9 million", "12,500", "5%". */
const FIGURE =
  /(?:^|\s|~|\$)\d+(?:[.,]\d+)?\s*(?:k|m|mm|bn|b|million|thousand|billion|%)(?![a-z])|\$\s*\d|\b\d{1,3}(?:,\d{3})+\b/i;
/** An ask that checks the data's own figure. */
const CHECKS =
  /\b(?:you|your|yours|u|ur)\b|\b(?:the|our)\s+data\b|\bin\s+(?:here|the\s+system)\b|\b(?:actual|actually|real|really|true|correct|right)\b|\bdo\s+we\s+(?:(?:actually|really)\s+)?(?:have|see|show|get)\b/i;
/** Words of a quote that name nothing of the data: how close, what was done, the figure's units. */
const QUOTE_FILLER = new Set(
  'about around roughly approximately approx like nearly almost over under just some did do had made brought bring came come got total totaled totalled at was were is are be been we they it k m mm bn million thousand billion ish report reports dashboard dashboards deck slide slides sheet spreadsheet export email'.split(
    ' ',
  ),
);
const PERIODISH =
  /^(?:(?:19|20)\d{2}|q[1-4]|h[12]|last|this|year|quarter|month|week|ytd|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*$/;

/**
 * The question without a clause quoting a figure from elsewhere, where the rest asks the data's own figure, and
 * whether one was dropped (the answer then says the quoted figure is the asker's source's, not the data's).
 */
export function readQuotedFigure(question: string): {
  text: string;
  quoted?: true;
  /** The quote asked back as the question: its measure must be named, or it counts things it names ("9,800 returns"). */
  fromQuote?: 'named' | 'count';
} {
  const parts = question.split(CLAUSE_BREAK);
  for (let k = 0; k < parts.length; k += 2) {
    const clause = (parts[k] ?? '').trim();
    const quote = QUOTES.exec(clause) ?? QUOTED_FROM.exec(clause);
    if (!quote || !FIGURE.test(quote[1] ?? '')) continue;
    const rest = parts.filter((_, j) => j !== k && j !== k - 1 && j !== k + 1);
    const ask = rest.join('').trim();
    if (!CHECKS.test(ask)) continue;
    const asked = new Set(words(ask));
    const askDated = [...asked].some((w) => PERIODISH.test(w));
    const named = words(quote[1] ?? '').filter(
      (w) => !STOPWORDS.has(w) && !QUOTE_FILLER.has(w) && !/^\d/.test(w) && !asked.has(w),
    );
    if (named.some((w) => !(askDated && PERIODISH.test(w)))) {
      // ("HubSpot is showing 5,000 cancelled orders for Q3 2024 - what do we have?": an ask naming nothing of its
      // own asks the quote's figure from the data: the quote without its figure is the question.)
      const own = quoteWithoutFigure(quote[1] ?? '');
      if (own && words(ask).every((w) => BARE_CHECK.has(w)))
        return { text: own.text, quoted: true, fromQuote: own.counted ? 'count' : 'named' };
      continue;
    }
    return { text: ask, quoted: true };
  }
  return { text: question };
}

/** Words of an ask that checks a quoted figure and names nothing of the data ("what do we have in here?"). */
const BARE_CHECK = new Set(
  "what whats what's is are was were do does did we you u i have has see show shows get got the data say says our real actual actually really true correct right number numbers figure count total it that this can could check verify confirm in here system pls please so ok okay then end side look looking at there for".split(
    ' ',
  ),
);
/** A figure that is no year, with the words before it that only say how close or how it was said. */
const FIGURE_PHRASE =
  /(?:\b(?:at|was|were|is|of|about|around|roughly|approximately|approx|nearly|almost|like|over|under|just|did|had|made)\s+)*['"‘“]?(?:~\s*)?(?:\$\s*\d[\d,]*(?:\.\d+)?\s*(?:k|m|mm|bn|b|million|thousand|billion)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?\s*(?:k|m|mm|bn|b|million|thousand|billion|%))(?![a-z\d])/i;

/**
 * The quote as a question of its own, without its figure ("5,000 cancelled orders for Q3 2024" -> "cancelled
 * orders for Q3 2024", "revenue at 40M for 2025" -> "revenue for 2025"); undefined when it holds no figure or more
 * than one (which one is asked would be a guess).
 */
function quoteWithoutFigure(quote: string): { text: string; counted: boolean } | undefined {
  const found = FIGURE_PHRASE.exec(quote);
  if (!found) return undefined;
  const rest = `${quote.slice(0, found.index)} ${quote.slice(found.index + found[0].length)}`;
  if (FIGURE_PHRASE.test(rest)) return undefined;
  const text = rest
    .replace(/['"‘’“”]/g, ' ')
    .replace(/^\s*there\s+(?:were|was|are|is)\b/i, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // ("9,800 returns", "12k orders": a plain number before a plural noun counts those things.)
  const after = quote.slice(found.index + found[0].length);
  const counted = !/[$%]|[a-z]\s*$/i.test(found[0]) && /^['"’”]?\s+[a-z]+s\b/i.test(after);
  return text.length > 0 ? { text, counted } : undefined;
}
