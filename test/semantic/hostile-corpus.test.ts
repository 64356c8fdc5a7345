import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import pg from 'pg';
import { ensureSampleDatabase, sampleDataSql } from '../../functions/semantic';
import { type ClickHouseFront, startClickHouseFront } from '../support/clickhouse-http';
import { writeDuckDb } from '../support/duckdb-file';
import { copyDuckDbStatements } from './clickhouse';
import { type Engine, type HostileQuery, hostileCorpus, ISSUE_9_REGRESSIONS } from './hostile-corpus';
import { startPostgres, type TestPostgres } from './postgres';

/**
 * The hostile corpus (hostile-corpus.ts) on DuckDB, PostgreSQL and ClickHouse (over HTTP, a chdb front holding
 * copies of the DuckDB files), as a north-only user.
 *
 * Every entry runs through runQuery in a child process, one process per engine, because a hostile query may block
 * the event loop (synchronous parsing) or grow the process by gigabytes: the child is killed at the 3 s deadline or
 * at 1 GB over its baseline, and a warm spare takes over. The children run the real code (bundled from the sources
 * at the start), with the real drivers, against real databases.
 *
 * The oracle for 'contained': the same SQL for the same user must give the same result (columns, rows as a multiset,
 * totalRows) on the full sample and on a copy whose raw tables hold only the north rows. Any way of reaching a
 * non-north row, whatever the trick, shows as a difference. A 'refused' entry must be refused by the compiler
 * (SqlNotAllowedError whose cause is not an engine error): an error that came back from the database means the
 * query ran. Entries with `resourceLimit` may instead stop with QueryTimeoutError or another 400-class AppError.
 *
 * Set HOSTILE_CORPUS_REPORT=<file> to write every verdict with its time and memory as JSON.
 */

const ORDERS = 4_000;
/**
 * A runner that has not answered by then is killed and the entry fails as SLOW. Sized for a machine at a load
 * average of 20-30, where a 3,000-value IN list took over 2 s to parse: what this bound catches (a parse that
 * backtracks exponentially, a query the time limit failed to stop) takes minutes to hours, not seconds.
 */
const DEADLINE_MS = 20_000;
const MAX_ROWS = 1_000;
/** The time limit of an ordinary entry: long enough that only a broken guard or a hang reaches it. */
const TIMEOUT_MS = 10_000;
/** The time limit of a resource attack: the service's own limit must stop it (a timeout is a pass). */
const RESOURCE_TIMEOUT_MS = 500;
const MB = 1024 * 1024;
const SUITE_RSS_BUDGET = 500 * MB;
/** A child this far over its baseline is killed at once: the machine is shared. */
const KILL_RSS = 1024 * MB;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENGINES: Engine[] = ['duckdb', 'postgres', 'clickhouse'];

type Copy = 'full' | 'north';

interface RunRequest {
  id: number;
  sql: string;
  copy: Copy;
  timeoutMs: number;
  maxRows: number;
}

interface OkReply {
  kind: 'ok';
  /** runQuery's time, measured in the runner (without the parent's scheduling and the message passing). */
  ms: number;
  digest: string;
  totalRows: number;
  rowCount: number;
  sample: string;
}

interface ErrorReply {
  kind: 'error';
  ms: number;
  name: string;
  code?: string;
  status?: number;
  message: string;
  sqlNotAllowed: boolean;
  queryTimeout: boolean;
  appError: boolean;
  /** The error came back from the database engine: the query was sent to it. */
  fromEngine: boolean;
}

interface KilledReply {
  kind: 'killed';
  reason: 'deadline' | 'memory' | 'exit';
}

type Reply = (OkReply | ErrorReply | KilledReply) & { wallMs: number; peakRssGrowth: number };

/**
 * The child (CommonJS, run with `node -e`): loads the semantic layer, bundled from the sources by esbuild in
 * beforeAll (a bundle starts faster than tsx, and runners are restarted often), and runs one request at a time.
 */
