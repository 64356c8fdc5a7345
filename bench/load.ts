/**
 * `npm run bench:load`: the local service under concurrent load (loopback, DynamoDB Local, the client in the
 * service's process). Every figure stands beside a floor measured in the same run at the same concurrency, the
 * service and its floor alternated (ABBA) so that whatever else the shared machine does hits both alike:
 *
 * - generate-session, warm: sequential latency, and throughput at 50 concurrent calls of ONE API key, against the
 *   request's writes as one bare TransactWriteItems behind a bare node:http server; transaction conflicts counted;
 * - conflicts: 2,000 writes of one item at 100 at once, half in transactions (DynamoDB Local never conflicts);
 * - chat: new-thread turns at 30 concurrent streams (offline model) against a bare NDJSON server writing a turn's lines;
 * - abort: 30 concurrent turns, each aborted after its third line: the 204 to the stream's end, how each turn
 *   ended, and how often a running turn reads its thread;
 * - SQL API: the anchor query at 30 concurrent calls against the same query alone, in process, at 30.
 *
 * `npm run bench:load -- sessions abort` runs only those phases (sessions, conflicts, chat, abort, sql).
 */
import { setEnv } from '../functions/config';
import { startLocalService } from '../functions/local/service';
import { demoModelFiles, parseModel, runQuery } from '../functions/semantic';
import { accounts } from '../functions/store/accounts';
import { startDynamoDbLocal } from '../functions/store/dynamodb-local';
import { RATE_NAMES } from '../functions/store/rate-limits';
import { threads } from '../functions/store/threads';
import { type AbortedTurn, abortedTurn, readStream, summariseAborts } from './abort';
import { bareJsonServer, bareNdjsonServer, captureWrites, close, listen } from './floors';
import { conflictProbe, watchDynamo, watchTransactions } from './probes';
import { line, percentile, round, runIfMain, timeConcurrent } from './stats';

/** The load probe: calls and concurrency per phase, and the longest any one call may take. */
export const LOAD = {
  sessions: { sequential: 500, calls: 1_000, concurrency: 50 },
  chat: { calls: 150, concurrency: 30 },
  abort: { calls: 60, concurrency: 30, offlineDelayMs: 40, afterLine: 3 },
  sql: { calls: 300, concurrency: 30 },
  callTimeoutMs: 60_000,
} as const;

/** What the "done when" asks of one run (issue 31). */
export const GOALS = {
  sessionsWarmRatio: 1.3,
  sessionsThroughputShare: 0.8,
  abortP99Ms: 1_000,
} as const;

interface Phase {
  times: number[];
  wallMs: number;
  errors: number;
  firstError?: string;
}

