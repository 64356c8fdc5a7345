/**
 * A rounding the asker asks for ("in millions", "to the nearest thousand", "one decimal place", "rounded"): the
 * phrase is taken out of the question before it is read (it names no data), and the answer states each figure as
 * asked beside the exact one ("$162,239,199.82 (about $162.24 million)"), so nothing is lost and the figure reads
 * the way the asker wants it (issue 29, answers in the asker's words). Was refused ("nothing for 'millions'") or
 * answered with the words left out.
 */

export interface Rounding {
  /** Figures stated in this unit ("in millions": 1e6) or rounded to a multiple of it ("nearest thousand"). */
  scale?: number;
  /** In the unit (a figure of millions) rather than rounded to a multiple of it. */
  inUnit?: boolean;
  /** Decimal places asked for. */
  decimals?: number;
  /** Asked in dollars ("in $k", "in dollars"): only an amount of money can be stated so. */
  money?: boolean;
  /** The exact figure is not wanted ("no cents", "drop the cents"): the rounded one stands in its place. */
  only?: boolean;
}

const SCALES: Record<string, number> = {
  hundred: 100,
  hundreds: 100,
  thousand: 1e3,
  thousands: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  b: 1e9,
};
const SCALE_NAMES: Record<number, string> = {
  100: 'hundred',
  1000: 'thousand',
  1000000: 'million',
  1000000000: 'billion',
};
const COUNTS: Record<string, number> = { zero: 0, no: 0, one: 1, two: 2, three: 3, 1: 1, 2: 2, 3: 3, 0: 0 };

const PATTERNS: [RegExp, (m: RegExpExecArray) => Rounding][] = [
  // "in millions", "in $m", "in the millions of dollars", "in thousands", "in $k"
  [
    /[,;(]?\s*\b(?:expressed\s+|shown\s+|given\s+)?in\s+(?:the\s+)?\$?\s?(millions|thousands|billions|mm|mn|bn|m|k)\b(?:\s+of\s+dollars)?(?:\s+(?:is|are|would\s+be)\s+(?:fine|ok|okay|plenty|enough|good))?\s*\)?/i,
    (m) => ({
      scale: SCALES[(m[1] ?? '').toLowerCase()] ?? 1,
      inUnit: true,
      ...(/\$|dollars/i.test(m[0]) ? { money: true } : {}),
    }),
  ],
  // "in dollars", "in USD", "in $": the figure as money, unscaled.
  // ("in dollars and cents" is read as two decimals where it is asked, not here.)
  [
    /[,;(]?\s*\bin\s+(?:(?:us\s+)?dollars|usd|\$)(?=\s|[?.!,;)]|$)(?!\s+(?:and|&|n)\s+cents)\s*\)?/i,
    () => ({ money: true }),
  ],
  // "rounded to the nearest thousand", "to the nearest million", "nearest dollar", "to the nearest whole number"
  [
    /[,;(]?\s*\b(?:(?:rounded|round(?:\s+it)?)\s+)?(?:off\s+)?to\s+the\s+nearest\s+(hundred|thousand|million|billion|dollar|whole\s+(?:number|dollar)|unit)\b\s*\)?/i,
    (m) => {
      const unit = (m[1] ?? '').toLowerCase();
      return { scale: SCALES[unit] ?? 1 };
    },
  ],
  // "round to nearest $100k", "to the nearest 10,000", "nearest 5m": a multiple of that amount.
  [
    /[,;(]?\s*[-–]?\s*\b(?:(?:rounded|round(?:\s+it)?)\s+)?(?:off\s+)?(?:to\s+)?(?:the\s+)?nearest\s+(\$)?(\d{1,3}(?:,\d{3})*|\d+)\s*(k|m|mm|thousand|million)?\b\s*\)?/i,
    (m) => {
      const unit = SCALES[(m[3] ?? '').toLowerCase()] ?? 1;
      return { scale: Number((m[2] ?? '1').replace(/,/g, '')) * unit, ...(m[1] ? { money: true } : {}) };
    },
  ],
  // "w/o the cents", "without cents", "drop the cents", "no decimals": whole units.
  [
    /[,;(]?\s*[-–]?\s*\b(?:w\/o|without|minus|drop(?:\s+the)?|lose(?:\s+the)?|skip(?:\s+the)?|no)\s+(?:the\s+)?(?:cents|decimals|decimal\s+places)\b\s*\)?/i,
    () => ({ decimals: 0, only: true }),
  ],
  // "to one decimal place", "with 2 decimals", "1 dp", "1dp", "one decimal pls"
  [
    /[,;(]?\s*\b(?:(?:rounded|round(?:\s+it)?)\s+)?(?:to|with|at|in)?\s*(zero|no|one|two|three|[0-3])(?:\s+(?:decimal(?:\s+places?|s)?|dp|d\.p\.)|(?<=\d)(?:dp|d\.p\.))\b(?:\s+(?:is|are|would\s+be)\s+(?:fine|ok|okay|plenty|enough|good))?\s*\)?/i,
    (m) => ({ decimals: COUNTS[(m[1] ?? '').toLowerCase()] ?? 2 }),
  ],
  // "rounded", "round numbers", "roughly in whole dollars", "as a whole number": whole units.
  [
    /[,;(]?\s*\b(?:rounded(?:\s+off)?|in\s+round\s+numbers|(?:as|in)\s+(?:a\s+)?whole\s+(?:dollars?|numbers?)|no\s+cents)\b\s*\)?/i,
    (m) => ({ scale: 1, ...(/no\s+cents/i.test(m[0]) ? { only: true } : {}) }),
  ],
];

