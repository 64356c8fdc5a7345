/**
 * Amounts of money written in words (issue 29, unknown words): "orders over five hundred dollars", "under a hundred
 * dollars", "customers who spent more than thirty-five thousand dollars", "at least seven hundred fifty bucks",
 * "twelve hundred dollars", "thirty-five grand". Read before anything else as the figure in digits ("$500",
 * "$35,000"), so a definition or a condition that holds one reads as if it were written so. Only words followed by
 * their unit ("dollars", "bucks", "grand", "usd") are amounts: "top five", "the two regions" stay as they are. A run
 * of words that is not one number ("five six hundred dollars") is left alone, to be refused by the ordinary reader.
 */

import { TEN_WORDS as TENS, UNIT_WORDS as UNITS } from './text';

const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6 };

const WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join('|')})`;
/** A run of number words (joined by spaces, hyphens or "and"), perhaps led by "a", then the unit. */
const SPELLED = new RegExp(
  String.raw`\b((?:an?\s+)?${WORD}(?:(?:\s+and\s+|[\s-]+)${WORD})*)\s+(dollars?|bucks?|grand|usd)\b`,
  'gi',
);

/**
 * The number a run of number words says, or undefined when the run is not one number ("five six", "hundred
 * thousand five hundred" is read; "twenty thirty" is not).
 */
export function spelledNumber(said: string): number | undefined {
  const words = said
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((w) => w !== 'and');
  let total = 0;
  /** The part below the last scale word said ("five hundred fifty" before "thousand"). */
  let part: number | undefined;
  /** The last word's kind, to refuse runs that are no number ("five six", "twenty thirty"). */
  let last: 'unit' | 'ten' | 'scale' | 'start' = 'start';
  for (const [i, word] of words.entries()) {
    if ((word === 'a' || word === 'an') && i === 0) {
      part = 1;
      last = 'unit';
      continue;
    }
    const unit = UNITS[word];
    const ten = TENS[word];
    const scale = SCALES[word];
    if (unit !== undefined) {
      if (last === 'unit') return undefined;
      if (last === 'ten' && unit >= 10) return undefined;
      part = (part ?? 0) + unit;
      last = 'unit';
    } else if (ten !== undefined) {
      if (last === 'unit' || last === 'ten') return undefined;
      part = (part ?? 0) + ten;
      last = 'ten';
    } else if (scale !== undefined) {
      if (part === undefined) return undefined;
      if (scale === 100) {
        // ("twelve hundred": 1,200; "five hundred" inside "five hundred thousand".)
        if (part % 100 !== part) return undefined;
        part *= 100;
        last = 'scale';
      } else {
        if (part >= 1000) return undefined;
        total += part * scale;
        part = undefined;
        last = 'scale';
      }
    } else return undefined;
  }
  return last === 'start' ? undefined : total + (part ?? 0);
}

/** An amount the asker wrote in words: its value and their words ("five hundred dollars"). */
export interface SpelledAmount {
  value: number;
  said: string;
}

/**
 * The question with each amount written in words said in digits ("over five hundred dollars": "over $500"), and the
 * amounts so read (`found`, when given).
 */
export function readSpelledAmounts(question: string, found: SpelledAmount[] = []): string {
  return question
    .replace(SPELLED, (all, said: string, unit: string) => {
      const n = spelledNumber(said);
      if (n === undefined) return all;
      const value = /^grand$/i.test(unit) ? n * 1000 : n;
      found.push({ value, said: all });
      return `$${value.toLocaleString('en-US')}`;
    })
    .replace(DIGITS_THEN_UNIT, '$$$1');
}

/**
 * Digits with the unit after them ("an order above 800 dollars", "5k bucks"): "$800", "$5k". A year is no amount
 * ("in 2024 dollars", "Q4 2025, dollars and cents"), nor is a number's trailing comma part of it.
 */
const DIGITS_THEN_UNIT =
  /(?<!\bin\s)\b(?!(?:19|20)\d\d\b)(\d(?:[\d,]*\d)?(?:\.\d+)?k?)\s+(?:dollars?|bucks?|usd)\b/gi;

/**
 * An answer's bounds said back in the asker's words ("order amount over $500.00": "order amount over five hundred
 * dollars"): the amount is theirs as they wrote it, and the figures of the result stay as they are (only an amount
 * after a word of comparison is a bound).
 */
export function saidBack(answer: string, amounts: readonly SpelledAmount[]): string {
  return amounts.reduce((text, { value, said }) => {
    const digits = value.toLocaleString('en-US').replace(/,/g, ',?');
    const bound = new RegExp(
      String.raw`(\b(?:over|under|above|below|than|at\s+least|at\s+most|from|to)\s+)\$${digits}(?:\.00)?(?![\d.,]*\d)`,
      'gi',
    );
    return text.replace(bound, `$1${said}`);
  }, answer);
}
