import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ModelProvider, runAgentTurn } from '../../functions/agent';
import { checkGrounding, type GroundingSources, statedNumbers } from '../../functions/agent/grounding';
import { closeDrivers } from '../../functions/semantic';
import {
  type ModelServer,
  PROTOCOLS,
  type ScriptStep,
  sentTexts,
  startModelServer,
} from './support/model-servers';
import { collector, demoTools, rawDatabase } from './support/sample';

/**
 * Grounded numbers: every number of a final answer comes from this turn's tool results (or arithmetic the answer
 * shows on them). Scripted model turns over both wire protocols: an invented figure is sent back once with the
 * reason, then replaced by an honest answer; a figure without a query this turn is refused the same way.
 */
const BY_STATUS = 'SELECT status, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 2 DESC';

let raw: Awaited<ReturnType<typeof rawDatabase>>;
const servers: ModelServer[] = [];
let completed = 0;
let returned = 0;

beforeAll(async () => {
  raw = await rawDatabase();
  for (const protocol of PROTOCOLS) servers.push(await startModelServer(protocol));
  const rows = (await raw.query('SELECT status, count(*) FROM orders GROUP BY 1')) as [string, number][];
  completed = rows.find(([s]) => s === 'completed')?.[1] ?? 0;
  returned = rows.find(([s]) => s === 'returned')?.[1] ?? 0;
});

afterAll(async () => {
  raw.close();
  for (const server of servers) await server.stop();
  await closeDrivers();
});

const server = (protocol: string) => servers.find((s) => s.protocol === protocol) as ModelServer;
const query: ScriptStep = {
  tools: [
    {
      id: 'q1',
      name: 'coreSqlApi',
      input: {
        sqlQuery: BY_STATUS,
        queryTitle: 'Orders by status',
        description: 'Counts orders per status.',
      },
    },
  ],
};
const fmt = (n: number) => n.toLocaleString('en-US');

async function ask(protocol: string, input = 'How many orders were completed and returned?') {
  const turn = collector();
  const result = await runAgentTurn({
    provider: server(protocol).provider(),
    tools: await demoTools(),
    history: [],
    input,
    showThinking: false,
    signal: new AbortController().signal,
    emit: turn.emit,
    log: { warn: () => undefined, error: () => undefined },
  });
  return { result, messages: turn.messages };
}

describe.each(PROTOCOLS)('grounded answers over %s', (protocol) => {
  it('sends an answer with an invented figure back once with the reason, and keeps the corrected one', async () => {
    // Prepare: the query, an answer with an invented count, then the right figures.
    const model = server(protocol);
    model.requests.length = 0;
    model.steps(
      query,
      { text: `${fmt(completed)} orders were completed and 1,234 were returned.` },
      { text: `${fmt(completed)} orders were completed and ${fmt(returned)} were returned.` },
    );
    // Act
    const { result, messages } = await ask(protocol);
    // Assess
    expect(result.status).toBe('completed');
    expect(result.finalAnswer).toBe(
      `${fmt(completed)} orders were completed and ${fmt(returned)} were returned.`,
    );
    expect(model.requests).toHaveLength(3);
    const note = sentTexts(protocol, model.requests[2] ?? {}).at(-1);
    expect(note).toContain('<service_note>');
    expect(note).toContain("The answer states 1,234, which this turn's query results do not contain");
    // The withdrawn draft's complete copy replaces its streamed text in the user's view.
    const steps = messages.filter(
      (m) => m.graphPath?.[0] === 'core_data_analyst_agent' && m.isDelta === false && !m.toolCall,
    );
    expect(steps.map((m) => m.content)).toContain(
      '(A draft answer was withdrawn: its figures did not match this turn’s query results. Checking again.)',
    );
  });

  it('replaces an answer that fails twice with an honest one', async () => {
    const model = server(protocol);
    model.steps(query, { text: 'Completed orders: 99,999.' });
    const { result } = await ask(protocol);
    expect(result.status).toBe('completed');
    expect(result.finalAnswer).toMatch(
      /^I could not check the figures of my answer against this turn's query results/,
    );
    expect(result.finalAnswer).toContain(
      'The results of "Orders by status" (3 rows) are in the table above.',
    );
    expect(result.finalAnswer).not.toContain('99,999');
  });

  it('refuses a numeric answer when no query succeeded in the turn', async () => {
    const model = server(protocol);
    model.requests.length = 0;
    model.steps(
      { text: 'You had 14,200 completed orders.' },
      { text: 'I need to run a query for that; I could not.' },
    );
    const { result } = await ask(protocol);
    const note = sentTexts(protocol, model.requests[1] ?? {}).at(-1);
    expect(note).toContain('The answer states 14,200, but no query succeeded in this turn');
    expect(result.finalAnswer).toBe('I need to run a query for that; I could not.');
  });
});