/** An example of a form asked ("(like $12,345k)", "e.g. 12.5%", "not a decimal like 0.12") after a form word. */
const EXAMPLE =
  /(?<=\b(?:thousands|millions|k|m|decimal|decimals|%|percent|percentage|format|form|rounded|dollars|cents)\b[^?]{0,20}?)\s*\(?\s*\b(?:like|e\.g\.?|eg|for\s+example|such\s+as)\s+-?\$?\d[\d.,]*\s*(?:k|m|mm|bn|%)?\s*\)?/gi;

/**
 * "write out the full numbers with commas", "no rounding to k", "exact figures pls", "don't round": the figures as
 * the answers always state them (whole, grouped with commas, to the cent), so the phrase asks nothing more and goes
 * (read before a rounding, so "not rounded" is never read as "rounded"). "the full number of orders" stays.
 */
const EXACT =
  /\s*[,;(]?\s*[-–—]?\s*\b(?:(?:please|pls|plz|and|but|just)\s+)?(?:(?:write|spell|give|show|list|put|state|keep)\s+(?:it\s+|them\s+|me\s+|us\s+)?(?:out\s+)?(?:the\s+)?(?:full|exact|complete|whole|unrounded|precise|actual)\s+(?:numbers|figures|amounts|values|digits)(?:\s+out)?|(?:the\s+)?(?:full|exact|unrounded|precise)\s+(?:numbers|figures)(?!\s+(?:of|for|on)\b)|(?:with|using|incl(?:uding)?\.?)\s+(?:the\s+)?commas|no\s+(?:(?:k|m|mm|bn|thousands?|millions?)(?:\s*(?:\/|or|,)\s*(?:k|m|mm|bn|thousands?|millions?))*\s+)?rounding|(?:do\s+not|don['’]?t|dont|never)\s+round(?:\s+(?:it|them|anything|off))?|not\s+(?:rounded|abbreviated)|unrounded|no\s+abbreviations?|(?:in\s+)?full\s+(?:digits|precision))\b(?:\s+(?:to|into|as|in)\s+(?:k|m|mm|thousands?|millions?|billions?)\b)?(?:\s*,?\s*(?:please|pls|plz|thanks|thx))?\s*\)?/gi;

/** The question without its rounding phrase, and the rounding it asks for (undefined when none). */
export function readRounding(question: string): { text: string; rounding?: Rounding } {
  let text = question
    .replace(EXACT, ' ')
    // ("in thousands please (like $12,345k)", "as a %, not a decimal like 0.12": an example of the form, no figure.)
    .replace(EXAMPLE, ' ')
    .replace(/\s*[-–—,;]\s*(?=[?.!]*\s*$)/, '')
    .replace(/\s+/g, ' ')
    .trim();
  let rounding: Rounding | undefined;
  for (const [pattern, read] of PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    rounding = {
      ...rounding,
      ...read(m),
      ...(rounding?.scale !== undefined ? { scale: rounding.scale } : {}),
    };
    text = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  }
  return rounding ? { text, rounding } : { text };
}

const grouped = (value: number, decimals: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** One figure as asked; undefined when it already reads so. */
function rounded(value: number, money: boolean, percent: boolean, r: Rounding): string | undefined {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const $ = money ? '$' : '';
  if (r.scale && r.scale > 1 && r.inUnit && !percent) {
    if (abs < r.scale / 100) return undefined;
    const name = SCALE_NAMES[r.scale] ?? '';
    // Thousands (and hundreds) are whole, as in a finance table ("$170,123 thousand", not "$170,123.39
    // thousand"); millions and billions keep two places ("$162.24 million").
    return `${sign}${$}${grouped(abs / r.scale, r.decimals ?? (r.scale <= 1e3 ? 0 : 2))} ${name}`;
  }
  if (r.scale && !percent) {
    if (abs < r.scale) return undefined;
    const whole = Math.round(abs / r.scale) * r.scale;
    return whole === abs ? undefined : `${sign}${$}${grouped(whole, 0)}`;
  }
  if (r.decimals !== undefined) {
    const text = `${sign}${$}${grouped(abs, r.decimals)}${percent ? '%' : ''}`;
    return Number.isInteger(abs) && !money ? undefined : text;
  }
  return undefined;
}

/** Money ("$1,234.56"), percentages ("12.04%") and grouped or decimal numbers ("323,135", "16.89"). */
const FIGURE = /(?<![\w.$-])(-?)(\$)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d+)(%)?(?!\w|\.\d|,\d|-\d)/g;

/**
 * The exact value behind a figure the answer states rounded: a result cell within half a unit of its last digit
 * ("11.75%" stated from 11.7491...). Rounded again from the stated figure, a one-decimal "11.75" read 11.8 where the
 * value is 11.7 (double rounding: confidently wrong).
 */
function exactOf(shown: number, digits: string, exact: readonly number[]): number {
  const places = digits.split('.')[1]?.length ?? 0;
  const half = 0.5 * 10 ** -places;
  return exact.find((v) => Math.abs(v - shown) <= half + 1e-9 && Math.sign(v) === Math.sign(shown)) ?? shown;
}

/**
 * The answer with each figure also stated as asked ("$162,239,199.82 (about $162.24 million)"), rounded from the
 * result's exact value behind it when there is one (`exact`: the result's numeric cells).
 */
export function roundFigures(answer: string, r: Rounding, exact: readonly number[] = []): string {
  return answer.replace(FIGURE, (all, minus: string, dollar: string | undefined, digits: string, pct) => {
    const value = exactOf(Number(`${minus}${digits.replace(/,/g, '')}`), digits, exact);
    // Years, days and small whole numbers (ranks, counts of rows) are no figures to round.
    if (!dollar && !pct && !digits.includes(',') && !digits.includes('.')) return all;
    const as = rounded(value, dollar !== undefined, pct !== undefined, r);
    return as && as !== all ? (r.only ? as : `${all} (about ${as})`) : all;
  });
}
