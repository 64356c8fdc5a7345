import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAnalystTools, runAgentTurn } from '../../functions/agent';
import { estimateTokens } from '../../functions/agent/history';
import { closeDrivers, parseModel } from '../../functions/semantic';
import { type ModelServer, PROTOCOLS, sentToolResults, startModelServer } from './support/model-servers';
import { collector, demoTools, MANAGER, sampleSource } from './support/sample';

/**
 * coreMeta answers with the best matches only, and says how to get more: over both wire protocols a scripted
 * model searches for words the model lacks (the cubes alone come back), for "revenue by month" (the matching
 * members and the time axis), then asks for one cube in full and for a larger limit.
 */
type Meta = {
  searchQuery?: string;
  cubes: { name: string; members: { name: string }[]; memberCount?: number }[];
  more?: { omitted: number; hint: string };
};

const servers: ModelServer[] = [];

beforeAll(async () => {
  for (const protocol of PROTOCOLS) servers.push(await startModelServer(protocol));
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await closeDrivers();
});

const names = (meta: Meta) => meta.cubes.flatMap((c) => c.members.map((m) => m.name));

describe.each(PROTOCOLS)('coreMeta for a language model (%s)', (protocol) => {
  it('returns the matches only, the cubes alone when nothing matches, and more on request', async () => {
    // Prepare: four searches in one step, then an answer without figures.
    const model = servers.find((s) => s.protocol === protocol) as ModelServer;
    const searches = [
      { searchQuery: 'zzz unrelated' },
      { searchQuery: 'revenue by month' },
      { searchQuery: 'customers', cube: 'customers_view' },
      { searchQuery: 'revenue', limit: 500 },
    ];
    model.steps(
      { tools: searches.map((input, i) => ({ id: `m${i}`, name: 'coreMeta', input })) },
      { text: 'The model has revenue by month.' },
    );
    // Act
    const result = await runAgentTurn({
      provider: model.provider(),
      tools: await demoTools(),
      history: [],
      input: 'What can you tell me about revenue?',
      showThinking: false,
      signal: new AbortController().signal,
      emit: collector().emit,
    });
    // Assess
    expect(result.status).toBe('completed');
    const [none, revenue, customers, all] = sentToolResults(protocol, model.requests.at(-1) ?? {}).map(
      (text) => JSON.parse(text) as Meta,
    );
    // Nothing matches: the cubes to search in, no members, and how to go on.
    expect(none?.cubes.map((c) => [c.name, c.members.length, c.memberCount])).toEqual([
      ['customers_view', 0, 6],
      ['orders_view', 0, 15],
    ]);
    expect(none?.more).toEqual({
      omitted: 21,
      hint: expect.stringMatching(/^No member matches these words/),
    });
    // The matching member (a synonym) and the time axes of its view (order date, customer signup date), not the other 18.
    expect(names(revenue as Meta)).toEqual([
      'orders_view.total_amount',
      'orders_view.created_at',
      'orders_view.customers_created_at',
    ]);
    expect(revenue?.more?.omitted).toBe(18);
    expect(revenue?.searchQuery).toBeUndefined();
    // One cube in full, and everything on a large limit.
    expect(names(customers as Meta)).toHaveLength(6);
    expect(names(customers as Meta).every((n) => n.startsWith('customers_view.'))).toBe(true);
    expect(names(all as Meta)).toHaveLength(21);
    expect(all?.more).toBeUndefined();
  });
});

describe('coreMeta on a large model', () => {
  it('returns at most 30 members (about 1,700 tokens) of a 500-member model, where the whole model is about 27,000', async () => {
    // Prepare: one view of 500 dimensions, of which a few mention freight.
    const dimensions = Array.from({ length: 500 }, (_, i) =>
      i % 100 === 7
        ? `      - { name: freight_${i}, sql: "amount", type: number, title: Freight charge ${i}, description: Freight billed for shipment batch ${i} }`
        : `      - { name: attribute_${i}, sql: "status", type: string, title: Attribute ${i}, description: Descriptive attribute number ${i} of the order record }`,
    );
    const model = parseModel([
      {
        path: 'wide.yml',
        content: `cubes:\n  - name: wide\n    sql_table: orders\n    dimensions:\n      - { name: id, sql: id, type: number, primary_key: true }\n      - { name: created_at, sql: created_at, type: time }\n${dimensions.join('\n')}\n    measures:\n      - { name: count, type: count }\n`,
      },
    ]);
    const tools = createAnalystTools({ model, user: MANAGER, source: await sampleSource() });
    const signal = new AbortController().signal;
    // Act
    const everything = JSON.stringify(await tools.coreMeta({ searchQuery: '', limit: 500 }, signal));
    const freight = (await tools.coreMeta({ searchQuery: 'freight', limit: undefined }, signal)) as Meta;
    const unrelated = JSON.stringify(await tools.coreMeta({ searchQuery: 'zzz unrelated' }, signal));
    const wide = JSON.stringify(await tools.coreMeta({ searchQuery: 'attribute' }, signal));
    // Assess
    expect(estimateTokens(everything)).toBeGreaterThan(25_000);
    expect(names(freight)).toEqual([
      'wide.freight_107',
      'wide.freight_207',
      'wide.freight_307',
      'wide.freight_407',
      'wide.freight_7',
      'wide.created_at',
    ]);
    expect(freight.more?.omitted).toBe(497);
    expect(estimateTokens(unrelated)).toBeLessThan(100);
    // A word every member shares: the first 30, and the way to more.
    expect((JSON.parse(wide) as Meta).cubes[0]?.members).toHaveLength(30);
    expect(estimateTokens(wide)).toBeLessThan(2_000);
  });
});
