/**
 * A ClickHouse HTTP endpoint for tests: a thin `node:http` front on 127.0.0.1 speaking the part of ClickHouse's
 * HTTP interface that `@clickhouse/client` uses, over chdb (a current ClickHouse engine) in worker processes
 * (docs/data-model.md, "Testing ClickHouse"). Debian's clickhouse-server (18.16) cannot run the compiled SQL.
 *
 * What it speaks: POST (or GET) `/` with the query in the body and/or the `query` URL parameter, a trailing
 * `FORMAT name`, `query_id`, `database`, `param_<name>` values in ClickHouse's escaped text form, every other URL
 * parameter a setting (applied with SET in the worker's session, so it covers the whole query), Basic or
 * X-ClickHouse-User/Key authentication, `/ping`, gzip when `enable_http_compression=1`, X-ClickHouse-* response
 * headers, and errors as ClickHouse sends them (`Code: N. DB::Exception: ... (NAME)` with
 * X-ClickHouse-Exception-Code). `KILL QUERY WHERE query_id = ...` kills the worker process running that query
 * (the query truly stops) and starts a fresh one. Results are written in chunks with backpressure, so a client
 * that stops reading stops the writing.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { chdbEntry } from '../semantic/clickhouse';

const WORKER = fileURLToPath(new URL('./chdb-worker.cjs', import.meta.url));
const CHUNK = 16 * 1024;
/** URL parameters that are not settings. */
const RESERVED = new Set([
  'query',
  'query_id',
  'database',
  'default_format',
  'user',
  'password',
  'session_id',
]);
/** Settings of the HTTP layer itself (not the engine's). */
const HTTP_SETTINGS = new Set([
  'enable_http_compression',
  'wait_end_of_query',
  'send_progress_in_http_headers',
]);

/** What the front saw of one query, by query id (the tests' window on the server side). */
export interface FrontQuery {
  queryId: string;
  sql: string;
  params: Record<string, string | null>;
  settings: Record<string, string>;
  format: string;
  receivedAt: number;
  outcome?: 'ok' | 'error' | 'killed';
  /** When the worker running it was killed (performance.now()). */
  killedAt?: number;
  errorCode?: number;
  /** Bytes of the whole result, and bytes written before the client stopped reading or the end. */
  resultBytes?: number;
  writtenBytes?: number;
  /** Rows the engine produced (lines of an each-row format). */
  resultRows?: number;
  clientClosedEarly?: boolean;
}

export interface ClickHouseFront {
  readonly url: string;
  readonly queries: Map<string, FrontQuery>;
  /** KILL QUERY statements received, with the ids they named. */
  readonly kills: string[];
  /** Stops every running query (a test whose client died without KILL QUERY). */
  killAll(): void;
  close(): Promise<void>;
}

interface Job {
  query: FrontQuery;
  resolve: (reply: { ok: boolean; out?: string; message?: string }) => void;
}

class Worker {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  job: Job | undefined;
  private seq = 0;

  constructor(setup: readonly string[], onExit: (worker: Worker) => void) {
    this.process = fork(WORKER, [], {
      env: { ...process.env, CHDB_ENTRY: chdbEntry() },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [],
    });
    this.ready = new Promise((resolve, reject) => {
      this.process.on(
        'message',
        (message: { kind: string; ok?: boolean; out?: string; message?: string }) => {
          if (message.kind === 'started') this.process.send({ kind: 'setup', statements: setup });
          else if (message.kind === 'ready') resolve();
          else if (message.kind === 'failed') reject(new Error(`chdb setup failed: ${message.message}`));
          else if (message.kind === 'result') {
            const job = this.job;
            this.job = undefined;
            job?.resolve({ ok: message.ok === true, out: message.out ?? '', message: message.message ?? '' });
            onExit(this);
          }
        },
      );
      this.process.on('exit', () => {
        reject(new Error('chdb worker exited'));
        const job = this.job;
        this.job = undefined;
        job?.resolve({
          ok: false,
          message: 'Code: 394. DB::Exception: Query was cancelled. (QUERY_WAS_CANCELLED)',
        });
        onExit(this);
      });
    });
    this.ready.catch(() => undefined);
  }

  run(job: Job): void {
    this.job = job;
    this.seq += 1;
    const { sql, params, settings, format } = job.query;
    this.process.send({ kind: 'query', id: this.seq, sql, params, settings, format });
  }
}