const RUNNER = `
(async () => {
const { createHash } = require('node:crypto');
const lib = require(process.env.HC_BUNDLE);
const sources = JSON.parse(process.env.HC_SOURCES);
const model = lib.parseModel(await lib.loadModelDir(process.env.HC_MODEL_DIR));
const user = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };
const ENGINE_ERROR = /^[A-Z][A-Za-z ]*Error:/;
const cents = (v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v);
async function run(m) {
  let result;
  try {
    result = await lib.runQuery({ model, user, sql: m.sql, source: sources[m.copy], maxRows: m.maxRows, timeoutMs: m.timeoutMs });
  } catch (e) {
    const cause = e && e.cause;
    // PostgreSQL's errors carry a severity, DuckDB's name their kind, ClickHouse's carry an upper-case type.
    const fromEngine = Boolean(cause) && (typeof cause.severity === 'string' || ENGINE_ERROR.test(String(cause.message ?? '')) || (typeof cause.type === 'string' && /^[A-Z_]+$/.test(cause.type)));
    return {
      kind: 'error', name: String(e && e.name), code: e && e.code, status: e && e.status,
      message: String((e && e.message) ?? e).slice(0, 400),
      sqlNotAllowed: e instanceof lib.SqlNotAllowedError, queryTimeout: e instanceof lib.QueryTimeoutError,
      appError: e instanceof lib.AppError, fromEngine,
    };
  }
  try {
    const rows = result.data.map((row) => JSON.stringify(row.map(cents))).sort();
    const canonical = JSON.stringify({ columns: result.schema.map((c) => c.name), rows, totalRows: result.totalRows });
    return {
      kind: 'ok', digest: createHash('sha256').update(canonical).digest('hex'), totalRows: result.totalRows,
      rowCount: result.data.length, sample: rows.slice(0, 3).join(' ').slice(0, 300),
    };
  } catch (e) {
    return { kind: 'ok', digest: 'unserialisable: ' + String(e), totalRows: result.totalRows, rowCount: result.data.length, sample: '' };
  }
}
for (const copy of ['full', 'north']) {
  await lib.runQuery({ model, user, sql: 'SELECT count(*) FROM orders_view', source: sources[copy], maxRows: 1, timeoutMs: 20000 });
}
process.on('message', async (m) => {
  const started = performance.now();
  const reply = await run(m);
  process.send({ id: m.id, ...reply, ms: performance.now() - started });
});
process.send({ ready: true });
})();
`;

/** Bundles the semantic layer and the error classes for the runners (packages stay external: NODE_PATH). */
async function bundleSemanticLayer(dir: string): Promise<string> {
  const outfile = join(dir, 'semantic.cjs');
  await esbuild.build({
    stdin: {
      contents:
        "export * from './functions/semantic/index.ts'; export { AppError, SqlNotAllowedError } from './functions/errors.ts';",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** One child process running queries for one engine; killed when a query outlives its deadline or its memory. */
class Runner {
  readonly ready: Promise<void>;
  baselineRss = 0;
  maxRss = 0;
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, (reply: OkReply | ErrorReply | KilledReply) => void>();
  private stderr = '';
  private dead = false;

  constructor(
    readonly applicationName: string,
    bundle: string,
    sources: Record<Copy, unknown>,
  ) {
    this.child = spawn(process.execPath, ['-e', RUNNER], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_PATH: join(ROOT, 'node_modules'),
        HC_BUNDLE: bundle,
        HC_MODEL_DIR: join(ROOT, 'models/demo/main'),
        HC_SOURCES: JSON.stringify(sources),
        // The engine's own bound, at half the runner's budget (the stack gives DuckDB 1 GB of a 2 GB function):
        // what must hold is that memory the engine does not account for (planning, the driver, results) stays
        // small. Left at 1 GB, how far a query got before its timeout depended on the machine's speed.
        DUCKDB_MEMORY_LIMIT: '256MB',
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.on('message', (message: { ready?: boolean; id?: number }) => {
        if (message.ready) {
          this.baselineRss = rssOf(this.pid);
          this.maxRss = this.baselineRss;
          resolve();
          return;
        }
        const done = this.waiting.get(message.id ?? -1);
        this.waiting.delete(message.id ?? -1);
        done?.(message as OkReply | ErrorReply);
      });
      this.child.on('exit', () => {
        this.dead = true;
        reject(new Error(`runner exited before it was ready: ${this.stderr}`));
        for (const done of this.waiting.values()) done({ kind: 'killed', reason: 'exit' });
        this.waiting.clear();
      });
    });
    this.ready.catch(() => undefined);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  get alive(): boolean {
    return !this.dead;
  }

  async run(request: RunRequest): Promise<Reply> {
    await this.ready;
    const startRss = rssOf(this.pid);
    let peak = startRss;
    const started = performance.now();
    const reply = await new Promise<OkReply | ErrorReply | KilledReply>((resolve) => {
      const finish = (value: OkReply | ErrorReply | KilledReply) => {
        clearTimeout(deadline);
        clearInterval(sampler);
        resolve(value);
      };
      const deadline = setTimeout(() => {
        this.kill();
        finish({ kind: 'killed', reason: 'deadline' });
      }, DEADLINE_MS);
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(this.pid));
        if (peak - this.baselineRss > KILL_RSS) {
          this.kill();
          finish({ kind: 'killed', reason: 'memory' });
        }
      }, 20);
      this.waiting.set(request.id, finish);
      this.child.send(request);
    });
    const wallMs = performance.now() - started;
    if (this.alive) peak = Math.max(peak, rssOf(this.pid));
    this.maxRss = Math.max(this.maxRss, peak);
    return { ...reply, wallMs, peakRssGrowth: peak - startRss };
  }

  kill(): void {
    if (!this.dead) this.child.kill('SIGKILL');
    this.dead = true;
  }

  exited(): Promise<void> {
    return this.child.exitCode !== null || this.child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => this.child.once('exit', () => resolve()));
  }
}

