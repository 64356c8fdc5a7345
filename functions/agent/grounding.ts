/**
 * The grounding check of a final answer: every number it states must come from this turn's tool results (as
 * the model read them), from the user's question or the turn's date, or from arithmetic the answer shows on such
 * numbers. A number is "from" a result when the result holds it at the precision the answer states (1,234,567.89
 * may be written 1,234,568, 1.23 million or $1.2M; a fraction 0.1234 may be written 12.3%).
 */

/** What an answer may draw its numbers from. */
export interface GroundingSources {
  /** This turn's successful tool results, as the model read them. */
  results: readonly string[];
  /** A coreSqlApi call succeeded this turn: a numeric answer needs one. */
  queried: boolean;
  /** The user's question: its numbers ("top 5", "more than 60", "2024") are the user's own. */
  question: string;
  /** Today's date in the user's time zone (YYYY-MM-DD): periods are counted from it. */
  today: string;
  /** This turn's SQL: its date literals are the periods the answer names. */
  sql: readonly string[];
}

export type GroundingCheck = { ok: true } | { ok: false; reason: string; unsupported: string[] };

/** A number as written in an answer. */
interface Stated {
  text: string;
  value: number;
  /** Half a unit of the last digit written, times the scale: the rounding the text allows. */
  tolerance: number;
  percent: boolean;
  /** Written as a bare whole number without scale or percent (years, small counts). */
  plain: boolean;
  /** Index of the sentence it is in. */
  sentence: number;
}

const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  trillion: 1e12,
};

const NUMBER =
  /(?<![\w.,/])(?:[$€£¥]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|percent\b|thousand\b|million\b|billion\b|trillion\b|mn\b|bn\b|[kKmMbB]\b))?(?![\w%])/g;
const DATE = /\b(\d{4})-(\d{2})(?:-(\d{2}))?\b/g;
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/**
 * A day written with its month's name or as 12/31/2025 ("December 31", "31st of Dec", "Oct 1"): its day number
 * is part of a date, not a figure. A number that runs on ("March 12,345 orders") is not a day.
 */
