import type pg from 'pg';
import { SqlNotAllowedError } from '../../errors';
import { requireSidecar } from '../beside';
import { type CompiledQuery, type SqlTarget, sqlTarget } from '../target';
import { tlsOptions } from './postgres-tls';
import {
  type Driver,
  type ExecuteOptions,
  isoTimestamp,
  jsonValue,
  type QueryResult,
  QueryTimeoutError,
  ResultBudget,
  ResultTooLargeError,
} from './types';

const TYPE_NAMES: Record<number, string> = {
  16: 'BOOLEAN',
  20: 'BIGINT',
  21: 'SMALLINT',
  23: 'INTEGER',
  25: 'VARCHAR',
  700: 'FLOAT',
  701: 'DOUBLE',
  1043: 'VARCHAR',
  1082: 'DATE',
  1114: 'TIMESTAMP',
  1184: 'TIMESTAMP WITH TIME ZONE',
  1700: 'DECIMAL',
};

/** pg's build shipped beside a Lambda bundle (built there at bundling), else the installed package. */
export const PG_FILE = 'pg.cjs';

/** pg, loaded when the first PostgreSQL source is opened: a DuckDB deployment never loads it (lib/bundling.ts). */
let loaded: typeof pg | undefined;
const pgModule = (): typeof pg => {
  loaded ??= requireSidecar<typeof pg>(PG_FILE, 'pg');
  return loaded;
};

// Values come back as DuckDB shows them: timestamps and dates as text, numerics and int8 as numbers.
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 1082) return (value: string) => value;
    if (oid === 1114) return (value: string) => isoTimestamp(value, false);
    if (oid === 1184) return (value: string) => isoTimestamp(value, true);
    if (oid === 1700 || oid === 701 || oid === 700) return (value: string) => Number(value);
    if (oid === 20) return (value: string) => jsonValue(BigInt(value));
    return pgModule().types.getTypeParser(oid, format as 'text');
  },
};

/** SQL errors caused by the query itself (SQLSTATE classes 22 data, 42 syntax/undefined): shown to the caller. */
const USER_SQLSTATE = /^(22|42)/;

/** Rows fetched from the cursor per round trip. */
const FETCH_ROWS = 1_000;

/**
 * PostgreSQL through a small pool. Each query runs in a read-only transaction with an empty `search_path`
 * (data tables only resolve schema-qualified, as the compiler's secured subqueries name them) and a
 * `statement_timeout`; rows are read through a cursor up to the cap, the rest only counted. A running query is
 * also cancelled with pg_cancel_backend on abort or timeout.
 */
export class PostgresDriver implements Driver {
  readonly dialect = 'postgres' as const;
  readonly target: SqlTarget;
  private readonly pool: pg.Pool;

  /** `schema` is where the model's unqualified table names live. */
  constructor(connectionString: string, schema = 'public') {
    // TLS as the source's sslmode says: verified by default (postgres-tls.ts).
    const tls = tlsOptions(connectionString);
    this.pool = new (pgModule().Pool)({
      connectionString: tls.connectionString,
      ssl: tls.ssl,
      max: 4,
      types,
      idleTimeoutMillis: 10_000,
    });
    // An idle connection closed by the server (restart, failover) is dropped by the pool; unhandled, the
    // error event would crash the process.
    this.pool.on('error', () => undefined);
    this.target = sqlTarget('postgres', schema);
  }

  async execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> {
    const client = await this.pool.connect();
    const pid = (client as unknown as { processID: number }).processID;
    // statement_timeout bounds the query on the server; an abort cancels it. A cancel names the backend, not
    // the query, so a cancelled connection is closed rather than reused (a late cancel would hit the next query).
    let discard = false;
    const cancel = () => {
      discard = true;
      this.pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      const timeout = Math.max(1, Math.floor(options.timeoutMs));
      await client.query(
        `BEGIN READ ONLY; SET LOCAL search_path TO ''; SET LOCAL statement_timeout = ${timeout}`,
      );
      await client.query({ text: `DECLARE q NO SCROLL CURSOR FOR ${query.sql}`, values: query.params });
      const data: unknown[][] = [];
      let schema: QueryResult['schema'] = [];
      let budget: ResultBudget | undefined;
      let exhausted = false;
      while (data.length < options.maxRows) {
        const wanted = Math.min(FETCH_ROWS, options.maxRows - data.length);
        const batch = await client.query({ text: `FETCH FORWARD ${wanted} FROM q`, rowMode: 'array' });
        if (!budget) {
          schema = batch.fields.map((f) => ({
            name: f.name,
            column_type: TYPE_NAMES[f.dataTypeID] ?? 'UNKNOWN',
          }));
          budget = new ResultBudget(schema.map((c) => c.name));
        }
        for (const row of batch.rows as unknown[][]) {
          budget.add(row);
          data.push(row);
        }
        if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
        if (batch.rows.length < wanted) {
          exhausted = true;
          break;
        }
      }
      let totalRows = data.length;
      // The rows past the cap are counted on the server, never sent.
      if (!exhausted) totalRows += (await client.query('MOVE FORWARD ALL FROM q')).rowCount ?? 0;
      await client.query('COMMIT');
      return { schema, data, totalRows };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        discard = true;
      });
      const code = (error as { code?: string }).code ?? '';
      // 57014: canceled by statement_timeout (or by an abort, handled next).
      if (code === '57014' && !options.signal?.aborted) throw new QueryTimeoutError(options.timeoutMs);
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (error instanceof ResultTooLargeError) throw error;
      if (code === '53200' || code === '54000') {
        throw new ResultTooLargeError('The query needs more memory than a query may use', { cause: error });
      }
      if (USER_SQLSTATE.test(code)) {
        throw new SqlNotAllowedError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', cancel);
      client.release(discard);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