/** Runs `calls` at `concurrency`, counting failures instead of stopping at the first. */
async function phase(
  calls: number,
  concurrency: number,
  fn: (i: number) => Promise<void>,
  offset = 0,
): Promise<Phase> {
  let errors = 0;
  let firstError: string | undefined;
  const { times, wallMs } = await timeConcurrent(calls, concurrency, async (i) => {
    try {
      await fn(i + offset);
    } catch (error) {
      errors += 1;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  });
  return { times, wallMs, errors, ...(firstError ? { firstError } : {}) };
}

const merge = (parts: Phase[]): Phase => {
  const firstError = parts.find((p) => p.firstError)?.firstError;
  return {
    times: parts.flatMap((p) => p.times),
    wallMs: parts.reduce((sum, p) => sum + p.wallMs, 0),
    errors: parts.reduce((sum, p) => sum + p.errors, 0),
    ...(firstError ? { firstError } : {}),
  };
};

/**
 * The service (A) and its floor (B), `calls` each, in rounds of A B B A (each letter a chunk of the calls), so
 * that a drift of the shared machine over the phase hits both alike.
 */
async function abba(
  calls: number,
  concurrency: number,
  a: (i: number) => Promise<void>,
  b: (i: number) => Promise<void>,
  around: { beforeA?: () => void; afterA?: () => void } = {},
  rounds = 2,
): Promise<{ service: Phase; floor: Phase }> {
  const chunk = Math.floor(calls / (2 * rounds));
  const service: Phase[] = [];
  const floor: Phase[] = [];
  let offset = 0;
  const runA = async () => {
    around.beforeA?.();
    try {
      service.push(await phase(chunk, concurrency, a, offset));
    } finally {
      around.afterA?.();
    }
    offset += chunk;
  };
  const runB = async () => {
    floor.push(await phase(chunk, concurrency, b, offset));
  };
  for (let round = 0; round < rounds; round += 1) {
    await runA();
    await runB();
    await runB();
    await runA();
  }
  return { service: merge(service), floor: merge(floor) };
}

const rps = (p: Phase) => round(p.times.length / (p.wallMs / 1000), 0);
const p = (values: number[], at: number) => round(percentile(values, at));

export async function run(): Promise<Record<string, number>> {
  process.env.LOG_LEVEL ??= 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  setEnv({ MODEL_PROVIDER: 'offline', OFFLINE_DELAY_MS: '0' });
  const dynamo = await startDynamoDbLocal();
  const service = await startLocalService({ dynamodbEndpoint: dynamo.endpoint });
  const { store } = service;
  // The bench sends more per minute than the default per-key rates allow; the limit itself is not measured.
  for (const name of RATE_NAMES) await accounts.setRateLimit(store, 'demo', name, 1_000_000);
  const headers = { 'content-type': 'application/json', authorization: `Api-Key ${service.keys.demo}` };
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(LOAD.callTimeoutMs),
    });
  const api = (path: string, body: unknown) => post(`${service.baseUrl}${path}`, body);
  const figures: Record<string, number> = { errors_total: 0 };
  const report = (name: string, s: Phase, f: Phase, extra: Record<string, number> = {}) => {
    const mine = { rps: rps(s), p50: p(s.times, 50), p99: p(s.times, 99) };
    const floor = { rps: rps(f), p50: p(f.times, 50), p99: p(f.times, 99) };
    Object.assign(figures, {
      [`${name}_rps`]: mine.rps,
      [`${name}_p50_ms`]: mine.p50,
      [`${name}_p99_ms`]: mine.p99,
      [`${name}_errors`]: s.errors,
      [`${name}_floor_rps`]: floor.rps,
      [`${name}_floor_p50_ms`]: floor.p50,
      [`${name}_floor_p99_ms`]: floor.p99,
      [`${name}_p50_vs_floor_ratio`]: round(mine.p50 / floor.p50),
      [`${name}_throughput_share`]: round(mine.rps / floor.rps),
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`${name}_${k}`, v])),
    });
    figures.errors_total = (figures.errors_total ?? 0) + s.errors + f.errors;
    line(`${name}: ${s.times.length} calls`, { ...mine, errors: s.errors, ...extra });
    line('  floor, same concurrency', {
      ...floor,
      errors: f.errors,
      p50Ratio: round(mine.p50 / floor.p50),
      throughputShare: round(mine.rps / floor.rps),
    });
    if (s.firstError) line('  first error', { message: s.firstError });
    if (f.firstError) line('  first floor error', { message: f.firstError });
  };

  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const runs = (name: string) => wanted.length === 0 || wanted.includes(name);
  try {
    if (runs('sessions')) {
      const users = Array.from({ length: 200 }, (_, i) => `load-user-${i}`);
      const body = (i: number) => ({
        deploymentId: 1,
        externalId: users[i % users.length],
        groups: ['analysts'],
        userAttributes: [{ name: 'region', value: 'north' }],
      });
      const session = async (i: number) => {
        const response = await api('/api/v1/embed/generate-session', body(i));
        const text = await response.text();
        if (response.status !== 200)
          throw new Error(`generate-session ${response.status}: ${text.slice(0, 200)}`);
      };
      await phase(users.length, 20, session);
      const replay = await captureWrites(store, () => session(1));
      const bare = bareJsonServer(async () => ({ sessionId: await replay() }));
      const bareUrl = await listen(bare);
      const floor = async (i: number) => {
        const response = await post(bareUrl, body(i));
        const text = await response.text();
        if (response.status !== 200) throw new Error(`floor ${response.status}: ${text.slice(0, 200)}`);
      };
      try {
        // Warm, one at a time: rounds of 50, the order alternating.
        const warm: Phase[] = [];
        const warmFloor: Phase[] = [];
        for (let round = 0; round < LOAD.sessions.sequential / 50; round += 1) {
          const pair = [() => phase(50, 1, session), () => phase(50, 1, floor)] as const;
          if (round % 2 === 0) {
            warm.push(await pair[0]());
            warmFloor.push(await pair[1]());
          } else {
            warmFloor.push(await pair[1]());
            warm.push(await pair[0]());
          }
        }
        report('sessions_warm', merge(warm), merge(warmFloor));
        const tally = watchTransactions(store);
        const { calls, concurrency } = LOAD.sessions;
        // Four rounds: the throughput share is the goal here, and the machine's load drifts within seconds.
        const loaded = await abba(
          calls,
          concurrency,
          session,
          floor,
          {
            beforeA: () => {
              tally.on = true;
            },
            afterA: () => {
              tally.on = false;
            },
          },
          4,
        );
        report('sessions', loaded.service, loaded.floor, {
          transactions: tally.sent,
          conflicts: tally.conflicts,
        });
      } finally {
        await close(bare);
      }
    }

    if (runs('conflicts')) {
      // DynamoDB Local's answer to concurrent writes of one item, half of them in transactions.
      const probe = await conflictProbe(store, 2_000, 100);
      Object.assign(figures, {
        conflicts_probe_writes: probe.writes,
        conflicts_probe_conflicts: probe.conflicts,
      });
      line('conflicts: one item, 2,000 writes, 100 at once', probe);
    }

    const chatUrl = `${service.baseUrl}/api/v1/public/demo/agents/1/chat/stream-chat-state`;
    if (runs('chat')) {
      const questions = ['total amount by status', 'count of orders by region', 'average amount by category'];
      let disordered = 0;
      let firstDisorder: string | undefined;
      const firstLines: number[] = [];
      let sample: string[] = [];
      const chat = async (i: number) => {
        const started = performance.now();
        const response = await post(chatUrl, {
          input: questions[i % questions.length],
          sessionSettings: { externalId: `load-chat-${i % 30}`, groups: ['managers'] },
        });
        const check = await readStream(response, started);
        firstLines.push(check.firstMs);
        sample = check.lines;
        if (check.disorder) {
          disordered += 1;
          firstDisorder ??= check.disorder;
        }
      };
      // Warm: the sample data, DuckDB, the model and the users.
      await phase(30, 10, chat);
      firstLines.length = 0;
      disordered = 0;
      const bare = bareNdjsonServer(sample);
      const bareUrl = await listen(bare);
      const floor = async () => {
        const response = await post(bareUrl, { input: questions[0] });
        const check = await readStream(response, performance.now());
        if (check.disorder) throw new Error(`floor stream: ${check.disorder}`);
      };
      try {
        const { calls, concurrency } = LOAD.chat;
        const loaded = await abba(calls, concurrency, chat, floor);
        report('chat', loaded.service, loaded.floor, {
          first_line_p50_ms: p(firstLines, 50),
          first_line_p95_ms: p(firstLines, 95),
          lines_per_turn: sample.length,
          out_of_order: disordered,
        });
        if (firstDisorder) line('  first out-of-order stream', { why: firstDisorder });
        figures.errors_total = (figures.errors_total ?? 0) + disordered;
      } finally {
        await close(bare);
      }
    }

    if (runs('abort')) {
      const { calls, concurrency, offlineDelayMs, afterLine } = LOAD.abort;
      // Warm (the sample data, DuckDB, the model, the users) when the chat phase did not.
      await phase(concurrency, 10, async (i) => {
        const response = await post(chatUrl, {
          input: 'total amount by status',
          sessionSettings: { externalId: `load-abort-${i % concurrency}`, groups: ['managers'] },
        });
        await readStream(response, performance.now());
      });
      // A slow model keeps each turn streaming long enough to be aborted.
      setEnv({ OFFLINE_DELAY_MS: String(offlineDelayMs) });
      // What a running turn reads of its thread when DynamoDB answers at once (as on AWS): turns one at a time.
      const alone = watchDynamo(store);
      const aloneTurns = await phase(3, 1, async (i) => {
        const response = await post(chatUrl, {
          input: 'total amount by month in 2024',
          sessionSettings: { externalId: `load-abort-${i}`, groups: ['managers'] },
        });
        await readStream(response, performance.now());
      });
      alone.stop();
      const aloneSeconds = aloneTurns.times.reduce((sum, ms) => sum + ms, 0) / 1000;
      const abortUrl = `${chatUrl}/abort`;
      const loaded = watchDynamo(store);
      const turns: AbortedTurn[] = [];
      await timeConcurrent(calls, concurrency, async (i) => {
        turns.push(
          await abortedTurn({ post, chatUrl, abortUrl, afterLine, user: `load-abort-${i % concurrency}` }),
        );
      });
      loaded.stop();
      setEnv({ OFFLINE_DELAY_MS: '0' });
      for (const turn of turns) {
        if (turn.status !== 'completed' || !(turn.stateAt >= turn.abortAt)) continue;
        turn.abortRecorded = (await threads.get(store, turn.chatId))?.abortRequestedAt !== undefined;
      }
      const summary = {
        ...summariseAborts(turns, loaded.tally.threadReads, loaded.tally.threadReadUnits),
        alone_thread_reads_per_turn_second: round(alone.tally.threadReads / aloneSeconds),
        alone_read_units_per_turn_second: round(alone.tally.threadReadUnits / aloneSeconds),
        dynamodb_p50_ms: p(loaded.tally.roundTrips, 50),
        dynamodb_p99_ms: p(loaded.tally.roundTrips, 99),
      };
      Object.assign(figures, Object.fromEntries(Object.entries(summary).map(([k, v]) => [`abort_${k}`, v])));
      figures.errors_total = (figures.errors_total ?? 0) + summary.errors + aloneTurns.errors;
      line(`abort: ${calls} turns, ${concurrency} at once`, summary);
      line(
        '  DynamoDB calls per turn',
        Object.fromEntries([...loaded.tally.operations].map(([op, count]) => [op, round(count / calls, 1)])),
      );
    }

    if (runs('sql')) {
      const anchor = 'SELECT status, MEASURE(total_amount) FROM orders_view GROUP BY 1';
      const sql = async (i: number) => {
        const response = await api('/api/v1/deployments/1/sql', {
          query: anchor,
          sessionSettings: {
            externalId: `load-sql-${i % 30}`,
            userAttributes: [{ name: 'region', value: 'north' }],
          },
        });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`SQL API ${response.status}: ${text.slice(0, 200)}`);
      };
      const model = parseModel(await demoModelFiles('main'));
      const alone = async () => {
        await runQuery({
          model,
          user: { groups: [], userAttributes: { region: 'north' }, securityContext: {} },
          sql: anchor,
          source: { kind: 'duckdb', database: 'sample' },
          maxRows: 10_000,
        });
      };
      await phase(30, 10, sql);
      await phase(30, 10, alone);
      const { calls, concurrency } = LOAD.sql;
      const loaded = await abba(calls, concurrency, sql, alone);
      report('sql', loaded.service, loaded.floor);
    }

    printGoals(figures);
    line('load: errors and out-of-order streams (must be 0)', { total: figures.errors_total ?? 0 });
    return figures;
  } finally {
    await service.stop();
    await dynamo.stop();
  }
}

