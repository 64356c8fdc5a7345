import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AnalystTools,
  type ChatMessage,
  type ModelEvent,
  type ModelProvider,
  type ModelRequest,
  offlineProvider,
  runAgentTurn,
} from '../../functions/agent';
import { closeDrivers } from '../../functions/semantic';
import { collector, demoTools } from './support/sample';

/** A provider whose steps are written by the test: each step sees the request and yields events. */
function scripted(
  steps: ((request: ModelRequest, signal: AbortSignal) => AsyncIterable<ModelEvent> | ModelEvent[])[],
): ModelProvider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    name: 'scripted',
    requests,
    async *stream(request, signal) {
      requests.push(structuredClone(request));
      const step = steps[Math.min(requests.length - 1, steps.length - 1)];
      if (!step) throw new Error('no step');
      yield* step(request, signal);
    },
  };
}

const toolUse = (id: string, name: string, input: Record<string, unknown>): ModelEvent[] => [
  { type: 'toolUse', toolUse: { id, name, input } },
  { type: 'end', stopReason: 'tool_use' },
];
const say = (text: string): ModelEvent[] => [
  { type: 'text', delta: text },
  { type: 'end', stopReason: 'end_turn' },
];

const finals = (messages: ChatMessage[]) => messages.filter((m) => m.graphPath?.[0] === 'final');
const tools = (messages: ChatMessage[]) => messages.filter((m) => m.toolCall);
const never = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
  );

let analyst: AnalystTools;

beforeAll(async () => {
  analyst = await demoTools();
});

afterAll(async () => {
  await closeDrivers();
});

