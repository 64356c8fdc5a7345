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
  const time = DATE_TIME.exec(text);
  if (time) return !time[2] || time[2] === '00:00:00' ? (time[1] ?? text) : `${time[1]}T${time[2]}`;
  return text;
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

/** A shares stated as a fraction (0.12) matches a percentage (12): both readings are right. */
const SCALES = [1, 100];

function scaled(column: Value[], scale: number): Value[] {
  return scale === 1 ? column : column.map((v) => (typeof v === 'number' ? v * scale : v));
}

function sameMultiset(a: Value[], b: Value[], tolerance: number) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(order);
  const y = [...b].sort(order);
  return x.every((v, i) => same(v, y[i] ?? null, tolerance));
}

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
  const got = actual.data.map((row) => row.map(normalise));
  const total = actual.totalRows ?? actual.data.length;
  if (total !== ref.length) return `${total} rows, expected ${ref.length}`;
  const refColumns = reference.schema.map((_, j) => ref.map((row) => row[j] ?? null));
  const gotColumns = actual.schema.map((_, k) => got.map((row) => row[k] ?? null));
  // Candidate result columns (with their scale) for each reference column.
  const candidates = refColumns.map((column) =>
    gotColumns.flatMap((other, k) =>
      SCALES.filter((s) => sameMultiset(column, scaled(other, s), tolerance)).map((s) => ({ k, s })),
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
    if (options.ordered) return ref.every((row, i) => fits(mine[i] ?? [], row));
    const used = new Set<number>();
    return ref.every((row) => {
      const at = mine.findIndex((m, i) => !used.has(i) && fits(m, row));
      if (at < 0) return false;
      used.add(at);
      return true;
    });
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

/**
 * The figures an answer states: numbers as written (see grounding.ts), less those that carry no claim about the
 * data: the question's own numbers, years and small whole numbers (list positions, "top 3").
 */
export function figuresIn(answer: string, question: string): ReturnType<typeof statedNumbers> {
  const asked = numbersIn(question);
  return statedNumbers(answer).filter(
    (s) =>
      !(s.plain && ((s.value >= 0 && s.value <= 12) || (s.value >= 1900 && s.value <= 2100))) &&
      !asked.some((n) => Math.abs(n - s.value) <= s.tolerance),
  );
}

/** A stated figure that is this value at the precision written (rounded, scaled, a fraction as a percent). */
const states = (figure: ReturnType<typeof statedNumbers>[number], value: number, tolerance: number) =>
  Math.abs(figure.value - value) <= Math.max(figure.tolerance, tolerance) ||
  (figure.percent && Math.abs(figure.value - value * 100) <= Math.max(figure.tolerance, tolerance));

/**
 * The answer text against the reference: a figure it states that no reference value (nor the result's, when the
 * result is right) supports is wrong; for a small reference (at most `small` values), every value must be stated.
 */
export function checkAnswerText(
  reference: ResultSet,
  answer: string,
  options: { question: string; tolerance: number; alsoFrom?: ResultSet; small?: number },
): { wrong: string[]; missing: string[] } {
  const pool = [...reference.data, ...(options.alsoFrom?.data ?? [])]
    .flat()
    .map(normalise)
    .filter((v): v is number => typeof v === 'number');
  const figures = figuresIn(answer, options.question);
  const wrong = figures.filter((f) => !pool.some((v) => states(f, v, options.tolerance))).map((f) => f.text);
  const cells = reference.data.flat();
  const missing: string[] = [];
  if (cells.length <= (options.small ?? 6)) {
    const stated = statedNumbers(answer);
    for (const raw of cells) {
      const value = normalise(raw);
      if (value === null) continue;
      if (typeof value === 'number') {
        if (!stated.some((f) => states(f, value, options.tolerance))) missing.push(String(value));
      } else if (!answer.toLowerCase().includes(value.toLowerCase())) missing.push(`"${value}"`);
    }
  }
  return { wrong, missing };
}

/** Every value of the reference is stated in the answer (numbers within the tolerance). */
export function compareAnswer(reference: ResultSet, answer: string, tolerance = 0.005): string | undefined {
  const stated = numbersIn(answer);
  for (const row of reference.data) {
    for (const raw of row) {
      const value = normalise(raw);
      if (value === null) continue;
      if (typeof value === 'number') {
        if (!stated.some((n) => same(n, value, tolerance))) return `answer lacks ${value}`;
      } else if (!answer.includes(value)) return `answer lacks "${value}"`;
    }
  }
  return undefined;
}
