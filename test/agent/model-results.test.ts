import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openAiProvider, runAgentTurn } from '../../functions/agent';
import { MODEL_RESULT_ROWS, summariseForModel } from '../../functions/agent/loop';
import { closeDrivers } from '../../functions/semantic';
import { collector, demoTools, rawDatabase } from './support/sample';

/**
 * Large query results reach a language model summarised (first rows plus totals, extremes, first and last
 * values over every returned row); the user's table keeps every row. Through a scripted OpenAI-compatible
 * protocol server: the first step asks for a daily series, the second records what the model was given.
 */
const SQL =
  "SELECT date_trunc('day', created_at) AS day, MEASURE(count) AS orders FROM orders_view WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01' GROUP BY 1 ORDER BY 1";

let server: http.Server;
let baseUrl: string;
const bodies: { messages: { role: string; content: string | null }[] }[] = [];
let raw: Awaited<ReturnType<typeof rawDatabase>>;

beforeAll(async () => {
  raw = await rawDatabase();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof bodies)[number]);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const delta =
        bodies.length === 1
          ? {
              tool_calls: [
                {
                  index: 0,
                  id: 'call-1',
                  type: 'function',
                  function: { name: 'coreSqlApi', arguments: JSON.stringify({ sqlQuery: SQL }) },
                },
              ],
            }
          : { content: 'Done.' };
      const finish = bodies.length === 1 ? 'tool_calls' : 'stop';
      const chunk = { id: 'c', choices: [{ index: 0, delta, finish_reason: finish }] };
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

describe('large results before they return to a model', () => {
  it('are summarised for the model while the user keeps every row', async () => {
    // Act
    const turn = collector();
    const result = await runAgentTurn({
      provider: openAiProvider({ baseUrl, model: 'm' }),
      tools: await demoTools(),
      history: [],
      input: 'daily orders in Q1 2024',
      showThinking: false,
      signal: new AbortController().signal,
      emit: turn.emit,
    });
    // Assess
    expect(result.status).toBe('completed');
    const shown = turn.messages.find((m) => m.toolCall?.name === 'coreSqlApi' && m.toolCall.result);
    expect((JSON.parse(shown?.toolCall?.result ?? '{}') as { data: unknown[] }).data).toHaveLength(91);
    const tool = bodies[1]?.messages.find((m) => m.role === 'tool');
    const given = JSON.parse(tool?.content ?? '{}') as {
      data: unknown[];
      summary: {
        rowsReturned: number;
        numericColumns: Record<string, { sum: number; min: number; max: number }>;
      };
      vegaSpec?: string;
    };
    expect(given.data).toHaveLength(MODEL_RESULT_ROWS);
    expect(given.vegaSpec).toBeUndefined();
    const [[sum, min, max]] = (await raw.query(
      "SELECT sum(n), min(n), max(n) FROM (SELECT count(*) AS n FROM orders WHERE created_at >= '2024-01-01' AND created_at < '2024-04-01' GROUP BY date_trunc('day', created_at))",
    )) as [[number, number, number]];
    expect(given.summary.rowsReturned).toBe(91);
    expect(given.summary.numericColumns.orders).toMatchObject({ sum, min, max });
    expect(given.summary.numericColumns.day).toBeUndefined();
  });

  it('leaves small results and errors as they are', () => {
    const small = JSON.stringify({ schema: [{ name: 'n' }], data: [[1], [2]] });
    expect(summariseForModel(small)).toBe(small);
    expect(summariseForModel('{"error":"bad"}')).toBe('{"error":"bad"}');
  });
});
