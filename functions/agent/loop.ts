import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  addUsage,
  agentDelta,
  agentStep,
  coreToolName,
  emptyUsage,
  FINAL_NODE as FINAL,
  finalLine,
  isFrame,
  NAMES,
  type ToolNaming,
  toolResult,
  toolStarted,
  type Usage,
  wireToolName,
} from '../protocol';
import { AbortedError, abortable, raceAbort } from './abort';
import { turnClock } from './planner/clock';
import type {
  AnalystTools,
  ChatMessage,
  ConversationMessage,
  ModelProvider,
  ModelRequest,
  ToolName,
  ToolSpec,
  ToolUse,
} from './types';
import { closestVerified, examplesPrompt, type VerifiedExample } from './verified';

export const AGENT_NODE = ['core_data_analyst_agent'];
export const TOOLS_NODE = ['core_data_analyst_agent', 'tools'];
export const FINAL_NODE = FINAL;

export const DEFAULT_MAX_STEPS = 8;
export const DEFAULT_DEADLINE_MS = 120_000;
/** History tool results larger than this are shortened before they go back to a model. */
const HISTORY_RESULT_CHARS = 6_000;

export const SYSTEM_PROMPT = `You are a data analyst answering questions about the user's business data.
Work in steps: first call coreMeta to find the cubes/views and members (measures, dimensions) that fit the question,
then call coreSqlApi with ONE read-only Postgres-dialect SELECT over those views, using member names as columns
(for example: SELECT status, MEASURE(total_amount) FROM orders_view GROUP BY 1 ORDER BY 2 DESC).
Use date_trunc('month', created_at) for time grains. Only use members returned by coreMeta.
Relative dates ("last month", "this year", "last 30 days") are calendar ranges counted from today's date below:
filter with created_at >= 'YYYY-MM-DD' AND created_at < 'YYYY-MM-DD' and say which dates you used.
Shares, rates and percentages are ratios, not counts: aggregate in a CTE, e.g.
WITH t AS (SELECT category, status, MEASURE(count) AS n FROM orders_view GROUP BY 1, 2)
SELECT category, 100.0 * SUM(CASE WHEN status = 'returned' THEN n ELSE 0 END) / SUM(n) AS pct FROM t GROUP BY 1.
Comparing named values ("A vs B by year") keeps one series per value: group by that dimension too.
If the model has nothing for part of the question (a person, a forecast, a field it lacks), do not answer a
different question: say you can't answer that from this data and what it can answer.
If a tool returns {"error": ...}, fix the query and try again.
Finish with a short answer in plain text that states the numbers you found; do not invent numbers.`;

/** The system prompt of a turn: the rules plus the user's date, so relative periods can be resolved. */
export function systemPrompt(
  clock: { today: string; timeZone: string },
  examples: readonly VerifiedExample[] = [],
): string {
  const verified = examplesPrompt(examples);
  return `${SYSTEM_PROMPT}\nToday is ${clock.today} (time zone ${clock.timeZone}).${verified ? `\n${verified}` : ''}`;
}

/** What the model is asked to send (the tool specs are generated from these, so they cannot drift apart). */
const coreMetaSpec = z.object({
  searchQuery: z.string().max(2_000).describe('Keywords of the question, or empty for everything'),
});
const coreSqlSpec = z.object({
  sqlQuery: z.string().min(1).max(100_000).describe('The SQL query'),
  queryTitle: z.string().max(500).describe('Short human-readable title'),
  description: z.string().max(5_000).describe('What the query does'),
  userRequest: z.string().max(20_000).describe('The user request that triggered the query'),
  memoryId: z.string().max(500).optional().describe('Reference to a previous analysis, if any'),
  vegaSpec: z
    .string()
    .max(100_000)
    .optional()
    .describe('Optional Vega-Lite v5 spec as a JSON string, without data'),
});

/** What is accepted from the model: the same fields, the descriptive ones forgiven when missing. */
const coreMetaInput = z.object({ searchQuery: coreMetaSpec.shape.searchQuery.default('') });
const coreSqlInput = coreSqlSpec.partial({ queryTitle: true, description: true, userRequest: true });

const inputSchema = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input' });
  return json;
};

export const TOOL_SPECS: ToolSpec[] = [
  {
    name: 'coreMeta',
    description:
      'Searches the data model: returns the cubes and views with the measures and dimensions matching the query.',
    inputSchema: inputSchema(coreMetaSpec),
  },
  {
    name: 'coreSqlApi',
    description:
      'Runs one read-only SELECT (Postgres dialect) over the views of the data model; returns schema, up to 100 rows and totalRows.',
    inputSchema: inputSchema(coreSqlSpec),
  },
];

