import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type ChatMessage,
  createAnalystTools,
  offlineProvider,
  openAiProvider,
  runAgentTurn,
} from '../../functions/agent';
import { CLOSE_MATCH, closestVerified, questionSimilarity } from '../../functions/agent/verified';
import {
  closeDrivers,
  demoModelFiles,
  ModelValidationError,
  parseModel,
  type QueryUser,
} from '../../functions/semantic';
import { numbersIn } from './support/question-set';
import { collector, MANAGER, rawDatabase, sampleSource } from './support/sample';

/**
 * Verified queries (`verified_queries` in the model YAML): the offline analyst runs a close one as written,
 * under the user's row-level security; a model gets the closest ones as examples in its prompt.
 */
const VERIFIED = `verified_queries:
  - question: How many orders does a customer place on average?
    sql: SELECT MEASURE(count) * 1.0 / MEASURE(customer_count) AS orders_per_customer FROM orders_view
  - question: Which status has the largest average order amount?
    sql: SELECT status, MEASURE(average_amount) AS a FROM orders_view GROUP BY 1 ORDER BY 2 DESC LIMIT 1
  - question: Revenue of the north region in 2024
    sql: SELECT MEASURE(total_amount) FROM orders_view WHERE region = 'north'
`;

const model = async () =>
  parseModel([...(await demoModelFiles('main')), { path: 'verified.yml', content: VERIFIED }]);
const NORTH: QueryUser = { groups: [], userAttributes: { region: 'north' }, securityContext: {} };

async function ask(input: string, user: QueryUser, provider = offlineProvider()) {
  const tools = createAnalystTools({ model: await model(), user, source: await sampleSource() });
  const turn = collector();
  const result = await runAgentTurn({
    provider,
    tools,
    history: [],
    input,
    showThinking: false,
    signal: new AbortController().signal,
    emit: turn.emit,
  });
  const sql = turn.messages
    .filter((m: ChatMessage) => m.toolCall?.name === 'coreSqlApi' && !m.isInProcess)
    .map((m) => JSON.parse(m.toolCall?.input ?? '{}') as { sqlQuery?: string })
    .map((i) => i.sqlQuery ?? '');
  return { answer: result.finalAnswer, sql };
}

let raw: Awaited<ReturnType<typeof rawDatabase>>;
let server: http.Server;
let baseUrl: string;
const systems: string[] = [];

beforeAll(async () => {
  raw = await rawDatabase();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      // Everything the model reads: the examples ride in the turn's context, ahead of the question.
      systems.push(body.messages.map((m) => m.content ?? '').join('\n'));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = { id: 'c', choices: [{ index: 0, delta: { content: 'Done.' }, finish_reason: 'stop' }] };
      res.end(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  raw.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDrivers();
});

describe('verified queries in the model', () => {
  it('are read from the YAML, and a pair without SQL is a model error', async () => {
    expect((await model()).verifiedQueries?.map((q) => q.question)).toEqual([
      'How many orders does a customer place on average?',
      'Which status has the largest average order amount?',
      'Revenue of the north region in 2024',
    ]);
    const bad = { path: 'bad.yml', content: 'verified_queries:\n  - question: no sql here\n' };
    expect(() => parseModel([bad])).toThrow(ModelValidationError);
  });

  it('are matched by normalised token similarity, numbers included', () => {
    expect(
      questionSimilarity(
        'How many orders does a customer place on average?',
        'on average, how many orders does each customer place',
      ),
    ).toBeGreaterThanOrEqual(CLOSE_MATCH);
    expect(questionSimilarity('top 5 customers', 'top 10 customers')).toBeLessThan(CLOSE_MATCH);
    const closest = closestVerified(
      [
        { question: 'revenue by region', sql: 'a' },
        { question: 'weather in Paris', sql: 'b' },
        { question: 'revenue by region and year', sql: 'c' },
      ],
      'Revenue by region?',
    );
    expect(closest.map((c) => c.sql)).toEqual(['a', 'c']);
  });
});

describe('the offline analyst with verified queries', () => {
  it('runs a close verified query as written and states its figure', async () => {
    const { answer, sql } = await ask('On average, how many orders does each customer place?', MANAGER);
    expect(sql).toEqual([expect.stringContaining('MEASURE(count) * 1.0 / MEASURE(customer_count)')]);
    const [[expected]] = (await raw.query(
      'SELECT count(*) * 1.0 / count(DISTINCT customer_id) FROM orders',
    )) as [[number]];
    expect(answer).toContain('verified query');
    expect(numbersIn(answer).some((n) => Math.abs(n - expected) < 0.006)).toBe(true);
  });

  it("runs it under the user's row-level security", async () => {
    const { answer } = await ask('On average, how many orders does each customer place?', NORTH);
    const [[expected]] = (await raw.query(
      "SELECT count(*) * 1.0 / count(DISTINCT customer_id) FROM orders WHERE region = 'north'",
    )) as [[number]];
    const [[all]] = (await raw.query('SELECT count(*) * 1.0 / count(DISTINCT customer_id) FROM orders')) as [
      [number],
    ];
    expect(Math.abs(expected - all)).toBeGreaterThan(0.01);
    expect(numbersIn(answer).some((n) => Math.abs(n - expected) < 0.006)).toBe(true);
  });

  it('plans its own query for a question that is not close', async () => {
    const { sql } = await ask('How many orders were returned?', MANAGER);
    expect(sql).toHaveLength(1);
    expect(sql[0]).not.toContain('customer_count');
  });
});

describe('verified queries in the model prompt', () => {
  it('gives a model the closest verified queries as examples, and none that are far off', async () => {
    await ask(
      'Which status has the highest average order amount?',
      MANAGER,
      openAiProvider({ baseUrl, model: 'm' }),
    );
    const system = systems.at(-1) ?? '';
    expect(system).toContain('Verified queries for similar questions');
    expect(system).toContain('Q: Which status has the largest average order amount?');
    expect(system).toContain('SQL: SELECT status, MEASURE(average_amount)');
    // Closest first; one that shares no word is left out.
    expect(system.indexOf('largest average')).toBeLessThan(system.indexOf('orders_per_customer'));
    expect(system).not.toContain('north region');
  });
});
