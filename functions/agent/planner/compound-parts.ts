/**
 * Figures whose part or denominator is said as arithmetic (issue 29, parts): each is restated in the words the
 * planner already reads, or refused when its arithmetic is not the figure those words would give.
 *
 * - Periods added up as a share's part ("what share of 2025 revenue came in Nov + Dec"): "November and December
 *   combined", one part (share-parts.ts joins back-to-back periods).
 * - A figure per day of a period ("orders per day in Q3 2025 (orders / 92 days)", "daily order rate in 2024", "avg
 *   number of orders a day"): "average daily orders"; a day count glossed is checked against the period's days
 *   (92 for a Q3) and a wrong one refused. A bare "revenue per day by region" is left alone (a daily series).
 * - A top fraction of buyers with its count glossed ("the top quarter of buyers (count / 4, rounded down)"): the
 *   gloss is read away when it divides by the fraction's own number (rounded down, as a top share counts),
 *   refused otherwise.
 * - A percentile in other words ("what amount did only 1% of 2025 orders exceed", "the order value 90% of orders
 *   stay under"): "the 99th percentile of order amount", "the 90th ...".
 *
 * A question with none of these shapes is left alone (undefined).
 */

import { ordinal } from './text';
import { MONTHS } from './vocabulary';

export type CompoundParts = { text: string } | { refuse: string } | undefined;

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const PERIOD = `(?:${MONTH}|q[1-4]|h[12])`;
const monthName = (w: string) => {
  const k = MONTHS.findIndex((m) => m.startsWith(w.toLowerCase().replace(/\.$/, '').slice(0, 3)));
  return /^q[1-4]$|^h[12]$/i.test(w) || k < 0 ? w : MONTHS[k];
};
const SHARE = /\b(?:share|percent|percentage|pct|fraction|proportion|portion)\b|%/i;

/** "Nov + Dec", "Q1 plus Q2" in a share: the periods joined by "and" (months in full). */
function summedPeriods(question: string): string | undefined {
  if (!SHARE.test(question)) return undefined;
  const chain = new RegExp(
    String.raw`\b${PERIOD}(?:\s*(?:\+|\bplus\b|&|,|\band\b)\s*${PERIOD})+(?![a-z])`,
    'gi',
  );
  let changed = false;
  const text = question.replace(chain, (m) => {
    if (!/\+|\bplus\b/i.test(m)) return m;
    changed = true;
    const periods = m.split(/\s*(?:\+|\bplus\b|&|,|\band\b)\s*/i).map(monthName);
    return `${periods.slice(0, -1).join(', ')} and ${periods.at(-1)} combined`;
  });
  return changed ? text : undefined;
}

/** Calendar days of the one period a question names ("Q3 2025": 92), or undefined. */
export function periodDays(question: string): number | undefined {
  const q = question.toLowerCase();
  const years = [...q.matchAll(/\b(20\d\d)\b/g)].map((m) => Number(m[1]));
  const [year] = years;
  if (year === undefined || new Set(years).size !== 1) return undefined;
  const span = (fromMonth: number, months: number) =>
    (Date.UTC(year, fromMonth + months, 1) - Date.UTC(year, fromMonth, 1)) / 86_400_000;
  const named = [
    ...q.matchAll(
      new RegExp(
        String.raw`\b(q[1-4]|h[12]|(?:first|second) half|${MONTH.replace('\\.?', '')})(?![a-z])`,
        'g',
      ),
    ),
  ].map((m) => m[1] ?? '');
  if (named.length > 1) return undefined;
  const [one] = named;
  if (one === undefined) return span(0, 12);
  if (/^q[1-4]$/.test(one)) return span(3 * (Number(one[1]) - 1), 3);
  if (/^h[12]$/.test(one)) return span(one === 'h1' ? 0 : 6, 6);
  if (/half$/.test(one)) return span(one.startsWith('first') ? 0 : 6, 6);
  const month = MONTHS.findIndex((m) => m.startsWith(one.slice(0, 3)));
  return month < 0 ? undefined : span(month, 1);
}