/** Decodes a `param_` value from ClickHouse's escaped text form (`\N` is NULL). */
function decodeParam(value: string): string | null {
  if (value === '\\N') return null;
  return value.replace(/\\(.)/gs, (_m, c: string) =>
    c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c === '0' ? '\0' : c,
  );
}

const CODE_NAMES: Record<number, string> = {
  62: 'SYNTAX_ERROR',
  81: 'UNKNOWN_DATABASE',
  394: 'QUERY_WAS_CANCELLED',
  516: 'AUTHENTICATION_FAILED',
};

/** The HTTP status ClickHouse answers an exception code with. */
function statusOf(code: number): number {
  if ([46, 47, 60, 81].includes(code)) return 404;
  if ([164, 497, 516].includes(code)) return 403;
  if ([6, 27, 36, 38, 41, 42, 43, 53, 62, 70, 72].includes(code)) return 400;
  return 500;
}

function sendError(res: ServerResponse, message: string, query?: FrontQuery): void {
  const text = message.replace(/^Query failed: /, '');
  const code = Number(/Code: (\d+)/.exec(text)?.[1] ?? 1001);
  if (query) {
    query.outcome ??= 'error';
    query.errorCode = code;
  }
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.writeHead(statusOf(code), {
    'Content-Type': 'text/plain; charset=UTF-8',
    'X-ClickHouse-Exception-Code': String(code),
    ...(query ? { 'X-ClickHouse-Query-Id': query.queryId } : {}),
  });
  res.end(`${text} (version chdb)\n`);
}

const fail = (code: number, message: string) =>
  `Code: ${code}. DB::Exception: ${message}. (${CODE_NAMES[code] ?? 'UNKNOWN_EXCEPTION'})`;

/** Writes `out` in chunks, waiting for the client to read; stops when it goes away. */
async function writeResult(
  res: ServerResponse,
  out: string,
  query: FrontQuery,
  gzip: boolean,
): Promise<void> {
  const body = Buffer.from(out);
  query.resultBytes = body.length;
  query.writtenBytes = 0;
  const sink = gzip ? createGzip() : res;
  if (gzip) sink.pipe(res);
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  for (let at = 0; at < body.length && !closed; at += CHUNK) {
    const chunk = body.subarray(at, at + CHUNK);
    query.writtenBytes += chunk.length;
    if (!sink.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          sink.off('drain', done);
          res.off('close', done);
          resolve();
        };
        sink.on('drain', done);
        res.on('close', done);
      });
    }
  }
  query.clientClosedEarly = closed && query.writtenBytes < body.length;
  if (!closed) sink.end();
}