describe('an answer cut short', () => {
  it('shows the unfinished words on a time-out only when their figures pass the check', async () => {
    // Prepare: a model that starts an answer with an invented figure, then hangs until the turn's time runs out.
    const hanging: ModelProvider = {
      name: 'hanging',
      async *stream(_request, signal) {
        yield { type: 'text', delta: 'Revenue was 9,999,999 ' };
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      },
    };
    // Act
    const result = await runAgentTurn({
      provider: hanging,
      tools: await demoTools(),
      history: [],
      input: 'revenue?',
      showThinking: false,
      signal: new AbortController().signal,
      emit: collector().emit,
      deadlineMs: 200,
    });
    // Assess
    expect(result.status).toBe('error');
    expect(result.finalAnswer).toMatch(/^I ran out of time before finishing/);
    expect(result.finalAnswer).not.toContain('9,999,999');
  });
});

describe('checkGrounding', () => {
  const sources = (over: Partial<GroundingSources> = {}): GroundingSources => ({
    results: [
      JSON.stringify({
        schema: [{ name: 'month' }, { name: 'revenue' }, { name: 'share' }],
        data: [
          ['2025-05-01T00:00:00', 1234567.891, 0.1234],
          ['2025-04-01T00:00:00', 380, 0.5],
        ],
        totalRows: 2,
      }),
    ],
    queried: true,
    question: 'What were the top 5 months of revenue in 2025 for customers with more than 60 orders?',
    today: '2025-07-01',
    sql: ["SELECT ... WHERE created_at >= '2025-05-01' AND created_at < '2025-06-01'"],
    ...over,
  });
  const ok = (answer: string, over?: Partial<GroundingSources>) => checkGrounding(answer, sources(over)).ok;

  it('accepts a number at the precision it is written, as a percent of a fraction, scaled or as money', () => {
    expect(ok('Revenue was 1,234,567.89 in May 2025.')).toBe(true);
    expect(ok('Revenue was 1,234,568.')).toBe(true);
    expect(ok('Revenue was about 1.23 million, or $1.2M.')).toBe(true);
    expect(ok('Its share was 12.3% (12.34 percent).')).toBe(true);
  });

  it("accepts the question's numbers, small counts, years and the period's dates (an inclusive end included)", () => {
    expect(
      ok('The top 5 months of 2025 for customers with more than 60 orders: 3 of them are in spring.'),
    ).toBe(true);
    expect(ok('From 2025-05-01 to 2025-05-31 revenue was 1,234,567.89.')).toBe(true);
    expect(ok('Revenue in 2019 was 380.')).toBe(false);
    expect(ok('From 2025-05-01 to 2025-06-15 revenue was 380.')).toBe(false);
  });

  it('accepts arithmetic the answer shows, and a change stated beside its two figures', () => {
    expect(ok('April had 380 and May 1,234,567.89: 1,234,567.89 - 380 = 1,234,187.89.')).toBe(true);
    expect(ok('Revenue rose from 380 in April to 1,234,567.89 in May, up 1,234,187.89.')).toBe(true);
    expect(ok('Revenue rose to 1,234,567.89, up 1,234,187.89.')).toBe(false);
  });

  it('refuses an invented figure, a wrong rounding, and any figure without a query this turn', () => {
    const invented = checkGrounding('Revenue was 1,500,000 and 380.', sources());
    expect(invented).toEqual(expect.objectContaining({ ok: false, unsupported: ['1,500,000'] }));
    expect(ok('Revenue was 1,234,570.')).toBe(false);
    const unqueried = checkGrounding('Revenue was 380.', sources({ queried: false, results: [] }));
    expect(unqueried.ok).toBe(false);
    expect(!unqueried.ok && unqueried.reason).toMatch(/no query succeeded in this turn/);
    expect(ok('I cannot answer that: the model has no sales reps.', { queried: false, results: [] })).toBe(
      true,
    );
  });

  it('reads numbers as written, not inside words, code or list numbering', () => {
    expect(
      statedNumbers('1. Q3 had v5 and `LIMIT 250`; 3rd place.\n2. Total: 1,234.50 (12%).').map((n) => n.text),
    ).toEqual(['1,234.50', '12%']);
  });

  it('reads a figure that ends a line before a month whole (its cents are no day of that month)', () => {
    expect(statedNumbers('June 2025: 7,860.97\nJuly 2025: 8,000.00').map((n) => n.value)).toEqual([
      2025, 7860.97, 2025, 8000,
    ]);
    // (A day written with its month is still a date: "31 July" is no figure.)
    expect(statedNumbers('orders up to 31 July: 12').map((n) => n.value)).toEqual([12]);
  });
});
