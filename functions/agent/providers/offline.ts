import { sleep } from '../abort';
import { helpText, type ResultLike } from '../planner/answer';
import { searchWords } from '../planner/asker';
import { buildCatalog, type MetaCubeLike } from '../planner/catalog';
import { looksLikeFollowUp, readQuestions } from '../planner/reading';
import { refusalText } from '../planner/respond';
import { nextStep, type SqlOutcome } from '../planner/steps';
import { STOPWORDS, words } from '../planner/text';
import { META_MAX_MEMBERS } from '../tool-specs';
import type { ConversationMessage, ModelEvent, ModelProvider, ModelRequest } from '../types';
import { CLOSE_MATCH, verifiedAnswer } from '../verified';
import { estimateCachedInput } from './cache-estimate';

export interface OfflineOptions {
  /** Pause between streamed chunks (OFFLINE_DELAY_MS), so streaming and abort can be observed. */
  delayMs?: number;
  /** Words per streamed text chunk. */
  wordsPerChunk?: number;
  /** Report input tokens as Bedrock's prompt cache would bill them (estimated; OFFLINE_PROMPT_CACHE, the eval). */
  promptCache?: boolean;
}

const parse = (content: string): unknown => {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
};

const isMeta = (value: unknown): value is { cubes: MetaCubeLike[] } =>
  typeof value === 'object' && value !== null && 'cubes' in value && Array.isArray(value.cubes);

const isResult = (value: unknown): value is ResultLike =>
  typeof value === 'object' &&
  value !== null &&
  'data' in value &&
  Array.isArray(value.data) &&
  'schema' in value;

type ToolMessage = Extract<ConversationMessage, { role: 'tool' }>;

/** Keywords for coreMeta: the content words of the question (and of the one it follows up). */
function searchTerms(question: string, previous?: string): string {
  const text = previous && looksLikeFollowUp(question) ? `${previous} ${question}` : question;
  // The model's words for the asker's own ("clients": customers) are searched too.
  const asked = words(text);
  return [
    ...new Set([...asked, ...searchWords(asked)].filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w))),
  ].join(' ');
}

/**
 * The offline model: a deterministic planner that reads the conversation like a model would (question,
 * earlier questions, tool results) and decides the next step: coreMeta, then coreSqlApi, then an answer
 * stating the numbers. No network; everything it knows about the data comes from coreMeta.
 */
