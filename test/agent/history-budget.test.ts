import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChatMessage, runAgentTurn } from '../../functions/agent';
import { conversationTokens, fitHistory, historyToConversation } from '../../functions/agent/history';
import { closeDrivers } from '../../functions/semantic';
import {
  type ModelServer,
  PROTOCOLS,
  type ScriptStep,
  sentTexts,
  startModelServer,
} from './support/model-servers';
import { collector, demoTools } from './support/sample';

/**
 * History is bounded by an estimate of tokens, not by lines: the oldest whole turns are left out and the model is
 * told. When the model still says the input is too long (an HTTP error or Bedrock's stop reason), older turns are
 * dropped and the step runs again, and the user is told. Scripted model turns over both wire protocols.
 */
const servers: ModelServer[] = [];

beforeAll(async () => {
  for (const protocol of PROTOCOLS) servers.push(await startModelServer(protocol));
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await closeDrivers();
});

/** A thread of `turns` answered questions, each with a query result of about `rows` rows. */
function thread(turns: number, rows = 20): ChatMessage[] {
  return Array.from({ length: turns }, (_, t) => {
    const data = Array.from({ length: rows }, (_, i) => [`customer-${t}-${i}`, 1000 + i * 7.25]);
    const result = {
      sqlQuery: `SELECT customers_name, MEASURE(total_amount) FROM orders_view -- turn ${t}`,
      queryTitle: `Turn ${t}`,
      description: '',
      userRequest: `question ${t}`,
      schema: [
        { name: 'customers_name', column_type: 'VARCHAR' },
        { name: 'revenue', column_type: 'DOUBLE' },
      ],
      data,
      totalRows: rows,
      uuid: `u-${t}`,
    };
    return [
      { id: `${t}-message`, role: 'user', content: `question ${t}`, isDelta: false },
      {
        id: `${t}-tool`,
        role: 'assistant',
        graphPath: ['core_data_analyst_agent', 'tools'],
        isInProcess: false,
        toolCall: {
          name: 'coreSqlApi',
          input: JSON.stringify({ sqlQuery: result.sqlQuery }),
          result: JSON.stringify(result),
        },
      },
      {
        id: `${t}-final`,
        role: 'assistant',
        graphPath: ['final'],
        content: `answer ${t}`,
        isInProcess: false,
      },
    ] satisfies ChatMessage[];
  }).flat();
}

const questions = (protocol: string, body: Record<string, unknown>) =>
  sentTexts(protocol as 'bedrock' | 'openai', body).filter((t) => /^question \d+$/.test(t));

describe.each(PROTOCOLS)('a long thread over %s', (protocol) => {
  const model = () => servers.find((s) => s.protocol === protocol) as ModelServer;
  const run = async (history: ChatMessage[], historyTokens: number | undefined, ...steps: ScriptStep[]) => {
    model().steps(...steps);
    const before = model().requests.length;
    const result = await runAgentTurn({
      provider: model().provider(),
      tools: await demoTools(),
      history,
      input: 'And the latest one?',
      showThinking: false,
      signal: new AbortController().signal,
      emit: collector().emit,
      log: { warn: () => undefined, error: () => undefined },
      ...(historyTokens !== undefined ? { historyTokens } : {}),
    });
    return { result, sent: model().requests.slice(before) };
  };

  it('sends the newest turns that fit the token budget, whole, and tells the model the rest were left out', async () => {
    // Prepare: 60 turns of about 250 tokens each, a 3,000-token budget.
    const history = thread(60);
    const full = conversationTokens(historyToConversation(history));
    expect(full).toBeGreaterThan(14_000);
    // Act
    const { result, sent } = await run(history, 3_000, { text: 'I no longer have those turns.' });
    // Assess
    expect(result.status).toBe('completed');
    const asked = questions(protocol, sent[0] ?? {});
    expect(asked.length).toBeGreaterThan(3);
    expect(asked.length).toBeLessThan(20);
    expect(asked.at(-1)).toBe('question 59');
    const kept = historyToConversation(history).slice(-asked.length * 4);
    expect(conversationTokens(kept)).toBeLessThanOrEqual(3_000);
    const context = sentTexts(protocol, sent[0] ?? {}).at(-1) ?? '';
    expect(context).toContain(
      `The ${60 - asked.length} oldest turn(s) of this conversation were left out to fit your context`,
    );
  });

  it('recovers from "input too long": drops older turns, runs the step again, and says so', async () => {
    const { result, sent } = await run(thread(12), undefined, { fail: 'too-long' }, { text: 'Here it is.' });
    expect(sent).toHaveLength(2);
    expect(questions(protocol, sent[1] ?? {}).length).toBeLessThan(questions(protocol, sent[0] ?? {}).length);
    expect(result.status).toBe('completed');
    expect(result.finalAnswer).toMatch(
      /^Here it is\.\n\n_\(I left out the \d+ oldest turn\(s\) of this conversation to fit the language model's context\.\)_$/,
    );
  });

  it('recovers from a context-window stop reason the same way, and ends plainly when nothing is left to drop', async () => {
    const recovered = await run(thread(2), undefined, { stop: 'context' }, { text: 'Fine.' });
    expect(recovered.result.status).toBe('completed');
    // Half the history goes at each overflow: the older of the two turns.
    expect(questions(protocol, recovered.sent[0] ?? {})).toEqual(['question 0', 'question 1']);
    expect(questions(protocol, recovered.sent[1] ?? {})).toEqual(['question 1']);
    const stuck = await run([], undefined, { fail: 'too-long' });
    expect(stuck.result.status).toBe('error');
    expect(stuck.result.finalAnswer).toMatch(
      /^Sorry, this conversation has grown too long for the language model; please start a new one/,
    );
  });
});

describe('fitHistory', () => {
  it('leaves out whole turns, oldest first, never a tool result without its call', () => {
    const conversation = historyToConversation(thread(5));
    const { messages, dropped } = fitHistory(conversation, conversationTokens(conversation.slice(-8)));
    expect(dropped).toBe(3);
    expect(messages[0]).toEqual({ role: 'user', text: 'question 3' });
    expect(fitHistory(conversation, 0)).toEqual({ messages: [], dropped: 5 });
  });
});
