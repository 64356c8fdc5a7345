import { randomUUID } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import { SqlNotAllowedError } from '../../errors';
import { requireSidecar } from '../beside';
import { namedParams } from '../dialect';
import { type CompiledQuery, type SqlTarget, sqlTarget } from '../target';
import {
  type Driver,
  type DriverLog,
  defaultDriverLog,
  type ExecuteOptions,
  jsonValue,
  type QueryResult,
  QueryTimeoutError,
  ResultBudget,
  ResultTooLargeError,
} from './types';

/** The ClickHouse client's build shipped beside a Lambda bundle (lib/bundling.ts), else the installed package. */
export const CLICKHOUSE_FILE = 'clickhouse-client.cjs';

type ClientModule = typeof import('@clickhouse/client');
let loaded: ClientModule | undefined;
/** Loaded when the first ClickHouse source is opened: other deployments never load it. */
const clientModule = (): ClientModule => {
  loaded ??= requireSidecar<ClientModule>(CLICKHOUSE_FILE, '@clickhouse/client');
  return loaded;
};

/** Where and as whom a ClickHouse driver connects (credentials resolved from Secrets Manager by the caller). */
export interface ClickHouseConnection {
  /** The HTTP(S) interface, `https://host:8443`. */
  url: string;
  /** The database the model's unqualified table names live in. */
  database: string;
  username?: string;
  password?: string;
}

/** The output format read row by row: a names row, a types row, then one JSON array per row. */
const FORMAT = 'JSONCompactEachRowWithNamesAndTypes';

/**
 * ClickHouse error codes caused by the query itself (bad names, types, syntax, arguments): shown to the caller as
 * SQL_NOT_ALLOWED, as PostgreSQL's SQLSTATE classes 22 and 42 are.
 */
const USER_ERRORS = new Set([
  6, 27, 36, 38, 41, 42, 43, 44, 46, 47, 48, 53, 60, 62, 69, 70, 72, 153, 164, 167, 179, 184, 215, 352, 386,
  457,
]);
const TIMEOUT_EXCEEDED = 159;
/** How long a KILL QUERY may take before the driver stops waiting for it. */
const KILL_TIMEOUT_MS = 5_000;
/** MEMORY_LIMIT_EXCEEDED, TOO_MANY_ROWS_OR_BYTES, TOO_MANY_ROWS, TOO_MANY_BYTES, TOO_LARGE_STRING_SIZE. */
const TOO_LARGE = new Set([241, 396, 158, 307, 131]);

const base = (type: string): string =>
  type.replace(/^LowCardinality\((.*)\)$/, '$1').replace(/^Nullable\((.*)\)$/, '$1');

/** ClickHouse types named as the other drivers name them (the API's `column_type`). */
export function columnType(type: string): string {
  const t = base(type);
  if (/^U?Int(64|128|256)$/.test(t) || t === 'UInt32') return 'BIGINT';
  if (/^U?Int(8|16|32)$/.test(t)) return 'INTEGER';
  if (/^Float/.test(t)) return 'DOUBLE';
  if (/^Decimal/.test(t)) return 'DECIMAL';
  if (t === 'String' || /^FixedString/.test(t) || /^Enum/.test(t) || t === 'UUID') return 'VARCHAR';
  if (t === 'Bool') return 'BOOLEAN';
  if (/^Date(32)?$/.test(t)) return 'DATE';
  if (/^DateTime/.test(t)) return /'/.test(t) ? 'TIMESTAMP WITH TIME ZONE' : 'TIMESTAMP';
  return t.toUpperCase();
}

/**
 * A ClickHouse JSON value as the API returns values (the other drivers' shapes): 64-bit integers (quoted by
 * ClickHouse) as numbers when safe, decimals as numbers, timestamps as ISO text, dates as text.
 */
export function clickHouseValue(raw: unknown, type: string): unknown {
  if (raw === null || raw === undefined) return null;
  const t = base(type);
  if (/^U?Int(64|128|256)$/.test(t) && typeof raw === 'string') return jsonValue(BigInt(raw));
  if (/^DateTime/.test(t) && typeof raw === 'string') {
    const text = raw.replace(' ', 'T');
    // A zoned column prints wall time in its zone; the API gives UTC instants for zoned values.
    return /'/.test(t) ? new Date(`${text}Z`).toISOString() : text;
  }
  if (/^Decimal/.test(t)) return Number(raw);
  return jsonValue(raw);
}

/** The ClickHouse code of a server error (the client parses `Code: N. DB::Exception: ...`). */
const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown }).code;
  const type = (error as { type?: unknown }).type;
  return typeof type === 'string' && code !== undefined && /^\d+$/.test(String(code))
    ? Number(code)
    : undefined;
};

/**
 * ClickHouse over its HTTP interface. Each query runs with `readonly = 2` (read only; settings may still be sent),
 * `max_execution_time` from the time limit, a result-row cap that stops the server past `maxRows`,
 * `join_use_nulls = 1` (a LEFT JOIN miss is NULL, as on the other engines) and server-side typed parameters. Rows
 * are read from the stream until `maxRows`; then the stream is dropped. Aborting an HTTP request does not stop a
 * ClickHouse query, so an abort, the time limit or an early stop sends `KILL QUERY` for the query's id.
 */
