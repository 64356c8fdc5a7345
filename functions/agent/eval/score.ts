import { statedNumbers } from '../grounding';

/** A query result as the SQL tool returns it: column names and rows. */
export interface ResultSet {
  schema: { name: string }[];
  data: unknown[][];
  totalRows?: number;
}

type Value = number | string | null;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** One comparable form per value: numbers as numbers (decimals arrive as strings), times without midnight. */
export function normalise(value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return normalise(value.toISOString());
  const text = String(value);
  if (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(text)) return Number(text);
  // A period's label as the first day it stands for ("January 2022", "2022-01", "Q3 2024", "2024-Q3").
  const period = periodLabelDay(text);
  if (period) return period;
  const time = DATE_TIME.exec(text);
  if (time) return !time[2] || time[2] === '00:00:00' ? (time[1] ?? text) : `${time[1]}T${time[2]}`;
  return text;
}

/** The first day a month's or quarter's label names, or undefined for any other text. */
function periodLabelDay(text: string): string | undefined {
  const pad = (n: number) => String(n).padStart(2, '0');
  const named = /^([a-z]+) (\d{4})$/i.exec(text.trim());
  const month = named ? MONTHS.indexOf(named[1]?.toLowerCase() ?? '') : -1;
  if (named && month >= 0) return `${named[2]}-${pad(month + 1)}-01`;
  const short = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text.trim());
  if (short) return `${short[1]}-${short[2]}-01`;
  const quarter = /^(?:q([1-4])\s+(\d{4})|(\d{4})[-\s]q([1-4]))$/i.exec(text.trim());
  if (!quarter) return undefined;
  const q = Number(quarter[1] ?? quarter[4]);
  return `${quarter[2] ?? quarter[3]}-${pad(3 * q - 2)}-01`;
}

const same = (a: Value, b: Value, tolerance: number) =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) <= tolerance + Math.abs(b) * 1e-9
    : a === b;

const order = (a: Value, b: Value) =>
  a === null
    ? b === null
      ? 0
      : -1
    : b === null
      ? 1
      : typeof a === 'number' && typeof b === 'number'
        ? a - b
        : String(a).localeCompare(String(b));

/**
 * A shares stated as a fraction (0.12) matches a percentage (12): both readings are right. Scale 0 reads a year's
 * first day as its year (a result grouped by date_trunc('year', ...) beside a reference's year(...) = 2024).
 */
const SCALES = [1, 100, 0];

function scaled(column: Value[], scale: number): Value[] {
  if (scale === 0)
    return column.map((v) => (typeof v === 'string' && /^\d{4}-01-01$/.test(v) ? Number(v.slice(0, 4)) : v));
  return scale === 1 ? column : column.map((v) => (typeof v === 'number' ? v * scale : v));
}

function sameMultiset(a: Value[], b: Value[], tolerance: number) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(order);
  const y = [...b].sort(order);
  return x.every((v, i) => same(v, y[i] ?? null, tolerance));
}

/** Every item fits one of `pool`'s, each of the pool used once (greedy, first fit). */
function eachMatchedOnce<A, B>(items: readonly A[], pool: readonly B[], fits: (a: A, b: B) => boolean) {
  const used = new Set<number>();
  return items.every((a) => {
    const at = pool.findIndex((b, i) => !used.has(i) && fits(a, b));
    if (at < 0) return false;
    used.add(at);
    return true;
  });
}

/** Every value of `part` is one of `whole`'s, each used once (a preview's column within the full one). */
const withinMultiset = (part: Value[], whole: Value[], tolerance: number) =>
  eachMatchedOnce(part, whole, (v, w) => same(v, w, tolerance));

/**
 * Execution accuracy of one result against the reference: every reference column has a column of the result
 * with the same values (extra result columns are allowed: a careful answer may show more), and the rows
 * match as a multiset, or in sequence when the reference is ordered. Undefined when they match, else why not.
 */
