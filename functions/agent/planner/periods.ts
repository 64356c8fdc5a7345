/**
 * Period words that repeat what a reading already has (issue 29; docs/analyst.md, "Period over period"):
 * "monthly orders ... for each month", "quarterly revenue by quarter", "the % change vs the month before" once
 * the grain is the month. The repeat names the same breakdown again, so it is read, not refused as unknown.
 */
import type { Grain, Token } from './plan';
import { GRAIN_STEMS } from './top-per-group';

const BEFORE_REPEAT = new Set(['each', 'per', 'every', 'by', 'the', 'a']);
const AFTER_REPEAT = new Set(['before', 'prior', 'previous', 'earlier']);

/** Claims a grain word naming the grain already read ("for each month" after "monthly"). */
export function claimRepeatedGrain(tokens: Token[], grain: Grain | undefined): void {
  if (!grain) return;
  const read = tokens.some((t) => t.used && GRAIN_STEMS[t.stem] === grain);
  if (!read) return;
  tokens.forEach((t, i) => {
    if (t.used || GRAIN_STEMS[t.stem] !== grain) return;
    const before = tokens[i - 1]?.raw ?? '';
    const after = tokens[i + 1]?.raw ?? '';
    if (BEFORE_REPEAT.has(before) && (before !== 'the' || AFTER_REPEAT.has(after))) t.used = true;
  });
}