export class ClickHouseDriver implements Driver {
  readonly dialect = 'clickhouse' as const;
  readonly target: SqlTarget;
  private readonly client: ClickHouseClient;
  private readonly log: DriverLog;

  constructor(connection: ClickHouseConnection, options: { log?: DriverLog } = {}) {
    this.log = options.log ?? defaultDriverLog;
    this.target = sqlTarget('clickhouse', connection.database);
    this.client = clientModule().createClient({
      url: connection.url,
      database: connection.database,
      ...(connection.username !== undefined ? { username: connection.username } : {}),
      ...(connection.password !== undefined ? { password: connection.password } : {}),
      application: 'embedded-analytics',
      // Errors reach the caller as the service's errors; the client's own logging would repeat them.
      log: { level: clientModule().ClickHouseLogLevel.OFF },
      max_open_connections: 8,
      // The query's own timer bounds it (and kills it); this only bounds a stuck socket.
      request_timeout: 600_000,
    });
  }

  /** Stops the query on the server (the engine keeps running a query whose HTTP request was aborted). */
  private async kill(queryId: string): Promise<void> {
    this.log('clickhouse query stopped', { queryId });
    await this.client
      .command({
        query: 'KILL QUERY WHERE query_id = {id:String} ASYNC',
        query_params: { id: queryId },
        // A server that does not answer must not hold the caller's error back.
        abort_signal: AbortSignal.timeout(KILL_TIMEOUT_MS),
      })
      .catch((error: unknown) => {
        // The query may run on until the server's max_execution_time: its id is what stops it by hand.
        this.log('clickhouse stop failed', {
          queryId,
          error: error instanceof Error ? error.message : String(error),
        });
      });
  }

  async execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> {
    const queryId = `ea-${randomUUID()}`;
    const controller = new AbortController();
    let timedOut = false;
    let killed: Promise<void> | undefined;
    const stop = () => {
      controller.abort();
      killed ??= this.kill(queryId);
    };
    const timer = setTimeout(
      () => {
        timedOut = true;
        stop();
      },
      Math.max(1, options.timeoutMs),
    );
    const onAbort = () => stop();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) stop();
    try {
      const result = await this.client.query({
        query: query.sql,
        format: FORMAT,
        query_id: queryId,
        query_params: namedParams(query.params),
        abort_signal: controller.signal,
        clickhouse_settings: {
          readonly: '2',
          max_execution_time: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
          // One row past the cap tells whether more exist; `break` stops the server near there (a block's worth).
          max_result_rows: String(options.maxRows + 1),
          result_overflow_mode: 'break',
          join_use_nulls: 1,
          // SUM, MAX... over no rows are NULL, as in SQL (ClickHouse gives 0 otherwise).
          aggregate_functions_null_for_empty: 1,
          // UNION, INTERSECT and EXCEPT without ALL mean DISTINCT, as in SQL (ClickHouse refuses or means ALL).
          union_default_mode: 'DISTINCT',
          intersect_default_mode: 'DISTINCT',
          except_default_mode: 'DISTINCT',
          // 64-bit integers as text, so none is rounded by JSON parsing (safe ones become numbers again).
          output_format_json_quote_64bit_integers: 1,
        },
      });
      const data: unknown[][] = [];
      let names: string[] | undefined;
      let types: string[] = [];
      let budget: ResultBudget | undefined;
      let more = false;
      const stream = result.stream<unknown[]>();
      reading: for await (const rows of stream) {
        for (const row of rows) {
          const values = row.json<unknown[]>();
          if (!names) {
            names = values.map(String);
            budget = new ResultBudget(names);
            continue;
          }
          if (types.length === 0) {
            types = values.map(String);
            continue;
          }
          if (data.length >= options.maxRows) {
            more = true;
            break reading;
          }
          const out = values.map((v, i) => clickHouseValue(v, types[i] ?? ''));
          budget?.add(out);
          data.push(out);
        }
      }
      if (more) {
        // The rest is never read: drop the stream and stop what the server may still be computing.
        stream.destroy();
        killed ??= this.kill(queryId);
      }
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      if (timedOut) throw new QueryTimeoutError(options.timeoutMs);
      return {
        schema: (names ?? []).map((name, i) => ({ name, column_type: columnType(types[i] ?? '') })),
        data,
        totalRows: more ? data.length + 1 : data.length,
        ...(more ? { totalRowsIsLowerBound: true as const } : {}),
      };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      const code = codeOf(error);
      if (timedOut || code === TIMEOUT_EXCEEDED) throw new QueryTimeoutError(options.timeoutMs);
      if (error instanceof ResultTooLargeError) throw error;
      if (code !== undefined && TOO_LARGE.has(code)) {
        throw new ResultTooLargeError('The query needs more memory or rows than a query may use', {
          cause: error,
        });
      }
      if (code !== undefined && USER_ERRORS.has(code)) {
        throw new SqlNotAllowedError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // A kill under way finishes before the next query may reuse the connection budget.
      await killed;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
