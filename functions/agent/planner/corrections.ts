/**
 * The asker correcting themselves inside the question (issue 29, wording): "revenue by region for 2023 - I mean
 * 2024", "how many cancelled orders in 2025, sorry, I meant returned", "avg order value by category, no wait, by
 * region". The corrected words win: they replace the one earlier part of the same kind (a period, a breakdown, a
 * value of one dimension, a title of the asker's). A correction that cannot be placed on exactly one earlier part
 * is refused: read with both words, or with neither, the answer would be of another question.
 */
import type { CatalogCube } from './catalog';
import { STOPWORDS, stem, words } from './text';

/** Words that open a message without asking anything ("so, I mean ..."). */
const OPENERS = new Set([
  'so',
  'ok',
  'okay',
  'hey',
  'hi',
  'well',
  'um',
  'uh',
  'like',
  'yeah',
  'yes',
  'no',
  'sorry',
  'oops',
]);

/** "- I mean", ", sorry, I meant", "... no wait,", "scratch that,", "make that", "correction:", "or rather". */
const MARKER =
  /(?:(?:\s*[,;:.!?]\s*|\s+[-–—]+\s*|\s*[—–]\s*)(?:(?:sorry|oops|whoops|err|erm|um|uh|no)\s*[,!.]?\s+)*|\s+(?:(?:sorry|oops|whoops|no)\s*[,!.]?\s+)+|\s+(?=or\s+rather\b))(?:i\s+mean(?:t)?|no\s*,?\s+wait|wait\s*,?\s+no|scratch\s+that|make\s+that|correction\s*:|or\s+rather|i\s+should\s+(?:have\s+)?sa(?:y|id))\s*[,:]?\s+/i;

/** A correction that opens the message: what it corrects is the previous question. */
const LEADING =
  /^\s*(?:(?:sorry|oops|whoops|err|erm|um|uh|no|ah)\s*[,!.]*\s+)*(?:i\s+mean(?:t)?|no\s*,?\s+wait|wait\s*,?\s+no|scratch\s+that|correction\s*:|i\s+should\s+(?:have\s+)?sa(?:y|id))\s*[,:;.!-]*\s+(?=\S)/i;

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';
/** A period the asker may correct: a year, a quarter or half, a month, with or without its year; "last year". */
export const PERIOD = new RegExp(
  String.raw`\b(?:(?:q[1-4]|h[12])\s+(?:of\s+)?(?:fy)?\d{4}|(?:q[1-4]|h[12])|${MONTH}\s+\d{4}|${MONTH}|(?:fy\s*)?(?:19|20)\d{2}|(?:last|this|previous|prior|next)\s+(?:year|quarter|month|week))\b`,
  'gi',
);
const YEAR = /^(?:19|20)\d{2}$/;
/** A breakdown: "by region", "per category", "for each segment", "split by month". */
const BREAKDOWN =
  /\b(?:(?:broken\s+(?:down|out)|split(?:\s+up)?)\s+by|by|per|for\s+each|for\s+every|across)\s+(?:the\s+|each\s+)?[a-z]+/gi;
/** A title of the asker's, whose correction says nothing of the data ("the VP of sales - I mean the CFO"). */
const TITLE =
  /\b(?:(?:the|my|our)\s+)?(?:vp|svp|evp|head|director|chief|cfo|ceo|coo|cro|cmo|boss|manager|lead|president)(?:\s+of\s+[a-z]+)?\b/gi;

export type Corrected = { text: string } | { refuse: string };

/** The correction's words, without a lead ("the", "in", "for") that the part it replaces has already. */
const bare = (text: string) => text.replace(/^(?:the|in|for|from|of|to)\s+/i, '').trim();

/** Every match of `pattern` in `text`, with where it is. */
const matches = (pattern: RegExp, text: string) => [...text.matchAll(new RegExp(pattern.source, 'gi'))];

/** The text with `[at, at + length)` replaced by `by`. */
const spliced = (text: string, at: number, length: number, by: string) =>
  `${text.slice(0, at)}${by}${text.slice(at + length)}`;

