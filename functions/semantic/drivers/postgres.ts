import pg from 'pg';
import { SqlNotAllowedError } from '../../errors';
import type { CompiledQuery } from '../compiler';
import { isoTimestamp, QueryTimeoutError } from './duckdb';
import { type Driver, type ExecuteOptions, jsonValue, type QueryResult } from './types';

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

// Values come back as DuckDB shows them: timestamps and dates as text, numerics and int8 as numbers.
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 1082) return (value: string) => value;
    if (oid === 1114) return (value: string) => isoTimestamp(value, false);
    if (oid === 1184) return (value: string) => isoTimestamp(value, true);
    if (oid === 1700 || oid === 701 || oid === 700) return (value: string) => Number(value);
    if (oid === 20) return (value: string) => jsonValue(BigInt(value));
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** SQL errors caused by the query itself (SQLSTATE classes 22 data, 42 syntax/undefined): shown to the caller. */
const USER_SQLSTATE = /^(22|42)/;

/** PostgreSQL through a small pool; a running query is cancelled with pg_cancel_backend on abort or timeout. */
export class PostgresDriver implements Driver {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 4, types, idleTimeoutMillis: 10_000 });
    // An idle connection closed by the server (restart, failover) is dropped by the pool; unhandled, the
    // error event would crash the process.
    this.pool.on('error', () => undefined);
  }

  async execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> {
    const client = await this.pool.connect();
    const pid = (client as unknown as { processID: number }).processID;
    let timedOut = false;
    const cancel = () => {
      this.pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      cancel();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      await client.query('BEGIN READ ONLY');
      const result = await client.query({ text: query.sql, values: query.params, rowMode: 'array' });
      await client.query('COMMIT');
      const rows = result.rows as unknown[][];
      return {
        schema: result.fields.map((f) => ({
          name: f.name,
          column_type: TYPE_NAMES[f.dataTypeID] ?? 'UNKNOWN',
        })),
        data: rows.slice(0, options.maxRows),
        totalRows: rows.length,
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (timedOut) throw new QueryTimeoutError(options.timeoutMs);
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      const code = (error as { code?: string }).code ?? '';
      if (USER_SQLSTATE.test(code)) {
        throw new SqlNotAllowedError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
