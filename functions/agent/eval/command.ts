import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setEnv } from '../../config';
import { ensureSampleDatabase, PostgresDriver } from '../../semantic';
import { parseQuestionFile, parseQuestionModule } from './questions';
import { type Ask, chatOverHttp, type EvalReport, formatReport, runEval } from './run';
import type { ResultSet } from './score';

export const EVAL_HELP = `npm run eval -- --questions FILE [options]

Runs a question file (YAML or JSON: question, reference SQL or refuse: true) through the chat endpoint, each
question several times, and reports confident-wrong runs first, then accuracy on the numbers and on the answer
text, tokens per turn (with and without prompt caching) and latency, per class and per question, and the misses
(README, "Evaluating the analyst").

  --questions FILE       the question file (README, "Evaluating the analyst")
  --provider NAME        offline (default), bedrock or openai: the local service's MODEL_PROVIDER
                         (BEDROCK_* / OPENAI_* settings come from the environment)
  --runs N               runs of each question (default 3; 1 for offline, which is deterministic)
  --max-confident-wrong N  exit 1 above this many confident-wrong runs (the launch gate: 0)
  --url URL              a running service instead of the local one started here
  --key KEY              its API key (admin key of the account) with --url
  --account NAME         account of the agent (default demo)
  --agent ID             agent id (default 1)
  --reference SOURCE     where the reference SQL runs: duckdb:PATH or a postgres:// URL
                         (default: the demo sample database)
  --min-accuracy PCT     exit 1 below this execution accuracy
  --json FILE            also write the report as JSON
`;

export class EvalUsageError extends Error {}

interface Options {
  questions: string;
  provider: string;
  url?: string;
  key?: string;
  account: string;
  agent: string;
  reference?: string;
  minAccuracy?: number;
  maxConfidentWrong?: number;
  runs: number;
  json?: string;
}

export function parseEvalArgs(argv: string[]): Options {
  let values: ReturnType<typeof parse>['values'];
  const parse = (args: string[]) =>
    parseArgs({
      args,
      options: {
        questions: { type: 'string' },
        provider: { type: 'string' },
        url: { type: 'string' },
        key: { type: 'string' },
        account: { type: 'string' },
        agent: { type: 'string' },
        reference: { type: 'string' },
        'min-accuracy': { type: 'string' },
        runs: { type: 'string' },
        'max-confident-wrong': { type: 'string' },
        json: { type: 'string' },
      },
      strict: true,
    });
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new EvalUsageError(error instanceof Error ? error.message : String(error));
  }
  if (!values.questions) throw new EvalUsageError('--questions FILE is required');
  const provider = (values.provider ?? 'offline').toLowerCase();
  if (!['offline', 'bedrock', 'openai'].includes(provider))
    throw new EvalUsageError(`--provider must be offline, bedrock or openai (not ${provider})`);
  if (values.url && !values.key) throw new EvalUsageError('--url needs --key');
  const minAccuracy = values['min-accuracy'] === undefined ? undefined : Number(values['min-accuracy']);
  if (minAccuracy !== undefined && !(minAccuracy >= 0 && minAccuracy <= 100))
    throw new EvalUsageError('--min-accuracy must be a percentage');
  const runs = values.runs === undefined ? (provider === 'offline' ? 1 : 3) : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new EvalUsageError('--runs must be 1 to 20');
  const maxWrong =
    values['max-confident-wrong'] === undefined ? undefined : Number(values['max-confident-wrong']);
  if (maxWrong !== undefined && !(Number.isInteger(maxWrong) && maxWrong >= 0))
    throw new EvalUsageError('--max-confident-wrong must be a whole number');
  return {
    questions: values.questions,
    provider,
    account: values.account ?? 'demo',
    agent: values.agent ?? '1',
    ...(values.url ? { url: values.url.replace(/\/+$/, '') } : {}),
    ...(values.key ? { key: values.key } : {}),
    ...(values.reference ? { reference: values.reference } : {}),
    ...(minAccuracy !== undefined ? { minAccuracy } : {}),
    ...(maxWrong !== undefined ? { maxConfidentWrong: maxWrong } : {}),
    runs,
    ...(values.json ? { json: values.json } : {}),
  };
}

/** Runs reference SQL: plain, unqualified table names on a read-only connection. */
interface ReferenceSource {
  query(sql: string): Promise<ResultSet>;
  close(): Promise<void>;
}

