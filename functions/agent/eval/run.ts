import type { EvalQuestion, EvalUser } from './questions';
import { compareAnswer, compareResults, compareWording, REFUSAL, type ResultSet } from './score';

/** What one asked thread gave back: the last answer and the last query result of its last turn. */
export interface ChatOutcome {
  answer: string;
  /** The last successful SQL tool result of the last turn. */
  result?: ResultSet & { sqlQuery?: string };
  /** Set when a turn did not complete (an error status, a failed turn). */
  failed?: string;
}

export interface AskOptions {
  user: EvalUser;
  timeZone?: string;
  now?: number;
}

/** Asks the questions of one thread in turn and returns the outcome of the last. */
export type Ask = (questions: string[], options: AskOptions) => Promise<ChatOutcome>;

export interface Miss {
  question: EvalQuestion;
  why: string;
  answer: string;
  sql?: string;
}

export interface EvalReport {
  total: number;
  right: number;
  /** Questions that call for a refusal but got a number without one: the worst kind of miss. */
  confidentWrong: number;
  byClass: Record<string, { total: number; right: number }>;
  misses: Miss[];
}

/** Why an outcome is wrong for its question, or undefined when it is right. */
export async function judgeOutcome(
  question: EvalQuestion,
  outcome: ChatOutcome,
  reference: (sql: string) => Promise<ResultSet>,
): Promise<string | undefined> {
  if (outcome.failed) return outcome.failed;
  const why = await judgeContent(question, outcome, reference);
  return why ?? compareWording(outcome.answer, question.says, question.never);
}

async function judgeContent(
  question: EvalQuestion,
  outcome: ChatOutcome,
  reference: (sql: string) => Promise<ResultSet>,
): Promise<string | undefined> {
  const refused = REFUSAL.test(outcome.answer);
  if (question.refuse) {
    if (!refused) return outcome.result ? 'answered with a query instead of refusing' : 'no honest refusal';
    return undefined;
  }
  // Past the data the statement counts (the data's last day, the covered part), with or without a query.
  if (question.check === 'range') {
    return compareAnswer(await reference(question.sql ?? ''), outcome.answer, question.tolerance);
  }
  if (!outcome.result) return refused ? 'refused an answerable question' : 'no query';
  const expected = await reference(question.sql ?? '');
  if (question.check === 'answer') return compareAnswer(expected, outcome.answer, question.tolerance);
  const why = compareResults(expected, outcome.result, {
    ordered: question.ordered,
    tolerance: question.tolerance,
  });
  if (why) return why;
  if (question.series && !outcome.result.schema.some((s) => s.name.includes(question.series ?? ''))) {
    return `no ${question.series} series (columns ${outcome.result.schema.map((s) => s.name).join(', ')})`;
  }
  return undefined;
}

/** Runs every question (one at a time: a thread's turns are sequential anyway) and scores them. */
export async function runEval(args: {
  questions: EvalQuestion[];
  ask: Ask;
  reference: (sql: string) => Promise<ResultSet>;
  onResult?: (question: EvalQuestion, why: string | undefined) => void;
}): Promise<EvalReport> {
  const report: EvalReport = { total: 0, right: 0, confidentWrong: 0, byClass: {}, misses: [] };
  for (const question of args.questions) {
    const outcome = await args.ask(question.ask, {
      user: question.user,
      ...(question.timeZone ? { timeZone: question.timeZone } : {}),
      ...(question.now !== undefined ? { now: question.now } : {}),
    });
    let why: string | undefined;
    try {
      why = await judgeOutcome(question, outcome, args.reference);
    } catch (error) {
      why = `reference SQL failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    const cls = report.byClass[question.class] ?? { total: 0, right: 0 };
    report.byClass[question.class] = cls;
    report.total += 1;
    cls.total += 1;
    if (why) {
      if (question.refuse && outcome.result && !REFUSAL.test(outcome.answer)) report.confidentWrong += 1;
      report.misses.push({
        question,
        why,
        answer: outcome.answer,
        ...(outcome.result?.sqlQuery ? { sql: outcome.result.sqlQuery } : {}),
      });
    } else {
      report.right += 1;
      cls.right += 1;
    }
    args.onResult?.(question, why);
  }
  return report;
}

/** The report as text: accuracy, per class, then every miss with its answer. */
export function formatReport(report: EvalReport): string {
  const pct = (r: number, t: number) => (t === 0 ? '0.0' : ((100 * r) / t).toFixed(1));
  const lines = [
    `execution accuracy: ${report.right}/${report.total} (${pct(report.right, report.total)}%)`,
    `confident wrong answers to unanswerable questions: ${report.confidentWrong}`,
    '',
    ...Object.entries(report.byClass).map(
      ([name, c]) => `  ${name.padEnd(22)} ${String(c.right).padStart(3)}/${c.total}`,
    ),
  ];
  if (report.misses.length > 0) lines.push('', `misses (${report.misses.length}):`);
  for (const miss of report.misses) {
    lines.push(
      '',
      `- [${miss.question.class}] ${miss.question.ask.join(' → ')}`,
      `  why: ${miss.why}`,
      ...(miss.sql ? [`  sql: ${miss.sql.replace(/\s+/g, ' ')}`] : []),
      `  answer: ${miss.answer.replace(/\s+/g, ' ').slice(0, 400)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Line {
  role?: string;
  content?: string;
  isDelta?: boolean;
  graphPath?: string[];
  toolCall?: { name: string; input: string; result?: string };
  state?: { chatId?: string; status?: string; reason?: string };
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
      if (response.status !== 200) return { answer: '', failed: `chat status ${response.status}: ${text}` };
      const lines = text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Line);
      outcome = outcomeOf(lines);
      chatId = lines.find((l) => l.state?.chatId)?.state?.chatId ?? chatId;
      if (outcome.failed) return outcome;
    }
    return outcome;
  };
}

/** The final answer and the last successful SQL result of one turn's lines. */
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
  const status = lines.findLast((l) => l.state?.status)?.state;
  const failed = status && status.status !== 'completed' ? status : undefined;
  return {
    answer,
    ...(result ? { result } : {}),
    ...(failed ? { failed: `turn ${failed.status}: ${failed.reason ?? answer}` } : {}),
  };
}