export function compareResults(
  reference: ResultSet,
  actual: ResultSet,
  options: { ordered?: boolean; tolerance?: number } = {},
): string | undefined {
  const tolerance = options.tolerance ?? 0.005;
  const ref = reference.data.map((row) => row.map(normalise));
  const all = actual.data.map((row) => row.map(normalise));
  // A group the reference has no row for, stated with every figure 0 ("new customers per quarter of 2023" with
  // a quarter of none: 0), says what the reference's missing row does: no wrong row. Only of a whole result.
  const zero = (row: Value[]) =>
    row.some((v) => typeof v === 'number') && row.every((v) => typeof v !== 'number' || v === 0);
  const whole = (actual.totalRows ?? all.length) === all.length;
  const got = whole && all.length > ref.length && !ref.some(zero) ? all.filter((row) => !zero(row)) : all;
  const total = got === all ? (actual.totalRows ?? actual.data.length) : got.length;
  if (total !== ref.length) return `${total} rows, expected ${ref.length}`;
  // A result longer than a tool result carries arrives as its first rows with the full count (`totalRows`):
  // those rows must each be a reference row (the first ones, in order, when the order matters).
  const preview = got.length < total;
  const refColumns = reference.schema.map((_, j) => ref.map((row) => row[j] ?? null));
  const gotColumns = actual.schema.map((_, k) => got.map((row) => row[k] ?? null));
  // Candidate result columns (with their scale) for each reference column.
  const candidates = refColumns.map((column) =>
    gotColumns.flatMap((other, k) =>
      SCALES.filter((s) =>
        preview
          ? withinMultiset(scaled(other, s), column, tolerance)
          : sameMultiset(column, scaled(other, s), tolerance),
      ).map((s) => ({ k, s })),
    ),
  );
  const missing = candidates.findIndex((c) => c.length === 0);
  if (missing >= 0) {
    const name = reference.schema[missing]?.name ?? String(missing);
    return `no column holds the values of reference column ${name}`;
  }
  const rowsMatch = (pick: { k: number; s: number }[]) => {
    const project = (row: Value[]) => pick.map(({ k, s }) => scaled([row[k] ?? null], s)[0] ?? null);
    const mine = got.map(project);
    const fits = (a: Value[], b: Value[]) => a.every((v, j) => same(v, b[j] ?? null, tolerance));
    if (options.ordered) return (preview ? mine : ref).every((_, i) => fits(mine[i] ?? [], ref[i] ?? []));
    // A preview's rows each within the reference; a whole result's rows each reference row once.
    return preview ? eachMatchedOnce(mine, ref, fits) : eachMatchedOnce(ref, mine, (r, m) => fits(m, r));
  };
  // Backtrack over assignments of distinct result columns (few columns: cheap).
  const search = (j: number, pick: { k: number; s: number }[]): boolean => {
    if (j === candidates.length) return rowsMatch(pick);
    return (candidates[j] ?? []).some((c) => !pick.some((p) => p.k === c.k) && search(j + 1, [...pick, c]));
  };
  if (!search(0, [])) return options.ordered ? 'rows differ or are in another order' : 'rows differ';
  return undefined;
}

/** Numbers written in a text ("1,234.5" -> 1234.5, "12.5%" -> 12.5). */
export const numbersIn = (text: string) =>
  (text.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A day (YYYY-MM-DD) as people write it: ISO, "December 31, 2025", "31 Dec 2025", 12/31/2025 or 31/12/2025. */
export function writtenDay(day: string): RegExp | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return undefined;
  const [, y, m, d] = parts.map(Number) as [number, number, number, number];
  const full = MONTHS[m - 1] ?? '';
  const name = `(?:${full}|${full.slice(0, 3)}${full === 'september' ? '|sept' : ''})\\.?`;
  const nd = `0?${d}(?:st|nd|rd|th)?`;
  return new RegExp(
    [
      `(?<!\\d)${day}(?!\\d)`,
      `\\b${name}\\s+${nd},?\\s+${y}\\b`,
      `\\b${nd}\\s+(?:of\\s+)?${name},?\\s+${y}\\b`,
      `\\b0?${m}/0?${d}/${y}\\b`,
      `\\b0?${d}[/.]0?${m}[/.]${y}\\b`,
    ].join('|'),
    'i',
  );
}

