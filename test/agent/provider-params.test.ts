import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChatMessage, runAgentTurn, SYSTEM_PROMPT } from '../../functions/agent';
import { thinkingBudget } from '../../functions/agent/providers/bedrock';
import { closeDrivers } from '../../functions/semantic';
import { type ModelServer, PROTOCOLS, type Sent, startModelServer } from './support/model-servers';
import { collector, demoTools } from './support/sample';

/**
 * The request shapes the providers send, through the local protocol servers: current parameters (OpenAI's
 * max_completion_tokens for reasoning models, a temperature, a reasoning budget within maxTokens), tool schemas
 * without fields the model cannot fill, and prompt caching: Bedrock cache points after the system prompt, the
 * tools, the earlier turns and the step's input; OpenAI's prompt_cache_key where the provider takes it.
 */
const COUNT = 'SELECT MEASURE(count) AS orders FROM orders_view';
const CACHE = { cachePoint: { type: 'default' } };

const servers: ModelServer[] = [];

beforeAll(async () => {
  for (const protocol of PROTOCOLS) servers.push(await startModelServer(protocol));
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await closeDrivers();
});

const server = (protocol: string) => servers.find((s) => s.protocol === protocol) as ModelServer;

/** One earlier turn: a question, a query with its result, an answer. */
const earlier: ChatMessage[] = [
  { id: '1-message', role: 'user', content: 'How many orders?', isDelta: false },
  {
    id: '1-tool',
    role: 'assistant',
    graphPath: ['core_data_analyst_agent', 'tools'],
    isInProcess: false,
    toolCall: {
      name: 'coreSqlApi',
      input: JSON.stringify({ sqlQuery: COUNT, userRequest: 'How many orders?' }),
      result: JSON.stringify({
        schema: [{ name: 'orders', column_type: 'BIGINT' }],
        data: [[20000]],
        totalRows: 1,
      }),
    },
  },
  {
    id: '1-final',
    role: 'assistant',
    graphPath: ['final'],
    content: 'There are 20,000 orders.',
    isInProcess: false,
  },
];

async function twoSteps(protocol: string, options: Record<string, unknown> = {}): Promise<Sent[]> {
  const model = server(protocol);
  model.steps(
    {
      tools: [
        {
          id: 'q2',
          name: 'coreSqlApi',
          input: { sqlQuery: COUNT, queryTitle: 'Orders', description: 'Counts.' },
        },
      ],
    },
    { text: 'See the table.' },
  );
  const before = model.requests.length;
  await runAgentTurn({
    provider: model.provider(options),
    tools: await demoTools(),
    history: earlier,
    input: 'And now?',
    showThinking: false,
    signal: new AbortController().signal,
    emit: collector().emit,
  });
  return model.requests.slice(before);
}

type Block = Record<string, unknown>;
const blocks = (body: Sent) => ((body.messages ?? []) as { content: Block[] }[]).map((m) => m.content);