export interface TurnArgs {
  provider: ModelProvider;
  tools: AnalystTools;
  /** Earlier turns of the thread, as streamed (deltas and control lines are ignored). */
  history: ChatMessage[];
  input: string;
  showThinking: boolean;
  signal: AbortSignal;
  emit: (message: ChatMessage) => void | Promise<void>;
  maxSteps?: number;
  deadlineMs?: number;
  now?: () => number;
  /** IANA time zone of the session (sessionSettings.timezone); UTC when absent or unknown. */
  timeZone?: string;
  /** The tool and node names the lines carry (the agent's setting); models always see the service's own. */
  naming?: ToolNaming;
}

/** The graph nodes of a naming. */
const nodesOf = (naming: ToolNaming) => ({
  agent: [NAMES[naming].agent],
  tools: [NAMES[naming].agent, 'tools'],
});

export interface TurnResult {
  status: 'completed' | 'aborted' | 'error';
  finalAnswer: string;
  /** The model calls of the turn and their tokens (Cube's `__usage__`). */
  usage: Usage;
  /** Why the turn failed, in one line (status error). */
  error?: string;
  /** The turn ran out of its time (status error). */
  deadline?: boolean;
}

const TOOL_NAMES: readonly string[] = ['coreMeta', 'coreSqlApi'];
const isToolName = (name: string): name is ToolName => TOOL_NAMES.includes(name);

function safeParse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Turns the stored messages of earlier turns into the provider-neutral conversation. */
export function historyToConversation(history: readonly ChatMessage[]): ConversationMessage[] {
  const out: ConversationMessage[] = [];
  for (const message of history) {
    if (isFrame(message) || message.isDelta) continue;
    if (message.role === 'user') {
      if (message.content) out.push({ role: 'user', text: message.content });
      continue;
    }
    const tool = message.toolCall;
    if (tool) {
      if (tool.result === undefined || message.isInProcess) continue;
      const input = safeParse(tool.input);
      // Stored lines may carry Cube's names (an agent setting): the model sees the service's own.
      const name = coreToolName(tool.name);
      const toolUse: ToolUse = {
        id: message.id,
        name,
        input:
          input && typeof input === 'object' && !Array.isArray(input)
            ? (input as Record<string, unknown>)
            : {},
      };
      out.push({ role: 'assistant', text: '', toolUses: [toolUse] });
      const content = tool.result.length > HISTORY_RESULT_CHARS ? shortenResult(tool.result) : tool.result;
      out.push({
        role: 'tool',
        toolUseId: message.id,
        name,
        content,
        isError: tool.result.startsWith('{"error"'),
      });
      continue;
    }
    if (message.graphPath?.[0] === 'final' && message.content) {
      out.push({ role: 'assistant', text: message.content, toolUses: [] });
    }
  }
  return out;
}

/** Rows of a query result a language model reads; the user's table and chart keep all of them. */
export const MODEL_RESULT_ROWS = 25;

/**
 * A query result as a language model gets it: small results unchanged; larger ones as their first rows plus,
 * per numeric column, the count, sum, minimum, maximum and first and last values over every returned row, so
 * totals, extremes and trends are read from the summary rather than guessed from a cut table.
 */
export function summariseForModel(content: string): string {
  const parsed = safeParse(content);
  if (!parsed || typeof parsed !== 'object' || !('data' in parsed) || !Array.isArray(parsed.data))
    return content;
  const rows = parsed.data as unknown[][];
  if (rows.length <= MODEL_RESULT_ROWS) return content;
  const schema = ('schema' in parsed && Array.isArray(parsed.schema) ? parsed.schema : []) as {
    name?: string;
  }[];
  const columns: Record<string, object> = {};
  schema.forEach((column, i) => {
    const values = rows.map((r) => (Array.isArray(r) ? Number(r[i]) : Number.NaN));
    if (values.some((v) => !Number.isFinite(v)) || values.length === 0) return;
    const round = (v: number) => Math.round(v * 100) / 100;
    columns[column.name ?? String(i)] = {
      sum: round(values.reduce((a, b) => a + b, 0)),
      min: round(Math.min(...values)),
      max: round(Math.max(...values)),
      first: round(values[0] ?? 0),
      last: round(values.at(-1) ?? 0),
    };
  });
  const { vegaSpec: _chart, ...rest } = parsed as Record<string, unknown>;
  return JSON.stringify({
    ...rest,
    data: rows.slice(0, MODEL_RESULT_ROWS),
    summary: { rowsReturned: rows.length, numericColumns: columns },
    note: `first ${MODEL_RESULT_ROWS} of ${rows.length} returned rows; the summary covers all of them, and the user sees the full table`,
  });
}

