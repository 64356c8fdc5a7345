/**
 * Stage 1: a bounded parse. node-sql-parser is a backtracking PEG parser whose time grows exponentially with
 * some nestings (16 unbalanced parentheses: 9 s), so the text is first checked by a linear scan (length,
 * tokens, balanced parentheses, nesting depth) and then parsed in a worker thread with a deadline: a parse
 * that overruns is killed with its worker and refused, and the event loop never waits on it.
 */
import { Worker } from 'node:worker_threads';
import { SqlNotAllowedError } from '../../errors';
import { hasControlCharacter } from '../ast';
import { besideOrInstalled } from '../beside';

export const PARSE_LIMITS = {
  /** Characters of SQL text. */
  maxLength: 20_000,
  /** Tokens (words, numbers, strings, operators) a query may hold. */
  maxTokens: 12_000,
  /** Parentheses open at once. */
  maxNesting: 24,
  /** Time a parse may take before its worker is killed and the query refused (counted once the worker is ready). */
  deadlineMs: 2_000,
  /**
   * The same for SQL the compiler printed: it carries every policy, join and wrapper around the query, so it is
   * several times longer than what the user sent, and a busy Lambda must not refuse a query the user's own parse
   * passed. Still bounded: its nesting is the user's (already checked) plus a few levels.
   */
  printedDeadlineMs: 10_000,
  /** Time a new worker may take to load the parser. */
  startMs: 30_000,
};

/** The parser build shipped beside a Lambda bundle (built there at bundling), else the installed package. */
export const PARSER_FILE = 'sql-parser.cjs';

/**
 * A linear scan that refuses what the parser could take exponential time on, or read differently from the
 * engines: unbalanced or too deep parentheses, too many tokens, dollar quotes and backslashes (the parser reads `\'` as an escape, the engines do not). Comments are read
 * as the parser reads them; what the engine runs is printed from the AST, so it never sees them.
 */
export function precheck(sql: string): void {
  const { maxLength, maxTokens, maxNesting } = PARSE_LIMITS;
  if (sql.length > maxLength)
    throw new SqlNotAllowedError(`The query is longer than ${maxLength} characters`);
  if (hasControlCharacter(sql, true)) throw new SqlNotAllowedError('The query contains control characters');
  if (sql.includes('\\')) throw new SqlNotAllowedError('Backslashes are not allowed in queries');
  let depth = 0;
  let tokens = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] ?? '';
    const next = sql[i + 1] ?? '';
    if (char === "'" || char === '"') {
      const end = sql.indexOf(char, i + 1);
      if (end < 0) throw new SqlNotAllowedError('The query has an unterminated quote');
      i = end + 1;
      // A doubled quote continues the same literal or identifier.
      while (sql[i] === char) {
        const more = sql.indexOf(char, i + 1);
        if (more < 0) throw new SqlNotAllowedError('The query has an unterminated quote');
        i = more + 1;
      }
      tokens += 1;
    } else if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      // Read as the parser reads it (to the first */): the engine never sees comments, only the printed AST.
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new SqlNotAllowedError('The query has an unterminated comment');
      i = end + 2;
    } else if (char === '$') {
      throw new SqlNotAllowedError('Dollar quotes and parameters are not allowed in queries');
    } else if (char === '(') {
      depth += 1;
      tokens += 1;
      if (depth > maxNesting) throw new SqlNotAllowedError('The query is nested too deeply');
      i += 1;
    } else if (char === ')') {
      depth -= 1;
      tokens += 1;
      if (depth < 0) throw new SqlNotAllowedError('The query has an unbalanced parenthesis');
      i += 1;
    } else if (/\s/.test(char)) {
      i += 1;
    } else {
      tokens += 1;
      if (/[A-Za-z0-9_]/.test(char)) while (i < sql.length && /[A-Za-z0-9_.]/.test(sql[i] ?? '')) i += 1;
      else i += 1;
    }
    if (tokens > maxTokens) throw new SqlNotAllowedError(`The query has more than ${maxTokens} tokens`);
  }
  if (depth !== 0) throw new SqlNotAllowedError('The query has an unbalanced parenthesis');
}

// Source of the worker: it loads the parser from a path and answers one message per parse. Only dynamic
// import() is used, which works whether Node evaluates the source as CommonJS or as a module.
const WORKER_SOURCE = `
Promise.all([import('node:worker_threads'), import('node:module')]).then(([threads, module]) => {
  const { parentPort, workerData } = threads;
  const { Parser } = module.createRequire(workerData.parserPath)(workerData.parserPath);
  const parser = new Parser();
  parentPort.postMessage({ ready: true });
  parentPort.on('message', ({ id, sql }) => {
    let reply;
    try {
      reply = { id, ast: parser.astify(sql, { database: 'PostgresQL' }) };
    } catch (error) {
      reply = { id, error: String((error && error.message) || error).split('\\n')[0].slice(0, 200) };
    }
    parentPort.postMessage(reply);
  });
});
`;

