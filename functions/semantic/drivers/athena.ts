/**
 * Amazon Athena (engine version 3, Trino's dialect). Athena has no per-query timeout and bills a cancelled
 * query for what it scanned, so this driver stops its own queries: on abort and at the time limit it sends
 * StopQueryExecution at once (no poll wait). Each query runs in the deployment's workgroup, whose
 * bytes-scanned cutoff and result location the stack sets (docs/operating.md, "Data sources"); compiled SQL arrives
 * with its parameters already inlined as Trino literals (dialect-trino.ts). What only a real Athena proves is
 * listed in docs/data-model.md, "Engines".
 */

import { randomUUID } from 'node:crypto';
import {
  AthenaClient,
  type ColumnInfo,
  GetQueryExecutionCommand,
  GetQueryResultsCommand,
  GetQueryRuntimeStatisticsCommand,
  type QueryExecution,
  type Row,
  StartQueryExecutionCommand,
  StopQueryExecutionCommand,
} from '@aws-sdk/client-athena';
import { SqlNotAllowedError } from '../../errors';
import { type CompiledQuery, type SqlTarget, sqlTarget } from '../target';
import {
  type AthenaSource,
  type Driver,
  type DriverLog,
  defaultDriverLog,
  type ExecuteOptions,
  isoTimestamp,
  jsonValue,
  type QueryResult,
  QueryTimeoutError,
  ResultBudget,
  ResultTooLargeError,
} from './types';

/** Poll delays: the first check soon (small queries finish in about a second), then at most every second. */
export const POLL = { firstMs: 100, factor: 1.5, maxMs: 1_000 };
/** Rows GetQueryResults returns per page at most (Athena's limit). */
const PAGE_ROWS = 1_000;
/** Errors Athena answers under load; the call is retried (after the SDK's own retries) until the deadline. */
const THROTTLED = new Set(['ThrottlingException', 'TooManyRequestsException']);

/** Athena column types -> the names results report (as the other drivers do). */
const TYPE_NAMES: Record<string, string> = {
  boolean: 'BOOLEAN',
  tinyint: 'SMALLINT',
  smallint: 'SMALLINT',
  integer: 'INTEGER',
  bigint: 'BIGINT',
  real: 'FLOAT',
  float: 'FLOAT',
  double: 'DOUBLE',
  decimal: 'DECIMAL',
  varchar: 'VARCHAR',
  char: 'VARCHAR',
  string: 'VARCHAR',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
  'timestamp with time zone': 'TIMESTAMP WITH TIME ZONE',
};