/** Starts the front with `workers` chdb processes, each running `setup` (CREATE TABLE, INSERT) first. */
export async function startClickHouseFront(options: {
  setup: readonly string[];
  workers?: number;
  username?: string;
  password?: string;
}): Promise<ClickHouseFront> {
  const username = options.username ?? 'default';
  const password = options.password ?? '';
  const queries = new Map<string, FrontQuery>();
  const kills: string[] = [];
  const waiting: Job[] = [];
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let closing = false;

  const dispatch = () => {
    while (waiting.length > 0 && idle.length > 0) {
      const worker = idle.shift() as Worker;
      worker.run(waiting.shift() as Job);
    }
  };
  const spawn = () => {
    const worker = new Worker(options.setup, (done) => {
      if (done.process.exitCode !== null || done.process.signalCode !== null) {
        all.delete(done);
        const at = idle.indexOf(done);
        if (at >= 0) idle.splice(at, 1);
        if (!closing) spawn();
        return;
      }
      idle.push(done);
      dispatch();
    });
    all.add(worker);
    worker.ready.then(
      () => {
        idle.push(worker);
        dispatch();
      },
      () => undefined,
    );
    return worker;
  };
  const first = Array.from({ length: options.workers ?? 2 }, spawn);
  await Promise.all(first.map((w) => w.ready));

  const kill = (queryId: string): void => {
    kills.push(queryId);
    for (const worker of all) {
      if (worker.job?.query.queryId !== queryId) continue;
      worker.job.query.outcome = 'killed';
      worker.job.query.killedAt = performance.now();
      worker.process.kill('SIGKILL');
    }
    const queued = waiting.findIndex((job) => job.query.queryId === queryId);
    if (queued >= 0) {
      const [job] = waiting.splice(queued, 1);
      if (job) {
        job.query.outcome = 'killed';
        job.resolve({ ok: false, message: fail(394, 'Query was cancelled') });
      }
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/ping') {
      res.end('Ok.\n');
      return;
    }
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [user, key] = basic
      ? Buffer.from(basic, 'base64').toString().split(/:(.*)/s)
      : [req.headers['x-clickhouse-user'], req.headers['x-clickhouse-key']];
    if ((user ?? 'default') !== username || (key ?? '') !== password) {
      sendError(
        res,
        fail(
          516,
          `${String(user)}: Authentication failed: password is incorrect, or there is no user with such name`,
        ),
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let sql = [url.searchParams.get('query'), Buffer.concat(chunks).toString()].filter(Boolean).join('\n');
    let format = url.searchParams.get('default_format') ?? 'TabSeparated';
    const formatMatch = /\sFORMAT\s+(\w+)\s*;?\s*$/i.exec(sql);
    if (formatMatch) {
      format = formatMatch[1] ?? format;
      sql = sql.slice(0, formatMatch.index);
    }
    sql = sql.trim().replace(/;\s*$/, '');
    const params: Record<string, string | null> = {};
    const settings: Record<string, string> = {};
    for (const [name, value] of url.searchParams) {
      if (name.startsWith('param_')) params[name.slice(6)] = decodeParam(value);
      else if (!RESERVED.has(name) && !HTTP_SETTINGS.has(name)) {
        if (!/^\w+$/.test(name)) {
          sendError(res, fail(115, `Unknown setting ${name}`));
          return;
        }
        settings[name] = value;
      }
    }
    const database = url.searchParams.get('database');
    if (database && database !== 'default') {
      sendError(res, fail(81, `Database ${database} does not exist`));
      return;
    }
    const queryId = url.searchParams.get('query_id') ?? crypto.randomUUID();
    const query: FrontQuery = { queryId, sql, params, settings, format, receivedAt: performance.now() };
    queries.set(queryId, query);
    const killMatch =
      /^KILL\s+QUERY\s+WHERE\s+query_id\s*=\s*(?:'([^']*)'|\{(\w+):String\})(\s+(A?SYNC))?$/i.exec(sql);
    if (killMatch) {
      const target = killMatch[1] ?? params[killMatch[2] ?? ''] ?? '';
      kill(target);
      query.outcome = 'ok';
      res.writeHead(200, { 'X-ClickHouse-Query-Id': queryId, 'Content-Type': 'text/plain; charset=UTF-8' });
      res.end();
      return;
    }
    // The client gone before its result: ClickHouse keeps running the query (only KILL QUERY stops it).
    const reply = await new Promise<{ ok: boolean; out?: string; message?: string }>((resolve) => {
      waiting.push({ query, resolve });
      dispatch();
    });
    if (!reply.ok) {
      sendError(res, reply.message ?? 'Code: 1001. DB::Exception: unknown', query);
      return;
    }
    query.outcome = 'ok';
    const out = reply.out ?? '';
    query.resultRows = /EachRow|TabSeparated|CSV/.test(format)
      ? out.split('\n').filter(Boolean).length
      : undefined;
    const gzip =
      url.searchParams.get('enable_http_compression') === '1' &&
      /gzip/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, {
      'Content-Type': /JSON/.test(format) ? 'application/json; charset=UTF-8' : 'text/plain; charset=UTF-8',
      'X-ClickHouse-Query-Id': queryId,
      'X-ClickHouse-Format': format,
      'X-ClickHouse-Timezone': 'UTC',
      'X-ClickHouse-Server-Display-Name': 'chdb-front',
      'X-ClickHouse-Summary': JSON.stringify({
        read_rows: '0',
        read_bytes: '0',
        result_rows: String(query.resultRows ?? 0),
      }),
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    await writeResult(res, out, query, gzip);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, fail(1001, String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queries,
    kills,
    killAll() {
      for (const worker of all) if (worker.job) kill(worker.job.query.queryId);
    },
    async close() {
      closing = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(
        [...all].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.process.exitCode !== null || worker.process.signalCode !== null) resolve();
              else {
                worker.process.once('exit', () => resolve());
                worker.process.kill('SIGKILL');
              }
            }),
        ),
      );
    },
  };
}