describe('Bedrock requests', () => {
  it('mark the system prompt, the tools, the earlier turns and each step’s input as cache points (Claude)', async () => {
    const [first = {}, second = {}] = await twoSteps('bedrock');
    expect(first?.system).toEqual([{ text: SYSTEM_PROMPT }, CACHE]);
    expect((first.toolConfig as { tools: Block[] }).tools.at(-1)).toEqual(CACHE);
    // Earlier turn (question, tool use, tool result, answer), then this turn's question.
    const firstBlocks = blocks(first ?? {});
    expect(firstBlocks.map((b) => b.filter((x) => 'cachePoint' in x).length)).toEqual([0, 0, 0, 1, 1]);
    expect(firstBlocks[3]?.at(-1)).toEqual(CACHE);
    expect(firstBlocks[4]?.at(-1)).toEqual(CACHE);
    // The second step keeps the history's cache point and moves the last one to its own input.
    const secondBlocks = blocks(second ?? {});
    expect(secondBlocks.flat().filter((x) => 'cachePoint' in x)).toHaveLength(2);
    expect(secondBlocks[3]?.at(-1)).toEqual(CACHE);
    expect(secondBlocks.at(-1)?.at(-1)).toEqual(CACHE);
    expect(secondBlocks.at(-2)?.at(-1)).not.toEqual(CACHE);
  });

  it('send no cache points to a model without caching, or when caching is off', async () => {
    for (const options of [{ modelId: 'meta.llama3-70b-instruct-v1:0' }, { promptCaching: 'off' as const }]) {
      const [sent] = await twoSteps('bedrock', options);
      expect(JSON.stringify(sent)).not.toContain('cachePoint');
    }
  });

  it('set a temperature, and a reasoning budget within maxTokens (no temperature while reasoning)', async () => {
    const [plain] = await twoSteps('bedrock');
    expect(plain?.inferenceConfig).toEqual({ maxTokens: 4096, temperature: 0 });
    expect(plain?.additionalModelRequestFields).toBeUndefined();
    const [reasoning] = await twoSteps('bedrock', { reasoningBudgetTokens: 8_000, maxTokens: 6_000 });
    expect(reasoning?.inferenceConfig).toEqual({ maxTokens: 6_000 });
    expect(reasoning?.additionalModelRequestFields).toEqual({
      thinking: { type: 'enabled', budget_tokens: 4_976 },
    });
    // A model that thinks adaptively refuses the budget form with a 400: it is never sent one.
    const [adaptive] = await twoSteps('bedrock', {
      modelId: 'us.anthropic.claude-haiku-5-5',
      reasoningBudgetTokens: 8_000,
      maxTokens: 6_000,
    });
    expect(adaptive?.additionalModelRequestFields).toBeUndefined();
    // ...and, like every Claude 5 model (the default among them), answers any temperature with a 400: none is sent.
    expect(adaptive?.inferenceConfig).toEqual({ maxTokens: 6_000 });
    // Sonnet 4.6 thinks adaptively but still takes a temperature.
    const [sonnet46] = await twoSteps('bedrock', {
      modelId: 'eu.anthropic.claude-sonnet-4-6',
      maxTokens: 6_000,
    });
    expect(sonnet46?.inferenceConfig).toEqual({ maxTokens: 6_000, temperature: 0 });
    expect(thinkingBudget(500, 4096)).toBe(1024);
    expect(thinkingBudget(3000, 4096)).toBe(3000);
    expect(thinkingBudget(3000, 1500)).toBeUndefined();
  });
});

describe('OpenAI-compatible requests', () => {
  it('send max_tokens and a temperature to a compatible server, with no cache key it may refuse', async () => {
    const [sent = {}] = await twoSteps('openai');
    expect(sent).toMatchObject({ max_tokens: 4096, temperature: 0, stream: true });
    expect(sent?.max_completion_tokens).toBeUndefined();
    expect(sent?.prompt_cache_key).toBeUndefined();
    // The stable prefix first: the system prompt, then the earlier turns, then this turn's question.
    expect((sent.messages as { role: string; content: string }[])[0]).toEqual({
      role: 'system',
      content: SYSTEM_PROMPT,
    });
  });

  it('send max_completion_tokens and no temperature to a reasoning model, and a prompt cache key when given', async () => {
    const [sent] = await twoSteps('openai', {
      model: 'o4-mini',
      promptCacheKey: 'analyst-v1',
      maxTokens: 8_000,
    });
    expect(sent).toMatchObject({
      model: 'o4-mini',
      max_completion_tokens: 8_000,
      prompt_cache_key: 'analyst-v1',
    });
    expect(sent?.max_tokens).toBeUndefined();
    expect(sent?.temperature).toBeUndefined();
  });
});

describe.each(PROTOCOLS)('tool schemas sent over %s', (protocol) => {
  it('ask for no request text or memory id to re-type, and offer a chart hint instead of a spec', async () => {
    const [sent = {}] = await twoSteps(protocol);
    const schemas =
      protocol === 'bedrock'
        ? (
            sent.toolConfig as {
              tools: { toolSpec?: { name: string; inputSchema: { json: Block } } }[];
            }
          ).tools.flatMap((t) =>
            t.toolSpec ? [[t.toolSpec.name, t.toolSpec.inputSchema.json] as const] : [],
          )
        : (sent.tools as { function: { name: string; parameters: Block } }[]).map(
            (t) => [t.function.name, t.function.parameters] as const,
          );
    const sql = schemas.find(([name]) => name === 'coreSqlApi')?.[1] as {
      properties: Block;
      required: string[];
    };
    expect(Object.keys(sql.properties).sort()).toEqual(['chart', 'description', 'queryTitle', 'sqlQuery']);
    expect(sql.required).toEqual(['sqlQuery', 'queryTitle', 'description']);
    // The history's tool call goes back as the model wrote it: the service's userRequest is not replayed.
    expect(JSON.stringify(sent)).not.toContain('userRequest');
  });
});
