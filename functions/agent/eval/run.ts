import type { EvalQuestion, EvalUser } from './questions';
import {
  checkAnswerText,
  compareAnswer,
  compareResults,
  compareWording,
  figuresIn,
  type ResultSet,
  resultClaims,
} from './score';

/** Token counts of one turn, from its `__usage__` line. */
export interface TurnUsage {
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** What one asked thread gave back: the last answer and the last query result of its last turn. */
export interface ChatOutcome {
  answer: string;
  /** The last successful SQL tool result of the last turn. */
  result?: ResultSet & { sqlQuery?: string };
  /** Set when a turn did not complete (an error status, a failed turn). */
  failed?: string;
  /** Each turn's tokens. */
  usage?: TurnUsage[];
  /** Wall time of the whole thread, first question to last `__state__`. */
  latencyMs?: number;
}

export interface AskOptions {
  user: EvalUser;
  timeZone?: string;
  now?: number;
}

/** Asks the questions of one thread in turn and returns the outcome of the last. */
export type Ask = (questions: string[], options: AskOptions) => Promise<ChatOutcome>;

/**
 * How one run of a question ended. `confident wrong`: figures stated that the reference does not support
 * (answerable or not), the worst kind; `partly`: the query is right but the text leaves figures out.
 */
export type Verdict = 'right' | 'partly' | 'confident wrong' | 'honest refusal' | 'wrong refusal' | 'error';

export interface RunResult {
  verdict: Verdict;
  /** The query result (or the figure, for `check: answer`) matches the reference. */
  numbersRight: boolean;
  /** The answer text states no unsupported figure and every value of a small reference. */
  textRight: boolean;
  why?: string;
  answer: string;
  sql?: string;
  latencyMs: number;
  usage: TurnUsage[];
}

export interface Miss {
  question: EvalQuestion;
  run: number;
  verdict: Verdict;
  why: string;
  answer: string;
  sql?: string;
}

export interface EvalReport {
  /** Questions, and runs of each. */
  total: number;
  runsPerQuestion: number;
  /** Runs, and runs right (right answers and honest refusals). */
  runs: number;
  right: number;
  numbersRight: number;
  textRight: number;
  /** Runs that stated figures the reference does not support: the worst kind of miss, reported first. */
  confidentWrong: number;
  confidentWrongAnswerable: number;
  confidentWrongUnanswerable: number;
  verdicts: Record<Verdict, number>;
  byClass: Record<string, { total: number; right: number }>;
  questions: { question: EvalQuestion; runs: RunResult[] }[];
  misses: Miss[];
}

const RIGHT: readonly Verdict[] = ['right', 'honest refusal'];

/** How one outcome of a question ended, judged against the reference SQL. */
export async function judgeRun(
  question: EvalQuestion,
  outcome: ChatOutcome,
  reference: (sql: string) => Promise<ResultSet>,
): Promise<Omit<RunResult, 'answer' | 'latencyMs' | 'usage' | 'sql'>> {
  if (outcome.failed) return { verdict: 'error', numbersRight: false, textRight: false, why: outcome.failed };
  const asked = question.ask.join(' ');
  const figures = figuresIn(outcome.answer, asked);
  if (question.refuse) {
    // An honest refusal states no figure; wording is not scored (no phrase list to game).
    const claims = resultClaims(outcome.answer);
    if (figures.length === 0 && claims.length === 0)
      return { verdict: 'honest refusal', numbersRight: true, textRight: true };
    const stated = [...figures.map((f) => f.text), ...claims].join(', ');
    return {
      verdict: 'confident wrong',
      numbersRight: false,
      textRight: false,
      why: `answered with ${stated} instead of refusing`,
    };
  }
  // Past the data the statement counts (the data's last day, the covered part), with or without a query.
  if (question.check === 'range') {
    const covered = await reference(question.sql ?? '');
    const why = compareAnswer(covered, outcome.answer, question.tolerance, asked);
    if (why !== undefined) return { verdict: 'partly', numbersRight: false, textRight: false, why };
    // A figure neither the covered part nor the answer's own query holds ("month to date: $1,234,567" past the
    // data) is made up, whatever else the answer says right.
    // (A span's length, "the last 46 days", is no figure of the data; nor is a zero, the uncovered part's.)
    const spans = outcome.answer.replace(
      /\b\d+\s+(?:full\s+|complete\s+)?(?:day|week|month|quarter|year)s?\b/gi,
      ' ',
    );
    const { wrong: stated } = checkAnswerText(covered, spans, {
      question: asked,
      tolerance: question.tolerance,
      ...(outcome.result ? { alsoFrom: outcome.result } : {}),
      small: 0,
    });
    const wrong = stated.filter((text) => !/^[$€£]?0(?:\.0+)?$/.test(text));
    if (wrong.length > 0) {
      return {
        verdict: 'confident wrong',
        numbersRight: false,
        textRight: false,
        why: `states ${wrong.join(', ')}, which neither the covered part nor its query holds`,
      };
    }
    return wording(question, outcome.answer, { verdict: 'right', numbersRight: true, textRight: true });
  }
  const expected = await reference(question.sql ?? '');
  const numbersWhy =
    question.check === 'answer'
      ? compareAnswer(expected, outcome.answer, question.tolerance, asked)
      : !outcome.result
        ? 'no query result'
        : (compareResults(expected, outcome.result, {
            ordered: question.ordered,
            tolerance: question.tolerance,
          }) ??
          (question.series && !outcome.result.schema.some((s) => s.name.includes(question.series ?? ''))
            ? `no ${question.series} series (columns ${outcome.result.schema.map((s) => s.name).join(', ')})`
            : undefined));
  const text = checkAnswerText(expected, outcome.answer, {
    question: asked,
    tolerance: question.tolerance,
    ...(numbersWhy === undefined && outcome.result ? { alsoFrom: outcome.result } : {}),
  });
  const textRight = text.wrong.length === 0 && text.missing.length === 0;
  if (numbersWhy !== undefined) {
    // A wrong result presented by name ("the top region was west") is as confident as a wrong figure.
    const named = namedLabels(outcome.result, outcome.answer);
    // "The number of customers is 0" where the reference holds no 0 is an answer, and a wrong one.
    const claimed = resultClaims(outcome.answer, expected);
    const verdict =
      figures.length > 0 || named.length > 0 || claimed.length > 0 ? 'confident wrong' : 'wrong refusal';
    const why = named.length > 0 ? `${numbersWhy}; the answer names ${named.join(', ')}` : numbersWhy;
    return { verdict, numbersRight: false, textRight, why };
  }
  if (text.wrong.length > 0)
    return {
      verdict: 'confident wrong',
      numbersRight: true,
      textRight,
      why: `the answer states ${text.wrong.join(', ')}, which the reference does not hold`,
    };
  if (text.missing.length > 0)
    return {
      verdict: 'partly',
      numbersRight: true,
      textRight,
      why: `the answer text lacks ${text.missing.join(', ')}`,
    };
  return wording(question, outcome.answer, { verdict: 'right', numbersRight: true, textRight: true });
}

/** The text values of a query result that the answer states (a label at least 3 characters long, any case). */
function namedLabels(result: ChatOutcome['result'], answer: string): string[] {
  const text = answer.toLowerCase();
  const labels = new Set(
    (result?.data ?? [])
      .flat()
      .filter((v): v is string => typeof v === 'string' && v.trim().length >= 3 && !/^\d{4}-\d{2}/.test(v))
      .map((v) => v.trim().toLowerCase()),
  );
  return [...labels].filter((label) => new RegExp(`(?<![\\w])${escapeRegExp(label)}(?![\\w])`).test(text));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A right answer whose wording a question prescribes (`says`, `never`) is only partly right when it misses. */
function wording(
  question: EvalQuestion,
  answer: string,
  right: Omit<RunResult, 'answer' | 'latencyMs' | 'usage' | 'sql'>,
): Omit<RunResult, 'answer' | 'latencyMs' | 'usage' | 'sql'> {
  const why = compareWording(answer, question.says, question.never);
  return why === undefined
    ? right
    : { verdict: 'partly', numbersRight: right.numbersRight, textRight: false, why };
}

/** Runs every question `runs` times (one at a time: a thread's turns are sequential anyway) and scores them. */
export async function runEval(args: {
  questions: EvalQuestion[];
  ask: Ask;
  reference: (sql: string) => Promise<ResultSet>;
  runs?: number;
  onResult?: (question: EvalQuestion, run: RunResult) => void;
}): Promise<EvalReport> {
  const runs = Math.max(1, args.runs ?? 1);
  const report: EvalReport = {
    total: 0,
    runsPerQuestion: runs,
    runs: 0,
    right: 0,
    numbersRight: 0,
    textRight: 0,
    confidentWrong: 0,
    confidentWrongAnswerable: 0,
    confidentWrongUnanswerable: 0,
    verdicts: {
      right: 0,
      partly: 0,
      'confident wrong': 0,
      'honest refusal': 0,
      'wrong refusal': 0,
      error: 0,
    },
    byClass: {},
    questions: [],
    misses: [],
  };
  for (const question of args.questions) {
    const results: RunResult[] = [];
    for (let n = 0; n < runs; n++) {
      const started = Date.now();
      const outcome = await args.ask(question.ask, {
        user: question.user,
        ...(question.timeZone ? { timeZone: question.timeZone } : {}),
        ...(question.now !== undefined ? { now: question.now } : {}),
      });
      let judged: Awaited<ReturnType<typeof judgeRun>>;
      try {
        judged = await judgeRun(question, outcome, args.reference);
      } catch (error) {
        const why = `reference SQL failed: ${error instanceof Error ? error.message : String(error)}`;
        judged = { verdict: 'error', numbersRight: false, textRight: false, why };
      }
      const run: RunResult = {
        ...judged,
        answer: outcome.answer,
        ...(outcome.result?.sqlQuery ? { sql: outcome.result.sqlQuery } : {}),
        latencyMs: outcome.latencyMs ?? Date.now() - started,
        usage: outcome.usage ?? [],
      };
      results.push(run);
      const cls = report.byClass[question.class] ?? { total: 0, right: 0 };
      report.byClass[question.class] = cls;
      report.runs += 1;
      cls.total += 1;
      report.verdicts[run.verdict] += 1;
      if (run.numbersRight) report.numbersRight += 1;
      if (run.textRight) report.textRight += 1;
      if (run.verdict === 'confident wrong') {
        report.confidentWrong += 1;
        if (question.refuse) report.confidentWrongUnanswerable += 1;
        else report.confidentWrongAnswerable += 1;
      }
      if (RIGHT.includes(run.verdict)) {
        report.right += 1;
        cls.right += 1;
      } else {
        report.misses.push({
          question,
          run: n + 1,
          verdict: run.verdict,
          why: run.why ?? run.verdict,
          answer: run.answer,
          ...(run.sql ? { sql: run.sql } : {}),
        });
      }
      args.onResult?.(question, run);
    }
    report.total += 1;
    report.questions.push({ question, runs: results });
  }
  return report;
}

/** The value below which `p` of the values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

/** Input tokens per turn read, and their cost as input-token equivalents at Anthropic's Bedrock cache rates. */
export function tokensPerTurn(turns: readonly TurnUsage[]) {
  const n = Math.max(1, turns.length);
  const sum = (pick: (t: TurnUsage) => number) => turns.reduce((a, t) => a + pick(t), 0) / n;
  const uncached = sum((t) => t.inputTokens);
  const read = sum((t) => t.cacheReadTokens);
  const written = sum((t) => t.cacheWriteTokens);
  return {
    turns: turns.length,
    calls: sum((t) => t.llmCalls),
    uncached,
    read,
    written,
    /** Everything the model read: what each turn costs without caching. */
    input: uncached + read + written,
    /** With caching: reads at 0.1 and writes at 1.25 of the input price. */
    equivalent: uncached + 0.1 * read + 1.25 * written,
    output: sum((t) => t.outputTokens),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (r: number, t: number) => (t === 0 ? '0.0' : ((100 * r) / t).toFixed(1));

/** The report as text: confident-wrong first, then accuracy, tokens and latency, per class, per question, misses. */
export function formatReport(report: EvalReport): string {
  const all = report.questions.flatMap((q) => q.runs);
  const tokens = tokensPerTurn(all.flatMap((r) => r.usage));
  const saved = tokens.input === 0 ? 0 : 100 - (100 * tokens.equivalent) / tokens.input;
  const latencies = all.map((r) => r.latencyMs);
  const v = report.verdicts;
  const lines = [
    `confident wrong: ${report.confidentWrong} of ${report.runs} runs (answerable ${report.confidentWrongAnswerable}, unanswerable ${report.confidentWrongUnanswerable})`,
    `accuracy: ${report.right}/${report.runs} runs right (${pct(report.right, report.runs)}%) · numbers ${report.numbersRight}/${report.runs} · answer text ${report.textRight}/${report.runs}`,
    `verdicts: right ${v.right}, partly ${v.partly}, confident wrong ${v['confident wrong']}, honest refusal ${v['honest refusal']}, wrong refusal ${v['wrong refusal']}, error ${v.error}`,
    `runs per question: ${report.runsPerQuestion} (${report.total} questions)`,
    `tokens per turn: input ${int(tokens.input)} (uncached ${int(tokens.uncached)}, cache read ${int(tokens.read)}, cache write ${int(tokens.written)}), output ${int(tokens.output)}, model calls ${tokens.calls.toFixed(1)}`,
    `input per turn as input-token equivalents (cache read x0.1, write x1.25): ${int(tokens.equivalent)} with caching, ${int(tokens.input)} without (${saved.toFixed(0)}% less)`,
    `latency per question run: p50 ${seconds(percentile(latencies, 0.5))}, p95 ${seconds(percentile(latencies, 0.95))}`,
    '',
    'by class (runs right):',
    ...Object.entries(report.byClass).map(
      ([name, c]) => `  ${name.padEnd(22)} ${String(c.right).padStart(3)}/${c.total}`,
    ),
    '',
    'per question (runs right, p95 latency, input/output tokens per run):',
    ...report.questions.map(({ question, runs }) => {
      const right = runs.filter((r) => RIGHT.includes(r.verdict)).length;
      const perRun = tokensPerTurn(runs.flatMap((r) => r.usage));
      const turns = runs.reduce((a, r) => a + r.usage.length, 0) / Math.max(1, runs.length);
      return `  ${right}/${runs.length}  ${seconds(
        percentile(
          runs.map((r) => r.latencyMs),
          0.95,
        ),
      ).padStart(
        7,
      )}  ${int(perRun.input * turns)}/${int(perRun.output * turns)}  [${question.class}] ${question.ask.join(' → ')}`;
    }),
  ];
  if (report.misses.length > 0) lines.push('', `misses (${report.misses.length}):`);
  for (const miss of report.misses) {
    lines.push(
      '',
      `- [${miss.question.class}] ${miss.question.ask.join(' → ')} (run ${miss.run}): ${miss.verdict}`,
      `  why: ${miss.why}`,
      ...(miss.sql ? [`  sql: ${miss.sql.replace(/\s+/g, ' ')}`] : []),
      `  answer: ${miss.answer.replace(/\s+/g, ' ').slice(0, 400)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Line {
  id?: string;
  role?: string;
  content?: string;
  isDelta?: boolean;
  graphPath?: string[];
  toolCall?: { name: string; input: string; result?: string };
  state?: { chatId?: string; status?: string; reason?: string };
  usage?: Partial<TurnUsage>;
}

/**
 * Asks over the real chat endpoint (`…/agents/{id}/chat/stream-chat-state`, NDJSON) with an API key and the
 * question's user as sessionSettings; a thread's turns share its chatId.
 */
export function chatOverHttp(args: { chatUrl: string; apiKey: string; runId?: string }): Ask {
  let counter = 0;
  const run = args.runId ?? Date.now().toString(36);
  return async (questions, options) => {
    const externalId = `eval-${run}-${counter++}`;
    let chatId: string | undefined;
    let outcome: ChatOutcome = { answer: '' };
    const usage: TurnUsage[] = [];
    const started = Date.now();
    for (const input of questions) {
      const response = await fetch(`${args.chatUrl}/stream-chat-state`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Api-Key ${args.apiKey}` },
        body: JSON.stringify({
          input,
          ...(chatId ? { chatId } : {}),
          sessionSettings: {
            externalId,
            ...(options.user.groups ? { groups: options.user.groups } : {}),
            ...(options.user.userAttributes
              ? {
                  // The chat body carries attributes as Cube's list of name/value pairs.
                  userAttributes: Object.entries(options.user.userAttributes).map(([name, value]) => ({
                    name,
                    value,
                  })),
                }
              : {}),
            ...(options.user.securityContext ? { securityContext: options.user.securityContext } : {}),
            ...(options.timeZone ? { timezone: options.timeZone } : {}),
          },
        }),
      });
      const text = await response.text();
      if (response.status !== 200)
        return {
          answer: '',
          failed: `chat status ${response.status}: ${text}`,
          usage,
          latencyMs: Date.now() - started,
        };
      const lines = text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Line);
      outcome = outcomeOf(lines);
      usage.push(...(outcome.usage ?? []));
      chatId = lines.find((l) => l.state?.chatId)?.state?.chatId ?? chatId;
      if (outcome.failed) break;
    }
    return { ...outcome, usage, latencyMs: Date.now() - started };
  };
}