export function offlineProvider(options: OfflineOptions = {}): ModelProvider {
  const delayMs = Math.max(0, options.delayMs ?? 0);
  const perChunk = Math.max(1, options.wordsPerChunk ?? 4);

  async function* text(
    content: string,
    signal: AbortSignal,
    kind: 'text' | 'thinking' = 'text',
  ): AsyncGenerator<ModelEvent> {
    const pieces = content.match(/\S+\s*/g) ?? [content];
    for (let i = 0; i < pieces.length; i += perChunk) {
      if (i > 0 || kind === 'text') await sleep(delayMs, signal);
      yield { type: kind, delta: pieces.slice(i, i + perChunk).join('') };
    }
  }

  const planner: ModelProvider = {
    name: 'offline',
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
      // Service notes are not questions: the planner reads the user's messages only.
      const messages = request.messages.filter((m) => m.role !== 'user' || !m.note);
      const lastUser = messages.findLastIndex((m) => m.role === 'user');
      const current = messages[lastUser];
      const question = current?.role === 'user' ? current.text : '';
      const questions = messages.flatMap((m) => (m.role === 'user' ? [m.text] : []));
      const turn = messages.slice(lastUser + 1).filter((m): m is ToolMessage => m.role === 'tool');
      const step = turn.length;
      const toolUse = (name: string, input: Record<string, unknown>): ModelEvent => ({
        type: 'toolUse',
        toolUse: { id: `offline-${lastUser}-${step}`, name, input },
      });

      // A verified query close to the question is run as written (under the user's access rules, like any
      // query); if it fails (a view this user may not see), the planner answers instead.
      const verified = request.examples?.find((e) => e.similarity >= CLOSE_MATCH);
      if (verified) {
        const first = turn.find((m) => m.name === 'coreSqlApi');
        if (!first) {
          yield* text(`Using the verified query for "${verified.question}".`, signal, 'thinking');
          yield toolUse('coreSqlApi', {
            sqlQuery: verified.sql,
            queryTitle: verified.question,
            description: 'Verified query of the data model',
          });
          yield { type: 'end', stopReason: 'tool_use' };
          return;
        }
        const answered = parse(first.content);
        if (isResult(answered)) {
          yield* text(verifiedAnswer(verified, answered), signal);
          yield { type: 'end', stopReason: 'end_turn' };
          return;
        }
      }

      // Catalog: this turn's coreMeta results first, then older ones.
      const metas = messages
        .flatMap((m, i) =>
          m.role === 'tool' && m.name === 'coreMeta' ? [{ i, value: parse(m.content) }] : [],
        )
        .sort((a, b) => b.i - a.i)
        .flatMap(({ value }) => (isMeta(value) ? value.cubes : []));
      const catalog = buildCatalog(metas);

      if (!turn.some((m) => m.name === 'coreMeta')) {
        const searchQuery = searchTerms(question, questions.at(-2));
        yield* text(`Searching the data model for: ${searchQuery || 'everything'}.`, signal, 'thinking');
        // The planner is code, not a model paying per token: it reads the whole catalog.
        yield toolUse('coreMeta', { searchQuery, limit: META_MAX_MEMBERS });
        yield { type: 'end', stopReason: 'tool_use' };
        return;
      }

      // Relative periods are the user's calendar dates (the turn's clock), UTC when none was given.
      const today = request.clock?.today ?? new Date().toISOString().slice(0, 10);
      const reading = readQuestions(questions, catalog, today);
      if (reading.kind !== 'plan') {
        yield* text(reading.kind === 'refuse' ? refusalText(reading, catalog) : helpText(catalog), signal);
        yield { type: 'end', stopReason: 'end_turn' };
        return;
      }
      const outcomes: SqlOutcome[] = turn
        .filter((m) => m.name === 'coreSqlApi')
        .slice(verified ? 1 : 0)
        .map((m) => {
          const result = parse(m.content);
          if (isResult(result)) return result;
          const error =
            typeof result === 'object' && result !== null && 'error' in result
              ? String(result.error)
              : 'no result';
          return { error };
        });
      const next = nextStep(reading.plan, outcomes, today);
      if (next.kind === 'query') {
        yield* text(`Plan: ${next.query.title}. Querying ${reading.plan.cube.name}.`, signal, 'thinking');
        yield toolUse('coreSqlApi', {
          sqlQuery: next.query.sql,
          queryTitle: next.query.title,
          description: next.query.description,
        });
        yield { type: 'end', stopReason: 'tool_use' };
        return;
      }
      yield* text(
        next.kind === 'answer' ? next.text : helpText(catalog, `${next.message} Here is what I can answer:`),
        signal,
      );
      yield { type: 'end', stopReason: 'end_turn' };
    },
  };
  return {
    name: 'offline',
    stream: (request, signal) =>
      metered(request, planner.stream(request, signal), options.promptCache === true),
  };
}

/** Tokens as a model would roughly count them: one per four characters, rounded up. */
export const estimateTokens = (characters: number): number => Math.ceil(characters / 4);

/**
 * The planner's steps with the usage a model would report: what it read (system prompt, conversation and tool
 * specs as JSON) and what it produced (text, reasoning and tool inputs), in estimated tokens.
 */
async function* metered(
  request: ModelRequest,
  events: AsyncIterable<ModelEvent>,
  promptCache: boolean,
): AsyncGenerator<ModelEvent> {
  const read =
    request.system.length + JSON.stringify(request.messages).length + JSON.stringify(request.tools).length;
  let produced = 0;
  for await (const event of events) {
    if (event.type === 'text' || event.type === 'thinking') produced += event.delta.length;
    else if (event.type === 'toolUse')
      produced += event.toolUse.name.length + JSON.stringify(event.toolUse.input).length;
    if (event.type !== 'end') {
      yield event;
      continue;
    }
    const input = promptCache ? estimateCachedInput(request) : { inputTokens: estimateTokens(read) };
    yield { ...event, usage: { model: 'offline', ...input, outputTokens: estimateTokens(produced) } };
  }
}
