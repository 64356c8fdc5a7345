/** Helpers for the chat tests: NDJSON streams read line by line over real HTTP. */
export interface Line {
  id: string;
  role: string;
  sort: number;
  content?: string;
  thinking?: string;
  graphPath?: string[];
  isDelta?: boolean;
  isInProcess?: boolean;
  toolCall?: { name: string; input: string; result?: string };
  state?: {
    chatId?: string;
    status?: string;
    isStreaming?: boolean;
    reason?: string;
    messages?: Record<string, unknown>[];
  };
  /** Cube's end-of-run frames: `__aborted__`, `__suspended__`, `__usage__` and the id-less `{"error"}` line. */
  type?: string;
  code?: string;
  error?: string;
  retryable?: boolean;
  messageId?: string;
  usage?: {
    models: string[];
    llmCalls: number;
    inputTokens: number;
    outputTokens: number;
    cacheWriteTokens: number;
    cacheReadTokens: number;
    totalTokens: number;
  };
}

export interface Auth {
  key?: string;
  bearer?: string;
  /** `X-Cube-Auth-Token`: a Cube token. */
  cubeToken?: string;
}

export const chatUrl = (baseUrl: string, account = 'demo', agentId = '1') =>
  `${baseUrl}/api/v1/public/${account}/agents/${agentId}/chat`;

const headersFor = (auth: Auth): Record<string, string> => ({
  'content-type': 'application/json',
  ...(auth.key ? { authorization: `Api-Key ${auth.key}` } : {}),
  ...(auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {}),
  ...(auth.cubeToken ? { 'x-cube-auth-token': auth.cubeToken } : {}),
});

/** An open chat stream: lines arrive as the server writes them. */
export interface OpenStream {
  status: number;
  headers: Headers;
  /** The JSON error body when the status is not 200. */
  error?: { error: string; code: string };
  /** The next line, or undefined at the end of the stream. */
  next(): Promise<Line | undefined>;
  /** Every remaining line. */
  rest(): Promise<Line[]>;
  /** Drops the connection (a client that leaves). */
  close(): void;
}

/** Starts a chat request and returns as soon as the status line arrives. */
export async function openStream(url: string, body: unknown, auth: Auth): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/stream-chat-state`, {
    method: 'POST',
    headers: headersFor(auth),
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    const error = (await response.json()) as { error: string; code: string };
    return {
      status: response.status,
      headers: response.headers,
      error,
      next: async () => undefined,
      rest: async () => [],
      close: () => undefined,
    };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const next = async (): Promise<Line | undefined> => {
    for (;;) {
      const at = buffer.indexOf('\n');
      if (at >= 0) {
        const text = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        return JSON.parse(text) as Line;
      }
      if (done) return undefined;
      const chunk = await reader.read();
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    status: 200,
    headers: response.headers,
    next,
    async rest() {
      const lines: Line[] = [];
      for (let line = await next(); line; line = await next()) lines.push(line);
      return lines;
    },
    close() {
      done = true;
      controller.abort();
      reader.cancel().catch(() => undefined);
    },
  };
}

/** A whole chat request: status and every line (or the error body). */
export async function chat(url: string, body: unknown, auth: Auth) {
  const stream = await openStream(url, body, auth);
  return { status: stream.status, headers: stream.headers, error: stream.error, lines: await stream.rest() };
}

/** Reads lines until one matches, returning it (and everything read so far). */
export async function readUntil(stream: OpenStream, match: (line: Line) => boolean): Promise<Line[]> {
  const seen: Line[] = [];
  for (let line = await stream.next(); line; line = await stream.next()) {
    seen.push(line);
    if (match(line)) return seen;
  }
  throw new Error(`stream ended before the expected line; got ${seen.map((l) => l.id).join(', ')}`);
}

/** POST .../stream-chat-state/abort. */
export async function abort(url: string, body: unknown, auth: Auth, path = '/stream-chat-state/abort') {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: headersFor(auth),
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as { code?: string }) : undefined };
}

export const finals = (lines: Line[]) =>
  lines.filter(
    (l) => l.role === 'assistant' && l.graphPath?.[0] === 'final' && (l.graphPath?.length ?? 0) <= 2,
  );

/** The last `__state__` line (the turn's end; Cube's end frames follow it). */
export const stateLineOf = (lines: Line[]) => lines.findLast((line) => line.id === '__state__');
export const stateOf = (lines: Line[]) => stateLineOf(lines)?.state;

/** The lines before the turn's end frames (`__state__` and what follows it). */
export const beforeEnd = (lines: Line[]) => {
  const state = lines.findLastIndex((line) => line.id === '__state__');
  return state < 0 ? lines : lines.slice(0, state);
};

/** The ids of the end frames, in order (`error` for Cube's id-less error line). */
export const endIds = (lines: Line[]) =>
  lines.slice(beforeEnd(lines).length).map((line) => (line.id === undefined ? 'error' : line.id));

/** The end frames contract §6 gives a turn that ended with this status. */
export const expectedEnd = (status: string, suspended = false) => [
  '__state__',
  ...(status === 'aborted' ? ['__aborted__'] : []),
  ...(status === 'error' && suspended ? ['__suspended__'] : []),
  ...(status === 'error' ? ['error'] : []),
  '__usage__',
];

let counter = 0;
/** A fresh external id per test, so users and threads never collide. */
export const uniqueUser = (prefix = 'chat') => `${prefix}-${Date.now().toString(36)}-${counter++}`;
