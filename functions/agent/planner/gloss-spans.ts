/**
 * Where a gloss sits in a question (issue 29, wording): a note in parentheses anywhere, after a dash at the end
 * ("... - the bar an order has to clear"), or after a comma and "i.e.", "meaning", "that is" at the end ("..., i.e.
 * what you'd have to spend to make the top 20%"). The readers of one kind of gloss (percentile-glosses.ts,
 * share-counts.ts) take the spans from here and decide what the words say.
 */

export interface GlossSpan {
  /** The gloss's words, without its brackets, dash or lead word. */
  gloss: string;
  /** Where the gloss with its marks starts and ends in the question. */
  start: number;
  end: number;
  /** The end punctuation the mark swallowed ("?"), given back when the gloss is cut. */
  tail: string;
}

const PARENTHESES = /\s*\(\s*([^()]{1,120}?)\s*\)/g;
const DASHED = /\s+[-–—]+\s+([^-–—()]{1,120}?)\s*([?.!]*)\s*$/;
const LED =
  /\s*[,;:]\s*(?:i\.?\s?e\.?|meaning|that\s+is|in\s+other\s+words|aka|so|which\s+is|which\s+means)\s*,?\s+([^,;()]{1,120}?)\s*([?.!]*)\s*$/i;

/** The glosses of a question, in order of where they start. */
export function glossSpans(question: string): GlossSpan[] {
  const spans: GlossSpan[] = [];
  for (const m of question.matchAll(PARENTHESES))
    if (m[1]) spans.push({ gloss: m[1], start: m.index, end: m.index + m[0].length, tail: '' });
  for (const shape of [DASHED, LED]) {
    const m = shape.exec(question);
    if (m?.[1] && !spans.some((s) => m.index < s.end && s.start < m.index + m[0].length))
      spans.push({ gloss: m[1], start: m.index, end: m.index + m[0].length, tail: m[2] ?? '' });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** The question without one gloss (its end punctuation kept). */
export const withoutGloss = (question: string, span: GlossSpan) =>
  `${question.slice(0, span.start)}${span.tail}${question.slice(span.end)}`.replace(/\s+/g, ' ').trim();

/** Whether every word of `gloss` is one of `allowed` or a word of `ask` (a possessive's "'s" and numbers aside). */
export function wordsCovered(gloss: string, ask: string, allowed: ReadonlySet<string>): boolean {
  const asked = new Set(words(ask));
  return words(gloss).every(
    (w) => allowed.has(w) || asked.has(w) || /^\d+(?:st|nd|rd|th|k)?$/.test(w) || /^p\d{1,2}$/.test(w),
  );
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/(\d),(\d)/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