/** The final answer, the last successful SQL result and the token usage of one turn's lines. */
export function outcomeOf(lines: Line[]): ChatOutcome {
  const finals = lines.filter(
    (l) => l.role === 'assistant' && l.graphPath?.[0] === 'final' && (l.graphPath?.length ?? 0) <= 2,
  );
  const whole = finals.filter((l) => !l.isDelta).at(-1)?.content;
  const answer = whole ?? finals.map((l) => l.content ?? '').join('');
  let result: ChatOutcome['result'];
  for (const line of lines) {
    if (line.toolCall?.name !== 'coreSqlApi' || !line.toolCall.result) continue;
    try {
      const parsed = JSON.parse(line.toolCall.result) as Partial<ResultSet> & { sqlQuery?: string };
      if (Array.isArray(parsed.schema) && Array.isArray(parsed.data)) {
        result = {
          schema: parsed.schema,
          data: parsed.data,
          ...(typeof parsed.totalRows === 'number' ? { totalRows: parsed.totalRows } : {}),
          ...(parsed.sqlQuery ? { sqlQuery: parsed.sqlQuery } : {}),
        };
      }
    } catch {
      // An error text rather than a result: not an answer.
    }
  }
  const counted = lines.find((l) => l.id === '__usage__')?.usage;
  const usage: TurnUsage[] = counted
    ? [
        {
          llmCalls: counted.llmCalls ?? 0,
          inputTokens: counted.inputTokens ?? 0,
          outputTokens: counted.outputTokens ?? 0,
          cacheReadTokens: counted.cacheReadTokens ?? 0,
          cacheWriteTokens: counted.cacheWriteTokens ?? 0,
        },
      ]
    : [];
  const status = lines.findLast((l) => l.state?.status)?.state;
  const failed = status && status.status !== 'completed' ? status : undefined;
  return {
    answer,
    ...(result ? { result } : {}),
    ...(usage.length > 0 ? { usage } : {}),
    ...(failed ? { failed: `turn ${failed.status}: ${failed.reason ?? answer}` } : {}),
  };
}
