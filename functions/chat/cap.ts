import type { StoredLine } from '../store/threads';

/**
 * The most one chat line may hold, as JSON. A DynamoDB item holds 400 KB; the line is one attribute of it,
 * next to the keys and a few numbers. Lines are capped before they are streamed, so what the client sees is
 * exactly what replay returns later.
 */
export const MAX_LINE_BYTES = 256 * 1024;

const bytes = (line: StoredLine) => Buffer.byteLength(JSON.stringify(line), 'utf8');

const parseObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

interface ToolCall {
  name?: unknown;
  input?: unknown;
  result?: unknown;
}

const toolCallOf = (line: StoredLine): ToolCall | undefined =>
  line.toolCall && typeof line.toolCall === 'object' ? (line.toolCall as ToolCall) : undefined;

const withResult = (line: StoredLine, result: string): StoredLine => ({
  ...line,
  toolCall: { ...toolCallOf(line), result },
});

/** A query result keeps its first rows (as many as fit) and says how many it kept. */
function shortenRows(line: StoredLine, maxBytes: number): StoredLine | undefined {
  const result = toolCallOf(line)?.result;
  const parsed = typeof result === 'string' ? parseObject(result) : undefined;
  const data = parsed?.data;
  if (!parsed || !Array.isArray(data)) return undefined;
  const total = typeof parsed.totalRows === 'number' ? parsed.totalRows : data.length;
  const build = (kept: number) =>
    withResult(
      line,
      JSON.stringify({
        ...parsed,
        data: data.slice(0, kept),
        shortened: `Shortened to ${kept} of ${total} rows: the full result is too large to keep in the conversation.`,
      }),
    );
  // The largest row count that fits (binary search: a few serialisations, not one per row).
  let low = 0;
  let high = data.length - 1;
  if (bytes(build(0)) > maxBytes) return undefined;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (bytes(build(mid)) <= maxBytes) low = mid;
    else high = mid - 1;
  }
  return build(low);
}

/** Cuts a text to at most `room` UTF-8 bytes, ending with a note of what was dropped. */
function cutText(text: string, room: number): string {
  const note = `\n\n[Shortened: the full text (${Buffer.byteLength(text)} bytes) is too large to keep in the conversation.]`;
  const keep = Math.max(0, room - Buffer.byteLength(note));
  let cut = Buffer.from(text, 'utf8').subarray(0, keep).toString('utf8');
  // A multi-byte character split at the boundary decodes as U+FFFD: drop it.
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return `${cut}${note}`;
}

/**
 * The line as it may be streamed and stored: unchanged when it fits `maxBytes`; otherwise a query result keeps
 * the rows that fit, and any other long text (answer, reasoning, tool input or result) is cut, each with a
 * note saying it was shortened.
 */
export function capLine(line: StoredLine, maxBytes = MAX_LINE_BYTES): StoredLine {
  const size = bytes(line);
  if (size <= maxBytes) return line;
  const rows = shortenRows(line, maxBytes);
  if (rows) return rows;
  let capped: StoredLine = line;
  const result = toolCallOf(line)?.result;
  if (typeof result === 'string' && Buffer.byteLength(result) > 1024) {
    capped = withResult(
      capped,
      JSON.stringify({
        shortened: `The tool result (${Buffer.byteLength(result)} bytes) is too large to keep in the conversation.`,
      }),
    );
  }
  // Then the longest texts, longest first, until the line fits.
  for (let round = 0; round < 4 && bytes(capped) > maxBytes; round += 1) {
    const excess = bytes(capped) - maxBytes;
    const call = toolCallOf(capped);
    const fields: { size: number; apply: (room: number) => StoredLine }[] = [];
    for (const field of ['content', 'thinking'] as const) {
      const text = capped[field];
      if (typeof text === 'string') {
        const base = capped;
        fields.push({
          size: Buffer.byteLength(text),
          apply: (room) => ({ ...base, [field]: cutText(text, room) }),
        });
      }
    }
    if (call && typeof call.input === 'string') {
      const input = call.input;
      const base = capped;
      fields.push({
        size: Buffer.byteLength(input),
        apply: (room) => ({ ...base, toolCall: { ...call, input: cutText(input, room) } }),
      });
    }
    const longest = fields.sort((a, b) => b.size - a.size)[0];
    if (!longest) break;
    // JSON escaping can make the text longer on the wire than in bytes: leave a margin.
    capped = longest.apply(Math.max(0, Math.floor((longest.size - excess) * 0.9) - 256));
  }
  return capped;
}