async function referenceSource(spec: string | undefined): Promise<ReferenceSource> {
  if (spec?.startsWith('postgres://') || spec?.startsWith('postgresql://')) {
    const driver = new PostgresDriver(spec);
    return {
      query: (sql) => driver.execute({ sql, params: [] }, { maxRows: 10_000, timeoutMs: 60_000 }),
      close: () => driver.close(),
    };
  }
  const path = spec?.startsWith('duckdb:')
    ? spec.slice('duckdb:'.length)
    : (spec ?? (await ensureSampleDatabase()));
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY', threads: '1' });
  const connection = await instance.connect();
  return {
    async query(sql) {
      const reader = await connection.runAndReadAll(sql);
      const data = reader
        .getRowsJS()
        .map((row) =>
          row.map((v) =>
            typeof v === 'bigint'
              ? Number(v)
              : v && typeof v === 'object' && 'toDouble' in v
                ? Number(String(v))
                : v,
          ),
        );
      return { schema: reader.columnNames().map((name) => ({ name })), data, totalRows: data.length };
    },
    async close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * The eval command: starts the local service (demo seed, the provider asked for) unless --url is given, runs
 * the file and prints the report. The turn's clock of a question (`now`) applies to the local service only.
 */
export async function evalCommand(
  argv: string[],
  write: (text: string) => void,
): Promise<{ report: EvalReport; code: number }> {
  const options = parseEvalArgs(argv);
  // A TypeScript question set (the tuning sets) is imported; YAML and JSON files are parsed.
  const questions = /\.(ts|mts|js|mjs)$/.test(options.questions)
    ? parseQuestionModule(
        (await import(pathToFileURL(resolve(options.questions)).href)) as Record<string, unknown>,
      )
    : parseQuestionFile(await readFile(options.questions, 'utf8'));
  // The command leaves the environment as it found it (the local service sets its own variables).
  const before = Object.fromEntries(
    [
      'MODEL_PROVIDER',
      'OFFLINE_PROMPT_CACHE',
      'DYNAMODB_ENDPOINT',
      'TABLE_NAME',
      'TOKEN_BUDGET_DAILY',
      'TOKEN_BUDGET_MONTHLY',
    ].map((name) => [name, process.env[name]]),
  );
  // Offline, input tokens are reported as Bedrock's prompt cache would bill them (estimated): the report then
  // shows the effect of caching on the same runs.
  // The local service it starts has no token budget: a large file (or several runs of one) would use up the daily
  // default partway and leave the rest as errors (429 BUDGET_EXCEEDED); a running service keeps its own.
  setEnv({
    MODEL_PROVIDER: options.provider,
    ...(options.provider === 'offline' ? { OFFLINE_PROMPT_CACHE: 'on' } : {}),
    ...(options.url ? {} : { TOKEN_BUDGET_DAILY: 'none', TOKEN_BUDGET_MONTHLY: 'none' }),
  });
  const source = await referenceSource(options.reference);
  let stop: (() => Promise<void>) | undefined;
  try {
    let base = options.url;
    let key = options.key;
    if (!base || !key) {
      const { startLocalService } = await import('../../local/service');
      const service = await startLocalService({
        ...(process.env.DYNAMODB_ENDPOINT ? { dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT } : {}),
        tableName: `eval-${Date.now().toString(36)}`,
      });
      stop = () => service.stop();
      base = service.baseUrl;
      key = service.keys.demo;
    }
    const http = chatOverHttp({
      chatUrl: `${base}/api/v1/public/${options.account}/agents/${options.agent}/chat`,
      apiKey: key,
    });
    const local = !options.url;
    const ask: Ask = async (thread, asked) => {
      // The local service reads the turn's clock from ANALYST_NOW (fixed clocks for relative dates).
      const previous = process.env.ANALYST_NOW;
      if (local && asked.now !== undefined) setEnv({ ANALYST_NOW: new Date(asked.now).toISOString() });
      try {
        return await http(thread, asked);
      } finally {
        setEnv({ ANALYST_NOW: previous });
      }
    };
    const reference = (sql: string) => source.query(sql);
    const report = await runEval({
      questions,
      ask,
      reference,
      runs: options.runs,
      onResult: (q, run) =>
        write(
          `${(run.verdict === 'right' || run.verdict === 'honest refusal' ? 'ok' : 'MISS').padEnd(4)} ${run.verdict.padEnd(15)} ${q.ask.join(' → ')}\n`,
        ),
    });
    write(`\n${formatReport(report)}`);
    if (options.json) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`);
    }
    const accuracy = report.runs === 0 ? 0 : (100 * report.right) / report.runs;
    const failed =
      (options.minAccuracy !== undefined && accuracy < options.minAccuracy) ||
      (options.maxConfidentWrong !== undefined && report.confidentWrong > options.maxConfidentWrong);
    const code = failed ? 1 : 0;
    return { report, code };
  } finally {
    await stop?.();
    await source.close();
    setEnv(before);
  }
}
