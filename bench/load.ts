import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalService } from '../functions/local/service';
import { FRAME } from '../functions/protocol';
import { demoModelFiles, parseModel, runQuery } from '../functions/semantic';
import { accounts } from '../functions/store/accounts';
import { startDynamoDbLocal } from '../functions/store/dynamodb-local';
import { keys } from '../functions/store/keys';
import { RATE_NAMES } from '../functions/store/rate-limits';
import { captureWrites } from './sessions';
import { line, percentile, round, runIfMain, timeConcurrent } from './stats';

/** Bounds: calls per phase and the longest any one call may take. */
export const LOAD = {
  sessions: { calls: 1_000, concurrency: 200 },
  chat: { calls: 150, concurrency: 50 },
  sql: { calls: 300, concurrency: 50 },
  // Long enough for the queue of 200 on a loaded 2-core machine (DynamoDB Local then serves about 30 transactions a
  // second, so the last of 200 waits about 7 s even on the floor); a call that takes longer counts as an error.
  callTimeoutMs: 60_000,
} as const;

interface Phase {
  times: number[];
  wallMs: number;
  errors: number;
  firstError?: string;
}

/** Runs `calls` at `concurrency`, counting failures instead of stopping at the first. */
async function phase(calls: number, concurrency: number, fn: (i: number) => Promise<void>): Promise<Phase> {
  let errors = 0;
  let firstError: string | undefined;
  const { times, wallMs } = await timeConcurrent(calls, concurrency, async (i) => {
    try {
      await fn(i);
    } catch (error) {
      errors += 1;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  });
  return { times, wallMs, errors, ...(firstError ? { firstError } : {}) };
}

const summary = (p: Phase) => ({
  rps: round(p.times.length / (p.wallMs / 1000), 0),
  p50: round(percentile(p.times, 50)),
  p99: round(percentile(p.times, 99)),
});

interface StreamCheck {
  firstMs: number;
  lastMs: number;
  /** Why the stream's lines are not in protocol order, if they are not. */
  disorder?: string;
}

/** Reads an NDJSON stream, timing the first line and checking the order of all of them. */
async function readStream(response: Response, started: number): Promise<StreamCheck> {
  if (response.status !== 200 || !response.body) {
    throw new Error(`chat answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const lines: { id?: string; sort?: number }[] = [];
  let buffer = '';
  let firstMs = Number.NaN;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
      lines.push(JSON.parse(buffer.slice(0, at)) as { id?: string; sort?: number });
      buffer = buffer.slice(at + 1);
    }
  }
  const lastMs = performance.now() - started;
  let disorder: string | undefined;
  if (lines[0]?.id !== '__cutoff__') disorder = `first line ${lines[0]?.id}`;
  // Cube's end-of-run order: `__state__` (with `__aborted__`/`__suspended__` when they apply), `__usage__` last.
  else if (lines.at(-1)?.id !== FRAME.usage) disorder = `last line ${lines.at(-1)?.id}`;
  else if (lines.at(-2)?.id !== FRAME.state) disorder = `line before usage ${lines.at(-2)?.id}`;
  else if (buffer.trim() !== '') disorder = 'a partial last line';
  else {
    for (let i = 1; i < lines.length; i += 1) {
      if ((lines[i]?.sort ?? 0) < (lines[i - 1]?.sort ?? 0)) disorder = `sort decreases at line ${i}`;
    }
  }
  return { firstMs, lastMs, ...(disorder ? { disorder } : {}) };
}

export async function run(): Promise<Record<string, number>> {
  process.env.LOG_LEVEL ??= 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.MODEL_PROVIDER = 'offline';
  process.env.OFFLINE_DELAY_MS = '0';
  const dynamo = await startDynamoDbLocal();
  const service = await startLocalService({ dynamodbEndpoint: dynamo.endpoint });
  const { store } = service;
  // The bench sends more per minute than the default per-key rates allow; the limit itself is not measured.
  for (const name of RATE_NAMES) await accounts.setRateLimit(store, 'demo', name, 1_000_000);
  const headers = { 'content-type': 'application/json', authorization: `Api-Key ${service.keys.demo}` };
  const post = (path: string, body: unknown) =>
    fetch(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(LOAD.callTimeoutMs),
    });
  const figures: Record<string, number> = {};
  const report = (name: string, p: Phase, floor: Phase, extra: Record<string, number> = {}) => {
    const s = summary(p);
    const f = summary(floor);
    Object.assign(figures, {
      [`${name}_rps`]: s.rps,
      [`${name}_p50_ms`]: s.p50,
      [`${name}_p99_ms`]: s.p99,
      [`${name}_errors`]: p.errors,
      [`${name}_floor_rps`]: f.rps,
      [`${name}_floor_p50_ms`]: f.p50,
      [`${name}_floor_p99_ms`]: f.p99,
      [`${name}_p50_vs_floor_ratio`]: round(s.p50 / f.p50),
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`${name}_${k}`, v])),
    });
    line(`${name}: ${p.times.length} calls`, { ...s, errors: p.errors, ...extra });
    line(`  floor (same concurrency)`, { ...f, errors: floor.errors, ratioP50: round(s.p50 / f.p50) });
    if (p.firstError) line('  first error', { message: p.firstError });
    if (floor.firstError) line('  first floor error', { message: floor.firstError });
  };

  // `npm run bench:load -- chat sql` runs only those phases.
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const runs = (name: string) => wanted.length === 0 || wanted.includes(name);
  try {
    // --- generate-session, 200 concurrent, existing users (the warm path) ---
    if (runs('sessions')) {
      const users = Array.from({ length: 200 }, (_, i) => `load-user-${i}`);
      const session = async (i: number) => {
        const response = await post('/api/v1/embed/generate-session', {
          deploymentId: 1,
          externalId: users[i % users.length],
          groups: ['analysts'],
          userAttributes: [{ name: 'region', value: 'north' }],
        });
        const text = await response.text();
        if (response.status !== 200)
          throw new Error(`generate-session ${response.status}: ${text.slice(0, 200)}`);
      };
      await phase(users.length, 20, session);
      const replay = await captureWrites(store, () => session(1));
      const bareTransaction = async () => {
        await replay();
      };
      const { calls: sCalls, concurrency: sConc } = LOAD.sessions;
      const sessions = await phase(sCalls, sConc, session);
      const sessionsFloor = await phase(sCalls, sConc, bareTransaction);
      report('sessions', sessions, sessionsFloor);
      figures.errors_total = (figures.errors_total ?? 0) + sessions.errors;
    }

    // --- chat, 50 concurrent streams, each a new thread ---
    if (runs('chat')) {
      const questions = ['total amount by status', 'count of orders by region', 'average amount by category'];
      let disordered = 0;
      let firstDisorder: string | undefined;
      const firstLines: number[] = [];
      const chat = async (i: number) => {
        const started = performance.now();
        const response = await post('/api/v1/public/demo/agents/1/chat/stream-chat-state', {
          input: questions[i % questions.length],
          sessionSettings: { externalId: `load-chat-${i % 50}`, groups: ['managers'] },
        });
        const check = await readStream(response, started);
        firstLines.push(check.firstMs);
        if (check.disorder) {
          disordered += 1;
          firstDisorder ??= check.disorder;
        }
      };
      // Warm: the sample data, DuckDB, the model and the 50 users.
      await phase(50, 10, chat);
      firstLines.length = 0;
      disordered = 0;
      const getItem = async () => {
        await store.doc.send(
          new GetCommand({ TableName: store.tableName, Key: keys.account('demo'), ConsistentRead: true }),
        );
      };
      const { calls: cCalls, concurrency: cConc } = LOAD.chat;
      const chats = await phase(cCalls, cConc, chat);
      const chatsFloor = await phase(cCalls, cConc, getItem);
      report('chat', chats, chatsFloor, {
        first_line_p50_ms: round(percentile(firstLines, 50)),
        first_line_p95_ms: round(percentile(firstLines, 95)),
        out_of_order: disordered,
      });
      if (firstDisorder) line('  first out-of-order stream', { why: firstDisorder });
      figures.errors_total = (figures.errors_total ?? 0) + chats.errors + disordered;
    }

    // --- SQL API, 50 concurrent, the anchor query ---
    if (runs('sql')) {
      const anchor = 'SELECT status, MEASURE(total_amount) FROM orders_view GROUP BY 1';
      const sql = async (i: number) => {
        const response = await post('/api/v1/deployments/1/sql', {
          query: anchor,
          sessionSettings: {
            externalId: `load-sql-${i % 50}`,
            userAttributes: [{ name: 'region', value: 'north' }],
          },
        });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`SQL API ${response.status}: ${text.slice(0, 200)}`);
      };
      const model = parseModel(await demoModelFiles('main'));
      const inProcess = async () => {
        await runQuery({
          model,
          user: { groups: [], userAttributes: { region: 'north' }, securityContext: {} },
          sql: anchor,
          source: { kind: 'duckdb', database: 'sample' },
          maxRows: 10_000,
        });
      };
      await phase(50, 10, sql);
      const { calls: qCalls, concurrency: qConc } = LOAD.sql;
      const queries = await phase(qCalls, qConc, sql);
      const queriesFloor = await phase(qCalls, qConc, inProcess);
      report('sql', queries, queriesFloor);
      figures.errors_total = (figures.errors_total ?? 0) + queries.errors;
    }

    figures.errors_total ??= 0;
    line('load: errors and out-of-order streams (must be 0)', { total: figures.errors_total });
    return figures;
  } finally {
    await service.stop();
    await dynamo.stop();
  }
}

runIfMain(import.meta.url, async () => {
  const figures = await run();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  if ((figures.errors_total ?? 1) !== 0) throw new Error('the load bench saw errors');
});