describe('runAgentTurn: message order and shape (contract §6)', () => {
  it('emits tool calls in process then complete, agent deltas then one complete copy, then exactly one final last', async () => {
    // Prepare
    const { messages, emit } = collector();
    // Act
    const result = await runAgentTurn({
      provider: offlineProvider(),
      tools: analyst,
      history: [],
      input: 'What is the total revenue by region?',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
    });
    // Assess
    expect(result.status).toBe('completed');
    const toolMessages = tools(messages);
    expect(
      toolMessages.map((m) => [m.toolCall?.name, m.isInProcess, m.toolCall?.result === undefined]),
    ).toEqual([
      ['coreMeta', true, true],
      ['coreMeta', false, false],
      ['coreSqlApi', true, true],
      ['coreSqlApi', false, false],
    ]);
    for (const pair of [0, 2]) {
      const [start, end] = [toolMessages[pair], toolMessages[pair + 1]];
      expect(start?.id).toBe(end?.id);
      expect(start?.graphPath).toEqual(['core_data_analyst_agent', 'tools']);
      expect(start?.toolCall?.input).toBe(end?.toolCall?.input);
    }
    const agent = messages.filter(
      (m) => m.graphPath?.length === 1 && m.graphPath[0] === 'core_data_analyst_agent',
    );
    const deltas = agent.filter((m) => m.isDelta);
    const complete = agent.filter((m) => !m.isDelta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(complete).toHaveLength(1);
    expect(complete[0]?.isInProcess).toBe(false);
    expect(new Set(deltas.map((m) => m.id))).toEqual(new Set([complete[0]?.id]));
    expect(deltas.map((m) => m.content).join('')).toBe(complete[0]?.content);
    expect(messages.indexOf(complete[0] as ChatMessage)).toBeGreaterThan(
      messages.indexOf(deltas.at(-1) as ChatMessage),
    );
    expect(finals(messages)).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({
      role: 'assistant',
      graphPath: ['final'],
      isInProcess: false,
      isDelta: false,
    });
    expect(messages.at(-1)?.content).toBe(result.finalAnswer);
    expect(messages.every((m) => m.thinking === '')).toBe(true);
    // Two tool calls, one assistant message, one final answer.
    expect(new Set(messages.map((m) => m.id)).size).toBe(4);
  });

  it('streams thinking only when showThinking is on', async () => {
    const { messages, emit } = collector();
    await runAgentTurn({
      provider: offlineProvider(),
      tools: analyst,
      history: [],
      input: 'number of orders by status',
      showThinking: true,
      signal: new AbortController().signal,
      emit,
    });
    const thinking = messages.filter((m) => m.thinking);
    expect(thinking.length).toBeGreaterThan(0);
    expect(
      thinking.some((m) => m.isDelta === false && m.thinking?.includes('Searching the data model')),
    ).toBe(true);
    expect(finals(messages)[0]?.thinking).toBe('');
  });

  it('returns spec §2.8 coreSqlApi results: at most 100 rows, totalRows counting all, uuid and a vegaSpec without data', async () => {
    const { messages, emit } = collector();
    await runAgentTurn({
      provider: offlineProvider(),
      tools: analyst,
      history: [],
      input: 'number of orders by day',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
    });
    const call = tools(messages).find((m) => m.toolCall?.name === 'coreSqlApi' && m.toolCall.result);
    const input = JSON.parse(call?.toolCall?.input ?? '{}') as Record<string, unknown>;
    const result = JSON.parse(call?.toolCall?.result ?? '{}') as Record<string, unknown>;
    expect(Object.keys(input).sort()).toEqual(['description', 'queryTitle', 'sqlQuery', 'userRequest']);
    expect(result).toMatchObject({
      sqlQuery: input.sqlQuery,
      queryTitle: input.queryTitle,
      description: input.description,
      userRequest: 'number of orders by day',
    });
    expect(result.schema).toEqual([
      { name: 'day', column_type: 'TIMESTAMP' },
      { name: 'count', column_type: 'BIGINT' },
    ]);
    expect(result.data).toHaveLength(100);
    expect(result.totalRows).toBe(1096);
    expect(result.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const spec = JSON.parse(String(result.vegaSpec)) as Record<string, unknown>;
    expect(spec).toMatchObject({ mark: { type: 'line' }, data: { name: 'table' } });
    expect(JSON.stringify(spec)).not.toContain('values');
  });

  it('builds the vegaSpec from a checked chart hint and says why a hint that does not fit is not drawn', async () => {
    const sqlQuery = 'SELECT status, MEASURE(count) AS orders FROM orders_view GROUP BY 1';
    const result = (await analyst.coreSqlApi(
      { sqlQuery, queryTitle: 'Orders by status', chart: { type: 'bar', x: 'status', y: 'orders' } },
      new AbortController().signal,
    )) as { vegaSpec?: string; chartError?: string };
    expect(JSON.parse(result.vegaSpec ?? '{}')).toMatchObject({
      title: 'Orders by status',
      data: { name: 'table' },
      mark: { type: 'bar' },
      encoding: { x: { field: 'status', type: 'nominal' }, y: { field: 'orders', type: 'quantitative' } },
    });
    const wrong = (await analyst.coreSqlApi(
      { sqlQuery, queryTitle: 'Orders by status', chart: { type: 'line', x: 'month', y: 'status' } },
      new AbortController().signal,
    )) as { vegaSpec?: string; chartError?: string };
    expect(wrong.vegaSpec).toBeUndefined();
    expect(wrong.chartError).toBe('chart: no column month in the result (columns: status, orders)');
  });
});

describe('runAgentTurn: recovery and bounds', () => {
  it('turns a failing tool into an {"error"} result and lets the model recover', async () => {
    const provider = scripted([
      () => toolUse('t1', 'coreSqlApi', { sqlQuery: 'SELECT nonsense FROM orders_view', queryTitle: 'bad' }),
      () =>
        toolUse('t2', 'coreSqlApi', {
          sqlQuery: 'SELECT MEASURE(count) AS orders FROM orders_view',
          queryTitle: 'Orders',
        }),
      (request) => {
        const last = request.messages.at(-1);
        return say(last?.role === 'tool' ? `Found: ${last.content.slice(0, 40)}` : 'no tool result');
      },
    ]);
    const { messages, emit } = collector();
    const result = await runAgentTurn({
      provider,
      tools: analyst,
      history: [],
      input: 'how many orders?',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
    });
    const completed = tools(messages).filter((m) => !m.isInProcess);
    const first = JSON.parse(completed[0]?.toolCall?.result ?? '{}') as { error?: string };
    expect(Object.keys(first)).toEqual(['error']);
    expect(first.error).toMatch(/nonsense/);
    expect(provider.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
    expect(JSON.parse(completed[1]?.toolCall?.result ?? '{}')).toMatchObject({ totalRows: 1 });
    expect(result.status).toBe('completed');
    expect(result.finalAnswer).toMatch(/^Found: /);
    expect(finals(messages)).toHaveLength(1);
  });

  it('refuses a model that writes SQL to read past row-level security: the refusal is the tool result', async () => {
    // Prepare: a north-only user, and a model that tries the CTE-shadowing trick, then a raw catalog.
    const north = await demoTools({ groups: [], userAttributes: { region: 'north' }, securityContext: {} });
    const provider = scripted([
      () =>
        toolUse('t1', 'coreSqlApi', {
          sqlQuery: 'WITH Orders AS (SELECT * FROM Orders) SELECT region, count(*) FROM Orders GROUP BY 1',
          queryTitle: 'All regions',
        }),
      () => toolUse('t2', 'coreSqlApi', { sqlQuery: 'SELECT * FROM duckdb_tables', queryTitle: 'Tables' }),
      () => say('I can only see my own region.'),
    ]);
    const { messages, emit } = collector();
    // Act
    const result = await runAgentTurn({
      provider,
      tools: north,
      history: [],
      input: 'show every region',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
    });
    // Assess
    const completed = tools(messages).filter((m) => !m.isInProcess);
    const results = completed.map((m) => JSON.parse(m.toolCall?.result ?? '{}') as { error?: string });
    expect(results).toHaveLength(2);
    expect(results[0]?.error).toMatch(/CTE name Orders/);
    expect(results[1]?.error).toMatch(/Unknown table duckdb_tables/);
    expect(completed.every((m) => !JSON.stringify(m.toolCall?.result).includes('south'))).toBe(true);
    expect(result).toEqual({
      status: 'completed',
      finalAnswer: 'I can only see my own region.',
      // Every model step counts as a call (the scripted provider reports no tokens).
      usage: expect.objectContaining({ llmCalls: 3, models: ['scripted'], totalTokens: 0 }),
    });
  });

  it('answers an unknown tool or invalid input with an error result', async () => {
    const provider = scripted([
      () => toolUse('t1', 'dropTables', {}),
      () => toolUse('t2', 'coreSqlApi', { queryTitle: 'no sql' }),
      (request) => say(`last: ${request.messages.at(-1)?.role === 'tool' ? 'tool' : 'other'}`),
    ]);
    const { messages, emit } = collector();
    const result = await runAgentTurn({
      provider,
      tools: analyst,
      history: [],
      input: 'x',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
    });
    expect(provider.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
    const invalid = tools(messages).find((m) => !m.isInProcess);
    expect(JSON.parse(invalid?.toolCall?.result ?? '{}').error).toMatch(/sqlQuery/);
    expect(result).toEqual({
      status: 'completed',
      finalAnswer: 'last: tool',
      usage: expect.objectContaining({ llmCalls: 3 }),
    });
  });

  it('stops after maxSteps with one final answer saying what was done', async () => {
    const provider = scripted([
      (request) => toolUse(`m${request.messages.length}`, 'coreMeta', { searchQuery: 'orders' }),
    ]);
    const { messages, emit } = collector();
    const result = await runAgentTurn({
      provider,
      tools: analyst,
      history: [],
      input: 'loop forever',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
      maxSteps: 3,
    });
    expect(provider.requests).toHaveLength(3);
    expect(tools(messages).filter((m) => !m.isInProcess)).toHaveLength(3);
    expect(result.status).toBe('completed');
    expect(result.finalAnswer).toMatch(/limit of 3 steps.*searched the data model 3 times/s);
    expect(finals(messages)).toHaveLength(1);
  });

  it('ends with status error and one final answer when the provider fails', async () => {
    const provider = scripted([
      async function* () {
        yield { type: 'text', delta: 'Let me ' } satisfies ModelEvent;
        throw new Error('upstream exploded');
      },
    ]);
    const { messages, emit } = collector();
    const logged: Record<string, unknown>[] = [];
    const result = await runAgentTurn({
      provider,
      tools: analyst,
      history: [],
      input: 'x',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
      log: { warn: () => undefined, error: (_message, fields) => void logged.push(fields ?? {}) },
    });
    expect(result.status).toBe('error');
    // The user reads a generic text and a reference; the provider's own words go to the log under it.
    expect(result.finalAnswer).not.toMatch(/upstream exploded/);
    const reference = /reference ([0-9a-f]{12})/.exec(result.finalAnswer)?.[1];
    expect(logged).toEqual([expect.objectContaining({ reference, errorMessage: 'upstream exploded' })]);
    expect(
      messages.filter((m) => m.isDelta === false && m.graphPath?.[0] === 'core_data_analyst_agent'),
    ).toHaveLength(1);
    expect(finals(messages)).toHaveLength(1);
    expect(messages.at(-1)?.graphPath).toEqual(['final']);
  });

  it('ends with status error when the deadline passes mid-stream', async () => {
    const provider = scripted([
      async function* (_request, signal) {
        yield { type: 'text', delta: 'Thinking hard' } satisfies ModelEvent;
        await never(signal);
      },
    ]);
    const { messages, emit } = collector();
    const started = Date.now();
    const result = await runAgentTurn({
      provider,
      tools: analyst,
      history: [],
      input: 'x',
      showThinking: false,
      signal: new AbortController().signal,
      emit,
      deadlineMs: 150,
    });
    // The provider never ends by itself: only the deadline ends this turn (10 s leaves room for a loaded machine).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.status).toBe('error');
    expect(result.finalAnswer).toMatch(/ran out of time.*Thinking hard/s);
    expect(finals(messages)).toHaveLength(1);
  });
});

describe('runAgentTurn: abort', () => {
  it('ends mid model stream when aborted, saying what was done', async () => {
    // The same turn run to its end: what the interrupted message would have said.
    const whole = collector();
    await runAgentTurn({
      provider: offlineProvider({ delayMs: 0, wordsPerChunk: 1 }),
      tools: analyst,
      history: [],
      input: 'total revenue by category',
      showThinking: false,
      signal: new AbortController().signal,
      emit: whole.emit,
    });
    const complete = whole.messages.find(
      (m) => m.graphPath?.[0] === 'core_data_analyst_agent' && m.isDelta === false && m.content,
    );
    const controller = new AbortController();
    const { messages, emit } = collector();
    let abortedAt = 0;
    const turn = runAgentTurn({
      provider: offlineProvider({ delayMs: 40, wordsPerChunk: 1 }),
      tools: analyst,
      history: [],
      input: 'total revenue by category',
      showThinking: false,
      signal: controller.signal,
      emit: (m) => {
        emit(m);
        if (m.isDelta && m.content && !abortedAt) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    const result = await turn;
    expect(abortedAt).toBeGreaterThan(0);
    expect(result.status).toBe('aborted');
    expect(result.finalAnswer).toMatch(
      /^Stopped at your request\. So far I searched the data model once, ran "Revenue by product category" \(5 rows\)/,
    );
    expect(finals(messages)).toHaveLength(1);
    expect(messages.at(-1)?.graphPath).toEqual(['final']);
    // The interrupted assistant message is closed with what it had: the stream stopped, it did not run out (a
    // wall-time bound measured the machine's load as much as the abort).
    const closed = messages.filter(
      (m) => m.graphPath?.[0] === 'core_data_analyst_agent' && m.isDelta === false && m.content,
    );
    expect(closed).toHaveLength(1);
    const said = closed[0]?.content ?? '';
    const full = complete?.content ?? '';
    expect(full.startsWith(said)).toBe(true);
    expect(said.split(' ').length).toBeLessThan(full.split(' ').length / 2);
  });

  it('ends at once even when the provider ignores the signal', async () => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const provider: ModelProvider = {
      name: 'deaf',
      async *stream() {
        yield { type: 'text', delta: 'partial' };
        await new Promise((resolve) => {
          timer = setTimeout(resolve, 120_000);
        });
      },
    };
    const { messages, emit } = collector();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const result = await runAgentTurn({
      provider,
      tools: analyst,
      history: [],
      input: 'x',
      showThinking: false,
      signal: controller.signal,
      emit,
    });
    clearTimeout(timer);
    // Not waiting for the deaf provider's 120 s; a few ms past the abort on a quiet machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.status).toBe('aborted');
    expect(finals(messages)).toHaveLength(1);
  });

  it('cancels a running query in the driver and the database stays usable', async () => {
    const controller = new AbortController();
    // Trillions of row triples: uncancelled it runs until the tool's 30 s limit, so the bounds below (10 s, for a
    // loaded machine; a few ms on a quiet one) still tell a cancelled query from one left running.
    const slow =
      'SELECT a.status, sum(a.amount * b.amount * c.amount) AS n FROM orders_view a, orders_view b, orders_view c WHERE a.id % 7 = b.id % 5 AND b.id % 3 = c.id % 2 GROUP BY 1';
    const provider = scripted([
      () => toolUse('slow', 'coreSqlApi', { sqlQuery: slow, queryTitle: 'Slow' }),
      () => say('done'),
    ]);
    const { messages, emit } = collector();
    let abortedAt = 0;
    const result = await runAgentTurn({
      provider,
      tools: analyst,
      history: [],
      input: 'x',
      showThinking: false,
      signal: controller.signal,
      emit: (m) => {
        emit(m);
        if (m.toolCall && m.isInProcess) {
          setTimeout(() => {
            abortedAt = Date.now();
            controller.abort();
          }, 100);
        }
      },
    });
    expect(Date.now() - abortedAt).toBeLessThan(10_000);
    expect(result.status).toBe('aborted');
    const call = tools(messages);
    expect(call.map((m) => m.isInProcess)).toEqual([true, false]);
    expect(JSON.parse(call[1]?.toolCall?.result ?? '{}')).toEqual({ error: 'Aborted' });
    // The interrupted query released its connection: the next one answers at once.
    const started = Date.now();
    const next = (await analyst.coreSqlApi(
      { sqlQuery: 'SELECT MEASURE(count) AS n FROM orders_view' },
      new AbortController().signal,
    )) as { data: unknown[][] };
    expect(next.data).toEqual([[20_000]]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { messages, emit } = collector();
    const result = await runAgentTurn({
      provider: offlineProvider(),
      tools: analyst,
      history: [],
      input: 'total revenue',
      showThinking: false,
      signal: controller.signal,
      emit,
    });
    expect(result).toEqual({
      status: 'aborted',
      finalAnswer: 'Stopped at your request. Nothing had been done yet.',
      usage: expect.objectContaining({ llmCalls: 0, models: [], totalTokens: 0 }),
    });
    expect(messages).toHaveLength(1);
  });
});

describe('runAgentTurn: threads', () => {
  it('passes earlier turns to the model so a follow-up reuses the previous question', async () => {
    const first = collector();
    await runAgentTurn({
      provider: offlineProvider(),
      tools: analyst,
      history: [],
      input: 'What is the total revenue in 2024?',
      showThinking: false,
      signal: new AbortController().signal,
      emit: first.emit,
    });
    const history: ChatMessage[] = [
      { id: '__cutoff__', role: 'assistant', state: { chatId: 'c' } },
      { id: '1-message', role: 'user', content: 'What is the total revenue in 2024?', isDelta: false },
      ...first.messages,
      { id: '__state__', role: 'assistant', state: { chatId: 'c', status: 'completed' } },
    ];
    const second = collector();
    const result = await runAgentTurn({
      provider: offlineProvider(),
      tools: analyst,
      history,
      input: 'and by status?',
      showThinking: false,
      signal: new AbortController().signal,
      emit: second.emit,
    });
    // (The answer's query is the turn's last: a period within two years of today may have the data's range read
    // first, steps.ts.)
    const sql = JSON.parse(
      tools(second.messages)
        .filter((m) => m.toolCall?.name === 'coreSqlApi')
        .pop()?.toolCall?.input ?? '{}',
    ) as { sqlQuery?: string };
    expect(sql.sqlQuery).toMatch(
      /SELECT status, MEASURE\(total_amount\).*created_at >= '2024-01-01'.*GROUP BY 1/,
    );
    expect(result.finalAnswer).toMatch(/completed/);
  });
});
