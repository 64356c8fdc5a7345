import { randomBytes } from 'node:crypto';
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import { config } from '../../config';
import { SqlNotAllowedError } from '../../errors';
import { type CompiledQuery, type SqlTarget, sqlTarget } from '../target';
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

/** Queries the user's SQL may trigger errors in: shown to the caller as SQL problems, not internal errors. */
const USER_ERROR =
  /(^|: )(Binder|Parser|Conversion|Catalog|Invalid Input|Out of Range|Not implemented|Type Mismatch) Error/i;

/** The engine ran out of its memory limit: the query, not the service, asked for too much. */
const OUT_OF_MEMORY = /(^|: )Out of Memory Error/i;

/**
 * Embedded DuckDB. The database file is attached read-only under a generated catalog name to an empty
 * in-memory database, then external access and the configuration are locked: an unqualified name in any
 * query resolves to nothing, and only the compiler's secured subqueries (which qualify every physical table
 * with the generated name) reach data. Even a compiler mistake cannot name a physical table.
 */
export class DuckDbDriver implements Driver {
  readonly dialect = 'duckdb' as const;
  readonly target: SqlTarget;
  private readonly pool: DuckDBConnection[] = [];

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly catalog: string,
  ) {
    this.target = sqlTarget('duckdb', catalog);
  }

  static async open(path: string, memoryLimit = config().duckdb.memoryLimit): Promise<DuckDbDriver> {
    // Loaded on first use: a cold start (a chat's first line, a PostgreSQL deployment) does not pay for DuckDB.
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const instance = await DuckDBInstance.create(':memory:', {
      autoload_known_extensions: 'false',
      autoinstall_known_extensions: 'false',
      memory_limit: memoryLimit,
      threads: config().duckdb.threads,
    });
    const catalog = `data_${randomBytes(8).toString('hex')}`;
    const setup = await instance.connect();
    try {
      await setup.run(`ATTACH '${path.replace(/'/g, "''")}' AS ${catalog} (READ_ONLY)`);
      await setup.run('SET enable_external_access = false');
      await setup.run('SET lock_configuration = true');
    } finally {
      setup.closeSync();
    }
    return new DuckDbDriver(instance, catalog);
  }

  async execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> {
    const connection = this.pool.pop() ?? (await this.instance.connect());
    let timedOut = false;
    const interrupt = () => connection.interrupt();
    const timer = setTimeout(() => {
      timedOut = true;
      interrupt();
    }, options.timeoutMs);
    // An interrupt that lands before DuckDB has started the query is lost, so an abort interrupts again every
    // 100 ms until the query gives up (a slow compile under load put the abort there).
    let repeat: ReturnType<typeof setInterval> | undefined;
    const onAbort = () => {
      interrupt();
      repeat = setInterval(interrupt, 100);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      const result = await connection.stream(query.sql, query.params as DuckDBValue[]);
      const names = result.columnNames();
      const types = result.columnTypes().map((t) => t.toString());
      const data: unknown[][] = [];
      const budget = new ResultBudget(names);
      let totalRows = 0;
      // Stream chunks: keep the first maxRows rows as JSON and only count the rest.
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        if (data.length < options.maxRows) {
          for (const row of chunk.getRows()) {
            if (data.length >= options.maxRows) break;
            const converted = row.map((value, i) => convert(value, types[i] ?? ''));
            budget.add(converted);
            data.push(converted);
          }
        }
        totalRows += chunk.rowCount;
        if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      }
      this.pool.push(connection);
      return {
        schema: names.map((name, i) => ({ name, column_type: simpleType(types[i] ?? 'UNKNOWN') })),
        data,
        totalRows,
      };
    } catch (error) {
      connection.closeSync();
      if (timedOut) throw new QueryTimeoutError(options.timeoutMs);
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (error instanceof ResultTooLargeError) throw error;
      // Native errors may come from another realm (jest), so read the message structurally. The generated
      // catalog name stays private (binder errors suggest qualified names).
      const message = String((error as { message?: unknown })?.message ?? error)
        .split(`${this.catalog}.`)
        .join('');
      const first = message.split('\n')[0] ?? message;
      if (OUT_OF_MEMORY.test(message)) {
        throw new ResultTooLargeError(`The query needs more memory than a query may use (${first})`, {
          cause: error,
        });
      }
      if (USER_ERROR.test(message)) throw new SqlNotAllowedError(first, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(repeat);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    for (const connection of this.pool.splice(0)) connection.closeSync();
    this.instance.closeSync();
  }
}

function convert(value: DuckDBValue, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return jsonValue(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  // DECIMAL, TIMESTAMP, DATE, LIST, ... have their own classes with a faithful toString().
  const text = String(value);
  if (type.startsWith('DECIMAL')) return Number(text);
  if (type === 'TIMESTAMP WITH TIME ZONE') return isoTimestamp(text, true);
  if (type.startsWith('TIMESTAMP')) return isoTimestamp(text, false);
  return text;
}

/** Column types by their simple names, the same on every engine (values of DECIMAL and HUGEINT are numbers). */
export function simpleType(type: string): string {
  if (type.startsWith('DECIMAL')) return 'DECIMAL';
  if (type === 'HUGEINT' || type === 'UBIGINT') return 'BIGINT';
  if (type === 'TIMESTAMP WITH TIME ZONE') return type;
  if (type.startsWith('TIMESTAMP')) return 'TIMESTAMP';
  return type;
}
