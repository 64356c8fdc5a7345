import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChatMessage, runAgentTurn } from '../../functions/agent';
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
 * Every way a model step can end is acted on, over both wire protocols with scripted model turns: a reply cut at
 * the output limit (mid tool call or mid answer), a filtered reply, a garbled tool call, throttling and server
 * errors before and during the stream (retried with backoff), and failures that last (a generic message with a
 * reference for the user; the provider's words, which may name an account and a role, only in the logs).
 */
const COUNT = 'SELECT MEASURE(count) AS orders FROM orders_view';
const ARN = 'arn:aws:iam::123456789012:role/analyst-secret-role';

const servers: ModelServer[] = [];

beforeAll(async () => {
  for (const protocol of PROTOCOLS) servers.push(await startModelServer(protocol));
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await closeDrivers();
});

const query: ScriptStep = {
  tools: [
    {
      id: 'q1',
      name: 'coreSqlApi',
      input: { sqlQuery: COUNT, queryTitle: 'Orders', description: 'Counts orders.' },
    },
  ],
};

async function turn(model: ModelServer, ...steps: ScriptStep[]) {
  model.steps(...steps);
  const before = model.requests.length;
  const { messages, emit } = collector();
  const logged: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const result = await runAgentTurn({
    provider: model.provider(),
    tools: await demoTools(),
    history: [],
    input: 'How many orders are there?',
    showThinking: false,
    signal: new AbortController().signal,
    emit,
    retryBaseMs: 1,
    log: {
      warn: (message, fields) => void logged.push({ level: 'warn', message, fields: fields ?? {} }),
      error: (message, fields) => void logged.push({ level: 'error', message, fields: fields ?? {} }),
    },
  });
  const sent = model.requests.slice(before);
  return { result, messages, logged, sent };
}

const sqlCalls = (messages: ChatMessage[]) =>
  messages.filter((m) => m.toolCall?.name === 'coreSqlApi' && m.toolCall.result !== undefined);
const orders = (messages: ChatMessage[]) => {
  const result = JSON.parse(sqlCalls(messages)[0]?.toolCall?.result ?? '{}') as { data?: number[][] };
  return result.data?.[0]?.[0] ?? -1;
};

describe.each(PROTOCOLS)('stop reasons over %s', (protocol) => {
  const model = () => servers.find((s) => s.protocol === protocol) as ModelServer;

  it('does not run a tool call cut at the output limit: asks again once, shorter, and goes on', async () => {
    const { result, messages, sent } = await turn(model(), { ...query, stop: 'length' }, query, {
      text: 'There are 20,000 orders.',
    });
    expect(sqlCalls(messages)).toHaveLength(1);
    expect(sentTexts(protocol, sent[1] ?? {}).at(-1)).toContain(
      'Your last reply was cut off at the output limit',
    );
    expect(result.status).toBe('completed');
    expect(result.finalAnswer).toBe(`There are ${orders(messages).toLocaleString('en-US')} orders.`);
  });

  it('never passes off an answer cut at the output limit as complete', async () => {
    const { result, messages } = await turn(model(), query, {
      text: 'There are 20,000 orders and',
      stop: 'length',
    });
    expect(result.status).toBe('error');
    expect(result.finalAnswer).toMatch(
      /^The answer was longer than the language model's output limit allows, twice\./,
    );
    expect(result.finalAnswer).not.toContain('There are 20,000 orders and');
    // The cut text's complete copy says it was not used.
    expect(
      messages.some((m) => m.content?.startsWith('(This reply was cut off at the model’s output limit')),
    ).toBe(true);
  });

  it('ends a filtered reply as an error with a plain message, not as a completed answer', async () => {
    const { result } = await turn(model(), query, { text: 'I will not', stop: 'filter' });
    expect(result.status).toBe('error');
    expect(result.finalAnswer).toMatch(/content filter stopped this answer/);
    expect(result.error).toBe("The model provider's content filter stopped the answer.");
  });

  it('asks again for a garbled tool call instead of running it', async () => {
    const { result, messages, sent } = await turn(model(), { ...query, stop: 'malformed' }, query, {
      text: 'Done: see the table.',
    });
    expect(sqlCalls(messages)).toHaveLength(1);
    expect(sentTexts(protocol, sent[1] ?? {}).at(-1)).toContain('Your last tool call was malformed');
    expect(result.status).toBe('completed');
  });
});

describe.each(PROTOCOLS)('throttling and server errors over %s', (protocol) => {
  const model = () => servers.find((s) => s.protocol === protocol) as ModelServer;

  it('retries throttling and 5xx before the stream with backoff, unseen by the user', async () => {
    const { result, sent, messages } = await turn(
      model(),
      { fail: 'throttle' },
      { fail: 'unavailable' },
      query,
      { text: 'See the table.' },
    );
    expect(sent).toHaveLength(4);
    expect(result.status).toBe('completed');
    expect(sqlCalls(messages)).toHaveLength(1);
  });

  it('runs a step again when throttling breaks its stream midway', async () => {
    const { result, sent, messages, logged } = await turn(
      model(),
      { fail: 'throttle', after: 'Let me count' },
      query,
      { text: 'See the table.' },
    );
    expect(sent).toHaveLength(3);
    expect(result.status).toBe('completed');
    expect(sqlCalls(messages)).toHaveLength(1);
    // The broken step's text is closed as it stood; the retry is a new step.
    expect(messages.some((m) => m.isDelta === false && m.content === 'Let me count …')).toBe(true);
    expect(logged.some((l) => l.message === 'model step broke; running it again')).toBe(true);
  });

  it('tells the user a generic message with a reference when throttling lasts; the full error goes to the log only', async () => {
    const message = `User ${ARN} is being throttled on account 123456789012`;
    const { result, messages, logged, sent } = await turn(model(), { fail: 'throttle', message });
    expect(sent).toHaveLength(4);
    expect(result.status).toBe('error');
    const reference = /reference ([0-9a-f]{12})/.exec(result.finalAnswer)?.[1];
    expect(result.finalAnswer).toMatch(
      /^Sorry, the language model is busy right now \(too many requests\)\. Please try again in a moment \(reference [0-9a-f]{12}\)\./,
    );
    expect(result.error).toBe(`The analyst could not finish this answer (reference ${reference}).`);
    // Nothing the user or the thread's history gets carries the provider's words.
    expect(JSON.stringify(messages)).not.toContain('123456789012');
    expect(JSON.stringify(result)).not.toContain('123456789012');
    const error = logged.find((l) => l.level === 'error');
    expect(error?.fields).toMatchObject({ reference });
    expect(String(error?.fields.errorMessage)).toContain(ARN);
  });

  it('does not retry a refusal (access denied) and still hides its words', async () => {
    const { result, sent } = await turn(model(), { fail: 'denied', message: `not authorized: ${ARN}` });
    expect(sent).toHaveLength(1);
    expect(result.status).toBe('error');
    expect(result.finalAnswer).toMatch(
      /^Sorry, the analyst ran into a problem\. Please try again in a moment \(reference/,
    );
    expect(result.finalAnswer).not.toContain(ARN);
  });
});
