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
  // ("the west did ~$41M in 2024": dollars done, made or booked with no measure named are the revenue.)
  const money =
    /\$/.test(found[0]) &&
    !/\b(?:revenue|sales|amount|spend|spent|aov|average|avg|value|orders?|gmv|refunds?|returns?)\b/i.test(
      text,
    );
  if (text.length === 0) return undefined;
  return {
    text: money
      ? `revenue ${text.replace(/\b(?:did|made|brought\s+in|booked|pulled\s+in)\b/gi, '')}`
          .replace(/\s+/g, ' ')
          .trim()
      : text,
    counted,
  };
}

/** A source and its verb of telling, for a quoted change ("finance says", "my manager thinks", "I heard"). */
const TOLD =
  /^(?:(?:so|ok(?:ay)?|hey|fyi|btw)\s*,?\s+)?(?:(?:someone|somebody)\s+in\s+[a-z]+\s+|(?:(?:my|our|the|their|his|her|this|that|[a-z]+['’]s?)\s+)?(?:[a-z0-9&'’-]+\s+){0,3})(?:says|said|shows|showed|is\s+showing|claims|claimed|reports|reported|thinks|thought|reckons|told\s+me|heard|mentioned)\s+(?:that\s+)?(.*)$/i;
/**
 * A change with its figure: "was down ~5% on", "fell 10% from", "rose about 2% in", "was roughly 4% above"
 * (groups: the verb of direction, the percent, or the percent and a word of direction after it).
 */
const MOVED =
  /\s+(?:(?:was|were|is|are)\s+)?(?:(up|down|higher|lower|rose|fell|dropped|grew|increased|decreased|declined|jumped)\s+(?:by\s+)?(?:about|around|roughly|approximately|approx|nearly|almost|like|some)?\s*~?\s*(\d+(?:\.\d+)?)\s*%|(?:about|around|roughly|approximately|approx|nearly|almost|like|some)?\s*~?\s*(\d+(?:\.\d+)?)\s*%\s+(up|down|higher|lower|above|below))(?:\s+(on|vs\.?|versus|over|against|compared\s+(?:to|with)|than|above|below))?(?=\s|$)/i;
const UP = /^(?:up|higher|rose|grew|increased|jumped|above)$/i;
/** The ask after a quoted change: only whether it holds and what the change really is. */
const CHECK_WORDS = new Set(
  "is was that it this right correct accurate true legit what whats what’s what's the actual real true % change growth pct percent percentage number figure rate can could you u pls please plz check confirm verify and so or tell me give us our".split(
    ' ',
  ),
);

/**
 * A change quoted from elsewhere with the ask whether it holds ("finance says Q4 2025 revenue was down ~5% on Q3 -
 * is that right? whats the actual % change"): the change the quote names, asked of the data ("% change in Q4 2025
 * revenue vs Q3"), and the quoted percent, signed (the answer says whether it holds). Undefined unless the rest of
 * the question only checks the figure.
 */
export function readQuotedChange(question: string): { text: string; quotedChange: number } | undefined {
  const parts = question.split(CLAUSE_BREAK);
  for (let k = 0; k < parts.length; k += 2) {
    const clause = (parts[k] ?? '').trim();
    const told = TOLD.exec(clause)?.[1];
    const moved = told ? MOVED.exec(` ${told}`) : null;
    if (!told || !moved) continue;
    const ask = parts.filter((_, j) => j !== k && j !== k - 1 && j !== k + 1).join(' ');
    const asked = words(ask);
    if (asked.length === 0 || !asked.every((w) => CHECK_WORDS.has(w) || STOPWORDS.has(w))) continue;
    if (!/\b(?:right|correct|accurate|true|legit|actual|real|check|confirm|verify)\b/i.test(ask)) continue;
    const direction = moved[1] ?? moved[4] ?? '';
    const percent = Number(moved[2] ?? moved[3]);
    // ("returns were up about 3%": how many returned orders, as "how many returns" counts them, not their amount.)
    const said = ` ${told}`.slice(0, moved.index).trim();
    const before =
      /^(?:the\s+|our\s+)?(?:returns|cancell?ations|cancels|refunds)\b/i.test(said) &&
      !/\b(?:revenue|amount|value|sales|dollars?|spend)\b|\$/i.test(said)
        ? `number of ${said}`
        : said;
    const after = yearOfBase(before, ` ${told}`.slice(moved.index + moved[0].length).trim());
    // ("4% above H1": the word of direction is the link too.)
    const link = moved[5] || /^(?:above|below)$/i.test(moved[4] ?? '') ? 'vs' : '';
    const text = `% change in ${[before, link, after].filter((w) => w !== '').join(' ')}`.replace(
      /[?.!]+$/,
      '',
    );
    return { text, quotedChange: UP.test(direction) ? percent : -percent };
  }
  return undefined;
}

/**
 * "Q3 2025 ... up 3% on Q2": the base said without its year takes the quoted period's, or the year before when
 * it would otherwise come after it ("Q1 2025 ... on Q4": Q4 2024).
 */
function yearOfBase(quoted: string, base: string): string {
  const part = /^(q|h)([1-4])$/i.exec(base);
  const own = /\b(q|h)([1-4])\s+((?:19|20)\d{2})\b/i.exec(quoted);
  if (!part || !own || part[1]?.toLowerCase() !== own[1]?.toLowerCase()) return base;
  const year = Number(own[3]) - (Number(part[2]) > Number(own[2]) ? 1 : 0);
  return `${base} ${year}`;
}
