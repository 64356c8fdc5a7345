/**
 * A top or bottom share of entities glossed with its counts (issue 29, wording): "the bottom 10% of customers (the
 * 2,000 smallest spenders out of 20,000)", "top 1% of clients (200 of 20k)", "the top 10 percent, i.e. the biggest
 * 2000 spenders", "the bottom half (the 10,000 who spent least)". The counts restate the share: they are read as a
 * check, never as new numbers. The gloss is cut from the question and kept beside the plan; counts that do not
 * make the share asked ("1,000 of 20,000" for a 10%), or an end that is not the one asked ("the biggest" beside a
 * bottom share), refuse the question; counts that make it are checked against the data in the answer
 * (answer-second.ts), which says so when the data's counts differ. A gloss with any word that is neither a
 * count's word nor one of the ask's is left alone.
 */
import { glossSpans, withoutGloss, wordsCovered } from './gloss-spans';
import type { Plan } from './plan';

export interface ShareCount {
  /** How many entities the share holds, as the asker counted them. */
  part: number;
  /** How many there are in all, when the asker said it. */
  whole?: number;
  /** The end the gloss names ("the smallest spenders": asc), when it names one. */
  direction?: 'asc' | 'desc';
}

const COUNT_WORDS = new Set(
  `i e ie the so that is thats of out our my we have has had in all total about roughly around approx approximately
  just some spenders customers clients buyers people accounts shoppers who spent spend least most lowest highest
  smallest biggest largest top bottom ones them those k`.split(/\s+/),
);
const WHO_OR_WHOLE = /\b(?:of|spenders?|customers?|clients?|buyers?|people|accounts?|shoppers?|ones|who)\b/i;
const SMALL = /\b(?:smallest|lowest|least|bottom)\b/i;
const BIG = /\b(?:biggest|largest|highest|most|top)\b/i;
const GLOSS_NUMBER = /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?\b/gi;

const countOf = (digits: string, k: string | undefined) => Number(digits.replace(/,/g, '')) * (k ? 1000 : 1);

/** The question without a count gloss beside a share, with the counts; undefined when it has none. */
export function readShareCount(question: string): { text: string; count: ShareCount } | undefined {
  for (const span of glossSpans(question)) {
    const text = withoutGloss(question, span);
    if (
      !/\b(?:top|bottom|lowest[\s-]\w+|highest[\s-]\w+|biggest|smallest)\s+(?:\d{1,2}\s*(?:%|percent\b)|half|quarter|tenth|fifth)/i.test(
        text,
      )
    )
      continue;
    const numbers = [...span.gloss.matchAll(GLOSS_NUMBER)];
    const first = numbers[0];
    if (!first?.[1] || numbers.length > 2 || !wordsCovered(span.gloss, text, COUNT_WORDS)) continue;
    // ("(2024)" beside "the top 10% of customers" is a year: a count names its people or its whole.)
    if (!WHO_OR_WHOLE.test(span.gloss)) continue;
    const second = numbers[1];
    // ("2,000 of 20,000", "200 out of 20k": the whole follows "of".)
    const joined = second
      ? /^\s*[a-z\s]*?\b(?:of|out\s+of)\b[a-z\s]*$/i.test(
          span.gloss.slice(first.index + first[0].length, second.index),
        )
      : false;
    if (second && !joined) continue;
    const small = SMALL.test(span.gloss);
    const big = BIG.test(span.gloss);
    const count: ShareCount = {
      part: countOf(first[1], first[2]),
      ...(second?.[1] ? { whole: countOf(second[1], second[2]) } : {}),
      ...(small !== big ? { direction: small ? ('asc' as const) : ('desc' as const) } : {}),
    };
    return { text, count };
  }
  return undefined;
}

/** Why counts glossed beside a plan's share contradict it, or undefined when they restate it. */
export function shareCountMismatch(plan: Plan, count: ShareCount): string | undefined {
  const top = plan.share?.top;
  const said = `${count.part.toLocaleString('en-US')}${count.whole ? ` of ${count.whole.toLocaleString('en-US')}` : ''}`;
  if (!top?.percent)
    return `the note's counts (${said}) go with a top or bottom share of them, which this is not`;
  if (count.direction && count.direction !== top.direction)
    return `the question asks the ${top.direction === 'desc' ? 'top' : 'bottom'} ${top.fraction ?? `${top.n}%`}, but its note names the other end`;
  if (count.whole !== undefined) {
    const percent = (100 * count.part) / count.whole;
    if (count.whole <= 0 || Math.abs(percent - top.n) > 0.5)
      return `the note's counts (${said}) do not make the ${top.fraction ?? `${top.n}%`} asked: which share is meant?`;
  }
  return undefined;
}