/** Words that say a figure fell: "fell 4.6%" states -4.6 as its magnitude. */
const FALL =
  /\b(?:fell|fall(?:s|en|ing)?|declin\w*|decreas\w*|drop(?:s|ped)?|down|lower|shr[au]nk|negative|less|fewer|lost|lose|loses|losing|loss(?:es)?)\b/i;

/**
 * A number right after a word for a fall or a rise ("down 0.29%", "fell by $1,200", "up about 4%"): group 1 is the
 * fall word, group 2 the number. "down from 120 to 100" and "fell to 100" name levels, not a change.
 */
const DIRECTED =
  /\b(?:(fell|fall(?:s|en|ing)?|declin\w*|decreas\w*|drop(?:s|ped)?|down|shr[au]nk)|(?:up|rose|risen|rising|grew|grown|growing|increas\w*|gain(?:s|ed)?|climb(?:s|ed)?|jump(?:s|ed)?))(?:\s+(?:by|of|about|around|roughly|nearly|almost|some|just|only|over|under))*\s+~?[$€£]?(\d[\d,]*(?:\.\d+)?)/gi;

/**
 * The figures an answer states: numbers as written (see grounding.ts), less those that carry no claim about the
 * data: the question's own numbers, years and small whole numbers (list positions, "top 3").
 */
/** Counts in words before money slang ("five bucks", "a grand"). */
const SLANG_COUNTS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  ten: 10,
};

/**
 * "10k", "$1.5m", "2 million", "five bucks", "a grand" in a question as the numbers they stand for (the analyst
 * reads them so).
 */
const writtenOut = (text: string) =>
  text
    .replace(/(\d+(?:\.\d+)?)\s?(k|m|mm|thousand|million)\b/gi, (_, n: string, unit: string) =>
      String(Math.round(Number(n) * (/^(k|thousand)$/i.test(unit) ? 1_000 : 1_000_000))),
    )
    .replace(
      /\b(\d+(?:\.\d+)?|a|an|one|two|three|four|five|ten)\s+(bucks?|grand)\b/gi,
      (all, n: string, unit: string) => {
        const value = /^\d/.test(n) ? Number(n) : SLANG_COUNTS[n.toLowerCase()];
        return value === undefined ? all : String(/^grand$/i.test(unit) ? value * 1_000 : value);
      },
    );

export function figuresIn(answer: string, question: string): ReturnType<typeof statedNumbers> {
  // A threshold asked as "10k" and restated as "$10,000.00" is the question's own number, not a figure.
  const asked = [...numbersIn(question), ...numbersIn(writtenOut(question))];
  return statedNumbers(answer).filter(
    (s) =>
      !(s.plain && ((s.value >= 0 && s.value <= 12) || (s.value >= 1900 && s.value <= 2100))) &&
      !asked.some((n) => Math.abs(n - s.value) <= s.tolerance),
  );
}

/**
 * A zero or small whole number stated AS the result ("the number of customers is 0", "returns: 3", "(no rows
 * match)"). figuresIn leaves small numbers out (list positions, "top 3", "12 months"), but one given as the answer
 * is a claim about the data: where the reference holds no such figure, it is a wrong answer, not a refusal.
 */
export function resultClaims(answer: string, reference?: ResultSet): string[] {
  const pool = reference ? derivedFigures(reference).map(Math.abs) : [];
  const claims = [
    ...answer.matchAll(
      /(?:\b(?:is|are|was|were|came to|totall?ed|totals?|equals?)\b|[:=])\s*(?:only |just |exactly )?\$?(\d{1,2}(?:\.\d+)?)(?![\d,%/-]|\.\d)(?!\s*(?:%|percent|st|nd|rd|th|days?|weeks?|months?|quarters?|years?|hours?|minutes?|of|or|to|and|out)\b)/gi,
    ),
  ].map((m) => m[1] ?? '');
  // ("0 (no orders match)", "(no rows match)": the answer's own zero.)
  if (/\bno (?:rows|[a-z]+s) match\b/i.test(answer)) claims.push('0');
  return [...new Set(claims)].filter((text) => !pool.some((v) => Math.abs(v - Number(text)) < 1e-9));
}

