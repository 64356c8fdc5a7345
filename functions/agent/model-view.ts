import { roleOf } from './charts';
import { MODEL_RESULT_ROWS } from './tool-specs';

/** Totals of one numeric column over every row of a result. */
export interface ColumnTotals {
  count: number;
  sum: number;
  min: number;
  max: number;
  avg: number;
}

/** Totals over every row of a result, per numeric column (`rows` counts them). */
export interface ResultTotals {
  rows: number;
  columns: Record<string, ColumnTotals>;
}

type Schema = readonly { name: string; column_type: string }[];

/** Float noise off (0.1 + 0.2), nothing a reader would round away. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

/** The numeric columns of a result (their type, or values that are all numbers). */
export function numericColumns(schema: Schema, rows: readonly unknown[][]): number[] {
  return schema.flatMap((c, i) =>
    roleOf(
      c.column_type,
      rows.map((r) => r[i]),
    ) === 'quantitative'
      ? [i]
      : [],
  );
}

/** Totals of rows held in memory: exact when they are every row of the result. */
export function totalsOf(schema: Schema, rows: readonly unknown[][]): ResultTotals {
  const columns: Record<string, ColumnTotals> = {};
  for (const i of numericColumns(schema, rows)) {
    const values = rows
      .map((r) => r[i])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map(Number);
    if (values.some((v) => !Number.isFinite(v))) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    columns[schema[i]?.name ?? String(i)] = {
      count: values.length,
      sum: tidy(sum),
      min: values.length ? tidy(Math.min(...values)) : 0,
      max: values.length ? tidy(Math.max(...values)) : 0,
      avg: values.length ? tidy(sum / values.length) : 0,
    };
  }
  return { rows: rows.length, columns };
}

/** The SQL that computes `totalsOf` in the database over every row of `sql` (when the tool's rows are cut). */
export function totalsSql(sql: string, schema: Schema, numeric: readonly number[]): string | undefined {
  const names = schema.map((c) => c.name);
  // A name twice is ambiguous outside the query: no totals rather than wrong ones.
  if (new Set(names).size !== names.length) return undefined;
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const parts = ['COUNT(*) AS "rows"'];
  numeric.forEach((i, k) => {
    const c = `t.${quote(names[i] ?? '')}`;
    parts.push(
      `COUNT(${c}) AS "n${k}"`,
      `SUM(${c}) AS "s${k}"`,
      `MIN(${c}) AS "lo${k}"`,
      `MAX(${c}) AS "hi${k}"`,
      `AVG(${c}) AS "a${k}"`,
    );
  });
  const inner = sql.trim().replace(/;+\s*$/, '');
  return `SELECT ${parts.join(', ')} FROM (${inner}) AS t`;
}

/** Reads the one row of `totalsSql` back into totals. */
export function totalsFromRow(
  schema: Schema,
  numeric: readonly number[],
  row: readonly unknown[],
): ResultTotals {
  const num = (v: unknown) => (v === null || v === undefined ? 0 : tidy(Number(v)));
  const columns: Record<string, ColumnTotals> = {};
  numeric.forEach((i, k) => {
    const at = 1 + k * 5;
    columns[schema[i]?.name ?? String(i)] = {
      count: num(row[at]),
      sum: num(row[at + 1]),
      min: num(row[at + 2]),
      max: num(row[at + 3]),
      avg: num(row[at + 4]),
    };
  });
  return { rows: num(row[0]), columns };
}

const parse = (content: string): unknown => {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A query result as a language model reads it: the columns, the first rows, totalRows, and when it does not see
 * every row, totals over all of them and a note saying plainly what was left out. What the model wrote itself
 * (the SQL, title, description) and what the service added (the request, the chart spec, the id) are not echoed.
 */
export function sqlResultForModel(content: string): string {
  const parsed = parse(content);
  if (!isRecord(parsed) || !Array.isArray(parsed.data)) return content;
  const rows = parsed.data as unknown[][];
  const schema = (Array.isArray(parsed.schema) ? parsed.schema : []) as {
    name: string;
    column_type: string;
  }[];
  const total = typeof parsed.totalRows === 'number' ? parsed.totalRows : rows.length;
  const shown = rows.slice(0, MODEL_RESULT_ROWS);
  const view: Record<string, unknown> = { schema, data: shown, totalRows: total };
  if (typeof parsed.chartError === 'string') view.chartError = parsed.chartError;
  if (shown.length >= total) return JSON.stringify(view);
  const cut = total > rows.length;
  const stored = isRecord(parsed.totals) ? (parsed.totals as unknown as ResultTotals) : undefined;
  const totals = cut ? stored : totalsOf(schema, rows);
  const table = cut ? `the first ${count(rows.length)}` : `all ${count(total)}`;
  view.rowsShown = shown.length;
  view.note = totals
    ? `${count(total)} rows: you see the first ${shown.length}, the user's table shows ${table}. totals cover all ${count(total)} rows${cut ? ' (computed by the database)' : ''}. For rankings or other figures, query again (ORDER BY, LIMIT, WHERE, GROUP BY).`
    : `${count(total)} rows: you see the first ${shown.length}, the user's table shows ${table}. No totals over all rows are available: aggregate in SQL for any total.`;
  if (totals) view.totals = totals;
  return JSON.stringify(view);
}

/** A coreMeta result as a language model reads it: without the echo of its own search words. */
export function metaResultForModel(content: string): string {
  const parsed = parse(content);
  if (!isRecord(parsed) || !Array.isArray(parsed.cubes)) return content;
  const { searchQuery: _echo, ...rest } = parsed;
  return JSON.stringify(rest);
}

/** A tool's result as a language model reads it. */
export function resultForModel(name: string, content: string): string {
  if (name === 'coreSqlApi') return sqlResultForModel(content);
  if (name === 'coreMeta') return metaResultForModel(content);
  return content;
}