/** The one earlier part the correction replaces, or undefined when there is not exactly one of its kind. */
function placed(before: string, fix: string, catalog: readonly CatalogCube[]): string | undefined {
  const wholly = (pattern: RegExp) => new RegExp(`^(?:${pattern.source})$`, 'i').test(fix);
  // A year alone replaces the one year said ("March 2024 - I mean 2025": March 2025).
  if (YEAR.test(fix)) {
    const years = matches(/\b(?:19|20)\d{2}\b/, before);
    const [only] = years;
    return years.length === 1 && only?.index !== undefined ? spliced(before, only.index, 4, fix) : undefined;
  }
  if (wholly(PERIOD)) {
    const periods = matches(PERIOD, before);
    const [only] = periods;
    return periods.length === 1 && only?.index !== undefined
      ? spliced(before, only.index, only[0].length, fix)
      : undefined;
  }
  if (wholly(BREAKDOWN)) {
    const found = matches(BREAKDOWN, before);
    const [only] = found;
    return found.length === 1 && only?.index !== undefined
      ? spliced(before, only.index, only[0].length, fix)
      : undefined;
  }
  if (wholly(TITLE)) {
    const found = matches(TITLE, before);
    const [only] = found;
    return found.length === 1 && only?.index !== undefined
      ? spliced(before, only.index, only[0].length, fix)
      : undefined;
  }
  // A value replaces the one value said of the same dimension ("cancelled - I meant returned").
  const fixWords = words(fix).map(stem).join(' ');
  for (const cube of catalog)
    for (const member of cube.members) {
      if (
        member.kind !== 'dimension' ||
        !member.values.some((v) => words(v).map(stem).join(' ') === fixWords)
      )
        continue;
      const said = member.values.flatMap((v) =>
        matches(new RegExp(`\\b${words(v).join('\\s+')}\\b`), before).map((m) => ({ m, v })),
      );
      const [only] = said;
      if (said.length === 1 && only?.m.index !== undefined)
        return spliced(before, only.m.index, only.m[0].length, fix);
      return undefined;
    }
  return undefined;
}

/**
 * The question with a correction inside it read (the corrected words in place of the ones they correct), the
 * question unchanged when it has none, or why the correction cannot be placed.
 */
export function readCorrection(question: string, catalog: readonly CatalogCube[]): Corrected {
  // ("sorry, I meant 2024" after an answer: the change a follow-up makes, which the follow-up reading reads.)
  const leading = LEADING.exec(question);
  if (leading) return { text: question.slice(leading[0].length) };
  const marker = MARKER.exec(question);
  if (!marker || marker.index === 0) return { text: question };
  const before = question.slice(0, marker.index);
  const after = question.slice(marker.index + marker[0].length);
  // The correction runs to the next clause break; what follows it is the question's again.
  const cut = /\s*(?:[,;?!]|\s[-–—]+\s|[—–])\s*/.exec(after);
  const fixText = cut ? after.slice(0, cut.index) : after.replace(/[.!?]+\s*$/, '');
  const rest = cut ? after.slice(cut.index) : /\?\s*$/.test(after) ? '?' : '';
  const fix = bare(fixText);
  // ("so, I mean, what was ...": a filler before it, no part of a question to correct.)
  const asked = words(before).filter((w) => !STOPWORDS.has(w) && !OPENERS.has(w));
  if (words(fix).length === 0 || asked.length === 0) return { text: question };
  const read = placed(before, fix, catalog);
  // ("..., make that a chart": a weak marker that names no part of the question is no correction.)
  if (
    read === undefined &&
    /^\W*(?:make\s+that|or\s+rather)\b/i.test(marker[0].trim().replace(/^[-–—,;:.!?\s]+/, ''))
  )
    return { text: question };
  if (read === undefined)
    return {
      refuse: `I could not tell which part of the question "${fixText.trim()}" corrects; could you ask it again with the words you meant?`,
    };
  return { text: `${read}${rest}` };
}
