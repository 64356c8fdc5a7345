import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ModelRequest, offlineProvider, openAiProvider, runAgentTurn } from '../../functions/agent';
import { TOOL_SPECS } from '../../functions/agent/loop';
import { turnClock, weekStart } from '../../functions/agent/planner/clock';
import { closeDrivers } from '../../functions/semantic';
import { collector, demoTools } from './support/sample';

/**
 * What the model is told at each turn: today's date in the user's time zone and the rules for relative
 * dates, ratios, comparisons and honest refusals, through a real OpenAI-compatible protocol server.
 */
let server: http.Server;
let baseUrl: string;
const bodies: { messages: { role: string; content: string | null }[] }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof bodies)[number]);
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
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDrivers();
});

const turn = async (provider: Parameters<typeof runAgentTurn>[0]['provider'], timeZone?: string) => {
  const { emit } = collector();
  return runAgentTurn({
    provider,
    tools: await demoTools(),
    history: [],
    input: 'revenue last month',
    showThinking: false,
    signal: new AbortController().signal,
    emit,
    // 03:00 UTC on 1 July 2025: still 30 June in Los Angeles.
    now: () => Date.parse('2025-07-01T03:00:00Z'),
    ...(timeZone ? { timeZone } : {}),
  });
};

describe('the turn clock in the model request', () => {
  it("tells an OpenAI-compatible model today's date in the user's time zone and the analyst rules", async () => {
    // Act
    const result = await turn(openAiProvider({ baseUrl, model: 'm' }), 'America/Los_Angeles');
    // Assess
    expect(result.status).toBe('completed');
    const system = bodies.at(-1)?.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Today is 2025-06-30 (time zone America/Los_Angeles).');
    expect(system?.content).toMatch(/Relative dates .* calendar ranges/);
    expect(system?.content).toMatch(/Shares, rates and percentages are ratios, not counts/);
    expect(system?.content).toMatch(/one series per value/);
    expect(system?.content).toMatch(/can't answer that from this data/);
  });

  it('falls back to UTC for an unknown time zone', async () => {
    // Prepare
    const seen: ModelRequest[] = [];
    const provider = {
      name: 'recording',
      async *stream(request: ModelRequest) {
        seen.push(request);
        yield { type: 'text' as const, delta: 'ok' };
        yield { type: 'end' as const, stopReason: 'end_turn' };
      },
    };
    // Act
    await turn(provider, 'Mars/Olympus_Mons');
    // Assess
    expect(seen[0]?.clock).toEqual({ today: '2025-07-01', timeZone: 'UTC' });
    expect(seen[0]?.system).toContain('Today is 2025-07-01 (time zone UTC).');
  });

  it('reads relative dates in the offline planner against the same clock and says which dates', async () => {
    // Act
    const result = await turn(offlineProvider(), 'America/Los_Angeles');
    // Assess: "last month" on 30 June is May.
    expect(result.finalAnswer).toContain('last month (2025-05-01 to 2025-05-31)');
  });
});

describe('turnClock', () => {
  it.each([
    ['2025-07-01T03:00:00Z', 'America/Los_Angeles', '2025-06-30'],
    ['2025-07-01T13:00:00Z', 'Pacific/Auckland', '2025-07-02'],
    ['2025-07-01T13:00:00Z', undefined, '2025-07-01'],
  ])('%s in %s is %s', (now, zone, today) => {
    expect(turnClock(Date.parse(now), zone).today).toBe(today);
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2025-07-15')).toBe('2025-07-14');
    expect(weekStart('2025-07-13')).toBe('2025-07-07');
  });
});

it('the tool specs the model sees are generated from the schemas its calls are parsed with', () => {
  const [meta, sql] = TOOL_SPECS;
  expect(meta?.inputSchema).toMatchObject({
    type: 'object',
    required: ['searchQuery'],
    properties: { searchQuery: { type: 'string', maxLength: 2_000 } },
  });
  expect(sql?.inputSchema).toMatchObject({
    required: ['sqlQuery', 'queryTitle', 'description', 'userRequest'],
    properties: {
      sqlQuery: { type: 'string', minLength: 1, maxLength: 100_000, description: 'The SQL query' },
      vegaSpec: { type: 'string', maxLength: 100_000 },
    },
  });
});