/** Warm spares per engine: killing a runner is common (every query that blocks parsing) and a start takes seconds. */
const SPARES = 3;

/** The current runner of an engine and warm spares that replace it when it is killed. */
class EnginePool {
  private current: Runner;
  private readonly spares: Runner[] = [];
  private counter = 0;
  readonly retired: Runner[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly bundle: string,
    private readonly sources: (applicationName: string) => Record<Copy, unknown>,
    private readonly admin?: pg.Client,
    /** Stops what a killed runner left running on the engine (ClickHouse keeps a query whose client died). */
    private readonly onKilled?: () => void,
  ) {
    this.current = this.spawn();
    for (let i = 0; i < SPARES; i++) this.spares.push(this.spawn());
  }

  private spawn(): Runner {
    const name = `hostile-${this.engine}-${process.pid}-${this.counter++}`;
    return new Runner(name, this.bundle, this.sources(name));
  }

  /** Time spent waiting for a runner to be ready (starts and restarts), for the report. */
  waitingMs = 0;

  async run(request: RunRequest): Promise<Reply> {
    const waitStarted = performance.now();
    // A runner that dies while starting (it should not) is replaced, a few times at most.
    for (let attempt = 0; ; attempt++) {
      const ready = await this.current.ready.then(
        () => true,
        (error: unknown) => {
          if (attempt >= 2) throw error;
          return false;
        },
      );
      if (ready) break;
      this.retired.push(this.current);
      this.current = this.spares.shift() ?? this.spawn();
      this.spares.push(this.spawn());
    }
    this.waitingMs += performance.now() - waitStarted;
    const reply = await this.current.run(request);
    if (!this.current.alive) {
      const killed = this.current;
      this.retired.push(killed);
      this.onKilled?.();
      // A killed client leaves its PostgreSQL backend running the query: end it.
      await this.admin
        ?.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
          killed.applicationName,
        ])
        .catch(() => undefined);
      this.current = this.spares.shift() ?? this.spawn();
      this.spares.push(this.spawn());
    }
    return reply;
  }

  runners(): Runner[] {
    return [...this.retired, this.current];
  }

  async close(): Promise<void> {
    const all = [this.current, ...this.spares];
    for (const runner of all) runner.kill();
    await Promise.all(all.map((runner) => runner.exited()));
  }
}

