/**
 * A percentile glossed as the line to cross for a top or bottom share (issue 29, wording): "80th percentile of
 * customer spend, i.e. what you'd have to spend to make the top 20%", "p95 order amount - the size an order has to
 * beat to land in the top 5%", "25th percentile (the line the bottom quarter sits under)", "median (half spent more,
 * half less)", "75th percentile (three in four orders are smaller)". The gloss is read for the percentile it
 * implies; when that is the one asked, the gloss restates the ask and is read away; when it is another, the
 * question says two things and is refused (never answered with either). A gloss with any word that is neither
 * one of a line's words nor one of the ask's ("the line for the top 10% of enterprise customers") is left alone.
 */
import { readCutoffs } from './cutoffs';
import { glossSpans, withoutGloss, wordsCovered } from './gloss-spans';
import { ordinal } from './text';

export type PercentileGloss = { text: string } | { refuse: string };

/** The words a gloss about a percentile's line may use besides the ask's own. */
const LINE_WORDS = new Set(
  `i e ie the a an what you we would have has had to need needs needed spend spent spends make makes get gets
  into in be being land lands reach reaches line bar cutoff cut off threshold amount size value level point mark
  that which where order orders customer customers client clients buyer buyers someone somebody anyone one ones
  them they their it its than beat beats cross crosses clear clears pass passes sit sits under below above over
  stay stays fall falls are is smaller bigger larger less more lower higher top bottom quarter half tenth fifth
  percent pct only out spenders people for how much many three four two five ten per and or of percentile
  pctile pctl ptile th st nd rd all at least most just so then put puts number figure middle by quartile decile
  median upper lower`.split(/\s+/),
);

/** Named parts that are percentiles: "the upper quartile", "top decile", "the middle one". */
const NAMED_PARTS: [RegExp, number][] = [
  [/\b(?:upper|top|third|3rd)\s+quartile\b/, 75],
  [/\b(?:lower|bottom|first|1st)\s+quartile\b/, 25],
  [/\btop\s+decile\b/, 90],
  [/\bbottom\s+decile\b/, 10],
  [/\bmiddle\s+(?:one|value|order|customer|client|buyer|point)\b/, 50],
];

const SHARE_WORDS: Record<string, number> = { half: 50, quarter: 25, tenth: 10, fifth: 20 };
const SMALL = /\b(?:below|under|smaller|less|lower|cheaper)\b/;
const BIG = /\b(?:above|over|bigger|larger|more|higher|beat|beats|exceed|exceeds)\b/;
const COUNTS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, nine: 9, ten: 10 };
const count = (w: string) => (/^\d+$/.test(w) ? Number(w) : COUNTS[w]);

/** The percentile (1 to 99) a question asks, or undefined: "80th percentile", "p95", "90th pctl", "median". */
export function askedPercentile(ask: string): number | undefined {
  const text = ask.toLowerCase();
  const said =
    /\b(\d{1,2})(?:st|nd|rd|th)\s*(?:percentile|pctile|pctl|ptile|pct|%ile)\b/.exec(text) ??
    /\bp(\d{1,2})\b/.exec(text);
  if (said?.[1]) return Number(said[1]);
  if (/\bmedian\b/.test(text)) return 50;
  return undefined;
}

/** The percentile a line gloss implies, or undefined when the gloss says no share to cross. */
export function impliedPercentile(gloss: string): number | undefined {
  const text = gloss.toLowerCase().replace(/(\d),(\d)/g, '$1$2');
  const named = askedPercentile(text);
  if (named !== undefined) return named;
  // ("the upper quartile", "the middle one by amount", "the 9/10 mark": a named part or a fraction's line.)
  const namedPart = NAMED_PARTS.find(([shape]) => shape.test(text));
  if (namedPart) return namedPart[1];
  const fraction = /\b(\d{1,2})\s*\/\s*(4|5|10|100)\s+(?:mark|line|point|cutoff|cut-off)\b/.exec(text);
  if (fraction?.[1] && fraction[2] && Number(fraction[1]) < Number(fraction[2]))
    return Math.round((100 * Number(fraction[1])) / Number(fraction[2]));
  const end = /\b(top|bottom)\s+(?:(\d{1,2})\s*(?:%|percent\b|pct\b)|(half|quarter|tenth|fifth))/.exec(text);
  if (end?.[1]) {
    const n = end[2] ? Number(end[2]) : SHARE_WORDS[end[3] ?? ''];
    if (n === undefined) return undefined;
    return end[1] === 'top' ? 100 - n : n;
  }
  const part = /\b(\d{1,2})\s*(?:%|percent\b|pct\b)/.exec(text);
  if (part?.[1]) {
    const rest = text.slice(part.index);
    if (SMALL.test(rest) === BIG.test(rest)) return undefined;
    return SMALL.test(rest) ? Number(part[1]) : 100 - Number(part[1]);
  }
  const inM = /\b(\d|one|two|three|four|five|nine)\s+(?:in|out\s+of)\s+(\d{1,2}|four|five|ten)\b/.exec(text);
  if (inM?.[1] && inM[2]) {
    const a = count(inM[1]);
    const b = count(inM[2]);
    const rest = text.slice(inM.index);
    if (a === undefined || !b || a >= b || SMALL.test(rest) === BIG.test(rest)) return undefined;
    return Math.round((100 * (SMALL.test(rest) ? a : b - a)) / b);
  }
  if (/\bhalf\b.*\b(?:more|above|over|bigger)\b.*\bhalf\b.*\b(?:less|below|under|smaller)\b/.test(text))
    return 50;
  if (/\bhalf\b.*\b(?:less|below|under|smaller)\b.*\bhalf\b.*\b(?:more|above|over|bigger)\b/.test(text))
    return 50;
  return undefined;
}

/**
 * The question with a percentile's line gloss read away, or why it is refused (the gloss implies another
 * percentile); undefined when the question has no such gloss beside a percentile.
 */
export function readPercentileGloss(question: string): PercentileGloss | undefined {
  for (const span of glossSpans(question)) {
    const text = withoutGloss(question, span);
    // ("what order count marks the top 1% of customers, i.e. the 99th percentile ...": a cut-off is a percentile.)
    const asked = askedPercentile(text) ?? askedPercentile(readCutoffs(text));
    if (asked === undefined) continue;
    const implied = impliedPercentile(span.gloss);
    // ("how much did the median customer spend, that is the median customer by total spend": a spend is a total.)
    const allowed = /\bspen[dt]\b/i.test(text) ? new Set([...LINE_WORDS, 'total']) : LINE_WORDS;
    if (implied === undefined || !wordsCovered(span.gloss, text, allowed)) continue;
    if (implied === asked) return { text };
    return {
      refuse: `the question asks the ${ordinal(asked)} percentile, but its note ("${span.gloss.trim()}") describes the ${ordinal(implied)}: which one is meant?`,
    };
  }
  return undefined;
}

/**
 * "how much did the middle customer spend", "the middle order by amount": the one in the middle is the median's
 * (the question said with "median" in its place); undefined when no such words.
 */
export function readMiddleAsMedian(question: string): string | undefined {
  // (Only in the ask: a gloss saying "the middle customer, not the mean" restates a median, restated-glosses.ts.)
  const spans = glossSpans(question);
  const said = question.replace(
    /\b(the\s+)middle(\s+(?:customer|client|buyer|order|purchase)s?\b)/gi,
    (all, the: string, noun: string, at: number) =>
      spans.some((s) => at >= s.start && at < s.end) ? all : `${the}median${noun}`,
  );
  return said === question ? undefined : said;
}