/** A stated figure that is this value at the precision written (rounded, scaled, a fraction as a percent). */
const states = (figure: ReturnType<typeof statedNumbers>[number], value: number, tolerance: number) =>
  Math.abs(figure.value - Math.abs(value)) <= Math.max(figure.tolerance, tolerance) ||
  (figure.percent && Math.abs(figure.value - Math.abs(value) * 100) <= Math.max(figure.tolerance, tolerance));

const MONTH_NAMES = MONTHS.map((m) => `${m.charAt(0).toUpperCase()}${m.slice(1)}`);

/** The answer names a value: as written, or a period's first day as its month ("2024-10", "October 2024") or year. */
function mentions(answer: string, value: string): boolean {
  const text = answer.toLowerCase();
  if (text.includes(value.toLowerCase())) return true;
  // A time written with a space ("2025-12-31 23:57:15") or "at" ("2025-12-31 at 23:57") for "2025-12-31T23:57:15".
  const time = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(value);
  if (time && new RegExp(`${time[1]}(?:\\s+at)?\\s+${time[2]}(?:${time[3] ?? ''})?\\b`).test(text))
    return true;
  // A month named in words ("January 2025", "Jan 2025") is its first day, as written either way ("2025-01").
  const named = /^([A-Za-z]+)\.?\s+(\d{4})$/.exec(value.trim());
  const index = named
    ? MONTH_NAMES.findIndex((m) => m.toLowerCase().startsWith(named[1]?.toLowerCase() ?? '-'))
    : -1;
  if (named && index >= 0 && (named[1]?.length ?? 0) >= 3) {
    // (Not by its year alone: the reference names a month.)
    return text.includes(`${named[2]}-${String(index + 1).padStart(2, '0')}`);
  }
  const date = /^(\d{4})-(\d{2})-01$/.exec(value);
  if (!date) return false;
  const [, year = '', month = ''] = date;
  const name = MONTH_NAMES[Number(month) - 1] ?? '';
  return (
    text.includes(`${year}-${month}`) ||
    text.includes(`${name} ${year}`.toLowerCase()) ||
    (month === '01' && new RegExp(`\\b${year}\\b`).test(text)) ||
    quarterOf(value)?.test(text) === true
  );
}

/**
 * Figures a careful answer may state about a result: its values, each numeric column's total, each value's share
 * of that total, and the change (and percent change) from the first row to the last.
 */
export function derivedFigures(result: ResultSet): number[] {
  const rows = result.data.map((row) => row.map(normalise));
  // The values, and how many rows there are ("12 more rows in the table").
  const out: number[] = [
    ...rows.flat().filter((v): v is number => typeof v === 'number'),
    result.totalRows ?? rows.length,
  ];
  const width = Math.max(0, ...rows.map((r) => r.length));
  for (let j = 0; j < width; j++) {
    const column = rows.map((r) => r[j]);
    if (!column.every((v) => typeof v === 'number')) continue;
    const values = column as number[];
    const total = values.reduce((a, b) => a + b, 0);
    out.push(total);
    if (total !== 0) for (const v of values) out.push(v / total);
    const first = values[0];
    const last = values.at(-1);
    if (first !== undefined && last !== undefined && values.length > 1) {
      out.push(last - first);
      if (first !== 0) out.push((last - first) / first);
    }
  }
  return out;
}

/**
 * The answer text against the reference: a figure it states that the reference does not support (its values,
 * totals, shares and first-to-last change, or a difference or ratio of two supported figures in the same
 * sentence; the result's own when the result is right) is wrong; for a small reference (at most `small` values),
 * every value must be stated.
 */