/** One value as JSON, from Athena's text of it and its column type (every value arrives as text). */
export function athenaValue(text: string | undefined, type: string): unknown {
  if (text === undefined) return null;
  const base = type.toLowerCase().replace(/\(.*$/, '');
  switch (base) {
    case 'boolean':
      return text === 'true';
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return jsonValue(BigInt(text));
    case 'real':
    case 'float':
    case 'double':
    case 'decimal':
      return Number(text);
    case 'timestamp':
      return isoTimestamp(text, false);
    case 'timestamp with time zone': {
      // `2025-01-31 10:00:00.000 UTC` (or an offset): an instant, as the PostgreSQL driver gives it.
      const parsed = new Date(
        text
          .replace(' ', 'T')
          .replace(/ (UTC|Z)$/, 'Z')
          .replace(/ ([+-]\d{2}:\d{2})$/, '$1'),
      );
      return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
    }
    default:
      return text;
  }
}

const errorName = (error: unknown): string => (error as { name?: string })?.name ?? '';

/** Sleeps `ms`, or less when `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

/** Amazon Athena through the AWS SDK; one client per data source per process. */
export class AthenaDriver implements Driver {
  readonly dialect = 'trino' as const;
  readonly target: SqlTarget;
  private readonly client: AthenaClient;

  constructor(
    private readonly source: AthenaSource,
    options: { client?: AthenaClient; log?: DriverLog } = {},
  ) {
    this.client = options.client ?? new AthenaClient({});
    this.log = options.log ?? defaultDriverLog;
    // Model tables live in the source's Glue database (and catalog, when it is not Athena's default one).
    const at = sqlTarget('trino', source.database);
    const catalog = source.catalog;
    const quote = (part: string) => `"${part.replace(/"/g, '""')}"`;
    this.target = catalog
      ? {
          dialect: 'trino',
          id: `trino:${catalog}.${source.database}`,
          table: (name) =>
            name.includes('.') ? at.table(name) : [catalog, source.database, name].map(quote).join('.'),
        }
      : at;
  }

  private readonly log: DriverLog;

  async execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> {
    if (query.params.length > 0) throw new Error('Athena takes no parameters: compile for the trino target');
    const started = Date.now();
    const deadline = started + options.timeoutMs;
    // One signal for both ends of a query: the caller's abort and the time limit.
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(new QueryTimeoutError(options.timeoutMs)), options.timeoutMs);
    const onAbort = () => stop.abort(options.signal?.reason ?? new Error('aborted'));
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    let id: string | undefined;
    const stopQuery = () => {
      if (!id) return;
      const queryExecutionId = id;
      this.log('athena query stopped', { queryExecutionId, workgroup: this.source.workgroup });
      // Sent at once; not awaited past the caller's return (a failed stop is logged with the id).
      this.client
        .send(new StopQueryExecutionCommand({ QueryExecutionId: queryExecutionId }))
        .catch((error) => {
          this.log('athena stop failed', { queryExecutionId, error: errorName(error) });
        });
    };
    stop.signal.addEventListener('abort', stopQuery, { once: true });
    try {
      id = await this.start(query.sql, stop.signal, deadline);
      if (stop.signal.aborted) stopQuery();
      this.log('athena query started', { queryExecutionId: id, workgroup: this.source.workgroup });
      options.onQueryId?.(id);
      const execution = await this.wait(id, stop.signal);
      const bytesScanned = execution.Statistics?.DataScannedInBytes ?? 0;
      const result = await this.read(id, options.maxRows, stop.signal);
      this.log('athena query read', { queryExecutionId: id, bytesScanned, rows: result.data.length });
      return { ...result, bytesScanned, queryId: id };
    } catch (error) {
      if (stop.signal.aborted) throw stop.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      stop.signal.removeEventListener('abort', stopQuery);
    }
  }

  /** StartQueryExecution in the source's workgroup, retried while Athena throttles (until the deadline). */
  private async start(sql: string, signal: AbortSignal, deadline: number): Promise<string> {
    // One token for every attempt: Athena starts a query once per token, so a retried call never starts two.
    const token = randomUUID();
    let delay = POLL.firstMs;
    for (;;) {
      if (signal.aborted) throw signal.reason;
      try {
        const started = await this.client.send(
          new StartQueryExecutionCommand({
            QueryString: sql,
            ClientRequestToken: token,
            WorkGroup: this.source.workgroup,
            QueryExecutionContext: {
              Database: this.source.database,
              ...(this.source.catalog ? { Catalog: this.source.catalog } : {}),
            },
          }),
          // Not aborted mid-call: a query Athena started must get its id back, so an abort can stop it.
        );
        if (!started.QueryExecutionId) throw new Error('Athena started a query without an id');
        return started.QueryExecutionId;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!THROTTLED.has(errorName(error)) || Date.now() + delay > deadline) throw error;
        await sleep(delay, signal);
        delay = Math.min(POLL.maxMs, delay * POLL.factor);
      }
    }
  }

  /** Polls GetQueryExecution with backoff until the query ends; a failure becomes the error a caller sees. */
  private async wait(id: string, signal: AbortSignal): Promise<QueryExecution> {
    let delay = POLL.firstMs;
    for (;;) {
      await sleep(delay, signal);
      if (signal.aborted) throw signal.reason;
      delay = Math.min(POLL.maxMs, delay * POLL.factor);
      let execution: QueryExecution | undefined;
      try {
        execution = (await this.client.send(new GetQueryExecutionCommand({ QueryExecutionId: id })))
          .QueryExecution;
      } catch (error) {
        if (THROTTLED.has(errorName(error))) continue;
        throw error;
      }
      const state = execution?.Status?.State;
      if (state === 'SUCCEEDED' && execution) return execution;
      if (state === 'FAILED' || state === 'CANCELLED') throw failure(id, execution);
    }
  }

  /** Pages GetQueryResults up to `maxRows`; past the cap the count comes from the runtime statistics. */
  private async read(
    id: string,
    maxRows: number,
    signal: AbortSignal,
  ): Promise<QueryResult & { totalRowsIsLowerBound?: true }> {
    const data: unknown[][] = [];
    let columns: ColumnInfo[] = [];
    let budget: ResultBudget | undefined;
    let token: string | undefined;
    let first = true;
    do {
      if (signal.aborted) throw signal.reason;
      // The first page starts with the header row (column labels), so it asks one row more.
      const wanted = Math.min(PAGE_ROWS, maxRows - data.length + (first ? 1 : 0));
      const page = await this.client.send(
        new GetQueryResultsCommand({
          QueryExecutionId: id,
          MaxResults: Math.max(1, wanted),
          NextToken: token,
        }),
        { abortSignal: signal },
      );
      let rows: Row[] = page.ResultSet?.Rows ?? [];
      if (first) {
        columns = page.ResultSet?.ResultSetMetadata?.ColumnInfo ?? [];
        budget = new ResultBudget(columns.map((c) => c.Label ?? c.Name ?? ''));
        rows = rows.slice(1);
        first = false;
      }
      for (const row of rows.slice(0, maxRows - data.length)) {
        const values = columns.map((column, i) =>
          athenaValue(row.Data?.[i]?.VarCharValue, column.Type ?? 'varchar'),
        );
        budget?.add(values);
        data.push(values);
      }
      token = page.NextToken;
    } while (token && data.length < maxRows);
    const schema = columns.map((c) => ({
      name: c.Label ?? c.Name ?? '',
      column_type: TYPE_NAMES[(c.Type ?? '').toLowerCase()] ?? (c.Type ?? 'UNKNOWN').toUpperCase(),
    }));
    if (!token) return { schema, data, totalRows: data.length };
    // More rows than the cap: Athena counts them in the runtime statistics (no second query, nothing re-read).
    const counted = await this.client
      .send(new GetQueryRuntimeStatisticsCommand({ QueryExecutionId: id }), { abortSignal: signal })
      .then((s) => s.QueryRuntimeStatistics?.Rows?.OutputRows)
      .catch(() => undefined);
    if (typeof counted === 'number' && counted >= data.length) return { schema, data, totalRows: counted };
    return { schema, data, totalRows: data.length, totalRowsIsLowerBound: true };
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

/** The error a failed or cancelled (not by us) query gives the caller. */
function failure(id: string, execution: QueryExecution | undefined): Error {
  const reason = execution?.Status?.StateChangeReason ?? 'no reason given';
  const category = execution?.Status?.AthenaError?.ErrorCategory;
  if (/bytes scanned limit/i.test(reason)) {
    return new ResultTooLargeError(
      "The query scans more data than the deployment's Athena workgroup allows per query: filter on fewer rows or partitions",
    );
  }
  // Category 2: the query itself (syntax, a missing column, a type error): shown to the caller like PostgreSQL's.
  if (category === 2) return new SqlNotAllowedError(reason);
  return new Error(`Athena query ${id} ${execution?.Status?.State ?? 'failed'}: ${reason}`);
}