interface Verdict {
  engine: Engine;
  name: string;
  expect: HostileQuery['expect'];
  /** Undefined when the entry behaved as expected; else what went wrong, starting with its kind. */
  failure?: string;
  /** What happened on the full data: the refusal, or how many rows it returned. */
  outcome: string;
  /** runQuery's time on the full data as the runner measured it (the deadline when it was killed). */
  queryMs: number;
  /** Both runs (full data and north-only copy) as the parent saw them, message passing included. */
  wallMs: number;
  peakRssGrowthMb: number;
}

const describeError = (reply: ErrorReply) =>
  `${reply.name}${reply.code ? ` ${reply.code}` : ''}${reply.fromEngine ? ' (from the engine)' : ''}: ${reply.message}`;

function describeReply(reply: Reply): string {
  if (reply.kind === 'killed') return `killed (${reply.reason})`;
  if (reply.kind === 'error') return `error ${describeError(reply)}`;
  return `ran: ${reply.totalRows} rows`;
}

/** Why the entry failed, or undefined when it behaved as expected. */
function judge(entry: HostileQuery, full: Reply, north: Reply | undefined): string | undefined {
  const replies = north ? [full, north] : [full];
  for (const reply of replies) {
    if (reply.kind === 'killed') {
      return reply.reason === 'memory'
        ? `MEMORY: the process grew by more than ${KILL_RSS / MB} MB and was killed`
        : reply.reason === 'deadline'
          ? `SLOW: no answer within ${DEADLINE_MS} ms (the process was killed)`
          : 'CRASH: the process exited';
    }
    if (reply.ms > DEADLINE_MS) return `SLOW: took ${Math.round(reply.ms)} ms`;
    if (reply.peakRssGrowth > SUITE_RSS_BUDGET)
      return `MEMORY: the process grew by ${Math.round(reply.peakRssGrowth / MB)} MB`;
  }
  if (full.kind === 'killed') return 'unreachable';
  const compared = (ran: OkReply) => {
    if (!north || north.kind === 'killed') return 'the north-only copy was not run';
    if (north.kind === 'error') return `the north-only copy failed: ${describeError(north)}`;
    return north.digest === ran.digest && north.totalRows === ran.totalRows
      ? undefined
      : `result differs from the north-only copy (totalRows ${ran.totalRows} vs ${north.totalRows}; full sample: ${ran.sample})`;
  };
  if (entry.expect === 'contained') {
    if (full.kind === 'error') {
      if (full.sqlNotAllowed)
        return `OVER-REFUSED: expected to run contained, refused: ${describeError(full)}`;
      if (full.appError) return `LIMITED: expected to run contained, stopped: ${describeError(full)}`;
      return `INTERNAL: ${describeError(full)}`;
    }
    const difference = compared(full);
    if (difference === undefined) return undefined;
    return north?.kind === 'ok' ? `LEAK: ${difference}` : `ORACLE: ${difference}`;
  }
  if (full.kind === 'ok') {
    const difference = compared(full);
    return difference && north?.kind === 'ok'
      ? `LEAK: expected refused, it ran and its ${difference}`
      : `RAN: expected refused, it ran (${full.totalRows} rows, ${difference ?? 'same result as the north-only copy'}; ${full.sample})`;
  }
  if (full.sqlNotAllowed && !full.fromEngine) return undefined;
  if (entry.resourceLimit && full.appError && (full.status ?? 500) < 500) return undefined;
  if (full.sqlNotAllowed)
    return `ENGINE: refused only by the database, so the query ran: ${describeError(full)}`;
  if (full.appError) return `WRONG-ERROR: expected SQL_NOT_ALLOWED: ${describeError(full)}`;
  return `INTERNAL: ${describeError(full)}`;
}

async function buildDuckDbCopies(dir: string): Promise<{ full: string; north: string }> {
  const full = await ensureSampleDatabase(dir, ORDERS);
  const north = join(dir, 'north-only.duckdb');
  for (const [path, isNorth] of [
    [full, false],
    [north, true],
  ] as const) {
    await writeDuckDb(path, [...(isNorth ? sampleDataSql(ORDERS) : []), ...dataStatements(isNorth)]);
  }
  return { full, north };
}