export function checkAnswerText(
  reference: ResultSet,
  answer: string,
  options: { question: string; tolerance: number; alsoFrom?: ResultSet; small?: number },
): { wrong: string[]; missing: string[] } {
  const pool = [
    ...derivedFigures(reference),
    ...(options.alsoFrom ? derivedFigures(options.alsoFrom) : []),
  ].map(Math.abs);
  // Text values (a name with a number in it, "Customer 331") are words, not figures.
  const words = [...reference.data, ...(options.alsoFrom?.data ?? [])]
    .flat()
    .map(normalise)
    .filter((v): v is string => typeof v === 'string' && /\d/.test(v))
    .sort((a, b) => b.length - a.length);
  // (A time of day, "23:57:15", is no figure of the data.)
  const prose = words
    .reduce((text, word) => text.split(word).join(' '), answer)
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, ' ');
  const figures = figuresIn(prose, options.question);
  const supported = new Set(figures.filter((f) => pool.some((v) => states(f, v, options.tolerance))));
  for (const f of figures) {
    if (supported.has(f)) continue;
    const near = figures.filter((o) => o !== f && o.sentence === f.sentence && supported.has(o));
    const derived = near.flatMap((a) =>
      near.flatMap((b) =>
        a === b || b.value === 0
          ? []
          : [Math.abs(a.value - b.value), a.value / b.value, (a.value - b.value) / b.value],
      ),
    );
    if (derived.some((v) => states(f, Math.abs(v), options.tolerance))) supported.add(f);
  }
  const wrong = figures.filter((f) => !supported.has(f)).map((f) => f.text);
  const cells = reference.data.flat();
  const missing: string[] = [];
  if (cells.length <= (options.small ?? 6)) {
    const stated = statedNumbers(answer);
    for (const raw of cells) {
      const value = normalise(raw);
      if (value === null) continue;
      if (typeof value === 'number') {
        if (!stated.some((f) => states(f, value, options.tolerance))) missing.push(String(value));
      } else if (!mentions(answer, value)) missing.push(`"${value}"`);
    }
  }
  return { wrong, missing };
}

/**
 * Every value of the reference is stated in the answer: numbers within the tolerance (a negative one also as
 * its magnitude when the answer words a fall), labels in any case, days in any common written form (a quarter's
 * first day also as that quarter); and, where there are several rows, each row's figures beside its own label.
 */
export function compareAnswer(
  reference: ResultSet,
  answer: string,
  tolerance = 0.005,
  question = '',
): string | undefined {
  const stated = numbersIn(answer);
  const falls = FALL.test(answer);
  // "down 0.29%" says -0.29, not 0.29 (unless the question asks for the size of a fall: "how many fewer").
  const signed = new Map<number, 'fall' | 'rise'>();
  if (!FALL.test(question)) {
    for (const m of answer.matchAll(DIRECTED))
      signed.set(Number(m[2]?.replace(/,/g, '')), m[1] ? 'fall' : 'rise');
  }
  const fits = (value: number) => (n: number) => {
    const direction = n > 0 ? signed.get(n) : undefined;
    if (direction === 'fall') return value < 0 && same(n, -value, tolerance);
    if (direction === 'rise') return value > 0 && same(n, value, tolerance);
    return same(n, value, tolerance) || (falls && value < 0 && same(n, -value, tolerance));
  };
  for (const row of reference.data) {
    for (const raw of row) {
      const value = normalise(raw);
      if (value === null) continue;
      if (typeof value === 'number') {
        if (!stated.some(fits(value))) return `answer lacks ${value}`;
      } else {
        // (A period labelled in words is looked for as labelled: "January 2025" is a month, not its year.)
        const label = typeof raw === 'string' && periodLabelDay(raw) ? raw.trim() : value;
        if (!mentionsDay(answer, label)) return `answer lacks "${label}"`;
      }
    }
  }
  return pairing(reference, answer, fits);
}

/**
 * A text value as an answer may write it: as is (any case), a day in any common form, a month's or quarter's
 * first day as that month ("February 2025", "2025-02") or quarter.
 */
function mentionsDay(answer: string, value: string): boolean {
  return mentions(answer, value) || !!writtenDay(value)?.test(answer);
}

