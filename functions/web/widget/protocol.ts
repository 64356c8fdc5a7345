/**
 * The chat wire format as the widget reads it (docs/embedding.md, "How a stream ends", §2.8, README, "Chat with the analyst"), and a reducer that folds the
 * streamed lines of one turn into a view model. Pure: no DOM, no network, so it runs in Node tests too.
 */
import { type TurnStatus as EndStatus, FRAME } from '../../protocol';

export { FRAME };

/** Tool names by role: the service's defaults and Cube's (an agent setting switches between them). */
export const isSqlTool = (name: string): boolean => name === 'coreSqlApi' || name === 'cubeSqlApi';
export const isMetaTool = (name: string): boolean => name === 'coreMeta' || name === 'cubeMeta';

/** A tool call as streamed: input and result are JSON strings the client parses. */
export interface WireToolCall {
  name: string;
  input?: string;
  result?: string;
}

/** One NDJSON line of the chat stream (Cube's id-less `{"error"}` line reads with id ''). */
export interface WireMessage {
  id: string;
  /** Cube's end frames: the reason on `__aborted__`/`__suspended__` and the error line's message. */
  error?: string;
  type?: string;
  role?: string;
  content?: string;
  thinking?: string;
  toolCall?: WireToolCall;
  graphPath?: string[];
  isDelta?: boolean;
  isInProcess?: boolean;
  sort?: number;
  state?: Record<string, unknown>;
}

export interface Column {
  name: string;
  type: string;
}

/** A parsed coreSqlApi result (docs/embedding.md, "Tool and node names"). */
export interface SqlResult {
  sqlQuery?: string;
  queryTitle?: string;
  description?: string;
  columns: Column[];
  rows: unknown[][];
  totalRows: number;
  vegaSpec?: Record<string, unknown>;
}

export type StepStatus = 'running' | 'done' | 'failed';

export interface ToolStep {
  kind: 'tool';
  id: string;
  name: string;
  status: StepStatus;
  input: Record<string, unknown>;
  /** The parsed result object (absent while running). */
  result?: Record<string, unknown>;
  /** For coreSqlApi: the normalised result. */
  sql?: SqlResult;
  error?: string;
}

/** Content (and thinking) of the main agent node that was not the final answer. */
export interface TextStep {
  kind: 'text';
  id: string;
  content: string;
  thinking: string;
  inProcess: boolean;
}

export type Step = ToolStep | TextStep;
export type TurnStatus = 'streaming' | EndStatus;

export interface Turn {
  question: string;
  steps: Step[];
  /** The final consolidated answer (graphPath[0] === 'final'). */
  final?: string;
  status: TurnStatus;
  /** A readable reason when status is error. */
  error?: string;
  chatId?: string;
}

/** Splits a byte stream's text into complete lines; the remainder waits for the next chunk. */
export class LineSplitter {
  private rest = '';

  /** Adds a chunk and returns the complete, non-empty lines it finished. */
  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const parts = text.split('\n');
    this.rest = parts.pop() ?? '';
    return parts.map((line) => line.trim()).filter((line) => line.length > 0);
  }

  /** The last line when the stream ended without a newline. */
  flush(): string[] {
    const last = this.rest.trim();
    this.rest = '';
    return last ? [last] : [];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses one line; anything that is not a message object is reported as undefined. */
export function parseLine(line: string): WireMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (typeof value.id === 'string') return value as unknown as WireMessage;
  // Cube's error line: `{"error": "..."}` without an id.
  if (typeof value.error === 'string') return { id: '', error: value.error };
  return undefined;
}

/** Parses a JSON string payload of a tool call; non-JSON text becomes `{ text }`. */
export function parsePayload(payload: string | undefined): Record<string, unknown> {
  if (payload === undefined || payload === '') return {};
  try {
    const value: unknown = JSON.parse(payload);
    return isRecord(value) ? value : { value };
  } catch {
    return { text: payload };
  }
}

function parseSpec(value: unknown): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a coreSqlApi result (and its input, for fields only the input has) into one shape. */
export function toSqlResult(result: Record<string, unknown>, input: Record<string, unknown>): SqlResult {
  const schema = Array.isArray(result.schema) ? result.schema : [];
  const columns = schema.filter(isRecord).map((column) => ({
    name: String(column.name ?? ''),
    type: String(column.column_type ?? column.type ?? ''),
  }));
  const rows = (Array.isArray(result.data) ? result.data : []).map((row) =>
    Array.isArray(row) ? row : isRecord(row) ? columns.map((column) => row[column.name]) : [row],
  );
  const text = (key: string) => {
    const value = result[key] ?? input[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const out: SqlResult = {
    columns,
    rows,
    totalRows: typeof result.totalRows === 'number' ? result.totalRows : rows.length,
  };
  const sqlQuery = text('sqlQuery');
  const queryTitle = text('queryTitle');
  const description = text('description');
  const vegaSpec = parseSpec(result.vegaSpec ?? input.vegaSpec);
  if (sqlQuery) out.sqlQuery = sqlQuery;
  if (queryTitle) out.queryTitle = queryTitle;
  if (description) out.description = description;
  if (vegaSpec) out.vegaSpec = vegaSpec;
  return out;
}

/** Rows as objects keyed by column name: the shape Vega-Lite's inline data wants. */
export function rowsAsObjects(result: SqlResult): Record<string, unknown>[] {
  return result.rows.map((row) => {
    const object: Record<string, unknown> = {};
    result.columns.forEach((column, index) => {
      object[column.name] = row[index];
    });
    return object;
  });
}

function errorText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.message === 'string') return value.message;
  return JSON.stringify(value);
}

