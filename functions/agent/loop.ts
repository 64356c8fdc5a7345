import { randomUUID } from 'node:crypto';
import { AppError } from '../errors';
import { createLogger, describeError, type Logger } from '../observability/log';
import {
  addUsage,
  agentDelta,
  agentStep,
  emptyUsage,
  FINAL_NODE as FINAL,
  finalLine,
  NAMES,
  type ToolNaming,
  toolResult,
  toolStarted,
  type Usage,
  wireToolName,
} from '../protocol';
import { AbortedError, abortable, raceAbort, sleep } from './abort';
import { checkGrounding } from './grounding';
import {
  conversationTokens,
  DEFAULT_HISTORY_TOKENS,
  fitHistory,
  historyToConversation,
  turnCount,
} from './history';
import { resultForModel } from './model-view';
import { turnClock } from './planner/clock';
import { SYSTEM_PROMPT, turnContext } from './prompt';
import { backoffMs, DEFAULT_RETRY } from './providers/retry';
import { coreMetaInput, coreSqlInput, isToolName, TOOL_SPECS } from './tool-specs';
import {
  CUT_ANSWER,
  CUT_STEP,
  FILTERED_ANSWER,
  FILTERED_STEP,
  failureText,
  MALFORMED_ANSWER,
  newProgress,
  type Progress,
  summary,
  WITHDRAWN_STEP,
  withheldAnswer,
} from './turn-text';
import type {
  AnalystTools,
  ChatMessage,
  ConversationMessage,
  ModelProvider,
  ModelRequest,
  StepStop,
  ToolUse,
} from './types';
import { ModelProviderError } from './types';
import { closestVerified } from './verified';

export { historyToConversation } from './history';
export { SYSTEM_PROMPT, systemPrompt } from './prompt';
export { MODEL_RESULT_ROWS, TOOL_SPECS } from './tool-specs';

export const AGENT_NODE = ['core_data_analyst_agent'];
export const TOOLS_NODE = ['core_data_analyst_agent', 'tools'];
export const FINAL_NODE = FINAL;

export const DEFAULT_MAX_STEPS = 8;
export const DEFAULT_DEADLINE_MS = 120_000;
/** Attempts of one step whose stream broke after it had produced something (throttled, unavailable). */
const STEP_ATTEMPTS = 3;

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
  /** Earlier turns a model reads at most, in estimated tokens (the oldest whole turns are left out). */
  historyTokens?: number;
  /** Check the final answer's numbers against this turn's results (default: every provider but offline). */
  grounding?: boolean;
  /** Where provider failures and withheld answers are logged in full (users see a reference only). */
  log?: Pick<Logger, 'warn' | 'error'>;
  /** Base pause before a broken step is run again (tests shorten it). */
  retryBaseMs?: number;
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
  /** Why the turn failed, in one line a user may read (status error). */
  error?: string;
  /** The turn ran out of its time (status error). */
  deadline?: boolean;
}

interface Step {
  text: string;
  thinking: string;
  signature?: string;
  toolUses: ToolUse[];
  stop: StepStop;
}

/** A short reference that ties what a user was told to the full error in the logs. */
const newReference = () => randomUUID().replace(/-/g, '').slice(0, 12);

/**
 * Runs one turn of the analyst graph: model steps (node core_data_analyst_agent) and tool calls (node
 * core_data_analyst_agent/tools) until the model answers, then exactly one final answer (node final).
 * Emits the stream lines (README, "Chat with the analyst") between the user echo and `__state__`; bounded by steps and time; the signal
 * reaches every model call and query. Each way a step can end is acted on: tool calls run, an answer is
 * checked for grounded numbers, a cut-off or garbled reply is asked for again once, a filtered one ends the
 * turn, an input too long for the model drops older turns.
 */
