/**
 * The previous answer's change asked in another unit (issue 29, period over period): "and as a percentage?", "in
 * percent?", "what's that as % change?", "how much is that up or down in dollars for each?" after a comparison of
 * periods ("revenue per quarter of 2025 vs the same quarter of 2024", "2025 orders by region vs 2024") or a change of
 * each period against the one before. The same rows keep their periods and take the change in the unit named (a
 * comparison without one takes it). Read only when the follow-up names nothing else: each word is a unit, a pointer
 * back at the answer, or a word of the change itself; "as a percent of the total" stays a share (share-parts.ts).
 */
import type { Plan } from './plan';

const PERCENT = new Set(['percent', 'percentage', 'percentages', 'pct', 'percents']);
const MONEY = new Set(['dollars', 'dollar', 'usd', 'bucks']);
const DOLLARS = new Set([...MONEY, 'absolute', 'amount', 'amounts', 'numbers', 'number']);
/** Words that point back, link, or name the change itself ("what's that as % change", "up or down"). */
const LEANING = new Set(
  (
    'and so ok okay now then also too same what whats is was are were that this it those these them ' +
    'as in a an the of for each every one show give me please pls plz terms ' +
    'change changes difference differences growth up or down how much did they move moved'
  ).split(' '),
);

/**
 * The previous plan with its change in the unit the follow-up asks (`raws`: its words; `question`: its text, where
 * "$" is said), or undefined unless it asks only that of a comparison of periods or a change over the grain.
 */
export function changeInUnit(previous: Plan, raws: readonly string[], question: string): Plan | undefined {
  const percent = raws.some((w) => PERCENT.has(w)) || /%/.test(question);
  const dollars = raws.some((w) => DOLLARS.has(w)) || /\$/.test(question);
  if (percent === dollars) return undefined;
  if (!raws.every((w) => LEANING.has(w) || PERCENT.has(w) || DOLLARS.has(w))) return undefined;
  // (A ranked, shared, filtered-by-bound or statistical answer keeps its own readers: follow-up.ts.)
  if (previous.top || previous.share || previous.having || previous.percentile || previous.perGroup)
    return undefined;
  const compared = (previous.compare?.length ?? 0) >= 2;
  const stepped =
    previous.change !== undefined && previous.grain !== undefined && previous.range !== undefined;
  if (!compared && !stepped) return undefined;
  // ("in dollars" of a count is no amount of money: left to the readers that refuse it.)
  const money = raws.some((w) => MONEY.has(w)) || /\$/.test(question);
  if (money && previous.measures.some((m) => m.format !== 'currency')) return undefined;
  return { ...previous, change: { ...previous.change, rank: percent ? 'percent' : 'absolute' } };
}