/** A new, empty turn for a question. */
export function newTurn(question: string): Turn {
  return { question, steps: [], status: 'streaming' };
}

/** What a message changed, so the renderer can update only that part. */
export type Change =
  | { kind: 'chat'; chatId: string }
  | { kind: 'step'; step: Step; added: boolean }
  | { kind: 'final' }
  | { kind: 'status' }
  | { kind: 'none' };

function findStep<K extends Step['kind']>(
  turn: Turn,
  id: string,
  kind: K,
): Extract<Step, { kind: K }> | undefined {
  return turn.steps.find((step): step is Extract<Step, { kind: K }> => step.id === id && step.kind === kind);
}

function applyTool(turn: Turn, message: WireMessage, call: WireToolCall): Change {
  let step = findStep(turn, message.id, 'tool');
  const added = !step;
  if (!step) {
    step = { kind: 'tool', id: message.id, name: call.name, status: 'running', input: {} };
    turn.steps.push(step);
  }
  if (call.input !== undefined) step.input = parsePayload(call.input);
  if (call.result !== undefined && message.isInProcess !== true) {
    const result = parsePayload(call.result);
    step.result = result;
    if (result.error !== undefined) {
      step.status = 'failed';
      step.error = errorText(result.error);
    } else {
      step.status = 'done';
      if (isSqlTool(call.name)) step.sql = toSqlResult(result, step.input);
    }
  }
  return { kind: 'step', step, added };
}

function applyText(turn: Turn, message: WireMessage): Change {
  let step = findStep(turn, message.id, 'text');
  const added = !step;
  if (!step) {
    step = { kind: 'text', id: message.id, content: '', thinking: '', inProcess: true };
    turn.steps.push(step);
  }
  if (message.isDelta === true) {
    step.content += message.content ?? '';
    step.thinking += message.thinking ?? '';
  } else {
    if (message.content !== undefined) step.content = message.content;
    if (message.thinking !== undefined) step.thinking = message.thinking;
  }
  step.inProcess = message.isInProcess ?? message.isDelta === true;
  return { kind: 'step', step, added };
}

function applyState(turn: Turn, state: Record<string, unknown>): Change {
  const status = state.status;
  if (status === 'completed' || status === 'aborted' || status === 'error') turn.status = status;
  else turn.status = 'completed';
  if (turn.status === 'error') {
    const reason = state.error ?? state.message;
    turn.error = reason === undefined ? 'The assistant could not finish this answer.' : errorText(reason);
  }
  for (const step of turn.steps) {
    if (step.kind === 'tool' && step.status === 'running' && turn.status !== 'completed') {
      step.status = 'failed';
      step.error = turn.status === 'aborted' ? 'Stopped' : 'Not finished';
    }
    if (step.kind === 'text') step.inProcess = false;
  }
  return { kind: 'status' };
}

/**
 * Folds one streamed message into the turn (mutating it) and says what changed. User echoes and
 * replayed messages of earlier turns are ignored by the caller's choice of turn.
 */
export function applyMessage(turn: Turn, message: WireMessage): Change {
  if (message.id === FRAME.cutoff) {
    const chatId = message.state?.chatId;
    if (typeof chatId !== 'string') return { kind: 'none' };
    turn.chatId = chatId;
    return { kind: 'chat', chatId };
  }
  if (message.id === FRAME.state) return applyState(turn, message.state ?? {});
  // The end frames after `__state__` name what went wrong; the last reason given is the one shown.
  if (message.id === '' || message.id === FRAME.suspended) {
    if (typeof message.error !== 'string' || turn.status === 'completed') return { kind: 'none' };
    if (turn.status === 'streaming') turn.status = 'error';
    turn.error = message.error;
    return { kind: 'status' };
  }
  if (message.id.startsWith('__')) return { kind: 'none' };
  if (message.role !== 'assistant') return { kind: 'none' };
  const path = message.graphPath ?? [];
  if (path[0] === 'final' && path.length <= 2) {
    turn.final =
      message.isDelta === true ? (turn.final ?? '') + (message.content ?? '') : (message.content ?? '');
    return { kind: 'final' };
  }
  if (message.toolCall) return applyTool(turn, message, message.toolCall);
  if (message.content === undefined && message.thinking === undefined) return { kind: 'none' };
  return applyText(turn, message);
}

/** The text step whose content is being streamed as the answer (the last one, if no tool call followed). */
export function streamingText(turn: Turn): TextStep | undefined {
  const last = turn.steps.at(-1);
  return last?.kind === 'text' ? last : undefined;
}