/** Keeps the shape of a large tool result (schema, first rows, totals) within the history budget. */
function shortenResult(result: string): string {
  const parsed = safeParse(result);
  if (parsed && typeof parsed === 'object' && 'data' in parsed && Array.isArray(parsed.data)) {
    const rows = parsed.data as unknown[];
    const short = JSON.stringify({
      ...parsed,
      data: rows.slice(0, 20),
      note: `first 20 of ${rows.length} rows`,
    });
    if (short.length <= HISTORY_RESULT_CHARS * 2) return short;
  }
  return JSON.stringify({ note: 'result omitted (too large)' });
}

const errorMessage = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  // The first line is what helps a model fix its query; the rest may echo compiled SQL.
  return (text.split('\n')[0] ?? text).slice(0, 1_000);
};

interface Progress {
  metaSearches: number;
  queries: { title: string; totalRows: number }[];
  failedTools: number;
  partialText: string;
}

function summary(progress: Progress): string {
  const parts: string[] = [];
  if (progress.metaSearches > 0) {
    parts.push(
      `searched the data model ${progress.metaSearches === 1 ? 'once' : `${progress.metaSearches} times`}`,
    );
  }
  for (const q of progress.queries)
    parts.push(`ran "${q.title}" (${q.totalRows} row${q.totalRows === 1 ? '' : 's'})`);
  if (progress.failedTools > 0) parts.push(`had ${progress.failedTools} failed tool call(s)`);
  const done = parts.length > 0 ? `So far I ${parts.join(', ')}.` : 'Nothing had been done yet.';
  const text = progress.partialText.trim();
  return text ? `${done}\n\n${text}` : done;
}

/**
 * Runs one turn of the analyst graph: model steps (node core_data_analyst_agent) and tool calls (node
 * core_data_analyst_agent/tools) until the model answers, then exactly one final answer (node final).
 * Emits README, "Chat with the analyst" lines between the user echo and `__state__`; bounded by steps and time; the signal
 * reaches every model call and query.
 */