/**
 * What makes a copy the north-only copy, plus an unmodelled `payroll` table (as a real deployment has): rows in the
 * full copy, none in the north copy, so reading it shows as a difference too.
 */
function dataStatements(north: boolean): string[] {
  return [
    ...(north
      ? ["DELETE FROM orders WHERE region <> 'north'", "DELETE FROM customers WHERE region <> 'north'"]
      : []),
    'DROP TABLE IF EXISTS payroll',
    "CREATE TABLE payroll AS SELECT CAST(i AS BIGINT) AS id, 'employee ' || i AS name, CAST(i * 1000 AS BIGINT) AS salary FROM generate_series(1, 20) AS t(i)",
    ...(north ? ['DELETE FROM payroll'] : []),
  ];
}

async function buildPostgresCopies(server: TestPostgres): Promise<{ full: string; north: string }> {
  const full = server.connectionString;
  const north = full.replace(/\/postgres$/, '/north_only');
  const admin = new pg.Client({ connectionString: full });
  await admin.connect();
  try {
    for (const statement of dataStatements(false)) await admin.query(statement);
    await admin.query('CREATE DATABASE north_only');
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: north });
  await client.connect();
  try {
    for (const statement of [...sampleDataSql(ORDERS), ...dataStatements(true)])
      await client.query(statement);
  } finally {
    await client.end();
  }
  return { full, north };
}

const withApplicationName = (connectionString: string, name: string) =>
  `${connectionString}?application_name=${encodeURIComponent(name)}`;

let dataDir: string;
let postgres: TestPostgres | undefined;
const fronts: ClickHouseFront[] = [];
let admin: pg.Client | undefined;
const pools = new Map<Engine, EnginePool>();
const verdicts = new Map<string, Verdict>();
const started = performance.now();
let corpusMs = 0;

const key = (engine: Engine, name: string) => `${engine}\u0000${name}`;
const entriesFor = (engine: Engine) =>
  hostileCorpus.filter((entry) => (entry.engines ?? ENGINES).includes(engine));

/**
 * The run order: resource attacks (the ones that may get a runner killed) spread evenly between the others, so the
 * spares have time to start between two kills. Only the order changes; every entry runs.
 */
function runOrder(entries: HostileQuery[]): HostileQuery[] {
  const heavy = entries.filter((e) => e.resourceLimit);
  const light = entries.filter((e) => !e.resourceLimit);
  const every = Math.max(1, Math.floor(light.length / (heavy.length + 1)));
  const order: HostileQuery[] = [];
  light.forEach((entry, i) => {
    order.push(entry);
    if ((i + 1) % every === 0) order.push(...heavy.splice(0, 1));
  });
  return [...order, ...heavy];
}

async function runEngine(engine: Engine, pool: EnginePool): Promise<void> {
  let id = 0;
  for (const entry of runOrder(entriesFor(engine))) {
    const timeoutMs = entry.resourceLimit ? RESOURCE_TIMEOUT_MS : TIMEOUT_MS;
    const request = (copy: Copy): RunRequest => ({
      id: id++,
      sql: entry.sql,
      copy,
      timeoutMs,
      maxRows: MAX_ROWS,
    });
    const full = await pool.run(request('full'));
    const north = full.kind === 'ok' ? await pool.run(request('north')) : undefined;
    const failure = judge(entry, full, north);
    verdicts.set(key(engine, entry.name), {
      engine,
      name: entry.name,
      expect: entry.expect,
      ...(failure ? { failure } : {}),
      outcome: describeReply(full),
      queryMs: Math.round(full.kind === 'killed' ? full.wallMs : full.ms),
      wallMs: Math.round(full.wallMs + (north?.wallMs ?? 0)),
      peakRssGrowthMb: Math.round(Math.max(full.peakRssGrowth, north?.peakRssGrowth ?? 0) / MB),
    });
  }
}

