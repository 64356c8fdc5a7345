import { createHash } from 'node:crypto';
import type { ModelRequest } from '../types';

/** Bedrock keeps a cached prefix five minutes after its last use. */
const TTL_MS = 5 * 60_000;
/** Below this many tokens a cache point caches nothing (Claude Sonnet's minimum; Haiku's is larger). */
const MIN_TOKENS = 1_024;
const cache = new Map<string, number>();

const tokens = (characters: number) => Math.ceil(characters / 4);
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The input tokens of one request as Bedrock's prompt cache would bill them, estimated for the offline planner
 * (which calls no model) so the eval can report the effect of caching on the same runs: cache points where the
 * Bedrock provider puts them (after the tools and system prompt, the earlier turns, the step's input), the
 * longest prefix cached within five minutes read, the rest up to the last cache point written. Tokens are
 * characters / 4, as the offline usage counts them.
 */
export function estimateCachedInput(
  request: ModelRequest,
  now = Date.now(),
): { inputTokens: number; cacheReadTokens: number; cacheWriteTokens: number } {
  const head = JSON.stringify(request.tools) + request.system;
  const parts = request.messages.map((m) => JSON.stringify(m));
  const stable = Math.min(request.stablePrefix ?? 0, parts.length);
  const prefixes = [...new Set([0, stable, parts.length])].map((n) => head + parts.slice(0, n).join(''));
  const points = prefixes.filter((text) => tokens(text.length) >= MIN_TOKENS);
  const total = tokens(head.length + parts.join('').length);
  for (const [key, expires] of cache) if (expires <= now) cache.delete(key);
  const last = points.at(-1);
  if (last === undefined) return { inputTokens: total, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const hit = [...points].reverse().find((text) => cache.has(hash(text)));
  const read = hit ? tokens(hit.length) : 0;
  const written = tokens(last.length) - read;
  for (const text of points) cache.set(hash(text), now + TTL_MS);
  return { inputTokens: total - read - written, cacheReadTokens: read, cacheWriteTokens: written };
}
