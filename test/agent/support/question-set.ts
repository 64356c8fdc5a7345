import { type ChatMessage, offlineProvider, runAgentTurn } from '../../../functions/agent';
import type { ChatOutcome } from '../../../functions/agent/eval/run';
import type { QueryUser } from '../../../functions/semantic';
import type { QuestionCase } from '../questions/types';
import { collector, demoTools, MANAGER } from './sample';

/** Numbers written in a text ("1,234.5" -> 1234.5, "12.5%" -> 12.5). */
export const numbersIn = (text: string) =>
  (text.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));

export const caseName = (c: QuestionCase) => (Array.isArray(c.ask) ? c.ask.join(' → ') : c.ask);

/**
 * Asks questions in turn on one thread of the offline agent (history carried over): the last answer and its
 * messages, or why a turn did not complete.
 */
export async function converse(
  questions: readonly string[],
  user: QueryUser,
  clock: { now?: number; timeZone?: string } = {},
): Promise<{ answer: string; messages: ChatMessage[]; failed?: string }> {
  const tools = await demoTools(user);
  const history: ChatMessage[] = [];
  let answer = '';
  let messages: ChatMessage[] = [];
  for (const question of questions) {
    const turn = collector();
    const result = await runAgentTurn({
      provider: offlineProvider(),
      tools,
      history,
      input: question,
      showThinking: false,
      signal: new AbortController().signal,
      emit: turn.emit,
      ...(clock.now !== undefined ? { now: () => clock.now ?? Date.now() } : {}),
      ...(clock.timeZone ? { timeZone: clock.timeZone } : {}),
    });
    if (result.status !== 'completed') {
      return {
        answer: result.finalAnswer,
        messages: turn.messages,
        failed: `turn ${result.status}: ${result.finalAnswer}`,
      };
    }
    history.push(
      { id: `${history.length}-message`, role: 'user', content: question, isDelta: false },
      ...turn.messages,
    );
    answer = result.finalAnswer;
    messages = turn.messages;
  }
  return { answer, messages };
}

/** Runs a case through the offline agent turn with a fixed clock; undefined when right, else why not. */
export async function judge(
  c: QuestionCase,
  defaultNow: string,
  raw: { query(sql: string): Promise<unknown[][]> },
): Promise<string | undefined> {
  const { answer, messages, failed } = await converse(
    Array.isArray(c.ask) ? c.ask : [c.ask],
    c.user ?? MANAGER,
    {
      now: Date.parse(c.now ?? defaultNow),
      ...(c.timeZone ? { timeZone: c.timeZone } : {}),
    },
  );
  if (failed) return failed;
  const calls = messages.filter((m) => m.toolCall && !m.isInProcess);
  // The answer's query is the last one (a period reaching today first asks for the data's date range).
  const sqlCall = calls.findLast((m) => m.toolCall?.name === 'coreSqlApi');
  if (c.refuse) {
    if (sqlCall) return `ran a query instead of refusing (${sqlCall.toolCall?.input}):\n${answer}`;
    if (!/(can(no|')t|could not) answer/i.test(answer)) return `no honest refusal:\n${answer}`;
    if (!/can answer/i.test(answer)) return `refusal does not say what can be answered:\n${answer}`;
    return undefined;
  }
  if (!sqlCall) return `no query:\n${answer}`;
  const expected = await raw.query(c.sql);
  if (expected.length === 0) return `expected SQL returns no rows: ${c.sql}`;
  const stated = numbersIn(answer);
  const tolerance = c.tolerance ?? 0.0051;
  for (const row of expected) {
    for (const value of row) {
      if (typeof value === 'number') {
        if (!stated.some((n) => Math.abs(n - value) <= tolerance + Math.abs(value) * 1e-12))
          return `answer lacks ${value} (${sqlCall.toolCall?.input}):\n${answer}`;
      } else if (!answer.includes(String(value))) {
        return `answer lacks "${String(value)}" (${sqlCall.toolCall?.input}):\n${answer}`;
      }
    }
  }
  if (c.series) {
    const result = JSON.parse(sqlCall.toolCall?.result ?? '{}') as { schema?: { name: string }[] };
    if (!result.schema?.some((s) => s.name === c.series))
      return `no ${c.series} series in ${JSON.stringify(result.schema)}`;
  }
  return undefined;
}

/** The last SQL result of a thread's messages, as the eval reads it from the chat stream. */
export function lastResult(messages: readonly ChatMessage[]): ChatOutcome['result'] {
  let result: ChatOutcome['result'];
  for (const m of messages) {
    if (m.toolCall?.name !== 'coreSqlApi' || m.isInProcess || !m.toolCall.result) continue;
    const parsed = JSON.parse(m.toolCall.result) as Record<string, unknown>;
    if (Array.isArray(parsed.schema) && Array.isArray(parsed.data)) {
      result = {
        schema: parsed.schema as { name: string }[],
        data: parsed.data as unknown[][],
        ...(typeof parsed.totalRows === 'number' ? { totalRows: parsed.totalRows } : {}),
        ...(typeof parsed.sqlQuery === 'string' ? { sqlQuery: parsed.sqlQuery } : {}),
      };
    }
  }
  return result;
}