function printGoals(f: Record<string, number>): void {
  const rows: [string, boolean | undefined, string][] = [
    [
      'generate-session warm / its HTTP floor',
      f.sessions_warm_p50_vs_floor_ratio === undefined
        ? undefined
        : f.sessions_warm_p50_vs_floor_ratio <= GOALS.sessionsWarmRatio,
      `${f.sessions_warm_p50_vs_floor_ratio}x (goal ≤ ${GOALS.sessionsWarmRatio}x)`,
    ],
    [
      'generate-session throughput at 50 / floor',
      f.sessions_throughput_share === undefined
        ? undefined
        : f.sessions_throughput_share >= GOALS.sessionsThroughputShare,
      `${f.sessions_throughput_share} (goal ≥ ${GOALS.sessionsThroughputShare})`,
    ],
    [
      'abort: 204 to stream end, p99',
      f.abort_end_p99_ms === undefined
        ? undefined
        : f.abort_end_p99_ms < GOALS.abortP99Ms && f.abort_completed_after_204 === 0,
      `${f.abort_end_p99_ms} ms (goal < ${GOALS.abortP99Ms}), completed after a 204: ${f.abort_completed_after_204}`,
    ],
  ];
  process.stdout.write('\n== issue 31 goals (this run)\n');
  for (const [name, met, detail] of rows) {
    if (met === undefined) continue;
    process.stdout.write(`${name.padEnd(44)} ${met ? 'met   ' : 'MISSED'}  ${detail}\n`);
  }
}

runIfMain(import.meta.url, async () => {
  const figures = await run();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  if ((figures.errors_total ?? 1) !== 0) throw new Error('the load bench saw errors');
});