/** "2023-Q2", "Q2 2023", "Q2 '23" for 2023-04-01 (a quarter's first day); undefined for other values. */
function quarterOf(value: string): RegExp | undefined {
  const parts = /^(\d{4})-(01|04|07|10)-01$/.exec(value);
  if (!parts) return undefined;
  const [, year = '', month = ''] = parts;
  const q = `q${(Number(month) + 2) / 3}`;
  const yy = year.slice(2);
  return new RegExp(`\\b(?:${year}[-\\s]?${q}|${q}[-\\s]?(?:${year}|'${yy}|’${yy}))\\b`, 'i');
}

/**
 * Each row's numbers stand beside its own label: a number pairs with the nearest label before it on its line
 * (else the nearest after it), among labels that name one row only. A row whose label is not written as is (a day
 * in another form) is not checked. Undefined when every row pairs, else which figure sits beside another label.
 */
function pairing(reference: ResultSet, answer: string, fits: (value: number) => (n: number) => boolean) {
  const rows = reference.data.map((row) => row.map(normalise));
  if (rows.length < 2) return undefined;
  const owners = new Map<string, Set<number>>();
  rows.forEach((row, i) => {
    for (const v of row) {
      if (typeof v !== 'string') continue;
      const key = v.toLowerCase();
      owners.set(key, (owners.get(key) ?? new Set()).add(i));
    }
  });
  const labels: { row: number; line: number; start: number; end: number }[] = [];
  const numbers: { value: number; line: number; start: number; end: number }[] = [];
  answer.split('\n').forEach((text, line) => {
    const lower = text.toLowerCase();
    for (const [label, rowsOf] of owners) {
      const row = [...rowsOf][0];
      if (rowsOf.size !== 1 || row === undefined || label === '') continue;
      const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      for (const m of lower.matchAll(new RegExp(`(?<![\\w-])${escaped}(?![\\w])`, 'g'))) {
        labels.push({ row, line, start: m.index, end: m.index + m[0].length });
      }
    }
    for (const m of text.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)) {
      const inLabel = labels.some(
        (l) => l.line === line && m.index < l.end && m.index + m[0].length > l.start,
      );
      if (!inLabel) {
        numbers.push({
          value: Number(m[0].replace(/,/g, '')),
          line,
          start: m.index,
          end: m.index + m[0].length,
        });
      }
    }
  });
  const labelOf = (n: (typeof numbers)[number]) => {
    const onLine = labels.filter((l) => l.line === n.line);
    const before = onLine.filter((l) => l.end <= n.start).sort((a, b) => b.end - a.end)[0];
    return before ?? onLine.filter((l) => l.start >= n.end).sort((a, b) => a.start - b.start)[0];
  };
  for (const [i, row] of rows.entries()) {
    if (!labels.some((l) => l.row === i)) continue;
    for (const value of row) {
      if (typeof value !== 'number') continue;
      const candidates = numbers.filter((n) => fits(value)(n.value));
      const paired = candidates.map(labelOf);
      // Only numbers that sit beside some label take part (a total or a sentence without labels is free).
      if (paired.some((l) => l === undefined || l.row === i)) continue;
      const label = row.find((v) => typeof v === 'string' && owners.get(v.toLowerCase())?.size === 1);
      return `answer states ${value} beside another label than "${label}"`;
    }
  }
  return undefined;
}

/** The answer's wording: every `says` pattern matches it and no `never` pattern does (case-insensitive). */
export function compareWording(answer: string, says: string[], never: string[]): string | undefined {
  const missing = says.find((p) => !new RegExp(p, 'i').test(answer));
  if (missing !== undefined) return `answer does not say /${missing}/`;
  const found = never.find((p) => new RegExp(p, 'i').test(answer));
  if (found !== undefined) return `answer says /${found}/`;
  return undefined;
}

/** An answer that says it cannot answer (the honest refusal the model's gaps call for). */
export const REFUSAL =
  /\b(can(?:no|')t|could(?: not|n't)|unable to|not able to|(?:do(?:es)?(?: not|n't)|doesn't) (?:have|contain|include|hold)|no (?:data|field|column|member|measure)s? (?:on|about|for|of))\b/i;
