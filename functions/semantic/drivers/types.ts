import { config } from '../../config';
import { QueryTimeoutError, ResultTooLargeError } from '../../errors';

export { QueryTimeoutError, ResultTooLargeError };

import type { CompiledQuery, Dialect, SqlTarget } from '../target';

/**
 * Structured log lines of a driver: the engine's id of each query it started or stopped, so an orphaned query can
 * be found and stopped by hand (Athena bills a query that runs on; ClickHouse runs on after its request is gone).
 */
export type DriverLog = (message: string, fields: Record<string, unknown>) => void;

export const defaultDriverLog: DriverLog = (message, fields) => {
  if (config().logLevel === 'silent' || config().logLevel === 'warn' || config().logLevel === 'error') return;
  process.stdout.write(
    `${JSON.stringify({ level: 'info', time: new Date().toISOString(), message, ...fields })}\n`,
  );
};

/** A result as the API returns it: JSON-safe values, at most maxRows rows, totalRows counting all. */
export interface QueryResult {
  schema: { name: string; column_type: string }[];
  data: unknown[][];
  totalRows: number;
  /** totalRows is "at least": the engine stopped past maxRows, and counting the rest would cost a second query. */
  totalRowsIsLowerBound?: true;
  /** Bytes the engine read for the query (Athena bills by them). */
  bytesScanned?: number;
  /** The engine's id of the query (Athena's query execution id), as logged. */
  queryId?: string;
}

export interface ExecuteOptions {
  maxRows: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with the engine's query id as soon as it has one (so a caller can log it). */
  onQueryId?: (id: string) => void;
}

/** A database behind the semantic layer. */
export interface Driver {
  readonly dialect: Dialect;
  /** How compiled SQL names this driver's physical tables. */
  readonly target: SqlTarget;
  execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult>;
  close(): Promise<void>;
}

/** Where a deployment's data lives. */
export type DataSource =
  | { kind: 'duckdb'; database: 'sample' | string }
  | { kind: 'postgres'; connectionString: string; schema?: string }
  | AthenaSource
  | { kind: 'clickhouse'; url: string; database: string; username?: string; password?: string };

/** Amazon Athena: the deployment's own workgroup, the Glue database of the model's tables, and its catalog. */
export interface AthenaSource {
  kind: 'athena';
  workgroup: string;
  database: string;
  catalog?: string;
}

/** Converts a driver value to JSON: safe integers as numbers, decimals as numbers, everything else as text. */
export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Bounds on what one result may hold, so no query can make the process hold more than it can. */
export const RESULT_LIMITS = {
  /** Characters of one cell's text (QUERY_MAX_CELL_CHARS). */
  get maxCellChars(): number {
    return config().maxCellChars;
  },
  /** Approximate bytes of a whole result's JSON (QUERY_MAX_RESULT_BYTES). */
  get maxResultBytes(): number {
    return config().maxResultBytes;
  },
};

/** Counts a result's size as rows are kept, refusing a cell or a total over RESULT_LIMITS. */
export class ResultBudget {
  private bytes = 0;
  /** Read once per result: the check runs for every cell. */
  private readonly maxCellChars = RESULT_LIMITS.maxCellChars;
  private readonly maxResultBytes = RESULT_LIMITS.maxResultBytes;

  constructor(private readonly names: readonly string[]) {}

  /** Checks one kept row (values already JSON-safe). */
  add(row: readonly unknown[]): void {
    let size = 2;
    for (const [i, value] of row.entries()) {
      const length = typeof value === 'string' ? value.length : 8;
      if (length > this.maxCellChars) {
        throw new ResultTooLargeError(
          `A value of column ${this.names[i] ?? i} is longer than ${this.maxCellChars} characters`,
        );
      }
      size += length + 3;
    }
    this.bytes += size;
    if (this.bytes > this.maxResultBytes) {
      throw new ResultTooLargeError(
        `The result is larger than ${Math.round(this.maxResultBytes / 1_048_576)} MiB: select fewer rows or columns`,
      );
    }
  }
}

/** ISO 8601 text of a SQL timestamp: `2025-01-31 12:00:00` -> `2025-01-31T12:00:00` (with zone: UTC, `Z`). */
export function isoTimestamp(text: string, withZone: boolean): string {
  if (withZone) {
    const parsed = new Date(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
  }
  return text.replace(' ', 'T');
}