beforeAll(async () => {
  // Inside the repository, so that packages the bundle imports dynamically (ESM resolution ignores NODE_PATH)
  // resolve from node_modules.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dataDir = mkdtempSync(join(cache, 'hostile-corpus-'));
  const [duck, server, bundle] = await Promise.all([
    buildDuckDbCopies(dataDir),
    startPostgres(ORDERS),
    bundleSemanticLayer(dataDir),
  ]);
  postgres = server;
  const pgCopies = await buildPostgresCopies(server);
  admin = new pg.Client({ connectionString: pgCopies.full });
  await admin.connect();
  pools.set(
    'duckdb',
    new EnginePool('duckdb', bundle, () => ({
      full: { kind: 'duckdb', database: duck.full },
      north: { kind: 'duckdb', database: duck.north },
    })),
  );
  pools.set(
    'postgres',
    new EnginePool(
      'postgres',
      bundle,
      (name) => ({
        full: { kind: 'postgres', connectionString: withApplicationName(pgCopies.full, name) },
        north: { kind: 'postgres', connectionString: withApplicationName(pgCopies.north, name) },
      }),
      admin,
    ),
  );
  const frontOf = async (path: string) => startClickHouseFront({ setup: await copyDuckDbStatements(path) });
  const [chFull, chNorth] = await Promise.all([frontOf(duck.full), frontOf(duck.north)]);
  fronts.push(chFull, chNorth);
  pools.set(
    'clickhouse',
    new EnginePool(
      'clickhouse',
      bundle,
      () => ({
        full: { kind: 'clickhouse', url: chFull.url, database: 'default' },
        north: { kind: 'clickhouse', url: chNorth.url, database: 'default' },
      }),
      undefined,
      () => {
        chFull.killAll();
        chNorth.killAll();
      },
    ),
  );
  const corpusStarted = performance.now();
  await Promise.all(ENGINES.map((engine) => runEngine(engine, pools.get(engine) as EnginePool)));
  corpusMs = performance.now() - corpusStarted;
}, 420_000);

afterAll(async () => {
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  await admin?.end().catch(() => undefined);
  await postgres?.stop();
  await Promise.all(fronts.map((front) => front.close()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const file = process.env.HOSTILE_CORPUS_REPORT;
  if (file) {
    const memory = Object.fromEntries(
      [...pools.entries()].map(([engine, pool]) => [
        engine,
        pool
          .runners()
          .map((r) => ({ baselineMb: Math.round(r.baselineRss / MB), maxMb: Math.round(r.maxRss / MB) })),
      ]),
    );
    writeFileSync(
      file,
      JSON.stringify(
        {
          corpusMs: Math.round(corpusMs),
          waitingForRunnersMs: Object.fromEntries(
            [...pools.entries()].map(([engine, pool]) => [engine, Math.round(pool.waitingMs)]),
          ),
          totalMs: Math.round(performance.now() - started),
          memory,
          verdicts: [...verdicts.values()],
        },
        null,
        1,
      ),
    );
  }
});

describe('the hostile corpus itself', () => {
  test('has at least 200 entries with unique names and non-empty SQL', () => {
    expect(hostileCorpus.length).toBeGreaterThanOrEqual(200);
    expect(new Set(hostileCorpus.map((e) => e.name)).size).toBe(hostileCorpus.length);
    for (const entry of hostileCorpus) expect(entry.sql.trim().length).toBeGreaterThan(0);
  });

  test("holds issue 9's queries verbatim as named regression tests", () => {
    for (const sql of ISSUE_9_REGRESSIONS) {
      const entry = hostileCorpus.find((e) => e.sql === sql);
      expect(entry?.name).toMatch(/^issue 9:/);
    }
  });
});

describe.each(ENGINES)('%s', (engine) => {
  test.each(entriesFor(engine).map((entry) => ({ name: entry.name, expect: entry.expect })))(
    '$expect: $name',
    ({ name }) => {
      const verdict = verdicts.get(key(engine, name));
      expect(verdict).toBeDefined();
      expect(verdict?.failure).toBeUndefined();
    },
  );

  test(`the runner process grows by less than ${SUITE_RSS_BUDGET / MB} MB over the whole corpus`, () => {
    const pool = pools.get(engine);
    expect(pool).toBeDefined();
    for (const runner of pool?.runners() ?? []) {
      expect(runner.maxRss - runner.baselineRss).toBeLessThan(SUITE_RSS_BUDGET);
    }
  });
});