export async function runAgentTurn(args: TurnArgs): Promise<TurnResult> {
  const maxSteps = args.maxSteps ?? DEFAULT_MAX_STEPS;
  const deadlineMs = args.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const now = args.now ?? Date.now;
  const log = args.log ?? createLogger({ component: 'analyst' });
  const started = now();
  const clock = turnClock(now(), args.timeZone);
  const examples = closestVerified(args.tools.verifiedQueries, args.input);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort('deadline'), deadlineMs);
  const signal = AbortSignal.any([args.signal, deadline.signal]);
  const language = args.provider.name !== 'offline';
  const grounding = args.grounding ?? language;
  const progress = newProgress();
  const thinkingOf = (text: string) => (args.showThinking ? text : '');
  const nodes = nodesOf(args.naming ?? 'core');
  const usage = emptyUsage();

  // Earlier turns within the token budget; the model is told when some were left out, the user when it had to be.
  const earlier = historyToConversation(args.history);
  let history = fitHistory(earlier, args.historyTokens ?? DEFAULT_HISTORY_TOKENS);
  const userNotes: string[] = [];
  const contextNotes = () =>
    history.dropped > 0
      ? [
          `The ${history.dropped} oldest turn(s) of this conversation were left out to fit your context; if the question refers to them, say you no longer have them.`,
        ]
      : [];
  const question: Extract<ConversationMessage, { role: 'user' }> = {
    role: 'user',
    text: args.input,
    context: turnContext(clock, examples, contextNotes()),
  };
  const turn: ConversationMessage[] = [question];
  // What the answer's numbers may come from: this turn's successful results, as the model read them.
  const results: string[] = [];
  const sql: string[] = [];
  let queried = false;
  let sentBack = false;
  let cutOnce = false;
  let malformedOnce = false;

  const finish = async (
    status: TurnResult['status'],
    finalAnswer: string,
    failure?: { error: string; deadline?: boolean },
  ): Promise<TurnResult> => {
    clearTimeout(timer);
    const answer = userNotes.length > 0 ? `${finalAnswer}\n\n_${userNotes.join(' ')}_` : finalAnswer;
    await args.emit(finalLine(randomUUID(), answer) as ChatMessage);
    return { status, finalAnswer: answer, usage, ...failure };
  };
  const stopped = () => {
    // The model's unfinished words are shown only when their figures pass the same check as an answer's.
    const partial = progress.partialText.trim();
    const shown =
      !grounding ||
      checkGrounding(partial, { results, queried, question: args.input, today: clock.today, sql }).ok;
    const done = summary(progress, shown);
    if (args.signal.aborted) return finish('aborted', `Stopped at your request. ${done}`);
    const limit = `limit ${Math.round(deadlineMs / 1000)} s`;
    return finish('error', `I ran out of time before finishing (${limit}). ${done}`, {
      error: `The answer took longer than its time limit (${limit}).`,
      deadline: true,
    });
  };

  /** After "input too long": fewer earlier turns, or this turn's older results shortened; false when nothing is left. */
  const shrink = (): boolean => {
    const turns = turnCount(history.messages);
    if (turns > 0) {
      const budget = Math.floor(conversationTokens(history.messages) / 2);
      const before = history.dropped;
      history = fitHistory(earlier, budget);
      if (history.dropped === before) history = fitHistory(earlier, 0);
      question.context = turnContext(clock, examples, contextNotes());
      userNotes.splice(
        0,
        userNotes.length,
        `(I left out the ${history.dropped} oldest turn(s) of this conversation to fit the language model's context.)`,
      );
      return true;
    }
    const older = turn.filter((m) => m.role === 'tool').slice(0, -1);
    const shortened = older.filter((m) => m.role === 'tool' && !m.content.startsWith('{"omitted"'));
    if (shortened.length === 0) return false;
    for (const m of shortened)
      if (m.role === 'tool') m.content = '{"omitted":"shortened to fit the context"}';
    return true;
  };

  /** One model step, streamed; run again when its stream breaks midway. `close` emits its complete copy. */
  const stepOnce = async (
    request: ModelRequest,
  ): Promise<{ step: Step; close: (shown: string) => Promise<void> }> => {
    for (let attempt = 1; ; attempt++) {
      const stepId = randomUUID();
      const step: Step = { text: '', thinking: '', toolUses: [], stop: 'end_turn' };
      let produced = false;
      const close = async (shown = step.text) => {
        if (shown || thinkingOf(step.thinking)) {
          await args.emit(agentStep(stepId, nodes.agent, shown, thinkingOf(step.thinking)) as ChatMessage);
        }
      };
      try {
        for await (const event of abortable(args.provider.stream(request, signal), signal)) {
          produced = true;
          if (event.type === 'text' && event.delta) {
            step.text += event.delta;
            progress.partialText = step.text;
            await args.emit(agentDelta(stepId, nodes.agent, { content: event.delta }) as ChatMessage);
          } else if (event.type === 'thinking' && event.delta) {
            step.thinking += event.delta;
            if (args.showThinking) {
              await args.emit(agentDelta(stepId, nodes.agent, { thinking: event.delta }) as ChatMessage);
            }
          } else if (event.type === 'thinkingSignature') {
            step.signature = event.signature;
          } else if (event.type === 'toolUse') {
            step.toolUses.push(event.toolUse);
          } else if (event.type === 'end') {
            step.stop = event.stopReason;
            if (event.stopReason === 'other')
              log.warn('model step ended for an unknown reason', { reason: event.rawStopReason });
            addUsage(usage, { model: args.provider.name, ...event.usage });
          }
        }
      } catch (error) {
        // A stream that broke after it began (the provider retried those that broke before) runs again.
        const again =
          produced &&
          error instanceof ModelProviderError &&
          error.retryable &&
          attempt < STEP_ATTEMPTS &&
          !signal.aborted;
        await close(again && step.text ? `${step.text} …` : step.text);
        if (!again) throw error;
        log.warn('model step broke; running it again', { attempt, ...describeError(error) });
        progress.partialText = '';
        await sleep(
          backoffMs(
            attempt,
            { ...DEFAULT_RETRY, baseDelayMs: args.retryBaseMs ?? DEFAULT_RETRY.baseDelayMs },
            error.retryAfterMs,
          ),
          signal,
        );
        continue;
      }
      return { step, close };
    }
  };

  try {
    for (let step = 0; step < maxSteps; step++) {
      if (signal.aborted || now() - started >= deadlineMs) return await stopped();
      const request: ModelRequest = {
        system: SYSTEM_PROMPT,
        clock,
        ...(examples.length > 0 ? { examples } : {}),
        messages: [...history.messages, ...turn],
        tools: TOOL_SPECS,
        stablePrefix: history.messages.length,
      };
      let outcome: Step;
      let close: (shown: string) => Promise<void>;
      try {
        ({ step: outcome, close } = await stepOnce(request));
      } catch (error) {
        if (error instanceof ModelProviderError && error.kind === 'context' && !signal.aborted && shrink()) {
          log.warn('model input too long; older turns left out', { dropped: history.dropped });
          continue;
        }
        throw error;
      }
      const { text, toolUses, stop } = outcome;
      // The step's complete copy: what was cut or filtered is not shown as if it stood; an answer under the
      // grounding check is closed once it has been checked.
      if (stop === 'max_tokens' || stop === 'malformed') await close(CUT_STEP);
      else if (stop === 'content_filtered') await close(FILTERED_STEP);
      else if (toolUses.length > 0 || !grounding || stop === 'context_overflow') await close(text);
      if (stop === 'content_filtered') {
        return await finish('error', FILTERED_ANSWER, {
          error: "The model provider's content filter stopped the answer.",
        });
      }
      if (stop === 'context_overflow') {
        if (shrink()) continue;
        throw new ModelProviderError(args.provider.name, 'context window exceeded', { kind: 'context' });
      }
      if (stop === 'max_tokens' || stop === 'malformed') {
        // Half a tool call or half an answer is never used: asked for again once, shorter.
        const first = stop === 'max_tokens' ? !cutOnce : !malformedOnce;
        if (stop === 'max_tokens') cutOnce = true;
        else malformedOnce = true;
        if (!first) {
          return await finish('error', stop === 'max_tokens' ? CUT_ANSWER : MALFORMED_ANSWER, {
            error:
              stop === 'max_tokens'
                ? 'The answer was cut off at the output limit.'
                : 'The model wrote malformed tool calls.',
          });
        }
        turn.push({
          role: 'user',
          note: true,
          text:
            stop === 'max_tokens'
              ? 'Your last reply was cut off at the output limit before it was complete, so none of it was used. Reply again, shorter: a shorter query, or a shorter answer.'
              : 'Your last tool call was malformed (not valid JSON for the tool), so it was not run. Call the tool again with valid input.',
        });
        continue;
      }
      turn.push({
        role: 'assistant',
        text,
        toolUses,
        ...(outcome.thinking
          ? {
              reasoning: {
                text: outcome.thinking,
                ...(outcome.signature ? { signature: outcome.signature } : {}),
              },
            }
          : {}),
      });
      if (toolUses.length === 0) {
        const answer = text.trim();
        if (grounding && !answer) await close(text);
        if (grounding && answer) {
          const check = checkGrounding(answer, {
            results,
            queried,
            question: args.input,
            today: clock.today,
            sql,
          });
          await close(check.ok ? text : WITHDRAWN_STEP);
          if (!check.ok) {
            log.warn('answer figures not found in the turn results', { reason: check.reason, sentBack });
            if (!sentBack) {
              sentBack = true;
              turn.push({
                role: 'user',
                note: true,
                text: `${check.reason} Answer again: state only numbers that appear in this turn's results or that you compute from them with the arithmetic shown; run a query for any figure you need; or say what you cannot answer.`,
              });
              continue;
            }
            return await finish('completed', withheldAnswer(progress));
          }
        }
        return await finish('completed', answer || 'I could not produce an answer to that question.');
      }
      for (const toolUse of toolUses) {
        const ran = await runTool(args, toolUse, signal, progress, log);
        if (!ran.isError) {
          results.push(language ? resultForModel(toolUse.name, ran.content) : ran.content);
          if (toolUse.name === 'coreSqlApi') {
            queried = true;
            sql.push(String(toolUse.input.sqlQuery ?? ''));
          }
        }
        turn.push({
          role: 'tool',
          toolUseId: toolUse.id,
          name: toolUse.name,
          // The offline planner is code and reads every row; a language model reads what model-view gives it.
          content: language ? resultForModel(toolUse.name, ran.content) : ran.content,
          isError: ran.isError,
        });
      }
    }
    return await finish(
      'completed',
      `I reached the limit of ${maxSteps} steps before a complete answer. ${summary(progress, false)}`,
    );
  } catch (error) {
    if (error instanceof AbortedError || signal.aborted) return await stopped();
    // The provider's words (which may carry an account id or a role ARN) go to the logs only.
    const reference = newReference();
    log.error('analyst turn failed', { reference, ...describeError(error) });
    const kind = error instanceof ModelProviderError ? error.kind : undefined;
    return await finish('error', `${failureText(kind, reference)} ${summary(progress, false)}`, {
      error: `The analyst could not finish this answer (reference ${reference}).`,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs one tool call with its two lines (in process, then with result); failures become `{"error"}` results.
 * The lines carry the spec's payload: the model's input plus `userRequest` (the turn's input).
 */
async function runTool(
  args: TurnArgs,
  toolUse: ToolUse,
  signal: AbortSignal,
  progress: Progress,
  log: Pick<Logger, 'error'>,
): Promise<{ content: string; isError: boolean }> {
  if (!isToolName(toolUse.name)) {
    progress.failedTools++;
    const content = JSON.stringify({
      error: `Unknown tool ${toolUse.name}; the tools are coreMeta and coreSqlApi`,
    });
    return { content, isError: true };
  }
  const name = toolUse.name;
  const nodes = nodesOf(args.naming ?? 'core');
  const wire = wireToolName(name, args.naming ?? 'core');
  const id = randomUUID();
  const sqlInput = name === 'coreSqlApi' ? coreSqlInput.safeParse(toolUse.input) : undefined;
  const metaInput = name === 'coreMeta' ? coreMetaInput.safeParse(toolUse.input) : undefined;
  const shown = sqlInput?.success ? { ...sqlInput.data, userRequest: args.input } : toolUse.input;
  const input = JSON.stringify(shown);
  await args.emit(toolStarted(id, nodes.tools, wire, input) as ChatMessage);
  const done = async (content: string, isError: boolean) => {
    await args.emit(toolResult(id, nodes.tools, wire, input, content) as ChatMessage);
    return { content, isError };
  };
  const invalid =
    sqlInput?.success === false ? sqlInput.error : metaInput?.success === false ? metaInput.error : undefined;
  if (invalid) {
    progress.failedTools++;
    const issue = invalid.issues[0];
    const where = issue ? `${issue.path.join('.')}: ${issue.message}` : 'bad input';
    return done(JSON.stringify({ error: `Invalid ${name} input: ${where}` }), true);
  }
  try {
    let value: object;
    if (metaInput?.success) {
      value = await raceAbort(args.tools.coreMeta(metaInput.data, signal), signal);
      progress.metaSearches++;
    } else if (sqlInput?.success) {
      value = await raceAbort(
        args.tools.coreSqlApi({ ...sqlInput.data, userRequest: args.input }, signal),
        signal,
      );
      const total = 'totalRows' in value && typeof value.totalRows === 'number' ? value.totalRows : 0;
      progress.queries.push({ title: sqlInput.data.queryTitle ?? 'a query', totalRows: total });
    } else {
      throw new Error(`no input for ${name}`);
    }
    return done(JSON.stringify(value), false);
  } catch (error) {
    if (error instanceof AbortedError || signal.aborted) {
      await args.emit(
        toolResult(id, nodes.tools, wire, input, JSON.stringify({ error: 'Aborted' })) as ChatMessage,
      );
      throw error instanceof AbortedError ? error : new AbortedError(signal.reason);
    }
    progress.failedTools++;
    return done(JSON.stringify({ error: toolErrorText(error, log) }), true);
  }
}

/**
 * A tool failure as the model and the user read it: the service's own refusals (bad SQL, a member that does not
 * exist, a result too large) in their first line, which is what helps a model fix its query; anything else
 * (a lost connection, an engine fault) as a reference to the logs.
 */
function toolErrorText(error: unknown, log: Pick<Logger, 'error'>): string {
  if (error instanceof AppError) {
    const text = error.message;
    return (text.split('\n')[0] ?? text).slice(0, 1_000);
  }
  const reference = newReference();
  log.error('analyst tool failed', { reference, ...describeError(error) });
  return `The query could not run because of a problem on our side (reference ${reference}).`;
}