export async function runAgentTurn(args: TurnArgs): Promise<TurnResult> {
  const maxSteps = args.maxSteps ?? DEFAULT_MAX_STEPS;
  const deadlineMs = args.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const now = args.now ?? Date.now;
  const started = now();
  const clock = turnClock(now(), args.timeZone);
  const examples = closestVerified(args.tools.verifiedQueries, args.input);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort('deadline'), deadlineMs);
  const signal = AbortSignal.any([args.signal, deadline.signal]);
  const conversation: ConversationMessage[] = [
    ...historyToConversation(args.history),
    { role: 'user', text: args.input },
  ];
  const progress: Progress = { metaSearches: 0, queries: [], failedTools: 0, partialText: '' };
  const thinkingOf = (text: string) => (args.showThinking ? text : '');
  const nodes = nodesOf(args.naming ?? 'core');

  const usage = emptyUsage();
  const finish = async (
    status: TurnResult['status'],
    finalAnswer: string,
    failure?: { error: string; deadline?: boolean },
  ): Promise<TurnResult> => {
    clearTimeout(timer);
    await args.emit(finalLine(randomUUID(), finalAnswer) as ChatMessage);
    return { status, finalAnswer, usage, ...failure };
  };
  const stopped = () => {
    if (args.signal.aborted) return finish('aborted', `Stopped at your request. ${summary(progress)}`);
    const limit = `limit ${Math.round(deadlineMs / 1000)} s`;
    return finish('error', `I ran out of time before finishing (${limit}). ${summary(progress)}`, {
      error: `The answer took longer than its time limit (${limit}).`,
      deadline: true,
    });
  };

  try {
    for (let step = 0; step < maxSteps; step++) {
      if (signal.aborted || now() - started >= deadlineMs) return await stopped();
      const stepId = randomUUID();
      let text = '';
      let thinking = '';
      let signature: string | undefined;
      const toolUses: ToolUse[] = [];
      const request: ModelRequest = {
        system: systemPrompt(clock, examples),
        clock,
        ...(examples.length > 0 ? { examples } : {}),
        messages: conversation,
        tools: TOOL_SPECS,
      };
      const closeStep = async () => {
        if (text || thinkingOf(thinking)) {
          await args.emit(agentStep(stepId, nodes.agent, text, thinkingOf(thinking)) as ChatMessage);
        }
      };
      try {
        for await (const event of abortable(args.provider.stream(request, signal), signal)) {
          if (event.type === 'text' && event.delta) {
            text += event.delta;
            progress.partialText = text;
            await args.emit(agentDelta(stepId, nodes.agent, { content: event.delta }) as ChatMessage);
          } else if (event.type === 'thinking' && event.delta) {
            thinking += event.delta;
            if (args.showThinking) {
              await args.emit(agentDelta(stepId, nodes.agent, { thinking: event.delta }) as ChatMessage);
            }
          } else if (event.type === 'thinkingSignature') {
            signature = event.signature;
          } else if (event.type === 'toolUse') {
            toolUses.push(event.toolUse);
          } else if (event.type === 'end') {
            addUsage(usage, { model: args.provider.name, ...event.usage });
          }
        }
      } catch (error) {
        await closeStep();
        throw error;
      }
      await closeStep();
      conversation.push({
        role: 'assistant',
        text,
        toolUses,
        ...(thinking ? { reasoning: { text: thinking, ...(signature ? { signature } : {}) } } : {}),
      });
      if (toolUses.length === 0) {
        return await finish('completed', text.trim() || 'I could not produce an answer to that question.');
      }
      for (const toolUse of toolUses) {
        const content = await runTool(args, toolUse, signal, progress);
        conversation.push({
          role: 'tool',
          toolUseId: toolUse.id,
          name: toolUse.name,
          // The offline planner is code and reads every row; a language model gets large results summarised.
          content: args.provider.name === 'offline' ? content : summariseForModel(content),
          isError: content.startsWith('{"error"'),
        });
      }
    }
    return await finish(
      'completed',
      `I reached the limit of ${maxSteps} steps before a complete answer. ${summary(progress)}`,
    );
  } catch (error) {
    if (error instanceof AbortedError || signal.aborted) return await stopped();
    const message = errorMessage(error);
    return await finish('error', `Sorry, the analyst ran into a problem: ${message}. ${summary(progress)}`, {
      error: message,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Runs one tool call with its two lines (in process, then with result); failures become `{"error"}` results. */
async function runTool(
  args: TurnArgs,
  toolUse: ToolUse,
  signal: AbortSignal,
  progress: Progress,
): Promise<string> {
  if (!isToolName(toolUse.name)) {
    progress.failedTools++;
    return JSON.stringify({ error: `Unknown tool ${toolUse.name}; the tools are coreMeta and coreSqlApi` });
  }
  const name = toolUse.name;
  const nodes = nodesOf(args.naming ?? 'core');
  const wire = wireToolName(name, args.naming ?? 'core');
  const id = randomUUID();
  const input = JSON.stringify(toolUse.input);
  await args.emit(toolStarted(id, nodes.tools, wire, input) as ChatMessage);
  let result: string;
  try {
    let value: object;
    if (name === 'coreMeta') {
      const parsed = coreMetaInput.safeParse(toolUse.input);
      if (!parsed.success)
        throw new Error(`Invalid coreMeta input: ${parsed.error.issues[0]?.message ?? 'bad input'}`);
      value = await raceAbort(args.tools.coreMeta(parsed.data, signal), signal);
      progress.metaSearches++;
    } else {
      const parsed = coreSqlInput.safeParse(toolUse.input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(
          `Invalid coreSqlApi input: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'bad input'}`,
        );
      }
      value = await raceAbort(args.tools.coreSqlApi(parsed.data, signal), signal);
      const total = 'totalRows' in value && typeof value.totalRows === 'number' ? value.totalRows : 0;
      progress.queries.push({ title: parsed.data.queryTitle ?? 'a query', totalRows: total });
    }
    result = JSON.stringify(value);
  } catch (error) {
    if (error instanceof AbortedError || signal.aborted) {
      await args.emit(
        toolResult(id, nodes.tools, wire, input, JSON.stringify({ error: 'Aborted' })) as ChatMessage,
      );
      throw error instanceof AbortedError ? error : new AbortedError(signal.reason);
    }
    progress.failedTools++;
    result = JSON.stringify({ error: errorMessage(error) });
  }
  await args.emit(toolResult(id, nodes.tools, wire, input, result) as ChatMessage);
  return result;
}