const parserPath = (): string => besideOrInstalled(PARSER_FILE, 'node-sql-parser/build/postgresql');

interface Pending {
  resolve: (ast: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One worker thread, the parses it owes, and whether it was stopped. */
interface ParserThread {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  stopped: boolean;
}

/**
 * One parser worker per process; a parse that overruns its deadline stops that worker (failing what it still
 * owes) and the next parse starts another. A stop only ever concerns the worker it names, never its successor.
 */
class ParserWorker {
  private current: ParserThread | undefined;
  private nextId = 1;

  async parse(sql: string, deadlineMs: number): Promise<unknown> {
    const thread = this.ensure();
    // Referenced while it has work, so a process awaiting a parse stays alive; unreferenced when idle.
    thread.worker.ref();
    const idle = () => {
      if (thread.pending.size === 0) thread.worker.unref();
    };
    try {
      // The deadline bounds the parse, not the worker's start (loading the parser takes a few hundred ms, more
      // on a busy machine).
      await thread.ready;
      if (thread.stopped) throw new Error('The SQL parser stopped; send the query again');
    } catch (error) {
      idle();
      throw error;
    }
    const id = this.nextId++;
    const parsed = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Everything queued behind the runaway parse fails with it; a query is cheap to send again.
        this.stop(
          thread,
          new SqlNotAllowedError(
            `The query is too complex to parse within ${deadlineMs} ms; simplify its nesting`,
          ),
        );
      }, deadlineMs);
      thread.pending.set(id, { resolve, reject, timer });
      thread.worker.postMessage({ id, sql });
    });
    return parsed.finally(idle);
  }

  /** Starts the worker ahead of the first query (it takes a few hundred ms to load the parser). */
  warm(): void {
    this.ensure();
  }

  /** Stops the worker (tests and shutdown); the next parse starts a new one. */
  async close(): Promise<void> {
    const thread = this.current;
    if (!thread) return;
    this.stop(thread, new Error('The SQL parser was closed'));
    await thread.worker.terminate();
  }

  private ensure(): ParserThread {
    if (this.current) return this.current;
    // No inherited flags: the worker needs none of the parent's loaders (tsx, jest) or input type.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { parserPath: parserPath() },
    });
    let started: (() => void) | undefined;
    let failed: ((error: Error) => void) | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    // Callers of a worker that never starts are told; an unobserved failure must not crash the process.
    ready.catch(() => undefined);
    const thread: ParserThread = { worker, ready, pending: new Map(), stopped: false };
    const fail = (error: Error) => {
      clearTimeout(startTimer);
      failed?.(error);
      this.stop(thread, error);
    };
    const startTimer = setTimeout(
      () => fail(new Error(`The SQL parser did not start within ${PARSE_LIMITS.startMs} ms`)),
      PARSE_LIMITS.startMs,
    );
    startTimer.unref();
    worker.on('message', (message: { id?: number; ready?: boolean; ast?: unknown; error?: string }) => {
      if (message.ready) {
        clearTimeout(startTimer);
        started?.();
        return;
      }
      const pending = message.id === undefined ? undefined : thread.pending.get(message.id);
      if (!pending || message.id === undefined) return;
      thread.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error !== undefined) {
        pending.reject(
          new SqlNotAllowedError(`The query could not be parsed as one SELECT statement: ${message.error}`),
        );
      } else pending.resolve(message.ast);
    });
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The SQL parser stopped')));
    // An idle worker must not keep the process (or a test run) alive; listeners re-reference it, so this
    // comes after them.
    worker.unref();
    this.current = thread;
    return thread;
  }

  /** Stops one worker: what it owes fails with `error`; the next parse starts a fresh worker. */
  private stop(thread: ParserThread, error: Error): void {
    if (this.current === thread) this.current = undefined;
    if (thread.stopped) return;
    thread.stopped = true;
    for (const pending of thread.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    thread.pending.clear();
    void thread.worker.terminate();
  }
}

const parserWorker = new ParserWorker();

/** Starts the parser worker now, so a cold start loads it while the rest of the function initialises. */
export const warmParser = (): void => parserWorker.warm();

/** Parses one query after the linear precheck, off the event loop, within PARSE_LIMITS.deadlineMs. */
export async function parseSql(sql: string): Promise<unknown> {
  precheck(sql);
  return parserWorker.parse(sql, PARSE_LIMITS.deadlineMs);
}

/**
 * Parses SQL the compiler printed (the dialect stage reads it back), off the event loop within
 * PARSE_LIMITS.printedDeadlineMs; no precheck: the compiler's own output is longer and deeper than a query may be, and it holds no user text
 * that the precheck did not pass.
 */
export async function parsePrintedSql(sql: string): Promise<unknown> {
  return parserWorker.parse(sql, PARSE_LIMITS.printedDeadlineMs);
}

/** Stops the parser worker (tests and the local service on shutdown). */
export const closeParser = (): Promise<void> => parserWorker.close();