const MEASURE = '(orders|order count|number of orders|revenue|sales)';
/** A day count glossed: "(orders / 92 days)", "(revenue divided by 31 days)", "(total Q3 orders / 92 days)". */
const DAY_GLOSS =
  /\s*\(\s*(?:(?:the|total|all)\s+)*(?:(?:q[1-4]|h[12]|20\d\d)\s+)?(?:orders|revenue|sales|total|count)\s*(?:\/|÷|divided\s+by|over)\s*(\d+)\s*days?\s*\)/i;

/** "orders per day in Q3 2025 (orders / 92 days)", "daily order rate", "avg number of orders a day". */
function perDay(question: string): CompoundParts {
  const gloss = DAY_GLOSS.exec(question);
  let text = gloss ? question.replace(DAY_GLOSS, '') : question;
  const rate = /\bdaily\s+(order|revenue|sales)\s+rate\b/i;
  // (An average word before the figure, or a day count glossed, makes "X per day" an average over the period's days,
  // not a daily series; "X per day on average" the planner reads as it stands.)
  const averaged = new RegExp(String.raw`\b(?:avg|average|mean)\s+${MEASURE}\s+(?:per|a|each)\s+day\b`, 'i');
  const per = new RegExp(String.raw`\b(?:(?:avg|average|mean)\s+)?${MEASURE}\s+(?:per|a|each)\s+day\b`, 'i');
  const noun = (w: string) => (/^order/i.test(w) || /number/i.test(w) ? 'orders' : w.toLowerCase());
  if (rate.test(text)) text = text.replace(rate, (_, w: string) => `average daily ${noun(w)}`);
  else if ((gloss && per.test(text)) || averaged.test(text))
    text = text.replace(per, (_, w: string) => `average daily ${noun(w)}`);
  else return undefined;
  // ("orders per day by day": a series asked with it is no one average.)
  if (/\b(?:by|each|every|per)\s+(?:day|date)\b/i.test(text)) return undefined;
  if (gloss) {
    // ("(total Q3 orders / 92 days)" beside Q4: a period in the gloss is the one asked, or no restatement.)
    const named = /\b(q[1-4]|h[12]|20\d\d)\b/i.exec(gloss[0])?.[1];
    if (named && !new RegExp(`\\b${named}\\b`, 'i').test(text)) return undefined;
    const days = periodDays(text);
    if (days === undefined) return undefined;
    if (Number(gloss[1]) !== days)
      return { refuse: `the period asked has ${days} days, not ${gloss[1]}: which did you mean?` };
  }
  return { text: text.replace(/\s+/g, ' ').trim() };
}

const FRACTIONS: Record<string, number> = { half: 2, quarter: 4, fifth: 5, tenth: 10 };
/** "(count / 4, rounded down)", "(buyers / 10)": a top fraction's count glossed as a division. */
const COUNT_GLOSS =
  /\s*\(\s*(?:the\s+)?(?:count|number|buyers|customers|spenders|clients|n)\s*(?:\/|÷|divided\s+by)\s*(\d+)\s*(?:,?\s*(rounded\s+(?:down|up)|floor(?:ed)?|ceil(?:ing)?|round(?:ed)?(?:\s+to\s+nearest)?))?\s*\)/i;

/** "the top quarter of buyers (count / 4, rounded down)": the gloss read away when it restates the fraction. */
function topCount(question: string): CompoundParts {
  const gloss = COUNT_GLOSS.exec(question);
  if (!gloss) return undefined;
  const before = question.slice(0, gloss.index);
  const top =
    /\b(?:top|bottom|biggest|largest|smallest)\s+(half|quarter|fifth|tenth|(\d{1,2})\s*(?:%|percent))(?![a-z])[^()]*$/i.exec(
      before,
    );
  if (!top?.[1]) return undefined;
  const divisor = top[2] ? 100 / Number(top[2]) : FRACTIONS[top[1].toLowerCase()];
  const rounding = gloss[2]?.toLowerCase() ?? '';
  if (divisor !== Number(gloss[1]) || (rounding !== '' && !/down|floor/.test(rounding)))
    return {
      refuse: `a top ${top[1]} counts ${divisor === undefined ? 'its share' : `the buyers divided by ${divisor}`}, rounded down; the count you gave (divided by ${gloss[1]}${rounding ? `, ${rounding}` : ''}) is another: which did you mean?`,
    };
  return { text: `${before}${question.slice(gloss.index + gloss[0].length)}`.replace(/\s+/g, ' ').trim() };
}

