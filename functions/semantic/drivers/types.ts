import type { CompiledQuery, Dialect } from '../compiler';

/** A result as the API returns it: JSON-safe values, at most maxRows rows, totalRows counting all. */
export interface QueryResult {
  schema: { name: string; column_type: string }[];
  data: unknown[][];
  totalRows: number;
}

export interface ExecuteOptions {
  maxRows: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A database behind the semantic layer. */
export interface Driver {
  readonly dialect: Dialect;
  execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult>;
  close(): Promise<void>;
}

/** Where a deployment's data lives. */
export type DataSource =
  | { kind: 'duckdb'; database: 'sample' | string }
  | { kind: 'postgres'; connectionString: string };

/** Converts a driver value to JSON: safe integers as numbers, decimals as numbers, everything else as text. */
export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