const WRITTEN_DAY = new RegExp(
  [
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?!\\d|[.,]\\d)`,
    // (Never the cents of a figure that ends a line before a month: "7,860.97" then "July 2025: ...".)
    `(?<![\\d.,])\\b\\d{1,2}(?:st|nd|rd|th)?[ \\t]+(?:of[ \\t]+)?${MONTH}(?![a-z])`,
    '\\b\\d{1,2}[/.]\\d{1,2}[/.]\\d{4}\\b',
  ].join('|'),
  'gi',
);

/** Text a number check reads: code, list numbering and dates taken out (dates are checked on their own). */
function prose(answer: string): string {
  return answer
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/^\s*\d{1,2}[.)]\s/gm, ' ')
    .replace(DATE, ' ')
    .replace(WRITTEN_DAY, ' ');
}

/** The numbers an answer states, with the precision it states them at. */
export function statedNumbers(answer: string): Stated[] {
  const out: Stated[] = [];
  const sentences = prose(answer).split(/(?<=[.!?;:])\s+|\n+/);
  sentences.forEach((sentence, index) => {
    for (const match of sentence.matchAll(NUMBER)) {
      const [text, whole = '', fraction = '', unit = ''] = match;
      const lower = unit.toLowerCase();
      const percent = lower === '%' || lower === 'percent';
      const scale = percent ? 1 : (SCALES[lower] ?? 1);
      const decimals = fraction ? fraction.length - 1 : 0;
      const value = Number(`${whole.replace(/,/g, '')}${fraction}`) * scale;
      out.push({
        text: text.trim(),
        value,
        tolerance: 0.5 * 10 ** -decimals * scale + 1e-9,
        percent,
        plain: !fraction && !unit && !whole.includes(','),
        sentence: index,
      });
    }
  });
  return out;
}

/** Every number in a text (JSON included), as absolute values. */
function numbersOf(text: string): number[] {
  return (text.match(/\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g) ?? []).map(Number).filter(Number.isFinite);
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Dates a text names (YYYY-MM-DD; YYYY-MM as its first day). */
function datesOf(text: string): string[] {
  return [...text.matchAll(DATE)].map(([, y, m, d]) => `${y}-${m}-${d ?? '01'}`);
}

const matches = (stated: Stated, pool: readonly number[]) =>
  pool.some(
    (x) =>
      Math.abs(x - stated.value) <= stated.tolerance ||
      (stated.percent && Math.abs(x * 100 - stated.value) <= stated.tolerance),
  );

/** Numbers of a shown calculation ("412 - 380 = 32"): operands, operators and the result. */
const EQUATION =
  /((?:[$€£¥]?\d[\d,]*(?:\.\d+)?%?\s*[-+−×x*/÷]\s*\(?\s*)+[$€£¥]?\d[\d,]*(?:\.\d+)?%?\s*\)?(?:\s*[×x*/÷]\s*100)?)\s*(?:=|≈|is)\s*([$€£¥]?-?\d[\d,]*(?:\.\d+)?\s?%?)/g;

/** Evaluates the left side of a shown calculation (+ - × / with the usual precedence, parentheses ignored). */
function evaluate(expression: string): number | undefined {
  const tokens = expression
    .replace(/[$€£¥,%()\s]/g, '')
    .replace(/[−]/g, '-')
    .replace(/[×x]/g, '*')
    .replace(/÷/g, '/')
    .match(/\d+(?:\.\d+)?|[-+*/]/g);
  if (!tokens) return undefined;
  const terms: number[] = [];
  let sign = 1;
  let term: number | undefined;
  let op: string | undefined;
  for (const token of tokens) {
    if (/[-+]/.test(token)) {
      if (term !== undefined) terms.push(sign * term);
      sign = token === '-' ? -1 : 1;
      term = undefined;
      op = undefined;
    } else if (/[*/]/.test(token)) op = token;
    else {
      const n = Number(token);
      term = term === undefined ? n : op === '/' ? term / n : term * n;
    }
  }
  if (term !== undefined) terms.push(sign * term);
  const total = terms.reduce((a, b) => a + b, 0);
  return Number.isFinite(total) ? total : undefined;
}

/**
 * Checks an answer's numbers against what this turn may support. Years, dates and small whole numbers (0 to 12:
 * list positions, months, "top 3") need no source; the rest must be found in the results (at the precision
 * written), in the question, in the turn's dates, or be the result of arithmetic shown on found numbers
 * (an equation, or a difference, sum, ratio or percent change of two found numbers in the same sentence).
 */
export function checkGrounding(answer: string, sources: GroundingSources): GroundingCheck {
  const stated = statedNumbers(answer);
  const dates = new Set([...sources.results, ...sources.sql, sources.question].flatMap(datesOf));
  dates.add(sources.today);
  // An inclusive end of a half-open range (< '2025-06-01' is "to 2025-05-31") and yesterday are named too.
  for (const date of [...dates]) dates.add(addDays(date, -1));
  const years = new Set([...dates].map((d) => Number(d.slice(0, 4))));
  const statedDates = datesOf(answer.replace(/```[\s\S]*?```/g, ' '));
  const unsupportedDates = statedDates.filter((d) => !dates.has(d));
  const question = numbersOf(sources.question);
  const pool = [...sources.results.flatMap(numbersOf), ...question];
  const free = (s: Stated) =>
    s.plain &&
    ((s.value >= 0 && s.value <= 12) || (s.value >= 1900 && s.value <= 2100 && years.has(s.value)));
  const claims = stated.filter((s) => !free(s) && !matches(s, question));
  if ((claims.length > 0 || unsupportedDates.length > 0) && !sources.queried) {
    const named = [...claims.map((c) => c.text), ...unsupportedDates];
    return {
      ok: false,
      unsupported: named,
      reason: `The answer states ${list(named)}, but no query succeeded in this turn: a figure needs a query that returns it now (earlier turns do not count).`,
    };
  }
  const grounded = new Set<Stated>(stated.filter((s) => free(s) || matches(s, pool)));
  // Results of shown equations.
  for (const [, left = '', right = ''] of answer.matchAll(EQUATION)) {
    const value = evaluate(left.replace(/\s*[×x*]\s*100\s*$/, ''));
    const scaled = /[×x*]\s*100\s*$/.test(left) && value !== undefined ? value * 100 : value;
    const result = statedNumbers(right)[0];
    if (scaled === undefined || !result) continue;
    const fits =
      Math.abs(scaled - result.value) <= result.tolerance ||
      (result.percent && Math.abs(scaled * 100 - result.value) <= result.tolerance);
    if (!fits) continue;
    for (const s of stated) if (s.sentence >= 0 && s.text === result.text) grounded.add(s);
  }
  // A difference, sum, ratio or percent change of two grounded numbers stated beside it.
  for (const s of stated) {
    if (grounded.has(s)) continue;
    const near = stated.filter((o) => o !== s && o.sentence === s.sentence && grounded.has(o) && !free(o));
    const derived = near.flatMap((a) =>
      near.flatMap((b) =>
        a === b
          ? []
          : [
              Math.abs(a.value - b.value),
              a.value + b.value,
              b.value !== 0 ? a.value / b.value : Number.NaN,
              b.value !== 0 ? ((a.value - b.value) / b.value) * 100 : Number.NaN,
              b.value !== 0 ? (a.value / b.value) * 100 : Number.NaN,
            ],
      ),
    );
    if (matches(s, derived.filter(Number.isFinite).map(Math.abs))) grounded.add(s);
  }
  const unsupported = [...stated.filter((s) => !grounded.has(s)).map((s) => s.text), ...unsupportedDates];
  if (unsupported.length === 0) return { ok: true };
  return {
    ok: false,
    unsupported,
    reason: `The answer states ${list(unsupported)}, which this turn's query results do not contain (at the precision written), and shows no arithmetic that gives ${unsupported.length === 1 ? 'it' : 'them'}.`,
  };
}

const list = (items: readonly string[]) => {
  const unique = [...new Set(items)].slice(0, 8);
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
};