/**
 * "the top quarter of 2025 buyers: what share of 2025 revenue did they bring?": the share of that revenue from the
 * top fraction, when the buyers are ranked over the same period as the revenue asked.
 */
function topThenShare(question: string): string | undefined {
  const m =
    /^\s*(?:the\s+)?top\s+(\d{1,2}\s*(?:%|percent)|half|quarter|fifth|tenth)\s+of\s+(?:(20\d\d)\s+)?(?:buyers|customers|spenders|clients)\s*[:,-]+\s*(?:what|which)\s+(share|%|percent|percentage|fraction|portion)\s+of\s+(?:(20\d\d)\s+)?(revenue|sales)\s+did\s+they\s+(?:bring(?:\s+in)?|generate|account\s+for|make\s+up|drive)\s*\??\s*$/i.exec(
      question,
    );
  if (!m?.[1] || m[2] !== m[4]) return undefined;
  return `what ${m[3]} of ${m[4] ? `${m[4]} ` : ''}${m[5]} came from the top ${m[1]} of customers`;
}

const LINE_NOUN = String.raw`(?:the\s+)?(?:order\s+)?(?:amount|value|size|total)`;
const ABOVE = String.raw`(?:exceed(?:ed|s)?|beat|top(?:ped)?|surpass(?:ed)?|(?:are|were|is|was|go|went|come|came|land|landed)\s+(?:above|over)|above|over)`;
const BELOW = String.raw`(?:(?:stay|stayed|fall|fell|are|were|come|came|land|landed|sit)\s+(?:under|below)|under|below)`;

/** "what amount did only 1% of 2025 orders exceed?", "the order value 90% of orders stay under": a percentile. */
function percentileWords(question: string): string | undefined {
  const shape = new RegExp(
    String.raw`\b(?:what|which)?\s*${LINE_NOUN}\s+(?:did|do|does|that)?\s*(only|just|merely)?\s*(\d{1,2})\s*(?:%|percent)\s+of\s+((?:(?:20\d\d|my|our|all|the)\s+)*)orders\s+(?:did\s+|do\s+)?(${ABOVE}|${BELOW})\b`,
    'i',
  );
  const m = shape.exec(question);
  if (!m?.[2] || !m[4]) return undefined;
  const share = Number(m[2]);
  const above = new RegExp(`^${ABOVE}$`, 'i').test(m[4]);
  // ("only 1% exceed": a top share; "90% stay under": a bottom one. "only 90% stay under" says neither plainly.)
  if (m[1] && !above) return undefined;
  const p = above ? 100 - share : share;
  if (p < 1 || p > 99) return undefined;
  const scope = (m[3] ?? '').trim();
  return `${question.slice(0, m.index)} the ${ordinal(p)} percentile of order amount${scope ? ` for ${scope} orders` : ''}${question.slice(m.index + m[0].length)}`
    .replace(/\s+/g, ' ')
    .replace(/^\s*the/, 'the')
    .trim();
}

/** The question restated without its compound part, a refusal, or undefined when it has none. */
export function readCompoundParts(question: string): CompoundParts {
  const day = perDay(question);
  if (day) return day;
  const counted = topCount(question);
  if (counted && 'refuse' in counted) return counted;
  let text = counted?.text ?? question;
  text = topThenShare(text) ?? text;
  text = summedPeriods(text) ?? text;
  text = percentileWords(text) ?? text;
  return text === question ? undefined : { text };
}
